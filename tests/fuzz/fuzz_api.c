/*
 * fuzz_api.c: libFuzzer harness for the libdlx API against a brute-force
 * model.
 *
 * The input is a little program.  Its first two bytes give the number of
 * primary (0..12) and secondary (0..3) items; each following byte is an
 * operation, some followed by argument bytes: add an option (valid or not:
 * items out of range, repeated, colored wrongly, with no primary item),
 * name an item, force and unforce options, give a primary item bounds
 * lo..hi (Algorithm M; invalid ones too: lo > hi, lo < 0, a secondary
 * item), make the next allocation fail, search in several ways (count
 * all, with a solution limit, with a node budget, stopping from the
 * callback, in Knuth's tree or the fast one), count with dlxi_count_wide()
 * in every memo mode, branching order and a small cache budget (so that
 * entries are replaced), ask for the first branching step, and check the
 * wide arithmetic against unsigned __int128.  The model keeps the
 * options, bounds and forced options in plain arrays; after every
 * operation the harness checks that the library returned what the model
 * allows and that dlx_check() passes, and after every search or count
 * that the solutions are those found by trying every subset of the
 * options (with pruning): each option at most once, primary item i
 * covered lo_i..hi_i times, a secondary item by one option or by options
 * of one color, with the forced options first, each solution once.  Any
 * difference aborts.
 *
 * Operations 10..15 came later than 0..9; the op byte is taken modulo 16,
 * so inputs written for the first ten (whose op bytes are all below 10)
 * mean what they always meant.
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
#include "lib/core/search_int.h"

#define MAXPRIM		12		/* wider than a vector of lengths */
#define MAXSEC		3
#define MAXITEMS	(MAXPRIM + MAXSEC)
#define MAXOPT		16		/* subsets stay enumerable */
#define MAXLEN		6		/* items given to one add */
#define MAXBOUND	4		/* bounds tried: -1..MAXBOUND */
/* Without bounds no solution contains another (every option has a primary
 * item), so by Sperner's theorem there are at most C(16,8) = 12870 of
 * them; with lower bounds of 0 every subset may be one. */
#define MAXSOL		(1 << MAXOPT)

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
	int	lo[MAXPRIM], hi[MAXPRIM]; /* bounds of the primary items */
	int	nbounded;		/* primary items not 1..1: the
					   library runs Algorithm M */
	/* Solutions by brute force, as bit sets of options. */
	uint32_t *sol;			/* MAXSOL entries */
	int	nsol;
	int	solved;			/* sol holds the solutions of the
					   model as it is (a change of
					   options, forced options or bounds
					   clears it) */
	/* Working state of the enumeration. */
	int	pused[MAXITEMS];	/* options covering a primary item */
	int	suse[MAXITEMS];		/* options naming a secondary item */
	int	scolor[MAXITEMS];	/* its color (-1: named uncolored) */
	int	left[MAXOPT + 1][MAXPRIM]; /* options j.. that may still
					   cover primary item i, for
					   pruning */
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
			if (m->pused[i] >= m->hi[i])
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

	/* A primary item that the later options cannot bring up to its
	 * lower bound: no completion. */
	for (i = 0; i < m->np; i++)
		if (m->pused[i] + m->left[j][i] < m->lo[i])
			return;
	if (j == m->nopt) {
		for (i = 0; i < m->np; i++)
			CHECK(m->pused[i] >= m->lo[i] &&
			    m->pused[i] <= m->hi[i]);
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

	/* Up to 2^16 subsets: solve once per change. */
	if (m->solved)
		return;
	memset(m->left[m->nopt], 0, sizeof m->left[0]);
	for (j = m->nopt - 1; j >= 0; j--) {
		memcpy(m->left[j], m->left[j + 1], sizeof m->left[0]);
		if (!is_forced(m, j))
			for (k = 0; k < m->len[j]; k++)
				if (m->item[j][k] < m->np)
					m->left[j][m->item[j][k]]++;
	}
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
	m->solved = 1;
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
		CHECK(dlx_count(s->d, NULL) == DLX_EMISUSE);
		CHECK(dlxi_count_wide(s->d, NULL, NULL, NULL) == DLX_EMISUSE);
		CHECK(dlx_set_item_bounds(s->d, 0, 1, 1) == DLX_EMISUSE);
		CHECK(dlx_branch(s->d, NULL, NULL, NULL, 0) == DLX_EMISUSE);
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
		m->solved = 0;
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

/* The working state of the model: the forced options taken. */
static void
load_forced(struct model *m)
{
	int	k;

	memset(m->pused, 0, sizeof m->pused);
	memset(m->suse, 0, sizeof m->suse);
	memset(m->scolor, 0, sizeof m->scolor);
	for (k = 0; k < m->nforced; k++)
		take(m, m->forced[k], 1);
}

/* Would forcing option j clash with the forced ones? */
static int
clashes(struct model *m, int j)
{
	load_forced(m);
	return !fits(m, j);
}

static void
op_force(struct input *in, struct model *m, dlx *d, struct fa *fa)
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
	/* With bounds the list of forced options may have to grow. */
	if (rc == DLX_ENOMEM) {
		CHECK(fa->failed && m->nbounded > 0);
		return;
	}
	CHECK(rc == DLX_OK);
	m->forced[m->nforced++] = j;
	m->solved = 0;
}

