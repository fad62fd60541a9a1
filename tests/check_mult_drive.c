/*
 * check_mult_drive.c: item bounds (Algorithm M) under the drivers.  On
 * random small problems with bounds, colors and secondary items, and on
 * the bounded problems of tests/data, the plain serial count against a
 * brute force, against threads (2, 3, 8), the sum of the parts of every
 * N from 1 to 7, a checkpointed run stopped again and again and resumed
 * from the text of its position, and runs on threads and on one path by
 * turns, each stopped; solutions, nodes and updates alike.
 * The cache stays refused.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"
#include "dlx.h"
#include "dlx_part.h"
#include "dlx_text.h"
#include "problems.h"

struct fig {
	struct dlx_wide	 sol;
	uint64_t	 nodes;
	uint64_t	 updates;
};

/* The plain serial search's figures; 0 if d has no bounds (all 1..1),
 * then not Algorithm M's. */
static int
plain(dlx *d, struct fig *f)
{
	struct dlx_request	rq;
	struct dlx_result	res;

	memset(&rq, 0, sizeof rq);
	rq.threads = 1;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert_uint_eq(res.drivers, 0);
	f->sol = res.count;
	f->nodes = res.stats.nodes;
	f->updates = res.stats.updates;
	return res.engine == DLX_ENGINE_MULT;
}

static void
same(const struct fig *got, const struct fig *want, const char *what,
    uint64_t seed)
{
	ck_assert_msg(got->sol.hi == want->sol.hi &&
	    got->sol.lo == want->sol.lo, "%s, seed %" PRIu64 ": %" PRIu64
	    " solutions, serial %" PRIu64, what, seed, got->sol.lo,
	    want->sol.lo);
	ck_assert_msg(got->nodes == want->nodes, "%s, seed %" PRIu64
	    ": %" PRIu64 " nodes, serial %" PRIu64, what, seed, got->nodes,
	    want->nodes);
	ck_assert_msg(got->updates == want->updates, "%s, seed %" PRIu64
	    ": %" PRIu64 " updates, serial %" PRIu64, what, seed,
	    got->updates, want->updates);
}

static void
on_threads(dlx *d, const struct fig *want, unsigned nw, uint64_t seed)
{
	struct dlx_request	rq;
	struct dlx_result	res;
	struct fig		got;

	memset(&rq, 0, sizeof rq);
	rq.threads = nw;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert_int_eq(res.engine, DLX_ENGINE_MULT);
	ck_assert_uint_eq(res.threads, nw);
	ck_assert_uint_eq(res.drivers, DLX_DRIVE_THREADS);
	got.sol = res.count;
	got.nodes = res.stats.nodes;
	got.updates = res.stats.updates;
	same(&got, want, "threads", seed);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
}

/* The parts of N, each run as a program runs one (on one thread or on
 * two), their figures added up; dlx_split_part() gives the same parts. */
static void
in_parts(dlx *d, const struct fig *want, unsigned n, uint64_t seed)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	struct fig		 got;
	struct dlx_wide		 w;
	dlx_pos			*parts[8], *one;
	uint64_t		 nodes, updates;
	char			*t1, *t2;
	size_t			 l1, l2;
	unsigned		 k;

	memset(&got, 0, sizeof got);
	ck_assert_int_eq(dlx_split(d, n, parts), DLX_OK);
	for (k = 0; k < n; k++) {
		ck_assert_int_eq(dlx_split_part(d, k + 1, n, &one), DLX_OK);
		ck_assert_int_eq(dlx_pos_format(parts[k], "t", &t1, &l1),
		    DLX_OK);
		ck_assert_int_eq(dlx_pos_format(one, "t", &t2, &l2), DLX_OK);
		ck_assert(l1 == l2 && memcmp(t1, t2, l1) == 0);
		free(t1);
		free(t2);
		dlx_pos_free(one);
		memset(&rq, 0, sizeof rq);
		rq.pos = parts[k];
		rq.threads = 1 + (k & 1);
		ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
		ck_assert_uint_eq(dlx_pos_tasks(parts[k]), 0);
		dlx_pos_figures(parts[k], &w, &nodes, &updates);
		ck_assert_uint_eq(w.hi, 0);
		got.sol.lo += w.lo;
		got.nodes += nodes;
		got.updates += updates;
		dlx_pos_free(parts[k]);
	}
	same(&got, want, "parts", seed);
}

struct stopper {
	unsigned	 calls, every;
	dlx_pos		*pos;
	char		*text;		/* the position at the stop */
	size_t		 len;
};

static int
stop_now(void *arg, const struct dlx_stats *st)
{
	struct stopper	*sp = arg;

	(void)st;
	if (++sp->calls % sp->every != 0)
		return 0;
	free(sp->text);
	ck_assert_int_eq(dlx_pos_format(sp->pos, "t", &sp->text, &sp->len),
	    DLX_OK);
	return 1;
}

