/*
 * check_oom.c: every part of libdlx that allocates (the core, Knuth's text
 * reader, the sudoku builder, reader, variants and generator, the logic
 * solver) when memory runs out.
 *
 * Each takes its memory from a struct dlx_allocator (dlx.h,
 * "Constructors"), so the test hands them one that counts the calls,
 * fails the k-th, and counts the blocks live.  Each scenario runs once to
 * count its allocations, n, then once for every k in 1..n: the failure
 * must come back as DLX_ENOMEM (never a crash, never another error, never
 * success), and once everything is freed no block may be left.  Nothing
 * replaces malloc, so the test runs under AddressSanitizer too, which
 * then checks the library's frees as well.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "dlx.h"
#include "lib/drive/part_impl.h"
#include "lib/sudoku/sudoku_model.h"
#include "dlx_part.h"
#include "dlx_text.h"
#include "dlx_sudoku.h"
#include "dlx_sudoku_gen.h"
#include "dlx_logic.h"
#include "dlx_sudoku.h"

static long	calls;		/* allocating calls */
static long	fail_at;	/* the call that fails; 0: none */
static long	live;		/* blocks allocated, not freed */

static void *
failing_realloc(void *ctx, void *p, size_t n)
{
	void	*q;

	(void)ctx;
	/* Atomic: the parallel search allocates from its threads. */
	if (__atomic_add_fetch(&calls, 1, __ATOMIC_SEQ_CST) == fail_at)
		return NULL;
	if ((q = realloc(p, n)) != NULL && p == NULL)
		__atomic_add_fetch(&live, 1, __ATOMIC_SEQ_CST);
	return q;
}

static void
counting_free(void *ctx, void *p)
{
	(void)ctx;
	if (p != NULL)
		__atomic_sub_fetch(&live, 1, __ATOMIC_SEQ_CST);
	free(p);
}

static const struct dlx_allocator failing = {
	failing_realloc, counting_free, NULL
};

#define EXPECT(c)	ck_assert(c)

/* A scenario: returns DLX_OK, or the error it met (all freed). */
/* The plain search's count of d, at most max, on one thread: dlx_run()
 * with the cache off (the cache's own allocations are tested apart). */
static int
ck_count(dlx *d, uint64_t max, uint64_t *count)
{
	struct dlx_request	rq;
	struct dlx_result	res;
	int			rc;

	memset(&rq, 0, sizeof rq);
	rq.max_solutions = max;
	rq.memo = DLX_MEMO_NEVER;
	rq.threads = 1;
	rc = dlx_run(d, &rq, &res);
	*count = res.count.lo;
	return rc;
}

typedef int scenario_fn(void);

static const char knuth_colors[] =
    "| Knuth's DLX2 example, and more options to make arrays grow\n"
    "p q r | x y\n"
    "p q x y:A\n"
    "p r x:A y\n"
    "p x:B\n"
    "q x:A\n"
    "r y:B\n"
    "x:C\n";

/* Read a problem of many names and options, search it, free it. */
static int
text_scenario(void)
{
	struct dlx_error	 err;
	dlx_text		*t;
	char			*buf, *p;
	uint64_t		 count;
	int			 k, rc;

	struct dlx_text_options	 opt;

	memset(&opt, 0, sizeof opt);
	opt.alloc = &failing;
	/* 300 items and 600 options: every table grows a few times. */
	buf = malloc(64 * 1024);
	ck_assert_ptr_nonnull(buf);
	p = buf + sprintf(buf, "a0");
	for (k = 1; k < 300; k++)
		p += sprintf(p, " a%d", k);
	p += sprintf(p, " | s0 s1\n");
	for (k = 0; k < 600; k++)
		p += sprintf(p, "a%d a%d s%d:c%d\n", k % 300, (k + 1) % 300,
		    k % 2, k % 7);
	rc = dlx_text_read_mem(&t, buf, (size_t)(p - buf), &opt, &err);
	if (rc != DLX_OK) {
		EXPECT(rc == DLX_ENOMEM && err.code == rc);
		EXPECT(strcmp(err.message, dlx_strerror(DLX_ENOMEM)) == 0);
	} else {
		rc = ck_count(dlx_text_dlx(t), 0, &count);
		EXPECT(rc == DLX_OK);
		dlx_text_free(t);
	}
	/* Knuth's example: one solution. */
	if (rc == DLX_OK) {
		rc = dlx_text_read_mem(&t, knuth_colors,
		    sizeof knuth_colors - 1, &opt, &err);
		if (rc != DLX_OK) {
			EXPECT(rc == DLX_ENOMEM && err.code == rc);
		} else {
			EXPECT(ck_count(dlx_text_dlx(t), 0, &count) ==
			    DLX_OK);
			EXPECT(count == 1);
			dlx_text_free(t);
		}
	}
	free(buf);
	return rc;
}

