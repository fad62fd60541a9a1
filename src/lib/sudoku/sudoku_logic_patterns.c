/*
 * sudoku_logic_patterns.c: the rules of the logic solver between the
 * basic fish and the chains: single-digit patterns, wings, finned and
 * sashimi fish, coloring, uniqueness (sudoku_logic.h lists them).
 */
#include <stdlib.h>
#include <string.h>

#include "lib/sudoku/sudoku_logic_int.h"

int
lgi_patterns_apply(dlx_logic *lg, struct dlx_logic_step *st,
    enum dlx_logic_rule r)
{
	(void)lg;
	(void)st;
	(void)r;
	return 0;
}

int
lgi_patterns_format(const dlx_logic *lg, const struct dlx_logic_step *st,
    struct lgi_out *o)
{
	(void)lg;
	(void)st;
	(void)o;
	return 0;
}
