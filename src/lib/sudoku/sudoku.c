/*
 * sudoku.c: the sudoku exact cover matrix, built once per box shape, with
 * a puzzle's givens imposed by forcing options (see dlx_sudoku.h), the
 * links' update deferred (dlxi_force_deferred()).  A puzzle of pencil
 * marks that strike more than its givens do gets a matrix of its own,
 * the marks matrix of sudoku_model.h, made for it and freed after it.
 *
 * The model (sudoku_model.h) numbers the items and options: option
 * (r*N + c)*N + v is "cell (r,c) holds v" and names the cell's item, then
 * "row r has v", "column c has v", "box b has v" (and a variant's further
 * units).  The cell items come first so that, when several items have the
 * fewest options, the search branches on a cell; that is the usual choice
 * and the one Knuth's sudoku runs make.  Because option numbers are
 * computed, not looked up, decoding a solution needs no table.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx_sudoku.h"
#include "lib/core/dlx_impl.h"
#include "lib/sudoku/sudoku_model.h"

struct dlx_sudoku {
	struct dlx_allocator mem;	/* s itself, its model and matrix */
	dlx		*d;		/* the matrix: N*N*N cell options,
					   then any cage options */
	int		 boxr, boxc;	/* box shape; 0, 0 for jigsaw */
	int		 n;		/* N */
	int		 forced;	/* givens of the current puzzle in
					   force on d */
	dlx		*dm;		/* the marks matrix of the current
					   puzzle, its givens and "struck"
					   forced; or NULL: d is in use */
	struct sm_model	*m;		/* the geometry the matrix was made
					   from */
	int		 variant;	/* m has more than rows, columns and
					   boxes */
};

/*
 * Classic sudoku and every variant are built the same way: the model
 * (sudoku_model.c) lists the units and cages, and makes the matrix.
 */
static int
build(dlx_sudoku **sp, const struct dlx_sudoku_variant *v,
    struct dlx_error *e, const struct dlx_allocator *a)
{
	struct dlx_allocator	 mem;
	dlx_sudoku		*s;
	int			 rc;

	if ((rc = mem_init(&mem, a)) != DLX_OK)
		return rc;
	if ((s = mem_zalloc(&mem, 1, sizeof *s)) == NULL)
		return DLX_ENOMEM;
	s->mem = mem;
	if ((s->m = sm_new(v, e, &mem, &rc)) == NULL) {
		mem_free(&mem, s);
		return rc;
	}
	/* The room the fast search keeps the bare matrix in, between the
	 * puzzles whose givens are forced deferred: reserved here, so that
	 * setting givens allocates nothing. */
	if ((s->d = sm_matrix(s->m, NULL, &rc)) == NULL ||
	    (rc = dlxi_workspace_keep(s->d)) != DLX_OK) {
		dlx_free(s->d);
		sm_free(s->m);
		mem_free(&mem, s);
		return rc;
	}
	s->n = v->n;
	s->boxr = s->m->boxr;
	s->boxc = s->m->boxc;
	s->variant = v->regions != NULL || v->extras != 0 || v->cages != NULL;
	/* The plain 9x9 grid: the dispatcher may take it to the bit
	 * boards (engine/bits.c). */
	if (!s->variant && s->n == 9 && s->boxr == 3 && s->boxc == 3)
		s->d->shape = DLXI_SHAPE_SUDOKU9;
	*sp = s;
	return DLX_OK;
}

int
dlx_sudoku_new(dlx_sudoku **sp, int boxr, int boxc,
    const struct dlx_sudoku_options *opt)
{
	const struct dlx_sudoku_variant	*v;
	struct dlx_sudoku_variant	 classic;

	if (sp == NULL)
		return DLX_EINVAL;
	if ((v = opt != NULL ? opt->variant : NULL) == NULL) {
		if (!sm_shape_ok(boxr, boxc))
			return DLX_EINVAL;
		memset(&classic, 0, sizeof classic);
		classic.n = boxr * boxc;
		classic.boxr = boxr;
		classic.boxc = boxc;
		v = &classic;
	} else if (v->boxr != boxr || v->boxc != boxc)
		return DLX_EINVAL;
	return build(sp, v, NULL, opt != NULL ? opt->alloc : NULL);
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
	dlx_free(s->dm);
	dlx_free(s->d);
	sm_free(s->m);
	mem_free(&s->mem, s);
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
	return s->dm != NULL ? s->dm : s->d;
}

