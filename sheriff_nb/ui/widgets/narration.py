"""The game's events told in plain words: one table, event kind → sentence, for every widget that tells a game.

:data:`SENTENCES` maps each kind of public event (:meth:`Game.public_events
<sheriff_nb.engine.game.Game.public_events>`) to the function that says it, as a line of HTML in the page's language,
with the arithmetic spelled out; sentences about the reader's seat say "you".  The lessons on one phase tell only
what happens in a phase (:data:`PHASE_KINDS`); the whole game (lesson 09) also tells the frame of the rounds: who
starts, the Market, the deputies' votes, the Booty, the Black Market.

>>> from sheriff_nb.play.lesson_cast import lesson_game
>>> from sheriff_nb import Inspect
>>> game, _ = lesson_game("inspection")
>>> event = game.apply(Inspect(0, merchant=1))
>>> text = narrate(event, game)
>>> "A lie!" in text and "1 Bread × 2 + 1 Silk × 4 = 6" in text
True
>>> narrate({"kind": "round_start", "round": 0, "officials": [0]}, game, 1)
''
>>> "Round 1 begins" in narrate({"kind": "round_start", "round": 0, "officials": [0]}, game, 1, whole_game=True)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ..i18n import card_name, goods_text, ngettext, t
from .base import esc, heading, note
from .phases import declaration_text, offer_terms, penalty_sum

SEPARATOR = "<hr style='margin:5px 0;border:0;border-top:1px solid #ccc'>"


class Told(NamedTuple):
    """Who hears an event: the ``game`` (for its names and officials), the reader's seat ``viewer`` (None: nobody's),
    and ``drawn``, the cards the reader drew from the deck in a Market event of theirs (the event only counts them)."""

    game: Any
    viewer: int | None
    drawn: Mapping[str, int] | None = None

    @property
    def names(self) -> list[str]:
        return self.game.names

    def mine(self, event: Mapping) -> bool:
        """Whether the reader made this move (its sentence says "you")."""
        return event.get("player") == self.viewer

    def name(self, event: Mapping) -> str:
        """The name of the player who made the move."""
        return self.names[event["player"]] if isinstance(event.get("player"), int) else ""


def who(seat: int, names: list[str], me: int | None, start: bool = False) -> str:
    """A player's name, or "you" for the reader ("You" at the start of a sentence)."""
    if seat != me:
        return names[seat]
    return t("You") if start else t("you")


def bag_of(seat: int, names: list[str], viewer: int | None) -> str:
    """ "your bag" or "Will's bag"."""
    return t("your bag") if seat == viewer else t("{name}'s bag", name=names[seat])


# ---------------------------------------------------------------------------------------------- the phases
def _offer(event: Mapping, told: Told) -> str:
    names = told.names
    official = told.viewer is not None and told.viewer in told.game.sheriffs  # binding terms bind the reader
    terms, me = offer_terms(event, names, official), told.mine(event)
    if event["player"] != event["merchant"]:
        return note(
            t("You ask: {terms}", terms=terms) if me else t("{name} asks: {terms}", name=told.name(event), terms=terms)
        )
    return note(
        t("You offer: {terms}", terms=terms) if me else t("{name} offers: {terms}", name=told.name(event), terms=terms)
    )


def _deal(event: Mapping, told: Told) -> str:
    official = told.viewer is not None and told.viewer in told.game.sheriffs
    text = note("✔ " + t("Deal! {terms}", terms=offer_terms(event["offer"], told.names, official)), colour="#00573F")
    paid = event.get("bribe")  # a deal that buys no pass (a payment to open a bag) is paid at once
    return text + (note(esc(_paid_line(paid, for_pass=False)), raw=True) if paid else "")


def _pass(event: Mapping, told: Told) -> str:
    names, viewer = told.names, told.viewer
    bag = bag_of(event["merchant"], names, viewer)
    lines = [
        t("You let {bag} pass.", bag=bag)
        if event["player"] == viewer
        else t("{sheriff} lets {bag} pass.", sheriff=names[event["player"]], bag=bag)
    ]
    bribe = event.get("bribe") or {}
    if bribe.get("gold") or bribe.get("stand") or bribe.get("bag"):
        lines.append(_paid_line(bribe))
        if bribe.get("on_the_table"):
            lines.append(t("Nobody said “Deal!”, but handing the bag back takes the bribe on the table."))
    if bribe.get("missing"):
        lines.append(t("Promised but not there, so not paid: {missing}.", missing=goods_text(bribe["missing"])))
    if bribe.get("shown"):
        lines.append(
            t("You show bag and stand to the sheriff to prove it.")
            if event["merchant"] == viewer
            else t("{name} shows bag and stand to the sheriff to prove it.", name=names[event["merchant"]])
        )
    if event.get("legal"):
        lines.append(t("Face up on the stand: {legal}.", legal=goods_text(event.get("legal"))))
    if event.get("contraband"):
        lines.append(
            ngettext(
                "Face down on the stand: {n} card (only its owner knows which).",
                "Face down on the stand: {n} cards (only their owner knows which).",
                event["contraband"],
            )
        )
    return note("<br>".join(esc(line) for line in lines), raw=True) + SEPARATOR


