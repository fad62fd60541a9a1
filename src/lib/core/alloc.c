/*
 * alloc.c: the library's allocator helpers (see alloc.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/core/alloc.h"

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
