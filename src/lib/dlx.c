/*
 * dlx.c: exact cover by Algorithm X (and Algorithm C, with colors) on
 * dancing links.
 *
 * Representation.  The matrix lives in two arrays of ints, as in Knuth's
 * DLX1/DLX2, so that it is one allocation per array, relocatable, and kind
 * to the cache:
 *
 *   items[0 .. nitems+1]	the horizontal lists.  items[0] heads the
 *				circular list of active primary items,
 *				items[nitems+1] that of active secondary
 *				items; item k (1-based) is items[k].
 *   nodes[0 .. nnodes-1]	nodes[k] for 1 <= k <= nitems is the header
 *				of item k's vertical list (its top field
 *				holds the list length).  Then come the
 *				options, each a run of consecutive nodes,
 *				with a spacer node before the first option
 *				and after every option.
 *
 * A spacer's top is <= 0: the spacer after option j (0-based) has top
 * -(j+1), the very first one 0.  A spacer's up points to the first node
 * of the option before it and its down to the last node of the option
 * after it, which lets the loops below go round an option cyclically
 * without a separate "option start" lookup.  Nodes of a real option have
 * top = the item's index (>= 1).
 *
 * Colors: a node's color is 0 (none) or the color > 0 its option gives the
 * item.  While an item is purified (Algorithm C) the other nodes of its
 * list that carry the same color are marked -1, meaning "already
 * compatible": committing them does nothing and hiding skips them.  The
 * header's color field remembers the color of the latest purification, so
 * that dlx_option_color() can report the color of a -1 node.
 *
 * Dancing: removing x from a doubly linked list leaves x's own links
 * alone, so undoing the removals in exactly the reverse order restores the
 * lists.  Every change made by a search (or by dlx_force) is undone in LIFO
 * order, which is the invariant all of this rests on.
 *
 * The search is iterative (an explicit stack of choices, one per level),
 * so a solution of many thousands of options needs no C stack.  Each level
 * covers at least one primary item, so the depth never exceeds nprimary.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "dlx_impl.h"
#include "dlx_int.h"
#include "mult.h"


/* Indices are ints, as in Knuth's programs: half the memory of pointers
 * and the arrays can be moved by realloc.  This caps a matrix at INT_MAX
 * nodes, which is checked wherever the matrix grows. */

static void *
def_realloc(void *ctx, void *p, size_t n)
{
	(void)ctx;
	return realloc(p, n);
}

static void
def_free(void *ctx, void *p)
{
	(void)ctx;
	free(p);
}

static void *
xalloc(dlx *d, void *p, size_t nmemb, size_t size)
{
	if (nmemb != 0 && size > SIZE_MAX / nmemb)
		return NULL;
	return d->mem.realloc(d->mem.ctx, p, nmemb * size == 0 ? 1 :
	    nmemb * size);
}

static void
xfree(dlx *d, void *p)
{
	if (p != NULL)
		d->mem.free(d->mem.ctx, p);
}

int
dlx_create(dlx **dp, size_t nprimary, size_t nsecondary,
    const struct dlx_allocator *a)
{
	dlx	*d;

	if (dp == NULL || (a != NULL && (a->realloc == NULL ||
	    a->free == NULL)))
		return DLX_EINVAL;
	if (nprimary > (size_t)INT_MAX / 2 - 4 ||
	    nsecondary > (size_t)INT_MAX / 2 - 4)
		return DLX_EOVERFLOW;
	/* With the arguments checked, dlx_new_custom() fails only for
	 * want of memory. */
	if ((d = dlx_new_custom(nprimary, nsecondary, a)) == NULL)
		return DLX_ENOMEM;
	*dp = d;
	return DLX_OK;
}

dlx *
dlx_new(size_t nprimary, size_t nsecondary)
{
	return dlx_new_custom(nprimary, nsecondary, NULL);
}

