/*
 * sudoku_logic_rules.c: the rules of the logic solver (see
 * dlx_logic.h and, for the state they work on, sudoku_logic_int.h).
 *
 * A rule function either finds one instance of its pattern that changes
 * something, applies it and fills in the step, or returns 0 having
 * changed nothing.  Patterns that remove no candidate are not steps: they
 * are true but useless, and would loop forever.
 *
 * The search for subsets and fish enumerates k-combinations of at most N
 * masks with pruning on the size of their union, which for N <= 25 and
 * k <= 4 is at most C(25,4) = 12650 unions per house: cheap next to what
 * a person would do, and done only when every simpler rule has failed.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/sudoku/sudoku_logic_int.h"

void
lgi_step_init(dlx_logic *lg, struct dlx_logic_step *st, enum dlx_logic_rule r)
{
	memset(st, 0, sizeof *st);
	st->rule = r;
	st->cell = -1;
	st->rating = dlx_logic_rule_value(r);
	lg->score = dlx_logic_rule_score(r);
	lgi_drop(lg);
	lg->nlinks = 0;
	lg->nsets = 0;
	st->elim = lg->elim;
	st->link = lg->link;
	st->set = lg->set;
}

void
lgi_drop(dlx_logic *lg)
{
	size_t	 i;

	for (i = 0; i < lg->nelim; i++)
		lg->pending[lg->elim[i].cell] = 0;
	lg->nelim = 0;
}

/* Note that s leaves cell's candidates; the removal happens in
 * lgi_finish().  A candidate that is not there, or is noted already, is
 * skipped, so a rule may list a cell as often as its pattern reaches it. */
void
lgi_elim(dlx_logic *lg, int cell, int s)
{
	if (!(lg->cand[cell] & BIT(s)) || (lg->pending[cell] & BIT(s)))
		return;
	assert(lg->nelim < lg->maxelim);
	lg->pending[cell] |= BIT(s);
	lg->elim[lg->nelim].cell = cell;
	lg->elim[lg->nelim].symbol = s;
	lg->nelim++;
}

static int
cmp_elim(const void *a, const void *b)
{
	const struct dlx_logic_elim *x = a, *y = b;

	if (x->symbol != y->symbol)
		return x->symbol < y->symbol ? -1 : 1;
	return (x->cell > y->cell) - (x->cell < y->cell);
}

/* Insert cell into the ascending list v[0..*n-1] unless it is there. */
static void
insert_cell(int *v, int *n, int cell)
{
	int	 i;

	for (i = 0; i < *n; i++)
		if (v[i] == cell)
			return;
	assert(*n < DLX_LOGIC_MAXCELLS);
	for (i = (*n)++; i > 0 && v[i - 1] > cell; i--)
		v[i] = v[i - 1];
	v[i] = cell;
}

void
lgi_add_cell(struct dlx_logic_step *st, int cell)
{
	insert_cell(st->cells, &st->ncells, cell);
}

void
lgi_add_fin(struct dlx_logic_step *st, int cell)
{
	insert_cell(st->fins, &st->nfins, cell);
}

void
lgi_add_house(struct dlx_logic_step *st, int h)
{
	assert(st->nhouses < DLX_LOGIC_MAXHOUSES);
	st->houses[st->nhouses++] = h;
}

int
lgi_add_link(dlx_logic *lg, struct dlx_logic_step *st,
    const struct dlx_logic_link *ln)
{
	if (lg->nlinks >= lg->maxlinks)
		return -1;
	lg->link[lg->nlinks] = *ln;
	st->link = lg->link;
	st->nlinks = ++lg->nlinks;
	return (int)lg->nlinks - 1;
}

int
lgi_add_set(dlx_logic *lg, struct dlx_logic_step *st,
    const struct dlx_logic_set *set)
{
	if (lg->nsets >= lg->maxsets)
		return -1;
	lg->set[lg->nsets] = *set;
	st->set = lg->set;
	st->nsets = ++lg->nsets;
	return (int)lg->nsets - 1;
}

/*
 * Apply the eliminations collected for st.  Returns 1 if there are any
 * (the step counts), else 0 and the grid is unchanged.
 */
