/*
 * sudoku_logic.c: human-style sudoku solving (see dlx_logic.h): the
 * candidate state, loading a grid, and stepping through the rules.  The
 * representation is described in sudoku_logic_int.h; the rules are in
 * sudoku_logic_rules.c, the text in sudoku_logic_format.c and the search
 * that finishes a stuck puzzle in sudoku_logic_search.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/sudoku/sudoku_logic_int.h"

/*
 * The rules: name, value on the rating scale (tenths), HoDoKu level and
 * score per step.  The values follow Sudoku Explainer's scale where it
 * has the technique (singles, locked candidates, subsets, basic fish,
 * XY- and XYZ-wing, unique rectangles, BUG, chains and forcing chains);
 * the patterns it has no name for (single-digit patterns, W-wing, finned
 * fish, colors, ALS, Sue de Coq) sit where HoDoKu's order of techniques
 * puts them among those.  The levels and scores are HoDoKu's defaults.
 * dlx_logic(3) has the table and the reasons.
 */
#define E	DLX_LOGIC_LEVEL_EASY
#define M	DLX_LOGIC_LEVEL_MEDIUM
#define H	DLX_LOGIC_LEVEL_HARD
#define U	DLX_LOGIC_LEVEL_UNFAIR
#define X	DLX_LOGIC_LEVEL_EXTREME
static const struct rule_info {
	const char	*name;
	int		 value;		/* tenths */
	enum dlx_logic_level level;
	int		 score;
} rules[DLX_LOGIC_NRULES] = {
	[DLX_LOGIC_NAKED_SINGLE] = { "naked single", 23, E, 4 },
	[DLX_LOGIC_HIDDEN_SINGLE] = { "hidden single", 15, E, 14 },
	[DLX_LOGIC_POINTING] = { "pointing", 26, M, 50 },
	[DLX_LOGIC_CLAIMING] = { "claiming", 28, M, 50 },
	[DLX_LOGIC_NAKED_PAIR] = { "naked pair", 30, M, 60 },
	[DLX_LOGIC_HIDDEN_PAIR] = { "hidden pair", 34, M, 70 },
	[DLX_LOGIC_NAKED_TRIPLE] = { "naked triple", 36, M, 80 },
	[DLX_LOGIC_HIDDEN_TRIPLE] = { "hidden triple", 40, M, 100 },
	[DLX_LOGIC_NAKED_QUAD] = { "naked quad", 50, H, 120 },
	[DLX_LOGIC_HIDDEN_QUAD] = { "hidden quad", 54, H, 150 },
	[DLX_LOGIC_X_WING] = { "x-wing", 32, H, 140 },
	[DLX_LOGIC_SWORDFISH] = { "swordfish", 38, H, 150 },
	[DLX_LOGIC_JELLYFISH] = { "jellyfish", 52, U, 160 },
	[DLX_LOGIC_SKYSCRAPER] = { "skyscraper", 40, H, 130 },
	[DLX_LOGIC_TWO_STRING_KITE] = { "2-string kite", 41, H, 150 },
	[DLX_LOGIC_TURBOT_FISH] = { "turbot fish", 43, H, 120 },
	[DLX_LOGIC_EMPTY_RECTANGLE] = { "empty rectangle", 43, H, 120 },
	[DLX_LOGIC_XY_WING] = { "xy-wing", 42, H, 160 },
	[DLX_LOGIC_XYZ_WING] = { "xyz-wing", 44, H, 180 },
	[DLX_LOGIC_W_WING] = { "w-wing", 44, H, 150 },
	[DLX_LOGIC_FINNED_X_WING] = { "finned x-wing", 47, H, 130 },
	[DLX_LOGIC_SASHIMI_X_WING] = { "sashimi x-wing", 48, H, 150 },
	[DLX_LOGIC_FINNED_SWORDFISH] = { "finned swordfish", 50, U, 200 },
	[DLX_LOGIC_SASHIMI_SWORDFISH] = { "sashimi swordfish", 51, U, 240 },
	[DLX_LOGIC_FINNED_JELLYFISH] = { "finned jellyfish", 57, U, 250 },
	[DLX_LOGIC_SASHIMI_JELLYFISH] = { "sashimi jellyfish", 58, U, 260 },
	[DLX_LOGIC_SIMPLE_COLORS] = { "simple colors", 49, H, 150 },
	[DLX_LOGIC_MULTI_COLORS] = { "multi-colors", 55, U, 200 },
	[DLX_LOGIC_UR_TYPE1] = { "unique rectangle type 1", 45, H, 100 },
	[DLX_LOGIC_UR_TYPE2] = { "unique rectangle type 2", 46, H, 100 },
	[DLX_LOGIC_UR_TYPE3] = { "unique rectangle type 3", 46, H, 100 },
	[DLX_LOGIC_UR_TYPE4] = { "unique rectangle type 4", 46, H, 100 },
	[DLX_LOGIC_UR_TYPE5] = { "unique rectangle type 5", 47, H, 100 },
	[DLX_LOGIC_UR_TYPE6] = { "unique rectangle type 6", 47, H, 100 },
	[DLX_LOGIC_HIDDEN_RECTANGLE] = { "hidden rectangle", 48, H, 100 },
	[DLX_LOGIC_BUG_PLUS_1] = { "bug+1", 56, H, 100 },
	[DLX_LOGIC_REMOTE_PAIR] = { "remote pair", 59, H, 110 },
	[DLX_LOGIC_X_CHAIN] = { "x-chain", 66, U, 260 },
	[DLX_LOGIC_XY_CHAIN] = { "xy-chain", 68, U, 260 },
	[DLX_LOGIC_NICE_LOOP] = { "nice loop", 70, U, 280 },
	[DLX_LOGIC_AIC] = { "aic", 70, U, 280 },
	[DLX_LOGIC_GROUPED_NICE_LOOP] = { "grouped nice loop", 72, U, 300 },
	[DLX_LOGIC_GROUPED_AIC] = { "grouped aic", 72, U, 300 },
	[DLX_LOGIC_SUE_DE_COQ] = { "sue de coq", 65, U, 250 },
	[DLX_LOGIC_ALS_XZ] = { "als-xz", 73, U, 300 },
	[DLX_LOGIC_ALS_XY_WING] = { "als-xy-wing", 74, U, 320 },
	[DLX_LOGIC_ALS_CHAIN] = { "als chain", 76, U, 340 },
	[DLX_LOGIC_DEATH_BLOSSOM] = { "death blossom", 78, U, 360 },
	[DLX_LOGIC_FORCING_CHAIN] = { "forcing chain", 80, X, 500 },
	[DLX_LOGIC_FORCING_NET] = { "forcing net", 85, X, 700 },
};
#undef E
#undef M
#undef H
#undef U
#undef X

