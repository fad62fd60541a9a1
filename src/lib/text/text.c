/*
 * text.c: the reader of Knuth's DLX text format (see dlx_text.h).
 *
 * Reading is one pass over the input, a line at a time.  The item line
 * gives the item count, so the dlx is created as soon as it has been read;
 * each option line is then checked and added at once, and the line buffer
 * reused.  Item and color names live in two name tables: an arena of
 * NUL-terminated strings and an open-addressing hash table of indices into
 * it, so a problem of 100,000 items and millions of options loads in time
 * linear in its size.  The only per-line memory is the line itself (at most
 * max_line bytes) and the item and color arrays of one option.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/core/alloc.h"
#include "dlx.h"
#include "dlx_text.h"

/*
 * A set of distinct byte strings numbered 0, 1, 2, ... in order of
 * insertion.  The strings are stored one after another, each followed by a
 * NUL, in buf; off[i] is where string i starts.  slot[] has hcap entries (a
 * power of two, at least twice n), each empty (k == -1) or a string number
 * with its hash; collisions probe linearly.  Keeping the hash in the slot
 * means a lookup compares strings only when the hashes agree, which is
 * nearly always the one string that matches.
 */
struct slot {
	uint32_t	 h;		/* hash of string k */
	int		 k;		/* string number, or -1: empty */
};

struct names {
	const struct dlx_allocator *mem; /* the dlx_text's */
	char		*buf;		/* the strings, NUL-terminated */
	size_t		 len;		/* bytes used in buf */
	size_t		 cap;		/* bytes allocated for buf */
	size_t		*off;		/* off[i]: start of string i in buf */
	size_t		 n;		/* number of strings */
	size_t		 ncap;		/* slots allocated for off */
	struct slot	*slot;		/* the hash table, hcap entries */
	size_t		 hcap;		/* power of two, 0 before first use */
};

struct dlx_text {
	struct dlx_allocator mem;	/* every block of t and its dlx */
	dlx		*d;		/* the problem */
	struct names	 items;		/* item k is items string k */
	struct names	 colors;	/* color c is colors string c - 1 */
	unsigned long	*optline;	/* input line of each option read */
	size_t		 noptlines;	/* options read: entries of optline */
	size_t		 optcap;	/* slots allocated for optline */
	size_t		 nskipped;	/* option lines without primary item */
};

/*
 * Where lines come from: a stream (fp) or a buffer (mem).  For a stream,
 * buf[start..end) holds bytes read but not yet returned, and no newline is
 * in buf[start..scan): scanning resumes there after a refill, so a long
 * line is searched once.  buf never grows beyond about max_line bytes.
 */
struct source {
	FILE		*fp;		/* the stream, or NULL */
	const char	*mem;		/* the buffer, if fp is NULL */
	size_t		 memlen;	/* its length */
	size_t		 mempos;	/* next byte to return */
	char		*buf;		/* stream data */
	size_t		 cap;		/* bytes allocated for buf */
	size_t		 start;		/* first byte not yet returned */
	size_t		 scan;		/* newline search resumes here */
	size_t		 end;		/* end of the data in buf */
	int		 eof;		/* fp has reached end of file */
	size_t		 max_line;	/* longest line allowed */
	unsigned long	 lineno;	/* number of the line last returned */
};

/* A bound "lo:hi|name" of the item line, kept until the dlx exists. */
struct bounds {
	size_t		 item;
	int		 lo;
	int		 hi;
};

/* The state of one read. */
struct reader {
	struct dlx_allocator mem;	/* the caller's (opt->alloc) */
	struct source	 src;
	dlx_text	*t;
	const struct dlx_text_options *opt;
	struct dlx_error *err;
	size_t		 nprimary;	/* from the item line (so far) */
	int		 bar;		/* the item line's '|' was seen */
	unsigned long	*stamp;		/* stamp[i]: last option line naming
					   item i; catches an item twice */
	int		*items;		/* the current option's items */
	int		*colors;	/* and their colors (0: none) */
	size_t		 cap;		/* slots of items and colors */
	struct bounds	*bounds;	/* item bounds of the item line */
	size_t		 nbounds;	/* entries used in bounds */
	size_t		 bcap;		/* entries allocated */
};

static int
is_blank(unsigned char c)
{
	/* The C locale's isspace(), whatever the locale is. */
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	    c == '\f';
}

