/*
 * dlx_sudoku.h: sudoku as exact cover on libdlx, its variants, and
 * streaming puzzle readers.
 *
 * A sudoku with boxes of R x C cells has N = R*C rows, columns, boxes and
 * symbols.  It is the exact cover problem with 4*N*N primary items
 *
 *	cell (r,c)		every cell holds one symbol,
 *	row r has v		every row holds each symbol once,
 *	column c has v		likewise for columns,
 *	box b has v		and boxes,
 *
 * and N*N*N options "cell (r,c) holds v", each naming one item of every
 * kind.  The matrix is built once per box shape (dlx_sudoku_new()); a
 * puzzle's givens are imposed by forcing their options
 * (dlx_sudoku_set_givens()) and released afterwards (dlx_sudoku_clear()),
 * so a file of a million puzzles never rebuilds it.  Searching is done
 * with the search of dlx.h on dlx_sudoku_matrix(); dlx_sudoku_decode()
 * turns a solution's options back into a grid.
 *
 * Rows, columns, boxes and symbols are numbered from 0 in the calls and
 * structures below (symbol 0 is the first symbol), except in cell arrays,
 * where 0 is a blank and 1..N the symbols.  Boxes are numbered left to
 * right, top to bottom.  Messages number everything from 1, as people do.
 *
 * The reader (dlx_sudoku_reader_*) takes puzzles from a stdio stream in
 * any mix of the usual text forms, one at a time, in constant memory; a
 * bad puzzle yields an error record and reading goes on with the next one.
 * To read from memory (tests, fuzzing), open the buffer with fmemopen().
 *
 * Variants are data on the same model (struct dlx_sudoku_variant, given
 * to dlx_sudoku_new() in its options): the main diagonals (X sudoku), the
 * extra "windows" of hyper sudoku (windoku), irregular regions in place of
 * the boxes (jigsaw), and cages with sums (killer).  They combine freely
 * where the geometry allows (killer X, jigsaw X, ...).  Every unit, row,
 * column, box, diagonal, window or jigsaw region, is the same thing to the
 * model: a list of N cells that holds each symbol once, i.e. N primary
 * items.
 *
 * A cage of k cells with sum S is encoded with colors, not by listing the
 * permutations of its digits: one primary item "cage g" whose options each
 * choose a set D of k distinct digits summing to S, and for every digit v
 * a secondary item "digit v in cage g" that the cage option colors IN
 * (v in D) or OUT, while "cell (r,c) holds v" asks for IN.  A second,
 * uncolored secondary item per digit and cage stops a digit from filling
 * two cells of one cage.  A 9x9 killer cage of 4 cells with sum 20 is
 * then 12 options instead of 12 * 4! placements.  Options 0 .. N*N*N - 1
 * stay "cell (r,c) holds v" as in classic sudoku; the cage options come
 * after them and dlx_sudoku_decode() skips them.
 *
 * The text form of a variant puzzle (dlx_sudoku_vread(),
 * dlx_sudoku_variant_format()) is documented in dlx-sudoku(1):
 *
 *	variant killer
 *	.........            the givens, N rows as in classic puzzles
 *	...
 *	aabbccdde            killer: the cage map, one label per cell
 *	...
 *	a=3 b=15 c=22 ...    killer: the sums, label=sum
 *
 * Like the rest of libdlx these functions never print or exit; they return
 * the codes of dlx.h and the statuses below.  A call that can say more
 * about a failure takes a struct dlx_error (dlx.h) as its last argument,
 * which may be NULL.
 */
#ifndef DLX_SUDOKU_H
#define DLX_SUDOKU_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dlx.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Box shapes: every function of the sudoku modules accepts boxes of R x C
 * cells with R, C >= 1 and DLX_SUDOKU_MINN <= N = R*C <= DLX_SUDOKU_MAXN
 * (36 symbols: 1-9 and A-Z need --symbols help for the 36th, numbers do
 * not).
 */
#define DLX_SUDOKU_MINN		4
#define DLX_SUDOKU_MAXN		36

/* The default alphabet: symbol v is written DLX_SUDOKU_SYMBOLS[v-1]. */
#define DLX_SUDOKU_SYMBOLS	"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

/* Most cages in one puzzle. */
#define DLX_SUDOKU_MAXCAGES	(DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN)

/* Most cages the text form can name, one character each
 * (dlx_sudoku_variant_format()); the generator makes no more. */
#define DLX_SUDOKU_LABELS	84

/* Longest line the classic reader accepts, in bytes; a longer one is
 * rejected and skipped in constant memory. */
#define DLX_SUDOKU_MAXLINE	65536

/*
 * Results of the readers (dlx_sudoku_read(), dlx_sudoku_vread()), in the
 * sudoku range of dlx.h (statuses 200..299, errors -200..-299).
 */
