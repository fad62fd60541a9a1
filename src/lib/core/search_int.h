/*
 * search_int.h: the search's settings inside the library (not installed).
 *
 * The public way to search is one request, struct dlx_request, run by the
 * dispatcher (dlx_run(), drive/dispatch.c), which turns it into these
 * settings once and hands them to the engines and drivers it picks:
 * struct dlxi_search for the search loops (links, sparse sets, Algorithm
 * M), struct dlxi_memo for the cache, struct dlxi_parallel for the
 * threads.  Nothing outside the library sees them, and none of these
 * names is exported (libdlx exports only dlx_ names).
 */
#ifndef SEARCH_INT_H
#define SEARCH_INT_H

#include <stddef.h>
#include <stdint.h>

#include "dlx.h"

/* What a search loop should do (the request's fields of the same
 * names; knuth is its tree).  Zero-initialize, then set what you need. */
struct dlxi_search {
	dlx_solution_fn	*visit;		/* each solution, or NULL */
	void		*visit_arg;	/* first argument of visit */
	uint64_t	 max_solutions;	/* stop after this many (DLX_LIMIT);
					   0 means no limit */
	uint64_t	 max_nodes;	/* node budget (DLX_INCOMPLETE);
					   0 means no budget */
	uint64_t	 max_updates;	/* update budget (DLX_INCOMPLETE);
					   0 means no budget */
	dlx_progress_fn	*progress;	/* periodic progress, or NULL */
	void		*progress_arg;	/* first argument of progress */
	uint64_t	 progress_updates; /* call progress about this often;
					   0 means every 2^24 updates */
	int		 knuth;		/* DLX_KNUTH (> 0): Knuth's tree, as
					   DLX1 and DLX2 walk it, with their
					   node and update figures; DLX_FAST
					   (< 0): a smaller tree (dead options
					   are given up at once, and the first
					   item with at most one option is
					   taken), on sparse sets; the same
					   solutions in the same order; 0: the
					   default, DLX_FAST (see
					   dlx_knuth_default) */
	int		 cut_at_budget;	/* when a budget runs out, one last
					   progress call (its answer not
					   heeded) where the search stands,
					   before the node not entered: a
					   position driver cuts there, so
					   that a budget spent leaves a
					   position as exact as a stop by
					   progress does */
	int		 links;		/* the fast tree on the links rather
					   than on sparse sets (the same
					   tree; for the tests, which compare
					   the two) */
};

/*
 * Search for solutions as s says (s may be NULL: count all).  The matrix is
 * left as it was before the call whatever the outcome, so it can be
 * searched again, forced differently or extended.  Statistics of the search
 * are kept until the next search (dlx_stats()).  Returns:
 *   DLX_OK          the whole tree was explored;
 *   DLX_STOPPED     visit or progress returned nonzero;
 *   DLX_LIMIT       max_solutions were found (the tree was not finished);
 *   DLX_INCOMPLETE  the node or update budget ran out;
 *   DLX_EOVERFLOW   the solution count would have wrapped (never in
 *                   practice: it is 64-bit);
 *   DLX_EMISUSE     called from inside a callback of a search of d;
 *   DLX_ENOMEM.
 * In every case dlx_stats() holds the figures reached.  The budgets are
 * checked before each node (a level entered or a solution found): a
 * search never counts more than max_nodes nodes, and it stops within one
 * step (covering an item and committing one option) of max_updates.
 */
int		 dlxi_search(dlx *d, const struct dlxi_search *s);

