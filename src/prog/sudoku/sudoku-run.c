/*
 * sudoku-run.c: the run of dlx-sudoku: puzzles read one at a time from
 * each file, the matrix of their box shape, the search of one puzzle.
 *
 * The exact cover matrix of each box shape is built the first time a
 * puzzle of that shape appears and kept for the rest of the run (with the
 * rules solver of the shape, when a logic mode asks for it); a puzzle's
 * givens are forced on it and released afterwards, so the cost per puzzle
 * is the search and little else.  Variant puzzles each get a matrix of
 * their own, freed after them.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prog/sudoku/dlx-sudoku.h"

/* The order of the statuses: a budget spent (3) says less than an
 * error (2), more than a puzzle without a solution (1). */
static int
status_rank(int status)
{
	switch (status) {
	case CLI_EXIT_BUDGET:	return 2;
	case CLI_EXIT_ERROR:	return 3;
	}
	return status;
}

void
run_status(struct run *run, int status)
{
	if (status_rank(run->status) < status_rank(status))
		run->status = status;
}

void
run_bad_puzzle(struct run *run, const char *file, unsigned long line,
    unsigned long col, const char *msg)
{
	if (col != 0)
		cli_diag("%s:%lu:%lu: %s", file, line, col, msg);
	else
		cli_diag("%s:%lu: %s", file, line, msg);
	run_status(run, CLI_EXIT_ERROR);
	cli_record_begin();
	run->fmt->error(run, file, line, col, msg);
	cli_record_end(0);
}

void
run_note_interrupt(const struct run *run, const struct puzzle *pz,
    const struct search_result *res)
{
	char	 where[PATH_MAX + 32];

	snprintf(where, sizeof where, "%s:%lu", pz->file, pz->p->line);
	cli_interrupt_note(where, res != NULL ? res->text : NULL,
	    run->o.cl.checkpoint, cli_interrupted());
}

void
run_note_budget(struct run *run, const struct puzzle *pz,
    const struct search_result *res)
{
	char	 where[PATH_MAX + 32];

	snprintf(where, sizeof where, "%s:%lu", pz->file, pz->p->line);
	cli_budget_note(where, res->budget, res->text,
	    run->o.cl.checkpoint);
	run_status(run, CLI_EXIT_BUDGET);
}

/* ---- searching ------------------------------------------------------ */

/* State shared with the search callbacks. */
struct search_ctx {
	struct run		*run;
	const struct puzzle	*pz;
	dlx			*d;
	struct cli_progress	 prog;
	visit_fn		*visit;
	uint64_t		 found;		/* solutions visited */
	char			 where[512];	/* FILE:LINE for messages */
};

static int
on_progress(void *arg, const struct dlx_stats *st)
{
	struct search_ctx	*sc = arg;
	char			 where[PATH_MAX + 32];

	if (cli_stopped())
		return 1;
	if (cli_progress_due(&sc->prog)) {
		snprintf(where, sizeof where, "%s:%lu", sc->pz->file,
		    sc->pz->p->line);
		cli_progress_search(&sc->prog, where, st->solutions,
		    st->nodes, st->updates, dlx_progress(sc->d));
	}
	return 0;
}

static int
on_solution(void *arg, const int *options, size_t n)
{
	struct search_ctx	*sc = arg;
	const struct cluster	*cl = &sc->run->o.cl;

	/* Output cut after a stop takes none: a checkpoint leaves it to
	 * the resumed run. */
	if (cli_output_cut())
		return DLX_VISIT_AGAIN;
	/* Numbered on from the solutions of the runs resumed from. */
	if (sc->found == 0 && cluster_active(cl))
		sc->found = cl->before;
	sc->found++;
	sc->visit(sc->run, sc->pz, options, n, sc->found);
	if (cli_output_cut())
		return DLX_VISIT_AGAIN;
	return cli_stopped();
}

/*
 * run_search() under --part, --checkpoint or --resume (cluster.c), for one
 * puzzle only: a checkpoint or a part record names one problem.
 */
static void
search_cluster(struct search_ctx *sc, const struct dlx_request *rq,
    struct dlx_result *dr, struct search_result *res)
{
	struct run		*run = sc->run;
	struct cluster		*cl = &run->o.cl;

	if (++run->cl_puzzles > 1) {
		cli_diag("%s:%lu: --part, --checkpoint and --resume take one "
		    "puzzle", sc->pz->file, sc->pz->p->line);
		run_status(run, CLI_EXIT_ERROR);
		res->rc = CLUSTER_EFILE;
		return;
	}
	res->rc = cluster_search(cl, sc->d, rq, dr);
	if (res->rc == CLUSTER_EFILE) {
		run_status(run, CLI_EXIT_ERROR);
		return;
	}
	dr->count.hi = cl->sol_hi;
	dr->count.lo = cl->sol_lo;
}

