/*
 * memo.h: what the cache's count (memo.c) and its component counting
 * (comp.c) share: the cache and the state it is keyed on (struct memo),
 * the hash of a purified color, and the calls each makes into the other.
 * memo.c's loop, memo_search(), counts a group of comp.c's split; comp.c
 * decides where to look for groups and counts their product.  Not
 * installed, and private to these two files.
 *
 * The judgement of where to look (comp_want(), comp_looked()) runs at
 * every node of the count, so it is static inline here: the loop keeps it
 * in its registers.  The split itself runs only where it is asked for, and
 * is comp.c's.
 */
#ifndef MEMO_H
#define MEMO_H

#include <stddef.h>
#include <stdint.h>

#include "dlx.h"
#include "lib/core/dlx_impl.h"
#include "lib/core/wide.h"

#define BUCKET		4	/* slots per bucket */
#define HDR		4	/* words of a slot before its key: hash,
				   count lo, count hi, cost */

struct frame;
struct split;

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
	struct frame	*fr;		/* nprimary + 1 frames (memo.c) */
	uint64_t	*table;		/* nslots slots of HDR + keywords */
	size_t		 nslots;	/* a power of two, >= BUCKET */
	size_t		 used;		/* slots holding an entry */
	size_t		 budget;	/* bytes the table may take */
	int		 full;		/* the table could not grow */
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
	/* Components (comp.c). */
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
	struct split	*sp;		/* the splits' room, made lazily */
	size_t		 spbytes;	/* bytes of one */
};

/* splitmix64: the item's random word, the same on every run. */
static inline uint64_t
memo_splitmix(uint64_t x)
{
	x += UINT64_C(0x9e3779b97f4a7c15);
	x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
	return x ^ (x >> 31);
}

/* The word of item c purified with color x in the state's hash. */
static inline uint64_t
memo_colorhash(int c, uint32_t x)
{
	return memo_splitmix(((uint64_t)x << 32) ^ (uint64_t)c ^
	    UINT64_C(1) << 63);
}

/* Words of one slot of the table. */
static inline size_t
memo_slotwords(const struct memo *m)
{
	return HDR + (size_t)m->keywords;
}

/*
 * The counting loop (memo.c) from level base: the count of the problem
 * as it stands into *out.  fresh: the node at base is a group that a split
 * just made (it is looked up, but not split again).  Returns DLX_OK,
 * DLX_STOPPED, DLX_EOVERFLOW or memo.c's code for giving up, with d and
 * the state as they were.
 */
int	memo_search(struct memo *m, const struct dlxi_memo *p, int base,
	    int fresh, u128 *out);

/*
 * Components (comp.c).  comp_init() sets up what the splits need, beside
 * the arrays of memo_init(): the union-find and the pairs (their bytes
 * added to m->aux), the size of a split's room (made by the first split
 * that needs it).  colored: some option has a color.  Returns 0, or -1
 * out of memory (comp_free() then frees what was made).  comp_free()
 * frees it all; both leave the rest of m alone.
 */
int	comp_init(struct memo *m, int colored);
void	comp_free(struct memo *m);

/* A new count from m's state: no split in progress, no item in view. */
void	comp_reset(struct memo *m);

/*
 * Split the node at level if its items fall apart: *did set, *out the
 * product of the groups' counts.  Returns DLX_OK, or what a nested count
 * returned (stopped, overflow, giving up), the node as it was in either
 * case.
 */
int	comp_split(struct memo *m, const struct dlxi_memo *p, int level,
	    int *did, u128 *out);

/* AUTO: whether to look for components at this node. */
static inline int
comp_want(struct memo *m)
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
 * every live option, about the work of COMP_LOOKCOST nodes; while the
 * products have spared more nodes than that for every look so far, look
 * at every node, else at the 1st, 2nd, 4th, ... node after the last look
 * (at most every 4096th).  On sudoku grids and pentominoes, splits come
 * only near the leaves, where they spare a few nodes each: the empty 6x6
 * sudoku, looking at every node, spares 0.19 nodes a look and runs 2.4
 * times as long; with the waits it looks at 272 nodes of 4.1 million.
 */
#define COMP_LOOKCOST	4

static inline void
comp_looked(struct memo *m)
{
	if (m->st.comp_saved >= COMP_LOOKCOST * m->st.splits_tried) {
		m->miss = 0;
		m->wait = 0;
	} else {
		if (m->miss < 12)
			m->miss++;
		m->wait = (1 << m->miss) - 1;
	}
}

/* The size class of a group of n primary items (struct dlx_memo_stats'
 * comp_hits). */
static inline int
comp_sizeclass(int n)
{
	return n <= 4 ? 0 : n <= 16 ? 1 : n <= 64 ? 2 : 3;
}

#endif /* MEMO_H */
