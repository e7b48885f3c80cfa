#!/usr/bin/env bash
# A multi-host testbed on one machine, for the suites that cross a network (EDL over ssh): several
# "hosts", each a network namespace with its own address on a bridge, its own hostname and a real
# OpenSSH server started without systemd, with keys made for the testbed. Needs root (ip netns) and
# Debian's openssh-server and iproute2 (scripts/setup-deps.sh installs them).
#
#   scripts/testbed.sh up [--hosts N] [--dir DIR] [--name NAME] [--slurm]
#                                                                 make it (N: 2..8, default 3)
#   scripts/testbed.sh down [--dir DIR]                           remove it (idempotent)
#   scripts/testbed.sh status [--dir DIR]                         the hosts, addresses and sshd pids
#   scripts/testbed.sh exec HOST [--dir DIR] -- COMMAND...        run a command on a host
#   scripts/testbed.sh link HOST up|down [--dir DIR]              cut or restore a host's link
#
# Layout: the bridge lives in a namespace of its own (NAME-sw), so nothing of the testbed is routed
# from the machine's own namespace and two testbeds (two suites at once) never meet; host i is the
# namespace NAME-hi with eth0 at 10.77.0.(10+i)/24 and the hostname NAME-hi (a UTS namespace of its
# sshd, so `ssh NAME-h2 hostname` answers NAME-h2). Names resolve through /etc/netns/NAME-hi/hosts,
# which `ip netns exec` puts in place of /etc/hosts. DIR (default /tmp/vantage-testbed-NAME) holds
# the keys, ssh_config (`ssh -F DIR/ssh_config NAME-h2` from any host checks the host key against
# DIR/known_hosts), each sshd's configuration, log and pid, and testbed.env (NAME, HOSTS, ADDRESSES)
# for the suites.
#
# --slurm adds a Slurm cluster from Debian's packages (slurm-wlm, munge), started without systemd or
# cgroups: one munged for the testbed (its socket in DIR), slurmctld on the first host, a slurmd on
# every host (one node each, partition "test"), proctrack/pgid and task/none. Clients find it with
# SLURM_CONF=DIR/slurm/slurm.conf (in testbed.env), from any host.
#
# Exit status: 0 done; 2 bad arguments; 77 this machine cannot make the testbed (not root, no
# network namespaces, no sshd), with the reason on stderr: suites skip on 77.
set -euo pipefail

usage() {
  sed -n '7,12p' "$0" | sed 's/^# *//' >&2
  exit 2
}
cannot() {
  echo "testbed: cannot make the testbed here: $*" >&2
  exit 77
}

[ $# -ge 1 ] || usage
action=$1
shift
hosts=3
name=vtb
dir=""
host=""
state=""
slurm=0
command=()
case "$action" in
  exec | link)
    [ $# -ge 1 ] || usage
    host=$1
    shift
    if [ "$action" = link ]; then
      [ $# -ge 1 ] || usage
      state=$1
      shift
      [ "$state" = up ] || [ "$state" = down ] || usage
    fi
    ;;
  up | down | status) ;;
  *) usage ;;
esac
while [ $# -gt 0 ]; do
  case "$1" in
    --hosts)
      hosts=${2:-}
      shift 2
      ;;
    --dir)
      dir=${2:-}
      shift 2
      ;;
    --name)
      name=${2:-}
      shift 2
      ;;
    --slurm)
      slurm=1
      shift
      ;;
    --)
      shift
      command=("$@")
      break
      ;;
    *)
      echo "testbed: unknown argument '$1'" >&2
      usage
      ;;
  esac
done
if ! [[ "$hosts" =~ ^[0-9]+$ ]] || [ "$hosts" -lt 2 ] || [ "$hosts" -gt 8 ]; then
  echo "testbed: --hosts must be 2..8, not '$hosts'" >&2
  exit 2
fi
if ! [[ "$name" =~ ^[a-z][a-z0-9]{0,7}$ ]]; then
  echo "testbed: --name must be 1..8 lower-case letters and digits, starting with a letter, not '$name'" >&2
  exit 2
fi

# A testbed made earlier is described by its testbed.env; --dir finds it.
dir=${dir:-/tmp/vantage-testbed-$name}
if [ "$action" != up ] && [ -f "$dir/testbed.env" ]; then
  # shellcheck disable=SC1091
  . "$dir/testbed.env"
  name=$TESTBED_NAME
  hosts=$TESTBED_HOSTS
fi
switch="$name-sw"
address() { echo "10.77.0.$((10 + $1))"; }
hostname_of() { echo "$name-h$1"; }

