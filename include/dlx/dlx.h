/*
 * dlx.h: exact cover with Algorithm X and dancing links (libdlx).
 *
 * An exact cover problem has items and options.  Each option is a set of
 * items.  A solution is a set of options that covers every *primary* item
 * exactly once and every *secondary* item at most once.  A secondary item
 * may be given a *color* by an option (Knuth's Algorithm C, "exact covering
 * with colors"): options that give an item the same color may be chosen
 * together, while an option that names the item without a color excludes
 * every other option that names it.
 *
 * Typical use:
 *
 *	dlx			*d;
 *	struct dlx_request	 rq = { 0 };	   zeroed: count everything
 *	struct dlx_result	 res;
 *
 *	rc = dlx_new(&d, nprimary, nsecondary, NULL);
 *	for each option: dlx_add_option(d, items, n);
 *	rc = dlx_count(d, &count);	   a struct dlx_wide; or
 *	rq.visit = fn; rc = dlx_run(d, &rq, &res);	   every search
 *	dlx_free(d);
 *
 * Items are numbered 0 .. nprimary-1 (primary), then nprimary ..
 * nprimary+nsecondary-1 (secondary).  Options are numbered 0, 1, 2, ... in
 * the order they are added.  Colors are positive ints; 0 means "no color".
 *
 * One call searches, dlx_run(), with one request (struct dlx_request: the
 * tree, what to do with the solutions, budgets, progress, the subproblem
 * cache, threads, a position) and one result (struct dlx_result: the
 * exact 128-bit count, the figures, which engine and drivers ran);
 * dlx_count() and dlx_first() are shortcuts for the common cases.  The
 * search branches on the active primary item with the fewest remaining
 * options, ties going to the item declared first.  By default it walks a
 * smaller tree than Knuth's (DLX_FAST: dead options are given up at once,
 * an item with at most one option is taken first, on sparse sets), with
 * the same solutions in the same order; with the request's tree set to
 * DLX_KNUTH it visits the same tree as his DLX1 (DLX2 when
 * colors are used) and its node and update counts are the same.
 *
 * Multiplicities: a primary item may be given bounds lo..hi
 * (dlx_set_item_bounds); a solution then covers it with at least lo and at
 * most hi of its options (each option is still chosen at most once).  As
 * soon as one item has bounds other than 1..1 the search is Knuth's
 * Algorithm M, as in his DLX3, with his branching rule: its node and update
 * counts are DLX3's.
 *
 * Return codes: functions that can fail return an int; DLX_OK (0) is
 * success, negative values are errors (see DLX_E*), and positive values
 * are statuses, such as DLX_STOPPED, DLX_LIMIT and DLX_INCOMPLETE, which
 * say why a search ended early.  Each module of libdlx has its own range
 * of codes, so that no two meanings share a number and dlx_strerror()
 * names every code of every module:
 *
 *	   0		DLX_OK, in every module
 *	   1 ..   99	statuses of the core (dlx.h)
 *	  -1 ..  -99	errors of the core, which every module passes on
 *	-100 .. -199	errors of Knuth's text format reader (dlx_text.h)
 *	 200 ..  299	statuses of the sudoku reader (dlx_sudoku.h)
 *	-200 .. -299	errors of the sudoku modules
 *	 300 ..  399	statuses of the logic solver (dlx_logic.h)
 *	-300 .. -399	errors of the logic solver (none yet)
 *
 * A call that fails leaves the object as it was before the call.  A call
 * that can say more than a code (a reader, a checker, dlx_pos_parse())
 * takes a struct dlx_error * as its last argument (NULL: not wanted) and
 * fills it: the code, the line, column or cell, and a message.  The
 * library never prints, exits or aborts on bad input, and keeps no global
 * state: distinct objects may be used from distinct threads at the same
 * time.  One object must not be used by two threads at once.
 *
 * Constructors: every object of libdlx is made by a call that returns an
 * int (DLX_OK, or an error with nothing allocated and the out-argument
 * unchanged), stores the new object through its first argument and takes
 * an options struct last (NULL: the defaults):
 *
 *	dlx *d;
 *	if ((rc = dlx_new(&d, nprimary, nsecondary, NULL)) != DLX_OK)
 *		... dlx_strerror(rc)
 *
 * and it is freed by the matching *_free(), which accepts NULL.  The
 * first field of every options struct is the struct dlx_allocator every
 * allocation of the object takes its memory from (NULL: malloc).  An
 * object keeps the allocator it was made with and gives it to what it
 * makes (a clone, a sudoku's matrix, a generator's builders).
 */
#ifndef DLX_H
#define DLX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes of the core (see "Return codes" above for every module's
 * range).  Functions return them as int. */