/* The figures of one search for --stats, and the run's totals. */
static void
search_stats(struct search_ctx *sc, const struct dlx_stats *st,
    const struct dlx_result *dr)
{
	const struct dlx_memo_stats	*ms = &dr->memo;
	struct run		*run = sc->run;
	const struct puzzle	*pz = sc->pz;
	double			 t = cli_progress_elapsed(&sc->prog);
	struct dlx_request	 rq;
	struct dlx_result	 plan;
	int			 budget;

	run->nodes += st->nodes;
	run->updates += st->updates;
	run->seconds += t;
	cli_diag("%s:%lu: %llu nodes, %llu updates, %.6f s", pz->file,
	    pz->p->line, (unsigned long long)st->nodes,
	    (unsigned long long)st->updates, t);
	if (ms->used || ms->gave_up)
		cli_diag("%s:%lu: cache %s: %llu entries, %llu lookups, %llu "
		    "hits, %llu replaced, %zu bytes", pz->file, pz->p->line,
		    ms->used ? "used" : "gave up (too few repeats)",
		    (unsigned long long)ms->entries,
		    (unsigned long long)ms->lookups,
		    (unsigned long long)ms->hits,
		    (unsigned long long)ms->replaced, ms->bytes);
	if (ms->splits_tried != 0) {
		char	prefix[256];

		snprintf(prefix, sizeof prefix, "%s:%lu: ", pz->file,
		    pz->p->line);
		cli_components(1, prefix, ms);
	}
	/* A budget keeps the 9x9 off the bit boards, whose tree is not
	 * the one it counts: say so. */
	memset(&rq, 0, sizeof rq);
	rq.tree = run->o.tree;
	budget = (run->o.search.max_nodes != 0 ||
	    run->o.search.max_updates != 0) && dr->engine != DLX_ENGINE_BITS &&
	    dlx_run_plan(sc->d, &rq, &plan) == DLX_OK &&
	    plan.engine == DLX_ENGINE_BITS;
	cli_diag("%s:%lu: engine %s, %u thread%s%s", pz->file, pz->p->line,
	    dlx_engine_name(dr->engine), dr->threads,
	    dr->threads == 1 ? "" : "s", budget ? " (the bit boards take no "
	    "node or update budget)" : "");
}

void
run_search(struct run *run, const struct puzzle *pz, uint64_t max,
    visit_fn *visit, struct search_result *res)
{
	struct search_ctx	sc;
	struct dlx_request	rq;
	struct dlx_result	dr;
	struct dlx_stats	st;

	memset(&sc, 0, sizeof sc);
	memset(res, 0, sizeof *res);
	sc.run = run;
	sc.pz = pz;
	sc.d = dlx_sudoku_matrix(pz->s);
	sc.visit = visit;
	cli_progress_start(&sc.prog, run->o.progress, PROGRESS_SECONDS);
	/* One request, whole, to the library's dispatcher (also under
	 * --part and checkpoints: cluster.c adds the position).  The
	 * matrix declares the cells first, row by row, so the cache
	 * branching on the first open cell (unless some item is down to
	 * one option) fills the grid in order and partial grids meet again
	 * (dlx.h, DLX_MEMO_FIRST).  The output is the same on any number
	 * of threads: the library visits the solutions in the serial
	 * order, one at a time. */
	memset(&rq, 0, sizeof rq);
	if (visit != NULL) {
		rq.visit = on_solution;
		rq.visit_arg = &sc;
	}
	rq.max_solutions = max;
	rq.progress = on_progress;
	rq.progress_arg = &sc;
	rq.progress_updates = CLI_PROGRESS_UPDATES;
	cli_request(&run->o.search, &rq);
	rq.tree = run->o.tree;
	rq.order = DLX_MEMO_FIRST;
	memset(&dr, 0, sizeof dr);
	if (cluster_active(&run->o.cl)) {
		search_cluster(&sc, &rq, &dr, res);
		/* Refused by a message, or --resplit wrote its files. */
		if (res->rc == CLUSTER_EFILE || res->rc == CLUSTER_SPLIT)
			return;
	} else
		res->rc = dlx_run(sc.d, &rq, &dr);
	st = dr.stats;
	if (cluster_active(&run->o.cl)) {
		/* The figures of the part, or of every run resumed from,
		 * as dlx gives them (they add up to one search's). */
		dlx_stats(sc.d, &st);
		st.nodes = run->o.cl.nodes;
		st.updates = run->o.cl.updates;
	}
	res->count = dr.count.hi != 0 ? UINT64_MAX : dr.count.lo;
	dlx_wide_format(dr.count, res->text, sizeof res->text);
	res->exact = res->rc == DLX_OK;
	res->interrupted = res->rc == DLX_STOPPED && cli_interrupted();
	res->budget = cli_budget_spent(&run->o.search, res->rc);
	cli_progress_end(&sc.prog);
	if (res->rc == DLX_ENOTSUP) {
		snprintf(sc.where, sizeof sc.where, "%s:%lu", pz->file,
		    pz->p->line);
		cli_refused(sc.where, dr.refused, 0, visit != NULL ||
		    max != 0 ? "--all" : run->o.search.max_nodes != 0 ?
		    "--max-nodes" : "--max-updates");
		run_status(run, CLI_EXIT_ERROR);
	} else if (res->rc < 0) {
		cli_diag("%s:%lu: %s", pz->file, pz->p->line,
		    dlx_strerror(res->rc));
		run_status(run, CLI_EXIT_ERROR);
	}
	if (run->o.stats && res->rc != DLX_ENOTSUP)
		search_stats(&sc, &st, &dr);
}

