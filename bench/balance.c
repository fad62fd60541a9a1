/*
 * balance.c: how evenly the threads driver (dlxi_search_parallel(), under
 * dlx_run()) shares a search; it reads the per-thread work, which only the
 * internal interface gives.
 *
 * Usage: bench/balance THREADS [FILE]
 *        bench/balance THREADS -9 PUZZLE
 * Reads a problem in Knuth's DLX format, counts its solutions on THREADS
 * threads and prints the count, the seconds, and the balance: the most
 * updates one thread counted against the mean (1.00 is perfect).  More
 * threads than CPUs is fine: it measures how the work is cut, not speed.
 * With -9, a 9x9 sudoku PUZZLE (81 characters, '.' or '0' blank) is
 * counted on the bit boards, whose top is shared out as boards
 * (dlxi_bits_parallel(), drive/boards.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dlx.h"
#include "dlx_sudoku.h"
#include "dlx_text.h"
#include "lib/core/search_int.h"

/* The 9x9 PUZZLE's matrix into *s, or 2 (a message said why). */
static int
puzzle(dlx_sudoku **s, const char *p)
{
	int	cells[81], k;

	if (strlen(p) != 81 || dlx_sudoku_new(s, 3, 3, NULL) != DLX_OK) {
		fprintf(stderr, "balance: -9: a puzzle of 81 characters\n");
		return 2;
	}
	for (k = 0; k < 81; k++)
		cells[k] = p[k] >= '1' && p[k] <= '9' ? p[k] - '0' : 0;
	if (dlx_sudoku_set_givens(*s, cells, NULL, NULL) != DLX_OK) {
		fprintf(stderr, "balance: -9: bad givens\n");
		return 2;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct dlx_error	 err;
	struct dlxi_parallel	 par;
	struct dlx_stats	 st;
	struct timespec		 t0, t1;
	dlx_text		*t = NULL;
	dlx_sudoku		*sk = NULL;
	dlx			*d;
	struct dlxi_search	 cnt;
	unsigned		 ran;
	FILE			*fp = stdin;
	uint64_t		*work, max = 0, sum = 0;
	unsigned		 n, k;
	int			 rc;

	if (argc < 2 || (n = (unsigned)atoi(argv[1])) == 0) {
		fprintf(stderr, "usage: balance THREADS [FILE]\n");
		return 2;
	}
	if (argc > 3 && strcmp(argv[2], "-9") == 0) {
		if (puzzle(&sk, argv[3]) != 0)
			return 2;
		fp = NULL;
	} else if (argc > 2 && (fp = fopen(argv[2], "r")) == NULL) {
		perror(argv[2]);
		return 2;
	}
	if (fp != NULL && dlx_text_read(&t, fp, NULL, &err) != DLX_OK) {
		fprintf(stderr, "balance: line %lu: %s\n", err.line,
		    err.message);
		return 2;
	}
	if ((work = calloc(n, sizeof *work)) == NULL)
		return 2;
	par.threads = n;
	par.split_updates = 0;
	par.work = work;
	d = t != NULL ? dlx_text_dlx(t) : dlx_sudoku_matrix(sk);
	memset(&cnt, 0, sizeof cnt);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (t != NULL)
		rc = dlxi_search_parallel(d, NULL, &par);
	else
		rc = dlxi_bits_parallel(d, &cnt, n, work, &ran);
	(void)ran;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	dlx_stats(d, &st);
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
	dlx_sudoku_free(sk);
	return rc == DLX_OK ? 0 : 1;
}
