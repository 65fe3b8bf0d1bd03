"""The deck: what it holds for each player count (with or without royal goods), and the odds of drawing
what you hope for.  Charts are small Altair charts drawn offline, once (:func:`sheriff_nb.ui.display.chart`).

>>> explorer = deck_explorer()
>>> explorer.players.value = 3
>>> "156 cards" in explorer.summary.value
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import partial

import ipywidgets as W

from ...engine.cards import FOUR_PLUS, GOODS, LEGAL_GOODS, card_id, deck
from ..charts.deck import deck_chart, deck_table, odds_chart, target_name
from ..display import chart, prepare_charts, warm_up
from ..i18n import ngettext, t
from ..numbers import percent
from .base import html_widget, labelled, note, wrap_box
from .chart_slot import ChartSlot
from .page import screen


def deck_summary(players: int = 4, royal: bool = False) -> str:
    """``"204 cards: 144 legal (71%), 60 contraband, 0 royal"`` as HTML."""
    counts = deck(players=players, royal=royal)
    by_kind = Counter()
    for good, n in counts.items():
        by_kind[GOODS[good].kind] += n
    total = sum(by_kind.values())
    return note(
        t(
            "{total} cards: {legal} legal ({legal_pct}), {contraband} contraband, {royal} royal",
            total=total,
            legal=by_kind["legal"],
            legal_pct=percent(by_kind["legal"] / total, 1),
            contraband=by_kind["contraband"],
            royal=by_kind["royal"],
        ),
        colour="#222",
    )


def _deck_drawing(players: int, royal: bool, width: int):
    """The deck chart at plot ``width``, drawn once (kept on disk)."""
    return chart(deck_chart, players, royal, width=width)


def _odds_drawing(target: str, cards: int, pool: tuple | None, at_least: int, width: int):
    """The odds chart at plot ``width`` (``pool``: the unseen cards as sorted pairs), drawn once (kept on disk)."""
    return chart(odds_chart, target, cards, None if pool is None else Counter(dict(pool)), at_least, width=width)


def _frozen(pool: Counter | None) -> tuple | None:
    return None if pool is None else tuple(sorted(pool.items()))


class DeckExplorer(W.VBox):
    """Two controls, one idea each: the player count (3, or 4 to 6: the same deck) and the royal-goods option."""

    def __init__(self, players: int = 4, royal: bool = False):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.players = W.ToggleButtons(
            options=[(t("3 players"), 3), (t("4–6 players"), 4)],
            value=min(players, 4),
            style={"button_width": "auto"},
            layout=W.Layout(max_width="100%"),
        )
        self.royal = W.Checkbox(
            value=royal, description=t("with royal goods"), indent=False, layout=W.Layout(width="auto")
        )
        self.summary = html_widget()
        self.chart = ChartSlot(_deck_drawing, wide=440, phone=200)  # its card names take 140 px
        self.players.observe(self.redraw, names="value")
        self.royal.observe(self.redraw, names="value")
        self.children = [wrap_box([self.players, self.royal]), self.summary, self.chart.out, screen()]
        self.redraw()
        warm_up(*(partial(self._draw_ahead, p, r) for p in (3, 4) for r in (False, True)))  # the 3 other states

    def _draw_ahead(self, players: int, royal: bool) -> None:
        for width in self.chart.widths():  # the sizes the reader's screen needs, known by the time this runs
            _deck_drawing(players, royal, width=width)

    def redraw(self, _change=None) -> None:
        """Redraw the readout and the chart."""
        self.summary.value = deck_summary(self.players.value, self.royal.value)
        self.chart.show(self.players.value, self.royal.value)


def deck_explorer(players: int = 4, royal: bool = False) -> DeckExplorer:
    """``sn.widgets.deck_explorer()``: the deck by player count and royal goods (see :class:`DeckExplorer`)."""
    return DeckExplorer(players, royal)


# ------------------------------------------------------------------ draw odds
TARGETS = ["legal", "contraband", "royal", *GOODS]


def odds_text(target: str, at_least: int, cards: int, pool: Mapping[str, int] | None = None) -> str:
    """The chance of at least ``at_least`` × ``target`` in ``cards`` cards from ``pool`` (default: the basic deck)."""
    from ...theory.analysis import draw_odds

    pool = deck() if pool is None else Counter(pool)
    size = sum(pool.values())
    chance = draw_odds(
        target if target in ("legal", "contraband", "royal") else card_id(target),
        at_least,
        cards=min(cards, size),
        deck=pool,
    )
    drawn = ngettext("{n} card", "{n} cards", cards)
    text = t(
        "Chance of at least {k} × {good} in {drawn} from {deck} unseen cards: <b>{pct}</b>",
        k=at_least,
        good=target_name(target),
        drawn=drawn,
        deck=size,
        pct=percent(chance, 1),
    )
    if 0 < chance < 0.5:
        text += f" ({t('about 1 time in {n}', n=round(1 / float(chance)))})"
    return note(text, colour="#222", raw=True)


class DrawOdds(W.VBox):
    """What are the odds?  Pick what you hope for, how many you need and how many cards you draw."""

    def __init__(
        self,
        target: str = "crossbow",
        at_least: int = 1,
        cards: int = 6,
        pool: Mapping[str, int] | None = None,
        chart: bool = True,
    ):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.pool = None if pool is None else Counter(pool)
        self.target = labelled(
            W.Dropdown(options=[(target_name(x), x) for x in TARGETS], value=target, layout=W.Layout(width="300px")),
            t("I hope to draw"),
        )
        self.at_least = labelled(
            W.IntSlider(value=at_least, min=1, max=5, layout=W.Layout(width="300px")), t("at least")
        )
        self.cards = labelled(W.IntSlider(value=cards, min=1, max=6, layout=W.Layout(width="300px")), t("cards drawn"))
        self.readout = html_widget()
        self.chart = ChartSlot(_odds_drawing) if chart else None
        for control in (self.target, self.at_least, self.cards):
            control.observe(self.update, names="value")
        self.children = [self.target, self.at_least, self.cards, self.readout] + (
            [self.chart.out, screen()] if self.chart else []
        )
        self.update()
        if chart:
            warm_up(prepare_charts)  # its controls draw charts not kept on disk: Altair ready before the first move

    def set_pool(self, pool: Mapping[str, int] | None) -> None:
        """Count the odds from other unseen cards (e.g. the deck minus your hand and the discards)."""
        self.pool = None if pool is None else Counter(pool)
        self.update()

    def update(self, _change=None) -> None:
        """Recompute the readout (and the chart)."""
        self.readout.value = odds_text(self.target.value, self.at_least.value, self.cards.value, self.pool)
        if self.chart is not None:
            self.chart.show(self.target.value, self.cards.value, _frozen(self.pool), self.at_least.value)


def draw_odds_explorer(
    target: str = "crossbow", at_least: int = 1, cards: int = 6, pool=None, chart: bool = True
) -> DrawOdds:
    """``sn.widgets.draw_odds_explorer()``: hypergeometric draw odds (see :class:`DrawOdds`)."""
    return DrawOdds(target, at_least, cards, pool, chart)


__all__ = [
    "deck_table",
    "deck_chart",
    "deck_summary",
    "DeckExplorer",
    "deck_explorer",
    "odds_text",
    "odds_chart",
    "DrawOdds",
    "draw_odds_explorer",
    "FOUR_PLUS",
    "LEGAL_GOODS",
]