down() {
  for pidfile in "$dir"/slurm/*.pid "$dir"/munged.pid "$dir"/sshd-*.pid; do
    [ -f "$pidfile" ] || continue
    kill "$(cat "$pidfile")" 2>/dev/null || true
    rm -f "$pidfile"
  done
  for ((i = 1; i <= 8; i++)); do
    local ns
    ns=$(hostname_of "$i")
    if ip netns list 2>/dev/null | grep -qw "^$ns"; then
      # what still runs there (a worker the suite left) goes with the host
      ip netns pids "$ns" 2>/dev/null | xargs -r kill -9 2>/dev/null || true
      ip netns del "$ns"
    fi
    rm -rf "/etc/netns/$ns"
  done
  if ip netns list 2>/dev/null | grep -qw "^$switch"; then
    ip netns del "$switch"
  fi
}

case "$action" in
  down)
    down
    rm -rf "$dir"
    echo "testbed: $name removed"
    exit 0
    ;;
  status)
    [ -f "$dir/testbed.env" ] || {
      echo "testbed: none in $dir" >&2
      exit 1
    }
    for ((i = 1; i <= hosts; i++)); do
      pid=$(cat "$dir/sshd-$i.pid" 2>/dev/null || echo -)
      link=$(ip -n "$(hostname_of "$i")" -br link show eth0 2>/dev/null | awk '{print $2}')
      echo "$(hostname_of "$i") $(address "$i") sshd $pid link ${link:-none}"
    done
    exit 0
    ;;
  exec)
    [ ${#command[@]} -gt 0 ] || usage
    # in the host's namespace and under its hostname, as its ssh sessions are
    exec ip netns exec "$host" unshare --uts sh -c 'hostname "$0" && exec "$@"' "$host" "${command[@]}"
    ;;
  link)
    ip -n "$host" link set eth0 "$state"
    exit 0
    ;;
esac

# up
[ "$(id -u)" -eq 0 ] || cannot "not root (network namespaces need CAP_SYS_ADMIN)"
command -v ip >/dev/null || cannot "no ip (iproute2)"
[ -x /usr/sbin/sshd ] || cannot "no /usr/sbin/sshd (openssh-server; scripts/setup-deps.sh)"
command -v ssh-keygen >/dev/null || cannot "no ssh-keygen (openssh-client)"
if [ "$slurm" = 1 ]; then
  for tool in munged slurmctld slurmd srun sbatch sinfo; do
    command -v "$tool" >/dev/null || cannot "no $tool (slurm-wlm and munge; scripts/setup-deps.sh)"
  done
fi
probe="$name-probe$$"
ip netns add "$probe" 2>/dev/null || cannot "ip netns add failed (no network namespaces in this sandbox)"
ip netns del "$probe"

down
rm -rf "$dir"
mkdir -p "$dir"
chmod 700 "$dir"
mkdir -p /run/sshd # sshd's privilege separation directory (systemd's tmpfiles make it elsewhere)
chmod 755 /run/sshd
# A step that fails takes down what was made, and says where.
trap 'rc=$?; echo "testbed: making $name failed (line $LINENO; sshd logs: $dir/sshd-*.log)" >&2; tail -3 "$dir"/sshd-*.log >&2 2>/dev/null || true; down; exit $rc' ERR
ssh-keygen -q -t ed25519 -N "" -C "vantage-testbed" -f "$dir/id_ed25519"
cp "$dir/id_ed25519.pub" "$dir/authorized_keys"
: >"$dir/known_hosts"
hostsfile="$dir/hosts"
{
  echo "127.0.0.1 localhost"
  for ((i = 1; i <= hosts; i++)); do echo "$(address "$i") $(hostname_of "$i")"; done
} >"$hostsfile"

ip netns add "$switch"
ip -n "$switch" link add br0 type bridge
ip -n "$switch" link set br0 up
ip -n "$switch" link set lo up
addresses=()
for ((i = 1; i <= hosts; i++)); do
  ns=$(hostname_of "$i")
  addr=$(address "$i")
  addresses+=("$addr")
  ip netns add "$ns"
  ip -n "$ns" link set lo up
  # eth0 in the host, its peer on the switch's bridge
  ip link add "${name}v$i" type veth peer name eth0 netns "$ns"
  ip link set "${name}v$i" netns "$switch"
  ip -n "$switch" link set "${name}v$i" master br0 up
  ip -n "$ns" addr add "$addr/24" dev eth0
  ip -n "$ns" link set eth0 up
  mkdir -p "/etc/netns/$ns"
  cp "$hostsfile" "/etc/netns/$ns/hosts"

  ssh-keygen -q -t ed25519 -N "" -C "$ns" -f "$dir/host-$i"
  echo "$ns,$addr $(cut -d' ' -f1,2 "$dir/host-$i.pub")" >>"$dir/known_hosts"
  cat >"$dir/sshd-$i.conf" <<EOF
ListenAddress $addr
Port 22
HostKey $dir/host-$i
PidFile $dir/sshd-$i.pid
AuthorizedKeysFile $dir/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PrintMotd no
AcceptEnv LANG LC_* VANTAGE_*
Subsystem sftp internal-sftp
EOF
  # sshd in a UTS namespace of its own, named as the host; -D -e would hold the script, so it
  # daemonises and writes its pid file; its sessions inherit the hostname.
  ip netns exec "$ns" unshare --uts sh -c "hostname $ns && exec /usr/sbin/sshd -f $dir/sshd-$i.conf -E $dir/sshd-$i.log"
done

if [ "$slurm" = 1 ]; then
  mkdir -p "$dir/slurm/state"
  dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 status=none
  chmod 400 "$dir/munge.key"
  munged --force --key-file="$dir/munge.key" --socket="$dir/munge.socket" --pid-file="$dir/munged.pid" \
    --log-file="$dir/munged.log" --seed-file="$dir/munged.seed"
  conf=$dir/slurm/slurm.conf
  {
    echo "ClusterName=$name"
    echo "SlurmctldHost=$(hostname_of 1)($(address 1))"
    echo "SlurmUser=root"
    echo "SlurmdUser=root"
    echo "AuthType=auth/munge"
    echo "AuthInfo=socket=$dir/munge.socket"
    echo "CredType=cred/munge"
    echo "StateSaveLocation=$dir/slurm/state"
    echo "SlurmdSpoolDir=$dir/slurm/spool-%n"
    echo "SlurmctldPidFile=$dir/slurm/slurmctld.pid"
    echo "SlurmdPidFile=$dir/slurm/slurmd-%n.pid"
    echo "SlurmctldLogFile=$dir/slurm/slurmctld.log"
    echo "SlurmdLogFile=$dir/slurm/slurmd-%n.log"
    echo "ProctrackType=proctrack/pgid"
    echo "TaskPlugin=task/none"
    echo "JobAcctGatherType=jobacct_gather/none"
    echo "SelectType=select/cons_tres"
    echo "SelectTypeParameters=CR_Core"
    echo "MpiDefault=none"
    echo "ReturnToService=2"
    echo "SlurmdTimeout=10"
    for ((i = 1; i <= hosts; i++)); do
      echo "NodeName=$(hostname_of "$i") NodeAddr=$(address "$i") CPUs=2 State=UNKNOWN"
    done
    echo "PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP"
  } >"$conf"
  # No cgroups are used, but slurmd still loads a cgroup plugin: the version this machine mounts.
  plugin=cgroup/v1
  [ "$(stat -f -c %T /sys/fs/cgroup 2>/dev/null)" = cgroup2fs ] && plugin=cgroup/v2
  printf 'CgroupPlugin=%s\nCgroupMountpoint=/sys/fs/cgroup\nCgroupAutomount=no\n' "$plugin" >"$dir/slurm/cgroup.conf"
  ip netns exec "$(hostname_of 1)" unshare --uts sh -c "hostname $(hostname_of 1) && exec slurmctld -f $conf"
  for ((i = 1; i <= hosts; i++)); do
    ns=$(hostname_of "$i")
    mkdir -p "$dir/slurm/spool-$ns"
    ip netns exec "$ns" unshare --uts sh -c "hostname $ns && exec slurmd -f $conf -N $ns"
  done
  for ((try = 0; try < 100; try++)); do
    idle=$(ip netns exec "$(hostname_of 1)" env SLURM_CONF="$conf" sinfo -h -t idle -o '%D' 2>/dev/null || true)
    [ "${idle:-0}" = "$hosts" ] && break
    sleep 0.2
  done
  [ "$try" -lt 100 ] || {
    # slurmd needs what this sandbox may not offer (a cgroup hierarchy it can read): skip, with why
    reason=$(grep -h "error:" "$dir"/slurm/slurmd-*.log "$dir"/slurm/slurmctld.log 2>/dev/null | tail -2 | tr '\n' ' ')
    down
    cannot "Slurm's nodes never became idle (${reason:-no error logged})"
  }
fi

cat >"$dir/ssh_config" <<EOF
Host $name-h* 10.77.0.*
  User root
  IdentityFile $dir/id_ed25519
  IdentitiesOnly yes
  UserKnownHostsFile $dir/known_hosts
  StrictHostKeyChecking yes
  BatchMode yes
  ConnectTimeout 3
  ServerAliveInterval 1
  ServerAliveCountMax 3
  LogLevel ERROR
EOF
cat >"$dir/testbed.env" <<EOF
TESTBED_NAME=$name
TESTBED_HOSTS=$hosts
TESTBED_DIR=$dir
TESTBED_ADDRESSES="${addresses[*]}"
TESTBED_SSH_CONFIG=$dir/ssh_config
EOF
if [ "$slurm" = 1 ]; then echo "SLURM_CONF=$dir/slurm/slurm.conf" >>"$dir/testbed.env"; fi

# Ready when every sshd answers on its address.
for ((i = 1; i <= hosts; i++)); do
  ns=$(hostname_of "$i")
  for ((try = 0; try < 50; try++)); do
    if ip netns exec "$(hostname_of 1)" ssh -F "$dir/ssh_config" "$ns" true 2>/dev/null; then
      break
    fi
    sleep 0.1
  done
  [ "$try" -lt 50 ] || {
    echo "testbed: the sshd of $ns does not answer (its log: $dir/sshd-$i.log)" >&2
    tail -5 "$dir/sshd-$i.log" >&2 || true
    down
    exit 1
  }
done
trap - ERR
echo "testbed: $name up: $hosts hosts (${addresses[*]}), ssh -F $dir/ssh_config; $dir/testbed.env"
