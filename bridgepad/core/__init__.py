"""The scoring core: plain Python, no user interface.

Nothing under this package may import textual or rich; a test makes sure of it.
"""
