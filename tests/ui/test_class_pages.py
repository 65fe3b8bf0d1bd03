"""The class pages (lessons 17-18) without a browser: widget callbacks run synchronously, and the
background poll is a real thread reading a real store."""

from __future__ import annotations

import base64
import json
import re
import time

import pytest

import sheriff_nb as sn
import sheriff_nb.play.classroom as cl
from sheriff_nb.theory import analysis as an
from sheriff_nb.ui.i18n import set_language
from sheriff_nb.ui.widgets import class_session as wcl
from sheriff_nb.ui.widgets.browser_store import BrowserStore
from sheriff_nb.ui.widgets.class_student import StudentPage
from sheriff_nb.ui.widgets.class_teacher import TeacherPage, teacher_page

VOILA = {"VOILA_REQUEST_URL": "http://10.0.0.5:8866/voila/render/17_class_teacher.ipynb"}


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


def page_text(page) -> str:
    """Everything an HTML widget of ``page`` shows (recursively)."""
    parts = []

    def walk(widget):
        if isinstance(widget, BrowserStore):  # what the browser keeps is not on the screen
            return
        if hasattr(widget, "value") and isinstance(widget.value, str):
            parts.append(text(widget.value))
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(page)
    return " ".join(parts)


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "class.sqlite")


def teacher(db, **kw) -> TeacherPage:
    page = TeacherPage(db=db, poll=0, environ=VOILA, **kw)
    assert page.create(), page.error.value
    return page


def student(db, code: str, name: str, **kw) -> StudentPage:
    page = StudentPage(code=code, db=db, poll=0, environ={}, **kw)
    page.name_box.value = name
    assert page.join(), page.error.value
    return page


def test_the_join_link_comes_from_the_page_address_and_a_loopback_address_is_replaced(monkeypatch):
    url, warning = wcl.student_url(
        "ABCDE", {"VOILA_REQUEST_URL": "http://hub.example:80/user/ann/voila/render/notebooks/17_class_teacher.ipynb"}
    )
    assert url == "http://hub.example:80/user/ann/voila/render/notebooks/18_class_student.ipynb?code=ABCDE"
    assert warning == ""
    monkeypatch.setattr(wcl, "lan_address", lambda: "192.168.1.20")
    url, warning = wcl.student_url(
        "ABCDE",
        {"SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8866", "SCRIPT_NAME": "/voila/render/17_class_teacher.ipynb"},
    )
    assert url == "http://192.168.1.20:8866/voila/render/18_class_student.ipynb?code=ABCDE"
    assert "only this computer can reach" in warning and "sheriff-nb --host 0.0.0.0" in warning
    assert wcl.student_url("ABCDE", {})[0] == ""


def test_the_teacher_page_shows_the_code_its_qr_code_and_who_joined(db):
    page = teacher(db)
    code = page.session.code
    assert (
        f">{code}<" in page.join_box.value and "<svg" in page.join_box.value and 'class="segno"' in page.join_box.value
    )
    assert f"18_class_student.ipynb?code={code}" in page.join_box.value
    assert page.session.teacher_key not in page_text(page)  # the projector does not show it ...
    page.show_key.value = True
    assert f"Teacher key {page.session.teacher_key}" in text(page.key_line.value)  # ... until the teacher asks
    page.show_key.value = False
    assert "0 joined" in text(page.roster.value)
    assert not page.close_round() and "nobody has joined" in text(page.error.value)
    ann, bob = student(db, code, "Ann"), student(db, code, "Bob")
    page.refresh()
    assert "2 joined" in text(page.roster.value) and "Ann" in page.roster.value
    assert "Round 1 of 5: 0 of 2 have chosen" in text(page.progress.value)
    ann.choose(1), bob.choose(1)
    page.refresh()
    assert "2 of 2 have chosen" in text(page.progress.value)
    assert page.close_round()
    assert "Round 2 of 5: 0 of 2 have chosen" in text(page.progress.value)
    shown = [o["data"]["image/svg+xml"] for o in (page.rates.out.outputs[0], page.payoffs.out.outputs[0])]
    assert all("<svg" in svg for svg in shown) and "q*" not in shown[0]  # no theory before the reveal
    csv = base64.b64decode(re.search(r"base64,([^']+)'", page.csv.value).group(1)).decode()
    assert csv == cl.export_csv(code, db) and "Ann,merchant,Bob,lie,-4,inspect" in csv
    assert page.theory.value == ""
    page.reveal()
    assert "p* = 2/7 (29%)" in text(page.theory.value) and "q* = 8 / (8 + 8) = 1/2 (50%)" in text(page.theory.value)
    assert "q* = 50%" in page.rates.out.outputs[0]["data"]["image/svg+xml"]  # the dotted line's label
    assert page.reveal_button.disabled


