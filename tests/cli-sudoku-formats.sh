#!/bin/sh
# cli-sudoku-formats.sh: dlx-sudoku's exact output in every mode (solve,
# --count, --limit, --all, --unique) and format (grid, line, classic,
# JSON), on the bundled examples.  The solutions were checked by hand and
# the counts against a brute-force counter.
. "${top_srcdir:-$(dirname "$0")/..}/tests/sudoku-common.sh"
cd "$ex" || exit 99

# grid, not unique
run two-solutions.txt
cat >"$tmp/exp" <<'END'
two-solutions.txt:1: not unique; one of several solutions
4 8 7 | 2 5 9 | 3 1 6
1 9 6 | 4 3 8 | 7 2 5
2 5 3 | 7 1 6 | 4 9 8
------+-------+------
6 2 9 | 3 8 1 | 5 4 7
3 7 5 | 9 6 4 | 1 8 2
8 4 1 | 5 7 2 | 6 3 9
------+-------+------
9 6 2 | 1 4 5 | 8 7 3
7 1 8 | 6 2 3 | 9 5 4
5 3 4 | 8 9 7 | 2 6 1

END
same "grid, not unique" "$tmp/exp" "$tmp/out"
status "grid, not unique" 0 "$st"

# grid, 4x4 and 6x6
run 4x4.txt 6x6.txt
cat >"$tmp/exp" <<'END'
4x4.txt:2: solved
1 2 | 3 4
4 3 | 2 1
----+----
3 1 | 4 2
2 4 | 1 3

6x6.txt:2: solved
6 4 2 | 5 3 1
3 1 5 | 2 6 4
------+------
5 3 4 | 1 2 6
2 6 1 | 4 5 3
------+------
1 2 3 | 6 4 5
4 5 6 | 3 1 2

END
same "grid, 4x4 and 6x6" "$tmp/exp" "$tmp/out"
status "grid, 4x4 and 6x6" 0 "$st"

# grid, 16x16
run 16x16.txt
cat >"$tmp/exp" <<'END'
16x16.txt:2: solved
1 8 E G | 2 9 C A | 4 7 B D | 3 5 6 F
6 3 5 F | G 1 E 8 | A C 2 9 | 4 7 D B
D 4 7 B | F 6 5 3 | 8 E G 1 | A C 9 2
9 A C 2 | B D 7 4 | 3 5 F 6 | 8 E 1 G
--------+---------+---------+--------
G 5 8 6 | 1 2 A E | C 4 9 B | 7 3 F D
B C 4 9 | D F 3 7 | 5 8 6 G | E A 2 1
F 7 3 D | 6 G 8 5 | E A 1 2 | C 4 B 9
2 E A 1 | 9 B 4 C | 7 3 D F | 5 8 G 6
--------+---------+---------+--------
8 F 6 5 | E A 1 G | 2 9 C 4 | B D 3 7
A G 1 E | C 4 9 2 | B D 7 3 | F 6 8 5
4 2 9 C | 7 3 D B | F 6 5 8 | G 1 A E
3 B D 7 | 5 8 6 F | G 1 E A | 2 9 4 C
--------+---------+---------+--------
C 1 2 A | 4 7 B 9 | D F 3 5 | 6 G E 8
E 6 G 8 | A C 2 1 | 9 B 4 7 | D F 5 3
5 D F 3 | 8 E G 6 | 1 2 A C | 9 B 7 4
7 9 B 4 | 3 5 F D | 6 G 8 E | 1 2 C A

END
same "grid, 16x16" "$tmp/exp" "$tmp/out"
status "grid, 16x16" 0 "$st"

# line
run -f line classic.txt 16x16.txt
cat >"$tmp/exp" <<'END'
912763584345289167678451329183572946794136852526894713431925678267318495859647231
18EG29CA47BD356F635FG1E8AC2947DBD47BF6538EG1AC929AC2BD7435F68E1GG58612AEC49B73FDBC49DF37586GEA21F73D6G85EA12C4B92EA19B4C73DF58G68F65EA1G29C4BD37AG1EC492BD73F685429C73DBF658G1AE3BD7586FG1EA294CC12A47B9DF356GE8E6G8AC219B47DF535DF38EG612AC9B7479B435FD6G8E12CA
END
same "line" "$tmp/exp" "$tmp/out"
status "line" 0 "$st"

