/*
 * search.c: the search for exact covers, Knuth's Algorithm X (and C, with
 * colors) on the dancing links of dance.h, in two modes: Knuth's tree
 * (s->knuth), which reproduces DLX1's and DLX2's nodes and updates, and
 * the fast default, which gives up an option as soon as committing it
 * leaves an item no option, and stops scanning for the item to branch on
 * at a length of 0 or 1.  Then the calls built on it (solve, count,
 * first), the figures, and the primitives that split a search for the
 * threads and the parts.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "lib/core/dance.h"
#include "lib/engine/engine.h"
#include "lib/engine/loop.h"

/*
 * After committing an option: whether it left an uncovered primary item
 * with an empty list (among those hide() noted).  Covered items have len
 * >= COVERED, so len 0 means active and empty.
 */
static inline int
dead_end(const dlx *d)
{
	int	k;

	for (k = 0; k < d->nzero; k++)
		if (d->len[d->zero[k]] == 0)
			return 1;
	return 0;
}

/* hide(), telling whether it emptied the list of an active primary item. */
static inline int
hide_dead(struct node *nd, int *len, int rr, int np, uint64_t *updates)
{
	int	nn, cc, uu, dd, dead;

	dead = 0;
	for (nn = rr + 1; nn != rr;) {
		cc = nd[nn].top;
		if (cc <= 0) {
			nn = nd[nn].up;
			continue;
		}
		if (nd[nn].color >= 0) {
			uu = nd[nn].up;
			dd = nd[nn].down;
			nd[uu].down = dd;
			nd[dd].up = uu;
			if (--len[cc] == 0 && cc <= np)
				dead = 1;
			(*updates)++;
		}
		nn++;
	}
	return dead;
}

/*
 * commit_fast() gave up at node pp of option p, having undone pp's own
 * hiding: undo that of the nodes before it, then put the option's items
 * back in their lists, last out first in.
 */
static inline void
abandon(dlx *d, int p, int pp)
{
	struct node	*nd = d->nodes;
	struct item	*it = d->items;
	int		*len = d->len;
	int		 np = d->nprimary, cc, rr, l, r;

	/* pp's own hiding is undone; undo that of the items before it. */
	for (pp--; pp != p;) {
		cc = nd[pp].top;
		if (cc <= 0) {
			pp = nd[pp].down;
			continue;
		}
		if (nd[pp].color == 0) {
			for (rr = nd[cc].up; rr != cc; rr = nd[rr].up)
				unhide(nd, len, rr);
		} else if (nd[pp].color > 0)
			unpurify(d, pp);
		pp--;
	}
	/* Then put the items back, last out first in. */
	for (pp = p - 1; pp != p;) {
		cc = nd[pp].top;
		if (cc <= 0) {
			pp = nd[pp].down;
			continue;
		}
		if (nd[pp].color == 0) {
			l = it[cc].prev;
			r = it[cc].next;
			it[l].next = cc;
			it[r].prev = cc;
			if (cc <= np)
				len[cc] -= COVERED;
		}
		pp--;
	}
}

/*
 * The fast mode's commit_from(d, p, 1): the same changes, in an order
 * that lets it give up as soon as an item is left with no option.  All
 * the option's uncolored items leave the active list first (a covered
 * primary item has len >= COVERED), so from then on a list that hiding
 * empties is that of an item nothing in this option covers: the option
 * is a dead end.  Then it undoes exactly what it did, last change first,
 * and returns 1.  Otherwise it returns 0, leaving the lists exactly as
 * commit_from() does (the horizontal and vertical links are separate,
 * so taking the items out first changes nothing), which uncommit_from()
 * undoes.
 */
