/*
 * sudoku-minimal.c: the modes --redundant (which givens can go, each
 * alone, with the puzzle staying unique) and --minimize (a minimal
 * puzzle: every given that can go taken away), with --symmetry (givens
 * go an orbit at a time), --seed (the order minimize tries them in) and
 * --effort (search nodes one check may take).  The library answers
 * (dlx_sudoku_redundant(), dlx_sudoku_minimize()); this file writes the
 * answer, as text or as one JSON record per puzzle.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "prog/sudoku/dlx-sudoku.h"

/* Ctrl-C stops a check. */
static int
on_progress(void *arg, const struct dlx_stats *st)
{
	(void)arg;
	(void)st;
	return cli_stopped();
}

static const char *
symmetry_name(int symmetry)
{
	switch (symmetry) {
	case DLX_GEN_SYM_180:
		return "180";
	case DLX_GEN_SYM_90:
		return "90";
	case DLX_GEN_SYM_MIRROR:
		return "mirror";
	}
	return "none";
}

/*
 * The node bound of a check: --effort, or by default none up to 16x16
 * (killer: up to 9x9), where a check takes well under a second, and the
 * generator's bounds above (dlx_sudoku_gen.h), where checks grow
 * exponentially as the givens go.
 */
static uint64_t
effort(const struct run *run, const struct puzzle *pz)
{
	int	 n = pz->p->n;

	if (run->o.effort == DLX_GEN_EFFORT_NONE)
		return 0;
	if (run->o.effort != 0)
		return run->o.effort;
	if (n > 16)
		return DLX_GEN_EFFORT_DEFAULT;
	if (pz->v != NULL && pz->v->cages != NULL && n > 9)
		return DLX_GEN_EFFORT_KILLER;
	return 0;
}

/* The options of a call from the command line. */
static void
options(const struct run *run, const struct puzzle *pz,
    struct dlx_sudoku_minimal_options *o)
{
	memset(o, 0, sizeof *o);
	o->symmetry = run->o.symmetry;
	o->seed = run->o.seed;
	o->max_nodes = effort(run, pz);
	o->threads = run->o.search.threads;
	o->progress = on_progress;
	o->progress_updates = CLI_PROGRESS_UPDATES;
}

/*
 * What the call returned, for the puzzle's answer: the result word of a
 * puzzle that is not unique ("none", "multiple", "unsettled" when even
 * its own check ran out of effort), NULL for an answer to write, or
 * "" when nothing is to be written (an interrupt or an error, reported
 * here).
 */
static const char *
outcome(struct run *run, const struct puzzle *pz, int rc)
{
	switch (rc) {
	case DLX_OK:
		return NULL;
	case DLX_SUDOKU_UNSOLVABLE:
	case DLX_SUDOKU_MULTIPLE:
	case DLX_INCOMPLETE:
		run_status(run, CLI_EXIT_NONE);
		return rc == DLX_SUDOKU_UNSOLVABLE ? "none" :
		    rc == DLX_SUDOKU_MULTIPLE ? "multiple" : "unsettled";
	case DLX_STOPPED:
		if (cli_interrupted()) {
			run_note_interrupt(run, pz, NULL);
			return "";
		}
		break;
	}
	cli_diag("%s:%lu: %s", pz->file, pz->p->line, dlx_strerror(rc));
	run_status(run, CLI_EXIT_ERROR);
	return "";
}

/* The --stats line of a puzzle. */
static void
stats(struct run *run, const struct puzzle *pz,
    const struct dlx_sudoku_minimal_result *res)
{
	run->nodes += res->nodes;
	if (run->o.stats)
		cli_diag("%s:%lu: %llu checks, %llu nodes", pz->file,
		    pz->p->line, (unsigned long long)res->checks,
		    (unsigned long long)res->nodes);
}

/* The cells flagged f, as " r1c2 r3c4" or in JSON ,"r1c2","r3c4" after
 * the first. */
static void
cells_flagged(const unsigned char *flags, int n, unsigned char f, int json)
{
	int	 x, k = 0;

	for (x = 0; x < n * n; x++) {
		if (flags[x] != f)
			continue;
		if (json)
			cli_out("%s\"r%dc%d\"", k > 0 ? "," : "", x / n + 1,
			    x % n + 1);
		else
			cli_out(" r%dc%d", x / n + 1, x % n + 1);
		k++;
	}
}

/* The start of a text answer: "FILE:LINE: " or, in line format, the
 * puzzle and a space. */
static void
text_head(const struct run *run, const struct puzzle *pz)
{
	if (run->o.format == FORMAT_LINE) {
		print_puzzle(run, pz);
		cli_putc(' ');
	} else
		print_where(pz);
}

