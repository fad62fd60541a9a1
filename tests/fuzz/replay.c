/*
 * replay.c: run a fuzz harness's LLVMFuzzerTestOneInput over files, without
 * libFuzzer, so that make check (with any compiler, and under the
 * sanitizers in CI) replays the seed corpora and every input that once
 * crashed.  A harness reports a failure by aborting, which fails the test.
 *
 * Usage: replay-HARNESS FILE...
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Read all of path into a malloc'd buffer; NULL (errno set) on failure. */
static uint8_t *
slurp(const char *path, size_t *len)
{
	FILE	*f;
	uint8_t	*buf = NULL, *p;
	size_t	 cap = 0, n = 0, r;

	if ((f = fopen(path, "rb")) == NULL)
		return NULL;
	for (;;) {
		if (n == cap) {
			cap = cap == 0 ? 4096 : cap * 2;
			if ((p = realloc(buf, cap)) == NULL) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = p;
		}
		if ((r = fread(buf + n, 1, cap - n, f)) == 0)
			break;
		n += r;
	}
	if (ferror(f)) {
		free(buf);
		fclose(f);
		errno = EIO;
		return NULL;
	}
	fclose(f);
	*len = n;
	return buf;
}

int
main(int argc, char **argv)
{
	uint8_t	*buf;
	size_t	 len;
	int	 k;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE...\n", argv[0]);
		return 2;
	}
	for (k = 1; k < argc; k++) {
		if ((buf = slurp(argv[k], &len)) == NULL) {
			fprintf(stderr, "%s: %s: %s\n", argv[0], argv[k],
			    strerror(errno));
			return 2;
		}
		LLVMFuzzerTestOneInput(buf, len);
		free(buf);
	}
	printf("%s: %d inputs replayed\n", argv[0], argc - 1);
	return 0;
}
