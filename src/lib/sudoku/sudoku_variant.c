/*
 * sudoku_variant.c: the text form of variant puzzles (see
 * dlx_sudoku.h and dlx-sudoku(1)): a header line naming the variant,
 * the givens, then the jigsaw region map and the killer cage map with
 * their sums.  The reader keeps one puzzle in memory and reports every
 * fault with its line and column, then resynchronizes at the next header
 * or blank line.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/sudoku/sudoku_model.h"

/* Labels the writer gives regions and cages, in order (as many as
 * DLX_SUDOKU_LABELS); the reader takes any character but blanks,
 * separators, '.', '#' and '='. */
#define LABELS	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" \
		"0123456789!$%&*/:;<>?@^_~()[]{},"

/* A line of pencil marks of the largest grid (36*36*36 cells) fits, as
 * in the classic reader. */
#define LINEMAX	(DLX_SUDOKU_MAXLINE + 2)
#define NCELLS	(DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN)

struct dlx_sudoku_vreader {
	struct dlx_allocator mem;	/* the reader's one block */
	FILE		*fp;
	unsigned	 defextras;	/* --variant's words, if any */
	int		 defjigsaw, defkiller, haveddef;
	int		 boxr, boxc;	/* default shape, or 0 */
	const char	*symbols;
	char		 buf[LINEMAX];	/* the current line */
	int		 pending;	/* buf holds a line not yet used */
	int		 eof, err;
	unsigned long	 lineno;	/* line number of buf */
	unsigned long	 toolong;	/* a line over LINEMAX, or 0 */

	/* The puzzle being read. */
	int		 cells[NCELLS];
	uint64_t	 marks[NCELLS];	/* its pencil marks, if p->marks */
	int		 ismarks;	/* the givens were pencil marks */
	int		 regions[NCELLS];
	int		 cages[NCELLS];
	int		 sums[NCELLS];
	unsigned long	 rline[DLX_SUDOKU_MAXN];	/* line of each map row */
	int		 rcol[NCELLS];	/* column of each map cell */
	unsigned long	 cline[DLX_SUDOKU_MAXN];
	int		 ccol[NCELLS];
	char		 clabel[NCELLS]; /* label of each cage */
};

const char *
dlx_sudoku_variant_name(const struct dlx_sudoku_variant *v)
{
	static const char *const names[16] = {
		"classic", "x", "hyper", "hyper x",
		"jigsaw", "jigsaw x", "jigsaw hyper", "jigsaw hyper x",
		"killer", "killer x", "killer hyper", "killer hyper x",
		"killer jigsaw", "killer jigsaw x", "killer jigsaw hyper",
		"killer jigsaw hyper x",
	};
	int	k;

	k = (v->extras & DLX_SUDOKU_DIAGONALS ? 1 : 0) |
	    (v->extras & DLX_SUDOKU_WINDOWS ? 2 : 0) |
	    (v->regions != NULL ? 4 : 0) | (v->cages != NULL ? 8 : 0);
	return names[k];
}

/*
 * Parse variant words ("x", "hyper" or "windoku", "jigsaw", "killer",
 * "classic"), separated by blanks or commas, up to an optional size
 * "RxC" or "N".  Returns 0, or -1 with the offending word's offset in
 * *bad.
 */
static int
parse_words(const char *s, unsigned *extras, int *jigsaw, int *killer,
    int *boxr, int *boxc, int *n, size_t *bad)
{
	const char	*p = s, *w;
	size_t		 len;
	int		 r, c, k;

	*extras = 0;
	*jigsaw = *killer = *boxr = *boxc = *n = 0;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == ',' || *p == '\r' ||
		    *p == '\n')
			p++;
		if (*p == '\0')
			return 0;
		w = p;
		while (*p != '\0' && *p != ' ' && *p != '\t' && *p != ',' &&
		    *p != '\r' && *p != '\n')
			p++;
		len = (size_t)(p - w);
		*bad = (size_t)(w - s);
