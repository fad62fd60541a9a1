/*
 * memo.c: counting exact covers with a cache of subproblems.
 *
 * A depth-first search meets the same subproblem again and again: two
 * partial solutions that leave the same items active (and, with colors,
 * the same colors on the purified secondary items) leave exactly the same
 * problem behind, whatever options they chose.  Its count is computed
 * once, stored under that state, and added whole the next time.  This is
 * the counting half of Nishino, Yasuda, Minato and Nagata, "Dancing with
 * Decision Diagrams" (AAAI 2017): no diagram, only a map from state to
 * count.
 *
 * The state.  At a node of the search, the options still present are
 * exactly those whose items are all active and whose colors agree with
 * every purified item, so the state is (set of active items, color of
 * each purified secondary item).  It is kept incrementally, as a bitset
 * of active items and an array of purified colors, next to a Zobrist hash
 * (an XOR of one random word per active item and per purified item and
 * color) that is updated by the same steps that cover and purify.  The
 * key stored in the cache is the whole state, and a lookup compares it
 * word for word: a hash collision can cost time, never a wrong count.
 *
 * The cache.  One flat table of fixed-size slots in buckets of four,
 * grown by doubling while it fits in the caller's budget and, once it
 * cannot grow, kept full by replacing in each bucket the entry whose
 * subtree was cheapest to compute.  A budget too small for one bucket
 * just turns the cache off; the count is exact either way.
 *
 * The loop is search.c's Algorithm X/C with the same dancing steps
 * (dance.h, commit_hooked() keeping the state up to date), written out
 * again because every level also looks the state up; it branches on the
 * primary item with fewest options, stopping the scan at a list of length
 * 0 or 1.  Counts are 128-bit.
 *
 * Components.  Where the items left fall apart into groups that share no
 * option, the count of the node is the product of the groups' counts,
 * each a nested count by the same loop: comp.c finds the groups and
 * multiplies, and memo.h holds what the two files share.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "lib/core/alloc.h"
#include "lib/core/dance.h"
#include "lib/core/wide.h"
#include "lib/engine/engine.h"
#include "lib/engine/memo.h"

#define START_BYTES	((size_t)1 << 16)
/* The plain search first, stopped at either budget: a tree that small
 * is counted before a cache pays, and a larger one loses what was done.
 * 2^20 updates holds every puzzle of the usual sudoku sets (the largest,
 * in forum_hardest_1106, takes 340,000).  Pentominoes 8x8, which go on to
 * the cache's glances and then to the plain search, lost a fifth of
 * their time to a budget of 2^24 updates; with this one, the budget and
 * the glances together cost them 6%. */
#define AUTO_NODES	((uint64_t)1 << 16)
#define AUTO_UPDATES	((uint64_t)1 << 20)
#define GLANCE		((uint64_t)1 << 10)	/* lookups before a glance */
#define PROBE		((uint64_t)1 << 16)	/* lookups before judging */

struct frame {
	int		 best;		/* the item branched on */
	int		 cur;		/* the option node being tried */
	u128		 before;	/* total when the node was entered */
	uint64_t	 nodes;		/* d->st.nodes then */
	uint64_t	 hash;		/* the state's hash then */
};

static inline void
flip(struct memo *m, int c)
{
	m->bits[c >> 6] ^= (uint64_t)1 << (c & 63);
	m->hash ^= m->zob[c];
}

static inline void
setcolor(struct memo *m, int c, uint32_t x)
{
	int	k = c - m->d->nprimary - 1;

	if (m->ncolor == 0)
		return;
	m->hash ^= memo_colorhash(c, m->pcol[k] ^ x) ^ memo_colorhash(c, 0);
	m->pcol[k] = x;
	m->rcol[k] = x;
}

/*
 * The state follows the dancing (dance.h, commit_hooked): covering or
 * uncovering an item flips its bit, purifying records its color and
 * unpurifying clears it.
 */
static void
track(void *arg, int c, int color)
{
	struct memo	*m = arg;

	if (color == 0)
		flip(m, c);
	else
		setcolor(m, c, color > 0 ? (uint32_t)color : 0);
}

/* The key of the current state: the bit set itself without colors,
 * else the bit set and the colors in m->key. */
