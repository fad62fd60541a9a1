/*
 * sudoku-pipeline.c: a file of many puzzles answered on every thread,
 * with the output of one thread.
 *
 * The main thread reads the puzzles, copies them into jobs of a few
 * puzzles each and queues the jobs in a ring of bounded size (the window:
 * memory stays constant however long the file).  Worker threads take
 * jobs in order, answer each puzzle with a single-threaded search on
 * matrices of their own (a struct run each), and capture what they would
 * print (cli_capture_begin()).  The main thread writes the captures out
 * in input order, errors included, and adds each job's figures to the
 * run's.  So the output is byte for byte that of run_file(); only
 * the time differs.
 *
 * A file with a single puzzle is answered by run_file()'s way, with
 * the search itself on the threads; so is a file of variants (their
 * regions and cages belong to the reader), --all (whose output can be
 * unbounded) and a search under --part or --checkpoint.
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "prog/common/workers.h"
#include "prog/sudoku/dlx-sudoku.h"

#define JOB_MAX		8	/* puzzles per job, once the pipe is full */
#define JOBS_PER_THREAD	8	/* the window: jobs in flight per thread */

/* A puzzle of a job: a copy of what the reader gave, or its error. */
struct item {
	int				 bad;	/* e holds the error */
	struct dlx_sudoku_puzzle	 p;	/* cells point to cells[] */
	struct dlx_error		 e;
	int				 cells[DLX_SUDOKU_MAXN *
					    DLX_SUDOKU_MAXN];
	uint64_t			 marks[DLX_SUDOKU_MAXN *
					    DLX_SUDOKU_MAXN]; /* pencil marks,
					   if p.marks */
};

/* What a job changed of its worker's run: added to the main run's. */
struct tally {
	int		 status;
	uint64_t	 puzzles, nodes, updates;
	double		 seconds;
	uint64_t	 levels[DLX_LOGIC_NLEVELS + 1];
};

struct job {
	struct item		 items[JOB_MAX];
	int			 n;
	struct cli_capture	*cap;	/* its output */
	struct tally		 t;
	int			 done;	/* answered (under the lock) */
};

struct pipeline {
	pthread_mutex_t	 lock;
	pthread_cond_t	 work;		/* a job was queued, or closing */
	pthread_cond_t	 done;		/* a job was answered */
	struct job	*ring;		/* nring jobs */
	size_t		 nring;
	uint64_t	 head;		/* next job to write out */
	uint64_t	 next;		/* next job for a worker */
	uint64_t	 tail;		/* next job to fill */
	int		 closing;	/* no more jobs will come */
	const char	*file;
	struct run	*run;		/* the main run */
	struct worker	*w;		/* nworkers running */
	pthread_t	*tid;		/* theirs (workers.h) */
	unsigned	 nworkers;
};

struct worker {
	struct pipeline	*pl;
	struct run	 run;		/* its own matrices and figures */
};

/* Can the puzzles of this run go through the pipeline at all? */
static int
pipeline_ok(const struct run *run)
{
	const struct options	*o = &run->o;

	return o->search.threads != 1 && dlx_cpus() > 1 &&
	    o->mode != MODE_ALL && !cluster_active(&o->cl) &&
	    o->variant == NULL;
}

/* Answer the puzzles of job j on worker w's run. */
static void
answer_job(struct worker *w, struct job *j)
{
	struct run	*run = &w->run;
	struct item	*it;
	int		 k;

	run->status = 0;
	run->puzzles = run->nodes = run->updates = 0;
	run->seconds = 0;
	memset(run->levels, 0, sizeof run->levels);
	cli_capture_begin(j->cap);
	for (k = 0; k < j->n && !cli_stopped(); k++) {
		it = &j->items[k];
		if (it->bad)
			run_bad_puzzle(run, w->pl->file, it->e.line, it->e.column,
			    it->e.message);
		else
			run_puzzle(run, w->pl->file, &it->p);
	}
	cli_capture_begin(NULL);
	j->t.status = run->status;
	j->t.puzzles = run->puzzles;
	j->t.nodes = run->nodes;
	j->t.updates = run->updates;
	j->t.seconds = run->seconds;
	memcpy(j->t.levels, run->levels, sizeof j->t.levels);
}

