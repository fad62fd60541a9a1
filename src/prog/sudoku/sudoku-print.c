/*
 * sudoku-print.c: dlx-sudoku's output formats.
 *
 * Each format is a table of functions (struct sudoku_format), one per
 * kind of answer: the modes say what they found and the table says how it
 * reads.  A new format is a new table; a new kind of answer is a new
 * member in each.  Every write goes through cli_out() and its siblings,
 * which remember a failed write (cli.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "prog/sudoku/dlx-sudoku.h"

/* ---- pieces the formats share ---------------------------------------- */

int
print_use_numbers(const struct run *run, int n)
{
	return n > run->nalpha;
}

void
print_line(const struct run *run, int n, const int *cells)
{
	char	buf[256];
	int	i, k;

	if (print_use_numbers(run, n)) {
		for (i = 0; i < n * n; i++)
			cli_out(i == 0 ? "%d" : " %d", cells[i]);
		return;
	}
	/* Symbols a buffer at a time: one write per line of a 9x9. */
	for (i = k = 0; i < n * n; i++) {
		buf[k++] = cells[i] == 0 ? '.' : run->alphabet[cells[i] - 1];
		if (k == (int)sizeof buf || i == n * n - 1) {
			cli_write(buf, (size_t)k);
			k = 0;
		}
	}
}

void
print_grid(const struct run *run, const struct dlx_sudoku_puzzle *p,
    const int *cells)
{
	int	n = p->n, r, c, k, w, v;

	w = print_use_numbers(run, n) ? 2 : 1;
	for (r = 0; r < n; r++) {
		if (r > 0 && r % p->boxr == 0) {
			for (c = 0; c < n; c++) {
				if (c > 0 && c % p->boxc == 0)
					cli_puts("-+");
				for (k = 0; k < w + (c > 0); k++)
					cli_putc('-');
			}
			cli_putc('\n');
		}
		for (c = 0; c < n; c++) {
			if (c > 0)
				cli_puts(c % p->boxc == 0 ? " | " : " ");
			v = cells[r * n + c];
			if (w == 2)
				cli_out("%2d", v);
			else
				cli_putc(v == 0 ? '.' : run->alphabet[v - 1]);
		}
		cli_putc('\n');
	}
}

void
print_classic(const struct dlx_sudoku_puzzle *p, const int *cells)
{
	int	n = p->n, r, c, v;

	for (r = 0; r < n; r++) {
		for (c = 0; c < n; c++) {
			v = cells[r * n + c];
			if (c > 0)
				cli_putc(' ');
			if (v == 0)
				cli_putc('X');
			else
				cli_out("%d", v);
		}
		cli_putc('\n');
	}
}

void
print_classic_start(const struct dlx_sudoku_puzzle *p)
{
	cli_puts("Initial Board Position\n");
	print_classic(p, p->cells);
	cli_putc('\n');
}

void
print_where(const struct puzzle *pz)
{
	cli_out("%s:%lu: ", pz->file, pz->p->line);
}

/* ",NAME":[...]: one number from 1 for each of the n*n cells, in reading
 * order (a jigsaw's regions, a killer's cages). */
static void
json_map(const char *name, const int *map, int n)
{
	int	i;

	cli_out(",\"%s\":[", name);
	for (i = 0; i < n * n; i++)
		cli_out("%s%d", i > 0 ? "," : "", map[i] + 1);
	cli_putc(']');
}

/*
 * The shape of a variant as JSON members: "variant" (its name), then its
 * regions as they are: "box" (RxC) where it has boxes, "regions" (the
 * region of each cell) for a jigsaw; "windows" (hyper: each window by
 * its corner cells, laid out as the model lays them, dlx_sudoku.h),
 * "diagonals" (x), "cages" and "sums" (killer).
 */
