/*
 * sudoku_logic_forcing.c: forcing chains and forcing nets, the last rules
 * of the logic solver, tried only when every other rule has failed.
 *
 * Both rest on a propagation: assume one candidate true (or false) and
 * draw what follows, on the solver's own grid (saved first, restored
 * after), recording each fact (a candidate true or false) with the fact
 * it follows from.  Following Sudoku Explainer's dynamic chains, what
 * follows is:
 *
 *	a placed symbol leaves its cell's other candidates and its houses;
 *	a cell left with one candidate takes it (naked single);
 *	a symbol left with one place in a house goes there (hidden single);
 *
 * and for a forcing net also every elimination that locked candidates,
 * naked and hidden pairs, triples and fish make on the assumed grid, and
 * when those are exhausted, every candidate that a forcing chain inside
 * the assumed grid refutes (a nested chain).  The propagation stops at a
 * contradiction: a cell with no candidate, a symbol with no place in a
 * house, or a candidate both true and false.
 *
 * A step is then, simplest first:
 *
 *	contradiction	assuming X true ends in a contradiction: X goes;
 *	cell forcing	each candidate of a cell, assumed true, implies the
 *			same fact: it holds;
 *	unit forcing	each place of a symbol in a house, likewise;
 *	verity		assuming X false ends in a contradiction: X holds.
 *
 * Every inference is valid in every solution that agrees with the
 * candidates, so the steps are sound with any number of solutions.  Among
 * the steps of a kind the one with the shortest longest branch is chosen.
 *
 * Cost.  A propagation records each literal at most once, so it costs
 * O(candidates * N); a sweep runs a few per candidate.  Every step has a
 * budget of facts (lgc.budget); a sweep that exhausts it gives up, and the
 * solver reports that it is stuck rather than run without bound.
 */
#include <string.h>

#include "lib/sudoku/sudoku_logic_chains.h"

/* Facts of the propagations of one step, all levels (a round of the
 * net's rules counts as NET_RULE_COST facts): a few tenths of a second
 * at most on a 9x9 grid. */
#define BUDGET_CHAIN	((uint64_t)1 << 22)
#define BUDGET_NET	((uint64_t)1 << 22)
#define BUDGET_NESTED	((uint64_t)1 << 22)
#define NET_RULE_COST	64

/* Kinds of forcing step. */
enum fkind { K_NONE, K_CONTRA, K_CELL, K_UNIT, K_VERITY };

/* One propagation level's frame. */
struct frame {
	struct lgc_fact	*f;		/* facts */
	int		 nf;
	unsigned	*seen;		/* [2 * ncand] stamp per literal */
	int		*idx;		/* [2 * ncand] fact of a literal */
	unsigned	 stamp;
	uint64_t	*save;		/* candidates before the assumption */
	int		*savev;		/* values before */
	int		 ncon;		/* contradiction: facts that clash */
	int		 con[DLX_LOGIC_MAXN + 1];
};

struct fctx {
	dlx_logic	*lg;
	struct lgc	*x;
	struct frame	 fr[3];
	int		 net;		/* 0 chain, 1 net */
	int		 out;		/* the budget ran out */
};

static void
frame_init(struct fctx *fc, int L)
{
	struct lgc	*x = fc->x;
	struct frame	*fr = &fc->fr[L];

	fr->f = x->facts + (size_t)L * x->maxfacts;
	fr->seen = x->fseen + (size_t)L * 2 * x->ncand;
	fr->idx = x->fidx + (size_t)L * 2 * x->ncand;
	fr->save = x->save + (size_t)L * x->ncells;
	fr->savev = x->savev + (size_t)L * x->ncells;
	fr->stamp = x->fstamp[L];
}

static void
frame_begin(struct fctx *fc, int L)
{
	dlx_logic	*lg = fc->lg;
	struct frame	*fr = &fc->fr[L];

	memcpy(fr->save, lg->cand, lg->ncells * sizeof *lg->cand);
	memcpy(fr->savev, lg->value, lg->ncells * sizeof *lg->value);
	if (++fr->stamp == 0) {
		memset(fr->seen, 0, 2 * (size_t)fc->x->ncand *
		    sizeof *fr->seen);
		fr->stamp = 1;
	}
	fc->x->fstamp[L] = fr->stamp;
	fr->nf = 0;
	fr->ncon = 0;
}