dlx *
dlx_new_custom(size_t nprimary, size_t nsecondary,
    const struct dlx_allocator *a)
{
	struct dlx_allocator	 mem;
	dlx			*d;
	int			 n, k;

	if (a != NULL && (a->realloc == NULL || a->free == NULL))
		return NULL;
	/* Room for the headers, both list heads and the first spacer. */
	if (nprimary > (size_t)INT_MAX / 2 - 4 ||
	    nsecondary > (size_t)INT_MAX / 2 - 4)
		return NULL;
	if (a != NULL)
		mem = *a;
	else {
		mem.realloc = def_realloc;
		mem.free = def_free;
		mem.ctx = NULL;
	}
	if ((d = mem.realloc(mem.ctx, NULL, sizeof *d)) == NULL)
		return NULL;
	memset(d, 0, sizeof *d);
	d->mem = mem;
	d->nprimary = (int)nprimary;
	d->nitems = n = (int)(nprimary + nsecondary);
	d->capnodes = n + 2 + 64;
	d->capoptions = 16;
	d->items = xalloc(d, NULL, (size_t)n + 2, sizeof *d->items);
	d->len = xalloc(d, NULL, (size_t)n + 2, sizeof *d->len);
	d->nodes = xalloc(d, NULL, (size_t)d->capnodes, sizeof *d->nodes);
	d->ostart = xalloc(d, NULL, (size_t)d->capoptions + 1,
	    sizeof *d->ostart);
	d->mark = xalloc(d, NULL, (size_t)n + 2, sizeof *d->mark);
	d->forced = xalloc(d, NULL, nprimary + 1, sizeof *d->forced);
	d->choice = xalloc(d, NULL, nprimary + 1, sizeof *d->choice);
	d->sol = xalloc(d, NULL, nprimary + 1, sizeof *d->sol);
	if (d->items == NULL || d->len == NULL || d->nodes == NULL || d->ostart == NULL ||
	    d->mark == NULL || d->forced == NULL || d->choice == NULL ||
	    d->sol == NULL) {
		dlx_free(d);
		return NULL;
	}

	/* Primary items 1..nprimary in the list headed by 0, secondary
	 * items nprimary+1..n in the list headed by n+1, both in order of
	 * declaration: the branching rule breaks ties by this order. */
	for (k = 0; k <= n + 1; k++) {
		d->items[k].prev = k - 1;
		d->items[k].next = k + 1;
		d->mark[k] = 0;
		d->len[k] = 0;
	}
	d->items[0].prev = d->nprimary;
	d->items[d->nprimary].next = 0;
	if (d->nprimary < n) {
		d->items[n + 1].next = d->nprimary + 1;
		d->items[d->nprimary + 1].prev = n + 1;
		d->items[n + 1].prev = n;
		d->items[n].next = n + 1;
	} else
		d->items[n + 1].next = d->items[n + 1].prev = n + 1;

	for (k = 1; k <= n; k++) {
		d->nodes[k].up = d->nodes[k].down = k;
		d->nodes[k].top = 0;
		d->nodes[k].color = 0;
	}
	memset(&d->nodes[0], 0, sizeof d->nodes[0]);
	/* The first spacer. */
	d->nodes[n + 1].top = 0;
	d->nodes[n + 1].up = d->nodes[n + 1].down = 0;
	d->nodes[n + 1].color = 0;
	d->nnodes = n + 2;
	d->ostart[0] = n + 2;
	return d;
}

void
dlx_free(dlx *d)
{
	int	k;

	if (d == NULL)
		return;
	if (d->names != NULL) {
		for (k = 0; k < d->nitems; k++)
			xfree(d, d->names[k]);
		xfree(d, d->names);
	}
	xfree(d, d->items);
	xfree(d, d->len);
	xfree(d, d->nodes);
	xfree(d, d->ostart);
	xfree(d, d->mark);
	xfree(d, d->forced);
	xfree(d, d->choice);
	xfree(d, d->sol);
	mult_free(d);
	d->mem.free(d->mem.ctx, d);
}

size_t
dlx_nprimary(const dlx *d)
{
	return d == NULL ? 0 : (size_t)d->nprimary;
}

size_t
dlx_nsecondary(const dlx *d)
{
	return d == NULL ? 0 : (size_t)(d->nitems - d->nprimary);
}

