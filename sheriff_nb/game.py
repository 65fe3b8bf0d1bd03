"""Deprecated path, kept for one release: the game is in :mod:`sheriff_nb.engine.game` (``sheriff_nb.Game``)."""

from .engine.game import START_GOLD, STAT_NAMES, Game, LegalActions, Phase
from .engine.save import SCHEMA

__all__ = ["Game", "Phase", "LegalActions", "START_GOLD", "STAT_NAMES", "SCHEMA"]
