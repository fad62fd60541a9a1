/*
 * sudoku-estimate.c: --estimate[=PROBES], Knuth's random-probe estimate
 * of each puzzle's solutions and of the nodes of its search tree
 * (dlx_estimate()), with their standard errors, without searching: a
 * line a puzzle, or a JSON record.  The tree is the sparse sets' (the
 * default, --fast) or Knuth's (--knuth), with the givens or pencil marks
 * in force; the bit boards and the cache, which count the 9x9 by default,
 * walk smaller trees of their own.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "prog/sudoku/dlx-sudoku.h"

/* The seed of every puzzle's probes: the same figures on every run. */
#define ESTIMATE_SEED	0u

void
estimate_mode(struct run *run, const struct puzzle *pz)
{
	struct dlx_request	 rq;
	struct dlx_estimate	 e;
	const char		*tree;
	int			 rc;

	memset(&rq, 0, sizeof rq);
	rq.tree = run->o.tree;
	tree = run->o.tree > 0 || (run->o.tree == DLX_TREE_DEFAULT &&
	    dlx_knuth_default()) ? "knuth" : "fast";
	rc = dlx_estimate(dlx_sudoku_matrix(pz->s), &rq, run->o.estimate,
	    ESTIMATE_SEED, &e);
	if (rc != DLX_OK) {
		run_bad_puzzle(run, pz->file, pz->p->line, 0,
		    dlx_strerror(rc));
		return;
	}
	cli_record_begin();
	if (run->o.format == FORMAT_JSON) {
		print_json_head(run, pz, "estimate");
		cli_out(",\"tree\":\"%s\",\"probes\":%u,\"seed\":%u,"
		    "\"solutions\":%.6g,\"solutions_se\":%.6g,"
		    "\"nodes\":%.6g,\"nodes_se\":%.6g,\"max_depth\":%zu}\n",
		    tree, e.probes, ESTIMATE_SEED, e.solutions,
		    e.solutions_se, e.nodes, e.nodes_se, e.max_depth);
	} else
		cli_out("%s:%lu: estimate (%s tree, %u probes): "
		    "solutions %.6g +- %.3g, nodes %.6g +- %.3g\n", pz->file,
		    pz->p->line, tree, e.probes, e.solutions, e.solutions_se,
		    e.nodes, e.nodes_se);
	cli_record_end(0);
}
