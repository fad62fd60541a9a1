/*
 * sudoku_ref.c: the reference solver of sudoku_ref.h.  Deliberately
 * simple: masks of the symbols used per row, column and box, and a
 * recursive search on the empty cell with the fewest candidates.
 */
#include <string.h>

#include "sudoku_ref.h"

#define CELLS	(REF_MAXN * REF_MAXN)

struct ref {
	int		 br, bc, n;
	int		 g[CELLS];	/* the grid being filled */
	unsigned	 row[REF_MAXN], col[REF_MAXN], box[REF_MAXN];
	int		 count, max;
	int		*sol;
};

static int
boxof(const struct ref *r, int c)
{
	return c / r->n / r->br * r->br + c % r->n / r->bc;
}

static unsigned
freeof(const struct ref *r, int c)
{
	return ~(r->row[c / r->n] | r->col[c % r->n] | r->box[boxof(r, c)]) &
	    ((1u << r->n) - 1);
}

static int
ones(unsigned x)
{
	int	 k;

	for (k = 0; x != 0; k++)
		x &= x - 1;
	return k;
}

static void
set(struct ref *r, int c, int s, int on)
{
	unsigned	 b = 1u << (s - 1);

	r->g[c] = on ? s : 0;
	if (on) {
		r->row[c / r->n] |= b;
		r->col[c % r->n] |= b;
		r->box[boxof(r, c)] |= b;
	} else {
		r->row[c / r->n] &= ~b;
		r->col[c % r->n] &= ~b;
		r->box[boxof(r, c)] &= ~b;
	}
}

/* Cell i of house h: rows, then columns, then boxes. */
static int
cellof(const struct ref *r, int h, int i)
{
	int	 n = r->n, b;

	if (h < n)
		return h * n + i;
	if (h < 2 * n)
		return i * n + h - n;
	b = h - 2 * n;
	return (b / r->br * r->br + i / r->bc) * n + b % r->br * r->bc +
	    i % r->bc;
}

/*
 * Branch on what has the fewest possibilities: an empty cell (its free
 * symbols) or a symbol missing from a house (its free cells).  Without
 * the second kind hard puzzles take seconds instead of milliseconds.
 */
static void
search(struct ref *r)
{
	unsigned	 f;
	int		 n = r->n, c, s, h, i, k;
	int		 best = n + 1, bcell = -1, bhouse = -1, bsym = 0;
	int		 cells[REF_MAXN];

	for (c = 0; c < n * n; c++) {
		if (r->g[c] != 0)
			continue;
		if ((k = ones(freeof(r, c))) < best) {
			best = k;
			bcell = c;
			if (k == 0)
				return;
		}
	}
	if (bcell < 0) {
		if (r->count++ == 0 && r->sol != NULL)
			memcpy(r->sol, r->g, n * n * sizeof *r->g);
		return;
	}
	for (h = 0; h < 3 * n && best > 1; h++)
		for (s = 1; s <= n; s++) {
			for (k = i = 0; i < n && k < best; i++) {
				c = cellof(r, h, i);
				if (r->g[c] == s)
					break;
				if (r->g[c] == 0 &&
				    (freeof(r, c) & (1u << (s - 1))))
					k++;
			}
			if (i == n && k < best) {
				best = k;
				bhouse = h;
				bsym = s;
				if (k == 0)
					return;
			}
		}
	if (bhouse < 0) {
		f = freeof(r, bcell);
		for (s = 1; s <= n && r->count < r->max; s++) {
			if (!(f & (1u << (s - 1))))
				continue;
			set(r, bcell, s, 1);
			search(r);
			set(r, bcell, s, 0);
		}
		return;
	}
	for (k = i = 0; i < n; i++) {
		c = cellof(r, bhouse, i);
		if (r->g[c] == 0 && (freeof(r, c) & (1u << (bsym - 1))))
			cells[k++] = c;
	}
	for (i = 0; i < k && r->count < r->max; i++) {
		set(r, cells[i], bsym, 1);
		search(r);
		set(r, cells[i], bsym, 0);
	}
}

int
ref_solve(int boxrows, int boxcols, const int *grid, int *sol, int max)
{
	struct ref	 r;
	unsigned	 b;
	int		 c;

	memset(&r, 0, sizeof r);
	r.br = boxrows;
	r.bc = boxcols;
	r.n = boxrows * boxcols;
	r.max = max;
	r.sol = sol;
	for (c = 0; c < r.n * r.n; c++) {
		if ((r.g[c] = grid[c]) == 0)
			continue;
		b = 1u << (grid[c] - 1);
		if ((r.row[c / r.n] | r.col[c % r.n] | r.box[boxof(&r, c)]) & b)
			return 0;
		r.row[c / r.n] |= b;
		r.col[c % r.n] |= b;
		r.box[boxof(&r, c)] |= b;
	}
	search(&r);
	return r.count;
}

int
ref_parse(const char *line, int *grid, int *boxrows, int *boxcols)
{
	static const int shapes[][2] = {
		{ 2, 2 }, { 2, 3 }, { 2, 4 }, { 3, 3 }, { 3, 4 }, { 4, 4 },
		{ 4, 5 }, { 5, 5 }
	};
	static const char alpha[] = "123456789ABCDEFGHIJKLMNOP";
	const char	*p;
	size_t		 len, k;
	int		 n = 0, c;

	len = strcspn(line, "\r\n");
	for (k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
		n = shapes[k][0] * shapes[k][1];
		if ((size_t)(n * n) == len)
			break;
	}
	if (k == sizeof shapes / sizeof shapes[0])
		return -1;
	for (c = 0; c < n * n; c++) {
		if (strchr("._0", line[c]) != NULL) {
			grid[c] = 0;
			continue;
		}
		if ((p = strchr(alpha, line[c])) == NULL || p - alpha >= n)
			return -1;
		grid[c] = (int)(p - alpha) + 1;
	}
	*boxrows = shapes[k][0];
	*boxcols = shapes[k][1];
	return n;
}
