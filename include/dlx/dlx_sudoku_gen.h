/*
 * dlx_sudoku_gen.h: a generator of sudoku puzzles, classic and variant, each
 * with exactly one solution and, within an effort bound, minimal:
 * removing any one given leaves more than one solution.
 *
 *	struct dlx_sudoku_gen_options o = { .boxr = 3, .boxc = 3, .seed = 1 };
 *	dlx_sudoku_gen *g;
 *	struct dlx_sudoku_genpuzzle p;
 *	if (dlx_sudoku_gen_new(&g, &o) == DLX_OK) {
 *		while (... && dlx_sudoku_gen_next(g, &p) == DLX_OK)
 *			use p.puzzle, p.solution, p.variant;
 *		dlx_sudoku_gen_free(g);
 *	}
 *
 * Method: a random full grid (random givens forced, then the first
 * solution of the search), for jigsaw random regions first and for killer
 * random cages over the grid; then the givens are taken away one orbit of
 * the symmetry at a time, in random order, each removal kept only if the
 * puzzle stays unique.  Uniqueness after taking away a given of cell x is
 * asked as "no solution puts another symbol in x" (any other solution
 * differs from the only one so far there): one short search per other
 * symbol, with x forced to it, each stopping at its first solution.
 *
 * Without an effort bound one such pass gives a minimal puzzle (a given
 * that could not go when it was tried cannot go later, with fewer givens
 * around it); with symmetry every remaining given is checked alone as
 * well, and up to 9x9 a puzzle that is not minimal is discarded.  Such
 * checks grow exponentially as the givens go (on a 25x25 puzzle near 300
 * givens one check took 20 s, and the pass did not end in five minutes),
 * so some have a budget of search nodes, o.effort: a given whose check
 * runs out of it stays, and the puzzle is unique but maybe not minimal
 * (p.minimal says).  When o.effort is 0 the budget is:
 *  - none for classic, x, hyper and jigsaw up to 16x16, and for killer
 *    up to 9x9: minimal puzzles, in well under a second;
 *  - DLX_GEN_EFFORT_KILLER for killer from 10x10 to 16x16: the cages
 *    hold the search only once their digits are chosen, so a killer
 *    with few givens is a long search (a 12x12 took over a minute
 *    without the bound, a 16x16 gave none in five minutes).  Nearly
 *    every given left is one whose check ran out: about 11 on 12x12 and
 *    42 on 16x16, in 0.1 to 0.5 s and 1 to 3 s on one core.  Most are
 *    needed all the same (another search found two solutions without
 *    each given of the 12x12 of seeds 0-3 and the 16x16 of seed 0), but
 *    p.minimal is 0: no check proved it;
 *  - DLX_GEN_EFFORT_SYMMETRIC with symmetry from 10x10 to 16x16 (not
 *    killer): there nearly every symmetric puzzle has a given that could
 *    go alone, so the first from which no orbit can go is kept (p.minimal
 *    says whether it is minimal); about 0.1 to 1 s at 16x16.  With
 *    DLX_GEN_EFFORT_NONE only minimal puzzles are kept, at any size;
 *  - DLX_GEN_EFFORT_DEFAULT above 16x16.
 * With a bound, classic puzzles first lose every given the logic solver's
 * singles can do without (a puzzle the singles solve has one solution:
 * each step is forced), then the search pass tries the givens left.
 *
 * Everything random comes from the generator's own PRNG seeded by
 * o.seed, so a seed gives the same puzzles on every machine (the effort
 * is counted in search nodes, not seconds, for the same reason).
 */
#ifndef DLX_SUDOKU_GEN_H
#define DLX_SUDOKU_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "dlx_sudoku.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Symmetry of the givens. */
enum dlx_gen_symmetry {
	DLX_GEN_SYM_NONE = 0,
	DLX_GEN_SYM_180 = 1,		/* (r,c) and (N-1-r, N-1-c) */
	DLX_GEN_SYM_90 = 2,		/* the four quarter turns */
	DLX_GEN_SYM_MIRROR = 3		/* (r,c) and (r, N-1-c) */
};

/*
 * Called often while a puzzle is made: between attempts, between the
 * uniqueness checks of an attempt and during a long check (about every
 * 2^18 search updates, a few milliseconds), with the number of grids
 * tried before the current one.  Nonzero makes dlx_sudoku_gen_next()
 * return DLX_STOPPED.  The callback may call dlx_sudoku_gen_status() (for
 * a progress line), nothing else of the generator.
 */
typedef int	 dlx_sudoku_gen_fn(void *arg, uint64_t attempts);

/* Effort bounds (struct dlx_sudoku_gen_options, effort). */
#define DLX_GEN_EFFORT_NONE	UINT64_MAX /* no bound: minimal puzzles */
#define DLX_GEN_EFFORT_DEFAULT	1000	/* nodes a check may take above
					   16x16 when effort is 0 */
#define DLX_GEN_EFFORT_KILLER	10000	/* killer from 10x10 to 16x16 */
#define DLX_GEN_EFFORT_SYMMETRIC 100000	/* with symmetry from 10x10 to
					   16x16 (not killer) */

/* What to make.  Zero-initialize, then set what you need (a shape at
 * least: there is no default puzzle). */
