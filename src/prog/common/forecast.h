/*
 * forecast.h: what both programs share for --estimate: Knuth's estimate
 * of the tree (dlx_estimate()), the node rate of this machine measured
 * by a short real search, the time that makes, and the number of parts
 * (--part N) that gives each about --part-time.
 */
#ifndef FORECAST_H
#define FORECAST_H

#include <stdint.h>

#include "dlx.h"

/* Probes of --estimate without a number, and the default seed. */
#define FORECAST_PROBES	10000u
#define FORECAST_SEED	0u

/* The options, the same in both programs. */
struct forecast_opts {
	unsigned	 probes;	/* --estimate[=PROBES]; 0: none */
	uint64_t	 seed;		/* --seed (default FORECAST_SEED) */
	int		 seed_set;	/* --seed was given */
	double		 part_time;	/* --part-time seconds; 0: none */
};

enum {
	FORECAST_OPT_ESTIMATE = 0x340,
	FORECAST_OPT_SEED,
	FORECAST_OPT_PART_TIME
};
#define FORECAST_LONGOPTS \
	{ "estimate",	optional_argument, NULL, FORECAST_OPT_ESTIMATE }, \
	{ "seed",	required_argument, NULL, FORECAST_OPT_SEED }, \
	{ "part-time",	required_argument, NULL, FORECAST_OPT_PART_TIME }

/* Take option ch if it is one of those: 1, or a usage error for a bad
 * value; 0 if ch is another option. */
int	forecast_option(struct forecast_opts *o, int ch, const char *arg);

/* A usage error if --seed or --part-time came without --estimate. */
void	forecast_check(const struct forecast_opts *o);

/* What forecast_run() found. */
struct forecast {
	struct dlx_estimate e;		/* the probes' figures */
	uint64_t	 rate_nodes;	/* nodes of the timed search */
	double		 rate_seconds;	/* its seconds of CPU */
	int		 complete;	/* it finished the tree: its nodes,
					   seconds and count are the truth */
	uint64_t	 count;		/* then its solutions (below 2^64) */
	double		 rate;		/* nodes a second */
	double		 seconds;	/* forecast: e.nodes / rate */
	double		 seconds_se;	/* e.nodes_se / rate */
	unsigned	 parts;		/* --part N for --part-time; 0 */
	double		 largest;	/* forecast of the largest part's
					   seconds at that N */
};

/*
 * Estimate the tree of rq->tree on d with o's probes and seed, then time
 * a plain search of the same tree (one thread, no cache) under growing
 * node budgets until it has used about 0.2 s of CPU or finished, and
 * make the forecast: seconds of CPU.  Returns DLX_OK, or the error of
 * dlx_estimate() or dlx_run().
 */
int	forecast_run(dlx *d, const struct dlx_request *rq,
	    const struct forecast_opts *o, struct forecast *f);

/*
 * The parts for a search of seconds so that the largest part takes
 * about target seconds, the parts being uneven (README, "Counting on a
 * cluster": largest / mean 1.4 at 8 parts, 2.3 at 64, 5.3 at 512); the
 * largest part's forecast into *largest.
 */
unsigned forecast_parts(double seconds, double target, double *largest);

/* The figures as text lines, each after prefix (may be ""), or as the
 * fields of a JSON record (",\"tree\":...", no braces). */
void	forecast_print(const struct forecast *f, const struct forecast_opts *o,
	    const char *tree, const char *prefix);
void	forecast_json(const struct forecast *f, const struct forecast_opts *o,
	    const char *tree);

#endif /* FORECAST_H */
