/*
 * sudoku_model.c: the one sudoku model (see sudoku_model.h): units as
 * lists of cells, killer cages, the checks a variant must pass, and its
 * exact cover matrix.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx_sudoku_gen.h"
#include "lib/sudoku/sudoku_model.h"

/* Colors of the "v is in cage g's set" items. */
#define IN	1
#define OUT	2

int
sm_shape_ok(int boxr, int boxc)
{
	/* Each side alone first: their product could overflow. */
	if (boxr < 1 || boxc < 1 || boxr > DLX_SUDOKU_MAXN ||
	    boxc > DLX_SUDOKU_MAXN)
		return 0;
	return boxr * boxc >= DLX_SUDOKU_MINN &&
	    boxr * boxc <= DLX_SUDOKU_MAXN;
}

int
sm_box_of(int boxr, int boxc, int r, int c)
{
	return (r / boxr) * boxr + c / boxc;
}

int
sm_classic_cell(int boxr, int boxc, int u, int k)
{
	int	n = boxr * boxc, b, r, c;

	if (u < n)
		return u * n + k;
	if (u < 2 * n)
		return k * n + (u - n);
	/* Box b has boxr rows of boxc cells; there are boxr boxes across
	 * (n / boxc of them), so its top left cell is at row
	 * (b / boxr) * boxr and column (b % boxr) * boxc. */
	b = u - 2 * n;
	r = (b / boxr) * boxr + k / boxc;
	c = (b % boxr) * boxc + k % boxc;
	return r * n + c;
}

static int	fail(struct dlx_error *, int, const char *, ...)
		    __attribute__((__format__(__printf__, 3, 4)));

/* Fill *e (if not NULL) and return DLX_EINVAL. */
static int
fail(struct dlx_error *e, int cell, const char *fmt, ...)
{
	va_list	ap;

	if (e != NULL) {
		e->code = DLX_EINVAL;
		e->line = 0;
		e->column = 0;
		e->cell = cell;
		e->sys_errno = 0;
		va_start(ap, fmt);
		vsnprintf(e->message, sizeof e->message, fmt, ap);
		va_end(ap);
	}
	return DLX_EINVAL;
}

/*
 * Are the cells with map[i] == id connected by sides?  A flood fill from
 * the first of them; returns -1 if so, else the first cell in reading
 * order the fill did not reach.
 */
static int
cut_off(int n, const int *map, int id)
{
	int	stack[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];
	char	seen[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];
	int	sp = 0, i, x, r, c, k, y;
	static const int dr[4] = { -1, 1, 0, 0 }, dc[4] = { 0, 0, -1, 1 };

	memset(seen, 0, (size_t)n * n);
	for (i = 0; i < n * n && map[i] != id; i++)
		continue;
	if (i == n * n)
		return -1;
	seen[i] = 1;
	stack[sp++] = i;
	while (sp > 0) {
		x = stack[--sp];
		for (k = 0; k < 4; k++) {
			r = x / n + dr[k];
			c = x % n + dc[k];
			if (r < 0 || r >= n || c < 0 || c >= n)
				continue;
			y = r * n + c;
			if (!seen[y] && map[y] == id) {
				seen[y] = 1;
				stack[sp++] = y;
			}
		}
	}
	for (i = 0; i < n * n; i++)
		if (map[i] == id && !seen[i])
			return i;
	return -1;
}

static int
check_regions(const struct dlx_sudoku_variant *v,
    struct dlx_error *e)
{
	int	n = v->n, count[DLX_SUDOKU_MAXN], i, g, x;

	memset(count, 0, sizeof count);
	for (i = 0; i < n * n; i++) {
		if (v->regions[i] < 0 || v->regions[i] >= n)
			return fail(e, i, "r%dc%d: region number %d out of "
			    "range", i / n + 1, i % n + 1, v->regions[i]);
		count[v->regions[i]]++;
	}
	for (g = 0; g < n; g++) {
		if (count[g] != n) {
			for (i = 0; i < n * n && v->regions[i] != g; i++)
				continue;
			return fail(e, i < n * n ? i : -1,
			    "region %d has %d cells, not %d", g + 1,
			    count[g], n);
		}
		if ((x = cut_off(n, v->regions, g)) >= 0)
			return fail(e, x, "region %d is not connected "
			    "(r%dc%d is cut off)", g + 1, x / n + 1,
			    x % n + 1);
	}
	return DLX_OK;
}

static int
check_cages(const struct dlx_sudoku_variant *v, int *size,
    struct dlx_error *e)
{
	int	n = v->n, i, g, k, x, lo, hi;

