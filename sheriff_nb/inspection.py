"""Deprecated path, kept for one release: the pure rule functions of a bag are in
:mod:`sheriff_nb.engine.inspection`."""

from .engine.inspection import *  # noqa: F403
from .engine.inspection import __all__  # noqa: F401
