"""Modules loaded on first use, declared once at the top of the module that needs them.

A module that must start fast (the pad's first paint, ``bridgepad score``) still names every
dependency at its top: ``history = lazy("bridgepad.services.history")`` beside its imports,
and ``history.History(...)`` where it is used. The module is imported the first time one of
its names is read (``importlib.util.LazyLoader``), so a dependency is visible where a reader
looks for it and costs nothing until it is needed. Type checkers read the real import from
an ``if TYPE_CHECKING:`` block beside it.
"""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

__all__ = ["lazy", "waiting"]


def lazy(name: str) -> ModuleType:
    """The module ``name``, imported when one of its attributes is first read (at once if it
    is loaded already). ImportError now if no such module exists: a typo fails at startup."""
    loaded = sys.modules.get(name)
    if loaded is not None:
        return loaded
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ImportError(f"No module named {name!r}", name=name)
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    # Bound in its package as an import binds it, so that ``package.name`` reads it too (a
    # later ``import`` of a module already in sys.modules does not bind it).
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)
    return module


def waiting(module: ModuleType) -> bool:
    """True while ``module`` was declared with ``lazy`` and none of it has run yet: it is in
    ``sys.modules`` from its declaration, but loaded only when a name of it is first read.
    Asking does not load it (its type is looked at, not its attributes)."""
    return type(module) is getattr(importlib.util, "_LazyModule", None)
