/*
 * sudoku_logic_chains.c: the chain rules of the logic solver (remote
 * pairs, x-chains, xy-chains, nice loops, alternating inference chains,
 * and their grouped forms), the hooks through which sudoku_logic_rules.c
 * calls every rule from DLX_LOGIC_REMOTE_PAIR on, and their text.  The
 * link graph is described in sudoku_logic_chains.h.
 *
 * A chain is found by a breadth-first search over literals from "X is
 * false": every literal reached is implied by it, and a true literal "Y
 * is true" reached gives "X or Y": a candidate that sees both X and Y
 * goes.  When Y sees X as well, the chain closes into a continuous loop,
 * in which every weak link holds both ways: a candidate that sees both
 * ends of any weak link goes too.  When "X is true" is reached, X is
 * placed (a discontinuous loop).  The search tries every start and keeps
 * the shortest chain that removes something: it stops expanding at the
 * length of the best so far, so a search costs about one breadth-first
 * pass per candidate, each over at most 2 * (candidates + groups)
 * literals.  Each kind of chain is the same search over a subset of the
 * links:
 *
 *	remote pair	bivalue cells of one pair, weak links between them;
 *	x-chain		one symbol: conjugate pairs and weak links;
 *	xy-chain	bivalue cells, weak links of one symbol between them;
 *	nice loop, aic	every strong and weak link between candidates;
 *	grouped		the same with group nodes.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/sudoku/sudoku_logic_chains.h"

/* Links a search may use. */
#define F_HSTRONG	0x01	/* conjugate pair in a house */
#define F_CSTRONG	0x02	/* bivalue cell */
#define F_HWEAK		0x04	/* one symbol, cells that see each other */
#define F_CWEAK		0x08	/* two symbols of a cell */
#define F_GROUP		0x10	/* group nodes */
#define F_ALL		(F_HSTRONG | F_CSTRONG | F_HWEAK | F_CWEAK)

/* Longest chain kept, in literals. */
#define MAXCHAIN	64

