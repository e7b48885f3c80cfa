"""Time per element of the element-wise kernels a CPU step spends its non-matmul time in, against an
add (memory-bound: 8 bytes moved per element), with PyTorch on one thread: the figures docs/ft.md
("Predicted against measured") gives for why transcendental kernels cost more than their bytes.

    ~/.cache/vantage/torch2-venv/bin/python tests/bench/cpu_kernel_rates.py [--rows 1024] [--cols 4096]

Prints one JSON object: ns per element of each kernel (the best of --repeats), and the bandwidth
the add reaches.
"""

import argparse
import json
import time
from collections.abc import Callable

import torch


def best_seconds(fn: Callable[[], object], repeats: int) -> float:
    fn()
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rows", type=int, default=1024)
    p.add_argument("--cols", type=int, default=4096)
    p.add_argument("--repeats", type=int, default=5)
    a = p.parse_args()
    torch.set_num_threads(1)
    x = torch.randn(a.rows, a.cols)
    y = torch.log_softmax(x, -1)
    g = torch.randn_like(x)
    kernels = {
        "add": lambda: x + 1.0,
        "tanh": lambda: torch.tanh(x),
        "exp": lambda: torch.exp(x),
        "log_softmax": lambda: torch.log_softmax(x, -1),
        "log_softmax_backward": lambda: torch._log_softmax_backward_data(g, y, -1, x.dtype),
    }
    n = x.numel()
    ns = {name: best_seconds(fn, a.repeats) / n * 1e9 for name, fn in kernels.items()}
    print(json.dumps({
        "bench": "cpu_kernel_rates", "torch": torch.__version__, "threads": 1, "shape": [a.rows, a.cols],
        "ns_per_element": {k: round(v, 3) for k, v in ns.items()},
        "add_bandwidth_gbs": round(8.0 / ns["add"], 2),
    }))  # fmt: skip


if __name__ == "__main__":
    main()
