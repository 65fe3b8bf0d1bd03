"""Lesson 09: a whole game of Sheriff of Nottingham against the named characters, played by clicking.

Pick the number of players, the edition, royal goods, your seat and your opponents (the characters of
:mod:`sheriff_nb.play.bots`), then play every phase.  The characters act in between through their
:class:`~sheriff_nb.play.driver.Bot` methods (asked when the game waits for them); every move, yours and theirs,
goes through :meth:`Game.apply <sheriff_nb.engine.game.Game.apply>`, so a broken rule shows the rule's words in
red next to the button and changes nothing; the red line goes as soon as you change the cards, numbers or
menus of that move (it was about the move as it stood).  Your screen is drawn from :meth:`Game.player_view` and
:meth:`Game.public_events` only: other hands, bags and face-down contraband stay hidden.

>>> dash = play_dashboard(players=3, seed=5)
>>> dash.setup_box.start_button.click()
>>> dash.need(), dash.game.sheriff, dash.seat      # round 1: you sit left of the sheriff
('market', 2, 0)
>>> dash.forms["market"].button.click()   # keep the hand
>>> dash.forms["load"].picker.toggles[0].value = True
>>> dash.forms["load"].button.click()
>>> dash.need(), dash.game.bags[0] is not None
('declare', True)
"""

from __future__ import annotations

import random
from collections import Counter
from time import perf_counter

import ipywidgets as W

from ...engine.errors import RuleError
from ...engine.game import Game, Phase
from ...play.bots import strategy
from ...play.driver import ask
from ..display import prepare_charts, warm_up
from ..i18n import N_, rule_message, t
from ..palette import ACCENT
from .base import (
    error_html,
    esc,
    guarded,
    heading,
    html_widget,
    live,
    note,
    report_failure,
    screen_text,
    wrap_box,
)
from .cards import HandPicker
from .narration import narrate
from .phases import round_bar_html
from .play_board import final_rows, mine_html, role_line, score_chart, seats_html
from .play_controls import control, redeal
from .play_forms import FirstMerchantForm, LoadForm, MarketForm, PlayDeclarationForm, RoundOverForm, title
from .play_inspection import PANELS, InspectionTurn
from .play_setup import CHARACTERS, SetupForm, character_name

TURN_TITLES = {
    "claim": N_("Your turn: the Black Market"),
    "booty": N_("Your turn: the Booty"),
    "discard": N_("Your turn: the confiscated cards"),
}
"""The heading of an Inspection-phase turn that is not about a bag (translated when shown)."""