int
lgi_chains_init(dlx_logic *lg)
{
	struct lgc	*x;
	int		 n = lg->n, c, d, nc;

	if ((x = mem_zalloc(&lg->mem, 1, sizeof *x)) == NULL)
		return DLX_ENOMEM;
	lg->chains = x;
	x->n = n;
	x->ncells = nc = lg->ncells;
	x->ncand = nc * n;
	x->w = (nc + 63) / 64;
	x->maxgroups = n * n * (lg->br + lg->bc);
	x->maxlit = 2 * (x->ncand + x->maxgroups);
	/* ALSs only up to 16x16, where their tables stay small. */
	x->alsmax = n <= 9 ? n - 1 : 4;
	x->maxals = n <= 9 ? 4096 : n <= 16 ? 2048 : 0;
	x->maxadj = x->maxals > 0 ? 1 << 18 : 0;
	x->maxfacts = 2 * x->ncand;
	x->peers = mem_zalloc(&lg->mem, (size_t)nc * x->w, sizeof *x->peers);
	x->box = mem_zalloc(&lg->mem, nc, sizeof *x->box);
	x->grp = mem_zalloc(&lg->mem, x->maxgroups, sizeof *x->grp);
	x->gidx = mem_zalloc(&lg->mem, (size_t)2 * n * n * n,
	    sizeof *x->gidx);
	x->ghead = mem_zalloc(&lg->mem, (size_t)3 * n * n + 1,
	    sizeof *x->ghead);
	x->hplaces = mem_zalloc(&lg->mem, (size_t)3 * n * n,
	    sizeof *x->hplaces);
	x->glist = mem_zalloc(&lg->mem, (size_t)2 * x->maxgroups,
	    sizeof *x->glist);
	x->seen = mem_zalloc(&lg->mem, x->maxlit, sizeof *x->seen);
	x->par = mem_zalloc(&lg->mem, x->maxlit, sizeof *x->par);
	x->dist = mem_zalloc(&lg->mem, x->maxlit, sizeof *x->dist);
	x->queue = mem_zalloc(&lg->mem, x->maxlit, sizeof *x->queue);
	x->wx = mem_zalloc(&lg->mem, nc, sizeof *x->wx);
	x->best = mem_zalloc(&lg->mem, MAXCHAIN, sizeof *x->best);
	x->als = mem_zalloc(&lg->mem, x->maxals, sizeof *x->als);
	x->alscells = mem_zalloc(&lg->mem, (size_t)x->maxals * x->alsmax,
	    sizeof *x->alscells);
	x->alsbits = mem_zalloc(&lg->mem, (size_t)x->maxals * x->w,
	    sizeof *x->alsbits);
	x->symcells = mem_zalloc(&lg->mem, (size_t)n * x->w,
	    sizeof *x->symcells);
	x->tmp = mem_zalloc(&lg->mem, (size_t)8 * x->w, sizeof *x->tmp);
	x->sdc = mem_zalloc(&lg->mem, (size_t)2 * 4096, sizeof *x->sdc);
	x->alssee = mem_zalloc(&lg->mem, (size_t)x->maxals * n * x->w + 1,
	    sizeof *x->alssee);
	x->adjstart = mem_zalloc(&lg->mem, (size_t)x->maxals + 1,
	    sizeof *x->adjstart);
	x->adjals = mem_zalloc(&lg->mem, (size_t)x->maxadj + 1,
	    sizeof *x->adjals);
	x->adjrcc = mem_zalloc(&lg->mem, (size_t)x->maxadj + 1,
	    sizeof *x->adjrcc);
	x->hstart = mem_zalloc(&lg->mem, (size_t)x->maxals + 1,
	    sizeof *x->hstart);
	x->hals = mem_zalloc(&lg->mem, (size_t)x->maxadj + 1,
	    sizeof *x->hals);
	x->hrcc = mem_zalloc(&lg->mem, (size_t)x->maxadj + 1,
	    sizeof *x->hrcc);
	x->adjcur = mem_zalloc(&lg->mem, (size_t)x->maxals + 1,
	    sizeof *x->adjcur);
	x->alsgrid = mem_zalloc(&lg->mem, nc, sizeof *x->alsgrid);
	for (d = 0; d < 2; d++) {
		x->cache[d].grid = mem_zalloc(&lg->mem, nc,
		    sizeof *x->cache[d].grid);
		x->cache[d].best = mem_zalloc(&lg->mem, MAXCHAIN,
		    sizeof *x->cache[d].best);
		if (x->cache[d].grid == NULL || x->cache[d].best == NULL)
			return DLX_ENOMEM;
	}
	x->facts = mem_zalloc(&lg->mem, (size_t)3 * x->maxfacts,
	    sizeof *x->facts);
	x->fseen = mem_zalloc(&lg->mem, (size_t)6 * x->ncand,
	    sizeof *x->fseen);
	x->fidx = mem_zalloc(&lg->mem, (size_t)6 * x->ncand,
	    sizeof *x->fidx);
	x->save = mem_zalloc(&lg->mem, (size_t)3 * nc, sizeof *x->save);
	x->savev = mem_zalloc(&lg->mem, (size_t)3 * nc, sizeof *x->savev);
	x->common = mem_zalloc(&lg->mem, (size_t)2 * x->ncand,
	    sizeof *x->common);
	if (x->peers == NULL || x->box == NULL || x->grp == NULL ||
	    x->gidx == NULL || x->ghead == NULL || x->glist == NULL ||
	    x->hplaces == NULL ||
	    x->seen == NULL || x->par == NULL ||
	    x->dist == NULL || x->queue == NULL || x->wx == NULL ||
	    x->best == NULL || x->als == NULL || x->alscells == NULL ||
	    x->alsbits == NULL || x->symcells == NULL || x->tmp == NULL ||
	    x->sdc == NULL ||
	    x->facts == NULL || x->fseen == NULL || x->fidx == NULL ||
	    x->save == NULL || x->savev == NULL || x->common == NULL ||
	    x->alssee == NULL || x->adjstart == NULL || x->adjals == NULL ||
	    x->adjrcc == NULL || x->alsgrid == NULL || x->hstart == NULL ||
	    x->hals == NULL || x->hrcc == NULL || x->adjcur == NULL)
		return DLX_ENOMEM;
	for (c = 0; c < nc; c++) {
		x->box[c] = lgi_box(lg, c);
		for (d = 0; d < nc; d++)
			if (lgi_sees(lg, c, d))
				LGC_SET(x->peers + (size_t)c * x->w, d);
	}
	return DLX_OK;
}

void
lgi_chains_free(dlx_logic *lg)
{
	struct lgc	*x = lg->chains;

	if (x == NULL)
		return;
	mem_free(&lg->mem, x->peers);
	mem_free(&lg->mem, x->box);
	mem_free(&lg->mem, x->grp);
	mem_free(&lg->mem, x->gidx);
	mem_free(&lg->mem, x->ghead);
	mem_free(&lg->mem, x->hplaces);
	mem_free(&lg->mem, x->glist);
	mem_free(&lg->mem, x->seen);
	mem_free(&lg->mem, x->par);
	mem_free(&lg->mem, x->dist);
	mem_free(&lg->mem, x->queue);
	mem_free(&lg->mem, x->wx);
	mem_free(&lg->mem, x->best);
	mem_free(&lg->mem, x->als);
	mem_free(&lg->mem, x->alscells);
	mem_free(&lg->mem, x->alsbits);
	mem_free(&lg->mem, x->symcells);
	mem_free(&lg->mem, x->tmp);
	mem_free(&lg->mem, x->sdc);
	mem_free(&lg->mem, x->alssee);
	mem_free(&lg->mem, x->adjstart);
	mem_free(&lg->mem, x->adjals);
	mem_free(&lg->mem, x->adjrcc);
	mem_free(&lg->mem, x->hstart);
	mem_free(&lg->mem, x->hals);
	mem_free(&lg->mem, x->hrcc);
	mem_free(&lg->mem, x->adjcur);
	mem_free(&lg->mem, x->alsgrid);
	mem_free(&lg->mem, x->cache[0].grid);
	mem_free(&lg->mem, x->cache[0].best);
	mem_free(&lg->mem, x->cache[1].grid);
	mem_free(&lg->mem, x->cache[1].best);
	mem_free(&lg->mem, x->facts);
	mem_free(&lg->mem, x->fseen);
	mem_free(&lg->mem, x->fidx);
	mem_free(&lg->mem, x->save);
	mem_free(&lg->mem, x->savev);
	mem_free(&lg->mem, x->common);
	mem_free(&lg->mem, x);
	lg->chains = NULL;
}

