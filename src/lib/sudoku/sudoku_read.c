/*
 * sudoku_read.c: a streaming reader of sudoku puzzles in the usual text
 * forms (see dlx_sudoku_read() in dlx_sudoku.h).
 *
 * The reader works a line at a time.  Each line is read into a fixed
 * buffer of DLX_SUDOKU_MAXLINE bytes (a longer line is consumed and
 * rejected, never stored) and classified: blank, comment, separator, or a
 * row of cells.  A row is turned into cell values at once, so the reader
 * holds at most two rows (the current one and one line of lookahead, which
 * tells a 16-cell 4x4 puzzle from the first row of a 16x16 grid) plus the
 * puzzle being assembled.  Memory is thus fixed when the reader is made,
 * whatever the input: a file of a million puzzles or a 100 MB line costs
 * the same.
 *
 * A bad puzzle is reported once, with the line and column of its first
 * fault, and its lines are consumed (for a grid: up to N rows, or up to a
 * blank line), so reading resumes cleanly at the next puzzle.  No line is
 * ever dropped without a word: a line that can stand alone (a whole
 * one-line puzzle, a CSV line, a line of text) ends a grid that has not
 * got its N rows, and is read again as itself.  One line of lookahead is
 * all that needs, so memory stays fixed.
 *
 * Every line is thus part of a puzzle handed out, part of a puzzle named
 * in an error, or a comment: blank, a separator rule, after a '#', after
 * the whitespace that ends a whole one-line puzzle (an annotation such as
 * a name or a rating), a CSV header, or a title (a line of words that
 * cannot be read as a puzzle or a row).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/sudoku/sudoku_model.h"

#define MAXCELLS	(DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN)

/* Character classes in the reader's map; values >= 0 are cell values. */
#define C_STRAY		(-1)	/* not allowed */
#define C_SPACE		(-2)	/* separates cells and number tokens */
#define C_SEP		(-3)	/* box separator | - +, ignored */

/* What a line is. */
enum line_kind {
	L_EOF,		/* no more lines */
	L_BLANK,	/* only white space: ends a puzzle */
	L_COMMENT,	/* starts with # (after white space) */
	L_SEPARATOR,	/* a rule like ---+--- or *-----*: skipped */
	L_ROW,		/* cells */
	L_TOOLONG,	/* longer than DLX_SUDOKU_MAXLINE */
	L_CSVBAD	/* a CSV line without a whole puzzle in it */
};

/* One line, classified and, for L_ROW, turned into cell values. */
struct row {
	enum line_kind	 kind;
	unsigned long	 line;		/* line number, from 1 */
	int		 k;		/* cells on the line (may exceed
					   MAXCELLS; only MAXCELLS kept) */
	int		 cells[MAXCELLS];	/* values: 0 blank, 1.. symbol */
	unsigned	 cols[MAXCELLS];	/* column of each cell, from 1 */
	int		 number;	/* cells were read as numbers */
	int		 maxv;		/* largest value on the line */
	int		 spaced;	/* space or separator between cells */
	unsigned long	 badcol;	/* first stray character's column */
	int		 badch;		/* ... and the character */
	unsigned	 zerocol;	/* column of the first '0' read as a
					   blank (not numbers), or 0 */
	int		 otherblank;	/* a blank mark other than '0' */
	int		 text;		/* looks like words: a title */
	int		 alone;		/* a whole puzzle by itself (one
					   line, annotated or CSV) */
	int		 nsol;		/* CSV: cells of the solution field
					   (0: none) */
	unsigned	 solcol;	/* ... and its column */
	int		 sol[MAXCELLS];	/* ... and its cells */
};

struct dlx_sudoku_reader {
	struct dlx_allocator mem;	/* the reader's one block */
	FILE		*fp;
	int		 boxr, boxc;	/* fixed box shape, or 0 */
	int		 numbers;	/* numbers 10..N may be read */
	signed char	 map[256];	/* class or value of each byte */
	unsigned long	 lineno;	/* lines read so far */
	int		 eof;		/* the stream has ended */
	int		 pending;	/* rows[slot ^ 1] was peeked */
	int		 slot;		/* row last handed out */
	int		 csvseen;	/* a CSV line has been read */
	int		(*stop)(void *); /* the caller's stop poll, or NULL */
	void		*stop_arg;
	int		 stopped;	/* stop() said so: the read ends */
	unsigned long	 zline;		/* puzzle being read: line and */
	unsigned	 zcol;		/* column of its first '0' blank */
	int		 otherblank;	/* ... and it has another blank */
	struct row	 rows[2];
	struct row	 field;		/* scratch: a CSV field */
	int		 cells[MAXCELLS];	/* the puzzle handed out */
	int		 sol[MAXCELLS];		/* its CSV solution */
	uint64_t	 marks[MAXCELLS];	/* its pencil marks */
	char		 buf[DLX_SUDOKU_MAXLINE + 1];
	char		 alpha[DLX_SUDOKU_MAXN + 1];
};

