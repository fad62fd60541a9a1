/*
 * engine.h: what the engines of engine/ offer each other and the drivers
 * of drive/, beyond the entry points of core/search_int.h (dlxi_search,
 * dlxi_count_wide).  Not installed; the names lack the dlx_ prefix, so
 * they stay private to the library.
 *
 * search.c runs the searches on the links and hands a plain problem to
 * sparse.c; mult.c runs Algorithm M when an item has bounds; memo.c
 * counts with a cache.  The core reaches none of them by name (mult.c is
 * hung on the matrix through struct dlxi_ext, the workspace sparse.c
 * searches in is reserved by the core).
 */
#ifndef ENGINE_H
#define ENGINE_H

#include <limits.h>

#include "lib/core/dlx_impl.h"

/*
 * The choice of the item to branch on, among a[0..n-1] (the lengths of
 * the primary items, COVERED added to covered ones), n >= 1: the index of
 * the first with at most stop options if there is one (the rest of the
 * scan is then not needed), else of the first smallest.  search.c's fast
 * mode and memo.c stop at 1: no item can do better than 0 or 1.
 * sparse.c stops at 2: its choose() has ruled out 0 and 1 already, so
 * the first 2 is the first smallest.  Inline, so that each caller's stop
 * is a constant in its copy.
 *
 * The scan takes blocks of 16: their minimum, four lanes at a time, says
 * whether one is at most stop (then that block is searched for the
 * first), and the lanes keep the running minimum, reduced to one value
 * only at the end, when a second pass finds its first place four at a
 * time.  With SSE2 (every x86-64) in those words; elsewhere the same
 * plan in plain C, which compilers vectorize as they can.  (The plain
 * loop, one item at a time with a test to stop, took a sixth of the
 * instructions of the cache's count of the empty 6x6 sudoku, whose 144
 * items it scanned at every node; a reduction per block of 16 still cost
 * about 500 instructions for those 144, this about 140.)
 */
#if defined(__SSE2__)
#include <emmintrin.h>

static inline __m128i
sfs_min(__m128i a, __m128i b)
{
	__m128i	lt = _mm_cmplt_epi32(a, b);

	return _mm_or_si128(_mm_and_si128(lt, a), _mm_andnot_si128(lt, b));
}

static inline __m128i
sfs_load(const int *a)
{
	return _mm_loadu_si128((const __m128i *)(const void *)a);
}

static inline int
search_first_short(const int *a, int n, int stop)
{
	const __m128i	lim = _mm_set1_epi32(stop + 1);
	__m128i		m = _mm_set1_epi32(INT_MAX), x;
	int		b, k, mm, bits;

	for (b = 0; b + 16 <= n; b += 16) {
		x = sfs_min(sfs_min(sfs_load(a + b), sfs_load(a + b + 4)),
		    sfs_min(sfs_load(a + b + 8), sfs_load(a + b + 12)));
		if (_mm_movemask_epi8(_mm_cmplt_epi32(x, lim)) != 0) {
			for (k = b; a[k] > stop; k++)
				continue;
			return k;
		}
		m = sfs_min(m, x);
	}
	m = sfs_min(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
	m = sfs_min(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
	mm = _mm_cvtsi128_si32(m);
	/* The last items, fewer than 16: none before is at most stop. */
	for (k = b; k < n; k++) {
		if (a[k] <= stop)
			return k;
		mm = a[k] < mm ? a[k] : mm;
	}
	x = _mm_set1_epi32(mm);
	for (k = 0; k + 4 <= n; k += 4) {
		bits = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(
		    sfs_load(a + k), x)));
		if (bits != 0)
			return k + __builtin_ctz((unsigned)bits);
	}
	for (; a[k] != mm; k++)
		continue;
	return k;
}
#else
#if defined(__GNUC__) && !defined(__clang__)
/* gcc vectorizes the minimum only at -O3; clang does at -O2. */
__attribute__((optimize("tree-vectorize")))
#endif
static inline int
search_first_short(const int *a, int n, int stop)
{
	int	m, bm, b, e, k;

	m = INT_MAX;
	for (b = 0; b < n; b += 16) {
		e = n - b < 16 ? n : b + 16;
		bm = INT_MAX;
		for (k = b; k < e; k++)
			bm = a[k] < bm ? a[k] : bm;
		if (bm <= stop) {
			for (k = b; a[k] > stop; k++)
				continue;
			return k;
		}
		m = bm < m ? bm : m;
	}
	for (k = 0; a[k] != m; k++)
		continue;
	return k;
}
#endif

