"""What one player may see of a game: their own hand and bag, and everyone's public information.

A :class:`PlayerView` is a read-only mapping that computes each entry the first time it is
read, so a bot that looks at three entries pays for three (``Game.view`` returns a plain dict).

>>> from sheriff_nb.engine.game import Game
>>> game = Game(players=3, seed=1, first_sheriff=0)
>>> view = game.player_view(1)
>>> view["sheriff"], view["hand_sizes"], "hands" in view
(0, [6, 6, 6], False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache
from typing import Any

from .cards import GOODS, IDS, LEGAL, LEGAL_NUMBERS, goods_dict
from .legal import LegalActions
from .phases.deals import bindings, commitments
from .phases.inspection_end import waiting_for
from .state import GameState
from .turns import to_act


def _stand_view(state: GameState, player: int, seat: int) -> dict[str, Any]:
    """A stand as ``player`` sees it: legal goods face up; others' contraband only as a count."""
    stand = state.stands[seat]
    if seat == player:
        return goods_dict(stand)
    return _seen_stand(tuple(stand)).copy()


@lru_cache(maxsize=1 << 12)
def _seen_stand(stand: tuple[int, ...]) -> dict[str, Any]:
    """Another player's stand (15 counts) as seen: legal goods by type, the rest as a count; remembered by content,
    as the same stands come back all round (callers get a copy)."""
    shown = {IDS[i]: stand[i] for i in LEGAL_NUMBERS if stand[i]}
    hidden = sum(stand) - sum(shown.values())
    if hidden:
        shown["face_down"] = hidden
    return shown


def _official(state: GameState, player: int) -> bool:
    return player in state.officials


def _declarations(state: GameState, player: int) -> list[Any]:
    return [(IDS[d[0]], d[1]) if d else None for d in state.declarations]


FIELDS: dict[str, Callable[[GameState, int], Any]] = {
    "player": lambda s, p: p,
    "round": lambda s, p: s.round,
    "rounds": lambda s, p: s.options.rounds,
    "phase": lambda s, p: s.phase.value,
    "edition": lambda s, p: s.options.edition,
    "sheriff": lambda s, p: s.sheriff,
    "sheriffs": lambda s, p: list(s.officials),
    "merchants": lambda s, p: list(s.merchants),
    "names": lambda s, p: list(s.names),
    "gold": lambda s, p: list(s.gold),
    "hand": lambda s, p: goods_dict(s.hands[p]),
    "hand_sizes": lambda s, p: [sum(h) for h in s.hands],
    "hand_limit": lambda s, p: s.options.hand_size,
    "bag": lambda s, p: goods_dict(bag) if (bag := s.bags[p]) else None,
    "loaded": lambda s, p: [b is not None for b in s.bags],
    "declarations": _declarations,
    "stands": lambda s, p: [_stand_view(s, p, seat) for seat in range(len(s.stands))],
    "deck": lambda s, p: len(s.deck),
    "discards": lambda s, p: [[IDS[c] for c in pile] for pile in s.discards],  # face up: anyone may search them
    "set_aside": lambda s, p: [IDS[c] for c in s.set_aside],
    "removed": lambda s, p: sum(s.removed),  # out of play unseen: only how many
    "queue": lambda s, p: list(s.queue),
    "pending": lambda s, p: list(s.pending),
    "in_hand": lambda s, p: s.in_hand,
    "handlers": lambda s, p: {m: list(h) for m, h in s.handlers.items()},
    "votes": lambda s, p: {m: sorted(v) for m, v in s.votes.items()},  # who has decided, not how
    "offers": lambda s, p: {m: o.to_dict() for m, o in s.offers.items()},
    "accepted": lambda s, p: {m: list(a) for m, a in s.accepted.items()},  # agreeing is said out loud
    "deals": lambda s, p: {m: o.to_dict() for m, o in s.deals.items()},
    "parties": lambda s, p: {m: list(o) for m, o in s.parties.items()},
    "table": lambda s, p: {m: o.to_dict() for m, o in s.table.items()},  # the bribes on the table, said out loud
    "side_deals": lambda s, p: [{"offer": o.to_dict(), "officials": list(o_)} for o, o_ in s.side_deals],
    "outcomes": lambda s, p: dict(s.outcomes),
    "confiscated": lambda s, p: [IDS[c] for c in s.confiscated],  # opened in front of everyone
    "debt_goods": lambda s, p: [IDS[c] for c in s.debt_goods[p]],  # your own choice only
    "bindings": lambda s, p: commitments(s, p) if _official(s, p) else bindings(s),
    "booty_gold": lambda s, p: s.booty_gold,
    "booty": lambda s, p: goods_dict(s.booty) if _official(s, p) else {"cards": sum(s.booty)},
    "booty_choices": lambda s, p: dict(s.booty_choices),
    "claims_done": lambda s, p: list(s.claims_done),
    "black_market": lambda s, p: {good: list(v) for good, v in s.black_market.items()},
    "claimed": lambda s, p: [[list(c) for c in cards] for cards in s.claimed],
    "bank": lambda s, p: s.bank,
    "waiting_for": lambda s, p: waiting_for(s),
    "to_act": lambda s, p: to_act(s),
}
"""Every entry of a view and how it is computed."""
NOT_SHOWN = {
    "options": "shown as rounds and hand_limit",
    "seed": "it would tell every future card",
    "hands": "only your own (hand) and everyone's size (hand_sizes)",
    "bags": "only your own (bag) and who loaded",
    "stands": "others' face-down cards only as a count",
    "deck": "only its size",
    "removed": "only how many",
    "officials": "shown as sheriffs",
    "reshuffles": "the deck's size shows it",
    "deputy_deck": "face down",
    "deputy_shuffles": "face down",
    "stats": "a record for the simulation, not a part of the table",
}
"""Position fields that a view does not show as they are, and why (every other field is an entry)."""


