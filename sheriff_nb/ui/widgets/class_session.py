"""The two pages of a live class session (lessons 17 and 18): the teacher's projected dashboard (here) and a
student's phone (:mod:`~sheriff_nb.widgets.class_student`), with what both use.  They only call
:mod:`sheriff_nb.classroom` (the rules and the shared store) and :mod:`sheriff_nb.charts.classroom`; each page is its
own kernel, so each keeps up with the others by polling the store on a background thread that only reads
(:class:`Poller`) and by its Refresh button.

>>> student_url("K7QXM", {"VOILA_REQUEST_URL": "http://10.0.0.5:8866/voila/render/17_class_teacher.ipynb?lang=es"})
('http://10.0.0.5:8866/voila/render/18_class_student.ipynb?code=K7QXM&lang=es', '')
"""

from __future__ import annotations

import base64
import contextlib
import math
import os
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

import ipywidgets as W

from ...engine.errors import RuleError
from ...play import classroom as cl
from ...play.classroom_store import DB_ENV
from ..i18n import goods_text, pN_, pt, rule_message, t
from ..numbers import chance, money, percent
from .base import button, error_html, esc, heading, html_widget, labelled, note, ok_html, table_html, wrap_box
from .browser_store import BrowserStore
from .cards import GoodsEditor, cards_row_html
from .explorers import MUCH_BAG, ChartSlot, arithmetic_html, declared_menu, matrix_html

__all__ = [
    "Poller",
    "code_from_query",
    "shared_store_problem",
    "request_environ",
    "student_url",
    "lan_address",
    "qr_svg",
    "payoff_words",
    "theory_html",
    "TeacherPage",
    "teacher_page",
    "TEACHER_NOTEBOOK",
    "STUDENT_NOTEBOOK",
    "DONE",
    "PARTNER_DID",
    "PageTries",
    "store_problem_html",
]

TEACHER_NOTEBOOK, STUDENT_NOTEBOOK = "17_class_teacher.ipynb", "18_class_student.ipynb"
TEACHER_KEPT = "sheriff_nb.class.teacher"
"""The browser storage key of a teacher's sessions (join code → its teacher key and creation time)."""
TALLY = "08_inspection_odds.ipynb"
DONE = {
    "honest": pN_("you did", "packed an honest bag"),
    "lie": pN_("you did", "lied"),
    "pass": pN_("you did", "let the bag pass"),
    "inspect": pN_("you did", "inspected"),
}
"""What the student did in a round, said after "you" (shown with ``pt("you did", ...)``)."""
PARTNER_DID = {
    "honest": pN_("partner did", "packed an honest bag"),
    "lie": pN_("partner did", "lied"),
    "pass": pN_("partner did", "let the bag pass"),
    "inspect": pN_("partner did", "inspected"),
}
"""The same, said after the partner's name (``pt("partner did", ...)``): other languages conjugate it apart."""
CLASS_WIDTH = 440  # px of each projected chart's plot: two side by side on a 1280 px screen
BIG = "font-family:ui-monospace,Menlo,Consolas,monospace;font-weight:bold;letter-spacing:4px"


class Poller:
    """Call ``tick()`` every ``seconds`` on a daemon thread until :meth:`stop`: the kernel is never blocked (no
    ``time.sleep`` in a cell).  ``tick`` must only read the store and set widget values; errors are reported to
    ``on_error`` and polling goes on."""

    def __init__(self, seconds: float, tick: Callable[[], None], on_error: Callable[[Exception], None]):
        self.seconds, self.tick, self.on_error = seconds, tick, on_error
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self.seconds > 0 and self._thread is None:
            self._thread = threading.Thread(target=self._run, name="sheriff-class-poll", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.seconds):
            try:
                self.tick()
            except Exception as error:  # a lost database must not kill polling
                self.on_error(error)

    def stop(self) -> None:
        self._stop.set()

    @property
    def running(self) -> bool:
        return self._thread is not None and not self._stop.is_set()


