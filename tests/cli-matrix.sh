#!/bin/sh
# The matrix: every engine x driver x option of dlx on small random
# problems (with and without colors, secondary items and bounds) and on
# tests/data.  For each combination of
#   mode:    default, --knuth, --no-memo, --memo, --components (always:
#            the cache's count, splitting wherever it can)
#   output:  count, -p, -j
#   driver:  serial (-t 1), -t 2, --part K/3 merged, --limit 1,
#            --checkpoint (run to the end, then resumed from its file),
#            --checkpoint -t 2 (resumed on -t 1)
# the count equals the brute force's (random problems) or the known
# count (tests/data), or the combination is refused (status 2, "not
# supported") -- and which of the two is read from the table of engines
# in README.md, so that the table is checked against what runs.  (Beside
# the table, README's rule: a checkpoint on threads serves a count alone,
# not -p, -j, --limit or --knuth.)
# Knuth's tree under the drivers gives DLX1's figures.  (Interrupts and
# kills at random moments: tests/cli-dispatch.sh, cli-checkpoint.sh.)
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

# ---- the table of README.md ------------------------------------------
# Rows "| engine | colors | bounds | -p -j -n | --knuth | --part |
# --checkpoint | -t N |" into $tmp/table: engine name, then 7 flags.
# The bit boards serve the 9x9 sudoku matrix alone, which dlx never
# builds (tests/check_bits.c checks them).
awk -F'|' '/^## Which engine runs/ { on = 1; next }
    on && /^## / { exit }
    on && /^\|/ { table = 1 }
    table && !/^\|/ { exit }	# the first table of the section only
    on && /^\| [a-zA-Z]/ && !/engine/ && !/^\| bit boards/ {
	line = ""
	for (i = 2; i < NF; i++) {
		f = $i; gsub(/^ +| +$/, "", f); gsub(/ /, "_", f)
		line = line (i > 2 ? " " : "") f
	}
	print line
    }' "$top_srcdir/README.md" >"$tmp/table"
[ "$(wc -l <"$tmp/table")" -eq 4 ] ||
    { failed "README: no table of 4 engines"; cat "$tmp/table"; exit 1; }

# served COLORS BOUNDS VISIT KNUTH PART CHECKPOINT THREADS MEMO: 0 if
# some engine of the table serves the needs (each 0 or 1; MEMO is
# default, memo or no-memo), else 1.  "count" under -t N: threads for a
# count, not with -p -j -n.
served() {
	awk -v need="$1 $2 $3 $4 $5 $6 $7" -v memo="$8" '
	BEGIN { split(need, n, " ") }
	{
		if (memo == "memo" && $1 != "cache") next
		if (memo == "no-memo" && $1 == "cache") next
		ok = 1
		for (i = 1; i <= 7; i++)
			if (n[i] == 1 && $(i + 1) != "yes" &&
			    !(i == 7 && $(i + 1) == "count" && n[3] == 0))
				ok = 0
		if (ok) { found = 1; exit }
	}
	END { exit !found }' "$tmp/table"
}

# ---- the problems ---------------------------------------------------
# random SEED COLORS BOUNDS: a small random problem in Knuth's format on
# stdout: 5 primary items, 3 secondary (colored if COLORS), 14 options;
# with BOUNDS, items with bounds lo:hi.
random() {
	awk -v seed="$1" -v colors="$2" -v bounds="$3" 'BEGIN {
		srand(seed)
		np = 5; ns = 3; no = 14
		line = ""
		for (i = 0; i < np; i++) {
			b = ""
			if (bounds && i < 3) {
				lo = int(rand() * 2); hi = lo + 1 + int(rand() * 2)
				b = lo ":" hi "|"
			}
			line = line b "p" i " "
		}
		line = line "|"
		for (i = 0; i < ns; i++)
			line = line " s" i
		print line
		for (o = 0; o < no; o++) {
			line = ""
			k = 0
			for (i = 0; i < np; i++)
				if (rand() < 0.35) { line = line " p" i; k++ }
			if (k == 0)
				line = " p" int(rand() * np)
			for (i = 0; i < ns; i++)
				if (rand() < 0.3) {
					line = line " s" i
					if (colors && rand() < 0.6)
						line = line ":" substr("ab", 1 + int(rand() * 2), 1)
				}
			print substr(line, 2)
		}
	}'
}

