"""Every widget safe from its browser: the one module that touches ipywidgets' private API.

A dashboard served to a class is served to anyone who can send it a message.  Once this module is imported (every
widget module imports it, through :mod:`sheriff_nb.ui.widgets.base`), every ipywidgets and sheriff_nb widget accepts
from the browser only what a reader can change (:data:`READER_STATE`: a control's value or index, which section is
open), so a crafted message cannot raise a slider's ``max`` to size the work, and a numeric input stays clamped to
the range the server set; a click on a disabled button is ignored; whatever fails while handling a browser message
is logged on the server, with its traceback, and never sent to the page.  That holds for crafted comm messages too
(a widget ``comm_open`` naming an unknown model, a control ``comm_open`` without a protocol version): the comm
managers of ``comm`` and ``ipykernel`` log such a failure with its traceback to loggers that have no handler, so
Python's last-resort handler wrote it to ``sys.stderr``, which a kernel sends to the page; their records go to
:func:`server_log` instead, and the page only sees its comm closed.

**The private API it relies on**, written against ipywidgets **8.1.9** (``binder/requirements.txt``) and checked the
same in 8.1.0 to 8.1.8; :data:`IPYWIDGETS` is the range ``pyproject.toml`` allows, and ``tests/ui/test_hardening.py``
fails on any installed ipywidgets outside it, so an upgrade past it fails loudly instead of silently dropping this
guard:

* ``Widget.on_widget_constructed`` / ``Widget._widget_construction_callback``: the construction hook, which ipywidgets
  calls in ``Widget.__init__`` *before* ``open()``, so a widget's ``_handle_msg`` set there is the one its comm
  calls (``open()`` registers ``self._handle_msg``);
* ``ipywidgets.widgets.widget._put_buffers``: puts a message's binary buffers back into its state;
* ``Button._click_handlers`` and ``Widget._msg_callbacks``: the callbacks a click or a custom message runs;
* the comm message format of the widget protocol 2 (``update`` / ``request_state`` / ``custom``).

>>> slider = W.IntSlider(value=10, min=10, max=1000)
>>> slider._handle_msg(browser_update({"max": 10_000_000, "value": 10_000_000}))   # a crafted message
>>> slider.max, slider.value
(1000, 1000)
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable

import ipywidgets as W
from ipywidgets.widgets.widget import _put_buffers

from ...engine.errors import RuleError

__all__ = [
    "IPYWIDGETS",
    "COMM_LOGGERS",
    "READER_STATE",
    "ToServerLog",
    "browser_click",
    "browser_update",
    "server_log",
]

IPYWIDGETS = ">=8.1,<9"
"""The ipywidgets releases whose private API this module uses (the range of ``pyproject.toml``'s dependency)."""


def server_log() -> logging.Logger:
    """Where a widget's failures are written: in a kernel, the kernel's own log, which goes to the server's terminal
    or log file (Voilà's, Jupyter's) and never to the page (a kernel sends ``sys.stderr`` to the browser); elsewhere
    the ``sheriff_nb.widgets`` logger."""
    try:
        from ipykernel.kernelapp import IPKernelApp
    except ImportError:  # pragma: no cover - ipykernel comes with ipywidgets
        IPKernelApp = None  # noqa: N806
    if IPKernelApp is not None and IPKernelApp.initialized():
        return IPKernelApp.instance().log
    return logging.getLogger("sheriff_nb.widgets")


#: The loggers of the comm managers (``comm.base_comm``: a failing ``comm_msg`` or ``comm_close`` handler;
#: ``ipykernel.comm.manager``: a failing ``comm_open`` target, such as ipywidgets' own).
COMM_LOGGERS = ("Comm", "ipykernel.comm")


class ToServerLog(logging.Handler):
    """A logging handler that passes every record to :func:`server_log`, never to ``sys.stderr`` (in a kernel, the
    page).

    >>> [type(h).__name__ for h in logging.getLogger("ipykernel.comm").handlers]
    ['ToServerLog']
    >>> logging.getLogger("Comm").propagate
    False
    """

    def emit(self, record: logging.LogRecord) -> None:
        server_log().handle(record)


def _keep_comm_failures_on_server() -> None:
    for name in COMM_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(handler, ToServerLog) for handler in logger.handlers):
            logger.addHandler(ToServerLog())
        logger.propagate = False