/*
 * dlx_branch() (dlx.h) in either tree: with knuth 0 the fast one, whose
 * item is search_first_short()'s; then, if dead is not NULL, dead[k] = 1
 * for an option the fast search abandons (it leaves an uncovered primary
 * item with no option: counted in abandoned, with no node below it), and
 * updates[k] counts what the search on the links counts for it, up to
 * where it gives up (the sparse sets may give up elsewhere: sparse.c).
 * With knuth nonzero, dead[k] is 0.  search.c.
 */
int	search_branch(dlx *d, int knuth, int *item, int *options,
	    uint64_t *updates, unsigned char *dead, size_t cap);

/*
 * The fast search on sparse sets (sparse.c), for d without item bounds,
 * with a primary item left: runs the search s on d and returns 1 with its
 * result in *rc, or returns 0, leaving d untouched, if d is not for it
 * (its workspace too small).  Called by dlxi_search() once the search
 * is set up (d->st cleared, d->searching set).
 */
int	sparse_search(dlx *d, const struct dlxi_search *s, int *rc);

/* dlx_progress() and dlx_path() while sparse_search() runs (d->running
 * set). */
double	sparse_progress(const dlx *d);
size_t	sparse_path(const dlx *d, int *options, size_t *untried, size_t cap);

/*
 * Multiplicities, Knuth's Algorithm M (his program DLX3), mult.c.  A
 * primary item may be given bounds lo..hi (dlx_set_item_bounds): it must
 * then be covered by at least lo and at most hi of the chosen options.
 * While every item has the default 1..1, the matrix has no extension (or
 * one that is not active) and search.c does everything as before; as soon
 * as one item has other bounds, forcing (through struct dlxi_ext),
 * searching and the progress estimate go to the functions below.
 */

/* Some primary item has bounds other than 1..1. */
int	mult_active(const dlx *d);

/* dlxi_search() under bounds, called by it after loop_begin(d), with s
 * not NULL. */
int	mult_search(dlx *d, const struct dlxi_search *s);

/* dlx_progress() during a search under bounds. */
double	mult_progress(const dlx *d);

/*
 * Algorithm M's tree split (drive/mult_drive.c).  Its levels choose an
 * item and then an option of its list or, when its lower bound is met,
 * the null move (no more options for it), and an option chosen at one
 * level leaves the ones before it in the item's list out of the subtree
 * (Knuth's tweak): no set of forced options names a node.  A node is
 * named instead by the ranks of the branches on the way to it, 0 for a
 * level's first (the null move, when allowed, is the last): a path of
 * that tree, which the search replays in its own terms.
 *
 * A task (as part_impl.h's) is path[0..*len-1] with untried[l] siblings
 * left after path[l].  mult_task_search(d, s, t) searches what is left of
 * it (as dlxi_search(), s may be NULL), keeping *t what is still left
 * when it stops (a level passed to its next sibling: path[l] + 1, one
 * untried less, *len = l + 1).  Its figures are those of the nodes
 * below the path: the nodes of the forced levels are not counted, and
 * the updates count from the first node entered, so that the figures of
 * a node's subtrees plus those of the search above them are the whole
 * search's.  With at not NULL, every node at depth cut (below the
 * forced levels) is handed to at(arg, ranks, cut) and not searched;
 * nonzero from at stops with DLX_ENOMEM.  Returns as dlxi_search(), or
 * DLX_ECORRUPT if the path is not one of d's tree (then nothing was
 * counted that matters).
 *
 * mult_path(): dlx_path() under bounds, relative to the task (the levels
 * from *len on), with the ranks for options.  mult_clone(): dlx_clone()
 * of d with its bounds and forced options.
 */
