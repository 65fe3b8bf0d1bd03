"""A keyboard is enough for a class (issue 23): lessons 17 and 18 played through a round with Tab, Shift+Tab, Enter,
Space and typing alone, no click: the teacher's page (1280 px) creates a session; two phones (400 px, each its own
Voilà kernel) type the code and a nickname, join, and choose; the teacher closes the round and reveals the theory,
and each phone shows its result and the theory.

Every control reached shows a focus ring (:func:`audit.tab_to`).  Where a press takes away the control that had the
focus (the teacher's Create with its form, a student's Join with hers, a choice or Reveal that is disabled once
pressed), the page gives the focus to the next thing to press; the browser would leave it on no control (the
document's body: no ring, nothing for a screen reader to say, Enter does nothing until the next Tab).  Tab goes
through each page in its reading order (:func:`audit.tab_order`), every button of a phone on the way, and Shift+Tab
goes back; the results that appear (a phone's round, the teacher's progress line) are polite live regions in the
DOM.  What the pages say is checked against the store, read through
the API (:mod:`sheriff_nb.play.classroom`).
"""

from __future__ import annotations

import re

from audit import focused, tab_order, tab_to
from class_pages import TIMEOUT, expect, open_page, pages_kept

import sheriff_nb.play.classroom as cl
from conftest import wait_until_rendered
from sheriff_nb.ui.numbers import money
from sheriff_nb.ui.widgets.class_session import choice_words

CHOICES = {"Ann": 1, "Bob": 0}
"""Which of their two buttons each student presses (Ann the second, Bob the first)."""

_LIVE_JS = """(selector) => {
  const el = document.querySelector(selector);
  const region = el && el.closest('[aria-live]');
  return region && el.innerText.trim() ? `${region.getAttribute('role')}/${region.getAttribute('aria-live')}` : null;
}"""


def reach(page, selector: str) -> dict:
    """Where the focus is, if the page put it on ``selector`` already; else Tab to it (:func:`audit.tab_to`)."""
    return focused(page, selector) or tab_to(page, selector)