static void
frame_end(struct fctx *fc, int L)
{
	dlx_logic	*lg = fc->lg;
	struct frame	*fr = &fc->fr[L];

	memcpy(lg->cand, fr->save, lg->ncells * sizeof *lg->cand);
	memcpy(lg->value, fr->savev, lg->ncells * sizeof *lg->value);
}

/* The fact of literal lit in frame L, or -1. */
static int
fact_of(const struct frame *fr, int lit)
{
	return fr->seen[lit] == fr->stamp ? fr->idx[lit] : -1;
}

/* Record lit following fact pred; returns its index, or -1 if known. */
static int
record(struct fctx *fc, int L, int lit, int pred)
{
	struct frame	*fr = &fc->fr[L];
	struct lgc_fact	*f;

	if (fr->seen[lit] == fr->stamp)
		return -1;
	if (fc->x->budget == 0) {
		fc->out = 1;
		return -1;
	}
	fc->x->budget--;
	fr->seen[lit] = fr->stamp;
	fr->idx[lit] = fr->nf;
	f = &fr->f[fr->nf];
	f->lit = lit;
	f->pred = pred;
	f->depth = pred < 0 ? 0 : fr->f[pred].depth + 1;
	return fr->nf++;
}

static void
houses3(const dlx_logic *lg, const struct lgc *x, int c, int *h)
{
	h[0] = ROW(lg, c);
	h[1] = lg->n + COL(lg, c);
	h[2] = 2 * lg->n + x->box[c];
}

static void
contra(struct frame *fr, int a, int b)
{
	if (fr->ncon != 0)
		return;
	fr->con[fr->ncon++] = a;
	if (b >= 0)
		fr->con[fr->ncon++] = b;
}

static int	on_lit(struct fctx *, int, int, int, int);

/*
 * Symbol s has just left cell c (fact f): look at the cell and at the
 * houses of c for s.  Returns 1 on a contradiction.
 */
static int
after_removal(struct fctx *fc, int L, int c, int s, int f)
{
	dlx_logic	*lg = fc->lg;
	struct lgc	*x = fc->x;
	struct frame	*fr = &fc->fr[L];
	int		 n = lg->n, h[3], j, i, d, cnt, place, t;

	if (lg->value[c] == 0) {
		if (lg->cand[c] == 0) {
			/* Every candidate of c was removed: by these. */
			for (t = 1; t <= n && fr->ncon <= n; t++)
				if ((fr->save[c] & BIT(t)) &&
				    (i = fact_of(fr, 2 * (c * n + t - 1))) >= 0)
					fr->con[fr->ncon++] = i;
			return 1;
		}
		if (popcount(lg->cand[c]) == 1 &&
		    on_lit(fc, L, c, lowest(lg->cand[c]), f))
			return 1;
	}
	houses3(lg, x, c, h);
	for (j = 0; j < 3; j++) {
		cnt = 0;
		place = -1;
		for (i = 0; i < n; i++) {
			d = HOUSE(lg, h[j])[i];
			if (lg->value[d] == s)
				break;
			if (lg->cand[d] & BIT(s)) {
				cnt++;
				place = d;
			}
		}
		if (i < n)
			continue;
		if (cnt == 0) {
			for (i = 0; i < n && fr->ncon <= n; i++) {
				d = HOUSE(lg, h[j])[i];
				if ((fr->save[d] & BIT(s)) && (t = fact_of(fr,
				    2 * (d * n + s - 1))) >= 0)
					fr->con[fr->ncon++] = t;
			}
			return 1;
		}
		if (cnt == 1 && on_lit(fc, L, place, s, f))
			return 1;
	}
	return 0;
}

/* Remove s from cell c because of fact pred; 1 on a contradiction. */
static int
off_lit(struct fctx *fc, int L, int c, int s, int pred)
{
	dlx_logic	*lg = fc->lg;
	struct frame	*fr = &fc->fr[L];
	int		 lit = 2 * (c * lg->n + s - 1), f;

	if (lg->value[c] == s) {
		if ((f = record(fc, L, lit, pred)) >= 0)
			contra(fr, f, fact_of(fr, lit + 1));
		return 1;
	}
	if (!(lg->cand[c] & BIT(s)))
		return 0;
	lg->cand[c] &= ~BIT(s);
	if ((f = record(fc, L, lit, pred)) < 0)
		return fc->out;
	return after_removal(fc, L, c, s, f);
}

