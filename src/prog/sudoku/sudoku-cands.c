/*
 * sudoku-cands.c: the setter's questions of dlx-sudoku, from the table of
 * dlx_sudoku_candidate_counts(): --true-candidates (each open cell's
 * symbols that some solution holds there, with --true-candidates=counts
 * how many solutions hold each) and --unique-by (the placements that
 * leave one solution, or the fewest).  Each writes one record per
 * puzzle: plain text, or a JSON line.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "prog/sudoku/dlx-sudoku.h"

#define NCELLS	(DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN)

/* The search's progress poll: Ctrl-C stops it. */
static int
poll_stop(void *unused, const struct dlx_stats *st)
{
	(void)unused;
	(void)st;
	return cli_stopped();
}

/* The request of the run's search options, polled for Ctrl-C. */
static void
request(const struct run *run, struct dlx_request *rq)
{
	memset(rq, 0, sizeof *rq);
	cli_request(&run->o.search, rq);
	rq->tree = run->o.tree;
	rq->order = DLX_MEMO_FIRST;
	rq->progress = poll_stop;
	rq->progress_updates = CLI_PROGRESS_UPDATES;
}

/* What the library returned for pz: 0 for DLX_OK, else -1, the error
 * or the interrupt reported. */
static int
answered(struct run *run, const struct puzzle *pz, int rc)
{
	if (rc == DLX_OK)
		return 0;
	if (rc == DLX_STOPPED && cli_interrupted())
		run_note_interrupt(run, pz, NULL);
	else {
		cli_diag("%s:%lu: %s", pz->file, pz->p->line,
		    dlx_strerror(rc));
		run_status(run, CLI_EXIT_ERROR);
	}
	return -1;
}

/* The symbol v (1..N) as text into buf. */
static int
symbol_text(const struct run *run, int n, int v, char *buf)
{
	if (print_use_numbers(run, n))
		return sprintf(buf, "%d", v);
	buf[0] = run->alphabet[v - 1];
	buf[1] = '\0';
	return 1;
}

/* Cell i's text in the grid: a given in brackets, else its true
 * candidates ("." for none), numbers with commas between them. */
static int
cell_text(const struct run *run, const struct puzzle *pz,
    const struct dlx_wide *counts, int i, char *buf)
{
	int	n = pz->p->n, v, k = 0, given = pz->p->cells[i] != 0;

	if (given)
		k += sprintf(buf, "[");
	for (v = 1; v <= n; v++) {
		if (given ? pz->p->cells[i] != v :
		    (counts[i * n + v - 1].hi | counts[i * n + v - 1].lo) == 0)
			continue;
		if (print_use_numbers(run, n) && k > given)
			buf[k++] = ',';
		k += symbol_text(run, n, v, buf + k);
	}
	if (k == given)
		buf[k++] = '.';
	if (given)
		buf[k++] = ']';
	buf[k] = '\0';
	return k;
}

/* The grid of true candidates, columns padded, boxes set apart (a
 * jigsaw's boxr = boxc = N: none). */
static void
print_true_grid(const struct run *run, const struct puzzle *pz,
    const struct dlx_wide *counts)
{
	char	buf[3 * DLX_SUDOKU_MAXN + 3];
	int	width[DLX_SUDOKU_MAXN], n = pz->p->n, r, c, k, w;
	int	br = pz->p->boxr, bc = pz->p->boxc;

	for (c = 0; c < n; c++) {
		width[c] = 1;
		for (r = 0; r < n; r++)
			if ((w = cell_text(run, pz, counts, r * n + c, buf)) >
			    width[c])
				width[c] = w;
	}
	for (r = 0; r < n; r++) {
		if (r > 0 && r % br == 0) {
			for (c = 0; c < n; c++) {
				if (c > 0)
					cli_puts(c % bc == 0 ? "-+-" : "-");
				for (k = 0; k < width[c]; k++)
					cli_putc('-');
			}
			cli_putc('\n');
		}
		for (c = 0; c < n; c++) {
			if (c > 0)
				cli_puts(c % bc == 0 ? " | " : " ");
			w = cell_text(run, pz, counts, r * n + c, buf);
			cli_puts(buf);
			/* No spaces at the end of a line. */
			if (c < n - 1)
				for (k = w; k < width[c]; k++)
					cli_putc(' ');
		}
		cli_putc('\n');
	}
}

/* "N solution(s)", the count exact. */
static void
print_solutions(struct dlx_wide total)
{
	char	 text[DLX_WIDE_DIGITS + 1];

	dlx_wide_format(total, text, sizeof text);
	cli_out("%s solution%s", text,
	    total.hi == 0 && total.lo == 1 ? "" : "s");
}

