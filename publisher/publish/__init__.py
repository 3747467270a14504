"""Stage 4, publish: the built site sent to the host, only what changed.

Owns the target interface that publish-target plugins implement, with the address of
a target (:mod:`~publisher.publish.targets`, which imports only the shared vocabulary,
so that the hooks can name it), and the engine that compares manifests and sends,
renames and deletes in a safe order (:mod:`~publisher.publish.sync`), with the lock that
keeps two publishes apart (:mod:`~publisher.publish.lock`) and the progress of a long
upload (:mod:`~publisher.publish.progress`). Imports the build
stage for the manifest and the site's layout; knows no kind of target.
"""
