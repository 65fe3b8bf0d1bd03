"""Lesson 10, the sandbox: seat any characters at the table, place a bet, and let them play many games.

One dropdown per seat (each character's personality shown under it), the number of games, players, edition and
royal goods; a "place your bets: who wins?" question that must be answered before the run; then
:func:`sheriff_nb.simulate` with its progress bar, the charts of :mod:`sheriff_nb.ui.charts`, a table of averages
and a reading in plain words computed from the numbers (:func:`reading`).

>>> board = tournament_dashboard(players=3, games=10)
>>> board.run_button.click()                           # no bet yet: the run waits for one
>>> "Place your bet first" in board.error.value
True
>>> board.bet.value = "smuggler"
>>> board.run_button.click()
>>> len(board.frame), board.frame.game.nunique()
(30, 10)
"""

from __future__ import annotations

import threading

import ipywidgets as W

from ...engine.errors import RuleError
from ...play.bots import strategy
from ...play.lesson_cast import SEATS, seat_key
from ...play.simulation import DEFAULT_MIX
from .. import display
from ..charts.results import seat_title
from ..display import show
from ..i18n import N_, rule_message, t
from ..numbers import percent, short_number
from .base import (
    button,
    close_tree,
    edition_toggle,
    error_html,
    esc,
    guarded,
    heading,
    html_widget,
    labelled,
    note,
    ok_html,
    table_html,
    wrap_box,
)
from .cast_tables import ITEM
from .findings import GAMES
from .progress import GamesBar

STRATEGIES = (*SEATS, "random")
"""The characters a seat can play (names for :func:`sheriff_nb.play.bots.strategy`): every merchant habit with every
sheriff habit, and Random."""
AVERAGES = [
    ("total", N_("score")),
    ("gold", N_("gold")),
    ("goods", N_("goods")),
    ("bonus", N_("bonus")),
    ("caught", N_("caught")),
    ("bribes_paid", N_("bribes paid")),
    ("bribes_received", N_("bribes taken")),
    ("sheriff_gold", N_("gold as sheriff")),
]
"""The columns of the table of averages (per player per game) and their headings (English: :func:`t` translates
them when the table is drawn)."""


def label(name: str) -> str:
    """A seat character's name by both halves, short: ``"bluffer+suspicious"`` -> ``"Bluffer · Suspicious"``."""
    return seat_title(name, short=True)


def averages(frame):
    """Per strategy: win rate (:func:`sheriff_nb.ui.charts.win_rates`) and the mean of each :data:`AVERAGES` column
    per player per game, best win rate first; ``win_rate_se`` and ``total_se`` are the standard errors of the win
    rate and of the mean score (the games are a sample, not the exact values)."""
    from ..charts import win_rates

    means = frame.groupby("strategy")[[c for c, _ in AVERAGES]].mean()
    rates = win_rates(frame).set_index("strategy")[["win_rate", "seats"]]
    rates["win_rate_se"] = (rates.win_rate * (1 - rates.win_rate) / rates.seats) ** 0.5  # a simulated share's error
    rates["total_se"] = frame.groupby("strategy")["total"].sem().fillna(0.0)
    return rates.join(means).reset_index()


def reading(frame, bet: str | None = None) -> list[str]:
    """Why it came out like this, in plain words computed from ``frame`` (a :func:`sheriff_nb.simulate` frame).

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"game": [0, 0], "strategy": ["honest", "smuggler"], "rank": [2, 1], "total": [90, 120],
    ...     "gold": [50, 50], "goods": [40, 70], "bonus": [0, 0], "caught": [0, 2], "bribes_paid": [0, 0],
    ...     "bribes_received": [0, 0], "sheriff_gold": [0, 8]})
    >>> for line in reading(frame, bet="honest")[:2]:
    ...     print(line)
    Smuggler · Suspicious won most often: 100% of its games (a fair share is 50%).
    You bet on Honest · Trusting: not this time.
    """
    table = averages(frame)
    return [*_winner_lines(table, frame, bet), *_habit_lines(table), _error_line(table, frame)]


