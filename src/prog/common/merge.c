/*
 * merge.c: `dlx merge` (and `dlx-sudoku merge`): add up the part records
 * that `--part K/N` runs wrote, exactly.
 *
 * A record is one line of JSON, an object with "type":"part" (cluster.c
 * writes them).  Lines of other types are skipped, so a file may hold a
 * part's whole output.  The records must agree on the program, its
 * version, the problem's digest, the splitting rule and N; anything else
 * is refused (exit 2) with a message saying what is wrong, since a sum of
 * the wrong parts is a wrong answer that looks right.  Counts are added
 * in 128 bits.
 *
 * The parts form a tree.  A record names a node by its path: part K of
 * N ("part", "parts"), then, for a sub-part, the re-splits below it
 * ("lineage": "K/N@ID,K/N@ID", top first; ID is the split's, the
 * dlx_pos_id() of the position that was split, dlx_part.h).  The records
 * add up to the whole when every node they reach is covered exactly once:
 *
 *   - the root's children, parts 1..N, are each covered;
 *   - a node is covered by one record of its own path (a leaf), or by
 *     the sub-parts of one split of it: every record below it names
 *     the same N and ID at that level, and each sub-part 1..N is
 *     covered in its turn.
 *
 * So a node given whole and split ("part 3/8 given both whole and
 * split"), two records of one node ("again"), and sub-parts of two
 * splits of one node ("split two ways") are refused, always; a part or
 * sub-part no record reaches is missing ("part 3/8: sub-part 2/4
 * missing"), refused unless --partial, which adds what is there.  The
 * check sorts the records by path (per level: N, ID, then K) and walks
 * each node's range of records once (merge_node()): another reader of
 * the records (python/) can do the same in a few lines.
 */
#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prog/common/cluster.h"
#include "dlx_part.h"

/* Sums of part counts, exact below 2^128 (GCC and Clang on 64-bit hosts;
 * the library keeps its own, and gives the public form struct dlx_wide). */
typedef unsigned __int128 u128;

#define MAX_FIELD	256		/* longest string value kept */

/* One level of a record's path: part (or sub-part) k of n of the split
 * id (0 at the top, where the tree is cut by the rule alone). */
struct step {
	uint64_t	 k, n, id;
};

#define MAX_STEPS	(DLX_PART_DEPTH + 1)

/* One part record. */
struct rec {
	struct step	 path[MAX_STEPS]; /* path[0]: part, parts; then
					   the lineage */
	unsigned	 depth;		/* steps in path */
	char		 program[MAX_FIELD];
	char		 version[MAX_FIELD];
	char		 problem[MAX_FIELD];
	uint64_t	 split, part, parts;
	u128		 solutions;
	uint64_t	 nodes, updates;
	double		 seconds;
	int		 have;		/* bit per required member seen */
};

enum { H_TYPE = 1, H_PROGRAM = 2, H_VERSION = 4, H_PROBLEM = 8,
	H_SPLIT = 16, H_PART = 32, H_PARTS = 64, H_SOLUTIONS = 128,
	H_ALL = 255 };

/* Where a record came from, for messages. */
struct seen {
	const char	*file;
	unsigned long	 line;
};

static const char	*mprog;

static void
mdiag(const char *fmt, ...) __attribute__((__format__(__printf__, 1, 2)));

static void
mdiag(const char *fmt, ...)
{
	va_list	ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", mprog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static const char *
skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\r')
		p++;
	return p;
}

/* A JSON string at p into out (cap bytes; escapes kept only for \" and
 * \\, others refused: records hold plain text).  Returns the end or NULL. */
static const char *
get_string(const char *p, char *out, size_t cap)
{
	size_t	n = 0;

	if (*p++ != '"')
		return NULL;
	while (*p != '"') {
		if (*p == '\0' || (unsigned char)*p < 0x20)
			return NULL;
		if (*p == '\\') {
			p++;
			if (*p != '"' && *p != '\\')
				return NULL;
		}
		if (n + 1 >= cap)
			return NULL;
		out[n++] = *p++;
	}
	out[n] = '\0';
	return p + 1;
}

