/*
 * pool.c: starting and joining the drivers' threads (pool.h).  The one
 * place of the library that calls pthread_create().
 */
#include <pthread.h>
#include <signal.h>
#include <stddef.h>

#include "lib/drive/pool.h"

unsigned
pool_start(pthread_t *tid, unsigned n, void *(*fn)(void *), void *args,
    size_t size)
{
	sigset_t	 all, old;
	unsigned	 k;

	/* A new thread inherits the mask of the thread that creates it. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	for (k = 0; k < n; k++)
		if (pthread_create(&tid[k], NULL, fn,
		    (char *)args + (size_t)k * size) != 0)
			break;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return k;
}

void
pool_join(const pthread_t *tid, unsigned n)
{
	unsigned	 k;

	for (k = 0; k < n; k++)
		pthread_join(tid[k], NULL);
}
