"""Lessons 17 and 18 in a real browser, as a class uses them: the teacher's page (1280 px) creates a session, four
student pages (400 px phones, each its own Voilà kernel) open the join link with the code, join and choose; the
teacher's page sees them join and choose without a click (its background poll), closes the round and draws the
chart; every phone then shows its result (again without a click), and the theory after the teacher reveals it.
axe-core (issue 23) checks the teacher's page and a phone once the round is closed and again after the reveal.

All pages share the store of the test session (``SHERIFF_NB_CLASS_DB``, set by the root ``conftest.py`` and
inherited by Voilà's kernels), which this test also reads through the API to check what the pages say.
Screenshots: ``17-class-teacher-*.png`` and ``18-class-student-*.png`` in ``$SHERIFF_SCREENSHOTS``.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from class_pages import TIMEOUT, expect, open_page, pages_kept

import sheriff_nb.play.classroom as cl
from conftest import DEFAULT_TIMEOUT, Dashboard, axe_violations, release_kernels, wait_until_rendered
from sheriff_nb.ui.numbers import money

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def test_a_class_plays_a_round_to_the_chart(axe_script, browser, notebooks_server, screenshot_dir):
    found: list[str] = []  # axe-core's violations (issue 23) on the round's pages, as they are
    with pages_kept("class-page") as opened:
        teacher = open_page(
            browser,
            notebooks_server.render_url("17_class_teacher.ipynb"),
            1280,
            900,
            screenshot_dir,
        )
        opened.append(teacher)
        wait_until_rendered(teacher.page, wait_for=".sheriff-class-create", timeout=TIMEOUT)
        teacher.page.locator(".sheriff-class-create").click()
        code_box = teacher.page.locator(".sheriff-class-code")
        expect(code_box).to_have_text(re.compile(r"^[A-Z2-9]{5}$"))
        code = code_box.inner_text().strip()
        joinbox = teacher.page.locator(".sheriff-class-joinbox")
        expect(joinbox.locator("svg.segno")).to_be_visible()  # the QR code, drawn offline
        link = re.search(r"http://\S+18_class_student\.ipynb\?code=" + code, joinbox.inner_text()).group(0)
        assert urlsplit(link).port == urlsplit(notebooks_server.base_url).port  # the page's own server
        teacher.settle()
        teacher.screenshot("17-class-teacher-1-created")

        # the phones open the link shown (on this machine's loopback address) ...
        student_link = notebooks_server.render_url(link.split("/voila/render/", 1)[1])
        students = [open_page(browser, student_link, 400, 860, screenshot_dir) for _ in NAMES]
        opened += students
        for name, phone in zip(NAMES, students, strict=True):
            wait_until_rendered(phone.page, wait_for=".sheriff-class-join", timeout=TIMEOUT)
            code_input = phone.page.locator(".widget-text", has_text="Join code").locator("input")
            expect(code_input).to_have_value(code)  # read from the address (Voilà's QUERY_STRING)
            phone.page.locator(".widget-text", has_text="Nickname").locator("input").fill(name)
            phone.page.locator(".sheriff-class-join").click()
            expect(phone.page.locator(".sheriff-class-header")).to_contain_text("Round 1 of 5")
        assert cl.roster(code) == NAMES
        seats = {name: cl.seat(code, name) for name in NAMES}
        for name, phone in zip(NAMES, students, strict=True):
            header = phone.page.locator(".sheriff-class-header")
            expect(header).to_contain_text(f"You are the {seats[name].role}")
            expect(header).to_contain_text(f"Your partner: {seats[name].partner}")
            assert "p*" not in phone.text() and "equilibrium" not in phone.text().lower()  # no theory yet
        students[0].screenshot("18-class-student-1-joined")
        students[0].assert_no_horizontal_scroll(width=400, height=860)

        # ... the teacher's page follows without a click
        expect(teacher.page.locator(".sheriff-class-roster")).to_contain_text("4 joined")
        for name, phone in zip(NAMES, students, strict=True):
            phone.page.locator(".sheriff-class-choice").nth(1 if name in ("Ann", "Bob") else 0).click()
            expect(phone.page.locator(".sheriff-class-info")).to_contain_text("You chose")
        expect(teacher.page.locator(".sheriff-class-progress")).to_contain_text("Round 1 of 5: 4 of 4 have chosen")

        # one choice a round: the buttons are disabled once the student has chosen
        expect(students[0].page.locator(".sheriff-class-choice").nth(0)).to_be_disabled()

        teacher.page.locator(".sheriff-class-close").click()
        expect(teacher.page.locator(".sheriff-class-chart img").first).to_be_visible()
        expect(teacher.page.locator(".sheriff-class-chart img")).to_have_count(2)
        expect(teacher.page.locator(".sheriff-class-progress")).to_contain_text("Round 2 of 5: 0 of 4 have chosen")
        teacher.settle()
        teacher.screenshot("17-class-teacher-2-round-closed")
        found += axe_violations(teacher.page, "17_class_teacher.ipynb", "a round closed, its chart drawn")

        results = cl.results(code).set_index("name")
        expected_choice = {"Ann": "lie", "Bob": "inspect", "Cy": "honest", "Dee": "pass"}
        assert results["choice"].to_dict() == expected_choice
        for name, phone in zip(NAMES, students, strict=True):
            result = phone.page.locator(".sheriff-class-result")
            expect(result).to_contain_text(f"you get {money(results.loc[name, 'payoff'])}.")
            expect(result).to_contain_text(f"Your total: {money(results.loc[name, 'payoff'])}")
            expect(phone.page.locator(".sheriff-class-header")).to_contain_text("Round 2 of 5")
        students[1].screenshot("18-class-student-2-result")
        found += axe_violations(students[1].page, "18_class_student.ipynb at 400px", "a round's result")

        teacher.page.locator(".sheriff-class-reveal").click()
        expect(teacher.page.locator(".sheriff-class-theory")).to_contain_text("p* = 2/7 (29%)")
        for phone in students:
            expect(phone.page.locator(".sheriff-class-theory")).to_contain_text("q* = 1/2 (50%)")
        teacher.settle()
        teacher.screenshot("17-class-teacher-3-revealed")
        students[0].settle()
        students[0].screenshot("18-class-student-3-revealed")
        students[0].assert_no_horizontal_scroll(width=400, height=860)
        found += axe_violations(teacher.page, "17_class_teacher.ipynb", "the theory revealed")
        found += axe_violations(students[0].page, "18_class_student.ipynb at 400px", "the theory revealed")
        for dash in opened:
            dash.assert_clean()
        assert not found, f"{len(found)} axe-core violations:\n" + "\n".join(found)


def test_the_student_page_refuses_a_wrong_code(browser, notebooks_server, screenshot_dir):
    phone = open_page(
        browser,
        notebooks_server.render_url("18_class_student.ipynb?code=ZZZZZ"),
        400,
        860,
        screenshot_dir,
    )
    try:
        wait_until_rendered(phone.page, wait_for=".sheriff-class-join", timeout=DEFAULT_TIMEOUT)
        phone.page.locator(".widget-text", has_text="Nickname").locator("input").fill("Ann")
        phone.page.locator(".sheriff-class-join").click()
        expect(phone.page.locator(".sheriff-class-error")).to_contain_text("no session has the code 'ZZZZZ'")
        phone.settle()
        phone.screenshot("18-class-student-0-wrong-code")
        phone.assert_no_horizontal_scroll(width=400, height=860)
        phone.assert_clean()
    finally:
        phone.page.context.close()
        release_kernels(phone.log.websockets)


def sweep(dash: Dashboard, box: str, press: str, guesses: tuple[str, ...], refusal: str) -> None:
    """Type wrong keys into the ``box`` of ``dash``'s form (the given guesses, then one more) and press ``press``
    each time: each is refused, and the third pauses the page's form."""
    typed = dash.page.locator(".widget-text", has_text=box).locator("input")
    for guess in (*guesses, "CCCC-CCCC-CCCC-CCCC"):
        typed.fill(guess)
        dash.page.locator(press).click()
        expect(dash.page.locator(".sheriff-class-error")).to_contain_text(refusal)
    expect(dash.page.locator(".sheriff-class-error")).to_contain_text("Too many wrong keys from this page")
    expect(dash.page.locator(press)).to_be_disabled()


