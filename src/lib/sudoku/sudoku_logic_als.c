/*
 * sudoku_logic_als.c: almost locked sets and Sue de Coq.
 */
#include "lib/sudoku/sudoku_logic_chains.h"

int
lgc_als_apply(dlx_logic *lg, struct lgc *x, struct dlx_logic_step *st,
    enum dlx_logic_rule r)
{
	(void)lg; (void)x; (void)st; (void)r;
	return 0;
}
