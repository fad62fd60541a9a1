/*
 * dispatch.c: one request, one dispatcher (dlx_run()).
 *
 * A request (struct dlx_request) says everything a search is asked; the
 * dispatcher works out what it needs (enum dlx_need), picks the first
 * engine of the capability table below that serves all of it (the table
 * is in speed order), and runs it under the drivers the request asks for
 * (threads, a position, checkpoints).  Nothing else in the library or
 * the programs chooses an engine: a combination is either served exactly
 * or refused with DLX_ENOTSUP and the needs that could not be met, never
 * run another way that would change the answer or drop an option.
 *
 * The table is also the one source of the table in README and dlx(1)
 * (tests/cli-matrix.sh checks that they agree with what runs).
 */
#include <limits.h>
#include <string.h>

#include "dlx.h"
#include "dlx_part.h"
#include "lib/core/dlx_impl.h"
#include "lib/drive/part_impl.h"
#include "lib/engine/engine.h"

/* What each engine serves: the needs it can meet. */
static const struct engine {
	enum dlx_engine	 id;
	const char	*name;
	unsigned	 serves;
} engines[] = {
	/* Fastest first: the bit boards for the 9x9 sudoku matrix, the
	 * cache where it may count, then the sparse sets, the links, and
	 * Algorithm M for item bounds. */
	{ DLX_ENGINE_BITS, "bit boards", DLX_NEED_VISIT | DLX_NEED_THREADS },
	{ DLX_ENGINE_CACHE, "cache",
	    DLX_NEED_COLORS | DLX_NEED_SPLIT | DLX_NEED_PATH |
	    DLX_NEED_THREADS | DLX_NEED_CACHE },
	{ DLX_ENGINE_SPARSE, "sparse",
	    DLX_NEED_COLORS | DLX_NEED_VISIT | DLX_NEED_SPLIT |
	    DLX_NEED_PATH | DLX_NEED_THREADS },
	{ DLX_ENGINE_LINKS, "links",
	    DLX_NEED_COLORS | DLX_NEED_VISIT | DLX_NEED_KNUTH |
	    DLX_NEED_SPLIT | DLX_NEED_PATH | DLX_NEED_THREADS },
	{ DLX_ENGINE_MULT, "Algorithm M",
	    DLX_NEED_COLORS | DLX_NEED_BOUNDS | DLX_NEED_VISIT |
	    DLX_NEED_KNUTH | DLX_NEED_SPLIT | DLX_NEED_PATH |
	    DLX_NEED_THREADS },
};
#define NENGINES	(sizeof engines / sizeof engines[0])

const char *
dlx_engine_name(enum dlx_engine e)
{
	size_t	i;

	for (i = 0; i < NENGINES; i++)
		if (engines[i].id == e)
			return engines[i].name;
	return "none";
}

/*
 * The search loops' settings of rq: the one place where the request is
 * turned into what the engines read (lib/core/search_int.h).
 */
static void
to_search(const struct dlx_request *rq, struct dlxi_search *s)
{
	memset(s, 0, sizeof *s);
	s->visit = rq->visit;
	s->visit_arg = rq->visit_arg;
	s->max_solutions = rq->max_solutions;
	s->max_nodes = rq->max_nodes;
	s->max_updates = rq->max_updates;
	s->progress = rq->progress;
	s->progress_arg = rq->progress_arg;
	s->progress_updates = rq->progress_updates;
	s->knuth = rq->tree;
}

/* What rq asks of an engine on d. */
static unsigned
needs(const dlx *d, const struct dlx_request *rq)
{
	const struct dlx_request	*s = rq;
	unsigned			 n = 0;

	if (d->colored)
		n |= DLX_NEED_COLORS;
	if (mult_active(d))
		n |= DLX_NEED_BOUNDS;
	if (s->visit != NULL || s->max_solutions != 0 || s->max_nodes != 0 ||
	    s->max_updates != 0)
		n |= DLX_NEED_VISIT;
	/* Knuth's tree asked for: his figures, which no cache gives.  (A
	 * library built with Knuth's tree as its default still counts
	 * with the cache where it pays: that default tests the search.) */
	if (s->tree > 0)
		n |= DLX_NEED_KNUTH;
	if (rq->pos != NULL)
		n |= DLX_NEED_SPLIT;
	if (rq->checkpoint)
		n |= DLX_NEED_PATH;
	if (rq->threads > 1)
		n |= DLX_NEED_THREADS;
	if (rq->memo == DLX_MEMO_ALWAYS ||
	    rq->components == DLX_COMP_ALWAYS)
		n |= DLX_NEED_CACHE;
	return n;
}

