"""Deprecated path, kept for one release: the Inspection phase is in :mod:`sheriff_nb.engine.phases.inspection`
(bags and decisions) and :mod:`sheriff_nb.engine.phases.deals` (offers and deals)."""

from .engine.phases.deals import *  # noqa: F403
from .engine.phases.deals import __all__ as _deals
from .engine.phases.inspection import *  # noqa: F403
from .engine.phases.inspection import __all__ as _inspection

__all__ = [*_deals, *_inspection]
