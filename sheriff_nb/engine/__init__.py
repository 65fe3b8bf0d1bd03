"""The rules engine: standard library only, so it is fast, easy to test and usable from a plain script.

Layers, each importing only those above it: :mod:`.errors` and :mod:`.validate`; :mod:`.options`; :mod:`.cards`;
:mod:`.actions`; the pure rule functions :mod:`.inspection` and :mod:`.scoring`; :mod:`.state` (one
:class:`GameState`) and :mod:`.setup`; the phases (:mod:`.phases`, one module each with ``check`` and ``apply``);
:mod:`.turns`, :mod:`.legal` and :mod:`.views`; :mod:`.notation` and :mod:`.save`; and :class:`Game`, the front.

>>> from sheriff_nb.engine import Game
>>> game = Game(players=3, seed=1)
>>> game.to_act(), game.awaited(game.sheriff)
([1], 'choose_first_merchant')
"""

from . import actions
from .actions import (
    ACTIONS,
    DECK,
    Accept,
    Action,
    ChooseFirstMerchant,
    ClaimBlackMarket,
    Declare,
    DiscardConfiscated,
    Inspect,
    Load,
    Market,
    Offer,
    Pass,
    PassRemaining,
    PickUpBag,
    SplitBooty,
    action_from_dict,
)
from .cards import GOODS, Good, card, card_id, cards, deck
from .errors import (
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
from .game import Game
from .inspection import Inspection, Payment, check_bag, check_declaration, inspect_bag, pay_debt
from .options import RuleOptions
from .scoring import KING_QUEEN, king_queen_awards, legal_counts, score_rows
from .state import START_GOLD, STAT_NAMES, GameState, Phase
from .turns import AWAITED

__all__ = [
    "actions",
    "ACTIONS",
    "DECK",
    "Action",
    "ChooseFirstMerchant",
    "Market",
    "Load",
    "Declare",
    "Offer",
    "Accept",
    "PickUpBag",
    "Pass",
    "Inspect",
    "DiscardConfiscated",
    "PassRemaining",
    "SplitBooty",
    "ClaimBlackMarket",
    "action_from_dict",
    "GOODS",
    "Good",
    "card",
    "card_id",
    "cards",
    "deck",
    "RuleError",
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
    "Game",
    "GameState",
    "Phase",
    "START_GOLD",
    "STAT_NAMES",
    "AWAITED",
    "Inspection",
    "Payment",
    "check_bag",
    "check_declaration",
    "inspect_bag",
    "pay_debt",
    "RuleOptions",
    "KING_QUEEN",
    "king_queen_awards",
    "legal_counts",
    "score_rows",
]
