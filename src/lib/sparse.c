/*
 * sparse.c: the fast mode's search on sparse sets ("dancing cells", as in
 * Knuth's SSXC1) instead of dancing links, for problems without colors or
 * item bounds.
 *
 * The tree is exactly that of the fast mode on the links (search.c): the
 * same item is chosen at every node (the first with at most one option,
 * else the first with fewest, on the same lengths), its options are
 * tried in the same order (the order they were added), and an option
 * that leaves an uncovered primary item with no option is abandoned.  So
 * the solutions, their order, and the figures nodes, branches, abandoned
 * and max_depth are those of search.c.  Updates count the same steps, but
 * an abandoned option stops at the first item it empties, which depends
 * on the order the sets happen to be in.
 *
 * Representation.  When a search starts, the part of d still active (the
 * items not covered by forcing, the options not hidden) is copied into a
 * compact form, in one block of ints, d->scratch, which grows with the
 * matrix (sparse_reserve()), so that a search allocates nothing:
 *
 *   items	renumbered 1..na in their order, the primary ones first
 *		(1..npa), so that the first smallest is still Knuth's
 *		choice;
 *   len[c]	the size of c's set, plus COVERED while c is covered;
 *   set[]	for each item c, the segment set[base[c] ..] of the nodes
 *		of the options that contain it, the first len[c] & SIZE of
 *		them active, in any order;
 *   node[]	the options, one node {itm, loc} per item and a spacer
 *		after each, whose itm is minus the option's length (going
 *		right round an option, a spacer jumps back to its first
 *		node) and whose loc is the option's number in d.  A node's
 *		loc is its place in set[].
 *
 * Hiding an option from item c swaps its node with the last active one of
 * c's segment and shrinks the segment by one.  A node taken out is never
 * moved again until it is back in (only the active part of a segment is
 * ever touched), so restoring the old sizes puts every node back in: the
 * search undoes a step by copying back the lengths it saved before it,
 * instead of walking every option it hid again.  That is Knuth's SSXC1's
 * trick, and most of the gain on the links: the undo costs one copy of
 * na ints, whatever was hidden.  The saved lengths take (npa + 1) * (na +
 * 1) ints (the depth is at most npa), reserved for the whole matrix as
 * (nprimary + 1) * (nitems + 2): a matrix for which that passes SAVE_MAX
 * is searched on the links.
 *
 * A covered item's set does not change while it stays covered (every
 * option still in it is hidden from the other items), so the item chosen
 * at a node has its segment sorted once, and its options are tried in the
 * order of their numbers, which is the order of the lists.
 */
#include <stdint.h>
#include <string.h>

#include "dlx.h"
#include "dlx_impl.h"

#define SIZE	(COVERED - 1)

/* The most ints the saved lengths may take (64 MiB); beyond, the links. */
#define SAVE_MAX	((size_t)16 << 20)

struct snode {
	int	itm;		/* compact item, or -(length) in a spacer */
	int	loc;		/* place in set[], or the option in a spacer */
};

struct sparse {
	int		 npa;		/* active primary items */
	int		 na;		/* active items */
	int		*len;		/* na + 1 */
	int		*base;		/* na + 1 */
	int		*set;		/* one entry per node */
	struct snode	*node;		/* nodes and spacers */
	int		*choice;	/* per level: a place in set[] */
	int		*save;		/* per level: len[0..na] */
	int		 level;
};

/*
 * Hide the options in c's set from the other items they contain.  With
 * check, stop and return 1 as soon as that empties the set of an
 * uncovered primary item; the caller then restores the saved lengths,
 * which undoes everything.
 */
