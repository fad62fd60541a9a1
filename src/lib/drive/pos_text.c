/*
 * pos_text.c: a position as text, the checkpoint's format, and back
 * (dlx_pos_format(), dlx_pos_parse()).
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/drive/part_impl.h"

/* ---- text ----------------------------------------------------------- */

struct buf {
	char	*p;
	size_t	 n, cap;
	int	 err;
};

static void
put(struct buf *b, const char *fmt, ...)
    __attribute__((__format__(__printf__, 2, 3)));

static void
put(struct buf *b, const char *fmt, ...)
{
	va_list	 ap;
	int	 m;
	char	*q;

	if (b->err)
		return;
	for (;;) {
		va_start(ap, fmt);
		m = vsnprintf(b->p + b->n, b->cap - b->n, fmt, ap);
		va_end(ap);
		if (m < 0) {
			b->err = 1;
			return;
		}
		if ((size_t)m < b->cap - b->n) {
			b->n += (size_t)m;
			return;
		}
		if ((q = realloc(b->p, 2 * b->cap + (size_t)m + 64)) ==
		    NULL) {
			b->err = 1;
			return;
		}
		b->p = q;
		b->cap = 2 * b->cap + (size_t)m + 64;
	}
}

/* One task line: the path (p then p2) and the untried counts. */
static void
put_task(struct buf *b, const int *p, const size_t *u, size_t len,
    const int *p2, const size_t *u2, size_t len2)
{
	size_t	l;

	put(b, "%zu", len + len2);
	for (l = 0; l < len; l++)
		put(b, " %d", p[l]);
	for (l = 0; l < len2; l++)
		put(b, " %d", p2[l]);
	for (l = 0; l < len; l++)
		put(b, " %zu", u[l]);
	for (l = 0; l < len2; l++)
		put(b, " %zu", u2[l]);
	put(b, "\n");
}

int
dlx_pos_format(const dlx_pos *pos, const char *program, char **text,
    size_t *len)
{
	struct buf		 b;
	const struct task	*t;
	const struct pcut	*pc;
	struct dlx_wide		 w;
	uint64_t		 nodes, updates;
	char			 num[48];
	size_t			 i;
	int			 cut;

	*text = NULL;
	if (pos == NULL || program == NULL || strchr(program, '\n') != NULL)
		return DLX_EINVAL;
	memset(&b, 0, sizeof b);
	if ((b.p = malloc(b.cap = 4096)) == NULL)
		return DLX_ENOMEM;
	cut = pos->running && pos->cutting;
	dlx_pos_figures(pos, &w, &nodes, &updates);
	dlx_wide_format(w, num, sizeof num);
	put(&b, "%s\nsplit %d\nprogram %s\nproblem %016llx\npart %u %u\n",
	    POS_MAGIC, DLX_SPLIT_VERSION, program,
	    (unsigned long long)pos->digest, pos->k, pos->n);
	/* The re-splits of the part, one line each, none for a part as
	 * dlx_split() made it: such a position reads as it always did. */
	for (i = 0; i < pos->nsteps; i++)
		put(&b, "resplit %u %u %016llx\n", pos->steps[i].k,
		    pos->steps[i].n, (unsigned long long)pos->steps[i].split);
	put(&b, "solutions %s\nnodes %llu\nupdates %llu\ntasks %zu\n",
	    num, (unsigned long long)nodes, (unsigned long long)updates,
	    dlx_pos_tasks(pos));
	for (i = pos->next; i < pos->nt; i++) {
		t = &pos->t[i];
		/* Counted on threads: done (its figures counted above), or
		 * under way and cut where its thread stands. */
		if (t->done)
			continue;
		if (i == pos->next && cut)
			put_task(&b, t->path, t->untried, t->len, pos->cutp,
			    pos->cutu, pos->cutlen);
		else if ((pc = dlxi_pos_pcut(pos, i)) != NULL)
			put_task(&b, t->path, t->untried, t->len, pc->p,
			    pc->u, pc->len);
		else
			put_task(&b, t->path, t->untried, t->len, NULL, NULL,
			    0);
	}
	if (!b.err)
		put(&b, "checksum %016llx\n", (unsigned long long)
		    mix(fnv(0xcbf29ce484222325ULL, b.p, b.n)));
	if (b.err) {
		free(b.p);
		return DLX_ENOMEM;
	}
	*text = b.p;
	*len = b.n;
	return DLX_OK;
}

/* A cursor over the text, line by line. */
struct cur {
	const char	*p, *end;
};

/* Read an unsigned decimal (no sign, no leading junk) up to max. */
static int
get_num(struct cur *c, uint64_t max, uint64_t *v)
{
	uint64_t	x = 0;
	const char	*s = c->p;

	if (c->p < c->end && *c->p == ' ')
		c->p++;
	s = c->p;
	while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
		if (x > (max - (uint64_t)(*c->p - '0')) / 10)
			return -1;
		x = x * 10 + (uint64_t)(*c->p - '0');
		c->p++;
	}
	if (c->p == s)
		return -1;
	*v = x;
	return 0;
}

