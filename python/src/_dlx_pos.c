/*
 * _dlx_pos.c: long runs in the extension dlx._dlx: a search from a
 * position (a part of the tree, a checkpoint resumed), checkpoints saved
 * on the way, and a Python callable told the figures now and then.
 *
 * A Run holds what one count needs beyond its request (_dlx.h):
 *
 *	run = Run(program, checkpoint=path, every=60.0, part=(k, n),
 *	    progress=callable, progress_every=1.0, sub=((j, m), ...))
 *	run.prepare(matrix, resume_text)   the position: the checkpoint
 *			resumed (checked as the programs check it), part k
 *			of n of the split (then sub-part j of m of each
 *			re-split down the path sub, as --part K/N,J/M), or
 *			the whole tree; the first checkpoint saved
 *	run.resplit(matrix, resume_text, m)   that position split again
 *			into m sub-parts, saved to checkpoint.1 ... .m, as
 *			--resplit M does; nothing is searched
 *	matrix.search(run=run, ...)   the search (run_search() hands it
 *			to pos_run_search() here, without the GIL)
 *	run.finish()	what the position holds now, or the exception of
 *			the progress callable or of a failed save
 *
 * A checkpoint is the library's position as text (dlx_pos_format()),
 * the same file as the programs' --checkpoint: written whole to a
 * temporary file beside it, flushed, renamed over the old one and the
 * directory flushed, so that a crash at any moment leaves the old
 * checkpoint or the new one, never a mixture.  It is saved when the run
 * starts, at a progress call once `every` seconds have passed, and when
 * the search ends however it ended: a stop (Ctrl-C seen by the progress
 * callback of _dlx.c, the callable asking, a failed save) leaves the
 * position exactly where the search stood, so the checkpoint resumes to
 * the exact count.
 *
 * Nothing here refuses a combination: whether a checkpoint may go with
 * threads or the cache is the library's dispatcher's to say (DLX_ENOTSUP,
 * raised by _dlx.c naming what it refused).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <dlx/dlx.h>
#include <dlx/dlx_part.h>

#include "_dlx.h"

/* The version of the library compiled in (setup.py: configure.ac's, or
 * pkg-config's), the second word of the program string of checkpoints,
 * as the programs write their PACKAGE_VERSION. */
#ifndef DLX_LIBRARY_VERSION
#define DLX_LIBRARY_VERSION	"unknown"
#endif

struct pos_run {
	/* Asked: */
	char		*program;	/* "dlx VERSION": checkpoints */
	char		*checkpoint;	/* file to save to, or NULL */
	double		 every;		/* seconds between saves */
	unsigned	 k, n;		/* the part; n == 0: none asked */
	unsigned	 sub[DLX_PART_DEPTH][2]; /* then sub-part sub[i][0] of
					   sub[i][1] of each re-split */
	unsigned	 nsub;		/* steps in sub (0: the part) */
	PyObject	*progress;	/* callable, or NULL */
	double		 progress_every; /* seconds between its calls */

	/* After prepare(): */
	dlx_pos		*pos;		/* NULL: no position (progress
					   alone) */
	uint64_t	 digest;	/* dlx_digest() of the matrix */
	int		 whole;		/* a fresh search of the whole tree:
					   dlx_progress() is its fraction */
	int		 fraction;	/* whole, and d itself is searched
					   (no position, or one path) */

	/* During the search (no GIL): */
	dlx		*d;
	dlx_progress_fn	*inner;		/* _dlx.c's: stop flag, signals */
	void		*inner_arg;
	double		 t0, last_save, last_call;

	/* What went wrong, raised by finish(): */
	int		 save_errno;	/* a failed save's errno, or 0 */
	char		*save_file;	/* the file it failed on */
	PyObject	*exc_type, *exc_value, *exc_tb; /* the callable's */
};

typedef struct {
	PyObject_HEAD
	struct pos_run	 r;
	int		 busy;		/* prepared and not finished */
} Run;

static PyTypeObject RunType;