#define IS(word) (len == strlen(word) && strncmp(w, word, len) == 0)
		if (IS("x") || IS("X"))
			*extras |= DLX_SUDOKU_DIAGONALS;
		else if (IS("hyper") || IS("windoku"))
			*extras |= DLX_SUDOKU_WINDOWS;
		else if (IS("jigsaw"))
			*jigsaw = 1;
		else if (IS("killer"))
			*killer = 1;
		else if (IS("classic"))
			continue;
#undef IS
		else if (isdigit((unsigned char)*w)) {
			k = 0;
			if (sscanf(w, "%dx%d%n", &r, &c, &k) == 2 &&
			    (size_t)k == len && sm_shape_ok(r, c)) {
				*boxr = r;
				*boxc = c;
				*n = r * c;
			} else if (sscanf(w, "%d%n", &r, &k) == 1 &&
			    (size_t)k == len && r >= DLX_SUDOKU_MINN &&
			    r <= DLX_SUDOKU_MAXN)
				*n = r;
			else
				return -1;
		} else
			return -1;
	}
}

int
dlx_sudoku_vreader_new(dlx_sudoku_vreader **rp, FILE *fp,
    const struct dlx_sudoku_reader_options *opt)
{
	struct dlx_allocator	 mem;
	dlx_sudoku_vreader	*r;
	const char		*defname, *symbols;
	size_t			 bad;
	int			 br, bc, n, boxr, boxc;

	boxr = opt != NULL ? opt->boxr : 0;
	boxc = opt != NULL ? opt->boxc : 0;
	defname = opt != NULL ? opt->variant : NULL;
	symbols = opt != NULL ? opt->symbols : NULL;
	if (rp == NULL || fp == NULL ||
	    ((boxr != 0 || boxc != 0) && !sm_shape_ok(boxr, boxc)) ||
	    mem_init(&mem, opt != NULL ? opt->alloc : NULL) != DLX_OK)
		return DLX_EINVAL;
	if ((r = mem_zalloc(&mem, 1, sizeof *r)) == NULL)
		return DLX_ENOMEM;
	r->mem = mem;
	r->fp = fp;
	r->boxr = boxr;
	r->boxc = boxc;
	r->symbols = symbols != NULL ? symbols : DLX_SUDOKU_SYMBOLS;
	if (defname != NULL) {
		if (parse_words(defname, &r->defextras, &r->defjigsaw,
		    &r->defkiller, &br, &bc, &n, &bad) != 0 || n != 0) {
			mem_free(&mem, r);
			return DLX_EINVAL;
		}
		r->haveddef = 1;
	}
	*rp = r;
	return DLX_OK;
}

void
dlx_sudoku_vreader_free(dlx_sudoku_vreader *r)
{
	if (r != NULL)
		mem_free(&r->mem, r);
}

/* Make the next line current (unless one is pending).  Returns 0 at the
 * end or on a read error (r->err). */
static int
next_line(dlx_sudoku_vreader *r)
{
	size_t	len;
	int	ch;

	if (r->pending) {
		r->pending = 0;
		return 1;
	}
	if (r->eof)
		return 0;
	if (fgets(r->buf, sizeof r->buf, r->fp) == NULL) {
		r->eof = 1;
		if (ferror(r->fp))
			r->err = 1;
		return 0;
	}
	r->lineno++;
	len = strlen(r->buf);
	if (len > 0 && r->buf[len - 1] == '\n')
		r->buf[--len] = '\0';
	else if (!feof(r->fp)) {
		/* Too long: drop the rest of the line, remember it. */
		while ((ch = getc(r->fp)) != EOF && ch != '\n')
			continue;
		r->toolong = r->lineno;
	}
	if (len > 0 && r->buf[len - 1] == '\r')
		r->buf[--len] = '\0';
	return 1;
}

static int
blank_line(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return *s == '\0';
}

/* Only box separators: a rule between bands. */
static int
rule_line(const char *s)
{
	return strspn(s, "-+|*= \t") == strlen(s) && strchr(s, '-') != NULL;
}

static int
header_line(const char *s)
{
	return strncmp(s, "variant", 7) == 0 &&
	    (s[7] == '\0' || s[7] == ' ' || s[7] == '\t');
}

/* Next line with content (not blank, not a comment, not a rule); 0 at
 * the end. */
