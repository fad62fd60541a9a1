/*
 * dlx_text.h: read exact cover problems written in Knuth's DLX text format
 * (part of libdlx).
 *
 * The format, as Knuth's DLX1 and DLX2 read it:
 *
 *	| A simple example			(a comment)
 *	A B C D E | F G				(the item line)
 *	C E F					(one option per line)
 *	A D G
 *	B C F:red				(F gets the color "red")
 *
 * Lines whose first non-blank character is '|' are comments and blank lines
 * are skipped, anywhere in the file.  The first other line names the items:
 * the primary items, then optionally '|' and the secondary items.  Every
 * further line is an option, the names of its items in any order,
 * separated by blanks (space, tab, CR, VT, FF).  A secondary item may be
 * written "name:color" to give it a color; options that give an item the
 * same color are compatible.
 *
 * As in Knuth's DLX3, a primary item may carry bounds: "lo:hi|name" means
 * that a solution covers it with at least lo and at most hi options, and
 * "hi|name" exactly hi (lo and hi decimal, 0 <= lo <= hi <= INT_MAX; see
 * dlx_set_item_bounds):
 *
 *	A B 2:3|C | X Y				(C: 2 or 3 times)
 *
 * A bound is written against the name; "2|" followed by a blank is still
 * an item named "2" and the bar.  Bounds on a secondary item, lo > hi, an
 * empty number (":2|x", "2:|x") or one above INT_MAX are errors
 * (DLX_TEXT_EBOUND).
 *
 * Where Knuth's programs are strict this reader is kinder: names and colors
 * may be of any length (Knuth allows 8 characters), the last line needs no
 * newline, and a '|' in the item line need not be surrounded by blanks.
 * An item name may contain any bytes except blanks, NUL, ':' and '|'; a
 * color any bytes except blanks and NUL.  An option with no primary item
 * could never be chosen: like Knuth's programs the reader skips it with a
 * warning, unless DLX_TEXT_STRICT makes it an error.
 *
 * The result is a dlx (see dlx.h) whose items carry their names
 * (dlx_item_name) and whose options keep the items in input order, together
 * with the table of color names, so that an option can be written back as
 * it appeared in the input (dlx_text_format_option).  Item k of the dlx is
 * the k-th name of the item line; option k is the k-th option line that was
 * not skipped.  Colors are numbered 1, 2, ... in order of first appearance.
 *
 * The reader never prints.  On an error it returns the code and fills a
 * caller-provided struct dlx_error (dlx.h) with the code, the line and
 * column (1-based, in bytes) and a message.  Lines are limited to max_line bytes
 * (1 MiB by default), so the memory a read takes beyond the problem itself
 * is bounded whatever the input.  Names are found through hash tables:
 * loading is linear in the size of the input.
 */
#ifndef DLX_TEXT_H
#define DLX_TEXT_H

#include <stddef.h>
#include <stdio.h>

#include "dlx.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Error codes of the reader (the text range of dlx.h, -100..-199), apart
 * from the library's own (DLX_ENOMEM, DLX_EOVERFLOW, ...), which pass
 * through unchanged.  dlx_strerror() names them.
 */
enum dlx_text_status {
	DLX_TEXT_EIO = -101,		/* reading the stream failed */
	DLX_TEXT_ENOITEMS = -102,	/* no item line (only blanks and
					   comments) */
	DLX_TEXT_ELONGLINE = -103,	/* a line longer than max_line */
	DLX_TEXT_ESYNTAX = -104,	/* bad character in a name, '|'
					   twice in the item line, empty
					   name or color */
	DLX_TEXT_EDUPNAME = -105,	/* an item named twice in the item
					   line */
	DLX_TEXT_EUNKNOWN = -106,	/* an option names an unknown item */
	DLX_TEXT_EDUPITEM = -107,	/* an item twice in one option */
	DLX_TEXT_ECOLOR = -108,		/* a color on a primary item */
	DLX_TEXT_ENOPRIMARY = -109,	/* an option with no primary item
					   (an error only with
					   DLX_TEXT_STRICT) */
	DLX_TEXT_EBOUND = -110		/* a bad bound in the item line:
					   lo > hi, a missing or huge
					   number, on a secondary item */
};