/* Note that s is true in cell c because of fact pred (placed later, in
 * the order of the facts); 1 on a contradiction. */
static int
on_lit(struct fctx *fc, int L, int c, int s, int pred)
{
	dlx_logic	*lg = fc->lg;
	struct frame	*fr = &fc->fr[L];
	int		 lit = 2 * (c * lg->n + s - 1) + 1, f;

	if (fact_of(fr, lit) >= 0)
		return 0;
	if ((f = record(fc, L, lit, pred)) < 0)
		return fc->out;
	if (!(lg->cand[c] & BIT(s)) && lg->value[c] != s) {
		contra(fr, f, fact_of(fr, lit - 1));
		return 1;
	}
	return 0;
}

/* Place the symbol of on-fact f; 1 on a contradiction. */
static int
place(struct fctx *fc, int L, int f)
{
	dlx_logic	*lg = fc->lg;
	struct lgc	*x = fc->x;
	struct frame	*fr = &fc->fr[L];
	int		 n = lg->n, cand = fr->f[f].lit / 2;
	int		 c = cand / n, s = cand % n + 1, t, h[3], j, i, d, g;
	uint64_t	 others;

	if (lg->value[c] == s)
		return 0;
	if (!(lg->cand[c] & BIT(s))) {
		contra(fr, f, fact_of(fr, fr->f[f].lit - 1));
		return 1;
	}
	others = lg->cand[c] & ~BIT(s);
	lg->value[c] = s;
	lg->cand[c] = 0;
	for (t = 1; t <= n; t++)
		if (others & BIT(t)) {
			if ((g = record(fc, L, 2 * (c * n + t - 1), f)) < 0) {
				if (fc->out)
					return 1;
				continue;
			}
			if (after_removal(fc, L, c, t, g))
				return 1;
		}
	houses3(lg, x, c, h);
	for (j = 0; j < 3; j++)
		for (i = 0; i < n; i++) {
			d = HOUSE(lg, h[j])[i];
			if (d != c && (lg->cand[d] & BIT(s)) &&
			    off_lit(fc, L, d, s, f))
				return 1;
		}
	return 0;
}

/* The rules a net applies on the assumed grid. */
static const enum dlx_logic_rule net_rules[] = {
	DLX_LOGIC_POINTING, DLX_LOGIC_CLAIMING, DLX_LOGIC_NAKED_PAIR,
	DLX_LOGIC_HIDDEN_PAIR, DLX_LOGIC_X_WING, DLX_LOGIC_NAKED_TRIPLE,
	DLX_LOGIC_HIDDEN_TRIPLE, DLX_LOGIC_SWORDFISH
};

static int	propagate(struct fctx *, int, int, int);

/*
 * When singles are exhausted in a net: one round of the rules above, or
 * failing that the nested chains, their removals becoming facts that
 * follow from the assumption (fact 0).  Returns 1 if something was
 * removed, 0 if not, -1 on a contradiction.
 */
static int
net_round(struct fctx *fc, int L)
{
	dlx_logic		*lg = fc->lg;
	struct lgc		*x = fc->x;
	struct dlx_logic_step	 st;
	size_t			 i, k;
	int			 c, s, lit, f, hit = 0;

	for (k = 0; k < sizeof net_rules / sizeof net_rules[0]; k++) {
		if (x->budget < NET_RULE_COST) {
			fc->out = 1;
			return -1;
		}
		x->budget -= NET_RULE_COST;
		if (!(lg->rules & DLX_LOGIC_RULE(net_rules[k])) ||
		    !lgi_apply(lg, &st, net_rules[k]))
			continue;
		/* The removals are made: record them and look on. */
		for (i = 0; i < st.nelim; i++) {
			c = st.elim[i].cell;
			s = st.elim[i].symbol;
			f = record(fc, L, 2 * (c * lg->n + s - 1), 0);
			if (f < 0) {
				if (fc->out)
					return -1;
				continue;
			}
			if (after_removal(fc, L, c, s, f))
				return -1;
		}
		return 1;
	}
	if (L + 1 >= 3 || fc->net < 2)
		return 0;
	/* Nested: a candidate whose forcing chain (singles) inside this
	 * grid ends in a contradiction goes. */
	for (c = 0; c < lg->ncells; c++)
		for (s = 1; s <= lg->n; s++) {
			if (!(lg->cand[c] & BIT(s)))
				continue;
			lit = 2 * (c * lg->n + s - 1);
			if (propagate(fc, L + 1, lit + 1, 0) <= 0) {
				if (fc->out)
					return -1;
				continue;
			}
			if (off_lit(fc, L, c, s, 0))
				return -1;
			hit = 1;
		}
	return hit;
}

