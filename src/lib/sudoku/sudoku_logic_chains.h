/*
 * sudoku_logic_chains.h: what the files of the chain rules share inside
 * libdlx (not installed).
 *
 *	sudoku_logic_chains.c	the hooks, the link graph, chains and loops
 *	sudoku_logic_als.c	almost locked sets and Sue de Coq
 *	sudoku_logic_forcing.c	forcing chains and nets
 *
 * The state of these rules (lg->chains) is a struct lgc, allocated once
 * by lgi_chains_init() and sized for the grid, so no rule allocates.
 *
 * Candidates and nodes.  Candidate s of cell c is the number c*N + s-1.
 * A node of the link graph is a candidate or a group: a symbol in two or
 * more cells (at most DLX_LOGIC_MAXGROUP) where a box and a line meet,
 * numbered after the candidates.  A literal is a node being true or
 * false: node*2 + 1 and node*2.  From the candidates alone come the
 * inferences of every chain:
 *
 *	weak	node A true makes node B false when they are the same symbol
 *		in cells that see each other (a group sees a cell when every
 *		cell of it does), or two symbols of one cell;
 *	strong	node A false makes node B true when B is the only other
 *		place of the symbol in a house that holds A, or the only
 *		other candidate of A's cell (a bivalue cell).
 *
 * Sets of cells are bit sets of W words (lgc.w), one bit per cell.
 */
#ifndef DLX_SUDOKU_LOGIC_CHAINS_H
#define DLX_SUDOKU_LOGIC_CHAINS_H

#include "lib/sudoku/sudoku_logic_int.h"

/* A group node. */
struct lgc_group {
	int		 sym;		/* 1..N */
	int		 line;		/* its row or column (a house) */
	int		 box;		/* its box (a house) */
	int		 ncells;	/* 2..DLX_LOGIC_MAXGROUP */
	int		 cells[DLX_LOGIC_MAXGROUP]; /* ascending */
};

/* An almost locked set: k cells of one house with k + 1 candidates. */
struct lgc_als {
	int		 house;
	int		 ncells;
	uint64_t	 cand;		/* the k + 1 symbols */
	int		 off;		/* its cell list: lgc.alscells[off..] */
	int		 set;		/* its bit set: lgc.alsbits[set*w..] */
};

/* A fact derived by a propagation (sudoku_logic_forcing.c). */
struct lgc_fact {
	int		 lit;		/* candidate*2 + on */
	int		 pred;		/* fact it follows from, or -1 */
	int		 depth;		/* inferences from the assumption */
};

/* The result of the nice loop and AIC search on one grid. */
struct lgc_cache {
	int		 valid;
	uint64_t	*grid;		/* [ncells] the candidates searched */
	int		*best;		/* [MAXCHAIN] its chain's literals */
	int		 n;		/* their number, 0: none */
	int		 kind;		/* 0 chain, 1 loop, 2 placement */
};

struct lgc {
	int		 n, ncells, ncand;
	int		 w;		/* words of a cell set */
	uint64_t	*peers;		/* [ncells * w] the cells each sees */
	int		*box;		/* [ncells] box number */

	/* Groups, rebuilt by every chain search. */
	int		 ngroups, maxgroups;
	struct lgc_group *grp;		/* [maxgroups] */
	int		*gidx;		/* [n boxes * 2n lines * n symbols]
					   group number or -1 */
	int		*ghead;		/* [3n houses * n symbols + 1] start
					   of the groups of house h, symbol s
					   in glist: ghead[h * n + s - 1] */
	int		*glist;		/* [2 * maxgroups] group numbers */
	uint64_t	*hplaces;	/* [3n houses * n symbols] places of
					   each symbol in each house (bit i:
					   the house's i-th cell), of the
					   grid a chain search runs on */

	/* Breadth-first search over literals. */
	int		 maxlit;	/* 2 * (ncand + maxgroups) */
	unsigned	*seen;		/* [maxlit] stamp when reached */
	unsigned	 stamp;
	int		*par;		/* [maxlit] literal reached from */
	int		*dist;		/* [maxlit] literals from the start */
	int		*queue;		/* [maxlit] */
	uint64_t	*wx;		/* [ncells] symbols weak to a node */
	int		*best;		/* [maxlit] best chain's literals */
	int		 nbest;

	/* Almost locked sets (sudoku_logic_als.c). */
	int		 nals, maxals;
	struct lgc_als	*als;		/* [maxals] */
	int		*alscells;	/* [maxals * alsmax] */
	uint64_t	*alsbits;	/* [maxals * w] */
	int		 alsmax;	/* most cells of an ALS */
	uint64_t	*symcells;	/* [n * w] cells with each symbol */
	uint64_t	*alssee;	/* [maxals * n * w] cells that see
					   every cell of an ALS with a symbol */
	int		*adjstart;	/* [maxals + 1] RCC edges of each ALS */
	int		*adjals;	/* [maxadj] the other ALS ... */
	uint64_t	*adjrcc;	/* [maxadj] ... and the RCCs */
	int		 maxadj;
	int		*hstart;	/* [maxals + 1] scratch of rcc_edges():
					   the pairs a < b of each a ... */
	int		*hals;		/* [maxadj] ... b ... */
	uint64_t	*hrcc;		/* [maxadj] ... and their RCCs */
	int		*adjcur;	/* [maxals + 1] */
	uint64_t	*alsgrid;	/* [ncells] candidates the ALSs were
					   found on (their cache key) */
	int		 alsvalid;	/* alsgrid is meaningful */
	struct lgc_cache cache[2];	/* plain, grouped */
	uint64_t	*tmp;		/* [8 * w] scratch cell sets */
	uint64_t	*sdc;		/* [2 * 4096] Sue de Coq: candidates of
					   each subset of the line's and the
					   box's cells (12 at most) */

	/* Propagation (sudoku_logic_forcing.c), one frame per level. */
	struct lgc_fact	*facts;		/* [3 * maxfacts] */
	int		 maxfacts;	/* 2 * ncand */
	unsigned	*fseen;		/* [3 * 2 * ncand] stamp per literal */
	int		*fidx;		/* [3 * 2 * ncand] its fact */
	unsigned	 fstamp[3];
	uint64_t	*save;		/* [3 * ncells] candidates saved */
	int		*savev;		/* [3 * ncells] values saved */
	int		*common;	/* [2 * ncand] facts of every branch */
	uint64_t	 budget;	/* inference budget of one step */
};

/* Bit set helpers. */
#define LGC_SET(v, i)	((v)[(i) / 64] |= (uint64_t)1 << ((i) % 64))
#define LGC_HAS(v, i)	(((v)[(i) / 64] >> ((i) % 64)) & 1)

int	lgc_als_apply(dlx_logic *lg, struct lgc *x, struct dlx_logic_step *st,
	    enum dlx_logic_rule r);
int	lgc_forcing_apply(dlx_logic *lg, struct lgc *x,
	    struct dlx_logic_step *st, enum dlx_logic_rule r);

#endif /* DLX_SUDOKU_LOGIC_CHAINS_H */
