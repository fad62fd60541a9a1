#!/bin/sh
# cli-doc-examples.sh: every example command shown in README.md,
# examples/README.md and the man pages is run, and its output compared with
# the output shown, so that the documentation cannot drift from the
# programs.
#
# The convention the documents follow:
#  - Markdown: an example is a line indented by 4 spaces that starts with
#    "$ " (the command), followed by its output: the next lines of the same
#    indented block, up to the next "$ " line.
#  - Man pages: the same, inside a .Bd -literal ... .Ed block; lines of the
#    block before its first "$ " line are not examples.  Roff escapes are
#    read as roff would print them: \- is -, \e is \, \& is nothing, \(aq
#    is ', \(dq is ".
#  - In the output shown, a line "..." stands for zero or more lines left
#    out, and a line ending in ",...}" (a JSON record cut short) for any
#    line with the text before "..." that ends in "}".  The output is standard output followed by standard error (or
#    both as they interleave, if that matches instead).  Exit statuses are
#    not compared.
#  - Commands run from a copy of the top of the source tree (its entries
#    linked, so a command may write files there), with the programs of the
#    build tree: src/dlx, src/dlx-sudoku, examples/NAME, bench/NAME, and the
#    bare names dlx and dlx-sudoku (as man pages write them), each started
#    through $DLX_RUN.
#  - An example shown with no output lines is run all the same, and fails
#    if it exits with status 2 or more (trouble) instead of 0 or 1.
#  - Skip rule: a command with an operand that names a puzzle or problem
#    file (ending in .txt, .dlx, .csv, .sdk, .ss) that is not in the source
#    tree, and was not written by an earlier example of the same document
#    (">p.dlx"), is listed as skipped, not run.  Prefer files that exist.
#  - README's "Counting on a cluster": its commands are examples (above),
#    its batch script and GNU parallel lines are run by cli-slurm.sh and
#    cli-gnu-parallel.sh, and its counts of parts are checked here: each
#    "part K/4 (N" of pentominoes 6x10 is what dlx --part K/4 counts, and
#    they add up to the whole count given (timings are measurements and
#    are not checked; under $DLX_RUN this part is left out, too slow).
#  - Prose: every option that a `span` of README.md or examples/README.md
#    gives to dlx or dlx-sudoku (`dlx --stats`, `dlx-sudoku merge`), the
#    span read across line ends, is one that program's --help lists, so a
#    claim about an option the program refuses cannot stand.
#  - tests/doc-examples.xfail lists commands known to be wrong in the docs,
#    one a line, exactly as shown after "$ ": they are reported XFAIL; one
#    that passes (XPASS) fails the test, so the list only shrinks.
# Exit 0 pass, 1 fail.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
export top_builddir DLX_RUN
ran=0
skipped=0
xfail_list=$top_srcdir/tests/doc-examples.xfail

