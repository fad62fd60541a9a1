/*
 * sudoku_logic.c: human-style sudoku solving (see sudoku_logic.h).
 *
 * Representation.  The grid is value[cell] (0 when empty) and cand[cell],
 * the mask of candidates of an empty cell (0 once it is filled).  The
 * invariant kept by place() is that no empty cell has as candidate a
 * symbol already placed in one of its houses, so a rule only ever has to
 * look at candidates.  house[h * N + i] is the i-th cell of house h, cells
 * in reading order; every rule walks houses through that table, which
 * makes rows, columns and boxes (of any shape) the same case.
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
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "sudoku_logic.h"

#define MAXN		DLX_LOGIC_MAXN
#define DEFAULT_ALPHABET "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

struct dlx_logic {
	int		 br;		/* box rows */
	int		 bc;		/* box columns */
	int		 n;		/* symbols: br * bc */
	int		 ncells;	/* n * n */
	uint64_t	 all;		/* mask of every symbol */
	int		*value;		/* [ncells] symbol, 0 if empty */
	uint64_t	*cand;		/* [ncells] candidates, 0 if filled */
	int		*house;		/* [3n * n] cells of each house */
	struct dlx_logic_elim *elim;	/* [maxelim] last step's removals */
	size_t		 nelim;
	size_t		 maxelim;	/* 4 * n: the most any rule removes */
	unsigned	 rules;		/* allowed rules, DLX_LOGIC_RULE bits */
	enum dlx_logic_grade grade;	/* hardest rule applied since load */
	int		 stuck;	/* the last step found nothing to do */
	uint64_t	 count[DLX_LOGIC_NRULES]; /* steps per rule */
	char		 alpha[MAXN + 1]; /* alpha[s-1] prints symbol s */
	int		 numbers;	/* print symbols as numbers */
};

static const char *rule_names[] = {
	"naked single", "hidden single", "pointing", "claiming",
	"naked pair", "hidden pair", "naked triple", "hidden triple",
	"naked quad", "hidden quad", "x-wing", "swordfish",
	"no candidate", "no place"
};

static const char *grade_names[] = {
	"none", "singles", "subsets", "fish", "search"
};

static int
popcount(uint64_t x)
{
	int	 k;

	for (k = 0; x != 0; k++)
		x &= x - 1;
	return k;
}

/* Lowest symbol of a nonempty mask. */
static int
lowest(uint64_t m)
{
	int	 s;

	assert(m != 0);
	for (s = 1; (m & 1) == 0; s++)
		m >>= 1;
	return s;
}

#define BIT(s)		((uint64_t)1 << ((s) - 1))
#define ROW(lg, c)	((c) / (lg)->n)
#define COL(lg, c)	((c) % (lg)->n)
#define BOX(lg, c)	(ROW(lg, c) / (lg)->br * (lg)->br + COL(lg, c) / (lg)->bc)
#define HOUSE(lg, h)	(&(lg)->house[(h) * (lg)->n])

dlx_logic *
dlx_logic_new(int boxrows, int boxcols)
{
	dlx_logic	*lg;
	int		 n, r, c, b, i;

	if (boxrows < 1 || boxcols < 1 || boxrows > MAXN || boxcols > MAXN ||
	    boxrows * boxcols < 2 || boxrows * boxcols > MAXN)
		return NULL;
	if ((lg = calloc(1, sizeof *lg)) == NULL)
		return NULL;
	n = boxrows * boxcols;
	lg->br = boxrows;
	lg->bc = boxcols;
	lg->n = n;
	lg->ncells = n * n;
	lg->all = ((uint64_t)1 << n) - 1;
	lg->maxelim = 4 * (size_t)n;
	lg->value = calloc(lg->ncells, sizeof *lg->value);
	lg->cand = calloc(lg->ncells, sizeof *lg->cand);
	lg->house = calloc(3 * (size_t)lg->ncells, sizeof *lg->house);
	lg->elim = calloc(lg->maxelim, sizeof *lg->elim);
	if (lg->value == NULL || lg->cand == NULL || lg->house == NULL ||
	    lg->elim == NULL) {
		dlx_logic_free(lg);
		return NULL;
	}
	for (r = 0; r < n; r++)
		for (c = 0; c < n; c++) {
			HOUSE(lg, r)[c] = r * n + c;
			HOUSE(lg, n + c)[r] = r * n + c;
		}
	/* Box b's i-th cell, in reading order within the box. */
	for (b = 0; b < n; b++)
		for (i = 0; i < n; i++) {
			r = b / boxrows * boxrows + i / boxcols;
			c = b % boxrows * boxcols + i % boxcols;
			HOUSE(lg, 2 * n + b)[i] = r * n + c;
		}
	for (i = 0; i < lg->ncells; i++)
		lg->cand[i] = lg->all;
	lg->rules = DLX_LOGIC_ALL_RULES;
	dlx_logic_set_alphabet(lg, NULL);
	return lg;
}

