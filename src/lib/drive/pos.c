/*
 * pos.c: searching what is left of a position, serially (dlxi_pos_search())
 * or on threads, counting with the subproblem cache
 * (dlxi_pos_search_parallel()); part_impl.h says what a position is.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/drive/part_impl.h"
#include "lib/drive/pool.h"

/* ---- searching a position ----------------------------------------- */

struct run {
	dlx_pos			*pos;
	dlx			*d;
	const struct dlxi_search	*s;
	struct dlx_stats	 call;	/* this call's finished subsearches */
	uint64_t		 mark;	/* the subtree's updates at the last
					   progress call */
	uint64_t		 quiet;	/* updates since the last progress
					   call (between()) */
};

/*
 * A progress call between two subtrees, where the position is exact:
 * each subtree's search counts its updates from 0, so a run of many
 * small ones (a part, a position refined for threads) would never reach
 * the interval, and a time limit, a signal or a checkpoint would wait
 * for the end.  *quiet: the updates since the last call; when they reach
 * s's interval, progress gets the position's totals.  Returns nonzero
 * to stop.
 */
static int
between(const struct dlxi_search *s, const dlx_pos *pos, uint64_t *quiet)
{
	struct dlx_stats	 tot;

	if (s == NULL || s->progress == NULL || *quiet < (s->progress_updates
	    != 0 ? s->progress_updates : (uint64_t)1 << 24))
		return 0;
	*quiet = 0;
	memset(&tot, 0, sizeof tot);
	tot.solutions = pos->sol > UINT64_MAX ? UINT64_MAX :
	    (uint64_t)pos->sol;
	tot.nodes = pos->nodes;
	tot.updates = pos->updates;
	return s->progress(s->progress_arg, &tot);
}

/* Totals: the position's work done plus the current search's st. */
static void
totals(const struct run *r, const struct dlx_stats *st,
    struct dlx_stats *out)
{
	u128	sol = r->pos->sol + st->solutions;

	out->solutions = sol > UINT64_MAX ? UINT64_MAX : (uint64_t)sol;
	out->nodes = r->pos->nodes + st->nodes;
	out->updates = r->pos->updates + st->updates;
	out->max_depth = st->max_depth;
}

/*
 * Take the cut where the search stands into pos->cut*: at a progress
 * call, the node about to be entered (done = 0); at a solution, the
 * path to it, whose subtree (the solution) is then done (done = 1), so
 * that a stop right after a solution was visited leaves a position that
 * holds it, and a resumed run does not visit it again.  On failure
 * (out of memory) the older cut is dropped: the position stays that of
 * the task's start, exact but further back.
 */
static void
take_cut(struct run *r, const struct dlx_stats *st, int done)
{
	dlx_pos		*pos = r->pos;
	size_t		 n, *u;
	int		*p;

	n = dlx_path(r->d, NULL, NULL, 0);
	if (n > pos->cutcap) {
		p = mem_realloc(&pos->mem, pos->cutp, n, sizeof *p);
		if (p != NULL)
			pos->cutp = p;
		u = mem_realloc(&pos->mem, pos->cutu, n, sizeof *u);
		if (u != NULL)
			pos->cutu = u;
		if (p == NULL || u == NULL) {
			pos->cutting = 0;
			return;
		}
		pos->cutcap = n;
	}
	pos->cutlen = dlx_path(r->d, pos->cutp, pos->cutu, n);
	pos->cutst = *st;
	pos->cutting = 1;
	pos->cutdone = done;
}

static int
on_progress(void *arg, const struct dlx_stats *st)
{
	struct run	*r = arg;
	struct dlx_stats tot;

	take_cut(r, st, 0);
	r->quiet = 0;
	r->mark = st->updates;
	if (r->s == NULL || r->s->progress == NULL)
		return 0;
	totals(r, st, &tot);
	return r->s->progress(r->s->progress_arg, &tot);
}

/*
 * A solution: the caller's visit, then the cut just past it (whatever
 * visit returns, the solution was visited and is counted), or with
 * DLX_VISIT_AGAIN the cut just before it: the path to the solution, not
 * done, without the solution and its node in the figures, so that a
 * stop there leaves it to the resumed run.
 */
static int
on_visit(void *arg, const int *options, size_t n)
{
	struct run		*r = arg;
	struct dlx_stats	 st;
	int			 rc;

	rc = r->s->visit(r->s->visit_arg, options, n);
	dlx_stats(r->d, &st);
	if (rc == DLX_VISIT_AGAIN && st.solutions > 0 && st.nodes > 0) {
		st.solutions--;
		st.nodes--;
		take_cut(r, &st, 0);
	} else
		take_cut(r, &st, 1);
	return rc;
}

/* Add a search's figures to the position. */
static void
credit(dlx_pos *pos, const struct dlx_stats *st)
{
	pos->sol += st->solutions;
	pos->nodes += st->nodes;
	pos->updates += st->updates;
}

/* Make t[next] what is left after the cut in pos->cut*: its path
 * extended by the cut's, its untried counts by the cut's. */
