/*
 * parallel.c: the search on several threads (dlxi_search_parallel).
 *
 * The search tree is cut into subproblems, each named by the path of
 * options from the root to one of its nodes; forcing the path on a copy of
 * the matrix leaves exactly that node's subtree (dlx.h, "Splitting a
 * search").  Every thread owns a copy and searches one subproblem at a
 * time.
 *
 * Cutting.  The search starts on the caller's thread, on the caller's
 * matrix, exactly as dlxi_search() (a small problem never sees a thread).
 * Every split_updates updates a searching thread looks at the others: if
 * one is idle and no subproblem waits, it stops its search where it
 * stands, at a node about to be entered.  What it explored so far is a
 * finished prefix of its subproblem; what is left is that node's subtree
 * and, at each level above, the siblings not yet tried, in search order.
 * Nothing is searched twice and nothing is lost; the shallow siblings,
 * the largest pieces, go to idle threads first, and the thread that cut
 * goes on with the node it stood at.
 *
 * Order.  Subproblems form one list, a "slot" each, in search order; a
 * cut inserts its pieces after the slot cut.  The first slot not yet
 * emitted is the head.  The thread that owns the head passes its
 * solutions straight to visit; the others hold theirs in the slot until
 * it becomes the head.  So visit sees the solutions in dlxi_search()'s
 * order, one thread at a time (all emission is under the lock).  When the
 * head finishes, its thread takes the next slot if nobody has, so the
 * head always progresses, and a thread whose held solutions grow too big
 * may wait for its turn without deadlock.
 *
 * Figures.  Forcing a path counts no updates, where the search counts
 * those of choosing each option; the pieces of a cut carry what choosing
 * their last option costs (search_branch), the rest of their path having
 * been counted by the search that was cut.  In the fast tree a sibling
 * that leaves a primary item with no option is abandoned, not a node:
 * the cut counts it so (with what the links count for it) and makes no
 * piece of it, whose search would count a node, or several, where the
 * serial search counts none.  A subproblem whose path leaves no primary
 * item is one solution, which dlxi_search() counts as two nodes (the
 * root, then the solution) and the whole search as one.  With these
 * corrections the totals equal the serial search's: solutions, nodes,
 * abandoned, branches and maximum depth, and in Knuth's tree or on the
 * links the updates too.  On the sparse sets an abandoned option's
 * updates depend on the order its sets happen to be in (sparse.c), which
 * differs in a copy built for a piece.
 *
 * Memoized counting would plug in per thread: each worker's searches go
 * through run_slot(), the one place that would hand a thread's cache to
 * its copy.
 */
#define _GNU_SOURCE		/* sched_getaffinity, CPU_COUNT */

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "lib/core/dlx_impl.h"
#include "lib/engine/engine.h"
#include "lib/drive/pool.h"

#define SPLIT_UPDATES	((uint64_t)1 << 16)
#define HELD_MAX	((size_t)1 << 20)	/* ints held per slot before
						   its thread waits */

enum { PENDING, RUNNING, DONE };

struct slot {
	struct slot	*next;		/* next in search order */
	int		*path;		/* options forced below d's own */
	size_t		 len;
	uint64_t	 commit;	/* updates the search counts for
					   choosing path[len-1] */
	double		 weight;	/* Knuth's estimate of its share of
					   the tree */
	int		 state;
	atomic_int	 head;		/* every earlier slot is emitted */
	uint64_t	 found;		/* solutions found in it */
	uint64_t	 cap;		/* stop after this many; 0: none */
	int		*held;		/* solutions held: n, then n options */
	size_t		 nheld;
	size_t		 capheld;
};

struct par;

struct worker {
	struct par	*p;
	dlx		*d;		/* own copy (worker 0 at first: the
					   caller's matrix) */
	struct slot	*slot;		/* being searched, or NULL */
	struct dlx_stats live;		/* of the current search, as last
					   added to the totals */
	double		 frac;		/* dlx_progress() in slot */
	uint64_t	 work;		/* updates counted by this thread */
	int		 cut;		/* its search stopped to be cut */
	int		 capped;	/* its slot reached its cap */
	int		*path;		/* where it was cut */
	size_t		 plen;
	int		*opts;		/* scratch for search_branch: the
					   options of a level, */
	uint64_t	*costs;		/* their updates, */
	unsigned char	*dead;		/* and which the fast tree abandons */
};