void
dlx_logic_free(dlx_logic *lg)
{
	if (lg == NULL)
		return;
	free(lg->value);
	free(lg->cand);
	free(lg->house);
	free(lg->elim);
	free(lg);
}

int
dlx_logic_size(const dlx_logic *lg)
{
	return lg->n;
}

/* Put s in cell and remove it from the candidates of the cell's houses. */
static void
place(dlx_logic *lg, int cell, int s)
{
	int	 hs[3], k, i, n = lg->n;

	lg->value[cell] = s;
	lg->cand[cell] = 0;
	hs[0] = ROW(lg, cell);
	hs[1] = n + COL(lg, cell);
	hs[2] = 2 * n + BOX(lg, cell);
	for (k = 0; k < 3; k++)
		for (i = 0; i < n; i++)
			lg->cand[HOUSE(lg, hs[k])[i]] &= ~BIT(s);
}

int
dlx_logic_load(dlx_logic *lg, const int *grid)
{
	int		 h, i, v;
	uint64_t	 seen;

	if (lg == NULL || grid == NULL)
		return DLX_EINVAL;
	for (i = 0; i < lg->ncells; i++)
		if (grid[i] < 0 || grid[i] > lg->n)
			return DLX_EINVAL;
	for (h = 0; h < 3 * lg->n; h++) {
		seen = 0;
		for (i = 0; i < lg->n; i++) {
			if ((v = grid[HOUSE(lg, h)[i]]) == 0)
				continue;
			if (seen & BIT(v))
				return DLX_ECONFLICT;
			seen |= BIT(v);
		}
	}
	for (i = 0; i < lg->ncells; i++) {
		lg->value[i] = 0;
		lg->cand[i] = lg->all;
	}
	for (i = 0; i < lg->ncells; i++)
		if (grid[i] != 0)
			place(lg, i, grid[i]);
	lg->nelim = 0;
	lg->grade = DLX_LOGIC_GRADE_NONE;
	lg->stuck = 0;
	memset(lg->count, 0, sizeof lg->count);
	return DLX_OK;
}

void
dlx_logic_set_rules(dlx_logic *lg, unsigned mask)
{
	lg->rules = mask & DLX_LOGIC_ALL_RULES;
}

int
dlx_logic_set_alphabet(dlx_logic *lg, const char *alphabet)
{
	if (lg == NULL)
		return DLX_EINVAL;
	if (alphabet == NULL)
		alphabet = DEFAULT_ALPHABET;
	lg->numbers = strlen(alphabet) < (size_t)lg->n;
	if (!lg->numbers)
		memcpy(lg->alpha, alphabet, lg->n);
	return DLX_OK;
}

/* Start describing a step of rule r. */
static void
step_init(dlx_logic *lg, struct dlx_logic_step *st, enum dlx_logic_rule r)
{
	memset(st, 0, sizeof *st);
	st->rule = r;
	st->cell = -1;
	lg->nelim = 0;
	st->elim = lg->elim;
}

