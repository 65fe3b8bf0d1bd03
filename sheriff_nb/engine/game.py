"""The :class:`Game`: a whole game of Sheriff of Nottingham, action by action.

A game is built from :class:`~sheriff_nb.engine.options.RuleOptions` and a seed.  ``apply(action)`` either raises a
:class:`~sheriff_nb.engine.errors.RuleError` and leaves the game exactly as it was, or changes it and appends an
event.  ``to_act()`` says whose move the game waits for.  A scripted round (4 players, 2nd edition):

>>> from sheriff_nb.engine.actions import *
>>> game = Game(players=4, edition=2, seed=1, first_sheriff=0)
>>> game.phase.value, game.sheriff, game.merchants, game.to_act()
('market', 0, [1, 2, 3], [0])
>>> _ = game.apply(ChooseFirstMerchant(0, merchant=1))
>>> for seat in game.merchants:
...     _ = game.apply(Market(seat))            # set nothing aside, draw nothing
>>> dict(game.hands[1])
{'bread': 1, 'chickens': 2, 'pepper': 1, 'silk': 2}
>>> game.apply(Load(1, ["chickens", "chickens", "silk", "silk", "silk"]))
Traceback (most recent call last):
...
sheriff_nb.engine.errors.NotInHandError: Player 2 does not hold 1 Silk in hand
>>> for seat, bag in [(1, "chickens chickens silk"), (2, "bread bread"), (3, "bread bread mead")]:
...     _ = game.apply(Load(seat, bag.split()))
>>> for seat, good, count in [(1, "chickens", 3), (2, "bread", 2), (3, "bread", 3)]:
...     _ = game.apply(Declare(seat, good, count))
>>> game.to_act(), game.awaited(0)                               # the sheriff picks up a bag
([0], 'pick_up_bag')
>>> _ = game.apply(Offer(3, merchant=3, gold=4))                 # a bribe...
>>> _ = game.apply(Offer(0, merchant=3, gold=6))                 # ...a counter-offer...
>>> _ = game.apply(Accept(3, merchant=3))                        # ...Deal!
>>> game.apply(Inspect(0, merchant=3))
Traceback (most recent call last):
...
sheriff_nb.engine.errors.InspectionError: the sheriff agreed in a deal to pass Player 4's bag this round; ...
>>> _ = game.apply(Pass(0, merchant=3))                          # the bribe is paid
>>> game.apply(Inspect(0, merchant=1))["gold_to_sheriff"]        # 3 chickens? 2 and a silk: fined 4
4
>>> game.apply(Inspect(0, merchant=2))["gold_to_sheriff"]        # honest: the sheriff pays 2 x 2
-4
>>> game.round, game.sheriff, game.gold
(1, 1, [56, 46, 54, 44])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import actions as A
from . import notation as N
from .cards import IDS, goods
from .errors import ArgumentError, NotYourTurnError, OutOfPhaseError, RuleError, SetupError, shown
from .legal import LegalActions
from .options import RuleOptions
from .phases import PHASE_OF
from .phases.deals import commitments, deal_officials
from .phases.inspection_end import waiting_for
from .phases.round_end import final_scores
from .save import read_save, write_save
from .setup import new_state
from .state import START_GOLD, STAT_NAMES, GameState, Phase
from .turns import awaited, to_act
from .validate import check_seed, whole
from .validate import names as check_names
from .views import PlayerView, public_event


class _Shown:
    """A read-only attribute of :class:`Game`: a fresh copy of a state field, with card numbers as card ids."""

    def __init__(self, convert: Callable[[Any], Any] | None = None, field: str | None = None) -> None:
        self.convert, self.field = convert, field

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self.field = self.field or name

    def __get__(self, game: Game | None, owner: type | None = None) -> Any:
        if game is None:
            return self
        value = getattr(game.state, self.name if self.field is None else self.field)
        return self.convert(value) if self.convert else value

    def __set__(self, game: Game, value: Any) -> None:
        raise AttributeError(
            f"Game.{self.name} is read-only: a game changes only through apply(); a position is "
            "set up with Game.from_notation()"
        )


def _ids(cards: list[int]) -> list[str]:
    return [IDS[c] for c in cards]


class Game:
    """One game: players sit in seats ``0 … players-1``; clockwise means the next seat up.

    ``Game(players=5, edition=1, royal=True, seed=7)`` is short for
    ``Game(RuleOptions(edition=1, players=5, royal=True), seed=7)``.  ``first_sheriff`` is a
    seat, or ``None`` to draw one at random from the seed.  With six players (2nd edition) two
    deputies a round are drawn from the shuffled deputy deck instead: ``sheriffs`` lists the
    round's officials (the lead deputy, seated first clockwise from seat 0, is ``sheriff``).  The seed is a whole
    number of at most 30 digits or a text of at most 200 characters
    (:func:`~sheriff_nb.engine.validate.check_seed`): every position and save writes it and reads it back.

    The whole position is ``game.state``, one :class:`~sheriff_nb.engine.state.GameState`; the attributes below
    (``hands``, ``gold``, ``pending``, ...) are read-only copies of its fields, with cards as card ids.
    """

    def __init__(
        self,
        options: RuleOptions | None = None,
        seed: int | str = 0,
        first_sheriff: int | None = None,
        names: list[str] | None = None,
        **option_fields: Any,
    ) -> None:
        options = _options(options, option_fields)
        n = options.players
        seed = check_seed(seed)
        names = check_names(names, n) if names is not None else None
        if options.deputies and first_sheriff is not None:
            raise SetupError("with six players the deputies are drawn from the deputy deck; nobody picks them")
        if first_sheriff is not None:
            first_sheriff = whole(first_sheriff, "first_sheriff")
            if not 0 <= first_sheriff < n:
                raise SetupError(
                    "the first sheriff must be one of the seats 0 to {last}, not {first_sheriff!r}",
                    last=n - 1,
                    first_sheriff=first_sheriff,
                )
        self.state: GameState = new_state(options, seed, first_sheriff, names)
        self.first_sheriff: int | None = None if options.deputies else self.state.sheriff
        self.start: str | None = None  # the notation of the start position of a game read from one

    # ---------------------------------------------------------------- the table, read-only
    options = _Shown()
    seed = _Shown()
    names = _Shown(list)
    deck_size = _Shown()
    round = _Shown()
    phase = _Shown()
    sheriff = _Shown()
    sheriffs = _Shown(list, "officials")
    merchants = _Shown(list)
    gold = _Shown(list)
    hands = _Shown(lambda hands: [goods(h) for h in hands])
    bags = _Shown(lambda bags: [goods(b) if b is not None else None for b in bags])
    declarations = _Shown(lambda ds: [(IDS[d[0]], d[1]) if d else None for d in ds])
    debt_goods = _Shown(lambda choices: [tuple(IDS[c] for c in choice) for choice in choices])
    stands = _Shown(lambda stands: [goods(s) for s in stands])
    deck = _Shown(_ids)
    discards = _Shown(lambda piles: [_ids(p) for p in piles])
    set_aside = _Shown(_ids)
    removed = _Shown(goods)
    reshuffles = _Shown()
    queue = _Shown(list)
    pending = _Shown(list)
    in_hand = _Shown()
    handlers = _Shown(lambda h: {m: list(o) for m, o in h.items()})
    outcomes = _Shown(dict)
    offers = _Shown(dict)
    accepted = _Shown(lambda a: {m: list(s) for m, s in a.items()})
    table = _Shown(dict)
    deals = _Shown(dict)
    parties = _Shown(lambda p: {m: list(s) for m, s in p.items()})
    side_deals = _Shown(lambda deals: [(offer, list(officials)) for offer, officials in deals])
    votes = _Shown(lambda v: {m: dict(d) for m, d in v.items()})
    confiscated = _Shown(_ids)
    booty_gold = _Shown()
    booty = _Shown(goods)
    booty_choices = _Shown(dict)
    claims_done = _Shown(list)
    black_market = _Shown(lambda piles: {good: list(values) for good, values in piles.items()})
    claimed = _Shown(lambda claimed: [[list(card) for card in cards] for cards in claimed])
    deputy_deck = _Shown(list)
    deputy_shuffles = _Shown()
    bank = _Shown()
    stats = _Shown(lambda stats: [dict(s) for s in stats])
    history = _Shown()
    """The moves made, in order (the live list: read it, do not change it)."""
    events = _Shown()
    """What happened, in order, as plain data (the live list: read it, do not change it)."""

    @property
    def players(self) -> int:
        """Number of players."""
        return self.state.options.players

    @property
    def is_over(self) -> bool:
        """True once the last round has ended."""
        return self.state.phase is Phase.OVER

    # ---------------------------------------------------------------- whose turn, and what may be done
    def to_act(self) -> list[int]:
        """The seats whose move the game waits for (each has a legal move); empty only when the game is over.

        Market and Declaration: the merchant whose turn it is (first the sheriff choosing who starts, in the 2nd
        edition); Load: every merchant who has not loaded; Inspection: the sheriff picking up the next bag, the
        officials deciding about the bag in hand, the 1st-edition sheriff stacking confiscated cards, then the
        merchants who may claim a Black Market card and the deputies splitting an odd Booty.  Anyone may make an
        offer meanwhile; the game does not wait for it."""
        return to_act(self.state)

    def awaited(self, seat: int) -> str | None:
        """What kind of move the game waits for from ``seat`` (see :data:`~sheriff_nb.engine.turns.AWAITED`:
        ``"market"``, ``"pick_up_bag"``, ``"decide"``, ...), or None if it waits for others.  ``seat`` is one of
        the game's seats (a whole number, not ``True`` or ``1.0``).

        >>> Game(players=3, seed=1, first_sheriff=0).awaited(1.0)
        Traceback (most recent call last):
        ...
        sheriff_nb.engine.errors.ArgumentError: seat must be a whole number (0 to 2), not 1.0
        """
        return awaited(self.state, self._seat(seat, "seat"))

    def check(self, action: A.Action) -> None:
        """Raise the RuleError that ``action`` breaks, if any; change nothing."""
        _check(self.state, PHASE_OF.get(type(action)), action)

    def apply(self, action: A.Action) -> dict[str, Any]:
        """Check ``action`` against the rules; apply it and return its event, or raise a RuleError.

        A rejected action leaves the game exactly as it was.
        """
        state = self.state
        phase = PHASE_OF.get(type(action))
        if phase is None or phase.PHASE is not state.phase or action.player >= len(state.names):
            _check(state, phase, action)  # raises the RuleError
        assert phase is not None  # _check raised otherwise
        phase.check(state, action)
        event: dict[str, Any] = phase.apply(state, action)
        state.history.append(action)
        return event

    def is_legal(self, action: A.Action) -> bool:
        """True exactly when :meth:`apply` would accept ``action``."""
        try:
            self.check(action)
        except RuleError:
            return False
        return True

    def legal_actions(self, player: int | None = None) -> LegalActions:
        """What may be done now (by ``player``, or by anyone).

        Iterating lists every legal action except open-ended offers (any gold, goods and
        promise: see :class:`~sheriff_nb.engine.actions.Offer`), declarations and inspections with a
        choice of goods for a debt (``pay_with``) and, in a 1st-edition Market, other orders of
        the same draws or set-aside cards; ``action in game.legal_actions()`` is exact for every
        action.  It depends only on what ``player`` may see.
        """
        if player is not None and (type(player) is not int or not 0 <= player < len(self.state.names)):
            player = self._seat(player, "player")
        return LegalActions(self.state, self.check, player)

    # ---------------------------------------------------------------- what a player sees
    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see, as plain data: their own hand and bag, everyone's public information.

        Other players' hands and bags are hidden (only their sizes show), and so are the
        types of contraband lying face down on other stands.
        """
        return dict(self.player_view(player))

    def player_view(self, player: int, legal: bool = False, **extra: Any) -> PlayerView:
        """The same as :meth:`view`, computed entry by entry when read (what bots are given); with ``legal``, the
        view also has the entry ``legal``: ``player``'s :meth:`legal_actions`."""
        if type(player) is not int or not 0 <= player < len(self.state.names):
            player = self._seat(player, "player")
        return PlayerView(self.state, player, self.check if legal else None, **extra)

    def public_events(self, player: int) -> list[dict[str, Any]]:
        """The event log as ``player`` may see it: others' bag contents stay hidden until opened."""
        player = self._seat(player, "player")
        return [public_event(e, player) for e in self.state.events]

    def _seat(self, seat: Any, name: str) -> int:
        return whole(seat, name, 0, len(self.state.names) - 1)

    def waiting_for(self) -> list[int]:
        """Seats the Inspection waits for besides bags: the 1st-edition sheriff stacking confiscated cards, and at
        the end Black Market claims and the deputies' say about an odd Booty coin or card."""
        return waiting_for(self.state)

    def deal_officials(self, offer: A.Offer) -> list[int]:
        """The officials an open offer is made with (see :func:`~sheriff_nb.engine.phases.deals.deal_officials`)."""
        return deal_officials(self.state, offer)

    def commitments(self, official: int) -> dict[int, str]:
        """What ``official`` has committed to this round: seat -> "pass" / "inspect"."""
        return commitments(self.state, official)

    # ---------------------------------------------------------------- scores and accounting
    def score_rows(self) -> dict[int, dict[str, Any]]:
        """Scores as plain dicts per seat (see :func:`sheriff_nb.engine.scoring.score_rows`); hands score nothing."""
        return final_scores(self.state)

    def claimed_value(self, seat: int) -> int:
        """Points of the Black Market cards ``seat`` has claimed."""
        return sum(v for _, v in self.state.claimed[self._seat(seat, "seat")])

    def card_count(self) -> int:
        """Every goods card: hands, bags, stands, Booty, deck, discards and removed cards (== deck size)."""
        s = self.state
        places = [*s.hands, *(b for b in s.bags if b), *s.stands, s.removed, s.booty]
        return sum(map(sum, places)) + len(s.deck) + sum(map(len, s.discards)) + len(s.set_aside) + len(s.confiscated)

    def gold_count(self) -> int:
        """All gold: the players', the Booty's and what odd Booty coins returned to the bank
        (== 50 × players)."""
        return sum(self.state.gold) + self.state.booty_gold + self.state.bank

    # ---------------------------------------------------------------- notation, save, load and replay
    def notation(self) -> str:
        """The whole position as one line of text (see :mod:`sheriff_nb.engine.notation`)."""
        return N.write(self.state)

    snapshot = notation

    @classmethod
    def from_notation(cls, text: str) -> Game:
        """The game at the position ``text`` (from :meth:`notation`): the same legal moves, the same notation.  Its
        history starts there; bad text raises :class:`~sheriff_nb.engine.errors.NotationError`."""
        game = cls.__new__(cls)
        game.state = N.read(text)
        game.first_sheriff = None
        game.start = N.write(game.state)
        return game

    def to_json(self) -> str:
        """The game as JSON text: schema version, setup (or start position), moves and the resulting position."""
        return write_save(self.state, self.first_sheriff, self.start)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Rebuild a game saved by :meth:`to_json`, replaying its moves; bad input raises SaveFileError.

        >>> Game.from_json('{"schema": 99}')
        Traceback (most recent call last):
        ...
        sheriff_nb.engine.errors.SaveFileError: this save file has schema version 99; this sheriff_nb reads \