/*
 * FNV-1a, then a final mix.  FNV alone is cheap but its low bits, which
 * pick the slot, depend only on the low bits of the bytes: names that
 * differ in their last digits ("item12345") would pile up in clusters.
 * The finalizer of MurmurHash3 spreads every bit over all of them.
 */
static uint32_t
hash_bytes(const char *s, size_t len)
{
	uint32_t	 h = 2166136261u;
	size_t		 i;

	for (i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 16777619u;
	}
	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	h *= 0xc2b2ae35u;
	h ^= h >> 16;
	return h;
}

static void
names_free(struct names *nm)
{
	mem_free(nm->mem, nm->buf);
	mem_free(nm->mem, nm->off);
	mem_free(nm->mem, nm->slot);
	memset(nm, 0, sizeof *nm);
}

/* The number of the string s[0..len-1] in nm, or -1. */
static int
names_find(const struct names *nm, const char *s, size_t len)
{
	uint32_t	 h;
	size_t		 i, mask;
	int		 k;

	if (nm->hcap == 0)
		return -1;
	h = hash_bytes(s, len);
	mask = nm->hcap - 1;
	for (i = h & mask; (k = nm->slot[i].k) != -1; i = (i + 1) & mask) {
		const char *p = nm->buf + nm->off[k];

		/* Strings hold no NUL, so p[len] == NUL means equal length. */
		if (nm->slot[i].h == h && memcmp(p, s, len) == 0 &&
		    p[len] == '\0')
			return k;
	}
	return -1;
}

/* Double the hash table (or make the first one) and rehash. */
static int
names_grow_hash(struct names *nm)
{
	size_t		 ncap, i, j, mask;
	struct slot	*t;

	ncap = nm->hcap == 0 ? 64 : nm->hcap * 2;
	if (ncap > SIZE_MAX / sizeof *t)
		return DLX_ENOMEM;
	if ((t = mem_alloc(nm->mem, ncap, sizeof *t)) == NULL)
		return DLX_ENOMEM;
	for (i = 0; i < ncap; i++)
		t[i].k = -1;
	mask = ncap - 1;
	for (i = 0; i < nm->hcap; i++) {
		if (nm->slot[i].k == -1)
			continue;
		for (j = nm->slot[i].h & mask; t[j].k != -1;
		    j = (j + 1) & mask)
			;
		t[j] = nm->slot[i];
	}
	mem_free(nm->mem, nm->slot);
	nm->slot = t;
	nm->hcap = ncap;
	return DLX_OK;
}

/*
 * Add s[0..len-1], known not to be in nm, and return its number, or
 * DLX_ENOMEM or DLX_EOVERFLOW (more strings than an int can number).
 */
static int
names_add(struct names *nm, const char *s, size_t len)
{
	uint32_t h;
	size_t	 i, mask;
	int	 rc;

	if (nm->n >= INT_MAX)
		return DLX_EOVERFLOW;
	if (2 * (nm->n + 1) > nm->hcap && (rc = names_grow_hash(nm)) != DLX_OK)
		return rc;
	if (nm->n == nm->ncap) {
		size_t	 ncap = nm->ncap == 0 ? 64 : nm->ncap * 2;
		size_t	*off;

		if (ncap > SIZE_MAX / sizeof *off ||
		    (off = mem_realloc(nm->mem, nm->off, ncap, sizeof *off)) ==
		    NULL)
			return DLX_ENOMEM;
		nm->off = off;
		nm->ncap = ncap;
	}
	if (len + 1 > nm->cap - nm->len) {
		size_t	 cap = nm->cap == 0 ? 1024 : nm->cap;
		char	*buf;

		while (len + 1 > cap - nm->len) {
			if (cap > SIZE_MAX / 2)
				return DLX_ENOMEM;
			cap *= 2;
		}
		if ((buf = mem_realloc(nm->mem, nm->buf, cap, 1)) == NULL)
			return DLX_ENOMEM;
		nm->buf = buf;
		nm->cap = cap;
	}
	memcpy(nm->buf + nm->len, s, len);
	nm->buf[nm->len + len] = '\0';
	nm->off[nm->n] = nm->len;
	nm->len += len + 1;
	h = hash_bytes(s, len);
	mask = nm->hcap - 1;
	for (i = h & mask; nm->slot[i].k != -1; i = (i + 1) & mask)
		;
	nm->slot[i].h = h;
	nm->slot[i].k = (int)nm->n;
	return (int)nm->n++;
}

static const char *
names_get(const struct names *nm, size_t k)
{
	return k < nm->n ? nm->buf + nm->off[k] : NULL;
}

