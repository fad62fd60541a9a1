/*
 * langford.c: Langford pairs as an exact cover (an example of libdlx).
 *
 * Arrange two copies of each of 1, 2, ..., n in a row of 2n slots so that
 * the two k's have exactly k numbers between them (n = 3: 3 1 2 1 3 2).
 * Every value vk is placed once and every slot sj is filled once: all
 * items are primary.  Putting the k's in slots i and i + k + 1 is the
 * option "vk si s(i+k+1)".
 *
 * Each arrangement read backwards is another one, so solutions come in
 * pairs.  With -s only one of each pair is counted: the 1's, at slots
 * (i, i + 2), go to slots (2n - 1 - i, 2n + 1 - i) when reversed, and are
 * never in the same place both ways; keeping only i <= n - 1 keeps exactly
 * one arrangement of each pair.
 *
 * Usage: langford [-d] [-s] N
 * Without -d, count the solutions with libdlx; with -d, print the problem
 * in Knuth's DLX format (for n = 8, without -s: tests/data/langford8.dlx).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dlx/dlx.h>

/* Does the pair of k's at slots i and i + k + 1 stay in the problem? */
static int
wanted(int n, int k, int i, int sym)
{
	return !sym || k != 1 || i <= n - 1;
}

static int
print_dlx(int n, int sym)
{
	int	 i, k;

	printf("| Langford pairs n=%d (%s)\n", n, sym ? "up to reversal" :
	    "reversals counted separately");
	for (k = 1; k <= n; k++)
		printf("v%d ", k);
	for (i = 1; i <= 2 * n; i++)
		printf("s%d%s", i, i < 2 * n ? " " : "\n");
	for (k = 1; k <= n; k++)
		for (i = 1; i + k + 1 <= 2 * n; i++)
			if (wanted(n, k, i, sym))
				printf("v%d s%d s%d\n", k, i, i + k + 1);
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : -1;
}

static int
count(int n, int sym, uint64_t *total)
{
	struct dlx_wide	 w = { 0, 0 };
	dlx		*d;
	int		 i, k, rc, opt[3];

	/* Items 0..n-1 are the values, n..3n-1 the slots. */
	if ((rc = dlx_new(&d, 3 * (size_t)n, 0, NULL)) != DLX_OK)
		return rc;
	for (k = 1; k <= n; k++)
		for (i = 1; i + k + 1 <= 2 * n; i++) {
			if (!wanted(n, k, i, sym))
				continue;
			opt[0] = k - 1;
			opt[1] = n + i - 1;
			opt[2] = n + i + k;
			if ((rc = dlx_add_option(d, opt, 3)) < 0) {
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
	int		 n, dflag = 0, sflag = 0, rc;
	char		*end;

	for (; argc > 1 && argv[1][0] == '-'; argc--, argv++) {
		if (strcmp(argv[1], "-d") == 0)
			dflag = 1;
		else if (strcmp(argv[1], "-s") == 0)
			sflag = 1;
		else
			break;
	}
	if (argc != 2 || (n = (int)strtol(argv[1], &end, 10)) < 1 ||
	    *end != '\0' || n > 1000) {
		fprintf(stderr, "usage: langford [-d] [-s] N "
		    "(1 <= N <= 1000)\n");
		return 2;
	}
	if (dflag) {
		if (print_dlx(n, sflag) != 0) {
			fprintf(stderr, "langford: write error\n");
			return 2;
		}
		return 0;
	}
	if ((rc = count(n, sflag, &total)) != DLX_OK) {
		fprintf(stderr, "langford: %s\n", dlx_strerror(rc));
		return 2;
	}
	printf("%llu\n", (unsigned long long)total);
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 2;
}
