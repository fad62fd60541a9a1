/*
 * sudoku_logic_patterns.c: the rules of the logic solver between the
 * basic fish and the chains (sudoku_logic.h lists them, dlx_logic(3) says
 * what each does): single-digit patterns, wings, finned and sashimi fish,
 * coloring, and the uniqueness rules.
 *
 * Every rule works on houses through the model's unit table, as those of
 * sudoku_logic_rules.c do, so boxes of every shape are one case.  A cell
 * "sees" another when they share a house.  A strong link on a symbol is a
 * house in which the symbol has exactly two places (a conjugate pair): one
 * of them holds it.  Most patterns here are short chains of strong links
 * joined by cells that see each other, named as players name them.
 *
 * Cost.  The rules run only when every simpler one has failed; each scans
 * the grid once per call, and the largest scans (the fins of a jellyfish,
 * the rectangles) are bounded by pruning on the size of the unions.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/sudoku/sudoku_logic_int.h"

#define HBIT(i)		((uint64_t)1 << (i))

/* Places of s in house h: bit i for the house's i-th cell. */
static uint64_t
places(const dlx_logic *lg, int h, int s)
{
	uint64_t	 m = 0;
	int		 i;

	for (i = 0; i < lg->n; i++)
		if (lg->cand[HOUSE(lg, h)[i]] & BIT(s))
			m |= HBIT(i);
	return m;
}

/* Lowest bit's index of a nonempty mask. */
static int
lowbit(uint64_t m)
{
	return lowest(m) - 1;
}

/* Does the house kind (0 row, 1 column, 2 box) of h match? */
static int
kind(const dlx_logic *lg, int h)
{
	return h / lg->n;
}

/* Eliminate s from every cell that sees all of cells[0..k-1] (and is none
 * of them). */
static void
elim_seen(dlx_logic *lg, const int *cells, int k, int s)
{
	int	 c, i;

	for (c = 0; c < lg->ncells; c++) {
		if (!(lg->cand[c] & BIT(s)))
			continue;
		for (i = 0; i < k && lgi_sees(lg, c, cells[i]); i++)
			continue;
		if (i == k)
			lgi_elim(lg, c, s);
	}
}

/* Add a set of kind DLX_LOGIC_SET_CELLS naming cells with candidates m. */
static void
name_set(dlx_logic *lg, struct dlx_logic_step *st, int tag, int house,
    uint64_t m, const int *cells, int k)
{
	struct dlx_logic_set	 set;
	int			 i;

	memset(&set, 0, sizeof set);
	set.kind = DLX_LOGIC_SET_CELLS;
	set.tag = tag;
	set.house = house;
	set.symbols = m;
	for (i = 0; i < k; i++) {
		set.cells[set.ncells++] = cells[i];
	}
	(void)lgi_add_set(lg, st, &set);
}

/* ---- single-digit patterns ----------------------------------------- */

/* A strong link: the two places of a symbol in a house. */
struct link {
	int	 h;
	int	 a, b;
};

/* The strong links of s, in house order. */
static int
strong_links(const dlx_logic *lg, int s, struct link *lk)
{
	uint64_t	 m;
	int		 h, k = 0;

	for (h = 0; h < NHOUSES(lg); h++) {
		if (popcount(m = places(lg, h, s)) != 2)
			continue;
		lk[k].h = h;
		lk[k].a = HOUSE(lg, h)[lowbit(m)];
		lk[k].b = HOUSE(lg, h)[lowbit(m & (m - 1))];
		k++;
	}
	return k;
}

/*
 * Two strong links on s, x = (a, b) and y = (c, d), with b and c seeing
 * each other: if b holds s, c does not, so d does; else a does.  Either a
 * or d holds s, and s leaves every cell that sees both.  Which pattern
 * that is depends on the houses: both links in parallel lines with b and
 * c in one line across them, a skyscraper; a row and a column with b and
 * c in one box, a 2-string kite; any other, a turbot fish.
 */
static int
classify(const dlx_logic *lg, const struct link *x, int b, const struct link *y,
    int c)
{
	int	 kx = kind(lg, x->h), ky = kind(lg, y->h);

	if (kx == ky && kx < 2 && x->h != y->h && (kx == 0 ?
	    COL(lg, b) == COL(lg, c) : ROW(lg, b) == ROW(lg, c)))
		return DLX_LOGIC_SKYSCRAPER;
	if (kx < 2 && ky < 2 && kx != ky && lgi_box(lg, b) == lgi_box(lg, c))
		return DLX_LOGIC_TWO_STRING_KITE;
	return DLX_LOGIC_TURBOT_FISH;
}

