"""What the two pages of a live class session (lessons 17 and 18) share: the teacher's projected dashboard
(:mod:`~sheriff_nb.ui.widgets.class_teacher`) and a student's phone (:mod:`~sheriff_nb.ui.widgets.class_student`).  They only call
:mod:`sheriff_nb.play.classroom` (the rules and the shared store) and :mod:`sheriff_nb.ui.charts.classroom`; each page is its
own kernel, so each keeps up with the others by polling the store on a background thread that only reads
(:class:`Poller`) and by its Refresh button.

>>> student_url("K7QXM", {"VOILA_REQUEST_URL": "http://10.0.0.5:8866/voila/render/17_class_teacher.ipynb?lang=es"})
('http://10.0.0.5:8866/voila/render/18_class_student.ipynb?code=K7QXM&lang=es', '')
"""

from __future__ import annotations

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
from .base import error_html, heading, note, table_html
from .cards import cards_row_html

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
    "choice_words",
    "TEACHER_NOTEBOOK",
    "STUDENT_NOTEBOOK",
    "DONE",
    "PARTNER_DID",
    "PageTries",
    "store_problem_html",
]

TEACHER_NOTEBOOK, STUDENT_NOTEBOOK = "17_class_teacher.ipynb", "18_class_student.ipynb"
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

    def refusal_html(self, broken: RuleError, wrong_key: type[RuleError]) -> str:
        """What the page says when ``broken`` refused a key: the rule's words, and the pause it starts when it is
        a wrong key (an instance of ``wrong_key``)."""
        shown = error_html(rule_message(broken))
        if isinstance(broken, wrong_key) and self.wrong():
            shown += error_html(self.message())
        return shown


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


def choice_words(option: str) -> str:
    """A choice in the words of its button, for the buttons, the result line and the rounds table alike.

    >>> choice_words("pass"), choice_words("honest")
    ('Let it pass', 'Honest')
    """
    words = {"honest": pt("choice", "Honest"), "lie": t("Lie"), "pass": t("Let it pass"), "inspect": t("Inspect")}
    return words[option]


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
        rows = [[choice_words("honest"), money(hp), money(hi)], [choice_words("lie"), money(lp), money(li)]]
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
        rows = [[choice_words("pass"), money(sp), money(lp_)], [choice_words("inspect"), money(si), money(li_)]]
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


THEORY_TYPE = "font-size:18px;line-height:1.45;color:#222"
"""The revealed theory's type, on the projector and on the phones: the moment the class waited for."""


def theory_html(s: cl.Session, frame=None, more: str = "") -> str:
    """The revealed theory in large type (:data:`THEORY_TYPE`): p* and q* by hand (lesson 08) and, with the
    class's ``frame`` (:func:`classroom.outcomes`), how the class compares; ``more`` (HTML) follows in the same
    type."""
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
    return f"<div class='sheriff-class-theory-text' style='{THEORY_TYPE}'>{''.join(parts)}{more}</div>"