# brute FILE: the number of solutions of FILE by trying every set of
# options: primary items covered within their bounds (1:1 unless given),
# secondary items at most once, or by options of one color.
brute() {
	awk 'NR == 1 {
		for (i = 1; i <= NF && $i != "|"; i++) {
			name = $i; lo = hi = 1
			if (name ~ /\|/) {
				split(name, a, "|"); split(a[1], b, ":")
				lo = b[1]; hi = b[2]; name = a[2]
			}
			np++; pn[np] = name; plo[name] = lo; phi[name] = hi
		}
		next
	}
	/^\|/ { next }
	{ no++; opt[no] = $0 }
	END {
		total = 0
		for (m = 0; m < 2 ^ no; m++) {
			delete cnt; delete col; bad = 0; x = m
			for (o = 1; o <= no && !bad; o++) {
				if (x % 2 == 1) {
					n = split(opt[o], it, " ")
					for (j = 1; j <= n && !bad; j++) {
						split(it[j], c, ":")
						if (c[1] in plo) { cnt[c[1]]++; continue }
						if (c[2] == "") c[2] = "#" o
						if (c[1] in col && (col[c[1]] != c[2] || c[2] ~ /^#/))
							bad = 1
						col[c[1]] = c[2]
					}
				}
				x = int(x / 2)
			}
			for (i = 1; i <= np && !bad; i++)
				if (cnt[pn[i]] + 0 < plo[pn[i]] || cnt[pn[i]] + 0 > phi[pn[i]])
					bad = 1
			if (!bad) total++
		}
		print total
	}' "$1"
}

# ---- one problem under every combination ------------------------------
# matrix FILE COUNT COLORS BOUNDS [OUTPUTS]
matrix() {
	_f=$1 _want=$2 _col=$3 _bnd=$4 _outs=${5:-count p j}
	for mode in default knuth no-memo memo components; do
	    case $mode in
	    default) mo= ;; knuth) mo=--knuth ;; *) mo=--$mode ;;
	    esac
	    # Components always need the cache, as --memo does.
	    smode=$mode
	    [ $mode = components ] && smode=memo
	    for out in $_outs; do
		case $out in count) oo= ;; *) oo=-$out ;; esac
		for drv in serial t2 part limit checkpoint ckt2; do
		    visit=0 part=0 ck=0 thr=0 dd=
		    [ $out = count ] || visit=1
		    case $drv in
		    serial) dd="-t 1" ;;
		    t2) dd="-t 2"; thr=1 ;;
		    part) part=1 ;;
		    limit) dd="--limit 1"; visit=1 ;;
		    checkpoint) ck=1; part=1 ;;
		    ckt2) dd="-t 2"; ck=1; part=1; thr=1 ;;
		    esac
		    knuth=0
		    [ $mode = knuth ] && knuth=1
		    name="$(basename "$_f") $mo $oo $drv"
		    if [ $drv = ckt2 ] && [ $visit$knuth != 00 ]; then
			exp=refused
		    elif served $_col $_bnd $visit $knuth $part $ck $thr $smode; then
			exp=ok
		    else
			exp=refused
		    fi
		    got=$(combination "$_f" "$_want" "$mo" "$oo" "$drv" "$dd")
		    if [ "$got" != "$exp" ]; then
			failed "$name: $got, the table says $exp"
			cat "$tmp/err"
		    fi
		done
	    done
	done
}

# count_of OUT-KIND FILE: the total printed in FILE.
count_of() {
	case $1 in
	'')	sed -n 's/^\(at least \)*\([0-9]*\)$/\2/p' "$2" | tail -n 1 ;;
	-p)	tail -n 1 "$2" | sed -n -e 's/^no solution$/0/p' \
		    -e 's/^\(at least \)*\([0-9]*\) solutions*$/\2/p' ;;
	-j)	tail -n 1 "$2" |
		    sed -n 's/^{"type":"count","solutions":\([0-9]*\),.*/\1/p' ;;
	esac
}