struct par {
	pthread_mutex_t		 mu;		/* guards all below */
	pthread_cond_t		 work;		/* a slot waits, or the end */
	pthread_cond_t		 turn;		/* the head moved */
	dlx			*d;		/* the caller's matrix */
	const struct dlxi_search	*s;
	uint64_t		 split_updates;
	struct worker		*w;
	unsigned		 nw;
	pthread_t		*tid;		/* of w[1..nw-1] (pool.h) */
	struct slot		*head;		/* first slot not emitted */
	size_t			 npending;
	size_t			 nrunning;
	size_t			 nidle;
	atomic_int		 stop;		/* every thread must stop */
	int			 why;		/* its reason: a return code */
	int			 visit_stopped;	/* visit asked to stop */
	uint64_t		 emitted;	/* solutions emitted */
	struct dlx_stats	 st;		/* totals of all threads;
						   solutions = found */
	uint64_t		 next_progress;	/* updates of next progress */
	double			 done;		/* weight of finished work */
};

/*
 * Memory for the search's own bookkeeping comes from the caller's matrix's
 * allocator (struct dlx_options), from any thread: such an allocator must
 * be thread-safe, as malloc is (dlx.h says so).
 */
static void *
par_alloc(const struct par *p, void *old, size_t nmemb, size_t size)
{
	return dlxi_alloc(p->d, old, nmemb, size);
}

static void
par_release(const struct par *p, void *q)
{
	dlxi_free(p->d, q);
}

static void
set_stop(struct par *p, int why)
{
	if (!atomic_load(&p->stop)) {
		p->why = why;
		atomic_store(&p->stop, 1);
	}
	pthread_cond_broadcast(&p->work);
	pthread_cond_broadcast(&p->turn);
}

/* Knuth's estimate of the fraction done: finished work, plus each running
 * slot's share times its own estimate. */
static double
estimate(const struct par *p)
{
	double		f = p->done;
	unsigned	k;

	for (k = 0; k < p->nw; k++)
		if (p->w[k].slot != NULL)
			f += p->w[k].slot->weight * p->w[k].frac;
	return f > 1.0 ? 1.0 : f;
}

/* Show the caller's matrix the totals, solutions as given. */
static void
publish(struct par *p, uint64_t solutions)
{
	struct dlx_stats	st = p->st;

	st.solutions = solutions;
	dlxint_publish(p->d, &st, estimate(p));
}

/* Emit one solution (lock held, no stop in force). */
static void
emit(struct par *p, const int *options, size_t n)
{
	if (p->emitted >= DLX_COUNT_MAX) {
		set_stop(p, DLX_EOVERFLOW);
		return;
	}
	p->emitted++;
	publish(p, p->emitted);
	if (p->s->visit(p->s->visit_arg, options, n) != 0) {
		p->visit_stopped = 1;
		set_stop(p, DLX_STOPPED);
	} else if (p->s->max_solutions != 0 &&
	    p->emitted >= p->s->max_solutions)
		set_stop(p, DLX_LIMIT);
}

/* Emit what slot t holds until a stop (lock held, or no other thread
 * left); what a stop leaves stays held. */
static void
emit_held(struct par *p, struct slot *t)
{
	size_t	i, n;

	for (i = 0; i < t->nheld && !atomic_load(&p->stop); i += n + 1) {
		n = (size_t)t->held[i];
		emit(p, t->held + i + 1, n);
	}
	if (i > 0 && i < t->nheld)
		memmove(t->held, t->held + i, (t->nheld - i) *
		    sizeof *t->held);
	t->nheld -= i;
}

/* Count a finished slot's solutions when nothing is visited. */
static void
emit_count(struct par *p, uint64_t k)
{
	if (atomic_load(&p->stop))
		return;
	if (p->s->max_solutions != 0 && k > p->s->max_solutions - p->emitted)
		k = p->s->max_solutions - p->emitted;
	if (k > DLX_COUNT_MAX - p->emitted) {
		set_stop(p, DLX_EOVERFLOW);
		return;
	}
	p->emitted += k;
	if (p->s->max_solutions != 0 && p->emitted >= p->s->max_solutions)
		set_stop(p, DLX_LIMIT);
}

