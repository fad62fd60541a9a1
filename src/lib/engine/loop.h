/*
 * loop.h: the skeleton the search loops of engine/ share (search.c on the
 * dancing links, sparse.c on sparse sets, mult.c for Algorithm M): the
 * steps around the search proper, which are the same whatever the
 * representation.  A loop keeps only what is its own: the choice of the
 * item to branch on, committing an option, and undoing it.
 *
 * What a loop does, in this order:
 *
 *   1. loop_begin(d) (dlxi_search() does it for all three loops): the
 *	figures cleared, d marked as searching.  Then loop_start(&lp, ...)
 *	with where the loop keeps its figures (d->st, or a copy of its own
 *	that loop_publish() copies to d->st before any callback), where the
 *	callbacks read its depth (d->level, or the engine's own), the
 *	solution array and the function that fills it.
 *
 *   2. Before each node (a level entered, its item not yet chosen):
 *	rc = loop_enter(&lp, updates, depth).  It checks the budgets, then
 *	calls progress if updates reached its mark; anything but DLX_OK
 *	means stop before the node.  Then the loop counts the node
 *	(st->nodes++), unless it is a solution that loop_emit() counts.
 *
 *   3. At a solution, levels 0..depth-1 chosen: rc = loop_emit(&lp,
 *	updates, depth, how).  With LOOP_NODE the solution is a node of its
 *	own, not entered through loop_enter(): its budgets are checked and
 *	it is counted, and depth is a depth reached; with LOOP_ENTERED it
 *	was entered and counted already.  Then the count (DLX_EOVERFLOW
 *	rather than wrapping past DLX_COUNT_MAX), visit with the forced
 *	options followed by what the fill function gives for the levels,
 *	and the limit max_solutions.  DLX_OK means go on with the next
 *	option.
 *
 *   4. When a step returns anything but DLX_OK: loop_halt(lp, updates,
 *	depth) publishes the figures and keeps dlx_progress()'s estimate of
 *	where the search stopped (it is read from the lists, so before they
 *	are restored); then the loop undoes its levels, deepest first,
 *	with its own undo, and returns that status.
 *
 *   5. When the tree is exhausted: loop_done(&lp, updates), the search is
 *	complete.
 *
 *   6. loop_end(d): d no longer searching.
 *
 * Invariants:
 *   - The budgets are checked before each node is counted (a level
 *     entered or a solution), so a search never counts more than
 *     max_nodes nodes; updates are only checked there, so they may pass
 *     max_updates by what one step (covering an item and committing one
 *     option) unlinks.
 *   - progress is called only on entering a node, once the updates reach
 *     the mark, which then moves progress_updates (2^24 when 0) past the
 *     updates of the call; d->st and the depth are published first, so
 *     dlx_stats(), dlx_progress() and dlx_path() are right inside it.
 *   - A solution is counted before visit sees it, and max_solutions is
 *     checked after: visit sees the last one, and DLX_LIMIT comes with
 *     solutions == max_solutions.
 *   - The solution array handed to visit is valid only during the call.
 *   - Whatever the status, the loop undoes every level it committed:
 *     the matrix is left as it was (the search may be run again).
 *
 * The steps are inline and take the loop's counters as arguments (the
 * update count, which a loop may keep in a register of its own, and the
 * depth), so that the hot path, two comparisons per node, stays in the
 * loop's registers; the progress call and publishing, which run once in
 * millions of updates, are out of line.
 */
#ifndef LOOP_H
#define LOOP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "dlx.h"
#include "lib/core/dlx_impl.h"

/* The rare steps are kept out of line but not marked cold: GCC would then
 * take the paths that call them for cold, and stop inlining into the hot
 * path the undo steps it shares with them (uncommit_from in search.c). */
#if defined(__GNUC__)
#define LOOP_HOT	static inline __attribute__((always_inline))
#define LOOP_COLD	static __attribute__((noinline, unused))
#else
#define LOOP_HOT	static inline
#define LOOP_COLD	static inline
#endif