static const uint64_t *
makekey(struct memo *m)
{
	int	k;

	if (m->ncolor == 0)
		return m->bits;
	memcpy(m->key, m->bits, (size_t)m->words * sizeof *m->key);
	for (k = 0; k < m->ncolor; k += 2)
		m->key[m->words + k / 2] = (uint64_t)m->pcol[k] |
		    (k + 1 < m->ncolor ? (uint64_t)m->pcol[k + 1] << 32 : 0);
	return m->key;
}

/* Whether two keys of m are equal: a few words, compared in line (a
 * call to memcmp() per lookup cost more than the comparison). */
static inline int
samekey(const struct memo *m, const uint64_t *a, const uint64_t *b)
{
	int	k;

	for (k = 0; k < m->keywords; k++)
		if (a[k] != b[k])
			return 0;
	return 1;
}

static uint64_t *
bucket(const struct memo *m, uint64_t h)
{
	size_t	b;

	b = (size_t)((h * UINT64_C(0x9e3779b97f4a7c15)) >>
	    32) & (m->nslots / BUCKET - 1);
	return m->table + b * BUCKET * memo_slotwords(m);
}

/* The stored count of the current state (its key, m->hash), if any. */
static int
lookup(struct memo *m, const uint64_t *key, u128 *count, uint64_t *cost)
{
	uint64_t	*s, h = m->hash | 1;
	size_t		 sw = memo_slotwords(m), k;

	s = bucket(m, h);
	for (k = 0; k < BUCKET; k++, s += sw)
		if (s[0] == h && samekey(m, s + HDR, key)) {
			*count = (u128)s[1] | (u128)s[2] << 64;
			*cost = s[3];
			return 1;
		}
	return 0;
}

/* Put an entry into its bucket: an empty slot, or the cheapest one. */
static void
place(struct memo *m, uint64_t h, const uint64_t *key, u128 count,
    uint64_t cost)
{
	uint64_t	*s, *victim;
	size_t		 sw = memo_slotwords(m), k;

	s = bucket(m, h);
	victim = s;
	for (k = 0; k < BUCKET; k++, s += sw) {
		if (s[0] == 0) {
			victim = s;
			m->used++;
			goto fill;
		}
		if (s[3] < victim[3])
			victim = s;
	}
	m->st.replaced++;
fill:
	victim[0] = h;
	victim[1] = (uint64_t)count;
	victim[2] = (uint64_t)(count >> 64);
	victim[3] = cost;
	memcpy(victim + HDR, key, (size_t)m->keywords * sizeof *victim);
}

/*
 * Double the table if it fits the budget.  The old table is freed only
 * once its entries have moved, so the two must fit the budget together:
 * the budget bounds the memory taken at every moment, not only at rest.
 * On failure (budget or memory) the old table stays and entries are
 * replaced from then on: m->full is set, and no store tries again (a
 * cache at its budget stores at most nodes).
 */
static void
grow(struct memo *m)
{
	dlx		*d = m->d;
	uint64_t	*old = m->table, *s;
	size_t		 oldn = m->nslots, sw = memo_slotwords(m), k, bytes;

	m->full = 1;
	if (oldn > SIZE_MAX / 2 / sw / sizeof *s)
		return;
	bytes = 2 * oldn * sw * sizeof *s;
	if (bytes > m->budget || m->budget - bytes < bytes / 2)
		return;
	s = mem_zalloc_table(&d->mem, 2 * oldn * sw, sizeof *s);
	if (s == NULL)
		return;
	m->full = 0;
	m->table = s;
	m->nslots = 2 * oldn;
	m->used = 0;
	for (k = 0; k < oldn; k++) {
		uint64_t *e = old + k * sw;

		if (e[0] != 0)
			place(m, e[0], e + HDR,
			    (u128)e[1] | (u128)e[2] << 64, e[3]);
	}
	dlxi_free(d, old);
}

/* The bucket of h has no empty slot. */
static int
full(const struct memo *m, uint64_t h)
{
	const uint64_t	*s = bucket(m, h);
	size_t		 sw = memo_slotwords(m), k;

	for (k = 0; k < BUCKET; k++, s += sw)
		if (s[0] == 0)
			return 0;
	return 1;
}