def _winner_lines(table, frame, bet: str | None) -> list[str]:
    """Who won most often, against a fair share, and the reader's bet."""
    best, fair = table.iloc[0], 1 / frame.groupby("game").size().mean()
    top = table[table.win_rate == best.win_rate].strategy.tolist()
    lines = [
        t(
            "{name} won most often: {p} of its games (a fair share is {fair}).",
            name=label(best.strategy),
            p=percent(best.win_rate),
            fair=percent(fair),
        )
        if len(top) == 1
        else t(
            "{names} won most often, {p} of their games each (a fair share is {fair}).",
            names=" & ".join(map(label, top)),
            p=percent(best.win_rate),
            fair=percent(fair),
        )
    ]
    if bet:
        lines.append(
            t("You bet on {name}: right!", name=label(bet))
            if bet in top
            else t("You bet on {name}: not this time.", name=label(bet))
        )
    return lines


def _habit_lines(table) -> list[str]:
    """What the characters' habits did: scores, lies caught, goods, gold, the sheriff's takings, bribes."""
    lines = []
    rich = table.sort_values("total", ascending=False)
    lines.append(
        t(
            "Highest average score: {a} ({x} points); lowest: {b} ({y}).",
            a=label(rich.iloc[0].strategy),
            x=short_number(rich.iloc[0].total),
            b=label(rich.iloc[-1].strategy),
            y=short_number(rich.iloc[-1].total),
        )
    )
    caught = table.sort_values("caught", ascending=False).iloc[0]
    lines.append(
        t(
            "Caught lying most: {name}, {n} times a game; each time it lost the contraband and paid the fines.",
            name=label(caught.strategy),
            n=short_number(caught.caught),
        )
        if caught.caught > 0
        else t("Nobody was caught lying.")
    )
    goods = table.sort_values("goods", ascending=False).iloc[0]
    lines.append(
        t(
            "Most goods on the stand: {name}, worth {n} points a game.",
            name=label(goods.strategy),
            n=short_number(goods.goods),
        )
    )
    mean_gold = table.gold.mean()
    if goods.gold < mean_gold:
        lines.append(
            t(
                "It kept less gold than the average player ({g} against {avg}): fines, bribes and the cards "
                "it lost ate into what its goods earned.",
                g=short_number(goods.gold),
                avg=short_number(mean_gold),
            )
        )
    sheriff = table.sort_values("sheriff_gold", ascending=False).iloc[0]
    lines.append(
        t(
            "Earned most as sheriff: {name}, {n} gold a game from bribes and fines (less what it paid honest "
            "merchants).",
            name=label(sheriff.strategy),
            n=short_number(sheriff.sheriff_gold),
        )
    )
    bribes = table.sort_values("bribes_paid", ascending=False).iloc[0]
    if bribes.bribes_paid > 0:
        lines.append(
            t("Paid most bribes: {name}, {n} a game.", name=label(bribes.strategy), n=short_number(bribes.bribes_paid))
        )
    return lines


def _error_line(table, frame) -> str:
    """How uncertain the simulated means are (one standard error)."""
    return t(
        "These are means of {n} simulated games, not exact numbers: each win rate is uncertain by up to "
        "±{w} points, each average score by up to ±{s} points (one standard error).",
        n=frame["game"].nunique(),
        w=short_number(100 * table.win_rate_se.max()),
        s=short_number(table.total_se.max()),
    )


def warm_up(players: int = 5, strategies=None) -> threading.Thread:
    """Start the chart renderer and fill the characters' caches in the background (once the kernel is idle) while
    the reader seats the characters and bets, so the first run takes about as long as the next ones (the results
    do not change: every game's seed comes from the run's own seed)."""

    def work() -> None:
        try:
            from ...play.simulation import simulate

            display.warm_up(display.prepare_charts).join()  # starts once the kernel is idle
            simulate(10, players=players, strategies=strategies)
        except Exception:  # noqa: BLE001 - a warm-up that fails only means a slower first run
            return

    thread = threading.Thread(target=work, name="sheriff-tournament-warm-up", daemon=True)
    thread.start()
    return thread