/* A JSON number at p: its text into out.  Returns the end or NULL. */
static const char *
get_number(const char *p, char *out, size_t cap)
{
	size_t	n = 0;

	while ((*p >= '0' && *p <= '9') || *p == '.' || *p == 'e' ||
	    *p == 'E' || *p == '+' || *p == '-') {
		if (n + 1 >= cap)
			return NULL;
		out[n++] = *p++;
	}
	if (n == 0)
		return NULL;
	out[n] = '\0';
	return p;
}

/* Digits only, as an unsigned integer up to max; -1 if not. */
static int
to_u64(const char *s, uint64_t max, uint64_t *v)
{
	uint64_t	x = 0;

	if (*s == '\0')
		return -1;
	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '9' ||
		    x > (max - (uint64_t)(*s - '0')) / 10)
			return -1;
		x = x * 10 + (uint64_t)(*s - '0');
	}
	*v = x;
	return 0;
}

static int
to_u128(const char *s, u128 *v)
{
	u128	x = 0, d;

	if (*s == '\0')
		return -1;
	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		d = (u128)(*s - '0');
		if (x > (~(u128)0 - d) / 10)
			return -1;
		x = x * 10 + d;
	}
	*v = x;
	return 0;
}

/* "K/N@ID,K/N@ID..." (cluster_write_record()) into r->path[1...]; -1 if
 * it is not that. */
static int
get_lineage(const char *s, struct rec *r)
{
	char		 num[24];
	const char	*e;
	struct step	*st;
	size_t		 n;

	r->depth = 1;
	while (*s != '\0') {
		if (r->depth == MAX_STEPS)
			return -1;
		st = &r->path[r->depth++];
		for (n = 0; *s >= '0' && *s <= '9' && n < 8; n++)
			num[n] = *s++;
		num[n] = '\0';
		if (*s++ != '/' || to_u64(num, 1u << 20, &st->k) != 0)
			return -1;
		for (n = 0; *s >= '0' && *s <= '9' && n < 8; n++)
			num[n] = *s++;
		num[n] = '\0';
		if (*s++ != '@' || to_u64(num, 1u << 20, &st->n) != 0 ||
		    st->k == 0 || st->k > st->n)
			return -1;
		for (n = 0; n < 16; n++)
			if (!((s[n] >= '0' && s[n] <= '9') ||
			    (s[n] >= 'a' && s[n] <= 'f')))
				return -1;
		st->id = strtoull(s, (char **)&e, 16);
		if (e - s != 16 || (*e != ',' && *e != '\0'))
			return -1;
		s = *e == ',' && e[1] != '\0' ? e + 1 : e;
		if (*e == ',' && e[1] == '\0')
			return -1;
	}
	return 0;
}

/*
 * Take one member, key and its value val (is_str: it was a JSON string),
 * into r; *ispart notes whether "type" says "part".  Members of other
 * names or kinds are ignored.  Returns -1 for a value out of range.
 */
static int
parse_member(const char *key, const char *val, int is_str, struct rec *r,
    int *ispart)
{
	if (strcmp(key, "type") == 0 && is_str) {
		r->have |= H_TYPE;
		*ispart = strcmp(val, "part") == 0;
	} else if (strcmp(key, "program") == 0 && is_str) {
		strcpy(r->program, val);
		r->have |= H_PROGRAM;
	} else if (strcmp(key, "version") == 0 && is_str) {
		strcpy(r->version, val);
		r->have |= H_VERSION;
	} else if (strcmp(key, "problem") == 0 && is_str) {
		strcpy(r->problem, val);
		r->have |= H_PROBLEM;
	} else if (strcmp(key, "split") == 0 && !is_str) {
		if (to_u64(val, UINT32_MAX, &r->split) != 0)
			return -1;
		r->have |= H_SPLIT;
	} else if (strcmp(key, "part") == 0 && !is_str) {
		if (to_u64(val, UINT32_MAX, &r->part) != 0)
			return -1;
		r->have |= H_PART;
	} else if (strcmp(key, "parts") == 0 && !is_str) {
		if (to_u64(val, UINT32_MAX, &r->parts) != 0)
			return -1;
		r->have |= H_PARTS;
	} else if (strcmp(key, "solutions") == 0 && !is_str) {
		if (to_u128(val, &r->solutions) != 0)
			return -1;
		r->have |= H_SOLUTIONS;
	} else if (strcmp(key, "nodes") == 0 && !is_str) {
		if (to_u64(val, UINT64_MAX, &r->nodes) != 0)
			return -1;
	} else if (strcmp(key, "updates") == 0 && !is_str) {
		if (to_u64(val, UINT64_MAX, &r->updates) != 0)
			return -1;
	} else if (strcmp(key, "seconds") == 0 && !is_str)
		r->seconds = strtod(val, NULL);
	else if (strcmp(key, "lineage") == 0 && is_str)
		return get_lineage(val, r);
	return 0;
}

