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
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "lib/core/dance.h"
#include "lib/core/wide.h"
#include "lib/engine/engine.h"

#define BUCKET		4	/* slots per bucket */
#define HDR		4	/* words of a slot before its key: hash,
				   count lo, count hi, cost */
#define START_BYTES	((size_t)1 << 16)
#define AUTO_NODES	((uint64_t)1 << 16)	/* plain search first, */
#define AUTO_UPDATES	((uint64_t)1 << 24)	/* on either budget */
#define GLANCE		((uint64_t)1 << 12)	/* lookups before a glance */
#define PROBE		((uint64_t)1 << 16)	/* lookups before judging */

struct frame {
	int		 best;		/* the item branched on */
	int		 cur;		/* the option node being tried */
	u128		 before;	/* total when the node was entered */
	uint64_t	 nodes;		/* d->st.nodes then */
	uint64_t	 hash;		/* the state's hash then */
};

#define NEST		32	/* splits inside splits, at most */

/* The room of one split in progress: what it saved and its groups. */
struct split {
	uint64_t	*bits;		/* the state before the split */
	uint32_t	*pcol;
	uint64_t	 hash;
	int		*order;		/* the active primary items, in list
					   order */
	int		 norder;
	int		*items;		/* the groups' items, group by group */
	int		*start;		/* group g: items[start[g]..start[g+1]) */
	int		*prim;		/* group g's primary items (the first
					   prim[g] of its items) */
	int		 ngroup;
	int		 cap;		/* room in items */
};

struct memo {
	dlx		*d;
	int		 words;		/* of the bitset: nitems + 1 bits */
	int		 ncolor;	/* secondary items with colors (all
					   of them, or 0 without colors) */
	int		 keywords;	/* words + ceil(ncolor / 2) */
	uint64_t	*bits;		/* active items, bit c for item c */
	uint32_t	*pcol;		/* purified color per secondary item,
					   0 when not purified (in a split,
					   those of the group's items) */
	uint32_t	*rcol;		/* the same, of every item always */
	uint64_t	*zob;		/* a random word per item */
	uint64_t	*xzob;		/* per node x: the words of the other
					   uncolored items of x's option, so
					   that hash ^ xzob[x] is the hash
					   after x's option is committed */
	int		 nxzob;		/* nodes in xzob */
	uint64_t	 hash;		/* of the current state */
	uint64_t	*key;		/* scratch: the current key */
	struct frame	*fr;		/* nprimary + 1 frames */
	uint64_t	*table;		/* nslots slots of HDR + keywords */
	size_t		 nslots;	/* a power of two, >= BUCKET */
	size_t		 used;		/* slots holding an entry */
	size_t		 budget;	/* bytes the table may take */
	size_t		 aux;		/* bytes of everything else */
	int		 on;		/* looking up and storing */
	int		 giveup;	/* may give up when nothing repeats */
	int		 order;		/* branch on the first active item
					   unless one has <= 1 options */
	uint64_t	 saved;		/* nodes the hits spared */
	uint64_t	 judge;		/* lookups at the next judgement */
	struct dlx_memo_stats st;
	/* Progress, shared by the nested counts of components. */
	uint64_t	 next_progress;
	uint64_t	 interval;
	/* Components (see split()). */
	int		 comp;		/* DLX_COMP_* */
	int		 nact;		/* primary items of the group being
					   counted (for its hits' size) */
	int		 nest;		/* splits in progress */
	int		 outer;		/* level of the outermost one */
	int		 miss;		/* AUTO: looks in a row that found
					   nothing */
	int		 wait;		/* AUTO: nodes before the next look */
	int		*uf;		/* union-find parent, per item */
	int		*gid;		/* group of each item in view */
	uint32_t	*seen;		/* stamp: the item is in view */
	uint32_t	 stamp;
	int		*pair;		/* purified item, item: pairs */
	int		 npairmax;	/* room in pair, in pairs */
	struct split	*sp;		/* NEST splits' room, made lazily */
	size_t		 spbytes;	/* bytes of one */
};

/* splitmix64: the item's random word, the same on every run. */
static uint64_t
splitmix(uint64_t x)
{
	x += UINT64_C(0x9e3779b97f4a7c15);
	x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
	return x ^ (x >> 31);
}

static uint64_t
colorhash(int c, uint32_t x)
{
	return splitmix(((uint64_t)x << 32) ^ (uint64_t)c ^ UINT64_C(1) << 63);
}

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
	m->hash ^= colorhash(c, m->pcol[k] ^ x) ^ colorhash(c, 0);
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