static int
two_links(dlx_logic *lg, struct dlx_logic_step *st, enum dlx_logic_rule r)
{
	struct link	 lk[3 * MAXN];
	int		 s, nl, i, j, e, f, a, b, c, d, ends[2];

	for (s = 1; s <= lg->n; s++) {
		nl = strong_links(lg, s, lk);
		for (i = 0; i < nl; i++)
			for (j = i + 1; j < nl; j++)
				for (e = 0; e < 4; e++) {
					/* Which end of each link joins. */
					a = e & 1 ? lk[i].b : lk[i].a;
					b = e & 1 ? lk[i].a : lk[i].b;
					c = e & 2 ? lk[j].b : lk[j].a;
					d = e & 2 ? lk[j].a : lk[j].b;
					if (a == c || a == d || b == c ||
					    b == d || !lgi_sees(lg, b, c) ||
					    lgi_sees(lg, a, d) ||
					    classify(lg, &lk[i], b, &lk[j], c) !=
					    (int)r)
						continue;
					lgi_step_init(lg, st, r);
					ends[0] = a;
					ends[1] = d;
					elim_seen(lg, ends, 2, s);
					if (lg->nelim == 0)
						continue;
					for (f = 0; f < 2; f++)
						lgi_add_house(st, f ? lk[j].h :
						    lk[i].h);
					lgi_add_cell(st, a);
					lgi_add_cell(st, b);
					lgi_add_cell(st, c);
					lgi_add_cell(st, d);
					st->symbols = BIT(s);
					return lgi_finish(lg, st);
				}
	}
	return 0;
}

/*
 * The strong link half of an empty rectangle (below) of box hb crossing
 * at row r and column c: lk in a column (rows 0) with an end p in row r,
 * or in a row (rows 1) with an end p in column c; its other end q; the
 * target t in q's line and the box's other line.  1 if s left t.
 */
static int
er_link(dlx_logic *lg, struct dlx_logic_step *st, int s, int hb, int r,
    int c, int rows, const struct link *lk, const int *bc, int nb)
{
	int	 n = lg->n, p, q, t, i;

	if (kind(lg, lk->h) != (rows ? 0 : 1))
		return 0;
	if (rows == 0) {
		p = ROW(lg, lk->a) == r ? lk->a : ROW(lg, lk->b) == r ?
		    lk->b : -1;
		if (p < 0)
			return 0;
		q = p == lk->a ? lk->b : lk->a;
		t = ROW(lg, q) * n + c;
	} else {
		p = COL(lg, lk->a) == c ? lk->a : COL(lg, lk->b) == c ?
		    lk->b : -1;
		if (p < 0)
			return 0;
		q = p == lk->a ? lk->b : lk->a;
		t = r * n + COL(lg, q);
	}
	if (lgi_in_house(lg, p, hb) || lgi_in_house(lg, t, hb) ||
	    !(lg->cand[t] & BIT(s)))
		return 0;
	lgi_step_init(lg, st, DLX_LOGIC_EMPTY_RECTANGLE);
	lgi_elim(lg, t, s);
	lgi_add_house(st, hb);
	lgi_add_house(st, lk->h);
	for (i = 0; i < nb; i++)
		lgi_add_cell(st, bc[i]);
	lgi_add_cell(st, p);
	lgi_add_cell(st, q);
	st->symbols = BIT(s);
	return lgi_finish(lg, st);
}

/*
 * Empty rectangle: in box B the places of s lie in one row r and one
 * column c of the box (in both, not in one alone); a strong link on s in
 * a column c2 outside the box has one end in row r and the other at
 * (r2, c2).  If (r2, c) held s, (r2, c2) would not, so (r, c2) would,
 * and the box's s would have to be in column c, which (r2, c) already
 * holds: a contradiction.  So s leaves (r2, c).  The same with rows and
 * columns swapped.
 */
static int
empty_rectangle(dlx_logic *lg, struct dlx_logic_step *st)
{
	struct link	 lk[3 * MAXN];
	int		 n = lg->n, s, b, i, k, nl, r, c, rows, x, y, t, hb;
	int		 bc[MAXN], nb;

	for (s = 1; s <= n; s++) {
		nl = strong_links(lg, s, lk);
		for (b = 0; b < n; b++) {
			hb = 2 * n + b;
			nb = 0;
			for (i = 0; i < n; i++)
				if (lg->cand[HOUSE(lg, hb)[i]] & BIT(s))
					bc[nb++] = HOUSE(lg, hb)[i];
			if (nb < 2)
				continue;
			/* Each crossing (r, c) of a row and a column of the
			 * box that together hold every place. */
			for (x = 0; x < nb; x++)
				for (y = 0; y < nb; y++) {
					r = ROW(lg, bc[x]);
					c = COL(lg, bc[y]);
					for (i = 0; i < nb && (ROW(lg, bc[i]) ==
					    r || COL(lg, bc[i]) == c); i++)
						continue;
					if (i < nb)
						continue;
					/* Not all in the row or all in the
					 * column: that is locked candidates. */
					for (i = 0; i < nb &&
					    ROW(lg, bc[i]) == r; i++)
						continue;
					if (i == nb)
						continue;
					for (i = 0; i < nb &&
					    COL(lg, bc[i]) == c; i++)
						continue;
					if (i == nb)
						continue;
					for (k = 0; k < nl; k++)
						for (rows = 0; rows < 2; rows++)
							if ((t = er_link(lg, st,
							    s, hb, r, c, rows,
							    &lk[k], bc, nb)))
								return t;
				}
		}
	}
	return 0;
}