class TournamentDashboard(W.VBox):
    """The sandbox of lesson 10: see :func:`tournament_dashboard`.  After a run, ``frame`` holds the games."""

    def __init__(
        self,
        players: int = 5,
        games: int = GAMES,
        edition: int = 2,
        royal: bool = False,
        strategies=None,
        seed: int = 0,
    ) -> None:
        super().__init__(layout=W.Layout(max_width="100%", width="100%"))
        self.add_class("sheriff-tournament")
        self.seed, self.frame, self.seconds = seed, None, None
        self._wanted = list(strategies or DEFAULT_MIX)
        self._rule_controls(players, games, edition, royal)
        self.bet = labelled(W.ToggleButtons(options=[], value=None, style={"button_width": "auto"}), t("Your bet"))
        self.seats_box = W.VBox(layout=W.Layout(max_width="100%"))
        self.menus: list[W.Dropdown] = []
        self.run_button = button(t("Run the tournament"), "primary", icon="play")
        self.error, self.summary, self.table, self.why = html_widget(), html_widget(), html_widget(), html_widget()
        self.progress = GamesBar(after=0)  # shown from the first game, and kept with the results
        self.chart = W.Output(layout=W.Layout(max_width="100%", overflow="auto"))
        for widget, name in [
            (self.players, "players"),
            (self.games, "games"),
            (self.edition, "edition"),
            (self.royal, "royal"),
            (self.bet, "bet"),
            (self.run_button, "run"),
            (self.error, "error"),
            (self.progress, "progress"),
            (self.chart, "chart"),
            (self.table, "table"),
            (self.why, "why"),
            (self.summary, "summary"),
        ]:
            widget.add_class(f"sheriff-tournament-{name}")
        self.players.observe(lambda _c: self._seats(), names="value")
        self.bet.observe(lambda _c: setattr(self.error, "value", ""), names="value")
        self.run_button.on_click(guarded(self.error)(lambda _b: self.run()))
        self._seats()
        self.warming = warm_up(players, self.lineup)
        self.results = W.VBox([self.summary, self.chart, self.table, self.why], layout=W.Layout(max_width="100%"))
        self.children = [
            html_widget(heading(t("1. Seat the characters"), 5)),
            self.players,
            self.seats_box,
            html_widget(heading(t("2. How many games, which rules"), 5)),
            wrap_box([self.games, self.edition, self.royal]),
            html_widget(heading(t("3. Place your bets: who wins most games?"), 5)),
            self.bet,
            wrap_box([self.run_button]),
            self.error,
            self.progress,
            self.results,
        ]

    def _rule_controls(self, players: int, games: int, edition: int, royal: bool) -> None:
        """The table's size, the number of games and the rules."""
        self.players = labelled(
            W.ToggleButtons(options=[(str(n), n) for n in (3, 4, 5, 6)], value=players, style={"button_width": "44px"}),
            t("Players"),
        )
        self.games = labelled(
            W.IntSlider(
                value=games,
                min=10,
                max=1000,
                step=10,
                continuous_update=False,
                layout=W.Layout(width="330px", max_width="100%"),
            ),
            t("Games"),
        )
        self.edition = labelled(
            edition_toggle(edition),
            t("Edition"),
        )
        self.royal = labelled(W.Checkbox(value=royal, indent=False), t("with royal goods"))

    def _seats(self) -> None:
        chosen = [m.value for m in self.menus] or self._wanted
        for row in self.seats_box.children:
            close_tree(row)
        self.menus, rows = [], []
        for seat in range(self.players.value):
            menu = labelled(
                W.Dropdown(
                    options=[(seat_title(k), k) for k in STRATEGIES],
                    value=seat_key(chosen[seat]) if seat < len(chosen) else DEFAULT_MIX[seat],
                    layout=W.Layout(width="auto"),
                ),
                t("Seat {n}", n=seat + 1),
            )
            menu.add_class("sheriff-tournament-seat")
            words = html_widget(self._personality(menu.value))
            menu.observe(lambda c, w=words: setattr(w, "value", self._personality(c["new"])), names="value")
            menu.observe(lambda _c: self._bets(), names="value")
            self.menus.append(menu)
            rows.append(W.VBox([menu, words], layout=W.Layout(max_width="100%", margin="0 0 4px 0")))
        self.seats_box.children = rows
        self._bets()

    @staticmethod
    def _personality(key: str) -> str:
        return note(t(strategy(key).personality), colour="#555")

    def _bets(self) -> None:
        names = list(dict.fromkeys(m.value for m in self.menus))
        kept = self.bet.value if self.bet.value in names else None
        self.bet.options = [(label(k), k) for k in names]
        self.bet.value = kept

    @property
    def lineup(self) -> list[str]:
        """The strategy of each seat."""
        return [m.value for m in self.menus]

    def run(self) -> None:
        """Play the games (the bet is required first) and show the results."""
        from time import perf_counter

        from ...play.simulation import simulate

        if self.bet.value is None:
            self.error.value = error_html(t("Place your bet first: which character will win most games?"))
            return
        self.error.value = ""
        self.results.layout.display = "none"  # hidden until this run's results are all drawn
        self.progress.start(self.games.value)
        self.progress.played(0)
        started = perf_counter()
        try:
            frame = simulate(
                self.games.value,
                players=self.players.value,
                edition=self.edition.value,
                royal=self.royal.value,
                strategies=self.lineup,
                seed=self.seed,
                progress=self.progress.played,
            )
        except RuleError as broken:
            self.error.value = error_html(rule_message(broken))
            self.progress.finish()
            self.results.layout.display = None
            return
        self.frame, self.seconds = frame, perf_counter() - started
        self.show_results()

    def show_results(self) -> None:
        """Draw the charts, the table and the reading of :attr:`frame`; the "games played" line comes last, with
        them."""
        from ..charts import tournament_chart

        frame = self.frame
        show(self.chart, tournament_chart(frame))
        table = averages(frame)
        header = [t("character"), t("won")] + [t(h) for _, h in AVERAGES]
        rows = [
            [label(r.strategy), f"{percent(r.win_rate)} ± {short_number(100 * r.win_rate_se)}"]
            + [short_number(getattr(r, c)) for c, _ in AVERAGES]
            for r in table.itertuples()
        ]
        self.table.value = heading(t("Averages per player per game"), 5) + table_html(header, rows)
        self.why.value = heading(t("Why?"), 5) + "".join(
            f"{ITEM}{esc(line)}</li>" for line in reading(frame, self.bet.value)
        ).join(["<ul style='padding-left:20px;margin:2px 0;max-width:100%'>", "</ul>"])
        self.summary.value = ok_html(
            t("{games} games played in {s:.1f} s.", games=frame.game.nunique(), s=self.seconds or 0)
        )
        self.results.layout.display = None


def tournament_dashboard(
    players: int = 5, games: int = GAMES, edition: int = 2, royal: bool = False, strategies=None, seed: int = 0
) -> TournamentDashboard:
    """``sn.widgets.tournament.tournament_dashboard()``: the characters play many games (see
    :class:`TournamentDashboard`); ``strategies`` lists one name per seat (default: honest, smuggler, bluffer, briber,
    suspicious, greedy)."""
    return TournamentDashboard(players, games, edition, royal, strategies, seed)


__all__ = [
    "TournamentDashboard",
    "tournament_dashboard",
    "reading",
    "averages",
    "warm_up",
    "STRATEGIES",
    "AVERAGES",
    "label",
]
