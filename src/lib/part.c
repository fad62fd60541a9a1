/*
 * part.c: a search cut into parts, and the search position as data
 * (dlx_part.h).
 *
 * Parts.  dlx_split() cuts the tree into subproblems, named by their
 * paths, which partition the tree's solutions (forcing a path leaves
 * exactly the subtree under it: dlx.h, "Splitting a search"), and shares
 * them out by halves (the rule is below, at "splitting").  Nothing here may
 * depend on the host: the estimates are integers from a fixed-seed
 * generator, every tie is broken by search order, and so every process
 * of a cluster computes the same parts without talking to the others.
 *
 * Positions.  A task is a path with, per level, a number of untried
 * siblings (dlx_part.h).  Searching a task searches the subtree under its
 * path; then the deepest level with an untried sibling takes the next
 * one in place of its option, the levels below are dropped, and the
 * count at that level goes down by one.  So the task is always exactly
 * what is left of it.  A search stopped at a progress call is cut where
 * it stands: dlx_path() gives the path to the node about to be entered
 * and the untried siblings above it, which, appended to the task's own,
 * is again a task.  That is the whole checkpoint: the tasks left and the
 * figures so far.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "dlx_impl.h"
#include "dlx_part.h"

#define PROBES		16		/* random probes per estimate */
#define MAX_PARTS	(1u << 20)
#define MAX_PATH	(1u << 24)	/* longest path a position may hold */
#define POS_MAGIC	"dlx-position 1"

typedef unsigned __int128 u128;

struct task {
	int		*path;		/* options below d's forced ones */
	size_t		*untried;	/* per level: siblings still to do */
	size_t		 len;
};

struct dlx_pos {
	uint64_t	 digest;	/* dlx_digest() of the matrix */
	unsigned	 k, n;		/* part k of n */
	u128		 sol;		/* figures of the work done */
	uint64_t	 nodes;
	uint64_t	 updates;
	struct task	*t;		/* t[next..nt-1] are left */
	size_t		 nt;
	size_t		 next;
	/* While dlx_pos_search() runs: the cut at the last progress call
	 * (relative to t[next]'s path) and the figures there. */
	int		 running;
	int		 cutting;	/* cut* below are valid */
	int		*cutp;
	size_t		*cutu;
	size_t		 cutlen;
	size_t		 cutcap;
	struct dlx_stats cutst;
};

/* ---- helpers -------------------------------------------------------- */