static inline int
hide(struct sparse *sp, int c, int check, uint64_t *updates)
{
	struct snode	*nd = sp->node;
	int		*set = sp->set, *len = sp->len, *base = sp->base;
	int		 i, e, k, q, j, l, last, z, p, npa = sp->npa;

	for (i = base[c], e = i + (len[c] & SIZE); i < e; i++) {
		k = set[i];
		for (q = k + 1; q != k;) {
			j = nd[q].itm;
			if (j < 0) {
				q += j;
				continue;
			}
			l = --len[j];
			last = base[j] + (l & SIZE);
			p = nd[q].loc;
			z = set[last];
			set[last] = q;
			nd[q].loc = last;
			set[p] = z;
			nd[z].loc = p;
			(*updates)++;
			if (check && l == 0 && j <= npa)
				return 1;
			q++;
		}
	}
	return 0;
}

/* Sort c's active segment by node, which is the order of the options,
 * keeping loc up to date.  The segments are short and mostly in order. */
static void
sort_segment(struct sparse *sp, int c)
{
	int	b = sp->base[c], e = b + (sp->len[c] & SIZE), i, j, x;

	for (i = b + 1; i < e; i++) {
		x = sp->set[i];
		if (x > sp->set[i - 1])
			continue;
		for (j = i; j > b && sp->set[j - 1] > x; j--) {
			sp->set[j] = sp->set[j - 1];
			sp->node[sp->set[j]].loc = j;
		}
		sp->set[j] = x;
		sp->node[x].loc = j;
	}
}

static int
option_number(const struct sparse *sp, int k)
{
	while (sp->node[k].itm > 0)
		k++;
	return sp->node[k].loc;
}

/*
 * The ints the sparse form of d may need, at most: marks and maps (below),
 * len and base, set, the nodes and spacers (two ints each), the choices,
 * and the saved lengths (depth at most nprimary).  0 if the saved lengths
 * alone would pass SAVE_MAX.
 */
static size_t
scratch_need(const dlx *d)
{
	size_t	ni = (size_t)d->nitems + 2, np = (size_t)d->nprimary + 1;

	if (np * ni > SAVE_MAX)
		return 0;
	return (size_t)d->capoptions + 2 * ni + 2 * ni +
	    (size_t)d->capnodes + 2 * ((size_t)d->capnodes + 1) + np + np * ni;
}

int
sparse_reserve(dlx *d)
{
	size_t	 n = scratch_need(d);
	int	*p;

	if (n <= d->scratch_cap)
		return DLX_OK;
	if ((p = dlxi_alloc(d, d->scratch, n, sizeof *p)) == NULL)
		return DLX_ENOMEM;
	d->scratch = p;
	d->scratch_cap = n;
	return DLX_OK;
}

/*
 * Copy the active part of d into sp, in d->scratch (which sparse_reserve()
 * made large enough, so that a search allocates nothing).
 *
 * The active options are those in the lists of the active items: an
 * option hidden by forcing has left every one of them (only the covered
 * item that hid it keeps it, and with colors a purified one, which is why
 * colored problems do not come here).
 */
