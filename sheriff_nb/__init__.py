"""sheriff_nb: the rules and the game theory of *Sheriff of Nottingham*, for notebooks.

>>> import sheriff_nb as sn
>>> sn.card("crossbow").value
9
>>> sum(sn.deck(edition=2, players=3, royal=True).values())
162
"""

from .cards import GOODS, Good, card, card_id, cards, deck
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

__all__ = [
    "GOODS", "Good", "card", "card_id", "cards", "deck",
    "Inspection", "inspect_bag", "pay_debt",
    "RuleError", "RuleOptions", "SetupError", "UnknownCardError", "OutOfPhaseError", "NotYourTurnError",
    "MarketError", "NotInHandError", "BagSizeError", "DeclarationError", "BribeError", "InspectionError",
    "SaveFileError",
    "king_queen", "score",
]