static int
content_line(dlx_sudoku_vreader *r)
{
	while (next_line(r)) {
		if (blank_line(r->buf) || r->buf[0] == '#' ||
		    rule_line(r->buf))
			continue;
		return 1;
	}
	return 0;
}

static int
bad(dlx_sudoku_vreader *r, struct dlx_error *e, unsigned long line,
    unsigned long col, const char *fmt, ...)
{
	va_list	ap;

	e->code = DLX_SUDOKU_BAD;
	e->line = line;
	e->column = col;
	va_start(ap, fmt);
	vsnprintf(e->message, sizeof e->message, fmt, ap);
	va_end(ap);
	/* Skip the rest of the puzzle: up to a blank line or a header. */
	while (next_line(r)) {
		if (blank_line(r->buf))
			break;
		if (header_line(r->buf)) {
			r->pending = 1;
			break;
		}
	}
	return DLX_SUDOKU_BAD;
}

/* Is ch the character of no cell: a blank or a separator? */
static int
skip_char(int ch)
{
	return ch == ' ' || ch == '\t' || ch == '|';
}

/* Symbol number of ch (1..N), 0 for a blank, -1 if none. */
static int
symbol_of(const dlx_sudoku_vreader *r, int ch, int n)
{
	const char	*p;

	if (ch == '.' || ch == '_')
		return 0;
	if (ch == '0' && strchr(r->symbols, '0') == NULL)
		return 0;
	if (strcmp(r->symbols, DLX_SUDOKU_SYMBOLS) == 0)
		ch = toupper(ch);
	if ((p = strchr(r->symbols, ch)) == NULL || ch == '\0' ||
	    p - r->symbols >= n)
		return -1;
	return (int)(p - r->symbols) + 1;
}

/* Cells of the current line as (column, character) pairs; returns how
 * many, up to max + 1 (more than max means too many). */
static int
split_row(const char *s, int max, int *col, char *chr)
{
	int	k = 0, i;

	for (i = 0; s[i] != '\0'; i++) {
		if (skip_char((unsigned char)s[i]))
			continue;
		if (k <= max) {
			col[k] = i + 1;
			chr[k] = s[i];
		}
		k++;
	}
	return k > max ? max + 1 : k;
}

/* The cells of the line s, however many. */
static int
count_cells(const char *s)
{
	int	k = 0;

	for (; *s != '\0'; s++)
		if (!skip_char((unsigned char)*s))
			k++;
	return k;
}

/*
 * N if the line s holds a whole grid of N*N cells: N*N cells where the
 * header gave the size n (n > 1, so that one cell is never a grid), or
 * without a size a perfect square of cells too many for a row.  Else 0:
 * the line is the first row of a grid.
 */
static int
one_line(const char *s, int n)
{
	int	k = count_cells(s), m;

	if (n > 1)
		return k == n * n ? n : 0;
	if (k <= DLX_SUDOKU_MAXN)
		return 0;
	for (m = DLX_SUDOKU_MINN; m <= DLX_SUDOKU_MAXN; m++)
		if (m * m == k)
			return m;
	return 0;
}

/* The sizes a classic puzzle's size is inferred among (dlx_sudoku.h). */
static int
usual(int n)
{
	return n == 4 || n == 6 || n == 8 || n == 9 || n == 10 || n == 12 ||
	    n == 16 || n == 25;
}

/*
 * N if the line s is a line of pencil marks, N*N*N cells: where the
 * header gave the size n, N = n; else a cube of cells, unless it is a
 * whole grid of a usual size too (64 cells are an 8x8 grid, not the marks
 * of a 4x4), as the classic reader decides.  Else 0.
 */
static int
marks_line(const char *s, int n)
{
	int	k = count_cells(s), m;

	if (n > 1)
		return k == n * n * n ? n : 0;
	if ((m = one_line(s, 0)) != 0 && usual(m))
		return 0;
	for (m = DLX_SUDOKU_MINN; m <= DLX_SUDOKU_MAXN; m++)
		if (m * m * m == k)
			return m;
	return 0;
}

