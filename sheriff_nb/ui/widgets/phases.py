"""The round at a glance, and the words the game's sentences share: an offer's terms, a declaration, a penalty sum.

The sentences themselves (event kind → sentence) are :mod:`sheriff_nb.ui.widgets.narration`'s table.

>>> penalty_sum({"bread": 1, "silk": 1})
'1 Bread × 2 + 1 Silk × 4 = 6'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import ipywidgets as W

from ...engine.cards import GOODS, ORDER
from ...engine.game import Phase
from ..i18n import N_, card_name, goods_text, t
from ..numbers import quote
from ..palette import ACCENT, INK
from .base import FONT, esc, html_widget, note

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


def gold_line(game) -> str:
    """Everyone's gold, e.g. ``"Gold now: Little John 50 · You 46 · …"``."""
    return note(
        t("Gold now") + ": " + " · ".join(f"{n} {g}" for n, g in zip(game.names, game.gold, strict=True)), colour="#333"
    )


__all__ = ["round_bar", "round_bar_html", "offer_terms", "penalty_sum", "declaration_text", "gold_line"]