/*
 * Assume literal lit in frame L and draw the consequences; net: 0 singles
 * only, else also net_round().  Returns 1 on a contradiction (the frame's
 * con[] facts clash), 0 if none, with the frame's facts left to read, and
 * the grid restored in both cases.  A nested propagation (net 0 at a
 * deeper level) is what net_round() calls.
 */
static int
propagate(struct fctx *fc, int L, int lit, int net)
{
	dlx_logic	*lg = fc->lg;
	struct frame	*fr = &fc->fr[L];
	int		 head = 0, bad, r, c, s;

	frame_begin(fc, L);
	c = lit / 2 / lg->n;
	s = lit / 2 % lg->n + 1;
	if (lit & 1)
		bad = on_lit(fc, L, c, s, -1);
	else
		bad = off_lit(fc, L, c, s, -1);
	for (;;) {
		while (!bad && head < fr->nf) {
			if (fr->f[head].lit & 1)
				bad = place(fc, L, head);
			head++;
		}
		if (bad || !net || fc->out)
			break;
		if ((r = net_round(fc, L)) < 0)
			bad = 1;
		else if (r == 0)
			break;
	}
	frame_end(fc, L);
	if (fc->out)
		return 0;
	return bad;
}

/* Longest branch to the contradiction of frame L. */
static int
con_depth(const struct frame *fr)
{
	int	 i, d = 0;

	for (i = 0; i < fr->ncon; i++)
		if (fr->f[fr->con[i]].depth > d)
			d = fr->f[fr->con[i]].depth;
	return d;
}

/* The best step found so far. */
struct fbest {
	enum fkind	 kind;
	int		 len;		/* longest branch */
	int		 lit;		/* contradiction, verity: assumption;
					   cell, unit: the conclusion */
	int		 cell;		/* cell forcing: the cell */
	int		 house, sym;	/* unit forcing */
};

/* Is literal lit news: a placement of an empty cell, or the removal of a
 * candidate? */
static int
news(const dlx_logic *lg, int lit)
{
	int	 c = lit / 2 / lg->n, s = lit / 2 % lg->n + 1;

	if (lit & 1)
		return lg->value[c] == 0;
	return (lg->cand[c] & BIT(s)) != 0;
}

/*
 * The branches of a cell or unit forcing: for each assumption lits[i],
 * propagate and keep in x->common the literals implied by all, with
 * their longest branch in depth[] (x->common's second half).  If *b is
 * improved, it is updated.  Returns -1 when the budget ran out.
 */
static int
branches(struct fctx *fc, const int *lits, int k, struct fbest *b,
    enum fkind kind, int where, int sym)
{
	dlx_logic	*lg = fc->lg;
	struct lgc	*x = fc->x;
	struct frame	*fr = &fc->fr[0];
	int		*com = x->common, *dep = x->common + x->ncand;
	int		 ncom = 0, i, j, m, f;

