/*
 * sparse.c: the fast mode's search on sparse sets ("dancing cells", as in
 * Knuth's SSXC1, and with colors as in his SSXCC) instead of dancing
 * links, for problems without item bounds.
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
 * compact form, in one block of ints, d->scratch, the workspace the core
 * grows with the matrix (dlxi_workspace_need() in matrix.c says how much it
 * holds), so that a search allocates nothing.  Options forced with their
 * links' update deferred (a sudoku's givens: dlxi_force_deferred()) are
 * applied in the copy alone, on a form of the whole bare matrix kept
 * from search to search (build_deferred()); it differs only in keeping
 * the covered items, and the options they exclude, in their places:
 *
 *   items	renumbered 1..na in their order, the primary ones first
 *		(1..npa), so that the first smallest is still Knuth's
 *		choice (with forcing deferred, all of them, a covered
 *		one with COVERED in its length);
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
 * search undoes a step by restoring lengths, never by walking the options
 * it hid again.  That is Knuth's SSXC1's trick, and most of the gain over
 * the links.  The lengths are restored by a copy of those saved at the
 * level, or from a trail of the changes (see SNAP_ITEMS).
 *
 * A covered item's set does not change while it stays covered (every
 * option still in it is hidden from the other items), so the item chosen
 * at a node has its segment sorted once, and its options are tried in the
 * order of their numbers, which is the order of the lists.
 *
 * Colors (Algorithm C, as SSXCC).  Each node's color is in clr[] (0: none;
 * only secondary items have one).  Committing an option covers its
 * uncolored items as above, and purifies each colored item c that is not
 * purified yet, for the option's color x: the options that give c another
 * color or none are hidden, those that give it x stay, and c is marked
 * (PURIFIED added to its length).  An active option that reaches a marked
 * item gives it x: it no longer conflicts there, and committing it does
 * nothing more for c.  Hiding passes a marked item by (its set is not
 * read while it is marked), as the links pass by the nodes dance.h's
 * purify() marks, so that a commit counts the updates of the links' fast
 * mode, but for abandoned options as above; the nodes, branches and
 * abandoned options are the same.  Restoring the lengths restores the
 * marks.  The loop is compiled four times (run() with colored and the
 * way to undo constants), so that the uncolored one has no test of
 * colors and neither tests the way to undo at every update.
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "dlx.h"
#include "lib/core/dlx_impl.h"
#include "lib/engine/engine.h"
#include "lib/engine/loop.h"

#define SIZE	(COVERED - 1)

/* Added to the length of a purified item, which makes it negative (len &
 * SIZE is still the size).  Hiding passes such an item by, but not a
 * covered one: an item whose option is being committed is marked covered
 * before its options are hidden. */
#define PURIFIED	INT_MIN

/*
 * Two ways to undo.  With few items (at most SNAP_ITEMS), each level saves
 * all the lengths and copies them back: one short copy, however much was
 * hidden.  With more, a copy per node would cost more than the few
 * changes a node makes (a sudoku changes a dozen lengths of 300), so each
 * change is written on a trail instead, and undoing replays the trail
 * back to the level's mark.  The bit set short1 is then copied per level
 * too while it is short (DLXI_SAVE1_WORDS: a sudoku's is 6 words), which
 * costs less than keeping it exact change by change on the way back; the
 * copies are of 8 or 16 words, a constant size the compiler copies inline
 * (a call to memcpy() for a few words cost 6% of a sudoku's search).
 */
#define SNAP_ITEMS	DLXI_SNAP_ITEMS
#if DLXI_SAVE1_WORDS != 16
#error "save_level() copies 8 or 16 words of short1"
#endif

struct snode {
	int	itm;		/* compact item, or -(length) in a spacer */
	int	loc;		/* place in set[], or the option in a spacer */
};

