/*
 * estimate.c: Knuth's random-probe estimate of the search tree's size
 * and of the number of solutions (dlx_estimate(), dlx.h).
 */
#include <stdint.h>
#include <string.h>

#include "lib/drive/part_impl.h"

/* The square root of v >= 0 by Newton's method, so that the library
 * needs no libm: from above, it decreases until it settles. */
static double
root(double v)
{
	double	x, y;
	int	i;

	if (!(v > 0.0))
		return 0.0;
	x = v > 1.0 ? v : 1.0;
	for (i = 0; i < 2000; i++) {
		y = 0.5 * (x + v / x);
		if (y >= x)
			break;
		x = y;
	}
	return x;
}

/* Welford's running mean and sum of squared deviations: stable where
 * the probes differ by many orders of magnitude. */
struct moments {
	double	mean;
	double	m2;
};

static void
moments_add(struct moments *m, double v, unsigned k)
{
	double	delta = v - m->mean;

	m->mean += delta / k;
	m->m2 += delta * (v - m->mean);
}

/* The standard error of the mean of k samples. */
static double
moments_se(const struct moments *m, unsigned k)
{
	if (k < 2)
		return 0.0;
	return root(m->m2 / (k - 1) / k);
}

/* Whether a primary item is left with no option (a covered one has len
 * >= COVERED): after an option is forced, exactly when the fast tree
 * would have given that option up as a dead end (commit_fast()). */
static int
empty_item(const dlx *d)
{
	int	i;

	for (i = 1; i <= d->nprimary; i++)
		if (d->len[i] == 0)
			return 1;
	return 0;
}

/*
 * One step down the path of a probe: choose one child uniformly at random
 * and force it.  *deg gets the branching degree the choice stands for,
 * *ndead the children counted exactly instead (see below).
 *
 * Telling the live options from the dead ones (those that leave an item
 * with no option) costs a commit of every sibling.  Above EXACT_MAX
 * options the step does not pay that: it chooses among all n.  In the
 * fast tree, which gives up dead options without a node, the probe then
 * ends, counting nothing more, where the choice is dead; that is still
 * unbiased (n times the subtree of a uniform choice, 0 for a dead one,
 * has the mean of the sum over the live ones) and costs one commit
 * instead of n.  In Knuth's tree a dead option is a child of one node
 * (the search enters it and finds the empty item), counted when the probe
 * gets there.  At EXACT_MAX options or fewer the step finds the live
 * ones and chooses among them: Knuth's tree counts its dead children
 * exactly, one node each, in *ndead.  Either way a probe goes on to the
 * solutions below far more often than if it chose blindly (the part of
 * the subtree that is known without sampling is counted, not sampled):
 * pentominoes 5x12, 10,000 probes, in Knuth's tree, from none of the
 * probes reaching a tiling to a few dozen.  Where an item is already
 * empty (forced options only: the search never enters such a node in
 * the fast tree, and Knuth's never branches there) dead cannot be told
 * by looking, and the step pays the commits.  Returns 1 if the probe
 * goes on, 0 if it ended at a dead choice or a node of dead children
 * only, or an error.
 */
#define EXACT_MAX	8

static int
step(dlx *d, int knuth, int *opts, unsigned char *dead, int n, size_t cap,
    uint64_t *x, double *deg, int *ndead)
{
	int	k, live, rc, item, empty = empty_item(d);

	*ndead = 0;
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	if (n > EXACT_MAX && !empty) {
		*deg = n;
		rc = dlx_force(d, opts[*x % (uint64_t)n]);
		if (rc != DLX_OK)
			return rc;
		if (!knuth && empty_item(d)) {
			dlx_unforce(d);
			return 0;
		}
		return 1;
	}
	/* The fast tree's rule picks the same item as Knuth's where no
	 * item is empty (search_branch()), and gives the dead flags. */
	n = search_branch(d, 0, &item, opts, NULL, dead, cap);
	if (n < 0)
		return n;
	for (k = live = 0; k < n; k++)
		if (!dead[k])
			opts[live++] = opts[k];
	if (knuth)
		*ndead = n - live;
	if (live == 0)
		return 0;
	*deg = live;
	rc = dlx_force(d, opts[*x % (uint64_t)live]);
	return rc != DLX_OK ? rc : 1;
}

int
dlx_estimate(dlx *d, const struct dlx_request *rq, unsigned probes,
    uint64_t seed, struct dlx_estimate *out)
{
	struct moments	 nodes = { 0, 0 }, sols = { 0, 0 };
	unsigned char	*dead = NULL;
	int		*opts = NULL, knuth, item, n, rc = DLX_OK;
	size_t		 cap, depth, maxd = 0;
	unsigned	 probe, hits = 0;
	uint64_t	 x;
	double		 mult, est, sol, deg;
	int		 ndead;

	if (d == NULL || out == NULL || probes == 0)
		return DLX_EINVAL;
	if (d->searching)
		return DLX_EMISUSE;
	if (mult_active(d))
		return DLX_ENOTSUP;
	knuth = rq != NULL && rq->tree != DLX_TREE_DEFAULT ?
	    rq->tree > 0 : dlx_knuth_default();
	/* No item has more options than the matrix. */
	cap = dlx_noptions(d) > 0 ? dlx_noptions(d) : 1;
	opts = mem_alloc(&d->mem, cap, sizeof *opts);
	dead = mem_alloc(&d->mem, cap, sizeof *dead);
	if (opts == NULL || dead == NULL) {
		rc = DLX_ENOMEM;
		goto out;
	}
	/* xorshift64 (its state is never 0), seeded through mix(): the
	 * same figures from the same seed on every host. */
	x = mix(seed ^ 0x9e3779b97f4a7c15ULL) | 1;
	for (probe = 1; probe <= probes; probe++) {
		est = 0.0;
		sol = 0.0;
		mult = 1.0;
		depth = 0;
		for (;;) {
			/* Every node of the path counts once, a solution
			 * too (struct dlx_stats' nodes). */
			est += mult;
			n = search_branch(d, knuth, &item, opts, NULL, NULL,
			    cap);
			if (n < 0) {
				rc = n;
				break;
			}
			if (item < 0) {
				sol = mult;	/* a solution */
				hits++;
				break;
			}
			if (n == 0)
				break;		/* a dead end */
			rc = step(d, knuth, opts, dead, n, cap, &x, &deg,
			    &ndead);
			if (rc < 0)
				break;
			est += mult * ndead;
			if (rc == 0)
				break;
			rc = DLX_OK;
			mult *= deg;
			depth++;
		}
		if (depth > maxd)
			maxd = depth;
		while (depth-- > 0)
			dlx_unforce(d);
		if (rc < 0)
			goto out;
		rc = DLX_OK;
		moments_add(&nodes, est, probe);
		moments_add(&sols, sol, probe);
	}
	memset(out, 0, sizeof *out);
	out->nodes = nodes.mean;
	out->nodes_se = moments_se(&nodes, probes);
	out->solutions = sols.mean;
	out->solutions_se = moments_se(&sols, probes);
	out->probes = probes;
	out->hits = hits;
	out->max_depth = maxd;
out:
	mem_free(&d->mem, opts);
	mem_free(&d->mem, dead);
	return rc;
}
