/*
 * pentomino.c: the twelve pentominoes in a rectangle, as an exact cover
 * (an example of libdlx).
 *
 * Each piece is used once and each cell covered once: the twelve pieces,
 * named by Conway's letters O P Q R S T U V W X Y Z, and the cells, named
 * "ij" for row i and column j (digits, then a..z beyond 9), are all
 * primary items, pieces first, cells row by row.  Putting a piece in one
 * orientation at one place is an option: the piece and its five cells.
 * This is the encoding of Knuth's pentomino files, and on 6x10 the search
 * visits his tree: 3,637,261 nodes (the 9356 solutions counted as nodes,
 * as dlx --stats does) and 1,242,377,480 updates.
 *
 * Known counts (rotations and reflections counted as different / up to
 * symmetry): 6x10 9356/2339, 5x12 4040/1010, 4x15 1472/368, 3x20 8/2.
 *
 * The board 8x8 is Dana Scott's (1958): the 8x8 square less its 2x2
 * centre, also 60 cells.  Its cells keep their names; the four of the
 * hole are no items, and no option covers them.  It has 520 tilings, 65
 * up to symmetry; -s does not apply (a square has 8 symmetries).
 *
 * Up to symmetry (-s): the symmetries of a rectangle that is not a square
 * are the identity, the two reflections in its middle lines and the half
 * turn.  They turn a tiling into 4 distinct ones, because the piece P,
 * which has 8 distinct orientations, lands in 4 distinct orientations.
 * Those 4 are one of the two classes {o, mirror images of o, o turned
 * half}, and the quarter turn of o lies in the other class.  Keeping P
 * only in its first orientation and that turned a quarter keeps exactly
 * one tiling of each 4.
 *
 * Usage: pentomino [-d] [-s] ROWSxCOLS | pentomino [-d] 8x8
 * Without -d, count the tilings with libdlx; with -d, print the problem in
 * Knuth's DLX format.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dlx/dlx.h>

#define NPIECES	12
#define MAXSIDE	36	/* cell names use one base-36 digit per coordinate */

/* Each piece in one orientation, as (row, column) cells. */
static const struct piece {
	char	 name;
	int	 cell[5][2];
} pieces[NPIECES] = {
	{ 'O', { { 0, 0 }, { 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 } } },
	{ 'P', { { 0, 0 }, { 0, 1 }, { 1, 0 }, { 1, 1 }, { 2, 0 } } },
	{ 'Q', { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 }, { 3, 1 } } },
	{ 'R', { { 0, 1 }, { 0, 2 }, { 1, 0 }, { 1, 1 }, { 2, 1 } } },
	{ 'S', { { 0, 0 }, { 0, 1 }, { 1, 1 }, { 1, 2 }, { 1, 3 } } },
	{ 'T', { { 0, 0 }, { 0, 1 }, { 0, 2 }, { 1, 1 }, { 2, 1 } } },
	{ 'U', { { 0, 0 }, { 0, 2 }, { 1, 0 }, { 1, 1 }, { 1, 2 } } },
	{ 'V', { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 2, 1 }, { 2, 2 } } },
	{ 'W', { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 2, 1 }, { 2, 2 } } },
	{ 'X', { { 0, 1 }, { 1, 0 }, { 1, 1 }, { 1, 2 }, { 2, 1 } } },
	{ 'Y', { { 0, 0 }, { 0, 1 }, { 0, 2 }, { 0, 3 }, { 1, 1 } } },
	{ 'Z', { { 0, 0 }, { 0, 1 }, { 1, 1 }, { 2, 1 }, { 2, 2 } } },
};

/* The piece restricted by -s: P has no symmetry of its own. */
#define SYM_PIECE	1

/* One orientation: cells sorted, shifted to touch row 0 and column 0. */
struct shape {
	int	 cell[5][2];
	int	 rows, cols;
};

static int
cmp_cell(const void *a, const void *b)
{
	const int	*x = a, *y = b;

	if (x[0] != y[0])
		return x[0] - y[0];
	return x[1] - y[1];
}

/*
 * The distinct orientations of piece p into out[], in the order: the
 * quarter turns of the piece as given, then those of its mirror image.
 * Returns how many (1, 2, 4 or 8).  For an asymmetric piece out[0] is the
 * piece as given and out[1] that turned a quarter.
 */
static int
orientations(const struct piece *p, struct shape *out)
{
	int	 c[5][2], t, k, m, i, n = 0, j, minr, minc;

	memcpy(c, p->cell, sizeof c);
	for (m = 0; m < 2; m++) {
		for (k = 0; k < 4; k++) {
			struct shape	 s;

			minr = minc = 1000;
			for (i = 0; i < 5; i++) {
				if (c[i][0] < minr)
					minr = c[i][0];
				if (c[i][1] < minc)
					minc = c[i][1];
			}
			s.rows = s.cols = 0;
			for (i = 0; i < 5; i++) {
				s.cell[i][0] = c[i][0] - minr;
				s.cell[i][1] = c[i][1] - minc;
				if (s.cell[i][0] >= s.rows)
					s.rows = s.cell[i][0] + 1;
				if (s.cell[i][1] >= s.cols)
					s.cols = s.cell[i][1] + 1;
			}
			qsort(s.cell, 5, sizeof s.cell[0], cmp_cell);
			for (j = 0; j < n; j++)
				if (memcmp(&out[j], &s, sizeof s) == 0)
					break;
			if (j == n)
				out[n++] = s;
			/* A quarter turn: (r, c) -> (c, -r). */
			for (i = 0; i < 5; i++) {
				t = c[i][0];
				c[i][0] = c[i][1];
				c[i][1] = -t;
			}
		}
		/* The mirror image: (r, c) -> (r, -c). */
		for (i = 0; i < 5; i++)
			c[i][1] = -c[i][1];
	}
	return n;
}

