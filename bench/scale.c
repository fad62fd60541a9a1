/*
 * scale.c: libdlx on a large matrix: by default 100,000 items and
 * 10,000,000 option nodes.  Loads it, finds a first solution (10,000
 * options deep), then runs a budgeted count, and prints the time of each
 * step and the memory the matrix holds, at a quarter, half and all of the
 * size, so that the growth of memory with items + nodes can be seen.
 *
 * usage: scale [items [nodes]]
 *
 * The items are cut into blocks of 10; option k covers the 10 items of
 * block k mod (items/10), so every block has nodes/items options and a
 * solution takes one option per block.  Speed belongs here, not in make
 * check: run it pinned (taskset -c 1) and under /usr/bin/time -v for the
 * peak RSS.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "dlx.h"

#define BLOCK	10

static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Build, solve and report one size; returns 0 or -1 (message printed). */
static int
run(long nitems, long nnodes)
{
	struct dlx_request	 s;
	struct dlx_stats	 st;
	dlx			*d;
	double			 t0, t1, t2, t3;
	long			 nblocks = nitems / BLOCK, nopt, k;
	size_t			 n, mem;
	int			 items[BLOCK], *sol, rc, j;

	nopt = nnodes / BLOCK;
	t0 = now();
	if ((rc = dlx_new(&d, (size_t)nitems, 0, NULL)) != DLX_OK) {
		fprintf(stderr, "scale: dlx_new: %s\n", dlx_strerror(rc));
		return -1;
	}
	for (k = 0; k < nopt; k++) {
		for (j = 0; j < BLOCK; j++)
			items[j] = (int)((k % nblocks) * BLOCK + j);
		if ((rc = dlx_add_option(d, items, BLOCK)) < 0) {
			fprintf(stderr, "scale: option %ld: %s\n", k,
			    dlx_strerror(rc));
			dlx_free(d);
			return -1;
		}
	}
	t1 = now();
	mem = dlx_memory(d);

	if ((sol = malloc((size_t)nblocks * sizeof *sol)) == NULL) {
		fprintf(stderr, "scale: out of memory\n");
		dlx_free(d);
		return -1;
	}
	rc = dlx_first(d, sol, (size_t)nblocks, &n);
	free(sol);
	if (rc != DLX_LIMIT || n != (size_t)nblocks) {
		fprintf(stderr, "scale: first: %s, %zu options\n",
		    dlx_strerror(rc), n);
		dlx_free(d);
		return -1;
	}
	t2 = now();

	/* Count on a budget: the tree has (options per block)^blocks leaves. */
	s = (struct dlx_request){ .max_nodes = 1000000, .threads = 1 };
	rc = dlx_run(d, &s, NULL);
	t3 = now();
	dlx_stats(d, &st);
	if (rc != DLX_INCOMPLETE || dlx_check(d) != DLX_OK) {
		fprintf(stderr, "scale: budgeted count: %s\n",
		    dlx_strerror(rc));
		dlx_free(d);
		return -1;
	}
	printf("%7ld items %9ld nodes: load %.2fs, first solution (%zu "
	    "options) %.2fs, 1e6-node count %.2fs (%llu solutions, %llu "
	    "updates); memory %zu bytes, %.1f per item+node\n",
	    nitems, nopt * BLOCK, t1 - t0, n, t2 - t1, t3 - t2,
	    (unsigned long long)st.solutions,
	    (unsigned long long)st.updates, mem,
	    (double)mem / (double)(nitems + nopt * BLOCK));
	dlx_free(d);
	return 0;
}

int
main(int argc, char *argv[])
{
	long	nitems = 100000, nnodes = 10000000;
	int	f;

	if (argc > 1)
		nitems = strtol(argv[1], NULL, 10);
	if (argc > 2)
		nnodes = strtol(argv[2], NULL, 10);
	if (argc > 3 || nitems < BLOCK || nnodes < nitems ||
	    nitems > 100000000 || nnodes > 1000000000) {
		fprintf(stderr, "usage: scale [items [nodes]] "
		    "(10 <= items <= nodes)\n");
		return 2;
	}
	for (f = 4; f >= 1; f /= 2)
		if (run(nitems / f / BLOCK * BLOCK, nnodes / f) != 0)
			return 1;
	return 0;
}