/* A checkpoint on threads of a search (visits, limits, budgets or
 * Knuth's tree), not a count alone: no driver serves it. */
static int
path_threads(unsigned need)
{
	return (need & DLX_NEED_PATH) && (need & DLX_NEED_THREADS) &&
	    (need & (DLX_NEED_VISIT | DLX_NEED_KNUTH));
}

/*
 * The first engine after index from that serves need on d, or -1.  The
 * sparse sets serve only the fast tree (dlxi_search() takes them then,
 * the links otherwise); Algorithm M is the only engine
 * of a matrix with bounds, and the cache is never taken when told not
 * to be.
 */
static int
pick(const dlx *d, const struct dlx_request *rq, unsigned need, size_t from)
{
	size_t	i;
	int	bounds = (need & DLX_NEED_BOUNDS) != 0;

	(void)d;
	/* A checkpoint on threads is exact when counting (pos.c: the
	 * subtrees done, and those under way cut where their threads
	 * stand); a search that visits or stops at a limit moves by whole
	 * subtrees, whose solutions would be visited again: refused. */
	if (path_threads(need))
		return -1;
	for (i = from; i < NENGINES; i++) {
		if ((need & ~engines[i].serves) != 0)
			continue;
		switch (engines[i].id) {
		case DLX_ENGINE_BITS:
			/* The 9x9 sudoku matrix, in the default tree (a tree
			 * asked for by name is that tree's), without budgets
			 * (they count a tree's nodes and updates): its own
			 * tree gives the same count and, where it visits,
			 * the same solutions (bits_search()). */
			if (!bits_serves(d) || rq->tree != DLX_TREE_DEFAULT ||
			    DLX_KNUTH_DEFAULT || rq->max_nodes != 0 ||
			    rq->max_updates != 0)
				continue;
			break;
		case DLX_ENGINE_CACHE:
			/* A checkpoint takes the cache only when asked:
			 * its subtrees under way are lost to a kill,
			 * where the plain search's are cut where they
			 * stand. */
			if (rq->memo == DLX_MEMO_NEVER || bounds ||
			    (rq->checkpoint && !(need & DLX_NEED_CACHE)))
				continue;
			break;
		case DLX_ENGINE_SPARSE:
			if (bounds || rq->tree > 0 || (rq->tree == 0 &&
			    DLX_KNUTH_DEFAULT))
				continue;
			break;
		case DLX_ENGINE_LINKS:
			if (bounds)
				continue;
			break;
		case DLX_ENGINE_MULT:
			/* Its threads count (mult_drive.c): what visits or
			 * has a budget runs on one path. */
			if ((need & DLX_NEED_THREADS) &&
			    (need & DLX_NEED_VISIT))
				continue;
			break;
		default:
			break;
		}
		return (int)i;
	}
	return -1;
}

/* The needs no single engine serves: the smallest set of bits to
 * name, those that the engine serving most of the others lacks. */