static void
build(dlx *d, struct sparse *sp)
{
	const struct node	*nd = d->nodes;
	const struct item	*it = d->items;
	int			*mark, *map, *fill, *p;
	int			 c, rr, o, x, k, head, nopt, nnode, na, t;
	size_t			 nmark;

	/* The active items, numbered in order, primary ones first. */
	p = d->scratch;
	nmark = (size_t)d->noptions + 2 * ((size_t)d->nitems + 2);
	mark = p;
	map = mark + d->noptions;
	fill = map + d->nitems + 2;
	memset(p, 0, nmark * sizeof *p);
	na = 0;
	for (head = 0; head <= d->nitems + 1; head += d->nitems + 1) {
		for (c = it[head].next; c != head; c = it[c].next)
			map[c] = ++na;
		if (head == 0)
			sp->npa = na;
	}
	sp->na = na;
	/* The options in their lists, and the size of each set. */
	nopt = nnode = 0;
	for (head = 0; head <= d->nitems + 1; head += d->nitems + 1)
		for (c = it[head].next; c != head; c = it[c].next)
			for (rr = nd[c].down; rr != c; rr = nd[rr].down) {
				for (x = rr; nd[x].top > 0; x++)
					continue;
				o = -nd[x].top - 1;
				if (mark[o])
					continue;
				mark[o] = 1;
				nopt++;
				for (x = d->ostart[o]; nd[x].top > 0; x++) {
					nnode++;
					fill[map[nd[x].top]]++;
				}
			}
	sp->len = p + nmark;
	sp->base = sp->len + na + 1;
	sp->set = sp->base + na + 1;
	sp->node = (struct snode *)(sp->set + nnode);
	sp->choice = (int *)(sp->node + nnode + nopt + 1);
	sp->save = sp->choice + sp->npa + 1;
	sp->level = 0;
	for (c = 1, k = 0; c <= na; c++) {
		sp->base[c] = k;
		sp->len[c] = fill[c];
		k += fill[c];
		fill[c] = sp->base[c];
	}
	sp->len[0] = sp->base[0] = 0;
	/* The nodes, option by option in their order, so that every set
	 * starts sorted. */
	k = 0;
	sp->node[k].itm = sp->node[k].loc = 0;	/* the first spacer */
	k++;
	for (o = 0; o < d->noptions; o++) {
		if (!mark[o])
			continue;
		for (x = d->ostart[o], t = 0; nd[x].top > 0; x++, k++, t++) {
			c = map[nd[x].top];
			sp->node[k].itm = c;
			sp->node[k].loc = fill[c];
			sp->set[fill[c]++] = k;
		}
		sp->node[k].itm = -t;
		sp->node[k].loc = o;
		k++;
	}
}

static void
publish(dlx *d, struct sparse *sp, const struct dlx_stats *st, int level)
{
	d->st = *st;
	sp->level = level;
}