size_t
dlx_noptions(const dlx *d)
{
	return d == NULL ? 0 : (size_t)d->noptions;
}

size_t
dlx_nforced(const dlx *d)
{
	return d == NULL ? 0 : (size_t)d->nforced;
}

int
dlx_set_item_name(dlx *d, int item, const char *name)
{
	char	*s;
	size_t	 len;

	if (d == NULL || name == NULL)
		return DLX_EINVAL;
	if (item < 0 || item >= d->nitems)
		return DLX_ERANGE;
	if (d->names == NULL) {
		d->names = xalloc(d, NULL, (size_t)d->nitems, sizeof *d->names);
		if (d->names == NULL)
			return DLX_ENOMEM;
		memset(d->names, 0, (size_t)d->nitems * sizeof *d->names);
	}
	len = strlen(name);
	if ((s = xalloc(d, NULL, len + 1, 1)) == NULL)
		return DLX_ENOMEM;
	memcpy(s, name, len + 1);
	xfree(d, d->names[item]);
	d->names[item] = s;
	return DLX_OK;
}

const char *
dlx_item_name(const dlx *d, int item)
{
	if (d == NULL || d->names == NULL || item < 0 || item >= d->nitems)
		return NULL;
	return d->names[item];
}

/* Make room for n more nodes and one more option; DLX_OK or an error. */
static int
grow(dlx *d, size_t n)
{
	void	*p;
	size_t	 need, cap;

	if (n > (size_t)INT_MAX - 1 - (size_t)d->nnodes)
		return DLX_EOVERFLOW;
	need = (size_t)d->nnodes + n + 1;	/* nodes and a spacer */
	if (need > (size_t)d->capnodes) {
		cap = (size_t)d->capnodes;
		while (cap < need)
			cap = cap > (size_t)INT_MAX / 2 ? (size_t)INT_MAX :
			    cap * 2;
		if ((p = xalloc(d, d->nodes, cap, sizeof *d->nodes)) == NULL)
			return DLX_ENOMEM;
		d->nodes = p;
		d->capnodes = (int)cap;
	}
	if (d->noptions == d->capoptions) {
		if (d->capoptions > INT_MAX / 2 - 1)
			return DLX_EOVERFLOW;
		cap = (size_t)d->capoptions * 2;
		if ((p = xalloc(d, d->ostart, cap + 1,
		    sizeof *d->ostart)) == NULL)
			return DLX_ENOMEM;
		d->ostart = p;
		d->capoptions = (int)cap;
	}
	return DLX_OK;
}

int
dlx_add_option(dlx *d, const int *items, size_t n)
{
	return dlx_add_option_colored(d, items, NULL, n);
}

int
dlx_add_option_colored(dlx *d, const int *items, const int *colors,
    size_t n)
{
	size_t	 k;
	int	 stamp, primary, rc, x, c, opt, spacer;

	if (d == NULL || (items == NULL && n > 0))
		return DLX_EINVAL;
	if (d->searching || d->nforced > 0)
		return DLX_EMISUSE;
	/* Validate everything before touching the matrix, so that a failed
	 * call changes nothing. */
	/* A fresh stamp per call makes the duplicate check O(n) without
	 * clearing marks; on the (distant) wrap, clear them once. */
	if (d->stamp == INT_MAX) {
		memset(d->mark, 0, ((size_t)d->nitems + 2) * sizeof *d->mark);
		d->stamp = 0;
	}
	stamp = ++d->stamp;
	primary = 0;
	for (k = 0; k < n; k++) {
		if (items[k] < 0 || items[k] >= d->nitems)
			return DLX_ERANGE;
		c = colors != NULL ? colors[k] : 0;
		if (c < 0 || (c != 0 && items[k] < d->nprimary))
			return DLX_ECOLOR;
		if (d->mark[items[k] + 1] == stamp)
			return DLX_EDUPITEM;
		d->mark[items[k] + 1] = stamp;
		if (items[k] < d->nprimary)
			primary = 1;
	}
	if (!primary)
		return DLX_ENOPRIMARY;
	if ((rc = grow(d, n)) != DLX_OK)
		return rc;

	opt = d->noptions;
	spacer = d->nnodes - 1;		/* the spacer before this option */
	for (k = 0; k < n; k++) {
		struct node	*hd, *nd;
		int		 i = items[k] + 1;

		x = d->nnodes++;
		hd = &d->nodes[i];
		nd = &d->nodes[x];
		nd->top = i;
		nd->color = colors != NULL ? colors[k] : 0;
		/* Append at the bottom of item i's list. */
		nd->up = hd->up;
		nd->down = i;
		d->nodes[hd->up].down = x;
		hd->up = x;
		d->len[i]++;
	}
	d->nodes[spacer].down = d->nnodes - 1;
	x = d->nnodes++;
	d->nodes[x].top = -(opt + 1);
	d->nodes[x].up = spacer + 1;
	d->nodes[x].down = 0;
	d->nodes[x].color = 0;
	d->noptions++;
	d->ostart[d->noptions] = d->nnodes;
	return opt;
}

