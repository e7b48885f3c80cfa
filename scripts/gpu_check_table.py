#!/usr/bin/env python3
"""The table of scripts/gpu-check.sh, from the JSON its runs wrote into one folder (argument 1).

Markdown on stdout. Targets (issue 17): GPU output equal to the CPU's within 1e-5 relative to the
output's largest magnitude; the time of each layer at most 3x the time the copy probe needs to
move that layer's compulsory bytes (stores read and written once, the graph's indices and the rows
gathered along the edges); the auto batch against the best of a sweep of static batches.
"""
import json
import os
import sys

raw = sys.argv[1]


def load(name):
    path = os.path.join(raw, name)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        text = f.read().strip()
    try:
        return json.loads(text)
    except ValueError:
        return None


def secs(s):
    return f"{s:.3f} s" if s < 10 else f"{s:.1f} s"


rows = []
dev = load("devices.json") or {}
probe = load("copy_probe.json") or {}
gpus = dev.get("gpus") or []
name = gpus[0]["name"] if gpus else "none"
rows.append(("device", f"{name}; Vantage's LibTorch {dev.get('libtorch_version')} (the machine's torch "
             f"{probe.get('torch', '?')}); CUDA runtime {dev.get('cuda_runtime_version')}; cuDNN "
             f"{dev.get('cudnn_version') or 'none'}; NCCL {dev.get('nccl_version')}", "", ""))
for suite in ("tst_dgi_gpu", "tst_ppac_gpu"):
    path = os.path.join(raw, suite + ".txt")
    tests = open(path).read() if os.path.exists(path) else ""
    totals = [l for l in tests.splitlines() if l.startswith("Totals")]
    rows.append((suite, totals[-1] if totals else "did not run", "0 failed, 0 skipped on a GPU",
                 "ok" if totals and " 0 failed" in totals[-1] and " 0 skipped" in totals[-1] else "NO"))
bw = probe.get("bytes_per_s", 0.0)
rows.append(("copy probe (device to device, 4 GiB)", f"{bw / 1e9:.0f} GB/s (bytes read + written)", "", ""))