/* ---- wings ---------------------------------------------------------- */

/*
 * XY-wing: a pivot {x,y} sees two pincers {x,z} and {y,z}: whichever the
 * pivot holds, one pincer holds z, so z leaves the cells that see both
 * pincers.  XYZ-wing: the pivot is {x,y,z} and may hold z itself, so z
 * leaves only the cells that see all three.
 */
static int
xy_wing(dlx_logic *lg, struct dlx_logic_step *st, int xyz)
{
	int		 p, a, b, z, w[3];
	uint64_t	 mp, ma, mb;

	for (p = 0; p < lg->ncells; p++) {
		mp = lg->cand[p];
		if (popcount(mp) != (xyz ? 3 : 2))
			continue;
		for (a = 0; a < lg->ncells; a++) {
			ma = lg->cand[a];
			if (popcount(ma) != 2 || !lgi_sees(lg, p, a) ||
			    popcount(ma & mp) != (xyz ? 2 : 1))
				continue;
			for (b = a + 1; b < lg->ncells; b++) {
				mb = lg->cand[b];
				if (popcount(mb) != 2 || !lgi_sees(lg, p, b) ||
				    popcount(mb & mp) != (xyz ? 2 : 1) ||
				    ma == mb || popcount(ma & mb) != 1)
					continue;
				z = lowest(ma & mb);
				/* XY: the pincers share z, not in the pivot,
				 * and meet the pivot in different symbols;
				 * XYZ: both pincers lie inside the pivot. */
				if (!xyz && ((mp & BIT(z)) ||
				    (ma & mp) == (mb & mp)))
					continue;
				lgi_step_init(lg, st, xyz ? DLX_LOGIC_XYZ_WING :
				    DLX_LOGIC_XY_WING);
				w[0] = a;
				w[1] = b;
				w[2] = p;
				elim_seen(lg, w, xyz ? 3 : 2, z);
				if (lg->nelim == 0)
					continue;
				name_set(lg, st, 0, -1, mp, &p, 1);
				name_set(lg, st, 1, -1, ma, &a, 1);
				name_set(lg, st, 1, -1, mb, &b, 1);
				lgi_add_cell(st, p);
				lgi_add_cell(st, a);
				lgi_add_cell(st, b);
				st->symbols = BIT(z);
				return lgi_finish(lg, st);
			}
		}
	}
	return 0;
}

/*
 * W-wing: two cells {x,y} that do not see each other, and a strong link
 * on x whose ends see one each: one of the two cells holds y (else both
 * hold x, and neither end of the link can), so y leaves the cells that
 * see both.
 */
static int
w_wing(dlx_logic *lg, struct dlx_logic_step *st)
{
	struct link	 lk[3 * MAXN];
	int		 a, b, k, nl, x, y, i, e, p, q, pair[2], ends[2];
	uint64_t	 m;

	for (a = 0; a < lg->ncells; a++) {
		m = lg->cand[a];
		if (popcount(m) != 2)
			continue;
		for (b = a + 1; b < lg->ncells; b++) {
			if (lg->cand[b] != m || lgi_sees(lg, a, b))
				continue;
			for (i = 0; i < 2; i++) {
				x = i == 0 ? lowest(m) : lowest(m & (m - 1));
				y = lowest(m & ~BIT(x));
				nl = strong_links(lg, x, lk);
				for (k = 0; k < nl; k++)
					for (e = 0; e < 2; e++) {
						p = e ? lk[k].b : lk[k].a;
						q = e ? lk[k].a : lk[k].b;
						if (p == a || p == b || q == a ||
						    q == b || !lgi_sees(lg, p, a) ||
						    !lgi_sees(lg, q, b))
							continue;
						lgi_step_init(lg, st,
						    DLX_LOGIC_W_WING);
						pair[0] = a;
						pair[1] = b;
						elim_seen(lg, pair, 2, y);
						if (lg->nelim == 0)
							continue;
						name_set(lg, st, 0, -1, m, pair,
						    2);
						ends[0] = p < q ? p : q;
						ends[1] = p < q ? q : p;
						name_set(lg, st, 1, lk[k].h,
						    BIT(x), ends, 2);
						lgi_add_house(st, lk[k].h);
						lgi_add_cell(st, a);
						lgi_add_cell(st, b);
						st->symbols = BIT(y);
						return lgi_finish(lg, st);
					}
			}
		}
	}
	return 0;
}

