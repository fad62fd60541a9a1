/*
 * mult.c: multiplicities, exact covering where primary item i must be
 * covered between lo_i and hi_i times: Knuth's Algorithm M, the algorithm
 * of his program DLX3, on the matrix of matrix.c (see dlx_impl.h).
 *
 * Each primary item k has two numbers, as in DLX3:
 *
 *   bound[k]	how many more options may cover k (hi_k at rest, less one
 *		for each chosen or forced option naming k);
 *   slack[k]	hi_k - lo_k, which never changes.
 *
 * k still needs bound - slack options.  It stays active (in the list of
 * items headed by 0) while bound > 0; when bound reaches 0 it is covered
 * with dance.h's cover(), which hides its remaining options.
 *
 * The search branches on an active item k.  With bound = 1 and slack = 0
 * this is Algorithm X: cover k, then try each option of its list.
 * Otherwise the branches are "the first option of k's list joins the
 * solution", "the second one joins (the first is left out)", ..., and,
 * when k's lower bound is already met, "no further option for k": k is
 * taken out of the active list (a null move).  Leaving out the options
 * tried so far is Knuth's *tweak*: the option at the top of k's list is
 * hidden and taken out of that list too, so that the deeper levels, which
 * may branch on k again, see only the options not yet tried.  Untweaking
 * relinks the whole run of tweaked options in one sweep, because each
 * tweaked node still points down to the next one (see untweak()).
 *
 * The branching degree of k is len + s - bound + 1 with s = min(slack,
 * bound): the options that can be first, less those that must stay for
 * the rest of k's quota, plus the null move when it is allowed.  A degree
 * <= 0 means k cannot be satisfied: the node is a dead end.  The item of
 * least degree is chosen, ties to the smaller s, then to the longer list
 * (Knuth found that it keeps the middle of the tree narrower), then to
 * the item declared first.  These are DLX3's rules, so the nodes and
 * updates counted here are DLX3's.
 *
 * Depth: every level either chooses an option (hidden from then on) or
 * takes an item out for good, so it never exceeds noptions + nprimary.
 *
 * Paths.  Since an option chosen at a level leaves the earlier ones of
 * the item's list out of its subtree, no set of forced options names a
 * node of this tree.  The drivers (drive/mult_drive.c) name a node by
 * the ranks of the branches on the way to it instead (rank[] per level),
 * and msearch() replays such a path, skipping each forced level's
 * earlier siblings as the search would have left them (engine.h,
 * "Algorithm M's tree split").
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "lib/core/dance.h"
#include "lib/engine/engine.h"
#include "lib/engine/loop.h"

struct dlx_mult {
	int		*hi;		/* per item (1-based): upper bound */
	int		*bound;		/* per item: options that may still
					   cover it; hi at rest */
	int		*slack;		/* per item: hi - lo */
	int		 nbounded;	/* primary items not 1..1 */
	size_t		 fcap;		/* entries allocated for d->forced */
	/* The search, one entry per level. */
	int		*choice;	/* node chosen, or the item's header
					   for a null move */
	int		*first;		/* top of the item's list when the
					   level began, if tweaking; else 0 */
	int		*score;		/* branching degree of the level */
	int		*sol;		/* solution being reported */
	int		*rank;		/* per level: the branch taken, 0 for
					   the first (the null move last) */
	int		*zero;		/* items with bound 0 covered for the
					   search */
	size_t		 cap;		/* entries of choice, first, score,
					   sol and rank; zero has nprimary */
	int		 level;		/* depth, while a callback runs */
	struct mult_task *task;		/* the task searched, or NULL */
};

/* d's bounds (d->ext_data while d->ext is mult_ext), or NULL. */
#define MULT(d)	((struct dlx_mult *)(d)->ext_data)

static const struct dlxi_ext mult_ext;

static void *
mrealloc(dlx *d, void *p, size_t nmemb, size_t size)
{
	if (nmemb != 0 && size > SIZE_MAX / nmemb)
		return NULL;
	return d->mem.realloc(d->mem.ctx, p, nmemb * size == 0 ? 1 :
	    nmemb * size);
}