/* Build the 4x4 and 6x6 matrices, read and solve puzzles, free all. */
static int
sudoku_scenario(void)
{
	static const char	 text[] =
	    "# a 4x4, a grid, a bad line, a 6x6\n"
	    "1...............\n"
	    "\n"
	    ". 2 | . .\n"
	    ". . | . .\n"
	    "----+----\n"
	    ". . | . .\n"
	    ". . | . 1\n"
	    "\n"
	    "12345\n"
	    "..2|...\n...|.64\n---+---\n5..|.2.\n.3.|...\n"
	    "---+---\n...|5..\n.4.|...\n";
	static char		 iobuf[256];
	struct dlx_sudoku_reader_options o;
	struct dlx_sudoku_options so;
	struct dlx_sudoku_puzzle p;
	struct dlx_error	 e;
	dlx_sudoku_reader	*r = NULL;
	dlx_sudoku		*s4 = NULL, *s6 = NULL, *s;
	uint64_t		 count;
	FILE			*fp;
	int			 rc, got, npuzzles;

	fp = fmemopen((void *)(uintptr_t)text, sizeof text - 1, "r");
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(setvbuf(fp, iobuf, _IOFBF, sizeof iobuf), 0);
	memset(&o, 0, sizeof o);
	o.alloc = &failing;
	memset(&so, 0, sizeof so);
	so.alloc = &failing;
	if ((rc = dlx_sudoku_new(&s4, 2, 2, &so)) != DLX_OK) {
		EXPECT(s4 == NULL);
		goto out;
	}
	if ((rc = dlx_sudoku_new(&s6, 2, 3, &so)) != DLX_OK) {
		EXPECT(s6 == NULL);
		goto out;
	}
	if ((rc = dlx_sudoku_reader_new(&r, fp, &o)) != DLX_OK) {
		EXPECT(r == NULL);
		goto out;
	}
	npuzzles = 0;
	while ((got = dlx_sudoku_read(r, &p, &e)) != DLX_SUDOKU_EOF) {
		EXPECT(got == DLX_SUDOKU_PUZZLE || got == DLX_SUDOKU_BAD);
		if (got != DLX_SUDOKU_PUZZLE)
			continue;
		npuzzles++;
		s = p.n == 4 ? s4 : s6;
		EXPECT(dlx_sudoku_set_givens(s, p.cells, NULL, NULL) == DLX_OK);
		EXPECT(ck_count(dlx_sudoku_matrix(s), 0, &count) == DLX_OK);
		EXPECT(count > 0);
		dlx_sudoku_clear(s);
	}
	EXPECT(npuzzles == 3);
	rc = DLX_OK;
out:
	EXPECT(rc == DLX_OK || rc == DLX_ENOMEM);
	dlx_sudoku_reader_free(r);
	dlx_sudoku_free(s4);
	dlx_sudoku_free(s6);
	fclose(fp);
	return rc;
}

/* The logic solver on a puzzle its rules leave stuck, finished by its
 * search. */
static int
logic_scenario(void)
{
	/* An empty 4x4 grid: no rule applies, the search finds two
	 * solutions and stops. */
	int			 grid[16] = { 1 }, sol[16];
	struct dlx_logic_result	 res;
	struct dlx_logic_options lo;
	dlx_logic		*lg = NULL;
	int			 rc;

	memset(&lo, 0, sizeof lo);
	lo.alloc = &failing;
	if ((rc = dlx_logic_new(&lg, 2, 2, &lo)) != DLX_OK) {
		EXPECT(lg == NULL);
		return rc;
	}
	EXPECT(dlx_logic_load(lg, grid) == DLX_OK);
	EXPECT(dlx_logic_run(lg, NULL, NULL, NULL) == DLX_LOGIC_STUCK);
	rc = dlx_logic_search(lg, NULL, sol, &res);
	EXPECT(rc == DLX_OK || rc == DLX_ENOMEM);
	if (rc == DLX_OK)
		EXPECT(res.solutions == 2);
	dlx_logic_free(lg);
	return rc;
}

