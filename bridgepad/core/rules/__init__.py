"""The rules of the game: the scoring tables, what a hand writes, how a game is played out."""
