/*
 * problems.c: builders of exact cover problems whose answers are known
 * (see problems.h), and small random ones with a brute force to know
 * theirs.  They go through the public API only, and check every return
 * value: a builder that fails frees what it made and returns NULL.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "problems.h"

/* Add an uncolored option; on failure free d and clear it. */
static void
add(dlx **dp, const int *items, size_t n)
{
	if (*dp != NULL && dlx_add_option(*dp, items, n) < 0) {
		dlx_free(*dp);
		*dp = NULL;
	}
}

/* Add a colored option; on failure free d and clear it. */
static void
add_colored(dlx **dp, const int *items, const int *colors, size_t n)
{
	if (*dp != NULL &&
	    dlx_add_option_colored(*dp, items, colors, n) < 0) {
		dlx_free(*dp);
		*dp = NULL;
	}
}

dlx *
problem_knuth(void)
{
	/* A=0 B=1 C=2 D=3 E=4 F=5 G=6, as in the paper's figure. */
	static const int o0[] = { 2, 4, 5 }, o1[] = { 0, 3, 6 },
	    o2[] = { 1, 2, 5 }, o3[] = { 0, 3 }, o4[] = { 1, 6 },
	    o5[] = { 3, 4, 6 };
	static const char *names[] = { "A", "B", "C", "D", "E", "F", "G" };
	dlx	*d;
	int	 i;

	if (dlx_new(&d, 7, 0, NULL) != DLX_OK)
		return NULL;
	for (i = 0; i < 7; i++) {
		if (dlx_set_item_name(d, i, names[i]) != DLX_OK) {
			dlx_free(d);
			return NULL;
		}
	}
	add(&d, o0, 3);
	add(&d, o1, 3);
	add(&d, o2, 3);
	add(&d, o3, 2);
	add(&d, o4, 2);
	add(&d, o5, 3);
	return d;
}

dlx *
problem_queens(int n)
{
	dlx	*d;
	int	 r, c, it[4];

	if (n < 1 || dlx_new(&d, 2 * n, 2 * (2 * n - 1), NULL) != DLX_OK)
		return NULL;
	for (r = 0; r < n; r++) {
		for (c = 0; c < n; c++) {
			it[0] = 2 * r;
			it[1] = 2 * c + 1;
			it[2] = 2 * n + r + c;
			it[3] = 2 * n + (2 * n - 1) + r - c + n - 1;
			add(&d, it, 4);
		}
	}
	return d;
}

dlx *
problem_langford(int n)
{
	dlx	*d;
	int	 i, j, it[3];

	if (n < 1 || dlx_new(&d, 3 * n, 0, NULL) != DLX_OK)
		return NULL;
	/* vi is item i-1; sj is item n+j-1. */
	for (i = 1; i <= n; i++) {
		for (j = 1; j + i + 1 <= 2 * n; j++) {
			it[0] = i - 1;
			it[1] = n + j - 1;
			it[2] = n + j + i;
			add(&d, it, 3);
		}
	}
	return d;
}

int
sudoku_option(int n, int r, int c, int d)
{
	int	N = n * n;

	return (r * N + c) * N + d - 1;
}

dlx *
problem_sudoku(int n)
{
	dlx	*d;
	int	 N = n * n, r, c, v, it[4];

	if (n < 1 || dlx_new(&d, 4 * N * N, 0, NULL) != DLX_OK)
		return NULL;
	for (r = 0; r < N; r++) {
		for (c = 0; c < N; c++) {
			for (v = 0; v < N; v++) {
				it[0] = r * N + c;
				it[1] = N * N + r * N + v;
				it[2] = 2 * N * N + c * N + v;
				it[3] = 3 * N * N +
				    ((r / n) * n + c / n) * N + v;
				add(&d, it, 4);
			}
		}
	}
	return d;
}

