/*
 * sudoku2dlx.c: write a sudoku puzzle as a problem in Knuth's DLX format,
 * so that the generic program dlx can solve it and be checked against
 * dlx-sudoku.
 *
 * An N x N sudoku (boxes of R rows and C columns, N = R * C) is the classic
 * exact cover of 4 N^2 primary items:
 *	pij	cell (i, j) holds a digit,
 *	rid	row i holds digit d,
 *	cjd	column j holds digit d,
 *	bkd	box k holds digit d,
 * and an option "pij rid cjd bkd" for each digit d of each cell (i, j),
 * where k = (i / R) * R + j / C numbers the boxes row by row.  Rows,
 * columns and boxes count from 0, digits from 1; each is one character
 * (digits, then letters).  A given is written by leaving out the other
 * digits of its cell: the file stays a plain exact cover.
 *
 * Usage: sudoku2dlx [-d] PUZZLE
 * PUZZLE is one line of N*N cells row by row: 1-9 then A-Z for digits,
 * '.' or '0' for a blank.  N is 4, 6, 8, 9, 10, 12, 15, 16, 20, 25, ...
 * up to 35, and the boxes are as square as N allows (6: 2x3, 9: 3x3).
 */
#include <stdio.h>
#include <string.h>

#define MAXN	35

static const char	 sym[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/* Value of a cell: 0 blank, 1..N a digit, -1 bad. */
static int
cell_value(char ch, int n)
{
	const char	*p;

	if (ch == '.' || ch == '0')
		return 0;
	if (ch >= 'a' && ch <= 'z')
		ch = (char)(ch - 'a' + 'A');
	if ((p = strchr(sym + 1, ch)) == NULL || ch == '\0' || p - sym > n)
		return -1;
	return (int)(p - sym);
}

int
main(int argc, char **argv)
{
	const char	*puz;
	size_t		 len;
	int		 n, br, bc, i, j, d, v, k;

	/* -d (write the DLX file) is what this example always does; it is
	 * accepted so that all the examples can be called alike. */
	if (argc > 1 && strcmp(argv[1], "-d") == 0)
		argc--, argv++;
	if (argc != 2) {
		fprintf(stderr, "usage: sudoku2dlx [-d] PUZZLE\n");
		return 2;
	}
	puz = argv[1];
	len = strlen(puz);
	for (n = 1; n <= MAXN && (size_t)(n * n) < len; n++)
		;
	if (n > MAXN || (size_t)(n * n) != len || n < 2) {
		fprintf(stderr, "sudoku2dlx: %zu cells is not N*N for N in "
		    "2..%d\n", len, MAXN);
		return 2;
	}
	/* Boxes br x bc with br the largest divisor of n up to its root. */
	for (br = 1, k = 1; k * k <= n; k++)
		if (n % k == 0)
			br = k;
	bc = n / br;
	if (br == 1) {
		fprintf(stderr, "sudoku2dlx: no boxes for N = %d\n", n);
		return 2;
	}
	for (k = 0; k < n * n; k++)
		if (cell_value(puz[k], n) < 0) {
			fprintf(stderr, "sudoku2dlx: bad cell '%c' at %d\n",
			    puz[k], k + 1);
			return 2;
		}

	printf("| sudoku %dx%d, boxes %dx%d: ", n, n, br, bc);
	for (k = 0; k < n * n; k++)
		putchar(cell_value(puz[k], n) == 0 ? '.' : puz[k]);
	putchar('\n');
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			printf("%sp%c%c", i + j > 0 ? " " : "", sym[i], sym[j]);
	for (k = 0; k < 3; k++)
		for (i = 0; i < n; i++)
			for (d = 1; d <= n; d++)
				printf(" %c%c%c", "rcb"[k], sym[i], sym[d]);
	putchar('\n');
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			v = cell_value(puz[i * n + j], n);
			for (d = 1; d <= n; d++)
				if (v == 0 || v == d)
					printf("p%c%c r%c%c c%c%c b%c%c\n",
					    sym[i], sym[j], sym[i], sym[d],
					    sym[j], sym[d],
					    sym[(i / br) * br + j / bc],
					    sym[d]);
		}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "sudoku2dlx: write error\n");
		return 2;
	}
	return 0;
}
