"""EDL against torchrun (issue 18): the same elastic job, 2 -> 3 -> 2 workers on one machine, run by
  - Vantage: `vantage-cli edl run` with Python workers (tests/bench/edl_mlp.py on vantage_edl) and
    with its C++ workers (`--trainer mlp`), the third worker leaving gracefully (`--schedule
    step=70:-1`) or killed with SIGKILL (`--kill step=70:worker=2`);
  - torchrun (PyPI torch, torch.distributed.run, elastic c10d rendezvous): separate agents on
    loopback (`--nnodes=2:3`), tests/bench/peers/torchrun_mlp.py with DDP over gloo, a checkpoint
    after every step and DistributedSampler resumed at the checkpointed step; a third agent is
    started after step 10, and after step 70 it and its worker are killed with SIGKILL (torchrun
    starts each worker in a session of its own) or the agent gets SIGTERM.
Per scale event: the pause (the time between the last step committed in the old configuration and
the first committed in the new, Vantage's pause_s; for torchrun from the workers' step logs, a step
redone after a restart counting once, at its last run); per epoch the samples trained twice (or
more) and never; the final loss (the mean loss of the last step, Vantage's final_loss) and the
total wall time.

    python tests/bench/peers/edl_torchrun.py --vantage build-cuda/app/cli/vantage-cli --out OUT \
        [--runs 3] [--quick] [--samples 16000] [--timeout 300]

Both sides get the same job: 32 -> 64 -> 64 -> 10 MLP, SGD (lr 0.05, momentum 0.9: Vantage's
defaults, passed explicitly), global batch 64, one epoch, seed 1, one thread per worker. The first
worker sleeps 40 ms at the start of every step on both sides (`--kill step=0:worker=0:slow=40`, as
scripts/bench-edl-python.sh; torchrun_mlp.py --slow-ms 40 on the first agent's worker): without it
the epoch is over before a joiner (which imports torch for about 2 s) is ready.
"""
import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, HERE)
import peerlib  # noqa: E402

LR, MOMENTUM, BATCH, HIDDEN, SEED, SLOW_MS = 0.05, 0.9, 64, 64, 1, 40
JOIN_AT, LEAVE_AT = 10, 70
RDZV_CONF = "last_call_timeout=1,join_timeout=60,keep_alive_interval=1,keep_alive_max_attempt=3"
MONITOR_S = 0.1


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --- Vantage --------------------------------------------------------------------------------------


