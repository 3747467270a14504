"""Stage 3, build: championships through the plugins, into pages, into the site folder.

Owns one build from the content folder to ``--out``: reading a championship and letting
the plugins load and compute it (:mod:`~publisher.build.loading`, which the commands
that act on one championship use too), rendering pages with Jinja2
(:mod:`~publisher.build.render`, :mod:`~publisher.build.assets`), writing the site with
its manifest (:mod:`~publisher.build.output`, :mod:`~publisher.build.manifest`), the
builder that runs it all over both cores (:mod:`~publisher.build.builder`,
:mod:`~publisher.build.workers`), and what a builder keeps between builds with the rule
for when a kept thing still holds (:mod:`~publisher.build.kept`, page keys in
:mod:`~publisher.build.pagekeys`, summaries in :mod:`~publisher.build.summary`).

Imports the shared vocabulary, the plugin manager, :mod:`publisher.content` and
:mod:`publisher.formats` (a live source is read through its format); never the live
loop, publishing or the commands.
"""