enum dlx_sudoku_status {
	DLX_SUDOKU_EOF = 200,		/* no more puzzles */
	DLX_SUDOKU_PUZZLE = 201,	/* *p holds the next puzzle */
	DLX_SUDOKU_BAD = 202,		/* *err says why the next puzzle was
					   rejected; reading can go on */
	DLX_SUDOKU_EREAD = -201		/* the stream failed (ferror; errno
					   says why) */
};

/* The units a symbol may not repeat in: a conflict's kind. */
enum dlx_sudoku_unit {
	DLX_SUDOKU_ROW = 1,
	DLX_SUDOKU_COLUMN = 2,
	DLX_SUDOKU_BOX = 3,
	DLX_SUDOKU_REGION = 4,		/* a jigsaw region */
	DLX_SUDOKU_DIAGONAL = 5,	/* diagonal 1 (\) or 2 (/) */
	DLX_SUDOKU_WINDOW = 6,		/* a hyper window */
	DLX_SUDOKU_CAGE = 7		/* a killer cage */
};

/* Extra units, flags of struct dlx_sudoku_variant's extras. */
enum dlx_sudoku_extra {
	DLX_SUDOKU_DIAGONALS = 0x1,	/* X: both main diagonals */
	DLX_SUDOKU_WINDOWS = 0x2	/* hyper: boxes of R x C whose corners
					   are at rows 1, R+2, 2R+3, ... and
					   columns 1, C+2, ... (from 0) while
					   they fit: 4 on a 9x9 */
};

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

typedef struct dlx_sudoku dlx_sudoku;

/* How to build.  Zero-initialize, then set what you need; NULL means all
 * defaults. */
struct dlx_sudoku_options {
	const struct dlx_allocator *alloc; /* every allocation of the object
					   and its matrix (copied); NULL:
					   malloc */
	const struct dlx_sudoku_variant *variant; /* a variant (copied), or
					   NULL for classic sudoku */
};

/*
 * Build the exact cover matrix of sudoku with boxes of boxr rows and boxc
 * columns (a shape as above), or of the variant opt->variant, whose shape
 * boxr and boxc must repeat (0, 0 for jigsaw).  A variant is checked first
 * (dlx_sudoku_variant_check(), which says why it is refused).  Stores the
 * new object in *sp and returns DLX_OK, or returns DLX_EINVAL (sp NULL, a
 * bad shape, an invalid variant or one of another shape, an allocator
 * lacking a function) or DLX_ENOMEM, with *sp unchanged and nothing
 * allocated.  Free with dlx_sudoku_free().  With a variant the result is
 * a dlx_sudoku like any other: dlx_sudoku_set_givens() checks givens
 * against every unit and cage, dlx_sudoku_boxr() and _boxc() give 0 for
 * jigsaw.
 */
int		 dlx_sudoku_new(dlx_sudoku **sp, int boxr, int boxc,
		    const struct dlx_sudoku_options *opt);

/* Free s and its matrix.  dlx_sudoku_free(NULL) does nothing. */
void		 dlx_sudoku_free(dlx_sudoku *s);

/* N, and the box shape given to dlx_sudoku_new(). */
int		 dlx_sudoku_size(const dlx_sudoku *s);
int		 dlx_sudoku_boxr(const dlx_sudoku *s);
int		 dlx_sudoku_boxc(const dlx_sudoku *s);

/*
 * The matrix of the puzzle in force, for the searches of dlx.h
 * (dlx_count() and the rest).  It belongs to s: do not free it, add
 * options to it or force options on it behind s's back.  A puzzle of
 * pencil marks has a matrix of its own (dlx_sudoku_set_marks()): ask
 * again after each set_givens, set_marks or clear.
 */
dlx		*dlx_sudoku_matrix(dlx_sudoku *s);

/* Option number of "cell (row,col) holds symbol v" (all from 0), or -1 if
 * an argument is out of range.  The options are numbered
 * (row*N + col)*N + v. */
int		 dlx_sudoku_option(const dlx_sudoku *s, int row, int col, int v);

/* Two givens that cannot both stand, for a caller that shows both cells
 * (see dlx_sudoku_check()). */
struct dlx_sudoku_conflict {
	enum dlx_sudoku_unit kind;	/* the unit's kind */
	int		 unit;		/* which row, column, box, ... from 0 */
	int		 symbol;	/* the repeated symbol, 1..N */
	int		 row1, col1;	/* the first of the two cells, in
					   reading order */
	int		 row2, col2;	/* the second */
};

/*
 * Check the givens cells[0..N*N-1] (row-major, 0 blank, 1..N a symbol) of a
 * sudoku with boxes of boxr x boxc for a symbol repeated in a row, a
 * column or a box, in that order of search: rows top to bottom first, then
 * columns, then boxes.  Returns DLX_OK, DLX_ECONFLICT, or DLX_EINVAL (bad
 * shape, a cell out of range, cells NULL).  On DLX_ECONFLICT the first
 * clash found goes to *conf (if conf is not NULL) and to *err (if err is
 * not NULL): code DLX_ECONFLICT, cell the second cell of the two (r*N +
 * c), message as dlx_sudoku_conflict_text() writes it with the default
 * alphabet.  Needs no matrix: a reader or a logic solver can use it alone.
 */
