/*
 * fuzz_dlx_text.c: libFuzzer harness for the reader of Knuth's DLX text
 * format.
 *
 * The first byte picks the options (strict or not, and a short line limit
 * now and then, so the long-line paths are reached with small inputs);
 * the rest is the text.  It is read twice, from memory and from a stream
 * (fmemopen), and both reads must agree exactly: the same error at the
 * same place, or the same problem.  An error must carry a known code, a
 * line within the input and a message; every warning must be counted in
 * dlx_text_nskipped().  A problem must pass dlx_check(), find each item
 * and color by its name, and, written back with its names and
 * dlx_text_format_option(), read back as the same problem.  A budgeted
 * search must return only exact covers.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx_text.h"

#define CHECK(c) do {							\
	if (!(c)) {							\
		fprintf(stderr, "%s:%d: check failed: %s\n",		\
		    __FILE__, __LINE__, #c);				\
		abort();						\
	}								\
} while (0)

struct warnings {
	size_t		n;
	unsigned long	lines;		/* lines of the input */
};

static void
warn(void *arg, const struct dlx_error *w)
{
	struct warnings	*ws = arg;

	CHECK(w->code == DLX_TEXT_ENOPRIMARY);
	CHECK(w->line >= 1 && w->line <= ws->lines);
	CHECK(w->message[0] != '\0');
	ws->n++;
}

static int
known_code(int code)
{
	switch (code) {
	case DLX_TEXT_EIO:
	case DLX_TEXT_ENOITEMS:
	case DLX_TEXT_ELONGLINE:
	case DLX_TEXT_ESYNTAX:
	case DLX_TEXT_EDUPNAME:
	case DLX_TEXT_EUNKNOWN:
	case DLX_TEXT_EDUPITEM:
	case DLX_TEXT_ECOLOR:
	case DLX_TEXT_ENOPRIMARY:
	case DLX_TEXT_EBOUND:
	case DLX_ENOMEM:
	case DLX_EOVERFLOW:
		return 1;
	}
	return 0;
}

/* The two problems have the same items, options and color names. */
static void
same_problem(const dlx_text *a, const dlx_text *b)
{
	dlx		*da = dlx_text_dlx(a), *db = dlx_text_dlx(b);
	size_t		 k, n;
	int		 j, ca, cb;

	CHECK(dlx_nprimary(da) == dlx_nprimary(db));
	CHECK(dlx_nsecondary(da) == dlx_nsecondary(db));
	CHECK(dlx_noptions(da) == dlx_noptions(db));
	n = dlx_nprimary(da) + dlx_nsecondary(da);
	for (k = 0; k < n; k++)
		CHECK(strcmp(dlx_item_name(da, (int)k),
		    dlx_item_name(db, (int)k)) == 0);
	for (j = 0; j < (int)dlx_noptions(da); j++) {
		CHECK(dlx_option_size(da, j) == dlx_option_size(db, j));
		for (k = 0; k < dlx_option_size(da, j); k++) {
			CHECK(dlx_option_item(da, j, k) ==
			    dlx_option_item(db, j, k));
			ca = dlx_option_color(da, j, k);
			cb = dlx_option_color(db, j, k);
			CHECK((ca == 0) == (cb == 0));
			if (ca != 0)
				CHECK(strcmp(dlx_text_color_name(a, ca),
				    dlx_text_color_name(b, cb)) == 0);
		}
	}
}

/* Append s to the growing text *buf. */
static void
put(char **buf, size_t *len, size_t *cap, const char *s, size_t n)
{
	char	*p;

	if (*len + n + 1 > *cap) {
		*cap = (*len + n + 1) * 2;
		CHECK((p = realloc(*buf, *cap)) != NULL);
		*buf = p;
	}
	memcpy(*buf + *len, s, n);
	*len += n;
}