	if (v->ncages < 1 || v->ncages > n * n || v->sums == NULL)
		return fail(e, -1, "%d cages for %d cells", v->ncages,
		    n * n);
	memset(size, 0, sizeof *size * v->ncages);
	for (i = 0; i < n * n; i++) {
		if (v->cages[i] < 0 || v->cages[i] >= v->ncages)
			return fail(e, i, "r%dc%d is in no cage", i / n + 1,
			    i % n + 1);
		size[v->cages[i]]++;
	}
	for (g = 0; g < v->ncages; g++) {
		k = size[g];
		if (k == 0)
			return fail(e, -1, "cage %d has no cells", g + 1);
		for (i = 0; v->cages[i] != g; i++)
			continue;
		if (k > n)
			return fail(e, i, "cage %d has %d cells, more than "
			    "%d", g + 1, k, n);
		/* Sums of k distinct digits of 1..N fill the range from
		 * 1+...+k to (N-k+1)+...+N without a gap. */
		lo = k * (k + 1) / 2;
		hi = k * (2 * n - k + 1) / 2;
		if (v->sums[g] < lo || v->sums[g] > hi)
			return fail(e, i, "cage %d: no %d different digits "
			    "sum to %d", g + 1, k, v->sums[g]);
		if ((x = cut_off(n, v->cages, g)) >= 0)
			return fail(e, x, "cage %d is not connected (r%dc%d "
			    "is cut off)", g + 1, x / n + 1, x % n + 1);
	}
	return DLX_OK;
}

int
dlx_sudoku_variant_check(const struct dlx_sudoku_variant *v,
    struct dlx_error *e)
{
	int	 size[DLX_SUDOKU_MAXCAGES], rc;

	if (e != NULL) {
		memset(e, 0, sizeof *e);
		e->cell = -1;
	}
	if (v == NULL || v->n < DLX_SUDOKU_MINN || v->n > DLX_SUDOKU_MAXN)
		return fail(e, -1, "N must be %d to %d", DLX_SUDOKU_MINN,
		    DLX_SUDOKU_MAXN);
	if (v->regions == NULL && (!sm_shape_ok(v->boxr, v->boxc) ||
	    v->boxr * v->boxc != v->n))
		return fail(e, -1, "boxes of %dx%d do not make %d symbols",
		    v->boxr, v->boxc, v->n);
	if (v->regions != NULL && (rc = check_regions(v, e)) != DLX_OK)
		return rc;
	if ((v->extras & DLX_SUDOKU_WINDOWS) && v->boxr < 1)
		return fail(e, -1, "windows need boxes");
	if (v->extras & ~(unsigned)(DLX_SUDOKU_DIAGONALS | DLX_SUDOKU_WINDOWS))
		return fail(e, -1, "unknown extras");
	if (v->cages == NULL)
		return DLX_OK;
	if (v->ncages < 1 || v->ncages > v->n * v->n)
		return fail(e, -1, "%d cages", v->ncages);
	/* The sizes on the stack: checking allocates nothing. */
	return check_cages(v, size, e);
}

static void
add_unit(struct sm_model *m, int kind, int index, const int *cells)
{
	int	u = m->nunits++, k, x;

	m->ukind[u] = kind;
	m->uindex[u] = index;
	for (k = 0; k < m->n; k++) {
		x = m->unit[u][k] = cells[k];
		m->cu[x][m->ncu[x]++] = u;
	}
}

