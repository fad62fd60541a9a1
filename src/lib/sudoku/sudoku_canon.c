/*
 * sudoku_canon.c: the canonical ("minlex") form of a classic 9x9 puzzle
 * under the 3,359,232 symmetries of the grid and the relabellings of its
 * digits (dlx_sudoku.h says what the form is).
 *
 * Trying every symmetry would take seconds a puzzle.  Instead the result
 * is built a row at a time, keeping every partial transformation whose
 * rows so far are the least possible, the candidates: since the order is
 * that of the cells in reading order, the least result begins with the
 * least first row any transformation can give, continues with the least
 * second row any transformation with that first row can give, and so on.
 * A candidate fixes the transposition, the puzzle's rows put in the
 * result's rows so far, and the relabelling of the digits met so far
 * (first met, first numbered); of the columns it fixes only what the
 * rows so far tell apart.  That is what keeps the candidates few:
 *
 *   - a stack of three columns blank in every row so far is any of the
 *     pool of such stacks, which fill the leftmost slots (the result's
 *     stacks) in any order: their cells so far are all 0, the least;
 *   - within a stack, the columns blank in every row so far come first,
 *     in any order (the free columns); the others are fixed.
 *
 * Two columns, or two stacks, that any transformation may swap and still
 * give the same rows so far hold the same digits in those rows, which
 * for a valid puzzle (no digit twice in a row) means that they are blank
 * there: so these two kinds of freedom are all there is, and the columns
 * of a candidate are a set of column maps of this shape.  The rows of the
 * result's next row are then made the least they can be by a small
 * search over the freedom: the pool's stacks with a digit in the row
 * after those without, in every order; in each group of free columns the
 * blanks first (they stay free), then the digits already numbered in
 * ascending order, then the new ones, which get the next numbers in
 * every order (the row reads the same, but later rows may not: each order
 * is a candidate of its own).  The candidates giving the least row go on
 * to the next.
 *
 * The candidates left after the ninth row are all the transformations
 * giving the canonical form, each standing for the column maps of its
 * freedom; their number is the number of automorphisms.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx_sudoku.h"
#include "lib/core/alloc.h"

#define NBIG	0xff		/* above every cell value: no row yet */

/*
 * A partial transformation.  Slots are the result's stacks (0..2), the
 * stacks and columns the puzzle's (after transposition when t is set).
 * Slots 0..zs-1 hold the pool: the stacks blank in every row so far, in
 * any order, and any order of their columns.  A slot s >= zs holds stack
 * stk[s] with its columns in col[3s..3s+2], of which the first z[s] are
 * blank in every row so far and may come in any order.
 */
struct cand {
	uint16_t	 used;		/* the puzzle's rows taken so far */
	uint8_t		 t;		/* 1: the puzzle transposed */
	uint8_t		 zs;		/* stacks in the pool */
	uint8_t		 nlab;		/* digits numbered so far */
	uint8_t		 rows[9];	/* the puzzle's row in each row of the
					   result so far */
	uint8_t		 stk[3];	/* stack in each slot */
	uint8_t		 z[3];		/* free columns in each fixed slot */
	uint8_t		 col[9];	/* columns of each fixed slot */
	uint8_t		 lab[10];	/* the puzzle's digit -> its number,
					   0 when not met yet */
};

/* A list of candidates, grown as needed. */
struct clist {
	struct cand	*c;
	size_t		 n, cap;
};

struct dlx_sudoku_canon {
	struct dlx_allocator	 mem;
	struct clist		 a, b;	/* this row's and the next's */
};

/* The extension of one candidate by one row of the puzzle: the search
 * over its freedom. */
