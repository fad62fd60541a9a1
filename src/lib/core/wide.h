/*
 * wide.h: the 128-bit unsigned integer that counts beyond 2^64 are
 * computed in inside the library (the cache, positions); struct dlx_wide
 * (dlx.h) is its public form, which the installed headers use, since ISO C
 * has no such type.  GCC and Clang provide it on 64-bit hosts.
 */
#ifndef WIDE_H
#define WIDE_H

typedef unsigned __int128 u128;

#endif /* WIDE_H */
