/*
 * sudoku_gen.c: the puzzle generator (see dlx_sudoku_gen.h for the method).
 *
 * Uniqueness is asked of the exact cover matrix the solver uses: the
 * givens are forced (dlx_force) and, for a given taken away, each other
 * symbol of its cell is forced in turn and searched for one solution.
 * Forcing is LIFO, so the givens are kept on the stack in an order that
 * makes the common step cheap (see search_pass()).  Every search goes
 * through gen_search(), which polls the caller's progress callback.
 *
 * Where the time goes (one core, measured before the bound): a 16x16
 * pass is 0.1 to 4 million search nodes, at most a second or two; on
 * 25x25 the checks reach millions of nodes once fewer than half the
 * givens are left, each worse than the one before.  With the bound, the
 * singles pass costs about 1 ms (25x25) to 6 ms (36x36) per given tried
 * and leaves 260 (25x25) or 610 (36x36) givens, and the search pass
 * takes a few more away: most of its checks stop at their bound.
 * A 16x16 killer's checks are slower still (some 5 us a node on the
 * colored matrix) and end at their bound once some 50 givens are left:
 * nearly all the time goes to the checks that run out, about 500,000
 * nodes a puzzle.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx_sudoku_gen.h"
#include "dlx_logic.h"
#include "lib/sudoku/sudoku_model.h"
#include "lib/core/search_int.h"

#define NCELLS	(DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN)

/* Most search nodes for the random grid before trying another. */
#define GRID_NODES	20000

/* The progress callback is polled about this often during a search:
 * a few milliseconds of work at any size. */
#define POLL_UPDATES	(1u << 18)

/* Largest N whose checks have no bound by default. */
#define UNBOUNDED_MAXN	16

/* Largest killer (dlx_sudoku_gen_check() refuses more). */
#define KILLER_MAXN	16

/*
 * Largest N of a killer whose checks have no bound by default.  The
 * cages hold the search only once their sets are chosen, so a killer
 * with few givens is a long search: a 12x12 took 65 s to over 120 with
 * one check over a minute, a 16x16 gave none in 300 s.  Above, a check
 * may take DLX_GEN_EFFORT_KILLER nodes; nearly all its givens left are
 * those whose check ran out, most of them needed all the same (the
 * search found no second solution in time; tests/check_gen.c's plain
 * killer search finds one without each given of the 12x12 of seeds 0-3
 * and the 16x16 of seed 0, in seconds).
 */
#define KILLER_UNBOUNDED_MAXN 9

/*
 * Largest N where a symmetric puzzle from which one given alone could go
 * is thrown away: at 16x16 nearly all are (a minimal one took 100 to 530
 * grids, 25 to over 100 s; 12x12 with quarter turns over 9000 grids).
 * Above, the first puzzle from which no orbit can go is kept, and its
 * checks have a bound, DLX_GEN_EFFORT_SYMMETRIC: unbounded, one 16x16
 * grid in 80 took 19 million nodes (17 s), against 0.1 to 0.7 million
 * with the bound, where a check runs out once or twice a puzzle.
 */
#define SYM_MINIMAL_MAXN 9

/* Verdicts of a removal check. */
enum verdict {
	GOES,			/* unique without it */
	NEEDED,			/* another solution without it: it stays,
				   with fewer givens too */
	UNSETTLED		/* the effort ran out: it stays */
};

struct dlx_sudoku_gen {
	struct dlx_allocator mem;	/* g itself; its builders get it too */
	struct dlx_sudoku_gen_options o;	/* o.alloc points to mem */
	int		 n;
	uint64_t	 effort;	/* nodes per check; 0: no bound */
	uint64_t	 rng[2];	/* xorshift128+ state */
	dlx_sudoku	*base;		/* matrix without cages; rebuilt per
					   grid for jigsaw */
	dlx_sudoku	*s;		/* the matrix being used */
	dlx_sudoku	*killer;	/* per grid, with its cages */
	dlx_logic	*lg;		/* classic only: the singles pass and
					   the grade; else NULL */
	struct dlx_sudoku_gen_status st; /* where next() is */
	int		 stop;		/* progress asked to stop */
	int		 grid_fails;	/* grids not found in a row, for this
					   puzzle */
	struct dlx_sudoku_variant v;	/* the current puzzle's variant */
	int		 regions[NCELLS];
	int		 cages[NCELLS];
	int		 sums[NCELLS];
	int		 solution[NCELLS];
	int		 puzzle[NCELLS];
	int		 order[NCELLS];	/* orbit leaders in removal order */
	int		 left[NCELLS];	/* leaders left for the search pass */
	int		 kept[NCELLS];	/* cells kept, in the order kept */
	int		 orbit[NCELLS][4]; /* each cell's orbit */
	int		 norbit[NCELLS];
};

