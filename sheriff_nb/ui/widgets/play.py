"""Lesson 09: a whole game of Sheriff of Nottingham against the named characters, played by clicking.

Pick the number of players, the edition, royal goods, your seat and your opponents (the characters of
:mod:`sheriff_nb.play.bots`), then play every phase.  The characters act in between through their
:class:`~sheriff_nb.play.driver.Bot` methods (asked when the game waits for them); every move, yours and theirs,
goes through :meth:`Game.apply <sheriff_nb.engine.game.Game.apply>`, so a broken rule shows the rule's words in
red next to the button and changes nothing; the red line goes as soon as you change the cards, numbers or
menus of that move (it was about the move as it stood).  Your screen is drawn from :meth:`Game.player_view` and
:meth:`Game.public_events` only: other hands, bags and face-down contraband stay hidden.

>>> dash = play_dashboard(players=3, seed=5)
>>> dash.start_button.click()
>>> dash.need(), dash.game.sheriff, dash.seat      # round 1: you sit left of the sheriff
('market', 2, 0)
>>> dash.market_button.click()                     # keep the hand
>>> dash.load_picker.toggles[0].value = True
>>> dash.load_button.click()
>>> dash.need(), dash.game.bags[0] is not None
('declare', True)
"""

from __future__ import annotations

import random
from collections import Counter
from time import perf_counter

import ipywidgets as W

from ...engine import actions as A
from ...engine.cards import GOODS, LEGAL_GOODS
from ...engine.errors import RuleError
from ...engine.game import Game, Phase
from ...play.bots import strategy
from ...play.driver import ask
from ...theory.score_tables import game_scores
from ..display import prepare_charts, show, warm_up
from ..i18n import card_name, goods_text, ngettext, pN_, pt, rule_message, t
from ..palette import ACCENT, MUTED
from .bag import bag_summary
from .base import (
    FONT,
    LONG_MENU_CLASS,
    align_labels,
    close_tree,
    edition_toggle,
    error_html,
    esc,
    guarded,
    heading,
    html_widget,
    labelled,
    live,
    note,
    ok_html,
    report_failure,
    wrap_box,
)
from .cards import HandPicker, cards_row_html, discards_html
from .cast import SEATS, seat_key, seat_title
from .market import check_draw
from .phases import round_bar_html
from .play_inspection import InspectionTurn, control, redeal, screen_text, tell
from .scoring import scoreboard

CHARACTERS = SEATS
"""The opponents on offer: every seat character of :data:`~sheriff_nb.ui.widgets.cast.SEATS` (a merchant habit and a
sheriff habit each)."""
DEFAULT_OPPONENTS = ("smuggler", "briber", "honest", "bluffer", "suspicious")


