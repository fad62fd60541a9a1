/*
 * sudoku-canon.c: --canonical, the canonical (minlex) form of each
 * classic 9x9 puzzle (dlx_sudoku_canon_run()): one line a puzzle, so that
 * `sort -u` keeps one puzzle of each class of isomorphic ones; with
 * --json a record with the number of automorphisms too.  Other sizes and
 * variants have no such form here and are refused, each naming its line.
 */
#include "config.h"

#include <stdio.h>

#include "prog/sudoku/dlx-sudoku.h"

void
canon_mode(struct run *run, const struct puzzle *pz)
{
	const struct dlx_sudoku_puzzle	*p = pz->p;
	char				 msg[96];
	int				 out[81], rc;
	uint64_t			 naut;

	if (p->n != 9 || p->boxr != 3 || p->boxc != 3) {
		snprintf(msg, sizeof msg, "--canonical works on classic 9x9 "
		    "sudoku only, not %dx%d (boxes of %dx%d)", p->n, p->n,
		    p->boxr, p->boxc);
		run_bad_puzzle(run, pz->file, p->line, 0, msg);
		return;
	}
	/* The workspace is kept for the run (and per thread). */
	rc = DLX_OK;
	if (run->canon == NULL)
		rc = dlx_sudoku_canon_new(&run->canon, NULL);
	if (rc == DLX_OK)
		rc = dlx_sudoku_canon_run(run->canon, p->cells, out, NULL,
		    &naut);
	if (rc != DLX_OK) {
		/* The givens passed dlx_sudoku_set_givens(): only memory
		 * can be short. */
		run_bad_puzzle(run, pz->file, p->line, 0, dlx_strerror(rc));
		return;
	}
	cli_record_begin();
	if (run->o.format == FORMAT_JSON) {
		print_json_head(run, pz, "canonical");
		cli_puts(",\"canonical\":\"");
		print_line(run, 9, out);
		cli_out("\",\"automorphisms\":%llu}\n",
		    (unsigned long long)naut);
	} else {
		print_line(run, 9, out);
		cli_putc('\n');
	}
	cli_record_end(0);
}
