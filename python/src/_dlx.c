/*
 * _dlx.c: the C layer of the Python package dlx, a thin binding of libdlx.
 *
 * It owns the library's objects and runs the searches; everything a user
 * sees (labels, colors, keyword arguments, the exception classes, the
 * documentation) is in dlx/__init__.py.  Objects:
 *
 *	Matrix		a dlx (made empty, read from text, or a sudoku's
 *			matrix), with search() and iterate()
 *	SolutionIter	the solutions of a Matrix as a stream: a search
 *			thread hands them over in batches
 *	SudokuReader	puzzles of a text or file, one at a time
 *	Generator	dlx_sudoku_gen as an iterator
 *
 * Every search runs through run_search(), the one function that calls the
 * library's search entry points: the rest of this file fills a struct req
 * and reads its results (a long run's position, checkpoints and progress
 * callable are _dlx_pos.c's, added to the request there: _dlx.h).  Searches run without the GIL.  Ctrl-C: Python's
 * own SIGINT handler only marks the signal; PyErr_CheckSignals(), on the
 * main thread, turns it into KeyboardInterrupt.  A search on the calling
 * thread takes the GIL back briefly in its progress callback to call it
 * (only on the main thread, the only one signals reach); a search on other
 * threads (dlx_run's threads, the solution stream) is watched by the
 * calling thread, which waits with the GIL released and checks signals
 * between waits.  Either way a stop is an atomic flag that the search's
 * callbacks return.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <dlx/dlx.h>
#include <dlx/dlx_part.h>
#include <dlx/dlx_text.h>
#include <dlx/dlx_sudoku.h>
#include <dlx/dlx_sudoku_gen.h>
#include <dlx/dlx_logic.h>
#include <dlx/dlx_sudoku.h>

#include "_dlx.h"

/* Updates between two progress calls: about 10 ms of search, so that a
 * stop is prompt and the checks cost nothing measurable. */
#define PROGRESS_UPDATES	((uint64_t)1 << 20)

/* A thread that waits for a search wakes this often to check signals. */
#define POLL_NS			20000000L

/* The exception classes, given by dlx/__init__.py through _init(). */
static PyObject			*error_class;
static PyObject			*incomplete_class;
/* The thread the module was imported on: the main thread, where signal
 * handlers run. */
static unsigned long		 main_ident;

/* ---- errors ----------------------------------------------------------- */

/*
 * Raise dlx.Error(message) with code, line and column (0: none) as
 * attributes.  Returns NULL, for "return raise_error(...)".
 */
static PyObject *
raise_error(int code, const char *msg, unsigned long line,
    unsigned long column)
{
	PyObject	*cls = error_class != NULL ? error_class :
			    PyExc_ValueError;
	PyObject	*exc, *v = NULL;

	exc = PyObject_CallFunction(cls, "s", msg);
	if (exc == NULL)
		return NULL;
	if (cls == error_class) {
		v = PyLong_FromLong(code);
		if (v == NULL || PyObject_SetAttrString(exc, "code", v) < 0)
			goto fail;
		Py_DECREF(v);
		v = line != 0 ? PyLong_FromUnsignedLong(line) :
		    Py_NewRef(Py_None);
		if (v == NULL || PyObject_SetAttrString(exc, "line", v) < 0)
			goto fail;
		Py_DECREF(v);
		v = column != 0 ? PyLong_FromUnsignedLong(column) :
		    Py_NewRef(Py_None);
		if (v == NULL || PyObject_SetAttrString(exc, "column", v) < 0)
			goto fail;
		Py_DECREF(v);
	}
	PyErr_SetObject(cls, exc);
	Py_DECREF(exc);
	return NULL;
fail:
	Py_XDECREF(v);
	Py_DECREF(exc);
	return NULL;
}

/* Raise for a return code of the library (MemoryError for DLX_ENOMEM). */
static PyObject *
raise_code(int code)
{
	if (code == DLX_ENOMEM)
		return PyErr_NoMemory();
	return raise_error(code, dlx_strerror(code), 0, 0);
}

/* A Python int from a 128-bit count. */
static PyObject *
wide_to_long(struct dlx_wide w)
{
	PyObject	*hi, *lo, *shift, *t, *r;

	if (w.hi == 0)
		return PyLong_FromUnsignedLongLong(w.lo);
	hi = PyLong_FromUnsignedLongLong(w.hi);
	lo = PyLong_FromUnsignedLongLong(w.lo);
	shift = PyLong_FromLong(64);
	t = r = NULL;
	if (hi != NULL && lo != NULL && shift != NULL &&
	    (t = PyNumber_Lshift(hi, shift)) != NULL)
		r = PyNumber_Or(t, lo);
	Py_XDECREF(hi);
	Py_XDECREF(lo);
	Py_XDECREF(shift);
	Py_XDECREF(t);
	return r;
}

/* ---- the search request and the one function that runs it ------------ */

/* What to search and, after run_search(), how it went. */
struct req {
	uint64_t	 limit;		/* max_solutions; 0: none */
	uint64_t	 max_nodes;	/* budgets; 0: none */
	uint64_t	 max_updates;
	double		 time_limit;	/* seconds from the call; 0: none */
	unsigned	 threads;	/* 0: as many as pay, N: exactly N */
	int		 memo;		/* -1 never, 0 auto, 1 always
					   (the cache) */
	size_t		 memory;	/* bytes for the cache */
	int		 components;	/* -1 never, 0 auto, 1 always */
	int		 knuth;		/* DLX_KNUTH, DLX_FAST or 0 */
	dlx_solution_fn	*visit;
	void		*visit_arg;
	dlx_progress_fn	*progress;	/* checks the stop flag */
	void		*progress_arg;
	struct pos_run	*pos_run;	/* a long run (_dlx_pos.c), or NULL */

	int		 rc;		/* the library's return code */
	struct dlx_result res;		/* the whole result of dlx_run() */
};

/*
 * Run the search r describes on d.  This is the only place that calls the
 * library's search entry point: one struct dlx_request is built whole from
 * r, and dlx_run() picks the engine (the bit boards for a 9x9 sudoku, the
 * subproblem cache where counting alone pays, the sparse sets, the links,
 * Algorithm M for item bounds) and
 * the threads, as dlx(1) does; what nothing serves comes back as
 * DLX_ENOTSUP with r->res.refused set, and nothing runs.  No GIL is
 * needed: only the library is called.
 */
static void
run_search(dlx *d, struct req *r)
{
	struct dlx_request	rq;

	memset(&rq, 0, sizeof rq);
	rq.visit = r->visit;
	rq.visit_arg = r->visit_arg;
	rq.max_solutions = r->limit;
	rq.max_nodes = r->max_nodes;
	rq.max_updates = r->max_updates;
	rq.progress = r->progress;
	rq.progress_arg = r->progress_arg;
	rq.progress_updates = PROGRESS_UPDATES;
	rq.tree = r->knuth;
	rq.memo = r->memo < 0 ? DLX_MEMO_NEVER : r->memo > 0 ?
	    DLX_MEMO_ALWAYS : DLX_MEMO_AUTO;
	rq.order = DLX_MEMO_ORDER_AUTO;
	rq.memory = r->memory;
	rq.components = r->components < 0 ? DLX_COMP_NEVER :
	    r->components > 0 ? DLX_COMP_ALWAYS : DLX_COMP_AUTO;
	rq.threads = r->threads;
	memset(&r->res, 0, sizeof r->res);
	if (r->pos_run != NULL) {
		/* A position, checkpoints, a progress callable: added to
		 * this request by _dlx_pos.c. */
		r->rc = pos_run_search(r->pos_run, d, &rq, &r->res);
		return;
	}
	r->rc = dlx_run(d, &rq, &r->res);
}

/* ---- stopping: the flag, and the checks of the signals ---------------- */

/*
 * How a search is stopped.  stop is set by whoever wants the search to end
 * (Ctrl-C seen by the calling thread, a stream closed); the progress
 * callback returns it.  When the search runs on the main thread itself,
 * tstate is that thread's state, saved when the GIL was released, and the
 * progress callback takes the GIL back with it to check signals.
 */
struct ctl {
	atomic_int	 stop;		/* nonzero: end the search */
	int		 interrupted;	/* a signal handler raised */
	PyThreadState	*tstate;	/* the caller's, GIL released, or
					   NULL: not on the main thread */
	pthread_t	 caller;	/* the thread of tstate */
	double		 deadline;	/* time_limit's end on the monotonic
					   clock; 0: none */
	atomic_int	 timed_out;	/* the deadline stopped it */
};

static double
mono_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Start r's time limit on c (the clock of the whole call). */
static void
ctl_time(struct ctl *c, const struct req *r)
{
	c->deadline = r->time_limit > 0 ? mono_now() + r->time_limit : 0;
	atomic_store(&c->timed_out, 0);
}

/* A search the time limit stopped is a budget spent: DLX_INCOMPLETE, so
 * that it raises Incomplete with the count so far, as max_nodes does. */
static void
ctl_settle(const struct ctl *c, struct req *r)
{
	if (r->rc == DLX_STOPPED && atomic_load(&c->timed_out) &&
	    !c->interrupted)
		r->rc = DLX_INCOMPLETE;
}

static int
ctl_progress(void *arg, const struct dlx_stats *st)
{
	struct ctl	*c = arg;

	(void)st;
	if (atomic_load(&c->stop))
		return 1;
	/* The time limit stops the search, not the visits: the solutions
	 * the threads found are still handed over, so that the count so
	 * far is that of the solutions seen. */
	if (atomic_load(&c->timed_out) ||
	    (c->deadline != 0 && mono_now() >= c->deadline)) {
		atomic_store(&c->timed_out, 1);
		return 1;
	}
	if (c->tstate != NULL && pthread_equal(pthread_self(), c->caller)) {
		PyEval_RestoreThread(c->tstate);
		if (PyErr_CheckSignals() < 0) {
			c->interrupted = 1;
			atomic_store(&c->stop, 1);
		}
		c->tstate = PyEval_SaveThread();
	}
	return atomic_load(&c->stop);
}

/* Whether signals can be checked here: only the main thread sees them. */
static int
on_main_thread(void)
{
	return PyThread_get_thread_ident() == main_ident;
}

/* A search on a thread of its own, watched by the caller. */
struct job {
	dlx		*d;
	struct req	*r;
	pthread_mutex_t	 mu;
	pthread_cond_t	 cv;
	int		 done;
};

static void *
job_main(void *arg)
{
	struct job	*j = arg;

	run_search(j->d, j->r);
	pthread_mutex_lock(&j->mu);
	j->done = 1;
	pthread_cond_signal(&j->cv);
	pthread_mutex_unlock(&j->mu);
	return NULL;
}

/* The time POLL_NS from now, for pthread_cond_timedwait. */
static void
poll_deadline(struct timespec *ts)
{
	clock_gettime(CLOCK_REALTIME, ts);
	ts->tv_nsec += POLL_NS;
	if (ts->tv_nsec >= 1000000000L) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000L;
	}
}

/*
 * Run r on d with the GIL released, stoppable by Ctrl-C.  With one thread
 * the search runs here, checking signals from its progress callback; with
 * more it runs on a thread of its own while this one waits and checks.
 * Returns 0, or -1 with an exception set (KeyboardInterrupt, or no thread
 * could be started).  r->rc is the library's code either way.
 */
