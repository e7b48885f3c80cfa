#!/usr/bin/env python3
"""The FT op-graph exporter's command line from a checkout (docs/ft.md, "A PyTorch model of your own"):

    python scripts/export_ft_graph.py --model torchvision.models:resnet50 --input float:3,224,224 \\
        --batch 256 --out resnet50.json

It runs vantage.ft.cli from this checkout's python/ folder (the vantage package; `pip install
./python` installs the same command as vantage-export-ft-graph). --help describes the options.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python"))

from vantage.ft.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