enum dlx_status {
	DLX_OK = 0,		/* success; a search explored everything */
	DLX_STOPPED = 1,	/* a callback returned nonzero */
	DLX_LIMIT = 2,		/* max_solutions solutions were found */
	DLX_INCOMPLETE = 3,	/* the node or update budget ran out */
	DLX_ENOMEM = -1,	/* out of memory */
	DLX_EINVAL = -2,	/* invalid argument (NULL, negative size) */
	DLX_ERANGE = -3,	/* item or option number out of range */
	DLX_EDUPITEM = -4,	/* the same item twice in one option */
	DLX_ECOLOR = -5,	/* a color on a primary item, or color < 0 */
	DLX_ENOPRIMARY = -6,	/* an option with no primary item */
	DLX_ECONFLICT = -7,	/* forced option clashes with forced ones */
	DLX_EMISUSE = -8,	/* call not allowed now (e.g. in a callback) */
	DLX_EOVERFLOW = -9,	/* too many nodes, or a count would wrap */
	DLX_ECORRUPT = -10,	/* dlx_check() found a broken invariant, or
				   a position is not of this matrix */
	DLX_ENOTSUP = -11	/* a request no engine serves (struct
				   dlx_result's refused says why) */
};

typedef struct dlx dlx;

/*
 * Where and why a call failed, for every reader and checker of libdlx
 * (Knuth's text format, sudoku puzzles and variants, givens that clash,
 * positions): the one error-detail record.  Zero-initialize or pass NULL
 * where the detail is not wanted; a call that fails fills what it knows
 * and leaves 0 (or -1 for cell) where a field does not apply.
 */
struct dlx_error {
	int		 code;		/* the DLX_E* code of any module the
					   call returned; DLX_OK: no error */
	unsigned long	 line;		/* line from 1; 0: about no line */
	unsigned long	 column;	/* byte column from 1; 0: about the
					   whole line (or no line) */
	int		 cell;		/* a sudoku cell (row * N + column),
					   or -1 */
	int		 sys_errno;	/* errno after a failed read, else 0 */
	char		 message[256];	/* what was wrong, without the place:
					   "unknown item 'x7'" */
};

/*
 * Called once for each solution found.  options[0..n-1] are the option
 * numbers of the solution: first the forced options in the order they
 * were forced, then the options chosen by the search, shallowest first.
 * The array belongs to the library and is valid only during the call.
 * Return 0 to go on, nonzero to stop: the search then returns DLX_STOPPED.
 * The callback may call the read-only functions (dlx_stats, dlx_progress,
 * dlx_option_*, dlx_item_name, ...) but nothing that changes the matrix
 * (those return DLX_EMISUSE).
 */
typedef int dlx_solution_fn(void *arg, const int *options, size_t n);

/*
 * A visit's return that stops the search as any nonzero value does and,
 * in the search of a position on one path (dlx_part.h, with checkpoint),
 * leaves the solution out of the position: its figures do not count it
 * and a run resumed from it visits it again.  For a caller that could
 * not take the solution (a program whose output was cut short by a
 * signal), so that a checkpoint holds exactly the solutions taken.
 * Elsewhere the solution is counted as after any stop.
 */
#define DLX_VISIT_AGAIN	2

/* Statistics of the most recent search (see dlx_stats()). */
struct dlx_stats {
	uint64_t	solutions;	/* solutions found so far */
	uint64_t	nodes;		/* search tree nodes, as DLX1 counts:
					   each level entered plus each
					   solution */
	uint64_t	updates;	/* items and option nodes unlinked
					   while covering, as DLX1 counts */
	size_t		max_depth;	/* most options chosen at once by the
					   search (forced options excluded) */
	uint64_t	abandoned;	/* options given up as soon as they
					   were committed, because they left
					   an uncovered primary item with no
					   option (0 in Knuth's mode) */
	uint64_t	branches;	/* nodes whose item had two options
					   or more: the guesses */
};

/*
 * Called during a long search about every progress_updates updates.  st
 * holds the figures so far.  Return 0 to go on, nonzero to stop (the
 * search then returns DLX_STOPPED).  The same read-only calls are allowed
 * as in a dlx_solution_fn.
 */
typedef int dlx_progress_fn(void *arg, const struct dlx_stats *st);

/*
 * The search tree (struct dlx_request's tree).  DLX_KNUTH: Knuth's tree, as
 * DLX1 and DLX2 walk it (DLX3 with item bounds), with their node and
 * update figures.  DLX_FAST: a smaller tree (dead options are given up at
 * once, and the first item with at most one option is taken), on sparse
 * sets; the same solutions in the same order.
 * DLX_TREE_DEFAULT (0): DLX_FAST, unless dlx_knuth_default() says
 * otherwise.
 */
enum dlx_tree {
	DLX_FAST = -1,
	DLX_TREE_DEFAULT = 0,
	DLX_KNUTH = 1
};

/*
 * Whether a request whose tree is DLX_TREE_DEFAULT walks Knuth's tree: 0,
 * unless the library was configured with --enable-knuth-default, which
 * exists so that the whole test suite can run in Knuth's mode too.
 */
int		 dlx_knuth_default(void);

/*
 * Memory functions for a matrix (struct dlx_options).  realloc(ctx, NULL,
 * n) allocates, realloc(ctx, p, n) resizes; both return NULL on failure
 * and leave p as it was.  free(ctx, NULL) must be harmless.  A search on
 * threads (struct dlx_request's threads) calls them from its threads, at
 * once: the allocator of a matrix searched on threads must be
 * thread-safe, as malloc is.
 */