int		 dlx_sudoku_check(int boxr, int boxc, const int *cells,
		    struct dlx_sudoku_conflict *conf, struct dlx_error *err);

/*
 * Describe conf in buf (at most size bytes, always terminated when size >
 * 0), e.g. "row 1 has two 5s: r1c2 and r1c7".  symbols[v-1] is the
 * character of symbol v (an alphabet as dlx_sudoku_parse_symbols() makes
 * it); NULL means 1-9, A-Z; "" writes symbols as decimal numbers.  Returns
 * the length the full text needs, as snprintf() does.
 */
int		 dlx_sudoku_conflict_text(const struct dlx_sudoku_conflict *conf,
		    const char *symbols, char *buf, size_t size);

/*
 * Impose the givens cells[0..N*N-1] (0 blank, 1..N symbol) by forcing
 * their options, after releasing those of the previous puzzle (and its
 * marks, dlx_sudoku_set_marks()).  Givens are
 * checked first against every unit and cage of s, as dlx_sudoku_check()
 * does: on DLX_ECONFLICT (with *conf and *err filled as there) or
 * DLX_EINVAL the givens of the previous puzzle stay and nothing is
 * forced.  DLX_EMISUSE during a search of the matrix.  Cost: linear in
 * the number of cells (the fast search applies the givens in its own
 * copy of the matrix, and releasing them costs nothing); nothing is
 * allocated.
 */
int		 dlx_sudoku_set_givens(dlx_sudoku *s, const int *cells,
		    struct dlx_sudoku_conflict *conf, struct dlx_error *err);

/* Release the givens (dlx_unforce_all() on the matrix), and the matrix
 * of a puzzle of pencil marks (dlx_sudoku_set_marks()): the matrix is
 * that of dlx_sudoku_new() again.  Does nothing during a search. */
void		 dlx_sudoku_clear(dlx_sudoku *s);

/*
 * Write the grid of a solution, options[0..n-1] as given to a
 * dlx_solution_fn, into cells[0..N*N-1] (1..N; cells no option fills stay
 * 0).  Returns DLX_OK, or DLX_ERANGE if an option number is not one of s.
 */
int		 dlx_sudoku_decode(const dlx_sudoku *s, const int *options,
		    size_t n, int *cells);

/*
 * Box shape for N symbols when the input does not say: the most nearly
 * square R x C with R <= C (2x2, 2x3, 2x4, 3x3, 2x5, 3x4, 4x4, 5x5, 6x6).
 * Returns DLX_OK with *boxr, *boxc set, or DLX_EINVAL when N is out of
 * range or prime (a 1 x N box is just a row).
 */
int		 dlx_sudoku_box_for(int n, int *boxr, int *boxc);

/*
 * Expand an alphabet such as "1-9A-G", "0-9A-F" or "ABCDEFGHI" into
 * out[0..len-1] (out has room for DLX_SUDOKU_MAXN + 1 bytes, terminated).
 * A range a-b takes the characters a..b in ASCII order.  Symbols must be
 * printable ASCII, not blank, and not one of the separators | - + # or
 * whitespace, and appear once.  Returns the number of symbols (>= 1), or
 * DLX_EINVAL with the reason in err->message (if err is not NULL), out
 * then holding no alphabet.
 */
int		 dlx_sudoku_parse_symbols(const char *spec, char *out,
		    struct dlx_error *err);

/* ---- variants ------------------------------------------------------- */

/*
 * Check v: a shape dlx_sudoku_new() would take (N at least 4), or
 * regions with N cells each, every region connected (by sides), every
 * cell in a cage, cages connected, no cage larger than N, every sum
 * possible for its cage's size (k distinct symbols 1..N), windows only
 * with boxes.  Returns DLX_OK, or DLX_EINVAL with *err filled (err may be
 * NULL): the cell at fault (r*N + c) or -1, and what is wrong, numbered
 * from 1.
 */
int		 dlx_sudoku_variant_check(const struct dlx_sudoku_variant *v,
		    struct dlx_error *err);

/* The variant s was built from (owned by s), or NULL for classic. */
const struct dlx_sudoku_variant *dlx_sudoku_get_variant(const dlx_sudoku *s);

/* The name of v's kind as the header line spells it, e.g. "killer x";
 * "classic" when v has nothing extra.  Static text. */
const char	*dlx_sudoku_variant_name(const struct dlx_sudoku_variant *v);

/*
 * Write puzzle cells (N*N, 0 blank) of variant v in the text form
 * dlx_sudoku_vread() takes, header line first, into buf (size bytes,
 * terminated when size > 0).  symbols as in dlx_sudoku_conflict_text():
 * NULL or "" for 1-9A-Z.  Returns the length the full text needs, as
 * snprintf() does, or 0 (buf untouched) when v has more cages than there
 * are labels (DLX_SUDOKU_LABELS, 84) or the alphabet has fewer than N
 * characters.
 */
