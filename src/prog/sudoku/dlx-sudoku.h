/*
 * dlx-sudoku.h: the parts of the program dlx-sudoku and what they share.
 *
 * The program is layered, each file using only those above it and this
 * header (which holds the types they share and no code); everything a
 * file exports carries its prefix:
 *
 *   cli.c              cli_       what dlx and dlx-sudoku share (cli.h)
 *   sudoku-print.c     print_     the output formats, a table of
 *                                 functions each
 *   sudoku-run.c       run_       the run: matrices per box shape, the
 *                                 search of one puzzle, the files of
 *                                 puzzles read one by one
 *   sudoku-pipeline.c  pipeline_  a file's puzzles on threads, answered in
 *                                 input order
 *   sudoku-mode.c      mode_      solve, --count, --all, --unique
 *   sudoku-explain.c   explain_   --explain, --rate, --hint, --candidates
 *                                 (the rules)
 *   sudoku-generate.c  generate_  --generate
 *   sudoku-minimal.c   minimal_   --redundant, --minimize
 *   sudoku-cands.c     cands_     --true-candidates, --unique-by (the
 *                                 setter's questions)
 *   sudoku-canon.c     canon_     --canonical
 *   sudoku-estimate.c  estimate_  --estimate
 *   sudoku-main.c                 the options and main()
 *
 * Each mode is one function called per puzzle (run->mode, from the table
 * in sudoku-main.c); it searches (sudoku-run.c) and hands what it found to
 * the output format (sudoku-print.c), which alone knows how a format
 * writes it.
 */
#ifndef DLX_SUDOKU_PROG_H
#define DLX_SUDOKU_PROG_H

#include <stdint.h>
#include <stdio.h>

#include "dlx.h"
#include "dlx_sudoku.h"
#include "dlx_logic.h"
#include "dlx_sudoku.h"
#include "dlx_sudoku_gen.h"
#include "prog/common/cluster.h"
#include "prog/common/cli.h"
#include "prog/common/forecast.h"

/* Seconds between progress lines. */
#define PROGRESS_SECONDS	1.0

enum mode {
	MODE_SOLVE,		/* print the solution, say if not unique */
	MODE_COUNT,		/* count every solution (up to --limit) */
	MODE_ALL,		/* print every solution, numbered */
	MODE_UNIQUE,		/* unique, none or multiple */
	MODE_EXPLAIN,		/* the rules step by step, then search */
	MODE_RATE,		/* the grade of each puzzle */
	MODE_CANDIDATES,	/* pencil marks where the rules stop */
	MODE_HINT,		/* the next step of the rules only */
	MODE_REDUNDANT,		/* the givens that can go */
	MODE_MINIMIZE,		/* a minimal puzzle */
	MODE_TRUE_CANDIDATES,	/* the symbols some solution holds */
	MODE_UNIQUE_BY,		/* placements that leave one solution */
	MODE_CANONICAL,		/* the canonical form (classic 9x9) */
	MODE_ESTIMATE,		/* Knuth's estimate of the tree */
	MODE_COUNT_		/* number of modes */
};

enum format {
	FORMAT_GRID,		/* human: box separators */
	FORMAT_LINE,		/* one line of N*N symbols */
	FORMAT_CLASSIC,		/* "Initial Board Position", "Solution #k" */
	FORMAT_CSV,		/* a header line, then puzzle,answer... */
	FORMAT_JSON		/* JSON Lines (--json, whatever -f says) */
};