static unsigned
unmet(const dlx *d, const struct dlx_request *rq, unsigned need)
{
	unsigned	 best = need, miss;
	size_t		 i;

	(void)d;
	/* A checkpoint on threads of a search: that pair and what makes it
	 * a search, whatever the engine (pick()). */
	if (path_threads(need))
		return DLX_NEED_PATH | DLX_NEED_THREADS |
		    (need & (DLX_NEED_BOUNDS | DLX_NEED_CACHE | DLX_NEED_KNUTH |
		    DLX_NEED_VISIT));
	/* Algorithm M on threads counts only (pick()). */
	if ((need & DLX_NEED_BOUNDS) && (need & DLX_NEED_THREADS) &&
	    (need & DLX_NEED_VISIT))
		return DLX_NEED_BOUNDS | DLX_NEED_THREADS | DLX_NEED_VISIT |
		    (need & (DLX_NEED_CACHE | DLX_NEED_KNUTH));
	for (i = 0; i < NENGINES; i++) {
		if ((need & DLX_NEED_BOUNDS) &&
		    engines[i].id != DLX_ENGINE_MULT)
			continue;
		/* The bit boards serve less than the sparse sets, on one
		 * matrix: what to name is the others'. */
		if (engines[i].id == DLX_ENGINE_BITS)
			continue;
		if (engines[i].id == DLX_ENGINE_CACHE &&
		    rq->memo == DLX_MEMO_NEVER)
			continue;
		miss = need & ~engines[i].serves;
		if (__builtin_popcount(miss) < __builtin_popcount(best))
			best = miss;
	}
	/* What picks the engine is named whenever it is asked: the bounds
	 * (Algorithm M alone), the cache and Knuth's tree. */
	return best | (need & (DLX_NEED_BOUNDS | DLX_NEED_CACHE |
	    DLX_NEED_KNUTH));
}

/* The engine after the cache that serves need: where the cache gave a
 * count back to the plain search. */
static enum dlx_engine
plain_engine(const dlx *d, const struct dlx_request *rq, unsigned need)
{
	size_t	c;
	int	i;

	for (c = 0; engines[c].id != DLX_ENGINE_CACHE; c++)
		continue;
	i = pick(d, rq, need, c + 1);
	return i >= 0 ? engines[i].id : DLX_ENGINE_NONE;
}

/*
 * The threads engine i runs rq on: as many as asked; else every CPU,
 * except where the engine has no threads, for a checkpoint (one path,
 * cut where it stands: asked for with -t, threads run), and for the
 * cache's count of a whole tree (one cache sees every repeat; threads
 * each with a share of the budget see fewer: asked for with -t, they
 * run).
 */
static unsigned
threads_for(const struct dlx_request *rq, size_t i)
{
	if (rq->checkpoint && rq->threads == 0)
		return 1;
	/* Algorithm M visits and keeps budgets on one thread (pick()). */
	if (engines[i].id == DLX_ENGINE_MULT && (rq->visit != NULL ||
	    rq->max_solutions != 0 || rq->max_nodes != 0 ||
	    rq->max_updates != 0))
		return 1;
	if (rq->threads != 0)
		return rq->threads;
	if (!(engines[i].serves & DLX_NEED_THREADS) ||
	    (engines[i].id == DLX_ENGINE_CACHE && rq->pos == NULL))
		return 1;
	return dlx_cpus();
}

/* Search a position: serially on one path for a plain checkpoint on one
 * thread, else on nw threads, counting with the cache (m) or plainly
 * (exact at every progress call when counting: pos.c). */
static int
run_pos(dlx *d, const struct dlx_request *rq, const struct dlxi_search *s,
    struct dlx_pos *pos, unsigned nw, const struct dlxi_memo *m,
    struct dlx_result *res)
{
	struct dlxi_parallel	 par;

	memset(&par, 0, sizeof par);
	par.threads = nw;
	if (rq->checkpoint && nw <= 1 && m == NULL)
		return dlxi_pos_search(d, pos, s);
	return dlxi_pos_search_parallel(d, pos, s, &par, m, &res->memo,
	    rq->checkpoint);
}

/* The count of a run from a position: the work done and credited, and
 * after an early end what threads or the cache found beyond it (which a
 * resumed run finds again): every solution found. */
static void
pos_count(const struct dlx_pos *pos, struct dlx_wide *w)
{
	u128	sol;

	dlx_pos_figures(pos, w, NULL, NULL);
	sol = ((u128)w->hi << 64 | w->lo) + pos->ahead_sol;
	w->hi = (uint64_t)(sol >> 64);
	w->lo = (uint64_t)sol;
}

/*
 * Algorithm M with a position or threads (mult_drive.c): a position on
 * one path (checkpoints, visits, budgets), or counted on nw threads (a
 * whole tree as a position of one task).
 */
