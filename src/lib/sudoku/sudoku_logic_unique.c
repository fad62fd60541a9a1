/*
 * sudoku_logic_unique.c: the uniqueness rules of the logic solver (unique
 * rectangles of types 1 to 6, the hidden rectangle, BUG+1).  They hold
 * only in a puzzle with one solution: the solver tries them only when
 * they are allowed (DLX_LOGIC_UNIQUENESS, dlx-sudoku --no-uniqueness
 * turns them off).  Their steps' text is written by
 * sudoku_logic_patterns.c with the other patterns', and they share its
 * helpers (lgi_places, lgi_elim_seen, lgi_name_cells).
 */
#include <stdlib.h>
#include <string.h>

#include "lib/sudoku/sudoku_logic_int.h"

/* ---- uniqueness ----------------------------------------------------- */

/*
 * A unique rectangle: four empty cells in two rows, two columns and two
 * boxes, all with candidates x and y.  If the four held only x and y,
 * they could swap them and the puzzle would have two solutions; in a
 * puzzle with one solution some cell outside {x,y} must hold, which the
 * types below turn into eliminations.  Corners: q[0] the seed (a cell
 * with candidates exactly {x,y}), q[1] in its row, q[2] in its column,
 * q[3] opposite.
 */
struct rect {
	int		 q[4];
	uint64_t	 m;		/* {x,y} */
	uint64_t	 extra[4];	/* candidates beyond {x,y} */
	int		 nextra;	/* corners with extras */
};

/* Add the rectangle's four cells and its pair to the step. */
static void
rect_name(struct dlx_logic_step *st, const struct rect *R)
{
	int	 i;

	for (i = 0; i < 4; i++)
		lgi_add_cell(st, R->q[i]);
	st->symbols = R->m;
}

/* The houses both cells a and b are in (up to 3). */
static int
common_houses(const dlx_logic *lg, int a, int b, int *h)
{
	int	 k = 0;

	if (ROW(lg, a) == ROW(lg, b))
		h[k++] = ROW(lg, a);
	if (COL(lg, a) == COL(lg, b))
		h[k++] = lg->n + COL(lg, a);
	if (lgi_box(lg, a) == lgi_box(lg, b))
		h[k++] = 2 * lg->n + lgi_box(lg, a);
	return k;
}

/* Type 3: search the other cells of house h for j cells that with the
 * roof's extras e form a naked subset of j + 1 symbols. */
static int
ur3_subset(dlx_logic *lg, struct dlx_logic_step *st, const struct rect *R,
    int h, uint64_t e, const int *roof)
{
	int		 oc[MAXN], no = 0, i, j, pick[3], idx[3];
	int		 depth, c, s;
	uint64_t	 u;

	for (i = 0; i < lg->n; i++) {
		c = HOUSE(lg, h)[i];
		if (lg->value[c] == 0 && c != roof[0] && c != roof[1] &&
		    popcount(lg->cand[c]) >= 2 &&
		    popcount(lg->cand[c] | e) <= 4)
			oc[no++] = c;
	}
	/* Subsets of 1..3 cells, by an odometer over indices. */
	for (j = 1; j <= 3 && j <= no; j++) {
		for (i = 0; i < j; i++)
			idx[i] = i;
		for (;;) {
			u = e;
			for (i = 0; i < j; i++)
				u |= lg->cand[oc[idx[i]]];
			if (popcount(u) == j + 1) {
				lgi_step_init(lg, st, DLX_LOGIC_UR_TYPE3);
				for (i = 0; i < lg->n; i++) {
					c = HOUSE(lg, h)[i];
					if (c == roof[0] || c == roof[1])
						continue;
					for (depth = 0; depth < j &&
					    oc[idx[depth]] != c; depth++)
						continue;
					if (depth < j)
						continue;
					for (s = 1; s <= lg->n; s++)
						if (u & BIT(s))
							lgi_elim(lg, c, s);
				}
				if (lg->nelim > 0) {
					rect_name(st, R);
					lgi_add_house(st, h);
					for (i = 0; i < j; i++)
						pick[i] = oc[idx[i]];
					lgi_name_cells(lg, st, 0, h, u, pick, j);
					return lgi_finish(lg, st);
				}
			}
			/* Next combination. */
			for (i = j - 1; i >= 0 && idx[i] == no - j + i; i--)
				continue;
			if (i < 0)
				break;
			idx[i]++;
			for (i++; i < j; i++)
				idx[i] = idx[i - 1] + 1;
		}
	}
	return 0;
}

