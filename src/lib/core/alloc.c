/*
 * alloc.c: the library's allocator helpers (see alloc.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/core/alloc.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

static void *
std_realloc(void *ctx, void *p, size_t n)
{
	(void)ctx;
	return realloc(p, n);
}

static void
std_free(void *ctx, void *p)
{
	(void)ctx;
	free(p);
}

int
mem_init(struct dlx_allocator *mem, const struct dlx_allocator *a)
{
	if (a == NULL) {
		mem->realloc = std_realloc;
		mem->free = std_free;
		mem->ctx = NULL;
		return DLX_OK;
	}
	if (a->realloc == NULL || a->free == NULL)
		return DLX_EINVAL;
	*mem = *a;
	return DLX_OK;
}

void *
mem_realloc(const struct dlx_allocator *mem, void *p, size_t nmemb,
    size_t size)
{
	if (size != 0 && nmemb > SIZE_MAX / size)
		return NULL;
	/* Never ask for 0 bytes: realloc(p, 0) may free p. */
	return mem->realloc(mem->ctx, p, nmemb * size == 0 ? 1 :
	    nmemb * size);
}

void *
mem_alloc(const struct dlx_allocator *mem, size_t nmemb, size_t size)
{
	return mem_realloc(mem, NULL, nmemb, size);
}

/* With the standard allocator, calloc(): the C library hands out fresh
 * pages of a large block zeroed already, and does not clear them again
 * (the subproblem cache's table, doubled to tens of MB, spent a tenth of
 * the empty 6x6's count clearing it). */
void *
mem_zalloc(const struct dlx_allocator *mem, size_t nmemb, size_t size)
{
	void	*p;

	if (mem->realloc == std_realloc)
		return calloc(nmemb == 0 ? 1 : nmemb, size == 0 ? 1 : size);

	if ((p = mem_alloc(mem, nmemb, size)) != NULL)
		memset(p, 0, nmemb * size);
	return p;
}

void
mem_free(const struct dlx_allocator *mem, void *p)
{
	if (p != NULL)
		mem->free(mem->ctx, p);
}

/*
 * mem_zalloc() for a large table read at random (the subproblem cache's):
 * with the standard allocator on Linux, the table asks for huge pages
 * (transparent huge pages, where the system grants them on request), so
 * that a lookup does not miss the TLB as well as the cache.  Nothing
 * changes where they are not granted.
 */
void *
mem_zalloc_table(const struct dlx_allocator *mem, size_t nmemb, size_t size)
{
	void	*p = mem_zalloc(mem, nmemb, size);

#if defined(__linux__) && defined(MADV_HUGEPAGE)
	if (p != NULL && mem->realloc == std_realloc) {
		uintptr_t	huge = (uintptr_t)1 << 21, a, b;

		a = ((uintptr_t)p + huge - 1) & ~(huge - 1);
		b = ((uintptr_t)p + nmemb * size) & ~(huge - 1);
		if (b > a)
			(void)madvise((void *)a, b - a, MADV_HUGEPAGE);
	}
#endif
	return p;
}