static inline int
commit_fast(dlx *d, int p)
{
	struct node	*nd = d->nodes;
	struct item	*it = d->items;
	int		*len = d->len;
	int		 np = d->nprimary, pp, cc, rr, l, r;

	for (pp = p + 1; pp != p;) {
		cc = nd[pp].top;
		if (cc <= 0) {
			pp = nd[pp].up;
			continue;
		}
		if (nd[pp].color == 0) {
			l = it[cc].prev;
			r = it[cc].next;
			it[l].next = r;
			it[r].prev = l;
			if (cc <= np)
				len[cc] += COVERED;
			d->st.updates++;
		}
		pp++;
	}
	for (pp = p + 1; pp != p;) {
		cc = nd[pp].top;
		if (cc <= 0) {
			pp = nd[pp].up;
			continue;
		}
		if (nd[pp].color == 0) {
			for (rr = nd[cc].down; rr != cc; rr = nd[rr].down)
				if (hide_dead(nd, len, rr, np, &d->st.updates)) {
					for (; rr != cc; rr = nd[rr].up)
						unhide(nd, len, rr);
					goto undo;
				}
		} else if (nd[pp].color > 0) {
			d->nzero = 0;
			purify(d, pp);
			if (d->nzero > 0 && dead_end(d)) {
				unpurify(d, pp);
				goto undo;
			}
		}
		pp++;
	}
	return 0;

undo:
	abandon(d, p, pp);
	return 1;
}

/* The option a node belongs to: walk right to the spacer that ends it. */
static int
option_of(const struct node *nd, int x)
{
	while (nd[x].top > 0)
		x++;
	return -nd[x].top - 1;
}

/*
 * The index of the first smallest of a[0..n-1], n >= 1.  Two passes: a
 * plain minimum, which vectorizes, then a search for its first place.
 */
#if defined(__GNUC__) && !defined(__clang__)
/* gcc vectorizes the minimum only at -O3; clang does at -O2. */
__attribute__((optimize("tree-vectorize")))
#endif
static int
first_min(const int *a, int n)
{
	int	m, k;

	m = INT_MAX;
	for (k = 0; k < n; k++)
		m = a[k] < m ? a[k] : m;
	for (k = 0; a[k] != m; k++)
		continue;
	return k;
}

/* Undo the commitments of levels 0..level-1, deepest first. */
static void
unwind(dlx *d, int level)
{
	int	p;

	while (level-- > 0) {
		p = d->choice[level];
		uncommit_from(d, p, 1);
		uncover(d, d->nodes[p].top);
	}
}

int
dlx_knuth_default(void)
{
	return DLX_KNUTH_DEFAULT;
}

/* The options of levels 0..depth-1, for visit (loop_fill_fn). */
static size_t
fill(void *arg, int *sol, int depth)
{
	const dlx	*d = arg;
	int		 l;

	for (l = 0; l < depth; l++)
		sol[l] = option_of(d->nodes, d->choice[l]);
	return (size_t)depth;
}