int
lgi_finish(dlx_logic *lg, struct dlx_logic_step *st)
{
	size_t	 i;

	if (lg->nelim == 0)
		return 0;
	qsort(lg->elim, lg->nelim, sizeof *lg->elim, cmp_elim);
	for (i = 0; i < lg->nelim; i++) {
		lg->cand[lg->elim[i].cell] &= ~BIT(lg->elim[i].symbol);
		lg->pending[lg->elim[i].cell] = 0;
	}
	st->nelim = lg->nelim;
	st->elim = lg->elim;
	return 1;
}

/* A contradiction, if any: an empty cell without candidates, or a symbol
 * neither placed nor possible in a house. */
int
lgi_contradiction(dlx_logic *lg, struct dlx_logic_step *st)
{
	int		 h, i, c;
	uint64_t	 have;

	for (c = 0; c < lg->ncells; c++)
		if (lg->value[c] == 0 && lg->cand[c] == 0) {
			lgi_step_init(lg, st, DLX_LOGIC_NO_CANDIDATE);
			lgi_add_cell(st, c);
			return 1;
		}
	for (h = 0; h < NHOUSES(lg); h++) {
		have = 0;
		for (i = 0; i < lg->n; i++) {
			c = HOUSE(lg, h)[i];
			have |= lg->cand[c];
			if (lg->value[c] != 0)
				have |= BIT(lg->value[c]);
		}
		if (have != lg->all) {
			lgi_step_init(lg, st, DLX_LOGIC_NO_PLACE);
			lgi_add_house(st, h);
			st->symbols = BIT(lowest(lg->all & ~have));
			return 1;
		}
	}
	return 0;
}

/* Rating of a hidden single in house h: 1.0 if the house has no other
 * empty cell (the last cell: a "full house"), 1.2 in a box, 1.5 in a row
 * or column, as Sudoku Explainer rates them. */
static int
single_value(const dlx_logic *lg, int h)
{
	int	 i, empty = 0;

	for (i = 0; i < lg->n; i++)
		empty += lg->value[HOUSE(lg, h)[i]] == 0;
	return empty == 1 ? 10 : h >= 2 * lg->n ? 12 : 15;
}

/* Rating of placing s in c as a hidden single: the least of
 * single_value() over the houses of c where it is the only place for s,
 * else 0. */
static int
hidden_value(const dlx_logic *lg, int c, int s)
{
	int	 k, i, h, v = 0, w, only;

	for (k = 0; k < lg->m->ncu[c]; k++) {
		h = lg->m->cu[c][k];
		only = 1;
		for (i = 0; i < lg->n && only; i++)
			if (HOUSE(lg, h)[i] != c &&
			    (lg->cand[HOUSE(lg, h)[i]] & BIT(s)))
				only = 0;
		if (only && (v == 0 || (w = single_value(lg, h)) < v))
			v = single_value(lg, h);
	}
	return v;
}

static int
naked_single(dlx_logic *lg, struct dlx_logic_step *st)
{
	int	 c, v;

	for (c = 0; c < lg->ncells; c++)
		if (lg->value[c] == 0 && popcount(lg->cand[c]) == 1) {
			lgi_step_init(lg, st, DLX_LOGIC_NAKED_SINGLE);
			st->cell = c;
			st->symbol = lowest(lg->cand[c]);
			st->symbols = lg->cand[c];
			if ((v = hidden_value(lg, c, st->symbol)) != 0)
				st->rating = v;
			lgi_add_cell(st, c);
			lgi_place(lg, c, st->symbol);
			return 1;
		}
	return 0;
}

/* Houses are tried boxes first, then rows, then columns: a person scans
 * boxes first, and it makes the reported house the natural one. */
static int
house_order(const dlx_logic *lg, int k)
{
	return (k + 2 * lg->n) % (NHOUSES(lg));
}

/* Is there a naked single? */
static int
naked_left(const dlx_logic *lg)
{
	int	 c;

	for (c = 0; c < lg->ncells; c++)
		if (lg->value[c] == 0 && popcount(lg->cand[c]) == 1)
			return 1;
	return 0;
}

