/*
 * sudoku_ref.h: a reference sudoku solver and puzzle-line reader for the
 * tests and the logic checker.  It shares no code with libdlx, so the two
 * check each other: a plain backtracking search over cells, trying the
 * cell with the fewest candidates first.
 */
#ifndef SUDOKU_REF_H
#define SUDOKU_REF_H

#define REF_MAXN	25

/*
 * Read one puzzle written on one line as N*N symbols ("123456789A..P",
 * blanks '.', '0', '_'), N one of 4, 6, 8, 9, 12, 16, 20, 25, into
 * grid[0..N*N-1].  A trailing newline or carriage return is ignored.
 * Sets *boxrows and *boxcols (2x2, 2x3, 2x4, 3x3, 3x4, 4x4, 4x5, 5x5).
 * Returns N, or -1 if the line is not such a puzzle.
 */
int	ref_parse(const char *line, int *grid, int *boxrows, int *boxcols);

/*
 * Count the solutions of grid (boxes boxrows x boxcols), stopping at max;
 * the first one found goes to sol (if not NULL).  Returns the count, 0
 * when the givens clash.
 */
int	ref_solve(int boxrows, int boxcols, const int *grid, int *sol,
	    int max);

#endif /* SUDOKU_REF_H */