/* ---- the matrices and solvers of the run ------------------------------ */

/* The cache entry of a box shape, made (without a matrix or solver yet)
 * on first use; the oldest is dropped when the cache is full. */
static struct shape *
shape_for(struct run *run, int boxr, int boxc)
{
	struct shape	*sh;
	int		 i;

	for (i = 0; i < run->nshapes; i++) {
		sh = &run->shapes[i];
		if (sh->boxr == boxr && sh->boxc == boxc)
			return sh;
	}
	if (run->nshapes == NSHAPES) {
		/* Many shapes in one run: drop the oldest. */
		dlx_sudoku_free(run->shapes[0].s);
		dlx_logic_free(run->shapes[0].lg);
		memmove(run->shapes, run->shapes + 1,
		    sizeof run->shapes - sizeof run->shapes[0]);
		run->nshapes--;
	}
	sh = &run->shapes[run->nshapes++];
	memset(sh, 0, sizeof *sh);
	sh->boxr = boxr;
	sh->boxc = boxc;
	return sh;
}

/*
 * The uniqueness rules (DLX_LOGIC_UNIQUENESS) hold only for a puzzle with
 * one solution: unless --no-uniqueness turns them off for every puzzle,
 * they stay on for a puzzle the search (stopping at two solutions) finds
 * unique, and are off for any other, so that the rules never lose a
 * solution.  That search is short next to the rules.  Returns 0, or -1
 * after an error (not reported).
 */
static int
set_rules(struct run *run, dlx_logic *lg, int *rc)
{
	struct dlx_logic_result	 res;
	uint64_t		 rules = DLX_LOGIC_ALL_RULES;

	if (run->o.no_uniqueness)
		rules &= ~DLX_LOGIC_UNIQUENESS;
	else {
		if ((*rc = dlx_logic_search(lg, NULL, NULL, &res)) != DLX_OK)
			return -1;
		if (res.solutions != 1)
			rules &= ~DLX_LOGIC_UNIQUENESS;
	}
	dlx_logic_set_rules(lg, rules);
	return 0;
}

dlx_logic *
run_logic(struct run *run, const struct puzzle *pz)
{
	const struct dlx_sudoku_puzzle	*p = pz->p;
	struct shape			*sh = pz->shape;
	int				 grid[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];
	int				 rc = DLX_ENOMEM, i;
	uint64_t			 m;

	if (sh->lg == NULL &&
	    (rc = dlx_logic_new(&sh->lg, p->boxr, p->boxc, NULL)) != DLX_OK)
		goto fail;
	dlx_logic_set_alphabet(sh->lg,
	    print_use_numbers(run, p->n) ? "" : run->alphabet);
	if (p->marks != NULL) {
		/* A cell with one pencil mark is one the player has
		 * filled (or a given): the steps start after it. */
		for (i = 0; i < p->n * p->n; i++) {
			m = p->marks[i];
			grid[i] = 0;
			if (m != 0 && (m & (m - 1)) == 0)
				for (grid[i] = 1; m >> (grid[i] - 1) != 1;
				    grid[i]++)
					continue;
		}
		if ((rc = dlx_logic_load_marks(sh->lg, grid, p->marks)) ==
		    DLX_ECONFLICT) {
			run_bad_puzzle(run, pz->file, p->line, 0, "two cells of "
			    "a house have the same single pencil mark");
			return NULL;
		}
	} else
		/* The givens passed dlx_sudoku_set_givens(): no clash is
		 * left. */
		rc = dlx_logic_load(sh->lg, p->cells);
	if (rc == DLX_OK && set_rules(run, sh->lg, &rc) == 0)
		return sh->lg;
fail:
	cli_diag("%s:%lu: %s", pz->file, p->line, dlx_strerror(rc));
	run_status(run, CLI_EXIT_ERROR);
	return NULL;
}

