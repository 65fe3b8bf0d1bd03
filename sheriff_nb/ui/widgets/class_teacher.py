"""The teacher's projected page of a live class session (lesson 17): create a session or reopen one, show the join
code and its QR code, run the roster, close the rounds, draw the class's chart, reveal the theory, export, delete.
What it shares with the student's page (polling, the limit on wrong keys, addresses, the game in words) is in
:mod:`~sheriff_nb.ui.widgets.class_session`.

The browser keeps the teacher key of every session this page created or reopened
(:class:`~sheriff_nb.ui.widgets.browser_store.BrowserStore`), so a reload reopens the running session by itself and the
key never has to be shown on the projector.
"""

from __future__ import annotations

import base64
import contextlib
import re
import threading
from collections.abc import Mapping

import ipywidgets as W

from ...engine.errors import RuleError
from ...play import classroom as cl
from ..display import prepare_charts, warm_up
from ..i18n import rule_message, t
from ..palette import INK_TEXT
from .base import (
    button,
    destructive_button,
    error_html,
    esc,
    heading,
    html_widget,
    labelled,
    live,
    note,
    ok_html,
    wrap_box,
)
from .browser_store import BrowserStore
from .cards import GoodsEditor
from .chart_slot import ChartSlot
from .class_session import (
    BIG,
    CLASS_WIDTH,
    PageTries,
    Poller,
    qr_svg,
    shared_store_problem,
    store_problem_html,
    student_url,
    theory_html,
)
from .explorers import MUCH_BAG, arithmetic_html, declared_menu, matrix_html

__all__ = ["TeacherPage", "teacher_page", "TEACHER_KEPT"]

TEACHER_KEPT = "sheriff_nb.class.teacher"
"""The browser storage key of a teacher's sessions (join code → its teacher key and creation time)."""


