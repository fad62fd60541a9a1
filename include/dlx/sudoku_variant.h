/*
 * sudoku_variant.h: sudoku variants as data on the one sudoku model.
 *
 * A variant is classic sudoku plus regions and constraints described by
 * a struct dlx_sudoku_variant: the main diagonals (X sudoku), the extra
 * "windows" of hyper sudoku (windoku), irregular regions in place of the
 * boxes (jigsaw), and cages with sums (killer).  They combine freely where
 * the geometry allows (killer X, jigsaw X, ...).  Every unit, row, column,
 * box, diagonal, window or jigsaw region, is the same thing to the model:
 * a list of N cells that holds each symbol once, i.e. N primary items.
 *
 * A cage of k cells with sum S is encoded with colors, not by listing the
 * permutations of its digits: one primary item "cage g" whose options each
 * choose a set D of k distinct digits summing to S, and for every digit v
 * a secondary item "digit v in cage g" that the cage option colors IN
 * (v in D) or OUT, while "cell (r,c) holds v" asks for IN.  A second,
 * uncolored secondary item per digit and cage stops a digit from filling
 * two cells of one cage.  A 9x9 killer cage of 4 cells with sum 20 is
 * then 12 options instead of 12 * 4! placements.
 *
 * dlx_sudoku_new_variant() builds the matrix; everything else of sudoku.h
 * (givens, decoding, the search) works on it unchanged.  Options 0 ..
 * N*N*N - 1 stay "cell (r,c) holds v" as in classic sudoku; the cage
 * options come after them and dlx_sudoku_decode() skips them.
 *
 * The text form of a variant puzzle (dlx_sudoku_variant_read(),
 * dlx_sudoku_variant_format()) is documented in dlx-sudoku(1):
 *
 *	variant killer
 *	.........            the givens, N rows as in classic puzzles
 *	...
 *	aabbccdde            killer: the cage map, one label per cell
 *	...
 *	a=3 b=15 c=22 ...    killer: the sums, label=sum
 *
 * Like the rest of libdlx these functions never print or exit.
 */
#ifndef DLX_SUDOKU_VARIANT_H
#define DLX_SUDOKU_VARIANT_H

#include <stddef.h>
#include <stdio.h>

#include "sudoku.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Extra units (flags of struct dlx_sudoku_variant's extras). */
#define DLX_SUDOKU_DIAGONALS	0x1	/* X: both main diagonals */
#define DLX_SUDOKU_WINDOWS	0x2	/* hyper: boxes of R x C whose corners
					   are at rows 1, R+2, 2R+3, ... and
					   columns 1, C+2, ... (from 0) while
					   they fit: 4 on a 9x9 */

/* Conflict kinds beyond those of sudoku.h. */
#define DLX_SUDOKU_REGION	4	/* a jigsaw region */
#define DLX_SUDOKU_DIAGONAL	5	/* diagonal 1 (\) or 2 (/) */
#define DLX_SUDOKU_WINDOW	6	/* a hyper window */
#define DLX_SUDOKU_CAGE		7	/* a killer cage */

/* Most cages in one puzzle. */
#define DLX_SUDOKU_MAXCAGES	(DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN)

/*
 * A variant.  The arrays belong to the caller; functions that keep the
 * variant copy them.
 */
struct dlx_sudoku_variant {
	int		 n;		/* N symbols, rows, columns */
	int		 boxr, boxc;	/* box shape; 0, 0 when regions is
					   set (no boxes) */
	unsigned	 extras;	/* DLX_SUDOKU_DIAGONALS, _WINDOWS */
	const int	*regions;	/* jigsaw: N*N region numbers 0..N-1
					   in place of the boxes; or NULL */
	int		 ncages;	/* killer: number of cages, or 0 */
	const int	*cages;		/* killer: N*N cage numbers
					   0..ncages-1; or NULL */
	const int	*sums;		/* killer: sum of each cage */
};

/* Why a variant is not valid (dlx_sudoku_variant_check()). */
struct dlx_sudoku_variant_error {
	int		 cell;		/* the cell at fault (r*N + c), or -1 */
	char		 message[160];	/* what is wrong, numbered from 1 */
};

/*
 * Check v: a shape dlx_sudoku_new() would take (N at least 4), or
 * regions with N cells each, every region connected (by sides), every
 * cell in a cage, cages connected, no cage larger than N, every sum
 * possible for its cage's size (k distinct symbols 1..N), windows only
 * with boxes.  Returns DLX_OK, or DLX_EINVAL with *e filled (e may be
 * NULL).
 */
