/*
 * cluster.c: --part, checkpoints and part records for both programs
 * (cluster.h).
 *
 * A checkpoint is the library's position as text (dlx_pos_format(): the
 * tasks left, the figures so far, the problem's digest, the part, the
 * program and its version, a checksum).  It is written whole to a
 * temporary file in the same directory, flushed to the disk, renamed over
 * the old one and the directory flushed, so that a crash at any moment
 * leaves either the old checkpoint or the new one, never a mixture.  It is
 * taken at a progress call of the search, every --checkpoint-every
 * seconds, and when a signal or the program stops the search there.  A
 * count on threads calls progress one thread at a time, holding the
 * others at their next call, so the save sees one consistent position
 * (dlx_part.h: the subtrees done, those under way cut or whole).
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "prog/common/cli.h"
#include "prog/common/cluster.h"
#include "dlx_part.h"

#define MAX_CHECKPOINT	((size_t)1 << 30)	/* bytes read at most */

static void
cdiag(const struct cluster *c, const char *fmt, ...)
    __attribute__((__format__(__printf__, 2, 3)));

/* "PROG: message" on stderr. */
static void
cdiag(const struct cluster *c, const char *fmt, ...)
{
	va_list	ap;

	cli_flush();
	fprintf(stderr, "%s: ", c->prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static double
seconds(void)
{
	struct timespec	t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void
cluster_u128_text(uint64_t hi, uint64_t lo, char *s)
{
	struct dlx_wide	w;

	w.hi = hi;
	w.lo = lo;
	dlx_wide_format(w, s, 40);
}

int
cluster_active(const struct cluster *c)
{
	return c->n != 0 || c->checkpoint != NULL || c->resume != NULL ||
	    c->resplit != 0;
}

/* A number 1..1<<20 from s[0..len-1]; 0 if it is not one. */
static unsigned
part_number(const char *s, size_t len)
{
	unsigned long	v = 0;
	size_t		i;

	if (len == 0 || len > 8)
		return 0;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		v = v * 10 + (unsigned long)(s[i] - '0');
	}
	return v <= (1ul << 20) ? (unsigned)v : 0;
}

int
cluster_parse_part(const char *arg, unsigned *k, unsigned *n,
    const char **why)
{
	static char	 env_why[160];
	const char	*slash, *ks;

	*why = "not K/N with 1 <= K <= N <= 1048576 (parts count from 1)";
	if ((slash = strchr(arg, '/')) == NULL)
		return -1;
	ks = arg;
	*n = part_number(slash + 1, strlen(slash + 1));
	if (slash == arg) {
		/* K from the Slurm array job: a fault is in the variable,
		 * so the message names it and its value. */
		if ((ks = getenv("SLURM_ARRAY_TASK_ID")) == NULL) {
			*why = "no K before '/' and no SLURM_ARRAY_TASK_ID";
			return -1;
		}
		*k = part_number(ks, strlen(ks));
		if (*n != 0 && (*k == 0 || *k > *n)) {
			snprintf(env_why, sizeof env_why, "K comes from "
			    "SLURM_ARRAY_TASK_ID='%.32s', which is not a part "
			    "from 1 to %u", ks, *n);
			*why = env_why;
			return -1;
		}
	} else
		*k = part_number(arg, (size_t)(slash - arg));
	if (*k == 0 || *n == 0 || *k > *n)
		return -1;
	return 0;
}

int
cluster_parse_path(struct cluster *c, const char *arg, const char **why)
{
	static char	 buf[64];
	const char	*p = arg, *comma;
	size_t		 len;
	unsigned	 k, n, depth = 0;

	c->nsub = 0;
	for (;;) {
		comma = strchr(p, ',');
		len = comma != NULL ? (size_t)(comma - p) : strlen(p);
		/* Only the last step may take K from a Slurm array. */
		if (len >= sizeof buf || (comma != NULL && len > 0 &&
		    *p == '/')) {
			*why = "not a path of parts K/N,K/N,... with K given "
			    "before the last";
			return -1;
		}
		memcpy(buf, p, len);
		buf[len] = '\0';
		if (cluster_parse_part(buf, &k, &n, why) != 0)
			return -1;
		if (depth == 0) {
			c->k = k;
			c->n = n;
		} else if (depth > DLX_PART_DEPTH) {
			*why = "more than 16 re-splits";
			return -1;
		} else {
			c->sub[depth - 1][0] = k;
			c->sub[depth - 1][1] = n;
			c->nsub = depth;
		}
		depth++;
		if (comma == NULL)
			return 0;
		p = comma + 1;
	}
}

void
cluster_part_name(const struct cluster *c, char *s, size_t size)
{
	size_t		i, len;
	unsigned	k, n;

	snprintf(s, size, "%u/%u", c->k, c->n);
	for (i = 0; i < c->nlineage || (c->nlineage == 0 && i < c->nsub);
	    i++) {
		k = c->nlineage > 0 ? c->lineage[i].k : c->sub[i][0];
		n = c->nlineage > 0 ? c->lineage[i].n : c->sub[i][1];
		len = strlen(s);
		snprintf(s + len, size - len, ",%u/%u", k, n);
	}
}

int
cluster_option(struct cluster *c, int ch, const char *arg)
{
	const char	*why;

	switch (ch) {
	case CLUSTER_OPT_PART:
		if (cluster_parse_path(c, arg, &why) != 0)
			cli_usage_error("--part: '%s': %s", arg, why);
		return 1;
	case CLUSTER_OPT_RESPLIT:
		if ((c->resplit = part_number(arg, strlen(arg))) == 0)
			cli_usage_error("--resplit: '%s' is not a number of "
			    "sub-parts from 1 to 1048576", arg);
		return 1;
	case CLUSTER_OPT_RECORD:
		c->record = arg;
		return 1;
	case CLUSTER_OPT_CHECKPOINT:
		c->checkpoint = arg;
		return 1;
	case CLUSTER_OPT_CHECKPOINT_EVERY:
		if (cli_parse_seconds(arg, &c->every) != 0)
			cli_usage_error("--checkpoint-every: '%s' is not a "
			    "number of seconds", arg);
		return 1;
	case CLUSTER_OPT_RESUME:
		c->resume = arg;
		return 1;
	}
	return 0;
}

int
cluster_setup(struct cluster *c, const char **why)
{
	static char	 env_why[256];
	const char	*env;

	if (c->every == 0)
		c->every = CLUSTER_EVERY;
	if (c->n == 0 && (env = getenv("DLX_PART")) != NULL && *env != '\0' &&
	    cluster_parse_path(c, env, why) != 0) {
		snprintf(env_why, sizeof env_why, "DLX_PART='%.32s': %s", env,
		    *why);
		*why = env_why;
		return -1;
	}
	c->parted = c->n != 0;
	/* Resuming goes on saving to the same file unless told otherwise. */
	if (c->resume != NULL && c->checkpoint == NULL)
		c->checkpoint = c->resume;
	if (c->resplit != 0 && c->checkpoint == NULL) {
		*why = "--resplit writes its sub-parts to FILE.1 ... FILE.M: "
		    "name FILE with --checkpoint or --resume";
		return -1;
	}
	return 0;
}

/* ---- checkpoint files ---------------------------------------------- */

struct ctx {
	struct cluster		*c;
	dlx_pos			*pos;
	const struct dlx_request *s;	/* the caller's callbacks */
	char			*program;	/* "PROG VERSION" */
	double			 last;		/* time of the last save */
	int			 failed;	/* a save failed (reported) */
};

static int
write_all(int fd, const char *p, size_t n)
{
	ssize_t	w;

	while (n > 0) {
		if ((w = write(fd, p, n)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Write the position to the checkpoint file, atomically.  Returns 0, or
 * -1 after printing why (the old file is then left as it was). */
static int
save(struct ctx *x)
{
	const char	*file = x->c->checkpoint, *slash;
	char		*text = NULL, *tmp = NULL, *dir = NULL;
	size_t		 len, n;
	int		 fd = -1, dfd, rc = -1, e;

	if (dlx_pos_format(x->pos, x->program, &text, &len) != DLX_OK) {
		cdiag(x->c, "%s: %s", file, dlx_strerror(DLX_ENOMEM));
		return -1;
	}
	n = strlen(file) + 32;
	if ((tmp = malloc(n)) == NULL || (dir = malloc(n)) == NULL) {
		cdiag(x->c, "%s: %s", file, dlx_strerror(DLX_ENOMEM));
		goto out;
	}
	snprintf(tmp, n, "%s.tmp%ld", file, (long)getpid());
	if ((slash = strrchr(file, '/')) == NULL)
		strcpy(dir, ".");
	else if (slash == file)
		strcpy(dir, "/");
	else {
		memcpy(dir, file, (size_t)(slash - file));
		dir[slash - file] = '\0';
	}
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
	    0644)) < 0 || write_all(fd, text, len) != 0 || fsync(fd) != 0) {
		e = errno;
		cdiag(x->c, "%s: %s", tmp, strerror(e));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		goto out;
	}
	if (close(fd) != 0) {
		cdiag(x->c, "%s: %s", tmp, strerror(errno));
		unlink(tmp);
		goto out;
	}
	if (rename(tmp, file) != 0) {
		cdiag(x->c, "%s: %s", file, strerror(errno));
		unlink(tmp);
		goto out;
	}
	/* The rename itself must reach the disk. */
	if ((dfd = open(dir, O_RDONLY | O_CLOEXEC)) >= 0) {
		(void)fsync(dfd);
		close(dfd);
	}
	rc = 0;
out:
	free(text);
	free(tmp);
	free(dir);
	return rc;
}

/* Read a whole file into a buffer; NULL after printing why. */
static char *
slurp(const struct cluster *c, const char *file, size_t *len)
{
	FILE	*fp;
	char	*p = NULL, *q;
	size_t	 n = 0, cap = 0, r;

	if ((fp = fopen(file, "rb")) == NULL) {
		cdiag(c, "%s: %s", file, strerror(errno));
		return NULL;
	}
	for (;;) {
		if (n == cap) {
			if (cap >= MAX_CHECKPOINT) {
				cdiag(c, "%s: not a checkpoint: too big",
				    file);
				goto fail;
			}
			cap = cap == 0 ? 65536 : 2 * cap;
			if ((q = realloc(p, cap)) == NULL) {
				cdiag(c, "%s: %s", file,
				    dlx_strerror(DLX_ENOMEM));
				goto fail;
			}
			p = q;
		}
		r = fread(p + n, 1, cap - n, fp);
		n += r;
		if (r == 0)
			break;
	}
	if (ferror(fp)) {
		cdiag(c, "%s: %s", file, strerror(errno ? errno : EIO));
		goto fail;
	}
	fclose(fp);
	*len = n;
	return p;
fail:
	fclose(fp);
	free(p);
	return NULL;
}

/* Whether the sub-parts of --part (if any) are those of pos's lineage. */
static int
same_path(const struct cluster *c, const dlx_pos *pos)
{
	struct dlx_part_step	st[DLX_PART_DEPTH];
	size_t			n, i;

	n = dlx_pos_lineage(pos, st, DLX_PART_DEPTH);
	if (c->nsub == 0)
		return 1;
	if (n != c->nsub)
		return 0;
	for (i = 0; i < n; i++)
		if (st[i].k != c->sub[i][0] || st[i].n != c->sub[i][1])
			return 0;
	return 1;
}

/* Load and check the checkpoint to resume from; NULL after printing
 * why.  Nothing is written before this succeeds. */
static dlx_pos *
load(struct ctx *x, uint64_t digest)
{
	struct cluster	*c = x->c;
	struct dlx_error err;
	dlx_pos		*pos = NULL;
	char		*text, *program = NULL, name[256];
	size_t		 len;
	unsigned	 k, n;
	int		 rc;

	if ((text = slurp(c, c->resume, &len)) == NULL)
		return NULL;
	rc = dlx_pos_parse(text, len, &pos, &program, NULL, &err);
	free(text);
	if (rc != DLX_OK) {
		cdiag(c, "%s: not a usable checkpoint: %s", c->resume,
		    err.message);
		return NULL;
	}
	dlx_pos_part(pos, &k, &n);
	if (strcmp(program, x->program) != 0)
		cdiag(c, "%s: checkpoint of another program or version "
		    "('%s', this is '%s')", c->resume, program, x->program);
	else if (dlx_pos_digest(pos) != digest)
		cdiag(c, "%s: checkpoint of another problem (problem "
		    "%016llx, this is %016llx)", c->resume,
		    (unsigned long long)dlx_pos_digest(pos),
		    (unsigned long long)digest);
	else if (c->n != 0 && (k != c->k || n != c->n))
		cdiag(c, "%s: checkpoint of part %u/%u, not of part %u/%u",
		    c->resume, k, n, c->k, c->n);
	else if (c->n != 0 && !same_path(c, pos))
		cdiag(c, "%s: checkpoint of another sub-part than part %s",
		    c->resume, (cluster_part_name(c, name, sizeof name), name));
	else {
		free(program);
		c->k = k;
		c->n = n;
		/* A part's checkpoint resumes as that part, and so does a
		 * sub-part's, even of part 1/1. */
		c->parted = c->parted || n > 1 ||
		    dlx_pos_lineage(pos, NULL, 0) > 0;
		return pos;
	}
	free(program);
	dlx_pos_free(pos);
	return NULL;
}

static int
wrap_progress(void *arg, const struct dlx_stats *st)
{
	struct ctx	*x = arg;
	int		 stop = 0;
	double		 t;

	if (x->s != NULL && x->s->progress != NULL)
		stop = x->s->progress(x->s->progress_arg, st);
	if (cli_interrupted())
		stop = 1;
	if (x->c->checkpoint != NULL) {
		t = seconds();
		if (stop || t - x->last >= x->c->every) {
			if (save(x) != 0) {
				x->failed = 1;
				return 1;
			}
			x->last = t;
		}
	}
	return stop;
}

/*
 * The position to search from into x->pos: the checkpoint resumed, this
 * part's share of the split, or the whole problem (then part 1/1).
 * Returns DLX_OK, or a code after which nothing is left to free but
 * x->program.
 */
static int
start_pos(struct ctx *x, dlx *d, uint64_t digest)
{
	struct cluster	*c = x->c;
	dlx_pos		*sub;
	unsigned	 i;
	int		 rc;

	if (c->resume != NULL) {
		if ((x->pos = load(x, digest)) == NULL)
			return CLUSTER_EFILE;
	} else if (c->n > 1 || c->nsub > 0) {
		/* Only this part's share of the split is computed, then
		 * that of each re-split down the path. */
		rc = c->n > 1 ? dlx_split_part(d, c->k, c->n, &x->pos) :
		    dlx_pos_whole(&x->pos, d);
		for (i = 0; i < c->nsub && rc == DLX_OK; i++) {
			rc = dlx_pos_split_part(d, x->pos, c->sub[i][0],
			    c->sub[i][1], &sub);
			dlx_pos_free(x->pos);
			x->pos = sub;
		}
		if (rc != DLX_OK) {
			dlx_pos_free(x->pos);
			x->pos = NULL;
		}
		return rc;
	} else {
		if (c->n == 0)
			c->k = c->n = 1;
		return dlx_pos_whole(&x->pos, d);
	}
	return DLX_OK;
}

/*
 * Search d from x->pos with s's callbacks behind wrap_progress(): on the
 * request's threads (a checkpoint on one unless -t asks for more, which
 * the library serves for a count alone and refuses otherwise).  Saves the
 * final checkpoint.  Returns the search's code, or CLUSTER_EFILE after a
 * failed save or for a checkpoint that does not fit.
 */
static int
ctx_search(struct ctx *x, dlx *d, const struct dlx_request *rq,
    struct dlx_result *res)
{
	struct cluster		*c = x->c;
	struct dlx_request	 r2;
	int			 rc;

	/* The caller's request whole, from this position, with the
	 * checkpoints behind its progress. */
	r2 = *rq;
	r2.progress = wrap_progress;
	r2.progress_arg = x;
	r2.pos = x->pos;
	r2.checkpoint = c->checkpoint != NULL;
	rc = dlx_run(d, &r2, res);
	if (x->failed)
		rc = CLUSTER_EFILE;
	else if (rc == DLX_ECORRUPT) {
		cdiag(c, "%s: the checkpoint does not fit the problem",
		    c->resume != NULL ? c->resume : "(part)");
		rc = CLUSTER_EFILE;
	} else if (rc >= 0 && c->checkpoint != NULL && save(x) != 0)
		/* However it ended: a stop by visit leaves the position
		 * just past the last solution visited. */
		rc = CLUSTER_EFILE;
	return rc;
}

/*
 * --resplit: write the c->resplit sub-parts of x->pos to FILE.1 ...
 * FILE.M (FILE: c->checkpoint), each as a checkpoint is written, and
 * their names to standard output.  Returns CLUSTER_SPLIT, a library
 * code, or CLUSTER_EFILE after a failed write (the files written before
 * it stay: each is whole, and a second run writes them again).
 */
static int
write_subs(struct ctx *x, dlx *d)
{
	struct cluster	 cc = *x->c;
	struct ctx	 y = *x;
	dlx_pos		**subs;
	char		*name;
	size_t		 n;
	unsigned	 k, m = x->c->resplit;
	int		 rc;

	n = strlen(x->c->checkpoint) + 16;
	subs = calloc(m, sizeof *subs);
	name = malloc(n);
	if (subs == NULL || name == NULL) {
		free(subs);
		free(name);
		return DLX_ENOMEM;
	}
	if ((rc = dlx_pos_split(d, x->pos, m, subs)) != DLX_OK) {
		free(subs);
		free(name);
		return rc;
	}
	rc = CLUSTER_SPLIT;
	cc.checkpoint = name;
	y.c = &cc;
	for (k = 0; k < m; k++) {
		snprintf(name, n, "%s.%u", x->c->checkpoint, k + 1);
		y.pos = subs[k];
		if (rc == CLUSTER_SPLIT && save(&y) != 0)
			rc = CLUSTER_EFILE;
		if (rc == CLUSTER_SPLIT)
			cli_out("%s\n", name);
		dlx_pos_free(subs[k]);
	}
	free(subs);
	free(name);
	return rc;
}

/*
 * The library re-splits no position of Algorithm M's tree (its paths are
 * ranks of branches, not options: dlx_pos_split()); say so rather than
 * leave the dispatcher's empty refusal.  Returns CLUSTER_EFILE for that
 * (status 2, said), else rc.
 */
static int
resplit_refused(const struct cluster *c, int rc)
{
	if (rc != DLX_ENOTSUP)
		return rc;
	cdiag(c, "not supported: re-splitting a part (--part K/N,J/M or "
	    "--resplit) with item bounds; split into more parts instead");
	return CLUSTER_EFILE;
}

int
cluster_search(struct cluster *c, dlx *d, const struct dlx_request *rq,
    struct dlx_result *res)
{
	struct dlx_request r2;
	struct ctx	 x;
	struct dlx_wide	 w;
	uint64_t	 digest;
	double		 t0;
	size_t		 n;
	int		 rc;

	memset(&x, 0, sizeof x);
	x.c = c;
	x.s = rq;
	t0 = seconds();
	n = strlen(c->prog) + strlen(c->version) + 2;
	if ((x.program = malloc(n)) == NULL) {
		cdiag(c, "%s", dlx_strerror(DLX_ENOMEM));
		return DLX_ENOMEM;
	}
	snprintf(x.program, n, "%s %s", c->prog, c->version);
	c->digest = digest = dlx_digest(d);
	/* What cannot run is refused before a file is read or written
	 * (dlx_run_plan() reads only whether pos is set). */
	r2 = *rq;
	r2.pos = (dlx_pos *)(void *)&x;
	r2.checkpoint = c->checkpoint != NULL;
	if ((rc = dlx_run_plan(d, &r2, res)) != DLX_OK) {
		free(x.program);
		return rc;
	}
	if ((rc = start_pos(&x, d, digest)) != DLX_OK) {
		free(x.program);
		return resplit_refused(c, rc);
	}
	c->nlineage = (unsigned)dlx_pos_lineage(x.pos, c->lineage,
	    DLX_PART_DEPTH);
	c->parted = c->parted || c->nlineage > 0;
	if (c->resplit != 0) {
		rc = resplit_refused(c, write_subs(&x, d));
		if (rc == DLX_ECORRUPT) {
			cdiag(c, "%s: the checkpoint does not fit the problem",
			    c->resume != NULL ? c->resume : "(part)");
			rc = CLUSTER_EFILE;
		}
		dlx_pos_free(x.pos);
		free(x.program);
		return rc;
	}
	dlx_pos_figures(x.pos, &w, NULL, NULL);
	c->before = w.hi != 0 ? UINT64_MAX : w.lo;
	/*
	 * The checkpoint holds every solution visited, so none may wait in
	 * a buffer: each is written out as it is visited, and one that
	 * cannot be (a stop, the reader gone quiet) is left to the resumed
	 * run by its visit's DLX_VISIT_AGAIN.
	 */
	if (c->checkpoint != NULL && rq->visit != NULL)
		cli_write_each(1);

	rc = DLX_OK;
	if (c->checkpoint != NULL && save(&x) != 0)
		rc = CLUSTER_EFILE;
	x.last = seconds();
	if (rc == DLX_OK)
		rc = ctx_search(&x, d, rq, res);
	dlx_pos_figures(x.pos, &w, &c->nodes, &c->updates);
	/* An early end on threads or with the cache found solutions
	 * beyond the position (searched again when resumed): the count
	 * so far is the run's, every solution found. */
	if (rc > 0 && (res->count.hi > w.hi || (res->count.hi == w.hi &&
	    res->count.lo > w.lo)))
		w = res->count;
	c->sol_hi = w.hi;
	c->sol_lo = w.lo;
	c->seconds = seconds() - t0;
	c->signo = cli_interrupted();
	dlx_pos_free(x.pos);
	free(x.program);
	return rc;
}

int
cluster_write_record(const struct cluster *c)
{
	FILE	*out;
	char	 num[48], line[2048], lin[40 * DLX_PART_DEPTH + 16];
	size_t	 i, len = 0;
	int	 rc;

	cluster_u128_text(c->sol_hi, c->sol_lo, num);
	/* A sub-part names its re-splits, each "K/N@ID" (dlx_part.h),
	 * top first; a part as --part K/N made it has no such member, and
	 * reads as it always did. */
	lin[0] = '\0';
	for (i = 0; i < c->nlineage; i++)
		len += (size_t)snprintf(lin + len, sizeof lin - len,
		    "%s%u/%u@%016llx", i == 0 ? ",\"lineage\":\"" : ",",
		    c->lineage[i].k, c->lineage[i].n,
		    (unsigned long long)c->lineage[i].split);
	if (c->nlineage > 0)
		snprintf(lin + len, sizeof lin - len, "\"");
	/* Sorted keys would be nicer to diff; this order reads better. */
	snprintf(line, sizeof line, "{\"type\":\"part\",\"program\":\"%s\","
	    "\"version\":\"%s\",\"problem\":\"%016llx\",\"split\":%d,"
	    "\"part\":%u,\"parts\":%u%s,\"solutions\":%s,\"nodes\":%llu,"
	    "\"updates\":%llu,\"seconds\":%.3f}\n", c->prog, c->version,
	    (unsigned long long)c->digest, DLX_SPLIT_VERSION, c->k, c->n,
	    lin, num, (unsigned long long)c->nodes,
	    (unsigned long long)c->updates, c->seconds);
	if (c->record == NULL) {
		/* With the rest of standard output, checked at the end. */
		cli_puts(line);
		return 0;
	}
	if ((out = fopen(c->record, "w")) == NULL) {
		cdiag(c, "%s: %s", c->record, strerror(errno));
		return -1;
	}
	rc = fputs(line, out);
	if (fclose(out) != 0)
		rc = -1;
	if (rc < 0)
		cdiag(c, "%s: %s", c->record, strerror(errno));
	return rc < 0 ? -1 : 0;
}
