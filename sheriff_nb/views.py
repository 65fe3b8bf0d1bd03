"""Deprecated path, kept for one release: what a player sees are in :mod:`sheriff_nb.engine.views`."""

from .engine.views import *  # noqa: F403
from .engine.views import __all__  # noqa: F401
