/*
 * comp.c: component counting in the cache's count (memo.c).
 *
 * At a node of the count, the items in view (active primary items and
 * active secondary items not purified) are joined when a live option
 * holds both; a purified item joins nothing.  When the primary items fall
 * into two groups or more, the node's count is the product of the
 * groups' counts, each counted on its own by a nested memo_search() with
 * only its group in view: the other primary items out of the list of
 * items (and covered for the choice of item), the state (m->bits,
 * m->pcol, m->hash) cut down to the group's items and the purified items
 * its options touch.  That is the key of the group: a whole state with
 * exactly those items active has the same options and the same count, so
 * groups and whole states share the table.
 *
 * Invariants: every change the nested count makes is to its group's
 * items, and it undoes all of them; the list of items is then rebuilt in
 * its old order and the state put back, whatever the nested count
 * returned.  A split needs room (struct split) taken from the cache's
 * budget; where there is none, the node is counted whole, and the count
 * is the same.
 *
 * Where to look (memo.h: comp_want(), comp_looked()) is judged in the
 * loop itself; here is the look and the product.
 */
#include <stdint.h>
#include <string.h>

#include "dlx.h"
#include "lib/core/dlx_impl.h"
#include "lib/core/wide.h"
#include "lib/engine/memo.h"

#define NEST		32	/* splits inside splits, at most */

/* The room of one split in progress: what it saved and its groups. */
struct split {
	uint64_t	*bits;		/* the state before the split */
	uint32_t	*pcol;
	uint64_t	 hash;
	int		*order;		/* the active primary items, in list
					   order */
	int		 norder;
	int		*items;		/* the groups' items, group by group */
	int		*start;		/* group g: items[start[g]..start[g+1]) */
	int		*prim;		/* group g's primary items (the first
					   prim[g] of its items) */
	int		 ngroup;
	int		 cap;		/* room in items */
};

/* The union-find, the pairs and the size of a split's room (memo.h). */
int
comp_init(struct memo *m, int colored)
{
	dlx	*d = m->d;

	m->npairmax = colored ? 2 * (d->nitems + 1) : 0;
	m->uf = dlxi_alloc(d, NULL, (size_t)d->nitems + 2, sizeof *m->uf);
	m->gid = dlxi_alloc(d, NULL, (size_t)d->nitems + 2, sizeof *m->gid);
	m->seen = dlxi_alloc(d, NULL, (size_t)d->nitems + 2, sizeof *m->seen);
	m->pair = dlxi_alloc(d, NULL, 2 * (size_t)m->npairmax + 2,
	    sizeof *m->pair);
	if (m->uf == NULL || m->gid == NULL || m->seen == NULL ||
	    m->pair == NULL)
		return -1;
	m->aux += 3 * ((size_t)d->nitems + 2) * sizeof *m->uf +
	    (2 * (size_t)m->npairmax + 2) * sizeof *m->pair;
	/* A split's room (struct split), up to NEST of them, is made when
	 * first needed and taken from the table's budget then (room()). */
	m->spbytes = (size_t)m->words * 8 + ((size_t)m->ncolor + 1) * 4 +
	    ((size_t)d->nprimary + 1) * sizeof(int) +
	    (2 * ((size_t)d->nitems + 1) + (size_t)m->npairmax) * sizeof(int) +
	    2 * ((size_t)d->nprimary + 2) * sizeof(int);
	return 0;
}

/* Free what comp_init() and the splits made (memo.h). */
void
comp_free(struct memo *m)
{
	dlx	*d = m->d;
	int	 k;

	dlxi_free(d, m->uf);
	dlxi_free(d, m->gid);
	dlxi_free(d, m->seen);
	dlxi_free(d, m->pair);
	if (m->sp != NULL) {
		for (k = 0; k < NEST; k++)
			dlxi_free(d, m->sp[k].bits);
		dlxi_free(d, m->sp);
	}
}

