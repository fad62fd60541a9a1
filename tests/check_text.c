/*
 * check_text.c: the reader of Knuth's DLX text format (dlx_text.h).
 *
 * "Core" reads well-formed input in its many spellings and checks the
 * problem built (items, names, options, colors, solution counts); "Errors"
 * gives one input per kind of error and checks code, line, column and
 * message exactly; "Limits" covers the line bound, streams against
 * buffers, a large problem and random garbage.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"
#include "dlx.h"
#include "dlx_text.h"

/* Knuth's example from DLX1: one solution, {A D}, {E F C}, {B G}. */
static const char knuth[] =
	"| A simple example\n"
	"A B C D E | F G\n"
	"C E F\n"
	"A D G\n"
	"B C F\n"
	"A D\n"
	"B G\n"
	"D E G\n";

/* What test_text_mem() and test_text_file() find after a read. */
static dlx_text *
read_result(int rc, dlx_text *t, dlx_text *before, struct dlx_error *err)
{
	if (rc != DLX_OK) {
		ck_assert_int_lt(rc, 0);
		ck_assert_ptr_eq(t, before);
		if (err != NULL)
			ck_assert_int_eq(err->code, rc);
		return NULL;
	}
	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_ne(t, before);
	return t;
}

dlx_text *
test_text_mem(const char *buf, size_t len, const struct dlx_text_options *opt,
    struct dlx_error *err)
{
	static char	 mark;
	dlx_text	*t = (dlx_text *)(void *)&mark;
	int		 rc;

	rc = dlx_text_read_mem(&t, buf, len, opt, err);
	return read_result(rc, t, (dlx_text *)(void *)&mark, err);
}

dlx_text *
test_text_file(FILE *fp, const struct dlx_text_options *opt,
    struct dlx_error *err)
{
	static char	 mark;
	dlx_text	*t = (dlx_text *)(void *)&mark;
	int		 rc;

	rc = dlx_text_read(&t, fp, opt, err);
	return read_result(rc, t, (dlx_text *)(void *)&mark, err);
}

static dlx_text *
read_str(const char *s, struct dlx_error *err)
{
	return test_text_mem(s, strlen(s), NULL, err);
}

static uint64_t
count(dlx_text *t)
{
	uint64_t	 n = UINT64_MAX;

	ck_assert_int_eq(ck_count(dlx_text_dlx(t), 0, &n), DLX_OK);
	return n;
}

/* The text of option opt (static buffer). */
static const char *
opt_text(const dlx_text *t, int opt)
{
	static char	 buf[256];

	dlx_text_format_option(t, opt, buf, sizeof buf);
	return buf;
}

START_TEST(test_text_knuth_example)
{
	struct dlx_error	 err;
	dlx_text		*t;
	dlx			*d;

	t = read_str(knuth, &err);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(err.code, DLX_OK);
	d = dlx_text_dlx(t);
	ck_assert_uint_eq(dlx_nprimary(d), 5);
	ck_assert_uint_eq(dlx_nsecondary(d), 2);
	ck_assert_uint_eq(dlx_noptions(d), 6);
	ck_assert_str_eq(dlx_item_name(d, 0), "A");
	ck_assert_str_eq(dlx_item_name(d, 6), "G");
	ck_assert_int_eq(dlx_text_item(t, "E"), 4);
	ck_assert_int_eq(dlx_text_item(t, "H"), -1);
	ck_assert_str_eq(opt_text(t, 0), "C E F");
	ck_assert_str_eq(opt_text(t, 5), "D E G");
	ck_assert_uint_eq(dlx_text_option_line(t, 0), 3);
	ck_assert_uint_eq(dlx_text_option_line(t, 5), 8);
	ck_assert_uint_eq(dlx_text_option_line(t, 6), 0);
	ck_assert_uint_eq(dlx_text_ncolors(t), 0);
	ck_assert_uint_eq(dlx_text_nskipped(t), 0);
	ck_assert_uint_eq(count(t), 1);
	dlx_text_free(t);
}
END_TEST