struct sparse {
	int		 npa;		/* active primary items */
	int		 na;		/* active items */
	int		 nopt;		/* options (active at the start) */
	int		 nnode;		/* their nodes, spacers not counted */
	int		 snap;		/* undo by copies (else by the trail) */
	int		*len;		/* na + 1 */
	int		*base;		/* na + 1 */
	int		*set;		/* one entry per node */
	struct snode	*node;		/* nodes and spacers */
	int		*clr;		/* colored: each node's color, else
					   NULL */
	int		*choice;	/* per level: a place in set[] */
	int		*save;		/* snap: per level, len[0..na] */
	int		*trail;		/* else: j for a length decreased,
					   ~j for COVERED or PURIFIED
					   added */
	int		*tmark;		/* per level: the trail's length */
	uint64_t	*short1;	/* bit j: primary item j is uncovered
					   with at most one option */
	int		 nw;		/* words of short1 */
	uint64_t	*ssave;		/* snap or save1: per level, short1 */
	int		 save1;		/* undo by the trail, short1 by
					   copies of save1 words (8 or
					   16, a constant size), else 0 */
	int		 level;
};

/* The counters of a search, in one place the inline steps update. */
struct run {
	int		 nt;		/* trail length */
	uint64_t	 upd;		/* updates */
};

/* The steps are the search's inner loop: inline them even where the
 * compiler would rather not (hide has four call sites). */
#if defined(__GNUC__)
#define HOT	static inline __attribute__((always_inline))
#else
#define HOT	static inline
#endif

#define SETBIT(b, j)	((b)[(j) >> 6] |= (uint64_t)1 << ((j) & 63))
#define CLRBIT(b, j)	((b)[(j) >> 6] &= ~((uint64_t)1 << ((j) & 63)))

/*
 * Hide the options in c's set from the other items they contain.  With
 * check, stop and return 1 as soon as that empties the set of an
 * uncovered primary item; the caller then undoes the level, which undoes
 * everything.  A primary item left with one option is noted in short1,
 * where the next choice looks first.  With colored, a purified item is
 * passed by, and with x > 0 (purifying c for color x) the options that
 * give c the color x are left alone.  snap is sp->snap, passed as a
 * constant by each instance of run().
 */
HOT int
hide(struct sparse *sp, struct run *r, int c, int check, int colored, int x,
    int snap)
{
	struct snode	*nd = sp->node;
	const int	*clr = sp->clr;
	int		*set = sp->set, *len = sp->len, *base = sp->base;
	int		*trail = snap ? NULL : sp->trail;
	uint64_t	*short1 = sp->short1;
	int		 i, e, k, q, j, l, last, z, p, npa = sp->npa;
	int		 nt = r->nt, dead = 0;
	uint64_t	 upd = r->upd;

	/* (The counters and pointers are copied to locals: the stores
	 * into the int arrays could otherwise alias them.) */
	for (i = base[c], e = i + (len[c] & SIZE); i < e; i++) {
		k = set[i];
		if (colored && x != 0 && clr[k] == x)
			continue;
		for (q = k + 1; q != k;) {
			j = nd[q].itm;
			if (j < 0) {
				q += j;
				continue;
			}
			if (colored && len[j] < 0) {
				q++;
				continue;
			}
			l = --len[j];
			if (snap)
				upd++;
			else
				trail[nt++] = j;
			last = base[j] + (l & SIZE);
			p = nd[q].loc;
			z = set[last];
			set[last] = q;
			nd[q].loc = last;
			set[p] = z;
			nd[z].loc = p;
			if (l <= 1 && j <= npa) {
				if (check && l == 0) {
					dead = 1;
					goto out;
				}
				SETBIT(short1, j);
			}
			q++;
		}
	}
out:
	/* Undoing by the trail, an update is an entry on it (the counter
	 * would take a register the loop needs). */
	if (!snap)
		upd += (uint64_t)(nt - r->nt);
	r->nt = nt;
	r->upd = upd;
	return dead;
}

