"""Helpers for the robustness tests (tests/robust/): the real app in a pseudo-terminal."""