/* The same problem spelled in every way the reader accepts. */
START_TEST(test_text_kind_spellings)
{
	static const char *const spellings[] = {
		/* no final newline */
		"A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G",
		/* CRLF, tabs, leading blanks, blank and comment lines */
		"\r\n  | c\r\n\tA B C D E\t|\tF G \r\n\r\nC E F\r\n"
		"A D G\r\n   | another comment\r\nB C F\r\n\n"
		"A D\r\nB G\r\nD E G\r\n\r\n",
		/* '|' against the names */
		"A B C D E|F G\nF E C\nG D A\nB C F\nD A\nG B\nD E G\n",
		"A B C D E |F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
		/* VT and FF are blanks too */
		"A B C D E | F\vG\nC\fE F\nA D G\nB C F\nA D\nB G\nD E G\n",
	};
	struct dlx_error	 err;
	dlx_text		*t;

	t = read_str(spellings[_i], &err);
	ck_assert_msg(t != NULL, "spelling %d: %s", _i, err.message);
	ck_assert_uint_eq(dlx_nprimary(dlx_text_dlx(t)), 5);
	ck_assert_uint_eq(dlx_nsecondary(dlx_text_dlx(t)), 2);
	ck_assert_uint_eq(dlx_noptions(dlx_text_dlx(t)), 6);
	ck_assert_uint_eq(count(t), 1);
	dlx_text_free(t);
}
END_TEST