/* Only cells a and b hold s in house h? */
static int
conjugate(const dlx_logic *lg, int h, int s, int a, int b)
{
	int	 i, c;

	for (i = 0; i < lg->n; i++) {
		c = HOUSE(lg, h)[i];
		if (c != a && c != b && (lg->cand[c] & BIT(s)))
			return 0;
	}
	return 1;
}

/* Apply uniqueness rule r to rectangle R if it fits. */
static int
ur_try(dlx_logic *lg, struct dlx_logic_step *st, enum dlx_logic_rule r,
    const struct rect *R)
{
	int		 i, k, t, nh, h[3], roof[4], nr = 0, s, u, v;
	uint64_t	 z;

	for (i = 0; i < 4; i++)
		if (R->extra[i] != 0)
			roof[nr++] = R->q[i];
	switch (r) {
	case DLX_LOGIC_UR_TYPE1:
		if (nr != 1)
			return 0;
		lgi_step_init(lg, st, r);
		for (s = 1; s <= lg->n; s++)
			if (R->m & BIT(s))
				lgi_elim(lg, roof[0], s);
		break;
	case DLX_LOGIC_UR_TYPE2:
	case DLX_LOGIC_UR_TYPE5:
		if (nr < 2 || nr > 3)
			return 0;
		z = 0;
		for (i = 0; i < 4; i++)
			if (R->extra[i] != 0) {
				if (popcount(R->extra[i]) != 1 ||
				    (z != 0 && R->extra[i] != z))
					return 0;
				z = R->extra[i];
			}
		/* Type 2: the two roof cells in a line; type 5: diagonal,
		 * or three. */
		t = nr == 2 && (ROW(lg, roof[0]) == ROW(lg, roof[1]) ||
		    COL(lg, roof[0]) == COL(lg, roof[1]));
		if (t != (r == DLX_LOGIC_UR_TYPE2))
			return 0;
		lgi_step_init(lg, st, r);
		lgi_elim_seen(lg, roof, nr, lowest(z));
		if (lg->nelim > 0)
			lgi_name_cells(lg, st, 0, -1, z, roof, nr);
		break;
	case DLX_LOGIC_UR_TYPE3:
		if (nr != 2)
			return 0;
		nh = common_houses(lg, roof[0], roof[1], h);
		for (k = 0; k < nh; k++)
			if (ur3_subset(lg, st, R, h[k], R->extra[0] |
			    R->extra[1] | R->extra[2] | R->extra[3], roof))
				return 1;
		return 0;
	case DLX_LOGIC_UR_TYPE4:
		if (nr != 2)
			return 0;
		nh = common_houses(lg, roof[0], roof[1], h);
		for (k = 0; k < nh; k++)
			for (u = 1; u <= lg->n; u++) {
				if (!(R->m & BIT(u)) ||
				    !conjugate(lg, h[k], u, roof[0], roof[1]))
					continue;
				v = lowest(R->m & ~BIT(u));
				lgi_step_init(lg, st, r);
				lgi_elim(lg, roof[0], v);
				lgi_elim(lg, roof[1], v);
				if (lg->nelim == 0)
					continue;
				rect_name(st, R);
				lgi_add_house(st, h[k]);
				return lgi_finish(lg, st);
			}
		return 0;
	case DLX_LOGIC_UR_TYPE6:
		/* The two cells without extras are q[0] and q[3]. */
		if (nr != 2 || R->extra[0] != 0 || R->extra[3] != 0)
			return 0;
		for (u = 1; u <= lg->n; u++) {
			if (!(R->m & BIT(u)) ||
			    !conjugate(lg, ROW(lg, R->q[0]), u, R->q[0],
			    R->q[1]) ||
			    !conjugate(lg, ROW(lg, R->q[3]), u, R->q[2],
			    R->q[3]) ||
			    !conjugate(lg, lg->n + COL(lg, R->q[0]), u,
			    R->q[0], R->q[2]) ||
			    !conjugate(lg, lg->n + COL(lg, R->q[3]), u,
			    R->q[1], R->q[3]))
				continue;
			lgi_step_init(lg, st, r);
			lgi_elim(lg, R->q[1], u);
			lgi_elim(lg, R->q[2], u);
			if (lg->nelim == 0)
				continue;
			rect_name(st, R);
			return lgi_finish(lg, st);
		}
		return 0;
	case DLX_LOGIC_HIDDEN_RECTANGLE:
		/*
		 * q[0] is {x,y}.  If u has only two places in the row and
		 * in the column of q[3], the rectangle's, then q[3] = v
		 * would force u into q[1] and q[2], and q[0] to v: the
		 * deadly pattern.  So v leaves q[3].
		 */
		if (nr < 1)
			return 0;
		for (u = 1; u <= lg->n; u++) {
			if (!(R->m & BIT(u)) ||
			    !conjugate(lg, ROW(lg, R->q[3]), u, R->q[2],
			    R->q[3]) ||
			    !conjugate(lg, lg->n + COL(lg, R->q[3]), u,
			    R->q[1], R->q[3]))
				continue;
			v = lowest(R->m & ~BIT(u));
			lgi_step_init(lg, st, r);
			lgi_elim(lg, R->q[3], v);
			if (lg->nelim == 0)
				continue;
			rect_name(st, R);
			lgi_add_house(st, ROW(lg, R->q[3]));
			lgi_add_house(st, lg->n + COL(lg, R->q[3]));
			return lgi_finish(lg, st);
		}
		return 0;
	default:
		return 0;
	}
	if (lg->nelim == 0)
		return 0;
	rect_name(st, R);
	return lgi_finish(lg, st);
}

