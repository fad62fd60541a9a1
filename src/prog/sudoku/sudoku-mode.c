/*
 * sudoku-mode.c: the modes of dlx-sudoku that search: solve (the
 * default), --count, --all and --unique.  Each searches the puzzle and
 * hands what it found to the output format.
 */
#include "config.h"

#include <string.h>

#include "prog/sudoku/dlx-sudoku.h"

/* Keep the first solution in run->cells. */
static void
keep_first(struct run *run, const struct puzzle *pz, const int *options,
    size_t n, uint64_t index)
{
	if (index == 1)
		dlx_sudoku_decode(pz->s, options, n, run->cells);
}

/* Default: the solution, or none, or the first of several. */
void
mode_solve(struct run *run, const struct puzzle *pz)
{
	struct search_result	 res;

	run_search(run, pz, 2, keep_first, &res);
	if (res.interrupted) {
		run_note_interrupt(run, pz, &res);
		return;
	}
	if (res.rc < 0)
		return;
	if (res.count == 0)
		run_status(run, CLI_EXIT_NONE);
	run->fmt->solved(run, pz, &res, print_result_word(res.count));
}

/* The count as the count modes report it. */
static void
report_count(struct run *run, const struct puzzle *pz,
    const struct search_result *res)
{
	if (res->count == 0 && res->exact)
		run_status(run, CLI_EXIT_NONE);
	run->fmt->counted(run, pz, res);
}

/* --count: every solution counted, none visited. */
void
mode_count(struct run *run, const struct puzzle *pz)
{
	struct cluster	*cl = &run->o.cl;
	struct search_result	 res;

	run_search(run, pz, run->o.limit, NULL, &res);
	if (res.rc < 0)
		return;
	/* The count so far goes to the output below; the checkpoint to
	 * resume from, as dlx names it, to stderr. */
	if (res.interrupted && cl->checkpoint != NULL)
		run_note_interrupt(run, pz, &res);
	if (cl->parted && res.rc == DLX_OK) {
		/* The part's record is its answer, whatever its count. */
		fflush(stdout);
		if (cluster_write_record(cl, cl->record != NULL ? NULL :
		    stdout) != 0)
			run_status(run, CLI_EXIT_ERROR);
		return;
	}
	report_count(run, pz, &res);
}

/* Print each solution as it is found. */
static void
print_each(struct run *run, const struct puzzle *pz, const int *options,
    size_t n, uint64_t index)
{
	dlx_sudoku_decode(pz->s, options, n, run->cells);
	run->fmt->solution(run, pz, index);
}

/* --all: every solution printed and numbered, then the count. */
void
mode_all(struct run *run, const struct puzzle *pz)
{
	struct cluster	*cl = &run->o.cl;
	struct search_result	 res;

	run->fmt->all_start(run, pz);
	run_search(run, pz, run->o.limit, print_each, &res);
	if (res.rc < 0)
		return;
	if (res.interrupted && cl->checkpoint != NULL)
		run_note_interrupt(run, pz, &res);
	if (cl->parted && res.rc == DLX_OK && cl->record != NULL &&
	    cluster_write_record(cl, NULL) != 0)
		run_status(run, CLI_EXIT_ERROR);
	if (run->fmt->all_total || res.count == 0 || !res.exact)
		report_count(run, pz, &res);
}

/* --unique: unique, none or multiple, searching for two at most. */
void
mode_unique(struct run *run, const struct puzzle *pz)
{
	struct search_result	 res;

	run_search(run, pz, 2, NULL, &res);
	if (res.interrupted) {
		run_note_interrupt(run, pz, &res);
		return;
	}
	if (res.rc < 0)
		return;
	if (res.count != 1)
		run_status(run, CLI_EXIT_NONE);
	run->fmt->unique(run, pz, print_result_word(res.count));
}