/*
 * The 3x3 magic square (digits 1..9 once each, every row, column and
 * diagonal summing to 15), written with colors.
 *
 * Primary items 0..7 are the eight lines (rows 0-2, columns 3-5, diagonal
 * 6, anti-diagonal 7): each gets exactly one option, which fills the line.
 * Secondary items 8..16 are the cells, colored by the digit they hold:
 * lines that cross share a cell, and its color forces them to agree on
 * that digit.  Secondary items 17..25 are the digits, colored by the cell
 * (1..9) that holds them: two lines placing the same digit must place it
 * in the same cell, so no digit appears twice in the grid.
 *
 * For each line there is one option per ordered triple (a, b, c) of
 * distinct digits with a+b+c = 15: eight sets, six orders, 48 options, so
 * option number o fills line o/48 with triple o%48.  The three rows
 * already give every cell a digit and the digits are pairwise distinct, so
 * each solution is a magic square and each magic square is exactly one
 * solution: there are 8 (the Lo Shu square, rotated and reflected).
 */
#define MAGIC_NTRIPLES	48

static const int magic_line[8][3] = {
	{ 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 },
	{ 0, 3, 6 }, { 1, 4, 7 }, { 2, 5, 8 },
	{ 0, 4, 8 }, { 2, 4, 6 },
};

/* The ordered triples of distinct digits summing to 15, a fixed order. */
static int
magic_triples(int t[][3])
{
	int	a, b, c, n = 0;

	for (a = 1; a <= 9; a++)
		for (b = 1; b <= 9; b++) {
			c = 15 - a - b;
			if (c < 1 || c > 9 || a == b || b == c || a == c)
				continue;
			t[n][0] = a;
			t[n][1] = b;
			t[n][2] = c;
			n++;
		}
	return n;
}

dlx *
problem_magic(void)
{
	int	 t[64][3], items[7], colors[7], nt, l, k, j;
	dlx	*d;

	if ((nt = magic_triples(t)) != MAGIC_NTRIPLES)
		return NULL;
	if (dlx_new(&d, 8, 18, NULL) != DLX_OK)
		return NULL;
	for (l = 0; l < 8; l++) {
		for (k = 0; k < nt; k++) {
			items[0] = l;
			colors[0] = 0;
			for (j = 0; j < 3; j++) {
				/* The cell gets the digit as its color... */
				items[1 + j] = 8 + magic_line[l][j];
				colors[1 + j] = t[k][j];
				/* ...and the digit gets the cell. */
				items[4 + j] = 17 + t[k][j] - 1;
				colors[4 + j] = magic_line[l][j] + 1;
			}
			add_colored(&d, items, colors, 7);
		}
	}
	return d;
}

int
magic_decode(const int *options, size_t n, int grid[9])
{
	int	 t[64][3], cell, l, k, j;
	size_t	 i;

	magic_triples(t);
	memset(grid, 0, 9 * sizeof grid[0]);
	for (i = 0; i < n; i++) {
		if (options[i] < 0 || options[i] >= 8 * MAGIC_NTRIPLES)
			return -1;
		l = options[i] / MAGIC_NTRIPLES;
		k = options[i] % MAGIC_NTRIPLES;
		for (j = 0; j < 3; j++) {
			cell = magic_line[l][j];
			if (grid[cell] != 0 && grid[cell] != t[k][j])
				return -1;
			grid[cell] = t[k][j];
		}
	}
	for (j = 0; j < 9; j++)
		if (grid[j] == 0)
			return -1;
	return 0;
}

/* The pentominoes' cells (row, column) in one orientation each. */
static const int pent_cells[12][5][2] = {
	{ {0, 1}, {0, 2}, {1, 0}, {1, 1}, {2, 1} },	/* F */
	{ {0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4} },	/* I */
	{ {0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 1} },	/* L */
	{ {0, 0}, {1, 0}, {1, 1}, {2, 1}, {3, 1} },	/* N */
	{ {0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0} },	/* P */
	{ {0, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 1} },	/* T */
	{ {0, 0}, {0, 2}, {1, 0}, {1, 1}, {1, 2} },	/* U */
	{ {0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2} },	/* V */
	{ {0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2} },	/* W */
	{ {0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 1} },	/* X */
	{ {0, 1}, {1, 0}, {1, 1}, {2, 1}, {3, 1} },	/* Y */
	{ {0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 2} }	/* Z */
};

