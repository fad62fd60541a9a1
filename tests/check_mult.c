/*
 * check_mult.c: item bounds (multiplicities, Algorithm M).  Random small
 * problems against a brute force over option subsets, with and without
 * forced options; DLX3's own figures on the files of tests/data; the API's
 * and the text reader's errors; the examples' counts by brute force.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"
#include "dlx.h"
#include "dlx_text.h"
#include "problems.h"

#define MAXP	5		/* primary items of a random problem */
#define MAXO	PROBLEM_SMALL_MAXO

struct coll {
	uint32_t	*m;
	size_t		 n;
};

static int
coll_visit(void *arg, const int *options, size_t n)
{
	struct coll	*c = arg;
	uint32_t	 mask = 0;
	size_t		 k;

	for (k = 0; k < n; k++) {
		ck_assert_int_ge(options[k], 0);
		ck_assert_int_lt(options[k], MAXO);
		ck_assert(!(mask & (1u << options[k])));	/* once */
		mask |= 1u << options[k];
	}
	c->m[c->n++] = mask;
	return 0;
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t	x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Search d (with the options of forced already forced) and compare with
 * the brute force. */
static void
magree(dlx *d, const struct problem_small *p, uint32_t forced, uint64_t seed)
{
	static uint32_t	 got[1u << MAXO], want[1u << MAXO];
	struct coll	 c = { got, 0 };
	struct dlx_stats st;
	size_t		 nw = 0, k;
	uint32_t	 mask;

	for (mask = 0; mask < (1u << p->no); mask++)
		if ((mask & forced) == forced &&
		    problem_small_valid(p, mask, 1))
			want[nw++] = mask;
	ck_assert_int_eq(ck_solve(d, coll_visit, &c, NULL), DLX_OK);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, c.n);
	qsort(got, c.n, sizeof *got, cmp_u32);
	if (c.n != nw)
		ck_abort_msg("seed %" PRIu64 ": %zu solutions, brute force %zu",
		    seed, c.n, nw);
	for (k = 0; k < nw; k++)
		ck_assert_msg(got[k] == want[k], "seed %" PRIu64
		    ": solution %zu differs", seed, k);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	ck_assert(dlx_progress(d) == 1.0);
}

START_TEST(test_mult_random_vs_brute)
{
	struct problem_small p;
	uint64_t	 s, seed;
	uint32_t	 forced;
	dlx		*d;
	int		 trial, t, o, nf, rc;

	for (trial = 0; trial < 600; trial++) {
		seed = s = 0x9e3779b97f4a7c15ull * (uint64_t)(trial + 1);
		problem_small_gen(&s, &p, MAXP, 1, 1);
		ck_assert_ptr_nonnull(d = problem_small_build(&p, 1));
		magree(d, &p, 0, seed);
		/* Force up to three random options (perhaps one twice):
		 * each succeeds exactly when what is forced so far fits. */
		forced = 0;
		nf = problem_rnd(&s, 4);
		for (t = 0; t < nf; t++) {
			o = problem_rnd(&s, p.no);
			rc = dlx_force(d, o);
			if ((forced & (1u << o)) ||
			    !problem_small_valid(&p, forced | (1u << o), 0)) {
				ck_assert_int_eq(rc, DLX_ECONFLICT);
				continue;
			}
			ck_assert_int_eq(rc, DLX_OK);
			forced |= 1u << o;
			ck_assert_int_eq(dlx_check(d), DLX_OK);
		}
		magree(d, &p, forced, seed);
		dlx_unforce_all(d);
		ck_assert_int_eq(dlx_nforced(d), 0);
		magree(d, &p, 0, seed);
		dlx_free(d);
	}
}
END_TEST