for model, title in (("gcn", "GCN-3x64"), ("sage", "GraphSAGE-3x64")):
    cpu = load(f"{model}-cpu.json")
    gpu = load(f"{model}-gpu.json")
    cmp_ = load(f"{model}-compare.json")
    if not cpu or not gpu:
        rows.append((title, "did not run", "", "NO"))
        continue
    g = cpu.get("graph", {})
    graph = f"R-MAT {g.get('nodes', '?'):,} nodes, {g.get('edges', '?'):,} edges" if isinstance(g.get('nodes'), int) else "R-MAT"
    rel = cmp_["relative"] if cmp_ else float("nan")
    rows.append((f"{title}, {graph}: GPU vs CPU output", f"max diff {rel:.2e} of the largest |value|",
                 "<= 1e-5", "ok" if rel <= 1e-5 else "NO"))
    def layers(r):
        return sum(l["time_s"] for l in r.get("layers", []))

    rows.append((f"{title}: CPU ({cpu.get('threads')} threads) / GPU auto batch, layers",
                 f"{secs(layers(cpu))} / {secs(layers(gpu))} ({layers(cpu) / layers(gpu):.1f}x)", "", ""))
    rows.append((f"{title}: the same, whole evaluation (GPU: copies to and from the device included)",
                 f"{secs(cpu['total_s'])} / {secs(gpu['total_s'])} ({cpu['total_s'] / gpu['total_s']:.1f}x); "
                 f"GPU set-up (context, kernels) {secs(gpu.get('setup_s', 0))}", "", ""))
    sweep = []
    for cap in (16384, 65536, 262144, 1048576):
        r = load(f"{model}-gpu-{cap}.json")
        if r:
            sweep.append((cap, layers(r), sum(l["batches"] for l in r["layers"])))
    if sweep:
        best = min(sweep, key=lambda x: x[1])
        text = ", ".join(f"{c}: {secs(t)} ({b} batches)" for c, t, b in sweep)
        auto = f"{sum(l['batches'] for l in gpu['layers'])} batches, caps {gpu.get('node_cap')} nodes / {gpu.get('edge_cap')} edges"
        rows.append((f"{title}: static node caps, layers", text, "", ""))
        rows.append((f"{title}: auto batch ({auto}) vs best static ({best[0]})", f"{best[1] / layers(gpu):.2f}x",
                     ">= 1 (DGI: 1.31-1.74x)", "ok" if layers(gpu) <= best[1] * 1.05 else "NO"))
    tight = load(f"{model}-gpu-1g-auto.json")
    if tight:
        statics = [(c, load(f"{model}-gpu-1g-{c}.json")) for c in (16384, 65536, 262144)]
        statics = [(c, r) for c, r in statics if r]
        text = ", ".join(f"{c}: {secs(layers(r))}" for c, r in statics)
        rows.append((f"{title}, 1 GiB of device memory (stores on the host: "
                     f"{tight.get('host_store_bytes', 0) / 2**20:.0f} MiB): auto batch "
                     f"({sum(l['batches'] for l in tight['layers'])} batches, "
                     f"{sum(l.get('growths', 0) for l in tight['layers'])} growths, "
                     f"{sum(l.get('retries', 0) for l in tight['layers'])} halvings) vs static",
                     f"auto {secs(layers(tight))}; static {text}", "", ""))
        if statics:
            best = min(statics, key=lambda x: layers(x[1]))
            rows.append((f"{title}, 1 GiB: auto vs best static ({best[0]})", f"{layers(best[1]) / layers(tight):.2f}x",
                         ">= 1", "ok" if layers(tight) <= layers(best[1]) * 1.05 else "NO"))
    for l in gpu.get("layers", []):
        floor = l["bytes_touched"] / bw if bw else 0
        ratio = l["time_s"] / floor if floor else float("nan")
        rows.append((f"{title}: layer {l['index'] + 1} on the GPU",
                     f"{secs(l['time_s'])}, {l['batches']} batches, {l['bytes_touched'] / 1e9:.2f} GB compulsory "
                     f"= {ratio:.1f}x the copy probe's time", "<= 3x", "ok" if ratio <= 3 else "NO"))
    rows.append((f"{title}: peak device memory", f"{gpu.get('peak_device_bytes', 0) / 2**20:.0f} MiB of "
                 f"{gpu.get('device_budget_bytes', 0) / 2**20:.0f} MiB planned", "", ""))

edl = load("edl.json")
nccl = open(os.path.join(raw, "edl-nccl.txt")).read().strip() if os.path.exists(os.path.join(raw, "edl-nccl.txt")) else ""
if edl:
    status = edl.get("status", {})
    state = status.get("state") if isinstance(status, dict) else status
    workers = status.get("workers", []) if isinstance(status, dict) else []
    where = ", ".join(f"{w.get('id')} on {w.get('device')}" for w in workers)
    ok = state == "finished" and edl.get("ledger", {}).get("exactly_once")
    rows.append(("EDL: 1 worker on a GPU", f"{state} ({where}), {status.get('step')} steps, final loss "
                 f"{edl.get('final_loss'):.3f}, "
                 f"exactly once {edl.get('ledger', {}).get('exactly_once')}; {nccl or 'no NCCL line in the logs'}",
                 "finishes on NCCL", "ok" if ok and "NCCL" in nccl else "NO"))
elif os.path.exists(os.path.join(raw, "edl.err")):
    err = open(os.path.join(raw, "edl.err")).read().strip().splitlines()[-3:]
    rows.append(("EDL: 1 worker on a GPU", "failed: " + " / ".join(err), "finishes on NCCL", "NO"))
else:
    rows.append(("EDL: 1 worker on a GPU", "not run (GPU_CHECK_QUICK)", "finishes on NCCL", ""))