static int
apply_cut(dlx_pos *pos)
{
	struct task	*t = &pos->t[pos->next];
	size_t		 len = t->len + pos->cutlen, *u;
	int		*p;

	if (len > MAX_PATH)
		return -1;
	p = mem_realloc(&pos->mem, t->path, len + 1, sizeof *p);
	if (p == NULL)
		return -1;
	t->path = p;
	u = mem_realloc(&pos->mem, t->untried, len + 1, sizeof *u);
	if (u == NULL)
		return -1;
	t->untried = u;
	memcpy(t->path + t->len, pos->cutp, pos->cutlen * sizeof *p);
	memcpy(t->untried + t->len, pos->cutu, pos->cutlen * sizeof *u);
	t->len = len;
	credit(pos, &pos->cutst);
	return 0;
}

/* Force the first len options of t's path on d; on failure nothing is
 * forced and DLX_ECORRUPT is returned. */
static int
force_path(dlx *d, const struct task *t, size_t len)
{
	size_t	l;

	for (l = 0; l < len; l++)
		if (dlx_force(d, t->path[l]) != DLX_OK) {
			while (l-- > 0)
				dlx_unforce(d);
			return DLX_ECORRUPT;
		}
	return DLX_OK;
}

static void
unforce_n(dlx *d, size_t n)
{
	while (n-- > 0)
		dlx_unforce(d);
}

/* The subtree under t's path is done: move t to its next untried sibling
 * (*done = 1 if there is none).  DLX_OK, DLX_ECORRUPT or DLX_ENOMEM. */
static int
advance(dlx *d, struct task *t, int *done)
{
	size_t	 l;
	int	 n, rc, *opts;

	*done = 0;
	for (l = t->len; l > 0 && t->untried[l - 1] == 0; l--)
		continue;
	if (l == 0) {
		*done = 1;
		return DLX_OK;
	}
	l--;
	if ((rc = force_path(d, t, l)) != DLX_OK)
		return rc;
	n = dlx_branch(d, NULL, NULL, NULL, 0);
	if (n < 0 || (size_t)n < t->untried[l] + 1) {
		unforce_n(d, l);
		return DLX_ECORRUPT;
	}
	if ((opts = mem_alloc(&d->mem, (size_t)n, sizeof *opts)) == NULL) {
		unforce_n(d, l);
		return DLX_ENOMEM;
	}
	dlx_branch(d, NULL, opts, NULL, (size_t)n);
	unforce_n(d, l);
	/* The untried ones are the last of the list, in order. */
	t->path[l] = opts[(size_t)n - t->untried[l]];
	t->untried[l]--;
	t->len = l + 1;
	mem_free(&d->mem, opts);
	return DLX_OK;
}

/*
 * advance(), with what the whole search counts there that the next
 * subtree's own search does not (into *fix): forcing its path counts no
 * updates, where the search counts those of choosing its last option;
 * and in the fast tree a sibling that leaves a primary item with no
 * option is given up (abandoned, no node) where its own search would
 * count a node: it is passed over, its updates counted.  So a position
 * resumed any number of times adds up to the figures of one search (on
 * the sparse sets, updates but for an abandoned option's: sparse.c).
 */
static int
advance_counted(dlx *d, struct task *t, int *done, int knuth,
    struct dlx_stats *fix)
{
	uint64_t	*cost = NULL;
	unsigned char	*dead = NULL;
	size_t		 l, k = 0;
	int		*opts = NULL, n, rc, gone;

	for (;;) {
		if ((rc = advance(d, t, done)) != DLX_OK || *done)
			return rc;
		l = t->len - 1;
		if ((rc = force_path(d, t, l)) != DLX_OK)
			return rc;
		if ((n = dlx_branch(d, NULL, NULL, NULL, 0)) < 0)
			rc = DLX_ECORRUPT;
		else {
			opts = mem_alloc(&d->mem, (size_t)n + 1, sizeof *opts);
			cost = mem_alloc(&d->mem, (size_t)n + 1, sizeof *cost);
			dead = mem_alloc(&d->mem, (size_t)n + 1, sizeof *dead);
			if (opts == NULL || cost == NULL || dead == NULL)
				rc = DLX_ENOMEM;
			else if (search_branch(d, knuth, NULL, opts, cost,
			    dead, (size_t)n) != n)
				rc = DLX_ECORRUPT;
		}
		unforce_n(d, l);
		gone = 0;
		for (k = 0; rc == DLX_OK && k < (size_t)n &&
		    opts[k] != t->path[l]; k++)
			continue;
		if (rc == DLX_OK && k < (size_t)n) {
			fix->updates += cost[k];
			fix->abandoned += dead[k];
			gone = dead[k];
		}
		mem_free(&d->mem, opts);
		mem_free(&d->mem, cost);
		mem_free(&d->mem, dead);
		opts = NULL;
		cost = NULL;
		dead = NULL;
		if (rc != DLX_OK || !gone)
			return rc;
	}
}

/* Whether the path forced on d leaves no primary item: its search counts
 * the root and then the solution, two nodes where the whole search
 * counts one.  (The root of the whole tree, len 0, counts as it is.) */
static int
leaf(dlx *d, size_t len)
{
	int	item;

	return len > 0 && dlx_branch(d, &item, NULL, NULL, 0) == 0 &&
	    item < 0;
}

/*
 * What is left of s's limits after found solutions, nodes and updates:
 * into sub, for the next subtree.  DLX_OK, or DLX_LIMIT or
 * DLX_INCOMPLETE when one of them is used up.
 */
