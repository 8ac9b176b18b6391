"""Helpers for the robustness tests (tests/test_robust_*.py): the real app in a pseudo-terminal."""
