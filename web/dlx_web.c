/*
 * dlx_web.c: the page's way into libdlx, compiled with the library to
 * WebAssembly by make web (web/README.md).
 *
 * The page's Web Worker (web/worker.js) calls the dlxweb_* functions
 * below with text and small numbers; each answers with one JSON object,
 * which belongs to this file and stays valid until the next call.  Every
 * answer has "ok": true with the results, or "ok": false with "error"
 * (the library's message) and, where the library knows it, "line" and
 * "col" of the input, or "cells" of the grid at fault, so that the page
 * shows the error next to the input.
 *
 * Every search the page runs, counting or listing, goes through the one
 * function web_search(), so that a change of the library's search
 * interface is met there alone.  The logic solver (dlx_logic_*), the
 * generator (dlx_sudoku_gen_*) and the setter's questions (true
 * candidates, redundant givens, canonical form: dlx_sudoku.h) are used
 * through their own interfaces, which drive dlx_run() themselves.
 *
 * Progress goes out through web_progress(), which the worker turns into
 * messages to the page (at most a few a second).  The page stops a run by
 * ending the worker, so nothing here polls for a stop.
 *
 * Built natively too (without emscripten, progress goes nowhere), so that
 * the compiler's warnings of the project's build apply to it.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "dlx_text.h"
#include "dlx_sudoku.h"
#include "dlx_sudoku_gen.h"
#include "dlx_logic.h"
#include "dlx_sudoku.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define WEB_EXPORT	EMSCRIPTEN_KEEPALIVE

/* Progress to the worker: what kind of run, and its figures so far. */
EM_JS(void, web_progress, (int kind, double a, double b, double c,
    double d, double e), {
	if (Module.onprogress)
		Module.onprogress(kind, a, b, c, d, e);
});
#else
#define WEB_EXPORT

static void
web_progress(int kind, double a, double b, double c, double d, double e)
{
	(void)kind, (void)a, (void)b, (void)c, (void)d, (void)e;
}
#endif

/* The functions the worker calls (each described where it is defined). */
const char	*dlxweb_sudoku(const char *, const char *, int, double, int);
const char	*dlxweb_generate(int, int, const char *, int, int, double);
const char	*dlxweb_dlx(const char *, int, double, int);
const char	*dlxweb_setter(const char *, const char *, int, int);
const char	*dlxweb_version(void);
int		 dlxweb_warm(void);

/* Kinds of progress (web_progress's first argument). */
#define PROGRESS_SEARCH	0	/* solutions, fraction of the tree, nodes */
#define PROGRESS_GEN	1	/* attempts (the grid being made included),
				   stage (enum dlx_gen_stage), its steps
				   done and total, givens left */

/* What dlxweb_sudoku() does with a puzzle. */
#define ACT_CHECK	0	/* read it and describe it */
#define ACT_SOLVE	1	/* its solutions skip .. skip+take-1 */
#define ACT_COUNT	2	/* count every solution */
#define ACT_EXPLAIN	3	/* the rules step by step, and the grade */

/* The setter's question dlxweb_setter() answers. */
#define Q_CANDIDATES	0	/* the true candidates, with counts */
#define Q_UNIQUE	1	/* the placements that make it unique */
#define Q_REDUNDANT	2	/* the givens that can each go */
#define Q_MINIMIZE	3	/* a minimal puzzle */
#define Q_CANONICAL	4	/* the canonical form (classic 9x9) */

/* Updates between progress reports (a few a second on a phone). */
#define PROGRESS_UPDATES	((uint64_t)1 << 20)

/* Memory the subproblem cache of a count may take: enough for the
 * counts a page is asked for, and well below what a browser grants. */
#define CACHE_BYTES	((size_t)128 << 20)

/* What dlxweb_dlx() does with a problem. */
#define PB_LIST	0	/* its solutions skip .. skip+take-1 */
#define PB_COUNT	1	/* count every solution */
#define PB_READ	2	/* read it and give its size */

/* Most solutions one call lists (the page asks for pages of them). */
#define MAX_TAKE	1000

/* The symbols of grids up to 35x35 (dlx_sudoku.h's default alphabet). */
static const char symbols[] = DLX_SUDOKU_SYMBOLS;

/* ---- the answer: one JSON object, built in a growing buffer ----------- */

/* The buffer of the answer; oom is set by the first failed allocation,
 * after which nothing more is added and the answer says so. */
static struct {
	char	*buf;
	size_t	 len, cap;
	int	 oom;
} out;

static void
put(const char *s, size_t n)
{
	char	*p;
	size_t	 cap;

	if (out.oom)
		return;
	if (out.len + n + 1 > out.cap) {
		cap = out.cap != 0 ? out.cap : 4096;
		while (out.len + n + 1 > cap)
			cap *= 2;
		if ((p = realloc(out.buf, cap)) == NULL) {
			out.oom = 1;
			return;
		}
		out.buf = p;
		out.cap = cap;
	}
	memcpy(out.buf + out.len, s, n);
	out.len += n;
	out.buf[out.len] = '\0';
}

static void
puts_(const char *s)
{
	put(s, strlen(s));
}

