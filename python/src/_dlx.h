/*
 * _dlx.h: what the two files of the extension dlx._dlx share.
 *
 *	_dlx.c		the objects and the searches (Matrix, the solution
 *			stream, the sudoku functions); run_search() is the
 *			one place a search starts
 *	_dlx_pos.c	long runs: a position to search from (a part, a
 *			sub-part, a checkpoint resumed), checkpoints saved
 *			on the way, a Python progress callable, a position
 *			re-split into checkpoint files (the type Run)
 *
 * A search of a Matrix given a Run (search(run=...)) goes through
 * run_search() as every other, which hands the request it built to
 * pos_run_search() instead of calling dlx_run() itself: the request (the
 * tree, the cache, the threads, the budgets) stays the one _dlx.c makes,
 * and the position, the checkpoint and the progress are added to it here.
 */
#ifndef PYDLX_H
#define PYDLX_H

#include <Python.h>

#include <dlx/dlx.h>

struct pos_run;

/* ---- _dlx.c ---------------------------------------------------------- */

/* Raise dlx.Error(msg) with code, line and column (0: none); NULL. */
PyObject	*pydlx_raise_error(int code, const char *msg,
		    unsigned long line, unsigned long column);

/* Raise for a return code of the library (MemoryError for DLX_ENOMEM). */
PyObject	*pydlx_raise_code(int code);

/* A Python int from a 128-bit count. */
PyObject	*pydlx_wide(struct dlx_wide w);

/* The dlx of a Matrix, its lock taken (waited for without the GIL), or
 * NULL with TypeError if o is not a Matrix.  pydlx_give() gives the lock
 * back. */
dlx		*pydlx_take(PyObject *o);
void		 pydlx_give(PyObject *o);

/* ---- _dlx_pos.c ------------------------------------------------------ */

/* The struct pos_run of a Run object, or NULL with TypeError. */
struct pos_run	*pos_run_of(PyObject *o);

/*
 * Run rq on d from the Run's position, with its checkpoints and progress
 * callable added to rq (whose own progress, the checks of the stop flag
 * and the signals, still runs first), and save the last checkpoint
 * however the search ended.  Called by run_search() without the GIL, the
 * matrix's lock held.  Returns what dlx_run() returns; a failed save
 * stops the search (DLX_STOPPED) and is raised by the Run afterwards.
 */
int		 pos_run_search(struct pos_run *pr, dlx *d,
		    struct dlx_request *rq, struct dlx_result *res);

/* Add the type Run and the constants of long runs to the module; -1 with
 * an exception set on failure. */
int		 pos_add_to_module(PyObject *mod);

#endif /* PYDLX_H */