static int
rectangles(dlx_logic *lg, struct dlx_logic_step *st, enum dlx_logic_rule r)
{
	struct rect	 R;
	int		 n = lg->n, a, r2, c2, i, j, b, nb, boxes[4];
	uint64_t	 m;

	for (a = 0; a < lg->ncells; a++) {
		m = lg->cand[a];
		if (popcount(m) != 2)
			continue;
		for (r2 = 0; r2 < n; r2++) {
			if (r2 == ROW(lg, a))
				continue;
			for (c2 = 0; c2 < n; c2++) {
				if (c2 == COL(lg, a))
					continue;
				R.q[0] = a;
				R.q[1] = ROW(lg, a) * n + c2;
				R.q[2] = r2 * n + COL(lg, a);
				R.q[3] = r2 * n + c2;
				R.m = m;
				R.nextra = 0;
				nb = 0;
				for (i = 0; i < 4; i++) {
					if ((lg->cand[R.q[i]] & m) != m)
						break;
					R.extra[i] = lg->cand[R.q[i]] & ~m;
					R.nextra += R.extra[i] != 0;
					b = lgi_box(lg, R.q[i]);
					for (j = 0; j < nb && boxes[j] != b;
					    j++)
						continue;
					if (j == nb)
						boxes[nb++] = b;
				}
				if (i < 4 || nb != 2)
					continue;
				if (ur_try(lg, st, r, &R))
					return 1;
			}
		}
	}
	return 0;
}

/*
 * BUG+1: every empty cell has two candidates but one, which has three,
 * and without one of its three, s, every symbol would have two places or
 * none in every house: a "bivalue universal grave", which has no
 * solution or several.  In a puzzle with one solution the cell holds s.
 */
static int
bug_plus_1(dlx_logic *lg, struct dlx_logic_step *st)
{
	int		 c, t = -1, s, h, k;
	uint64_t	 save;

	for (c = 0; c < lg->ncells; c++) {
		if (lg->value[c] != 0 || popcount(lg->cand[c]) == 2)
			continue;
		if (popcount(lg->cand[c]) != 3 || t >= 0)
			return 0;
		t = c;
	}
	if (t < 0)
		return 0;
	save = lg->cand[t];
	for (s = 1; s <= lg->n; s++) {
		if (!(save & BIT(s)))
			continue;
		lg->cand[t] = save & ~BIT(s);
		for (h = 0; h < NHOUSES(lg); h++) {
			for (k = 1; k <= lg->n; k++) {
				if (popcount(lgi_places(lg, h, k)) % 2 != 0 ||
				    popcount(lgi_places(lg, h, k)) > 2)
					break;
			}
			if (k <= lg->n)
				break;
		}
		lg->cand[t] = save;
		if (h < NHOUSES(lg))
			continue;
		lgi_step_init(lg, st, DLX_LOGIC_BUG_PLUS_1);
		st->cell = t;
		st->symbol = s;
		st->symbols = BIT(s);
		lgi_add_cell(st, t);
		lgi_place(lg, t, s);
		return 1;
	}
	return 0;
}

int
lgi_unique_apply(dlx_logic *lg, struct dlx_logic_step *st,
    enum dlx_logic_rule r)
{
	if (r == DLX_LOGIC_BUG_PLUS_1)
		return bug_plus_1(lg, st);
	return rectangles(lg, st, r);
}