static void
make_map(dlx_sudoku_reader *r, const char *symbols)
{
	const char	*blanks = "0._*xX";
	int		 i, ch, lo;

	for (i = 0; i < 256; i++)
		r->map[i] = C_STRAY;
	r->map[' '] = r->map['\t'] = r->map['\r'] = C_SPACE;
	r->map['|'] = r->map['-'] = r->map['+'] = C_SEP;
	for (i = 0; symbols[i] != '\0'; i++) {
		ch = (unsigned char)symbols[i];
		/* With the default alphabet X stays a blank, as in most
		 * collections; sizes of 33 and more then need --symbols. */
		if (symbols == r->alpha && r->numbers && ch == 'X')
			continue;
		r->map[ch] = (signed char)(i + 1);
	}
	for (i = 0; blanks[i] != '\0'; i++)
		if (r->map[(unsigned char)blanks[i]] == C_STRAY)
			r->map[(unsigned char)blanks[i]] = 0;
	/* A letter stands for its other case when that is free. */
	for (ch = 'A'; ch <= 'Z'; ch++) {
		lo = ch - 'A' + 'a';
		if (r->map[ch] > 0 && r->map[lo] == C_STRAY)
			r->map[lo] = r->map[ch];
		else if (r->map[lo] > 0 && r->map[ch] == C_STRAY)
			r->map[ch] = r->map[lo];
	}
}

int
dlx_sudoku_reader_new(dlx_sudoku_reader **rp, FILE *fp,
    const struct dlx_sudoku_reader_options *o)
{
	struct dlx_allocator	 mem;
	dlx_sudoku_reader	*r;
	struct dlx_sudoku_reader_options def;
	char			 alpha[DLX_SUDOKU_MAXN + 1];
	int			 n;

	if (rp == NULL || fp == NULL)
		return DLX_EINVAL;
	if (o == NULL) {
		memset(&def, 0, sizeof def);
		o = &def;
	}
	if (o->boxr != 0 || o->boxc != 0) {
		if (!sm_shape_ok(o->boxr, o->boxc))
			return DLX_EINVAL;
		n = o->boxr * o->boxc;
		if (o->symbols != NULL && strlen(o->symbols) < (size_t)n)
			return DLX_EINVAL;
	}
	/* An expanded alphabet expands to itself. */
	if (o->symbols != NULL &&
	    (dlx_sudoku_parse_symbols(o->symbols, alpha, NULL) < 0 ||
	    strcmp(alpha, o->symbols) != 0))
		return DLX_EINVAL;
	if (mem_init(&mem, o->alloc) != DLX_OK)
		return DLX_EINVAL;
	if ((r = mem_zalloc(&mem, 1, sizeof *r)) == NULL)
		return DLX_ENOMEM;
	r->mem = mem;
	r->fp = fp;
	r->boxr = o->boxr;
	r->boxc = o->boxc;
	r->numbers = o->symbols == NULL;
	r->stop = o->stop;
	r->stop_arg = o->stop_arg;
	strcpy(r->alpha, o->symbols != NULL ? o->symbols : DLX_SUDOKU_SYMBOLS);
	make_map(r, r->alpha);
	*rp = r;
	return DLX_OK;
}

void
dlx_sudoku_reader_free(dlx_sudoku_reader *r)
{
	if (r != NULL)
		mem_free(&r->mem, r);
}

/*
 * Read one line into r->buf without its newline.  Returns its length, or
 * -1 at the end of the stream, or -2 when it is longer than the buffer
 * (the rest of it is then read and dropped).
 */
static long
get_line(dlx_sudoku_reader *r)
{
	FILE	*fp = r->fp;
	size_t	 len = 0;
	unsigned long toolong = 0;	/* bytes past the buffer */
	int	 ch;

	if (r->eof)
		return -1;
	/* A stop that came before this read began (a signal while the
	 * program was starting) would not interrupt it. */
	if (r->stop != NULL && r->stop(r->stop_arg)) {
		r->eof = r->stopped = 1;
		return -1;
	}
	/* A character at a time without taking the stream's lock for
	 * each: the reader is the stream's one user while it reads. */
	flockfile(fp);
	while ((ch = getc_unlocked(fp)) != EOF && ch != '\n') {
		if (len < DLX_SUDOKU_MAXLINE)
			r->buf[len++] = (char)ch;
		else if (++toolong % DLX_SUDOKU_MAXLINE == 0 &&
		    r->stop != NULL && r->stop(r->stop_arg)) {
			/* An endless line (/dev/zero) ends only here. */
			funlockfile(fp);
			r->eof = r->stopped = 1;
			return -1;
		}
	}
	funlockfile(fp);
	if (ch == EOF) {
		r->eof = 1;
		if (len == 0 && !toolong)
			return -1;
	}
	r->lineno++;
	r->buf[len] = '\0';
	/* A UTF-8 byte order mark at the very start is not content. */
	if (r->lineno == 1 && len >= 3 && memcmp(r->buf, "\xef\xbb\xbf", 3) == 0) {
		memmove(r->buf, r->buf + 3, len - 3);
		len -= 3;
		r->buf[len] = '\0';
	}
	return toolong != 0 ? -2 : (long)len;
}

