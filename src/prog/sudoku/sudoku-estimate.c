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
#include <stdlib.h>
#include <string.h>

#include "prog/sudoku/dlx-sudoku.h"

void
estimate_mode(struct run *run, const struct puzzle *pz)
{
	struct dlx_request	 rq;
	struct forecast		 f;
	const char		*tree;
	char			*prefix;
	size_t			 n;
	int			 rc;

	memset(&rq, 0, sizeof rq);
	rq.tree = run->o.tree;
	tree = run->o.tree > 0 || (run->o.tree == DLX_TREE_DEFAULT &&
	    dlx_knuth_default()) ? "knuth" : "fast";
	rc = forecast_run(dlx_sudoku_matrix(pz->s), &rq, &run->o.fc, &f);
	if (rc != DLX_OK) {
		run_bad_puzzle(run, pz->file, pz->p->line, 0,
		    dlx_strerror(rc));
		return;
	}
	/* Each line of the text starts FILE:LINE: as the other modes'. */
	n = strlen(pz->file) + 32;
	if ((prefix = malloc(n)) == NULL) {
		run_bad_puzzle(run, pz->file, pz->p->line, 0,
		    dlx_strerror(DLX_ENOMEM));
		return;
	}
	cli_record_begin();
	if (run->o.format == FORMAT_JSON) {
		print_json_head(run, pz, "estimate");
		forecast_json(&f, &run->o.fc, tree);
		cli_out("}\n");
	} else {
		snprintf(prefix, n, "%s:%lu: ", pz->file, pz->p->line);
		forecast_print(&f, &run->o.fc, tree, prefix);
	}
	free(prefix);
	cli_record_end(0);
}
