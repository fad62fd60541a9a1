/*
 * check_part.c: parts of a search (dlx_part.h) against the whole search.
 *
 * dlx_split_part() must give, for every k, the position dlx_split() gives
 * as part k.  The parts' counts must add up to the whole count, and their
 * solutions, taken together, must be the whole set, each once: on one
 * thread and on two, counting plainly and with the cache.  A count on
 * threads stopped by progress must resume, from its text, to the exact
 * count.  The drivers are called below dlx_run() (dlxi_pos_search_parallel(),
 * lib/drive/part_impl.h), so that the threads cut every 64 updates, which
 * a request does not set.
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
#include "lib/drive/part_impl.h"

/* The problems of problems.h, by number (problem_numbered()). */
#define NPROBLEMS	PROBLEM_NSET

static const unsigned	nparts[] = { 1, 2, 3, 7, 16 };
#define NN	(sizeof nparts / sizeof nparts[0])

/* Each solution as a sorted list of options, one solution after the
 * other, each ended by -1. */
struct set {
	int	*v;
	size_t	 n, cap;
	size_t	 count;
};

static int
cmp_int(const void *a, const void *b)
{
	int	x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static int
collect(void *arg, const int *options, size_t n)
{
	struct set	*s = arg;
	int		*q;

	if (s->n + n + 1 > s->cap) {
		s->cap = 2 * (s->n + n + 1);
		if ((q = realloc(s->v, s->cap * sizeof *q)) == NULL)
			return 1;
		s->v = q;
	}
	memcpy(s->v + s->n, options, n * sizeof *options);
	qsort(s->v + s->n, n, sizeof *options, cmp_int);
	s->n += n;
	s->v[s->n++] = -1;
	s->count++;
	return 0;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The solutions of a set as text lines, sorted: comparable whatever the
 * order they came in. */
static char **
lines(const struct set *s)
{
	char	**l, buf[4096];
	size_t	  i, k = 0, len = 0;

	l = calloc(s->count + 1, sizeof *l);
	ck_assert_ptr_nonnull(l);
	for (i = 0; i < s->n; i++) {
		if (s->v[i] < 0) {
			buf[len] = '\0';
			l[k++] = strdup(buf);
			len = 0;
			continue;
		}
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%d ",
		    s->v[i]);
		ck_assert_uint_lt(len, sizeof buf);
	}
	ck_assert_uint_eq(k, s->count);
	qsort(l, k, sizeof *l, cmp_str);
	return l;
}

START_TEST(test_part_split_one)
{
	dlx_pos		**all, *one;
	dlx		 *d = problem_numbered(_i);
	char		 *ta, *to;
	size_t		  la, lo;
	unsigned	  n, k, j;

	ck_assert_ptr_nonnull(d);
	for (j = 0; j < NN; j++) {
		n = nparts[j];
		all = calloc(n, sizeof *all);
		ck_assert_ptr_nonnull(all);
		ck_assert_int_eq(dlx_split(d, n, all), DLX_OK);
		for (k = 1; k <= n; k++) {
			ck_assert_int_eq(dlx_split_part(d, k, n, &one),
			    DLX_OK);
			ck_assert_int_eq(dlx_pos_format(all[k - 1], "t", &ta,
			    &la), DLX_OK);
			ck_assert_int_eq(dlx_pos_format(one, "t", &to, &lo),
			    DLX_OK);
			ck_assert_uint_eq(la, lo);
			ck_assert_int_eq(memcmp(ta, to, la), 0);
			free(ta);
			free(to);
			dlx_pos_free(one);
			dlx_pos_free(all[k - 1]);
		}
		free(all);
	}
	ck_assert_int_eq(dlx_split_part(d, 0, 3, &one), DLX_EINVAL);
	ck_assert_ptr_null(one);
	ck_assert_int_eq(dlx_split_part(d, 4, 3, &one), DLX_EINVAL);
	ck_assert_int_eq(dlx_nforced(d), 0);
	dlx_free(d);
}
END_TEST

/* Count part k of n with the given threads and cache mode (-1: none). */
static uint64_t
count_part(dlx *d, unsigned k, unsigned n, unsigned threads, int mode)
{
	struct dlxi_parallel	par;
	struct dlxi_memo		m;
	struct dlx_memo_stats	ms;
	dlx_pos			*pos;
	struct dlx_wide		 w;

	memset(&par, 0, sizeof par);
	par.threads = threads;
	par.split_updates = 64;		/* cut often, even here */
	memset(&m, 0, sizeof m);
	m.mode = mode;
	m.memory = 1 << 20;
	ck_assert_int_eq(dlx_split_part(d, k, n, &pos), DLX_OK);
	ck_assert_int_eq(dlxi_pos_search_parallel(d, pos, NULL, &par,
	    mode < 0 ? NULL : &m, &ms, 0), DLX_OK);
	ck_assert_uint_eq(dlx_pos_tasks(pos), 0);
	dlx_pos_figures(pos, &w, NULL, NULL);
	ck_assert_uint_eq(w.hi, 0);
	dlx_pos_free(pos);
	return w.lo;
}

START_TEST(test_part_counts_add_up)
{
	static const int	 modes[] = { -1, DLX_MEMO_NEVER, DLX_MEMO_AUTO,
	    DLX_MEMO_ALWAYS };
	dlx			*d = problem_numbered(_i);
	uint64_t		 whole, sum;
	unsigned		 j, k, t, mi;

	ck_assert_ptr_nonnull(d);
	ck_assert_int_eq(ck_count(d, 0, &whole), DLX_OK);
	ck_assert_uint_gt(whole, 0);
	for (t = 1; t <= 2; t++)
		for (mi = 0; mi < sizeof modes / sizeof modes[0]; mi++)
			for (j = 0; j < NN; j++) {
				sum = 0;
				for (k = 1; k <= nparts[j]; k++)
					sum += count_part(d, k, nparts[j], t,
					    modes[mi]);
				ck_assert_msg(sum == whole, "N=%u -t %u "
				    "mode %d: %llu, not %llu", nparts[j], t,
				    modes[mi], (unsigned long long)sum,
				    (unsigned long long)whole);
			}
	ck_assert_int_eq(dlx_nforced(d), 0);
	dlx_free(d);
}
END_TEST

START_TEST(test_part_solutions_are_the_set)
{
	struct dlxi_search	 s;
	struct dlxi_parallel	 par;
	struct set		 whole, parts;
	dlx_pos			*pos;
	dlx			*d = problem_numbered(_i);
	char			**a, **b;
	unsigned		 j, k, t;
	size_t			 i;

	ck_assert_ptr_nonnull(d);
	memset(&whole, 0, sizeof whole);
	ck_assert_int_eq(ck_solve(d, collect, &whole, NULL), DLX_OK);
	a = lines(&whole);
	for (t = 1; t <= 2; t++)
		for (j = 0; j < NN; j++) {
			memset(&parts, 0, sizeof parts);
			memset(&s, 0, sizeof s);
			s.visit = collect;
			s.visit_arg = &parts;
			memset(&par, 0, sizeof par);
			par.threads = t;
			par.split_updates = 64;
			for (k = 1; k <= nparts[j]; k++) {
				ck_assert_int_eq(dlx_split_part(d, k,
				    nparts[j], &pos), DLX_OK);
				/* A cache is asked for, but a visit wants
				 * the solutions: searched, not counted. */
				ck_assert_int_eq(dlxi_pos_search_parallel(d,
				    pos, &s, &par, NULL, NULL, 0), DLX_OK);
				dlx_pos_free(pos);
			}
			ck_assert_uint_eq(parts.count, whole.count);
			b = lines(&parts);
			for (i = 0; i < whole.count; i++) {
				ck_assert_str_eq(a[i], b[i]);
				free(b[i]);
			}
			free(b);
			free(parts.v);
		}
	for (i = 0; i < whole.count; i++)
		free(a[i]);
	free(a);
	free(whole.v);
	dlx_free(d);
}
END_TEST

START_TEST(test_part_stopped_count_resumes)
{
	struct dlx_request	 rq;
	struct dlxi_search	 s;
	struct dlxi_parallel	 par;
	struct dlxi_memo		 m;
	dlx_pos			*pos, *back;
	dlx			*d = problem_queens(10);
	struct dlx_wide		 w;
	char			*text, *prog;
	size_t			 len;
	int			 calls = 0, rc;

	ck_assert_ptr_nonnull(d);
	ck_assert_int_eq(dlx_split_part(d, 2, 3, &pos), DLX_OK);
	memset(&s, 0, sizeof s);
	s.progress = ck_stop_now;
	s.progress_arg = &calls;
	memset(&par, 0, sizeof par);
	par.threads = 2;
	memset(&m, 0, sizeof m);
	m.mode = DLX_MEMO_ALWAYS;
	m.progress_updates = 1000;
	rc = dlxi_pos_search_parallel(d, pos, &s, &par, &m, NULL, 0);
	/* A part may end before the first call; else it stopped there. */
	ck_assert(rc == DLX_STOPPED || (rc == DLX_OK && calls == 0));
	ck_assert_int_eq(dlx_pos_format(pos, "t", &text, &len), DLX_OK);
	ck_assert_int_eq(dlx_pos_parse(text, len, &back, &prog, NULL, NULL),
	    DLX_OK);
	/* A damaged text: the error record says what, *pos and *program
	 * are left alone. */
	{
		struct dlx_error	 err;
		dlx_pos			*none = NULL;
		char			*noprog = NULL;

		text[len / 2] ^= 1;
		ck_assert_int_eq(dlx_pos_parse(text, len, &none, &noprog,
		    NULL, &err), DLX_ECORRUPT);
		ck_assert_int_eq(err.code, DLX_ECORRUPT);
		ck_assert_str_eq(err.message, "checksum mismatch (the file "
		    "was changed or damaged)");
		ck_assert_int_eq(err.cell, -1);
		ck_assert_ptr_null(none);
		ck_assert_ptr_null(noprog);
		ck_assert_int_eq(dlx_pos_parse(text, len - 1, &none, &noprog,
		    NULL, &err), DLX_ECORRUPT);
		ck_assert_str_eq(err.message, "truncated");
		ck_assert_int_eq(dlx_pos_parse(NULL, 0, &none, &noprog,
		    NULL, &err), DLX_EINVAL);
		ck_assert_int_eq(err.code, DLX_EINVAL);
	}
	free(text);
	free(prog);
	/* Resumed, plainly on one thread: part 2 of 3 of queens 10. */
	memset(&rq, 0, sizeof rq);
	rq.pos = back;
	rq.checkpoint = 1;
	ck_assert_int_eq(ck_search(d, &rq), DLX_OK);
	dlx_pos_figures(back, &w, NULL, NULL);
	ck_assert_uint_eq(w.hi, 0);
	ck_assert_uint_eq(w.lo, count_part(d, 2, 3, 1, -1));
	dlx_pos_free(pos);
	dlx_pos_free(back);
	dlx_free(d);
}
END_TEST

/* ---- re-splitting ---------------------------------------------------- */

/* Search pos to the end on one thread; its solutions (work done before
 * and now). */
static uint64_t
count_pos(dlx *d, dlx_pos *pos)
{
	struct dlx_wide	w;

	ck_assert_int_eq(dlxi_pos_search(d, pos, NULL), DLX_OK);
	ck_assert_uint_eq(dlx_pos_tasks(pos), 0);
	dlx_pos_figures(pos, &w, NULL, NULL);
	ck_assert_uint_eq(w.hi, 0);
	return w.lo;
}

/* pos as text, parsed back: the same text, lineage and id. */
static void
check_round_trip(const dlx_pos *pos)
{
	struct dlx_part_step	 a[DLX_PART_DEPTH], b[DLX_PART_DEPTH];
	dlx_pos			*back;
	char			*t1, *t2, *prog;
	size_t			 l1, l2, n;

	ck_assert_int_eq(dlx_pos_format(pos, "t", &t1, &l1), DLX_OK);
	ck_assert_int_eq(dlx_pos_parse(t1, l1, &back, &prog, NULL, NULL),
	    DLX_OK);
	ck_assert_int_eq(dlx_pos_format(back, "t", &t2, &l2), DLX_OK);
	ck_assert_uint_eq(l1, l2);
	ck_assert_int_eq(memcmp(t1, t2, l1), 0);
	n = dlx_pos_lineage(pos, a, DLX_PART_DEPTH);
	ck_assert_uint_eq(dlx_pos_lineage(back, b, DLX_PART_DEPTH), n);
	ck_assert_int_eq(memcmp(a, b, n * sizeof *a), 0);
	ck_assert_uint_eq(dlx_pos_id(back), dlx_pos_id(pos));
	free(t1);
	free(t2);
	free(prog);
	dlx_pos_free(back);
}

/*
 * Split pos into m sub-parts (and each of those again while depth > 1,
 * into 2 or 3 by *s) and count the leaves: their sum.  Each sub-part
 * made alone is the one made with its siblings, and carries pos's
 * lineage and one more step.
 */
static uint64_t
resplit_sum(dlx *d, dlx_pos *pos, unsigned m, int depth, uint64_t *s)
{
	struct dlx_part_step	 st[DLX_PART_DEPTH], up[DLX_PART_DEPTH];
	dlx_pos			**sub, *one;
	char			*ta, *to;
	size_t			 la, lo, n;
	uint64_t		 sum = 0;
	unsigned		 k, pk, pn, sk, sn;

	sub = calloc(m, sizeof *sub);
	ck_assert_ptr_nonnull(sub);
	n = dlx_pos_lineage(pos, up, DLX_PART_DEPTH);
	dlx_pos_part(pos, &pk, &pn);
	ck_assert_int_eq(dlx_pos_split(d, pos, m, sub), DLX_OK);
	for (k = 1; k <= m; k++) {
		ck_assert_int_eq(dlx_pos_split_part(d, pos, k, m, &one),
		    DLX_OK);
		ck_assert_int_eq(dlx_pos_format(sub[k - 1], "t", &ta, &la),
		    DLX_OK);
		ck_assert_int_eq(dlx_pos_format(one, "t", &to, &lo), DLX_OK);
		ck_assert_uint_eq(la, lo);
		ck_assert_int_eq(memcmp(ta, to, la), 0);
		free(ta);
		free(to);
		dlx_pos_free(one);
		dlx_pos_part(sub[k - 1], &sk, &sn);
		ck_assert_uint_eq(sk, pk);
		ck_assert_uint_eq(sn, pn);
		ck_assert_uint_eq(dlx_pos_lineage(sub[k - 1], st,
		    DLX_PART_DEPTH), n + 1);
		ck_assert_int_eq(memcmp(st, up, n * sizeof *st), 0);
		ck_assert_uint_eq(st[n].k, k);
		ck_assert_uint_eq(st[n].n, m);
		ck_assert_uint_eq(st[n].split, dlx_pos_id(pos));
		check_round_trip(sub[k - 1]);
		if (depth > 1)
			sum += resplit_sum(d, sub[k - 1],
			    2 + (unsigned)problem_rnd(s, 2), depth - 1, s);
		else
			sum += count_pos(d, sub[k - 1]);
		dlx_pos_free(sub[k - 1]);
	}
	free(sub);
	ck_assert_int_eq(dlx_nforced(d), 0);
	return sum;
}

/*
 * Random problems with secondary items and colors (three small ones side
 * by side: the count is the product of their brute-force counts), cut
 * into parts, each part re-split at depth 1, 2 and 3: the leaves add up
 * to the whole.
 */
START_TEST(test_part_resplit_random)
{
	struct problem_small	 b[3];
	uint64_t		 s, want, sum;
	dlx			*d;
	dlx_pos			*pos;
	unsigned		 n, k;
	int			 trial, j, depth;

	for (trial = 0; trial < 12; trial++) {
		s = 0x9e3779b97f4a7c15ull * (uint64_t)(trial + 11);
		want = 1;
		for (j = 0; j < 3; j++) {
			do
				problem_small_gen(&s, &b[j], 5, trial % 3 != 0,
				    0);
			while (problem_small_count(&b[j]) == 0 &&
			    problem_rnd(&s, 8) != 0);
			want *= problem_small_count(&b[j]);
		}
		ck_assert_ptr_nonnull(d = problem_small_build(b, 3));
		n = 1 + (unsigned)problem_rnd(&s, 4);
		for (depth = 1; depth <= 3; depth++) {
			sum = 0;
			for (k = 1; k <= n; k++) {
				ck_assert_int_eq(dlx_split_part(d, k, n, &pos),
				    DLX_OK);
				sum += resplit_sum(d, pos,
				    2 + (unsigned)problem_rnd(&s, 3), depth,
				    &s);
				dlx_pos_free(pos);
			}
			ck_assert_msg(sum == want, "trial %d N=%u depth %d: "
			    "%llu, not %llu", trial, n, depth,
			    (unsigned long long)sum,
			    (unsigned long long)want);
		}
		dlx_free(d);
	}
}
END_TEST

/* Stop a count of pos on one path after calls progress calls. */
static int
stop_after(void *arg, const struct dlx_stats *st)
{
	int	*left = arg;

	(void)st;
	return --*left <= 0;
}

/*
 * A checkpoint of part 2 of 3 of queens 10, taken where a search stopped
 * (tasks with untried siblings), re-split 3 ways: the sub-parts count
 * to the part, the work done before the stop going to sub-part 1 alone;
 * again at depth 2.  A finished checkpoint splits into empty sub-parts
 * but the first.  Another problem's position, or one too deep, is
 * refused.
 */
START_TEST(test_part_resplit_checkpoint)
{
	struct dlx_request	 rq;
	struct dlx_wide		 w;
	dlx_pos			*pos, *sub[3], *deep, *next;
	dlx			*d = problem_queens(10), *other;
	uint64_t		 want, done, sum, s = 7;
	unsigned		 k;
	int			 left = 3, i;

	ck_assert_ptr_nonnull(d);
	want = count_part(d, 2, 3, 1, -1);
	ck_assert_int_eq(dlx_split_part(d, 2, 3, &pos), DLX_OK);
	memset(&rq, 0, sizeof rq);
	rq.pos = pos;
	rq.checkpoint = 1;
	rq.progress = stop_after;
	rq.progress_arg = &left;
	rq.progress_updates = 2000;
	ck_assert_int_eq(ck_search(d, &rq), DLX_STOPPED);
	dlx_pos_figures(pos, &w, NULL, NULL);
	done = w.lo;
	ck_assert_uint_gt(done, 0);
	ck_assert_uint_lt(done, want);
	ck_assert_int_eq(dlx_pos_split(d, pos, 3, sub), DLX_OK);
	sum = 0;
	for (k = 0; k < 3; k++) {
		dlx_pos_figures(sub[k], &w, NULL, NULL);
		ck_assert_uint_eq(w.lo, k == 0 ? done : 0);
		sum += count_pos(d, sub[k]);
		dlx_pos_free(sub[k]);
	}
	ck_assert_uint_eq(sum, want);
	ck_assert_uint_eq(resplit_sum(d, pos, 2, 2, &s), want);

	/* Finished: nothing left to share, the count in sub-part 1. */
	ck_assert_uint_eq(count_pos(d, pos), want);
	ck_assert_int_eq(dlx_pos_split(d, pos, 3, sub), DLX_OK);
	for (k = 0; k < 3; k++) {
		ck_assert_uint_eq(dlx_pos_tasks(sub[k]), 0);
		dlx_pos_figures(sub[k], &w, NULL, NULL);
		ck_assert_uint_eq(w.lo, k == 0 ? want : 0);
		dlx_pos_free(sub[k]);
	}

	/* Another problem; and DLX_PART_DEPTH levels deep already. */
	ck_assert_ptr_nonnull(other = problem_queens(9));
	ck_assert_int_eq(dlx_pos_split(other, pos, 3, sub), DLX_ECORRUPT);
	ck_assert_ptr_null(sub[0]);
	ck_assert_int_eq(dlx_pos_split_part(other, pos, 1, 3, &deep),
	    DLX_ECORRUPT);
	ck_assert_ptr_null(deep);
	ck_assert_int_eq(dlx_pos_split_part(d, pos, 4, 3, &deep),
	    DLX_EINVAL);
	dlx_free(other);
	deep = pos;
	for (i = 0; i < DLX_PART_DEPTH; i++) {
		ck_assert_int_eq(dlx_pos_split_part(d, deep, 1, 1, &next),
		    DLX_OK);
		if (deep != pos)
			dlx_pos_free(deep);
		deep = next;
	}
	ck_assert_uint_eq(dlx_pos_lineage(deep, NULL, 0), DLX_PART_DEPTH);
	check_round_trip(deep);
	ck_assert_int_eq(dlx_pos_split_part(d, deep, 1, 1, &next),
	    DLX_EINVAL);
	dlx_pos_free(deep);
	dlx_pos_free(pos);
	dlx_free(d);
}
END_TEST

/* Through text, as a checkpoint file would take it. */
static dlx_pos *
through_text(dlx_pos *pos)
{
	dlx_pos	*back;
	char	*text, *prog;
	size_t	 len;

	ck_assert_int_eq(dlx_pos_format(pos, "t", &text, &len), DLX_OK);
	ck_assert_int_eq(dlx_pos_parse(text, len, &back, &prog, NULL, NULL),
	    DLX_OK);
	free(text);
	free(prog);
	dlx_pos_free(pos);
	return back;
}

/*
 * A checkpointed search stopped by a node budget every 37 nodes and
 * resumed from its text each time ends with one search's figures: the
 * count and the nodes, and in Knuth's tree the updates too (on the
 * sparse sets an abandoned option's updates depend on the order of the
 * sets: lib/engine/sparse.c).  Problem _i / 2, tree by _i % 2.
 */
START_TEST(test_part_budget_resumes_add_up)
{
	struct dlx_request	 rq;
	struct dlx_result	 whole, res;
	dlx_pos			*pos;
	dlx			*d = problem_numbered(_i / 2);
	struct dlx_wide		 w;
	uint64_t		 nodes, updates;
	int			 rc, runs = 0;

	ck_assert_ptr_nonnull(d);
	memset(&rq, 0, sizeof rq);
	rq.tree = _i % 2 ? DLX_KNUTH : DLX_FAST;
	rq.memo = DLX_MEMO_NEVER;
	rq.threads = 1;
	ck_assert_int_eq(dlx_run(d, &rq, &whole), DLX_OK);
	ck_assert_int_eq(dlx_pos_whole(&pos, d), DLX_OK);
	rq.checkpoint = 1;
	rq.max_nodes = 37;
	do {
		rq.pos = pos;
		rc = dlx_run(d, &rq, &res);
		ck_assert(rc == DLX_OK || rc == DLX_INCOMPLETE);
		pos = rq.pos = through_text(pos);
		ck_assert_int_lt(++runs, 100000);
	} while (rc == DLX_INCOMPLETE);
	ck_assert_int_gt(runs, 2);
	dlx_pos_figures(pos, &w, &nodes, &updates);
	ck_assert_uint_eq(w.hi, 0);
	ck_assert_uint_eq(w.lo, whole.count.lo);
	ck_assert_uint_eq(nodes, whole.stats.nodes);
	if (rq.tree == DLX_KNUTH)
		ck_assert_uint_eq(updates, whole.stats.updates);
	dlx_pos_free(pos);
	dlx_free(d);
}
END_TEST

/* Progress that stops at its fifth call, keeping the count it was told. */
struct stop5 {
	int		 calls;
	uint64_t	 told;
};

static int
stop_fifth(void *arg, const struct dlx_stats *st)
{
	struct stop5	*a = arg;

	a->told = st->solutions;
	return ++a->calls >= 5;
}

/*
 * A count from a position on threads, plainly or with the cache (_i: 0
 * plain on one thread, 1 plain on two, 2 and 3 the cache), stopped by
 * progress: the partial count is every solution found, not only the
 * subtrees finished in order that the position holds: on one thread
 * plainly exactly what the last progress call said, on two at least as
 * much, and never more than the whole count; the position resumes to
 * the exact count.
 */
START_TEST(test_part_stopped_count_is_all_found)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	struct stop5		 a;
	dlx_pos			*pos;
	dlx			*d = problem_queens(10);
	struct dlx_wide		 w;
	int			 rc;

	ck_assert_ptr_nonnull(d);
	ck_assert_int_eq(dlx_pos_whole(&pos, d), DLX_OK);
	memset(&a, 0, sizeof a);
	memset(&rq, 0, sizeof rq);
	rq.pos = pos;
	rq.threads = 1 + (_i & 1);
	rq.memo = _i < 2 ? DLX_MEMO_NEVER : DLX_MEMO_ALWAYS;
	/* The plain count of a position (pos.c), whatever the build's
	 * default tree: Knuth's tree on threads is a search, whose
	 * position moves by whole subtrees (dlx_part.h). */
	rq.tree = DLX_FAST;
	rq.progress = stop_fifth;
	rq.progress_arg = &a;
	rq.progress_updates = 2000;
	rc = dlx_run(d, &rq, &res);
	ck_assert_int_eq(rc, DLX_STOPPED);
	ck_assert_uint_eq(res.count.hi, 0);
	ck_assert_uint_le(res.count.lo, 724);
	dlx_pos_figures(pos, &w, NULL, NULL);
	ck_assert_uint_le(w.lo, res.count.lo);
	if (_i == 0)
		ck_assert_uint_eq(res.count.lo, a.told);
	else if (_i == 1)
		ck_assert_uint_ge(res.count.lo, a.told);
	rq.progress = NULL;
	rq.threads = 1;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	dlx_pos_figures(pos, &w, NULL, NULL);
	ck_assert_uint_eq(w.lo, 724);
	ck_assert_uint_eq(res.count.lo, 724);
	dlx_pos_free(pos);
	dlx_free(d);
}
END_TEST