struct dlx_allocator {
	void	*(*realloc)(void *ctx, void *p, size_t n);
	void	 (*free)(void *ctx, void *p);
	void	*ctx;
};

/* Options of dlx_new(): zero-initialize, then set what you need. */
struct dlx_options {
	const struct dlx_allocator *alloc; /* every allocation of the matrix
					   and of what is made from it (a
					   clone, a position, a search's
					   bookkeeping); copied; NULL:
					   malloc */
};

/*
 * Make an empty problem with nprimary primary and nsecondary secondary
 * items and no options, into *out, as opt says (opt may be NULL: the
 * defaults).  nprimary may be 0 (then the empty set is the only
 * solution).  Returns DLX_OK; DLX_EINVAL (out NULL, or an allocator
 * without realloc or free); DLX_EOVERFLOW (an item count does not fit
 * the matrix); DLX_ENOMEM.  On error nothing is allocated and *out is
 * unchanged.  The caller owns the problem and frees it with dlx_free().
 */
int		 dlx_new(dlx **out, size_t nprimary, size_t nsecondary,
		    const struct dlx_options *opt);

/* Free everything d owns.  dlx_free(NULL) does nothing. */
void		 dlx_free(dlx *d);

/* Text of a return code of any module of libdlx (every header's codes
 * have their own); never NULL, static, never to be freed.  A code no
 * module defines gives "unknown error". */
const char	*dlx_strerror(int code);

/* Item counts given to dlx_new(), and the number of options added. */
size_t		 dlx_nprimary(const dlx *d);
size_t		 dlx_nsecondary(const dlx *d);
size_t		 dlx_noptions(const dlx *d);

/*
 * Give item a name (for printing; the library does not interpret it).  The
 * string is copied.  Returns DLX_OK, DLX_ERANGE, DLX_EINVAL (name NULL) or
 * DLX_ENOMEM; on error the old name is kept.
 */
int		 dlx_set_item_name(dlx *d, int item, const char *name);

/* The name of item, or NULL if it has none or item is out of range. */
const char	*dlx_item_name(const dlx *d, int item);

/*
 * Add an option made of items[0..n-1], all uncolored.  The array is copied;
 * the order of the items is kept (it is the order dlx_option_item()
 * reports).  Returns the new option's number (>= 0), or a negative error:
 * DLX_EINVAL (items NULL with n > 0), DLX_ERANGE (an item out of range),
 * DLX_EDUPITEM (an item twice), DLX_ENOPRIMARY (n == 0 or only secondary
 * items: such an option could never be chosen), DLX_EOVERFLOW (the matrix
 * would exceed INT_MAX nodes), DLX_ENOMEM, DLX_EMISUSE (during a search or
 * while options are forced).  On error nothing is added.
 */
int		 dlx_add_option(dlx *d, const int *items, size_t n);

/*
 * As dlx_add_option(), where colors[k] is the color given to items[k]
 * (0 for none).  colors may be NULL (all uncolored).  A nonzero color on a
 * primary item, or a negative color, gives DLX_ECOLOR.
 */
int		 dlx_add_option_colored(dlx *d, const int *items,
		    const int *colors, size_t n);

/* Size, k-th item and k-th color (0: none) of option opt, as added.  Out of
 * range arguments give 0, -1 and 0. */
size_t		 dlx_option_size(const dlx *d, int opt);
int		 dlx_option_item(const dlx *d, int opt, size_t k);
int		 dlx_option_color(const dlx *d, int opt, size_t k);

/*
 * Bounds on primary item: every solution must cover it with at least lo
 * and at most hi options, 0 <= lo <= hi (the default is 1..1; lo = hi = 0
 * forbids every option naming it).  Returns DLX_OK; DLX_EINVAL (d NULL,
 * lo < 0, lo > hi, or item secondary: a secondary item is covered at most
 * once, or shared through colors); DLX_ERANGE; DLX_ENOMEM; DLX_EMISUSE
 * during a search or while options are forced.  On error nothing changes.
 *
 * With bounds, dlx_force() takes one of the item's hi places instead of
 * covering it (DLX_ECONFLICT when none is left, or when opt is forced
 * already: an option is used at most once); a search runs Algorithm M
 * (DLX3): the tree branches on the item with the smallest branching
 * degree len + min(slack, bound) - bound + 1, ties going to the smaller
 * min(slack, bound), then to the longer list, then to the item declared
 * first.  A branch may also "choose" no option for an item whose lower
 * bound is met: such levels count as nodes but not toward max_depth, and
 * are not reported to visit.  Threads (counting only), parts and
 * checkpoints (dlx_part.h) serve bounds: the tree is then named by the
 * ranks of the branches from the root (dlx_path()), not by options.  The
 * cache, and a visit, limit or budget on threads > 1, make dlx_run()
 * refuse with DLX_ENOTSUP.
 */
int		 dlx_set_item_bounds(dlx *d, int item, int lo, int hi);