/* Inline in the loop, as it was before components called it too. */
static inline __attribute__((always_inline)) void
store(struct memo *m, u128 count, uint64_t cost)
{
	/*
	 * Grow while the budget allows: at three quarters full, or when the
	 * entry's bucket is full and half the table is.  A full bucket alone
	 * happens at any load (buckets are only four slots), and growing on
	 * it doubled the table far beyond what the entries needed; below
	 * half load the bucket's cheapest entry is replaced instead.
	 */
	if (!m->full && (m->used >= m->nslots / 4 * 3 ||
	    (m->used >= m->nslots / 2 && full(m, m->hash | 1))))
		grow(m);
	place(m, m->hash | 1, makekey(m), count, cost);
	m->st.stores++;
}

static void
memo_free(struct memo *m)
{
	dlx	*d = m->d;

	dlxi_free(d, m->bits);
	dlxi_free(d, m->pcol);
	dlxi_free(d, m->zob);
	dlxi_free(d, m->xzob);
	dlxi_free(d, m->key);
	dlxi_free(d, m->fr);
	dlxi_free(d, m->table);
	dlxi_free(d, m->rcol);
	comp_free(m);
}

/*
 * The state of m->d as it stands (its forced options in force): the
 * active items, the purified colors, their hash.  The table is left as
 * it is: a state's count does not depend on the way to it, so a cache
 * kept from a count of the same matrix under other forced options
 * (dlxint_count_kept) stays true.
 */
static void
memo_state(struct memo *m)
{
	dlx		*d = m->d;
	struct node	*nd = d->nodes;
	int		 c, k, x;

	memset(m->bits, 0, (size_t)m->words * sizeof *m->bits);
	memset(m->pcol, 0, ((size_t)m->ncolor + 1) * sizeof *m->pcol);
	memset(m->rcol, 0, ((size_t)m->ncolor + 1) * sizeof *m->rcol);
	m->hash = 0;
	comp_reset(m);
	for (c = 1; c <= d->nitems; c++)
		if (d->items[d->items[c].prev].next == c)
			flip(m, c);
	/* Purified colors come from forced options: a colored node of a
	 * forced option purified its item (or found it purified). */
	if (m->ncolor != 0)
		for (k = 0; k < d->nforced; k++)
			for (x = d->ostart[d->forced[k]];
			    x < d->ostart[d->forced[k] + 1] - 1; x++)
				if (nd[x].color > 0 && m->pcol[nd[x].top -
				    d->nprimary - 1] == 0)
					setcolor(m, nd[x].top,
					    (uint32_t)nd[x].color);
}

/*
 * m->xzob: for each node x of an option, the XOR of the random words of
 * the option's other uncolored items.  Committing x's option after its
 * item is covered flips exactly those, so m->hash ^ xzob[x] is the hash
 * of the child (colors aside, and then it is only a wrong guess): the
 * search prefetches the children's buckets when it branches.  The
 * table is far larger than the caches, and a lookup that waits for
 * memory was 40% of the empty 6x6 sudoku's count.
 */
static void
prefetch_words(struct memo *m)
{
	const struct node	*nd = m->d->nodes;
	uint64_t		 all;
	int			 a, x, y;

	memset(m->xzob, 0, (size_t)m->nxzob * sizeof *m->xzob);
	for (a = m->d->nitems + 1; a < m->nxzob; a = x) {
		/* a is a spacer; its option is a + 1 .. x - 1. */
		all = 0;
		for (x = a + 1; x < m->nxzob && nd[x].top > 0; x++)
			if (nd[x].color == 0)
				all ^= m->zob[nd[x].top];
		for (y = a + 1; y < x; y++)
			m->xzob[y] = all ^ (nd[y].color == 0 ?
			    m->zob[nd[y].top] : 0);
	}
}

/* Ask for the bucket of h to be brought near (a hint, never a read). */
static inline void
prefetch_bucket(const struct memo *m, uint64_t h)
{
	const char	*b = (const char *)bucket(m, h | 1);
	size_t		 n = BUCKET * memo_slotwords(m) * sizeof *m->table, k;

	for (k = 0; k < n; k += 64)
		__builtin_prefetch(b + k);
}

/*
 * Set up the state of d as it stands (forced options in force).
 * Returns 0, or -1 when out of memory or when the budget cannot hold one
 * bucket (the caller then counts without a cache).
 */
