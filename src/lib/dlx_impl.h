/*
 * dlx_impl.h: the representation of a dlx, shared by the files of libdlx
 * that work on it (dlx.c, mult.c).  Not installed: nothing outside the
 * library may depend on it.  The representation itself is described at the
 * top of dlx.c.
 */
#ifndef DLX_IMPL_H
#define DLX_IMPL_H

#include <limits.h>
#include <stdint.h>

#include "dlx.h"

struct dlx_mult;

struct node {
	int	up;		/* vertical links (spacers: see above) */
	int	down;
	int	top;		/* item index, len in a header, <= 0 in
				   a spacer */
	int	color;		/* 0, a color > 0, or -1 while compatible
				   with a purified item */
};

struct item {
	int	prev;		/* horizontal links among active items */
	int	next;
};

/*
 * len[k] is the number of options in item k's list, plus COVERED while a
 * primary item k is covered.  Keeping the lengths in one dense array, with
 * covered items made large rather than skipped, turns the choice of the
 * item to branch on into a minimum over an array, which compilers turn
 * into vector instructions; walking the linked list of active items
 * instead was three quarters of the time of a sudoku count.  The array
 * is in declaration order, so "first minimum" is exactly Knuth's rule
 * (fewest options, ties to the item declared first).  A covered item's
 * list never changes while it stays covered, so its len holds still too.
 * Every list has fewer than INT_MAX / 2 options (each option takes at
 * least two nodes), so len + COVERED fits an int.
 */
#define COVERED	(INT_MAX / 2 + 1)

struct dlx {
	struct dlx_allocator	 mem;
	int			 nprimary;
	int			 nitems;	/* primary + secondary */
	struct item		*items;		/* nitems + 2 entries */
	int			*len;		/* nitems + 2 entries; see
						   COVERED */
	struct node		*nodes;
	int			 nnodes;	/* in use; last is a spacer */
	int			 capnodes;
	int			*ostart;	/* first node of each option,
						   plus one past the end */
	int			 noptions;
	int			 capoptions;
	int			*mark;		/* per item: stamp of the last
						   dlx_add_option that named it */
	int			 stamp;		/* of the current add */
	char			**names;	/* per item, or NULL */
	int			*forced;	/* forced option numbers */
	int			 nforced;
	int			*choice;	/* search stack: a node per
						   level */
	int			 level;		/* current depth of search */
	int			*sol;		/* solution being reported */
	int			 searching;	/* a search is running */
	int			 searched;	/* a search has finished */
	int			 complete;	/* the last one was complete */
	double			 progress;	/* dlx_progress() where the last
						   one ended */
	struct dlx_mult		*mult;		/* item bounds (Algorithm M), or
						   NULL: all 1..1 (mult.c) */
	int			 parallel;	/* dlx_search_parallel() runs
						   on copies; st and progress
						   are its totals */
	struct dlx_stats	 st;
	int			 nzero;		/* primary items whose list */
	int			 zero[4];	/* hide() emptied (the first
						   four) */
};

/*
 * The dancing steps of dlx.c, for the other search loops of the library
 * (they are static inline there, where the main loop uses them).  Each
 * does exactly what its namesake in dlx.c does, counting updates in
 * d->st.updates the same way.
 */
void	dlxi_cover(dlx *, int);
void	dlxi_uncover(dlx *, int);
void	dlxi_purify(dlx *, int);
void	dlxi_unpurify(dlx *, int);
void	dlxi_hide(dlx *, int);
void	dlxi_unhide(dlx *, int);

#endif /* DLX_IMPL_H */
