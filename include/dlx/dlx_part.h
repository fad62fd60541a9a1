/*
 * dlx_part.h: a search cut into parts for independent processes, and the
 * search position as data (checkpoints) -- part of libdlx.
 *
 * A *position* is what is left of a search and what it found so far: a
 * list of tasks, in search order, and the figures (solutions, nodes,
 * updates) of the work already done.  A task is a path of options from
 * the root with, at each level, how many of the options after it at that
 * level (its untried siblings, in search order) still belong to the task:
 * the subtree under the path, then those siblings' subtrees, deepest
 * level first.  A fresh part is a list of tasks with no untried siblings;
 * a search stopped where it stood is a task with some.
 *
 *	dlx_pos *parts[N];
 *	dlx_split(d, N, parts);		   deterministic: same on any host
 *	rq.pos = parts[k]; dlx_run(d, &rq, &res);  the k-th share
 *	dlx_split_part(d, k, N, &pos);	   one part alone, for its process
 *	dlx_pos_format(parts[k], ...);	   text to save, e.g. when stopped
 *	dlx_pos_parse(text, len, &pos, &prog, NULL, &err);  to resume from
 *	dlx_pos_split_part(d, parts[k], j, M, &sub);  a slow part again
 *
 * Every path is relative to the options forced on d when the position was
 * made: d must have the same options forced (in the same order) when it
 * is searched; dlx_digest() names that state, and the text of a position
 * carries it so that a position of another problem is refused.
 */
#ifndef DLX_PART_H
#define DLX_PART_H

#include <stddef.h>
#include <stdint.h>

#include "dlx.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Version of the splitting rule: parts made under another value cut the
 * tree elsewhere and must not be mixed.  Positions carry it. */
#define DLX_SPLIT_VERSION	2

/* Subproblems per part that dlx_split() aims at (at least). */
#define DLX_SPLIT_PER_PART	64

typedef struct dlx_pos dlx_pos;

/*
 * A 64-bit digest of d as it stands: item counts, every option's items
 * and colors, and the options forced, in order.  Names are left out:
 * they do not change the search.  0 if d is NULL.
 */
uint64_t	 dlx_digest(const dlx *d);

/*
 * Cut the search tree of d (its forced options in force) into nparts
 * parts (1 <= nparts <= 1 << 20).  The parts share out the tree's
 * subproblems by halves: a group of subproblems for a range of parts
 * (at first the root, for all) is refined at its subproblem with the
 * largest estimated size (Knuth's estimate from a few random probes
 * with a fixed seed, in integers) until it holds DLX_SPLIT_PER_PART
 * subproblems per part (per 8 parts if more) or none can be expanded;
 * it is then dealt, largest first, to the half of its range with the
 * least estimated work per part, and each half is split again, down to
 * single parts.  The result depends only on d, so every process
 * computes the same parts.  parts[0..nparts-1] get the positions (part
 * k is parts[k-1]), each owned by the caller.  Returns DLX_OK,
 * DLX_EINVAL, DLX_EMISUSE (d is being searched) or DLX_ENOMEM (then
 * parts[] are NULL).  d is left as it was.
 */
int		 dlx_split(dlx *d, unsigned nparts, dlx_pos **parts);

/*
 * Part k (1 <= k <= nparts) of dlx_split(d, nparts), the same position,
 * into *part (the caller's to free; NULL on error).  Only the halves
 * that hold part k are refined, so this costs about log2(nparts) rounds
 * of a few hundred estimates, where dlx_split() makes all the parts.
 * Returns as dlx_split().
 */
int		 dlx_split_part(dlx *d, unsigned k, unsigned nparts,
		    dlx_pos **part);

/* The whole search of d as one position (part 1 of 1) into *out (the
 * caller's to free).  Returns DLX_OK, DLX_EINVAL (out or d NULL) or
 * DLX_ENOMEM, with nothing allocated and *out unchanged on error. */
int		 dlx_pos_whole(dlx_pos **out, const dlx *d);

/* Free a position.  NULL does nothing. */
void		 dlx_pos_free(dlx_pos *pos);

