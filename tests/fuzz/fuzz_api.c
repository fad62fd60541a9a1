/*
 * fuzz_api.c: libFuzzer harness for the libdlx API against a brute-force
 * model.
 *
 * The input is a little program.  Its first two bytes give the number of
 * primary (0..12) and secondary (0..3) items; each following byte is an
 * operation, some followed by argument bytes: add an option (valid or not:
 * items out of range, repeated, colored wrongly, with no primary item),
 * name an item, force and unforce options, make the next allocation fail,
 * and search in several ways (count all, with a solution limit, with a
 * node budget, stopping from the callback).  The model keeps the options
 * and the forced ones in plain arrays; after every operation the harness
 * checks that the library returned what the model allows and that
 * dlx_check() passes, and after every search that the solutions are those
 * found by trying every subset of the options (with pruning), with the
 * forced options first, each solution once.  Any difference aborts.
 *
 * Build with clang -fsanitize=fuzzer,address,undefined (see
 * tests/fuzz/run.sh); replay.c runs the same entry point over files, so
 * the seeds and every crasher found are replayed by make check.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"

#define MAXPRIM		12		/* wider than a vector of lengths */
#define MAXSEC		3
#define MAXITEMS	(MAXPRIM + MAXSEC)
#define MAXOPT		16		/* subsets stay enumerable */
#define MAXLEN		6		/* items given to one add */
/* No solution contains another (every option has a primary item), so by
 * Sperner's theorem there are at most C(16,8) = 12870 of them. */
#define MAXSOL		32768

#define CHECK(c) do {							\
	if (!(c)) {							\
		fprintf(stderr, "%s:%d: model mismatch: %s\n",		\
		    __FILE__, __LINE__, #c);				\
		abort();						\
	}								\
} while (0)

/* -DFUZZ_TRACE prints each search, to understand a crasher. */
#ifdef FUZZ_TRACE
#define TRACE(...) fprintf(stderr, __VA_ARGS__)
#else
#define TRACE(...) do { } while (0)
#endif

/* The input, read a byte at a time; 0 once it runs out. */
struct input {
	const uint8_t	*p;
	size_t		 n;
};

static unsigned
next(struct input *in)
{
	if (in->n == 0)
		return 0;
	in->n--;
	return *in->p++;
}

/* An allocator that fails when armed, and counts live blocks. */
struct fa {
	int	armed;		/* the next allocation fails */
	int	failed;		/* an allocation failed since last reset */
	long	live;
};

static void *
fa_realloc(void *ctx, void *p, size_t n)
{
	struct fa	*fa = ctx;
	void		*q;

	if (fa->armed) {
		fa->armed = 0;
		fa->failed = 1;
		return NULL;
	}
	if ((q = realloc(p, n)) != NULL && p == NULL)
		fa->live++;
	return q;
}

static void
fa_free(void *ctx, void *p)
{
	struct fa	*fa = ctx;

	if (p != NULL) {
		fa->live--;
		free(p);
	}
}

/* The model: what the library should hold. */
struct model {
	int	np, ns;			/* primary, secondary items */
	int	nopt;
	int	len[MAXOPT];
	int	item[MAXOPT][MAXLEN];
	int	color[MAXOPT][MAXLEN];
	int	forced[MAXOPT];
	int	nforced;
	/* Solutions by brute force, as bit sets of options. */
	uint32_t *sol;			/* MAXSOL entries */
	int	nsol;
	/* Working state of the enumeration. */
	int	pused[MAXITEMS];	/* times a primary item is covered */
	int	suse[MAXITEMS];		/* options naming a secondary item */
	int	scolor[MAXITEMS];	/* its color (-1: named uncolored) */
	int	last[MAXITEMS];		/* last option naming a primary item
					   (-1: none), for pruning */
};