def _paid_line(bribe: Mapping, for_pass: bool = True) -> str:
    """ "Bribe paid: 5 gold + 1 Cheese from the stand + 1 face-down card from the bag." (types the reader may not see
    come as a face-down count); a payment that buys no pass (``for_pass=False``) is "Paid at once for the deal"."""
    parts = [t("{n} gold", n=bribe["gold"])] if bribe.get("gold") else []
    if bribe.get("stand"):
        parts.append(f"{goods_text(bribe['stand'])} {t('from the stand')}")
    if bribe.get("bag"):
        parts.append(f"{goods_text(bribe['bag'])} {t('from the bag')}")
    terms = " + ".join(parts)
    return t("Bribe paid: {terms}.", terms=terms) if for_pass else t("Paid at once for the deal: {terms}.", terms=terms)


def _inspect(event: Mapping, told: Told) -> str:
    names, viewer = told.names, told.viewer
    good, count = event["declared"]
    bag, decl = bag_of(event["merchant"], names, viewer), declaration_text(good, count)
    contents = goods_text(event["bag"])
    lines = [
        t("You open {bag}, declared “{decl}”: {contents}.", bag=bag, decl=decl, contents=contents)
        if event["player"] == viewer
        else t(
            "{sheriff} opens {bag}, declared “{decl}”: {contents}.",
            sheriff=names[event["player"]],
            bag=bag,
            decl=decl,
            contents=contents,
        )
    ]
    lines.append(_verdict(event, viewer))
    lines += _shortfall(event, names, viewer)
    colour = "#00573F" if event["honest"] else "#8A3A00"
    return note("<br>".join(esc(line) for line in lines), colour=colour, raw=True) + SEPARATOR


def _verdict(event: Mapping, viewer: int | None) -> str:
    """Honest or a lie, with the penalty arithmetic."""
    if event["honest"]:
        words = dict(sum=penalty_sum(event["bag"]).rsplit(" = ", 1)[0], gold=-event["gold_to_sheriff"])
        return (
            t("Honest! You pay the penalties: {sum} = {gold} gold.", **words)
            if event["player"] == viewer
            else t("Honest! The sheriff pays the penalties: {sum} = {gold} gold.", **words)
        )
    return t(
        "A lie! To the stand: {keep}. Confiscated: {lost}. The merchant pays their penalties: {sum} = {gold} gold.",
        keep=goods_text(event["to_stand"], empty="nothing"),
        lost=goods_text(event["confiscated"]),
        sum=penalty_sum(event["confiscated"]).rsplit(" = ", 1)[0],
        gold=event["gold_to_sheriff"],
    )


def _shortfall(event: Mapping, names: list[str], viewer: int | None) -> list[str]:
    """The line for a payer short of gold, who pays with goods from the stand (none otherwise)."""
    payment = event.get("payment") or {}
    if not (payment.get("goods") or payment.get("forgiven")):
        return []
    words = dict(gold=payment["gold"], goods=goods_text(payment["goods"]), forgiven=payment["forgiven"])
    return [
        t("Not enough gold: you pay {gold} gold and {goods} from your stand; {forgiven} gold forgiven.", **words)
        if payment["from"] == viewer
        else t(
            "Not enough gold: {name} pays {gold} gold and {goods} from the stand; {forgiven} gold forgiven.",
            name=names[payment["from"]],
            **words,
        )
    ]


def _declare(event: Mapping, told: Told) -> str:
    decl = declaration_text(event["good"], event["count"])
    return note(
        t("You say: {decl}", decl=decl)
        if told.mine(event)
        else t("{name} says: {decl}", name=told.name(event), decl=decl)
    )


