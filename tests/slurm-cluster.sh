# slurm-cluster.sh: start and stop a single-node Slurm cluster on this host,
# for the tests that run parts of a count as a real array job.  Sourced by
# test scripts; everything lives in the one directory the caller gives (a
# test's scratch directory, removed after the run), and
# the daemons are stopped by their pids, so nothing outside is touched.
#
# slurm_start DIR: start munged, slurmctld and slurmd with a generated
#	slurm.conf in DIR; exports SLURM_CONF.  Returns 77 (automake's skip)
#	when not root or when Slurm or munge is not installed, 1 when the
#	node does not come up within 30 seconds.
# slurm_stop DIR: stop the three daemons.
# slurm_wait JOBID: wait until the job has left the queue (at most 600 s).
# slurm_port_free PORT: no TCP socket on this host uses PORT.

slurm_port_free() {
	! grep -qi ":$(printf '%04X' "$1") " /proc/net/tcp /proc/net/tcp6 \
	    2>/dev/null
}

slurm_start()
{
	_d=$1
	[ "$(id -u)" = 0 ] || return 77
	for _p in munged slurmctld slurmd sbatch squeue sinfo; do
		command -v $_p >/dev/null 2>&1 || return 77
	done
	mkdir -p "$_d/munge" "$_d/spool/ctld" "$_d/spool/d" "$_d/log" || return 1
	dd if=/dev/urandom of="$_d/munge/munge.key" bs=1024 count=1 \
	    2>/dev/null || return 1
	chmod 600 "$_d/munge/munge.key"
	munged --key-file="$_d/munge/munge.key" --socket="$_d/munge/sock" \
	    --pid-file="$_d/munge/pid" --log-file="$_d/log/munged.log" \
	    --seed-file="$_d/munge/seed" --force || return 1
	_h=$(hostname -s)
	# Ports away from Slurm's defaults, so a real installation on the
	# same host is left alone; and a pair no socket holds, so that two
	# test runs on one host (make check and distcheck side by side) do
	# not meet.
	_p=${SLURM_TEST_PORT:-}
	if [ -z "$_p" ]; then
		_p=16817
		while [ $_p -lt 17817 ] && ! { slurm_port_free $_p &&
		    slurm_port_free $((_p + 1)); }; do
			_p=$((_p + 2))
		done
	fi
	cat >"$_d/slurm.conf" <<CONF
ClusterName=dlxtest
SlurmctldHost=$_h
AuthType=auth/munge
AuthInfo=socket=$_d/munge/sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$_d/spool/ctld
SlurmdSpoolDir=$_d/spool/d
SlurmctldPidFile=$_d/slurmctld.pid
SlurmdPidFile=$_d/slurmd.pid
SlurmctldLogFile=$_d/log/slurmctld.log
SlurmdLogFile=$_d/log/slurmd.log
SlurmctldPort=$_p
SlurmdPort=$((_p + 1))
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$_h CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=$_h Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
	SLURM_CONF=$_d/slurm.conf
	export SLURM_CONF
	slurmctld -f "$SLURM_CONF" || return 1
	slurmd -f "$SLURM_CONF" || return 1
	_i=0
	while [ $_i -lt 30 ]; do
		sinfo -h -o %t 2>/dev/null | grep -q idle && return 0
		sleep 1
		_i=$((_i + 1))
	done
	return 1
}

slurm_stop()
{
	_d=$1
	for _f in "$_d/slurmd.pid" "$_d/slurmctld.pid" "$_d/munge/pid"; do
		[ -s "$_f" ] && kill "$(cat "$_f")" 2>/dev/null
	done
	return 0
}

slurm_wait()
{
	_i=0
	while [ $_i -lt 600 ]; do
		[ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && return 0
		sleep 1
		_i=$((_i + 1))
	done
	return 1
}