/*
 * Read the line as space-separated numbers if it looks like that: every
 * token (between white space and |) is a number of one or two digits, at
 * least one has two (10..99), and at least one has one (a row of such a
 * grid always holds a blank 0 or a symbol below 10).  "12 34" is thus two
 * 2x2 box halves, not two numbers.  Returns 1 if the row was read so.
 */
static int
read_numbers(const char *s, size_t len, struct row *w)
{
	size_t	i, j;
	int	one = 0, two = 0, k = 0;

	for (i = 0; i < len; i = j) {
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '|') {
			j = i + 1;
			continue;
		}
		for (j = i; j < len && s[j] >= '0' && s[j] <= '9'; j++)
			continue;
		if (j < len && s[j] != ' ' && s[j] != '\t' && s[j] != '\r' &&
		    s[j] != '|')
			return 0;
		if (j - i == 1)
			one = 1;
		else if (j - i == 2 && s[i] != '0')
			two = 1;
		else
			return 0;
	}
	if (!one || !two)
		return 0;
	for (i = 0; i < len; i = j) {
		if (s[i] < '0' || s[i] > '9') {
			j = i + 1;
			continue;
		}
		for (j = i; j < len && s[j] >= '0' && s[j] <= '9'; j++)
			continue;
		if (k < MAXCELLS) {
			w->cells[k] = j - i == 1 ? s[i] - '0' :
			    (s[i] - '0') * 10 + s[i + 1] - '0';
			w->cols[k] = (unsigned)i + 1;
		}
		k++;
	}
	w->k = k;
	w->number = 1;
	return 1;
}

/* Is the line a rule made of - = + | * and spaces, with a - or =? */
static int
is_rule(const char *s, size_t len)
{
	size_t	i;
	int	dash = 0;

	for (i = 0; i < len; i++) {
		if (s[i] == '-' || s[i] == '=')
			dash = 1;
		else if (strchr(" \t\r+|*", s[i]) == NULL || s[i] == '\0')
			return 0;
	}
	return dash;
}

/*
 * Sizes read without --box: the usual ones.  Others (15x15 with boxes of
 * 3x5, say) need --box, so that a damaged line is not taken for the first
 * row of an unusual grid.
 */
static int
inferred(int n)
{
	return n == 4 || n == 6 || n == 8 || n == 9 || n == 10 || n == 12 ||
	    n == 16 || n == 25;
}

/* N if k cells make a whole puzzle of an accepted size, else 0. */
static int
whole(const dlx_sudoku_reader *r, int k)
{
	int	n;

	if (r->boxr != 0) {
		n = r->boxr * r->boxc;
		return k == n * n ? n : 0;
	}
	for (n = 1; (n + 1) * (n + 1) <= k; n++)
		continue;
	return n * n == k && inferred(n) ? n : 0;
}

/* Clear w's cells. */
static void
clear_cells(struct row *w)
{
	w->k = 0;
	w->number = 0;
	w->maxv = 0;
	w->spaced = 0;
	w->badcol = 0;
	w->zerocol = 0;
	w->otherblank = 0;
}

/* Read s[from..to) as cells into w (cleared first). */
static void
scan_cells(const dlx_sudoku_reader *r, const char *s, size_t from,
    size_t to, struct row *w)
{
	size_t	i;
	int	c, k = 0, gap = 0;

	clear_cells(w);
	for (i = from; i < to; i++) {
		c = r->map[(unsigned char)s[i]];
		if (c >= 0) {
			if (k < MAXCELLS) {
				w->cells[k] = c;
				w->cols[k] = (unsigned)i + 1;
			}
			if (c > w->maxv)
				w->maxv = c;
			if (c == 0 && s[i] == '0') {
				if (w->zerocol == 0)
					w->zerocol = (unsigned)i + 1;
			} else if (c == 0)
				w->otherblank = 1;
			if (gap)
				w->spaced = 1;
			k++;
		} else if (c == C_SPACE || c == C_SEP) {
			gap = k > 0;
		} else if (c == C_STRAY && w->badcol == 0) {
			w->badcol = i + 1;
			w->badch = (unsigned char)s[i];
		}
	}
	w->k = k;
}

/*
 * Does s[0..len) read as words rather than cells?  A run of two letters
 * or more with a lower-case one in it, and letters for at least half of
 * the characters that are not white space: "Sudoku", "Level: 5", "Puzzle
 * 12 (hard)".  A damaged puzzle with a word in it stays a puzzle, and a
 * line with a byte that is not printable ASCII is no text.
 */
static int
is_text(const char *s, size_t len)
{
	size_t	i;
	int	letters = 0, other = 0, run = 0, lower = 0, word = 0;

	for (i = 0; i < len; i++) {
		if ((s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= 'A' && s[i] <= 'Z')) {
			letters++;
			run++;
			lower |= s[i] >= 'a';
			if (run >= 2 && lower)
				word = 1;
		} else {
			run = 0;
			lower = 0;
			if ((s[i] < ' ' || s[i] > '~') && s[i] != '\t' &&
			    s[i] != '\r')
				return 0;
			if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
				other++;
		}
	}
	return word && letters >= other;
}