static void
json_variant(const struct dlx_sudoku_variant *v)
{
	int	n = v->n, r, c, i;

	cli_out(",\"variant\":\"%s\"", dlx_sudoku_variant_name(v));
	if (v->regions == NULL)
		cli_out(",\"box\":\"%dx%d\"", v->boxr, v->boxc);
	else
		json_map("regions", v->regions, n);
	if (v->extras & DLX_SUDOKU_WINDOWS) {
		cli_puts(",\"windows\":[");
		i = 0;
		for (r = 1; r + v->boxr <= n; r += v->boxr + 1)
			for (c = 1; c + v->boxc <= n; c += v->boxc + 1)
				cli_out("%s\"r%dc%d-r%dc%d\"", i++ > 0 ? "," :
				    "", r + 1, c + 1, r + v->boxr,
				    c + v->boxc);
		cli_putc(']');
	}
	if (v->extras & DLX_SUDOKU_DIAGONALS)
		cli_puts(",\"diagonals\":true");
	if (v->cages != NULL) {
		json_map("cages", v->cages, n);
		cli_puts(",\"sums\":[");
		for (i = 0; i < v->ncages; i++)
			cli_out("%s%d", i > 0 ? "," : "", v->sums[i]);
		cli_putc(']');
	}
}

void
print_puzzle(const struct run *run, const struct puzzle *pz)
{
	const struct dlx_sudoku_puzzle	*p = pz->p;
	int				 i, j, n = p->n;

	if (p->marks == NULL) {
		print_line(run, n, p->cells);
		return;
	}
	/* A line of pencil marks is written as it is read. */
	for (i = 0; i < n * n; i++)
		for (j = 0; j < n; j++) {
			if (print_use_numbers(run, n))
				cli_out(i + j == 0 ? "%d" : " %d",
				    p->marks[i] >> j & 1 ? j + 1 : 0);
			else
				cli_putc(p->marks[i] >> j & 1 ?
				    run->alphabet[j] : '.');
		}
}

void
print_json_head(const struct run *run, const struct puzzle *pz, const char *type)
{
	cli_out("{\"type\":\"%s\",\"file\":", type);
	cli_json_str(pz->file);
	cli_out(",\"line\":%lu,\"size\":%d", pz->p->line, pz->p->n);
	if (pz->v != NULL)
		json_variant(pz->v);
	else
		cli_out(",\"box\":\"%dx%d\"", pz->p->boxr, pz->p->boxc);
	cli_out(",\"%s\":\"", pz->p->marks != NULL ? "marks" : "puzzle");
	print_puzzle(run, pz);
	cli_putc('"');
}

void
print_json_symbol(const struct run *run, int n, int v)
{
	if (print_use_numbers(run, n))
		cli_out("\"%d\"", v);
	else
		cli_out("\"%c\"", run->alphabet[v - 1]);
}

const char *
print_result_word(uint64_t solutions)
{
	return solutions == 0 ? "none" : solutions == 1 ? "unique" :
	    "multiple";
}

/* A text of the rules solver, in full whatever its length. */
static void
print_text(size_t (*fmt)(const dlx_logic *, const void *, char *, size_t),
    const dlx_logic *lg, const void *arg, int json)
{
	char	 buf[1024], *p = buf;
	size_t	 len;

	len = fmt(lg, arg, buf, sizeof buf);
	if (len >= sizeof buf) {
		if ((p = malloc(len + 1)) == NULL) {
			cli_diag("%s", dlx_strerror(DLX_ENOMEM));
			exit(CLI_EXIT_ERROR);
		}
		fmt(lg, arg, p, len + 1);
	}
	if (json)
		cli_json_str(p);
	else
		cli_puts(p);
	if (p != buf)
		free(p);
}

static size_t
fmt_step(const dlx_logic *lg, const void *st, char *buf, size_t size)
{
	return dlx_logic_format(lg, st, buf, size);
}

static size_t
fmt_candidates(const dlx_logic *lg, const void *unused, char *buf,
    size_t size)
{
	(void)unused;
	return dlx_logic_format_candidates(lg, buf, size);
}

void
print_step(const dlx_logic *lg, const struct dlx_logic_step *st, int json)
{
	print_text(fmt_step, lg, st, json);
}

/*
 * The pencil marks: a grid of lines, or two JSON members: "grid", the
 * cells filled so far as a line, and "candidates", for each cell in
 * reading order the array of its candidates ([] once filled).
 */
