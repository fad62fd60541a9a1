/*
 * dlx_logic.h: solving a sudoku the way a person does (libdlx).
 *
 * A dlx_logic object holds a grid of N x N cells with boxes of R rows by
 * C columns (N = R*C, up to 36x36) and, for every empty cell, its
 * candidates: the symbols that no rule has ruled out yet.  Each call of
 * dlx_logic_step() applies the simplest rule that makes progress, changes
 * the grid accordingly and describes what it did in a struct
 * dlx_logic_step, which dlx_logic_format() turns into a line of text such
 * as
 *
 *	hidden single: r4c7 = 5 (only place for 5 in box 6)
 *	naked pair {3,6} in row 2 (r2c1, r2c5): removes 3 from r2c8, 6 from r2c9
 *
 * When no rule applies the puzzle is "stuck"; dlx_logic_search() then
 * finishes it with the exact-cover search of libdlx on the candidates left.
 *
 * Typical use:
 *
 *	dlx_logic *lg;
 *	if (dlx_logic_new(&lg, 3, 3, NULL) != DLX_OK)
 *		return;
 *	dlx_logic_load(lg, grid);
 *	while ((rc = dlx_logic_step(lg, &st)) == DLX_OK)
 *		dlx_logic_format(lg, &st, buf, sizeof buf), puts(buf);
 *	if (rc == DLX_LOGIC_STUCK)
 *		dlx_logic_search(lg, NULL, solution, &res);
 *	dlx_logic_free(lg);
 *
 * Numbering.  Symbols are 1..N (0 is a blank).  Cells, rows, columns and
 * boxes are numbered from 0 in the interface and from 1 in text: cell
 * r*N + c is in row r, column c and box (r / R) * R + c / C, boxes being
 * numbered left to right, top to bottom.  A house (a row, column or box)
 * is one number: rows are 0..N-1, columns N..2N-1 and boxes 2N..3N-1.  A
 * set of symbols is a bit mask with bit s-1 for symbol s.
 *
 * The rules (enum dlx_logic_rule) run from singles, locked candidates,
 * naked and hidden subsets and basic fish through single-digit patterns,
 * wings, finned fish, coloring and the uniqueness rules to chains, almost
 * locked sets and forcing chains.  They are tried in the order of their
 * value on the rating scale, lowest first; the first rule that changes
 * something is applied, then the search starts again from the first.
 * The table of values, HoDoKu levels and scores is in sudoku_logic.c and
 * dlx_logic(3).
 *
 * Every rule is a deduction valid for every solution that agrees with the
 * candidates, so the logic never loses a solution, also when a puzzle has
 * none or several; except the uniqueness rules (DLX_LOGIC_UNIQUENESS),
 * valid only for a puzzle with one solution, which dlx_logic_set_rules()
 * turns off.  Placing a symbol removes it from the candidates of the
 * cell's houses; that is part of the placement and is not listed as an
 * elimination.
 *
 * The grade of a puzzle is the hardest group of rules it needed:
 * DLX_LOGIC_GRADE_SINGLES (naked and hidden singles), _SUBSETS (locked
 * candidates and subsets), _FISH (x-wing, swordfish, jellyfish),
 * _ADVANCED (every later rule), _SEARCH (the rules got stuck).  Its
 * rating (dlx_logic_rating()) is finer: Sudoku Explainer's ER/EP/ED and
 * HoDoKu's score and level.
 *
 * The object allocates everything at dlx_logic_new(); no later call
 * allocates except dlx_logic_search().  Functions return the codes of
 * dlx.h (DLX_OK, DLX_EINVAL, DLX_ENOMEM, DLX_STOPPED, ...) and the
 * positive DLX_LOGIC_* statuses below.
 */
#ifndef DLX_LOGIC_H
#define DLX_LOGIC_H

#include <stddef.h>
#include <stdint.h>

#include "dlx_sudoku.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest N: the sudoku model's (dlx_sudoku.h). */
#define DLX_LOGIC_MAXN		DLX_SUDOKU_MAXN

/* Why dlx_logic_step() or dlx_logic_run() made no (more) progress (the
 * logic range of dlx.h: statuses 300..399). */
enum dlx_logic_status {
	DLX_LOGIC_SOLVED = 300,		/* every cell is filled */
	DLX_LOGIC_STUCK = 301,		/* no rule applies */
	DLX_LOGIC_CONTRADICTION = 302	/* a cell lost every candidate, or a
					   symbol every place in a house: the
					   puzzle has no solution */
};