/* ---- finned and sashimi fish --------------------------------------- */

/* Cell at position i of line b: row b (rows) or column b. */
static int
line_cell(const dlx_logic *lg, int rows, int b, int i)
{
	return rows ? b * lg->n + i : i * lg->n + b;
}

/* State of the search for a finned fish. */
struct finned {
	dlx_logic	*lg;
	struct dlx_logic_step *st;
	int		 s, k, rows;
	enum dlx_logic_rule want;	/* the rule asked for */
	int		 base[4];	/* base lines chosen */
	uint64_t	 m[MAXN];	/* places of s in each line */
};

/*
 * A finned fish: k base lines whose places of s lie in k cover lines,
 * except some (the fins), all in one box.  If no fin holds s, the fish
 * is a fish and s leaves the rest of the cover lines; if one does, s
 * leaves what the fin's box sees.  Either way s leaves the cells of the
 * cover lines (outside the base lines) in the fins' box.  Sashimi: a
 * base line has at most one place in the cover lines (without the fins
 * the fish would have a hole).
 */
static int
finned_try(struct finned *f, uint64_t cover)
{
	dlx_logic	*lg = f->lg;
	struct dlx_logic_step *st = f->st;
	uint64_t	 basem = 0;
	int		 i, j, c, box = -1, sashimi = 0, r;

	for (i = 0; i < f->k; i++) {
		basem |= HBIT(f->base[i]);
		if (popcount(f->m[f->base[i]] & cover) <= 1)
			sashimi = 1;
		if ((f->m[f->base[i]] & cover) == 0)
			return 0;
		for (j = 0; j < lg->n; j++) {
			if (!(f->m[f->base[i]] & ~cover & HBIT(j)))
				continue;
			c = line_cell(lg, f->rows, f->base[i], j);
			if (box < 0)
				box = lgi_box(lg, c);
			else if (lgi_box(lg, c) != box)
				return 0;
		}
	}
	if (box < 0)
		return 0;		/* no fin: a basic fish */
	r = (f->k == 2 ? DLX_LOGIC_FINNED_X_WING : f->k == 3 ?
	    DLX_LOGIC_FINNED_SWORDFISH : DLX_LOGIC_FINNED_JELLYFISH) +
	    sashimi;
	if (r != (int)f->want)
		return 0;
	lgi_step_init(lg, st, r);
	for (j = 0; j < lg->n; j++) {
		if (!(cover & HBIT(j)))
			continue;
		for (i = 0; i < lg->n; i++) {
			if (basem & HBIT(i))
				continue;
			c = line_cell(lg, f->rows, i, j);
			if (lgi_box(lg, c) == box)
				lgi_elim(lg, c, f->s);
		}
	}
	if (lg->nelim == 0)
		return 0;
	for (i = 0; i < f->k; i++) {
		lgi_add_house(st, f->base[i] + (f->rows ? 0 : lg->n));
		for (j = 0; j < lg->n; j++) {
			if (!(f->m[f->base[i]] & HBIT(j)))
				continue;
			c = line_cell(lg, f->rows, f->base[i], j);
			if (cover & HBIT(j))
				lgi_add_cell(st, c);
			else
				lgi_add_fin(st, c);
		}
	}
	for (j = 0; j < lg->n; j++)
		if (cover & HBIT(j))
			lgi_add_house(st, j + (f->rows ? lg->n : 0));
	lgi_add_house(st, 2 * lg->n + box);
	st->symbols = BIT(f->s);
	return lgi_finish(lg, st);
}

/* Choose the cover lines: k of the lines in u, in ascending order. */
static int
finned_cover(struct finned *f, uint64_t u, int depth, int start,
    uint64_t cover)
{
	int	 j;

	if (depth == f->k)
		return finned_try(f, cover);
	for (j = start; j < f->lg->n; j++)
		if ((u & HBIT(j)) &&
		    finned_cover(f, u, depth + 1, j + 1, cover | HBIT(j)))
			return 1;
	return 0;
}

/* Choose the base lines, then the covers. */
static int
finned_base(struct finned *f, int depth, int start, uint64_t u)
{
	int	 b;

	if (depth == f->k) {
		/* The fins lie in one box, so in at most a box's width of
		 * lines beyond the cover's k. */
		if (popcount(u) > f->k + (f->rows ? f->lg->bc : f->lg->br))
			return 0;
		return finned_cover(f, u, 0, 0, 0);
	}
	for (b = start; b < f->lg->n; b++) {
		if (f->m[b] == 0)
			continue;
		f->base[depth] = b;
		if (finned_base(f, depth + 1, b + 1, u | f->m[b]))
			return 1;
	}
	return 0;
}