/* The solutions, nodes and updates DLX3 prints for tests/data/mult-*. */
START_TEST(test_mult_dlx3_figures)
{
	struct dlx_error	 err;
	struct dlx_stats	 st;
	char			 line[256], name[64];
	unsigned long long	 sols, nodes, updates;
	FILE			*fp, *in;
	dlx_text		*t;
	int			 n = 0;

	fp = fopen(test_data_path("mult-dlx3.figures"), "r");
	ck_assert_ptr_nonnull(fp);
	while (fgets(line, sizeof line, fp) != NULL) {
		if (line[0] == '|')
			continue;
		ck_assert_int_eq(sscanf(line, "%63s %llu %llu %llu", name,
		    &sols, &nodes, &updates), 4);
		in = fopen(test_data_path(name), "r");
		ck_assert_ptr_nonnull(in);
		t = test_text_file(in, NULL, &err);
		fclose(in);
		ck_assert_msg(t != NULL, "%s: %s", name, err.message);
		ck_assert_int_eq(ck_search(dlx_text_dlx(t), NULL), DLX_OK);
		dlx_stats(dlx_text_dlx(t), &st);
		ck_assert_uint_eq(st.solutions, sols);
		ck_assert_uint_eq(st.nodes, nodes);
		ck_assert_uint_eq(st.updates, updates);
		ck_assert_int_eq(dlx_check(dlx_text_dlx(t)), DLX_OK);
		dlx_text_free(t);
		n++;
	}
	fclose(fp);
	ck_assert_int_eq(n, 4);
}
END_TEST

START_TEST(test_mult_api_errors)
{
	dlx	*d;
	int	 lo, hi, o[2] = { 0, 1 };

	ck_assert_int_eq(dlx_new(&d, 2, 1, NULL), DLX_OK);
	ck_assert_int_eq(dlx_set_item_bounds(NULL, 0, 1, 2), DLX_EINVAL);
	ck_assert_int_eq(dlx_set_item_bounds(d, 0, 3, 2), DLX_EINVAL);
	ck_assert_int_eq(dlx_set_item_bounds(d, 0, -1, 2), DLX_EINVAL);
	ck_assert_int_eq(dlx_set_item_bounds(d, 2, 0, 1), DLX_EINVAL);
	ck_assert_int_eq(dlx_set_item_bounds(d, 3, 1, 1), DLX_ERANGE);
	ck_assert_int_eq(dlx_set_item_bounds(d, -1, 1, 1), DLX_ERANGE);
	ck_assert_int_eq(dlx_item_bounds(d, 0, &lo, &hi), DLX_OK);
	ck_assert(lo == 1 && hi == 1);
	ck_assert_int_eq(dlx_item_bounds(d, 2, &lo, &hi), DLX_EINVAL);
	ck_assert_int_eq(dlx_set_item_bounds(d, 1, 0, 2), DLX_OK);
	ck_assert_int_eq(dlx_item_bounds(d, 1, &lo, &hi), DLX_OK);
	ck_assert(lo == 0 && hi == 2);
	ck_assert_int_eq(dlx_add_option(d, o, 2), 0);
	ck_assert_int_eq(dlx_add_option(d, o + 1, 1), 1);
	ck_assert_int_eq(dlx_force(d, 0), DLX_OK);
	ck_assert_int_eq(dlx_force(d, 0), DLX_ECONFLICT);
	ck_assert_int_eq(dlx_set_item_bounds(d, 1, 1, 1), DLX_EMISUSE);
	ck_assert_int_eq(dlx_unforce(d), DLX_OK);
	/* Back to 1..1 everywhere: Algorithm X again, same answers. */
	ck_assert_int_eq(dlx_set_item_bounds(d, 1, 1, 1), DLX_OK);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	ck_assert_str_eq(dlx_strerror(DLX_ENOTSUP),
	    "not supported with item bounds");
	dlx_free(d);
}
END_TEST

/* Budgets, limits, stops and the progress estimate leave the matrix as it
 * was: a second full search gives the same figures. */