/*
 * The rules.  The enum numbers them by family; the order in which they
 * are tried is that of their rating value (dlx_logic_rule_value(),
 * lowest first, ties in enum order).  The numbers stay: new rules are
 * appended.  The
 * table of values, levels and scores is in sudoku_logic.c and in
 * dlx_logic(3).
 */
enum dlx_logic_rule {
	DLX_LOGIC_NAKED_SINGLE,
	DLX_LOGIC_HIDDEN_SINGLE,
	DLX_LOGIC_POINTING,
	DLX_LOGIC_CLAIMING,
	DLX_LOGIC_NAKED_PAIR,
	DLX_LOGIC_HIDDEN_PAIR,
	DLX_LOGIC_NAKED_TRIPLE,
	DLX_LOGIC_HIDDEN_TRIPLE,
	DLX_LOGIC_NAKED_QUAD,
	DLX_LOGIC_HIDDEN_QUAD,
	DLX_LOGIC_X_WING,
	DLX_LOGIC_SWORDFISH,
	DLX_LOGIC_JELLYFISH,
	/* Single-digit patterns. */
	DLX_LOGIC_SKYSCRAPER,
	DLX_LOGIC_TWO_STRING_KITE,
	DLX_LOGIC_TURBOT_FISH,
	DLX_LOGIC_EMPTY_RECTANGLE,
	/* Wings. */
	DLX_LOGIC_XY_WING,
	DLX_LOGIC_XYZ_WING,
	DLX_LOGIC_W_WING,
	/* Finned and sashimi fish. */
	DLX_LOGIC_FINNED_X_WING,
	DLX_LOGIC_SASHIMI_X_WING,
	DLX_LOGIC_FINNED_SWORDFISH,
	DLX_LOGIC_SASHIMI_SWORDFISH,
	DLX_LOGIC_FINNED_JELLYFISH,
	DLX_LOGIC_SASHIMI_JELLYFISH,
	/* Coloring. */
	DLX_LOGIC_SIMPLE_COLORS,
	DLX_LOGIC_MULTI_COLORS,
	/* Uniqueness: sound only for a puzzle with one solution. */
	DLX_LOGIC_UR_TYPE1,
	DLX_LOGIC_UR_TYPE2,
	DLX_LOGIC_UR_TYPE3,
	DLX_LOGIC_UR_TYPE4,
	DLX_LOGIC_UR_TYPE5,
	DLX_LOGIC_UR_TYPE6,
	DLX_LOGIC_HIDDEN_RECTANGLE,
	DLX_LOGIC_BUG_PLUS_1,
	/* Chains (sudoku_logic_chains.c). */
	DLX_LOGIC_REMOTE_PAIR,
	DLX_LOGIC_X_CHAIN,
	DLX_LOGIC_XY_CHAIN,
	DLX_LOGIC_NICE_LOOP,		/* continuous or discontinuous */
	DLX_LOGIC_AIC,
	DLX_LOGIC_GROUPED_NICE_LOOP,
	DLX_LOGIC_GROUPED_AIC,
	/* Almost locked sets and Sue de Coq. */
	DLX_LOGIC_SUE_DE_COQ,
	DLX_LOGIC_ALS_XZ,
	DLX_LOGIC_ALS_XY_WING,
	DLX_LOGIC_ALS_CHAIN,
	DLX_LOGIC_DEATH_BLOSSOM,
	/* Forcing chains and nets: the last resort before search. */
	DLX_LOGIC_FORCING_CHAIN,
	DLX_LOGIC_FORCING_NET,
	DLX_LOGIC_NRULES,		/* number of rules */
	DLX_LOGIC_NO_CANDIDATE = DLX_LOGIC_NRULES, /* contradiction: a cell
					   has no candidate left */
	DLX_LOGIC_NO_PLACE		/* contradiction: a symbol has no place
					   left in a house */
};

/* Bit mask of a rule, for dlx_logic_set_rules(). */
#define DLX_LOGIC_RULE(r)	((uint64_t)1 << (r))
#define DLX_LOGIC_ALL_RULES	(DLX_LOGIC_RULE(DLX_LOGIC_NRULES) - 1)

/* The uniqueness rules: unique rectangles, hidden rectangle, BUG+1.  They
 * assume the puzzle has one solution; without that they may remove a
 * solution's symbol.  dlx_logic_set_rules(lg, DLX_LOGIC_ALL_RULES &
 * ~DLX_LOGIC_UNIQUENESS) turns them off. */
