/*
 * matrix.c: the matrix of an exact cover problem: its items and their
 * names, its options, forced options, the invariant checker, copies for
 * the threads and the parts.  The representation is described in
 * dlx_impl.h; the engines that search it are in engine/, reached
 * through struct dlxi_ext where the matrix carries their state.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "lib/core/dance.h"

static void *
def_realloc(void *ctx, void *p, size_t n)
{
	(void)ctx;
	return realloc(p, n);
}

static void
def_free(void *ctx, void *p)
{
	(void)ctx;
	free(p);
}

void *
dlxi_alloc(dlx *d, void *p, size_t nmemb, size_t size)
{
	if (nmemb != 0 && size > SIZE_MAX / nmemb)
		return NULL;
	return d->mem.realloc(d->mem.ctx, p, nmemb * size == 0 ? 1 :
	    nmemb * size);
}

void
dlxi_free(dlx *d, void *p)
{
	if (p != NULL)
		d->mem.free(d->mem.ctx, p);
}

/*
 * The ints a copy of the active part of d in an engine's own form may
 * take, at most (engine/sparse.c lays out the sparse sets so): marks and
 * maps of the items and options being copied, each item's length and
 * base twice, one int per node for the sets and two per node and spacer
 * for the nodes, the choice and two marks per level (the depth is at most
 * nprimary), a trail of one change per node and item (a node leaves a set
 * at most once on the way down, an item is covered at most once), an int
 * to align, the bit set of the short primary items (two ints per 64), and
 * with at most DLXI_SNAP_ITEMS items the lengths and bit set of every
 * level, else with a bit set of at most DLXI_SAVE1_WORDS words the bit
 * set of every level and its own, in copies of up to DLXI_SAVE1_WORDS
 * words; with colors, one int per node and spacer for their colors.
 */
size_t
dlxi_workspace_need(const dlx *d)
{
	size_t	ni = (size_t)d->nitems + 2, np = (size_t)d->nprimary + 1;
	size_t	nn = (size_t)d->capnodes + 1;
	size_t	nw = 2 * (np / 64 + 1);

	return (size_t)d->capoptions + 2 * ni + 2 * ni + nn + 2 * nn +
	    2 * np + nn + ni + 2 + nw +
	    (ni <= DLXI_SNAP_ITEMS + 2 ? np * ni + np * nw :
	    np / 64 + 1 <= DLXI_SAVE1_WORDS ? (np + 1) * 2 * DLXI_SAVE1_WORDS :
	    0) +
	    (d->colored ? nn : 0);
}

/* The bare form the sparse search keeps (engine/sparse.c): four sizes,
 * each item's length, and each node of each item's set with its
 * option. */
size_t
dlxi_workspace_kept(const dlx *d)
{
	return 4 + ((size_t)d->nitems + 2) + 2 * ((size_t)d->capnodes + 1);
}

/* Grow the workspace to what d's capacities may need, and with kept the
 * room the sparse search keeps after it (DLX_OK or DLX_ENOMEM, d
 * unchanged). */
static int
workspace_reserve_kept(dlx *d, int kept)
{
	size_t	 n = dlxi_workspace_need(d);
	int	*p;

	if (kept)
		n += n % 2 + dlxi_workspace_kept(d);
	if (n <= d->scratch_cap)
		return DLX_OK;
	if ((p = dlxi_alloc(d, d->scratch, n, sizeof *p)) == NULL)
		return DLX_ENOMEM;
	d->scratch = p;
	d->scratch_cap = n;
	return DLX_OK;
}

static int
workspace_reserve(dlx *d)
{
	return workspace_reserve_kept(d, 0);
}

/* Whether d's workspace has the room of dlxi_workspace_keep(). */
static int
workspace_kept(const dlx *d)
{
	size_t	n = dlxi_workspace_need(d);

	return d->scratch_cap >= n + n % 2 + dlxi_workspace_kept(d);
}

int
dlxi_workspace_keep(dlx *d)
{
	return workspace_reserve_kept(d, 1);
}

