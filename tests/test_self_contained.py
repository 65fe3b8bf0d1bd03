"""The repository stands on its own: nothing cites a file it does not hold, every relative link of the README and
of docs/ leads somewhere, and the rules reference's tables say what the engine plays."""

import json
import re
import subprocess
from pathlib import Path
from urllib.parse import unquote

import pytest

import sheriff_nb as sn
from sheriff_nb.engine.cards import FOUR_PLUS, FULL_COUNT, GOODS
from sheriff_nb.engine.options import ROUNDS_PER_SHERIFF, RuleOptions
from sheriff_nb.engine.scoring import KING_QUEEN

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
NOTES = ("RULES", "THEORY", "GLOSSARY", "STACK")
"""The team's own notes, which are not in the repository (spelled in parts here, so this file cites none)."""
FORMS = [f"{name}.md" for name in NOTES] + [f"{name} §" for name in NOTES[:2]]
OUTSIDE = re.compile("|".join(re.escape(form) for form in FORMS))
"""Citations of those notes: by file name, or by section of the rules and theory notes."""


def tracked_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [name for name in listed.decode().split("\0") if name and (ROOT / name).is_file()]


def test_no_file_cites_notes_outside_the_repository():
    found = []
    for name in tracked_files():
        if name == Path(__file__).relative_to(ROOT).as_posix():
            continue
        try:
            text = (ROOT / name).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # images and other binary files
        found += [f"{name}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}" for m in OUTSIDE.finditer(text)]
    assert not found, "\n".join(found)


def test_the_citation_pattern_finds_every_form():
    rules, theory, glossary, stack = NOTES
    cited = f"see {rules}.md §9, {rules} §3, {theory}.md, {theory} §2.1, {glossary}.md and {stack}.md §6"
    assert [m.group(0) for m in OUTSIDE.finditer(cited)] == [
        f"{rules}.md",
        f"{rules} §",
        f"{theory}.md",
        f"{theory} §",
        f"{glossary}.md",
        f"{stack}.md",
    ]
    assert not OUTSIDE.search("the inspection game's theory (lesson 08); the rules reference, section Debts")


def anchors(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    return set(re.findall(r'<a id="([^"]+)"></a>', text))


def relative_links(path: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    return [t for t in targets if not re.match(r"[a-z][a-z0-9+.-]*:", t)]


def broken_links(source: Path, links: list[str]) -> list[str]:
    """The links (relative to ``source``'s folder) that lead to no file, or to no anchor of the rules reference."""
    broken = []
    for link in links:
        target, _, anchor = unquote(link).partition("#")
        path = (source.parent / target).resolve() if target else source
        if not path.exists() or (anchor and path == RULES and anchor not in anchors(RULES)):
            broken.append(link)
    return broken


DOCS = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", "TRANSLATING.md", "benchmarks/README.md"]
"""The documents outside docs/ whose links are checked, besides every page under docs/ (any depth)."""


@pytest.mark.parametrize("doc", [*DOCS, *sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("docs/**/*.md"))])
def test_every_relative_link_resolves(doc):
    assert not broken_links(ROOT / doc, relative_links(ROOT / doc))


def test_every_lesson_link_resolves():
    """The lessons' markdown links, translated lessons included (one folder deeper), lead to files and anchors."""
    broken = {}
    for name in tracked_files():
        if name.startswith("notebooks/") and name.endswith(".ipynb"):
            cells = json.loads((ROOT / name).read_text(encoding="utf-8"))["cells"]
            text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
            links = [t for t in re.findall(r"\]\(([^)\s]+)\)", text) if not re.match(r"[a-z][a-z0-9+.-]*:", t)]
            if bad := broken_links(ROOT / name, links):
                broken[name] = bad
    assert not broken, broken
    lesson = (ROOT / "notebooks" / "16_second_edition.ipynb").read_text(encoding="utf-8")
    assert "../docs/rules.md#ruling-black-market" in lesson  # the lessons do link into the reference


def test_the_rules_reference_links_only_to_its_own_anchors():
    assert {"ruling-debts", "cards", "rulings"} <= anchors(RULES)
    assert all(link.lstrip("#") in anchors(RULES) for link in relative_links(RULES) if link.startswith("#"))


def table(heading_anchor: str) -> list[list[str]]:
    """The rows of the first table after ``<a id="heading_anchor">`` in the rules reference, as stripped cells."""
    text = RULES.read_text(encoding="utf-8").split(f'<a id="{heading_anchor}"></a>')[1]
    lines = text[text.index("\n|") + 1 :].split("\n\n")[0].splitlines()
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]


def test_the_card_table_is_the_engines():
    rows = {row[0].strip("`"): row[1:] for row in table("cards")}
    assert list(rows) == list(GOODS)
    three = sn.deck(players=3, royal=True)
    for good, (name, kind, value, penalty, counts_as, full, three_players, four_plus) in rows.items():
        card = sn.card(good)
        shown = (name, kind, int(value), int(penalty), int(full), int(three_players), int(four_plus))
        assert shown == (
            card.name,
            card.kind,
            card.value,
            card.penalty,
            FULL_COUNT[good],
            three[good],
            FOUR_PLUS.get(good, 0),
        ), good
        royal = f"{card.multiplier} {sn.card(card.counts_as).name}" if card.counts_as else "–"
        assert counts_as == royal, good


def test_the_decks_the_reference_states():
    text = RULES.read_text(encoding="utf-8")
    assert "basic deck of **204**" in text and sum(sn.deck().values()) == 204
    assert "**216**" in text and sum(sn.deck(royal=True).values()) == 216
    assert "**156** cards" in text and sum(sn.deck(players=3).values()) == 156
    assert "**162** with royal goods" in text and sum(sn.deck(players=3, royal=True).values()) == 162
    assert sum(sn.deck(edition=1, players=3).values()) == 156  # the 1st edition follows the 2nd


def test_king_queen_and_game_length_are_the_engines():
    assert {row[0].lower(): (int(row[1]), int(row[2])) for row in table("king-and-queen")} == KING_QUEEN
    for row in table("game-length"):
        players = int(row[0])
        assert int(row[1].split()[0]) == ROUNDS_PER_SHERIFF[players]
        assert int(row[2]) == RuleOptions(players=players).rounds


def test_the_optional_rules_table_says_what_the_first_edition_accepts():
    for row in table("optional-rules"):
        field = re.search(r"`(\w+)=(\w+)`", row[1])
        value = {"True": True}.get(field.group(2)) or int(field.group(2))
        accepted = True
        try:
            RuleOptions(edition=1, **{field.group(1): value})
        except sn.RuleError:
            accepted = False
        assert row[2].startswith("allowed" if accepted else "refused"), row


def test_a_lesson_that_links_into_docs_says_the_file_is_in_the_repository():
    """Voilà serves the lessons, not docs/: a reader of a served page learns where the linked file is (UX #37)."""
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")
        linked = sorted(set(re.findall(r"\]\(\.\./(docs/[\w.]+)", text)))
        for doc in linked:
            first = text.index(f"](../{doc}")
            assert re.search(rf"{re.escape(doc)} (in|of) the (project's )?repository", text[: first + 300]), path.name
        if path.name.startswith("17_"):  # the teacher's guide is named, not linked
            assert "`docs/teaching_a_class.md` in the repository" in text