int		 dlx_sudoku_variant_check(const struct dlx_sudoku_variant *v,
		    struct dlx_sudoku_variant_error *e);

/*
 * Build the exact cover matrix of v (see above), checked first.  Returns
 * DLX_OK with *sp set, DLX_EINVAL (v invalid; *e says why when e is not
 * NULL) or DLX_ENOMEM, with *sp unchanged.  The result is a dlx_sudoku:
 * dlx_sudoku_set_givens() checks givens against every unit and cage (a
 * repeated symbol is DLX_ECONFLICT with the unit or cage in conf),
 * dlx_sudoku_boxr()/boxc() give 0 for jigsaw.
 */
int		 dlx_sudoku_new_variant(dlx_sudoku **sp,
		    const struct dlx_sudoku_variant *v,
		    struct dlx_sudoku_variant_error *e);

/* The variant s was built from (owned by s), or NULL for classic. */
/* As dlx_sudoku_new_variant(), with every allocation from a (copied;
 * NULL: malloc). */
int		 dlx_sudoku_new_variant_custom(dlx_sudoku **sp,
		    const struct dlx_sudoku_variant *v,
		    struct dlx_sudoku_variant_error *e,
		    const struct dlx_allocator *a);

const struct dlx_sudoku_variant *dlx_sudoku_get_variant(const dlx_sudoku *s);

/* The name of v's kind as the header line spells it, e.g. "killer x";
 * "classic" when v has nothing extra.  Static text. */
const char	*dlx_sudoku_variant_name(const struct dlx_sudoku_variant *v);

/* ---- reading and writing the text form ------------------------------ */

typedef struct dlx_sudoku_vreader dlx_sudoku_vreader;

/*
 * A reader of variant puzzles from fp (not owned).  defname is the
 * variant assumed for a puzzle without a header line (as --variant
 * takes it: "x", "hyper", "jigsaw", "killer", words joined by spaces or
 * commas), or NULL: then every puzzle needs one.  boxr, boxc: box shape
 * when the header gives none, or 0, 0 to take it from the row length.
 * symbols: alphabet as in struct dlx_sudoku_read_opts, or NULL.
 * Returns DLX_OK, DLX_EINVAL (bad defname, shape or arguments) or
 * DLX_ENOMEM.
 */
int		 dlx_sudoku_vreader_new(dlx_sudoku_vreader **rp, FILE *fp,
		    const char *defname, int boxr, int boxc,
		    const char *symbols);

/* As dlx_sudoku_vreader_new(), with every allocation from a (copied;
 * NULL: malloc). */
int		 dlx_sudoku_vreader_new_custom(dlx_sudoku_vreader **rp,
		    FILE *fp, const char *defname, int boxr, int boxc,
		    const char *symbols, const struct dlx_allocator *a);

/* Free r.  dlx_sudoku_vreader_free(NULL) does nothing. */
void		 dlx_sudoku_vreader_free(dlx_sudoku_vreader *r);

/*
 * Read the next puzzle: returns DLX_SUDOKU_PUZZLE with *p (givens, line of
 * the header or first row, boxr = boxc = N for jigsaw so that grids print
 * without boxes) and *v (the variant) filled, both valid until the next
 * call; DLX_SUDOKU_BAD with *e filled (reading goes on with the next
 * puzzle, at the next header line or after a blank line); DLX_SUDOKU_EOF;
 * or DLX_SUDOKU_EREAD.  Faults reported with their line and column: an
 * unknown variant word, rows of the wrong length, too few rows, regions
 * of the wrong size or not connected, a cell in no cage, a cage without a
 * sum, a sum without a cage, impossible sums.
 */
int		 dlx_sudoku_vread(dlx_sudoku_vreader *r,
		    struct dlx_sudoku_puzzle *p, struct dlx_sudoku_variant *v,
		    struct dlx_sudoku_error *e);

/*
 * Write puzzle cells (N*N, 0 blank) of variant v in the text form the
 * reader takes, header line first, into buf (size bytes, terminated when
 * size > 0).  symbols as in dlx_sudoku_conflict_text(): NULL for 1-9A-Z.
 * Returns the length the full text needs, as snprintf() does, or 0 when
 * v has more cages than there are labels (84).
 */
size_t		 dlx_sudoku_variant_format(const struct dlx_sudoku_variant *v,
		    const int *cells, const char *symbols, char *buf,
		    size_t size);

#ifdef __cplusplus
}
#endif

#endif /* DLX_SUDOKU_VARIANT_H */