/* The bounds of primary item in *lo and *hi.  Returns DLX_OK, DLX_EINVAL
 * (d, lo or hi NULL, or item secondary) or DLX_ERANGE. */
int		 dlx_item_bounds(const dlx *d, int item, int *lo, int *hi);

/*
 * Force option opt into every solution, as if it had been chosen before the
 * search starts: its items are covered (or their colors fixed) and every
 * option that clashes with it disappears until it is unforced.  This is how
 * a front end imposes a sudoku's givens or a user's partial solution on a
 * matrix built once.  Returns DLX_OK; DLX_ERANGE; DLX_ECONFLICT if opt
 * clashes with an option already forced (shares a primary item or an
 * uncolored secondary item with it, or gives a secondary item another
 * color), in which case nothing changes; DLX_EMISUSE during a search.
 */
int		 dlx_force(dlx *d, int opt);

/* Undo the most recent dlx_force().  DLX_EMISUSE if none is in force or
 * during a search. */
int		 dlx_unforce(dlx *d);

/* Undo every dlx_force(), newest first.  Does nothing during a search. */
void		 dlx_unforce_all(dlx *d);

/* Number of options currently forced. */
size_t		 dlx_nforced(const dlx *d);

/* Statistics of the most recent (or current) search. */
void		 dlx_stats(const dlx *d, struct dlx_stats *st);

/*
 * Knuth's estimate of the fraction of the search tree already explored,
 * from the position of each choice among its siblings along the current
 * path: 0 before a search, 1 after a complete one, and after a search
 * that ended early the estimate where it stopped.  Meaningful in a
 * callback; elsewhere it refers to the last search.
 */
double		 dlx_progress(const dlx *d);

/* Bytes of memory d holds (its own structures). */
size_t		 dlx_memory(const dlx *d);

/*
 * Check the internal invariants (the links of active items and options are
 * mutually consistent, the list lengths are right, forced options are
 * consistent).  Returns DLX_OK or DLX_ECORRUPT.  May be called at any time,
 * including from a callback.  Cost is linear in the size of the matrix.
 */
int		 dlx_check(const dlx *d);


/*
 * Splitting a search.  A node of the search tree is named by the options
 * chosen on the way to it; forcing them (dlx_force) leaves exactly the
 * subtree under that node, so the subtrees of a set of such paths that
 * covers the tree partition its solutions.  These calls give the search's
 * own branching steps, so that a caller can cut the tree where the search
 * would: for threads (dlx_run's threads), for independent processes.
 */

/*
 * A copy of d with the same options, names, forced options and allocator,
 * searched independently of d (and from another thread), into *out.  The
 * statistics of the copy start empty.  Returns DLX_OK; DLX_EINVAL (out or
 * d NULL); DLX_EMISUSE (d is being searched); DLX_ENOTSUP (d has item
 * bounds, which a copy does not carry); DLX_ENOMEM.  On error nothing is
 * allocated and *out is unchanged.  Free the copy with dlx_free().
 */
int		 dlx_clone(dlx **out, const dlx *d);

/*
 * The branching step the search would take first on d as it stands (its
 * forced options in force): *item (if item is not NULL) gets the primary
 * item it would branch on, or -1 if no primary item is left (the forced
 * options are a solution); options[0..] get its options, in the order the
 * search tries them, at most cap of them.  If updates is not NULL,
 * updates[k] gets the updates the search counts for choosing options[k]
 * (so that the subtrees' figures add up to the whole tree's).  Returns the
 * number of options (which may exceed cap; 0 with *item >= 0 is a dead
 * end), DLX_EINVAL or DLX_EMISUSE (d is being searched).  d is left as it
 * was.
 */
int		 dlx_branch(dlx *d, int *item, int *options, uint64_t *updates,
		    size_t cap);

/*
 * Knuth's estimate of the size of the search tree and of the number of
 * solutions (TAOCP 7.2.2, "Estimating the running time"), without
 * searching: each probe walks one path down from the root (d's forced
 * options in force), choosing each child uniformly at random; a node at
 * depth l of the path stands for the product of the branching degrees
 * above it, and a solution at its end for that product too.  Each probe
 * is an unbiased estimate of the nodes (as struct dlx_stats counts them)
 * and of the solutions; out gets their mean over the probes and the
 * standard error of that mean (the spread of the probes over
 * sqrt(probes): the truth is usually within a few of these, but a tree
 * whose size hides in rare deep paths can fool any number of probes, and
 * hits, the probes that reached a solution, says how many saw one).  The
 * tree is rq->tree's (rq may be NULL: the default tree): Knuth's (links),
 * or the fast one (sparse sets, dead options given up without a node).
 * At an item of more than 8 options a probe chooses among all of them
 * (in the fast tree ending where its choice is dead: as unbiased, and it
 * saves a commit of every sibling); at 8 or fewer it chooses among the
 * live ones (in Knuth's tree counting the dead children exactly).  The
 * bit boards and the cache walk smaller trees of their own, which this
 * does not estimate.  Only rq->tree is read.  The same seed gives the
 * same figures on every host.
 * Returns DLX_OK; DLX_EINVAL (d or out NULL, probes 0); DLX_ENOTSUP (d
 * has item bounds); DLX_EMISUSE (d is being searched); DLX_ENOMEM.  d is
 * left as it was.
 */
