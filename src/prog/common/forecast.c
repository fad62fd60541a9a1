/*
 * forecast.c: --estimate in both programs (forecast.h): Knuth's random
 * probes of the tree, the node rate measured by a short real search of
 * the same tree, the seconds the whole search should take at that rate,
 * and the number of parts for a target time per part.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "prog/common/cli.h"
#include "prog/common/forecast.h"

/* The timed search runs until about this many seconds have passed (its
 * node budget doubling from RATE_FIRST), or the tree ends. */
#define RATE_SECONDS	0.2
#define RATE_FIRST	1024u

/* Seconds of CPU this process has used: the rate of one thread, steady
 * when other jobs share the machine (the wall clock's would then be
 * theirs too). */
static double
cpu_now(void)
{
	struct timespec	ts;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
		return cli_now();
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Parts --part takes at most (cluster_parse_part()). */
#define PARTS_MAX	1048576u

/* A duration: a positive number with an optional unit, s (the default),
 * m, h or d.  Returns 0 and the seconds in *v, or -1. */
static int
duration(const char *arg, double *v)
{
	char	*end;
	double	 x;

	if ((arg[0] < '0' || arg[0] > '9') && arg[0] != '.')
		return -1;
	errno = 0;
	x = strtod(arg, &end);
	if (end == arg || errno == ERANGE || !(x > 0))
		return -1;
	if (*end != '\0') {
		if (end[1] != '\0')
			return -1;
		switch (*end) {
		case 's':
			break;
		case 'm':
			x *= 60;
			break;
		case 'h':
			x *= 3600;
			break;
		case 'd':
			x *= 86400;
			break;
		default:
			return -1;
		}
	}
	if (x > 1e12)
		return -1;
	*v = x;
	return 0;
}

int
forecast_option(struct forecast_opts *o, int ch, const char *arg)
{
	switch (ch) {
	case FORECAST_OPT_ESTIMATE:
		o->probes = arg == NULL ? FORECAST_PROBES :
		    (unsigned)cli_number("--estimate", arg, 1, UINT_MAX);
		return 1;
	case FORECAST_OPT_SEED:
		o->seed = cli_number("--seed", arg, 0, UINT64_MAX);
		o->seed_set = 1;
		return 1;
	case FORECAST_OPT_PART_TIME:
		if (duration(arg, &o->part_time) != 0)
			cli_usage_error("--part-time: '%s' is not a duration "
			    "(a positive number of seconds, or with m, h or "
			    "d)", arg);
		return 1;
	}
	return 0;
}

void
forecast_check(const struct forecast_opts *o)
{
	if (o->probes > 0)
		return;
	if (o->seed_set)
		cli_usage_error("--seed goes with --estimate");
	if (o->part_time > 0)
		cli_usage_error("--part-time goes with --estimate");
}

/*
 * Largest / mean of the parts' times at n parts, as bench/parts measured
 * them (README): 1 at one part, 1.4 at 8, 2.3 at 64, 5.3 at 512, between
 * them linear in log2(n), beyond 512 rising as from 64 to 512.  Rough: it
 * depends on the problem (the 6x6 sudoku's updates are even to 1.05 at
 * 512), and no better figure is known before the parts are run.
 */
static double
imbalance(unsigned n)
{
	static const double	 at[] = { 1.0, 1.4, 2.3, 5.3 };	/* 8^k */
	double			 l = 0.0;
	unsigned		 k;

	for (k = n; k > 1; k >>= 1)
		l += 1.0;
	/* l = floor(log2 n): fine for a factor this rough. */
	l /= 3.0;
	if (l >= 3.0)
		return at[3] + (l - 3.0) * (at[3] - at[2]);
	k = (unsigned)l;
	return at[k] + (l - k) * (at[k + 1] - at[k]);
}

unsigned
forecast_parts(double seconds, double target, double *largest)
{
	unsigned	n = 1, i;
	double		need;

	/* The smallest n whose largest part fits: imbalance grows far
	 * slower than n, so this climbs to it in a few rounds. */
	for (i = 0; i < 64; i++) {
		need = seconds * imbalance(n) / target;
		if (need <= n)
			break;
		n = need >= PARTS_MAX ? PARTS_MAX : (unsigned)need + 1;
		if (n == PARTS_MAX)
			break;
	}
	*largest = seconds * imbalance(n) / n;
	return n;
}

int
forecast_run(dlx *d, const struct dlx_request *rq,
    const struct forecast_opts *o, struct forecast *f)
{
	struct dlx_request	 t;
	struct dlx_result	 res;
	uint64_t		 budget;
	double			 t0;
	int			 rc;

	memset(f, 0, sizeof *f);
	rc = dlx_estimate(d, rq, o->probes, o->seed, &f->e);
	if (rc != DLX_OK)
		return rc;
	/* The plain search of the same tree, on one thread: what the
	 * estimate counts. */
	memset(&t, 0, sizeof t);
	t.tree = rq->tree;
	t.memo = DLX_MEMO_NEVER;
	t.components = DLX_COMP_NEVER;
	t.threads = 1;
	for (budget = RATE_FIRST;; budget *= 2) {
		t.max_nodes = budget;
		t0 = cpu_now();
		rc = dlx_run(d, &t, &res);
		f->rate_seconds = cpu_now() - t0;
		f->rate_nodes = res.stats.nodes;
		if (rc == DLX_OK) {
			/* Each solution is a node: below 2^64. */
			f->complete = 1;
			f->count = res.count.lo;
			break;
		}
		if (rc != DLX_INCOMPLETE)
			return rc;
		if (f->rate_seconds >= RATE_SECONDS || budget > UINT64_MAX / 4)
			break;
	}
	/* A tree done in a blink gives no rate worth the name: then the
	 * seconds are the truth, the rate a rough one. */
	f->rate = f->rate_seconds > 0 ? f->rate_nodes / f->rate_seconds : 0;
	if (f->complete) {
		f->seconds = f->rate_seconds;
		f->seconds_se = 0;
	} else if (f->rate > 0) {
		f->seconds = f->e.nodes / f->rate;
		f->seconds_se = f->e.nodes_se / f->rate;
	}
	if (o->part_time > 0)
		f->parts = forecast_parts(f->seconds, o->part_time,
		    &f->largest);
	return DLX_OK;
}

void
forecast_print(const struct forecast *f, const struct forecast_opts *o,
    const char *tree, const char *prefix)
{
	const struct dlx_estimate	*e = &f->e;

	cli_out("%sestimate (%s tree, %u probes, seed %llu):\n", prefix, tree,
	    e->probes, (unsigned long long)o->seed);
	cli_out("%ssolutions: %.6g +- %.3g (%u probes reached one)\n",
	    prefix, e->solutions, e->solutions_se, e->hits);
	cli_out("%snodes: %.6g +- %.3g\n", prefix, e->nodes, e->nodes_se);
	if (f->complete)
		cli_out("%stime: %.3g s (searched: %llu solutions, %llu "
		    "nodes)\n", prefix, f->seconds,
		    (unsigned long long)f->count,
		    (unsigned long long)f->rate_nodes);
	else
		cli_out("%stime: %.3g s +- %.3g at %.3g nodes/s (CPU of one "
		    "thread, no cache)\n", prefix, f->seconds, f->seconds_se,
		    f->rate);
	if (o->part_time > 0)
		cli_out("%sparts: %u for %.3g s each (the largest about "
		    "%.3g s%s)\n", prefix, f->parts, o->part_time, f->largest,
		    f->largest > o->part_time * 1.01 ? ": --part takes no "
		    "more parts" : "");
}

void
forecast_json(const struct forecast *f, const struct forecast_opts *o,
    const char *tree)
{
	const struct dlx_estimate	*e = &f->e;

	cli_out(",\"tree\":\"%s\",\"probes\":%u,\"seed\":%llu,"
	    "\"solutions\":%.6g,\"solutions_se\":%.6g,\"hits\":%u,"
	    "\"nodes\":%.6g,\"nodes_se\":%.6g,\"max_depth\":%zu,"
	    "\"rate\":%.6g,\"rate_nodes\":%llu,\"rate_seconds\":%.6g,"
	    "\"complete\":%s,\"seconds\":%.6g,\"seconds_se\":%.6g", tree,
	    e->probes, (unsigned long long)o->seed, e->solutions,
	    e->solutions_se, e->hits, e->nodes,
	    e->nodes_se, e->max_depth, f->rate,
	    (unsigned long long)f->rate_nodes, f->rate_seconds,
	    f->complete ? "true" : "false", f->seconds, f->seconds_se);
	if (f->complete)
		cli_out(",\"count\":%llu", (unsigned long long)f->count);
	if (o->part_time > 0)
		cli_out(",\"part_time\":%.6g,\"parts\":%u,\"largest\":%.6g",
		    o->part_time, f->parts, f->largest);
}