int
dlx_new(dlx **out, size_t nprimary, size_t nsecondary,
    const struct dlx_options *opt)
{
	const struct dlx_allocator	*a;
	struct dlx_allocator		 mem;
	dlx				*d;
	int				 n, k;

	a = opt != NULL ? opt->alloc : NULL;
	if (out == NULL || (a != NULL && (a->realloc == NULL ||
	    a->free == NULL)))
		return DLX_EINVAL;
	/* Room for the headers, both list heads and the first spacer. */
	if (nprimary > (size_t)INT_MAX / 2 - 4 ||
	    nsecondary > (size_t)INT_MAX / 2 - 4)
		return DLX_EOVERFLOW;
	if (a != NULL)
		mem = *a;
	else {
		mem.realloc = def_realloc;
		mem.free = def_free;
		mem.ctx = NULL;
	}
	if ((d = mem.realloc(mem.ctx, NULL, sizeof *d)) == NULL)
		return DLX_ENOMEM;
	memset(d, 0, sizeof *d);
	d->mem = mem;
	d->nprimary = (int)nprimary;
	d->nitems = n = (int)(nprimary + nsecondary);
	d->capnodes = n + 2 + 64;
	d->capoptions = 16;
	d->items = dlxi_alloc(d, NULL, (size_t)n + 2, sizeof *d->items);
	d->len = dlxi_alloc(d, NULL, (size_t)n + 2, sizeof *d->len);
	d->nodes = dlxi_alloc(d, NULL, (size_t)d->capnodes, sizeof *d->nodes);
	d->ostart = dlxi_alloc(d, NULL, (size_t)d->capoptions + 1,
	    sizeof *d->ostart);
	d->mark = dlxi_alloc(d, NULL, (size_t)n + 2, sizeof *d->mark);
	d->forced = dlxi_alloc(d, NULL, nprimary + 1, sizeof *d->forced);
	d->choice = dlxi_alloc(d, NULL, nprimary + 1, sizeof *d->choice);
	d->sol = dlxi_alloc(d, NULL, nprimary + 1, sizeof *d->sol);
	if (d->items == NULL || d->len == NULL || d->nodes == NULL ||
	    d->ostart == NULL || d->mark == NULL || d->forced == NULL ||
	    d->choice == NULL || d->sol == NULL ||
	    workspace_reserve(d) != DLX_OK) {
		dlx_free(d);
		return DLX_ENOMEM;
	}

	/* Primary items 1..nprimary in the list headed by 0, secondary
	 * items nprimary+1..n in the list headed by n+1, both in order of
	 * declaration: the branching rule breaks ties by this order. */
	for (k = 0; k <= n + 1; k++) {
		d->items[k].prev = k - 1;
		d->items[k].next = k + 1;
		d->mark[k] = 0;
		d->len[k] = 0;
	}
	d->items[0].prev = d->nprimary;
	d->items[d->nprimary].next = 0;
	if (d->nprimary < n) {
		d->items[n + 1].next = d->nprimary + 1;
		d->items[d->nprimary + 1].prev = n + 1;
		d->items[n + 1].prev = n;
		d->items[n].next = n + 1;
	} else
		d->items[n + 1].next = d->items[n + 1].prev = n + 1;

	for (k = 1; k <= n; k++) {
		d->nodes[k].up = d->nodes[k].down = k;
		d->nodes[k].top = 0;
		d->nodes[k].color = 0;
	}
	memset(&d->nodes[0], 0, sizeof d->nodes[0]);
	/* The first spacer. */
	d->nodes[n + 1].top = 0;
	d->nodes[n + 1].up = d->nodes[n + 1].down = 0;
	d->nodes[n + 1].color = 0;
	d->nnodes = n + 2;
	d->ostart[0] = n + 2;
	*out = d;
	return DLX_OK;
}

void
dlx_free(dlx *d)
{
	int	k;

	if (d == NULL)
		return;
	if (d->names != NULL) {
		for (k = 0; k < d->nitems; k++)
			dlxi_free(d, d->names[k]);
		dlxi_free(d, d->names);
	}
	dlxi_free(d, d->items);
	dlxi_free(d, d->len);
	dlxi_free(d, d->nodes);
	dlxi_free(d, d->ostart);
	dlxi_free(d, d->mark);
	dlxi_free(d, d->forced);
	dlxi_free(d, d->choice);
	dlxi_free(d, d->sol);
	dlxi_free(d, d->scratch);
	if (d->ext != NULL)
		d->ext->release(d);
	d->mem.free(d->mem.ctx, d);
}

size_t
dlx_nprimary(const dlx *d)
{
	return d == NULL ? 0 : (size_t)d->nprimary;
}

size_t
dlx_nsecondary(const dlx *d)
{
	return d == NULL ? 0 : (size_t)(d->nitems - d->nprimary);
}

size_t
dlx_noptions(const dlx *d)
{
	return d == NULL ? 0 : (size_t)d->noptions;
}

