"""Game options: which edition, how many players, which optional rules and modules (rules reference: Setup, Game length,
the 2nd edition's modules, Rulings).

Every option is checked when the options are made; a value the rules do not allow raises
:class:`~sheriff_nb.engine.errors.SetupError`, a value of the wrong type
:class:`~sheriff_nb.engine.errors.ArgumentError`:

>>> RuleOptions(edition=2, players=4).rounds
8
>>> RuleOptions(edition=True)
Traceback (most recent call last):
...
sheriff_nb.engine.errors.ArgumentError: edition must be a whole number, not True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from .errors import SetupError
from .validate import flag, whole

ROUNDS_PER_SHERIFF = {3: 3, 4: 2, 5: 2, 6: 3}
"""How many times each player is sheriff (rules reference, section Game length; six players: deputy, two a round)."""
MAX_PLAYERS = max(ROUNDS_PER_SHERIFF)
"""The largest table: six players."""
MAX_SEAT = MAX_PLAYERS - 1
"""The highest seat of any game (seats 0 to 5): an action names a seat in this range before the game checks that it
is one of its own."""
START_GOLD = 50
"""Gold each player starts with (rules reference, section Setup)."""
MAX_GOLD = START_GOLD * MAX_PLAYERS
"""All the gold of the largest game (300): gold is never made during a game, so no one owns or offers more."""
MAX_VALUE = 99
"""The highest value of a Black Market card a teacher may enter.  No source we found prints the values; a card worth
more than 99 points would decide any game by itself."""
BLACK_MARKET_TYPES = ("pepper", "mead", "silk", "crossbow")
"""Contraband that can have a Black Market pile (royal goods never count toward a claim).  The rulebook names only
Pepper, in an example: a teacher's table picks any 3 of these (rules reference, ruling black-market)."""


@dataclass(frozen=True)
class RuleOptions:
    """Everything that decides which rules a game uses.

    ``remove_four_plus`` defaults to "only with 3 players" (rules reference, ruling three-players-first-edition:
    configurable in the 1st edition). ``hand_size=7``, ``remove_random=10`` and ``time_limit`` are the 2nd edition's
    optional rules, refused in the 1st, whose rulebook lacks them (rules reference, ruling
    optional-rules-first-edition); ``royal`` adds the 12 royal goods (both editions).

    >>> RuleOptions(edition=1, players=3).rounds
    9
    >>> RuleOptions(edition=1, hand_size=7)
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.SetupError: the 7-card hand is an optional rule of the 2nd edition only
    """

    edition: int = 2
    players: int = 4
    royal: bool = False
    hand_size: int = 6
    remove_random: int = 0
    time_limit: bool = False
    remove_four_plus: bool | None = None
    black_market: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        edition, players = check_edition(self.edition), check_players(self.players)
        four_plus = self.remove_four_plus
        checked = {
            "edition": edition,
            "players": players,
            "royal": flag(self.royal, "royal"),
            "hand_size": whole(self.hand_size, "hand_size"),
            "remove_random": whole(self.remove_random, "remove_random"),
            "time_limit": flag(self.time_limit, "time_limit"),
            "remove_four_plus": None if four_plus is None else flag(four_plus, "remove_four_plus"),
        }
        for name, value in checked.items():
            object.__setattr__(self, name, value)
        if self.players == 6 and self.edition == 1:
            raise SetupError("six players (with two deputies) is a rule of the 2nd edition only")
        object.__setattr__(self, "black_market", black_market_table(self.black_market))
        if self.black_market and self.edition == 1:
            raise SetupError("the Black Market is a module of the 2nd edition only")
        if self.hand_size not in (6, 7):
            raise SetupError(
                "hands hold 6 cards (7 with the optional rule); not {hand_size!r}", hand_size=self.hand_size
            )
        if self.remove_random not in (0, 10):
            raise SetupError(
                "the optional rule removes exactly 10 random cards; not {remove_random!r}",
                remove_random=self.remove_random,
            )
        if self.edition == 1:
            for used, name in (
                (self.hand_size == 7, "the 7-card hand"),
                (self.remove_random, "removing 10 random cards"),
                (self.time_limit, "the inspection time limit"),
            ):
                if used:
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

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON-ready data."""
        data = asdict(self)
        data["black_market"] = [[good, list(values)] for good, values in self.black_market]
        return data


def check_edition(edition: object) -> int:
    """The edition as 1 or 2; anything else raises.

    >>> check_edition(3)
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.SetupError: there are two editions, 1 (2014) and 2 (2020); not 3
    """
    edition = whole(edition, "edition")
    if edition not in (1, 2):
        raise SetupError("there are two editions, 1 (2014) and 2 (2020); not {edition!r}", edition=edition)
    return edition


def check_players(players: object) -> int:
    """The number of players, 3 to 6; anything else raises.

    >>> check_players(-5)
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.SetupError: the game plays 3 to 6 players; not -5
    """
    players = whole(players, "players")
    if players not in ROUNDS_PER_SHERIFF:
        raise SetupError("the game plays 3 to 6 players; not {players!r}", players=players)
    return players


def black_market_table(table: Any) -> tuple[Any, ...]:
    """Check a Black Market card table and return it as ``((good, (values...)), ...)``.

    The values of the Black Market cards are printed on cards no source we found lists (rules
    reference, ruling black-market), so a teacher with the box enters them: three piles, one per contraband type, two
    cards each.  A pile is given as ``good: [value, value]`` (a dict) or ``(good, [values])`` pairs.

    >>> black_market_table({"pepper": [10, 14], "mead": [12, 16], "silk": [14, 18]})[0]
    ('pepper', (10, 14))
    >>> black_market_table({"pepper": [10, 14]})
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.SetupError: the Black Market has 3 piles, one per contraband type; this table has 1
    """
    if table is None or (isinstance(table, (dict, list, tuple)) and not table):
        return ()
    if not isinstance(table, (dict, list, tuple)):
        raise SetupError(
            "a Black Market table is a dict good -> [value, value], or (good, values) pairs; not {table!r}", table=table
        )
    items = list(table.items()) if isinstance(table, dict) else list(table)
    piles = []
    for item in items:
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            raise SetupError("a Black Market pile is a contraband good and its card values; not {item!r}", item=item)
        good, values = item
        if not isinstance(good, str) or good not in BLACK_MARKET_TYPES:
            raise SetupError(
                "Black Market piles are of contraband ({black_market_types}); not {good!r}",
                black_market_types=", ".join(BLACK_MARKET_TYPES),
                good=good,
            )
        if (
            not isinstance(values, (list, tuple))
            or len(values) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 < v <= MAX_VALUE for v in values)
        ):
            raise SetupError(
                "each Black Market pile holds 2 cards with positive whole values (at most {high}); {good} has {values!r}",
                high=MAX_VALUE,
                good=good,
                values=values,
            )
        piles.append((good, tuple(sorted(values))))
    if len(piles) != 3:
        raise SetupError(
            "the Black Market has 3 piles, one per contraband type; this table has {piles}", piles=len(piles)
        )
    if len({good for good, _ in piles}) != 3:
        raise SetupError("the Black Market's 3 piles must be of 3 different contraband types")
    return tuple(piles)


__all__ = [
    "RuleOptions",
    "ROUNDS_PER_SHERIFF",
    "BLACK_MARKET_TYPES",
    "black_market_table",
    "check_edition",
    "check_players",
    "MAX_PLAYERS",
    "MAX_SEAT",
    "START_GOLD",
    "MAX_GOLD",
    "MAX_VALUE",
]