def vantage_run(a, work, kind, leave):
    """One `edl run`: kind "python" or "cpp", leave "graceful" (-1 in the schedule) or "kill"."""
    job = tempfile.mkdtemp(prefix=f"v-{kind}-{leave}-", dir=work)
    os.rmdir(job)  # Vantage creates it (0700)
    what = ["--script", os.path.join(ROOT, "tests/bench/edl_mlp.py"), "--python", sys.executable] if kind == "python" \
        else ["--trainer", "mlp"]
    schedule = f"step={JOIN_AT}:+1" + (f",step={LEAVE_AT}:-1" if leave == "graceful" else "")
    kill = f"step=0:worker=0:slow={SLOW_MS}" + (f",step={LEAVE_AT}:worker=2" if leave == "kill" else "")
    cmd = [a.vantage, "--json", "edl", "run", *what, "--workers", "2", "--samples", str(a.samples), "--batch",
           str(BATCH), "--epochs", "1", "--hidden", str(HIDDEN), "--lr", str(LR), "--momentum", str(MOMENTUM),
           "--seed", str(SEED), "--schedule", schedule, "--kill", kill, "--job-dir", job]
    env = dict(os.environ)
    pp = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(a.vantage)))), "python")
    env["PYTHONPATH"] = pp + (":" + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    try:
        m = peerlib.run_measured(cmd, env=env, timeout=a.timeout)
    except peerlib.ChildFailed as e:
        return {"ok": False, "error": str(e).splitlines()[0][:300], "command": cmd}
    j = json.loads(m.stdout)
    series = []
    try:
        series = json.load(open(os.path.join(job, "report.json")))["series"]["loss"]
    except (OSError, KeyError, ValueError):
        pass
    ep = j["ledger"]["epochs"]
    events = [{"kind": e["kind"], "step": e["step"], "workers_before": e["workers_before"],
               "workers_after": e["workers_after"], "pause_s": e["pause_s"], "joined": e.get("joined", []),
               "left": e.get("left", [])} for e in j["events"]]
    r = {"ok": j.get("state") == "finished", "state": j.get("state"), "message": j.get("message"),
         "seconds": m.seconds, "duration_s": j.get("duration_s"), "events": events, "failures": j.get("failures", []),
         "twice": sum(e.get("seen_more", 0) for e in ep),
         "never": sum(e.get("unseen", e["samples"] - e["seen_once"] - e.get("seen_more", 0)) for e in ep),
         "samples": sum(e["samples"] for e in ep), "exactly_once": j["ledger"]["exactly_once"],
         "replicas_equal": j.get("replicas_equal"), "steps": j.get("steps"), "final_loss": j.get("final_loss"),
         "loss_last10": (sum(v for _, v in series[-10:]) / len(series[-10:])) if series else None,
         "command": cmd}
    if not args_keep(a):
        shutil.rmtree(job, ignore_errors=True)
    return r


def args_keep(a):
    return a.keep


# --- torchrun -------------------------------------------------------------------------------------


class StepLogs:
    """Reads the workers' steps-*.jsonl files incrementally."""

    def __init__(self, job):
        self.job, self.offsets, self.lines, self.partial = job, {}, [], {}

    def poll(self):
        for f in os.listdir(self.job):
            if not (f.startswith("steps-") and f.endswith(".jsonl")):
                continue
            path = os.path.join(self.job, f)
            with open(path) as fh:
                fh.seek(self.offsets.get(f, 0))
                data = self.partial.pop(f, "") + fh.read()
                self.offsets[f] = fh.tell()
            *full, rest = data.split("\n")
            if rest:
                self.partial[f] = rest
            for line in full:
                if line.strip():
                    try:
                        self.lines.append(json.loads(line))
                    except ValueError:
                        pass
        return self.lines


def descendants(pid):
    """The processes below pid (torchrun starts each worker in a session of its own, so the agent's
    process group does not hold its workers)."""
    children = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(d))
    out, unvisited = [], [pid]
    while unvisited:
        for c in children.get(unvisited.pop(), []):
            out.append(c)
            unvisited.append(c)
    return out


