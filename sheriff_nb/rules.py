"""Game options and the :class:`RuleError` family: one subclass per kind of broken rule.

Every message names the rule in plain words, because newcomers learn the game from them:

>>> raise BagSizeError("a bag holds 1 to 5 cards; this one holds 6")
Traceback (most recent call last):
...
sheriff_nb.rules.BagSizeError: a bag holds 1 to 5 cards; this one holds 6
>>> issubclass(BagSizeError, RuleError) and issubclass(RuleError, ValueError)
True
>>> RuleOptions(edition=2, players=4).rounds
8
"""

from __future__ import annotations

from dataclasses import asdict, dataclass


class RuleError(ValueError):
    """A move or input the rulebook does not allow. The message says which rule.

    The message is a template with named ``{fields}`` filled in from keyword arguments; the error keeps both, so the
    widgets show it in the reader's language (:func:`sheriff_nb.i18n.rule_message` translates the template, a
    gettext msgid, and then fills in the fields) while ``str(error)`` stays the English sentence:

    >>> error = BagSizeError("a bag holds {low} to {high} cards; this one holds {size}", low=1, high=5, size=6)
    >>> str(error), error.template, error.fields["size"]
    ('a bag holds 1 to 5 cards; this one holds 6', 'a bag holds {low} to {high} cards; this one holds {size}', 6)
    >>> RuleError("no fields: the message is the template").template
    'no fields: the message is the template'
    """

    def __init__(self, template: str = "", /, **fields) -> None:
        self.template, self.fields = template, fields
        super().__init__(template.format(**fields) if fields else template)

    def __reduce__(self):  # pickled (by joblib's workers) with its fields, not as the bare sentence
        return _rebuild, (type(self), self.template, self.fields)


def _rebuild(cls: type[RuleError], template: str, fields: dict) -> RuleError:
    return cls(template, **fields)


class Phrase(str):
    """English words the engine or the characters show, made apart from the message that shows them ("the sheriff
    (Will)" inside a rule message, a character's habit): the text itself, which also keeps its template and fields,
    so that the widgets translate it (:func:`sheriff_nb.i18n.rule_message`, ``t(phrase)``).  ``Phrase("...")`` marks
    the words for the catalogues (a gettext keyword, like a :class:`RuleError`'s template).

    >>> words = Phrase("the sheriff ({name})", name="Will")
    >>> words, words.template, f"only {words} may inspect"
    ('the sheriff (Will)', 'the sheriff ({name})', 'only the sheriff (Will) may inspect')
    """

    template: str
    fields: dict

    def __new__(cls, template: str, /, **fields) -> Phrase:
        self = super().__new__(cls, template.format(**fields) if fields else template)
        self.template, self.fields = template, fields
        return self


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


ROUNDS_PER_SHERIFF = {3: 3, 4: 2, 5: 2, 6: 3}
"""How many times each player is sheriff (RULES.md §4; six players: deputy, two a round)."""
BLACK_MARKET_TYPES = ("pepper", "mead", "silk", "crossbow")
"""Contraband that can have a Black Market pile (royal goods never count toward a claim).  The rulebook names only
Pepper, in an example: a teacher's table picks any 3 of these (README ruling)."""


