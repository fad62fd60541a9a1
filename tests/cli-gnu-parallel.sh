#!/bin/sh
# GNU parallel runs the parts of a count (pentomino tilings of 5x12: 4040)
# as independent processes, with the commands README's "Counting on a
# cluster" gives, as written there but for N = 8 in place of 64; merging
# their records gives the exact total.  The line over ssh is checked by
# parallel --dry-run (no machines to log in to).  README's Quick start
# does not install GNU parallel: where it is missing the test is skipped
# (77) and says so, unless DLX_TEST_REQUIRE names "parallel" (CI installs
# it and sets that, see common.sh).
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

if ! command -v parallel >/dev/null 2>&1; then
	optional parallel "GNU parallel is not installed (Debian: apt-get install parallel)"
elif ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
	optional parallel "'parallel' is not GNU parallel (moreutils'?); install GNU parallel (Debian: apt-get install parallel)"
fi
if [ -n "$DLX_RUN" ]; then shape=3x20 want=8; else shape=5x12 want=4040; fi

# README's commands of the section: indented lines, "\" continuations
# joined, those that start with parallel or dlx.
sed -n '/^## Counting on a cluster/,/^## [^C]/p' "$top_srcdir/README.md" |
    awk '/^    [^ ]/ || (more && /^        /) {
	line = line (more ? " " : "") substr($0, 5)
	sub(/^ +/, " ", line)
	more = line ~ /\\$/
	if (more) { sub(/ *\\$/, "", line); next }
	sub(/^ /, "", line)
	if (line ~ /^(parallel|dlx) /) print line
	line = ""
	next
    } { line = ""; more = 0 }' >"$tmp/readme"
grep '^parallel ' "$tmp/readme" | grep -v -e '--sshlogin' >"$tmp/local"
grep '^parallel .*--sshlogin' "$tmp/readme" >"$tmp/ssh"
grep '^dlx merge ' "$tmp/readme" >"$tmp/merge"
for f in local ssh merge; do
	[ "$(wc -l <"$tmp/$f")" = 1 ] ||
	    { echo "FAIL: README: not one '$f' command"; cat "$tmp/readme"; exit 1; }
done

# The commands' "dlx" is the build's (under $DLX_RUN); parallel keeps its
# files in $HOME/.parallel: the scratch directory.
mkdir "$tmp/bin" "$tmp/work" || exit 99
printf '#!/bin/sh\nexec %s "%s" "$@"\n' "$DLX_RUN" "$dlx" >"$tmp/bin/dlx"
chmod +x "$tmp/bin/dlx"
PATH=$tmp/bin:$PATH HOME=$tmp
export PATH HOME
"$top_builddir/examples/pentomino" -d $shape >"$tmp/work/p.dlx" || exit 99
cd "$tmp/work" || exit 99
sed 's/64/8/g; s/^parallel /parallel --will-cite --halt now,fail=1 /' \
    "$tmp/local" >"$tmp/local.sh"
sh "$tmp/local.sh" || { echo "FAIL: $(cat "$tmp/local.sh")"; exit 1; }
got=$(sh "$tmp/merge") || { echo "FAIL: $(cat "$tmp/merge")"; exit 1; }
if [ "$got" != "$want" ]; then
	echo "FAIL: merged $got, want $want"
	cat part-*.json
	exit 1
fi
# The line over ssh: parsed by parallel, and it would run the same parts.
sed 's/64/8/g; s/^parallel /parallel --will-cite --dry-run /' "$tmp/ssh" \
    >"$tmp/ssh.sh"
sh "$tmp/ssh.sh" >"$tmp/dry" || { echo "FAIL: $(cat "$tmp/ssh.sh")"; exit 1; }
for k in 1 2 3 4 5 6 7 8; do
	echo "dlx --part $k/8 p.dlx >part-$k.json"
done >"$tmp/exp"
sort "$tmp/dry" | cmp -s - "$tmp/exp" ||
    { echo "FAIL: $(cat "$tmp/ssh.sh") would run"; cat "$tmp/dry"; exit 1; }
exit 0