static uint64_t
fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char	*c = p;

	while (n-- > 0) {
		h ^= *c++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

/* Hash an integer in a fixed byte order, so that digests agree across
 * hosts of any endianness. */
static uint64_t
fnv_int(uint64_t h, uint64_t v)
{
	unsigned char	b[8];
	int		i;

	for (i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	return fnv(h, b, 8);
}

static uint64_t
mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return x;
}

static uint64_t
sat_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t
sat_mul(uint64_t a, uint64_t b)
{
	return b != 0 && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

uint64_t
dlx_digest(const dlx *d)
{
	const int	*f;
	uint64_t	 h = 0xcbf29ce484222325ULL;
	size_t		 n, k, m;
	int		 o;

	if (d == NULL)
		return 0;
	h = fnv_int(h, dlx_nprimary(d));
	h = fnv_int(h, dlx_nsecondary(d));
	h = fnv_int(h, dlx_noptions(d));
	for (o = 0; (size_t)o < dlx_noptions(d); o++) {
		m = dlx_option_size(d, o);
		h = fnv_int(h, m);
		for (k = 0; k < m; k++) {
			h = fnv_int(h, (uint64_t)dlx_option_item(d, o, k));
			h = fnv_int(h, (uint64_t)dlx_option_color(d, o, k));
		}
	}
	f = dlxint_forced(d, &n);
	h = fnv_int(h, n);
	for (k = 0; k < n; k++)
		h = fnv_int(h, (uint64_t)f[k]);
	return mix(h);
}

/* ---- splitting ------------------------------------------------------- */

/*
 * The rule (DLX_SPLIT_VERSION 2).  Parts a..b-1 (0-based) share a group
 * of subproblems, at first the root alone for all N parts.  The group is
 * refined, always at its subproblem with the largest estimated size,
 * until it holds DLX_SPLIT_PER_PART subproblems per part, or per
 * SPLIT_FAN parts if there are more; then it is cut in two, for the
 * first half of its parts (rounded down) and for the rest, dealt largest
 * first to the side with the least estimated work per part; and each
 * side is split again, down to a single part.  So a part's subproblems
 * come from about log2(N) rounds of SPLIT_FAN * DLX_SPLIT_PER_PART
 * subproblems, and a process that wants one part follows its own side
 * at every cut: it estimates a few hundred subproblems per round where
 * growing a frontier of DLX_SPLIT_PER_PART * N for everyone (version 1)
 * estimated tens of thousands at N = 512, each as costly as a piece of
 * the part's own search.  The parts are the same whether computed one by
 * one (dlx_split_part) or all at once (dlx_split).
 */
#define SPLIT_FAN	8

/* A subproblem of the tree. */
struct sub {
	int		*path;		/* options from the root */
	unsigned	*idx;		/* each option's rank among siblings:
					   the search order of subproblems */
	size_t		 len;
	uint64_t	 est;		/* estimated nodes of its subtree */
	int		 open;		/* may be expanded (not a solution) */
};

struct split {
	dlx		*d;
	uint64_t	 digest;	/* of d before the split forced
					   anything */
	struct sub	*s;		/* every subproblem made so far */
	size_t		 ns, caps;
	size_t		*heap;		/* open subproblems of the group
					   being refined, largest first */
	size_t		 nheap, caph;
	int		*opts;		/* scratch for dlx_branch */
	size_t		 cap;
	int		*at;		/* the path forced on d now, below
					   its own forced options */
	size_t		 nat;
};

/* A growing list of subproblems (indices into sp->s). */
struct group {
	size_t		*v;
	size_t		 n, cap;
};

static int
group_add(struct group *g, size_t i)
{
	size_t	*q;

	if (g->n == g->cap) {
		q = realloc(g->v, 2 * (g->cap + 8) * sizeof *q);
		if (q == NULL)
			return -1;
		g->v = q;
		g->cap = 2 * (g->cap + 8);
	}
	g->v[g->n++] = i;
	return 0;
}

/* Search order of two subproblems of the frontier (neither is a prefix
 * of the other). */
static int
sub_order(const struct sub *a, const struct sub *b)
{
	size_t	l;

	for (l = 0; l < a->len && l < b->len; l++)
		if (a->idx[l] != b->idx[l])
			return a->idx[l] < b->idx[l] ? -1 : 1;
	return (a->len > b->len) - (a->len < b->len);
}

/* Larger estimate first, then search order: a total order. */
static int
sub_before(const struct sub *a, const struct sub *b)
{
	if (a->est != b->est)
		return a->est > b->est;
	return sub_order(a, b) < 0;
}

static int
heap_push(struct split *sp, size_t i)
{
	size_t	k, up, *q;

	if (sp->nheap == sp->caph) {
		q = realloc(sp->heap, 2 * (sp->caph + 8) * sizeof *q);
		if (q == NULL)
			return -1;
		sp->heap = q;
		sp->caph = 2 * (sp->caph + 8);
	}
	k = sp->nheap++;
	while (k > 0) {
		up = (k - 1) / 2;
		if (!sub_before(&sp->s[i], &sp->s[sp->heap[up]]))
			break;
		sp->heap[k] = sp->heap[up];
		k = up;
	}
	sp->heap[k] = i;
	return 0;
}

static size_t
heap_pop(struct split *sp)
{
	size_t	top = sp->heap[0], last, k = 0, c;

	last = sp->heap[--sp->nheap];
	for (;;) {
		c = 2 * k + 1;
		if (c >= sp->nheap)
			break;
		if (c + 1 < sp->nheap &&
		    sub_before(&sp->s[sp->heap[c + 1]], &sp->s[sp->heap[c]]))
			c++;
		if (!sub_before(&sp->s[sp->heap[c]], &sp->s[last]))
			break;
		sp->heap[k] = sp->heap[c];
		k = c;
	}
	if (sp->nheap > 0)
		sp->heap[k] = last;
	return top;
}

/*
 * Knuth's estimate of the size of the subtree under the node where d
 * stands: follow random paths down; a node at depth l of a path stands
 * for the product of the branching degrees above it.  Nodes, not
 * updates: counting a list is cheap where measuring each option's
 * updates costs as much as searching a level, so the same time buys many
 * more probes, and fewer wild estimates.  Integer arithmetic, saturating,
 * and a generator seeded by the node's place, so the figure is the same
 * on every host.  d is left as it was.
 */
static uint64_t
estimate(struct split *sp, uint64_t seed)
{
	uint64_t	 total = 0, est, mult, x;
	size_t		 depth;
	int		 probe, n, item;

	x = mix(seed) | 1;
	for (probe = 0; probe < PROBES; probe++) {
		est = 0;
		mult = 1;
		depth = 0;
		for (;;) {
			n = dlx_branch(sp->d, &item, sp->opts, NULL, sp->cap);
			est = sat_add(est, mult);
			if (n <= 0)
				break;
			mult = sat_mul(mult, (uint64_t)n);
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			if (dlx_force(sp->d, sp->opts[x % (uint64_t)n]) !=
			    DLX_OK)
				break;
			depth++;
		}
		while (depth-- > 0)
			dlx_unforce(sp->d);
		total = sat_add(total, est / PROBES);
	}
	return total;
}

/* Make child number rank (option opt) of subproblem parent (NULL: the
 * root), where d stands, and add it to g.  Dead ends are left out.
 * Returns 0 or -1 if out of memory. */
static int
add_sub(struct split *sp, const struct sub *parent, int opt, unsigned rank,
    struct group *g)
{
	struct sub	*s, *q;
	size_t		 len = parent == NULL ? 0 : parent->len + 1, l;
	uint64_t	 seed;
	int		 n, item;

	n = dlx_branch(sp->d, &item, NULL, NULL, 0);
	if (n == 0 && item >= 0)
		return 0;			/* a dead end */
	if (sp->ns == sp->caps) {
		q = realloc(sp->s, 2 * (sp->caps + 8) * sizeof *q);
		if (q == NULL)
			return -1;
		sp->s = q;
		sp->caps = 2 * (sp->caps + 8);
	}
	s = &sp->s[sp->ns];
	memset(s, 0, sizeof *s);
	s->path = malloc((len + 1) * sizeof *s->path);
	s->idx = malloc((len + 1) * sizeof *s->idx);
	if (s->path == NULL || s->idx == NULL) {
		free(s->path);
		free(s->idx);
		return -1;
	}
	s->len = len;
	if (parent != NULL) {
		memcpy(s->path, parent->path, parent->len * sizeof *s->path);
		memcpy(s->idx, parent->idx, parent->len * sizeof *s->idx);
		s->path[len - 1] = opt;
		s->idx[len - 1] = rank;
	}
	s->open = item >= 0;
	if (s->open) {
		seed = 0x9e3779b97f4a7c15ULL;
		seed = fnv_int(seed, len);
		for (l = 0; l < len; l++)
			seed = fnv_int(seed, s->idx[l]);
		s->est = estimate(sp, seed);
	} else
		s->est = 1;
	if (group_add(g, sp->ns) != 0) {
		free(s->path);
		free(s->idx);
		return -1;
	}
	sp->ns++;
	return 0;
}

/*
 * Stand d at path[0..len-1]: undo what is forced beyond the part it
 * shares with the path where d stands, force the rest.  Subproblems
 * refined one after another are mostly near each other in the tree, so
 * this walks a few levels where forcing every path from the root would
 * walk them all.  Returns 0, or -1 if an option cannot be forced (cannot
 * happen: every path is a branch of d).
 */
static int
walk_to(struct split *sp, const int *path, size_t len)
{
	size_t	l;

	for (l = 0; l < len && l < sp->nat && sp->at[l] == path[l]; l++)
		continue;
	while (sp->nat > l) {
		dlx_unforce(sp->d);
		sp->nat--;
	}
	for (; l < len; l++) {
		if (dlx_force(sp->d, path[l]) != DLX_OK)
			return -1;
		sp->at[sp->nat++] = path[l];
	}
	return 0;
}

/* Put subproblem g->v[j]'s children in its place in g (the first one
 * where it was, the others at the end) and on the heap.  Returns 0, -1
 * if out of memory. */
static int
expand(struct split *sp, struct group *g, size_t j)
{
	struct sub	 parent;
	size_t		 i = g->v[j], first = g->n, m;
	int		 n, k, *kids;

	if (walk_to(sp, sp->s[i].path, sp->s[i].len) != 0)
		return 0;		/* cannot happen; left as it is */
	n = dlx_branch(sp->d, NULL, sp->opts, NULL, sp->cap);
	if (n < 0 || (size_t)n > sp->cap)
		return 0;
	if ((kids = malloc(((size_t)n + 1) * sizeof *kids)) == NULL)
		return -1;
	memcpy(kids, sp->opts, (size_t)n * sizeof *kids);
	/* sp->s may move while children are added: work on a copy. */
	parent = sp->s[i];
	for (k = 0; k < n; k++) {
		if (dlx_force(sp->d, kids[k]) != DLX_OK)
			continue;	/* cannot happen: a branch of d */
		if (add_sub(sp, &parent, kids[k], (unsigned)k, g) != 0) {
			dlx_unforce(sp->d);
			free(kids);
			return -1;
		}
		dlx_unforce(sp->d);
	}
	free(kids);
	for (m = first; m < g->n; m++)
		if (sp->s[g->v[m]].open && heap_push(sp, g->v[m]) != 0)
			return -1;
	/* The parent leaves the group; its last child takes its place. */
	g->v[j] = g->v[--g->n];
	return 0;
}

static int
cmp_est(const void *a, const void *b)
{
	const struct sub	*x = *(struct sub *const *)a;
	const struct sub	*y = *(struct sub *const *)b;

	return sub_before(x, y) ? -1 : sub_before(y, x) ? 1 : 0;
}

static int
cmp_order(const void *a, const void *b)
{
	return sub_order(*(struct sub *const *)a, *(struct sub *const *)b);
}

/* Sort g by cmp (on the subproblems).  Returns 0, -1 if out of memory. */
static int
sort_group(struct split *sp, struct group *g,
    int (*cmp)(const void *, const void *))
{
	struct sub	**v;
	size_t		  j;

	if ((v = malloc((g->n + 1) * sizeof *v)) == NULL)
		return -1;
	for (j = 0; j < g->n; j++)
		v[j] = &sp->s[g->v[j]];
	qsort(v, g->n, sizeof *v, cmp);
	for (j = 0; j < g->n; j++)
		g->v[j] = (size_t)(v[j] - sp->s);
	free(v);
	return 0;
}

/* An empty position for part k of n of the matrix of the given digest. */
static dlx_pos *
pos_new(uint64_t digest, unsigned k, unsigned n)
{
	dlx_pos	*pos;

	if ((pos = calloc(1, sizeof *pos)) == NULL)
		return NULL;
	pos->digest = digest;
	pos->k = k;
	pos->n = n;
	return pos;
}

/* Append a task with path[0..len-1], untried all 0. */
static int
pos_add(dlx_pos *pos, const int *path, size_t len)
{
	struct task	*t;

	if ((t = realloc(pos->t, (pos->nt + 1) * sizeof *t)) == NULL)
		return -1;
	pos->t = t;
	t = &pos->t[pos->nt];
	t->path = malloc((len + 1) * sizeof *t->path);
	t->untried = calloc(len + 1, sizeof *t->untried);
	if (t->path == NULL || t->untried == NULL) {
		free(t->path);
		free(t->untried);
		return -1;
	}
	if (len > 0)
		memcpy(t->path, path, len * sizeof *path);
	t->len = len;
	pos->nt++;
	return 0;
}

/*
 * Split group g among parts a..b-1 (0-based, of n), making the positions
 * of those wanted: part `want` alone, or all of them if want == n.
 * parts[] is indexed by part.  g is consumed.  Returns 0, -1 if out of
 * memory.
 */
static int
split_range(struct split *sp, struct group *g, unsigned a, unsigned b,
    unsigned want, unsigned n, dlx_pos **parts)
{
	struct group	 side[2];
	unsigned __int128 load[2];
	size_t		 target, j;
	unsigned	 m = b - a, half[2];
	int		 rc = -1, x;

	if (m == 1) {
		/* d may stand anywhere in the tree now: the digest taken
		 * before the split began. */
		if ((parts[a] = pos_new(sp->digest, a + 1, n)) == NULL)
			return -1;
		if (sort_group(sp, g, cmp_order) != 0)
			return -1;
		for (j = 0; j < g->n; j++)
			if (pos_add(parts[a], sp->s[g->v[j]].path,
			    sp->s[g->v[j]].len) != 0)
				return -1;
		return 0;
	}
	/* Refine the group, largest first. */
	target = (size_t)DLX_SPLIT_PER_PART *
	    (m < SPLIT_FAN ? m : SPLIT_FAN);
	sp->nheap = 0;
	for (j = 0; j < g->n; j++)
		if (sp->s[g->v[j]].open && heap_push(sp, g->v[j]) != 0)
			return -1;
	while (g->n < target && sp->nheap > 0) {
		size_t	i = heap_pop(sp);

		for (j = 0; g->v[j] != i; j++)
			continue;
		sp->s[i].open = 0;	/* expanded: never again */
		if (expand(sp, g, j) != 0)
			return -1;
	}
	sp->nheap = 0;

	/* Cut it: largest first to the side with less work per part. */
	memset(side, 0, sizeof side);
	if (sort_group(sp, g, cmp_est) != 0)
		return -1;
	half[0] = m / 2;
	half[1] = m - half[0];
	load[0] = load[1] = 0;
	for (j = 0; j < g->n; j++) {
		x = load[0] * half[1] > load[1] * half[0];
		if (group_add(&side[x], g->v[j]) != 0)
			goto out;
		load[x] += sp->s[g->v[j]].est + 1;
	}
	if ((want == n || want < a + half[0]) && split_range(sp, &side[0],
	    a, a + half[0], want, n, parts) != 0)
		goto out;
	if ((want == n || want >= a + half[0]) && split_range(sp, &side[1],
	    a + half[0], b, want, n, parts) != 0)
		goto out;
	rc = 0;
out:
	free(side[0].v);
	free(side[1].v);
	return rc;
}

/* Part want (0-based) of nparts, or all if want == nparts. */
static int
split(dlx *d, unsigned want, unsigned nparts, dlx_pos **parts)
{
	struct split	 sp;
	struct group	 g;
	size_t		 i;
	unsigned	 k;
	int		 rc = DLX_ENOMEM;

	memset(&sp, 0, sizeof sp);
	memset(&g, 0, sizeof g);
	sp.d = d;
	sp.digest = dlx_digest(d);
	sp.cap = dlx_noptions(d) + 1;
	sp.opts = malloc(sp.cap * sizeof *sp.opts);
	/* A path chooses at most one option per primary item. */
	sp.at = malloc((dlx_nprimary(d) + 1) * sizeof *sp.at);
	if (sp.opts == NULL || sp.at == NULL)
		goto out;
	if (add_sub(&sp, NULL, -1, 0, &g) != 0)
		goto out;
	if (split_range(&sp, &g, 0, nparts, want, nparts, parts) != 0)
		goto out;
	rc = DLX_OK;
out:
	walk_to(&sp, NULL, 0);
	if (rc != DLX_OK)
		for (k = 0; k < nparts; k++) {
			dlx_pos_free(parts[k]);
			parts[k] = NULL;
		}
	for (i = 0; i < sp.ns; i++) {
		free(sp.s[i].path);
		free(sp.s[i].idx);
	}
	free(sp.s);
	free(sp.heap);
	free(sp.opts);
	free(sp.at);
	free(g.v);
	return rc;
}

int
dlx_split(dlx *d, unsigned nparts, dlx_pos **parts)
{
	if (d == NULL || parts == NULL || nparts == 0 || nparts > MAX_PARTS)
		return DLX_EINVAL;
	if (dlx_branch(d, NULL, NULL, NULL, 0) == DLX_EMISUSE)
		return DLX_EMISUSE;
	memset(parts, 0, nparts * sizeof *parts);
	return split(d, nparts, nparts, parts);
}

int
dlx_split_part(dlx *d, unsigned k, unsigned nparts, dlx_pos **part)
{
	dlx_pos	**parts;
	int	  rc;

	if (part != NULL)
		*part = NULL;
	if (d == NULL || part == NULL || nparts == 0 || nparts > MAX_PARTS ||
	    k == 0 || k > nparts)
		return DLX_EINVAL;
	if (dlx_branch(d, NULL, NULL, NULL, 0) == DLX_EMISUSE)
		return DLX_EMISUSE;
	if ((parts = calloc(nparts, sizeof *parts)) == NULL)
		return DLX_ENOMEM;
	if ((rc = split(d, k - 1, nparts, parts)) == DLX_OK)
		*part = parts[k - 1];
	free(parts);
	return rc;
}

dlx_pos *
dlx_pos_whole(const dlx *d)
{
	dlx_pos	*pos;

	if (d == NULL || (pos = pos_new(dlx_digest(d), 1, 1)) == NULL)
		return NULL;
	if (pos_add(pos, NULL, 0) != 0) {
		dlx_pos_free(pos);
		return NULL;
	}
	return pos;
}

void
dlx_pos_free(dlx_pos *pos)
{
	size_t	i;

	if (pos == NULL)
		return;
	for (i = 0; i < pos->nt; i++) {
		free(pos->t[i].path);
		free(pos->t[i].untried);
	}
	free(pos->t);
	free(pos->cutp);
	free(pos->cutu);
	free(pos);
}

/* ---- searching a position ----------------------------------------- */

struct run {
	dlx_pos			*pos;
	dlx			*d;
	const struct dlx_search	*s;
	struct dlx_stats	 call;	/* this call's finished subsearches */
};

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

static int
on_progress(void *arg, const struct dlx_stats *st)
{
	struct run	*r = arg;
	dlx_pos		*pos = r->pos;
	struct dlx_stats tot;
	size_t		 n, *u;
	int		*p;

	/* Where the search stands: the node about to be entered. */
	n = dlx_path(r->d, NULL, NULL, 0);
	if (n > pos->cutcap) {
		p = realloc(pos->cutp, n * sizeof *p);
		if (p != NULL)
			pos->cutp = p;
		u = realloc(pos->cutu, n * sizeof *u);
		if (u != NULL)
			pos->cutu = u;
		if (p == NULL || u == NULL) {
			pos->cutting = 0;	/* keep the older position */
			goto call;
		}
		pos->cutcap = n;
	}
	pos->cutlen = dlx_path(r->d, pos->cutp, pos->cutu, n);
	pos->cutst = *st;
	pos->cutting = 1;
call:
	if (r->s == NULL || r->s->progress == NULL)
		return 0;
	totals(r, st, &tot);
	return r->s->progress(r->s->progress_arg, &tot);
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
	p = realloc(t->path, (len + 1) * sizeof *p);
	if (p == NULL)
		return -1;
	t->path = p;
	u = realloc(t->untried, (len + 1) * sizeof *u);
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
	if ((opts = malloc((size_t)n * sizeof *opts)) == NULL) {
		unforce_n(d, l);
		return DLX_ENOMEM;
	}
	dlx_branch(d, NULL, opts, NULL, (size_t)n);
	unforce_n(d, l);
	/* The untried ones are the last of the list, in order. */
	t->path[l] = opts[(size_t)n - t->untried[l]];
	t->untried[l]--;
	t->len = l + 1;
	free(opts);
	return DLX_OK;
}

int
dlx_pos_search(dlx *d, dlx_pos *pos, const struct dlx_search *s)
{
	struct dlx_search	 sub;
	struct dlx_stats	 st;
	struct run		 r;
	struct task		*t;
	uint64_t		 found = 0, nodes = 0, updates = 0;
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
	if (s != NULL) {
		sub.visit = s->visit;
		sub.visit_arg = s->visit_arg;
		sub.progress_updates = s->progress_updates;
	}
	sub.progress = on_progress;
	sub.progress_arg = &r;
	pos->running = 1;
	while (pos->next < pos->nt) {
		t = &pos->t[pos->next];
		if (s != NULL && s->max_solutions != 0) {
			if (found >= s->max_solutions) {
				rc = DLX_LIMIT;
				break;
			}
			sub.max_solutions = s->max_solutions - found;
		}
		if (s != NULL && s->max_nodes != 0) {
			if (nodes >= s->max_nodes) {
				rc = DLX_INCOMPLETE;
				break;
			}
			sub.max_nodes = s->max_nodes - nodes;
		}
		if (s != NULL && s->max_updates != 0) {
			if (updates >= s->max_updates) {
				rc = DLX_INCOMPLETE;
				break;
			}
			sub.max_updates = s->max_updates - updates;
		}
		if ((rc = force_path(d, t, t->len)) != DLX_OK)
			break;
		pos->cutting = 0;
		rc = dlx_search(d, &sub);
		unforce_n(d, t->len);
		dlx_stats(d, &st);
		if (rc == DLX_OK) {
			credit(pos, &st);
			found += st.solutions;
			nodes += st.nodes;
			updates += st.updates;
			if ((rc = advance(d, t, &done)) != DLX_OK)
				break;
			if (done)
				pos->next++;
			continue;
		}
		/* An early end: keep the position of the last progress
		 * call, which a stop by progress makes exact. */
		if (rc > 0 && pos->cutting && apply_cut(pos) != 0)
			rc = DLX_ENOMEM;
		break;
	}
	pos->running = 0;
	pos->cutting = 0;
	return rc;
}

/* ---- a position on threads, or counted with the cache ---------------- */

/*
 * dlx_pos_search_parallel().  Two ways, both moving the position on a
 * whole subtree at a time, because neither the threads of the parallel
 * engine nor the cache's search stand on one path that a cut could name:
 *
 * Searching (solutions visited, limits, Knuth's tree): the tasks one
 * after another, each subtree searched by dlx_search_parallel(), whose
 * threads share it out and visit the solutions in the serial order.
 *
 * Counting, with the cache or without (DLX_MEMO_NEVER): the position is first rewritten as the list of
 * its subtrees (a task with untried siblings becomes its subtree and each
 * sibling's, in search order: the same work), and threads, each with its
 * own copy of d and its own cache, count one subtree at a time with
 * dlx_count_wide(), the cache kept from one subtree to the next
 * (dlxint_count_kept): subtrees side by side meet the same states deeper
 * down, which is where a single count's hits come from.  A part's subtrees are many and of like size
 * (dlx_split), which is what shares them out well.  Subtrees finish out of
 * order; the position moves past a prefix of finished ones only, so that
 * it is exact wherever it is read: a subtree finished after an unfinished
 * one is counted again on resuming.
 */

/* A count run on threads. */
struct pcount {
	pthread_mutex_t		 mu;
	dlx_pos			*pos;
	const struct dlx_search	*s;
	struct dlx_memo		 m;		/* per thread: progress ours */
	size_t			 take;		/* next task to hand out */
	u128			*sol;		/* per task, once done */
	struct dlx_stats	*st;		/* per task, once done */
	char			*done;		/* per task */
	struct dlx_stats	*live;		/* per thread, its task so far */
	unsigned		 nw;
	int			 stop;
	int			 rc;		/* the first error or stop */
	struct dlx_memo_stats	 ms;		/* summed */
};

struct pworker {
	struct pcount	*pc;
	unsigned	 id;
	dlx		*d;
	pthread_t	 tid;
};

/* Move the position past the finished prefix (lock held). */
static void
pc_settle(struct pcount *pc)
{
	dlx_pos	*pos = pc->pos;

	while (pos->next < pos->nt && pc->done[pos->next]) {
		pos->sol += pc->sol[pos->next];
		pos->nodes += pc->st[pos->next].nodes;
		pos->updates += pc->st[pos->next].updates;
		pos->next++;
	}
}

static int
pc_progress(void *arg, const struct dlx_stats *st)
{
	struct pworker		*w = arg;
	struct pcount		*pc = w->pc;
	struct dlx_stats	 tot;
	size_t			 i;
	unsigned		 k;
	u128			 sol;
	int			 stop;

	pthread_mutex_lock(&pc->mu);
	pc->live[w->id] = *st;
	if (!pc->stop && pc->s != NULL && pc->s->progress != NULL) {
		/* The totals: the position, the subtrees finished beyond
		 * it, and every thread's subtree so far. */
		sol = pc->pos->sol;
		memset(&tot, 0, sizeof tot);
		tot.nodes = pc->pos->nodes;
		tot.updates = pc->pos->updates;
		for (i = pc->pos->next; i < pc->pos->nt; i++)
			if (pc->done[i]) {
				sol += pc->sol[i];
				tot.nodes += pc->st[i].nodes;
				tot.updates += pc->st[i].updates;
			}
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
	stop = pc->stop;
	pthread_mutex_unlock(&pc->mu);
	return stop;
}

static void
add_memo_stats(struct dlx_memo_stats *a, const struct dlx_memo_stats *b)
{
	a->used |= b->used;
	a->gave_up |= b->gave_up;
	a->lookups += b->lookups;
	a->hits += b->hits;
	a->stores += b->stores;
	a->replaced += b->replaced;
	a->entries += b->entries;
	if (b->bytes > a->bytes)
		a->bytes = b->bytes;
}

static void *
pc_main(void *arg)
{
	struct pworker		*w = arg;
	struct pcount		*pc = w->pc;
	struct dlx_memo		 m;
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
			pc->sol[i] = (u128)cnt.hi << 64 | cnt.lo;
			pc->st[i] = st;
			pc->done[i] = 1;
			pc_settle(pc);
		} else {
			/* A stop by progress, or an error: the others stop
			 * too, and the subtree stays to do. */
			if (pc->rc == DLX_OK)
				pc->rc = rc;
			pc->stop = 1;
		}
	}
	pthread_mutex_unlock(&pc->mu);
	dlxint_memo_free(w->d, keep);
	return NULL;
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
		c.path = malloc((c.len + 1) * sizeof *c.path);
		c.untried = malloc((c.len + 1) * sizeof *c.untried);
		if (c.path == NULL || c.untried == NULL) {
			rc = DLX_ENOMEM;
			break;
		}
		memcpy(c.path, pos->t[i].path, c.len * sizeof *c.path);
		memcpy(c.untried, pos->t[i].untried, c.len *
		    sizeof *c.untried);
		for (done = 0; !done && rc == DLX_OK;) {
			if (n == cap) {
				q = realloc(nt, 2 * (cap + 8) * sizeof *q);
				if (q == NULL) {
					rc = DLX_ENOMEM;
					break;
				}
				nt = q;
				cap = 2 * (cap + 8);
			}
			q = &nt[n];
			q->len = c.len;
			q->path = malloc((c.len + 1) * sizeof *q->path);
			q->untried = calloc(c.len + 1, sizeof *q->untried);
			if (q->path == NULL || q->untried == NULL) {
				free(q->path);
				free(q->untried);
				rc = DLX_ENOMEM;
				break;
			}
			memcpy(q->path, c.path, c.len * sizeof *c.path);
			n++;
			rc = advance(d, &c, &done);
		}
		free(c.path);
		free(c.untried);
		c.path = NULL;
		c.untried = NULL;
	}
	free(c.path);
	free(c.untried);
	if (rc != DLX_OK) {
		for (l = 0; l < n; l++) {
			free(nt[l].path);
			free(nt[l].untried);
		}
		free(nt);
		return rc;
	}
	for (i = 0; i < pos->nt; i++) {
		free(pos->t[i].path);
		free(pos->t[i].untried);
	}
	free(pos->t);
	pos->t = nt;
	pos->nt = n;
	pos->next = 0;
	return DLX_OK;
}

