"""Deprecated path, kept for one release: score rows are in :mod:`sheriff_nb.engine.scoring`, the DataFrames
(``sn.score``, ``sn.king_queen``) in :mod:`sheriff_nb.score_tables`."""

from .engine.scoring import *  # noqa: F403
from .engine.scoring import __all__ as _rows
from .score_tables import game_scores, king_queen, score

__all__ = [*_rows, "score", "king_queen", "game_scores"]