int
dlxi_search(dlx *d, const struct dlxi_search *s)
{
	static const struct dlxi_search	 none;
	struct loop			 lp;
	struct node			*nd;
	struct item			*it;
	int				 level, best, cur, rc, knuth;

	if (d == NULL)
		return DLX_EINVAL;
	if (d->searching)
		return DLX_EMISUSE;
	if (s == NULL)
		s = &none;
	loop_begin(d);
	if (mult_active(d)) {
		dlxi_settle(d);
		return mult_search(d, s);
	}
	it = d->items;
	nd = d->nodes;
	rc = DLX_OK;
	level = 0;
	best = cur = 0;		/* set at forward before any use */
	knuth = search_knuth(s);
	if (!knuth && !s->links && sparse_search(d, s, &rc))
		goto out;
	/* The links search needs the forced options on the links. */
	dlxi_settle(d);
	loop_start(&lp, d, s, &d->st, &d->level, d->sol, fill, d);

	/*
	 * Knuth's loop, with gotos as in his programs, and his step names
	 * (TAOCP 7.2.2.1, Algorithm X; the steps of Algorithm C are the
	 * same with commit and uncommit for cover and uncover), on the
	 * skeleton of loop.h: the state between labels is "levels
	 * 0..level-1 chosen and committed".  At forward the next level is
	 * entered (X2-X4); advance tries the option cur of item best (X5);
	 * recover undoes cur before the next option (X6); backup gives up
	 * on best and leaves the level (X7, X8).  It stays one function on
	 * purpose: the labels share the state of every level, and the hot
	 * path must stay in registers.
	 *
	 * Unless in Knuth's mode, an option that leaves some uncovered
	 * primary item with no option is undone at once (it is "abandoned")
	 * instead of entering a node that would find that item empty, and
	 * the item to branch on is the first with at most one option when
	 * there is one.  Neither changes which options are tried in which
	 * order at a node, only which nodes exist, so the solutions are
	 * the same.
	 */
forward:
	/* X2 [Enter level l], with the budgets and the progress call. */
	if ((rc = loop_enter(&lp, d->st.updates, level)) != DLX_OK)
		goto abort;
	d->st.nodes++;
	if (it[0].next == 0) {
		/* Nothing to cover at the root: the empty choice (plus what
		 * is forced) is the one solution. */
		level = -1;
		goto solution;
	}
	/* X3 [Choose i]: the primary item with fewest options, ties to
	 * the first.  X4 [Cover i], and x_l is its first option. */
	nd = d->nodes;
	if (knuth)
		best = first_min(d->len + 1, d->nprimary) + 1;
	else
		best = search_first_short(d->len + 1, d->nprimary, 1) + 1;
	if (d->len[best] > 1)
		d->st.branches++;
	cover(d, best);
	cur = d->choice[level] = nd[best].down;
advance:
	/* X5 [Try x_l]: past the last option, backtrack; else commit it. */
	if (cur == best)
		goto backup;
	if (knuth)
		commit_from(d, cur, 1);
	else if (commit_fast(d, cur)) {
		d->st.abandoned++;
		cur = d->choice[level] = nd[cur].down;
		goto advance;
	}
	if (it[0].next == 0)
		goto solution;
	if ((size_t)++level > d->st.max_depth)
		d->st.max_depth = (size_t)level;
	goto forward;
backup:
	/* X7 [Backtrack]: uncover i; X8 [Leave level l]. */
	uncover(d, best);
	if (level == 0)
		goto done;
	level--;
	cur = d->choice[level];
	best = d->nodes[cur].top;
recover:
	/* X6 [Try again]: undo x_l, take the next option of i. */
	uncommit_from(d, cur, 1);
	cur = d->choice[level] = d->nodes[cur].down;
	goto advance;

solution:
	/* Levels 0..level are chosen.  A solution is a node too: a run of
	 * solutions at one level must not slip past the budgets. */
	if ((rc = loop_emit(&lp, d->st.updates, level + 1, LOOP_NODE)) !=
	    DLX_OK) {
		level++;	/* level `level' is committed too (unless the
				   root was a solution) */
		goto abort;
	}
	if (level < 0)
		goto done;
	goto recover;

abort:
	loop_halt(lp, d->st.updates, level);
	unwind(d, level);
	goto out;
done:
	loop_done(&lp, d->st.updates);
out:
	loop_end(d);
	return rc;
}

void
dlx_stats(const dlx *d, struct dlx_stats *st)
{
	if (st == NULL)
		return;
	if (d == NULL)
		memset(st, 0, sizeof *st);
	else
		*st = d->st;
}

double
dlx_progress(const dlx *d)
{
	const struct node	*nd;
	double			 f, fd;
	int			 l, c, k, p;

	if (d == NULL)
		return 0.0;
	if (d->parallel)
		return d->progress;
	if (!d->searching)
		return d->searched ? d->progress : 0.0;
	if (mult_active(d))
		return mult_progress(d);
	if (d->running_progress != NULL)
		return d->running_progress(d);
	if (d->running != NULL)
		return sparse_progress(d);
	/*
	 * Knuth's estimate: if the choice at level 0 is the k-th of t, the
	 * fraction done is (k-1)/t plus 1/t times the estimate for the
	 * subtree, recursively; an unexplored subtree counts one half.  The
	 * list of a covered item does not change while it stays covered, so
	 * the position and the length are those seen when the choice was
	 * made.
	 */
	nd = d->nodes;
	f = 0.0;
	fd = 1.0;
	for (l = 0; l < d->level; l++) {
		c = nd[d->choice[l]].top;
		for (k = 1, p = nd[c].down; p != d->choice[l]; p = nd[p].down)
			k++;
		fd *= d->len[c] - COVERED;	/* c is covered */
		f += (k - 1) / fd;
	}
	f += 0.5 / fd;
	return f > 1.0 ? 1.0 : f;
}

