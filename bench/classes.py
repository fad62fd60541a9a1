"""bench/classes.py: does dlx-sudoku's rating rise with other programs'
difficulty classes?

Usage: python3 bench/classes.py DLX-SUDOKU [-n N] [--hodoku JAR] [FILE...]

qqwing's classes: N puzzles (default 300) of each of qqwing's
difficulties (simple, easy, intermediate, expert), generated for the
run with `qqwing --generate N --difficulty D --one-line` (skipped, with a
note, when qqwing is not installed), rated with `dlx-sudoku --rate -j`:
per class the mean ER, EP and ED, and how the class spreads over our
levels.  Each FILE (one puzzle per line) is a class of its own, named by
the file.

HoDoKu's levels, with --hodoku JAR (HoDoKu 2.2's hodoku.jar, run with
java as `java -jar JAR /o stdout /bs FILE`, its batch rater; FILE is
relative, since HoDoKu takes every argument starting with '/' for an
option): every
puzzle above is rated by HoDoKu too, and per HoDoKu level (easy, medium,
hard, unfair, extreme) come our mean ER and the spread over our levels
(rows HoDoKu's level, columns ours), so the agreement of the levels
shows, and HoDoKu's mean score against ours.

Not part of make check.  Exit status 0, or 2 on an error.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

LEVELS = ["easy", "medium", "hard", "unfair", "extreme", "search"]
QQWING = ["simple", "easy", "intermediate", "expert"]


def ours(prog, puzzles, tmp):
    path = os.path.join(tmp, "ours.txt")
    with open(path, "w") as f:
        f.write("".join(p + "\n" for p in puzzles))
    out = subprocess.run([prog, "--rate", "-j", path], capture_output=True,
                         text=True)
    rows = [json.loads(l) for l in out.stdout.splitlines()
            if '"type":"puzzle"' in l]
    if len(rows) != len(puzzles):
        sys.exit("classes.py: %s rated %d of %d puzzles: %s" %
                 (prog, len(rows), len(puzzles), out.stderr.strip()))
    return rows


def hodoku(jar, puzzles, tmp):
    path = os.path.join(tmp, "hodoku.txt")
    with open(path, "w") as f:
        f.write("".join(p + "\n" for p in puzzles))
    out = subprocess.run(["java", "-Xmx512m", "-Djava.awt.headless=true",
                          "-Djava.util.logging.config.file=/dev/null",
                          "-jar", os.path.abspath(jar), "/o", "stdout",
                          "/bs", "hodoku.txt"],
                         capture_output=True, text=True, cwd=tmp)
    rows = []
    for line in out.stdout.splitlines():
        m = re.match(r"(\S{81}) #\d+ (\w+) \((\d+)\)", line)
        if m:
            rows.append((m.group(2).lower(), int(m.group(3))))
    if len(rows) != len(puzzles):
        sys.exit("classes.py: HoDoKu rated %d of %d puzzles" %
                 (len(rows), len(puzzles)))
    return rows


def spread(rows):
    n = len(rows)
    return " ".join("%s %3.0f%%" % (l[:2], 100.0 * sum(
        1 for r in rows if r["level"] == l) / n) for l in LEVELS)


def mean(v):
    return sum(v) / len(v) if v else 0.0


def main():
    args = sys.argv[1:]
    if not args:
        sys.stderr.write("usage: classes.py DLX-SUDOKU [-n N] "
                         "[--hodoku JAR] [FILE...]\n")
        return 2
    prog = args.pop(0)
    n, jar, files = 300, None, []
    while args:
        a = args.pop(0)
        if a == "-n":
            n = int(args.pop(0))
        elif a == "--hodoku":
            jar = args.pop(0)
        else:
            files.append(a)
    classes = []
    if shutil.which("qqwing"):
        for d in QQWING:
            out = subprocess.run(["qqwing", "--generate", str(n),
                                  "--difficulty", d, "--one-line"],
                                 capture_output=True, text=True)
            ps = [l for l in out.stdout.split()
                  if re.fullmatch(r"[.0-9]{81}", l)]
            classes.append(("qqwing " + d, ps))
    else:
        print("(qqwing is not installed: no qqwing classes)")
    for path in files:
        with open(path) as f:
            ps = [l.strip() for l in f if re.fullmatch(r"[.0-9]{81}",
                                                        l.strip())]
        classes.append((os.path.basename(path), ps))
    everything, hod = [], []
    with tempfile.TemporaryDirectory() as tmp:
        print("%-28s %5s %5s %5s %5s  our levels" % ("class", "n", "ER",
                                                      "EP", "ED"))
        for name, ps in classes:
            rows = ours(prog, ps, tmp)
            everything += rows
            print("%-28s %5d %5.2f %5.2f %5.2f  %s" % (
                name[:28], len(rows), mean([r["er"] for r in rows]),
                mean([r["ep"] for r in rows]), mean([r["ed"] for r in rows]),
                spread(rows)))
        if jar is None:
            return 0
        hod = hodoku(jar, [r["puzzle"] for r in everything], tmp)
    print()
    print("%-10s %5s %5s %7s %7s  our levels" % ("HoDoKu", "n", "ER",
                                                  "score", "ours"))
    for lv in LEVELS[:5]:
        rows = [r for r, h in zip(everything, hod) if h[0] == lv]
        if not rows:
            continue
        print("%-10s %5d %5.2f %7.0f %7.0f  %s" % (
            lv, len(rows), mean([r["er"] for r in rows]),
            mean([h[1] for r, h in zip(everything, hod) if h[0] == lv]),
            mean([r["score"] for r in rows]), spread(rows)))
    same = sum(1 for r, h in zip(everything, hod) if r["level"] == h[0])
    print("same level as HoDoKu: %d of %d (%.0f%%)" % (
        same, len(everything), 100.0 * same / len(everything)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