size_t
dlx_nforced(const dlx *d)
{
	return d == NULL ? 0 : (size_t)d->nforced;
}

int
dlx_set_item_name(dlx *d, int item, const char *name)
{
	char	*s;
	size_t	 len;

	if (d == NULL || name == NULL)
		return DLX_EINVAL;
	if (item < 0 || item >= d->nitems)
		return DLX_ERANGE;
	if (d->names == NULL) {
		d->names = dlxi_alloc(d, NULL, (size_t)d->nitems, sizeof *d->names);
		if (d->names == NULL)
			return DLX_ENOMEM;
		memset(d->names, 0, (size_t)d->nitems * sizeof *d->names);
	}
	len = strlen(name);
	if ((s = dlxi_alloc(d, NULL, len + 1, 1)) == NULL)
		return DLX_ENOMEM;
	memcpy(s, name, len + 1);
	dlxi_free(d, d->names[item]);
	d->names[item] = s;
	return DLX_OK;
}

const char *
dlx_item_name(const dlx *d, int item)
{
	if (d == NULL || d->names == NULL || item < 0 || item >= d->nitems)
		return NULL;
	return d->names[item];
}

/* Make room for n more nodes and one more option; DLX_OK or an error. */
static int
grow(dlx *d, size_t n)
{
	void	*p;
	size_t	 need, cap;

	if (n > (size_t)INT_MAX - 1 - (size_t)d->nnodes)
		return DLX_EOVERFLOW;
	need = (size_t)d->nnodes + n + 1;	/* nodes and a spacer */
	if (need > (size_t)d->capnodes) {
		cap = (size_t)d->capnodes;
		while (cap < need)
			cap = cap > (size_t)INT_MAX / 2 ? (size_t)INT_MAX :
			    cap * 2;
		if ((p = dlxi_alloc(d, d->nodes, cap, sizeof *d->nodes)) == NULL)
			return DLX_ENOMEM;
		d->nodes = p;
		d->capnodes = (int)cap;
	}
	if (d->noptions == d->capoptions) {
		if (d->capoptions > INT_MAX / 2 - 1)
			return DLX_EOVERFLOW;
		cap = (size_t)d->capoptions * 2;
		if ((p = dlxi_alloc(d, d->ostart, cap + 1,
		    sizeof *d->ostart)) == NULL)
			return DLX_ENOMEM;
		d->ostart = p;
		d->capoptions = (int)cap;
	}
	return workspace_reserve(d);
}

int
dlx_add_option(dlx *d, const int *items, size_t n)
{
	return dlx_add_option_colored(d, items, NULL, n);
}

int
dlx_add_option_colored(dlx *d, const int *items, const int *colors,
    size_t n)
{
	size_t	 k;
	int	 stamp, primary, colored, was, rc, x, c, opt, spacer;

	if (d == NULL || (items == NULL && n > 0))
		return DLX_EINVAL;
	if (d->searching || d->nforced > 0)
		return DLX_EMISUSE;
	/* Validate everything before touching the matrix, so that a failed
	 * call changes nothing. */
	/* A fresh stamp per call makes the duplicate check O(n) without
	 * clearing marks; on the (distant) wrap, clear them once. */
	if (d->stamp == INT_MAX) {
		memset(d->mark, 0, ((size_t)d->nitems + 2) * sizeof *d->mark);
		d->stamp = 0;
	}
	stamp = ++d->stamp;
	primary = colored = 0;
	for (k = 0; k < n; k++) {
		if (items[k] < 0 || items[k] >= d->nitems)
			return DLX_ERANGE;
		c = colors != NULL ? colors[k] : 0;
		if (c < 0 || (c != 0 && items[k] < d->nprimary))
			return DLX_ECOLOR;
		colored |= c != 0;
		if (d->mark[items[k] + 1] == stamp)
			return DLX_EDUPITEM;
		d->mark[items[k] + 1] = stamp;
		if (items[k] < d->nprimary)
			primary = 1;
	}
	if (!primary)
		return DLX_ENOPRIMARY;
	/* Colored before growing: the workspace then has room for the
	 * colors (dlxi_workspace_need()). */
	was = d->colored;
	d->colored |= colored;
	if ((rc = grow(d, n)) != DLX_OK) {
		d->colored = was;
		return rc;
	}

	/* Another option: no longer a matrix of a known shape. */
	d->shape = 0;
	opt = d->noptions;
	spacer = d->nnodes - 1;		/* the spacer before this option */
	for (k = 0; k < n; k++) {
		struct node	*hd, *nd;
		int		 i = items[k] + 1;

		x = d->nnodes++;
		hd = &d->nodes[i];
		nd = &d->nodes[x];
		nd->top = i;
		nd->color = colors != NULL ? colors[k] : 0;
		/* Append at the bottom of item i's list. */
		nd->up = hd->up;
		nd->down = i;
		d->nodes[hd->up].down = x;
		hd->up = x;
		d->len[i]++;
	}
	d->nodes[spacer].down = d->nnodes - 1;
	x = d->nnodes++;
	d->nodes[x].top = -(opt + 1);
	d->nodes[x].up = spacer + 1;
	d->nodes[x].down = 0;
	d->nodes[x].color = 0;
	d->noptions++;
	d->ostart[d->noptions] = d->nnodes;
	return opt;
}