static double
seconds(void)
{
	struct timespec	t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* ---- checkpoint files (no GIL) ---------------------------------------- */

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

/* Note a failed save: errno e on file (copied; the first failure is
 * kept). */
static void
save_failed(struct pos_run *pr, int e, const char *file)
{
	if (pr->save_errno != 0)
		return;
	pr->save_errno = e != 0 ? e : EIO;
	pr->save_file = strdup(file);
}

/*
 * Save the position to pr->checkpoint atomically (see the top).  Allowed
 * inside a progress callback of the search of pr->pos (then it is where
 * the search stands).  Returns 0, or -1 with the failure noted (the old
 * file is then left as it was).
 */
static int
save(struct pos_run *pr)
{
	const char	*file = pr->checkpoint, *slash;
	char		*text = NULL, *tmp = NULL, *dir = NULL;
	size_t		 len, n;
	int		 fd = -1, dfd, rc = -1;

	if (dlx_pos_format(pr->pos, pr->program, &text, &len) != DLX_OK) {
		save_failed(pr, ENOMEM, file);
		return -1;
	}
	n = strlen(file) + 32;
	if ((tmp = malloc(n)) == NULL || (dir = malloc(n)) == NULL) {
		save_failed(pr, ENOMEM, file);
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
		save_failed(pr, errno, tmp);
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		goto out;
	}
	if (close(fd) != 0) {
		save_failed(pr, errno, tmp);
		unlink(tmp);
		goto out;
	}
	if (rename(tmp, file) != 0) {
		save_failed(pr, errno, file);
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

/* ---- the search ------------------------------------------------------- */

/*
 * The callable with the figures st and the time t: (solutions, nodes,
 * updates, fraction or None, seconds).  Returns nonzero to stop: it
 * returned a true value, or raised (the exception kept for finish()).
 */
static int
call_progress(struct pos_run *pr, const struct dlx_stats *st, double t)
{
	PyGILState_STATE g;
	PyObject	*ret, *frac;
	int		 stop;

	g = PyGILState_Ensure();
	frac = pr->fraction ? PyFloat_FromDouble(dlx_progress(pr->d)) :
	    Py_NewRef(Py_None);
	ret = frac == NULL ? NULL : PyObject_CallFunction(pr->progress,
	    "KKKOd", (unsigned long long)st->solutions,
	    (unsigned long long)st->nodes, (unsigned long long)st->updates,
	    frac, t - pr->t0);
	Py_XDECREF(frac);
	stop = ret == NULL ? -1 : PyObject_IsTrue(ret);
	Py_XDECREF(ret);
	if (stop < 0) {
		if (pr->exc_type == NULL)
			PyErr_Fetch(&pr->exc_type, &pr->exc_value,
			    &pr->exc_tb);
		else
			PyErr_Clear();
		stop = 1;
	}
	PyGILState_Release(g);
	return stop;
}

/* The search's progress: _dlx.c's checks first, then the callable and
 * the checkpoint when they are due. */
static int
pr_progress(void *arg, const struct dlx_stats *st)
{
	struct pos_run	*pr = arg;
	double		 t;

	if (pr->inner != NULL && pr->inner(pr->inner_arg, st) != 0)
		return 1;
	t = seconds();
	if (pr->progress != NULL && t - pr->last_call >= pr->progress_every) {
		pr->last_call = t;
		if (call_progress(pr, st, t) != 0)
			return 1;
	}
	if (pr->pos != NULL && pr->checkpoint != NULL &&
	    t - pr->last_save >= pr->every) {
		if (save(pr) != 0)
			return 1;
		pr->last_save = seconds();
	}
	return 0;
}

int
pos_run_search(struct pos_run *pr, dlx *d, struct dlx_request *rq,
    struct dlx_result *res)
{
	struct dlx_result plan;
	int		 rc;

	pr->d = d;
	/*
	 * dlx_progress(d) is the fraction of the whole tree when d's own
	 * search is of the whole tree: a plain request (on threads too,
	 * where the library keeps it), or a fresh whole position searched
	 * on one path; a position's tasks on threads are searched by
	 * copies, and a part or a resumed run is not the whole tree.
	 */
	pr->fraction = pr->whole;
	if (pr->whole && pr->pos != NULL) {
		rq->pos = pr->pos;
		rq->checkpoint = pr->checkpoint != NULL;
		if (dlx_run_plan(d, rq, &plan) != DLX_OK || plan.threads > 1)
			pr->fraction = 0;
	}
	pr->inner = rq->progress;
	pr->inner_arg = rq->progress_arg;
	pr->t0 = pr->last_save = pr->last_call = seconds();
	rq->progress = pr_progress;
	rq->progress_arg = pr;
	rq->pos = pr->pos;
	rq->checkpoint = pr->pos != NULL && pr->checkpoint != NULL;
	rc = dlx_run(d, rq, res);
	/* However it ended (a stop, a budget, the end): the position is
	 * exact where the search stood, or at its last progress call. */
	if (rc >= 0 && rq->checkpoint && pr->save_errno == 0)
		(void)save(pr);
	pr->d = NULL;
	return rc;
}

/* ---- the type Run ----------------------------------------------------- */

struct pos_run *
pos_run_of(PyObject *o)
{
	if (!PyObject_TypeCheck(o, &RunType)) {
		PyErr_SetString(PyExc_TypeError, "run= takes a dlx._dlx.Run");
		return NULL;
	}
	if (!((Run *)o)->busy) {
		PyErr_SetString(PyExc_RuntimeError, "Run not prepared");
		return NULL;
	}
	return &((Run *)o)->r;
}

static void
run_clear(struct pos_run *pr)
{
	dlx_pos_free(pr->pos);
	pr->pos = NULL;
	free(pr->save_file);
	pr->save_file = NULL;
	pr->save_errno = 0;
	Py_CLEAR(pr->exc_type);
	Py_CLEAR(pr->exc_value);
	Py_CLEAR(pr->exc_tb);
}

static void
Run_dealloc(Run *self)
{
	run_clear(&self->r);
	free(self->r.program);
	free(self->r.checkpoint);
	Py_XDECREF(self->r.progress);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A malloc'd copy of a str or bytes path (os.fsencode()'s bytes). */
static char *
path_copy(PyObject *o)
{
	PyObject	*b = NULL;
	char		*s;

	if (!PyUnicode_FSConverter(o, &b))
		return NULL;
	if ((s = strdup(PyBytes_AS_STRING(b))) == NULL)
		PyErr_NoMemory();
	Py_DECREF(b);
	return s;
}

/*
 * The re-splits below the part (n parts; 0: none asked), sub: a tuple of
 * (j, m) pairs, top first, into pr->sub.  Returns 0, or -1 with
 * ValueError or TypeError set.
 */
static int
sub_path(struct pos_run *pr, PyObject *sub, unsigned n)
{
	Py_ssize_t	 i, len = PyTuple_GET_SIZE(sub);
	unsigned int	 j, m;

	if (len > 0 && n == 0) {
		PyErr_SetString(PyExc_ValueError, "sub-parts of no part");
		return -1;
	}
	if (len > DLX_PART_DEPTH) {
		PyErr_SetString(PyExc_ValueError, "part: more than 16 "
		    "re-splits");
		return -1;
	}
	for (i = 0; i < len; i++) {
		if (!PyArg_ParseTuple(PyTuple_GET_ITEM(sub, i), "II", &j, &m))
			return -1;
		if (j < 1 || j > m || m > 1u << 20) {
			PyErr_SetString(PyExc_ValueError, "part: not (k, n) "
			    "with 1 <= k <= n <= 1048576");
			return -1;
		}
		pr->sub[i][0] = j;
		pr->sub[i][1] = m;
	}
	pr->nsub = (unsigned)len;
	return 0;
}

static int
Run_init(Run *self, PyObject *args, PyObject *kw)
{
	static char	*kwlist[] = { "program", "checkpoint", "every",
			    "part", "progress", "progress_every", "sub", NULL };
	PyObject	*ckpt = Py_None, *progress = Py_None, *sub = NULL;
	const char	*program;
	unsigned int	 k = 0, n = 0;
	double		 every = 60.0, pevery = 1.0;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "s|Od(II)OdO!", kwlist,
	    &program, &ckpt, &every, &k, &n, &progress, &pevery,
	    &PyTuple_Type, &sub))
		return -1;
	if (self->r.program != NULL) {
		PyErr_SetString(PyExc_RuntimeError, "Run already made");
		return -1;
	}
	if (n > 0 && (k < 1 || k > n)) {
		PyErr_SetString(PyExc_ValueError, "part: not (k, n) with "
		    "1 <= k <= n");
		return -1;
	}
	if (progress != Py_None && !PyCallable_Check(progress)) {
		PyErr_SetString(PyExc_TypeError, "progress is not callable");
		return -1;
	}
	if (sub != NULL && sub_path(&self->r, sub, n) != 0)
		return -1;
	if ((self->r.program = malloc(strlen(program) +
	    strlen(DLX_LIBRARY_VERSION) + 2)) == NULL) {
		PyErr_NoMemory();
		return -1;
	}
	sprintf(self->r.program, "%s %s", program, DLX_LIBRARY_VERSION);
	if (ckpt != Py_None && (self->r.checkpoint = path_copy(ckpt)) == NULL)
		return -1;
	self->r.every = every;
	self->r.k = k;
	self->r.n = n;
	self->r.progress = progress != Py_None ? Py_NewRef(progress) : NULL;
	self->r.progress_every = pevery;
	return 0;
}

/* Raise OSError for the failed save noted in pr. */
static PyObject *
raise_save(const struct pos_run *pr)
{
	PyObject	*e;

	errno = pr->save_errno;
	e = PyUnicode_DecodeFSDefault(pr->save_file != NULL ?
	    pr->save_file : "");
	if (e == NULL)
		return NULL;
	PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, e);
	Py_DECREF(e);
	return NULL;
}