/* A checkpointed run stopped every `every` progress calls (one a node),
 * resumed each time from the text taken in the callback. */
static void
resumed(dlx *d, const struct fig *want, unsigned every, uint64_t seed)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	struct stopper		 sp;
	struct fig		 got;
	dlx_pos			*pos, *pos2;
	char			*prog, *t2;
	size_t			 l2;
	int			 rc, stops = 0;

	ck_assert_int_eq(dlx_pos_whole(&pos, d), DLX_OK);
	memset(&sp, 0, sizeof sp);
	sp.every = every;
	for (;;) {
		memset(&rq, 0, sizeof rq);
		rq.pos = sp.pos = pos;
		rq.checkpoint = 1;
		rq.progress = stop_now;
		rq.progress_arg = &sp;
		rq.progress_updates = 1;
		rc = dlx_run(d, &rq, &res);
		if (rc == DLX_OK)
			break;
		ck_assert_int_eq(rc, DLX_STOPPED);
		ck_assert_uint_eq(res.drivers, DLX_DRIVE_POSITION |
		    DLX_DRIVE_CHECKPOINT);
		/* The position after the stop is the one the callback
		 * wrote. */
		ck_assert_int_eq(dlx_pos_format(pos, "t", &t2, &l2), DLX_OK);
		ck_assert(l2 == sp.len && memcmp(t2, sp.text, l2) == 0);
		free(t2);
		ck_assert_int_eq(dlx_pos_parse(sp.text, sp.len, &pos2, &prog,
		    NULL, NULL), DLX_OK);
		free(prog);
		dlx_pos_free(pos);
		pos = pos2;
		stops++;
		ck_assert_int_lt(stops, 100000);
	}
	dlx_pos_figures(pos, &got.sol, &got.nodes, &got.updates);
	same(&got, want, "resumed", seed);
	ck_assert_uint_eq(dlx_pos_tasks(pos), 0);
	dlx_pos_free(pos);
	free(sp.text);
}

/* Stopped again and again, on two threads and on one path by turns,
 * each run resumed from the text of the position the last one left. */
static void
resumed_mixed(dlx *d, const struct fig *want, uint64_t seed, int heavy)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	struct stopper		 sp;
	struct fig		 got;
	dlx_pos			*pos, *pos2;
	char			*prog, *text;
	size_t			 len;
	int			 rc, round;

	ck_assert_int_eq(dlx_pos_whole(&pos, d), DLX_OK);
	memset(&sp, 0, sizeof sp);
	sp.every = 3;
	for (round = 0;; round++) {
		ck_assert_int_lt(round, 100000);
		memset(&rq, 0, sizeof rq);
		rq.pos = sp.pos = pos;
		rq.progress = stop_now;
		rq.progress_arg = &sp;
		rq.progress_updates = 1;
		if (round % 2 == 0)
			rq.threads = 2;
		else
			rq.checkpoint = 1;
		rc = dlx_run(d, &rq, &res);
		if (rc == DLX_OK)
			break;
		ck_assert_int_eq(rc, DLX_STOPPED);
		ck_assert_int_eq(dlx_pos_format(pos, "t", &text, &len),
		    DLX_OK);
		ck_assert_int_eq(dlx_pos_parse(text, len, &pos2, &prog,
		    NULL, NULL), DLX_OK);
		free(text);
		free(prog);
		dlx_pos_free(pos);
		pos = pos2;
	}
	dlx_pos_figures(pos, &got.sol, &got.nodes, &got.updates);
	same(&got, want, "threads and checkpoints", seed);
	/* The larger trees are stopped on threads and on one path. */
	if (heavy && want->nodes > 1000)
		ck_assert_int_gt(round, 2);
	ck_assert_uint_eq(dlx_pos_tasks(pos), 0);
	dlx_pos_free(pos);
	free(sp.text);
}

/* The cache is refused with the bounds, a position and all. */
static void
no_cache(dlx *d)
{
	struct dlx_request	rq;
	struct dlx_result	res;

	memset(&rq, 0, sizeof rq);
	rq.memo = DLX_MEMO_ALWAYS;
	rq.threads = 2;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_ENOTSUP);
	ck_assert(res.refused & DLX_NEED_BOUNDS);
	ck_assert(res.refused & DLX_NEED_CACHE);
}

static void
every_driver(dlx *d, const struct fig *want, uint64_t seed, int heavy)
{
	static const unsigned	nws[] = { 2, 3, 8 };
	unsigned		i, n;

	for (i = 0; i < 3; i++)
		on_threads(d, want, nws[i], seed);
	for (n = 1; n <= 7; n++)
		in_parts(d, want, n, seed);
	resumed(d, want, heavy ? 97 : 1, seed);
	if (!heavy)
		resumed(d, want, 3, seed);
	resumed_mixed(d, want, seed, heavy);
	no_cache(d);
}

