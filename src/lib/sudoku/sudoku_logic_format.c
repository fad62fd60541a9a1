/*
 * sudoku_logic_format.c: the logic solver's steps and its pencil-mark grid
 * as text (dlx_logic_format(), dlx_logic_format_candidates()).  Symbols
 * are written through the solver's symbol set (sudoku_model.h).
 */
#include <stdio.h>
#include <string.h>

#include "lib/sudoku/sudoku_logic_int.h"

/* Write n bytes of s to o. */
static void
put(struct lgi_out *o, const char *s, size_t n)
{
	size_t	 k;

	if (o->len < o->size) {
		k = o->size - 1 - o->len;
		if (k > n)
			k = n;
		memcpy(o->buf + o->len, s, k);
		o->buf[o->len + k] = '\0';
	}
	o->len += n;
}

void
lgi_puts(struct lgi_out *o, const char *s)
{
	put(o, s, strlen(s));
}

void
lgi_putnum(struct lgi_out *o, int v)
{
	char	 tmp[16];

	put(o, tmp, (size_t)snprintf(tmp, sizeof tmp, "%d", v));
}

void
lgi_putsym(const dlx_logic *lg, struct lgi_out *o, int s)
{
	char	 tmp[4];

	/* "?" out of range: only in a record that did not come from lg. */
	sm_symbol_text(&lg->sy, s, tmp);
	lgi_puts(o, tmp);
}

void
lgi_putcell(const dlx_logic *lg, struct lgi_out *o, int c)
{
	if (c < 0 || c >= lg->ncells) {
		lgi_puts(o, "r?c?");
		return;
	}
	lgi_puts(o, "r");
	lgi_putnum(o, ROW(lg, c) + 1);
	lgi_puts(o, "c");
	lgi_putnum(o, COL(lg, c) + 1);
}

void
lgi_puthouse(const dlx_logic *lg, struct lgi_out *o, int h)
{
	static const char *kinds[] = { "row ", "column ", "box " };

	if (h < 0 || h >= NHOUSES(lg)) {
		lgi_puts(o, "house ?");
		return;
	}
	lgi_puts(o, kinds[h / lg->n]);
	lgi_putnum(o, h % lg->n + 1);
}

/* "{3,6}" */
void
lgi_putset(const dlx_logic *lg, struct lgi_out *o, uint64_t m)
{
	int	 s, first = 1;

	lgi_puts(o, "{");
	for (s = 1; s <= lg->n; s++)
		if (m & BIT(s)) {
			if (!first)
				lgi_puts(o, ",");
			lgi_putsym(lg, o, s);
			first = 0;
		}
	lgi_puts(o, "}");
}

/* " (r2c1, r2c5)" */
void
lgi_putcells(const dlx_logic *lg, struct lgi_out *o, const int *cells, int n)
{
	int	 i;

	lgi_puts(o, " (");
	for (i = 0; i < n; i++) {
		if (i > 0)
			lgi_puts(o, ", ");
		lgi_putcell(lg, o, cells[i]);
	}
	lgi_puts(o, ")");
}

/* "r4c7=5", "r4c7<>5"; a group in one row "r4c78=5", in one column
 * "r45c7=5". */
void
lgi_putlink(const dlx_logic *lg, struct lgi_out *o,
    const struct dlx_logic_link *ln)
{
	int	 i, samerow = 1;

	if (ln->ngroup < 2)
		lgi_putcell(lg, o, ln->cell);
	else {
		for (i = 1; i < ln->ngroup; i++)
			if (ROW(lg, ln->group[i]) != ROW(lg, ln->group[0]))
				samerow = 0;
		lgi_puts(o, "r");
		for (i = 0; i < (samerow ? 1 : ln->ngroup); i++)
			lgi_putnum(o, ROW(lg, ln->group[i]) + 1);
		lgi_puts(o, "c");
		for (i = 0; i < (samerow ? ln->ngroup : 1); i++)
			lgi_putnum(o, COL(lg, ln->group[i]) + 1);
	}
	lgi_puts(o, ln->on ? "=" : "<>");
	lgi_putsym(lg, o, ln->symbol);
}

