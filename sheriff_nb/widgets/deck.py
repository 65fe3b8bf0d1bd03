"""The deck: what it holds for each player count (with or without royal goods), and the odds of drawing
what you hope for.  Charts are small Altair charts drawn offline, once (:mod:`sheriff_nb.chart_cache`).

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

from ..cards import FOUR_PLUS, GOODS, LEGAL_GOODS, card_id, deck
from ..chart_cache import chart, prepare_charts, warm_up
from ..charts.base import TITLE_SIZE, WIDTH
from ..display import show
from ..i18n import N_, card_name, ngettext, t
from .base import PALETTE, html_widget, labelled, note, pct, wrap_box

KIND_ORDER = ["legal", "contraband", "royal"]


def deck_table(players: int = 4, royal: bool = False):
    """One row per card: name, kind, copies in the deck, copies removed with 3 players (a pandas DataFrame)."""
    import pandas as pd

    full = deck(players=4, royal=royal)
    now = deck(players=players, royal=royal)
    rows = []
    for good in GOODS:
        if good not in full:
            continue
        removed = full[good] - now[good]
        rows.append({"id": good, "card": card_name(good), "kind": GOODS[good].kind, "kind_label": t(GOODS[good].kind),
                     "copies": now[good], "removed": removed, "order": len(rows)})
    return pd.DataFrame(rows)


def deck_chart(players: int = 4, royal: bool = False, width: int = 440):
    """Copies of each card as bars coloured by kind (and, with 3 players, the removed "4+" cards as grey stubs).
    The title states the finding."""
    import altair as alt

    table = deck_table(players, royal)
    total = int(table["copies"].sum())
    long = table.melt(id_vars=["card", "kind", "kind_label", "order"], value_vars=["copies", "removed"],
                      var_name="part", value_name="n")
    long = long[long["n"] > 0].copy()
    long["part_label"] = long["part"].map({"copies": t("in the deck"), "removed": t("removed with 3 players")})
    long["colour"] = [t("removed with 3 players") if p == "removed" else k
                      for p, k in zip(long["part"], long["kind_label"], strict=True)]
    domain = [t(k) for k in KIND_ORDER if (table["kind"] == k).any()] + (
        [t("removed with 3 players")] if players == 3 else [])
    colours = [PALETTE[k] for k in KIND_ORDER if (table["kind"] == k).any()] + (["#BBBBBB"] if players == 3 else [])
    if players == 3:
        title = t("{removed} cards marked 4+ leave the deck with 3 players",
                  removed=int(table["removed"].sum()))
    else:
        top = table.sort_values("copies", ascending=False).iloc[0]
        title = t("{top} is the most common card: {n} of {total}", top=top["card"], n=int(top["copies"]),
                  total=total)
    return alt.Chart(long, title=alt.Title(title, anchor="start", fontSize=TITLE_SIZE)).mark_bar().encode(
        y=alt.Y("card:N", sort=list(table["card"]), title=None),
        x=alt.X("sum(n):Q", title=t("copies"), stack="zero"),
        color=alt.Color("colour:N", scale=alt.Scale(domain=domain, range=colours), title=t("kind"),
                        legend=alt.Legend(orient="bottom", columns=2)),
        order=alt.Order("part:N"),
        tooltip=["card:N", "part_label:N", "n:Q"],
    ).properties(width=width, height=22 * len(table))


def deck_summary(players: int = 4, royal: bool = False) -> str:
    """``"204 cards: 144 legal (71%), 60 contraband, 0 royal"`` as HTML."""
    counts = deck(players=players, royal=royal)
    by_kind = Counter()
    for good, n in counts.items():
        by_kind[GOODS[good].kind] += n
    total = sum(by_kind.values())
    return note(t("{total} cards: {legal} legal ({legal_pct}), {contraband} contraband, {royal} royal", total=total,
                  legal=by_kind["legal"], legal_pct=pct(by_kind["legal"] / total), contraband=by_kind["contraband"],
                  royal=by_kind["royal"]), colour="#222")


class DeckExplorer(W.VBox):
    """Two controls, one idea each: the player count (3 or 4–5) and the royal-goods option."""

    def __init__(self, players: int = 4, royal: bool = False):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.players = W.ToggleButtons(options=[(t("3 players"), 3), (t("4–5 players"), 4)], value=min(players, 4),
                                       style={"button_width": "auto"}, layout=W.Layout(max_width="100%"))
        self.royal = W.Checkbox(value=royal, description=t("with royal goods"), indent=False,
                                layout=W.Layout(width="auto"))
        self.summary = html_widget()
        self.chart = W.Output(layout=W.Layout(max_width="100%", overflow="auto"))
        self.players.observe(self.redraw, names="value")
        self.royal.observe(self.redraw, names="value")
        self.children = [wrap_box([self.players, self.royal]), self.summary, self.chart]
        self.redraw()
        warm_up(*(partial(chart, deck_chart, p, r) for p in (3, 4) for r in (False, True)))  # the 3 other states

    def redraw(self, _change=None) -> None:
        """Redraw the readout and the chart."""
        self.summary.value = deck_summary(self.players.value, self.royal.value)
        show(self.chart, chart(deck_chart, self.players.value, self.royal.value))


def deck_explorer(players: int = 4, royal: bool = False) -> DeckExplorer:
    """``sn.widgets.deck_explorer()``: the deck by player count and royal goods (see :class:`DeckExplorer`)."""
    return DeckExplorer(players, royal)


# ------------------------------------------------------------------ draw odds
TARGETS = ["legal", "contraband", "royal", *GOODS]


def target_name(target: str) -> str:
    """A draw target in words: a card name or "any legal good"."""
    if target in ("legal", "contraband", "royal"):
        return t({"legal": N_("any legal good"), "contraband": N_("any contraband"),
                  "royal": N_("any royal good")}[target])
    return card_name(target)


def odds_text(target: str, at_least: int, cards: int, pool: Mapping[str, int] | None = None) -> str:
    """The chance of at least ``at_least`` × ``target`` in ``cards`` cards from ``pool`` (default: the basic deck)."""
    from ..analysis import draw_odds

    pool = deck() if pool is None else Counter(pool)
    size = sum(pool.values())
    chance = draw_odds(target if target in ("legal", "contraband", "royal") else card_id(target), at_least,
                       cards=min(cards, size), deck=pool)
    drawn = ngettext("{n} card", "{n} cards", cards)
    text = t("Chance of at least {k} × {good} in {drawn} from {deck} unseen cards: <b>{pct}</b>", k=at_least,
             good=target_name(target), drawn=drawn, deck=size, pct=pct(chance))
    if 0 < chance < 0.5:
        text += f" ({t('about 1 time in {n}', n=round(1 / float(chance)))})"
    return note(text, colour="#222", raw=True)


def odds_chart(target: str, cards: int, pool: Mapping[str, int] | None = None, at_least: int | None = None):
    """P(at least k) for k = 1 … ``cards``, the chosen k highlighted."""
    import altair as alt
    import pandas as pd

    from ..analysis import draw_odds

    pool = deck() if pool is None else Counter(pool)
    key = target if target in ("legal", "contraband", "royal") else card_id(target)
    rows = [{"k": k, "chance": float(draw_odds(key, k, cards=cards, deck=pool)), "chosen": k == at_least}
            for k in range(1, cards + 1)]
    return alt.Chart(pd.DataFrame(rows), title=alt.Title(
        t("Chance of at least k {good} in {cards} cards", good=target_name(target), cards=cards), anchor="start",
        fontSize=TITLE_SIZE)).mark_bar().encode(
        x=alt.X("k:O", title=t("at least k"), axis=alt.Axis(labelAngle=0)),
        y=alt.Y("chance:Q", title=t("chance"), axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1])),
        color=alt.condition(alt.datum.chosen, alt.value("#0072B2"), alt.value("#A6C8E0")),
        tooltip=[alt.Tooltip("k:O"), alt.Tooltip("chance:Q", format=".1%")]).properties(width=WIDTH, height=200)


class DrawOdds(W.VBox):
    """What are the odds?  Pick what you hope for, how many you need and how many cards you draw."""

    def __init__(self, target: str = "crossbow", at_least: int = 1, cards: int = 6,
                 pool: Mapping[str, int] | None = None, chart: bool = True):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.pool = None if pool is None else Counter(pool)
        self.target = labelled(W.Dropdown(options=[(target_name(x), x) for x in TARGETS], value=target,
                                          layout=W.Layout(width="300px")), t("I hope to draw"))
        self.at_least = labelled(W.IntSlider(value=at_least, min=1, max=5, layout=W.Layout(width="300px")),
                                 t("at least"))
        self.cards = labelled(W.IntSlider(value=cards, min=1, max=6, layout=W.Layout(width="300px")),
                              t("cards drawn"))
        self.readout = html_widget()
        self.chart = W.Output(layout=W.Layout(max_width="100%", overflow="auto")) if chart else None
        for control in (self.target, self.at_least, self.cards):
            control.observe(self.update, names="value")
        self.children = [self.target, self.at_least, self.cards, self.readout] + ([self.chart] if chart else [])
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
            show(self.chart, chart(odds_chart, self.target.value, self.cards.value, self.pool, self.at_least.value))


def draw_odds_explorer(target: str = "crossbow", at_least: int = 1, cards: int = 6, pool=None,
                       chart: bool = True) -> DrawOdds:
    """``sn.widgets.draw_odds_explorer()``: hypergeometric draw odds (see :class:`DrawOdds`)."""
    return DrawOdds(target, at_least, cards, pool, chart)


__all__ = ["deck_table", "deck_chart", "deck_summary", "DeckExplorer", "deck_explorer", "odds_text", "odds_chart",
           "DrawOdds", "draw_odds_explorer", "FOUR_PLUS", "LEGAL_GOODS"]