/* Whether the re-splits asked (if any) are those of pos's lineage, as
 * the programs' same_path() (cluster.c) says. */
static int
same_path(const struct pos_run *pr, const dlx_pos *pos)
{
	struct dlx_part_step	st[DLX_PART_DEPTH];
	size_t			n, i;

	n = dlx_pos_lineage(pos, st, DLX_PART_DEPTH);
	if (pr->nsub == 0)
		return 1;
	if (n != pr->nsub)
		return 0;
	for (i = 0; i < n; i++)
		if (st[i].k != pr->sub[i][0] || st[i].n != pr->sub[i][1])
			return 0;
	return 1;
}

/* The path asked, "K/N,J/M,...", into s. */
static void
part_name(const struct pos_run *pr, char *s, size_t size)
{
	size_t		len;
	unsigned	i;

	snprintf(s, size, "%u/%u", pr->k, pr->n);
	for (i = 0; i < pr->nsub; i++) {
		len = strlen(s);
		snprintf(s + len, size - len, ",%u/%u", pr->sub[i][0],
		    pr->sub[i][1]);
	}
}

/*
 * The checkpoint text[0..len-1] as the position to resume, checked as the
 * programs check it (cluster.c: the same messages).  Returns the
 * position, or NULL with dlx.Error set.
 */