/*
 * Write s[0..len-1] into out (size bytes, NUL-terminated) for a message:
 * bytes that are not printable ASCII become \xHH, and a long name is cut
 * with "..." so that the message keeps its end.
 */
static void
quote(char *out, size_t size, const char *s, size_t len)
{
	size_t	 i, o = 0;

	for (i = 0; i < len; i++) {
		unsigned char	 c = (unsigned char)s[i];
		int		 w;

		if (o + 8 >= size) {
			if (size >= 4)
				memcpy(out + (o < size - 4 ? o : size - 4),
				    "...", 4);
			return;
		}
		if (c >= 0x20 && c < 0x7f && c != '\\')
			out[o++] = (char)c, w = 0;
		else
			w = snprintf(out + o, size - o, "\\x%02x", c);
		o += (size_t)w;
	}
	out[o] = '\0';
}

#if defined(__GNUC__)
#define PRINTFLIKE(f, a)	__attribute__((__format__(__printf__, f, a)))
#else
#define PRINTFLIKE(f, a)
#endif

static int	fail(struct reader *, int, size_t, const char *, ...)
		    PRINTFLIKE(4, 5);

/* Record an error at column col (0: the whole line) of the current line. */
static int
fail(struct reader *r, int code, size_t col, const char *fmt, ...)
{
	va_list	 ap;

	if (r->err != NULL) {
		r->err->code = code;
		r->err->line = r->src.lineno;
		r->err->column = (unsigned long)col;
		r->err->cell = -1;
		r->err->sys_errno = 0;
		va_start(ap, fmt);
		vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
		va_end(ap);
	}
	return code;
}

/*
 * The next line of a buffer source, as next_line() says.  The buffer is
 * the caller's, so the line points into it and nothing is copied.
 */
static int
next_line_mem(struct reader *r, const char **line, size_t *len)
{
	struct source	*s = &r->src;
	const char	*p = s->mem + s->mempos, *nl;
	size_t		 left = s->memlen - s->mempos, n;

	if (left == 0)
		return 0;
	s->lineno++;
	if ((nl = memchr(p, '\n', left)) != NULL)
		n = (size_t)(nl - p);
	else
		n = left;
	if (n > s->max_line)
		return fail(r, DLX_TEXT_ELONGLINE, s->max_line + 1,
		    "line longer than %zu bytes", s->max_line);
	*line = p;
	*len = n;
	s->mempos += n + (nl != NULL);
	return 1;
}

/*
 * Make room at the end of a stream's buffer: drop what was returned, then
 * grow it, doubling from 64 KB but never past max_line + 2 bytes: room
 * for the longest line allowed and its newline, or to see that a line is
 * longer.  Returns DLX_OK or
 * DLX_ENOMEM recorded in r->err; on error buf is as it was.
 */
static int
make_room(struct reader *r)
{
	struct source	*s = &r->src;
	size_t		 cap;
	char		*buf;

	if (s->start > 0) {
		memmove(s->buf, s->buf + s->start, s->end - s->start);
		s->end -= s->start;
		s->scan -= s->start;
		s->start = 0;
	}
	if (s->end < s->cap)
		return DLX_OK;
	cap = s->cap == 0 ? 65536 : s->cap * 2;
	if (cap > s->max_line + 2)
		cap = s->max_line + 2;
	if (cap < 2)
		cap = 2;
	if ((buf = mem_realloc(&r->mem, s->buf, cap, 1)) == NULL)
		return fail(r, DLX_ENOMEM, 0, "%s", dlx_strerror(DLX_ENOMEM));
	s->buf = buf;
	s->cap = cap;
	return DLX_OK;
}

/*
 * Read more of the stream into its buffer, setting s->eof at end of file.
 * Returns DLX_OK or a negative error recorded in r->err; a read error is
 * charged to the line being read, with the errno of the failure.
 */
static int
refill(struct reader *r)
{
	struct source	*s = &r->src;
	size_t		 n;
	int		 rc, e;

	if ((rc = make_room(r)) != DLX_OK)
		return rc;
	n = fread(s->buf + s->end, 1, s->cap - s->end, s->fp);
	s->end += n;
	if (n > 0)
		return DLX_OK;
	if (ferror(s->fp)) {
		e = errno;
		s->lineno++;
		fail(r, DLX_TEXT_EIO, 0, "read error: %s", strerror(e));
		if (r->err != NULL)
			r->err->sys_errno = e;
		return DLX_TEXT_EIO;
	}
	s->eof = 1;
	return DLX_OK;
}

