/*
 * sudoku-generate.c: dlx-sudoku --generate N, new puzzles from the
 * library's generator (sudoku_gen.h), each written as soon as it is made
 * so that a Ctrl-C keeps those already out.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-sudoku.h"

/* Progress of the generator; a Ctrl-C stops it. */
struct gen_progress {
	struct run		*run;
	uint64_t		 made;
	struct cli_progress	 prog;
};

static int
on_gen_progress(void *arg, uint64_t attempts)
{
	struct gen_progress	*gp = arg;

	if (cli_stopped())
		return 1;
	if (cli_progress_due(&gp->prog))
		cli_progress_line(&gp->prog, "%llu of %llu puzzles, %llu "
		    "attempts for the next", (unsigned long long)gp->made,
		    (unsigned long long)gp->run->o.generate,
		    (unsigned long long)attempts);
	return 0;
}

/* Write one generated puzzle: a variant in its text form, a classic
 * puzzle as the format draws it. */
static void
print_generated(struct run *run, const struct dlx_sudoku_genpuzzle *g)
{
	const struct dlx_sudoku_variant	*v = g->variant;
	char				*text = NULL;
	size_t				 len;

	if (v->regions != NULL || v->extras != 0 || v->cages != NULL) {
		len = dlx_sudoku_variant_format(v, g->puzzle, run->alphabet,
		    NULL, 0);
		if (len == 0 || (text = malloc(len + 1)) == NULL) {
			cli_diag("%s", dlx_strerror(DLX_ENOMEM));
			exit(CLI_EXIT_ERROR);
		}
		dlx_sudoku_variant_format(v, g->puzzle, run->alphabet, text,
		    len + 1);
	}
	run->fmt->generated(run, g, text);
	free(text);
}

/* The generator's options from the command line's. */
static void
gen_options(const struct options *o, struct dlx_sudoku_gen_opts *go)
{
	char	 words[64], *w;

	memset(go, 0, sizeof *go);
	if (o->variant != NULL) {
		/* The options were checked already. */
		snprintf(words, sizeof words, "%s", o->variant);
		for (w = strtok(words, " ,\t"); w != NULL;
		    w = strtok(NULL, " ,\t")) {
			if (strcmp(w, "x") == 0 || strcmp(w, "X") == 0)
				go->extras |= DLX_SUDOKU_DIAGONALS;
			else if (strcmp(w, "hyper") == 0 ||
			    strcmp(w, "windoku") == 0)
				go->extras |= DLX_SUDOKU_WINDOWS;
			else if (strcmp(w, "jigsaw") == 0)
				go->jigsaw = 1;
			else if (strcmp(w, "killer") == 0)
				go->killer = 1;
		}
	}
	go->boxr = o->boxr != 0 ? o->boxr : 3;
	go->boxc = o->boxc != 0 ? o->boxc : 3;
	go->symmetry = o->symmetry;
	go->max_givens = o->givens;
	go->grade = o->grade;
	go->seed = o->seed;
}

void
generate(struct run *run)
{
	struct dlx_sudoku_gen_opts	 go;
	struct dlx_sudoku_genpuzzle	 gp;
	struct gen_progress		 prog;
	dlx_sudoku_gen			*g;
	int				 rc;

	gen_options(&run->o, &go);
	go.progress = on_gen_progress;
	go.progress_arg = &prog;
	prog.run = run;
	prog.made = 0;
	cli_progress_start(&prog.prog, run->o.progress, PROGRESS_SECONDS);
	if ((rc = dlx_sudoku_gen_new(&g, &go)) != DLX_OK) {
		if (rc == DLX_EINVAL)
			cli_usage_error("--generate: no such puzzles (killer "
			    "up to 16x16, --grade with classic only, no "
			    "windows with jigsaw)");
		cli_diag("%s", dlx_strerror(rc));
		exit(CLI_EXIT_ERROR);
	}
	for (prog.made = 0; prog.made < run->o.generate && !cli_stopped();
	    prog.made++) {
		rc = dlx_sudoku_gen_next(g, &gp);
		if (rc == DLX_STOPPED)
			break;
		if (rc != DLX_OK) {
			cli_diag("--generate: %s", rc == DLX_INCOMPLETE ?
			    "no puzzle met the targets in 100000 attempts" :
			    dlx_strerror(rc));
			run_status(run, CLI_EXIT_ERROR);
			break;
		}
		print_generated(run, &gp);
		/* Out at once: a Ctrl-C keeps every puzzle made so far. */
		if (fflush(stdout) != 0)
			cli_write_error(errno);
	}
	cli_progress_end(&prog.prog);
	dlx_sudoku_gen_free(g);
}