static void
mfree(dlx *d, void *p)
{
	if (p != NULL)
		d->mem.free(d->mem.ctx, p);
}

int
mult_active(const dlx *d)
{
	return d->ext == &mult_ext && MULT(d)->nbounded > 0;
}

static void
mult_free(dlx *d)
{
	struct dlx_mult	*m = MULT(d);

	if (m == NULL)
		return;
	mfree(d, m->hi);
	mfree(d, m->bound);
	mfree(d, m->slack);
	mfree(d, m->choice);
	mfree(d, m->first);
	mfree(d, m->score);
	mfree(d, m->sol);
	mfree(d, m->rank);
	mfree(d, m->zero);
	mfree(d, m);
	d->ext_data = NULL;
	d->ext = NULL;
}

static size_t
mult_memory(const dlx *d)
{
	const struct dlx_mult	*m = MULT(d);

	if (m == NULL)
		return 0;
	return sizeof *m + 3 * ((size_t)d->nitems + 2) * sizeof(int) +
	    5 * m->cap * sizeof(int) + (size_t)d->nprimary * sizeof(int) +
	    (m->fcap > (size_t)d->nprimary + 1 ?
	    (m->fcap - (size_t)d->nprimary - 1) * sizeof(int) : 0);
}

/* Create the bounds of d with every item at 1..1. */
static int
mult_new(dlx *d)
{
	struct dlx_mult	*m;
	size_t		 n = (size_t)d->nitems + 2;
	size_t		 k;

	if ((m = mrealloc(d, NULL, 1, sizeof *m)) == NULL)
		return DLX_ENOMEM;
	memset(m, 0, sizeof *m);
	m->hi = mrealloc(d, NULL, n, sizeof *m->hi);
	m->bound = mrealloc(d, NULL, n, sizeof *m->bound);
	m->slack = mrealloc(d, NULL, n, sizeof *m->slack);
	d->ext_data = m;
	d->ext = &mult_ext;
	if (m->hi == NULL || m->bound == NULL || m->slack == NULL) {
		mult_free(d);
		return DLX_ENOMEM;
	}
	for (k = 0; k < n; k++) {
		m->hi[k] = m->bound[k] = 1;
		m->slack[k] = 0;
	}
	m->fcap = (size_t)d->nprimary + 1;	/* what dlx_new gave */
	return DLX_OK;
}

int
dlx_set_item_bounds(dlx *d, int item, int lo, int hi)
{
	struct dlx_mult	*m;
	int		 rc, was, now, k;

	if (d == NULL)
		return DLX_EINVAL;
	if (d->searching || d->nforced > 0)
		return DLX_EMISUSE;
	if (item < 0 || item >= d->nitems)
		return DLX_ERANGE;
	if (item >= d->nprimary || lo < 0 || lo > hi)
		return DLX_EINVAL;
	if (MULT(d) == NULL) {
		if (lo == 1 && hi == 1)
			return DLX_OK;
		if ((rc = mult_new(d)) != DLX_OK)
			return rc;
	}
	m = MULT(d);
	k = item + 1;
	was = m->hi[k] != 1 || m->slack[k] != 0;
	now = lo != 1 || hi != 1;
	m->nbounded += now - was;
	m->hi[k] = m->bound[k] = hi;
	m->slack[k] = hi - lo;
	return DLX_OK;
}

int
dlx_item_bounds(const dlx *d, int item, int *lo, int *hi)
{
	if (d == NULL || lo == NULL || hi == NULL)
		return DLX_EINVAL;
	if (item < 0 || item >= d->nitems)
		return DLX_ERANGE;
	if (item >= d->nprimary)
		return DLX_EINVAL;
	if (MULT(d) == NULL) {
		*lo = *hi = 1;
		return DLX_OK;
	}
	*hi = MULT(d)->hi[item + 1];
	*lo = *hi - MULT(d)->slack[item + 1];
	return DLX_OK;
}

/* Item c is in its list of active items. */
static int
active(const dlx *d, int c)
{
	return d->items[d->items[c].prev].next == c;
}

