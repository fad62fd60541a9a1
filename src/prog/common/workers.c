/*
 * workers.c: starting and joining the programs' threads (workers.h).
 */
#include "config.h"

#include <pthread.h>
#include <stddef.h>

#include "prog/common/workers.h"

unsigned
workers_start(pthread_t *tid, unsigned n, void *(*fn)(void *), void *args,
    size_t size)
{
	unsigned	 k;

	for (k = 0; k < n; k++)
		if (pthread_create(&tid[k], NULL, fn,
		    (char *)args + (size_t)k * size) != 0)
			break;
	return k;
}

void
workers_join(const pthread_t *tid, unsigned n)
{
	unsigned	 k;

	for (k = 0; k < n; k++)
		pthread_join(tid[k], NULL);
}