/* "rows 2, 7" for houses[from..from+k-1], all of one kind. */
static void
putlines(const dlx_logic *lg, struct lgi_out *o, const int *houses, int k)
{
	int	 i;

	lgi_puts(o, houses[0] < lg->n ? "rows " : "columns ");
	for (i = 0; i < k; i++) {
		if (i > 0)
			lgi_puts(o, ", ");
		lgi_putnum(o, houses[i] % lg->n + 1);
	}
}

/* ": removes 3 from r2c8 r2c9, 6 from r2c9" (elims sorted by symbol). */
void
lgi_putelims(const dlx_logic *lg, struct lgi_out *o, const struct dlx_logic_step *st)
{
	size_t	 i;

	lgi_puts(o, ": removes ");
	for (i = 0; i < st->nelim; i++) {
		if (i == 0 || st->elim[i].symbol != st->elim[i - 1].symbol) {
			if (i > 0)
				lgi_puts(o, ", ");
			lgi_putsym(lg, o, st->elim[i].symbol);
			lgi_puts(o, " from");
		}
		lgi_puts(o, " ");
		lgi_putcell(lg, o, st->elim[i].cell);
	}
}

size_t
dlx_logic_format(const dlx_logic *lg, const struct dlx_logic_step *st,
    char *buf, size_t size)
{
	struct lgi_out	 o = { buf, size, 0 };
	int		 s;

	if (size > 0)
		buf[0] = '\0';
	s = st->symbols != 0 ? lowest(st->symbols) : 0;
	switch (st->rule) {
	case DLX_LOGIC_NAKED_SINGLE:
	case DLX_LOGIC_HIDDEN_SINGLE:
		lgi_puts(&o, dlx_logic_rule_name(st->rule));
		lgi_puts(&o, ": ");
		lgi_putcell(lg, &o, st->cell);
		lgi_puts(&o, " = ");
		lgi_putsym(lg, &o, st->symbol);
		if (st->rule == DLX_LOGIC_HIDDEN_SINGLE) {
			lgi_puts(&o, " (only place for ");
			lgi_putsym(lg, &o, st->symbol);
			lgi_puts(&o, " in ");
			lgi_puthouse(lg, &o, st->houses[0]);
			lgi_puts(&o, ")");
		}
		break;
	case DLX_LOGIC_POINTING:
	case DLX_LOGIC_CLAIMING:
		lgi_puts(&o, dlx_logic_rule_name(st->rule));
		lgi_puts(&o, " ");
		lgi_putsym(lg, &o, s);
		lgi_puts(&o, " in ");
		lgi_puthouse(lg, &o, st->houses[0]);
		lgi_puts(&o, " confined to ");
		lgi_puthouse(lg, &o, st->houses[1]);
		lgi_putcells(lg, &o, st->cells, st->ncells);
		lgi_putelims(lg, &o, st);
		break;
	case DLX_LOGIC_NAKED_PAIR:
	case DLX_LOGIC_HIDDEN_PAIR:
	case DLX_LOGIC_NAKED_TRIPLE:
	case DLX_LOGIC_HIDDEN_TRIPLE:
	case DLX_LOGIC_NAKED_QUAD:
	case DLX_LOGIC_HIDDEN_QUAD:
		lgi_puts(&o, dlx_logic_rule_name(st->rule));
		lgi_puts(&o, " ");
		lgi_putset(lg, &o, st->symbols);
		lgi_puts(&o, " in ");
		lgi_puthouse(lg, &o, st->houses[0]);
		lgi_putcells(lg, &o, st->cells, st->ncells);
		lgi_putelims(lg, &o, st);
		break;
	case DLX_LOGIC_X_WING:
	case DLX_LOGIC_SWORDFISH:
	case DLX_LOGIC_JELLYFISH:
		lgi_puts(&o, dlx_logic_rule_name(st->rule));
		lgi_puts(&o, " ");
		lgi_putsym(lg, &o, s);
		lgi_puts(&o, " in ");
		putlines(lg, &o, st->houses, st->nhouses / 2);
		lgi_puts(&o, " confined to ");
		putlines(lg, &o, st->houses + st->nhouses / 2,
		    st->nhouses / 2);
		lgi_putelims(lg, &o, st);
		break;
	case DLX_LOGIC_NO_CANDIDATE:
		lgi_puts(&o, "contradiction: no candidate left for ");
		lgi_putcell(lg, &o, st->cells[0]);
		break;
	case DLX_LOGIC_NO_PLACE:
		lgi_puts(&o, "contradiction: no place left for ");
		lgi_putsym(lg, &o, s);
		lgi_puts(&o, " in ");
		lgi_puthouse(lg, &o, st->houses[0]);
		break;
	default:
		if (st->rule >= DLX_LOGIC_REMOTE_PAIR &&
		    st->rule < DLX_LOGIC_NRULES &&
		    lgi_chains_format(lg, st, &o))
			break;
		if (st->rule < DLX_LOGIC_NRULES &&
		    lgi_patterns_format(lg, st, &o))
			break;
		lgi_puts(&o, "unknown rule");
		break;
	}
	return o.len;
}

