"""What a page keeps in its reader's browser (``localStorage``), so that a reload or a new page in the same browser
finds it again: the class pages keep their keys here (lessons 17 and 18), so nobody types a key on the device
that received it.

:class:`BrowserStore` is an invisible widget holding a small JSON object under one storage key.  When the page opens,
the browser sends what it kept (``on_load`` callbacks run with it); whatever the kernel :meth:`~BrowserStore.put`\\ s
or :meth:`~BrowserStore.drop`\\ s is written back at once.  The browser's part is a few lines of JavaScript shipped
with the package (anywidget), so it works offline.  A page whose browser keeps nothing (private mode, storage off)
just finds it empty.

>>> kept = BrowserStore("sheriff_nb.example")
>>> seen = []
>>> kept.on_load(seen.append)
>>> kept.value = '{"K7QXM": "key"}'          # as the browser sends it when the page opens
>>> seen, kept.get("K7QXM")
([{'K7QXM': 'key'}], 'key')
>>> kept.put("ABCDE", "other"); kept.value
'{"ABCDE": "other", "K7QXM": "key"}'
>>> kept.value = "not json"                    # anything else reads as empty
>>> kept.kept()
{}
"""

from __future__ import annotations

import json
from collections.abc import Callable

import anywidget
import ipywidgets as W
import traitlets

__all__ = ["BrowserStore", "MAX_STORED"]

MAX_STORED = 8_000
"""Characters of JSON a page takes from its browser; more is ignored (a page keeps a few keys)."""

_ESM = """
function read(key) { try { return window.localStorage.getItem(key) || ""; } catch (e) { return ""; } }
function write(key, value) {
  try { if (value) { window.localStorage.setItem(key, value); } else { window.localStorage.removeItem(key); } }
  catch (e) { /* storage off: nothing is kept */ }
}
export default {
  render({ model, el }) {
    const key = model.get("key");
    el.classList.add("sheriff-browser-store");
    model.on("change:value", () => write(key, model.get("value")));
    const kept = read(key);
    if (kept && kept !== model.get("value")) { model.set("value", kept); model.save_changes(); }
  },
};
"""


class BrowserStore(anywidget.AnyWidget):
    """A JSON object kept in the browser under ``key`` (see the module's text)."""

    _esm = traitlets.Unicode(_ESM).tag(sync=True)
    key = traitlets.Unicode("").tag(sync=True)
    value = traitlets.Unicode("").tag(sync=True)

    def __init__(self, key: str, **kwargs):
        super().__init__(key=key, layout=W.Layout(display="none"), **kwargs)
        self._listeners: list[Callable[[dict], None]] = []
        self._writing = False
        self.observe(self._changed, names="value")

    def on_load(self, callback: Callable[[dict], None]) -> None:
        """Call ``callback(items)`` whenever the browser sends what it kept."""
        self._listeners.append(callback)

    def _changed(self, _change=None) -> None:
        if self._writing:
            return
        items = self.kept()
        for callback in list(self._listeners):
            callback(items)

    def kept(self) -> dict:
        """Everything kept, as a dict (empty if nothing, or not a JSON object)."""
        if len(self.value) > MAX_STORED:
            return {}
        try:
            items = json.loads(self.value or "{}")
        except ValueError:
            return {}
        return items if isinstance(items, dict) else {}

    def get(self, name: str, default=None):
        return self.kept().get(name, default)

    def put(self, name: str, item) -> None:
        """Keep ``item`` (anything JSON can hold) under ``name``."""
        items = self.kept()
        items[name] = item
        self._write(items)

    def drop(self, name: str) -> None:
        items = self.kept()
        if items.pop(name, None) is not None:
            self._write(items)

    def _write(self, items: dict) -> None:
        self._writing = True
        try:
            self.value = json.dumps(items, sort_keys=True) if items else ""
        finally:
            self._writing = False