START_TEST(test_mult_drive_random)
{
	struct problem_small	 p;
	struct fig		 want;
	uint64_t		 s, seed;
	dlx			*d;
	int			 trial, o, ran = 0;

	for (trial = 0; ran < 150; trial++) {
		seed = s = 0x2545f4914f6cdd1dull * (uint64_t)(trial + 7);
		problem_small_gen(&s, &p, PROBLEM_SMALL_MAXP, 1, 1);
		ck_assert_ptr_nonnull(d = problem_small_build(&p, 1));
		if (!plain(d, &want)) {
			dlx_free(d);
			continue;
		}
		ran++;
		ck_assert_uint_eq(want.sol.hi, 0);
		ck_assert_msg(want.sol.lo == problem_small_count(&p),
		    "seed %" PRIu64 ": %" PRIu64 ", brute force %" PRIu64,
		    seed, want.sol.lo, problem_small_count(&p));
		every_driver(d, &want, seed, 0);
		/* And below a forced option, when one fits. */
		o = problem_rnd(&s, p.no);
		if (dlx_force(d, o) == DLX_OK) {
			ck_assert(plain(d, &want));
			every_driver(d, &want, seed, 0);
			dlx_unforce_all(d);
		}
		dlx_free(d);
	}
}
END_TEST

/* Two random problems side by side: larger trees, with bounds. */
START_TEST(test_mult_drive_pairs)
{
	struct problem_small	 p[2];
	struct fig		 want;
	uint64_t		 s, seed;
	dlx			*d;
	int			 trial;

	for (trial = 0; trial < 12; trial++) {
		seed = s = 0x9e3779b97f4a7c15ull * (uint64_t)(trial + 1000);
		problem_small_gen(&s, &p[0], PROBLEM_SMALL_MAXP, 1, 1);
		problem_small_gen(&s, &p[1], PROBLEM_SMALL_MAXP, 1, 1);
		ck_assert_ptr_nonnull(d = problem_small_build(p, 2));
		if (!plain(d, &want)) {
			dlx_free(d);
			continue;
		}
		ck_assert_uint_eq(want.sol.lo, problem_small_count(&p[0]) *
		    problem_small_count(&p[1]));
		every_driver(d, &want, seed, 0);
		dlx_free(d);
	}
}
END_TEST

/* The bounded files of tests/data: trees of thousands of nodes. */
static const char *const files[] = {
	"mult-queens6.dlx", "mult-domino34.dlx", "mult-knuth.dlx",
	"mult-random3.dlx",
};

START_TEST(test_mult_drive_files)
{
	struct dlx_error err;
	struct fig	 want;
	dlx_text	*t;
	FILE		*in;

	ck_assert_ptr_nonnull(in = fopen(test_data_path(files[_i]), "r"));
	t = test_text_file(in, NULL, &err);
	fclose(in);
	ck_assert_msg(t != NULL, "%s: %s", files[_i], err.message);
	ck_assert(plain(dlx_text_dlx(t), &want));
	every_driver(dlx_text_dlx(t), &want, (uint64_t)_i, 1);
	dlx_text_free(t);
}
END_TEST

/* Threads serve a count, not a visit or a budget: those are refused on
 * threads by name, and run on one thread when no number is asked. */
START_TEST(test_mult_drive_visit)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	dlx			*d;
	int			 items[2] = { 0, 1 };

	ck_assert_int_eq(dlx_new(&d, 2, 0, NULL), DLX_OK);
	ck_assert_int_ge(dlx_add_option(d, items, 1), 0);
	ck_assert_int_ge(dlx_add_option(d, items + 1, 1), 0);
	ck_assert_int_ge(dlx_add_option(d, items, 2), 0);
	ck_assert_int_eq(dlx_set_item_bounds(d, 0, 1, 2), DLX_OK);
	ck_assert_int_eq(dlx_set_item_bounds(d, 1, 1, 2), DLX_OK);
	memset(&rq, 0, sizeof rq);
	rq.max_solutions = 3;
	rq.threads = 2;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_ENOTSUP);
	ck_assert_uint_eq(res.refused, DLX_NEED_BOUNDS | DLX_NEED_THREADS |
	    DLX_NEED_VISIT);
	rq.threads = 0;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_LIMIT);
	ck_assert_uint_eq(res.threads, 1);
	ck_assert_uint_eq(res.count.lo, 3);
	dlx_free(d);
}
END_TEST

Suite *
make_mult_drive_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("MultDrive");
	tc = tcase_create("Core");
	tcase_add_test(tc, test_mult_drive_visit);
	suite_add_tcase(s, tc);
	/* "threads": CI runs them again under ThreadSanitizer. */
	tc = tcase_create("Threads");
	tcase_set_timeout(tc, 600);
	tcase_set_tags(tc, "threads slow");
	tcase_add_test(tc, test_mult_drive_random);
	tcase_add_test(tc, test_mult_drive_pairs);
	tcase_add_loop_test(tc, test_mult_drive_files, 0,
	    (int)(sizeof files / sizeof files[0]));
	suite_add_tcase(s, tc);
	return s;
}
