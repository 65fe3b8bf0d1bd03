"""The widget hardening (:mod:`sheriff_nb.ui.widgets.hardening`) uses ipywidgets' private API: it names the releases
it was written for, the dependency of ``pyproject.toml`` allows only those, and an installed ipywidgets outside them
fails here instead of silently losing the guard."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import version
from pathlib import Path

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

from sheriff_nb.ui.widgets import hardening

REPO = Path(__file__).resolve().parents[2]


def pinned(name: str) -> SpecifierSet:
    """The version range ``pyproject.toml`` gives the dependency ``name``."""
    dependencies = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    return next(Requirement(d).specifier for d in dependencies if Requirement(d).name == name)


def test_pyproject_allows_exactly_the_ipywidgets_the_hardening_names():
    assert pinned("ipywidgets") == SpecifierSet(hardening.IPYWIDGETS)


def test_the_installed_ipywidgets_is_one_the_hardening_was_written_for():
    installed = version("ipywidgets")
    assert installed in SpecifierSet(hardening.IPYWIDGETS), (
        f"ipywidgets {installed} is installed, but sheriff_nb.ui.widgets.hardening touches the private API of "
        f"ipywidgets{hardening.IPYWIDGETS} only: check every name its docstring lists, then widen IPYWIDGETS and "
        "pyproject.toml together"
    )


def test_the_docstring_names_the_release_binder_installs():
    binder = (REPO / "binder" / "requirements.txt").read_text(encoding="utf-8")
    release = re.search(r"^ipywidgets==(\S+)$", binder, re.M).group(1)
    assert f"ipywidgets **{release}**" in hardening.__doc__
    assert release in SpecifierSet(hardening.IPYWIDGETS)
