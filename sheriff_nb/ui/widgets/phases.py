"""The round at a glance, and the game's events told in plain words with all the arithmetic.

>>> from sheriff_nb.ui.widgets.cast import lesson_game
>>> from sheriff_nb import Inspect
>>> game, _ = lesson_game("inspection")
>>> event = game.apply(Inspect(0, merchant=1))
>>> text = narrate(event, game)
>>> "A lie!" in text and "1 Bread × 2 + 1 Silk × 4 = 6" in text
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import ipywidgets as W

from ...engine.cards import GOODS, ORDER
from ...engine.game import Phase
from ..i18n import N_, card_name, goods_text, ngettext, t
from ..numbers import quote
from ..palette import ACCENT, INK
from .base import FONT, esc, html_widget, note

SEPARATOR = "<hr style='margin:5px 0;border:0;border-top:1px solid #ccc'>"
PHASES = [
    (Phase.MARKET, N_("Market"), "02_market.ipynb"),
    (Phase.LOAD, N_("Load the bag"), "03_load_the_bag.ipynb"),
    (Phase.DECLARATION, N_("Declaration"), "04_declaration.ipynb"),
    (Phase.INSPECTION, N_("Inspection"), "05_inspection_and_bribes.ipynb"),
    (None, N_("End of round"), "06_scoring.ipynb"),
]
"""The phases of a round: engine phase, name, and the lesson that teaches it (each chip of the bar links to it)."""


def round_bar_html(
    phase: Phase | str | None = None,
    round_no: int | None = None,
    rounds: int | None = None,
    sheriff: str | None = None,
    deputies: bool = False,
    target: str = "_self",
) -> str:
    """The five phases of a round as numbered chips, each a link to the lesson on that phase, underlined in the
    link colour so that it does not pass for a tab of the game (``target``: ``"_blank"`` opens it in a new tab, so a
    game in progress stays, and the chip says so with "↗"); the current one is filled (and marked "▶" for people
    who cannot tell the colours apart).

    >>> bar = round_bar_html("inspection")
    >>> "href='05_inspection_and_bribes.ipynb'" in bar and "▶ 4 Inspection" in bar and "↗" not in bar
    True
    >>> "4 Inspection ↗" in round_bar_html("market", target="_blank")
    True
    """
    phase = Phase(phase) if isinstance(phase, str) and phase != "end" else phase
    chips = []
    for number, (key, name, lesson) in enumerate(PHASES, 1):
        current = key == phase or (phase == "end" and key is None)
        style = (
            f"background:{INK['legal']};color:#fff;font-weight:bold"
            if current
            else f"background:#F4F4F4;color:{ACCENT}"
        )
        mark, away = "▶ " if current else "", " ↗" if target == "_blank" else ""
        tip = esc(t("Open the lesson on this phase"))
        chips.append(
            f"<a class='sheriff-phase' href='{lesson}' target='{target}' title='{tip}' style='{style};"
            f"border-radius:12px;padding:2px 9px;margin:2px 4px 2px 0;display:inline-block;font-size:13px;"
            f"text-decoration:underline'>{mark}{number} {esc(t(name))}{away}</a>"
        )
    info = []
    if round_no is not None and rounds:
        info.append(t("Round {round} of {rounds}", round=round_no, rounds=rounds))
    if sheriff:
        info.append(t("Deputies: {name}", name=sheriff) if deputies else t("Sheriff: {name}", name=sheriff))
    line = f"<div style='font-size:12px;color:#555'>{esc(' · '.join(info))}</div>" if info else ""
    return f"<div style='{FONT};display:flex;flex-wrap:wrap;align-items:center'>{''.join(chips)}</div>{line}"


def round_bar(game=None, phase: str | None = None) -> W.HTML:
    """A phase tracker widget for a game (or just highlighting ``phase``)."""
    if game is None:
        return html_widget(round_bar_html(phase))
    officials = " & ".join(game.names[s] for s in game.sheriffs)
    return html_widget(
        round_bar_html(
            game.phase,
            min(game.round + 1, game.options.rounds),
            game.options.rounds,
            officials,
            deputies=len(game.sheriffs) > 1,
        )
    )


def penalty_sum(goods: Mapping[str, int]) -> str:
    """The penalty arithmetic of some goods, e.g. ``"1 Cheese × 2 + 2 Mead × 4 = 10"``."""
    items = sorted(((g, n) for g, n in goods.items() if n), key=lambda kv: ORDER[kv[0]])
    total = sum(GOODS[g].penalty * n for g, n in items)
    return " + ".join(f"{n} {card_name(g, n)} × {GOODS[g].penalty}" for g, n in items) + f" = {total}"


def offer_terms(offer: Mapping, names: list[str], to_official: bool = False) -> str:
    """An offer's terms in words: gold, stand goods, bag goods, binding terms, the (non-binding) promise;
    ``to_official``: read by the sheriff (or a deputy), whom the binding terms bind, so they say "you".

    >>> names = ["Little John", "You", "Will"]
    >>> offer_terms({"gold": 2, "inspect": [2], "promise": "trust me"}, names)
    "2 gold + binding: the sheriff also opens Will's bag; promise (binds nobody): “trust me”"
    >>> offer_terms({"gold": 2, "inspect": [2]}, names, to_official=True)
    "2 gold + binding: you also open Will's bag"
    """
    parts = []
    if offer.get("gold"):
        parts.append(t("{n} gold", n=offer["gold"]))
    if offer.get("stand"):
        parts.append(f"{goods_text(Counter(offer['stand']))} {t('from the stand')}")
    if offer.get("bag"):
        parts.append(f"{goods_text(Counter(offer['bag']))} {t('from the bag')}")
    for seat in offer.get("inspect", ()):
        parts.append(
            t("binding: you also open {name}'s bag", name=names[seat])
            if to_official
            else t("binding: the sheriff also opens {name}'s bag", name=names[seat])
        )
    for seat in offer.get("passes", ()):
        parts.append(
            t("binding: you also let {name}'s bag pass", name=names[seat])
            if to_official
            else t("binding: the sheriff also lets {name}'s bag pass", name=names[seat])
        )
    text = " + ".join(parts) if parts else t("nothing at all")
    if offer.get("promise"):
        text += f"; {t('promise (binds nobody)')}: {quote(offer['promise'])}"
    if offer.get("buys_pass") is False:
        text += " " + t("(it buys no pass of the payer's own bag)")
    return text


def declaration_text(good: str, count: int) -> str:
    """``"4 Chickens"``."""
    return f"{count} {card_name(good, count)}"


def _bag_of(seat: int, names: list[str], viewer: int | None) -> str:
    return t("your bag") if seat == viewer else t("{name}'s bag", name=names[seat])


def narrate(event: Mapping, game, viewer: int | None = None) -> str:
    """One event as HTML, in the current language, with the arithmetic spelled out.  Sentences about
    ``viewer`` (the reader's seat) say "you"."""
    names = game.names
    kind = event.get("kind")
    me = event.get("player") == viewer
    official = viewer is not None and viewer in game.sheriffs  # binding terms bind the reader: "you"
    if kind == "offer":
        sheriff = event["player"] != event["merchant"]
        terms = offer_terms(event, names, official)
        if sheriff:
            text = (
                t("You ask: {terms}", terms=terms)
                if me
                else t("{name} asks: {terms}", name=names[event["player"]], terms=terms)
            )
        else:
            text = (
                t("You offer: {terms}", terms=terms)
                if me
                else t("{name} offers: {terms}", name=names[event["player"]], terms=terms)
            )
        return note(text)
    if kind == "deal":
        text = note("✔ " + t("Deal! {terms}", terms=offer_terms(event["offer"], names, official)), colour="#00573F")
        paid = event.get("bribe")  # a deal that buys no pass (a payment to open a bag) is paid at once
        return text + (note(esc(_paid_line(paid, names, for_pass=False)), raw=True) if paid else "")
    if kind == "pass":
        return _narrate_pass(event, names, viewer)
    if kind == "inspect":
        return _narrate_inspect(event, names, viewer)
    if kind == "declare":
        decl = declaration_text(event["good"], event["count"])
        return note(
            t("You say: {decl}", decl=decl) if me else t("{name} says: {decl}", name=names[event["player"]], decl=decl)
        )
    if kind == "load":
        return note(
            t("You load and close your bag.")
            if me
            else t("{name} loads and closes a bag.", name=names[event["player"]])
        )
    if kind == "round_end":
        return note(t("The round is over."), colour="#333")
    if kind == "discard_confiscated":
        pile = t("the left pile") if event["pile"] == 0 else t("the right pile")
        return note(
            t(
                "{name} puts the confiscated cards on {pile}, from the bottom up: {cards}; {top} is on top.",
                name=names[event["player"]],
                pile=pile,
                cards=", ".join(card_name(c, 1) for c in event["cards"]),
                top=card_name(event["cards"][-1], 1),
            )
        )
    if kind == "pass_remaining":
        return "".join(narrate(e, game, viewer) for e in [*event.get("inspections", ()), *event["passes"]])
    return ""


def _narrate_pass(event: Mapping, names: list[str], viewer: int | None) -> str:
    bag = _bag_of(event["merchant"], names, viewer)
    lines = [
        t("You let {bag} pass.", bag=bag)
        if event["player"] == viewer
        else t("{sheriff} lets {bag} pass.", sheriff=names[event["player"]], bag=bag)
    ]
    bribe = event.get("bribe") or {}
    if bribe.get("gold") or bribe.get("stand") or bribe.get("bag"):
        lines.append(_paid_line(bribe, names))
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


def _paid_line(bribe: Mapping, names: list[str], for_pass: bool = True) -> str:
    """ "Bribe paid: 5 gold + 1 Cheese from the stand + 1 face-down card from the bag." (types the reader may not see
    come as a face-down count); a payment that buys no pass (``for_pass=False``) is "Paid at once for the deal"."""
    parts = [t("{n} gold", n=bribe["gold"])] if bribe.get("gold") else []
    if bribe.get("stand"):
        parts.append(f"{goods_text(bribe['stand'])} {t('from the stand')}")
    if bribe.get("bag"):
        parts.append(f"{goods_text(bribe['bag'])} {t('from the bag')}")
    terms = " + ".join(parts)
    return t("Bribe paid: {terms}.", terms=terms) if for_pass else t("Paid at once for the deal: {terms}.", terms=terms)


def _narrate_inspect(event: Mapping, names: list[str], viewer: int | None) -> str:
    good, count = event["declared"]
    bag, decl = _bag_of(event["merchant"], names, viewer), declaration_text(good, count)
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
    if event["honest"]:
        lines.append(
            t(
                "Honest! You pay the penalties: {sum} = {gold} gold.",
                sum=penalty_sum(event["bag"]).rsplit(" = ", 1)[0],
                gold=-event["gold_to_sheriff"],
            )
            if event["player"] == viewer
            else t(
                "Honest! The sheriff pays the penalties: {sum} = {gold} gold.",
                sum=penalty_sum(event["bag"]).rsplit(" = ", 1)[0],
                gold=-event["gold_to_sheriff"],
            )
        )
        colour = "#00573F"
    else:
        lines.append(
            t(
                "A lie! To the stand: {keep}. Confiscated: {lost}. The merchant pays their penalties: "
                "{sum} = {gold} gold.",
                keep=goods_text(event["to_stand"], empty="nothing"),
                lost=goods_text(event["confiscated"]),
                sum=penalty_sum(event["confiscated"]).rsplit(" = ", 1)[0],
                gold=event["gold_to_sheriff"],
            )
        )
        colour = "#8A3A00"
    payment = event.get("payment") or {}
    if payment.get("goods") or payment.get("forgiven"):
        words = dict(gold=payment["gold"], goods=goods_text(payment["goods"]), forgiven=payment["forgiven"])
        lines.append(
            t("Not enough gold: you pay {gold} gold and {goods} from your stand; {forgiven} gold forgiven.", **words)
            if payment["from"] == viewer
            else t(
                "Not enough gold: {name} pays {gold} gold and {goods} from the stand; {forgiven} gold forgiven.",
                name=names[payment["from"]],
                **words,
            )
        )
    return note("<br>".join(esc(line) for line in lines), colour=colour, raw=True) + SEPARATOR


def gold_line(game) -> str:
    """Everyone's gold, e.g. ``"Gold now: Little John 50 · You 46 · …"``."""
    return note(
        t("Gold now") + ": " + " · ".join(f"{n} {g}" for n, g in zip(game.names, game.gold, strict=True)), colour="#333"
    )


__all__ = ["round_bar", "round_bar_html", "narrate", "offer_terms", "penalty_sum", "declaration_text", "gold_line"]