static int
memo_init(struct memo *m, dlx *d, size_t budget)
{
	struct node	*nd = d->nodes;
	size_t		 sw, bytes;
	int		 c, x, colored = 0;

	memset(m, 0, sizeof *m);
	m->d = d;
	for (x = d->nitems + 1; x < d->nnodes; x++)
		if (nd[x].top > 0 && nd[x].color != 0)
			colored = 1;
	m->words = (d->nitems + 1 + 63) / 64;
	m->ncolor = colored ? d->nitems - d->nprimary : 0;
	m->keywords = m->words + (m->ncolor + 1) / 2;
	m->bits = dlxi_alloc(d, NULL, (size_t)m->words, sizeof *m->bits);
	m->pcol = dlxi_alloc(d, NULL, (size_t)m->ncolor + 1, sizeof *m->pcol);
	m->zob = dlxi_alloc(d, NULL, (size_t)d->nitems + 1, sizeof *m->zob);
	m->key = dlxi_alloc(d, NULL, (size_t)m->keywords, sizeof *m->key);
	m->fr = dlxi_alloc(d, NULL, (size_t)d->nprimary + 1, sizeof *m->fr);
	m->rcol = dlxi_alloc(d, NULL, (size_t)m->ncolor + 1, sizeof *m->rcol);
	if (m->bits == NULL || m->pcol == NULL || m->zob == NULL ||
	    m->key == NULL || m->fr == NULL || m->rcol == NULL)
		goto fail;
	m->aux = (size_t)m->words * 8 + ((size_t)m->ncolor + 1) * 4 +
	    ((size_t)d->nitems + 1) * 8 + (size_t)m->keywords * 8 +
	    ((size_t)d->nprimary + 1) * sizeof *m->fr +
	    ((size_t)m->ncolor + 1) * sizeof *m->rcol;
	/* What the components need (comp.c). */
	if (comp_init(m, colored) != 0)
		goto fail;
	for (c = 1; c <= d->nitems; c++)
		m->zob[c] = memo_splitmix((uint64_t)c);
	memo_state(m);
	sw = memo_slotwords(m) * sizeof *m->table;
	m->budget = budget > m->aux ? budget - m->aux : 0;
	if (m->budget < BUCKET * sw)
		goto fail;
	m->nslots = BUCKET;
	while (m->nslots * 2 * sw <= START_BYTES &&
	    m->nslots * 2 * sw <= m->budget)
		m->nslots *= 2;
	bytes = m->nslots * sw;
	m->table = mem_zalloc_table(&d->mem, m->nslots * memo_slotwords(m),
	    sizeof *m->table);
	if (m->table == NULL)
		goto fail;
	/* The prefetching words where they take a small part of the
	 * budget (a tiny budget is for tests of a starved cache); the
	 * count does without them. */
	if ((size_t)d->nnodes * 8 <= m->budget / 16 &&
	    bytes + (size_t)d->nnodes * 8 <= m->budget &&
	    (m->xzob = dlxi_alloc(d, NULL, (size_t)d->nnodes,
	    sizeof *m->xzob)) != NULL) {
		m->nxzob = d->nnodes;
		m->budget -= (size_t)d->nnodes * 8;
		m->aux += (size_t)d->nnodes * 8;
		prefetch_words(m);
	}
	m->on = 1;
	return 0;
fail:
	memo_free(m);
	return -1;
}

/* Keep the public statistics' solutions in step (saturating). */
static void
setsol(dlx *d, u128 total)
{
	d->st.solutions = total >> 64 ? UINT64_MAX : (uint64_t)total;
}

#define MEMO_GIVEUP	100	/* internal: start again without a cache */

/*
 * The counting loop; see the file comment.  Between labels the state is
 * "frames 0..level-1 chosen and committed".  Returns DLX_OK,
 * DLX_STOPPED, DLX_EOVERFLOW or MEMO_GIVEUP, with d restored.  One
 * function with gotos, as search.c's loop and for the same reasons: the
 * labels share every level's state, and the hot path stays in registers.
 */
