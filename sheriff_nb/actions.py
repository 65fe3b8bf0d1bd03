"""The actions of a game, the teaching API's ``sheriff_nb.actions`` (the code is in :mod:`sheriff_nb.engine.actions`).

>>> from sheriff_nb.actions import Market
>>> Market(1, ["Apple"])
Market(player=1, set_aside=('apples',), draws=(), onto=0)
"""

from .engine.actions import *  # noqa: F403
from .engine.actions import __all__  # noqa: F401