def test_the_teacher_deletes_and_reopens_sessions(db):
    page = teacher(db, rounds=3, rematch=False)
    s = page.session
    assert (s.rounds, s.rematch) == (3, False)
    other = TeacherPage(db=db, poll=0, environ=VOILA)
    other.reopen_code.value, other.reopen_key.value = s.code.lower(), "nope"
    assert not other.reopen() and "not the teacher key" in text(other.error.value)
    other.reopen_key.value = s.teacher_key
    assert other.reopen() and other.session.code == s.code
    page.delete()
    assert page.session is None and page.setup.layout.display == "flex" and page.live.layout.display == "none"
    with pytest.raises(cl.UnknownSessionError):
        cl.session(s.code, db)


def test_a_bag_with_nothing_to_choose_is_refused_on_the_page(db):
    page = TeacherPage(db=db, poll=0, environ=VOILA)
    page.editor.set({"apples": 4})
    assert not page.create() and "nothing to mix" in text(page.error.value) and page.session is None


def test_the_student_sees_the_payoffs_of_the_game_and_no_theory_until_the_reveal(db):
    page = teacher(db)
    ann, bob, cy = (student(db, page.session.code, n) for n in ("Ann", "Bob", "Cy"))
    g = an.inspection_game({"apples": 2, "pepper": 2}, "apples")
    words = text(ann.words.value)
    assert f"Honest (4 Apples): you get {g.gain[0][1]} if the sheriff lets it pass, {g.gain[0][0]} if he opens" in words
    assert f"Lie (2 Apples + 2 Pepper): you get {g.gain[1][1]} if it passes, −{-g.gain[1][0]} if he opens" in words
    bob.refresh()
    assert f"Inspect: you get {g.gold[1][0]} if he lied (his fine), −{-g.gold[0][0]} if the bag is honest" in text(
        bob.words.value
    )
    assert [b.description for b in ann.choices] == ["Honest", "Lie"]
    assert [b.description for b in bob.choices] == ["Let it pass", "Inspect"]
    assert "play against the computer" in text(cy.words.value) and "the computer" in text(cy.header.value)
    for phone in (ann, bob, cy):
        shown = page_text(phone)
        assert "p*" not in shown and "q*" not in shown and "equilibri" not in shown.lower()
    cl.reveal(page.session.code, db)
    ann.refresh()
    assert "p* = 2/7 (29%)" in text(ann.theory.value) and "72/7 ≈ 10.29" in text(ann.theory.value)


def test_a_student_chooses_once_and_sees_the_result(db):
    page = teacher(db)
    ann, bob = student(db, page.session.code, "Ann"), student(db, page.session.code, "Bob")
    assert ann.choose(0) and "You chose Honest" in text(ann.info.value)
    assert all(b.disabled for b in ann.choices)
    assert not ann.choose(1) and "already chose honest in round 1; the first choice stands" in text(ann.error.value)
    bob.choose(1)
    page.close_round()
    ann.refresh()
    assert "Round 1: you packed an honest bag and Bob inspected: you get 16." in text(ann.result.value)
    assert "Your total: 16" in text(ann.result.value) and "You are the sheriff" in text(ann.header.value)
    assert not any(b.disabled for b in ann.choices)


def test_a_reloaded_phone_takes_its_seat_back_and_a_taken_name_is_refused(db):
    page = teacher(db)
    ann = student(db, page.session.code, "Ann")
    again = StudentPage(code=page.session.code, db=db, poll=0, environ={})
    again.name_box.value = "ann"
    assert not again.join() and "already taken" in text(again.error.value)
    again.key_box.value = ann.key
    assert again.join() and again.name == "Ann" and "You are the merchant" in text(again.header.value)


@pytest.mark.parametrize("environ", [{"BINDER_LAUNCH_HOST": "https://mybinder.org/"}, {"JUPYTERHUB_USER": "ann"}])
def test_on_binder_the_student_page_says_a_class_needs_a_shared_server(environ):
    page = StudentPage(environ=environ, poll=0)
    shown = page_text(page)
    assert "A class needs a shared server" in shown and "08_inspection_odds.ipynb" in page.children[0].value
    assert not hasattr(page, "join_button")


