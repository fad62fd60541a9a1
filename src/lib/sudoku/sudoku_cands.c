/*
 * sudoku_cands.c: the setter's questions "which symbols can each cell
 * still hold?" (the true candidates, with how many solutions hold each)
 * and "what makes it unique?" (the placements that leave one solution).
 *
 * Both come from one table, counts[(r*N + c)*N + v]: the solutions of the
 * puzzle in force on s that hold symbol v+1 in cell (r,c).  In every cell
 * the table sums to the puzzle's count, a given's symbol has the whole
 * count, and the true candidates of an open cell are the symbols with a
 * count above 0.  It is made one of two ways:
 *
 *   - by enumerating the solutions, each adding 1 to its options.  On the
 *     plain 9x9 the bit boards do it without visiting (bits_tally(): each
 *     cell filled gets the solutions of the subtree below it at once, a
 *     few instructions per cell filled); on every other matrix a visit
 *     adds each solution's options (the sparse sets' tree).  This is the
 *     way for the puzzles a setter asks about, with a few hundred
 *     solutions at most;
 *   - for a puzzle with more than ENUM_MAX solutions (an empty grid), by
 *     counting, for every open cell and every symbol but its last
 *     candidate, the puzzle with that symbol placed (dlx_force, then
 *     dlx_run: the cache, threads, counts beyond 2^64); the last
 *     candidate has what is left of the count.
 * The enumeration starts within a budget of ENUM_NODES nodes; a puzzle
 * that outgrows it is counted first, and the count chooses the way.
 *
 * Every search goes through the matrix of s as it stands, so whatever is
 * in force on it (givens, pencil marks) is honoured.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx_sudoku.h"
#include "lib/core/alloc.h"
#include "lib/core/dlx_impl.h"
#include "lib/core/search_int.h"
#include "lib/engine/engine.h"
#include "lib/sudoku/sudoku_model.h"

/* Nodes the enumeration may take before the puzzle is counted: far more
 * than any puzzle with a few thousand solutions needs. */
#define ENUM_NODES	((uint64_t)1 << 22)

/* Most solutions enumerated; a puzzle with more is tallied by counts.
 * (A solution enumerated costs about 0.1 us on the bit boards and 3 us
 * visited on the sparse sets; the counts cost N*N*(N-1) runs of the
 * cache, seconds on an empty 9x9.) */
#define ENUM_MAX_BITS	((uint64_t)1 << 26)
#define ENUM_MAX_VISIT	((uint64_t)1 << 21)

struct tally {
	uint64_t	*t;		/* one counter per cell option */
	size_t		 nopt;		/* N*N*N */
};

/* A solution visited: each of its cell options gets one more. */
static int
tally_visit(void *arg, const int *options, size_t n)
{
	struct tally	*ta = arg;
	size_t		 k;

	for (k = 0; k < n; k++)
		if ((size_t)options[k] < ta->nopt)
			ta->t[options[k]]++;
	return 0;
}

/* Whether rq asks only what the setter's questions can serve: no visit,
 * limit, budget or position. */
static int
request_ok(const struct dlx_request *rq)
{
	return rq->visit == NULL && rq->max_solutions == 0 &&
	    rq->max_nodes == 0 && rq->max_updates == 0 && rq->pos == NULL &&
	    !rq->checkpoint;
}

/*
 * Enumerate the solutions of d within max_nodes nodes (0: no budget),
 * tallying each option into t[0..nopt-1] (forced options included),
 * with rq's tree and progress.  Returns dlx_run's status; *total gets
 * the solutions found.
 */
static int
enumerate(dlx *d, const struct dlx_request *rq, uint64_t max_nodes,
    uint64_t *t, size_t nopt, uint64_t *total)
{
	struct dlxi_search	 srch;
	struct dlx_request	 vr;
	struct dlx_result	 res;
	struct tally		 ta;
	const int		*forced;
	size_t			 nf, k;
	int			 rc;

	memset(t, 0, nopt * sizeof *t);
	if (bits_serves(d) && nopt == 729) {
		if (d->searching)
			return DLX_EMISUSE;
		/* The bit boards' count, tallying: the forced options are
		 * in every solution. */
		memset(&srch, 0, sizeof srch);
		srch.max_nodes = max_nodes;
		srch.progress = rq->progress;
		srch.progress_arg = rq->progress_arg;
		srch.progress_updates = rq->progress_updates;
		rc = bits_tally(d, &srch, t);
		*total = d->st.solutions;
		forced = dlxint_forced(d, &nf);
		for (k = 0; k < nf; k++)
			if ((size_t)forced[k] < nopt)
				t[forced[k]] = *total;
		return rc;
	}
	memset(&vr, 0, sizeof vr);
	vr.visit = tally_visit;
	vr.visit_arg = &ta;
	vr.max_nodes = max_nodes;
	vr.progress = rq->progress;
	vr.progress_arg = rq->progress_arg;
	vr.progress_updates = rq->progress_updates;
	vr.tree = rq->tree;
	vr.threads = 1;		/* what visits runs on one */
	ta.t = t;
	ta.nopt = nopt;
	rc = dlx_run(d, &vr, &res);
	*total = res.count.lo;
	return rc;
}

/* counts[] of d by counting each placement, total (>= 2) being the
 * puzzle's count. */
static int
by_counts(dlx *d, const struct dlx_request *rq, int n,
    struct dlx_wide *counts, struct dlx_wide total)
{
	struct dlx_result	 res;
	struct dlx_wide		 sum, left;
	const int		*forced;
	size_t			 nf, k;
	int			 cell, v, last, rc, opt;
	char			 given[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];

