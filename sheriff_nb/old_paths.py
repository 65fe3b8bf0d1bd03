"""The module paths of the flat layout, kept for one release: each old name is the very module of its new path.

Issue 11 moved the flat modules into layer folders (engine → theory → play → ui → app).  An import by an old name
(``import sheriff_nb.analysis``, ``from sheriff_nb.widgets.play import PlayDashboard``) gives the module of the new
path itself, not a copy: state (the language, the chart cache) and test patches are shared.  One table here, rather
than a shim file at each old path, so that no old path still holds a file: git follows every move as a rename.

>>> import sheriff_nb.analysis, sheriff_nb.theory.analysis
>>> sheriff_nb.analysis is sheriff_nb.theory.analysis
True
>>> from sheriff_nb.widgets.play import PlayDashboard
>>> PlayDashboard.__module__
'sheriff_nb.ui.widgets.play'
>>> new_path("sheriff_nb.charts.theory"), new_path("sheriff_nb.engine.game")
('sheriff_nb.ui.charts.theory', None)
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys

__all__ = ["MOVED", "new_path", "install"]

#: old module name (under ``sheriff_nb``) -> its new dotted path (under ``sheriff_nb``)
MOVED = {
    **{
        name: f"theory.{name}"
        for name in (
            "analysis",
            "bag_table",
            "bag_values",
            "odds",
            "signals",
            "safety",
            "repeated",
            "learning",
            "hands",
            "second_edition",
            "efg",
            "research",
            "score_tables",
        )
    },
    **{name: f"play.{name}" for name in ("bots", "driver", "habits", "simulation", "classroom", "classroom_store")},
    **{name: f"ui.{name}" for name in ("i18n", "display", "charts", "widgets")},
    **{name: f"app.{name}" for name in ("serve", "process", "kernels", "voila_auth", "chart_cache", "warm")},
}


def new_path(name: str) -> str | None:
    """The new full name of an old module name (``sheriff_nb.<old>`` or one of its submodules), else ``None``."""
    package, _, rest = name.partition(".")
    if package != "sheriff_nb" or not rest:
        return None
    head, _, tail = rest.partition(".")
    if head not in MOVED:
        return None
    return ".".join(["sheriff_nb", MOVED[head], *([tail] if tail else [])])


class OldPathFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old name and loads it as the module already imported (or now imported) by its new name."""

    def __init__(self):
        self.real_specs = {}  # new module name -> its own spec, kept across the import of its old name

    def find_spec(self, fullname, path=None, target=None):
        new = new_path(fullname)
        if new is None:
            return None
        real = importlib.util.find_spec(new)
        return importlib.util.spec_from_loader(fullname, self, is_package=real.submodule_search_locations is not None)

    def create_module(self, spec):
        module = importlib.import_module(new_path(spec.name))
        self.real_specs[module.__name__] = module.__spec__
        return module

    def exec_module(self, module):
        # the import system stamped the old spec on the module; it keeps the spec of its real path
        module.__spec__ = self.real_specs[module.__name__]

    def get_code(self, fullname):
        """The new module's code, so that ``python -m sheriff_nb.serve`` still runs."""
        new = new_path(fullname)
        return importlib.util.find_spec(new).loader.get_code(new)


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once), before the path finder could load a second copy."""
    if not any(isinstance(finder, OldPathFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, OldPathFinder())