static int
budgets_left(const struct dlxi_search *s, struct dlxi_search *sub,
    uint64_t found, uint64_t nodes, uint64_t updates)
{
	if (s == NULL)
		return DLX_OK;
	if (s->max_solutions != 0) {
		if (found >= s->max_solutions)
			return DLX_LIMIT;
		sub->max_solutions = s->max_solutions - found;
	}
	if (s->max_nodes != 0) {
		if (nodes >= s->max_nodes)
			return DLX_INCOMPLETE;
		sub->max_nodes = s->max_nodes - nodes;
	}
	if (s->max_updates != 0) {
		if (updates >= s->max_updates)
			return DLX_INCOMPLETE;
		sub->max_updates = s->max_updates - updates;
	}
	return DLX_OK;
}

int
dlxi_pos_search(dlx *d, dlx_pos *pos, const struct dlxi_search *s)
{
	struct dlxi_search	 sub;
	struct dlx_stats	 st, fix;
	struct run		 r;
	struct task		*t;
	uint64_t		 found = 0, nodes = 0, updates = 0;
	int			 rc = DLX_OK, rc2, done, knuth, isleaf;

	if (d == NULL || pos == NULL)
		return DLX_EINVAL;
	if (pos->running)
		return DLX_EMISUSE;
	/* Algorithm M names no path (dlx_path, dlx_branch): a position
	 * cannot cut its tree. */
	if (mult_active(d))
		return DLX_ENOTSUP;
	memset(&r, 0, sizeof r);
	pos->ahead_sol = 0;
	pos->ahead_nodes = pos->ahead_updates = 0;
	knuth = s != NULL ? search_knuth(s) : DLX_KNUTH_DEFAULT;
	r.pos = pos;
	r.d = d;
	r.s = s;
	/* The whole request goes down (the tree above all: a sub-search
	 * rebuilt field by field once dropped Knuth's); only the callbacks
	 * and the budgets left are this driver's. */
	memset(&sub, 0, sizeof sub);
	if (s != NULL)
		sub = *s;
	sub.max_solutions = sub.max_nodes = sub.max_updates = 0;
	if (s != NULL && s->visit != NULL) {
		sub.visit = on_visit;
		sub.visit_arg = &r;
	}
	sub.progress = on_progress;
	sub.progress_arg = &r;
	/* A budget spent cuts where the search stands, as a stop does. */
	sub.cut_at_budget = 1;
	pos->running = 1;
	while (pos->next < pos->nt) {
		t = &pos->t[pos->next];
		if ((rc = budgets_left(s, &sub, found, nodes, updates)) !=
		    DLX_OK)
			break;
		if ((rc = force_path(d, t, t->len)) != DLX_OK)
			break;
		pos->cutting = 0;
		isleaf = leaf(d, t->len);
		r.mark = 0;
		rc = dlxi_search(d, &sub);
		unforce_n(d, t->len);
		dlx_stats(d, &st);
		if (rc == DLX_OK) {
			if (isleaf && st.nodes > 0)
				st.nodes--;
			memset(&fix, 0, sizeof fix);
			rc = advance_counted(d, t, &done, knuth, &fix);
			st.updates += fix.updates;
			credit(pos, &st);
			found += st.solutions;
			nodes += st.nodes;
			updates += st.updates;
			if (rc != DLX_OK)
				break;
			if (done)
				pos->next++;
			r.quiet += st.updates - r.mark;
			pos->cutting = 0;
			if (between(s, pos, &r.quiet) != 0) {
				rc = DLX_STOPPED;
				break;
			}
			continue;
		}
		/* An early end: keep the position of the last progress
		 * call, which a stop by progress makes exact. */
		if (rc > 0 && pos->cutting) {
			if (apply_cut(pos) != 0)
				rc = DLX_ENOMEM;
			else if (pos->cutdone) {
				/* Past the solution visited last. */
				memset(&fix, 0, sizeof fix);
				rc2 = advance_counted(d, t, &done, knuth, &fix);
				credit(pos, &fix);
				if (rc2 != DLX_OK)
					rc = rc2;
				else if (done)
					pos->next++;
			}
		}
		break;
	}
	pos->running = 0;
	pos->cutting = pos->cutdone = 0;
	return rc;
}

/* ---- a position on threads, or counted with the cache ---------------- */

/*
 * dlxi_pos_search_parallel().  Two ways, both moving the position on a
 * whole subtree at a time, because neither the threads of the parallel
 * engine nor the cache's search stand on one path that a cut could name:
 *
 * Searching (solutions visited, limits, Knuth's tree): the tasks one
 * after another, each subtree searched by dlxi_search_parallel(), whose
 * threads share it out and visit the solutions in the serial order.
 *
 * Counting, with the cache or without (DLX_MEMO_NEVER): the position is
 * first rewritten as the list of its subtrees (a task with untried siblings
 * becomes its subtree and each sibling's, in search order: the same work),
 * and threads, each with its own copy of d and its own cache, count one
 * subtree at a time with dlxi_count_wide(), the cache kept from one subtree
 * to the next (dlxint_count_kept): subtrees side by side meet the same
 * states deeper down, which is where a single count's hits come from.  A
 * part's subtrees are many and of like size (dlx_split), which is what
 * shares them out well.  Subtrees finish out of order: each is marked done
 * as it finishes and its figures go to the position at once, so that the
 * position (the tasks not done, the figures of those done) is exact
 * wherever it is read, and a checkpoint never counts a subtree twice.  A
 * plain count also keeps, per thread, the cut of its subtree at its last
 * progress call (the search's dlx_path(), as take_cut() does serially):
 * the text writes the subtree as that cut, and a stop or an error applies
 * it, so that a checkpoint loses only what each thread did since its last
 * progress call.  The cache's count stands on no path: its subtrees under
 * way are written whole, and a checkpointed run cuts the tree into
 * REFINE_PER_THREAD subtrees a thread even on one thread, so that a kill
 * loses one of them a thread at most.
 */