class PlayDashboard(W.VBox):
    """Set up a game, then play it: see :func:`play_dashboard`.  ``timings`` records (button, seconds) per click."""

    def __init__(
        self,
        players: int = 4,
        edition: int = 2,
        royal: bool = False,
        seat: int = 0,
        opponents=None,
        seed: int | None = None,
        black_market=None,
    ) -> None:
        super().__init__(layout=W.Layout(max_width="100%", width="100%"))
        self.add_class("sheriff-play")
        self.seed, self.black_market, self.timings = seed, black_market, []
        self.games_started = 0
        self.game, self.bots, self.seat = None, [], seat
        self.setup_box = SetupForm(players, edition, royal, seat, opponents)
        self.setup_error = self.setup_box.setup_error
        self.setup_box.start_button.on_click(guarded(self.setup_error)(lambda _b: self.start()))
        self._build_board()
        self._drawing = False  # True while refresh() sets the controls (that is not the reader changing them)
        self.forms = {
            "first": FirstMerchantForm(self),
            "market": MarketForm(self),
            "load": LoadForm(self),
            "declare": PlayDeclarationForm(self),
            "round_over": RoundOverForm(self),
        }
        """What the reader must do in phases 1-3 (:meth:`need`) -> its form (:mod:`~sheriff_nb.ui.widgets.play_forms`);
        the Inspection phase's turns are :attr:`turn`'s."""
        self.turn = InspectionTurn(self)
        self.new_button = control(t("New game"), "new-game", icon="refresh")
        self.new_button.on_click(lambda _b: self.show_setup())
        self.new_row = wrap_box([self.new_button])
        self.children = [self.setup_box, self.game_box, self.new_row]
        self.new_row.layout.display = "none"

    def _build_board(self) -> None:
        """The game's side of the page: status, seats, your cards, the news, the turn's panel, the log."""
        self.status, self.table, self.mine = html_widget(), html_widget(), html_widget()
        self.error, self.log_html = html_widget(), html_widget()
        self.news = live(html_widget())
        self.who_html = html_widget()
        for widget, name in [
            (self.status, "status"),
            (self.table, "table"),
            (self.mine, "mine"),
            (self.news, "news"),
            (self.error, "error"),
            (self.log_html, "log"),
        ]:
            widget.add_class(f"sheriff-play-{name}")
        self.panel = W.VBox(
            layout=W.Layout(max_width="100%", border=f"2px solid {ACCENT}", padding="4px 8px", margin="6px 0")
        )
        self.panel.add_class("sheriff-play-turn")
        self.final = W.VBox(layout=W.Layout(max_width="100%"))
        self.log_box = W.Accordion(
            [W.VBox([self.log_html]), W.VBox([self.who_html])], layout=W.Layout(max_width="100%")
        )
        self.log_box.set_title(0, t("The whole game so far"))
        self.log_box.set_title(1, t("Who is who"))
        self.log_box.selected_index = None
        self.game_box = W.VBox(
            [self.status, self.table, self.mine, self.news, self.panel, self.final, self.log_box],
            layout=W.Layout(max_width="100%", display="none"),
        )

    def show_setup(self) -> None:
        """Back to the setup (the "New game" button)."""
        self.setup_box.layout.display = None
        self.game_box.layout.display = self.new_row.layout.display = "none"

    def start(self) -> None:
        """Deal a new game with the chosen table and let the characters act until it is your turn."""
        form = self.setup_box
        n, me, edition = form.players.value, form.your_seat.value, form.edition.value
        keys, names = form.characters(), form.table_names()
        seed = self.seed + self.games_started if self.seed is not None else random.Random().randrange(10**9)
        extra = {"black_market": self.black_market} if self.black_market and edition == 2 else {}
        try:
            game = Game(
                players=n,
                edition=edition,
                royal=form.royal.value,
                seed=seed,
                names=names,
                first_sheriff=None if n == 6 else (me - 1) % n,
                **extra,
            )
        except RuleError as broken:
            self.setup_error.value = error_html(rule_message(broken))
            return
        self.games_started += 1
        self.setup_error.value = ""
        self.game, self.seat, self.characters = game, me, keys
        self.bots = [None if s == me else strategy(keys[s], seed=f"{seed}:{s}") for s in range(n)]
        self.turn.reset()
        self.lines, self._seen, self._news_from, self.round_seen = [], 0, 0, 0
        self.drawn: dict[int, Counter] = {}  # event index -> the cards you drew from the deck in that Market
        self.forms["market"].draws = []
        self._panel_key = self._picker_turn = self._refused = None
        self.final.children = ()
        self.who_html.value = "".join(
            note(f"<b>{esc(names[s])}</b>: {esc(t(strategy(k).personality))}", colour="#333", raw=True)
            for s, k in sorted(keys.items())
        )
        self.setup_box.layout.display = "none"
        self.game_box.layout.display = self.new_row.layout.display = None
        self.say()
        self.advance()
        self.refresh()

    # ------------------------------------------------------------------ the loop
    def need(self) -> str | None:
        """What you must do now: ``first``, ``market``, ``load``, ``declare``, ``pick``, ``watch``, ``talk``,
        ``handle``, ``discard``, ``claim``, ``booty``, ``round_over``, ``over``; None while a character is to act."""
        g, me = self.game, self.seat
        if g.is_over:
            return "over"
        if g.round != self.round_seen:
            return "round_over"
        if g.phase is Phase.INSPECTION:
            return self.turn.need()
        kind = g.awaited(me)
        if kind == "load":  # the characters load first
            return "load" if g.to_act() == [me] else None
        return {"choose_first_merchant": "first", "market": "market", "declare": "declare"}.get(kind)

    def _bot_move(self) -> None:
        g = self.game
        if g.phase is Phase.INSPECTION:
            self.turn.bot_move()
        else:  # the next character's Market or Declaration, or every character's Load
            for seat in [s for s in g.to_act() if s != self.seat]:
                g.apply(ask(g, self.bots, seat))
        self.say()

    def advance(self) -> str:
        """Let the characters act until you must (returns :meth:`need`)."""
        for _ in range(10_000):
            need = self.need()
            if need is not None:
                return need
            self._bot_move()
        raise RuntimeError("the characters did not finish their moves")  # pragma: no cover

    def say(self, item: dict | str | None = None) -> None:
        """Add the new public events to the log, in plain words (and ``item`` if it is a line of HTML)."""
        events = self.game.public_events(self.seat)
        for index, event in enumerate(events[self._seen :], self._seen):
            text = narrate(event, self.game, self.seat, self.drawn.get(index), whole_game=True)
            if text:
                self.lines.append(text)
        self._seen = len(events)
        if isinstance(item, str) and item:
            self.lines.append(item)

    def click(self, handler, name: str):
        """A button callback: run ``handler`` (a broken rule shows its message and changes nothing; any other error
        a short message, its traceback going to the server's log), let the characters act, redraw, and record the
        time taken.  Before a game exists (a crafted click on a hidden button) it does nothing."""

        def run(_button=None) -> None:
            if self.game is None:
                return
            started, news = perf_counter(), self._news_from
            self._news_from = len(self.lines)
            self._refused = None
            try:
                handler()
                self.error.value = ""
                self.advance()
            except Exception as failure:  # noqa: BLE001 - shown and logged by report_failure
                report_failure(self.error, failure, name)
                self._news_from = news
                self._refused = _button
            self.refresh()
            self.timings.append((name, perf_counter() - started))

        return run

    def inputs_changed(self, _change=None) -> None:
        """The reader changed an input of the move in hand (a card, a menu, a number): the red rule message was
        about the move as it stood, which no longer exists, so it goes (the next click checks the new move).
        Changes made by :meth:`refresh` itself do not count.  Cheap: it runs on every toggle."""
        if self._drawing:
            return
        self.turn.confirm.cancel()  # a question about the move as it was
        if self.error.value:
            self.error.value = ""

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Redraw everything from your view of the game (setting the controls here keeps the rule message of the
        click that just failed: see :meth:`inputs_changed`)."""
        self._drawing = True
        try:
            self._redraw()
        finally:
            self._drawing = False

    def _redraw(self) -> None:
        g, me = self.game, self.seat
        if g.round >= g.options.rounds - 1:  # the last round: pandas, Altair, vl-convert for the final chart,
            warm_up(prepare_charts)  # in the background once the kernel is idle (not earlier: 160 MB per kernel)
        view = g.player_view(me)
        need = self.need()
        officials = view["sheriffs"]
        sheriff = " & ".join(view["names"][s] for s in officials)
        self.status.value = round_bar_html(
            g.phase,
            min(view["round"] + 1, view["rounds"]),
            view["rounds"],
            sheriff,
            deputies=len(officials) > 1,
            target="_blank",
        ) + note(role_line(g, view, me), colour="#333")  # a phase's lesson opens in a new tab: the game stays
        self.table.value = seats_html(g, view, me, self.bots, self.characters)
        self.mine.value = mine_html(view, need, me)
        news = self.lines[self._news_from :]
        self.news.value = (heading(t("What just happened"), 5) + "".join(news)) if news else ""
        self.log_html.value = "".join(self.lines)
        key = (need, view["round"], len(g.events), len(self.forms["market"].draws))
        if key != self._panel_key:
            self._panel_key = key
            self.panel.children = self._under_refused([*self._panel(need, view)])
        else:
            self.panel.children = self._under_refused(list(self.panel.children))
        self.panel.layout.display = "none" if need == "over" else None

    def _under_refused(self, children: list[W.Widget]) -> list[W.Widget]:
        """The panel's rows with the red rule line right under the row of the button that was refused (a binding
        deal's "Let it pass" sits above a long bargaining form), or at the end when no button was."""
        rows = [child for child in children if child is not self.error]
        refused = self._refused
        at = next(
            (
                i + 1
                for i, row in enumerate(rows)
                if refused is not None and refused in (row, *getattr(row, "children", ()))
            ),
            len(rows),
        )
        return [*rows[:at], self.error, *rows[at:]]

    def _panel(self, need: str | None, view) -> list[W.Widget]:
        if need == "over":
            self._final(view)
            return []
        if need in self.forms:
            return self.forms[need].panel(view)
        if need in PANELS:
            heading_text = t(TURN_TITLES[need]) if need in TURN_TITLES else t("Your turn: phase 4, Inspection")
            return [title(heading_text), *self.turn.panel(need, view)]
        return [html_widget(note(t("The characters are playing…")))]

    def fresh(self, picker: HandPicker, view) -> None:
        """Deal ``picker`` the hand once per turn (a refused move keeps what you picked)."""
        turn = (id(picker), view["round"], len(self.game.events))
        if self._picker_turn != turn:
            self._picker_turn = turn
            redeal(picker, view["hand"])

    def _final(self, view) -> None:
        self.final.children = final_rows(self.game, view, self.seat)


def play_dashboard(
    players: int = 4,
    edition: int = 2,
    royal: bool = False,
    seat: int = 0,
    opponents=None,
    seed: int | None = None,
    black_market=None,
) -> PlayDashboard:
    """``sn.widgets.play.play_dashboard()``: a whole game against the characters (see :class:`PlayDashboard`).

    ``opponents``: strategy names for the other seats in order (default smuggler, briber, honest, bluffer,
    suspicious); ``seed``: the first game's seed (each "New game" adds 1; default: a random one);
    ``black_market``: a teacher's Black Market card table (2nd edition; see :class:`~sheriff_nb.engine.options.RuleOptions`).
    """
    return PlayDashboard(players, edition, royal, seat, opponents, seed, black_market)


__all__ = [
    "PlayDashboard",
    "play_dashboard",
    "screen_text",
    "score_chart",
    "CHARACTERS",
    "character_name",
    "TURN_TITLES",
]