size_t
dlx_option_size(const dlx *d, int opt)
{
	if (d == NULL || opt < 0 || opt >= d->noptions)
		return 0;
	return (size_t)(d->ostart[opt + 1] - d->ostart[opt] - 1);
}

int
dlx_option_item(const dlx *d, int opt, size_t k)
{
	if (k >= dlx_option_size(d, opt))
		return -1;
	return d->nodes[d->ostart[opt] + (int)k].top - 1;
}

int
dlx_option_color(const dlx *d, int opt, size_t k)
{
	const struct node	*nd;

	if (k >= dlx_option_size(d, opt))
		return 0;
	nd = &d->nodes[d->ostart[opt] + (int)k];
	/* -1 marks a node whose color equals its purified item's. */
	return nd->color >= 0 ? nd->color : d->nodes[nd->top].color;
}

/* Item c (1-based) is in its list of active items. */
static int
active(const dlx *d, int c)
{
	return d->items[d->items[c].prev].next == c;
}

int
dlx_force(dlx *d, int opt)
{
	struct node	*nd;
	int		 x, end;

	if (d == NULL)
		return DLX_EINVAL;
	if (d->searching)
		return DLX_EMISUSE;
	if (opt < 0 || opt >= d->noptions)
		return DLX_ERANGE;
	if (dlxi_ext_active(d))
		return d->ext->force(d, opt);
	dlxi_settle(d);
	nd = d->nodes;
	end = d->ostart[opt + 1] - 1;
	/*
	 * The option is still possible iff each of its items is active and
	 * each of its nodes is still in its item's list.  A node taken out
	 * of a list is never pointed to by a list member (removals are
	 * undone LIFO), so "up's down is me" tells whether it is linked.
	 * An item in use by a forced option is either covered (inactive) or
	 * purified, and purification removed every node of another color.
	 */
	for (x = d->ostart[opt]; x < end; x++)
		if (!active(d, nd[x].top) || nd[nd[x].up].down != x)
			return DLX_ECONFLICT;
	commit_from(d, d->ostart[opt], 0);
	d->forced[d->nforced++] = opt;
	return DLX_OK;
}

int
dlx_unforce(dlx *d)
{
	int	opt;

	if (d == NULL)
		return DLX_EINVAL;
	if (d->searching || d->nforced == 0)
		return DLX_EMISUSE;
	if (d->deferred) {
		/* Never on the links: nothing to undo there. */
		if (--d->nforced == 0)
			d->deferred = 0;
		return DLX_OK;
	}
	if (dlxi_ext_active(d))
		return d->ext->unforce(d);
	opt = d->forced[--d->nforced];
	uncommit_from(d, d->ostart[opt], 0);
	return DLX_OK;
}

void
dlx_unforce_all(dlx *d)
{
	if (d == NULL || d->searching)
		return;
	while (d->nforced > 0)
		(void)dlx_unforce(d);
}