/* Fill the unit lists: rows, columns, boxes or regions, then extras. */
static void
make_units(struct sm_model *m)
{
	int	n = m->n, cells[DLX_SUDOKU_MAXN], fill[DLX_SUDOKU_MAXN];
	int	u, k, g, wi, wj, w, br = m->boxr, bc = m->boxc;

	/* Rows and columns do not depend on the box shape: a jigsaw
	 * model (no boxes) takes them as those of any shape of N. */
	if (br == 0) {
		br = 1;
		bc = n;
	}
	for (u = 0; u < 2 * n; u++) {
		for (k = 0; k < n; k++)
			cells[k] = sm_classic_cell(br, bc, u, k);
		add_unit(m, u < n ? DLX_SUDOKU_ROW : DLX_SUDOKU_COLUMN,
		    u % n, cells);
	}
	if (m->v.regions != NULL) {
		/* Each region's cells in reading order: units are kept
		 * whole in unit[], so fill them as the cells come. */
		memset(fill, 0, sizeof fill);
		for (k = 0; k < n * n; k++) {
			g = m->v.regions[k];
			m->unit[2 * n + g][fill[g]++] = k;
		}
		for (g = 0; g < n; g++) {
			memcpy(cells, m->unit[2 * n + g], sizeof *cells * n);
			add_unit(m, DLX_SUDOKU_REGION, g, cells);
		}
	} else {
		for (u = 0; u < n; u++) {
			for (k = 0; k < n; k++)
				cells[k] = sm_classic_cell(br, bc, 2 * n + u,
				    k);
			add_unit(m, DLX_SUDOKU_BOX, u, cells);
		}
	}
	if (m->v.extras & DLX_SUDOKU_DIAGONALS) {
		for (k = 0; k < n; k++)
			cells[k] = k * n + k;
		add_unit(m, DLX_SUDOKU_DIAGONAL, 0, cells);
		for (k = 0; k < n; k++)
			cells[k] = k * n + (n - 1 - k);
		add_unit(m, DLX_SUDOKU_DIAGONAL, 1, cells);
	}
	if (m->v.extras & DLX_SUDOKU_WINDOWS) {
		w = 0;
		for (wi = 1; wi + m->boxr <= n; wi += m->boxr + 1) {
			for (wj = 1; wj + m->boxc <= n; wj += m->boxc + 1) {
				for (k = 0; k < n; k++)
					cells[k] = (wi + k / m->boxc) * n +
					    wj + k % m->boxc;
				add_unit(m, DLX_SUDOKU_WINDOW, w++, cells);
			}
		}
	}
}

struct sm_model *
sm_new(const struct dlx_sudoku_variant *v, struct dlx_error *e,
    const struct dlx_allocator *mem, int *rc)
{
	struct sm_model	*m;
	int		 n, i;

	if ((*rc = dlx_sudoku_variant_check(v, e)) != DLX_OK)
		return NULL;
	if ((m = mem_zalloc(mem, 1, sizeof *m)) == NULL) {
		*rc = DLX_ENOMEM;
		return NULL;
	}
	m->mem = *mem;
	n = m->n = v->n;
	m->v = *v;
	if (v->regions != NULL) {
		memcpy(m->regions, v->regions, sizeof *m->regions * n * n);
		m->v.regions = m->regions;
		m->v.boxr = m->v.boxc = 0;
	} else {
		m->boxr = v->boxr;
		m->boxc = v->boxc;
	}
	if (v->cages != NULL) {
		m->ncages = v->ncages;
		m->cage = mem_alloc(mem, (size_t)n * n, sizeof *m->cage);
		m->sum = mem_alloc(mem, (size_t)v->ncages, sizeof *m->sum);
		m->csize = mem_zalloc(mem, (size_t)v->ncages,
		    sizeof *m->csize);
		if (m->cage == NULL || m->sum == NULL || m->csize == NULL) {
			sm_free(m);
			*rc = DLX_ENOMEM;
			return NULL;
		}
		memcpy(m->cage, v->cages, sizeof *m->cage * n * n);
		memcpy(m->sum, v->sums, sizeof *m->sum * v->ncages);
		for (i = 0; i < n * n; i++)
			m->csize[m->cage[i]]++;
		m->v.cages = m->cage;
		m->v.sums = m->sum;
	} else {
		m->v.ncages = 0;
		m->v.cages = m->v.sums = NULL;
	}
	make_units(m);
	*rc = DLX_OK;
	return m;
}

void
sm_free(struct sm_model *m)
{
	if (m == NULL)
		return;
	mem_free(&m->mem, m->cage);
	mem_free(&m->mem, m->sum);
	mem_free(&m->mem, m->csize);
	mem_free(&m->mem, m);
}

/*
 * Add the options of cage g: every set of k digits from 1..N (bit v-1 of
 * set) with sum left, digits taken in increasing order from next.  The
 * sum left prunes: digits only grow, so a digit above it ends the loop.
 * base is the first of the cage's secondary items.
 */
static int
cage_sets(dlx *d, int n, int prim, int base, int next, int k, int left,
    uint64_t set)
{
	int	items[DLX_SUDOKU_MAXN + 1], colors[DLX_SUDOKU_MAXN + 1];
	int	v, j, rc;

	if (k == 0) {
		if (left != 0)
			return DLX_OK;
		items[0] = prim;
		colors[0] = 0;
		for (j = 0; j < n; j++) {
			items[1 + j] = base + j;
			colors[1 + j] = (set >> j) & 1 ? IN : OUT;
		}
		rc = dlx_add_option_colored(d, items, colors, (size_t)n + 1);
		return rc < 0 ? rc : DLX_OK;
	}
	for (v = next; v <= n && v <= left; v++) {
		rc = cage_sets(d, n, prim, base, v + 1, k - 1, left - v,
		    set | (uint64_t)1 << (v - 1));
		if (rc != DLX_OK)
			return rc;
	}
	return DLX_OK;
}