static void
free_slot(const struct par *p, struct slot *t)
{
	if (t != NULL) {
		par_release(p, t->path);
		par_release(p, t->held);
		par_release(p, t);
	}
}

/* Emit every finished slot at the head and move the head on (lock held). */
static void
advance(struct par *p)
{
	struct slot	*t;

	while ((t = p->head) != NULL && t->state == DONE &&
	    !atomic_load(&p->stop)) {
		if (p->s->visit != NULL)
			emit_held(p, t);
		else
			emit_count(p, t->found);
		p->head = t->next;
		free_slot(p, t);
	}
	if (p->head != NULL) {
		atomic_store(&p->head->head, 1);
		pthread_cond_broadcast(&p->turn);
	}
}

/* Add the figures of w's search since last time to the totals (lock
 * held). */
static void
account(struct worker *w, const struct dlx_stats *st)
{
	struct par	*p = w->p;

	p->st.nodes += st->nodes - w->live.nodes;
	p->st.updates += st->updates - w->live.updates;
	p->st.solutions += st->solutions - w->live.solutions;
	p->st.abandoned += st->abandoned - w->live.abandoned;
	p->st.branches += st->branches - w->live.branches;
	w->work += st->updates - w->live.updates;
	w->live = *st;
}

/* Whether a thread waits for work that only a cut can give (lock held). */
static int
hungry(const struct par *p)
{
	return p->nidle > 0 && p->npending == 0;
}

/* Note in w where its search stands, if something is left to cut off
 * there: a sibling still to try at some level. */
static int
want_cut(struct worker *w)
{
	size_t	 n, l, *untried;
	int	 any = 0;

	n = dlx_path(w->d, NULL, NULL, 0);
	if (n == 0)
		return 0;
	par_release(w->p, w->path);
	w->path = par_alloc(w->p, NULL, n, sizeof *w->path);
	untried = par_alloc(w->p, NULL, n, sizeof *untried);
	if (w->path == NULL || untried == NULL) {
		par_release(w->p, untried);
		return 0;		/* no cut; the search goes on */
	}
	w->plen = dlx_path(w->d, w->path, untried, n);
	for (l = 0; l < n; l++)
		any |= untried[l] > 0;
	par_release(w->p, untried);
	return any;
}

/* The progress callback of every search a worker runs. */
static int
on_progress(void *arg, const struct dlx_stats *st)
{
	struct worker		*w = arg;
	struct par		*p = w->p;
	const struct dlxi_search	*s = p->s;
	struct dlx_stats	 pst;
	int			 rc = 0;

	pthread_mutex_lock(&p->mu);
	account(w, st);
	w->frac = dlx_progress(w->d);
	if (atomic_load(&p->stop))
		rc = 1;
	else if ((s->max_nodes != 0 && p->st.nodes >= s->max_nodes) ||
	    (s->max_updates != 0 && p->st.updates >= s->max_updates)) {
		set_stop(p, DLX_INCOMPLETE);
		rc = 1;
	} else if (s->progress != NULL &&
	    p->st.updates >= p->next_progress) {
		p->next_progress = p->st.updates + (s->progress_updates != 0 ?
		    s->progress_updates : (uint64_t)1 << 24);
		publish(p, p->st.solutions);
		pst = p->st;
		if (s->progress(s->progress_arg, &pst) != 0) {
			set_stop(p, DLX_STOPPED);
			rc = 1;
		}
	}
	if (rc == 0 && hungry(p) && want_cut(w)) {
		w->cut = 1;
		rc = 1;
	}
	pthread_mutex_unlock(&p->mu);
	return rc;
}

