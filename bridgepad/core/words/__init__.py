"""The words and layouts of the game: labels, sentences, the pad as on paper."""