/* Note that s leaves cell's candidates; the removal happens in finish(). */
static void
add_elim(dlx_logic *lg, int cell, int s)
{
	assert(lg->nelim < lg->maxelim);
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

static void
add_cell(struct dlx_logic_step *st, int cell)
{
	int	 i;

	assert(st->ncells < DLX_LOGIC_MAXCELLS);
	/* Insertion keeps the cells ascending. */
	for (i = st->ncells++; i > 0 && st->cells[i - 1] > cell; i--)
		st->cells[i] = st->cells[i - 1];
	st->cells[i] = cell;
}

static void
add_house(struct dlx_logic_step *st, int h)
{
	assert(st->nhouses < 6);
	st->houses[st->nhouses++] = h;
}

/*
 * Apply the eliminations collected for st.  Returns 1 if there are any
 * (the step counts), else 0 and the grid is unchanged.
 */
static int
finish(dlx_logic *lg, struct dlx_logic_step *st)
{
	size_t	 i;

	if (lg->nelim == 0)
		return 0;
	qsort(lg->elim, lg->nelim, sizeof *lg->elim, cmp_elim);
	for (i = 0; i < lg->nelim; i++)
		lg->cand[lg->elim[i].cell] &= ~BIT(lg->elim[i].symbol);
	st->nelim = lg->nelim;
	st->elim = lg->elim;
	return 1;
}

/* A contradiction, if any: an empty cell without candidates, or a symbol
 * neither placed nor possible in a house. */
static int
contradiction(dlx_logic *lg, struct dlx_logic_step *st)
{
	int		 h, i, c;
	uint64_t	 have;

	for (c = 0; c < lg->ncells; c++)
		if (lg->value[c] == 0 && lg->cand[c] == 0) {
			step_init(lg, st, DLX_LOGIC_NO_CANDIDATE);
			add_cell(st, c);
			return 1;
		}
	for (h = 0; h < 3 * lg->n; h++) {
		have = 0;
		for (i = 0; i < lg->n; i++) {
			c = HOUSE(lg, h)[i];
			have |= lg->cand[c];
			if (lg->value[c] != 0)
				have |= BIT(lg->value[c]);
		}
		if (have != lg->all) {
			step_init(lg, st, DLX_LOGIC_NO_PLACE);
			add_house(st, h);
			st->symbols = BIT(lowest(lg->all & ~have));
			return 1;
		}
	}
	return 0;
}

static int
naked_single(dlx_logic *lg, struct dlx_logic_step *st)
{
	int	 c;

	for (c = 0; c < lg->ncells; c++)
		if (lg->value[c] == 0 && popcount(lg->cand[c]) == 1) {
			step_init(lg, st, DLX_LOGIC_NAKED_SINGLE);
			st->cell = c;
			st->symbol = lowest(lg->cand[c]);
			st->symbols = lg->cand[c];
			add_cell(st, c);
			place(lg, c, st->symbol);
			return 1;
		}
	return 0;
}

/* Houses are tried boxes first, then rows, then columns: a person scans
 * boxes first, and it makes the reported house the natural one. */
static int
house_order(const dlx_logic *lg, int k)
{
	return (k + 2 * lg->n) % (3 * lg->n);
}

static int
hidden_single(dlx_logic *lg, struct dlx_logic_step *st)
{
	int		 k, h, i, c, s;
	uint64_t	 once, twice;

	for (k = 0; k < 3 * lg->n; k++) {
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
		step_init(lg, st, DLX_LOGIC_HIDDEN_SINGLE);
		add_house(st, h);
		st->cell = c;
		st->symbol = s;
		st->symbols = BIT(s);
		add_cell(st, c);
		place(lg, c, s);
		return 1;
	}
	return 0;
}

/* Is cell c in house h? */
static int
in_house(const dlx_logic *lg, int c, int h)
{
	int	 n = lg->n;

	if (h < n)
		return ROW(lg, c) == h;
	if (h < 2 * n)
		return COL(lg, c) == h - n;
	return BOX(lg, c) == h - 2 * n;
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
				if (in_house(lg, c, to))
					inside |= lg->cand[c];
				else
					outside |= lg->cand[c];
				c = HOUSE(lg, to)[i];
				if (!in_house(lg, c, from))
					rest |= lg->cand[c];
			}
			if ((inside &= ~outside & rest) == 0)
				continue;
			s = lowest(inside);
			step_init(lg, st, pointing ? DLX_LOGIC_POINTING :
			    DLX_LOGIC_CLAIMING);
			add_house(st, from);
			add_house(st, to);
			st->symbols = BIT(s);
			for (i = 0; i < n; i++) {
				c = HOUSE(lg, from)[i];
				if (lg->cand[c] & BIT(s))
					add_cell(st, c);
				c = HOUSE(lg, to)[i];
				if ((lg->cand[c] & BIT(s)) &&
				    !in_house(lg, c, from))
					add_elim(lg, c, s);
			}
			return finish(lg, st);
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
	step_init(lg, p->st, DLX_LOGIC_NAKED_PAIR + 2 * (p->k - 2));
	for (i = 0; i < lg->n; i++) {
		c = HOUSE(lg, p->h)[i];
		if (cells & ((uint64_t)1 << i))
			continue;
		for (s = 1; s <= lg->n; s++)
			if (lg->cand[c] & u & BIT(s))
				add_elim(lg, c, s);
	}
	if (lg->nelim == 0)
		return 0;
	add_house(p->st, p->h);
	p->st->symbols = u;
	for (i = 0; i < p->k; i++)
		add_cell(p->st, HOUSE(lg, p->h)[p->idx[pick[i]]]);
	return finish(lg, p->st);
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
	step_init(lg, p->st, DLX_LOGIC_HIDDEN_PAIR + 2 * (p->k - 2));
	for (i = 0; i < lg->n; i++) {
		if (!(cells & ((uint64_t)1 << i)))
			continue;
		c = HOUSE(lg, p->h)[i];
		for (s = 1; s <= lg->n; s++)
			if (lg->cand[c] & ~syms & BIT(s))
				add_elim(lg, c, s);
		add_cell(p->st, c);
	}
	if (lg->nelim == 0)
		return 0;
	add_house(p->st, p->h);
	p->st->symbols = syms;
	return finish(lg, p->st);
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
	for (kk = 0; kk < 3 * lg->n; kk++) {
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
	step_init(lg, p->st, p->k == 2 ? DLX_LOGIC_X_WING :
	    DLX_LOGIC_SWORDFISH);
	for (j = 0; j < lg->n; j++) {
		if (!(cover & ((uint64_t)1 << j)))
			continue;
		/* Cover line j meets base line i in its i-th cell. */
		for (i = 0; i < lg->n; i++) {
			c = line_cell(lg, !p->rows, j, i);
			if (!(lg->cand[c] & bit))
				continue;
			if (base & ((uint64_t)1 << i))
				add_cell(p->st, c);
			else
				add_elim(lg, c, p->s);
		}
	}
	if (lg->nelim == 0)
		return 0;
	for (i = 0; i < p->k; i++)
		add_house(p->st, p->idx[pick[i]] + (p->rows ? 0 : lg->n));
	for (j = 0; j < lg->n; j++)
		if (cover & ((uint64_t)1 << j))
			add_house(p->st, j + (p->rows ? lg->n : 0));
	p->st->symbols = bit;
	return finish(lg, p->st);
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

static int
apply(dlx_logic *lg, struct dlx_logic_step *st, enum dlx_logic_rule r)
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
	default:
		return 0;
	}
}

