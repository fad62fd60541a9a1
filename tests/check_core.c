/*
 * check_core.c: the basic contract of libdlx on Knuth's own example.
 */
#include <stdlib.h>

#include "check_dlx.h"
#include "dlx.h"

/* Knuth, "Dancing Links": items A..G, options C E F; A D G; B C F; A D;
 * B G; D E G.  The one solution is {A D, B G, C E F}. */
static dlx *
knuth_example(void)
{
	static const int	opts[6][3] = {
		{ 2, 4, 5 }, { 0, 3, 6 }, { 1, 2, 5 }, { 0, 3, -1 },
		{ 1, 6, -1 }, { 3, 4, 6 }
	};
	dlx			*d;
	int			 k;

	d = dlx_new(7, 0);
	ck_assert_ptr_nonnull(d);
	for (k = 0; k < 6; k++)
		ck_assert_int_eq(dlx_add_option(d, opts[k],
		    opts[k][2] < 0 ? 2 : 3), k);
	return d;
}

static int
record(void *arg, const int *options, size_t n)
{
	int	*mask = arg;
	size_t	 k;

	for (k = 0; k < n; k++)
		*mask |= 1 << options[k];
	return 0;
}

START_TEST(test_core_knuth_example)
{
	dlx		*d = knuth_example();
	uint64_t	 count;
	int		 mask = 0;

	ck_assert_int_eq(dlx_solve(d, record, &mask, &count), DLX_OK);
	ck_assert_uint_eq(count, 1);
	ck_assert_int_eq(mask, (1 << 0) | (1 << 3) | (1 << 4));
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);
}
END_TEST

Suite *
make_core_suite(void)
{
	Suite	*s = suite_create("core");
	TCase	*tc = tcase_create("Core");

	tcase_add_test(tc, test_core_knuth_example);
	suite_add_tcase(s, tc);
	return s;
}