/* A killer variant built, and a few puzzles generated with a grade. */
static int
variant_scenario(void)
{
	struct dlx_sudoku_gen_options	 go;
	struct dlx_sudoku_genpuzzle	 gp;
	struct dlx_sudoku_variant	 v;
	struct dlx_sudoku_options	 so;
	dlx_sudoku_gen			*g = NULL;
	dlx_sudoku			*s = NULL;
	int				 cages[16], sums[8], k, rc;

	memset(&v, 0, sizeof v);
	v.n = 4;
	v.boxr = v.boxc = 2;
	v.extras = DLX_SUDOKU_DIAGONALS;
	/* Dominoes across each row: cages of two cells. */
	for (k = 0; k < 16; k++)
		cages[k] = k / 2;
	v.ncages = 8;
	v.cages = cages;
	/* The x-sudoku 1234/3412/2143/4321 fixes the sums. */
	sums[0] = 3; sums[1] = 7; sums[2] = 7; sums[3] = 3;
	sums[4] = 3; sums[5] = 7; sums[6] = 7; sums[7] = 3;
	v.sums = sums;
	memset(&so, 0, sizeof so);
	so.alloc = &failing;
	so.variant = &v;
	if ((rc = dlx_sudoku_new(&s, 2, 2, &so)) != DLX_OK)
		return rc;
	dlx_sudoku_free(s);
	memset(&go, 0, sizeof go);
	go.boxr = go.boxc = 2;
	go.grade = DLX_LOGIC_GRADE_SINGLES;
	go.seed = 1;
	go.alloc = &failing;
	if ((rc = dlx_sudoku_gen_new(&g, &go)) != DLX_OK)
		return rc;
	for (k = 0; k < 3 && rc == DLX_OK; k++)
		rc = dlx_sudoku_gen_next(g, &gp);
	dlx_sudoku_gen_free(g);
	return rc;
}

/* Queens n as a matrix: rows and columns, the diagonals secondary;
 * NULL if the allocator failed. */
static dlx *
queens(int n)
{
	dlx	*d;
	int	 r, c, it[4];

	if (dlx_new(&d, 2 * (size_t)n, 4 * (size_t)n - 2,
	    &(struct dlx_options){ .alloc = &failing }) != DLX_OK)
		return NULL;
	for (r = 0; r < n; r++)
		for (c = 0; c < n; c++) {
			it[0] = r;
			it[1] = n + c;
			it[2] = 2 * n + r + c;
			it[3] = 2 * n + (2 * n - 1) + (n - 1 - r + c);
			/* The option's number, or an error (< 0). */
			if (dlx_add_option(d, it, 4) < 0) {
				dlx_free(d);
				return NULL;
			}
		}
	return d;
}

/* A part of a split, split again, searched to its end, written as text
 * and read back: the splits, the position and the parse all allocate
 * through the allocator (the text and the program string are the
 * caller's). */
static int
parts_scenario(void)
{
	dlx_pos		*pos = NULL, *back = NULL, *subs[3] = { NULL };
	char		*text = NULL, *prog = NULL;
	size_t		 len;
	dlx		*d;
	int		 rc, k;

	if ((d = queens(6)) == NULL)
		return DLX_ENOMEM;
	if ((rc = dlx_split_part(d, 2, 3, &pos)) != DLX_OK)
		goto out;
	if ((rc = dlx_pos_split(d, pos, 3, subs)) != DLX_OK)
		goto out;
	for (k = 0; k < 3; k++)
		dlx_pos_free(subs[k]);
	if ((rc = dlx_pos_split_part(d, pos, 2, 3, &subs[0])) != DLX_OK)
		goto out;
	dlx_pos_free(subs[0]);
	if ((rc = dlxi_pos_search(d, pos, NULL)) != DLX_OK)
		goto out;
	if ((rc = dlx_pos_format(pos, "check_oom", &text, &len)) != DLX_OK)
		goto out;
	rc = dlx_pos_parse(text, len, &back, &prog,
	    &(struct dlx_pos_options){ .alloc = &failing }, NULL);
out:
	free(text);
	free(prog);
	dlx_pos_free(back);
	dlx_pos_free(pos);
	dlx_free(d);
	return rc;
}

