/*
 * sudoku_gen.h: a generator of sudoku puzzles, classic and variant, each
 * with exactly one solution and minimal: removing any one given leaves
 * more than one solution.
 *
 *	struct dlx_sudoku_gen_opts o = { .boxr = 3, .boxc = 3, .seed = 1 };
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
 * puzzle stays unique.  Without symmetry one such pass gives a minimal
 * puzzle (a given that could not go when it was tried cannot go later,
 * with fewer givens around it); with symmetry every remaining given is
 * checked alone as well, and a puzzle that is not minimal is discarded.
 * Everything random comes from the generator's own PRNG seeded by
 * o.seed, so a seed gives the same puzzles on every machine.
 */
#ifndef DLX_SUDOKU_GEN_H
#define DLX_SUDOKU_GEN_H

#include <stdint.h>

#include "sudoku_variant.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Symmetry of the givens. */
#define DLX_GEN_SYM_NONE	0
#define DLX_GEN_SYM_180		1	/* (r,c) and (N-1-r, N-1-c) */
#define DLX_GEN_SYM_90		2	/* the four quarter turns */
#define DLX_GEN_SYM_MIRROR	3	/* (r,c) and (r, N-1-c) */

/* Called between attempts; nonzero makes dlx_sudoku_gen_next() return
 * DLX_STOPPED. */
typedef int	 dlx_sudoku_gen_fn(void *arg, uint64_t attempts);

/* What to make.  Zero-initialize, then set what you need. */
struct dlx_sudoku_gen_opts {
	int		 boxr, boxc;	/* box shape; N = boxr*boxc, 4..36
					   (killer: up to 16) */
	unsigned	 extras;	/* DLX_SUDOKU_DIAGONALS, _WINDOWS */
	int		 jigsaw;	/* random regions instead of boxes */
	int		 killer;	/* random cages with their sums */
	int		 symmetry;	/* DLX_GEN_SYM_* */
	int		 max_givens;	/* keep only puzzles with at most this
					   many givens; 0: any */
	int		 grade;		/* keep only this dlx_logic grade
					   (classic only); 0: any */
	uint64_t	 seed;		/* PRNG seed */
	uint64_t	 max_attempts;	/* per puzzle, before DLX_INCOMPLETE;
					   0: 100000 */
	dlx_sudoku_gen_fn *progress;	/* or NULL */
	void		*progress_arg;
	const struct dlx_allocator *alloc; /* the generator's memory and its
					   builders' (copied); NULL: malloc */
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
};

typedef struct dlx_sudoku_gen dlx_sudoku_gen;

/*
 * Make a generator.  Returns DLX_OK with *gp set; DLX_EINVAL for a shape
 * out of range, windows with jigsaw, a grade with a variant, an unknown
 * symmetry, killer above 16x16; DLX_ENOMEM.
 */
int		 dlx_sudoku_gen_new(dlx_sudoku_gen **gp,
		    const struct dlx_sudoku_gen_opts *o);

/* Free g.  dlx_sudoku_gen_free(NULL) does nothing. */
void		 dlx_sudoku_gen_free(dlx_sudoku_gen *g);

/*
 * Make the next puzzle into *p.  Returns DLX_OK; DLX_INCOMPLETE when
 * max_attempts grids gave none that met the targets; DLX_STOPPED when
 * progress asked; DLX_ENOMEM.
 */
int		 dlx_sudoku_gen_next(dlx_sudoku_gen *g,
		    struct dlx_sudoku_genpuzzle *p);

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