struct dlx_request;

struct dlx_estimate {
	double		 nodes;		/* mean over the probes */
	double		 nodes_se;	/* its standard error */
	double		 solutions;	/* mean over the probes */
	double		 solutions_se;	/* its standard error */
	unsigned	 probes;	/* probes walked */
	unsigned	 hits;		/* probes that ended at a solution:
					   few, and solutions is unsure */
	size_t		 max_depth;	/* deepest probe (options chosen) */
};

int		 dlx_estimate(dlx *d, const struct dlx_request *rq,
		    unsigned probes, uint64_t seed, struct dlx_estimate *out);

/*
 * From a callback of a search of d: the options the search has
 * chosen, shallowest first (forced options excluded), at most cap of
 * them into options (may be NULL), and for each how many of its siblings
 * the search has still to try into untried (may be NULL).  In a
 * dlx_solution_fn the path ends with the solution's last option; in a
 * dlx_progress_fn it leads to the node about to be entered.  Returns the
 * length of the path, which may exceed cap; 0 outside a callback.  With
 * item bounds (Algorithm M) a level's entry is the rank of the branch it
 * took, 0 for the first (the null move of an item is the last), not an
 * option: choosing an option there also leaves the ones before it out.
 */
size_t		 dlx_path(const dlx *d, int *options, size_t *untried,
		    size_t cap);

/* The number of CPUs this process may run on (sched_getaffinity), at
 * least 1. */
unsigned	 dlx_cpus(void);

/*
 * Wide counts.  A memoized count adds whole subtrees at once and can pass
 * 2^64; struct dlx_wide holds counts below 2^128 exactly (the value is
 * hi * 2^64 + lo).
 *  dlx_wide_add:    *a += b; DLX_EOVERFLOW (and *a unchanged) if the sum
 *                   reaches 2^128, DLX_EINVAL if a is NULL.
 *  dlx_wide_cmp:    -1, 0 or 1 as a <, = or > b.
 *  dlx_wide_format: the decimal text of w into buf (at most
 *                   DLX_WIDE_DIGITS digits and a NUL); an empty string if
 *                   size is too small.  Returns buf.
 */
struct dlx_wide {
	uint64_t	hi;
	uint64_t	lo;
};
#define DLX_WIDE_DIGITS	39	/* digits of 2^128 - 1 */

int		 dlx_wide_add(struct dlx_wide *a, struct dlx_wide b);
int		 dlx_wide_cmp(struct dlx_wide a, struct dlx_wide b);
char		*dlx_wide_format(struct dlx_wide w, char *buf, size_t size);

/*
 * The subproblem cache (struct dlx_request's memo and order).  A count
 * with the cache stores the count of each subproblem it finishes under
 * the subproblem's exact state (the set of active items and the colors of
 * purified secondary items) and adds it whole when the same state comes
 * back.  The count is always exactly that of the plain search: states are
 * compared in full, never by hash alone.  The cache never takes more than
 * the request's memory (with its bookkeeping); when it is full, entries
 * whose subtrees were cheapest are replaced, so even a tiny budget gives
 * the exact count, only more slowly.  It pays when subproblems repeat
 * (sudoku grids, tilings: up to orders of magnitude); it costs a little
 * when they don't (queens), which mode AUTO detects.  It only counts: a
 * request with a visit, a limit, a budget or Knuth's tree is served by
 * the plain search (or, with DLX_MEMO_ALWAYS, refused).
 *
 * Modes:
 *  DLX_MEMO_AUTO:   count by plain search up to 65,536 nodes; a larger
 *                   tree is counted again with the cache, which gives up
 *                   (and counts by plain search) if, after 2^16, 2^18 or
 *                   2^20 lookups, its hits have spared fewer nodes than
 *                   it has visited.
 *  DLX_MEMO_ALWAYS: the cache from the start, whatever happens.
 *  DLX_MEMO_NEVER:  the plain search.
 * If the cache cannot be allocated, or memory cannot hold one bucket,
 * the count is made by the plain search (dlx_memo_stats' used is then 0).
 *
 * Branching (order): DLX_MEMO_MRV, the item with fewest options as in the
 * plain search; or DLX_MEMO_FIRST, the first active primary item in the
 * order of declaration unless some item has 0 or 1 options.  FIRST fills
 * a grid in the order its items are declared, so partial solutions end
 * on the same frontier and meet again far more often: the empty 6x6
 * sudoku (cells declared first) needs 3.1 million nodes with FIRST and
 * 7.9 million with MRV, against 28.2 million solutions.  It is only good
 * when the declaration order is such a sweep, which a matrix does not
 * say; so DLX_MEMO_ORDER_AUTO, the default, tries FIRST and, if the
 * cache gives up on it (under DLX_MEMO_AUTO), MRV before the plain
 * search, keeping the counts the first try stored (a state's count does
 * not depend on the branching that reached it).
 */