/* No split in progress, nothing in view (memo.h). */
void
comp_reset(struct memo *m)
{
	memset(m->seen, 0, ((size_t)m->d->nitems + 2) * sizeof *m->seen);
	m->stamp = 0;
	m->nact = 0;
	m->nest = 0;
	m->miss = 0;
	m->wait = 0;
}

/* The hash of m->bits and m->pcol, from scratch (as memo.c's flip() and
 * setcolor() keep it). */
static void
rehash(struct memo *m)
{
	uint64_t	h = 0, w;
	int		k, c;

	for (k = 0; k < m->words; k++)
		for (w = m->bits[k]; w != 0; w &= w - 1)
			h ^= m->zob[k * 64 + __builtin_ctzll(w)];
	for (k = 0; k < m->ncolor; k++)
		if (m->pcol[k] != 0) {
			c = m->d->nprimary + 1 + k;
			h ^= memo_colorhash(c, m->pcol[k]) ^
			    memo_colorhash(c, 0);
		}
	m->hash = h;
}

/* The room of the split at depth n (see struct split), made the first
 * time, if the budget left beside the table holds it; else NULL. */
static struct split *
room(struct memo *m, int n)
{
	dlx		*d = m->d;
	struct split	*sp;
	uint64_t	*w;
	int		*q;
	size_t		 table, words;

	if (m->spbytes == 0 || n >= NEST)
		return NULL;
	table = m->nslots * memo_slotwords(m) * sizeof *m->table;
	if (m->sp == NULL) {
		if (m->budget < table + NEST * sizeof *m->sp)
			return NULL;
		if ((m->sp = dlxi_alloc(d, NULL, NEST, sizeof *m->sp)) == NULL)
			return NULL;
		memset(m->sp, 0, NEST * sizeof *m->sp);
		m->budget -= NEST * sizeof *m->sp;
		m->aux += NEST * sizeof *m->sp;
	}
	sp = &m->sp[n];
	if (sp->bits != NULL)
		return sp;
	words = (m->spbytes + 7) / 8;
	if (m->budget < table + words * 8)
		return NULL;
	if ((w = dlxi_alloc(d, NULL, words, sizeof *w)) == NULL)
		return NULL;
	m->budget -= words * 8;
	m->aux += words * 8;
	sp->bits = w;
	sp->pcol = (uint32_t *)(w + m->words);
	q = (int *)(sp->pcol + m->ncolor + 1);
	sp->order = q;
	q += d->nprimary + 1;
	sp->cap = 2 * (d->nitems + 1) + m->npairmax;
	sp->items = q;
	q += sp->cap;
	sp->start = q;
	q += d->nprimary + 2;
	sp->prim = q;
	return sp;
}

static inline int
purified(const struct memo *m, int c)
{
	return m->ncolor != 0 && c > m->d->nprimary &&
	    m->rcol[c - m->d->nprimary - 1] != 0;
}

static inline int
root(int *uf, int x)
{
	while (uf[x] != x) {
		uf[x] = uf[uf[x]];
		x = uf[x];
	}
	return x;
}

/* Join c's options: each node to the next node of its option whose item
 * is not purified; the purified ones passed on the way are noted with c
 * (in m->pair).  Returns -1 when m->pair is full. */
static int
join(struct memo *m, int c, int *npair)
{
	struct node	*nd = m->d->nodes;
	int		*uf = m->uf;
	int		 rr, x, cc, a, b;

	for (rr = nd[c].down; rr != c; rr = nd[rr].down)
		for (x = rr + 1; x != rr;) {
			cc = nd[x].top;
			if (cc <= 0) {
				x = nd[x].up;
				continue;
			}
			/* Out of view: a primary item of another group of
			 * an outer split (only options of secondary items of
			 * such a group get here: never a group's). */
			if (m->seen[cc] != m->stamp) {
				x++;
				continue;
			}
			if (purified(m, cc)) {
				if (m->gid[cc] == c) {
					x++;
					continue;
				}
				m->gid[cc] = c;
				if (*npair >= m->npairmax)
					return -1;
				m->pair[2 * *npair] = cc;
				m->pair[2 * *npair + 1] = c;
				(*npair)++;
				x++;
				continue;
			}
			a = root(uf, c);
			b = root(uf, cc);
			if (a != b)
				uf[b] = a;
			break;
		}
	return 0;
}