static const char *grade_names[] = {
	"none", "singles", "subsets", "fish", "advanced", "search"
};

static const char *level_names[] = {
	"none", "easy", "medium", "hard", "unfair", "extreme", "search"
};

/* HoDoKu's highest score of each level: a puzzle whose score passes it
 * is of the next level at least. */
static const uint64_t level_max_score[] = {
	0, 800, 1000, 1600, 1800, UINT64_MAX
};
/*
 * The order of trying: by value, ties in enum order (an insertion sort of
 * the rules, once per solver).  So a hidden single (1.0 to 1.5) comes
 * before a naked single (2.3), as Sudoku Explainer looks for them.
 */
static void
set_order(dlx_logic *lg)
{
	int	 i, j;

	for (i = 0; i < DLX_LOGIC_NRULES; i++) {
		for (j = i; j > 0 && rules[lg->order[j - 1]].value >
		    rules[i].value; j--)
			lg->order[j] = lg->order[j - 1];
		lg->order[j] = i;
	}
}

int
dlx_logic_new(dlx_logic **lp, int boxrows, int boxcols,
    const struct dlx_logic_options *opt)
{
	struct dlx_sudoku_variant	 v;
	struct dlx_allocator		 mem;
	dlx_logic			*lg;
	int				 n, i, rc;

	if (lp == NULL || !sm_shape_ok(boxrows, boxcols) ||
	    mem_init(&mem, opt != NULL ? opt->alloc : NULL) != DLX_OK)
		return DLX_EINVAL;
	if ((lg = mem_zalloc(&mem, 1, sizeof *lg)) == NULL)
		return DLX_ENOMEM;
	lg->mem = mem;
	n = boxrows * boxcols;
	memset(&v, 0, sizeof v);
	v.n = n;
	v.boxr = boxrows;
	v.boxc = boxcols;
	lg->br = boxrows;
	lg->bc = boxcols;
	lg->n = n;
	lg->ncells = n * n;
	lg->all = ((uint64_t)1 << n) - 1;
	lg->maxelim = (size_t)lg->ncells * n;
	lg->maxlinks = (size_t)lg->ncells * n;
	lg->maxsets = (size_t)n + 1;
	lg->m = sm_new(&v, NULL, &mem, &rc);
	lg->value = mem_zalloc(&mem, lg->ncells, sizeof *lg->value);
	lg->cand = mem_zalloc(&mem, lg->ncells, sizeof *lg->cand);
	lg->pending = mem_zalloc(&mem, lg->ncells, sizeof *lg->pending);
	lg->elim = mem_zalloc(&mem, lg->maxelim, sizeof *lg->elim);
	lg->link = mem_zalloc(&mem, lg->maxlinks, sizeof *lg->link);
	lg->set = mem_zalloc(&mem, lg->maxsets, sizeof *lg->set);
	lg->boxof = mem_zalloc(&mem, lg->ncells, sizeof *lg->boxof);
	if (lg->boxof != NULL)
		for (i = 0; i < lg->ncells; i++)
			lg->boxof[i] = sm_box_of(boxrows, boxcols, i / n,
			    i % n);
	if (lg->m == NULL || lg->value == NULL || lg->cand == NULL ||
	    lg->pending == NULL || lg->elim == NULL || lg->link == NULL ||
	    lg->set == NULL || lg->boxof == NULL ||
	    lgi_chains_init(lg) != DLX_OK) {
		dlx_logic_free(lg);
		return DLX_ENOMEM;
	}
	for (i = 0; i < lg->ncells; i++)
		lg->cand[i] = lg->all;
	lg->rules = DLX_LOGIC_ALL_RULES;
	set_order(lg);
	dlx_logic_set_alphabet(lg, NULL);
	*lp = lg;
	return DLX_OK;
}