/* The setter's questions on a 4x4 with 3 solutions: the table by
 * enumeration and by counts, and unique_by. */
static int
cands_scenario(void)
{
	static const int	 cells[16] = { 1, 0, 0, 0, 0, 0, 2, 0,
					       0, 0, 3, 0, 0, 0, 0, 0 };
	struct dlx_sudoku_placement pl[64];
	struct dlx_sudoku_options so;
	struct dlx_wide		 counts[64], total;
	dlx_sudoku		*s;
	size_t			 np;
	int			 rc;

	memset(&so, 0, sizeof so);
	so.alloc = &failing;
	if ((rc = dlx_sudoku_new(&s, 2, 2, &so)) != DLX_OK)
		return rc;
	if ((rc = dlx_sudoku_set_givens(s, cells, NULL, NULL)) == DLX_OK &&
	    (rc = dlx_sudoku_unique_by(s, NULL, pl, 64, &np, &total)) ==
	    DLX_OK)
		rc = sm_candidate_counts(s, NULL, counts, &total, 1, 0, 0);
	if (rc == DLX_OK && (total.lo != 3 || np != 9))
		rc = DLX_ECORRUPT;
	dlx_sudoku_free(s);
	return rc;
}

/* The canonical form of a puzzle whose candidates grow to hundreds (five
 * digits in a row: their relabellings tie). */
static int
canon_scenario(void)
{
	struct dlx_sudoku_canon_options	 co;
	dlx_sudoku_canon		*c = NULL;
	int				 cells[81] = { 0 }, out[81], i, rc;
	uint64_t			 naut = 0;

	memset(&co, 0, sizeof co);
	co.alloc = &failing;
	if ((rc = dlx_sudoku_canon_new(&c, &co)) != DLX_OK) {
		EXPECT(c == NULL);
		return rc;
	}
	for (i = 0; i < 5; i++)
		cells[36 + i] = i + 1;
	for (i = 0; i < 81; i++)
		out[i] = -1;
	rc = dlx_sudoku_canon_run(c, cells, out, NULL, &naut);
	if (rc == DLX_ENOMEM)
		/* Nothing written on failure. */
		for (i = 0; i < 81; i++)
			EXPECT(out[i] == -1);
	else {
		EXPECT(rc == DLX_OK);
		EXPECT(naut == 10368);
		EXPECT(out[80] == 5);
	}
	dlx_sudoku_canon_free(c);
	return rc;
}

/* Knuth's estimate (dlx_estimate()) of his example from "Dancing
 * Links", built on the failing allocator: DLX_ENOMEM from any failure,
 * the matrix left as it was. */
static int
estimate_scenario(void)
{
	static const int	 opts[6][3] = {
		{ 2, 4, 5 }, { 0, 3, 6 }, { 1, 2, 5 }, { 0, 3, -1 },
		{ 1, 6, -1 }, { 3, 4, 6 }
	};
	struct dlx_options	 o;
	struct dlx_estimate	 e;
	dlx			*d = NULL;
	int			 k, rc;

	memset(&o, 0, sizeof o);
	o.alloc = &failing;
	if ((rc = dlx_new(&d, 7, 0, &o)) != DLX_OK)
		return rc;
	for (k = 0; k < 6; k++)
		if ((rc = dlx_add_option(d, opts[k], opts[k][2] < 0 ?
		    2 : 3)) < 0) {
			dlx_free(d);
			return rc;
		}
	rc = dlx_estimate(d, NULL, 50, 1, &e);
	if (rc == DLX_OK) {
		EXPECT(e.probes == 50 && e.nodes >= 1.0);
		EXPECT(e.solutions >= 0.0 && e.solutions_se >= 0.0);
	} else
		EXPECT(rc == DLX_ENOMEM);
	EXPECT(dlx_check(d) == DLX_OK && dlx_nforced(d) == 0);
	dlx_free(d);
	return rc;
}

