/*
 * dlx_impl.h: the representation of a dlx and what the files of libdlx
 * share about it; nothing outside the library sees it (not installed, and
 * the names lack the dlx_ prefix, so -export-symbols-regex in Makefile.am
 * keeps them private).
 *
 * The library's core is core/matrix.c, which builds and checks the matrix
 * (items, options, names, forcing, copies), and core/dance.h, the dancing
 * steps every search shares.  The engines of engine/ search on it:
 * search.c runs Algorithm X and C (Knuth's tree, and the fast default),
 * sparse.c the same on sparse sets, mult.c Algorithm M for item bounds,
 * memo.c the cache; the drivers of drive/ (parallel.c, split.c, pos.c)
 * build on them.
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
 *				of item k's vertical list (its length is
 *				len[k], below).  Then come the options,
 *				each a run of consecutive nodes, with a
 *				spacer node before the first option and
 *				after every option.
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
 *
 * Indices are ints, as in Knuth's programs: half the memory of pointers
 * and the arrays can be moved by realloc.  This caps a matrix at INT_MAX
 * nodes, which is checked wherever the matrix grows.
 */
#ifndef DLX_IMPL_H
#define DLX_IMPL_H

#ifdef HAVE_CONFIG_H
#include <config.h>		/* DLX_KNUTH_DEFAULT */
#endif

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "dlx.h"
#include "lib/core/search_int.h"

struct dlxi_ext;

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
	const struct dlxi_ext	*ext;		/* the engine that extends the
						   matrix (item bounds), or
						   NULL; see struct dlxi_ext */
	void			*ext_data;	/* that engine's state */
	int			 parallel;	/* dlxi_search_parallel() runs
						   on copies; st and progress
						   are its totals */
	struct dlx_stats	 st;
	int			 colored;	/* an option has a color */
	void			*running;	/* while an engine that works
						   on a copy of its own searches
						   d (engine/sparse.c,
						   engine/bits.c), its state,
						   else NULL */
	double			(*running_progress)(const dlx *d);
						/* that engine's dlx_progress()
						   if not sparse.c's, or NULL */
	int			*scratch;	/* the search workspace (see */
	size_t			 scratch_cap;	/* dlxi_workspace_need), ints */
	int			 nzero;		/* primary items whose list */
	int			 zero[4];	/* hide() emptied (the first
						   four) */
	int			 deferred;	/* the forced options are not
						   on the links yet: see
						   dlxi_force_deferred() */
	int			 shape;		/* DLXI_SHAPE_*: a matrix whose
						   structure an engine knows
						   (engine/bits.c), else 0;
						   cleared by an option
						   added */
	int			 bare;		/* noptions + 1 while the
						   workspace holds the sparse
						   search's form of the bare
						   matrix (engine/sparse.c),
						   else 0 */
};

/*
 * The shapes of struct dlx's shape.  DLXI_SHAPE_SUDOKU9: the plain 9x9
 * sudoku matrix as sudoku/sudoku.c builds it (3x3 boxes, no variant;
 * option (r*9 + c)*9 + v is "cell (r,c) holds v", and no other option),
 * which engine/bits.c searches on bit boards.
 */
#define DLXI_SHAPE_SUDOKU9	1

/*
 * DLXI_SHAPE_SUDOKU9_MARKS: the marks matrix of a plain 9x9 puzzle of
 * pencil marks (sudoku/sudoku.c, dlx_sudoku_set_marks()): the 729
 * options of DLXI_SHAPE_SUDOKU9 in their order, each struck candidate
 * naming a 325th primary item "struck" too, and option 729, "struck"
 * alone, forced.  engine/bits.c searches it with the struck candidates
 * out of its boards.
 */
#define DLXI_SHAPE_SUDOKU9_MARKS	2

/* Allocate nmemb * size bytes (at least 1) with d's allocator, or
 * reallocate p; NULL if out of memory or if the size overflows. */
void	*dlxi_alloc(dlx *d, void *p, size_t nmemb, size_t size);

/* Free p (may be NULL) with d's allocator. */
void	 dlxi_free(dlx *d, void *p);

/* The largest solution count; a narrower value lets a test build reach
 * the overflow check in a moment. */
#ifndef DLX_COUNT_MAX
#define DLX_COUNT_MAX UINT64_MAX
#endif

/*
 * Mark d as being searched by dlxi_search_parallel() (on != 0: calls that
 * change it return DLX_EMISUSE, dlx_progress() returns what
 * dlxint_publish() last set), or as done with it (on == 0; complete says
 * whether the whole tree was explored).
 */
