"""The sheriff characters: :class:`Trusting`, :class:`Suspicious`, :class:`EquilibriumSheriff` and :class:`Greedy`,
each a :class:`Sheriff` that decides which bags to open and which deals to take.  They are paired with a merchant in
:class:`sheriff_nb.play.bots.Strategy`; see :mod:`sheriff_nb.play.bots`.
"""

from __future__ import annotations

from fractions import Fraction

from ..engine import actions as A
from ..engine.errors import Phrase
from .driver import Bot, View, move
from .habits import (
    Seeded,
    chance,
    model_equilibrium,
    model_minimum,
    model_price,
    offer_worth,
)


class Sheriff(Seeded, Bot):
    """A sheriff personality.  Binding deals are always kept.  Used alone as a bot, it answers merchant
    questions like :class:`Bot` (an honest merchant); pair it with a merchant in a :class:`Strategy`."""

    role = "sheriff"
    title: str  # each character sets its own: "Trusting sheriff"
    model = ""

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed)
        self._votes: dict = {}

    def accepts(self, view: View, offer: A.Offer) -> bool:
        """Whether to take ``offer``."""
        return False

    def inspects(self, view: View, merchant: int) -> bool:
        """Whether to open ``merchant``'s bag when no deal decides it."""
        return False

    def respond(self, view: View, offer: A.Offer) -> A.Accept | A.Offer | None:
        accept = A.Accept(view["player"], offer.merchant)
        return accept if self.accepts(view, offer) and accept in view["legal"] else None

    opens_for_pay = True
    """Whether this sheriff takes payments to open a bag (:meth:`take_paid_inspection`)."""

    def take_paid_inspection(self, view: View, offer: A.Offer) -> A.Accept | None:
        """Take any payment to open a bag: at the lie rate q* a sheriff expects, opening a bag earns nothing on
        average (lesson 08, the inspection game), so any payment is a gain; the rules refuse it if a deal already says
        to pass."""
        accept = A.Accept(view["player"], offer.merchant)
        return accept if self.opens_for_pay and offer_worth(offer) > 0 and accept in view["legal"] else None

    def decide(self, view: View, merchant: int) -> A.Pass | A.Inspect:
        must = view["bindings"].get(merchant)
        if must:
            inspect = must == "inspect"
        else:  # asked again only after the deputies split: keep the first answer
            if self._votes.get("round") != view["round"]:
                self._votes = {"round": view["round"]}
            inspect = self._votes.setdefault(merchant, self.inspects(view, merchant))
        kind: type[A.Pass | A.Inspect] = A.Inspect if inspect else A.Pass
        return move(kind, view["player"], merchant)

    @staticmethod
    def assumed(view: View, merchant: int) -> tuple[tuple, Fraction, Fraction]:
        """The lie assumed for the merchant's public declaration, with p* and q*: :func:`model_equilibrium`."""
        return model_equilibrium(*view["declarations"][merchant])


class Trusting(Sheriff):
    """Never inspects unless a deal binds it to; accepts every offer to pass a bag, never one to open a bag."""

    name, title = Phrase("Trusting"), Phrase("Trusting sheriff")
    personality = Phrase("waves every bag through unless a deal binds it; takes any bribe to pass, none to open a bag")
    opens_for_pay = False  # it never opens a bag, even when paid to

    def accepts(self, view: View, offer: A.Offer) -> bool:
        return True


class Suspicious(Sheriff):
    """Inspects every bag it is not bound to pass; takes a bribe only of ``per_card`` gold per card or more."""

    name, title = Phrase("Suspicious"), Phrase("Suspicious sheriff")
    personality = Phrase("opens every bag unless paid at least 5 gold a card (goods count at face value)")

    def __init__(self, seed: int | str = 0, per_card: int = 5) -> None:
        super().__init__(seed)
        self.per_card = per_card

    def accepts(self, view: View, offer: A.Offer) -> bool:
        return offer_worth(offer) >= self.per_card * view["declarations"][offer.merchant][1]

    def inspects(self, view: View, merchant: int) -> bool:
        return True


class EquilibriumSheriff(Sheriff):
    """The Equilibrium sheriff (named apart from :class:`sheriff_nb.theory.inspection_game.Equilibrium`, the
    solution it plays): inspects with probability p* of lesson 08's game for the declaration
    (:func:`model_equilibrium`: the lie it assumes hides half the cards, rounded up, as Pepper); takes a bribe at or
    above the minimum of :func:`~sheriff_nb.theory.analysis.bribe_range` at its equilibrium belief q* (which is 0:
    at q* inspecting earns nothing on average).

    Only the inspection rate is equilibrium play.  Taking any bribe is a habit: it keeps its prior q* after an
    offer, where a sheriff who updates his belief (lessons 08 and 12) reads an offer, when nobody offers as bait, as
    a sign of a lie and asks at least the fine, c·f.  The behaviour stays as it is: the numbers of lessons 09 and 10
    depend on it.

    >>> print(EquilibriumSheriff.personality)
    opens each bag with lesson 08's p* for what was declared; takes any bribe by habit, not by equilibrium
    """

    name, title = Phrase("Equilibrium"), Phrase("Equilibrium sheriff")
    personality = Phrase(
        "opens each bag with lesson 08's p* for what was declared; takes any bribe by habit, not by equilibrium"
    )
    model = Phrase(
        "lesson 08's 2 × 2 game for the declared n cards of a good worth a, assuming a lie hides c = half of "
        "them (rounded up) as Pepper: p* = c(6 − a) / (10c + 2n), 2/7 for “4 Apples”; after an offer it keeps its "
        "belief q*, so any bribe is enough (a sheriff who reads the offer as a lie asks at least c·f)"
    )

    def accepts(self, view: View, offer: A.Offer) -> bool:
        return offer_worth(offer) >= model_minimum(*view["declarations"][offer.merchant])

    def inspects(self, view: View, merchant: int) -> bool:
        return chance(self.rng, self.assumed(view, merchant)[1])


class Greedy(Sheriff):
    """Answers a bribe offer with its price, the fine the bag would pay if every card were contraband (the minimum
    of :func:`~sheriff_nb.theory.analysis.bribe_range` for a sheriff certain of it: 4 gold a card), and takes any offer
    worth that much; inspects a bag whose owner offered but made no deal, and otherwise inspects at the Equilibrium
    sheriff's p*.  It never asks first: a merchant who offers nothing meets only the p*."""

    name, title = Phrase("Greedy"), Phrase("Greedy sheriff")
    personality = Phrase(
        "answers a bribe with its price, 4 gold a card, opens the bag of whoever refuses it, others at lesson 08's p*"
    )
    model = Phrase(
        "its price is the fine of a bag of contraband only (c·f with c = n, f = 4); its p* is the Equilibrium sheriff's"
    )

    def price(self, view: View, merchant: int) -> int:
        return model_price(*view["declarations"][merchant])

    def respond(self, view: View, offer: A.Offer) -> A.Accept | A.Offer | None:
        m = offer.merchant
        price = self.price(view, m)
        if offer_worth(offer) >= price:
            accept = A.Accept(view["player"], m)
            return accept if accept in view["legal"] else None
        counter = A.Offer(view["player"], m, gold=price)
        return counter if price <= view["gold"][m] and counter in view["legal"] else None

    def inspects(self, view: View, merchant: int) -> bool:
        return merchant in view["offers"] or chance(self.rng, self.assumed(view, merchant)[1])


__all__ = ["Sheriff", "Trusting", "Suspicious", "EquilibriumSheriff", "Greedy"]