size_t		 dlx_sudoku_variant_format(const struct dlx_sudoku_variant *v,
		    const int *cells, const char *symbols, char *buf,
		    size_t size);

/* ---- readers -------------------------------------------------------- */

typedef struct dlx_sudoku_reader dlx_sudoku_reader;
typedef struct dlx_sudoku_vreader dlx_sudoku_vreader;

/* What a reader should assume.  Zero-initialize, then set what you need;
 * NULL means all defaults. */
struct dlx_sudoku_reader_options {
	const struct dlx_allocator *alloc; /* the reader's memory (copied);
					   NULL: malloc */
	int		 boxr, boxc;	/* box shape; 0, 0: infer per puzzle */
	const char	*symbols;	/* expanded alphabet (see
					   dlx_sudoku_parse_symbols()), or
					   NULL for 1-9, A-Z with 0 . _ * x X
					   as blanks and numbers 10..N
					   allowed in space-separated grids */
	const char	*variant;	/* dlx_sudoku_vreader_new() only:
					   the variant of a puzzle without
					   a header line, as --variant takes
					   it ("x", "hyper", "jigsaw",
					   "killer", words joined by spaces
					   or commas); NULL: every puzzle
					   needs a header */
	int		(*stop)(void *arg); /* dlx_sudoku_reader_new() only,
					   or NULL: polled before each line
					   and while a long line is skipped;
					   nonzero ends the read with
					   DLX_SUDOKU_EREAD and errno EINTR
					   (an endless line, as from
					   /dev/zero, ends no other way) */
	void		*stop_arg;
};

/* One puzzle, as dlx_sudoku_read() returns it. */
struct dlx_sudoku_puzzle {
	unsigned long	 line;		/* line of its first row, from 1 */
	int		 boxr, boxc;	/* box shape */
	int		 n;		/* N = boxr*boxc */
	const int	*cells;		/* N*N cells, row-major, 0 blank, 1..N;
					   owned by the reader, valid until
					   the next read */
	const int	*solution;	/* a CSV line's solution field, N*N
					   cells 1..N, checked to solve the
					   puzzle; NULL if none.  Owned as
					   cells */
	const uint64_t	*marks;		/* a line of pencil marks: N*N
					   candidate masks (bit s-1 for
					   symbol s), cells all blank; NULL
					   for an ordinary puzzle.  Owned as
					   cells */
};

/*
 * Make a reader of classic puzzles from fp with options opt (NULL: all
 * defaults; opt->variant is ignored).  The reader does not own fp: close
 * it after dlx_sudoku_reader_free().  Returns DLX_OK with *rp set, or
 * DLX_EINVAL (rp or fp NULL, a box shape that dlx_sudoku_new() would
 * refuse, an alphabet shorter than N or not expanded, an allocator
 * lacking a function) or DLX_ENOMEM with *rp unchanged and nothing
 * allocated.  Memory: a fixed few tens of kilobytes, whatever the input.
 */
int		 dlx_sudoku_reader_new(dlx_sudoku_reader **rp, FILE *fp,
		    const struct dlx_sudoku_reader_options *opt);

/* Free r (not its stream).  dlx_sudoku_reader_free(NULL) does nothing. */
void		 dlx_sudoku_reader_free(dlx_sudoku_reader *r);

/*
 * Read the next puzzle.  Returns DLX_SUDOKU_PUZZLE with *p filled,
 * DLX_SUDOKU_BAD with *err filled if err is not NULL (code
 * DLX_SUDOKU_BAD, the line and column of the fault, cell -1 and what is
 * wrong, without prefix or newline; the bad puzzle's lines have been
 * skipped: call again for the next puzzle), DLX_SUDOKU_EOF at the end,
 * DLX_SUDOKU_EREAD (err->code and sys_errno say so too) or DLX_EINVAL (r
 * or p NULL).  Conflicting givens are not checked here
 * (dlx_sudoku_check() does that).
 *
 * Forms, mixed freely in one stream (N is the number of symbols):
 *   - one puzzle per line: N*N cells;
 *   - a grid of N lines of N cells, with or without spaces between cells;
 *     | - + are box separators and ignored, and lines made only of
 *     separators (and * corners) are skipped;
 *   - N lines of N space-separated numbers, 0 for a blank, 10..N allowed;
 *   - a one-line puzzle, white space, then an annotation (ignored);
 *   - a line of pencil marks, N*N*N cells: cell by cell in reading
 *     order, N places each, the j-th holding symbol j if it is a
 *     candidate, else a blank (p->marks, p->cells all blank; a mark out
 *     of its place, or a cell with no candidate, is DLX_SUDOKU_BAD with
 *     its column); solved as a puzzle by dlx_sudoku_set_marks().  64
 *     cells are an 8x8 grid, not the marks of a 4x4: those need the box
 *     shape in the options;
 *   - CSV: the first field that is a whole puzzle, the next such field
 *     its solution (p->solution; checked complete, keeping the givens and
 *     breaking no rule, else DLX_SUDOKU_BAD); a first CSV line without a
 *     puzzle is a header;
 *   - blank lines separate puzzles; # starts a comment anywhere; a line of
 *     words that is no puzzle or row (a title) is a comment.
 * No line is dropped silently: a grid cut short by a line that stands
 * alone is reported and that line read again.  With the default alphabet,
 * a puzzle of 10 symbols or more using '0' and another blank mark is
 * DLX_SUDOKU_BAD (0 is likely a symbol: the message names --symbols).
 * Without a box shape in the options, N is inferred from the first row of each
 * puzzle, among the usual sizes 4, 6, 8, 9, 10, 12, 16 and 25 (boxes as
 * dlx_sudoku_box_for() gives them): a line of N*N cells is a one-line
 * puzzle, a line of N cells the first row of a grid.  16 cells are the
 * first row of a 16x16 grid when the next line has 16 cells too and
 * either line uses a symbol beyond 4 or has spaces or separators between
 * its cells; otherwise a 4x4 puzzle.  Other shapes need the options' box
 * shape.
 */