size_t
dlx_option_size(const dlx *d, int opt)
{
	if (d == NULL || opt < 0 || opt >= d->noptions)
		return 0;
	return (size_t)(d->ostart[opt + 1] - d->ostart[opt] - 1);
}

int
dlx_option_item(const dlx *d, int opt, size_t k)
{
	if (k >= dlx_option_size(d, opt))
		return -1;
	return d->nodes[d->ostart[opt] + (int)k].top - 1;
}

int
dlx_option_color(const dlx *d, int opt, size_t k)
{
	const struct node	*nd;

	if (k >= dlx_option_size(d, opt))
		return 0;
	nd = &d->nodes[d->ostart[opt] + (int)k];
	/* -1 marks a node whose color equals its purified item's. */
	return nd->color >= 0 ? nd->color : d->nodes[nd->top].color;
}

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
	return 1;
}

/* Item c (1-based) is in its list of active items. */
static int
active(const dlx *d, int c)
{
	return d->items[d->items[c].prev].next == c;
}

int
dlx_force(dlx *d, int opt)
{
	struct node	*nd;
	int		 x, end;

	if (d == NULL)
		return DLX_EINVAL;
	if (d->searching)
		return DLX_EMISUSE;
	if (opt < 0 || opt >= d->noptions)
		return DLX_ERANGE;
	if (mult_active(d))
		return mult_force(d, opt);
	nd = d->nodes;
	end = d->ostart[opt + 1] - 1;
	/*
	 * The option is still possible iff each of its items is active and
	 * each of its nodes is still in its item's list.  A node taken out
	 * of a list is never pointed to by a list member (removals are
	 * undone LIFO), so "up's down is me" tells whether it is linked.
	 * An item in use by a forced option is either covered (inactive) or
	 * purified, and purification removed every node of another color.
	 */
	for (x = d->ostart[opt]; x < end; x++)
		if (!active(d, nd[x].top) || nd[nd[x].up].down != x)
			return DLX_ECONFLICT;
	commit_from(d, d->ostart[opt], 0);
	d->forced[d->nforced++] = opt;
	return DLX_OK;
}

int
dlx_unforce(dlx *d)
{
	int	opt;

	if (d == NULL)
		return DLX_EINVAL;
	if (d->searching || d->nforced == 0)
		return DLX_EMISUSE;
	if (mult_active(d))
		return mult_unforce(d);
	opt = d->forced[--d->nforced];
	uncommit_from(d, d->ostart[opt], 0);
	return DLX_OK;
}

void
dlx_unforce_all(dlx *d)
{
	if (d == NULL || d->searching)
		return;
	while (d->nforced > 0)
		(void)dlx_unforce(d);
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

/*
 * The fast mode's choice: the first item with at most one option if there
 * is one (no item can do better than 0 or 1, so the rest of the scan is
 * not needed), else the first smallest.  Blocks of 16 keep the minimum
 * vectorized while allowing the early stop.
 */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("tree-vectorize")))