/* Expect the word w (then a space or the end of the line). */
static int
get_word(struct cur *c, const char *w)
{
	size_t	n = strlen(w);

	if ((size_t)(c->end - c->p) < n || memcmp(c->p, w, n) != 0)
		return -1;
	c->p += n;
	return 0;
}

static int
get_eol(struct cur *c)
{
	if (c->p >= c->end || *c->p != '\n')
		return -1;
	c->p++;
	return 0;
}

/* Sixteen lowercase hex digits at c into *v; -1 if they are not. */
static int
get_hex16(struct cur *c, uint64_t *v)
{
	int	 i, h;

	if (c->end - c->p < 16)
		return -1;
	*v = 0;
	for (i = 0; i < 16; i++) {
		h = c->p[i];
		if (h >= '0' && h <= '9')
			h -= '0';
		else if (h >= 'a' && h <= 'f')
			h -= 'a' - 10;
		else
			return -1;
		*v = *v << 4 | (uint64_t)h;
	}
	c->p += 16;
	return 0;
}

/* " N" with N up to 2^128 - 1 into *v; -1 if not there. */
static int
get_u128(struct cur *c, u128 *v)
{
	u128	 d;

	if (c->p < c->end && *c->p == ' ')
		c->p++;
	if (c->p >= c->end || *c->p < '0' || *c->p > '9')
		return -1;
	for (*v = 0; c->p < c->end && *c->p >= '0' && *c->p <= '9'; c->p++) {
		d = (u128)(*c->p - '0');
		if (*v > (~(u128)0 - d) / 10)
			return -1;
		*v = *v * 10 + d;
	}
	return 0;
}

/*
 * The text's last line is the checksum of everything before it: check it
 * and set *body_end to that line.  DLX_OK, or DLX_ECORRUPT with *why.
 */
static int
check_sum(const char *text, size_t len, const char **body_end,
    const char **why)
{
	struct cur	 c;
	const char	*e;
	uint64_t	 sum;

	*why = "truncated";
	if (len == 0 || text[len - 1] != '\n')
		return DLX_ECORRUPT;
	for (e = text + len - 1; e > text && e[-1] != '\n'; e--)
		continue;
	c.p = e;
	c.end = text + len;
	if (get_word(&c, "checksum ") != 0 || c.end - c.p != 17 ||
	    get_hex16(&c, &sum) != 0)
		return DLX_ECORRUPT;
	*why = "checksum mismatch (the file was changed or damaged)";
	if (sum != mix(fnv(0xcbf29ce484222325ULL, text, (size_t)(e - text))))
		return DLX_ECORRUPT;
	*body_end = e;
	return DLX_OK;
}

/* The first lines: the format, the splitting rule and the program, into
 * a string *prog the caller frees.  DLX_OK, or an error with *why. */
static int
get_head(struct cur *c, char **prog, const char **why)
{
	const char	*nl;
	uint64_t	 v;

	*why = "not a position of this format";
	if (get_word(c, POS_MAGIC) != 0 || get_eol(c) != 0)
		return DLX_ECORRUPT;
	*why = "made by another splitting rule";
	if (get_word(c, "split") != 0 || get_num(c, INT_MAX, &v) != 0 ||
	    v != DLX_SPLIT_VERSION || get_eol(c) != 0)
		return DLX_ECORRUPT;
	*why = "bad syntax";
	if (get_word(c, "program ") != 0 ||
	    (nl = memchr(c->p, '\n', (size_t)(c->end - c->p))) == NULL)
		return DLX_ECORRUPT;
	*why = "out of memory";
	if ((*prog = malloc((size_t)(nl - c->p) + 1)) == NULL)
		return DLX_ENOMEM;
	memcpy(*prog, c->p, (size_t)(nl - c->p));
	(*prog)[nl - c->p] = '\0';
	c->p = nl + 1;
	return DLX_OK;
}