/* Take the active item c out of the active list without hiding anything
 * (a null move), and put it back.  len[c] carries COVERED meanwhile, so
 * that "active" and "len < COVERED" keep meaning the same (dlx_check). */
static void
deactivate(dlx *d, int c)
{
	struct item	*it = d->items;

	it[it[c].prev].next = it[c].next;
	it[it[c].next].prev = it[c].prev;
	d->len[c] += COVERED;
}

static void
reactivate(dlx *d, int c)
{
	struct item	*it = d->items;

	it[it[c].prev].next = c;
	it[it[c].next].prev = c;
	d->len[c] -= COVERED;
}

/* Take node x out of its item's list (one update), and put it back. */
static void
unlink_node(dlx *d, int x)
{
	struct node	*nd = d->nodes;

	nd[nd[x].up].down = nd[x].down;
	nd[nd[x].down].up = nd[x].up;
	d->len[nd[x].top]--;
	d->st.updates++;
}

static void
relink_node(dlx *d, int x)
{
	struct node	*nd = d->nodes;

	nd[nd[x].up].down = x;
	nd[nd[x].down].up = x;
	d->len[nd[x].top]++;
}

/*
 * Tweak: n is the top of its item's list.  Take it out of that list and,
 * if block, hide its option from every other list (when the item is
 * covered, cover() has hidden it already).
 */
static void
tweak(dlx *d, int n, int block)
{
	if (block)
		hide(d, d->nodes, d->len, n, &d->st.updates);
	unlink_node(d, n);
}

/*
 * Undo the tweaks of a level at item c whose list began at x.  A tweaked
 * node is never touched again while its level lasts, so the tweaked nodes
 * still point down to one another, from x to z, the present top: setting
 * c's down to x and each up field along that chain relinks them all.
 * Their options are unhidden top down, as cover() went (each node is in
 * one list only, so the order does not matter).  If !unblock, c itself was
 * covered: uncover it now that its list is whole.
 */
static void
untweak(dlx *d, int c, int x, int unblock)
{
	struct node	*nd = d->nodes;
	int		 z, rr, qq, k;

	z = nd[c].down;
	nd[c].down = x;
	for (rr = x, qq = c, k = 0; rr != z; qq = rr, rr = nd[rr].down) {
		nd[rr].up = qq;
		k++;
		if (unblock)
			unhide(d->nodes, d->len, rr);
	}
	nd[z].up = qq;
	d->len[c] += k;
	if (!unblock)
		uncover(d, c);
}

/*
 * The option of node p joins the solution: every item of it but p's own
 * takes one of its places, going right.  A primary item is covered when
 * its bound reaches 0, a secondary one covered or purified as in DLX2.
 */
static void
commit(dlx *d, int p)
{
	struct node	*nd = d->nodes;
	int		*bound = MULT(d)->bound;
	int		 pp, c;

	for (pp = p + 1; pp != p;) {
		c = nd[pp].top;
		if (c <= 0) {
			pp = nd[pp].up;
			continue;
		}
		if (c <= d->nprimary) {
			if (--bound[c] == 0)
				cover(d, c);
		} else if (nd[pp].color == 0)
			cover(d, c);
		else if (nd[pp].color > 0)
			purify(d, pp);
		pp++;
	}
}

/* Exactly undo commit(d, p), going left. */
static void
uncommit(dlx *d, int p)
{
	struct node	*nd = d->nodes;
	int		*bound = MULT(d)->bound;
	int		 pp, c;

	for (pp = p - 1; pp != p;) {
		c = nd[pp].top;
		if (c <= 0) {
			pp = nd[pp].down;
			continue;
		}
		if (c <= d->nprimary) {
			if (bound[c] == 0)
				uncover(d, c);
			bound[c]++;
		} else if (nd[pp].color == 0)
			uncover(d, c);
		else if (nd[pp].color > 0)
			unpurify(d, pp);
		pp--;
	}
}

/* The first node of option opt on a primary item: it holds no -1 color,
 * so it can be unlinked by hand. */