version 3 (and 2)
        >>> Game.from_json("[" * 100_000)
        Traceback (most recent call last):
        ...
        sheriff_nb.engine.errors.SaveFileError: a saved game nests deeper than 32 levels; it is not a save of this game
        """
        game: Game = read_save(text, cls._start, cls.apply)
        return game

    @classmethod
    def _start(
        cls, options: RuleOptions, seed: int | str, first_sheriff: int | None, names: list[str], start: str | None
    ) -> Game:
        return cls.from_notation(start) if start is not None else cls(options, seed, first_sheriff, names)

    def replay(self) -> Game:
        """A new game built from the same start by replaying the move history."""
        game = self._start(self.state.options, self.state.seed, self.first_sheriff, self.state.names, self.start)
        for action in self.state.history:
            game.apply(action)
        return game

    def __repr__(self) -> str:
        s = self.state
        shown_round = min(s.round + 1, s.options.rounds)
        return (
            f"<Game edition={s.options.edition} players={s.options.players} round={shown_round}/"
            f"{s.options.rounds} phase={s.phase.value} sheriff={s.sheriff} gold={s.gold}>"
        )


def _check(state: GameState, phase: Any, action: A.Action) -> None:
    """The checks every action passes (an action, a seat of this game, the right phase), then its phase's rules."""
    if phase is None:
        raise RuleError(f"{shown(action)!r} is not an action; use one of {', '.join(A.ACTIONS)}"[:500])
    if action.player >= len(state.names):
        raise NotYourTurnError(
            "players sit in seats 0 to {last}; there is no seat {player!r}",
            last=len(state.names) - 1,
            player=action.player,
        )
    if phase.PHASE is not state.phase:
        raise OutOfPhaseError(
            "{action} belongs to {title}; the game is in {title2}",
            action=type(action).__name__,
            title=phase.PHASE.title,
            title2=state.phase.title,
        )
    phase.check(state, action)


def _options(options: RuleOptions | None, fields: dict[str, Any]) -> RuleOptions:
    if options is not None:
        if fields:
            raise ArgumentError(
                "give the options either as RuleOptions or as fields, not both ({fields})", fields=sorted(fields)
            )
        if not isinstance(options, RuleOptions):
            raise ArgumentError("options must be RuleOptions, not {options!r}", options=options)
        return options
    unknown = set(fields) - set(RuleOptions.__dataclass_fields__)
    if unknown:
        raise ArgumentError(
            "a game has no option {unknown!r}; the options are {options}",
            unknown=sorted(unknown)[0],
            options=", ".join(RuleOptions.__dataclass_fields__),
        )
    return RuleOptions(**fields)


__all__ = ["Game", "Phase", "LegalActions", "START_GOLD", "STAT_NAMES"]