/* What the command line asked for. */
struct options {
	enum mode	 mode;
	int		 mode_set;	/* a mode option was given */
	enum format	 format;	/* FORMAT_JSON with --json */
	int		 format_set;	/* -f given */
	int		 stats;		/* figures on stderr */
	int		 progress;	/* progress lines on stderr */
	int		 candidates;	/* --candidates */
	int		 true_counts;	/* --true-candidates=counts */
	int		 no_uniqueness;	/* --no-uniqueness */
	uint64_t	 limit;		/* stop at this many; 0: none */
	struct cli_search search;	/* -t, --memo, --no-memo, --memory */
	int		 tree;		/* --fast (DLX_FAST), --knuth
					   (DLX_KNUTH), or DLX_TREE_DEFAULT */
	int		 boxr, boxc;	/* --box, or 0 */
	const char	*symbols;	/* --symbols, expanded; or NULL */
	char		 alpha[DLX_SUDOKU_MAXN + 1];
	const char	*variant;	/* --variant, or NULL */
	uint64_t	 generate;	/* --generate N, or 0 */
	int		 symmetry;	/* --symmetry, DLX_GEN_SYM_* */
	uint64_t	 seed;		/* --seed */
	int		 seed_set;	/* --seed was given */
	int		 givens;	/* --givens, or 0 */
	int		 grade;		/* --grade, or 0 */
	uint64_t	 effort;	/* --effort, or 0 */
	uint64_t	 attempts;	/* --attempts, or 0 */
	struct cluster	 cl;		/* --part, --checkpoint, --resume */
	struct forecast_opts fc;	/* --estimate, --part-time (--seed
					   copied in) */
};

/* The matrix and the rules solver of one box shape, kept for the run:
 * both are built on first use and reused by every puzzle of the shape. */
struct shape {
	int		 boxr, boxc;
	dlx_sudoku	*s;		/* or NULL, not built yet */
	dlx_logic	*lg;		/* or NULL, not built yet */
};

#define NSHAPES	16

struct sudoku_format;
struct run;
struct puzzle;

/* A mode: answer one puzzle. */
typedef void	mode_fn(struct run *, const struct puzzle *);

/* State of the whole run. */
struct run {
	struct options			 o;
	mode_fn				*mode;	/* the mode's function */
	void				(*file_done)(struct run *,
					    const char *); /* after each file,
					    or NULL */
	const struct sudoku_format	*fmt;	/* the output format */
	const char			*alphabet; /* symbols: alphabet[v-1] */
	int				 nalpha; /* strlen(alphabet) */
	struct shape			 shapes[NSHAPES]; /* newest last */
	int				 nshapes;
	int				 status; /* exit status so far */
	int				 cl_puzzles; /* puzzles searched under
						    --part and the like */
	uint64_t			 puzzles; /* puzzles answered */
	uint64_t			 nodes;	/* totals for --stats */
	uint64_t			 updates;
	double				 seconds;
	int				 cells[DLX_SUDOKU_MAXN *
					    DLX_SUDOKU_MAXN]; /* a solution */
	uint64_t			 levels[DLX_LOGIC_NLEVELS + 1];
					/* --rate: puzzles of the file per
					   level; the last, no solution */
	dlx_sudoku_canon		*canon;	/* --canonical's workspace, or
						   NULL: not made yet */
};

/* The puzzle being answered, for every mode function. */
struct puzzle {
	const char			*file;	/* name for messages */
	const struct dlx_sudoku_puzzle	*p;
	dlx_sudoku			*s;	/* its matrix, givens forced */
	struct shape			*shape;	/* its shape's cache entry, or
						   NULL (a variant) */
	const struct dlx_sudoku_variant	*v;	/* the variant, or
						   NULL (classic) */
};

/* What a search found. */
struct search_result {
	int		 rc;		/* dlx_run()'s return */
	uint64_t	 count;		/* solutions found (saturated) */
	int		 exact;		/* count is the full count */
	int		 interrupted;	/* Ctrl-C stopped it */
	const char	*budget;	/* the option of the budget that
					   stopped it (cli_budget_spent()),
					   or NULL */
	char		 text[DLX_WIDE_DIGITS + 1];
					/* the count in decimal, exact even
					   beyond 2^64 */
};

/* How the rules, and the search after them, ended for a puzzle. */
struct logic_end {
	int			 rc;	/* the last dlx_logic_step() status */
	struct dlx_logic_step	 stop;	/* the contradiction, if that */
	int			 searched; /* the search had to finish it */
	struct dlx_logic_result	 res;	/* the search's findings */
	uint64_t		 solutions; /* 0, 1, or 2 for several */
	struct dlx_logic_rating	 rt;	/* --rate: the rating of the steps */
};

/*
 * An output format: how each mode's answer for one puzzle is written.
 * The answers are in the arguments and, for solutions, in run->cells.
 * `what` is "unique", "none" or "multiple".
 */
