"""A dashboard served to a class is served to anyone who can send it a widget message: the server decides.

Crafted browser messages (``widget._handle_msg``, which is what the kernel calls for every message from the page)
cannot widen a control's range, pick a menu entry that does not exist, click a disabled button, or put a traceback
on the page; a callback that fails shows a short message and writes its traceback to the server's log.  The last
test sends the messages to a real kernel, as Voilà's page would, and reads everything the kernel sends back.
"""

from __future__ import annotations

import json
import logging

import ipywidgets as W
import pytest
from ipywidgets.widgets.widget import _instances

import sheriff_nb as sn
from sheriff_nb.ui.widgets.base import FAILED, guarded
from sheriff_nb.ui.widgets.hardening import browser_click, browser_update

HUGE = 10_000_000


def controls(root: W.Widget) -> list[W.Widget]:
    """Every widget inside ``root`` (children, and what ``_instances`` holds that was made with it)."""
    found, stack = [], [root]
    while stack:
        widget = stack.pop()
        found.append(widget)
        stack += [child for child in getattr(widget, "children", ()) if isinstance(child, W.Widget)]
    return found


DASHBOARDS = {
    "tournament (lesson 10)": lambda: sn.widgets.tournament_dashboard(),
    "play (lesson 09)": lambda: sn.widgets.play_dashboard(players=3, seed=5),
    "draw odds": lambda: sn.widgets.draw_odds_explorer(chart=False),
    "debt calculator": lambda: sn.widgets.debt_calculator(),
    "score sandbox": lambda: sn.widgets.score_sandbox(),
    "declaration form": lambda: sn.widgets.declaration_form(),
}


@pytest.mark.parametrize("name", DASHBOARDS)
def test_no_browser_message_widens_a_range_or_invents_a_menu_entry(name):
    before = set(_instances)
    dashboard = DASHBOARDS[name]()
    widgets = [w for w in controls(dashboard)] + [_instances[k] for k in set(_instances) - before]
    bounded = [w for w in widgets if {"min", "max", "value"} <= set(w.keys) and isinstance(w.value, int | float)]
    menus = [w for w in widgets if {"index", "options"} <= set(w.keys)]
    assert bounded or menus, "nothing to try"
    for widget in bounded:
        low, high = widget.min, widget.max
        widget._handle_msg(browser_update({"max": HUGE, "min": -HUGE, "value": HUGE}))
        assert (widget.min, widget.max, widget.value) == (low, high, high), type(widget).__name__
        widget._handle_msg(browser_update({"value": -HUGE}))
        assert widget.value == low
    for widget in menus:
        options, index = widget.options, widget.index
        widget._handle_msg(browser_update({"options": ["pwned"], "index": 99}))  # refused, and out of range
        assert widget.options == options and widget.index == index


def test_the_tournament_cannot_be_made_to_play_ten_million_games():
    dash = sn.widgets.tournament_dashboard()
    dash.games._handle_msg(browser_update({"max": HUGE, "value": HUGE}))
    assert dash.games.value == dash.games.max == 1000


def test_a_malformed_message_is_logged_and_changes_nothing(caplog):
    slider = W.IntSlider(value=3, min=1, max=5)
    with caplog.at_level(logging.ERROR, logger="sheriff_nb.widgets"):
        slider._handle_msg(browser_update({"value": "lots"}))
        slider._handle_msg({"content": {"data": {"method": "update", "state": None}}, "buffers": []})
    assert slider.value == 3
    assert "a browser message to a IntSlider failed" in caplog.text and "TraitError" in caplog.text


def test_a_disabled_button_ignores_a_crafted_click():
    clicks = []
    button = W.Button(description="Run", disabled=True)
    button.on_click(lambda _b: clicks.append(1))
    button._handle_msg(browser_click())
    assert clicks == []
    button.disabled = False
    button._handle_msg(browser_click())
    assert clicks == [1]