int
search_branch(dlx *d, int knuth, int *item, int *options, uint64_t *updates,
    unsigned char *dead, size_t cap)
{
	struct dlx_stats	 saved;
	int			 best, rr, n, gone;
	uint64_t		 before;

	if (d == NULL || (options == NULL && cap > 0))
		return DLX_EINVAL;
	if (d->searching)
		return DLX_EMISUSE;
	if (mult_active(d))
		return DLX_ENOTSUP;
	dlxi_settle(d);
	if (d->items[0].next == 0) {
		if (item != NULL)
			*item = -1;
		return 0;
	}
	/* The same rule as dlxi_search(), on the same lengths.  (The two
	 * differ only where an item has no option and an earlier one has
	 * one: the fast tree takes that one, which has no sibling.) */
	if (knuth)
		best = first_min(d->len + 1, d->nprimary) + 1;
	else
		best = search_first_short(d->len + 1, d->nprimary, 1) + 1;
	if (item != NULL)
		*item = best - 1;
	saved = d->st;
	if ((updates != NULL || dead != NULL) && cap > 0)
		cover(d, best);
	n = 0;
	for (rr = d->nodes[best].down; rr != best; rr = d->nodes[rr].down) {
		if ((size_t)n < cap) {
			options[n] = option_of(d->nodes, rr);
			if (updates != NULL || dead != NULL) {
				/* What the search counts for choosing it,
				 * and whether the fast tree gives it up. */
				before = d->st.updates;
				if (knuth) {
					commit_from(d, rr, 1);
					gone = 0;
				} else
					gone = commit_fast(d, rr);
				if (updates != NULL)
					updates[n] = d->st.updates - before;
				if (dead != NULL)
					dead[n] = (unsigned char)gone;
				if (!gone)
					uncommit_from(d, rr, 1);
			}
		}
		n++;
	}
	if ((updates != NULL || dead != NULL) && cap > 0)
		uncover(d, best);
	d->st = saved;
	return n;
}

int
dlx_branch(dlx *d, int *item, int *options, uint64_t *updates, size_t cap)
{
	return search_branch(d, 1, item, options, updates, NULL, cap);
}

size_t
dlx_path(const dlx *d, int *options, size_t *untried, size_t cap)
{
	size_t	l, n;
	int	p, c;

	if (d == NULL || !d->searching || d->parallel)
		return 0;
	/* The bit boards keep no path of options (no checkpoint takes
	 * them). */
	if (d->running_progress != NULL)
		return 0;
	if (d->running != NULL)
		return sparse_path(d, options, untried, cap);
	if (mult_active(d))
		return mult_path(d, options, untried, cap);
	if (d->level < 0)
		return 0;
	n = (size_t)d->level;
	for (l = 0; l < n && l < cap; l++) {
		p = d->choice[l];
		if (options != NULL)
			options[l] = option_of(d->nodes, p);
		if (untried != NULL) {
			/* The item's list stays as it was when the choice
			 * was made while the item is covered. */
			c = d->nodes[p].top;
			untried[l] = 0;
			for (p = d->nodes[p].down; p != c; p = d->nodes[p].down)
				untried[l]++;
		}
	}
	return n;
}

const int *
dlxint_forced(const dlx *d, size_t *n)
{
	*n = (size_t)d->nforced;
	return d->forced;
}

void
dlxint_parallel(dlx *d, int on, int complete)
{
	d->searching = d->parallel = on;
	if (!on) {
		d->searched = 1;
		d->complete = complete;
		d->level = 0;
	}
}

void
dlxint_publish(dlx *d, const struct dlx_stats *st, double progress)
{
	d->st = *st;
	d->progress = progress;
}