/*
 * A CSV line (it has a comma): the first field that is a whole puzzle is
 * the puzzle, and the next field after it that is a whole puzzle of the
 * same size, if any, its solution.  Fields may be quoted and padded with
 * spaces.  The first CSV line of a stream may be a header ("quizzes,
 * solutions", "Puzzle,"): without a puzzle in it, it is a comment.
 */
static void
read_csv(dlx_sudoku_reader *r, const char *s, size_t len, struct row *w)
{
	struct row		*f = &r->field;
	size_t			 i, j, a, b;
	int			 n = 0, header = !r->csvseen;

	r->csvseen = 1;
	w->kind = L_CSVBAD;
	w->nsol = 0;
	for (i = 0; i <= len; i = j + 1) {
		for (j = i; j < len && s[j] != ','; j++)
			continue;
		a = i;
		b = j;
		while (a < b && (s[a] == ' ' || s[a] == '\t' || s[a] == '\r'))
			a++;
		while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t' ||
		    s[b - 1] == '\r'))
			b--;
		if (b - a >= 2 && s[a] == '"' && s[b - 1] == '"') {
			a++;
			b--;
		}
		if (n == 0) {
			scan_cells(r, s, a, b, w);
			if (w->badcol == 0 && (n = whole(r, w->k)) != 0) {
				w->kind = L_ROW;
				w->alone = 1;
			}
			continue;
		}
		scan_cells(r, s, a, b, f);
		if (f->badcol == 0 && f->k == n * n) {
			memcpy(w->sol, f->cells, sizeof w->sol);
			w->nsol = f->k;
			w->solcol = (unsigned)a + 1;
			break;
		}
	}
	if (w->kind == L_CSVBAD) {
		clear_cells(w);
		if (header)
			w->kind = L_COMMENT;
	}
}

/* Read and classify the next line into w. */
static void
next_line(dlx_sudoku_reader *r, struct row *w)
{
	const char	*s = r->buf, *hash;
	long		 n;
	size_t		 len, i, j;

	clear_cells(w);
	w->text = 0;
	w->alone = 0;
	w->nsol = 0;
	n = get_line(r);
	w->line = r->lineno;
	if (n == -1) {
		w->kind = L_EOF;
		return;
	}
	if (n == -2) {
		w->kind = L_TOOLONG;
		return;
	}
	len = (size_t)n;
	for (i = 0; i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r');
	    i++)
		continue;
	if (i == len) {
		w->kind = L_BLANK;
		return;
	}
	if (s[i] == '#') {
		w->kind = L_COMMENT;
		return;
	}
	/* '#' is never a symbol: the rest of the line is a comment. */
	if ((hash = memchr(s, '#', len)) != NULL)
		len = (size_t)(hash - s);
	while (len > i && (s[len - 1] == ' ' || s[len - 1] == '\t' ||
	    s[len - 1] == '\r'))
		len--;
	if (is_rule(s, len)) {
		w->kind = L_SEPARATOR;
		return;
	}
	if (memchr(s, ',', len) != NULL) {
		read_csv(r, s, len, w);
		return;
	}
	w->kind = L_ROW;
	if (r->numbers && read_numbers(s, len, w)) {
		w->spaced = 1;
		for (i = 0; (int)i < w->k && i < MAXCELLS; i++)
			if (w->cells[i] > w->maxv)
				w->maxv = w->cells[i];
		return;
	}
	/*
	 * A first word that is a whole puzzle by itself, then white space
	 * and anything: the rest is an annotation (a name, a rating).
	 */
	for (j = i; j < len && s[j] != ' ' && s[j] != '\t'; j++)
		continue;
	if (j < len) {
		scan_cells(r, s, i, j, w);
		if (w->badcol == 0 && whole(r, w->k) != 0) {
			w->alone = 1;
			return;
		}
	}
	scan_cells(r, s, 0, len, w);
	w->alone = w->badcol == 0 && whole(r, w->k) != 0;
	w->text = is_text(s, len);
	/* Only separators (say "| |"): nothing to read. */
	if (w->k == 0 && w->badcol == 0)
		w->kind = L_SEPARATOR;
}

/* The next line, from the lookahead if there is one. */
static struct row *
fetch(dlx_sudoku_reader *r)
{
	r->slot ^= 1;
	if (r->pending)
		r->pending = 0;
	else
		next_line(r, &r->rows[r->slot]);
	return &r->rows[r->slot];
}

/* Look at the line after the current one without consuming it. */
static struct row *
peek(dlx_sudoku_reader *r)
{
	if (!r->pending) {
		next_line(r, &r->rows[r->slot ^ 1]);
		r->pending = 1;
	}
	return &r->rows[r->slot ^ 1];
}

