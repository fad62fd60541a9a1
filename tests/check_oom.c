/*
 * check_oom.c: the parts of libdlx that allocate with malloc (the DLX text
 * reader, the sudoku builder and reader) when memory runs out.
 *
 * check_alloc.c covers the core through dlx_new_custom(); these parts call
 * malloc, calloc and realloc themselves, so this program replaces those
 * functions (glibc lets a program define them and still reach its own as
 * __libc_malloc and friends).  While a test is "armed", the replacement
 * counts the calls, fails the k-th, and counts the blocks live.  Each
 * scenario runs once to count its allocations, n, then once for every k in
 * 1..n: the failure must come back as DLX_ENOMEM (never a crash, never
 * another error, never success), and once everything is freed no block
 * may be left.  Only the library runs while armed: the input is already
 * in memory.
 *
 * It needs glibc, and cannot run under AddressSanitizer, which replaces
 * malloc itself: then it reports a skip (77).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#endif

#if defined(__GLIBC__) && !defined(UNDER_ASAN)

#include <check.h>

#include "dlx.h"
#include "dlx_text.h"
#include "sudoku.h"

void	*__libc_malloc(size_t);
void	*__libc_calloc(size_t, size_t);
void	*__libc_realloc(void *, size_t);
void	 __libc_free(void *);

static int	armed;		/* count and fail calls */
static long	calls;		/* allocating calls while armed */
static long	fail_at;	/* the call that fails; 0: none */
static long	live;		/* blocks allocated while armed, not freed */

/* Should this allocating call fail?  Counts it. */
static int
failing(void)
{
	return armed && ++calls == fail_at;
}

void *
malloc(size_t n)
{
	void	*p;

	if (failing())
		return NULL;
	if ((p = __libc_malloc(n)) != NULL && armed)
		live++;
	return p;
}

void *
calloc(size_t nmemb, size_t size)
{
	void	*p;

	if (failing())
		return NULL;
	if ((p = __libc_calloc(nmemb, size)) != NULL && armed)
		live++;
	return p;
}

void *
realloc(void *p, size_t n)
{
	void	*q;

	if (failing())
		return NULL;
	if ((q = __libc_realloc(p, n)) != NULL && armed && p == NULL)
		live++;
	return q;
}

void
free(void *p)
{
	if (p != NULL && armed)
		live--;
	__libc_free(p);
}

/*
 * Check's assertions may allocate (to report progress to the runner), so
 * none is made while armed: EXPECT notes the first broken expectation,
 * asserted once disarmed.
 */
static const char *broken;
#define STR(x)		#x
#define XSTR(x)		STR(x)
#define EXPECT(c) do {							\
	if (!(c) && broken == NULL)					\
		broken = "line " XSTR(__LINE__) ": " #c;		\
} while (0)

static void
arm(long k)
{
	calls = 0;
	fail_at = k;
	live = 0;
	broken = NULL;
	armed = 1;
}

static void
disarm(void)
{
	armed = 0;
}

/* A scenario: returns DLX_OK, or the error it met (all freed). */
typedef int scenario_fn(void);

static const char knuth_colors[] =
    "| Knuth's DLX2 example, and more options to make arrays grow\n"
    "p q r | x y\n"
    "p q x y:A\n"
    "p r x:A y\n"
    "p x:B\n"
    "q x:A\n"
    "r y:B\n"
    "x:C\n";

/* Read a problem of many names and options, search it, free it. */
static int
text_scenario(void)
{
	struct dlx_text_error	 err;
	dlx_text		*t;
	char			*buf, *p;
	uint64_t		 count;
	int			 k, rc;

	/* 300 items and 600 options: every table grows a few times. */
	disarm();
	buf = __libc_malloc(64 * 1024);
	ck_assert_ptr_nonnull(buf);
	p = buf + sprintf(buf, "a0");
	for (k = 1; k < 300; k++)
		p += sprintf(p, " a%d", k);
	p += sprintf(p, " | s0 s1\n");
	for (k = 0; k < 600; k++)
		p += sprintf(p, "a%d a%d s%d:c%d\n", k % 300, (k + 1) % 300,
		    k % 2, k % 7);
	arm(fail_at);
	t = dlx_text_read_buffer(buf, (size_t)(p - buf), NULL, &err);
	if (t == NULL) {
		rc = err.code;
		EXPECT(rc == DLX_ENOMEM);
		EXPECT(strcmp(err.message, dlx_strerror(DLX_ENOMEM)) == 0);
	} else {
		rc = dlx_count(dlx_text_dlx(t), 0, &count);
		EXPECT(rc == DLX_OK);
		dlx_text_free(t);
	}
	/* Knuth's example: one solution. */
	if (rc == DLX_OK) {
		t = dlx_text_read_buffer(knuth_colors, sizeof knuth_colors - 1,
		    NULL, &err);
		if (t == NULL) {
			rc = err.code;
			EXPECT(rc == DLX_ENOMEM);
		} else {
			EXPECT(dlx_count(dlx_text_dlx(t), 0, &count) ==
			    DLX_OK);
			EXPECT(count == 1);
			dlx_text_free(t);
		}
	}
	disarm();
	__libc_free(buf);
	ck_assert_msg(broken == NULL, "%s", broken);
	return rc;
}

