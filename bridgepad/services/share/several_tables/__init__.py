"""The evening of several tables on the phones: each table's page and its writes (``desk``), and
the tables' part of the read-only page (``tables_page``)."""