int
dlx_logic_step(dlx_logic *lg, struct dlx_logic_step *st)
{
	int			 c;
	enum dlx_logic_rule	 r;
	enum dlx_logic_grade	 g;

	if (lg == NULL || st == NULL)
		return DLX_EINVAL;
	if (contradiction(lg, st))
		return DLX_LOGIC_CONTRADICTION;
	for (c = 0; c < lg->ncells && lg->value[c] != 0; c++)
		continue;
	if (c == lg->ncells)
		return DLX_LOGIC_SOLVED;
	for (r = 0; r < DLX_LOGIC_NRULES; r++) {
		if (!(lg->rules & DLX_LOGIC_RULE(r)) || !apply(lg, st, r))
			continue;
		lg->count[r]++;
		if ((g = dlx_logic_rule_grade(r)) > lg->grade)
			lg->grade = g;
		lg->stuck = 0;
		return DLX_OK;
	}
	lg->stuck = 1;
	return DLX_LOGIC_STUCK;
}

int
dlx_logic_run(dlx_logic *lg, dlx_logic_step_fn *fn, void *arg,
    struct dlx_logic_step *stp)
{
	struct dlx_logic_step	 st;
	int			 rc;

	while ((rc = dlx_logic_step(lg, &st)) == DLX_OK)
		if (fn != NULL && fn(arg, &st) != 0)
			return DLX_STOPPED;
	if (rc == DLX_LOGIC_CONTRADICTION && stp != NULL)
		*stp = st;
	return rc;
}