def test_the_code_comes_from_the_page_address(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "code=k7qxm")
    assert StudentPage(poll=0, environ={}).code_box.value == "K7QXM"


def wait_for(condition, seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def test_pages_follow_the_class_on_a_background_thread(db):
    s = cl.create_session({"apples": 2, "pepper": 2}, "apples", db=db)
    projected = TeacherPage(db=db, poll=0.05, environ=VOILA)
    projected.reopen_code.value, projected.reopen_key.value = s.code, s.teacher_key
    projected.reopen()
    ann = StudentPage(code=s.code, db=db, poll=0.05, environ={})
    ann.name_box.value = "Ann"
    ann.join()
    try:
        assert ann.poller.running and projected.poller.running
        cl.join(s.code, "Bob", db=db)
        assert wait_for(lambda: "2 joined" in text(projected.roster.value))
        assert wait_for(lambda: "Your partner: Bob" in text(ann.header.value))
        cl.submit(s.code, "Bob", 1, "pass", db=db)
        ann.choose(1)
        cl.close_round(s.code, 1, db=db)
        assert wait_for(lambda: "Round 1: you lied and Bob let the bag pass: you get 16." in text(ann.result.value))
        assert wait_for(lambda: "Round 2 of 5" in text(projected.progress.value))
        cl.delete_session(s.code, db)
        assert wait_for(lambda: "the teacher deleted it" in text(ann.info.value))
        assert wait_for(lambda: not ann.poller.running)
    finally:
        ann.poller.stop()
        projected.poller.stop()


def test_the_pages_are_in_the_course():
    files = [f for f, _, _ in sn.widgets.LESSONS]
    assert files[-2:] == [wcl.TEACHER_NOTEBOOK, wcl.STUDENT_NOTEBOOK]
    assert sn.widgets.teacher_page is teacher_page


def test_loading_the_class_pages_keeps_lesson_08s_tally():
    """``sn.widgets.classroom()`` is lesson 08's paper tally: importing the class pages must not shadow it."""
    assert sn.widgets.teacher_page and sn.widgets.student_page
    assert isinstance(sn.widgets.classroom(), sn.widgets.Classroom)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("ru", "Раунд 1: ваш ход — честный мешок, ход партнёра (Bob) — досмотр: вы получаете 16."),
        ("es", "Ronda 1: tú armaste una bolsa honesta y Bob inspeccionó: obtienes 16."),
        ("de", "Runde 1: Du: ehrlich gepackt, Bob: überprüft. Du bekommst 16."),
    ],
)
def test_the_result_line_is_all_in_the_readers_language(db, lang, line):
    page = teacher(db)
    ann, bob = student(db, page.session.code, "Ann"), student(db, page.session.code, "Bob")
    ann.choose(0), bob.choose(1)
    page.close_round()
    set_language(lang)
    try:
        ann.refresh()
        assert line in text(ann.result.value)
    finally:
        set_language("en")


# ------------------------------------------------------------------ one page, one seat; the teacher's roster
def test_a_seated_page_cannot_join_again_nor_as_anyone_else(db):
    from sheriff_nb.ui.widgets.hardening import browser_click

    page = teacher(db)
    ann = student(db, page.session.code, "Ann")
    button, name_box = ann.join_button, ann.name_box
    assert button.comm is None and name_box.comm is None  # the form is gone from the kernel, not only hidden
    assert ann.form not in ann.children
    button._handle_msg(browser_click())  # a crafted click on the closed button
    name_box.value = "Zed"
    assert ann.join() and ann.name == "Ann"  # a double tap: no error, the same seat
    assert ann.error.value == ""
    assert cl.roster(page.session.code, db) == ["Ann"]


def test_wrong_seat_keys_pause_the_page(db):
    page = teacher(db)
    code = page.session.code
    student(db, code, "Ann")
    thief = StudentPage(code=code, db=db, poll=0, environ={})
    for guess in ("AAAA-AAAA-AAAA-AAAA", "BBBB", "CCCC"):
        thief.key_box.value = guess
        assert not thief.join()
    assert "wait 30 seconds before the next try" in text(thief.error.value) and thief.join_button.disabled
    thief.key_box.value = "DDDD"
    assert not thief.join() and "Too many wrong keys from this page" in text(thief.error.value)

    def tries(conn):
        return cl.store.count_tries(conn, code, "seat", 0)

    assert cl.store.run(db, tries) == 3  # the paused try never reached the store
    assert thief.name is None


