/*
 * balance.c: how evenly the threads driver (dlxi_search_parallel(), under
 * dlx_run()) shares a search; it reads the per-thread work, which only the
 * internal interface gives.
 *
 * Usage: bench/balance THREADS [FILE]
 * Reads a problem in Knuth's DLX format, counts its solutions on THREADS
 * threads and prints the count, the seconds, and the balance: the most
 * updates one thread counted against the mean (1.00 is perfect).  More
 * threads than CPUs is fine: it measures how the work is cut, not speed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "dlx.h"
#include "dlx_text.h"
#include "lib/core/search_int.h"

int
main(int argc, char **argv)
{
	struct dlx_error	 err;
	struct dlxi_parallel	 par;
	struct dlx_stats	 st;
	struct timespec		 t0, t1;
	dlx_text		*t;
	FILE			*fp = stdin;
	uint64_t		*work, max = 0, sum = 0;
	unsigned		 n, k;
	int			 rc;

	if (argc < 2 || (n = (unsigned)atoi(argv[1])) == 0) {
		fprintf(stderr, "usage: balance THREADS [FILE]\n");
		return 2;
	}
	if (argc > 2 && (fp = fopen(argv[2], "r")) == NULL) {
		perror(argv[2]);
		return 2;
	}
	if (dlx_text_read(&t, fp, NULL, &err) != DLX_OK) {
		fprintf(stderr, "balance: line %lu: %s\n", err.line,
		    err.message);
		return 2;
	}
	if ((work = calloc(n, sizeof *work)) == NULL)
		return 2;
	par.threads = n;
	par.split_updates = 0;
	par.work = work;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	rc = dlxi_search_parallel(dlx_text_dlx(t), NULL, &par);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	dlx_stats(dlx_text_dlx(t), &st);
	for (k = 0; k < n; k++) {
		sum += work[k];
		if (work[k] > max)
			max = work[k];
	}
	printf("%u threads: %llu solutions, %.3f s, balance %.2f "
	    "(largest share / mean)%s\n", n,
	    (unsigned long long)st.solutions,
	    (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
	    sum > 0 ? (double)max * n / (double)sum : 0.0,
	    rc == DLX_OK ? "" : " (incomplete)");
	free(work);
	dlx_text_free(t);
	return rc == DLX_OK ? 0 : 1;
}
