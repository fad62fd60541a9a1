/*
 * magic.c: the 3x3 magic square as an exact cover with colors (an example
 * of libdlx).
 *
 * Put the digits 1..9 in a 3x3 grid, each once, so that every row, column
 * and diagonal sums to 15.  There are 8 such squares (one, turned and
 * reflected); givens select among them.
 *
 * Name the cells a b c / d e f / g h i, row by row.  Each of the eight
 * lines (rows r1 r2 r3, columns c1 c2 c3, diagonals d1 = a e i and
 * d2 = c e g) is a primary item, and an option fills one line with three
 * distinct digits summing to 15, in one of their 6 orders.  Lines cross, so
 * the options must agree on the shared cells: each cell is a secondary
 * item colored with its digit, and colors let two lines share a cell only
 * if they give it the same digit.  Each digit nD is a secondary item too,
 * colored with the cell that holds it, so no digit is used in two cells.
 * Since every cell lies in some line, every cell gets a digit; since no
 * digit is used twice, the 9 cells hold the 9 digits.  For example
 *
 *	r1 a:2 b:7 c:6 n2:a n7:b n6:c
 *
 * A given digit D at cell x is a primary item gx whose one option fixes the
 * same colors: "gx x:D nD:x".  Every color is one character, so Knuth's
 * DLX2 reads these files as they are.
 *
 * Usage: magic [-d] [GIVENS]
 * GIVENS is 9 characters, the grid row by row, digits and '.' for a blank
 * (default "........."). Without -d, count the squares with libdlx; with
 * -d, print the problem in Knuth's DLX format.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dlx/dlx.h>

/* The eight lines and their cells, numbered 0..8 (a..i) row by row. */
static const struct line {
	const char	*name;
	int		 cell[3];
} lines[8] = {
	{ "r1", { 0, 1, 2 } }, { "r2", { 3, 4, 5 } }, { "r3", { 6, 7, 8 } },
	{ "c1", { 0, 3, 6 } }, { "c2", { 1, 4, 7 } }, { "c3", { 2, 5, 8 } },
	{ "d1", { 0, 4, 8 } }, { "d2", { 2, 4, 6 } },
};

#define CELL(k)		((char)('a' + (k)))

/*
 * Items: lines 0..7, then one per given (8 .. 8+ngivens-1), primary; then
 * the cells P(k), the digits N(d).  Colors: digit d colors a cell with d;
 * cell k colors a digit with k + 1.
 */
#define P(g, k)		(8 + (g) + (k))
#define N(g, d)		(8 + (g) + 9 + (d) - 1)

/* Write the item line of the DLX file. */
static void
print_items(const char *givens)
{
	int	 k;

	printf("| 3x3 magic square, givens %s\n", givens);
	printf("r1 r2 r3 c1 c2 c3 d1 d2");
	for (k = 0; k < 9; k++)
		if (givens[k] != '.')
			printf(" g%c", CELL(k));
	printf(" |");
	for (k = 0; k < 9; k++)
		printf(" %c", CELL(k));
	for (k = 1; k <= 9; k++)
		printf(" n%d", k);
	printf("\n");
}

/* Build the problem with libdlx, or print its options (d == NULL). */
static int
build(dlx *d, const char *givens, int ngivens)
{
	const int	*x;
	int		 l, a, b, c, k, g, rc, it[7], col[7], v[3];

	for (l = 0; l < 8; l++)
		for (a = 1; a <= 9; a++)
			for (b = 1; b <= 9; b++) {
				c = 15 - a - b;
				if (a == b || c < 1 || c > 9 || c == a ||
				    c == b)
					continue;
				x = lines[l].cell;
				v[0] = a;
				v[1] = b;
				v[2] = c;
				if (d == NULL) {
					printf("%s", lines[l].name);
					for (k = 0; k < 3; k++)
						printf(" %c:%d", CELL(x[k]),
						    v[k]);
					for (k = 0; k < 3; k++)
						printf(" n%d:%c", v[k],
						    CELL(x[k]));
					printf("\n");
					continue;
				}
				it[0] = l;
				col[0] = 0;
				for (k = 0; k < 3; k++) {
					it[1 + k] = P(ngivens, x[k]);
					col[1 + k] = v[k];
					it[4 + k] = N(ngivens, v[k]);
					col[4 + k] = x[k] + 1;
				}
				if ((rc = dlx_add_option_colored(d, it, col,
				    7)) < 0)
					return rc;
			}
	for (k = 0, g = 0; k < 9; k++) {
		if (givens[k] == '.')
			continue;
		a = givens[k] - '0';
		if (d == NULL)
			printf("g%c %c:%d n%d:%c\n", CELL(k), CELL(k), a, a,
			    CELL(k));
		else {
			it[0] = 8 + g;
			col[0] = 0;
			it[1] = P(ngivens, k);
			col[1] = a;
			it[2] = N(ngivens, a);
			col[2] = k + 1;
			if ((rc = dlx_add_option_colored(d, it, col, 3)) < 0)
				return rc;
		}
		g++;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	const char	*givens = ".........";
	struct dlx_wide	 total;
	dlx		*d;
	int		 dflag = 0, ngivens = 0, k, rc;

	if (argc > 1 && strcmp(argv[1], "-d") == 0) {
		dflag = 1;
		argc--, argv++;
	}
	if (argc > 2 || (argc == 2 && strlen(argv[1]) != 9)) {
		fprintf(stderr, "usage: magic [-d] [GIVENS]\n");
		return 2;
	}
	if (argc == 2)
		givens = argv[1];
	for (k = 0; k < 9; k++) {
		if (givens[k] == '.')
			continue;
		if (givens[k] < '1' || givens[k] > '9') {
			fprintf(stderr, "magic: GIVENS: 9 of 1-9 or '.'\n");
			return 2;
		}
		ngivens++;
	}
	if (dflag) {
		print_items(givens);
		build(NULL, givens, ngivens);
		if (fflush(stdout) != 0 || ferror(stdout)) {
			fprintf(stderr, "magic: write error\n");
			return 2;
		}
		return 0;
	}
	if ((rc = dlx_new(&d, 8 + (size_t)ngivens, 18, NULL)) != DLX_OK) {
		fprintf(stderr, "magic: %s\n", dlx_strerror(rc));
		return 2;
	}
	if ((rc = build(d, givens, ngivens)) == 0)
		rc = dlx_count(d, &total);
	dlx_free(d);
	if (rc != DLX_OK) {
		fprintf(stderr, "magic: %s\n", dlx_strerror(rc));
		return 2;
	}
	printf("%llu\n", (unsigned long long)total.lo);
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 2;
}