void
dlx_logic_free(dlx_logic *lg)
{
	if (lg == NULL)
		return;
	lgi_chains_free(lg);
	mem_free(&lg->mem, lg->value);
	mem_free(&lg->mem, lg->cand);
	mem_free(&lg->mem, lg->pending);
	sm_free(lg->m);
	mem_free(&lg->mem, lg->elim);
	mem_free(&lg->mem, lg->link);
	mem_free(&lg->mem, lg->set);
	mem_free(&lg->mem, lg->boxof);
	mem_free(&lg->mem, lg);
}

int
dlx_logic_size(const dlx_logic *lg)
{
	return lg->n;
}

/* The model lists the houses of each cell: for a classic grid its row,
 * column and box. */
void
lgi_place(dlx_logic *lg, int cell, int s)
{
	int	 k, i;

	lg->value[cell] = s;
	lg->cand[cell] = 0;
	for (k = 0; k < lg->m->ncu[cell]; k++)
		for (i = 0; i < lg->n; i++)
			lg->cand[HOUSE(lg, lg->m->cu[cell][k])[i]] &= ~BIT(s);
}

/* After a load: no step made yet. */
static void
loaded(dlx_logic *lg)
{
	int	 i;

	for (i = 0; i < lg->ncells; i++)
		lg->pending[i] = 0;
	lg->nelim = lg->nlinks = lg->nsets = 0;
	lg->grade = DLX_LOGIC_GRADE_NONE;
	lg->stuck = 0;
	lg->placed = 0;
	memset(lg->count, 0, sizeof lg->count);
	memset(&lg->rt, 0, sizeof lg->rt);
	lg->rt.level = DLX_LOGIC_LEVEL_NONE;
	lgi_chains_load(lg);
}

int
dlx_logic_load(dlx_logic *lg, const int *grid)
{
	int	 i, rc;

	if (lg == NULL || grid == NULL)
		return DLX_EINVAL;
	if ((rc = sm_check(lg->m, 0, 0, grid, NULL)) != DLX_OK)
		return rc;
	for (i = 0; i < lg->ncells; i++) {
		lg->value[i] = 0;
		lg->cand[i] = lg->all;
	}
	for (i = 0; i < lg->ncells; i++)
		if (grid[i] != 0)
			lgi_place(lg, i, grid[i]);
	loaded(lg);
	return DLX_OK;
}

int
dlx_logic_load_marks(dlx_logic *lg, const int *grid, const uint64_t *cand)
{
	int	 i, rc;

	if (lg == NULL || cand == NULL)
		return DLX_EINVAL;
	if (grid != NULL && (rc = sm_check(lg->m, 0, 0, grid, NULL)) !=
	    DLX_OK)
		return rc;
	for (i = 0; i < lg->ncells; i++) {
		lg->value[i] = 0;
		lg->cand[i] = cand[i] & lg->all;
	}
	for (i = 0; grid != NULL && i < lg->ncells; i++)
		if (grid[i] != 0)
			lgi_place(lg, i, grid[i]);
	loaded(lg);
	return DLX_OK;
}