static int
run_mult(dlx *d, const struct dlx_request *rq, const struct dlxi_search *s,
    unsigned nw, struct dlx_result *res)
{
	struct dlx_pos	*whole = NULL, *pos = rq->pos;
	int		 rc;

	res->engine = DLX_ENGINE_MULT;
	res->threads = nw;
	res->drivers = (pos != NULL ? DLX_DRIVE_POSITION : 0) |
	    (rq->checkpoint ? DLX_DRIVE_CHECKPOINT : 0) |
	    (nw > 1 ? DLX_DRIVE_THREADS : 0);
	if (pos == NULL) {
		if ((rc = dlx_pos_whole(&whole, d)) != DLX_OK)
			return rc;
		pos = whole;
	}
	/* The threads' count sets what it found beyond the position. */
	pos->ahead_sol = 0;
	pos->ahead_nodes = pos->ahead_updates = 0;
	if (nw > 1)
		rc = dlxi_mult_pos_count(d, pos, s, nw);
	else
		rc = dlxi_mult_pos_search(d, pos, s);
	pos_count(pos, &res->count);
	dlx_stats(d, &res->stats);
	if (whole != NULL) {
		dlx_pos_figures(whole, NULL, &res->stats.nodes,
		    &res->stats.updates);
		res->stats.solutions = res->count.hi != 0 ? UINT64_MAX :
		    res->count.lo;
		dlx_pos_free(whole);
	}
	return rc;
}

/* run_bits(): the request visits two solutions or more, which the
 * engine after the bit boards must run (no status of dlx.h). */
#define BITS_HANDED	INT_MIN

/* Nodes the bit boards count alone before the cache may have its glance
 * (a count under DLX_MEMO_AUTO): about a fifteenth of a second.  Every
 * puzzle of the usual sets takes a few thousand at most (serg's largest,
 * 1555 solutions, 3165); the 7,452,654-solution puzzle of README's table
 * lost 10% of its time to a budget of 2^20 and the cache's first plain
 * search, 2% to this. */
#define BITS_NODES	((uint64_t)1 << 18)

/* Nodes the bit boards count alone before a count (a limit, or without
 * the cache's glance) goes on threads: a few milliseconds, so that the
 * usual puzzle, and a limit of one or two solutions, never sees a
 * thread. */
#define BITS_ALONE	((uint64_t)1 << 14)

/*
 * Run s on the bit boards (engine/bits.c) and fill res.  A count of every
 * solution under DLX_MEMO_AUTO that outgrows BITS_NODES goes to the
 * cache's glance (m: the cache counts it where states meet again often
 * enough, as it would have without the bit boards), and back to the bit
 * boards from the start where the cache gives up: on nw threads if nw >
 * 1.  A count on threads without the glance (under a limit, or another
 * memo mode) starts alone too, up to BITS_ALONE nodes.  Whatever visits
 * runs on one thread.  Returns the search's status, or BITS_HANDED.
 */
static int
run_bits(dlx *d, const struct dlx_request *rq, const struct dlxi_search *s,
    unsigned nw, struct dlxi_memo *m, struct dlx_result *res)
{
	struct dlxi_search	 first = *s;
	unsigned		 ran;
	int			 rc, glance, spread;

	glance = s->visit == NULL && s->max_solutions == 0 &&
	    rq->memo == DLX_MEMO_AUTO;
	spread = s->visit == NULL && nw > 1;
	if (glance)
		first.max_nodes = BITS_NODES;
	else if (spread)
		first.max_nodes = BITS_ALONE;
	res->engine = DLX_ENGINE_BITS;
	res->threads = 1;
	res->drivers = 0;
	if (!bits_search(d, &first, &rc))
		return BITS_HANDED;
	if (glance && rc == DLX_INCOMPLETE) {
		m->no_plain = 1;
		m->outgrown = 1;
		rc = dlxi_count_wide(d, m, &res->count, &res->memo);
		if (rc != DLX_INCOMPLETE) {
			res->engine = res->memo.used ? DLX_ENGINE_CACHE :
			    DLX_ENGINE_SPARSE;
			dlx_stats(d, &res->stats);
			return rc;
		}
	}
	if (first.max_nodes != 0 && rc == DLX_INCOMPLETE) {
		if (spread) {
			rc = dlxi_bits_parallel(d, s, nw, NULL, &ran);
			res->threads = ran;
			res->drivers = ran > 1 ? DLX_DRIVE_THREADS : 0;
		} else
			(void)bits_search(d, s, &rc);
	}
	dlx_stats(d, &res->stats);
	res->count.hi = 0;
	res->count.lo = res->stats.solutions;
	return rc;
}