	memset(given, 0, sizeof given);
	forced = dlxint_forced(d, &nf);
	for (k = 0; k < nf; k++)
		if (forced[k] < n * n * n) {
			given[forced[k] / n] = 1;
			counts[forced[k]] = total;
		}
	for (cell = 0; cell < n * n; cell++) {
		if (given[cell])
			continue;
		/* The symbols that can be placed at all; the last of them
		 * has what the others leave of the count. */
		for (v = 0, last = -1; v < n; v++) {
			opt = cell * n + v;
			if ((rc = dlx_force(d, opt)) == DLX_ECONFLICT)
				continue;
			if (rc != DLX_OK)
				return rc;
			(void)dlx_unforce(d);
			last = v;
		}
		memset(&sum, 0, sizeof sum);
		for (v = 0; v < last; v++) {
			opt = cell * n + v;
			if (dlx_force(d, opt) != DLX_OK)
				continue;
			rc = dlx_run(d, rq, &res);
			(void)dlx_unforce(d);
			if (rc != DLX_OK)
				return rc;
			counts[opt] = res.count;
			if ((rc = dlx_wide_add(&sum, res.count)) != DLX_OK)
				return rc;
		}
		if (last < 0)
			continue;	/* no symbol fits: total is 0 */
		/* left = total - sum, as two words. */
		left.lo = total.lo - sum.lo;
		left.hi = total.hi - sum.hi - (total.lo < sum.lo);
		counts[cell * n + last] = left;
	}
	return DLX_OK;
}

int
dlx_sudoku_candidate_counts(dlx_sudoku *s, const struct dlx_request *rq,
    struct dlx_wide *counts, struct dlx_wide *total)
{
	return sm_candidate_counts(s, rq, counts, total, ENUM_NODES,
	    ENUM_MAX_BITS, ENUM_MAX_VISIT);
}

int
sm_candidate_counts(dlx_sudoku *s, const struct dlx_request *rq,
    struct dlx_wide *counts, struct dlx_wide *total, uint64_t enum_nodes,
    uint64_t enum_max_bits, uint64_t enum_max_visit)
{
	static const struct dlx_request	 none;
	struct dlx_request		 cr;
	struct dlx_result		 res;
	struct dlx_wide			 all;
	dlx				*d;
	uint64_t			*t, found;
	size_t				 nopt, k;
	int				 n, rc;

	if (s == NULL || counts == NULL)
		return DLX_EINVAL;
	if (rq == NULL)
		rq = &none;
	if (!request_ok(rq))
		return DLX_EINVAL;
	d = dlx_sudoku_matrix(s);
	n = dlx_sudoku_size(s);
	nopt = (size_t)n * n * n;
	if (d->searching)
		return DLX_EMISUSE;
	if ((t = mem_alloc(&d->mem, nopt, sizeof *t)) == NULL)
		return DLX_ENOMEM;
	memset(counts, 0, nopt * sizeof *counts);
	memset(&all, 0, sizeof all);
	rc = enumerate(d, rq, enum_nodes, t, nopt, &found);
	if (rc == DLX_INCOMPLETE) {
		/* A large tree: its count says which way. */
		cr = *rq;
		rc = dlx_run(d, &cr, &res);
		if (rc == DLX_OK) {
			all = res.count;
			if (all.hi == 0 && all.lo <= (bits_serves(d) ?
			    enum_max_bits : enum_max_visit))
				rc = enumerate(d, rq, 0, t, nopt, &found);
			else {
				rc = by_counts(d, rq, n, counts, all);
				goto done;
			}
		}
	}
	if (rc == DLX_OK) {
		all.hi = 0;
		all.lo = found;
		for (k = 0; k < nopt; k++)
			counts[k].lo = t[k];
	}
done:
	mem_free(&d->mem, t);
	if (rc == DLX_OK && total != NULL)
		*total = all;
	return rc;
}

int
dlx_sudoku_unique_by(dlx_sudoku *s, const struct dlx_request *rq,
    struct dlx_sudoku_placement *out, size_t cap, size_t *np,
    struct dlx_wide *total)
{
	struct dlx_wide		*counts, all, best = { 0, 0 };
	dlx			*d;
	size_t			 nopt, k, found = 0;
	int			 n, rc, some = 0;

	if (s == NULL || np == NULL || (out == NULL && cap > 0))
		return DLX_EINVAL;
	d = dlx_sudoku_matrix(s);
	n = dlx_sudoku_size(s);
	nopt = (size_t)n * n * n;
	if ((counts = mem_alloc(&d->mem, nopt, sizeof *counts)) == NULL)
		return DLX_ENOMEM;
	if ((rc = dlx_sudoku_candidate_counts(s, rq, counts, &all)) != DLX_OK)
		goto done;
	/* The smallest count a placement leaves, above 0 and below the
	 * puzzle's (a placement every solution makes cuts nothing): 1
	 * when some placement makes the puzzle unique. */
	for (k = 0; k < nopt; k++)
		if ((counts[k].hi | counts[k].lo) != 0 &&
		    dlx_wide_cmp(counts[k], all) < 0 &&
		    (!some || dlx_wide_cmp(counts[k], best) < 0)) {
			best = counts[k];
			some = 1;
		}
	for (k = 0; some && k < nopt; k++)
		if (dlx_wide_cmp(counts[k], best) == 0) {
			if (found < cap) {
				out[found].row = (int)(k / n) / n;
				out[found].col = (int)(k / n) % n;
				out[found].symbol = (int)(k % n) + 1;
				out[found].count = best;
			}
			found++;
		}
	*np = found;
	if (total != NULL)
		*total = all;
done:
	mem_free(&d->mem, counts);
	return rc;
}