#define DLX_LOGIC_UNIQUENESS	(DLX_LOGIC_RULE(DLX_LOGIC_BUG_PLUS_1 + 1) - \
				    DLX_LOGIC_RULE(DLX_LOGIC_UR_TYPE1))

/* Difficulty grades, easiest first: groups of rules. */
enum dlx_logic_grade {
	DLX_LOGIC_GRADE_NONE,		/* nothing needed yet */
	DLX_LOGIC_GRADE_SINGLES,	/* naked and hidden singles */
	DLX_LOGIC_GRADE_SUBSETS,	/* locked candidates, naked and hidden
					   subsets */
	DLX_LOGIC_GRADE_FISH,		/* x-wing, swordfish, jellyfish */
	DLX_LOGIC_GRADE_ADVANCED,	/* every later rule: patterns, wings,
					   finned fish, colors, uniqueness,
					   chains, ALS, forcing chains */
	DLX_LOGIC_GRADE_SEARCH,		/* no rule applies: search needed */
	DLX_LOGIC_NGRADES
};

/* Levels as HoDoKu names them, easiest first (dlx_logic_rating()). */
enum dlx_logic_level {
	DLX_LOGIC_LEVEL_NONE,		/* nothing needed yet */
	DLX_LOGIC_LEVEL_EASY,
	DLX_LOGIC_LEVEL_MEDIUM,
	DLX_LOGIC_LEVEL_HARD,
	DLX_LOGIC_LEVEL_UNFAIR,
	DLX_LOGIC_LEVEL_EXTREME,
	DLX_LOGIC_LEVEL_SEARCH,		/* the rules got stuck */
	DLX_LOGIC_NLEVELS
};

/* Most cells a step names in cells[] or fins[], and a set holds: a
 * jellyfish names at most 16, locked candidates as many as a box and a
 * line share (36 with boxes of 1x36). */
#define DLX_LOGIC_MAXCELLS	DLX_LOGIC_MAXN

/* Most houses a step names: the base and cover lines of a jellyfish with
 * a fin's box, and room for larger patterns. */
#define DLX_LOGIC_MAXHOUSES	16

/* One candidate removed from one cell. */
struct dlx_logic_elim {
	int		 cell;		/* cell number */
	int		 symbol;	/* 1..N */
};

/*
 * A node of a chain or net: the candidate symbol in cell (or in every
 * cell of a group, all in one house) being true (on) or false (off).  A
 * chain is a sequence of links, each following from the link pred
 * (pred = i - 1 in a plain chain; -1 for a start), so a net, in which
 * a link may follow from an earlier one, is a tree of them.  strong: the
 * inference from pred is strong (pred off forces this on), else weak.
 */
#define DLX_LOGIC_MAXGROUP	6
struct dlx_logic_link {
	int		 cell;		/* the cell (first of a group) */
	int		 ngroup;	/* cells in a group node: 0 (plain
					   node, cell alone) or 2.. */
	int		 group[DLX_LOGIC_MAXGROUP]; /* its cells, ascending */
	int		 symbol;	/* 1..N */
	int		 on;		/* 1: true, 0: false */
	int		 strong;	/* inference from pred is strong */
	int		 pred;		/* link it follows from, or -1 */
	int		 set;		/* index in sets[] of an ALS the link
					   goes through, or -1 */
};

/* A set of cells that a step names as one thing: an almost locked set,
 * a color class of a digit, the extra cells of a unique rectangle, the
 * parts of a Sue de Coq. */
enum dlx_logic_set_kind {
	DLX_LOGIC_SET_ALS,		/* almost locked set: n cells of a
					   house with n + 1 candidates */
	DLX_LOGIC_SET_COLOR,		/* cells of one color (tag: the
					   color, 0 and 1 a pair, 2 and 3 a
					   second cluster's) */
	DLX_LOGIC_SET_CELLS		/* any other group */
};
struct dlx_logic_set {
	enum dlx_logic_set_kind kind;
	int		 tag;		/* color number, or 0 */
	int		 house;		/* house holding it, or -1 */
	uint64_t	 symbols;	/* its candidates (ALS), its digit */
	int		 ncells;
	int		 cells[DLX_LOGIC_MAXCELLS]; /* ascending */
};

