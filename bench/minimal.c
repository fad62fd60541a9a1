/*
 * bench/minimal.c: the time of dlx_sudoku_redundant() (or, with -m,
 * dlx_sudoku_minimize()) per puzzle over a file of classic puzzles, one
 * thread: the median, the mean and the worst, and how many puzzles were
 * minimal, had redundant givens or were not unique.  bench/minimal.sh
 * runs it.
 *
 * Usage: bench/minimal [-m] [-n COUNT] [-y SYMMETRY] FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dlx_sudoku.h"
#include "dlx_sudoku_gen.h"

static double
now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
cmp(const void *a, const void *b)
{
	double	 x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int
main(int argc, char **argv)
{
	struct dlx_sudoku_minimal_options o;
	struct dlx_sudoku_minimal_result res;
	struct dlx_sudoku_puzzle	 p;
	dlx_sudoku_reader		*r;
	dlx_sudoku			*s = NULL;
	unsigned char			 flags[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];
	int				 out[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];
	double				*t, t0, sum = 0;
	long				 max = 1000, n = 0, minimal = 0, other = 0,
					 removed = 0;
	int				 ch, minimize = 0, rc, boxr = 0;
	FILE				*fp;

	memset(&o, 0, sizeof o);
	o.threads = 1;
	while ((ch = getopt(argc, argv, "mn:y:")) != -1)
		switch (ch) {
		case 'm':
			minimize = 1;
			break;
		case 'n':
			max = atol(optarg);
			break;
		case 'y':
			o.symmetry = atoi(optarg);
			break;
		default:
			return 2;
		}
	if (optind + 1 != argc || max <= 0 ||
	    (fp = fopen(argv[optind], "r")) == NULL) {
		fprintf(stderr, "usage: minimal [-m] [-n COUNT] [-y SYM] "
		    "FILE\n");
		return 2;
	}
	if ((t = malloc(sizeof *t * (size_t)max)) == NULL ||
	    dlx_sudoku_reader_new(&r, fp, NULL) != DLX_OK)
		return 2;
	while (n < max && dlx_sudoku_read(r, &p, NULL) == DLX_SUDOKU_PUZZLE) {
		if (s == NULL || p.boxr != boxr) {
			dlx_sudoku_free(s);
			if (dlx_sudoku_new(&s, p.boxr, p.boxc, NULL) != DLX_OK)
				return 2;
			boxr = p.boxr;
		}
		t0 = now();
		rc = minimize ? dlx_sudoku_minimize(s, p.cells, out, &o, &res,
		    NULL) : dlx_sudoku_redundant(s, p.cells, flags, &o, &res,
		    NULL);
		t[n] = now() - t0;
		sum += t[n++];
		if (rc != DLX_OK)
			other++;
		else if (minimize)
			removed += res.redundant;
		else if (res.minimal)
			minimal++;
	}
	if (n == 0)
		return 2;
	qsort(t, (size_t)n, sizeof *t, cmp);
	printf("%s: %ld puzzles, median %.3f ms, mean %.3f ms, worst %.3f "
	    "ms; ", minimize ? "minimize" : "redundant", n, t[n / 2] * 1e3,
	    sum / n * 1e3, t[n - 1] * 1e3);
	if (minimize)
		printf("%ld givens removed, %ld not unique\n", removed, other);
	else
		printf("%ld minimal, %ld with redundant givens, %ld not "
		    "unique\n", minimal, n - minimal - other, other);
	dlx_sudoku_free(s);
	dlx_sudoku_reader_free(r);
	fclose(fp);
	free(t);
	return 0;
}
