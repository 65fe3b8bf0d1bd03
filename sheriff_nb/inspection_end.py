"""The end of the Inspection phase, as a part of :class:`~sheriff_nb.game.Game`: the seats the round waits
for, the six-player Booty split and Black Market claims (RULES.md §5, §9).

>>> counter_data(Counter(silk=1, apples=2, mead=0))
{'apples': 2, 'silk': 1}
"""

from __future__ import annotations

from collections import Counter

from . import actions as A
from .cards import GOODS, LEGAL, ORDER, sorted_ids
from .rules import InspectionError, NotYourTurnError

BOOTY = "booty"
"""Six players: the Booty tile, where goods and gold go when both deputies handle a bag together."""


def counter_data(counter: Counter) -> dict:
    """A Counter as a plain dict in rulebook order, without zero entries."""
    return {g: counter[g] for g in sorted_ids(counter) if counter[g]}


class InspectionEnd:
    """The end of Inspection (a mixin: it works on the Game's state)."""

    def waiting_for(self) -> list[int]:
        """Seats the game waits for: the 1st-edition sheriff putting confiscated cards on a pile (before anything
        else); once every bag is handled, merchants who may claim a Black Market card and deputies splitting an
        odd Booty (before the round can end)."""
        if self.phase.value != "inspection":
            return []
        if self.confiscated:
            return [self.sheriff]
        if self.pending:
            return []
        seats = [m for m in self.merchants if m not in self.claims_done and self._may_claim(m)]
        if self._booty_leftover():
            seats += [d for d in self.sheriffs if d not in self.booty_choices]
        return seats

    def _may_claim(self, seat: int) -> bool:
        """Whether the round waits for ``seat`` to claim or decline a Black Market card: a pile is left and the stand
        holds 3 or more face-down cards.  Judged from the count, which everyone sees, so waiting tells nobody the
        types (the merchant may then have no 3 of one type, and declines)."""
        face_down = sum(n for g, n in self.stands[seat].items() if GOODS[g].kind != LEGAL)
        return face_down >= 3 and any(self.black_market.values())

    def _booty_shares(self) -> tuple[list[list[str]], int, list[str]]:
        """How the Booty splits between the two deputies: evenly by count, not by value (README ruling), cards dealt
        one at a time, most valuable first, starting with the lead deputy; returns (cards per deputy, gold each,
        leftover card or none)."""
        ordered = sorted(self.booty.elements(), key=lambda g: (-GOODS[g].value, ORDER[g]))
        even = len(ordered) - len(ordered) % 2
        return [ordered[0:even:2], ordered[1:even:2]], self.booty_gold // 2, ordered[even:]

    def _booty_leftover(self) -> bool:
        return len(self.sheriffs) == 2 and bool(self.booty_gold % 2 or sum(self.booty.values()) % 2)

    def _check_split_booty(self, action: A.SplitBooty) -> None:
        if len(self.sheriffs) < 2:
            raise InspectionError("the Booty tile is used only with six players and two deputies")
        if action.player not in self.sheriffs:
            raise NotYourTurnError("only the deputies ({officials_text}) split the Booty",
                                   officials_text=self._officials_text())
        if self.pending:
            raise InspectionError("the Booty is split at the end of Inspection, after every bag")
        if not self._booty_leftover():
            raise InspectionError("the Booty splits evenly; there is no odd coin or card to agree on")
        if action.player in self.booty_choices:
            raise InspectionError("{player} has already said who takes the odd coin or card",
                                  player=self._name(action.player))
        if action.odd_to is not None and action.odd_to not in self.sheriffs:
            raise InspectionError("the odd coin or card goes to one of the two deputies, or to the discard")

    def _do_split_booty(self, action: A.SplitBooty) -> dict:
        self.booty_choices[action.player] = action.odd_to
        return {"kind": "booty_choice", "round": self.round, "player": action.player, "odd_to": action.odd_to}

    def _share_booty(self) -> dict:
        """End of Inspection with deputies: split the Booty; an odd coin or card is discarded unless
        both deputies named the same taker (RULES.md §9)."""
        cards, gold, leftover = self._booty_shares()
        choices = set(self.booty_choices.values())
        taker = choices.pop() if len(self.booty_choices) == 2 and len(choices) == 1 else None
        odd_coin = self.booty_gold % 2
        for deputy, share in zip(self.sheriffs, cards, strict=True):
            self._give(deputy, gold + (odd_coin if deputy == taker else 0), Counter(share))
        if taker is not None:
            self.stands[taker].update(leftover)
        else:
            self.bank += odd_coin
            self.discards[0].extend(leftover)
        event = {"kind": "booty", "round": self.round, "deputies": list(self.sheriffs), "gold_each": gold,
                 "cards": [counter_data(Counter(c)) for c in cards], "odd_coin": odd_coin,
                 "odd_card": leftover, "odd_to": taker}
        self.booty_gold, self.booty = 0, Counter()
        return event

    def _check_claim_black_market(self, action: A.ClaimBlackMarket) -> None:
        seat = action.player
        if not self.black_market:
            raise InspectionError("the Black Market module is not in play")
        if seat not in self.merchants:
            raise NotYourTurnError("only merchants claim Black Market cards; {seat} is an official",
                                   seat=self._name(seat))
        if seat in self.pending:
            raise InspectionError("a Black Market card is claimed after your bag is returned to you")
        if seat in self.claims_done:
            raise InspectionError("at most one Black Market claim per player per round")
        if action.good is None:
            return
        if action.good not in self.black_market:
            raise InspectionError("there is no Black Market pile of {good}", good=GOODS[action.good].name)
        if not self.black_market[action.good]:
            raise InspectionError("the {good} Black Market pile is empty", good=GOODS[action.good].name)
        have = self.stands[seat][action.good]
        if have < 3:
            raise InspectionError("a claim needs 3 {good} on your stand; {seat} has {have}",
                                  good=GOODS[action.good].name, seat=self._name(seat), have=have)

    def _do_claim_black_market(self, action: A.ClaimBlackMarket) -> dict:
        self.claims_done.append(action.player)
        if action.good is None:
            return {"kind": "black_market_decline", "round": self.round, "player": action.player}
        self.stands[action.player][action.good] -= 3
        self.stands[action.player] = +self.stands[action.player]
        self.discards[0].extend([action.good] * 3)
        card_value = self.black_market[action.good].pop()
        self.claimed[action.player].append([action.good, card_value])
        return {"kind": "black_market_claim", "round": self.round, "player": action.player, "good": action.good,
                "value": card_value}

    def claimed_value(self, seat: int) -> int:
        """Points of the Black Market cards ``seat`` has claimed."""
        return sum(v for _, v in self.claimed[seat])
