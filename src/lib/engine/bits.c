/*
 * bits.c: the 9x9 sudoku matrix on bit boards (DLX_ENGINE_BITS).
 *
 * The plain 9x9 sudoku matrix (729 options, 324 items: dlx_sudoku_new()
 * with 3x3 boxes and no variant marks it, d->shape) is one problem with a
 * structure a general engine cannot see: every item is a unit of nine
 * cells, and a digit's options in a band of three rows fit one word.  This
 * engine keeps, for every digit d and band b, the 27 cells of the band
 * where d may still go (f[F(d, b)]), and the cells not yet filled.  A cell
 * filled with d keeps its bit in d's board and loses it in the others, so
 * that every row, column and box holds at least one bit of each digit as
 * long as the puzzle can be completed.
 *
 * Propagation, to a fixed point, before each choice:
 *   - a digit in a band: its three rows go to its three boxes one to one,
 *     so a cell whose row and box no one-to-one assignment pairs is
 *     dead.  band_cells[] gives, for the nine row-box pairs that still
 *     have a cell, the cells of those some assignment uses; 0 means none
 *     (no way to place d in the band).  This is the hidden single of a row and of a box,
 *     and pointing and claiming inside the band, in one lookup.  A row
 *     left with one cell is filled.
 *   - a digit in a column: the nine rows' cells counted (none: dead end;
 *     one, not filled: the hidden single of the column).
 *   - a cell with no digit left is a dead end, a cell with one is filled
 *     (the naked single).
 * Then it branches on the first open cell with the fewest digits (two
 * mostly), one copy of the 128-byte board per guess; nothing is undone.
 * A request that visits no solution hands the last LEAN_CELLS open cells
 * to a lean search (lean()), with the naked singles alone, over the
 * cells numbered afresh.
 *
 * The tree is not the fast search's, so neither are the figures: a node
 * is a board propagated (in the lean search: a board after its singles),
 * an update a cell filled (givens included), a branch a guess.  The
 * solutions come in another order too: the
 * dispatcher (drive/dispatch.c) sends this engine only what does not
 * depend on the order (a count, a limit), and a request that visits the
 * solutions only when the engine proves that there is at most one.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/core/dlx_impl.h"
#include "lib/engine/engine.h"
#include "lib/engine/loop.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define BAND	0x7ffffffu		/* the 27 cells of a band */
#define DIGITS	0x1ffu

/* The board of digit d in band b: a band's nine digits side by side,
 * so that a cell leaves them all in a few vector steps. */
#define F(d, b)	(9 * (b) + (d))

struct board {
	uint32_t	f[27];		/* f[F(d, b)]: band b's cells open to
					   digit d, or filled with it */
	uint32_t	open[3];	/* band b's cells not filled */
	uint32_t	todo;		/* bit F(d, b): that board changed
					   since its band was last looked
					   at */
	uint32_t	nopen;		/* cells not filled */
};

struct bits {
	struct loop	 lp;
	uint64_t	 updates;	/* cells filled */
	int		 depth;		/* guesses on the way to the board */
	int		 grid[81];	/* a solution's digits (visit) */
	int		 keep;		/* keep the solution's digits */
	int		 lean;		/* no visit: the lean search takes
					   the last LEAN_CELLS cells */
	uint8_t		 tried[82];	/* at each guess on the way: the
					   digits tried before this one */
	uint8_t		 ways[82];	/* and the digits it had */
	double		 done;		/* bits_top(): the share of the tree
					   its dead ends and solutions took */
	uint64_t	*tally;		/* bits_tally(): 729 counters, one
					   per option, or NULL */
};

/*
 * For the nine row-box pairs of a digit in a band (bit 3i + j: row i of
 * the band has a cell in box j), the cells of the band in the pairs that
 * some one-to-one assignment of rows to boxes uses: a permutation's pairs
 * (PERMS: 0x111 pairs rows 0, 1, 2 with boxes 0, 1, 2, and so on) count
 * when it has every one of them.  0 when no assignment is left.  The
 * tables are made by the compiler from these expressions.
 */
#define PERM1(t, m)	(((t) & (m)) == (m) ? (m) : 0u)
#define PERMS(t)	(PERM1(t, 0x111u) | PERM1(t, 0x0a1u) | \
			 PERM1(t, 0x10au) | PERM1(t, 0x062u) | \
			 PERM1(t, 0x08cu) | PERM1(t, 0x054u))
#define ROW_CELLS(a)	(((a) & 1u ? 0x007u : 0u) | ((a) & 2u ? 0x038u : 0u) | \
			 ((a) & 4u ? 0x1c0u : 0u))
#define BAND_CELLS(t)	(ROW_CELLS(PERMS(t) & 7u) | \
			 ROW_CELLS(PERMS(t) >> 3 & 7u) << 9 | \
			 ROW_CELLS(PERMS(t) >> 6) << 18)
/* The boxes (bits 0..2) where a row of a band (9 bits, v) has cells. */
#define ROW_BOXES(v)	(((v) & 0x007u ? 1u : 0u) | ((v) & 0x038u ? 2u : 0u) | \
			 ((v) & 0x1c0u ? 4u : 0u))

#define T4(f, t)	f(t), f((t) + 1), f((t) + 2), f((t) + 3)
#define T16(f, t)	T4(f, t), T4(f, (t) + 4), T4(f, (t) + 8), T4(f, (t) + 12)
#define T64(f, t)	T16(f, t), T16(f, (t) + 16), T16(f, (t) + 32), \
			T16(f, (t) + 48)
