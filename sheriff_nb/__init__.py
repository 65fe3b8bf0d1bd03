"""sheriff_nb: the rules and the game theory of *Sheriff of Nottingham*, for notebooks.

>>> import sheriff_nb as sn
>>> sn.card("crossbow").value
9
>>> sum(sn.deck(edition=2, players=3, royal=True).values())
162
"""

from typing import Any

from .engine import actions
from .engine.actions import (
    Accept,
    Action,
    ChooseFirstMerchant,
    Declare,
    DiscardConfiscated,
    Inspect,
    Load,
    Market,
    Offer,
    Pass,
    PassRemaining,
    PickUpBag,
)
from .engine.cards import GOODS, Good, card, card_id, cards, deck
from .engine.errors import (
    ArgumentError,
    BagSizeError,
    BribeError,
    DeclarationError,
    InspectionError,
    MarketError,
    NotationError,
    NotInHandError,
    NotYourTurnError,
    OutOfPhaseError,
    RuleError,
    SaveFileError,
    SetupError,
    UnknownCardError,
)
from .engine.game import Game, Phase
from .engine.inspection import Inspection, inspect_bag, pay_debt
from .engine.options import RuleOptions
from .theory.score_tables import game_scores, king_queen, score

#: the teaching API's modules, loaded when first used (pandas, Altair, ipywidgets): short name -> path in the package
_LAZY_MODULES = {
    "analysis": "theory.analysis",
    "signals": "theory.signals",
    "charts": "ui.charts",
    "display": "ui.display",
    "widgets": "ui.widgets",
}


def __getattr__(name: str) -> Any:
    """Load the heavier layers (pandas, Altair, ipywidgets) only when first used.

    >>> sn = __import__("sheriff_nb")
    >>> sn.simulate.__module__, sn.analysis.__name__, sn.widgets.__name__
    ('sheriff_nb.play.simulation', 'sheriff_nb.theory.analysis', 'sheriff_nb.ui.widgets')
    >>> sn.bots
    Traceback (most recent call last):
    ...
    AttributeError: module 'sheriff_nb' has no attribute 'bots'
    """
    import importlib

    if name == "simulate":
        return importlib.import_module(".play.simulation", __name__).simulate
    if name in ("charts", "display", "widgets"):  # what shows charts: the chart cache plugged into the display seam
        importlib.import_module(".app.chart_cache", __name__).install()
    if name in _LAZY_MODULES:
        return importlib.import_module(f".{_LAZY_MODULES[name]}", __name__)
    raise AttributeError(f"module 'sheriff_nb' has no attribute {name!r}")


__all__ = [
    "GOODS",
    "Good",
    "card",
    "card_id",
    "cards",
    "deck",
    "Inspection",
    "inspect_bag",
    "pay_debt",
    "RuleError",
    "RuleOptions",
    "SetupError",
    "UnknownCardError",
    "OutOfPhaseError",
    "NotYourTurnError",
    "MarketError",
    "NotInHandError",
    "BagSizeError",
    "DeclarationError",
    "BribeError",
    "InspectionError",
    "SaveFileError",
    "NotationError",
    "ArgumentError",
    "king_queen",
    "score",
    "game_scores",
    "Game",
    "Phase",
    "actions",
    "simulate",
    "Action",
    "ChooseFirstMerchant",
    "Market",
    "Load",
    "Declare",
    "Offer",
    "Accept",
    "Pass",
    "Inspect",
    "PassRemaining",
    "DiscardConfiscated",
    "PickUpBag",
]
