"""The play package imports without cycles, every import at the top of its module (issue 38).

A cycle used to hide behind imports inside functions (``replacement`` -> ``activation_costs``
-> ``field_actions`` -> ``replacement``); ``engine.payable`` and ``engine.handler`` now sit below
both sides. Counting every import wherever it sits (not those under ``if TYPE_CHECKING:``, which
are annotations) keeps a new knot from coming back the same way.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLAY = ROOT / "generator" / "play"


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module(p): p for p in PLAY.rglob("*.py")}


def _typing_only(tree: ast.Module) -> set[int]:
    return {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The play modules an import statement loads (``from package import module`` included)."""
    if isinstance(node, ast.Import):
        names = {a.name for a in node.names}
    else:
        package = module if MODULES[module].name == "__init__.py" else module.rsplit(".", 1)[0]
        for _ in range(node.level - 1):
            package = package.rsplit(".", 1)[0]
        base = node.module if not node.level else f"{package}.{node.module}" if node.module else package
        names = {base, *(f"{base}.{a.name}" for a in node.names)}
    return {n for n in names if n in MODULES and n != module}


def _imports() -> dict[str, list[tuple[int, str, bool]]]:
    """Per module: (line, imported play module, whether the import is at the top of the module)."""
    found: dict[str, list[tuple[int, str, bool]]] = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text())
        skip = _typing_only(tree)
        top = {id(n) for n in tree.body}
        found[module] = [
            (node.lineno, target, id(node) in top)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in skip
            for target in _targets(module, node)
        ]
    return found


def test_no_import_inside_a_function() -> None:
    inside = [f"{m}:{line} imports {t}" for m, found in _imports().items() for line, t, top in found if not top]
    assert not inside, inside


def test_no_import_cycle() -> None:
    graph = {m: {t for _, t, _ in found} for m, found in _imports().items()}
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as err:
        raise AssertionError(f"import cycle: {' -> '.join(err.args[1])}") from None
