/*
 * parts.c: how even the parts of dlx_split() are.  Reads a problem in
 * Knuth's format (or, with -s RxC, the empty sudoku of RxC boxes), cuts
 * it into N parts for each N given, searches every part in turn, and
 * prints per N: the time to split, the largest part's updates and time
 * against the mean, and the total count (which must not depend on N).
 *
 *	bench/parts FILE N...		e.g. bench/parts p.dlx 8 64 512
 *	bench/parts -s 2x3 N...
 *
 * With -k K first, only part K of each N: the time dlx_split_part()
 * takes to make it (what each process of a cluster pays before its own
 * search) against the time of the part's own search.
 *
 *	bench/parts -k 1 FILE 8 64 512
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dlx.h"
#include "dlx_part.h"
#include "dlx_text.h"
#include "dlx_sudoku.h"

static double
now(void)
{
	struct timespec	t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Search what is left of pos on d: serially, on one path, the plain
 * search (as a checkpointed part runs). */
static int
search_pos(dlx *d, dlx_pos *pos)
{
	struct dlx_request	rq;

	memset(&rq, 0, sizeof rq);
	rq.memo = DLX_MEMO_NEVER;
	rq.threads = 1;
	rq.pos = pos;
	rq.checkpoint = 1;
	return dlx_run(d, &rq, NULL);
}

int
main(int argc, char **argv)
{
	struct dlx_error	 err;
	dlx_text		*t = NULL;
	dlx_sudoku		*s = NULL;
	dlx_pos			**parts;
	dlx			*d;
	FILE			*fp;
	struct dlx_wide		 w;
	uint64_t		 upd, maxupd, sumupd, total;
	double			 t0, split, secs, maxsecs, sumsecs;
	unsigned		 n, k, only = 0;
	dlx_pos			*one;
	int			 i, r, c;

	if (argc > 2 && strcmp(argv[1], "-k") == 0) {
		only = (unsigned)atoi(argv[2]);
		argv += 2;
		argc -= 2;
	}
	if (argc < 3) {
		fprintf(stderr, "usage: parts [-k K] FILE|-s RxC N...\n");
		return 2;
	}
	if (strcmp(argv[1], "-s") == 0) {
		if (sscanf(argv[2], "%dx%d", &r, &c) != 2 ||
		    dlx_sudoku_new(&s, r, c, NULL) != DLX_OK)
			return 2;
		d = dlx_sudoku_matrix(s);
		argv++;
		argc--;
	} else {
		if ((fp = fopen(argv[1], "r")) == NULL) {
			perror(argv[1]);
			return 2;
		}
		if (dlx_text_read(&t, fp, NULL, &err) != DLX_OK) {
			fprintf(stderr, "%s:%lu: %s\n", argv[1], err.line,
			    err.message);
			return 2;
		}
		fclose(fp);
		d = dlx_text_dlx(t);
	}
	if (only != 0) {
		printf("%6s %6s %12s %12s %s\n", "N", "part", "split s",
		    "search s", "solutions");
		for (i = 2; i < argc; i++) {
			n = (unsigned)atoi(argv[i]);
			if (only > n)
				continue;
			t0 = now();
			if (dlx_split_part(d, only, n, &one) != DLX_OK)
				return 2;
			split = now() - t0;
			t0 = now();
			if (search_pos(d, one) != DLX_OK)
				return 2;
			secs = now() - t0;
			dlx_pos_figures(one, &w, NULL, NULL);
			printf("%6u %6u %12.3f %12.3f %llu\n", n, only, split,
			    secs, (unsigned long long)w.lo);
			dlx_pos_free(one);
		}
		dlx_text_free(t);
		dlx_sudoku_free(s);
		return 0;
	}
	printf("%6s %9s %14s %10s %10s %s\n", "N", "split s",
	    "max/mean upd", "max/mean t", "total s", "solutions");
	for (i = 2; i < argc; i++) {
		n = (unsigned)atoi(argv[i]);
		if (n == 0 || (parts = calloc(n, sizeof *parts)) == NULL)
			return 2;
		t0 = now();
		if (dlx_split(d, n, parts) != DLX_OK)
			return 2;
		split = now() - t0;
		maxupd = sumupd = total = 0;
		maxsecs = sumsecs = 0;
		for (k = 0; k < n; k++) {
			t0 = now();
			if (search_pos(d, parts[k]) != DLX_OK)
				return 2;
			secs = now() - t0;
			dlx_pos_figures(parts[k], &w, NULL, &upd);
			total += w.lo;
			sumupd += upd;
			sumsecs += secs;
			if (upd > maxupd)
				maxupd = upd;
			if (secs > maxsecs)
				maxsecs = secs;
			dlx_pos_free(parts[k]);
		}
		free(parts);
		printf("%6u %9.3f %14.3f %10.3f %10.3f %llu\n", n, split,
		    (double)maxupd * n / (double)sumupd,
		    maxsecs * n / sumsecs, sumsecs,
		    (unsigned long long)total);
		fflush(stdout);
	}
	dlx_text_free(t);
	dlx_sudoku_free(s);
	return 0;
}