int
dlx_run_plan(const dlx *d, const struct dlx_request *rq,
    struct dlx_result *res)
{
	static const struct dlx_request	 none;
	struct dlx_result		 local;
	unsigned			 need;
	int				 i;

	if (res == NULL)
		res = &local;
	memset(res, 0, sizeof *res);
	if (d == NULL)
		return DLX_EINVAL;
	if (rq == NULL)
		rq = &none;
	need = needs(d, rq);
	if ((i = pick(d, rq, need, 0)) < 0) {
		res->refused = unmet(d, rq, need);
		return DLX_ENOTSUP;
	}
	res->engine = engines[i].id;
	res->threads = threads_for(rq, (size_t)i);
	res->drivers = (res->threads > 1 ? DLX_DRIVE_THREADS : 0) |
	    (rq->pos != NULL ? DLX_DRIVE_POSITION : 0) |
	    (rq->checkpoint ? DLX_DRIVE_CHECKPOINT : 0);
	return DLX_OK;
}

int
dlx_run(dlx *d, const struct dlx_request *rq, struct dlx_result *res)
{
	static const struct dlx_request	 none;
	struct dlx_result		 local;
	struct dlxi_memo			 m;
	struct dlxi_parallel		 par;
	struct dlxi_search		 srch, fast;
	struct dlx_pos			*whole = NULL;
	unsigned			 need, nw;
	int				 i, rc;

	if (res == NULL)
		res = &local;
	memset(res, 0, sizeof *res);
	if (d == NULL)
		return DLX_EINVAL;
	if (rq == NULL)
		rq = &none;
	if (d->searching)
		return DLX_EMISUSE;
	need = needs(d, rq);
	if ((i = pick(d, rq, need, 0)) < 0) {
		res->refused = unmet(d, rq, need);
		return DLX_ENOTSUP;
	}
	nw = threads_for(rq, (size_t)i);
	memset(&m, 0, sizeof m);
	m.mode = rq->memo;
	m.order = rq->order;
	m.components = rq->components;
	m.memory = rq->memory != 0 ? rq->memory : DLX_MEMORY_DEFAULT;
	m.progress = rq->progress;
	m.progress_arg = rq->progress_arg;
	m.progress_updates = rq->progress_updates;
	to_search(rq, &srch);
	m.knuth = srch.knuth;

	if (engines[i].id == DLX_ENGINE_BITS) {
		rc = run_bits(d, rq, &srch, nw, &m, res);
		if (rc != BITS_HANDED)
			return rc;
		/* Two solutions or more to visit: in the order of the
		 * engine after it. */
		if ((i = pick(d, rq, need, (size_t)i + 1)) < 0) {
			res->refused = unmet(d, rq, need);
			return DLX_ENOTSUP;
		}
		nw = threads_for(rq, (size_t)i);
	}

	if (engines[i].id == DLX_ENGINE_CACHE) {
		res->engine = DLX_ENGINE_CACHE;
		if (rq->pos != NULL || nw > 1) {
			/* Threads or a position: each thread counts subtrees
			 * with its own cache, the budget shared out. */
			if (rq->pos == NULL &&
			    (rc = dlx_pos_whole(&whole, d)) != DLX_OK)
				return rc;
			/* The cache has its own tree, whatever the default:
			 * its count is that of every tree. */
			fast = srch;
			fast.knuth = DLX_FAST;
			rc = run_pos(d, rq, &fast, rq->pos != NULL ? rq->pos :
			    whole, nw, &m, res);
			pos_count(rq->pos != NULL ? rq->pos : whole,
			    &res->count);
			if (whole != NULL) {
				/* Of this call alone: the position's. */
				dlx_pos_figures(whole, NULL,
				    &res->stats.nodes, &res->stats.updates);
				res->stats.nodes += whole->ahead_nodes;
				res->stats.updates += whole->ahead_updates;
				dlx_pos_free(whole);
			} else
				dlx_stats(d, &res->stats);
			res->threads = nw;
			res->drivers = (nw > 1 ? DLX_DRIVE_THREADS : 0) |
			    (rq->pos != NULL ? DLX_DRIVE_POSITION : 0) |
			    (rq->checkpoint ? DLX_DRIVE_CHECKPOINT : 0);
			if (!res->memo.used)
				res->engine = plain_engine(d, rq, need);
			res->stats.solutions = res->count.hi != 0 ?
			    UINT64_MAX : res->count.lo;
			return rc;
		}
		/* Serial: AUTO gives the count back to the plain search,
		 * below, where the cache does not pay. */
		m.no_plain = 1;
		rc = dlxi_count_wide(d, &m, &res->count, &res->memo);
		if (rc != DLX_INCOMPLETE) {
			/* A small tree is counted plainly before the cache is
			 * set up: then the plain engine ran. */
			if (!res->memo.used)
				res->engine = plain_engine(d, rq, need);
			dlx_stats(d, &res->stats);
			res->threads = 1;
			return rc;
		}
		if ((i = pick(d, rq, need, (size_t)i + 1)) < 0) {
			res->refused = unmet(d, rq, need);
			return DLX_ENOTSUP;
		}
		nw = threads_for(rq, (size_t)i);
	}

	/* A plain engine: sparse sets, links or Algorithm M (dlxi_search()
	 * takes the one the table picked: see pick()). */
	if (engines[i].id == DLX_ENGINE_MULT && (rq->pos != NULL || nw > 1))
		return run_mult(d, rq, &srch, nw, res);
	res->engine = engines[i].id;
	res->threads = nw;
	if (rq->pos != NULL) {
		res->drivers = DLX_DRIVE_POSITION |
		    (rq->checkpoint ? DLX_DRIVE_CHECKPOINT : 0) |
		    (nw > 1 ? DLX_DRIVE_THREADS : 0);
		rc = run_pos(d, rq, &srch, rq->pos, nw, NULL, res);
		pos_count(rq->pos, &res->count);
		dlx_stats(d, &res->stats);
		return rc;
	}
	if (nw > 1) {
		res->drivers = DLX_DRIVE_THREADS;
		memset(&par, 0, sizeof par);
		par.threads = nw;
		rc = dlxi_search_parallel(d, &srch, &par);
	} else
		rc = dlxi_search(d, &srch);
	dlx_stats(d, &res->stats);
	res->count.hi = 0;
	res->count.lo = res->stats.solutions;
	return rc;
}

