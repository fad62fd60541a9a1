/*
 * mqueens.c: k queens in every rank and file, with a bound on every
 * diagonal: exact cover with multiplicities (an example of libdlx).
 *
 * Place n*k queens on an n x n board so that every rank and every file
 * holds exactly k of them and no diagonal holds more than b.  Ranks ri and
 * files cj are primary items with bounds k..k; the diagonals ad (i + j =
 * d) and bd (n - 1 + i - j = d) are primary items with bounds 0..b (a
 * secondary item could take only one queen).  A queen on square (i, j) is
 * the option "ri cj a(i+j) b(n-1+i-j)".  With k = b = 1 this is the n
 * queens problem of queens.c.  Note that 2n queens cannot avoid sharing
 * diagonals: at most 2n - 2 bishops fit on an n x n board, so k = 2 needs
 * b >= 2 as soon as n > 1.
 *
 * Usage: mqueens [-d] N K B
 * Without -d, count the solutions with libdlx and print the count; with
 * -d, print the problem in Knuth's DLX3 format for the program dlx.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"

/* Item numbers: ranks and files interleaved (r0 c0 r1 c1 ...), then the a
 * diagonals, then the b diagonals. */
#define RANK(i)		(2 * (i))
#define FILE_(j)	(2 * (j) + 1)
#define DIAG_A(n, d)	(2 * (n) + (d))
#define DIAG_B(n, d)	(2 * (n) + 2 * (n) - 1 + (d))

static int
print_dlx(int n, int k, int b)
{
	int	 i, j, d;

	printf("| %d queens in every rank and file of %dx%d, "
	    "at most %d on a diagonal\n", k, n, n, b);
	for (i = 0; i < n; i++)
		printf("%s%d|r%d %d|c%d", i > 0 ? " " : "", k, i, k, i);
	for (d = 0; d < 2 * n - 1; d++)
		printf(" 0:%d|a%d", b, d);
	for (d = 0; d < 2 * n - 1; d++)
		printf(" 0:%d|b%d", b, d);
	printf("\n");
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			printf("r%d c%d a%d b%d\n", i, j, i + j,
			    n - 1 + i - j);
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : -1;
}

static int
count(int n, int k, int b, uint64_t *total)
{
	struct dlx_wide	 w = { 0, 0 };
	dlx		*d;
	int		 i, j, rc, opt[4];

	if ((rc = dlx_new(&d, 2 * (size_t)n + 2 * (2 * (size_t)n - 1), 0,
	    NULL)) != DLX_OK)
		return rc;
	rc = DLX_OK;
	for (i = 0; i < 2 * n && rc == DLX_OK; i++)
		rc = dlx_set_item_bounds(d, i, k, k);
	for (i = 2 * n; i < 2 * n + 2 * (2 * n - 1) && rc == DLX_OK; i++)
		rc = dlx_set_item_bounds(d, i, 0, b);
	for (i = 0; i < n && rc == DLX_OK; i++)
		for (j = 0; j < n && rc == DLX_OK; j++) {
			opt[0] = RANK(i);
			opt[1] = FILE_(j);
			opt[2] = DIAG_A(n, i + j);
			opt[3] = DIAG_B(n, n - 1 + i - j);
			if ((rc = dlx_add_option(d, opt, 4)) >= 0)
				rc = DLX_OK;
		}
	if (rc == DLX_OK)
		rc = dlx_count(d, &w);
	*total = w.lo;			/* far below 2^64 */
	dlx_free(d);
	return rc;
}

static int
arg(const char *s, int lo, int hi, int *v)
{
	char	*end;
	long	 x;

	x = strtol(s, &end, 10);
	if (end == s || *end != '\0' || x < lo || x > hi)
		return -1;
	*v = (int)x;
	return 0;
}

int
main(int argc, char **argv)
{
	uint64_t	 total;
	int		 n, k, b, dflag = 0, rc;

	if (argc > 1 && strcmp(argv[1], "-d") == 0) {
		dflag = 1;
		argc--, argv++;
	}
	if (argc != 4 || arg(argv[1], 1, 100, &n) != 0 ||
	    arg(argv[2], 0, 100, &k) != 0 || arg(argv[3], 0, 100, &b) != 0) {
		fprintf(stderr, "usage: mqueens [-d] N K B "
		    "(1 <= N <= 100, 0 <= K, B <= 100)\n");
		return 2;
	}
	if (dflag) {
		if (print_dlx(n, k, b) != 0) {
			fprintf(stderr, "mqueens: write error\n");
			return 2;
		}
		return 0;
	}
	if ((rc = count(n, k, b, &total)) != DLX_OK) {
		fprintf(stderr, "mqueens: %s\n", dlx_strerror(rc));
		return 2;
	}
	printf("%llu\n", (unsigned long long)total);
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 2;
}