# combination FILE WANT MODE OUT DRIVER DRIVER-OPTS: run it; print ok
# (the count is right), refused (status 2, "not supported"), or what
# went wrong.
combination() {
	_cf=$1 _cw=$2 _cm=$3 _co=$4 _cd=$5 _cx=$6
	case $_cd in
	part)
		: >"$tmp/recs"
		for k in 1 2 3; do
			run "$dlx" $_cm $_co --part $k/3 --record "$tmp/rec$k" "$_cf"
			if [ $st = 2 ] && grep -q 'not supported' "$tmp/err"; then
				echo refused; return
			fi
			[ $st = 0 ] || { echo "part $k: status $st"; return; }
			cat "$tmp/rec$k" >>"$tmp/recs"
		done
		run "$dlx" merge "$tmp/recs"
		[ "$(cat "$tmp/out")" = "$_cw" ] && echo ok ||
		    echo "merged $(cat "$tmp/out")"
		return ;;
	checkpoint|ckt2)
		rm -f "$tmp/ck"
		run "$dlx" $_cm $_co $_cx --checkpoint "$tmp/ck" "$_cf"
		if [ $st = 2 ] && grep -q 'not supported' "$tmp/err"; then
			echo refused; return
		fi
		c1=$(count_of "$_co" "$tmp/out")
		# Resumed from the end: nothing left, the same total.
		run "$dlx" $_cm $_co --resume "$tmp/ck" "$_cf"
		c2=$(count_of "$_co" "$tmp/out")
		[ "$c1" = "$_cw" ] && [ "$c2" = "$_cw" ] && echo ok ||
		    echo "checkpoint $c1, resumed $c2"
		return ;;
	esac
	run "$dlx" $_cm $_co $_cx "$_cf"
	if [ $st = 2 ] && grep -q 'not supported' "$tmp/err"; then
		echo refused; return
	fi
	c=$(count_of "$_co" "$tmp/out")
	if [ $_cd = limit ]; then
		[ "$_cw" -eq 0 ] && want=0 || want=1
		[ "$c" = "$want" ] && echo ok || echo "limit 1: $c"
		return
	fi
	[ "$c" = "$_cw" ] && echo ok || echo "count $c (status $st)"
}

# Under valgrind (DLX_RUN set: every run is some ten times slower) the
# first seed alone: each kind of problem still meets every combination.
seeds="1 2"
[ -n "${DLX_RUN:-}" ] && seeds=1
for seed in $seeds; do
	for kind in plain colors bounds; do
		col=0 bnd=0
		[ $kind = colors ] && col=1
		[ $kind = bounds ] && bnd=1 && col=$((seed % 2))
		random $seed $col $bnd >"$tmp/r$seed$kind.dlx"
		want=$(brute "$tmp/r$seed$kind.dlx")
		# The problem's colors as the library sees them.
		grep -q ':[ab]' "$tmp/r$seed$kind.dlx" || col=0
		# -p prints what -j does (tests/data below has both).  Under
		# valgrind the count (no visits) on the plain problem only:
		# the count and the visits meet every engine and driver there.
		outs="count j"
		[ -n "${DLX_RUN:-}" ] && [ $kind != plain ] && outs=j
		matrix "$tmp/r$seed$kind.dlx" "$want" $col $bnd "$outs"
	done
done
# The data files in every output natively; under valgrind (where each
# run takes a second or more) in one output each: the random problems
# above met count and -j there, and the other tests print with -p.
outs_q="count p j" outs_d="count p j"
[ -n "${DLX_RUN:-}" ] && outs_q=j outs_d=count
matrix "$data/queens8.dlx" 92 0 0 "$outs_q"

# Colored problems take the sparse sets in the fast tree (Knuth's SSXCC;
# the default unless the library was built with Knuth's tree as its
# default), and the links in Knuth's tree; the count is the brute force's
# either way.
for seed in $seeds; do
	f="$tmp/r${seed}colors.dlx"
	want=$(brute "$f")
	for mo in --fast "--fast --no-memo" --knuth; do
		exp=sparse
		[ "$mo" = --knuth ] && exp=links
		for dd in "-t 1" "-t 2" "--limit 1"; do
			run "$dlx" $mo --stats $dd -p "$f"
			c=$(count_of -p "$tmp/out")
			[ "$dd" = "--limit 1" ] && { [ "$want" -eq 0 ] &&
			    want1=0 || want1=1; } || want1=$want
			grep -q "^engine: $exp\$" "$tmp/err" &&
			    [ "$c" = "$want1" ] ||
			    failed "$f $mo $dd: not $want1 solutions on $exp"
		done
	done
done
matrix "$data/mult-domino34.dlx" 3434 0 1 "$outs_d"

# ---- Knuth's tree under the drivers: DLX1's and DLX3's figures -------
for drv in "-t 1" "-t 2" "--checkpoint $tmp/kck"; do
	rm -f "$tmp/kck"
	run "$dlx" --knuth --stats $drv "$data/langford8.dlx"
	grep -q '^nodes: 2789$' "$tmp/err" &&
	    grep -q '^updates: 37241$' "$tmp/err" ||
	    failed "langford8 --knuth $drv: not DLX1's 2789 nodes, 37241 updates"
done
while read -r f sols nodes updates; do
	case $f in '|'*) continue ;; esac
	run "$dlx" --knuth --stats "$data/$f"
	grep -q "^solutions: $sols\$" "$tmp/err" &&
	    grep -q "^nodes: $nodes\$" "$tmp/err" &&
	    grep -q "^updates: $updates\$" "$tmp/err" &&
	    grep -q '^engine: Algorithm M$' "$tmp/err" ||
	    failed "$f --knuth: not DLX3's $sols $nodes $updates"
done <"$data/mult-dlx3.figures"

exit $fail
