#!/bin/sh
# The page (web/) in a real browser: make web builds it with emscripten,
# tests/web-page.js serves it on localhost and drives a headless chromium
# through puppeteer-core: the page loads, a puzzle from the URL is counted
# right (an ambiguous one with a known count), the explanation is the one
# dlx-sudoku --explain gives, Stop stops a long count, a killer's text
# form in the URL is drawn and solved, a puzzle made pencil marks with a
# candidate struck in the grid is counted as dlx-sudoku counts its marks
# line, the setter's questions answer as the programs do (true
# candidates and their counts as every solution tallies them, the
# placements that cut the most, redundant givens, Minimize, the
# canonical form, a long one stopped by its Stop), malformed and
# clashing puzzles show their errors next to the input, the page answers
# only for the text in the puzzle box (a text that does not read turns
# the actions off, an edit clears the answer shown, Clear empties the box
# and a puzzle typed there is the one counted), the exact-cover tab counts
# and reports its errors as its text is edited, a generated puzzle has
# one solution, a 16x16 is generated with 180-degree symmetry by default
# and from a link's seed, the generator's hint says what is slow and what
# may not be minimal, its progress names its stage and its Stop stops it
# (the grade search at 16x16, which does not end in a minute), and a
# phone's viewport shows the page without sideways scrolling.  A
# screenshot of each state goes to tests/web-shots/ in the build tree.
#
# Needs emscripten (configure's EMCC), chromium, node and puppeteer-core:
# skipped (77) when one is missing, and failed instead when
# DLX_TEST_REQUIRE names "web" (or "all"), as CI sets it for README's test
# command.  puppeteer-core is looked for in
# $DLX_WEB_NODE_MODULES, else in tests/web-node/node_modules of the build
# tree (npm install --prefix tests/web-node puppeteer-core puts it there).
# CHROMIUM names the browser (default: chromium on the PATH).  The
# screenshots go to $DLX_WEB_SHOTS instead when it is set (make clean
# removes tests/web-shots).
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

emcc=${EMCC:-emcc}
command -v "$emcc" >/dev/null 2>&1 ||
    optional web "emscripten's emcc not found (Debian: emscripten)"
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser)}
test -n "$chromium" && test -x "$chromium" ||
    optional web "chromium not found (Debian: chromium)"
command -v node >/dev/null 2>&1 ||
    optional web "node not found"
modules=${DLX_WEB_NODE_MODULES:-$top_builddir/tests/web-node/node_modules}
test -f "$modules/puppeteer-core/package.json" ||
    optional web "puppeteer-core not found in $modules (npm install\
 --prefix tests/web-node puppeteer-core, or set DLX_WEB_NODE_MODULES)"

step web $MAKE -C "$top_builddir" web
out=$top_builddir/web-out
shots=${DLX_WEB_SHOTS:-$top_builddir/tests/web-shots}
rm -rf "$shots" && mkdir -p "$shots" || exit 99

# What the page must show, from the native programs on the same puzzles:
# the count of an ambiguous puzzle (its collection's .counts), and the
# explanation of a puzzle the rules solve with subsets.
set -- $(sed -n 1p "$data/coll-puzzles7_serg_benchmark.counts")
ambiguous=$1 count=$2
explained=$(sed -n 1p "$data/coll-norvig_hardest.txt")
echo "$explained" | $DLX_RUN "$sudoku" --explain >"$tmp/explain" ||
    { failed "dlx-sudoku --explain"; exit 1; }
sed -n '2,/^solved by the rules\|^search:/p' "$tmp/explain" | sed '$d' \
    >"$tmp/steps"
grade=$(sed -n 's/^solved by the rules; grade: //p' "$tmp/explain")
test -s "$tmp/steps" && test -n "$grade" ||
    { failed "no steps or grade from dlx-sudoku --explain"; exit 1; }
# Its rating (ER, EP, ED, the level and the hardest rule), as --rate
# prints it after "FILE:LINE: ".
rating=$(echo "$explained" | $DLX_RUN "$sudoku" --rate 2>/dev/null |
    sed -n 's/^[^:]*:1: //p')
test -n "$rating" || { failed "no rating from dlx-sudoku --rate"; exit 1; }
killer=$puzzles/variants/killer.txt
answer=$(cat "$puzzles/variants/killer.answer")
test "$($DLX_RUN "$sudoku" -f line "$killer")" = "$answer" ||
    { failed "dlx-sudoku $killer: not its answer"; exit 1; }
# Pencil marks: the 26-given puzzle with 385,677 solutions, as its
# complete marks line (a given its one mark, an open cell every digit)
# with 1 struck from r1c1, and that line's count.
p26=.2......9..71.........3..1....5..3..5...7.....8...2..6.........6.8.....4......92.
marks=$(echo "$p26" | awk '{ for (k = 1; k <= 81; k++) {
	c = substr($0, k, 1)
	for (v = 1; v <= 9; v++)
	    printf "%s", c == v || (c == "." && !(k == 1 && v == 1)) ? v : "."
    } print "" }')
marks_count=$(echo "$marks" | $DLX_RUN "$sudoku" --count |
    sed -n 's/^[^:]*:1: \([0-9]*\) solutions$/\1/p')
test "$marks_count" = 185198 ||
    { failed "dlx-sudoku --count of the marks line: $marks_count"; exit 1; }
# The setter's questions, from the programs: the true candidates of the
# ambiguous puzzle by brute force (each of its solutions, listed by -a,
# tallied: "cell:symbol=count,..." for each open cell, cells from 0), the
# redundant givens of a 17-clue puzzle with three more and its minimal
# form, the canonical form of the explained puzzle.
cands=$(echo "$ambiguous" | $DLX_RUN "$sudoku" -a -f line | awk -v p="$ambiguous" '
    { for (k = 1; k <= 81; k++) if (substr(p, k, 1) ~ /[.0]/)
	t[k, substr($1, k, 1)]++ }
    END { for (k = 1; k <= 81; k++) { c = ""
	for (v = 1; v <= 9; v++) if ((k, v) in t)
	    c = c (c == "" ? "" : ",") v "=" t[k, v]
	if (c != "") printf "%s%d:%s", (s++ ? " " : ""), k - 1, c }
	print "" }')
redundant=$(sed -n 3p "$puzzles/redundant.txt")
cells=$(echo "$redundant" | $DLX_RUN "$sudoku" --redundant |
    sed -n 's/^[^:]*:1: .* redundant: //p')
minimized=$(echo "$redundant" | $DLX_RUN "$sudoku" --minimize -f line)
canonical=$(echo "$explained" | $DLX_RUN "$sudoku" --canonical)
test -n "$cands" && test -n "$cells" && test -n "$minimized" &&
    test -n "$canonical" ||
    { failed "the setter's questions from dlx-sudoku"; exit 1; }
queens=$data/queens8.dlx
test "$($DLX_RUN "$dlx" "$queens")" = 92 ||
    { failed "dlx $queens: not 92"; exit 1; }

NODE_PATH=$modules node "$top_srcdir/tests/web-page.js" \
    --root "$out" --shots "$shots" --chromium "$chromium" \
    --ambiguous "$ambiguous" --count "$count" \
    --explained "$explained" --steps "$tmp/steps" --grade "$grade" \
    --rating "$rating" \
    --killer "$killer" --answer "$answer" \
    --queens "$queens" --marked "$p26" --marks "$marks" \
    --marks-count "$marks_count" --cands "$cands" --redundant "$redundant" \
    --redundant-cells "$cells" --minimized "$minimized" \
    --canonical "$canonical" --profile "$tmp/profile" || fail=1
ls "$shots"
exit $fail