static int
run_blocking(dlx *d, struct req *r, struct ctl *c)
{
	struct job	 j;
	struct timespec	 ts;
	pthread_t	 th;
	int		 e;

	c->interrupted = 0;
	atomic_store(&c->stop, 0);
	ctl_time(c, r);
	r->progress = ctl_progress;
	r->progress_arg = c;
	c->caller = pthread_self();
	if (r->threads == 1 || (r->threads == 0 && dlx_cpus() == 1) ||
	    !on_main_thread()) {
		c->tstate = NULL;
		Py_BEGIN_ALLOW_THREADS
		if (on_main_thread())
			c->tstate = _save;
		run_search(d, r);
		if (c->tstate != NULL)
			_save = c->tstate;
		c->tstate = NULL;
		Py_END_ALLOW_THREADS
		ctl_settle(c, r);
		return c->interrupted ? -1 : 0;
	}
	c->tstate = NULL;
	memset(&j, 0, sizeof j);
	j.d = d;
	j.r = r;
	pthread_mutex_init(&j.mu, NULL);
	pthread_cond_init(&j.cv, NULL);
	if ((e = pthread_create(&th, NULL, job_main, &j)) != 0) {
		pthread_mutex_destroy(&j.mu);
		pthread_cond_destroy(&j.cv);
		errno = e;
		PyErr_SetFromErrno(PyExc_OSError);
		return -1;
	}
	for (;;) {
		Py_BEGIN_ALLOW_THREADS
		pthread_mutex_lock(&j.mu);
		if (!j.done) {
			poll_deadline(&ts);
			pthread_cond_timedwait(&j.cv, &j.mu, &ts);
		}
		e = j.done;
		pthread_mutex_unlock(&j.mu);
		Py_END_ALLOW_THREADS
		if (e)
			break;
		if (!c->interrupted && PyErr_CheckSignals() < 0) {
			c->interrupted = 1;
			atomic_store(&c->stop, 1);
		}
	}
	Py_BEGIN_ALLOW_THREADS
	pthread_join(th, NULL);
	Py_END_ALLOW_THREADS
	pthread_mutex_destroy(&j.mu);
	pthread_cond_destroy(&j.cv);
	ctl_settle(c, r);
	return c->interrupted ? -1 : 0;
}

/* ---- Matrix ----------------------------------------------------------- */

typedef struct {
	PyObject_HEAD
	dlx		*d;		/* the problem, owned (through
					   text or sudoku if set) */
	dlx_text	*text;		/* its text, or NULL */
	dlx_sudoku	*sudoku;	/* its sudoku, or NULL */
	PyThread_type_lock lock;	/* held while d is searched or
					   copied: searches of one problem
					   from several Python threads take
					   turns (the library forbids two at
					   once) */
	PyObject	*last;		/* the stats of the last search, as
					   req_stats() makes them, or NULL */
} Matrix;

static PyTypeObject MatrixType;

static void
Matrix_dealloc(Matrix *self)
{
	if (self->text != NULL)
		dlx_text_free(self->text);
	else if (self->sudoku != NULL)
		dlx_sudoku_free(self->sudoku);
	else
		dlx_free(self->d);
	if (self->lock != NULL)
		PyThread_free_lock(self->lock);
	Py_XDECREF(self->last);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
Matrix_init(Matrix *self, PyObject *args, PyObject *kw)
{
	static char	*kwlist[] = { "nprimary", "nsecondary", NULL };
	Py_ssize_t	 np, ns = 0;
	dlx		*d;
	int		 rc;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "n|n", kwlist, &np, &ns))
		return -1;
	if (np < 0 || ns < 0) {
		PyErr_SetString(PyExc_ValueError, "negative item count");
		return -1;
	}
	if (self->d != NULL) {
		PyErr_SetString(PyExc_RuntimeError, "matrix already made");
		return -1;
	}
	if (self->lock == NULL && (self->lock = PyThread_allocate_lock()) ==
	    NULL) {
		PyErr_NoMemory();
		return -1;
	}
	if ((rc = dlx_new(&d, (size_t)np, (size_t)ns, NULL)) != DLX_OK) {
		raise_code(rc);
		return -1;
	}
	self->d = d;
	return 0;
}

/* A new Matrix around d, text and sudoku (owned from now on). */
static PyObject *
matrix_wrap(dlx *d, dlx_text *t, dlx_sudoku *s)
{
	Matrix			*m;
	PyThread_type_lock	 lock;

	m = PyObject_New(Matrix, &MatrixType);
	lock = m != NULL ? PyThread_allocate_lock() : NULL;
	if (lock == NULL) {
		if (m != NULL) {
			PyObject_Free(m);
			PyErr_NoMemory();
		}
		if (t != NULL)
			dlx_text_free(t);
		else if (s != NULL)
			dlx_sudoku_free(s);
		else
			dlx_free(d);
		return NULL;
	}
	m->d = d;
	m->text = t;
	m->sudoku = s;
	m->lock = lock;
	m->last = NULL;
	return (PyObject *)m;
}

/* The ints of a list or tuple into buf (grown as needed). */
static int
int_array(PyObject *seq, int **buf, size_t *cap, size_t *n)
{
	PyObject	*fast;
	Py_ssize_t	 len, i;

	fast = PySequence_Fast(seq, "an option must be a list of ints");
	if (fast == NULL)
		return -1;
	len = PySequence_Fast_GET_SIZE(fast);
	if ((size_t)len > *cap) {
		int	*nb;

		nb = PyMem_Realloc(*buf, (size_t)len * sizeof **buf);
		if (nb == NULL) {
			Py_DECREF(fast);
			PyErr_NoMemory();
			return -1;
		}
		*buf = nb;
		*cap = (size_t)len;
	}
	for (i = 0; i < len; i++) {
		PyObject	*o = PySequence_Fast_GET_ITEM(fast, i);
		long		 v = PyLong_AsLong(o);

		if (v == -1 && PyErr_Occurred()) {
			Py_DECREF(fast);
			return -1;
		}
		if (v < INT_MIN || v > INT_MAX) {
			Py_DECREF(fast);
			PyErr_SetString(PyExc_OverflowError, "item number");
			return -1;
		}
		(*buf)[i] = (int)v;
	}
	*n = (size_t)len;
	Py_DECREF(fast);
	return 0;
}

/*
 * add_options(options, colors=None, offset=0): options a list of lists of
 * item numbers; colors None or a list whose entries are None or lists of
 * colors (0: none) as long as the option.  A negative item number -1-k
 * stands for the k-th secondary item, item offset + k.  Returns None, or
 * (index, code) for the first option the library refused, the options
 * before it added.
 */
static PyObject *
Matrix_add_options(Matrix *self, PyObject *args)
{
	PyObject	*opts, *colors = Py_None, *ofast, *cfast = NULL;
	Py_ssize_t	 nopt, i;
	int		*items = NULL, *cols = NULL, offset = 0;
	size_t		 icap = 0, ccap = 0, n, nc;
	size_t		 k;
	int		 rc;
	PyObject	*res = NULL;

	if (!PyArg_ParseTuple(args, "O|Oi", &opts, &colors, &offset))
		return NULL;
	if (self->sudoku != NULL)
		return raise_error(DLX_EMISUSE, "a sudoku's matrix is fixed",
		    0, 0);
	if (!PyThread_acquire_lock(self->lock, NOWAIT_LOCK))
		return raise_error(DLX_EMISUSE, "the problem is being searched",
		    0, 0);
	ofast = PySequence_Fast(opts, "options must be a list");
	if (ofast == NULL) {
		PyThread_release_lock(self->lock);
		return NULL;
	}
	nopt = PySequence_Fast_GET_SIZE(ofast);
	if (colors != Py_None) {
		cfast = PySequence_Fast(colors, "colors must be a list");
		if (cfast == NULL)
			goto out;
		if (PySequence_Fast_GET_SIZE(cfast) != nopt) {
			PyErr_SetString(PyExc_ValueError,
			    "colors and options differ in length");
			goto out;
		}
	}
	for (i = 0; i < nopt; i++) {
		PyObject	*c = Py_None;

		if (cfast != NULL)
			c = PySequence_Fast_GET_ITEM(cfast, i);

		if (int_array(PySequence_Fast_GET_ITEM(ofast, i), &items,
		    &icap, &n) < 0)
			goto out;
		for (k = 0; k < n; k++)
			if (items[k] < 0)
				items[k] = offset - 1 - items[k];
		if (c == Py_None)
			rc = dlx_add_option(self->d, items, n);
		else {
			if (int_array(c, &cols, &ccap, &nc) < 0)
				goto out;
			if (nc != n) {
				PyErr_SetString(PyExc_ValueError,
				    "an option and its colors differ in "
				    "length");
				goto out;
			}
			rc = dlx_add_option_colored(self->d, items, cols, n);
		}
		if (rc < 0) {
			if (rc == DLX_ENOMEM) {
				PyErr_NoMemory();
				goto out;
			}
			res = Py_BuildValue("(ni)", i, rc);
			goto out;
		}
	}
	res = Py_NewRef(Py_None);
out:
	PyThread_release_lock(self->lock);
	PyMem_Free(items);
	PyMem_Free(cols);
	Py_DECREF(ofast);
	Py_XDECREF(cfast);
	return res;
}

static PyObject *
Matrix_set_bounds(Matrix *self, PyObject *args)
{
	int	item, lo, hi, rc;

	if (!PyArg_ParseTuple(args, "iii", &item, &lo, &hi))
		return NULL;
	if (!PyThread_acquire_lock(self->lock, NOWAIT_LOCK))
		return raise_error(DLX_EMISUSE, "the problem is being searched",
		    0, 0);
	rc = dlx_set_item_bounds(self->d, item, lo, hi);
	PyThread_release_lock(self->lock);
	if (rc != DLX_OK)
		return raise_code(rc);
	Py_RETURN_NONE;
}

static PyObject *
Matrix_set_item_name(Matrix *self, PyObject *args)
{
	int		 item, rc;
	const char	*name;

	if (!PyArg_ParseTuple(args, "is", &item, &name))
		return NULL;
	if ((rc = dlx_set_item_name(self->d, item, name)) != DLX_OK)
		return raise_code(rc);
	Py_RETURN_NONE;
}

/*
 * from_text(data, strict=False): the problem in Knuth's format in data
 * (bytes).  Raises dlx.Error with the line and column of a fault.
 */
static PyObject *
Matrix_from_text(PyObject *cls, PyObject *args)
{
	struct dlx_text_options	 o;
	struct dlx_error	 err;
	Py_buffer		 buf;
	dlx_text		*t;
	int			 strict = 0, rc;

	(void)cls;
	if (!PyArg_ParseTuple(args, "y*|p", &buf, &strict))
		return NULL;
	memset(&o, 0, sizeof o);
	o.flags = strict ? DLX_TEXT_STRICT : 0;
	memset(&err, 0, sizeof err);
	Py_BEGIN_ALLOW_THREADS
	rc = dlx_text_read_mem(&t, buf.buf, (size_t)buf.len, &o, &err);
	Py_END_ALLOW_THREADS
	PyBuffer_Release(&buf);
	if (rc != DLX_OK) {
		if (rc == DLX_ENOMEM)
			return PyErr_NoMemory();
		return raise_error(rc, err.message[0] != '\0' ? err.message :
		    dlx_strerror(rc), err.line, err.column);
	}
	return matrix_wrap(dlx_text_dlx(t), t, NULL);
}

/* The names of the items (None for an item without one). */
static PyObject *
Matrix_item_names(Matrix *self, PyObject *unused)
{
	size_t		 n, i;
	PyObject	*l;

	(void)unused;
	n = dlx_nprimary(self->d) + dlx_nsecondary(self->d);
	if ((l = PyList_New((Py_ssize_t)n)) == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		const char	*s = dlx_item_name(self->d, (int)i);
		PyObject	*v;

		v = s != NULL ? PyUnicode_DecodeUTF8(s, (Py_ssize_t)strlen(s),
		    "surrogateescape") : Py_NewRef(Py_None);
		if (v == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, (Py_ssize_t)i, v);
	}
	return l;
}

/* The names of the colors of a problem read from text ([] otherwise);
 * color c is at c - 1. */
static PyObject *
Matrix_color_names(Matrix *self, PyObject *unused)
{
	size_t		 n, i;
	PyObject	*l;

	(void)unused;
	n = self->text != NULL ? dlx_text_ncolors(self->text) : 0;
	if ((l = PyList_New((Py_ssize_t)n)) == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		const char	*s;
		PyObject	*v;

		s = dlx_text_color_name(self->text, (int)i + 1);
		v = PyUnicode_DecodeUTF8(s, (Py_ssize_t)strlen(s),
		    "surrogateescape");

		if (v == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, (Py_ssize_t)i, v);
	}
	return l;
}

