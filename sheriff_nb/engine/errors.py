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

import math
from typing import Any, Self


class RuleError(ValueError):
    """A move or input the rulebook does not allow. The message says which rule.

    The message is a template with named ``{fields}`` filled in from keyword arguments; the error keeps both, so the
    widgets show it in the reader's language (:func:`sheriff_nb.ui.i18n.rule_message` translates the template, a
    gettext msgid, and then fills in the fields) while ``str(error)`` stays the English sentence:

    >>> error = BagSizeError("a bag holds {low} to {high} cards; this one holds {size}", low=1, high=5, size=6)
    >>> str(error), error.template, error.fields["size"]
    ('a bag holds 1 to 5 cards; this one holds 6', 'a bag holds {low} to {high} cards; this one holds {size}', 6)
    >>> RuleError("no fields: the message is the template").template
    'no fields: the message is the template'
    """

    def __init__(self, template: str = "", /, **fields: object) -> None:
        fields = {key: shown(value) for key, value in fields.items()}
        self.template, self.fields = template, fields
        super().__init__(template.format(**fields) if fields else template)

    def phrase(self) -> Phrase:
        """The message as a :class:`Phrase`: a string that is the English sentence and keeps the template and
        fields, so a result that records a refusal can still be shown in the reader's language.

        >>> RuleError("at most {n} claims", n=1).phrase().template
        'at most {n} claims'
        """
        return Phrase(self.template, **self.fields)

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (by joblib's workers) with its fields, not as the bare sentence
        return _rebuild, (type(self), self.template, self.fields)


def _rebuild(cls: type[RuleError], template: str, fields: dict[str, Any]) -> RuleError:
    return cls(template, **fields)


class Phrase(str):
    """Words of a rule message made apart from it ("the sheriff (Will)", "load a bag"): the English text, which also
    keeps its template and fields, so that translating the message translates these words too.  ``Phrase("...")``
    marks the words for the catalogues (a gettext keyword, like a :class:`RuleError`'s template).

    >>> words = Phrase("the sheriff ({name})", name="Will")
    >>> words, words.template, f"only {words} may inspect"
    ('the sheriff (Will)', 'the sheriff ({name})', 'only the sheriff (Will) may inspect')
    """

    template: str
    fields: dict[str, Any]

    def __new__(cls, template: str, /, **fields: object) -> Self:
        fields = {key: shown(value) for key, value in fields.items()}
        self = super().__new__(cls, template.format(**fields) if fields else template)
        self.template, self.fields = template, fields
        return self


MAX_DIGITS = 30
"""The most digits a whole number shown in a message has; a longer one is shown by its size (Python refuses to
write an integer of more than 4,300 digits as text, and such a number is never a count, a seat or gold of a game)."""


class LongNumber(Phrase):
    """How a message shows a whole number of more than :data:`MAX_DIGITS` digits: by its size, the same with or
    without ``!r``.

    >>> error = ArgumentError("seat must be 0 to 5, not {seat!r}", seat=-(10**5000))
    >>> str(error)
    'seat must be 0 to 5, not a negative number of 5,001 digits'
    """

    def __new__(cls, words: Phrase) -> LongNumber:  # made from a Phrase, which marks the words for the catalogues
        return super().__new__(cls, words.template, **words.fields)

    def __repr__(self) -> str:
        return str(self)


def shown(value: object) -> object:
    """``value`` as a message shows it: itself, or a :class:`LongNumber` for a whole number too long to write.

    >>> shown(12), shown(10**40), shown([2, -(10**40)])
    (12, a number of 41 digits, [2, a negative number of 41 digits])
    """
    if type(value) is list or type(value) is tuple:
        return type(value)(map(shown, value))
    if type(value) is not int or -(10**MAX_DIGITS) < value < 10**MAX_DIGITS:
        return value
    size = abs(value)
    digits = int(math.log10(size)) + 1  # the float logarithm can be one off: settle it exactly
    digits += (size >= 10**digits) - (size < 10 ** (digits - 1))
    if value < 0:
        return LongNumber(Phrase("a negative number of {digits:,} digits", digits=digits))
    return LongNumber(Phrase("a number of {digits:,} digits", digits=digits))


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
    "RuleError",
    "Phrase",
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
    "LongNumber",
    "shown",
    "MAX_DIGITS",
]