/* Fill sol with the options of levels 0..depth-1, in order; return how
 * many (a level may choose none, as a null move of Algorithm M). */
typedef size_t	loop_fill_fn(void *arg, int *sol, int depth);

/* How loop_emit() counts a solution. */
enum {
	LOOP_ENTERED,		/* its node passed loop_enter(), counted */
	LOOP_NODE		/* a node of its own: budgets, count */
};

struct loop {
	const struct dlxi_search *s;	/* what the search should do */
	dlx		*d;		/* the matrix searched */
	struct dlx_stats *st;		/* the loop's figures: &d->st, or a
					   copy published to d->st */
	int		*depth;		/* where the callbacks read the depth
					   (d->level, or the engine's own) */
	int		*sol;		/* the solution handed to visit */
	loop_fill_fn	*fill;		/* puts the levels' options in it */
	void		*fill_arg;	/* its first argument */
	uint64_t	 node_cap;	/* max_nodes, UINT64_MAX for none */
	uint64_t	 update_cap;	/* max_updates, UINT64_MAX for none */
	uint64_t	 next_progress;	/* updates due for the next progress
					   call, UINT64_MAX without one */
	uint64_t	 interval;	/* updates between progress calls */
	uint64_t	 mark;		/* min(next_progress, update_cap): the
					   one test of the updates per node */
};

/* The search starts: d's figures cleared, d searching. */
static inline void
loop_begin(dlx *d)
{
	memset(&d->st, 0, sizeof d->st);
	d->searching = 1;
	d->searched = 0;
	d->complete = 0;
}

/* The search has ended (loop_done() said whether it was complete). */
static inline void
loop_end(dlx *d)
{
	d->level = 0;
	d->searching = 0;
	d->searched = 1;
}

/* Set lp up for a search s of d; the arguments are the fields of struct
 * loop.  st's updates start at 0. */
LOOP_HOT void
loop_start(struct loop *lp, dlx *d, const struct dlxi_search *s,
    struct dlx_stats *st, int *depth, int *sol, loop_fill_fn *fill,
    void *fill_arg)
{
	lp->s = s;
	lp->d = d;
	lp->st = st;
	lp->depth = depth;
	lp->sol = sol;
	lp->fill = fill;
	lp->fill_arg = fill_arg;
	lp->node_cap = s->max_nodes != 0 ? s->max_nodes : UINT64_MAX;
	lp->update_cap = s->max_updates != 0 ? s->max_updates : UINT64_MAX;
	lp->interval = s->progress_updates != 0 ? s->progress_updates :
	    (uint64_t)1 << 24;
	lp->next_progress = s->progress != NULL ? lp->interval : UINT64_MAX;
	lp->mark = lp->next_progress < lp->update_cap ? lp->next_progress :
	    lp->update_cap;
}

/* Make the figures (updates counted apart) and the depth what the
 * callbacks and dlx_stats() see.  A loop without a matrix (d NULL: a
 * thread's share of a search, whose driver adds the figures up) keeps
 * them in its own. */
LOOP_HOT void
loop_publish(struct loop *lp, uint64_t updates, int depth)
{
	lp->st->updates = updates;
	if (lp->d != NULL && lp->st != &lp->d->st)
		lp->d->st = *lp->st;
	*lp->depth = depth;
}

/*
 * The progress call, with the figures published first: DLX_OK or
 * DLX_STOPPED.  The cold steps take the loop by value, so that its
 * address never leaves the loop's function and its fields may stay in
 * registers.
 */
LOOP_COLD int
loop_progress(struct loop lp, uint64_t updates, int depth)
{
	loop_publish(&lp, updates, depth);
	if (lp.s->progress(lp.s->progress_arg, lp.st) != 0)
		return DLX_STOPPED;
	return DLX_OK;
}

