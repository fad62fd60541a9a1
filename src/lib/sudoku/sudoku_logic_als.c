/*
 * sudoku_logic_als.c: almost locked sets (ALS-XZ, ALS-XY-wing, ALS chains,
 * death blossom) and Sue de Coq.
 *
 * An almost locked set (ALS) is k cells of one house with k + 1
 * candidates in all: take any one symbol away and the rest is locked.  A
 * symbol x is a restricted common candidate (RCC) of two ALSs with no
 * cell in common when both have it and every cell of both that has x
 * sees every other: x is then true in at most one of them, so the other
 * is locked.  The rules:
 *
 *	ALS-XZ		A and B with an RCC x: a symbol z of both (not x) is
 *			true in A or in B, so it leaves every cell that sees
 *			all of A's and B's z cells;
 *	ALS-XY-wing	A and B each with an RCC (x, y, x != y) with a pivot
 *			C: z of A and B likewise;
 *	ALS chain	A1 .. Ak (k >= 4), consecutive ones joined by RCCs,
 *			no two consecutive RCCs the same: z of A1 and Ak
 *			other than the first and last RCC likewise;
 *	death blossom	a stem cell whose every candidate d sees all the d
 *			cells of a petal ALS (petals disjoint): z of every
 *			petal, not a stem candidate, likewise.
 *
 * The ALSs are enumerated once per rule call over every house (cells
 * with two or more candidates, at most lgc.alsmax cells each), kept up to
 * lgc.maxals; the searches are bounded by the inference budget.
 *
 * Sue de Coq: cells C (two or more) where a box and a line meet, with
 * |C| + 2 or more candidates V, and cells D of the rest of the line and E
 * of the rest of the box, with no candidate of D in E, such that C, D and
 * E together have exactly as many candidates as cells.  Each symbol is
 * then placed once in C + D + E (cells of C and D see each other, C and E
 * too, and D and E share no symbol): the symbols of D's set and of C's
 * that are not E's leave the rest of the line, those of E's and of C's
 * that are not D's the rest of the box.
 */
#include <string.h>

#include "lib/sudoku/sudoku_logic_chains.h"

#define ALS_CHAIN_MAX	5	/* most ALSs of a chain */

static inline uint64_t *
bits(struct lgc *x, int i)
{
	return x->alsbits + (size_t)x->als[i].set * x->w;
}

static inline const int *
acells(const struct lgc *x, int i)
{
	return x->alscells + x->als[i].off;
}

/* Add cells pick[0..k-1] of house h as an ALS unless known or full. */
static void
add_als(dlx_logic *lg, struct lgc *x, int h, const int *pick, int k,
    uint64_t cand)
{
	struct lgc_als	*a;
	uint64_t	*b;
	int		 i, j;

	if (x->nals >= x->maxals)
		return;
	b = x->alsbits + (size_t)x->nals * x->w;
	memset(b, 0, x->w * sizeof *b);
	for (i = 0; i < k; i++)
		LGC_SET(b, pick[i]);
	/* A set in a box and a line is found twice: keep the first. */
	for (i = 0; i < x->nals; i++) {
		if (x->als[i].ncells != k || x->als[i].cand != cand)
			continue;
		for (j = 0; j < x->w && bits(x, i)[j] == b[j]; j++)
			continue;
		if (j == x->w)
			return;
	}
	a = &x->als[x->nals];
	a->house = h;
	a->ncells = k;
	a->cand = cand;
	a->off = x->nals * x->alsmax;
	a->set = x->nals;
	memcpy(x->alscells + a->off, pick, k * sizeof *pick);
	x->nals++;
	(void)lg;
}