/* The visit callback of every search a worker runs. */
static int
on_solution(void *arg, const int *options, size_t n)
{
	struct worker	*w = arg;
	struct par	*p = w->p;
	struct slot	*t = w->slot;
	size_t		 need;
	int		*q;

	/* Held first, even after a stop: every solution the search counts
	 * is visited or held, so that an early end can visit them all. */
	t->found++;
	need = t->nheld + n + 1;
	if (need > t->capheld) {
		q = par_alloc(p, t->held, 2 * need, sizeof *t->held);
		if (q == NULL) {
			pthread_mutex_lock(&p->mu);
			set_stop(p, DLX_ENOMEM);
			pthread_mutex_unlock(&p->mu);
			return 1;
		}
		t->held = q;
		t->capheld = 2 * need;
	}
	t->held[t->nheld] = (int)n;
	memcpy(t->held + t->nheld + 1, options, n * sizeof *options);
	t->nheld = need;
	if (atomic_load(&t->head)) {
		/* Our turn: out with it. */
		pthread_mutex_lock(&p->mu);
		emit_held(p, t);
		pthread_mutex_unlock(&p->mu);
	} else if (t->nheld > HELD_MAX) {
		/* Wait for our turn: the head's thread never waits, so
		 * this ends. */
		pthread_mutex_lock(&p->mu);
		while (!atomic_load(&t->head) && !atomic_load(&p->stop))
			pthread_cond_wait(&p->turn, &p->mu);
		emit_held(p, t);
		pthread_mutex_unlock(&p->mu);
	}
	if (t->cap != 0 && t->found >= t->cap) {
		/* Enough for the limit, whatever comes before. */
		w->capped = 1;
		return 1;
	}
	return atomic_load(&p->stop);
}

/* A new slot for path[0..len-1] extended by one option (or none, opt < 0). */
static struct slot *
new_slot(const struct par *p, const int *path, size_t len, int opt,
    uint64_t commit, double weight)
{
	struct slot	*t;

	if ((t = par_alloc(p, NULL, 1, sizeof *t)) == NULL)
		return NULL;
	memset(t, 0, sizeof *t);
	if ((t->path = par_alloc(p, NULL, len + 1, sizeof *t->path)) ==
	    NULL) {
		par_release(p, t);
		return NULL;
	}
	if (len > 0)
		memcpy(t->path, path, len * sizeof *path);
	t->len = len;
	if (opt >= 0)
		t->path[t->len++] = opt;
	t->commit = commit;
	t->weight = weight;
	t->state = PENDING;
	atomic_init(&t->head, 0);
	return t;
}

/*
 * Cut slot t, whose search stopped at w->path (relative to t's root; d has
 * t's path forced), into the pieces left: the subtree at w->path, then the
 * untried siblings level by level from the deepest up, but for those the
 * fast tree abandons, which are counted in *gone (abandoned, updates)
 * instead.  Returns the pieces as a list in that order (*wsum gets their
 * total weight), or NULL with DLX_ENOMEM in *rc.  d is left as it was.
 */
static struct slot *
cut(struct worker *w, dlx *d, const struct slot *t, double *wsum,
    struct dlx_stats *gone, int *rc)
{
	struct slot	*first = NULL, *t2, *lv, **tail;
	int		*full;
	size_t		 l, k, m, L = w->plen;
	double		 weight = t->weight;
	int		 n, knuth = search_knuth(w->p->s);

	*rc = DLX_OK;
	*wsum = 0.0;
	memset(gone, 0, sizeof *gone);
	if ((full = par_alloc(w->p, NULL, t->len + L + 1, sizeof *full)) ==
	    NULL) {
		*rc = DLX_ENOMEM;
		return NULL;
	}
	if (t->len > 0)
		memcpy(full, t->path, t->len * sizeof *full);
	memcpy(full + t->len, w->path, L * sizeof *full);
	for (l = 0; l < L && *rc == DLX_OK; l++) {
		n = search_branch(d, knuth, NULL, w->opts, w->costs, w->dead,
		    dlx_noptions(d));
		for (k = 0; (int)k < n && w->opts[k] != w->path[l]; k++)
			continue;
		/* This level's siblings go before those of the levels
		 * above, after those of the levels below. */
		lv = NULL;
		tail = &lv;
		for (m = k + 1; (int)m < n; m++) {
			if (w->dead[m]) {
				gone->abandoned++;
				gone->updates += w->costs[m];
				continue;
			}
			t2 = new_slot(w->p, full, t->len + l, w->opts[m],
			    w->costs[m], weight / n);
			if (t2 == NULL) {
				*rc = DLX_ENOMEM;
				break;
			}
			*wsum += t2->weight;
			*tail = t2;
			tail = &t2->next;
		}
		*tail = first;
		first = lv;
		weight /= n > 0 ? n : 1;
		if (dlx_force(d, w->path[l]) != DLX_OK && *rc == DLX_OK)
			*rc = DLX_ECORRUPT;
	}
	while (l-- > 0)
		dlx_unforce(d);
	if (*rc == DLX_OK) {
		if ((t2 = new_slot(w->p, full, t->len + L, -1, 0, weight)) == NULL)
			*rc = DLX_ENOMEM;
		else {
			*wsum += weight;
			t2->next = first;
			first = t2;
		}
	}
	par_release(w->p, full);
	if (*rc != DLX_OK) {
		while (first != NULL) {
			t2 = first->next;
			free_slot(w->p, first);
			first = t2;
		}
	}
	return first;
}

