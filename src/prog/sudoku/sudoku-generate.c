/*
 * sudoku-generate.c: dlx-sudoku --generate N, new puzzles from the
 * library's generator (sudoku_gen.h), each written as soon as it is made
 * so that a Ctrl-C keeps those already out.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "prog/sudoku/dlx-sudoku.h"

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
		cli_diag("--generate: %s", rc == DLX_INCOMPLETE ?
		    "no puzzle met the targets in 100000 attempts" :
		    dlx_strerror(rc));
		run_status(run, CLI_EXIT_ERROR);
		return -1;
	}
	print_generated(run, &gp);
	return 0;
}

/* A generator for the run's options, or exit with a message. */
static dlx_sudoku_gen *
gen_for(struct run *run, dlx_sudoku_gen_fn *progress, void *arg)
{
	struct dlx_sudoku_gen_opts	 go;
	dlx_sudoku_gen			*g;
	int				 rc;

	gen_options(&run->o, &go);
	go.progress = progress;
	go.progress_arg = arg;
	if ((rc = dlx_sudoku_gen_new(&g, &go)) != DLX_OK) {
		if (rc == DLX_EINVAL)
			cli_usage_error("--generate: no such puzzles (killer "
			    "up to 16x16, --grade with classic only, no "
			    "windows with jigsaw)");
		cli_diag("%s", dlx_strerror(rc));
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

/* A worker's stop poll: Ctrl-C, or a write error, stops the generator. */
static int
maker_progress(void *arg, uint64_t attempts)
{
	(void)arg;
	(void)attempts;
	return cli_stopped();
}

static void *
maker_main(void *arg)
{
	struct makers	*mk = arg;
	struct run	 run;
	struct made	*m;
	dlx_sudoku_gen	*g;
	uint64_t	 i;

	run = *mk->run;
	g = gen_for(&run, maker_progress, NULL);
	pthread_mutex_lock(&mk->lock);
	for (;;) {
		while (!mk->quit && mk->next < mk->run->o.generate &&
		    mk->next - mk->head >= mk->nring)
			pthread_cond_wait(&mk->cond, &mk->lock);
		if (mk->quit || mk->next >= mk->run->o.generate)
			break;
		i = mk->next++;
		m = &mk->ring[i % mk->nring];
		pthread_mutex_unlock(&mk->lock);
		run.status = 0;
		cli_capture_begin(m->cap);
		m->stop = make_one(&run, g, i) != 0;
		cli_capture_begin(NULL);
		m->status = run.status;
		pthread_mutex_lock(&mk->lock);
		m->done = 1;
		pthread_cond_broadcast(&mk->cond);
	}
	pthread_mutex_unlock(&mk->lock);
	dlx_sudoku_gen_free(g);
	return NULL;
}

/*
 * --generate on nthreads threads, each with a generator of its own,
 * nring puzzles in flight at most, written out in order by this thread.
 * Returns -1 if no thread could start (then the caller makes them).
 */
static int
generate_threads(struct run *run, unsigned nthreads)
{
	struct makers	 mk;
	pthread_t	*tid;
	struct made	*m;
	struct cli_progress prog;
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
	for (started = 0; !stop && started < nthreads; started++)
		if (pthread_create(&tid[started], NULL, maker_main, &mk) != 0)
			break;
	if (started > 0) {
		cli_progress_start(&prog, run->o.progress, PROGRESS_SECONDS);
		pthread_mutex_lock(&mk.lock);
		while (!stop && mk.head < run->o.generate) {
			m = &mk.ring[mk.head % mk.nring];
			if (!m->done) {
				pthread_cond_wait(&mk.cond, &mk.lock);
				continue;
			}
			pthread_mutex_unlock(&mk.lock);
			if (cli_capture_emit(m->cap) != 0)
				cli_write_error(ENOMEM);
			/* Out at once: a Ctrl-C keeps every puzzle made. */
			if (fflush(stdout) != 0)
				cli_write_error(errno);
			run_status(run, m->status);
			stop = m->stop || cli_stopped();
			if (cli_progress_due(&prog))
				cli_progress_line(&prog, "%llu of %llu puzzles",
				    (unsigned long long)mk.head + 1,
				    (unsigned long long)run->o.generate);
			pthread_mutex_lock(&mk.lock);
			m->done = 0;
			mk.head++;
			pthread_cond_broadcast(&mk.cond);
		}
		mk.quit = 1;
		pthread_cond_broadcast(&mk.cond);
		pthread_mutex_unlock(&mk.lock);
		for (t = 0; t < started; t++)
			pthread_join(tid[t], NULL);
		cli_progress_end(&prog);
	}
	pthread_mutex_destroy(&mk.lock);
	pthread_cond_destroy(&mk.cond);
	for (t = 0; t < mk.nring; t++)
		cli_capture_free(mk.ring[t].cap);
	free(mk.ring);
	free(tid);
	return started > 0 ? 0 : -1;
}

void
generate(struct run *run)
{
	struct gen_progress	 prog;
	dlx_sudoku_gen		*g;
	unsigned		 nthreads;

	prog.run = run;
	prog.made = 0;
	cli_progress_start(&prog.prog, run->o.progress, PROGRESS_SECONDS);
	/* Made first here, so that bad options end the run from this thread
	 * whatever the threads. */
	g = gen_for(run, on_gen_progress, &prog);
	nthreads = run->o.search.threads != 0 ? run->o.search.threads :
	    dlx_cpus();
	if (nthreads > run->o.generate)
		nthreads = (unsigned)run->o.generate;
	if (nthreads > 1 && generate_threads(run, nthreads) == 0) {
		dlx_sudoku_gen_free(g);
		return;
	}
	for (prog.made = 0; prog.made < run->o.generate && !cli_stopped();
	    prog.made++) {
		if (make_one(run, g, prog.made) != 0)
			break;
		/* Out at once: a Ctrl-C keeps every puzzle made so far. */
		if (fflush(stdout) != 0)
			cli_write_error(errno);
	}
	cli_progress_end(&prog.prog);
	dlx_sudoku_gen_free(g);
}