/* Whether r, a whole part record, names every required member and a part
 * in 1..parts: 1 if so, -1 with *why if not. */
static int
check_record(const struct rec *r, const char **why)
{
	if ((r->have & H_ALL) != H_ALL) {
		*why = "part record without program, version, problem, "
		    "split, part, parts or solutions";
		return -1;
	}
	if (r->parts == 0 || r->part == 0 || r->part > r->parts) {
		*why = "part number not in 1..parts";
		return -1;
	}
	return 1;
}

/*
 * Parse one line.  Returns 1 with *r filled for a part record, 0 for an
 * empty line or an object of another type, -1 with *why for anything
 * else.
 */
static int
parse_line(const char *line, struct rec *r, const char **why)
{
	char		 key[64], val[MAX_FIELD];
	const char	*p = skip_ws(line), *q;
	int		 is_str, ispart = 0;

	memset(r, 0, sizeof *r);
	if (*p == '\n' || *p == '\0')
		return 0;
	*why = "not a JSON object";
	if (*p++ != '{')
		return -1;
	p = skip_ws(p);
	while (*p != '}') {
		*why = "bad JSON member";
		if ((p = get_string(p, key, sizeof key)) == NULL)
			return -1;
		p = skip_ws(p);
		if (*p++ != ':')
			return -1;
		p = skip_ws(p);
		is_str = *p == '"';
		q = is_str ? get_string(p, val, sizeof val) :
		    get_number(p, val, sizeof val);
		if (q == NULL) {
			/* Other members may hold anything; records do not. */
			*why = "value that is not a plain string or number";
			return -1;
		}
		p = skip_ws(q);
		*why = "bad value";
		if (parse_member(key, val, is_str, r, &ispart) != 0)
			return -1;
		if (*p == ',')
			p = skip_ws(p + 1);
		else if (*p != '}') {
			*why = "expected ',' or '}'";
			return -1;
		}
	}
	p = skip_ws(p + 1);
	if (*p != '\n' && *p != '\0') {
		*why = "text after the object";
		return -1;
	}
	if (!ispart)
		return 0;
	r->path[0].k = r->part;
	r->path[0].n = r->parts;
	r->path[0].id = 0;
	if (r->depth == 0)
		r->depth = 1;
	return check_record(r, why);
}

static void
merge_usage(FILE *fp)
{
	fprintf(fp, "Usage: %s merge [--partial] [--stats] [RECORD...]\n",
	    mprog);
	if (fp == stdout)
		fputs(
"Add up the part records (JSON lines of \"type\":\"part\") written by\n"
"'--part K/N' runs, and print the total number of solutions.  Every part\n"
"from 1 to N must be there exactly once, all of the same problem, N,\n"
"program and version.  RECORD - is standard input; with no RECORD the\n"
"records are read from standard input unless it is a terminal.\n"
"\n"
"      --partial   add the parts present, say which are missing\n"
"  -s, --stats     nodes, updates, time and the balance of the parts on\n"
"                  standard error\n"
"  -h, --help      display this help and exit\n"
"\n"
"Exit status: 0 if there are solutions, 1 if none, 2 if the records are\n"
"missing, repeated, mixed or unreadable.\n", fp);
}

/* A record kept for the check of the tree: its path and where it was. */
struct leaf {
	struct step	*path;
	unsigned	 depth;
	const char	*file;
	unsigned long	 line;
	size_t		 seq;		/* order read: the first of two
					   records of one node is named
					   second ("also ...") */
};

