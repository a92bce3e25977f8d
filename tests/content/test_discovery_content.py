"""The discovery content loaders: each refuses content that breaks the spec's counts or cites nothing.

Each refusal test copies the real content folder, breaks one thing, and checks the loader names it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

from generator.content import CONTENT_ROOT, load_content
from generator.content.connections import derive_connections
from generator.content.doctrine import load_doctrine
from generator.content.ledgers import load_ledgers
from generator.content.ontology import load_ontology
from generator.content.wellknown import fill
from generator.models.discovery.vocabulary import SPEC_TABLE
from generator.site import load_site

REPO = CONTENT_ROOT.parent


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "content"
    shutil.copytree(CONTENT_ROOT, copy)
    return copy


def edit_yaml(path: Path, change: Callable[[dict], None]) -> None:
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))


def test_the_real_content_loads() -> None:
    discovery = load_content().discovery
    assert [k.id for k in discovery.ontology.kinds] == list(SPEC_TABLE)
    assert discovery.ledgers.adopters.adopters == ()


# ------------------------------------------------------------------------------------------ ontology


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda o: o["kinds"][0]["properties"].pop(), "properties"),
        (lambda o: o["kinds"].pop(), "kinds"),
        (lambda o: o["kinds"][1]["properties"][0].update(type="string"), "cosmology_axis.currently_modelled"),
        (lambda o: o["kinds"][0]["properties"][4].update(enum_values=["stable", "beta"]), "resource.stability"),
        (lambda o: o["kinds"][0]["properties"][2].pop("nullable"), "resource.cache_ttl_seconds"),
        (lambda o: o["kinds"][3]["properties"][0].update(source="folklore"), "source"),
        (lambda o: o["kinds"][3]["properties"][0].pop("modality"), "modality"),
        (
            lambda o: (
                o["kinds"][2]["properties"][0].pop("enum_values", None)
                or o["kinds"][2]["properties"][0].update(enum_values=["a"])
            ),
            "enum_values are given exactly when type is enum",
        ),
    ],
)
def test_the_ontology_must_match_the_spec_table(content_copy: Path, change, complaint: str) -> None:
    edit_yaml(content_copy / "ontology.yaml", change)
    with pytest.raises(ValidationError, match=complaint):
        load_ontology(content_copy)


# ------------------------------------------------------------------------------------------ doctrine


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda d: d["methodologies"][0].update(instantiates_doctrine="nope"), "unknown doctrine 'nope'"),
        (lambda d: d["audits"][0].update(doctrine_instantiated="nope"), "checks unknown doctrine"),
        (lambda d: d["doctrines"][0].update(audit_command="make magic"), "no audit's command"),
        (lambda d: d["doctrines"][4].update(is_peer_of_four=True), "exactly four"),
        (lambda d: d["audits"].append(dict(d["audits"][0])), "audit ids repeat"),
    ],
)
def test_the_doctrine_corpus_refuses_dangling_ids(content_copy: Path, change, complaint: str) -> None:
    edit_yaml(content_copy / "discovery" / "doctrines.yaml", change)
    with pytest.raises(ValidationError, match=complaint):
        load_doctrine(content_copy)


# ------------------------------------------------------------------------------------------- ledgers


@pytest.mark.parametrize(
    ("file", "change", "complaint"),
    [
        ("pillow-book.yaml", lambda b: b["entries"][0].update(kingdom_references=["kingdom-99"]), "kingdom-99"),
        ("pillow-book.yaml", lambda b: b["entries"][0].update(story_arc_references=["no-arc"]), "no-arc"),
        ("pillow-book.yaml", lambda b: b["entries"][0].update(signed_by="stranger"), "not in personas.yaml"),
        ("pillow-book.yaml", lambda b: b["entries"][0].update(actor_kind="human"), "signs as autonomous-wren"),
        ("pillow-book.yaml", lambda b: b["entries"][0].update(actor_kind="robot"), "actor_kind"),
        ("pillow-book.yaml", lambda b: b["entries"][0].update(time="25:00"), "time"),
        ("pillow-book.yaml", lambda b: b["story_arcs"][0].update(ships_in_kingdom="kingdom-1"), "unknown kingdom"),
        ("pillow-book.yaml", lambda b: b["story_arcs"][0].update(flavour="epic"), "flavour must be one of"),
        ("handoffs.yaml", lambda h: h["handoffs"].append(dict(h["handoffs"][0])), "slugs repeat"),
        ("handoffs.yaml", lambda h: h["handoffs"][0].update(status="pending"), "status"),
        (
            "personas.yaml",
            lambda p: p["personas"].append({"id": "ghost", "actor_kind": "agent", "role": "r", "sister": None}),
            "ghost signs no entry",
        ),
        ("personas.yaml", lambda p: p["personas"][0].update(sister="nobody"), "unknown sister"),
        ("kingdoms.yaml", lambda k: k["kingdoms"][0].update(id="kingdom-7"), "must have the id kingdom-2"),
        ("kingdoms.yaml", lambda k: k["kingdoms"][1].update(succeeds="kingdom-99"), "kingdom-99"),
        ("kingdoms.yaml", lambda k: k["kingdoms"][0].update(status="finished"), "status"),
        ("organisations.yaml", lambda o: o["organisations"].pop(), "without a publisher"),
        ("organisations.yaml", lambda o: o["organisations"][0]["source_ids"].append("made-up"), "unknown"),
    ],
)
def test_the_ledgers_refuse_broken_citations(content_copy: Path, file: str, change, complaint: str) -> None:
    edit_yaml(content_copy / "ledgers" / file, change)
    with pytest.raises((ValidationError, ValueError), match=complaint):
        load_ledgers(content_copy)


def _git(*args: str) -> str | None:
    if not (REPO / ".git").exists() or shutil.which("git") is None:
        return None
    done = subprocess.run(
        ["git", "-C", str(REPO), *args], capture_output=True, text=True, env={**os.environ, "TZ": "UTC"}
    )
    return done.stdout.strip() if done.returncode == 0 else ""


def test_every_diary_entry_is_dated_as_the_commit_it_cites() -> None:
    """The pillow book is true of this repository: each cited commit exists, at the entry's minute (UTC)."""
    entries = [e for e in load_content().discovery.ledgers.pillow_book.entries if e.commit is not None]
    assert entries
    if _git("rev-parse", "HEAD") is None:
        pytest.skip("not a git checkout: the commits cannot be looked up")
    for entry in entries:
        stamp = _git("log", "-1", "--format=%ad", "--date=format-local:%Y-%m-%d %H:%M", entry.commit)
        assert stamp == f"{entry.date.isoformat()} {entry.time}", f"{entry.title}: commit {entry.commit} is {stamp!r}"


