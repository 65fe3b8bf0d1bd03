"""One translation function for every word a widget shows: :func:`t`.

The English text is the key (as in gettext): ``t("Close the bag")`` returns the text in the
current language, or the English itself when that language has no entry, so a new widget
string works at once and a translator adds it later.  ``{fields}`` are filled in after
translating.  Text with a number goes through :func:`ngettext`, gettext's plural forms: the English singular and
plural are the key, each language has its own rule for which form a number takes (Russian has three).  Card
names come from :func:`card_name` (GLOSSARY.md), engine rule messages from :func:`rule_message`.  A language is
added with :func:`register`, never by editing widget code.

>>> set_language("es")
'es'
>>> t("Close the bag"), card_name("cheese"), card_name("cheese", 1), card_name("cheese", 3)
('Cerrar la bolsa', 'Queso', 'Queso', 'Quesos')
>>> ngettext("{n} card", "{n} cards", 1), ngettext("{n} card", "{n} cards", 3)
('1 carta', '3 cartas')
>>> t("A sentence nobody translated")          # unknown keys fall back to English
'A sentence nobody translated'
>>> set_language("en")
'en'

The starting language is ``en``, or ``lang=…`` from the page address in Voilà
(``…/01_the_goods.ipynb?lang=es``) or the ``SHERIFF_NB_LANG`` environment variable.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from urllib.parse import parse_qs

from ..engine.cards import GOODS, card_id

__all__ = [
    "t", "ngettext", "set_language", "get_language", "languages", "register", "revision", "card_name", "goods_text",
    "rule_message", "on_change", "LANGUAGE_NAMES", "PLURAL_RULES",
]

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "es": "Español", "pt-BR": "Português (Brasil)",
                                  "ru": "Русский", "de": "Deutsch"}
"""Languages known to the package, by code, in their own words."""

# ------------------------------------------------------------------ card names (GLOSSARY.md)
CARD_NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    # id: (name printed on the card, singular for "1 …", plural for "3 …")
    "en": {
        "apples": ("Apples", "Apple", "Apples"), "cheese": ("Cheese", "Cheese", "Cheese"),
        "bread": ("Bread", "Bread", "Bread"), "chickens": ("Chickens", "Chicken", "Chickens"),
        "pepper": ("Pepper", "Pepper", "Pepper"), "mead": ("Mead", "Mead", "Mead"), "silk": ("Silk", "Silk", "Silk"),
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
        "apples": ("Manzanas", "Manzana", "Manzanas"), "cheese": ("Queso", "Queso", "Quesos"),
        "bread": ("Pan", "Pan", "Panes"), "chickens": ("Gallinas", "Gallina", "Gallinas"),
        "pepper": ("Pimienta", "Pimienta", "Pimienta"), "mead": ("Hidromiel", "Hidromiel", "Hidromiel"),
        "silk": ("Seda", "Seda", "Seda"), "crossbow": ("Ballesta", "Ballesta", "Ballestas"),
        "green_apples": ("Manzanas verdes", "Manzana verde", "Manzanas verdes"),
        "golden_apples": ("Manzanas doradas", "Manzana dorada", "Manzanas doradas"),
        "gouda_cheese": ("Queso gouda", "Queso gouda", "Quesos gouda"),
        "bleu_cheese": ("Queso azul", "Queso azul", "Quesos azules"),
        "rye_bread": ("Pan de centeno", "Pan de centeno", "Panes de centeno"),
        "pumpernickel_bread": ("Pan pumpernickel", "Pan pumpernickel", "Panes pumpernickel"),
        "royal_rooster": ("Gallo real", "Gallo real", "Gallos reales"),
    },
    "pt-BR": {
        "apples": ("Maçã", "Maçã", "Maçãs"), "cheese": ("Queijo", "Queijo", "Queijos"),
        "bread": ("Pão", "Pão", "Pães"), "chickens": ("Galinha", "Galinha", "Galinhas"),
        "pepper": ("Pimenta",) * 3, "mead": ("Hidromel",) * 3, "silk": ("Seda",) * 3,
        "crossbow": ("Besta", "Besta", "Bestas"), "green_apples": ("Maçã Verde",) * 3,
        "golden_apples": ("Maçã Dourada",) * 3, "gouda_cheese": ("Queijo Gouda",) * 3,
        "bleu_cheese": ("Queijo Gorgonzola",) * 3,
        # GLOSSARY.md: pt calls Rye "Integral" and Pumpernickel "Centeio" (matched by count and bonus)
        "rye_bread": ("Pão Integral",) * 3, "pumpernickel_bread": ("Pão de Centeio",) * 3,
        "royal_rooster": ("Galo Real",) * 3,
    },
    "ru": {
        "apples": ("Яблоки", "Яблоко", "Яблоки"), "cheese": ("Сыр",) * 3, "bread": ("Хлеб",) * 3,
        "chickens": ("Курица",) * 3, "pepper": ("Перец",) * 3, "mead": ("Медовуха",) * 3, "silk": ("Шёлк",) * 3,
        "crossbow": ("Арбалет",) * 3, "green_apples": ("Зелёные яблоки", "Зелёное яблоко", "Зелёные яблоки"),
        "golden_apples": ("Золотые яблоки", "Золотое яблоко", "Золотые яблоки"), "gouda_cheese": ("Сыр гауда",) * 3,
        "bleu_cheese": ("Голубой сыр",) * 3, "rye_bread": ("Ржаной хлеб",) * 3,
        "pumpernickel_bread": ("Пумперникель",) * 3, "royal_rooster": ("Королевский петух",) * 3,
    },
    "de": {
        "apples": ("Äpfel", "Apfel", "Äpfel"), "cheese": ("Käse",) * 3, "bread": ("Brot", "Brot", "Brote"),
        "chickens": ("Hühner", "Huhn", "Hühner"), "pepper": ("Pfeffer",) * 3, "mead": ("Met",) * 3,
        "silk": ("Seide",) * 3, "crossbow": ("Armbrust", "Armbrust", "Armbrüste"),
        "green_apples": ("Grüne Äpfel", "Grüner Apfel", "Grüne Äpfel"),
        "golden_apples": ("Goldene Äpfel", "Goldener Apfel", "Goldene Äpfel"), "gouda_cheese": ("Gouda",) * 3,
        "bleu_cheese": ("Blauschimmelkäse",) * 3, "rye_bread": ("Roggenbrot", "Roggenbrot", "Roggenbrote"),
        "pumpernickel_bread": ("Pumpernickel",) * 3,
        "royal_rooster": ("Königlicher Hahn", "Königlicher Hahn", "Königliche Hähne"),
    },
}

# ------------------------------------------------------------------ glossary terms in every language
_TERMS: dict[str, dict[str, str]] = {
    "pt-BR": {
        "legal": "legal", "contraband": "contrabando", "royal": "real", "Sheriff": "Xerife",
        "merchant": "comerciante", "gold": "ouro", "value": "valor", "penalty": "penalidade", "bribe": "suborno",
        "Deal!": "Negócio fechado!", "Market": "Transação", "Load the bag": "Carregamento",
        "Declaration": "Declaração", "Inspection": "Fiscalização", "End of round": "Fim da Rodada",
        "Inspect": "Inspecionar", "Let it pass": "Deixar passar", "discard pile": "pilha de descarte",
        "King": "Rei", "Queen": "Rainha", "stand": "barraca",
    },
    "ru": {
        "legal": "разрешённый", "contraband": "контрабанда", "royal": "королевский", "Sheriff": "Шериф",
        "merchant": "торговец", "gold": "золото", "value": "стоимость", "penalty": "штраф", "bribe": "взятка",
        "Market": "Торговля", "Load the bag": "Загрузка товаров", "Declaration": "Декларирование",
        "Inspection": "Досмотр", "End of round": "Конец раунда", "Inspect": "Досмотреть",
        "Let it pass": "Пропустить", "discard pile": "сброс", "King": "Король", "Queen": "Королева",
        "stand": "прилавок",
    },
    "de": {
        "legal": "legal", "contraband": "Schmugglerware", "royal": "königlich", "Sheriff": "Sheriff",
        "merchant": "Händler", "gold": "Gold", "value": "Wert", "penalty": "Strafwert", "bribe": "Bestechung",
        "Market": "Markt", "Load the bag": "Händlerbeutel befüllen", "Declaration": "Deklaration",
        "Inspection": "Überprüfung", "End of round": "Rundenende", "Inspect": "Überprüfen",
        "Let it pass": "Passieren lassen", "discard pile": "Ablagestapel", "King": "König", "Queen": "Königin",
        "stand": "Marktstand", "Close the bag": "Beutel schließen", "Declare": "Deklarieren",
    },
}

# ------------------------------------------------------------------ Spanish: every widget label
_ES: dict[str, str] = {
    # kinds, roles, glossary
    "legal": "legal", "contraband": "contrabando", "royal": "real", "LEGAL": "LEGAL", "CONTRABAND": "CONTRABANDO",
    "ROYAL": "REAL", "Sheriff": "Sheriff", "sheriff": "sheriff", "merchant": "comerciante", "gold": "oro",
    "value": "valor", "penalty": "penalización", "bribe": "soborno", "Deal!": "¡Trato!", "stand": "puesto",
    "discard pile": "pila de descarte", "King": "Rey", "Queen": "Reina", "You": "Tú",
    "Market": "Mercado", "Load the bag": "Cargar la bolsa", "Declaration": "Declaración",
    "Inspection": "Inspección", "End of round": "Fin de ronda", "Inspect": "Inspeccionar",
    "Let it pass": "Dejar pasar", "Language": "Idioma",
    # cards
    "value {n}": "valor {n}", "penalty {n}": "penaliz. {n}", "counts as {n} {good}": "cuenta como {n} {good}",
    "face down": "boca abajo", "empty": "vacía",
    "value {value} points · penalty {penalty} gold": "valor {value} puntos · penalización {penalty} de oro",
    "value = points at the end · penalty = gold paid when an inspection goes against you":
        "valor = puntos al final · penalización = oro que pagas si la inspección te sale mal",
    "value (card)": "valor", "penalty (card)": "penaliz.", "pick": "elegir",
    "aside": "apartada", "in bag": "en bolsa", "set aside": "apartar", "chosen": "elegida",
    # deck explorer
    "Players": "Jugadores", "3 players": "3 jugadores", "4–5 players": "4–5 jugadores",
    "with royal goods": "con bienes reales",
    "{total} cards: {legal} legal ({legal_pct}), {contraband} contraband, {royal} royal":
        "{total} cartas: {legal} legales ({legal_pct}), {contraband} de contrabando, {royal} reales",
    "{removed} cards marked 4+ leave the deck with 3 players":
        "{removed} cartas marcadas 4+ salen del mazo con 3 jugadores",
    "cards in the deck": "cartas en el mazo", "card": "carta", "kind": "tipo", "copies": "copias",
    "removed with 3 players": "fuera con 3 jugadores", "in the deck": "en el mazo",
    "{top} is the most common card: {n} of {total}": "{top} es la carta más común: {n} de {total}",
    # discard piles, stands
    "left pile": "pila izquierda", "right pile": "pila derecha",
    "Beneath it, from the top down: {cards}": "Debajo, de arriba abajo: {cards}",
    "Discard pile": "Pila de descarte", "Discard piles (face up, anyone may look)":
        "Pilas de descarte (boca arriba, cualquiera puede mirarlas)",
    "{name}'s stand": "Puesto de {name}", "nothing yet": "nada todavía",
    # market
    "Edition": "Edición", "1st edition (2014)": "1.ª edición (2014)", "2nd edition (2020)": "2.ª edición (2020)",
    "Your hand: pick the cards to set aside": "Tu mano: elige las cartas que apartas",
    "Take the top card of the left pile": "Tomar la carta de arriba de la pila izquierda",
    "Take the top card of the right pile": "Tomar la carta de arriba de la pila derecha",
    "Put the set-aside cards on": "Poner las cartas apartadas en",
    "Draw back up to 6": "Robar hasta tener 6", "Start again": "Empezar de nuevo",
    "Your draws so far: {draws}; the rest come from the deck": "Tus robos: {draws}; el resto sale del mazo",
    "none": "ninguno", "deck": "mazo", "left": "izquierda", "right": "derecha",
    "You set aside {aside} and drew {drawn}.": "Apartaste {aside} y robaste {drawn}.",
    "nothing": "nada", "Your new hand": "Tu nueva mano",
    "Sheriff {sheriff} lets you start the Market.": "El sheriff {sheriff} te deja empezar el mercado.",
    # draw odds
    "I hope to draw": "Espero robar", "at least": "al menos", "cards drawn": "cartas robadas",
    "any legal good": "cualquier bien legal", "any contraband": "cualquier contrabando",
    "any royal good": "cualquier bien real",
    "Chance of at least {k} × {good} in {drawn} from {deck} unseen cards: <b>{pct}</b>":
        "Probabilidad de al menos {k} × {good} en {drawn} de {deck} cartas no vistas: <b>{pct}</b>",
    "about 1 time in {n}": "más o menos 1 vez de cada {n}",
    "Chance of at least k {good} in {cards} cards": "Probabilidad de al menos k {good} en {cards} cartas",
    "at least k": "al menos k", "chance": "probabilidad",
    # bag loader
    "Your hand: pick 1 to 5 cards for your bag": "Tu mano: elige de 1 a 5 cartas para tu bolsa",
    "Close the bag": "Cerrar la bolsa",
    "In the bag: {cards} · value {value} · penalty {penalty}":
        "En la bolsa: {cards} · valor {value} · penalización {penalty}",
    "You will declare: {n} × one legal good.": "Declararás: {n} × un bien legal.",
    "Honest only as “{decl}”.": "Solo es honesta como «{decl}».",
    "No declaration is honest: whatever you name, an inspection finds a lie.":
        "Ninguna declaración es honesta: nombres lo que nombres, una inspección descubrirá la mentira.",
    "If inspected as “{decl}” you would pay {fine} gold.": "Si la inspeccionan como «{decl}» pagarías {fine} de oro.",
    "Bag closed: {cards}. A closed bag cannot change.": "Bolsa cerrada: {cards}. Una bolsa cerrada no puede cambiar.",
    "Pick the cards for your bag.": "Elige las cartas de tu bolsa.",
    # declaration
    "Your bag": "Tu bolsa", "Declare": "Declarar", "Good": "Bien", "Count": "Número", "and also": "y además",
    "(only one good)": "(un solo bien)",
    "You said: “{decl}”. Accepted: it is the truth.": "Dijiste: «{decl}». Aceptada: es la verdad.",
    "You said: “{decl}”. Accepted, and it is a lie: the count is right, the goods are not.":
        "Dijiste: «{decl}». Aceptada, y es mentira: el número es correcto, los bienes no.",
    "Declarations so far": "Declaraciones hasta ahora",
    "{name} says: {decl}": "{name} dice: {decl}",
    "Which declarations may {name} say?": "¿Qué declaraciones puede decir {name}?",
    "allowed": "permitida", "if inspected:": "si la inspeccionan:",
    "honest: the sheriff pays {gold}": "honesta: el sheriff paga {gold}",
    # inspection
    "You are a merchant": "Eres comerciante", "You are the sheriff": "Eres el sheriff",
    "Choose a bag": "Elige una bolsa", "Your declaration: “{decl}”": "Tu declaración: «{decl}»",
    "To ask for a bribe, fill in what you want and press Counter-offer.":
        "Para pedir un soborno, rellena lo que quieres y pulsa Contraoferta.",
    "Gold and stands": "Oro y puestos", "Your stand": "Tu puesto",
    "{name}: “{decl}”": "{name}: «{decl}»", "Gold": "Oro", "Stand goods": "Bienes del puesto",
    "Goods from the bag": "Bienes de la bolsa", "Promise (not binding)": "Promesa (no vinculante)",
    "Binding: the sheriff must inspect": "Vinculante: el sheriff debe inspeccionar",
    "Binding: the sheriff must pass": "Vinculante: el sheriff debe dejar pasar",
    "Offer": "Ofrecer", "Counter-offer": "Contraoferta", "Accept (Deal!)": "Aceptar (¡Trato!)",
    "Let the sheriff decide": "Que decida el sheriff", "Finish the round": "Terminar la ronda",
    "{name} offers: {terms}": "{name} ofrece: {terms}", "no offer": "ninguna oferta",
    "Deal! {terms}": "¡Trato! {terms}", "{n} gold": "{n} de oro", "from the stand": "del puesto",
    "from the bag": "de la bolsa", "promise": "promesa",
    "the sheriff must inspect {name}": "el sheriff debe inspeccionar a {name}",
    "the sheriff must pass {name}": "el sheriff debe dejar pasar a {name}", "nothing at all": "nada de nada",
    "{name} answers: no deal.": "{name} responde: no hay trato.",
    "{name} accepts. Deal!": "{name} acepta. ¡Trato!",
    "{name} counters: {terms}": "{name} contraoferta: {terms}",
    "Bribe paid: {terms}.": "Soborno pagado: {terms}.",
    "Honest! The sheriff pays the penalties: {sum} = {gold} gold.":
        "¡Honesta! El sheriff paga las penalizaciones: {sum} = {gold} de oro.",
    "Not enough gold: {name} pays {gold} gold and {goods} from the stand; {forgiven} gold forgiven.":
        "No hay oro suficiente: {name} paga {gold} de oro y {goods} del puesto; se perdonan {forgiven} de oro.",
    "The round is over.": "La ronda ha terminado.", "Gold now": "Oro ahora",
    "Your bag (only you can see it)": "Tu bolsa (solo tú la ves)",
    "Sheriff {sheriff} is looking at your bag…": "El sheriff {sheriff} mira tu bolsa…",
    "{name} would like to talk.": "{name} quiere hablar.",
    # calculators
    "Bag": "Bolsa", "Declared as": "Declarada como", "Owed": "Deuda", "Debtor's gold": "Oro del deudor",
    "Open the bag": "Abrir la bolsa",
    "Pays {gold} gold, then {goods} (worth {worth}); forgiven: {forgiven}.":
        "Paga {gold} de oro, después {goods} (valen {worth}); perdonado: {forgiven}.",
    # scoring
    "player": "jugador", "goods": "bienes", "bonus": "bono", "total": "total", "rank": "posición",
    "good": "bien", "title": "título", "players": "jugadores", "count": "cantidad",
    "King and Queen": "Rey y Reina", "Scores": "Puntuación", "Edit the stand of": "Editar el puesto de",
    "{names} win with {total} points.": "{names} ganan con {total} puntos.",
    "{names} wins with {total} points.": "{names} gana con {total} puntos.",
    "tie": "empate", "each": "cada uno", "nobody yet": "nadie todavía",
    # phases
    "Round {round} of {rounds}": "Ronda {round} de {rounds}", "Sheriff: {name}": "Sheriff: {name}",
    "Deputies: {name}": "Ayudantes del sheriff: {name}",
    # narration (second person for the reader)
    "You offer: {terms}": "Ofreces: {terms}", "You ask: {terms}": "Pides: {terms}",
    "{name} asks: {terms}": "{name} pide: {terms}", "You say: {decl}": "Dices: {decl}",
    "You load and close your bag.": "Cargas y cierras tu bolsa.",
    "{name} loads and closes a bag.": "{name} carga y cierra una bolsa.",
    "your bag": "tu bolsa", "{name}'s bag": "la bolsa de {name}",
    "You let {bag} pass.": "Dejas pasar {bag}.", "{sheriff} lets {bag} pass.": "{sheriff} deja pasar {bag}.",
    "You open {bag}, declared “{decl}”: {contents}.": "Abres {bag}, declarada «{decl}»: {contents}.",
    "{sheriff} opens {bag}, declared “{decl}”: {contents}.": "{sheriff} abre {bag}, declarada «{decl}»: {contents}.",
    "A lie! To the stand: {keep}. Confiscated: {lost}. The merchant pays their penalties: {sum} = {gold} gold.":
        "¡Mentira! Al puesto: {keep}. Confiscado: {lost}. El comerciante paga sus penalizaciones: {sum} = "
        "{gold} de oro.",
    "a lie: to the stand {keep}; confiscated {lost}; the merchant pays {fine}":
        "mentira: al puesto {keep}; confiscado {lost}; el comerciante paga {fine}",
    "Face up on the stand: {legal}.": "Boca arriba en el puesto: {legal}.",
    "I'll let you pass when I'm sheriff": "Te dejaré pasar cuando yo sea sheriff",
    "In the 1st edition the Market starts at the sheriff's left: that is you.":
        "En la 1.ª edición el mercado empieza a la izquierda del sheriff: eres tú.",
    "Take one from the deck": "Robar una del mazo",
    "Open the lessons in {language}:": "Abrir las lecciones en {language}:",
    "Your odds, counted from the cards you have not seen":
        "Tus probabilidades, contadas con las cartas que no has visto",
    "{name} keeps the whole hand.": "{name} se queda con toda su mano.",
    "Above: your new hand. Next: load your bag (page 03).":
        "Arriba: tu nueva mano. Después: carga tu bolsa (página 03).",
    "gold to the sheriff": "oro para el sheriff", "honest": "honesta", "offer": "ofrecer",
    # the lessons (menu of 00_start_here)
    "Start here": "Empieza aquí",
    "what the game is and how to use these pages": "qué es el juego y cómo usar estas páginas",
    "The goods": "Las mercancías", "every card, and what is in the deck": "cada carta, y qué hay en el mazo",
    "Phase 1: Market": "Fase 1: Mercado", "swap cards, both editions, and the odds":
        "cambiar cartas, las dos ediciones y las probabilidades",
    "Phase 2: Load the bag": "Fase 2: Cargar la bolsa", "1 to 5 cards, secretly": "de 1 a 5 cartas, en secreto",
    "Phase 3: Declaration": "Fase 3: Declaración", "one legal good, the true count": "un bien legal, el número real",
    "Phase 4: Inspection and bribes": "Fase 4: Inspección y sobornos",
    "pass, open, bargain": "dejar pasar, abrir, negociar",
    "Phase 5 and the end: scoring": "Fase 5 y final: puntuación",
    "King, Queen and the winner": "Rey, Reina y el ganador",
    "Expected values": "Valores esperados", "honest or lying: what is a bag worth?":
        "honesta o mentirosa: ¿cuánto vale una bolsa?",
    "Inspection odds: the game theory": "Probabilidades de inspección: la teoría de juegos",
    "how often to inspect, how often to lie": "cada cuánto inspeccionar, cada cuánto mentir",
    "Tournament": "Torneo", "pick characters, see who wins and why": "elige personajes y mira quién gana y por qué",
    "Research corner": "Rincón de investigación",
    "OpenSpiel's sheriff against our formulas": "el sheriff de OpenSpiel frente a nuestras fórmulas",
    "Play a game": "Juega una partida",
    "a whole game against the characters": "una partida entera contra los personajes",
    # the cast and the seat characters
    "As a merchant": "Como comerciante", "As the sheriff": "Como sheriff", "Model": "Modelo",
    "like {name} in the other lessons": "como {name} en las otras lecciones",
    "in lessons 09–10: the {title}": "en las lecciones 09–10: {title}",
    "A seat plays one of each and is named by both halves. Unless you choose another sheriff, each merchant plays "
    "its own:": "Cada asiento juega uno de cada y se nombra por sus dos mitades. Salvo que elijas otro sheriff, cada "
                "comerciante juega el suyo:",
    # the bribe on the table, paid inspections, confiscated cards (issue 16)
    "(it buys no pass of the payer's own bag)": "(no compra el paso de la bolsa de quien paga)",
    "Nobody said “Deal!”, but handing the bag back takes the bribe on the table.":
        "Nadie dijo «¡Trato!», pero devolver la bolsa acepta el soborno que está sobre la mesa.",
    "Promised but not there, so not paid: {missing}.": "Prometido pero no estaba, así que no se paga: {missing}.",
    "the left pile": "la pila izquierda", "the right pile": "la pila derecha",
    "{name} puts the confiscated cards on {pile}, from the bottom up: {cards}; {top} is on top.":
        "{name} pone las cartas confiscadas en {pile}, de abajo arriba: {cards}; {top} queda arriba.",
    "{name} shows bag and stand to the sheriff to prove it.":
        "{name} enseña la bolsa y el puesto al sheriff para demostrarlo.",
    "1 face-down card": "1 carta boca abajo", "{n} face-down cards": "{n} cartas boca abajo",
    # a widget callback that failed (sheriff_nb.widgets.base.FAILED)
    "That did not work; the error was written to the server's log.":
        "Eso no funcionó; el error quedó anotado en el registro del servidor.",
    # issue 13: each side's words in the bargaining form, plain refusals, plural forms
    "Change it": "Cambiarlo", "Continue": "Continuar", "Ask for this": "Pedir esto",
    "Open the lesson on this phase": "Abrir la lección de esta fase",
    "ask for": "pedir", "asked for": "pedida", "offered": "ofrecida",
    "you have {have} gold: you cannot offer {n}": "tienes {have} de oro: no puedes ofrecer {n}",
    "{name} has {have} gold: you cannot ask for {n}": "{name} tiene {have} de oro: no puedes pedir {n}",
    "gold is a whole number of coins, 0 or more; not {n}": "el oro es un número entero de monedas, 0 o más; no {n}",
    "To ask for a bribe, fill in what you want and press “Ask for this”.":
        "Para pedir un soborno, rellena lo que quieres y pulsa «Pedir esto».",
    "e.g. I won't open your next bag": "p. ej. no abriré tu próxima bolsa",
    "e.g. I'll let you pass when I'm sheriff": "p. ej. te dejaré pasar cuando yo sea sheriff",
    "Your hand already holds {limit} cards: set some aside first, then take as many back.":
        "Tu mano ya tiene {limit} cartas: aparta algunas primero y luego toma otras tantas.",
    "You may take no more cards: you set aside {aside} and took {n}, so your hand is back to {limit}.":
        "No puedes tomar más cartas: apartaste {aside} y tomaste {n}, así que tu mano vuelve a tener {limit}.",
    "You show bag and stand to the sheriff to prove it.": "Enseñas bolsa y puesto al sheriff para demostrarlo.",
    "promise (binds nobody)": "promesa (no obliga a nadie)",
    "binding: you also open {name}'s bag": "obligatorio: abres también la bolsa de {name}",
    "binding: you also let {name}'s bag pass": "obligatorio: dejas pasar también la bolsa de {name}",
    "binding: the sheriff also opens {name}'s bag": "obligatorio: el sheriff abre también la bolsa de {name}",
    "binding: the sheriff also lets {name}'s bag pass": "obligatorio: el sheriff deja pasar también la bolsa de {name}",
    "Honest! You pay the penalties: {sum} = {gold} gold.": "¡Honesta! Pagas las penalizaciones: {sum} = {gold} de oro.",
    "Not enough gold: you pay {gold} gold and {goods} from your stand; {forgiven} gold forgiven.":
        "No hay oro suficiente: pagas {gold} de oro y {goods} de tu puesto; se perdonan {forgiven} de oro.",
    "What you offer for the pass of your bag": "Lo que ofreces para que pase tu bolsa",
    "you have {n} gold": "tienes {n} de oro", "{name} has {n} gold": "{name} tiene {n} de oro",
    "Goods from your stand (click the ones you offer)": "Bienes de tu puesto (pulsa los que ofreces)",
    "Cards from your bag": "Cartas de tu bolsa", "A promise (binds nobody)": "Una promesa (no obliga a nadie)",
    "…and the sheriff also opens the bag of": "…y el sheriff abre también la bolsa de",
    "…and the sheriff also lets pass the bag of": "…y el sheriff deja pasar también la bolsa de",
    "The last two terms bind: once the deal is made, the game holds the sheriff to them.":
        "Las dos últimas condiciones obligan: hecho el trato, el juego obliga al sheriff a cumplirlas.",
    "What you ask of {name} for letting the bag pass": "Lo que pides a {name} por dejar pasar la bolsa",
    "Goods from {name}'s stand (click the ones you ask for)": "Bienes del puesto de {name} (pulsa los que pides)",
    "Cards from the bag": "Cartas de la bolsa",
    "You cannot see the bag: cards you ask for that are not in it are not paid.":
        "No ves la bolsa: las cartas que pidas y no estén en ella no se pagan.",
    "Your promise (binds nobody)": "Tu promesa (no obliga a nadie)",
    "…and you will also open the bag of": "…y abrirás también la bolsa de",
    "…and you will also let pass the bag of": "…y dejarás pasar también la bolsa de",
    "The last two terms bind you: once the deal is made, the game holds you to them.":
        "Las dos últimas condiciones te obligan: hecho el trato, el juego te obliga a cumplirlas.",
}

_ES_RULES: list[tuple[str, str]] = [
    (r"a bag holds (\d+) to (\d+) cards; this one holds (\d+)", "una bolsa lleva de {0} a {1} cartas; esta lleva {2}"),
    (r"only legal goods \((.*)\) may be declared; (.+) is (\w+)",
     "solo se pueden declarar bienes legales ({0}); {1} es {2}"),
    (r"the declared count must be the true number of cards in the bag: (\d+), not (-?\d+)",
     "el número declarado debe ser el número real de cartas de la bolsa: {0}, no {1}"),
    (r"declare exactly one legal good, not (.+); mixed declarations are not allowed",
     "declara exactamente un bien legal, no {0}; no se permiten declaraciones mixtas"),
    (r"a bribe can never be more gold than you own: (.+) has (\d+) gold, not (\d+)",
     "un soborno nunca puede ser más oro del que tienes: {0} tiene {1} de oro, no {2}"),
    (r"the sheriff agreed in a deal to (\w+) (.+)'s bag this round; that promise is binding",
     "el sheriff acordó en un trato {0} la bolsa de {1} esta ronda; esa promesa es vinculante"),
    (r"a merchant sets aside 0 to 5 cards in the Market; not (\d+)",
     "un comerciante aparta de 0 a 5 cartas en el mercado; no {0}"),
    (r"every discard-pile draw must come before any draw from the deck; (.*)",
     "todos los robos de las pilas de descarte van antes de cualquier robo del mazo; después de robar del mazo "
     "ya no puedes tomar de una pila"),
]
_ES_WORDS = {"contraband": "contrabando", "royal": "real", "inspect": "inspeccionar", "pass": "dejar pasar"}

# ------------------------------------------------------------------ plural forms (gettext's Plural-Forms)
PLURAL_RULES: dict[str, Callable[[int], int]] = {
    "en": lambda n: int(n != 1), "es": lambda n: int(n != 1), "de": lambda n: int(n != 1),
    "pt-BR": lambda n: int(n > 1),  # 0 and 1 take the singular
    "ru": lambda n: (0 if n % 10 == 1 and n % 100 != 11 else
                     1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2),
}
"""Which plural form a number takes, per language (the index into a catalogue's forms); English's for the rest."""
_ES_PLURALS: dict[str, tuple[str, ...]] = {
    "{n} card": ("{n} carta", "{n} cartas"), "{n} face-down card": ("{n} carta boca abajo", "{n} cartas boca abajo"),
    "{n} bag": ("{n} bolsa", "{n} bolsas"), "{n} game": ("{n} partida", "{n} partidas"),
    "{n} minute": ("{n} minuto", "{n} minutos"), "{n} time": ("{n} vez", "{n} veces"),
    "{n} bribe": ("{n} soborno", "{n} sobornos"), "Deck: {n} card": ("Mazo: {n} carta", "Mazo: {n} cartas"),
    "{name} sets aside {n} card and draws back up to 6.": ("{name} aparta {n} carta y roba hasta tener 6.",
                                                           "{name} aparta {n} cartas y roba hasta tener 6."),
    "Face down on the stand: {n} card (only its owner knows which).": (
        "Boca abajo en el puesto: {n} carta (solo su dueño sabe cuál).",
        "Boca abajo en el puesto: {n} cartas (solo su dueño sabe cuáles)."),
}
_PLURALS: dict[str, dict[str, tuple[str, ...]]] = {"es": _ES_PLURALS}

# ------------------------------------------------------------------ state
_EN = {"value (card)": "value", "penalty (card)": "penalty"}  # keys with a context need an English text too
_CONTEXT = re.compile(r" \((card)\)$")
_CATALOGUES: dict[str, dict[str, str]] = {"en": _EN, "es": _ES, **_TERMS}
_RULE_PATTERNS: dict[str, list[tuple[re.Pattern, str]]] = {
    "es": [(re.compile(p), r) for p, r in _ES_RULES]}
_RULE_WORDS: dict[str, dict[str, str]] = {"es": _ES_WORDS}
_listeners: list[Callable[[str], None]] = []


def _initial_language() -> str:
    query = parse_qs(os.environ.get("QUERY_STRING", "") or "")
    wanted = (query.get("lang") or [os.environ.get("SHERIFF_NB_LANG", "en")])[0]
    return wanted if wanted in _CATALOGUES else "en"


_state = {"lang": _initial_language()}
_revisions: dict[str, int] = {}  # language -> how many times register()/_forget() changed it in this process


def languages() -> dict[str, str]:
    """The languages with a catalogue: code -> name in that language.

    >>> list(languages())[:2]
    ['en', 'es']
    """
    return {code: LANGUAGE_NAMES.get(code, code) for code in _CATALOGUES}


def get_language() -> str:
    """The current language code."""
    return _state["lang"]


def revision(lang: str | None = None) -> int:
    """How many times :func:`register` changed the catalogue of ``lang`` (default: the current language) in this
    process; 0 means the built-in text, so a cache of translated text (:mod:`sheriff_nb.chart_cache`) can tell a
    teacher's own catalogue from ours.

    >>> revision("es")
    0
    """
    return _revisions.get(lang or _state["lang"], 0)


def set_language(lang: str) -> str:
    """Switch every widget built from now on to ``lang`` (a code from :func:`languages`).

    >>> set_language("klingon")
    Traceback (most recent call last):
    ...
    ValueError: no catalogue for language 'klingon'; known: en, es, pt-BR, ru, de
    """
    if lang not in _CATALOGUES:
        raise ValueError(f"no catalogue for language {lang!r}; known: {', '.join(_CATALOGUES)}")
    changed = lang != _state["lang"]
    _state["lang"] = lang
    if changed:
        for listener in list(_listeners):
            listener(lang)
    return lang


def on_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(lang)`` whenever :func:`set_language` switches language."""
    _listeners.append(listener)


def register(lang: str, catalogue: Mapping[str, str] | None = None,
             cards: Mapping[str, tuple[str, str] | str] | None = None, name: str | None = None,
             plural: Callable[[int], int] | None = None) -> None:
    """Add (or extend) a language: ``catalogue`` maps English text to translations (for :func:`ngettext`, the
    English singular to a tuple of plural forms, in the order of :data:`PLURAL_RULES`), ``cards`` maps card ids (or
    English names) to ``(card name, singular, plural)``, ``(plural, singular)`` or one name; ``plural`` is the
    language's plural rule (a number -> the index of its form; default English's).

    >>> register("fr", {"Close the bag": "Fermer le sac"}, {"apples": ("Pommes", "Pomme")}, name="Français")
    >>> set_language("fr"); t("Close the bag"), card_name("apples", 1), card_name("cheese")
    'fr'
    ('Fermer le sac', 'Pomme', 'Cheese')
    >>> set_language("en"); _forget("fr")
    'en'
    """
    _revisions[lang] = _revisions.get(lang, 0) + 1
    catalogue = dict(catalogue or {})
    _PLURALS.setdefault(lang, {}).update({k: tuple(v) for k, v in catalogue.items() if not isinstance(v, str)})
    _CATALOGUES.setdefault(lang, {}).update({k: v for k, v in catalogue.items() if isinstance(v, str)})
    names = CARD_NAMES.setdefault(lang, {})
    for key, value in (cards or {}).items():
        if isinstance(value, str):
            value = (value, value, value)
        elif len(value) == 2:  # (plural, singular)
            value = (value[0], value[1], value[0])
        names[card_id(key)] = tuple(value)
    if name:
        LANGUAGE_NAMES[lang] = name
    if plural:
        PLURAL_RULES[lang] = plural


def _forget(lang: str) -> None:
    _revisions[lang] = _revisions.get(lang, 0) + 1
    _CATALOGUES.pop(lang, None)
    _PLURALS.pop(lang, None)
    CARD_NAMES.pop(lang, None)


def t(text: str, **fields) -> str:
    """``text`` in the current language, with ``{fields}`` filled in; English when there is no translation.

    >>> t("Round {round} of {rounds}", round=1, rounds=8)
    'Round 1 of 8'
    >>> t("penalty (card)"), set_language("de"), t("penalty (card)"), set_language("en")
    ('penalty', 'de', 'Strafwert', 'en')
    """
    catalogue = _CATALOGUES.get(_state["lang"], {})
    template = catalogue.get(text)
    if template is None:
        base = _CONTEXT.sub("", text)  # "value (card)": the word "value" in a card's context
        template = catalogue.get(base) or _EN.get(text) or text
    if not fields:
        return template
    try:
        return template.format(**fields)
    except (KeyError, IndexError, ValueError):  # a broken translation never breaks a widget
        return text.format(**fields)


def ngettext(singular: str, plural: str, n: int, **fields) -> str:
    """gettext's ``ngettext``: the form of ``singular`` / ``plural`` (English, the key) that the number ``n`` takes
    in the current language, with ``{n}`` and the other ``{fields}`` filled in.

    >>> ngettext("{n} bribe", "{n} bribes", 1), ngettext("{n} bribe", "{n} bribes", 0)
    ('1 bribe', '0 bribes')
    >>> ngettext("You paid {n} bribe to {name}.", "You paid {n} bribes to {name}.", 2, name="Will")
    'You paid 2 bribes to Will.'
    >>> register("x-ru", {"{n} card": ("{n} карта", "{n} карты", "{n} карт")}, plural=PLURAL_RULES["ru"])
    >>> set_language("x-ru"); [ngettext("{n} card", "{n} cards", k) for k in (1, 3, 5, 11, 21)]
    'x-ru'
    ['1 карта', '3 карты', '5 карт', '11 карт', '21 карта']
    >>> set_language("en"); _forget("x-ru")
    'en'
    """
    lang = _state["lang"]
    forms = _PLURALS.get(lang, {}).get(singular)
    if forms:
        template = forms[min(PLURAL_RULES.get(lang, PLURAL_RULES["en"])(n), len(forms) - 1)]
    else:
        template = singular if n == 1 else plural
    try:
        return template.format(n=n, **fields)
    except (KeyError, IndexError, ValueError):  # a broken translation never breaks a widget
        return (singular if n == 1 else plural).format(n=n, **fields)


def card_name(good: str, count: int | None = None) -> str:
    """A card's name in the current language: as printed on the card, or for ``count`` cards.

    >>> card_name("golden apples"), card_name("crossbow"), card_name("crossbow", 1), card_name("crossbow", 2)
    ('Golden Apples', 'Crossbow', 'Crossbow', 'Crossbows')
    """
    gid = card_id(good)
    names = CARD_NAMES.get(_state["lang"], {}).get(gid) or CARD_NAMES["en"].get(gid) or (GOODS[gid].name,) * 3
    return names[0] if count is None else names[1] if count == 1 else names[2]


def goods_text(goods: Mapping[str, int] | None, empty: str = "nothing") -> str:
    """``{"cheese": 2, "mead": 1}`` as ``"2 Cheese + 1 Mead"`` in rulebook order (``empty`` when there are none);
    a ``face_down`` count (cards seen only from the back) comes last.

    >>> goods_text({"mead": 1, "cheese": 2}), goods_text({}), goods_text({"apples": 1, "face_down": 2})
    ('2 Cheese + 1 Mead', 'nothing', '1 Apple + 2 face-down cards')
    """
    from ..engine.cards import ORDER

    goods = dict(goods or {})
    hidden = goods.pop("face_down", 0)
    items = sorted(((card_id(g), n) for g, n in goods.items() if n > 0), key=lambda kv: ORDER[kv[0]])
    parts = [f"{n} {card_name(g, n)}" for g, n in items]
    if hidden:
        parts.append(ngettext("{n} face-down card", "{n} face-down cards", hidden))
    return " + ".join(parts) if parts else t(empty)


def rule_message(error: BaseException | str) -> str:
    """The message of a :class:`~sheriff_nb.engine.errors.RuleError` in the current language (English if no pattern fits).

    >>> set_language("es"); rule_message("a bag holds 1 to 5 cards; this one holds 6")
    'es'
    'una bolsa lleva de 1 a 5 cartas; esta lleva 6'
    >>> set_language("en"); rule_message(ValueError("a bag holds 1 to 5 cards; this one holds 6"))
    'en'
    'a bag holds 1 to 5 cards; this one holds 6'
    """
    message = str(error)
    lang = _state["lang"]
    words = _RULE_WORDS.get(lang, {})
    for pattern, template in _RULE_PATTERNS.get(lang, []):
        match = pattern.fullmatch(message)
        if match:
            return template.format(*(_translate_fragment(g, words) for g in match.groups()))
    return message


def _translate_fragment(text: str, words: Mapping[str, str]) -> str:
    """Card names and a few rule words inside a rule message, in the current language."""
    if text in words:
        return words[text]
    parts = []
    for piece in text.split(", "):
        try:
            parts.append(card_name(piece))
        except ValueError:
            parts.append(piece)
    return ", ".join(parts)