static int
finned_fish(dlx_logic *lg, struct dlx_logic_step *st, enum dlx_logic_rule r)
{
	struct finned	 f;
	int		 b, i;

	f.lg = lg;
	f.st = st;
	f.want = r;
	f.k = r <= DLX_LOGIC_SASHIMI_X_WING ? 2 :
	    r <= DLX_LOGIC_SASHIMI_SWORDFISH ? 3 : 4;
	for (f.s = 1; f.s <= lg->n; f.s++)
		for (f.rows = 1; f.rows >= 0; f.rows--) {
			for (b = 0; b < lg->n; b++) {
				f.m[b] = 0;
				for (i = 0; i < lg->n; i++)
					if (lg->cand[line_cell(lg, f.rows, b,
					    i)] & BIT(f.s))
						f.m[b] |= HBIT(i);
			}
			if (finned_base(&f, 0, 0, 0))
				return 1;
		}
	return 0;
}

/* ---- coloring ------------------------------------------------------- */

/*
 * The clusters of s: cells joined by strong links on s, each colored 0 or
 * 1 so that the two ends of a link differ; one of the colors of a cluster
 * holds s in all its cells, the other in none.  clu[c] is the cluster of
 * cell c (-1: not in one) and col[c] its color.  Returns the number of
 * clusters, or -1 if a cluster cannot be colored (an odd loop of strong
 * links: the puzzle has no solution, which the search will find).
 */
static int
clusters(const dlx_logic *lg, int s, int *clu, int *col)
{
	struct link	 lk[3 * MAXN];
	int		 nl, i, changed, nc = 0, c, a, b;

	nl = strong_links(lg, s, lk);
	for (c = 0; c < lg->ncells; c++)
		clu[c] = -1;
	for (i = 0; i < nl; i++) {
		if (clu[lk[i].a] >= 0 || clu[lk[i].b] >= 0)
			continue;
		/* A new cluster from link i, grown to a fixed point: the
		 * links are few (3N at most), so rescanning is cheap. */
		clu[lk[i].a] = clu[lk[i].b] = nc;
		col[lk[i].a] = 0;
		col[lk[i].b] = 1;
		do {
			changed = 0;
			for (c = 0; c < nl; c++) {
				a = lk[c].a;
				b = lk[c].b;
				if (clu[a] == nc && clu[b] < 0) {
					clu[b] = nc;
					col[b] = !col[a];
					changed = 1;
				} else if (clu[b] == nc && clu[a] < 0) {
					clu[a] = nc;
					col[a] = !col[b];
					changed = 1;
				} else if (clu[a] == nc && clu[b] == nc &&
				    col[a] == col[b])
					return -1;
			}
		} while (changed);
		nc++;
	}
	return nc;
}

/* Does cell c see a cell of cluster k with color v? */
static int
sees_color(const dlx_logic *lg, int c, const int *clu, const int *col, int k,
    int v)
{
	int	 d;

	for (d = 0; d < lg->ncells; d++)
		if (clu[d] == k && col[d] == v && lgi_sees(lg, c, d))
			return 1;
	return 0;
}

/* Name the two colors of cluster k as sets (tags t, t + 1). */
static void
name_colors(dlx_logic *lg, struct dlx_logic_step *st, int s, const int *clu,
    const int *col, int k, int t)
{
	struct dlx_logic_set	 set;
	int			 v, c;

	for (v = 0; v < 2; v++) {
		memset(&set, 0, sizeof set);
		set.kind = DLX_LOGIC_SET_COLOR;
		set.tag = t + v;
		set.house = -1;
		set.symbols = BIT(s);
		for (c = 0; c < lg->ncells; c++)
			if (clu[c] == k && col[c] == v &&
			    set.ncells < DLX_LOGIC_MAXCELLS)
				set.cells[set.ncells++] = c;
		(void)lgi_add_set(lg, st, &set);
	}
}

/*
 * Simple colors.  Wrap: two cells of one color see each other, so that
 * color is false: s leaves all its cells.  Trap: a cell outside the
 * cluster sees both colors: s leaves it.
 */
