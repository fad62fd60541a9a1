/*
 * sudoku_logic_int.h: the state of a dlx_logic, shared by the files of the
 * logic solver inside libdlx (not installed).
 *
 *	sudoku_logic.c		the candidate state: load, place, step, run
 *	sudoku_logic_rules.c	the rules, each finding one pattern: singles,
 *				subsets, fish, the framework of a step
 *	sudoku_logic_patterns.c	single-digit patterns, wings, finned fish,
 *				colors; the text of these and the next
 *	sudoku_logic_unique.c	unique rectangles, hidden rectangle, BUG+1
 *	sudoku_logic_chains.c	chains, ALS, Sue de Coq, forcing chains
 *				(through the lgi_chains_* hooks)
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

#include "dlx_logic.h"
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
	size_t		 maxelim;	/* ncells * n: every candidate once */
	uint64_t	*pending;	/* [ncells] candidates in elim[], so
					   that none is listed twice */
	struct dlx_logic_link *link;	/* [maxlinks] last step's chain */
	size_t		 nlinks;
	size_t		 maxlinks;	/* ncells * n */
	struct dlx_logic_set *set;	/* [maxsets] last step's sets */
	size_t		 nsets;
	size_t		 maxsets;	/* n + 1: a death blossom's petals
					   and stem */
	uint64_t	 rules;		/* allowed rules, DLX_LOGIC_RULE bits */
	enum dlx_logic_rule order[DLX_LOGIC_NRULES]; /* the order of
					   trying: by value, naked single
					   first */
	enum dlx_logic_grade grade;	/* hardest rule applied since load */
	int		 stuck;	/* the last step found nothing to do */
	uint64_t	 count[DLX_LOGIC_NRULES]; /* steps per rule */
	struct dlx_logic_rating rt;	/* rating so far (level: by rule) */
	int		 placed;	/* a placement happened since load */
	int		 score;		/* HoDoKu score of the step being made:
					   the rule's (lgi_step_init()), or
					   less (a hidden single that is also
					   a naked one or a full house) */
	struct sm_symbols sy;		/* how symbols are written */
	int		*boxof;		/* [ncells] box of each cell (0..N-1):
					   the rules ask at every turn */
	void		*chains;	/* state of sudoku_logic_chains.c, or
					   NULL (lgi_chains_init()) */
};

#define BIT(s)		((uint64_t)1 << ((s) - 1))
#define ROW(lg, c)	((c) / (lg)->n)
#define COL(lg, c)	((c) % (lg)->n)
#define NHOUSES(lg)	(3 * (lg)->n)
#define HOUSE(lg, h)	((lg)->m->unit[h])

/* The rules count and scan candidate masks at every step: the compiler's
 * one-instruction forms where it has them. */