/* The key of the current state into m->key. */
static void
makekey(struct memo *m)
{
	int	k;

	memcpy(m->key, m->bits, (size_t)m->words * sizeof *m->key);
	for (k = 0; k < m->ncolor; k += 2)
		m->key[m->words + k / 2] = (uint64_t)m->pcol[k] |
		    (k + 1 < m->ncolor ? (uint64_t)m->pcol[k + 1] << 32 : 0);
}

static size_t
slotwords(const struct memo *m)
{
	return HDR + (size_t)m->keywords;
}

static uint64_t *
bucket(const struct memo *m, uint64_t h)
{
	size_t	b;

	b = (size_t)((h * UINT64_C(0x9e3779b97f4a7c15)) >>
	    32) & (m->nslots / BUCKET - 1);
	return m->table + b * BUCKET * slotwords(m);
}

/* The stored count of the current state (m->key, m->hash), if any. */
static int
lookup(struct memo *m, u128 *count, uint64_t *cost)
{
	uint64_t	*s, h = m->hash | 1;
	size_t		 sw = slotwords(m), k;

	s = bucket(m, h);
	for (k = 0; k < BUCKET; k++, s += sw)
		if (s[0] == h && memcmp(s + HDR, m->key,
		    (size_t)m->keywords * sizeof *s) == 0) {
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
	size_t		 sw = slotwords(m), k;

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
 * replaced from then on.
 */
static void
grow(struct memo *m)
{
	dlx		*d = m->d;
	uint64_t	*old = m->table, *s;
	size_t		 oldn = m->nslots, sw = slotwords(m), k, bytes;

	if (oldn > SIZE_MAX / 2 / sw / sizeof *s)
		return;
	bytes = 2 * oldn * sw * sizeof *s;
	if (bytes > m->budget || m->budget - bytes < bytes / 2)
		return;
	s = dlxi_alloc(d, NULL, 2 * oldn * sw, sizeof *s);
	if (s == NULL)
		return;
	memset(s, 0, bytes);
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
	size_t		 sw = slotwords(m), k;

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
	if (m->used >= m->nslots / 4 * 3 ||
	    (m->used >= m->nslots / 2 && full(m, m->hash | 1)))
		grow(m);
	makekey(m);
	place(m, m->hash | 1, m->key, count, cost);
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
	dlxi_free(d, m->uf);
	dlxi_free(d, m->gid);
	dlxi_free(d, m->seen);
	dlxi_free(d, m->rcol);
	dlxi_free(d, m->pair);
	if (m->sp != NULL) {
		int	k;

		for (k = 0; k < NEST; k++)
			dlxi_free(d, m->sp[k].bits);
		dlxi_free(d, m->sp);
	}
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
	memset(m->seen, 0, ((size_t)d->nitems + 2) * sizeof *m->seen);
	m->stamp = 0;
	m->hash = 0;
	m->nact = 0;
	m->nest = 0;
	m->miss = 0;
	m->wait = 0;
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
	size_t		 n = BUCKET * slotwords(m) * sizeof *m->table, k;

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
	m->npairmax = colored ? 2 * (d->nitems + 1) : 0;
	m->uf = dlxi_alloc(d, NULL, (size_t)d->nitems + 2, sizeof *m->uf);
	m->gid = dlxi_alloc(d, NULL, (size_t)d->nitems + 2, sizeof *m->gid);
	m->seen = dlxi_alloc(d, NULL, (size_t)d->nitems + 2, sizeof *m->seen);
	m->rcol = dlxi_alloc(d, NULL, (size_t)m->ncolor + 1, sizeof *m->rcol);
	m->pair = dlxi_alloc(d, NULL, 2 * (size_t)m->npairmax + 2,
	    sizeof *m->pair);
	if (m->bits == NULL || m->pcol == NULL || m->zob == NULL ||
	    m->key == NULL || m->fr == NULL || m->uf == NULL ||
	    m->gid == NULL || m->seen == NULL || m->rcol == NULL ||
	    m->pair == NULL)
		goto fail;
	m->aux = (size_t)m->words * 8 + ((size_t)m->ncolor + 1) * 4 +
	    ((size_t)d->nitems + 1) * 8 + (size_t)m->keywords * 8 +
	    ((size_t)d->nprimary + 1) * sizeof *m->fr +
	    3 * ((size_t)d->nitems + 2) * sizeof *m->uf +
	    ((size_t)m->ncolor + 1) * sizeof *m->rcol +
	    (2 * (size_t)m->npairmax + 2) * sizeof *m->pair;
	/* A split's room (struct split), up to NEST of them, is made when
	 * first needed and taken from the table's budget then (room()). */
	m->spbytes = (size_t)m->words * 8 + ((size_t)m->ncolor + 1) * 4 +
	    ((size_t)d->nprimary + 1) * sizeof(int) +
	    (2 * ((size_t)d->nitems + 1) + (size_t)m->npairmax) * sizeof(int) +
	    2 * ((size_t)d->nprimary + 2) * sizeof(int);
	for (c = 1; c <= d->nitems; c++)
		m->zob[c] = splitmix((uint64_t)c);
	memo_state(m);
	sw = slotwords(m) * sizeof *m->table;
	m->budget = budget > m->aux ? budget - m->aux : 0;
	if (m->budget < BUCKET * sw)
		goto fail;
	m->nslots = BUCKET;
	while (m->nslots * 2 * sw <= START_BYTES &&
	    m->nslots * 2 * sw <= m->budget)
		m->nslots *= 2;
	bytes = m->nslots * sw;
	m->table = dlxi_alloc(d, NULL, m->nslots * slotwords(m), sizeof *m->table);
	if (m->table == NULL)
		goto fail;
	memset(m->table, 0, bytes);
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
 * Components.  At a node of the count, the items in view (active primary
 * items and active secondary items not purified) are joined when a live
 * option holds both; a purified item joins nothing.  When the primary
 * items fall into two groups or more, the node's count is the product of
 * the groups' counts, each counted on its own by a nested memo_search()
 * with only its group in view: the other primary items out of the list
 * of items (and covered for the choice of item), the state (m->bits,
 * m->pcol, m->hash) cut down to the group's items and the purified items
 * its options touch.  That is the key of the group: a whole state with
 * exactly those items active has the same options and the same count, so
 * groups and whole states share the table.  Every change the nested
 * count makes is to its group's items, and it undoes all of them; the
 * list of items is then rebuilt in its old order and the state put back.
 */

/* The hash of m->bits and m->pcol, from scratch (as flip() and
 * setcolor() keep it). */
static void
rehash(struct memo *m)
{
	uint64_t	h = 0, w;
	int		k, c;

	for (k = 0; k < m->words; k++)
		for (w = m->bits[k]; w != 0; w &= w - 1)
			h ^= m->zob[k * 64 + __builtin_ctzll(w)];
	for (k = 0; k < m->ncolor; k++)
		if (m->pcol[k] != 0) {
			c = m->d->nprimary + 1 + k;
			h ^= colorhash(c, m->pcol[k]) ^ colorhash(c, 0);
		}
	m->hash = h;
}

/* The room of the split at depth n (see struct split), made the first
 * time, if the budget left beside the table holds it; else NULL. */
static struct split *
room(struct memo *m, int n)
{
	dlx		*d = m->d;
	struct split	*sp;
	uint64_t	*w;
	int		*q;
	size_t		 table, words;

	if (m->spbytes == 0 || n >= NEST)
		return NULL;
	table = m->nslots * slotwords(m) * sizeof *m->table;
	if (m->sp == NULL) {
		if (m->budget < table + NEST * sizeof *m->sp)
			return NULL;
		if ((m->sp = dlxi_alloc(d, NULL, NEST, sizeof *m->sp)) == NULL)
			return NULL;
		memset(m->sp, 0, NEST * sizeof *m->sp);
		m->budget -= NEST * sizeof *m->sp;
		m->aux += NEST * sizeof *m->sp;
	}
	sp = &m->sp[n];
	if (sp->bits != NULL)
		return sp;
	words = (m->spbytes + 7) / 8;
	if (m->budget < table + words * 8)
		return NULL;
	if ((w = dlxi_alloc(d, NULL, words, sizeof *w)) == NULL)
		return NULL;
	m->budget -= words * 8;
	m->aux += words * 8;
	sp->bits = w;
	sp->pcol = (uint32_t *)(w + m->words);
	q = (int *)(sp->pcol + m->ncolor + 1);
	sp->order = q;
	q += d->nprimary + 1;
	sp->cap = 2 * (d->nitems + 1) + m->npairmax;
	sp->items = q;
	q += sp->cap;
	sp->start = q;
	q += d->nprimary + 2;
	sp->prim = q;
	return sp;
}

static inline int
purified(const struct memo *m, int c)
{
	return m->ncolor != 0 && c > m->d->nprimary &&
	    m->rcol[c - m->d->nprimary - 1] != 0;
}

static inline int
root(int *uf, int x)
{
	while (uf[x] != x) {
		uf[x] = uf[uf[x]];
		x = uf[x];
	}
	return x;
}

/* Join c's options: each node to the next node of its option whose item
 * is not purified; the purified ones passed on the way are noted with c
 * (in m->pair).  Returns -1 when m->pair is full. */
static int
join(struct memo *m, int c, int *npair)
{
	struct node	*nd = m->d->nodes;
	int		*uf = m->uf;
	int		 rr, x, cc, a, b;

	for (rr = nd[c].down; rr != c; rr = nd[rr].down)
		for (x = rr + 1; x != rr;) {
			cc = nd[x].top;
			if (cc <= 0) {
				x = nd[x].up;
				continue;
			}
			/* Out of view: a primary item of another group of
			 * an outer split (only options of secondary items of
			 * such a group get here: never a group's). */
			if (m->seen[cc] != m->stamp) {
				x++;
				continue;
			}
			if (purified(m, cc)) {
				if (m->gid[cc] == c) {
					x++;
					continue;
				}
				m->gid[cc] = c;
				if (*npair >= m->npairmax)
					return -1;
				m->pair[2 * *npair] = cc;
				m->pair[2 * *npair + 1] = c;
				(*npair)++;
				x++;
				continue;
			}
			a = root(uf, c);
			b = root(uf, cc);
			if (a != b)
				uf[b] = a;
			break;
		}
	return 0;
}

/*
 * The groups of the items in view into sp: the active primary items in
 * list order into sp->order, and the items of each group with a primary
 * item (its primary items first, then its secondary items, then the
 * purified items its options touch).  Returns the number of groups (0
 * when sp has no room for them).
 */
static int
groups(struct memo *m, struct split *sp)
{
	dlx		*d = m->d;
	struct item	*it = d->items;
	int		*uf = m->uf, *gid = m->gid;
	int		 sec = d->nitems + 1;
	int		 c, g, k, r, ng = 0, npair = 0, n;

	if (++m->stamp == 0) {
		memset(m->seen, 0, ((size_t)d->nitems + 2) * sizeof *m->seen);
		m->stamp = 1;
	}
	for (c = it[0].next; c != 0; c = it[c].next)
		uf[c] = c, gid[c] = -1, m->seen[c] = m->stamp;
	for (c = it[sec].next; c != sec; c = it[c].next)
		uf[c] = c, gid[c] = -1, m->seen[c] = m->stamp;
	for (c = it[0].next; c != 0; c = it[c].next)
		if (join(m, c, &npair) != 0)
			return 0;
	for (c = it[sec].next; c != sec; c = it[c].next)
		if (!purified(m, c) && join(m, c, &npair) != 0)
			return 0;
	n = 0;
	for (c = it[0].next; c != 0; c = it[c].next) {
		r = root(uf, c);
		if (gid[r] < 0) {
			sp->prim[ng] = 0;
			gid[r] = ng++;
		}
		sp->order[n++] = c;
	}
	sp->norder = n;
	sp->ngroup = ng;
	if (ng <= 1)
		return ng;
	/* Each item's group; then uf is free for the places to fill. */
	for (k = 0; k < n; k++) {
		c = sp->order[k];
		gid[c] = gid[root(uf, c)];
		sp->prim[gid[c]]++;
	}
	for (c = it[sec].next; c != sec; c = it[c].next)
		if (!purified(m, c))
			gid[c] = gid[root(uf, c)];
	memset(sp->start, 0, ((size_t)ng + 1) * sizeof *sp->start);
	for (c = it[sec].next; c != sec; c = it[c].next)
		if (!purified(m, c) && gid[c] >= 0)
			sp->start[gid[c] + 1]++;
	for (k = 0; k < npair; k++)
		sp->start[gid[m->pair[2 * k + 1]] + 1]++;
	for (g = 0; g < ng; g++)
		sp->start[g + 1] += sp->start[g] + sp->prim[g];
	if (sp->start[ng] > sp->cap)
		return 0;
	for (g = 0; g < ng; g++)
		uf[g] = sp->start[g];
	for (k = 0; k < n; k++) {
		c = sp->order[k];
		sp->items[uf[gid[c]]++] = c;
	}
	for (c = it[sec].next; c != sec; c = it[c].next)
		if (!purified(m, c) && gid[c] >= 0)
			sp->items[uf[gid[c]]++] = c;
	for (k = 0; k < npair; k++)
		sp->items[uf[gid[m->pair[2 * k + 1]]]++] = m->pair[2 * k];
	return ng;
}

static int	memo_search(struct memo *, const struct dlxi_memo *, int, int,
		    u128 *);

#define U128_MAX	(~(u128)0)

/*
 * Split the node at level if its items fall apart: *did set, *out the
 * product of the groups' counts.  Returns DLX_OK, or what a nested count
 * returned (stopped, overflow, giving up), the node as it was in either
 * case.
 */
static int
split(struct memo *m, const struct dlxi_memo *p, int level, int *did,
    u128 *out)
{
	dlx		*d = m->d;
	struct item	*it = d->items;
	struct split	*sp;
	int		*len = d->len, *its;
	u128		 prod = 1, cnt, plain = 0, mult = 1;
	uint64_t	 nodes, sum = 0;
	int		 g, k, c, ni, npg, prev, nact, over = 0;
	int		 rc = DLX_OK, np = d->nprimary;

	*did = 0;
	if ((sp = room(m, m->nest)) == NULL)
		return DLX_OK;
	m->st.splits_tried++;
	if (groups(m, sp) <= 1)
		return DLX_OK;
	*did = 1;
	m->st.splits++;
	m->st.components += (uint64_t)sp->ngroup;
	memcpy(sp->bits, m->bits, (size_t)m->words * sizeof *m->bits);
	memcpy(sp->pcol, m->pcol, ((size_t)m->ncolor + 1) * sizeof *m->pcol);
	sp->hash = m->hash;
	nact = m->nact;
	if (m->nest++ == 0)
		m->outer = level;
	for (k = 0; k < sp->norder; k++)
		len[sp->order[k]] += COVERED;
	for (g = 0; g < sp->ngroup; g++) {
		its = sp->items + sp->start[g];
		ni = sp->start[g + 1] - sp->start[g];
		npg = sp->prim[g];
		/* Only group g in view. */
		prev = 0;
		for (k = 0; k < npg; k++) {
			it[prev].next = its[k];
			it[its[k]].prev = prev;
			prev = its[k];
			len[its[k]] -= COVERED;
		}
		it[prev].next = 0;
		it[0].prev = prev;
		memset(m->bits, 0, (size_t)m->words * sizeof *m->bits);
		for (k = 0; k < ni; k++) {
			c = its[k];
			m->bits[c >> 6] |= (uint64_t)1 << (c & 63);
		}
		if (m->ncolor != 0) {
			memset(m->pcol, 0, ((size_t)m->ncolor + 1) *
			    sizeof *m->pcol);
			for (k = npg; k < ni; k++)
				m->pcol[its[k] - np - 1] =
				    m->rcol[its[k] - np - 1];
		}
		rehash(m);
		m->nact = npg;
		nodes = d->st.nodes;
		rc = memo_search(m, p, level, 1, &cnt);
		nodes = d->st.nodes - nodes;
		for (k = 0; k < npg; k++)
			len[its[k]] += COVERED;
		if (rc != DLX_OK)
			break;
		/* The plain search would have run group g's tree once for
		 * each solution of the groups before it. */
		sum += nodes;
		plain += mult * nodes;
		if (plain > (u128)UINT64_MAX)
			plain = UINT64_MAX;
		if (cnt == 0) {
			prod = 0;
			over = 0;
			break;
		}
		mult = cnt > (u128)UINT64_MAX || mult * cnt > UINT64_MAX ?
		    UINT64_MAX : mult * cnt;
		if (!over && prod > U128_MAX / cnt)
			over = 1;
		else if (!over)
			prod *= cnt;
	}
	/* Everything as it was. */
	prev = 0;
	for (k = 0; k < sp->norder; k++) {
		c = sp->order[k];
		len[c] -= COVERED;
		it[prev].next = c;
		it[c].prev = prev;
		prev = c;
	}
	it[prev].next = 0;
	it[0].prev = prev;
	memcpy(m->bits, sp->bits, (size_t)m->words * sizeof *m->bits);
	memcpy(m->pcol, sp->pcol, ((size_t)m->ncolor + 1) * sizeof *m->pcol);
	m->hash = sp->hash;
	m->nact = nact;
	m->nest--;
	if (rc != DLX_OK)
		return rc;
	if (over)
		return DLX_EOVERFLOW;
	if (plain > sum) {
		m->saved += (uint64_t)plain - sum;
		m->st.comp_saved += (uint64_t)plain - sum;
	}
	*out = prod;
	return DLX_OK;
}

/* AUTO: whether to look for components at this node. */
static inline int
want(struct memo *m)
{
	if (m->comp == DLX_COMP_ALWAYS)
		return 1;
	if (m->comp != DLX_COMP_AUTO)
		return 0;
	if (m->wait > 0) {
		m->wait--;
		return 0;
	}
	return 1;
}

/*
 * AUTO: after a look, how long to wait before the next one.  A look walks
 * every live option, about the work of LOOKCOST nodes; while the
 * products have spared more nodes than that for every look so far, look
 * at every node, else at the 1st, 2nd, 4th, ... node after the last look
 * (at most every 4096th).  On sudoku grids and pentominoes, splits come
 * only near the leaves, where they spare a few nodes each: the empty 6x6
 * sudoku, looking at every node, spares 0.19 nodes a look and runs 2.4
 * times as long; with the waits it looks at 272 nodes of 4.1 million.
 */
#define LOOKCOST	4

static inline void
looked(struct memo *m)
{
	if (m->st.comp_saved >= LOOKCOST * m->st.splits_tried) {
		m->miss = 0;
		m->wait = 0;
	} else {
		if (m->miss < 12)
			m->miss++;
		m->wait = (1 << m->miss) - 1;
	}
}

/* The size class of a group of n primary items. */
static inline int
sizeclass(int n)
{
	return n <= 4 ? 0 : n <= 16 ? 1 : n <= 64 ? 2 : 3;
}

/*
 * The counting loop; see the file comment.  Between labels the state is
 * "frames 0..level-1 chosen and committed".  Returns DLX_OK,
 * DLX_STOPPED, DLX_EOVERFLOW or MEMO_GIVEUP, with d restored.  One
 * function with gotos, as search.c's loop and for the same reasons: the
 * labels share every level's state, and the hot path stays in registers.
 */
static int
memo_search(struct memo *m, const struct dlxi_memo *p, int base, int fresh,
    u128 *out)
{
	dlx		*d = m->d;
	struct node	*nd = d->nodes;
	struct item	*it = d->items;
	struct frame	*f;
	u128		 total = 0, c128;
	uint64_t	 cost, nodes;
	int		 level = base, best, c, min, np = d->nprimary, rc, did, x;
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
		makekey(m);
		m->st.lookups++;
		if (lookup(m, &c128, &cost)) {
			m->st.hits++;
			if (fresh && level == base)
				m->st.comp_hits[sizeclass(m->nact)]++;
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
		 * And a glance at 2^12 lookups: fewer than one hit in 16 by
		 * then gives up at once.  Where a node costs thousands of
		 * updates (the 4x4 magic square: no hit at all), waiting for
		 * 2^16 lookups would cost more than the whole plain search,
		 * and pentominoes (2-3% hits) lost a third of their time.
		 * The empty 6x6 sudoku, which the cache counts four times
		 * faster, has more than one hit in 16 by then.
		 */
		if (m->giveup && m->st.lookups == GLANCE &&
		    m->st.hits < GLANCE / 16) {
			rc = MEMO_GIVEUP;
			goto unwind;
		}
	}
	/* Fewest options, ties to the first; 0 or 1 cannot be beaten. */
	best = 0;
	min = INT_MAX;
	for (c = 1; c <= np; c++)
		if (len[c] < min) {
			min = len[c];
			best = c;
			if (min <= 1)
				break;
		}
	if (min == 0)
		goto up;
	/* Components: where the items left fall apart, the product. */
	if (min > 1 && !(fresh && level == base) && want(m)) {
		nodes = d->st.nodes;
		if ((rc = split(m, p, level, &did, &c128)) != DLX_OK)
			goto unwind;
		if (m->comp == DLX_COMP_AUTO)
			looked(m);
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
		ms->bytes = m->nslots * slotwords(m) * sizeof *m->table + m->aux;
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
	if (mult_active(d)) {
		if (mode == DLX_MEMO_ALWAYS)
			return DLX_ENOTSUP;
		mode = DLX_MEMO_NEVER;
	}
	if (mode == DLX_MEMO_AUTO) {
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
	 * after 4096 lookups where hits are rare).
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