/*
 * The groups of the items in view into sp: the active primary items in
 * list order into sp->order, and the items of each group with a primary
 * item (its primary items first, then its secondary items, then the
 * purified items its options touch).  Returns the number of groups (0
 * when sp has no room for them).
 */
static int
groups(struct memo *m, struct split *sp)
{
	dlx		*d = m->d;
	struct item	*it = d->items;
	int		*uf = m->uf, *gid = m->gid;
	int		 sec = d->nitems + 1;
	int		 c, g, k, r, ng = 0, npair = 0, n;

	if (++m->stamp == 0) {
		memset(m->seen, 0, ((size_t)d->nitems + 2) * sizeof *m->seen);
		m->stamp = 1;
	}
	for (c = it[0].next; c != 0; c = it[c].next)
		uf[c] = c, gid[c] = -1, m->seen[c] = m->stamp;
	for (c = it[sec].next; c != sec; c = it[c].next)
		uf[c] = c, gid[c] = -1, m->seen[c] = m->stamp;
	for (c = it[0].next; c != 0; c = it[c].next)
		if (join(m, c, &npair) != 0)
			return 0;
	for (c = it[sec].next; c != sec; c = it[c].next)
		if (!purified(m, c) && join(m, c, &npair) != 0)
			return 0;
	n = 0;
	for (c = it[0].next; c != 0; c = it[c].next) {
		r = root(uf, c);
		if (gid[r] < 0) {
			sp->prim[ng] = 0;
			gid[r] = ng++;
		}
		sp->order[n++] = c;
	}
	sp->norder = n;
	sp->ngroup = ng;
	if (ng <= 1)
		return ng;
	/* Each item's group; then uf is free for the places to fill. */
	for (k = 0; k < n; k++) {
		c = sp->order[k];
		gid[c] = gid[root(uf, c)];
		sp->prim[gid[c]]++;
	}
	for (c = it[sec].next; c != sec; c = it[c].next)
		if (!purified(m, c))
			gid[c] = gid[root(uf, c)];
	memset(sp->start, 0, ((size_t)ng + 1) * sizeof *sp->start);
	for (c = it[sec].next; c != sec; c = it[c].next)
		if (!purified(m, c) && gid[c] >= 0)
			sp->start[gid[c] + 1]++;
	for (k = 0; k < npair; k++)
		sp->start[gid[m->pair[2 * k + 1]] + 1]++;
	for (g = 0; g < ng; g++)
		sp->start[g + 1] += sp->start[g] + sp->prim[g];
	if (sp->start[ng] > sp->cap)
		return 0;
	for (g = 0; g < ng; g++)
		uf[g] = sp->start[g];
	for (k = 0; k < n; k++) {
		c = sp->order[k];
		sp->items[uf[gid[c]]++] = c;
	}
	for (c = it[sec].next; c != sec; c = it[c].next)
		if (!purified(m, c) && gid[c] >= 0)
			sp->items[uf[gid[c]]++] = c;
	for (k = 0; k < npair; k++)
		sp->items[uf[gid[m->pair[2 * k + 1]]]++] = m->pair[2 * k];
	return ng;
}

#define U128_MAX	(~(u128)0)