#define T512(f)		T64(f, 0u), T64(f, 64u), T64(f, 128u), T64(f, 192u), \
			T64(f, 256u), T64(f, 320u), T64(f, 384u), T64(f, 448u)

static const uint32_t band_cells[512] = { T512(BAND_CELLS) };
static const uint8_t row_boxes[512] = { T512(ROW_BOXES) };

/* For each cell k of a band (0..26): its row and box in the band (which
 * hold its column in the band). */
static const uint32_t peers[27] = {
	0x01c0fff, 0x01c0fff, 0x01c0fff, 0x0e071ff, 0x0e071ff, 0x0e071ff,
	0x70381ff, 0x70381ff, 0x70381ff, 0x01ffe07, 0x01ffe07, 0x01ffe07,
	0x0e3fe38, 0x0e3fe38, 0x0e3fe38, 0x703ffc0, 0x703ffc0, 0x703ffc0,
	0x7fc0e07, 0x7fc0e07, 0x7fc0e07, 0x7fc7038, 0x7fc7038, 0x7fc7038,
	0x7ff81c0, 0x7ff81c0, 0x7ff81c0
};

/* The column (0..8) of each cell of a band. */
static const uint8_t column[27] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8,
	0, 1, 2, 3, 4, 5, 6, 7, 8
};

/* The band after b, and the one after that. */
static const uint8_t next_band[3][2] = { { 1, 2 }, { 2, 0 }, { 0, 1 } };

/*
 * Fill cell k (0..26) of band b with digit d, which must be open there:
 * the cell leaves the other digits' boards, d leaves the cell's row, box
 * and column.  The boards that changed are marked in todo.
 */
static inline void
fill_cell(struct board *s, int d, int b, int k)
{
	uint32_t	bit = 1u << k, col = 0x40201u << column[k];
	uint32_t	todo, x, *f = s->f + F(0, b);
	int		b1 = next_band[b][0], b2 = next_band[b][1];
#if defined(__SSE2__)
	__m128i		vb = _mm_set1_epi32((int)bit), v0, v1;

	/* The band's nine boards: which hold the cell, then without it. */
	v0 = _mm_loadu_si128((const __m128i *)(const void *)f);
	v1 = _mm_loadu_si128((const __m128i *)(const void *)(f + 4));
	todo = (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(
	    _mm_and_si128(v0, vb), vb))) |
	    (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(
	    _mm_and_si128(v1, vb), vb))) << 4 |
	    ((f[8] & bit) != 0) << 8;
	_mm_storeu_si128((__m128i *)(void *)f, _mm_andnot_si128(vb, v0));
	_mm_storeu_si128((__m128i *)(void *)(f + 4), _mm_andnot_si128(vb, v1));
	f[8] &= ~bit;
#else
	int		e;

	for (e = 0, todo = 0; e < 9; e++) {
		todo |= (uint32_t)((f[e] & bit) != 0) << e;
		f[e] &= ~bit;
	}
#endif
	todo <<= F(0, b);
	f[d] = (f[d] & ~peers[k]) | bit;
	x = s->f[F(d, b1)];
	todo |= (uint32_t)((x & col) != 0) << F(d, b1);
	s->f[F(d, b1)] = x & ~col;
	x = s->f[F(d, b2)];
	todo |= (uint32_t)((x & col) != 0) << F(d, b2);
	s->f[F(d, b2)] = x & ~col;
	s->open[b] &= ~bit;
	s->nopen--;
	s->todo |= todo;
}

/*
 * Digit d in band b: the row-box pairs, then the rows left with one open
 * cell filled.  0 at a dead end.
 */
static inline int
band(struct bits *bs, struct board *s, int d, int b)
{
	uint32_t	x = s->f[F(d, b)], a, one, r0, r1, r2;
	int		k;

	a = band_cells[row_boxes[x & 0x1ffu] | row_boxes[(x >> 9) & 0x1ffu] << 3 |
	    row_boxes[x >> 18] << 6];
	if (a == 0)
		return 0;
	x &= a;
	s->f[F(d, b)] = x;
	/* The rows with one cell (every row has one at least). */
	r0 = x & 0x1ffu;
	r1 = (x >> 9) & 0x1ffu;
	r2 = x >> 18;
	one = ((r0 & (r0 - 1)) == 0 ? r0 : 0) |
	    ((r1 & (r1 - 1)) == 0 ? r1 << 9 : 0) |
	    ((r2 & (r2 - 1)) == 0 ? r2 << 18 : 0);
	one &= s->open[b];
	while (one != 0) {
		k = __builtin_ctz(one);
		one &= one - 1;
		fill_cell(s, d, b, k);
		bs->updates++;
	}
	return 1;
}

/* Digit d in the nine columns: 0 if one has no cell; a column whose one
 * cell is open has it filled. */