static void
printf_(const char *fmt, ...)
{
	char	 buf[256];
	va_list	 ap;
	int	 n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		put(buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* s as a JSON string, quoted and escaped. */
static void
str_(const char *s)
{
	char	 esc[8];
	size_t	 k;

	put("\"", 1);
	while (*s != '\0') {
		k = strcspn(s, "\"\\\b\f\n\r\t\x01\x02\x03\x04\x05\x06\x07"
		    "\x0b\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a"
		    "\x1b\x1c\x1d\x1e\x1f");
		put(s, k);
		s += k;
		if (*s == '\0')
			break;
		snprintf(esc, sizeof esc, "\\u%04x", (unsigned char)*s++);
		put(esc, strlen(esc));
	}
	put("\"", 1);
}

static void
begin(void)
{
	out.len = 0;
	out.oom = 0;
	puts_("{\"ok\":");
}

/* The answer, finished: the buffer, or a fixed text if memory ran out. */
static const char *
finish(void)
{
	put("}", 1);
	if (out.oom || out.buf == NULL)
		return "{\"ok\":false,\"error\":\"out of memory\"}";
	return out.buf;
}

/* A failed call's answer, begun: ok false and the message. */
static void
fail(const char *msg)
{
	puts_("false,\"error\":");
	str_(msg);
}

/* An array of n ints. */
static void
ints(const int *a, int n)
{
	int	 k;

	put("[", 1);
	for (k = 0; k < n; k++)
		printf_("%s%d", k > 0 ? "," : "", a[k]);
	put("]", 1);
}

/* ---- the search ------------------------------------------------------ */

/* One search the page asks for. */
struct web_run {
	int		 count;		/* 1: count every solution (visit
					   unused); 0: visit them */
	int		 order;		/* DLX_MEMO_FIRST for grids whose
					   cells come first, else AUTO */
	int		 memo;		/* count: DLX_MEMO_AUTO, or _ALWAYS
					   and _NEVER (dlxweb_warm) */
	uint64_t	 max;		/* visit: stop after this many; 0 none */
	dlx_solution_fn	*visit;		/* visit: each solution */
	void		*visit_arg;
	struct dlx_wide	 total;		/* out: solutions found, exact */
	int		 cached;	/* out: the count used the cache */
	double		 nodes;		/* out: search tree nodes */
	enum dlx_engine	 engine;	/* out: the engine that ran */
	unsigned	 refused;	/* out: DLX_ENOTSUP's needs */
};

static int
on_progress(void *arg, const struct dlx_stats *st)
{
	dlx	*d = arg;

	/* The logic solver searches a matrix of its own, out of reach:
	 * there the fraction of the tree is unknown (-1). */
	web_progress(PROGRESS_SEARCH, (double)st->solutions,
	    d != NULL ? dlx_progress(d) : -1, (double)st->nodes, 0, 0);
	return 0;
}

/*
 * Search d as w says: count its solutions (with the subproblem cache
 * where it pays, as the programs count), or visit them in the search's
 * order.  Every search of the page is made here, by one request to the
 * library's dispatcher, dlx_run(), which picks the engine (one thread:
 * WebAssembly has none to spare) and reads the result whole.  Returns
 * what the library returns, with w's results filled; DLX_ENOTSUP with
 * w->refused set when no engine serves the request.
 */
static int
web_search(dlx *d, struct web_run *w)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	int			 rc;

	memset(&rq, 0, sizeof rq);
	memset(&res, 0, sizeof res);
	if (!w->count) {
		rq.visit = w->visit;
		rq.visit_arg = w->visit_arg;
		rq.max_solutions = w->max;
	}
	rq.progress = on_progress;
	rq.progress_arg = d;
	rq.progress_updates = PROGRESS_UPDATES;
	rq.memo = w->count ? w->memo : DLX_MEMO_NEVER;
	rq.order = w->order;
	rq.memory = CACHE_BYTES;
	rq.threads = 1;
	rc = dlx_run(d, &rq, &res);
	w->total = res.count;
	w->cached = res.memo.used;
	w->nodes = (double)res.stats.nodes;
	w->engine = res.engine;
	w->refused = res.refused;
	return rc;
}

/*
 * The "failure" member of a search that returned rc < 0: the library's
 * message, or for DLX_ENOTSUP what no engine serves together.
 */
static void
failure(const struct web_run *w, int rc)
{
	static const struct {
		unsigned	 need;
		const char	*text;
	} names[] = {
		{ DLX_NEED_BOUNDS,	"item bounds" },
		{ DLX_NEED_COLORS,	"colors" },
		{ DLX_NEED_CACHE,	"the cache" },
		{ DLX_NEED_VISIT,	"listing solutions" },
	};
	char		 buf[160];
	size_t		 i, n;

	puts_(",\"failure\":");
	if (rc != DLX_ENOTSUP || w->refused == 0) {
		str_(dlx_strerror(rc));
		return;
	}
	n = (size_t)snprintf(buf, sizeof buf, "not supported:");
	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (w->refused & names[i].need)
			n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s",
			    buf[n - 1] == ':' ? " " : " with ",
			    names[i].text);
	str_(buf);
}

/* A count's members: "count" (decimal text, any size), "exact", whether
 * the cache gave it, the nodes and the engine that ran. */
static void
count_members(const struct web_run *w, int rc)
{
	char	 buf[DLX_WIDE_DIGITS + 1];

	dlx_wide_format(w->total, buf, sizeof buf);
	printf_(",\"count\":\"%s\",\"exact\":%s,\"cached\":%s,"
	    "\"nodes\":%.0f,\"engine\":", buf, rc == DLX_OK ? "true" : "false",
	    w->cached ? "true" : "false", w->nodes);
	str_(dlx_engine_name(w->engine));
}

/* ---- sudoku ---------------------------------------------------------- */

/* A puzzle read from the page's text, on its matrix. */
struct puzzle {
	dlx_sudoku	*s;		/* its matrix, givens (or marks)
					   imposed */
	int		 n, boxr, boxc;	/* size and boxes (0, 0: jigsaw) */
	int		 cells[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];
	int		 marked;	/* read from a line of pencil marks:
					   cells all blank, marks in force */
	uint64_t	 marks[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];
					/* if marked, each cell's candidates
					   (bit s-1 for symbol s) */
};

/* A grid as one line of symbols, '.' for a blank. */
static void
grid_line(const int *cells, int n)
{
	char	 line[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN + 1];
	int	 k;

	for (k = 0; k < n * n; k++)
		line[k] = cells[k] == 0 ? '.' : symbols[cells[k] - 1];
	line[n * n] = '\0';
	put("\"", 1);
	put(line, (size_t)n * n);
	put("\"", 1);
}

/*
 * The "puzzle" member: size, boxes, the variant's name, regions, cages
 * and sums, the givens as a line, and a variant's text form (which the
 * page keeps in its URL).
 */
static void
describe(const struct puzzle *pz)
{
	const struct dlx_sudoku_variant	*v = dlx_sudoku_get_variant(pz->s);
	char				*text;
	size_t				 len;
	int				 n = pz->n, k;

	printf_(",\"puzzle\":{\"n\":%d,\"boxr\":%d,\"boxc\":%d,"
	    "\"variant\":", n, pz->boxr, pz->boxc);
	str_(v != NULL ? dlx_sudoku_variant_name(v) : "classic");
	printf_(",\"extras\":%u", v != NULL ? v->extras : 0);
	if (v != NULL && v->regions != NULL) {
		puts_(",\"regions\":");
		ints(v->regions, n * n);
	}
	if (v != NULL && v->cages != NULL) {
		puts_(",\"cages\":");
		ints(v->cages, n * n);
		puts_(",\"sums\":");
		ints(v->sums, v->ncages);
	}
	puts_(",\"givens\":");
	grid_line(pz->cells, n);
	if (pz->marked) {
		/* Masks below 2^36, exact in a JavaScript number. */
		puts_(",\"marks\":[");
		for (k = 0; k < n * n; k++)
			printf_("%s%llu", k > 0 ? "," : "",
			    (unsigned long long)pz->marks[k]);
		put("]", 1);
	}
	if (v != NULL && (v->regions != NULL || v->cages != NULL)) {
		len = dlx_sudoku_variant_format(v, pz->cells, NULL, NULL, 0);
		if (len > 0 && (text = malloc(len + 1)) != NULL) {
			dlx_sudoku_variant_format(v, pz->cells, NULL, text,
			    len + 1);
			puts_(",\"text\":");
			str_(text);
			free(text);
		}
	}
	put("}", 1);
}