void
dlx_logic_set_rules(dlx_logic *lg, uint64_t mask)
{
	lg->rules = mask & DLX_LOGIC_ALL_RULES;
}

int
dlx_logic_set_alphabet(dlx_logic *lg, const char *alphabet)
{
	if (lg == NULL)
		return DLX_EINVAL;
	sm_symbols_init(&lg->sy, alphabet, lg->n);
	return DLX_OK;
}

/* Account for step st in the rating. */
static void
rate(dlx_logic *lg, const struct dlx_logic_step *st)
{
	struct dlx_logic_rating	*rt = &lg->rt;

	if (rt->steps++ == 0)
		rt->ed = st->rating;
	if (st->rating > rt->er) {
		rt->er = st->rating;
		rt->hardest = st->rule;
	}
	if (!lg->placed) {
		if (st->rating > rt->ep)
			rt->ep = st->rating;
		lg->placed = st->cell >= 0;
	}
	rt->score += (uint64_t)lg->score;
	if (rules[st->rule].level > rt->level)
		rt->level = rules[st->rule].level;
}

int
dlx_logic_step(dlx_logic *lg, struct dlx_logic_step *st)
{
	int			 c, k;
	enum dlx_logic_rule	 r;
	enum dlx_logic_grade	 g;

	if (lg == NULL || st == NULL)
		return DLX_EINVAL;
	if (lgi_contradiction(lg, st))
		return DLX_LOGIC_CONTRADICTION;
	for (c = 0; c < lg->ncells && lg->value[c] != 0; c++)
		continue;
	if (c == lg->ncells)
		return DLX_LOGIC_SOLVED;
	for (k = 0; k < DLX_LOGIC_NRULES; k++) {
		r = lg->order[k];
		if (!(lg->rules & DLX_LOGIC_RULE(r)) || !lgi_apply(lg, st, r))
			continue;
		lg->count[r]++;
		if ((g = dlx_logic_rule_grade(r)) > lg->grade)
			lg->grade = g;
		lg->stuck = 0;
		rate(lg, st);
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
	if (rule <= DLX_LOGIC_JELLYFISH)
		return DLX_LOGIC_GRADE_FISH;
	if (rule < DLX_LOGIC_NRULES)
		return DLX_LOGIC_GRADE_ADVANCED;
	return DLX_LOGIC_GRADE_SEARCH;
}

int
dlx_logic_rating(const dlx_logic *lg, struct dlx_logic_rating *r)
{
	int	 l;

	if (lg == NULL || r == NULL)
		return DLX_EINVAL;
	*r = lg->rt;
	/* The score may call for a higher level than the rules did. */
	for (l = DLX_LOGIC_LEVEL_EASY; l < DLX_LOGIC_LEVEL_EXTREME &&
	    r->score > level_max_score[l]; l++)
		continue;
	if (r->steps > 0 && (int)r->level < l)
		r->level = l;
	if (lg->stuck)
		r->level = DLX_LOGIC_LEVEL_SEARCH;
	return DLX_OK;
}

int
dlx_logic_rule_value(enum dlx_logic_rule rule)
{
	return (unsigned)rule < DLX_LOGIC_NRULES ? rules[rule].value : -1;
}

enum dlx_logic_level
dlx_logic_rule_level(enum dlx_logic_rule rule)
{
	return (unsigned)rule < DLX_LOGIC_NRULES ? rules[rule].level :
	    DLX_LOGIC_LEVEL_NONE;
}

int
dlx_logic_rule_score(enum dlx_logic_rule rule)
{
	return (unsigned)rule < DLX_LOGIC_NRULES ? rules[rule].score : 0;
}

const char *
dlx_logic_level_name(enum dlx_logic_level level)
{
	if ((unsigned)level >= DLX_LOGIC_NLEVELS)
		return "unknown level";
	return level_names[level];
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
	if ((unsigned)rule < DLX_LOGIC_NRULES)
		return rules[rule].name;
	if (rule == DLX_LOGIC_NO_CANDIDATE)
		return "no candidate";
	if (rule == DLX_LOGIC_NO_PLACE)
		return "no place";
	return "unknown rule";
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