int
memo_search(struct memo *m, const struct dlxi_memo *p, int base, int fresh,
    u128 *out)
{
	dlx		*d = m->d;
	struct node	*nd = d->nodes;
	struct item	*it = d->items;
	struct frame	*f;
	u128		 total = 0, c128;
	uint64_t	 cost, nodes;
	int		 level = base, best, min, np = d->nprimary, rc, did, x;
	int		*len = d->len;

	rc = DLX_OK;
enter:
	if (p->progress != NULL && d->st.updates >= m->next_progress) {
		m->next_progress = d->st.updates + m->interval;
		/* Inside a split: the path down to the outermost one. */
		d->level = m->nest != 0 ? m->outer : level;
		if (m->nest == 0)
			setsol(d, total);
		if (p->progress(p->progress_arg, &d->st) != 0) {
			rc = DLX_STOPPED;
			goto unwind;
		}
	}
	d->st.nodes++;
	if (it[0].next == 0) {
		if (total + 1 == 0) {
			rc = DLX_EOVERFLOW;
			goto unwind;
		}
		total++;
		if ((size_t)level > d->st.max_depth)
			d->st.max_depth = (size_t)level;
		goto up;
	}
	if (m->on) {
		m->st.lookups++;
		if (lookup(m, makekey(m), &c128, &cost)) {
			m->st.hits++;
			if (fresh && level == base)
				m->st.comp_hits[comp_sizeclass(m->nact)]++;
			m->saved += cost;
			if (total + c128 < total) {
				rc = DLX_EOVERFLOW;
				goto unwind;
			}
			total += c128;
			goto up;
		}
		/*
		 * AUTO: judge at 2^16, 2^18 and 2^20 lookups whether the hits
		 * have spared at least as many nodes as were visited; if not,
		 * start again with the plain search, having lost little.
		 * (The hits early on understate the gain, which grows with
		 * the cache: on the empty 6x6 sudoku they spare 1.02 times
		 * the nodes at the first judgement and 1.86 at the last, and
		 * the cache is six times faster than the plain search; on
		 * pentominoes and Langford pairs 0.2-0.6, and it is slower.)
		 */
		if (m->giveup && m->judge != 0 &&
		    m->st.lookups >= m->judge) {
			if (m->saved < d->st.nodes) {
				rc = MEMO_GIVEUP;
				goto unwind;
			}
			m->judge = m->judge < PROBE << 4 ? m->judge << 2 : 0;
		}
		/*
		 * And a glance at 2^10 lookups: fewer than one hit in 32 by
		 * then gives up at once.  Where a node costs thousands of
		 * updates (the 4x4 magic square: no hit at all), waiting for
		 * 2^16 lookups would cost more than the whole plain search,
		 * and pentominoes lost a third of their time.  At the glance
		 * pentominoes and Langford pairs have 0 to 13 hits, each of
		 * the two orders; the empty 6x6 sudoku, which the cache
		 * counts four times faster, 86, and domino tilings 269.  (A
		 * glance at 2^12 lookups cost pentominoes 8x8 3% more.)
		 */
		if (m->giveup && m->st.lookups == GLANCE &&
		    m->st.hits < GLANCE / 32) {
			rc = MEMO_GIVEUP;
			goto unwind;
		}
	}
	/* Fewest options, ties to the first; 0 or 1 cannot be beaten (a
	 * primary item is left, so the first smallest is uncovered). */
	best = search_first_short(len + 1, np, 1) + 1;
	min = len[best];
	if (min == 0)
		goto up;
	/* Components: where the items left fall apart, the product. */
	if (min > 1 && !(fresh && level == base) && comp_want(m)) {
		nodes = d->st.nodes;
		if ((rc = comp_split(m, p, level, &did, &c128)) != DLX_OK)
			goto unwind;
		if (m->comp == DLX_COMP_AUTO)
			comp_looked(m);
		if (did) {
			if (total + c128 < total) {
				rc = DLX_EOVERFLOW;
				goto unwind;
			}
			total += c128;
			if (m->on && d->st.nodes - nodes >= 2)
				store(m, c128, d->st.nodes - nodes + 1);
			goto up;
		}
	}
	if (m->order && min > 1)
		best = it[0].next;
	f = &m->fr[level];
	f->best = best;
	f->before = total;
	f->nodes = d->st.nodes;
	f->hash = m->hash;
	cover(d, best);
	flip(m, best);
	if (m->on && m->xzob != NULL)
		for (x = nd[best].down; x != best; x = nd[x].down)
			if (x < m->nxzob)
				prefetch_bucket(m, m->hash ^ m->xzob[x]);
	f->cur = nd[best].down;
try:
	f = &m->fr[level];
	if (f->cur == f->best) {
		uncover(d, f->best);
		flip(m, f->best);
		/* Only subtrees that took some work are worth a slot. */
		if (m->on && d->st.nodes - f->nodes >= 2)
			store(m, total - f->before, d->st.nodes - f->nodes);
		goto up;
	}
	commit_hooked(m->d, f->cur, track, m);
	d->choice[level] = f->cur;
	level++;
	goto enter;
up:
	if (level == base)
		goto done;
	level--;
	f = &m->fr[level];
	uncommit_hooked(m->d, f->cur, track, m);
	f->cur = nd[f->cur].down;
	goto try;
unwind:
	if (m->nest == 0) {
		d->level = level;
		d->progress = dlx_progress(d);
	}
	while (level-- > base) {
		f = &m->fr[level];
		uncommit_hooked(m->d, f->cur, track, m);
		uncover(d, f->best);
		flip(m, f->best);
	}
	*out = total;
	if (m->nest == 0)
		setsol(d, total);
	return rc;
done:
	*out = total;
	if (m->nest == 0)
		setsol(d, total);
	return DLX_OK;
}