/* dlx_first()'s visit: keep the solution, stop (max_solutions is 1). */
struct first_arg {
	int	*buf;
	size_t	 cap;
	size_t	 n;
};

static int
first_visit(void *arg, const int *options, size_t n)
{
	struct first_arg	*fa = arg;

	/* buf may be NULL when cap is 0, and memcpy wants real pointers
	 * even for no bytes. */
	if (n > 0 && fa->cap > 0)
		memcpy(fa->buf, options,
		    (n < fa->cap ? n : fa->cap) * sizeof *options);
	fa->n = n;
	return 0;
}

int
dlx_count(dlx *d, struct dlx_wide *count)
{
	struct dlx_result	res;
	int			rc;

	rc = dlx_run(d, NULL, &res);
	if (count != NULL)
		*count = res.count;
	return rc;
}

int
dlx_first(dlx *d, int *options, size_t cap, size_t *n)
{
	struct dlx_request	rq;
	struct first_arg	fa;
	int			rc;

	if (options == NULL && cap > 0)
		return DLX_EINVAL;
	fa.buf = options;
	fa.cap = cap;
	fa.n = 0;
	memset(&rq, 0, sizeof rq);
	rq.visit = first_visit;
	rq.visit_arg = &fa;
	rq.max_solutions = 1;
	/* One thread: a single solution rarely repays the copies the
	 * threads take, and so the call allocates nothing. */
	rq.threads = 1;
	rc = dlx_run(d, &rq, NULL);
	if (n != NULL)
		*n = fa.n;
	return rc;
}