/* A count run on threads. */
struct pcount {
	pthread_mutex_t		 mu;
	dlx_pos			*pos;
	const struct dlxi_search	*s;
	struct dlxi_memo		 m;		/* per thread: progress ours */
	size_t			 take;		/* next task to hand out */
	struct dlx_stats	*live;		/* per thread, its task so far */
	unsigned		 nw;
	int			 cuts;		/* plain: cut at progress calls */
	int			 stop;
	int			 rc;		/* the first error or stop */
	struct dlx_memo_stats	 ms;		/* summed */
	u128			 ahead_sol;	/* of the subtrees stopped */
	uint64_t		 ahead_nodes;
	uint64_t		 ahead_updates;
	uint64_t		 quiet;		/* updates since the last
						   progress call */
};

struct pworker {
	struct pcount	*pc;
	unsigned	 id;
	dlx		*d;
};

/* Move the position past the tasks done at its front (lock held). */
static void
pc_settle(struct pcount *pc)
{
	dlx_pos	*pos = pc->pos;

	while (pos->next < pos->nt && pos->t[pos->next].done)
		pos->next++;
}

/* Take into c the cut where d's search stands, at a progress call with
 * figures st (lock held).  Out of memory: no cut, the subtree whole. */
static void
pcut_take(const struct dlx_allocator *mem, struct pcut *c, const dlx *d,
    const struct dlx_stats *st)
{
	size_t	 n, *u;
	int	*p;

	n = dlx_path(d, NULL, NULL, 0);
	if (n > c->cap) {
		p = mem_realloc(mem, c->p, n, sizeof *p);
		if (p != NULL)
			c->p = p;
		u = mem_realloc(mem, c->u, n, sizeof *u);
		if (u != NULL)
			c->u = u;
		if (p == NULL || u == NULL) {
			c->valid = 0;
			return;
		}
		c->cap = n;
	}
	c->len = dlx_path(d, c->p, c->u, n);
	c->st = *st;
	c->valid = 1;
}

const struct pcut *
dlxi_pos_pcut(const dlx_pos *pos, size_t i)
{
	unsigned	k;

	if (!pos->running)
		return NULL;
	for (k = 0; k < pos->npcut; k++)
		if (pos->pcut[k].valid && pos->pcut[k].task == i)
			return &pos->pcut[k];
	return NULL;
}

/* The caller's progress with the totals of every thread (lock held).
 * Returns nonzero when the threads must stop. */
static int
pc_tell(struct pcount *pc)
{
	struct dlx_stats	 tot;
	unsigned		 k;
	u128			 sol;

	pc->quiet = 0;
	if (!pc->stop && pc->s != NULL && pc->s->progress != NULL) {
		/* The totals: the position (every subtree done) and every
		 * thread's subtree so far. */
		sol = pc->pos->sol;
		memset(&tot, 0, sizeof tot);
		tot.nodes = pc->pos->nodes;
		tot.updates = pc->pos->updates;
		for (k = 0; k < pc->nw; k++) {
			sol += pc->live[k].solutions;
			tot.nodes += pc->live[k].nodes;
			tot.updates += pc->live[k].updates;
			if (pc->live[k].max_depth > tot.max_depth)
				tot.max_depth = pc->live[k].max_depth;
		}
		tot.solutions = sol > UINT64_MAX ? UINT64_MAX : (uint64_t)sol;
		if (pc->s->progress(pc->s->progress_arg, &tot) != 0) {
			pc->stop = 1;
			if (pc->rc == DLX_OK)
				pc->rc = DLX_STOPPED;
		}
	}
	return pc->stop;
}

static int
pc_progress(void *arg, const struct dlx_stats *st)
{
	struct pworker		*w = arg;
	struct pcount		*pc = w->pc;
	int			 stop;

	pthread_mutex_lock(&pc->mu);
	pc->live[w->id] = *st;
	if (pc->cuts)
		pcut_take(&pc->pos->mem, &pc->pos->pcut[w->id], w->d, st);
	stop = pc_tell(pc);
	pthread_mutex_unlock(&pc->mu);
	return stop;
}

static void
add_memo_stats(struct dlx_memo_stats *a, const struct dlx_memo_stats *b)
{
	int	k;

	a->used |= b->used;
	a->gave_up |= b->gave_up;
	a->lookups += b->lookups;
	a->hits += b->hits;
	a->stores += b->stores;
	a->replaced += b->replaced;
	a->entries += b->entries;
	if (b->bytes > a->bytes)
		a->bytes = b->bytes;
	a->splits_tried += b->splits_tried;
	a->splits += b->splits;
	a->components += b->components;
	for (k = 0; k < DLX_COMP_CLASSES; k++)
		a->comp_hits[k] += b->comp_hits[k];
	a->comp_saved += b->comp_saved;
}