#endif
static int
first_short(const int *a, int n)
{
	int	m, bm, b, e, k;

	m = INT_MAX;
	for (b = 0; b < n; b += 16) {
		e = n - b < 16 ? n : b + 16;
		bm = INT_MAX;
		for (k = b; k < e; k++)
			bm = a[k] < bm ? a[k] : bm;
		if (bm <= 1) {
			for (k = b; a[k] > 1; k++)
				continue;
			return k;
		}
		m = bm < m ? bm : m;
	}
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

/*
 * Whether the search must end before its next node (a level entered or a
 * solution).  Checking before counting keeps nodes <= max_nodes; updates
 * are only checked here, so they may pass max_updates by what one step
 * (covering an item and committing one option) unlinks.
 */
static int
over_budget(const dlx *d, const struct dlx_search *s)
{
	return (s->max_nodes != 0 && d->st.nodes >= s->max_nodes) ||
	    (s->max_updates != 0 && d->st.updates >= s->max_updates);
}

int
dlx_search(dlx *d, const struct dlx_search *s)
{
	static const struct dlx_search	 none;
	struct node			*nd;
	struct item			*it;
	uint64_t			 next_progress, interval;
	int				 level, best, cur, rc, c, knuth;
	size_t				 n, j;

	if (d == NULL)
		return DLX_EINVAL;
	if (d->searching)
		return DLX_EMISUSE;
	if (s == NULL)
		s = &none;
	if (mult_active(d))
		return mult_search(d, s);
	memset(&d->st, 0, sizeof d->st);
	d->searching = 1;
	d->searched = 0;
	d->complete = 0;
	it = d->items;
	nd = d->nodes;
	interval = s->progress_updates != 0 ? s->progress_updates :
	    (uint64_t)1 << 24;
	next_progress = interval;
	rc = DLX_OK;
	level = 0;
	best = cur = 0;		/* set at forward before any use */
	knuth = s->knuth != 0;

	/*
	 * Knuth's loop, with gotos as in his programs: the state between
	 * labels is "levels 0..level-1 chosen and committed".  At forward
	 * the next level is entered; advance tries the option cur of item
	 * best; backup gives up on best; recover undoes cur before trying
	 * the next option.
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
	if (over_budget(d, s)) {
		rc = DLX_INCOMPLETE;
		goto abort;
	}
	if (s->progress != NULL && d->st.updates >= next_progress) {
		next_progress = d->st.updates + interval;
		d->level = level;
		if (s->progress(s->progress_arg, &d->st) != 0) {
			rc = DLX_STOPPED;
			goto abort;
		}
	}
	d->st.nodes++;
	if (it[0].next == 0) {
		/* Nothing to cover at the root: the empty choice (plus what
		 * is forced) is the one solution. */
		level = -1;
		goto solution;
	}
	/* The primary item with fewest options, ties to the first. */
	nd = d->nodes;
	if (knuth)
		best = first_min(d->len + 1, d->nprimary) + 1;
	else
		best = first_short(d->len + 1, d->nprimary) + 1;
	if (d->len[best] > 1)
		d->st.branches++;
	cover(d, best);
	cur = d->choice[level] = nd[best].down;
advance:
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
	uncover(d, best);
	if (level == 0)
		goto done;
	level--;
	cur = d->choice[level];
	best = d->nodes[cur].top;
recover:
	uncommit_from(d, cur, 1);
	cur = d->choice[level] = d->nodes[cur].down;
	goto advance;

solution:
	/* A solution is a node too: a run of solutions at one level must
	 * not slip past the budgets. */
	if (over_budget(d, s)) {
		rc = DLX_INCOMPLETE;
		goto abort_solution;
	}
	if (d->st.solutions >= DLX_COUNT_MAX) {
		rc = DLX_EOVERFLOW;
		goto abort_solution;
	}
	d->st.nodes++;
	d->st.solutions++;
	if ((size_t)(level + 1) > d->st.max_depth)
		d->st.max_depth = (size_t)(level + 1);
	if (s->visit != NULL) {
		n = 0;
		for (j = 0; j < (size_t)d->nforced; j++)
			d->sol[n++] = d->forced[j];
		for (c = 0; c <= level; c++)
			d->sol[n++] = option_of(d->nodes, d->choice[c]);
		d->level = level + 1;
		if (s->visit(s->visit_arg, d->sol, n) != 0) {
			rc = DLX_STOPPED;
			goto abort_solution;
		}
	}
	if (s->max_solutions != 0 && d->st.solutions >= s->max_solutions) {
		rc = DLX_LIMIT;
		goto abort_solution;
	}
	if (level < 0)
		goto done;
	goto recover;

abort_solution:
	/* Level `level' is committed too (unless the root was a solution). */
	level++;
abort:
	/* Keep the estimate of where the search stopped: the lists it is
	 * read from are about to be restored. */
	d->level = level;
	d->progress = dlx_progress(d);
	unwind(d, level);
	goto out;
done:
	d->complete = 1;
	d->progress = 1.0;
out:
	d->level = 0;
	d->searching = 0;
	d->searched = 1;
	return rc;
}