/*
 * Parallel search.  dlxi_search_parallel() searches d as dlxi_search() does,
 * with the same struct dlxi_search, on several threads, each on its own
 * copy of d (dlx_clone).  It starts on the calling thread alone, like
 * dlxi_search(); a search that outlasts p->split_updates updates is cut
 * where it stands (dlx_path) into the subtree being entered and the
 * siblings still to try at each level, and these subproblems go to the
 * other threads.  A thread that runs out of work makes a busy one cut its
 * remaining work the same way, so the threads stay busy to the end
 * however uneven the tree.
 *
 *  - visit is called from one thread at a time (never two at once), with
 *    the solutions in the order dlxi_search() finds them: a subproblem's
 *    solutions are held until every earlier subproblem's are out.  In it
 *    dlx_stats(d) gives solutions = the number visited so far, including
 *    this one; the other figures are running totals.  A thread whose
 *    held solutions exceed a few megabytes waits until its turn comes.
 *  - max_solutions: exactly the first max_solutions solutions in search
 *    order are visited and counted, as serially; the other threads stop.
 *    A nonzero return from visit stops every thread likewise.
 *  - progress is called from one thread at a time, about every
 *    progress_updates updates of all threads together, with the totals
 *    of all threads; dlx_progress(d) there is Knuth's estimate for the
 *    whole tree.  A nonzero return stops every thread (DLX_STOPPED).
 *  - max_nodes and max_updates bound all threads together; they are
 *    checked every split_updates updates, so threads may overrun them by
 *    about that much each.
 *  - The options forced on d are forced in every copy: solutions begin
 *    with them as in dlxi_search().
 *
 * Returns what dlxi_search() returns.  Afterwards dlx_stats(d) holds the
 * totals of all threads.  After a complete search they equal those of
 * dlxi_search(): the same solutions, nodes, abandoned options, branches
 * and maximum depth, and the same updates in Knuth's tree or on the
 * links (links); on sparse sets an abandoned option's updates depend on
 * the order the sets happen to be in (engine/sparse.c), which differs in
 * each thread's copy.
 * After DLX_LIMIT or a stop by visit, solutions is the number visited;
 * after any other early end (budget, a stop by progress) it is every
 * solution any thread found, and those not yet visited are visited, in
 * search order, before the call returns (unless visit asks to stop).
 * Each thread's figures count the subtrees it searched, wherever they lie.
 *
 * With threads == 1 (or a matrix whose search ends before the first cut)
 * this is dlxi_search() exactly.  d must not be used by another thread
 * during the call; callbacks may only read it, as with dlxi_search().
 */
struct dlxi_parallel {
	unsigned	 threads;	/* how many; 0: dlx_cpus() */
	uint64_t	 split_updates;	/* updates between a thread's checks
					   for idle peers, stops and budgets;
					   0 means 65536 */
	uint64_t	*work;		/* NULL, or threads entries: the
					   updates each thread counted */
};

/*
 * Search d on threads as p says (p may be NULL: every CPU, the defaults).
 * Returns as dlxi_search(), or DLX_ENOMEM when a copy or a thread could not
 * be made (nothing is visited twice: the search then stops as a whole).
 */
int		 dlxi_search_parallel(dlx *d, const struct dlxi_search *s,
		    const struct dlxi_parallel *p);

/*
 * Count on nw threads what the bit boards count (engine/bits.c: d is the
 * plain 9x9 grid, s a count without visit or budgets; a limit is
 * served): the top of the tree expanded on the caller's thread, the
 * boards left shared out (drive/boards.c).  *ran gets the threads that
 * counted (1 when the count ended in the expansion); work, if not NULL,
 * nw entries, the updates each counted.  Returns as dlxi_search(), with
 * the serial search's figures in dlx_stats(d) after a complete count.
 */
int		 dlxi_bits_parallel(dlx *d, const struct dlxi_search *s,
		    unsigned nw, uint64_t *work, unsigned *ran);

/* The settings of a count with the cache (dlx.h explains the cache, its
 * modes and orders). */
struct dlxi_memo {
	int		 mode;		/* DLX_MEMO_*; 0 is AUTO */
	size_t		 memory;	/* bytes for the cache; 0: 128 MiB */
	int		 order;		/* enum dlx_memo_order */
	int		 components;	/* DLX_COMP_*; 0 is AUTO */
	int		 no_plain;	/* AUTO: where the cache would not
					   pay, return DLX_INCOMPLETE instead
					   of counting by plain search (so
					   that the caller can, e.g. on
					   threads) */
	int		 outgrown;	/* AUTO: the caller's plain search
					   outgrew a budget larger than the
					   cache's first one: go straight to
					   its glances */
	dlx_progress_fn	*progress;	/* as in struct dlxi_search */
	void		*progress_arg;
	uint64_t	 progress_updates;
	int		 knuth;		/* the plain search's tree, as in
					   struct dlxi_search (a small tree
					   counted plainly walks the tree
					   asked for, whatever the default) */
};

/*
 * Count the solutions of d into *count (may be NULL), as m says (m may be
 * NULL: AUTO, 128 MiB), with the cache's figures in *stats (may be NULL).
 * Returns DLX_OK (the exact count), DLX_INCOMPLETE (only with no_plain:
 * nothing counted, count by other means), DLX_STOPPED (progress asked to stop:
 * *count holds the solutions of the subtrees finished so far, a lower
 * bound), DLX_EOVERFLOW (2^128 reached, or 2^64 by the plain search),
 * DLX_ENOTSUP (DLX_MEMO_ALWAYS with item bounds; AUTO counts those by
 * plain search), DLX_EINVAL, DLX_EMISUSE (during a search).  dlx_stats()
 * afterwards gives nodes, updates and depth of the search that ran, and
 * solutions up to 2^64 - 1 (saturated beyond).  d is left as it was.
 */
int		 dlxi_count_wide(dlx *d, const struct dlxi_memo *m,
		    struct dlx_wide *count, struct dlx_memo_stats *stats);

#endif /* SEARCH_INT_H */
