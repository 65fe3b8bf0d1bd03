"""What one player may see of a game: their own hand and bag, and everyone's public information.

A :class:`PlayerView` is a read-only mapping that computes each entry the first time it is
read, so a bot that looks at three entries pays for three (``Game.view`` returns a plain dict).

>>> from sheriff_nb.game import Game
>>> game = Game(players=3, seed=1, first_sheriff=0)
>>> view = game.player_view(1)
>>> view["sheriff"], view["hand_sizes"], "hands" in view
(0, [6, 6, 6], False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from .cards import GOODS, LEGAL
from .phases.inspection_end import counter_data

if TYPE_CHECKING:
    from .game import Game


def _stand_view(game: Game, player: int, seat: int) -> dict:
    """A stand as ``player`` sees it: legal goods face up; others' contraband only as a count."""
    stand = counter_data(game.stands[seat])
    if seat == player:
        return stand
    shown = {g: n for g, n in stand.items() if GOODS[g].kind == LEGAL}
    hidden = sum(stand.values()) - sum(shown.values())
    return {**shown, "face_down": hidden} if hidden else shown


def _official(game: Game, player: int) -> bool:
    return player in game.sheriffs


FIELDS: dict[str, Callable[[Game, int], Any]] = {
    "player": lambda g, p: p,
    "round": lambda g, p: g.round,
    "rounds": lambda g, p: g.options.rounds,
    "phase": lambda g, p: g.phase.value,
    "sheriff": lambda g, p: g.sheriff,
    "sheriffs": lambda g, p: list(g.sheriffs),
    "merchants": lambda g, p: g.merchants,
    "names": lambda g, p: list(g.names),
    "gold": lambda g, p: list(g.gold),
    "hand": lambda g, p: counter_data(g.hands[p]),
    "hand_sizes": lambda g, p: [sum(h.values()) for h in g.hands],
    "hand_limit": lambda g, p: g.options.hand_size,
    "bag": lambda g, p: counter_data(g.bags[p]) if g.bags[p] else None,
    "loaded": lambda g, p: [b is not None for b in g.bags],
    "declarations": lambda g, p: list(g.declarations),
    "stands": lambda g, p: [_stand_view(g, p, s) for s in range(g.players)],
    "deck": lambda g, p: len(g.deck),
    "discards": lambda g, p: [list(pile) for pile in g.discards],  # face up: anyone may search them (README ruling)
    "set_aside": lambda g, p: list(g.set_aside),
    "queue": lambda g, p: list(g.queue),
    "pending": lambda g, p: list(g.pending),
    "handlers": lambda g, p: {m: list(h) for m, h in g.handlers.items()},
    "votes": lambda g, p: {m: sorted(v) for m, v in g.votes.items()},
    "offers": lambda g, p: {m: o.to_dict() for m, o in g.offers.items()},
    "accepted": lambda g, p: {m: list(a) for m, a in g.accepted.items()},  # agreeing is said out loud
    "deals": lambda g, p: {m: o.to_dict() for m, o in g.deals.items()},
    "table": lambda g, p: {m: o.to_dict() for m, o in g.table.items()},  # the bribes on the table, said out loud
    "side_deals": lambda g, p: [{"offer": o.to_dict(), "officials": list(s)} for o, s in g.side_deals],
    "outcomes": lambda g, p: dict(g.outcomes),
    "confiscated": lambda g, p: list(g.confiscated),  # opened in front of everyone
    "debt_goods": lambda g, p: list(g.debt_goods[p]),  # your own choice only
    "bindings": lambda g, p: g.commitments(p) if _official(g, p) else g._bindings(),
    "booty_gold": lambda g, p: g.booty_gold,
    "booty": lambda g, p: counter_data(g.booty) if _official(g, p) else {"cards": sum(g.booty.values())},
    "black_market": lambda g, p: {good: list(v) for good, v in g.black_market.items()},
    "claimed": lambda g, p: [list(c) for c in g.claimed],
    "waiting_for": lambda g, p: g.waiting_for(),
}
"""Every entry of a view and how it is computed."""


class PlayerView(Mapping):
    """The game as ``player`` may see it, computed entry by entry on first read.

    ``extra`` entries (for instance a bot's ``legal`` actions) are added as they are.
    """

    def __init__(self, game: Game, player: int, **extra: Any) -> None:
        self._game, self._player, self._cache = game, player, dict(extra)

    def __getitem__(self, key: str) -> Any:
        if key not in self._cache:
            if key not in FIELDS:
                raise KeyError(key)
            self._cache[key] = FIELDS[key](self._game, self._player)
        return self._cache[key]

    def __iter__(self) -> Iterator[str]:
        yield from FIELDS
        yield from (k for k in self._cache if k not in FIELDS)

    def __len__(self) -> int:
        return len(FIELDS) + sum(1 for k in self._cache if k not in FIELDS)


def face_down(goods: dict) -> dict:
    """Goods as someone who sees them change hands face down sees them: legal goods by type, the rest as a count.

    >>> face_down({"apples": 2, "silk": 1, "golden_apples": 1})
    {'apples': 2, 'face_down': 2}
    """
    shown = {g: n for g, n in goods.items() if g in GOODS and GOODS[g].kind == LEGAL}
    hidden = sum(n for g, n in goods.items() if g in GOODS) - sum(shown.values())
    return {**shown, "face_down": hidden} if hidden else shown


def _payment_view(payment: dict, player: int) -> dict:
    """A bribe as ``player`` sees it: the payer and the officials paid see every card; the others see legal goods
    and a count of face-down cards, and not which promised goods were missing (only the officials are shown)."""
    if player == payment["from"] or player in payment["parties"]:
        return payment
    return {**{k: v for k, v in payment.items() if k != "missing"}, "stand": face_down(payment["stand"]),
            "bag": face_down(payment["bag"])}


def public_event(event: dict, player: int) -> dict:
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
        return {**event, "cards": [face_down(c) for c in event["cards"]],
                "odd_card": [c if GOODS[c].kind == LEGAL else "face_down" for c in event["odd_card"]]}
    return event
