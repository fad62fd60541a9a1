/*
 * part_impl.h: what the files of parts share (not installed): a position
 * and its tasks, and the hashes that must agree on every host.
 *
 *   split.c    the digest of a matrix, and the tree cut into parts
 *   pos.c      searching a position, serially or on threads with the
 *              subproblem cache
 *   pos_text.c a position as text (checkpoints) and back
 *
 * Parts.  dlx_split() cuts the tree into subproblems, named by their
 * paths, which partition the tree's solutions (forcing a path leaves
 * exactly the subtree under it: dlx.h, "Splitting a search"), and shares
 * them out by halves (the rule is in split.c, at "splitting").  Nothing
 * here may depend on the host: the estimates are integers from a fixed-seed
 * generator, every tie is broken by search order, and so every process
 * of a cluster computes the same parts without talking to the others.
 *
 * Positions.  A task is a path with, per level, a number of untried
 * siblings (dlx_part.h).  Searching a task searches the subtree under its
 * path; then the deepest level with an untried sibling takes the next
 * one in place of its option, the levels below are dropped, and the
 * count at that level goes down by one.  So the task is always exactly
 * what is left of it.  A search stopped at a progress call is cut where
 * it stands: dlx_path() gives the path to the node about to be entered
 * and the untried siblings above it, which, appended to the task's own,
 * is again a task.  That is the whole checkpoint: the tasks left and the
 * figures so far.
 */
#ifndef PART_IMPL_H
#define PART_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "dlx.h"
#include "lib/core/dlx_impl.h"
#include "dlx_part.h"
#include "lib/core/alloc.h"
#include "lib/core/wide.h"
#include "lib/engine/engine.h"

#define MAX_PARTS	(1u << 20)
#define MAX_PATH	(1u << 24)	/* longest path a position may hold */
#define POS_MAGIC	"dlx-position 1"

struct task {
	int		*path;		/* options below d's forced ones */
	size_t		*untried;	/* per level: siblings still to do */
	size_t		 len;
	int		 done;		/* counted on threads while a task
					   before it was not: its figures are
					   the position's, the text leaves it
					   out (only during
					   dlxi_pos_search_parallel()) */
};

/*
 * The cut of one thread's subtree at its last progress call, while
 * dlxi_pos_search_parallel() counts plainly on threads: as the cut of
 * dlxi_pos_search(), relative to task t[task]'s path, with the figures of
 * the subtree's search up to there.  The text writes t[task] with it, so
 * that a checkpoint taken at any progress call loses none of the work
 * before each thread's last call.
 */
struct pcut {
	size_t		 task;		/* the subtree it cuts */
	int		 valid;		/* p, u, len and st are a cut */
	int		*p;
	size_t		*u;
	size_t		 len, cap;
	struct dlx_stats st;
};

struct dlx_pos {
	struct dlx_allocator mem;	/* every block of it, and the tasks'
					   arrays: the allocator of the matrix
					   it was made for (or of the parse) */
	uint64_t	 digest;	/* dlx_digest() of the matrix */
	unsigned	 k, n;		/* part k of n */
	struct dlx_part_step steps[DLX_PART_DEPTH]; /* then re-split: sub-part
					   steps[0].k of steps[0].n, ... */
	unsigned	 nsteps;
	u128		 sol;		/* figures of the work done */
	uint64_t	 nodes;
	uint64_t	 updates;
	struct task	*t;		/* t[next..nt-1] are left */
	size_t		 nt;
	size_t		 next;
	/* While dlxi_pos_search() runs: the cut at the last progress call
	 * (relative to t[next]'s path) and the figures there. */
	int		 running;
	int		 cutting;	/* cut* below are valid */
	int		 cutdone;	/* the cut was taken at a solution
					   (visited): its subtree is done,
					   only the untried siblings left */
	int		*cutp;
	size_t		*cutu;
	size_t		 cutlen;
	size_t		 cutcap;
	struct dlx_stats cutst;
	/* While dlxi_pos_search_parallel() counts plainly: per thread. */
	struct pcut	*pcut;
	unsigned	 npcut;
	/* After an early end of dlxi_pos_search_parallel(): the work its
	 * threads did beyond the position (subtrees under way, or finished
	 * after one under way), which a resumed run does again.  With the
	 * position's own figures, every solution found and node searched:
	 * the partial figures of the run (dlx_run()'s result). */
	u128		 ahead_sol;
	uint64_t	 ahead_nodes;
	uint64_t	 ahead_updates;
};

/* FNV-1a over bytes, integers in a fixed byte order, and a final mix:
 * the digests and checksums must agree across hosts. */
