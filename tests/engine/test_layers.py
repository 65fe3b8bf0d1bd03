"""The engine's shape (issue 11, item 1): standard library only, no import circles, no private names imported
across modules, and one list of state fields that the save, the views and the notation all read."""

import ast
import sys
from pathlib import Path

from sheriff_nb.engine import notation, views
from sheriff_nb.engine.state import POSITION, GameState

ENGINE = Path(__file__).resolve().parents[2] / "sheriff_nb" / "engine"


def modules():
    """Every engine module: dotted name (inside the engine) -> its syntax tree."""
    found = {}
    for path in sorted(ENGINE.rglob("*.py")):
        parts = path.relative_to(ENGINE).with_suffix("").parts
        name = ".".join(p for p in parts if p != "__init__")
        found[name] = ast.parse(path.read_text(encoding="utf-8"))
    return found


def imports(name, tree):
    """``(module imported, names imported)`` for each import of an engine module, resolved to dotted names inside
    the engine ("" for the engine itself) or to top-level outside modules."""
    package = name.split(".") if (ENGINE / name.replace(".", "/")).is_dir() else name.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, []
        elif isinstance(node, ast.ImportFrom):
            names = [a.name for a in node.names]
            if node.level:
                base = package[: len(package) - node.level + 1] if node.level > 1 else package
                target = ".".join([*base, *(node.module.split(".") if node.module else [])])
                if node.module is None:  # "from . import deals": the submodules, not the package
                    for imported in names:
                        yield "engine:" + f"{target}.{imported}".strip("."), []
                else:
                    yield "engine:" + target, names
            else:
                yield node.module, names


def test_the_engine_needs_only_the_standard_library():
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    for name, tree in modules().items():
        for module, _ in imports(name, tree):
            if module.startswith("engine:"):
                continue
            assert module.split(".")[0] in allowed, f"engine.{name} imports {module}"


def test_no_private_names_cross_modules():
    for name, tree in modules().items():
        for module, names in imports(name, tree):
            assert not [n for n in names if n.startswith("_") and n != "__all__"], f"engine.{name}: {module} {names}"


def test_no_import_circles_in_the_engine():
    trees = modules()
    graph = {}
    for name, tree in trees.items():
        targets = set()
        for module, _names in imports(name, tree):
            if module.startswith("engine:") and module[len("engine:"):] in trees:
                targets.add(module[len("engine:"):])
        graph[name] = targets - {name}
    visiting, done = set(), set()

    def visit(node, path):
        assert node not in visiting, f"import circle: {' -> '.join([*path, node])}"
        if node in done:
            return
        visiting.add(node)
        for target in graph[node]:
            if not (node == "" or target == ""):  # the package's __init__ re-exports; modules never import it
                visit(target, [*path, node])
        visiting.discard(node)
        done.add(node)

    for node in graph:
        visit(node, [])
    assert not any("" in targets for name, targets in graph.items() if name), "an engine module imports the package"


def test_one_list_of_fields_for_the_save_the_views_and_the_notation():
    """Every field of the position is in the notation and is either an entry of a player's view or listed, with the
    reason, among what a view does not show as it is."""
    assert set(notation.FIELD_KEYS) == set(POSITION)
    written = set(notation.KEYS)
    assert all(set(keys) <= written for keys in notation.FIELD_KEYS.values())
    assert written == {k for keys in notation.FIELD_KEYS.values() for k in keys}
    for field in POSITION:
        assert field in views.FIELDS or field in views.NOT_SHOWN, field
    assert set(GameState.__dataclass_fields__) == set(POSITION) | {"deck_size", "merchants", "history", "events"}