/* ---- PRNG: the model's (sm_rng_*), on g's state ---------------------- */

static int
below(dlx_sudoku_gen *g, int n)
{
	return sm_rng_below(g->rng, n);
}

static void
shuffle(dlx_sudoku_gen *g, int *a, int n)
{
	sm_shuffle(g->rng, a, n);
}

/* ---- setup ------------------------------------------------------------ */

/* The orbit of each cell under the symmetry. */
static void
make_orbits(dlx_sudoku_gen *g)
{
	int	x;

	for (x = 0; x < g->n * g->n; x++)
		g->norbit[x] = sm_orbit(g->n, g->o.symmetry, x, g->orbit[x]);
}

/* Is o a classic puzzle (boxes, nothing extra)? */
static int
classic(const struct dlx_sudoku_gen_options *o)
{
	return o->extras == 0 && !o->jigsaw && !o->killer;
}

int
dlx_sudoku_gen_min_givens(const struct dlx_sudoku_gen_options *o)
{
	int	 n;

	if (o == NULL || !sm_shape_ok(o->boxr, o->boxc))
		return -1;
	n = o->boxr * o->boxc;
	if (o->killer)
		return 0;
	if (classic(o)) {
		/* Proven minima: 4x4 by enumeration (tests/check_variant.c
		 * redoes it), 6x6 of 2x3 boxes (either way round) and 9x9
		 * (McGuire, Tugemann and Civario, 2012: no 16-clue sudoku). */
		if (o->boxr == 2 && o->boxc == 2)
			return 4;
		if (n == 6 && o->boxr > 1 && o->boxc > 1)
			return 8;
		if (o->boxr == 3 && o->boxc == 3)
			return 17;
	}
	/* Two symbols absent from the givens trade places in any solution:
	 * N-2 givens or fewer leave two solutions at least. */
	return n - 1;
}

/* Write a reason into *err (if not NULL); returns DLX_EINVAL. */
static int
refuse(struct dlx_error *err, const char *fmt, ...)
{
	va_list	 ap;

	if (err != NULL) {
		memset(err, 0, sizeof *err);
		err->code = DLX_EINVAL;
		err->cell = -1;
		va_start(ap, fmt);
		vsnprintf(err->message, sizeof err->message, fmt, ap);
		va_end(ap);
	}
	return DLX_EINVAL;
}

int
dlx_sudoku_gen_check(const struct dlx_sudoku_gen_options *o,
    struct dlx_error *err)
{
	int	 n, min;