static inline uint64_t
fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char	*c = p;

	while (n-- > 0) {
		h ^= *c++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

/* Hash an integer in a fixed byte order, so that digests agree across
 * hosts of any endianness. */
static inline uint64_t
fnv_int(uint64_t h, uint64_t v)
{
	unsigned char	b[8];
	int		i;

	for (i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	return fnv(h, b, 8);
}

static inline uint64_t
mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return x;
}

/*
 * Search what is left of pos on d, with s as in dlxi_search() (s may be
 * NULL), moving pos on as it goes.  visit sees each solution with d's own
 * forced options first, then the path, then the search's options.
 * max_solutions, max_nodes and max_updates count from the start of this
 * call.  progress gets the totals of the position (work done before plus
 * this call's); in it, dlx_pos_format() gives the position where the
 * search stands, and if progress returns nonzero the search stops there
 * and pos holds exactly what is left.  Returns as dlxi_search(), or
 * DLX_ECORRUPT if a path of pos is not a branch of d's search tree (pos
 * was made for another matrix); after any early end other than a stop by
 * progress, pos is left at the last progress call (or where the call
 * began), so that resuming from it repeats a little work rather than
 * losing any.
 */
int		 dlxi_pos_search(dlx *d, dlx_pos *pos, const struct dlxi_search *s);

/*
 * As dlxi_pos_search(), on threads (p as in dlxi_search_parallel(); NULL:
 * every CPU) and, when m is not NULL, with the subproblem cache (m as in
 * dlxi_count_wide(), its memory shared out among the threads; *ms, if ms
 * is not NULL, gets the cache's figures summed).
 *
 * Searching (a visit, a limit or a budget, or Knuth's tree), each
 * task's subtrees are searched one after another by
 * dlxi_search_parallel(): visit sees the solutions in dlxi_pos_search()'s
 * order, and m is not used.  Counting alone, the tasks are rewritten as
 * plain subtrees (the same work; cut a level or more further when they
 * are few for the threads) and the threads count one subtree each at a
 * time, with dlxi_count_wide() as m says (each thread with its own cache,
 * kept from one subtree to the next) or by the plain search if m is NULL.
 *
 * Searching, the position moves on by whole tasks: in a progress
 * callback dlx_pos_format() gives the position of the subtrees searched
 * in order, and a stop leaves pos there: exact, but the subtree under way
 * is searched again when resumed, and its solutions visited again.
 *
 * Counting, the position is exact at every progress call (one call at a
 * time, with the totals of all threads): a subtree finished, in whatever
 * order, is marked done and its figures added to the position's; a
 * subtree under way is written as its cut at its thread's last progress
 * call when counted plainly (struct pcut), else (the cache's count stands
 * on no path) whole, to be counted again when resumed; with checkpoint
 * set the tree is cut into subtrees (16 a thread, pos.c) on one thread
 * too, so that a kill loses one of them a thread at most.  On return the
 * tasks done are gone from pos and the cuts applied, as after
 * dlxi_pos_search().  Returns as dlxi_pos_search().
 */
int		 dlxi_pos_search_parallel(dlx *d, dlx_pos *pos,
		    const struct dlxi_search *s, const struct dlxi_parallel *p,
		    const struct dlxi_memo *m, struct dlx_memo_stats *ms,
		    int checkpoint);

/* The cut a thread holds on t[i] while pos is counted on threads, or
 * NULL (pos_text.c writes t[i] with it). */
const struct pcut *dlxi_pos_pcut(const dlx_pos *pos, size_t i);

/*
 * Algorithm M (item bounds) under the drivers, mult_drive.c: its
 * positions hold paths of branch ranks (engine.h).  dlxi_mult_pos_search()
 * is dlxi_pos_search() for a matrix with bounds; dlxi_mult_pos_count()
 * counts what is left of pos on nw threads (s for its progress alone),
 * its tasks rewritten as subtrees and the position moved past those
 * finished in order, exact wherever it is read (in progress too);
 * dlxi_mult_split() is split.c's split() (part want, 0-based, or all
 * when want == nparts) by the rule of mult_drive.c.
 */
int		 dlxi_mult_pos_search(dlx *d, dlx_pos *pos,
		    const struct dlxi_search *s);
int		 dlxi_mult_pos_count(dlx *d, dlx_pos *pos,
		    const struct dlxi_search *s, unsigned nw);
int		 dlxi_mult_split(dlx *d, unsigned want, unsigned nparts,
		    dlx_pos **parts);

#endif /* PART_IMPL_H */