/* A reader's error: the message, with its line and column. */
static void
read_error(const struct dlx_error *e)
{
	fail(e->message);
	printf_(",\"line\":%lu,\"col\":%lu", e->line, e->column);
}

/* Whether text holds a variant's header line ("variant ..."), the first
 * line that is not blank or a comment. */
static int
has_header(const char *text)
{
	text += strspn(text, " \t\r\n");
	while (*text == '#') {
		text += strcspn(text, "\n");
		text += strspn(text, " \t\r\n");
	}
	return strncmp(text, "variant", 7) == 0 &&
	    (text[7] == ' ' || text[7] == '\t');
}

/*
 * Read the first puzzle of text into pz and build its matrix, with the
 * extra units of extras (DLX_SUDOKU_DIAGONALS, _WINDOWS) when text has
 * no header of its own, and its givens forced, or for a line of pencil
 * marks (N*N*N characters) its marks in force: its searches then honour
 * them, as dlx-sudoku's do.  Returns 0, or -1 with the failed answer
 * begun (the reader's fault with its place, or the clash of two givens
 * with their cells).
 */
static int
load(struct puzzle *pz, const char *text, unsigned extras)
{
	struct dlx_sudoku_variant	 v;
	struct dlx_sudoku_options	 so;
	struct dlx_error		 ve;
	struct dlx_sudoku_puzzle	 p;
	struct dlx_error		 e;
	struct dlx_sudoku_conflict	 conf;
	dlx_sudoku_reader		*r = NULL;
	dlx_sudoku_vreader		*vr = NULL;
	FILE				*fp;
	char				 msg[200];
	int				 rc;

	memset(pz, 0, sizeof *pz);
	ve.message[0] = '\0';
	if (text[strspn(text, " \t\r\n")] == '\0') {
		fail("no puzzle: type the givens in the grid, or paste them");
		return -1;
	}
	if ((fp = fmemopen((void *)text, strlen(text), "r")) == NULL) {
		fail(dlx_strerror(DLX_ENOMEM));
		return -1;
	}
	memset(&v, 0, sizeof v);
	if (has_header(text)) {
		rc = dlx_sudoku_vreader_new(&vr, fp, NULL);
		if (rc == DLX_OK)
			rc = dlx_sudoku_vread(vr, &p, &v, &e);
	} else {
		rc = dlx_sudoku_reader_new(&r, fp, NULL);
		if (rc == DLX_OK)
			rc = dlx_sudoku_read(r, &p, &e);
	}
	if (rc == DLX_SUDOKU_PUZZLE) {
		pz->n = p.n;
		memcpy(pz->cells, p.cells, sizeof *pz->cells * p.n * p.n);
		if (p.marks != NULL) {
			pz->marked = 1;
			memcpy(pz->marks, p.marks,
			    sizeof *pz->marks * p.n * p.n);
		}
		if (vr == NULL) {
			v.n = p.n;
			v.boxr = p.boxr;
			v.boxc = p.boxc;
			v.extras = extras;
		}
		pz->boxr = v.boxr;
		pz->boxc = v.boxc;
		/* The matrix copies the variant, whose arrays are the
		 * reader's: build it before the reader goes. */
		memset(&so, 0, sizeof so);
		if (vr != NULL || extras != 0)
			so.variant = &v;
		rc = dlx_sudoku_new(&pz->s, v.boxr, v.boxc, &so);
		if (rc == DLX_EINVAL && so.variant != NULL &&
		    dlx_sudoku_variant_check(&v, &ve) != DLX_OK)
			fail(ve.message);
		else if (rc != DLX_OK)
			fail(dlx_strerror(rc));
	} else if (rc == DLX_SUDOKU_BAD)
		read_error(&e);
	else if (rc == DLX_SUDOKU_EOF)
		fail("no puzzle: type the givens in the grid, or paste them");
	else
		fail(dlx_strerror(rc));
	dlx_sudoku_reader_free(r);
	dlx_sudoku_vreader_free(vr);
	fclose(fp);
	if (pz->s == NULL)
		return -1;
	if (pz->n > (int)sizeof symbols - 1) {
		/* A line of symbols needs one character a symbol. */
		fail("the page takes grids up to 35x35");
		dlx_sudoku_free(pz->s);
		pz->s = NULL;
		return -1;
	}
	e.message[0] = '\0';
	if (pz->marked)
		rc = dlx_sudoku_set_marks(pz->s, pz->cells, pz->marks, &conf,
		    &e);
	else
		rc = dlx_sudoku_set_givens(pz->s, pz->cells, &conf, NULL);
	if (rc == DLX_OK)
		return 0;
	if (rc == DLX_ECONFLICT) {
		/* The puzzle too, so that the page shows the clash in it. */
		dlx_sudoku_conflict_text(&conf, NULL, msg, sizeof msg);
		fail(msg);
		printf_(",\"cells\":[%d,%d]", conf.row1 * pz->n + conf.col1,
		    conf.row2 * pz->n + conf.col2);
		describe(pz);
	} else if (rc == DLX_EINVAL && pz->marked && e.message[0] != '\0') {
		/* A cell without a candidate, or a given its marks strike:
		 * the puzzle too, with that cell. */
		fail(e.message);
		if (e.cell >= 0 && e.cell < pz->n * pz->n)
			printf_(",\"cells\":[%d]", e.cell);
		describe(pz);
	} else
		fail(dlx_strerror(rc));
	dlx_sudoku_free(pz->s);
	pz->s = NULL;
	return -1;
}

/* The solutions listed by ACT_SOLVE: those from skip on. */
struct listing {
	const struct puzzle	*pz;
	uint64_t		 skip;		/* solutions not listed first */
	int			 take;		/* solutions to list */
	uint64_t		 seen;		/* solutions visited */
	int			 listed;	/* solutions written */
	int			 rc;		/* a decode error, or DLX_OK */
};