static void
als_rec(dlx_logic *lg, struct lgc *x, int h, const int *cells, int nc,
    int from, int *pick, int k, uint64_t u)
{
	int		 i;
	uint64_t	 v;

	if (k > 0 && popcount(u) == k + 1)
		add_als(lg, x, h, pick, k, u);
	if (k == x->alsmax)
		return;
	for (i = from; i < nc; i++) {
		v = u | lg->cand[cells[i]];
		/* k + 1 cells can hold at most k + 2 symbols. */
		if (popcount(v) > x->alsmax + 1)
			continue;
		pick[k] = cells[i];
		als_rec(lg, x, h, cells, nc, i + 1, pick, k + 1, v);
	}
}

static void
find_als(dlx_logic *lg, struct lgc *x)
{
	int	 h, i, c, nc, cells[DLX_LOGIC_MAXN], pick[DLX_LOGIC_MAXN];
	int	 s;

	x->nals = 0;
	for (h = 0; h < NHOUSES(lg); h++) {
		for (nc = i = 0; i < lg->n; i++)
			if (lg->cand[c = HOUSE(lg, h)[i]] != 0)
				cells[nc++] = c;
		als_rec(lg, x, h, cells, nc, 0, pick, 0, 0);
	}
	memset(x->symcells, 0, (size_t)lg->n * x->w * sizeof *x->symcells);
	for (c = 0; c < lg->ncells; c++)
		for (s = 1; s <= lg->n; s++)
			if (lg->cand[c] & BIT(s))
				LGC_SET(x->symcells + (size_t)(s - 1) * x->w, c);
}

/* The cells that see every cell of ALS a with symbol s (all cells if it
 * has none). */
static inline uint64_t *
see_all(struct lgc *x, int a, int s)
{
	return x->alssee + ((size_t)a * x->n + s - 1) * x->w;
}

static void
fill_see_all(struct lgc *x, int a, const dlx_logic *lg)
{
	const int	*cl = acells(x, a);
	uint64_t	*v;
	int		 i, j, s;

	for (s = 1; s <= lg->n; s++) {
		v = see_all(x, a, s);
		for (j = 0; j < x->w; j++)
			v[j] = ~(uint64_t)0;
		for (i = 0; i < x->als[a].ncells; i++)
			if (lg->cand[cl[i]] & BIT(s))
				for (j = 0; j < x->w; j++)
					v[j] &= x->peers[(size_t)cl[i] * x->w +
					    j];
	}
}

static inline int
disjoint(struct lgc *x, int a, int b)
{
	int	 j;

	for (j = 0; j < x->w; j++)
		if (bits(x, a)[j] & bits(x, b)[j])
			return 0;
	return 1;
}

/* The RCCs of a and b as a mask (0 if they overlap): the common symbols
 * whose cells in b all see every such cell of a. */
static uint64_t
rccs(struct lgc *x, int a, int b)
{
	const uint64_t	*v, *ba, *bb, *sc;
	uint64_t	 m = 0, com, bad;
	int		 s, j, w = x->w;

	if (a == b || !(com = x->als[a].cand & x->als[b].cand))
		return 0;
	ba = bits(x, a);
	bb = bits(x, b);
	/* This runs for every pair of ALSs: a 9x9 grid's sets of cells
	 * are two words, written out; and only the common symbols. */
	if (w == 2) {
		if ((ba[0] & bb[0]) | (ba[1] & bb[1]))
			return 0;
		for (; com != 0; com &= com - 1) {
			s = lowest(com);
			v = see_all(x, a, s);
			sc = x->symcells + (size_t)(s - 1) * 2;
			if (((bb[0] & sc[0] & ~v[0]) |
			    (bb[1] & sc[1] & ~v[1])) == 0)
				m |= BIT(s);
		}
		return m;
	}
	if (!disjoint(x, a, b))
		return 0;
	for (; com != 0; com &= com - 1) {
		s = lowest(com);
		v = see_all(x, a, s);
		sc = x->symcells + (size_t)(s - 1) * w;
		for (bad = 0, j = 0; j < w; j++)
			bad |= bb[j] & sc[j] & ~v[j];
		if (bad == 0)
			m |= BIT(s);
	}
	return m;
}