/* Piece p turned by t (0..7: a reflection if t & 4, then t & 3 quarter
 * turns), moved to row and column 0: its cells as bits 5 * row +
 * column. */
static unsigned
pent_shape(int p, int t)
{
	int		 r[5], c[5], k, x, y, mr = 99, mc = 99;
	unsigned	 bits = 0;

	for (k = 0; k < 5; k++) {
		r[k] = pent_cells[p][k][0];
		c[k] = (t & 4) ? -pent_cells[p][k][1] : pent_cells[p][k][1];
		for (x = 0; x < (t & 3); x++) {
			y = r[k];
			r[k] = c[k];
			c[k] = -y;
		}
		mr = r[k] < mr ? r[k] : mr;
		mc = c[k] < mc ? c[k] : mc;
	}
	for (k = 0; k < 5; k++)
		bits |= 1u << (5 * (r[k] - mr) + (c[k] - mc));
	return bits;
}

dlx *
problem_pentomino(int rows, int cols)
{
	unsigned	 seen[8];
	int		 p, t, u, i, j, k, n, dup, it[6];
	dlx		*d;

	if (rows < 1 || cols < 1 || rows * cols != 60 ||
	    dlx_new(&d, 72, 0, NULL) != DLX_OK)
		return NULL;
	for (p = 0; p < 12; p++) {
		for (t = n = 0; t < 8; t++) {
			seen[n] = pent_shape(p, t);
			for (dup = 0, u = 0; u < n; u++)
				dup |= seen[u] == seen[n];
			if (dup)
				continue;
			for (i = 0; i < rows; i++)
				for (j = 0; j < cols; j++) {
					it[0] = p;
					for (k = 0, u = 1; k < 25 && u <= 5;
					    k++) {
						if (!(seen[n] >> k & 1))
							continue;
						if (i + k / 5 >= rows ||
						    j + k % 5 >= cols)
							break;
						it[u++] = 12 + (i + k / 5) *
						    cols + j + k % 5;
					}
					if (u == 6)
						add(&d, it, 6);
				}
			n++;
		}
	}
	return d;
}

/*
 * The reader of problem_read().  Names and colors live in small tables
 * searched linearly: the test files have a few dozen items.
 */
#define READ_MAXITEMS	256
#define READ_MAXLINE	4096

struct reader {
	char	 names[READ_MAXITEMS][16];	/* item names, in order */
	int	 nitems;
	char	 colors[READ_MAXITEMS][16];	/* color k+1 is colors[k] */
	int	 ncolors;
};

/* Split line into blank-separated words in place; returns their number. */
static int
split(char *line, char **w, int max)
{
	int	n = 0;

	for (;;) {
		while (isspace((unsigned char)*line))
			*line++ = '\0';
		if (*line == '\0' || n == max)
			return n;
		w[n++] = line;
		while (*line != '\0' && !isspace((unsigned char)*line))
			line++;
	}
}

static int
lookup(char tab[][16], int n, const char *s)
{
	int	i;

	for (i = 0; i < n; i++)
		if (strcmp(tab[i], s) == 0)
			return i;
	return -1;
}