static int
list_grid(void *arg, const int *options, size_t n)
{
	struct listing	*l = arg;
	int		 grid[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];

	/* The one after the last to list is only seen: it says that more
	 * follow. */
	if (l->seen++ < l->skip || l->listed == l->take)
		return 0;
	memset(grid, 0, sizeof grid);
	if ((l->rc = dlx_sudoku_decode(l->pz->s, options, n, grid)) != DLX_OK)
		return 1;
	if (l->listed++ > 0)
		put(",", 1);
	grid_line(grid, l->pz->n);
	return 0;
}

/* ACT_SOLVE: solutions skip .. skip+take-1, and whether more follow. */
static void
solve(const struct puzzle *pz, uint64_t skip, int take)
{
	struct listing	 l;
	struct web_run	 w;
	int		 rc;

	memset(&l, 0, sizeof l);
	l.pz = pz;
	l.skip = skip;
	l.take = take;
	memset(&w, 0, sizeof w);
	w.visit = list_grid;
	w.visit_arg = &l;
	/* One more than asked: whether there are more (a puzzle's first
	 * page says whether it is unique). */
	w.max = skip + (uint64_t)take + 1;
	puts_(",\"solutions\":[");
	rc = web_search(dlx_sudoku_matrix(pz->s), &w);
	printf_("],\"skip\":%.0f,\"more\":%s,\"nodes\":%.0f", (double)skip,
	    rc == DLX_LIMIT ? "true" : "false", w.nodes);
	if (l.rc != DLX_OK) {
		puts_(",\"failure\":");
		str_(dlx_strerror(l.rc));
	} else if (rc < 0)
		failure(&w, rc);
}

/* ---- explanation: the logic solver's steps ---------------------------- */

/* Houses are numbered as dlx_logic.h says: rows, columns, boxes. */
static void
step_json(dlx_logic *lg, const struct dlx_logic_step *st)
{
	char	 text[512];
	size_t	 k;

	dlx_logic_format(lg, st, text, sizeof text);
	puts_("{\"text\":");
	str_(text);
	puts_(",\"rule\":");
	str_(st->rule < DLX_LOGIC_NRULES ? dlx_logic_rule_name(st->rule) :
	    "contradiction");
	if (st->rule < DLX_LOGIC_NRULES) {
		puts_(",\"grade\":");
		str_(dlx_logic_grade_name(dlx_logic_rule_grade(st->rule)));
	}
	puts_(",\"houses\":");
	ints(st->houses, st->nhouses);
	puts_(",\"cells\":");
	ints(st->cells, st->ncells);
	printf_(",\"rating\":%d.%d", st->rating / 10, st->rating % 10);
	printf_(",\"symbols\":%llu,\"cell\":%d,\"symbol\":%d,\"elim\":[",
	    (unsigned long long)st->symbols, st->cell, st->symbol);
	for (k = 0; k < st->nelim; k++)
		printf_("%s%d,%d", k > 0 ? "," : "", st->elim[k].cell,
		    st->elim[k].symbol);
	put("]", 1);
}

/* The grid and candidates of lg now: "grid" and "cand" (bit s-1 for
 * symbol s; at most 2^35, exact in a JavaScript number). */
static void
state_json(const dlx_logic *lg, int n)
{
	int	 grid[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN], k;

	dlx_logic_grid(lg, grid);
	puts_(",\"grid\":");
	grid_line(grid, n);
	puts_(",\"cand\":[");
	for (k = 0; k < n * n; k++)
		printf_("%s%llu", k > 0 ? "," : "",
		    (unsigned long long)dlx_logic_candidates(lg, k));
	put("]", 1);
}

/* A rating in tenths as a number (3.4). */
static void
tenths(const char *name, int t)
{
	printf_(",\"%s\":%d.%d", name, t / 10, t % 10);
}

/*
 * The "rating" member, as dlx-sudoku --rate gives it: the level always;
 * Sudoku Explainer's er, ep, ed, the hardest rule and HoDoKu's score when
 * the rules solved the puzzle.
 */
static void
rating_json(const dlx_logic *lg, int solved)
{
	struct dlx_logic_rating	 r;

	memset(&r, 0, sizeof r);
	dlx_logic_rating(lg, &r);
	puts_(",\"rating\":{\"level\":");
	str_(dlx_logic_level_name(r.level));
	if (solved) {
		tenths("er", r.er);
		tenths("ep", r.ep);
		tenths("ed", r.ed);
		puts_(",\"hardest\":");
		str_(dlx_logic_rule_name(r.hardest));
		printf_(",\"score\":%llu", (unsigned long long)r.score);
	}
	printf_(",\"steps\":%llu}", (unsigned long long)r.steps);
}

/*
 * Load pz's pencil marks into lg as dlx-sudoku --explain does: a cell
 * with one mark is one the player has filled (or a given), so that the
 * steps start after it.  Returns as dlx_logic_load_marks().
 */
static int
load_marks(dlx_logic *lg, const struct puzzle *pz)
{
	int		 grid[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN], k, v;
	uint64_t	 m;

	for (k = 0; k < pz->n * pz->n; k++) {
		m = pz->marks[k];
		grid[k] = 0;
		if (m != 0 && (m & (m - 1)) == 0)
			for (v = 1; v <= pz->n; v++)
				if (m == (uint64_t)1 << (v - 1))
					grid[k] = v;
	}
	return dlx_logic_load_marks(lg, grid, pz->marks);
}

/*
 * ACT_EXPLAIN (of givens, or of pencil marks as dlx-sudoku --explain
 * takes them): every step of the rules, each with the grid and
 * candidates it starts from, then how they ended (solved, stuck and
 * finished by a search, or a contradiction), the grade, the rating and
 * how often each rule served.  The uniqueness rules are used as
 * dlx-sudoku uses them: only when a short search finds one solution.
 */
