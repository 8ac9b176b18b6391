"""App factory and keyboard scenarios shared by the TUI tests, the SVG snapshots and make_screenshots.py."""
