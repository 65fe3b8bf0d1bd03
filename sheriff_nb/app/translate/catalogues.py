"""The package's own catalogue: widget, chart, result and rule-error strings, kept with Babel's ``pybabel``.

:func:`update_code` runs what a translator would type (from the repository root)::

    pybabel extract -F pyproject.toml --add-location=file -o sheriff_nb/ui/locale/sheriff_nb.pot .
    pybabel update -i sheriff_nb/ui/locale/sheriff_nb.pot -o sheriff_nb/ui/locale/es/LC_MESSAGES/sheriff_nb.po -l es \\
        --previous --ignore-pot-creation-date

and creates a missing language's ``.po`` first, with its :data:`~sheriff_nb.ui.i18n.PLURAL_FORMS` header.  The
template is rewritten only when a message changed, so running the command twice changes nothing.
:func:`coverage` counts a catalogue's entries; :func:`problems` lists what keeps it from being complete.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

from ...engine.card_names import CARD_NAMES
from ...ui.i18n import LANGUAGE_NAMES, LOCALE_DIR, PLURAL_FORMS, catalogue_path
from . import REPO

__all__ = [
    "POT",
    "Coverage",
    "extract_code",
    "update_code",
    "fill_from",
    "coverage",
    "problems",
    "new_catalogue_header",
]

POT = LOCALE_DIR / "sheriff_nb.pot"
_DATE = re.compile(r'^"(POT-Creation|PO-Revision)-Date: .*\\n"$', re.M)


def _pybabel(*args: str) -> None:
    """Run ``pybabel`` from the repository root (so locations are relative paths), its warnings silenced (the
    f-strings it skips are listed by the tests that need them)."""
    logger = logging.getLogger("babel")
    level, here = logger.level, os.getcwd()
    logger.setLevel(logging.ERROR)
    try:
        os.chdir(REPO)
        with open(os.devnull, "w") as null, contextlib.redirect_stderr(null):
            CommandLineInterface().run(["pybabel", "-q", *args])
    finally:
        os.chdir(here)
        logger.setLevel(level)


def extract_code() -> bool:
    """Extract every message of the package into :data:`POT`; True if it changed."""
    with tempfile.TemporaryDirectory() as folder:
        fresh = Path(folder) / "sheriff_nb.pot"
        _pybabel(
            "extract",
            "-F",
            str(REPO / "pyproject.toml"),
            "--add-location=file",
            "--project=sheriff_nb",
            "--copyright-holder=sheriff_nb's authors",
            "-o",
            str(fresh),
            ".",
        )
        text = fresh.read_text(encoding="utf-8")
    old = POT.read_text(encoding="utf-8") if POT.exists() else ""
    if _DATE.sub("", text) == _DATE.sub("", old):
        return False
    POT.parent.mkdir(parents=True, exist_ok=True)
    POT.write_text(text, encoding="utf-8")
    return True


def new_catalogue_header(lang: str, what: str) -> str:
    """The header of a new ``.po`` file for ``lang``: its language and plural forms."""
    return (
        f"# {LANGUAGE_NAMES.get(lang, lang)} translation of {what}.\n"
        "# Edit the msgstr lines; see TRANSLATING.md.\n"
        'msgid ""\nmsgstr ""\n'
        '"Project-Id-Version: sheriff_nb\\n"\n'
        f'"Language: {lang.replace("-", "_")}\\n"\n'
        '"MIME-Version: 1.0\\n"\n'
        '"Content-Type: text/plain; charset=utf-8\\n"\n'
        '"Content-Transfer-Encoding: 8bit\\n"\n'
        f'"Plural-Forms: {PLURAL_FORMS.get(lang, "nplurals=2; plural=(n != 1);")}\\n"\n'
    )


def update_code(lang: str) -> Path:
    """Merge :data:`POT` into ``lang``'s catalogue (made if missing); new messages arrive empty, changed ones
    fuzzy with their previous msgid."""
    path = catalogue_path(lang)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(new_catalogue_header(lang, "sheriff_nb's widgets, charts and rule messages"), encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    _pybabel(
        "update",
        "-i",
        str(POT),
        "-o",
        str(path),
        "-l",
        lang.replace("-", "_"),
        "--previous",
        "--ignore-pot-creation-date",
    )
    _add_card_names(path, lang)
    path.write_text(restore_previous(path.read_text(encoding="utf-8")), encoding="utf-8")
    if _DATE.sub("", path.read_text(encoding="utf-8")) == _DATE.sub("", before):
        path.write_text(before, encoding="utf-8")  # only the date changed: keep the file as it was
    return path


def restore_previous(text: str) -> str:
    r"""Babel reads a fuzzy entry's previous msgid (``#| msgid "..."``) as a translator's comment and writes it back
    as ``# | msgid "..."``: turn those lines back into ``#|`` lines, and drop them from entries no longer fuzzy
    (as ``msgmerge`` does).

    >>> restore_previous('# | msgid "Your bet"\n#, fuzzy\nmsgid "Bet"\nmsgstr "Apuesta"\n\n'
    ...                  '# | msgid "Old"\nmsgid "New"\nmsgstr "Nuevo"\n')
    '#| msgid "Your bet"\n#, fuzzy\nmsgid "Bet"\nmsgstr "Apuesta"\n\nmsgid "New"\nmsgstr "Nuevo"\n'
    """
    blocks = text.split("\n\n")
    for index, block in enumerate(blocks):
        lines = [("#| " + line[4:]) if line.startswith("# | ") else line for line in block.split("\n")]
        fuzzy = any(line.startswith("#,") and "fuzzy" in line for line in lines)
        blocks[index] = "\n".join(line for line in lines if fuzzy or not line.startswith("#| "))
    return "\n\n".join(blocks)


def _add_card_names(path: Path, lang: str) -> None:
    """Fill the still empty card entries (contexts ``card`` and ``cards``) of ``lang``'s catalogue from the
    glossary's names (:mod:`sheriff_nb.engine.card_names`)."""
    names = CARD_NAMES.get(lang)
    if not names:
        return
    po = _read(path)
    changed = False
    for gid, (printed, singular, _) in CARD_NAMES["en"].items():
        card, cards = po.get(printed, context="card"), po.get(singular, context="cards")
        if card is not None and not card.string:
            card.string, changed = names[gid][0], True
        if cards is not None and not any(cards.string):
            cards.string, changed = tuple(names[gid][1 if i == 0 else 2] for i in range(po.num_plurals)), True
    if changed:
        with path.open("wb") as handle:
            write_po(handle, po, width=76)


