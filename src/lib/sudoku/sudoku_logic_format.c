/*
 * sudoku_logic_format.c: the logic solver's steps and its pencil-mark grid
 * as text (dlx_logic_format(), dlx_logic_format_candidates()).  Symbols
 * are written through the solver's symbol set (sudoku_model.h).
 */
#include <stdio.h>
#include <string.h>

#include "lib/sudoku/sudoku_logic_int.h"

/*
 * Text output.  A struct out is a snprintf()-like sink: it writes what
 * fits, NUL-terminates, and counts the full length regardless.
 */
struct out {
	char	*buf;
	size_t	 size;
	size_t	 len;
};

static void
put(struct out *o, const char *s, size_t n)
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

static void
puts_(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

static void
putnum(struct out *o, int v)
{
	char	 tmp[16];

	put(o, tmp, (size_t)snprintf(tmp, sizeof tmp, "%d", v));
}

static void
putsym(const dlx_logic *lg, struct out *o, int s)
{
	char	 tmp[4];

	/* "?" out of range: only in a record that did not come from lg. */
	sm_symbol_text(&lg->sy, s, tmp);
	puts_(o, tmp);
}

static void
putcell(const dlx_logic *lg, struct out *o, int c)
{
	if (c < 0 || c >= lg->ncells) {
		puts_(o, "r?c?");
		return;
	}
	puts_(o, "r");
	putnum(o, ROW(lg, c) + 1);
	puts_(o, "c");
	putnum(o, COL(lg, c) + 1);
}

static void
puthouse(const dlx_logic *lg, struct out *o, int h)
{
	static const char *kinds[] = { "row ", "column ", "box " };

	if (h < 0 || h >= NHOUSES(lg)) {
		puts_(o, "house ?");
		return;
	}
	puts_(o, kinds[h / lg->n]);
	putnum(o, h % lg->n + 1);
}

/* "{3,6}" */
static void
putset(const dlx_logic *lg, struct out *o, uint64_t m)
{
	int	 s, first = 1;

	puts_(o, "{");
	for (s = 1; s <= lg->n; s++)
		if (m & BIT(s)) {
			if (!first)
				puts_(o, ",");
			putsym(lg, o, s);
			first = 0;
		}
	puts_(o, "}");
}

/* " (r2c1, r2c5)" */
static void
putcells(const dlx_logic *lg, struct out *o, const struct dlx_logic_step *st)
{
	int	 i;

	puts_(o, " (");
	for (i = 0; i < st->ncells; i++) {
		if (i > 0)
			puts_(o, ", ");
		putcell(lg, o, st->cells[i]);
	}
	puts_(o, ")");
}

/* "rows 2, 7" for houses[from..from+k-1], all of one kind. */
static void
putlines(const dlx_logic *lg, struct out *o, const int *houses, int k)
{
	int	 i;

	puts_(o, houses[0] < lg->n ? "rows " : "columns ");
	for (i = 0; i < k; i++) {
		if (i > 0)
			puts_(o, ", ");
		putnum(o, houses[i] % lg->n + 1);
	}
}

/* ": removes 3 from r2c8 r2c9, 6 from r2c9" (elims sorted by symbol). */
static void
putelims(const dlx_logic *lg, struct out *o, const struct dlx_logic_step *st)
{
	size_t	 i;

	puts_(o, ": removes ");
	for (i = 0; i < st->nelim; i++) {
		if (i == 0 || st->elim[i].symbol != st->elim[i - 1].symbol) {
			if (i > 0)
				puts_(o, ", ");
			putsym(lg, o, st->elim[i].symbol);
			puts_(o, " from");
		}
		puts_(o, " ");
		putcell(lg, o, st->elim[i].cell);
	}
}

size_t
dlx_logic_format(const dlx_logic *lg, const struct dlx_logic_step *st,
    char *buf, size_t size)
{
	struct out	 o = { buf, size, 0 };
	int		 s;

	if (size > 0)
		buf[0] = '\0';
	s = st->symbols != 0 ? lowest(st->symbols) : 0;
	switch (st->rule) {
	case DLX_LOGIC_NAKED_SINGLE:
	case DLX_LOGIC_HIDDEN_SINGLE:
		puts_(&o, dlx_logic_rule_name(st->rule));
		puts_(&o, ": ");
		putcell(lg, &o, st->cell);
		puts_(&o, " = ");
		putsym(lg, &o, st->symbol);
		if (st->rule == DLX_LOGIC_HIDDEN_SINGLE) {
			puts_(&o, " (only place for ");
			putsym(lg, &o, st->symbol);
			puts_(&o, " in ");
			puthouse(lg, &o, st->houses[0]);
			puts_(&o, ")");
		}
		break;
	case DLX_LOGIC_POINTING:
	case DLX_LOGIC_CLAIMING:
		puts_(&o, dlx_logic_rule_name(st->rule));
		puts_(&o, " ");
		putsym(lg, &o, s);
		puts_(&o, " in ");
		puthouse(lg, &o, st->houses[0]);
		puts_(&o, " confined to ");
		puthouse(lg, &o, st->houses[1]);
		putcells(lg, &o, st);
		putelims(lg, &o, st);
		break;
	case DLX_LOGIC_NAKED_PAIR:
	case DLX_LOGIC_HIDDEN_PAIR:
	case DLX_LOGIC_NAKED_TRIPLE:
	case DLX_LOGIC_HIDDEN_TRIPLE:
	case DLX_LOGIC_NAKED_QUAD:
	case DLX_LOGIC_HIDDEN_QUAD:
		puts_(&o, dlx_logic_rule_name(st->rule));
		puts_(&o, " ");
		putset(lg, &o, st->symbols);
		puts_(&o, " in ");
		puthouse(lg, &o, st->houses[0]);
		putcells(lg, &o, st);
		putelims(lg, &o, st);
		break;
	case DLX_LOGIC_X_WING:
	case DLX_LOGIC_SWORDFISH:
		puts_(&o, dlx_logic_rule_name(st->rule));
		puts_(&o, " ");
		putsym(lg, &o, s);
		puts_(&o, " in ");
		putlines(lg, &o, st->houses, st->nhouses / 2);
		puts_(&o, " confined to ");
		putlines(lg, &o, st->houses + st->nhouses / 2,
		    st->nhouses / 2);
		putelims(lg, &o, st);
		break;
	case DLX_LOGIC_NO_CANDIDATE:
		puts_(&o, "contradiction: no candidate left for ");
		putcell(lg, &o, st->cells[0]);
		break;
	case DLX_LOGIC_NO_PLACE:
		puts_(&o, "contradiction: no place left for ");
		putsym(lg, &o, s);
		puts_(&o, " in ");
		puthouse(lg, &o, st->houses[0]);
		break;
	default:
		puts_(&o, "unknown rule");
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
	struct out	 o = { buf, size, 0 };
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
					puts_(&o, c % lg->bc == 0 ? "-+-" :
					    "-");
				for (k = 0; k < width[c]; k++)
					puts_(&o, "-");
			}
			puts_(&o, "\n");
		}
		for (c = 0; c < n; c++) {
			if (c > 0)
				puts_(&o, c % lg->bc == 0 ? " | " : " ");
			w = cell_text(lg, r * n + c, tmp);
			puts_(&o, tmp);
			/* No trailing blanks at the end of a line. */
			if (c < n - 1)
				for (k = w; k < width[c]; k++)
					puts_(&o, " ");
		}
		puts_(&o, "\n");
	}
	return o.len;
}