void
lgi_chains_load(dlx_logic *lg)
{
	struct lgc	*x = lg->chains;

	if (x != NULL)
		x->alsvalid = x->cache[0].valid = x->cache[1].valid = 0;
}

/* The row, column and box of cell c, as houses. */
static void
houses_of(const dlx_logic *lg, const struct lgc *x, int c, int *h)
{
	h[0] = ROW(lg, c);
	h[1] = lg->n + COL(lg, c);
	h[2] = 2 * lg->n + x->box[c];
}

/* Group of symbol s where box b (0..N-1) and line l (house 0..2N-1)
 * meet, or -1. */
static int
group_at(const struct lgc *x, int b, int l, int s)
{
	return x->gidx[((size_t)b * 2 * x->n + l) * x->n + s - 1];
}

/* Build the group nodes of the current candidates. */
static void
build_groups(dlx_logic *lg, struct lgc *x)
{
	int		 n = lg->n, b, l, s, i, c, k;
	struct lgc_group *g;

	x->ngroups = 0;
	for (i = 0; i < 2 * n * n * n; i++)
		x->gidx[i] = -1;
	for (b = 0; b < n; b++)
		for (l = 0; l < 2 * n; l++) {
			/* Only the lines that cross box b. */
			c = HOUSE(lg, 2 * n + b)[0];
			if (l < n ? l / lg->br != ROW(lg, c) / lg->br :
			    (l - n) / lg->bc != COL(lg, c) / lg->bc)
				continue;
			for (s = 1; s <= n; s++) {
				g = &x->grp[x->ngroups];
				k = 0;
				for (i = 0; i < n; i++) {
					c = HOUSE(lg, l)[i];
					if (x->box[c] != b ||
					    !(lg->cand[c] & BIT(s)))
						continue;
					if (k == DLX_LOGIC_MAXGROUP) {
						k = 0;
						break;
					}
					g->cells[k++] = c;
				}
				if (k < 2)
					continue;
				g->ncells = k;
				g->sym = s;
				g->line = l;
				g->box = 2 * n + b;
				x->gidx[((size_t)b * 2 * n + l) * n + s - 1] =
				    x->ngroups++;
			}
		}
	/* The groups of each house and symbol, ascending (a counting
	 * sort): the search asks for them at every literal. */
	for (i = 0; i <= 3 * n * n; i++)
		x->ghead[i] = 0;
	for (i = 0; i < x->ngroups; i++) {
		g = &x->grp[i];
		x->ghead[g->line * n + g->sym - 1]++;
		x->ghead[g->box * n + g->sym - 1]++;
	}
	for (i = 1; i <= 3 * n * n; i++)
		x->ghead[i] += x->ghead[i - 1];
	for (i = x->ngroups - 1; i >= 0; i--) {
		g = &x->grp[i];
		x->glist[--x->ghead[g->line * n + g->sym - 1]] = i;
		x->glist[--x->ghead[g->box * n + g->sym - 1]] = i;
	}
}

/* Symbol and cells of node v; returns the number of cells. */
static int
node_cells(const dlx_logic *lg, const struct lgc *x, int v, int *sym,
    const int **cells, int *one)
{
	const struct lgc_group *g;

	if (v < x->ncand) {
		*one = v / lg->n;
		*sym = v % lg->n + 1;
		*cells = one;
		return 1;
	}
	g = &x->grp[v - x->ncand];
	*sym = g->sym;
	*cells = g->cells;
	return g->ncells;
}

static int
in_cells(const int *cells, int k, int c)
{
	int	 i;

	for (i = 0; i < k; i++)
		if (cells[i] == c)
			return 1;
	return 0;
}

/* Does node a being true make node b false?  (They differ.) */
static int
weak(const dlx_logic *lg, const struct lgc *x, int a, int b)
{
	const int	*ca, *cb;
	int		 sa, sb, ka, kb, i, j, oa, ob;

	if (a == b)
		return 0;
	ka = node_cells(lg, x, a, &sa, &ca, &oa);
	kb = node_cells(lg, x, b, &sb, &cb, &ob);
	if (sa != sb)
		return ka == 1 && kb == 1 && ca[0] == cb[0];
	for (i = 0; i < ka; i++)
		for (j = 0; j < kb; j++)
			if (!LGC_HAS(x->peers + (size_t)ca[i] * x->w, cb[j]))
				return 0;
	return 1;
}

/*
 * Mark in x->wx the candidates (single nodes) that node v being true
 * makes false: x->wx[cell] gets their symbols.  With clear, wx starts
 * empty.
 */