	if (err != NULL) {
		memset(err, 0, sizeof *err);
		err->cell = -1;
	}
	if (o == NULL)
		return refuse(err, "no options");
	if (!sm_shape_ok(o->boxr, o->boxc))
		return refuse(err, "boxes of %dx%d do not make %d to %d "
		    "symbols", o->boxr, o->boxc, DLX_SUDOKU_MINN,
		    DLX_SUDOKU_MAXN);
	n = o->boxr * o->boxc;
	if (o->symmetry < 0 || o->symmetry > DLX_GEN_SYM_MIRROR)
		return refuse(err, "unknown symmetry %d", o->symmetry);
	if (o->extras & ~(unsigned)(DLX_SUDOKU_DIAGONALS | DLX_SUDOKU_WINDOWS))
		return refuse(err, "unknown extras 0x%x", o->extras);
	if (o->jigsaw && (o->extras & DLX_SUDOKU_WINDOWS))
		return refuse(err, "hyper windows need boxes: not with "
		    "jigsaw");
	/* Full random hyper grids: found at once up to 12x12; from 15x15 on
	 * the search did not complete one in minutes (from a random first
	 * row and millions of nodes), so there would be no puzzle. */
	if ((o->extras & DLX_SUDOKU_WINDOWS) && n > 12)
		return refuse(err, "hyper puzzles go up to 12x12, not "
		    "%dx%d: above, the search finds no full grid in time", n,
		    n);
	if (o->killer && n > KILLER_MAXN)
		return refuse(err, "killer puzzles go up to 16x16, not "
		    "%dx%d", n, n);
	if (o->grade < 0 || o->grade >= DLX_LOGIC_NGRADES)
		return refuse(err, "unknown grade %d", o->grade);
	if (o->grade != 0 && !classic(o))
		return refuse(err, "grades are for classic puzzles only");
	/* Every 4x4 puzzle with one solution is solved by singles: all of
	 * them were graded (tests/check_variant.c). */
	if (o->grade > DLX_LOGIC_GRADE_SINGLES && n == 4 && o->boxr == 2)
		return refuse(err, "every 4x4 sudoku with one solution "
		    "is solved by singles: none is graded %s",
		    dlx_logic_grade_name((enum dlx_logic_grade)o->grade));
	min = dlx_sudoku_gen_min_givens(o);
	if (o->max_givens < 0)
		return refuse(err, "a negative number of givens");
	if (o->max_givens != 0 && o->max_givens < min) {
		if (classic(o) && min > n - 1)
			return refuse(err, "no %dx%d sudoku with fewer "
			    "than %d givens has one solution", n, n, min);
		return refuse(err, "no %dx%d puzzle with fewer than %d "
		    "givens has one solution: two symbols missing from the "
		    "givens can trade places", n, n, min);
	}
	return DLX_OK;
}

/* The matrix of g->v into *sp, with g's memory. */
static int
variant_matrix(dlx_sudoku_gen *g, dlx_sudoku **sp)
{
	struct dlx_sudoku_options	 so;

	memset(&so, 0, sizeof so);
	so.alloc = &g->mem;
	so.variant = &g->v;
	return dlx_sudoku_new(sp, g->v.boxr, g->v.boxc, &so);
}

/* The bound of a check when o.effort is 0 (0: none). */
static uint64_t
default_effort(const struct dlx_sudoku_gen_options *o)
{
	int	 n = o->boxr * o->boxc;

	if (n > UNBOUNDED_MAXN)
		return DLX_GEN_EFFORT_DEFAULT;
	if (o->killer && n > KILLER_UNBOUNDED_MAXN)
		return DLX_GEN_EFFORT_KILLER;
	if (o->symmetry != DLX_GEN_SYM_NONE && n > SYM_MINIMAL_MAXN)
		return DLX_GEN_EFFORT_SYMMETRIC;
	return 0;
}

