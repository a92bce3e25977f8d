"""The meaning graph of the content folder (``/api/v1/connections.json``), derived from the files.

Why derived and not authored: a hand-kept map of which content file points at which would drift the
first time someone adds a see-also link. Here every file of ``content/`` is a node, and an edge is
drawn wherever one file's data names another file:

- by id: a string value of file A equals an ``id`` or ``slug`` declared in file B (the tutorial's
  ``glossary_terms`` naming glossary ids, a diary entry naming a kingdom);
- by path: a string value of A contains B's path inside the content folder (``play/tutorial.yaml``,
  ``content/site.toml``).

Only parsed values count (YAML and TOML values, Markdown front matter; a Markdown body is scanned for
paths only), never comments, so a remark in a comment draws no edge. Nodes and edges are sorted, and
nothing depends on the clock or the machine: the same files give the same graph.
"""

from __future__ import annotations

import hashlib
import io
import tomllib
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from generator.models.discovery.graph import Connection, ContentFile
from generator.models.frozen import Frozen
from generator.yamlfile import load_yaml

ID_KEYS = ("id", "slug")
MIN_ID_LENGTH = 3  # shorter ids ("op", "en") are tokens of the SKU grammar, not references
SAMPLE = 5


class ContentGraph(Frozen):
    files: tuple[ContentFile, ...]
    connections: tuple[Connection, ...]


FORMATS: dict[str, Literal["yaml", "toml", "markdown"]] = {
    ".yaml": "yaml",
    ".yml": "yaml",
    ".toml": "toml",
    ".md": "markdown",
}


def _format(path: Path) -> Literal["yaml", "toml", "markdown", "other"]:
    return FORMATS.get(path.suffix, "other")


def _parse(path: Path, text: str) -> Any:
    """The file's data: YAML or TOML values, a Markdown file's front matter; None for anything else."""
    kind = _format(path)
    if kind == "yaml":
        return load_yaml(io.BytesIO(text.encode("utf-8")))
    if kind == "toml":
        return tomllib.loads(text)
    if kind == "markdown" and text.startswith("---\n") and "\n---" in text[4:]:
        return load_yaml(io.BytesIO(text[4 : text.index("\n---", 4)].encode("utf-8")))
    return None


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _declared(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ID_KEYS and isinstance(item, str) and len(item) >= MIN_ID_LENGTH:
                yield item
            yield from _declared(item)
    elif isinstance(value, list):
        for item in value:
            yield from _declared(item)


def _files(root: Path) -> list[Path]:
    return sorted(
        p
        for p in root.rglob("*")
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(root).parts)
    )


def derive_connections(root: Path) -> ContentGraph:
    """Every file below ``root`` (hidden ones excepted), and the references between them."""
    files: list[ContentFile] = []
    values: dict[str, list[str]] = {}
    owners: dict[str, set[str]] = defaultdict(set)
    for path in _files(root):
        rel = path.relative_to(root).as_posix()
        raw = path.read_bytes()
        text = raw.decode("utf-8", errors="replace")
        parsed = _parse(path, text)
        declared = sorted(set(_declared(parsed)))
        for ident in declared:
            owners[ident].add(rel)
        values[rel] = list(_strings(parsed)) + ([text] if _format(path) == "markdown" else [])
        files.append(
            ContentFile(
                path=rel,
                format=_format(path),
                folder=rel.rpartition("/")[0],
                bytes=len(raw),
                sha256="sha256:" + hashlib.sha256(raw).hexdigest(),
                declared_ids=len(declared),
            )
        )
    return ContentGraph(files=tuple(files), connections=tuple(_connections(values, owners)))


def _references(
    source: str, value: str, paths: list[str], owners: dict[str, set[str]]
) -> Iterator[tuple[str, str, str]]:
    """(target, via, what names it) for each other file this one value names."""
    for target in owners.get(value, ()):
        if target != source:
            yield target, "id", value
    if "." in value:  # a path names a file with its extension
        for target in paths:
            if target != source and (f"content/{target}" in value or ("/" in target and target in value)):
                yield target, "path", target


def _connections(values: dict[str, list[str]], owners: dict[str, set[str]]) -> Iterator[Connection]:
    paths = sorted(values)
    for source in paths:
        via: dict[str, set[str]] = defaultdict(set)
        named: dict[str, list[str]] = defaultdict(list)
        for value in values[source]:
            for target, how, name in _references(source, value, paths, owners):
                via[target].add(how)
                named[target].append(name)
        for target in sorted(named):
            yield Connection(
                source=source,
                target=target,
                via=tuple(sorted(via[target])),  # type: ignore[arg-type]
                count=len(named[target]),
                sample=tuple(sorted(set(named[target]))[:SAMPLE]),
            )