int
dlxi_force_deferred(dlx *d, const int *opts, size_t n)
{
	const struct node	*nd = d->nodes;
	int			*seen;
	size_t			 k;
	int			 rc, x;

	if (d->searching)
		return DLX_EMISUSE;
	for (k = 0; k < n; k++)
		if (opts[k] < 0 || opts[k] >= d->noptions)
			return DLX_ERANGE;
	if (n == 0 || d->nforced > 0 || d->colored || dlxi_ext_active(d) ||
	    n > (size_t)d->nprimary || d->scratch_cap < (size_t)d->nitems + 2)
		goto one_by_one;
	/* No two share an item (then forcing them one by one would fail):
	 * the workspace, idle between searches, holds the marks. */
	seen = d->scratch;
	memset(seen, 0, ((size_t)d->nitems + 2) * sizeof *seen);
	for (k = 0; k < n; k++)
		for (x = d->ostart[opts[k]]; nd[x].top > 0; x++) {
			if (seen[nd[x].top])
				goto one_by_one;
			seen[nd[x].top] = 1;
		}
	memcpy(d->forced, opts, n * sizeof *opts);
	d->nforced = (int)n;
	d->deferred = 1;
	return DLX_OK;
one_by_one:
	for (k = 0; k < n; k++)
		if ((rc = dlx_force(d, opts[k])) != DLX_OK) {
			while (k-- > 0)
				(void)dlx_unforce(d);
			return rc;
		}
	return DLX_OK;
}

void
dlxi_settle(dlx *d)
{
	struct dlx_stats	st;
	int			k;

	if (!d->deferred)
		return;
	/* Forcing counts updates; settling is no search's work. */
	st = d->st;
	for (k = 0; k < d->nforced; k++)
		commit_from(d, d->ostart[d->forced[k]], 0);
	d->st = st;
	d->deferred = 0;
}

size_t
dlx_memory(const dlx *d)
{
	size_t	m;
	int	k;

	if (d == NULL)
		return 0;
	m = sizeof *d;
	m += ((size_t)d->nitems + 2) * (sizeof *d->items + sizeof *d->mark +
	    sizeof *d->len);
	m += (size_t)d->capnodes * sizeof *d->nodes;
	m += ((size_t)d->capoptions + 1) * sizeof *d->ostart;
	m += 3 * ((size_t)d->nprimary + 1) * sizeof(int);
	m += d->scratch_cap * sizeof *d->scratch;
	if (d->names != NULL) {
		m += (size_t)d->nitems * sizeof *d->names;
		for (k = 0; k < d->nitems; k++)
			if (d->names[k] != NULL)
				m += strlen(d->names[k]) + 1;
	}
	return m + (d->ext != NULL ? d->ext->memory(d) : 0);
}

/* Check one circular list of active items headed by h, and the vertical
 * list of each.  Returns 0 if sound. */
static int
check_list(const dlx *d, int h, int lo, int hi)
{
	const struct node	*nd = d->nodes;
	const struct item	*it = d->items;
	int			 q, p, pp, qq, k, steps;

	steps = 0;
	for (q = h, p = it[h].next;; q = p, p = it[p].next) {
		if (p < 0 || p > d->nitems + 1 || it[p].prev != q)
			return -1;
		if (p == h)
			break;
		if (p < lo || p > hi || ++steps > d->nitems)
			return -1;
		k = 0;
		for (qq = p, pp = nd[p].down;; qq = pp, pp = nd[pp].down) {
			if (pp < 1 || pp >= d->nnodes || nd[pp].up != qq)
				return -1;
			if (pp == p)
				break;
			if (nd[pp].top != p || ++k > d->nnodes)
				return -1;
		}
		if (d->len[p] != k)
			return -1;
	}
	return 0;
}

int
dlx_check(const dlx *d)
{
	const struct node	*nd;
	int			 j, x, end;

	if (d == NULL)
		return DLX_EINVAL;
	nd = d->nodes;
	if (check_list(d, 0, 1, d->nprimary) != 0 ||
	    check_list(d, d->nitems + 1, d->nprimary + 1, d->nitems) != 0)
		return DLX_ECORRUPT;
	/* A primary item is large in len[] exactly while it is covered. */
	for (j = 1; j <= d->nprimary; j++)
		if (active(d, j) != (d->len[j] < COVERED))
			return DLX_ECORRUPT;
	if (d->nforced < 0 ||
	    (d->nforced > d->nprimary && !dlxi_ext_active(d)) ||
	    d->nnodes != d->ostart[d->noptions] || d->nnodes > d->capnodes)
		return DLX_ECORRUPT;
	/* Every option: a run of item nodes framed by the right spacers. */
	if (nd[d->ostart[0] - 1].top != 0)
		return DLX_ECORRUPT;
	for (j = 0; j < d->noptions; j++) {
		end = d->ostart[j + 1] - 1;
		if (end <= d->ostart[j] || nd[end].top != -(j + 1) ||
		    nd[end].up != d->ostart[j] ||
		    nd[d->ostart[j] - 1].down != end - 1)
			return DLX_ECORRUPT;
		for (x = d->ostart[j]; x < end; x++)
			if (nd[x].top < 1 || nd[x].top > d->nitems ||
			    nd[x].color < -1)
				return DLX_ECORRUPT;
	}
	for (j = 0; j < d->nforced; j++)
		if (d->forced[j] < 0 || d->forced[j] >= d->noptions)
			return DLX_ECORRUPT;
	return DLX_OK;
}