static int
anchor(const dlx *d, int opt)
{
	int	x;

	for (x = d->ostart[opt]; d->nodes[x].top > d->nprimary; x++)
		continue;
	return x;
}

static int
mult_force(dlx *d, int opt)
{
	struct dlx_mult	*m = MULT(d);
	struct node	*nd = d->nodes;
	int		*p;
	int		 x, c, end;
	size_t		 cap;

	end = d->ostart[opt + 1] - 1;
	/*
	 * Possible iff each item is active and can take one more option,
	 * and each node is still in its list: a chosen or forced option
	 * has left every list, an option of a covered item or of another
	 * color has left the others.
	 */
	for (x = d->ostart[opt]; x < end; x++) {
		c = nd[x].top;
		if (!active(d, c) || nd[nd[x].up].down != x ||
		    (c <= d->nprimary && m->bound[c] == 0))
			return DLX_ECONFLICT;
	}
	if ((size_t)d->nforced == m->fcap) {
		cap = m->fcap * 2;
		if (cap > (size_t)d->noptions + 1)
			cap = (size_t)d->noptions + 1;
		if ((p = mrealloc(d, d->forced, cap, sizeof *p)) == NULL)
			return DLX_ENOMEM;
		d->forced = p;
		m->fcap = cap;
	}
	/* The option leaves every list, then takes its places. */
	x = anchor(d, opt);
	tweak(d, x, 1);
	c = nd[x].top;
	if (--m->bound[c] == 0)
		cover(d, c);
	commit(d, x);
	d->forced[d->nforced++] = opt;
	return DLX_OK;
}

static int
mult_unforce(dlx *d)
{
	struct dlx_mult	*m = MULT(d);
	int		 x, c;

	x = anchor(d, d->forced[--d->nforced]);
	uncommit(d, x);
	c = d->nodes[x].top;
	if (m->bound[c] == 0)
		uncover(d, c);
	m->bound[c]++;
	relink_node(d, x);
	unhide(d->nodes, d->len, x);
	return DLX_OK;
}

/* How the core reaches the bounds: forcing, memory, freeing. */
static const struct dlxi_ext mult_ext = {
	mult_active,
	mult_force,
	mult_unforce,
	mult_memory,
	mult_free,
};

/* Room for a search: one entry per level, per option of a solution. */
static int
reserve(dlx *d)
{
	struct dlx_mult	*m = MULT(d);
	size_t		 need;
	int		*p;

	need = (size_t)d->noptions + (size_t)d->nprimary + 1;
	if (m->zero == NULL && (m->zero = mrealloc(d, NULL,
	    (size_t)d->nprimary, sizeof *m->zero)) == NULL)
		return DLX_ENOMEM;
	if (need <= m->cap)
		return DLX_OK;
	if ((p = mrealloc(d, m->choice, need, sizeof *p)) == NULL)
		return DLX_ENOMEM;
	m->choice = p;
	if ((p = mrealloc(d, m->first, need, sizeof *p)) == NULL)
		return DLX_ENOMEM;
	m->first = p;
	if ((p = mrealloc(d, m->score, need, sizeof *p)) == NULL)
		return DLX_ENOMEM;
	m->score = p;
	if ((p = mrealloc(d, m->sol, need, sizeof *p)) == NULL)
		return DLX_ENOMEM;
	m->sol = p;
	if ((p = mrealloc(d, m->rank, need, sizeof *p)) == NULL)
		return DLX_ENOMEM;
	m->rank = p;
	m->cap = need;
	return DLX_OK;
}

/* The option a node belongs to: walk right to the spacer that ends it. */
static int
option_of(const struct node *nd, int x)
{
	while (nd[x].top > 0)
		x++;
	return -nd[x].top - 1;
}

