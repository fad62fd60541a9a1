/*
 * check_ckpt.c: checkpoints of a count on threads and with the cache
 * (dlx_run() with pos, checkpoint and threads > 1, or the cache asked
 * for), against the plain count.
 *
 * A kill is simulated as the programs meet it: the run saves its
 * position as text at some progress call (dlx_pos_format() inside the
 * callback), goes on a little, and stops; what follows resumes from the
 * text saved, not from where the run stopped, so that the work between
 * the save and the stop is lost as a SIGKILL loses it.  Round after
 * round, on 1, 2 or 3 threads in turn, plainly or with the cache, the
 * count must end exactly the plain count: a subtree counted twice or
 * lost, or a cut that names the wrong subtree, shows as another figure.
 * The problems are random, with secondary items and colors, and run whole
 * and as the three parts of dlx_split().
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "check_dlx.h"
#include "dlx.h"
#include "dlx_part.h"
#include "problems.h"

/* A random problem of some thousands of nodes: 10..15 primary items,
 * 0..3 secondary ones, 40..89 options of one to three primary items and
 * up to two secondary ones, colored 0..2 when colors. */
static dlx *
random_problem(uint64_t *s, int colors)
{
	dlx	*d;
	int	 np, ns, no, o, n, k, j, it, items[5], col[5];

	np = 12 + problem_rnd(s, 6);
	ns = problem_rnd(s, 4);
	no = 40 + problem_rnd(s, 50);
	if (dlx_new(&d, (size_t)np, (size_t)ns, NULL) != DLX_OK)
		return NULL;
	for (o = 0; o < no; o++) {
		n = 0;
		k = 1 + problem_rnd(s, 3);
		while (n < k) {
			it = problem_rnd(s, np);
			for (j = 0; j < n && items[j] != it; j++)
				continue;
			if (j == n) {
				col[n] = 0;
				items[n++] = it;
			}
		}
		for (k = ns > 0 ? problem_rnd(s, 3) : 0; k > 0; k--) {
			it = np + problem_rnd(s, ns);
			for (j = 0; j < n && items[j] != it; j++)
				continue;
			if (j == n) {
				col[n] = colors ? problem_rnd(s, 3) : 0;
				items[n++] = it;
			}
		}
		if (dlx_add_option_colored(d, items, col, (size_t)n) < 0) {
			dlx_free(d);
			return NULL;
		}
	}
	return d;
}

/* The progress callback of a round: save the position's text at call
 * save, stop at call stop (save <= stop). */
struct round {
	dlx_pos	*pos;
	int	 calls, save, stop;
	char	*text;		/* the text saved, or NULL */
	size_t	 len;
};

static int
round_progress(void *arg, const struct dlx_stats *st)
{
	struct round	*r = arg;

	(void)st;
	if (++r->calls == r->save) {
		free(r->text);
		r->text = NULL;
		ck_assert_int_eq(dlx_pos_format(r->pos, "check", &r->text,
		    &r->len), DLX_OK);
	}
	return r->calls >= r->stop;
}

/*
 * Count *posp to its end, killed and resumed round after round on
 * threads 1..3 in turn, memo as given; returns the count.  *posp is
 * replaced by the positions resumed (and freed at the end).
 */
static uint64_t
killed_count(dlx *d, dlx_pos **posp, enum dlx_memo_mode memo, uint64_t *s)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	struct round		 r;
	struct dlx_wide		 w;
	dlx_pos			*back;
	char			*prog;
	int			 rc, rounds;

	for (rounds = 0;; rounds++) {
		memset(&r, 0, sizeof r);
		r.pos = *posp;
		/* After many rounds, let it end: a round of the cache may
		 * lose all it did, and so on forever. */
		r.stop = rounds < 40 ? 1 + problem_rnd(s, 6) : 1 << 30;
		r.save = 1 + problem_rnd(s, r.stop);
		memset(&rq, 0, sizeof rq);
		rq.pos = *posp;
		rq.checkpoint = 1;
		rq.threads = 1 + (unsigned)(rounds % 3);
		rq.memo = memo;
		rq.progress = round_progress;
		rq.progress_arg = &r;
		rq.progress_updates = 10;
		rc = dlx_run(d, &rq, &res);
		if (rc == DLX_OK) {
			free(r.text);
			break;
		}
		ck_assert_int_eq(rc, DLX_STOPPED);
		ck_assert_int_eq(r.calls, r.stop);
		/* Killed after the save at call r.save: resume from it. */
		ck_assert_ptr_nonnull(r.text);
		ck_assert_int_eq(dlx_pos_parse(r.text, r.len, &back, &prog,
		    NULL, NULL), DLX_OK);
		ck_assert_str_eq(prog, "check");
		ck_assert_uint_eq(dlx_pos_digest(back), dlx_digest(d));
		free(prog);
		free(r.text);
		dlx_pos_free(*posp);
		*posp = back;
	}
	ck_assert_uint_eq(dlx_pos_tasks(*posp), 0);
	dlx_pos_figures(*posp, &w, NULL, NULL);
	ck_assert_uint_eq(w.hi, 0);
	dlx_pos_free(*posp);
	*posp = NULL;
	return w.lo;
}

