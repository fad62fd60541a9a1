/*
 * sudoku_logic.c: human-style sudoku solving (see sudoku_logic.h): the
 * candidate state, loading a grid, and stepping through the rules.  The
 * representation is described in sudoku_logic_int.h; the rules are in
 * sudoku_logic_rules.c, the text in sudoku_logic_format.c and the search
 * that finishes a stuck puzzle in sudoku_logic_search.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/sudoku/sudoku_logic_int.h"

static const char *rule_names[] = {
	"naked single", "hidden single", "pointing", "claiming",
	"naked pair", "hidden pair", "naked triple", "hidden triple",
	"naked quad", "hidden quad", "x-wing", "swordfish",
	"no candidate", "no place"
};

static const char *grade_names[] = {
	"none", "singles", "subsets", "fish", "search"
};


dlx_logic *
dlx_logic_new(int boxrows, int boxcols)
{
	dlx_logic	*lg;

	return dlx_logic_new_custom(&lg, boxrows, boxcols, NULL) == DLX_OK ?
	    lg : NULL;
}

int
dlx_logic_new_custom(dlx_logic **lp, int boxrows, int boxcols,
    const struct dlx_allocator *a)
{
	struct dlx_sudoku_variant	 v;
	struct dlx_allocator		 mem;
	dlx_logic			*lg;
	int				 n, i, rc;

	if (lp == NULL || !sm_shape_ok(boxrows, boxcols) ||
	    mem_init(&mem, a) != DLX_OK)
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
	lg->maxelim = 4 * (size_t)n;
	lg->m = sm_new(&v, NULL, &mem, &rc);
	lg->value = mem_zalloc(&mem, lg->ncells, sizeof *lg->value);
	lg->cand = mem_zalloc(&mem, lg->ncells, sizeof *lg->cand);
	lg->elim = mem_zalloc(&mem, lg->maxelim, sizeof *lg->elim);
	if (lg->m == NULL || lg->value == NULL || lg->cand == NULL ||
	    lg->elim == NULL) {
		dlx_logic_free(lg);
		return DLX_ENOMEM;
	}
	for (i = 0; i < lg->ncells; i++)
		lg->cand[i] = lg->all;
	lg->rules = DLX_LOGIC_ALL_RULES;
	dlx_logic_set_alphabet(lg, NULL);
	*lp = lg;
	return DLX_OK;
}

void
dlx_logic_free(dlx_logic *lg)
{
	if (lg == NULL)
		return;
	mem_free(&lg->mem, lg->value);
	mem_free(&lg->mem, lg->cand);
	sm_free(lg->m);
	mem_free(&lg->mem, lg->elim);
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
	sm_symbols_init(&lg->sy, alphabet, lg->n);
	return DLX_OK;
}

int
dlx_logic_step(dlx_logic *lg, struct dlx_logic_step *st)
{
	int			 c;
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
	for (r = 0; r < DLX_LOGIC_NRULES; r++) {
		if (!(lg->rules & DLX_LOGIC_RULE(r)) || !lgi_apply(lg, st, r))
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