void
print_candidates(const struct run *run, const dlx_logic *lg)
{
	uint64_t	m;
	int		n = dlx_logic_size(lg), i, v, first;

	if (run->o.format != FORMAT_JSON) {
		print_text(fmt_candidates, lg, NULL, 0);
		return;
	}
	cli_puts(",\"grid\":\"");
	for (i = 0; i < n * n; i++) {
		v = dlx_logic_cell(lg, i);
		if (print_use_numbers(run, n))
			cli_out(i == 0 ? "%d" : " %d", v);
		else
			cli_putc(v == 0 ? '.' : run->alphabet[v - 1]);
	}
	cli_puts("\",\"candidates\":[");
	for (i = 0; i < n * n; i++) {
		cli_puts(i == 0 ? "[" : ",[");
		m = dlx_logic_candidates(lg, i);
		for (v = 1, first = 1; v <= n; v++) {
			if ((m >> (v - 1) & 1) == 0)
				continue;
			if (!first)
				cli_putc(',');
			print_json_symbol(run, n, v);
			first = 0;
		}
		cli_putc(']');
	}
	cli_putc(']');
}

/*
 * The text of cell i in the starting marks into buf (3 * MAXN + 3 bytes):
 * a filled cell (a given) as its symbol in brackets, "[5]", an empty one
 * as its candidates ("." if none), numbers with commas between them.
 * Returns its length.
 */
static int
mark_text(const struct run *run, const dlx_logic *lg, int i, char *buf)
{
	uint64_t	m;
	int		n = dlx_logic_size(lg), v, k = 0, num, given;

	num = print_use_numbers(run, n);
	v = dlx_logic_cell(lg, i);
	given = v != 0;
	m = given ? (uint64_t)1 << (v - 1) : dlx_logic_candidates(lg, i);
	if (given)
		buf[k++] = '[';
	for (v = 1; v <= n; v++) {
		if ((m >> (v - 1) & 1) == 0)
			continue;
		if (num)
			k += sprintf(buf + k, "%s%d", k > given ? "," : "", v);
		else
			buf[k++] = run->alphabet[v - 1];
	}
	if (k == 0)
		buf[k++] = '.';
	if (given)
		buf[k++] = ']';
	buf[k] = '\0';
	return k;
}

/*
 * The starting marks (--candidates alone): the pencil-mark grid as the
 * library writes it (columns padded to their widest cell, boxes of br x bc
 * set apart), but with the givens in brackets, so that a given and an
 * empty cell with one candidate (a naked single) look different.  JSON as
 * print_candidates().
 */
void
print_start_marks(const struct run *run, const dlx_logic *lg, int br, int bc)
{
	char	buf[3 * DLX_SUDOKU_MAXN + 3];
	int	width[DLX_SUDOKU_MAXN], n = dlx_logic_size(lg), r, c, k, w;

	if (run->o.format == FORMAT_JSON) {
		print_candidates(run, lg);
		return;
	}
	for (c = 0; c < n; c++) {
		width[c] = 1;
		for (r = 0; r < n; r++)
			if ((w = mark_text(run, lg, r * n + c, buf)) > width[c])
				width[c] = w;
	}
	for (r = 0; r < n; r++) {
		if (r > 0 && r % br == 0) {
			for (c = 0; c < n; c++) {
				if (c > 0)
					cli_puts(c % bc == 0 ? "-+-" : "-");
				for (k = 0; k < width[c]; k++)
					cli_putc('-');
			}
			cli_putc('\n');
		}
		for (c = 0; c < n; c++) {
			if (c > 0)
				cli_puts(c % bc == 0 ? " | " : " ");
			w = mark_text(run, lg, r * n + c, buf);
			cli_puts(buf);
			/* No trailing blanks at the end of a line. */
			if (c < n - 1)
				for (k = w; k < width[c]; k++)
					cli_putc(' ');
		}
		cli_putc('\n');
	}
}

/* A count as a phrase: "2 solutions", "at least 5 solutions". */
static void
print_count(const struct search_result *res)
{
	cli_out("%s%s solution%s%s", res->exact ? "" : "at least ",
	    res->text, res->count == 1 ? "" : "s",
	    res->interrupted ? " (interrupted)" : "");
}

/* A rating in tenths as "4.2". */
static void
print_tenths(int v)
{
	cli_out("%d.%d", v / 10, v % 10);
}

/* The level of a rated puzzle as a word: "none" without a solution,
 * "search" when the rules got stuck. */
static const char *
level_word(const struct logic_end *end)
{
	if (end->solutions == 0)
		return "none";
	if (end->searched)
		return "search";
	return dlx_logic_level_name(end->rt.level ==
	    DLX_LOGIC_LEVEL_NONE ? DLX_LOGIC_LEVEL_EASY : end->rt.level);
}