START_TEST(test_mult_budgets)
{
	struct dlx_error	 err;
	struct dlx_request	 s;
	struct dlx_stats	 st, full;
	FILE			*in;
	dlx_text		*t;
	dlx			*d;

	in = fopen(test_data_path("mult-queens6.dlx"), "r");
	ck_assert_ptr_nonnull(in);
	t = test_text_file(in, NULL, &err);
	fclose(in);
	ck_assert_ptr_nonnull(t);
	d = dlx_text_dlx(t);
	ck_assert_int_eq(ck_search(d, NULL), DLX_OK);
	dlx_stats(d, &full);

	memset(&s, 0, sizeof s);
	s.max_nodes = 1000;
	ck_assert_int_eq(ck_search(d, &s), DLX_INCOMPLETE);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.nodes, 1000);
	ck_assert(dlx_progress(d) > 0.0 && dlx_progress(d) < 1.0);
	ck_assert_int_eq(dlx_check(d), DLX_OK);

	memset(&s, 0, sizeof s);
	s.max_solutions = 10;
	ck_assert_int_eq(ck_search(d, &s), DLX_LIMIT);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, 10);
	ck_assert_int_eq(dlx_check(d), DLX_OK);

	ck_assert_int_eq(ck_search(d, NULL), DLX_OK);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, full.solutions);
	ck_assert_uint_eq(st.nodes, full.nodes);
	ck_assert_uint_eq(st.updates, full.updates);
	dlx_text_free(t);
}
END_TEST

/* The reader's errors on bounds: exact messages and places. */
static const struct {
	const char	*text;
	unsigned long	 line, column;
	const char	*message;
} bad_bounds[] = {
	{ "3:2|x\nx\n", 1, 1,
	    "lower bound 3 exceeds upper bound 2 for item 'x'" },
	{ "a :2|x\nx\n", 1, 3, "no lower bound before ':' for item 'x'" },
	{ "a 2:|x\nx\n", 1, 5, "no upper bound before '|' for item 'x'" },
	{ "a | 2|x\na\n", 1, 5, "bound on secondary item 'x'" },
	{ "a | 1:2|x\na\n", 1, 5, "bound on secondary item 'x'" },
	{ "| c\n\na 2147483648|x\na\n", 3, 3,
	    "upper bound of item 'x' exceeds 2147483647" },
	{ "99999999999:1|x\nx\n", 1, 1,
	    "lower bound of item 'x' exceeds 2147483647" },
	{ "1:2:3|x\nx\n", 1, 4, "second ':' in the bounds of item 'x'" },
};

START_TEST(test_mult_text_errors)
{
	struct dlx_error	 err;
	const char		*s = bad_bounds[_i].text;

	ck_assert_ptr_null(test_text_mem(s, strlen(s), NULL, &err));
	ck_assert_int_eq(err.code, DLX_TEXT_EBOUND);
	ck_assert_uint_eq(err.line, bad_bounds[_i].line);
	ck_assert_uint_eq(err.column, bad_bounds[_i].column);
	ck_assert_str_eq(err.message, bad_bounds[_i].message);
}
END_TEST

START_TEST(test_mult_text_syntax)
{
	static const char	 s[] = "A B 2:3|C 2|D 0:2147483647|E 7| X\n"
	    "A C\nB D X\n";
	struct dlx_error	 err;
	dlx_text		*t;
	dlx			*d;
	int			 lo, hi;

	t = test_text_mem(s, strlen(s), NULL, &err);
	ck_assert_msg(t != NULL, "%s", err.message);
	d = dlx_text_dlx(t);
	/* "7|" then a blank is an item named 7, then the bar. */
	ck_assert_uint_eq(dlx_nprimary(d), 6);
	ck_assert_str_eq(dlx_item_name(d, 5), "7");
	ck_assert_int_eq(dlx_item_bounds(d, 2, &lo, &hi), DLX_OK);
	ck_assert(lo == 2 && hi == 3);
	ck_assert_int_eq(dlx_item_bounds(d, 3, &lo, &hi), DLX_OK);
	ck_assert(lo == 2 && hi == 2);
	ck_assert_int_eq(dlx_item_bounds(d, 4, &lo, &hi), DLX_OK);
	ck_assert(lo == 0 && hi == 2147483647);
	ck_assert_int_eq(dlx_item_bounds(d, 0, &lo, &hi), DLX_OK);
	ck_assert(lo == 1 && hi == 1);
	dlx_text_free(t);
}
END_TEST