int
dlx_sudoku_option(const dlx_sudoku *s, int row, int col, int v)
{
	int	n = s->n;

	if (row < 0 || row >= n || col < 0 || col >= n || v < 0 || v >= n)
		return -1;
	return SM_OPTION(n, row * n + col, v);
}

/*
 * The outcome rc of a check of cells (N each side) into *conf and *err,
 * as dlx_sudoku_check() says: c is the clash found (on DLX_ECONFLICT; NULL
 * otherwise), why the reason of DLX_EINVAL.  Returns rc.
 */
static int
report(int rc, int n, const struct dlx_sudoku_conflict *c, const char *why,
    struct dlx_sudoku_conflict *conf, struct dlx_error *err)
{
	if (rc == DLX_OK)
		return rc;
	if (err != NULL) {
		memset(err, 0, sizeof *err);
		err->code = rc;
		err->cell = -1;
		if (c != NULL) {
			err->cell = c->row2 * n + c->col2;
			dlx_sudoku_conflict_text(c, NULL, err->message,
			    sizeof err->message);
		} else
			snprintf(err->message, sizeof err->message, "%s",
			    why != NULL ? why : dlx_strerror(rc));
	}
	if (conf != NULL && c != NULL)
		*conf = *c;
	return rc;
}

int
dlx_sudoku_check(int boxr, int boxc, const int *cells,
    struct dlx_sudoku_conflict *conf, struct dlx_error *err)
{
	struct dlx_sudoku_conflict	 c;
	int				 rc;

	if (!sm_shape_ok(boxr, boxc))
		return report(DLX_EINVAL, 0, NULL, "a bad box shape", conf,
		    err);
	if (cells == NULL)
		return report(DLX_EINVAL, 0, NULL, "no cells", conf, err);
	rc = sm_check(NULL, boxr, boxc, cells, &c);
	return report(rc, boxr * boxc, rc == DLX_ECONFLICT ? &c : NULL,
	    "a cell out of range", conf, err);
}

int
dlx_sudoku_conflict_text(const struct dlx_sudoku_conflict *conf,
    const char *symbols, char *buf, size_t size)
{
	struct sm_symbols	 sy;
	const char		*what;
	char			 sym[4];

	/* Only the symbol named needs a character: an alphabet that
	 * reaches it writes it, else it is a number. */
	sm_symbols_init(&sy, symbols, conf->symbol);
	sm_symbol_text(&sy, conf->symbol, sym);
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
	/* Nothing changes during a search, as dlx_unforce_all() says. */
	if (s->dm != NULL && !s->dm->searching) {
		dlx_free(s->dm);
		s->dm = NULL;
	}
	if (s->forced) {
		dlx_unforce_all(s->d);
		s->forced = 0;
	}
}

int
dlx_sudoku_set_givens(dlx_sudoku *s, const int *cells,
    struct dlx_sudoku_conflict *conf, struct dlx_error *err)
{
	struct dlx_sudoku_conflict	 c;
	int				 opts[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];
	int				 n = s->n, i, k, rc;

	if (cells == NULL)
		return report(DLX_EINVAL, n, NULL, "no cells", conf, err);
	if (s->dm != NULL && s->dm->searching)
		return report(DLX_EMISUSE, n, NULL, NULL, conf, err);
	if ((rc = sm_check(s->m, 0, 0, cells, &c)) != DLX_OK)
		return report(rc, n, rc == DLX_ECONFLICT ? &c : NULL,
		    "a cell out of range", conf, err);
	dlx_sudoku_clear(s);
	for (i = k = 0; i < n * n; i++)
		if (cells[i] != 0)
			opts[k++] = SM_OPTION(n, i, cells[i] - 1);
	/*
	 * After the check no two givens share an item, so forcing can fail
	 * only by misuse (during a search).  The links are left alone: the
	 * fast search applies the givens in its own copy of the matrix, and
	 * releasing them costs nothing (the core puts them on the links
	 * only for a search or call that reads them there).
	 */
	if ((rc = dlxi_force_deferred(s->d, opts, (size_t)k)) != DLX_OK)
		return report(rc, n, NULL, NULL, conf, err);
	s->forced = k > 0;
	return DLX_OK;
}

