"""The tournament publisher: championship data in, a static site out.

Plugins write ``from publisher import hookimpl`` and implement the hooks
documented in :mod:`publisher.hookspecs`.
"""

import pluggy

__version__ = "0.1.0"

hookimpl = pluggy.HookimplMarker("publisher")

__all__ = ["__version__", "hookimpl"]