enum dlx_memo_order {
	DLX_MEMO_ORDER_AUTO = 0,	/* FIRST, then MRV if it gives up */
	DLX_MEMO_MRV = 1,		/* fewest options, as the search */
	DLX_MEMO_FIRST = 2		/* first item declared (a sweep) */
};
enum dlx_memo_mode {
	DLX_MEMO_AUTO = 0,		/* where it pays */
	DLX_MEMO_ALWAYS = 1,		/* from the start, whatever happens */
	DLX_MEMO_NEVER = 2		/* the plain search */
};

/*
 * Component counting (struct dlx_request's components), inside the
 * cache's count.  When the items still open fall apart into groups that
 * no live option joins (a purified secondary item joins nothing, an
 * active one does), the count of the node is the product of the groups'
 * counts: each group is counted on its own, again with the cache (its
 * key is its own items and colors, so the same group met in other
 * surroundings is a hit) and again splitting, and the counts are
 * multiplied exactly (2^128 and beyond: DLX_EOVERFLOW).  Modes:
 *  DLX_COMP_AUTO:   look for groups where it pays (a node with few
 *                   primary items left, checked less often where looking
 *                   keeps finding nothing).
 *  DLX_COMP_ALWAYS: look at every node of the cache's count.
 *  DLX_COMP_NEVER:  never.
 * It runs only where the cache runs: a request with DLX_COMP_ALWAYS
 * needs the cache (DLX_NEED_CACHE: refused with item bounds, or with
 * memo = DLX_MEMO_NEVER).
 */
enum dlx_comp_mode {
	DLX_COMP_AUTO = 0,		/* where it pays */
	DLX_COMP_ALWAYS = 1,		/* at every node */
	DLX_COMP_NEVER = 2		/* whole states only */
};

/* Size classes of the components' cache hits, by primary items: 1-4,
 * 5-16, 17-64, 65 and more. */
#define DLX_COMP_CLASSES	4

struct dlx_memo_stats {
	int		 used;		/* the count came from the cache */
	int		 gave_up;	/* AUTO found no repeats and counted
					   by plain search */
	uint64_t	 lookups;	/* states looked up */
	uint64_t	 hits;		/* found in the cache */
	uint64_t	 stores;	/* counts stored */
	uint64_t	 replaced;	/* entries replaced when full */
	uint64_t	 entries;	/* held at the end */
	size_t		 bytes;		/* memory the cache took at its
					   largest */
	uint64_t	 splits_tried;	/* nodes looked at for components */
	uint64_t	 splits;	/* of them, nodes that split */
	uint64_t	 components;	/* components counted at those */
	uint64_t	 comp_hits[DLX_COMP_CLASSES]; /* components found in
					   the cache, by size class */
	uint64_t	 comp_saved;	/* nodes the products spared (an
					   estimate: the plain tree of a
					   split node against the sum of its
					   components') */
};

/*
 * One request, one result, one dispatcher: the way to search.  struct
 * dlx_request says everything a search may be asked: the tree, what to do
 * with the solutions, budgets and progress, the subproblem cache, the memory
 * of the whole run, the threads, and a position to search from (a part
 * of the tree, or a checkpoint resumed).  dlx_run() picks the fastest
 * engine that serves all of it, from one table of what each engine can
 * do:
 *
 *	engine		colors bounds visit Knuth split path threads wide
 *	bit boards	-      -      yes*  -     -     -    yes**   -
 *	cache		yes    -      -     -     yes   yes*** yes   yes
 *	sparse		yes    -      yes   -     yes   yes  yes     -
 *	links		yes    -      yes   yes   yes   yes  yes     -
 *	Algorithm M	yes    yes    yes   yes   -     -    -       -
 *
 * (visit: solutions one at a time, a limit or a budget; Knuth: his tree
 * and figures, as DLX1, DLX2 and DLX3; split: a position, a part of the
 * tree named by paths of options; path: the path where the search
 * stands at every call, which a checkpoint saves; wide: counts beyond
 * 2^64, where the others return DLX_EOVERFLOW.)  The bit boards serve
 * one matrix only: the plain 9x9 grid of dlx_sudoku_new() (3x3 boxes, no
 * variant, no option added), in the default tree (DLX_TREE_DEFAULT) and
 * without max_nodes or max_updates.  *Their tree is their own, so they
 * visit a solution only where there is exactly one; two or more go to the
 * sparse sets, which visit them in the fast tree's order.  A count of
 * every solution under DLX_MEMO_AUTO that outgrows about 260,000 nodes
 * gives the cache its glance first, and goes on with the bit boards from
 * the start where the cache does not pay.  **A count (a limit too) goes
 * on threads once it outgrows that glance, or 16,384 nodes without it:
 * the top of the tree is expanded into boards after a few guesses, and
 * the threads count the boards' subtrees apart, with the figures of one
 * thread; what visits runs on one.  ***A checkpoint of the cache's count
 * (only under DLX_MEMO_ALWAYS) saves whole subtrees, not a path
 * (dlx_part.h); so does a count checkpointed on threads by the others,
 * with each subtree under way cut where its thread stands; a checkpoint
 * on threads of a search that visits (or of Knuth's tree) is refused.
 * What no
 * engine serves is refused with DLX_ENOTSUP, and result.refused names
 * the needs that could not be met: never another engine that would
 * change the answer or drop an option.
 *
 * Zero-initialize a request, then set what you need.
 */