/* option(k): (items, colors) of option k, as lists of ints. */
static PyObject *
Matrix_option(Matrix *self, PyObject *args)
{
	int		 opt;
	size_t		 n, k;
	PyObject	*items, *colors;

	if (!PyArg_ParseTuple(args, "i", &opt))
		return NULL;
	if (opt < 0 || (size_t)opt >= dlx_noptions(self->d)) {
		PyErr_SetString(PyExc_IndexError, "option out of range");
		return NULL;
	}
	n = dlx_option_size(self->d, opt);
	items = PyList_New((Py_ssize_t)n);
	colors = PyList_New((Py_ssize_t)n);
	if (items == NULL || colors == NULL)
		goto fail;
	for (k = 0; k < n; k++) {
		PyObject	*a = PyLong_FromLong(dlx_option_item(self->d,
				    opt, k));
		PyObject	*b = PyLong_FromLong(dlx_option_color(self->d,
				    opt, k));

		if (a == NULL || b == NULL) {
			Py_XDECREF(a);
			Py_XDECREF(b);
			goto fail;
		}
		PyList_SET_ITEM(items, (Py_ssize_t)k, a);
		PyList_SET_ITEM(colors, (Py_ssize_t)k, b);
	}
	return Py_BuildValue("(NN)", items, colors);
fail:
	Py_XDECREF(items);
	Py_XDECREF(colors);
	return NULL;
}

/* last(): the stats of the last search (also one that was interrupted),
 * or None. */
static PyObject *
Matrix_last(Matrix *self, PyObject *unused)
{
	(void)unused;
	if (self->last == NULL)
		Py_RETURN_NONE;
	return Py_NewRef(self->last);
}

/* sizes(): (nprimary, nsecondary, noptions, skipped option lines). */
static PyObject *
Matrix_sizes(Matrix *self, PyObject *unused)
{
	(void)unused;
	return Py_BuildValue("(nnnn)", (Py_ssize_t)dlx_nprimary(self->d),
	    (Py_ssize_t)dlx_nsecondary(self->d),
	    (Py_ssize_t)dlx_noptions(self->d),
	    (Py_ssize_t)(self->text != NULL ? dlx_text_nskipped(self->text) :
	    0));
}

/* bounds(item): (lo, hi) of a primary item. */
static PyObject *
Matrix_bounds(Matrix *self, PyObject *args)
{
	int	item, lo, hi, rc;

	if (!PyArg_ParseTuple(args, "i", &item))
		return NULL;
	if ((rc = dlx_item_bounds(self->d, item, &lo, &hi)) != DLX_OK)
		return raise_code(rc);
	return Py_BuildValue("(ii)", lo, hi);
}

/* The stats of a request as the tuple dlx/__init__.py makes Stats of:
 * (code, solutions, nodes, updates, max_depth, engine, threads, drivers,
 * memo_used, memo_lookups, memo_hits), engine, threads and drivers being
 * what dlx_run() says ran (as dlx --stats prints them). */
static PyObject *
req_stats(const struct req *r)
{
	const struct dlx_result	*res = &r->res;
	PyObject		*sol = wide_to_long(res->count);

	if (sol == NULL)
		return NULL;
	return Py_BuildValue("(iNKKnsI(NNN)iKK)", r->rc, sol,
	    (unsigned long long)res->stats.nodes,
	    (unsigned long long)res->stats.updates,
	    (Py_ssize_t)res->stats.max_depth, dlx_engine_name(res->engine),
	    res->threads,
	    PyBool_FromLong((res->drivers & DLX_DRIVE_THREADS) != 0),
	    PyBool_FromLong((res->drivers & DLX_DRIVE_POSITION) != 0),
	    PyBool_FromLong((res->drivers & DLX_DRIVE_CHECKPOINT) != 0),
	    res->memo.used, (unsigned long long)res->memo.lookups,
	    (unsigned long long)res->memo.hits);
}

/*
 * Raise for the return code of a search: for DLX_ENOTSUP, dlx.Error naming
 * the keyword arguments (or the problem's features) that no engine serves
 * together, from res.refused, e.g. "not supported: item bounds with
 * threads".  Returns NULL.
 */
static PyObject *
raise_search(const struct req *r)
{
	static const struct {
		unsigned	 need;
		const char	*text;
	} names[] = {
		{ DLX_NEED_BOUNDS,	"item bounds" },
		{ DLX_NEED_COLORS,	"colors" },
		{ DLX_NEED_CACHE,	NULL },	/* memo= or components= */
		{ DLX_NEED_KNUTH,	"knuth=True" },
		{ DLX_NEED_VISIT,	"visiting solutions (first, limit, "
					"a budget)" },
		{ DLX_NEED_SPLIT,	"a position" },
		{ DLX_NEED_PATH,	"a checkpoint" },
		{ DLX_NEED_THREADS,	"threads" },
	};
	char		 buf[256];
	size_t		 i, n;

	if (r->rc != DLX_ENOTSUP)
		return raise_code(r->rc);
	n = (size_t)snprintf(buf, sizeof buf, "not supported: ");
	for (i = 0; i < sizeof names / sizeof names[0] && n < sizeof buf;
	    i++)
		if (r->res.refused & names[i].need)
			n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s",
			    buf[n - 1] != ' ' ? " with " : "",
			    names[i].text != NULL ? names[i].text :
			    r->components > 0 && r->memo <= 0 ?
			    "components=True" : "memo=True");
	if (r->res.refused == 0)
		snprintf(buf, sizeof buf, "%s", dlx_strerror(r->rc));
	return raise_error(r->rc, buf, 0, 0);
}

/* Read the keyword arguments every search takes into r. */
static int
req_parse(struct req *r, PyObject *args, PyObject *kw, int *first)
{
	static char	*kwlist[] = { "first", "limit", "threads", "memo",
			    "memory", "knuth", "max_nodes", "max_updates",
			    "components", "time_limit", NULL };
	unsigned long long limit = 0, nodes = 0, updates = 0;
	unsigned int	 threads = 1;
	Py_ssize_t	 memory = 0;
	int		 memo = 0, knuth = 0, components = 0;
	double		 secs = 0;

	*first = 0;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "|pKIinpKKid", kwlist, first,
	    &limit, &threads, &memo, &memory, &knuth, &nodes, &updates,
	    &components, &secs))
		return -1;
	memset(r, 0, sizeof *r);
	r->limit = *first ? 1 : limit;
	r->threads = threads;
	r->memo = memo;
	r->components = components;
	r->memory = memory > 0 ? (size_t)memory : 0;
	r->knuth = knuth ? DLX_KNUTH : 0;
	r->max_nodes = nodes;
	r->max_updates = updates;
	r->time_limit = secs;
	return 0;
}

/* The first solution, kept by its visit. */
struct firstsol {
	int	*opts;
	size_t	 n;
	int	 failed;
};

static int
first_visit(void *arg, const int *options, size_t n)
{
	struct firstsol	*f = arg;

	f->opts = malloc((n != 0 ? n : 1) * sizeof *options);
	if (f->opts == NULL) {
		f->failed = 1;
		return 1;
	}
	if (n > 0)
		memcpy(f->opts, options, n * sizeof *options);
	f->n = n;
	return 1;
}

static int
cmp_int(const void *a, const void *b)
{
	int	x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* A sorted list of the n options at o. */
static PyObject *
solution_list(int *o, size_t n)
{
	PyObject	*l;
	size_t		 i, j;

	/* Solutions are short: insertion sort, qsort beyond. */
	if (n <= 32) {
		for (i = 1; i < n; i++) {
			int	v = o[i];

			for (j = i; j > 0 && o[j - 1] > v; j--)
				o[j] = o[j - 1];
			o[j] = v;
		}
	} else
		qsort(o, n, sizeof *o, cmp_int);
	if ((l = PyList_New((Py_ssize_t)n)) == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		PyObject	*v = PyLong_FromLong(o[i]);

		if (v == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, (Py_ssize_t)i, v);
	}
	return l;
}

/*
 * Take the matrix for a search or a copy: its lock, waited for with the GIL
 * released when another Python thread searches it.
 */
static void
matrix_take(Matrix *self)
{
	if (PyThread_acquire_lock(self->lock, NOWAIT_LOCK))
		return;
	Py_BEGIN_ALLOW_THREADS
	PyThread_acquire_lock(self->lock, WAIT_LOCK);
	Py_END_ALLOW_THREADS
}

static void
matrix_give(Matrix *self)
{
	PyThread_release_lock(self->lock);
}

/*
 * A copy of d made option by option, with its names and bounds, for the
 * matrices dlx_clone() refuses (those with item bounds).  The options
 * forced on d are not copied: this layer forces none.  NULL if out of
 * memory.
 */
static dlx *
rebuild(const dlx *d)
{
	size_t	 np = dlx_nprimary(d), ns = dlx_nsecondary(d);
	size_t	 nopt = dlx_noptions(d), cap = 0, n, k, i;
	int	*items = NULL, *colors = NULL, lo, hi;
	dlx	*c;

	if (dlx_new(&c, np, ns, NULL) != DLX_OK)
		return NULL;
	for (i = 0; i < np + ns; i++) {
		const char	*name = dlx_item_name(d, (int)i);

		if (name != NULL && dlx_set_item_name(c, (int)i, name) !=
		    DLX_OK)
			goto fail;
	}
	for (i = 0; i < nopt; i++) {
		n = dlx_option_size(d, (int)i);
		if (n > cap) {
			int	*a, *b = NULL;

			a = realloc(items, n * sizeof *a);
			if (a != NULL)
				b = realloc(colors, n * sizeof *b);

			if (a != NULL)
				items = a;
			if (b == NULL)
				goto fail;
			colors = b;
			cap = n;
		}
		for (k = 0; k < n; k++) {
			items[k] = dlx_option_item(d, (int)i, k);
			colors[k] = dlx_option_color(d, (int)i, k);
		}
		if (dlx_add_option_colored(c, items, colors, n) < 0)
			goto fail;
	}
	for (i = 0; i < np; i++)
		if (dlx_item_bounds(d, (int)i, &lo, &hi) != DLX_OK ||
		    ((lo != 1 || hi != 1) &&
		    dlx_set_item_bounds(c, (int)i, lo, hi) != DLX_OK))
			goto fail;
	free(items);
	free(colors);
	return c;
fail:
	free(items);
	free(colors);
	dlx_free(c);
	return NULL;
}

/* A copy of the matrix (names, options, bounds), NULL with MemoryError
 * set. */
static dlx *
matrix_clone(Matrix *self)
{
	dlx	*c;

	matrix_take(self);
	Py_BEGIN_ALLOW_THREADS
	if (dlx_clone(&c, self->d) != DLX_OK)
		c = rebuild(self->d);
	Py_END_ALLOW_THREADS
	matrix_give(self);
	if (c == NULL)
		PyErr_NoMemory();
	return c;
}

/* copy(): a Matrix of its own with the same problem. */
static PyObject *
Matrix_copy(Matrix *self, PyObject *unused)
{
	dlx	*c;

	(void)unused;
	if ((c = matrix_clone(self)) == NULL)
		return NULL;
	return matrix_wrap(c, NULL, NULL);
}

/*
 * search(first=False, limit=0, threads=1, memo=0, memory=0, knuth=False,
 * max_nodes=0, max_updates=0, components=0, time_limit=0.0): count, or
 * find the first solution.  time_limit (seconds, from the call) stops it
 * as a budget does (DLX_INCOMPLETE, the count so far).
 * Returns (stats, solution): stats as req_stats() gives them, solution the
 * sorted list of options of the first solution when first is set (None
 * if there is none).
 */
static PyObject *
Matrix_search(Matrix *self, PyObject *args, PyObject *kw)
{
	struct req	 r;
	struct ctl	 c;
	struct firstsol	 f;
	PyObject	*sol, *st, *run = NULL;
	struct pos_run	*pr = NULL;
	int		 first, failed;

	/* run=: a long run of _dlx_pos.c, taken out before the keywords
	 * every search takes. */
	if (kw != NULL && (run = PyDict_GetItemString(kw, "run")) != NULL) {
		if ((pr = pos_run_of(run)) == NULL ||
		    (kw = PyDict_Copy(kw)) == NULL)
			return NULL;
		if (PyDict_DelItemString(kw, "run") < 0) {
			Py_DECREF(kw);
			return NULL;
		}
	}
	failed = req_parse(&r, args, kw, &first);
	if (run != NULL)
		Py_DECREF(kw);
	if (failed < 0)
		return NULL;
	r.pos_run = pr;
	memset(&f, 0, sizeof f);
	if (first) {
		r.visit = first_visit;
		r.visit_arg = &f;
	}
	matrix_take(self);
	memset(&c, 0, sizeof c);
	failed = run_blocking(self->d, &r, &c);
	matrix_give(self);
	if (failed < 0) {
		/* Interrupted: the figures so far stay for last(). */
		PyObject	*et, *ev, *etb;

		free(f.opts);
		PyErr_Fetch(&et, &ev, &etb);
		Py_XSETREF(self->last, req_stats(&r));
		PyErr_Clear();
		PyErr_Restore(et, ev, etb);
		return NULL;
	}
	if (f.failed || (r.rc < 0 && r.rc != DLX_EOVERFLOW)) {
		free(f.opts);
		return f.failed ? PyErr_NoMemory() : raise_search(&r);
	}
	if (f.opts != NULL) {
		sol = solution_list(f.opts, f.n);
		free(f.opts);
		if (sol == NULL)
			return NULL;
	} else
		sol = Py_NewRef(Py_None);
	if ((st = req_stats(&r)) == NULL) {
		Py_DECREF(sol);
		return NULL;
	}
	Py_XSETREF(self->last, Py_NewRef(st));
	return Py_BuildValue("(NN)", st, sol);
}

/*
 * estimate(probes, seed=0, knuth=False): Knuth's random-probe estimate
 * (dlx_estimate()) of the default tree, or of Knuth's: (nodes, nodes_se,
 * solutions, solutions_se, probes, max_depth, hits).  The GIL is released
 * while the probes walk.
 */
static PyObject *
Matrix_estimate(Matrix *self, PyObject *args, PyObject *kw)
{
	static char		*kwlist[] = { "probes", "seed", "knuth", NULL };
	struct dlx_request	 rq;
	struct dlx_estimate	 e;
	unsigned long long	 seed = 0;
	unsigned int		 probes;
	int			 knuth = 0, rc;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "I|Kp", kwlist, &probes,
	    &seed, &knuth))
		return NULL;
	memset(&rq, 0, sizeof rq);
	rq.tree = knuth ? DLX_KNUTH : DLX_TREE_DEFAULT;
	matrix_take(self);
	Py_BEGIN_ALLOW_THREADS
	rc = dlx_estimate(self->d, &rq, probes, (uint64_t)seed, &e);
	Py_END_ALLOW_THREADS
	matrix_give(self);
	if (rc != DLX_OK)
		return raise_code(rc);
	return Py_BuildValue("(ddddInI)", e.nodes, e.nodes_se, e.solutions,
	    e.solutions_se, e.probes, (Py_ssize_t)e.max_depth, e.hits);
}