/*
 * The line of pencil marks in r->buf for N = n into r->marks: the i-th
 * group of N cells is cell i's, its j-th cell the symbol j + 1 if that
 * is a candidate, else a blank.  Returns DLX_OK or DLX_SUDOKU_BAD after
 * bad().
 */
static int
read_marks(dlx_sudoku_vreader *r, struct dlx_error *e, int n)
{
	size_t		 i;
	unsigned long	 col = 0;
	int		 t = 0, x, j, sym;

	for (i = 0; r->buf[i] != '\0'; i++) {
		if (skip_char((unsigned char)r->buf[i]))
			continue;
		x = t / n;
		j = t++ % n;
		if (j == 0) {
			col = (unsigned long)i + 1;
			r->marks[x] = 0;
			r->cells[x] = 0;
		}
		if ((sym = symbol_of(r, (unsigned char)r->buf[i], n)) < 0)
			return bad(r, e, r->lineno, (unsigned long)i + 1,
			    "'%c' is not a symbol of a %dx%d grid",
			    isprint((unsigned char)r->buf[i]) ? r->buf[i] :
			    '?', n, n);
		if (sym != 0 && sym != j + 1)
			return bad(r, e, r->lineno, (unsigned long)i + 1,
			    "pencil mark %d in the place of %d (a cell's %d "
			    "places are for 1 to %d, in order)", sym, j + 1,
			    n, n);
		if (sym != 0)
			r->marks[x] |= (uint64_t)1 << j;
		if (j == n - 1 && r->marks[x] == 0)
			return bad(r, e, r->lineno, col, "r%dc%d has no "
			    "candidate (its %d places are all blank)",
			    x / n + 1, x % n + 1, n);
	}
	return DLX_OK;
}

/*
 * A map of N rows of labels into map[] (numbers by first appearance, at
 * most max of them; '.' gives -1 when dot_ok), lines and columns noted.
 * Returns the number of labels, or -1 after bad().
 */
static int
read_map(dlx_sudoku_vreader *r, struct dlx_error *e, int n, int max,
    int dot_ok, const char *what, int *map, unsigned long *lines, int *cols,
    char *labels)
{
	int	col[DLX_SUDOKU_MAXN + 1], row, k, g, nl = 0;
	char	chr[DLX_SUDOKU_MAXN + 1];

	for (row = 0; row < n; row++) {
		if (!content_line(r)) {
			bad(r, e, r->lineno, 0, "%s: %d rows, expected %d",
			    what, row, n);
			return -1;
		}
		lines[row] = r->lineno;
		if (header_line(r->buf) || split_row(r->buf, n, col, chr) !=
		    n) {
			r->pending = header_line(r->buf);
			bad(r, e, r->lineno, 0, "%s: row %d has %d cells, "
			    "expected %d", what, row + 1, header_line(r->buf) ?
			    0 : split_row(r->buf, n, col, chr), n);
			return -1;
		}
		for (k = 0; k < n; k++) {
			cols[row * n + k] = col[k];
			if (chr[k] == '.' && dot_ok) {
				map[row * n + k] = -1;
				continue;
			}
			if (strchr("#=.-+", chr[k]) != NULL ||
			    !isgraph((unsigned char)chr[k])) {
				bad(r, e, r->lineno, (unsigned long)col[k],
				    "%s: '%c' cannot be a label", what,
				    isprint((unsigned char)chr[k]) ? chr[k] :
				    '?');
				return -1;
			}
			for (g = 0; g < nl && labels[g] != chr[k]; g++)
				continue;
			if (g == nl) {
				if (nl == max) {
					bad(r, e, r->lineno,
					    (unsigned long)col[k],
					    "%s: more than %d labels", what,
					    max);
					return -1;
				}
				labels[nl++] = chr[k];
			}
			map[row * n + k] = g;
		}
	}
	return nl;
}

