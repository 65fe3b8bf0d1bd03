"""The names of the cards in every language of the course, as data: English (the names printed on the original
cards, and the words for one card and for several) and the localized editions' names.

The English names are facts of the cards: the engine's English text (:func:`english_goods`, used by the Gambit file
and the research tables) and the translations both start from them.  Each English name is the msgid of its
translations (contexts ``card`` and ``cards``): ``python3 -m sheriff_nb.app.translate`` extracts them from this table
and writes the glossary's names into each language's catalogue where a card's entry is still empty, and
:func:`sheriff_nb.ui.i18n.card_name` falls back on them for a language whose catalogue lacks one.

>>> CARD_NAMES["en"]["apples"], CARD_NAMES["de"]["apples"]
(('Apples', 'Apple', 'Apples'), ('Äpfel', 'Apfel', 'Äpfel'))
>>> english_goods({"pepper": 2, "apples": 1}), english_name("pepper"), english_name("crossbow", 2)
('1 Apple + 2 Pepper', 'Pepper', 'Crossbows')
"""

from __future__ import annotations

from collections.abc import Mapping

from .cards import ORDER, card_id

__all__ = ["CARD_NAMES", "english_name", "english_goods"]

CARD_NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    # id: (name printed on the card, singular for "1 …", plural for "3 …")
    "en": {
        "apples": ("Apples", "Apple", "Apples"),
        "cheese": ("Cheese", "Cheese", "Cheese"),
        "bread": ("Bread", "Bread", "Bread"),
        "chickens": ("Chickens", "Chicken", "Chickens"),
        "pepper": ("Pepper", "Pepper", "Pepper"),
        "mead": ("Mead", "Mead", "Mead"),
        "silk": ("Silk", "Silk", "Silk"),
        "crossbow": ("Crossbow", "Crossbow", "Crossbows"),
        "green_apples": ("Green Apples", "Green Apple", "Green Apples"),
        "golden_apples": ("Golden Apples", "Golden Apple", "Golden Apples"),
        "gouda_cheese": ("Gouda Cheese", "Gouda Cheese", "Gouda Cheese"),
        "bleu_cheese": ("Bleu Cheese", "Bleu Cheese", "Bleu Cheese"),
        "rye_bread": ("Rye Bread", "Rye Bread", "Rye Bread"),
        "pumpernickel_bread": ("Pumpernickel Bread", "Pumpernickel Bread", "Pumpernickel Bread"),
        "royal_rooster": ("Royal Rooster", "Royal Rooster", "Royal Roosters"),
    },
    "es": {
        "apples": ("Manzanas", "Manzana", "Manzanas"),
        "cheese": ("Queso", "Queso", "Quesos"),
        "bread": ("Pan", "Pan", "Panes"),
        "chickens": ("Gallinas", "Gallina", "Gallinas"),
        "pepper": ("Pimienta", "Pimienta", "Pimientas"),
        "mead": ("Hidromiel", "Hidromiel", "Hidromieles"),
        "silk": ("Seda", "Seda", "Sedas"),
        "crossbow": ("Ballesta", "Ballesta", "Ballestas"),
        "green_apples": ("Manzanas verdes", "Manzana verde", "Manzanas verdes"),
        "golden_apples": ("Manzanas doradas", "Manzana dorada", "Manzanas doradas"),
        "gouda_cheese": ("Queso gouda", "Queso gouda", "Quesos gouda"),
        "bleu_cheese": ("Queso azul", "Queso azul", "Quesos azules"),
        "rye_bread": ("Pan de centeno", "Pan de centeno", "Panes de centeno"),
        "pumpernickel_bread": ("Pan pumpernickel", "Pan pumpernickel", "Panes pumpernickel"),
        "royal_rooster": ("Gallo real", "Gallo real", "Gallos reales"),
    },
    "pt-BR": {
        "apples": ("Maçã", "Maçã", "Maçãs"),
        "cheese": ("Queijo", "Queijo", "Queijos"),
        "bread": ("Pão", "Pão", "Pães"),
        "chickens": ("Galinha", "Galinha", "Galinhas"),
        "pepper": ("Pimenta", "Pimenta", "Pimentas"),
        "mead": ("Hidromel", "Hidromel", "Hidroméis"),
        "silk": ("Seda", "Seda", "Sedas"),
        "crossbow": ("Besta", "Besta", "Bestas"),
        "green_apples": ("Maçã Verde",) * 3,
        "golden_apples": ("Maçã Dourada",) * 3,
        "gouda_cheese": ("Queijo Gouda",) * 3,
        "bleu_cheese": ("Queijo Gorgonzola",) * 3,
        # the Brazilian edition calls Rye "Integral" and Pumpernickel "Centeio" (matched by count and bonus)
        "rye_bread": ("Pão Integral", "Pão Integral", "Pães Integrais"),
        "pumpernickel_bread": ("Pão de Centeio", "Pão de Centeio", "Pães de Centeio"),
        "royal_rooster": ("Galo Real",) * 3,
    },
    "ru": {
        "apples": ("Яблоки", "Яблоко", "Яблоки"),
        "cheese": ("Сыр",) * 3,
        "bread": ("Хлеб",) * 3,
        "chickens": ("Курица",) * 3,
        "pepper": ("Перец",) * 3,
        "mead": ("Медовуха",) * 3,
        "silk": ("Шёлк",) * 3,
        "crossbow": ("Арбалет",) * 3,
        "green_apples": ("Зелёные яблоки", "Зелёное яблоко", "Зелёные яблоки"),
        "golden_apples": ("Золотые яблоки", "Золотое яблоко", "Золотые яблоки"),
        "gouda_cheese": ("Сыр гауда",) * 3,
        "bleu_cheese": ("Сыр с плесенью",) * 3,
        "rye_bread": ("Ржаной хлеб",) * 3,
        "pumpernickel_bread": ("Пумперникель",) * 3,
        "royal_rooster": ("Королевский петух",) * 3,
    },
    "de": {
        "apples": ("Äpfel", "Apfel", "Äpfel"),
        "cheese": ("Käse",) * 3,
        "bread": ("Brot", "Brot", "Brote"),
        "chickens": ("Hühner", "Huhn", "Hühner"),
        "pepper": ("Pfeffer",) * 3,
        "mead": ("Met",) * 3,
        "silk": ("Seide",) * 3,
        "crossbow": ("Armbrust", "Armbrust", "Armbrüste"),
        "green_apples": ("Grüne Äpfel", "Grüner Apfel", "Grüne Äpfel"),
        "golden_apples": ("Goldene Äpfel", "Goldener Apfel", "Goldene Äpfel"),
        "gouda_cheese": ("Gouda",) * 3,
        "bleu_cheese": ("Blauschimmelkäse",) * 3,
        "rye_bread": ("Roggenbrot", "Roggenbrot", "Roggenbrote"),
        "pumpernickel_bread": ("Pumpernickel",) * 3,
        "royal_rooster": ("Königlicher Hahn", "Königlicher Hahn", "Königliche Hähne"),
    },
}
"""Each card's names by language (``en`` first: the msgids) and card id."""


def english_name(good: str, count: int | None = None) -> str:
    """A card's English name: as printed on the card, or the word for ``count`` cards (whatever the reader's
    language: for text shared between languages, such as a Gambit file or a stored research run)."""
    printed, singular, plural = CARD_NAMES["en"][card_id(good)]
    return printed if count is None else singular if count == 1 else plural


def english_goods(goods: Mapping[str, int]) -> str:
    """Counts of cards in English, in rulebook order: ``{"pepper": 2, "apples": 2}`` -> ``"2 Apples + 2 Pepper"``."""
    items = sorted(((card_id(g), n) for g, n in goods.items() if n), key=lambda kv: ORDER[kv[0]])
    return " + ".join(f"{n} {english_name(g, n)}" for g, n in items)