/* Default cache budget when the caller gives none. */
#define DEFAULT_MEMORY	DLX_MEMORY_DEFAULT

/*
 * The memoized count on m, branching on the first item declared if first,
 * else on the fewest options: the figures into *ms, the count into *total.
 * Returns what memo_search() returns, MEMO_GIVEUP included.
 */
static int
memo_run(struct memo *m, const struct dlxi_memo *p, int mode, int first,
    u128 *total, struct dlx_memo_stats *ms)
{
	dlx	*d = m->d;
	int	 rc;

	m->giveup = mode == DLX_MEMO_AUTO;
	m->judge = PROBE;
	m->order = first;
	/* A second try judges its own figures (the counts stay). */
	m->saved = 0;
	memset(&m->st, 0, sizeof m->st);
	m->comp = p->components;
	m->nest = 0;
	m->miss = 0;
	m->wait = 0;
	memset(&d->st, 0, sizeof d->st);
	m->interval = p->progress_updates != 0 ? p->progress_updates :
	    (uint64_t)1 << 24;
	m->next_progress = m->interval;
	d->searching = 1;
	d->searched = 0;
	d->complete = 0;
	rc = memo_search(m, p, 0, 0, total);
	d->searching = 0;
	d->searched = 1;
	d->level = 0;
	if (rc == DLX_OK) {
		d->complete = 1;
		d->progress = 1.0;
	}
	if (ms != NULL) {
		*ms = m->st;
		ms->used = rc != MEMO_GIVEUP;
		ms->gave_up = rc == MEMO_GIVEUP;
		ms->entries = m->used;
		ms->bytes = m->nslots * memo_slotwords(m) * sizeof *m->table +
		    m->aux;
	}
	return rc;
}

/*
 * The cache of a count: local, set up for d; or with keep, *keep, made on
 * the first call (then kept for the next one) and brought to d's state
 * now.  NULL if there is no memory for it: count without.
 */
static struct memo *
memo_get(dlx *d, const struct dlxi_memo *p, struct memo *local, void **keep)
{
	struct memo	*mp = local;

	/* The cache's search runs on the links. */
	dlxi_settle(d);
	if (keep != NULL && *keep != NULL) {
		mp = *keep;
		memo_state(mp);
		mp->on = 1;
		mp->saved = 0;
		memset(&mp->st, 0, sizeof mp->st);
		return mp;
	}
	if (keep != NULL && (mp = dlxi_alloc(d, NULL, 1, sizeof *mp)) == NULL)
		return NULL;
	if (memo_init(mp, d, p->memory != 0 ? p->memory : DEFAULT_MEMORY) !=
	    0) {
		if (mp != local)
			dlxi_free(d, mp);
		return NULL;
	}
	if (keep != NULL)
		*keep = mp;
	return mp;
}

/*
 * dlxi_count_wide(), and dlxint_count_kept() when keep is not NULL: then
 * the cache is *keep (made on the first call that uses one) and stays
 * there for the next call.
 */
static int
count_wide(dlx *d, const struct dlxi_memo *p, struct dlx_wide *count,
    struct dlx_memo_stats *ms, void **keep)
{
	static const struct dlxi_memo	 none;
	struct dlxi_search		 s;
	struct memo			 local, *mp;
	u128				 total = 0;
	int				 rc, mode;

