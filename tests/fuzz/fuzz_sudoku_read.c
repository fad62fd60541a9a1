/*
 * fuzz_sudoku_read.c: libFuzzer harness for the sudoku reader and builder.
 *
 * The first byte picks the reader's options (a box shape or none, and an
 * alphabet or the default); if its top bit is set, the input's first line
 * is an alphabet spec for dlx_sudoku_parse_symbols() instead.  The rest is
 * read as a stream of puzzles.  For every record the harness checks what
 * the reader promises: it ends (each record consumes a line at least),
 * line numbers never go back, an error has a line and a message, and a
 * puzzle has a valid shape and cells in 0..N.  Each puzzle then goes
 * through dlx_sudoku_check(): a reported conflict must really be one (the
 * same symbol twice in that unit), and dlx_sudoku_set_givens() must agree;
 * without a conflict the givens are forced on the matrix of that shape and
 * a budgeted search must return only grids that are sudoku solutions
 * keeping the givens.  Finally a puzzle written back as one line of the
 * default alphabet must read back to the same cells.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx_sudoku.h"

#define CHECK(c) do {							\
	if (!(c)) {							\
		fprintf(stderr, "%s:%d: check failed: %s\n",		\
		    __FILE__, __LINE__, #c);				\
		abort();						\
	}								\
} while (0)

#define MAXN	DLX_SUDOKU_MAXN

static const int shapes[][2] = {
	{ 0, 0 }, { 2, 2 }, { 2, 3 }, { 3, 2 }, { 3, 3 }, { 3, 4 },
	{ 4, 4 }, { 5, 5 }, { 6, 6 }, { 1, 2 }, { 2, 4 }, { 7, 7 }
};
#define NSHAPES	(sizeof shapes / sizeof shapes[0])

static const char *const alphabets[] = {
	NULL, "1-9A-G", "0-9A-F", "ABCDEFGHI", "1-9A-Z", "1-4", "a-z0-9"
};
#define NALPHABETS (sizeof alphabets / sizeof alphabets[0])

/* Matrices built so far, by shape: building one is the costly part, and
 * the real program also keeps one per shape. */
static dlx_sudoku *matrices[MAXN + 1][MAXN + 1];

static dlx_sudoku *
matrix(int boxr, int boxc)
{
	dlx_sudoku	**sp = &matrices[boxr][boxc];

	if (*sp == NULL)
		CHECK(dlx_sudoku_new(sp, boxr, boxc, NULL) == DLX_OK);
	return *sp;
}

/* Does conf describe a real repeat in cells? */
static void
check_conflict(const struct dlx_sudoku_puzzle *p,
    const struct dlx_sudoku_conflict *conf)
{
	int	n = p->n, a, b;
	char	buf[128];

	CHECK(conf->symbol >= 1 && conf->symbol <= n);
	CHECK(conf->row1 >= 0 && conf->row1 < n && conf->col1 >= 0 &&
	    conf->col1 < n && conf->row2 >= 0 && conf->row2 < n &&
	    conf->col2 >= 0 && conf->col2 < n);
	a = conf->row1 * n + conf->col1;
	b = conf->row2 * n + conf->col2;
	CHECK(a < b);
	CHECK(p->cells[a] == conf->symbol && p->cells[b] == conf->symbol);
	switch (conf->kind) {
	case DLX_SUDOKU_ROW:
		CHECK(conf->row1 == conf->row2 && conf->row1 == conf->unit);
		break;
	case DLX_SUDOKU_COLUMN:
		CHECK(conf->col1 == conf->col2 && conf->col1 == conf->unit);
		break;
	case DLX_SUDOKU_BOX:
		CHECK(conf->row1 / p->boxr == conf->row2 / p->boxr &&
		    conf->col1 / p->boxc == conf->col2 / p->boxc);
		break;
	default:
		CHECK(!"conflict kind");
	}
	CHECK(dlx_sudoku_conflict_text(conf, NULL, buf, sizeof buf) > 0);
	CHECK(strlen(buf) > 0 && strlen(buf) < sizeof buf);
}

