"""Numbers stated by ``10_tournament`` (what its experiments reveal is checked by tests/ui/test_findings.py)."""

from sheriff_nb.ui.widgets import findings

from . import Claim, percent
from .seats import seat_claims

L = "10_tournament"
TABLE = ["honest", "smuggler", "bluffer", "briber", "suspicious"]  # the dashboard's default table (five seats)

CLAIMS = [
    Claim(
        L,
        "With {} players, a character that wins {} of its games gets exactly its fair share",
        lambda: (len(TABLE), percent(1 / len(TABLE))),
    ),
    Claim(L, "the answer comes from {} games per table", lambda: findings.GAMES),
    Claim(L, "the same tables above ({} games) show the same numbers", lambda: findings.GAMES),
    *seat_claims(L),
]