struct mult_task {
	int	*path;		/* branch ranks from the root */
	size_t	*untried;	/* per level of path: siblings left */
	size_t	*len;		/* levels of path still forced */
	int	 cut;		/* with at: the depth handed over */
	int	(*at)(void *arg, const int *path, size_t len);
	void	*arg;
};
int	mult_task_search(dlx *d, const struct dlxi_search *s,
	    struct mult_task *t);
size_t	mult_path(const dlx *d, int *branch, size_t *untried, size_t cap);
int	mult_clone(dlx **out, dlx *d);

/*
 * dlxi_count_wide(), keeping the cache in *keep (NULL at first) for the
 * next count of the same d, under other forced options: a subproblem's
 * count does not depend on the way to it, so the subtrees of a position
 * counted one after another (drive/split.c) meet the states of the earlier
 * ones as a single count would.  Free it with dlxint_memo_free(d, keep).
 */
int	dlxint_count_kept(dlx *d, const struct dlxi_memo *p,
	    struct dlx_wide *count, struct dlx_memo_stats *ms, void **keep);
void	dlxint_memo_free(dlx *d, void *keep);

/*
 * The 9x9 sudoku matrix on bit boards (bits.c).  bits_serves(d): d is
 * that matrix, or its marks matrix (d->shape, and nothing added since).  bits_search(d, s,
 * &rc) searches it as dlxi_search() does (d's figures, the solutions with
 * the forced options first), in a tree of its own, without budgets (s
 * has none): returns 1 with the result in *rc, or 0 when s visits the
 * solutions and there are two or more, whose order would then be this
 * tree's: the other engines must run s (d's figures are this engine's
 * until they do; nothing was visited).
 */
int	bits_serves(const dlx *d);
int	bits_search(dlx *d, const struct dlxi_search *s, int *rc);

/*
 * The count s (no visit) of bits_search(), which also counts into
 * tally[0..728] (cleared first) the solutions holding each option "cell
 * c holds d" (9c + d) that the search fills: every option but the
 * forced ones, which are in every solution.  Returns the search's
 * status (d's figures are its figures: st.solutions the count), or
 * DLX_EINVAL (s visits, tally NULL).  The tally is complete only with
 * DLX_OK.
 */
int	bits_tally(dlx *d, const struct dlxi_search *s, uint64_t *tally);

/*
 * The bit boards' count on threads (drive/boards.c).  bits_top(d, s,
 * want, &t) runs the count s (no visit, no budgets) on the caller's
 * thread as bits_search() would, but breadth first from the root, and
 * stops once want boards wait to be searched (boards after a few
 * guesses, not yet entered, or entered for the lean search): d's figures
 * are those of the nodes it entered, and *t gets the boards, heaviest
 * first (NULL when none is left: the count is complete).  Returns DLX_OK,
 * or why it stopped (s's limit or progress, DLX_ENOMEM: *t NULL).
 * bits_sub(t, i, s, &st) counts the subtree of board i on the calling
 * thread, with s's limit and progress (called with st), its figures
 * into st alone, and returns the search's status: the sums of every
 * board's figures and bits_top()'s are the serial search's.  Any number
 * of threads may search boards of t at once.  bits_top_weight(t, i):
 * Knuth's estimate of board i's share of the tree.  bits_top_free(d,
 * NULL) does nothing.
 */
struct bits_top;
int	bits_top(dlx *d, const struct dlxi_search *s, size_t want,
	    struct bits_top **t);
size_t	bits_top_n(const struct bits_top *t);
double	bits_top_weight(const struct bits_top *t, size_t i);
int	bits_sub(const struct bits_top *t, size_t i,
	    const struct dlxi_search *s, struct dlx_stats *st);
void	bits_top_free(dlx *d, struct bits_top *t);

#endif /* ENGINE_H */
