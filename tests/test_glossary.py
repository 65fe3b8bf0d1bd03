"""One word per game term in each language: the glossary (sheriff_nb/ui/locale/glossary.json) names it, and no entry
of any catalogue (the package's and every lesson's) uses a rival word the glossary replaced; card counts take the
noun form their number asks for in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import polib
import pytest

import sheriff_nb as sn
from sheriff_nb.ui.i18n import card_name, goods_text, set_language

ROOT = Path(sn.__file__).parent.parent
GLOSSARY = json.loads((ROOT / "sheriff_nb" / "ui" / "locale" / "glossary.json").read_text(encoding="utf-8"))["terms"]
PACKAGE_DIR = {"es": "es", "pt-BR": "pt_BR", "ru": "ru", "de": "de"}


def rival_pattern(rival: str) -> re.Pattern:
    """A rival word or phrase matched whole and case-insensitively; a trailing ``*`` matches any ending (a stem).

    >>> bool(rival_pattern("смесь").search("равновесная Смесь q*")), bool(rival_pattern("смесь").search("смеси"))
    (True, False)
    >>> [bool(rival_pattern("Schmuggelware*").search(s)) for s in ("SCHMUGGELWARE-Sorte", "Schmugglerware")]
    [True, False]
    """
    stem = rival.endswith("*")
    return re.compile(r"(?<!\w)" + re.escape(rival.rstrip("*")) + (r"\w*" if stem else r"(?!\w)"), re.IGNORECASE)


def catalogue_texts(lang: str):
    """(file name, msgid, translated text) for every translation in ``lang``'s package and lesson catalogues."""
    files = [ROOT / "sheriff_nb" / "ui" / "locale" / PACKAGE_DIR[lang] / "LC_MESSAGES" / "sheriff_nb.po"]
    files += sorted((ROOT / "notebooks" / "locale" / lang).glob("*.po"))
    for path in files:
        for entry in polib.pofile(str(path)):
            if not entry.obsolete:
                for text in (entry.msgstr, *entry.msgstr_plural.values()):
                    if text:
                        yield path.name, entry.msgid, text


def test_every_glossary_entry_names_one_term_that_is_not_its_own_rival():
    assert {"belief", "mixed strategy", "deal", "contraband", "penalty", "stand"} <= GLOSSARY.keys()
    for name, languages in GLOSSARY.items():
        assert languages.keys() <= PACKAGE_DIR.keys(), name
        for lang, entry in languages.items():
            assert entry["term"], (name, lang)
            for rival in entry.get("rivals", []):
                assert not rival_pattern(rival).search(entry["term"]), (name, lang, rival)


@pytest.mark.parametrize("lang", list(PACKAGE_DIR))
def test_no_catalogue_entry_uses_a_rival_term(lang):
    checks = [
        (name, rival_pattern(rival), [re.compile(re.escape(a), re.IGNORECASE) for a in entry.get("allowed", [])])
        for name, languages in GLOSSARY.items()
        if (entry := languages.get(lang))
        for rival in entry.get("rivals", [])
    ]
    found = []
    for file, msgid, text in catalogue_texts(lang):
        for name, pattern, allowed in checks:
            kept = text
            for phrase in allowed:
                kept = phrase.sub("", kept)
            found += [f"{file}: {name!r} as {m[0]!r} in {msgid[:50]!r}" for m in pattern.finditer(kept)]
    assert not found, "\n".join(found)


def test_the_glossary_catches_a_rival_it_lists():
    pattern = rival_pattern(GLOSSARY["belief"]["de"]["rivals"][0])
    assert pattern.search("Signale und Überzeugungen") and not pattern.search("Signale und Vermutungen")


@pytest.fixture
def language():
    yield set_language
    set_language("en")


@pytest.mark.parametrize(
    ("lang", "goods", "expected"),
    [
        ("en", {"pepper": 3, "bread": 1}, "1 Bread + 3 Pepper"),
        ("es", {"pepper": 3, "silk": 2, "mead": 2}, "3 Pimientas + 2 Hidromieles + 2 Sedas"),
        ("es", {"pepper": 1, "chickens": 4}, "4 Gallinas + 1 Pimienta"),
        ("pt-BR", {"rye_bread": 2, "pepper": 3}, "3 Pimentas + 2 Pães Integrais"),
        ("pt-BR", {"mead": 2, "silk": 1, "pumpernickel_bread": 5}, "2 Hidroméis + 1 Seda + 5 Pães de Centeio"),
        ("ru", {"chickens": 1, "pepper": 3}, "1 Курица + 3 Перца"),
        ("ru", {"chickens": 5, "silk": 21, "crossbow": 12}, "5 Куриц + 21 Шёлк + 12 Арбалетов"),
        ("ru", {"bleu_cheese": 2, "apples": 11}, "11 Яблок + 2 Сыра с плесенью"),
        ("de", {"bread": 4, "chickens": 1}, "4 Brote + 1 Huhn"),
        ("de", {"crossbow": 2, "apples": 1}, "1 Apfel + 2 Armbrüste"),
    ],
)
def test_card_counts_take_the_form_their_number_asks_for(language, lang, goods, expected):
    language(lang)
    assert goods_text(goods) == expected


def test_every_card_name_has_every_plural_form_the_language_needs(language):
    language("ru")
    assert [card_name("mead", n) for n in (1, 2, 5, 11, 22)] == [
        "Медовуха",
        "Медовухи",
        "Медовух",
        "Медовух",
        "Медовухи",
    ]
    language("pt-BR")
    assert [card_name("silk", n) for n in (1, 2)] == ["Seda", "Sedas"]