static dlx_pos *
load(struct pos_run *pr, const char *text, size_t len)
{
	struct dlx_error err;
	dlx_pos		*pos = NULL;
	char		*program = NULL, msg[512], name[256];
	unsigned	 k, n;
	int		 rc;

	memset(&err, 0, sizeof err);
	rc = dlx_pos_parse(text, len, &pos, &program, NULL, &err);
	if (rc == DLX_ENOMEM)
		return (dlx_pos *)PyErr_NoMemory();
	if (rc != DLX_OK) {
		snprintf(msg, sizeof msg, "not a usable checkpoint: %s",
		    err.message);
		return (dlx_pos *)pydlx_raise_error(rc, msg, 0, 0);
	}
	dlx_pos_part(pos, &k, &n);
	if (strcmp(program, pr->program) != 0)
		snprintf(msg, sizeof msg, "checkpoint of another program or "
		    "version ('%s', this is '%s')", program, pr->program);
	else if (dlx_pos_digest(pos) != pr->digest)
		snprintf(msg, sizeof msg, "checkpoint of another problem "
		    "(problem %016llx, this is %016llx)",
		    (unsigned long long)dlx_pos_digest(pos),
		    (unsigned long long)pr->digest);
	else if (pr->n != 0 && (k != pr->k || n != pr->n))
		snprintf(msg, sizeof msg, "checkpoint of part %u/%u, not of "
		    "part %u/%u", k, n, pr->k, pr->n);
	else if (pr->n != 0 && !same_path(pr, pos)) {
		part_name(pr, name, sizeof name);
		snprintf(msg, sizeof msg, "checkpoint of another sub-part "
		    "than part %s", name);
	} else {
		free(program);
		/* A part's checkpoint resumes as that part. */
		pr->k = k;
		pr->n = n;
		return pos;
	}
	free(program);
	dlx_pos_free(pos);
	return (dlx_pos *)pydlx_raise_error(DLX_EINVAL, msg, 0, 0);
}

