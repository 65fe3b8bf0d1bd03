"""Crafted comm messages never send a Python traceback to the visitor.

A page's kernel takes comm messages from whoever holds its websocket.  A ``comm_open`` to ``jupyter.widget.control``
without a protocol version, or to ``jupyter.widget`` naming a model class the kernel does not know, made ipywidgets'
comm targets raise, and the comm manager of ipykernel wrote the traceback (with the server's paths) to the kernel's
``sys.stderr``, which the kernel sends to every page connected to it.  Now the traceback goes to the server's log
(:mod:`sheriff_nb.ui.widgets.base`) and the page only sees its comm closed.

The first test is in-process (no kernel, no browser); the second sends the messages over a lesson page's kernel
websocket, with the page's own cookies, from inside the page.
"""

from __future__ import annotations

import io
import json
import logging
import uuid
from contextlib import redirect_stderr

import comm
import ipywidgets as W

from sheriff_nb.app.serve import ERROR_MARKERS
from sheriff_nb.ui.widgets.hardening import server_log  # importing it installs the hardening

LESSON = "00_start_here.ipynb"
STATE = {
    "_model_module": "@evil/widgets",
    "_model_module_version": "1.0.0",
    "_model_name": "EvilModel",
    "_view_module": "@evil/widgets",
    "_view_module_version": "1.0.0",
    "_view_name": "EvilView",
}
#: (target, data, metadata) of each crafted ``comm_open``.
CRAFTED = [
    ("jupyter.widget.control", {}, {}),  # no protocol version
    ("jupyter.widget", {"state": STATE, "buffer_paths": []}, {"version": "2.1.0"}),  # an unknown model class
]
LEAKS = ("Traceback", "/site-packages/", 'File "')


class Kept(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


def test_a_failing_comm_target_is_logged_on_the_server_and_not_written_to_the_page():
    """In a kernel ``sys.stderr`` is the page and the root logger has no handler (Python's last resort writes to
    ``sys.stderr``): nothing of the failure may be written there; the server's log keeps the tracebacks."""
    manager = comm.get_comm_manager()  # the manager ipykernel's own extends
    targets = {
        "jupyter.widget.control": W.Widget.handle_control_comm_opened,
        "jupyter.widget": W.Widget.handle_comm_opened,
    }
    root, server, kept, page = logging.getLogger(), server_log(), Kept(), io.StringIO()
    saved = root.handlers[:]
    try:
        root.handlers = []  # as in a kernel
        server.addHandler(kept)
        for name, target in targets.items():
            manager.register_target(name, target)
        with redirect_stderr(page):
            for name, data, metadata in CRAFTED:
                content = {"comm_id": uuid.uuid4().hex, "target_name": name, "data": data}
                manager.comm_open(None, None, {"content": content, "metadata": metadata, "buffers": []})
    finally:
        root.handlers = saved
        server.removeHandler(kept)
        for name in targets:
            manager.unregister_target(name, None)
    assert page.getvalue() == ""
    logged = {record.getMessage() for record in kept.records if record.exc_info}
    assert {f"Exception opening comm with target: {name}" for name in targets} <= logged


_SEND_CRAFTED_JS = """async ([crafted, wait]) => {
  const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
  const url = new URL(`${config.baseUrl}api/kernels/${config.kernelId}/channels`, location.href);
  url.protocol = url.protocol.replace('http', 'ws');
  url.searchParams.set('session_id', crypto.randomUUID());
  const socket = new WebSocket(url);
  const received = [];
  socket.onmessage = event => received.push(event.data);
  await new Promise((resolve, reject) => { socket.onopen = resolve; socket.onerror = reject; });
  const send = (msg_type, content, metadata) => socket.send(JSON.stringify({
    header: {msg_id: crypto.randomUUID(), msg_type, username: 'crafted', session: 'crafted', version: '5.3',
             date: new Date().toISOString()},
    parent_header: {}, metadata, content, channel: 'shell', buffers: []}));
  const ids = [];
  for (const [target_name, data, metadata] of crafted) {
    const comm_id = crypto.randomUUID();
    ids.push(comm_id);
    send('comm_open', {comm_id, target_name, data}, metadata);
  }
  send('kernel_info_request', {}, {});  // answered after the comm_opens: the kernel handled them by then
  const start = performance.now();
  while (!received.some(m => m.includes('kernel_info_reply')) && performance.now() - start < 30000) {
    await new Promise(resolve => setTimeout(resolve, 100));
  }
  await new Promise(resolve => setTimeout(resolve, wait));  // let stderr (flushed every 0.2 s) arrive
  socket.close();
  return {ids, received};
}"""


def test_crafted_comm_opens_over_a_pages_kernel_socket_get_no_traceback(notebooks_server, open_dashboard):
    dashboard = open_dashboard(notebooks_server, LESSON)
    answer = dashboard.page.evaluate(_SEND_CRAFTED_JS, [CRAFTED, 2000])
    received = [json.loads(text) for text in answer["received"]]
    assert any(msg["msg_type"] == "kernel_info_reply" for msg in received), answer["received"][-5:]
    closed = {msg["content"]["comm_id"] for msg in received if msg["msg_type"] == "comm_close"}
    assert closed == set(answer["ids"])  # the kernel refused both: it closed each comm again
    leaked = [text for text in answer["received"] if any(leak in text for leak in LEAKS)]
    assert not leaked, leaked
    assert "Exception opening comm with target" in notebooks_server.log_text()  # the server's log keeps it
    shown = dashboard.text()  # the page shows nothing of it (its widget manager only notes unknown comms closing)
    assert not [marker for marker in (*ERROR_MARKERS, *LEAKS) if marker in shown]
