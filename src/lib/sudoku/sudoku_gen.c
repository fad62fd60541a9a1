/*
 * sudoku_gen.c: the puzzle generator (see sudoku_gen.h for the method).
 *
 * Uniqueness is asked of the exact cover matrix the solver uses: the
 * givens are forced (dlx_force) and the search counts up to two
 * solutions.  Forcing is LIFO, so the givens are kept on the stack in an
 * order that makes the common step cheap (see reduce()).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku_gen.h"
#include "sudoku_logic.h"
#include "lib/sudoku/sudoku_model.h"

#define NCELLS	(DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN)

/* Most search nodes for the random grid before trying another. */
#define GRID_NODES	20000

struct dlx_sudoku_gen {
	struct dlx_allocator mem;	/* g itself; its builders get it too */
	struct dlx_sudoku_gen_opts o;	/* o.alloc points to mem */
	int		 n;
	uint64_t	 rng[2];	/* xorshift128+ state */
	dlx_sudoku	*base;		/* matrix without cages; rebuilt per
					   grid for jigsaw */
	dlx_sudoku	*s;		/* the matrix being used */
	dlx_sudoku	*killer;	/* per grid, with its cages */
	dlx_logic	*lg;		/* for the grade, or NULL */
	struct dlx_sudoku_variant v;	/* the current puzzle's variant */
	int		 regions[NCELLS];
	int		 cages[NCELLS];
	int		 sums[NCELLS];
	int		 solution[NCELLS];
	int		 puzzle[NCELLS];
	int		 order[NCELLS];	/* cells in removal order (orbit
					   leaders) */
	int		 orbit[NCELLS][4]; /* each cell's orbit */
	int		 norbit[NCELLS];
};

/* ---- PRNG: xorshift128+, seeded through splitmix64 ------------------- */