/* Nothing to write. */
static void
no_start(struct run *run, const struct puzzle *pz)
{
	(void)run;
	(void)pz;
}

static void
no_error(struct run *run, const char *file, unsigned long line,
    unsigned long col, const char *msg)
{
	(void)run;
	(void)file;
	(void)line;
	(void)col;
	(void)msg;
}

static const char *
no_header(enum mode m)
{
	(void)m;
	return NULL;
}

/* A generated puzzle in a text format: a variant's text, else the grid
 * as the format draws it (f). */
static void
generated_text(struct run *run, const struct dlx_sudoku_genpuzzle *g,
    const char *text, int f)
{
	const struct dlx_sudoku_variant	*v = g->variant;
	struct dlx_sudoku_puzzle	 p;

	memset(&p, 0, sizeof p);
	p.n = v->n;
	p.boxr = v->boxr;
	p.boxc = v->boxc;
	p.cells = g->puzzle;
	if (text != NULL)
		cli_out("%s\n", text);
	else if (f == FORMAT_LINE) {
		print_line(run, v->n, g->puzzle);
		cli_putc('\n');
	} else if (f == FORMAT_CLASSIC) {
		print_classic(&p, g->puzzle);
		cli_putc('\n');
	} else {
		print_grid(run, &p, g->puzzle);
		cli_putc('\n');
	}
}

/* ---- grid: the default, for people ----------------------------------- */

static void
grid_solved(struct run *run, const struct puzzle *pz,
    const struct search_result *res, const char *what)
{
	(void)what;
	print_where(pz);
	if (res->count == 0) {
		cli_puts("no solution\n\n");
		return;
	}
	cli_puts(res->count == 1 ? "solved\n" :
	    "not unique; one of several solutions\n");
	print_grid(run, pz->p, run->cells);
	cli_putc('\n');
}

static void
grid_solution(struct run *run, const struct puzzle *pz, uint64_t index)
{
	print_where(pz);
	cli_out("solution #%llu\n", (unsigned long long)index);
	print_grid(run, pz->p, run->cells);
	cli_putc('\n');
}

static void
grid_counted(struct run *run, const struct puzzle *pz,
    const struct search_result *res)
{
	(void)run;
	print_where(pz);
	print_count(res);
	cli_putc('\n');
}

static void
grid_unique(struct run *run, const struct puzzle *pz, const char *what)
{
	(void)run;
	print_where(pz);
	cli_out("%s\n", what);
}

static void
grid_rated(struct run *run, const struct puzzle *pz,
    const struct logic_end *end, const dlx_logic *lg)
{
	print_where(pz);
	if (end->solutions == 0)
		cli_puts("no solution");
	else if (end->searched)
		cli_out("search (%llu guess%s)",
		    (unsigned long long)end->res.guesses,
		    end->res.guesses == 1 ? "" : "es");
	else {
		cli_puts("ER ");
		print_tenths(end->rt.er);
		cli_puts(", EP ");
		print_tenths(end->rt.ep);
		cli_puts(", ED ");
		print_tenths(end->rt.ed);
		cli_out(", %s", level_word(end));
		if (end->rt.steps > 0)
			cli_out(" (%s)", dlx_logic_rule_name(end->rt.hardest));
	}
	if (end->solutions > 1)
		cli_puts(", not unique");
	cli_putc('\n');
	if (run->o.candidates && end->rc != DLX_LOGIC_SOLVED) {
		print_candidates(run, lg);
		cli_putc('\n');
	}
}

static void
grid_explained(struct run *run, const struct puzzle *pz)
{
	print_grid(run, pz->p, run->cells);
	cli_putc('\n');
}

static void
grid_generated(struct run *run, const struct dlx_sudoku_genpuzzle *g,
    const char *text)
{
	generated_text(run, g, text, FORMAT_GRID);
}

static const struct sudoku_format grid_format = {
	.header = no_header,
	.solved = grid_solved,
	.all_start = no_start,
	.all_total = 1,
	.solution = grid_solution,
	.counted = grid_counted,
	.unique = grid_unique,
	.rated = grid_rated,
	.explained = grid_explained,
	.error = no_error,
	.generated = grid_generated,
};

/* ---- line: one line per puzzle --------------------------------------- */

