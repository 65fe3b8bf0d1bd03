"""Score tables for the lessons: the engine's plain score rows (:mod:`sheriff_nb.engine.scoring`) as pandas
DataFrames (``sn.score``, ``sn.king_queen``, and a finished game's table).

>>> stands = {"Will": {"cheese": 10, "gouda_cheese": 1}, "Marion": {"cheese": 11}}
>>> king_queen(stands)[["good", "title", "players", "bonus"]].values.tolist()
[['cheese', 'King', ['Will'], 15], ['cheese', 'Queen', ['Marion'], 10]]
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING

from ..engine.scoring import king_queen_awards, score_rows

if TYPE_CHECKING:
    import pandas as pd

    from ..engine.game import Game

COLUMNS = ["goods", "gold", "bonus", "total", "rank", "legal", "contraband"]


def score(
    stands: Mapping[Hashable, Mapping[str, int]],
    gold: Mapping[Hashable, int],
    black_market: Mapping[Hashable, Sequence[int]] | None = None,
) -> pd.DataFrame:
    """Final scores as a pandas DataFrame indexed by player.

    Columns ``goods`` (points of every card on the stand), ``gold``, ``bonus`` (King/Queen),
    ``total``, ``rank`` (1 = winner; equal ranks share the win), plus ``legal`` and
    ``contraband`` card counts used by the tie-breaks.  Cards may be named by id or display name.  The 2nd-edition
    rulebook's scoring example (David of Doncaster):

    >>> david = {"apples": 4, "cheese": 6, "bread": 1, "chickens": 4, "pepper": 2, "crossbow": 1}
    >>> others = {"Rival": {"chickens": 4, "cheese": 1, "apples": 5, "bread": 2},
    ...           "Third": {"Chickens": 9, "Apples": 5, "bread": 2}}
    >>> table = score({"David": david, **others}, {"David": 42, "Rival": 0, "Third": 0})
    >>> int(table.loc["David", "total"]), int(table.loc["David", "bonus"])
    (125, 17)
    """
    import pandas as pd

    rows = score_rows(stands, gold, black_market)
    frame = pd.DataFrame.from_dict(rows, orient="index", columns=COLUMNS)
    frame.index.name = "player"
    return frame


def king_queen(stands: Mapping[Hashable, Mapping[str, int]]) -> pd.DataFrame:
    """Who is King and Queen of each legal good, as a DataFrame (``good, title, players, count, bonus``).

    ``bonus`` is what each listed player receives.

    >>> king_queen({"a": {"bread": 2}, "b": {"bread": 2}, "c": {"bread": 2}, "d": {"bread": 2}}).bonus.tolist()
    [6]
    """
    import pandas as pd

    return pd.DataFrame(king_queen_awards(stands), columns=["good", "title", "players", "count", "bonus"])


def game_scores(game: Game) -> pd.DataFrame:
    """A game's scores as a DataFrame (``goods, gold, bonus, total, rank``) indexed by player name; hands score
    nothing.

    >>> from sheriff_nb.engine import Game
    >>> game_scores(Game(players=3, names=["Robin", "Marion", "John"])).total.tolist()
    [50, 50, 50]
    """
    state = game.state
    claimed: dict[Hashable, list[int]] | None = (
        {name: [v for _, v in cards] for name, cards in zip(state.names, state.claimed, strict=True)}
        if state.black_market
        else None
    )
    return score(
        {name: game.stands[seat] for seat, name in enumerate(state.names)},
        dict(zip(state.names, state.gold, strict=True)),
        claimed,
    )


__all__ = ["score", "king_queen", "game_scores"]