class PlayerView(Mapping[str, Any]):
    """The game as ``player`` may see it, computed entry by entry on first read.

    Given ``check`` (the game's rule check), the view also has the entry ``legal``: ``player``'s legal actions
    (:class:`~sheriff_nb.engine.legal.LegalActions`, for ``action in view["legal"]``), made when first read.
    ``extra`` entries are added as they are.

    A view is made for one question and read at once: an entry read once keeps its value, so read a view before the
    game changes (a bot is asked with a fresh view every time).
    """

    __slots__ = ("_state", "_player", "_cache", "_check")

    def __init__(self, state: GameState, player: int, check: Callable[..., Any] | None = None, **extra: Any) -> None:
        self._state, self._player, self._cache, self._check = state, player, extra, check
        extra["player"] = player

    def __getitem__(self, key: str) -> Any:
        value = self._cache.get(key, _MISSING)
        if value is _MISSING:
            if key == "legal" and self._check is not None:
                value = LegalActions(self._state, self._check, self._player)
            else:
                value = FIELDS[key](self._state, self._player)
            self._cache[key] = value
        return value

    def __iter__(self) -> Iterator[str]:
        yield from FIELDS
        yield from (k for k in self._cache if k not in FIELDS)
        if self._check is not None and "legal" not in self._cache:
            yield "legal"

    def __len__(self) -> int:
        return sum(1 for _ in self)


_MISSING = object()


def face_down(goods: dict[str, Any]) -> dict[str, Any]:
    """Goods as someone who sees them change hands face down sees them: legal goods by type, the rest as a count.

    >>> face_down({"apples": 2, "silk": 1, "golden_apples": 1})
    {'apples': 2, 'face_down': 2}
    """
    shown = {g: n for g, n in goods.items() if g in GOODS and GOODS[g].kind == LEGAL}
    hidden = sum(n for g, n in goods.items() if g in GOODS) - sum(shown.values())
    return {**shown, "face_down": hidden} if hidden else shown


def _payment_view(payment: dict[str, Any], player: int) -> dict[str, Any]:
    """A bribe as ``player`` sees it: the payer and the officials paid see every card; the others see legal goods
    and a count of face-down cards, and not which promised goods were missing (only the officials are shown)."""
    if player == payment["from"] or player in payment["parties"]:
        return payment
    return {
        **{k: v for k, v in payment.items() if k != "missing"},
        "stand": face_down(payment["stand"]),
        "bag": face_down(payment["bag"]),
    }


def public_event(event: dict[str, Any], player: int) -> dict[str, Any]:
    """An event as ``player`` may see it: others' bag contents stay hidden until opened, and so do the types of
    contraband that change hands face down (a bribe's goods, the Booty's cards).

    >>> bribe = {"from": 1, "parties": [0], "gold": 2, "stand": {"silk": 1}, "bag": {}, "missing": {"mead": 1}}
    >>> public_event({"kind": "pass", "bribe": bribe}, 2)["bribe"]
    {'from': 1, 'parties': [0], 'gold': 2, 'stand': {'face_down': 1}, 'bag': {}}
    >>> public_event({"kind": "pass", "bribe": bribe}, 0)["bribe"]["stand"]
    {'silk': 1}
    """
    kind = event["kind"]
    if kind == "load" and event["player"] != player:
        return {k: v for k, v in event.items() if k != "cards"}
    if kind in ("pass", "deal") and "bribe" in event:
        return {**event, "bribe": _payment_view(event["bribe"], player)}
    if kind == "pass_remaining":
        return {**event, "passes": [public_event(e, player) for e in event["passes"]]}
    if kind == "booty" and player not in event["deputies"]:
        return {
            **event,
            "cards": [face_down(c) for c in event["cards"]],
            "odd_card": [c if GOODS[c].kind == LEGAL else "face_down" for c in event["odd_card"]],
        }
    return event


__all__ = ["PlayerView", "FIELDS", "NOT_SHOWN", "face_down", "public_event"]