/*
 * The RCC edges of every ALS, each ALS's in ascending order of the other,
 * at most maxadj in all (the first ones in that order).  A symbol is an
 * RCC of a and b exactly when it is one of b and a (every such cell of
 * one sees every such cell of the other), so each pair is looked at
 * once, a < b, into the scratch lists, and the edges are then dealt to
 * both ends: an ALS's edges to smaller ALSs come first, from the pairs of
 * the smaller ones, in their order.  Returns 0 if the scratch lists are
 * too short (the caller then looks at every ordered pair).
 */
static int
rcc_edges(struct lgc *x)
{
	int		 a, b, e, h = 0, t, *cur = x->adjcur;
	uint64_t	 m;

	for (a = 0; a <= x->nals; a++)
		cur[a] = 0;
	for (a = 0; a < x->nals; a++) {
		x->hstart[a] = h;
		for (b = a + 1; b < x->nals; b++)
			if ((m = rccs(x, a, b)) != 0) {
				if (h == x->maxadj)
					return 0;
				x->hals[h] = b;
				x->hrcc[h++] = m;
				cur[a]++;
				cur[b]++;
			}
	}
	x->hstart[x->nals] = h;
	/* Where each ALS's edges start; those past maxadj are dropped. */
	for (t = 0, a = 0; a < x->nals; a++) {
		x->adjstart[a] = t;
		t += cur[a];
		if (t > x->maxadj)
			t = x->maxadj;
		cur[a] = x->adjstart[a];
	}
	x->adjstart[x->nals] = t;
	for (a = 0; a < x->nals; a++)
		for (e = x->hstart[a]; e < x->hstart[a + 1]; e++) {
			b = x->hals[e];
			if (cur[a] < x->adjstart[a + 1]) {
				x->adjals[cur[a]] = b;
				x->adjrcc[cur[a]++] = x->hrcc[e];
			}
			if (cur[b] < x->adjstart[b + 1]) {
				x->adjals[cur[b]] = a;
				x->adjrcc[cur[b]++] = x->hrcc[e];
			}
		}
	return 1;
}

/* The ALSs of the current candidates, their tables and RCC edges; kept
 * while the candidates stay the same (the ALS rules come one after the
 * other on one grid). */
static void
build_als(dlx_logic *lg, struct lgc *x)
{
	int		 a, b, k = 0;
	uint64_t	 m;

	if (x->alsvalid && memcmp(x->alsgrid, lg->cand, lg->ncells *
	    sizeof *lg->cand) == 0)
		return;
	memcpy(x->alsgrid, lg->cand, lg->ncells * sizeof *lg->cand);
	x->alsvalid = 1;
	find_als(lg, x);
	for (a = 0; a < x->nals; a++)
		fill_see_all(x, a, lg);
	if (rcc_edges(x))
		return;
	for (a = 0; a < x->nals; a++) {
		x->adjstart[a] = k;
		for (b = 0; b < x->nals && k < x->maxadj; b++)
			if ((m = rccs(x, a, b)) != 0) {
				x->adjals[k] = b;
				x->adjrcc[k++] = m;
			}
	}
	x->adjstart[x->nals] = k;
}

/*
 * The cells outside the sets[0..k-1] that have z and see all their z
 * cells (each set must have one), into v (x->w words); returns whether
 * there is any.
 */
static int
z_cells(struct lgc *x, const int *sets, int k, int z, uint64_t *v)
{
	uint64_t	*t, any = 0;
	int		 i, j;

	for (j = 0; j < x->w; j++)
		v[j] = x->symcells[(size_t)(z - 1) * x->w + j];
	for (i = 0; i < k; i++) {
		t = see_all(x, sets[i], z);
		for (j = 0; j < x->w; j++)
			v[j] &= t[j] & ~bits(x, sets[i])[j];
	}
	for (j = 0; j < x->w; j++)
		any |= v[j];
	return any != 0;
}