/*
 * candidate_counts(threads=0): the table of the sudoku of this Matrix
 * (dlx_sudoku_candidate_counts()): (count, [N*N*N counts]), counts[(r*N +
 * c)*N + v] the solutions with symbol v+1 in cell (r,c).  Searched with
 * the GIL released, Ctrl-C stopping it (KeyboardInterrupt).
 */
static PyObject *
Matrix_candidate_counts(Matrix *self, PyObject *args, PyObject *kw)
{
	static char		*kwlist[] = { "threads", NULL };
	struct dlx_request	 rq;
	struct dlx_wide		*counts, total;
	struct ctl		 c;
	PyObject		*list, *x;
	unsigned int		 threads = 0;
	size_t			 nopt, k;
	int			 n, rc;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "|I", kwlist, &threads))
		return NULL;
	if (self->sudoku == NULL) {
		PyErr_SetString(PyExc_TypeError, "not a sudoku matrix");
		return NULL;
	}
	n = dlx_sudoku_size(self->sudoku);
	nopt = (size_t)n * n * n;
	if ((counts = PyMem_Malloc(nopt * sizeof *counts)) == NULL)
		return PyErr_NoMemory();
	memset(&rq, 0, sizeof rq);
	memset(&c, 0, sizeof c);
	rq.threads = threads;
	rq.progress = ctl_progress;
	rq.progress_arg = &c;
	rq.progress_updates = 1u << 20;
	atomic_store(&c.stop, 0);
	c.caller = pthread_self();
	matrix_take(self);
	Py_BEGIN_ALLOW_THREADS
	if (on_main_thread())
		c.tstate = _save;
	rc = dlx_sudoku_candidate_counts(self->sudoku, &rq, counts, &total);
	if (c.tstate != NULL)
		_save = c.tstate;
	c.tstate = NULL;
	Py_END_ALLOW_THREADS
	matrix_give(self);
	if (c.interrupted) {
		PyMem_Free(counts);
		return NULL;
	}
	if (rc != DLX_OK) {
		PyMem_Free(counts);
		return raise_code(rc);
	}
	if ((list = PyList_New((Py_ssize_t)nopt)) == NULL) {
		PyMem_Free(counts);
		return NULL;
	}
	for (k = 0; k < nopt; k++) {
		if ((x = wide_to_long(counts[k])) == NULL) {
			Py_DECREF(list);
			PyMem_Free(counts);
			return NULL;
		}
		PyList_SET_ITEM(list, (Py_ssize_t)k, x);
	}
	PyMem_Free(counts);
	if ((x = wide_to_long(total)) == NULL) {
		Py_DECREF(list);
		return NULL;
	}
	return Py_BuildValue("(NN)", x, list);
}

/* ---- the solution stream ---------------------------------------------- */

/*
 * Solutions pass from the search thread to the iterator in batches: the
 * search fills one, the iterator reads another, and a third waits, full
 * or empty, so that neither side waits for the other while both have
 * work.  The first batch holds one solution and each next twice as many,
 * up to BATCH_MAX, so that the first solutions come at once and a long
 * stream costs one hand-over per BATCH_MAX solutions.
 */
#define NBATCH		3
#define BATCH_MAX	4096
#define BATCH_INTS	65536

struct batch {
	int		*opts;		/* every solution's options */
	size_t		 nopts, capopts;
	size_t		*ends;		/* solution k ends at
					   opts[ends[k] - 1] */
	size_t		 nsol, capsol;
	size_t		 next;		/* the next one to read */
};

typedef struct {
	PyObject_HEAD
	PyObject	*matrix;	/* the Matrix, kept alive */
	dlx		*d;		/* a copy, for the thread */
	struct req	 r;
	struct ctl	 c;		/* stop and signals */
	pthread_t	 th;
	int		 started;	/* th runs or must be joined */
	int		 finished;	/* joined; r holds the outcome */
	pthread_mutex_t	 mu;
	pthread_cond_t	 cv;		/* a batch full or freed, or
					   the search done */
	struct batch	 b[NBATCH];
	struct batch	*full[NBATCH];	/* handed over, oldest 1st */
	int		 nfull;
	struct batch	*free[NBATCH];
	int		 nfree;
	struct batch	*fill;		/* the search thread's */
	struct batch	*cur;		/* the reader's */
	size_t		 target;	/* solutions of the next batch */
	int		 done;		/* the search has returned */
	int		 nomem;		/* a batch could not grow */
} SolutionIter;

static PyTypeObject SolutionIterType;

/* The search thread: hand fill over and take a free batch.  Returns
 * nonzero when the iterator asked to stop. */
static int
stream_handover(SolutionIter *it)
{
	pthread_mutex_lock(&it->mu);
	it->full[it->nfull++] = it->fill;
	it->fill = NULL;
	pthread_cond_broadcast(&it->cv);
	while (it->nfree == 0 && !atomic_load(&it->c.stop))
		pthread_cond_wait(&it->cv, &it->mu);
	if (it->nfree > 0) {
		it->fill = it->free[--it->nfree];
		it->fill->nopts = it->fill->nsol = it->fill->next = 0;
	}
	pthread_mutex_unlock(&it->mu);
	if (it->target < BATCH_MAX)
		it->target *= 2;
	return it->fill == NULL;
}

static int
stream_visit(void *arg, const int *options, size_t n)
{
	SolutionIter	*it = arg;
	struct batch	*b = it->fill;

	if (atomic_load(&it->c.stop))
		return 1;
	if (b->nopts + n > b->capopts) {
		size_t	 cap = b->capopts * 2 > b->nopts + n ?
			    b->capopts * 2 : b->nopts + n + 1024;
		int	*o = realloc(b->opts, cap * sizeof *o);

		if (o == NULL) {
			it->nomem = 1;
			return 1;
		}
		b->opts = o;
		b->capopts = cap;
	}
	if (b->nsol == b->capsol) {
		size_t	 cap = b->capsol != 0 ? b->capsol * 2 : 64;
		size_t	*e = realloc(b->ends, cap * sizeof *e);

		if (e == NULL) {
			it->nomem = 1;
			return 1;
		}
		b->ends = e;
		b->capsol = cap;
	}
	if (n > 0)	/* the empty solution of a problem with no items */
		memcpy(b->opts + b->nopts, options, n * sizeof *options);
	b->nopts += n;
	b->ends[b->nsol++] = b->nopts;
	if (b->nsol >= it->target || b->nopts >= BATCH_INTS)
		return stream_handover(it);
	return 0;
}

static void *
stream_main(void *arg)
{
	SolutionIter	*it = arg;

	run_search(it->d, &it->r);
	ctl_settle(&it->c, &it->r);
	pthread_mutex_lock(&it->mu);
	if (it->fill != NULL && it->fill->nsol > 0) {
		it->full[it->nfull++] = it->fill;
		it->fill = NULL;
	}
	it->done = 1;
	pthread_cond_broadcast(&it->cv);
	pthread_mutex_unlock(&it->mu);
	return NULL;
}

/* Stop the search and wait for its thread (GIL held on entry and exit). */
static void
stream_stop(SolutionIter *it)
{
	if (!it->started || it->finished)
		return;
	pthread_mutex_lock(&it->mu);
	atomic_store(&it->c.stop, 1);
	pthread_cond_broadcast(&it->cv);
	pthread_mutex_unlock(&it->mu);
	Py_BEGIN_ALLOW_THREADS
	pthread_join(it->th, NULL);
	Py_END_ALLOW_THREADS
	it->finished = 1;
}

/*
 * iterate(limit=0, threads=1, knuth=False, max_nodes=0, max_updates=0,
 * time_limit=0.0):
 * a SolutionIter over a copy of the matrix, its search started.
 */