static void
weak_marks(const dlx_logic *lg, struct lgc *x, int v)
{
	const int	*cells;
	int		 s, k, i, j, one, h[3], nh, c, d;
	const struct lgc_group *g;

	memset(x->wx, 0, lg->ncells * sizeof *x->wx);
	k = node_cells(lg, x, v, &s, &cells, &one);
	if (k == 1) {
		c = cells[0];
		x->wx[c] = lg->cand[c] & ~BIT(s);
		houses_of(lg, x, c, h);
		nh = 3;
	} else {
		g = &x->grp[v - x->ncand];
		h[0] = g->line;
		h[1] = g->box;
		nh = 2;
	}
	for (j = 0; j < nh; j++)
		for (i = 0; i < lg->n; i++) {
			d = HOUSE(lg, h[j])[i];
			if ((lg->cand[d] & BIT(s)) && !in_cells(cells, k, d))
				x->wx[d] |= BIT(s);
		}
}

/* Does node v (true) make some candidate marked in x->wx false, other
 * than the nodes x0 and v themselves? */
static int
weak_hits(const dlx_logic *lg, struct lgc *x, int v, int x0)
{
	const int	*cells, *c0;
	int		 s, k, i, j, one, h[3], nh, c, d, s0, k0, o0;
	uint64_t	 m;
	const struct lgc_group *g;

	k = node_cells(lg, x, v, &s, &cells, &one);
	k0 = node_cells(lg, x, x0, &s0, &c0, &o0);
	if (k == 1) {
		c = cells[0];
		m = x->wx[c] & lg->cand[c] & ~BIT(s);
		if (k0 == 1 && c0[0] == c)
			m &= ~BIT(s0);
		if (m != 0)
			return 1;
		houses_of(lg, x, c, h);
		nh = 3;
	} else {
		g = &x->grp[v - x->ncand];
		h[0] = g->line;
		h[1] = g->box;
		nh = 2;
	}
	for (j = 0; j < nh; j++)
		for (i = 0; i < lg->n; i++) {
			d = HOUSE(lg, h[j])[i];
			if (!(x->wx[d] & BIT(s)) || in_cells(cells, k, d))
				continue;
			if (s == s0 && in_cells(c0, k0, d))
				continue;
			return 1;
		}
	return 0;
}

/* The search's state. */
struct csearch {
	int		 flags;
	int		 sym;		/* 0, or the one symbol allowed */
	uint64_t	 pair;		/* 0, or the cells' one pair */
	int		 loops;		/* only loops and placements */
	int		 minlen;	/* shortest chain taken, literals */
	int		 bestlen;	/* literals of the best, or MAXCHAIN+1 */
	int		 bestkind;	/* 0 chain, 1 loop, 2 placement */
};

/* May the search visit candidate node v?  (Groups: x->sym only.) */
static int
node_ok(const dlx_logic *lg, const struct lgc *x, const struct csearch *cs,
    int v)
{
	int	 c, s;

	if (v >= x->ncand)
		return (cs->flags & F_GROUP) && (cs->sym == 0 ||
		    x->grp[v - x->ncand].sym == cs->sym);
	c = v / lg->n;
	s = v % lg->n + 1;
	if (!(lg->cand[c] & BIT(s)))
		return 0;
	if (cs->sym != 0 && s != cs->sym)
		return 0;
	if (cs->pair != 0 && lg->cand[c] != cs->pair)
		return 0;
	return 1;
}

/* Is the link from node a (true) to node b (false) one the search may
 * use? */
static int
weak_ok(const dlx_logic *lg, const struct lgc *x, const struct csearch *cs,
    int a, int b)
{
	int	 same;

	if (!weak(lg, x, a, b))
		return 0;
	same = a < x->ncand && b < x->ncand && a / lg->n == b / lg->n;
	return same ? (cs->flags & F_CWEAK) != 0 : (cs->flags & F_HWEAK) != 0;
}

static void
push(struct lgc *x, int *tail, int lit, int from)
{
	if (x->seen[lit] == x->stamp)
		return;
	x->seen[lit] = x->stamp;
	x->par[lit] = from;
	x->dist[lit] = from < 0 ? 0 : x->dist[from] + 1;
	x->queue[(*tail)++] = lit;
}

/* The position of cell c in house h (its cells in reading order), or -1
 * if c is not in h. */
static int
house_index(const dlx_logic *lg, int h, int c)
{
	int	 n = lg->n;

	if (h < n)
		return ROW(lg, c) == h ? COL(lg, c) : -1;
	if (h < 2 * n)
		return COL(lg, c) == h - n ? ROW(lg, c) : -1;
	if (lgi_box(lg, c) != h - 2 * n)
		return -1;
	return ROW(lg, c) % lg->br * lg->bc + COL(lg, c) % lg->bc;
}

/* x->hplaces of the current candidates. */
static void
build_places(const dlx_logic *lg, struct lgc *x)
{
	int		 n = lg->n, h, i;
	uint64_t	 m;

	memset(x->hplaces, 0, (size_t)3 * n * n * sizeof *x->hplaces);
	for (h = 0; h < 3 * n; h++)
		for (i = 0; i < n; i++)
			for (m = lg->cand[HOUSE(lg, h)[i]]; m != 0; m &= m - 1)
				x->hplaces[h * n + lowest(m) - 1] |=
				    (uint64_t)1 << i;
}