START_TEST(test_ckpt_killed_counts_exact)
{
	static const enum dlx_memo_mode	 modes[] = { DLX_MEMO_NEVER,
	    DLX_MEMO_ALWAYS };
	uint64_t	 s = 0x9e3779b97f4a7c15ULL + (uint64_t)_i * 7919;
	uint64_t	 whole, got, sum;
	dlx_pos		*pos;
	dlx		*d;
	unsigned	 k, mi;

	d = random_problem(&s, _i % 2);
	ck_assert_ptr_nonnull(d);
	ck_assert_int_eq(ck_count(d, 0, &whole), DLX_OK);
	for (mi = 0; mi < 2; mi++) {
		ck_assert_int_eq(dlx_pos_whole(&pos, d), DLX_OK);
		got = killed_count(d, &pos, modes[mi], &s);
		ck_assert_msg(got == whole, "problem %d memo %d: %llu, not "
		    "%llu", _i, modes[mi], (unsigned long long)got,
		    (unsigned long long)whole);
		sum = 0;
		for (k = 1; k <= 3; k++) {
			ck_assert_int_eq(dlx_split_part(d, k, 3, &pos),
			    DLX_OK);
			sum += killed_count(d, &pos, modes[mi], &s);
		}
		ck_assert_msg(sum == whole, "problem %d memo %d, 3 parts: "
		    "%llu, not %llu", _i, modes[mi], (unsigned long long)sum,
		    (unsigned long long)whole);
	}
	ck_assert_int_eq(dlx_nforced(d), 0);
	dlx_free(d);
}
END_TEST

/* The dispatcher: a count checkpointed on threads runs there, on the
 * cache only when asked; a search that visits on threads is refused. */
START_TEST(test_ckpt_dispatch)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	dlx_pos			*pos;
	dlx			*d = problem_queens(8);

	ck_assert_ptr_nonnull(d);
	ck_assert_int_eq(dlx_pos_whole(&pos, d), DLX_OK);
	memset(&rq, 0, sizeof rq);
	rq.pos = pos;
	rq.checkpoint = 1;
	rq.threads = 2;
	ck_assert_int_eq(dlx_run_plan(d, &rq, &res), DLX_OK);
	ck_assert_uint_eq(res.threads, 2);
	ck_assert_int_ne(res.engine, DLX_ENGINE_CACHE);
	ck_assert_uint_eq(res.drivers, DLX_DRIVE_THREADS |
	    DLX_DRIVE_POSITION | DLX_DRIVE_CHECKPOINT);
	rq.memo = DLX_MEMO_ALWAYS;
	ck_assert_int_eq(dlx_run_plan(d, &rq, &res), DLX_OK);
	ck_assert_int_eq(res.engine, DLX_ENGINE_CACHE);
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert_uint_eq(res.count.lo, 92);
	ck_assert_uint_eq(dlx_pos_tasks(pos), 0);
	/* Threads not asked for: a count takes every CPU, as without a
	 * checkpoint; a search with a limit one thread, on one path. */
	rq.memo = DLX_MEMO_AUTO;
	rq.threads = 0;
	ck_assert_int_eq(dlx_run_plan(d, &rq, &res), DLX_OK);
	ck_assert_uint_eq(res.threads, dlx_cpus());
	rq.max_solutions = 5;
	ck_assert_int_eq(dlx_run_plan(d, &rq, &res), DLX_OK);
	ck_assert_uint_eq(res.threads, 1);
	ck_assert_uint_eq(res.drivers, DLX_DRIVE_POSITION |
	    DLX_DRIVE_CHECKPOINT);
	rq.max_solutions = 0;
	rq.threads = 2;
	rq.max_solutions = 5;
	ck_assert_int_eq(dlx_run_plan(d, &rq, &res), DLX_ENOTSUP);
	ck_assert_uint_eq(res.refused, DLX_NEED_PATH | DLX_NEED_THREADS |
	    DLX_NEED_VISIT);
	dlx_pos_free(pos);
	dlx_free(d);
}
END_TEST

Suite *
make_ckpt_suite(void)
{
	Suite	*s = suite_create("Checkpoint");
	TCase	*tc = tcase_create("Threads");

	tcase_set_tags(tc, "threads");
	tcase_add_test(tc, test_ckpt_dispatch);
	suite_add_tcase(s, tc);
	/* About a second natively, half a minute under TSan. */
	tc = tcase_create("Killed");
	tcase_set_timeout(tc, 120);
	tcase_set_tags(tc, "threads slow");
	tcase_add_loop_test(tc, test_ckpt_killed_counts_exact, 0, 12);
	suite_add_tcase(s, tc);
	return s;
}