/*
 * Get the next line, without its newline, in *line and *len.  Returns 1,
 * 0 at end of input, or a negative error (recorded in r->err).
 */
static int
next_line(struct reader *r, const char **line, size_t *len)
{
	struct source	*s = &r->src;
	char		*nl;
	size_t		 n;
	int		 rc;

	if (s->fp == NULL)
		return next_line_mem(r, line, len);
	for (;;) {
		nl = s->end > s->scan ?
		    memchr(s->buf + s->scan, '\n', s->end - s->scan) : NULL;
		if (nl != NULL || (s->eof && s->start < s->end)) {
			s->lineno++;
			n = (nl != NULL ? (size_t)(nl - s->buf) : s->end) -
			    s->start;
			if (n > s->max_line)
				break;
			*line = s->buf + s->start;
			*len = n;
			s->start += n + (nl != NULL);
			s->scan = s->start;
			return 1;
		}
		if (s->eof)
			return 0;
		s->scan = s->end;
		if (s->end - s->start > s->max_line) {
			s->lineno++;
			break;
		}
		if ((rc = refill(r)) != DLX_OK)
			return rc;
	}
	return fail(r, DLX_TEXT_ELONGLINE, s->max_line + 1,
	    "line longer than %zu bytes", s->max_line);
}

/* Is the line blank or a comment? */
static int
skip_line(const char *line, size_t len)
{
	size_t	 i;

	for (i = 0; i < len && is_blank((unsigned char)line[i]); i++)
		;
	return i == len || line[i] == '|';
}

/*
 * The decimal number s[0..len-1] (digits only, len > 0) in *v; -1 if it
 * exceeds INT_MAX, the most options a problem can have.
 */
static int
parse_bound(const char *s, size_t len, int *v)
{
	size_t	 i;
	long	 n = 0;

	for (i = 0; i < len; i++) {
		n = 10 * n + (s[i] - '0');
		if (n > INT_MAX)
			return -1;
	}
	*v = (int)n;
	return 0;
}

/*
 * DLX3's bounds before an item name: "lo:hi|" or "hi|" (lo = hi) at
 * line[i..], followed by the name at once.  A run of digits and colons
 * ended by '|' and a name character is a bound; anything else ("2|" then
 * a blank) keeps its old meaning, an item named "2" and the bar.  Returns
 * 0 if there is no bound, 1 with *lo, *hi and *name (where the item name
 * starts) if there is, or a negative error recorded in r->err.
 */
static int
read_bound(struct reader *r, const char *line, size_t len, size_t i,
    int *lo, int *hi, size_t *name)
{
	char		 q[80];
	size_t		 j, k, colon = SIZE_MAX, end;

	for (j = i; j < len && (line[j] == ':' ||
	    (line[j] >= '0' && line[j] <= '9')); j++)
		if (line[j] == ':' && colon == SIZE_MAX)
			colon = j;
	if (j == i || j + 1 >= len || line[j] != '|' ||
	    is_blank((unsigned char)line[j + 1]) || line[j + 1] == '|')
		return 0;
	*name = j + 1;
	for (end = j + 1; end < len && !is_blank((unsigned char)line[end]) &&
	    line[end] != '|'; end++)
		;
	quote(q, sizeof q, line + j + 1, end - j - 1);
	if (r->bar)
		return fail(r, DLX_TEXT_EBOUND, i + 1,
		    "bound on secondary item '%s'", q);
	for (k = colon + 1; colon != SIZE_MAX && k < j; k++)
		if (line[k] == ':')
			return fail(r, DLX_TEXT_EBOUND, k + 1,
			    "second ':' in the bounds of item '%s'", q);
	if (colon == i)
		return fail(r, DLX_TEXT_EBOUND, i + 1,
		    "no lower bound before ':' for item '%s'", q);
	if (colon + 1 == j)
		return fail(r, DLX_TEXT_EBOUND, j + 1,
		    "no upper bound before '|' for item '%s'", q);
	k = colon == SIZE_MAX ? i : colon + 1;
	if (parse_bound(line + k, j - k, hi) != 0)
		return fail(r, DLX_TEXT_EBOUND, k + 1,
		    "upper bound of item '%s' exceeds %d", q, INT_MAX);
	*lo = *hi;
	if (colon != SIZE_MAX) {
		if (parse_bound(line + i, colon - i, lo) != 0)
			return fail(r, DLX_TEXT_EBOUND, i + 1,
			    "lower bound of item '%s' exceeds %d", q, INT_MAX);
		if (*lo > *hi)
			return fail(r, DLX_TEXT_EBOUND, i + 1,
			    "lower bound %d exceeds upper bound %d for item "
			    "'%s'", *lo, *hi, q);
	}
	return 1;
}