/* Build the 4x4 and 6x6 matrices, read and solve puzzles, free all. */
static int
sudoku_scenario(void)
{
	static const char	 text[] =
	    "# a 4x4, a grid, a bad line, a 6x6\n"
	    "1...............\n"
	    "\n"
	    ". 2 | . .\n"
	    ". . | . .\n"
	    "----+----\n"
	    ". . | . .\n"
	    ". . | . 1\n"
	    "\n"
	    "12345\n"
	    "..2|...\n...|.64\n---+---\n5..|.2.\n.3.|...\n"
	    "---+---\n...|5..\n.4.|...\n";
	static char		 iobuf[256];
	struct dlx_sudoku_puzzle p;
	struct dlx_sudoku_error	 e;
	dlx_sudoku_reader	*r = NULL;
	dlx_sudoku		*s4 = NULL, *s6 = NULL, *s;
	uint64_t		 count;
	FILE			*fp;
	int			 rc, got, npuzzles;

	/* The stream is opened and given a static buffer before arming, so
	 * that stdio allocates nothing while armed. */
	disarm();
	fp = fmemopen((void *)(uintptr_t)text, sizeof text - 1, "r");
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(setvbuf(fp, iobuf, _IOFBF, sizeof iobuf), 0);
	arm(fail_at);
	if ((rc = dlx_sudoku_new(&s4, 2, 2)) != DLX_OK) {
		EXPECT(s4 == NULL);
		goto out;
	}
	if ((rc = dlx_sudoku_new(&s6, 2, 3)) != DLX_OK) {
		EXPECT(s6 == NULL);
		goto out;
	}
	if ((rc = dlx_sudoku_reader_new(&r, fp, NULL)) != DLX_OK) {
		EXPECT(r == NULL);
		goto out;
	}
	npuzzles = 0;
	while ((got = dlx_sudoku_read(r, &p, &e)) != DLX_SUDOKU_EOF) {
		EXPECT(got == DLX_SUDOKU_PUZZLE || got == DLX_SUDOKU_BAD);
		if (got != DLX_SUDOKU_PUZZLE)
			continue;
		npuzzles++;
		s = p.n == 4 ? s4 : s6;
		EXPECT(dlx_sudoku_set_givens(s, p.cells, NULL) == DLX_OK);
		EXPECT(dlx_count(dlx_sudoku_matrix(s), 0, &count) == DLX_OK);
		EXPECT(count > 0);
		dlx_sudoku_clear(s);
	}
	EXPECT(npuzzles == 3);
	rc = DLX_OK;
out:
	EXPECT(rc == DLX_OK || rc == DLX_ENOMEM);
	dlx_sudoku_reader_free(r);
	dlx_sudoku_free(s4);
	dlx_sudoku_free(s6);
	disarm();
	fclose(fp);
	ck_assert_msg(broken == NULL, "%s", broken);
	return rc;
}

static scenario_fn *const scenarios[] = { text_scenario, sudoku_scenario };

/* Fail each allocation of scenario _i in turn. */
START_TEST(test_oom_every_failure)
{
	scenario_fn	*fn = scenarios[_i];
	long		 n, k;

	fail_at = 0;
	ck_assert_int_eq(fn(), DLX_OK);
	ck_assert_int_eq(live, 0);
	n = calls;
	ck_assert_int_gt(n, 5);
	for (k = 1; k <= n; k++) {
		fail_at = k;
		ck_assert_msg(fn() == DLX_ENOMEM,
		    "allocation %ld of %ld failed unreported", k, n);
		ck_assert_msg(live == 0, "allocation %ld of %ld failed: "
		    "%ld blocks leaked", k, n, live);
	}
}
END_TEST

static Suite *
make_oom_suite(void)
{
	Suite	*s = suite_create("oom");
	TCase	*tc = tcase_create("Core");

	tcase_add_loop_test(tc, test_oom_every_failure, 0,
	    (int)(sizeof scenarios / sizeof scenarios[0]));
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr;
	int	 failed;

	sr = srunner_create(make_oom_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#else	/* no glibc, or AddressSanitizer owns malloc */

int
main(void)
{
	return 77;
}

#endif