_WHERE_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return ['the page', false];
  const named = el.closest('[class*="sheriff-class-"]');
  const name = named ? [...named.classList].find(c => c.startsWith('sheriff-class-')) : el.tagName.toLowerCase();
  const style = getComputedStyle(el);
  const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
  return [name + (el.disabled ? ' (disabled)' : ''), ring];
}"""


def landing(dash) -> tuple[str, bool]:
    """Once the page is quiet after a press that redrew it: which control (its ``sheriff-class-`` class) has the
    focus, or "the page" if none has, and whether it shows a focus ring."""
    dash.settle()
    return tuple(dash.page.evaluate(_WHERE_JS))


def live_region(page, selector: str) -> str | None:
    """The ``role/aria-live`` of the live region around a non-empty ``selector``, or None."""
    return page.evaluate(_LIVE_JS, selector)


def test_a_class_round_is_played_by_keyboard_alone(browser, notebooks_server, screenshot_dir):
    rings: dict[str, bool] = {}  # every control reached: does it show a focus ring?
    lands: dict[str, tuple[str, bool]] = {}  # after a press that redraws: where the focus is, with a ring?
    with pages_kept("class-keyboard") as opened:
        teacher = open_page(browser, notebooks_server.render_url("17_class_teacher.ipynb"), 1280, 900, screenshot_dir)
        phones = {  # the phones open lesson 18 without a code in the address: they type it
            name: open_page(browser, notebooks_server.render_url("18_class_student.ipynb"), 400, 860, screenshot_dir)
            for name in CHOICES
        }
        opened += [teacher, *phones.values()]
        wait_until_rendered(teacher.page, wait_for=".sheriff-class-create", timeout=TIMEOUT)
        setup_order = tab_order(teacher.page)
        rings["teacher: Create"] = tab_to(teacher.page, ".sheriff-class-create")["ring"]
        teacher.page.keyboard.press("Enter")
        code_box = teacher.page.locator(".sheriff-class-code")
        expect(code_box).to_have_text(re.compile(r"^[A-Z2-9]{5}$"))
        code = code_box.inner_text().strip()
        expect(teacher.page.locator(".sheriff-class-progress")).to_contain_text("Round 1 of 5")  # the page is drawn
        lands["teacher, after Create"] = landing(teacher)

        for name, phone in phones.items():
            wait_until_rendered(phone.page, wait_for=".sheriff-class-join", timeout=TIMEOUT)
            rings[f"{name}: code"] = tab_to(phone.page, ".sheriff-class-join-code input")["ring"]
            phone.page.keyboard.type(code.lower())  # the page takes it in small letters too
            rings[f"{name}: nickname"] = tab_to(phone.page, ".sheriff-class-nickname input")["ring"]
            phone.page.keyboard.type(name)
            rings[f"{name}: Join"] = tab_to(phone.page, ".sheriff-class-join")["ring"]
            phone.page.keyboard.press("Enter")
            expect(phone.page.locator(".sheriff-class-header")).to_contain_text("Round 1 of 5")
            lands[f"{name}, after Join"] = landing(phone)
        assert cl.roster(code) == list(CHOICES)
        seats = {name: cl.seat(code, name) for name in CHOICES}
        for (name, index), key in zip(CHOICES.items(), ("Space", "Enter"), strict=True):
            phone = phones[name]
            expect(phone.page.locator(".sheriff-class-header")).to_contain_text(f"You are the {seats[name].role}")
            rings[f"{name}: choice"] = reach(phone.page, f".sheriff-class-choice:nth-child({index + 1})")["ring"]
            phone.page.keyboard.press(key)  # a button takes Space as well as Enter
            expect(phone.page.locator(".sheriff-class-info")).to_contain_text("You chose")
            lands[f"{name}, after choosing"] = landing(phone)
        expected = {name: cl.ROLES[seats[name].role][index] for name, index in CHOICES.items()}
        assert {name: cl.student_view(code, name).choice for name in CHOICES} == expected

        expect(teacher.page.locator(".sheriff-class-progress")).to_contain_text("Round 1 of 5: 2 of 2 have chosen")
        rings["teacher: Close"] = reach(teacher.page, ".sheriff-class-close")["ring"]
        teacher.page.keyboard.press("Enter")
        expect(teacher.page.locator(".sheriff-class-progress")).to_contain_text("Round 2 of 5: 0 of 2 have chosen")
        expect(teacher.page.locator(".sheriff-class-chart img")).to_have_count(2)
        lands["teacher, after Close"] = landing(teacher)
        progress_region = live_region(teacher.page, ".sheriff-class-progress")

        results = cl.results(code).set_index("name")
        assert results["choice"].to_dict() == expected
        result_regions = {}
        for name, phone in phones.items():
            result = phone.page.locator(".sheriff-class-result")
            expect(result).to_contain_text(f"you get {money(results.loc[name, 'payoff'])}.")
            expect(result).to_contain_text(f"Your total: {money(results.loc[name, 'payoff'])}")
            result_regions[name] = live_region(phone.page, ".sheriff-class-result")

        rings["teacher: Reveal"] = tab_to(teacher.page, ".sheriff-class-reveal")["ring"]
        teacher.page.keyboard.press("Enter")
        expect(teacher.page.locator(".sheriff-class-theory")).to_contain_text("p* = 2/7 (29%)")
        expect(teacher.page.locator(".sheriff-class-reveal")).to_be_disabled()
        lands["teacher, after Reveal"] = landing(teacher)
        for phone in phones.values():
            expect(phone.page.locator(".sheriff-class-theory")).to_contain_text("q* = 1/2 (50%)")
        orders = {
            "teacher's setup form": setup_order,
            "teacher's running session": tab_order(teacher.page),
            "a phone in round 2": tab_order(phones["Ann"].page),
        }
        ann = phones["Ann"].page  # in round 2, she goes back up to her second choice
        rings["Ann: choice, by Shift+Tab"] = tab_to(ann, ".sheriff-class-choice:nth-child(2)", key="Shift+Tab")["ring"]
        ann.keyboard.press("Enter")
        expect(ann.locator(".sheriff-class-info")).to_contain_text("You chose")
        round_2 = cl.student_view(code, "Ann")
        assert round_2.choice == cl.ROLES[round_2.seat.role][1]
        for dash in opened:
            dash.assert_clean()

    assert all(rings.values()), f"no focus ring on: {[name for name, ring in rings.items() if not ring]}"
    close, choice, refresh = (
        ("sheriff-class-close", True),
        ("sheriff-class-choice", True),
        ("sheriff-class-refresh", True),
    )
    assert lands == {
        "teacher, after Create": close,  # Create is hidden with its form
        **{f"{name}, after Join": choice for name in CHOICES},  # Join is gone with its form
        **{f"{name}, after choosing": refresh for name in CHOICES},  # the choices are disabled once one is made
        "teacher, after Close": close,  # Close stays, for the next round
        "teacher, after Reveal": close,  # Reveal is disabled once pressed
    }
    assert {name: backwards for name, (_stops, backwards) in orders.items()} == {name: [] for name in orders}
    phone_buttons = [f"button {choice_words(option)}" for option in cl.ROLES[round_2.seat.role]] + ["button Refresh"]
    assert [stop for stop in orders["a phone in round 2"][0] if stop.startswith("button")] == phone_buttons
    teacher_buttons = {"Close round 2", "Teacher key", "Remove from the class", "Delete the session"}
    assert {f"button {words}" for words in teacher_buttons} <= set(orders["teacher's running session"][0])
    assert progress_region == "status/polite"
    assert result_regions == {name: "status/polite" for name in CHOICES}
