/*
 * sudoku_minimal.c: the setter's questions of redundant givens and
 * minimal puzzles (dlx_sudoku.h, "redundant givens and minimizing").
 *
 * Both ask one thing many times: is the puzzle with these givens taken
 * away still unique?  Each such check sets the remaining givens on s and
 * searches s's matrix for two solutions through dlx_run(), so the plain
 * 9x9 goes to the bit boards and any search long enough to share goes on
 * threads.  Setting the givens anew costs a pass over the cells, nothing
 * next to the search (the bit boards apply them to a copy of their own).
 *
 * The generator (sudoku_gen.c) answers the same question from a full
 * grid, keeping its givens on the force stack; here the puzzle comes from
 * outside, its solution unknown, and the check is a count stopping at
 * two, which asks nothing of the solution.  Both take orbits of a
 * symmetry from the model (sm_orbit()), and their random orders from its
 * PRNG, so a seed means the same on every machine.
 *
 * Load: a 17-clue 9x9 is 18 checks of a puzzle with 16 or 17 givens, each
 * ending at its second solution (or its end) after a few hundred nodes.
 */
#include <stdint.h>
#include <string.h>

#include "dlx_sudoku.h"
#include "dlx_sudoku_gen.h"
#include "lib/sudoku/sudoku_model.h"

#define NCELLS	(DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN)

/* Outcomes of one check. */
enum outcome {
	NO_SOLUTION,
	UNIQUE,
	SEVERAL,
	UNSETTLED		/* max_nodes ran out first */
};

/* One call's state. */
struct minimal {
	dlx_sudoku	*s;
	int		 n;
	struct dlx_sudoku_minimal_options o;
	struct dlx_sudoku_minimal_result r;
};

/*
 * Is the puzzle cells unique?  Into *out; returns DLX_OK, or what
 * dlx_sudoku_set_givens() or dlx_run() returned as an error (DLX_STOPPED
 * included).
 */
static int
check(struct minimal *m, const int *cells, enum outcome *out,
    struct dlx_error *err)
{
	struct dlx_sudoku_conflict	 conf;
	struct dlx_request		 rq;
	struct dlx_result		 res;
	int				 rc;

	if ((rc = dlx_sudoku_set_givens(m->s, cells, &conf, err)) != DLX_OK)
		return rc;
	memset(&rq, 0, sizeof rq);
	rq.max_solutions = 2;
	rq.max_nodes = m->o.max_nodes;
	/* A node budget is exact on one thread only (threads share it
	 * loosely): one thread, so that a bound gives the same answer on
	 * every machine. */
	rq.threads = m->o.max_nodes != 0 ? 1 : m->o.threads;
	rq.progress = m->o.progress;
	rq.progress_arg = m->o.progress_arg;
	rq.progress_updates = m->o.progress_updates;
	memset(&res, 0, sizeof res);
	rc = dlx_run(dlx_sudoku_matrix(m->s), &rq, &res);
	m->r.checks++;
	m->r.nodes += res.stats.nodes;
	switch (rc) {
	case DLX_OK:
		*out = res.count.lo == 0 && res.count.hi == 0 ? NO_SOLUTION :
		    UNIQUE;
		return DLX_OK;
	case DLX_LIMIT:
		*out = SEVERAL;
		return DLX_OK;
	case DLX_INCOMPLETE:
		*out = UNSETTLED;
		return DLX_OK;
	}
	return rc;
}

/*
 * Set up m and check the puzzle itself: DLX_OK when it is unique, else
 * the status to return.  *givens gets the number of givens.
 */
static int
start(struct minimal *m, dlx_sudoku *s, const int *cells,
    const struct dlx_sudoku_minimal_options *o, struct dlx_error *err)
{
	enum outcome	 out;
	int		 x, rc;

	memset(m, 0, sizeof *m);
	if (err != NULL) {
		memset(err, 0, sizeof *err);
		err->cell = -1;
	}
	if (s == NULL || cells == NULL)
		return DLX_EINVAL;
	if (o != NULL)
		m->o = *o;
	if (m->o.symmetry < DLX_GEN_SYM_NONE ||
	    m->o.symmetry > DLX_GEN_SYM_MIRROR)
		return DLX_EINVAL;
	m->s = s;
	m->n = dlx_sudoku_size(s);
	if ((rc = check(m, cells, &out, err)) != DLX_OK)
		return rc;
	for (x = 0; x < m->n * m->n; x++)
		m->r.givens += cells[x] != 0;
	switch (out) {
	case NO_SOLUTION:
		return DLX_SUDOKU_UNSOLVABLE;
	case SEVERAL:
		return DLX_SUDOKU_MULTIPLE;
	case UNSETTLED:
		return DLX_INCOMPLETE;
	case UNIQUE:
		break;
	}
	return DLX_OK;
}

/*
 * The orbit of x (x first) that leads it: 1 if x is the smallest cell of
 * its orbit and the orbit holds a given in cells, with the orbit in
 * orbit[0..*k-1].
 */