class PageTries:
    """A page's own limit on wrong keys: after :data:`~sheriff_nb.play.class_keys.PAGE_TRIES` wrong ones in a row,
    ``buttons`` are disabled for :data:`~sheriff_nb.play.class_keys.PAGE_PAUSE` seconds (doubled at each further
    pause) and :meth:`paused` says how long is left.  The page's kernel keeps the count, so reloading the page
    is the only way round it, and the session's own limit counts those tries too.

    >>> clock = [0.0]
    >>> tries = PageTries([], clock=lambda: clock[0])
    >>> [tries.wrong() for _ in range(3)]
    [0, 0, 30]
    >>> tries.paused()
    30
    >>> clock[0] = 31.0; tries.paused()
    0
    """

    def __init__(self, buttons: list[W.Button], clock: Callable[[], float] = time.monotonic):
        self.buttons, self.clock = buttons, clock
        self.misses, self.pauses, self.until = 0, 0, 0.0

    def paused(self) -> int:
        """Seconds left of the pause (0: a key may be tried)."""
        return max(0, math.ceil(self.until - self.clock()))

    def wrong(self) -> int:
        """Count a wrong key; returns the seconds of the pause it starts (0: none)."""
        self.misses += 1
        if self.misses < cl.PAGE_TRIES:
            return 0
        seconds = cl.PAGE_PAUSE * 2**self.pauses
        self.misses, self.pauses, self.until = 0, self.pauses + 1, self.clock() + seconds
        for b in self.buttons:
            b.disabled = True
        timer = threading.Timer(seconds, self._resume)
        timer.daemon = True
        timer.start()
        return seconds

    def right(self) -> None:
        self.misses = 0

    def _resume(self) -> None:
        for b in self.buttons:
            b.disabled = False

    def message(self) -> str:
        return t(
            "Too many wrong keys from this page: wait {seconds} seconds before the next try.", seconds=self.paused()
        )


def store_problem_html(error: Exception) -> str:
    """What a page says when the class store fails: the store's plain words, and that the page keeps trying."""
    return error_html(
        t("{problem} — this page keeps trying.", problem=rule_message(error))
        if isinstance(error, RuleError)
        else t("Cannot reach the class right now; trying again…")
    )


# ------------------------------------------------------------------ where the page runs
def code_from_query(query: str | None = None) -> str:
    """The ``code`` parameter of a page address's query (default: Voilà's ``QUERY_STRING`` of this kernel).

    >>> code_from_query("code=k7qxm&lang=es")
    'K7QXM'
    >>> code_from_query("")
    ''
    """
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    return cl.clean_code((parse_qs(query or "").get("code") or [""])[0])


def shared_store_problem(environ: Mapping[str, str] | None = None) -> str | None:
    """Why classmates cannot meet in this server's store, or None.  On Binder every visitor has a pod (and a store)
    of their own; on a JupyterHub each user has their own server unless ``SHERIFF_NB_CLASS_DB`` names a shared
    database server.

    >>> shared_store_problem({"BINDER_LAUNCH_HOST": "https://mybinder.org/"})
    'binder'
    >>> shared_store_problem({"JUPYTERHUB_USER": "ann", "SHERIFF_NB_CLASS_DB": "postgresql+psycopg://db/class"})
    >>> shared_store_problem({})
    """
    env = os.environ if environ is None else environ
    configured = env.get(DB_ENV, "")
    if "://" in configured and not configured.startswith("sqlite"):
        return None
    if any(env.get(k) for k in ("BINDER_LAUNCH_HOST", "BINDER_REPO_URL", "BINDER_REF_URL", "BINDER_REQUEST")):
        return "binder"
    if env.get("JUPYTERHUB_USER") or env.get("JUPYTERHUB_API_URL"):
        return "hub"
    return None


# ------------------------------------------------------------------ page addresses
def lan_address() -> str | None:
    """This computer's address on the local network (no packet is sent), or None."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") else address


def _request_url(environ: Mapping[str, str]) -> str:
    if environ.get("VOILA_REQUEST_URL"):
        return environ["VOILA_REQUEST_URL"]
    host, port = environ.get("SERVER_NAME", ""), environ.get("SERVER_PORT", "")
    if not host:
        return ""
    return f"http://{host}{':' + port if port else ''}{environ.get('SCRIPT_NAME', '/')}"


def request_environ() -> Mapping[str, str]:
    """This kernel's environment with the page request's variables (``QUERY_STRING``, ``VOILA_REQUEST_URL``): a
    preheated Voilà kernel ran the notebook before anyone asked for it, so it first waits for the request."""
    if os.environ.get("VOILA_PREHEAT") == "True":
        from voila.utils import wait_for_request

        wait_for_request()
    return os.environ


def student_url(code: str, environ: Mapping[str, str] | None = None) -> tuple[str, str]:
    """The student page's address with ``?code=`` (the QR code), built from this page's own address (Voilà
    puts it in the kernel's environment), and a warning when phones cannot reach it.  A loopback address
    (127.0.0.1, localhost) is replaced by this computer's network address."""
    parts = urlsplit(_request_url(request_environ() if environ is None else environ))
    if not parts.netloc:
        return "", t(
            "This page is not served by Voilà, so it cannot tell the students' address: open lesson 18 "
            "on the same server and type the code."
        )
    path = parts.path.rsplit("/", 1)[0] + "/" + STUDENT_NOTEBOOK
    query = {"code": code}
    lang = dict(p.split("=", 1) for p in parts.query.split("&") if "=" in p).get("lang")
    if lang:
        query["lang"] = lang
    host, warning = parts.hostname or "", ""
    if host in ("127.0.0.1", "localhost", "::1"):
        lan = lan_address()
        warning = t("You opened this page at {host}, which only this computer can reach.", host=host)
        if lan:
            host = lan
            warning += " " + t(
                "The QR code uses this computer's network address, {lan}: serve the lessons with "
                "sheriff-nb --host 0.0.0.0 so that phones on the same network can open it.",
                lan=lan,
            )
    netloc = host + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme or "http", netloc, path, urlencode(query), "")), warning