static int	fail(struct dlx_error *, unsigned long, unsigned long,
		    const char *, ...)
#ifdef __GNUC__
		    __attribute__((format(printf, 4, 5)))
#endif
		    ;

/* Fill *e (first fault only: a set e->line is kept). */
static int
fail(struct dlx_error *e, unsigned long line, unsigned long col,
    const char *fmt, ...)
{
	va_list	ap;

	if (e->line != 0)
		return DLX_SUDOKU_BAD;
	e->code = DLX_SUDOKU_BAD;
	e->line = line;
	e->column = col;
	va_start(ap, fmt);
	vsnprintf(e->message, sizeof e->message, fmt, ap);
	va_end(ap);
	return DLX_SUDOKU_BAD;
}

/* Describe a byte for a message. */
static void
show_char(int ch, char *buf, size_t size)
{
	if (ch > ' ' && ch < 127 && ch != '\'')
		snprintf(buf, size, "'%c'", ch);
	else
		snprintf(buf, size, "byte 0x%02x", ch);
}

/* Report the first stray character of w. */
static int
stray(const struct row *w, struct dlx_error *e)
{
	char	ch[16];

	show_char(w->badch, ch, sizeof ch);
	return fail(e, w->line, w->badcol, "unexpected %s", ch);
}

/*
 * Check the cells of row w against N and append them to the puzzle at
 * cell index at.  Records the first fault in e.
 */
static void
take_row(dlx_sudoku_reader *r, const struct row *w, int n, int at,
    struct dlx_error *e)
{
	int	i, v;

	if (w->badcol != 0)
		stray(w, e);
	if (w->zerocol != 0 && r->zline == 0) {
		r->zline = w->line;
		r->zcol = w->zerocol;
	}
	r->otherblank |= w->otherblank;
	for (i = 0; i < w->k && i < MAXCELLS; i++) {
		v = w->cells[i];
		if (v > n) {
			if (w->number)
				fail(e, w->line, w->cols[i],
				    "number %d out of range for %dx%d (0-%d)",
				    v, n, n, n);
			else
				fail(e, w->line, w->cols[i],
				    "symbol '%c' out of range for %dx%d "
				    "(%c-%c)", r->alpha[v - 1], n, n,
				    r->alpha[0], r->alpha[n - 1]);
		}
		if (at + i < MAXCELLS)
			r->cells[at + i] = v;
	}
}

/*
 * The line length nearest to k that the reader takes without a shape,
 * for "expected" texts: N*N cells (a puzzle) or N*N*N (its pencil marks,
 * as marks_size() reads them), N a size read without one.  *marks says
 * which; a tie goes to the puzzle.
 */
static long
nearest_length(int k, int *marks)
{
	long	len, best = 0;
	int	n, cube;

	*marks = 0;
	for (n = DLX_SUDOKU_MINN; n <= DLX_SUDOKU_MAXN; n++) {
		if (!inferred(n))
			continue;
		for (cube = 0; cube <= 1; cube++) {
			len = (long)n * n * (cube ? n : 1);
			/* 4x4 marks are 64 cells, an 8x8 puzzle's line. */
			if (cube && (len <= 64 || len > MAXCELLS))
				continue;
			if (best == 0 || labs(len - k) < labs(best - k)) {
				best = len;
				*marks = cube;
			}
		}
	}
	return best;
}

/* Give the row last fetched back: the next fetch() returns it again. */
static void
unfetch(dlx_sudoku_reader *r)
{
	r->slot ^= 1;
	r->pending = 1;
}

/*
 * The symbol rule: with the default alphabet, '0' is a blank.  But in a
 * puzzle of 10 symbols or more that also marks blanks another way ('.'),
 * '0' is more likely a symbol (0-9A-F for 16x16): rather than answer
 * another puzzle, the puzzle is refused with the fix in the message.
 */
static int
check_zero(const dlx_sudoku_reader *r, int n, struct dlx_error *e)
{
	char	alpha[16];

	if (!r->numbers || n < 10 || r->zline == 0 || !r->otherblank)
		return DLX_OK;
	if (n == 10)
		snprintf(alpha, sizeof alpha, "0-9");
	else if (n == 11)
		snprintf(alpha, sizeof alpha, "0-9A");
	else
		snprintf(alpha, sizeof alpha, "0-9A-%c", 'A' + n - 11);
	return fail(e, r->zline, r->zcol, "'0' and another blank mark in "
	    "one %dx%d puzzle: if 0 is a symbol, pass --symbols %s", n, n,
	    alpha);
}

/*
 * Check a CSV solution sol[0..N*N-1] against the puzzle in r->cells: it
 * must be complete, keep every given and break no rule.  Then it is a
 * solution of the puzzle (the only one when the puzzle has one).
 */
static void
check_solution(dlx_sudoku_reader *r, const struct row *w, int br, int bc,
    struct dlx_error *e)
{
	struct dlx_sudoku_conflict	 conf;
	char				 text[120];
	int				 i, n = br * bc;