static int
leader(const struct minimal *m, const int *cells, int x, int *orbit, int *k)
{
	int	 j, any = 0;

	*k = sm_orbit(m->n, m->o.symmetry, x, orbit);
	for (j = 0; j < *k; j++) {
		if (orbit[j] < x)
			return 0;
		any |= cells[orbit[j]] != 0;
	}
	return any;
}

int
dlx_sudoku_redundant(dlx_sudoku *s, const int *cells, unsigned char *flags,
    const struct dlx_sudoku_minimal_options *o,
    struct dlx_sudoku_minimal_result *res, struct dlx_error *err)
{
	struct minimal	 m;
	enum outcome	 out;
	int		 work[NCELLS], orbit[4], k, j, x, y, nn, rc;
	unsigned char	 f;

	rc = start(&m, s, cells, o, err);
	nn = m.n * m.n;
	if (flags != NULL && (rc == DLX_OK || rc == DLX_SUDOKU_UNSOLVABLE ||
	    rc == DLX_SUDOKU_MULTIPLE || rc == DLX_INCOMPLETE))
		for (x = 0; x < nn; x++)
			flags[x] = cells[x] != 0 ? DLX_SUDOKU_NEEDED :
			    DLX_SUDOKU_BLANK;
	if (rc != DLX_OK)
		goto out;
	m.r.minimal = 1;
	memcpy(work, cells, sizeof *work * (size_t)nn);
	for (x = 0; x < nn; x++) {
		if (!leader(&m, cells, x, orbit, &k))
			continue;
		for (j = 0; j < k; j++)
			work[orbit[j]] = 0;
		rc = check(&m, work, &out, NULL);
		for (j = 0; j < k; j++)
			work[orbit[j]] = cells[orbit[j]];
		if (rc != DLX_OK)
			goto out;
		f = DLX_SUDOKU_NEEDED;
		if (out == UNIQUE) {
			f = DLX_SUDOKU_REDUNDANT;
			m.r.minimal = 0;
		} else if (out == UNSETTLED) {
			f = DLX_SUDOKU_UNSETTLED;
			m.r.minimal = 0;
		}
		for (j = 0; j < k; j++) {
			y = orbit[j];
			if (cells[y] == 0)
				continue;
			m.r.redundant += f == DLX_SUDOKU_REDUNDANT;
			m.r.unsettled += f == DLX_SUDOKU_UNSETTLED;
			if (flags != NULL)
				flags[y] = f;
		}
	}
out:
	/* s as the call found it: the puzzle's givens (they clash with
	 * nothing once the first check has passed them). */
	if (rc != DLX_ECONFLICT && rc != DLX_EINVAL)
		(void)dlx_sudoku_set_givens(s, cells, NULL, NULL);
	if (res != NULL)
		*res = m.r;
	return rc;
}

int
dlx_sudoku_minimize(dlx_sudoku *s, const int *cells, int *out,
    const struct dlx_sudoku_minimal_options *o,
    struct dlx_sudoku_minimal_result *res, struct dlx_error *err)
{
	struct minimal	 m;
	enum outcome	 verdict;
	uint64_t	 rng[2];
	int		 work[NCELLS], order[NCELLS], orbit[4];
	int		 k, j, x, i, nn, norder = 0, rc, gone;

	if (out == NULL)
		return DLX_EINVAL;
	rc = start(&m, s, cells, o, err);
	if (rc != DLX_OK)
		goto done;
	nn = m.n * m.n;
	memcpy(work, cells, sizeof *work * (size_t)nn);
	for (x = 0; x < nn; x++)
		if (leader(&m, cells, x, orbit, &k))
			order[norder++] = x;
	if (m.o.seed != 0) {
		sm_rng_seed(rng, m.o.seed);
		sm_shuffle(rng, order, norder);
	}
	/* One pass: a given kept is needed with fewer givens too. */
	for (i = 0; i < norder; i++) {
		k = sm_orbit(m.n, m.o.symmetry, order[i], orbit);
		for (j = gone = 0; j < k; j++) {
			gone += work[orbit[j]] != 0;
			work[orbit[j]] = 0;
		}
		if ((rc = check(&m, work, &verdict, NULL)) != DLX_OK)
			goto done;
		if (verdict == UNIQUE) {
			m.r.redundant += gone;
			continue;
		}
		if (verdict == UNSETTLED)
			m.r.unsettled += gone;
		for (j = 0; j < k; j++)
			work[orbit[j]] = cells[orbit[j]];
	}
	m.r.minimal = m.r.unsettled == 0;
	memcpy(out, work, sizeof *out * (size_t)nn);
	(void)dlx_sudoku_set_givens(s, out, NULL, NULL);
	if (res != NULL)
		*res = m.r;
	return DLX_OK;
done:
	if (rc != DLX_ECONFLICT && rc != DLX_EINVAL)
		(void)dlx_sudoku_set_givens(s, cells, NULL, NULL);
	if (res != NULL)
		*res = m.r;
	return rc;
}
