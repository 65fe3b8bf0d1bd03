"""The card names of the localized editions (GLOSSARY.md), as data: ``python3 -m sheriff_nb.app.translate`` writes them
into each language's catalogue where a card's entry (contexts ``card`` and ``cards``) is still empty, and
:func:`sheriff_nb.i18n.card_name` falls back on them for a language whose catalogue lacks one.

>>> CARD_NAMES["de"]["apples"]
('Äpfel', 'Apfel', 'Äpfel')
"""

CARD_NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    # id: (name printed on the card, singular for "1 …", plural for "3 …")
    "es": {
        "apples": ("Manzanas", "Manzana", "Manzanas"),
        "cheese": ("Queso", "Queso", "Quesos"),
        "bread": ("Pan", "Pan", "Panes"),
        "chickens": ("Gallinas", "Gallina", "Gallinas"),
        "pepper": ("Pimienta", "Pimienta", "Pimienta"),
        "mead": ("Hidromiel", "Hidromiel", "Hidromiel"),
        "silk": ("Seda", "Seda", "Seda"),
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
        "pepper": ("Pimenta",) * 3,
        "mead": ("Hidromel",) * 3,
        "silk": ("Seda",) * 3,
        "crossbow": ("Besta", "Besta", "Bestas"),
        "green_apples": ("Maçã Verde",) * 3,
        "golden_apples": ("Maçã Dourada",) * 3,
        "gouda_cheese": ("Queijo Gouda",) * 3,
        "bleu_cheese": ("Queijo Gorgonzola",) * 3,
        # GLOSSARY.md: pt calls Rye "Integral" and Pumpernickel "Centeio" (matched by count and bonus)
        "rye_bread": ("Pão Integral",) * 3,
        "pumpernickel_bread": ("Pão de Centeio",) * 3,
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
        "bleu_cheese": ("Голубой сыр",) * 3,
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
