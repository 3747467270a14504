"""Stage 5, live: the site kept up to date while the director types.

Owns the watcher that builds again on every save (:mod:`~publisher.live.watch`), where
the live site stands (:mod:`~publisher.live.status`), the local server with live reload
(:mod:`~publisher.live.serve` and ``live_reload.js``) and publishing every good build
(:mod:`~publisher.live.publishing`). Imports the build and publish stages and those
before them; nothing imports it but the commands.
"""
