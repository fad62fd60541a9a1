/*
 * sudoku.h: sudoku as exact cover on libdlx, and a streaming puzzle reader.
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
 * with dlx_run() on dlx_sudoku_matrix(); dlx_sudoku_decode() turns a
 * solution's options back into a grid.
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
 * Like the rest of libdlx these functions never print or exit; they return
 * the codes of dlx.h.
 */
#ifndef DLX_SUDOKU_H
#define DLX_SUDOKU_H

#include <stddef.h>
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

typedef struct dlx_sudoku dlx_sudoku;

/*
 * Build the exact cover matrix of sudoku with boxes of boxr rows and boxc
 * columns (a shape as above).
 * Stores the new object in *sp and returns DLX_OK, or returns DLX_EINVAL
 * (bad shape or sp NULL) or DLX_ENOMEM with *sp unchanged.  Free with
 * dlx_sudoku_free().
 */
int		 dlx_sudoku_new(dlx_sudoku **sp, int boxr, int boxc);

/* As dlx_sudoku_new(), taking every allocation of s and its matrix from a
 * (copied; NULL: malloc).  DLX_EINVAL also if a lacks a function. */
int		 dlx_sudoku_new_custom(dlx_sudoku **sp, int boxr, int boxc,
		    const struct dlx_allocator *a);

/* Free s and its matrix.  dlx_sudoku_free(NULL) does nothing. */
void		 dlx_sudoku_free(dlx_sudoku *s);

/* N, and the box shape given to dlx_sudoku_new(). */
int		 dlx_sudoku_size(const dlx_sudoku *s);
int		 dlx_sudoku_boxr(const dlx_sudoku *s);
int		 dlx_sudoku_boxc(const dlx_sudoku *s);

/*
 * The matrix, for dlx_run() and friends.  It belongs to s: do not free
 * it, add options to it or force options on it behind s's back.
 */
dlx		*dlx_sudoku_matrix(dlx_sudoku *s);

/* Option number of "cell (row,col) holds symbol v" (all from 0), or -1 if
 * an argument is out of range.  The options are numbered
 * (row*N + col)*N + v. */
int		 dlx_sudoku_option(const dlx_sudoku *s, int row, int col, int v);

/* Two givens that cannot both stand (see dlx_sudoku_check()). */
struct dlx_sudoku_conflict {
	int	kind;		/* DLX_SUDOKU_ROW, _COLUMN or _BOX */
	int	unit;		/* which row, column or box, from 0 */
	int	symbol;		/* the repeated symbol, 1..N */
	int	row1, col1;	/* the first of the two cells, reading order */
	int	row2, col2;	/* the second */
};
#define DLX_SUDOKU_ROW		1
#define DLX_SUDOKU_COLUMN	2
#define DLX_SUDOKU_BOX		3

/*
 * Check the givens cells[0..N*N-1] (row-major, 0 blank, 1..N a symbol) of a
 * sudoku with boxes of boxr x boxc for a symbol repeated in a row, a
 * column or a box, in that order of search: rows top to bottom first, then
 * columns, then boxes.  Returns DLX_OK, DLX_ECONFLICT with the first clash
 * found in *conf (if conf is not NULL), or DLX_EINVAL (bad shape, a cell
 * out of range, cells NULL).  Needs no matrix: a reader or a logic solver
 * can use it alone.
 */
int		 dlx_sudoku_check(int boxr, int boxc, const int *cells,
		    struct dlx_sudoku_conflict *conf);

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
 * their options, after releasing those of the previous puzzle.  Givens are
 * checked first (dlx_sudoku_check()): on DLX_ECONFLICT (with *conf filled
 * when conf is not NULL) or DLX_EINVAL nothing is forced.  DLX_EMISUSE
 * during a search of the matrix.  Cost: linear in the number of givens
 * plus the options they remove; nothing is allocated.
 */
int		 dlx_sudoku_set_givens(dlx_sudoku *s, const int *cells,
		    struct dlx_sudoku_conflict *conf);

/* Release the givens (dlx_unforce_all() on the matrix). */
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
 * DLX_EINVAL with a reason in *why (static text) if why is not NULL.
 */
int		 dlx_sudoku_parse_symbols(const char *spec, char *out,
		    const char **why);

/* ---- reader --------------------------------------------------------- */