/*
 * The position to search from into pr->pos, d's lock and the GIL held:
 * the checkpoint text (text->buf NULL: none) resumed, else part k of n
 * of the split and then sub-part j of m of each re-split down pr->sub,
 * as the programs' --part K/N,J/M (only the halves that hold it are
 * refined, at each level), else the whole tree (part 1 of 1) when a
 * checkpoint or a part is asked; none for a callable alone.  Returns 0,
 * or -1 with dlx.Error set (a checkpoint that does not fit) and pr->pos
 * NULL.
 */
static int
start_pos(struct pos_run *pr, dlx *d, const Py_buffer *text)
{
	dlx_pos		*sub;
	unsigned	 i;
	int		 rc = DLX_OK;

	pr->digest = dlx_digest(d);
	pr->whole = 0;
	if (text->buf != NULL) {
		pr->pos = load(pr, text->buf, (size_t)text->len);
		return pr->pos == NULL ? -1 : 0;
	}
	if (pr->n > 1 || pr->nsub > 0) {
		Py_BEGIN_ALLOW_THREADS
		rc = pr->n > 1 ? dlx_split_part(d, pr->k, pr->n, &pr->pos) :
		    dlx_pos_whole(&pr->pos, d);
		for (i = 0; i < pr->nsub && rc == DLX_OK; i++) {
			rc = dlx_pos_split_part(d, pr->pos, pr->sub[i][0],
			    pr->sub[i][1], &sub);
			dlx_pos_free(pr->pos);
			pr->pos = sub;
		}
		Py_END_ALLOW_THREADS
	} else if (pr->n == 1 || pr->checkpoint != NULL) {
		pr->k = pr->n = 1;
		pr->whole = 1;
		rc = dlx_pos_whole(&pr->pos, d);
	} else {
		/* A callable alone: the plain request, no position. */
		pr->whole = 1;
	}
	if (rc != DLX_OK) {
		dlx_pos_free(pr->pos);
		pr->pos = NULL;
		pydlx_raise_code(rc);
		return -1;
	}
	return 0;
}

/*
 * prepare(matrix, resume=None): the position to search from (start_pos():
 * the checkpoint text resume, bytes, or the part asked, or the whole).
 * Saves the first checkpoint.  Raises dlx.Error for a checkpoint that
 * does not fit, OSError for a failed save.
 */
static PyObject *
Run_prepare(Run *self, PyObject *args)
{
	struct pos_run	*pr = &self->r;
	PyObject	*matrix;
	Py_buffer	 text = { 0 };
	dlx		*d;
	int		 rc;

	if (!PyArg_ParseTuple(args, "O|z*", &matrix, &text))
		return NULL;
	if (self->busy) {
		PyErr_SetString(PyExc_RuntimeError, "Run already prepared");
		goto fail;
	}
	run_clear(pr);
	if ((d = pydlx_take(matrix)) == NULL)
		goto fail;
	rc = start_pos(pr, d, &text);
	pydlx_give(matrix);
	if (rc != 0)
		goto fail;
	if (pr->pos != NULL && pr->checkpoint != NULL) {
		Py_BEGIN_ALLOW_THREADS
		rc = save(pr);
		Py_END_ALLOW_THREADS
		if (rc != 0) {
			raise_save(pr);
			run_clear(pr);
			goto fail;
		}
	}
	if (text.buf != NULL)
		PyBuffer_Release(&text);
	self->busy = 1;
	Py_RETURN_NONE;
fail:
	if (text.buf != NULL)
		PyBuffer_Release(&text);
	return NULL;
}

/*
 * resplit(matrix, resume, m): the position start_pos() makes (resume: a
 * checkpoint's text, or None) split again into m sub-parts
 * (dlx_pos_split()), saved as checkpoints to CHECKPOINT.1 ...
 * CHECKPOINT.m, as the programs' --resplit M writes them; nothing is
 * searched.  Returns the list of the file names.  Raises dlx.Error for a
 * position that cannot be split (its code: DLX_ECORRUPT for a checkpoint
 * of another matrix, DLX_ENOTSUP under item bounds) and OSError for a
 * failed save, after which the files written before it stay (each is
 * whole) and no more are written.
 */