enum dlx_logic_grade
dlx_logic_rule_grade(enum dlx_logic_rule rule)
{
	if (rule <= DLX_LOGIC_HIDDEN_SINGLE)
		return DLX_LOGIC_GRADE_SINGLES;
	if (rule <= DLX_LOGIC_HIDDEN_QUAD)
		return DLX_LOGIC_GRADE_SUBSETS;
	if (rule <= DLX_LOGIC_SWORDFISH)
		return DLX_LOGIC_GRADE_FISH;
	return DLX_LOGIC_GRADE_SEARCH;
}

enum dlx_logic_grade
dlx_logic_grade(const dlx_logic *lg)
{
	return lg->stuck ? DLX_LOGIC_GRADE_SEARCH : lg->grade;
}

uint64_t
dlx_logic_count(const dlx_logic *lg, enum dlx_logic_rule rule)
{
	if ((unsigned)rule >= DLX_LOGIC_NRULES)
		return 0;
	return lg->count[rule];
}

const char *
dlx_logic_rule_name(enum dlx_logic_rule rule)
{
	if ((unsigned)rule >= sizeof rule_names / sizeof rule_names[0])
		return "unknown rule";
	return rule_names[rule];
}

const char *
dlx_logic_grade_name(enum dlx_logic_grade grade)
{
	if ((unsigned)grade >= DLX_LOGIC_NGRADES)
		return "unknown grade";
	return grade_names[grade];
}

int
dlx_logic_cell(const dlx_logic *lg, int cell)
{
	if (cell < 0 || cell >= lg->ncells)
		return 0;
	return lg->value[cell];
}

uint64_t
dlx_logic_candidates(const dlx_logic *lg, int cell)
{
	if (cell < 0 || cell >= lg->ncells)
		return 0;
	return lg->cand[cell];
}

void
dlx_logic_grid(const dlx_logic *lg, int *grid)
{
	memcpy(grid, lg->value, lg->ncells * sizeof *grid);
}

/*
 * Text output.  A struct out is a snprintf()-like sink: it writes what
 * fits, NUL-terminates, and counts the full length regardless.
 */
struct out {
	char	*buf;
	size_t	 size;
	size_t	 len;
};

static void
put(struct out *o, const char *s, size_t n)
{
	size_t	 k;

	if (o->len < o->size) {
		k = o->size - 1 - o->len;
		if (k > n)
			k = n;
		memcpy(o->buf + o->len, s, k);
		o->buf[o->len + k] = '\0';
	}
	o->len += n;
}

