"""A student's page of a live class session (lesson 18, a phone): join with the code and a nickname, then play
round after round; the page keeps up with the class by polling the store (:class:`~sheriff_nb.ui.widgets.class_session
.Poller`) and on its Refresh button.

One page, one seat: once the page has a seat its join form is closed (gone from the kernel, not only hidden), so
the page can neither join again nor take anyone else's seat.  The browser keeps the seat key
(:class:`~sheriff_nb.ui.widgets.browser_store.BrowserStore`): a reload, or the same link opened again, takes the
seat back by itself; on another device the student types the key shown under their name.  Wrong keys pause the
page (:class:`~sheriff_nb.ui.widgets.class_session.PageTries`) and, past a limit, the whole session's key checks.
A choice that the store cannot take (disk full, server down) is kept by the page and sent again at each poll.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping

import ipywidgets as W

from ...engine.errors import RuleError
from ...play import classroom as cl
from ..i18n import pt, rule_message, t
from ..numbers import money
from ..palette import MERCHANT_INK, SHERIFF_INK
from .base import (
    button,
    close_tree,
    error_html,
    esc,
    heading,
    html_widget,
    labelled,
    live,
    note,
    ok_html,
    table_html,
    wrap_box,
)
from .browser_store import BrowserStore
from .class_session import (
    DONE,
    PARTNER_DID,
    TALLY,
    PageTries,
    Poller,
    choice_words,
    code_from_query,
    payoff_words,
    request_environ,
    shared_store_problem,
    store_problem_html,
    theory_html,
)

__all__ = ["StudentPage", "student_page", "SEATS_KEPT"]

SEATS_KEPT = "sheriff_nb.class.seats"
"""The browser storage key of a student's seat keys (join code → seat key)."""