static int
simple_colors(dlx_logic *lg, struct dlx_logic_step *st)
{
	int	 clu[MAXN * MAXN], col[MAXN * MAXN];
	int	 s, nc, k, v, c, d;

	for (s = 1; s <= lg->n; s++) {
		if ((nc = clusters(lg, s, clu, col)) <= 0)
			continue;
		for (k = 0; k < nc; k++) {
			lgi_step_init(lg, st, DLX_LOGIC_SIMPLE_COLORS);
			for (c = 0; c < lg->ncells && lg->nelim == 0; c++) {
				if (clu[c] != k)
					continue;
				for (d = c + 1; d < lg->ncells; d++)
					if (clu[d] == k && col[d] == col[c] &&
					    lgi_sees(lg, c, d))
						break;
				if (d == lg->ncells)
					continue;
				v = col[c];
				for (d = 0; d < lg->ncells; d++)
					if (clu[d] == k && col[d] == v)
						lgi_elim(lg, d, s);
			}
			for (c = 0; c < lg->ncells && lg->nelim == 0; c++)
				if ((lg->cand[c] & BIT(s)) && clu[c] != k &&
				    sees_color(lg, c, clu, col, k, 0) &&
				    sees_color(lg, c, clu, col, k, 1))
					lgi_elim(lg, c, s);
			if (lg->nelim == 0)
				continue;
			name_colors(lg, st, s, clu, col, k, 0);
			st->symbols = BIT(s);
			return lgi_finish(lg, st);
		}
	}
	return 0;
}

/* Does a cell of color (k, v) see a cell of color (j, w)? */
static int
colors_meet(const dlx_logic *lg, const int *clu, const int *col, int k,
    int v, int j, int w)
{
	int	 c;

	for (c = 0; c < lg->ncells; c++)
		if (clu[c] == k && col[c] == v &&
		    sees_color(lg, c, clu, col, j, w))
			return 1;
	return 0;
}

/*
 * Multi-colors, two clusters k and j.  If color (k, v) sees color (j, w),
 * they are not both true, so the opposite colors are not both false: s
 * leaves every cell that sees both opposites.  If color (k, v) sees both
 * colors of j, it is false: s leaves all its cells.
 */
static int
multi_colors(dlx_logic *lg, struct dlx_logic_step *st)
{
	int	 clu[MAXN * MAXN], col[MAXN * MAXN];
	int	 s, nc, k, j, v, w, c;

	for (s = 1; s <= lg->n; s++) {
		if ((nc = clusters(lg, s, clu, col)) < 2)
			continue;
		for (k = 0; k < nc; k++)
			for (j = 0; j < nc; j++) {
				if (j == k)
					continue;
				for (v = 0; v < 2; v++) {
					lgi_step_init(lg, st,
					    DLX_LOGIC_MULTI_COLORS);
					if (colors_meet(lg, clu, col, k, v, j,
					    0) && colors_meet(lg, clu, col, k,
					    v, j, 1))
						for (c = 0; c < lg->ncells; c++)
							if (clu[c] == k &&
							    col[c] == v)
								lgi_elim(lg, c,
								    s);
					for (w = 0; w < 2 && lg->nelim == 0 &&
					    j > k; w++) {
						if (!colors_meet(lg, clu, col,
						    k, v, j, w))
							continue;
						for (c = 0; c < lg->ncells;
						    c++)
							if ((lg->cand[c] &
							    BIT(s)) &&
							    !(clu[c] == k &&
							    col[c] == !v) &&
							    !(clu[c] == j &&
							    col[c] == !w) &&
							    sees_color(lg, c,
							    clu, col, k, !v) &&
							    sees_color(lg, c,
							    clu, col, j, !w))
								lgi_elim(lg, c,
								    s);
					}
					if (lg->nelim == 0)
						continue;
					name_colors(lg, st, s, clu, col, k, 0);
					name_colors(lg, st, s, clu, col, j, 2);
					st->symbols = BIT(s);
					return lgi_finish(lg, st);
				}
			}
	}
	return 0;
}

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
	int		 oc[MAXN], no = 0, i, j, pick[3], idx[3], depth, c, s;
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
					name_set(lg, st, 0, h, u, pick, j);
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
		elim_seen(lg, roof, nr, lowest(z));
		if (lg->nelim > 0)
			name_set(lg, st, 0, -1, z, roof, nr);
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
	int		 n = lg->n, a, r2, c2, i, j, nb, boxes[4];
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
					for (j = 0; j < nb &&
					    boxes[j] != lgi_box(lg, R.q[i]); j++)
						continue;
					if (j == nb)
						boxes[nb++] = lgi_box(lg, R.q[i]);
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
				if (popcount(places(lg, h, k)) % 2 != 0 ||
				    popcount(places(lg, h, k)) > 2)
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

/* ---- dispatch and text ---------------------------------------------- */