def test_reloads_take_back_the_seat_and_the_session_and_a_seated_page_has_no_join(
    browser, notebooks_server, screenshot_dir
):
    """The browser keeps both keys: a reloaded teacher page reopens its session and a reloaded phone its seat,
    nobody types a key; a seated phone has no Join control left to press (not even by a crafted click), and a
    phone that sweeps seat keys is paused after three."""
    with pages_kept("class-reload") as opened:
        teacher = open_page(browser, notebooks_server.render_url("17_class_teacher.ipynb"), 1280, 900, screenshot_dir)
        opened.append(teacher)
        wait_until_rendered(teacher.page, wait_for=".sheriff-class-create", timeout=TIMEOUT)
        teacher.page.locator(".sheriff-class-create").click()
        code_box = teacher.page.locator(".sheriff-class-code")
        expect(code_box).to_have_text(re.compile(r"^[A-Z2-9]{5}$"))
        code = code_box.inner_text().strip()
        teacher.page.reload(wait_until="commit", timeout=TIMEOUT * 1000)
        wait_until_rendered(teacher.page, wait_for=".sheriff-class-code", timeout=TIMEOUT)
        expect(teacher.page.locator(".sheriff-class-code")).to_have_text(code)  # reopened by itself
        expect(teacher.page.locator(".sheriff-class-error")).to_contain_text(f"Session {code} reopened")

        link = notebooks_server.render_url(f"18_class_student.ipynb?code={code}")
        phone = open_page(browser, link, 400, 860, screenshot_dir)
        opened.append(phone)
        wait_until_rendered(phone.page, wait_for=".sheriff-class-join", timeout=TIMEOUT)
        phone.page.locator(".widget-text", has_text="Nickname").locator("input").fill("Ann")
        phone.page.locator(".sheriff-class-join").click()
        expect(phone.page.locator(".sheriff-class-header")).to_contain_text("Round 1 of 5")
        expect(phone.page.locator(".sheriff-class-join")).to_have_count(0)  # the form is gone, not hidden
        phone.page.reload(wait_until="commit", timeout=TIMEOUT * 1000)
        wait_until_rendered(phone.page, wait_for=".sheriff-class-student", timeout=TIMEOUT)
        expect(phone.page.locator(".sheriff-class-header")).to_contain_text("Round 1 of 5")  # no key typed
        expect(phone.page.locator(".sheriff-class-join")).to_have_count(0)
        assert cl.roster(code) == ["Ann"]

        thief = open_page(browser, link, 400, 860, screenshot_dir)
        opened.append(thief)
        wait_until_rendered(thief.page, wait_for=".sheriff-class-join", timeout=TIMEOUT)
        sweep(
            thief, "Seat key", ".sheriff-class-join", ("AAAA-AAAA-AAAA-AAAA", "BBBB-BBBB-BBBB-BBBB"), "not a seat key"
        )
        thief.settle()
        thief.screenshot("18-class-student-4-paused")
        assert cl.roster(code) == ["Ann"]

        visitor = open_page(browser, notebooks_server.render_url("17_class_teacher.ipynb"), 1280, 900, screenshot_dir)
        opened.append(visitor)  # another browser: it keeps no key, so it shows the form
        wait_until_rendered(visitor.page, wait_for=".sheriff-class-reopen", timeout=TIMEOUT)
        visitor.page.locator(".widget-text", has_text="Code").locator("input").fill(code)
        sweep(visitor, "Teacher key", ".sheriff-class-reopen", ("000000", "123456"), "not the teacher key")
        expect(visitor.page.locator(".sheriff-class-code")).to_have_count(0)
        for dash in opened:
            dash.assert_clean()