typedef struct dlx_sudoku_reader dlx_sudoku_reader;

/* What the reader should assume.  Zero-initialize, then set what you
 * need. */
struct dlx_sudoku_read_opts {
	int		 boxr, boxc;	/* box shape; 0, 0: infer per puzzle */
	const char	*symbols;	/* expanded alphabet (see
					   dlx_sudoku_parse_symbols()), or
					   NULL for 1-9, A-Z with 0 . _ * x X
					   as blanks and numbers 10..N
					   allowed in space-separated grids */
	int		(*stop)(void *arg); /* or NULL: polled before each
					   line and while a long line is
					   skipped; nonzero ends the read with
					   DLX_SUDOKU_EREAD and errno EINTR
					   (an endless line, as from
					   /dev/zero, ends no other way) */
	void		*stop_arg;
	const struct dlx_allocator *alloc; /* the reader's memory (copied);
					   NULL: malloc */
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

/* Why a puzzle was rejected. */
struct dlx_sudoku_error {
	unsigned long	 line;		/* line of the fault, from 1 */
	unsigned long	 column;	/* column (byte), from 1; 0: none */
	char		 message[160];	/* what is wrong, no prefix or
					   newline */
};

/* Results of dlx_sudoku_read(), in the sudoku range of dlx.h (statuses
 * 200..299, errors -200..-299). */
#define DLX_SUDOKU_EOF		200	/* no more puzzles */
#define DLX_SUDOKU_PUZZLE	201	/* *p holds the next puzzle */
#define DLX_SUDOKU_BAD		202	/* *e says why the next puzzle was
					   rejected; reading can go on */
#define DLX_SUDOKU_EREAD	(-201)	/* the stream failed (ferror; errno
					   says why) */

/* Longest line accepted, in bytes; a longer one is rejected and skipped
 * in constant memory. */
#define DLX_SUDOKU_MAXLINE	65536

/*
 * Make a reader of fp with options o (NULL: all defaults).  The reader
 * does not own fp: close it after dlx_sudoku_reader_free().  Returns
 * DLX_OK with *rp set, DLX_EINVAL (rp or fp NULL, a box shape that
 * dlx_sudoku_new() would refuse, an alphabet shorter than N), or
 * DLX_ENOMEM.  Memory: a fixed few tens of kilobytes, whatever the input.
 */
int		 dlx_sudoku_reader_new(dlx_sudoku_reader **rp, FILE *fp,
		    const struct dlx_sudoku_read_opts *o);

/* Free r (not its stream).  dlx_sudoku_reader_free(NULL) does nothing. */
void		 dlx_sudoku_reader_free(dlx_sudoku_reader *r);

/*
 * Read the next puzzle.  Returns DLX_SUDOKU_PUZZLE with *p filled,
 * DLX_SUDOKU_BAD with *e filled (the bad puzzle's lines have been skipped;
 * call again for the next puzzle), DLX_SUDOKU_EOF at the end, or
 * DLX_SUDOKU_EREAD.  Conflicting givens are not checked here
 * (dlx_sudoku_check() does that).
 *
 * Forms, mixed freely in one stream (N is the number of symbols):
 *   - one puzzle per line: N*N cells;
 *   - a grid of N lines of N cells, with or without spaces between cells;
 *     | - + are box separators and ignored, and lines made only of
 *     separators (and * corners) are skipped;
 *   - N lines of N space-separated numbers, 0 for a blank, 10..N allowed;
 *   - a one-line puzzle, white space, then an annotation (ignored);
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
 * Without a box shape in o, N is inferred from the first row of each
 * puzzle, among the usual sizes 4, 6, 8, 9, 10, 12, 16 and 25 (boxes as
 * dlx_sudoku_box_for() gives them): a line of N*N cells is a one-line
 * puzzle, a line of N cells the first row of a grid.  16 cells are the
 * first row of a 16x16 grid when the next line has 16 cells too and
 * either line uses a symbol beyond 4 or has spaces or separators between
 * its cells; otherwise a 4x4 puzzle.  Other shapes need o's box shape.
 */
int		 dlx_sudoku_read(dlx_sudoku_reader *r,
		    struct dlx_sudoku_puzzle *p, struct dlx_sudoku_error *e);

#ifdef __cplusplus
}
#endif

#endif /* DLX_SUDOKU_H */