/* Longest text of a cell in the pencil-mark grid: numbers 1..36 with
 * commas between them. */
#define CELLTEXT	(3 * MAXN)

/* Text of a cell in the pencil-mark grid into tmp (CELLTEXT + 1 bytes):
 * its symbol, or its candidates ("." if it has none). */
static int
cell_text(const dlx_logic *lg, int c, char *tmp)
{
	uint64_t	 m;
	int		 s, k = 0;

	m = lg->value[c] != 0 ? BIT(lg->value[c]) : lg->cand[c];
	for (s = 1; s <= lg->n; s++) {
		if (!(m & BIT(s)))
			continue;
		if (!lg->sy.numbers)
			tmp[k++] = lg->sy.chr[s - 1];
		else
			k += snprintf(tmp + k, CELLTEXT + 1 - k, "%s%d",
			    k > 0 ? "," : "", s);
	}
	if (k == 0)
		tmp[k++] = '.';
	tmp[k] = '\0';
	return k;
}

size_t
dlx_logic_format_candidates(const dlx_logic *lg, char *buf, size_t size)
{
	struct lgi_out	 o = { buf, size, 0 };
	char		 tmp[CELLTEXT + 1];
	int		 width[MAXN], r, c, k, w, n = lg->n;

	if (size > 0)
		buf[0] = '\0';
	for (c = 0; c < n; c++) {
		width[c] = 1;
		for (r = 0; r < n; r++)
			if ((w = cell_text(lg, r * n + c, tmp)) > width[c])
				width[c] = w;
	}
	for (r = 0; r < n; r++) {
		if (r > 0 && r % lg->br == 0) {
			/* Box separator: dashes under each column, '+'
			 * where a '|' is above. */
			for (c = 0; c < n; c++) {
				if (c > 0)
					lgi_puts(&o, c % lg->bc == 0 ? "-+-" :
					    "-");
				for (k = 0; k < width[c]; k++)
					lgi_puts(&o, "-");
			}
			lgi_puts(&o, "\n");
		}
		for (c = 0; c < n; c++) {
			if (c > 0)
				lgi_puts(&o, c % lg->bc == 0 ? " | " : " ");
			w = cell_text(lg, r * n + c, tmp);
			lgi_puts(&o, tmp);
			/* No trailing blanks at the end of a line. */
			if (c < n - 1)
				for (k = w; k < width[c]; k++)
					lgi_puts(&o, " ");
		}
		lgi_puts(&o, "\n");
	}
	return o.len;
}
