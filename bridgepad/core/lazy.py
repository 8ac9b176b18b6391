"""Modules loaded on first use, declared once at the top of the module that needs them.

A module that must start fast (the pad's first paint, ``bridgepad score``) still names every
dependency at its top: ``history = lazy("bridgepad.services.history")`` beside its imports,
and ``history.History(...)`` where it is used. The module is imported, by Python's own import
system, the first time one of its names is read, so a dependency is visible where a reader
looks for it and costs nothing until it is needed: not even its parent package is loaded
before then. Type checkers read the real import from an ``if TYPE_CHECKING:`` block beside it.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any

__all__ = ["lazy"]


class _Lazy(ModuleType):
    """Stands for a module until one of its names is read; then asks the real one, each time.

    It is never put in ``sys.modules``: the real module is imported the ordinary way (its
    parents first, each bound to its parent), so ``import`` elsewhere sees nothing unusual."""

    def __getattr__(self, name: str) -> Any:
        real = sys.modules.get(self.__name__) or importlib.import_module(self.__name__)
        return getattr(real, name)


def lazy(name: str) -> ModuleType:
    """The module ``name``, imported when one of its attributes is first read (at once if it is
    loaded already)."""
    loaded = sys.modules.get(name)
    return loaded if loaded is not None else _Lazy(name)
