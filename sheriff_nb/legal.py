"""Deprecated path, kept for one release: the legal actions are in :mod:`sheriff_nb.engine.legal`."""

from .engine.legal import *  # noqa: F403
from .engine.legal import __all__  # noqa: F401