/* Read "label=sum" tokens up to a blank line, a header or the end. */
static int
read_sums(dlx_sudoku_vreader *r, struct dlx_error *e, int ncages)
{
	char		*p, *end;
	long		 v;
	int		 g;
	unsigned long	 col;

	for (g = 0; g < ncages; g++)
		r->sums[g] = -1;
	while (next_line(r)) {
		if (r->buf[0] == '#')
			continue;
		if (blank_line(r->buf))
			break;
		if (header_line(r->buf)) {
			r->pending = 1;
			break;
		}
		for (p = r->buf; *p != '\0';) {
			/* ',' parts tokens, and is the last label too (its
			 * sum follows at once). */
			if (*p == ' ' || *p == '\t' ||
			    (*p == ',' && p[1] != '=')) {
				p++;
				continue;
			}
			col = (unsigned long)(p - r->buf) + 1;
			for (g = 0; g < ncages && r->clabel[g] != *p; g++)
				continue;
			if (p[1] != '=') {
				bad(r, e, r->lineno, col, "sums: expected "
				    "LABEL=SUM");
				return -1;
			}
			if (g == ncages) {
				bad(r, e, r->lineno, col, "sums: no cage "
				    "'%c' in the map", *p);
				return -1;
			}
			errno = 0;
			v = strtol(p + 2, &end, 10);
			if (end == p + 2 || errno != 0 || v < 1 ||
			    v > 100000 || (*end != '\0' && *end != ' ' &&
			    *end != '\t' && *end != ',')) {
				bad(r, e, r->lineno, col + 2, "sums: cage "
				    "'%c': not a positive number", *p);
				return -1;
			}
			if (r->sums[g] >= 0) {
				bad(r, e, r->lineno, col, "sums: cage '%c' "
				    "has two sums", *p);
				return -1;
			}
			r->sums[g] = (int)v;
			p = end;
		}
	}
	for (g = 0; g < ncages && r->sums[g] >= 0; g++)
		continue;
	return g;
}

/* Line and column of cell x of a map, for a message. */
static void
where(const unsigned long *lines, const int *cols, int n, int x,
    struct dlx_error *e)
{
	e->line = lines[x / n];
	e->column = (unsigned long)cols[x];
}

/* What a puzzle's header line (or --variant) says about it. */
struct head {
	unsigned	 extras;	/* DLX_SUDOKU_DIAGONALS, _WINDOWS */
	int		 jigsaw;	/* a region map follows the givens */
	int		 killer;	/* a cage map and sums follow */
	int		 boxr, boxc;	/* box shape, or 0: from N */
	int		 n;		/* size, or 0: from the first row */
	unsigned long	 first;		/* line of the header, or of the
					   first row without one */
};

/*
 * Read up to the first row of the givens, made current: the header line,
 * or none when --variant names the variant.  Sizes come from the header,
 * else from the reader's default shape.  Returns DLX_OK with *h;
 * DLX_SUDOKU_EOF or DLX_SUDOKU_EREAD at the end; or DLX_SUDOKU_BAD after
 * bad().
 */
static int
read_head(dlx_sudoku_vreader *r, struct dlx_error *e, struct head *h)
{
	size_t	 badw;

	if (!content_line(r))
		return r->err ? DLX_SUDOKU_EREAD : DLX_SUDOKU_EOF;
	if (r->toolong != 0) {
		r->toolong = 0;
		return bad(r, e, r->lineno, 0, "line longer than %d bytes",
		    LINEMAX - 2);
	}
	h->first = r->lineno;
	h->boxr = r->boxr;
	h->boxc = r->boxc;
	h->n = h->boxr * h->boxc;
	if (header_line(r->buf)) {
		if (parse_words(r->buf + 7, &h->extras, &h->jigsaw,
		    &h->killer, &h->boxr, &h->boxc, &h->n, &badw) != 0)
			return bad(r, e, r->lineno,
			    (unsigned long)badw + 8, "unknown variant word "
			    "or size (x, hyper, jigsaw, killer, RxC, N)");
		if (h->n == 0) {
			h->boxr = r->boxr;
			h->boxc = r->boxc;
			h->n = h->boxr * h->boxc;
		}
		if (!content_line(r))
			return bad(r, e, r->lineno, 0, "no grid after the "
			    "header");
	} else if (r->haveddef) {
		h->extras = r->defextras;
		h->jigsaw = r->defjigsaw;
		h->killer = r->defkiller;
	} else
		return bad(r, e, r->lineno, 0, "expected a header line "
		    "'variant NAME' (or use --variant)");
	if (header_line(r->buf))
		return bad(r, e, r->lineno, 0, "no grid after the header");
	return DLX_OK;
}