def kill_group(p, sig=signal.SIGKILL):
    """Sends sig to the agent's process group and to every process below it (its workers)."""
    below = descendants(p.pid)
    try:
        os.killpg(p.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass
    for pid in below:
        try:
            os.kill(pid, sig)
        except (ProcessLookupError, PermissionError):
            pass


def torchrun_run(a, work, leave, skip):
    """One torchrun job: agents A (store host, slow worker) and B from the start, C after step 10;
    C leaves after step 70 (leave "kill": SIGKILL to the agent and its worker; "term": SIGTERM to the
    agent, which stops its worker)."""
    job = tempfile.mkdtemp(prefix=f"t-{leave}-{skip}-", dir=work)
    port = free_port()
    base = [sys.executable, "-m", "torch.distributed.run", "--nnodes=2:3", "--nproc-per-node=1",
            "--rdzv-backend=c10d", f"--rdzv-endpoint=127.0.0.1:{port}", f"--rdzv-id=edl-{os.getpid()}-{port}",
            "--max-restarts=20", f"--monitor-interval={MONITOR_S}", "--local-addr=127.0.0.1",
            "--log-dir", os.path.join(job, "torchelastic")]
    script = [os.path.join(HERE, "torchrun_mlp.py"), "--job-dir", job, "--samples", str(a.samples), "--batch",
              str(BATCH), "--epochs", "1", "--hidden", str(HIDDEN), "--lr", str(LR), "--momentum", str(MOMENTUM),
              "--seed", str(SEED), "--skip", skip]
    env = peerlib.thread_env(1, {"GLOO_SOCKET_IFNAME": "lo", "PYTHONUNBUFFERED": "1", "LOGLEVEL": "INFO",
                                     "TORCH_DISABLE_SHARE_RDZV_TCP_STORE": "1"})
    agents = {}

    def start(name, host, extra=()):
        out = open(os.path.join(job, f"agent-{name}.log"), "w")
        cmd = base + ["--rdzv-conf", f"{RDZV_CONF},is_host={'true' if host else 'false'}"] + script + list(extra)
        agents[name] = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        out.close()
        return time.time()

    logs = StepLogs(job)
    r = {"ok": False, "leave": leave, "skip": skip, "port": port}
    t0 = start("A", True, ["--slow-ms", str(SLOW_MS)])
    start("B", False)
    t_join = t_leave = None
    deadline = time.monotonic() + a.timeout
    try:
        while True:
            if time.monotonic() > deadline:
                r["error"] = f"ran over {a.timeout} s"
                break
            lines = [x for x in logs.poll() if "step" in x]
            if t_join is None and any(x["step"] >= JOIN_AT for x in lines):
                t_join = start("C", False)
                peerlib.log(f"    torchrun: third agent started after step {max(x['step'] for x in lines)}")
            if t_join is not None and t_leave is None:
                three = [x for x in lines if x["world"] == 3]
                if three:
                    first3 = min(x["step"] for x in three)
                    last3 = max(x["step"] for x in three)
                    if last3 >= max(LEAVE_AT, first3 + 10):
                        if leave == "kill":
                            kill_group(agents["C"], signal.SIGKILL)
                        else:
                            agents["C"].send_signal(signal.SIGTERM)
                        t_leave = time.time()
                        peerlib.log(f"    torchrun: third agent {'killed' if leave == 'kill' else 'terminated'} "
                                    f"after step {last3}")
            a_done = agents["A"].poll() is not None and agents["B"].poll() is not None
            if a_done:
                r["exit_codes"] = {k: p.poll() for k, p in agents.items()}
                r["ok"] = agents["A"].returncode == 0 and agents["B"].returncode == 0
                if not r["ok"]:
                    r["error"] = f"agents exited with {r['exit_codes']}"
                break
            time.sleep(0.05)
    finally:
        t_end = time.time()
        for p in agents.values():  # the agents and their workers: nothing outlives a run
            kill_group(p, signal.SIGKILL)
        for p in agents.values():
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        for f in os.listdir(job):  # a worker that lost its agent (steps-<pid>.jsonl names it)
            if f.startswith("steps-") and f.endswith(".jsonl"):
                pid = int(f[6:-6])
                try:
                    with open(f"/proc/{pid}/cmdline", "rb") as c:
                        if b"torchrun_mlp.py" in c.read():
                            os.kill(pid, signal.SIGKILL)
                except (OSError, ValueError):
                    pass
    r["seconds"] = t_end - t0
    r["t_join_agent"] = None if t_join is None else t_join - t0
    r["t_leave"] = None if t_leave is None else t_leave - t0
    r.update(analyse(logs.poll(), a.samples, t0, t_leave))
    if r["ok"] and t_leave is None:
        r["ok"], r["error"] = False, "the job ended before the leave event"
    if a.keep:
        r["job_dir"] = job
    else:
        shutil.rmtree(job, ignore_errors=True)
    return r


def analyse(lines, samples, t0, t_leave):
    """The committed history from the step logs: for each (epoch, step) the lines of the last
    incarnation (torchrun restart) that ran it; pauses between incarnations; samples per epoch."""
    steps = [x for x in lines if "step" in x]
    starts = [x for x in lines if "start" in x]
    by_key = {}
    for x in steps:
        by_key.setdefault((x["epoch"], x["step"]), {}).setdefault(x["inc"], []).append(x)
    committed = []  # (epoch, step, inc, lines)
    for key in sorted(by_key):
        inc = max(by_key[key])
        committed.append((key[0], key[1], inc, by_key[key][inc]))
    redone = sum(len(v) - 1 for v in by_key.values())
    incomplete = sum(1 for e, s, inc, ls in committed if len(ls) != ls[0]["world"])
    events, prev = [], None
    for e, s, inc, ls in committed:
        if prev is not None and inc != prev[2]:
            t_last = max(x["t"] for x in prev[3])
            t_first = max(x["t"] for x in ls)
            ev = {"step": s, "workers_before": prev[3][0]["world"], "workers_after": ls[0]["world"],
                  "pause_s": t_first - t_last, "last_old_t": t_last - t0, "first_new_t": t_first - t0}
            ev["kind"] = "scale_out" if ev["workers_after"] > ev["workers_before"] else \
                "scale_in" if ev["workers_after"] < ev["workers_before"] else "restart"
            news = [x for x in starts if x["inc"] == inc]
            if news:  # where the time went: the new workers' process start and group formation
                ev["new_workers_started_t"] = min(x["start"] for x in news) - t0
                ev["new_group_formed_t"] = max(x["group"] for x in news) - t0
                ev["resumed_at_step"] = news[0]["resume_step"]
            if t_leave is not None and ev["kind"] != "scale_out":
                ev["since_leave_s"] = t_first - t_leave
            events.append(ev)
        prev = (e, s, inc, ls)
    counts = {}
    for e, s, inc, ls in committed:
        c = counts.setdefault(e, [0] * samples)
        for x in ls:
            for i in x["ids"]:
                c[i] += 1
    epochs = [{"epoch": e, "samples": samples, "seen_once": sum(1 for v in c if v == 1),
               "twice": sum(1 for v in c if v > 1), "never": sum(1 for v in c if v == 0),
               "trained": sum(c)} for e, c in sorted(counts.items())]
    losses = [next((x["global_loss"] for x in ls if x["rank"] == 0), ls[0]["global_loss"]) for *_, ls in committed]
    return {"events": events, "epochs": epochs, "twice": sum(x["twice"] for x in epochs),
            "never": sum(x["never"] for x in epochs), "trained": sum(x["trained"] for x in epochs),
            "committed_steps": len(committed), "redone_steps": redone, "incomplete_steps": incomplete,
            "incarnations": len({inc for *_, inc, _ in committed}),
            "final_loss": losses[-1] if losses else None,
            "loss_last10": sum(losses[-10:]) / len(losses[-10:]) if losses else None,
            "progress": [[round(max(x["t"] for x in ls) - t0, 4), sum(len(x["ids"]) for x in ls)]
                         for *_, ls in committed]}


# --- the driver -----------------------------------------------------------------------------------


def best(runs):
    """Each figure the best (min) over the runs that finished; the final loss of the fastest."""
    ok = [r for r in runs if r["ok"]]
    if not ok:
        return None
    n = min(len(r["events"]) for r in ok)
    fastest = min(ok, key=lambda r: r["seconds"])
    b = {"runs_ok": len(ok), "runs": len(runs), "seconds": fastest["seconds"], "final_loss": fastest["final_loss"],
         "loss_last10": fastest.get("loss_last10"), "twice": min(r["twice"] for r in ok),
         "never": min(r["never"] for r in ok), "events": []}
    for i in range(n):
        evs = [r["events"][i] for r in ok]
        b["events"].append({"kind": evs[0]["kind"], "workers_before": evs[0]["workers_before"],
                            "workers_after": evs[0]["workers_after"], "steps": [e["step"] for e in evs],
                            "pause_s": min(e["pause_s"] for e in evs), "all_pause_s": [e["pause_s"] for e in evs]})
    return b


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--vantage", required=True)
    p.add_argument("--out", default="peers-out")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--samples", type=int, default=16000)
    p.add_argument("--timeout", type=float, default=300, help="seconds one run may take")
    p.add_argument("--threads", type=int, default=1, help="ignored: every worker runs one thread on both sides")
    p.add_argument("--only", default="vantage,torchrun", help="vantage, torchrun or both")
    p.add_argument("--keep", action="store_true", help="keep the job folders (under --out/edl-jobs)")
    p.add_argument("--quick", action="store_true", help="8000 samples, one run")
    a = p.parse_args()
    if a.quick:
        a.runs, a.samples = 1, min(a.samples, 8000)
    a.vantage = os.path.abspath(a.vantage)
    os.makedirs(a.out, exist_ok=True)
    work = os.path.join(os.path.abspath(a.out), "edl-jobs") if a.keep else tempfile.mkdtemp(prefix="edl-peers-")
    os.makedirs(work, exist_ok=True)

    versions = peerlib.versions("torch")
    header = {"versions": versions, "machine": peerlib.machine(), "vantage": peerlib.vantage_version(a.vantage)}
    settings = {"samples": a.samples, "epochs": 1, "batch": BATCH, "hidden": HIDDEN, "lr": LR, "momentum": MOMENTUM,
                "seed": SEED, "schedule": f"2 workers, +1 after step {JOIN_AT}, -1 after step {LEAVE_AT}",
                "slow_first_worker_ms": SLOW_MS, "threads_per_worker": 1, "runs": a.runs,
                "torchrun": {"nnodes": "2:3", "nproc_per_node": 1, "rdzv_backend": "c10d", "rdzv_conf": RDZV_CONF,
                             "monitor_interval_s": MONITOR_S, "max_restarts": 20, "backend": "gloo (CPU), DDP",
                             "checkpoint": "rank 0 after every step, atomically (tmp + os.replace)",
                             "sampler": "DistributedSampler(shuffle=True, seed), per-rank batch = 64 // world size"}}
    print(f"# EDL: Vantage against torchrun (torch {versions['torch']})\n")
    m = header["machine"]
    print(f"{header['vantage']}; torch {versions['torch']}, Python {versions['python']}; {m['cpu']}, "
          f"{m['cores']} cores; best of {a.runs}; MLP 32-{HIDDEN}-{HIDDEN}-10, {a.samples} samples, global batch "
          f"{BATCH}, one epoch, SGD lr {LR} momentum {MOMENTUM}, seed {SEED}; 2 -> 3 -> 2 workers (a third "
          f"after step {JOIN_AT}, leaving after step {LEAVE_AT}), one thread each\n")

    configs = []
    if "vantage" in a.only:
        configs += [("Vantage, Python workers", "graceful (-1)", lambda: vantage_run(a, work, "python", "graceful")),
                    ("Vantage, Python workers", "SIGKILL", lambda: vantage_run(a, work, "python", "kill")),
                    ("Vantage, C++ workers", "graceful (-1)", lambda: vantage_run(a, work, "cpp", "graceful")),
                    ("Vantage, C++ workers", "SIGKILL", lambda: vantage_run(a, work, "cpp", "kill"))]
    if "torchrun" in a.only:
        configs += [("torchrun", "SIGKILL (agent + worker)", lambda: torchrun_run(a, work, "kill", "steps")),
                    ("torchrun", "SIGTERM (agent)", lambda: torchrun_run(a, work, "term", "steps")),
                    ("torchrun, skip by samples", "SIGKILL (agent + worker)",
                     lambda: torchrun_run(a, work, "kill", "samples"))]
    rows, results = [], []
    for system, leave, fn in configs:
        runs = []
        for i in range(a.runs):
            peerlib.log(f"  {system}, leave by {leave}: run {i + 1}/{a.runs}")
            try:
                r = fn()
            except Exception as e:  # one broken run is a failed row, not a dead benchmark
                r = {"ok": False, "error": f"{type(e).__name__}: {e}"}
            if not r["ok"]:
                peerlib.log(f"    failed: {r.get('error') or r.get('message') or r.get('state')}")
            else:
                peerlib.log("    pauses " + ", ".join(f"{e['kind']} {e['pause_s']:.3f} s" for e in r["events"])
                            + f"; twice {r['twice']}, never {r['never']}; {r['seconds']:.1f} s")
            runs.append(r)
        b = best(runs)
        results.append({"system": system, "leave": leave, "best": b, "runs": runs})
        if b is None:
            err = next((r.get("error") or r.get("message") for r in runs if not r["ok"]), "failed")
            rows.append([system, leave, "—", "—", f"failed ({err})", "", "", "", ""])
            continue
        for k, e in enumerate(b["events"]):
            first = k == 0
            rows.append([system if first else "", leave if first else "",
                         {"scale_out": "join", "scale_in": "leave"}.get(e["kind"], e["kind"]) + " at step "
                         + "/".join(str(s) for s in sorted(set(e["steps"]))),
                         f"{e['workers_before']} → {e['workers_after']}", f"{e['pause_s']:.3f}",
                         str(b["twice"]) if first else "", str(b["never"]) if first else "",
                         f"{b['final_loss']:.4f}" if first and b["final_loss"] is not None else "",
                         f"{b['seconds']:.1f}" if first else ""])
        if b["runs_ok"] < b["runs"]:
            rows.append(["", "", f"({b['runs'] - b['runs_ok']} of {b['runs']} runs failed)", "", "", "", "", "", ""])

    print("## Pause per scale event, samples trained twice or never, final loss\n")
    print(peerlib.markdown_table(["system", "leave by", "event", "workers", "pause (s)", "samples twice",
                                  "samples never", "final loss", "total s"], rows))
    notes(results, a)

    charts = [{"title": "Pause per scale event, 2 -> 3 -> 2 workers (Vantage: the points on the zero line)",
               "x_label": "scale event (1 join, 2 leave or loss of the third worker; more: torchrun restarts)",
               "y_label": "pause (s)", "file": "edl-pauses",
               "series": [{"name": f"{r['system']}, {r['leave']}",
                           "points": [[i + 1, e["pause_s"]] for i, e in enumerate(r["best"]["events"])],
                           "markers": True, "line": False, "dashed": False}
                          for r in results if r["best"]]}]
    progress = [(r["system"], r["leave"], min((x for x in r["runs"] if x["ok"] and x.get("progress")),
                                              key=lambda x: x["seconds"], default=None)) for r in results]
    series = []
    for system, leave, run in progress:
        if run is None:
            continue
        pts, tot = [], 0
        for t, n in run["progress"]:
            tot += n
            pts.append([t, tot])
        series.append({"name": f"{system}, {leave}", "points": pts, "markers": False, "line": True, "dashed": False})
    if series:
        charts.append({"title": "torchrun: samples trained against time (flat: a scale event)",
                       "x_label": "seconds since the first agent started", "y_label": "samples trained",
                       "file": "edl-torchrun-progress", "series": series})
    for r in results:  # the per-step history is in the chart; keep the JSON small
        for x in r["runs"]:
            x.pop("progress", None)
    peerlib.write_json(os.path.join(a.out, "edl.json"), {**header, "settings": settings, "rows": results,
                                                         "charts": charts})
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if all(r["best"] for r in results) else 1


def notes(results, a):
    def get(system, leave):
        return next((r["best"] for r in results if r["system"] == system and r["leave"].startswith(leave)), None)

    lines = []
    v, t = get("Vantage, Python workers", "graceful"), get("torchrun", "SIGKILL")
    if v and t and v["events"] and t["events"]:
        vp = sum(e["pause_s"] for e in v["events"]) / len(v["events"])
        tp = sum(e["pause_s"] for e in t["events"]) / len(t["events"])
        lines.append(f"Mean pause per scale event: Vantage (Python workers) {vp:.3f} s, torchrun {tp:.2f} s "
                     f"({tp / vp:.0f}x longer).")
    wins = []
    for r in results:
        b = r["best"]
        if not (r["system"].startswith("torchrun") and b and v):
            continue
        if b["seconds"] < v["seconds"]:
            wins.append(f"{r['system']} ({r['leave']}) took less total time ({b['seconds']:.1f} s against "
                        f"{v['seconds']:.1f} s)")
        if any(e["pause_s"] < min(x["pause_s"] for x in v["events"]) for e in b["events"]):
            wins.append(f"{r['system']} ({r['leave']}) had a shorter pause")
        if b["twice"] + b["never"] < v["twice"] + v["never"]:
            wins.append(f"{r['system']} ({r['leave']}) trained fewer samples twice or never")
    ties = [f"{r['system']} ({r['leave']})" for r in results if r["system"].startswith("torchrun") and r["best"]
            and v and r["best"]["twice"] + r["best"]["never"] == v["twice"] + v["never"]]
    lines.append("Where the peer wins: " + ("; ".join(wins) + "." if wins else
                 "nowhere in this table (pause and total time favour Vantage"
                 + (", samples twice/never too" if not ties else "") + "). ")
                 + (" and ".join(ties) + " tied with Vantage on samples twice/never (with interleaved sharding, "
                    "skipping samples_done // world size per rank skips exactly the samples done when that "
                    "divides; DistributedSampler's padding and a remainder can still cost a few). " if ties else "")
                 + "What torchrun has for it: the training script needs no elastic API, only a checkpoint "
                 "and a resumable sampler, and agents on other machines need only torch.")
    lines.append("Vantage's workers never stop: a joiner loads in the background and joins at a step boundary "
                 "(its step is where it was ready, not step 10), a leaver finishes its step, a killed worker's "
                 "step is rolled back in memory; every sample is trained exactly once per epoch (the ledger). "
                 "torchrun stops every worker on any membership change, re-rendezvouses, starts new worker "
                 "processes (each imports torch) and resumes from the checkpoint; samples twice/never come from "
                 "resuming the sharded sampler with a changed world size (and the padding of DistributedSampler).")
    lines.append("Final loss: the mean cross-entropy of the last committed step (Vantage's final_loss; for torchrun "
                 "the allreduced loss of its last step) of the fastest run, after the same number of steps; the labels "
                 "are the classes a fixed random linear teacher gives (tests/bench/edl_mlp.py and torchrun_mlp.py draw "
                 "the same data), so the loss falls as the network learns and the two sides' losses compare; the "
                 "C++ workers' built-in `mlp` trainer draws its own synthetic data set, so its loss is not "
                 "comparable with the Python rows. Samples twice/never and pauses: the "
                 "least over the runs; total seconds: the fastest run's wall time (torchrun: from the first "
                 "agent's start until both first agents exited).")
    lines.append(f"torchrun's settings (its best case on one machine): `--nnodes=2:3 --nproc-per-node=1 "
                 f"--rdzv-backend=c10d --rdzv-endpoint=127.0.0.1:PORT --max-restarts=20 --monitor-interval="
                 f"{MONITOR_S} --local-addr=127.0.0.1 --rdzv-conf {RDZV_CONF},is_host=true|false` "
                 "(last call 1 s instead of 30; a dead agent dropped from the rendezvous after 3 s without a "
                 "heartbeat instead of 15; 2 s dropped a joiner waiting for the next round, whose heartbeats are "
                 "irregular), TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 (with torch 2.15's default, the shared "
                 "TCPStore, an agent that joins a running job waits forever in the rendezvous: the rank-0 agent "
                 "publishes the store's address only in the first round), gloo on CPU (GLOO_SOCKET_IFNAME=lo), DDP, one thread per worker, "
                 "rank 0 checkpoints model, optimizer, epoch and step after every step (tmp file + os.replace) "
                 "and every start resumes from it, DistributedSampler(shuffle=True, seed) with set_epoch, "
                 "per-rank batch 64 // world size (21 at 3 workers: global 63), the steps already done in the "
                 "epoch skipped by step index (`skip by samples`: samples_done // world size per rank instead). "
                 "The first agent hosts the store and is never stopped; the third is started once a step >= "
                 f"{JOIN_AT} is logged and leaves once it has trained to step >= {LEAVE_AT} (and 10 steps at 3 "
                 "workers). Pauses from the workers' step logs (wall clock after each step), a step redone after "
                 "a restart counted once, at its last run.")
    lines.append(f"Both sides: the first worker sleeps {SLOW_MS} ms at the start of each step "
                 f"(Vantage `--kill step=0:worker=0:slow={SLOW_MS}`, torchrun_mlp.py `--slow-ms {SLOW_MS}` on the "
                 "first agent), so that the job is still training when a joiner has imported torch; it is part "
                 "of every step, so of the first step after a change too, on both sides.")
    print("\n" + "\n\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())
