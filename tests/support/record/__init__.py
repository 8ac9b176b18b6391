"""Games of every mode, with ids, times and entry times, for the tests of the record's views."""