/* Parse one option line into d; returns 0, or -1 on any error. */
static int
read_option(struct reader *rd, dlx *d, char **w, int nw)
{
	int	 items[READ_MAXITEMS], colors[READ_MAXITEMS], i, k;
	char	*colon;

	for (i = 0; i < nw; i++) {
		colors[i] = 0;
		if ((colon = strchr(w[i], ':')) != NULL) {
			*colon++ = '\0';
			if (strlen(colon) >= 16)
				return -1;
			k = lookup(rd->colors, rd->ncolors, colon);
			if (k < 0) {
				if (rd->ncolors == READ_MAXITEMS)
					return -1;
				k = rd->ncolors++;
				strcpy(rd->colors[k], colon);
			}
			colors[i] = k + 1;
		}
		if ((items[i] = lookup(rd->names, rd->nitems, w[i])) < 0)
			return -1;
	}
	return dlx_add_option_colored(d, items, colors, nw) < 0 ? -1 : 0;
}

dlx *
problem_read(const char *path)
{
	static struct reader	 zero;
	struct reader		*rd;
	FILE			*f;
	char			 line[READ_MAXLINE], *w[READ_MAXITEMS];
	dlx			*d = NULL;
	int			 nw, i, nprimary = -1, bad = 0;

	if ((rd = malloc(sizeof *rd)) == NULL)
		return NULL;
	*rd = zero;
	if ((f = fopen(path, "r")) == NULL) {
		free(rd);
		return NULL;
	}
	while (!bad && fgets(line, sizeof line, f) != NULL) {
		if (strchr(line, '\n') == NULL && !feof(f)) {
			bad = 1;	/* line too long */
			break;
		}
		nw = split(line, w, READ_MAXITEMS);
		if (nw == 0 || w[0][0] == '|')
			continue;
		if (d != NULL) {
			bad = read_option(rd, d, w, nw) != 0;
			continue;
		}
		/* The first line: the items. */
		for (i = 0; i < nw && !bad; i++) {
			if (strcmp(w[i], "|") == 0) {
				bad = nprimary >= 0;
				nprimary = rd->nitems;
			} else if (strlen(w[i]) >= 16 ||
			    lookup(rd->names, rd->nitems, w[i]) >= 0)
				bad = 1;
			else
				strcpy(rd->names[rd->nitems++], w[i]);
		}
		if (bad)
			break;
		if (nprimary < 0)
			nprimary = rd->nitems;
		if (dlx_new(&d, nprimary, rd->nitems - nprimary, NULL) !=
		    DLX_OK)
			bad = 1;
		for (i = 0; !bad && i < rd->nitems; i++)
			bad = dlx_set_item_name(d, i, rd->names[i]) != DLX_OK;
	}
	if (ferror(f) || d == NULL)
		bad = 1;
	fclose(f);
	free(rd);
	if (bad) {
		dlx_free(d);
		return NULL;
	}
	return d;
}

dlx *
problem_numbered(int i)
{
	switch (i) {
	case 0:
		return problem_queens(8);
	case 1:
		return problem_sudoku(2);
	case 2:
		return problem_langford(8);
	default:
		return problem_magic();
	}
}

