/*
 * sudoku-generate.c: dlx-sudoku --generate N, new puzzles from the
 * library's generator (dlx_sudoku_gen.h), each written as soon as it is made
 * so that a Ctrl-C keeps those already out.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "prog/common/workers.h"
#include "prog/sudoku/dlx-sudoku.h"

/* What each stage of an attempt is called in a progress line. */
static const char *const stage_names[] = {
	"making its grid",
	"singles pass",
	"search pass",
	"checking each given alone",
	"grading"
};

/*
 * A progress line in the program's form: the puzzles written so far,
 * then where the next one is (st, or NULL when nothing is known yet).
 */
static void
gen_progress_line(struct cli_progress *p, uint64_t made, uint64_t total,
    const struct dlx_sudoku_gen_status *st)
{
	char	 steps[64] = "", kept[64] = "";

	if (st == NULL || st->attempts == 0) {
		cli_progress_line(p, "%llu of %llu puzzles, %.0f s",
		    (unsigned long long)made, (unsigned long long)total,
		    cli_progress_elapsed(p));
		return;
	}
	if (st->stage != DLX_GEN_STAGE_GRID && st->stage !=
	    DLX_GEN_STAGE_GRADE)
		snprintf(steps, sizeof steps, " %d of %d", st->done,
		    st->total);
	/* Givens whose check ran out of effort: they stay, unproven. */
	if (st->unsettled > 0)
		snprintf(kept, sizeof kept, " (%llu kept at the effort bound)",
		    (unsigned long long)st->unsettled);
	cli_progress_line(p, "%llu of %llu puzzles; the next: attempt %llu, "
	    "%s%s, %d givens%s, %.0f s", (unsigned long long)made,
	    (unsigned long long)total, (unsigned long long)st->attempts,
	    st->stage >= 0 && st->stage <= DLX_GEN_STAGE_GRADE ?
	    stage_names[st->stage] : "", steps, st->givens, kept,
	    cli_progress_elapsed(p));
}

/* Progress of the generator on this thread; a Ctrl-C stops it. */
struct gen_progress {
	struct run		*run;
	dlx_sudoku_gen		*g;	/* set once made */
	uint64_t		 made;
	struct cli_progress	 prog;
};

/* Polled by the generator often (between checks, and every few
 * milliseconds of a search), so a Ctrl-C stops it at once. */
static int
on_gen_progress(void *arg, uint64_t attempts)
{
	struct gen_progress		*gp = arg;
	struct dlx_sudoku_gen_status	 st;

	(void)attempts;
	if (cli_stopped())
		return 1;
	if (gp->g != NULL && cli_progress_due(&gp->prog) &&
	    dlx_sudoku_gen_status(gp->g, &st) == DLX_OK)
		gen_progress_line(&gp->prog, gp->made, gp->run->o.generate,
		    &st);
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
		/* The alphabet was checked in gen_for(), and the generator
		 * makes no more cages than there are labels. */
		if (len == 0) {
			cli_diag("--generate: a puzzle of %d cages has no "
			    "text form (at most %d)", v->ncages,
			    DLX_SUDOKU_LABELS);
			exit(CLI_EXIT_ERROR);
		}
		if ((text = malloc(len + 1)) == NULL) {
			cli_diag("--generate: %s (the text of a puzzle, %zu "
			    "bytes)", dlx_strerror(DLX_ENOMEM), len + 1);
			exit(CLI_EXIT_ERROR);
		}
		dlx_sudoku_variant_format(v, g->puzzle, run->alphabet, text,
		    len + 1);
	}
	cli_record_begin();
	run->fmt->generated(run, g, text);
	cli_record_end(0);
	free(text);
}

/* The generator's options from the command line's. */
static void
gen_options(const struct options *o, struct dlx_sudoku_gen_options *go)
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
	go->effort = o->effort;
	go->max_attempts = o->attempts;
}

/* The seed of puzzle i (from 0): each puzzle its own, so that they do not
 * depend on how many threads make them, or in what order. */
static uint64_t
puzzle_seed(uint64_t seed, uint64_t i)
{
	return seed ^ (i * UINT64_C(0x9e3779b97f4a7c15));
}

/*
 * Make puzzle i with g and write it (to the thread's capture, if any).
 * Returns 0, or -1 when the run must stop there: stopped (Ctrl-C), or an
 * error, reported.
 */
static int
make_one(struct run *run, dlx_sudoku_gen *g, uint64_t i)
{
	struct dlx_sudoku_genpuzzle	 gp;
	int				 rc;

	dlx_sudoku_gen_seed(g, puzzle_seed(run->o.seed, i));
	rc = dlx_sudoku_gen_next(g, &gp);
	if (rc == DLX_STOPPED)
		return -1;
	if (rc != DLX_OK) {
		if (rc == DLX_INCOMPLETE)
			cli_diag("--generate: no puzzle met the targets in %llu "
			    "attempts", (unsigned long long)(run->o.attempts !=
			    0 ? run->o.attempts : 100000));
		else if (rc == DLX_ENOMEM)
			cli_diag("--generate: %s (the matrices and search of "
			    "puzzle %llu)", dlx_strerror(rc),
			    (unsigned long long)i + 1);
		else
			cli_diag("--generate: %s", dlx_strerror(rc));
		run_status(run, CLI_EXIT_ERROR);
		return -1;
	}
	print_generated(run, &gp);
	return 0;
}