class TeacherPage(W.VBox):
    """Create a session (bag, declaration, rounds, partners) or reopen one; then the join code, its QR code and who
    has joined; per round how many have chosen and a Close button; the class's chart; Reveal, CSV and Delete."""

    def __init__(
        self,
        db=None,
        poll: float = 2.0,
        bag: Mapping[str, int] | None = None,
        declared: str = "apples",
        rounds: int = 5,
        rematch: bool = True,
        environ: Mapping[str, str] | None = None,
    ):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.add_class("sheriff-class-teacher")
        self.db, self.environ, self.session, self.shown = db, environ, None, None
        self._lock = threading.RLock()
        self.poller = Poller(poll, self._tick, self._lost)
        self.setup = self._setup_form(bag, declared, rounds, rematch, environ)
        self.tries = PageTries([self.reopen_button])
        self.kept = BrowserStore(TEACHER_KEPT)
        self.kept.on_load(lambda _items: self._reopen_kept())
        self.error = html_widget()
        self.error.add_class("sheriff-class-error")
        self.live = self._live_page()
        self.children = [self.setup, self.error, self.live, self.kept]

    def _setup_form(self, bag, declared: str, rounds: int, rematch: bool, environ) -> W.VBox:
        """The form that creates a session (the lie, the declaration, rounds, partners), or reopens one."""
        self.editor = GoodsEditor(bag or MUCH_BAG, maximum=5, kinds=("legal", "contraband"))
        self.declared = declared_menu(declared)
        self.rounds = labelled(
            W.BoundedIntText(value=rounds, min=1, max=cl.MAX_ROUNDS, layout=W.Layout(width="150px")), t("Rounds")
        )
        self.partners = W.ToggleButtons(
            options=[(t("new partners each round"), True), (t("fixed partners"), False)],
            value=bool(rematch),
            style={"button_width": "auto"},
        )
        self.partners.add_class("sheriff-class-partners")
        self.create_button = button(t("Create the session"), "primary")
        self.create_button.add_class("sheriff-class-create")
        self.create_button.on_click(lambda _b: self.create())
        self.reopen_code = labelled(W.Text(continuous_update=False, layout=W.Layout(width="200px")), t("Code"))
        self.reopen_key = labelled(W.Text(continuous_update=False, layout=W.Layout(width="260px")), t("Teacher key"))
        self.reopen_button = reopen = button(t("Reopen"))
        reopen.add_class("sheriff-class-reopen")
        reopen.on_click(lambda _b: self.reopen())
        notice = shared_store_problem(environ)
        warn = (
            note(
                t(
                    "On Binder (or a JupyterHub without a shared SHERIFF_NB_CLASS_DB) every visitor has a "
                    "server of their own: students cannot reach this session. See the teacher's guide."
                ),
                colour="#8A3A00",
            )
            if notice
            else ""
        )
        return W.VBox(
            [
                html_widget(
                    warn
                    + heading(t("The lie: what a lying merchant carries"))
                    + note(t("An honest merchant carries as many cards of the declared good."), colour="#333")
                ),
                self.editor,
                wrap_box([self.declared, self.rounds]),
                self.partners,
                wrap_box([self.create_button]),
                html_widget(
                    heading(t("Or reopen a session from another computer"), 5)
                    + note(
                        t("A reload reopens the running session by itself: this browser keeps its key."),
                        colour="#333",
                    )
                ),
                wrap_box([self.reopen_code, self.reopen_key, reopen]),
            ],
            layout=W.Layout(max_width="100%"),
        )

    def _live_page(self) -> W.VBox:
        """The running session: progress, the round's buttons, the charts, the join code, the roster, the theory."""
        self.join_box, self.roster, self.progress, self.csv, self.theory = (html_widget() for _ in range(5))
        self.join_box.add_class("sheriff-class-joinbox")
        self.roster.add_class("sheriff-class-roster")
        live(self.progress).add_class("sheriff-class-progress")
        self.csv.add_class("sheriff-class-csv")
        self.theory.add_class("sheriff-class-theory")
        self.show_key = W.ToggleButton(
            value=False,
            description=t("Teacher key"),
            icon="key",
            tooltip=t("Show the key that reopens this page after a reload"),
            layout=W.Layout(width="auto"),
        )
        self.key_line = html_widget()
        self.show_key.observe(self._show_key, names="value")
        self.close_button = button(t("Close the round"), "warning")
        self.close_button.add_class("sheriff-class-close")
        self.close_button.on_click(lambda _b: self.close_round())
        self.reveal_button = button(t("Reveal the theory"), "info")
        self.reveal_button.add_class("sheriff-class-reveal")
        self.reveal_button.on_click(lambda _b: self.reveal())
        self._deletion()
        self._removal()
        self.rates, self.payoffs = ChartSlot(self._rates), ChartSlot(self._payoffs)
        self.drawing = html_widget(note(t("Drawing the class's chart…"), colour="#666"))
        for slot in (self.rates, self.payoffs):
            slot.out.add_class("sheriff-class-chart")
            slot.out.layout.width, slot.out.layout.flex = f"{CLASS_WIDTH + 90}px", "0 1 auto"
        self.charts = charts = wrap_box([self.rates.out, self.payoffs.out], gap="12px 24px")
        self.controls = controls = wrap_box(
            [self.close_button, self.reveal_button, self.csv, self.show_key, self.key_line], gap="8px"
        )
        ending = wrap_box([self.delete_button], margin="14px 0 0 0")  # apart from the round's actions
        return W.VBox(
            # the round's buttons and the chart first, so a projected 1280 x 900 page need not scroll each round;
            # the QR code, big while the class joins (no chart yet), comes right after them
            [
                self.progress,
                controls,
                charts,
                self.join_box,
                self.roster,
                self.removal,
                self.theory,
                ending,
                self.confirm,
            ],
            layout=W.Layout(max_width="100%", display="none"),
        )

    def _deletion(self) -> None:
        """The Delete button and its "are you sure?" row."""
        self.delete_button = destructive_button(t("Delete the session"))
        self.delete_button.add_class("sheriff-class-delete")
        self.delete_button.on_click(lambda _b: self._confirm(True, focus=True))
        self.confirm_yes, self.confirm_no = button(t("Yes, delete every answer"), "danger"), button(t("Keep it"))
        self.confirm_yes.add_class("sheriff-class-delete-yes")
        self.confirm_yes.on_click(lambda _b: self.delete())
        self.confirm_no.on_click(lambda _b: self._confirm(False, focus=True))
        self.confirm = wrap_box(
            [
                html_widget(note(t("Delete this session and every answer in it?"), colour="#B00020")),
                self.confirm_yes,
                self.confirm_no,
            ]
        )
        self.confirm.layout.display = "none"

    def _removal(self) -> None:
        """Remove a nickname from the class."""
        self.remove_name = labelled(
            W.Dropdown(options=[], layout=W.Layout(width="260px", max_width="100%")), t("Nickname")
        )
        self.remove_name.add_class("sheriff-class-remove-name")
        self.remove_button = button(t("Remove from the class"))
        self.remove_button.add_class("sheriff-class-remove")
        self.remove_button.on_click(lambda _b: self.remove())
        self.removal = wrap_box([self.remove_name, self.remove_button])

    # -- acting
    def create(self) -> bool:
        """Create a session from the form."""
        try:
            s = cl.create_session(
                self.editor.value,
                self.declared.value,
                rounds=self.rounds.value,
                rematch=self.partners.value,
                db=self.db,
            )
        except RuleError as broken:
            self.error.value = error_html(rule_message(broken))
            return False
        self._open(s)
        self._focus_next()
        return True

    def reopen(self) -> bool:
        """Reopen the session typed in the form (its code and teacher key: from another computer)."""
        if self.tries.paused():
            self.error.value = error_html(self.tries.message())
            return False
        try:
            s = cl.resume(self.reopen_code.value, self.reopen_key.value, db=self.db)
        except RuleError as broken:
            self.error.value = self.tries.refusal_html(broken, cl.TeacherKeyError)
            return False
        self.tries.right()
        self._open(s)
        self._focus_next()
        return True

    def _reopen_kept(self) -> None:
        """The browser sent the sessions it keeps: reopen the newest one that still runs (after a reload)."""
        with self._lock:
            if self.session is not None:
                return
            kept = [(item, code) for code, item in self.kept.kept().items() if isinstance(item, dict)]
            for item, code in sorted(kept, key=lambda pair: -float(pair[0].get("at") or 0)):
                try:
                    s = cl.resume(code, str(item.get("key", "")), db=self.db)
                except (cl.UnknownSessionError, cl.TeacherKeyError):
                    self.kept.drop(code)  # deleted or expired: forget it
                    continue
                except RuleError as broken:
                    self.error.value = error_html(rule_message(broken))
                    return
                self._open(s)
                self.error.value = ok_html(t("Session {code} reopened: this browser kept its key.", code=s.code))
                return

    def remove(self) -> bool:
        """Remove the student chosen in the roster's menu (a made-up name, a student who left)."""
        with self._lock:
            name = self.remove_name.value
            if self.session is None or not name:
                return False
            try:
                cl.remove_student(self.session.code, self.session.teacher_key, name, db=self.db)
            except RuleError as broken:
                self.error.value = error_html(rule_message(broken))
                return False
            self.error.value = ok_html(
                t("{name} was removed: their page says so, and their partner plays the computer.", name=name)
            )
            self.refresh()
            if not self.remove_name.options:  # the removal row is hidden with the last name
                self._focus_next()
            return True

    def _open(self, s: cl.Session) -> None:
        self.session, self.error.value = s, ""
        warm_up(prepare_charts, _class_charts)  # while the class joins: the first chart then takes ~1 s, not ~9
        self.kept.put(s.code, {"key": s.teacher_key, "at": s.created})
        url, warning = student_url(s.code, self.environ)
        self.url = url
        qr = f"<div style='line-height:0;flex:0 0 auto'>{qr_svg(url, scale=7)}</div>" if url else ""
        warn = note(warning, colour="#8A3A00") if warning else ""
        self.join_box.value = (
            "<div style='display:flex;flex-wrap:wrap;gap:12px 32px;align-items:center;max-width:100%'>"
            f"{qr}<div style='flex:1 1 300px;min-width:0;max-width:100%'>{heading(t('Join on your phone'), 3)}"
            f"<div style='font-size:20px'>{esc(t('Join code'))}</div>"
            f"<div class='sheriff-class-code' style='{BIG};font-size:72px;line-height:1.1'>{esc(s.code)}</div>"
            + (f"<div style='font-size:16px;overflow-wrap:anywhere'>{link_breaks(url)}</div>" if url else "")
            + note(
                t("Scan the code, or open lesson 18 and type the code. Use a nickname, not your name."), colour="#222"
            )
            + warn
            + "</div></div>"
        )
        self.show_key.value = False
        self.setup.layout.display, self.live.layout.display = "none", "flex"
        self.refresh()
        self.poller.start()

    def close_round(self) -> bool:
        """Close the open round."""
        with self._lock:
            try:
                cl.close_round(self.session.code, self.session.open_round or self.session.rounds, db=self.db)
            except cl.StoreError as broken:
                self.error.value = error_html(
                    t(
                        "{problem} — the round is still open: press Close again when it works.",
                        problem=rule_message(broken),
                    )
                )
                return False
            except RuleError as broken:
                self.error.value = error_html(rule_message(broken))
                return False
            self.error.value = ""
            self.refresh()
            self._focus_next()
            return True

    def reveal(self) -> None:
        """Show the theory here and on every student's phone."""
        with self._lock:
            cl.reveal(self.session.code, db=self.db)
            self.refresh()
            self._focus_next()

    def _focus_next(self) -> None:
        """Give the keyboard focus to the round's next action: Close while a round is open, else Reveal until it is
        pressed, else the teacher key's toggle.  The control just pressed is hidden (Create, Reopen, with their
        form; Remove, with the last name) or disabled (Reveal, Close after the last round), and the browser leaves
        the focus on no control: no ring, nothing for a screen reader to say, Enter does nothing until the next
        Tab."""
        next(b for b in (self.close_button, self.reveal_button, self.show_key) if not b.disabled).focus()

    def _show_key(self, _change=None) -> None:
        shown = self.show_key.value and self.session is not None
        self.key_line.value = (
            note(
                t(
                    "Teacher key {key}: this browser keeps it, so a reload reopens this session by itself. Note "
                    "it only to reopen the session on another computer (keep it off the projector).",
                    key=self.session.teacher_key,
                ),
                colour="#333",
            )
            if shown
            else ""
        )

    def _confirm(self, ask: bool, focus: bool = False) -> None:
        """Show or hide the "are you sure?" row; with ``focus``, the keyboard focus goes to its safe answer (Keep
        it) or, once it is hidden, back to the Delete button."""
        self.confirm.layout.display = "flex" if ask else "none"
        if focus:
            (self.confirm_no if ask else self.delete_button).focus()

    def delete(self) -> None:
        """Delete the session (every nickname and answer) and go back to the form."""
        with self._lock:
            self.poller.stop()
            self.poller = Poller(self.poller.seconds, self._tick, self._lost)
            with contextlib.suppress(cl.UnknownSessionError):  # already gone: deleted from another page
                cl.delete_session(self.session.code, db=self.db)
            self.kept.drop(self.session.code)
            self.session, self.shown = None, None
            self._confirm(False)
            self.live.layout.display, self.setup.layout.display = "none", "flex"
            self.error.value = ok_html(t("Session deleted: nothing of it is kept."))
            self.create_button.focus()  # the pressed Yes is hidden with the session

    def _tick(self) -> None:
        if self.session is not None and cl.version(self.session.code, self.db) != self.shown:
            self.refresh()

    def _lost(self, error: Exception) -> None:
        self.error.value = store_problem_html(error)

    # -- showing
    def refresh(self) -> None:
        """Read the session again and redraw the roster, the round, the charts and the theory."""
        with self._lock:
            if self.session is None:
                return
            s = cl.session(self.session.code, self.db)
            st, names = cl.status(s.code, self.db), cl.roster(s.code, self.db)
            frame = cl.outcomes(s.code, self.db)
            self.session, self.shown = s, s.version
            pills = "".join(
                f"<span style='display:inline-block;background:#EAF2FA;border-radius:12px;"
                f"padding:2px 10px;margin:2px'>{esc(n)}</span>"
                for n in names
            )
            self.roster.value = heading(t("{n} joined", n=len(names)), 4) + f"<div>{pills}</div>"
            if list(self.remove_name.options) != names:
                self.remove_name.options = names
            self.removal.layout.display = "flex" if names else "none"
            if st.round is None:
                line = t("All {n} rounds are closed.", n=s.rounds)
                share = 1.0
            else:
                line = t("Round {r} of {n}: {c} of {k} have chosen", r=st.round, n=s.rounds, c=st.chosen, k=st.seated)
                share = st.chosen / st.seated if st.seated else 0.0
            bar = (
                f"<div style='background:#eee;border-radius:6px;height:14px;max-width:520px'><div style='width:"
                f"{100 * share:.0f}%;background:#0072B2;height:14px;border-radius:6px'></div></div>"
            )
            self.progress.value = f"<div style='font-size:22px;font-weight:bold;margin:6px 0'>{esc(line)}</div>" + bar
            self.close_button.description = t("Close round {r}", r=st.round) if st.round else t("All rounds closed")
            self.close_button.disabled = st.round is None
            self.reveal_button.disabled = s.revealed
            data = base64.b64encode(cl.export_csv(s.code, self.db).encode()).decode()
            self.csv.value = (
                f"<a download='class-{esc(s.code)}.csv' href='data:text/csv;base64,{data}' "
                f"style='display:inline-block;padding:4px 12px;background:#eee;color:{INK_TEXT};border-radius:2px;"
                f"font-size:13px;line-height:20px;text-decoration:none'>⬇ {esc(t('Results (CSV)'))}</a>"
            )
            if len(frame):
                key = (s.closed, s.revealed)
                self._frame = frame
                if key not in self.rates.cache:  # a new drawing: say so while it is drawn (the first can be slow)
                    for slot in (self.rates, self.payoffs):
                        slot.out.outputs = ()
                        slot.out.append_display_data(self.drawing)
                self.rates.show(*key)
                self.payoffs.show(*key)
            else:
                self.rates.out.outputs = ()
                self.payoffs.out.outputs = ()
                self.rates.out.append_display_data(
                    W.HTML(note(t("The chart appears when the first round is closed."), colour="#666"))
                )
            names_ = (t("the merchant"), t("the sheriff"))
            self.theory.value = (
                theory_html(s, frame) + matrix_html(s.game, names_) + arithmetic_html(s.game, names_)
                if s.revealed
                else ""
            )

    def _rates(self, closed: int, revealed: bool):
        from ..charts.classroom import rates_chart

        return rates_chart(
            cl.rounds_table(self._frame), self.session.game, self.session.rounds, revealed, width=CLASS_WIDTH
        )

    def _payoffs(self, closed: int, revealed: bool):
        from ..charts.classroom import payoff_chart

        return payoff_chart(
            cl.rounds_table(self._frame), self.session.game, self.session.rounds, revealed, width=CLASS_WIDTH
        )


def link_breaks(url: str) -> str:
    """``url`` as HTML that a narrow column breaks after a ``/`` or before a ``?``, ``&``, ``=``, not mid-word.

    >>> link_breaks("http://h/voila/render/18.ipynb?code=K")
    'http://<wbr>h/<wbr>voila/<wbr>render/<wbr>18.ipynb<wbr>?code<wbr>=K'
    """
    return re.sub(r"(?<=/)(?=[^/])|(?=[?&=])", "<wbr>", esc(url))


def _class_charts() -> None:
    """Load the class charts' module (with Altair's renderer, what makes the first chart slow)."""
    from ..charts import classroom  # noqa: F401


def teacher_page(
    db=None,
    poll: float = 2.0,
    bag: Mapping[str, int] | None = None,
    declared: str = "apples",
    rounds: int = 5,
    rematch: bool = True,
) -> TeacherPage:
    """``sn.widgets.teacher_page()``: run a class session from the projected screen (see :class:`TeacherPage`)."""
    return TeacherPage(db, poll, bag, declared, rounds, rematch)