/*
 * Force t's path on w's copy; *forced gets how many options were forced
 * (to unforce after), *leaf whether the path leaves no primary item (one
 * solution, which the search counts as two nodes).  Returns DLX_OK or the
 * code of the force that failed.
 */
static int
force_slot(struct worker *w, const struct slot *t, size_t *forced, int *leaf)
{
	size_t	k;
	int	rc = DLX_OK, item;

	*forced = 0;
	for (k = 0; k < t->len && rc == DLX_OK; k++)
		if ((rc = dlx_force(w->d, t->path[k])) == DLX_OK)
			(*forced)++;
	*leaf = 0;
	if (rc == DLX_OK && t->len > 0 &&
	    dlx_branch(w->d, &item, NULL, NULL, 0) == 0 && item < 0)
		*leaf = 1;
	return rc;
}

/* The parameters of w's search of slot t into ws: the worker's callbacks,
 * or t's cap when only counting. */
static void
slot_search_args(struct worker *w, const struct slot *t,
    struct dlxi_search *ws)
{
	struct par	*p = w->p;

	memset(ws, 0, sizeof *ws);
	if (p->s->visit != NULL) {
		ws->visit = on_solution;
		ws->visit_arg = w;
	} else
		ws->max_solutions = t->cap;
	ws->progress = on_progress;
	ws->progress_arg = w;
	ws->progress_updates = p->split_updates;
	ws->knuth = p->s->knuth;
	ws->links = p->s->links;
}

/* Add the figures of w's finished search of t (st, rc; crc of its cut,
 * gone of the siblings the cut abandoned) to the totals, with the
 * corrections for the path, and stop everything on an error or a limit
 * (lock held). */
static void
account_slot(struct worker *w, const struct slot *t,
    const struct dlx_stats *st, const struct dlx_stats *gone, int leaf,
    int rc, int crc)
{
	struct par	*p = w->p;

	account(w, st);
	p->st.updates += t->commit + gone->updates;
	p->st.abandoned += gone->abandoned;
	w->work += t->commit + gone->updates;
	if (leaf)
		p->st.nodes--;
	if (t->len + st->max_depth > p->st.max_depth)
		p->st.max_depth = t->len + st->max_depth;
	if (rc < 0)
		set_stop(p, rc);
	else if (crc < 0)
		set_stop(p, crc);
	else if (rc == DLX_INCOMPLETE)
		set_stop(p, DLX_INCOMPLETE);
	else if (rc == DLX_STOPPED && !w->cut && !w->capped &&
	    !atomic_load(&p->stop))
		set_stop(p, DLX_STOPPED);	/* cannot happen */
}

/* Put the pieces of t's cut (total weight wsum; NULL: not cut) after t and
 * count t's finished share as done (lock held).  Returns the first piece,
 * now RUNNING for the calling thread, or NULL. */
static struct slot *
splice_pieces(struct par *p, struct slot *t, struct slot *pieces,
    double wsum)
{
	struct slot	*last, *cont = NULL;

	if (pieces != NULL) {
		/* The pieces follow t; we go on with the first. */
		for (last = pieces; last->next != NULL; last = last->next)
			p->npending++;
		last->next = t->next;
		t->next = pieces;
		cont = pieces;
		cont->state = RUNNING;
		p->done += t->weight - wsum;
		pthread_cond_broadcast(&p->work);
	} else {
		p->done += t->weight;
		p->nrunning--;
	}
	return cont;
}

/*
 * Search slot t (state RUNNING, owned by w) and the continuations of its
 * cuts, then return (lock not held).
 */
