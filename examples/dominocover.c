/*
 * dominocover.c: cover a board with dominoes that may overlap, every cell
 * covered between lo and hi times: exact cover with multiplicities (an
 * example of libdlx).
 *
 * Each of the r*(c-1) + (r-1)*c places of a domino on an r x c board is
 * used at most once.  The cells "i.j" are primary items with bounds
 * lo..hi, and a domino is the option naming its two cells.  lo = hi = 1
 * counts the domino tilings; lo = 1, hi = 2 the coverings where no cell
 * is under more than two dominoes; lo = hi = 2 the "double tilings".
 *
 * Usage: dominocover [-d] R C LO HI
 * Without -d, count the solutions with libdlx and print the count; with
 * -d, print the problem in Knuth's DLX3 format for the program dlx.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"

static int
print_dlx(int r, int c, int lo, int hi)
{
	int	 i, j;

	printf("| cover %dx%d with dominoes, each cell %d to %d times\n",
	    r, c, lo, hi);
	for (i = 0; i < r; i++)
		for (j = 0; j < c; j++)
			printf("%s%d:%d|%d.%d", i + j > 0 ? " " : "", lo, hi,
			    i, j);
	printf("\n");
	for (i = 0; i < r; i++)
		for (j = 0; j < c; j++) {
			if (j + 1 < c)
				printf("%d.%d %d.%d\n", i, j, i, j + 1);
			if (i + 1 < r)
				printf("%d.%d %d.%d\n", i, j, i + 1, j);
		}
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : -1;
}

static int
count(int r, int c, int lo, int hi, uint64_t *total)
{
	struct dlx_wide	 w = { 0, 0 };
	dlx		*d;
	int		 i, j, rc, opt[2];

	if ((rc = dlx_new(&d, (size_t)r * (size_t)c, 0, NULL)) != DLX_OK)
		return rc;
	rc = DLX_OK;
	for (i = 0; i < r * c && rc == DLX_OK; i++)
		rc = dlx_set_item_bounds(d, i, lo, hi);
	/* The same option order as print_dlx(), so the trees agree. */
	for (i = 0; i < r && rc == DLX_OK; i++)
		for (j = 0; j < c && rc == DLX_OK; j++) {
			opt[0] = i * c + j;
			if (j + 1 < c) {
				opt[1] = i * c + j + 1;
				rc = dlx_add_option(d, opt, 2);
			}
			if (rc >= 0 && i + 1 < r) {
				opt[1] = (i + 1) * c + j;
				rc = dlx_add_option(d, opt, 2);
			}
			if (rc >= 0)
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
	int		 r, c, lo, hi, dflag = 0, rc;

	if (argc > 1 && strcmp(argv[1], "-d") == 0) {
		dflag = 1;
		argc--, argv++;
	}
	if (argc != 5 || arg(argv[1], 1, 30, &r) != 0 ||
	    arg(argv[2], 1, 30, &c) != 0 || arg(argv[3], 0, 4, &lo) != 0 ||
	    arg(argv[4], lo, 4, &hi) != 0) {
		fprintf(stderr, "usage: dominocover [-d] R C LO HI "
		    "(1 <= R, C <= 30, 0 <= LO <= HI <= 4)\n");
		return 2;
	}
	if (dflag) {
		if (print_dlx(r, c, lo, hi) != 0) {
			fprintf(stderr, "dominocover: write error\n");
			return 2;
		}
		return 0;
	}
	if ((rc = count(r, c, lo, hi, &total)) != DLX_OK) {
		fprintf(stderr, "dominocover: %s\n", dlx_strerror(rc));
		return 2;
	}
	printf("%llu\n", (unsigned long long)total);
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 2;
}