/* Is grid (all filled) a sudoku solution that keeps the givens? */
static void
check_solution(const struct dlx_sudoku_puzzle *p, const int *grid)
{
	int	n = p->n, r, c, k, v;
	int	seen[3][MAXN][MAXN + 1];

	memset(seen, 0, sizeof seen);
	for (r = 0; r < n; r++)
		for (c = 0; c < n; c++) {
			k = r * n + c;
			v = grid[k];
			CHECK(v >= 1 && v <= n);
			CHECK(p->cells[k] == 0 || p->cells[k] == v);
			CHECK(seen[0][r][v]++ == 0);
			CHECK(seen[1][c][v]++ == 0);
			CHECK(seen[2][(r / p->boxr) * p->boxr +
			    c / p->boxc][v]++ == 0);
		}
}

struct found {
	const struct dlx_sudoku_puzzle	*p;
	dlx_sudoku			*s;
	int				 grid[MAXN * MAXN];
};

static int
visit(void *arg, const int *options, size_t n)
{
	struct found	*f = arg;

	memset(f->grid, 0, sizeof f->grid);
	CHECK(dlx_sudoku_decode(f->s, options, n, f->grid) == DLX_OK);
	check_solution(f->p, f->grid);
	return 0;
}

static void
solve(const struct dlx_sudoku_puzzle *p)
{
	struct dlx_sudoku_conflict	 conf, conf2;
	struct dlx_request		 srch;
	struct found			 f;
	dlx_sudoku			*s;
	int				 rc, rc2;

	rc = dlx_sudoku_check(p->boxr, p->boxc, p->cells, &conf, NULL);
	CHECK(rc == DLX_OK || rc == DLX_ECONFLICT);
	if (rc == DLX_ECONFLICT)
		check_conflict(p, &conf);
	s = matrix(p->boxr, p->boxc);
	rc2 = dlx_sudoku_set_givens(s, p->cells, &conf2, NULL);
	CHECK(rc2 == rc);
	if (rc != DLX_OK) {
		CHECK(memcmp(&conf, &conf2, sizeof conf) == 0);
		CHECK(dlx_nforced(dlx_sudoku_matrix(s)) == 0);
		return;
	}
	memset(&srch, 0, sizeof srch);
	f.p = p;
	f.s = s;
	srch.visit = visit;
	srch.visit_arg = &f;
	srch.max_solutions = 2;
	srch.max_nodes = 500;
	srch.threads = 1;
	rc = dlx_run(dlx_sudoku_matrix(s), &srch, NULL);
	CHECK(rc == DLX_OK || rc == DLX_LIMIT || rc == DLX_INCOMPLETE);
	dlx_sudoku_clear(s);
	CHECK(dlx_nforced(dlx_sudoku_matrix(s)) == 0);
	CHECK(dlx_check(dlx_sudoku_matrix(s)) == DLX_OK);
}

