"""Games written out for other programs and for people, each format a view of the one
derived record of a game (``bridgepad.core.records.record``): JSON, CSV, Markdown and PBN.
JSON (in its own module) and PBN (``pbn_reader``) are read back by ``bridgepad import``.

``registry`` names the formats and turns stored games into records; each format has a
module of its own. Plain text out of records: no textual, no rich, no files.
"""