static PyObject *
Matrix_iterate(Matrix *self, PyObject *args, PyObject *kw)
{
	static char	*kwlist[] = { "limit", "threads", "knuth",
			    "max_nodes", "max_updates", "time_limit", NULL };
	unsigned long long limit = 0, nodes = 0, updates = 0;
	unsigned int	 threads = 1;
	int		 knuth = 0, e, k;
	double		 secs = 0;
	SolutionIter	*it;
	dlx		*d;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "|KIpKKd", kwlist, &limit,
	    &threads, &knuth, &nodes, &updates, &secs))
		return NULL;
	if ((d = matrix_clone(self)) == NULL)
		return NULL;
	it = PyObject_New(SolutionIter, &SolutionIterType);
	if (it == NULL) {
		dlx_free(d);
		return NULL;
	}
	it->matrix = Py_NewRef((PyObject *)self);
	it->d = d;
	memset(&it->r, 0, sizeof it->r);
	memset(&it->c, 0, sizeof it->c);
	atomic_store(&it->c.stop, 0);
	it->started = it->finished = it->done = it->nomem = 0;
	pthread_mutex_init(&it->mu, NULL);
	pthread_cond_init(&it->cv, NULL);
	memset(it->b, 0, sizeof it->b);
	it->nfull = 0;
	for (k = 1; k < NBATCH; k++)
		it->free[k - 1] = &it->b[k];
	it->nfree = NBATCH - 1;
	it->fill = &it->b[0];
	it->cur = NULL;
	it->target = 1;
	it->r.limit = limit;
	it->r.threads = threads;
	it->r.knuth = knuth ? DLX_KNUTH : 0;
	it->r.max_nodes = nodes;
	it->r.max_updates = updates;
	it->r.time_limit = secs;
	ctl_time(&it->c, &it->r);
	it->r.visit = stream_visit;
	it->r.visit_arg = it;
	/* ctl_progress with no tstate: the stop flag alone. */
	it->r.progress = ctl_progress;
	it->r.progress_arg = &it->c;
	if ((e = pthread_create(&it->th, NULL, stream_main, it)) != 0) {
		errno = e;
		PyErr_SetFromErrno(PyExc_OSError);
		Py_DECREF(it);
		return NULL;
	}
	it->started = 1;
	return (PyObject *)it;
}

static void
SolutionIter_dealloc(SolutionIter *it)
{
	int	k;

	stream_stop(it);
	pthread_mutex_destroy(&it->mu);
	pthread_cond_destroy(&it->cv);
	for (k = 0; k < NBATCH; k++) {
		free(it->b[k].opts);
		free(it->b[k].ends);
	}
	dlx_free(it->d);
	Py_XDECREF(it->matrix);
	PyObject_Free(it);
}

/*
 * The next solution.  The reader's batch first; when it is used up it goes
 * back to the search thread and the oldest full batch is taken, waiting for
 * one with the GIL released, and checking signals now and then.
 */
static PyObject *
SolutionIter_next(SolutionIter *it)
{
	struct batch	*b;
	struct timespec	 ts;
	size_t		 from;
	int		 over, k;

	for (;;) {
		b = it->cur;
		if (b != NULL && b->next < b->nsol) {
			from = b->next == 0 ? 0 : b->ends[b->next - 1];
			b->next++;
			return solution_list(b->opts + from,
			    b->ends[b->next - 1] - from);
		}
		if (it->finished && it->nfull == 0)
			break;
		over = 0;
		Py_BEGIN_ALLOW_THREADS
		pthread_mutex_lock(&it->mu);
		if (b != NULL) {
			it->free[it->nfree++] = b;
			pthread_cond_broadcast(&it->cv);
		}
		it->cur = NULL;
		if (it->nfull == 0 && !it->done) {
			poll_deadline(&ts);
			pthread_cond_timedwait(&it->cv, &it->mu, &ts);
		}
		if (it->nfull > 0) {
			it->cur = it->full[0];
			for (k = 1; k < it->nfull; k++)
				it->full[k - 1] = it->full[k];
			it->nfull--;
		} else if (it->done)
			over = 1;
		pthread_mutex_unlock(&it->mu);
		Py_END_ALLOW_THREADS
		if (over) {
			stream_stop(it);
			break;
		}
		if (it->cur == NULL && on_main_thread() &&
		    PyErr_CheckSignals() < 0) {
			stream_stop(it);
			return NULL;
		}
	}
	if (it->nomem)
		return PyErr_NoMemory();
	if (it->r.rc < 0 && it->r.rc != DLX_EOVERFLOW)
		return raise_search(&it->r);
	return NULL;	/* StopIteration */
}

/* close(): stop the search; the iterator then ends. */
static PyObject *
SolutionIter_close(SolutionIter *it, PyObject *unused)
{
	(void)unused;
	stream_stop(it);
	it->nfull = 0;
	it->cur = NULL;
	Py_RETURN_NONE;
}

/* stats(): the outcome as Matrix.search gives it, or None while the
 * search runs. */
static PyObject *
SolutionIter_stats(SolutionIter *it, PyObject *unused)
{
	(void)unused;
	if (!it->finished)
		Py_RETURN_NONE;
	return req_stats(&it->r);
}

static PyMethodDef SolutionIter_methods[] = {
	{ "close", (PyCFunction)SolutionIter_close, METH_NOARGS,
	  "Stop the search: the iteration ends." },
	{ "stats", (PyCFunction)SolutionIter_stats, METH_NOARGS,
	  "The search's figures once it has ended, else None." },
	{ NULL, NULL, 0, NULL }
};

static PyTypeObject SolutionIterType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "dlx._dlx.SolutionIter",
	.tp_basicsize = sizeof(SolutionIter),
	.tp_dealloc = (destructor)SolutionIter_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "The solutions of a matrix, searched on a thread of their "
	    "own.",
	.tp_iter = PyObject_SelfIter,
	.tp_iternext = (iternextfunc)SolutionIter_next,
	.tp_methods = SolutionIter_methods,
};

/* ---- sudoku ----------------------------------------------------------- */

/* cells (a list of N*N ints) into an int array of n*n; -1 on error. */
static int
cells_array(PyObject *seq, int n, int **out)
{
	size_t	 cap = 0, len = 0;
	int	*a = NULL;

	if (int_array(seq, &a, &cap, &len) < 0)
		return -1;
	if (len != (size_t)n * (size_t)n) {
		PyMem_Free(a);
		PyErr_SetString(PyExc_ValueError, "wrong number of cells");
		return -1;
	}
	*out = a;
	return 0;
}

/* An optional list of n*n ints, or NULL for None. */
static int
opt_cells(PyObject *seq, int n, int **out)
{
	*out = NULL;
	if (seq == Py_None)
		return 0;
	return cells_array(seq, n, out);
}

/* A list of the n masks at a. */
static PyObject *
marks_list(const uint64_t *a, size_t n)
{
	PyObject	*l = PyList_New((Py_ssize_t)n);
	size_t		 i;

	if (l == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		PyObject	*v = PyLong_FromUnsignedLongLong(a[i]);

		if (v == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, (Py_ssize_t)i, v);
	}
	return l;
}

/* A list of the n ints at a. */
static PyObject *
int_list(const int *a, size_t n)
{
	PyObject	*l = PyList_New((Py_ssize_t)n);
	size_t		 i;

	if (l == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		PyObject	*v = PyLong_FromLong(a[i]);

		if (v == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, (Py_ssize_t)i, v);
	}
	return l;
}

static int	marks_array(PyObject *, int, uint64_t **);

/*
 * sudoku_matrix(cells, n, boxr, boxc, extras, regions, cages, sums,
 * symbols, marks=None): the matrix of the variant with the givens cells
 * forced, or with the pencil marks marks (a list of N*N symbol masks,
 * bit s-1 for symbol s) imposed as dlx_sudoku_set_marks() does.  regions,
 * cages and sums are lists or None.  A clash of givens (or of single
 * marks) raises dlx.Error whose message names the cells, with attribute
 * cells: the two (row, column) pairs, from 0; marks that leave a cell no
 * candidate or strike a given raise dlx.Error naming the cell, with
 * cells the one pair.
 */
static PyObject *
sudoku_matrix(PyObject *mod, PyObject *args)
{
	struct dlx_sudoku_variant	 v;
	struct dlx_sudoku_options	 so;
	struct dlx_error		 ve;
	struct dlx_sudoku_conflict	 conf;
	struct dlx_error		 err;
	PyObject	*cells_o, *reg_o, *cage_o, *sums_o, *res = NULL;
	PyObject	*marks_o = Py_None;
	int		*cells = NULL, *regions = NULL, *cages = NULL;
	int		*sums = NULL;
	uint64_t	*marks = NULL;
	size_t		 nsums = 0, cap = 0;
	const char	*symbols;
	dlx_sudoku	*s = NULL;
	int		 n, boxr, boxc, rc;
	unsigned	 extras;
	char		 msg[256];

	(void)mod;
	if (!PyArg_ParseTuple(args, "OiiiIOOOz|O", &cells_o, &n, &boxr, &boxc,
	    &extras, &reg_o, &cage_o, &sums_o, &symbols, &marks_o))
		return NULL;
	if (n < DLX_SUDOKU_MINN || n > DLX_SUDOKU_MAXN)
		return raise_error(DLX_EINVAL, "sudoku size out of range", 0,
		    0);
	if (cells_array(cells_o, n, &cells) < 0 ||
	    opt_cells(reg_o, n, &regions) < 0 ||
	    opt_cells(cage_o, n, &cages) < 0 ||
	    (sums_o != Py_None && int_array(sums_o, &sums, &cap, &nsums) < 0) ||
	    marks_array(marks_o, n, &marks) < 0)
		goto out;
	memset(&v, 0, sizeof v);
	v.n = n;
	v.boxr = boxr;
	v.boxc = boxc;
	v.extras = extras;
	v.regions = regions;
	v.cages = cages;
	v.sums = sums;
	v.ncages = (int)nsums;
	memset(&so, 0, sizeof so);
	so.variant = &v;
	Py_BEGIN_ALLOW_THREADS
	rc = dlx_sudoku_new(&s, boxr, boxc, &so);
	Py_END_ALLOW_THREADS
	if (rc != DLX_OK) {
		/* A variant refused: its check says why. */
		if (rc == DLX_ENOMEM)
			PyErr_NoMemory();
		else
			raise_error(rc, dlx_sudoku_variant_check(&v, &ve) !=
			    DLX_OK ? ve.message : dlx_strerror(rc), 0, 0);
		goto out;
	}
	memset(&err, 0, sizeof err);
	Py_BEGIN_ALLOW_THREADS
	rc = marks != NULL ? dlx_sudoku_set_marks(s, cells, marks, &conf,
	    &err) : dlx_sudoku_set_givens(s, cells, &conf, &err);
	Py_END_ALLOW_THREADS
	if (rc == DLX_EINVAL && err.cell >= 0) {
		PyObject	*exc_t, *exc_v, *exc_tb, *pairs;

		raise_error(rc, err.message, 0, 0);
		PyErr_Fetch(&exc_t, &exc_v, &exc_tb);
		pairs = Py_BuildValue("((ii))", err.cell / n, err.cell % n);
		if (pairs != NULL && exc_v != NULL)
			PyObject_SetAttrString(exc_v, "cells", pairs);
		Py_XDECREF(pairs);
		PyErr_Restore(exc_t, exc_v, exc_tb);
		goto out;
	}
	if (rc == DLX_ECONFLICT) {
		PyObject	*exc_t, *exc_v, *exc_tb, *pairs;

		dlx_sudoku_conflict_text(&conf, symbols, msg, sizeof msg);
		raise_error(rc, msg, 0, 0);
		PyErr_Fetch(&exc_t, &exc_v, &exc_tb);
		pairs = Py_BuildValue("((ii)(ii))", conf.row1, conf.col1,
		    conf.row2, conf.col2);
		if (pairs != NULL && exc_v != NULL)
			PyObject_SetAttrString(exc_v, "cells", pairs);
		Py_XDECREF(pairs);
		PyErr_Restore(exc_t, exc_v, exc_tb);
		goto out;
	}
	if (rc != DLX_OK) {
		raise_code(rc);
		goto out;
	}
	res = matrix_wrap(dlx_sudoku_matrix(s), NULL, s);
	s = NULL;
out:
	dlx_sudoku_free(s);
	PyMem_Free(cells);
	PyMem_Free(regions);
	PyMem_Free(cages);
	PyMem_Free(sums);
	PyMem_Free(marks);
	return res;
}

/*
 * sudoku_minimal(matrix, cells, minimize, symmetry, seed, max_nodes): of
 * the puzzle cells on a sudoku's matrix, dlx_sudoku_redundant() (minimize
 * 0) or dlx_sudoku_minimize(): (values, givens, redundant, unsettled,
 * minimal), values being the flags of each cell (enum dlx_sudoku_given)
 * or the minimal puzzle's cells.  A puzzle that is not unique raises
 * dlx.Error with its code (DLX_SUDOKU_UNSOLVABLE, _MULTIPLE, or
 * DLX_INCOMPLETE when its own check ran out of max_nodes); Ctrl-C
 * raises KeyboardInterrupt.  The matrix keeps the givens of cells.
 */