static int
hidden_single(dlx_logic *lg, struct dlx_logic_step *st)
{
	int		 k, h, i, c, s;
	uint64_t	 once, twice;

	for (k = 0; k < NHOUSES(lg); k++) {
		h = house_order(lg, k);
		once = twice = 0;
		for (i = 0; i < lg->n; i++) {
			c = HOUSE(lg, h)[i];
			twice |= once & lg->cand[c];
			once |= lg->cand[c];
		}
		if ((once &= ~twice) == 0)
			continue;
		s = lowest(once);
		for (i = 0; i < lg->n; i++) {
			c = HOUSE(lg, h)[i];
			if (lg->cand[c] & BIT(s))
				break;
		}
		lgi_step_init(lg, st, DLX_LOGIC_HIDDEN_SINGLE);
		lgi_add_house(st, h);
		st->cell = c;
		st->symbol = s;
		st->symbols = BIT(s);
		st->rating = single_value(lg, h);
		/* HoDoKu takes full houses and naked singles before hidden
		 * singles and scores them 4: so a hidden single scores 4
		 * when HoDoKu would have placed a naked single now. */
		if (st->rating == 10 || naked_left(lg))
			lg->score = dlx_logic_rule_score(
			    DLX_LOGIC_NAKED_SINGLE);
		lgi_add_cell(st, c);
		lgi_place(lg, c, s);
		return 1;
	}
	return 0;
}

/*
 * Locked candidates.  For each box and each line (row or column) that
 * meet, and each symbol: if the symbol's places in the first house
 * ("from") all lie in the intersection, it leaves the rest of the second
 * ("to").  Pointing goes from box to line, claiming from line to box.
 */
static int
locked(dlx_logic *lg, struct dlx_logic_step *st, int pointing)
{
	int		 n = lg->n, b, l, from, to, s, i, c;
	uint64_t	 inside, outside, rest;

	for (b = 0; b < n; b++)
		for (l = 0; l < 2 * n; l++) {
			/* Row l meets the boxes of its band, column l - n
			 * those of its stack. */
			if (l < n ? l / lg->br != b / lg->br :
			    (l - n) / lg->bc != b % lg->br)
				continue;
			from = pointing ? 2 * n + b : l;
			to = pointing ? l : 2 * n + b;
			/* Candidates of from inside and outside the
			 * intersection, and of the rest of to. */
			inside = outside = rest = 0;
			for (i = 0; i < n; i++) {
				c = HOUSE(lg, from)[i];
				if (lgi_in_house(lg, c, to))
					inside |= lg->cand[c];
				else
					outside |= lg->cand[c];
				c = HOUSE(lg, to)[i];
				if (!lgi_in_house(lg, c, from))
					rest |= lg->cand[c];
			}
			if ((inside &= ~outside & rest) == 0)
				continue;
			s = lowest(inside);
			lgi_step_init(lg, st, pointing ? DLX_LOGIC_POINTING :
			    DLX_LOGIC_CLAIMING);
			lgi_add_house(st, from);
			lgi_add_house(st, to);
			st->symbols = BIT(s);
			for (i = 0; i < n; i++) {
				c = HOUSE(lg, from)[i];
				if (lg->cand[c] & BIT(s))
					lgi_add_cell(st, c);
				c = HOUSE(lg, to)[i];
				if ((lg->cand[c] & BIT(s)) &&
				    !lgi_in_house(lg, c, from))
					lgi_elim(lg, c, s);
			}
			return lgi_finish(lg, st);
		}
	return 0;
}

/*
 * Search for k masks among m[0..nm-1] whose union has exactly k bits.
 * pick[] gets the indices chosen so far (depth of them), u their union.
 * Calls found(ctx, pick) for each such combination until it returns
 * nonzero, and returns that value (0 if none accepted).
 */
typedef int combo_fn(void *ctx, const int *pick);

static int
combos(const uint64_t *m, int nm, int k, int depth, int start, uint64_t u,
    int *pick, combo_fn *found, void *ctx)
{
	int		 i, r;
	uint64_t	 v;

	if (depth == k)
		return popcount(u) == k ? found(ctx, pick) : 0;
	for (i = start; i <= nm - (k - depth); i++) {
		v = u | m[i];
		if (popcount(v) > k)
			continue;
		pick[depth] = i;
		if ((r = combos(m, nm, k, depth + 1, i + 1, v, pick, found,
		    ctx)) != 0)
			return r;
	}
	return 0;
}