struct dlx_pos;

/* What a request may need, as bits (struct dlx_result's refused). */
enum dlx_need {
	DLX_NEED_COLORS = 1 << 0,	/* the matrix has colors */
	DLX_NEED_BOUNDS = 1 << 1,	/* the matrix has item bounds */
	DLX_NEED_VISIT = 1 << 2,	/* visit, a limit or a budget */
	DLX_NEED_KNUTH = 1 << 3,	/* knuth = DLX_KNUTH */
	DLX_NEED_SPLIT = 1 << 4,	/* a position (pos): the tree named
					   by paths of options (dlx_branch) */
	DLX_NEED_PATH = 1 << 5,		/* checkpoint: the path where the
					   search stands at every call */
	DLX_NEED_THREADS = 1 << 6,	/* threads > 1 asked */
	DLX_NEED_CACHE = 1 << 7		/* memo = DLX_MEMO_ALWAYS, or
					   components = DLX_COMP_ALWAYS */
};

/* The engines (struct dlx_result's engine). */
enum dlx_engine {
	DLX_ENGINE_NONE = 0,		/* nothing ran */
	DLX_ENGINE_CACHE,		/* counting with the subproblem cache */
	DLX_ENGINE_SPARSE,		/* sparse sets: the fast tree */
	DLX_ENGINE_LINKS,		/* dancing links: Algorithms X, C */
	DLX_ENGINE_MULT,		/* Algorithm M: item bounds */
	DLX_ENGINE_BITS			/* bit boards: the plain 9x9 sudoku
					   matrix of dlx_sudoku.h */
};

/* The drivers that ran, as bits (struct dlx_result's drivers). */
enum dlx_driver {
	DLX_DRIVE_THREADS = 1 << 0,	/* more than one thread */
	DLX_DRIVE_POSITION = 1 << 1,	/* from a position (a part, a
					   checkpoint resumed) */
	DLX_DRIVE_CHECKPOINT = 1 << 2	/* exact at every progress call */
};

struct dlx_request {
	dlx_solution_fn	*visit;		/* each solution, or NULL */
	void		*visit_arg;	/* first argument of visit */
	uint64_t	 max_solutions;	/* stop after this many (DLX_LIMIT);
					   0 means no limit */
	uint64_t	 max_nodes;	/* node budget (DLX_INCOMPLETE);
					   0 means no budget */
	uint64_t	 max_updates;	/* update budget (DLX_INCOMPLETE);
					   0 means no budget */
	dlx_progress_fn	*progress;	/* periodic progress, or NULL */
	void		*progress_arg;	/* first argument of progress */
	uint64_t	 progress_updates; /* call progress about this often;
					   0 means every 2^24 updates */
	enum dlx_tree	 tree;		/* DLX_FAST, DLX_KNUTH, or 0: the
					   default (dlx_knuth_default()) */
	enum dlx_memo_mode memo;	/* the cache: AUTO (only when
					   counting alone, not in Knuth's
					   tree), ALWAYS, NEVER */
	enum dlx_memo_order order;	/* the cache's branching */
	size_t		 memory;	/* bytes the cache may take in the
					   whole run, every thread together;
					   0: DLX_MEMORY_DEFAULT */
	unsigned	 threads;	/* 0: as many as pay (dlx_cpus(), or
					   one where nothing else serves);
					   N: exactly N, or DLX_ENOTSUP (a
					   search too short to share runs
					   on one: res->threads) */
	struct dlx_pos	*pos;		/* NULL: the whole tree; else what is
					   left of it (dlx_part.h), moved on
					   as the search goes */
	int		 checkpoint;	/* with pos: the position must be
					   exact at every progress call (one
					   path unless threads > 1 or the
					   cache is asked; on threads a count
					   alone: dlx_part.h) */
	enum dlx_comp_mode components;	/* component counting in the
					   cache's count: AUTO, ALWAYS,
					   NEVER */
};