static void *
pc_main(void *arg)
{
	struct pworker		*w = arg;
	struct pcount		*pc = w->pc;
	struct dlxi_memo		 m;
	struct dlx_memo_stats	 ms;
	struct dlx_wide		 cnt;
	struct dlx_stats	 st;
	struct task		*t;
	size_t			 i;
	void			*keep = NULL;	/* this thread's cache */
	int			 rc;

	m = pc->m;
	m.progress_arg = w;
	pthread_mutex_lock(&pc->mu);
	while (!pc->stop && pc->take < pc->pos->nt) {
		i = pc->take++;
		t = &pc->pos->t[i];
		memset(&pc->live[w->id], 0, sizeof pc->live[w->id]);
		if (pc->cuts) {
			pc->pos->pcut[w->id].task = i;
			pc->pos->pcut[w->id].valid = 0;
		}
		pthread_mutex_unlock(&pc->mu);
		memset(&ms, 0, sizeof ms);
		if ((rc = force_path(w->d, t, t->len)) == DLX_OK) {
			rc = dlxint_count_kept(w->d, &m, &cnt, &ms, &keep);
			unforce_n(w->d, t->len);
		}
		dlx_stats(w->d, &st);
		pthread_mutex_lock(&pc->mu);
		memset(&pc->live[w->id], 0, sizeof pc->live[w->id]);
		add_memo_stats(&pc->ms, &ms);
		if (rc == DLX_OK) {
			/* Done, in whatever order: its figures are the
			 * position's from now on, its cut is no more. */
			pc->pos->sol += (u128)cnt.hi << 64 | cnt.lo;
			pc->pos->nodes += st.nodes;
			pc->pos->updates += st.updates;
			t->done = 1;
			if (pc->cuts)
				pc->pos->pcut[w->id].valid = 0;
			pc_settle(pc);
			/* Many small subtrees: progress between them too. */
			pc->quiet += st.updates;
			if (pc->quiet >= (pc->m.progress_updates != 0 ?
			    pc->m.progress_updates : (uint64_t)1 << 24))
				(void)pc_tell(pc);
		} else {
			/* A stop by progress, or an error: the others stop
			 * too, and the subtree stays to do (from its cut).
			 * Under the cache, which has no cut, what it found
			 * (the subtrees the cache finished) is still the
			 * run's: its partial count (pos->ahead_*). */
			if (pc->rc == DLX_OK)
				pc->rc = rc;
			pc->stop = 1;
			if (rc > 0 && !pc->cuts) {
				pc->ahead_sol += (u128)cnt.hi << 64 | cnt.lo;
				pc->ahead_nodes += st.nodes;
				pc->ahead_updates += st.updates;
			}
		}
	}
	pthread_mutex_unlock(&pc->mu);
	dlxint_memo_free(w->d, keep);
	return NULL;
}

/* Make t what is left after the cut c: as apply_cut().  On failure (out
 * of memory, or a path too long) t stays whole: exact, further back. */
static void
pcut_apply(dlx_pos *pos, struct task *t, const struct pcut *c)
{
	size_t	 len = t->len + c->len, *u;
	int	*p;

	if (len > MAX_PATH)
		return;
	if ((p = mem_realloc(&pos->mem, t->path, len + 1, sizeof *p)) ==
	    NULL)
		return;
	t->path = p;
	if ((u = mem_realloc(&pos->mem, t->untried, len + 1, sizeof *u)) ==
	    NULL)
		return;
	t->untried = u;
	memcpy(t->path + t->len, c->p, c->len * sizeof *p);
	memcpy(t->untried + t->len, c->u, c->len * sizeof *u);
	t->len = len;
	credit(pos, &c->st);
}

/* After a count on threads: each cut applied to its subtree, the tasks
 * done dropped, the cuts freed.  The position means the same. */
static void
pc_finish(dlx_pos *pos)
{
	size_t		 i, j;
	unsigned	 k;

	for (k = 0; k < pos->npcut; k++) {
		if (pos->pcut[k].valid && pos->pcut[k].task < pos->nt &&
		    !pos->t[pos->pcut[k].task].done)
			pcut_apply(pos, &pos->t[pos->pcut[k].task],
			    &pos->pcut[k]);
		mem_free(&pos->mem, pos->pcut[k].p);
		mem_free(&pos->mem, pos->pcut[k].u);
	}
	mem_free(&pos->mem, pos->pcut);
	pos->pcut = NULL;
	pos->npcut = 0;
	for (i = j = pos->next; i < pos->nt; i++) {
		if (pos->t[i].done) {
			mem_free(&pos->mem, pos->t[i].path);
			mem_free(&pos->mem, pos->t[i].untried);
			continue;
		}
		pos->t[j++] = pos->t[i];
	}
	pos->nt = j;
}

/*
 * Rewrite the tasks left in pos as plain subtrees (no untried siblings),
 * in search order.  Returns DLX_OK, DLX_ECORRUPT or DLX_ENOMEM (pos is
 * then as it was).
 */
