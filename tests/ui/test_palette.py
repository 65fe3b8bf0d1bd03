"""One palette (issue 22): every colour the charts and widgets name is defined once, in ``sheriff_nb.ui.palette``;
no other module of ``ui`` keeps a colour constant of its own (a second copy is how two shades of a role drift)."""

import ast
import re
from pathlib import Path

from sheriff_nb.ui import palette

UI = Path(__file__).resolve().parents[2] / "sheriff_nb" / "ui"
HEX = re.compile(r"#[0-9A-Fa-f]{3}(?:[0-9A-Fa-f]{3})?")


def is_colour(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and bool(HEX.fullmatch(node.value))


def colour_constants(path: Path) -> list[str]:
    """The module-level names of ``path`` bound to a colour, or to a dict, list or tuple of colours (a picture's
    drawing colours, written inside its SVG, are not a palette)."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
            continue
        value = node.value
        items = value.values if isinstance(value, ast.Dict) else getattr(value, "elts", [value])
        if any(is_colour(item) for item in items):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found += [ast.unparse(target) for target in targets]
    return found


def test_no_module_but_the_palette_defines_a_colour():
    copies = {
        str(path.relative_to(UI)): names
        for path in sorted(UI.rglob("*.py"))
        if path.name != "palette.py" and (names := colour_constants(path))
    }
    assert copies == {}


def test_the_roles_share_their_hues():
    """The card kinds, the charts' honest/lie lines and the action colour are the same Okabe-Ito hues."""
    assert palette.PALETTE == {"legal": palette.HONEST_C, "contraband": palette.LIE_C, "royal": "#CC79A7"}
    assert palette.ACCENT == palette.SHERIFF_C == "#0072B2" and palette.MERCHANT_C == "#E69F00"
    assert set(palette.PALETTE) == set(palette.TINT) == set(palette.INK) == set(palette.BORDER_STYLE)
