/*
 * hold-pipe.c: run a program with its standard output into a pipe that
 * nobody reads, and signal it once the pipe is full, so that the signal
 * falls while the program's writes are blocked (tests/cli-signals-blocked.sh).
 *
 *	hold-pipe [-d MS] SIGNAL OUT PROGRAM [ARG...]
 *
 * The pipe is shrunk to two pages (F_SETPIPE_SZ), so that a few KB of
 * output fill it (with one, poll() finds no room as soon as a write has
 * taken its page, and a program writing a record at a time would get
 * one record out).  "Full" is what the kernel says (poll() finds its
 * write end no longer writable, as the program's own poll() does), not a
 * guess from a clock, so the test does not depend on how fast the
 * program runs (valgrind makes it 50 times slower).  Then
 * SIGNAL (INT, TERM or HUP) goes to the program; with -d the pipe is
 * read MS milliseconds later (a slow reader that comes back), without it
 * only once the program has exited (a reader that never comes back).
 * What the program wrote goes to the file OUT.  The exit status is the
 * program's, or 128 + the signal that killed it; 77 where the pipe cannot
 * be measured (not Linux), 99 on trouble (the program ended before its
 * output filled the pipe, among others).
 */
#define _GNU_SOURCE	/* F_SETPIPE_SZ, F_GETPIPE_SZ */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <poll.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void
nap(long ms)
{
	struct timespec	 ts;

	ts.tv_sec = ms / 1000;
	ts.tv_nsec = (ms % 1000) * 1000000L;
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		continue;
}

/* Read what the pipe holds (until EOF if all) into fp; -1 on error. */
static int
drain(int fd, FILE *fp, int all)
{
	char	 buf[4096];
	ssize_t	 n;
	int	 avail;

	for (;;) {
		if (!all && (ioctl(fd, FIONREAD, &avail) != 0 || avail == 0))
			return 0;
		if ((n = read(fd, buf, sizeof buf)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (n == 0)
			return 0;
		if (fwrite(buf, 1, (size_t)n, fp) != (size_t)n)
			return -1;
	}
}

int
main(int argc, char **argv)
{
	struct pollfd	 pfd;
	FILE		*fp;
	pid_t		 pid, w;
	long		 delay = -1, waited;
	int		 fd[2], sig, avail, st = 0, ended = 0;

	if (argc > 2 && strcmp(argv[1], "-d") == 0) {
		delay = atol(argv[2]);
		argc -= 2;
		argv += 2;
	}
	if (argc < 4) {
		fprintf(stderr, "usage: hold-pipe [-d MS] INT|TERM|HUP OUT "
		    "PROGRAM [ARG...]\n");
		return 99;
	}
	sig = strcmp(argv[1], "INT") == 0 ? SIGINT :
	    strcmp(argv[1], "TERM") == 0 ? SIGTERM :
	    strcmp(argv[1], "HUP") == 0 ? SIGHUP : 0;
	if (sig == 0) {
		fprintf(stderr, "hold-pipe: %s: not INT, TERM or HUP\n",
		    argv[1]);
		return 99;
	}
#if defined(F_SETPIPE_SZ) && defined(F_GETPIPE_SZ) && defined(FIONREAD)
	if (pipe(fd) != 0) {
		perror("hold-pipe: pipe");
		return 99;
	}
	(void)fcntl(fd[1], F_SETPIPE_SZ, 8192);
	if (fcntl(fd[1], F_GETPIPE_SZ) <= 0) {
		perror("hold-pipe: F_GETPIPE_SZ");
		return 99;
	}
#else
	(void)fd;
	printf("SKIP: hold-pipe: the fill of a pipe cannot be measured here\n");
	return 77;
#endif
	if ((fp = fopen(argv[2], "w")) == NULL) {
		perror(argv[2]);
		return 99;
	}
	if ((pid = fork()) < 0) {
		perror("hold-pipe: fork");
		return 99;
	}
	if (pid == 0) {
		/* The program's handlers are its own: start from the
		 * defaults whatever the shell left. */
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		if (dup2(fd[1], STDOUT_FILENO) < 0)
			_exit(99);
		close(fd[0]);
		close(fd[1]);
		execvp(argv[3], argv + 3);
		perror(argv[3]);
		_exit(99);
	}
	/* Wait for a full pipe, ten minutes at most: data in it, and no
	 * room for a write.  (The write end stays open here until the
	 * program has ended, to be polled.) */
	for (waited = 0; waited < 600000; waited += 10) {
		pfd.fd = fd[1];
		pfd.events = POLLOUT;
		pfd.revents = 0;
		if (ioctl(fd[0], FIONREAD, &avail) == 0 && avail > 0 &&
		    poll(&pfd, 1, 0) == 0)
			break;
		if ((w = waitpid(pid, &st, WNOHANG)) == pid) {
			ended = 1;
			break;
		}
		nap(10);
	}
	if (ended || waited >= 600000) {
		fprintf(stderr, "hold-pipe: %s %s the pipe was full\n",
		    argv[3], ended ? "ended before" : "still running, nor was");
		if (!ended)
			kill(pid, SIGKILL);
		return 99;
	}
	kill(pid, sig);
	if (delay >= 0) {
		/* A reader that comes back: read as the program writes. */
		nap(delay);
		while ((w = waitpid(pid, &st, WNOHANG)) == 0) {
			if (drain(fd[0], fp, 0) != 0)
				break;
			nap(1);
		}
		if (w == 0)
			waitpid(pid, &st, 0);
	} else
		waitpid(pid, &st, 0);
	close(fd[1]);
	if (drain(fd[0], fp, 1) != 0 || fclose(fp) != 0) {
		perror(argv[2]);
		return 99;
	}
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return WEXITSTATUS(st);
}
