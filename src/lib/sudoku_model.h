/*
 * sudoku_model.h: the sudoku geometry as data, inside libdlx (not
 * installed).
 *
 * A model is N, the list of units (each N cells that hold every symbol
 * once: rows, columns, boxes or jigsaw regions, diagonals, windows) and
 * the killer cages.  The builder (sudoku.c), the variant reader and the
 * generator all go through it, so the box formula, the item numbering and
 * the unit order live here only.
 *
 * Item numbering of the matrix (nunits = 3N + extra units):
 *
 *	r*N + c				cell (r,c) is filled
 *	N*N + u*N + v			unit u has symbol v
 *	N*N + nunits*N + g		cage g has its digits chosen
 * and, secondary, from P = the number of primary items:
 *	P + g*2N + v			"v is in cage g's set" (colored)
 *	P + g*2N + N + v		"v is used in cage g"
 *
 * Units come rows, columns, boxes (or regions), diagonals, windows, so a
 * classic model numbers its items exactly as sudoku.h has always said.
 */
#ifndef DLX_SUDOKU_MODEL_H
#define DLX_SUDOKU_MODEL_H

#include "sudoku_variant.h"

/* Most units: rows, columns, boxes, 2 diagonals, up to N windows. */
#define SM_MAXUNITS	(4 * DLX_SUDOKU_MAXN + 2)
/* Most units one cell belongs to: row, column, box, 2 diagonals, 1
 * window (windows do not overlap). */
#define SM_CELLUNITS	6

struct sm_model {
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

/* Check v and make its model; NULL with *rc DLX_EINVAL (and *e filled if
 * not NULL) or DLX_ENOMEM. */
struct sm_model	*sm_new(const struct dlx_sudoku_variant *v,
		    struct dlx_sudoku_variant_error *e, int *rc);
void		 sm_free(struct sm_model *m);

/* The exact cover matrix of m (see above); NULL when out of memory or
 * too big (*rc says which). */
dlx		*sm_matrix(const struct sm_model *m, int *rc);

/* First symbol repeated in a unit or a cage among cells (0 blank, 1..N),
 * units in order, then cages: DLX_ECONFLICT with *conf, or DLX_OK.
 * DLX_EINVAL when a cell is out of range. */
int		 sm_check(const struct sm_model *m, const int *cells,
		    struct dlx_sudoku_conflict *conf);

/* Box number of (r,c) for boxes of boxr x boxc. */
int		 sm_box_of(int boxr, int boxc, int r, int c);

#endif /* DLX_SUDOKU_MODEL_H */