int
sm_nprimary(const struct sm_model *m)
{
	return m->n * m->n + m->nunits * m->n + m->ncages;
}

int
sm_option_items(const struct sm_model *m, int x, int v, int *items)
{
	int	k = 0, u;

	items[k++] = SM_CELL_ITEM(m->n, x);
	for (u = 0; u < m->ncu[x]; u++)
		items[k++] = SM_UNIT_ITEM(m->n, m->cu[x][u], v);
	return k;
}

dlx *
sm_matrix(const struct sm_model *m, const uint64_t *struck, int *rc)
{
	dlx	*d;
	int	 n = m->n, np = sm_nprimary(m), x, v, k, g, j, sec;
	int	 items[SM_CELLUNITS + 4], colors[SM_CELLUNITS + 4];

	/* With struck candidates, item np is "struck" and the secondary
	 * items move up by one (see sudoku_model.h). */
	sec = np + (struck != NULL);
	if ((*rc = dlx_new(&d, (size_t)sec, (size_t)m->ncages * 2 * n,
	    &(struct dlx_options){ .alloc = &m->mem })) != DLX_OK)
		return NULL;
	/* Option SM_OPTION(n, x, v) is added as number x*N + v: cells in
	 * reading order, symbols ascending. */
	for (x = 0; x < n * n; x++) {
		for (v = 0; v < n; v++) {
			k = sm_option_items(m, x, v, items);
			for (j = 0; j < k; j++)
				colors[j] = 0;
			if (struck != NULL && (struck[x] >> v & 1)) {
				items[k] = np;
				colors[k++] = 0;
			}
			if (m->ncages > 0) {
				g = m->cage[x];
				items[k] = sec + g * 2 * n + v;
				colors[k++] = IN;
				items[k] = sec + g * 2 * n + n + v;
				colors[k++] = 0;
			}
			*rc = m->ncages > 0 ?
			    dlx_add_option_colored(d, items, colors,
			    (size_t)k) :
			    dlx_add_option(d, items, (size_t)k);
			if (*rc < 0) {
				dlx_free(d);
				return NULL;
			}
		}
	}
	for (g = 0; g < m->ncages; g++) {
		*rc = cage_sets(d, n, n * n + m->nunits * n + g,
		    sec + g * 2 * n, 1, m->csize[g], m->sum[g], 0);
		if (*rc < 0) {
			dlx_free(d);
			return NULL;
		}
	}
	/* The last option strikes: it alone names "struck" besides the
	 * struck candidates, so forcing it takes them all away. */
	if (struck != NULL && (*rc = dlx_add_option(d, &np, 1)) < 0) {
		dlx_free(d);
		return NULL;
	}
	*rc = DLX_OK;
	return d;
}

/*
 * The first cell of unit u (k-th cell x) before position k holding the
 * same symbol: a symbol seen twice was seen first there.
 */
static void
conflict(const struct sm_model *m, int boxr, int boxc, const int *cells,
    int u, int k, struct dlx_sudoku_conflict *conf)
{
	int	n = m != NULL ? m->n : boxr * boxc, j, x, y;

	x = m != NULL ? m->unit[u][k] : sm_classic_cell(boxr, boxc, u, k);
	y = x;
	for (j = 0; j < k; j++) {
		y = m != NULL ? m->unit[u][j] :
		    sm_classic_cell(boxr, boxc, u, j);
		if (cells[y] == cells[x])
			break;
	}
	conf->kind = m != NULL ? m->ukind[u] : DLX_SUDOKU_ROW + u / n;
	conf->unit = m != NULL ? m->uindex[u] : u % n;
	conf->symbol = cells[x];
	conf->row1 = y / n;
	conf->col1 = y % n;
	conf->row2 = x / n;
	conf->col2 = x % n;
}

int
sm_check(const struct sm_model *m, int boxr, int boxc, const int *cells,
    struct dlx_sudoku_conflict *conf)
{
	uint64_t	seen, bit;
	int		n, nunits, u, k, x, g, y;