static int
flatten(dlx *d, dlx_pos *pos)
{
	struct task	*nt = NULL, *q, c;
	size_t		 n = 0, cap = 0, i, l;
	int		 rc = DLX_OK, done;

	memset(&c, 0, sizeof c);
	for (i = pos->next; i < pos->nt && rc == DLX_OK; i++) {
		/* A copy to walk, so that pos stays whole on failure. */
		c.len = pos->t[i].len;
		c.path = mem_alloc(&pos->mem, c.len + 1, sizeof *c.path);
		c.untried = mem_alloc(&pos->mem, c.len + 1,
		    sizeof *c.untried);
		if (c.path == NULL || c.untried == NULL) {
			rc = DLX_ENOMEM;
			break;
		}
		memcpy(c.path, pos->t[i].path, c.len * sizeof *c.path);
		memcpy(c.untried, pos->t[i].untried, c.len *
		    sizeof *c.untried);
		for (done = 0; !done && rc == DLX_OK;) {
			if (n == cap) {
				q = mem_realloc(&pos->mem, nt, 2 * (cap + 8),
				    sizeof *q);
				if (q == NULL) {
					rc = DLX_ENOMEM;
					break;
				}
				nt = q;
				cap = 2 * (cap + 8);
			}
			q = &nt[n];
			q->len = c.len;
			q->path = mem_alloc(&pos->mem, c.len + 1,
			    sizeof *q->path);
			q->untried = mem_zalloc(&pos->mem, c.len + 1,
			    sizeof *q->untried);
			if (q->path == NULL || q->untried == NULL) {
				mem_free(&pos->mem, q->path);
				mem_free(&pos->mem, q->untried);
				rc = DLX_ENOMEM;
				break;
			}
			memcpy(q->path, c.path, c.len * sizeof *c.path);
			q->done = 0;
			n++;
			rc = advance(d, &c, &done);
		}
		mem_free(&pos->mem, c.path);
		mem_free(&pos->mem, c.untried);
		c.path = NULL;
		c.untried = NULL;
	}
	mem_free(&pos->mem, c.path);
	mem_free(&pos->mem, c.untried);
	if (rc != DLX_OK) {
		for (l = 0; l < n; l++) {
			mem_free(&pos->mem, nt[l].path);
			mem_free(&pos->mem, nt[l].untried);
		}
		mem_free(&pos->mem, nt);
		return rc;
	}
	for (i = 0; i < pos->nt; i++) {
		mem_free(&pos->mem, pos->t[i].path);
		mem_free(&pos->mem, pos->t[i].untried);
	}
	mem_free(&pos->mem, pos->t);
	pos->t = nt;
	pos->nt = n;
	pos->next = 0;
	return DLX_OK;
}

/* Append to (*v, *n, *cap) a plain task: path[0..len-1], then opt if
 * opt >= 0.  Returns 0, -1 if out of memory. */
static int
push_task(const struct dlx_allocator *mem, struct task **v, size_t *n,
    size_t *cap, const int *path, size_t len, int opt)
{
	struct task	*q;

	if (*n == *cap) {
		if ((q = mem_realloc(mem, *v, 2 * (*cap + 8), sizeof *q)) ==
		    NULL)
			return -1;
		*v = q;
		*cap = 2 * (*cap + 8);
	}
	q = &(*v)[*n];
	q->path = mem_alloc(mem, len + 2, sizeof *q->path);
	q->untried = mem_zalloc(mem, len + 2, sizeof *q->untried);
	if (q->path == NULL || q->untried == NULL) {
		mem_free(mem, q->path);
		mem_free(mem, q->untried);
		return -1;
	}
	if (len > 0)
		memcpy(q->path, path, len * sizeof *path);
	q->len = len;
	q->done = 0;
	if (opt >= 0)
		q->path[q->len++] = opt;
	(*n)++;
	return 0;
}

static void
free_tasks(const struct dlx_allocator *mem, struct task *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		mem_free(mem, v[i].path);
		mem_free(mem, v[i].untried);
	}
	mem_free(mem, v);
}

/*
 * Cut the plain subtrees left in pos (after flatten()) into their
 * children, a level at a time, in search order, until there are at least
 * want of them or REFINE_LEVELS levels were cut: threads that take
 * subtrees in turn need many more of them than threads to end together,
 * and a whole search, or a part of a small tree, has only a few.  The
 * children of a subtree are exactly its work, so the position means the
 * same.  A subtree that is a solution or a dead end stays whole.  Returns
 * DLX_OK, DLX_ECORRUPT or DLX_ENOMEM (pos then as it was).
 */
#define REFINE_LEVELS	8