def test_the_browser_gives_a_reloaded_page_its_seat_back(db):
    page = teacher(db)
    code = page.session.code
    ann = student(db, code, "Ann")
    assert ann.kept.get(code) == ann.key  # kept in the browser at once
    reloaded = StudentPage(code=code, db=db, poll=0, environ={})
    reloaded.kept.value = json.dumps({code: ann.key, "OTHER": "x"})  # what the browser sends when the page opens
    assert reloaded.name == "Ann" and "You are the merchant" in text(reloaded.header.value)
    stale = StudentPage(code=code, db=db, poll=0, environ={})
    stale.kept.value = json.dumps({code: "ZZZZ-ZZZZ-ZZZZ-ZZZZ"})
    assert stale.name is None and stale.kept.get(code) is None and stale.error.value == ""


def test_the_teacher_removes_a_student_and_their_page_says_so(db):
    page = teacher(db)
    code = page.session.code
    ann, bob = student(db, code, "Ann"), student(db, code, "Bob")
    page.refresh()
    assert list(page.remove_name.options) == ["Ann", "Bob"]
    page.remove_name.value = "Ann"
    assert page.remove() and "Ann was removed" in text(page.error.value)
    assert "1 joined" in text(page.roster.value) and list(page.remove_name.options) == ["Bob"]
    ann.refresh()
    assert "Your teacher removed you from this class." in text(ann.info.value)
    assert all(b.layout.display == "none" for b in ann.choices) and ann.kept.get(code) is None
    bob.refresh()
    assert "Your partner: the computer" in text(bob.header.value)


def test_a_reloaded_teacher_page_reopens_its_session_by_itself(db):
    page = teacher(db)
    kept = page.kept.value
    assert page.session.teacher_key in kept
    reloaded = TeacherPage(db=db, poll=0, environ=VOILA)
    reloaded.kept.value = kept  # the browser sends what it kept
    assert reloaded.session is not None and reloaded.session.code == page.session.code
    assert f"Session {page.session.code} reopened" in text(reloaded.error.value)
    assert reloaded.live.layout.display == "flex"
    page.delete()
    assert page.kept.value == ""
    again = TeacherPage(db=db, poll=0, environ=VOILA)
    again.kept.value = kept  # a deleted session is forgotten, the form stays
    assert again.session is None and again.kept.value == ""


def test_wrong_teacher_keys_pause_the_reopen_form(db):
    page = teacher(db)
    other = TeacherPage(db=db, poll=0, environ=VOILA)
    other.reopen_code.value = page.session.code
    for guess in ("1", "2", "3"):
        other.reopen_key.value = guess
        assert not other.reopen()
    assert "wait 30 seconds" in text(other.error.value)
    other.reopen_key.value = page.session.teacher_key
    assert not other.reopen() and other.session is None  # paused, even for the right key


def test_a_choice_the_store_cannot_take_is_kept_and_sent_later(db, monkeypatch):
    page = teacher(db)
    code = page.session.code
    ann = student(db, code, "Ann")
    real = cl.submit

    def full(*args, **kwargs):
        raise cl.StoreError("the class store cannot be written: the disk is full", reason="full")

    monkeypatch.setattr(cl, "submit", full)
    assert not ann.choose(1)
    assert "the disk is full — your answer is kept in this page and sent when it can" in text(ann.error.value)
    assert ann.pending == (1, "lie") and all(b.disabled for b in ann.choices)
    ann._tick()  # the next poll: still full
    assert ann.pending == (1, "lie")
    monkeypatch.setattr(cl, "submit", real)
    ann._tick()  # the store works again
    assert ann.pending is None and cl.student_view(code, "Ann", db).choice == "lie"
    assert "You chose Lie" in text(ann.info.value) and ann.error.value == ""


def test_deleting_the_session_looks_destructive_and_sits_apart_from_the_round_buttons(db):
    """Lesson 17: "Delete the session" had the filled accent of "Close round 1" and sat next to it; the CSV link
    had a look of its own."""
    page = teacher(db)
    rows = list(page.live.children)
    [round_row] = [row for row in rows if page.close_button in getattr(row, "children", ())]
    assert page.delete_button not in round_row.children and page.csv in round_row.children
    delete_row = next(i for i, row in enumerate(rows) if page.delete_button in getattr(row, "children", ()))
    assert delete_row > rows.index(round_row) and rows.index(page.confirm) == delete_row + 1
    assert page.close_button.style.button_color != page.delete_button.style.button_color
    assert "sheriff-destructive" in page.delete_button._dom_classes
    assert "background:#eee" in page.csv.value  # the look of a secondary button, like "Teacher key"


