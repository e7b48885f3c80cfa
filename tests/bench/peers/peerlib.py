"""What the peer benchmarks (scripts/bench.sh --peers, issue 18) share: running one side as a child
process and measuring its wall time and peak resident memory, best-of-N, versions and the machine,
and writing a table. Runs in the peers' environment (scripts/setup-pyenv.sh --peers); Vantage itself
never imports it."""
import json
import os
import platform
import subprocess
import sys
import time
from dataclasses import dataclass, field


@dataclass
class Measured:
    seconds: float  # wall time of the child, start to exit
    peak_rss: int  # bytes: the child's own peak resident set (wait4's ru_maxrss)
    stdout: str = ""
    stderr: str = ""
    extra: dict = field(default_factory=dict)


class ChildFailed(RuntimeError):
    pass


# Linux gives an exec'd child the peak RSS of the process it was forked from (exec_mmap keeps the
# old address space's high-water mark in the child's maxrss), so a child forked by a driver that has
# held a gigabyte would report at least a gigabyte. Children are therefore started by a launcher
# process made when this module is imported, while the driver is still small (about 10 MB).
_LAUNCHER_CODE = r"""
import json, os, subprocess, sys, time
for line in sys.stdin:
    req = json.loads(line)
    out_path = "/tmp/peerlib-%d-%d" % (os.getpid(), time.monotonic_ns())
    res = {}
    with open(out_path + ".out", "w+") as out, open(out_path + ".err", "w+") as err:
        t0 = time.perf_counter()
        def enter_cgroup(path=req["cgroup"]):
            with open(os.path.join(path, "cgroup.procs"), "w") as f:
                f.write(str(os.getpid()))
        try:
            p = subprocess.Popen(req["cmd"], stdout=out, stderr=err, env=req["env"], cwd=req["cwd"],
                                 preexec_fn=enter_cgroup if req["cgroup"] else None)
        except OSError as e:
            res = {"error": str(e)}
        else:
            deadline = None if req["timeout"] is None else t0 + req["timeout"]
            while True:
                pid, status, usage = os.wait4(p.pid, os.WNOHANG)
                if pid != 0:
                    break
                if deadline is not None and time.perf_counter() > deadline:
                    p.kill()
                    pid, status, usage = os.wait4(p.pid, 0)
                    res["timed_out"] = True
                    break
                time.sleep(0.002)
            res.update(seconds=time.perf_counter() - t0, code=os.waitstatus_to_exitcode(status),
                       peak_rss=usage.ru_maxrss * 1024)
        out.seek(0)
        err.seek(0)
        res.update(stdout=out.read(), stderr=err.read())
    os.unlink(out_path + ".out")
    os.unlink(out_path + ".err")
    sys.stdout.write(json.dumps(res) + "\n")
    sys.stdout.flush()
"""
_launcher = subprocess.Popen([sys.executable, "-S", "-c", _LAUNCHER_CODE], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)


def run_measured(cmd, env=None, timeout=None, cwd=None, cgroup=None):
    """Runs cmd (a list) as a child, returns its wall time and its own peak RSS (not its parent's,
    not an earlier child's: wait4 gives that child's rusage, and the launcher that forks it is
    small). With `cgroup` (a cgroup v1 folder) the child enters it before exec. Raises ChildFailed
    on a non-zero exit (-9: killed, e.g. out of memory under a cgroup's cap), with its stderr's tail."""
    req = {"cmd": [str(c) for c in cmd], "env": dict(os.environ if env is None else env), "cwd": cwd,
           "timeout": timeout, "cgroup": cgroup}
    _launcher.stdin.write(json.dumps(req) + "\n")
    _launcher.stdin.flush()
    res = json.loads(_launcher.stdout.readline())
    if "error" in res:
        raise ChildFailed(f"{cmd[0]}: {res['error']}")
    if res.get("timed_out"):
        raise ChildFailed(f"{cmd[0]} ran over {timeout} s")
    if res["code"] != 0:
        tail = "\n".join(res["stderr"].strip().splitlines()[-15:])
        raise ChildFailed(f"{' '.join(map(str, cmd[:4]))} ... exited with {res['code']}:\n{tail}")
    return Measured(res["seconds"], res["peak_rss"], res["stdout"], res["stderr"])


def thread_env(threads, extra=None):
    """The environment that pins a child to `threads` threads (OpenMP, MKL, LibTorch, Vantage)."""
    env = dict(os.environ)
    for k in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        env[k] = str(threads)
    if extra:
        env.update(extra)
    return env


def versions(*modules):
    v = {"python": platform.python_version()}
    for m in modules:
        try:
            mod = __import__(m)
            v[m] = getattr(mod, "__version__", "?")
        except Exception as e:  # a missing peer is reported, not hidden
            v[m] = f"not importable: {e}"
    return v


def machine():
    cpu = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = 0
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                mem = int(line.split()[1]) * 1024
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_bytes": mem, "kernel": platform.release()}


def vantage_version(cli):
    try:
        return subprocess.run([cli, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    except Exception as e:
        return f"? ({e})"


def markdown_table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    for r in rows:
        lines.append("| " + " | ".join(str(c) for c in r) + " |")
    return "\n".join(lines)


def write_json(path, obj):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(obj, f, indent=1)
    os.replace(tmp, path)


def gib(n):
    return f"{n / 2**30:.2f} GiB"


def log(*a):
    print(*a, file=sys.stderr, flush=True)
