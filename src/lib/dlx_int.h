/*
 * dlx_int.h: what the files of libdlx share and nothing else sees.
 *
 * dlx.c owns the matrix and its search; parallel.c runs that search on
 * copies of the matrix, one per thread, and reports the totals through the
 * matrix the caller gave it, so that dlx_stats() and dlx_progress() on it
 * mean the same during and after a parallel search as after a serial one.
 * These names lack the dlx_ prefix, so the shared library keeps them
 * private (see -export-symbols-regex in Makefile.am).
 */
#ifndef DLX_INT_H
#define DLX_INT_H

#include "dlx.h"

/* The largest solution count; a narrower value lets a test build reach
 * the overflow check in a moment. */
#ifndef DLX_COUNT_MAX
#define DLX_COUNT_MAX UINT64_MAX
#endif

/*
 * Mark d as being searched by dlx_search_parallel() (on != 0: calls that
 * change it return DLX_EMISUSE, dlx_progress() returns what
 * dlxint_publish() last set), or as done with it (on == 0; complete says
 * whether the whole tree was explored).
 */
void	dlxint_parallel(dlx *d, int on, int complete);

/* Set the figures dlx_stats() and dlx_progress() report for d. */
void	dlxint_publish(dlx *d, const struct dlx_stats *st, double progress);

/* The options forced on d, in the order they were forced (*n of them);
 * valid until d changes.  For dlx_digest() (part.c). */
const int	*dlxint_forced(const dlx *d, size_t *n);

/*
 * dlx_count_wide(), keeping the cache in *keep (NULL at first) for the
 * next count of the same d, under other forced options: a subproblem's
 * count does not depend on the way to it, so the subtrees of a position
 * counted one after another (part.c) meet the states of the earlier ones
 * as a single count would.  Free it with dlxint_memo_free(d, keep).
 */
int	dlxint_count_kept(dlx *d, const struct dlx_memo *p,
	    struct dlx_wide *count, struct dlx_memo_stats *ms, void **keep);
void	dlxint_memo_free(dlx *d, void *keep);

#endif /* DLX_INT_H */
