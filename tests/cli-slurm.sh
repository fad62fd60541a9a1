#!/bin/sh
# A single-node Slurm cluster started inside the test (tests/
# slurm-cluster.sh: munged, slurmctld and slurmd as root, their config
# and state in the build tree, stopped by their pids) runs an array job
# of 8 tasks, each counting one part of the pentomino tilings of 5x12
# (4040; 6x10 would take minutes of CPU), and the merge of the 8 records
# must give the exact total.  Skipped (77) only where not root or Slurm
# is missing and not root; as root, missing Slurm is a failure.
: "${top_builddir:=.}" "${top_srcdir:=.}"
dlx=$(cd "$top_builddir/src" && pwd)/dlx
dir=$(pwd)/cli-slurm.tmp
rm -rf "$dir"
mkdir -p "$dir" || exit 99
. "$top_srcdir/tests/slurm-cluster.sh"
ok=0
# Stop the daemons by their pids; keep the logs only after a failure.
trap 'slurm_stop "$dir/cluster"; sleep 1; [ $ok = 1 ] && rm -rf "$dir"' EXIT
LC_ALL=C
export LC_ALL
unset DLX_PART SLURM_ARRAY_TASK_ID

if [ "$(id -u)" != 0 ]; then
	echo "SKIP: a Slurm cluster needs root"
	exit 77
fi
for p in munged slurmctld slurmd sbatch squeue sinfo; do
	if ! command -v $p >/dev/null 2>&1; then
		echo "FAIL: $p is missing (CI installs slurm-wlm and munge)"
		exit 1
	fi
done
if [ -n "$DLX_RUN" ]; then shape=3x20 want=8; else shape=5x12 want=4040; fi
"$top_builddir/examples/pentomino" -d $shape >"$dir/p.dlx" || exit 99

slurm_start "$dir/cluster"
st=$?
if [ $st != 0 ]; then
	echo "FAIL: the Slurm cluster did not start ($st)"
	tail -n 20 "$dir"/cluster/log/*.log
	exit 1
fi

# The batch script of the README: K comes from $SLURM_ARRAY_TASK_ID.
cat >"$dir/count.sbatch" <<SCRIPT
#!/bin/sh
#SBATCH --job-name=dlx-parts
#SBATCH --output=$dir/part-%a.json
#SBATCH --error=$dir/part-%a.err
exec $DLX_RUN "$dlx" --part /8 "$dir/p.dlx"
SCRIPT
job=$(sbatch --parsable --array=1-8 -D "$dir" "$dir/count.sbatch") || {
	echo "FAIL: sbatch"; exit 1; }
job=${job%%;*}
slurm_wait "$job" || { echo "FAIL: job $job still queued"; exit 1; }
got=$("$dlx" merge "$dir"/part-*.json 2>"$dir/merge.err")
if [ "$got" != "$want" ]; then
	echo "FAIL: merged '$got', want $want"
	cat "$dir/merge.err" "$dir"/part-*.err "$dir"/part-*.json
	exit 1
fi
ok=1
exit 0