/* --redundant. */
void
minimal_redundant(struct run *run, const struct puzzle *pz)
{
	struct dlx_sudoku_minimal_options o;
	struct dlx_sudoku_minimal_result res;
	unsigned char	 flags[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];
	const char	*what;
	int		 n = pz->p->n, rc, line = run->o.format == FORMAT_LINE;

	options(run, pz, &o);
	rc = dlx_sudoku_redundant(pz->s, pz->p->cells, flags, &o, &res, NULL);
	if ((what = outcome(run, pz, rc)) != NULL && *what == '\0')
		return;
	stats(run, pz, &res);
	cli_record_begin();
	if (run->o.format == FORMAT_JSON) {
		print_json_head(run, pz, "redundant");
		if (run->o.symmetry != DLX_GEN_SYM_NONE)
			cli_out(",\"symmetry\":\"%s\"",
			    symmetry_name(run->o.symmetry));
		cli_out(",\"result\":\"%s\",\"givens\":%d",
		    what != NULL ? what : "unique", res.givens);
		if (what == NULL) {
			cli_out(",\"minimal\":%s,\"redundant\":[",
			    res.minimal ? "true" : "false");
			cells_flagged(flags, n, DLX_SUDOKU_REDUNDANT, 1);
			cli_putc(']');
			if (res.unsettled > 0) {
				cli_puts(",\"unsettled\":[");
				cells_flagged(flags, n, DLX_SUDOKU_UNSETTLED,
				    1);
				cli_putc(']');
			}
		}
		cli_puts("}\n");
	} else {
		text_head(run, pz);
		if (what != NULL)
			cli_puts(line ? what : *what == 'n' ? "no solution" :
			    *what == 'm' ? "multiple solutions" :
			    "uniqueness unsettled within the effort");
		else if (res.minimal)
			cli_out(line ? "minimal" : "minimal (%d givens)",
			    res.givens);
		else if (res.redundant > 0) {
			if (line)
				cli_puts("redundant");
			else
				cli_out("%d of %d givens redundant:",
				    res.redundant, res.givens);
			cells_flagged(flags, n, DLX_SUDOKU_REDUNDANT, 0);
		} else if (!line)
			cli_out("no given proven redundant (%d givens)",
			    res.givens);
		if (what == NULL && res.unsettled > 0) {
			if (line)
				cli_puts(res.redundant > 0 ? " unsettled" :
				    "unsettled");
			else
				cli_puts("; unsettled within the effort:");
			cells_flagged(flags, n, DLX_SUDOKU_UNSETTLED, 0);
		}
		cli_putc('\n');
	}
	cli_record_end(0);
}

/* The text form of variant v's puzzle cells (malloc'd), or NULL after an
 * error, reported. */
static char *
variant_text(struct run *run, const struct puzzle *pz, const int *cells)
{
	char	*text;
	size_t	 len;

	len = dlx_sudoku_variant_format(pz->v, cells,
	    print_use_numbers(run, pz->p->n) ? NULL : run->alphabet, NULL, 0);
	if (len == 0) {
		cli_diag("%s:%lu: the puzzle of %d cages has no text form (at "
		    "most %d)", pz->file, pz->p->line, pz->v->ncages,
		    DLX_SUDOKU_LABELS);
		run_status(run, CLI_EXIT_ERROR);
		return NULL;
	}
	if ((text = malloc(len + 1)) == NULL) {
		cli_diag("%s:%lu: %s", pz->file, pz->p->line,
		    dlx_strerror(DLX_ENOMEM));
		run_status(run, CLI_EXIT_ERROR);
		return NULL;
	}
	dlx_sudoku_variant_format(pz->v, cells,
	    print_use_numbers(run, pz->p->n) ? NULL : run->alphabet, text,
	    len + 1);
	return text;
}

/* --minimize. */
void
minimal_minimize(struct run *run, const struct puzzle *pz)
{
	struct dlx_sudoku_minimal_options o;
	struct dlx_sudoku_minimal_result res;
	int		 out[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];
	const char	*what;
	char		*text = NULL;
	int		 n = pz->p->n, rc;

	options(run, pz, &o);
	rc = dlx_sudoku_minimize(pz->s, pz->p->cells, out, &o, &res, NULL);
	if ((what = outcome(run, pz, rc)) != NULL && *what == '\0')
		return;
	stats(run, pz, &res);
	if (what == NULL && pz->v != NULL &&
	    (text = variant_text(run, pz, out)) == NULL)
		return;
	cli_record_begin();
	if (run->o.format == FORMAT_JSON) {
		print_json_head(run, pz, "minimized");
		if (run->o.symmetry != DLX_GEN_SYM_NONE)
			cli_out(",\"symmetry\":\"%s\"",
			    symmetry_name(run->o.symmetry));
		cli_out(",\"result\":\"%s\",\"givens\":%d",
		    what != NULL ? what : "unique", res.givens);
		if (what == NULL) {
			cli_out(",\"removed\":%d,\"minimal\":%s",
			    res.redundant, res.minimal ? "true" : "false");
			if (res.unsettled > 0)
				cli_out(",\"unsettled\":%d", res.unsettled);
			cli_puts(",\"minimized\":\"");
			print_line(run, n, out);
			cli_putc('"');
			if (text != NULL) {
				cli_puts(",\"text\":");
				cli_json_str(text);
			}
		}
		cli_puts("}\n");
	} else if (what != NULL) {
		/* The puzzle as read, and why it stays: a line the reader
		 * takes back (the word is an annotation). */
		print_puzzle(run, pz);
		cli_out(" %s\n", what);
	} else if (text != NULL) {
		if (!res.minimal)
			cli_out("# %s:%lu: not proven minimal: %d given%s "
			    "unsettled within the effort\n", pz->file,
			    pz->p->line, res.unsettled,
			    res.unsettled == 1 ? "" : "s");
		cli_out("%s\n", text);
	} else {
		print_line(run, n, out);
		if (!res.minimal)
			cli_out(" # not proven minimal: %d given%s unsettled "
			    "within the effort", res.unsettled,
			    res.unsettled == 1 ? "" : "s");
		cli_putc('\n');
	}
	cli_record_end(0);
	free(text);
}
