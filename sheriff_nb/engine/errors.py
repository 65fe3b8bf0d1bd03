"""The :class:`RuleError` family: one subclass per kind of broken rule.

Every message names the rule in plain words, because newcomers learn the game from them, and a refused input
leaves the game exactly as it was:

>>> raise BagSizeError("a bag holds 1 to 5 cards; this one holds 6")
Traceback (most recent call last):
...
sheriff_nb.engine.errors.BagSizeError: a bag holds 1 to 5 cards; this one holds 6
>>> issubclass(BagSizeError, RuleError) and issubclass(RuleError, ValueError)
True
>>> issubclass(ArgumentError, TypeError)        # a value of the wrong type is a TypeError too
True
"""

from __future__ import annotations


class RuleError(ValueError):
    """A move or input the rulebook does not allow. The message says which rule."""


class SetupError(RuleError):
    """Game options the rules do not allow (player count, edition, optional rules)."""


class UnknownCardError(RuleError):
    """A name that is not one of the goods cards."""


class OutOfPhaseError(RuleError):
    """An action made in the wrong phase of the round."""


class NotYourTurnError(RuleError):
    """An action by a player who may not act now (wrong seat, sheriff acting as merchant, ...)."""


class MarketError(RuleError):
    """A Market move the rules forbid (too many cards set aside, a discard drawn after the deck, ...)."""


class NotInHandError(RuleError):
    """Cards that are not in the player's hand."""


class BagSizeError(RuleError):
    """A bag with fewer than 1 or more than 5 cards."""


class DeclarationError(RuleError):
    """A declaration that is not exactly one legal good with the true card count."""


class BribeError(RuleError):
    """A bribe or deal the rules forbid (hand cards, more gold than you own, a closed bag, ...)."""


class InspectionError(RuleError):
    """A sheriff's decision the rules forbid (a bag handled twice, a binding deal broken, ...)."""


class SaveFileError(RuleError):
    """A saved game that cannot be read: malformed, another schema version, or inconsistent."""


class NotationError(SaveFileError):
    """A one-line position (:mod:`sheriff_nb.engine.notation`) that cannot be read."""


class ArgumentError(RuleError, TypeError):
    """An argument of the wrong type or out of its range: a seat that is ``True`` or ``1.0``, a card that is not a
    name, a negative count.  The message names the parameter and what it must be."""


__all__ = [
    "RuleError", "SetupError", "UnknownCardError", "OutOfPhaseError", "NotYourTurnError", "MarketError",
    "NotInHandError", "BagSizeError", "DeclarationError", "BribeError", "InspectionError", "SaveFileError",
    "NotationError", "ArgumentError",
]