/* Mark c covered (snap as for hide()). */
HOT void
mark_covered(struct sparse *sp, struct run *r, int c, int snap)
{
	sp->len[c] += COVERED;
	if (c <= sp->npa)
		CLRBIT(sp->short1, c);
	if (!snap)
		sp->trail[r->nt++] = ~c;
	r->upd++;
}

/* Purify the secondary item c, not purified yet, for color x (see the
 * top); 1 if that leaves an uncovered primary item no option. */
HOT int
purify(struct sparse *sp, struct run *r, int c, int x, int snap)
{
	sp->len[c] += PURIFIED;
	if (!snap)
		sp->trail[r->nt++] = ~c;
	return hide(sp, r, c, 1, 1, x, snap);
}

/* Note the state at the start of level l, after its item is covered
 * (snap as for hide()). */
HOT void
save_level(struct sparse *sp, struct run *r, int l, int snap)
{
	size_t	ns = (size_t)sp->na + 1;

	if (snap) {
		memcpy(sp->save + (size_t)l * ns, sp->len, ns * sizeof *sp->len);
		memcpy(sp->ssave + (size_t)l * sp->nw, sp->short1,
		    (size_t)sp->nw * sizeof *sp->short1);
	} else {
		sp->tmark[l] = r->nt;
		if (sp->save1 == 8)
			memcpy(sp->ssave + (size_t)l * 8, sp->short1,
			    8 * sizeof *sp->short1);
		else if (sp->save1 != 0)
			memcpy(sp->ssave + (size_t)l * 16, sp->short1,
			    16 * sizeof *sp->short1);
	}
}

/* Back to the state save_level(sp, r, l, snap) noted. */
HOT void
restore_level(struct sparse *sp, struct run *r, int l, int colored, int snap)
{
	size_t		 ns = (size_t)sp->na + 1;
	uint64_t	*short1 = sp->short1;
	int		*len = sp->len, *tr = sp->trail, nt = r->nt, m, e;
	int		 npa = sp->npa;

	if (snap) {
		memcpy(len, sp->save + (size_t)l * ns, ns * sizeof *len);
		memcpy(short1, sp->ssave + (size_t)l * sp->nw,
		    (size_t)sp->nw * sizeof *short1);
		return;
	}
	m = sp->tmark[l];
	if (sp->save1) {
		/* Undo the trail, then short1 from its copy.  (A purified
		 * item is the one negative length: see hide().) */
		while (nt > m) {
			e = tr[--nt];
			if (e >= 0)
				len[e]++;
			else if (colored && len[~e] < 0)
				len[~e] -= PURIFIED;
			else
				len[~e] -= COVERED;
		}
		if (sp->save1 == 8)
			memcpy(short1, sp->ssave + (size_t)l * 8,
			    8 * sizeof *short1);
		else
			memcpy(short1, sp->ssave + (size_t)l * 16,
			    16 * sizeof *short1);
		r->nt = nt;
		return;
	}
	/* Undo the trail, keeping short1 exact: an item leaves it when
	 * its length comes back to 2, and joins it when it is uncovered
	 * with at most one option. */
	while (nt > m) {
		e = tr[--nt];
		if (e >= 0) {
			if (++len[e] == 2 && e <= npa)
				CLRBIT(short1, e);
		} else {
			e = ~e;
			if (colored && len[e] < 0)
				len[e] -= PURIFIED;
			else if ((len[e] -= COVERED) <= 1 && e <= npa)
				SETBIT(short1, e);
		}
	}
	r->nt = nt;
}

/*
 * The item to branch on: the first with at most one option if there is
 * one (short1 keeps them), else the first smallest.  0 if no primary item
 * is left.
 */
HOT int
choose(struct sparse *sp)
{
	int	w, j;

	for (w = 0; w < sp->nw; w++)
		if (sp->short1[w] != 0)
			return w * 64 + __builtin_ctzll(sp->short1[w]);
	/* None is below 2 here: the first 2 is the first smallest. */
	j = search_first_short(sp->len + 1, sp->npa, 2) + 1;
	return sp->len[j] >= COVERED ? 0 : j;
}