/* Write t back as DLX text and read it again. */
static void
round_trip(const dlx_text *t)
{
	struct dlx_error	 err;
	dlx			*d = dlx_text_dlx(t);
	dlx_text		*u;
	char			*buf = NULL, *opt;
	size_t			 len = 0, cap = 0, k, n, np, m;
	int			 j;

	np = dlx_nprimary(d);
	n = np + dlx_nsecondary(d);
	for (k = 0; k < n; k++) {
		if (k == np)
			put(&buf, &len, &cap, "| ", 2);
		put(&buf, &len, &cap, dlx_item_name(d, (int)k),
		    strlen(dlx_item_name(d, (int)k)));
		put(&buf, &len, &cap, " ", 1);
	}
	put(&buf, &len, &cap, "\n", 1);
	for (j = 0; j < (int)dlx_noptions(d); j++) {
		m = dlx_text_format_option(t, j, NULL, 0);
		CHECK((opt = malloc(m + 1)) != NULL);
		CHECK(dlx_text_format_option(t, j, opt, m + 1) == m);
		CHECK(strlen(opt) == m);
		put(&buf, &len, &cap, opt, m);
		put(&buf, &len, &cap, "\n", 1);
		free(opt);
	}
	u = NULL;
	if (dlx_text_read_mem(&u, buf, len, NULL, &err) != DLX_OK)
		fprintf(stderr, "round trip: line %lu: %s\n", err.line,
		    err.message);
	CHECK(u != NULL);
	CHECK(dlx_text_nskipped(u) == 0);
	same_problem(t, u);
	dlx_text_free(u);
	free(buf);
}

/*
 * Each solution is an exact cover as the bounds say: each option at most
 * once, primary item k covered lo_k..hi_k times (once without bounds;
 * with lo_k = 0 even the empty set may be a solution), each secondary
 * item by one option or by options of one color.
 */
static int
visit(void *arg, const int *options, size_t n)
{
	dlx	*d = arg;
	size_t	 k, i, nitems, np = dlx_nprimary(d);
	int	*used, *chosen, item, c, lo, hi;

	nitems = np + dlx_nsecondary(d);
	CHECK((used = calloc(nitems + 1, sizeof *used)) != NULL);
	CHECK((chosen = calloc(dlx_noptions(d) + 1, sizeof *chosen)) != NULL);
	for (k = 0; k < n; k++) {
		CHECK(options[k] >= 0 && (size_t)options[k] < dlx_noptions(d));
		CHECK(!chosen[options[k]]);
		chosen[options[k]] = 1;
		for (i = 0; i < dlx_option_size(d, options[k]); i++) {
			item = dlx_option_item(d, options[k], i);
			c = dlx_option_color(d, options[k], i);
			if ((size_t)item < np)
				used[item]++;	/* against the bounds below */
			else if (c == 0) {
				CHECK(used[item] == 0);
				used[item] = -1;
			} else {
				CHECK(used[item] == 0 || used[item] == c);
				used[item] = c;
			}
		}
	}
	for (k = 0; k < np; k++) {
		CHECK(dlx_item_bounds(d, (int)k, &lo, &hi) == DLX_OK);
		CHECK(used[k] >= lo && used[k] <= hi);
	}
	free(chosen);
	free(used);
	return 0;
}