double
mult_progress(const dlx *d)
{
	const struct dlx_mult	*m = MULT(d);
	const struct node	*nd = d->nodes;
	double			 f, fd;
	int			 l, c, k, p, cur;

	/*
	 * As in search.c: choice l is the k-th of score[l] branches.  The
	 * branches of a tweaking level are counted from the list's top when
	 * the level began: the tweaked nodes still lead down to the present
	 * choice (see untweak()).
	 */
	f = 0.0;
	fd = 1.0;
	for (l = 0; l < m->level; l++) {
		cur = m->choice[l];
		c = cur <= d->nitems ? cur : nd[cur].top;
		p = m->first[l] != 0 ? m->first[l] : nd[c].down;
		for (k = 1; p != cur && k < m->score[l]; p = nd[p].down)
			k++;
		fd *= m->score[l];
		f += (k - 1) / fd;
	}
	f += 0.5 / fd;
	return f > 1.0 ? 1.0 : f;
}

/* The options of levels 0..depth-1, null moves left out (loop_fill_fn). */
static size_t
fill(void *arg, int *sol, int depth)
{
	const dlx		*d = arg;
	const struct dlx_mult	*m = MULT(d);
	size_t			 n;
	int			 l;

	n = 0;
	for (l = 0; l < depth; l++)
		if (m->choice[l] > d->nitems)
			sol[n++] = option_of(d->nodes, m->choice[l]);
	return n;
}

size_t
mult_path(const dlx *d, int *branch, size_t *untried, size_t cap)
{
	const struct dlx_mult	*m = MULT(d);
	size_t			 from, l, i;

	from = m->task != NULL ? *m->task->len : 0;
	if ((size_t)m->level <= from)
		return 0;
	for (l = from, i = 0; l < (size_t)m->level && i < cap; l++, i++) {
		if (branch != NULL)
			branch[i] = m->rank[l];
		if (untried != NULL)
			untried[i] = m->rank[l] < m->score[l] ?
			    (size_t)(m->score[l] - 1 - m->rank[l]) : 0;
	}
	return (size_t)m->level - from;
}

/*
 * Knuth's Algorithm M (steps M1-M9 of TAOCP 7.2.2.1, as in DLX3), on the
 * skeleton of loop.h, as search.c's loop.  One function with gotos, as
 * search.c's loop and for the same reasons: the labels share every
 * level's state, and the hot path stays in registers.
 *
 * With a task t (engine.h), levels 0..fp-1 (fp = *t->len) are forced:
 * each takes the branch t->path[l] (its earlier siblings are skipped as
 * the whole search would have left them: tweaked, not searched), and
 * when its subtree is done, its next sibling if t->untried[l] says one
 * is left, which then frees the levels below (fp = l + 1).  t is kept
 * what is left of the task.  Nodes at forced levels are not entered
 * (neither counted nor given to progress), and the updates count from
 * the first node entered: the work of replaying the path was counted by
 * whoever searched above it.  With t->at, a node at depth t->cut (not
 * forced) is handed to it instead of searched.
 */