/*
 * The examples' counts, by brute force apart from the library.  The same
 * numbers are what tests/cli-mult-examples.sh expects of mqueens and
 * dominocover.
 */
static int	 qn, qk, qb;
static int	 qcol[12], qa[24], qb_[24];

static uint64_t
queens_rows(int i)
{
	uint64_t	 total = 0;
	unsigned	 set;
	int		 j, ok, c;

	if (i == qn) {
		for (j = 0; j < qn; j++)
			if (qcol[j] != qk)
				return 0;
		return 1;
	}
	for (set = 0; set < (1u << qn); set++) {
		if (__builtin_popcount(set) != qk)
			continue;
		ok = 1;
		for (j = 0; j < qn; j++)
			if (set & (1u << j)) {
				c = ++qcol[j] <= qk;
				c &= ++qa[i + j] <= qb;
				c &= ++qb_[qn - 1 + i - j] <= qb;
				ok &= c;
			}
		if (ok)
			total += queens_rows(i + 1);
		for (j = 0; j < qn; j++)
			if (set & (1u << j)) {
				qcol[j]--;
				qa[i + j]--;
				qb_[qn - 1 + i - j]--;
			}
	}
	return total;
}

static uint64_t
domino_brute(int r, int c, int lo, int hi)
{
	int		 a[64][2], n = 0, i, j, k, cnt[36], ok;
	uint64_t	 total = 0;
	uint32_t	 m;

	for (i = 0; i < r; i++)
		for (j = 0; j < c; j++) {
			if (j + 1 < c)
				a[n][0] = i * c + j, a[n++][1] = i * c + j + 1;
			if (i + 1 < r)
				a[n][0] = i * c + j, a[n++][1] = (i + 1) * c + j;
		}
	for (m = 0; m < (1u << n); m++) {
		memset(cnt, 0, sizeof cnt);
		for (k = 0; k < n; k++)
			if (m & (1u << k))
				cnt[a[k][0]]++, cnt[a[k][1]]++;
		for (ok = 1, k = 0; k < r * c; k++)
			ok &= cnt[k] >= lo && cnt[k] <= hi;
		total += (uint64_t)ok;
	}
	return total;
}

START_TEST(test_mult_examples_brute)
{
	static const int	 q[][4] = {
		{ 6, 1, 1, 4 }, { 5, 2, 2, 92 }, { 6, 2, 1, 0 },
		{ 6, 2, 2, 1097 }, { 7, 2, 2, 19448 },
	};
	size_t			 k;

	for (k = 0; k < sizeof q / sizeof q[0]; k++) {
		qn = q[k][0], qk = q[k][1], qb = q[k][2];
		memset(qcol, 0, sizeof qcol);
		memset(qa, 0, sizeof qa);
		memset(qb_, 0, sizeof qb_);
		ck_assert_uint_eq(queens_rows(0), (uint64_t)q[k][3]);
	}
	ck_assert_uint_eq(domino_brute(3, 4, 1, 1), 11);
	ck_assert_uint_eq(domino_brute(3, 4, 1, 2), 3434);
	ck_assert_uint_eq(domino_brute(3, 4, 2, 2), 3);
	ck_assert_uint_eq(domino_brute(2, 6, 1, 3), 11407);
	ck_assert_uint_eq(domino_brute(3, 5, 2, 2), 0);
}
END_TEST

Suite *
make_mult_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("Mult");
	tc = tcase_create("Core");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_mult_random_vs_brute);
	tcase_add_test(tc, test_mult_dlx3_figures);
	tcase_add_test(tc, test_mult_api_errors);
	tcase_add_test(tc, test_mult_budgets);
	tcase_add_loop_test(tc, test_mult_text_errors, 0,
	    (int)(sizeof bad_bounds / sizeof bad_bounds[0]));
	tcase_add_test(tc, test_mult_text_syntax);
	tcase_add_test(tc, test_mult_examples_brute);
	suite_add_tcase(s, tc);
	return s;
}