static void
line_solved(struct run *run, const struct puzzle *pz,
    const struct search_result *res, const char *what)
{
	(void)what;
	if (res->count == 0) {
		print_puzzle(run, pz);
		cli_puts(" none\n");
		return;
	}
	print_line(run, pz->p->n, run->cells);
	cli_puts(res->count == 1 ? "\n" : " multiple\n");
}

static void
line_solution(struct run *run, const struct puzzle *pz, uint64_t index)
{
	print_line(run, pz->p->n, run->cells);
	cli_out(" #%llu\n", (unsigned long long)index);
}

static void
line_counted(struct run *run, const struct puzzle *pz,
    const struct search_result *res)
{
	print_puzzle(run, pz);
	cli_putc(' ');
	if (!res->exact)
		cli_puts("at least ");
	cli_out("%s%s\n", res->text, res->interrupted ? " (interrupted)" : "");
}

static void
line_unique(struct run *run, const struct puzzle *pz, const char *what)
{
	print_puzzle(run, pz);
	cli_out(" %s\n", what);
}

static void
line_rated(struct run *run, const struct puzzle *pz,
    const struct logic_end *end, const dlx_logic *lg)
{
	print_puzzle(run, pz);
	cli_putc(' ');
	if (end->solutions > 0 && !end->searched) {
		print_tenths(end->rt.er);
		cli_putc(' ');
		print_tenths(end->rt.ep);
		cli_putc(' ');
		print_tenths(end->rt.ed);
		cli_putc(' ');
	}
	cli_puts(level_word(end));
	if (end->searched)
		cli_out(" %llu", (unsigned long long)end->res.guesses);
	if (end->solutions > 1)
		cli_puts(" multiple");
	cli_putc('\n');
	if (run->o.candidates && end->rc != DLX_LOGIC_SOLVED) {
		print_candidates(run, lg);
		cli_putc('\n');
	}
}

static void
line_explained(struct run *run, const struct puzzle *pz)
{
	print_line(run, pz->p->n, run->cells);
	cli_puts("\n\n");
}

/*
 * A puzzle that could not be read or answered keeps its line, so that
 * the output's lines stay those of the input's puzzles: "- error" (the
 * message itself goes to the standard error).
 */
static void
line_error(struct run *run, const char *file, unsigned long line,
    unsigned long col, const char *msg)
{
	(void)run;
	(void)file;
	(void)line;
	(void)col;
	(void)msg;
	cli_puts("- error\n");
}

static void
line_generated(struct run *run, const struct dlx_sudoku_genpuzzle *g,
    const char *text)
{
	generated_text(run, g, text, FORMAT_LINE);
}

static const struct sudoku_format line_format = {
	.header = no_header,
	.solved = line_solved,
	.all_start = no_start,
	.all_total = 0,		/* the numbered lines say it all */
	.solution = line_solution,
	.counted = line_counted,
	.unique = line_unique,
	.rated = line_rated,
	.explained = line_explained,
	.error = line_error,
	.generated = line_generated,
};

/* ---- classic: "Initial Board Position", "Solution #k" ---------------- */

static void
classic_solved(struct run *run, const struct puzzle *pz,
    const struct search_result *res, const char *what)
{
	(void)what;
	print_classic_start(pz->p);
	if (res->count == 0) {
		cli_puts("No solution\n\n");
		return;
	}
	cli_puts("Solution #1\n");
	print_classic(pz->p, run->cells);
	cli_puts(res->count == 1 ? "\n" : "\nThe solution is not unique.\n\n");
}

static void
classic_all_start(struct run *run, const struct puzzle *pz)
{
	(void)run;
	print_classic_start(pz->p);
}

static void
classic_solution(struct run *run, const struct puzzle *pz, uint64_t index)
{
	cli_out("Solution #%llu\n", (unsigned long long)index);
	print_classic(pz->p, run->cells);
	cli_putc('\n');
}

static void
classic_counted(struct run *run, const struct puzzle *pz,
    const struct search_result *res)
{
	/* After --all the board heads the solutions already. */
	if (run->o.mode != MODE_ALL)
		print_classic_start(pz->p);
	print_count(res);
	cli_puts("\n\n");
}

static void
classic_unique(struct run *run, const struct puzzle *pz, const char *what)
{
	(void)run;
	print_classic_start(pz->p);
	cli_out("%s\n\n", what);
}

