# bench/magic4.awk: the 4x4 magic square as an exact cover with colors, in
# Knuth's DLX format (7,040 solutions), for bench/peers.sh: awk -f
# bench/magic4.awk > magic4.dlx
#
# As examples/magic.c does for 3x3: each of the ten lines (rows, columns,
# diagonals) is a primary item, and an option fills one line with four
# distinct numbers 1..16 summing to 34, in one of their 24 orders.  Each
# cell (a..p, row by row) is a secondary item colored with its number
# (A..P for 1..16), and each number (nA..nP) a secondary item colored with
# its cell, so lines agree where they cross and no number is used twice.
BEGIN {
	cells = "abcdefghijklmnop"
	nums = "ABCDEFGHIJKLMNOP"
	n = 0
	for (r = 0; r < 4; r++) {
		name[n] = "r" (r + 1)
		for (c = 0; c < 4; c++)
			cell[n, c] = 4 * r + c
		n++
	}
	for (c = 0; c < 4; c++) {
		name[n] = "c" (c + 1)
		for (r = 0; r < 4; r++)
			cell[n, r] = 4 * r + c
		n++
	}
	name[n] = "d1"
	for (k = 0; k < 4; k++)
		cell[n, k] = 5 * k
	n++
	name[n] = "d2"
	for (k = 0; k < 4; k++)
		cell[n, k] = 3 * (k + 1)
	n++
	print "| the 4x4 magic square: lines primary; cells colored by number,"
	print "| numbers colored by cell"
	head = name[0]
	for (l = 1; l < n; l++)
		head = head " " name[l]
	head = head " |"
	for (k = 0; k < 16; k++)
		head = head " " substr(cells, k + 1, 1)
	for (k = 0; k < 16; k++)
		head = head " n" substr(nums, k + 1, 1)
	print head
	for (l = 0; l < n; l++)
		for (a = 1; a <= 16; a++)
		for (b = 1; b <= 16; b++)
		for (c = 1; c <= 16; c++) {
			d = 34 - a - b - c
			if (d < 1 || d > 16 || a == b || a == c || a == d ||
			    b == c || b == d || c == d)
				continue
			v[0] = a; v[1] = b; v[2] = c; v[3] = d
			line = name[l]
			for (k = 0; k < 4; k++)
				line = line " " substr(cells, cell[l, k] + 1, 1) \
				    ":" substr(nums, v[k], 1)
			for (k = 0; k < 4; k++)
				line = line " n" substr(nums, v[k], 1) ":" \
				    substr(cells, cell[l, k] + 1, 1)
			print line
		}
}
