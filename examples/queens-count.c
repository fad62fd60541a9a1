/*
 * queens-count.c: count the solutions of the n queens problem with libdlx.
 *
 * A small program outside the library, as a user would write it: build
 * with
 *	cc queens-count.c $(pkg-config --cflags --libs libdlx)
 * and run "./a.out 8".  Ranks and files are primary items (one queen
 * each), the diagonals secondary (at most one queen each); every square
 * is an option.  It prints the count, then the first solution found.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <dlx/dlx.h>

#define MAXN	16	/* files a..p */

/* Print one solution: the square of the queen on each rank, in order. */
static int
print_board(int n, const int *options, size_t len)
{
	int	file[MAXN], r;
	size_t	k;

	for (k = 0; k < len; k++)
		file[options[k] / n] = options[k] % n;
	for (r = 0; r < n; r++)
		if (printf("%s%c%d", r ? " " : "", 'a' + file[r], r + 1) < 0)
			return -1;
	return printf("\n") < 0 ? -1 : 0;
}

int
main(int argc, char *argv[])
{
	struct dlx_wide	 count;
	char		 num[DLX_WIDE_DIGITS + 1];
	size_t		 len;
	dlx		*d;
	char		*end;
	long		 n = 8;
	int		 r, c, rc, items[4], *first;

	if (argc > 2) {
		fprintf(stderr, "usage: queens-count [n]\n");
		return 2;
	}
	if (argc == 2) {
		errno = 0;
		n = strtol(argv[1], &end, 10);
		if (errno != 0 || *end != '\0' || n < 1 || n > MAXN) {
			fprintf(stderr, "queens-count: n must be 1 to %d\n",
			    MAXN);
			return 2;
		}
	}

	/* Items: ranks 0..n-1 and files n..2n-1 primary, then the 2n-1
	 * diagonals and the 2n-1 anti-diagonals secondary. */
	if ((rc = dlx_new(&d, 2 * n, 2 * (2 * n - 1), NULL)) != DLX_OK) {
		fprintf(stderr, "queens-count: %s\n", dlx_strerror(rc));
		return 1;
	}
	for (r = 0; r < n; r++) {
		for (c = 0; c < n; c++) {
			items[0] = r;
			items[1] = n + c;
			items[2] = 2 * n + r + c;
			items[3] = 2 * n + (2 * n - 1) + r - c + n - 1;
			/* Option r*n+c: a queen on rank r, file c. */
			if ((rc = dlx_add_option(d, items, 4)) < 0) {
				fprintf(stderr, "queens-count: %s\n",
				    dlx_strerror(rc));
				dlx_free(d);
				return 1;
			}
		}
	}

	if ((rc = dlx_count(d, &count)) != DLX_OK) {
		fprintf(stderr, "queens-count: %s\n", dlx_strerror(rc));
		dlx_free(d);
		return 1;
	}
	printf("%ld queens: %s solutions\n", n,
	    dlx_wide_format(count, num, sizeof num));

	if ((first = malloc(n * sizeof *first)) == NULL) {
		fprintf(stderr, "queens-count: out of memory\n");
		dlx_free(d);
		return 1;
	}
	rc = dlx_first(d, first, n, &len);
	if (rc == DLX_LIMIT)
		rc = print_board(n, first, len) == 0 ? DLX_OK : -1;
	else if (rc == DLX_OK)
		rc = printf("no solution\n") < 0 ? -1 : DLX_OK;
	free(first);
	dlx_free(d);
	if (rc != DLX_OK || fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "queens-count: %s\n", rc < -1 ?
		    dlx_strerror(rc) : "write error");
		return 1;
	}
	return 0;
}
