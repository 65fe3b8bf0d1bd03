"""sheriff_nb: the rules and the game theory of *Sheriff of Nottingham*, for notebooks.

>>> import sheriff_nb as sn
>>> sn.card("crossbow").value
9
>>> sum(sn.deck(edition=2, players=3, royal=True).values())
162
"""

from . import actions
from .actions import (
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
)
from .cards import GOODS, Good, card, card_id, cards, deck
from .game import Game, Phase
from .inspection import Inspection, inspect_bag, pay_debt
from .rules import (
    BagSizeError,
    BribeError,
    DeclarationError,
    InspectionError,
    MarketError,
    NotInHandError,
    NotYourTurnError,
    OutOfPhaseError,
    RuleError,
    RuleOptions,
    SaveFileError,
    SetupError,
    UnknownCardError,
)
from .scoring import king_queen, score

_LAZY_MODULES = {"analysis", "bots", "driver", "simulation", "charts", "widgets", "display", "i18n", "research"}


def __getattr__(name: str):
    """Load the heavier layers (pandas, Altair, ipywidgets) only when first used.

    >>> sn = __import__("sheriff_nb")
    >>> sn.simulate.__module__, sn.analysis.__name__
    ('sheriff_nb.simulation', 'sheriff_nb.analysis')
    """
    import importlib

    if name == "simulate":
        return importlib.import_module(".simulation", __name__).simulate
    if name in _LAZY_MODULES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'sheriff_nb' has no attribute {name!r}")

__all__ = [
    "GOODS", "Good", "card", "card_id", "cards", "deck",
    "Inspection", "inspect_bag", "pay_debt",
    "RuleError", "RuleOptions", "SetupError", "UnknownCardError", "OutOfPhaseError", "NotYourTurnError",
    "MarketError", "NotInHandError", "BagSizeError", "DeclarationError", "BribeError", "InspectionError",
    "SaveFileError",
    "king_queen", "score", "Game", "Phase", "actions", "simulate",
    "Action", "ChooseFirstMerchant", "Market", "Load", "Declare", "Offer", "Accept", "Pass", "Inspect", "PassRemaining",
    "DiscardConfiscated",
]