static PyObject *
Run_resplit(Run *self, PyObject *args)
{
	struct pos_run	*pr = &self->r;
	PyObject	*matrix, *names = NULL, *o;
	Py_buffer	 text = { 0 };
	dlx_pos		**subs = NULL, *pos;
	char		*file, *name = NULL;
	size_t		 len;
	unsigned int	 m, k;
	dlx		*d;
	int		 rc;

	if (!PyArg_ParseTuple(args, "Oz*I", &matrix, &text, &m))
		return NULL;
	if (self->busy) {
		PyErr_SetString(PyExc_RuntimeError, "Run already prepared");
		goto out;
	}
	if (pr->checkpoint == NULL || m < 1 || m > 1u << 20) {
		PyErr_SetString(PyExc_ValueError, "resplit: m sub-parts "
		    "(1 to 1048576) to the files of a checkpoint");
		goto out;
	}
	run_clear(pr);
	len = strlen(pr->checkpoint) + 16;
	if ((subs = PyMem_Calloc(m, sizeof *subs)) == NULL ||
	    (name = PyMem_Malloc(len)) == NULL ||
	    (names = PyList_New(0)) == NULL) {
		PyErr_NoMemory();
		goto out;
	}
	if ((d = pydlx_take(matrix)) == NULL)
		goto out;
	if ((rc = start_pos(pr, d, &text)) == 0) {
		Py_BEGIN_ALLOW_THREADS
		rc = dlx_pos_split(d, pr->pos, m, subs);
		Py_END_ALLOW_THREADS
		if (rc != DLX_OK)
			pydlx_raise_code(rc);
	}
	pydlx_give(matrix);
	if (rc != 0)
		goto out;
	/* Each sub-part saved as the checkpoint is, under its own name. */
	pos = pr->pos;
	file = pr->checkpoint;
	pr->checkpoint = name;
	for (k = 0; k < m && rc == 0; k++) {
		snprintf(name, len, "%s.%u", file, k + 1);
		pr->pos = subs[k];
		Py_BEGIN_ALLOW_THREADS
		rc = save(pr);
		Py_END_ALLOW_THREADS
		if (rc != 0)
			raise_save(pr);
		else if ((o = PyUnicode_DecodeFSDefault(name)) == NULL ||
		    PyList_Append(names, o) != 0) {
			Py_XDECREF(o);
			rc = -1;
		} else
			Py_DECREF(o);
	}
	pr->checkpoint = file;
	pr->pos = pos;
out:
	if (subs != NULL)
		for (k = 0; k < m; k++)
			dlx_pos_free(subs[k]);
	PyMem_Free(subs);
	PyMem_Free(name);
	run_clear(pr);
	if (text.buf != NULL)
		PyBuffer_Release(&text);
	if (PyErr_Occurred()) {
		Py_XDECREF(names);
		return NULL;
	}
	return names;
}

/*
 * The re-splits of pos's lineage as a part record's "lineage" member
 * writes them ("K/N@ID,...", top first, as the programs' cluster.c), or
 * None for a part as dlx_split() made it.
 */
static PyObject *
lineage_text(const dlx_pos *pos)
{
	struct dlx_part_step	 st[DLX_PART_DEPTH];
	char			 buf[40 * DLX_PART_DEPTH + 1];
	size_t			 n, i, len = 0;

	n = dlx_pos_lineage(pos, st, DLX_PART_DEPTH);
	if (n == 0)
		Py_RETURN_NONE;
	if (n > DLX_PART_DEPTH)
		n = DLX_PART_DEPTH;
	buf[0] = '\0';
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len,
		    "%s%u/%u@%016llx", i == 0 ? "" : ",", st[i].k, st[i].n,
		    (unsigned long long)st[i].split);
	return PyUnicode_FromString(buf);
}

/*
 * finish(): the position's figures after the search: (solutions, nodes,
 * updates, tasks left, part, parts, digest, lineage); (None, ..) without
 * a position.  Raises first what went wrong during the search: the
 * callable's exception, else OSError for a failed save.
 */