struct first_arg {
	int	*buf;
	size_t	 cap;
	size_t	 n;
};

static int
first_visit(void *arg, const int *options, size_t n)
{
	struct first_arg	*fa = arg;

	/* buf may be NULL when cap is 0, and memcpy wants real pointers
	 * even for no bytes. */
	if (n > 0 && fa->cap > 0)
		memcpy(fa->buf, options,
		    (n < fa->cap ? n : fa->cap) * sizeof *options);
	fa->n = n;
	return 0;
}

/* The solutions a search that returned rc found: none if it was refused
 * (d's statistics then belong to another search, perhaps still running). */
static uint64_t
solutions_found(const dlx *d, int rc)
{
	if (d == NULL || rc == DLX_EINVAL || rc == DLX_EMISUSE)
		return 0;
	return d->st.solutions;
}

int
dlx_solve(dlx *d, dlx_solution_fn *fn, void *arg, uint64_t *count)
{
	struct dlx_search	s;
	int			rc;

	memset(&s, 0, sizeof s);
	s.visit = fn;
	s.visit_arg = arg;
	rc = dlx_search(d, &s);
	if (count != NULL)
		*count = solutions_found(d, rc);
	return rc;
}

int
dlx_count(dlx *d, uint64_t max, uint64_t *count)
{
	struct dlx_search	s;
	int			rc;

	memset(&s, 0, sizeof s);
	s.max_solutions = max;
	rc = dlx_search(d, &s);
	if (count != NULL)
		*count = solutions_found(d, rc);
	return rc;
}

