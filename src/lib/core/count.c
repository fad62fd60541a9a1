/*
 * count.c: wide (128-bit) solution counts and their decimal text.
 *
 * A memoized count adds whole subtrees at once, so it can pass 2^64 in a
 * moment (the empty 8x8 sudoku has about 2^54.7 grids, the 9x9 about
 * 2^72.5).  The public type is two 64-bit words, so that the header needs
 * no compiler extension; inside the library the arithmetic is done on
 * unsigned __int128 where the compiler has it.
 */
#include <stdint.h>
#include <string.h>

#include "dlx.h"

int
dlx_wide_add(struct dlx_wide *a, struct dlx_wide b)
{
	uint64_t	lo, hi, hi2;

	if (a == NULL)
		return DLX_EINVAL;
	lo = a->lo + b.lo;
	hi = a->hi + b.hi;
	hi2 = hi + (lo < a->lo);
	/* A carry out of the high word, from either addition, is a wrap. */
	if (hi < a->hi || hi2 < hi)
		return DLX_EOVERFLOW;
	a->lo = lo;
	a->hi = hi2;
	return DLX_OK;
}

int
dlx_wide_cmp(struct dlx_wide a, struct dlx_wide b)
{
	if (a.hi != b.hi)
		return a.hi < b.hi ? -1 : 1;
	if (a.lo != b.lo)
		return a.lo < b.lo ? -1 : 1;
	return 0;
}

/*
 * Decimal text by repeated division of the two words by 10^19 (the
 * largest power of ten in a word), done in 32-bit halves so that no
 * 128-bit type is needed.
 */
static uint64_t
divmod(uint64_t *hi, uint64_t *lo, uint64_t q)
{
	uint64_t	parts[4], r;
	int		k;

	/* Long division, 32 bits at a time: r < q < 2^64, and
	 * r * 2^32 + part fits in 96 bits, so do it in two steps. */
	parts[0] = *hi >> 32;
	parts[1] = *hi & 0xffffffffu;
	parts[2] = *lo >> 32;
	parts[3] = *lo & 0xffffffffu;
	r = 0;
	for (k = 0; k < 4; k++) {
		/* (r * 2^32 + parts[k]) / q with r < q: split q's work
		 * through __int128 when available, else bit by bit. */
#if defined(__SIZEOF_INT128__)
		unsigned __int128 cur = ((unsigned __int128)r << 32) |
		    parts[k];
		parts[k] = (uint64_t)(cur / q);
		r = (uint64_t)(cur % q);
#else
		uint64_t	quo = 0;
		int		b;

		for (b = 31; b >= 0; b--) {
			/* r < q; shift one bit of parts[k] in. */
			int carry = (r >> 63) != 0;

			r = (r << 1) | ((parts[k] >> b) & 1);
			quo <<= 1;
			if (carry || r >= q) {
				r -= q;
				quo |= 1;
			}
		}
		parts[k] = quo;
#endif
	}
	*hi = (parts[0] << 32) | parts[1];
	*lo = (parts[2] << 32) | parts[3];
	return r;
}

char *
dlx_wide_format(struct dlx_wide w, char *buf, size_t size)
{
	char		 tmp[DLX_WIDE_DIGITS + 1];
	uint64_t	 hi = w.hi, lo = w.lo, chunk;
	size_t		 n = sizeof tmp - 1, len;
	int		 k;

	if (buf == NULL || size == 0)
		return buf;
	tmp[n] = '\0';
	do {
		chunk = divmod(&hi, &lo, UINT64_C(10000000000000000000));
		for (k = 0; k < 19 && (chunk != 0 || hi != 0 || lo != 0 ||
		    k == 0); k++) {
			tmp[--n] = (char)('0' + chunk % 10);
			chunk /= 10;
		}
		/* A chunk that is not the most significant one keeps its
		 * leading zeros. */
		if (hi != 0 || lo != 0)
			for (; k < 19; k++)
				tmp[--n] = '0';
	} while (hi != 0 || lo != 0);
	len = sizeof tmp - 1 - n;
	if (len >= size) {
		buf[0] = '\0';
		return buf;
	}
	memcpy(buf, tmp + n, len + 1);
	return buf;
}