/* Note the removal of z from the cells of z_cells(); returns whether
 * any is noted. */
static int
elim_z(dlx_logic *lg, struct lgc *x, const int *sets, int k, int z)
{
	uint64_t	*v = x->tmp + x->w, m;
	int		 j;

	if (!z_cells(x, sets, k, z, v))
		return 0;
	for (j = 0; j < x->w; j++)
		for (m = v[j]; m != 0; m &= m - 1)
			lgi_elim(lg, j * 64 + lowest(m) - 1, z);
	return 1;
}

static void
add_als_set(dlx_logic *lg, struct lgc *x, struct dlx_logic_step *st, int a)
{
	struct dlx_logic_set	 set;
	int			 i;

	memset(&set, 0, sizeof set);
	set.kind = DLX_LOGIC_SET_ALS;
	set.house = x->als[a].house;
	set.symbols = x->als[a].cand;
	set.ncells = x->als[a].ncells;
	for (i = 0; i < set.ncells; i++)
		set.cells[i] = acells(x, a)[i];
	/* Ascending: the enumeration picks cells in house order. */
	for (i = 1; i < set.ncells; i++) {
		int	 c = set.cells[i], j;

		for (j = i; j > 0 && set.cells[j - 1] > c; j--)
			set.cells[j] = set.cells[j - 1];
		set.cells[j] = c;
	}
	lgi_add_set(lg, st, &set);
}

/*
 * Try the chain sets[0..k-1] with RCC masks link[0..k-2] (the RCC used
 * between i and i+1 is one symbol chosen in link[i]): eliminations of
 * every z of the ends that is neither the first nor the last RCC.
 */
static int
try_ends(dlx_logic *lg, struct lgc *x, struct dlx_logic_step *st,
    enum dlx_logic_rule r, const int *sets, const int *used, int k)
{
	int		 ends[2], i;
	uint64_t	 zs, links = 0;

	ends[0] = sets[0];
	ends[1] = sets[k - 1];
	zs = x->als[ends[0]].cand & x->als[ends[1]].cand &
	    ~BIT(used[0]) & ~BIT(used[k - 2]);
	/* Most chains remove nothing: see so before starting a step (the
	 * symbols' cells are those of the current candidates, so a cell
	 * found is a removal). */
	for (; zs != 0; zs &= zs - 1)
		if (z_cells(x, ends, 2, lowest(zs), x->tmp + x->w))
			break;
	if (zs == 0)
		return 0;
	lgi_step_init(lg, st, r);
	/* From the first symbol that removes something. */
	for (; zs != 0; zs &= zs - 1)
		elim_z(lg, x, ends, 2, lowest(zs));
	if (lg->nelim == 0)
		return 0;
	for (i = 0; i < k; i++)
		add_als_set(lg, x, st, sets[i]);
	for (i = 0; i < k - 1; i++)
		links |= BIT(used[i]);
	st->symbols = links;
	st->rating += k > 3 ? k - 3 : 0;
	return lgi_finish(lg, st);
}

/* Depth-first ALS chains of exactly want sets; the cells of the sets
 * chosen so far are in x->tmp + (2 + k) * w. */
static int
chain_rec(dlx_logic *lg, struct lgc *x, struct dlx_logic_step *st,
    enum dlx_logic_rule r, int *sets, int *used, int k, int want)
{
	uint64_t	*u = x->tmp + (size_t)(2 + k) * x->w, *v = u + x->w;
	uint64_t	 m;
	int		 b, e, j, s;

