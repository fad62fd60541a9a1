/*
 * sudoku_model.h: the sudoku geometry as data, inside libdlx (not
 * installed).
 *
 * A model is N, the list of units (each N cells that hold every symbol
 * once: rows, columns, boxes or jigsaw regions, diagonals, windows) and
 * the killer cages, with the rules every module applies to a shape and
 * the symbol set that writes the symbols.  The builder (sudoku.c), the
 * puzzle reader, the variant reader, the generator and the logic solver
 * (its houses are the model's units, and its search names the model's
 * items) all go through it, so the shape check, the box formula, the item
 * numbering, the unit order and the default alphabet live here only.
 *
 * Item numbering of the matrix (nunits = 3N + extra units):
 *
 *	r*N + c				cell (r,c) is filled
 *	N*N + u*N + v			unit u has symbol v
 *	N*N + nunits*N + g		cage g has its digits chosen
 *	N*N + nunits*N + ncages		"struck" (a marks matrix only)
 * and, secondary, from P = the number of primary items:
 *	P + g*2N + v			"v is in cage g's set" (colored)
 *	P + g*2N + N + v		"v is used in cage g"
 *
 * A marks matrix (sm_matrix() with struck candidates) has the same
 * options in the same order, each struck one naming "struck" too, and
 * one more option last, "struck" alone: forcing it takes every struck
 * candidate out of the search, whatever engine runs it.
 *
 * Units come rows, columns, boxes (or regions), diagonals, windows, so a
 * classic model numbers its items exactly as dlx_sudoku.h has always said.
 */
#ifndef DLX_SUDOKU_MODEL_H
#define DLX_SUDOKU_MODEL_H

#include <stdint.h>

#include "lib/core/alloc.h"
#include "dlx_sudoku.h"

/* Most units: rows, columns, boxes, 2 diagonals, up to N windows. */
#define SM_MAXUNITS	(4 * DLX_SUDOKU_MAXN + 2)
/* Most units one cell belongs to: row, column, box, 2 diagonals, 1
 * window (windows do not overlap). */
#define SM_CELLUNITS	6

struct sm_model {
	struct dlx_allocator mem;	/* every block of the model, and its
					   matrix (alloc.h) */
	int	 n, boxr, boxc;
	int	 nunits;
	int	 unit[SM_MAXUNITS][DLX_SUDOKU_MAXN];
					/* cells of each unit, reading order */
	int	 ukind[SM_MAXUNITS];	/* DLX_SUDOKU_ROW ... _WINDOW */
	int	 uindex[SM_MAXUNITS];	/* number within its kind, from 0 */
	int	 ncu[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];
					/* units of each cell ... */
	int	 cu[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN][SM_CELLUNITS];
					/* ... and which, ascending */
	int	 ncages;		/* 0 unless killer */
	int	*cage;			/* N*N cage numbers, or NULL */
	int	*sum;			/* ncages sums */
	int	*csize;			/* ncages cage sizes */
	int	 regions[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];
	struct dlx_sudoku_variant v;	/* the description, pointing into
					   this model's own arrays */
};

/*
 * Shapes.  One rule for every module: boxes of boxr x boxc cells with
 * boxr, boxc >= 1 and DLX_SUDOKU_MINN <= boxr*boxc <= DLX_SUDOKU_MAXN.
 */
int		 sm_shape_ok(int boxr, int boxc);

/* Box number of (r,c) for boxes of boxr x boxc: boxes are numbered left
 * to right, top to bottom. */
int		 sm_box_of(int boxr, int boxc, int r, int c);

/*
 * Cell k (0..N-1) of unit u of a classic grid with boxes of boxr x boxc:
 * units 0..N-1 are the rows, N..2N-1 the columns, 2N..3N-1 the boxes, each
 * read in reading order.  The one box formula: make_units() and
 * dlx_sudoku_check() both call it.
 */
int		 sm_classic_cell(int boxr, int boxc, int u, int k);

/*
 * Item and option numbers (see the table above).  Symbols v are from 0
 * here, as in the matrix; cells x are r*N + c.
 */
#define SM_CELL_ITEM(n, x)	(x)
#define SM_UNIT_ITEM(n, u, v)	((n) * (n) + (u) * (n) + (v))
#define SM_OPTION(n, x, v)	((x) * (n) + (v))
#define SM_OPTION_CELL(n, o)	((o) / (n))
#define SM_OPTION_SYMBOL(n, o)	((o) % (n))