	n = m != NULL ? m->n : boxr * boxc;
	nunits = m != NULL ? m->nunits : 3 * n;
	for (x = 0; x < n * n; x++)
		if (cells[x] < 0 || cells[x] > n)
			return DLX_EINVAL;
	/* A bit per symbol and unit: the common case, no repeat, costs
	 * one look at each cell of each unit and clears nothing. */
	for (u = 0; u < nunits; u++) {
		seen = 0;
		for (k = 0; k < n; k++) {
			x = m != NULL ? m->unit[u][k] :
			    sm_classic_cell(boxr, boxc, u, k);
			if (cells[x] == 0)
				continue;
			bit = (uint64_t)1 << cells[x];
			if (seen & bit) {
				if (conf != NULL)
					conflict(m, boxr, boxc, cells, u, k,
					    conf);
				return DLX_ECONFLICT;
			}
			seen |= bit;
		}
	}
	/* Cages: a repeated digit, looked for cell pair by cell pair in
	 * reading order (cages are small). */
	for (x = 0; m != NULL && m->ncages > 0 && x < n * n; x++) {
		if (cells[x] == 0)
			continue;
		g = m->cage[x];
		for (y = 0; y < x; y++) {
			if (m->cage[y] != g || cells[y] != cells[x])
				continue;
			if (conf != NULL) {
				conf->kind = DLX_SUDOKU_CAGE;
				conf->unit = g;
				conf->symbol = cells[x];
				conf->row1 = y / n;
				conf->col1 = y % n;
				conf->row2 = x / n;
				conf->col2 = x % n;
			}
			return DLX_ECONFLICT;
		}
	}
	return DLX_OK;
}

void
sm_symbols_init(struct sm_symbols *sy, const char *alphabet, int n)
{
	if (alphabet == NULL)
		alphabet = DLX_SUDOKU_SYMBOLS;
	if (n < 0)
		n = 0;
	sy->n = n;
	sy->numbers = n > DLX_SUDOKU_MAXN || strlen(alphabet) < (size_t)n;
	memset(sy->chr, 0, sizeof sy->chr);
	if (!sy->numbers)
		memcpy(sy->chr, alphabet, (size_t)n);
}

int
sm_symbol_text(const struct sm_symbols *sy, int v, char *buf)
{
	if (v < 1 || v > sy->n)
		return snprintf(buf, 4, "?");
	if (sy->numbers)
		return snprintf(buf, 4, "%d", v);
	buf[0] = sy->chr[v - 1];
	buf[1] = '\0';
	return 1;
}

/* ---- symmetry and the PRNG, for the generator and the minimizer ------- */

int
sm_orbit(int n, int symmetry, int x, int *orbit)
{
	int	r = x / n, c = x % n, img[4], k = 1, j, dup, m = 0;

	img[0] = x;
	switch (symmetry) {
	case DLX_GEN_SYM_180:
		img[k++] = (n - 1 - r) * n + (n - 1 - c);
		break;
	case DLX_GEN_SYM_90:
		img[k++] = c * n + (n - 1 - r);
		img[k++] = (n - 1 - r) * n + (n - 1 - c);
		img[k++] = (n - 1 - c) * n + r;
		break;
	case DLX_GEN_SYM_MIRROR:
		img[k++] = r * n + (n - 1 - c);
		break;
	}
	/* The centre of an odd grid is its own image. */
	for (j = 0; j < k; j++) {
		for (dup = 0; dup < m; dup++)
			if (orbit[dup] == img[j])
				break;
		if (dup == m)
			orbit[m++] = img[j];
	}
	return m;
}

static uint64_t
splitmix(uint64_t *x)
{
	uint64_t	z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void
sm_rng_seed(uint64_t rng[2], uint64_t seed)
{
	rng[0] = splitmix(&seed);
	rng[1] = splitmix(&seed);
}

uint64_t
sm_rng_next(uint64_t rng[2])
{
	uint64_t	s1 = rng[0], s0 = rng[1];

	rng[0] = s0;
	s1 ^= s1 << 23;
	rng[1] = s1 ^ s0 ^ (s1 >> 17) ^ (s0 >> 26);
	return rng[1] + s0;
}

int
sm_rng_below(uint64_t rng[2], int n)
{
	return (int)(((sm_rng_next(rng) >> 32) * (uint64_t)n) >> 32);
}

void
sm_shuffle(uint64_t rng[2], int *a, int n)
{
	int	i, j, t;

	for (i = n - 1; i > 0; i--) {
		j = sm_rng_below(rng, i + 1);
		t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}