	if (k == want)
		return try_ends(lg, x, st, r, sets, used, k);
	for (e = x->adjstart[sets[k - 1]]; e < x->adjstart[sets[k - 1] + 1];
	    e++) {
		if (x->budget == 0)
			return 0;
		x->budget--;
		b = x->adjals[e];
		for (j = 0; j < x->w && !(u[j] & bits(x, b)[j]); j++)
			continue;
		if (j < x->w)
			continue;
		m = x->adjrcc[e];
		if (k >= 2)
			m &= ~BIT(used[k - 2]);
		if (m == 0)
			continue;
		for (j = 0; j < x->w; j++)
			v[j] = u[j] | bits(x, b)[j];
		for (; m != 0; m &= m - 1) {
			s = lowest(m);
			/* The last set must share a symbol with the first
			 * that is not the first link (used[0], or s itself
			 * when this link is the first). */
			if (k + 1 == want && (x->als[sets[0]].cand &
			    x->als[b].cand & ~BIT(k == 1 ? s : used[0])) == 0)
				continue;
			sets[k] = b;
			used[k - 1] = s;
			if (chain_rec(lg, x, st, r, sets, used, k + 1, want))
				return 1;
		}
	}
	return 0;
}

static int
als_chains(dlx_logic *lg, struct lgc *x, struct dlx_logic_step *st,
    enum dlx_logic_rule r)
{
	int	 sets[ALS_CHAIN_MAX], used[ALS_CHAIN_MAX], a, want, lo, hi;

	lo = r == DLX_LOGIC_ALS_XZ ? 2 : r == DLX_LOGIC_ALS_XY_WING ? 3 : 4;
	hi = r == DLX_LOGIC_ALS_CHAIN ? ALS_CHAIN_MAX : lo;
	for (want = lo; want <= hi; want++)
		for (a = 0; a < x->nals; a++) {
			sets[0] = a;
			memcpy(x->tmp + 3 * x->w, bits(x, a),
			    x->w * sizeof *x->tmp);
			if (chain_rec(lg, x, st, r, sets, used, 1, want))
				return 1;
		}
	return 0;
}

/*
 * Death blossom: petals for the stem's candidates from d on.  The ALSs
 * that may be the petal of candidate d are x->common[pstart[d] ..
 * pstart[d + 1] - 1] (petal_symbols() lists them).
 */
static int
blossom_rec(dlx_logic *lg, struct lgc *x, int stem, int d, int z,
    int *petals, int np, const int *pstart)
{
	int		 a, e, i, ok;

	while (d <= lg->n && !(lg->cand[stem] & BIT(d)))
		d++;
	if (d > lg->n) {
		/* Every candidate has its petal: z goes. */
		return elim_z(lg, x, petals, np, z);
	}
	for (e = pstart[d]; e < pstart[d + 1]; e++) {
		if (x->budget == 0)
			return 0;
		x->budget--;
		a = x->common[e];
		if (!(x->als[a].cand & BIT(z)))
			continue;
		for (ok = 1, i = 0; i < np && ok; i++)
			ok = disjoint(x, petals[i], a);
		if (!ok)
			continue;
		petals[np] = a;
		if (blossom_rec(lg, x, stem, d + 1, z, petals, np + 1,
		    pstart))
			return 1;
	}
	return 0;
}

/* The symbols z that can be common to petals for every candidate of the
 * stem: for each candidate d, the union of the ALSs that may be its
 * petal (listed in x->common from pstart[d]); their intersection, without
 * the stem's own candidates. */
static uint64_t
petal_symbols(dlx_logic *lg, struct lgc *x, int stem, int *pstart)
{
	uint64_t	 u, zs;
	int		 a, d, k = 0;

	zs = lg->all & ~lg->cand[stem];
	for (d = 1; d <= lg->n; d++) {
		pstart[d] = k;
		if (!(lg->cand[stem] & BIT(d)))
			continue;
		u = 0;
		for (a = 0; a < x->nals && k < 2 * x->ncand; a++) {
			if (!(x->als[a].cand & BIT(d)) ||
			    LGC_HAS(bits(x, a), stem))
				continue;
			/* Every d cell of a sees the stem. */
			if (!LGC_HAS(see_all(x, a, d), stem))
				continue;
			x->common[k++] = a;
			u |= x->als[a].cand;
		}
		zs &= u;
	}
	pstart[lg->n + 1] = k;
	return zs;
}