/*
 * How the fields act.  visit gets the solutions in search order (on
 * threads too: a thread's solutions are held until every earlier one's
 * are out, and visit is called from one thread at a time), with d's
 * forced options first; dlx_stats(d) there gives solutions = the number
 * visited so far.  The budgets are checked before each node (a level
 * entered or a solution found): serially a search never counts more than
 * max_nodes nodes and stops within one step (covering an item and
 * committing one option) of max_updates; on threads they bound all
 * threads together, checked every 65,536 updates of each thread, so each
 * may overrun them by about that much.  max_solutions gives exactly the first
 * max_solutions solutions in search order, on threads too.  progress is
 * called from one thread at a time with the figures of the whole run;
 * dlx_progress(d) there is Knuth's estimate of the fraction done.  The
 * callbacks may call the read-only functions (dlx_stats, dlx_progress,
 * dlx_path, dlx_option_*, ...) but nothing that changes d.  On threads
 * each thread searches its own copy of d (dlx_clone), cut where the
 * search stands (dlx_path) whenever another thread runs out of work, so
 * that the threads stay busy to the end however uneven the tree.  After
 * a complete plain search (not the cache's count, whose figures are
 * those of each thread's cache) the figures equal those of one thread:
 * the same solutions, nodes, abandoned options, branches and maximum
 * depth, and in Knuth's tree the same updates (on the bit boards, the
 * updates too: they share out boards, not cuts).  In the fast tree the
 * updates may differ a little: an abandoned option stops at the first
 * item it empties, which depends on the order the sparse sets happen to
 * be in, and a thread's copy has its own.
 */


/* The cache's default budget, measured rather than a share of the RAM:
 * the empty 6x6 sudoku (the default order, one CPU) counts in 0.95 s
 * with 128 MiB (a table of 58 MB), in 1.22 s with 64 MiB (the table
 * doubles only while old and new fit together: 29 MB), and no faster
 * with 256 MiB or 1 GiB (more time in the system, for memory the count
 * touches once); a part of it likewise. */
#define DLX_MEMORY_DEFAULT	((size_t)128 << 20)

struct dlx_result {
	struct dlx_wide	 count;		/* solutions found: exact when the
					   run returned DLX_OK; after an early
					   end every solution any thread
					   found (with pos, those beyond
					   what the position holds too) */
	struct dlx_stats stats;		/* figures of the run (with pos:
					   of this call; dlx_pos_figures()
					   has the position's) */
	struct dlx_memo_stats memo;	/* the cache's, when it was tried */
	enum dlx_engine	 engine;	/* the engine that gave the count */
	unsigned	 threads;	/* threads that ran */
	unsigned	 drivers;	/* enum dlx_driver bits */
	unsigned	 refused;	/* DLX_ENOTSUP: enum dlx_need bits no
					   engine could serve together */
};

/*
 * Run the request rq (NULL: count every solution) on d, the result into
 * *res (may be NULL).  The matrix is left as it was whatever the outcome,
 * so it can be searched again, forced differently or extended, and
 * dlx_stats(d) keeps the figures of the run until the next.  Returns:
 *   DLX_OK          the whole tree was explored: res->count is exact;
 *   DLX_STOPPED     visit or progress returned nonzero;
 *   DLX_LIMIT       max_solutions were found (the tree was not finished);
 *   DLX_INCOMPLETE  the node or update budget ran out;
 *   DLX_EOVERFLOW   the count would pass what the engine holds (2^64 for
 *                   the plain search, 2^128 for the cache);
 *   DLX_ENOTSUP     no engine serves the request: res->refused names the
 *                   needs, nothing ran;
 *   DLX_ECORRUPT    rq->pos was made for another matrix;
 *   DLX_EMISUSE     called from inside a callback of a search of d;
 *   DLX_EINVAL      d NULL;
 *   DLX_ENOMEM      (nothing visited twice: the run stops as a whole).
 * After an early end res->count and res->stats hold what was reached.
 * With rq->pos the position moves on as dlx_part.h says.
 */
int		 dlx_run(dlx *d, const struct dlx_request *rq,
		    struct dlx_result *res);

/*
 * What dlx_run(d, rq, res) would run, without running it: res->engine
 * (the first engine it would try: the cache under DLX_MEMO_AUTO may
 * still give the count back to the next), res->threads and
 * res->drivers; only whether rq->pos is NULL is read.  Returns DLX_OK,
 * DLX_EINVAL, or DLX_ENOTSUP with res->refused set.
 */
int		 dlx_run_plan(const dlx *d, const struct dlx_request *rq,
		    struct dlx_result *res);

/* The name of an engine ("cache", "sparse", "links", "Algorithm M",
 * "none"); static. */
const char	*dlx_engine_name(enum dlx_engine e);

/*
 * Conveniences on dlx_run().
 *  dlx_count:  the number of solutions of d into *count (may be NULL):
 *              dlx_run(d, NULL, &res) and res.count, so exact and wide,
 *              with the cache and threads where they pay.  Returns what
 *              dlx_run() returns.
 *  dlx_first:  one solution, the first in search order: its options go
 *              to options[0..*n-1] (at most cap of them; *n gets the full
 *              size, so a caller can detect a small buffer); a request
 *              with visit, max_solutions 1 and one thread, which
 *              allocates nothing.  Returns DLX_LIMIT when a
 *              solution was found, DLX_OK when there is none, DLX_EINVAL
 *              (options NULL with cap > 0), or what dlx_run() returns.
 * d is left as it was; dlx_stats(d) has the figures of the search.
 */
int		 dlx_count(dlx *d, struct dlx_wide *count);
int		 dlx_first(dlx *d, int *options, size_t cap, size_t *n);

#ifdef __cplusplus
}
#endif

#endif /* DLX_H */