int
dlx_sudoku_gen_new(dlx_sudoku_gen **gp, const struct dlx_sudoku_gen_options *o)
{
	struct dlx_allocator	 mem;
	struct dlx_logic_options lo;
	dlx_sudoku_gen		*g;
	uint64_t		 seed;
	int			 n, rc;

	if (gp == NULL || dlx_sudoku_gen_check(o, NULL) != DLX_OK)
		return DLX_EINVAL;
	n = o->boxr * o->boxc;
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
	if (o->effort == DLX_GEN_EFFORT_NONE)
		g->effort = 0;
	else if (o->effort != 0)
		g->effort = o->effort;
	else
		g->effort = default_effort(o);
	seed = o->seed;
	sm_rng_seed(g->rng, seed);
	make_orbits(g);
	g->v.n = n;
	g->v.extras = o->extras;
	if (!o->jigsaw) {
		g->v.boxr = o->boxr;
		g->v.boxc = o->boxc;
		if ((rc = variant_matrix(g, &g->base)) != DLX_OK) {
			mem_free(&mem, g);
			return rc;
		}
	}
	/* The logic solver grades, and with a bound makes the singles
	 * pass: classic puzzles only. */
	memset(&lo, 0, sizeof lo);
	lo.alloc = &g->mem;
	if ((o->grade != 0 || (g->effort != 0 && classic(o))) &&
	    (rc = dlx_logic_new(&g->lg, o->boxr, o->boxc, &lo)) != DLX_OK) {
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
 * While there are more than DLX_SUDOKU_LABELS cages (the text form names
 * each by one character), the smallest cage that can joins its smallest
 * neighbour with none of its digits.  Cage numbers then close up, in the
 * order the cages were made.  Returns the number of cages, or -1 if too
 * many are left (no two more can join: never seen, but then another
 * grid is tried).
 */
static int
merge_cages(dlx_sudoku_gen *g, int ncages)
{
	int		 n = g->n, left = ncages, x, y, k, a, b, best, r, c;
	int		 size[KILLER_MAXN * KILLER_MAXN];	/* per cage */
	int		 renum[KILLER_MAXN * KILLER_MAXN];
	int		 tried[KILLER_MAXN * KILLER_MAXN];
	uint32_t	 digits[KILLER_MAXN * KILLER_MAXN];
	static const int dr[4] = { -1, 1, 0, 0 }, dc[4] = { 0, 0, -1, 1 };

	for (a = 0; a < ncages; a++) {
		size[a] = 0;
		digits[a] = 0;
		tried[a] = 0;
	}
	for (x = 0; x < n * n; x++) {
		size[g->cages[x]]++;
		digits[g->cages[x]] |= (uint32_t)1 << (g->solution[x] - 1);
	}
	while (left > DLX_SUDOKU_LABELS) {
		/* The smallest cage not yet found stuck. */
		for (a = -1, k = 0; k < ncages; k++)
			if (size[k] > 0 && !tried[k] &&
			    (a < 0 || size[k] < size[a]))
				a = k;
		if (a < 0)
			return -1;
		best = -1;
		for (x = 0; x < n * n; x++) {
			if (g->cages[x] != a)
				continue;
			for (k = 0; k < 4; k++) {
				r = x / n + dr[k];
				c = x % n + dc[k];
				if (r < 0 || r >= n || c < 0 || c >= n)
					continue;
				b = g->cages[r * n + c];
				if (b != a && (digits[a] & digits[b]) == 0 &&
				    size[a] + size[b] <= n &&
				    (best < 0 || size[b] < size[best]))
					best = b;
			}
		}
		if (best < 0) {
			tried[a] = 1;
			continue;
		}
		for (x = 0; x < n * n; x++)
			if (g->cages[x] == a)
				g->cages[x] = best;
		size[best] += size[a];
		digits[best] |= digits[a];
		g->sums[best] += g->sums[a];
		size[a] = 0;
		left--;
		/* A cage grown may now take a stuck one. */
		for (k = 0; k < ncages; k++)
			tried[k] = 0;
	}
	for (a = 0, y = 0; a < ncages; a++)
		if (size[a] > 0) {
			renum[a] = y;
			g->sums[y++] = g->sums[a];
		}
	for (x = 0; x < n * n; x++)
		g->cages[x] = renum[g->cages[x]];
	return left;
}

/*
 * Random cages over the solution: grow each from a random free cell to a
 * random size (mostly 2 to 4; up to 5 from 12x12 so that the labels
 * last), never repeating a digit; then join the smallest while there are
 * more than the text form can name (merge_cages(): a 16x16 grid is cut
 * into some 90 cages).  Returns the number of cages, or -1 (try another
 * grid).
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
	return merge_cages(g, ncages);
}

/* ---- searching --------------------------------------------------------- */

/* Poll the caller: 1 if it asked to stop (remembered until next()). */
static int
poll(dlx_sudoku_gen *g)
{
	if (!g->stop && g->o.progress != NULL &&
	    g->o.progress(g->o.progress_arg, g->st.attempts - 1) != 0)
		g->stop = 1;
	return g->stop;
}

static int
on_search_progress(void *arg, const struct dlx_stats *st)
{
	(void)st;
	return poll(arg);
}

/*
 * The generator's one search: of d as forced now, at most max solutions
 * (each to visit, if not NULL), within max_nodes (0: no bound), polling
 * the caller.  Returns what dlxi_search() returns (DLX_STOPPED only when
 * the caller asked, if visit never stops it); the nodes go to the status.
 */
static int
gen_search(dlx_sudoku_gen *g, dlx *d, uint64_t max, uint64_t max_nodes,
    dlx_solution_fn *visit, void *arg)
{
	struct dlxi_search	 srch;
	struct dlx_stats	 st;
	int			 rc;

	memset(&srch, 0, sizeof srch);
	srch.visit = visit;
	srch.visit_arg = arg;
	srch.max_solutions = max;
	srch.max_nodes = max_nodes;
	srch.progress = on_search_progress;
	srch.progress_arg = g;
	srch.progress_updates = POLL_UPDATES;
	rc = dlxi_search(d, &srch);
	dlx_stats(d, &st);
	g->st.nodes += st.nodes;
	return rc;
}

/* Enter a stage of total steps. */
static void
stage(dlx_sudoku_gen *g, int which, int total)
{
	g->st.stage = which;
	g->st.done = 0;
	g->st.total = total;
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
	return 0;
}

/*
 * A random full grid into g->solution: random givens forced, then the
 * first solution within a budget.  Random givens can leave no solution,
 * or one the search does not reach in time (hyper at 25x25 failed
 * hundreds of times in a row), so every 8 failures in a row halve them
 * and double the budget: at worst a random first row is left, which
 * never fails to complete (the symbols of any grid can be renamed to
 * give it).  Returns DLX_OK with *made 1, or 0 to try again;
 * DLX_STOPPED; DLX_ENOMEM.
 */
static int
random_grid(dlx_sudoku_gen *g, int *made)
{
	struct first		 f;
	dlx			*d = dlx_sudoku_matrix(g->s);
	int			 n = g->n, cells[NCELLS], vals[DLX_SUDOKU_MAXN];
	int			 i, k, placed = 0, want, shift, rc;

	*made = 0;
	shift = g->grid_fails / 8 < 16 ? g->grid_fails / 8 : 16;
	want = (n + n / 2) >> shift;
	stage(g, DLX_GEN_STAGE_GRID, 1);
	dlx_unforce_all(d);
	for (i = 0; i < n * n; i++)
		cells[i] = i;
	shuffle(g, cells, n * n);
	for (k = 0; k < n; k++)
		vals[k] = k;
	/* A random first row: always part of some grid. */
	if (shift > 0) {
		for (k = 0; k < n; k++)
			vals[k] = k;
		shuffle(g, vals, n);
		for (k = 0; k < n; k++)
			if ((rc = dlx_force(d, SM_OPTION(n, k, vals[k]))) !=
			    DLX_OK)
				goto out;
	}
	for (i = 0; i < n * n && placed < want; i++) {
		shuffle(g, vals, n);
		for (k = 0; k < n; k++)
			if (dlx_force(d, SM_OPTION(n, cells[i], vals[k])) ==
			    DLX_OK)
				break;
		placed++;
	}
	f.s = g->s;
	f.cells = g->solution;
	rc = gen_search(g, d, 1, (uint64_t)GRID_NODES << (shift < 10 ? shift :
	    10), keep_first, &f);
out:
	dlx_unforce_all(d);
	if (rc == DLX_LIMIT) {
		g->grid_fails = 0;
		*made = 1;
		return DLX_OK;
	}
	g->grid_fails++;
	return rc == DLX_OK || rc == DLX_INCOMPLETE || rc == DLX_ECONFLICT ?
	    DLX_OK : rc;
}

/* Force cell x's given (never a clash, for a solution's cells). */
static int
push(dlx_sudoku_gen *g, dlx *d, int x)
{
	return dlx_force(d, SM_OPTION(g->n, x, g->solution[x] - 1));
}

/*
 * Can the given of cell x go while the puzzle stays unique?  The givens
 * forced now are the puzzle's without it, and the puzzle with it has one
 * solution, g->solution: any other solution without it puts another
 * symbol in x.  So each other symbol is forced in turn and searched for
 * one solution, all within the effort.  Returns DLX_OK with *verdict
 * set, DLX_STOPPED or an error; d is as it was.
 */
static int
removable(dlx_sudoku_gen *g, dlx *d, int x, enum verdict *verdict)
{
	uint64_t	 used = 0, before;
	int		 n = g->n, v, rc;

	*verdict = GOES;
	for (v = 0; v < n; v++) {
		if (v == g->solution[x] - 1)
			continue;
		if (g->effort != 0 && used >= g->effort) {
			*verdict = UNSETTLED;
			return DLX_OK;
		}
		/* A clash with a given: no solution puts v there. */
		rc = dlx_force(d, SM_OPTION(n, x, v));
		if (rc == DLX_ECONFLICT)
			continue;
		if (rc != DLX_OK)
			return rc;
		before = g->st.nodes;
		rc = gen_search(g, d, 1, g->effort != 0 ? g->effort - used : 0,
		    NULL, NULL);
		used += g->st.nodes - before;
		dlx_unforce(d);
		if (rc == DLX_LIMIT) {
			*verdict = NEEDED;
			return DLX_OK;
		}
		if (rc == DLX_INCOMPLETE) {
			*verdict = UNSETTLED;
			return DLX_OK;
		}
		if (rc != DLX_OK)
			return rc;
	}
	return DLX_OK;
}

/*
 * The puzzle as forced now, unique or not: a count stopping at two,
 * within the effort.  For several cells at once (an orbit of the
 * symmetry), where removable() would search each cell's symbols in turn,
 * and for the check of each given alone, where nearly every given is
 * needed and the count ends at the second solution at once.
 */
static int
unique(dlx_sudoku_gen *g, dlx *d, enum verdict *verdict)
{
	int	 rc;

	rc = gen_search(g, d, 2, g->effort, NULL, NULL);
	*verdict = rc == DLX_OK ? GOES : rc == DLX_LIMIT ? NEEDED :
	    UNSETTLED;
	return rc == DLX_OK || rc == DLX_LIMIT || rc == DLX_INCOMPLETE ?
	    DLX_OK : rc;
}

/* Take orbit x's givens away from the puzzle, or put them back. */
static void
set_orbit(dlx_sudoku_gen *g, int x, int on)
{
	int	 k, y;

	for (k = 0; k < g->norbit[x]; k++) {
		y = g->orbit[x][k];
		g->puzzle[y] = on ? g->solution[y] : 0;
		g->st.givens += on ? 1 : -1;
	}
}

/*
 * The singles pass (classic puzzles, with a bound): each orbit of
 * order[0..m-1] in turn goes if the logic solver's singles still solve
 * the puzzle without it.  Those left go to g->left; returns DLX_OK or
 * DLX_STOPPED.
 */
static int
singles_pass(dlx_sudoku_gen *g, int m, int *nleft)
{
	int	 i, x, rc;

	*nleft = 0;
	stage(g, DLX_GEN_STAGE_LOGIC, m);
	dlx_logic_set_rules(g->lg, DLX_LOGIC_RULE(DLX_LOGIC_NAKED_SINGLE) |
	    DLX_LOGIC_RULE(DLX_LOGIC_HIDDEN_SINGLE));
	for (i = 0; i < m; i++, g->st.done++) {
		if (poll(g))
			return DLX_STOPPED;
		x = g->order[i];
		set_orbit(g, x, 0);
		rc = dlx_logic_load(g->lg, g->puzzle);
		if (rc == DLX_OK)
			rc = dlx_logic_run(g->lg, NULL, NULL, NULL);
		if (rc != DLX_LOGIC_SOLVED) {
			set_orbit(g, x, 1);
			g->left[(*nleft)++] = x;
		}
	}
	return DLX_OK;
}

/*
 * The search pass: each orbit of list[0..m-1], whose givens are the
 * puzzle's and forced on d, goes if the puzzle stays unique without it.
 * The cells kept go to g->kept[0..*nk-1].
 *
 * When o_i is tried the givens are K (orbits kept so far) and o_i+1 ..
 * o_m.  The force stack holds o_m .. o_i from the bottom, then K: trying
 * o_i pops K and o_i and pushes K back, so each step forces |K| givens
 * instead of all of them.  Returns DLX_OK, DLX_STOPPED or an error (a
 * given that clashes, which cannot happen); d is left with nothing
 * forced.
 */
static int
search_pass(dlx_sudoku_gen *g, dlx *d, const int *list, int m, int *nk)
{
	enum verdict	 verdict;
	int		 i, k, x, rc = DLX_OK;

	*nk = 0;
	stage(g, DLX_GEN_STAGE_SEARCH, m);
	dlx_unforce_all(d);
	for (i = m - 1; i >= 0; i--)
		for (k = 0, x = list[i]; k < g->norbit[x]; k++)
			if ((rc = push(g, d, g->orbit[x][k])) != DLX_OK)
				goto out;
	for (i = 0; i < m; i++, g->st.done++) {
		if (poll(g)) {
			rc = DLX_STOPPED;
			goto out;
		}
		x = list[i];
		for (k = 0; k < *nk + g->norbit[x]; k++)
			dlx_unforce(d);
		for (k = 0; k < *nk; k++)
			if ((rc = push(g, d, g->kept[k])) != DLX_OK)
				goto out;
		/* One cell: its other symbols, each a short search; an
		 * orbit of several: one count (measured: 20% faster at 9x9
		 * with symmetry, where most orbits stay).  A killer's cell
		 * under a bound too: there one search of the effort settles
		 * more than several sharing it (16x16, seeds 0-4: 38 to 44
		 * givens left instead of 44 to 49, in the same time). */
		rc = g->norbit[x] == 1 && !(g->o.killer && g->effort != 0) ?
		    removable(g, d, x, &verdict) : unique(g, d, &verdict);
		if (rc != DLX_OK)
			goto out;
		if (verdict == GOES) {
			set_orbit(g, x, 0);
			continue;
		}
		if (verdict == UNSETTLED)
			g->st.unsettled++;
		for (k = 0; k < g->norbit[x]; k++) {
			g->kept[(*nk)++] = g->orbit[x][k];
			if ((rc = push(g, d, g->orbit[x][k])) != DLX_OK)
				goto out;
		}
	}
out:
	dlx_unforce_all(d);
	return rc;
}

/*
 * With symmetry, whether each of the nk givens kept could go alone: the
 * others forced, most recently kept on top so that the one left out is
 * always near the top.  *minimal is 1 if none can (all settled).
 */
static int
alone_pass(dlx_sudoku_gen *g, dlx *d, int nk, int *minimal)
{
	enum verdict	 verdict;
	int		 i, k, rc = DLX_OK;

	*minimal = 1;
	stage(g, DLX_GEN_STAGE_MINIMAL, nk);
	for (i = 0; i < nk && *minimal; i++, g->st.done++) {
		if (poll(g)) {
			rc = DLX_STOPPED;
			break;
		}
		dlx_unforce_all(d);
		for (k = 0; k < nk; k++)
			if (k != i && (rc = push(g, d, g->kept[k])) != DLX_OK)
				goto out;
		if ((rc = unique(g, d, &verdict)) != DLX_OK)
			break;
		if (verdict != NEEDED)
			*minimal = 0;
	}
out:
	dlx_unforce_all(d);
	return rc;
}

/*
 * Take givens away orbit by orbit in random order (with a bound on a
 * classic puzzle, first those the singles can do without).  Returns
 * DLX_OK with *keep 1 if the puzzle is one to keep (with symmetry and
 * no bound: only if minimal) and *minimal; DLX_STOPPED; an error.
 */
static int
reduce(dlx_sudoku_gen *g, int *keep, int *minimal)
{
	dlx	*d = dlx_sudoku_matrix(g->s);
	int	 n = g->n, k, x, m = 0, nleft, nk, rc;

	*keep = *minimal = 0;
	memcpy(g->puzzle, g->solution, sizeof *g->puzzle * n * n);
	g->st.givens = n * n;
	g->st.unsettled = 0;
	for (x = 0; x < n * n; x++) {
		/* One leader per orbit: its smallest cell. */
		for (k = 0; k < g->norbit[x]; k++)
			if (g->orbit[x][k] < x)
				break;
		if (k == g->norbit[x])
			g->order[m++] = x;
	}
	shuffle(g, g->order, m);
	/* g->lg is made for classic puzzles only. */
	if (g->effort != 0 && g->lg != NULL) {
		if ((rc = singles_pass(g, m, &nleft)) != DLX_OK)
			return rc;
	} else {
		memcpy(g->left, g->order, sizeof *g->left * m);
		nleft = m;
	}
	if ((rc = search_pass(g, d, g->left, nleft, &nk)) != DLX_OK)
		return rc;
	*minimal = g->st.unsettled == 0;
	if (g->o.symmetry != DLX_GEN_SYM_NONE && *minimal &&
	    (rc = alone_pass(g, d, nk, minimal)) != DLX_OK)
		return rc;
	/* Without a bound only minimal puzzles are kept up to 9x9, and at
	 * any size when the caller asked for none (DLX_GEN_EFFORT_NONE);
	 * else the symmetric puzzle is kept as it is. */
	*keep = *minimal || g->effort != 0 || (n > SYM_MINIMAL_MAXN &&
	    g->o.effort != DLX_GEN_EFFORT_NONE);
	return DLX_OK;
}

int
dlx_sudoku_gen_seed(dlx_sudoku_gen *g, uint64_t seed)
{
	if (g == NULL)
		return DLX_EINVAL;
	sm_rng_seed(g->rng, seed);
	return DLX_OK;
}

int
dlx_sudoku_gen_status(const dlx_sudoku_gen *g,
    struct dlx_sudoku_gen_status *st)
{
	if (g == NULL || st == NULL)
		return DLX_EINVAL;
	*st = g->st;
	return DLX_OK;
}

/* Between the logic solver's steps: the caller may stop a long grade. */
static int
on_logic_step(void *arg, const struct dlx_logic_step *st)
{
	(void)st;
	return poll(arg);
}

int
dlx_sudoku_gen_next(dlx_sudoku_gen *g, struct dlx_sudoku_genpuzzle *p)
{
	uint64_t	 attempts;
	int		 n = g->n, rc, x, givens, made, keep, minimal;

	memset(&g->st, 0, sizeof g->st);
	g->stop = 0;
	g->grid_fails = 0;
	for (attempts = 1; attempts <= g->o.max_attempts; attempts++) {
		g->st.attempts = attempts;
		g->st.givens = n * n;
		g->st.unsettled = 0;
		if (poll(g))
			return DLX_STOPPED;
		g->v.regions = NULL;
		g->v.cages = g->v.sums = NULL;
		g->v.ncages = 0;
		if (g->o.jigsaw) {
			random_regions(g);
			g->v.regions = g->regions;
			dlx_sudoku_free(g->base);
			g->base = NULL;
			rc = variant_matrix(g, &g->base);
			if (rc == DLX_ENOMEM)
				return rc;
			if (rc != DLX_OK)
				continue;
		}
		g->s = g->base;
		if ((rc = random_grid(g, &made)) != DLX_OK)
			return rc;
		if (!made)
			continue;
		if (g->o.killer) {
			if ((g->v.ncages = random_cages(g)) < 0)
				continue;
			g->v.cages = g->cages;
			g->v.sums = g->sums;
			dlx_sudoku_free(g->killer);
			g->killer = NULL;
			rc = variant_matrix(g, &g->killer);
			if (rc == DLX_ENOMEM)
				return rc;
			if (rc != DLX_OK)
				continue;
			g->s = g->killer;
		}
		if ((rc = reduce(g, &keep, &minimal)) != DLX_OK)
			return rc;
		if (!keep)
			continue;
		for (givens = 0, x = 0; x < n * n; x++)
			givens += g->puzzle[x] != 0;
		if (g->o.max_givens != 0 && givens > g->o.max_givens)
			continue;
		p->grade = 0;
		if (g->o.grade != 0) {
			stage(g, DLX_GEN_STAGE_GRADE, 1);
			dlx_logic_set_rules(g->lg, DLX_LOGIC_ALL_RULES);
			if (dlx_logic_load(g->lg, g->puzzle) != DLX_OK)
				continue;
			if (dlx_logic_run(g->lg, on_logic_step, g, NULL) ==
			    DLX_STOPPED)
				return DLX_STOPPED;
			p->grade = (int)dlx_logic_grade(g->lg);
			if (p->grade != g->o.grade)
				continue;
		}
		p->variant = &g->v;
		p->puzzle = g->puzzle;
		p->solution = g->solution;
		p->givens = givens;
		p->attempts = attempts;
		p->minimal = minimal;
		return DLX_OK;
	}
	return DLX_INCOMPLETE;
}
