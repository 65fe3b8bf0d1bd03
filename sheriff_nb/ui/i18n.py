"""Every word a widget, chart or rule message shows, in the reader's language: gettext catalogues kept with Babel.

The English text is the key (gettext's msgid): ``t("Close the bag")`` returns the text in the current language, or
the English itself when that language's catalogue has no translation yet, so a new widget string works at once and
a translator adds it later.  ``{fields}`` are filled in after translating.  Text with a number goes through
:func:`ngettext` (gettext's plural forms: each language has its own rule for which form a number takes; Russian
has three); a word with a context (a card's "value", not a bag's) through :func:`pt`.  Card names come from
:func:`card_name`, engine rule messages from :func:`rule_message`; numbers from :mod:`sheriff_nb.ui.numbers`.

The translations live in ``sheriff_nb/ui/locale/<lang>/LC_MESSAGES/sheriff_nb.po`` (``pt_BR`` for ``pt-BR``), read
with Babel the first time a language is used (about 30 ms; fuzzy and empty entries are not used, as in gettext):
no compiled ``.mo`` file, so a fresh clone needs no build step.  ``python3 -m sheriff_nb.app.translate`` extracts new
English text into them (see TRANSLATING.md).

>>> set_language("es")
'es'
>>> t("Close the bag"), card_name("cheese"), card_name("cheese", 1), card_name("cheese", 3)
('Cerrar la bolsa', 'Queso', 'Queso', 'Quesos')
>>> ngettext("{n} card", "{n} cards", 1), ngettext("{n} card", "{n} cards", 3), t("{p:.1%}", p=0.125)
('1 carta', '3 cartas', '12,5\\xa0%')
>>> t("A sentence nobody translated")          # unknown keys fall back to English
'A sentence nobody translated'
>>> set_language("en")
'en'

The starting language is ``en``, or ``lang=…`` from the page address in Voilà (``…/01_the_goods.ipynb?lang=es``)
or the ``SHERIFF_NB_LANG`` environment variable; a translated lesson (``notebooks/es/…``) sets its own.
"""

from __future__ import annotations

import gettext
import numbers
import os
import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from urllib.parse import parse_qs

from ..engine.card_names import CARD_NAMES
from ..engine.cards import ORDER, card_id
from ..engine.words import N_, npN_, pN_

__all__ = [
    "t",
    "number_symbols",
    "pt",
    "ngettext",
    "npt",
    "N_",
    "pN_",
    "npN_",
    "set_language",
    "get_language",
    "languages",
    "register",
    "revision",
    "card_name",
    "goods_text",
    "rule_message",
    "plural_rule",
    "on_change",
    "catalogue_path",
    "LANGUAGE_NAMES",
    "LOCALE_DIR",
    "DOMAIN",
    "PLURAL_FORMS",
]

LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "pt-BR": "Português (Brasil)",
    "ru": "Русский",
    "de": "Deutsch",
}
"""Languages known to the package, by code, in their own words."""
LOCALE_DIR = Path(__file__).parent / "locale"
"""The catalogues: ``<LOCALE_DIR>/<locale>/LC_MESSAGES/<DOMAIN>.po``."""
DOMAIN = "sheriff_nb"
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "pt-BR": "nplurals=2; plural=(n > 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "de": "nplurals=2; plural=(n != 1);",
}
"""gettext's Plural-Forms of each language (the GNU gettext manual's; Russian has three forms): the header of a
new catalogue, and the rule used while a language has none."""


# ------------------------------------------------------------------ markers for text kept as data (gettext_noop)
# N_, pN_ and npN_ are the engine's (sheriff_nb.engine.words), so that play and theory can mark words too
RULE_WORDS = (
    pN_("rule", "inspect"),
    pN_("rule", "pass"),
    pN_("rule", "legal"),
    pN_("rule", "contraband"),
    pN_("rule", "royal"),
    pN_("rule", "honest"),
    pN_("rule", "lie"),
    pN_("rule", "merchant"),
    pN_("rule", "sheriff"),
)
"""Words the engine puts into rule messages as values (a decision, a kind, a role): context ``rule``."""


