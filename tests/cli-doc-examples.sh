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
#    out.  The output is standard output followed by standard error (or
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
#    tree is listed as skipped, not run.  Prefer files that exist.
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
	END {
		d[0, 0] = 1
		for (j = 1; j <= n; j++) d[0, j] = 0
		for (i = 1; i <= m; i++) {
			d[i, 0] = p[i] == "..." && d[i - 1, 0]
			for (j = 1; j <= n; j++)
				if (p[i] == "...")
					d[i, j] = d[i - 1, j] || d[i, j - 1]
				else
					d[i, j] = d[i - 1, j - 1] && p[i] == t[j]
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
		-*) continue ;;
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
		sed -E 's#(^|[|;&(]) *(src/dlx-sudoku|src/dlx|dlx-sudoku|dlx|examples/[A-Za-z0-9_-]+|bench/[A-Za-z0-9_-]+)( |$)#\1 run_prog \2\3#g' \
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

echo "$ran examples run, $skipped skipped"
# A harness that finds nothing proves nothing.
[ "$ran" -ge 10 ] || failed "only $ran examples found"
exit $fail