/*
 * What one step did.  For a single, cell and symbol are the placement and
 * nelim is 0.  Otherwise cell is -1 and elim[0..nelim-1] are the removed
 * candidates, sorted by symbol, then cell.  The houses and cells name the
 * pattern that justifies the step:
 *
 *	rule		houses			cells		symbols
 *	naked single	none			the cell	the symbol
 *	hidden single	the house		the cell	the symbol
 *	pointing	box, then the line	its places	the symbol
 *	claiming	line, then the box	its places	the symbol
 *	naked subset	the house		the n cells	their n symbols
 *	hidden subset	the house		the n cells	the n symbols
 *	x-wing etc.	n base lines, then	the symbol's	the symbol
 *			n cover lines		places in the
 *						base lines
 *	finned fish	as fish, then the	as fish		the symbol
 *			fins' box		(fins: fins[])
 *	no candidate	none			the cell	none
 *	no place	the house		none		the symbol
 *
 * and for the other rules as dlx_logic(3) says.  Chains and nets list
 * their nodes in link[0..nlinks-1], almost locked sets and color classes
 * in set[0..nsets-1].  elim, link and set point into the dlx_logic
 * object and stay valid until the next call that changes it.
 *
 * rating is the step's value on the rating scale in tenths (23 for 2.3):
 * the rule's value (dlx_logic_rule_value()), or more for a longer chain
 * or a larger pattern, and for a naked single that is also a hidden
 * single, the hidden single's (1.2 in a box, 1.5 in a line); -1 for a
 * contradiction (DLX_LOGIC_NO_CANDIDATE, DLX_LOGIC_NO_PLACE: no rule).
 */
struct dlx_logic_step {
	enum dlx_logic_rule rule;
	int		 nhouses;	/* 0..DLX_LOGIC_MAXHOUSES */
	int		 houses[DLX_LOGIC_MAXHOUSES]; /* house numbers */
	int		 ncells;	/* 0..DLX_LOGIC_MAXCELLS */
	int		 cells[DLX_LOGIC_MAXCELLS]; /* ascending */
	int		 nfins;		/* 0..DLX_LOGIC_MAXCELLS */
	int		 fins[DLX_LOGIC_MAXCELLS]; /* ascending */
	uint64_t	 symbols;	/* symbol mask */
	int		 cell;		/* placement: cell, or -1 */
	int		 symbol;	/* placement: symbol 1..N, or 0 */
	int		 rating;	/* tenths, see above */
	size_t		 nelim;		/* candidates removed */
	const struct dlx_logic_elim *elim;
	size_t		 nlinks;	/* chain nodes */
	const struct dlx_logic_link *link;
	size_t		 nsets;		/* sets named */
	const struct dlx_logic_set *set;
};

/*
 * The rating of the puzzle loaded, from the steps since dlx_logic_load()
 * (dlx_logic_rating()).  The three figures are Sudoku Explainer's, in
 * tenths: er the hardest step; ep the hardest step up to and including
 * the first placement; ed the hardest step up to and including the first
 * step (its difficulty).  score adds up each step's HoDoKu-style score
 * (dlx_logic_rule_score()); level is the HoDoKu level, the higher of the
 * hardest rule's level and the level the score reaches.
 */
struct dlx_logic_rating {
	int		 er;		/* tenths, 0: no step yet */
	int		 ep;
	int		 ed;
	uint64_t	 score;
	enum dlx_logic_level level;
	enum dlx_logic_rule hardest;	/* the rule of the er step */
	uint64_t	 steps;		/* steps made */
};

/* How dlx_logic_search() finished a puzzle. */
struct dlx_logic_result {
	uint64_t	 solutions;	/* 0, 1 or 2: the search stops at 2 */
	uint64_t	 guesses;	/* guesses before the first solution (or
					   in the whole search if there is
					   none), see dlx_logic_search() */
	uint64_t	 nodes;		/* search tree nodes, as dlx_stats() */
};

typedef struct dlx_logic dlx_logic;

/* How to make a solver.  Zero-initialize; NULL means all defaults. */
struct dlx_logic_options {
	const struct dlx_allocator *alloc; /* every allocation, the solver's
					   and its search's (copied); NULL:
					   malloc */
};

/*
 * Create a logic solver for boxes of boxrows x boxcols cells, N =
 * boxrows*boxcols symbols, the shapes of dlx_sudoku.h: R, C >= 1 and
 * DLX_SUDOKU_MINN (4) <= N <= DLX_LOGIC_MAXN (4x4, 6x6, 8x8, 9x9, 12x12,
 * 16x16, 25x25, 36x36 and the rest; boxes of one row or column are
 * allowed, each box then being a line).  The grid starts empty, every
 * candidate open.  Stores the solver in *lp and returns DLX_OK, or
 * returns DLX_EINVAL (lp NULL, a bad shape, an allocator lacking a
 * function) or DLX_ENOMEM with *lp unchanged and nothing allocated.  Free
 * with dlx_logic_free().
 */