# ------------------------------------------------------------------ catalogues
@dataclass
class _Catalogue:
    """One language's translations: ``(context, msgid) -> text`` and ``-> plural forms``, and its plural rule."""

    messages: dict[tuple[str | None, str], str] = field(default_factory=dict)
    plurals: dict[tuple[str | None, str], tuple[str, ...]] = field(default_factory=dict)
    plural: Callable[[int], int] = lambda n: int(n != 1)  # noqa: E731 (English's rule)


def catalogue_path(lang: str) -> Path:
    """Where the catalogue of ``lang`` lives (``pt-BR`` -> ``locale/pt_BR/…``).

    >>> catalogue_path("pt-BR").relative_to(LOCALE_DIR).as_posix()
    'pt_BR/LC_MESSAGES/sheriff_nb.po'
    """
    return LOCALE_DIR / lang.replace("-", "_") / "LC_MESSAGES" / f"{DOMAIN}.po"


def _read(lang: str) -> _Catalogue:
    """The translated, non-fuzzy entries of ``lang``'s ``.po`` file (an empty catalogue for English)."""
    catalogue = _Catalogue()
    if lang in PLURAL_FORMS:
        catalogue.plural = gettext.c2py(PLURAL_FORMS[lang].split("plural=")[1].rstrip(";"))
    path = catalogue_path(lang)
    if lang == "en" or not path.exists():
        return catalogue
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        po = read_po(handle)
    catalogue.plural = gettext.c2py(po.plural_expr)
    for message in po:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            forms = tuple(message.string)
            if all(forms):
                catalogue.plurals[(message.context, message.id[0])] = forms
        elif message.string:
            catalogue.messages[(message.context, message.id)] = message.string
    return catalogue


_loaded: dict[str, _Catalogue] = {}
_revisions: dict[str, int] = {}  # language -> how many times register()/_forget() changed it in this process
_listeners: list[Callable[[str], None]] = []


def _catalogue(lang: str) -> _Catalogue:
    if lang not in _loaded:
        _loaded[lang] = _read(lang)
    return _loaded[lang]


def languages() -> dict[str, str]:
    """The languages known to the package (and any :func:`register`-ed here): code -> name in that language.  A
    language whose catalogue is missing or unfinished shows English where it has no translation.

    >>> list(languages())
    ['en', 'es', 'pt-BR', 'ru', 'de']
    """
    known = [*LANGUAGE_NAMES, *(code for code in _loaded if code not in LANGUAGE_NAMES)]
    return {code: LANGUAGE_NAMES.get(code, code) for code in known}


def _initial_language() -> str:
    query = parse_qs(os.environ.get("QUERY_STRING", "") or "")
    wanted = (query.get("lang") or [os.environ.get("SHERIFF_NB_LANG", "en")])[0]
    return wanted if wanted in languages() else "en"


_state = {"lang": _initial_language()}


def get_language() -> str:
    """The current language code."""
    return _state["lang"]


def revision(lang: str | None = None) -> int:
    """How many times :func:`register` changed the catalogue of ``lang`` (default: the current language) in this
    process; 0 means the package's own catalogues, so a cache of translated text (the chart cache plugged into
    :mod:`sheriff_nb.ui.display`) can tell a teacher's own catalogue from ours.

    >>> revision("pt-BR")
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
    known = languages()
    if lang not in known:
        raise ValueError(f"no catalogue for language {lang!r}; known: {', '.join(known)}")
    changed = lang != _state["lang"]
    _state["lang"] = lang
    if changed:
        for listener in list(_listeners):
            listener(lang)
    return lang


def on_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(lang)`` whenever :func:`set_language` switches language."""
    _listeners.append(listener)


