#!/bin/sh
# man-links.sh: every public function has a man page entry.  Each function
# declared in include/dlx/*.h is named in the NAME section of a page in
# man/, and every name there other than the page's own has a link page
# man/links/NAME.3 (".so man3/PAGE.3"), which Makefile.am installs; no link
# points to a page that does not name it.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
cd "$top_srcdir" || exit 99

# The functions of the headers, one a line.
sed -n 's/^[a-z][a-z0-9_ ]*[ 	*]\{1,\}\(dlx_[a-z0-9_]*\)(.*/\1/p' \
    include/dlx/*.h | grep -v '_fn$' | sort -u >"$tmp/functions"
[ "$(wc -l <"$tmp/functions")" -ge 60 ] ||
    { echo "FAIL: only $(wc -l <"$tmp/functions") functions found"; fail=1; }

: >"$tmp/named"
for page in man/*.3; do
	head -n 1 "$page" | grep -q '^\.so ' && continue
	base=$(basename "$page" .3)
	sed -n '/^\.Sh NAME/,/^\.Nd/s/^\.Nm \([a-z_0-9]*\).*/\1/p' "$page" |
	while read -r name; do
		echo "$name" >>"$tmp/named"
		[ "$name" = "$base" ] && continue
		if [ ! -f "man/links/$name.3" ]; then
			echo "FAIL: no man/links/$name.3 for $page"; echo x >>"$tmp/bad"
		elif [ "$(cat "man/links/$name.3")" != ".so man3/$base.3" ]; then
			echo "FAIL: man/links/$name.3 does not point to $base.3"
			echo x >>"$tmp/bad"
		fi
	done
done
[ -f "$tmp/bad" ] && fail=1
sort -u "$tmp/named" -o "$tmp/named"
for f in $(comm -23 "$tmp/functions" "$tmp/named"); do
	failed "$f is in no man page's NAME section"
done
for l in man/links/*.3; do
	name=$(basename "$l" .3)
	grep -qx "$name" "$tmp/named" ||
	    failed "$l: $name is named by no page"
done
# Makefile.am installs exactly these links.
for l in man/links/*.3; do
	grep -q "$l" Makefile.am || failed "$l not in Makefile.am"
done
exit $fail