/* Append to (*v, *n, *cap) a plain task: path[0..len-1], then opt if
 * opt >= 0.  Returns 0, -1 if out of memory. */
static int
push_task(struct task **v, size_t *n, size_t *cap, const int *path,
    size_t len, int opt)
{
	struct task	*q;

	if (*n == *cap) {
		if ((q = realloc(*v, 2 * (*cap + 8) * sizeof *q)) == NULL)
			return -1;
		*v = q;
		*cap = 2 * (*cap + 8);
	}
	q = &(*v)[*n];
	q->path = malloc((len + 2) * sizeof *q->path);
	q->untried = calloc(len + 2, sizeof *q->untried);
	if (q->path == NULL || q->untried == NULL) {
		free(q->path);
		free(q->untried);
		return -1;
	}
	if (len > 0)
		memcpy(q->path, path, len * sizeof *path);
	q->len = len;
	if (opt >= 0)
		q->path[q->len++] = opt;
	(*n)++;
	return 0;
}

static void
free_tasks(struct task *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].path);
		free(v[i].untried);
	}
	free(v);
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

	if ((opts = malloc(cap_opts * sizeof *opts)) == NULL)
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
				if (push_task(&nt, &n, &cap, t->path, t->len,
				    -1) != 0)
					rc = DLX_ENOMEM;
				continue;
			}
			for (k = 0; k < m && rc == DLX_OK; k++)
				if (push_task(&nt, &n, &cap, t->path, t->len,
				    opts[k]) != 0)
					rc = DLX_ENOMEM;
		}
		if (rc != DLX_OK || n == pos->nt - pos->next) {
			/* An error, or nothing left to cut. */
			free_tasks(nt, n);
			break;
		}
		free_tasks(pos->t, pos->nt);
		pos->t = nt;
		pos->nt = n;
		pos->next = 0;
	}
	free(opts);
	return rc;
}