int
lgi_patterns_apply(dlx_logic *lg, struct dlx_logic_step *st,
    enum dlx_logic_rule r)
{
	switch (r) {
	case DLX_LOGIC_SKYSCRAPER:
	case DLX_LOGIC_TWO_STRING_KITE:
	case DLX_LOGIC_TURBOT_FISH:
		return two_links(lg, st, r);
	case DLX_LOGIC_EMPTY_RECTANGLE:
		return empty_rectangle(lg, st);
	case DLX_LOGIC_XY_WING:
		return xy_wing(lg, st, 0);
	case DLX_LOGIC_XYZ_WING:
		return xy_wing(lg, st, 1);
	case DLX_LOGIC_W_WING:
		return w_wing(lg, st);
	case DLX_LOGIC_FINNED_X_WING:
	case DLX_LOGIC_SASHIMI_X_WING:
	case DLX_LOGIC_FINNED_SWORDFISH:
	case DLX_LOGIC_SASHIMI_SWORDFISH:
	case DLX_LOGIC_FINNED_JELLYFISH:
	case DLX_LOGIC_SASHIMI_JELLYFISH:
		return finned_fish(lg, st, r);
	case DLX_LOGIC_SIMPLE_COLORS:
		return simple_colors(lg, st);
	case DLX_LOGIC_MULTI_COLORS:
		return multi_colors(lg, st);
	case DLX_LOGIC_UR_TYPE1:
	case DLX_LOGIC_UR_TYPE2:
	case DLX_LOGIC_UR_TYPE3:
	case DLX_LOGIC_UR_TYPE4:
	case DLX_LOGIC_UR_TYPE5:
	case DLX_LOGIC_UR_TYPE6:
	case DLX_LOGIC_HIDDEN_RECTANGLE:
		return rectangles(lg, st, r);
	case DLX_LOGIC_BUG_PLUS_1:
		return bug_plus_1(lg, st);
	default:
		return 0;
	}
}

/* " r1c1 r3c5" */
static void
put_list(const dlx_logic *lg, struct lgi_out *o, const int *cells, int n)
{
	int	 i;

	for (i = 0; i < n; i++) {
		lgi_puts(o, " ");
		lgi_putcell(lg, o, cells[i]);
	}
}

/* "rows 2, 7" for k houses of one kind. */
static void
put_lines(const dlx_logic *lg, struct lgi_out *o, const int *h, int k)
{
	int	 i;

	lgi_puts(o, h[0] < lg->n ? "rows " : "columns ");
	for (i = 0; i < k; i++) {
		if (i > 0)
			lgi_puts(o, ", ");
		lgi_putnum(o, h[i] % lg->n + 1);
	}
}

/* Is every elimination of st in the first two sets (a color wrap)? */
static int
wrap(const struct dlx_logic_step *st)
{
	size_t	 i;
	int	 j, k, in;

	for (i = 0; i < st->nelim; i++) {
		in = 0;
		for (k = 0; k < 2 && k < (int)st->nsets; k++)
			for (j = 0; j < st->set[k].ncells; j++)
				in |= st->set[k].cells[j] == st->elim[i].cell;
		if (!in)
			return 0;
	}
	return 1;
}

int
lgi_patterns_format(const dlx_logic *lg, const struct dlx_logic_step *st,
    struct lgi_out *o)
{
	int	 s = st->symbols != 0 ? lowest(st->symbols) : 0, k, i;