def plural_rule(lang: str) -> Callable[[int], int]:
    """Which plural form (an index into a catalogue entry's forms) a number takes in ``lang``, from the
    ``Plural-Forms`` header of its catalogue.

    >>> [plural_rule("ru")(n) for n in (1, 2, 5, 21)], [plural_rule("pt-BR")(n) for n in (0, 1, 2)]
    ([0, 1, 2, 0], [0, 0, 1])
    """
    return _catalogue(lang).plural


def register(
    lang: str,
    catalogue: Mapping | None = None,
    cards: Mapping | None = None,
    name: str | None = None,
    plural: Callable[[int], int] | None = None,
) -> None:
    """Add (or extend) a language in this process, without a ``.po`` file (a teacher's own words).  ``catalogue``
    maps English text (or ``(context, text)``) to a translation, or, for :func:`ngettext`, the English singular to a
    tuple of plural forms; ``cards`` maps card ids (or English names) to ``(card name, singular, plural)``,
    ``(plural, singular)`` or one name; ``plural`` is the language's plural rule (default English's).

    >>> register("fr", {"Close the bag": "Fermer le sac"}, {"apples": ("Pommes", "Pomme")}, name="Français")
    >>> set_language("fr"); t("Close the bag"), card_name("apples", 1), card_name("cheese")
    'fr'
    ('Fermer le sac', 'Pomme', 'Cheese')
    >>> set_language("en"); _forget("fr")
    'en'
    """
    _revisions[lang] = _revisions.get(lang, 0) + 1
    target = _catalogue(lang)
    for key, value in (catalogue or {}).items():
        key = key if isinstance(key, tuple) else (None, key)
        if isinstance(value, str):
            target.messages[key] = value
        else:
            target.plurals[key] = tuple(value)
    for good, value in (cards or {}).items():
        printed, singular, _ = CARD_NAMES["en"][card_id(good)]
        if isinstance(value, str):
            value = (value, value, value)
        elif len(value) == 2:  # (plural, singular)
            value = (value[0], value[1], value[0])
        target.messages[("card", printed)] = value[0]
        target.plurals[("cards", singular)] = (value[1], value[2])
    if name:
        LANGUAGE_NAMES[lang] = name
    if plural:
        target.plural = plural


def _forget(lang: str) -> None:
    """Drop what this process knows of ``lang`` (its ``.po`` file is read again when next used)."""
    _revisions[lang] = _revisions.get(lang, 0) + 1
    _loaded.pop(lang, None)
    if lang not in PLURAL_FORMS:  # a language registered in this process only
        LANGUAGE_NAMES.pop(lang, None)


# ------------------------------------------------------------------ looking text up
def _lookup(context: str | None, text: str) -> str | None:
    return _catalogue(_state["lang"]).messages.get((context, text))


class _LocalFormatter(string.Formatter):
    """``str.format`` that writes a number formatted with a spec (``{p:.2f}``, ``{share:.0%}``, ``{n:,}``) with the
    current language's decimal and group signs, so a catalogue's template needs no change of its fields."""

    def format_field(self, value, format_spec: str) -> str:
        text = super().format_field(value, format_spec)
        lang = _state["lang"]
        if lang == "en" or not format_spec or isinstance(value, (bool, str)) or not isinstance(value, numbers.Real):
            return text
        decimal, group, prefix, suffix = number_symbols(lang)
        text = text.translate({ord("."): "\0", ord(","): group}).replace("\0", decimal)
        return prefix + text.removesuffix("%") + suffix if format_spec.endswith("%") else text


_FORMATTER = _LocalFormatter()


def _fill(template: str, english: str, fields: Mapping) -> str:
    """``template`` with its fields (numbers in the current language's way; English if the template is broken).

    >>> set_language("de"); _fill("{p:.2f} · {s:.0%} · {n:,} · {k}", "", dict(p=0.125, s=2 / 7, n=12345, k=3))
    'de'
    '0,12 · 29\xa0% · 12.345 · 3'
    >>> set_language("en"); _fill("{p:.2f} · {s:.0%}", "", dict(p=0.125, s=2 / 7))
    'en'
    '0.12 · 29%'
    """
    if not fields:
        return template
    try:
        return _FORMATTER.format(template, **fields)
    except (KeyError, IndexError, ValueError, AttributeError):  # a broken translation never breaks a widget
        return _FORMATTER.format(english, **fields)


