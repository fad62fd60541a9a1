/*
 * dance.h: the dancing steps, shared by every search of the library
 * (search.c, mult.c, memo.c) and by forcing (matrix.c).  They are static
 * inline so that each search loop gets them compiled into itself: they
 * are most of the time of every search.
 *
 * The invariant all of them rest on (dlx_impl.h): each undo step restores
 * exactly what its do step changed, provided the steps are undone in the
 * reverse order.
 */
#ifndef DANCE_H
#define DANCE_H

#include "lib/core/dlx_impl.h"

/*
 * The dancing steps.  "Updates" are counted as Knuth's DLX1 and DLX2 count
 * them: one for each item taken out of its horizontal list and one for each
 * node taken out of its vertical list, while covering; none while
 * uncovering.
 */

/*
 * Take option rr (through its node rr) out of every other item's list.
 * A primary item whose list this empties is noted in d->zero (the first
 * four of them since d->nzero was last cleared): the search's fast mode
 * looks there to give up an option that leaves an item no way to be
 * covered.  Missing some is harmless (the next level finds them); the
 * notes are only hints, checked against len before use.
 */
static inline void
hide(dlx *d, struct node *nd, int *len, int rr, uint64_t *updates)
{
	int	nn, cc, uu, dd;

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
			if (--len[cc] == 0 && cc <= d->nprimary &&
			    d->nzero < 4)
				d->zero[d->nzero++] = cc;
			(*updates)++;
		}
		nn++;
	}
}

static inline void
unhide(struct node *nd, int *len, int rr)
{
	int	nn, cc, uu, dd;

	for (nn = rr + 1; nn != rr;) {
		cc = nd[nn].top;
		if (cc <= 0) {
			nn = nd[nn].up;
			continue;
		}
		if (nd[nn].color >= 0) {
			uu = nd[nn].up;
			dd = nd[nn].down;
			nd[uu].down = nn;
			nd[dd].up = nn;
			len[cc]++;
		}
		nn++;
	}
}

static inline void
cover(dlx *d, int c)
{
	struct node	*nd = d->nodes;
	struct item	*it = d->items;
	int		 l, r, rr;

	l = it[c].prev;
	r = it[c].next;
	it[l].next = r;
	it[r].prev = l;
	if (c <= d->nprimary)
		d->len[c] += COVERED;
	d->st.updates++;
	for (rr = nd[c].down; rr != c; rr = nd[rr].down)
		hide(d, nd, d->len, rr, &d->st.updates);
}

static inline void
uncover(dlx *d, int c)
{
	struct node	*nd = d->nodes;
	struct item	*it = d->items;
	int		 l, r, rr;

	/* Any order of the options restores the lists (each node is in one
	 * list only); going up mirrors cover exactly. */
	for (rr = nd[c].up; rr != c; rr = nd[rr].up)
		unhide(nd, d->len, rr);
	l = it[c].prev;
	r = it[c].next;
	it[l].next = c;
	it[r].prev = c;
	if (c <= d->nprimary)
		d->len[c] -= COVERED;
}

/*
 * Purify item top(p) for p's color x: options that give the item another
 * color (or none) disappear; those with color x stay and are marked -1 so
 * that choosing them later commits nothing more for this item.
 */
static inline void
purify(dlx *d, int p)
{
	struct node	*nd = d->nodes;
	int		 c = nd[p].top, x = nd[p].color, rr;

	nd[c].color = x;
	for (rr = nd[c].down; rr != c; rr = nd[rr].down) {
		if (nd[rr].color != x)
			hide(d, nd, d->len, rr, &d->st.updates);
		else if (rr != p)
			nd[rr].color = -1;
	}
}

static inline void
unpurify(dlx *d, int p)
{
	struct node	*nd = d->nodes;
	int		 c = nd[p].top, x = nd[p].color, rr;

	for (rr = nd[c].up; rr != c; rr = nd[rr].up) {
		if (nd[rr].color < 0)
			nd[rr].color = x;
		else if (rr != p)
			unhide(nd, d->len, rr);
	}
}

/* Commit every item of p's option except the one p itself is in (when
 * skip_self) or all of them (forcing), going right. */
static inline void
commit_from(dlx *d, int p, int skip_self)
{
	struct node	*nd = d->nodes;
	int		 pp, cc, first;

	first = skip_self ? p + 1 : p;
	for (pp = first;;) {
		cc = nd[pp].top;
		if (cc <= 0) {
			pp = nd[pp].up;
		} else {
			if (nd[pp].color == 0)
				cover(d, cc);
			else if (nd[pp].color > 0)
				purify(d, pp);
			pp++;
		}
		if (pp == p)
			break;
	}
}

/* Exactly undo commit_from(d, p, skip_self), going left. */
static inline void
uncommit_from(dlx *d, int p, int skip_self)
{
	struct node	*nd = d->nodes;
	int		 pp, cc;

	pp = p - 1;
	if (!skip_self) {
		/* Forcing committed p too, first: undo it last. */
		for (;;) {
			cc = nd[pp].top;
			if (cc <= 0) {
				pp = nd[pp].down;
				continue;
			}
			if (pp == p)
				break;
			if (nd[pp].color == 0)
				uncover(d, cc);
			else if (nd[pp].color > 0)
				unpurify(d, pp);
			pp--;
		}
		if (nd[p].color == 0)
			uncover(d, nd[p].top);
		else if (nd[p].color > 0)
			unpurify(d, p);
		return;
	}
	while (pp != p) {
		cc = nd[pp].top;
		if (cc <= 0) {
			pp = nd[pp].down;
			continue;
		}
		if (nd[pp].color == 0)
			uncover(d, cc);
		else if (nd[pp].color > 0)
			unpurify(d, pp);
		pp--;
	}
}

/*
 * commit_from(d, p, 1) and uncommit_from(d, p, 1), calling hook(arg,
 * item, color) after each item they change: color 0 after covering or
 * uncovering it, the option's color (> 0) after purifying it, -1 after
 * unpurifying it.  The memoized count (memo.c) keeps its key up to date
 * this way.
 */
typedef void	dance_hook(void *arg, int item, int color);

static inline void
commit_hooked(dlx *d, int p, dance_hook *hook, void *arg)
{
	struct node	*nd = d->nodes;
	int		 pp, cc;

	for (pp = p + 1; pp != p;) {
		cc = nd[pp].top;
		if (cc <= 0) {
			pp = nd[pp].up;
			continue;
		}
		if (nd[pp].color == 0) {
			cover(d, cc);
			hook(arg, cc, 0);
		} else if (nd[pp].color > 0) {
			purify(d, pp);
			hook(arg, cc, nd[pp].color);
		}
		pp++;
	}
}

static inline void
uncommit_hooked(dlx *d, int p, dance_hook *hook, void *arg)
{
	struct node	*nd = d->nodes;
	int		 pp, cc;

	for (pp = p - 1; pp != p;) {
		cc = nd[pp].top;
		if (cc <= 0) {
			pp = nd[pp].down;
			continue;
		}
		if (nd[pp].color == 0) {
			uncover(d, cc);
			hook(arg, cc, 0);
		} else if (nd[pp].color > 0) {
			unpurify(d, pp);
			hook(arg, cc, -1);
		}
		pp--;
	}
}

#endif /* DANCE_H */