/* Sort c's active segment by node, which is the order of the options,
 * keeping loc up to date.  The segments are short and mostly in order. */
HOT void
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
 * Place the arrays of sp in d->scratch, after the first nmark ints, for
 * sp->na items (sp->npa primary), nopt options and nnode nodes.
 */
static void
place(dlx *d, struct sparse *sp, size_t nmark, int nopt, int nnode)
{
	int	*p = d->scratch, *q, na = sp->na;

	sp->nopt = nopt;
	sp->nnode = nnode;
	sp->len = p + nmark;
	sp->base = sp->len + na + 1;
	sp->set = sp->base + na + 1;
	sp->node = (struct snode *)(sp->set + nnode);
	sp->choice = (int *)(sp->node + nnode + nopt + 1);
	sp->tmark = sp->choice + sp->npa + 1;
	sp->trail = sp->tmark + sp->npa + 1;
	sp->nw = sp->npa / 64 + 1;
	/* 64-bit words at an even int of the block, which malloc (or the
	 * allocator) aligned. */
	q = sp->trail + nnode + na + 1;
	q += (q - p) % 2;
	sp->short1 = (uint64_t *)(void *)q;
	sp->snap = d->nitems <= SNAP_ITEMS;	/* as dlxi_workspace_need() */
	/* As dlxi_workspace_need() again. */
	sp->save1 = sp->snap ||
	    (d->nprimary + 1) / 64 + 1 > DLXI_SAVE1_WORDS ? 0 :
	    sp->nw <= 8 ? 8 : 16;
	sp->ssave = sp->snap ? sp->short1 + sp->nw :
	    sp->save1 ? sp->short1 + sp->save1 : NULL;
	sp->save = sp->snap ? (int *)(sp->ssave + (sp->npa + 1) * sp->nw) :
	    NULL;
	sp->level = 0;
}

/*
 * Lay out sp in d->scratch and fill it, once the active part of d is
 * known: its items numbered 1..na in map[] (primary ones 1..npa), with
 * fill[c] options each, and its options act[0..nopt-1], in order (nnode
 * nodes in all).  act, map and fill are at the start of the block (nmark
 * ints).
 */