static void
run_slot(struct worker *w, struct slot *t)
{
	struct par		*p = w->p;
	struct dlxi_search	 ws;
	struct dlx_stats	 st, gone;
	struct slot		*pieces, *cont;
	double			 wsum;
	size_t			 k, forced;
	int			 rc, crc, leaf;

	while (t != NULL) {
		rc = force_slot(w, t, &forced, &leaf);
		slot_search_args(w, t, &ws);
		memset(&w->live, 0, sizeof w->live);
		w->frac = 0.0;
		w->cut = w->capped = 0;
		pthread_mutex_lock(&p->mu);
		w->slot = t;
		pthread_mutex_unlock(&p->mu);
		memset(&st, 0, sizeof st);
		if (rc == DLX_OK && !atomic_load(&p->stop)) {
			rc = dlxi_search(w->d, &ws);
			dlx_stats(w->d, &st);
		}
		pieces = NULL;
		wsum = 0.0;
		crc = DLX_OK;
		memset(&gone, 0, sizeof gone);
		if (rc == DLX_STOPPED && w->cut && !atomic_load(&p->stop))
			pieces = cut(w, w->d, t, &wsum, &gone, &crc);
		for (k = 0; k < forced; k++)
			dlx_unforce(w->d);

		pthread_mutex_lock(&p->mu);
		account_slot(w, t, &st, &gone, leaf, rc, crc);
		t->found = st.solutions;
		t->state = DONE;
		w->slot = NULL;
		cont = splice_pieces(p, t, pieces, wsum);
		if (atomic_load(&t->head))
			advance(p);
		if (cont != NULL && p->s->max_solutions != 0)
			cont->cap = p->s->max_solutions - p->emitted;
		if (p->nrunning == 0 && p->npending == 0)
			pthread_cond_broadcast(&p->work);
		pthread_mutex_unlock(&p->mu);
		t = cont;
	}
}

/* The slot a free thread should take (lock held): the head if nobody has,
 * else the largest waiting. */
static struct slot *
pick(struct par *p)
{
	struct slot	*t, *best = NULL;

	if (p->npending == 0)
		return NULL;
	for (t = p->head; t != NULL; t = t->next) {
		if (t->state != PENDING)
			continue;
		if (t == p->head)
			return t;
		if (best == NULL || t->weight > best->weight)
			best = t;
	}
	return best;
}

static void *
worker_main(void *arg)
{
	struct worker	*w = arg;
	struct par	*p = w->p;
	struct slot	*t;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		if (atomic_load(&p->stop))
			break;
		if ((t = pick(p)) != NULL) {
			t->state = RUNNING;
			p->npending--;
			p->nrunning++;
			if (p->s->max_solutions != 0)
				t->cap = p->s->max_solutions - p->emitted;
			pthread_mutex_unlock(&p->mu);
			run_slot(w, t);
			pthread_mutex_lock(&p->mu);
			continue;
		}
		if (p->nrunning == 0)
			break;
		p->nidle++;
		pthread_cond_wait(&p->work, &p->mu);
		p->nidle--;
	}
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

/* The progress callback of the first search, on the caller's matrix: the
 * caller's progress, and a cut as soon as there is something to cut. */
static int
on_first_progress(void *arg, const struct dlx_stats *st)
{
	struct par		*p = arg;
	const struct dlxi_search	*s = p->s;

	if (s->progress != NULL && st->updates >= p->next_progress) {
		p->next_progress = st->updates + (s->progress_updates != 0 ?
		    s->progress_updates : (uint64_t)1 << 24);
		if (s->progress(s->progress_arg, st) != 0)
			return 1;
	}
	if (want_cut(&p->w[0])) {
		p->w[0].cut = 1;
		return 1;
	}
	return 0;
}

/* The dispatcher asks this for every request.  Emscripten's C library
 * declares sched_getaffinity() and CPU_COUNT but links neither: there
 * (the web page, which searches on one thread) the answer is 1. */
unsigned
dlx_cpus(void)
{
#ifdef __EMSCRIPTEN__
	return 1;
#else
	cpu_set_t	set;
	int		n;

	if (sched_getaffinity(0, sizeof set, &set) != 0)
		return 1;
	n = CPU_COUNT(&set);
	return n > 0 ? (unsigned)n : 1;
#endif
}