def fill_from(lang: str, other: Path) -> int:
    """Copy into ``lang``'s catalogue the translations of ``other`` (another ``.po`` file of the same language, e.g.
    the other side of a merge) for entries it lacks or has fuzzy; the number of entries filled."""
    path = catalogue_path(lang)
    po, donor = _read(path), _read(other)
    filled = 0
    for message in donor:
        target = po.get(message.id, context=message.context) if message.id else None
        if target is not None and _is_translated(message) and not _is_translated(target):
            target.string, target.flags = message.string, target.flags - {"fuzzy"}
            filled += 1
    if filled:
        with path.open("wb") as handle:
            write_po(handle, po, width=76)
        path.write_text(restore_previous(path.read_text(encoding="utf-8")), encoding="utf-8")
    return filled


@dataclass(frozen=True)
class Coverage:
    """How much of a catalogue is translated: entries, of which translated (not fuzzy), fuzzy, and words."""

    entries: int
    translated: int
    fuzzy: int
    words: int
    translated_words: int

    @property
    def missing(self) -> int:
        return self.entries - self.translated - self.fuzzy

    @property
    def share(self) -> float:
        return self.translated_words / self.words if self.words else 1.0


def _read(path: Path):
    with path.open("rb") as handle:
        return read_po(handle)


def _is_translated(message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings) and not message.fuzzy


def coverage(path: Path) -> Coverage:
    """Count ``path``'s entries (a ``.po`` file).

    >>> c = coverage(catalogue_path("es")); c.entries > 1000, c.translated == c.entries  # Spanish is complete
    (True, True)
    """
    entries = translated = fuzzy = words = translated_words = 0
    for message in _read(path):
        if not message.id:
            continue
        n = len((message.id[0] if isinstance(message.id, tuple) else message.id).split())
        entries, words = entries + 1, words + n
        if _is_translated(message):
            translated, translated_words = translated + 1, translated_words + n
        elif message.fuzzy:
            fuzzy += 1
    return Coverage(entries, translated, fuzzy, words, translated_words)


def problems(path: Path, template: Path | None = None) -> list[str]:
    """What keeps the catalogue ``path`` from being complete: missing and fuzzy entries, and (with ``template``)
    messages of the template it lacks (the catalogue was not updated)."""
    po = _read(path)
    found = [
        f"{path.name}: {'fuzzy' if m.fuzzy else 'missing'}: {m.id!r}" for m in po if m.id and not _is_translated(m)
    ]
    if template is not None:
        have = {(m.context, m.id) for m in po}
        found += [
            f"{path.name}: not in the catalogue (run python3 -m sheriff_nb.app.translate): {m.id!r}"
            for m in _read(template)
            if m.id and (m.context, m.id) not in have
        ]
    return found
