/*
 * pool.h: the library's threads (not installed; the names lack the dlx_
 * prefix, so they stay private to the library).  The drivers that run on
 * threads (parallel.c, pos.c, mult_drive.c) start their workers here and
 * nowhere else.
 *
 * A pool is no object: the caller owns its workers' arguments and the
 * room for their thread ids, pool_start() starts as many as it can and
 * says how many, pool_join() waits for them.  It allocates nothing, so
 * the only way a start fails is the system's refusal of a thread; what
 * the caller does then (go on with fewer, or give up) is its own rule.
 */
#ifndef POOL_H
#define POOL_H

#include <pthread.h>
#include <stddef.h>

/*
 * Start n threads, thread k running fn on the argument at args + k * size
 * (size 0: all on args itself), its id in tid[k].  Every signal is
 * blocked in them, so that signals reach the caller's thread alone.
 * Returns how many started: threads 0 to that count - 1 run; the start of
 * the next one failed and none after it was tried.
 */
unsigned	pool_start(pthread_t *tid, unsigned n, void *(*fn)(void *),
		    void *args, size_t size);

/* Wait for the n threads of tid[] (as pool_start() returned them) to
 * finish. */
void		pool_join(const pthread_t *tid, unsigned n);

#endif /* POOL_H */
