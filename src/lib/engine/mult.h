/*
 * mult.h: multiplicities, Knuth's Algorithm M (his program DLX3), inside
 * libdlx.  Not installed.
 *
 * A primary item may be given bounds lo..hi (dlx_set_item_bounds): it
 * must then be covered by at least lo and at most hi of the chosen
 * options.  While every item has the default 1..1, d->mult is NULL or
 * counts no bounded item, and search.c does everything as before; as
 * soon as one item has other bounds, matrix.c and search.c hand forcing,
 * searching and the progress estimate to the functions below.
 */
#ifndef MULT_H
#define MULT_H

#include "lib/core/dlx_impl.h"

/* Some primary item has bounds other than 1..1. */
int	 mult_active(const dlx *);

/* dlx_force() and dlx_unforce() under bounds (arguments checked). */
int	 mult_force(dlx *, int);
int	 mult_unforce(dlx *);

/* dlxi_search() under bounds (d not searching, s not NULL). */
int	 mult_search(dlx *, const struct dlxi_search *);

/* dlx_progress() during a search under bounds. */
double	 mult_progress(const dlx *);

/* Bytes held for bounds and their search; free them (d->mult may be
 * NULL). */
size_t	 mult_memory(const dlx *);
void	 mult_free(dlx *);

#endif /* MULT_H */
