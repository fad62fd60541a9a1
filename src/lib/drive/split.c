/*
 * split.c: the digest of a matrix, and its search tree cut into parts
 * (dlx_split(), dlx_split_part(); part_impl.h says what a position is).
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/drive/part_impl.h"

#define PROBES		16		/* random probes per estimate */

/* The memory of a split: the matrix's allocator. */
#define MEM(sp)		(&(sp)->d->mem)

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
	/* Item bounds change the problem, and a position of theirs holds
	 * paths of another kind (mult_drive.c).  Without them, the digest
	 * is what it always was. */
	if (mult_active(d)) {
		h = fnv_int(h, 0x626f756e6473ULL);	/* "bounds" */
		for (o = 0; (size_t)o < dlx_nprimary(d); o++) {
			int	lo, hi;

			if (dlx_item_bounds(d, o, &lo, &hi) != DLX_OK ||
			    (lo == 1 && hi == 1))
				continue;
			h = fnv_int(h, (uint64_t)o);
			h = fnv_int(h, (uint64_t)lo);
			h = fnv_int(h, (uint64_t)hi);
		}
	}
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
group_add(struct split *sp, struct group *g, size_t i)
{
	size_t	*q;

	if (g->n == g->cap) {
		q = mem_realloc(MEM(sp), g->v, 2 * (g->cap + 8), sizeof *q);
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
		q = mem_realloc(MEM(sp), sp->heap, 2 * (sp->caph + 8),
		    sizeof *q);
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
		q = mem_realloc(MEM(sp), sp->s, 2 * (sp->caps + 8),
		    sizeof *q);
		if (q == NULL)
			return -1;
		sp->s = q;
		sp->caps = 2 * (sp->caps + 8);
	}
	s = &sp->s[sp->ns];
	memset(s, 0, sizeof *s);
	s->path = mem_alloc(MEM(sp), len + 1, sizeof *s->path);
	s->idx = mem_alloc(MEM(sp), len + 1, sizeof *s->idx);
	if (s->path == NULL || s->idx == NULL) {
		mem_free(MEM(sp), s->path);
		mem_free(MEM(sp), s->idx);
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
	if (group_add(sp, g, sp->ns) != 0) {
		mem_free(MEM(sp), s->path);
		mem_free(MEM(sp), s->idx);
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
	if ((kids = mem_alloc(MEM(sp), (size_t)n + 1, sizeof *kids)) == NULL)
		return -1;
	memcpy(kids, sp->opts, (size_t)n * sizeof *kids);
	/* sp->s may move while children are added: work on a copy. */
	parent = sp->s[i];
	for (k = 0; k < n; k++) {
		if (dlx_force(sp->d, kids[k]) != DLX_OK)
			continue;	/* cannot happen: a branch of d */
		if (add_sub(sp, &parent, kids[k], (unsigned)k, g) != 0) {
			dlx_unforce(sp->d);
			mem_free(MEM(sp), kids);
			return -1;
		}
		dlx_unforce(sp->d);
	}
	mem_free(MEM(sp), kids);
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

	if ((v = mem_alloc(MEM(sp), g->n + 1, sizeof *v)) == NULL)
		return -1;
	for (j = 0; j < g->n; j++)
		v[j] = &sp->s[g->v[j]];
	qsort(v, g->n, sizeof *v, cmp);
	for (j = 0; j < g->n; j++)
		g->v[j] = (size_t)(v[j] - sp->s);
	mem_free(MEM(sp), v);
	return 0;
}

/* An empty position for part k of n of the matrix of the given digest,
 * its memory from mem (the matrix's allocator). */
static dlx_pos *
pos_new(const struct dlx_allocator *mem, uint64_t digest, unsigned k,
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

/* Append a task with path[0..len-1], untried all 0. */
static int
pos_add(dlx_pos *pos, const int *path, size_t len)
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
		if ((parts[a] = pos_new(MEM(sp), sp->digest, a + 1, n)) == NULL)
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
		if (group_add(sp, &side[x], g->v[j]) != 0)
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
	mem_free(MEM(sp), side[0].v);
	mem_free(MEM(sp), side[1].v);
	return rc;
}

/* Set sp up to split d.  Returns 0, -1 if out of memory (then
 * split_done() frees what was made). */
static int
split_init(struct split *sp, dlx *d, uint64_t digest)
{
	memset(sp, 0, sizeof *sp);
	sp->d = d;
	sp->digest = digest;
	sp->cap = dlx_noptions(d) + 1;
	sp->opts = mem_alloc(&d->mem, sp->cap, sizeof *sp->opts);
	/* A path chooses at most one option per primary item. */
	sp->at = mem_alloc(&d->mem, dlx_nprimary(d) + 1, sizeof *sp->at);
	return sp->opts == NULL || sp->at == NULL ? -1 : 0;
}

/* Stand d back where it was and free sp and g; with rc not DLX_OK, free
 * the positions made too. */
static void
split_done(struct split *sp, struct group *g, int rc, unsigned nparts,
    dlx_pos **parts)
{
	dlx	*d = sp->d;
	size_t	 i;
	unsigned k;

	walk_to(sp, NULL, 0);
	if (rc != DLX_OK)
		for (k = 0; k < nparts; k++) {
			dlx_pos_free(parts[k]);
			parts[k] = NULL;
		}
	for (i = 0; i < sp->ns; i++) {
		mem_free(&d->mem, sp->s[i].path);
		mem_free(&d->mem, sp->s[i].idx);
	}
	mem_free(&d->mem, sp->s);
	mem_free(&d->mem, sp->heap);
	mem_free(&d->mem, sp->opts);
	mem_free(&d->mem, sp->at);
	mem_free(&d->mem, g->v);
}

/* Part want (0-based) of nparts, or all if want == nparts. */
static int
split(dlx *d, unsigned want, unsigned nparts, dlx_pos **parts)
{
	struct split	 sp;
	struct group	 g;
	int		 rc = DLX_ENOMEM;

	memset(&g, 0, sizeof g);
	if (split_init(&sp, d, dlx_digest(d)) != 0)
		goto out;
	if (add_sub(&sp, NULL, -1, 0, &g) != 0)
		goto out;
	if (split_range(&sp, &g, 0, nparts, want, nparts, parts) != 0)
		goto out;
	rc = DLX_OK;
out:
	split_done(&sp, &g, rc, nparts, parts);
	return rc;
}

/* ---- re-splitting ---------------------------------------------------- */

/*
 * A position split again starts from its tasks where dlx_split() starts
 * from the root: each task is rewritten as the plain subtrees it stands
 * for, in search order (the subtree under its path, then each untried
 * sibling's, deepest level first), and that group is refined and shared
 * out by the same rule.  The subtrees' ranks among their siblings seed
 * the estimates, as for subproblems made from the root, so the
 * sub-parts are the same on every host.
 */

/* Add the plain subtrees of task t to g.  Returns DLX_OK, DLX_ECORRUPT
 * (a path that is not a branch of d's tree) or DLX_ENOMEM. */
static int
add_task(struct split *sp, const struct task *t, struct group *g)
{
	struct sub	 parent;
	unsigned	*idx;
	size_t		 l, j;
	int		 n, rc = DLX_ECORRUPT, *kids = NULL;

	/* A path chooses at most one option per primary item. */
	if (t->len > dlx_nprimary(sp->d))
		return DLX_ECORRUPT;
	if ((idx = mem_alloc(MEM(sp), t->len + 1, sizeof *idx)) == NULL)
		return DLX_ENOMEM;
	for (l = 0; l < t->len; l++) {
		if (walk_to(sp, t->path, l) != 0)
			goto out;
		n = dlx_branch(sp->d, NULL, sp->opts, NULL, sp->cap);
		if (n <= 0 || (size_t)n > sp->cap)
			goto out;
		for (j = 0; j < (size_t)n && sp->opts[j] != t->path[l]; j++)
			continue;
		/* The untried siblings are the last of the list. */
		if (j == (size_t)n || t->untried[l] > (size_t)n - j - 1)
			goto out;
		idx[l] = (unsigned)j;
	}
	parent.path = t->path;
	parent.idx = idx;
	if (walk_to(sp, t->path, t->len) != 0)
		goto out;
	parent.len = t->len > 0 ? t->len - 1 : 0;
	if ((t->len == 0 ? add_sub(sp, NULL, -1, 0, g) : add_sub(sp, &parent,
	    t->path[t->len - 1], idx[t->len - 1], g)) != 0) {
		rc = DLX_ENOMEM;
		goto out;
	}
	for (l = t->len; l-- > 0;) {
		if (t->untried[l] == 0)
			continue;
		if (walk_to(sp, t->path, l) != 0)
			goto out;
		n = dlx_branch(sp->d, NULL, sp->opts, NULL, sp->cap);
		if (n <= 0 || (size_t)n > sp->cap)
			goto out;
		/* The estimates use sp->opts: work on a copy. */
		rc = DLX_ENOMEM;
		mem_free(MEM(sp), kids);
		if ((kids = mem_alloc(MEM(sp), (size_t)n, sizeof *kids)) ==
		    NULL)
			goto out;
		memcpy(kids, sp->opts, (size_t)n * sizeof *kids);
		parent.len = l;
		for (j = (size_t)n - t->untried[l]; j < (size_t)n; j++) {
			rc = DLX_ECORRUPT;
			if (dlx_force(sp->d, kids[j]) != DLX_OK)
				goto out;
			rc = add_sub(sp, &parent, kids[j], (unsigned)j, g);
			dlx_unforce(sp->d);
			if (rc != 0) {
				rc = DLX_ENOMEM;
				goto out;
			}
		}
	}
	rc = DLX_OK;
out:
	mem_free(MEM(sp), kids);
	mem_free(MEM(sp), idx);
	return rc;
}

/* Sub-part want (0-based) of m of pos, or all if want == m. */
static int
resplit(dlx *d, const dlx_pos *pos, unsigned want, unsigned m,
    dlx_pos **subs)
{
	struct split	 sp;
	struct group	 g;
	struct dlx_part_step step;
	uint64_t	 id = dlx_pos_id(pos);
	size_t		 i;
	unsigned	 k;
	int		 rc = DLX_ENOMEM;

	memset(&g, 0, sizeof g);
	if (split_init(&sp, d, pos->digest) != 0)
		goto out;
	for (i = pos->next; i < pos->nt; i++)
		if ((rc = add_task(&sp, &pos->t[i], &g)) != DLX_OK)
			goto out;
	rc = DLX_ENOMEM;
	if (split_range(&sp, &g, 0, m, want, m, subs) != 0)
		goto out;
	step.n = m;
	step.split = id;
	for (k = 0; k < m; k++) {
		if (subs[k] == NULL)
			continue;
		subs[k]->k = pos->k;
		subs[k]->n = pos->n;
		memcpy(subs[k]->steps, pos->steps, sizeof pos->steps);
		step.k = k + 1;
		subs[k]->steps[pos->nsteps] = step;
		subs[k]->nsteps = pos->nsteps + 1;
		/* The work done is the first sub-part's alone: the
		 * figures of the sub-parts add up to the whole. */
		if (k == 0) {
			subs[k]->sol = pos->sol;
			subs[k]->nodes = pos->nodes;
			subs[k]->updates = pos->updates;
		}
	}
	rc = DLX_OK;
out:
	split_done(&sp, &g, rc, m, subs);
	return rc;
}

/* The checks of dlx_pos_split() and dlx_pos_split_part(). */
static int
resplit_check(dlx *d, const dlx_pos *pos, unsigned m)
{
	if (d == NULL || pos == NULL || m == 0 || m > MAX_PARTS ||
	    pos->nsteps >= DLX_PART_DEPTH)
		return DLX_EINVAL;
	if (pos->running ||
	    dlx_branch(d, NULL, NULL, NULL, 0) == DLX_EMISUSE)
		return DLX_EMISUSE;
	if (mult_active(d))
		return DLX_ENOTSUP;
	if (pos->digest != dlx_digest(d))
		return DLX_ECORRUPT;
	return DLX_OK;
}

int
dlx_pos_split(dlx *d, const dlx_pos *pos, unsigned m, dlx_pos **subs)
{
	int	rc;

	if (subs == NULL)
		return DLX_EINVAL;
	if ((rc = resplit_check(d, pos, m)) != DLX_OK) {
		if (m <= MAX_PARTS)
			memset(subs, 0, m * sizeof *subs);
		return rc;
	}
	memset(subs, 0, m * sizeof *subs);
	return resplit(d, pos, m, m, subs);
}

int
dlx_pos_split_part(dlx *d, const dlx_pos *pos, unsigned k, unsigned m,
    dlx_pos **sub)
{
	dlx_pos	**subs;
	int	  rc;

	if (sub == NULL)
		return DLX_EINVAL;
	*sub = NULL;
	if (k == 0 || k > m)
		return DLX_EINVAL;
	if ((rc = resplit_check(d, pos, m)) != DLX_OK)
		return rc;
	if ((subs = mem_zalloc(&d->mem, m, sizeof *subs)) == NULL)
		return DLX_ENOMEM;
	if ((rc = resplit(d, pos, k - 1, m, subs)) == DLX_OK)
		*sub = subs[k - 1];
	mem_free(&d->mem, subs);
	return rc;
}

uint64_t
dlx_pos_id(const dlx_pos *pos)
{
	const struct task	*t;
	uint64_t		 h = 0xcbf29ce484222325ULL;
	size_t			 i, l;
	unsigned		 s;

	if (pos == NULL)
		return 0;
	h = fnv_int(h, pos->digest);
	h = fnv_int(h, pos->k);
	h = fnv_int(h, pos->n);
	h = fnv_int(h, pos->nsteps);
	for (s = 0; s < pos->nsteps; s++) {
		h = fnv_int(h, pos->steps[s].k);
		h = fnv_int(h, pos->steps[s].n);
		h = fnv_int(h, pos->steps[s].split);
	}
	h = fnv_int(h, (uint64_t)(pos->sol >> 64));
	h = fnv_int(h, (uint64_t)pos->sol);
	h = fnv_int(h, pos->nodes);
	h = fnv_int(h, pos->updates);
	h = fnv_int(h, pos->nt - pos->next);
	for (i = pos->next; i < pos->nt; i++) {
		t = &pos->t[i];
		h = fnv_int(h, t->len);
		for (l = 0; l < t->len; l++) {
			h = fnv_int(h, (uint64_t)t->path[l]);
			h = fnv_int(h, t->untried[l]);
		}
	}
	return mix(h);
}

size_t
dlx_pos_lineage(const dlx_pos *pos, struct dlx_part_step *steps,
    size_t max)
{
	size_t	s;

	if (pos == NULL)
		return 0;
	for (s = 0; s < pos->nsteps && s < max; s++)
		steps[s] = pos->steps[s];
	return pos->nsteps;
}

int
dlx_split(dlx *d, unsigned nparts, dlx_pos **parts)
{
	if (d == NULL || parts == NULL || nparts == 0 || nparts > MAX_PARTS)
		return DLX_EINVAL;
	if (dlx_branch(d, NULL, NULL, NULL, 0) == DLX_EMISUSE)
		return DLX_EMISUSE;
	memset(parts, 0, nparts * sizeof *parts);
	/* Algorithm M's tree has a rule of its own (mult_drive.c). */
	if (mult_active(d))
		return dlxi_mult_split(d, nparts, nparts, parts);
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
	if ((parts = mem_zalloc(&d->mem, nparts, sizeof *parts)) == NULL)
		return DLX_ENOMEM;
	/* Algorithm M's tree has a rule of its own (mult_drive.c). */
	if (mult_active(d))
		rc = dlxi_mult_split(d, k - 1, nparts, parts);
	else
		rc = split(d, k - 1, nparts, parts);
	if (rc == DLX_OK)
		*part = parts[k - 1];
	mem_free(&d->mem, parts);
	return rc;
}

int
dlx_pos_whole(dlx_pos **out, const dlx *d)
{
	dlx_pos	*pos;

	if (out == NULL || d == NULL)
		return DLX_EINVAL;
	if ((pos = pos_new(&d->mem, dlx_digest(d), 1, 1)) == NULL)
		return DLX_ENOMEM;
	if (pos_add(pos, NULL, 0) != 0) {
		dlx_pos_free(pos);
		return DLX_ENOMEM;
	}
	*out = pos;
	return DLX_OK;
}

void
dlx_pos_free(dlx_pos *pos)
{
	struct dlx_allocator	mem;
	size_t			i;

	if (pos == NULL)
		return;
	for (i = 0; i < pos->nt; i++) {
		mem_free(&pos->mem, pos->t[i].path);
		mem_free(&pos->mem, pos->t[i].untried);
	}
	mem_free(&pos->mem, pos->t);
	mem_free(&pos->mem, pos->cutp);
	mem_free(&pos->mem, pos->cutu);
	/* The position's own block, with the allocator it holds: a copy. */
	mem = pos->mem;
	mem_free(&mem, pos);
}