struct sudoku_format {
	/* The first line of the output for a mode, or NULL. */
	const char	*(*header)(enum mode);
	/* The default mode: the solution found (res->count of 0, 1, 2). */
	void	(*solved)(struct run *, const struct puzzle *,
		    const struct search_result *, const char *what);
	/* Before the solutions of --all. */
	void	(*all_start)(struct run *, const struct puzzle *);
	/* Whether --all ends with the count even when the numbered
	 * solutions say it all (else only for none or a lower bound). */
	int	  all_total;
	/* One solution of --all, numbered index. */
	void	(*solution)(struct run *, const struct puzzle *,
		    uint64_t index);
	/* The count of --count, or after the solutions of --all. */
	void	(*counted)(struct run *, const struct puzzle *,
		    const struct search_result *);
	/* --unique. */
	void	(*unique)(struct run *, const struct puzzle *,
		    const char *what);
	/* --rate: how the rules and the search ended, the grade in lg. */
	void	(*rated)(struct run *, const struct puzzle *,
		    const struct logic_end *, const dlx_logic *);
	/* --explain, after the steps: the solution in run->cells (not
	 * called in JSON, whose record holds it). */
	void	(*explained)(struct run *, const struct puzzle *);
	/* A puzzle the reader or the matrix refused (after the message). */
	void	(*error)(struct run *, const char *file, unsigned long line,
		    unsigned long col, const char *msg);
	/* A generated puzzle; text is a variant's text form, or NULL. */
	void	(*generated)(struct run *,
		    const struct dlx_sudoku_genpuzzle *, const char *text);
};

/* The table of each format (sudoku-print.c). */
const struct sudoku_format	*print_format(enum format);

/* ---- sudoku-run.c --------------------------------------------------- */

/* Raise the run's exit status to at least status. */
void	run_status(struct run *, int status);

/* A rejected puzzle: a diagnostic, and what the format writes of it. */
void	run_bad_puzzle(struct run *, const char *file, unsigned long line,
	    unsigned long col, const char *msg);

/* "FILE:LINE: interrupted" on stderr. */
/* Say that an interrupt stopped the search of pz (res: its count so far,
 * or NULL), with the checkpoint to resume from if one was saved. */
/* "FILE:LINE: stopped by --max-nodes: N solutions so far (partial)" on
 * stderr, and the status CLI_EXIT_BUDGET. */
void	run_note_budget(struct run *, const struct puzzle *,
	    const struct search_result *);
void	run_note_interrupt(const struct run *, const struct puzzle *,
	    const struct search_result *);

/*
 * Search the puzzle's matrix for up to max solutions (0: all), calling
 * visit (may be NULL) for each with its options and its number (from 1,
 * or on from the runs a --resume continues).  Reports errors and keeps
 * the figures for --stats.
 */
typedef void	visit_fn(struct run *, const struct puzzle *,
		    const int *options, size_t n, uint64_t index);
void	run_search(struct run *, const struct puzzle *, uint64_t max,
	    visit_fn *visit, struct search_result *);

/* The rules solver of the puzzle's shape, loaded with its givens.  NULL
 * after an error, which has been reported. */
dlx_logic	*run_logic(struct run *, const struct puzzle *);

/* Read and answer every puzzle of one stream. */
void	run_file(struct run *, const char *file, FILE *fp);

/* Answer one classic puzzle, on the matrix of its shape. */
void	run_puzzle(struct run *, const char *file,
	    const struct dlx_sudoku_puzzle *);

/* The reader of a file: classic puzzles, or variants (vr != NULL). */
struct puzzle_source {
	dlx_sudoku_reader	*r;
	dlx_sudoku_vreader	*vr;
};

/* Open the reader of fp as the options say; a dlx result code. */
int	run_source_open(struct run *, struct puzzle_source *, FILE *fp);

/* The next puzzle, as dlx_sudoku_read() returns it; *v is the variant's
 * description, or NULL for a classic puzzle. */
int	run_source_read(struct puzzle_source *, struct dlx_sudoku_puzzle *p,
	    struct dlx_sudoku_variant *vbuf,
	    const struct dlx_sudoku_variant **v, struct dlx_error *e);

void	run_source_close(struct puzzle_source *);