/* Whether a budget is spent: the search must end before its next node. */
LOOP_HOT int
loop_over_budget(const struct loop *lp, uint64_t updates)
{
	return lp->st->nodes >= lp->node_cap || updates >= lp->update_cap;
}

/* A budget spent before a node at depth: with cut_at_budget, the last
 * progress call, there (see struct dlxi_search).  DLX_INCOMPLETE. */
LOOP_COLD int
loop_budget_end(struct loop lp, uint64_t updates, int depth)
{
	if (lp.s->cut_at_budget && lp.s->progress != NULL)
		(void)loop_progress(lp, updates, depth);
	return DLX_INCOMPLETE;
}

/*
 * Before a node at depth (levels 0..depth-1 chosen): the budgets, then the
 * progress call if it is due.  DLX_OK, DLX_INCOMPLETE or DLX_STOPPED; the
 * node is not counted.
 */
LOOP_HOT int
loop_enter(struct loop *lp, uint64_t updates, int depth)
{
	if (lp->st->nodes >= lp->node_cap)
		return loop_budget_end(*lp, updates, depth);
	if (updates >= lp->mark) {
		if (updates >= lp->update_cap)
			return loop_budget_end(*lp, updates, depth);
		lp->next_progress = updates + lp->interval;
		lp->mark = lp->next_progress < lp->update_cap ?
		    lp->next_progress : lp->update_cap;
		return loop_progress(*lp, updates, depth);
	}
	return DLX_OK;
}

/* The visit call, with the forced options and the levels'. */
LOOP_COLD int
loop_visit(struct loop lp, uint64_t updates, int depth)
{
	const dlx	*d = lp.d;
	size_t		 n, j;

	n = 0;
	for (j = 0; j < (size_t)d->nforced; j++)
		lp.sol[n++] = d->forced[j];
	n += lp.fill(lp.fill_arg, lp.sol + n, depth);
	loop_publish(&lp, updates, depth);
	if (lp.s->visit(lp.s->visit_arg, lp.sol, n) != 0)
		return DLX_STOPPED;
	return DLX_OK;
}

/*
 * A solution, levels 0..depth-1 chosen; how is LOOP_NODE or LOOP_ENTERED
 * (see the top).  DLX_OK to go on, or DLX_INCOMPLETE, DLX_EOVERFLOW,
 * DLX_STOPPED, DLX_LIMIT.
 */
LOOP_HOT int
loop_emit(struct loop *lp, uint64_t updates, int depth, int how)
{
	struct dlx_stats		*st = lp->st;
	const struct dlxi_search	*s = lp->s;

	if (how == LOOP_NODE && loop_over_budget(lp, updates))
		return loop_budget_end(*lp, updates, depth);
	if (st->solutions >= DLX_COUNT_MAX)
		return DLX_EOVERFLOW;
	if (how == LOOP_NODE) {
		st->nodes++;
		if ((size_t)depth > st->max_depth)
			st->max_depth = (size_t)depth;
	}
	st->solutions++;
	if (s->visit != NULL && loop_visit(*lp, updates, depth) != DLX_OK)
		return DLX_STOPPED;
	if (s->max_solutions != 0 && st->solutions >= s->max_solutions)
		return DLX_LIMIT;
	return DLX_OK;
}

/* The search stops at depth: publish the figures and keep the estimate of
 * where it stopped, before the loop restores the lists it is read from. */
LOOP_COLD void
loop_halt(struct loop lp, uint64_t updates, int depth)
{
	loop_publish(&lp, updates, depth);
	lp.d->progress = dlx_progress(lp.d);
}

/* The whole tree is explored. */
static inline void
loop_done(struct loop *lp, uint64_t updates)
{
	lp->st->updates = updates;
	if (lp->st != &lp->d->st)
		lp->d->st = *lp->st;
	lp->d->complete = 1;
	lp->d->progress = 1.0;
}

#endif /* LOOP_H */