static void
op_search(struct input *in, struct model *m, dlx *d, struct fa *fa)
{
	struct dlxi_search	s;
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
	how = next(in);
	/* Knuth's tree or the fast one: the same solutions.  (Bounds have
	 * one tree, DLX3's, whatever knuth says.) */
	s.knuth = how / 6 & 1;
	how %= 6;
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
	rc = dlxi_search(d, &s);
	dlx_stats(d, &st);
	TRACE("search: %d options, %d forced, %d bounded, how %u, knuth %d: "
	    "%d, %llu solutions, model %d\n", m->nopt, m->nforced,
	    m->nbounded, how, s.knuth, rc, (unsigned long long)st.solutions,
	    m->nsol);
	if (rc == DLX_ENOMEM) {
		/* Only Algorithm M allocates, for its first search. */
		CHECK(fa->failed && m->nbounded > 0);
		CHECK(seen.n == 0);
		return;
	}
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
op_first(struct model *m, dlx *d, struct fa *fa)
{
	struct seen	seen;
	int		opts[MAXOPT];
	size_t		n;
	int		rc;

	model_solve(m);
	rc = dlx_first(d, opts, MAXOPT, &n);
	if (rc == DLX_ENOMEM) {
		CHECK(fa->failed && m->nbounded > 0);
		return;
	}
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

/*
 * Bounds lo..hi on an item: valid or not (lo < 0, lo > hi, a secondary
 * item, an item out of range, options forced).  A refused call must leave
 * every item's bounds as they were (checked after each operation).
 */
static void
op_bounds(struct input *in, struct model *m, dlx *d, struct fa *fa)
{
	int	item, lo, hi, rc, was, now;

	item = (int)(next(in) % (unsigned)(m->np + m->ns + 2)) - 1;
	lo = (int)(next(in) % (MAXBOUND + 2)) - 1;
	hi = (int)(next(in) % (MAXBOUND + 2)) - 1;
	rc = dlx_set_item_bounds(d, item, lo, hi);
	CHECK(!fa->failed || rc == DLX_ENOMEM);
	if (m->nforced > 0) {
		CHECK(rc == DLX_EMISUSE);
		return;
	}
	if (item < 0 || item >= m->np + m->ns) {
		CHECK(rc == DLX_ERANGE);
		return;
	}
	if (item >= m->np || lo < 0 || lo > hi) {
		CHECK(rc == DLX_EINVAL);
		return;
	}
	if (rc == DLX_ENOMEM) {
		/* Only the first bounds other than 1..1 allocate. */
		CHECK(fa->failed && m->nbounded == 0 && (lo != 1 || hi != 1));
		return;
	}
	CHECK(rc == DLX_OK);
	was = m->lo[item] != 1 || m->hi[item] != 1;
	now = lo != 1 || hi != 1;
	m->nbounded += now - was;
	m->lo[item] = lo;
	m->hi[item] = hi;
	m->solved = 0;
}

/* The bounds the library reports are the model's, and the errors of
 * dlx_item_bounds() are as documented. */
static void
check_bounds(const struct model *m, const dlx *d)
{
	int	i, lo, hi;

	for (i = 0; i < m->np; i++) {
		CHECK(dlx_item_bounds(d, i, &lo, &hi) == DLX_OK);
		CHECK(lo == m->lo[i] && hi == m->hi[i]);
	}
	for (; i < m->np + m->ns; i++)
		CHECK(dlx_item_bounds(d, i, &lo, &hi) == DLX_EINVAL);
	CHECK(dlx_item_bounds(d, -1, &lo, &hi) == DLX_ERANGE);
	CHECK(dlx_item_bounds(d, m->np + m->ns, &lo, &hi) == DLX_ERANGE);
	if (m->np > 0)
		CHECK(dlx_item_bounds(d, 0, NULL, &hi) == DLX_EINVAL);
}

/* A progress callback for dlxi_count_wide(): the matrix is sound and
 * cannot be changed; stop after some calls. */
static int
count_progress(void *arg, const struct dlx_stats *st)
{
	struct seen	*s = arg;
	int		 item = 0;

	(void)st;
	CHECK(dlx_check(s->d) == DLX_OK);
	CHECK(dlx_add_option(s->d, &item, 1) == DLX_EMISUSE);
	CHECK(dlx_set_item_bounds(s->d, 0, 0, 2) == DLX_EMISUSE);
	CHECK(dlxi_count_wide(s->d, NULL, NULL, NULL) == DLX_EMISUSE);
	return --s->progress_left == 0;
}

/*
 * Count the solutions every way there is and compare with the model: the
 * plain search (dlx_count), then dlxi_count_wide() in each mode ALWAYS,
 * NEVER and AUTO with the same branching order and cache budget taken
 * from the input.  Budgets below 4 KiB hold a few buckets or none (then
 * the count is made without a cache), so that entries are replaced; 0 is
 * the default budget.  With bounds, ALWAYS is refused (DLX_ENOTSUP, as
 * dlx.h documents) and the other modes count by plain search.  One count
 * in four stops from its progress callback and must then give a lower
 * bound.  Where an allocation was made to fail, DLX_ENOMEM is allowed,
 * and nothing else changes.
 */
static void
op_count(struct input *in, struct model *m, dlx *d, struct fa *fa)
{
	static const int	 modes[] = { DLX_MEMO_ALWAYS, DLX_MEMO_NEVER,
				    DLX_MEMO_AUTO, 3, -1 };
	struct dlxi_memo		 p;
	struct dlxi_search	 ps;
	struct dlx_memo_stats	 ms;
	struct dlx_stats	 st;
	struct dlx_wide		 w;
	struct seen		 seen;
	uint64_t		 c;
	unsigned		 b, k, nmodes;
	int			 rc, mode;

	model_solve(m);
	fa->failed = 0;
	memset(&ps, 0, sizeof ps);
	rc = dlxi_search(d, &ps);
	dlx_stats(d, &st);
	c = st.solutions;
	if (rc == DLX_ENOMEM)
		CHECK(fa->failed && m->nbounded > 0);
	else {
		CHECK(rc == DLX_OK);
		CHECK(c == (uint64_t)m->nsol);
	}

	memset(&p, 0, sizeof p);
	b = next(in);
	p.order = (enum dlx_memo_order)((b & 1) + (b >> 7 & 1));
	p.no_plain = b >> 1 & 1;
	/* An invalid mode now and then. */
	nmodes = b >> 2 & 1 ? 5 : 3;
	b = next(in);
	p.memory = (size_t)b * 16;
	memset(&seen, 0, sizeof seen);
	seen.m = m;
	seen.d = d;
	if (next(in) % 4 == 3) {
		p.progress = count_progress;
		p.progress_arg = &seen;
		p.progress_updates = 1 + next(in) % 8;
	}
	for (k = 0; k < nmodes; k++) {
		mode = p.mode = modes[k];
		seen.progress_left = 1 + (int)(k * 3 % 7);
		fa->failed = 0;
		memset(&w, 0xa5, sizeof w);
		memset(&ms, 0xa5, sizeof ms);
		rc = dlxi_count_wide(d, &p, &w, &ms);
		TRACE("count_wide: mode %d order %d memory %zu no_plain %d "
		    "progress %d, %d bounded: %d, %llu (model %d), used %d, "
		    "lookups %llu hits %llu stores %llu replaced %llu\n",
		    mode, p.order, p.memory, p.no_plain,
		    p.progress != NULL, m->nbounded, rc,
		    (unsigned long long)w.lo, m->nsol, ms.used,
		    (unsigned long long)ms.lookups,
		    (unsigned long long)ms.hits,
		    (unsigned long long)ms.stores,
		    (unsigned long long)ms.replaced);
		CHECK(w.hi == 0);
		if (mode != DLX_MEMO_ALWAYS && mode != DLX_MEMO_NEVER &&
		    mode != DLX_MEMO_AUTO) {
			CHECK(rc == DLX_EINVAL);
			CHECK(w.lo == 0 && !ms.used);
			continue;
		}
		if (mode == DLX_MEMO_ALWAYS && m->nbounded > 0) {
			/* By design: the cache's state has no room for
			 * bounds, and ALWAYS promises the cache. */
			CHECK(rc == DLX_ENOTSUP);
			CHECK(w.lo == 0 && !ms.used && !ms.gave_up);
			continue;
		}
		/* The cache only ever serves problems without bounds. */
		CHECK(!ms.used || (mode != DLX_MEMO_NEVER &&
		    m->nbounded == 0));
		CHECK(!ms.gave_up || mode == DLX_MEMO_AUTO);
		if (ms.used) {
			CHECK(ms.hits <= ms.lookups);
			CHECK(ms.entries <= ms.stores);
			CHECK(p.memory == 0 || ms.bytes <= p.memory);
		}
		if (rc == DLX_ENOMEM) {
			CHECK(fa->failed && m->nbounded > 0);
			continue;
		}
		if (rc == DLX_STOPPED) {
			CHECK(p.progress != NULL && seen.progress_left == 0);
			CHECK(w.lo <= (uint64_t)m->nsol);
			continue;
		}
		if (rc == DLX_INCOMPLETE) {
			/* AUTO with no_plain, when the cache does not pay:
			 * nothing counted. */
			CHECK(p.no_plain && mode == DLX_MEMO_AUTO &&
			    m->nbounded == 0);
			CHECK(w.lo == 0);
			continue;
		}
		CHECK(rc == DLX_OK);
		CHECK(w.lo == (uint64_t)m->nsol);
		dlx_stats(d, &st);
		CHECK(st.solutions == w.lo);
		CHECK(dlx_progress(d) == 1.0);
	}
	CHECK(dlx_nforced(d) == (size_t)m->nforced);
}

/*
 * dlx_branch(): the first primary item without forced options with the
 * fewest options compatible with the forced ones (ties to the first), and
 * exactly those options.  Bounds have no such single step: DLX_ENOTSUP.
 */
static void
op_branch(struct input *in, struct model *m, dlx *d)
{
	uint64_t	updates[MAXOPT];
	int		opts[MAXOPT], cnt[MAXPRIM], seen[MAXOPT];
	int		item, rc, i, j, k, best, cap;

	cap = (int)(next(in) % (MAXOPT + 1));
	rc = dlx_branch(d, &item, opts, next(in) & 1 ? updates : NULL,
	    (size_t)cap);
	if (m->nbounded > 0) {
		CHECK(rc == DLX_ENOTSUP);
		return;
	}
	CHECK(rc >= 0);
	/* The model's lists: options that fit with the forced ones. */
	load_forced(m);
	memset(cnt, 0, sizeof cnt);
	for (j = 0; j < m->nopt; j++)
		if (!is_forced(m, j) && fits(m, j))
			for (k = 0; k < m->len[j]; k++)
				if (m->item[j][k] < m->np)
					cnt[m->item[j][k]]++;
	best = -1;
	for (i = 0; i < m->np; i++)
		if (m->pused[i] == 0 && (best < 0 || cnt[i] < cnt[best]))
			best = i;
	CHECK(item == best);
	if (best < 0) {
		CHECK(rc == 0);
		return;
	}
	CHECK(rc == cnt[best]);
	memset(seen, 0, sizeof seen);
	for (k = 0; k < rc && k < cap; k++) {
		j = opts[k];
		CHECK(j >= 0 && j < m->nopt && !seen[j]);
		seen[j] = 1;
		CHECK(!is_forced(m, j) && fits(m, j));
		for (i = 0; i < m->len[j] && m->item[j][i] != best; i++)
			continue;
		CHECK(i < m->len[j]);
	}
}

/* A 64-bit word from the input: edge values or bytes spread over it. */
static uint64_t
word(struct input *in)
{
	unsigned	b = next(in);
	uint64_t	x;

	switch (b % 4) {
	case 0:
		return b / 4;
	case 1:
		return UINT64_MAX - b / 4;
	case 2:
		/* One call per statement: the order is the input's. */
		x = (uint64_t)next(in) << 56;
		x |= (uint64_t)next(in) << 24;
		return x | next(in);
	default:
		x = next(in);
		return x * UINT64_C(0x0101010101010101);
	}
}

/* Decimal text of x, by unsigned __int128 division. */
static void
u128_text(unsigned __int128 x, char *buf)
{
	char	tmp[DLX_WIDE_DIGITS + 1];
	int	n = DLX_WIDE_DIGITS;

	tmp[n] = '\0';
	do {
		tmp[--n] = (char)('0' + (int)(x % 10));
		x /= 10;
	} while (x != 0);
	strcpy(buf, tmp + n);
}

/* dlx_wide_add, _cmp and _format against unsigned __int128. */
static void
op_wide(struct input *in)
{
	struct dlx_wide		a, b, s;
	unsigned __int128	x, y;
	char			buf[DLX_WIDE_DIGITS + 1];
	char			want[DLX_WIDE_DIGITS + 1];
	char			small[DLX_WIDE_DIGITS + 1];
	size_t			len, size;
	int			rc;

	a.hi = word(in);
	a.lo = word(in);
	b.hi = word(in);
	b.lo = word(in);
	x = (unsigned __int128)a.hi << 64 | a.lo;
	y = (unsigned __int128)b.hi << 64 | b.lo;
	CHECK(dlx_wide_cmp(a, b) == (x < y ? -1 : x > y));
	s = a;
	rc = dlx_wide_add(&s, b);
	if (x + y < x) {
		CHECK(rc == DLX_EOVERFLOW);
		CHECK(s.hi == a.hi && s.lo == a.lo);
	} else {
		CHECK(rc == DLX_OK);
		CHECK(((unsigned __int128)s.hi << 64 | s.lo) == x + y);
	}
	CHECK(dlx_wide_add(NULL, b) == DLX_EINVAL);
	u128_text(x, want);
	CHECK(dlx_wide_format(a, buf, sizeof buf) == buf);
	CHECK(strcmp(buf, want) == 0);
	/* A buffer one byte too small gives "", a big enough one the text. */
	len = strlen(want);
	size = next(in) % 2 ? len : len + 1;
	memset(small, 'x', sizeof small);
	CHECK(dlx_wide_format(a, small, size) == small);
	CHECK(size == len ? small[0] == '\0' : strcmp(small, want) == 0);
	CHECK(dlx_wide_format(a, NULL, 0) == NULL);
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
	int			 ops, i;

	if ((m = calloc(1, sizeof *m)) == NULL)
		return 0;
	m->sol = model_sol;
	memset(&fa, 0, sizeof fa);
	a.realloc = fa_realloc;
	a.free = fa_free;
	a.ctx = &fa;
	m->np = (int)(next(&in) % (MAXPRIM + 1));
	m->ns = (int)(next(&in) % (MAXSEC + 1));
	for (i = 0; i < m->np; i++)
		m->lo[i] = m->hi[i] = 1;
	CHECK(dlx_new(&d, (size_t)m->np, (size_t)m->ns,
	    &(struct dlx_options){ .alloc = &a }) == DLX_OK);
	/* Bounded work per input, however long it is. */
	for (ops = 0; in.n > 0 && ops < 200; ops++) {
		fa.failed = 0;
		switch (next(&in) % 16) {
		case 0:
		case 1:
		case 2:
			op_add(&in, m, d, &fa);
			break;
		case 3:
			op_force(&in, m, d, &fa);
			break;
		case 4:
			CHECK(dlx_unforce(d) ==
			    (m->nforced > 0 ? DLX_OK : DLX_EMISUSE));
			if (m->nforced > 0)
				m->nforced--;
			m->solved = 0;
			break;
		case 5:
			dlx_unforce_all(d);
			m->nforced = 0;
			m->solved = 0;
			break;
		case 6:
			op_search(&in, m, d, &fa);
			break;
		case 7:
			op_first(m, d, &fa);
			break;
		case 8:
			op_name(&in, m, d, &fa);
			break;
		case 9:
			fa.armed = 1;	/* the next allocation fails */
			continue;
		case 10:
		case 11:
			op_bounds(&in, m, d, &fa);
			break;
		case 12:
		case 13:
			op_count(&in, m, d, &fa);
			break;
		case 14:
			op_branch(&in, m, d);
			break;
		case 15:
			op_wide(&in);
			break;
		}
		fa.armed = 0;
		CHECK(dlx_check(d) == DLX_OK);
		CHECK(dlx_noptions(d) == (size_t)m->nopt);
		CHECK(dlx_nforced(d) == (size_t)m->nforced);
		check_bounds(m, d);
	}
	/* Whatever was forced, one last full search agrees with the model. */
	{
		uint8_t		zero[2] = { 0, 0 };
		uint8_t		tiny[3] = { 1, 80, 0 };
		struct input	z = { zero, 2 };

		op_search(&z, m, d, &fa);
		/* Every way of counting, with the default budget and with
		 * one of about two buckets. */
		z.p = zero;
		z.n = 2;
		op_count(&z, m, d, &fa);
		z.p = tiny;
		z.n = 3;
		op_count(&z, m, d, &fa);
	}
	dlx_free(d);
	CHECK(fa.live == 0);
	free(m);
	return 0;
}