# classic
run -f classic classic.txt
cat >"$tmp/exp" <<'END'
Initial Board Position
9 X X 7 X 3 5 X 4
3 X X 2 8 X 1 X X
X X 8 X 5 1 3 X X
X X 3 X X 2 9 X 6
X X X 1 3 6 X 5 X
5 X X X X X X 1 X
4 3 X X X X X X X
X 6 X X X 8 X X X
X X 9 X 4 X 2 X X

Solution #1
9 1 2 7 6 3 5 8 4
3 4 5 2 8 9 1 6 7
6 7 8 4 5 1 3 2 9
1 8 3 5 7 2 9 4 6
7 9 4 1 3 6 8 5 2
5 2 6 8 9 4 7 1 3
4 3 1 9 2 5 6 7 8
2 6 7 3 1 8 4 9 5
8 5 9 6 4 7 2 3 1

END
same "classic" "$tmp/exp" "$tmp/out"
status "classic" 0 "$st"

# classic, all
run --format=classic --all classic-2.txt
cat >"$tmp/exp" <<'END'
Initial Board Position
9 X X 7 X 3 5 X 4
3 X X 2 8 X 1 X X
X X 8 X 5 1 3 X X
X X 3 X X 2 9 X 6
X X X 1 3 X X 5 X
5 X X X X X X 1 X
4 3 X X X X X X X
X 6 X X X 8 X X X
X X 9 X 4 X 2 X X

Solution #1
9 1 2 7 6 3 5 8 4
3 4 5 2 8 9 1 6 7
6 7 8 4 5 1 3 2 9
1 8 3 5 7 2 9 4 6
7 9 4 1 3 6 8 5 2
5 2 6 8 9 4 7 1 3
4 3 1 9 2 5 6 7 8
2 6 7 3 1 8 4 9 5
8 5 9 6 4 7 2 3 1

Solution #2
9 1 2 7 6 3 5 8 4
3 4 5 2 8 9 1 6 7
6 7 8 4 5 1 3 2 9
1 8 3 5 7 2 9 4 6
7 9 6 1 3 4 8 5 2
5 2 4 8 9 6 7 1 3
4 3 1 9 2 5 6 7 8
2 6 7 3 1 8 4 9 5
8 5 9 6 4 7 2 3 1

2 solutions

END
same "classic, all" "$tmp/exp" "$tmp/out"
status "classic, all" 0 "$st"

# line, all
run -f line -a classic-2.txt
cat >"$tmp/exp" <<'END'
912763584345289167678451329183572946794136852526894713431925678267318495859647231 #1
912763584345289167678451329183572946796134852524896713431925678267318495859647231 #2
END
same "line, all" "$tmp/exp" "$tmp/out"
status "line, all" 0 "$st"

# grid, all
run --all 4x4.txt
cat >"$tmp/exp" <<'END'
4x4.txt:2: solution #1
1 2 | 3 4
4 3 | 2 1
----+----
3 1 | 4 2
2 4 | 1 3

4x4.txt:2: 1 solution
END
same "grid, all" "$tmp/exp" "$tmp/out"
status "grid, all" 0 "$st"

# count, grid
run --count classic.txt classic-2.txt two-solutions.txt
cat >"$tmp/exp" <<'END'
classic.txt:1: 1 solution
classic-2.txt:1: 2 solutions
two-solutions.txt:1: 2 solutions
END
same "count, grid" "$tmp/exp" "$tmp/out"
status "count, grid" 0 "$st"

# count, line
run -c -f line classic-2.txt
cat >"$tmp/exp" <<'END'
9..7.35.43..28.1....8.513....3..29.6...13..5.5......1.43........6...8.....9.4.2.. 2
END
same "count, line" "$tmp/exp" "$tmp/out"
status "count, line" 0 "$st"

# count, classic
run -c -f classic classic-2.txt
cat >"$tmp/exp" <<'END'
Initial Board Position
9 X X 7 X 3 5 X 4
3 X X 2 8 X 1 X X
X X 8 X 5 1 3 X X
X X 3 X X 2 9 X 6
X X X 1 3 X X 5 X
5 X X X X X X 1 X
4 3 X X X X X X X
X 6 X X X 8 X X X
X X 9 X 4 X 2 X X

2 solutions

END
same "count, classic" "$tmp/exp" "$tmp/out"
status "count, classic" 0 "$st"

