"""The data folder: its files written whole, read safely, locked, and named."""