int
sparse_search(dlx *d, const struct dlx_search *s, int *rcp)
{
	struct sparse	 sp;
	struct dlx_stats st;
	struct snode	*node;
	uint64_t	 next_progress, interval, upd;
	int		*len, *set, *choice, *save;
	int		 npa, level, best, cur, end, rc, l, k, q, j;
	size_t		 n, i, ns;

	if (d->colored || d->items[0].next == 0 || d->scratch == NULL ||
	    d->scratch_cap < scratch_need(d))
		return 0;
	build(d, &sp);
	len = sp.len;
	set = sp.set;
	node = sp.node;
	choice = sp.choice;
	save = sp.save;
	npa = sp.npa;
	ns = (size_t)sp.na + 1;
	memset(&st, 0, sizeof st);
	upd = 0;
	interval = s->progress_updates != 0 ? s->progress_updates :
	    (uint64_t)1 << 24;
	next_progress = interval;
	rc = DLX_OK;
	level = 0;
	best = cur = end = 0;
	d->sparse = &sp;

	/*
	 * The loop of dlx_search(), step for step (see there), but for the
	 * undoing: save[level] holds the lengths just after the item of
	 * level `level' was covered, and copying them back undoes whatever
	 * was done since (the option tried there, and all below it).
	 */
forward:
	if ((s->max_nodes != 0 && st.nodes >= s->max_nodes) ||
	    (s->max_updates != 0 && upd >= s->max_updates)) {
		rc = DLX_INCOMPLETE;
		goto abort;
	}
	if (s->progress != NULL && upd >= next_progress) {
		next_progress = upd + interval;
		st.updates = upd;
		publish(d, &sp, &st, level);
		if (s->progress(s->progress_arg, &st) != 0) {
			rc = DLX_STOPPED;
			goto abort;
		}
	}
	l = search_first_short(len + 1, npa) + 1;
	if (len[l] >= COVERED) {
		/* No primary item is left: the options of levels 0..level-1
		 * are a solution.  (Never at the root, which has one.) */
		level--;
		goto solution;
	}
	best = l;
	st.nodes++;
	if (len[best] > 1) {
		st.branches++;
		sort_segment(&sp, best);
	}
	/* Covering best may empty the set of an item all of whose options
	 * go through best: not a dead end, since one of them is tried
	 * here.  Only the sets an option empties itself are. */
	len[best] += COVERED;
	upd++;
	(void)hide(&sp, best, 0, &upd);
	memcpy(save + (size_t)level * ns, len, ns * sizeof *len);
	cur = choice[level] = sp.base[best];
	end = cur + (len[best] & SIZE);
advance:
	/* Commit the option of node set[cur]: mark its other items
	 * covered, then hide their options, giving up on a dead end. */
	if (cur == end)
		goto backup;
	k = set[cur];
	for (q = k + 1; q != k;) {
		if ((j = node[q].itm) < 0) {
			q += j;
			continue;
		}
		len[j] += COVERED;
		upd++;
		q++;
	}
	for (q = k + 1; q != k;) {
		if ((j = node[q].itm) < 0) {
			q += j;
			continue;
		}
		if (hide(&sp, j, 1, &upd)) {
			st.abandoned++;
			goto next;
		}
		q++;
	}
	if (++level > (int)st.max_depth)
		st.max_depth = (size_t)level;
	goto forward;
backup:
	if (level == 0)
		goto done;
	level--;
	memcpy(len, save + (size_t)level * ns, ns * sizeof *len);
	cur = ++choice[level];
	best = node[set[cur - 1]].itm;
	end = sp.base[best] + (len[best] & SIZE);
	goto advance;
next:
	/* Undo the option at cur, take the next one. */
	memcpy(len, save + (size_t)level * ns, ns * sizeof *len);
	cur = ++choice[level];
	goto advance;

solution:
	if ((s->max_nodes != 0 && st.nodes >= s->max_nodes) ||
	    (s->max_updates != 0 && upd >= s->max_updates)) {
		rc = DLX_INCOMPLETE;
		goto abort_solution;
	}
	if (st.solutions >= DLX_COUNT_MAX) {
		rc = DLX_EOVERFLOW;
		goto abort_solution;
	}
	st.nodes++;
	st.solutions++;
	if (s->visit != NULL) {
		n = 0;
		for (i = 0; i < (size_t)d->nforced; i++)
			d->sol[n++] = d->forced[i];
		for (l = 0; l <= level; l++)
			d->sol[n++] = option_number(&sp, set[choice[l]]);
		st.updates = upd;
		publish(d, &sp, &st, level + 1);
		if (s->visit(s->visit_arg, d->sol, n) != 0) {
			rc = DLX_STOPPED;
			goto abort_solution;
		}
	}
	if (s->max_solutions != 0 && st.solutions >= s->max_solutions) {
		rc = DLX_LIMIT;
		goto abort_solution;
	}
	goto next;

abort_solution:
	level++;
abort:
	st.updates = upd;
	publish(d, &sp, &st, level);
	d->level = level;
	d->progress = dlx_progress(d);
	goto out;
done:
	st.updates = upd;
	d->st = st;
	d->complete = 1;
	d->progress = 1.0;
out:
	d->sparse = NULL;
	*rcp = rc;
	return 1;
}

/* dlx_progress() and dlx_path() while a sparse search runs: the place of
 * each level's choice in its item's sorted segment. */
double
sparse_progress(const dlx *d)
{
	const struct sparse	*sp = d->sparse;
	double			 f = 0.0, fd = 1.0;
	int			 l, c;

	for (l = 0; l < sp->level; l++) {
		c = sp->node[sp->set[sp->choice[l]]].itm;
		fd *= sp->len[c] & SIZE;
		f += (sp->choice[l] - sp->base[c]) / fd;
	}
	f += 0.5 / fd;
	return f > 1.0 ? 1.0 : f;
}

size_t
sparse_path(const dlx *d, int *options, size_t *untried, size_t cap)
{
	const struct sparse	*sp = d->sparse;
	size_t			 l, n = (size_t)sp->level;
	int			 k, c;

	for (l = 0; l < n && l < cap; l++) {
		k = sp->set[sp->choice[l]];
		c = sp->node[k].itm;
		if (options != NULL)
			options[l] = option_number(sp, k);
		if (untried != NULL)
			untried[l] = (size_t)(sp->base[c] +
			    (sp->len[c] & SIZE) - 1 - sp->choice[l]);
	}
	return n;
}