int		 dlx_sudoku_read(dlx_sudoku_reader *r,
		    struct dlx_sudoku_puzzle *p, struct dlx_error *err);

/*
 * Make a reader of variant puzzles (the text form above) from fp, not
 * owned.  Of opt (NULL: all defaults) it takes alloc, variant (the
 * variant assumed for a puzzle without a header line), boxr and boxc (the
 * box shape when the header gives none, or 0, 0 to take it from the row
 * length) and symbols.  Returns as dlx_sudoku_reader_new(), and
 * DLX_EINVAL also for an unknown variant word.
 */
int		 dlx_sudoku_vreader_new(dlx_sudoku_vreader **rp, FILE *fp,
		    const struct dlx_sudoku_reader_options *opt);

/* Free r (not its stream).  dlx_sudoku_vreader_free(NULL) does nothing. */
void		 dlx_sudoku_vreader_free(dlx_sudoku_vreader *r);

/*
 * Read the next variant puzzle: returns DLX_SUDOKU_PUZZLE with *p
 * (givens, line of the header or first row, boxr = boxc = N for jigsaw so
 * that grids print without boxes) and *v (the variant) filled, both valid
 * until the next call; DLX_SUDOKU_BAD with *err filled as by
 * dlx_sudoku_read() (reading goes on with the next puzzle, at the next
 * header line or after a blank line); DLX_SUDOKU_EOF; DLX_SUDOKU_EREAD;
 * or DLX_EINVAL (r, p or v NULL).  Faults reported with their line and
 * column: an unknown variant word, rows of the wrong length, too few
 * rows, regions of the wrong size or not connected, a cell in no cage, a
 * cage without a sum, a sum without a cage, impossible sums, a pencil
 * mark out of its place or a cell with none.  A line of pencil marks may
 * stand in place of the grid, as dlx_sudoku_read() takes it (N from the
 * header's size, else from the line's N*N*N cells unless they are a
 * whole grid of a usual size): then p->marks holds them and p->cells is
 * blank (dlx_sudoku_set_marks() imposes them); else p->marks is NULL.
 */
int		 dlx_sudoku_vread(dlx_sudoku_vreader *r,
		    struct dlx_sudoku_puzzle *p, struct dlx_sudoku_variant *v,
		    struct dlx_error *err);

/* ---- pencil marks: a puzzle with struck candidates ----------------- */

/*
 * Impose a puzzle given by pencil marks: the givens cells[0..N*N-1] (0
 * blank, 1..N; cells NULL: no givens) and the candidates marks[0..N*N-1]
 * of each cell (bit v-1 set: symbol v is allowed there; bits past N are
 * ignored).  The puzzle's solutions are exactly the solutions of its
 * givens that use no struck candidate, and every search of
 * dlx_sudoku_matrix(s) (dlx_run() with any engine, threads, parts,
 * checkpoints, the cache) finds those and no other.  marks NULL strikes
 * nothing: the call is dlx_sudoku_set_givens(s, cells, ...) (cells NULL
 * then no givens).  Classic sudoku of every size and every variant.
 *
 * A cell whose marks allow one symbol counts as filled with it: it is
 * forced as a given is, and checked with the givens against every unit
 * and cage, DLX_ECONFLICT with *conf and *err as dlx_sudoku_set_givens()
 * fills them.  DLX_EINVAL with err->cell the cell (r*N + c) and a message
 * naming it ("r1c1 has no candidate", "r2c5 is a given its pencil marks
 * strike") for a cell whose marks allow no symbol or strike its given;
 * DLX_EINVAL (cell -1) for a cell out of range; DLX_EMISUSE during a
 * search of the matrix; DLX_ENOMEM.  On any error the previous puzzle
 * stays in force.
 *
 * How: marks that strike nothing the givens and single marks do not rule
 * out anyway (every candidate of a "full" marks line) make the plain
 * puzzle of those cells, on the matrix of dlx_sudoku_new().  Otherwise s
 * makes a matrix for this puzzle: the same options in the same numbering
 * (option (r*N + c)*N + v is "cell (r,c) holds v"; the cage options come
 * after), each struck candidate naming one more primary item, "struck",
 * and one option last that names "struck" alone.  The givens and that
 * last option are forced, which takes every struck candidate out of the
 * search before it starts: the solutions of dlx_run() begin with the
 * forced options, the last one among them, and dlx_sudoku_decode() skips
 * it as it skips the cage options.  The plain 9x9 matrix may be searched
 * on bit boards (the engine "bits"); a marks matrix never is, as the bit
 * boards know only the plain grid.  dlx_sudoku_matrix(s) is therefore
 * not the same pointer after this call as before; the matrix made is
 * freed by the next dlx_sudoku_set_givens(), dlx_sudoku_set_marks(),
 * dlx_sudoku_clear() or dlx_sudoku_free().  Cost: the matrix is built,
 * linear in N*N*N (and in the cage options), and allocated with s's
 * allocator.
 */