/* The places of s in house h other than the cells of node v: their
 * node (a candidate, or a group if groups and they fill one box-line
 * intersection), or -1 if they are none or not one node. */
static int
rest_node(const dlx_logic *lg, const struct lgc *x, int h, int s,
    const int *cells, int k, int groups)
{
	int		 i, c, first, cnt, samerow = 1, samecol = 1;
	int		 samebox = 1, n = lg->n, b, l, y;
	uint64_t	 m;

	/* The places of s in h (x->hplaces) without the node's cells. */
	m = x->hplaces[h * n + s - 1];
	for (i = 0; i < k; i++)
		if ((c = house_index(lg, h, cells[i])) >= 0)
			m &= ~((uint64_t)1 << c);
	if (m == 0)
		return -1;
	first = HOUSE(lg, h)[lowest(m) - 1];
	if ((cnt = popcount(m)) == 1)
		return first * n + s - 1;
	if (!groups)
		return -1;
	for (m &= m - 1; m != 0; m &= m - 1) {
		c = HOUSE(lg, h)[lowest(m) - 1];
		samerow &= ROW(lg, c) == ROW(lg, first);
		samecol &= COL(lg, c) == COL(lg, first);
		samebox &= x->box[c] == x->box[first];
	}
	if (h < 2 * n) {
		if (!samebox)
			return -1;
		b = x->box[first];
		l = h;
	} else {
		b = h - 2 * n;
		if (samerow)
			l = ROW(lg, first);
		else if (samecol)
			l = n + COL(lg, first);
		else
			return -1;
	}
	/* The group holds every place of s in the intersection, so it is
	 * the rest exactly when it has as many cells. */
	if ((y = group_at(x, b, l, s)) < 0 || x->grp[y].ncells != cnt)
		return -1;
	return x->ncand + y;
}

/* Expand literal u: push the literals it implies under cs. */
static void
expand(const dlx_logic *lg, struct lgc *x, const struct csearch *cs,
    int u, int *tail)
{
	int		 v = u / 2, on = u & 1, n = lg->n;
	int		 s, k, i, j, c, d, t, h[3], nh, one, y;
	const int	*cells;
	const struct lgc_group *g;

	k = node_cells(lg, x, v, &s, &cells, &one);
	if (k == 1) {
		houses_of(lg, x, cells[0], h);
		nh = 3;
	} else {
		g = &x->grp[v - x->ncand];
		h[0] = g->line;
		h[1] = g->box;
		nh = 2;
	}
	if (on) {
		/* Weak links: v true makes these false. */
		c = cells[0];
		if (k == 1 && (cs->flags & F_CWEAK))
			for (t = 1; t <= n; t++)
				if (t != s && (lg->cand[c] & BIT(t)) &&
				    node_ok(lg, x, cs, c * n + t - 1))
					push(x, tail, 2 * (c * n + t - 1), u);
		if (!(cs->flags & F_HWEAK))
			return;
		for (j = 0; j < nh; j++) {
			for (i = 0; i < n; i++) {
				d = HOUSE(lg, h[j])[i];
				if ((lg->cand[d] & BIT(s)) &&
				    !in_cells(cells, k, d) &&
				    node_ok(lg, x, cs, d * n + s - 1))
					push(x, tail, 2 * (d * n + s - 1), u);
			}
			if (!(cs->flags & F_GROUP))
				continue;
			/* Groups in house h[j] that v sees whole. */
			for (i = x->ghead[h[j] * n + s - 1];
			    i < x->ghead[h[j] * n + s]; i++) {
				y = x->glist[i];
				if (x->ncand + y == v)
					continue;
				if (weak(lg, x, v, x->ncand + y))
					push(x, tail, 2 * (x->ncand + y), u);
			}
		}
		return;
	}
	/* Strong links: v false makes these true. */
	if (k == 1 && (cs->flags & F_CSTRONG) &&
	    popcount(lg->cand[cells[0]]) == 2) {
		t = lowest(lg->cand[cells[0]] & ~BIT(s));
		if (node_ok(lg, x, cs, cells[0] * n + t - 1))
			push(x, tail, 2 * (cells[0] * n + t - 1) + 1, u);
	}
	if (!(cs->flags & F_HSTRONG))
		return;
	for (j = 0; j < nh; j++) {
		y = rest_node(lg, x, h[j], s, cells, k,
		    (cs->flags & F_GROUP) != 0);
		if (y >= 0 && y != v && node_ok(lg, x, cs, y))
			push(x, tail, 2 * y + 1, u);
	}
}

/* The literals from the start to lit, into path; returns their number
 * (0 if longer than MAXCHAIN). */
static int
trace(const struct lgc *x, int lit, int *path)
{
	int	 k = x->dist[lit] + 1, i;

	if (k > MAXCHAIN)
		return 0;
	for (i = k - 1; i >= 0; i--) {
		path[i] = lit;
		lit = x->par[lit];
	}
	return k;
}