	for (i = 0; i < n * n; i++) {
		if (w->sol[i] == 0 || w->sol[i] > n) {
			fail(e, w->line, w->solcol + i, "solution: cell r%dc%d "
			    "is %s", i / n + 1, i % n + 1, w->sol[i] == 0 ?
			    "blank" : "out of range");
			return;
		}
		if (r->cells[i] != 0 && r->cells[i] != w->sol[i]) {
			fail(e, w->line, w->solcol + i, "solution: cell r%dc%d "
			    "differs from the given", i / n + 1, i % n + 1);
			return;
		}
	}
	if (dlx_sudoku_check(br, bc, w->sol, &conf, NULL) == DLX_ECONFLICT) {
		dlx_sudoku_conflict_text(&conf, r->numbers ? NULL : r->alpha,
		    text, sizeof text);
		fail(e, w->line, w->solcol, "solution: %s", text);
		return;
	}
	memcpy(r->sol, w->sol, sizeof r->sol);
}

/*
 * Read the rest of a grid whose first row is first; N = n.  A line that
 * stands alone (a whole puzzle, a CSV line, text) and is not a row of N
 * cells ends the grid short and is given back: it is read next as what it
 * is.  A row of another length that cannot stand alone is a damaged row
 * of this grid.
 */
static int
read_grid(dlx_sudoku_reader *r, const struct row *first, int n,
    struct dlx_sudoku_puzzle *p, struct dlx_error *e)
{
	const struct row	*w;
	unsigned long		 start = first->line;
	int			 rows = 1;

	take_row(r, first, n, 0, e);
	while (rows < n) {
		w = fetch(r);
		switch (w->kind) {
		case L_COMMENT:
		case L_SEPARATOR:
			continue;
		case L_EOF:
		case L_BLANK:
			return fail(e, start, 0, "grid ends after %d of %d rows",
			    rows, n);
		case L_TOOLONG:
		case L_CSVBAD:
			unfetch(r);
			return fail(e, start, 0, "grid ends after %d of %d rows",
			    rows, n);
		case L_ROW:
			if (w->k != n && (w->alone || w->text)) {
				unfetch(r);
				return fail(e, start, 0, "grid ends after %d "
				    "of %d rows (line %lu is not a row)",
				    rows, n, w->line);
			}
			/* A stray character is what is wrong with the
			 * row, not the count of cells it leaves. */
			if (w->k != n && w->badcol != 0)
				stray(w, e);
			else if (w->k != n)
				fail(e, w->line, 0,
				    "row %d has %d cells, expected %d",
				    rows + 1, w->k, n);
			else
				take_row(r, w, n, rows * n, e);
			break;
		}
		rows++;
	}
	if (e->line != 0)
		return DLX_SUDOKU_BAD;
	if (check_zero(r, n, e) != DLX_OK)
		return DLX_SUDOKU_BAD;
	p->line = start;
	return DLX_SUDOKU_PUZZLE;
}

/*
 * Skip to the line that starts the next puzzle, in *wp (set, whatever
 * the return, to the last line fetched).  Returns DLX_SUDOKU_PUZZLE when
 * there is one; DLX_SUDOKU_BAD (with *e) for a line
 * too long or a bad CSV line, which is consumed; DLX_SUDOKU_EOF; or
 * DLX_SUDOKU_EREAD after a read error or a stop (errno EINTR).
 */
static int
first_row(dlx_sudoku_reader *r, const struct row **wp,
    struct dlx_error *e)
{
	const struct row	*w;

	for (;;) {
		*wp = w = fetch(r);
		if (w->kind == L_EOF) {
			if (r->stopped) {
				errno = EINTR;
				return DLX_SUDOKU_EREAD;
			}
			if (ferror(r->fp))
				return DLX_SUDOKU_EREAD;
			return DLX_SUDOKU_EOF;
		}
		if (w->kind == L_TOOLONG)
			return fail(e, w->line, 0, "line longer than %d bytes",
			    DLX_SUDOKU_MAXLINE);
		if (w->kind == L_CSVBAD)
			return fail(e, w->line, 0, "CSV line without a whole "
			    "puzzle in a field");
		if (w->kind != L_ROW)
			continue;
		/*
		 * A line of words that is neither a whole puzzle nor a
		 * row that fits in its own size is a title: a comment.
		 */
		if (w->text && !w->alone && !(w->badcol == 0 &&
		    w->maxv <= w->k && (r->boxr != 0 ?
		    w->k == r->boxr * r->boxc : inferred(w->k))))
			continue;
		return DLX_SUDOKU_PUZZLE;
	}
}

/*
 * A line of k cells that are two or three whole puzzles of n x n cells,
 * pasted one after the other: say so (DLX_SUDOKU_BAD with *e), rather
 * than name the nearest size.  Returns DLX_OK when k is no such multiple.
 * Not more than three: 80 cells are five 4x4 puzzles, but far more likely
 * a 9x9 puzzle short of a cell (and four are a square, a size of its own).
 */