/* Remember the bounds of the item about to be named. */
static int
add_bound(struct reader *r, int lo, int hi)
{
	struct bounds	*b;
	size_t		 cap;

	if (r->nbounds == r->bcap) {
		cap = r->bcap == 0 ? 16 : r->bcap * 2;
		if (cap > SIZE_MAX / sizeof *b ||
		    (b = mem_realloc(&r->mem, r->bounds, cap, sizeof *b)) ==
		    NULL)
			return DLX_ENOMEM;
		r->bounds = b;
		r->bcap = cap;
	}
	b = &r->bounds[r->nbounds++];
	b->item = r->t->items.n;
	b->lo = lo;
	b->hi = hi;
	return DLX_OK;
}

/*
 * Read the item line, create the dlx and name its items.
 */
static int
read_items(struct reader *r, const char *line, size_t len)
{
	struct names	*nm = &r->t->items;
	char		 q[80];
	size_t		 i, j, nprimary = 0, k;
	int		 bar = 0, rc, lo = 1, hi = 1;

	for (i = 0; i < len; ) {
		unsigned char	 c = (unsigned char)line[i];

		if (is_blank(c)) {
			i++;
			continue;
		}
		if (c == '|') {
			if (bar)
				return fail(r, DLX_TEXT_ESYNTAX, i + 1,
				    "second '|' in the item line");
			bar = r->bar = 1;
			nprimary = r->nprimary = nm->n;
			i++;
			continue;
		}
		if ((rc = read_bound(r, line, len, i, &lo, &hi, &j)) < 0)
			return rc;
		if (rc == 1) {
			if ((rc = add_bound(r, lo, hi)) != DLX_OK)
				return fail(r, rc, i + 1, "%s",
				    dlx_strerror(rc));
			i = j;
		}
		for (j = i; j < len && !is_blank((unsigned char)line[j]) &&
		    line[j] != '|'; j++) {
			if (line[j] == ':' || line[j] == '\0') {
				for (k = j; k < len && line[k] != '|' &&
				    !is_blank((unsigned char)line[k]); k++)
					;
				quote(q, sizeof q, line + i, k - i);
				return fail(r, DLX_TEXT_ESYNTAX, j + 1,
				    line[j] == ':' ?
				    "':' in item name '%s' (colors belong in "
				    "options)" : "NUL byte in item name '%s'",
				    q);
			}
		}
		if (names_find(nm, line + i, j - i) != -1) {
			quote(q, sizeof q, line + i, j - i);
			return fail(r, DLX_TEXT_EDUPNAME, i + 1,
			    "duplicate item name '%s'", q);
		}
		if ((rc = names_add(nm, line + i, j - i)) < 0)
			return fail(r, rc, i + 1, "%s", dlx_strerror(rc));
		i = j;
	}
	if (!bar)
		nprimary = nm->n;
	if (nprimary == 0)
		/* Only "| names" could do this, and it is a comment. */
		return fail(r, DLX_TEXT_ESYNTAX, 1, "no primary item");
	r->nprimary = nprimary;
	if ((rc = dlx_new(&r->t->d, nprimary, nm->n - nprimary,
	    &(struct dlx_options){ .alloc = &r->mem })) != DLX_OK)
		return fail(r, rc, 0, "%s", dlx_strerror(rc));
	for (k = 0; k < nm->n; k++)
		if ((rc = dlx_set_item_name(r->t->d, (int)k,
		    names_get(nm, k))) != DLX_OK)
			return fail(r, rc, 0, "%s", dlx_strerror(rc));
	for (k = 0; k < r->nbounds; k++)
		if ((rc = dlx_set_item_bounds(r->t->d, (int)r->bounds[k].item,
		    r->bounds[k].lo, r->bounds[k].hi)) != DLX_OK)
			return fail(r, rc, 0, "%s", dlx_strerror(rc));
	if ((r->stamp = mem_zalloc(&r->mem, nm->n, sizeof *r->stamp)) == NULL)
		return fail(r, DLX_ENOMEM, 0, "%s", dlx_strerror(DLX_ENOMEM));
	return DLX_OK;
}