/* Default bound on the length of a line, newline excluded. */
#define DLX_TEXT_MAX_LINE	((size_t)1 << 20)

/* Flags of struct dlx_text_options, or-ed together. */
enum dlx_text_flag {
	DLX_TEXT_STRICT = 0x1		/* an option without a primary item
					   is an error, not a warning */
};

/*
 * Called for each warning (today only: an option with no primary item,
 * skipped, with code DLX_TEXT_ENOPRIMARY, its line and column).  w is
 * valid only during the call.
 */
typedef void dlx_text_warn_fn(void *arg, const struct dlx_error *w);

/* How to read.  Zero-initialize, then set what you need; NULL means all
 * defaults. */
struct dlx_text_options {
	const struct dlx_allocator *alloc;	/* memory of the read and of
						   the problem (copied);
						   NULL: malloc */
	unsigned		 flags;		/* DLX_TEXT_STRICT or 0 */
	size_t			 max_line;	/* longest line, in bytes
						   without the newline; 0:
						   DLX_TEXT_MAX_LINE */
	dlx_text_warn_fn	*warn;		/* each warning, or NULL */
	void			*warn_arg;	/* first argument of warn */
};

/* A problem read from text: the dlx and the names to print it with. */
typedef struct dlx_text dlx_text;

/*
 * Read a problem from fp until end of file into *tp, which the caller
 * frees with dlx_text_free().  Returns DLX_OK, or the error code (also in
 * err->code when err is not NULL, with the line, the column, cell -1 and
 * a message), *tp unchanged and everything allocated freed: DLX_TEXT_E*,
 * DLX_ENOMEM, DLX_EOVERFLOW, or DLX_EINVAL (tp or fp NULL, or opt->alloc
 * lacks a function).  fp is read with fread() and left where reading
 * stopped.
 */
int		 dlx_text_read(dlx_text **tp, FILE *fp,
		    const struct dlx_text_options *opt, struct dlx_error *err);

/*
 * As dlx_text_read(), reading the len bytes at buf (which need not be
 * NUL-terminated, and may contain NUL bytes, which are errors in names).
 * Made for tests and fuzzing: every input gives a problem or an error.
 */
int		 dlx_text_read_mem(dlx_text **tp, const char *buf, size_t len,
		    const struct dlx_text_options *opt, struct dlx_error *err);

/* Free t and its dlx.  dlx_text_free(NULL) does nothing. */
void		 dlx_text_free(dlx_text *t);

/*
 * The problem.  It belongs to t: search it, force options or add more, but
 * do not free it.  Options added later have no input line and are written
 * with the item and color names t knows (colors beyond dlx_text_ncolors()
 * are written as numbers).
 */
dlx		*dlx_text_dlx(const dlx_text *t);

/* Number of distinct color names, and the name of color c (1-based), or
 * NULL if out of range. */
size_t		 dlx_text_ncolors(const dlx_text *t);
const char	*dlx_text_color_name(const dlx_text *t, int c);

/* The item named name, or -1 if there is none. */
int		 dlx_text_item(const dlx_text *t, const char *name);

/* The color named name, or 0 if no option used it. */
int		 dlx_text_color(const dlx_text *t, const char *name);

/* Input line of option opt, or 0 if opt was not read from the input. */
unsigned long	 dlx_text_option_line(const dlx_text *t, int opt);

/* Number of option lines skipped because they had no primary item. */
size_t		 dlx_text_nskipped(const dlx_text *t);

/*
 * Write option opt as it appeared in the input, its items in input order
 * separated by single spaces ("C E F:red"), into buf (size bytes, always
 * NUL-terminated if size > 0).  Returns the length of the whole text
 * without the NUL, as snprintf() does: a result >= size means it was
 * truncated.  An option number out of range gives "" and 0.
 */
size_t		 dlx_text_format_option(const dlx_text *t, int opt, char *buf,
		    size_t size);

#ifdef __cplusplus
}
#endif

#endif /* DLX_TEXT_H */
