"""Markers for the catalogues: English words kept as data by any layer, translated only where they are shown.

The markers return their text unchanged; the catalogues' extraction (``pyproject.toml``'s ``[tool.babel]``
keywords) finds their calls by name, so a character of :mod:`sheriff_nb.play` marks its name with :func:`pN_` and
a widget shows it with :func:`sheriff_nb.ui.i18n.pt`.

>>> pN_("cast", "Little John"), N_("a merchant"), npN_("cards", "Apple", "Apples")
('Little John', 'a merchant', ('Apple', 'Apples'))
"""

from __future__ import annotations

__all__ = ["N_", "pN_", "npN_"]


def N_(text: str) -> str:
    """Mark English kept as data (a table's label) for the catalogues; translate it where it is shown with
    :func:`sheriff_nb.ui.i18n.t`."""
    return text


def pN_(context: str, text: str) -> str:
    """:func:`N_` with a context (translate with :func:`sheriff_nb.ui.i18n.pt`)."""
    return text


def npN_(context: str, singular: str, plural: str) -> tuple[str, str]:
    """:func:`N_` for a singular and plural with a context (translate with :func:`sheriff_nb.ui.i18n.npt`)."""
    return singular, plural