def _load(event: Mapping, told: Told) -> str:
    return note(
        t("You load and close your bag.")
        if told.mine(event)
        else t("{name} loads and closes a bag.", name=told.name(event))
    )


def _discard_confiscated(event: Mapping, told: Told) -> str:
    pile = t("the left pile") if event["pile"] == 0 else t("the right pile")
    return note(
        t(
            "{name} puts the confiscated cards on {pile}, from the bottom up: {cards}; {top} is on top.",
            name=told.name(event),
            pile=pile,
            cards=", ".join(card_name(c, 1) for c in event["cards"]),
            top=card_name(event["cards"][-1], 1),
        )
    )


def _pass_remaining(event: Mapping, told: Told) -> str:
    return "".join(_say(e, told, PHASE_KINDS) for e in [*event.get("inspections", ()), *event["passes"]])


# ---------------------------------------------------------------------------------------------- the rounds
def _round_start(event: Mapping, told: Told) -> str:
    officials = [who(s, told.names, told.viewer) for s in event["officials"]]
    n = event["round"] + 1
    text = (
        t("Round {n} begins. Deputies: {a} and {b}.", n=n, a=officials[0], b=officials[1])
        if len(officials) == 2
        else t("Round {n} begins. Sheriff: {name}.", n=n, name=officials[0])
    )
    return heading(text, 5)


def _choose_first_merchant(event: Mapping, told: Told) -> str:
    merchant = who(event["merchant"], told.names, told.viewer)
    return note(
        t("You let {merchant} start the Market.", merchant=merchant)
        if told.mine(event)
        else t("{sheriff} lets {merchant} start the Market.", sheriff=told.name(event), merchant=merchant),
        colour="#333",
    )


def _market(event: Mapping, told: Told) -> str:
    name, mine, drawn = told.name(event), told.mine(event), told.drawn
    aside = goods_text(Counter(event["set_aside"]))
    if mine:
        parts = [t("You set aside {cards}", cards=aside) if event["set_aside"] else t("You keep your whole hand")]
    else:
        parts = [
            t("{name} sets aside {cards}", name=name, cards=aside)
            if event["set_aside"]
            else t("{name} keeps the whole hand", name=name)
        ]
    if event["from_piles"]:
        piles = goods_text(Counter(event["from_piles"]))
        parts.append(
            t("take {cards} from the discard piles", cards=piles)
            if mine
            else t("takes {cards} from the discard piles", cards=piles)
        )
    if event["from_deck"] and mine and drawn:
        parts.append(t("draw {cards} from the deck", cards=goods_text(drawn)))
    elif event["from_deck"]:
        parts.append(
            ngettext("draw {n} card from the deck", "draw {n} cards from the deck", event["from_deck"])
            if mine
            else ngettext("draws {n} card from the deck", "draws {n} cards from the deck", event["from_deck"])
        )
    text = ", ".join(parts[:-1]) + " " + t("and") + " " + parts[-1] if len(parts) > 1 else parts[0]
    return note(text + ".", colour="#333")


def _reshuffle(event: Mapping, _told: Told) -> str:
    return note(
        t("The deck ran out: {n} discarded cards are shuffled into a new deck.", n=event["cards"]), colour="#555"
    )


def _accept(event: Mapping, told: Told) -> str:
    bag = bag_of(event["merchant"], told.names, told.viewer)
    return note(
        t("You agree to the offer about {bag}; the others must agree too.", bag=bag)
        if told.mine(event)
        else t("{name} agrees to the offer about {bag}; the others must agree too.", name=told.name(event), bag=bag)
    )


def _vote(event: Mapping, told: Told) -> str:
    bag, name = bag_of(event["merchant"], told.names, told.viewer), told.name(event)
    inspect = event["vote"] == "inspect"
    if told.mine(event):
        return note(t("You vote to open {bag}.", bag=bag) if inspect else t("You vote to let {bag} pass.", bag=bag))
    return note(
        t("{name} votes to open {bag}.", name=name, bag=bag)
        if inspect
        else t("{name} votes to let {bag} pass.", name=name, bag=bag)
    )


def _split_decision(event: Mapping, told: Told) -> str:
    bag = bag_of(event["merchant"], told.names, told.viewer)
    return note(
        t("The deputies disagree: you handle {bag} alone.", bag=bag)
        if event["handler"] == told.viewer
        else t("The deputies disagree: {name} handles {bag} alone.", name=told.names[event["handler"]], bag=bag),
        colour="#8A3A00",
    )


