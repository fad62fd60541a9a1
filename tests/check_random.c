/*
 * check_random.c: the search against a reference model.  Hundreds of small
 * random problems (up to 12 items, up to 30 options, secondary items and
 * colors) are solved by libdlx and by a plain enumeration of option
 * subsets that knows nothing of dancing links; the two sets of solutions
 * must be the same.  Forcing is checked the same way.
 *
 * The generator is seeded with a fixed value, so every run sees the same
 * problems; DLX_TEST_SEED=n in the environment picks other ones.  A
 * failure prints the seed and the problem.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"
#include "dlx.h"

#define SEED		UINT64_C(20261121)
#define TRIALS		600
#define MAXITEMS	12
#define MAXOPTS		30
#define MAXSIZE		6

/* A random problem, kept in plain arrays for the model. */
struct prob {
	int	np, ns;			/* primary, secondary items */
	int	nopt;
	int	size[MAXOPTS];
	int	item[MAXOPTS][MAXSIZE];
	int	color[MAXOPTS][MAXSIZE];
};

/* A set of solutions, each a bit mask of option numbers. */
struct set {
	uint32_t	*v;
	size_t		 n, cap;
	int		 bad;		/* an option twice, or out of memory */
};

/* splitmix64: small, good enough, and the same on every platform. */
static uint64_t
rnd64(uint64_t *s)
{
	uint64_t	z = (*s += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* A number in [0, n). */
static int
rnd(uint64_t *s, int n)
{
	return (int)(rnd64(s) % (uint64_t)n);
}

static void
set_add(struct set *st, uint32_t m)
{
	uint32_t	*v;

	if (st->n == st->cap) {
		st->cap = st->cap ? 2 * st->cap : 64;
		if ((v = realloc(st->v, st->cap * sizeof *v)) == NULL) {
			st->bad = 1;
			return;
		}
		st->v = v;
	}
	st->v[st->n++] = m;
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t	x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

static void
gen(uint64_t *s, struct prob *p)
{
	int	o, k, i, j, n, dup, hasprimary, ncolors;

	p->np = 1 + rnd(s, 8);
	p->ns = rnd(s, MAXITEMS - p->np + 1);
	if (p->ns > 4)
		p->ns = rnd(s, 5);
	p->nopt = rnd(s, MAXOPTS + 1);
	ncolors = 1 + rnd(s, 3);
	n = p->np + p->ns;
	for (o = 0; o < p->nopt; o++) {
		k = 1 + rnd(s, n < 4 ? n : 4);
		hasprimary = 0;
		for (i = 0; i < k; i++) {
			do {
				p->item[o][i] = rnd(s, n);
				dup = 0;
				for (j = 0; j < i; j++)
					if (p->item[o][j] == p->item[o][i])
						dup = 1;
			} while (dup);
			if (p->item[o][i] < p->np)
				hasprimary = 1;
			p->color[o][i] = 0;
			if (p->item[o][i] >= p->np && rnd(s, 3) != 0)
				p->color[o][i] = 1 + rnd(s, ncolors);
		}
		if (!hasprimary) {
			/* Every option needs a primary item: put one first. */
			for (i = k; i > 0; i--) {
				p->item[o][i] = p->item[o][i - 1];
				p->color[o][i] = p->color[o][i - 1];
			}
			p->item[o][0] = rnd(s, p->np);
			p->color[o][0] = 0;
			k++;
		}
		p->size[o] = k;
	}
}

static void
print_prob(const struct prob *p, uint64_t seed, int trial)
{
	int	o, i;

	fprintf(stderr, "seed %" PRIu64 " trial %d: %d primary, %d "
	    "secondary, %d options\n", seed, trial, p->np, p->ns, p->nopt);
	for (o = 0; o < p->nopt; o++) {
		fprintf(stderr, "  %2d:", o);
		for (i = 0; i < p->size[o]; i++) {
			fprintf(stderr, " %d", p->item[o][i]);
			if (p->color[o][i] != 0)
				fprintf(stderr, ":%d", p->color[o][i]);
		}
		fprintf(stderr, "\n");
	}
}

/*
 * The model: try every subset of the options in index order, pruning a
 * branch as soon as two chosen options clash or a primary item can no
 * longer be covered.  A secondary item may be shared only by options that
 * all give it the same nonzero color.
 */
struct model {
	const struct prob	*p;
	int			 covered[MAXITEMS];	/* primary: 0/1 */
	int			 uses[MAXITEMS];	/* secondary: how many */
	int			 col[MAXITEMS];		/* their color */
	int			 last[MAXITEMS];	/* last option of item */
	uint32_t		 must;			/* forced options */
	struct set		*out;
};

static int
fits(const struct model *m, int o)
{
	const struct prob	*p = m->p;
	int			 i, it, c;

	for (i = 0; i < p->size[o]; i++) {
		it = p->item[o][i];
		c = p->color[o][i];
		if (it < p->np) {
			if (m->covered[it])
				return 0;
		} else if (m->uses[it] > 0 && (c == 0 || m->col[it] != c))
			return 0;
	}
	return 1;
}

static void
take(struct model *m, int o, int undo)
{
	const struct prob	*p = m->p;
	int			 i, it;

	for (i = 0; i < p->size[o]; i++) {
		it = p->item[o][i];
		if (it < p->np)
			m->covered[it] = !undo;
		else {
			m->uses[it] += undo ? -1 : 1;
			m->col[it] = p->color[o][i];
		}
	}
}

static void
model_rec(struct model *m, int o, uint32_t chosen)
{
	const struct prob	*p = m->p;
	int			 i;

	for (i = 0; i < p->np; i++)
		if (!m->covered[i] && m->last[i] < o)
			return;		/* item i can no longer be covered */
	if (o == p->nopt) {
		set_add(m->out, chosen);
		return;
	}
	if (!(m->must & (UINT32_C(1) << o)))
		model_rec(m, o + 1, chosen);
	if (fits(m, o)) {
		take(m, o, 0);
		model_rec(m, o + 1, chosen | UINT32_C(1) << o);
		take(m, o, 1);
	}
}

static void
model_solve(const struct prob *p, uint32_t must, struct set *out)
{
	struct model	m;
	int		o, i;

	memset(&m, 0, sizeof m);
	m.p = p;
	m.must = must;
	m.out = out;
	for (i = 0; i < MAXITEMS; i++)
		m.last[i] = -1;
	for (o = 0; o < p->nopt; o++)
		for (i = 0; i < p->size[o]; i++)
			m.last[p->item[o][i]] = o;
	model_rec(&m, 0, 0);
}

/* Do options a and b clash (as dlx_force() must see it)? */
static int
clash(const struct prob *p, int a, int b)
{
	int	i, j;

	for (i = 0; i < p->size[a]; i++)
		for (j = 0; j < p->size[b]; j++) {
			if (p->item[a][i] != p->item[b][j])
				continue;
			if (p->item[a][i] < p->np || p->color[a][i] == 0 ||
			    p->color[a][i] != p->color[b][j])
				return 1;
		}
	return 0;
}

/*
 * Whether d still reports option o as p has it.  During a search the
 * engine marks nodes internally (Algorithm C's purified colors), which
 * the accessors must not show.
 */
static int
same_option(dlx *d, const struct prob *p, int o)
{
	int	i;

	if (dlx_option_size(d, o) != (size_t)p->size[o])
		return 0;
	for (i = 0; i < p->size[o]; i++)
		if (dlx_option_item(d, o, i) != p->item[o][i] ||
		    dlx_option_color(d, o, i) != p->color[o][i])
			return 0;
	return 1;
}

/* What libdlx finds, as masks; the forced options must come first. */
struct collect {
	dlx		*d;
	const struct prob *p;
	struct set	*out;
	const int	*forced;
	size_t		 nforced;
	int		 check;		/* run dlx_check() in the callback */
	int		 bad;
};

static int
collect_visit(void *arg, const int *options, size_t n)
{
	struct collect	*c = arg;
	uint32_t	 m = 0, bit;
	size_t		 i;

	if (c->check && dlx_check(c->d) != DLX_OK)
		c->bad = 1;
	if (n < c->nforced)
		c->bad = 1;
	for (i = 0; i < n; i++) {
		if (i < c->nforced && options[i] != c->forced[i])
			c->bad = 1;
		if (options[i] < 0 || options[i] >= MAXOPTS) {
			c->bad = 1;
			continue;
		}
		if (c->check && !same_option(c->d, c->p, options[i]))
			c->bad = 1;
		bit = UINT32_C(1) << options[i];
		if (m & bit)
			c->bad = 1;	/* an option twice */
		m |= bit;
	}
	set_add(c->out, m);
	return 0;
}

static int
same_sets(struct set *a, struct set *b)
{
	if (a->bad || b->bad || a->n != b->n)
		return 0;
	if (a->n == 0)
		return 1;
	qsort(a->v, a->n, sizeof a->v[0], cmp_u32);
	qsort(b->v, b->n, sizeof b->v[0], cmp_u32);
	return memcmp(a->v, b->v, a->n * sizeof a->v[0]) == 0;
}

static void
dump_sets(const struct set *got, const struct set *want)
{
	size_t	i;

	fprintf(stderr, "  libdlx: %zu solutions:", got->n);
	for (i = 0; i < got->n && i < 20; i++)
		fprintf(stderr, " %#" PRIx32, got->v[i]);
	fprintf(stderr, "\n  model:  %zu solutions:", want->n);
	for (i = 0; i < want->n && i < 20; i++)
		fprintf(stderr, " %#" PRIx32, want->v[i]);
	fprintf(stderr, "\n");
}

static uint64_t
test_seed(void)
{
	const char	*e = getenv("DLX_TEST_SEED");

	return e != NULL && *e != '\0' ? strtoull(e, NULL, 0) : SEED;
}

/*
 * Solve p with libdlx (with the options of forced[] forced) and with the
 * model; returns 1 if they agree, else prints why and returns 0.
 */
static int
agree(dlx *d, const struct prob *p, const int *forced, size_t nforced,
    uint64_t seed, int trial, const char *what)
{
	struct set	 got, want;
	struct collect	 c;
	uint64_t	 count;
	uint32_t	 must = 0;
	size_t		 i;
	int		 rc, ok;

	memset(&got, 0, sizeof got);
	memset(&want, 0, sizeof want);
	memset(&c, 0, sizeof c);
	c.d = d;
	c.out = &got;
	c.forced = forced;
	c.nforced = nforced;
	c.p = p;
	c.check = trial % 8 == 0;
	for (i = 0; i < nforced; i++)
		must |= UINT32_C(1) << forced[i];
	rc = ck_solve(d, collect_visit, &c, &count);
	model_solve(p, must, &want);
	ok = rc == DLX_OK && !c.bad && count == got.n &&
	    same_sets(&got, &want);
	/* Memoized counts equal the model's: with a roomy cache, and with
	 * one so small that entries are replaced (or there is none). */
	for (i = 0; ok && i < 2; i++) {
		struct dlx_request mm;
		struct dlx_result res;
		struct dlx_wide	 w;

		memset(&mm, 0, sizeof mm);
		mm.memo = DLX_MEMO_ALWAYS;
		mm.memory = i == 0 ? 0 : 200 + (size_t)(trial % 7) * 150;
		mm.threads = 1;
		rc = dlx_run(d, &mm, &res);
		w = res.count;
		if (rc != DLX_OK || w.hi != 0 || w.lo != want.n ||
		    dlx_check(d) != DLX_OK) {
			print_prob(p, seed, trial);
			fprintf(stderr, "  %s: memo (%zu bytes) rc %d, count "
			    "%" PRIu64 ", want %zu\n", what, mm.memory, rc,
			    w.lo, want.n);
			ok = 0;
		}
	}
	if (!ok) {
		print_prob(p, seed, trial);
		fprintf(stderr, "  %s: rc %d, count %" PRIu64 ", bad %d\n",
		    what, rc, count, c.bad);
		dump_sets(&got, &want);
	}
	free(got.v);
	free(want.v);
	return ok;
}

START_TEST(test_random_vs_model)
{
	struct prob	 p;
	uint64_t	 seed = test_seed(), s = seed, count, total;
	dlx		*d;
	int		 t, o, rc, f[4], nf, i, j, conflict;
	int		 nonempty = 0;

	for (t = 0; t < TRIALS; t++) {
		gen(&s, &p);
		ck_assert_int_eq(dlx_new(&d, p.np, p.ns, NULL), DLX_OK);
		for (o = 0; o < p.nopt; o++) {
			rc = dlx_add_option_colored(d, p.item[o], p.color[o],
			    p.size[o]);
			if (rc != o)
				print_prob(&p, seed, t);
			ck_assert_int_eq(rc, o);
		}
		ck_assert_int_eq(dlx_check(d), DLX_OK);
		if (!agree(d, &p, NULL, 0, seed, t, "plain"))
			ck_abort_msg("seed %" PRIu64 " trial %d differs",
			    seed, t);
		ck_assert_int_eq(ck_count(d, 0, &total), DLX_OK);
		if (total > 0)
			nonempty++;

		/* A limit below the total stops there. */
		if (total > 1) {
			ck_assert_int_eq(ck_count(d, total - 1, &count),
			    DLX_LIMIT);
			ck_assert_uint_eq(count, total - 1);
		}

		/*
		 * Force up to four random options, one at a time: each must
		 * be refused exactly when it clashes with one in force, and
		 * the solutions must be the model's with those options in.
		 * Then unforce them one by one, checking again each time.
		 */
		if (p.nopt > 0) {
			nf = 0;
			for (i = 0; i < 4; i++) {
				o = rnd(&s, p.nopt);
				conflict = 0;
				for (j = 0; j < nf; j++)
					if (o == f[j] || clash(&p, o, f[j]))
						conflict = 1;
				rc = dlx_force(d, o);
				if (rc != (conflict ? DLX_ECONFLICT : DLX_OK))
					print_prob(&p, seed, t);
				ck_assert_int_eq(rc,
				    conflict ? DLX_ECONFLICT : DLX_OK);
				if (!conflict)
					f[nf++] = o;
				ck_assert_uint_eq(dlx_nforced(d), nf);
				ck_assert_int_eq(dlx_check(d), DLX_OK);
				for (j = 0; j < p.nopt; j++)
					ck_assert(same_option(d, &p, j));
				if (!agree(d, &p, f, nf, seed, t, "forced"))
					ck_abort_msg("seed %" PRIu64 " trial %d "
					    "differs with %d forced", seed, t,
					    nf);
			}
			while (nf > 0) {
				ck_assert_int_eq(dlx_unforce(d), DLX_OK);
				nf--;
				ck_assert_uint_eq(dlx_nforced(d), nf);
				ck_assert_int_eq(dlx_check(d), DLX_OK);
				if (!agree(d, &p, f, nf, seed, t, "unforced"))
					ck_abort_msg("seed %" PRIu64 " trial %d "
					    "differs after unforcing", seed, t);
			}
			ck_assert_int_eq(dlx_unforce(d), DLX_EMISUSE);
			/* Back to where it was. */
			ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
			ck_assert_uint_eq(count, total);
		}
		dlx_free(d);
	}
	/* The generator does make problems with solutions. */
	ck_assert_int_gt(nonempty, TRIALS / 4);
}
END_TEST

/*
 * Dense colors: few items, many options, every secondary item colored
 * with one of two colors, so most solutions share secondary items.
 */
START_TEST(test_random_colors)
{
	struct prob	 p;
	uint64_t	 seed = test_seed() + 1, s = seed;
	dlx		*d;
	int		 t, o, i, j;

	for (t = 0; t < TRIALS / 3; t++) {
		gen(&s, &p);
		p.ns = 3;
		if (p.np + p.ns > MAXITEMS)
			p.np = MAXITEMS - p.ns;
		for (o = 0; o < p.nopt; o++) {
			for (i = 0; i < p.size[o]; i++) {
				if (p.item[o][i] >= p.np + p.ns)
					p.item[o][i] = p.np +
					    p.item[o][i] % p.ns;
				if (p.item[o][i] >= p.np)
					p.color[o][i] = 1 + rnd(&s, 2);
			}
			/* Keep the items distinct and one primary. */
			for (i = 1; i < p.size[o]; i++) {
				for (j = 0; j < i; j++)
					if (p.item[o][j] == p.item[o][i])
						break;
				if (j < i) {
					p.size[o] = i;
					break;
				}
			}
			if (p.item[o][0] >= p.np) {
				p.item[o][0] = rnd(&s, p.np);
				p.color[o][0] = 0;
				for (i = 1; i < p.size[o]; i++)
					if (p.item[o][i] == p.item[o][0])
						p.size[o] = i;
			}
		}
		ck_assert_int_eq(dlx_new(&d, p.np, p.ns, NULL), DLX_OK);
		for (o = 0; o < p.nopt; o++)
			ck_assert_int_eq(dlx_add_option_colored(d, p.item[o],
			    p.color[o], p.size[o]), o);
		if (!agree(d, &p, NULL, 0, seed, t, "colors"))
			ck_abort_msg("seed %" PRIu64 " trial %d differs",
			    seed, t);
		dlx_free(d);
	}
}
END_TEST

/* The solutions of a search in the order found, each as its options. */
struct seq {
	int	v[512][MAXOPTS];
	size_t	len[512];
	size_t	n;
};

static int
seq_visit(void *arg, const int *options, size_t n)
{
	struct seq	*q = arg;

	ck_assert_uint_lt(q->n, 512);
	ck_assert_uint_le(n, MAXOPTS);
	memcpy(q->v[q->n], options, n * sizeof *options);
	q->len[q->n++] = n;
	return 0;
}

static void
run_seq(dlx *d, int knuth, struct seq *q, struct dlx_stats *st)
{
	struct dlx_request	s;

	memset(&s, 0, sizeof s);
	s.visit = seq_visit;
	s.visit_arg = q;
	s.tree = knuth;
	q->n = 0;
	ck_assert_int_eq(ck_search(d, &s), DLX_OK);
	dlx_stats(d, st);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
}

static int
same_seq(const struct seq *a, const struct seq *b)
{
	size_t	i;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		if (a->len[i] != b->len[i] || memcmp(a->v[i], b->v[i],
		    a->len[i] * sizeof a->v[i][0]) != 0)
			return 0;
	return 1;
}

/*
 * Knuth's tree and the fast one find the same solutions in the same order,
 * each with its options in the same order, on the links and on sparse sets
 * (uncolored problems), undoing by copies (few items) and by the trail (the
 * same problem with 130 more secondary items, unused), with options forced.
 * The fast tree only leaves out dead ends, or trades one for a chain of
 * forced moves that ends in one: it has no more branch points.
 */
START_TEST(test_random_modes_same_order)
{
	static struct seq	 qk, qf, qt;
	struct prob		 p;
	struct dlx_stats	 sk, sf, st;
	uint64_t		 seed = test_seed() + 2, s = seed;
	dlx			*d, *wide;
	int			 t, o, i, nf;

	for (t = 0; t < TRIALS; t++) {
		gen(&s, &p);
		if (t % 3 != 0)		/* mostly uncolored: sparse sets */
			for (o = 0; o < p.nopt; o++)
				for (i = 0; i < p.size[o]; i++)
					p.color[o][i] = 0;
		ck_assert_int_eq(dlx_new(&d, p.np, p.ns, NULL), DLX_OK);
		ck_assert_int_eq(dlx_new(&wide, p.np, p.ns + 130, NULL), DLX_OK);
		for (o = 0; o < p.nopt; o++) {
			ck_assert_int_eq(dlx_add_option_colored(d, p.item[o],
			    p.color[o], p.size[o]), o);
			ck_assert_int_eq(dlx_add_option_colored(wide,
			    p.item[o], p.color[o], p.size[o]), o);
		}
		for (nf = rnd(&s, 3); nf > 0 && p.nopt > 0; nf--) {
			o = rnd(&s, p.nopt);
			if (dlx_force(d, o) == DLX_OK)
				ck_assert_int_eq(dlx_force(wide, o), DLX_OK);
		}
		run_seq(d, DLX_KNUTH, &qk, &sk);
		run_seq(d, DLX_FAST, &qf, &sf);
		run_seq(wide, DLX_FAST, &qt, &st);
		if (!same_seq(&qk, &qf) || !same_seq(&qk, &qt)) {
			print_prob(&p, seed, t);
			ck_abort_msg("seed %" PRIu64 " trial %d: knuth %zu, "
			    "fast %zu, fast with 130 more items %zu solutions, "
			    "or another order", seed, t, qk.n, qf.n, qt.n);
		}
		ck_assert_uint_le(sf.branches, sk.branches);
		ck_assert_uint_eq(st.nodes, sf.nodes);
		ck_assert_uint_eq(st.branches, sf.branches);
		ck_assert_uint_eq(st.abandoned, sf.abandoned);
		dlx_free(d);
		dlx_free(wide);
	}
}
END_TEST

/* The solutions of d in the fast tree, in order, with the engine that
 * the dispatcher named; the matrix must be left as it was. */
static void
run_fast(dlx *d, struct seq *q, struct dlx_stats *st, enum dlx_engine *eng)
{
	struct dlx_request	rq;
	struct dlx_result	res;

	memset(&rq, 0, sizeof rq);
	rq.visit = seq_visit;
	rq.visit_arg = q;
	rq.tree = DLX_FAST;
	rq.memo = DLX_MEMO_NEVER;
	rq.threads = 1;
	q->n = 0;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	*st = res.stats;
	*eng = res.engine;
	ck_assert_int_eq(dlx_check(d), DLX_OK);
}

/*
 * Colors on sparse sets (Knuth's SSXCC): random problems whose secondary
 * items come with and without colors, some options forced, searched in
 * the fast tree on sparse sets, undoing by copies (few items) and by the
 * trail (130 more secondary items, unused), against Knuth's tree on the
 * links and the model: the same solutions, in the same order as Knuth's,
 * the same tree both ways on the sparse sets, and a limit that stops
 * where it should.
 */
START_TEST(test_random_colors_sparse)
{
	static struct seq	 qk, qf, qt;
	struct prob		 p;
	struct dlx_stats	 sk, sf, st;
	struct set		 got, want;
	enum dlx_engine		 ef, et;
	uint64_t		 seed = test_seed() + 3, s = seed, count;
	uint32_t		 must, m;
	dlx			*d, *wide;
	int			 t, o, i, nf, colored, ncolored = 0;
	size_t			 k;

	for (t = 0; t < TRIALS / 2; t++) {
		gen(&s, &p);
		if (p.ns == 0 && p.np + 2 <= MAXITEMS)
			p.ns = 2;	/* items np.. appear from now on */
		for (o = 0; o < p.nopt; o++)
			for (i = 1; i < p.size[o] && t % 2 == 0; i++)
				if (rnd(&s, 3) == 0 && p.ns > 0) {
					/* A secondary item, colored 2 times
					   in 3, unless it is in already. */
					int	it = p.np + rnd(&s, p.ns), j;

					for (j = 0; j < p.size[o]; j++)
						if (p.item[o][j] == it)
							break;
					if (j < p.size[o] ||
					    p.item[o][i] < p.np)
						continue;
					p.item[o][i] = it;
					p.color[o][i] = rnd(&s, 3) == 0 ? 0 :
					    1 + rnd(&s, 2);
				}
		colored = 0;
		for (o = 0; o < p.nopt; o++)
			for (i = 0; i < p.size[o]; i++)
				colored |= p.color[o][i] != 0;
		ncolored += colored;
		ck_assert_int_eq(dlx_new(&d, p.np, p.ns, NULL), DLX_OK);
		ck_assert_int_eq(dlx_new(&wide, p.np, p.ns + 130, NULL),
		    DLX_OK);
		for (o = 0; o < p.nopt; o++) {
			ck_assert_int_eq(dlx_add_option_colored(d, p.item[o],
			    p.color[o], p.size[o]), o);
			ck_assert_int_eq(dlx_add_option_colored(wide,
			    p.item[o], p.color[o], p.size[o]), o);
		}
		must = 0;
		for (nf = rnd(&s, 3); nf > 0 && p.nopt > 0; nf--) {
			o = rnd(&s, p.nopt);
			if (dlx_force(d, o) == DLX_OK) {
				ck_assert_int_eq(dlx_force(wide, o), DLX_OK);
				must |= UINT32_C(1) << o;
			}
		}
		run_seq(d, DLX_KNUTH, &qk, &sk);
		run_fast(d, &qf, &sf, &ef);
		run_fast(wide, &qt, &st, &et);
		ck_assert_int_eq(ef, DLX_ENGINE_SPARSE);
		ck_assert_int_eq(et, DLX_ENGINE_SPARSE);
		memset(&got, 0, sizeof got);
		memset(&want, 0, sizeof want);
		for (k = 0; k < qf.n; k++) {
			m = 0;
			for (i = 0; i < (int)qf.len[k]; i++)
				m |= UINT32_C(1) << qf.v[k][i];
			set_add(&got, m);
		}
		model_solve(&p, must, &want);
		if (!same_seq(&qk, &qf) || !same_seq(&qk, &qt) ||
		    !same_sets(&got, &want)) {
			print_prob(&p, seed, t);
			dump_sets(&got, &want);
			ck_abort_msg("seed %" PRIu64 " trial %d: knuth %zu, "
			    "sparse %zu, sparse with the trail %zu, model %zu "
			    "solutions, or another order", seed, t, qk.n,
			    qf.n, qt.n, want.n);
		}
		free(got.v);
		free(want.v);
		ck_assert_uint_eq(sf.solutions, qf.n);
		ck_assert_uint_le(sf.branches, sk.branches);
		ck_assert_uint_eq(st.nodes, sf.nodes);
		ck_assert_uint_eq(st.branches, sf.branches);
		ck_assert_uint_eq(st.abandoned, sf.abandoned);
		ck_assert_uint_eq(st.max_depth, sf.max_depth);
		if (qf.n > 1) {
			ck_assert_int_eq(ck_count(d, qf.n - 1, &count),
			    DLX_LIMIT);
			ck_assert_uint_eq(count, qf.n - 1);
		}
		dlx_free(d);
		dlx_free(wide);
	}
	ck_assert_int_gt(ncolored, TRIALS / 4);
}
END_TEST

Suite *
make_random_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("Random");
	tc = tcase_create("Model");
	tcase_add_test(tc, test_random_vs_model);
	tcase_add_test(tc, test_random_colors);
	tcase_add_test(tc, test_random_modes_same_order);
	tcase_add_test(tc, test_random_colors_sparse);
	suite_add_tcase(s, tc);
	return s;
}
