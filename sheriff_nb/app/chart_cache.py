"""Charts drawn once and kept on disk, so a dashboard's first screen needs neither Altair nor vl-convert.

In a fresh kernel the first chart costs about 2 s here (``import altair`` about 1.5 s, vl-convert's first drawing
about 0.5 s) and every further one 0.1-0.2 s: most of the time a chart lesson takes to open.  The charts are
deterministic, so each is drawn once and its SVG kept in a file; a later kernel (a later visit, or the next
lesson) shows the file instead.

A chart is named by a *key*: plain data that determines it completely (``str``, ``int``, ``float``, ``bool``,
``None``, ``Fraction``, lists, tuples, sets and mappings of them).  :func:`chart` keys a call of a pure chart
builder of :mod:`sheriff_nb.ui.charts` (the builders have no hidden state) by the function's name and arguments;
:func:`drawn` takes any key.  Every key is combined with the language and a *fingerprint* of the code (the bytes
of this package and the Altair and vl-convert versions), so an edited chart is never served from an old file.
Arguments that are not plain data (a ``Game``, a ``DataFrame``) make the chart uncacheable: it is simply drawn.
The same goes for any other deterministic output a lesson computes on its first screen (:func:`html`: nashpy's
cross-check, for instance, whose import alone takes 0.8 s); the fingerprint covers nashpy and OpenSpiel too.

Files live in ``$SHERIFF_NB_CACHE`` (default ``$XDG_CACHE_HOME/sheriff_nb`` or ``~/.cache/sheriff_nb``), under
``svg/<fingerprint>/``; ``SHERIFF_NB_CACHE=off`` keeps charts in memory only.  A folder that cannot be written
only costs speed.  ``sheriff-nb --warm-cache`` (and Binder's ``postBuild``) fills it for every lesson.

A kernel that showed charts from files has not imported Altair yet, and stays small (about 75 MB instead of about
230 MB with pandas, Altair and vl-convert).  A widget whose controls will draw new charts asks :func:`warm_up` for
:func:`prepare_charts` (and its own tasks): they run in a background thread once the kernel is idle (the notebook
has run and no cell or chart was asked for during 2 s), so the reader's first move does not pay for them.  A lesson
whose charts only come from files never loads Altair.

>>> import os, tempfile
>>> saved = os.environ.get("SHERIFF_NB_CACHE")
>>> os.environ["SHERIFF_NB_CACHE"] = tempfile.mkdtemp()
>>> from sheriff_nb.ui.charts import equilibrium_chart
>>> first = chart(equilibrium_chart)              # drawn by Altair + vl-convert, written to the folder
>>> first.svg.startswith("<svg"), first.bundle["text/plain"][:33]
(True, 'Pepper, Mead, Silk and Crossbow g')
>>> _MEMORY.clear()                                # as in a new kernel:
>>> chart(equilibrium_chart).svg == first.svg      # read from the file, nothing drawn
True
>>> if saved is None:                               # back to the folder used before
...     del os.environ["SHERIFF_NB_CACHE"]
... else:
...     os.environ["SHERIFF_NB_CACHE"] = saved
"""

from __future__ import annotations

import hashlib
import json
import numbers
import os
import shutil
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from ..ui.charts.drawing import altair_of

__all__ = ["Drawn", "chart", "drawn", "html", "cache_dir", "fingerprint", "key_text", "prepare_charts", "warm_up"]

SVG, TEXT = "image/svg+xml", "text/plain"
_MEMORY: OrderedDict[str, dict[str, str]] = OrderedDict()
_MEMORY_SIZE = 1024
_STALE_DAYS = 7  # folders of other fingerprints untouched this long are removed
_last_request = [time.monotonic()]


class Drawn:
    """An output already computed, shown by Jupyter as it was: a chart's SVG (and its title as plain text), or
    whatever else its display bundle holds.

    >>> Drawn({"image/svg+xml": "<svg/>", "text/plain": "A title"})._repr_mimebundle_()
    ({'image/svg+xml': '<svg/>', 'text/plain': 'A title'}, {})
    """

    def __init__(self, bundle: Mapping[str, str]):
        self.bundle = dict(bundle)

    @property
    def svg(self) -> str:
        """The SVG text."""
        return self.bundle[SVG]

    def _repr_mimebundle_(self, include=None, exclude=None):
        return dict(self.bundle), {}


class _Uncacheable(TypeError):
    """A key part that is not plain data."""


def _plain(obj: Any) -> Any:
    """``obj`` as JSON-able data that tells apart what a chart builder would tell apart."""
    if obj is None or isinstance(obj, bool | str):
        return obj
    if isinstance(obj, Fraction):
        return {"fraction": str(obj)}
    if isinstance(obj, numbers.Integral):
        return int(obj)
    if isinstance(obj, numbers.Real):
        return {"float": repr(float(obj))}
    if isinstance(obj, Mapping):
        return {"map": [[_plain(k), _plain(v)] for k, v in obj.items()]}
    if isinstance(obj, list | tuple):
        return [_plain(x) for x in obj]
    if isinstance(obj, set | frozenset):
        return {"set": sorted((_plain(x) for x in obj), key=json.dumps)}
    raise _Uncacheable(f"{type(obj).__name__} is not plain data")