	if (st->rule < DLX_LOGIC_SKYSCRAPER || st->rule > DLX_LOGIC_BUG_PLUS_1)
		return 0;
	lgi_puts(o, dlx_logic_rule_name(st->rule));
	switch (st->rule) {
	case DLX_LOGIC_SKYSCRAPER:
	case DLX_LOGIC_TWO_STRING_KITE:
	case DLX_LOGIC_TURBOT_FISH:
	case DLX_LOGIC_EMPTY_RECTANGLE:
		/* "skyscraper 5 in row 2, row 7 (cells)" */
		lgi_puts(o, " ");
		lgi_putsym(lg, o, s);
		lgi_puts(o, " in ");
		for (i = 0; i < st->nhouses; i++) {
			if (i > 0)
				lgi_puts(o, ", ");
			lgi_puthouse(lg, o, st->houses[i]);
		}
		lgi_putcells(lg, o, st->cells, st->ncells);
		break;
	case DLX_LOGIC_XY_WING:
	case DLX_LOGIC_XYZ_WING:
		/* "xy-wing pivot r1c1 {3,5}, pincers r1c7 {3,7}, r4c1
		 * {5,7}" */
		for (k = 0; k < (int)st->nsets; k++) {
			lgi_puts(o, k == 0 ? " pivot " : k == 1 ?
			    ", pincers " : ", ");
			lgi_putcell(lg, o, st->set[k].cells[0]);
			lgi_puts(o, " ");
			lgi_putset(lg, o, st->set[k].symbols);
		}
		break;
	case DLX_LOGIC_W_WING:
		/* "w-wing {3,7} in r1c1 r5c6, strong link 3 in row 9
		 * (r9c1, r9c6)" */
		if (st->nsets < 2)
			break;
		lgi_puts(o, " ");
		lgi_putset(lg, o, st->set[0].symbols);
		lgi_puts(o, " in");
		put_list(lg, o, st->set[0].cells, st->set[0].ncells);
		lgi_puts(o, ", strong link ");
		lgi_putsym(lg, o, lowest(st->set[1].symbols));
		lgi_puts(o, " in ");
		lgi_puthouse(lg, o, st->set[1].house);
		lgi_putcells(lg, o, st->set[1].cells, st->set[1].ncells);
		break;
	case DLX_LOGIC_FINNED_X_WING:
	case DLX_LOGIC_SASHIMI_X_WING:
	case DLX_LOGIC_FINNED_SWORDFISH:
	case DLX_LOGIC_SASHIMI_SWORDFISH:
	case DLX_LOGIC_FINNED_JELLYFISH:
	case DLX_LOGIC_SASHIMI_JELLYFISH:
		/* "finned x-wing 5 in rows 2, 7 confined to columns 3, 8,
		 * fins r2c1 r2c2" */
		k = (st->nhouses - 1) / 2;
		lgi_puts(o, " ");
		lgi_putsym(lg, o, s);
		lgi_puts(o, " in ");
		put_lines(lg, o, st->houses, k);
		lgi_puts(o, " confined to ");
		put_lines(lg, o, st->houses + k, k);
		lgi_puts(o, st->nfins == 1 ? ", fin" : ", fins");
		put_list(lg, o, st->fins, st->nfins);
		break;
	case DLX_LOGIC_SIMPLE_COLORS:
	case DLX_LOGIC_MULTI_COLORS:
		/* "simple colors 5 (trap): r1c1 r3c5 | r2c2 r7c1" */
		lgi_puts(o, " ");
		lgi_putsym(lg, o, s);
		if (st->rule == DLX_LOGIC_SIMPLE_COLORS)
			lgi_puts(o, wrap(st) ? " (wrap)" : " (trap)");
		lgi_puts(o, ":");
		for (k = 0; k < (int)st->nsets; k++) {
			if (k > 0)
				lgi_puts(o, k % 2 ? " |" : " and");
			put_list(lg, o, st->set[k].cells, st->set[k].ncells);
		}
		break;
	case DLX_LOGIC_UR_TYPE1:
	case DLX_LOGIC_UR_TYPE2:
	case DLX_LOGIC_UR_TYPE3:
	case DLX_LOGIC_UR_TYPE4:
	case DLX_LOGIC_UR_TYPE5:
	case DLX_LOGIC_UR_TYPE6:
	case DLX_LOGIC_HIDDEN_RECTANGLE:
		/* "unique rectangle type 3 {3,7} (r1c1, ...) with {2,5,8}
		 * in row 3 (r3c5, r3c6)"; type 4 "with strong link in
		 * row 3" */
		lgi_puts(o, " ");
		lgi_putset(lg, o, st->symbols);
		lgi_putcells(lg, o, st->cells, st->ncells);
		if (st->rule == DLX_LOGIC_UR_TYPE3 && st->nsets > 0) {
			lgi_puts(o, " with ");
			lgi_putset(lg, o, st->set[0].symbols);
			lgi_puts(o, " in ");
			lgi_puthouse(lg, o, st->set[0].house);
			lgi_putcells(lg, o, st->set[0].cells,
			    st->set[0].ncells);
		}
		if ((st->rule == DLX_LOGIC_UR_TYPE2 ||
		    st->rule == DLX_LOGIC_UR_TYPE5) && st->nsets > 0) {
			lgi_puts(o, " with ");
			lgi_putsym(lg, o, lowest(st->set[0].symbols));
			lgi_puts(o, " in");
			put_list(lg, o, st->set[0].cells, st->set[0].ncells);
		}
		if ((st->rule == DLX_LOGIC_UR_TYPE4 ||
		    st->rule == DLX_LOGIC_HIDDEN_RECTANGLE) &&
		    st->nhouses > 0 && st->nelim > 0) {
			/* The strong links are on the symbol of the pair
			 * that stays. */
			lgi_puts(o, st->nhouses == 1 ? " with strong link " :
			    " with strong links ");
			lgi_putsym(lg, o, lowest(st->symbols &
			    ~BIT(st->elim[0].symbol)));
			lgi_puts(o, " in ");
			for (i = 0; i < st->nhouses; i++) {
				if (i > 0)
					lgi_puts(o, ", ");
				lgi_puthouse(lg, o, st->houses[i]);
			}
		}
		break;
	case DLX_LOGIC_BUG_PLUS_1:
		/* "bug+1: r4c5 = 7 (all other cells have two
		 * candidates)" */
		lgi_puts(o, ": ");
		lgi_putcell(lg, o, st->cell);
		lgi_puts(o, " = ");
		lgi_putsym(lg, o, st->symbol);
		lgi_puts(o, " (every other empty cell has two candidates)");
		return 1;
	default:
		return 0;
	}
	lgi_putelims(lg, o, st);
	return 1;
}
