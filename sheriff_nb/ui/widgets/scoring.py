"""Phase 5 and the end of the game: the scoreboard with King and Queen, and a sandbox to edit stands.

Scores come from :mod:`sheriff_nb.engine.scoring` (the rows behind :func:`sheriff_nb.score` and
:func:`sheriff_nb.king_queen`, without importing pandas); nothing is recomputed here.

>>> board = scoreboard()                     # the 2nd-edition rulebook's David (its scoring example)
>>> "125" in board.value and "David of Doncaster" in board.value
True

A translated page shows the characters' names and the titles in its language:

>>> from sheriff_nb.ui.i18n import set_language
>>> set_language("ru"); html = king_queen_html({"Will Scarlet": {"cheese": 10}, "Maid Marion": {"cheese": 11}})
'ru'
>>> [word in html for word in ("Король", "Королева", "Уилл Скарлет", "Will Scarlet")], set_language("en")
([True, True, True, False], 'en')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import ipywidgets as W

from ...engine.cards import card_id
from ...engine.scoring import king_queen_awards, score_rows
from ..i18n import card_name, goods_text, pN_, pt, t
from .base import esc, heading, html_widget, labelled, note, ok_html, table_html, wrap_box
from .cards import GoodsEditor

DAVID = "David of Doncaster"
EXAMPLE_STANDS = {
    DAVID: {"apples": 4, "cheese": 6, "bread": 1, "chickens": 4, "pepper": 2, "crossbow": 1},
    "Maid Marion": {"apples": 5, "cheese": 1, "bread": 2, "chickens": 4},
    "Will Scarlet": {"apples": 5, "bread": 2, "chickens": 9},
}
"""David's stand and gold are the 2nd-edition rulebook's (its scoring example); the rulebook shows no other stand, so
Marion's and Will's are made up to fit it: David is Cheese King and shares the Chicken Queen with Marion."""
EXAMPLE_GOLD = {DAVID: 42, "Maid Marion": 40, "Will Scarlet": 30}
TITLES = {"King": pN_("award", "King"), "Queen": pN_("award", "Queen")}
"""The engine's names of the two bonuses (:func:`~sheriff_nb.engine.scoring.king_queen_awards`), for the catalogues."""


def award_title(title: str) -> str:
    """``"King"`` or ``"Queen"`` in the page's language."""
    return pt("award", TITLES[title])


SHORT_NAMES = (pN_("cast", "Sir Guy"), pN_("cast", "Much"), pN_("cast", "Will"), pN_("cast", "Marion"))
"""The characters' short names, as the lessons' tables and engine demonstrations seat them."""


def player_name(player) -> str:
    """A player as the page names them: one of the lessons' characters in the page's language (the catalogues'
    ``cast`` names), anyone else as given."""
    return pt("cast", str(player))


def _stands(stands: Mapping) -> dict:
    return {p: Counter({card_id(g): n for g, n in s.items() if n}) for p, s in stands.items()}


def king_queen_html(stands: Mapping) -> str:
    """Who is King and Queen of each legal good (ties split and rounded down), as a table."""
    awards = king_queen_awards(_stands(stands))  # what sn.king_queen tabulates, without pandas
    if not awards:
        return note(t("nobody yet"), colour="#666")
    rows = []
    for good, title, players, count, bonus in awards:
        tie = f" ({t('tie')})" if len(players) > 1 else ""
        rows.append(
            [
                card_name(good),
                award_title(title) + tie,
                ", ".join(map(player_name, players)),
                count,
                f"{bonus} {t('each')}" if len(players) > 1 else bonus,
            ]
        )
    return table_html([t("good"), t("title"), t("players"), t("count"), t("bonus")], rows)


def score_html(stands: Mapping, gold: Mapping, highlight=None) -> str:
    """The final scores (goods + gold + King/Queen bonus), winners first, and the King/Queen table."""
    scores = score_rows(_stands(stands), dict(gold))  # the rows of sn.score, without pandas
    order = sorted(scores, key=lambda p: (scores[p]["rank"], -scores[p]["total"]))
    rows = [
        [
            esc(player_name(p)),
            scores[p]["goods"],
            scores[p]["gold"],
            scores[p]["bonus"],
            f"<b>{scores[p]['total']}</b>",
            scores[p]["rank"],
        ]
        for p in order
    ]
    index = order.index(highlight) if highlight in scores else None
    winners = [player_name(p) for p in order if scores[p]["rank"] == 1]
    top = max((row["total"] for row in scores.values()), default=0)
    if winners == [t("You")]:  # the reader, as lesson 09's game names them: "You win", not "You wins"
        line = t("You win with {total} points.", total=top)
    elif len(winners) > 1:
        line = t("{names} win with {total} points.", names=" & ".join(winners), total=top)
    else:
        line = t("{names} wins with {total} points.", names=winners[0] if winners else "", total=top)
    return (
        heading(t("Scores"), 5)
        + table_html([t("player"), t("goods"), t("gold"), t("bonus"), t("total"), t("rank")], rows, index, raw=True)
        + ok_html(line)
        + heading(t("King and Queen"), 5)
        + king_queen_html(stands)
    )


