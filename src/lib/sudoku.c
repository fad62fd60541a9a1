/*
 * sudoku.c: the sudoku exact cover matrix, built once per box shape, with
 * a puzzle's givens imposed by forcing options (see sudoku.h).
 *
 * Item numbering, for N symbols and boxes of R x C:
 *
 *	0*N*N + r*N + c		cell (r,c) is filled
 *	1*N*N + r*N + v		row r has symbol v
 *	2*N*N + c*N + v		column c has symbol v
 *	3*N*N + b*N + v		box b has symbol v
 *
 * Option (r*N + c)*N + v is "cell (r,c) holds v" and names those four
 * items in that order.  The cell items come first so that, when several
 * items have the fewest options, the search branches on a cell; that is
 * the usual choice and the one Knuth's sudoku runs make.  Because option
 * numbers are computed, not looked up, decoding a solution needs no table.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"
#include "sudoku_model.h"

/* Default alphabet: symbol v is DEFAULT_SYMBOLS[v-1]. */
#define DEFAULT_SYMBOLS	"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

struct dlx_sudoku {
	dlx		*d;		/* the matrix: N*N*N cell options,
					   then any cage options */
	int		 boxr, boxc;	/* box shape; 0, 0 for jigsaw */
	int		 n;		/* N */
	int		 forced;	/* givens of the current puzzle in
					   force */
	struct sm_model	*m;		/* the geometry the matrix was made
					   from */
	int		 variant;	/* m has more than rows, columns and
					   boxes */
};

#define box_of	sm_box_of

static int
shape_ok(int boxr, int boxc)
{
	if (boxr < 1 || boxc < 1 || boxr > DLX_SUDOKU_MAXN ||
	    boxc > DLX_SUDOKU_MAXN)
		return 0;
	return boxr * boxc >= 2 && boxr * boxc <= DLX_SUDOKU_MAXN;
}

/*
 * Classic sudoku and every variant are built the same way: the model
 * (sudoku_model.c) lists the units and cages, and makes the matrix.
 */
static int
build(dlx_sudoku **sp, const struct dlx_sudoku_variant *v,
    struct dlx_sudoku_variant_error *e)
{
	dlx_sudoku	*s;
	int		 rc;

	if ((s = calloc(1, sizeof *s)) == NULL)
		return DLX_ENOMEM;
	if ((s->m = sm_new(v, e, &rc)) == NULL) {
		free(s);
		return rc;
	}
	if ((s->d = sm_matrix(s->m, &rc)) == NULL) {
		sm_free(s->m);
		free(s);
		return rc;
	}
	s->n = v->n;
	s->boxr = s->m->boxr;
	s->boxc = s->m->boxc;
	s->variant = v->regions != NULL || v->extras != 0 || v->cages != NULL;
	*sp = s;
	return DLX_OK;
}

int
dlx_sudoku_new(dlx_sudoku **sp, int boxr, int boxc)
{
	struct dlx_sudoku_variant	v;

	/* The model wants N >= 4 for variants; a classic 1x2 or 2x1
	 * sudoku has always been accepted here, so it is checked apart. */
	if (sp == NULL || !shape_ok(boxr, boxc))
		return DLX_EINVAL;
	memset(&v, 0, sizeof v);
	v.n = boxr * boxc;
	v.boxr = boxr;
	v.boxc = boxc;
	return build(sp, &v, NULL);
}

int
dlx_sudoku_new_variant(dlx_sudoku **sp, const struct dlx_sudoku_variant *v,
    struct dlx_sudoku_variant_error *e)
{
	if (sp == NULL || v == NULL)
		return DLX_EINVAL;
	return build(sp, v, e);
}

const struct dlx_sudoku_variant *
dlx_sudoku_get_variant(const dlx_sudoku *s)
{
	return s->variant ? &s->m->v : NULL;
}

void
dlx_sudoku_free(dlx_sudoku *s)
{
	if (s == NULL)
		return;
	dlx_free(s->d);
	sm_free(s->m);
	free(s);
}

int
dlx_sudoku_size(const dlx_sudoku *s)
{
	return s->n;
}

int
dlx_sudoku_boxr(const dlx_sudoku *s)
{
	return s->boxr;
}

int
dlx_sudoku_boxc(const dlx_sudoku *s)
{
	return s->boxc;
}

dlx *
dlx_sudoku_matrix(dlx_sudoku *s)
{
	return s->d;
}