static uint64_t
splitmix(uint64_t *x)
{
	uint64_t	z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t
next64(dlx_sudoku_gen *g)
{
	uint64_t	s1 = g->rng[0], s0 = g->rng[1];

	g->rng[0] = s0;
	s1 ^= s1 << 23;
	g->rng[1] = s1 ^ s0 ^ (s1 >> 17) ^ (s0 >> 26);
	return g->rng[1] + s0;
}

/* Uniform in 0..n-1 (n small: the bias of the multiply is < 2^-32). */
static int
below(dlx_sudoku_gen *g, int n)
{
	return (int)(((next64(g) >> 32) * (uint64_t)n) >> 32);
}

static void
shuffle(dlx_sudoku_gen *g, int *a, int n)
{
	int	i, j, t;

	for (i = n - 1; i > 0; i--) {
		j = below(g, i + 1);
		t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

/* ---- setup ------------------------------------------------------------ */

/* The orbit of each cell under the symmetry. */
static void
make_orbits(dlx_sudoku_gen *g)
{
	int	n = g->n, r, c, k, x, y, j, dup;
	int	img[4];

	for (r = 0; r < n; r++) {
		for (c = 0; c < n; c++) {
			x = r * n + c;
			img[0] = x;
			k = 1;
			switch (g->o.symmetry) {
			case DLX_GEN_SYM_180:
				img[k++] = (n - 1 - r) * n + (n - 1 - c);
				break;
			case DLX_GEN_SYM_90:
				img[k++] = c * n + (n - 1 - r);
				img[k++] = (n - 1 - r) * n + (n - 1 - c);
				img[k++] = (n - 1 - c) * n + r;
				break;
			case DLX_GEN_SYM_MIRROR:
				img[k++] = r * n + (n - 1 - c);
				break;
			}
			g->norbit[x] = 0;
			for (j = 0; j < k; j++) {
				y = img[j];
				for (dup = 0; dup < g->norbit[x]; dup++)
					if (g->orbit[x][dup] == y)
						break;
				if (dup == g->norbit[x])
					g->orbit[x][g->norbit[x]++] = y;
			}
		}
	}
}

int
dlx_sudoku_gen_new(dlx_sudoku_gen **gp, const struct dlx_sudoku_gen_opts *o)
{
	struct dlx_allocator	 mem;
	dlx_sudoku_gen		*g;
	uint64_t		 seed;
	int		 n, rc;

	if (gp == NULL || o == NULL || !sm_shape_ok(o->boxr, o->boxc))
		return DLX_EINVAL;
	n = o->boxr * o->boxc;
	if (o->symmetry < 0 ||
	    o->symmetry > DLX_GEN_SYM_MIRROR ||
	    (o->jigsaw && (o->extras & DLX_SUDOKU_WINDOWS)) ||
	    (o->killer && n > 16) || o->max_givens < 0 ||
	    o->grade < 0 || o->grade >= DLX_LOGIC_NGRADES ||
	    (o->grade != 0 && (o->extras || o->jigsaw || o->killer)) ||
	    (o->extras & ~(unsigned)(DLX_SUDOKU_DIAGONALS |
	    DLX_SUDOKU_WINDOWS)))
		return DLX_EINVAL;
	if (mem_init(&mem, o->alloc) != DLX_OK)
		return DLX_EINVAL;
	if ((g = mem_zalloc(&mem, 1, sizeof *g)) == NULL)
		return DLX_ENOMEM;
	g->mem = mem;
	g->o = *o;
	g->o.alloc = &g->mem;
	if (g->o.max_attempts == 0)
		g->o.max_attempts = 100000;
	g->n = n;
	seed = o->seed;
	g->rng[0] = splitmix(&seed);
	g->rng[1] = splitmix(&seed);
	make_orbits(g);
	g->v.n = n;
	g->v.extras = o->extras;
	if (!o->jigsaw) {
		g->v.boxr = o->boxr;
		g->v.boxc = o->boxc;
		if ((rc = dlx_sudoku_new_variant_custom(&g->base, &g->v,
		    NULL, &g->mem)) != DLX_OK) {
			mem_free(&mem, g);
			return rc;
		}
	}
	if (o->grade != 0 && (rc = dlx_logic_new_custom(&g->lg, o->boxr,
	    o->boxc, &g->mem)) != DLX_OK) {
		dlx_sudoku_gen_free(g);
		return rc;
	}
	*gp = g;
	return DLX_OK;
}

void
dlx_sudoku_gen_free(dlx_sudoku_gen *g)
{
	if (g == NULL)
		return;
	dlx_sudoku_free(g->base);
	dlx_sudoku_free(g->killer);
	dlx_logic_free(g->lg);
	mem_free(&g->mem, g);
}

/* ---- random regions and cages ----------------------------------------- */

/* Is region id still connected without cell skip (and with cell add)? */
static int
connected(int n, int *map, int id, int skip, int add)
{
	int	stack[NCELLS], sp = 0, cnt = 0, total = 0, x, y, k, r, c;
	char	seen[NCELLS];
	static const int dr[4] = { -1, 1, 0, 0 }, dc[4] = { 0, 0, -1, 1 };

	memset(seen, 0, (size_t)n * n);
	for (x = 0; x < n * n; x++) {
		if ((map[x] == id && x != skip) || x == add) {
			total++;
			if (sp == 0) {
				stack[sp++] = x;
				seen[x] = 1;
			}
		}
	}
	while (sp > 0) {
		x = stack[--sp];
		cnt++;
		for (k = 0; k < 4; k++) {
			r = x / n + dr[k];
			c = x % n + dc[k];
			if (r < 0 || r >= n || c < 0 || c >= n)
				continue;
			y = r * n + c;
			if (!seen[y] && ((map[y] == id && y != skip) ||
			    y == add)) {
				seen[y] = 1;
				stack[sp++] = y;
			}
		}
	}
	return cnt == total;
}

/*
 * Random jigsaw regions: start from the rows (always a valid partition)
 * and swap pairs of cells across region borders, keeping both regions
 * connected, many times over.
 */
static void
random_regions(dlx_sudoku_gen *g)
{
	int	n = g->n, i, a, b, ra, rb, k, swaps = 0, tries;
	static const int dr[4] = { -1, 1, 0, 0 }, dc[4] = { 0, 0, -1, 1 };

	for (i = 0; i < n * n; i++)
		g->regions[i] = i / n;
	for (tries = 0; swaps < 4 * n * n && tries < 400 * n * n; tries++) {
		a = below(g, n * n);
		k = below(g, 4);
		if (a / n + dr[k] < 0 || a / n + dr[k] >= n ||
		    a % n + dc[k] < 0 || a % n + dc[k] >= n)
			continue;
		/* a moves into b's region; some other cell of b's region
		 * next to a's region moves back. */
		ra = g->regions[a];
		rb = g->regions[a + dr[k] * n + dc[k]];
		if (ra == rb)
			continue;
		b = below(g, n * n);
		if (g->regions[b] != rb)
			continue;
		if (!connected(n, g->regions, ra, a, b) ||
		    !connected(n, g->regions, rb, b, a))
			continue;
		g->regions[a] = rb;
		g->regions[b] = ra;
		swaps++;
	}
}

/*
 * Random cages over the solution: grow each from a random free cell to a
 * random size (mostly 2 to 4; up to 5 from 12x12 so that the labels
 * last), never repeating a digit.  Returns the number of cages.
 */
static int
random_cages(dlx_sudoku_gen *g)
{
	int	n = g->n, cells[NCELLS], i, x, y, k, j, r, c, g_, size, want;
	int	members[DLX_SUDOKU_MAXN], nm, ncages = 0, front, pick;
	static const int dr[4] = { -1, 1, 0, 0 }, dc[4] = { 0, 0, -1, 1 };

	for (i = 0; i < n * n; i++) {
		g->cages[i] = -1;
		cells[i] = i;
	}
	shuffle(g, cells, n * n);
	for (i = 0; i < n * n; i++) {
		if (g->cages[cells[i]] >= 0)
			continue;
		g_ = ncages++;
		want = 2 + below(g, n >= 12 ? 4 : 3);
		nm = 0;
		members[nm++] = cells[i];
		g->cages[cells[i]] = g_;
		g->sums[g_] = g->solution[cells[i]];
		for (size = 1; size < want; size++) {
			/* A free neighbour of a random member, digit new. */
			pick = -1;
			for (front = 0; front < 8 && pick < 0; front++) {
				x = members[below(g, nm)];
				k = below(g, 4);
				r = x / n + dr[k];
				c = x % n + dc[k];
				if (r < 0 || r >= n || c < 0 || c >= n)
					continue;
				y = r * n + c;
				if (g->cages[y] >= 0)
					continue;
				for (j = 0; j < nm; j++)
					if (g->solution[members[j]] ==
					    g->solution[y])
						break;
				if (j == nm)
					pick = y;
			}
			if (pick < 0)
				break;
			members[nm++] = pick;
			g->cages[pick] = g_;
			g->sums[g_] += g->solution[pick];
		}
	}
	return ncages;
}

/* ---- grids and uniqueness ---------------------------------------------- */

struct first {
	dlx_sudoku	*s;
	int		*cells;
};

static int
keep_first(void *arg, const int *options, size_t n)
{
	struct first	*f = arg;

	dlx_sudoku_decode(f->s, options, n, f->cells);
	return 1;
}

/* A random full grid into g->solution: random givens forced, then the
 * first solution.  Returns 1, or 0 to try again. */
static int
random_grid(dlx_sudoku_gen *g)
{
	struct dlx_search	 srch;
	struct first		 f;
	dlx			*d = dlx_sudoku_matrix(g->s);
	int			 n = g->n, cells[NCELLS], vals[DLX_SUDOKU_MAXN];
	int			 i, k, placed = 0, rc;

	dlx_unforce_all(d);
	for (i = 0; i < n * n; i++)
		cells[i] = i;
	shuffle(g, cells, n * n);
	for (k = 0; k < n; k++)
		vals[k] = k;
	for (i = 0; i < n * n && placed < n + n / 2; i++) {
		shuffle(g, vals, n);
		for (k = 0; k < n; k++)
			if (dlx_force(d, cells[i] * n + vals[k]) == DLX_OK)
				break;
		placed++;
	}
	memset(&srch, 0, sizeof srch);
	f.s = g->s;
	f.cells = g->solution;
	srch.visit = keep_first;
	srch.visit_arg = &f;
	srch.max_solutions = 1;
	srch.max_nodes = GRID_NODES;
	rc = dlx_search(d, &srch);
	dlx_unforce_all(d);
	return rc == DLX_STOPPED || rc == DLX_LIMIT;
}

/* Force cell x's given; 0 if it clashes (never, for a solution's cells). */
static int
push(dlx *d, int n, const int *cells, int x)
{
	return dlx_force(d, x * n + cells[x] - 1) == DLX_OK;
}

/* Does the matrix with what is forced now have exactly one solution? */
static int
one_solution(dlx *d)
{
	uint64_t	count = 0;

	return dlx_count(d, 2, &count) >= 0 && count == 1;
}

/*
 * Take givens away orbit by orbit in random order o_1 .. o_m while the
 * puzzle stays unique; then, with symmetry, check each given alone.
 * Returns 1 if the result is minimal.
 *
 * When o_i is tried the givens are K (orbits kept so far) and o_i+1 ..
 * o_m.  The force stack holds o_m .. o_i from the bottom, then K: trying
 * o_i pops K and o_i and pushes K back, so each step forces |K| givens
 * instead of all of them.
 */
static int
reduce(dlx_sudoku_gen *g)
{
	dlx	*d = dlx_sudoku_matrix(g->s);
	int	 n = g->n, i, k, x, y, m = 0, nk = 0, ok;
	int	 kept[NCELLS];

	memcpy(g->puzzle, g->solution, sizeof *g->puzzle * n * n);
	for (x = 0; x < n * n; x++) {
		/* One leader per orbit: its smallest cell. */
		for (k = 0; k < g->norbit[x]; k++)
			if (g->orbit[x][k] < x)
				break;
		if (k == g->norbit[x])
			g->order[m++] = x;
	}
	shuffle(g, g->order, m);
	dlx_unforce_all(d);
	for (i = m - 1; i >= 0; i--)
		for (k = 0, x = g->order[i]; k < g->norbit[x]; k++)
			if (!push(d, n, g->puzzle, g->orbit[x][k]))
				goto clash;
	for (i = 0; i < m; i++) {
		x = g->order[i];
		for (k = 0; k < nk + g->norbit[x]; k++)
			dlx_unforce(d);
		for (k = 0; k < nk; k++)
			if (!push(d, n, g->puzzle, kept[k]))
				goto clash;
		if (one_solution(d)) {
			for (k = 0; k < g->norbit[x]; k++)
				g->puzzle[g->orbit[x][k]] = 0;
			continue;
		}
		for (k = 0; k < g->norbit[x]; k++) {
			y = kept[nk++] = g->orbit[x][k];
			if (!push(d, n, g->puzzle, y))
				goto clash;
		}
	}
	dlx_unforce_all(d);
	if (g->o.symmetry == DLX_GEN_SYM_NONE)
		return 1;
	/* Each given alone: force the others, most recently kept on top
	 * so that the one left out is always near the top. */
	for (i = 0; i < nk; i++) {
		dlx_unforce_all(d);
		for (k = 0; k < nk; k++)
			if (k != i && !push(d, n, g->puzzle, kept[k]))
				goto clash;
		ok = one_solution(d);
		if (ok) {
			dlx_unforce_all(d);
			return 0;
		}
	}
	dlx_unforce_all(d);
	return 1;
clash:
	dlx_unforce_all(d);
	return 0;
}

int
dlx_sudoku_gen_seed(dlx_sudoku_gen *g, uint64_t seed)
{
	if (g == NULL)
		return DLX_EINVAL;
	g->rng[0] = splitmix(&seed);
	g->rng[1] = splitmix(&seed);
	return DLX_OK;
}

int
dlx_sudoku_gen_next(dlx_sudoku_gen *g, struct dlx_sudoku_genpuzzle *p)
{
	uint64_t	 attempts;
	int		 n = g->n, rc, x, givens;

	for (attempts = 1; attempts <= g->o.max_attempts; attempts++) {
		if (g->o.progress != NULL &&
		    g->o.progress(g->o.progress_arg, attempts - 1) != 0)
			return DLX_STOPPED;
		g->v.regions = NULL;
		g->v.cages = g->v.sums = NULL;
		g->v.ncages = 0;
		if (g->o.jigsaw) {
			random_regions(g);
			g->v.regions = g->regions;
			dlx_sudoku_free(g->base);
			g->base = NULL;
			rc = dlx_sudoku_new_variant_custom(&g->base, &g->v,
			    NULL, &g->mem);
			if (rc == DLX_ENOMEM)
				return rc;
			if (rc != DLX_OK)
				continue;
		}
		g->s = g->base;
		if (!random_grid(g))
			continue;
		if (g->o.killer) {
			g->v.ncages = random_cages(g);
			g->v.cages = g->cages;
			g->v.sums = g->sums;
			dlx_sudoku_free(g->killer);
			g->killer = NULL;
			rc = dlx_sudoku_new_variant_custom(&g->killer,
			    &g->v, NULL, &g->mem);
			if (rc == DLX_ENOMEM)
				return rc;
			if (rc != DLX_OK)
				continue;
			g->s = g->killer;
		}
		if (!reduce(g))
			continue;
		for (givens = 0, x = 0; x < n * n; x++)
			givens += g->puzzle[x] != 0;
		if (g->o.max_givens != 0 && givens > g->o.max_givens)
			continue;
		p->grade = 0;
		if (g->lg != NULL) {
			if (dlx_logic_load(g->lg, g->puzzle) != DLX_OK)
				continue;
			dlx_logic_run(g->lg, NULL, NULL, NULL);
			p->grade = (int)dlx_logic_grade(g->lg);
			if (p->grade != g->o.grade)
				continue;
		}
		p->variant = &g->v;
		p->puzzle = g->puzzle;
		p->solution = g->solution;
		p->givens = givens;
		p->attempts = attempts;
		return DLX_OK;
	}
	return DLX_INCOMPLETE;
}