/* State shared by the subset and fish searches and their callbacks. */
struct pattern {
	dlx_logic	*lg;
	struct dlx_logic_step *st;
	int		 k;		/* size of the subset or fish */
	int		 h;		/* house (subsets) */
	int		 s;		/* symbol (fish) */
	int		 rows;		/* fish: 1 base rows, 0 base columns */
	int		 idx[MAXN];	/* what each mask stands for */
	uint64_t	 m[MAXN];	/* the masks searched */
};

/* Naked subset: k cells of house p->h whose candidates are k symbols. */
static int
naked_found(void *ctx, const int *pick)
{
	struct pattern	*p = ctx;
	dlx_logic	*lg = p->lg;
	uint64_t	 u = 0, cells = 0;
	int		 i, c, s;

	for (i = 0; i < p->k; i++) {
		u |= p->m[pick[i]];
		cells |= (uint64_t)1 << p->idx[pick[i]];
	}
	lgi_step_init(lg, p->st, DLX_LOGIC_NAKED_PAIR + 2 * (p->k - 2));
	for (i = 0; i < lg->n; i++) {
		c = HOUSE(lg, p->h)[i];
		if (cells & ((uint64_t)1 << i))
			continue;
		for (s = 1; s <= lg->n; s++)
			if (lg->cand[c] & u & BIT(s))
				lgi_elim(lg, c, s);
	}
	if (lg->nelim == 0)
		return 0;
	lgi_add_house(p->st, p->h);
	p->st->symbols = u;
	for (i = 0; i < p->k; i++)
		lgi_add_cell(p->st, HOUSE(lg, p->h)[p->idx[pick[i]]]);
	return lgi_finish(lg, p->st);
}

/* Hidden subset: k symbols of house p->h whose places are k cells. */
static int
hidden_found(void *ctx, const int *pick)
{
	struct pattern	*p = ctx;
	dlx_logic	*lg = p->lg;
	uint64_t	 syms = 0, cells = 0;
	int		 i, c, s;

	for (i = 0; i < p->k; i++) {
		cells |= p->m[pick[i]];
		syms |= BIT(p->idx[pick[i]]);
	}
	lgi_step_init(lg, p->st, DLX_LOGIC_HIDDEN_PAIR + 2 * (p->k - 2));
	for (i = 0; i < lg->n; i++) {
		if (!(cells & ((uint64_t)1 << i)))
			continue;
		c = HOUSE(lg, p->h)[i];
		for (s = 1; s <= lg->n; s++)
			if (lg->cand[c] & ~syms & BIT(s))
				lgi_elim(lg, c, s);
		lgi_add_cell(p->st, c);
	}
	if (lg->nelim == 0)
		return 0;
	lgi_add_house(p->st, p->h);
	p->st->symbols = syms;
	return lgi_finish(lg, p->st);
}

static int
subset(dlx_logic *lg, struct dlx_logic_step *st, int k, int hidden)
{
	struct pattern	 p;
	int		 pick[4], kk, h, i, s, nm, c;
	uint64_t	 m;

	p.lg = lg;
	p.st = st;
	p.k = k;
	for (kk = 0; kk < NHOUSES(lg); kk++) {
		h = p.h = house_order(lg, kk);
		nm = 0;
		if (!hidden) {
			/* Masks: the candidates of the cells with 2..k. */
			for (i = 0; i < lg->n; i++) {
				m = lg->cand[HOUSE(lg, h)[i]];
				if (popcount(m) >= 2 && popcount(m) <= k) {
					p.idx[nm] = i;
					p.m[nm++] = m;
				}
			}
		} else {
			/* Masks: the places of the symbols with 2..k. */
			for (s = 1; s <= lg->n; s++) {
				m = 0;
				for (i = 0; i < lg->n; i++) {
					c = HOUSE(lg, h)[i];
					if (lg->cand[c] & BIT(s))
						m |= (uint64_t)1 << i;
				}
				if (popcount(m) >= 2 && popcount(m) <= k) {
					p.idx[nm] = s;
					p.m[nm++] = m;
				}
			}
		}
		if (nm >= k && combos(p.m, nm, k, 0, 0, 0, pick,
		    hidden ? hidden_found : naked_found, &p))
			return 1;
	}
	return 0;
}

/* Cell at position i of base line b (a row or column number). */
static int
line_cell(const dlx_logic *lg, int rows, int b, int i)
{
	return rows ? b * lg->n + i : i * lg->n + b;
}