static char
digit(int v)
{
	return "0123456789abcdefghijklmnopqrstuvwxyz"[v];
}

/* Is cell (i, j) in the hole of Scott's board (8x8 less the centre)? */
static int
hole(int rows, int cols, int i, int j)
{
	return rows == 8 && cols == 8 && (i == 3 || i == 4) &&
	    (j == 3 || j == 4);
}

/* The item of cell c = i * cols + j: pieces are items 0..11, then the
 * cells row by row, the hole's skipped. */
static int
cell_item(int rows, int cols, int c)
{
	int	k, n = NPIECES;

	for (k = 0; k < c; k++)
		if (!hole(rows, cols, k / cols, k % cols))
			n++;
	return n;
}

/*
 * Call fn for every option: piece number, then its five cells, cell (i, j)
 * as i * cols + j.  Placements that cover the hole are left out.
 */
static int
each_option(int rows, int cols, int sym,
    int (*fn)(void *, const int *), void *arg)
{
	struct shape	 o[8];
	int		 p, n, k, dr, dc, i, r, c, rc, opt[6];

	for (p = 0; p < NPIECES; p++) {
		n = orientations(&pieces[p], o);
		if (sym && p == SYM_PIECE)
			n = 2;
		for (k = 0; k < n; k++)
			for (dr = 0; dr + o[k].rows <= rows; dr++)
				for (dc = 0; dc + o[k].cols <= cols; dc++) {
					opt[0] = p;
					for (i = 0; i < 5; i++) {
						r = o[k].cell[i][0] + dr;
						c = o[k].cell[i][1] + dc;
						if (hole(rows, cols, r, c))
							break;
						opt[i + 1] = r * cols + c;
					}
					if (i < 5)
						continue;
					if ((rc = fn(arg, opt)) < 0)
						return rc;
				}
	}
	return 0;
}

static int
print_option(void *arg, const int *opt)
{
	int	 cols = *(int *)arg, i, c;

	printf("%c", pieces[opt[0]].name);
	for (i = 1; i < 6; i++) {
		c = opt[i];
		printf(" %c%c", digit(c / cols), digit(c % cols));
	}
	printf("\n");
	return 0;
}

static int
print_dlx(int rows, int cols, int sym)
{
	int	 p, i, j;

	printf("| pentominoes in a %dx%d %s%s\n", rows, cols,
	    hole(rows, cols, 3, 3) ? "square less its 2x2 centre" :
	    "rectangle", sym ? ", up to symmetry" : "");
	for (p = 0; p < NPIECES; p++)
		printf("%c ", pieces[p].name);
	for (i = 0; i < rows; i++)
		for (j = 0; j < cols; j++)
			if (!hole(rows, cols, i, j))
				printf("%c%c%s", digit(i), digit(j),
				    i == rows - 1 && j == cols - 1 ?
				    "\n" : " ");
	each_option(rows, cols, sym, print_option, &cols);
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : -1;
}

struct adder {
	dlx	*d;
	int	 rows, cols;
};

static int
add_option(void *arg, const int *opt)
{
	struct adder	*a = arg;
	int		 items[6], i, rc;

	items[0] = opt[0];
	for (i = 1; i < 6; i++)
		items[i] = cell_item(a->rows, a->cols, opt[i]);
	rc = dlx_add_option(a->d, items, 6);
	return rc < 0 ? rc : 0;
}

static int
count(int rows, int cols, int sym, uint64_t *total)
{
	struct dlx_wide	 w = { 0, 0 };
	struct adder	 a;
	int		 rc;

	/* Every board has 60 cells. */
	if ((rc = dlx_new(&a.d, NPIECES + 60, 0, NULL)) != DLX_OK)
		return rc;
	a.rows = rows;
	a.cols = cols;
	if ((rc = each_option(rows, cols, sym, add_option, &a)) == 0)
		rc = dlx_count(a.d, &w);
	*total = w.lo;			/* far below 2^64 */
	dlx_free(a.d);
	return rc;
}

int
main(int argc, char **argv)
{
	uint64_t	 total;
	int		 rows, cols, dflag = 0, sflag = 0, rc, end;

	for (; argc > 1 && argv[1][0] == '-'; argc--, argv++) {
		if (strcmp(argv[1], "-d") == 0)
			dflag = 1;
		else if (strcmp(argv[1], "-s") == 0)
			sflag = 1;
		else
			break;
	}
	if (argc != 2 || sscanf(argv[1], "%dx%d%n", &rows, &cols, &end) != 2 ||
	    argv[1][end] != '\0' || rows < 1 || cols < 1 ||
	    rows > MAXSIDE || cols > MAXSIDE || (rows * cols != 60 &&
	    !(rows == 8 && cols == 8 && !sflag))) {
		fprintf(stderr, "usage: pentomino [-d] [-s] ROWSxCOLS "
		    "(a rectangle of 60 cells: 6x10, 5x12, 4x15, 3x20, ...)\n"
		    "       pentomino [-d] 8x8 (less its 2x2 centre)\n");
		return 2;
	}
	if (dflag) {
		if (print_dlx(rows, cols, sflag) != 0) {
			fprintf(stderr, "pentomino: write error\n");
			return 2;
		}
		return 0;
	}
	if ((rc = count(rows, cols, sflag, &total)) != DLX_OK) {
		fprintf(stderr, "pentomino: %s\n", dlx_strerror(rc));
		return 2;
	}
	printf("%llu\n", (unsigned long long)total);
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 2;
}