/* Count what is left of pos with the cache on nw threads. */
#define REFINE_PER_THREAD	16
static int
pos_count(dlx *d, dlx_pos *pos, const struct dlx_search *s,
    const struct dlx_memo *m, unsigned nw, struct dlx_memo_stats *ms)
{
	struct pcount	 pc;
	struct pworker	*w;
	sigset_t	 all, old;
	unsigned	 k, started;
	int		 rc;

	if ((rc = flatten(d, pos)) != DLX_OK ||
	    (nw > 1 && (rc = refine(d, pos, (size_t)REFINE_PER_THREAD * nw)) !=
	    DLX_OK))
		return rc;
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
		pc.m.memory = (size_t)64 << 20;
	pc.m.memory /= nw;		/* each thread its own cache */
	pc.nw = nw;
	pc.sol = calloc(pos->nt + 1, sizeof *pc.sol);
	pc.st = calloc(pos->nt + 1, sizeof *pc.st);
	pc.done = calloc(pos->nt + 1, 1);
	pc.live = calloc(nw, sizeof *pc.live);
	w = calloc(nw, sizeof *w);
	if (pc.sol == NULL || pc.st == NULL || pc.done == NULL ||
	    pc.live == NULL || w == NULL) {
		rc = DLX_ENOMEM;
		goto out;
	}
	for (k = 0; k < nw; k++) {
		w[k].pc = &pc;
		w[k].id = k;
		/* Thread 0 is the caller's, on d itself. */
		if (k > 0 && (w[k].d = dlx_clone(d)) == NULL) {
			rc = DLX_ENOMEM;
			goto out;
		}
	}
	w[0].d = d;
	pthread_mutex_init(&pc.mu, NULL);
	/* Signals are for the caller's thread alone. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	for (started = 1; started < nw; started++)
		if (pthread_create(&w[started].tid, NULL, pc_main,
		    &w[started]) != 0)
			break;		/* fewer threads: fine */
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pc_main(&w[0]);
	for (k = 1; k < started; k++)
		pthread_join(w[k].tid, NULL);
	pthread_mutex_destroy(&pc.mu);
	rc = pc.rc;
	if (ms != NULL)
		*ms = pc.ms;
out:
	if (w != NULL)
		for (k = 1; k < nw; k++)
			dlx_free(w[k].d);
	free(w);
	free(pc.sol);
	free(pc.st);
	free(pc.done);
	free(pc.live);
	return rc;
}

