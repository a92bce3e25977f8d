"""The import contract (issue 38): each package of ``generator/`` imports only from its own layer or
the layers below it, so the pipeline reads upward (docs/architecture.md, "Layers").

Imports under ``if TYPE_CHECKING:`` are annotations, not dependencies, and are not counted. A
back-edge that must stay for a while is listed by name in ``KNOWN_BACK_EDGES`` (empty today): this
test fails on any other, and on a listed one that has been removed (so the list can only shrink).
"""

from __future__ import annotations

import ast
from pathlib import Path

GENERATOR = Path(__file__).parents[1] / "generator"

# Lowest first. A package may import its own layer and any layer listed before it.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"sku", "sources", "hashing", "yamlfile", "site", "render", "dependencies"}),  # standards and config
    frozenset({"models", "identity"}),  # frozen document models
    frozenset({"web"}),  # the framework: Surface, Param, respond, validate, envelope, conditional
    frozenset({"content", "play", "platform", "ingest", "catalog", "fingerprint"}),  # the domain and its data
    frozenset({"contract", "discovery", "participation", "surfaces"}),  # the registry's surfaces
    frozenset({"write", "build"}),  # the build: files, manifest, host adapters
    frozenset({"serve"}),  # the app, the server, the worker pool
)
# (importer, imported) -> why it is still here, should one ever have to be allowed for a while.
KNOWN_BACK_EDGES: dict[tuple[str, str], str] = {}  # none left: keep it so


def _layer_of(package: str) -> int:
    return next(i for i, layer in enumerate(LAYERS) if package in layer)


def _imports(path: Path) -> set[str]:
    """The top-level ``generator`` packages a module imports at run time."""
    tree = ast.parse(path.read_text())
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
        names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
        found |= {n.split(".")[1] for n in names if n.startswith("generator.") and n.count(".") >= 1}
    return found


def _edges() -> set[tuple[str, str]]:
    edges = set()
    for path in GENERATOR.rglob("*.py"):
        relative = path.relative_to(GENERATOR)
        package = relative.parts[0].removesuffix(".py")
        if package == "__init__":
            continue
        edges |= {(package, imported) for imported in _imports(path) if imported != package}
    return edges


def test_every_package_has_a_layer() -> None:
    packages = {p.name.removesuffix(".py") for p in GENERATOR.iterdir() if p.name != "__init__.py"}
    packages -= {"__pycache__"}
    unplaced = {p for p in packages if not any(p in layer for layer in LAYERS)}
    assert not unplaced, f"add each to a layer in LAYERS and docs/architecture.md: {sorted(unplaced)}"


def test_no_package_imports_from_a_layer_above_it() -> None:
    upward = {(a, b) for a, b in _edges() if _layer_of(b) > _layer_of(a)}
    new = upward - set(KNOWN_BACK_EDGES)
    assert not new, f"imports from a higher layer: {sorted(new)}"
    gone = {e for e in KNOWN_BACK_EDGES if _layer_of(e[1]) > _layer_of(e[0])} - upward
    assert not gone, f"these back-edges are gone: remove them from KNOWN_BACK_EDGES: {sorted(gone)}"


def test_the_framework_knows_nothing_of_the_surfaces_it_serves() -> None:
    """The issue's first complaint: contract/, discovery/ and write/ imported the plugin folder."""
    for framework in ("web", "contract", "discovery", "write", "render"):
        assert "surfaces" not in {b for a, b in _edges() if a == framework}, framework