int		 dlx_logic_new(dlx_logic **lp, int boxrows, int boxcols,
		    const struct dlx_logic_options *opt);

/* Free lg.  dlx_logic_free(NULL) does nothing. */
void		 dlx_logic_free(dlx_logic *lg);

/* N, the number of symbols (and of rows, columns and boxes). */
int		 dlx_logic_size(const dlx_logic *lg);

/*
 * Start a new puzzle: grid[0..N*N-1] holds the givens, 0 for a blank.
 * Every blank gets as candidates the symbols not given in its row,
 * column and box.  Returns DLX_OK; DLX_EINVAL if a cell is outside 0..N
 * or grid NULL; DLX_ECONFLICT if two givens clash (the same symbol twice
 * in a house).  After an error lg is unchanged.
 */
int		 dlx_logic_load(dlx_logic *lg, const int *grid);

/*
 * Start from where a player stands: grid[0..N*N-1] holds the symbols
 * placed (0 for a blank; grid may be NULL for none) and cand[cell] the
 * pencil marks of each blank cell (a symbol mask; ignored for a filled
 * cell).  A blank keeps only the marks that no placed symbol of its
 * houses rules out; a blank with no mark left is a contradiction that
 * the next dlx_logic_step() reports.  Returns as dlx_logic_load(), and
 * DLX_EINVAL if cand is NULL.
 */
int		 dlx_logic_load_marks(dlx_logic *lg, const int *grid,
		    const uint64_t *cand);

/*
 * Allow only the rules in mask (DLX_LOGIC_RULE() bits; the default is
 * DLX_LOGIC_ALL_RULES).  Bits beyond DLX_LOGIC_NRULES are ignored.
 * DLX_LOGIC_ALL_RULES & ~DLX_LOGIC_UNIQUENESS is the set for puzzles that
 * may have several solutions.
 */
void		 dlx_logic_set_rules(dlx_logic *lg, uint64_t mask);

/*
 * Symbols for text: alphabet[s-1] is the character of symbol s (the first
 * N characters are copied).  An alphabet shorter than N, "" for one,
 * makes symbols print as decimal numbers (candidates in the pencil-mark
 * grid then have commas between them).  NULL restores the default,
 * "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", whose 35 symbols serve up to
 * 25x25 (36x36 prints numbers).  Returns DLX_OK, or DLX_EINVAL if lg is
 * NULL.
 */
int		 dlx_logic_set_alphabet(dlx_logic *lg, const char *alphabet);

/*
 * Apply one step: the first allowed rule, in the order of enum
 * dlx_logic_rule, that places a symbol or removes a candidate, and
 * describe it in *st.  Returns DLX_OK (a step was made);
 * DLX_LOGIC_SOLVED; DLX_LOGIC_STUCK; DLX_LOGIC_CONTRADICTION (then *st
 * says where, with rule DLX_LOGIC_NO_CANDIDATE or DLX_LOGIC_NO_PLACE);
 * DLX_EINVAL (st NULL).  The grid changes only on DLX_OK.
 */
int		 dlx_logic_step(dlx_logic *lg, struct dlx_logic_step *st);

/* Called by dlx_logic_run() after each step; nonzero stops the run. */
typedef int	 dlx_logic_step_fn(void *arg, const struct dlx_logic_step *st);

/*
 * Apply steps until none applies, calling fn (if not NULL) after each.
 * Returns what the last dlx_logic_step() returned other than DLX_OK
 * (DLX_LOGIC_SOLVED, DLX_LOGIC_STUCK, DLX_LOGIC_CONTRADICTION), or
 * DLX_STOPPED if fn returned nonzero.  If stp is not NULL, *stp is the
 * contradiction's description when that is the outcome.
 */
int		 dlx_logic_run(dlx_logic *lg, dlx_logic_step_fn *fn, void *arg,
		    struct dlx_logic_step *stp);

/* Grade of a rule. */
enum dlx_logic_grade dlx_logic_rule_grade(enum dlx_logic_rule rule);

