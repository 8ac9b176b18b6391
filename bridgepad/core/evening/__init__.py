"""The evening at the table: who plays next, which games count tonight, and the tally."""