static void
explain(const struct puzzle *pz)
{
	struct dlx_logic_step	 st;
	struct dlx_logic_result	 res;
	struct dlx_request	 s;
	dlx_logic		*lg = NULL;
	int			 sol[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];
	int			 rc, first = 1, solutions;
	enum dlx_logic_rule	 r;

	if (pz->boxr == 0 || dlx_sudoku_get_variant(pz->s) != NULL) {
		fail("the step-by-step explanation is for classic sudoku; "
		    "solve or count this one");
		return;
	}
	if ((rc = dlx_logic_new(&lg, pz->boxr, pz->boxc, NULL)) == DLX_OK)
		rc = pz->marked ? load_marks(lg, pz) :
		    dlx_logic_load(lg, pz->cells);
	if (rc != DLX_OK) {
		dlx_logic_free(lg);
		fail(rc == DLX_ECONFLICT ? "two cells of a house have the "
		    "same single pencil mark" : dlx_strerror(rc));
		return;
	}
	if ((rc = dlx_logic_search(lg, NULL, NULL, &res)) != DLX_OK) {
		dlx_logic_free(lg);
		fail(dlx_strerror(rc));
		return;
	}
	if (res.solutions != 1)
		dlx_logic_set_rules(lg,
		    DLX_LOGIC_ALL_RULES & ~DLX_LOGIC_UNIQUENESS);
	puts_("true");
	describe(pz);
	puts_(",\"steps\":[");
	for (;;) {
		if (!first)
			put(",", 1);
		first = 0;
		/* The state before the step, which shows its pattern. */
		puts_("{\"before\":{\"x\":0");
		state_json(lg, pz->n);
		put("}", 1);
		if ((rc = dlx_logic_step(lg, &st)) != DLX_OK)
			break;
		puts_(",\"step\":");
		step_json(lg, &st);
		puts_("}}");
	}
	/* The last entry is the state where the rules stopped. */
	if (rc == DLX_LOGIC_CONTRADICTION) {
		puts_(",\"step\":");
		step_json(lg, &st);
		put("}", 1);
	}
	puts_("}],\"end\":");
	str_(rc == DLX_LOGIC_SOLVED ? "solved" : rc == DLX_LOGIC_STUCK ?
	    "stuck" : "contradiction");
	solutions = rc == DLX_LOGIC_SOLVED;
	rating_json(lg, solutions);
	if (rc == DLX_LOGIC_SOLVED)
		dlx_logic_grid(lg, sol);
	if (rc == DLX_LOGIC_STUCK) {
		memset(&s, 0, sizeof s);
		s.progress = on_progress;
		s.progress_arg = NULL;
		s.progress_updates = PROGRESS_UPDATES;
		if ((rc = dlx_logic_search(lg, &s, sol, &res)) != DLX_OK) {
			puts_(",\"failure\":");
			str_(dlx_strerror(rc));
		}
		solutions = (int)res.solutions;
		printf_(",\"guesses\":%llu,\"solutions\":%d",
		    (unsigned long long)res.guesses, solutions);
	}
	if (solutions > 0) {
		puts_(",\"solution\":");
		grid_line(sol, pz->n);
		puts_(",\"grade\":");
		str_(dlx_logic_grade_name(dlx_logic_grade(lg)));
	}
	puts_(",\"rules\":{");
	first = 1;
	for (r = 0; r < DLX_LOGIC_NRULES; r++) {
		if (dlx_logic_count(lg, r) == 0)
			continue;
		if (!first)
			put(",", 1);
		first = 0;
		str_(dlx_logic_rule_name(r));
		printf_(":%llu", (unsigned long long)dlx_logic_count(lg, r));
	}
	put("}", 1);
	dlx_logic_free(lg);
}

/*
 * The sudoku in text (any form the programs read: an 81-character line,
 * a grid, a variant's text form with its header), with the extra units
 * of extras ("x", "hyper" or both, for text without a header), and
 * action (ACT_*): check reads and describes it; solve lists its
 * solutions skip .. skip+take-1; count counts them; explain gives the
 * rules' steps.
 */
WEB_EXPORT const char *
dlxweb_sudoku(const char *text, const char *extras, int action, double skip,
    int take)
{
	struct puzzle	 pz;
	struct web_run	 w;
	unsigned	 ex = 0;
	int		 rc;

	begin();
	if (text == NULL || extras == NULL || skip < 0 || take < 0) {
		fail(dlx_strerror(DLX_EINVAL));
		return finish();
	}
	if (strstr(extras, "x") != NULL)
		ex |= DLX_SUDOKU_DIAGONALS;
	if (strstr(extras, "hyper") != NULL)
		ex |= DLX_SUDOKU_WINDOWS;
	if (load(&pz, text, ex) != 0)
		return finish();
	switch (action) {
	case ACT_EXPLAIN:
		explain(&pz);
		break;
	case ACT_COUNT:
		puts_("true");
		describe(&pz);
		memset(&w, 0, sizeof w);
		w.count = 1;
		w.memo = DLX_MEMO_AUTO;
		/* The matrix declares the cells first, row by row: filling
		 * them in that order makes partial grids meet again. */
		w.order = DLX_MEMO_FIRST;
		rc = web_search(dlx_sudoku_matrix(pz.s), &w);
		count_members(&w, rc);
		if (rc < 0)
			failure(&w, rc);
		break;
	case ACT_SOLVE:
		puts_("true");
		describe(&pz);
		solve(&pz, (uint64_t)skip, take < MAX_TAKE ? take : MAX_TAKE);
		break;
	default:
		puts_("true");
		describe(&pz);
		break;
	}
	dlx_sudoku_free(pz.s);
	return finish();
}

/* ---- the setter's questions ----------------------------------------- */

/* A search request for the library's setter's questions: as
 * web_search() makes one (one thread, the cache, progress), without a
 * visit. */
static void
setter_request(struct dlx_request *rq)
{
	memset(rq, 0, sizeof *rq);
	/* The fraction of the tree means little over the many searches
	 * of a question: none is shown (progress_arg NULL). */
	rq->progress = on_progress;
	rq->progress_updates = PROGRESS_UPDATES;
	rq->memo = DLX_MEMO_AUTO;
	rq->order = DLX_MEMO_FIRST;
	rq->memory = CACHE_BYTES;
	rq->threads = 1;
}

/* A wide count as a JSON string of its decimal digits. */
static void
wide_(struct dlx_wide w)
{
	char	 buf[DLX_WIDE_DIGITS + 1];

	dlx_wide_format(w, buf, sizeof buf);
	printf_("\"%s\"", buf);
}

/*
 * Q_CANDIDATES: "total", the puzzle's count, and "counts", for each cell
 * the solutions with each symbol there (decimal strings, N a cell): the
 * symbols of an open cell with a count above 0 are its true candidates.
 */
static void
true_candidates(const struct puzzle *pz)
{
	struct dlx_request	 rq;
	struct dlx_wide		*counts, total;
	int			 n = pz->n, k, v, rc;

	if ((counts = calloc((size_t)n * n * n, sizeof *counts)) == NULL) {
		fail(dlx_strerror(DLX_ENOMEM));
		return;
	}
	setter_request(&rq);
	memset(&total, 0, sizeof total);
	rc = dlx_sudoku_candidate_counts(pz->s, &rq, counts, &total);
	if (rc != DLX_OK)
		fail(dlx_strerror(rc));
	else {
		puts_("true");
		describe(pz);
		puts_(",\"total\":");
		wide_(total);
		puts_(",\"counts\":[");
		for (k = 0; k < n * n; k++) {
			puts_(k > 0 ? ",[" : "[");
			for (v = 0; v < n; v++) {
				if (v > 0)
					put(",", 1);
				wide_(counts[k * n + v]);
			}
			put("]", 1);
		}
		put("]", 1);
	}
	free(counts);
}

