"""bench/exemplars.py: how dlx-sudoku explains puzzles published as
exemplars of one technique each.

Usage: python3 bench/exemplars.py DLX-SUDOKU FILE [-U]

FILE is an exemplar library in HoDoKu's layout: a line "#NNNN: Name"
starts the section of a technique, then one puzzle per line (81
characters, digits and '.'), anything after the puzzle on its line
ignored; other lines starting with '#' and lines that are not puzzles
(such as HoDoKu's ":NNNN:..." lines with pencil marks) are skipped.
HoDoKu's own library (exemplars-1.0, 669 puzzles in 57 sections) is the
one this was written for.  -U runs without the uniqueness rules.

For each section: the puzzles, how many the rules explain to the end
without search, how many use the section's technique (our rule of that
name, when we have one) in some step, for how many it is the hardest
step, and the mean ER.  A puzzle may need a technique in HoDoKu's order
of trying and not in ours (Sudoku Explainer's, by rating), so "used" is
below 100% even for techniques we have.  Then the whole library's share
explained without search.  Exit status 0 when every puzzle is explained
without search, 1 otherwise (those puzzles are listed), 2 on an error.
"""

import json
import re
import subprocess
import sys
import tempfile

# HoDoKu's section names and the rule of dlx_logic(3) doing the same
# (None: no such rule of ours; the puzzle is then explained by others).
RULE = {
    "Full House": "hidden single",
    "Last Digit": "hidden single",
    "Hidden Single": "hidden single",
    "Naked Single": "naked single",
    "Locked Candidate Type 1": "pointing",
    "Locked Candidate Type 2": "claiming",
    "Locked Pair": "naked pair",
    "Locked Triple": "naked triple",
    "Naked Pair": "naked pair",
    "Naked Triple": "naked triple",
    "Naked Quadruple": "naked quad",
    "Hidden Pair": "hidden pair",
    "Hidden Triple": "hidden triple",
    "Hidden Quadruple": "hidden quad",
    "X-Wing": "x-wing",
    "Swordfish": "swordfish",
    "Jellyfish": "jellyfish",
    "Finned X-Wing": "finned x-wing",
    "Finned Swordfish": "finned swordfish",
    "Finned Jellyfish": "finned jellyfish",
    "Sashimi X-Wing": "sashimi x-wing",
    "Sashimi Swordfish": "sashimi swordfish",
    "Sashimi Jellyfish": "sashimi jellyfish",
    "Skyscraper": "skyscraper",
    "2-String Kite": "2-string kite",
    "Empty Rectangle": "empty rectangle",
    "Turbot Fish": "turbot fish",
    "Simple Colors": "simple colors",
    "Multi-Colors": "multi-colors",
    "Uniqueness Test Type 1": "unique rectangle type 1",
    "Uniqueness Test Type 2": "unique rectangle type 2",
    "Uniqueness Test Type 3": "unique rectangle type 3",
    "Uniqueness Test Type 4": "unique rectangle type 4",
    "Uniqueness Test Type 5": "unique rectangle type 5",
    "Uniqueness Test Type 6": "unique rectangle type 6",
    "Hidden Rectangle": "hidden rectangle",
    "Bivalue Universal Grave + 1": "bug+1",
    "Forcing Chain": "forcing chain",
    "X-Chain": "x-chain",
    "XY-Chain": "xy-chain",
    "Remote Pairs": "remote pair",
    "Continuous Nice Loop": "nice loop",
    "Discontinuous Nice Loop": "nice loop",
    "Alternating Interference Chain": "aic",
    "Grouped Continuous Nice Loop": "grouped nice loop",
    "Grouped Discontinuous Nice Loop": "grouped nice loop",
    "Grouped Alternating Interference Chain": "grouped aic",
    "XY-Wing": "xy-wing",
    "XYZ-Wing": "xyz-wing",
    "W-Wing": "w-wing",
    "ALS-XZ rule": "als-xz",
    "ALS-XY-Wing rule": "als-xy-wing",
    "ALS-XY-Chain": "als chain",
    "Death Blossom": "death blossom",
    "Sue de Coq": "sue de coq",
    "Forcing Chain Contradiction": "forcing chain",
    "Forcing Chain Verity": "forcing chain",
    "Forcing Net Contradiction": "forcing net",
    "Forcing Net Verity": "forcing net",
}

# Every rule name, longest first: a step's text starts with its rule's.
NAMES = sorted(set(RULE.values()) | {"hidden single", "naked single"},
               key=len, reverse=True)


def step_rule(text):
    for n in NAMES:
        if text.startswith(n):
            return n
    return None


def main():
    if len(sys.argv) < 3:
        sys.stderr.write("usage: exemplars.py DLX-SUDOKU FILE [-U]\n")
        return 2
    prog, path = sys.argv[1], sys.argv[2]
    extra = ["--no-uniqueness"] if "-U" in sys.argv[3:] else []
    sections, order, section = {}, [], None
    with open(path) as f:
        for line in f:
            m = re.match(r"#\d{4}:\s*(.*?)\s*$", line)
            if m:
                section = m.group(1)
                if section not in sections:
                    sections[section] = []
                    order.append(section)
                continue
            field = line.split()[0] if line.split() else ""
            if section and re.fullmatch(r"[.0-9]{81}", field):
                sections[section].append(field.replace("0", "."))
    puzzles = [(s, p) for s in order for p in sections[s]]
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as t:
        t.write("".join(p + "\n" for _, p in puzzles))
        t.flush()
        runs = {}
        for mode in ("--rate", "--explain"):
            out = subprocess.run([prog, mode, "-j", "-t", "1"] + extra +
                                 [t.name], capture_output=True, text=True)
            if out.returncode not in (0, 1):
                sys.stderr.write(out.stderr)
                return 2
            runs[mode] = [json.loads(l) for l in out.stdout.splitlines()
                          if '"type":"puzzle"' in l]
    rate, expl = runs["--rate"], runs["--explain"]
    if len(rate) != len(puzzles) or len(expl) != len(puzzles):
        sys.stderr.write("exemplars.py: %d puzzles, %d rated, %d "
                         "explained\n" % (len(puzzles), len(rate),
                                          len(expl)))
        return 2
    print("%-40s %5s %9s %6s %8s %5s" % ("section (our rule)", "n",
          "no search", "used", "hardest", "ER"))
    total = solved = 0
    stuck = []
    for s in order:
        idx = [i for i, (t, _) in enumerate(puzzles) if t == s]
        if not idx:
            continue
        rule = RULE.get(s)
        n = len(idx)
        ok = used = hard = 0
        er = 0.0
        for i in idx:
            r = rate[i]
            if r["level"] != "search":
                ok += 1
            else:
                stuck.append((s, puzzles[i][1]))
            er += r["er"]
            if rule and r.get("hardest") == rule:
                hard += 1
            if rule and any(step_rule(x) == rule
                            for x in expl[i].get("steps", [])):
                used += 1
        total += n
        solved += ok
        name = "%s (%s)" % (s, rule if rule else "-")
        print("%-40s %5d %8.0f%% %6s %8s %5.2f" % (
            name[:40], n, 100.0 * ok / n,
            "%d" % used if rule else "-",
            "%d" % hard if rule else "-", er / n))
    print("all: %d puzzles, %d explained without search (%.1f%%)" %
          (total, solved, 100.0 * solved / total if total else 0))
    for s, p in stuck:
        print("search: %s %s" % (s, p))
    return 0 if solved == total else 1


if __name__ == "__main__":
    sys.exit(main())
