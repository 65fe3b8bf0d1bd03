"""Deprecated path, kept for one release: options are in :mod:`sheriff_nb.engine.options`, the RuleError family in
:mod:`sheriff_nb.engine.errors`."""

from .engine.errors import *  # noqa: F403
from .engine.errors import __all__ as _errors
from .engine.options import *  # noqa: F403
from .engine.options import __all__ as _options

__all__ = [*_errors, *_options]
