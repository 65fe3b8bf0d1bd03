"""Deprecated path, kept for one release: the goods cards are in :mod:`sheriff_nb.engine.cards`."""

from .engine.cards import *  # noqa: F403
from .engine.cards import __all__  # noqa: F401