/*
 * Read the N rows of givens into r->cells, the first being current, or
 * a line of pencil marks in their place into r->marks (r->ismarks set,
 * the cells blank).  N
 * comes from that row when the header gave none; the box shape, when
 * none was given, from N, unless a jigsaw's regions replace the boxes
 * (its windows still need one).  Returns DLX_OK, with h->n and the shape
 * set, or DLX_SUDOKU_BAD after bad().
 */
static int
read_givens(dlx_sudoku_vreader *r, struct dlx_error *e,
    struct head *h)
{
	char	 chr[DLX_SUDOKU_MAXN + 1];
	int	 col[DLX_SUDOKU_MAXN + 1], n, row, k, sym, line;
	size_t	 i;

	/* Pencil marks in place of the givens: a line of N*N*N cells. */
	r->ismarks = 0;
	if ((line = marks_line(r->buf, h->n)) > 0) {
		h->n = line;
		r->ismarks = 1;
	}
	/* The givens as one line of N*N cells, as classic puzzles may be
	 * given: N from the header's size, or from the line when it is too
	 * long to be a row. */
	else if ((line = one_line(r->buf, h->n)) > 0)
		h->n = line;
	k = split_row(r->buf, DLX_SUDOKU_MAXN, col, chr);
	if (h->n == 0)
		h->n = k;
	n = h->n;
	if (n < DLX_SUDOKU_MINN || n > DLX_SUDOKU_MAXN)
		return bad(r, e, r->lineno, 0, "row of %d cells: a variant "
		    "grid has %d to %d (or a line of N*N cells)",
		    count_cells(r->buf), DLX_SUDOKU_MINN, DLX_SUDOKU_MAXN);
	if (h->boxr == 0 && !h->jigsaw &&
	    dlx_sudoku_box_for(n, &h->boxr, &h->boxc) != 0)
		return bad(r, e, r->lineno, 0, "%d symbols make no boxes: "
		    "give RxC in the header", n);
	if (h->jigsaw && (h->extras & DLX_SUDOKU_WINDOWS) && h->boxr == 0 &&
	    dlx_sudoku_box_for(n, &h->boxr, &h->boxc) != 0)
		return bad(r, e, r->lineno, 0, "%d symbols make no windows",
		    n);
	if (r->ismarks)
		return read_marks(r, e, n);
	for (k = 0, i = 0; line > 0 && r->buf[i] != '\0'; i++) {
		if (skip_char((unsigned char)r->buf[i]))
			continue;
		if ((sym = symbol_of(r, (unsigned char)r->buf[i], n)) < 0)
			return bad(r, e, r->lineno, (unsigned long)i + 1,
			    "'%c' is not a symbol of a %dx%d grid",
			    isprint((unsigned char)r->buf[i]) ? r->buf[i] :
			    '?', n, n);
		r->cells[k++] = sym;
	}
	for (row = 0; line == 0 && row < n; row++) {
		if (row > 0 && !content_line(r))
			return bad(r, e, r->lineno, 0, "grid: %d rows, "
			    "expected %d", row, n);
		if (header_line(r->buf)) {
			r->pending = 1;
			return bad(r, e, r->lineno, 0, "grid: %d rows, "
			    "expected %d", row, n);
		}
		if ((k = split_row(r->buf, n, col, chr)) != n)
			return bad(r, e, r->lineno, 0, "grid: row %d has %s%d "
			    "cells, expected %d", row + 1, k > n ? "over " :
			    "", k > n ? n : k, n);
		for (k = 0; k < n; k++) {
			if ((sym = symbol_of(r, (unsigned char)chr[k], n)) < 0)
				return bad(r, e, r->lineno,
				    (unsigned long)col[k], "'%c' is not a "
				    "symbol of a %dx%d grid",
				    isprint((unsigned char)chr[k]) ? chr[k] :
				    '?', n, n);
			r->cells[row * n + k] = sym;
		}
	}
	return DLX_OK;
}