void
run_free(struct run *run)
{
	int	 i;

	for (i = 0; i < run->nshapes; i++) {
		dlx_sudoku_free(run->shapes[i].s);
		dlx_logic_free(run->shapes[i].lg);
	}
	run->nshapes = 0;
	dlx_sudoku_canon_free(run->canon);
	run->canon = NULL;
}

/*
 * Force the puzzle's givens on its matrix pz->s, or impose its pencil
 * marks (a puzzle too, for every mode: its solutions use no struck
 * candidate), and answer it as the mode says.  A clash of givens or of
 * single marks is the puzzle's error, named.
 */
static void
answer(struct run *run, struct puzzle *pz)
{
	const struct dlx_sudoku_puzzle	*p = pz->p;
	struct dlx_sudoku_conflict	 conf;
	struct dlx_error		 err;
	char				 msg[160];
	int				 rc;

	memset(&err, 0, sizeof err);
	rc = p->marks != NULL ?
	    dlx_sudoku_set_marks(pz->s, p->cells, p->marks, &conf, &err) :
	    dlx_sudoku_set_givens(pz->s, p->cells, &conf, &err);
	if (rc == DLX_ECONFLICT) {
		dlx_sudoku_conflict_text(&conf,
		    print_use_numbers(run, p->n) ? "" : run->alphabet, msg,
		    sizeof msg);
		run_bad_puzzle(run, pz->file, p->line, 0, msg);
		return;
	}
	if (rc != DLX_OK) {
		/* The reader lets no such marks through; said all the
		 * same, naming the cell. */
		run_bad_puzzle(run, pz->file, p->line, 0, rc == DLX_EINVAL &&
		    err.message[0] != '\0' ? err.message : dlx_strerror(rc));
		return;
	}
	run->mode(run, pz);
	dlx_sudoku_clear(pz->s);
	run->puzzles++;
}

void
run_puzzle(struct run *run, const char *file,
    const struct dlx_sudoku_puzzle *p)
{
	struct puzzle	 pz;
	int		 rc;

	pz.file = file;
	pz.p = p;
	pz.v = NULL;
	pz.shape = shape_for(run, p->boxr, p->boxc);
	if (pz.shape->s == NULL &&
	    (rc = dlx_sudoku_new(&pz.shape->s, p->boxr, p->boxc, NULL)) !=
	    DLX_OK) {
		cli_diag("%s:%lu: %s", file, p->line, dlx_strerror(rc));
		run_status(run, CLI_EXIT_ERROR);
		return;
	}
	pz.s = pz.shape->s;
	answer(run, &pz);
}

/* Answer one variant puzzle, on a matrix of its own. */
static void
process_variant(struct run *run, const char *file,
    const struct dlx_sudoku_puzzle *p, const struct dlx_sudoku_variant *v)
{
	struct dlx_sudoku_options	so;
	struct dlx_error		err;
	struct puzzle			pz;
	int				rc;

	if (run->o.mode == MODE_CANONICAL) {
		run_bad_puzzle(run, file, p->line, 0, "--canonical works on "
		    "classic 9x9 sudoku only, not on variants");
		return;
	}
	if (run->o.mode != MODE_SOLVE && run->o.mode != MODE_COUNT &&
	    run->o.mode != MODE_ALL && run->o.mode != MODE_UNIQUE &&
	    run->o.mode != MODE_REDUNDANT && run->o.mode != MODE_MINIMIZE &&
	    run->o.mode != MODE_TRUE_CANDIDATES &&
	    run->o.mode != MODE_UNIQUE_BY) {
		run_bad_puzzle(run, file, p->line, 0, "--explain, --rate, --hint "
		    "and --candidates work on classic sudoku only");
		return;
	}
	pz.file = file;
	pz.p = p;
	pz.shape = NULL;
	pz.v = v;
	memset(&so, 0, sizeof so);
	so.variant = v;
	if ((rc = dlx_sudoku_new(&pz.s, v->boxr, v->boxc, &so)) != DLX_OK) {
		/* A variant refused: the check says why. */
		run_bad_puzzle(run, file, p->line, 0, rc == DLX_EINVAL &&
		    dlx_sudoku_variant_check(v, &err) != DLX_OK ?
		    err.message : dlx_strerror(rc));
		return;
	}
	answer(run, &pz);
	dlx_sudoku_free(pz.s);
}