int		 dlx_sudoku_set_marks(dlx_sudoku *s, const int *cells,
		    const uint64_t *marks, struct dlx_sudoku_conflict *conf,
		    struct dlx_error *err);

/* ---- the setter's questions: true candidates and what makes it unique - */

/*
 * The true candidates of the puzzle in force on s (its givens, and
 * whatever else is in force on its matrix): counts[(r*N + c)*N + v] gets
 * the number of solutions with symbol v+1 (v from 0) in cell (r,c), for
 * every cell, and *total (if total is not NULL) the puzzle's count.  The
 * symbols of an open cell with a count above 0 are its true candidates;
 * in every cell the counts sum to *total, and a given's symbol has all
 * of it.  Counts are exact whatever their size: a puzzle with up to
 * 2^26 solutions on the plain 9x9 (2^21 on other matrices) is enumerated
 * (on the 9x9 by the bit boards, which give each cell filled its
 * subtree's count at once, for about half again the time of a count), a
 * larger one counted placement by placement (N*N*(N-1) counts, with the
 * cache, beyond 2^64: slow on an empty grid).  rq (NULL: the defaults) gives the threads (for the counts;
 * the enumeration runs on one), the tree, the cache's mode and memory,
 * and progress, which may stop the search; it may not visit, limit,
 * budget or take a position (DLX_EINVAL).  counts has N*N*N entries.
 *
 * Returns DLX_OK; DLX_STOPPED (progress returned nonzero);
 * DLX_EINVAL; DLX_EMISUSE (from a callback of a search of the
 * matrix); DLX_ENOMEM; DLX_EOVERFLOW (a count reached 2^128).  On an
 * error counts is not complete and *total is unchanged; the givens stay
 * in force either way.
 *
 * Example: a 4x4 puzzle with two solutions gives each open cell of the
 * two's unavoidable rectangle the counts 1 and 1 for its two symbols,
 * and every other open cell 2 for its one (dlx-sudoku(1),
 * --true-candidates=counts, shows the table).
 */
int		 dlx_sudoku_candidate_counts(dlx_sudoku *s,
		    const struct dlx_request *rq, struct dlx_wide *counts,
		    struct dlx_wide *total);

/* A placement and the solutions left with it (dlx_sudoku_unique_by()). */
struct dlx_sudoku_placement {
	int		 row, col;	/* the cell, from 0 */
	int		 symbol;	/* 1..N */
	struct dlx_wide	 count;		/* solutions with it placed */
};

/*
 * What makes the puzzle in force on s unique: the placements (an open
 * cell given one symbol) that leave it the fewest solutions above 0,
 * in reading order, then by symbol: exactly those that leave one
 * solution when some do (then every count is 1), else the best cuts,
 * all with the same count.  A placement every solution makes cuts
 * nothing and is never one.  At most cap of them go to out; *np gets
 * how many there are (0 when the puzzle has one solution or none), and
 * *total (if not NULL) the puzzle's count.  rq as for
 * dlx_sudoku_candidate_counts(), whose table this is read from.
 * Returns as dlx_sudoku_candidate_counts() does, and DLX_EINVAL when
 * np is NULL, or out NULL with cap > 0.
 */
int		 dlx_sudoku_unique_by(dlx_sudoku *s,
		    const struct dlx_request *rq,
		    struct dlx_sudoku_placement *out, size_t cap, size_t *np,
		    struct dlx_wide *total);

/* ---- the setter's questions: redundant givens and minimizing --------- */

