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

int
dlx_estimate(dlx *d, const struct dlx_request *rq, unsigned probes,
    uint64_t seed, struct dlx_estimate *out)
{
	struct moments	 nodes = { 0, 0 }, sols = { 0, 0 };
	unsigned char	*dead = NULL;
	int		*opts = NULL, knuth, item, n, k, live, rc = DLX_OK;
	size_t		 cap, depth, maxd = 0;
	unsigned	 probe;
	uint64_t	 x;
	double		 mult, est, sol;

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
			n = search_branch(d, knuth, &item, opts, NULL,
			    knuth ? NULL : dead, cap);
			if (n < 0) {
				rc = n;
				break;
			}
			if (item < 0) {
				sol = mult;	/* a solution */
				break;
			}
			/* The fast tree gives up dead options without a
			 * node: its children are the live ones. */
			for (k = live = 0; k < n; k++)
				if (knuth || !dead[k])
					opts[live++] = opts[k];
			if (live == 0)
				break;		/* a dead end */
			mult *= live;
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			rc = dlx_force(d, opts[x % (uint64_t)live]);
			if (rc != DLX_OK)
				break;
			depth++;
		}
		if (depth > maxd)
			maxd = depth;
		while (depth-- > 0)
			dlx_unforce(d);
		if (rc != DLX_OK)
			goto out;
		moments_add(&nodes, est, probe);
		moments_add(&sols, sol, probe);
	}
	memset(out, 0, sizeof *out);
	out->nodes = nodes.mean;
	out->nodes_se = moments_se(&nodes, probes);
	out->solutions = sols.mean;
	out->solutions_se = moments_se(&sols, probes);
	out->probes = probes;
	out->max_depth = maxd;
out:
	mem_free(&d->mem, opts);
	mem_free(&d->mem, dead);
	return rc;
}