static int
pasted(const struct row *w, int n, struct dlx_error *e)
{
	int	k = w->k, m;

	if (n < 1 || k % (n * n) != 0 || (m = k / (n * n)) < 2 || m > 3)
		return DLX_OK;
	if (m == 2)
		return fail(e, w->line, 0, "line has %d cells: two %dx%d "
		    "puzzles on one line? put each on its own line", k, n, n);
	return fail(e, w->line, 0, "line has %d cells: %d %dx%d puzzles on "
	    "one line? put each on its own line", k, m, n, n);
}

/*
 * With the box shape fixed by the caller, first row w must be a whole
 * puzzle (N*N cells) or a row of a grid (N cells): *grid says which.
 * Returns DLX_OK or DLX_SUDOKU_BAD with *e.
 */
static int
shape_fixed(const dlx_sudoku_reader *r, const struct row *w, int *grid,
    struct dlx_error *e)
{
	int	n = r->boxr * r->boxc, one;

	one = w->k == n * n;
	*grid = !one && w->k == n;
	if (one || *grid)
		return DLX_OK;
	if (w->badcol != 0)
		return stray(w, e);
	if (pasted(w, n, e) != DLX_OK)
		return DLX_SUDOKU_BAD;
	return fail(e, w->line, 0, "line has %d cells, expected %d (a whole "
	    "puzzle) or %d (a row)", w->k, n * n, n);
}

/*
 * The squarest boxes of n cells, R <= C, into *br and *bc; 0 when there
 * are none but 1xN (a prime n), too unlike a sudoku to suggest.
 */
static int
box_hint(int n, int *br, int *bc)
{
	int	r, best = 1;

	for (r = 2; r * r <= n; r++)
		if (n % r == 0)
			best = r;
	*br = best;
	*bc = n / best;
	return best > 1;
}

/*
 * With no shape given, N comes from first row w: its k cells are a whole
 * puzzle when k is the square of a size read without a shape, a row of a
 * grid when k is such a size.  Returns DLX_OK with *n and *grid, or
 * DLX_SUDOKU_BAD with *e (and *n 0).
 */
static int
shape_inferred(dlx_sudoku_reader *r, const struct row *w, int *n,
    int *grid, struct dlx_error *e)
{
	const struct row	*next;
	long			 len;
	int			 k = w->k, sq, one, best, br, bc, marks;

	*n = 0;
	for (sq = 1; (sq + 1) * (sq + 1) <= k; sq++)
		continue;
	one = sq * sq == k && inferred(sq);
	*grid = inferred(k) && !w->nsol && w->kind == L_ROW;
	if (one && *grid) {
		/*
		 * 16 cells: a 4x4 puzzle, or the first row of a 16x16
		 * grid.  It is a row when the next line has as many cells
		 * and either line uses a symbol beyond 4 or the line
		 * spaces its cells out; one-line puzzles are rarely spaced.
		 */
		next = peek(r);
		*grid = next->kind == L_ROW && next->k == k &&
		    (w->maxv > sq || next->maxv > sq || w->spaced);
		one = !*grid;
	}
	if (one || *grid) {
		*n = one ? sq : k;
		return DLX_OK;
	}
	if (w->badcol != 0)
		return stray(w, e);
	/*
	 * A size the reader does not infer (boxes of 6x6, 5x6, 4x5...):
	 * a whole puzzle or a row of one.  Name the option that reads it.
	 */
	if (sq * sq == k && sq >= DLX_SUDOKU_MINN && sq <= DLX_SUDOKU_MAXN &&
	    box_hint(sq, &br, &bc))
		return fail(e, w->line, 0, "line has %d cells, a %dx%d puzzle: "
		    "give its boxes with --box RxC (such as --box %dx%d)", k,
		    sq, sq, br, bc);
	/* Two puzzles or more pasted on one line, of the largest size. */
	for (best = 25; best >= 4; best--)
		if (inferred(best) && pasted(w, best, e) != DLX_OK)
			return DLX_SUDOKU_BAD;
	if (k > 25 && k <= DLX_SUDOKU_MAXN && box_hint(k, &br, &bc))
		return fail(e, w->line, 0, "line has %d cells, a row of a "
		    "%dx%d grid: give its boxes with --box RxC (such as "
		    "--box %dx%d)", k, k, k, br, bc);
	if (k > 25) {
		len = nearest_length(k, &marks);
		return fail(e, w->line, 0, "line has %d cells, expected %ld%s",
		    k, len, marks ? " (a line of pencil marks)" : "");
	}
	return fail(e, w->line, 0, "line has %d cells: not a sudoku row or "
	    "puzzle", k);
}

/*
 * Finish a puzzle given whole on line w (one line, annotated or CSV):
 * its cells, the symbol rule, and the CSV solution if there is one.
 */