static int
death_blossom(dlx_logic *lg, struct lgc *x, struct dlx_logic_step *st)
{
	struct dlx_logic_set	 set;
	int			 stem, z, petals[DLX_LOGIC_MAXN], np, i;
	int			 pstart[DLX_LOGIC_MAXN + 2];
	uint64_t		 zs;

	for (stem = 0; stem < lg->ncells; stem++) {
		np = popcount(lg->cand[stem]);
		if (np < 2 || np > 4)
			continue;
		zs = petal_symbols(lg, x, stem, pstart);
		for (z = 1; z <= lg->n; z++) {
			if (!(zs & BIT(z)))
				continue;
			lgi_step_init(lg, st, DLX_LOGIC_DEATH_BLOSSOM);
			if (!blossom_rec(lg, x, stem, 1, z, petals, 0,
			    pstart)) {
				lgi_drop(lg);
				continue;
			}
			memset(&set, 0, sizeof set);
			set.kind = DLX_LOGIC_SET_CELLS;
			set.house = -1;
			set.symbols = lg->cand[stem];
			set.ncells = 1;
			set.cells[0] = stem;
			lgi_add_set(lg, st, &set);
			for (i = 0; i < np; i++)
				add_als_set(lg, x, st, petals[i]);
			st->symbols = BIT(z);
			return lgi_finish(lg, st);
		}
	}
	return 0;
}

/* Sue de Coq. */
static void
add_cells_set(dlx_logic *lg, struct dlx_logic_step *st, const int *cells,
    int k, int h, uint64_t syms)
{
	struct dlx_logic_set	 set;
	int			 i, j, c;

	memset(&set, 0, sizeof set);
	set.kind = DLX_LOGIC_SET_CELLS;
	set.house = h;
	set.symbols = syms;
	for (i = 0; i < k; i++) {
		c = cells[i];
		for (j = set.ncells++; j > 0 && set.cells[j - 1] > c; j--)
			set.cells[j] = set.cells[j - 1];
		set.cells[j] = c;
	}
	lgi_add_set(lg, st, &set);
}

static int
in_list(const int *v, int k, int c)
{
	int	 i;

	for (i = 0; i < k; i++)
		if (v[i] == c)
			return 1;
	return 0;
}

/* Remove the symbols of m from the cells of house h outside a and b. */
static void
sdc_elims(dlx_logic *lg, int h, uint64_t m, const int *a, int ka,
    const int *b, int kb)
{
	int	 i, d, s;

	for (i = 0; i < lg->n; i++) {
		d = HOUSE(lg, h)[i];
		if (in_list(a, ka, d) || in_list(b, kb, d))
			continue;
		for (s = 1; s <= lg->n; s++)
			if (m & BIT(s))
				lgi_elim(lg, d, s);
	}
}

/* Cells of list[0..n-1] picked by the bits of m into out; their count. */
static int
pick_cells(const int *list, int n, unsigned m, int *out, uint64_t *cand,
    const dlx_logic *lg)
{
	int	 i, k = 0;

	*cand = 0;
	for (i = 0; i < n; i++)
		if (m & (1u << i)) {
			out[k++] = list[i];
			*cand |= lg->cand[list[i]];
		}
	return k;
}

/* The candidates of every subset of list[0..n-1] (n <= 12): v[m] for the
 * cells picked by the bits of m, each from a smaller one. */
static void
subset_cands(const dlx_logic *lg, const int *list, int n, uint64_t *v)
{
	unsigned	 m;

	v[0] = 0;
	for (m = 1; m < (1u << n); m++)
		v[m] = v[m & (m - 1)] | lg->cand[list[lowest(m) - 1]];
}