/* The search on one thread (asked for, or Algorithm M), its updates as
 * the work of thread 0. */
static int
search_serial(dlx *d, const struct dlxi_search *s,
    const struct dlxi_parallel *pp)
{
	struct dlx_stats	st;
	int			rc;

	rc = dlxi_search(d, s);
	if (pp != NULL && pp->work != NULL && rc != DLX_EMISUSE) {
		dlx_stats(d, &st);
		pp->work[0] = st.updates;
	}
	return rc;
}

/* Set up p for nw threads searching d with s; each worker gets p but no
 * copy yet.  Returns DLX_OK or DLX_ENOMEM (nothing to free). */
static int
par_init(struct par *p, dlx *d, const struct dlxi_search *s, unsigned nw,
    const struct dlxi_parallel *pp)
{
	unsigned	k;

	memset(p, 0, sizeof *p);
	p->d = d;
	p->s = s;
	p->nw = nw;
	p->split_updates = pp != NULL && pp->split_updates != 0 ?
	    pp->split_updates : SPLIT_UPDATES;
	p->next_progress = s->progress_updates != 0 ? s->progress_updates :
	    (uint64_t)1 << 24;
	atomic_init(&p->stop, 0);
	if ((p->w = par_alloc(p, NULL, nw, sizeof *p->w)) == NULL)
		return DLX_ENOMEM;
	if ((p->tid = par_alloc(p, NULL, nw - 1, sizeof *p->tid)) == NULL) {
		par_release(p, p->w);
		return DLX_ENOMEM;
	}
	memset(p->w, 0, nw * sizeof *p->w);
	for (k = 0; k < nw; k++)
		p->w[k].p = p;
	return DLX_OK;
}

/* First, dlxi_search() itself on the caller's thread and matrix, stopping
 * where there is something to cut (p->w[0].cut).  Its figures go to *st. */
static int
first_search(struct par *p, struct dlx_stats *st)
{
	struct dlxi_search	fs;
	int			rc;

	fs = *p->s;
	fs.progress = on_first_progress;
	fs.progress_arg = p;
	fs.progress_updates = p->split_updates;
	p->w[0].d = p->d;
	rc = dlxi_search(p->d, &fs);
	dlx_stats(p->d, st);
	p->w[0].work = st->updates;
	p->w[0].d = NULL;
	return rc;
}

/*
 * The first search lasted (figures st): cut it where it stopped into the
 * first slots, give every worker its scratch and copy, and make p ready
 * for the threads (lock and conditions made, d marked as searched in
 * parallel).  Returns DLX_OK, or an error after which par_free() is the
 * cleanup.
 */
static int
share(struct par *p, const struct dlx_stats *st)
{
	struct slot	*t, *pieces, root;
	struct dlx_stats gone;
	unsigned	 k;
	size_t		 nopt;
	double		 wsum;
	int		 crc;

	nopt = dlx_noptions(p->d) + 1;
	for (k = 0; k < p->nw; k++) {
		p->w[k].opts = par_alloc(p, NULL, nopt, sizeof *p->w[k].opts);
		p->w[k].costs = par_alloc(p, NULL, nopt,
		    sizeof *p->w[k].costs);
		p->w[k].dead = par_alloc(p, NULL, nopt, sizeof *p->w[k].dead);
		if (p->w[k].opts == NULL || p->w[k].costs == NULL ||
		    p->w[k].dead == NULL)
			return DLX_ENOMEM;
	}
	memset(&root, 0, sizeof root);
	root.weight = 1.0;
	pieces = cut(&p->w[0], p->d, &root, &wsum, &gone, &crc);
	if (pieces == NULL)
		return crc;
	p->st = *st;
	p->st.abandoned += gone.abandoned;
	p->st.updates += gone.updates;
	p->w[0].work += gone.updates;
	p->emitted = st->solutions;
	p->done = 1.0 - wsum;
	p->head = pieces;
	atomic_store(&pieces->head, 1);
	for (t = pieces; t != NULL; t = t->next)
		p->npending++;
	for (k = 0; k < p->nw; k++)
		if (dlx_clone(&p->w[k].d, p->d) != DLX_OK) {
			/* Nothing will search the pieces: give them back. */
			while ((t = p->head) != NULL) {
				p->head = t->next;
				free_slot(p, t);
			}
			return DLX_ENOMEM;
		}
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->turn, NULL);
	dlxint_parallel(p->d, 1, 0);
	publish(p, p->emitted);
	return DLX_OK;
}