/* --true-candidates[=counts]. */
void
cands_mode(struct run *run, const struct puzzle *pz)
{
	struct dlx_wide	*counts, total;
	char		 text[DLX_WIDE_DIGITS + 1], sym[12];
	int		 n = pz->p->n, i, v, k;

	struct dlx_request	 rq;

	request(run, &rq);
	if ((counts = malloc(sizeof *counts * n * n * n)) == NULL) {
		(void)answered(run, pz, DLX_ENOMEM);
		return;
	}
	if (answered(run, pz, dlx_sudoku_candidate_counts(pz->s, &rq, counts,
	    &total)) != 0) {
		free(counts);
		return;
	}
	if ((total.hi | total.lo) == 0)
		run_status(run, CLI_EXIT_NONE);
	cli_record_begin();
	if (run->o.format == FORMAT_JSON) {
		print_json_head(run, pz, "candidates");
		dlx_wide_format(total, text, sizeof text);
		cli_out(",\"solutions\":%s,\"candidates\":[", text);
		for (i = 0; i < n * n; i++) {
			cli_puts(i > 0 ? ",[" : "[");
			for (v = 1, k = 0; v <= n && pz->p->cells[i] == 0;
			    v++)
				if ((counts[i * n + v - 1].hi |
				    counts[i * n + v - 1].lo) != 0) {
					if (k++ > 0)
						cli_putc(',');
					print_json_symbol(run, n, v);
				}
			cli_putc(']');
		}
		cli_putc(']');
		if (run->o.true_counts) {
			cli_puts(",\"counts\":[");
			for (i = 0; i < n * n; i++) {
				cli_puts(i > 0 ? ",{" : "{");
				for (v = 1, k = 0; v <= n &&
				    pz->p->cells[i] == 0; v++) {
					if ((counts[i * n + v - 1].hi |
					    counts[i * n + v - 1].lo) == 0)
						continue;
					if (k++ > 0)
						cli_putc(',');
					print_json_symbol(run, n, v);
					cli_out(":%s", dlx_wide_format(
					    counts[i * n + v - 1], text,
					    sizeof text));
				}
				cli_putc('}');
			}
			cli_putc(']');
		}
		cli_puts("}\n");
	} else {
		print_where(pz);
		cli_puts("true candidates (givens in brackets), ");
		print_solutions(total);
		cli_putc('\n');
		print_true_grid(run, pz, counts);
		/* Each open cell's symbols and the solutions holding
		 * them. */
		for (i = 0; run->o.true_counts && i < n * n; i++) {
			if (pz->p->cells[i] != 0)
				continue;
			cli_out("r%dc%d:", i / n + 1, i % n + 1);
			for (v = 1; v <= n; v++)
				if ((counts[i * n + v - 1].hi |
				    counts[i * n + v - 1].lo) != 0) {
					symbol_text(run, n, v, sym);
					cli_out(" %s=%s", sym, dlx_wide_format(
					    counts[i * n + v - 1], text,
					    sizeof text));
				}
			cli_putc('\n');
		}
		cli_putc('\n');
	}
	cli_record_end(0);
	free(counts);
}

/* --unique-by. */
void
cands_unique_by(struct run *run, const struct puzzle *pz)
{
	struct dlx_sudoku_placement	*pl;
	struct dlx_request		 rq;
	struct dlx_wide			 total, best = { 0, 0 };
	char				 text[DLX_WIDE_DIGITS + 1], sym[12];
	size_t				 np = 0, j;
	int				 n = pz->p->n;

	request(run, &rq);
	if ((pl = malloc(sizeof *pl * n * n * n)) == NULL) {
		(void)answered(run, pz, DLX_ENOMEM);
		return;
	}
	if (answered(run, pz, dlx_sudoku_unique_by(pz->s, &rq, pl,
	    (size_t)n * n * n, &np, &total)) != 0) {
		free(pl);
		return;
	}
	if (np > 0)
		best = pl[0].count;
	if ((total.hi | total.lo) == 0)
		run_status(run, CLI_EXIT_NONE);
	cli_record_begin();
	if (run->o.format == FORMAT_JSON) {
		print_json_head(run, pz, "unique-by");
		cli_out(",\"solutions\":%s", dlx_wide_format(total, text,
		    sizeof text));
		if (np > 0)
			cli_out(",\"leaves\":%s", dlx_wide_format(best, text,
			    sizeof text));
		cli_puts(",\"placements\":[");
		for (j = 0; j < np; j++) {
			cli_out("%s{\"cell\":\"r%dc%d\",\"symbol\":",
			    j > 0 ? "," : "", pl[j].row + 1, pl[j].col + 1);
			print_json_symbol(run, n, pl[j].symbol);
			cli_putc('}');
		}
		cli_puts("]}\n");
	} else {
		print_where(pz);
		print_solutions(total);
		if (np == 0)
			cli_puts((total.hi | total.lo) == 0 ? "\n" :
			    "; unique already\n");
		else {
			cli_out("; %s leaving ", np == 1 ? "the placement" :
			    "placements");
			print_solutions(best);
			cli_puts(":\n");
			for (j = 0; j < np; j++) {
				symbol_text(run, n, pl[j].symbol, sym);
				cli_out("r%dc%d=%s\n", pl[j].row + 1,
				    pl[j].col + 1, sym);
			}
		}
		cli_putc('\n');
	}
	cli_record_end(0);
	free(pl);
}
