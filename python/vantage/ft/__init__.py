"""FT's exporter: the op graph of a PyTorch nn.Module as the JSON that `vantage-cli ft search --graph`
and the FT page read (docs/ft.md, "A PyTorch model of your own").

    from vantage.ft import export_graph
    graph = export_graph(model.eval(), torch.zeros(1, 3, 224, 224), batch=256, name="resnet50")
    graph = export_saved("model.pt2", batch=256, name="gpt")   # a program saved by torch.export.save

The command line is vantage.ft.cli (installed as vantage-export-ft-graph; scripts/export_ft_graph.py).
"""

from vantage.ft.exporter import Exporter, ExportError, Graph, Op, export_graph, export_saved

__all__ = ["ExportError", "Exporter", "Graph", "Op", "export_graph", "export_saved"]
