"""The one "place your bets" of every lesson: :func:`bet` and its registry :data:`BETS`.

A bet's key is ``"NN.name"``: ``NN`` is the lesson's two-digit number (the prefix of its notebook,
``16_second_edition.ipynb`` -> ``16``) and ``name`` the bet within that lesson (lower case and underscores), e.g.
``"01.contraband_share"``, ``"08.equilibrium"``, ``"12.equilibrium"``, ``"16.split"``.  Each lesson's module
registers its builders with :func:`register`; a builder takes no argument and returns ``(question, options, answer,
explanation)``, the answer computed from the engine or the theory when it is built, so it cannot drift from the API.
The widget is always a :class:`~sheriff_nb.ui.widgets.bet_widget.Prediction`.

>>> import sheriff_nb as sn
>>> sn.widgets.bet("16.split").answer
'Sir Guy −6, Maid Marion 0'
>>> sn.widgets.bet("16.splt")
Traceback (most recent call last):
...
ValueError: no bet '16.splt'; lesson 16's bets: 16.black_market, 16.booty, 16.split, 16.time
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .bet_widget import Prediction

__all__ = ["BETS", "KEY", "bet", "lesson_bets", "register"]

Builder = Callable[[], Sequence[Any]]
BETS: dict[str, Builder] = {}
"""Every lesson's bets: key ``"NN.name"`` -> builder of ``(question, options, answer, explanation)``."""
KEY = re.compile(r"(\d\d)\.([a-z][a-z0-9_]*)")
"""The shape of a key: the lesson's two-digit number, a dot, the bet's name."""


def register(key: str) -> Callable[[Builder], Builder]:
    """A decorator that files a builder under ``key`` in :data:`BETS` (and returns it unchanged).

    >>> @register("99.two_plus_two")
    ... def _sum():
    ...     return "2 + 2?", ["3", "4"], "4", "Count them."
    >>> bet("99.two_plus_two").answer
    '4'
    >>> register("99.two_plus_two")(_sum)
    Traceback (most recent call last):
    ...
    ValueError: the bet '99.two_plus_two' is registered twice
    >>> register("two")
    Traceback (most recent call last):
    ...
    ValueError: a bet's key is 'NN.name' (the lesson's two-digit number, a dot, lower-case name): 'two'
    >>> del BETS["99.two_plus_two"]
    """
    if not KEY.fullmatch(key):
        raise ValueError(f"a bet's key is 'NN.name' (the lesson's two-digit number, a dot, lower-case name): {key!r}")
    if key in BETS:
        raise ValueError(f"the bet {key!r} is registered twice")

    def file(builder: Builder) -> Builder:
        BETS[key] = builder
        return builder

    return file


def lesson_bets(lesson: str) -> list[str]:
    """The keys of lesson ``lesson``'s bets (``"16"``), sorted.

    >>> lesson_bets("03")
    ['03.six_cards']
    """
    return sorted(key for key in BETS if key.split(".")[0] == lesson)


def _unknown(key: str) -> str:
    """Why ``key`` names no bet, with the keys that could be meant."""
    lesson = key.split(".")[0] if "." in key else ""
    if lesson_bets(lesson):
        return f"no bet {key!r}; lesson {lesson}'s bets: {', '.join(lesson_bets(lesson))}"
    near = sorted(k for k in BETS if k.split(".", 1)[1] == key.split(".")[-1])
    lessons = sorted({k.split(".")[0] for k in BETS})
    hint = f"; did you mean {' or '.join(near)}?" if near else f"; lessons with bets: {', '.join(lessons)}"
    return f"no bet {key!r}: a key is 'NN.name', the lesson's two-digit number and the bet{hint}"


def bet(key: str, reveals: Iterable[Any] = ()) -> Prediction:
    """``sn.widgets.bet("NN.name", reveals=[...])``: a lesson's ready-made "place your bets" (:data:`BETS`), its
    answer computed when built. The key is ``"NN.name"``: ``NN`` the lesson's two-digit number (its notebook's
    prefix), ``name`` the bet in that lesson. Whatever answers it (an explorer, a chart, a table) goes in ``reveals``
    and stays hidden until Reveal; a worked example is the Markdown cell after the bet's, tagged
    ``held-until-reveal``, which the lesson page shows at the same moment.

    >>> import ipywidgets as W
    >>> b = bet("08.fine", reveals=[W.HTML("Both move.")]); b.answer, b.answer_area.layout.display
    ('both', 'none')
    >>> b.choice.value = "both"; b.reveal(), b.answer_area.layout.display
    (True, 'flex')
    >>> bet("16.splt")
    Traceback (most recent call last):
    ...
    ValueError: no bet '16.splt'; lesson 16's bets: 16.black_market, 16.booty, 16.split, 16.time
    >>> bet("split")
    Traceback (most recent call last):
    ...
    ValueError: no bet 'split': a key is 'NN.name', the lesson's two-digit number and the bet; did you mean 16.split?
    """
    if key not in BETS:
        raise ValueError(_unknown(key))
    return Prediction(*BETS[key](), reveals=reveals)
