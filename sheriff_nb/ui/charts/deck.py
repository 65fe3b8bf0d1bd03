"""The deck's charts (lesson 01 and the draw-odds explorer): the copies of each card by kind, and the chance of
drawing what you hope for.  Pure builders: data in, Altair chart out.

>>> title_text(deck_chart(players=3))
'48 cards leave the deck with 3 players: 156 remain'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from ...engine.cards import GOODS, card_id, deck
from ...theory.analysis import draw_odds
from ..i18n import N_, card_name, pt, t
from ..palette import INK_TEXT, PALETTE
from .base import TEXT_SIZE, TITLE_SIZE, WIDTH, chart_title, title_text
from .drawing import drawing

__all__ = ["KIND_ORDER", "deck_table", "deck_chart", "deck_title", "target_name", "odds_chart", "title_text"]

KIND_ORDER = ["legal", "contraband", "royal"]
"""The kinds in the deck chart's order; their colours are the cards' borders (legal green, contraband red, royal
purple), and each kind's cards sit under its name."""


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
        rows.append(
            {
                "id": good,
                "card": card_name(good),
                "kind": GOODS[good].kind,
                "kind_label": pt("rule", GOODS[good].kind),
                "copies": now[good],
                "removed": removed,
                "order": len(rows),
            }
        )
    return pd.DataFrame(rows)


def deck_title(table, players: int) -> str:
    """The deck chart's finding, from its :func:`deck_table`: what 3 players remove, else the most common card."""
    total = int(table["copies"].sum())
    if players == 3:
        return t(
            "{removed} cards leave the deck with 3 players: {left} remain",
            removed=int(table["removed"].sum()),
            left=total,
        )
    top = table.sort_values("copies", ascending=False).iloc[0]
    return t("{top} is the most common card: {n} of {total}", top=top["card"], n=int(top["copies"]), total=total)


@drawing
def deck_chart(players: int = 4, royal: bool = False, width: int = 440):
    """Copies of each card as bars coloured by kind, the cards of each kind under its name (the name, not only the
    colour, tells the kinds apart); with 3 players the cards that leave the deck are pale stubs outlined dashed.
    The title states the finding.

    >>> chart = deck_chart(players=3, royal=True)
    >>> title_text(chart)
    '54 cards leave the deck with 3 players: 162 remain'
    >>> spec = chart.to_dict()
    >>> spec["encoding"]["row"]["field"], spec["encoding"]["strokeDash"]["scale"]["range"]
    ('kind_label', [[1, 0], [4, 3]])
    """
    import altair as alt

    table = deck_table(players, royal)
    long = table.melt(
        id_vars=["card", "kind", "kind_label", "order"],
        value_vars=["copies", "removed"],
        var_name="part",
        value_name="n",
    )
    long = long[long["n"] > 0].copy()
    parts = [t("in the deck"), t("removed with 3 players")]
    long["part_label"] = long["part"].map(dict(zip(["copies", "removed"], parts, strict=True)))
    kinds = [pt("rule", k) for k in KIND_ORDER if (table["kind"] == k).any()]
    colours = [PALETTE[k] for k in KIND_ORDER if (table["kind"] == k).any()]
    kind = {"scale": alt.Scale(domain=kinds, range=colours), "title": t("kind"), "legend": None}
    part = {
        "sort": parts,
        "title": None,
        "legend": alt.Legend(
            orient="bottom",
            symbolSize=200,
            symbolStrokeWidth=1.5,
            symbolFillColor="#DDDDDD",
            symbolStrokeColor=INK_TEXT,
        )
        if players == 3
        else None,
    }
    return (
        alt.Chart(long, title=chart_title(deck_title(table, players), width))
        .mark_bar(strokeWidth=1.5)
        .encode(
            y=alt.Y("card:N", sort=list(table["card"]), title=None),
            x=alt.X("sum(n):Q", title=t("copies"), stack="zero"),
            color=alt.Color("kind_label:N", **kind),  # no legend: the kinds' names head their cards
            stroke=alt.Stroke("kind_label:N", **kind),
            fillOpacity=alt.FillOpacity("part_label:N", scale=alt.Scale(domain=parts, range=[1, 0.25]), **part),
            strokeDash=alt.StrokeDash("part_label:N", scale=alt.Scale(domain=parts, range=[[1, 0], [4, 3]]), **part),
            row=alt.Row(
                "kind_label:N",
                sort=kinds,
                title=t("kind"),
                header=alt.Header(
                    title=None,
                    labelAngle=0,
                    labelOrient="top",
                    labelAnchor="start",
                    labelFontSize=TEXT_SIZE,
                    labelFontWeight="bold",
                    labelColor=INK_TEXT,
                    labelPadding=2,
                ),
                spacing=8,
            ),
            order=alt.Order("part:N"),
            tooltip=["card:N", "part_label:N", "n:Q"],
        )
        .resolve_scale(y="independent")
        .properties(width=width, height=alt.Step(22))
    )


def target_name(target: str) -> str:
    """A draw target in words: a card name or "any legal good"."""
    if target in ("legal", "contraband", "royal"):
        return t(
            {"legal": N_("any legal good"), "contraband": N_("any contraband"), "royal": N_("any royal good")}[target]
        )
    return card_name(target)


@drawing
def odds_chart(
    target: str, cards: int, pool: Mapping[str, int] | None = None, at_least: int | None = None, width: int = WIDTH
):
    """P(at least k) for k = 1 … ``cards``, the chosen k highlighted (darker, outlined)."""
    import altair as alt
    import pandas as pd

    pool = deck() if pool is None else Counter(pool)
    key = target if target in ("legal", "contraband", "royal") else card_id(target)
    rows = [
        {"k": k, "chance": float(draw_odds(key, k, cards=cards, deck=pool)), "chosen": k == at_least}
        for k in range(1, cards + 1)
    ]
    return (
        alt.Chart(
            pd.DataFrame(rows),
            title=alt.Title(
                t("Chance of at least k {good} in {cards} cards", good=target_name(target), cards=cards),
                anchor="start",
                fontSize=TITLE_SIZE,
            ),
        )
        .mark_bar(stroke=INK_TEXT)
        .encode(
            x=alt.X("k:O", title=t("at least k"), axis=alt.Axis(labelAngle=0)),
            y=alt.Y("chance:Q", title=t("chance"), axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1])),
            color=alt.condition(alt.datum.chosen, alt.value("#0072B2"), alt.value("#A6C8E0")),
            strokeWidth=alt.condition(alt.datum.chosen, alt.value(2.5), alt.value(0)),  # not by its colour alone
            tooltip=[alt.Tooltip("k:O"), alt.Tooltip("chance:Q", format=".1%")],
        )
        .properties(width=width, height=200)
    )