	for (i = 0; i < k; i++) {
		if (propagate(fc, 0, lits[i], fc->net) != 0)
			return 0;	/* a contradiction: another rule's */
		if (fc->out)
			return -1;
		if (i == 0) {
			for (j = 0; j < fr->nf && ncom < x->ncand; j++)
				if (news(lg, fr->f[j].lit) &&
				    fr->f[j].depth < b->len) {
					com[ncom] = fr->f[j].lit;
					dep[ncom++] = fr->f[j].depth;
				}
		} else {
			for (j = m = 0; j < ncom; j++) {
				if ((f = fact_of(fr, com[j])) < 0 ||
				    fr->f[f].depth >= b->len)
					continue;
				com[m] = com[j];
				dep[m++] = dep[j] > fr->f[f].depth ? dep[j] :
				    fr->f[f].depth;
			}
			ncom = m;
		}
		if (ncom == 0)
			return 0;
	}
	for (j = 0; j < ncom; j++)
		if (dep[j] < b->len) {
			b->len = dep[j];
			b->kind = kind;
			b->lit = com[j];
			b->cell = kind == K_CELL ? where : -1;
			b->house = kind == K_UNIT ? where : -1;
			b->sym = sym;
		}
	return 0;
}

/* The sweep: the best step of the simplest kind that has one. */
static int
sweep(struct fctx *fc, struct fbest *b)
{
	dlx_logic	*lg = fc->lg;
	struct frame	*fr = &fc->fr[0];
	int		 n = lg->n, c, s, h, i, k, d, lits[DLX_LOGIC_MAXN];

	b->kind = K_NONE;
	b->len = 1 << 30;
	for (c = 0; c < lg->ncells; c++)
		for (s = 1; s <= n; s++) {
			if (!(lg->cand[c] & BIT(s)))
				continue;
			if (propagate(fc, 0, 2 * (c * n + s - 1) + 1, fc->net) &&
			    (d = con_depth(fr)) < b->len) {
				b->len = d;
				b->kind = K_CONTRA;
				b->lit = 2 * (c * n + s - 1) + 1;
			}
			if (fc->out)
				return -1;
		}
	if (b->kind != K_NONE)
		return 0;
	for (c = 0; c < lg->ncells; c++) {
		if (lg->value[c] != 0)
			continue;
		for (k = 0, s = 1; s <= n; s++)
			if (lg->cand[c] & BIT(s))
				lits[k++] = 2 * (c * n + s - 1) + 1;
		if (branches(fc, lits, k, b, K_CELL, c, 0) < 0)
			return -1;
	}
	for (h = 0; h < 3 * n; h++)
		for (s = 1; s <= n; s++) {
			for (k = i = 0; i < n; i++) {
				c = HOUSE(lg, h)[i];
				if (lg->cand[c] & BIT(s))
					lits[k++] = 2 * (c * n + s - 1) + 1;
			}
			if (k >= 2 && branches(fc, lits, k, b, K_UNIT, h,
			    s) < 0)
				return -1;
		}
	if (b->kind != K_NONE)
		return 0;
	for (c = 0; c < lg->ncells; c++)
		for (s = 1; s <= n; s++) {
			if (!(lg->cand[c] & BIT(s)))
				continue;
			if (propagate(fc, 0, 2 * (c * n + s - 1), fc->net) &&
			    (d = con_depth(fr)) < b->len) {
				b->len = d;
				b->kind = K_VERITY;
				b->lit = 2 * (c * n + s - 1);
			}
			if (fc->out)
				return -1;
		}
	return 0;
}

/*
 * The branch of frame L ending at fact f, as literals into path (start
 * first) with preds; returns its length.  Facts that follow from the
 * whole assumed grid (pred 0 through a net round) keep pred 0.
 */
static int
branch(const struct frame *fr, int f, int *path)
{
	int	 k = 0, i, t;

	for (i = f; i >= 0; i = fr->f[i].pred)
		path[k++] = fr->f[i].lit;
	for (i = 0; i < k / 2; i++) {
		t = path[i];
		path[i] = path[k - 1 - i];
		path[k - 1 - i] = t;
	}
	return k;
}

/* Collected branches of the step, before the step is built (a net's
 * rules build steps of their own). */
struct collect {
	int	*lit;			/* x->common: literals */
	int	 nlit;
	int	 max;
	int	 start[DLX_LOGIC_MAXN + 2]; /* where each branch starts */
	int	 nbr;
};

static void
collect_branch(struct collect *co, const struct frame *fr, int f)
{
	int	 k;

	if (co->nbr > DLX_LOGIC_MAXN || co->nlit + fr->f[f].depth + 1 >
	    co->max)
		return;
	co->start[co->nbr++] = co->nlit;
	k = branch(fr, f, co->lit + co->nlit);
	co->nlit += k;
}