static void
lay_out(dlx *d, struct sparse *sp, const int *act, const int *map,
    int *fill, size_t nmark, int nopt, int nnode)
{
	const struct node	*nd = d->nodes;
	int			 c, o, x, k, t, i, na = sp->na;

	place(d, sp, nmark, nopt, nnode);
	for (c = 1, k = 0; c <= na; c++) {
		sp->base[c] = k;
		sp->len[c] = fill[c];
		k += fill[c];
		fill[c] = sp->base[c];
	}
	sp->len[0] = sp->base[0] = 0;
	memset(sp->short1, 0, (size_t)(sp->save1 > sp->nw ? sp->save1 :
	    sp->nw) * sizeof *sp->short1);
	for (c = 1; c <= sp->npa; c++)
		if (sp->len[c] <= 1)
			SETBIT(sp->short1, c);
	/* The nodes, option by option in their order, so that every set
	 * starts sorted. */
	k = 0;
	sp->node[k].itm = sp->node[k].loc = 0;	/* the first spacer */
	k++;
	for (i = 0; i < nopt; i++) {
		o = act[i];
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

/*
 * Copy the active part of d into sp, in d->scratch (which the core keeps
 * large enough, so that a search allocates nothing).
 *
 * The active options are those in the lists of the active items: an
 * option hidden by forcing has left every one of them (only the covered
 * item that hid it keeps it, and with colors a purified one, which is why
 * colored problems do not come here), and one that is in one is in all
 * of them.
 */
static void
build(dlx *d, struct sparse *sp)
{
	const struct node	*nd = d->nodes;
	const struct item	*it = d->items;
	int			*act, *map, *fill, *p;
	int			 c, o, x, head, nopt, nnode, na;
	size_t			 nmark;

	/* The active items, numbered in order, primary ones first. */
	p = d->scratch;
	nmark = (size_t)d->noptions + 2 * ((size_t)d->nitems + 2);
	act = p;
	map = act + d->noptions;
	fill = map + d->nitems + 2;
	memset(map, 0, 2 * ((size_t)d->nitems + 2) * sizeof *map);
	na = 0;
	for (head = 0; head <= d->nitems + 1; head += d->nitems + 1) {
		for (c = it[head].next; c != head; c = it[c].next)
			map[c] = ++na;
		if (head == 0)
			sp->npa = na;
	}
	sp->na = na;
	/*
	 * The active options, and the size of each set.  An option is
	 * active when its first node is in the list of an active item: a
	 * node taken out of a list is never pointed to from it again until
	 * it is put back (removals are undone last first), so it is there
	 * exactly when its up neighbor's down is itself.
	 */
	nopt = nnode = 0;
	for (o = 0; o < d->noptions; o++) {
		x = d->ostart[o];
		if (map[nd[x].top] == 0 || nd[nd[x].up].down != x)
			continue;
		act[nopt++] = o;
		for (; nd[x].top > 0; x++) {
			nnode++;
			fill[map[nd[x].top]]++;
		}
	}
	lay_out(d, sp, act, map, fill, nmark, nopt, nnode);
}

/*
 * build() for d whose forced options are deferred (dlxi_force_deferred():
 * the links are those of the bare matrix, a sudoku's givens in a list).
 *
 * The sparse form of the bare matrix is laid out once (build() on the
 * bare links) and kept: its node[] and base[] never change, as every
 * item keeps its number and its segment, a covered one with COVERED for
 * its length, so the first smallest of those left is still Knuth's
 * choice.  Kept after the search's part of the workspace
 * (dlxi_workspace_kept(); d->bare says it is there) are each segment as
 * the bare form has it (in the order of the options), the bare lengths
 * and each node's option.  A search then marks the options of the
 * forced options' items dead and fills the segment of each item left
 * with its options alive, in their order: the sets are those build()
 * makes of the links with the options forced, in the same order, so the
 * tree and every figure are the same.  That costs a pass over the
 * segments instead of a whole layout of nodes (a third of a 17-clue
 * sudoku's time went to building).  Returns 0, with nothing built, when
 * no primary item is left (the links search takes that case, after
 * settling).
 */
static int
build_deferred(dlx *d, struct sparse *sp)
{
	const struct node	*nd = d->nodes;
	size_t			 at = dlxi_workspace_need(d);
	int			*t;
	int			*tset, *tlen, *dead, *len, *set, *base;
	struct snode		*node;
	size_t			 nmark;
	int			 f, k, e, c, x, n, b, left, na, npa;

	nmark = (size_t)d->noptions + 2 * ((size_t)d->nitems + 2);
	/* Without the room (dlxi_workspace_keep()), the links search
	 * takes it. */
	at += at % 2;
	if (d->scratch_cap < at + dlxi_workspace_kept(d)) {
		d->bare = 0;
		return 0;
	}
	t = d->scratch + at;
	if (d->bare != d->noptions + 1) {
		d->bare = 0;
		build(d, sp);
		t[0] = sp->na;
		t[1] = sp->npa;
		t[2] = sp->nopt;
		t[3] = sp->nnode;
		tlen = t + 4;
		tset = tlen + sp->na + 1;
		memcpy(tlen, sp->len, ((size_t)sp->na + 1) * sizeof *tlen);
		/* Each node of a segment with its option: every option is
		 * active, and a spacer's loc is the number of the option
		 * before it. */
		for (k = 0; k < sp->nnode; k++) {
			for (x = sp->set[k]; sp->node[x].itm > 0; x++)
				continue;
			tset[2 * k] = sp->set[k];
			tset[2 * k + 1] = sp->node[x].loc;
		}
		d->bare = d->noptions + 1;
	} else {
		sp->na = t[0];
		sp->npa = t[1];
		place(d, sp, nmark, t[2], t[3]);
		tlen = t + 4;
		tset = tlen + sp->na + 1;
	}
	na = sp->na;
	npa = sp->npa;
	len = sp->len;
	set = sp->set;
	base = sp->base;
	node = sp->node;
	/* The options dead, in the first ints of the workspace (as
	 * build()'s act[]); the items covered, marked in len[].  In the
	 * bare form an item's number is its number in d. */
	dead = d->scratch;
	memset(dead, 0, (size_t)d->noptions * sizeof *dead);
	memset(len, 0, ((size_t)na + 1) * sizeof *len);
	left = npa;
	for (f = 0; f < d->nforced; f++)
		for (x = d->ostart[d->forced[f]]; (c = nd[x].top) > 0; x++) {
			len[c] = COVERED;
			left -= c <= npa;
			for (k = base[c], e = k + tlen[c]; k < e; k++)
				dead[tset[2 * k + 1]] = 1;
		}
	if (left == 0)
		return 0;
	memset(sp->short1, 0, (size_t)(sp->save1 > sp->nw ? sp->save1 :
	    sp->nw) * sizeof *sp->short1);
	for (c = 1; c <= na; c++) {
		if (len[c] != 0)
			continue;
		b = base[c];
		/* Without a branch on each (which option is alive is
		 * anybody's guess: a branch cost more than the rest of the
		 * build); a dead one's place is taken by the next. */
		for (n = 0, k = b, e = b + tlen[c]; k < e; k++) {
			x = tset[2 * k];
			set[b + n] = x;
			node[x].loc = b + n;
			n += !dead[tset[2 * k + 1]];
		}
		len[c] = n;
		if (n <= 1 && c <= npa)
			SETBIT(sp->short1, c);
	}
	return 1;
}

/*
 * build() for a colored d: the same copy, with each node's color in
 * sp->clr, made from the list of forced options rather than the state of
 * the links (where an item purified by forcing keeps in its list the
 * options it hid from the others).  An item of a forced option is covered
 * if the option gives it no color, else purified for that color; an
 * option is active when none of its items is covered and it gives each
 * purified item the color of the purification.  A purified item keeps
 * its set, marked as purified.  Returns 0, with nothing built, when no
 * primary item is left.
 */
static int
build_colored(dlx *d, struct sparse *sp)
{
	const struct node	*nd = d->nodes;
	const int		*ostart = d->ostart;
	int			*act, *map, *fill, *pur, *clr;
	int			 c, o, x, f, i, k, col, nopt, nnode, na;
	int			 npa = 0, live;
	int			 ni = d->nitems, np = d->nprimary;
	int			 no = d->noptions;
	size_t			 nmark;

	nmark = (size_t)no + 2 * ((size_t)ni + 2);
	act = d->scratch;
	map = act + no;
	fill = map + ni + 2;
	pur = fill;		/* the color of each purified item, until the
				   sizes are counted */
	memset(map, 0, 2 * ((size_t)ni + 2) * sizeof *map);
	/* A node marked -1 on the links has the color of its purified
	 * item's header (dlx_impl.h). */
	for (f = 0; f < d->nforced; f++)
		for (x = ostart[d->forced[f]]; (c = nd[x].top) > 0; x++) {
			col = nd[x].color < 0 ? nd[c].color : nd[x].color;
			if (col == 0)
				map[c] = -1;
			else
				pur[c] = col;
		}
	nopt = 0;
	for (o = 0; o < no; o++) {
		live = 1;
		for (x = ostart[o]; (c = nd[x].top) > 0; x++)
			if (map[c] < 0 || (pur[c] != 0 && nd[x].color >= 0 &&
			    nd[x].color != pur[c]))
				live = 0;
		if (live)
			act[nopt++] = o;
	}
	for (c = 1, na = 0; c <= ni; c++) {
		if (c == np + 1)
			npa = na;
		map[c] = map[c] < 0 ? 0 : ++na;
	}
	if (np == ni)
		npa = na;
	if (npa == 0)
		return 0;
	sp->npa = npa;
	sp->na = na;
	memset(fill, 0, ((size_t)ni + 2) * sizeof *fill);
	nnode = 0;
	for (i = 0; i < nopt; i++)
		for (x = ostart[act[i]]; (c = nd[x].top) > 0; x++, nnode++)
			fill[map[c]]++;
	lay_out(d, sp, act, map, fill, nmark, nopt, nnode);
	/* The colors after the rest of the layout (the workspace has room
	 * for them when d has colors: dlxi_workspace_need()), node by node
	 * as lay_out() numbers them. */
	clr = sp->snap ? sp->save + (size_t)(npa + 1) * ((size_t)na + 1) :
	    sp->save1 ? (int *)(void *)(sp->ssave + (size_t)(sp->npa + 1) *
	    (size_t)sp->save1) : (int *)(void *)(sp->short1 + sp->nw);
	sp->clr = clr;
	clr[0] = 0;
	for (i = 0, k = 1; i < nopt; i++) {
		for (x = ostart[act[i]]; (c = nd[x].top) > 0; x++)
			clr[k++] = nd[x].color < 0 ? nd[c].color :
			    nd[x].color;
		clr[k++] = 0;
	}
	for (f = 0; f < d->nforced; f++)
		for (x = ostart[d->forced[f]]; (c = nd[x].top) > 0; x++)
			if (nd[x].color != 0)
				if (sp->len[map[c]] >= 0)
					sp->len[map[c]] += PURIFIED;
	return 1;
}

/* The options of levels 0..depth-1, for visit (loop_fill_fn). */
static size_t
fill(void *arg, int *sol, int depth)
{
	const struct sparse	*sp = arg;
	int			 l;

	for (l = 0; l < depth; l++)
		sol[l] = option_number(sp, sp->set[sp->choice[l]]);
	return (size_t)depth;
}

/*
 * The search on sp, built from d; returns its status.  Inline in the
 * functions below, with colored and snap constants: the uncolored loop
 * has no test of colors, and the way to undo is not tested at every
 * update (reading snap from sp, with -1, cost pentominoes 8% more
 * instructions and a sudoku 5%, in the registers it takes from the
 * hiding loop).
 */
HOT int
run(dlx *d, const struct dlxi_search *s, const struct sparse *spp,
    int colored, int snap)
{
	struct sparse	 sp = *spp;
	struct run	 r;
	struct dlx_stats st;
	struct loop	 lp;
	struct snode	*node;
	int		*len, *set, *choice;
	const int	*clr = sp.clr;
	int		 level, best, cur, end, rc, l, k, q, j;

	len = sp.len;
	set = sp.set;
	node = sp.node;
	choice = sp.choice;
	memset(&st, 0, sizeof st);
	memset(&r, 0, sizeof r);
	rc = DLX_OK;
	level = 0;
	best = cur = end = 0;
	d->running = &sp;
	/* The figures in st, published to d->st for the callbacks; the
	 * depth in sp.level, where sparse_progress() reads it. */
	loop_start(&lp, d, s, &st, &sp.level, d->sol, fill, &sp);

	/*
	 * The loop of dlxi_search(), step for step (see there), but for the
	 * undoing: save_level() notes the state just after the item of a
	 * level is covered, and restore_level() goes back to it, undoing
	 * whatever was done since (the option tried there, and all below).
	 */
forward:
	if ((rc = loop_enter(&lp, r.upd, level)) != DLX_OK)
		goto abort;
	if ((l = choose(&sp)) == 0) {
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
	mark_covered(&sp, &r, best, snap);
	(void)hide(&sp, &r, best, 0, colored, 0, snap);
	save_level(&sp, &r, level, snap);
	cur = choice[level] = sp.base[best];
	end = cur + (len[best] & SIZE);
advance:
	/* Commit the option of node set[cur]: mark its other uncolored
	 * items covered, then hide their options and purify its colored
	 * items not purified yet, giving up on a dead end. */
	if (cur == end)
		goto backup;
	k = set[cur];
	for (q = k + 1; q != k;) {
		if ((j = node[q].itm) < 0) {
			q += j;
			continue;
		}
		if (!colored || clr[q] == 0)
			mark_covered(&sp, &r, j, snap);
		q++;
	}
	for (q = k + 1; q != k;) {
		if ((j = node[q].itm) < 0) {
			q += j;
			continue;
		}
		if (!colored || clr[q] == 0) {
			if (hide(&sp, &r, j, 1, colored, 0, snap))
				goto abandon;
		} else if (len[j] >= 0 && purify(&sp, &r, j, clr[q], snap))
			goto abandon;
		q++;
	}
	if (++level > (int)st.max_depth)
		st.max_depth = (size_t)level;
	goto forward;
backup:
	if (level == 0)
		goto done;
	level--;
	restore_level(&sp, &r, level, colored, snap);
	cur = ++choice[level];
	best = node[set[cur - 1]].itm;
	end = sp.base[best] + (len[best] & SIZE);
	goto advance;
abandon:
	st.abandoned++;
next:
	/* Undo the option at cur, take the next one. */
	restore_level(&sp, &r, level, colored, snap);
	cur = ++choice[level];
	goto advance;

solution:
	/* Levels 0..level are chosen. */
	if ((rc = loop_emit(&lp, r.upd, level + 1, LOOP_NODE)) != DLX_OK) {
		level++;
		goto abort;
	}
	goto next;

abort:
	/* Nothing to undo in d: the search ran on a copy. */
	loop_halt(lp, r.upd, level);
	goto out;
done:
	loop_done(&lp, r.upd);
out:
	d->running = NULL;
	return rc;
}

static int
run_plain(dlx *d, const struct dlxi_search *s, const struct sparse *sp)
{
	return run(d, s, sp, 0, 1);
}

static int
run_plain_trail(dlx *d, const struct dlxi_search *s, const struct sparse *sp)
{
	return run(d, s, sp, 0, 0);
}

static int
run_colored(dlx *d, const struct dlxi_search *s, const struct sparse *sp)
{
	return run(d, s, sp, 1, 1);
}

static int
run_colored_trail(dlx *d, const struct dlxi_search *s,
    const struct sparse *sp)
{
	return run(d, s, sp, 1, 0);
}

int
sparse_search(dlx *d, const struct dlxi_search *s, int *rcp)
{
	struct sparse	 sp;

	if (d->items[0].next == 0 || d->scratch == NULL ||
	    d->scratch_cap < dlxi_workspace_need(d))
		return 0;
	sp.clr = NULL;
	/* Any other build lays the workspace out anew, over the bare
	 * form build_deferred() keeps there. */
	if (!d->deferred)
		d->bare = 0;
	if (d->colored) {
		if (!build_colored(d, &sp))
			return 0;
		*rcp = sp.snap ? run_colored(d, s, &sp) :
		    run_colored_trail(d, s, &sp);
		return 1;
	}
	if (!d->deferred)
		build(d, &sp);
	else if (!build_deferred(d, &sp))
		return 0;
	*rcp = sp.snap ? run_plain(d, s, &sp) : run_plain_trail(d, s, &sp);
	return 1;
}

/* dlx_progress() and dlx_path() while a sparse search runs: the place of
 * each level's choice in its item's sorted segment. */
double
sparse_progress(const dlx *d)
{
	const struct sparse	*sp = d->running;
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
	const struct sparse	*sp = d->running;
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