/* The reader's stop poll: Ctrl-C ends even an endless line. */
static int
stop_reading(void *unused)
{
	(void)unused;
	return cli_interrupted();
}

void
run_read_failed(struct run *run, const char *file)
{
	if (cli_interrupted())
		return;
	cli_diag("%s: read error: %s", file, strerror(errno));
	run_status(run, CLI_EXIT_ERROR);
}

void
run_no_puzzle(struct run *run, const char *file)
{
	cli_diag("%s: no puzzle", file);
	run_status(run, CLI_EXIT_ERROR);
}

/* Is fp a file of variant puzzles: --variant given, or a first line
 * "variant ..." (peeked at one byte: no classic puzzle starts with 'v'
 * unless --symbols makes it a symbol)? */
static int
variant_file(struct run *run, FILE *fp)
{
	int	ch;

	if (run->o.variant != NULL)
		return 1;
	if (run->o.symbols != NULL && strchr(run->o.symbols, 'v') != NULL)
		return 0;
	ch = getc(fp);
	if (ch == EOF)
		return 0;
	ungetc(ch, fp);
	return ch == 'v';
}

int
run_source_open(struct run *run, struct puzzle_source *src, FILE *fp)
{
	struct dlx_sudoku_reader_options	 ro;

	memset(src, 0, sizeof *src);
	memset(&ro, 0, sizeof ro);
	ro.boxr = run->o.boxr;
	ro.boxc = run->o.boxc;
	ro.symbols = run->o.symbols;
	if (variant_file(run, fp)) {
		ro.variant = run->o.variant;
		return dlx_sudoku_vreader_new(&src->vr, fp, &ro);
	}
	ro.stop = stop_reading;
	return dlx_sudoku_reader_new(&src->r, fp, &ro);
}

int
run_source_read(struct puzzle_source *src, struct dlx_sudoku_puzzle *p,
    struct dlx_sudoku_variant *vbuf, const struct dlx_sudoku_variant **v,
    struct dlx_error *e)
{
	*v = NULL;
	if (src->r != NULL)
		return dlx_sudoku_read(src->r, p, e);
	*v = vbuf;
	return dlx_sudoku_vread(src->vr, p, vbuf, e);
}

void
run_source_close(struct puzzle_source *src)
{
	dlx_sudoku_reader_free(src->r);
	dlx_sudoku_vreader_free(src->vr);
}

void
run_answer(struct run *run, const char *file, int rc,
    const struct dlx_sudoku_puzzle *p, const struct dlx_sudoku_variant *v,
    const struct dlx_error *e)
{
	if (rc == DLX_SUDOKU_BAD)
		run_bad_puzzle(run, file, e->line, e->column, e->message);
	else if (v != NULL)
		process_variant(run, file, p, v);
	else
		run_puzzle(run, file, p);
}

void
run_source(struct run *run, const char *file, struct puzzle_source *src,
    int rc, uint64_t seen)
{
	struct dlx_sudoku_puzzle	 p;
	struct dlx_sudoku_variant	 vbuf;
	const struct dlx_sudoku_variant	*v;
	struct dlx_error		 e;

	while ((rc == DLX_SUDOKU_PUZZLE || rc == DLX_SUDOKU_BAD) &&
	    !cli_stopped()) {
		rc = run_source_read(src, &p, &vbuf, &v, &e);
		if (rc == DLX_SUDOKU_PUZZLE || rc == DLX_SUDOKU_BAD) {
			seen++;
			run_answer(run, file, rc, &p, v, &e);
		}
	}
	if (rc == DLX_SUDOKU_EREAD)
		run_read_failed(run, file);
	run_source_close(src);
	if (seen == 0 && rc == DLX_SUDOKU_EOF && !cli_interrupted())
		run_no_puzzle(run, file);
	if (run->file_done != NULL)
		run->file_done(run, file);
}

void
run_file(struct run *run, const char *file, FILE *fp)
{
	struct puzzle_source	 src;
	int		 rc;

	if ((rc = run_source_open(run, &src, fp)) != DLX_OK) {
		cli_diag("%s: %s", file, dlx_strerror(rc));
		run_status(run, CLI_EXIT_ERROR);
		return;
	}
	run_source(run, file, &src, DLX_SUDOKU_PUZZLE, 0);
}