/*
 * Grade of the puzzle loaded: DLX_LOGIC_GRADE_SEARCH if the last
 * dlx_logic_step() returned DLX_LOGIC_STUCK, else the grade of the
 * hardest rule applied since dlx_logic_load() (DLX_LOGIC_GRADE_NONE if
 * none was).  With a reduced set of rules (dlx_logic_set_rules()) the
 * grade is that of the rules it used.
 */
enum dlx_logic_grade dlx_logic_grade(const dlx_logic *lg);

/*
 * The rating of the puzzle loaded, from the steps made since
 * dlx_logic_load() (see struct dlx_logic_rating): final once
 * dlx_logic_step() has returned DLX_LOGIC_SOLVED; level is
 * DLX_LOGIC_LEVEL_SEARCH once it returned DLX_LOGIC_STUCK.  Returns
 * DLX_OK, or DLX_EINVAL if an argument is NULL.
 */
int		 dlx_logic_rating(const dlx_logic *lg,
		    struct dlx_logic_rating *r);

/* A rule's value on the rating scale in tenths (dlx_logic(3) has the
 * table), its HoDoKu level and its score per step; -1, NONE and 0 for a
 * number that is not a rule. */
int		 dlx_logic_rule_value(enum dlx_logic_rule rule);
enum dlx_logic_level dlx_logic_rule_level(enum dlx_logic_rule rule);
int		 dlx_logic_rule_score(enum dlx_logic_rule rule);

/* Number of steps made with each rule since dlx_logic_load(). */
uint64_t	 dlx_logic_count(const dlx_logic *lg, enum dlx_logic_rule rule);

/* Names, static, never NULL: "naked single", ..., "fish", "search". */
const char	*dlx_logic_rule_name(enum dlx_logic_rule rule);
const char	*dlx_logic_grade_name(enum dlx_logic_grade grade);
const char	*dlx_logic_level_name(enum dlx_logic_level level);

/* Symbol in cell (0 if empty) and candidate mask of cell (0 if filled or
 * if cell is out of range). */
int		 dlx_logic_cell(const dlx_logic *lg, int cell);
uint64_t	 dlx_logic_candidates(const dlx_logic *lg, int cell);

/* Copy the grid to grid[0..N*N-1] (0 for an empty cell). */
void		 dlx_logic_grid(const dlx_logic *lg, int *grid);

/*
 * Write st as one line of text (no newline) into buf, as snprintf() does:
 * at most size bytes, NUL-terminated if size > 0.  Returns the length the
 * whole text has, so a return >= size means it was cut.
 */
size_t		 dlx_logic_format(const dlx_logic *lg,
		    const struct dlx_logic_step *st, char *buf, size_t size);

/*
 * Write the pencil-mark grid: N lines, each cell shown as its candidates
 * (or its symbol, once filled) padded to the width of its column, boxes
 * apart with '|' and with lines of '-' and '+'.  As snprintf(): returns
 * the full length, text ends with a newline.
 */
size_t		 dlx_logic_format_candidates(const dlx_logic *lg, char *buf,
		    size_t size);

/*
 * Finish the puzzle with libdlx's exact-cover search over the candidates
 * left: one option per candidate, and the items of the sudoku (cell,
 * row-symbol, column-symbol, box-symbol) that are still open.  The search
 * stops at a second solution.  If one is found the first solution goes to
 * solution[0..N*N-1] (if not NULL); the logic grid itself is not changed.
 *
 * res->guesses counts the options the search tried before it reached its
 * first solution (over the whole search when there is none): the search
 * tree nodes below the root, as dlx_stats() counts them.  When the rules
 * are stuck no item has a single option left, so the first of them is
 * always a real guess; deeper ones may be forced.  A grid already solved
 * takes 0 guesses.
 *
 * s (may be NULL) lends the search its progress callback and budgets:
 * only progress, progress_arg, progress_updates, max_nodes and
 * max_updates are used (the search is serial, in Knuth's tree); the
 * callback's dlx_stats are those of the search.  Returns DLX_OK (the
 * search ended), or what dlx_run() returns when it was cut short: DLX_STOPPED (progress returned
 * nonzero), DLX_INCOMPLETE (a budget ran out), with *res and solution
 * holding what was found so far; DLX_ENOMEM; DLX_EINVAL (res NULL).
 */
int		 dlx_logic_search(dlx_logic *lg, const struct dlx_request *s,
		    int *solution, struct dlx_logic_result *res);

#ifdef __cplusplus
}
#endif

#endif /* DLX_LOGIC_H */