def qr_svg(text: str, scale: int = 6) -> str:
    """``text`` as a QR code drawn offline (segno) as inline SVG."""
    import segno

    return segno.make(text, error="m").svg_inline(scale=scale, title=t("QR code: {url}", url=text))


# ------------------------------------------------------------------ the game in words
def _contraband(s: cl.Session) -> Counter:
    return Counter({g: n for g, n in s.bag.items() if g != s.declared})


def payoff_words(s: cl.Session, role: str) -> str:
    """What each choice earns ``role``, in words and as a small table of the student's own payoffs (HTML); nothing
    about the theory."""
    g, n = s.game, sum(s.bag.values())
    honest, lie = goods_text({s.declared: n}), goods_text(s.bag)
    hidden = goods_text(_contraband(s))
    declared = t("“{goods}”", goods=honest)
    if role == "merchant":
        (hi, hp), (li, lp) = g.gain
        lines = [
            t("You are the merchant. You declare {declared}; choose what is really in your bag.", declared=declared),
            t(
                "Honest ({honest}): you get {hp} if the sheriff lets it pass, {hi} if he opens it (he pays you "
                "{k} for opening an honest bag).",
                honest=honest,
                hp=money(hp),
                hi=money(hi),
                k=money(-g.gold[0][0]),
            ),
            t(
                "Lie ({lie}): you get {lp} if it passes, {li} if he opens it (he takes the {hidden} and you pay "
                "a fine of {f}).",
                lie=lie,
                lp=money(lp),
                li=money(li),
                hidden=hidden,
                f=money(g.gold[1][0]),
            ),
        ]
        rows = [[pt("choice", "Honest"), money(hp), money(hi)], [t("Lie"), money(lp), money(li)]]
        header = [t("you choose"), t("he lets it pass"), t("he inspects")]
    else:
        (si, sp), (li_, lp_) = g.gold
        lines = [
            t(
                "You are the sheriff. The merchant declares {declared}: the bag holds {honest} if he is honest, "
                "{lie} if he lies.",
                declared=declared,
                honest=honest,
                lie=lie,
            ),
            t("Let it pass: you get {x}, whatever is in the bag.", x=money(sp)),
            t(
                "Inspect: you get {li} if he lied (his fine), {hi} if the bag is honest (you pay him).",
                li=money(li_),
                hi=money(si),
            ),
        ]
        rows = [[t("Pass"), money(sp), money(lp_)], [t("Inspect"), money(si), money(li_)]]
        header = [t("you choose"), t("bag is honest"), t("bag lies")]
    bags = "".join(
        f"<div style='margin:0 14px 4px 0'>{heading(label, 5)}{cards_row_html(bag, size='s')}</div>"
        for label, bag in ((t("honest"), {s.declared: n}), (t("lie"), s.bag))
    )
    return (
        "".join(note(x, colour="#222") for x in lines)
        + f"<div style='display:flex;flex-wrap:wrap;max-width:100%'>{bags}</div>"
        + table_html(header, rows)
    )


def theory_html(s: cl.Session, frame=None) -> str:
    """The revealed theory: p* and q* by hand (lesson 08) and, with the class's ``frame`` (:func:`classroom
    .outcomes`), how the class compares."""
    e = s.equilibrium
    parts = [
        heading(t("The theory, now that you have played"), 4),
        note(
            t(
                "A sheriff who inspects p* = {p} of bags makes lying and honesty pay a merchant the same; a "
                "merchant who lies q* = {q} of the time makes inspecting and passing pay a sheriff the same. "
                "In equilibrium a merchant expects {mv} per bag and a sheriff {sv}.",
                p=chance(e.p_inspect),
                q=chance(e.q_lie),
                mv=money(e.merchant_value),
                sv=money(e.sheriff_value),
            ),
            colour="#222",
        ),
    ]
    if frame is not None and len(frame):
        table = cl.rounds_table(frame)
        lied, m = int(table["lied"].sum()), int(table["merchants"].sum())
        inspected, sh = int(table["inspected"].sum()), int(table["sheriffs"].sum())
        if m and sh:
            parts.append(
                note(
                    t(
                        "Your class: merchants lied {lied} of {m} times ({lr}), sheriffs inspected "
                        "{inspected} of {sh} times ({ir}).",
                        lied=lied,
                        m=m,
                        lr=percent(lied / m),
                        inspected=inspected,
                        sh=sh,
                        ir=percent(inspected / sh),
                    ),
                    colour="#0B4F8A",
                )
            )
    return "".join(parts)