/* Fish: k base lines whose places for p->s lie in k cover lines. */
static int
fish_found(void *ctx, const int *pick)
{
	struct pattern	*p = ctx;
	dlx_logic	*lg = p->lg;
	uint64_t	 cover = 0, base = 0;
	uint64_t	 bit = BIT(p->s);
	int		 i, j, c;

	for (i = 0; i < p->k; i++) {
		cover |= p->m[pick[i]];
		base |= (uint64_t)1 << p->idx[pick[i]];
	}
	lgi_step_init(lg, p->st, p->k == 2 ? DLX_LOGIC_X_WING :
	    p->k == 3 ? DLX_LOGIC_SWORDFISH : DLX_LOGIC_JELLYFISH);
	for (j = 0; j < lg->n; j++) {
		if (!(cover & ((uint64_t)1 << j)))
			continue;
		/* Cover line j meets base line i in its i-th cell. */
		for (i = 0; i < lg->n; i++) {
			c = line_cell(lg, !p->rows, j, i);
			if (!(lg->cand[c] & bit))
				continue;
			if (base & ((uint64_t)1 << i))
				lgi_add_cell(p->st, c);
			else
				lgi_elim(lg, c, p->s);
		}
	}
	if (lg->nelim == 0)
		return 0;
	for (i = 0; i < p->k; i++)
		lgi_add_house(p->st, p->idx[pick[i]] + (p->rows ? 0 : lg->n));
	for (j = 0; j < lg->n; j++)
		if (cover & ((uint64_t)1 << j))
			lgi_add_house(p->st, j + (p->rows ? lg->n : 0));
	p->st->symbols = bit;
	return lgi_finish(lg, p->st);
}

static int
fish(dlx_logic *lg, struct dlx_logic_step *st, int k)
{
	struct pattern	 p;
	int		 pick[4], b, i, nm;
	uint64_t	 m;

	p.lg = lg;
	p.st = st;
	p.k = k;
	for (p.s = 1; p.s <= lg->n; p.s++)
		for (p.rows = 1; p.rows >= 0; p.rows--) {
			nm = 0;
			for (b = 0; b < lg->n; b++) {
				m = 0;
				for (i = 0; i < lg->n; i++)
					if (lg->cand[line_cell(lg, p.rows, b,
					    i)] & BIT(p.s))
						m |= (uint64_t)1 << i;
				if (popcount(m) >= 2 && popcount(m) <= k) {
					p.idx[nm] = b;
					p.m[nm++] = m;
				}
			}
			if (nm >= k && combos(p.m, nm, k, 0, 0, 0, pick,
			    fish_found, &p))
				return 1;
		}
	return 0;
}

int
lgi_apply(dlx_logic *lg, struct dlx_logic_step *st, enum dlx_logic_rule r)
{
	switch (r) {
	case DLX_LOGIC_NAKED_SINGLE:
		return naked_single(lg, st);
	case DLX_LOGIC_HIDDEN_SINGLE:
		return hidden_single(lg, st);
	case DLX_LOGIC_POINTING:
		return locked(lg, st, 1);
	case DLX_LOGIC_CLAIMING:
		return locked(lg, st, 0);
	case DLX_LOGIC_NAKED_PAIR:
	case DLX_LOGIC_NAKED_TRIPLE:
	case DLX_LOGIC_NAKED_QUAD:
		return subset(lg, st, 2 + (r - DLX_LOGIC_NAKED_PAIR) / 2, 0);
	case DLX_LOGIC_HIDDEN_PAIR:
	case DLX_LOGIC_HIDDEN_TRIPLE:
	case DLX_LOGIC_HIDDEN_QUAD:
		return subset(lg, st, 2 + (r - DLX_LOGIC_HIDDEN_PAIR) / 2, 1);
	case DLX_LOGIC_X_WING:
		return fish(lg, st, 2);
	case DLX_LOGIC_SWORDFISH:
		return fish(lg, st, 3);
	case DLX_LOGIC_JELLYFISH:
		return fish(lg, st, 4);
	default:
		if (r >= DLX_LOGIC_REMOTE_PAIR)
			return lgi_chains_apply(lg, st, r);
		return lgi_patterns_apply(lg, st, r);
	}
}