/* Fill *err (if not NULL) for marks refused at cell x; DLX_EINVAL. */
static int
bad_marks(struct dlx_error *err, int n, int x, const char *why)
{
	if (err != NULL) {
		memset(err, 0, sizeof *err);
		err->code = DLX_EINVAL;
		err->cell = x;
		if (x >= 0)
			snprintf(err->message, sizeof err->message,
			    "r%dc%d %s", x / n + 1, x % n + 1, why);
		else
			snprintf(err->message, sizeof err->message, "%s",
			    why);
	}
	return DLX_EINVAL;
}

/*
 * Whether the marks strike more than the cells of grid (0 blank) rule out
 * once forced: a candidate struck in an open cell whose units and cage
 * hold no such symbol.  (Struck candidates of a filled cell are out
 * anyway.)  One mask of the symbols each unit and cage holds.
 */
static int
strikes_more(const struct sm_model *m, const int *grid,
    const uint64_t *struck)
{
	uint64_t	held[SM_MAXUNITS], cheld[DLX_SUDOKU_MAXCAGES], out;
	int		n = m->n, u, k, x;

	memset(held, 0, sizeof held);
	for (u = 0; u < m->nunits; u++)
		for (k = 0; k < n; k++) {
			x = m->unit[u][k];
			if (grid[x] != 0)
				held[u] |= (uint64_t)1 << (grid[x] - 1);
		}
	memset(cheld, 0, sizeof *cheld * (size_t)m->ncages);
	for (x = 0; m->ncages > 0 && x < n * n; x++)
		if (grid[x] != 0)
			cheld[m->cage[x]] |= (uint64_t)1 << (grid[x] - 1);
	for (x = 0; x < n * n; x++) {
		if (grid[x] != 0 || struck[x] == 0)
			continue;
		out = m->ncages > 0 ? cheld[m->cage[x]] : 0;
		for (u = 0; u < m->ncu[x]; u++)
			out |= held[m->cu[x][u]];
		if (struck[x] & ~out)
			return 1;
	}
	return 0;
}

int
dlx_sudoku_set_marks(dlx_sudoku *s, const int *cells, const uint64_t *marks,
    struct dlx_sudoku_conflict *conf, struct dlx_error *err)
{
	struct dlx_sudoku_conflict	 c;
	uint64_t			 struck[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];
	uint64_t			 all, mk;
	int				 grid[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];
	int				 opts[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN + 1];
	int				 n = s->n, i, v, k, rc;
	dlx				*dm;