/*
 * Read a jigsaw's region map into r->regions and check it as v's, which
 * then has windows only if the header asked for them.  A fault is
 * reported at its cell of the map.  Returns DLX_OK or DLX_SUDOKU_BAD.
 */
static int
read_regions(dlx_sudoku_vreader *r, struct dlx_error *e,
    const struct head *h, struct dlx_sudoku_variant *v)
{
	struct dlx_error	 ve;
	char				 lab[NCELLS];
	int				 n = h->n, x;

	if (read_map(r, e, n, n, 0, "regions", r->regions, r->rline, r->rcol,
	    lab) < 0)
		return DLX_SUDOKU_BAD;
	v->regions = r->regions;
	if (dlx_sudoku_variant_check(v, &ve) != DLX_OK) {
		x = ve.cell >= 0 ? ve.cell : 0;
		return bad(r, e, r->rline[x / n], (unsigned long)r->rcol[x],
		    "regions: %.150s", ve.message);
	}
	if (h->extras & DLX_SUDOKU_WINDOWS) {
		v->boxr = h->boxr;
		v->boxc = h->boxc;
	}
	return DLX_OK;
}

/*
 * Put the fault ve of the cages of v into *e: at its cell of the map, or
 * at the puzzle's first line if it has none.  The check numbers cages;
 * the message names them by label, as the file does: "cage 3 is ..."
 * becomes "cage 'c' is ...".
 */
static void
cage_fault(const dlx_sudoku_vreader *r, const struct dlx_sudoku_variant *v,
    const struct dlx_error *ve, unsigned long first,
    struct dlx_error *e)
{
	int	 g;

	e->line = first;
	e->column = 0;
	if (ve->cell >= 0)
		where(r->cline, r->ccol, v->n, ve->cell, e);
	if (ve->cell >= 0 && r->cages[ve->cell] >= 0 &&
	    strncmp(ve->message, "cage ", 5) == 0) {
		g = r->cages[ve->cell];
		snprintf(e->message, sizeof e->message,
		    "cages: cage '%c'%.140s", r->clabel[g],
		    ve->message + 5 + strspn(ve->message + 5, "0123456789"));
	} else
		snprintf(e->message, sizeof e->message, "cages: %.150s",
		    ve->message);
}

/*
 * Read a killer's cage map and sums into r->cages and r->sums and check
 * them as v's.  The sums end the puzzle, so a fault found after them has
 * nothing left to skip: it is written into *e here rather than by bad().
 * Returns DLX_OK or DLX_SUDOKU_BAD.
 */
static int
read_cages(dlx_sudoku_vreader *r, struct dlx_error *e,
    struct dlx_sudoku_variant *v, unsigned long first)
{
	struct dlx_error	 ve;
	int				 n = v->n, ncages, g, x;

	if ((ncages = read_map(r, e, n, NCELLS, 1, "cages", r->cages,
	    r->cline, r->ccol, r->clabel)) < 0)
		return DLX_SUDOKU_BAD;
	if ((g = read_sums(r, e, ncages)) < 0)
		return DLX_SUDOKU_BAD;
	if (g < ncages) {
		for (x = 0; r->cages[x] != g; x++)
			continue;
		where(r->cline, r->ccol, n, x, e);
		snprintf(e->message, sizeof e->message, "cages: "
		    "cage '%c' has no sum", r->clabel[g]);
		return DLX_SUDOKU_BAD;
	}
	v->ncages = ncages;
	v->cages = r->cages;
	v->sums = r->sums;
	if (dlx_sudoku_variant_check(v, &ve) != DLX_OK) {
		cage_fault(r, v, &ve, first, e);
		return DLX_SUDOKU_BAD;
	}
	return DLX_OK;
}

/* The next puzzle, as dlx_sudoku_vread() says, *e cleared. */
static int
vread_next(dlx_sudoku_vreader *r, struct dlx_sudoku_puzzle *p,
    struct dlx_sudoku_variant *v, struct dlx_error *e)
{
	struct head	 h;
	int		 rc;