_keep_comm_failures_on_server()


#: What a browser may change in a widget: a control's value (``index`` for menus), which section of an accordion
#: or tab is open, a Play widget's buttons.  Limits (``min``, ``max``, ``options``), ``disabled``, children and the
#: rest are the server's.
READER_STATE = frozenset({"value", "index", "selected_index", "playing", "repeat"})


def browser_update(state: dict, buffer_paths=()) -> dict:
    """A comm message as the browser sends it when the reader changes a widget (for tests)."""
    return {
        "content": {"data": {"method": "update", "state": dict(state), "buffer_paths": list(buffer_paths)}},
        "buffers": [],
    }


def browser_click() -> dict:
    """A comm message as the browser sends it when the reader clicks a button (for tests)."""
    return {"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []}


def _run(callback: Callable, *args) -> None:
    """Run a click's or a custom message's callback; what it raises is written to :func:`server_log` (a broken
    rule, which a callback shows itself when it is guarded, is left at that)."""
    try:
        callback(*args)
    except RuleError:
        pass
    except Exception as failure:  # noqa: BLE001 - logged, never sent to the page
        where = getattr(callback, "__qualname__", repr(callback))
        server_log().error("sheriff_nb: %s failed", where, exc_info=failure)


def _from_browser(widget: W.Widget) -> Callable[[dict], None]:
    """``widget``'s handler of browser messages, in place of ipywidgets' ``Widget._handle_msg`` (which sends the
    traceback of anything that fails to the page): it applies only :data:`READER_STATE` from an update, runs a
    button's click callbacks (and other custom-message callbacks) one by one, and logs whatever fails on the server."""

    def handle_msg(msg: dict) -> None:
        data = msg.get("content", {}).get("data", {})
        method = data.get("method")
        try:
            if method == "update":
                state = data["state"]
                refused = [key for key in state if key not in READER_STATE]
                if refused:
                    server_log().warning(
                        "sheriff_nb: ignored a browser's change of %s on a %s", refused, type(widget).__name__
                    )
                    state = {key: value for key, value in state.items() if key in READER_STATE}
                    widget.send_state([key for key in refused if key in widget.keys])
                paths = [path for path in data.get("buffer_paths", ()) if path and path[0] in state]
                _put_buffers(state, paths, msg.get("buffers") or [])
                widget.set_state(state)
            elif method == "request_state":
                widget.send_state()
            elif method == "custom":
                content = data.get("content") or {}
                if isinstance(widget, W.Button):
                    clicked = content.get("event") == "click" and not widget.disabled
                    callbacks, args = (widget._click_handlers.callbacks if clicked else []), (widget,)
                else:
                    callbacks, args = widget._msg_callbacks.callbacks, (widget, content, msg.get("buffers"))
                for callback in list(callbacks):
                    _run(callback, *args)
            else:
                server_log().warning(
                    "sheriff_nb: a browser sent a %s an unknown message: %r", type(widget).__name__, data
                )
        except Exception:  # noqa: BLE001 - a malformed message must not reach the page nor stop the kernel
            server_log().error(
                "sheriff_nb: a browser message to a %s failed: %r", type(widget).__name__, data, exc_info=True
            )
            with contextlib.suppress(Exception):  # a closed widget has nothing to show
                widget.send_state()  # the browser shows the server's state again

    return handle_msg


def _harden(widget: W.Widget) -> None:
    """The widget-construction hook: guard ipywidgets' and sheriff_nb's own widgets (not, e.g., anywidget's, whose
    browser state is their own business)."""
    if type(widget).__module__.split(".")[0] in ("ipywidgets", "sheriff_nb"):
        widget._handle_msg = _from_browser(widget)


def _install_hook() -> None:
    earlier = W.Widget._widget_construction_callback
    if getattr(earlier, "__name__", "") == "harden_then":
        return

    def harden_then(widget: W.Widget) -> None:
        _harden(widget)
        if callable(earlier):
            earlier(widget)

    W.Widget.on_widget_constructed(harden_then)


_install_hook()
