/*
 * sudoku_logic_int.h: the state of a dlx_logic, shared by the files of the
 * logic solver inside libdlx (not installed).
 *
 *	sudoku_logic.c		the candidate state: load, place, step, run
 *	sudoku_logic_rules.c	the rules, each finding one pattern
 *	sudoku_logic_format.c	steps and the pencil-mark grid as text
 *	sudoku_logic_search.c	finishing a puzzle by exact-cover search
 *
 * Representation.  The grid is value[cell] (0 when empty) and cand[cell],
 * the mask of candidates of an empty cell (0 once it is filled).  The
 * invariant kept by place() is that no empty cell has as candidate a
 * symbol already placed in one of its houses, so a rule only ever has to
 * look at candidates.  The houses are the units of the sudoku model
 * (sudoku_model.h): house h is unit h, rows 0..N-1, columns N..2N-1 and
 * boxes 2N..3N-1, its cells in reading order; every rule walks houses
 * through that table, which makes rows, columns and boxes (of any shape)
 * the same case.
 */
#ifndef DLX_SUDOKU_LOGIC_INT_H
#define DLX_SUDOKU_LOGIC_INT_H

#include <assert.h>
#include <stdint.h>

#include "sudoku_logic.h"
#include "lib/sudoku/sudoku_model.h"

#define MAXN		DLX_LOGIC_MAXN

struct dlx_logic {
	struct dlx_allocator mem;	/* every block, the search's too */
	struct sm_model	*m;		/* the geometry: houses are units */
	int		 br;		/* box rows */
	int		 bc;		/* box columns */
	int		 n;		/* symbols: br * bc */
	int		 ncells;	/* n * n */
	uint64_t	 all;		/* mask of every symbol */
	int		*value;		/* [ncells] symbol, 0 if empty */
	uint64_t	*cand;		/* [ncells] candidates, 0 if filled */
	struct dlx_logic_elim *elim;	/* [maxelim] last step's removals */
	size_t		 nelim;
	size_t		 maxelim;	/* 4 * n: the most any rule removes */
	unsigned	 rules;		/* allowed rules, DLX_LOGIC_RULE bits */
	enum dlx_logic_grade grade;	/* hardest rule applied since load */
	int		 stuck;	/* the last step found nothing to do */
	uint64_t	 count[DLX_LOGIC_NRULES]; /* steps per rule */
	struct sm_symbols sy;		/* how symbols are written */
};

#define BIT(s)		((uint64_t)1 << ((s) - 1))
#define ROW(lg, c)	((c) / (lg)->n)
#define COL(lg, c)	((c) % (lg)->n)
#define NHOUSES(lg)	(3 * (lg)->n)
#define HOUSE(lg, h)	((lg)->m->unit[h])

static inline int
popcount(uint64_t x)
{
	int	 k;

	for (k = 0; x != 0; k++)
		x &= x - 1;
	return k;
}

/* Lowest symbol of a nonempty mask. */
static inline int
lowest(uint64_t m)
{
	int	 s;

	assert(m != 0);
	for (s = 1; (m & 1) == 0; s++)
		m >>= 1;
	return s;
}

/* Put s in cell and remove it from the candidates of the cell's houses
 * (sudoku_logic.c). */
void	lgi_place(dlx_logic *lg, int cell, int s);

/* A contradiction, if any, described in *st (sudoku_logic_rules.c). */
int	lgi_contradiction(dlx_logic *lg, struct dlx_logic_step *st);

/* Apply rule r once if it changes something: 1 with *st describing the
 * step, else 0 and nothing changed (sudoku_logic_rules.c). */
int	lgi_apply(dlx_logic *lg, struct dlx_logic_step *st,
	    enum dlx_logic_rule r);

#endif /* DLX_SUDOKU_LOGIC_INT_H */
