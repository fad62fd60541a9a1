/*
 * sudoku-explain.c: the modes of dlx-sudoku that solve as a person
 * would, with the rules of the library's logic solver (dlx_logic.h):
 * --explain (each step, then a search if the rules get stuck), --rate
 * (the rating: ER/EP/ED from the hardest steps, and the level), --hint
 * (the next step only) and --candidates (the pencil marks where the rules
 * stop).
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "prog/sudoku/dlx-sudoku.h"

/* Progress of the search after the rules: Ctrl-C stops it; on request
 * (--progress, or stderr a terminal) a line every second. */
struct logic_progress {
	const struct puzzle	*pz;
	struct cli_progress	 prog;
};

static int
on_logic_progress(void *arg, const struct dlx_stats *st)
{
	struct logic_progress	*lp = arg;
	char			 where[PATH_MAX + 64];

	if (cli_stopped())
		return 1;
	if (cli_progress_due(&lp->prog)) {
		snprintf(where, sizeof where, "%s:%lu: search after the "
		    "rules", lp->pz->file, lp->pz->p->line);
		cli_progress_search(&lp->prog, where, st->solutions,
		    st->nodes, st->updates, -1);
	}
	return 0;
}

/*
 * After the rules stopped (end->rc): finish with the search if they are
 * stuck, and put the solution (if any) in run->cells.  Returns -1 after
 * an error (reported) or an interrupt.
 */
static int
logic_finish(struct run *run, const struct puzzle *pz, dlx_logic *lg,
    struct logic_end *end)
{
	struct logic_progress	 lp;
	struct dlx_request	 s;
	int			 rc;

	end->searched = 0;
	end->solutions = end->rc == DLX_LOGIC_SOLVED;
	if (end->rc == DLX_LOGIC_SOLVED)
		dlx_logic_grid(lg, run->cells);
	if (end->rc == DLX_LOGIC_STUCK) {
		lp.pz = pz;
		cli_progress_start(&lp.prog, run->o.progress,
		    PROGRESS_SECONDS);
		memset(&s, 0, sizeof s);
		s.progress = on_logic_progress;
		s.progress_arg = &lp;
		s.progress_updates = CLI_PROGRESS_UPDATES;
		rc = dlx_logic_search(lg, &s, run->cells, &end->res);
		cli_progress_end(&lp.prog);
		if (rc == DLX_STOPPED) {
			run_note_interrupt(run, pz, NULL);
			return -1;
		}
		if (rc != DLX_OK) {
			cli_diag("%s:%lu: %s", pz->file, pz->p->line,
			    dlx_strerror(rc));
			run_status(run, CLI_EXIT_ERROR);
			return -1;
		}
		end->searched = 1;
		end->solutions = end->res.solutions;
	}
	if (end->solutions == 0)
		run_status(run, CLI_EXIT_NONE);
	return 0;
}

/* The steps of --explain, one per line or as the members of a JSON
 * record; then the contradiction or the candidates where they stopped. */
static void
explain_steps(struct run *run, dlx_logic *lg, struct logic_end *end)
{
	struct dlx_logic_step	 st;
	int			 json = run->o.format == FORMAT_JSON;
	int			 first = 1;

	if (json)
		cli_puts(",\"steps\":[");
	while ((end->rc = dlx_logic_step(lg, &st)) == DLX_OK) {
		if (json && !first)
			cli_putc(',');
		print_step(lg, &st, json);
		if (!json)
			cli_putc('\n');
		first = 0;
	}
	if (json)
		cli_putc(']');
	end->stop = st;
	if (end->rc == DLX_LOGIC_CONTRADICTION) {
		if (json)
			cli_puts(",\"contradiction\":");
		print_step(lg, &end->stop, json);
		if (!json)
			cli_putc('\n');
	}
	if (end->rc == DLX_LOGIC_STUCK && !json)
		cli_puts("no rule applies; candidates:\n");
	else if (end->rc == DLX_LOGIC_CONTRADICTION && run->o.candidates &&
	    !json)
		cli_puts("candidates:\n");
	if (end->rc == DLX_LOGIC_STUCK ||
	    (run->o.candidates && end->rc == DLX_LOGIC_CONTRADICTION))
		print_candidates(run, lg);
}

/* The end of an --explain record in JSON. */
static void
explain_json_end(struct run *run, const struct puzzle *pz, dlx_logic *lg,
    const struct logic_end *end)
{
	cli_out(",\"grade\":\"%s\"", end->solutions == 0 ? "none" :
	    dlx_logic_grade_name(dlx_logic_grade(lg)));
	if (end->searched)
		cli_out(",\"guesses\":%llu",
		    (unsigned long long)end->res.guesses);
	cli_out(",\"result\":\"%s\"", print_result_word(end->solutions));
	if (end->solutions > 0) {
		cli_puts(",\"solution\":\"");
		print_line(run, pz->p->n, run->cells);
		cli_putc('"');
	}
	cli_puts("}\n");
}

