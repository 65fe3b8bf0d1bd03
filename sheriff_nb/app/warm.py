"""Draw every lesson's charts before the first visitor arrives: ``sheriff-nb --warm-cache``.

Runs the code cells of each notebook in this process, without a kernel: the widgets are built and every chart they
(and the cells) show is drawn once into :mod:`sheriff_nb.app.chart_cache`; a cell's last expression is formatted as
a kernel would show it (a chart builder's drawing is drawn then), and nothing is displayed.  Then it runs what the
widgets queued for a kernel's idle time (:func:`sheriff_nb.app.chart_cache.warm_up`), so the charts a reader clicks to
next (the deck explorer's other states, for instance) are on disk too.  A visitor's kernel then finds these charts
on disk and shows the lesson without importing Altair.  Binder's ``postBuild``
runs it while the image is built; ``sheriff-nb`` runs it in the background on its first start (and again when the
code or the notebooks change), marking the cache folder when every lesson ran.

>>> import tempfile, pathlib, nbformat
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import sheriff_nb as sn\\nx = sn.card('pepper')")])
>>> nbformat.write(nb, folder / "01_demo.ipynb")
>>> [(name, error) for name, _seconds, error in warm(folder)]
[('01_demo.ipynb', None)]
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import time
from pathlib import Path

from . import chart_cache

__all__ = ["warm", "is_warm", "code_cells", "run_cell"]


def code_cells(notebook: Path) -> list[str]:
    """The sources of ``notebook``'s code cells, in order."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return [
        "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
        for c in cells
        if c["cell_type"] == "code"
    ]


def run_cell(source: str, name: str, namespace: dict) -> None:
    """Run a cell's ``source`` in ``namespace`` as a kernel does, formatting the value of its last expression (so what
    the cell shows is drawn) without displaying it.

    >>> seen = []
    >>> class Picture:
    ...     def _repr_mimebundle_(self, include=None, exclude=None):
    ...         seen.append("drawn")
    ...         return {"text/plain": "a picture"}, {}
    >>> namespace = {"Picture": Picture}
    >>> run_cell("x = 1\\nPicture()", "demo", namespace); seen, namespace["x"]
    (['drawn'], 1)
    >>> run_cell("Picture();", "demo", namespace); seen  # a final ';' shows nothing, as in Jupyter
    ['drawn']
    """
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, name, "exec"), namespace)  # noqa: S102 - the project's own lessons
    if last is None:
        return
    value = eval(compile(ast.Expression(last.value), name, "eval"), namespace)  # noqa: S307
    if value is not None and not source.rstrip().endswith(";"):
        from IPython.core.formatters import format_display_data

        format_display_data(value)


def _lessons(root: Path) -> list[Path]:
    return sorted(Path(root).glob("*.ipynb"))


def _marker(root: Path) -> Path | None:
    """The file that says "every lesson of ``root`` as it is now has been drawn with this code"."""
    folder = chart_cache.cache_dir()
    if folder is None:
        return None
    digest = hashlib.sha256(str(Path(root).resolve()).encode())
    for notebook in _lessons(root):
        digest.update(notebook.name.encode() + b"\0" + "\0".join(code_cells(notebook)).encode())
    return folder / f".warm-{digest.hexdigest()[:16]}"


def is_warm(root: str | os.PathLike[str]) -> bool:
    """Whether :func:`warm` already drew the lessons in ``root`` with this code (and the cache is on)."""
    marker = _marker(Path(root))
    return marker is None or marker.exists()


def warm(root: str | os.PathLike[str]) -> list[tuple[str, float, str | None]]:
    """Run every notebook in ``root``; returns ``(name, seconds, error or None)`` per notebook.  The folder is
    marked warm only if every notebook ran without error."""
    from ..ui.i18n import get_language, set_language

    results = []
    language = get_language()
    for notebook in _lessons(Path(root)):
        start, error = time.perf_counter(), None
        namespace: dict = {"__name__": "__main__"}
        try:
            for index, source in enumerate(code_cells(notebook)):
                run_cell(source, f"{notebook.name}, cell {index + 1}", namespace)
        except Exception as err:  # noqa: BLE001 - reported, and the folder is not marked warm
            error = f"{type(err).__name__}: {err}"
        finally:
            set_language(language)  # a lesson that switches language does not change the next one
        results.append((notebook.name, time.perf_counter() - start, error))
    chart_cache.warm_up(quiet=0).join()  # the widgets' idle-time tasks: the next states' charts, drawn to disk
    marker = _marker(Path(root))
    if marker is not None and all(error is None for _name, _seconds, error in results):
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    return results