Suite *
make_part_suite(void)
{
	Suite	*s = suite_create("Part");
	TCase	*tc = tcase_create("Core");

	tcase_set_timeout(tc, 120);
	tcase_set_tags(tc, "threads");
	tcase_add_loop_test(tc, test_part_split_one, 0, NPROBLEMS);
	tcase_add_test(tc, test_part_stopped_count_resumes);
	tcase_add_loop_test(tc, test_part_budget_resumes_add_up, 0,
	    2 * NPROBLEMS);
	tcase_add_loop_test(tc, test_part_stopped_count_is_all_found, 0, 4);
	suite_add_tcase(s, tc);

	tc = tcase_create("Resplit");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_part_resplit_random);
	tcase_add_test(tc, test_part_resplit_checkpoint);
	suite_add_tcase(s, tc);

	/* The whole against the sum of its parts on every numbered problem:
	 * seconds natively, many minutes under valgrind ("slow": CI runs
	 * them under the sanitizers instead). */
	tc = tcase_create("Sums");
	tcase_set_timeout(tc, 120);
	tcase_set_tags(tc, "threads slow");
	tcase_add_loop_test(tc, test_part_counts_add_up, 0, NPROBLEMS);
	tcase_add_loop_test(tc, test_part_solutions_are_the_set, 0,
	    NPROBLEMS);
	suite_add_tcase(s, tc);
	return s;
}
