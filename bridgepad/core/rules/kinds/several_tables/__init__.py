"""A duplicate game of several tables: each table enters its own results, one movement for all.

``inputs`` is what is kept (the movement's choices, the pairs' names, each result as it
came in and each table's move to its next round); ``entering`` is the rule for what a
table may enter, and when; ``scores`` derives the travellers, the comparisons and the
ranking from the inputs, with the same scoring a one-table game uses for "Other tables".
"""
