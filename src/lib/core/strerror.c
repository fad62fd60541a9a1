/*
 * strerror.c: dlx_strerror(), the text of every result code of every
 * module of libdlx.  The modules' codes live in disjoint ranges (dlx.h,
 * "Result codes"), so one table can name them all: a code that any call
 * returns is found here, whichever header defines it.  tests/check_api.c
 * checks that every code has its own text.
 */
#include <stddef.h>

#include "dlx.h"
#include "dlx_text.h"
#include "dlx_sudoku.h"
#include "dlx_logic.h"

static const struct {
	int		 code;
	const char	*text;
} texts[] = {
	/* Every module: success, and why a search ended early. */
	{ DLX_OK,		"success" },
	{ DLX_STOPPED,		"search stopped by a callback" },
	{ DLX_LIMIT,		"solution limit reached" },
	{ DLX_INCOMPLETE,	"search budget exhausted" },
	/* The core's errors, which every module passes on. */
	{ DLX_ENOMEM,		"out of memory" },
	{ DLX_EINVAL,		"invalid argument" },
	{ DLX_ERANGE,		"item or option number out of range" },
	{ DLX_EDUPITEM,		"item appears twice in one option" },
	{ DLX_ECOLOR,		"color on a primary item, or negative color" },
	{ DLX_ENOPRIMARY,	"option has no primary item" },
	{ DLX_ECONFLICT,	"option conflicts with a forced option" },
	{ DLX_EMISUSE,		"operation not allowed now" },
	{ DLX_EOVERFLOW,	"matrix too large or count overflow" },
	{ DLX_ECORRUPT,		"internal invariant broken" },
	{ DLX_ENOTSUP,		"not supported with item bounds" },
	/* Knuth's text format (dlx_text.h). */
	{ DLX_TEXT_EIO,		"read error" },
	{ DLX_TEXT_ENOITEMS,	"no item line" },
	{ DLX_TEXT_ELONGLINE,	"line too long" },
	{ DLX_TEXT_ESYNTAX,	"syntax error" },
	{ DLX_TEXT_EDUPNAME,	"duplicate item name" },
	{ DLX_TEXT_EUNKNOWN,	"unknown item" },
	{ DLX_TEXT_EDUPITEM,	"item twice in one option" },
	{ DLX_TEXT_ECOLOR,	"color on a primary item" },
	{ DLX_TEXT_ENOPRIMARY,	"option without a primary item (strict)" },
	{ DLX_TEXT_EBOUND,	"bad item bound" },
	/* The sudoku reader (dlx_sudoku.h). */
	{ DLX_SUDOKU_EOF,	"no more puzzles" },
	{ DLX_SUDOKU_PUZZLE,	"puzzle read" },
	{ DLX_SUDOKU_BAD,	"puzzle rejected" },
	{ DLX_SUDOKU_EREAD,	"reading puzzles failed" },
	/* The setter's questions (dlx_sudoku.h). */
	{ DLX_SUDOKU_UNSOLVABLE, "the puzzle has no solution" },
	{ DLX_SUDOKU_MULTIPLE,	"the puzzle has more than one solution" },
	/* The logic solver (dlx_logic.h). */
	{ DLX_LOGIC_SOLVED,	"every cell is filled" },
	{ DLX_LOGIC_STUCK,	"no rule applies" },
	{ DLX_LOGIC_CONTRADICTION, "the candidates contradict each other" },
};

const char *
dlx_strerror(int code)
{
	size_t	 i;

	for (i = 0; i < sizeof texts / sizeof texts[0]; i++)
		if (texts[i].code == code)
			return texts[i].text;
	return "unknown error";
}