static void
puts_(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

static void
putnum(struct out *o, int v)
{
	char	 tmp[16];

	put(o, tmp, (size_t)snprintf(tmp, sizeof tmp, "%d", v));
}

static void
putsym(const dlx_logic *lg, struct out *o, int s)
{
	/* Out of range only in a record that did not come from lg. */
	if (s < 1 || s > lg->n)
		puts_(o, "?");
	else if (lg->numbers)
		putnum(o, s);
	else
		put(o, &lg->alpha[s - 1], 1);
}

static void
putcell(const dlx_logic *lg, struct out *o, int c)
{
	if (c < 0 || c >= lg->ncells) {
		puts_(o, "r?c?");
		return;
	}
	puts_(o, "r");
	putnum(o, ROW(lg, c) + 1);
	puts_(o, "c");
	putnum(o, COL(lg, c) + 1);
}

static void
puthouse(const dlx_logic *lg, struct out *o, int h)
{
	static const char *kinds[] = { "row ", "column ", "box " };

	if (h < 0 || h >= 3 * lg->n) {
		puts_(o, "house ?");
		return;
	}
	puts_(o, kinds[h / lg->n]);
	putnum(o, h % lg->n + 1);
}

/* "{3,6}" */
static void
putset(const dlx_logic *lg, struct out *o, uint64_t m)
{
	int	 s, first = 1;

	puts_(o, "{");
	for (s = 1; s <= lg->n; s++)
		if (m & BIT(s)) {
			if (!first)
				puts_(o, ",");
			putsym(lg, o, s);
			first = 0;
		}
	puts_(o, "}");
}

/* " (r2c1, r2c5)" */
static void
putcells(const dlx_logic *lg, struct out *o, const struct dlx_logic_step *st)
{
	int	 i;

	puts_(o, " (");
	for (i = 0; i < st->ncells; i++) {
		if (i > 0)
			puts_(o, ", ");
		putcell(lg, o, st->cells[i]);
	}
	puts_(o, ")");
}

/* "rows 2, 7" for houses[from..from+k-1], all of one kind. */
static void
putlines(const dlx_logic *lg, struct out *o, const int *houses, int k)
{
	int	 i;

	puts_(o, houses[0] < lg->n ? "rows " : "columns ");
	for (i = 0; i < k; i++) {
		if (i > 0)
			puts_(o, ", ");
		putnum(o, houses[i] % lg->n + 1);
	}
}

/* ": removes 3 from r2c8 r2c9, 6 from r2c9" (elims sorted by symbol). */
static void
putelims(const dlx_logic *lg, struct out *o, const struct dlx_logic_step *st)
{
	size_t	 i;

	puts_(o, ": removes ");
	for (i = 0; i < st->nelim; i++) {
		if (i == 0 || st->elim[i].symbol != st->elim[i - 1].symbol) {
			if (i > 0)
				puts_(o, ", ");
			putsym(lg, o, st->elim[i].symbol);
			puts_(o, " from");
		}
		puts_(o, " ");
		putcell(lg, o, st->elim[i].cell);
	}
}

size_t
dlx_logic_format(const dlx_logic *lg, const struct dlx_logic_step *st,
    char *buf, size_t size)
{
	struct out	 o = { buf, size, 0 };
	int		 s;

	if (size > 0)
		buf[0] = '\0';
	s = st->symbols != 0 ? lowest(st->symbols) : 0;
	switch (st->rule) {
	case DLX_LOGIC_NAKED_SINGLE:
	case DLX_LOGIC_HIDDEN_SINGLE:
		puts_(&o, dlx_logic_rule_name(st->rule));
		puts_(&o, ": ");
		putcell(lg, &o, st->cell);
		puts_(&o, " = ");
		putsym(lg, &o, st->symbol);
		if (st->rule == DLX_LOGIC_HIDDEN_SINGLE) {
			puts_(&o, " (only place for ");
			putsym(lg, &o, st->symbol);
			puts_(&o, " in ");
			puthouse(lg, &o, st->houses[0]);
			puts_(&o, ")");
		}
		break;
	case DLX_LOGIC_POINTING:
	case DLX_LOGIC_CLAIMING:
		puts_(&o, dlx_logic_rule_name(st->rule));
		puts_(&o, " ");
		putsym(lg, &o, s);
		puts_(&o, " in ");
		puthouse(lg, &o, st->houses[0]);
		puts_(&o, " confined to ");
		puthouse(lg, &o, st->houses[1]);
		putcells(lg, &o, st);
		putelims(lg, &o, st);
		break;
	case DLX_LOGIC_NAKED_PAIR:
	case DLX_LOGIC_HIDDEN_PAIR:
	case DLX_LOGIC_NAKED_TRIPLE:
	case DLX_LOGIC_HIDDEN_TRIPLE:
	case DLX_LOGIC_NAKED_QUAD:
	case DLX_LOGIC_HIDDEN_QUAD:
		puts_(&o, dlx_logic_rule_name(st->rule));
		puts_(&o, " ");
		putset(lg, &o, st->symbols);
		puts_(&o, " in ");
		puthouse(lg, &o, st->houses[0]);
		putcells(lg, &o, st);
		putelims(lg, &o, st);
		break;
	case DLX_LOGIC_X_WING:
	case DLX_LOGIC_SWORDFISH:
		puts_(&o, dlx_logic_rule_name(st->rule));
		puts_(&o, " ");
		putsym(lg, &o, s);
		puts_(&o, " in ");
		putlines(lg, &o, st->houses, st->nhouses / 2);
		puts_(&o, " confined to ");
		putlines(lg, &o, st->houses + st->nhouses / 2,
		    st->nhouses / 2);
		putelims(lg, &o, st);
		break;
	case DLX_LOGIC_NO_CANDIDATE:
		puts_(&o, "contradiction: no candidate left for ");
		putcell(lg, &o, st->cells[0]);
		break;
	case DLX_LOGIC_NO_PLACE:
		puts_(&o, "contradiction: no place left for ");
		putsym(lg, &o, s);
		puts_(&o, " in ");
		puthouse(lg, &o, st->houses[0]);
		break;
	default:
		puts_(&o, "unknown rule");
		break;
	}
	return o.len;
}

/* Longest text of a cell in the pencil-mark grid: numbers 1..36 with
 * commas between them. */
#define CELLTEXT	(3 * MAXN)

/* Text of a cell in the pencil-mark grid into tmp (CELLTEXT + 1 bytes):
 * its symbol, or its candidates ("." if it has none). */
static int
cell_text(const dlx_logic *lg, int c, char *tmp)
{
	uint64_t	 m;
	int		 s, k = 0;

	m = lg->value[c] != 0 ? BIT(lg->value[c]) : lg->cand[c];
	for (s = 1; s <= lg->n; s++) {
		if (!(m & BIT(s)))
			continue;
		if (!lg->numbers)
			tmp[k++] = lg->alpha[s - 1];
		else
			k += snprintf(tmp + k, CELLTEXT + 1 - k, "%s%d",
			    k > 0 ? "," : "", s);
	}
	if (k == 0)
		tmp[k++] = '.';
	tmp[k] = '\0';
	return k;
}

size_t
dlx_logic_format_candidates(const dlx_logic *lg, char *buf, size_t size)
{
	struct out	 o = { buf, size, 0 };
	char		 tmp[CELLTEXT + 1];
	int		 width[MAXN], r, c, k, w, n = lg->n;

	if (size > 0)
		buf[0] = '\0';
	for (c = 0; c < n; c++) {
		width[c] = 1;
		for (r = 0; r < n; r++)
			if ((w = cell_text(lg, r * n + c, tmp)) > width[c])
				width[c] = w;
	}
	for (r = 0; r < n; r++) {
		if (r > 0 && r % lg->br == 0) {
			/* Box separator: dashes under each column, '+'
			 * where a '|' is above. */
			for (c = 0; c < n; c++) {
				if (c > 0)
					puts_(&o, c % lg->bc == 0 ? "-+-" :
					    "-");
				for (k = 0; k < width[c]; k++)
					puts_(&o, "-");
			}
			puts_(&o, "\n");
		}
		for (c = 0; c < n; c++) {
			if (c > 0)
				puts_(&o, c % lg->bc == 0 ? " | " : " ");
			w = cell_text(lg, r * n + c, tmp);
			puts_(&o, tmp);
			/* No trailing blanks at the end of a line. */
			if (c < n - 1)
				for (k = w; k < width[c]; k++)
					puts_(&o, " ");
		}
		puts_(&o, "\n");
	}
	return o.len;
}

/* State of dlx_logic_search() shared with its solution callback. */
struct finish {
	dlx		*d;
	const int	*optcell;	/* option -> cell */
	const int	*optsym;	/* option -> symbol */
	int		*solution;	/* caller's, or NULL */
	const int	*value;		/* the logic grid */
	int		 ncells;
	uint64_t	 nodes;		/* nodes at the first solution */
	uint64_t	 found;
};

static int
finish_visit(void *arg, const int *options, size_t n)
{
	struct finish		*f = arg;
	struct dlx_stats	 st;
	size_t			 i;

	if (f->found++ > 0)
		return 0;
	dlx_stats(f->d, &st);
	f->nodes = st.nodes;
	if (f->solution != NULL) {
		memcpy(f->solution, f->value, f->ncells * sizeof *f->solution);
		for (i = 0; i < n; i++)
			f->solution[f->optcell[options[i]]] =
			    f->optsym[options[i]];
	}
	return 0;
}

int
dlx_logic_search(dlx_logic *lg, const struct dlx_search *how, int *solution,
    struct dlx_logic_result *res)
{
	struct dlx_search	 s;
	struct dlx_stats	 st;
	struct finish		 f;
	dlx			*d = NULL;
	int			*map = NULL, *optcell = NULL, *optsym = NULL;
	int			 n = lg->n, nitems, c, sym, k, rc, item[4];

	if (res == NULL)
		return DLX_EINVAL;
	memset(res, 0, sizeof *res);
	for (c = 0; c < lg->ncells && lg->value[c] != 0; c++)
		continue;
	if (c == lg->ncells) {
		/* Already solved: nothing to search, nothing to guess (the
		 * engine would count a root and a solution node). */
		res->solutions = 1;
		if (solution != NULL)
			dlx_logic_grid(lg, solution);
		return DLX_OK;
	}
	/*
	 * Items: cell c is 0..n*n-1; symbol s in row r, column c, box b are
	 * n*n + r*n+s-1, 2*n*n + ..., 3*n*n + ...  Those already satisfied
	 * by a filled cell are left out, so map[] renumbers the open ones
	 * densely (-1: closed).
	 */
	rc = DLX_ENOMEM;
	if ((map = malloc(4 * (size_t)lg->ncells * sizeof *map)) == NULL ||
	    (optcell = malloc((size_t)lg->ncells * n * sizeof *optcell)) ==
	    NULL ||
	    (optsym = malloc((size_t)lg->ncells * n * sizeof *optsym)) ==
	    NULL)
		goto out;
	for (k = 0; k < 4 * lg->ncells; k++)
		map[k] = 0;
	for (c = 0; c < lg->ncells; c++) {
		if ((sym = lg->value[c]) == 0)
			continue;
		map[c] = -1;
		map[lg->ncells + ROW(lg, c) * n + sym - 1] = -1;
		map[2 * lg->ncells + COL(lg, c) * n + sym - 1] = -1;
		map[3 * lg->ncells + BOX(lg, c) * n + sym - 1] = -1;
	}
	for (nitems = k = 0; k < 4 * lg->ncells; k++)
		if (map[k] == 0)
			map[k] = nitems++;
	if ((d = dlx_new(nitems, 0)) == NULL)
		goto out;
	for (c = 0; c < lg->ncells; c++)
		for (sym = 1; sym <= n; sym++) {
			if (!(lg->cand[c] & BIT(sym)))
				continue;
			item[0] = map[c];
			item[1] = map[lg->ncells + ROW(lg, c) * n + sym - 1];
			item[2] = map[2 * lg->ncells + COL(lg, c) * n +
			    sym - 1];
			item[3] = map[3 * lg->ncells + BOX(lg, c) * n +
			    sym - 1];
			if ((rc = dlx_add_option(d, item, 4)) < 0)
				goto out;
			optcell[rc] = c;
			optsym[rc] = sym;
		}
	memset(&f, 0, sizeof f);
	f.d = d;
	f.optcell = optcell;
	f.optsym = optsym;
	f.solution = solution;
	f.value = lg->value;
	f.ncells = lg->ncells;
	memset(&s, 0, sizeof s);
	if (how != NULL) {
		s.progress = how->progress;
		s.progress_arg = how->progress_arg;
		s.progress_updates = how->progress_updates;
		s.max_nodes = how->max_nodes;
		s.max_updates = how->max_updates;
	}
	s.visit = finish_visit;
	s.visit_arg = &f;
	s.max_solutions = 2;
	/* Guesses are counted in Knuth's tree, whose every option tried is
	 * a node: grades stay what they were and comparable with his. */
	s.knuth = 1;
	rc = dlx_search(d, &s);
	if (rc < 0)
		goto out;
	dlx_stats(d, &st);
	res->solutions = f.found;
	res->nodes = st.nodes;
	/* Nodes below the root: the root itself is node 1. */
	res->guesses = f.found > 0 ? f.nodes : st.nodes;
	if (res->guesses > 0)
		res->guesses--;
	/* The whole tree, or the second solution: the search is done. */
	if (rc == DLX_LIMIT)
		rc = DLX_OK;
out:
	dlx_free(d);
	free(map);
	free(optcell);
	free(optsym);
	return rc;
}
