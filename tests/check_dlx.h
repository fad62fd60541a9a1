/*
 * check_dlx.h: the Check suites of libdlx, all run by one runner
 * (check_main.c).  Each tests/check_<area>.c defines make_<area>_suite().
 */
#ifndef CHECK_DLX_H
#define CHECK_DLX_H

#include <check.h>
#include <stdint.h>
#include <stdio.h>

#include "dlx.h"

Suite	*make_core_suite(void);
Suite	*make_search_suite(void);
Suite	*make_api_suite(void);
Suite	*make_random_suite(void);
Suite	*make_alloc_suite(void);
Suite	*make_text_suite(void);
Suite	*make_sudoku_suite(void);
Suite	*make_logic_suite(void);
Suite	*make_logic_patterns_suite(void);
Suite	*make_mult_suite(void);
Suite	*make_mult_drive_suite(void);
Suite	*make_parallel_suite(void);
Suite	*make_memo_suite(void);
Suite	*make_comp_suite(void);
Suite	*make_variant_suite(void);
Suite	*make_gen_suite(void);
Suite	*make_part_suite(void);
Suite	*make_dispatch_suite(void);
Suite	*make_ckpt_suite(void);
Suite	*make_chains_suite(void);
Suite	*make_cands_suite(void);
Suite	*make_bits_suite(void);
Suite	*make_minimal_suite(void);
Suite	*make_marks_suite(void);
Suite	*make_canon_suite(void);
Suite	*make_estimate_suite(void);

/*
 * Path of a file under tests/data in the source tree (for VPATH builds and
 * distcheck); returns a static buffer overwritten by the next call.
 */
const char *test_data_path(const char *name);

/*
 * dlx_text_read_mem() and dlx_text_read() returning the problem, or NULL
 * on error, after checking the constructor's contract: DLX_OK exactly
 * when a problem was made, the out-argument unchanged on error, and
 * err->code (if err is not NULL) the code returned (check_text.c).
 */
struct dlx_text;
struct dlx_text_options;
struct dlx_text	*test_text_mem(const char *buf, size_t len,
		    const struct dlx_text_options *opt, struct dlx_error *err);
struct dlx_text	*test_text_file(FILE *fp, const struct dlx_text_options *opt,
		    struct dlx_error *err);

/*
 * dlx_logic_new() returning the solver, or NULL on error, after checking
 * the constructor's contract as test_text_mem() does (check_logic.c).
 */
struct dlx_logic;
struct dlx_logic *test_logic_new(int boxrows, int boxcols);

/*
 * The plain search of d as rq asks (NULL: count every solution): dlx_run()
 * on one thread with the cache off, so that the search's own figures
 * (nodes, updates, depth) and its order of solutions are those asserted.
 * Returns what dlx_run() returns.
 */
int	ck_search(dlx *d, const struct dlx_request *rq);

/*
 * ck_search() visiting every solution with fn (may be NULL), and counting
 * the solutions, stopping at max (0: no limit).  *count (may be NULL)
 * gets the solutions found (0 when the search was refused).
 */
int	ck_solve(dlx *d, dlx_solution_fn *fn, void *arg, uint64_t *count);

/* A progress callback that counts its calls in *(int *)arg and stops the
 * search at the first. */
int	ck_stop_now(void *arg, const struct dlx_stats *st);
int	ck_count(dlx *d, uint64_t max, uint64_t *count);

/* ck_count() and ck_solve() in Knuth's tree (struct dlx_request's tree),
 * for the tests that check his node and update figures. */
int	knuth_count(dlx *d, uint64_t max, uint64_t *count);
int	knuth_solve(dlx *d, dlx_solution_fn *fn, void *arg, uint64_t *count);

#endif /* CHECK_DLX_H */
