/*
 * workers.h: the programs' threads.  dlx-sudoku answers the puzzles of a
 * file (sudoku-pipeline.c) and makes puzzles (sudoku-generate.c) on
 * threads of its own; both start and join them here, the one place of
 * the programs that calls pthread_create().  (The library's own threads,
 * for a search on threads, are its business: the programs only ask
 * dlx_run() for them.)
 *
 * The shape is the library's thread pool's: the caller owns the workers'
 * arguments and the room for their thread ids, workers_start() starts as
 * many as it can and says how many, and the caller decides what fewer
 * means.  Nothing is allocated here.
 */
#ifndef WORKERS_H
#define WORKERS_H

#include <pthread.h>
#include <stddef.h>

/*
 * Start n threads, thread k running fn on the argument at args + k * size
 * (size 0: all on args itself), its id in tid[k].  They inherit the
 * caller's signal mask.  Returns how many started: threads 0 to that
 * count - 1 run; the start of the next one failed and none after it was
 * tried.
 */
unsigned	workers_start(pthread_t *tid, unsigned n, void *(*fn)(void *),
		    void *args, size_t size);

/* Wait for the n threads of tid[] (as workers_start() returned them) to
 * finish. */
void		workers_join(const pthread_t *tid, unsigned n);

#endif /* WORKERS_H */
