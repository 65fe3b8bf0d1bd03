"""A pseudo-locale for tests: every entry of the package catalogue is its English text between ``⟦`` and ``⟧``, so
any word on a page that is outside the markers never went through a catalogue (``tests/test_pseudo_locale.py``).

It is made in memory from ``sheriff_nb.pot`` (no ``.po`` file, not one of the lessons' languages), and its
``{fields}`` and HTML stay as they are, so every template still fills in.

>>> from sheriff_nb.ui.i18n import card_name, ngettext, set_language, t
>>> register_pseudo()
'qps'
>>> set_language("qps"); t("Close the bag"), card_name("cheese", 2), ngettext("{n} card", "{n} cards", 3)
'qps'
('⟦Close the bag⟧', '⟦Cheese⟧', '⟦3 cards⟧')
>>> from sheriff_nb.ui import i18n
>>> set_language("en"); i18n._forget("qps")   # as a test does when done
'en'
"""

from __future__ import annotations

from babel.messages.pofile import read_po

from ...ui.i18n import catalogue_path, register

__all__ = ["PSEUDO", "OPEN", "CLOSE", "register_pseudo"]

PSEUDO, OPEN, CLOSE = "qps", "⟦", "⟧"
"""The pseudo-locale's code (a private-use one, never offered to readers) and its markers."""


def register_pseudo(code: str = PSEUDO) -> str:
    """Register ``code`` in this process: every msgid of the package catalogue translated as ``⟦msgid⟧``."""
    with catalogue_path("en").parent.parent.parent.joinpath("sheriff_nb.pot").open("rb") as handle:
        template = read_po(handle)
    catalogue: dict = {}
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            catalogue[(message.context, message.id[0])] = tuple(f"{OPEN}{form}{CLOSE}" for form in message.id)
        else:
            catalogue[(message.context, message.id)] = f"{OPEN}{message.id}{CLOSE}"
    register(code, catalogue)
    return code