static void
classic_explained(struct run *run, const struct puzzle *pz)
{
	cli_puts("Solution #1\n");
	print_classic(pz->p, run->cells);
	cli_putc('\n');
}

static void
classic_generated(struct run *run, const struct dlx_sudoku_genpuzzle *g,
    const char *text)
{
	generated_text(run, g, text, FORMAT_CLASSIC);
}

static const struct sudoku_format classic_format = {
	.header = no_header,
	.solved = classic_solved,
	.all_start = classic_all_start,
	.all_total = 1,
	.solution = classic_solution,
	.counted = classic_counted,
	.unique = classic_unique,
	.rated = grid_rated,
	.explained = classic_explained,
	.error = no_error,
	.generated = classic_generated,
};

/* ---- csv: a header line, then one record per puzzle ------------------- */

static const char *
csv_header(enum mode m)
{
	static const char *const headers[MODE_COUNT_] = {
		[MODE_SOLVE] = "puzzle,solution,result\n",
		[MODE_COUNT] = "puzzle,solutions,exact\n",
		[MODE_UNIQUE] = "puzzle,result\n",
		[MODE_RATE] = "puzzle,er,ep,ed,level,hardest,score,guesses,"
		    "result\n",
	};

	return headers[m];
}

static void
csv_solved(struct run *run, const struct puzzle *pz,
    const struct search_result *res, const char *what)
{
	print_puzzle(run, pz);
	cli_putc(',');
	if (res->count > 0)
		print_line(run, pz->p->n, run->cells);
	cli_out(",%s\n", what);
}

static void
csv_counted(struct run *run, const struct puzzle *pz,
    const struct search_result *res)
{
	print_puzzle(run, pz);
	cli_out(",%s,%s\n", res->text, res->exact ? "true" : "false");
}

static void
csv_unique(struct run *run, const struct puzzle *pz, const char *what)
{
	print_puzzle(run, pz);
	cli_out(",%s\n", what);
}

static void
csv_rated(struct run *run, const struct puzzle *pz,
    const struct logic_end *end, const dlx_logic *lg)
{
	(void)lg;
	print_puzzle(run, pz);
	cli_putc(',');
	if (end->solutions > 0 && !end->searched) {
		print_tenths(end->rt.er);
		cli_putc(',');
		print_tenths(end->rt.ep);
		cli_putc(',');
		print_tenths(end->rt.ed);
	} else
		cli_puts(",,");
	cli_out(",%s,%s,", level_word(end), end->solutions > 0 &&
	    !end->searched && end->rt.steps > 0 ?
	    dlx_logic_rule_name(end->rt.hardest) : "");
	if (end->solutions > 0 && !end->searched)
		cli_out("%llu", (unsigned long long)end->rt.score);
	cli_putc(',');
	if (end->searched)
		cli_out("%llu", (unsigned long long)end->res.guesses);
	cli_out(",%s\n", print_result_word(end->solutions));
}

/* --all and --explain refuse -f csv (sudoku-main.c): their lines are
 * those of the line format, should a caller get here. */
static const struct sudoku_format csv_format = {
	.header = csv_header,
	.solved = csv_solved,
	.all_start = no_start,
	.all_total = 0,
	.solution = line_solution,
	.counted = csv_counted,
	.unique = csv_unique,
	.rated = csv_rated,
	.explained = line_explained,
	.error = no_error,
	.generated = grid_generated,
};

/* ---- JSON Lines: one object per line, each with a "type" --------------- */

static void
json_solved(struct run *run, const struct puzzle *pz,
    const struct search_result *res, const char *what)
{
	print_json_head(run, pz, "puzzle");
	cli_out(",\"result\":\"%s\"", what);
	if (res->count > 0) {
		cli_puts(",\"solution\":\"");
		print_line(run, pz->p->n, run->cells);
		cli_putc('"');
	}
	cli_puts("}\n");
}

static void
json_solution(struct run *run, const struct puzzle *pz, uint64_t index)
{
	cli_puts("{\"type\":\"solution\",\"file\":");
	cli_json_str(pz->file);
	cli_out(",\"line\":%lu,\"index\":%llu,\"solution\":\"", pz->p->line,
	    (unsigned long long)index);
	print_line(run, pz->p->n, run->cells);
	cli_puts("\"}\n");
}

