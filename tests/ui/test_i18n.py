"""The translation layer: one function for every label, card names from engine/card_names.py, English fallback, and
languages added without touching widget code."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import sheriff_nb as sn
from sheriff_nb.engine.card_names import CARD_NAMES
from sheriff_nb.engine.cards import GOODS
from sheriff_nb.ui import i18n
from sheriff_nb.ui.i18n import card_name, goods_text, rule_message, set_language, t

WIDGETS = Path(sn.__file__).parent / "ui" / "widgets"
LESSON_MODULES = [
    "__init__",
    "bag",
    "base",
    "cards",
    "cast_tables",
    "deck",
    "inspection",
    "market",
    "phases",
    "scoring",
]
"""The lesson widgets whose every label must have a Spanish entry (other widget modules fall back to English)."""


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_switching_language_changes_labels_and_card_names():
    assert t("Close the bag") == "Close the bag" and card_name("chickens") == "Chickens"
    set_language("es")
    assert t("Close the bag") == "Cerrar la bolsa"
    assert card_name("chickens") == "Gallinas" and card_name("chickens", 1) == "Gallina"
    assert card_name("royal_rooster") == "Gallo real"
    assert goods_text({"cheese": 2, "mead": 1}) == "2 Quesos + 1 Hidromiel"
    set_language("de")  # the glossary's names until the catalogue has them
    assert card_name("apples") == "Äpfel" and card_name("apples", 1) == "Apfel"


def test_unknown_keys_fall_back_to_english():
    set_language("es")
    assert t("A label no translator has seen yet") == "A label no translator has seen yet"
    assert t("{n} new things", n=3) == "3 new things"
    assert i18n.pt("card", "value") == "valor"  # a word in a context
    set_language("ru")  # card names from the glossary; labels English for now
    assert t("A label no translator has seen yet") == "A label no translator has seen yet"
    assert card_name("silk") == "Шёлк"


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="no catalogue for language 'xx'"):
        set_language("xx")
    assert i18n.get_language() == "en"


def test_a_broken_translation_never_breaks_a_widget():
    i18n.register("es", {"{n} gold": "{cantidad} de oro"})
    try:
        set_language("es")
        assert t("{n} gold", n=5) == "5 gold"
    finally:
        i18n.register("es", {"{n} gold": "{n} de oro"})


def test_a_new_language_needs_no_widget_code():
    i18n.register(
        "fr",
        {"Close the bag": "Fermer le sac", ("card button", "pick"): "choisir"},
        {"chickens": ("Poules", "Poule", "Poules")},
        name="Français",
    )
    try:
        assert i18n.languages()["fr"] == "Français"
        set_language("fr")
        loader = sn.widgets.bag_loader()
        assert loader.close_button.description == "Fermer le sac"
        assert loader.picker.toggles[0].description == "choisir"
        assert "Poules" in loader.picker.faces[1].value
        assert "Start again" in loader.again.description  # not translated: English
    finally:
        set_language("en")
        i18n._forget("fr")
    assert "fr" not in i18n.languages()


def test_glossary_card_names_cover_every_card_in_every_language():
    assert [names[0] for names in CARD_NAMES["en"].values()] == [good.name for good in GOODS.values()]
    for lang in ("en", "es", "pt-BR", "ru", "de"):
        assert set(CARD_NAMES[lang]) == set(GOODS), lang
    assert CARD_NAMES["pt-BR"]["pumpernickel_bread"][0] == "Pão de Centeio"  # the edition's name


def test_rule_messages_are_translated_or_kept():
    """The error's template is the msgid; its fields are filled in, card names and rule words translated too."""
    with pytest.raises(sn.BagSizeError) as bag:
        sn.inspect_bag({"apples": 6}, "apples")
    with pytest.raises(sn.DeclarationError) as silk:
        sn.inspect_bag({"silk": 1}, "silk")
    assert rule_message(bag.value) == str(bag.value) == "a bag holds 1 to 5 cards; this one holds 6"
    set_language("es")
    assert rule_message(bag.value) == "una bolsa lleva de 1 a 5 cartas; esta lleva 6"
    assert rule_message(silk.value) == (
        "solo se pueden declarar bienes legales (Manzanas, Queso, Pan, Gallinas); Seda es contrabando"
    )
    assert rule_message(sn.RuleError("a rule nobody translated")) == "a rule nobody translated"


def test_voila_query_string_picks_the_language(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=es&x=1")
    assert i18n._initial_language() == "es"
    monkeypatch.setenv("QUERY_STRING", "lang=tlh")
    assert i18n._initial_language() == "en"
    monkeypatch.delenv("QUERY_STRING")
    monkeypatch.setenv("SHERIFF_NB_LANG", "de")
    assert i18n._initial_language() == "de"


def _literal_keys(module: str, function: str = "t") -> set[str]:
    tree = ast.parse((WIDGETS / f"{module}.py").read_text(encoding="utf-8"))
    return {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == function
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    }


@pytest.mark.parametrize("module", LESSON_MODULES)
def test_every_lesson_label_has_a_spanish_entry(module):
    spanish = i18n._catalogue("es")
    missing = sorted(k for k in _literal_keys(module) if (None, k) not in spanish.messages)
    missing += sorted(k for k in _literal_keys(module, "ngettext") if (None, k) not in spanish.plurals)
    assert not missing, missing


def test_plural_forms_follow_each_language():
    """gettext's plural forms: "1 card", "0 cards", and Spanish's own (issue 13: "1 bribes", "You pays")."""
    assert [i18n.ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert goods_text({"face_down": 1}) == "1 face-down card"
    set_language("es")
    assert [i18n.ngettext("{n} card", "{n} cards", n) for n in (1, 4)] == ["1 carta", "4 cartas"]
    assert i18n.ngettext("{n} untranslated", "{n} untranslateds", 2) == "2 untranslateds"  # English fallback
    assert [i18n.plural_rule("pt-BR")(n) for n in (0, 1, 2)] == [0, 0, 1]
    assert [i18n.plural_rule("ru")(n) for n in (1, 2, 5, 11, 22, 25)] == [0, 1, 2, 2, 1, 2]


def test_spanish_entries_keep_their_fields():
    import string

    fields = lambda s: {f for _, f, _, _ in string.Formatter().parse(s) if f}  # noqa: E731
    for (_, english), spanish in i18n._catalogue("es").messages.items():
        assert fields(english) == fields(spanish), english


def test_spanish_keeps_rank_and_stand_apart():
    """ "puesto" is the merchant's stand; a player's rank in the scores needs another word."""
    set_language("es")
    assert t("stand") == "puesto" and t("rank") == "posición"
    scores = sn.widgets.scoreboard().value
    assert "posición" in scores and ">puesto<" not in scores


@pytest.mark.parametrize(
    "language, character, choice",
    [("es", "Honesto", "Honesta"), ("pt-BR", "Honesto", "Honesta"), ("ru", "Честный", "Честно")],
)
def test_the_honest_character_and_the_honest_bag_are_told_apart(language, character, choice):
    """One msgid served both the merchant character (es "Honesto") and a student's choice of an honest bag ("Honesta"):
    a tournament table said "Honesta" of a man.  The choice now has its own context."""
    from sheriff_nb.play.merchants import Honest
    from sheriff_nb.ui.i18n import pt

    set_language(language)
    try:
        assert (t(Honest.name), pt("choice", "Honest")) == (character, choice)
    finally:
        set_language("en")