def key_text(key: Any) -> str:
    """The canonical text of ``key`` (raises ``TypeError`` for what is not plain data).

    >>> key_text(("ev", {"apples": 2}, Fraction(1, 4), 0.25))
    '["ev", {"map": [["apples", 2]]}, {"fraction": "1/4"}, {"float": "0.25"}]'
    """
    return json.dumps(_plain(key), separators=(", ", ": "))


PACKAGE = Path(__file__).resolve().parents[1]
"""The package's folder, whose files :func:`fingerprint` hashes."""


@cache
def fingerprint(root: Path = PACKAGE) -> str:
    """A hash of the package's files (``root``: the whole package) and of the installed Altair, vl-convert, nashpy
    and OpenSpiel (their module files' paths, sizes and times, which change with every install, or their absence):
    outputs made by other code are never reused.  Computed once per process, in about 2 ms."""
    from importlib.util import find_spec

    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    for module in ("altair", "vl_convert", "nashpy", "pyspiel"):
        spec = find_spec(module)
        origin = spec.origin if spec and spec.origin else ""
        stat = os.stat(origin) if origin else None
        digest.update(f"{module}:{origin}:{stat and stat.st_size}:{stat and stat.st_mtime_ns}\0".encode())
    return digest.hexdigest()[:16]


def cache_dir() -> Path | None:
    """The folder of this code's chart files, or ``None`` when ``SHERIFF_NB_CACHE=off``."""
    setting = os.environ.get("SHERIFF_NB_CACHE", "")
    if setting.lower() in {"off", "0", "no", "false"}:
        return None
    base = Path(setting) if setting else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "sheriff_nb"
    return base / "svg" / fingerprint()


def _read(path: Path) -> dict[str, str] | None:
    try:
        bundle = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    ok = isinstance(bundle, dict) and bundle and all(isinstance(v, str) for v in bundle.values())
    return bundle if ok else None


def _write(folder: Path, path: Path, bundle: dict[str, str]) -> None:
    """Write atomically (two kernels may draw the same chart); a folder that cannot be written is skipped."""
    try:
        new_folder = not folder.exists()
        folder.mkdir(parents=True, exist_ok=True)
        if new_folder:
            _remove_stale(folder)
        partial = folder / f".{path.name}.{os.getpid()}.{threading.get_ident()}"
        partial.write_text(json.dumps(bundle), encoding="utf-8")
        os.replace(partial, path)
    except OSError:
        return


def _remove_stale(folder: Path) -> None:
    """Remove the folders of other fingerprints (older code) that nobody used for :data:`_STALE_DAYS` days."""
    cutoff = time.time() - _STALE_DAYS * 86400
    for other in folder.parent.iterdir():
        if other != folder and other.is_dir() and other.stat().st_mtime < cutoff:
            shutil.rmtree(other, ignore_errors=True)


def _bundle(result: Any) -> dict[str, str]:
    """What a builder returned (an Altair chart, a :class:`Drawn`, a bundle dict, or anything Jupyter can show) as
    a display bundle; an Altair chart becomes its SVG, with its title as the plain text and the table of the numbers
    it draws (:func:`sheriff_nb.ui.charts.table.numbers_html`, which the display seam puts under the picture)."""
    result = altair_of(result)  # a chart builder's Drawing: the chart it describes
    if isinstance(result, Drawn):
        return result.bundle
    if isinstance(result, Mapping):
        return dict(result)
    from IPython.core.formatters import format_display_data

    is_chart = type(result).__module__.startswith("altair")
    if is_chart:
        from ..ui.charts.base import setup_charts

        setup_charts()
    data, _meta = format_display_data(result)
    bundle = {kind: value for kind, value in data.items() if isinstance(value, str)}
    if is_chart:
        from ..ui.charts import title_text
        from ..ui.charts.table import NUMBERS, numbers_html

        title = title_text(result)
        bundle[TEXT] = bundle.get(TEXT, "") if title == "Undefined" else title
        if numbers := numbers_html(result.to_dict(), bundle[TEXT]):  # drawn once, kept with the picture
            bundle[NUMBERS] = numbers
    return bundle


def drawn(key: Any, draw: Callable[[], Any]) -> Drawn:
    """The output named by ``key``; ``draw()`` (returning an Altair chart, a display bundle, or anything Jupyter can
    show) runs only if neither this process nor an earlier one made it.  A key that is not plain data means: draw,
    keep nothing."""
    from ..ui.i18n import get_language, revision

    _last_request[0] = time.monotonic()
    try:
        text = key_text([key, get_language(), revision()])
    except _Uncacheable:
        return Drawn(_bundle(draw()))
    name = hashlib.sha256(text.encode()).hexdigest()[:40]
    bundle = _MEMORY.get(name)
    if bundle is None:
        folder = cache_dir() if revision() == 0 else None  # a teacher's own catalogue stays in this process
        path = folder / f"{name}.json" if folder else None
        bundle = _read(path) if path else None
        if bundle is None:
            bundle = _bundle(draw())
            if path:
                _write(folder, path, bundle)
        _MEMORY[name] = bundle
        while len(_MEMORY) > _MEMORY_SIZE:
            _MEMORY.popitem(last=False)
    else:
        _MEMORY.move_to_end(name)
    return Drawn(bundle)