void	dlxint_parallel(dlx *d, int on, int complete);

/* Set the figures dlx_stats() and dlx_progress() report for d. */
void	dlxint_publish(dlx *d, const struct dlx_stats *st, double progress);

/* The options forced on d, in the order they were forced (*n of them);
 * valid until d changes.  For dlx_digest() (drive/split.c). */
const int	*dlxint_forced(const dlx *d, size_t *n);

#ifndef DLX_KNUTH_DEFAULT
#define DLX_KNUTH_DEFAULT 0
#endif

/* Whether s walks Knuth's tree (see struct dlxi_search). */
static inline int
search_knuth(const struct dlxi_search *s)
{
	return s->knuth > 0 || (s->knuth == 0 && DLX_KNUTH_DEFAULT);
}

/*
 * An engine that keeps state of its own in the matrix (Algorithm M's item
 * bounds, engine/mult.c) sets d->ext to its table and d->ext_data to its
 * state when that state is first made; the core reaches it only through
 * the table, and so names no engine.  While ext is NULL or active() says
 * no, the matrix is plain and the core forces options itself.
 */
struct dlxi_ext {
	int	(*active)(const dlx *d);	/* forcing goes through it */
	int	(*force)(dlx *d, int opt);	/* dlx_force(), args checked */
	int	(*unforce)(dlx *d);		/* dlx_unforce(), one forced */
	size_t	(*memory)(const dlx *d);	/* bytes it holds */
	void	(*release)(dlx *d);		/* free them, clear ext */
};

/* Whether d's forcing and search go through its extension. */
static inline int
dlxi_ext_active(const dlx *d)
{
	return d->ext != NULL && d->ext->active(d);
}

/*
 * The search workspace, d->scratch: ints reserved with the matrix as it
 * grows (dlx_new, each option added, dlx_clone), so that no search
 * allocates.  An engine that copies the active part of the matrix into a
 * form of its own lays the copy out there (the sparse sets of
 * engine/sparse.c): dlxi_workspace_need() is what such a copy of d may
 * take at most, in ints; see matrix.c for the count.  With at most
 * DLXI_SNAP_ITEMS items, it also holds, for every level, a copy of every
 * item's length and of the bit set of the short primary items; with more
 * items, but that bit set in at most DLXI_SAVE1_WORDS 64-bit words, a copy
 * of the bit set alone.
 */
#define DLXI_SNAP_ITEMS	128
#define DLXI_SAVE1_WORDS	16
size_t	dlxi_workspace_need(const dlx *d);

/*
 * For a matrix whose options are forced deferred (below), the sparse
 * search keeps what it needs of the bare matrix between searches, after
 * what dlxi_workspace_need() counts rounded up to an even number: at
 * most dlxi_workspace_kept() more ints.  dlxi_workspace_keep() reserves
 * that room (DLX_OK or DLX_ENOMEM), once the options are in: without
 * it, or when options are added after, the search on the links takes
 * such a matrix instead.  A copy (dlx_clone) has the room if d has.
 */
size_t	dlxi_workspace_kept(const dlx *d);
int	dlxi_workspace_keep(dlx *d);

/*
 * Force opts[0..n-1] on d, on which nothing is forced, leaving the links
 * alone: the options are recorded as forced (dlx_nforced(), the
 * solutions begin with them, dlx_unforce() takes them back) but applied
 * only where something needs them on the links.  The sparse search
 * (engine/sparse.c) never does: it makes its copy of the matrix from the
 * bare links and the list of forced options, so that a puzzle's givens
 * (sudoku/sudoku.c) cost neither forcing nor unforcing.  Everything else
 * that reads the links calls dlxi_settle() first.  Where the options
 * cannot be deferred (something is forced already, colors, item bounds,
 * two options sharing an item) they are forced one by one with
 * dlx_force(), and its error is returned with none of them forced.
 * Returns DLX_OK, DLX_EMISUSE (during a search), DLX_ERANGE or
 * DLX_ECONFLICT.  Allocates nothing.
 */
int	dlxi_force_deferred(dlx *d, const int *opts, size_t n);

/* Apply the deferred forced options of d on its links (d->deferred
 * cleared), leaving dlx_stats() as it was.  Does nothing if none is
 * deferred. */
void	dlxi_settle(dlx *d);

#endif /* DLX_IMPL_H */
