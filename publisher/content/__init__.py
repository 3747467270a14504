"""Stage 1, content: reading the organiser's files into the event model.

Owns the archive folder's layout (which folders are championships, which files are
content), event.toml, players.csv, the Markdown pages, ``site.toml``, and the readers
every system plugin reads its own files with (CSV and text files, each problem with
its file, line and fix). Imports only the shared vocabulary (:mod:`publisher.model`,
:mod:`publisher.problems`, :mod:`publisher.ranks`, :mod:`publisher.text`): it knows no
plugin, no format and nothing of building.
"""