struct ext {
	dlx_sudoku_canon	*cn;
	const uint8_t		*row;	/* the puzzle's row: 9 cells */
	const struct cand	*from;	/* the candidate extended */
	struct cand		 to;	/* the one being made */
	uint8_t			*best;	/* the least row so far, 9 cells */
	uint8_t			 out[9]; /* the row being made */
	uint8_t			 nb;	/* pool stacks blank in the row: they
					   stay the pool, slots 0..nb-1 */
	uint8_t			 nn;	/* pool stacks with a digit in it */
	uint8_t			 pn[3];	/* those, to go in slots nb..zs-1 */
	uint8_t			 taken;	/* which of pn[] are placed */
	int			 rc;	/* DLX_ENOMEM once out of memory */
};

/* Append c to l, growing it; DLX_ENOMEM (l unchanged) when out of
 * memory. */
static int
push(dlx_sudoku_canon *cn, struct clist *l, const struct cand *c)
{
	struct cand	*p;
	size_t		 cap;

	if (l->n == l->cap) {
		cap = l->cap == 0 ? 64 : 2 * l->cap;
		if ((p = mem_realloc(&cn->mem, l->c, cap, sizeof *p)) == NULL)
			return DLX_ENOMEM;
		l->c = p;
		l->cap = cap;
	}
	l->c[l->n++] = *c;
	return DLX_OK;
}

/* Compare the row made so far, cells 0..end-1, with the best row: <0, 0
 * or >0 as memcmp() (which, called for these few bytes, cost more than
 * the rest of the search for complete grids). */
static inline int
against(const struct ext *x, int end)
{
	int	 i;

	for (i = 0; i < end; i++)
		if (x->out[i] != x->best[i])
			return x->out[i] < x->best[i] ? -1 : 1;
	return 0;
}