/* A generator for the run's options, or exit with a message: targets
 * that cannot be met are refused here, before any work. */
static dlx_sudoku_gen *
gen_for(struct run *run, dlx_sudoku_gen_fn *progress, void *arg)
{
	struct dlx_sudoku_gen_options	 go;
	struct dlx_error		 err;
	dlx_sudoku_gen			*g;
	int				 rc;

	gen_options(&run->o, &go);
	/* A variant's text form has one character a symbol. */
	if (run->o.variant != NULL && go.boxr * go.boxc > run->nalpha)
		cli_usage_error("--generate: a %dx%d variant is written with "
		    "one character a symbol: give %d with --symbols (such as "
		    "0-9A-Z)", go.boxr * go.boxc, go.boxr * go.boxc,
		    go.boxr * go.boxc);
	go.progress = progress;
	go.progress_arg = arg;
	if (dlx_sudoku_gen_check(&go, &err) != DLX_OK)
		cli_usage_error("--generate: %s", err.message);
	if ((rc = dlx_sudoku_gen_new(&g, &go)) != DLX_OK) {
		cli_diag("--generate: %s (the generator)", dlx_strerror(rc));
		exit(CLI_EXIT_ERROR);
	}
	return g;
}

/* ---- on several threads -------------------------------------------- */

/* A puzzle being made: its output, captured, and how it ended. */
struct made {
	struct cli_capture	*cap;
	int			 status;	/* the run's status after it */
	int			 stop;		/* the run stops after it */
	int			 done;
	struct dlx_sudoku_gen_status st; /* where its maker is, now and
					   then (attempts 0: not begun) */
};

struct makers {
	pthread_mutex_t	 lock;
	pthread_cond_t	 cond;		/* a puzzle made, or room freed */
	struct made	*ring;		/* nring puzzles in flight */
	uint64_t	 nring;
	uint64_t	 head;		/* next puzzle to write out */
	uint64_t	 next;		/* next puzzle to make */
	int		 quit;		/* make no more */
	struct run	*run;
};

/* One maker thread: its generator and the puzzle it is making. */
struct maker {
	struct makers	*mk;
	dlx_sudoku_gen	*g;
	struct made	*m;		/* or NULL between puzzles */
	double		 last;		/* when m->st was last copied */
};

/* Seconds between copies of a maker's status for the progress line. */
#define STATUS_SECONDS	0.25

/* A maker's poll: Ctrl-C, or a write error, stops the generator; now
 * and then its status goes where the writing thread can show it. */
static int
maker_progress(void *arg, uint64_t attempts)
{
	struct maker	*w = arg;
	double		 t;

	(void)attempts;
	if (cli_stopped())
		return 1;
	if (w->m != NULL && w->mk->run->o.progress &&
	    (t = cli_now()) - w->last >= STATUS_SECONDS) {
		w->last = t;
		pthread_mutex_lock(&w->mk->lock);
		dlx_sudoku_gen_status(w->g, &w->m->st);
		pthread_mutex_unlock(&w->mk->lock);
	}
	return 0;
}

static void *
maker_main(void *arg)
{
	struct makers	*mk = arg;
	struct maker	 w;
	struct run	 run;
	struct made	*m;
	uint64_t	 i;

	run = *mk->run;
	memset(&w, 0, sizeof w);
	w.mk = mk;
	w.g = gen_for(&run, maker_progress, &w);
	pthread_mutex_lock(&mk->lock);
	for (;;) {
		while (!mk->quit && mk->next < mk->run->o.generate &&
		    mk->next - mk->head >= mk->nring)
			pthread_cond_wait(&mk->cond, &mk->lock);
		if (mk->quit || mk->next >= mk->run->o.generate)
			break;
		i = mk->next++;
		m = &mk->ring[i % mk->nring];
		memset(&m->st, 0, sizeof m->st);
		w.m = m;
		pthread_mutex_unlock(&mk->lock);
		run.status = 0;
		cli_capture_begin(m->cap);
		m->stop = make_one(&run, w.g, i) != 0;
		cli_capture_begin(NULL);
		m->status = run.status;
		pthread_mutex_lock(&mk->lock);
		w.m = NULL;
		m->done = 1;
		pthread_cond_broadcast(&mk->cond);
	}
	pthread_mutex_unlock(&mk->lock);
	dlx_sudoku_gen_free(w.g);
	return NULL;
}

/* Wait on mk's condition, at most until the next progress line is due
 * (called with the lock held). */
