"""The score pad in the terminal: textual screens drawing what the session derives."""