/* The problem, the part and the figures into pos; -1 on bad syntax. */
static int
get_figures(struct cur *c, dlx_pos *pos, uint64_t *ntasks)
{
	uint64_t	 k, n;

	if (get_word(c, "problem ") != 0 || get_hex16(c, &pos->digest) != 0 ||
	    get_eol(c) != 0 || get_word(c, "part") != 0 ||
	    get_num(c, MAX_PARTS, &k) != 0 || get_num(c, MAX_PARTS, &n) !=
	    0 || k == 0 || n == 0 || k > n || get_eol(c) != 0)
		return -1;
	pos->k = (unsigned)k;
	pos->n = (unsigned)n;
	/* The lineage of a sub-part (dlx_pos_split()), if any. */
	while (get_word(c, "resplit") == 0) {
		if (pos->nsteps == DLX_PART_DEPTH ||
		    get_num(c, MAX_PARTS, &k) != 0 ||
		    get_num(c, MAX_PARTS, &n) != 0 || k == 0 || n == 0 ||
		    k > n || get_word(c, " ") != 0 ||
		    get_hex16(c, &pos->steps[pos->nsteps].split) != 0 ||
		    get_eol(c) != 0)
			return -1;
		pos->steps[pos->nsteps].k = (unsigned)k;
		pos->steps[pos->nsteps].n = (unsigned)n;
		pos->nsteps++;
	}
	if (get_word(c, "solutions") != 0 || get_u128(c, &pos->sol) != 0 ||
	    get_eol(c) != 0 || get_word(c, "nodes") != 0 ||
	    get_num(c, UINT64_MAX, &pos->nodes) != 0 || get_eol(c) != 0 ||
	    get_word(c, "updates") != 0 ||
	    get_num(c, UINT64_MAX, &pos->updates) != 0 ||
	    get_eol(c) != 0 || get_word(c, "tasks") != 0 ||
	    get_num(c, SIZE_MAX / sizeof(struct task), ntasks) != 0 ||
	    get_eol(c) != 0)
		return -1;
	return 0;
}

/* One task line into t (its arrays allocated here, freed with the
 * position).  DLX_OK, DLX_ENOMEM, or DLX_ECORRUPT on bad syntax. */
static int
get_task(struct cur *c, const struct dlx_allocator *mem, struct task *t)
{
	uint64_t	 l, k, v;

	if (get_num(c, MAX_PATH, &l) != 0 ||
	    l > (uint64_t)(c->end - c->p) / 4)
		return DLX_ECORRUPT;
	t->path = mem_alloc(mem, (size_t)l + 1, sizeof *t->path);
	t->untried = mem_alloc(mem, (size_t)l + 1, sizeof *t->untried);
	if (t->path == NULL || t->untried == NULL)
		return DLX_ENOMEM;
	t->len = (size_t)l;
	for (k = 0; k < l; k++) {
		if (get_num(c, INT_MAX, &v) != 0)
			return DLX_ECORRUPT;
		t->path[k] = (int)v;
	}
	for (k = 0; k < l; k++) {
		if (get_num(c, INT_MAX, &v) != 0)
			return DLX_ECORRUPT;
		t->untried[k] = (size_t)v;
	}
	return get_eol(c) != 0 ? DLX_ECORRUPT : DLX_OK;
}

/* dlx_pos_parse() with its failure in *why (static). */
static int
parse(const char *text, size_t len, dlx_pos **posp, char **program,
    const char **why, const struct dlx_allocator *a)
{
	struct dlx_allocator	 mem;
	struct cur	 c;
	dlx_pos		*pos = NULL;
	const char	*body_end;
	uint64_t	 ntasks;
	char		*prog = NULL;
	size_t		 i;
	int		 rc;

	*why = "invalid argument";
	if (text == NULL || posp == NULL || program == NULL)
		return DLX_EINVAL;
	*why = "invalid allocator";
	if (mem_init(&mem, a) != DLX_OK)
		return DLX_EINVAL;
	if ((rc = check_sum(text, len, &body_end, why)) != DLX_OK)
		return rc;
	c.p = text;
	c.end = body_end;
	if ((rc = get_head(&c, &prog, why)) != DLX_OK)
		return rc;
	if ((pos = mem_zalloc(&mem, 1, sizeof *pos)) == NULL)
		goto nomem;
	pos->mem = mem;
	*why = "bad syntax";
	/* Each task takes at least two bytes: a bound before allocating. */
	if (get_figures(&c, pos, &ntasks) != 0 ||
	    ntasks > (uint64_t)(c.end - c.p) / 2)
		goto bad;
	if ((pos->t = mem_zalloc(&mem, (size_t)ntasks + 1, sizeof *pos->t)) ==
	    NULL)
		goto nomem;
	for (i = 0; i < ntasks; i++) {
		pos->nt = i + 1;
		if ((rc = get_task(&c, &mem, &pos->t[i])) == DLX_ENOMEM)
			goto nomem;
		if (rc != DLX_OK)
			goto bad;
	}
	if (c.p != c.end)
		goto bad;
	*posp = pos;
	*program = prog;
	return DLX_OK;
nomem:
	*why = "out of memory";
	dlx_pos_free(pos);
	free(prog);
	return DLX_ENOMEM;
bad:
	dlx_pos_free(pos);
	free(prog);
	return DLX_ECORRUPT;
}

int
dlx_pos_parse(const char *text, size_t len, dlx_pos **posp, char **program,
    const struct dlx_pos_options *opt, struct dlx_error *err)
{
	const char	*why = "";
	int		 rc;

	rc = parse(text, len, posp, program, &why,
	    opt != NULL ? opt->alloc : NULL);
	if (err != NULL) {
		memset(err, 0, sizeof *err);
		err->cell = -1;
		err->code = rc;
		if (rc != DLX_OK)
			snprintf(err->message, sizeof err->message, "%s",
			    why);
	}
	return rc;
}