/*
 * Eliminations of a chain path[0..k-1] (from "X false" to "Y true"): the
 * candidates that see both X and Y and, for a loop, both ends of each of
 * its weak links.  With apply, they are noted with lgi_elim(); returns
 * whether there is any.
 */
static int
chain_elims(dlx_logic *lg, struct lgc *x, const int *path, int k, int loop,
    int apply)
{
	int	 i, c, s, a, b, hit = 0, z;

	for (i = -1; i < k; i += 2) {
		/* The pair (a, b): the ends, then each weak link. */
		if (i < 0) {
			a = path[0] / 2;
			b = path[k - 1] / 2;
		} else if (loop && i + 1 < k) {
			a = path[i] / 2;
			b = path[i + 1] / 2;
		} else
			continue;
		if (i >= 0 && (path[i] & 1) == 0)
			continue;
		/* The candidates that see a: a's other symbols and its
		 * symbol in a's houses. */
		weak_marks(lg, x, a);
		for (c = 0; c < lg->ncells; c++) {
			if (x->wx[c] == 0)
				continue;
			for (s = 1; s <= lg->n; s++) {
				if (!(x->wx[c] & BIT(s)))
					continue;
				z = c * lg->n + s - 1;
				if (z == b || !weak(lg, x, z, b))
					continue;
				if (!apply)
					return 1;
				lgi_elim(lg, c, s);
				hit = 1;
			}
		}
	}
	return hit;
}

/* Does the loop path[0..k-1] remove anything?  (x->wx, the marks of
 * start, is rebuilt after.) */
static int
loop_elims(dlx_logic *lg, struct lgc *x, const int *path, int k, int start)
{
	int	 r;

	r = chain_elims(lg, x, path, k, 1, 0);
	weak_marks(lg, x, start);
	return r;
}

/* Breadth-first search from "start false"; may improve the best chain. */
static void
search_from(dlx_logic *lg, struct lgc *x, struct csearch *cs, int start)
{
	int	 head = 0, tail = 0, u, v, loop, k;
	int	 path[MAXCHAIN];

	if (++x->stamp == 0) {
		memset(x->seen, 0, x->maxlit * sizeof *x->seen);
		x->stamp = 1;
	}
	weak_marks(lg, x, start);
	push(x, &tail, 2 * start, -1);
	while (head < tail) {
		u = x->queue[head++];
		if (x->budget > 0)
			x->budget--;
		if (x->dist[u] + 1 >= cs->bestlen || x->budget == 0)
			break;
		v = u / 2;
		if ((u & 1) && x->dist[u] + 1 >= cs->minlen) {
			if (v == start) {
				/* "start false" makes it true: place it. */
				if (start < x->ncand && (k = trace(x, u,
				    path)) > 0) {
					memcpy(x->best, path, k * sizeof *path);
					x->nbest = k;
					cs->bestlen = k;
					cs->bestkind = 2;
				}
				break;
			}
			loop = weak_ok(lg, x, cs, v, start);
			if (!cs->loops || loop) {
				if (weak_hits(lg, x, v, start) ||
				    (loop && (k = trace(x, u, path)) > 0 &&
				    loop_elims(lg, x, path, k, start))) {
					if ((k = trace(x, u, path)) > 0) {
						memcpy(x->best, path,
						    k * sizeof *path);
						x->nbest = k;
						cs->bestlen = k;
						cs->bestkind = loop;
						break;
					}
				}
			}
		}
		expand(lg, x, cs, u, &tail);
	}
}

static void
csearch_run(dlx_logic *lg, struct lgc *x, struct csearch *cs)
{
	int	 v, c, s;

	for (v = 0; v < x->ncand + ((cs->flags & F_GROUP) ? x->ngroups : 0);
	    v++) {
		if (v < x->ncand) {
			c = v / lg->n;
			s = v % lg->n + 1;
			if (!(lg->cand[c] & BIT(s)))
				continue;
		}
		if (!node_ok(lg, x, cs, v))
			continue;
		search_from(lg, x, cs, v);
	}
}

/* A link record for literal lit of a chain, following link pred. */
static int
add_lit(dlx_logic *lg, struct lgc *x, struct dlx_logic_step *st, int lit,
    int pred, int strong)
{
	struct dlx_logic_link	 ln;
	const int		*cells;
	int			 k, s, one, i;

	memset(&ln, 0, sizeof ln);
	k = node_cells(lg, x, lit / 2, &s, &cells, &one);
	ln.cell = cells[0];
	ln.ngroup = k > 1 ? k : 0;
	for (i = 0; k > 1 && i < k; i++)
		ln.group[i] = cells[i];
	ln.symbol = s;
	ln.on = lit & 1;
	ln.strong = strong;
	ln.pred = pred;
	ln.set = -1;
	return lgi_add_link(lg, st, &ln);
}

/* Make the step of the best chain found. */
static int
chain_step(dlx_logic *lg, struct lgc *x, struct dlx_logic_step *st,
    enum dlx_logic_rule r, const struct csearch *cs)
{
	int	 i, c, s;

