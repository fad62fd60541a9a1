/*
 * sudoku_logic_chains.c: the chain rules of the logic solver (remote
 * pairs, X- and XY-chains, nice loops and AICs, grouped; almost locked
 * sets; Sue de Coq; forcing chains and nets), reached through the
 * lgi_chains_* hooks of sudoku_logic_int.h.
 *
 * None is written yet: every hook finds nothing, so the solver stops
 * where the rules before them stop.
 */
#include "lib/sudoku/sudoku_logic_int.h"

int
lgi_chains_init(dlx_logic *lg)
{
	lg->chains = NULL;
	return DLX_OK;
}

void
lgi_chains_free(dlx_logic *lg)
{
	(void)lg;
}

void
lgi_chains_load(dlx_logic *lg)
{
	(void)lg;
}

int
lgi_chains_apply(dlx_logic *lg, struct dlx_logic_step *st,
    enum dlx_logic_rule r)
{
	(void)lg;
	(void)st;
	(void)r;
	return 0;
}

int
lgi_chains_format(const dlx_logic *lg, const struct dlx_logic_step *st,
    struct lgi_out *o)
{
	(void)lg;
	(void)st;
	(void)o;
	return 0;
}