/*
 * Q_UNIQUE: "total" and "placements", each {cell, symbol, count}: those
 * that leave one solution when some do, else the best cuts (all with
 * the same count); none when the puzzle has one solution or none.
 */
static void
unique_by(const struct puzzle *pz)
{
	struct dlx_sudoku_placement	*pl;
	struct dlx_request		 rq;
	struct dlx_wide			 total;
	size_t				 np = 0, k, cap;
	int				 rc, n = pz->n;

	/* No more placements than candidates of open cells. */
	cap = (size_t)n * n * n;
	if ((pl = calloc(cap, sizeof *pl)) == NULL) {
		fail(dlx_strerror(DLX_ENOMEM));
		return;
	}
	setter_request(&rq);
	memset(&total, 0, sizeof total);
	rc = dlx_sudoku_unique_by(pz->s, &rq, pl, cap, &np, &total);
	if (rc != DLX_OK)
		fail(dlx_strerror(rc));
	else {
		puts_("true");
		describe(pz);
		puts_(",\"total\":");
		wide_(total);
		puts_(",\"placements\":[");
		for (k = 0; k < np && k < cap; k++) {
			printf_("%s{\"cell\":%d,\"symbol\":%d,\"count\":",
			    k > 0 ? "," : "", pl[k].row * n + pl[k].col,
			    pl[k].symbol);
			wide_(pl[k].count);
			put("}", 1);
		}
		put("]", 1);
	}
	free(pl);
}

/* The "result" member of dlx_sudoku_redundant() and _minimize(). */
static void
minimal_json(const struct dlx_sudoku_minimal_result *res)
{
	printf_(",\"result\":{\"givens\":%d,\"redundant\":%d,"
	    "\"unsettled\":%d,\"minimal\":%s,\"checks\":%llu,"
	    "\"nodes\":%llu}", res->givens, res->redundant, res->unsettled,
	    res->minimal ? "true" : "false",
	    (unsigned long long)res->checks, (unsigned long long)res->nodes);
}

static int
on_minimal(void *arg, const struct dlx_stats *st)
{
	(void)arg;
	web_progress(PROGRESS_SEARCH, (double)st->solutions, -1,
	    (double)st->nodes, 0, 0);
	return 0;
}

/*
 * Q_REDUNDANT and Q_MINIMIZE, with symmetry sym (enum dlx_gen_symmetry:
 * givens go an orbit at a time): "flags", for each cell 0 blank, 1 a
 * needed given, 2 a redundant one, 3 one whose check ran out of its
 * bound; or "minimized", the minimal puzzle as a line.  The checks are
 * bounded as dlx-sudoku bounds them by default: not up to 16x16 (killer:
 * 9x9), else by the generator's bounds.  A puzzle that is not unique
 * answers "unique": false, with its "status".
 */
static void
minimal(const struct puzzle *pz, int minimize, int sym)
{
	struct dlx_sudoku_minimal_options	 o;
	struct dlx_sudoku_minimal_result	 res;
	const struct dlx_sudoku_variant		*v;
	struct dlx_error			 e;
	unsigned char				 flags[DLX_SUDOKU_MAXN *
						    DLX_SUDOKU_MAXN];
	int					 out[DLX_SUDOKU_MAXN *
						    DLX_SUDOKU_MAXN];
	int					 rc, k;

	if (pz->marked) {
		fail("redundant givens are a question of givens: this is a "
		    "puzzle of pencil marks");
		return;
	}
	v = dlx_sudoku_get_variant(pz->s);
	memset(&o, 0, sizeof o);
	o.symmetry = sym;
	if (pz->n > 16)
		o.max_nodes = DLX_GEN_EFFORT_DEFAULT;
	else if (v != NULL && v->cages != NULL && pz->n > 9)
		o.max_nodes = DLX_GEN_EFFORT_KILLER;
	o.threads = 1;
	o.progress = on_minimal;
	o.progress_updates = PROGRESS_UPDATES;
	memset(&res, 0, sizeof res);
	memset(&e, 0, sizeof e);
	rc = minimize ?
	    dlx_sudoku_minimize(pz->s, pz->cells, out, &o, &res, &e) :
	    dlx_sudoku_redundant(pz->s, pz->cells, flags, &o, &res, &e);
	if (rc == DLX_SUDOKU_UNSOLVABLE || rc == DLX_SUDOKU_MULTIPLE ||
	    rc == DLX_INCOMPLETE) {
		puts_("true");
		describe(pz);
		puts_(",\"unique\":false,\"status\":");
		str_(rc == DLX_SUDOKU_UNSOLVABLE ? "none" :
		    rc == DLX_SUDOKU_MULTIPLE ? "multiple" : "unsettled");
		return;
	}
	if (rc != DLX_OK) {
		fail(e.message[0] != '\0' ? e.message : dlx_strerror(rc));
		return;
	}
	puts_("true");
	describe(pz);
	puts_(",\"unique\":true");
	minimal_json(&res);
	if (minimize) {
		puts_(",\"minimized\":");
		grid_line(out, pz->n);
	} else {
		puts_(",\"flags\":[");
		for (k = 0; k < pz->n * pz->n; k++)
			printf_("%s%d", k > 0 ? "," : "", flags[k]);
		put("]", 1);
	}
}

/* Q_CANONICAL: "canonical", the form as a line, and "automorphisms". */
static void
canonical(const struct puzzle *pz)
{
	uint64_t	 autos = 0;
	int		 out[81], rc;

	if (pz->n != 9 || pz->boxr != 3 || pz->marked ||
	    dlx_sudoku_get_variant(pz->s) != NULL) {
		fail("the canonical form is for classic 9x9 puzzles of givens");
		return;
	}
	if ((rc = dlx_sudoku_canonical(pz->cells, out, NULL, &autos)) !=
	    DLX_OK) {
		fail(dlx_strerror(rc));
		return;
	}
	puts_("true");
	describe(pz);
	puts_(",\"canonical\":");
	grid_line(out, 9);
	printf_(",\"automorphisms\":%llu", (unsigned long long)autos);
}

