"""What a screen reader gets from the widgets (issue 23): results that appear after a click are polite live regions,
the lesson page's script makes them so and names every slider, and a form's controls are named by their labels.

The whole page is checked by axe-core in a browser (``tests/browser/test_accessibility.py``)."""

from __future__ import annotations

import ipywidgets as W

from sheriff_nb.ui.widgets.base import LIVE_CLASS
from sheriff_nb.ui.widgets.bet_widget import prediction
from sheriff_nb.ui.widgets.class_student import StudentPage
from sheriff_nb.ui.widgets.class_teacher import TeacherPage
from sheriff_nb.ui.widgets.inspection import inspect_calculator, inspection_panel
from sheriff_nb.ui.widgets.page import page_style
from sheriff_nb.ui.widgets.play import play_dashboard


def is_live(widget: W.DOMWidget) -> bool:
    return LIVE_CLASS in widget._dom_classes


def test_a_bets_answer_appears_in_a_live_region():
    bet = prediction("How many?", ["1", "2"], "2")
    assert is_live(bet.result) and bet.result.value == ""
    bet.reveal()
    assert "No bet placed. The answer:" in bet.result.value


def test_an_inspections_outcome_appears_in_a_live_region():
    calculator = inspect_calculator({"cheese": 2, "silk": 1}, declared="cheese")
    assert is_live(calculator.result) and calculator.result.value
    assert is_live(inspection_panel("sheriff").story)
    dash = play_dashboard(seed=11)
    dash.setup_box.start_button.click()
    assert dash.game is not None and is_live(dash.news)


def test_the_class_rounds_result_appears_in_a_live_region(tmp_path):
    db = str(tmp_path / "class.sqlite")
    teacher = TeacherPage(db=db, poll=0, environ={"SERVER_SOFTWARE": "voila"})
    assert teacher.create(), teacher.error.value
    student = StudentPage(code=teacher.session.code, db=db, poll=0, environ={})
    student.name_box.value = "Ann"
    assert student.join(), student.error.value
    assert is_live(student.result) and is_live(teacher.progress)  # the progress: what Close changes


def test_the_class_pages_move_the_focus_to_the_next_thing_to_press(tmp_path, monkeypatch):
    """A press that hides or disables the control that has the keyboard focus gives the focus to the next thing
    to press; the browser would leave it on no control (``tests/browser/test_keyboard_class.py``)."""
    moved: list[W.DOMWidget] = []
    monkeypatch.setattr(W.DOMWidget, "focus", lambda widget: moved.append(widget))
    db = str(tmp_path / "class.sqlite")
    teacher = TeacherPage(db=db, poll=0, rounds=1, environ={"SERVER_SOFTWARE": "voila"})
    student = StudentPage(code="", db=db, poll=0, environ={})
    pressable = {
        "Close": teacher.close_button,
        "Reveal": teacher.reveal_button,
        "teacher key": teacher.show_key,
        "Delete": teacher.delete_button,
        "Keep it": teacher.confirm_no,
        "Create": teacher.create_button,
        "first choice": student.choices[0],
        "Refresh": student.refresh_button,
    }
    name_of = {id(widget): name for name, widget in pressable.items()}
    assert teacher.create(), teacher.error.value
    student.code_box.value, student.name_box.value = teacher.session.code, "Ann"
    assert student.join(), student.error.value
    assert student.choose(1), student.error.value
    assert teacher.close_round(), teacher.error.value  # the only round: Close is disabled
    teacher.reveal()
    teacher.delete_button.click()
    teacher.confirm_no.click()
    teacher.delete_button.click()
    teacher.confirm_yes.click()
    assert [name_of[id(widget)] for widget in moved] == [
        "Close",  # Create is hidden with its form
        "first choice",  # Join is gone with its form
        "Refresh",  # the choice is disabled once made
        "Reveal",  # Close is disabled after the last round
        "teacher key",  # Reveal is disabled once pressed
        "Keep it",  # Delete asks first: the safe answer
        "Delete",  # Keep it is hidden with its question
        "Keep it",
        "Create",  # Yes is hidden with the session
    ]


def test_the_page_script_makes_live_regions_polite_and_names_the_sliders():
    bundle = page_style()._repr_mimebundle_()[0]["text/html"]
    script = bundle.split("<script>", 1)[1]
    assert f"document.querySelectorAll('.{LIVE_CLASS}:not([aria-live])')" in script
    assert "setAttribute('role', 'status')" in script and "setAttribute('aria-live', 'polite')" in script
    assert ".noUi-handle" in script and "setAttribute('aria-labelledby', label.id)" in script
    assert "setAttribute('aria-valuetext', shown)" in script  # the value the readout shows, not noUiSlider's count
    assert '[title="null"]' in script and "setAttribute('aria-hidden', 'true')" in script  # no "null", no glyph
    assert "label.title || (control && control.title)" in script  # a menu whose tooltip an empty label hid


def test_every_control_of_the_offer_form_has_a_name():
    form = inspection_panel("merchant").form
    controls = [w for w in _walk(form) if isinstance(w, W.Dropdown | W.IntText | W.BoundedIntText | W.Text)]
    assert len(controls) >= 4
    assert not [w for w in controls if not (w.description or w.tooltip)]


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def test_the_class_forms_send_what_is_typed_in_one_message(tmp_path):
    """A box sending every keystroke is throttled by ipywidgets (one message in flight, the rest held back), while a
    button's press is not: typed quickly and followed by Tab, Tab, Enter, only the first letters of a code reached a
    busy kernel before the Join.  The boxes of the join and reopen forms send their value once, when left."""
    db = str(tmp_path / "class.sqlite")
    student = StudentPage(code="", db=db, poll=0, environ={})
    teacher = TeacherPage(db=db, poll=0, environ={})
    boxes = [student.code_box, student.name_box, student.key_box, teacher.reopen_code, teacher.reopen_key]
    assert [box.continuous_update for box in boxes] == [False] * 5
