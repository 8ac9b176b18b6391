"""What the screens and the command line work through: the session, the history, the evening, imports and formats."""