static int
build(struct fctx *fc, struct fbest *b, struct dlx_logic_step *st,
    enum dlx_logic_rule r)
{
	dlx_logic		*lg = fc->lg;
	struct lgc		*x = fc->x;
	struct frame		*fr = &fc->fr[0];
	struct collect		 co;
	struct dlx_logic_link	 ln;
	int			 n = lg->n, i, j, k, c, s, f, lits[DLX_LOGIC_MAXN];
	int			 base, lit;

	co.lit = x->common;
	co.nlit = 0;
	co.max = 2 * x->ncand;
	co.nbr = 0;
	if (b->kind == K_CONTRA || b->kind == K_VERITY) {
		propagate(fc, 0, b->kind == K_CONTRA ? b->lit | 1 :
		    b->lit & ~1, fc->net);
		for (i = 0; i < fr->ncon; i++)
			collect_branch(&co, fr, fr->con[i]);
	} else {
		k = 0;
		c = b->cell;
		for (s = 1; b->kind == K_CELL && s <= n; s++)
			if (lg->cand[c] & BIT(s))
				lits[k++] = 2 * (c * n + s - 1) + 1;
		for (i = 0; b->kind == K_UNIT && i < n; i++) {
			c = HOUSE(lg, b->house)[i];
			if (lg->cand[c] & BIT(b->sym))
				lits[k++] = 2 * (c * n + b->sym - 1) + 1;
		}
		for (i = 0; i < k; i++) {
			propagate(fc, 0, lits[i], fc->net);
			if ((f = fact_of(fr, b->lit)) >= 0)
				collect_branch(&co, fr, f);
		}
	}
	if (fc->out)
		return 0;
	lgi_step_init(lg, st, r);
	co.start[co.nbr] = co.nlit;
	for (i = 0; i < co.nbr; i++) {
		base = -1;
		for (j = co.start[i]; j < co.start[i + 1]; j++) {
			lit = co.lit[j];
			memset(&ln, 0, sizeof ln);
			ln.cell = lit / 2 / n;
			ln.symbol = lit / 2 % n + 1;
			ln.on = lit & 1;
			ln.strong = ln.on;
			ln.pred = base;
			ln.set = -1;
			if ((base = lgi_add_link(lg, st, &ln)) < 0)
				break;
		}
	}
	st->rating += b->len / 4 > 9 ? 9 : b->len / 4;
	if (b->kind == K_CELL)
		lgi_add_cell(st, b->cell);
	if (b->kind == K_UNIT)
		lgi_add_house(st, b->house);
	lit = b->kind == K_CONTRA ? b->lit & ~1 : b->kind == K_VERITY ?
	    b->lit | 1 : b->lit;
	c = lit / 2 / n;
	s = lit / 2 % n + 1;
	st->symbols = BIT(s);
	if (lit & 1) {
		st->cell = c;
		st->symbol = s;
		lgi_place(lg, c, s);
		return 1;
	}
	lgi_elim(lg, c, s);
	return lgi_finish(lg, st);
}

int
lgc_forcing_apply(dlx_logic *lg, struct lgc *x, struct dlx_logic_step *st,
    enum dlx_logic_rule r)
{
	struct fctx	 fc;
	struct fbest	 b;
	int		 L;

	memset(&fc, 0, sizeof fc);
	fc.lg = lg;
	fc.x = x;
	for (L = 0; L < 3; L++)
		frame_init(&fc, L);
	/* A net first with the rules, then with nested chains too, each
	 * with its own budget. */
	for (fc.net = r == DLX_LOGIC_FORCING_CHAIN ? 0 : 1; fc.net <= 2;
	    fc.net++) {
		x->budget = fc.net == 0 ? BUDGET_CHAIN : fc.net == 1 ?
		    BUDGET_NET : BUDGET_NESTED;
		fc.out = 0;
		if (sweep(&fc, &b) < 0)
			return 0;
		if (b.kind != K_NONE)
			return build(&fc, &b, st, r);
		if (r == DLX_LOGIC_FORCING_CHAIN)
			break;
	}
	return 0;
}