/* Make room for n items in the current option. */
static int
reserve(struct reader *r, size_t n)
{
	size_t	 cap;
	int	*p;

	if (n <= r->cap)
		return DLX_OK;
	cap = r->cap == 0 ? 16 : r->cap;
	while (cap < n)
		cap *= 2;
	if (cap > SIZE_MAX / sizeof *p)
		return DLX_ENOMEM;
	if ((p = mem_realloc(&r->mem, r->items, cap, sizeof *p)) == NULL)
		return DLX_ENOMEM;
	r->items = p;
	if ((p = mem_realloc(&r->mem, r->colors, cap, sizeof *p)) == NULL)
		return DLX_ENOMEM;
	r->colors = p;
	r->cap = cap;
	return DLX_OK;
}

/*
 * Read the token "name" or "name:color" at line[i..], which is not blank,
 * up to the next blank or the end of the line: *end is where it stops.
 * The name must be a known item not yet in this option (r->stamp holds
 * the line number of the last option naming each item); a color, allowed
 * only on a secondary item, is numbered from 1 on first sight.  Returns
 * DLX_OK with *item and *color (0: none), or a negative error recorded in
 * r->err; the outputs are set either way.
 */
static int
read_token(struct reader *r, const char *line, size_t len, size_t i,
    size_t *end, int *item, int *color)
{
	struct dlx_text	*t = r->t;
	char		 q[80];
	size_t		 j, name_end = SIZE_MAX;

	*end = len;
	*item = -1;
	*color = 0;
	/* The token is line[i..j); its name ends at the first ':'
	 * (name_end == j if there is none), the color follows. */
	for (j = i; j < len && !is_blank((unsigned char)line[j]); j++) {
		if (line[j] == '\0') {
			quote(q, sizeof q, line + i, j - i + 1);
			return fail(r, DLX_TEXT_ESYNTAX, j + 1,
			    "NUL byte in '%s'", q);
		}
		if (line[j] == ':' && name_end == SIZE_MAX)
			name_end = j;
	}
	*end = j;
	if (name_end == SIZE_MAX)
		name_end = j;
	if (name_end == i)
		return fail(r, DLX_TEXT_ESYNTAX, i + 1,
		    "empty item name before ':'");
	if ((*item = names_find(&t->items, line + i, name_end - i)) == -1) {
		quote(q, sizeof q, line + i, name_end - i);
		return fail(r, DLX_TEXT_EUNKNOWN, i + 1, "unknown item '%s'",
		    q);
	}
	if (r->stamp[*item] == r->src.lineno) {
		quote(q, sizeof q, line + i, name_end - i);
		return fail(r, DLX_TEXT_EDUPITEM, i + 1,
		    "item '%s' twice in one option", q);
	}
	r->stamp[*item] = r->src.lineno;
	if (name_end == j)
		return DLX_OK;
	quote(q, sizeof q, line + i, name_end - i);
	if ((size_t)*item < r->nprimary)
		return fail(r, DLX_TEXT_ECOLOR, name_end + 1,
		    "color on primary item '%s'", q);
	if (name_end + 1 == j)
		return fail(r, DLX_TEXT_ESYNTAX, name_end + 1,
		    "empty color after '%s:'", q);
	*color = names_find(&t->colors, line + name_end + 1, j - name_end - 1);
	if (*color == -1 && (*color = names_add(&t->colors,
	    line + name_end + 1, j - name_end - 1)) < 0)
		return fail(r, *color, name_end + 2, "%s",
		    dlx_strerror(*color));
	(*color)++;
	return DLX_OK;
}

/*
 * An option line without a primary item, whose first token is at column
 * first: an error when strict, else counted and passed to the warning
 * hook, if any.  Returns DLX_OK or the error recorded in r->err.
 */
static int
skip_option(struct reader *r, size_t first)
{
	struct dlx_error w;

	if (r->opt != NULL && (r->opt->flags & DLX_TEXT_STRICT))
		return fail(r, DLX_TEXT_ENOPRIMARY, first + 1,
		    "option has no primary item");
	r->t->nskipped++;
	if (r->opt != NULL && r->opt->warn != NULL) {
		memset(&w, 0, sizeof w);
		w.code = DLX_TEXT_ENOPRIMARY;
		w.line = r->src.lineno;
		w.column = (unsigned long)first + 1;
		w.cell = -1;
		snprintf(w.message, sizeof w.message,
		    "option has no primary item; ignored");
		r->opt->warn(r->opt->warn_arg, &w);
	}
	return DLX_OK;
}

