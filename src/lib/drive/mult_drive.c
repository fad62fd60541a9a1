/*
 * mult_drive.c: Algorithm M (item bounds) under the drivers: a position
 * searched on one path with checkpoints, counted on threads, and the
 * tree split into parts.
 *
 * A node of M's tree is not named by options (engine.h, "Algorithm M's
 * tree split") but by the ranks of the branches on the way to it, which
 * the search replays in its own terms (mult_task_search()).  So a
 * position of a matrix with bounds holds paths of ranks where the other
 * engines' hold options; the text format is the same, and dlx_digest()
 * covers the bounds, so that a position is never read for the other
 * kind of matrix.  Ranks make the next sibling of a level its rank plus
 * one: no branching step is needed to move a task on.
 *
 * Splitting (parts and threads) cuts the tree at one depth: the search
 * above it (every task of the position, with its untried siblings)
 * counts its own nodes and solutions and hands over each node at that
 * depth as a subtree; the depth grows until there are enough of them.
 * The subtrees and the search above partition the tree, and their
 * figures add up to the serial search's, nodes and updates included
 * (mult_task_search() counts the work of a node where the serial search
 * does).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "lib/drive/part_impl.h"
#include "lib/drive/pool.h"

/* Depths tried at most below a task's path when cutting the tree. */
#define CUT_MAX		64

/* ---- a position on one path ----------------------------------------- */

struct mrun {
	dlx_pos			*pos;
	dlx			*d;
	const struct dlxi_search	*s;
	struct task		*t;	/* pos->t[pos->next] */
	int			*path;	/* what the search runs on: t as */
	size_t			*untried; /* it moves on, copied into t at */
	size_t			 len;	/* each cut */
};

static void
totals(const struct mrun *r, const struct dlx_stats *st,
    struct dlx_stats *out)
{
	u128	sol = r->pos->sol + st->solutions;

	out->solutions = sol > UINT64_MAX ? UINT64_MAX : (uint64_t)sol;
	out->nodes = r->pos->nodes + st->nodes;
	out->updates = r->pos->updates + st->updates;
	out->max_depth = st->max_depth;
}

/*
 * The cut where the search stands (as pos.c's take_cut): t becomes what
 * the search has left of it (its levels moved on to later siblings keep
 * their place in t's arrays, which are long enough: a task only gets
 * shorter), and the cut below it, from dlx_path(), goes to pos->cut*.
 */
static void
take_cut(struct mrun *r, const struct dlx_stats *st, int done)
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
	memcpy(r->t->path, r->path, r->len * sizeof *r->path);
	memcpy(r->t->untried, r->untried, r->len * sizeof *r->untried);
	r->t->len = r->len;
	pos->cutlen = dlx_path(r->d, pos->cutp, pos->cutu, n);
	pos->cutst = *st;
	pos->cutting = 1;
	pos->cutdone = done;
}

static int
on_progress(void *arg, const struct dlx_stats *st)
{
	struct mrun		*r = arg;
	struct dlx_stats	 tot;

	take_cut(r, st, 0);
	if (r->s == NULL || r->s->progress == NULL)
		return 0;
	totals(r, st, &tot);
	return r->s->progress(r->s->progress_arg, &tot);
}

