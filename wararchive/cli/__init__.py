"""The ``wararchive`` command line: corpus queries, rules, games, the site."""