static PyObject *
sudoku_minimal(PyObject *mod, PyObject *args)
{
	struct dlx_sudoku_minimal_options o;
	struct dlx_sudoku_minimal_result res;
	struct ctl	 c;
	Matrix		*m;
	PyObject	*cells_o, *l = NULL, *v;
	unsigned long long seed, max_nodes;
	unsigned char	*flags = NULL;
	int		*cells = NULL, *out = NULL;
	int		 minimize, symmetry, n, i, rc;

	(void)mod;
	if (!PyArg_ParseTuple(args, "O!OiiKK", &MatrixType, &m, &cells_o,
	    &minimize, &symmetry, &seed, &max_nodes))
		return NULL;
	if (m->sudoku == NULL)
		return raise_error(DLX_EINVAL, "not a sudoku's matrix", 0, 0);
	n = dlx_sudoku_size(m->sudoku);
	if (cells_array(cells_o, n, &cells) < 0)
		return NULL;
	out = PyMem_Malloc(sizeof *out * (size_t)(n * n));
	flags = PyMem_Malloc((size_t)(n * n));
	if (out == NULL || flags == NULL) {
		PyErr_NoMemory();
		goto done;
	}
	memset(&o, 0, sizeof o);
	o.symmetry = symmetry;
	o.seed = seed;
	o.max_nodes = max_nodes;
	o.threads = 1;
	o.progress = ctl_progress;
	o.progress_arg = &c;
	memset(&c, 0, sizeof c);
	atomic_store(&c.stop, 0);
	c.caller = pthread_self();
	matrix_take(m);
	Py_BEGIN_ALLOW_THREADS
	if (on_main_thread())
		c.tstate = _save;
	rc = minimize ? dlx_sudoku_minimize(m->sudoku, cells, out, &o, &res,
	    NULL) : dlx_sudoku_redundant(m->sudoku, cells, flags, &o, &res,
	    NULL);
	/* The Sudoku's matrix keeps its puzzle. */
	if (minimize && rc == DLX_OK)
		(void)dlx_sudoku_set_givens(m->sudoku, cells, NULL, NULL);
	if (c.tstate != NULL)
		_save = c.tstate;
	Py_END_ALLOW_THREADS
	matrix_give(m);
	if (c.interrupted)
		goto done;
	if (rc != DLX_OK) {
		raise_code(rc);
		goto done;
	}
	if ((l = PyList_New(n * n)) == NULL)
		goto done;
	for (i = 0; i < n * n; i++) {
		if ((v = PyLong_FromLong(minimize ? out[i] : flags[i])) ==
		    NULL) {
			Py_CLEAR(l);
			goto done;
		}
		PyList_SET_ITEM(l, i, v);
	}
	v = Py_BuildValue("(Niiii)", l, res.givens, res.redundant,
	    res.unsettled, res.minimal);
	l = v;
done:
	PyMem_Free(cells);
	PyMem_Free(out);
	PyMem_Free(flags);
	return l;
}

/* sudoku_symbols(spec): the alphabet spec expands to, as a str. */
static PyObject *
sudoku_symbols(PyObject *mod, PyObject *args)
{
	struct dlx_error	 why;
	const char		*spec;
	char			 out[DLX_SUDOKU_MAXN + 1];
	int			 n;

	(void)mod;
	if (!PyArg_ParseTuple(args, "s", &spec))
		return NULL;
	if ((n = dlx_sudoku_parse_symbols(spec, out, &why)) < 0)
		return raise_error(n, why.message, 0, 0);
	return PyUnicode_FromStringAndSize(out, n);
}

/*
 * sudoku_canonical(cells): the canonical form of a classic 9x9 puzzle
 * (dlx_sudoku_canon_run()) as (cells, automorphisms, map, digits): the
 * form's 81 ints, the number of automorphisms, and the transformation
 * (struct dlx_sudoku_transform).
 */
static PyObject *
sudoku_canonical(PyObject *mod, PyObject *args)
{
	struct dlx_sudoku_transform	 how;
	PyObject	*cells_o, *form = NULL, *map = NULL, *digits = NULL;
	PyObject	*res = NULL;
	uint64_t	 naut = 0;
	int		*cells = NULL, out[81], rc;

	(void)mod;
	if (!PyArg_ParseTuple(args, "O", &cells_o))
		return NULL;
	if (cells_array(cells_o, 9, &cells) < 0)
		return NULL;
	Py_BEGIN_ALLOW_THREADS
	rc = dlx_sudoku_canonical(cells, out, &how, &naut);
	Py_END_ALLOW_THREADS
	PyMem_Free(cells);
	if (rc != DLX_OK)
		return raise_code(rc);
	if ((form = int_list(out, 81)) != NULL &&
	    (map = int_list(how.map, 81)) != NULL &&
	    (digits = int_list(how.digits, 10)) != NULL)
		res = Py_BuildValue("(OKOO)", form, (unsigned long long)naut,
		    map, digits);
	Py_XDECREF(form);
	Py_XDECREF(map);
	Py_XDECREF(digits);
	return res;
}

/* sudoku_box_for(n): the default box shape (r, c) of n symbols. */
static PyObject *
sudoku_box_for(PyObject *mod, PyObject *args)
{
	int	n, r, c, rc;

	(void)mod;
	if (!PyArg_ParseTuple(args, "i", &n))
		return NULL;
	if ((rc = dlx_sudoku_box_for(n, &r, &c)) != DLX_OK)
		return raise_error(rc, "no default box shape for this size",
		    0, 0);
	return Py_BuildValue("(ii)", r, c);
}

/* The variant v as the tuple sudoku_matrix() takes after cells. */
static PyObject *
variant_tuple(const struct dlx_sudoku_variant *v)
{
	size_t		 nn = (size_t)v->n * (size_t)v->n;
	PyObject	*reg, *cag, *sum;

	reg = v->regions != NULL ? int_list(v->regions, nn) :
	    Py_NewRef(Py_None);
	cag = v->cages != NULL ? int_list(v->cages, nn) : Py_NewRef(Py_None);
	sum = v->sums != NULL ? int_list(v->sums, (size_t)v->ncages) :
	    Py_NewRef(Py_None);
	if (reg == NULL || cag == NULL || sum == NULL) {
		Py_XDECREF(reg);
		Py_XDECREF(cag);
		Py_XDECREF(sum);
		return NULL;
	}
	return Py_BuildValue("(iiiINNNs)", v->n, v->boxr, v->boxc, v->extras,
	    reg, cag, sum, dlx_sudoku_variant_name(v));
}

/*
 * SudokuReader(data, box=(0, 0), symbols=None, variant=None): the puzzles
 * of data (bytes), as dlx_sudoku_read() (or, with a variant or for text
 * with variant headers, dlx_sudoku_vread()) finds them.  Each item is
 * ("puzzle", line, boxr, boxc, cells, solution or None, variant tuple or
 * None, pencil marks (N*N masks) or None) or ("bad", line, column,
 * message).
 */
typedef struct {
	PyObject_HEAD
	PyObject		*data;		/* the bytes fp reads */
	FILE			*fp;
	dlx_sudoku_reader	*r;
	dlx_sudoku_vreader	*vr;
	char			*symbols;	/* the reader's alphabet */
} SudokuReader;

static PyTypeObject SudokuReaderType;

static void
SudokuReader_dealloc(SudokuReader *self)
{
	dlx_sudoku_reader_free(self->r);
	dlx_sudoku_vreader_free(self->vr);
	if (self->fp != NULL)
		fclose(self->fp);
	PyMem_Free(self->symbols);
	Py_XDECREF(self->data);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
SudokuReader_init(SudokuReader *self, PyObject *args, PyObject *kw)
{
	static char	*kwlist[] = { "data", "boxr", "boxc", "symbols",
			    "variant", NULL };
	struct dlx_sudoku_reader_options o;
	PyObject	*data;
	const char	*symbols = NULL, *variant = NULL;
	int		 boxr = 0, boxc = 0, rc;
	char		*buf;
	Py_ssize_t	 len;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "S|iizz", kwlist, &data,
	    &boxr, &boxc, &symbols, &variant))
		return -1;
	if (self->fp != NULL) {
		PyErr_SetString(PyExc_RuntimeError, "reader already set up");
		return -1;
	}
	self->data = Py_NewRef(data);
	PyBytes_AsStringAndSize(data, &buf, &len);
	/* fmemopen refuses a size of 0: an empty text is /dev/null's. */
	self->fp = len > 0 ? fmemopen(buf, (size_t)len, "r") :
	    fopen("/dev/null", "r");
	if (self->fp == NULL) {
		PyErr_SetFromErrno(PyExc_OSError);
		return -1;
	}
	if (symbols != NULL) {
		self->symbols = PyMem_Malloc(strlen(symbols) + 1);
		if (self->symbols == NULL) {
			PyErr_NoMemory();
			return -1;
		}
		strcpy(self->symbols, symbols);
	}
	memset(&o, 0, sizeof o);
	o.boxr = boxr;
	o.boxc = boxc;
	o.symbols = self->symbols;
	if (variant != NULL) {
		o.variant = variant[0] != '\0' ? variant : NULL;
		rc = dlx_sudoku_vreader_new(&self->vr, self->fp, &o);
	} else
		rc = dlx_sudoku_reader_new(&self->r, self->fp, &o);
	if (rc != DLX_OK) {
		if (rc == DLX_ENOMEM)
			PyErr_NoMemory();
		else
			raise_error(rc, variant != NULL ? "unknown variant, "
			    "or a bad box shape or alphabet" :
			    "bad box shape or alphabet", 0, 0);
		return -1;
	}
	return 0;
}

static PyObject *
SudokuReader_next(SudokuReader *self)
{
	struct dlx_sudoku_puzzle	 p;
	struct dlx_error		 e;
	struct dlx_sudoku_variant	 v;
	PyObject	*cells, *sol, *var, *marks;
	size_t		 nn;
	int		 rc;

	if (self->r == NULL && self->vr == NULL) {
		PyErr_SetString(PyExc_RuntimeError, "reader not set up");
		return NULL;
	}
	memset(&e, 0, sizeof e);
	memset(&p, 0, sizeof p);
	memset(&v, 0, sizeof v);
	if (self->vr != NULL)
		rc = dlx_sudoku_vread(self->vr, &p, &v, &e);
	else
		rc = dlx_sudoku_read(self->r, &p, &e);
	switch (rc) {
	case DLX_SUDOKU_EOF:
		return NULL;
	case DLX_SUDOKU_BAD:
		return Py_BuildValue("(skks)", "bad", e.line, e.column,
		    e.message);
	case DLX_SUDOKU_PUZZLE:
		break;
	default:
		if (rc == DLX_ENOMEM)
			return PyErr_NoMemory();
		return raise_code(rc);
	}
	/* A jigsaw's p.boxr and p.boxc are N (for printing): its size is the
	 * variant's. */
	nn = self->vr != NULL ? (size_t)v.n * (size_t)v.n :
	    (size_t)p.n * (size_t)p.n;
	cells = int_list(p.cells, nn);
	sol = p.solution != NULL ? int_list(p.solution, nn) :
	    Py_NewRef(Py_None);
	var = self->vr != NULL ? variant_tuple(&v) : Py_NewRef(Py_None);
	marks = p.marks != NULL ? marks_list(p.marks, nn) : Py_NewRef(Py_None);
	if (cells == NULL || sol == NULL || var == NULL || marks == NULL) {
		Py_XDECREF(cells);
		Py_XDECREF(sol);
		Py_XDECREF(var);
		Py_XDECREF(marks);
		return NULL;
	}
	return Py_BuildValue("(skiiNNNN)", "puzzle", p.line, p.boxr, p.boxc,
	    cells, sol, var, marks);
}