static void *
worker_main(void *arg)
{
	struct worker	*w = arg;
	struct pipeline	*pl = w->pl;
	struct job	*j;

	pthread_mutex_lock(&pl->lock);
	for (;;) {
		while (pl->next == pl->tail && !pl->closing)
			pthread_cond_wait(&pl->work, &pl->lock);
		if (pl->next == pl->tail)
			break;
		j = &pl->ring[pl->next++ % pl->nring];
		pthread_mutex_unlock(&pl->lock);
		answer_job(w, j);
		pthread_mutex_lock(&pl->lock);
		j->done = 1;
		pthread_cond_broadcast(&pl->done);
	}
	pthread_mutex_unlock(&pl->lock);
	return NULL;
}

/*
 * Write out the jobs answered so far, in order; with wait, every job
 * queued.  Called by the main thread only, which alone writes to the
 * real streams and to the main run.
 */
static void
write_out(struct pipeline *pl, int wait)
{
	struct run	*run = pl->run;
	struct job	*j;
	int		 g;

	pthread_mutex_lock(&pl->lock);
	while (pl->head < pl->tail) {
		j = &pl->ring[pl->head % pl->nring];
		if (!j->done) {
			if (!wait)
				break;
			pthread_cond_wait(&pl->done, &pl->lock);
			continue;
		}
		pthread_mutex_unlock(&pl->lock);
		if (cli_capture_emit(j->cap) != 0) {
			cli_diag("%s: %s", pl->file, dlx_strerror(DLX_ENOMEM));
			run_status(run, CLI_EXIT_ERROR);
		}
		run_status(run, j->t.status);
		run->puzzles += j->t.puzzles;
		run->nodes += j->t.nodes;
		run->updates += j->t.updates;
		run->seconds += j->t.seconds;
		for (g = 0; g <= DLX_LOGIC_NLEVELS; g++)
			run->levels[g] += j->t.levels[g];
		pthread_mutex_lock(&pl->lock);
		j->done = 0;
		j->n = 0;
		pl->head++;
	}
	pthread_mutex_unlock(&pl->lock);
}

/* The job being filled, waiting for room in the ring if it is full. */
static struct job *
job_to_fill(struct pipeline *pl)
{
	for (;;) {
		pthread_mutex_lock(&pl->lock);
		if (pl->tail - pl->head < pl->nring) {
			pthread_mutex_unlock(&pl->lock);
			return &pl->ring[pl->tail % pl->nring];
		}
		pthread_mutex_unlock(&pl->lock);
		write_out(pl, 0);
		pthread_mutex_lock(&pl->lock);
		if (pl->tail - pl->head == pl->nring)
			pthread_cond_wait(&pl->done, &pl->lock);
		pthread_mutex_unlock(&pl->lock);
	}
}

/* Queue the job being filled. */
static void
queue_job(struct pipeline *pl)
{
	pthread_mutex_lock(&pl->lock);
	pl->tail++;
	pthread_cond_signal(&pl->work);
	pthread_mutex_unlock(&pl->lock);
	write_out(pl, 0);
}

/* Copy a puzzle (or its error: rc) into it. */
static void
copy_item(struct item *it, int rc, const struct dlx_sudoku_puzzle *p,
    const struct dlx_error *e)
{
	it->bad = rc == DLX_SUDOKU_BAD;
	if (it->bad) {
		it->e = *e;
		return;
	}
	it->p = *p;
	memcpy(it->cells, p->cells, (size_t)p->n * (size_t)p->n *
	    sizeof *it->cells);
	it->p.cells = it->cells;
	it->p.solution = NULL;	/* checked by the reader, not needed */
	if (p->marks != NULL) {
		memcpy(it->marks, p->marks, (size_t)p->n * (size_t)p->n *
		    sizeof *it->marks);
		it->p.marks = it->marks;
	}
}