/* Split the node at level if its items fall apart (memo.h). */
int
comp_split(struct memo *m, const struct dlxi_memo *p, int level, int *did,
    u128 *out)
{
	dlx		*d = m->d;
	struct item	*it = d->items;
	struct split	*sp;
	int		*len = d->len, *its;
	u128		 prod = 1, cnt, plain = 0, mult = 1;
	uint64_t	 nodes, sum = 0;
	int		 g, k, c, ni, npg, prev, nact, over = 0;
	int		 rc = DLX_OK, np = d->nprimary;

	*did = 0;
	if ((sp = room(m, m->nest)) == NULL)
		return DLX_OK;
	m->st.splits_tried++;
	if (groups(m, sp) <= 1)
		return DLX_OK;
	*did = 1;
	m->st.splits++;
	m->st.components += (uint64_t)sp->ngroup;
	memcpy(sp->bits, m->bits, (size_t)m->words * sizeof *m->bits);
	memcpy(sp->pcol, m->pcol, ((size_t)m->ncolor + 1) * sizeof *m->pcol);
	sp->hash = m->hash;
	nact = m->nact;
	if (m->nest++ == 0)
		m->outer = level;
	for (k = 0; k < sp->norder; k++)
		len[sp->order[k]] += COVERED;
	for (g = 0; g < sp->ngroup; g++) {
		its = sp->items + sp->start[g];
		ni = sp->start[g + 1] - sp->start[g];
		npg = sp->prim[g];
		/* Only group g in view. */
		prev = 0;
		for (k = 0; k < npg; k++) {
			it[prev].next = its[k];
			it[its[k]].prev = prev;
			prev = its[k];
			len[its[k]] -= COVERED;
		}
		it[prev].next = 0;
		it[0].prev = prev;
		memset(m->bits, 0, (size_t)m->words * sizeof *m->bits);
		for (k = 0; k < ni; k++) {
			c = its[k];
			m->bits[c >> 6] |= (uint64_t)1 << (c & 63);
		}
		if (m->ncolor != 0) {
			memset(m->pcol, 0, ((size_t)m->ncolor + 1) *
			    sizeof *m->pcol);
			for (k = npg; k < ni; k++)
				m->pcol[its[k] - np - 1] =
				    m->rcol[its[k] - np - 1];
		}
		rehash(m);
		m->nact = npg;
		nodes = d->st.nodes;
		rc = memo_search(m, p, level, 1, &cnt);
		nodes = d->st.nodes - nodes;
		for (k = 0; k < npg; k++)
			len[its[k]] += COVERED;
		if (rc != DLX_OK)
			break;
		/* The plain search would have run group g's tree once for
		 * each solution of the groups before it. */
		sum += nodes;
		plain += mult * nodes;
		if (plain > (u128)UINT64_MAX)
			plain = UINT64_MAX;
		if (cnt == 0) {
			prod = 0;
			over = 0;
			break;
		}
		mult = cnt > (u128)UINT64_MAX || mult * cnt > UINT64_MAX ?
		    UINT64_MAX : mult * cnt;
		if (!over && prod > U128_MAX / cnt)
			over = 1;
		else if (!over)
			prod *= cnt;
	}
	/* Everything as it was. */
	prev = 0;
	for (k = 0; k < sp->norder; k++) {
		c = sp->order[k];
		len[c] -= COVERED;
		it[prev].next = c;
		it[c].prev = prev;
		prev = c;
	}
	it[prev].next = 0;
	it[0].prev = prev;
	memcpy(m->bits, sp->bits, (size_t)m->words * sizeof *m->bits);
	memcpy(m->pcol, sp->pcol, ((size_t)m->ncolor + 1) * sizeof *m->pcol);
	m->hash = sp->hash;
	m->nact = nact;
	m->nest--;
	if (rc != DLX_OK)
		return rc;
	if (over)
		return DLX_EOVERFLOW;
	if (plain > sum) {
		m->saved += (uint64_t)plain - sum;
		m->st.comp_saved += (uint64_t)plain - sum;
	}
	*out = prod;
	return DLX_OK;
}