static PyObject *
Run_finish(Run *self, PyObject *unused)
{
	struct pos_run	*pr = &self->r;
	struct dlx_wide	 w;
	uint64_t	 nodes, updates;
	PyObject	*sol, *lin;

	(void)unused;
	self->busy = 0;
	if (pr->exc_type != NULL) {
		PyErr_Restore(pr->exc_type, pr->exc_value, pr->exc_tb);
		pr->exc_type = pr->exc_value = pr->exc_tb = NULL;
		run_clear(pr);
		return NULL;
	}
	if (pr->save_errno != 0) {
		raise_save(pr);
		run_clear(pr);
		return NULL;
	}
	if (pr->pos == NULL)
		return Py_BuildValue("(OOOOIIKO)", Py_None, Py_None, Py_None,
		    Py_None, pr->k, pr->n, (unsigned long long)pr->digest,
		    Py_None);
	dlx_pos_figures(pr->pos, &w, &nodes, &updates);
	if ((sol = pydlx_wide(w)) == NULL)
		return NULL;
	if ((lin = lineage_text(pr->pos)) == NULL) {
		Py_DECREF(sol);
		return NULL;
	}
	return Py_BuildValue("(NKKnIIKN)", sol, (unsigned long long)nodes,
	    (unsigned long long)updates, (Py_ssize_t)dlx_pos_tasks(pr->pos),
	    pr->k, pr->n, (unsigned long long)pr->digest, lin);
}

/* save_failed(): OSError for a save that failed during the search (after
 * a KeyboardInterrupt, which finish() is not reached for), or None. */
static PyObject *
Run_save_failed(Run *self, PyObject *unused)
{
	(void)unused;
	if (self->r.save_errno == 0)
		Py_RETURN_NONE;
	raise_save(&self->r);
	{
		PyObject	*t, *v, *tb;

		PyErr_Fetch(&t, &v, &tb);
		PyErr_NormalizeException(&t, &v, &tb);
		Py_XDECREF(t);
		Py_XDECREF(tb);
		return v;
	}
}

/* program(): the program string of the checkpoints ("dlx VERSION"). */
static PyObject *
Run_program(Run *self, PyObject *unused)
{
	(void)unused;
	return PyUnicode_FromString(self->r.program);
}

static PyMethodDef Run_methods[] = {
	{ "prepare", (PyCFunction)Run_prepare, METH_VARARGS,
	  "prepare(matrix, resume=None): the position to search from." },
	{ "resplit", (PyCFunction)Run_resplit, METH_VARARGS,
	  "resplit(matrix, resume, m): that position in m sub-parts, saved "
	  "to CHECKPOINT.1 ... CHECKPOINT.m; their names." },
	{ "finish", (PyCFunction)Run_finish, METH_NOARGS,
	  "finish(): (solutions, nodes, updates, tasks, k, n, digest, "
	  "lineage)." },
	{ "save_failed", (PyCFunction)Run_save_failed, METH_NOARGS,
	  "save_failed(): the OSError of a failed save, or None." },
	{ "program", (PyCFunction)Run_program, METH_NOARGS,
	  "program(): the program string of the checkpoints." },
	{ NULL, NULL, 0, NULL }
};

static PyTypeObject RunType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "dlx._dlx.Run",
	.tp_basicsize = sizeof(Run),
	.tp_dealloc = (destructor)Run_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "Run(program, checkpoint=None, every=60.0, part=(0, 0), "
	    "progress=None, progress_every=1.0, sub=()): a long run's "
	    "position, checkpoints and progress.",
	.tp_methods = Run_methods,
	.tp_init = (initproc)Run_init,
	.tp_new = PyType_GenericNew,
};

int
pos_add_to_module(PyObject *mod)
{
	if (PyType_Ready(&RunType) < 0 ||
	    PyModule_AddObjectRef(mod, "Run", (PyObject *)&RunType) < 0 ||
	    PyModule_AddIntConstant(mod, "SPLIT_VERSION",
	    DLX_SPLIT_VERSION) < 0 ||
	    PyModule_AddIntConstant(mod, "ECORRUPT", DLX_ECORRUPT) < 0 ||
	    PyModule_AddStringConstant(mod, "LIBRARY_VERSION",
	    DLX_LIBRARY_VERSION) < 0)
		return -1;
	return 0;
}