# ------------------------------------------------------------------ the teacher's projected page
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
        self.reopen_code = labelled(W.Text(layout=W.Layout(width="200px")), t("Code"))
        self.reopen_key = labelled(W.Text(layout=W.Layout(width="260px")), t("Teacher key"))
        reopen = button(t("Reopen"))
        reopen.add_class("sheriff-class-reopen")
        reopen.on_click(lambda _b: self.reopen())
        self.tries = PageTries([reopen])
        self.kept = BrowserStore(TEACHER_KEPT)
        self.kept.on_load(lambda _items: self._reopen_kept())
        self.error = html_widget()
        self.error.add_class("sheriff-class-error")
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
        self.setup = W.VBox(
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
        self.join_box, self.roster, self.progress, self.csv, self.theory = (html_widget() for _ in range(5))
        self.join_box.add_class("sheriff-class-joinbox")
        self.roster.add_class("sheriff-class-roster")
        self.progress.add_class("sheriff-class-progress")
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
        self.delete_button = button(t("Delete the session"), "danger")
        self.delete_button.add_class("sheriff-class-delete")
        self.delete_button.on_click(lambda _b: self._confirm(True))
        self.confirm_yes, self.confirm_no = button(t("Yes, delete every answer"), "danger"), button(t("Keep it"))
        self.confirm_yes.add_class("sheriff-class-delete-yes")
        self.confirm_yes.on_click(lambda _b: self.delete())
        self.confirm_no.on_click(lambda _b: self._confirm(False))
        self.confirm = wrap_box(
            [
                html_widget(note(t("Delete this session and every answer in it?"), colour="#B00020")),
                self.confirm_yes,
                self.confirm_no,
            ]
        )
        self.confirm.layout.display = "none"
        self.remove_name = W.Dropdown(options=[], layout=W.Layout(width="200px", max_width="100%"))
        self.remove_name.add_class("sheriff-class-remove-name")
        self.remove_button = button(t("Remove from the class"))
        self.remove_button.add_class("sheriff-class-remove")
        self.remove_button.on_click(lambda _b: self.remove())
        self.removal = wrap_box([self.remove_name, self.remove_button])
        self.rates, self.payoffs = ChartSlot(self._rates), ChartSlot(self._payoffs)
        for slot in (self.rates, self.payoffs):
            slot.out.add_class("sheriff-class-chart")
            slot.out.layout.width, slot.out.layout.flex = f"{CLASS_WIDTH + 90}px", "0 1 auto"
        charts = wrap_box([self.rates.out, self.payoffs.out], gap="12px 24px")
        controls = wrap_box(
            [self.close_button, self.reveal_button, self.csv, self.delete_button, self.show_key, self.key_line],
            gap="8px",
        )
        self.live = W.VBox(
            [self.join_box, self.roster, self.removal, self.progress, controls, self.confirm, charts, self.theory],
            layout=W.Layout(max_width="100%", display="none"),
        )
        self.children = [self.setup, self.error, self.live, self.kept]

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
        return True

    def reopen(self) -> bool:
        """Reopen the session typed in the form (its code and teacher key: from another computer)."""
        if self.tries.paused():
            self.error.value = error_html(self.tries.message())
            return False
        try:
            s = cl.resume(self.reopen_code.value, self.reopen_key.value, db=self.db)
        except RuleError as broken:
            message = error_html(rule_message(broken))
            if isinstance(broken, cl.TeacherKeyError) and self.tries.wrong():
                message += error_html(self.tries.message())
            self.error.value = message
            return False
        self.tries.right()
        self._open(s)
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
            return True

    def _open(self, s: cl.Session) -> None:
        self.session, self.error.value = s, ""
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
            + (f"<div style='font-size:16px;overflow-wrap:anywhere'>{esc(url)}</div>" if url else "")
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
            return True

    def reveal(self) -> None:
        """Show the theory here and on every student's phone."""
        with self._lock:
            cl.reveal(self.session.code, db=self.db)
            self.refresh()

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

    def _confirm(self, ask: bool) -> None:
        self.confirm.layout.display = "flex" if ask else "none"

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
                f"style='display:inline-block;padding:6px 12px;border:1px solid #888;border-radius:4px;"
                f"text-decoration:none'>⬇ {esc(t('Results (CSV)'))}</a>"
            )
            if len(frame):
                key = (s.closed, s.revealed)
                self._frame = frame
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
