/*
 * strerror.c: the text of every result code of the library.
 */
#include "dlx.h"

const char *
dlx_strerror(int code)
{
	switch (code) {
	case DLX_OK:
		return "success";
	case DLX_STOPPED:
		return "search stopped by a callback";
	case DLX_LIMIT:
		return "solution limit reached";
	case DLX_INCOMPLETE:
		return "search budget exhausted";
	case DLX_ENOMEM:
		return "out of memory";
	case DLX_EINVAL:
		return "invalid argument";
	case DLX_ERANGE:
		return "item or option number out of range";
	case DLX_EDUPITEM:
		return "item appears twice in one option";
	case DLX_ECOLOR:
		return "color on a primary item, or negative color";
	case DLX_ENOPRIMARY:
		return "option has no primary item";
	case DLX_ECONFLICT:
		return "option conflicts with a forced option";
	case DLX_EMISUSE:
		return "operation not allowed now";
	case DLX_EOVERFLOW:
		return "matrix too large or count overflow";
	case DLX_ECORRUPT:
		return "internal invariant broken";
	case DLX_ENOTSUP:
		return "not supported with item bounds";
	default:
		return "unknown error";
	}
}