/*
 * A given is redundant when the puzzle without it still has exactly one
 * solution; a puzzle with no redundant given is minimal.
 * dlx_sudoku_redundant() says which givens are; dlx_sudoku_minimize()
 * takes them away one at a time until none is left.  With a symmetry the
 * unit is an orbit of it (a cell with its images under 180-degree
 * rotation, say): its givens go together or not at all, so a symmetric
 * puzzle stays symmetric, and "minimal" means that no orbit can go.  The
 * puzzle needs not be symmetric: an orbit is whatever givens its cells
 * hold.
 *
 * Every question is a search of the puzzle with some givens taken away,
 * stopping at the second solution, through dlx_run() on s's matrix (the
 * bit boards for a plain 9x9 without a node bound, threads where a
 * search outgrows one).  For a killer or another variant the givens go
 * and the cages and regions stay.  One pass of dlx_sudoku_minimize()
 * is enough: if a given cannot go from a puzzle, it cannot go from one
 * with fewer givens either (its solutions are a superset), so a given
 * kept once stays needed.  Checks grow exponentially as the givens go
 * on big grids (25x25 and up, and killers above 9x9): max_nodes bounds
 * each, and a given whose check runs out of it stays, "unsettled".
 *
 * These functions set givens on s with dlx_sudoku_set_givens() as they
 * go (struck pencil marks are not kept): on return s holds the givens of
 * cells, or after dlx_sudoku_minimize() of its result.
 */

/* Statuses of dlx_sudoku_redundant() and dlx_sudoku_minimize(): the
 * puzzle itself is not unique, so the question has no answer. */
enum dlx_sudoku_minimal_status {
	DLX_SUDOKU_UNSOLVABLE = 210,	/* no solution */
	DLX_SUDOKU_MULTIPLE = 211	/* two solutions at least */
};

/* What dlx_sudoku_redundant() says of each cell (flags[r*N + c]). */
enum dlx_sudoku_given {
	DLX_SUDOKU_BLANK = 0,		/* no given */
	DLX_SUDOKU_NEEDED = 1,		/* without it (its orbit), two
					   solutions at least */
	DLX_SUDOKU_REDUNDANT = 2,	/* without it (its orbit), still
					   unique */
	DLX_SUDOKU_UNSETTLED = 3	/* its check ran out of max_nodes */
};

/* How to ask.  Zero-initialize, then set what you need; NULL means all
 * defaults. */
struct dlx_sudoku_minimal_options {
	int		 symmetry;	/* enum dlx_gen_symmetry
					   (dlx_sudoku_gen.h): givens go an
					   orbit at a time; 0: one by one */
	uint64_t	 seed;		/* dlx_sudoku_minimize(): 0 tries the
					   givens (orbits) in reading order
					   of their first cell; else in a
					   random order from this seed, the
					   same on every machine */
	uint64_t	 max_nodes;	/* search nodes one check may take;
					   0: no bound.  With a bound each
					   check runs on one thread, so the
					   answer is the same everywhere */
	unsigned	 threads;	/* as struct dlx_request's threads
					   (0: as many as pay) */
	dlx_progress_fn	*progress;	/* as struct dlx_request's, for
					   every search (nonzero stops the
					   call: DLX_STOPPED); or NULL */
	void		*progress_arg;
	uint64_t	 progress_updates;
};

/* What a call found. */
struct dlx_sudoku_minimal_result {
	int		 givens;	/* givens of the puzzle asked about */
	int		 redundant;	/* dlx_sudoku_redundant(): givens
					   marked REDUNDANT; minimize: the
					   givens taken away */
	int		 unsettled;	/* givens whose check ran out of
					   max_nodes (kept by minimize) */
	int		 minimal;	/* 1: proven minimal (redundant():
					   the puzzle asked about; minimize:
					   its result) */
	uint64_t	 checks;	/* searches made */
	uint64_t	 nodes;		/* their search nodes */
};

/*
 * Which givens of cells (N*N, 0 blank, 1..N) can each go alone (with
 * o->symmetry: each orbit) with the puzzle staying unique: flags[r*N + c]
 * gets an enum dlx_sudoku_given for every cell (flags may be NULL), *res
 * the totals (may be NULL).  Returns DLX_OK; DLX_SUDOKU_UNSOLVABLE or
 * DLX_SUDOKU_MULTIPLE when the puzzle is not unique (flags then all
 * BLANK or NEEDED, nothing asked); DLX_INCOMPLETE when the check of the
 * puzzle itself ran out of max_nodes; DLX_ECONFLICT (givens that clash,
 * *err says where, as dlx_sudoku_set_givens()), DLX_EINVAL (s or cells
 * NULL, a cell out of range, an unknown symmetry), DLX_STOPPED,
 * DLX_EMISUSE (inside a search of s's matrix), DLX_ENOMEM.
 */
int		 dlx_sudoku_redundant(dlx_sudoku *s, const int *cells,
		    unsigned char *flags,
		    const struct dlx_sudoku_minimal_options *o,
		    struct dlx_sudoku_minimal_result *res,
		    struct dlx_error *err);

/*
 * A minimal puzzle from cells (unique): each given (orbit) in the order
 * o->seed says goes if the puzzle stays unique without it.  The result,
 * with the same solution, goes to out (N*N ints; may be cells itself),
 * written on DLX_OK only; res->minimal is 0 when some check ran out of
 * max_nodes (those givens stay).  Returns as dlx_sudoku_redundant().
 */