# limit
run --limit 1 two-solutions.txt
cat >"$tmp/exp" <<'END'
two-solutions.txt:1: at least 1 solution
END
same "limit" "$tmp/exp" "$tmp/out"
status "limit" 0 "$st"

# limit, line
run -f line --count --limit=1 two-solutions.txt
cat >"$tmp/exp" <<'END'
4.72.....1..4....5....16.9862.3...4.3..9.......1.726....2..587....6....453..97.61 at least 1
END
same "limit, line" "$tmp/exp" "$tmp/out"
status "limit, line" 0 "$st"

# unique, line
run -u -f line two-solutions.txt classic.txt 4x4.txt
cat >"$tmp/exp" <<'END'
4.72.....1..4....5....16.9862.3...4.3..9.......1.726....2..587....6....453..97.61 multiple
9..7.35.43..28.1....8.513....3..29.6...136.5.5......1.43........6...8.....9.4.2.. unique
..3....1..4.2... unique
END
same "unique, line" "$tmp/exp" "$tmp/out"
status "unique, line" 1 "$st"

# unique, grid
run --unique classic.txt 4x4.txt
cat >"$tmp/exp" <<'END'
classic.txt:1: unique
4x4.txt:2: unique
END
same "unique, grid" "$tmp/exp" "$tmp/out"
status "unique, grid" 0 "$st"

# unique, classic
run --unique -f classic 4x4.txt
cat >"$tmp/exp" <<'END'
Initial Board Position
X X 3 X
X X X 1
X X 4 X
2 X X X

unique

END
same "unique, classic" "$tmp/exp" "$tmp/out"
status "unique, classic" 0 "$st"

# json
run --json two-solutions.txt 4x4.txt
cat >"$tmp/exp" <<'END'
{"type":"puzzle","file":"two-solutions.txt","line":1,"size":9,"box":"3x3","puzzle":"4.72.....1..4....5....16.9862.3...4.3..9.......1.726....2..587....6....453..97.61","result":"multiple","solution":"487259316196438725253716498629381547375964182841572639962145873718623954534897261"}
{"type":"puzzle","file":"4x4.txt","line":2,"size":4,"box":"2x2","puzzle":"..3....1..4.2...","result":"unique","solution":"1234432131422413"}
END
same "json" "$tmp/exp" "$tmp/out"
status "json" 0 "$st"

# json, count
run -j -c classic-2.txt
cat >"$tmp/exp" <<'END'
{"type":"count","file":"classic-2.txt","line":1,"size":9,"box":"3x3","puzzle":"9..7.35.43..28.1....8.513....3..29.6...13..5.5......1.43........6...8.....9.4.2..","solutions":2,"exact":true}
END
same "json, count" "$tmp/exp" "$tmp/out"
status "json, count" 0 "$st"

# json, unique
run -j -u 6x6.txt
cat >"$tmp/exp" <<'END'
{"type":"puzzle","file":"6x6.txt","line":2,"size":6,"box":"2x3","puzzle":"..2.......645...2..61...1..6...5....","result":"unique"}
END
same "json, unique" "$tmp/exp" "$tmp/out"
status "json, unique" 0 "$st"

# json, all
run -j -a classic-2.txt
cat >"$tmp/exp" <<'END'
{"type":"solution","file":"classic-2.txt","line":1,"index":1,"solution":"912763584345289167678451329183572946794136852526894713431925678267318495859647231"}
{"type":"solution","file":"classic-2.txt","line":1,"index":2,"solution":"912763584345289167678451329183572946796134852524896713431925678267318495859647231"}
{"type":"count","file":"classic-2.txt","line":1,"size":9,"box":"3x3","puzzle":"9..7.35.43..28.1....8.513....3..29.6...13..5.5......1.43........6...8.....9.4.2..","solutions":2,"exact":true}
END
same "json, all" "$tmp/exp" "$tmp/out"
status "json, all" 0 "$st"

# json, limit
run -j -l 1 classic-2.txt
cat >"$tmp/exp" <<'END'
{"type":"count","file":"classic-2.txt","line":1,"size":9,"box":"3x3","puzzle":"9..7.35.43..28.1....8.513....3..29.6...13..5.5......1.43........6...8.....9.4.2..","solutions":1,"exact":false}
END
same "json, limit" "$tmp/exp" "$tmp/out"
status "json, limit" 0 "$st"

exit $fail
