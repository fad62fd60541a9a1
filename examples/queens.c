/*
 * queens.c: the n queens problem as an exact cover (an example of libdlx).
 *
 * Place n queens on an n x n board, no two in the same rank, file or
 * diagonal.  Every rank ri and every file cj holds exactly one queen: they
 * are primary items.  A diagonal holds at most one queen, and some hold
 * none: the diagonals ak (i + j = k) and bk (n - 1 + i - j = k) are
 * secondary items.  Placing a queen on square (i, j) is the option
 * "ri cj a(i+j) b(n-1+i-j)".
 *
 * Usage: queens [-d] N
 * Without -d, count the solutions with libdlx and print the count; with
 * -d, print the problem in Knuth's DLX format for the program dlx.  For
 * n = 8 that file is tests/data/queens8.dlx.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dlx/dlx.h>

/* Item numbers: the ranks and files interleaved (r0 c0 r1 c1 ...), then
 * the a diagonals, then the b diagonals. */
#define RANK(i)		(2 * (i))
#define FILE_(j)	(2 * (j) + 1)
#define DIAG_A(n, k)	(2 * (n) + (k))
#define DIAG_B(n, k)	(2 * (n) + 2 * (n) - 1 + (k))

static int
print_dlx(int n)
{
	int	 i, j, k;

	printf("| %d-queens: rows/cols primary, diagonals secondary\n", n);
	for (i = 0; i < n; i++)
		printf("%sr%d c%d", i > 0 ? " " : "", i, i);
	printf(" |");
	for (k = 0; k < 2 * n - 1; k++)
		printf(" a%d", k);
	for (k = 0; k < 2 * n - 1; k++)
		printf(" b%d", k);
	printf("\n");
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			printf("r%d c%d a%d b%d\n", i, j, i + j,
			    n - 1 + i - j);
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : -1;
}

static int
count(int n, uint64_t *total)
{
	struct dlx_wide	 w = { 0, 0 };
	dlx		*d;
	int		 i, j, rc, opt[4];

	if ((rc = dlx_new(&d, 2 * (size_t)n, 2 * (2 * (size_t)n - 1), NULL)) !=
	    DLX_OK)
		return rc;
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			opt[0] = RANK(i);
			opt[1] = FILE_(j);
			opt[2] = DIAG_A(n, i + j);
			opt[3] = DIAG_B(n, n - 1 + i - j);
			if ((rc = dlx_add_option(d, opt, 4)) < 0) {
				dlx_free(d);
				return rc;
			}
		}
	rc = dlx_count(d, &w);
	*total = w.lo;			/* far below 2^64 */
	dlx_free(d);
	return rc;
}

int
main(int argc, char **argv)
{
	uint64_t	 total;
	int		 n, dflag = 0, rc;
	char		*end;

	if (argc > 1 && strcmp(argv[1], "-d") == 0) {
		dflag = 1;
		argc--, argv++;
	}
	if (argc != 2 || (n = (int)strtol(argv[1], &end, 10)) < 1 ||
	    *end != '\0' || n > 1000) {
		fprintf(stderr, "usage: queens [-d] N (1 <= N <= 1000)\n");
		return 2;
	}
	if (dflag) {
		if (print_dlx(n) != 0) {
			fprintf(stderr, "queens: write error\n");
			return 2;
		}
		return 0;
	}
	if ((rc = count(n, &total)) != DLX_OK) {
		fprintf(stderr, "queens: %s\n", dlx_strerror(rc));
		return 2;
	}
	printf("%llu\n", (unsigned long long)total);
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 2;
}
