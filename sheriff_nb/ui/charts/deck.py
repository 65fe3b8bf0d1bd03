"""The deck's charts (lesson 01 and the draw-odds explorer): the copies of each card by kind, and the chance of
drawing what you hope for.  Pure builders: data in, Altair chart out.

>>> title_text(deck_chart(players=3))
'48 cards marked 4+ leave the deck with 3 players'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from ...engine.cards import GOODS, card_id, deck
from ...theory.analysis import draw_odds
from ..i18n import N_, card_name, pt, t
from ..palette import PALETTE
from .base import TITLE_SIZE, WIDTH, title_text
from .drawing import drawing

__all__ = ["KIND_ORDER", "deck_table", "deck_chart", "target_name", "odds_chart", "title_text"]

KIND_ORDER = ["legal", "contraband", "royal"]
"""The kinds' colours, as the cards' borders: legal green, contraband red, royal purple."""


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


@drawing
def deck_chart(players: int = 4, royal: bool = False, width: int = 440):
    """Copies of each card as bars coloured by kind (and, with 3 players, the removed "4+" cards as grey stubs).
    The title states the finding."""
    import altair as alt

    table = deck_table(players, royal)
    total = int(table["copies"].sum())
    long = table.melt(
        id_vars=["card", "kind", "kind_label", "order"],
        value_vars=["copies", "removed"],
        var_name="part",
        value_name="n",
    )
    long = long[long["n"] > 0].copy()
    long["part_label"] = long["part"].map({"copies": t("in the deck"), "removed": t("removed with 3 players")})
    long["colour"] = [
        t("removed with 3 players") if p == "removed" else k
        for p, k in zip(long["part"], long["kind_label"], strict=True)
    ]
    domain = [pt("rule", k) for k in KIND_ORDER if (table["kind"] == k).any()] + (
        [t("removed with 3 players")] if players == 3 else []
    )
    colours = [PALETTE[k] for k in KIND_ORDER if (table["kind"] == k).any()] + (["#BBBBBB"] if players == 3 else [])
    if players == 3:
        title = t("{removed} cards marked 4+ leave the deck with 3 players", removed=int(table["removed"].sum()))
    else:
        top = table.sort_values("copies", ascending=False).iloc[0]
        title = t("{top} is the most common card: {n} of {total}", top=top["card"], n=int(top["copies"]), total=total)
    return (
        alt.Chart(long, title=alt.Title(title, anchor="start", fontSize=TITLE_SIZE))
        .mark_bar()
        .encode(
            y=alt.Y("card:N", sort=list(table["card"]), title=None),
            x=alt.X("sum(n):Q", title=t("copies"), stack="zero"),
            color=alt.Color(
                "colour:N",
                scale=alt.Scale(domain=domain, range=colours),
                title=t("kind"),
                legend=alt.Legend(orient="bottom", columns=2),
            ),
            order=alt.Order("part:N"),
            tooltip=["card:N", "part_label:N", "n:Q"],
        )
        .properties(width=width, height=22 * len(table))
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
    """P(at least k) for k = 1 … ``cards``, the chosen k highlighted."""
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
        .mark_bar()
        .encode(
            x=alt.X("k:O", title=t("at least k"), axis=alt.Axis(labelAngle=0)),
            y=alt.Y("chance:Q", title=t("chance"), axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1])),
            color=alt.condition(alt.datum.chosen, alt.value("#0072B2"), alt.value("#A6C8E0")),
            tooltip=[alt.Tooltip("k:O"), alt.Tooltip("chance:Q", format=".1%")],
        )
        .properties(width=width, height=200)
    )