/*
 * The setter's question (Q_*) about the sudoku in text, read as
 * dlxweb_sudoku() reads it (extras: "x", "hyper" or both for a line):
 * its true candidates with their counts, the placements that make it
 * unique, its redundant givens or a minimal puzzle (givens going an
 * orbit of symmetry arg at a time), its canonical form.  The answer
 * describes the puzzle as dlxweb_sudoku() does, with the question's
 * members.
 */
WEB_EXPORT const char *
dlxweb_setter(const char *text, const char *extras, int question, int arg)
{
	struct puzzle	 pz;
	unsigned	 ex = 0;

	begin();
	if (text == NULL || extras == NULL || question < Q_CANDIDATES ||
	    question > Q_CANONICAL) {
		fail(dlx_strerror(DLX_EINVAL));
		return finish();
	}
	if (strstr(extras, "x") != NULL)
		ex |= DLX_SUDOKU_DIAGONALS;
	if (strstr(extras, "hyper") != NULL)
		ex |= DLX_SUDOKU_WINDOWS;
	if (load(&pz, text, ex) != 0)
		return finish();
	switch (question) {
	case Q_CANDIDATES:
		true_candidates(&pz);
		break;
	case Q_UNIQUE:
		unique_by(&pz);
		break;
	case Q_REDUNDANT:
	case Q_MINIMIZE:
		minimal(&pz, question == Q_MINIMIZE, arg);
		break;
	default:
		canonical(&pz);
		break;
	}
	dlx_sudoku_free(pz.s);
	return finish();
}

/* The generator's progress, with where it is (arg: the generator, once
 * made), so that the page says what it is doing. */
static int
on_gen(void *arg, uint64_t attempts)
{
	dlx_sudoku_gen			**gen = arg;
	struct dlx_sudoku_gen_status	  st;

	if (*gen == NULL || dlx_sudoku_gen_status(*gen, &st) != DLX_OK)
		web_progress(PROGRESS_GEN, (double)attempts + 1, -1, 0, 0, 0);
	else
		web_progress(PROGRESS_GEN, (double)st.attempts, st.stage,
		    st.done, st.total, st.givens);
	return 0;
}

/*
 * A new puzzle with boxes of boxr x boxc: variant words as the programs
 * take them ("x", "hyper", "jigsaw", "killer", joined by spaces),
 * symmetry DLX_GEN_SYM_*, grade a dlx_logic grade (classic only; 0:
 * any), from seed.  The answer describes it as dlxweb_sudoku() does, with
 * its number of givens, grade, the grids tried and whether it is proven
 * minimal (the library's checks are bounded above 9x9 with symmetry or
 * killer, and above 16x16).
 */
WEB_EXPORT const char *
dlxweb_generate(int boxr, int boxc, const char *variant, int symmetry,
    int grade, double seed)
{
	struct dlx_sudoku_gen_options	 o;
	struct dlx_sudoku_genpuzzle	 g;
	struct dlx_sudoku_conflict	 conf;
	struct dlx_sudoku_options	 so;
	struct puzzle			 pz;
	dlx_sudoku_gen			*gen = NULL;
	int				 rc;

	begin();
	if (variant == NULL) {
		fail(dlx_strerror(DLX_EINVAL));
		return finish();
	}
	memset(&o, 0, sizeof o);
	o.boxr = boxr;
	o.boxc = boxc;
	if (strstr(variant, "x") != NULL)
		o.extras |= DLX_SUDOKU_DIAGONALS;
	if (strstr(variant, "hyper") != NULL)
		o.extras |= DLX_SUDOKU_WINDOWS;
	o.jigsaw = strstr(variant, "jigsaw") != NULL;
	o.killer = strstr(variant, "killer") != NULL;
	o.symmetry = symmetry;
	o.grade = grade;
	o.seed = (uint64_t)seed;
	o.max_attempts = 20000;
	o.progress = on_gen;
	o.progress_arg = &gen;
	if ((rc = dlx_sudoku_gen_new(&gen, &o)) == DLX_EINVAL) {
		fail("this generator cannot make that combination (a grade "
		    "is for classic sudoku only, windows exclude jigsaw, "
		    "killer goes up to 16x16)");
		return finish();
	}
	if (rc == DLX_OK && (rc = dlx_sudoku_gen_next(gen, &g)) == DLX_OK) {
		memset(&pz, 0, sizeof pz);
		pz.n = g.variant->n;
		pz.boxr = g.variant->boxr;
		pz.boxc = g.variant->boxc;
		memcpy(pz.cells, g.puzzle, sizeof *pz.cells * pz.n * pz.n);
		memset(&so, 0, sizeof so);
		so.variant = g.variant;
		rc = dlx_sudoku_new(&pz.s, pz.boxr, pz.boxc, &so);
		if (rc == DLX_OK)
			rc = dlx_sudoku_set_givens(pz.s, pz.cells, &conf, NULL);
		if (rc == DLX_OK) {
			puts_("true");
			describe(&pz);
			printf_(",\"givens\":%d,\"attempts\":%llu,"
			    "\"minimal\":%s", g.givens,
			    (unsigned long long)g.attempts,
			    g.minimal ? "true" : "false");
			if (g.grade != 0) {
				puts_(",\"grade\":");
				str_(dlx_logic_grade_name(g.grade));
			}
			puts_(",\"solution\":");
			grid_line(g.solution, pz.n);
		}
		dlx_sudoku_free(pz.s);
	}
	if (rc == DLX_INCOMPLETE)
		fail("no puzzle met the targets in 20000 attempts: try "
		    "another grade or symmetry");
	else if (rc != DLX_OK)
		fail(dlx_strerror(rc));
	dlx_sudoku_gen_free(gen);
	return finish();
}

/* ---- any exact cover problem in Knuth's format ----------------------- */

/* The text of a problem and what the reader warned about. */
struct problem {
	dlx_text	*t;
	int		 nwarn;		/* warnings written */
};

static void
on_warn(void *arg, const struct dlx_error *w)
{
	struct problem	*pb = arg;

	/* Many skipped options make one line each: the first few say it. */
	if (pb->nwarn++ >= 20)
		return;
	if (pb->nwarn > 1)
		put(",", 1);
	printf_("{\"line\":%lu,\"message\":", w->line);
	str_(w->message);
	put("}", 1);
}

/* The solutions listed: each an array of option lines, from skip on. */
struct dlx_listing {
	const dlx_text	*t;
	uint64_t	 skip;
	int		 take;
	uint64_t	 seen;
	int		 listed;
	char		*line;		/* a buffer for option lines */
	size_t		 size;
};