int
dlx_sudoku_option(const dlx_sudoku *s, int row, int col, int v)
{
	int	n = s->n;

	if (row < 0 || row >= n || col < 0 || col >= n || v < 0 || v >= n)
		return -1;
	return (row * n + col) * n + v;
}

/*
 * Look for a repeated symbol in each unit of one kind.  seen[v] holds
 * 1 + the index of the cell where v was met in the current unit, or 0;
 * it is cleared for each unit.  cell(kind, u, k) gives the k-th cell of
 * unit u in reading order, so the two cells named come in reading order.
 */
static int
find_repeat(int boxr, int boxc, const int *cells, int kind,
    struct dlx_sudoku_conflict *conf)
{
	int	n = boxr * boxc, seen[DLX_SUDOKU_MAXN + 1];
	int	u, k, r, c, v;

	for (u = 0; u < n; u++) {
		memset(seen, 0, sizeof seen);
		for (k = 0; k < n; k++) {
			switch (kind) {
			case DLX_SUDOKU_ROW:
				r = u;
				c = k;
				break;
			case DLX_SUDOKU_COLUMN:
				r = k;
				c = u;
				break;
			default:
				r = (u / boxr) * boxr + k / boxc;
				c = (u % boxr) * boxc + k % boxc;
				break;
			}
			if ((v = cells[r * n + c]) == 0)
				continue;
			if (seen[v] != 0) {
				if (conf != NULL) {
					conf->kind = kind;
					conf->unit = u;
					conf->symbol = v;
					conf->row1 = (seen[v] - 1) / n;
					conf->col1 = (seen[v] - 1) % n;
					conf->row2 = r;
					conf->col2 = c;
				}
				return DLX_ECONFLICT;
			}
			seen[v] = r * n + c + 1;
		}
	}
	return DLX_OK;
}

/*
 * One pass with a bit per symbol for each row, column and box: is any
 * symbol repeated?  The common case, no, costs N*N steps; find_repeat()
 * then finds which clash to report, in a fixed order.  Cells are known
 * to be in 0..N.
 */
static int
any_repeat(int boxr, int boxc, const int *cells)
{
	uint64_t	row[DLX_SUDOKU_MAXN], col[DLX_SUDOKU_MAXN];
	uint64_t	box[DLX_SUDOKU_MAXN], bit;
	int		n = boxr * boxc, r, c, b, v;

	memset(row, 0, sizeof row);
	memset(col, 0, sizeof col);
	memset(box, 0, sizeof box);
	for (r = 0; r < n; r++) {
		for (c = 0; c < n; c++) {
			if ((v = cells[r * n + c]) == 0)
				continue;
			bit = (uint64_t)1 << v;
			b = box_of(boxr, boxc, r, c);
			if ((row[r] | col[c] | box[b]) & bit)
				return 1;
			row[r] |= bit;
			col[c] |= bit;
			box[b] |= bit;
		}
	}
	return 0;
}

int
dlx_sudoku_check(int boxr, int boxc, const int *cells,
    struct dlx_sudoku_conflict *conf)
{
	int	n, i, rc;

	if (cells == NULL || !shape_ok(boxr, boxc))
		return DLX_EINVAL;
	n = boxr * boxc;
	for (i = 0; i < n * n; i++)
		if (cells[i] < 0 || cells[i] > n)
			return DLX_EINVAL;
	if (!any_repeat(boxr, boxc, cells))
		return DLX_OK;
	if ((rc = find_repeat(boxr, boxc, cells, DLX_SUDOKU_ROW, conf)) != 0)
		return rc;
	if ((rc = find_repeat(boxr, boxc, cells, DLX_SUDOKU_COLUMN, conf)) != 0)
		return rc;
	return find_repeat(boxr, boxc, cells, DLX_SUDOKU_BOX, conf);
}

int
dlx_sudoku_conflict_text(const struct dlx_sudoku_conflict *conf,
    const char *symbols, char *buf, size_t size)
{
	const char	*what;
	char		 sym[16];
	int		 v = conf->symbol;

	if (symbols == NULL)
		symbols = DEFAULT_SYMBOLS;
	if (v >= 1 && (size_t)v <= strlen(symbols))
		snprintf(sym, sizeof sym, "%c", symbols[v - 1]);
	else
		snprintf(sym, sizeof sym, "%d", v);
	switch (conf->kind) {
	case DLX_SUDOKU_ROW:
		what = "row";
		break;
	case DLX_SUDOKU_COLUMN:
		what = "column";
		break;
	case DLX_SUDOKU_REGION:
		what = "region";
		break;
	case DLX_SUDOKU_DIAGONAL:
		what = "diagonal";
		break;
	case DLX_SUDOKU_WINDOW:
		what = "window";
		break;
	case DLX_SUDOKU_CAGE:
		what = "cage";
		break;
	default:
		what = "box";
		break;
	}
	return snprintf(buf, size, "%s %d has two %ss: r%dc%d and r%dc%d",
	    what, conf->unit + 1, sym, conf->row1 + 1, conf->col1 + 1,
	    conf->row2 + 1, conf->col2 + 1);
}