py = load("edl-python.json")
py_nccl = (open(os.path.join(raw, "edl-python-nccl.txt")).read().strip()
           if os.path.exists(os.path.join(raw, "edl-python-nccl.txt")) else "")
if py:
    ok = py.get("state") == "finished" and py.get("ledger", {}).get("exactly_once")
    rows.append(("EDL: a Python script's worker on a GPU (vantage_edl)",
                 f"{py.get('state')}, {py.get('steps')} steps, final loss {py.get('final_loss', 0):.3f}; "
                 f"{py_nccl or 'no NCCL line in the logs'}", "finishes on NCCL",
                 "ok" if ok and "NCCL" in py_nccl else "NO"))
elif os.path.exists(os.path.join(raw, "edl-python.err")):
    err = open(os.path.join(raw, "edl-python.err")).read().strip().splitlines()[-3:]
    rows.append(("EDL: a Python script's worker on a GPU (vantage_edl)", "failed: " + " / ".join(err),
                 "finishes on NCCL", "NO"))
ppac = load("ppac.json")
if ppac and "metrics" in ppac:
    full = ppac["metrics"]["full"]
    bal = ppac["metrics"]["balanced"]
    epochs = ppac.get("epochs", [])
    per_epoch = sum(e["time_s"] for e in epochs) / max(1, len(epochs))
    curve = ", ".join(f"{e['epoch']}: {e['test']['recall@20']:.4f}" for e in epochs if "test" in e)
    rows.append((f"PPAC LightGCN on Gowalla ({len(epochs)} epochs on the GPU, {per_epoch:.2f} s an epoch)",
                 f"recall@20 {full['recall@20']:.4f} (full test), {bal['recall@20']:.4f} (balanced); "
                 f"NDCG@20 {full['ndcg@20']:.4f}; by epoch {curve}",
                 ">= 0.177 recall@20 (published 0.1830)", "ok" if full["recall@20"] >= 0.177 else "NO"))
elif os.path.exists(os.path.join(raw, "ppac.err")):
    err = open(os.path.join(raw, "ppac.err")).read().strip().splitlines()[-3:]
    rows.append(("PPAC LightGCN on Gowalla", "failed: " + " / ".join(err), ">= 0.177 recall@20", "NO"))
else:
    rows.append(("PPAC LightGCN on Gowalla", "not run (GPU_CHECK_QUICK)", ">= 0.177 recall@20", ""))

ftv = load("ft-validate.json")
if ftv:
    for r in ftv.get("strategies", []):
        if "refused" in r or "failed" in r:
            why = ("refused: " + r["refused"]) if "refused" in r else ("failed: " + r["failed"])
            rows.append((f"FT on the GPU: {r['label']}", why, "runs", "NO"))
            continue
        rows.append((f"FT on the GPU: {r['label']} ({r['configs']}), predicted / measured",
                     f"time {r['predicted_time_s'] * 1e3:.2f} / {r['measured_time_s'] * 1e3:.2f} ms "
                     f"({r['time_error'] * 100:+.0f}%), memory {r['predicted_memory_bytes'] / 2**20:.0f} / "
                     f"{r['measured_memory_bytes'] / 2**20:.0f} MiB ({r['memory_error'] * 100:+.0f}%), "
                     f"losses {'equal' if r.get('losses_match') else 'DIFFER'}",
                     "time within 20%, memory within 10%, losses equal",
                     "" if r.get("losses_match") and abs(r["memory_error"]) <= 0.1 and abs(r["time_error"]) <= 0.2
                     else "NO"))
elif os.path.exists(os.path.join(raw, "ft-validate.err")):
    err = open(os.path.join(raw, "ft-validate.err")).read().strip().splitlines()[-3:]
    rows.append(("FT on the GPU: ft validate", "failed: " + " / ".join(err), "runs", "NO"))

print("| check | figure | target | |")
print("| --- | --- | --- | --- |")
for r in rows:
    print("| " + " | ".join(str(c).replace("|", "/") for c in r) + " |")