	if (count != NULL)
		count->hi = count->lo = 0;
	if (ms != NULL)
		memset(ms, 0, sizeof *ms);
	if (d == NULL)
		return DLX_EINVAL;
	if (d->searching)
		return DLX_EMISUSE;
	if (p == NULL)
		p = &none;
	mode = p->mode;
	if (mode != DLX_MEMO_AUTO && mode != DLX_MEMO_ALWAYS &&
	    mode != DLX_MEMO_NEVER)
		return DLX_EINVAL;
	if (p->order != DLX_MEMO_ORDER_AUTO && p->order != DLX_MEMO_MRV &&
	    p->order != DLX_MEMO_FIRST)
		return DLX_EINVAL;
	if (p->components != DLX_COMP_AUTO &&
	    p->components != DLX_COMP_ALWAYS &&
	    p->components != DLX_COMP_NEVER)
		return DLX_EINVAL;
	/* Components always: the cache's count, which alone splits. */
	if (p->components == DLX_COMP_ALWAYS) {
		if (mode == DLX_MEMO_NEVER)
			return DLX_ENOTSUP;
		mode = DLX_MEMO_ALWAYS;
	}
	memset(&s, 0, sizeof s);
	s.progress = p->progress;
	s.progress_arg = p->progress_arg;
	s.progress_updates = p->progress_updates;
	s.knuth = p->knuth;
	if (mult_active(d)) {
		if (mode == DLX_MEMO_ALWAYS)
			return DLX_ENOTSUP;
		mode = DLX_MEMO_NEVER;
	}
	if (mode == DLX_MEMO_AUTO && !p->outgrown) {
		/* A small tree is counted faster than a cache is set up:
		 * try the plain search on a small budget first. */
		s.max_nodes = AUTO_NODES;
		s.max_updates = AUTO_UPDATES;
		rc = dlxi_search(d, &s);
		s.max_nodes = s.max_updates = 0;
		if (rc != DLX_INCOMPLETE)
			goto plain_done;
	}
	if (mode == DLX_MEMO_NEVER)
		goto plain;
	if ((mp = memo_get(d, p, &local, keep)) == NULL)
		goto plain;
	/*
	 * The automatic order: the sweep first, judged as under AUTO even
	 * when the cache must be used (DLX_MEMO_ALWAYS: on pentominoes,
	 * whose pieces are declared first, the sweep's tree is a hundred
	 * times the other's); if it gives up, the fewest options, before
	 * the plain search under AUTO and whatever happens under ALWAYS.
	 * The entries stored so far stay: the count of a state does not
	 * depend on the branching that reached it.  A problem on which
	 * neither pays loses two short probes (the first glance gives up
	 * after 1024 lookups where hits are rare).
	 */
	rc = memo_run(mp, p, p->order == DLX_MEMO_ORDER_AUTO ? DLX_MEMO_AUTO :
	    mode, p->order != DLX_MEMO_MRV, &total, ms);
	if (rc == MEMO_GIVEUP && p->order == DLX_MEMO_ORDER_AUTO) {
		total = 0;
		rc = memo_run(mp, p, mode, 0, &total, ms);
	}
	if (mp == &local)
		memo_free(mp);
	if (rc == MEMO_GIVEUP)
		goto plain;
	if (count != NULL) {
		count->lo = (uint64_t)total;
		count->hi = (uint64_t)(total >> 64);
	}
	return rc;
plain:
	if (p->no_plain && p->mode == DLX_MEMO_AUTO && !mult_active(d)) {
		if (count != NULL)
			count->lo = 0;
		return DLX_INCOMPLETE;
	}
	rc = dlxi_search(d, &s);
plain_done:
	if (count != NULL && rc != DLX_EINVAL && rc != DLX_EMISUSE) {
		struct dlx_stats st;

		dlx_stats(d, &st);
		count->lo = st.solutions;
	}
	return rc;
}

int
dlxi_count_wide(dlx *d, const struct dlxi_memo *p, struct dlx_wide *count,
    struct dlx_memo_stats *ms)
{
	return count_wide(d, p, count, ms, NULL);
}

int
dlxint_count_kept(dlx *d, const struct dlxi_memo *p, struct dlx_wide *count,
    struct dlx_memo_stats *ms, void **keep)
{
	return count_wide(d, p, count, ms, keep);
}

void
dlxint_memo_free(dlx *d, void *keep)
{
	if (keep != NULL) {
		memo_free(keep);
		dlxi_free(d, keep);
	}
}