# The working directory: the source tree's entries, linked.
mkdir "$tmp/top"
for f in "$top_srcdir"/* "$top_srcdir"/.[!.]*; do
	[ -e "$f" ] && ln -s "$f" "$tmp/top/"
done

# extract FILE KIND: print the examples of FILE as records
#   "C<TAB>LINE<TAB>command" then "O<TAB>output line" for each output line.
extract() {
	awk -v kind="$2" '
	function unroff(s) {
		gsub(/\\-/, "-", s)
		gsub(/\\\(aq/, "\047", s)
		gsub(/\\\(dq/, "\"", s)
		gsub(/\\&/, "", s)
		gsub(/\\e/, "\\", s)
		return s
	}
	function flushblank() {
		for (; nblank > 0; nblank--)
			if (incmd)
				print "O\t"
	}
	kind == "md" {
		if ($0 ~ /^```/) { fence = !fence; incmd = 0; nblank = 0; next }
		if (fence) next
		if ($0 ~ /^[ \t]*$/) { if (incmd) nblank++; next }
		if ($0 !~ /^    /) { incmd = 0; nblank = 0; next }
		line = substr($0, 5)
		if (line ~ /^\$ /) {
			nblank = 0
			incmd = 1
			print "C\t" FNR "\t" substr(line, 3)
			next
		}
		flushblank()
		if (incmd)
			print "O\t" line
		next
	}
	kind == "man" {
		if ($0 ~ /^\.Bd -literal/) { lit = 1; incmd = 0; next }
		if ($0 ~ /^\.Ed/) { lit = 0; incmd = 0; next }
		if (!lit) next
		line = unroff($0)
		if (line ~ /^\$ /) {
			incmd = 1
			print "C\t" FNR "\t" substr(line, 3)
		} else if (incmd)
			print "O\t" line
	}' "$1"
}

# match EXPECTED ACTUAL: the lines of EXPECTED, "..." matching any run of
# lines, are exactly those of ACTUAL.
match() {
	awk '
	FNR == 1 { f++ }
	f == 1 { p[++m] = $0; next }
	{ t[++n] = $0 }
	# A line of the output shown against a line printed.
	function same(pat, s,   k) {
		if (pat !~ /,\.\.\.}$/)
			return pat == s
		k = length(pat) - 4
		return substr(s, 1, k) == substr(pat, 1, k) &&
		    substr(s, length(s)) == "}"
	}
	END {
		d[0, 0] = 1
		for (j = 1; j <= n; j++) d[0, j] = 0
		for (i = 1; i <= m; i++) {
			d[i, 0] = p[i] == "..." && d[i - 1, 0]
			for (j = 1; j <= n; j++)
				if (p[i] == "...")
					d[i, j] = d[i - 1, j] || d[i, j - 1]
				else
					d[i, j] = d[i - 1, j - 1] && same(p[i], t[j])
		}
		exit !d[m, n]
	}' "$1" /dev/null "$2" 2>/dev/null
}

# A program word at a command position is started through run_prog.
cat >"$tmp/prelude" <<'END'
run_prog() {
	p=$1
	shift
	case $p in
	dlx | dlx-sudoku) p=src/$p ;;
	esac
	if [ -f "$top_builddir/$p" ] && [ -x "$top_builddir/$p" ]; then
		$DLX_RUN "$top_builddir/$p" "$@"
	else
		"$p" "$@"
	fi
}
END

# run_example DOC LINE: run $tmp/cmd, compare with $tmp/exp.
run_example() {
	set -f
	for w in $(cat "$tmp/cmd"); do
		case $w in
		-* | [0-9]\>* | \>*) continue ;;
		*.txt | *.dlx | *.csv | *.sdk | *.ss) ;;
		*) continue ;;
		esac
		if [ ! -e "$tmp/top/$w" ]; then
			echo "SKIP $1:$2: no file $w: $(cat "$tmp/cmd")"
			skipped=$((skipped + 1))
			return
		fi
	done
	{
		cat "$tmp/prelude"
		# A program starts a command: at the start, after | ; & ( or
		# a loop's "do" (as in "for k in 1 2; do src/dlx ...").
		sed -E 's#(^|[|;&(]|[;&] *do) *(src/dlx-sudoku|src/dlx|dlx-sudoku|dlx|examples/[A-Za-z0-9_-]+|bench/[A-Za-z0-9_-]+)( |$)#\1 run_prog \2\3#g' \
		    "$tmp/cmd"
	} >"$tmp/script"
	ran=$((ran + 1))
	set +f
	xfail=0
	grep -qxF -f "$tmp/cmd" "$xfail_list" 2>/dev/null && xfail=1
	(cd "$tmp/top" && sh "$tmp/script" >"$tmp/out" 2>"$tmp/err")
	st=$?
	cat "$tmp/out" "$tmp/err" >"$tmp/got"
	if [ ! -s "$tmp/exp" ]; then
		[ "$st" -lt 2 ] && ok=1 || ok=0
	elif match "$tmp/exp" "$tmp/got"; then
		ok=1
	else
		(cd "$tmp/top" && sh "$tmp/script" >"$tmp/got2" 2>&1)
		match "$tmp/exp" "$tmp/got2" && ok=1 || ok=0
	fi
	if [ $xfail = 1 ]; then
		if [ $ok = 1 ]; then
			echo "XPASS $1:$2: $(cat "$tmp/cmd")"
			echo "  (passes now: remove it from tests/doc-examples.xfail)"
			fail=1
		else
			echo "XFAIL $1:$2: $(cat "$tmp/cmd")"
		fi
		return
	fi
	[ $ok = 1 ] && return
	echo "FAIL $1:$2: $(cat "$tmp/cmd") (status $st)"
	echo "--- shown"
	cat "$tmp/exp"
	echo "--- printed"
	cat "$tmp/got"
	echo "---"
	fail=1
}

for doc in README.md examples/README.md man/*.[1-9]; do
	[ -f "$top_srcdir/$doc" ] || continue
	case $doc in
	*.md) kind=md ;;
	*) kind=man
	   # Link pages (.so) hold no examples.
	   head -n 1 "$top_srcdir/$doc" | grep -q '^\.so ' && continue ;;
	esac
	extract "$top_srcdir/$doc" $kind >"$tmp/examples"
	line=
	while IFS= read -r rec; do
		case $rec in
		C"	"*)
			[ -n "$line" ] && run_example "$doc" "$line"
			rec=${rec#C	}
			line=${rec%%	*}
			printf '%s\n' "${rec#*	}" >"$tmp/cmd"
			: >"$tmp/exp"
			;;
		O"	"*)
			printf '%s\n' "${rec#O	}" >>"$tmp/exp"
			;;
		esac
	done <"$tmp/examples"
	[ -n "$line" ] && run_example "$doc" "$line"
done

# Prose: the options given to a program in a `span`.  The spans of a
# Markdown file, outside code blocks, joined across line ends, one a line.
spans() {
	awk '
	/^```/ { fence = !fence; next }
	fence || /^    / { next }
	{ text = text " " $0 }
	END {
		k = split(text, part, "`")
		for (i = 2; i <= k; i += 2) {
			s = part[i]
			gsub(/[ \t]+/, " ", s)
			print s
		}
	}' "$1"
}
claims=0
for doc in README.md examples/README.md; do
	[ -f "$top_srcdir/$doc" ] || continue
	spans "$top_srcdir/$doc" >"$tmp/spans"
	while IFS= read -r span; do
		set -f
		# shellcheck disable=SC2086
		set -- $span
		set +f
		case $1 in
		dlx | src/dlx) prog=$dlx ;;
		dlx-sudoku | src/dlx-sudoku) prog=$sudoku ;;
		*) continue ;;
		esac
		shift
		sub=
		[ "$1" = merge ] && sub=merge
		$DLX_RUN "$prog" $sub --help >"$tmp/help" 2>&1 ||
		    { failed "$doc: $prog $sub --help"; continue; }
		for w in "$@"; do
			o=${w%%=*}
			case $o in
			--[a-z]*) pat=" $o[ =[]" ;;
			-[a-zA-Z0-9]) pat=" $o, " ;;
			*) continue ;;
			esac
			claims=$((claims + 1))
			grep -q -e "$pat" -e " $o\$" "$tmp/help" ||
			    failed "$doc: \`$span\`: $(basename "$prog")${sub:+ $sub} has no option $o"
		done
	done <"$tmp/spans"
done
echo "$claims options named in prose checked"
[ "$claims" -ge 5 ] || failed "only $claims options found in prose"

# README's counts of the parts of pentominoes 6x10.
if [ -z "$DLX_RUN" ]; then
	sed -n '/^## Counting on a cluster/,/^## [^C]/p' "$top_srcdir/README.md" \
	    >"$tmp/cluster"
	whole=$(sed -n 's/.*against the whole count (\([0-9,]*\)).*/\1/p' \
	    "$tmp/cluster" | tr -d ,)
	sed -n 's/^ *part \([0-9]\)\/4 (\([0-9,]*\).*/\1 \2/p' "$tmp/cluster" |
	    tr -d , >"$tmp/parts4"
	[ "$(wc -l <"$tmp/parts4")" = 4 ] && [ -n "$whole" ] ||
	    failed "README: no counts of 4 parts of 6x10"
	"$examples/pentomino" -d 6x10 >"$tmp/p610.dlx" || exit 99
	sum=0
	while read -r k n; do
		got=$("$dlx" --part "$k/4" "$tmp/p610.dlx" |
		    sed -n 's/.*"solutions":\([0-9]*\).*/\1/p')
		[ "$got" = "$n" ] ||
		    failed "README: part $k/4 of 6x10 has $n solutions, dlx counts $got"
		sum=$((sum + got))
	done <"$tmp/parts4"
	[ "$sum" = "$whole" ] ||
	    failed "README: the parts of 6x10 add up to $sum, not $whole"
	# (The whole: 9356, the number of tilings Knuth gives.)
	[ "$whole" = 9356 ] || failed "README: 6x10 has 9356 tilings, not $whole"
fi

echo "$ran examples run, $skipped skipped"
# A harness that finds nothing proves nothing.
[ "$ran" -ge 10 ] || failed "only $ran examples found"
exit $fail
