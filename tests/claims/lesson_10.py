"""Numbers stated by ``10_tournament``, the tournaments' findings recomputed here with :func:`sheriff_nb.simulate`."""

from functools import cache

import sheriff_nb as sn
from sheriff_nb.charts import win_rates
from sheriff_nb.widgets import findings

from . import Claim, percent
from .seats import seat_claims

L = "10_tournament"
TABLE = ["honest", "smuggler", "bluffer", "briber", "suspicious"]  # the dashboard's default table (five seats)
GAMES = 200


@cache
def _frame(lineup: tuple, games: int = GAMES):
    return sn.simulate(games, players=len(lineup), strategies=list(lineup), seed=0)


def _bluffer():
    rates = win_rates(_frame(tuple(TABLE))).set_index("strategy")
    return (f"{rates.loc['bluffer', 'wins']:g}", GAMES, f"{rates.loc['bluffer', 'win_rate']:.1%}",
            percent(rates.loc["bluffer", "fair_share"]))


def _sheriff_loss(seat: str):
    frame = _frame((seat,) * 5)
    return f"{-frame['sheriff_gold'].mean() + 0.0:.1f}"


CLAIMS = [
    Claim(L, "With {} players, a character that wins {} of its games gets exactly its fair share",
          lambda: (len(TABLE), percent(1 / len(TABLE)))),
    Claim(L, "the answer comes from {} games per table", lambda: findings.GAMES),
    Claim(L, "the same tables above ({} games) show the same numbers", lambda: findings.GAMES),
    Claim(L, "At the default table the Bluffer · Equilibrium sheriff won {} of its {} games ({}); a fair share is {}.",
          _bluffer),
    Claim(L, "At a table where all five seats are the Honest merchant · Equilibrium sheriff, every sheriff paid the "
             "honest merchants {} gold a game on average ({} games)", lambda: (_sheriff_loss("equilibrium"), GAMES)),
    Claim(L, "At a table where all five seats are the Honest merchant · Trusting sheriff, a sheriff lost {} gold a "
             "game",
          lambda: _sheriff_loss("honest")),
    *seat_claims(L),
]