START_TEST(test_text_all_primary)
{
	dlx_text	*t;

	t = read_str("a b c\na b\nc\na\nb c\n", NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(dlx_nprimary(dlx_text_dlx(t)), 3);
	ck_assert_uint_eq(dlx_nsecondary(dlx_text_dlx(t)), 0);
	ck_assert_uint_eq(count(t), 2);
	dlx_text_free(t);
}
END_TEST

START_TEST(test_text_long_names)
{
	char		 buf[256];
	dlx_text	*t;

	t = read_str("a_rather_long_item_name b\xc3\xa9ta | third_item\n"
	    "a_rather_long_item_name b\xc3\xa9ta\n"
	    "third_item:colour_name a_rather_long_item_name\n", NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_str_eq(dlx_item_name(dlx_text_dlx(t), 1), "b\xc3\xa9ta");
	ck_assert_str_eq(opt_text(t, 1),
	    "third_item:colour_name a_rather_long_item_name");
	ck_assert_int_eq(dlx_text_color(t, "colour_name"), 1);
	/* snprintf semantics: the full length, a truncated copy */
	ck_assert_uint_eq(dlx_text_format_option(t, 1, buf, 11), 46);
	ck_assert_str_eq(buf, "third_item");
	ck_assert_uint_eq(dlx_text_format_option(t, 1, NULL, 0), 46);
	ck_assert_uint_eq(dlx_text_format_option(t, 2, buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "");
	ck_assert_uint_eq(count(t), 1);
	dlx_text_free(t);
}
END_TEST

/*
 * Colors: p needs q or r; x may be shared when the colors agree.  The
 * options with x:red and x:red are compatible, x:red and x:blue are not,
 * and plain x excludes every other x.
 */
START_TEST(test_text_colors)
{
	dlx_text	*t;

	t = read_str("p q | x y\n"
	    "p x:red\n"
	    "q x:red y\n"
	    "q x:blue\n"
	    "p x\n"
	    "q y:green\n", NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(dlx_text_ncolors(t), 3);
	ck_assert_str_eq(dlx_text_color_name(t, 1), "red");
	ck_assert_str_eq(dlx_text_color_name(t, 2), "blue");
	ck_assert_str_eq(dlx_text_color_name(t, 3), "green");
	ck_assert_ptr_null(dlx_text_color_name(t, 0));
	ck_assert_ptr_null(dlx_text_color_name(t, 4));
	ck_assert_int_eq(dlx_text_color(t, "blue"), 2);
	ck_assert_int_eq(dlx_text_color(t, "mauve"), 0);
	ck_assert_int_eq(dlx_option_color(dlx_text_dlx(t), 1, 1), 1);
	ck_assert_int_eq(dlx_option_color(dlx_text_dlx(t), 1, 2), 0);
	ck_assert_str_eq(opt_text(t, 1), "q x:red y");
	/* {p x:red, q x:red y}, {p x:red, q y:green}, {p x, q y:green} */
	ck_assert_uint_eq(count(t), 3);
	dlx_text_free(t);
}
END_TEST

/*
 * Knuth's example of color controls from DLX2: "X:0 Y:1" has no primary
 * item and is skipped; the one solution is {A C X:1 Y:1, B X:1}, and the
 * tree is DLX2's (3 nodes, plus the solution, and 14 updates).
 */
START_TEST(test_text_knuth_colors)
{
	struct dlx_stats	 st;
	dlx_text		*t;

	t = read_str("| A simple example of color controls\n"
	    "A B C | X Y\n"
	    "A B X:0 Y:0\n"
	    "A C X:1 Y:1\n"
	    "X:0 Y:1\n"
	    "B X:1\n"
	    "C Y:1\n", NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(dlx_text_nskipped(t), 1);
	ck_assert_uint_eq(dlx_noptions(dlx_text_dlx(t)), 4);
	ck_assert_uint_eq(dlx_text_ncolors(t), 2);
	ck_assert_str_eq(opt_text(t, 2), "B X:1");
	ck_assert_uint_eq(dlx_text_option_line(t, 2), 6);
	ck_assert_int_eq(knuth_solve(dlx_text_dlx(t), NULL, NULL, NULL),
	    DLX_OK);
	dlx_stats(dlx_text_dlx(t), &st);
	ck_assert_uint_eq(st.solutions, 1);
	ck_assert_uint_eq(st.nodes, 4);
	ck_assert_uint_eq(st.updates, 14);
	dlx_text_free(t);
}
END_TEST

/* A color may contain ':' (only the first one ends the name). */
START_TEST(test_text_color_with_colon)
{
	dlx_text	*t;

	t = read_str("p | x\np x:a:b\n", NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_str_eq(dlx_text_color_name(t, 1), "a:b");
	ck_assert_str_eq(opt_text(t, 0), "p x:a:b");
	dlx_text_free(t);
}
END_TEST

struct warnings {
	int		 n;
	unsigned long	 line, column;
	int		 code;
	char		 message[256];
};

static void
collect_warning(void *arg, const struct dlx_error *w)
{
	struct warnings	*ws = arg;

	ws->n++;
	ws->line = w->line;
	ws->column = w->column;
	ws->code = w->code;
	snprintf(ws->message, sizeof ws->message, "%s", w->message);
}

static const char no_primary[] =
	"a b | x y\n"
	"a x\n"
	"  x y\n"
	"b\n";

/* As Knuth does, an option without primary item is skipped, with a
 * warning; option numbers do not count it. */
START_TEST(test_text_no_primary_warning)
{
	struct dlx_text_options	 o;
	struct warnings		 ws;
	dlx_text		*t;

	memset(&o, 0, sizeof o);
	memset(&ws, 0, sizeof ws);
	o.warn = collect_warning;
	o.warn_arg = &ws;
	t = test_text_mem(no_primary, strlen(no_primary), &o, NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(ws.n, 1);
	ck_assert_uint_eq(ws.line, 3);
	ck_assert_uint_eq(ws.column, 3);
	ck_assert_int_eq(ws.code, DLX_TEXT_ENOPRIMARY);
	ck_assert_str_eq(ws.message, "option has no primary item; ignored");
	ck_assert_uint_eq(dlx_text_nskipped(t), 1);
	ck_assert_uint_eq(dlx_noptions(dlx_text_dlx(t)), 2);
	ck_assert_uint_eq(dlx_text_option_line(t, 1), 4);
	ck_assert_str_eq(opt_text(t, 1), "b");
	ck_assert_uint_eq(count(t), 1);
	dlx_text_free(t);
}
END_TEST

START_TEST(test_text_no_primary_strict)
{
	struct dlx_text_options	 o;
	struct dlx_error	 err;

	memset(&o, 0, sizeof o);
	o.flags = DLX_TEXT_STRICT;
	ck_assert_ptr_null(test_text_mem(no_primary,
	    strlen(no_primary), &o, &err));
	ck_assert_int_eq(err.code, DLX_TEXT_ENOPRIMARY);
	ck_assert_uint_eq(err.line, 3);
	ck_assert_uint_eq(err.column, 3);
	ck_assert_str_eq(err.message, "option has no primary item");
}
END_TEST

/* A problem with no options: no solution, but not an error. */
START_TEST(test_text_no_options)
{
	dlx_text	*t;

	t = read_str("| only items\nA B\n", NULL);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(dlx_noptions(dlx_text_dlx(t)), 0);
	ck_assert_uint_eq(count(t), 0);
	dlx_text_free(t);
}
END_TEST

/* One input per error, with the code, place and message expected. */
static const struct bad {
	const char	*input;
	size_t		 len;		/* 0: strlen(input) */
	int		 code;
	unsigned long	 line, column;
	const char	*message;
} bad[] = {
	{ "", 0, DLX_TEXT_ENOITEMS, 0, 0,
	  "no item line (the input has only blanks and comments)" },
	{ "| comment\n\n   \n| another\n", 0, DLX_TEXT_ENOITEMS, 0, 0,
	  "no item line (the input has only blanks and comments)" },
	{ "A B\nA\nB C\n", 0, DLX_TEXT_EUNKNOWN, 3, 3,
	  "unknown item 'C'" },
	{ "A B | C\nA | C\n", 0, DLX_TEXT_EUNKNOWN, 2, 3,
	  "unknown item '|'" },
	{ "A B | C\nA C B A\n", 0, DLX_TEXT_EDUPITEM, 2, 7,
	  "item 'A' twice in one option" },
	{ "A B | C\nA C:x C:y\n", 0, DLX_TEXT_EDUPITEM, 2, 7,
	  "item 'C' twice in one option" },
	{ "A B C B\n", 0, DLX_TEXT_EDUPNAME, 1, 7,
	  "duplicate item name 'B'" },
	{ "A B | A\n", 0, DLX_TEXT_EDUPNAME, 1, 7,
	  "duplicate item name 'A'" },
	{ "A B | C\nB A:red\n", 0, DLX_TEXT_ECOLOR, 2, 4,
	  "color on primary item 'A'" },
	{ "A B | C\nA C:\n", 0, DLX_TEXT_ESYNTAX, 2, 4,
	  "empty color after 'C:'" },
	{ "A B | C\nA :x\n", 0, DLX_TEXT_ESYNTAX, 2, 3,
	  "empty item name before ':'" },
	{ "A B:c | C\n", 0, DLX_TEXT_ESYNTAX, 1, 4,
	  "':' in item name 'B:c' (colors belong in options)" },
	{ "A B | C | D\n", 0, DLX_TEXT_ESYNTAX, 1, 9,
	  "second '|' in the item line" },
	{ "A B\0 C\n", 7, DLX_TEXT_ESYNTAX, 1, 4,
	  "NUL byte in item name 'B\\x00'" },
	{ "A B\nA B\0\n", 8, DLX_TEXT_ESYNTAX, 2, 4,
	  "NUL byte in 'B\\x00'" },
	{ "A B\nA\nB C\xff\n", 0, DLX_TEXT_EUNKNOWN, 3, 3,
	  "unknown item 'C\\xff'" },
	{ "A B\nA\nB 0123456789012345678901234567890123456789"
	  "01234567890123456789012345678901234567890123456789\n", 0,
	  DLX_TEXT_EUNKNOWN, 3, 3,
	  "unknown item '0123456789012345678901234567890123456789"
	  "01234567890123456789012345678901...'" },
};

START_TEST(test_text_errors)
{
	const struct bad	*b = &bad[_i];
	struct dlx_error	 err;
	size_t			 len;

	len = b->len != 0 ? b->len : strlen(b->input);
	memset(&err, 0x55, sizeof err);
	ck_assert_ptr_null(test_text_mem(b->input, len, NULL, &err));
	ck_assert_int_eq(err.code, b->code);
	ck_assert_uint_eq(err.line, b->line);
	ck_assert_uint_eq(err.column, b->column);
	ck_assert_str_eq(err.message, b->message);
	ck_assert_int_eq(err.sys_errno, 0);
	ck_assert_int_eq(err.cell, -1);
	ck_assert_str_ne(dlx_strerror(b->code), "");
	ck_assert_str_ne(dlx_strerror(b->code), dlx_strerror(-99));
	/* The error struct is optional. */
	ck_assert_ptr_null(test_text_mem(b->input, len, NULL, NULL));
}
END_TEST

START_TEST(test_text_bad_arguments)
{
	struct dlx_error	 err;

	ck_assert_ptr_null(test_text_mem(NULL, 3, NULL, &err));
	ck_assert_int_eq(err.code, DLX_EINVAL);
	ck_assert_ptr_null(test_text_file(NULL, NULL, &err));
	ck_assert_int_eq(err.code, DLX_EINVAL);
	ck_assert_ptr_null(test_text_mem(NULL, 0, NULL, &err));
	ck_assert_int_eq(err.code, DLX_TEXT_ENOITEMS);
	dlx_text_free(NULL);
	ck_assert_ptr_null(dlx_text_dlx(NULL));
	ck_assert_int_eq(dlx_text_item(NULL, "A"), -1);
	ck_assert_uint_eq(dlx_text_format_option(NULL, 0, NULL, 0), 0);
	ck_assert_str_eq(dlx_strerror(DLX_TEXT_ENOITEMS), "no item line");
}
END_TEST

/* Write s to a temporary stream, rewound. */
static FILE *
stream_of(const char *s, size_t len)
{
	FILE	*fp;

	fp = tmpfile();
	ck_assert_ptr_nonnull(fp);
	ck_assert_uint_eq(fwrite(s, 1, len, fp), len);
	rewind(fp);
	return fp;
}

/* Lines up to max_line bytes pass, longer ones fail, from both sources. */
START_TEST(test_text_max_line)
{
	static const char	 in[] = "A B\nA B\nA\n";
	struct dlx_text_options	 o;
	struct dlx_error	 err;
	dlx_text		*t;
	FILE			*fp;

	memset(&o, 0, sizeof o);
	o.max_line = 3;
	t = test_text_mem(in, strlen(in), &o, &err);
	ck_assert_ptr_nonnull(t);
	dlx_text_free(t);
	fp = stream_of(in, strlen(in));
	t = test_text_file(fp, &o, &err);
	ck_assert_ptr_nonnull(t);
	dlx_text_free(t);
	fclose(fp);

	o.max_line = 2;
	ck_assert_ptr_null(test_text_mem(in, strlen(in), &o, &err));
	ck_assert_int_eq(err.code, DLX_TEXT_ELONGLINE);
	ck_assert_uint_eq(err.line, 1);
	ck_assert_uint_eq(err.column, 3);
	ck_assert_str_eq(err.message, "line longer than 2 bytes");
	fp = stream_of(in, strlen(in));
	ck_assert_ptr_null(test_text_file(fp, &o, &err));
	ck_assert_int_eq(err.code, DLX_TEXT_ELONGLINE);
	ck_assert_uint_eq(err.line, 1);
	ck_assert_uint_eq(err.column, 3);
	fclose(fp);
}
END_TEST

/*
 * A line far beyond the default bound, with no newline in sight: the
 * stream reader must stop at the bound rather than buffer it all.
 */
START_TEST(test_text_huge_line)
{
	struct dlx_error	 err;
	size_t			 len = DLX_TEXT_MAX_LINE * 3;
	char			*s;
	FILE			*fp;

	s = malloc(len);
	ck_assert_ptr_nonnull(s);
	memcpy(s, "A B\nA ", 6);
	memset(s + 6, 'x', len - 6);
	fp = stream_of(s, len);
	ck_assert_ptr_null(test_text_file(fp, NULL, &err));
	ck_assert_int_eq(err.code, DLX_TEXT_ELONGLINE);
	ck_assert_uint_eq(err.line, 2);
	ck_assert_uint_eq(err.column, DLX_TEXT_MAX_LINE + 1);
	/* It stopped reading soon after the bound. */
	ck_assert_int_lt(ftell(fp), (long)(2 * DLX_TEXT_MAX_LINE + 65536));
	fclose(fp);
	ck_assert_ptr_null(test_text_mem(s, len, NULL, &err));
	ck_assert_int_eq(err.code, DLX_TEXT_ELONGLINE);
	ck_assert_uint_eq(err.line, 2);
	free(s);
}
END_TEST

/* A read error (a directory as a stream) is DLX_TEXT_EIO with errno. */
START_TEST(test_text_read_error)
{
	struct dlx_error	 err;
	FILE			*fp;

	if ((fp = fopen(".", "r")) == NULL)
		return;		/* some systems refuse to open it at all */
	ck_assert_ptr_null(test_text_file(fp, NULL, &err));
	ck_assert_int_eq(err.code, DLX_TEXT_EIO);
	ck_assert_int_ne(err.sys_errno, 0);
	ck_assert_uint_eq(err.line, 1);
	fclose(fp);
}
END_TEST

/* Append to a growing string. */
struct str {
	char	*s;
	size_t	 len, cap;
};

static void
str_add(struct str *b, const char *s)
{
	size_t	 n = strlen(s);

	if (b->len + n + 1 > b->cap) {
		b->cap = 2 * (b->len + n + 1);
		b->s = realloc(b->s, b->cap);
		ck_assert_ptr_nonnull(b->s);
	}
	memcpy(b->s + b->len, s, n + 1);
	b->len += n;
}

/*
 * A large problem, many times the stream's 64 KiB chunk (so lines cross
 * refills), read from a stream and from a buffer: the same options, the
 * same names and lines.
 */
START_TEST(test_text_large)
{
	enum { N = 20000 };
	struct str	 b = { NULL, 0, 0 };
	char		 name[64], tmp[256];
	dlx_text	*t1, *t2;
	FILE		*fp;
	int		 i, k;

	for (i = 0; i < N; i++) {
		snprintf(name, sizeof name, "%sitem%d", i > 0 ? " " : "", i);
		str_add(&b, name);
	}
	str_add(&b, " | s\n");
	for (i = 0; i < N; i++) {
		snprintf(tmp, sizeof tmp, "item%d s:c%d\nitem%d item%d\n", i,
		    i % 7, i, (i + 1) % N);
		str_add(&b, tmp);
	}
	t1 = test_text_mem(b.s, b.len, NULL, NULL);
	ck_assert_ptr_nonnull(t1);
	fp = stream_of(b.s, b.len);
	t2 = test_text_file(fp, NULL, NULL);
	fclose(fp);
	ck_assert_ptr_nonnull(t2);
	ck_assert_uint_eq(dlx_noptions(dlx_text_dlx(t1)), 2 * N);
	ck_assert_uint_eq(dlx_noptions(dlx_text_dlx(t2)), 2 * N);
	ck_assert_uint_eq(dlx_text_ncolors(t2), 7);
	for (k = 0; k < 2 * N; k += 997) {
		dlx_text_format_option(t1, k, tmp, sizeof tmp);
		ck_assert_str_eq(opt_text(t2, k), tmp);
		ck_assert_uint_eq(dlx_text_option_line(t2, k), (unsigned)k + 2);
	}
	ck_assert_str_eq(opt_text(t2, 2 * N - 1), "item19999 item0");
	ck_assert_int_eq(dlx_text_item(t2, "item12345"), 12345);
	dlx_text_free(t1);
	dlx_text_free(t2);
	free(b.s);
}
END_TEST

/*
 * Random garbage over a small alphabet rich in the format's characters:
 * every input gives a problem or an error with a message, never a crash
 * (ASan and valgrind watch the rest).  A problem found must be solvable
 * without error.
 */
START_TEST(test_text_garbage)
{
	static const char	 alphabet[] = "ab|: \n\n\t\rc:x\0";
	struct dlx_error	 err;
	uint32_t		 seed = 12345;
	char			 buf[64];
	dlx_text		*t;
	int			 iter, ok = 0, bad_count = 0;
	size_t			 i, len;

	for (iter = 0; iter < 20000; iter++) {
		seed = seed * 1103515245u + 12345u;
		len = (seed >> 16) % sizeof buf;
		for (i = 0; i < len; i++) {
			seed = seed * 1103515245u + 12345u;
			buf[i] = alphabet[(seed >> 16) % (sizeof alphabet -
			    1)];
		}
		t = test_text_mem(buf, len, NULL, &err);
		if (t == NULL) {
			ck_assert_int_lt(err.code, 0);
			ck_assert_int_ne(err.message[0], '\0');
			bad_count++;
		} else {
			ck_assert_int_eq(err.code, DLX_OK);
			ck_assert_int_ge(ck_count(dlx_text_dlx(t), 0, NULL),
			    0);
			dlx_text_free(t);
			ok++;
		}
	}
	/* Both outcomes were exercised. */
	ck_assert_int_gt(ok, 100);
	ck_assert_int_gt(bad_count, 100);
}
END_TEST

/* The shared instances: solution counts and Knuth's DLX1 figures. */
static const struct instance {
	const char	*file;
	uint64_t	 solutions, nodes, updates;
} instances[] = {
	{ "queens8.dlx", 92, 1223, 21456 },
	{ "langford8.dlx", 300, 2789, 37241 },
	{ "sudoku4-empty.dlx", 288, 2157, 22545 },
};

START_TEST(test_text_instances)
{
	const struct instance	*in = &instances[_i];
	struct dlx_error	 err;
	struct dlx_stats	 st;
	dlx_text		*t;
	FILE			*fp;

	fp = fopen(test_data_path(in->file), "r");
	ck_assert_msg(fp != NULL, "%s", test_data_path(in->file));
	t = test_text_file(fp, NULL, &err);
	fclose(fp);
	ck_assert_msg(t != NULL, "%s:%lu: %s", in->file, err.line,
	    err.message);
	ck_assert_int_eq(knuth_solve(dlx_text_dlx(t), NULL, NULL, NULL),
	    DLX_OK);
	dlx_stats(dlx_text_dlx(t), &st);
	ck_assert_uint_eq(st.solutions, in->solutions);
	ck_assert_uint_eq(st.nodes, in->nodes);
	ck_assert_uint_eq(st.updates, in->updates);
	dlx_text_free(t);
}
END_TEST

Suite *
make_text_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("text");

	tc = tcase_create("Core");
	tcase_add_test(tc, test_text_knuth_example);
	tcase_add_loop_test(tc, test_text_kind_spellings, 0, 5);
	tcase_add_test(tc, test_text_all_primary);
	tcase_add_test(tc, test_text_long_names);
	tcase_add_test(tc, test_text_colors);
	tcase_add_test(tc, test_text_knuth_colors);
	tcase_add_test(tc, test_text_color_with_colon);
	tcase_add_test(tc, test_text_no_primary_warning);
	tcase_add_test(tc, test_text_no_primary_strict);
	tcase_add_test(tc, test_text_no_options);
	tcase_add_loop_test(tc, test_text_instances, 0,
	    sizeof instances / sizeof instances[0]);
	suite_add_tcase(s, tc);

	tc = tcase_create("Errors");
	tcase_add_loop_test(tc, test_text_errors, 0,
	    sizeof bad / sizeof bad[0]);
	tcase_add_test(tc, test_text_bad_arguments);
	tcase_add_test(tc, test_text_read_error);
	suite_add_tcase(s, tc);

	tc = tcase_create("Limits");
	tcase_add_test(tc, test_text_max_line);
	tcase_add_test(tc, test_text_huge_line);
	tcase_add_test(tc, test_text_large);
	tcase_add_test(tc, test_text_garbage);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);

	return s;
}
