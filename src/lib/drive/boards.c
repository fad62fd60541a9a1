/*
 * boards.c: the bit boards' count on threads (dlxi_bits_parallel).
 *
 * The 9x9 grid's bit boards (engine/bits.c) copy the board at each guess
 * and undo nothing, so a subtree is named by a board: bits_top() expands
 * the top of the tree on the caller's thread into a list of boards after
 * a few guesses, heaviest first, and the threads take them in that order
 * from one shared counter, each counting a board's subtree with the
 * serial search, until none is left.  The sums of the figures are the
 * serial search's (nodes, updates, branches, solutions and the maximum
 * depth), since the expansion enters the top nodes exactly as the serial
 * search does; only the order differs, which a count does not see.  (The
 * links' way of sharing, cutting a running search where it stands,
 * parallel.c, costs a copy of the matrix and a forced path per piece;
 * here a piece is a board.)
 *
 * A thread looks at the others every CHECK_UPDATES updates of its own
 * (the progress call of its search): its figures go to the totals, the
 * caller's progress is called when due (from one thread at a time, with
 * the totals), and a stop, a limit reached or an error ends every
 * thread at its next look.  Under a limit each board is searched with
 * what is left of it when taken (a board that reaches its cap reaches
 * the limit), so the count is "at least max_solutions", never more.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "dlx.h"
#include "lib/core/dlx_impl.h"
#include "lib/engine/engine.h"
#include "lib/drive/pool.h"

/*
 * Boards per thread the top is expanded to: enough that the last boards
 * even out the end.  The boards of one level differ tenfold and more (the
 * 7,452,654-solution puzzle: of 128 boards the largest is 3% of the
 * updates, of 512 1.2%, of 2048 0.4%), and the estimate of their size is
 * crude, so the longest thread's work over the mean, with the boards
 * taken in order: 1.007 with 64 a thread on 2 threads, 1.025 on 8; with
 * 256, 1.004 and 1.002.  The expansion costs a node a board and 144
 * bytes.
 */
#define BOARDS_PER_THREAD	256
#define CHECK_UPDATES		((uint64_t)1 << 16)

struct bp;

struct bw {
	struct bp	*p;
	struct dlx_stats live;		/* the current board's figures, as
					   last added to the totals */
	double		 weight;	/* the current board's share, or 0 */
	uint64_t	 work;		/* updates counted by this thread */
};

struct bp {
	pthread_mutex_t		 mu;		/* guards all below but
						   next and stop */
	dlx			*d;		/* the caller's matrix */
	const struct dlxi_search	*s;
	struct bits_top		*top;
	size_t			 n;		/* boards */
	atomic_size_t		 next;		/* the next board to take */
	atomic_int		 stop;		/* every thread must stop */
	int			 why;		/* its reason: a return code */
	struct dlx_stats	 st;		/* totals of all threads and the
						   expansion */
	uint64_t		 next_progress;	/* updates of the next call */
	double			 done;		/* share of finished boards */
	struct bw		*w;
	unsigned		 nw;
};

/* Stop every thread for why (lock held); the first reason stays. */
static void
set_stop(struct bp *p, int why)
{
	if (!atomic_load(&p->stop)) {
		p->why = why;
		atomic_store(&p->stop, 1);
	}
}

/* Knuth's estimate of the fraction done (lock held): the finished boards,
 * and half of each running one. */
static double
estimate(const struct bp *p)
{
	double		f = p->done;
	unsigned	k;

	for (k = 0; k < p->nw; k++)
		f += 0.5 * p->w[k].weight;
	return f > 1.0 ? 1.0 : f;
}

/* Add the figures of w's board since last time to the totals (lock
 * held); a count past what the engine holds stops everything. */
static void
account(struct bw *w, const struct dlx_stats *st)
{
	struct bp	*p = w->p;
	uint64_t	 k = st->solutions - w->live.solutions;

	p->st.nodes += st->nodes - w->live.nodes;
	p->st.updates += st->updates - w->live.updates;
	p->st.branches += st->branches - w->live.branches;
	if (st->max_depth > p->st.max_depth)
		p->st.max_depth = st->max_depth;
	if (k > DLX_COUNT_MAX - p->st.solutions) {
		p->st.solutions = DLX_COUNT_MAX;
		set_stop(p, DLX_EOVERFLOW);
	} else
		p->st.solutions += k;
	w->work += st->updates - w->live.updates;
	w->live = *st;
}

/* A thread's look at the others, its figures st added first (lock
 * held): a stop in force, the limit reached, or the caller's progress
 * due and asking to stop.  Returns nonzero when the thread must stop. */
static int
look(struct bw *w, const struct dlx_stats *st)
{
	struct bp			*p = w->p;
	const struct dlxi_search	*s = p->s;
	struct dlx_stats		 pst;

	account(w, st);
	if (atomic_load(&p->stop))
		return 1;
	if (s->max_solutions != 0 && p->st.solutions >= s->max_solutions) {
		set_stop(p, DLX_LIMIT);
		return 1;
	}
	if (s->progress != NULL && p->st.updates >= p->next_progress) {
		p->next_progress = p->st.updates + (s->progress_updates != 0 ?
		    s->progress_updates : (uint64_t)1 << 24);
		dlxint_publish(p->d, &p->st, estimate(p));
		pst = p->st;
		if (s->progress(s->progress_arg, &pst) != 0) {
			set_stop(p, DLX_STOPPED);
			return 1;
		}
	}
	return 0;
}