static void
wait_a_while(struct makers *mk, int progress)
{
	struct timespec	 ts;
	long		 ns;

	if (!progress) {
		pthread_cond_wait(&mk->cond, &mk->lock);
		return;
	}
	clock_gettime(CLOCK_REALTIME, &ts);
	ns = ts.tv_nsec + (long)(PROGRESS_SECONDS * 1e9);
	ts.tv_sec += ns / 1000000000L;
	ts.tv_nsec = ns % 1000000000L;
	pthread_cond_timedwait(&mk->cond, &mk->lock, &ts);
}

/*
 * --generate on nthreads threads, each with a generator of its own,
 * nring puzzles in flight at most, written out in order by this thread.
 * Returns the number of puzzles written, or -1 if no thread could start
 * (then the caller makes them).
 */
static int64_t
generate_threads(struct run *run, unsigned nthreads)
{
	struct makers	 mk;
	pthread_t	*tid;
	struct made	*m;
	struct cli_progress prog;
	struct dlx_sudoku_gen_status st;
	unsigned	 t, started;
	int		 stop = 0;

	memset(&mk, 0, sizeof mk);
	mk.run = run;
	mk.nring = 4 * (uint64_t)nthreads;
	if ((mk.ring = calloc(mk.nring, sizeof *mk.ring)) == NULL ||
	    (tid = calloc(nthreads, sizeof *tid)) == NULL) {
		free(mk.ring);
		return -1;
	}
	for (t = 0; t < mk.nring; t++)
		if ((mk.ring[t].cap = cli_capture_new()) == NULL)
			stop = 1;
	pthread_mutex_init(&mk.lock, NULL);
	pthread_cond_init(&mk.cond, NULL);
	/* The makers all on mk; as many as start. */
	started = stop ? 0 : workers_start(tid, nthreads, maker_main, &mk, 0);
	if (started > 0) {
		cli_progress_start(&prog, run->o.progress, PROGRESS_SECONDS);
		pthread_mutex_lock(&mk.lock);
		while (!stop && mk.head < run->o.generate) {
			m = &mk.ring[mk.head % mk.nring];
			if (!m->done) {
				wait_a_while(&mk, run->o.progress);
				/* The puzzle to be written next, where its
				 * maker last said it was. */
				st = m->st;
				if (!m->done && cli_progress_due(&prog))
					gen_progress_line(&prog, mk.head,
					    run->o.generate, &st);
				continue;
			}
			pthread_mutex_unlock(&mk.lock);
			if (cli_capture_emit(m->cap) != 0)
				cli_write_error(ENOMEM);
			/* Out at once: a Ctrl-C keeps every puzzle made. */
			cli_flush();
			run_status(run, m->status);
			stop = m->stop || cli_stopped();
			if (cli_progress_due(&prog))
				gen_progress_line(&prog, mk.head + 1,
				    run->o.generate, NULL);
			pthread_mutex_lock(&mk.lock);
			m->done = 0;
			/* A puzzle that stopped wrote nothing. */
			if (!m->stop)
				mk.head++;
			pthread_cond_broadcast(&mk.cond);
		}
		mk.quit = 1;
		pthread_cond_broadcast(&mk.cond);
		pthread_mutex_unlock(&mk.lock);
		workers_join(tid, started);
		cli_progress_end(&prog);
	}
	pthread_mutex_destroy(&mk.lock);
	pthread_cond_destroy(&mk.cond);
	for (t = 0; t < mk.nring; t++)
		cli_capture_free(mk.ring[t].cap);
	free(mk.ring);
	free(tid);
	return started > 0 ? (int64_t)mk.head : -1;
}

void
generate_run(struct run *run)
{
	struct gen_progress	 prog;
	dlx_sudoku_gen		*g;
	unsigned		 nthreads;
	int64_t			 written = -1;
	char			 where[80];

	prog.run = run;
	prog.made = 0;
	prog.g = NULL;
	cli_progress_start(&prog.prog, run->o.progress, PROGRESS_SECONDS);
	/* Made first here, so that bad options end the run from this thread
	 * whatever the threads. */
	g = gen_for(run, on_gen_progress, &prog);
	prog.g = g;
	nthreads = run->o.search.threads != 0 ? run->o.search.threads :
	    dlx_cpus();
	if (nthreads > run->o.generate)
		nthreads = (unsigned)run->o.generate;
	if (nthreads > 1)
		written = generate_threads(run, nthreads);
	if (written < 0) {
		for (prog.made = 0; prog.made < run->o.generate &&
		    !cli_stopped(); prog.made++) {
			if (make_one(run, g, prog.made) != 0)
				break;
			/* Out at once: a Ctrl-C keeps every puzzle made so
			 * far. */
			cli_flush();
		}
		written = (int64_t)prog.made;
	}
	cli_progress_end(&prog.prog);
	dlx_sudoku_gen_free(g);
	if (cli_interrupted()) {
		snprintf(where, sizeof where, "--generate (%lld of %llu "
		    "puzzles written)", (long long)written,
		    (unsigned long long)run->o.generate);
		cli_interrupt_note(where, NULL, NULL, 0);
	}
}