	memset(grid, 0, sizeof grid);
	if (marks == NULL)
		return dlx_sudoku_set_givens(s, cells != NULL ? cells : grid,
		    conf, err);
	if (s->d->searching || (s->dm != NULL && s->dm->searching))
		return report(DLX_EMISUSE, n, NULL, NULL, conf, err);
	all = ((uint64_t)1 << n) - 1;
	/* The puzzle's grid: its givens, and the cells the marks leave one
	 * symbol, checked as givens are. */
	for (i = 0; i < n * n; i++) {
		v = cells != NULL ? cells[i] : 0;
		if (v < 0 || v > n)
			return report(DLX_EINVAL, n, NULL,
			    "a cell out of range", conf, err);
		mk = marks[i] & all;
		if (mk == 0)
			return bad_marks(err, n, i, "has no candidate");
		if (v != 0 && !(mk >> (v - 1) & 1))
			return bad_marks(err, n, i, "is a given its pencil "
			    "marks strike");
		if (v == 0 && (mk & (mk - 1)) == 0)
			for (v = 1; mk >> (v - 1) != 1; v++)
				continue;
		grid[i] = v;
		struck[i] = all & ~mk;
	}
	if ((rc = sm_check(s->m, 0, 0, grid, &c)) != DLX_OK)
		return report(rc, n, rc == DLX_ECONFLICT ? &c : NULL,
		    "a cell out of range", conf, err);
	/*
	 * Marks that strike only what the grid rules out anyway make the
	 * plain puzzle of the grid: it keeps the plain matrix (and, on a
	 * 9x9, the bit boards).  Else the marks matrix: sm_matrix() lists
	 * the struck candidates, whatever the grid makes of them.
	 */
	if (!strikes_more(s->m, grid, struck))
		return dlx_sudoku_set_givens(s, grid, conf, err);
	if ((dm = sm_matrix(s->m, struck, &rc)) == NULL ||
	    (rc = dlxi_workspace_keep(dm)) != DLX_OK) {
		dlx_free(dm);
		return report(rc, n, NULL, NULL, conf, err);
	}
	for (i = k = 0; i < n * n; i++)
		if (grid[i] != 0)
			opts[k++] = SM_OPTION(n, i, grid[i] - 1);
	/* "struck" alone, the last option: no given names that item (a
	 * given is never struck), so no two forced options clash. */
	opts[k++] = (int)dlx_noptions(dm) - 1;
	if ((rc = dlxi_force_deferred(dm, opts, (size_t)k)) != DLX_OK) {
		dlx_free(dm);
		return report(rc, n, NULL, NULL, conf, err);
	}
	dlx_sudoku_clear(s);
	s->dm = dm;
	return DLX_OK;
}

int
dlx_sudoku_decode(const dlx_sudoku *s, const int *options, size_t n,
    int *cells)
{
	const dlx	*d = s->dm != NULL ? s->dm : s->d;
	int		 N = s->n, opt;
	size_t		 k;

	for (k = 0; k < n; k++) {
		opt = options[k];
		if (opt < 0 || (size_t)opt >= dlx_noptions(d))
			return DLX_ERANGE;
	}
	memset(cells, 0, sizeof *cells * N * N);
	/* Options past the cell options are cage choices, or the marks
	 * matrix's last: no cell. */
	for (k = 0; k < n; k++)
		if (options[k] < N * N * N)
			cells[SM_OPTION_CELL(N, options[k])] =
			    SM_OPTION_SYMBOL(N, options[k]) + 1;
	return DLX_OK;
}

int
dlx_sudoku_box_for(int n, int *boxr, int *boxc)
{
	int	r;

	if (n < DLX_SUDOKU_MINN || n > DLX_SUDOKU_MAXN)
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

/* Fill *err (if not NULL) for an alphabet refused because of why. */
static int
bad_alphabet(struct dlx_error *err, const char *why)
{
	if (err != NULL) {
		memset(err, 0, sizeof *err);
		err->code = DLX_EINVAL;
		err->cell = -1;
		snprintf(err->message, sizeof err->message, "%s", why);
	}
	return DLX_EINVAL;
}

int
dlx_sudoku_parse_symbols(const char *spec, char *out, struct dlx_error *err)
{
	const unsigned char	*p = (const unsigned char *)spec;
	int			 len = 0, a, b, ch, k;

	if (spec == NULL || out == NULL)
		return bad_alphabet(err, "no alphabet");
	while (*p != '\0') {
		a = b = *p++;
		if (*p == '-' && p[1] != '\0') {
			b = p[1];
			p += 2;
			if (b < a)
				return bad_alphabet(err,
				    "a range runs backwards");
		}
		for (ch = a; ch <= b; ch++) {
			if (reserved(ch))
				return bad_alphabet(err, "symbols must be "
				    "printable and not | - + # or space");
			for (k = 0; k < len; k++)
				if (out[k] == ch)
					return bad_alphabet(err,
					    "a symbol appears twice");
			if (len == DLX_SUDOKU_MAXN)
				return bad_alphabet(err,
				    "more than 36 symbols");
			out[len++] = (char)ch;
		}
	}
	out[len] = '\0';
	if (len == 0)
		return bad_alphabet(err, "empty alphabet");
	return len;
}