static PyTypeObject SudokuReaderType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "dlx._dlx.SudokuReader",
	.tp_basicsize = sizeof(SudokuReader),
	.tp_dealloc = (destructor)SudokuReader_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "The puzzles of a text, one at a time.",
	.tp_iter = PyObject_SelfIter,
	.tp_iternext = (iternextfunc)SudokuReader_next,
	.tp_init = (initproc)SudokuReader_init,
	.tp_new = PyType_GenericNew,
};

/* The step st of lg as a tuple: (rule, text, cell, symbol, eliminations
 * [(cell, symbol)], houses, cells, rating in tenths). */
static PyObject *
step_tuple(dlx_logic *lg, const struct dlx_logic_step *st)
{
	char		 buf[1024];
	PyObject	*el, *houses, *cells;
	size_t		 k;

	dlx_logic_format(lg, st, buf, sizeof buf);
	el = PyList_New((Py_ssize_t)st->nelim);
	houses = int_list(st->houses, (size_t)st->nhouses);
	cells = int_list(st->cells, (size_t)st->ncells);
	if (el == NULL || houses == NULL || cells == NULL)
		goto fail;
	for (k = 0; k < st->nelim; k++) {
		PyObject	*t = Py_BuildValue("(ii)", st->elim[k].cell,
				    st->elim[k].symbol);

		if (t == NULL)
			goto fail;
		PyList_SET_ITEM(el, (Py_ssize_t)k, t);
	}
	return Py_BuildValue("(ssiiNNNi)", dlx_logic_rule_name(st->rule), buf,
	    st->cell, st->symbol, el, houses, cells, st->rating);
fail:
	Py_XDECREF(el);
	Py_XDECREF(houses);
	Py_XDECREF(cells);
	return NULL;
}

/*
 * The pencil marks marks (None, or a list of N*N symbol masks, bit s-1 for
 * symbol s) into an array; -1 on error.
 */
static int
marks_array(PyObject *seq, int n, uint64_t **out)
{
	PyObject	*fast;
	Py_ssize_t	 i, len;
	uint64_t	*a;

	*out = NULL;
	if (seq == Py_None)
		return 0;
	if ((fast = PySequence_Fast(seq, "marks must be a sequence")) == NULL)
		return -1;
	len = PySequence_Fast_GET_SIZE(fast);
	if (len != (Py_ssize_t)n * n) {
		Py_DECREF(fast);
		PyErr_SetString(PyExc_ValueError, "wrong number of marks");
		return -1;
	}
	if ((a = PyMem_Malloc((size_t)len * sizeof *a + 1)) == NULL) {
		Py_DECREF(fast);
		PyErr_NoMemory();
		return -1;
	}
	for (i = 0; i < len; i++) {
		a[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast,
		    i));
		if (a[i] == (uint64_t)-1 && PyErr_Occurred()) {
			PyMem_Free(a);
			Py_DECREF(fast);
			return -1;
		}
	}
	Py_DECREF(fast);
	*out = a;
	return 0;
}

/* The rating of lg as a tuple: (er, ep, ed, score, level, hardest,
 * steps), the figures in tenths. */
static PyObject *
rating_tuple(const dlx_logic *lg)
{
	struct dlx_logic_rating	r;

	memset(&r, 0, sizeof r);
	dlx_logic_rating(lg, &r);
	return Py_BuildValue("(iiiKssK)", r.er, r.ep, r.ed,
	    (unsigned long long)r.score, dlx_logic_level_name(r.level),
	    r.er > 0 ? dlx_logic_rule_name(r.hardest) : "",
	    (unsigned long long)r.steps);
}

/*
 * logic(cells, boxr, boxc, symbols, marks=None, uniqueness=True,
 * max_steps=-1): the steps a person takes, from the givens cells or, with
 * marks, from the pencil marks a player has.  The uniqueness rules are used
 * as dlx-sudoku uses them: when uniqueness is set and a short search finds
 * exactly one solution.  max_steps >= 0 stops after that many steps
 * (outcome "step": 1 for a hint).  Returns (steps, outcome, grade,
 * guesses, solution, solutions, candidates, rating): outcome "solved",
 * "step", "stuck" (then the search finished it: guesses and solution, or
 * None when it has none) or "contradiction"; candidates the pencil marks
 * where the rules stopped ("" when solved); rating as rating_tuple().
 */
static PyObject *
sudoku_logic(PyObject *mod, PyObject *args)
{
	struct dlx_logic_step	 st;
	struct dlx_logic_result	 res;
	PyObject	*cells_o, *marks_o = Py_None, *steps = NULL, *t;
	PyObject	*sol = NULL, *cand, *rating;
	const char	*symbols;
	const char	*outcome;
	dlx_logic	*lg = NULL;
	uint64_t	*marks = NULL, rules = DLX_LOGIC_ALL_RULES;
	int		*cells = NULL, *solution = NULL;
	int		 boxr, boxc, n, rc, uniq = 1, max_steps = -1, nstep = 0;
	size_t		 len;
	char		*buf = NULL;

	(void)mod;
	if (!PyArg_ParseTuple(args, "Oiiz|Opi", &cells_o, &boxr, &boxc,
	    &symbols, &marks_o, &uniq, &max_steps))
		return NULL;
	n = boxr * boxc;
	if (boxr < 1 || boxc < 1 || n < 2 || n > DLX_LOGIC_MAXN)
		return raise_error(DLX_EINVAL, "bad box shape", 0, 0);
	if (cells_array(cells_o, n, &cells) < 0)
		return NULL;
	if (marks_array(marks_o, n, &marks) < 0)
		goto out;
	if ((rc = dlx_logic_new(&lg, boxr, boxc, NULL)) != DLX_OK) {
		raise_code(rc);
		goto out;
	}
	if (symbols != NULL)
		dlx_logic_set_alphabet(lg, symbols);
	rc = marks != NULL ? dlx_logic_load_marks(lg, cells, marks) :
	    dlx_logic_load(lg, cells);
	if (rc != DLX_OK) {
		raise_code(rc);
		goto out;
	}
	/* The uniqueness rules hold only for a puzzle with one solution. */
	if (!uniq)
		rules &= ~DLX_LOGIC_UNIQUENESS;
	else {
		Py_BEGIN_ALLOW_THREADS
		rc = dlx_logic_search(lg, NULL, NULL, &res);
		Py_END_ALLOW_THREADS
		if (rc != DLX_OK) {
			raise_code(rc);
			goto out;
		}
		if (res.solutions != 1)
			rules &= ~DLX_LOGIC_UNIQUENESS;
	}
	dlx_logic_set_rules(lg, rules);
	if ((steps = PyList_New(0)) == NULL)
		goto out;
	for (;;) {
		if (max_steps >= 0 && nstep >= max_steps) {
			rc = DLX_OK;
			break;
		}
		if ((rc = dlx_logic_step(lg, &st)) != DLX_OK)
			break;
		nstep++;
		if ((t = step_tuple(lg, &st)) == NULL ||
		    PyList_Append(steps, t) < 0) {
			Py_XDECREF(t);
			goto fail;
		}
		Py_DECREF(t);
	}
	memset(&res, 0, sizeof res);
	len = dlx_logic_format_candidates(lg, NULL, 0) + 1;
	if ((buf = PyMem_Malloc(len)) == NULL) {
		PyErr_NoMemory();
		goto fail;
	}
	if (rc == DLX_OK) {
		outcome = "step";
		dlx_logic_format_candidates(lg, buf, len);
	} else if (rc == DLX_LOGIC_SOLVED) {
		outcome = "solved";
		buf[0] = '\0';
		solution = PyMem_Malloc((size_t)n * n * sizeof *solution);
		if (solution == NULL) {
			PyErr_NoMemory();
			goto fail;
		}
		dlx_logic_grid(lg, solution);
		res.solutions = 1;
	} else if (rc == DLX_LOGIC_STUCK) {
		outcome = "stuck";
		dlx_logic_format_candidates(lg, buf, len);
		solution = PyMem_Malloc((size_t)n * n * sizeof *solution);
		if (solution == NULL) {
			PyErr_NoMemory();
			goto fail;
		}
		if (max_steps < 0) {
			Py_BEGIN_ALLOW_THREADS
			rc = dlx_logic_search(lg, NULL, solution, &res);
			Py_END_ALLOW_THREADS
			if (rc != DLX_OK) {
				raise_code(rc);
				goto fail;
			}
		}
	} else if (rc == DLX_LOGIC_CONTRADICTION) {
		outcome = "contradiction";
		dlx_logic_format_candidates(lg, buf, len);
		if ((t = step_tuple(lg, &st)) == NULL ||
		    PyList_Append(steps, t) < 0) {
			Py_XDECREF(t);
			goto fail;
		}
		Py_DECREF(t);
	} else {
		raise_code(rc);
		goto fail;
	}
	sol = res.solutions > 0 && solution != NULL ?
	    int_list(solution, (size_t)n * n) : Py_NewRef(Py_None);
	cand = PyUnicode_FromString(buf);
	rating = rating_tuple(lg);
	if (sol == NULL || cand == NULL || rating == NULL) {
		Py_XDECREF(cand);
		Py_XDECREF(rating);
		goto fail;
	}
	t = Py_BuildValue("(NssKNKNN)", steps, outcome,
	    dlx_logic_grade_name(dlx_logic_grade(lg)),
	    (unsigned long long)res.guesses, sol,
	    (unsigned long long)res.solutions, cand, rating);
	steps = sol = NULL;
	goto out_t;
fail:
	t = NULL;
out_t:
	Py_XDECREF(steps);
	Py_XDECREF(sol);
	PyMem_Free(buf);
	PyMem_Free(solution);
	PyMem_Free(cells);
	PyMem_Free(marks);
	dlx_logic_free(lg);
	return t;
out:
	PyMem_Free(cells);
	PyMem_Free(marks);
	dlx_logic_free(lg);
	Py_XDECREF(steps);
	return NULL;
}

/* ---- the generator ---------------------------------------------------- */

typedef struct {
	PyObject_HEAD
	dlx_sudoku_gen	*g;
	struct ctl	 c;
	char		 symbols[DLX_SUDOKU_MAXN + 1];
	int		 has_symbols;
} Generator;

static PyTypeObject GeneratorType;