def chart(builder: Callable[..., Any], *args: Any, **kwargs: Any) -> Drawn:
    """``builder(*args, **kwargs)``, a pure chart builder such as :func:`sheriff_nb.ui.charts.ev_chart` (or another
    pure function whose result Jupyter can show), drawn once: what a lesson shows instead of the Altair chart
    itself (same picture, no Altair in the kernel until needed).

    >>> from sheriff_nb.ui.charts import ev_chart
    >>> chart(ev_chart, {"apples": 2, "pepper": 2}, "apples", p=0.25).bundle["text/plain"]
    'Smuggling 2 Pepper pays only while the sheriff inspects less than 29% of bags'
    """
    key = ["call", builder.__module__, builder.__qualname__, list(args), kwargs]
    return drawn(key, lambda: builder(*args, **kwargs))


def html(key: Any, make: Callable[[], str]) -> str:
    """The HTML text named by ``key``, made by ``make()`` only if no earlier call (in any process) made it.

    >>> html(["doctest", 1], lambda: "<b>made once</b>")
    '<b>made once</b>'
    >>> html(["doctest", 1], lambda: "<b>made twice?</b>")
    '<b>made once</b>'
    """
    return drawn(["html", key], lambda: {"text/html": make()}).bundle["text/html"]


_WARM: dict[str, Any] = {"thread": None, "tasks": [], "charts_ready": False}
_WARM_LOCK = threading.Lock()


def _watch_cells_once() -> None:
    """In an IPython kernel, count every cell run as activity (a notebook still running, or a reader's click)."""
    if _WARM.get("watching"):
        return
    _WARM["watching"] = True
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return
    shell = get_ipython()
    if shell is None:
        return

    def busy(*_args) -> None:
        _last_request[0] = float("inf")

    def done(*_args) -> None:
        _last_request[0] = time.monotonic()

    shell.events.register("pre_run_cell", busy)
    shell.events.register("post_run_cell", done)


def prepare_charts() -> None:
    """pandas, Altair with the svg renderer, and vl-convert's first drawing (once per process): what a widget that
    draws new charts asks :func:`warm_up` for (about 160 MB and 2 s)."""
    if _WARM["charts_ready"]:
        return
    import pandas  # noqa: F401 - every chart builder starts from a DataFrame
    import vl_convert

    from ..ui.charts.base import setup_charts

    setup_charts()
    vl_convert.vegalite_to_svg(
        {"data": {"values": [{"x": 1}]}, "mark": "bar", "encoding": {"x": {"field": "x", "type": "quantitative"}}}
    )
    _WARM["charts_ready"] = True


def warm_up(*tasks: Callable[[], Any], quiet: float = 2.0) -> threading.Thread:
    """In a background thread, once the kernel has been idle (no cell running, no chart asked for) for ``quiet``
    seconds, run ``tasks`` in order (e.g. :func:`prepare_charts`, compile an explorer's chart, draw the states a
    reader will click to next); a task already waiting is not queued twice.  Neither a notebook still running nor
    the page being drawn is slowed down, and the reader's first moves find everything ready.  Returns the thread
    (join it to wait); a task that fails only leaves its work to the first click.  Nothing else is loaded: a kernel
    loads only what its lesson's widgets asked for.

    >>> warm_up(lambda: print("task ran"), quiet=0).join()
    task ran
    >>> import sys
    >>> warm_up(prepare_charts, quiet=0).join()
    >>> "altair" in sys.modules
    True
    """
    with _WARM_LOCK:
        _WARM["tasks"].extend(task for task in tasks if task not in _WARM["tasks"])
        if _WARM["thread"] is not None:
            return _WARM["thread"]
        _watch_cells_once()
        _last_request[0] = max(_last_request[0], time.monotonic())  # asking counts as activity

        def work() -> None:
            while (wait := _last_request[0] + quiet - time.monotonic()) > 0:
                time.sleep(min(wait, 0.25))
            while True:
                with _WARM_LOCK:
                    task = _WARM["tasks"].pop(0) if _WARM["tasks"] else None
                    if task is None:
                        _WARM["thread"] = None  # the next warm_up() starts a new thread
                        return
                try:
                    task()
                except Exception:  # noqa: BLE001, S112 - a failed warm-up only means a slower first click
                    continue

        thread = _WARM["thread"] = threading.Thread(target=work, name="sheriff-warm-up", daemon=True)
        thread.start()
        return thread