/* Check v and make its model with the allocator mem (see alloc.h); NULL
 * with *rc DLX_EINVAL (and *e filled if not NULL) or DLX_ENOMEM. */
struct sm_model	*sm_new(const struct dlx_sudoku_variant *v,
		    struct dlx_error *e,
		    const struct dlx_allocator *mem, int *rc);
void		 sm_free(struct sm_model *m);

/* Primary items of m's matrix: cells, unit symbols, then cages. */
int		 sm_nprimary(const struct sm_model *m);

/*
 * The items of option "cell x holds symbol v" (v from 0) that do not
 * concern cages, in the order the matrix lists them: the cell, then its
 * units in ascending order.  Returns how many (at most 1 + SM_CELLUNITS).
 */
int		 sm_option_items(const struct sm_model *m, int x, int v,
		    int *items);

/*
 * The exact cover matrix of m (see above); NULL when out of memory or
 * too big (*rc says which).  struck NULL: the plain matrix; else
 * struck[x] (N*N masks, bit v for symbol v from 0) are the candidates
 * struck in cell x, and the matrix is the marks matrix above.
 */
dlx		*sm_matrix(const struct sm_model *m, const uint64_t *struck,
		    int *rc);

/*
 * First symbol repeated in a unit or a cage among cells (0 blank, 1..N),
 * units in order, then cages: DLX_ECONFLICT with *conf, or DLX_OK.
 * DLX_EINVAL when a cell is out of range.  With m NULL the units are the
 * classic ones of boxes of boxr x boxc (for a check that needs no model).
 */
int		 sm_check(const struct sm_model *m, int boxr, int boxc,
		    const int *cells, struct dlx_sudoku_conflict *conf);

/*
 * A symbol set: how the N symbols of a puzzle are written.  An alphabet
 * (as dlx_sudoku_parse_symbols() makes it) gives each symbol a character;
 * NULL is the default one, DLX_SUDOKU_SYMBOLS; an alphabet shorter than
 * N (such as "") writes the symbols as decimal numbers 1..N.
 */
struct sm_symbols {
	int	 n;				/* N */
	int	 numbers;			/* write numbers, not chr */
	char	 chr[DLX_SUDOKU_MAXN + 1];	/* chr[v-1] writes symbol v */
};

void		 sm_symbols_init(struct sm_symbols *sy, const char *alphabet,
		    int n);
/* The text of symbol v (1..N; "?" otherwise) into buf, NUL-terminated
 * (buf has room for 4 bytes).  Returns its length. */
int		 sm_symbol_text(const struct sm_symbols *sy, int v, char *buf);

/*
 * The orbit of cell x (r*N + c) of an N x N grid under symmetry (enum
 * dlx_gen_symmetry of dlx_sudoku_gen.h): its distinct images, x first,
 * into orbit[0..3].  Returns how many (1 to 4); 1 for an unknown
 * symmetry.  The generator and the minimizer take givens away an orbit
 * at a time, so a symmetric puzzle stays symmetric.
 */
int		 sm_orbit(int n, int symmetry, int x, int *orbit);

/*
 * The PRNG of the generator and the minimizer: xorshift128+, seeded
 * through splitmix64, so that a seed gives the same puzzles on every
 * machine.  sm_rng_below(): uniform in 0..n-1 (n small: the bias of the
 * multiply is < 2^-32); sm_shuffle(): a Fisher-Yates shuffle of a[0..n-1].
 */
void		 sm_rng_seed(uint64_t rng[2], uint64_t seed);
uint64_t	 sm_rng_next(uint64_t rng[2]);
int		 sm_rng_below(uint64_t rng[2], int n);
void		 sm_shuffle(uint64_t rng[2], int *a, int n);

/*
 * dlx_sudoku_candidate_counts() with its thresholds as arguments (see
 * sudoku_cands.c): the enumeration's node budget before the puzzle is
 * counted, and the most solutions enumerated on the bit boards and by a
 * visit.  For the tests, which take each way on small puzzles.
 */
int		 sm_candidate_counts(dlx_sudoku *s,
		    const struct dlx_request *rq, struct dlx_wide *counts,
		    struct dlx_wide *total, uint64_t enum_nodes,
		    uint64_t enum_max_bits, uint64_t enum_max_visit);

#endif /* DLX_SUDOKU_MODEL_H */