/* A solution: as pos.c's on_visit(). */
static int
on_visit(void *arg, const int *options, size_t n)
{
	struct mrun		*r = arg;
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

static void
credit(dlx_pos *pos, const struct dlx_stats *st)
{
	pos->sol += st->solutions;
	pos->nodes += st->nodes;
	pos->updates += st->updates;
}

/* t[next] extended by the cut (as pos.c's apply_cut). */
static int
apply_cut(dlx_pos *pos)
{
	struct task	*t = &pos->t[pos->next];
	size_t		 len = t->len + pos->cutlen, *u;
	int		*p;

	if (len > MAX_PATH)
		return -1;
	if ((p = mem_realloc(&pos->mem, t->path, len + 1, sizeof *p)) == NULL)
		return -1;
	t->path = p;
	u = mem_realloc(&pos->mem, t->untried, len + 1, sizeof *u);
	if (u == NULL)
		return -1;
	t->untried = u;
	/* A cut at the task's own node adds no level (and may have no
	 * arrays yet: memcpy takes no null pointer, even for 0 bytes). */
	if (pos->cutlen > 0) {
		memcpy(t->path + t->len, pos->cutp, pos->cutlen * sizeof *p);
		memcpy(t->untried + t->len, pos->cutu,
		    pos->cutlen * sizeof *u);
	}
	t->len = len;
	credit(pos, &pos->cutst);
	return 0;
}

/* Move t past its path's subtree: the next sibling of its deepest level
 * with one left, by rank; *done = 1 if there is none. */
static void
next_sibling(struct task *t, int *done)
{
	size_t	l;

	for (l = t->len; l > 0 && t->untried[l - 1] == 0; l--)
		continue;
	*done = l == 0;
	if (l == 0)
		return;
	t->path[l - 1]++;
	t->untried[l - 1]--;
	t->len = l;
}

/* What is left of s's limits (as pos.c's budgets_left). */
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

/*
 * dlxi_pos_search() for a matrix with bounds: the tasks one after
 * another, each by mult_task_search() on a copy of it, with the same
 * cuts, visits and stops.
 */
int
dlxi_mult_pos_search(dlx *d, dlx_pos *pos, const struct dlxi_search *s)
{
	struct dlxi_search	 sub;
	struct dlx_stats	 st;
	struct mult_task	 mt;
	struct mrun		 r;
	struct task		*t;
	uint64_t		 found = 0, nodes = 0, updates = 0;
	size_t			 cap = 0;
	int			 rc = DLX_OK, done;

	if (d == NULL || pos == NULL)
		return DLX_EINVAL;
	if (pos->running)
		return DLX_EMISUSE;
	memset(&r, 0, sizeof r);
	r.pos = pos;
	r.d = d;
	r.s = s;
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
	pos->running = 1;
	while (pos->next < pos->nt) {
		t = &pos->t[pos->next];
		if ((rc = budgets_left(s, &sub, found, nodes, updates)) !=
		    DLX_OK)
			break;
		if (t->len + 1 > cap) {
			mem_free(&d->mem, r.path);
			mem_free(&d->mem, r.untried);
			cap = t->len + 1;
			r.path = mem_alloc(&d->mem, cap, sizeof *r.path);
			r.untried = mem_alloc(&d->mem, cap, sizeof *r.untried);
			if (r.path == NULL || r.untried == NULL) {
				rc = DLX_ENOMEM;
				break;
			}
		}
		memcpy(r.path, t->path, t->len * sizeof *r.path);
		memcpy(r.untried, t->untried, t->len * sizeof *r.untried);
		r.len = t->len;
		r.t = t;
		memset(&mt, 0, sizeof mt);
		mt.path = r.path;
		mt.untried = r.untried;
		mt.len = &r.len;
		mt.cut = -1;
		pos->cutting = 0;
		rc = mult_task_search(d, &sub, &mt);
		dlx_stats(d, &st);
		if (rc == DLX_OK) {
			credit(pos, &st);
			found += st.solutions;
			nodes += st.nodes;
			updates += st.updates;
			pos->next++;
			continue;
		}
		/* An early end: the position of the last cut, which a stop
		 * by progress makes exact. */
		if (rc > 0 && pos->cutting) {
			if (apply_cut(pos) != 0)
				rc = DLX_ENOMEM;
			else if (pos->cutdone) {
				next_sibling(t, &done);
				if (done)
					pos->next++;
			}
		}
		break;
	}
	mem_free(&d->mem, r.path);
	mem_free(&d->mem, r.untried);
	pos->running = 0;
	pos->cutting = pos->cutdone = 0;
	return rc;
}

/* ---- the tree cut at one depth ---------------------------------------- */

/* The subtrees handed over at the cut: paths of ranks, untried none. */
struct front {
	const struct dlx_allocator *mem;
	struct sub {
		int	*path;
		size_t	 len;
	}		*v;
	size_t		 n, cap;
	size_t		 maxlen;
};

static void
front_clear(struct front *f)
{
	size_t	i;

	for (i = 0; i < f->n; i++)
		mem_free(f->mem, f->v[i].path);
	f->n = 0;
	f->maxlen = 0;
}

static void
front_free(struct front *f)
{
	front_clear(f);
	mem_free(f->mem, f->v);
	f->v = NULL;
	f->cap = 0;
}

static int
front_at(void *arg, const int *path, size_t len)
{
	struct front	*f = arg;
	struct sub	*v;
	size_t		 cap;

	if (f->n == f->cap) {
		cap = f->cap != 0 ? 2 * f->cap : 64;
		if ((v = mem_realloc(f->mem, f->v, cap, sizeof *v)) == NULL)
			return -1;
		f->v = v;
		f->cap = cap;
	}
	if ((f->v[f->n].path = mem_alloc(f->mem, len + 1,
	    sizeof *path)) == NULL)
		return -1;
	memcpy(f->v[f->n].path, path, len * sizeof *path);
	f->v[f->n].len = len;
	f->n++;
	if (len > f->maxlen)
		f->maxlen = len;
	return 0;
}

/*
 * Search the tasks t[0..nt-1] above depth c below each one's path,
 * handing the nodes there to f (cleared first); *top gets the figures
 * of the search above them.
 */
static int
cut_at(dlx *d, const struct task *t, size_t nt, size_t c, struct front *f,
    struct dlx_stats *top, u128 *topsol)
{
	struct dlx_stats	 st;
	struct mult_task	 mt;
	size_t			 i, len, *u;
	int			*p, rc = DLX_OK;

	front_clear(f);
	memset(top, 0, sizeof *top);
	*topsol = 0;
	for (i = 0; i < nt && rc == DLX_OK; i++) {
		len = t[i].len;
		p = mem_alloc(&d->mem, len + 1, sizeof *p);
		u = mem_alloc(&d->mem, len + 1, sizeof *u);
		if (p == NULL || u == NULL) {
			mem_free(&d->mem, p);
			mem_free(&d->mem, u);
			return DLX_ENOMEM;
		}
		memcpy(p, t[i].path, len * sizeof *p);
		memcpy(u, t[i].untried, len * sizeof *u);
		memset(&mt, 0, sizeof mt);
		mt.path = p;
		mt.untried = u;
		mt.len = &len;
		mt.cut = (int)(t[i].len + c);
		mt.at = front_at;
		mt.arg = f;
		rc = mult_task_search(d, NULL, &mt);
		dlx_stats(d, &st);
		*topsol += st.solutions;
		top->nodes += st.nodes;
		top->updates += st.updates;
		if (st.max_depth > top->max_depth)
			top->max_depth = st.max_depth;
		mem_free(&d->mem, p);
		mem_free(&d->mem, u);
	}
	return rc;
}

/*
 * Cut the tasks deep enough for want subtrees: the depth grows one at a
 * time until the cut holds want, stops growing (the tree ends above
 * it), or CUT_MAX.  Returns DLX_OK or DLX_ENOMEM (DLX_ECORRUPT for a
 * task not of d's tree).
 */
static int
cut_tree(dlx *d, const struct task *t, size_t nt, size_t want,
    struct front *f, struct dlx_stats *top, u128 *topsol)
{
	size_t	c;
	int	rc;

	for (c = 1;; c++) {
		if ((rc = cut_at(d, t, nt, c, f, top, topsol)) != DLX_OK)
			return rc;
		if (f->n >= want || f->n == 0 || c >= CUT_MAX)
			return DLX_OK;
	}
}

/* ---- counting on threads ------------------------------------------------ */

struct mpar {
	pthread_mutex_t		 mu;
	dlx_pos			*pos;		/* its tasks: the subtrees */
	const struct dlxi_search	*s;
	size_t			 take;		/* next subtree */
	struct dlx_stats	*fig;		/* per subtree, once done */
	char			*fdone;		/* per subtree */
	struct dlx_stats	 done;		/* all finished subtrees, and */
	u128			 sol;		/* their solutions */
	struct dlx_stats	*live;		/* per thread, its subtree */
	struct dlx_stats	 base;		/* figures before: progress */
	struct dlx_stats	 cut;		/* of the subtrees stopped */
	unsigned		 nw;
	int			 stop;
	int			 rc;
};

struct mworker {
	struct mpar	*p;
	unsigned	 id;
	dlx		*d;
	size_t		*zero;		/* untried: none */
	int		*path;
};

/* A thread's progress: the totals of every thread to the caller's
 * progress, one call at a time; a stop asked stops them all. */
static int
mw_progress(void *arg, const struct dlx_stats *st)
{
	struct mworker		*w = arg;
	struct mpar		*p = w->p;
	struct dlx_stats	 tot;
	unsigned		 i;
	u128			 sol;
	int			 stop;

	pthread_mutex_lock(&p->mu);
	p->live[w->id] = *st;
	if (!p->stop && p->s != NULL && p->s->progress != NULL) {
		tot = p->done;
		sol = p->sol + p->base.solutions;
		tot.nodes += p->base.nodes;
		tot.updates += p->base.updates;
		for (i = 0; i < p->nw; i++) {
			sol += p->live[i].solutions;
			tot.nodes += p->live[i].nodes;
			tot.updates += p->live[i].updates;
		}
		tot.solutions = sol > UINT64_MAX ? UINT64_MAX : (uint64_t)sol;
		if (p->s->progress(p->s->progress_arg, &tot) != 0) {
			p->stop = 1;
			p->rc = DLX_STOPPED;
		}
	}
	stop = p->stop;
	pthread_mutex_unlock(&p->mu);
	return stop;
}

static void *
mw_main(void *arg)
{
	struct mworker		*w = arg;
	struct mpar		*p = w->p;
	dlx_pos			*pos = p->pos;
	struct dlxi_search	 sub;
	struct dlx_stats	 st;
	struct mult_task	 mt;
	size_t			 i, len;
	int			 rc;

	memset(&sub, 0, sizeof sub);
	if (p->s != NULL)
		sub.progress_updates = p->s->progress_updates;
	sub.progress = mw_progress;
	sub.progress_arg = w;
	for (;;) {
		pthread_mutex_lock(&p->mu);
		if (p->stop || p->take == pos->nt) {
			pthread_mutex_unlock(&p->mu);
			break;
		}
		i = p->take++;
		pthread_mutex_unlock(&p->mu);
		/* The tasks stay where they are while the threads run: only
		 * pos->next moves, under the lock. */
		len = pos->t[i].len;
		memcpy(w->path, pos->t[i].path, len * sizeof *w->path);
		memset(&mt, 0, sizeof mt);
		mt.path = w->path;
		mt.untried = w->zero;
		mt.len = &len;
		mt.cut = -1;
		rc = mult_task_search(w->d, &sub, &mt);
		dlx_stats(w->d, &st);
		pthread_mutex_lock(&p->mu);
		memset(&p->live[w->id], 0, sizeof p->live[w->id]);
		if (rc == DLX_OK) {
			p->fig[i] = st;
			p->fdone[i] = 1;
			p->sol += st.solutions;
			p->done.nodes += st.nodes;
			p->done.updates += st.updates;
			if (st.max_depth > p->done.max_depth)
				p->done.max_depth = st.max_depth;
			/* The position moves past the subtrees finished in
			 * order: exact wherever it is read. */
			while (pos->next < pos->nt && p->fdone[pos->next]) {
				credit(pos, &p->fig[pos->next]);
				pos->next++;
			}
		} else {
			/* What a stopped subtree found is the run's partial
			 * count (pos->ahead_*), searched again if resumed. */
			if (rc > 0) {
				p->cut.solutions += st.solutions;
				p->cut.nodes += st.nodes;
				p->cut.updates += st.updates;
			}
			if (!p->stop) {
				p->stop = 1;
				p->rc = rc;
			}
		}
		pthread_mutex_unlock(&p->mu);
	}
	return NULL;
}

/*
 * Make pos's tasks left the subtrees of f (untried none), with the
 * figures of the search above them: the same work.  On failure
 * (DLX_ENOMEM) pos is unchanged.
 */
static int
retask(dlx_pos *pos, const struct front *f, const struct dlx_stats *top,
    u128 topsol)
{
	struct task	*t;
	size_t		 i;

	if ((t = mem_zalloc(&pos->mem, f->n + 1, sizeof *t)) == NULL)
		return DLX_ENOMEM;
	for (i = 0; i < f->n; i++) {
		t[i].path = mem_alloc(&pos->mem, f->v[i].len + 1,
		    sizeof *t[i].path);
		t[i].untried = mem_zalloc(&pos->mem, f->v[i].len + 1,
		    sizeof *t[i].untried);
		if (t[i].path == NULL || t[i].untried == NULL)
			break;
		memcpy(t[i].path, f->v[i].path, f->v[i].len *
		    sizeof *t[i].path);
		t[i].len = f->v[i].len;
	}
	if (i < f->n) {
		for (i = 0; i < f->n; i++) {
			mem_free(&pos->mem, t[i].path);
			mem_free(&pos->mem, t[i].untried);
		}
		mem_free(&pos->mem, t);
		return DLX_ENOMEM;
	}
	for (i = 0; i < pos->nt; i++) {
		mem_free(&pos->mem, pos->t[i].path);
		mem_free(&pos->mem, pos->t[i].untried);
	}
	mem_free(&pos->mem, pos->t);
	pos->t = t;
	pos->nt = f->n;
	pos->next = 0;
	pos->sol += topsol;
	pos->nodes += top->nodes;
	pos->updates += top->updates;
	return DLX_OK;
}

/*
 * Count what is left of pos on nw threads (s: its progress alone; no
 * visit, limit or budget): the tasks are cut into subtrees (cut_tree, 32
 * a thread) and become them, the search above them credited (the same
 * work), and threads, each with its own copy of d, count one subtree at
 * a time.  The position moves past the subtrees finished in order, so
 * that it is exact wherever it is read (in progress, or after a stop): a
 * subtree finished after one still under way is counted again when
 * resumed.  d's figures are this call's.  Returns DLX_OK, DLX_STOPPED,
 * DLX_ENOMEM, DLX_ECORRUPT, or DLX_EOVERFLOW.
 */
int
dlxi_mult_pos_count(dlx *d, dlx_pos *pos, const struct dlxi_search *s,
    unsigned nw)
{
	struct front		 f;
	struct mpar		 p;
	struct mworker		*w = NULL;
	pthread_t		*tid = NULL;
	struct dlx_stats	 top;
	u128			 topsol, all;
	size_t			 maxlen, i;
	unsigned		 k, started;
	int			 rc, mu = 0;

	if (d == NULL || pos == NULL || nw == 0)
		return DLX_EINVAL;
	if (pos->running)
		return DLX_EMISUSE;
	memset(&f, 0, sizeof f);
	memset(&p, 0, sizeof p);
	memset(&d->st, 0, sizeof d->st);
	f.mem = &d->mem;
	rc = cut_tree(d, pos->t + pos->next, pos->nt - pos->next,
	    (size_t)nw * 32, &f, &top, &topsol);
	if (rc == DLX_OK)
		rc = retask(pos, &f, &top, topsol);
	maxlen = f.maxlen;
	front_free(&f);
	if (rc != DLX_OK)
		goto out;
	if (pthread_mutex_init(&p.mu, NULL) != 0) {
		rc = DLX_ENOMEM;
		goto out;
	}
	mu = 1;
	p.pos = pos;
	p.s = s;
	p.nw = nw;
	all = pos->sol;
	p.base.solutions = all > UINT64_MAX ? UINT64_MAX : (uint64_t)all;
	p.base.nodes = pos->nodes;
	p.base.updates = pos->updates;
	p.live = mem_zalloc(&d->mem, nw, sizeof *p.live);
	p.fig = mem_zalloc(&d->mem, pos->nt + 1, sizeof *p.fig);
	p.fdone = mem_zalloc(&d->mem, pos->nt + 1, 1);
	w = mem_zalloc(&d->mem, nw, sizeof *w);
	tid = mem_alloc(&d->mem, nw, sizeof *tid);
	if (p.live == NULL || p.fig == NULL || p.fdone == NULL || w == NULL ||
	    tid == NULL)
		rc = DLX_ENOMEM;
	for (k = 0; k < nw && rc == DLX_OK; k++) {
		w[k].p = &p;
		w[k].id = k;
		w[k].zero = mem_zalloc(&d->mem, maxlen + 1, sizeof *w[k].zero);
		w[k].path = mem_alloc(&d->mem, maxlen + 1, sizeof *w[k].path);
		if (w[k].zero == NULL || w[k].path == NULL)
			rc = DLX_ENOMEM;
		else
			rc = mult_clone(&w[k].d, d);
	}
	if (rc == DLX_OK) {
		/* Signals are for the caller's thread alone (pool_start());
		 * worker 0 runs there, and when fewer start than asked, the
		 * subtrees go to those that did. */
		started = pool_start(tid, nw - 1, mw_main, &w[1], sizeof *w);
		(void)mw_main(&w[0]);
		pool_join(tid, started);
		rc = p.rc;
		/* Beyond the position: the subtrees stopped, and those
		 * finished after the first one not finished. */
		pos->ahead_sol = p.cut.solutions;
		pos->ahead_nodes = p.cut.nodes;
		pos->ahead_updates = p.cut.updates;
		for (i = pos->next; i < pos->nt; i++)
			if (p.fdone[i]) {
				pos->ahead_sol += p.fig[i].solutions;
				pos->ahead_nodes += p.fig[i].nodes;
				pos->ahead_updates += p.fig[i].updates;
			}
	}
	/* This call's figures: the search above the subtrees and those
	 * finished. */
	all = topsol + p.sol;
	d->st.solutions = all > UINT64_MAX ? UINT64_MAX : (uint64_t)all;
	d->st.nodes = top.nodes + p.done.nodes;
	d->st.updates = top.updates + p.done.updates;
	d->st.max_depth = top.max_depth > p.done.max_depth ?
	    top.max_depth : p.done.max_depth;
	d->complete = rc == DLX_OK;
	d->progress = rc == DLX_OK ? 1.0 : 0.0;
out:
	if (mu)
		pthread_mutex_destroy(&p.mu);
	for (k = 0; w != NULL && k < nw; k++) {
		dlx_free(w[k].d);
		mem_free(&d->mem, w[k].zero);
		mem_free(&d->mem, w[k].path);
	}
	mem_free(&d->mem, w);
	mem_free(&d->mem, tid);
	mem_free(&d->mem, p.live);
	mem_free(&d->mem, p.fig);
	mem_free(&d->mem, p.fdone);
	return rc;
}

/* ---- parts ----------------------------------------------------------- */

static dlx_pos *
mpos_new(const struct dlx_allocator *mem, uint64_t digest, unsigned k,
    unsigned n)
{
	dlx_pos	*pos;

	if ((pos = mem_zalloc(mem, 1, sizeof *pos)) == NULL)
		return NULL;
	pos->mem = *mem;
	pos->digest = digest;
	pos->k = k;
	pos->n = n;
	return pos;
}

static int
mpos_add(dlx_pos *pos, const int *path, size_t len)
{
	struct task	*t;

	if ((t = mem_realloc(&pos->mem, pos->t, pos->nt + 1, sizeof *t)) ==
	    NULL)
		return -1;
	pos->t = t;
	t = &pos->t[pos->nt];
	t->path = mem_alloc(&pos->mem, len + 1, sizeof *t->path);
	t->untried = mem_zalloc(&pos->mem, len + 1, sizeof *t->untried);
	if (t->path == NULL || t->untried == NULL) {
		mem_free(&pos->mem, t->path);
		mem_free(&pos->mem, t->untried);
		return -1;
	}
	if (len > 0)
		memcpy(t->path, path, len * sizeof *path);
	t->len = len;
	t->done = 0;
	pos->nt++;
	return 0;
}

/*
 * The rule for a matrix with bounds: the tree is cut at the first depth
 * with DLX_SPLIT_PER_PART subtrees a part (cut_tree), and subtree i, in
 * search order, goes to part i mod N + 1; part 1 also holds the figures
 * of the search above the cut, done here.  Every process computes the
 * same cut.  Part want (0-based) alone, or all if want == nparts.
 */
int
dlxi_mult_split(dlx *d, unsigned want, unsigned nparts, dlx_pos **parts)
{
	struct task		 root;
	struct front		 f;
	struct dlx_stats	 top;
	u128			 topsol;
	uint64_t		 digest;
	size_t			 i, zero = 0;
	unsigned		 k;
	int			 rc, none = 0;

	memset(&f, 0, sizeof f);
	f.mem = &d->mem;
	memset(&root, 0, sizeof root);
	root.path = &none;
	root.untried = &zero;
	root.len = 0;
	digest = dlx_digest(d);
	rc = cut_tree(d, &root, 1, (size_t)nparts * DLX_SPLIT_PER_PART, &f,
	    &top, &topsol);
	for (k = 0; k < nparts && rc == DLX_OK; k++) {
		if (want != nparts && k != want)
			continue;
		if ((parts[k] = mpos_new(&d->mem, digest, k + 1, nparts)) ==
		    NULL) {
			rc = DLX_ENOMEM;
			break;
		}
		if (k == 0) {
			parts[k]->sol = topsol;
			parts[k]->nodes = top.nodes;
			parts[k]->updates = top.updates;
		}
		for (i = k; i < f.n; i += nparts)
			if (mpos_add(parts[k], f.v[i].path, f.v[i].len) != 0) {
				rc = DLX_ENOMEM;
				break;
			}
	}
	if (rc != DLX_OK)
		for (k = 0; k < nparts; k++) {
			dlx_pos_free(parts[k]);
			parts[k] = NULL;
		}
	front_free(&f);
	return rc;
}
