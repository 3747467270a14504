"""Stage 5, live: the site kept up to date while the director types.

Owns the watcher that builds again on every save (:mod:`~publisher.live.watch`), where
the live site stands (:mod:`~publisher.live.status`), the local server with live reload
(:mod:`~publisher.live.serve` and ``live_reload.js``), publishing every good build
(:mod:`~publisher.live.publishing`), and the results desk on the same server, where
helpers enter results into the round files (:mod:`~publisher.live.desk`, its sessions,
files and page; the sheet each system plugin hands it is named in
:mod:`~publisher.live.sheets`, an interface the hooks name, which imports only the shared
vocabulary). Imports the build and publish stages and those before them; nothing
imports it but the commands.
"""
