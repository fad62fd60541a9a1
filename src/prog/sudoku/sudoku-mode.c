/*
 * sudoku-mode.c: the modes of dlx-sudoku that search: solve (the
 * default), --count, --all and --unique.  Each searches the puzzle and
 * hands what it found to the output format.  What a format writes for one
 * call is one record (cli.h): a grid is written whole or not at all.
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
	if (res.budget != NULL) {
		run_note_budget(run, pz, &res);
		return;
	}
	if (res.rc < 0)
		return;
	if (res.count == 0)
		run_status(run, CLI_EXIT_NONE);
	cli_record_begin();
	run->fmt->solved(run, pz, &res, print_result_word(res.count));
	cli_record_end(0);
}

/* The count as the count modes report it. */
static void
report_count(struct run *run, const struct puzzle *pz,
    const struct search_result *res)
{
	if (res->count == 0 && res->exact)
		run_status(run, CLI_EXIT_NONE);
	cli_record_begin();
	run->fmt->counted(run, pz, res);
	cli_record_end(0);
}

/*
 * After the count of a search a signal stopped: the message with the
 * count on stderr too, when a checkpoint is to be named or standard
 * output did not take the count (the reader took none of it in time).
 */
static void
note_stop(struct run *run, const struct puzzle *pz,
    const struct search_result *res)
{
	if (res->budget != NULL && !res->interrupted) {
		cli_flush();
		run_note_budget(run, pz, res);
		return;
	}
	if (!res->interrupted)
		return;
	cli_flush();
	if (run->o.cl.checkpoint != NULL || cli_output_cut())
		run_note_interrupt(run, pz, res);
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
	if (cl->parted && res.rc == DLX_OK) {
		/* The part's record is its answer, whatever its count. */
		if (cluster_write_record(cl) != 0)
			run_status(run, CLI_EXIT_ERROR);
		return;
	}
	/* The count so far goes to the output; the checkpoint to resume
	 * from, as dlx names it, to stderr. */
	report_count(run, pz, &res);
	note_stop(run, pz, &res);
}

/* Print each solution as it is found. */
static void
print_each(struct run *run, const struct puzzle *pz, const int *options,
    size_t n, uint64_t index)
{
	dlx_sudoku_decode(pz->s, options, n, run->cells);
	cli_record_begin();
	run->fmt->solution(run, pz, index);
	cli_record_end(1);
}

/* --all: every solution printed and numbered, then the count. */
void
mode_all(struct run *run, const struct puzzle *pz)
{
	struct cluster	*cl = &run->o.cl;
	struct search_result	 res;
	uint64_t		 out0;

	cli_record_begin();
	run->fmt->all_start(run, pz);
	cli_record_end(0);
	out0 = cli_solutions_out();
	run_search(run, pz, run->o.limit, print_each, &res);
	if (res.rc < 0)
		return;
	if (res.interrupted) {
		/* The count is that of the solutions printed (with those of
		 * the runs resumed from), once those buffered are out or
		 * dropped: a reader that stopped reading leaves fewer than
		 * the search visited. */
		cli_flush();
		res.count = cli_solutions_out() - out0;
		if (cluster_active(cl))
			res.count += cl->before;
		snprintf(res.text, sizeof res.text, "%llu",
		    (unsigned long long)res.count);
	}
	if (cl->parted && res.rc == DLX_OK && cl->record != NULL &&
	    cluster_write_record(cl) != 0)
		run_status(run, CLI_EXIT_ERROR);
	if (run->fmt->all_total || res.count == 0 || !res.exact)
		report_count(run, pz, &res);
	note_stop(run, pz, &res);
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
	if (res.budget != NULL) {
		run_note_budget(run, pz, &res);
		return;
	}
	if (res.rc < 0)
		return;
	if (res.count != 1)
		run_status(run, CLI_EXIT_NONE);
	cli_record_begin();
	run->fmt->unique(run, pz, print_result_word(res.count));
	cli_record_end(0);
}