/* A node no record reaches: the sub-part k of node (the path of
 * leaves[lo], depth steps) of its split into n. */
struct gap {
	size_t		 lo;
	unsigned	 depth;
	uint64_t	 k, n;
};

/* What the records read so far add up to. */
struct merge {
	struct rec	 first;		/* the first record: the others must
					   agree with it */
	struct leaf	*leaves;	/* every record taken */
	size_t		 nleaves, cap;
	struct gap	*gaps;		/* sub-parts missing (top parts
					   apart: in top[]) */
	size_t		 ngaps, capg;
	char		*top;		/* first.parts + 1: part k reached */
	uint64_t	 present;	/* top parts reached */
	int		 errors;	/* overlaps, repeats, mixed splits */
	u128		 total;
	uint64_t	 nodes, updates, maxupd;
	double		 secs, maxsecs;
};

/*
 * The options of `merge`, into *partial and *stats.  Returns -1 to go on
 * with the files from optind, or the exit status after --help or a usage
 * error (said on stderr).
 */
static int
merge_options(const char *prog, int argc, char **argv, int *partial,
    int *stats)
{
	static const struct option longopts[] = {
		{ "partial",	no_argument,	NULL, 'P' },
		{ "stats",	no_argument,	NULL, 's' },
		{ "help",	no_argument,	NULL, 'h' },
		{ NULL,		0,		NULL, 0 }
	};
	int	c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "sh", longopts, NULL)) != -1) {
		switch (c) {
		case 'P':
			*partial = 1;
			break;
		case 's':
			*stats = 1;
			break;
		case 'h':
			merge_usage(stdout);
			return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 2;
		default:
			fprintf(stderr, "Try '%s merge --help' for more "
			    "information.\n", prog);
			return 2;
		}
	}
	/*
	 * No file: the records come from standard input, as for cat and
	 * sort, but only from a pipe or a file; on a terminal the user
	 * most likely forgot the files, and waiting for typed JSON would
	 * look like a hang.
	 */
	if (optind == argc && isatty(STDIN_FILENO)) {
		mdiag("merge: no part records given (name the files, or "
		    "pipe the records in)");
		fprintf(stderr, "Try '%s merge --help' for more "
		    "information.\n", prog);
		return 2;
	}
	return -1;
}

/*
 * Add r, read at file:lineno, to m.  The first record fixes the program,
 * version, problem, split and N; a record that differs is refused.  The
 * tree of parts is checked once every record is in (merge_tree()).
 * Returns 0, or -1 after saying why.
 */
static int
merge_record(struct merge *m, const struct rec *r, const char *file,
    unsigned long lineno)
{
	const struct rec	*first = &m->first;
	struct leaf		*lf;

	if (m->nleaves == 0)
		m->first = *r;
	else if (strcmp(r->program, first->program) != 0 ||
	    strcmp(r->version, first->version) != 0) {
		mdiag("%s:%lu: a record of %s %s, not of %s %s like the "
		    "first", file, lineno, r->program, r->version,
		    first->program, first->version);
		return -1;
	} else if (strcmp(r->problem, first->problem) != 0) {
		mdiag("%s:%lu: a part of another problem (%s, not %s)",
		    file, lineno, r->problem, first->problem);
		return -1;
	} else if (r->parts != first->parts || r->split != first->split) {
		mdiag("%s:%lu: part %llu of %llu, where the first record is "
		    "of %llu parts", file, lineno,
		    (unsigned long long)r->part,
		    (unsigned long long)r->parts,
		    (unsigned long long)first->parts);
		return -1;
	}
	if (m->nleaves == m->cap) {
		m->cap = 2 * m->cap + 64;
		if ((lf = realloc(m->leaves, m->cap * sizeof *lf)) == NULL) {
			mdiag("%s", strerror(ENOMEM));
			return -1;
		}
		m->leaves = lf;
	}
	lf = &m->leaves[m->nleaves];
	if ((lf->path = malloc(r->depth * sizeof *lf->path)) == NULL) {
		mdiag("%s", strerror(ENOMEM));
		return -1;
	}
	memcpy(lf->path, r->path, r->depth * sizeof *lf->path);
	lf->depth = r->depth;
	lf->file = file;
	lf->line = lineno;
	lf->seq = m->nleaves++;
	m->total += r->solutions;
	m->nodes += r->nodes;
	m->updates += r->updates;
	m->secs += r->seconds;
	if (r->updates > m->maxupd)
		m->maxupd = r->updates;
	if (r->seconds > m->maxsecs)
		m->maxsecs = r->seconds;
	return 0;
}