static inline int
columns(struct bits *bs, struct board *s, int d)
{
	uint32_t	ones = 0, twos = 0, open = 0, v, single, x;
	int		b, i, c;

	for (b = 0; b < 3; b++) {
		x = s->f[F(d, b)];
		open |= x & s->open[b];
		for (i = 0; i < 27; i += 9) {
			v = (x >> i) & 0x1ffu;
			twos |= ones & v;
			ones |= v;
		}
	}
	if (ones != DIGITS)
		return 0;
	/* Most columns hold d filled already: their one cell is not open. */
	single = ones & ~twos & (open | open >> 9 | open >> 18);
	while (single != 0) {
		c = __builtin_ctz(single);
		single &= single - 1;
		for (b = 0; b < 3; b++) {
			x = s->f[F(d, b)] & (0x40201u << c);
			if (x != 0)
				break;
		}
		/* A cell filled just now may have taken the column's one
		 * cell away (a dead end) or filled it. */
		if (b == 3)
			return 0;
		if ((x & s->open[b]) == 0)
			continue;
		fill_cell(s, d, b, __builtin_ctz(x));
		bs->updates++;
	}
	return 1;
}

/* Cells with one digit are filled; 0 if a cell has none. */
static inline int
cells(struct bits *bs, struct board *s)
{
	uint32_t	ones, twos, x, single, bit;
	int		b, d, k;

	for (b = 0; b < 3; b++) {
		ones = twos = 0;
		for (d = 0; d < 9; d++) {
			x = s->f[F(d, b)];
			twos |= ones & x;
			ones |= x;
		}
		if ((s->open[b] & ~ones) != 0)
			return 0;
		single = s->open[b] & ~twos;
		while (single != 0) {
			k = __builtin_ctz(single);
			bit = single & -single;
			single &= single - 1;
			for (d = 0; d < 9 && (s->f[F(d, b)] & bit) == 0; d++)
				continue;
			if (d == 9)	/* lost to a cell filled just now */
				return 0;
			fill_cell(s, d, b, k);
			bs->updates++;
		}
	}
	return 1;
}

/*
 * Propagate to a fixed point; 0 at a dead end.  The bands first, then the
 * cells, and the columns last, only when neither fills a cell and only
 * while COLUMN_CELLS cells or more are open: near the leaves a column
 * rarely finds what the other two leave.  (Instructions: a pass over the
 * columns after each round cost serg's first 300 ambiguous puzzles 494e6
 * against 387e6 without any, for the same nodes, while top1465 needed
 * half as many nodes again without; as here, 415e6 and 350e6, 3% less
 * than with a pass every round.)
 */
#define COLUMN_CELLS	30

static int
propagate(struct bits *bs, struct board *s)
{
	uint32_t	t, seen = 0;
	int		i, d;

	for (;;) {
		while ((t = s->todo) != 0) {
			seen |= t;
			i = __builtin_ctz(t);
			s->todo = t & (t - 1);
			if (!band(bs, s, i % 9, i / 9))
				return 0;
		}
		if (!cells(bs, s))
			return 0;
		if (s->todo != 0)
			continue;
		if (s->nopen < COLUMN_CELLS)
			return 1;
		for (d = 0; d < 9; d++)
			if ((seen & (0x40201u << d)) != 0 &&
			    !columns(bs, s, d))
				return 0;
		if (s->todo == 0)
			return 1;
		seen = 0;
	}
}

/*
 * The open cell to branch on: the first with two digits, else the first
 * with the fewest.  *bp, *kp: its band and cell; returns its digits.
 */
static uint32_t
choose(const struct board *s, int *bp, int *kp)
{
	uint32_t	ones, twos, threes, x, two, m, best = 0;
	int		b, d, k, n, bn = 10;

	for (b = 0; b < 3; b++) {
		ones = twos = threes = 0;
		for (d = 0; d < 9; d++) {
			x = s->f[F(d, b)];
			threes |= twos & x;
			twos |= ones & x;
			ones |= x;
		}
		two = s->open[b] & twos & ~threes;
		if (two != 0) {
			*bp = b;
			*kp = k = __builtin_ctz(two);
			for (d = 0, m = 0; d < 9; d++)
				m |= ((s->f[F(d, b)] >> k) & 1u) << d;
			return m;
		}
	}
	for (b = 0; b < 3; b++)
		for (x = s->open[b]; x != 0; x &= x - 1) {
			k = __builtin_ctz(x);
			for (d = 0, m = 0; d < 9; d++)
				m |= ((s->f[F(d, b)] >> k) & 1u) << d;
			n = __builtin_popcount(m);
			if (n < bn) {
				bn = n;
				best = m;
				*bp = b;
				*kp = k;
			}
		}
	return best;
}

/*
 * The lean search, for the last LEAN_CELLS open cells of a count.  Near
 * the leaves the bands' tables cost more than they save: an ambiguous
 * puzzle ends in boards of a few dozen open cells with many completions,
 * which a plain search over those cells walks faster.  The open cells are
 * numbered 0..n-1; dm[d] holds those still open to digit d, peer[i] the
 * cells that share a row, a column or a box with cell i.  After the
 * bands' propagation every unit has as many open cells as digits missing
 * and its cells are open to those digits only, so giving each cell one of
 * its digits with no two peers alike is a completion, and every
 * completion is one.  Cells with one digit are filled all at once, a dead
 * end is a cell with none; the search branches on the first cell with two
 * digits, else the first with three or more.
 *
 * A board of the lean search is a node (the loop's budgets, progress and
 * figures hold as on the bit boards), and so is a solution found.
 *
 * The count of a lean search is not the tree for every request: a visit
 * needs the solution's digits, which it does not keep; those requests
 * stay on the bit boards.  (Measured: 36 cells.  serg's 10,000 puzzles
 * took 0.46 s against 0.98 s without; the 7,452,654-solution puzzle 1.29
 * s against 2.04; 44 cells and more cost the unique puzzles of the 17-clue
 * set, where the bands' logic pays: 2.0 s with 64 against 0.28.)
 */