static void
check_problem(const dlx_text *t, const struct warnings *ws)
{
	struct dlx_request	 s;
	dlx			*d = dlx_text_dlx(t);
	const char		*name;
	unsigned long		 line, last = 0;
	size_t			 k, n;
	int			 j, rc, lo, hi;

	CHECK(d != NULL);
	CHECK(dlx_check(d) == DLX_OK);
	CHECK(dlx_nprimary(d) >= 1);
	CHECK(dlx_text_nskipped(t) == ws->n);
	n = dlx_nprimary(d) + dlx_nsecondary(d);
	for (k = 0; k < n; k++) {
		CHECK((name = dlx_item_name(d, (int)k)) != NULL);
		CHECK(name[0] != '\0' && strpbrk(name, " \t\r\n\v\f:|") == NULL);
		CHECK(dlx_text_item(t, name) == (int)k);
		/* DLX3's bounds: sane on primary items, none on others. */
		if (k < dlx_nprimary(d)) {
			CHECK(dlx_item_bounds(d, (int)k, &lo, &hi) == DLX_OK);
			CHECK(lo >= 0 && lo <= hi);
		} else
			CHECK(dlx_item_bounds(d, (int)k, &lo, &hi) ==
			    DLX_EINVAL);
	}
	for (k = 1; k <= dlx_text_ncolors(t); k++) {
		CHECK((name = dlx_text_color_name(t, (int)k)) != NULL);
		CHECK(dlx_text_color(t, name) == (int)k);
	}
	CHECK(dlx_text_color_name(t, (int)k) == NULL);
	for (j = 0; j < (int)dlx_noptions(d); j++) {
		line = dlx_text_option_line(t, j);
		CHECK(line > last && line <= ws->lines);
		last = line;
		CHECK(dlx_option_size(d, j) >= 1);
	}
	CHECK(dlx_text_option_line(t, j) == 0);
	round_trip(t);
	memset(&s, 0, sizeof s);
	s.visit = visit;
	s.visit_arg = d;
	s.max_nodes = 2000;
	s.threads = 1;
	rc = dlx_run(d, &s, NULL);
	CHECK(rc == DLX_OK || rc == DLX_INCOMPLETE);
	CHECK(dlx_check(d) == DLX_OK);
}

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dlx_text_options	 o;
	struct dlx_error	 e1, e2;
	struct warnings		 w1, w2;
	dlx_text		*t1, *t2;
	const char		*text;
	size_t			 len, k;
	FILE			*fp;

	if (size < 1)
		return 0;
	memset(&o, 0, sizeof o);
	o.flags = data[0] & 1 ? DLX_TEXT_STRICT : 0;
	if (data[0] & 2)
		o.max_line = 1 + (data[0] >> 2);	/* 1..64 bytes */
	o.warn = warn;
	text = (const char *)data + 1;
	len = size - 1;
	memset(&w1, 0, sizeof w1);
	for (w1.lines = 1, k = 0; k < len; k++)
		w1.lines += text[k] == '\n';
	w2 = w1;

	o.warn_arg = &w1;
	t1 = NULL;
	if (dlx_text_read_mem(&t1, text, len, &o, &e1) != DLX_OK) {
		CHECK(t1 == NULL);
		CHECK(known_code(e1.code));
		CHECK(e1.line <= w1.lines);
		CHECK(e1.line >= 1 || e1.code == DLX_TEXT_ENOITEMS);
		CHECK(memchr(e1.message, '\0', sizeof e1.message) != NULL);
		CHECK(e1.message[0] != '\0');
		CHECK(strchr(e1.message, '\n') == NULL);
		CHECK(strcmp(dlx_strerror(e1.code), "unknown error") != 0);
	} else
		check_problem(t1, &w1);

	/* The same text from a stream: the same outcome. */
	if (len > 0) {
		CHECK((fp = fmemopen((void *)(uintptr_t)text, len, "r")) !=
		    NULL);
		o.warn_arg = &w2;
		t2 = NULL;
		if (dlx_text_read(&t2, fp, &o, &e2) != DLX_OK)
			CHECK(t2 == NULL);
		fclose(fp);
		CHECK((t1 == NULL) == (t2 == NULL));
		CHECK(w1.n == w2.n);
		if (t1 == NULL) {
			CHECK(e1.code == e2.code && e1.line == e2.line &&
			    e1.column == e2.column);
			CHECK(strcmp(e1.message, e2.message) == 0);
		} else
			same_problem(t1, t2);
		dlx_text_free(t2);
	}
	dlx_text_free(t1);
	return 0;
}