/*
 * Add the option of the n items and colors read (its first token at
 * column first) to the dlx and note its line.  The line table grows
 * first, so a failure leaves the dlx without the option.  Returns DLX_OK
 * or a negative error recorded in r->err.
 */
static int
add_option(struct reader *r, size_t n, size_t first)
{
	struct dlx_text	*t = r->t;
	int		 rc;

	if (t->noptlines == t->optcap) {
		size_t		 cap = t->optcap == 0 ? 1024 : t->optcap * 2;
		unsigned long	*p;

		if (cap > SIZE_MAX / sizeof *p ||
		    (p = mem_realloc(&r->mem, t->optline, cap, sizeof *p)) ==
		    NULL)
			return fail(r, DLX_ENOMEM, 0, "%s",
			    dlx_strerror(DLX_ENOMEM));
		t->optline = p;
		t->optcap = cap;
	}
	rc = dlx_add_option_colored(t->d, r->items,
	    t->colors.n > 0 ? r->colors : NULL, n);
	if (rc < 0)
		return fail(r, rc, first + 1, "%s", dlx_strerror(rc));
	t->optline[t->noptlines++] = r->src.lineno;
	return DLX_OK;
}

/*
 * Read one option line and add it to the dlx (or skip it, warning, if it
 * has no primary item).
 */
static int
read_option(struct reader *r, const char *line, size_t len)
{
	size_t	 i, j, n = 0, first = 0;
	int	 item, color, primary = 0, rc;

	for (i = 0; i < len; i = j) {
		if (is_blank((unsigned char)line[i])) {
			j = i + 1;
			continue;
		}
		if (n == 0)
			first = i;
		if ((rc = read_token(r, line, len, i, &j, &item, &color)) !=
		    DLX_OK)
			return rc;
		if ((size_t)item < r->nprimary)
			primary = 1;
		if ((rc = reserve(r, n + 1)) != DLX_OK)
			return fail(r, rc, i + 1, "%s", dlx_strerror(rc));
		r->items[n] = item;
		r->colors[n] = color;
		n++;
	}
	if (!primary)
		return skip_option(r, first);
	return add_option(r, n, first);
}

/* Read everything from r->src; on error free the half-built problem. */
static dlx_text *
read_all(struct reader *r)
{
	const char	*line = NULL;
	size_t		 len = 0;
	int		 rc, have_items = 0;

	if (r->err != NULL)
		memset(r->err, 0, sizeof *r->err);
	if (r->src.max_line == 0)
		r->src.max_line = DLX_TEXT_MAX_LINE;
	if ((r->t = mem_zalloc(&r->mem, 1, sizeof *r->t)) == NULL) {
		rc = fail(r, DLX_ENOMEM, 0, "%s", dlx_strerror(DLX_ENOMEM));
		goto out;
	}
	r->t->mem = r->mem;
	r->t->items.mem = r->t->colors.mem = &r->t->mem;
	while ((rc = next_line(r, &line, &len)) == 1) {
		if (skip_line(line, len))
			continue;
		if (!have_items) {
			rc = read_items(r, line, len);
			have_items = 1;
		} else
			rc = read_option(r, line, len);
		if (rc != DLX_OK)
			break;
	}
	if (rc == 0 && !have_items) {
		r->src.lineno = 0;
		rc = fail(r, DLX_TEXT_ENOITEMS, 0,
		    "no item line (the input has only blanks and comments)");
	}
out:
	mem_free(&r->mem, r->src.buf);
	mem_free(&r->mem, r->stamp);
	mem_free(&r->mem, r->bounds);
	mem_free(&r->mem, r->items);
	mem_free(&r->mem, r->colors);
	if (rc != 0) {
		dlx_text_free(r->t);
		return NULL;
	}
	return r->t;
}

/* Start a read as opt says; DLX_EINVAL (in *err) if its allocator lacks
 * a function. */
static int
start(struct reader *r, const struct dlx_text_options *opt,
    struct dlx_error *err)
{
	memset(r, 0, sizeof *r);
	r->opt = opt;
	r->err = err;
	r->src.max_line = opt != NULL ? opt->max_line : 0;
	if (mem_init(&r->mem, opt != NULL ? opt->alloc : NULL) != DLX_OK)
		return fail(r, DLX_EINVAL, 0, "%s", dlx_strerror(DLX_EINVAL));
	return DLX_OK;
}