/* Copy a puzzle (or its error) into the job being filled. */
static void
add_item(struct job *j, int rc, const struct dlx_sudoku_puzzle *p,
    const struct dlx_error *e)
{
	copy_item(&j->items[j->n++], rc, p, e);
}

/* Make the ring and start the workers; -1 if that failed. */
static int
pipeline_start(struct pipeline *pl, unsigned nthreads)
{
	struct worker	*w;
	size_t		 k;
	unsigned	 t;

	pl->nring = (size_t)nthreads * JOBS_PER_THREAD;
	pl->ring = calloc(pl->nring, sizeof *pl->ring);
	pl->w = w = calloc(nthreads, sizeof *w);
	pl->tid = calloc(nthreads, sizeof *pl->tid);
	if (pl->ring == NULL || w == NULL || pl->tid == NULL)
		goto fail;
	for (k = 0; k < pl->nring; k++)
		if ((pl->ring[k].cap = cli_capture_new()) == NULL)
			goto fail;
	pthread_mutex_init(&pl->lock, NULL);
	pthread_cond_init(&pl->work, NULL);
	pthread_cond_init(&pl->done, NULL);
	for (t = 0; t < nthreads; t++) {
		w[t].pl = pl;
		w[t].run.o = pl->run->o;
		w[t].run.o.search.threads = 1;
		/* --memory is the whole process's: the workers, each with
		 * a cache of its own at a time, share it out. */
		w[t].run.o.search.memory = (pl->run->o.search.memory != 0 ?
		    pl->run->o.search.memory : DLX_MEMORY_DEFAULT) / nthreads;
		w[t].run.o.progress = 0;
		w[t].run.mode = pl->run->mode;
		w[t].run.fmt = pl->run->fmt;
		w[t].run.alphabet = pl->run->alphabet;
		w[t].run.nalpha = pl->run->nalpha;
	}
	/* As many as start; none: the caller answers the file itself. */
	pl->nworkers = workers_start(pl->tid, nthreads, worker_main, w,
	    sizeof *w);
	if (pl->nworkers > 0)
		return 0;
	pthread_mutex_destroy(&pl->lock);
	pthread_cond_destroy(&pl->work);
	pthread_cond_destroy(&pl->done);
fail:
	for (k = 0; pl->ring != NULL && k < pl->nring; k++)
		cli_capture_free(pl->ring[k].cap);
	free(pl->ring);
	free(w);
	free(pl->tid);
	return -1;
}

/* Let the workers finish the jobs queued, write them out, and free it
 * all. */
static void
pipeline_stop(struct pipeline *pl)
{
	unsigned	 t;
	size_t		 k;

	pthread_mutex_lock(&pl->lock);
	pl->closing = 1;
	pthread_cond_broadcast(&pl->work);
	pthread_mutex_unlock(&pl->lock);
	write_out(pl, 1);
	workers_join(pl->tid, pl->nworkers);
	for (t = 0; t < pl->nworkers; t++)
		run_free(&pl->w[t].run);
	pthread_mutex_destroy(&pl->lock);
	pthread_cond_destroy(&pl->work);
	pthread_cond_destroy(&pl->done);
	for (k = 0; k < pl->nring; k++)
		cli_capture_free(pl->ring[k].cap);
	free(pl->ring);
	free(pl->w);
	free(pl->tid);
}

/*
 * Queue the puzzles of src into jobs, j (holding one puzzle) first: jobs
 * of one puzzle while the ring fills, then of JOB_MAX, so that a few hard
 * puzzles still spread over the threads.  Returns the reader's last
 * status; *seen counts the puzzles.
 */
