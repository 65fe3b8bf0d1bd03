"""What the whole-game page (lesson 09) shows of the table, drawn from the reader's view only: the reader's role, a
box per seat (gold, hand size, bag, stand, a character's habit), the reader's own cards, and the final scores.

>>> from sheriff_nb.engine.game import Game
>>> game = Game(players=3, seed=1, names=["Ann", "You", "Bob"])
>>> view = game.player_view(1)
>>> role_line(game, view, 1)
'This round you are the sheriff.'
>>> seats_html(game, view, 1, bots=[], characters={}).count("sheriff-play-seat-box")
3
"""

from __future__ import annotations

import ipywidgets as W

from ...engine.cards import GOODS
from ...play.bots import strategy
from ...theory.score_tables import game_scores
from ..display import show
from ..i18n import card_name, goods_text, ngettext, t
from ..palette import MUTED
from .base import FONT, esc, heading, html_widget, note, ok_html
from .cards import cards_row_html
from .scoring import scoreboard


def role_line(game, view, seat: int) -> str:
    """The reader's role this round (or that the game is over)."""
    if game.is_over:
        return t("The game is over.")
    if seat in view["sheriffs"]:
        return t("This round you are a deputy.") if len(view["sheriffs"]) == 2 else t("This round you are the sheriff.")
    return t("This round you are a merchant.")


def habit(bots, seat: int, official: bool) -> str:
    """What the character at ``seat`` does in its role this round (its sheriff habit while it is an official),
    from its personality; empty for the reader."""
    bot = bots[seat] if seat < len(bots) else None
    if bot is None:
        return ""
    half = getattr(bot, "sheriff" if official else "merchant", bot)
    words = t("As sheriff: {habit}") if official else t("As a merchant: {habit}")
    return words.format(habit=t(half.personality))


def _seat_lines(game, view, s: int, bots) -> list[str]:
    official = s in view["sheriffs"]
    role = (t("Deputy") if len(view["sheriffs"]) == 2 else t("Sheriff")) if official else ""
    badge = (
        f" <span style='background:#E69F00;color:#000;border-radius:8px;padding:0 6px;font-size:11px'>{esc(role)}</span>"
        if role
        else ""
    )
    decl = view["declarations"][s] if not game.is_over else None
    bag = (
        t("bag: “{decl}”", decl=f"{decl[1]} {card_name(decl[0], decl[1])}")
        if decl
        else t("bag loaded")
        if view["loaded"][s]
        else ""
    )
    stand = goods_text(view["stands"][s], empty="nothing yet")
    says = habit(bots, s, official) if not game.is_over else ""
    cards = ngettext("{n} card", "{n} cards", view["hand_sizes"][s])
    return [
        f"<b>{esc(view['names'][s])}</b>{badge}",
        esc(t("{gold} gold · {cards} in hand", gold=view["gold"][s], cards=cards)),
        esc(bag),
        esc(t("stand: {goods}", goods=stand)),
        f"<span class='sheriff-play-habit' style='color:{MUTED};font-size:12px'>{esc(says)}</span>" if says else "",
    ]


def seats_html(game, view, seat: int, bots, characters) -> str:
    """A box per seat (the reader's highlighted; a character's personality as its tooltip), and the deck's size."""
    boxes = []
    for s in range(len(view["names"])):
        you = "background:#FFF4CC;" if s == seat else ""
        tip = esc(t(strategy(characters[s]).personality)) if s in characters else ""
        lines = _seat_lines(game, view, s, bots)
        boxes.append(
            f"<div class='sheriff-play-seat-box' title='{tip}' style='{you}border:1px solid #bbb;"
            f"border-radius:8px;padding:3px 8px;flex:1 1 170px;max-width:100%;box-sizing:border-box;"
            f"font-size:13px;line-height:1.35'>{'<br>'.join(x for x in lines if x)}</div>"
        )
    return f"<div style='{FONT};display:flex;flex-wrap:wrap;gap:6px;max-width:100%'>{''.join(boxes)}</div>" + note(
        ngettext("Deck: {n} card", "Deck: {n} cards", view["deck"]), colour=MUTED
    )


def mine_html(view, need: str | None, seat: int) -> str:
    """The reader's hand (unless a form shows it), bag and stand."""
    parts = []
    if need not in ("market", "load") and view["hand"]:
        parts.append(heading(t("Your hand"), 5) + cards_row_html(view["hand"], size="s"))
    if view["bag"]:
        parts.append(heading(t("Your bag (only you can see it)"), 5) + cards_row_html(view["bag"], size="s"))
    mine = {g: n for g, n in view["stands"][seat].items() if g in GOODS}
    if mine:
        parts.append(
            heading(t("Your stand (your contraband is face down for the others)"), 5) + cards_row_html(mine, size="s")
        )
    return (
        "<div style='display:flex;flex-wrap:wrap;gap:0 24px;max-width:100%'>"
        + "".join(f"<div class='sheriff-play-mine-part' style='max-width:100%'>{p}</div>" for p in parts)
        + "</div>"
    )


def _verdict(frame, name: str) -> str:
    winners = list(frame.index[frame["rank"] == 1])
    if name in winners:
        return t("You win!") if len(winners) == 1 else t("You share the win!")
    return t("{names} wins. You finish number {rank}.", names=" & ".join(winners), rank=int(frame.loc[name, "rank"]))


def final_rows(game, view, seat: int) -> list[W.Widget]:
    """The end of the game: who won, the reader's story as a merchant, the scoreboard, the score chart and every
    stand with its contraband revealed."""
    frame = game_scores(game)
    stats = game.stats[seat]
    story = t(
        "As a merchant your bags passed {p} and were opened {i} (caught lying {c}); you paid {b}.",
        p=ngettext("{n} time", "{n} times", stats["bags_passed"]),
        i=ngettext("{n} time", "{n} times", stats["bags_inspected"]),
        c=ngettext("{n} time", "{n} times", stats["caught"]),
        b=ngettext("{n} bribe", "{n} bribes", stats["bribes_paid"]),
    )
    revealed = "".join(
        heading(t("Your stand") if s == seat else t("{name}'s stand", name=game.names[s]), 5)
        + cards_row_html(stand, size="s")
        for s, stand in enumerate(game.stands)
        if stand
    )
    out = W.Output(layout=W.Layout(max_width="100%", overflow="auto"))
    out.add_class("sheriff-play-chart")
    show(out, score_chart(game))
    return [
        html_widget(heading(t("Final scores"), 4) + ok_html(_verdict(frame, view["names"][seat])) + note(story)),
        scoreboard(game, highlight=view["names"][seat]),
        out,
        html_widget(heading(t("The stands, contraband revealed"), 5) + revealed),
    ]


def score_chart(game):
    """The final-score breakdown chart (:func:`sheriff_nb.ui.charts.score_breakdown_chart`): goods, gold and bonus."""
    from ..charts import score_breakdown_chart

    return score_breakdown_chart(game_scores(game))


__all__ = ["role_line", "habit", "seats_html", "mine_html", "final_rows", "score_chart"]