struct prun {
	dlx_pos			*pos;
	const struct dlx_search	*s;
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
dlx_pos_search_parallel(dlx *d, dlx_pos *pos, const struct dlx_search *s,
    const struct dlx_parallel *p, const struct dlx_memo *m,
    struct dlx_memo_stats *ms)
{
	struct dlx_search	 sub;
	struct dlx_stats	 st;
	struct dlx_memo		 never;
	struct prun		 r;
	struct task		*t;
	uint64_t		 found = 0, nodes = 0, updates = 0;
	unsigned		 nw;
	int			 rc = DLX_OK, done;

	if (ms != NULL)
		memset(ms, 0, sizeof *ms);
	if (d == NULL || pos == NULL)
		return DLX_EINVAL;
	if (pos->running || dlx_branch(d, NULL, NULL, NULL, 0) ==
	    DLX_EMISUSE)
		return DLX_EMISUSE;
	nw = p != NULL && p->threads != 0 ? p->threads : dlx_cpus();
	pos->running = 1;
	pos->cutting = 0;
	if (s == NULL || (s->visit == NULL && s->max_solutions == 0 &&
	    s->max_nodes == 0 && s->max_updates == 0 && !s->knuth)) {
		/* A count alone: subtrees to threads, with the cache or
		 * without (DLX_MEMO_NEVER is the plain search). */
		memset(&never, 0, sizeof never);
		never.mode = DLX_MEMO_NEVER;
		rc = pos_count(d, pos, s, m != NULL ? m : &never, nw, ms);
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
		if (s != NULL && s->max_solutions != 0) {
			if (found >= s->max_solutions) {
				rc = DLX_LIMIT;
				break;
			}
			sub.max_solutions = s->max_solutions - found;
		}
		if (s != NULL && s->max_nodes != 0) {
			if (nodes >= s->max_nodes) {
				rc = DLX_INCOMPLETE;
				break;
			}
			sub.max_nodes = s->max_nodes - nodes;
		}
		if (s != NULL && s->max_updates != 0) {
			if (updates >= s->max_updates) {
				rc = DLX_INCOMPLETE;
				break;
			}
			sub.max_updates = s->max_updates - updates;
		}
		if ((rc = force_path(d, t, t->len)) != DLX_OK)
			break;
		rc = dlx_search_parallel(d, &sub, p);
		unforce_n(d, t->len);
		if (rc != DLX_OK)
			break;		/* the subtree stays to do */
		dlx_stats(d, &st);
		credit(pos, &st);
		found += st.solutions;
		nodes += st.nodes;
		updates += st.updates;
		if ((rc = advance(d, t, &done)) != DLX_OK)
			break;
		if (done)
			pos->next++;
	}
	pos->running = 0;
	return rc;
}

void
dlx_pos_figures(const dlx_pos *pos, uint64_t *sol_hi, uint64_t *sol_lo,
    uint64_t *nodes, uint64_t *updates)
{
	u128	sol = pos->sol;
	uint64_t n = pos->nodes, u = pos->updates;

	if (pos->running && pos->cutting) {
		sol += pos->cutst.solutions;
		n += pos->cutst.nodes;
		u += pos->cutst.updates;
	}
	if (sol_hi != NULL)
		*sol_hi = (uint64_t)(sol >> 64);
	if (sol_lo != NULL)
		*sol_lo = (uint64_t)sol;
	if (nodes != NULL)
		*nodes = n;
	if (updates != NULL)
		*updates = u;
}

size_t
dlx_pos_tasks(const dlx_pos *pos)
{
	return pos == NULL ? 0 : pos->nt - pos->next;
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

/* ---- text ----------------------------------------------------------- */

struct buf {
	char	*p;
	size_t	 n, cap;
	int	 err;
};

static void
put(struct buf *b, const char *fmt, ...)
    __attribute__((__format__(__printf__, 2, 3)));

static void
put(struct buf *b, const char *fmt, ...)
{
	va_list	 ap;
	int	 m;
	char	*q;

	if (b->err)
		return;
	for (;;) {
		va_start(ap, fmt);
		m = vsnprintf(b->p + b->n, b->cap - b->n, fmt, ap);
		va_end(ap);
		if (m < 0) {
			b->err = 1;
			return;
		}
		if ((size_t)m < b->cap - b->n) {
			b->n += (size_t)m;
			return;
		}
		if ((q = realloc(b->p, 2 * b->cap + (size_t)m + 64)) ==
		    NULL) {
			b->err = 1;
			return;
		}
		b->p = q;
		b->cap = 2 * b->cap + (size_t)m + 64;
	}
}

/* Decimal text of v into s (at least 40 bytes). */
static void
u128_text(u128 v, char *s)
{
	char	tmp[40];
	size_t	n = 0;

	do {
		tmp[n++] = (char)('0' + (int)(v % 10));
		v /= 10;
	} while (v != 0);
	while (n > 0)
		*s++ = tmp[--n];
	*s = '\0';
}

static void
put_task(struct buf *b, const int *p, const size_t *u, size_t len,
    const int *p2, const size_t *u2, size_t len2)
{
	size_t	l;

	put(b, "%zu", len + len2);
	for (l = 0; l < len; l++)
		put(b, " %d", p[l]);
	for (l = 0; l < len2; l++)
		put(b, " %d", p2[l]);
	for (l = 0; l < len; l++)
		put(b, " %zu", u[l]);
	for (l = 0; l < len2; l++)
		put(b, " %zu", u2[l]);
	put(b, "\n");
}

int
dlx_pos_format(const dlx_pos *pos, const char *program, char **text,
    size_t *len)
{
	struct buf		 b;
	const struct task	*t;
	uint64_t		 hi, lo, nodes, updates;
	u128			 sol;
	char			 num[48];
	size_t			 i;
	int			 cut;

	*text = NULL;
	if (pos == NULL || program == NULL || strchr(program, '\n') != NULL)
		return DLX_EINVAL;
	memset(&b, 0, sizeof b);
	if ((b.p = malloc(b.cap = 4096)) == NULL)
		return DLX_ENOMEM;
	cut = pos->running && pos->cutting;
	dlx_pos_figures(pos, &hi, &lo, &nodes, &updates);
	sol = ((u128)hi << 64) | lo;
	u128_text(sol, num);
	put(&b, "%s\nsplit %d\nprogram %s\nproblem %016llx\npart %u %u\n"
	    "solutions %s\nnodes %llu\nupdates %llu\ntasks %zu\n", POS_MAGIC,
	    DLX_SPLIT_VERSION, program, (unsigned long long)pos->digest,
	    pos->k, pos->n, num, (unsigned long long)nodes,
	    (unsigned long long)updates, pos->nt - pos->next);
	for (i = pos->next; i < pos->nt; i++) {
		t = &pos->t[i];
		if (i == pos->next && cut)
			put_task(&b, t->path, t->untried, t->len, pos->cutp,
			    pos->cutu, pos->cutlen);
		else
			put_task(&b, t->path, t->untried, t->len, NULL, NULL,
			    0);
	}
	if (!b.err)
		put(&b, "checksum %016llx\n", (unsigned long long)
		    mix(fnv(0xcbf29ce484222325ULL, b.p, b.n)));
	if (b.err) {
		free(b.p);
		return DLX_ENOMEM;
	}
	*text = b.p;
	*len = b.n;
	return DLX_OK;
}

/* A cursor over the text, line by line. */
struct cur {
	const char	*p, *end;
};

/* Read an unsigned decimal (no sign, no leading junk) up to max. */
static int
get_num(struct cur *c, uint64_t max, uint64_t *v)
{
	uint64_t	x = 0;
	const char	*s = c->p;

	if (c->p < c->end && *c->p == ' ')
		c->p++;
	s = c->p;
	while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
		if (x > (max - (uint64_t)(*c->p - '0')) / 10)
			return -1;
		x = x * 10 + (uint64_t)(*c->p - '0');
		c->p++;
	}
	if (c->p == s)
		return -1;
	*v = x;
	return 0;
}

/* Expect the word w (then a space or the end of the line). */
static int
get_word(struct cur *c, const char *w)
{
	size_t	n = strlen(w);

	if ((size_t)(c->end - c->p) < n || memcmp(c->p, w, n) != 0)
		return -1;
	c->p += n;
	return 0;
}

static int
get_eol(struct cur *c)
{
	if (c->p >= c->end || *c->p != '\n')
		return -1;
	c->p++;
	return 0;
}

int
dlx_pos_parse(const char *text, size_t len, dlx_pos **posp, char **program,
    const char **why)
{
	struct cur	 c;
	dlx_pos		*pos = NULL;
	struct task	*t;
	const char	*body_end, *nl;
	uint64_t	 v, sum, ntasks, k, n, l;
	u128		 sol = 0;
	char		*prog = NULL;
	size_t		 i;

	*posp = NULL;
	*program = NULL;
	*why = "truncated";
	if (len == 0 || text[len - 1] != '\n')
		return DLX_ECORRUPT;
	/* The last line is the checksum of everything before it. */
	for (body_end = text + len - 1; body_end > text &&
	    body_end[-1] != '\n'; body_end--)
		continue;
	c.p = body_end;
	c.end = text + len;
	if (get_word(&c, "checksum ") != 0 || c.end - c.p != 17)
		return DLX_ECORRUPT;
	sum = 0;
	for (i = 0; i < 16; i++) {
		int	h = c.p[i];

		if (h >= '0' && h <= '9')
			h -= '0';
		else if (h >= 'a' && h <= 'f')
			h -= 'a' - 10;
		else
			return DLX_ECORRUPT;
		sum = sum << 4 | (uint64_t)h;
	}
	*why = "checksum mismatch (the file was changed or damaged)";
	if (sum != mix(fnv(0xcbf29ce484222325ULL, text,
	    (size_t)(body_end - text))))
		return DLX_ECORRUPT;

	*why = "not a position of this format";
	c.p = text;
	c.end = body_end;
	if (get_word(&c, POS_MAGIC) != 0 || get_eol(&c) != 0)
		return DLX_ECORRUPT;
	*why = "made by another splitting rule";
	if (get_word(&c, "split") != 0 || get_num(&c, INT_MAX, &v) != 0 ||
	    v != DLX_SPLIT_VERSION || get_eol(&c) != 0)
		return DLX_ECORRUPT;
	*why = "bad syntax";
	if (get_word(&c, "program ") != 0 ||
	    (nl = memchr(c.p, '\n', (size_t)(c.end - c.p))) == NULL)
		return DLX_ECORRUPT;
	*why = "out of memory";
	if ((prog = malloc((size_t)(nl - c.p) + 1)) == NULL)
		return DLX_ENOMEM;
	memcpy(prog, c.p, (size_t)(nl - c.p));
	prog[nl - c.p] = '\0';
	c.p = nl + 1;
	if ((pos = calloc(1, sizeof *pos)) == NULL)
		goto nomem;
	*why = "bad syntax";
	if (get_word(&c, "problem ") != 0 || (size_t)(c.end - c.p) < 17)
		goto bad;
	for (i = 0; i < 16; i++) {
		int	h = c.p[i];

		if (h >= '0' && h <= '9')
			h -= '0';
		else if (h >= 'a' && h <= 'f')
			h -= 'a' - 10;
		else
			goto bad;
		pos->digest = pos->digest << 4 | (uint64_t)h;
	}
	c.p += 16;
	if (get_eol(&c) != 0 || get_word(&c, "part") != 0 ||
	    get_num(&c, MAX_PARTS, &k) != 0 || get_num(&c, MAX_PARTS, &n) !=
	    0 || k == 0 || n == 0 || k > n || get_eol(&c) != 0)
		goto bad;
	pos->k = (unsigned)k;
	pos->n = (unsigned)n;
	if (get_word(&c, "solutions") != 0)
		goto bad;
	/* Up to 2^128 - 1: high digits first, in two steps. */
	if (c.p < c.end && *c.p == ' ')
		c.p++;
	if (c.p >= c.end || *c.p < '0' || *c.p > '9')
		goto bad;
	for (; c.p < c.end && *c.p >= '0' && *c.p <= '9'; c.p++) {
		u128	d = (u128)(*c.p - '0');

		if (sol > (~(u128)0 - d) / 10)
			goto bad;
		sol = sol * 10 + d;
	}
	pos->sol = sol;
	if (get_eol(&c) != 0 || get_word(&c, "nodes") != 0 ||
	    get_num(&c, UINT64_MAX, &pos->nodes) != 0 || get_eol(&c) != 0 ||
	    get_word(&c, "updates") != 0 ||
	    get_num(&c, UINT64_MAX, &pos->updates) != 0 ||
	    get_eol(&c) != 0 || get_word(&c, "tasks") != 0 ||
	    get_num(&c, SIZE_MAX / sizeof(struct task), &ntasks) != 0 ||
	    get_eol(&c) != 0)
		goto bad;
	/* Each task takes at least two bytes: a bound before allocating. */
	if (ntasks > (uint64_t)(c.end - c.p) / 2)
		goto bad;
	if ((pos->t = calloc((size_t)ntasks + 1, sizeof *pos->t)) == NULL)
		goto nomem;
	for (i = 0; i < ntasks; i++) {
		t = &pos->t[i];
		if (get_num(&c, MAX_PATH, &l) != 0 ||
		    l > (uint64_t)(c.end - c.p) / 4)
			goto bad;
		t->path = malloc(((size_t)l + 1) * sizeof *t->path);
		t->untried = malloc(((size_t)l + 1) * sizeof *t->untried);
		pos->nt = i + 1;
		if (t->path == NULL || t->untried == NULL)
			goto nomem;
		t->len = (size_t)l;
		for (k = 0; k < l; k++) {
			if (get_num(&c, INT_MAX, &v) != 0)
				goto bad;
			t->path[k] = (int)v;
		}
		for (k = 0; k < l; k++) {
			if (get_num(&c, INT_MAX, &v) != 0)
				goto bad;
			t->untried[k] = (size_t)v;
		}
		if (get_eol(&c) != 0)
			goto bad;
	}
	if (c.p != c.end)
		goto bad;
	*posp = pos;
	*program = prog;
	return DLX_OK;
nomem:
	*why = "out of memory";
	dlx_pos_free(pos);
	free(prog);
	return DLX_ENOMEM;
bad:
	dlx_pos_free(pos);
	free(prog);
	return DLX_ECORRUPT;
}