	lgi_step_init(lg, st, r);
	for (i = 0; i < x->nbest; i++)
		add_lit(lg, x, st, x->best[i], i - 1, (x->best[i] & 1) != 0);
	/* The rating grows with the length, as Sudoku Explainer's. */
	st->rating += (x->nbest / 2 > 4 ? (x->nbest / 2 - 4 + 1) / 2 : 0);
	if (cs->bestkind == 2) {
		c = x->best[0] / 2 / lg->n;
		s = x->best[0] / 2 % lg->n + 1;
		st->cell = c;
		st->symbol = s;
		st->symbols = BIT(s);
		lgi_add_cell(st, c);
		lgi_place(lg, c, s);
		return 1;
	}
	chain_elims(lg, x, x->best, x->nbest, cs->bestkind == 1, 1);
	return lgi_finish(lg, st);
}

/*
 * Nice loops and AICs are one search over every link (with groups for
 * the grouped pair): its shortest chain is a nice loop when it closes
 * (or places its start), else an AIC.  The loop rule, tried first, keeps
 * the result for the AIC rule while the candidates stay the same.  With
 * the loop rule not allowed, an AIC rule reports a loop too: a loop is an
 * AIC whose ends meet.
 */
static int
loop_or_aic(dlx_logic *lg, struct lgc *x, struct dlx_logic_step *st,
    enum dlx_logic_rule r, struct csearch *cs)
{
	int		 grouped, k;
	enum dlx_logic_rule loop_rule;
	struct lgc_cache *ca;

	grouped = r == DLX_LOGIC_GROUPED_NICE_LOOP ||
	    r == DLX_LOGIC_GROUPED_AIC;
	loop_rule = grouped ? DLX_LOGIC_GROUPED_NICE_LOOP :
	    DLX_LOGIC_NICE_LOOP;
	ca = &x->cache[grouped];
	if (!ca->valid || memcmp(ca->grid, lg->cand, lg->ncells *
	    sizeof *lg->cand) != 0) {
		if (grouped)
			build_groups(lg, x);
		cs->flags = F_ALL | (grouped ? F_GROUP : 0);
		if (!grouped || x->ngroups > 0)
			csearch_run(lg, x, cs);
		memcpy(ca->grid, lg->cand, lg->ncells * sizeof *lg->cand);
		ca->valid = 1;
		ca->n = x->nbest;
		ca->kind = cs->bestkind;
		memcpy(ca->best, x->best, x->nbest * sizeof *x->best);
	}
	if (ca->n == 0)
		return 0;
	k = ca->kind != 0;
	if (k != (r == loop_rule) && (r == loop_rule ||
	    (lg->rules & DLX_LOGIC_RULE(loop_rule))))
		return 0;
	x->nbest = ca->n;
	memcpy(x->best, ca->best, ca->n * sizeof *x->best);
	cs->bestkind = ca->kind;
	ca->valid = 0;
	return chain_step(lg, x, st, r, cs);
}

static int
chains(dlx_logic *lg, struct lgc *x, struct dlx_logic_step *st,
    enum dlx_logic_rule r)
{
	struct csearch	 cs;
	int		 c;

	memset(&cs, 0, sizeof cs);
	cs.bestlen = MAXCHAIN + 1;
	x->nbest = 0;
	x->budget = (uint64_t)1 << 24;
	/* The candidates stay as they are until the step is made. */
	build_places(lg, x);
	switch (r) {
	case DLX_LOGIC_REMOTE_PAIR:
		cs.flags = F_CSTRONG | F_HWEAK;
		/* Fewer than 4 cells make a pair or a wing. */
		cs.minlen = 8;
		/* One search per pair of symbols that some cell has. */
		for (c = 0; c < lg->ncells; c++) {
			if (popcount(lg->cand[c]) != 2)
				continue;
			cs.pair = lg->cand[c];
			search_from(lg, x, &cs, c * lg->n +
			    lowest(lg->cand[c]) - 1);
		}
		break;
	case DLX_LOGIC_X_CHAIN:
		cs.flags = F_HSTRONG | F_HWEAK;
		for (cs.sym = 1; cs.sym <= lg->n; cs.sym++)
			csearch_run(lg, x, &cs);
		break;
	case DLX_LOGIC_XY_CHAIN:
		cs.flags = F_CSTRONG | F_HWEAK;
		csearch_run(lg, x, &cs);
		break;
	case DLX_LOGIC_NICE_LOOP:
	case DLX_LOGIC_AIC:
	case DLX_LOGIC_GROUPED_NICE_LOOP:
	case DLX_LOGIC_GROUPED_AIC:
		return loop_or_aic(lg, x, st, r, &cs);
	default:
		return 0;
	}
	if (x->nbest == 0)
		return 0;
	return chain_step(lg, x, st, r, &cs);
}

int
lgi_chains_apply(dlx_logic *lg, struct dlx_logic_step *st,
    enum dlx_logic_rule r)
{
	struct lgc	*x = lg->chains;