/* The code of a read that gave t (DLX_OK) or failed (in *err, if any). */
static int
result(struct reader *r, dlx_text *t, dlx_text **tp)
{
	/* Every failure goes through fail(), which sets the code; the
	 * fallback only guards against one that would not. */
	if (t == NULL)
		return r->err->code != DLX_OK ? r->err->code : DLX_ENOMEM;
	*tp = t;
	return DLX_OK;
}

int
dlx_text_read(dlx_text **tp, FILE *fp, const struct dlx_text_options *opt,
    struct dlx_error *err)
{
	struct dlx_error	 e;
	struct reader		 r;
	int			 rc;

	/* The code comes from the error record: keep one of our own. */
	if (err == NULL)
		err = &e;
	if ((rc = start(&r, opt, err)) != DLX_OK)
		return rc;
	if (tp == NULL || fp == NULL)
		return fail(&r, DLX_EINVAL, 0, "%s", dlx_strerror(DLX_EINVAL));
	r.src.fp = fp;
	return result(&r, read_all(&r), tp);
}

int
dlx_text_read_mem(dlx_text **tp, const char *buf, size_t len,
    const struct dlx_text_options *opt, struct dlx_error *err)
{
	struct dlx_error	 e;
	struct reader		 r;
	int			 rc;

	if (err == NULL)
		err = &e;
	if ((rc = start(&r, opt, err)) != DLX_OK)
		return rc;
	if (tp == NULL || (buf == NULL && len > 0))
		return fail(&r, DLX_EINVAL, 0, "%s", dlx_strerror(DLX_EINVAL));
	r.src.mem = buf != NULL ? buf : "";
	r.src.memlen = len;
	return result(&r, read_all(&r), tp);
}

void
dlx_text_free(dlx_text *t)
{
	struct dlx_allocator	 mem;

	if (t == NULL)
		return;
	dlx_free(t->d);
	names_free(&t->items);
	names_free(&t->colors);
	mem_free(&t->mem, t->optline);
	/* t holds its allocator: free t with a copy. */
	mem = t->mem;
	mem_free(&mem, t);
}

dlx *
dlx_text_dlx(const dlx_text *t)
{
	return t != NULL ? t->d : NULL;
}

size_t
dlx_text_ncolors(const dlx_text *t)
{
	return t != NULL ? t->colors.n : 0;
}

const char *
dlx_text_color_name(const dlx_text *t, int c)
{
	if (t == NULL || c < 1)
		return NULL;
	return names_get(&t->colors, (size_t)c - 1);
}

int
dlx_text_item(const dlx_text *t, const char *name)
{
	if (t == NULL || name == NULL)
		return -1;
	return names_find(&t->items, name, strlen(name));
}

int
dlx_text_color(const dlx_text *t, const char *name)
{
	if (t == NULL || name == NULL)
		return 0;
	return names_find(&t->colors, name, strlen(name)) + 1;
}

unsigned long
dlx_text_option_line(const dlx_text *t, int opt)
{
	if (t == NULL || opt < 0 || (size_t)opt >= t->noptlines)
		return 0;
	return t->optline[opt];
}

size_t
dlx_text_nskipped(const dlx_text *t)
{
	return t != NULL ? t->nskipped : 0;
}

/* Append s to buf as snprintf would, counting in *n what it would write. */
static void
append(char *buf, size_t size, size_t *n, const char *s)
{
	size_t	 len = strlen(s);

	if (*n < size) {
		size_t	 room = size - *n - 1;

		memcpy(buf + *n, s, len < room ? len : room);
	}
	*n += len;
}

size_t
dlx_text_format_option(const dlx_text *t, int opt, char *buf, size_t size)
{
	char		 num[32];
	const char	*s;
	size_t		 k, m, n = 0;
	int		 item, color;

	m = t != NULL && opt >= 0 && (size_t)opt < dlx_noptions(t->d) ?
	    dlx_option_size(t->d, opt) : 0;
	for (k = 0; k < m; k++) {
		if (k > 0)
			append(buf, size, &n, " ");
		item = dlx_option_item(t->d, opt, k);
		if ((s = names_get(&t->items, (size_t)item)) == NULL) {
			snprintf(num, sizeof num, "#%d", item);
			s = num;
		}
		append(buf, size, &n, s);
		if ((color = dlx_option_color(t->d, opt, k)) != 0) {
			append(buf, size, &n, ":");
			if ((s = dlx_text_color_name(t, color)) == NULL) {
				snprintf(num, sizeof num, "%d", color);
				s = num;
			}
			append(buf, size, &n, s);
		}
	}
	if (size > 0)
		buf[n < size ? n : size - 1] = '\0';
	return n;
}