# --------------------------------------------------------------------------------------- connections


def test_connections_are_drawn_by_id_and_by_path_never_from_comments(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("items:\n  - id: alpha-one\n  - id: ab\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.yaml").write_text("# alpha-one in a comment\nsee: [alpha-one, ab]\n")
    (tmp_path / "c.toml").write_text('source = "content/sub/b.yaml"\n')
    (tmp_path / "d.md").write_text("---\ncites: alpha-one\n---\nSee sub/b.yaml.\n")
    (tmp_path / ".hidden.yaml").write_text("id: secret-id\n")
    graph = derive_connections(tmp_path)
    assert [f.path for f in graph.files] == ["a.yaml", "c.toml", "d.md", "sub/b.yaml"]
    assert {f.path: f.declared_ids for f in graph.files}["a.yaml"] == 1  # "ab" is under 3 characters
    edges = {(c.source, c.target): (c.via, c.count, c.sample) for c in graph.connections}
    assert edges == {
        ("sub/b.yaml", "a.yaml"): (("id",), 1, ("alpha-one",)),
        ("c.toml", "sub/b.yaml"): (("path",), 1, ("sub/b.yaml",)),
        ("d.md", "a.yaml"): (("id",), 1, ("alpha-one",)),
        ("d.md", "sub/b.yaml"): (("path",), 1, ("sub/b.yaml",)),
    }


def test_the_content_graph_is_the_same_from_the_same_files() -> None:
    assert derive_connections(CONTENT_ROOT) == derive_connections(CONTENT_ROOT)


def test_fill_replaces_the_site_names_and_leaves_path_templates() -> None:
    site = load_site()
    text = fill("{display_name} at /api/v1/universal/card/{sku} for {persona} ({service})", site)
    assert text == f"{site.display_name} at /api/v1/universal/card/{{sku}} for {site.persona} ({site.service})"


@pytest.mark.parametrize(
    ("step", "complaint"),
    [
        ({"kind": "request", "text": "t", "path": "/api/v1/"}, "say what comes back"),
        ({"kind": "read", "text": "t", "path": "/api/v1/", "expect": {"status": 200}}, "only a request step"),
        ({"kind": "request", "text": "t", "expect": {"status": 200}}, "only a request step"),
        ({"kind": "request", "text": "t", "path": "/x", "body": {}, "expect": {"status": 200}}, "only a POST"),
    ],
)
def test_a_guide_request_step_states_its_outcome(step: dict, complaint: str) -> None:
    from pydantic import ValidationError

    from generator.content.orientation import GuideStep

    with pytest.raises(ValidationError, match=complaint):
        GuideStep(**step)
