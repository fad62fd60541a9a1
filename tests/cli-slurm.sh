#!/bin/sh
# A single-node Slurm cluster started inside the test (tests/
# slurm-cluster.sh: munged, slurmctld and slurmd as root, their config,
# state and logs in the test's scratch directory, stopped by their pids)
# runs README's batch script ("Counting on a cluster", as written there
# but for 8 parts in place of 64) as an array job, each task counting one
# part of the pentomino tilings of 5x12 (4040; 6x10 would take minutes of
# CPU) with a checkpoint, and README's merge of the 8 records must give
# the exact total.  README's Quick start installs
# neither Slurm nor munge, and a cluster needs root: without them the test
# is skipped (77) and says why, unless DLX_TEST_REQUIRE names "slurm" (CI
# installs them, runs as root and sets that; see common.sh).  Nothing is
# left behind, pass or fail: a failure shows the daemons' logs here.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
. "$top_srcdir/tests/slurm-cluster.sh"

if [ "$(id -u)" != 0 ]; then
	optional slurm "a Slurm cluster needs root (this test starts its own)"
fi
for p in munged slurmctld slurmd sbatch squeue sinfo; do
	command -v $p >/dev/null 2>&1 ||
	    optional slurm "$p is missing (Debian: apt-get install slurm-wlm munge)"
done

dir=$tmp
# Stop the daemons by their pids, then remove the scratch directory.
trap 'slurm_stop "$dir/cluster"; sleep 1; rm -rf "$tmp"' EXIT
# logs: the end of the daemons' logs, after a failure.
logs() {
	for f in "$dir"/cluster/log/*.log; do
		[ -f "$f" ] || continue
		echo "--- $f"
		tail -n 20 "$f"
	done
}

if [ -n "$DLX_RUN" ]; then shape=3x20 want=8; else shape=5x12 want=4040; fi
"$top_builddir/examples/pentomino" -d $shape >"$dir/p.dlx" || exit 99
# README's batch script: from its "#!/bin/sh" to its "exec" line.
sed -n '/^## Counting on a cluster/,/^## [^C]/p' "$top_srcdir/README.md" |
    sed -n '/^    #!\/bin\/sh$/,/^    exec /s/^    //p' |
    sed 's/64/8/g' >"$dir/count.sbatch"
grep -q '^exec dlx --part /8 ' "$dir/count.sbatch" ||
    { echo "FAIL: no batch script in README"; cat "$dir/count.sbatch"; exit 1; }
# Its "dlx" is the build's (under $DLX_RUN): sbatch passes PATH on.
mkdir "$dir/bin" || exit 99
printf '#!/bin/sh\nexec %s "%s" "$@"\n' "$DLX_RUN" "$dlx" >"$dir/bin/dlx"
chmod +x "$dir/bin/dlx"
PATH=$dir/bin:$PATH
export PATH

slurm_start "$dir/cluster"
st=$?
if [ $st != 0 ]; then
	echo "FAIL: the Slurm cluster did not start ($st)"
	logs
	exit 1
fi

# The array and the output files come from the script's #SBATCH lines;
# K from $SLURM_ARRAY_TASK_ID.
job=$(sbatch --parsable --error="$dir/part-%a.err" -D "$dir" \
    "$dir/count.sbatch") || { echo "FAIL: sbatch"; logs; exit 1; }
job=${job%%;*}
slurm_wait "$job" || { echo "FAIL: job $job still queued"; logs; exit 1; }
# README: "then `dlx merge part-*.json`".
got=$(cd "$dir" && dlx merge part-*.json 2>"$dir/merge.err")
if [ "$got" != "$want" ]; then
	echo "FAIL: merged '$got', want $want"
	cat "$dir/merge.err" "$dir"/part-*.err "$dir"/part-*.json
	logs
	exit 1
fi
[ "$(ls "$dir"/ck-* | wc -l)" = 8 ] ||
    { echo "FAIL: not 8 checkpoints"; ls "$dir"; exit 1; }
exit 0