def test_a_failing_callback_shows_a_short_message_and_logs_its_traceback(caplog):
    error = W.HTML()
    with caplog.at_level(logging.ERROR, logger="sheriff_nb.widgets"):
        guarded(error)(lambda: {}["missing"])()
    assert "the error was written to the server" in error.value and "KeyError" not in error.value
    assert "Traceback" in caplog.text and "KeyError: 'missing'" in caplog.text


def test_a_broken_rule_still_shows_the_rule_and_logs_nothing(caplog):
    error = W.HTML()
    with caplog.at_level(logging.ERROR, logger="sheriff_nb.widgets"):
        guarded(error)(lambda: sn.Game(players=7))()
    assert "3 to 6 players" in error.value or "players" in error.value
    assert FAILED not in error.value and not caplog.text


def test_a_click_before_the_game_starts_does_nothing():
    dash = sn.widgets.play_dashboard(players=3, seed=5)
    for button in (
        dash.forms["market"].button,
        dash.forms["load"].button,
        dash.forms["declare"].button,
        dash.forms["round_over"].button,
    ):
        button._handle_msg(browser_click())
    assert dash.game is None and dash.error.value == ""


# --------------------------------------------------------------------------- in a real kernel


def _iopub_until_idle(kc, msg_id: str, timeout: float = 60) -> list[dict]:
    """Every iopub message of the request ``msg_id``, up to its 'idle' status."""
    messages = []
    while True:
        msg = kc.get_iopub_msg(timeout=timeout)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        messages.append(msg)
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return messages


def test_no_traceback_reaches_the_page_from_a_real_kernel(tmp_path):
    """What Voilà's page would receive over its websocket: the kernel's iopub messages for crafted comm messages
    (a click before the game starts, a malformed slider update, a widened range).  Before the fix the click
    returned an error message with a traceback naming the server's files."""
    from jupyter_client.manager import start_new_kernel

    log = open(tmp_path / "kernel.log", "w")  # noqa: SIM115 - the kernel's stderr: the server's log
    km, kc = start_new_kernel(kernel_name="python3", stderr=log, stdout=log)
    try:
        setup = (
            "import sheriff_nb as sn\n"
            "dash = sn.widgets.play_dashboard(players=3, seed=5)\n"
            "tour = sn.widgets.tournament_dashboard()\n"
        )
        ids = {
            "click": "dash.forms['market'].button.model_id",
            "count": "dash.forms['declare'].count.model_id",
            "games": "tour.games.model_id",
        }
        reply = kc.execute_interactive(setup, user_expressions=ids, timeout=120, output_hook=lambda _m: None)
        model = {
            k: json.loads(v["data"]["text/plain"].replace("'", '"'))
            for k, v in reply["content"]["user_expressions"].items()
        }
        crafted = [
            (model["click"], {"method": "custom", "content": {"event": "click"}}),
            (model["count"], {"method": "update", "state": {"value": "lots"}, "buffer_paths": []}),
            (model["games"], {"method": "update", "state": {"max": HUGE, "value": HUGE}, "buffer_paths": []}),
        ]
        sent = []
        for comm_id, data in crafted:
            msg = kc.session.msg("comm_msg", {"comm_id": comm_id, "data": data})
            kc.shell_channel.send(msg)
            sent.append(_iopub_until_idle(kc, msg["header"]["msg_id"]))
        page = json.dumps([m["content"] for messages in sent for m in messages])
        assert "error" not in {m["msg_type"] for messages in sent for m in messages}
        assert "Traceback" not in page and "sheriff_nb/" not in page and ".py" not in page, page[:2000]
        check = kc.execute_interactive(
            "",
            user_expressions={"games": "tour.games.value", "game": "dash.game"},
            timeout=60,
            output_hook=lambda _m: None,
        )
        values = {k: v["data"]["text/plain"] for k, v in check["content"]["user_expressions"].items()}
        assert values == {"games": "1000", "game": "None"}
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
        log.close()
    server_log = (tmp_path / "kernel.log").read_text()
    assert "a browser message to a BoundedIntText failed" in server_log and "TraitError" in server_log
    assert "ignored a browser's change of ['max']" in server_log