def test_the_join_form_says_what_to_type_and_a_missing_code_is_named(db):
    page = StudentPage(code="", db=db, poll=0, environ={})
    assert page.code_box.placeholder == "e.g. K7QXM"  # not a code already filled in (UX review #49)
    assert "then press Join" in page_text(page)
    page.name_box.value = "Ann"
    assert not page.join()
    assert text(page.error.value).strip() == "✘ no join code was typed: type the code on the teacher's screen first"
    page.code_box.value = teacher(db).session.code
    assert page.join() and "then press Join" not in page_text(page)  # gone once seated (#53)


def test_the_chosen_answer_keeps_its_colour_and_the_rounds_table_uses_the_button_words(db):
    page = teacher(db)
    ann, bob = student(db, page.session.code, "Ann"), student(db, page.session.code, "Bob")
    ann.choose(1)
    assert [(b.description, b.button_style) for b in ann.choices] == [("Honest", ""), ("✔ Lie", "warning")]
    bob.choose(0)
    page.close_round()
    ann.refresh(), bob.refresh()
    ann.choose(1)
    bob.choose(0)
    page.close_round()
    bob.refresh()
    rows = [re.findall(r"<td[^>]*>([^<]*)</td>", row) for row in bob.history.value.split("<tr")[2:]]
    assert [row[2:4] for row in rows] == [["Let it pass", "Lie"], ["Honest", "Inspect"]]  # UX review #53
    sheriff = ann.words.value if "You are the sheriff" in text(ann.words.value) else bob.words.value
    assert ">Let it pass</td>" in sheriff and ">Pass</td>" not in sheriff  # the payoff table too


def test_a_deleted_session_is_told_at_once_in_one_message_even_after_the_game(db):
    s = cl.create_session({"apples": 2, "pepper": 2}, "apples", rounds=1, db=db)
    ann = StudentPage(code=s.code, db=db, poll=0.05, environ={})
    ann.name_box.value = "Ann"
    ann.join()
    try:
        cl.close_round(s.code, 1, db=db)
        cl.reveal(s.code, db)
        assert wait_for(lambda: "The theory, now that you have played" in text(ann.theory.value))
        assert "font-size:18px" in ann.theory.value  # readable type, not the widgets' 13 px (UX review #51)
        cl.delete_session(s.code, db)
        assert wait_for(lambda: "the teacher deleted it" in text(ann.info.value), seconds=5)  # UX review #50
        ann.refresh()
        assert page_text(ann).count("✘") == 1 and "no session has the code" not in page_text(ann)
    finally:
        ann.poller.stop()


def test_the_charts_are_prepared_while_the_class_joins_and_a_new_one_says_drawing(db, monkeypatch):
    from sheriff_nb.ui.display import prepare_charts
    from sheriff_nb.ui.widgets import class_teacher

    asked = []
    monkeypatch.setattr(class_teacher, "warm_up", lambda *tasks: asked.extend(tasks))
    page = teacher(db)
    assert prepare_charts in asked  # started on opening, not at the first Close (UX review #48)
    student(db, page.session.code, "Ann"), student(db, page.session.code, "Bob")
    seen = []
    build = page.rates.build

    def shown_now():
        return page.rates.out.outputs[0]["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]

    page.rates.build = lambda *key: seen.append(shown_now()) or build(*key)
    page.close_round()
    assert seen == [page.drawing.model_id] and "Drawing the class's chart…" in text(page.drawing.value)
    assert "image/svg+xml" in page.rates.out.outputs[0]["data"]


def test_the_round_buttons_and_the_chart_come_first_and_the_link_breaks_between_words(db):
    page = teacher(db)
    order = [page.live.children.index(w) for w in (page.progress, page.charts, page.join_box, page.roster)]
    assert order == sorted(order) and page.close_button in page.controls.children  # UX review #52
    assert "18_class_student.ipynb<wbr>?code<wbr>=" in page.join_box.value and "ipyn<wbr>b" not in page.join_box.value
