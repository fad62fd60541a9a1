/*
 * sudoku_logic_patterns.c: the rules of the logic solver between the
 * basic fish and the chains (dlx_logic.h lists them, dlx_logic(3) says
 * what each does): single-digit patterns, wings, finned and sashimi fish,
 * and coloring; the uniqueness rules are in sudoku_logic_unique.c, and
 * the text of every step of both files is written here.
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
uint64_t
lgi_places(const dlx_logic *lg, int h, int s)
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
void
lgi_elim_seen(dlx_logic *lg, const int *cells, int k, int s)
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
void
lgi_name_cells(dlx_logic *lg, struct dlx_logic_step *st, int tag, int house,
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
		if (popcount(m = lgi_places(lg, h, s)) != 2)
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
					    lgi_sees(lg, a, d) || classify(lg,
					    &lk[i], b, &lk[j], c) != (int)r)
						continue;
					lgi_step_init(lg, st, r);
					ends[0] = a;
					ends[1] = d;
					lgi_elim_seen(lg, ends, 2, s);
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
			 * box that together hold every place (each row and
			 * column once). */
			for (x = 0; x < nb; x++)
				for (y = 0; y < nb; y++) {
					r = ROW(lg, bc[x]);
					c = COL(lg, bc[y]);
					for (i = 0; i < x && ROW(lg, bc[i]) !=
					    r; i++)
						continue;
					if (i < x)
						break;
					for (i = 0; i < y && COL(lg, bc[i]) !=
					    c; i++)
						continue;
					if (i < y)
						continue;
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
				lgi_elim_seen(lg, w, xyz ? 3 : 2, z);
				if (lg->nelim == 0)
					continue;
				lgi_name_cells(lg, st, 0, -1, mp, &p, 1);
				lgi_name_cells(lg, st, 1, -1, ma, &a, 1);
				lgi_name_cells(lg, st, 1, -1, mb, &b, 1);
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
						if (p == a || p == b ||
						    q == a || q == b ||
						    !lgi_sees(lg, p, a) ||
						    !lgi_sees(lg, q, b))
							continue;
						lgi_step_init(lg, st,
						    DLX_LOGIC_W_WING);
						pair[0] = a;
						pair[1] = b;
						lgi_elim_seen(lg, pair, 2, y);
						if (lg->nelim == 0)
							continue;
						lgi_name_cells(lg, st, 0, -1, m, pair,
						    2);
						ends[0] = p < q ? p : q;
						ends[1] = p < q ? q : p;
						lgi_name_cells(lg, st, 1, lk[k].h,
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
	int		 box;		/* the box of the fins */
	int		 base[4];	/* base lines chosen */
	uint64_t	 m[MAXN];	/* places of s in each line */
	uint64_t	 inbox[MAXN];	/* positions of each line in box */
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

/* Choose the cover lines: cover (the lines the base lines need outside
 * the fins' box) and k in all, the others from those in u. */
static int
finned_cover(struct finned *f, uint64_t u, int start, uint64_t cover)
{
	int	 j;

	if (popcount(cover) == f->k)
		return finned_try(f, cover);
	for (j = start; j < f->lg->n; j++)
		if ((u & HBIT(j)) && !(cover & HBIT(j)) &&
		    finned_cover(f, u, j + 1, cover | HBIT(j)))
			return 1;
	return 0;
}

/*
 * Choose the base lines among cand[0..nc-1] for fins in box f->box: out
 * (the union of their places outside the box) must fit in k cover lines,
 * in (their places inside it) gives the other cover lines to choose.
 */
static int
finned_base(struct finned *f, const int *cand, int nc, int depth, int start,
    uint64_t out, uint64_t in)
{
	int	 i, b;

	if (depth == f->k)
		return finned_cover(f, in & ~out, 0, out);
	for (i = start; i <= nc - (f->k - depth); i++) {
		b = cand[i];
		if (popcount(out | (f->m[b] & ~f->inbox[b])) > f->k)
			continue;
		f->base[depth] = b;
		if (finned_base(f, cand, nc, depth + 1, i + 1,
		    out | (f->m[b] & ~f->inbox[b]), in | (f->m[b] &
		    f->inbox[b])))
			return 1;
	}
	return 0;
}

/*
 * The fins of a finned fish lie in one box: for each box, the base lines
 * can only be lines whose places outside the box are at most k (those
 * must be covered), which keeps the search small even on an empty 36x36.
 */
static int
finned_fish(dlx_logic *lg, struct dlx_logic_step *st, enum dlx_logic_rule r)
{
	struct finned	 f;
	int		 b, i, c, cand[MAXN], nc;

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
			for (f.box = 0; f.box < lg->n; f.box++) {
				nc = 0;
				for (b = 0; b < lg->n; b++) {
					f.inbox[b] = 0;
					for (i = 0; i < lg->n; i++) {
						c = line_cell(lg, f.rows, b, i);
						if (lgi_box(lg, c) == f.box)
							f.inbox[b] |= HBIT(i);
					}
					if (f.m[b] != 0 && popcount(f.m[b] &
					    ~f.inbox[b]) <= f.k)
						cand[nc++] = b;
				}
				if (nc >= f.k && finned_base(&f, cand, nc, 0,
				    0, 0, 0))
					return 1;
			}
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
/* The houses of the cells of each color: hm[k][v][0] has bit r for a
 * row r with a cell of cluster k and color v, [1] the columns, [2] the
 * boxes. */
typedef uint64_t house_masks[3 * MAXN][2][3];

static int
clusters(const dlx_logic *lg, int s, int *clu, int *col, house_masks hm)
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
	memset(hm, 0, (size_t)nc * sizeof hm[0]);
	for (c = 0; c < lg->ncells; c++)
		if (clu[c] >= 0) {
			hm[clu[c]][col[c]][0] |= HBIT(ROW(lg, c));
			hm[clu[c]][col[c]][1] |= HBIT(COL(lg, c));
			hm[clu[c]][col[c]][2] |= HBIT(lgi_box(lg, c));
		}
	return nc;
}

/* Does cell c, not itself of color v of cluster k, see a cell of it? */
static int
sees_color(const dlx_logic *lg, int c, house_masks hm, int k, int v)
{
	return ((hm[k][v][0] >> ROW(lg, c)) & 1) ||
	    ((hm[k][v][1] >> COL(lg, c)) & 1) ||
	    ((hm[k][v][2] >> lgi_box(lg, c)) & 1);
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
	int		 clu[MAXN * MAXN], col[MAXN * MAXN];
	house_masks	 hm;
	int	 s, nc, k, v, c, d;

	for (s = 1; s <= lg->n; s++) {
		if ((nc = clusters(lg, s, clu, col, hm)) <= 0)
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
				    sees_color(lg, c, hm, k, 0) &&
				    sees_color(lg, c, hm, k, 1))
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
colors_meet(const dlx_logic *lg, const int *clu, const int *col,
    house_masks hm, int k, int v, int j, int w)
{
	int	 c;

	for (c = 0; c < lg->ncells; c++)
		if (clu[c] == k && col[c] == v &&
		    sees_color(lg, c, hm, j, w))
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
	int		 clu[MAXN * MAXN], col[MAXN * MAXN];
	house_masks	 hm;
	int	 s, nc, k, j, v, w, c;

	for (s = 1; s <= lg->n; s++) {
		if ((nc = clusters(lg, s, clu, col, hm)) < 2)
			continue;
		for (k = 0; k < nc; k++)
			for (j = 0; j < nc; j++) {
				if (j == k)
					continue;
				for (v = 0; v < 2; v++) {
					lgi_step_init(lg, st,
					    DLX_LOGIC_MULTI_COLORS);
					if (colors_meet(lg, clu, col, hm, k,
					    v, j, 0) && colors_meet(lg, clu,
					    col, hm, k, v, j, 1))
						for (c = 0; c < lg->ncells; c++)
							if (clu[c] == k &&
							    col[c] == v)
								lgi_elim(lg, c,
								    s);
					for (w = 0; w < 2 && lg->nelim == 0 &&
					    j > k; w++) {
						if (!colors_meet(lg, clu, col,
						    hm, k, v, j, w))
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
							    hm, k, !v) &&
							    sees_color(lg, c,
							    hm, j, !w))
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
	case DLX_LOGIC_BUG_PLUS_1:
		return lgi_unique_apply(lg, st, r);
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