#define LEAN_CELLS	36

/* A guess at depth among the digits m, of either search: the figures and
 * what dlx_progress() reads; returns the depth below. */
static inline int
guess(struct bits *bs, uint32_t m, int depth)
{
	bs->lp.st->branches++;
	bs->ways[depth] = (uint8_t)__builtin_popcount(m);
	bs->tried[depth] = 0;
	return depth + 1;
}

/* A node at depth, of either search: the loop's budgets and progress,
 * then the figures. */
static inline int
enter(struct bits *bs, int depth)
{
	int	rc;

	if ((rc = loop_enter(&bs->lp, bs->updates, depth)) != DLX_OK)
		return rc;
	bs->lp.st->nodes++;
	if ((size_t)depth > bs->lp.st->max_depth)
		bs->lp.st->max_depth = (size_t)depth;
	return DLX_OK;
}

/* The subtree of the lean board dm (which it may change), left: its open
 * cells, entered at depth: DLX_OK when it is done, or why the search
 * stops. */
static int
lean(struct bits *bs, uint64_t *dm, const uint64_t *peer, uint64_t left,
    int depth)
{
	uint64_t	ones, twos, threes, x, y, bit, c2[9];
	uint32_t	m;
	int		rc, i, d;

	for (;;) {
		/* The cells with one digit, to a fixed point: two peers
		 * with the same digit are a dead end. */
		for (;;) {
			if (left == 0)
				return loop_emit(&bs->lp, bs->updates, depth,
				    LOOP_ENTERED);
			ones = twos = threes = 0;
			for (d = 0; d < 9; d++) {
				x = dm[d];
				threes |= twos & x;
				twos |= ones & x;
				ones |= x;
			}
			if ((left & ~ones) != 0)
				return DLX_OK;
			if ((x = left & ~twos) == 0)
				break;
			for (d = 0; d < 9; d++)
				for (y = dm[d] & x; y != 0; y &= y - 1) {
					i = __builtin_ctzll(y);
					if ((dm[d] >> i & 1u) == 0)
						return DLX_OK;
					dm[d] &= ~peer[i];
					bs->updates++;
				}
			left &= ~x;
			for (d = 0; d < 9; d++)
				dm[d] &= ~x;
		}
		if ((x = left & ~threes) == 0)
			x = left;
		i = __builtin_ctzll(x);
		bit = (uint64_t)1 << i;
		for (d = 0, m = 0; d < 9; d++)
			m |= (uint32_t)(dm[d] >> i & 1u) << d;
		left &= ~bit;
		for (d = 0; d < 9; d++)
			dm[d] &= ~bit;
		depth = guess(bs, m, depth);
		/* Every digit but the last on a copy; the last in place. */
		while ((m & (m - 1)) != 0) {
			d = __builtin_ctz(m);
			m &= m - 1;
			memcpy(c2, dm, sizeof c2);
			c2[d] &= ~peer[i];
			bs->updates++;
			bs->depth = depth;
			if ((rc = enter(bs, depth)) != DLX_OK ||
			    (rc = lean(bs, c2, peer, left, depth)) != DLX_OK)
				return rc;
			bs->tried[depth - 1]++;
		}
		dm[__builtin_ctz(m)] &= ~peer[i];
		bs->updates++;
		if ((rc = enter(bs, depth)) != DLX_OK)
			return rc;
	}
}

/* The lean search from board s, propagated and entered at depth, with
 * LEAN_CELLS open cells or fewer. */
static int
lean_start(struct bits *bs, const struct board *s, int depth)
{
	uint64_t	dm[9], peer[LEAN_CELLS], unit[27];
	uint8_t		idx[81];
	uint32_t	x;
	int		b, d, k, n;

	/* The cells numbered, the units' cells, then each cell's peers. */
	memset(unit, 0, sizeof unit);
	for (b = 0, n = 0; b < 3; b++)
		for (x = s->open[b]; x != 0; x &= x - 1, n++) {
			k = __builtin_ctz(x);
			idx[27 * b + k] = (uint8_t)n;
			unit[3 * b + k / 9] |= (uint64_t)1 << n;
			unit[9 + column[k]] |= (uint64_t)1 << n;
			unit[18 + 3 * b + column[k] / 3] |= (uint64_t)1 << n;
		}
	for (b = 0, n = 0; b < 3; b++)
		for (x = s->open[b]; x != 0; x &= x - 1, n++) {
			k = __builtin_ctz(x);
			peer[n] = (unit[3 * b + k / 9] | unit[9 + column[k]] |
			    unit[18 + 3 * b + column[k] / 3]) &
			    ~((uint64_t)1 << n);
		}
	for (d = 0; d < 9; d++)
		for (b = 0, dm[d] = 0; b < 3; b++)
			for (x = s->f[F(d, b)] & s->open[b]; x != 0;
			    x &= x - 1)
				dm[d] |= (uint64_t)1 <<
				    idx[27 * b + __builtin_ctz(x)];
	return lean(bs, dm, peer, ((uint64_t)1 << n) - 1, depth);
}

/* loop.h's fill: the options of the cells the search filled (the forced
 * options come first, from the loop). */