struct dlx_sudoku_gen_options {
	const struct dlx_allocator *alloc; /* the generator's memory and its
					   builders' (copied); NULL: malloc */
	int		 boxr, boxc;	/* box shape; N = boxr*boxc, 4..36
					   (killer: up to 16) */
	unsigned	 extras;	/* DLX_SUDOKU_DIAGONALS, _WINDOWS */
	int		 jigsaw;	/* random regions instead of boxes */
	int		 killer;	/* random cages with their sums */
	int		 symmetry;	/* enum dlx_gen_symmetry */
	int		 max_givens;	/* keep only puzzles with at most this
					   many givens; 0: any */
	int		 grade;		/* keep only this dlx_logic grade
					   (classic only); 0: any */
	uint64_t	 seed;		/* PRNG seed */
	uint64_t	 max_attempts;	/* per puzzle, before DLX_INCOMPLETE;
					   0: 100000 */
	uint64_t	 effort;	/* search nodes one uniqueness check
					   may take; 0: by size and kind
					   (see above); DLX_GEN_EFFORT_NONE:
					   no bound */
	dlx_sudoku_gen_fn *progress;	/* or NULL */
	void		*progress_arg;
};

/* One puzzle made; everything belongs to the generator and is valid
 * until the next call. */
struct dlx_sudoku_genpuzzle {
	const struct dlx_sudoku_variant *variant; /* its variant (for
					   classic, nothing extra set) */
	const int	*puzzle;	/* N*N, 0 blank, 1..N */
	const int	*solution;	/* N*N */
	int		 givens;	/* givens in puzzle */
	int		 grade;		/* its dlx_logic grade, or 0 when
					   not rated (variants) */
	uint64_t	 attempts;	/* grids tried for it */
	int		 minimal;	/* 1: no given can go (every check
					   settled); 0: the effort bound
					   left some given unsettled, or
					   (with symmetry above 9x9) one
					   given alone could go */
};

/* What dlx_sudoku_gen_next() is doing (dlx_sudoku_gen_status()). */
struct dlx_sudoku_gen_status {
	uint64_t	 attempts;	/* grids tried for this puzzle, the
					   current one included */
	int		 stage;		/* enum dlx_gen_stage */
	int		 done, total;	/* steps of the stage: done of total */
	int		 givens;	/* givens left in the puzzle being
					   made (N*N before any goes) */
	uint64_t	 nodes;		/* search nodes for this puzzle */
	uint64_t	 unsettled;	/* checks of this grid that ran out of
					   effort (their givens stay) */
};

/* Stages of an attempt, in order. */
enum dlx_gen_stage {
	DLX_GEN_STAGE_GRID = 0,		/* making the full grid */
	DLX_GEN_STAGE_LOGIC = 1,	/* givens that the singles can do
					   without go */
	DLX_GEN_STAGE_SEARCH = 2,	/* the other givens, each checked
					   by search */
	DLX_GEN_STAGE_MINIMAL = 3,	/* with symmetry: each given alone */
	DLX_GEN_STAGE_GRADE = 4		/* the logic solver grades it */
};

typedef struct dlx_sudoku_gen dlx_sudoku_gen;

/*
 * Whether o asks for puzzles that can be made.  Returns DLX_OK, or
 * DLX_EINVAL with the reason in err->message (err may be NULL): o NULL,
 * a shape out of range,
 * windows with jigsaw, a grade with a variant, an unknown symmetry or
 * grade, killer above 16x16, hyper above 12x12, fewer givens than
 * dlx_sudoku_gen_min_givens(), or a grade no puzzle of the size has.
 */
int		 dlx_sudoku_gen_check(const struct dlx_sudoku_gen_options *o,
		    struct dlx_error *err);

/*
 * A lower bound on the givens of a puzzle of o's kind with one solution:
 * the proven minimum for classic 4x4 (4), 6x6 (8) and 9x9 (17); for other
 * shapes and for x, hyper and jigsaw N-1 (with two symbols missing, they
 * can be swapped in any solution); 0 for killer (the cages alone can make
 * it unique).  Returns -1 if o is NULL or its shape out of range.
 */
int		 dlx_sudoku_gen_min_givens(
		    const struct dlx_sudoku_gen_options *o);

/*
 * Make a generator of the puzzles o asks for (o is copied).  Returns
 * DLX_OK with *gp set; or DLX_EINVAL (gp NULL, or o refused by
 * dlx_sudoku_gen_check(), which says why, o NULL included) or DLX_ENOMEM,
 * with *gp unchanged and nothing allocated.
 */
int		 dlx_sudoku_gen_new(dlx_sudoku_gen **gp,
		    const struct dlx_sudoku_gen_options *o);

/* Free g.  dlx_sudoku_gen_free(NULL) does nothing. */
void		 dlx_sudoku_gen_free(dlx_sudoku_gen *g);

/*
 * Make the next puzzle into *p.  Returns DLX_OK; DLX_INCOMPLETE when
 * max_attempts grids gave none that met the targets; DLX_STOPPED when
 * progress asked (the attempt is dropped: calling again starts the next
 * puzzle afresh); DLX_ENOMEM.
 */
int		 dlx_sudoku_gen_next(dlx_sudoku_gen *g,
		    struct dlx_sudoku_genpuzzle *p);

/* Where the current (or last) dlx_sudoku_gen_next() is, into *st.
 * Returns DLX_OK, or DLX_EINVAL if g or st is NULL. */
int		 dlx_sudoku_gen_status(const dlx_sudoku_gen *g,
		    struct dlx_sudoku_gen_status *st);

/*
 * Seed g's PRNG again, as dlx_sudoku_gen_new() seeds it from o.seed: the
 * puzzles that follow are those a new generator with this seed would make.
 * Lets a program make puzzle i from a seed of its own (dlx-sudoku
 * --generate does, so the puzzles do not depend on the number of threads
 * making them).  Returns DLX_OK, or DLX_EINVAL if g is NULL.
 */
int		 dlx_sudoku_gen_seed(dlx_sudoku_gen *g, uint64_t seed);

#ifdef __cplusplus
}
#endif

#endif /* DLX_SUDOKU_GEN_H */