static void
Generator_dealloc(Generator *self)
{
	dlx_sudoku_gen_free(self->g);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Between attempts: the signals (the generator runs on the caller's
 * thread, the GIL released). */
static int
gen_progress(void *arg, uint64_t attempts)
{
	(void)attempts;
	return ctl_progress(arg, NULL);
}

static int
Generator_init(Generator *self, PyObject *args, PyObject *kw)
{
	static char	*kwlist[] = { "boxr", "boxc", "seed", "extras",
			    "jigsaw", "killer", "symmetry", "max_givens",
			    "grade", "max_attempts", "symbols", "effort", NULL };
	struct dlx_sudoku_gen_options o;
	unsigned long long seed = 0, attempts = 0, effort = 0;
	unsigned int	 extras = 0;
	const char	*symbols = NULL;
	int		 rc;

	memset(&o, 0, sizeof o);
	if (!PyArg_ParseTupleAndKeywords(args, kw, "ii|KIppiiiKzK", kwlist,
	    &o.boxr, &o.boxc, &seed, &extras, &o.jigsaw, &o.killer,
	    &o.symmetry, &o.max_givens, &o.grade, &attempts, &symbols,
	    &effort))
		return -1;
	if (self->g != NULL) {
		PyErr_SetString(PyExc_RuntimeError, "generator already made");
		return -1;
	}
	o.seed = seed;
	o.extras = extras;
	o.max_attempts = attempts;
	o.effort = effort;	/* 0: the library's bound by size and kind */
	o.progress = gen_progress;
	o.progress_arg = &self->c;
	if ((rc = dlx_sudoku_gen_new(&self->g, &o)) != DLX_OK) {
		if (rc == DLX_ENOMEM)
			PyErr_NoMemory();
		else
			raise_error(rc, "the generator cannot make such "
			    "puzzles (a shape out of range, windows with "
			    "jigsaw, a grade with a variant, killer above "
			    "16x16)", 0, 0);
		return -1;
	}
	self->has_symbols = symbols != NULL;
	if (symbols != NULL)
		snprintf(self->symbols, sizeof self->symbols, "%s", symbols);
	return 0;
}

/* The next puzzle: (text, solution cells, givens, grade, attempts,
 * minimal), text in the variant text form (a classic puzzle: one line). */
static PyObject *
Generator_next(Generator *self)
{
	struct dlx_sudoku_genpuzzle	 p;
	PyObject	*sol, *text;
	const char	*sym = self->has_symbols ? self->symbols : NULL;
	size_t		 len, nn;
	char		*buf;
	int		 rc;

	if (self->g == NULL) {
		PyErr_SetString(PyExc_RuntimeError, "generator not made");
		return NULL;
	}
	memset(&self->c, 0, sizeof self->c);
	atomic_store(&self->c.stop, 0);
	self->c.caller = pthread_self();
	Py_BEGIN_ALLOW_THREADS
	if (on_main_thread())
		self->c.tstate = _save;
	rc = dlx_sudoku_gen_next(self->g, &p);
	if (self->c.tstate != NULL)
		_save = self->c.tstate;
	self->c.tstate = NULL;
	Py_END_ALLOW_THREADS
	if (self->c.interrupted)
		return NULL;
	if (rc == DLX_INCOMPLETE)
		return raise_error(rc, "max_attempts grids gave no puzzle that "
		    "met the targets", 0, 0);
	if (rc != DLX_OK)
		return raise_code(rc);
	nn = (size_t)p.variant->n * (size_t)p.variant->n;
	len = dlx_sudoku_variant_format(p.variant, p.puzzle, sym, NULL, 0);
	if (len == 0)
		return raise_error(DLX_EINVAL, "too many cages to write", 0, 0);
	if ((buf = PyMem_Malloc(len + 1)) == NULL)
		return PyErr_NoMemory();
	dlx_sudoku_variant_format(p.variant, p.puzzle, sym, buf, len + 1);
	text = PyUnicode_FromStringAndSize(buf, (Py_ssize_t)len);
	PyMem_Free(buf);
	sol = int_list(p.solution, nn);
	if (text == NULL || sol == NULL) {
		Py_XDECREF(text);
		Py_XDECREF(sol);
		return NULL;
	}
	return Py_BuildValue("(NNiiKN)", text, sol, p.givens, p.grade,
	    (unsigned long long)p.attempts, PyBool_FromLong(p.minimal));
}

static PyTypeObject GeneratorType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "dlx._dlx.Generator",
	.tp_basicsize = sizeof(Generator),
	.tp_dealloc = (destructor)Generator_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "dlx_sudoku_gen: puzzles with one solution, minimal within "
	    "the effort bound.",
	.tp_iter = PyObject_SelfIter,
	.tp_iternext = (iternextfunc)Generator_next,
	.tp_init = (initproc)Generator_init,
	.tp_new = PyType_GenericNew,
};

/* ---- for _dlx_pos.c (_dlx.h) ------------------------------------------ */

PyObject *
pydlx_raise_error(int code, const char *msg, unsigned long line,
    unsigned long column)
{
	return raise_error(code, msg, line, column);
}

PyObject *
pydlx_raise_code(int code)
{
	return raise_code(code);
}

PyObject *
pydlx_wide(struct dlx_wide w)
{
	return wide_to_long(w);
}

dlx *
pydlx_take(PyObject *o)
{
	if (!PyObject_TypeCheck(o, &MatrixType)) {
		PyErr_SetString(PyExc_TypeError, "not a dlx._dlx.Matrix");
		return NULL;
	}
	matrix_take((Matrix *)o);
	return ((Matrix *)o)->d;
}

void
pydlx_give(PyObject *o)
{
	matrix_give((Matrix *)o);
}

/* ---- the module ------------------------------------------------------- */

static PyMethodDef Matrix_methods[] = {
	{ "add_options", (PyCFunction)Matrix_add_options, METH_VARARGS,
	  "add_options(options, colors=None, offset=0): add options given as "
	  "lists of item numbers; (index, code) of a refused one, or None." },
	{ "set_bounds", (PyCFunction)Matrix_set_bounds, METH_VARARGS,
	  "set_bounds(item, lo, hi)" },
	{ "set_item_name", (PyCFunction)Matrix_set_item_name, METH_VARARGS,
	  "set_item_name(item, name)" },
	{ "bounds", (PyCFunction)Matrix_bounds, METH_VARARGS,
	  "bounds(item): (lo, hi)" },
	{ "from_text", (PyCFunction)Matrix_from_text,
	  METH_VARARGS | METH_CLASS,
	  "from_text(data, strict=False): read Knuth's DLX format." },
	{ "item_names", (PyCFunction)Matrix_item_names, METH_NOARGS,
	  "The names of the items." },
	{ "color_names", (PyCFunction)Matrix_color_names, METH_NOARGS,
	  "The names of the colors of a problem read from text." },
	{ "option", (PyCFunction)Matrix_option, METH_VARARGS,
	  "option(k): (items, colors) of option k." },
	{ "last", (PyCFunction)Matrix_last, METH_NOARGS,
	  "last(): the stats of the last search, or None." },
	{ "copy", (PyCFunction)Matrix_copy, METH_NOARGS,
	  "copy(): a Matrix of its own with the same problem." },
	{ "sizes", (PyCFunction)Matrix_sizes, METH_NOARGS,
	  "(nprimary, nsecondary, noptions, skipped)" },
	{ "estimate", (PyCFunction)(void (*)(void))Matrix_estimate,
	  METH_VARARGS | METH_KEYWORDS,
	  "estimate(probes, seed=0, knuth=False): (nodes, nodes_se, "
	  "solutions, solutions_se, probes, max_depth, hits)" },
	{ "search", (PyCFunction)(void (*)(void))Matrix_search,
	  METH_VARARGS | METH_KEYWORDS,
	  "search(first=False, limit=0, threads=1, memo=0, memory=0, "
	  "knuth=False, max_nodes=0, max_updates=0, components=0, "
	  "time_limit=0.0): (stats, solution)" },
	{ "candidate_counts",
	  (PyCFunction)(void (*)(void))Matrix_candidate_counts,
	  METH_VARARGS | METH_KEYWORDS,
	  "candidate_counts(threads=0): (count, counts) of a sudoku matrix: "
	  "counts[(r*N + c)*N + v] the solutions with symbol v+1 in (r,c)." },
	{ "iterate", (PyCFunction)(void (*)(void))Matrix_iterate,
	  METH_VARARGS | METH_KEYWORDS,
	  "iterate(limit=0, threads=1, knuth=False, max_nodes=0, "
	  "max_updates=0, time_limit=0.0): a SolutionIter" },
	{ NULL, NULL, 0, NULL }
};

static PyTypeObject MatrixType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "dlx._dlx.Matrix",
	.tp_basicsize = sizeof(Matrix),
	.tp_dealloc = (destructor)Matrix_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "Matrix(nprimary, nsecondary=0): a libdlx problem.",
	.tp_methods = Matrix_methods,
	.tp_init = (initproc)Matrix_init,
	.tp_new = PyType_GenericNew,
};

/* _init(Error, Incomplete): the exception classes to raise. */
static PyObject *
module_init_classes(PyObject *mod, PyObject *args)
{
	PyObject	*e, *i;

	(void)mod;
	if (!PyArg_ParseTuple(args, "OO", &e, &i))
		return NULL;
	Py_XSETREF(error_class, Py_NewRef(e));
	Py_XSETREF(incomplete_class, Py_NewRef(i));
	Py_RETURN_NONE;
}

/* strerror(code): the library's text of a return code. */
static PyObject *
module_strerror(PyObject *mod, PyObject *args)
{
	int	code;

	(void)mod;
	if (!PyArg_ParseTuple(args, "i", &code))
		return NULL;
	return PyUnicode_FromString(dlx_strerror(code));
}

/* cpus(): the CPUs this process may run on. */
static PyObject *
module_cpus(PyObject *mod, PyObject *unused)
{
	(void)mod;
	(void)unused;
	return PyLong_FromUnsignedLong(dlx_cpus());
}

static PyMethodDef module_methods[] = {
	{ "_init", module_init_classes, METH_VARARGS,
	  "_init(Error, Incomplete)" },
	{ "strerror", module_strerror, METH_VARARGS,
	  "strerror(code): the text of a libdlx return code." },
	{ "cpus", module_cpus, METH_NOARGS,
	  "cpus(): the number of CPUs this process may run on." },
	{ "sudoku_matrix", sudoku_matrix, METH_VARARGS,
	  "sudoku_matrix(cells, n, boxr, boxc, extras, regions, cages, "
	  "sums, symbols)" },
	{ "sudoku_minimal", sudoku_minimal, METH_VARARGS,
	  "sudoku_minimal(matrix, cells, minimize, symmetry, seed, "
	  "max_nodes)" },
	{ "sudoku_symbols", sudoku_symbols, METH_VARARGS,
	  "sudoku_symbols(spec): the alphabet spec names." },
	{ "sudoku_canonical", sudoku_canonical, METH_VARARGS,
	  "sudoku_canonical(cells): (form, automorphisms, map, digits)." },
	{ "sudoku_box_for", sudoku_box_for, METH_VARARGS,
	  "sudoku_box_for(n): the default box shape of n symbols." },
	{ "sudoku_logic", sudoku_logic, METH_VARARGS,
	  "sudoku_logic(cells, boxr, boxc, symbols, marks=None, "
	  "uniqueness=True, max_steps=-1)" },
	{ NULL, NULL, 0, NULL }
};

static struct PyModuleDef module_def = {
	PyModuleDef_HEAD_INIT,
	.m_name = "dlx._dlx",
	.m_doc = "The C layer of dlx: libdlx's objects and searches.",
	.m_size = -1,
	.m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__dlx(void)
{
	PyObject	*m, *effort;

	main_ident = PyThread_get_thread_ident();
	if (PyType_Ready(&MatrixType) < 0 ||
	    PyType_Ready(&SolutionIterType) < 0 ||
	    PyType_Ready(&SudokuReaderType) < 0 ||
	    PyType_Ready(&GeneratorType) < 0)
		return NULL;
	if ((m = PyModule_Create(&module_def)) == NULL)
		return NULL;
	if (PyModule_AddObjectRef(m, "Matrix", (PyObject *)&MatrixType) < 0 ||
	    PyModule_AddObjectRef(m, "SudokuReader",
	    (PyObject *)&SudokuReaderType) < 0 ||
	    PyModule_AddObjectRef(m, "Generator",
	    (PyObject *)&GeneratorType) < 0 ||
	    PyModule_AddIntConstant(m, "STOPPED", DLX_STOPPED) < 0 ||
	    PyModule_AddIntConstant(m, "LIMIT", DLX_LIMIT) < 0 ||
	    PyModule_AddIntConstant(m, "INCOMPLETE", DLX_INCOMPLETE) < 0 ||
	    PyModule_AddIntConstant(m, "EOVERFLOW", DLX_EOVERFLOW) < 0 ||
	    PyModule_AddIntConstant(m, "ENOTSUP", DLX_ENOTSUP) < 0 ||
	    PyModule_AddIntConstant(m, "SUDOKU_DIAGONALS",
	    DLX_SUDOKU_DIAGONALS) < 0 ||
	    PyModule_AddIntConstant(m, "SUDOKU_WINDOWS",
	    DLX_SUDOKU_WINDOWS) < 0) {
		Py_DECREF(m);
		return NULL;
	}
	/* The generator's effort without a bound (UINT64_MAX: no int
	 * constant holds it). */
	effort = PyLong_FromUnsignedLongLong(DLX_GEN_EFFORT_NONE);
	if (effort == NULL ||
	    PyModule_AddObjectRef(m, "GEN_EFFORT_NONE", effort) < 0) {
		Py_XDECREF(effort);
		Py_DECREF(m);
		return NULL;
	}
	Py_DECREF(effort);
	if (pos_add_to_module(m) < 0) {
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