/* ---- Primitives for splitting a search (parallel.c, parts) ----------
 *
 * A search can be cut into independent subproblems: the options chosen on
 * the way from the root to a node of the search tree, forced with
 * dlx_force(), leave exactly the subtree under that node, because forcing
 * an option leaves the same items and options active as choosing it, in
 * the same list order.  Nothing here touches the search loop above.
 */

int
dlx_clone(dlx **out, const dlx *d)
{
	dlx	*c;
	size_t	 ni;
	int	 k;

	if (out == NULL || d == NULL)
		return DLX_EINVAL;
	if (d->searching)
		return DLX_EMISUSE;
	/* Item bounds are not copied: a search with bounds stays serial
	 * (the dispatcher never asks for threads there). */
	if (dlxi_ext_active(d))
		return DLX_ENOTSUP;
	if ((c = d->mem.realloc(d->mem.ctx, NULL, sizeof *c)) == NULL)
		return DLX_ENOMEM;
	*c = *d;
	c->ext = NULL;
	c->ext_data = NULL;
	c->running = NULL;
	c->running_progress = NULL;
	c->scratch = NULL;
	c->scratch_cap = 0;
	c->bare = 0;
	c->items = NULL;
	c->len = NULL;
	c->nodes = NULL;
	c->ostart = NULL;
	c->mark = NULL;
	c->forced = NULL;
	c->choice = NULL;
	c->sol = NULL;
	c->names = NULL;
	ni = (size_t)d->nitems + 2;
	c->items = dlxi_alloc(c, NULL, ni, sizeof *c->items);
	c->len = dlxi_alloc(c, NULL, ni, sizeof *c->len);
	c->mark = dlxi_alloc(c, NULL, ni, sizeof *c->mark);
	c->nodes = dlxi_alloc(c, NULL, (size_t)d->capnodes, sizeof *c->nodes);
	c->ostart = dlxi_alloc(c, NULL, (size_t)d->capoptions + 1,
	    sizeof *c->ostart);
	c->forced = dlxi_alloc(c, NULL, (size_t)d->nprimary + 1,
	    sizeof *c->forced);
	c->choice = dlxi_alloc(c, NULL, (size_t)d->nprimary + 1,
	    sizeof *c->choice);
	c->sol = dlxi_alloc(c, NULL, (size_t)d->nprimary + 1, sizeof *c->sol);
	if (d->names != NULL && (c->names = dlxi_alloc(c, NULL,
	    (size_t)d->nitems, sizeof *c->names)) != NULL)
		memset(c->names, 0, (size_t)d->nitems * sizeof *c->names);
	if (c->items == NULL || c->len == NULL || c->mark == NULL ||
	    c->nodes == NULL || c->ostart == NULL || c->forced == NULL ||
	    c->choice == NULL || c->sol == NULL ||
	    (d->names != NULL && c->names == NULL) ||
	    workspace_reserve_kept(c, workspace_kept(d)) != DLX_OK)
		goto fail;
	memcpy(c->items, d->items, ni * sizeof *c->items);
	memcpy(c->len, d->len, ni * sizeof *c->len);
	memcpy(c->mark, d->mark, ni * sizeof *c->mark);
	memcpy(c->nodes, d->nodes, (size_t)d->nnodes * sizeof *c->nodes);
	memcpy(c->ostart, d->ostart, ((size_t)d->noptions + 1) *
	    sizeof *c->ostart);
	memcpy(c->forced, d->forced, ((size_t)d->nprimary + 1) *
	    sizeof *c->forced);
	for (k = 0; d->names != NULL && k < d->nitems; k++) {
		if (d->names[k] == NULL)
			continue;
		if ((c->names[k] = dlxi_alloc(c, NULL, strlen(d->names[k]) + 1,
		    1)) == NULL)
			goto fail;
		memcpy(c->names[k], d->names[k], strlen(d->names[k]) + 1);
	}
	memset(&c->st, 0, sizeof c->st);
	c->searched = c->complete = c->parallel = 0;
	c->progress = 0.0;
	c->level = 0;
	*out = c;
	return DLX_OK;
fail:
	dlx_free(c);
	return DLX_ENOMEM;
}