int		 dlx_sudoku_minimize(dlx_sudoku *s, const int *cells,
		    int *out, const struct dlx_sudoku_minimal_options *o,
		    struct dlx_sudoku_minimal_result *res,
		    struct dlx_error *err);


/* ---- the setter's questions: canonical form (classic 9x9) ------------ */

/*
 * The canonical form of a classic 9x9 puzzle (or complete grid): one
 * representative of all the puzzles that are the same up to the
 * 3,359,232 symmetries of the grid that keep its rows, columns and boxes
 * (transposition; the three bands in any order, the three rows of each
 * band in any order; likewise the stacks and their columns: 2 * 6^8) and
 * the 9! relabellings of the digits.  Two puzzles have the same canonical
 * form exactly when one is turned into the other by such a symmetry and
 * relabelling, so a collection is de-duplicated by comparing canonical
 * forms.
 *
 * The order: a puzzle is read as its 81 cells in reading order (row by
 * row, top to bottom, each row left to right), a blank counting 0 and
 * below every digit; of all the puzzles a symmetry and a relabelling make
 * of it, the canonical form is the least in this order, the
 * "minlex" form of the sudoku community.  In it the digits appear in the
 * order 1, 2, 3, ... in reading order (a relabelling in order of first
 * appearance), and the blanks crowd to the top: a 17-clue puzzle starts
 * with an empty row, then "........1".  The canonical grid of a complete
 * grid starts "123456789".
 *
 * The puzzle's transformation to its canonical form, as an array map:
 * cell i of the result (i = 9*row + column) holds the digit
 * digits[cells[map[i]]] (map[i] the puzzle's cell it comes from, a blank
 * staying blank).  Which of the symmetries is found, when several give
 * the canonical form, is not specified.
 */
struct dlx_sudoku_transform {
	int		 map[81];	/* cell i of the result is the puzzle's
					   cell map[i] */
	int		 digits[10];	/* digit v becomes digits[v]; a
					   permutation of 1..9, digits[0] = 0 */
};

typedef struct dlx_sudoku_canon dlx_sudoku_canon;

/* How to build a dlx_sudoku_canon.  Zero-initialize; NULL means all
 * defaults. */
struct dlx_sudoku_canon_options {
	const struct dlx_allocator *alloc; /* every allocation (copied);
					   NULL: malloc */
};

/*
 * Make the workspace of dlx_sudoku_canon_run() into *cp, so that a file of
 * puzzles reuses its memory.  Returns DLX_OK, or DLX_EINVAL (cp NULL, an
 * allocator lacking a function) or DLX_ENOMEM with *cp unchanged.  Free
 * with dlx_sudoku_canon_free().  One object serves one thread at a time.
 */
int		 dlx_sudoku_canon_new(dlx_sudoku_canon **cp,
		    const struct dlx_sudoku_canon_options *opt);

/* Free c.  dlx_sudoku_canon_free(NULL) does nothing. */
void		 dlx_sudoku_canon_free(dlx_sudoku_canon *c);

/*
 * The canonical form of the 9x9 puzzle cells[0..80] (0 blank, 1..9 a
 * digit) into out[0..80] (out may be cells).  If how is not NULL, the
 * transformation found goes there (applied to cells by
 * dlx_sudoku_transform_apply(), it gives out).  If automorphisms is not
 * NULL, it receives the number of the 3,359,232 symmetries that turn the
 * puzzle into itself up to a relabelling of its digits (1 for most
 * puzzles; 3,359,232 for the empty grid; at least 2 for a grid with a
 * symmetry).  Returns DLX_OK; DLX_EINVAL (c, cells or out NULL, a cell out
 * of 0..9); DLX_ECONFLICT (a digit twice in a row, a column or a box, as
 * dlx_sudoku_check() says: such givens are no sudoku); or DLX_ENOMEM, out
 * then unchanged.
 *
 * Cost: about ten microseconds for a typical puzzle; a complete grid
 * about 1.5 ms (its first row ties under each of the 1296 orders of its
 * columns), and a puzzle with many symmetries or many ways to number
 * alike up to tens of milliseconds, with memory in proportion (one full
 * band and nothing else: 80 ms, 10 MB), kept by c for the next puzzle.
 */
int		 dlx_sudoku_canon_run(dlx_sudoku_canon *c, const int *cells,
		    int *out, struct dlx_sudoku_transform *how,
		    uint64_t *automorphisms);

/* dlx_sudoku_canon_run() on a workspace of its own, made and freed with
 * malloc: for one puzzle now and then. */
int		 dlx_sudoku_canonical(const int *cells, int *out,
		    struct dlx_sudoku_transform *how, uint64_t *automorphisms);

/* Apply t to the puzzle cells[0..80] into out[0..80] (out must not be
 * cells).  Returns DLX_OK, or DLX_EINVAL (a NULL argument, a map entry
 * out of 0..80, a cell out of 0..9). */
int		 dlx_sudoku_transform_apply(const struct dlx_sudoku_transform *t,
		    const int *cells, int *out);

#ifdef __cplusplus
}
#endif

#endif /* DLX_SUDOKU_H */