static void
json_counted(struct run *run, const struct puzzle *pz,
    const struct search_result *res)
{
	print_json_head(run, pz, "count");
	cli_out(",\"solutions\":%s,\"exact\":%s%s%s%s%s}\n",
	    res->text, res->exact ? "true" : "false",
	    res->interrupted ? ",\"interrupted\":true" : "",
	    res->budget != NULL && !res->interrupted ? ",\"budget\":\"" :
	    "", res->budget != NULL && !res->interrupted ?
	    cli_budget_key(res->budget) : "",
	    res->budget != NULL && !res->interrupted ? "\"" : "");
}

static void
json_unique(struct run *run, const struct puzzle *pz, const char *what)
{
	print_json_head(run, pz, "puzzle");
	cli_out(",\"result\":\"%s\"}\n", what);
}

static void
json_rated(struct run *run, const struct puzzle *pz,
    const struct logic_end *end, const dlx_logic *lg)
{
	uint64_t	 steps = 0;
	int		 r;

	for (r = 0; r < DLX_LOGIC_NRULES; r++)
		steps += dlx_logic_count(lg, r);
	print_json_head(run, pz, "puzzle");
	if (end->solutions > 0 && !end->searched) {
		cli_puts(",\"er\":");
		print_tenths(end->rt.er);
		cli_puts(",\"ep\":");
		print_tenths(end->rt.ep);
		cli_puts(",\"ed\":");
		print_tenths(end->rt.ed);
	}
	cli_out(",\"level\":\"%s\"", level_word(end));
	if (end->solutions > 0 && !end->searched && end->rt.steps > 0)
		cli_out(",\"hardest\":\"%s\",\"score\":%llu",
		    dlx_logic_rule_name(end->rt.hardest),
		    (unsigned long long)end->rt.score);
	cli_out(",\"steps\":%llu", (unsigned long long)steps);
	if (end->searched)
		cli_out(",\"guesses\":%llu",
		    (unsigned long long)end->res.guesses);
	cli_out(",\"result\":\"%s\"", print_result_word(end->solutions));
	if (run->o.candidates && end->rc != DLX_LOGIC_SOLVED)
		print_candidates(run, lg);
	cli_puts("}\n");
}

static void
json_error(struct run *run, const char *file, unsigned long line,
    unsigned long col, const char *msg)
{
	(void)run;
	cli_puts("{\"type\":\"error\",\"file\":");
	cli_json_str(file);
	cli_out(",\"line\":%lu", line);
	if (col != 0)
		cli_out(",\"column\":%lu", col);
	cli_puts(",\"error\":");
	cli_json_str(msg);
	cli_puts("}\n");
}

static void
json_generated(struct run *run, const struct dlx_sudoku_genpuzzle *g,
    const char *text)
{
	const struct dlx_sudoku_variant	*v = g->variant;

	cli_out("{\"type\":\"generated\",\"size\":%d", v->n);
	json_variant(v);
	cli_out(",\"givens\":%d,\"puzzle\":\"", g->givens);
	print_line(run, v->n, g->puzzle);
	cli_puts("\",\"solution\":\"");
	print_line(run, v->n, g->solution);
	cli_putc('"');
	if (g->grade != 0)
		cli_out(",\"grade\":\"%s\"", dlx_logic_grade_name(
		    (enum dlx_logic_grade)g->grade));
	if (text != NULL) {
		cli_puts(",\"text\":");
		cli_json_str(text);
	}
	cli_puts("}\n");
}

static const struct sudoku_format json_format = {
	.header = no_header,
	.solved = json_solved,
	.all_start = no_start,
	.all_total = 1,
	.solution = json_solution,
	.counted = json_counted,
	.unique = json_unique,
	.rated = json_rated,
	.explained = NULL,	/* the record of --explain holds it */
	.error = json_error,
	.generated = json_generated,
};

const struct sudoku_format *
print_format(enum format f)
{
	switch (f) {
	case FORMAT_LINE:
		return &line_format;
	case FORMAT_CLASSIC:
		return &classic_format;
	case FORMAT_CSV:
		return &csv_format;
	case FORMAT_JSON:
		return &json_format;
	case FORMAT_GRID:
		break;
	}
	return &grid_format;
}