static inline int
popcount(uint64_t x)
{
#if defined(__GNUC__) && defined(__POPCNT__)
	return __builtin_popcountll(x);
#else
	/* Without the instruction, the compiler's builtin is a call:
	 * bits summed in parallel instead. */
	x = x - ((x >> 1) & 0x5555555555555555ULL);
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

/* Lowest symbol of a nonempty mask. */
static inline int
lowest(uint64_t m)
{
	assert(m != 0);
#if defined(__GNUC__)
	return __builtin_ctzll(m) + 1;
#else
	{
		int	 s;

		for (s = 1; (m & 1) == 0; s++)
			m >>= 1;
		return s;
	}
#endif
}

/* Put s in cell and remove it from the candidates of the cell's houses
 * (sudoku_logic.c). */
void	lgi_place(dlx_logic *lg, int cell, int s);

/*
 * Building a step (sudoku_logic_rules.c), for every rule file.  A rule
 * starts its step with lgi_step_init(), names its pattern with the
 * lgi_add_* calls, lists what it removes with lgi_elim() (candidates
 * that are not there, or listed already, are skipped) and ends with
 * lgi_finish(), which applies the removals and returns 1, or returns 0
 * with nothing changed if there were none (the rule then looks on).
 * The rating is the rule's value unless the rule sets st->rating.
 */
void	lgi_step_init(dlx_logic *lg, struct dlx_logic_step *st,
	    enum dlx_logic_rule r);
void	lgi_elim(dlx_logic *lg, int cell, int s);
void	lgi_add_cell(struct dlx_logic_step *st, int cell);
void	lgi_add_fin(struct dlx_logic_step *st, int cell);
void	lgi_add_house(struct dlx_logic_step *st, int h);
/* Append a chain node; returns its index, or -1 if the chain is full. */
int	lgi_add_link(dlx_logic *lg, struct dlx_logic_step *st,
	    const struct dlx_logic_link *ln);
/* Append a set (copied); returns its index, or -1 if there are too
 * many. */
int	lgi_add_set(dlx_logic *lg, struct dlx_logic_step *st,
	    const struct dlx_logic_set *set);
int	lgi_finish(dlx_logic *lg, struct dlx_logic_step *st);
/* Forget the eliminations collected since lgi_step_init() (a pattern that
 * turned out to remove nothing useful). */
void	lgi_drop(dlx_logic *lg);

/* Box of cell c (0..N-1). */
static inline int
lgi_box(const dlx_logic *lg, int c)
{
	return lg->boxof[c];
}

/* Do cells a and b see each other (share a house, a != b)? */
static inline int
lgi_sees(const dlx_logic *lg, int a, int b)
{
	return a != b && (ROW(lg, a) == ROW(lg, b) ||
	    COL(lg, a) == COL(lg, b) || lgi_box(lg, a) == lgi_box(lg, b));
}

/* Is cell c in house h? */
static inline int
lgi_in_house(const dlx_logic *lg, int c, int h)
{
	int	 n = lg->n;

	if (h < n)
		return ROW(lg, c) == h;
	if (h < 2 * n)
		return COL(lg, c) == h - n;
	return lgi_box(lg, c) == h - 2 * n;
}

/* The rules of sudoku_logic_patterns.c: 1 if r applied (*st says how),
 * 0 if it found nothing; the text of their steps, as
 * lgi_chains_format() below. */
struct lgi_out;
int	lgi_patterns_apply(dlx_logic *lg, struct dlx_logic_step *st,
	    enum dlx_logic_rule r);
int	lgi_patterns_format(const dlx_logic *lg,
	    const struct dlx_logic_step *st, struct lgi_out *o);
/* The uniqueness rules (sudoku_logic_unique.c), as lgi_patterns_apply(). */
int	lgi_unique_apply(dlx_logic *lg, struct dlx_logic_step *st,
	    enum dlx_logic_rule r);
/* Helpers of the patterns that the uniqueness rules share: the places of
 * s in house h (bit i for its i-th cell); s eliminated from every cell
 * that sees all of cells[0..k-1]; a set of cells with candidates m added
 * to the step. */
uint64_t lgi_places(const dlx_logic *lg, int h, int s);
void	lgi_elim_seen(dlx_logic *lg, const int *cells, int k, int s);
void	lgi_name_cells(dlx_logic *lg, struct dlx_logic_step *st, int tag,
	    int house, uint64_t m, const int *cells, int k);

/*
 * The hooks of sudoku_logic_chains.c, for the rules from
 * DLX_LOGIC_REMOTE_PAIR on.  lgi_chains_init() runs in
 * dlx_logic_new() (it may set lg->chains; DLX_OK or DLX_ENOMEM),
 * lgi_chains_free() in dlx_logic_free() (also after a failed init),
 * lgi_chains_load() after every load.  lgi_chains_apply() is as
 * lgi_patterns_apply(); lgi_chains_format() writes the text of a step of
 * its rules through o and returns 1, or 0 for a rule it does not know.
 */
int	lgi_chains_init(dlx_logic *lg);
void	lgi_chains_free(dlx_logic *lg);
void	lgi_chains_load(dlx_logic *lg);
int	lgi_chains_apply(dlx_logic *lg, struct dlx_logic_step *st,
	    enum dlx_logic_rule r);
int	lgi_chains_format(const dlx_logic *lg, const struct dlx_logic_step *st,
	    struct lgi_out *o);

/*
 * Text (sudoku_logic_format.c).  A struct lgi_out is a snprintf()-like
 * sink: it writes what fits, NUL-terminates, and counts the full length
 * regardless.  The lgi_put* functions write a string, a number, a symbol,
 * "r4c7", "row 4" / "column 7" / "box 6", "{3,6}", " (r2c1, r2c5)" (the
 * step's cells), ": removes 3 from r2c8 r2c9, 6 from r2c9" (its
 * eliminations), and a chain node "r4c7=5" (on) or "r4c7<>5" (off),
 * "r4c78=5" for a group.
 */
struct lgi_out {
	char	*buf;
	size_t	 size;
	size_t	 len;
};
void	lgi_puts(struct lgi_out *o, const char *s);
void	lgi_putnum(struct lgi_out *o, int v);
void	lgi_putsym(const dlx_logic *lg, struct lgi_out *o, int s);
void	lgi_putcell(const dlx_logic *lg, struct lgi_out *o, int c);
void	lgi_puthouse(const dlx_logic *lg, struct lgi_out *o, int h);
void	lgi_putset(const dlx_logic *lg, struct lgi_out *o, uint64_t m);
void	lgi_putcells(const dlx_logic *lg, struct lgi_out *o,
	    const int *cells, int n);
void	lgi_putelims(const dlx_logic *lg, struct lgi_out *o,
	    const struct dlx_logic_step *st);
void	lgi_putlink(const dlx_logic *lg, struct lgi_out *o,
	    const struct dlx_logic_link *ln);

/* A contradiction, if any, described in *st (sudoku_logic_rules.c). */
int	lgi_contradiction(dlx_logic *lg, struct dlx_logic_step *st);

/* Apply rule r once if it changes something: 1 with *st describing the
 * step, else 0 and nothing changed (sudoku_logic_rules.c). */
int	lgi_apply(dlx_logic *lg, struct dlx_logic_step *st,
	    enum dlx_logic_rule r);

#endif /* DLX_SUDOKU_LOGIC_INT_H */
