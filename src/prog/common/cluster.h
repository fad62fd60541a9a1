/*
 * cluster.h: what both programs share to run a count on a cluster: the
 * --part K/N share of a search, checkpoints and --resume, the part record
 * (a JSON line), and the merge command that adds the records up.  The
 * splitting and the position itself are the library's (dlx_part.h); this
 * is the programs' side: options, files, signals and messages.
 */
#ifndef CLUSTER_H
#define CLUSTER_H

#include <stdint.h>
#include <stdio.h>

#include "dlx.h"
#include "dlx_part.h"

/* Default seconds between checkpoints. */
#define CLUSTER_EVERY	60.0

/* A search run by cluster_search(): the options, then what came of it. */
struct cluster {
	const char	*prog;		/* program name, for messages */
	const char	*version;	/* program version */
	unsigned	 k, n;		/* --part K/N; n == 0: whole search */
	unsigned	 sub[DLX_PART_DEPTH][2]; /* --part K/N,K2/N2,...: the
					   sub-parts after K/N, K2 of N2 ... */
	unsigned	 nsub;
	unsigned	 resplit;	/* --resplit M; 0: search */
	int		 parted;	/* --part or $DLX_PART was given */
	const char	*checkpoint;	/* --checkpoint FILE, or NULL */
	const char	*resume;	/* --resume FILE, or NULL */
	double		 every;		/* --checkpoint-every seconds */
	const char	*record;	/* --record FILE, or NULL */
	/* After cluster_search(): */
	uint64_t	 sol_hi, sol_lo; /* solutions of the part (in all
					   runs, when resumed) */
	uint64_t	 nodes, updates;
	uint64_t	 digest;	/* dlx_digest() of the problem */
	uint64_t	 before;	/* solutions found by earlier runs */
	struct dlx_part_step lineage[DLX_PART_DEPTH]; /* the re-splits of
					   the part searched (dlx_part.h) */
	unsigned	 nlineage;
	double		 seconds;	/* this run's time */
	int		 signo;		/* the stopping signal; 0 */
};

/* The options of parts and checkpoints, the same in both programs: their
 * getopt values and the entries of a struct option table. */
enum {
	CLUSTER_OPT_PART = 0x300,
	CLUSTER_OPT_RECORD,
	CLUSTER_OPT_CHECKPOINT,
	CLUSTER_OPT_CHECKPOINT_EVERY,
	CLUSTER_OPT_RESUME,
	CLUSTER_OPT_RESPLIT
};
#define CLUSTER_LONGOPTS \
	{ "part",	required_argument, NULL, CLUSTER_OPT_PART }, \
	{ "record",	required_argument, NULL, CLUSTER_OPT_RECORD }, \
	{ "checkpoint",	required_argument, NULL, CLUSTER_OPT_CHECKPOINT }, \
	{ "checkpoint-every", required_argument, NULL, \
	    CLUSTER_OPT_CHECKPOINT_EVERY }, \
	{ "resume",	required_argument, NULL, CLUSTER_OPT_RESUME }, \
	{ "resplit",	required_argument, NULL, CLUSTER_OPT_RESPLIT }

/* Take option ch if it is one of those: 1, or a usage error for a bad
 * value; 0 if ch is another option. */
int	cluster_option(struct cluster *c, int ch, const char *arg);

/* Whether any of --part, --checkpoint, --resume, --resplit was given. */
int	cluster_active(const struct cluster *c);

/*
 * Parse the argument of --part: K/N with 1 <= K <= N, K omitted taking
 * $SLURM_ARRAY_TASK_ID.  Returns 0, or -1 with a static reason in *why.
 */
int	cluster_parse_part(const char *arg, unsigned *k, unsigned *n,
	    const char **why);

/*
 * Parse the argument of --part as a path of parts: K/N, then optionally
 * ",K2/N2" and so on (sub-part K2 of N2 of that part, ...), at most
 * DLX_PART_DEPTH steps after the first; K omitted in the last step takes
 * $SLURM_ARRAY_TASK_ID.  Into c->k, c->n and c->sub, c->nsub.  Returns
 * 0, or -1 with a static reason in *why.
 */
int	cluster_parse_path(struct cluster *c, const char *arg,
	    const char **why);

/* The part searched, as "K/N,K2/N2..." (its lineage after a search, else
 * the --part asked for), into s (size bytes). */
void	cluster_part_name(const struct cluster *c, char *s, size_t size);

/*
 * Fill in c from the environment where the options left it empty
 * ($DLX_PART when there is no --part), and check the options agree.
 * Returns 0, or -1 with a static reason in *why.
 */
int	cluster_setup(struct cluster *c, const char **why);

/*
 * Run the request rq on d (dlx_run(), which picks the engine), restricted
 * to the part, resuming and saving checkpoints as the options say; the
 * result into *res.  A checkpointed run (--checkpoint, --resume) asks for
 * a path at every progress call, which only a single search on one path
 * gives (dlx_run() then runs one thread, without the cache).  A signal
 * (cli.h) stops it with a checkpoint where it stood.  The checkpoint is
 * saved at the start, every --checkpoint-every seconds, and at the end
 * however the search ended (a stop by a signal, by visit or by
 * progress): the position then holds every solution visited, so that a
 * resumed run visits each solution of the tree once.  With a checkpoint
 * and a visit, each record is written out as it is visited
 * (cli_write_each()), and a visit that could not write its solution
 * returns DLX_VISIT_AGAIN, which leaves it out of the position.  Returns what
 * dlx_run() returns, or -100 after a problem with the files (a message
 * naming the file is already printed: exit 2).
 */
#define CLUSTER_EFILE	(-100)
/* With --resplit, cluster_search() searches nothing: it writes the M
 * sub-parts of the part (or of the checkpoint resumed from) as checkpoint
 * files FILE.1 ... FILE.M, FILE being --checkpoint's (by default
 * --resume's), prints their names on standard output, one a line, and
 * returns CLUSTER_SPLIT (exit 0). */
#define CLUSTER_SPLIT	(-101)
int	cluster_search(struct cluster *c, dlx *d,
	    const struct dlx_request *rq, struct dlx_result *res);

/* Write the part record, one JSON line, to c->record, or to standard
 * output (cli_puts()) if it is NULL.  Returns 0, or -1 after printing
 * why. */
int	cluster_write_record(const struct cluster *c);

/* Decimal text of hi * 2^64 + lo into s (at least 40 bytes). */
void	cluster_u128_text(uint64_t hi, uint64_t lo, char *s);

/* The merge command: `PROG merge [--partial] [--stats] FILE...`.  argv[0]
 * is "merge".  Returns the exit status. */
int	merge_main(const char *prog, int argc, char **argv);

#endif /* CLUSTER_H */