/*
 * Searching a position: dlx_run() with struct dlx_request's pos set (and
 * checkpoint where the position must be exact at every progress call).
 * visit sees each solution with d's own forced options first, then the
 * path, then the search's options.  max_solutions, max_nodes and
 * max_updates count from the start of the call.  progress gets the
 * totals of the position (work done before plus this call's).
 *
 * With checkpoint on one thread (threads not asked for, the cache not
 * asked for): in a progress callback dlx_pos_format() gives the position
 * where the search stands, and if progress returns nonzero the search
 * stops there and pos holds exactly what is left.  After any other early
 * end pos is left at the last progress call (or where the call began), so
 * that resuming from it repeats a little work rather than losing any.
 *
 * Otherwise the position may be searched on threads and, when only
 * counting, with the subproblem cache (each thread its own, the request's
 * memory shared out among them; with checkpoint only under
 * DLX_MEMO_ALWAYS).  Searching (a visit, a limit or a budget, or Knuth's
 * tree), each task's subtrees are searched one after another on the
 * threads, visit seeing the solutions in the serial order, and the
 * position moves on by whole subtrees: a stop leaves pos exact, but a
 * subtree under way is searched again when resumed and its solutions
 * visited again (with checkpoint and threads > 1: DLX_ENOTSUP).
 *
 * Counting alone, the tasks are rewritten as plain subtrees (cut a level
 * or more further when they are few for the threads, and with the cache
 * and checkpoint on one thread too: 16 a thread) and the threads count
 * one subtree each at a time.  The position is then exact at every
 * progress call (progress is called one call at a time, with the totals
 * of every thread): a subtree finished, in whatever order, is done, its
 * figures in the position's and its task gone from dlx_pos_format()'s
 * text; a subtree under way is written as the cut where its thread stood
 * at its last progress call when counted plainly, or whole under the
 * cache, which stands on no path, to be counted again.  So a checkpoint
 * saved in a progress callback never counts a subtree twice, and loses
 * (plainly) only what each thread did since its last progress call.  A
 * stop leaves pos there; a position resumes on any number of threads.
 *
 * After a stop on threads the run's count (struct dlx_result) is every
 * solution found: the position's and those of subtrees under way, which a
 * resumed run counts again.  Progress is also called
 * between two subtrees once the interval has passed, so that a run of
 * many small ones is told now and then.
 *
 * Runs resumed one after the other add up to the figures of one search
 * of the whole: its solutions and nodes, and its updates in Knuth's
 * tree (a subtree searched from its path is given what the whole
 * search counts at its root: the updates of its last option, a sibling
 * the fast tree gives up as abandoned rather than a node, a solution
 * as one node).  On the sparse sets an abandoned option's updates
 * depend on the order the sets are in, and may differ a little.
 *
 * dlx_run() returns DLX_ECORRUPT if a path of pos is not a branch of d's
 * search tree (pos was made for another matrix).
 */

/* Figures so far: solutions, nodes and updates (each pointer may be
 * NULL); outside a dlx_run() of pos those of the work done. */
void		 dlx_pos_figures(const dlx_pos *pos, struct dlx_wide *solutions,
		    uint64_t *nodes, uint64_t *updates);

/* Tasks left (0: the search is over) and the part: *k of *n (1 of 1 for
 * the whole search). */
size_t		 dlx_pos_tasks(const dlx_pos *pos);
void		 dlx_pos_part(const dlx_pos *pos, unsigned *k, unsigned *n);

/* The digest of the matrix pos was made for (dlx_digest()). */
uint64_t	 dlx_pos_digest(const dlx_pos *pos);

/*
 * Re-splitting.  A part that turns out far longer than its siblings, or
 * a checkpoint of one, can be split again into m sub-parts for more
 * processes, and those again, down to DLX_PART_DEPTH levels below the
 * part.  A position remembers where it came from, its lineage: part k
 * of n of the tree (dlx_pos_part()), then one step per re-split, sub-part
 * k of n of the position whose dlx_pos_id() was split.  The id names
 * that split on every host: a fresh part is the same position
 * everywhere, so its sub-parts are too ("part 3 of 8, then 2 of 4" is
 * one position whoever computes it), while two checkpoints of one part
 * taken at different times have different ids, and sub-parts of the
 * one must not be mixed with sub-parts of the other.  Whoever adds up
 * the counts of a tree of parts (`dlx merge`) checks that each part was
 * counted either whole, once, or through all the sub-parts of exactly
 * one of its splits.
 */
#define DLX_PART_DEPTH	16