def t(text: str, **fields) -> str:
    """``text`` in the current language, with ``{fields}`` filled in; English when there is no translation.

    >>> t("Round {round} of {rounds}", round=1, rounds=8)
    'Round 1 of 8'

    A :class:`~sheriff_nb.engine.errors.Phrase` is translated with its fields (themselves translated):

    >>> from sheriff_nb.play.bots import strategy
    >>> set_language("es"); t(strategy("honest+trusting").personality); set_language("en")
    'es'
    'como comerciante carga el bien legal ...; como Sheriff deja pasar ...'
    'en'
    """
    if hasattr(text, "template") and not fields:  # a Phrase
        return _message(text.template, str(text), text.fields)
    return _fill(_lookup(None, text) or text, text, fields)


def pt(context: str, text: str, **fields) -> str:
    """gettext's ``pgettext``: ``text`` in a ``context`` that tells translators which sense is meant.

    >>> pt("card", "penalty"), set_language("es"), pt("card", "penalty"), set_language("en")
    ('penalty', 'es', 'multa', 'en')
    """
    return _fill(_lookup(context, text) or text, text, fields)


def npt(context: str | None, singular: str, plural: str, n: int, **fields) -> str:
    """:func:`ngettext` with a context (``None``: none)."""
    catalogue = _catalogue(_state["lang"])
    forms = catalogue.plurals.get((context, singular))
    english = singular if n == 1 else plural
    template = forms[min(catalogue.plural(n), len(forms) - 1)] if forms else english
    return _fill(template, english, {"n": n, **fields})


def ngettext(singular: str, plural: str, n: int, **fields) -> str:
    """gettext's ``ngettext``: the form of ``singular`` / ``plural`` (English, the key) that the number ``n`` takes
    in the current language, with ``{n}`` and the other ``{fields}`` filled in.

    >>> ngettext("{n} bribe", "{n} bribes", 1), ngettext("{n} bribe", "{n} bribes", 0)
    ('1 bribe', '0 bribes')
    >>> register("x-ru", {"{n} card": ("{n} карта", "{n} карты", "{n} карт")}, plural=plural_rule("ru"))
    >>> set_language("x-ru"); [ngettext("{n} card", "{n} cards", k) for k in (1, 3, 5, 11, 21)]
    'x-ru'
    ['1 карта', '3 карты', '5 карт', '11 карт', '21 карта']
    >>> set_language("en"); _forget("x-ru")
    'en'
    """
    return npt(None, singular, plural, n, **fields)


# ------------------------------------------------------------------ cards and goods
def card_name(good: str, count: int | None = None) -> str:
    """A card's name in the current language: as printed on the card, or for ``count`` cards.

    >>> card_name("golden apples"), card_name("crossbow"), card_name("crossbow", 1), card_name("crossbow", 2)
    ('Golden Apples', 'Crossbow', 'Crossbow', 'Crossbows')
    """
    gid = card_id(good)
    printed, singular, plural = CARD_NAMES["en"][gid]  # the msgids
    catalogue, lang = _catalogue(_state["lang"]), _state["lang"]
    glossary = CARD_NAMES.get(lang, {}).get(gid)
    if count is None:
        return catalogue.messages.get(("card", printed)) or (glossary[0] if glossary else printed)
    if ("cards", singular) not in catalogue.plurals and glossary:  # the glossary's names until the catalogue has them
        return glossary[1] if catalogue.plural(count) == 0 else glossary[2]
    return npt("cards", singular, plural, count)