	if ((rc = read_head(r, e, &h)) != DLX_OK)
		return rc;
	if ((rc = read_givens(r, e, &h)) != DLX_OK)
		return rc;
	memset(v, 0, sizeof *v);
	v->n = h.n;
	v->extras = h.extras;
	v->boxr = h.jigsaw ? 0 : h.boxr;
	v->boxc = h.jigsaw ? 0 : h.boxc;
	if (h.jigsaw && (rc = read_regions(r, e, &h, v)) != DLX_OK)
		return rc;
	if (h.killer && (rc = read_cages(r, e, v, h.first)) != DLX_OK)
		return rc;
	p->line = h.first;
	p->n = h.n;
	p->boxr = h.jigsaw ? h.n : h.boxr;
	p->boxc = h.jigsaw ? h.n : h.boxc;
	p->cells = r->cells;
	p->solution = NULL;
	p->marks = r->ismarks ? r->marks : NULL;
	return DLX_SUDOKU_PUZZLE;
}

int
dlx_sudoku_vread(dlx_sudoku_vreader *r, struct dlx_sudoku_puzzle *p,
    struct dlx_sudoku_variant *v, struct dlx_error *err)
{
	struct dlx_error	 e;
	int			 rc;

	if (r == NULL || p == NULL || v == NULL)
		return DLX_EINVAL;
	memset(&e, 0, sizeof e);
	e.cell = -1;
	rc = vread_next(r, p, v, &e);
	if (rc == DLX_SUDOKU_BAD)
		e.code = rc;	/* some faults are written without bad() */
	else if (rc == DLX_SUDOKU_EREAD) {
		e.code = rc;
		e.sys_errno = errno;
		snprintf(e.message, sizeof e.message, "%s", strerror(errno));
	}
	if (err != NULL)
		*err = e;
	return rc;
}

/* snprintf into buf at *len, keeping the full length needed. */
static void
put(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
	va_list	ap;
	int	k;

	va_start(ap, fmt);
	k = vsnprintf(*len < size ? buf + *len : NULL,
	    *len < size ? size - *len : 0, fmt, ap);
	va_end(ap);
	if (k > 0)
		*len += (size_t)k;
}

size_t
dlx_sudoku_variant_format(const struct dlx_sudoku_variant *v,
    const int *cells, const char *symbols, char *buf, size_t size)
{
	struct sm_symbols	 sy;
	size_t			 len = 0;
	int			 n = v->n, r, c, g, x;

	/* The text form is read back: its symbols are characters, so ""
	 * (numbers elsewhere) means the default alphabet here. */
	sm_symbols_init(&sy, symbols == NULL || *symbols == '\0' ? NULL :
	    symbols, n);
	if (v->ncages > (int)strlen(LABELS) || sy.numbers)
		return 0;
	if (size > 0)
		buf[0] = '\0';
	if (v->regions != NULL && !(v->extras & DLX_SUDOKU_WINDOWS))
		put(buf, size, &len, "variant %s %d\n",
		    dlx_sudoku_variant_name(v), n);
	else
		put(buf, size, &len, "variant %s %dx%d\n",
		    dlx_sudoku_variant_name(v), v->boxr, v->boxc);
	for (r = 0; r < n; r++) {
		for (c = 0; c < n; c++) {
			x = cells[r * n + c];
			put(buf, size, &len, "%c", x == 0 ? '.' :
			    sy.chr[x - 1]);
		}
		put(buf, size, &len, "\n");
	}
	if (v->regions != NULL) {
		for (r = 0; r < n; r++) {
			for (c = 0; c < n; c++)
				put(buf, size, &len, "%c",
				    LABELS[v->regions[r * n + c]]);
			put(buf, size, &len, "\n");
		}
	}
	if (v->cages != NULL) {
		for (r = 0; r < n; r++) {
			for (c = 0; c < n; c++)
				put(buf, size, &len, "%c",
				    LABELS[v->cages[r * n + c]]);
			put(buf, size, &len, "\n");
		}
		/* Twelve sums a line keeps lines within 80 columns. */
		for (g = 0; g < v->ncages; g++)
			put(buf, size, &len, "%c=%d%s", LABELS[g],
			    v->sums[g], g % 12 == 11 || g == v->ncages - 1 ?
			    "\n" : " ");
	}
	return len;
}