/* Write p as one line in the default alphabet and read it back. */
static void
round_trip(const struct dlx_sudoku_puzzle *p)
{
	static const char		 sym[] = "123456789ABCDEFGHIJKLMNOPQRSTUVW";
	struct dlx_sudoku_reader_options	 o;
	struct dlx_sudoku_puzzle	 q;
	struct dlx_error		 e;
	dlx_sudoku_reader		*r;
	char				 line[MAXN * MAXN + 2];
	FILE				*fp;
	int				 k, nn = p->n * p->n;

	/* X is a blank in the default alphabet: sizes from 33 need one. */
	if (p->n > (int)sizeof sym - 1)
		return;
	for (k = 0; k < nn; k++)
		line[k] = p->cells[k] == 0 ? '.' : sym[p->cells[k] - 1];
	line[nn] = '\n';
	memset(&o, 0, sizeof o);
	o.boxr = p->boxr;
	o.boxc = p->boxc;
	CHECK((fp = fmemopen(line, (size_t)nn + 1, "r")) != NULL);
	CHECK(dlx_sudoku_reader_new(&r, fp, &o) == DLX_OK);
	CHECK(dlx_sudoku_read(r, &q, &e) == DLX_SUDOKU_PUZZLE);
	CHECK(q.n == p->n && q.boxr == p->boxr && q.boxc == p->boxc);
	CHECK(memcmp(q.cells, p->cells, (size_t)nn * sizeof q.cells[0]) == 0);
	CHECK(dlx_sudoku_read(r, &q, &e) == DLX_SUDOKU_EOF);
	dlx_sudoku_reader_free(r);
	fclose(fp);
}

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dlx_sudoku_reader_options	 o;
	struct dlx_sudoku_puzzle	 p;
	struct dlx_error		 e;
	dlx_sudoku_reader		*r;
	struct dlx_error		 why;
	char				 spec[64], alpha[MAXN + 1];
	unsigned long			 last = 0, lines, records;
	size_t				 k, j;
	FILE				*fp;
	int				 rc, i, n, nsym;

	if (size < 1)
		return 0;
	memset(&o, 0, sizeof o);
	o.boxr = shapes[data[0] % NSHAPES][0];
	o.boxc = shapes[data[0] % NSHAPES][1];
	nsym = 0;
	if (data[0] & 0x80) {
		/* The first line is an alphabet spec. */
		for (k = 1, j = 0; k < size && data[k] != '\n' &&
		    j < sizeof spec - 1; k++)
			spec[j++] = (char)data[k];
		spec[j] = '\0';
		data += k;
		size -= k;
		memset(&why, 0, sizeof why);
		nsym = dlx_sudoku_parse_symbols(spec, alpha, &why);
		if (nsym < 0) {
			CHECK(nsym == DLX_EINVAL && why.code == DLX_EINVAL &&
			    why.message[0] != '\0');
			return 0;
		}
		CHECK(nsym >= 1 && nsym <= MAXN && strlen(alpha) ==
		    (size_t)nsym);
		o.symbols = alpha;
	} else {
		if (alphabets[(data[0] >> 4) % NALPHABETS] != NULL) {
			nsym = dlx_sudoku_parse_symbols(
			    alphabets[(data[0] >> 4) % NALPHABETS], alpha,
			    NULL);
			CHECK(nsym > 0);
			o.symbols = alpha;
		}
		data++;
		size--;
	}
	if (size == 0)
		return 0;
	CHECK((fp = fmemopen((void *)(uintptr_t)data, size, "r")) != NULL);
	rc = dlx_sudoku_reader_new(&r, fp, &o);
	n = o.boxr * o.boxc;
	if (o.boxr != 0 && (n < DLX_SUDOKU_MINN || n > MAXN ||
	    (o.symbols != NULL && nsym < n))) {
		CHECK(rc == DLX_EINVAL);
		fclose(fp);
		return 0;
	}
	CHECK(rc == DLX_OK);
	for (lines = 1, k = 0; k < size; k++)
		lines += data[k] == '\n';
	for (records = 0;; records++) {
		/* Every record takes a line at least: no endless loop. */
		CHECK(records <= lines);
		rc = dlx_sudoku_read(r, &p, &e);
		if (rc == DLX_SUDOKU_EOF)
			break;
		if (rc == DLX_SUDOKU_BAD) {
			CHECK(e.line >= 1 && e.line <= lines);
			CHECK(e.line >= last);
			CHECK(memchr(e.message, '\0', sizeof e.message) != NULL);
			CHECK(e.message[0] != '\0');
			CHECK(strchr(e.message, '\n') == NULL);
			last = e.line;
			continue;
		}
		CHECK(rc == DLX_SUDOKU_PUZZLE);
		CHECK(p.line >= 1 && p.line <= lines && p.line >= last);
		last = p.line;
		CHECK(p.n == p.boxr * p.boxc && p.n >= DLX_SUDOKU_MINN &&
		    p.n <= MAXN);
		if (o.boxr != 0)
			CHECK(p.boxr == o.boxr && p.boxc == o.boxc);
		for (i = 0; i < p.n * p.n; i++)
			CHECK(p.cells[i] >= 0 && p.cells[i] <= p.n);
		solve(&p);
		round_trip(&p);
	}
	/* The end stays the end. */
	CHECK(dlx_sudoku_read(r, &p, &e) == DLX_SUDOKU_EOF);
	dlx_sudoku_reader_free(r);
	fclose(fp);
	return 0;
}