static int
sue_de_coq(dlx_logic *lg, struct lgc *x, struct dlx_logic_step *st)
{
	int		 n = lg->n, b, l, i, c, box, ni, nl, nb, kc, kd, ke;
	int		 in[DLX_LOGIC_MAXN], ln[DLX_LOGIC_MAXN];
	int		 bx[DLX_LOGIC_MAXN], C[DLX_LOGIC_MAXN];
	int		 D[DLX_LOGIC_MAXN], E[DLX_LOGIC_MAXN];
	unsigned	 mc, md, me;
	uint64_t	 V, VD, VE, U, *vl = x->sdc, *vb = x->sdc + 4096;

	if (n > 16)
		return 0;
	for (b = 0; b < n; b++)
		for (l = 0; l < 2 * n; l++) {
			box = 2 * n + b;
			c = HOUSE(lg, box)[0];
			if (l < n ? l / lg->br != ROW(lg, c) / lg->br :
			    (l - n) / lg->bc != COL(lg, c) / lg->bc)
				continue;
			ni = nl = nb = 0;
			for (i = 0; i < n; i++) {
				c = HOUSE(lg, l)[i];
				if (lg->cand[c] == 0)
					continue;
				if (x->box[c] == b)
					in[ni++] = c;
				else
					ln[nl++] = c;
			}
			for (i = 0; i < n; i++) {
				c = HOUSE(lg, box)[i];
				if (lg->cand[c] != 0 && !lgi_in_house(lg, c, l))
					bx[nb++] = c;
			}
			if (ni < 2 || nl < 1 || nb < 1 || nl > 12 || nb > 12)
				continue;
			/* The subsets' candidates once, not in the loops. */
			subset_cands(lg, ln, nl, vl);
			subset_cands(lg, bx, nb, vb);
			for (mc = 1; mc < (1u << ni); mc++) {
				if ((kc = pick_cells(in, ni, mc, C, &V,
				    lg)) < 2 || popcount(V) < kc + 2)
					continue;
				for (md = 1; md < (1u << nl); md++) {
					kd = popcount(md);
					VD = vl[md];
					if (kd > 4 || popcount(V | VD) >
					    kc + kd + nb)
						continue;
					for (me = 1; me < (1u << nb); me++) {
						ke = popcount(me);
						VE = vb[me];
						if (ke > 4 || (VD & VE) != 0)
							continue;
						U = V | VD | VE;
						if (popcount(U) != kc + kd + ke)
							continue;
						pick_cells(ln, nl, md, D, &VD,
						    lg);
						pick_cells(bx, nb, me, E, &VE,
						    lg);
						lgi_step_init(lg, st,
						    DLX_LOGIC_SUE_DE_COQ);
						sdc_elims(lg, l, U & ~VE, C, kc,
						    D, kd);
						sdc_elims(lg, box, U & ~VD, C,
						    kc, E, ke);
						if (lg->nelim == 0)
							continue;
						add_cells_set(lg, st, C, kc, -1,
						    V);
						add_cells_set(lg, st, D, kd, l,
						    VD);
						add_cells_set(lg, st, E, ke,
						    box, VE);
						return lgi_finish(lg, st);
					}
				}
			}
		}
	return 0;
}

int
lgc_als_apply(dlx_logic *lg, struct lgc *x, struct dlx_logic_step *st,
    enum dlx_logic_rule r)
{
	x->budget = (uint64_t)1 << 20;
	if (r == DLX_LOGIC_SUE_DE_COQ)
		return sue_de_coq(lg, x, st);
	if (x->maxals == 0)
		return 0;
	build_als(lg, x);
	if (r == DLX_LOGIC_DEATH_BLOSSOM) {
		x->budget = (uint64_t)1 << 16;
		return death_blossom(lg, x, st);
	}
	return als_chains(lg, x, st, r);
}