/* Answer what run_source_read() returned (rc: a puzzle, or a bad one). */
void	run_answer(struct run *, const char *file, int rc,
	    const struct dlx_sudoku_puzzle *, const struct dlx_sudoku_variant *,
	    const struct dlx_error *);

/*
 * Read the rest of src and answer each puzzle, if rc (the last read's
 * status) is DLX_SUDOKU_PUZZLE or DLX_SUDOKU_BAD; then end the file: a
 * read error reported, the reader closed, no puzzle at all (seen == 0)
 * an error, run->file_done called.
 */
void	run_source(struct run *, const char *file, struct puzzle_source *,
	    int rc, uint64_t seen);

/* A failed read: reported, unless Ctrl-C caused it. */
void	run_read_failed(struct run *, const char *file);

/* A file with no puzzle at all is an error, as it is for dlx: a typo in
 * a file name's target or an empty pipe should not pass for success. */
void	run_no_puzzle(struct run *, const char *file);

/* ---- sudoku-pipeline.c ---------------------------------------------- */

/* Read and answer every puzzle of one stream, several puzzles at a time
 * on the run's threads when there are several puzzles and the mode
 * allows it; the output is that of run_file(), in input order. */
void	pipeline_file(struct run *, const char *file, FILE *fp);

/* Free the matrices and solvers kept for the run. */
void	run_free(struct run *);

/* ---- sudoku-print.c ------------------------------------------------- */

/* Symbols print as single characters unless N outgrows the alphabet;
 * then as numbers. */
int	print_use_numbers(const struct run *, int n);

/* One line of N*N symbols ('.' blank). */
void	print_line(const struct run *, int n, const int *cells);

/* The grid with | between boxes and a -+- rule between bands. */
void	print_grid(const struct run *, const struct dlx_sudoku_puzzle *,
	    const int *cells);

/* "Initial Board Position", the givens and a blank line. */
void	print_classic_start(const struct dlx_sudoku_puzzle *);

/* The classic board: space-separated numbers, X for a blank. */
void	print_classic(const struct dlx_sudoku_puzzle *, const int *cells);

/* "FILE:LINE: " before a grid-format note. */
void	print_where(const struct puzzle *);

/* The puzzle as one line: its cells, or its line of pencil marks. */
void	print_puzzle(const struct run *, const struct puzzle *);

/* Start a JSON record of the given type with the puzzle's place and
 * shape, and the puzzle ("puzzle") or its pencil marks ("marks"). */
void	print_json_head(const struct run *, const struct puzzle *,
	    const char *type);

/* One symbol as a JSON string. */
void	print_json_symbol(const struct run *, int n, int v);

/* The text of the rules solver, in full whatever its length, as it is
 * or as a JSON string. */
void	print_step(const dlx_logic *, const struct dlx_logic_step *,
	    int json);

/* The pencil marks: a grid of lines, or the JSON members "grid" and
 * "candidates". */
void	print_candidates(const struct run *, const dlx_logic *);
/* The pencil marks of --candidates alone, the givens in brackets "[5]";
 * boxes of br x bc.  In JSON as print_candidates(). */
void	print_start_marks(const struct run *, const dlx_logic *, int br,
	    int bc);

/* "unique", "none" or "multiple" for 1, 0 or more solutions. */
const char	*print_result_word(uint64_t solutions);

/* ---- the modes ------------------------------------------------------ */

/* sudoku-mode.c */
mode_fn		mode_solve, mode_count, mode_all, mode_unique;

/* sudoku-explain.c */
mode_fn		explain_mode, explain_rate, explain_candidates, explain_hint;

/* sudoku-cands.c: --true-candidates, --unique-by. */
mode_fn		cands_mode, cands_unique_by;

/* After a file in --rate mode: how many puzzles fell in each grade. */
void	explain_rate_summary(struct run *, const char *file);

/* sudoku-generate.c: --generate N. */
void	generate_run(struct run *);

/* sudoku-minimal.c: --redundant and --minimize. */
mode_fn		minimal_redundant, minimal_minimize;
/* sudoku-canon.c: --canonical. */
mode_fn		canon_mode;
/* sudoku-estimate.c: --estimate. */
mode_fn		estimate_mode;

#endif /* DLX_SUDOKU_PROG_H */