/* One re-split in a position's lineage. */
struct dlx_part_step {
	unsigned	 k, n;		/* sub-part k of n (1 <= k <= n) */
	uint64_t	 split;		/* dlx_pos_id() of the position
					   that was split */
};

/*
 * A 64-bit digest of everything pos holds (the problem's digest, the
 * lineage, the figures, the tasks left): the same on every host for the
 * same position, so that it names a split of pos.  0 if pos is NULL.
 * Not to be called while pos is being searched (it would name where
 * the search started).
 */
uint64_t	 dlx_pos_id(const dlx_pos *pos);

/*
 * The re-splits in pos's lineage below its part, top first, into
 * steps[0..max-1] (steps may be NULL when max is 0).  Returns how many
 * there are (0 for a part as dlx_split() made it, or a checkpoint of
 * one), which may be more than max.
 */
size_t		 dlx_pos_lineage(const dlx_pos *pos,
		    struct dlx_part_step *steps, size_t max);

/*
 * Split what is left of pos (a part, a checkpoint of one, or a sub-part
 * of either) into m sub-parts (1 <= m <= 1 << 20) by dlx_split()'s rule:
 * the tasks of pos are rewritten as plain subtrees in search order and
 * shared out by halves as dlx_split() shares out the root.  subs[0..m-1]
 * get the positions, each the caller's to free: the part of pos, pos's
 * lineage and one more step (k of m, split dlx_pos_id(pos)), and the
 * figures of the work pos has done in sub-part 1 alone, so that the
 * sub-parts' figures add up to the whole.  The result depends only on d
 * and pos.  d must be the matrix pos was made for, with the same
 * options forced.  pos is not changed.  Returns DLX_OK, DLX_EINVAL
 * (NULL, m out of range, or pos already DLX_PART_DEPTH levels deep),
 * DLX_EMISUSE (d or pos being searched), DLX_ENOTSUP (item bounds:
 * Algorithm M names no path), DLX_ECORRUPT (pos was made for another
 * matrix, or a path of it is not a branch of d's tree) or DLX_ENOMEM;
 * on error subs[] are NULL.  d is left as it was.
 */
int		 dlx_pos_split(dlx *d, const dlx_pos *pos, unsigned m,
		    dlx_pos **subs);

/* Sub-part k (1 <= k <= m) of dlx_pos_split(d, pos, m), the same
 * position, into *sub (the caller's; NULL on error), refining only the
 * halves that hold it.  Returns as dlx_pos_split(). */
int		 dlx_pos_split_part(dlx *d, const dlx_pos *pos, unsigned k,
		    unsigned m, dlx_pos **sub);

/*
 * The position as text, ending with a checksum line, into a buffer the
 * caller frees (*text, *len without the final NUL).  program names the
 * program and its version; it is stored and compared by the caller after
 * dlx_pos_parse().  Allowed inside a progress callback of a dlx_run() of
 * pos (then it is the position where the search stands).
 * Returns DLX_OK or DLX_ENOMEM (then *text is NULL).
 */
int		 dlx_pos_format(const dlx_pos *pos, const char *program,
		    char **text, size_t *len);

/* Options of dlx_pos_parse(): zero-initialize, then set what you need. */
struct dlx_pos_options {
	const struct dlx_allocator *alloc; /* the position's memory (copied;
					   NULL: malloc), as a position made
					   by dlx_split() or dlx_pos_whole()
					   takes the matrix's */
};

/*
 * Read a position written by dlx_pos_format() from text[0..len-1], as opt
 * says (may be NULL: the defaults).  On success returns DLX_OK, *pos gets
 * the position and *program a copy of the program string (both the
 * caller's to free: dlx_pos_free(), free()).  On failure returns
 * DLX_ECORRUPT (truncated, checksum mismatch, bad syntax, another
 * splitting rule), DLX_EINVAL (text, pos or program NULL, or an allocator
 * without its functions) or DLX_ENOMEM, with nothing allocated, *pos and
 * *program unchanged, and, when err is not NULL, err->code the code and
 * err->message what was wrong ("checksum mismatch (...)"; line and column
 * 0, cell -1).
 */
int		 dlx_pos_parse(const char *text, size_t len, dlx_pos **pos,
		    char **program, const struct dlx_pos_options *opt,
		    struct dlx_error *err);

#ifdef __cplusplus
}
#endif

#endif /* DLX_PART_H */
