/*
 * alloc.h: the allocator of every module of libdlx that allocates (not
 * installed).
 *
 * Each object copies the struct dlx_allocator it was made with into a
 * field (called mem by convention), and takes every block from it and
 * gives every block back to it, so that a caller's allocator sees all the
 * memory the object ever holds; the tests fail its k-th call for every k
 * (tests/check_oom.c).  These names lack the dlx_ prefix, so the shared
 * library keeps them private.
 */
#ifndef DLX_ALLOC_H
#define DLX_ALLOC_H

#include <stddef.h>

#include "dlx.h"

/*
 * Copy a into *mem, or malloc's functions when a is NULL.  Returns DLX_OK,
 * or DLX_EINVAL if a lacks a function (*mem is then unusable).
 */
int	 mem_init(struct dlx_allocator *mem, const struct dlx_allocator *a);

/* nmemb * size bytes (at least one), uninitialized or zeroed; NULL when
 * out of memory or when the product overflows. */
void	*mem_alloc(const struct dlx_allocator *mem, size_t nmemb, size_t size);
void	*mem_zalloc(const struct dlx_allocator *mem, size_t nmemb,
	    size_t size);
void	*mem_zalloc_table(const struct dlx_allocator *mem, size_t nmemb,
	    size_t size);

/* Resize p to nmemb * size bytes; NULL (p kept) on failure. */
void	*mem_realloc(const struct dlx_allocator *mem, void *p, size_t nmemb,
	    size_t size);

/* Give p back; NULL does nothing. */
void	 mem_free(const struct dlx_allocator *mem, void *p);

#endif /* DLX_ALLOC_H */