/* The progress call of every board's search. */
static int
on_progress(void *arg, const struct dlx_stats *st)
{
	struct bw	*w = arg;
	int		 rc;

	pthread_mutex_lock(&w->p->mu);
	rc = look(w, st);
	pthread_mutex_unlock(&w->p->mu);
	return rc;
}

static void *
worker_main(void *arg)
{
	struct bw			*w = arg;
	struct bp			*p = w->p;
	const struct dlxi_search	*s = p->s;
	struct dlxi_search		 ws;
	struct dlx_stats		 st;
	size_t				 i;
	int				 rc;

	memset(&ws, 0, sizeof ws);
	ws.progress = on_progress;
	ws.progress_arg = w;
	ws.progress_updates = CHECK_UPDATES;
	while (!atomic_load(&p->stop) &&
	    (i = atomic_fetch_add(&p->next, 1)) < p->n) {
		pthread_mutex_lock(&p->mu);
		if (s->max_solutions != 0) {
			if (p->st.solutions >= s->max_solutions) {
				set_stop(p, DLX_LIMIT);
				pthread_mutex_unlock(&p->mu);
				break;
			}
			ws.max_solutions = s->max_solutions - p->st.solutions;
		}
		w->weight = bits_top_weight(p->top, i);
		memset(&w->live, 0, sizeof w->live);
		pthread_mutex_unlock(&p->mu);

		rc = bits_sub(p->top, i, &ws, &st);

		pthread_mutex_lock(&p->mu);
		p->done += w->weight;
		w->weight = 0.0;
		/* A board that reached its cap reached the limit; a stop
		 * asked by on_progress() is in force already.  Boards far
		 * smaller than CHECK_UPDATES call no progress of their own:
		 * the look between two boards is theirs. */
		if (rc == DLX_LIMIT)
			set_stop(p, DLX_LIMIT);
		else if (rc < 0)
			set_stop(p, rc);
		(void)look(w, &st);
		pthread_mutex_unlock(&p->mu);
	}
	return NULL;
}

int
dlxi_bits_parallel(dlx *d, const struct dlxi_search *s, unsigned nw,
    uint64_t *work, unsigned *ran)
{
	struct bp	 p;
	pthread_t	*tid;
	unsigned	 k, started;
	int		 rc;

	*ran = 1;
	if (work != NULL)
		memset(work, 0, nw * sizeof *work);
	memset(&p, 0, sizeof p);
	p.d = d;
	p.s = s;
	atomic_init(&p.next, 0);
	atomic_init(&p.stop, 0);
	rc = bits_top(d, s, (size_t)nw * BOARDS_PER_THREAD, &p.top);
	if (rc != DLX_OK || (p.n = bits_top_n(p.top)) == 0) {
		/* Ended in the expansion: serially. */
		if (work != NULL)
			work[0] = d->st.updates;
		return rc;
	}
	dlx_stats(d, &p.st);
	p.done = dlx_progress(d);
	p.next_progress = s->progress_updates != 0 ? s->progress_updates :
	    (uint64_t)1 << 24;
	while (p.next_progress <= p.st.updates)
		p.next_progress += s->progress_updates != 0 ?
		    s->progress_updates : (uint64_t)1 << 24;
	p.w = dlxi_alloc(d, NULL, nw, sizeof *p.w);
	tid = dlxi_alloc(d, NULL, nw, sizeof *tid);
	if (p.w == NULL || tid == NULL) {
		dlxi_free(d, p.w);
		dlxi_free(d, tid);
		bits_top_free(d, p.top);
		return DLX_ENOMEM;
	}
	memset(p.w, 0, nw * sizeof *p.w);
	for (k = 0; k < nw; k++)
		p.w[k].p = &p;
	p.w[0].work = p.st.updates;
	p.nw = nw;
	pthread_mutex_init(&p.mu, NULL);
	dlxint_parallel(d, 1, 0);
	dlxint_publish(d, &p.st, p.done);
	/* The caller's thread is worker 0; signals stay its own
	 * (pool_start()).  Fewer threads than asked: those share. */
	started = pool_start(tid, nw - 1, worker_main, &p.w[1], sizeof *p.w);
	worker_main(&p.w[0]);
	pool_join(tid, started);
	*ran = 1 + started;

	rc = atomic_load(&p.stop) ? p.why : DLX_OK;
	if (rc == DLX_LIMIT)
		p.st.solutions = s->max_solutions;
	dlxint_publish(d, &p.st, rc == DLX_OK ? 1.0 : estimate(&p));
	dlxint_parallel(d, 0, rc == DLX_OK);
	pthread_mutex_destroy(&p.mu);
	if (work != NULL)
		for (k = 0; k < nw; k++)
			work[k] = p.w[k].work;
	dlxi_free(d, p.w);
	dlxi_free(d, tid);
	bits_top_free(d, p.top);
	return rc;
}
