"""bridgepad: a keyboard-driven score pad for contract bridge."""

__version__ = "0.1.0"