static int
msearch(dlx *d, const struct dlxi_search *s, struct mult_task *t)
{
	struct dlx_mult	*m = MULT(d);
	struct loop	 lp;
	struct node	*nd;
	struct item	*it;
	int		*len, *bound, *slack;
	int		 level, best, cur, score, tt, sl, bs, bl, k, rc, stop;
	int		 nzero, fp, cut, counting;
	size_t		 nopt;
	uint64_t	 pre;

	if ((rc = reserve(d)) != DLX_OK) {
		d->progress = 0.0;
		loop_end(d);
		return rc;
	}
	if (t != NULL && *t->len >= m->cap) {
		d->progress = 0.0;
		loop_end(d);
		return DLX_ECORRUPT;
	}
	m->level = 0;
	m->task = t;
	fp = t != NULL ? (int)*t->len : 0;
	cut = t != NULL && t->at != NULL ? t->cut : -1;
	counting = fp == 0;
	nd = d->nodes;
	it = d->items;
	len = d->len;
	bound = m->bound;
	slack = m->slack;
	rc = DLX_OK;
	stop = 0;
	level = 0;
	nopt = 0;
	best = cur = 0;
	loop_start(&lp, d, s, &d->st, &m->level, m->sol, fill, d);

	/* An active item with nothing left to give (hi = 0) would break
	 * the rule "active means bound > 0": cover it for the search. */
	nzero = 0;
	for (k = 1; k <= d->nprimary; k++)
		if (bound[k] == 0 && active(d, k)) {
			cover(d, k);
			m->zero[nzero++] = k;
		}
	/* Their updates are the root's, counted once it is entered (and
	 * not at all below a path): so no progress call, which would cut
	 * the tree where it began, comes before the first node. */
	pre = fp == 0 ? d->st.updates : 0;
	d->st.updates = 0;

	/*
	 * Levels 0..level-1 have made their choice: choice[l] (a node, or
	 * the item's header for a null move) and their item's bound, cover
	 * and tweaks.  forward enters a level; advance tries cur; backup
	 * restores the item of the level; backdown returns to the level
	 * above, which tries its next branch (or, when stop is set, only
	 * unwinds).  A solution is found on entering a level, as in DLX3,
	 * so its node is counted there.
	 */
forward:
	if (level < fp) {
		/* A forced level must have branches: else t is not a path
		 * of this tree. */
		if (it[0].next == 0) {
			rc = DLX_ECORRUPT;
			goto halt;
		}
	} else {
		if (!counting) {
			counting = 1;
			d->st.updates = 0;
		}
		if (level == cut) {
			if (t->at(t->arg, m->rank, (size_t)level) != 0) {
				rc = DLX_ENOMEM;
				goto halt;
			}
			goto backdown;
		}
		if ((rc = loop_enter(&lp, d->st.updates, level)) != DLX_OK)
			goto halt;
		d->st.nodes++;
		d->st.updates += pre;
		pre = 0;
		if (it[0].next == 0)
			goto solution;
	}
	score = INT_MAX;
	bs = bl = 0;
	for (k = it[0].next; k != 0; k = it[k].next) {
		sl = slack[k] < bound[k] ? slack[k] : bound[k];
		tt = len[k] + sl - bound[k] + 1;
		if (tt < score || (tt == score && (sl < bs ||
		    (sl == bs && len[k] > bl)))) {
			score = tt;
			best = k;
			bs = sl;
			bl = len[k];
		}
	}
	if (score <= 0) {
		if (level < fp) {
			rc = DLX_ECORRUPT;
			goto halt;
		}
		goto backdown;
	}
	m->score[level] = score;
	m->rank[level] = 0;
	cur = m->choice[level] = nd[best].down;
	m->first[level] = 0;
	if (--bound[best] == 0 && slack[best] == 0)
		cover(d, best);
	else {
		m->first[level] = cur;
		if (bound[best] == 0)
			cover(d, best);
	}
	if (level < fp) {
		/* Skip the earlier siblings as backdown would leave them:
		 * tweaked where the level tweaks. */
		if (t->path[level] < 0 || t->path[level] >= score)
			goto corrupt;
		for (k = 0; k < t->path[level]; k++) {
			if (bound[best] == 0 && slack[best] == 0) {
				if (cur == best)
					goto corrupt;
			} else if (cur == best ||
			    len[best] <= bound[best] - slack[best])
				goto corrupt;
			else
				tweak(d, cur, bound[best] != 0);
			cur = nd[cur].down;
		}
		m->choice[level] = cur;
		m->rank[level] = t->path[level];
	}
advance:
	if (bound[best] == 0 && slack[best] == 0) {
		if (cur == best)
			goto backup;
	} else if (len[best] <= bound[best] - slack[best])
		goto backup;	/* too few options left for the quota */
	else if (cur != best)
		tweak(d, cur, bound[best] != 0);
	else if (bound[best] != 0)
		deactivate(d, best);	/* the null move */
	if (cur != best) {
		commit(d, cur);
		if (++nopt > d->st.max_depth)
			d->st.max_depth = nopt;
	}
	level++;
	goto forward;
backup:
	if (bound[best] == 0 && slack[best] == 0)
		uncover(d, best);
	else
		untweak(d, best, m->first[level], bound[best] != 0);
	bound[best]++;
backdown:
	if (level == 0)
		goto done;
	level--;
	cur = m->choice[level];
	if (cur <= d->nitems) {
		/* A null move: the last branch of its level.  With bound 0
		 * the item was covered, and untweak() uncovers it. */
		best = cur;
		if (bound[best] != 0)
			reactivate(d, best);
		goto backup;
	}
	best = nd[cur].top;
	uncommit(d, cur);
	nopt--;
	if (stop)
		goto backup;
	if (level < fp) {
		/* A forced level: its next sibling only if the task has
		 * one left; the levels below are then free. */
		if (t->untried[level] == 0)
			goto backup;
		t->untried[level]--;
		t->path[level]++;
		fp = level + 1;
		*t->len = (size_t)fp;
	}
	cur = m->choice[level] = nd[cur].down;
	m->rank[level]++;
	goto advance;

solution:
	if ((rc = loop_emit(&lp, d->st.updates, level, LOOP_ENTERED)) !=
	    DLX_OK)
		goto halt;
	goto backdown;

corrupt:
	/* The level is set up: unwind it too. */
	rc = DLX_ECORRUPT;
	loop_halt(lp, d->st.updates, level);
	stop = 1;
	goto backup;
halt:
	/* Keep the estimate of where the search stopped, then unwind. */
	loop_halt(lp, d->st.updates, level);
	stop = 1;
	goto backdown;
done:
	while (nzero > 0)
		uncover(d, m->zero[--nzero]);
	if (!stop)
		loop_done(&lp, d->st.updates);
	m->level = 0;
	m->task = NULL;
	loop_end(d);
	return rc;
}

