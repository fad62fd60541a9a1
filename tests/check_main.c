/*
 * check_main.c: the single Check runner.  It collects every suite of
 * check_dlx.h and fails unless every test passes.  CK_RUN_SUITE and
 * CK_RUN_CASE select a part; CK_FORK=no helps under gdb or valgrind.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"

const char *
test_data_path(const char *name)
{
	static char	 buf[4096];
	const char	*srcdir;

	/* automake's harness runs us from the build directory and does not
	 * export srcdir; top_srcdir comes from AM_TESTS_ENVIRONMENT.  Run by
	 * hand (under gdb or valgrind), it falls back on the source tree it
	 * was configured for. */
	if ((srcdir = getenv("top_srcdir")) == NULL)
		srcdir = TOP_SRCDIR;
	snprintf(buf, sizeof buf, "%s/tests/data/%s", srcdir, name);
	return buf;
}

int
ck_search(dlx *d, const struct dlx_request *rq)
{
	struct dlx_request	r;

	if (rq != NULL)
		r = *rq;
	else
		memset(&r, 0, sizeof r);
	r.memo = DLX_MEMO_NEVER;
	if (r.threads == 0)
		r.threads = 1;
	return dlx_run(d, &r, NULL);
}

/* ck_search() with visit, max_solutions and tree; the count into
 * *count. */
static int
plain(dlx *d, dlx_solution_fn *fn, void *arg, uint64_t max,
    enum dlx_tree tree, uint64_t *count)
{
	struct dlx_request	rq;
	struct dlx_stats	st;
	int			rc;

	memset(&rq, 0, sizeof rq);
	rq.visit = fn;
	rq.visit_arg = arg;
	rq.max_solutions = max;
	rq.tree = tree;
	rc = ck_search(d, &rq);
	if (count != NULL) {
		*count = 0;
		if (d != NULL && rc != DLX_EINVAL && rc != DLX_EMISUSE) {
			dlx_stats(d, &st);
			*count = st.solutions;
		}
	}
	return rc;
}

int
ck_solve(dlx *d, dlx_solution_fn *fn, void *arg, uint64_t *count)
{
	return plain(d, fn, arg, 0, DLX_TREE_DEFAULT, count);
}

int
ck_stop_now(void *arg, const struct dlx_stats *st)
{
	(void)st;
	++*(int *)arg;
	return 1;
}

int
ck_count(dlx *d, uint64_t max, uint64_t *count)
{
	return plain(d, NULL, NULL, max, DLX_TREE_DEFAULT, count);
}

int
knuth_solve(dlx *d, dlx_solution_fn *fn, void *arg, uint64_t *count)
{
	return plain(d, fn, arg, 0, DLX_KNUTH, count);
}

int
knuth_count(dlx *d, uint64_t max, uint64_t *count)
{
	return plain(d, NULL, NULL, max, DLX_KNUTH, count);
}

int
main(void)
{
	SRunner	*sr;
	int	 failed;

	sr = srunner_create(make_core_suite());
	srunner_add_suite(sr, make_search_suite());
	srunner_add_suite(sr, make_api_suite());
	srunner_add_suite(sr, make_random_suite());
	srunner_add_suite(sr, make_alloc_suite());
	srunner_add_suite(sr, make_text_suite());
	srunner_add_suite(sr, make_sudoku_suite());
	srunner_add_suite(sr, make_logic_suite());
	srunner_add_suite(sr, make_logic_patterns_suite());
	srunner_add_suite(sr, make_mult_suite());
	srunner_add_suite(sr, make_mult_drive_suite());
	srunner_add_suite(sr, make_parallel_suite());
	srunner_add_suite(sr, make_memo_suite());
	srunner_add_suite(sr, make_comp_suite());
	srunner_add_suite(sr, make_variant_suite());
	srunner_add_suite(sr, make_gen_suite());
	srunner_add_suite(sr, make_part_suite());
	srunner_add_suite(sr, make_estimate_suite());
	srunner_add_suite(sr, make_dispatch_suite());
	srunner_add_suite(sr, make_ckpt_suite());
	srunner_add_suite(sr, make_chains_suite());
	srunner_add_suite(sr, make_bits_suite());
	srunner_add_suite(sr, make_minimal_suite());
	srunner_add_suite(sr, make_marks_suite());
	srunner_add_suite(sr, make_cands_suite());
	srunner_add_suite(sr, make_canon_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