/* Can option j join the options already taken in m's working state? */
static int
fits(const struct model *m, int j)
{
	int	k, i, c;

	for (k = 0; k < m->len[j]; k++) {
		i = m->item[j][k];
		c = m->color[j][k];
		if (i < m->np) {
			if (m->pused[i])
				return 0;
		} else if (m->suse[i] > 0 && (c == 0 || m->scolor[i] != c))
			return 0;
	}
	return 1;
}

static void
take(struct model *m, int j, int dir)
{
	int	k, i;

	for (k = 0; k < m->len[j]; k++) {
		i = m->item[j][k];
		if (i < m->np)
			m->pused[i] += dir;
		else {
			m->suse[i] += dir;
			m->scolor[i] = m->color[j][k] == 0 ? -1 :
			    m->color[j][k];
		}
	}
}

static int
is_forced(const struct model *m, int j)
{
	int	k;

	for (k = 0; k < m->nforced; k++)
		if (m->forced[k] == j)
			return 1;
	return 0;
}

/* Every subset of options j.. that completes the current one. */
static void
enumerate(struct model *m, int j, uint32_t set)
{
	int	i;

	/* A primary item still uncovered that no later option names: no
	 * completion. */
	for (i = 0; i < m->np; i++)
		if (m->pused[i] == 0 && m->last[i] < j)
			return;
	if (j == m->nopt) {
		for (i = 0; i < m->np; i++)
			CHECK(m->pused[i] == 1);
		CHECK(m->nsol < MAXSOL);
		m->sol[m->nsol++] = set;
		return;
	}
	if (!is_forced(m, j) && fits(m, j)) {
		take(m, j, 1);
		enumerate(m, j + 1, set | (uint32_t)1 << j);
		take(m, j, -1);
	}
	enumerate(m, j + 1, set);
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t	x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static void
model_solve(struct model *m)
{
	uint32_t	set = 0;
	int		k, j;

	for (k = 0; k < m->np; k++)
		m->last[k] = -1;
	for (j = 0; j < m->nopt; j++)
		for (k = 0; k < m->len[j]; k++)
			if (m->item[j][k] < m->np && !is_forced(m, j))
				m->last[m->item[j][k]] = j;
	memset(m->pused, 0, sizeof m->pused);
	memset(m->suse, 0, sizeof m->suse);
	memset(m->scolor, 0, sizeof m->scolor);
	m->nsol = 0;
	/* The forced options are compatible (the model checked them). */
	for (k = 0; k < m->nforced; k++) {
		CHECK(fits(m, m->forced[k]));
		take(m, m->forced[k], 1);
		set |= (uint32_t)1 << m->forced[k];
	}
	enumerate(m, 0, set);
	qsort(m->sol, (size_t)m->nsol, sizeof m->sol[0], cmp_u32);
}

/* Solutions reported by the library. */
struct seen {
	struct model	*m;
	dlx		*d;
	uint32_t	*sol;		/* MAXSOL entries */
	int		 n;
	int		 stop_after;	/* stop when n reaches it; 0: never */
	int		 progress_left;	/* progress calls before stopping */
	int		 poke;		/* try forbidden calls in the callback */
};

static int
visit(void *arg, const int *options, size_t n)
{
	struct seen	*s = arg;
	struct model	*m = s->m;
	uint32_t	 set = 0;
	size_t		 k;
	int		 item = 0;

	CHECK(n <= (size_t)m->nopt);
	/* The forced options first, in the order they were forced. */
	CHECK(n >= (size_t)m->nforced);
	for (k = 0; k < (size_t)m->nforced; k++)
		CHECK(options[k] == m->forced[k]);
	for (k = 0; k < n; k++) {
		CHECK(options[k] >= 0 && options[k] < m->nopt);
		CHECK((set & (uint32_t)1 << options[k]) == 0);
		set |= (uint32_t)1 << options[k];
	}
	CHECK(s->n < MAXSOL);
	s->sol[s->n++] = set;
	if (s->poke) {
		/* Changing the matrix inside a callback is refused. */
		CHECK(dlx_add_option(s->d, &item, 1) == DLX_EMISUSE);
		CHECK(dlx_force(s->d, 0) == DLX_EMISUSE);
		CHECK(dlx_unforce(s->d) == DLX_EMISUSE);
		CHECK(dlx_count(s->d, 0, NULL) == DLX_EMISUSE);
		CHECK(dlx_check(s->d) == DLX_OK);
		CHECK(dlx_nforced(s->d) == (size_t)m->nforced);
	}
	return s->stop_after != 0 && s->n >= s->stop_after;
}

/* A progress callback: read-only calls work; stop after some calls. */
static int
progress(void *arg, const struct dlx_stats *st)
{
	struct seen	*s = arg;
	double		 f = dlx_progress(s->d);

	CHECK(f >= 0.0 && f <= 1.0);
	CHECK(st->solutions == (uint64_t)s->n);
	CHECK(dlx_check(s->d) == DLX_OK);
	CHECK(dlx_add_option(s->d, NULL, 0) == DLX_EMISUSE);
	return --s->progress_left == 0;
}

/* Every solution the library found is one of the model's, once. */
static void
check_subset(struct seen *s)
{
	int	k;

	qsort(s->sol, (size_t)s->n, sizeof s->sol[0], cmp_u32);
	for (k = 0; k < s->n; k++) {
		CHECK(k == 0 || s->sol[k] != s->sol[k - 1]);
		CHECK(bsearch(&s->sol[k], s->m->sol, (size_t)s->m->nsol,
		    sizeof s->sol[0], cmp_u32) != NULL);
	}
}

/* Scratch for the solutions of one search (the harness is single
 * threaded). */
static uint32_t	seen_sol[MAXSOL];
static uint32_t	model_sol[MAXSOL];

static void
op_add(struct input *in, struct model *m, dlx *d, struct fa *fa)
{
	int	items[MAXLEN], colors[MAXLEN];
	int	n, k, j, c, rc, bad, range, color, dup, prim, use_colors, full;

	n = (int)(next(in) % (MAXLEN + 1));
	/* The model's size limit, not the library's: read on, add nothing. */
	full = m->nopt == MAXOPT;
	use_colors = next(in) & 1;
	range = color = dup = prim = 0;
	for (k = 0; k < n; k++) {
		/* Mostly valid items, sometimes one out of range. */
		items[k] = (int)(next(in) % (unsigned)(m->np + m->ns + 2)) - 1;
		c = (int)(next(in) % 8);
		colors[k] = c < 5 ? 0 : c < 7 ? c - 4 : -1;
		if (!use_colors)
			colors[k] = 0;
		if (items[k] < 0 || items[k] >= m->np + m->ns) {
			range = 1;
			continue;
		}
		if (colors[k] < 0 || (colors[k] != 0 && items[k] < m->np))
			color = 1;
		for (j = 0; j < k; j++)
			if (items[j] == items[k])
				dup = 1;
		if (items[k] < m->np)
			prim = 1;
	}
	if (full)
		return;
	rc = use_colors ? dlx_add_option_colored(d, items, colors,
	    (size_t)n) : dlx_add_option(d, items, (size_t)n);
	bad = range || color || dup || !prim || m->nforced > 0;
	/* Only running out of memory may come of a failed allocation. */
	CHECK(!fa->failed || rc == DLX_ENOMEM);
	if (rc >= 0) {
		CHECK(!bad);
		CHECK(rc == m->nopt);
		m->len[m->nopt] = n;
		memcpy(m->item[m->nopt], items, sizeof items);
		memcpy(m->color[m->nopt], colors, sizeof colors);
		m->nopt++;
		return;
	}
	/* An error: one the model predicts, and nothing was added. */
	switch (rc) {
	case DLX_EMISUSE:
		CHECK(m->nforced > 0);
		break;
	case DLX_ERANGE:
		CHECK(range);
		break;
	case DLX_ECOLOR:
		CHECK(color);
		break;
	case DLX_EDUPITEM:
		CHECK(dup);
		break;
	case DLX_ENOPRIMARY:
		CHECK(!prim);
		break;
	case DLX_ENOMEM:
		CHECK(fa->failed && !bad);
		break;
	default:
		CHECK(!"unexpected return code");
	}
	CHECK(dlx_noptions(d) == (size_t)m->nopt);
}

/* Would forcing option j clash with the forced ones? */
static int
clashes(struct model *m, int j)
{
	int	k, r;

	memset(m->pused, 0, sizeof m->pused);
	memset(m->suse, 0, sizeof m->suse);
	memset(m->scolor, 0, sizeof m->scolor);
	for (k = 0; k < m->nforced; k++)
		take(m, m->forced[k], 1);
	r = !fits(m, j);
	return r;
}

static void
op_force(struct input *in, struct model *m, dlx *d)
{
	int	j, rc;

	j = (int)next(in) % (m->nopt + 1);
	if (next(in) % 8 == 0)
		j = -1 - j;
	rc = dlx_force(d, j);
	if (j < 0 || j >= m->nopt) {
		CHECK(rc == DLX_ERANGE);
		return;
	}
	if (is_forced(m, j) || clashes(m, j)) {
		CHECK(rc == DLX_ECONFLICT);
		return;
	}
	CHECK(rc == DLX_OK);
	m->forced[m->nforced++] = j;
}

static void
op_search(struct input *in, struct model *m, dlx *d)
{
	struct dlx_search	s;
	struct dlx_stats	st;
	struct seen		seen;
	unsigned		how;
	int			rc;

	model_solve(m);
	memset(&s, 0, sizeof s);
	memset(&seen, 0, sizeof seen);
	seen.m = m;
	seen.d = d;
	seen.sol = seen_sol;
	how = next(in) % 6;
	seen.poke = next(in) & 1;
	s.visit = visit;
	s.visit_arg = &seen;
	switch (how) {
	case 0:			/* everything */
		break;
	case 1:			/* a solution limit */
		s.max_solutions = 1 + next(in) % 4;
		break;
	case 2:			/* the callback stops */
		seen.stop_after = 1 + (int)(next(in) % 4);
		break;
	case 3:			/* a node budget */
		s.max_nodes = 1 + next(in) % 16;
		break;
	case 4:			/* count only, no callback */
		s.visit = NULL;
		break;
	case 5:			/* progress after every update; stops */
		s.progress = progress;
		s.progress_arg = &seen;
		s.progress_updates = 1;
		seen.progress_left = 1 + (int)(next(in) % 32);
		break;
	}
	rc = dlx_search(d, &s);
	dlx_stats(d, &st);
	TRACE("search: %d options, %d forced, how %u: %d, %llu solutions, "
	    "model %d\n", m->nopt, m->nforced, how, rc,
	    (unsigned long long)st.solutions, m->nsol);
	if (s.visit != NULL)
		CHECK(st.solutions == (uint64_t)seen.n);
	check_subset(&seen);
	switch (rc) {
	case DLX_OK:
		CHECK(st.solutions == (uint64_t)m->nsol);
		CHECK(dlx_progress(d) == 1.0);
		if (s.visit != NULL)
			/* All found, each once: the same set. */
			CHECK(seen.n == m->nsol);
		CHECK(s.max_solutions == 0 ||
		    st.solutions < s.max_solutions);
		CHECK(seen.stop_after == 0 || seen.n < seen.stop_after);
		break;
	case DLX_LIMIT:
		CHECK(s.max_solutions != 0);
		CHECK(st.solutions == s.max_solutions);
		CHECK(m->nsol >= (int)s.max_solutions);
		break;
	case DLX_STOPPED:
		if (s.progress != NULL) {
			CHECK(seen.progress_left == 0);
			CHECK(st.solutions <= (uint64_t)m->nsol);
			break;
		}
		CHECK(seen.stop_after != 0 && seen.n == seen.stop_after);
		CHECK(m->nsol >= seen.stop_after);
		break;
	case DLX_INCOMPLETE:
		CHECK(s.max_nodes != 0);
		CHECK(st.solutions <= (uint64_t)m->nsol);
		break;
	default:
		CHECK(!"unexpected search result");
	}
	CHECK(st.nodes >= st.solutions);
}

static void
op_first(struct model *m, dlx *d)
{
	struct seen	seen;
	int		opts[MAXOPT];
	size_t		n;
	int		rc;

	model_solve(m);
	rc = dlx_first(d, opts, MAXOPT, &n);
	if (m->nsol == 0) {
		CHECK(rc == DLX_OK);
		return;
	}
	CHECK(rc == DLX_LIMIT);
	memset(&seen, 0, sizeof seen);
	seen.m = m;
	seen.d = d;
	seen.sol = seen_sol;
	(void)visit(&seen, opts, n);
	check_subset(&seen);
}

static void
op_name(struct input *in, struct model *m, dlx *d, struct fa *fa)
{
	const char	*old;
	char		 name[8], save[8] = "";
	int		 item, rc;

	item = (int)(next(in) % (unsigned)(m->np + m->ns + 1));
	snprintf(name, sizeof name, "i%u", next(in));
	old = dlx_item_name(d, item);
	if (old != NULL)
		snprintf(save, sizeof save, "%s", old);
	rc = dlx_set_item_name(d, item, name);
	CHECK(!fa->failed || rc == DLX_ENOMEM);
	if (item >= m->np + m->ns) {
		CHECK(rc == DLX_ERANGE);
		CHECK(dlx_item_name(d, item) == NULL);
	} else if (rc == DLX_ENOMEM) {
		/* The old name is kept. */
		CHECK(fa->failed);
		old = dlx_item_name(d, item);
		CHECK(old == NULL ? save[0] == '\0' : strcmp(old, save) == 0);
	} else {
		CHECK(rc == DLX_OK);
		CHECK(strcmp(dlx_item_name(d, item), name) == 0);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input		 in = { data, size };
	struct dlx_allocator	 a;
	struct fa		 fa;
	struct model		*m;
	dlx			*d;
	int			 ops;

	if ((m = calloc(1, sizeof *m)) == NULL)
		return 0;
	m->sol = model_sol;
	memset(&fa, 0, sizeof fa);
	a.realloc = fa_realloc;
	a.free = fa_free;
	a.ctx = &fa;
	m->np = (int)(next(&in) % (MAXPRIM + 1));
	m->ns = (int)(next(&in) % (MAXSEC + 1));
	d = dlx_new_custom((size_t)m->np, (size_t)m->ns, &a);
	CHECK(d != NULL);
	/* Bounded work per input, however long it is. */
	for (ops = 0; in.n > 0 && ops < 200; ops++) {
		fa.failed = 0;
		switch (next(&in) % 10) {
		case 0:
		case 1:
		case 2:
			op_add(&in, m, d, &fa);
			break;
		case 3:
			op_force(&in, m, d);
			break;
		case 4:
			CHECK(dlx_unforce(d) ==
			    (m->nforced > 0 ? DLX_OK : DLX_EMISUSE));
			if (m->nforced > 0)
				m->nforced--;
			break;
		case 5:
			dlx_unforce_all(d);
			m->nforced = 0;
			break;
		case 6:
			op_search(&in, m, d);
			break;
		case 7:
			op_first(m, d);
			break;
		case 8:
			op_name(&in, m, d, &fa);
			break;
		case 9:
			fa.armed = 1;	/* the next allocation fails */
			continue;
		}
		fa.armed = 0;
		CHECK(dlx_check(d) == DLX_OK);
		CHECK(dlx_noptions(d) == (size_t)m->nopt);
		CHECK(dlx_nforced(d) == (size_t)m->nforced);
	}
	/* Whatever was forced, one last full search agrees with the model. */
	{
		uint8_t		zero[2] = { 0, 0 };
		struct input	z = { zero, 2 };

		op_search(&z, m, d);
	}
	dlx_free(d);
	CHECK(fa.live == 0);
	free(m);
	return 0;
}