def character_name(key: str) -> str:
    """A seat character's name at the table, by both halves: ``"smuggler"`` -> ``"Smuggler · Suspicious"``."""
    return seat_title(key, short=True)


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
        # setup ------------------------------------------------------------------
        self.players = labelled(
            W.ToggleButtons(options=[(str(n), n) for n in (3, 4, 5, 6)], value=players, style={"button_width": "44px"}),
            t("Players"),
        )
        self.edition = labelled(
            edition_toggle(edition),
            t("Edition"),
        )
        self.royal = labelled(W.Checkbox(value=royal, indent=False), t("with royal goods"))
        self.your_seat = labelled(W.Dropdown(options=[], layout=W.Layout(width="auto")), t("Your seat"))
        for widget, name in [
            (self.players, "players"),
            (self.edition, "edition"),
            (self.royal, "royal"),
            (self.your_seat, "seat"),
        ]:
            widget.add_class(f"sheriff-play-{name}")
        self.opponent_box = W.VBox(layout=W.Layout(max_width="100%"))
        self.opponent_menus: dict[int, W.Dropdown] = {}
        self._wanted = list(opponents or DEFAULT_OPPONENTS)
        self.start_button = control(t("Start the game"), "start", "primary", "play")
        self.setup_error = html_widget()
        self.start_button.on_click(guarded(self.setup_error)(lambda _b: self.start()))
        self.players.observe(lambda _c: self._seats(), names="value")
        self.your_seat.observe(lambda _c: self._opponents(), names="value")
        for widget in (self.players, self.edition, self.royal, self.your_seat):
            widget.observe(self._table_changed, names="value")
        self._seats(seat)
        intro = note(
            t(
                "Choose the table, then press “Start the game”. You sit at the chosen seat; the sheriff "
                "passes clockwise, so everyone takes a turn at the gate."
            )
        )
        self.setup_box = W.VBox(
            [
                html_widget(heading(t("Set up a game"), 4) + intro),
                wrap_box([self.players, self.edition, self.royal]),
                self.your_seat,
                html_widget(heading(t("Your opponents"), 5)),
                self.opponent_box,
                wrap_box([self.start_button]),
                self.setup_error,
            ],
            layout=W.Layout(max_width="100%"),
        )
        self.setup_box.add_class("sheriff-play-setup")
        # the game -----------------------------------------------------------------
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
        self._drawing = False  # True while refresh() sets the controls (that is not the reader changing them)
        self.market_picker = HandPicker((), pN_("card button", "set aside"), pN_("card chosen", "set aside"))
        self.load_picker = HandPicker((), pN_("card button", "pick"), pN_("card chosen", "in the bag"))
        self.load_picker.on_change(lambda cards: setattr(self.totals, "value", bag_summary(Counter(cards))))
        for picker in (self.market_picker, self.load_picker):
            picker.on_change(lambda _cards: self.inputs_changed())
        self.totals, self.piles, self.draw_note = html_widget(), html_widget(), html_widget()
        self.first_menu = labelled(W.Dropdown(options=[], layout=W.Layout(width="auto")), t("First merchant"))
        self.onto = labelled(
            W.Dropdown(options=[(t("left pile"), 0), (t("right pile"), 1)], layout=W.Layout(width="auto")),
            t("Put the set-aside cards on"),
        )
        self.count = labelled(W.BoundedIntText(value=1, min=0, max=9, layout=W.Layout(width="130px")), t("Count"))
        self.good = labelled(W.Dropdown(options=[], layout=W.Layout(width="auto")), t("Good"))
        for widget, name in [
            (self.first_menu, "first-menu"),
            (self.onto, "onto"),
            (self.count, "count"),
            (self.good, "good"),
        ]:
            widget.add_class(f"sheriff-play-{name}")
            widget.observe(self.inputs_changed, names="value")
        self.first_button = control(t("Start the Market"), "choose-first", "primary", "play")
        self.market_button = control(t("Draw back up to 6"), "market", "primary", "check")
        self.take_left = control(t("Take the top card of the left pile"), "take-left", icon="hand-o-up")
        self.take_right = control(t("Take the top card of the right pile"), "take-right", icon="hand-o-up")
        self.undo_draws = control(t("Undo my pile draws"), "undo-draws", icon="undo")
        self.load_button = control(t("Close the bag"), "load", "primary", "lock")
        self.declare_button = control(t("Declare"), "declare", "primary", "bullhorn")
        self.continue_button = control(t("Continue to the next round"), "continue", "primary", "forward")
        self.new_button = control(t("New game"), "new-game", icon="refresh")
        self.new_button.on_click(lambda _b: self.show_setup())
        for widget, handler in [
            (self.first_button, self._first),
            (self.market_button, self._market),
            (self.take_left, lambda: self._take_pile(0)),
            (self.take_right, lambda: self._take_pile(1)),
            (self.undo_draws, self._undo_draws),
            (self.load_button, self._load),
            (self.declare_button, self._declare),
            (self.continue_button, self._continue),
        ]:
            widget.on_click(self.click(handler, widget.description))
        self.turn = InspectionTurn(self)
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
        self.new_row = wrap_box([self.new_button])
        self.children = [self.setup_box, self.game_box, self.new_row]
        self.new_row.layout.display = "none"

    # ------------------------------------------------------------------ setup
    def _seats(self, seat: int | None = None) -> None:
        n = self.players.value
        keep = self.your_seat.value if seat is None else seat
        self.your_seat.options = [(t("Seat {n}", n=s + 1), s) for s in range(n)]
        self.your_seat.value = min(keep or 0, n - 1)
        self._opponents()

    def _opponents(self) -> None:
        chosen = [m.value for _, m in sorted(self.opponent_menus.items())] or self._wanted
        for row in self.opponent_box.children:
            close_tree(row)
        self.opponent_menus, rows = {}, []
        others = [s for s in range(self.players.value) if s != self.your_seat.value]
        for index, seat in enumerate(others):
            menu = labelled(
                W.Dropdown(
                    options=[(seat_title(k), k) for k in CHARACTERS],
                    value=seat_key(chosen[index % len(chosen)]),
                    layout=W.Layout(width="auto"),
                ),
                t("Seat {n}", n=seat + 1),
            )
            menu.add_class("sheriff-play-opponent")
            menu.add_class(LONG_MENU_CLASS)  # "Smuggler · Suspicious", longer in Russian
            words = html_widget()
            menu.observe(lambda c, w=words: setattr(w, "value", self._personality(c["new"])), names="value")
            words.value = self._personality(menu.value)
            menu.observe(self._table_changed, names="value")
            self.opponent_menus[seat] = menu
            rows.append(W.VBox([menu, words], layout=W.Layout(max_width="100%", margin="0 0 4px 0")))
        self.opponent_box.children = rows
        align_labels(self.your_seat, *self.opponent_menus.values())

    def _table_changed(self, _change=None) -> None:
        """A setup choice changed: a refused table's rule message is about the old choice, so it goes."""
        if self.setup_error.value:
            self.setup_error.value = ""

    @staticmethod
    def _personality(key: str) -> str:
        return note(t(strategy(key).personality), colour="#555")

    def show_setup(self) -> None:
        """Back to the setup (the "New game" button)."""
        self.setup_box.layout.display = None
        self.game_box.layout.display = self.new_row.layout.display = "none"

    def start(self) -> None:
        """Deal a new game with the chosen table and let the characters act until it is your turn."""
        n, me, edition = self.players.value, self.your_seat.value, self.edition.value
        keys = {s: m.value for s, m in self.opponent_menus.items()}
        names, used = [], Counter()
        for s in range(n):
            if s == me:
                names.append(t("You"))
                continue
            used[keys[s]] += 1
            base = character_name(keys[s])
            names.append(base if list(keys.values()).count(keys[s]) == 1 else f"{base} {used[keys[s]]}")
        seed = self.seed + self.games_started if self.seed is not None else random.Random().randrange(10**9)
        extra = {"black_market": self.black_market} if self.black_market and edition == 2 else {}
        try:
            game = Game(
                players=n,
                edition=edition,
                royal=self.royal.value,
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
        self.lines, self._seen, self._news_from, self._round_seen = [], 0, 0, 0
        self.drawn: dict[int, Counter] = {}  # event index -> the cards you drew from the deck in that Market
        self.draws: list[int] = []
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
        if g.round != self._round_seen:
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
            text = tell(event, self.game, self.seat, drawn=self.drawn.get(index))
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

    # ------------------------------------------------------------------ your moves
    def _first(self) -> None:
        self.game.apply(A.ChooseFirstMerchant(self.seat, self.first_menu.value))

    def _market_action(self, draws) -> A.Market:
        onto = self.onto.value if self.game.options.edition == 1 else 0
        return A.Market(self.seat, self.market_picker.selected, tuple(draws), onto)

    def _take_pile(self, pile: int) -> None:
        check_draw(self.game, self.seat, self.market_picker.selected, self.draws)  # a full hand, in plain words
        self.game.check(self._market_action([*self.draws, pile]))  # the engine says whether this draw is allowed
        self.draws.append(pile)

    def _undo_draws(self) -> None:
        self.draws = []

    def _market(self) -> None:
        kept = Counter(self.game.hands[self.seat]) - Counter(self.market_picker.selected)
        event = self.game.apply(self._market_action(self.draws))
        new = Counter(self.game.hands[self.seat]) - kept - Counter(event["from_piles"])
        self.drawn[len(self.game.events) - 1] = new  # the log names the cards you drew from the deck
        self.draws = []

    def _load(self) -> None:
        self.game.apply(A.Load(self.seat, self.load_picker.selected))

    def _declare(self) -> None:
        self.game.apply(A.Declare(self.seat, self.good.value, self.count.value))

    def _continue(self) -> None:
        self._round_seen = self.game.round

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
        ) + note(self._role_line(view), colour="#333")  # a phase's lesson opens in a new tab: the game stays
        self.table.value = self._table(view)
        self.mine.value = self._mine(view, need)
        news = self.lines[self._news_from :]
        self.news.value = (heading(t("What just happened"), 5) + "".join(news)) if news else ""
        self.log_html.value = "".join(self.lines)
        key = (need, view["round"], len(g.events), len(self.draws))
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

    def _role_line(self, view) -> str:
        me = self.seat
        if self.game.is_over:
            return t("The game is over.")
        if me in view["sheriffs"]:
            return (
                t("This round you are a deputy.")
                if len(view["sheriffs"]) == 2
                else t("This round you are the sheriff.")
            )
        return t("This round you are a merchant.")

    def _habit(self, seat: int, official: bool) -> str:
        """What the character at ``seat`` does in its role this round (its sheriff habit while it is an official),
        from its personality; empty for the reader."""
        bot = self.bots[seat] if seat < len(self.bots) else None
        if bot is None:
            return ""
        half = getattr(bot, "sheriff" if official else "merchant", bot)
        words = t("As sheriff: {habit}") if official else t("As a merchant: {habit}")
        return words.format(habit=t(half.personality))

    def _table(self, view) -> str:
        boxes = []
        for s, name in enumerate(view["names"]):
            official = s in view["sheriffs"]
            role = (t("Deputy") if len(view["sheriffs"]) == 2 else t("Sheriff")) if official else ""
            badge = (
                f" <span style='background:#E69F00;color:#000;border-radius:8px;padding:0 6px;"
                f"font-size:11px'>{esc(role)}</span>"
                if role
                else ""
            )
            decl = view["declarations"][s] if not self.game.is_over else None
            bag = (
                t("bag: “{decl}”", decl=f"{decl[1]} {card_name(decl[0], decl[1])}")
                if decl
                else t("bag loaded")
                if view["loaded"][s]
                else ""
            )
            stand = goods_text(view["stands"][s], empty="nothing yet")
            you = "background:#FFF4CC;" if s == self.seat else ""
            tip = esc(t(strategy(self.characters[s]).personality)) if s in self.characters else ""
            habit = self._habit(s, official) if not self.game.is_over else ""
            lines = [
                f"<b>{esc(name)}</b>{badge}",
                esc(
                    t(
                        "{gold} gold · {cards} in hand",
                        gold=view["gold"][s],
                        cards=ngettext("{n} card", "{n} cards", view["hand_sizes"][s]),
                    )
                ),
                esc(bag),
                esc(t("stand: {goods}", goods=stand)),
                f"<span class='sheriff-play-habit' style='color:{MUTED};font-size:12px'>{esc(habit)}</span>"
                if habit
                else "",
            ]
            boxes.append(
                f"<div class='sheriff-play-seat-box' title='{tip}' style='{you}border:1px solid #bbb;"
                f"border-radius:8px;padding:3px 8px;flex:1 1 170px;max-width:100%;box-sizing:border-box;"
                f"font-size:13px;line-height:1.35'>{'<br>'.join(x for x in lines if x)}</div>"
            )
        return f"<div style='{FONT};display:flex;flex-wrap:wrap;gap:6px;max-width:100%'>{''.join(boxes)}</div>" + note(
            ngettext("Deck: {n} card", "Deck: {n} cards", view["deck"]), colour=MUTED
        )

    def _mine(self, view, need) -> str:
        parts = []
        if need not in ("market", "load") and view["hand"]:
            parts.append(heading(t("Your hand"), 5) + cards_row_html(view["hand"], size="s"))
        if view["bag"]:
            parts.append(heading(t("Your bag (only you can see it)"), 5) + cards_row_html(view["bag"], size="s"))
        mine = {g: n for g, n in view["stands"][self.seat].items() if g in GOODS}
        if mine:
            parts.append(
                heading(t("Your stand (your contraband is face down for the others)"), 5)
                + cards_row_html(mine, size="s")
            )
        return (
            "<div style='display:flex;flex-wrap:wrap;gap:0 24px;max-width:100%'>"
            + "".join(f"<div class='sheriff-play-mine-part' style='max-width:100%'>{p}</div>" for p in parts)
            + "</div>"
        )

    def _title(self, text: str) -> W.HTML:
        return html_widget(heading(text, 4))

    def _panel(self, need: str | None, view) -> list[W.Widget]:
        g = self.game
        if need == "first":
            self.first_menu.options = [(view["names"][s], s) for s in view["merchants"]]
            self.first_menu.value = view["merchants"][0]
            return [
                self._title(t("Your turn: phase 1, Market")),
                html_widget(
                    note(
                        t(
                            "You are the sheriff: choose the merchant who starts the Market; the others "
                            "follow clockwise."
                        )
                    )
                ),
                wrap_box([self.first_menu, self.first_button]),
            ]
        if need == "market":
            return self._market_panel(view)
        if need == "load":
            self._fresh(self.load_picker, view)
            self.totals.value = bag_summary(Counter(self.load_picker.selected))
            return [
                self._title(t("Your turn: phase 2, Load the bag")),
                html_widget(note(t("Pick 1 to 5 cards from your hand. Nobody else will see them."))),
                self.load_picker,
                self.totals,
                wrap_box([self.load_button]),
            ]
        if need == "declare":
            bag = Counter(view["bag"])
            self.good.options = [
                (f"{card_name(x)} ({pt('rule', GOODS[x].kind)})", x)
                for x in GOODS
                if g.options.royal or GOODS[x].kind != "royal"
            ]
            self.good.value = max(LEGAL_GOODS, key=lambda x: (bag[x], GOODS[x].value))
            self.count.value = sum(bag.values())
            return [
                self._title(t("Your turn: phase 3, Declaration")),
                html_widget(
                    note(
                        t(
                            "Say how many cards are in your bag (the true number) and ONE legal good. "
                            "The good may be a lie: that is the game."
                        )
                    )
                    + bag_summary(bag)
                ),
                wrap_box([self.count, self.good, self.declare_button]),
            ]
        if need == "round_over":
            officials = " & ".join(t("you") if s == self.seat else view["names"][s] for s in view["sheriffs"])
            return [
                self._title(t("Round {n} is over", n=self._round_seen + 1)),
                html_widget(
                    note(
                        t(
                            "Read what happened above, then go on. In round {n} the sheriff is {name}.",
                            n=view["round"] + 1,
                            name=officials,
                        )
                    )
                ),
                wrap_box([self.continue_button]),
            ]
        if need == "over":
            self._final(view)
            return []
        if need in ("pick", "watch", "talk", "handle", "discard", "claim", "booty"):
            titles = {
                "claim": t("Your turn: the Black Market"),
                "booty": t("Your turn: the Booty"),
                "discard": t("Your turn: the confiscated cards"),
            }
            return [self._title(titles.get(need, t("Your turn: phase 4, Inspection"))), *self.turn.panel(need, view)]
        return [html_widget(note(t("The characters are playing…")))]

    def _fresh(self, picker: HandPicker, view) -> None:
        """Deal ``picker`` the hand once per turn (a refused move keeps what you picked)."""
        turn = (id(picker), view["round"], len(self.game.events))
        if self._picker_turn != turn:
            self._picker_turn = turn
            redeal(picker, view["hand"])

    def _market_panel(self, view) -> list[W.Widget]:
        self._fresh(self.market_picker, view)
        first = self.game.options.edition == 1
        text = t("Click the cards you do not want (0 to 5): they are set aside. Then you draw back up to 6.")
        rows = [self._title(t("Your turn: phase 1, Market")), html_widget(note(text)), self.market_picker]
        if first:
            piles = [list(p) for p in view["discards"]]
            for source in self.draws:
                piles[source].pop()
            taken = ", ".join(t("left") if s == 0 else t("right") for s in self.draws) or t("none")
            self.piles.value = discards_html(piles)
            self.draw_note.value = note(
                t(
                    "1st edition: first take cards from the top of a discard pile if you "
                    "want them, then the deck gives the rest. Your pile draws: {draws}.",
                    draws=taken,
                ),
                colour="#333",
            )
            rows += [
                self.piles,
                self.draw_note,
                wrap_box([self.take_left, self.take_right, self.undo_draws]),
                self.onto,
            ]
        return [*rows, wrap_box([self.market_button])]

    def _final(self, view) -> None:
        g, me = self.game, self.seat
        frame = game_scores(g)
        winners = list(frame.index[frame["rank"] == 1])
        verdict = (
            t("You win!")
            if view["names"][me] in winners and len(winners) == 1
            else t("You share the win!")
            if view["names"][me] in winners
            else t(
                "{names} wins. You finish number {rank}.",
                names=" & ".join(winners),
                rank=int(frame.loc[view["names"][me], "rank"]),
            )
        )
        stats = g.stats[me]
        story = t(
            "As a merchant your bags passed {p} and were opened {i} (caught lying {c}); you paid {b}.",
            p=ngettext("{n} time", "{n} times", stats["bags_passed"]),
            i=ngettext("{n} time", "{n} times", stats["bags_inspected"]),
            c=ngettext("{n} time", "{n} times", stats["caught"]),
            b=ngettext("{n} bribe", "{n} bribes", stats["bribes_paid"]),
        )
        revealed = "".join(
            heading(t("Your stand") if s == me else t("{name}'s stand", name=g.names[s]), 5)
            + cards_row_html(stand, size="s")
            for s, stand in enumerate(g.stands)
            if stand
        )
        out = W.Output(layout=W.Layout(max_width="100%", overflow="auto"))
        out.add_class("sheriff-play-chart")
        show(out, score_chart(g))
        self.final.children = [
            html_widget(heading(t("Final scores"), 4) + ok_html(verdict) + note(story)),
            scoreboard(g, highlight=view["names"][me]),
            out,
            html_widget(heading(t("The stands, contraband revealed"), 5) + revealed),
        ]


def score_chart(game):
    """The final-score breakdown chart (:func:`sheriff_nb.ui.charts.score_breakdown_chart`): goods, gold and bonus."""
    from ..charts import score_breakdown_chart

    return score_breakdown_chart(game_scores(game))


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


__all__ = ["PlayDashboard", "play_dashboard", "screen_text", "score_chart", "CHARACTERS", "character_name"]
