"""The one derived record of a game, and when two games are the same."""
