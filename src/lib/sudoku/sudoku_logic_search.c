/*
 * sudoku_logic_search.c: dlx_logic_search(), which finishes a puzzle the
 * rules left stuck with the exact-cover search of libdlx, on the matrix
 * the sudoku model numbers (sudoku_model.h) restricted to the candidates
 * left.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/sudoku/sudoku_logic_int.h"
#include "lib/core/search_int.h"

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

/*
 * The matrix of the puzzle as lg stands, built through the model: option
 * "cell x holds v" for each candidate v of each empty cell, in the
 * model's order (cells in reading order, symbols ascending), naming the
 * model's items.  The items a filled cell already satisfies (its cell,
 * and its symbol in each of its units) are left out, so map[] renumbers
 * the open ones densely, in the model's order (-1: closed): the branching
 * rule breaks ties by that order.  optcell[] and optsym[] get each
 * option's cell and symbol.  Returns DLX_OK with *dp set, or DLX_ENOMEM
 * or another error of dlx_add_option().
 */
static int
build(const dlx_logic *lg, dlx **dp, int *optcell, int *optsym)
{
	const struct sm_model	*m = lg->m;
	dlx			*d;
	int			*map, items[1 + SM_CELLUNITS];
	int			 n = lg->n, np = sm_nprimary(m), nitems, x, v;
	int			 k, j, rc;

	if ((map = mem_zalloc(&lg->mem, (size_t)np, sizeof *map)) == NULL)
		return DLX_ENOMEM;
	for (x = 0; x < lg->ncells; x++) {
		if (lg->value[x] == 0)
			continue;
		k = sm_option_items(m, x, lg->value[x] - 1, items);
		for (j = 0; j < k; j++)
			map[items[j]] = -1;
	}
	for (nitems = k = 0; k < np; k++)
		if (map[k] == 0)
			map[k] = nitems++;
	if ((rc = dlx_new(&d, (size_t)nitems, 0,
	    &(struct dlx_options){ .alloc = &lg->mem })) != DLX_OK) {
		mem_free(&lg->mem, map);
		return rc;
	}
	for (x = 0; x < lg->ncells; x++) {
		for (v = 1; v <= n; v++) {
			if (!(lg->cand[x] & BIT(v)))
				continue;
			k = sm_option_items(m, x, v - 1, items);
			for (j = 0; j < k; j++)
				items[j] = map[items[j]];
			if ((rc = dlx_add_option(d, items, (size_t)k)) < 0) {
				dlx_free(d);
				mem_free(&lg->mem, map);
				return rc;
			}
			optcell[rc] = x;
			optsym[rc] = v;
		}
	}
	mem_free(&lg->mem, map);
	*dp = d;
	return DLX_OK;
}

int
dlx_logic_search(dlx_logic *lg, const struct dlx_request *how, int *solution,
    struct dlx_logic_result *res)
{
	struct dlxi_search	 s;
	struct dlx_stats	 st;
	struct finish		 f;
	dlx			*d = NULL;
	int			*optcell = NULL, *optsym = NULL;
	int			 c, rc;

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
	rc = DLX_ENOMEM;
	if ((optcell = mem_alloc(&lg->mem, (size_t)lg->ncells * lg->n,
	    sizeof *optcell)) == NULL ||
	    (optsym = mem_alloc(&lg->mem, (size_t)lg->ncells * lg->n,
	    sizeof *optsym)) == NULL ||
	    (rc = build(lg, &d, optcell, optsym)) != DLX_OK)
		goto out;
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
	s.knuth = DLX_KNUTH;
	rc = dlxi_search(d, &s);
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
	mem_free(&lg->mem, optcell);
	mem_free(&lg->mem, optsym);
	return rc;
}
