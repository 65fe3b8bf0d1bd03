"""Nicknames are what they look like (:mod:`sheriff_nb.play.nicknames`), through :func:`classroom.join` on a
temporary SQLite store: names in any script are seated, a name that does not show, or shows like a seated name or
like the computer partner, is refused with a message that says why and changes nothing, and a seated student who
types their name in another case or in look-alike letters finds their own seat."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import select

import sheriff_nb.play.classroom as cl
from sheriff_nb.play import classroom_store as store
from sheriff_nb.play import nicknames as nn

BAG, DECLARED = {"apples": 2, "pepper": 2}, "apples"
LOCALES = Path(nn.__file__).parents[1] / "ui" / "locale"


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "class.sqlite")


@pytest.fixture
def session(db):
    return cl.create_session(BAG, DECLARED, rounds=2, db=db, seed=7)


def rows(db, code: str) -> dict:
    """Every row the store holds for the session ``code``."""

    def read(conn):
        return {t.name: sorted(map(tuple, conn.execute(select(t).where(t.c.code == code))), key=repr)
                for t in store.PER_SESSION}  # fmt: skip

    return store.run(db, read)


def refused(db, code: str, name: str, words: str, **kwargs) -> cl.NicknameError:
    before = rows(db, code)
    with pytest.raises(cl.NicknameError) as caught:
        cl.join(code, name, db=db, **kwargs)
    assert words in str(caught.value)
    assert rows(db, code) == before
    return caught.value


# ------------------------------------------------------------------ seated
SEATED = {
    "accent typed as a mark (NFD)": ("Jose\u0301", "José"),
    "Hindi": ("अनिल", "अनिल"),
    "Tamil": ("முருகன்", "முருகன்"),
    "Thai": ("สมชาย", "สมชาย"),
    "Thai with vowel and tone marks": ("สมศักดิ์", "สมศักดิ์"),
    "apostrophe": ("O'Brien", "O'Brien"),
    "a phone's apostrophe": ("O\u2019Brien", "O\u2019Brien"),
    "hyphen": ("Jean-Luc", "Jean-Luc"),
    "digit": ("Ann 2", "Ann 2"),
    "white space of all kinds": ("\u3000Ann\u00a0\t 2 ", "Ann 2"),
    "20 letters each with a virama": ("क्" * 20, "क्" * 20),
    "3 marks on one letter": ("a\u0331\u0332\u0333", "a\u0331\u0332\u0333"),
}


@pytest.mark.parametrize("case", list(SEATED))
def test_names_in_any_script_are_seated_as_typed(db, session, case):
    typed, shown = SEATED[case]
    seat = cl.join(session.code, typed, db=db)
    assert seat.name == shown and cl.roster(session.code, db) == [shown]
    assert cl.seat(session.code, typed, db=db) == seat


def test_jose_typed_with_a_combining_accent_is_the_same_name_as_jose(db, session):
    nfc, nfd = "Jos\u00e9", "Jose\u0301"
    first = cl.join(session.code, nfd, db=db)
    assert first.name == nfc and len(first.name) == 4
    refused(db, session.code, nfc, "the nickname 'José' is already taken")
    assert cl.reclaim(session.code, first.key, db=db) == first
    assert cl.roster(session.code, db) == [nfc]


# ------------------------------------------------------------------ refused alone
REFUSED = {
    "Hangul filler": ("\u3164", "has no letter or digit that shows"),
    "Hangul choseong filler": ("\u115f", "has no letter or digit that shows"),
    "Hangul jungseong filler": ("\u1160", "has no letter or digit that shows"),
    "halfwidth Hangul filler": ("\uffa0", "has no letter or digit that shows"),
    "only punctuation": ("-'.", "has no letter or digit that shows"),
    "only a mark": ("\u0301", "has no letter or digit that shows"),
    "a filler after a name": ("Ann\u3164", "holds U+3164 (HANGUL FILLER), a character that does not show"),
    "zero width space": ("Ann\u200b", "holds U+200B (ZERO WIDTH SPACE), a character that does not show"),
    "bidi override": ("\u202eAnn", "holds U+202E (RIGHT-TO-LEFT OVERRIDE), a character that does not show"),
    "unassigned, ignorable": ("Ann\u2065", "holds U+2065 (unassigned), a character that does not show"),
    "variation selector": ("Ann\ufe0f", "holds U+FE0F (VARIATION SELECTOR-16), a character that does not show"),
    "control character": ("Ann\x07", "holds U+0007 (a control character), a character that does not show"),
    "a mark with no letter": ("Ann \u0301", "the mark U+0301 (COMBINING ACUTE ACCENT) has no letter before it"),
    "a mark first": ("\u0301Ann", "the mark U+0301 (COMBINING ACUTE ACCENT) has no letter before it"),
    "4 marks on one letter": ("a\u0331\u0332\u0333\u0334", "a letter carries more than 3 accents or marks"),
    "a symbol": ("Ann\u2665", "a nickname is made of letters, digits, spaces and - _ . ' only"),
    "21 letters with viramas": ("क्" * 21, "a nickname is 1 to 20 characters (a letter and its accents count as one)"),
    "a long name in few letters": ("\ufdfa" * 5, "is too long for a nickname once its letters are written out"),
    "the computer": ("the computer", "looks like 'the computer', the name of the computer partner"),
    "Computer": ("Computer", "looks like 'computer', the name of the computer partner"),
    "fullwidth": ("ｃｏｍｐｕｔｅｒ", "looks like 'computer', the name of the computer partner"),
    "a zero for an o": ("C0MPUTER", "looks like 'computer', the name of the computer partner"),
    "rn for m": ("the cornputer", "looks like 'the computer', the name of the computer partner"),
    "Spanish": ("El Ordenador", "looks like 'el ordenador', the name of the computer partner"),
    "Latin American Spanish": ("la computadora", "looks like 'la computadora', the name of the computer partner"),
    "Portuguese": ("o computador", "looks like 'o computador', the name of the computer partner"),
    "German": ("der Computer", "looks like 'der Computer', the name of the computer partner"),
    "Russian": ("Компьютер", "looks like 'компьютер', the name of the computer partner"),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_name_that_does_not_show_as_itself_is_refused_and_changes_nothing(db, session, case):
    cl.join(session.code, "Bob", db=db)
    typed, words = REFUSED[case]
    refused(db, session.code, typed, words)


# ------------------------------------------------------------------ look-alikes of a seated name
LOOK_ALIKES = {
    "Cyrillic А": ("\u0410nn", "'Аnn' looks like the nickname 'Ann', already in session"),
    "mathematical bold": ("𝐀𝐧𝐧", "'𝐀𝐧𝐧' looks like the nickname 'Ann', already in session"),
    "fullwidth": ("Ａｎｎ", "'Ａｎｎ' looks like the nickname 'Ann', already in session"),
    "capitals": ("ANN", "the nickname 'Ann' is already taken in session"),
}


@pytest.mark.parametrize("case", list(LOOK_ALIKES))
def test_a_look_alike_of_a_seated_name_is_refused_and_never_paired_with_it(db, session, case):
    ann = cl.join(session.code, "Ann", db=db)
    typed, words = LOOK_ALIKES[case]
    refused(db, session.code, typed, words + f" {session.code}: pick another")
    assert cl.roster(session.code, db) == ["Ann"] and cl.seat(session.code, "Ann", db=db).partner == cl.COMPUTER
    assert cl.reclaim(session.code, ann.key, db=db) == ann  # with the seat key: the seat back
    assert cl.seat(session.code, typed, db=db) == ann  # the look-alike finds the same seat
    assert cl.submit(session.code, typed, 1, "lie", db=db) == "lie"
    assert cl.student_view(session.code, "Ann", db=db).choice == "lie"


def test_look_alike_nicknames_share_one_key_and_different_ones_do_not():
    assert len({nn.name_key(n) for n in ["Ann", "ANN", "aNN", "\u0410nn", "𝐀𝐧𝐧", "Ａｎｎ", "𝔸𝕟𝕟"]}) == 1
    assert nn.name_key("Jose\u0301") == nn.name_key("José") != nn.name_key("Jose")
    assert len({nn.name_key(n) for n in ["Ann", "Anna", "Ann 2", "Ana", "Anne", "Jean-Luc", "Jean Luc"]}) == 7
    assert nn.name_key("Straße") == nn.name_key("STRASSE")


# ------------------------------------------------------------------ the limits hold for every accepted name
@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(categories=("L", "M", "N", "Zs", "Cf", "P"), codec="utf-8"), max_size=60))
def test_every_accepted_name_fits_the_store_and_is_clean(text):
    try:
        name = nn.clean_name(text)
    except cl.NicknameError:
        return
    assert 1 <= nn.length(name) <= nn.MAX_LENGTH and len(name) <= store.students_t.c.name.type.length
    assert len(nn.name_key(name)) <= nn.MAX_KEY <= store.students_t.c.name_key.type.length
    assert nn.clean_name(name) == name == unicodedata.normalize("NFC", name)


def test_the_longest_names_fit_the_store_columns():
    assert store.students_t.c.name.type.length >= nn.MAX_LENGTH * (nn.MAX_MARKS + 1)
    assert store.seats_t.c.name.type.length >= nn.MAX_LENGTH * (nn.MAX_MARKS + 1)
    assert store.students_t.c.name_key.type.length >= nn.MAX_KEY


# ------------------------------------------------------------------ the data
def test_every_page_language_s_name_of_the_computer_is_reserved():
    catalogues = sorted(LOCALES.glob("*/LC_MESSAGES/sheriff_nb.po"))
    assert len(catalogues) >= 4
    for path in catalogues:
        with path.open("rb") as f:
            entry = read_po(f)["the computer"]
        assert entry is not None and entry.string in nn.COMPUTER_NAMES, path


def test_the_invisible_ranges_are_unicodes_default_ignorable_code_points():
    derived = Path("/usr/share/unicode/DerivedCoreProperties.txt")  # Debian's unicode-data
    if not derived.exists():
        pytest.skip("Debian's unicode-data is not installed")
    ignorable = set()
    for line in derived.read_text(encoding="utf-8").splitlines():
        data = line.split("#")[0].split(";")
        if len(data) == 2 and data[1].strip() == "Default_Ignorable_Code_Point":
            lo, _, hi = data[0].strip().partition("..")
            ignorable.update(range(int(lo, 16), int(hi or lo, 16) + 1))
    ours = {n for lo, hi in nn.INVISIBLE for n in range(lo, hi + 1)}
    assert ours - ignorable == {0x16FE4} and ignorable <= ours


def test_the_look_alike_table_is_unicodes_and_says_so():
    text = Path(nn.__file__).with_name("confusables.txt").read_text(encoding="utf-8")
    assert "Version 13.0.0" in text and "Copyright (c) 1991-2020 Unicode, Inc." in text and "MODIFIED" in text
    table = nn._prototypes()
    assert table["\u0430"] == "a" and table["1"] == "l" and table["m"] == "rn"  # Cyrillic а, digit one
    assert all(unicodedata.normalize("NFD", c) == c for c in table)  # only what the skeleton's NFD can meet