static int
refine(dlx *d, dlx_pos *pos, size_t want)
{
	struct task	*nt, *t;
	size_t		 n, cap, i, level, cap_opts = dlx_noptions(d) + 1;
	int		*opts, rc = DLX_OK, k, m;

	if ((opts = mem_alloc(&d->mem, cap_opts, sizeof *opts)) == NULL)
		return DLX_ENOMEM;
	for (level = 0; level < REFINE_LEVELS && rc == DLX_OK &&
	    pos->nt - pos->next < want; level++) {
		nt = NULL;
		n = cap = 0;
		for (i = pos->next; i < pos->nt && rc == DLX_OK; i++) {
			t = &pos->t[i];
			if ((rc = force_path(d, t, t->len)) != DLX_OK)
				break;
			m = dlx_branch(d, NULL, opts, NULL, cap_opts);
			unforce_n(d, t->len);
			if (m <= 0 || (size_t)m > cap_opts) {
				if (push_task(&pos->mem, &nt, &n, &cap, t->path, t->len,
				    -1) != 0)
					rc = DLX_ENOMEM;
				continue;
			}
			for (k = 0; k < m && rc == DLX_OK; k++)
				if (push_task(&pos->mem, &nt, &n, &cap, t->path, t->len,
				    opts[k]) != 0)
					rc = DLX_ENOMEM;
		}
		if (rc != DLX_OK || n == pos->nt - pos->next) {
			/* An error, or nothing left to cut. */
			free_tasks(&pos->mem, nt, n);
			break;
		}
		free_tasks(&pos->mem, pos->t, pos->nt);
		pos->t = nt;
		pos->nt = n;
		pos->next = 0;
	}
	mem_free(&d->mem, opts);
	return rc;
}

/*
 * Count what is left of pos on nw threads, with the cache as m says.
 * Subtrees wanted per thread: enough for threads that take them in turn
 * to end together, and for a checkpoint of the cache's count, whose
 * subtrees under way are lost to a kill, on one thread too.  More would
 * lose less but cost the cache its repeats: at 64 a thread the empty 6x6
 * sudoku's count took twice as long, at 16 no longer than the whole.
 */
#define REFINE_PER_THREAD	16
static int
pos_count(dlx *d, dlx_pos *pos, const struct dlxi_search *s,
    const struct dlxi_memo *m, unsigned nw, struct dlx_memo_stats *ms,
    int checkpoint)
{
	struct pcount	 pc;
	struct pworker	*w;
	pthread_t	*tid;
	size_t		 i;
	unsigned	 k, started;
	int		 rc, cuts = m->mode == DLX_MEMO_NEVER;

	if ((rc = flatten(d, pos)) != DLX_OK ||
	    ((nw > 1 || (checkpoint && !cuts)) &&
	    (rc = refine(d, pos, (size_t)REFINE_PER_THREAD * nw)) != DLX_OK))
		return rc;
	for (i = pos->next; i < pos->nt; i++)
		pos->t[i].done = 0;
	if (nw > pos->nt)
		nw = pos->nt > 0 ? (unsigned)pos->nt : 1;
	memset(&pc, 0, sizeof pc);
	pc.pos = pos;
	pc.s = s;
	pc.m = *m;
	pc.m.no_plain = 0;		/* a subtree the cache does not pay
					   for is counted plainly, here */
	pc.m.progress = pc_progress;
	if (pc.m.memory == 0)
		pc.m.memory = DLX_MEMORY_DEFAULT;
	pc.m.memory /= nw;		/* each thread its own cache */
	pc.nw = nw;
	pc.cuts = cuts;
	pc.live = mem_zalloc(&d->mem, nw, sizeof *pc.live);
	w = mem_zalloc(&d->mem, nw, sizeof *w);
	tid = mem_zalloc(&d->mem, nw, sizeof *tid);	/* of w[1..] */
	if (cuts && (pos->pcut = mem_zalloc(&pos->mem, nw,
	    sizeof *pos->pcut)) != NULL)
		pos->npcut = nw;
	if (pc.live == NULL || w == NULL || tid == NULL ||
	    (cuts && pos->pcut == NULL)) {
		rc = DLX_ENOMEM;
		goto out;
	}
	for (k = 0; k < nw; k++) {
		w[k].pc = &pc;
		w[k].id = k;
		/* Thread 0 is the caller's, on d itself. */
		if (k > 0 && dlx_clone(&w[k].d, d) != DLX_OK) {
			rc = DLX_ENOMEM;
			goto out;
		}
	}
	w[0].d = d;
	pthread_mutex_init(&pc.mu, NULL);
	/* Signals are for the caller's thread alone (pool_start()); fewer
	 * threads than asked: fine. */
	started = pool_start(tid, nw - 1, pc_main, &w[1], sizeof *w);
	pc_main(&w[0]);
	pool_join(tid, started);
	pthread_mutex_destroy(&pc.mu);
	rc = pc.rc;
	/* Beyond the position: what the cache's stopped subtrees found
	 * (the plain ones are in it, as their cuts). */
	pos->ahead_sol = pc.ahead_sol;
	pos->ahead_nodes = pc.ahead_nodes;
	pos->ahead_updates = pc.ahead_updates;
	if (ms != NULL)
		*ms = pc.ms;
out:
	pc_finish(pos);
	if (w != NULL)
		for (k = 1; k < nw; k++)
			dlx_free(w[k].d);
	mem_free(&d->mem, w);
	mem_free(&d->mem, tid);
	mem_free(&d->mem, pc.live);
	return rc;
}

struct prun {
	dlx_pos			*pos;
	const struct dlxi_search	*s;
};

/* Progress of a subtree searched on threads: the position's totals. */
static int
pr_progress(void *arg, const struct dlx_stats *st)
{
	struct prun		*r = arg;
	struct dlx_stats	 tot;
	u128			 sol = r->pos->sol + st->solutions;

	tot = *st;
	tot.solutions = sol > UINT64_MAX ? UINT64_MAX : (uint64_t)sol;
	tot.nodes += r->pos->nodes;
	tot.updates += r->pos->updates;
	return r->s->progress(r->s->progress_arg, &tot);
}