int
dlx_first(dlx *d, int *options, size_t cap, size_t *n)
{
	struct dlx_search	s;
	struct first_arg	fa;
	int			rc;

	if (options == NULL && cap > 0)
		return DLX_EINVAL;
	fa.buf = options;
	fa.cap = cap;
	fa.n = 0;
	memset(&s, 0, sizeof s);
	s.visit = first_visit;
	s.visit_arg = &fa;
	s.max_solutions = 1;
	rc = dlx_search(d, &s);
	if (n != NULL)
		*n = fa.n;
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

size_t
dlx_memory(const dlx *d)
{
	size_t	m;
	int	k;

	if (d == NULL)
		return 0;
	m = sizeof *d;
	m += ((size_t)d->nitems + 2) * (sizeof *d->items + sizeof *d->mark +
	    sizeof *d->len);
	m += (size_t)d->capnodes * sizeof *d->nodes;
	m += ((size_t)d->capoptions + 1) * sizeof *d->ostart;
	m += 3 * ((size_t)d->nprimary + 1) * sizeof(int);
	if (d->names != NULL) {
		m += (size_t)d->nitems * sizeof *d->names;
		for (k = 0; k < d->nitems; k++)
			if (d->names[k] != NULL)
				m += strlen(d->names[k]) + 1;
	}
	return m + mult_memory(d);
}

/* Check one circular list of active items headed by h, and the vertical
 * list of each.  Returns 0 if sound. */
static int
check_list(const dlx *d, int h, int lo, int hi)
{
	const struct node	*nd = d->nodes;
	const struct item	*it = d->items;
	int			 q, p, pp, qq, k, steps;

	steps = 0;
	for (q = h, p = it[h].next;; q = p, p = it[p].next) {
		if (p < 0 || p > d->nitems + 1 || it[p].prev != q)
			return -1;
		if (p == h)
			break;
		if (p < lo || p > hi || ++steps > d->nitems)
			return -1;
		k = 0;
		for (qq = p, pp = nd[p].down;; qq = pp, pp = nd[pp].down) {
			if (pp < 1 || pp >= d->nnodes || nd[pp].up != qq)
				return -1;
			if (pp == p)
				break;
			if (nd[pp].top != p || ++k > d->nnodes)
				return -1;
		}
		if (d->len[p] != k)
			return -1;
	}
	return 0;
}

int
dlx_check(const dlx *d)
{
	const struct node	*nd;
	int			 j, x, end;

	if (d == NULL)
		return DLX_EINVAL;
	nd = d->nodes;
	if (check_list(d, 0, 1, d->nprimary) != 0 ||
	    check_list(d, d->nitems + 1, d->nprimary + 1, d->nitems) != 0)
		return DLX_ECORRUPT;
	/* A primary item is large in len[] exactly while it is covered. */
	for (j = 1; j <= d->nprimary; j++)
		if (active(d, j) != (d->len[j] < COVERED))
			return DLX_ECORRUPT;
	if (d->nforced < 0 || (d->nforced > d->nprimary && !mult_active(d)) ||
	    d->nnodes != d->ostart[d->noptions] || d->nnodes > d->capnodes)
		return DLX_ECORRUPT;
	/* Every option: a run of item nodes framed by the right spacers. */
	if (nd[d->ostart[0] - 1].top != 0)
		return DLX_ECORRUPT;
	for (j = 0; j < d->noptions; j++) {
		end = d->ostart[j + 1] - 1;
		if (end <= d->ostart[j] || nd[end].top != -(j + 1) ||
		    nd[end].up != d->ostart[j] ||
		    nd[d->ostart[j] - 1].down != end - 1)
			return DLX_ECORRUPT;
		for (x = d->ostart[j]; x < end; x++)
			if (nd[x].top < 1 || nd[x].top > d->nitems ||
			    nd[x].color < -1)
				return DLX_ECORRUPT;
	}
	for (j = 0; j < d->nforced; j++)
		if (d->forced[j] < 0 || d->forced[j] >= d->noptions)
			return DLX_ECORRUPT;
	return DLX_OK;
}

/*
 * The dancing steps for the other search loops of the library (mult.c);
 * see dlx_impl.h.  Out of line here, inline in the loop above.
 */
void
dlxi_cover(dlx *d, int c)
{
	cover(d, c);
}

void
dlxi_uncover(dlx *d, int c)
{
	uncover(d, c);
}

void
dlxi_purify(dlx *d, int p)
{
	purify(d, p);
}

void
dlxi_unpurify(dlx *d, int p)
{
	unpurify(d, p);
}

void
dlxi_hide(dlx *d, int rr)
{
	hide(d, d->nodes, d->len, rr, &d->st.updates);
}

void
dlxi_unhide(dlx *d, int rr)
{
	unhide(d->nodes, d->len, rr);
}

/* ---- Primitives for splitting a search (parallel.c, parts) ----------
 *
 * A search can be cut into independent subproblems: the options chosen on
 * the way from the root to a node of the search tree, forced with
 * dlx_force(), leave exactly the subtree under that node, because forcing
 * an option leaves the same items and options active as choosing it, in
 * the same list order.  Nothing here touches the search loop above.
 */

dlx *
dlx_clone(const dlx *d)
{
	dlx	*c;
	size_t	 ni;
	int	 k;

	/* Item bounds are not copied: a search with bounds stays serial
	 * (dlx_search_parallel checks first). */
	if (d == NULL || d->searching || mult_active(d))
		return NULL;
	if ((c = d->mem.realloc(d->mem.ctx, NULL, sizeof *c)) == NULL)
		return NULL;
	*c = *d;
	c->mult = NULL;
	c->items = NULL;
	c->len = NULL;
	c->nodes = NULL;
	c->ostart = NULL;
	c->mark = NULL;
	c->forced = NULL;
	c->choice = NULL;
	c->sol = NULL;
	c->names = NULL;
	ni = (size_t)d->nitems + 2;
	c->items = xalloc(c, NULL, ni, sizeof *c->items);
	c->len = xalloc(c, NULL, ni, sizeof *c->len);
	c->mark = xalloc(c, NULL, ni, sizeof *c->mark);
	c->nodes = xalloc(c, NULL, (size_t)d->capnodes, sizeof *c->nodes);
	c->ostart = xalloc(c, NULL, (size_t)d->capoptions + 1,
	    sizeof *c->ostart);
	c->forced = xalloc(c, NULL, (size_t)d->nprimary + 1,
	    sizeof *c->forced);
	c->choice = xalloc(c, NULL, (size_t)d->nprimary + 1,
	    sizeof *c->choice);
	c->sol = xalloc(c, NULL, (size_t)d->nprimary + 1, sizeof *c->sol);
	if (d->names != NULL && (c->names = xalloc(c, NULL,
	    (size_t)d->nitems, sizeof *c->names)) != NULL)
		memset(c->names, 0, (size_t)d->nitems * sizeof *c->names);
	if (c->items == NULL || c->len == NULL || c->mark == NULL ||
	    c->nodes == NULL || c->ostart == NULL || c->forced == NULL ||
	    c->choice == NULL || c->sol == NULL ||
	    (d->names != NULL && c->names == NULL))
		goto fail;
	memcpy(c->items, d->items, ni * sizeof *c->items);
	memcpy(c->len, d->len, ni * sizeof *c->len);
	memcpy(c->mark, d->mark, ni * sizeof *c->mark);
	memcpy(c->nodes, d->nodes, (size_t)d->nnodes * sizeof *c->nodes);
	memcpy(c->ostart, d->ostart, ((size_t)d->noptions + 1) *
	    sizeof *c->ostart);
	memcpy(c->forced, d->forced, ((size_t)d->nprimary + 1) *
	    sizeof *c->forced);
	for (k = 0; d->names != NULL && k < d->nitems; k++) {
		if (d->names[k] == NULL)
			continue;
		if ((c->names[k] = xalloc(c, NULL, strlen(d->names[k]) + 1,
		    1)) == NULL)
			goto fail;
		memcpy(c->names[k], d->names[k], strlen(d->names[k]) + 1);
	}
	memset(&c->st, 0, sizeof c->st);
	c->searched = c->complete = c->parallel = 0;
	c->progress = 0.0;
	c->level = 0;
	return c;
fail:
	dlx_free(c);
	return NULL;
}

int
dlx_branch(dlx *d, int *item, int *options, uint64_t *updates, size_t cap)
{
	struct dlx_stats	 saved;
	int			 best, rr, n;
	uint64_t		 before;

	if (d == NULL || (options == NULL && cap > 0))
		return DLX_EINVAL;
	if (d->searching)
		return DLX_EMISUSE;
	if (mult_active(d))
		return DLX_ENOTSUP;
	if (d->items[0].next == 0) {
		if (item != NULL)
			*item = -1;
		return 0;
	}
	/* The same rule as dlx_search(), on the same lengths. */
	best = first_min(d->len + 1, d->nprimary) + 1;
	if (item != NULL)
		*item = best - 1;
	saved = d->st;
	if (updates != NULL && cap > 0)
		cover(d, best);
	n = 0;
	for (rr = d->nodes[best].down; rr != best; rr = d->nodes[rr].down) {
		if ((size_t)n < cap) {
			options[n] = option_of(d->nodes, rr);
			if (updates != NULL) {
				/* What the search counts for choosing it. */
				before = d->st.updates;
				commit_from(d, rr, 1);
				updates[n] = d->st.updates - before;
				uncommit_from(d, rr, 1);
			}
		}
		n++;
	}
	if (updates != NULL && cap > 0)
		uncover(d, best);
	d->st = saved;
	return n;
}

size_t
dlx_path(const dlx *d, int *options, size_t *untried, size_t cap)
{
	size_t	l, n;
	int	p, c;

	if (d == NULL || !d->searching || d->parallel || d->level < 0)
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