def scoreboard(game=None, gold: Mapping | None = None, highlight=None) -> W.HTML:
    """``sn.widgets.scoreboard()``: the scores of a :class:`~sheriff_nb.engine.game.Game`, of ``stands`` + ``gold``
    dicts, or (by default) of the rulebook's scoring example, where David of Doncaster scores 125."""
    if game is None:
        stands, gold, highlight = EXAMPLE_STANDS, EXAMPLE_GOLD, highlight or DAVID
    elif hasattr(game, "stands") and hasattr(game, "names"):
        stands = dict(zip(game.names, game.stands, strict=True))
        gold = dict(zip(game.names, game.gold, strict=True))
    else:
        stands = game
    return html_widget(score_html(stands, gold, highlight))


def stand_breakdown(player, stand: Mapping[str, int], gold: int) -> str:
    """One player's points line by line: ``4 Apples × 2 = 8`` … ``+ 42 gold``."""
    from ...engine.cards import GOODS, ORDER

    items = sorted(((card_id(g), n) for g, n in stand.items() if n), key=lambda kv: ORDER[kv[0]])
    parts = [f"{n} {card_name(g, n)} × {GOODS[g].value} = {n * GOODS[g].value}" for g, n in items]
    goods = sum(n * GOODS[g].value for g, n in items)
    return note(
        f"<b>{esc(player_name(player))}</b>: " + esc(" · ".join(parts)) + f" → {goods} + {gold} {esc(t('gold'))}",
        colour="#222",
        raw=True,
    )


class ScoreSandbox(W.VBox):
    """Edit any player's stand and gold; the scores, King and Queen update at once."""

    def __init__(self, stands: Mapping | None = None, gold: Mapping | None = None, royal: bool = True):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.stands = {p: Counter(s) for p, s in _stands(stands or EXAMPLE_STANDS).items()}
        self.gold = dict(gold or EXAMPLE_GOLD)
        self.player = labelled(
            W.Dropdown(options=[(player_name(p), p) for p in self.stands], layout=W.Layout(width="auto")),
            t("Edit the stand of"),
        )
        self.coins = labelled(
            W.BoundedIntText(value=self.gold[self.player.value], min=0, max=500, layout=W.Layout(width="130px")),
            t("Gold"),
        )
        self.editor = GoodsEditor(self.stands[self.player.value], royal=royal, maximum=30)
        self.board = html_widget()
        self.breakdown = html_widget()
        self.player.observe(self._switch, names="value")
        self.coins.observe(self._edited, names="value")
        self.editor.on_change(lambda _goods: self._edited())
        self.children = [wrap_box([self.player, self.coins]), self.editor, self.breakdown, self.board]
        self.update()

    def _switch(self, change) -> None:
        player = change["new"]
        self._switching = True
        self.coins.value = self.gold[player]
        self.editor.set(self.stands[player])
        self._switching = False
        self.update()

    def _edited(self, _change=None) -> None:
        if getattr(self, "_switching", False):
            return
        self.stands[self.player.value] = self.editor.value
        self.gold[self.player.value] = self.coins.value
        self.update()

    def update(self) -> None:
        """Redraw the scores."""
        p = self.player.value
        self.breakdown.value = stand_breakdown(p, self.stands[p], self.gold[p])
        self.board.value = score_html(self.stands, self.gold, highlight=p)


def score_sandbox(stands: Mapping | None = None, gold: Mapping | None = None, royal: bool = True) -> ScoreSandbox:
    """``sn.widgets.score_sandbox()``: an interactive scoreboard (see :class:`ScoreSandbox`)."""
    return ScoreSandbox(stands, gold, royal)


def king_queen_table(stands: Mapping) -> W.HTML:
    """``sn.widgets.king_queen_table({...})``: the King/Queen table of some stands, with the stands listed."""
    listing = "".join(
        note(f"<b>{esc(player_name(p))}</b>: {esc(goods_text(s))}", colour="#222", raw=True)
        for p, s in _stands(stands).items()
    )
    return html_widget(listing + king_queen_html(stands))


__all__ = [
    "scoreboard",
    "score_sandbox",
    "ScoreSandbox",
    "king_queen_table",
    "king_queen_html",
    "score_html",
    "stand_breakdown",
    "EXAMPLE_STANDS",
    "EXAMPLE_GOLD",
    "DAVID",
    "TITLES",
    "award_title",
    "player_name",
    "SHORT_NAMES",
]