int
dlxi_pos_search_parallel(dlx *d, dlx_pos *pos, const struct dlxi_search *s,
    const struct dlxi_parallel *p, const struct dlxi_memo *m,
    struct dlx_memo_stats *ms, int checkpoint)
{
	struct dlxi_search	 sub;
	struct dlx_stats	 st, fix;
	struct dlxi_memo		 never;
	struct prun		 r;
	struct task		*t;
	uint64_t		 found = 0, nodes = 0, updates = 0, quiet = 0;
	unsigned		 nw;
	int			 rc = DLX_OK, done, isleaf;

	if (ms != NULL)
		memset(ms, 0, sizeof *ms);
	if (d == NULL || pos == NULL)
		return DLX_EINVAL;
	if (pos->running || dlx_branch(d, NULL, NULL, NULL, 0) ==
	    DLX_EMISUSE)
		return DLX_EMISUSE;
	if (mult_active(d))
		return DLX_ENOTSUP;	/* no path to cut (dlxi_pos_search) */
	nw = p != NULL && p->threads != 0 ? p->threads : dlx_cpus();
	pos->running = 1;
	pos->cutting = 0;
	pos->ahead_sol = 0;
	pos->ahead_nodes = pos->ahead_updates = 0;
	if (s == NULL || (s->visit == NULL && s->max_solutions == 0 &&
	    s->max_nodes == 0 && s->max_updates == 0 && !search_knuth(s))) {
		/* A count alone: subtrees to threads, with the cache or
		 * without (DLX_MEMO_NEVER is the plain search). */
		memset(&never, 0, sizeof never);
		never.mode = DLX_MEMO_NEVER;
		if (s != NULL)
			never.progress_updates = s->progress_updates;
		rc = pos_count(d, pos, s, m != NULL ? m : &never, nw, ms,
		    checkpoint);
		pos->running = 0;
		return rc;
	}
	memset(&sub, 0, sizeof sub);
	r.pos = pos;
	r.s = s;
	if (s != NULL) {
		sub = *s;
		if (s->progress != NULL) {
			sub.progress = pr_progress;
			sub.progress_arg = &r;
		}
	}
	while (pos->next < pos->nt) {
		t = &pos->t[pos->next];
		if ((rc = budgets_left(s, &sub, found, nodes, updates)) !=
		    DLX_OK)
			break;
		if ((rc = force_path(d, t, t->len)) != DLX_OK)
			break;
		isleaf = leaf(d, t->len);
		rc = dlxi_search_parallel(d, &sub, p);
		unforce_n(d, t->len);
		dlx_stats(d, &st);
		if (rc != DLX_OK) {
			/* The subtree stays to do; what its threads found
			 * is the run's all the same. */
			if (rc > 0) {
				pos->ahead_sol = st.solutions;
				pos->ahead_nodes = st.nodes;
				pos->ahead_updates = st.updates;
			}
			break;
		}
		if (isleaf && st.nodes > 0)
			st.nodes--;
		memset(&fix, 0, sizeof fix);
		rc = advance_counted(d, t, &done, search_knuth(s), &fix);
		st.updates += fix.updates;
		credit(pos, &st);
		found += st.solutions;
		nodes += st.nodes;
		updates += st.updates;
		if (rc != DLX_OK)
			break;
		if (done)
			pos->next++;
		quiet += st.updates;
		if (between(s, pos, &quiet) != 0) {
			rc = DLX_STOPPED;
			break;
		}
	}
	pos->running = 0;
	return rc;
}

void
dlx_pos_figures(const dlx_pos *pos, struct dlx_wide *solutions,
    uint64_t *nodes, uint64_t *updates)
{
	u128		sol = pos->sol;
	uint64_t	n = pos->nodes, u = pos->updates;
	unsigned	k;

	if (pos->running && pos->cutting) {
		sol += pos->cutst.solutions;
		n += pos->cutst.nodes;
		u += pos->cutst.updates;
	}
	/* Counting on threads: the cuts of the subtrees under way. */
	for (k = 0; pos->running && k < pos->npcut; k++)
		if (pos->pcut[k].valid && !pos->t[pos->pcut[k].task].done) {
			sol += pos->pcut[k].st.solutions;
			n += pos->pcut[k].st.nodes;
			u += pos->pcut[k].st.updates;
		}
	if (solutions != NULL) {
		solutions->hi = (uint64_t)(sol >> 64);
		solutions->lo = (uint64_t)sol;
	}
	if (nodes != NULL)
		*nodes = n;
	if (updates != NULL)
		*updates = u;
}

size_t
dlx_pos_tasks(const dlx_pos *pos)
{
	size_t	i, n = 0;

	if (pos == NULL)
		return 0;
	/* Counting on threads, tasks past next may be done already. */
	for (i = pos->next; i < pos->nt; i++)
		n += !pos->t[i].done;
	return n;
}

void
dlx_pos_part(const dlx_pos *pos, unsigned *k, unsigned *n)
{
	*k = pos->k;
	*n = pos->n;
}

uint64_t
dlx_pos_digest(const dlx_pos *pos)
{
	return pos == NULL ? 0 : pos->digest;
}