void
dlx_sudoku_clear(dlx_sudoku *s)
{
	if (s->forced) {
		dlx_unforce_all(s->d);
		s->forced = 0;
	}
}

int
dlx_sudoku_set_givens(dlx_sudoku *s, const int *cells,
    struct dlx_sudoku_conflict *conf)
{
	int	n = s->n, i, rc;

	if (cells == NULL)
		return DLX_EINVAL;
	rc = s->variant ? sm_check(s->m, cells, conf) :
	    dlx_sudoku_check(s->boxr, s->boxc, cells, conf);
	if (rc != DLX_OK)
		return rc;
	dlx_sudoku_clear(s);
	for (i = 0; i < n * n; i++) {
		if (cells[i] == 0)
			continue;
		/* After the check no two givens share an item, so forcing
		 * can fail only by misuse (during a search). */
		if ((rc = dlx_force(s->d, i * n + cells[i] - 1)) != DLX_OK) {
			dlx_unforce_all(s->d);
			return rc;
		}
		s->forced = 1;
	}
	return DLX_OK;
}

int
dlx_sudoku_decode(const dlx_sudoku *s, const int *options, size_t n,
    int *cells)
{
	int	N = s->n, opt;
	size_t	k;

	for (k = 0; k < n; k++) {
		opt = options[k];
		if (opt < 0 || (size_t)opt >= dlx_noptions(s->d))
			return DLX_ERANGE;
	}
	memset(cells, 0, sizeof *cells * N * N);
	/* Options past the cell options are cage choices: no cell. */
	for (k = 0; k < n; k++)
		if (options[k] < N * N * N)
			cells[options[k] / N] = options[k] % N + 1;
	return DLX_OK;
}

int
dlx_sudoku_box_for(int n, int *boxr, int *boxc)
{
	int	r;

	if (n < 4 || n > DLX_SUDOKU_MAXN)
		return DLX_EINVAL;
	/* The largest divisor r <= sqrt(n) gives the squarest box. */
	for (r = 1; (r + 1) * (r + 1) <= n; r++)
		continue;
	for (; r > 1; r--) {
		if (n % r == 0) {
			*boxr = r;
			*boxc = n / r;
			return DLX_OK;
		}
	}
	return DLX_EINVAL;
}

/* Characters that can never be symbols: blanks, separators, comments. */
static int
reserved(int ch)
{
	return ch <= ' ' || ch >= 127 || strchr("|-+#", ch) != NULL;
}

int
dlx_sudoku_parse_symbols(const char *spec, char *out, const char **why)
{
	const unsigned char	*p = (const unsigned char *)spec;
	int			 len = 0, a, b, ch, k;

	if (spec == NULL || out == NULL) {
		if (why != NULL)
			*why = "no alphabet";
		return DLX_EINVAL;
	}
	while (*p != '\0') {
		a = b = *p++;
		if (*p == '-' && p[1] != '\0') {
			b = p[1];
			p += 2;
			if (b < a) {
				if (why != NULL)
					*why = "a range runs backwards";
				return DLX_EINVAL;
			}
		}
		for (ch = a; ch <= b; ch++) {
			if (reserved(ch)) {
				if (why != NULL)
					*why = "symbols must be printable and "
					    "not | - + # or space";
				return DLX_EINVAL;
			}
			for (k = 0; k < len; k++) {
				if (out[k] == ch) {
					if (why != NULL)
						*why = "a symbol appears twice";
					return DLX_EINVAL;
				}
			}
			if (len == DLX_SUDOKU_MAXN) {
				if (why != NULL)
					*why = "more than 36 symbols";
				return DLX_EINVAL;
			}
			out[len++] = (char)ch;
		}
	}
	out[len] = '\0';
	if (len == 0) {
		if (why != NULL)
			*why = "empty alphabet";
		return DLX_EINVAL;
	}
	return len;
}
