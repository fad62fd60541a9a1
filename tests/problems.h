/*
 * problems.h: exact cover problems with known answers, built through the
 * public API of libdlx for the Check suites.  Each builder returns a new
 * matrix the caller frees with dlx_free(), or NULL if a libdlx call failed
 * (the tests treat that as a failure).
 */
#ifndef PROBLEMS_H
#define PROBLEMS_H

#include <stdint.h>

#include "dlx.h"

/*
 * Knuth's example from "Dancing Links": items A..G (0..6), options
 * 0: C E F, 1: A D G, 2: B C F, 3: A D, 4: B G, 5: D E G.
 */
dlx	*problem_knuth(void);

/*
 * n queens: ranks and files primary, listed r0 c0 r1 c1 ..., then the 2n-1
 * diagonals a(r+c) and the 2n-1 anti-diagonals b(r-c+n-1) secondary; one
 * option per square in row-major order.  For n = 8 this is item for item
 * and option for option tests/data/queens8.dlx.
 */
dlx	*problem_queens(int n);

/*
 * Langford pairs: primary items v1..vn then s1..s2n; for each value i and
 * first position j, the option "vi sj s(j+i+1)".  Reversals are distinct
 * solutions.  For n = 8 this is tests/data/langford8.dlx.
 */
dlx	*problem_langford(int n);

/*
 * The empty sudoku of n*n rows with boxes of n x n cells: items p(r,c),
 * then r(r,d), c(c,d), b(box,d), all primary; option (r*N+c)*N+(d-1)
 * places digit d in row r, column c (N = n*n).  For n = 2 this is
 * tests/data/sudoku4-empty.dlx.
 */
dlx	*problem_sudoku(int n);

/* Option number of "digit d (1..N) at row r, column c" in problem_sudoku. */
int	 sudoku_option(int n, int r, int c, int d);

/*
 * The 3x3 magic square with colors; see problems.c for the encoding.
 * magic_decode() turns one of its solutions back into the grid (cell
 * 3*r+c holds a digit 1..9) and returns 0, or -1 if the options do not
 * describe a consistent grid.
 */
dlx	*problem_magic(void);
int	 magic_decode(const int *options, size_t n, int grid[9]);

/*
 * The twelve pentominoes in a rectangle of rows x cols = 60 cells: items
 * the pieces 0..11 (F I L N P T U V W X Y Z), then the cells row by row,
 * all primary; an option per piece, orientation and place.  Tilings
 * (rotations and reflections distinct): 3x20 8, 4x15 1472.
 */
dlx	*problem_pentomino(int rows, int cols);

/*
 * The problems the drivers' suites loop over, by number 0 ..
 * PROBLEM_NSET - 1: queens 8 (92 solutions), the empty 4x4 sudoku (288),
 * Langford pairs n = 8 (300, reversals counted), the magic square with
 * colors (8).  NULL if out of memory.
 */
#define PROBLEM_NSET	4
dlx	*problem_numbered(int i);

/*
 * A matrix in Knuth's DLX text format, read by a small reader of its own
 * (not the library's): lines starting with '|' are comments, the first
 * other line names the items with a '|' between primary and secondary
 * ones, each further line is an option, "item:color" gives a color.  Item
 * names are set with dlx_set_item_name().  Returns NULL on any error.
 */
dlx	*problem_read(const char *path);

/*
 * Small random problems for the suites that check a search against a
 * brute force over all subsets of the options (check_comp.c,
 * check_mult.c).  Items are numbered 0..np-1 (primary), then np..np+ns-1
 * (secondary); every option holds a primary item.
 */
#define PROBLEM_SMALL_MAXP	6	/* primary items */
#define PROBLEM_SMALL_MAXS	3	/* secondary items */
#define PROBLEM_SMALL_MAXO	12	/* options: 2^12 subsets */

struct problem_small {
	int	np, ns, no;		/* primary, secondary items; options */
	int	bounds;			/* lo and hi given to the matrix */
	int	lo[PROBLEM_SMALL_MAXP];	/* bounds of the primary items */
	int	hi[PROBLEM_SMALL_MAXP];	/* (1..1 unless bounds) */
	int	n[PROBLEM_SMALL_MAXO];	/* items of each option */
	int	item[PROBLEM_SMALL_MAXO][PROBLEM_SMALL_MAXP +
		    PROBLEM_SMALL_MAXS];
	int	color[PROBLEM_SMALL_MAXO][PROBLEM_SMALL_MAXP +
		    PROBLEM_SMALL_MAXS];
};

/* xorshift64: the next word of the state *s (not 0), the same on every
 * platform; problem_rnd() a number in [0, n). */
uint64_t problem_rnd64(uint64_t *s);
int	 problem_rnd(uint64_t *s, int n);

/*
 * A random small problem from *s: 1..maxp primary items (maxp at most
 * PROBLEM_SMALL_MAXP), 0..PROBLEM_SMALL_MAXS secondary ones, 1..12
 * options of a random primary item and a third of the others; secondary
 * items colored 0..2 if colors; with bounds, random bounds lo..hi
 * (hi 0..3) on the primary items, else 1..1.
 */
void	 problem_small_gen(uint64_t *s, struct problem_small *p, int maxp,
	    int colors, int bounds);

/*
 * Whether the options of mask (bit o for option o) keep the upper bounds
 * and the rules of secondary items (an item taken uncolored is taken
 * once; colored, always in the same color), and, if full, the lower
 * bounds too: with full, whether they are a solution.
 */
int	 problem_small_valid(const struct problem_small *p, uint32_t mask,
	    int full);

/* The solutions of p, by trying every subset of its options. */
uint64_t problem_small_count(const struct problem_small *p);

/*
 * The matrix of the problems p[0..nb-1] side by side: p[j]'s items after
 * those of the ones before it (primary and secondary apart), the options
 * interleaved so that no problem's options stand together (one problem:
 * option o is p's option o), and the bounds of those made with bounds.
 * NULL if a libdlx call failed.
 */
dlx	*problem_small_build(const struct problem_small *p, int nb);

/*
 * A trace of the solutions a search visits, in order: how many, and a
 * hash of every option of each.  problem_trace_visit() is a struct
 * dlx_request visit callback whose argument is a struct problem_trace
 * (zeroed before the search).
 */
struct problem_trace {
	uint64_t	n;		/* solutions */
	uint64_t	hash;		/* of every option of each, in order */
};

int	 problem_trace_visit(void *arg, const int *options, size_t n);

#endif /* PROBLEMS_H */