/* Records by path: per level N, ID, K; a node's own record before those
 * below it; then in the order read. */
static int
cmp_leaf(const void *a, const void *b)
{
	const struct leaf	*x = a, *y = b;
	unsigned		 l;

	for (l = 0; l < x->depth && l < y->depth; l++) {
		if (x->path[l].n != y->path[l].n)
			return x->path[l].n < y->path[l].n ? -1 : 1;
		if (x->path[l].id != y->path[l].id)
			return x->path[l].id < y->path[l].id ? -1 : 1;
		if (x->path[l].k != y->path[l].k)
			return x->path[l].k < y->path[l].k ? -1 : 1;
	}
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* The name of the node of depth steps of lf's path: "3/8,2/4". */
static void
node_name(const struct leaf *lf, unsigned depth, char *s, size_t size)
{
	size_t		len = 0;
	unsigned	l;

	s[0] = '\0';
	for (l = 0; l < depth && len < size; l++)
		len += (size_t)snprintf(s + len, size - len, "%s%llu/%llu",
		    l == 0 ? "" : ",", (unsigned long long)lf->path[l].k,
		    (unsigned long long)lf->path[l].n);
}

/* Note that sub-part k of n of the node (leaves[lo], depth) is missing.
 * Returns 0, -1 if out of memory. */
static int
add_gap(struct merge *m, size_t lo, unsigned depth, uint64_t k, uint64_t n)
{
	struct gap	*g;

	if (depth == 0) {
		/* A part of the top, counted in top[]. */
		return 0;
	}
	if (m->ngaps == m->capg) {
		m->capg = 2 * m->capg + 16;
		if ((g = realloc(m->gaps, m->capg * sizeof *g)) == NULL)
			return -1;
		m->gaps = g;
	}
	g = &m->gaps[m->ngaps++];
	g->lo = lo;
	g->depth = depth;
	g->k = k;
	g->n = n;
	return 0;
}

/*
 * Check the node of depth steps that the records leaves[lo..hi-1] (all
 * of the records below it, hi > lo) reach: covered once by a record of
 * its own, or by every sub-part of one split.  Overlaps, repeats and
 * mixed splits are said and counted in m->errors, gaps noted in
 * m->gaps.  Returns 0, -1 if out of memory.
 */
static int
merge_node(struct merge *m, size_t lo, size_t hi, unsigned depth)
{
	const struct leaf	*a = &m->leaves[lo], *b;
	const struct step	*st;
	char			 name[512], sub[512];
	size_t			 j, end;
	uint64_t		 k;

	if (a->depth == depth) {
		if (hi - lo == 1)
			return 0;
		b = &m->leaves[lo + 1];
		node_name(a, depth, name, sizeof name);
		if (m->errors++ >= 20)
			return 0;
		if (b->depth == depth)
			mdiag("%s:%lu: part %s again (also %s:%lu)", b->file,
			    b->line, name, a->file, a->line);
		else {
			node_name(b, b->depth, sub, sizeof sub);
			mdiag("%s:%lu: part %s given both whole and split "
			    "(sub-part %s at %s:%lu)", a->file, a->line, name,
			    sub, b->file, b->line);
		}
		return 0;
	}
	st = &a->path[depth];
	b = &m->leaves[hi - 1];
	if (b->path[depth].n != st->n || b->path[depth].id != st->id) {
		/* Sorted by N and ID first: the first record of another
		 * split is where they change. */
		for (j = lo; m->leaves[j].path[depth].n == st->n &&
		    m->leaves[j].path[depth].id == st->id; j++)
			continue;
		b = &m->leaves[j];
		if (m->errors++ < 20) {
			node_name(a, depth, name, sizeof name);
			mdiag("%s:%lu: part %s split two ways: sub-part "
			    "%llu/%llu of split %016llx here, %llu/%llu of "
			    "split %016llx at %s:%lu", b->file, b->line,
			    depth == 0 ? "(the whole)" : name,
			    (unsigned long long)b->path[depth].k,
			    (unsigned long long)b->path[depth].n,
			    (unsigned long long)b->path[depth].id,
			    (unsigned long long)st->k,
			    (unsigned long long)st->n,
			    (unsigned long long)st->id, a->file, a->line);
		}
		return 0;
	}
	/* One split: sub-parts 1..n, each a range of the records. */
	k = 1;
	for (j = lo; j < hi; j = end) {
		for (end = j + 1; end < hi &&
		    m->leaves[end].path[depth].k == m->leaves[j].path[depth].k;
		    end++)
			continue;
		for (; k < m->leaves[j].path[depth].k; k++)
			if (add_gap(m, lo, depth, k, st->n) != 0)
				return -1;
		if (depth == 0) {
			m->top[k] = 1;
			m->present++;
		}
		if (merge_node(m, j, end, depth + 1) != 0)
			return -1;
		k++;
	}
	for (; k <= st->n; k++)
		if (add_gap(m, lo, depth, k, st->n) != 0)
			return -1;
	return 0;
}

/* Check the tree of the records in m.  Returns 0, or -1 after saying
 * what is wrong (out of memory, or an overlap, repeat or mixed split);
 * gaps are left to merge_missing(). */
static int
merge_tree(struct merge *m)
{
	qsort(m->leaves, m->nleaves, sizeof *m->leaves, cmp_leaf);
	if ((m->top = calloc(m->first.parts + 1, 1)) == NULL ||
	    merge_node(m, 0, m->nleaves, 0) != 0) {
		mdiag("%s", strerror(ENOMEM));
		return -1;
	}
	if (m->errors > 20)
		mdiag("merge: %d more overlaps, repeats or mixed splits",
		    m->errors - 20);
	return m->errors > 0 ? -1 : 0;
}

/*
 * Add the part records of one file ("-": standard input, named
 * "(standard input)" in messages as the programs' readers name it) to m,
 * reading lines into *line (*cap bytes, kept across files).  Returns 0,
 * or -1 after saying what is wrong at the first bad line or on a read
 * error.
 */
static int
merge_file(struct merge *m, const char *file, char **line, size_t *cap)
{
	FILE		*fp;
	struct rec	 r;
	const char	*why;
	ssize_t		 got;
	unsigned long	 lineno = 0;
	int		 bad = 0;

	if (strcmp(file, "-") == 0) {
		file = "(standard input)";
		fp = stdin;
	} else if ((fp = fopen(file, "r")) == NULL) {
		mdiag("%s: %s", file, strerror(errno));
		return -1;
	}
	while (!bad && (got = getline(line, cap, fp)) != -1) {
		lineno++;
		if (strlen(*line) != (size_t)got) {
			mdiag("%s:%lu: NUL byte in a record", file, lineno);
			bad = 1;
			break;
		}
		switch (parse_line(*line, &r, &why)) {
		case -1:
			mdiag("%s:%lu: %s", file, lineno, why);
			bad = 1;
			continue;
		case 0:
			continue;
		}
		if (merge_record(m, &r, file, lineno) != 0)
			bad = 1;
	}
	if (!bad && ferror(fp)) {
		mdiag("%s: %s", file, strerror(errno));
		bad = 1;
	}
	if (fp != stdin)
		fclose(fp);
	else
		clearerr(fp);	/* a second "-" reads on, like cat's */
	return bad ? -1 : 0;
}

/* Name the first few parts and sub-parts m lacks on stderr.  Returns -1
 * if that leaves no total (without --partial), else 0. */
static int
merge_missing(const struct merge *m, const char *prog, int partial)
{
	const struct gap	*g;
	char			 name[512];
	uint64_t		 k;
	size_t			 i;
	int			 shown = 0;

	fflush(stdout);
	if (m->present < m->first.parts) {
		fprintf(stderr, "%s: merge: %llu of %llu parts; missing:",
		    prog, (unsigned long long)m->present,
		    (unsigned long long)m->first.parts);
		for (k = 1; k <= m->first.parts; k++)
			if (!m->top[k] && shown++ < 20)
				fprintf(stderr, " %llu", (unsigned long long)k);
		fprintf(stderr, "%s\n", shown > 20 ? " ..." : "");
	}
	for (i = 0; i < m->ngaps && i < 20; i++) {
		g = &m->gaps[i];
		node_name(&m->leaves[g->lo], g->depth, name, sizeof name);
		fprintf(stderr, "%s: merge: part %s: sub-part %llu/%llu "
		    "missing\n", prog, name, (unsigned long long)g->k,
		    (unsigned long long)g->n);
	}
	if (m->ngaps > 20)
		fprintf(stderr, "%s: merge: %zu more sub-parts missing\n",
		    prog, m->ngaps - 20);
	if (!partial) {
		fprintf(stderr, "%s: merge: no total without every "
		    "part (--partial adds those present)\n", prog);
		return -1;
	}
	return 0;
}

/* The figures of --stats on stderr. */
static void
merge_stats(const struct merge *m)
{
	fflush(stdout);
	fprintf(stderr, "parts: %llu of %llu\n",
	    (unsigned long long)m->present,
	    (unsigned long long)m->first.parts);
	if (m->nleaves != m->present)
		fprintf(stderr, "records: %zu\n", m->nleaves);
	fprintf(stderr, "nodes: %llu\n", (unsigned long long)m->nodes);
	fprintf(stderr, "updates: %llu\n", (unsigned long long)m->updates);
	fprintf(stderr, "time: %.3f s\n", m->secs);
	fprintf(stderr, "largest part / mean: %.3f updates, %.3f time\n",
	    m->updates > 0 ? (double)m->maxupd * (double)m->nleaves /
	    (double)m->updates : 0.0, m->secs > 0 ?
	    m->maxsecs * (double)m->nleaves / m->secs : 0.0);
}

int
merge_main(const char *prog, int argc, char **argv)
{
	struct merge	 m;
	char		*line = NULL, num[48];
	size_t		 cap = 0, j;
	int		 i, partial = 0, stats = 0, bad = 0, gaps = 0;
	int		 status;

	mprog = prog;
	/* A merge saves nothing on the way: a signal ends it as it ends
	 * any filter (cli_init()'s handlers are for the searches, and
	 * would make a read of a pipe fail with EINTR here). */
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	if ((status = merge_options(prog, argc, argv, &partial,
	    &stats)) != -1)
		return status;
	memset(&m, 0, sizeof m);
	if (optind == argc && merge_file(&m, "-", &line, &cap) != 0)
		bad = 1;
	for (i = optind; i < argc && !bad; i++)
		if (merge_file(&m, argv[i], &line, &cap) != 0)
			bad = 1;
	free(line);
	if (!bad && m.nleaves == 0) {
		mdiag("merge: no part records in the input");
		bad = 1;
	}
	if (!bad && merge_tree(&m) != 0)
		bad = 1;
	gaps = !bad && (m.present < m.first.parts || m.ngaps > 0);
	if (gaps && merge_missing(&m, prog, partial) != 0)
		bad = 1;
	for (j = 0; j < m.nleaves; j++)
		free(m.leaves[j].path);
	free(m.leaves);
	free(m.gaps);
	free(m.top);
	if (bad)
		return 2;
	cluster_u128_text((uint64_t)(m.total >> 64), (uint64_t)m.total, num);
	if (gaps && m.ngaps > 0)
		printf("%s (partial: %llu of %llu parts, %zu sub-part%s "
		    "missing)\n", num, (unsigned long long)m.present,
		    (unsigned long long)m.first.parts, m.ngaps,
		    m.ngaps == 1 ? "" : "s");
	else if (gaps)
		printf("%s (partial: %llu of %llu parts)\n", num,
		    (unsigned long long)m.present,
		    (unsigned long long)m.first.parts);
	else
		printf("%s\n", num);
	status = m.total > 0 ? 0 : 1;
	if (stats)
		merge_stats(&m);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		mdiag("write error: %s", strerror(errno ? errno : EIO));
		return 2;
	}
	return status;
}