static int
list_options(void *arg, const int *options, size_t n)
{
	struct dlx_listing	*l = arg;
	size_t			 k, len;
	char			*p;

	if (l->seen++ < l->skip || l->listed == l->take)
		return 0;
	if (l->listed++ > 0)
		put(",", 1);
	put("[", 1);
	for (k = 0; k < n; k++) {
		len = dlx_text_format_option(l->t, options[k], l->line,
		    l->size);
		if (len >= l->size) {
			if ((p = realloc(l->line, len + 1)) == NULL) {
				out.oom = 1;
				return 1;
			}
			l->line = p;
			l->size = len + 1;
			dlx_text_format_option(l->t, options[k], l->line,
			    l->size);
		}
		if (k > 0)
			put(",", 1);
		str_(l->line);
	}
	put("]", 1);
	return 0;
}

/*
 * The exact cover problem in text (Knuth's DLX format, as dlx(1) reads
 * it): list solutions skip .. skip+take-1, each as its options' lines
 * (what PB_LIST), count its solutions (PB_COUNT), or only read it
 * (PB_READ, as the page checks the text being edited).  The answer gives
 * the problem's size and the reader's warnings (options skipped).
 */
WEB_EXPORT const char *
dlxweb_dlx(const char *text, int what, double skip, int take)
{
	struct dlx_text_options	 o;
	struct dlx_error	 e;
	struct problem		 pb;
	struct dlx_listing	 l;
	struct web_run		 w;
	dlx			*d;
	int			 rc;

	begin();
	if (text == NULL || what < PB_LIST || what > PB_READ || skip < 0 ||
	    take < 0) {
		fail(dlx_strerror(DLX_EINVAL));
		return finish();
	}
	memset(&pb, 0, sizeof pb);
	memset(&o, 0, sizeof o);
	o.warn = on_warn;
	o.warn_arg = &pb;
	/* Warnings are written as they come, before we know the result:
	 * the answer is begun as a success and started again on error. */
	puts_("true,\"warnings\":[");
	rc = dlx_text_read_mem(&pb.t, text, strlen(text), &o, &e);
	if (rc != DLX_OK) {
		begin();
		fail(e.message[0] != '\0' ? e.message : dlx_strerror(rc));
		printf_(",\"line\":%lu,\"col\":%lu", e.line, e.column);
		return finish();
	}
	d = dlx_text_dlx(pb.t);
	printf_("],\"skipped\":%zu,\"primary\":%zu,\"secondary\":%zu,"
	    "\"options\":%zu", dlx_text_nskipped(pb.t), dlx_nprimary(d),
	    dlx_nsecondary(d), dlx_noptions(d));
	memset(&w, 0, sizeof w);
	rc = DLX_OK;
	if (what == PB_COUNT) {
		w.count = 1;
		w.memo = DLX_MEMO_AUTO;
		w.order = DLX_MEMO_ORDER_AUTO;
		rc = web_search(d, &w);
		count_members(&w, rc);
	} else if (what == PB_LIST) {
		memset(&l, 0, sizeof l);
		l.t = pb.t;
		l.skip = (uint64_t)skip;
		if (take > MAX_TAKE)
			take = MAX_TAKE;
		l.take = take;
		w.visit = list_options;
		w.visit_arg = &l;
		/* One more than asked, seen but not listed: more follow. */
		w.max = l.skip + (uint64_t)take + 1;
		puts_(",\"solutions\":[");
		rc = web_search(d, &w);
		free(l.line);
		printf_("],\"skip\":%.0f,\"more\":%s,\"nodes\":%.0f",
		    (double)l.skip, rc == DLX_LIMIT ? "true" : "false",
		    w.nodes);
	}
	if (rc < 0)
		failure(&w, rc);
	dlx_text_free(pb.t);
	return finish();
}

/*
 * Run each search loop the page uses for a moment: on sparse sets, with
 * the cache, on the links (colors).  WebAssembly engines start with code
 * compiled quickly and replace a hot function by optimized code only at
 * its next call, never while it runs (V8 has no on-stack replacement
 * for WebAssembly); a count is one long call, which would run the quick
 * code to its end, at about half the speed.  The worker calls this a
 * few times before its first job.  Returns the solutions found (that the
 * work is not optimized away), or -1 when out of memory.
 */
WEB_EXPORT int
dlxweb_warm(void)
{
	/* The serg benchmark's first puzzle less 5 givens: 10,781
	 * solutions in 145,749 nodes. */
	static const char	 puzzle[] = "8.........95.......76........."
	    "426798...571243...893165......916....3.48..........";
	struct web_run		 w;
	dlx_sudoku		*s;
	dlx			*d;
	int			 cells[81], items[4], colors[4], k, r, c;
	int			 found = 0;

	for (k = 0; k < 81; k++)
		cells[k] = puzzle[k] == '.' ? 0 : puzzle[k] - '0';
	if (dlx_sudoku_new(&s, 3, 3, NULL) != DLX_OK)
		return -1;
	if (dlx_sudoku_set_givens(s, cells, NULL, NULL) == DLX_OK) {
		memset(&w, 0, sizeof w);
		w.count = 1;
		w.order = DLX_MEMO_FIRST;
		w.memo = DLX_MEMO_NEVER;
		web_search(dlx_sudoku_matrix(s), &w);
		found += (int)w.total.lo;
		w.memo = DLX_MEMO_ALWAYS;
		web_search(dlx_sudoku_matrix(s), &w);
		found += (int)w.total.lo;
	}
	dlx_sudoku_free(s);
	/* Rooks on a 7x7 board, their diagonals colored alike (so they
	 * may share them): 5,040 solutions, on the links. */
	if (dlx_new(&d, 14, 26, NULL) != DLX_OK)
		return -1;
	for (r = 0; r < 7; r++)
		for (c = 0; c < 7; c++) {
			items[0] = r;
			items[1] = 7 + c;
			items[2] = 14 + r + c;
			items[3] = 27 + r - c + 6;
			colors[0] = colors[1] = 0;
			colors[2] = colors[3] = 1;
			if (dlx_add_option_colored(d, items, colors, 4) < 0) {
				dlx_free(d);
				return -1;
			}
		}
	memset(&w, 0, sizeof w);
	w.count = 1;
	w.memo = DLX_MEMO_NEVER;
	web_search(d, &w);
	found += (int)w.total.lo;
	dlx_free(d);
	return found;
}

/* The library's version, for the page's footer. */
WEB_EXPORT const char *
dlxweb_version(void)
{
	return PACKAGE_VERSION;
}