/* Called by dlxi_search() after loop_begin(d). */
int
mult_search(dlx *d, const struct dlxi_search *s)
{
	return msearch(d, s, NULL);
}

int
mult_task_search(dlx *d, const struct dlxi_search *s, struct mult_task *t)
{
	static const struct dlxi_search	 none;

	if (d == NULL || t == NULL || !mult_active(d))
		return DLX_EINVAL;
	if (d->searching)
		return DLX_EMISUSE;
	if (s == NULL)
		s = &none;
	loop_begin(d);
	dlxi_settle(d);
	return msearch(d, s, t);
}

int
mult_clone(dlx **out, dlx *d)
{
	struct dlx_mult	*m = MULT(d), *c;
	const struct dlxi_ext *ext;
	void		*data;
	int		*f = NULL;
	size_t		 n, k, ni = (size_t)d->nitems + 2;
	int		 rc, rc2;

	*out = NULL;
	if (!mult_active(d))
		return DLX_EINVAL;
	if (d->searching)
		return DLX_EMISUSE;
	/* The copy is made of d at rest, without its bounds (dlx_clone()
	 * copies none), which are then copied, and d's forced options
	 * forced on both. */
	n = (size_t)d->nforced;
	if (n > 0 && (f = mrealloc(d, NULL, n, sizeof *f)) == NULL)
		return DLX_ENOMEM;
	if (n > 0)
		memcpy(f, d->forced, n * sizeof *f);
	while (d->nforced > 0)
		(void)mult_unforce(d);
	ext = d->ext;
	data = d->ext_data;
	d->ext = NULL;
	d->ext_data = NULL;
	rc = dlx_clone(out, d);
	d->ext = ext;
	d->ext_data = data;
	if (rc == DLX_OK && (rc = mult_new(*out)) == DLX_OK) {
		c = MULT(*out);
		memcpy(c->hi, m->hi, ni * sizeof *c->hi);
		memcpy(c->bound, m->bound, ni * sizeof *c->bound);
		memcpy(c->slack, m->slack, ni * sizeof *c->slack);
		c->nbounded = m->nbounded;
	}
	if (rc != DLX_OK) {
		dlx_free(*out);
		*out = NULL;
	}
	for (k = 0; k < n; k++) {
		/* These were forced on d before: they fit again. */
		rc2 = mult_force(d, f[k]);
		if (rc2 == DLX_OK && *out != NULL)
			rc2 = mult_force(*out, f[k]);
		if (rc2 != DLX_OK && rc == DLX_OK) {
			rc = rc2;
			dlx_free(*out);
			*out = NULL;
		}
	}
	mfree(d, f);
	return rc;
}