	if (x == NULL)
		return 0;
	switch (r) {
	case DLX_LOGIC_REMOTE_PAIR:
	case DLX_LOGIC_X_CHAIN:
	case DLX_LOGIC_XY_CHAIN:
	case DLX_LOGIC_NICE_LOOP:
	case DLX_LOGIC_AIC:
	case DLX_LOGIC_GROUPED_NICE_LOOP:
	case DLX_LOGIC_GROUPED_AIC:
		return chains(lg, x, st, r);
	case DLX_LOGIC_SUE_DE_COQ:
	case DLX_LOGIC_ALS_XZ:
	case DLX_LOGIC_ALS_XY_WING:
	case DLX_LOGIC_ALS_CHAIN:
	case DLX_LOGIC_DEATH_BLOSSOM:
		return lgc_als_apply(lg, x, st, r);
	case DLX_LOGIC_FORCING_CHAIN:
	case DLX_LOGIC_FORCING_NET:
		return lgc_forcing_apply(lg, x, st, r);
	default:
		return 0;
	}
}

/* " r1c2<>5 => r1c8=5 => r7c8<>5" for the links of chain from..to-1. */
static void
put_chain(const dlx_logic *lg, struct lgi_out *o,
    const struct dlx_logic_step *st, size_t from, size_t to)
{
	size_t	 i;

	for (i = from; i < to; i++) {
		lgi_puts(o, i == from ? " " : " => ");
		lgi_putlink(lg, o, &st->link[i]);
	}
}

/* The text of a set: "{1,5,7} in r1c2 r1c3 (row 1)". */
static void
put_set(const dlx_logic *lg, struct lgi_out *o, const struct dlx_logic_set *a)
{
	int	 i;

	lgi_putset(lg, o, a->symbols);
	lgi_puts(o, " in");
	for (i = 0; i < a->ncells; i++) {
		lgi_puts(o, " ");
		lgi_putcell(lg, o, a->cells[i]);
	}
}

int
lgi_chains_format(const dlx_logic *lg, const struct dlx_logic_step *st,
    struct lgi_out *o)
{
	size_t	 i, j;

	switch (st->rule) {
	case DLX_LOGIC_REMOTE_PAIR:
	case DLX_LOGIC_X_CHAIN:
	case DLX_LOGIC_XY_CHAIN:
	case DLX_LOGIC_NICE_LOOP:
	case DLX_LOGIC_AIC:
	case DLX_LOGIC_GROUPED_NICE_LOOP:
	case DLX_LOGIC_GROUPED_AIC:
		lgi_puts(o, dlx_logic_rule_name(st->rule));
		lgi_puts(o, ":");
		put_chain(lg, o, st, 0, st->nlinks);
		if (st->cell >= 0) {
			lgi_puts(o, ": ");
			lgi_putcell(lg, o, st->cell);
			lgi_puts(o, " = ");
			lgi_putsym(lg, o, st->symbol);
		} else
			lgi_putelims(lg, o, st);
		return 1;
	case DLX_LOGIC_SUE_DE_COQ:
	case DLX_LOGIC_ALS_XZ:
	case DLX_LOGIC_ALS_XY_WING:
	case DLX_LOGIC_ALS_CHAIN:
	case DLX_LOGIC_DEATH_BLOSSOM:
		lgi_puts(o, dlx_logic_rule_name(st->rule));
		for (i = 0; i < st->nsets; i++) {
			lgi_puts(o, i == 0 ? " " : ", ");
			if (st->rule == DLX_LOGIC_DEATH_BLOSSOM && i == 0) {
				lgi_puts(o, "stem ");
				lgi_putcell(lg, o, st->set[i].cells[0]);
				continue;
			}
			put_set(lg, o, &st->set[i]);
		}
		/* The symbols linking the sets, when the step names them. */
		if (st->symbols != 0 && st->rule != DLX_LOGIC_SUE_DE_COQ) {
			lgi_puts(o, st->rule == DLX_LOGIC_DEATH_BLOSSOM ?
			    " (common " : " (linked by ");
			lgi_putset(lg, o, st->symbols);
			lgi_puts(o, ")");
		}
		lgi_putelims(lg, o, st);
		return 1;
	case DLX_LOGIC_FORCING_CHAIN:
	case DLX_LOGIC_FORCING_NET:
		lgi_puts(o, dlx_logic_rule_name(st->rule));
		if (st->nhouses > 0) {
			lgi_puts(o, " (");
			lgi_puthouse(lg, o, st->houses[0]);
			lgi_puts(o, ")");
		} else if (st->ncells > 0) {
			lgi_puts(o, " (");
			lgi_putcell(lg, o, st->cells[0]);
			lgi_puts(o, ")");
		}
		lgi_puts(o, ":");
		/* Each branch is a run of links from a start (pred -1). */
		for (i = 0; i < st->nlinks; i = j) {
			for (j = i + 1; j < st->nlinks &&
			    st->link[j].pred >= 0; j++)
				continue;
			if (i > 0)
				lgi_puts(o, ";");
			put_chain(lg, o, st, i, j);
		}
		if (st->cell >= 0) {
			lgi_puts(o, ": ");
			lgi_putcell(lg, o, st->cell);
			lgi_puts(o, " = ");
			lgi_putsym(lg, o, st->symbol);
		} else
			lgi_putelims(lg, o, st);
		return 1;
	default:
		return 0;
	}
}
