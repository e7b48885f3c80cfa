"""Naming an ATen node of an exported program for people: its op, its module, the user's line."""

from __future__ import annotations

from torch import fx


class ExportError(Exception):
    """A model FT cannot plan, or bad input: the message names the op, the module and the line."""


def location(node: fx.Node) -> str:
    """(at FILE:LINE) of the code that made `node`: the innermost frame outside torch (and, for a
    model from a library, outside site-packages when the user's own code is not on the stack)."""
    trace = node.meta.get("stack_trace") or ""
    frames = [line.strip() for line in trace.strip().splitlines() if line.strip().startswith("File ")]
    user = [f for f in frames if "/torch/" not in f and "/site-packages/" not in f]
    if not user:  # a library's model (torchvision, timm, transformers): its own line, outside torch
        user = [f for f in frames if "/site-packages/torch/" not in f and "/torch/" not in f]
    if not user:
        return ""
    parts = user[-1].split('"')
    line = user[-1].split("line ")[-1].split(",")[0] if "line " in user[-1] else "?"
    return f" (at {parts[1]}:{line})" if len(parts) > 2 else f" ({user[-1]})"


def module_of(node: fx.Node) -> tuple[str, str]:
    """The innermost module that ran `node`: its path (h.0.attn) and class (torch.nn...Linear)."""
    stack = node.meta.get("nn_module_stack") or {}
    if not stack:
        return "", ""
    path, cls = list(stack.values())[-1]
    cls_name = cls if isinstance(cls, str) else f"{cls.__module__}.{cls.__qualname__}"
    return str(path), cls_name


def op_text(node: fx.Node) -> str:
    """How a refusal names an ATen op: aten.conv3d in torch.nn.modules.conv.Conv3d 'conv'."""
    target = node.target
    name = str(target) if not callable(target) else getattr(target, "__name__", str(target))
    if hasattr(target, "_schema"):
        name = f"aten.{getattr(target, '_opname', name)}"
    path, cls = module_of(node)
    return f"{name} in {cls}" + (f" '{path}'" if path else "") if cls else name