static int
read_one_line(dlx_sudoku_reader *r, const struct row *w,
    struct dlx_sudoku_puzzle *p, struct dlx_error *e)
{
	take_row(r, w, p->n, 0, e);
	if (e->line != 0)
		return DLX_SUDOKU_BAD;
	if (check_zero(r, p->n, e) != DLX_OK)
		return DLX_SUDOKU_BAD;
	if (w->nsol != 0) {
		check_solution(r, w, p->boxr, p->boxc, e);
		if (e->line != 0)
			return DLX_SUDOKU_BAD;
		p->solution = r->sol;
	}
	p->line = w->line;
	return DLX_SUDOKU_PUZZLE;
}

/*
 * N if line w is a line of pencil marks: N*N*N cells, N for each cell of
 * the grid, where N is the shape given, or else a size read without one
 * whose cube is not the square of such a size (so 6x6 and 9x9 and up, but
 * not 4x4: 64 cells are an 8x8 puzzle).  Else 0.
 */
static int
marks_size(const dlx_sudoku_reader *r, const struct row *w)
{
	int	 n, sq;

	if (w->nsol != 0 || w->k > MAXCELLS)
		return 0;
	if (r->boxr != 0) {
		n = r->boxr * r->boxc;
		return n * n * n == w->k && n > 1 ? n : 0;
	}
	for (sq = 1; (sq + 1) * (sq + 1) <= w->k; sq++)
		continue;
	if (sq * sq == w->k && inferred(sq))
		return 0;
	for (n = 2; n * n * n < w->k; n++)
		continue;
	return n * n * n == w->k && inferred(n) ? n : 0;
}

/*
 * A line of pencil marks ("sukaku"): the i-th group of N cells is cell
 * i's, its j-th cell the symbol j + 1 if that is a candidate, else a
 * blank.  The puzzle has no givens; p->marks has the candidates, at
 * least one in every cell.
 */
static int
read_marks(dlx_sudoku_reader *r, const struct row *w, int n,
    struct dlx_sudoku_puzzle *p, struct dlx_error *e)
{
	int	 i, j, v;

	for (i = 0; i < n * n; i++) {
		r->cells[i] = 0;
		r->marks[i] = 0;
		for (j = 0; j < n; j++) {
			v = w->cells[i * n + j];
			if (v == 0)
				continue;
			if (v != j + 1)
				return fail(e, w->line, w->cols[i * n + j],
				    "pencil mark %d in the place of %d (a "
				    "cell's %d places are for 1 to %d, in "
				    "order)", v, j + 1, n, n);
			r->marks[i] |= (uint64_t)1 << j;
		}
		/* A cell that can hold nothing is no puzzle: said here,
		 * where its place in the line is known. */
		if (r->marks[i] == 0)
			return fail(e, w->line, w->cols[i * n], "r%dc%d has no "
			    "candidate (its %d places are all blank)",
			    i / n + 1, i % n + 1, n);
	}
	p->marks = r->marks;
	p->line = w->line;
	return DLX_SUDOKU_PUZZLE;
}

/* The next puzzle, as dlx_sudoku_read() says, with *e cleared first. */
static int
read_next(dlx_sudoku_reader *r, struct dlx_sudoku_puzzle *p,
    struct dlx_error *e)
{
	const struct row	*w;
	int			 n, grid, br, bc, rc;

	r->zline = 0;
	r->zcol = 0;
	r->otherblank = 0;
	if ((rc = first_row(r, &w, e)) != DLX_SUDOKU_PUZZLE)
		return rc;
	p->marks = NULL;
	if (w->kind == L_ROW && (n = marks_size(r, w)) != 0) {
		if (w->badcol != 0)
			return stray(w, e);
		if (r->boxr != 0) {
			br = r->boxr;
			bc = r->boxc;
		} else
			dlx_sudoku_box_for(n, &br, &bc);
		p->boxr = br;
		p->boxc = bc;
		p->n = n;
		p->cells = r->cells;
		p->solution = NULL;
		return read_marks(r, w, n, p, e);
	}
	if (r->boxr != 0) {
		if ((rc = shape_fixed(r, w, &grid, e)) != DLX_OK)
			return rc;
		br = r->boxr;
		bc = r->boxc;
		n = br * bc;
	} else {
		if ((rc = shape_inferred(r, w, &n, &grid, e)) != DLX_OK)
			return rc;
		dlx_sudoku_box_for(n, &br, &bc);
	}
	p->boxr = br;
	p->boxc = bc;
	p->n = n;
	p->cells = r->cells;
	p->solution = NULL;
	if (grid)
		return read_grid(r, w, n, p, e);
	return read_one_line(r, w, p, e);
}

int
dlx_sudoku_read(dlx_sudoku_reader *r, struct dlx_sudoku_puzzle *p,
    struct dlx_error *err)
{
	struct dlx_error	 e;
	int			 rc;

	if (r == NULL || p == NULL)
		return DLX_EINVAL;
	memset(&e, 0, sizeof e);
	e.cell = -1;
	rc = read_next(r, p, &e);
	if (rc == DLX_SUDOKU_EREAD) {
		e.code = rc;
		e.sys_errno = errno;
		snprintf(e.message, sizeof e.message, "%s", strerror(errno));
	}
	if (err != NULL)
		*err = e;
	return rc;
}