# ------------------------------------------------------------------ a student's phone
class StudentPage(W.VBox):
    """Join with the code and a nickname, then play: the role and partner of the round, the payoffs in words,
    two buttons, the result and the running total after each round, the theory once the teacher reveals it."""

    def __init__(self, code: str | None = None, db=None, poll: float = 2.0, environ: Mapping[str, str] | None = None):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.add_class("sheriff-class-student")
        self.db, self.name, self.code, self.key, self.shown = db, None, None, None, None
        self.pending: tuple[int, str] | None = None  # a choice the store could not take yet: (round, choice)
        self._lock = threading.RLock()
        self.poller = Poller(poll, self._tick, self._lost)
        problem = shared_store_problem(environ)
        if problem:
            self.children = [html_widget(self._no_class_html(problem))]
            return
        self.form = self._join_form(code)
        self.tries = PageTries([self.join_button])
        self.kept = BrowserStore(SEATS_KEPT)
        self.kept.on_load(lambda _items: self._come_back())
        self.error = html_widget()
        self.error.add_class("sheriff-class-error")
        self.header, self.words, self.info, self.result, self.history, self.theory = (html_widget() for _ in range(6))
        self.header.add_class("sheriff-class-header")
        self.info.add_class("sheriff-class-info")
        live(self.result).add_class("sheriff-class-result")
        self.theory.add_class("sheriff-class-theory")
        self.choices = [button(""), button("")]
        for index, choice in enumerate(self.choices):
            choice.add_class("sheriff-class-choice")
            choice.layout.min_width, choice.layout.height = "150px", "52px"
            choice.style.font_size, choice.style.font_weight = "18px", "bold"
            choice.on_click(lambda _b, i=index: self.choose(i))
        self.refresh_button = button(t("Refresh"), icon="refresh")
        self.refresh_button.add_class("sheriff-class-refresh")
        self.refresh_button.on_click(lambda _b: self.refresh())
        self.play = W.VBox(
            [
                self.header,
                self.result,
                self.words,
                wrap_box(self.choices, gap="10px"),
                self.info,
                self.history,
                self.theory,
                wrap_box([self.refresh_button]),
            ],
            layout=W.Layout(max_width="100%", display="none"),
        )
        self.children = [self.form, self.error, self.play, self.kept]

    def _join_form(self, code: str | None) -> W.VBox:
        """The form that takes a seat: the join code (from the page address when it has one) and a nickname, or a
        seat key on another device.  Each box sends its value once, when it is left: ipywidgets holds back a box's
        later keystrokes while one is on its way, but not a button's press, so a code typed quickly and followed by
        Tab, Tab, Enter reached a busy kernel after the Join."""
        query = request_environ().get("QUERY_STRING", "") if code is None else ""
        self.code_box, self.name_box, self.key_box = (
            labelled(
                W.Text(value=value, placeholder=hint, continuous_update=False, layout=W.Layout(width=width)), label
            )
            for value, hint, width, label in (
                (
                    code_from_query(query) if code is None else code,
                    t("e.g. {code}", code="K7QXM"),
                    "230px",
                    t("Join code"),
                ),
                ("", t("a nickname, not your name"), "290px", t("Nickname")),
                ("", t("only on another device"), "290px", t("Seat key")),
            )
        )
        self.code_box.add_class("sheriff-class-join-code")
        self.name_box.add_class("sheriff-class-nickname")
        for box in (self.code_box, self.name_box, self.key_box):
            box.style.description_width = "80px"  # the three boxes line up
        self.join_button = button(t("Join"), "primary")
        self.join_button.add_class("sheriff-class-join")
        self.join_button.on_click(lambda _b: self.join())
        how = t("Type the code on your teacher's screen and a <b>nickname</b> (not your real name), then press Join.")
        return W.VBox(
            [html_widget(note(how, colour="#222", raw=True)), self.code_box, self.name_box, self.key_box]
            + [wrap_box([self.join_button])],
            layout=W.Layout(max_width="100%"),
        )

    @staticmethod
    def _no_class_html(problem: str) -> str:
        where = (
            t("On Binder every visitor gets a computer of their own, so classmates cannot meet here.")
            if problem == "binder"
            else t(
                "On this JupyterHub every user has a server of their own, and no shared class database is set "
                "(SHERIFF_NB_CLASS_DB), so classmates cannot meet here."
            )
        )
        return (
            heading(t("A class needs a shared server"), 4)
            + note(where, colour="#222")
            + note(
                t(
                    "Your teacher can run the lessons on one computer with <code>sheriff-nb --host 0.0.0.0</code>"
                    " (see the teacher's page), or your class can play on paper and type the tally into "
                    "<a href='{tally}' target='_self'>lesson 08's classroom round</a>.",
                    tally=TALLY,
                ),
                colour="#222",
                raw=True,
            )
        )

    # -- acting
    def join(self) -> bool:
        """Join with the form's code and nickname, or take a seat back with the form's seat key.  A page that has a
        seat keeps it: a second press (a double tap) changes nothing."""
        with self._lock:
            if self.name is not None:
                return True
            if self.tries.paused():
                self.error.value = error_html(self.tries.message())
                return False
            typed = self.key_box.value.strip()
            try:
                seat = (
                    cl.reclaim(self.code_box.value, typed, db=self.db)
                    if typed
                    else cl.join(self.code_box.value, self.name_box.value, db=self.db)
                )
            except RuleError as broken:
                self.error.value = self.tries.refusal_html(broken, cl.SeatKeyError)
                return False
            self._seated(seat)
            self._focus_next()
            return True

    def _come_back(self) -> None:
        """The browser sent the seat keys it kept: take this code's seat back (a reload, the link opened again)."""
        with self._lock:
            code = cl.clean_code(self.code_box.value)
            key = self.kept.get(code)
            if self.name is not None or not code or not isinstance(key, str):
                return
            try:
                seat = cl.reclaim(code, key, db=self.db)
            except (cl.SeatKeyError, cl.RemovedError, cl.UnknownSessionError):
                self.kept.drop(code)  # a key of a deleted session, or of a seat taken away: forget it
                return
            except RuleError as broken:
                self.error.value = error_html(rule_message(broken))
                return
            self._seated(seat)

    def _seated(self, seat: cl.Seat) -> None:
        self.code, self.name, self.key = seat.code, seat.name, seat.key
        self.tries.right()
        self.kept.put(seat.code, seat.key)
        self.error.value = ""
        close_tree(self.form)  # every control of the form goes, in the kernel too: no second seat from this page
        self.children = [self.error, self.play, self.kept]
        self.play.layout.display = "flex"
        self.refresh()
        self.poller.start()

    def choose(self, index: int) -> bool:
        """Press the ``index``-th choice button of the current role.  If the store cannot take it now, the page
        keeps it and sends it again at each poll (:meth:`send_pending`)."""
        with self._lock:
            view = self.shown
            if view is None or view.seat is None or self.pending is not None:
                return False
            self.pending = (view.seat.round, cl.ROLES[view.seat.role][index])
            sent = self.send_pending()
            self._focus_next()
            return sent

    def send_pending(self) -> bool:
        """Send the choice the page keeps; True if the store took it.  A refusal by a rule drops it (the page says
        why); a store fault keeps it for the next poll."""
        with self._lock:
            if self.pending is None:
                return True
            round_, choice = self.pending
            try:
                cl.submit(self.code, self.name, round_, choice, db=self.db)
            except cl.StoreError as broken:
                self.error.value = error_html(
                    t(
                        "{problem} — your answer is kept in this page and sent when it can.",
                        problem=rule_message(broken),
                    )
                )
                self._draw_pending()
                return False
            except RuleError as broken:
                self.pending = None
                self.error.value = error_html(rule_message(broken))
                self.refresh(keep_error=True)
                return False
            self.pending = None
            self.error.value = ""
            self.refresh()
            return True

    def _focus_next(self) -> None:
        """Give the keyboard focus to what the student presses next: the first choice while they can choose, else
        Refresh.  The button just pressed has left the page (Join, with its form) or is disabled (a choice), and
        the browser leaves the focus on no control: no ring, nothing for a screen reader to say, Enter does nothing
        until the next Tab."""
        can_choose = self.shown is not None and self.shown.seat is not None and not self.choices[0].disabled
        (self.choices[0] if can_choose else self.refresh_button).focus()

    def _draw_pending(self) -> None:
        for button_ in self.choices:
            button_.disabled = True
        self.info.value = note(t("Your answer is waiting to be sent…"), colour="#8A3A00")

    def _tick(self) -> None:
        if self.pending is not None:
            self.send_pending()
            if self.pending is not None:  # the store still cannot take it
                return
        if self.shown is not None and cl.version(self.code, self.db) != self.shown.session.version:
            self.refresh()

    def _lost(self, error: Exception) -> None:
        if isinstance(error, cl.UnknownSessionError | cl.RemovedError):
            self.poller.stop()
            self.kept.drop(self.code)
            gone = (
                t("Your teacher removed you from this class.")
                if isinstance(error, cl.RemovedError)
                else t("This session has ended: the teacher deleted it.")
            )
            self.info.value, self.error.value = error_html(gone), ""  # one message, not an older one beside it
            for choice in self.choices:
                choice.disabled = True
                choice.layout.display = "none"
            self.words.value = ""
        else:
            self.info.value = store_problem_html(error)

    # -- showing
    def refresh(self, keep_error: bool = False) -> None:
        """Read the session again and redraw."""
        with self._lock:
            try:
                view = cl.student_view(self.code, self.name, db=self.db)
            except RuleError as broken:
                if isinstance(broken, cl.UnknownSessionError | cl.RemovedError):
                    self._lost(broken)
                    return
                self.error.value = error_html(rule_message(broken))
                return
            if not keep_error:
                self.error.value = ""
            self.shown = view
            self._draw(view)

    def _draw(self, view: cl.StudentView) -> None:
        s, seat = view.session, view.seat
        key = note(
            t(
                "{name} · seat key {key}: this browser remembers it; type it to come back on another device",
                name=self.name,
                key=self.key,
            ),
            colour="#666",
        )
        if seat is None:  # the game is over; the poll goes on, so a deleted session is told at once
            self.header.value = heading(t("The game is over: all {n} rounds are played.", n=s.rounds), 4) + key
            self.words.value, self.info.value = "", ""
            for choice in self.choices:
                choice.layout.display = "none"
        else:
            partner = t("the computer") if seat.against_computer else seat.partner
            colour = MERCHANT_INK if seat.role == "merchant" else SHERIFF_INK
            self.header.value = (
                f"<div style='font-size:15px;color:#333'>{esc(t('Round {r} of {n}', r=seat.round, n=s.rounds))}</div>"
                f"<div style='font-size:22px;font-weight:bold;color:{colour};margin:2px 0'>"
                f"{esc(t('You are the {role}', role=t(seat.role)))}</div>"
                f"<div style='font-size:16px'>{esc(t('Your partner: {partner}', partner=partner))}</div>" + key
            )
            self.words.value = payoff_words(s, seat.role)
            if seat.against_computer:
                self.words.value += note(
                    t(
                        "The class has an odd number of players, so this round you play against "
                        "the computer. It decides at random; your teacher will explain its odds "
                        "after the game."
                    ),
                    colour="#0B4F8A",
                )
            for choice, option, style in zip(self.choices, cl.ROLES[seat.role], ("info", "warning"), strict=True):
                picked = view.choice == option
                choice.description = f"✔ {choice_words(option)}" if picked else choice_words(option)
                choice.layout.display, choice.disabled = None, view.choice is not None
                choice.button_style = "" if view.choice and not picked else style  # the chosen one keeps its colour
            self.info.value = (
                ok_html(
                    t(
                        "You chose {choice}. Wait for your teacher to close the round.",
                        choice=choice_words(view.choice),
                    )
                )
                if view.choice
                else note(t("Choose one; your partner chooses at the same time."), colour="#333")
            )
        self.result.value = self._last_result(view)
        self.history.value = self._history(view)
        self.theory.value = theory_html(s, more=self._own_rates(view)) if s.revealed else ""

    @staticmethod
    def _last_result(view: cl.StudentView) -> str:
        if not view.history:
            return ""
        last = view.history[-1]
        partner = t("the computer") if last["partner"] == cl.COMPUTER else last["partner"]
        if last["choice"] is None:
            text = t("Round {r}: you did not choose in time, so no points this round.", r=last["round"])
        else:
            text = t(
                "Round {r}: you {mine} and {partner} {theirs}: you get {x}.",
                r=last["round"],
                mine=pt("you did", DONE[last["choice"]]),
                partner=partner,
                theirs=pt("partner did", PARTNER_DID[last["partner_choice"]]),
                x=money(last["payoff"]),
            )
            if last["stand_in"]:
                text += " " + t("({partner} did not choose in time; the computer chose for them.)", partner=partner)
        total = t("Your total: {x}", x=money(view.total))
        return (
            f"<div style='font-size:16px;margin:6px 0'>{esc(text)}</div>"
            f"<div style='font-size:20px;font-weight:bold;margin:2px 0 8px 0'>{esc(total)}</div>"
        )

    @staticmethod
    def _history(view: cl.StudentView) -> str:
        if len(view.history) < 2:
            return ""
        rows = [
            [
                h["round"],
                t(h["role"]),
                choice_words(h["choice"]) if h["choice"] else "—",
                choice_words(h["partner_choice"]),
                money(h["payoff"]) if h["payoff"] is not None else "—",
            ]
            for h in view.history
        ]
        return heading(t("Your rounds"), 5) + table_html(
            [t("round"), t("role"), t("you"), t("partner"), t("points")], rows
        )

    @staticmethod
    def _own_rates(view: cl.StudentView) -> str:
        lines = []
        for role, option, words in (
            ("merchant", "lie", "As a merchant you lied in {a} of {b} rounds."),
            ("sheriff", "inspect", "As a sheriff you inspected in {a} of {b} rounds."),
        ):
            played = [h for h in view.history if h["role"] == role and h["choice"]]
            if played:
                lines.append(t(words, a=sum(h["choice"] == option for h in played), b=len(played)))
        return note(" ".join(lines), colour="#0B4F8A") if lines else ""


def student_page(code: str | None = None, db=None, poll: float = 2.0) -> StudentPage:
    """``sn.widgets.student_page()``: a student's page of a class session (the code comes from the page address's
    ``?code=`` when there is one); see :class:`StudentPage`."""
    return StudentPage(code, db, poll)