static int
feed(struct pipeline *pl, struct puzzle_source *src, struct job *j,
    uint64_t *seen)
{
	struct dlx_sudoku_puzzle	 p;
	struct dlx_sudoku_variant	 vbuf;
	const struct dlx_sudoku_variant	*v;
	struct dlx_error		 e;
	uint64_t			 queued = 0;
	size_t				 size;
	int				 rc = DLX_SUDOKU_PUZZLE;

	while (!cli_stopped()) {
		size = queued < 2 * (uint64_t)pl->nring ? 1 : JOB_MAX;
		if ((size_t)j->n >= size) {
			queue_job(pl);
			queued++;
			j = job_to_fill(pl);
		}
		rc = run_source_read(src, &p, &vbuf, &v, &e);
		if (rc != DLX_SUDOKU_PUZZLE && rc != DLX_SUDOKU_BAD)
			break;
		(*seen)++;
		add_item(j, rc, &p, &e);
	}
	if (j->n > 0)
		queue_job(pl);
	return rc;
}

/* A puzzle or a bad one: the reader has more to give. */
static int
more(int rc)
{
	return rc == DLX_SUDOKU_PUZZLE || rc == DLX_SUDOKU_BAD;
}

void
pipeline_file(struct run *run, const char *file, FILE *fp)
{
	struct item			 held;	/* the first puzzle */
	struct pipeline			 pl;
	struct puzzle_source			 src;
	struct dlx_sudoku_puzzle	 p;
	struct dlx_sudoku_variant	 vbuf;
	const struct dlx_sudoku_variant	*v;
	struct dlx_error		 e;
	struct job			*j;
	uint64_t			 seen;
	unsigned			 nthreads;
	int				 rc, rc1;

	if (!pipeline_ok(run)) {
		run_file(run, file, fp);
		return;
	}
	if ((rc = run_source_open(run, &src, fp)) != DLX_OK) {
		cli_diag("%s: %s", file, dlx_strerror(rc));
		run_status(run, CLI_EXIT_ERROR);
		return;
	}
	if (src.vr != NULL || !more(rc1 = run_source_read(&src, &p, &vbuf, &v,
	    &e))) {
		run_source(run, file, &src, src.vr != NULL ?
		    DLX_SUDOKU_PUZZLE : rc1, 0);
		return;
	}
	/* Keep the first; a file of one puzzle searches it on every
	 * thread instead. */
	copy_item(&held, rc1, &p, &e);
	rc = cli_stopped() ? DLX_SUDOKU_EOF :
	    run_source_read(&src, &p, &vbuf, &v, &e);
	nthreads = run->o.search.threads != 0 ? run->o.search.threads :
	    dlx_cpus();
	memset(&pl, 0, sizeof pl);
	pl.file = file;
	pl.run = run;
	if (!more(rc) || pipeline_start(&pl, nthreads) != 0) {
		run_answer(run, file, held.bad ? DLX_SUDOKU_BAD :
		    DLX_SUDOKU_PUZZLE, &held.p, NULL, &held.e);
		if (more(rc))
			run_answer(run, file, rc, &p, NULL, &e);
		run_source(run, file, &src, rc, more(rc) ? 2 : 1);
		return;
	}
	j = job_to_fill(&pl);
	j->items[0] = held;
	/* The copy's pointers into its own arrays (a bad puzzle has only
	 * its error: p was never filled). */
	if (!held.bad) {
		j->items[0].p.cells = j->items[0].cells;
		if (held.p.marks != NULL)
			j->items[0].p.marks = j->items[0].marks;
	}
	j->n = 1;
	queue_job(&pl);
	seen = 2;
	j = job_to_fill(&pl);
	add_item(j, rc, &p, &e);
	rc = feed(&pl, &src, j, &seen);
	pipeline_stop(&pl);
	run_source(run, file, &src, more(rc) ? DLX_SUDOKU_EOF : rc, seen);
}
