"""Vantage's Python side.

vantage.edl  the elastic training API for PyTorch scripts (the compiled vantage_edl module;
             docs/edl.md, "From Python")
vantage.ft   the FT op-graph exporter of a PyTorch nn.Module (docs/ft.md, "A PyTorch model of your
             own"); its command line is vantage-export-ft-graph (scripts/export_ft_graph.py)
"""

__version__ = "0.1.0"