/* The orders of the first n of three things: n! of them. */
static const uint8_t	 perms[4][6][3] = {
	{ { 0 } },
	{ { 0 } },
	{ { 0, 1 }, { 1, 0 } },
	{ { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
	  { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } }
};
static const int	 nperms[4] = { 1, 1, 2, 6 };

static void	slot(struct ext *, int);

/*
 * Place the columns cols[0..n-1] at cells p.. of the row, of which the
 * first nfree are free (any order), then go on with cell p + n and, at
 * the end of the slot, with the next slot.  The free ones go blanks
 * first, then digits numbered in ascending order, then the new digits in
 * every order, each order a branch.
 */
static void
group(struct ext *x, int s, const uint8_t *cols, int nfree)
{
	struct cand	*to = &x->to;
	uint8_t		 zero[3], old[3], nw[3], v, t;
	int		 nz = 0, no = 0, nnew = 0, i, j, p = 3 * s, k;
	int		 nlab0 = to->nlab;

	for (i = 0; i < nfree; i++) {
		v = x->row[cols[i]];
		if (v == 0)
			zero[nz++] = cols[i];
		else if (to->lab[v] != 0) {
			/* Insertion by number: at most three. */
			for (j = no; j > 0 &&
			    to->lab[x->row[old[j - 1]]] > to->lab[v]; j--)
				old[j] = old[j - 1];
			old[j] = cols[i];
			no++;
		} else
			nw[nnew++] = cols[i];
	}
	/* Each order of the new digits: nnew! of them. */
	for (k = 0; k < nperms[nnew]; k++) {
		to->nlab = (uint8_t)nlab0;
		for (i = 0; i < nz; i++) {
			to->col[p + i] = zero[i];
			x->out[p + i] = 0;
		}
		for (j = 0; j < no; j++, i++) {
			to->col[p + i] = old[j];
			x->out[p + i] = to->lab[x->row[old[j]]];
		}
		for (j = 0; j < nnew; j++, i++) {
			t = nw[perms[nnew][k][j]];
			to->col[p + i] = t;
			to->lab[x->row[t]] = ++to->nlab;
			x->out[p + i] = to->nlab;
		}
		/* The fixed columns: their digits numbered as met. */
		for (; i < 3; i++) {
			t = cols[i];
			to->col[p + i] = t;
			v = x->row[t];
			if (v != 0 && to->lab[v] == 0)
				to->lab[v] = ++to->nlab;
			x->out[p + i] = v == 0 ? 0 : to->lab[v];
		}
		to->z[s] = (uint8_t)nz;
		if (against(x, p + 3) <= 0)
			slot(x, s + 1);
		/* Undo the numbers given here. */
		for (i = 0; i < 3; i++) {
			v = x->row[to->col[p + i]];
			if (v != 0 && to->lab[v] > nlab0)
				to->lab[v] = 0;
		}
		if (x->rc != DLX_OK)
			break;
	}
	to->nlab = (uint8_t)nlab0;
}

/* The row is made: keep the candidate if its row is the least yet. */
static void
leaf(struct ext *x)
{
	struct clist	*next = &x->cn->b;
	int		 c;

	if ((c = against(x, 9)) > 0)
		return;
	if (c < 0) {
		memcpy(x->best, x->out, 9);
		next->n = 0;
	}
	if (push(x->cn, next, &x->to) != DLX_OK)
		x->rc = DLX_ENOMEM;
}

/* Fill slot s of the row, and the slots after it. */
static void
slot(struct ext *x, int s)
{
	const struct cand	*c = x->from;
	uint8_t			 cols[3];
	int			 k, st;

	if (x->rc != DLX_OK)
		return;
	if (s == 3) {
		leaf(x);
		return;
	}
	if (s < c->zs) {
		/* A pool slot past the stacks still blank: each stack of
		 * the pool with a digit in the row, in turn. */
		for (k = 0; k < x->nn; k++) {
			if (x->taken & (1u << k))
				continue;
			st = x->pn[k];
			x->taken |= (uint8_t)(1u << k);
			x->to.stk[s] = (uint8_t)st;
			cols[0] = (uint8_t)(3 * st);
			cols[1] = (uint8_t)(3 * st + 1);
			cols[2] = (uint8_t)(3 * st + 2);
			group(x, s, cols, 3);
			x->taken &= (uint8_t)~(1u << k);
		}
		return;
	}
	memcpy(cols, c->col + 3 * s, 3);
	group(x, s, cols, c->z[s]);
}

/*
 * extend() for a candidate whose columns are all fixed (no pool, no free
 * column): the row is what it is, so it is compared as it is made and
 * dropped at its first cell above the best, before any copy; most
 * extensions of a complete grid's candidates end so.
 */
static int
extend_fixed(dlx_sudoku_canon *cn, const struct cand *c, int r,
    const uint8_t *row, uint8_t *best, int level)
{
	struct cand	 to;
	uint8_t		 lab[10], out[9], v, nlab = c->nlab;
	int		 j, less = 0;

	memcpy(lab, c->lab, sizeof lab);
	for (j = 0; j < 9; j++) {
		v = row[c->col[j]];
		if (v != 0 && lab[v] == 0)
			lab[v] = ++nlab;
		out[j] = lab[v];
		if (!less && out[j] != best[j]) {
			if (out[j] > best[j])
				return DLX_OK;
			less = 1;
		}
	}
	if (less) {
		memcpy(best, out, 9);
		cn->b.n = 0;
	}
	to = *c;
	to.rows[level] = (uint8_t)r;
	to.used |= (uint16_t)(1u << r);
	memcpy(to.lab, lab, sizeof lab);
	to.nlab = nlab;
	return push(cn, &cn->b, &to);
}

/* Extend candidate c by the puzzle's row r (its cells row[0..8]). */
static int
extend(dlx_sudoku_canon *cn, const struct cand *c, int r,
    const uint8_t *row, uint8_t *best, int level)
{
	struct ext	 x;
	int		 k, st, s;

	if (c->zs == 0 && c->z[0] == 0 && c->z[1] == 0 && c->z[2] == 0)
		return extend_fixed(cn, c, r, row, best, level);
	x.cn = cn;
	x.row = row;
	x.from = c;
	x.to = *c;
	x.to.rows[level] = (uint8_t)r;
	x.to.used |= (uint16_t)(1u << r);
	x.best = best;
	x.rc = DLX_OK;
	x.nb = x.nn = 0;
	x.taken = 0;
	/* The pool's stacks blank in this row stay the pool, first. */
	for (k = 0; k < c->zs; k++) {
		st = c->stk[k];
		if (row[3 * st] == 0 && row[3 * st + 1] == 0 &&
		    row[3 * st + 2] == 0)
			x.to.stk[x.nb++] = (uint8_t)st;
		else
			x.pn[x.nn++] = (uint8_t)st;
	}
	x.to.zs = x.nb;
	for (s = 0; s < x.nb; s++)
		memset(x.out + 3 * s, 0, 3);
	/* A row with a digit where the best has a blank is no better. */
	if (x.nb > 0 && against(&x, 3 * x.nb) > 0)
		return DLX_OK;
	slot(&x, x.nb);
	return x.rc;
}

int
dlx_sudoku_canon_new(dlx_sudoku_canon **cp,
    const struct dlx_sudoku_canon_options *opt)
{
	struct dlx_allocator	 mem;
	dlx_sudoku_canon	*c;

	if (cp == NULL ||
	    mem_init(&mem, opt != NULL ? opt->alloc : NULL) != DLX_OK)
		return DLX_EINVAL;
	if ((c = mem_zalloc(&mem, 1, sizeof *c)) == NULL)
		return DLX_ENOMEM;
	c->mem = mem;
	*cp = c;
	return DLX_OK;
}

void
dlx_sudoku_canon_free(dlx_sudoku_canon *c)
{
	if (c == NULL)
		return;
	mem_free(&c->mem, c->a.c);
	mem_free(&c->mem, c->b.c);
	mem_free(&c->mem, c);
}

/* The number of column maps candidate c stands for. */
static uint64_t
freedom(const struct cand *c)
{
	static const uint64_t	 fact[4] = { 1, 1, 2, 6 };
	uint64_t		 n = fact[c->zs];
	int			 s;

	for (s = 0; s < c->zs; s++)
		n *= 6;
	for (; s < 3; s++)
		n *= fact[c->z[s]];
	return n;
}

/* The transformation of candidate c into how, and its result into out. */
static void
finish(const struct cand *c, const int *cells, int *out,
    struct dlx_sudoku_transform *how)
{
	int	 colmap[9], i, j, r, k, v, s, next;
	int	 lab[10], in[81];

	for (s = 0; s < 3; s++)
		for (k = 0; k < 3; k++)
			colmap[3 * s + k] = s < c->zs ? 3 * c->stk[s] + k :
			    c->col[3 * s + k];
	for (v = 0; v < 10; v++)
		lab[v] = c->lab[v];
	/* Digits absent from the puzzle take the numbers left, in order. */
	next = c->nlab;
	for (v = 1; v < 10; v++)
		if (lab[v] == 0)
			lab[v] = ++next;
	lab[0] = 0;
	/* out may be cells. */
	memcpy(in, cells, sizeof in);
	for (i = 0; i < 9; i++)
		for (j = 0; j < 9; j++) {
			r = c->rows[i];
			/* Cell (r, colmap[j]) of the transposed puzzle is
			 * cell (colmap[j], r) of the puzzle. */
			k = c->t ? 9 * colmap[j] + r : 9 * r + colmap[j];
			if (how != NULL)
				how->map[9 * i + j] = k;
			out[9 * i + j] = lab[in[k]];
		}
	if (how != NULL)
		for (v = 0; v < 10; v++)
			how->digits[v] = lab[v];
}

int
dlx_sudoku_canon_run(dlx_sudoku_canon *cn, const int *cells, int *out,
    struct dlx_sudoku_transform *how, uint64_t *automorphisms)
{
	uint8_t		 g[2][81], best[9];
	struct cand	 root;
	struct clist	 tmp;
	const struct cand *c;
	size_t		 i;
	uint64_t	 naut;
	int		 r, k, level, band, rc, clash = 0;
	unsigned	 seen[27], bit;

	if (cn == NULL || cells == NULL || out == NULL)
		return DLX_EINVAL;
	/* The digits seen in each row, column and box, as bits: the check
	 * of dlx_sudoku_check(), which took a fifth of the time here. */
	memset(seen, 0, sizeof seen);
	for (k = 0; k < 81; k++) {
		if (cells[k] < 0 || cells[k] > 9)
			return DLX_EINVAL;
		g[0][k] = (uint8_t)cells[k];
		g[1][9 * (k % 9) + k / 9] = (uint8_t)cells[k];
		if (cells[k] == 0)
			continue;
		bit = 1u << cells[k];
		band = 3 * (k / 27) + k % 9 / 3;
		if ((seen[k / 9] | seen[9 + k % 9] | seen[18 + band]) & bit)
			clash = 1;
		seen[k / 9] |= bit;
		seen[9 + k % 9] |= bit;
		seen[18 + band] |= bit;
	}
	if (clash)
		return DLX_ECONFLICT;
	cn->a.n = cn->b.n = 0;
	memset(&root, 0, sizeof root);
	root.zs = 3;
	for (k = 0; k < 3; k++)
		root.stk[k] = (uint8_t)k;
	for (k = 0; k < 2; k++) {
		root.t = (uint8_t)k;
		if (push(cn, &cn->a, &root) != DLX_OK)
			return DLX_ENOMEM;
	}
	/* Row by row: a holds the candidates whose rows so far are the
	 * least; b collects those of them extended by a row equal to the
	 * least next row met so far (best), emptied when a lesser one
	 * comes. */
	for (level = 0; level < 9; level++) {
		memset(best, NBIG, sizeof best);
		cn->b.n = 0;
		for (i = 0; i < cn->a.n; i++) {
			c = &cn->a.c[i];
			/* The first row of a band: a row of any band not
			 * used yet; else one of the band of the row
			 * above. */
			band = level % 3 == 0 ? -1 : c->rows[level - 1] / 3;
			for (r = 0; r < 9; r++) {
				if (c->used & (1u << r))
					continue;
				if (band >= 0 ? r / 3 != band :
				    (c->used >> (3 * (r / 3)) & 7) != 0)
					continue;
				if ((rc = extend(cn, c, r, g[c->t] + 9 * r,
				    best, level)) != DLX_OK)
					return rc;
			}
		}
		tmp = cn->a;
		cn->a = cn->b;
		cn->b = tmp;
	}
	naut = 0;
	for (i = 0; i < cn->a.n; i++)
		naut += freedom(&cn->a.c[i]);
	if (automorphisms != NULL)
		*automorphisms = naut;
	finish(&cn->a.c[0], cells, out, how);
	return DLX_OK;
}

int
dlx_sudoku_canonical(const int *cells, int *out,
    struct dlx_sudoku_transform *how, uint64_t *automorphisms)
{
	dlx_sudoku_canon	*c;
	int			 rc;

	if ((rc = dlx_sudoku_canon_new(&c, NULL)) != DLX_OK)
		return rc;
	rc = dlx_sudoku_canon_run(c, cells, out, how, automorphisms);
	dlx_sudoku_canon_free(c);
	return rc;
}

int
dlx_sudoku_transform_apply(const struct dlx_sudoku_transform *t,
    const int *cells, int *out)
{
	int	 i, k, v;

	if (t == NULL || cells == NULL || out == NULL)
		return DLX_EINVAL;
	for (i = 0; i < 81; i++) {
		k = t->map[i];
		if (k < 0 || k > 80 || cells[k] < 0 || cells[k] > 9)
			return DLX_EINVAL;
		v = t->digits[cells[k]];
		if (v < 0 || v > 9)
			return DLX_EINVAL;
		out[i] = v;
	}
	return DLX_OK;
}