/*
 * Every thread is gone: settle the outcome, publish the final figures on
 * the caller's matrix and undo what share() made.  Returns the search's
 * code.
 */
static int
settle(struct par *p)
{
	struct slot	*t;
	uint64_t	 count;
	int		 rc;

	rc = atomic_load(&p->stop) ? p->why : DLX_OK;
	count = p->emitted;
	if (rc == DLX_INCOMPLETE || (rc == DLX_STOPPED && !p->visit_stopped)) {
		/* An early end but for the limit or visit: every solution
		 * found counts, and those held are visited, in order. */
		atomic_store(&p->stop, 0);
		for (t = p->head; t != NULL && p->s->visit != NULL &&
		    !atomic_load(&p->stop); t = t->next)
			emit_held(p, t);
		count = p->st.solutions;
		if (atomic_load(&p->stop) && p->why == DLX_LIMIT) {
			rc = DLX_LIMIT;
			count = p->emitted;
		}
		if (count > DLX_COUNT_MAX)
			rc = DLX_EOVERFLOW;
	}
	p->done = rc == DLX_OK ? 1.0 : estimate(p);
	p->st.solutions = count;
	dlxint_publish(p->d, &p->st, p->done);
	dlxint_parallel(p->d, 0, rc == DLX_OK);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->work);
	pthread_cond_destroy(&p->turn);
	while ((t = p->head) != NULL) {
		p->head = t->next;
		free_slot(p, t);
	}
	return rc;
}

/* Hand each thread's work to pp and free the workers' copies and scratch
 * (free(NULL) where a worker got none). */
static void
par_free(struct par *p, const struct dlxi_parallel *pp)
{
	unsigned	k;

	for (k = 0; k < p->nw; k++) {
		if (pp != NULL && pp->work != NULL)
			pp->work[k] = p->w[k].work;
		dlx_free(p->w[k].d);
		par_release(p, p->w[k].path);
		par_release(p, p->w[k].opts);
		par_release(p, p->w[k].costs);
		par_release(p, p->w[k].dead);
	}
	par_release(p, p->w);
	par_release(p, p->tid);
}

int
dlxi_search_parallel(dlx *d, const struct dlxi_search *s,
    const struct dlxi_parallel *pp)
{
	static const struct dlxi_search	 none;
	struct dlx_stats		 st;
	struct par			 p;
	unsigned			 nw, started;
	int				 rc;

	if (d == NULL)
		return DLX_EINVAL;
	if (s == NULL)
		s = &none;
	nw = pp != NULL && pp->threads != 0 ? pp->threads : dlx_cpus();
	if (pp != NULL && pp->work != NULL)
		memset(pp->work, 0, nw * sizeof *pp->work);
	/* Algorithm M (item bounds) has no copies or cuts: serial. */
	if (nw <= 1 || mult_active(d))
		return search_serial(d, s, pp);
	if (dlx_path(d, NULL, NULL, 0) != 0 || dlx_branch(d, NULL, NULL,
	    NULL, 0) == DLX_EMISUSE)
		return DLX_EMISUSE;		/* searched right now */

	if ((rc = par_init(&p, d, s, nw, pp)) != DLX_OK)
		return rc;
	rc = first_search(&p, &st);
	if (rc != DLX_STOPPED || !p.w[0].cut)
		goto out;

	/* It lasted: cut it where it stopped and share the rest. */
	if ((rc = share(&p, &st)) != DLX_OK)
		goto out;

	/* The threads other than the caller's (w[1..]); signals are for
	 * the caller's thread alone (pool_start()). */
	started = pool_start(p.tid, nw - 1, worker_main, &p.w[1],
	    sizeof *p.w);
	if (started < nw - 1) {
		/* Fewer threads than asked: fine, the others share. */
		pthread_mutex_lock(&p.mu);
		p.nw = 1 + started;
		pthread_mutex_unlock(&p.mu);
	}
	worker_main(&p.w[0]);
	pool_join(p.tid, started);
	p.nw = nw;
	rc = settle(&p);
out:
	par_free(&p, pp);
	return rc;
}