def goods_text(goods: Mapping[str, int] | None, empty: str = N_("nothing")) -> str:
    """``{"cheese": 2, "mead": 1}`` as ``"2 Cheese + 1 Mead"`` in rulebook order (``empty``, translated, when there
    are none); a ``face_down`` count (cards seen only from the back) comes last.

    >>> goods_text({"mead": 1, "cheese": 2}), goods_text({}), goods_text({"apples": 1, "face_down": 2})
    ('2 Cheese + 1 Mead', 'nothing', '1 Apple + 2 face-down cards')
    """
    goods = dict(goods or {})
    hidden = goods.pop("face_down", 0)
    items = sorted(((card_id(g), n) for g, n in goods.items() if n > 0), key=lambda kv: ORDER[kv[0]])
    parts = [f"{n} {card_name(g, n)}" for g, n in items]
    if hidden:
        parts.append(ngettext("{n} face-down card", "{n} face-down cards", hidden))
    return " + ".join(parts) if parts else t(empty)


_COUNTED = re.compile(r"(\d+) (.+)")


def _goods_words(text: str) -> str | None:
    """Card names in an engine message's field ("Silk", "Apples, Cheese", "2 Cheese, 1 Mead") translated, or
    None when ``text`` is not made of card names."""
    for joiner in (", ", " + "):
        parts = text.split(joiner)
        out = []
        for part in parts:
            counted = _COUNTED.fullmatch(part)
            try:
                out.append(f"{counted[1]} {card_name(counted[2], int(counted[1]))}" if counted else card_name(part))
            except ValueError:
                break
        else:
            return joiner.join(out)
    return None


def rule_message(error: BaseException | str) -> str:
    """The message of a :class:`~sheriff_nb.engine.errors.RuleError` in the current language: its template translated
    (English if the catalogue has no translation), then its fields, themselves translated where they are words of
    the game (card names, a :class:`~sheriff_nb.engine.errors.Phrase`, a nested rule error, the words of
    :data:`RULE_WORDS`).

    >>> from sheriff_nb import BagSizeError, inspect_bag
    >>> try:
    ...     inspect_bag({"apples": 6}, "apples")
    ... except BagSizeError as error:
    ...     set_language("es"); rule_message(error); set_language("en"); rule_message(error)
    'es'
    'una bolsa lleva de 1 a 5 cartas; esta lleva 6'
    'en'
    'a bag holds 1 to 5 cards; this one holds 6'
    """
    template = getattr(error, "template", None)
    if template is None:
        return _lookup(None, str(error)) or str(error)
    return _message(template, str(error), getattr(error, "fields", {}))


def _message(template: str, english: str, fields: Mapping) -> str:
    translated = _lookup(None, template)
    if translated is None:
        return english
    try:
        return _FORMATTER.format(translated, **{key: _field(value) for key, value in fields.items()})
    except (KeyError, IndexError, ValueError, AttributeError):
        return english


def _field(value):
    if isinstance(value, BaseException):
        return rule_message(value)
    if isinstance(value, str) and hasattr(value, "template"):  # a Phrase
        return _message(value.template, str(value), value.fields)
    if isinstance(value, str) and not isinstance(value, bool):  # a word of the rules, goods, a character's name
        return _lookup("rule", value) or _goods_words(value) or _lookup("cast", value) or value
    return value


# ------------------------------------------------------------------ numbers in the reader's locale
@cache
def number_symbols(lang: str) -> tuple[str, str, str, str]:
    """Decimal sign, group sign, percent prefix and suffix of ``lang`` (Babel's CLDR data)."""
    if lang == "en":
        return ".", ",", "", "%"
    from babel import Locale, UnknownLocaleError
    from babel.numbers import get_decimal_symbol, get_group_symbol

    try:
        locale = Locale.parse(lang.replace("-", "_"))
        pattern = locale.percent_formats[None]
        return get_decimal_symbol(locale), get_group_symbol(locale), pattern.prefix[0], pattern.suffix[0]
    except (UnknownLocaleError, ValueError, LookupError):  # a language Babel does not know writes numbers as English
        return number_symbols("en")
