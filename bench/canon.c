/*
 * bench/canon.c: how many puzzles a second dlx_sudoku_canon_run() puts in
 * canonical form, the library alone (bench/canonical.sh runs it).
 *
 * Usage: bench/canon FILE [RUNS]
 *
 * Reads FILE's puzzles (one a line: 81 cells, '.' or 0 blank; other lines
 * skipped) into memory, then puts them all in canonical form RUNS times
 * (default 5) on one workspace, and prints the puzzles, the median run's
 * seconds and puzzles per second, in wall time and in the process's CPU
 * time (which a machine shared with other work disturbs less), and the
 * sum of the automorphisms (the same in every run, so that the work is
 * not optimized away).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dlx_sudoku.h"

static double
now(clockid_t id)
{
	struct timespec	 ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
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
	dlx_sudoku_canon	*c;
	FILE			*fp;
	char			 line[1024];
	int			*cells = NULL, *p, out[81], i, rc;
	size_t			 n = 0, cap = 0, k;
	int			 runs, r;
	double			*t, *cpu, t0, c0;
	uint64_t		 naut, sum = 0;

	if (argc < 2 || (fp = fopen(argv[1], "r")) == NULL) {
		fprintf(stderr, "usage: canon FILE [RUNS]\n");
		return 2;
	}
	runs = argc > 2 ? atoi(argv[2]) : 5;
	if (runs < 1)
		runs = 1;
	while (fgets(line, sizeof line, fp) != NULL) {
		if (strspn(line, ".0123456789") != 81)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 1024;
			if ((p = realloc(cells, cap * 81 * sizeof *p)) == NULL)
				return 2;
			cells = p;
		}
		for (i = 0; i < 81; i++)
			cells[n * 81 + i] = line[i] == '.' ? 0 : line[i] - '0';
		n++;
	}
	fclose(fp);
	if (n == 0 || (t = calloc((size_t)runs, sizeof *t)) == NULL ||
	    (cpu = calloc((size_t)runs, sizeof *cpu)) == NULL ||
	    dlx_sudoku_canon_new(&c, NULL) != DLX_OK) {
		fprintf(stderr, "canon: no puzzle, or no memory\n");
		return 2;
	}
	for (r = 0; r < runs; r++) {
		sum = 0;
		t0 = now(CLOCK_MONOTONIC);
		c0 = now(CLOCK_PROCESS_CPUTIME_ID);
		for (k = 0; k < n; k++) {
			rc = dlx_sudoku_canon_run(c, cells + k * 81, out, NULL,
			    &naut);
			if (rc != DLX_OK) {
				fprintf(stderr, "canon: puzzle %zu: %s\n", k + 1,
				    dlx_strerror(rc));
				return 2;
			}
			sum += naut;
		}
		t[r] = now(CLOCK_MONOTONIC) - t0;
		cpu[r] = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
	}
	qsort(t, (size_t)runs, sizeof *t, cmp);
	qsort(cpu, (size_t)runs, sizeof *cpu, cmp);
	printf("%zu puzzles, median of %d runs: wall %.3f s, %.0f puzzles/s; "
	    "cpu %.3f s, %.0f puzzles/s; automorphisms %llu\n", n, runs,
	    t[runs / 2], n / t[runs / 2], cpu[runs / 2], n / cpu[runs / 2],
	    (unsigned long long)sum);
	dlx_sudoku_canon_free(c);
	free(t);
	free(cpu);
	free(cells);
	return 0;
}