/* --explain: each step on its own line, then how it ended. */
void
explain_mode(struct run *run, const struct puzzle *pz)
{
	struct logic_end	 end;
	dlx_logic		*lg;
	int			 json = run->o.format == FORMAT_JSON;

	if ((lg = run_logic(run, pz)) == NULL)
		return;
	if (json)
		print_json_head(run, pz, "puzzle");
	else if (run->o.format == FORMAT_CLASSIC)
		print_classic_start(pz->p);
	else {
		print_where(pz);
		cli_puts("step by step\n");
	}
	if (run->o.candidates && !json) {
		cli_puts("candidates:\n");
		print_candidates(run, lg);
	}
	explain_steps(run, lg, &end);
	if (logic_finish(run, pz, lg, &end) != 0) {
		if (json)
			cli_puts("}\n");
		return;
	}
	if (json) {
		explain_json_end(run, pz, lg, &end);
		return;
	}
	if (end.searched)
		cli_out("search: %s after %llu guess%s", end.solutions == 0 ?
		    "no solution" : end.solutions == 1 ? "solved" :
		    "not unique; one of several solutions",
		    (unsigned long long)end.res.guesses,
		    end.res.guesses == 1 ? "" : "es");
	else if (end.solutions > 0)
		cli_puts("solved by the rules");
	if (end.solutions == 0) {
		cli_puts(end.searched ? "\n\n" : "no solution\n\n");
		return;
	}
	cli_out("; grade: %s\n", dlx_logic_grade_name(dlx_logic_grade(lg)));
	cli_record_begin();
	run->fmt->explained(run, pz);
	cli_record_end(0);
}

/* --rate: the rating of each puzzle, from its steps. */
void
explain_rate(struct run *run, const struct puzzle *pz)
{
	struct logic_end	 end;
	dlx_logic		*lg;
	int			 l;

	if ((lg = run_logic(run, pz)) == NULL)
		return;
	end.rc = dlx_logic_run(lg, NULL, NULL, &end.stop);
	dlx_logic_rating(lg, &end.rt);
	if (logic_finish(run, pz, lg, &end) != 0)
		return;
	/* A grid given full needs nothing: easy. */
	l = end.rt.level == DLX_LOGIC_LEVEL_NONE ? DLX_LOGIC_LEVEL_EASY :
	    (int)end.rt.level;
	run->levels[end.solutions == 0 ? DLX_LOGIC_NLEVELS : l]++;
	cli_record_begin();
	run->fmt->rated(run, pz, &end, lg);
	cli_record_end(0);
}

/* The distribution of the levels of a file's puzzles. */
void
explain_rate_summary(struct run *run, const char *file)
{
	uint64_t	 total = 0;
	int		 l, first = DLX_LOGIC_LEVEL_EASY;

	for (l = first; l <= DLX_LOGIC_NLEVELS; l++)
		total += run->levels[l];
	if (run->o.format == FORMAT_JSON) {
		cli_puts("{\"type\":\"summary\",\"file\":");
		cli_json_str(file);
		cli_out(",\"puzzles\":%llu,\"levels\":{",
		    (unsigned long long)total);
		for (l = first; l <= DLX_LOGIC_NLEVELS; l++)
			cli_out("%s\"%s\":%llu", l > first ? "," : "",
			    l < DLX_LOGIC_NLEVELS ? dlx_logic_level_name(l) :
			    "none", (unsigned long long)run->levels[l]);
		cli_puts("}}\n");
	} else {
		cli_out("%s: %llu puzzle%s:", file, (unsigned long long)total,
		    total == 1 ? "" : "s");
		for (l = first; l < DLX_LOGIC_NLEVELS; l++)
			cli_out("%s %llu %s", l > first ? "," : "",
			    (unsigned long long)run->levels[l],
			    dlx_logic_level_name(l));
		if (run->levels[DLX_LOGIC_NLEVELS] != 0)
			cli_out(", %llu with no solution", (unsigned long long)
			    run->levels[DLX_LOGIC_NLEVELS]);
		cli_putc('\n');
	}
	memset(run->levels, 0, sizeof run->levels);
}

/* --hint: the next step only, from the puzzle or its pencil marks. */
void
explain_hint(struct run *run, const struct puzzle *pz)
{
	struct dlx_logic_step	 st;
	dlx_logic		*lg;
	int			 rc, json = run->o.format == FORMAT_JSON;

	if ((lg = run_logic(run, pz)) == NULL)
		return;
	rc = dlx_logic_step(lg, &st);
	if (rc == DLX_LOGIC_CONTRADICTION)
		run_status(run, CLI_EXIT_NONE);
	if (json) {
		print_json_head(run, pz, "hint");
		if (rc == DLX_OK || rc == DLX_LOGIC_CONTRADICTION) {
			cli_out(",\"rule\":\"%s\"",
			    dlx_logic_rule_name(st.rule));
			if (rc == DLX_OK)
				cli_out(",\"rating\":%d.%d", st.rating / 10,
				    st.rating % 10);
			cli_puts(",\"step\":");
			print_step(lg, &st, 1);
		}
		cli_out(",\"stop\":\"%s\"}\n", rc == DLX_OK ? "step" :
		    rc == DLX_LOGIC_SOLVED ? "solved" : rc == DLX_LOGIC_STUCK ?
		    "stuck" : "contradiction");
		return;
	}
	print_where(pz);
	if (rc == DLX_OK || rc == DLX_LOGIC_CONTRADICTION)
		print_step(lg, &st, 0);
	else
		cli_puts(rc == DLX_LOGIC_SOLVED ? "solved" :
		    "no rule applies");
	cli_putc('\n');
}

/*
 * --candidates alone: the starting marks, the candidates of each empty
 * cell once the givens' peers are struck out and before any rule, as a
 * player pencils them in; the givens in brackets.  (With --explain or
 * --rate the marks are those where the rules stop.)
 */
void
explain_candidates(struct run *run, const struct puzzle *pz)
{
	dlx_logic	*lg;

	if ((lg = run_logic(run, pz)) == NULL)
		return;
	if (run->o.format == FORMAT_JSON) {
		print_json_head(run, pz, "puzzle");
		print_start_marks(run, lg, pz->p->boxr, pz->p->boxc);
		cli_puts("}\n");
		return;
	}
	print_where(pz);
	cli_puts("candidates after the givens (givens in brackets)\n");
	print_start_marks(run, lg, pz->p->boxr, pz->p->boxc);
	cli_putc('\n');
}