static size_t
fill_sol(void *arg, int *sol, int depth)
{
	const struct bits	*bs = arg;
	const dlx		*d = bs->lp.d;
	unsigned char		 given[81];
	size_t			 n = 0;
	int			 j, c;

	(void)depth;
	memset(given, 0, sizeof given);
	for (j = 0; j < d->nforced; j++)
		given[d->forced[j] / 9] = 1;
	for (c = 0; c < 81; c++)
		if (!given[c])
			sol[n++] = c * 9 + bs->grid[c];
	return n;
}

/* The digits of a solved board, for visit. */
static void
keep_grid(struct bits *bs, const struct board *s)
{
	int	b, k, d;

	for (b = 0; b < 3; b++)
		for (k = 0; k < 27; k++)
			for (d = 0; d < 9; d++)
				if (s->f[F(d, b)] >> k & 1u)
					bs->grid[27 * b + k] = d;
}

/* The subtree of board s (which it may change): DLX_OK when it is done,
 * or why the search stops. */
static int
search(struct bits *bs, struct board *s)
{
	struct board	 t;
	uint32_t	 m;
	int		 rc, b = 0, k = 0, d, depth = bs->depth;

	for (;;) {
		if ((rc = enter(bs, depth)) != DLX_OK)
			return rc;
		if (!propagate(bs, s))
			return DLX_OK;
		if ((s->open[0] | s->open[1] | s->open[2]) == 0) {
			if (bs->keep)
				keep_grid(bs, s);
			return loop_emit(&bs->lp, bs->updates, depth,
			    LOOP_ENTERED);
		}
		if (bs->lean && s->nopen <= LEAN_CELLS)
			return lean_start(bs, s, depth);
		m = choose(s, &b, &k);
		depth = guess(bs, m, depth);
		/* Every digit but the last on a copy; the last on s. */
		while ((m & (m - 1)) != 0) {
			d = __builtin_ctz(m);
			m &= m - 1;
			t = *s;
			fill_cell(&t, d, b, k);
			bs->updates++;
			bs->depth = depth;
			if ((rc = search(bs, &t)) != DLX_OK)
				return rc;
			bs->tried[depth - 1]++;
		}
		fill_cell(s, __builtin_ctz(m), b, k);
		bs->updates++;
	}
}

/*
 * The tally (bits_tally()): a count that also gives each option "cell c
 * holds d" the number of solutions that hold it, tally[9c + d], for the
 * cells the search fills (the forced options are in every solution, and
 * the caller knows them).  The solution counter tells how many solutions
 * a stretch of the search found.  A cell filled in place at a node is in
 * every solution found from then until the function searching the node
 * returns: it is recorded with the counter at its filling (struct fills)
 * and given the difference when the function returns.  A digit tried on
 * a copy gets the solutions of the call that searches the copy.  What a
 * dead end recorded gets nothing: it found no solution after.  So the
 * cost over the count is a few instructions per cell filled, not 81 per
 * solution (a visit per solution, on the sparse sets, took serg's 10,000
 * puzzles 6.2 s against 1.1 s for their count).
 */
struct fills {
	int		 n;
	uint16_t	 opt[81];	/* the options filled in place */
	uint64_t	 at[81];	/* the solutions found before each */
};

static inline void
fills_add(struct fills *fl, int opt, uint64_t at)
{
	fl->opt[fl->n] = (uint16_t)opt;
	fl->at[fl->n++] = at;
}

/* The function that recorded fl returns: its fillings get their share. */
static void
fills_apply(struct bits *bs, const struct fills *fl)
{
	uint64_t	 now = bs->lp.st->solutions;
	int		 i;

	for (i = 0; i < fl->n; i++)
		bs->tally[fl->opt[i]] += now - fl->at[i];
}

/* Record the cells of s filled since its open cells were was[]. */
static void
fills_board(struct fills *fl, const struct board *s, const uint32_t *was,
    uint64_t at)
{
	uint32_t	 nm, x;
	int		 b, d;

	for (b = 0; b < 3; b++) {
		if ((nm = was[b] & ~s->open[b]) == 0)
			continue;
		for (d = 0; d < 9; d++)
			for (x = s->f[F(d, b)] & nm; x != 0; x &= x - 1)
				fills_add(fl, (27 * b + __builtin_ctz(x)) * 9 +
				    d, at);
	}
}

