"""One bag's inspection game as a Gambit extensive-form file (``.efg``), to open in Gambit's graphical interface or
read with ``pygambit`` (lesson 13, the game in Gambit: Gambit's "simple poker" tree is Sheriff's skeleton).

The tree: the merchant moves first (``honest`` or ``lie``); the sheriff then chooses ``pass`` or ``inspect`` without
seeing that choice (both of his nodes are in one information set: he sees only the declaration).  The payoffs are
the players' exact utilities in :class:`~sheriff_nb.theory.analysis.InspectionGame`, written as integers or fractions
(``72/7``), so Gambit's rational solvers find the same equilibrium exactly.  The format is Gambit's documented
``EFG 2 R`` text (https://gambitproject.readthedocs.io/en/latest/formats.html).

>>> from sheriff_nb import analysis as an
>>> print(efg_text(an.inspection_game({"apples": 2, "pepper": 2}, "apples")))
EFG 2 R "Sheriff of Nottingham: 2 Apples + 2 Pepper declared as 4 Apples" { "merchant" "sheriff" }
"Honest bag: 4 Apples. Payoffs: merchant's gain (gold + stand value), sheriff's gold (w = 0, merchant_w = 0)."
<BLANKLINE>
p "" 1 1 "merchant's bag" { "honest" "lie" } 0
p "" 2 1 "sheriff sees 4 Apples declared" { "pass" "inspect" } 0
t "" 1 "honest, pass" { 8 0 }
t "" 2 "honest, inspect" { 16 -8 }
p "" 2 1 "sheriff sees 4 Apples declared" { "pass" "inspect" } 0
t "" 3 "lie, pass" { 16 0 }
t "" 4 "lie, inspect" { -4 8 }
<BLANKLINE>
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ..engine.card_names import english_goods, english_name

if TYPE_CHECKING:  # pragma: no cover
    from .inspection_game import InspectionGame

__all__ = ["efg_text", "PLAYERS", "MERCHANT_ACTIONS", "SHERIFF_ACTIONS"]

PLAYERS = ("merchant", "sheriff")
MERCHANT_ACTIONS = ("honest", "lie")
SHERIFF_ACTIONS = ("pass", "inspect")
_ROW = {"honest": 0, "lie": 1}
_COLUMN = {"inspect": 0, "pass": 1}  # the columns of InspectionGame's matrices


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _number(x: Fraction) -> str:
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def efg_text(game: InspectionGame) -> str:
    """The ``.efg`` text of ``game`` (see the module docstring); ``game.to_efg()`` calls this."""
    size = sum(game.bag.values())  # the goods are named in English whatever the widgets' language (a file is shared)
    declared = english_goods({game.declared: size}) if size else english_name(game.declared)
    contents = english_goods(game.bag)
    what = f"{contents} declared as {declared}" if size else "a model bag"
    if game.w or game.merchant_w:
        utilities = (
            f"Payoffs: utilities, the merchant's gain minus {game.merchant_w} x the sheriff's gold and the "
            f"sheriff's gold minus {game.w} x the merchant's gain"
        )
    else:
        utilities = "Payoffs: merchant's gain (gold + stand value), sheriff's gold"
    comment = (
        f"Honest bag: {declared}. " if size else ""
    ) + f"{utilities} (w = {game.w}, merchant_w = {game.merchant_w})."
    merchant_set = _quoted("merchant's bag")
    sheriff_set = _quoted(f"sheriff sees {declared} declared")
    actions = " ".join(_quoted(a) for a in SHERIFF_ACTIONS)
    lines = [
        f"EFG 2 R {_quoted('Sheriff of Nottingham: ' + what)} {{ {' '.join(map(_quoted, PLAYERS))} }}",
        _quoted(comment),
        "",
        f'p "" 1 1 {merchant_set} {{ {" ".join(_quoted(a) for a in MERCHANT_ACTIONS)} }} 0',
    ]
    outcome = 0
    for row in MERCHANT_ACTIONS:
        lines.append(f'p "" 2 1 {sheriff_set} {{ {actions} }} 0')
        for column in SHERIFF_ACTIONS:
            outcome += 1
            r, c = _ROW[row], _COLUMN[column]
            pay = f"{_number(game.merchant[r][c])} {_number(game.sheriff[r][c])}"
            lines.append(f't "" {outcome} {_quoted(f"{row}, {column}")} {{ {pay} }}')
    return "\n".join(lines) + "\n"