def _booty(event: Mapping, _told: Told) -> str:
    cards = [goods_text(c, empty="no cards") for c in event["cards"]]
    return note(
        t(
            "The deputies share the Booty: {gold} gold each; cards: {a} / {b}.",
            gold=event["gold_each"],
            a=cards[0],
            b=cards[1],
        ),
        colour="#333",
    )


def _booty_choice(event: Mapping, told: Told) -> str:
    odd = t("the discard pile") if event["odd_to"] is None else who(event["odd_to"], told.names, told.viewer)
    return note(
        t("You say the odd coin or card goes to {odd}.", odd=odd)
        if told.mine(event)
        else t("{name} says the odd coin or card goes to {odd}.", name=told.name(event), odd=odd),
        colour="#555",
    )


def _black_market_claim(event: Mapping, told: Told) -> str:
    good, value = card_name(event["good"], 3), event["value"]
    return note(
        t("You trade 3 {good} for a Black Market card worth {value}.", good=good, value=value)
        if told.mine(event)
        else t(
            "{name} trades 3 {good} for a Black Market card worth {value}.",
            name=told.name(event),
            good=good,
            value=value,
        ),
        colour="#333",
    )


Sentence = Callable[[Mapping, Told], str]
SENTENCES: dict[str, Sentence] = {
    "offer": _offer,
    "deal": _deal,
    "pass": _pass,
    "inspect": _inspect,
    "declare": _declare,
    "load": _load,
    "round_end": lambda _e, _told: note(t("The round is over."), colour="#333"),
    "discard_confiscated": _discard_confiscated,
    "pass_remaining": _pass_remaining,
    "round_start": _round_start,
    "choose_first_merchant": _choose_first_merchant,
    "market": _market,
    "reshuffle": _reshuffle,
    "accept": _accept,
    "vote": _vote,
    "split_decision": _split_decision,
    "booty": _booty,
    "booty_choice": _booty_choice,
    "black_market_claim": _black_market_claim,
    "black_market_decline": lambda _e, _told: "",
    "game_over": lambda _e, _told: heading(t("The game is over."), 5),
}
"""Event kind → the function that tells it (``(event, told) -> HTML``); a kind not here is not told."""
PHASE_KINDS = frozenset(
    {"offer", "deal", "pass", "inspect", "declare", "load", "round_end", "discard_confiscated", "pass_remaining"}
)
"""The kinds the lessons on one phase tell (their pages show the rest of the round otherwise)."""


def market_summary(event: Mapping, game) -> str:
    """A character's Market move as the Market lesson (02) tells it, before the reader has met the whole game's
    sentences: how many cards it set aside (which ones in the 2nd edition, where they go face up).

    >>> from sheriff_nb.engine.game import Game
    >>> game = Game(players=3, seed=1, names=["Ann", "You", "Bob"])
    >>> "Ann sets aside 2 cards and draws back up to 6. (Apples, Silk)" in market_summary(
    ...     {"kind": "market", "player": 0, "set_aside": ["apples", "silk"]}, game
    ... )
    True
    """
    name, aside = game.names[event["player"]], event["set_aside"]
    if not aside:
        return note(t("{name} keeps the whole hand.", name=name), colour="#333")
    text = ngettext(
        "{name} sets aside {n} card and draws back up to 6.",
        "{name} sets aside {n} cards and draws back up to 6.",
        len(aside),
        name=name,
    )
    if game.options.edition == 2:
        text += f" ({', '.join(card_name(g) for g in aside)})"
    return note(text, colour="#333")


def _say(event: Mapping, told: Told, kinds: frozenset[str] | None) -> str:
    kind = event.get("kind")
    sentence = SENTENCES.get(kind) if kinds is None or kind in kinds else None
    return sentence(event, told) if sentence else ""


def narrate(
    event: Mapping, game, viewer: int | None = None, drawn: Mapping[str, int] | None = None, whole_game: bool = False
) -> str:
    """One event as HTML, in the current language, with the arithmetic spelled out (empty when there is nothing to
    say).  Sentences about ``viewer`` (the reader's seat) say "you"; ``drawn``: the cards the reader drew from the
    deck in a Market event of theirs; ``whole_game``: tell every kind of :data:`SENTENCES`, not only
    :data:`PHASE_KINDS`."""
    return _say(event, Told(game, viewer, drawn), None if whole_game else PHASE_KINDS)


__all__ = ["SENTENCES", "PHASE_KINDS", "narrate", "market_summary", "who", "bag_of", "SEPARATOR"]