/* lean() with the tally: cell[i] is the board's number of lean cell i. */
static int
tlean(struct bits *bs, uint64_t *dm, const uint64_t *peer,
    const uint8_t *cell, uint64_t left, int depth, struct fills *fl)
{
	struct fills	 sub;
	uint64_t	 ones, twos, threes, x, y, bit, c2[9], at;
	uint32_t	 m;
	int		 rc, i, d;

	for (;;) {
		for (;;) {
			if (left == 0)
				return loop_emit(&bs->lp, bs->updates, depth,
				    LOOP_ENTERED);
			ones = twos = threes = 0;
			for (d = 0; d < 9; d++) {
				x = dm[d];
				threes |= twos & x;
				twos |= ones & x;
				ones |= x;
			}
			if ((left & ~ones) != 0)
				return DLX_OK;
			if ((x = left & ~twos) == 0)
				break;
			for (d = 0; d < 9; d++)
				for (y = dm[d] & x; y != 0; y &= y - 1) {
					i = __builtin_ctzll(y);
					if ((dm[d] >> i & 1u) == 0)
						return DLX_OK;
					dm[d] &= ~peer[i];
					bs->updates++;
					fills_add(fl, cell[i] * 9 + d,
					    bs->lp.st->solutions);
				}
			left &= ~x;
			for (d = 0; d < 9; d++)
				dm[d] &= ~x;
		}
		if ((x = left & ~threes) == 0)
			x = left;
		i = __builtin_ctzll(x);
		bit = (uint64_t)1 << i;
		for (d = 0, m = 0; d < 9; d++)
			m |= (uint32_t)(dm[d] >> i & 1u) << d;
		left &= ~bit;
		for (d = 0; d < 9; d++)
			dm[d] &= ~bit;
		depth = guess(bs, m, depth);
		while ((m & (m - 1)) != 0) {
			d = __builtin_ctz(m);
			m &= m - 1;
			memcpy(c2, dm, sizeof c2);
			c2[d] &= ~peer[i];
			bs->updates++;
			bs->depth = depth;
			if ((rc = enter(bs, depth)) != DLX_OK)
				return rc;
			at = bs->lp.st->solutions;
			sub.n = 0;
			rc = tlean(bs, c2, peer, cell, left, depth, &sub);
			fills_apply(bs, &sub);
			if (rc != DLX_OK)
				return rc;
			bs->tally[cell[i] * 9 + d] += bs->lp.st->solutions - at;
			bs->tried[depth - 1]++;
		}
		d = __builtin_ctz(m);
		dm[d] &= ~peer[i];
		bs->updates++;
		fills_add(fl, cell[i] * 9 + d, bs->lp.st->solutions);
		if ((rc = enter(bs, depth)) != DLX_OK)
			return rc;
	}
}

/* lean_start() with the tally. */
static int
tlean_start(struct bits *bs, const struct board *s, int depth,
    struct fills *fl)
{
	uint64_t	dm[9], peer[LEAN_CELLS], unit[27];
	uint8_t		idx[81], cell[LEAN_CELLS];
	uint32_t	x;
	int		b, d, k, n;

	memset(unit, 0, sizeof unit);
	for (b = 0, n = 0; b < 3; b++)
		for (x = s->open[b]; x != 0; x &= x - 1, n++) {
			k = __builtin_ctz(x);
			idx[27 * b + k] = (uint8_t)n;
			cell[n] = (uint8_t)(27 * b + k);
			unit[3 * b + k / 9] |= (uint64_t)1 << n;
			unit[9 + column[k]] |= (uint64_t)1 << n;
			unit[18 + 3 * b + column[k] / 3] |= (uint64_t)1 << n;
		}
	for (b = 0, n = 0; b < 3; b++)
		for (x = s->open[b]; x != 0; x &= x - 1, n++) {
			k = __builtin_ctz(x);
			peer[n] = (unit[3 * b + k / 9] | unit[9 + column[k]] |
			    unit[18 + 3 * b + column[k] / 3]) &
			    ~((uint64_t)1 << n);
		}
	for (d = 0; d < 9; d++)
		for (b = 0, dm[d] = 0; b < 3; b++)
			for (x = s->f[F(d, b)] & s->open[b]; x != 0;
			    x &= x - 1)
				dm[d] |= (uint64_t)1 <<
				    idx[27 * b + __builtin_ctz(x)];
	return tlean(bs, dm, peer, cell, ((uint64_t)1 << n) - 1, depth, fl);
}

/* search() with the tally; fl records what it fills in place. */
static int
tsearch(struct bits *bs, struct board *s, struct fills *fl)
{
	struct board	 t;
	struct fills	 sub;
	uint32_t	 m, was[3];
	uint64_t	 at;
	int		 rc, b = 0, k = 0, d, depth = bs->depth;

	for (;;) {
		if ((rc = enter(bs, depth)) != DLX_OK)
			return rc;
		memcpy(was, s->open, sizeof was);
		if (!propagate(bs, s))
			return DLX_OK;
		fills_board(fl, s, was, bs->lp.st->solutions);
		if ((s->open[0] | s->open[1] | s->open[2]) == 0)
			return loop_emit(&bs->lp, bs->updates, depth,
			    LOOP_ENTERED);
		if (s->nopen <= LEAN_CELLS)
			return tlean_start(bs, s, depth, fl);
		m = choose(s, &b, &k);
		depth = guess(bs, m, depth);
		while ((m & (m - 1)) != 0) {
			d = __builtin_ctz(m);
			m &= m - 1;
			t = *s;
			fill_cell(&t, d, b, k);
			bs->updates++;
			bs->depth = depth;
			at = bs->lp.st->solutions;
			sub.n = 0;
			rc = tsearch(bs, &t, &sub);
			fills_apply(bs, &sub);
			if (rc != DLX_OK)
				return rc;
			bs->tally[(27 * b + k) * 9 + d] +=
			    bs->lp.st->solutions - at;
			bs->tried[depth - 1]++;
		}
		d = __builtin_ctz(m);
		fills_add(fl, (27 * b + k) * 9 + d, bs->lp.st->solutions);
		fill_cell(s, d, b, k);
		bs->updates++;
	}
}

/* dlx_progress() while the bit boards search d: Knuth's estimate, from
 * the guesses on the way to the board being searched. */
static double
progress(const dlx *d)
{
	const struct bits	*bs = d->running;
	double			 f = 0.0, w = 1.0;
	int			 l;

	for (l = 0; l < *bs->lp.depth; l++) {
		w /= bs->ways[l];
		f += bs->tried[l] * w;
	}
	f += 0.5 * w;
	return f > 1.0 ? 1.0 : f;
}