static scenario_fn *const scenarios[] = {
	text_scenario, sudoku_scenario, logic_scenario, variant_scenario,
	parts_scenario, cands_scenario, canon_scenario, estimate_scenario
};

/* Fail each allocation of scenario _i in turn. */
START_TEST(test_oom_every_failure)
{
	scenario_fn	*fn = scenarios[_i];
	long		 n, k;

	fail_at = 0;
	calls = live = 0;
	ck_assert_int_eq(fn(), DLX_OK);
	ck_assert_int_eq(live, 0);
	n = calls;
	ck_assert_int_gt(n, 5);
	for (k = 1; k <= n; k++) {
		fail_at = k;
		calls = live = 0;
		ck_assert_msg(fn() == DLX_ENOMEM,
		    "allocation %ld of %ld failed unreported", k, n);
		ck_assert_msg(live == 0, "allocation %ld of %ld failed: "
		    "%ld blocks leaked", k, n, live);
	}
}
END_TEST



/* The parallel search takes its memory from the matrix's allocator too:
 * every allocation failing in turn gives DLX_OK with the right count or
 * DLX_ENOMEM, and never a leak.  (Which allocations a run makes depends
 * on the threads' timing, so each k is only known to be reached by the
 * run that counted.) */
START_TEST(test_oom_parallel)
{
	struct dlxi_parallel	 par;
	struct dlxi_search	 srch;
	struct dlx_stats	 st;
	long			 n, serial, k;
	dlx			*d;
	int			 rc;

	memset(&par, 0, sizeof par);
	par.threads = 3;
	par.split_updates = 64;
	memset(&srch, 0, sizeof srch);
	fail_at = 0;
	calls = live = 0;
	ck_assert_ptr_nonnull(d = queens(8));
	serial = calls;
	ck_assert_int_eq(dlxi_search_parallel(d, &srch, &par), DLX_OK);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, 92);
	n = calls;
	dlx_free(d);
	ck_assert_int_eq(live, 0);
	ck_assert_msg(n > serial, "the parallel search allocated nothing "
	    "through the allocator");
	for (k = serial + 1; k <= n; k++) {
		fail_at = 0;
		calls = live = 0;
		ck_assert_ptr_nonnull(d = queens(8));
		fail_at = k;
		rc = dlxi_search_parallel(d, &srch, &par);
		ck_assert_msg(rc == DLX_OK || rc == DLX_ENOMEM,
		    "allocation %ld: %s", k, dlx_strerror(rc));
		dlx_stats(d, &st);
		if (rc == DLX_OK)
			ck_assert_uint_eq(st.solutions, 92);
		dlx_free(d);
		ck_assert_msg(live == 0, "allocation %ld of %ld failed: "
		    "%ld blocks leaked", k, n, live);
	}
}
END_TEST

/* The split, the position and the parse allocate through the allocator,
 * not beside it: the scenario makes many more calls than its matrix. */
START_TEST(test_oom_parts_allocator)
{
	long	 matrix;
	dlx	*d;

	fail_at = 0;
	calls = live = 0;
	ck_assert_ptr_nonnull(d = queens(6));
	dlx_free(d);
	matrix = calls;
	calls = live = 0;
	ck_assert_int_eq(parts_scenario(), DLX_OK);
	ck_assert_int_eq(live, 0);
	ck_assert_msg(calls > matrix + 20, "%ld calls, %ld for the matrix",
	    calls, matrix);
}
END_TEST

static Suite *
make_oom_suite(void)
{
	Suite	*s = suite_create("oom");
	TCase	*tc = tcase_create("Core");

	/* Each scenario runs once per allocation it makes (the logic
	 * solver's some hundreds): a second natively, many under the
	 * sanitizers on a busy machine; Check's 4 s would fail them there. */
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_oom_every_failure, 0,
	    (int)(sizeof scenarios / sizeof scenarios[0]));
	tcase_add_test(tc, test_oom_parallel);
	tcase_add_test(tc, test_oom_parts_allocator);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr;
	int	 failed;

	sr = srunner_create(make_oom_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
