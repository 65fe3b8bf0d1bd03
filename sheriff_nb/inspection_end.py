"""Deprecated path, kept for one release: the end of the Inspection is in
:mod:`sheriff_nb.engine.phases.inspection_end`."""

from .engine.phases.inspection_end import *  # noqa: F403
from .engine.phases.inspection_end import __all__  # noqa: F401