int
bits_serves(const dlx *d)
{
	return d->shape == DLXI_SHAPE_SUDOKU9 && d->noptions == 729 &&
	    d->nprimary == 324 && d->nitems == 324 && !d->colored &&
	    !mult_active(d);
}

static int
bits_run(dlx *d, const struct dlxi_search *s, uint64_t *tally, int *rcp)
{
	struct dlxi_search	 probe;
	struct bits		 bs;
	struct board		 root;
	struct fills		 fl;
	size_t			 n;
	int			 j, o, c, v, b, k, rc, handed;

	/* A request that visits: counted to two first, without visiting;
	 * one solution is then visited, two or more are handed back. */
	probe = *s;
	if (s->visit != NULL) {
		probe.visit = NULL;
		probe.max_solutions = 2;
	}
	loop_begin(d);
	memset(&bs, 0, sizeof bs);
	loop_start(&bs.lp, d, &probe, &d->st, &bs.depth, d->sol, fill_sol,
	    &bs);
	bs.keep = s->visit != NULL;
	bs.lean = s->visit == NULL;
	bs.tally = tally;
	d->running = &bs;
	d->running_progress = progress;
	for (j = 0; j < 27; j++)
		root.f[j] = BAND;
	root.open[0] = root.open[1] = root.open[2] = BAND;
	root.todo = 0;
	root.nopen = 81;
	rc = DLX_OK;
	for (j = 0; j < d->nforced; j++) {
		o = d->forced[j];
		c = o / 9;
		v = o % 9;
		b = c / 27;
		k = c % 27;
		/* Forced options never share an item (dlx_force()), so a
		 * given is open to its digit unless the givens leave no
		 * solution: then there is none. */
		if ((root.f[F(v, b)] >> k & 1u) == 0 ||
		    (root.open[b] >> k & 1u) == 0)
			goto done;
		fill_cell(&root, v, b, k);
		bs.updates++;
	}
	root.todo = (1u << 27) - 1;
	if (tally != NULL) {
		fl.n = 0;
		rc = tsearch(&bs, &root, &fl);
		fills_apply(&bs, &fl);
	} else
		rc = search(&bs, &root);
done:
	/* Visiting, a second solution hands the request back. */
	handed = s->visit != NULL && rc == DLX_LIMIT;
	/* At most one solution (or stopped before a second): it is visited
	 * as the fast search would visit it. */
	if (s->visit != NULL && !handed && d->st.solutions == 1) {
		n = 0;
		for (j = 0; j < d->nforced; j++)
			d->sol[n++] = d->forced[j];
		n += fill_sol(&bs, d->sol + n, 0);
		loop_publish(&bs.lp, bs.updates, 0);
		if (s->visit(s->visit_arg, d->sol, n) != 0)
			rc = DLX_STOPPED;
		else if (rc == DLX_OK && s->max_solutions == 1)
			rc = DLX_LIMIT;
	}
	if (rc == DLX_OK)
		loop_done(&bs.lp, bs.updates);
	else
		loop_halt(bs.lp, bs.updates, bs.depth);
	d->running = NULL;
	d->running_progress = NULL;
	loop_end(d);
	if (handed)
		return 0;
	*rcp = rc;
	return 1;
}

int
bits_search(dlx *d, const struct dlxi_search *s, int *rcp)
{
	return bits_run(d, s, NULL, rcp);
}

int
bits_tally(dlx *d, const struct dlxi_search *s, uint64_t *tally)
{
	int	rc = DLX_OK;

	if (s->visit != NULL || tally == NULL)
		return DLX_EINVAL;
	memset(tally, 0, 729 * sizeof *tally);
	(void)bits_run(d, s, tally, &rc);
	return rc;
}

/*
 * A count on threads (drive/boards.c).  The top of the tree is expanded
 * on the caller's thread into boards after a few guesses, breadth first,
 * exactly as the serial search would enter them (the same nodes, updates
 * and branches, its dead ends and solutions counted as it counts them),
 * and each board's subtree is then counted apart by the serial search:
 * the sums are the serial search's figures.  A board the expansion
 * entered with LEAN_CELLS open cells or fewer is kept as it is, entered,
 * for the lean search.
 */
struct sub {
	struct board	 b;
	double		 weight;	/* Knuth's estimate of its share */
	int		 depth;		/* guesses on the way to it */
	int		 entered;	/* entered and propagated (the lean
					   search's) */
};

struct bits_top {
	struct sub	*sub;		/* the boards, heaviest first */
	size_t		 n;
};

/* dlx_progress() while bits_top() expands: the share of the tree done. */
static double
top_progress(const dlx *d)
{
	const struct bits	*bs = d->running;

	return bs->done > 1.0 ? 1.0 : bs->done;
}

/* Heaviest first (qsort). */
static int
by_weight(const void *a, const void *b)
{
	const struct sub	*x = a, *y = b;

	return (x->weight < y->weight) - (x->weight > y->weight);
}

/* Make room for one more board at the back of v[*h..*n-1] (*cap held):
 * the boards before *h are spent, so the rest slides down before v
 * grows. */
static int
sub_room(dlx *d, struct sub **v, size_t *h, size_t *n, size_t *cap)
{
	struct sub	*q;

	if (*n < *cap)
		return DLX_OK;
	if (*h > 0) {
		memmove(*v, *v + *h, (*n - *h) * sizeof **v);
		*n -= *h;
		*h = 0;
		return DLX_OK;
	}
	if ((q = dlxi_alloc(d, *v, 2 * *cap, sizeof *q)) == NULL)
		return DLX_ENOMEM;
	*v = q;
	*cap *= 2;
	return DLX_OK;
}