@dataclass(frozen=True)
class RuleOptions:
    """Everything that decides which rules a game uses.

    ``remove_four_plus`` defaults to "only with 3 players" (RULES.md §9: configurable in the 1st
    edition). ``hand_size=7``, ``remove_random=10`` and ``time_limit`` are the 2nd edition's
    optional rules, refused in the 1st, whose rulebook lacks them (README ruling); ``royal`` adds the
    12 royal goods (both editions).

    >>> RuleOptions(edition=1, players=3).rounds
    9
    >>> RuleOptions(edition=1, hand_size=7)
    Traceback (most recent call last):
    ...
    sheriff_nb.rules.SetupError: the 7-card hand is an optional rule of the 2nd edition only
    """

    edition: int = 2
    players: int = 4
    royal: bool = False
    hand_size: int = 6
    remove_random: int = 0
    time_limit: bool = False
    remove_four_plus: bool | None = None
    black_market: tuple = ()

    def __post_init__(self) -> None:
        if self.edition not in (1, 2):
            raise SetupError("there are two editions, 1 (2014) and 2 (2020); not {edition!r}", edition=self.edition)
        if self.players not in ROUNDS_PER_SHERIFF:
            raise SetupError("the game plays 3 to 6 players; not {players!r}", players=self.players)
        if self.players == 6 and self.edition == 1:
            raise SetupError("six players (with two deputies) is a rule of the 2nd edition only")
        object.__setattr__(self, "black_market", black_market_table(self.black_market))
        if self.black_market and self.edition == 1:
            raise SetupError("the Black Market is a module of the 2nd edition only")
        if self.hand_size not in (6, 7):
            raise SetupError("hands hold 6 cards (7 with the optional rule); not {hand_size!r}",
                             hand_size=self.hand_size)
        if self.remove_random not in (0, 10):
            raise SetupError("the optional rule removes exactly 10 random cards; not {remove_random!r}",
                             remove_random=self.remove_random)
        if self.edition == 1:
            for flag, name in (
                (self.hand_size == 7, "the 7-card hand"),
                (self.remove_random, "removing 10 random cards"),
                (self.time_limit, "the inspection time limit"),
            ):
                if flag:
                    raise SetupError("{name} is an optional rule of the 2nd edition only", name=name)

    @property
    def deputies(self) -> bool:
        """Six players: two deputies share the sheriff's job each round."""
        return self.players == 6

    @property
    def rounds(self) -> int:
        """Rounds in a game: every player is sheriff 2 times (3 times with 3 players; six players:
        deputy 3 times, two deputies a round, 9 rounds)."""
        return self.players * ROUNDS_PER_SHERIFF[self.players] // (2 if self.deputies else 1)

    @property
    def inspection_minutes(self) -> int:
        """Optional time limit: one minute of Inspection per merchant (4 players: 3 minutes)."""
        return self.players - (2 if self.deputies else 1)

    @property
    def four_plus_removed(self) -> bool:
        """Whether the cards marked "4+" leave the deck."""
        return self.players == 3 if self.remove_four_plus is None else self.remove_four_plus

    def to_dict(self) -> dict:
        """The options as plain JSON-ready data."""
        data = asdict(self)
        data["black_market"] = [[good, list(values)] for good, values in self.black_market]
        return data


def black_market_table(table) -> tuple:
    """Check a Black Market card table and return it as ``((good, (values...)), ...)``.

    The values of the Black Market cards are printed on cards no source we found lists (RULES.md
    §8), so a teacher with the box enters them: three piles, one per contraband type, two cards
    each.  A pile is given as ``good: [value, value]`` (a dict) or ``(good, [values])`` pairs.

    >>> black_market_table({"pepper": [10, 14], "mead": [12, 16], "silk": [14, 18]})[0]
    ('pepper', (10, 14))
    >>> black_market_table({"pepper": [10, 14]})
    Traceback (most recent call last):
    ...
    sheriff_nb.rules.SetupError: the Black Market has 3 piles, one per contraband type; this table has 1
    """
    if not table:
        return ()
    items = list(table.items()) if isinstance(table, dict) else list(table)
    piles = []
    for item in items:
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            raise SetupError("a Black Market pile is a contraband good and its card values; not {item!r}", item=item)
        good, values = item
        if good not in BLACK_MARKET_TYPES:
            raise SetupError("Black Market piles are of contraband ({black_market_types}); not {good!r}",
                             black_market_types=', '.join(BLACK_MARKET_TYPES), good=good)
        if (not isinstance(values, (list, tuple)) or len(values) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in values)):
            raise SetupError("each Black Market pile holds 2 cards with positive whole values; {good} has {values!r}",
                             good=good, values=values)
        piles.append((good, tuple(sorted(values))))
    if len(piles) != 3:
        raise SetupError("the Black Market has 3 piles, one per contraband type; this table has {piles}",
                         piles=len(piles))
    if len({good for good, _ in piles}) != 3:
        raise SetupError("the Black Market's 3 piles must be of 3 different contraband types")
    return tuple(piles)