uint64_t
problem_rnd64(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

int
problem_rnd(uint64_t *s, int n)
{
	return (int)(problem_rnd64(s) % (uint64_t)n);
}

void
problem_small_gen(uint64_t *s, struct problem_small *p, int maxp, int colors,
    int bounds)
{
	int	o, k, i;

	p->np = 1 + problem_rnd(s, maxp);
	p->ns = problem_rnd(s, PROBLEM_SMALL_MAXS + 1);
	p->no = 1 + problem_rnd(s, PROBLEM_SMALL_MAXO);
	p->bounds = bounds;
	for (k = 0; k < p->np; k++) {
		p->lo[k] = p->hi[k] = 1;
		if (!bounds)
			continue;
		p->hi[k] = problem_rnd(s, 10) == 0 ? 0 : 1 + problem_rnd(s, 3);
		p->lo[k] = problem_rnd(s, p->hi[k] + 1);
	}
	for (o = 0; o < p->no; o++) {
		p->n[o] = 0;
		/* At least one primary item: start from a random one. */
		i = problem_rnd(s, p->np);
		for (k = 0; k < p->np + p->ns; k++) {
			if (k != i && problem_rnd(s, 3) != 0)
				continue;
			p->item[o][p->n[o]] = k;
			p->color[o][p->n[o]] = k >= p->np && colors ?
			    problem_rnd(s, 3) : 0;
			p->n[o]++;
		}
	}
}

int
problem_small_valid(const struct problem_small *p, uint32_t mask, int full)
{
	int	cnt[PROBLEM_SMALL_MAXP + PROBLEM_SMALL_MAXS];
	int	col[PROBLEM_SMALL_MAXP + PROBLEM_SMALL_MAXS];
	int	o, k, it, c;

	memset(cnt, 0, sizeof cnt);
	memset(col, 0, sizeof col);
	for (o = 0; o < p->no; o++) {
		if (!(mask & (1u << o)))
			continue;
		for (k = 0; k < p->n[o]; k++) {
			it = p->item[o][k];
			c = p->color[o][k];
			cnt[it]++;
			if (it < p->np)
				continue;
			/* col: 0 unused, -1 taken uncolored, else a color. */
			if (cnt[it] == 1)
				col[it] = c == 0 ? -1 : c;
			else if (c == 0 || col[it] != c)
				return 0;
		}
	}
	for (k = 0; k < p->np; k++)
		if (cnt[k] > p->hi[k] || (full && cnt[k] < p->lo[k]))
			return 0;
	return 1;
}

uint64_t
problem_small_count(const struct problem_small *p)
{
	uint64_t	n = 0;
	uint32_t	mask;

	for (mask = 0; mask < (1u << p->no); mask++)
		n += (uint64_t)problem_small_valid(p, mask, 1);
	return n;
}

dlx *
problem_small_build(const struct problem_small *p, int nb)
{
	int	 item[PROBLEM_SMALL_MAXP + PROBLEM_SMALL_MAXS];
	int	 color[PROBLEM_SMALL_MAXP + PROBLEM_SMALL_MAXS];
	int	*pbase, *sbase, np = 0, ns = 0, j, o, k, it, next = 0, more;
	dlx	*d = NULL;

	pbase = malloc(2 * (size_t)nb * sizeof *pbase);
	if (pbase == NULL)
		return NULL;
	sbase = pbase + nb;
	for (j = 0; j < nb; j++) {
		pbase[j] = np;
		sbase[j] = ns;
		np += p[j].np;
		ns += p[j].ns;
	}
	if (dlx_new(&d, (size_t)np, (size_t)ns, NULL) != DLX_OK) {
		free(pbase);
		return NULL;
	}
	for (j = 0; j < nb && d != NULL; j++)
		for (k = 0; k < p[j].np && p[j].bounds && d != NULL; k++)
			if (dlx_set_item_bounds(d, pbase[j] + k, p[j].lo[k],
			    p[j].hi[k]) != DLX_OK) {
				dlx_free(d);
				d = NULL;
			}
	for (o = 0, more = 1; more && d != NULL; o++) {
		more = 0;
		for (j = 0; j < nb && d != NULL; j++) {
			if (o >= p[j].no)
				continue;
			more = 1;
			for (k = 0; k < p[j].n[o]; k++) {
				it = p[j].item[o][k];
				item[k] = it < p[j].np ? pbase[j] + it :
				    np + sbase[j] + it - p[j].np;
				color[k] = p[j].color[o][k];
			}
			if (dlx_add_option_colored(d, item, color,
			    (size_t)p[j].n[o]) != next++) {
				dlx_free(d);
				d = NULL;
			}
		}
	}
	free(pbase);
	return d;
}

int
problem_trace_visit(void *arg, const int *options, size_t n)
{
	struct problem_trace	*t = arg;
	size_t			 k;

	t->n++;
	for (k = 0; k < n; k++)
		t->hash = (t->hash ^ (uint64_t)options[k]) * 1099511628211u;
	t->hash = (t->hash ^ 0xffu) * 1099511628211u;
	return 0;
}