int
bits_top(dlx *d, const struct dlxi_search *s, size_t want,
    struct bits_top **tp)
{
	struct bits	 bs;
	struct sub	*v, x;
	size_t		 h, n, cap, fresh;
	uint32_t	 m;
	int		 j, o, c, b, k, rc, depth, dg;

	*tp = NULL;
	cap = want > 16 ? 2 * want : 32;
	if ((v = dlxi_alloc(d, NULL, cap, sizeof *v)) == NULL)
		return DLX_ENOMEM;
	loop_begin(d);
	memset(&bs, 0, sizeof bs);
	loop_start(&bs.lp, d, s, &d->st, &bs.depth, d->sol, fill_sol, &bs);
	bs.lean = 1;
	d->running = &bs;
	d->running_progress = top_progress;
	memset(&x, 0, sizeof x);
	for (j = 0; j < 27; j++)
		x.b.f[j] = BAND;
	x.b.open[0] = x.b.open[1] = x.b.open[2] = BAND;
	x.b.nopen = 81;
	x.weight = 1.0;
	rc = DLX_OK;
	n = h = fresh = 0;
	for (j = 0; j < d->nforced; j++) {
		o = d->forced[j];
		c = o / 9;
		b = c / 27;
		k = c % 27;
		if ((x.b.f[F(o % 9, b)] >> k & 1u) == 0 ||
		    (x.b.open[b] >> k & 1u) == 0)
			goto done;	/* no solution (bits_search()) */
		fill_cell(&x.b, o % 9, b, k);
		bs.updates++;
	}
	x.b.todo = (1u << 27) - 1;
	v[n++] = x;
	fresh = 1;
	/* Breadth first from v[h]: a board entered for the lean search goes
	 * to the back as it is; the others are entered, and their children
	 * go to the back, until want boards wait or none is left to enter. */
	while (fresh > 0 && n - h < want) {
		x = v[h++];
		if (x.entered) {
			/* Room: the slot just taken, at worst. */
			(void)sub_room(d, &v, &h, &n, &cap);
			v[n++] = x;
			continue;
		}
		fresh--;
		if ((rc = enter(&bs, x.depth)) != DLX_OK)
			goto done;
		if (!propagate(&bs, &x.b)) {
			bs.done += x.weight;
			continue;
		}
		if ((x.b.open[0] | x.b.open[1] | x.b.open[2]) == 0) {
			bs.done += x.weight;
			if ((rc = loop_emit(&bs.lp, bs.updates, x.depth,
			    LOOP_ENTERED)) != DLX_OK)
				goto done;
			continue;
		}
		if (x.b.nopen <= LEAN_CELLS) {
			x.entered = 1;
			(void)sub_room(d, &v, &h, &n, &cap);
			v[n++] = x;
			continue;
		}
		m = choose(&x.b, &b, &k);
		depth = guess(&bs, m, x.depth);
		x.weight /= __builtin_popcount(m);
		for (; m != 0; m &= m - 1) {
			if ((rc = sub_room(d, &v, &h, &n, &cap)) != DLX_OK)
				goto done;
			dg = __builtin_ctz(m);
			v[n] = x;
			v[n].depth = depth;
			fill_cell(&v[n].b, dg, b, k);
			bs.updates++;
			n++;
			fresh++;
		}
	}
	if (h > 0)
		memmove(v, v + h, (n - h) * sizeof *v);
	n -= h;
	qsort(v, n, sizeof *v, by_weight);
	if (n > 0 && (*tp = dlxi_alloc(d, NULL, 1, sizeof **tp)) == NULL)
		rc = DLX_ENOMEM;
done:
	if (rc == DLX_OK && n == 0)
		loop_done(&bs.lp, bs.updates);
	else if (rc == DLX_OK) {
		(*tp)->sub = v;
		(*tp)->n = n;
		v = NULL;
		loop_publish(&bs.lp, bs.updates, 0);
		d->progress = bs.done;
	} else
		loop_halt(bs.lp, bs.updates, 0);
	dlxi_free(d, v);
	d->running = NULL;
	d->running_progress = NULL;
	loop_end(d);
	return rc;
}

size_t
bits_top_n(const struct bits_top *t)
{
	return t != NULL ? t->n : 0;
}

double
bits_top_weight(const struct bits_top *t, size_t i)
{
	return t->sub[i].weight;
}

int
bits_sub(const struct bits_top *t, size_t i, const struct dlxi_search *s,
    struct dlx_stats *st)
{
	struct bits	 bs;
	struct board	 b = t->sub[i].b;
	int		 rc;

	memset(&bs, 0, sizeof bs);
	memset(st, 0, sizeof *st);
	/* No matrix: the figures stay in st, for the caller to add up. */
	loop_start(&bs.lp, NULL, s, st, &bs.depth, NULL, NULL, NULL);
	bs.lean = 1;
	bs.depth = t->sub[i].depth;
	if (t->sub[i].entered)
		rc = lean_start(&bs, &b, bs.depth);
	else
		rc = search(&bs, &b);
	st->updates = bs.updates;
	return rc;
}

void
bits_top_free(dlx *d, struct bits_top *t)
{
	if (t != NULL) {
		dlxi_free(d, t->sub);
		dlxi_free(d, t);
	}
}
