"""The MCP gate (issue 36), driven by the official SDK's own client over HTTP against the app under
uvicorn on loopback, the way an agent's MCP client reaches it.

The app is ``create_app(dist, dev_referee_key=True)`` (the practice referee's development key and
its worker pool), over a build of the synthetic catalog plus the play tests' synthetic card pool
(tests/play/pool.py): the small catalog alone cannot deal a practice match (its four One Piece
cards make no legal deck), and practice ``new`` then ``move`` is one of the calls to prove.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import logging
import os
import re
import shutil
import subprocess
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import orjson
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from uvicorn_thread import serving

from generator.contract.mcp import agent_reads, body_tools
from generator.platform.sample import sample_agent_key, sample_key
from generator.serve.app import create_app
from generator.serve.gate_resources import PAGE
from generator.serve.server import GuardedProtocol
from generator.site import load_site
from generator.sku.standard import Sku
from generator.surfaces.families import surfaces

REGISTRY = surfaces(load_site())
SERVICE = load_site().service
KEY = sample_agent_key()
CARD_SKU = "op-op01-001-en"  # KNOWN_SKU of the synthetic catalog (tests/conftest.py)
PROTOCOL = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25"}
ROOT = Path(__file__).resolve().parents[2]
POOL_MODULE = ROOT / "tests" / "play" / "pool.py"
AS_OF = dt.datetime(2026, 3, 1, tzinfo=dt.UTC)  # the synthetic build's as-of (tests/conftest.py SYNTHETIC_AS_OF)


def _deal_the_pool(sinks: list) -> None:
    """The play tests' synthetic One Piece pool, printed by the synthetic primary source."""
    spec = importlib.util.spec_from_file_location("synthetic_play_pool", POOL_MODULE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    op = next(sink for sink, _ in sinks if sink.source_id == "test-op-primary")
    pool = module.synthetic_pool()
    for prefix in sorted({card_id.split("-")[0] for card_id in pool}):
        op.set(prefix.lower(), f"Testmon practice {prefix}", dt.date(2025, 1, 10), None, prefix)
    for card in pool.values():
        prefix, number = card.card_id.split("-")
        attrs = card.model_dump(include={"category", "cost", "power", "counter", "life", "effect", "trigger", "block"})
        # a number the card's category lacks is absent, not null (issue 35); a missing Counter stays null
        kept = ("effect", "trigger", "block") + (("counter",) if card.category == "Character" else ())
        attrs = {k: v for k, v in attrs.items() if v is not None or k in kept}
        attrs |= {"colors": list(card.colors), "attributes": list(card.attributes), "types": list(card.types)}
        op.printing(Sku("op", prefix.lower(), number, "en"), card.card_id, card.name, card.rarity, card.card_id, attrs)


@pytest.fixture(scope="module")
def gate_dist(tmp_path_factory, make_synthetic_catalog) -> Path:
    from generator.build import build

    folder = tmp_path_factory.mktemp("gate")
    catalog = make_synthetic_catalog(folder / "catalog.duckdb", extend=_deal_the_pool)
    build(folder / "dist", AS_OF, catalog, workers=1)
    return folder / "dist"


@pytest.fixture(scope="module")
def base(gate_dist: Path) -> Iterator[str]:
    """The app under uvicorn (the server ``build.py serve`` runs) on a free loopback port."""
    with serving(create_app(gate_dist, dev_referee_key=True), GuardedProtocol, log_level="warning") as port:
        yield f"http://127.0.0.1:{port}"


@asynccontextmanager
async def connected(base: str, key: str | None = KEY, mode: str = "legacy") -> AsyncIterator[Client]:
    """The SDK's client on the gate; ``legacy`` is the initialize handshake, ``auto`` what it negotiates."""
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=60) as http,  # how the SDK takes headers
        Client(streamable_http_client(f"{base}/api/mcp", http_client=http), mode=mode) as client,
    ):
        yield client


def run(scenario, *args: Any) -> Any:
    return anyio.run(scenario, *args)


def rest(base: str, method: str, path: str, body: Any = None) -> httpx.Response:
    return httpx.request(method, base + path, json=body, timeout=30)


def _without_request(document: Any) -> Any:
    """A document with the per-request members of its _meta set aside (request id, retrieval time)."""
    if isinstance(document, dict) and isinstance(document.get("_meta"), dict):
        meta = {k: v for k, v in document["_meta"].items() if k not in ("request_id", "retrieved_at", "as_of")}
        return {**document, "_meta": meta}
    return document


def test_initialize_then_every_agent_read_is_a_tool_named_as_in_the_catalog(base: str) -> None:
    async def scenario() -> tuple[Any, Any, list]:
        async with connected(base) as client:
            tools = await client.list_tools()
            return client.server_info, client.server_capabilities, tools.tools

    info, capabilities, tools = run(scenario)
    assert info.name == SERVICE and capabilities.tools is not None and capabilities.resources is not None
    reads = [
        s
        for s in REGISTRY
        if s.compute is not None
        and s.auth == "public"
        and s.media_type == "application/json"
        and not s.id.startswith("assets.")  # the static search index's entry is a browser's file
    ]
    posts = [s for s in REGISTRY if s.post is not None and s.post.tool]
    assert len(tools) == len(reads) + len(posts) == len(agent_reads(REGISTRY)) + len(body_tools(REGISTRY))
    assert {s.id for s in posts} == {"play.deck_validate", "play.practice", "cards.batch"}
    catalog = {t["name"]: t for t in rest(base, "GET", "/api/v1/tools").json()["data"]["tools"]}
    for tool in tools:
        if tool.name in catalog:  # every GET tool: the catalog's name, description and parameters
            assert (tool.description, tool.input_schema) == (
                catalog[tool.name]["description"],
                catalog[tool.name]["parameters"],
            )
        assert tool.annotations.read_only_hint is True
    assert len([t for t in tools if t.name in catalog]) == len(reads)


def test_a_card_look_up_is_the_rest_answer_byte_for_byte(base: str) -> None:
    async def scenario():
        async with connected(base) as client:
            return await client.call_tool("universal_card", {"sku": CARD_SKU})

    result = run(scenario)
    answer = rest(base, "GET", f"/api/v1/universal/card/{CARD_SKU}")
    assert not result.is_error and result.content[0].text.encode() == answer.content  # the file, as sent
    assert result.structured_content == answer.json() and result.structured_content["data"]["sku"] == CARD_SKU
    assert result.meta[next(iter(result.meta))]["status"] == 200


def test_a_set_and_number_search_and_a_variant_agree_with_rest(base: str) -> None:
    async def scenario():
        async with connected(base) as client:
            found = await client.call_tool("search_cards", {"game": "op", "q": "OP01 001", "limit": 5})
            sparse = await client.call_tool("universal_card", {"sku": CARD_SKU, "density": "sparse"})
            return found, sparse

    found, sparse = run(scenario)
    assert not found.is_error and CARD_SKU in {m["sku"] for m in found.structured_content["data"]["matches"]}
    expected = rest(base, "GET", "/api/v1/search/cards?game=op&q=OP01%20001&limit=5").json()
    assert _without_request(found.structured_content) == _without_request(expected)
    assert orjson.dumps(found.structured_content["data"]) == orjson.dumps(expected["data"])  # data, byte for byte
    variant = rest(base, "GET", f"/api/v1/universal/card/{CARD_SKU}?density=sparse").json()
    assert sparse.structured_content["data"] == variant["data"] and variant["data"]["@density"] == "sparse"


def test_a_federation_identify_resolves_the_cards_hash(base: str) -> None:
    digest = rest(base, "GET", f"/api/v1/universal/card/{CARD_SKU}").json()["data"]["@content_hash"]

    async def scenario():
        async with connected(base) as client:
            return await client.call_tool("federation_identify", {"hash": digest})

    result = run(scenario)
    assert not result.is_error and result.structured_content["matched"] is True
    assert CARD_SKU in result.content[0].text


def test_a_deck_with_violations_is_validated_as_the_rest_validator_does(base: str) -> None:
    deck = {"leader_id": "OP01-001", "main_deck_card_ids": ["OP01-002", "OP01-002"], "format": "standard"}

    async def scenario():
        async with connected(base) as client:
            return await client.call_tool("play_deck_validate", deck)

    result = run(scenario)
    verdict = result.structured_content["data"]
    assert not result.is_error and verdict["valid"] is False and verdict["violations"]
    assert verdict == rest(base, "POST", "/api/v1/play/deck/validate", deck).json()["data"]


def test_practice_new_then_move_carries_the_sealed_state(base: str) -> None:
    async def scenario():
        async with connected(base) as client:
            new = await client.call_tool("play_practice", {"op": "new", "level": 0, "seed": 7})
            game = new.structured_content["data"]
            action = next(a for a in game["legal_actions"] if a["id"] != "concede")
            moved = await client.call_tool(
                "play_practice", {"op": "move", "state": game["state"], "action_id": action["id"]}
            )
            return new, moved

    new, moved = run(scenario)
    assert not new.is_error, new.content[0].text[:300]
    assert not moved.is_error, moved.content[0].text[:300]
    assert moved.structured_content["data"]["ply"] > new.structured_content["data"]["ply"]
    assert moved.structured_content["data"]["state"] != new.structured_content["data"]["state"]


def test_a_card_is_a_resource_and_the_list_is_paginated(base: str) -> None:
    uri = f"{SERVICE}://universal/card/{CARD_SKU}"

    async def scenario():
        async with connected(base) as client:
            read = await client.read_resource(uri)
            templates = await client.list_resource_templates()
            pages, cursor = [], None
            while True:
                page = await client.list_resources(cursor=cursor)
                pages.append(page.resources)
                cursor = page.next_cursor
                if cursor is None:
                    return read, templates, pages

    read, templates, pages = run(scenario)
    assert read.contents[0].text.encode() == rest(base, "GET", f"/api/v1/universal/card/{CARD_SKU}").content
    assert [t.uri_template for t in templates.resource_templates] == [f"{SERVICE}://universal/card/{{sku}}"]
    listed = [r.uri for page in pages for r in page]
    skus = [r.uri.rsplit("/", 1)[1] for page in pages for r in page if "/universal/card/" in r.uri]
    assert all(len(page) <= PAGE + 3 for page in pages) and len(listed) == len(set(listed))
    assert {f"{SERVICE}://universal/encoding", f"{SERVICE}://play/tutorial", f"{SERVICE}://play/glossary"} < set(listed)
    manifest = orjson.loads(rest(base, "GET", "/api/v1/universal/games").content)
    assert CARD_SKU in skus and len(skus) > 60 and manifest["data"]


def test_a_paused_door_answers_its_paused_state_as_data(base: str) -> None:
    async def scenario():
        async with connected(base) as client:
            return await client.call_tool("doors_card_history", {"sku": CARD_SKU})

    result = run(scenario)
    assert not result.is_error and result.meta[next(iter(result.meta))]["status"] == 503
    paused = rest(base, "GET", f"/api/v1/cards/{CARD_SKU}/history")
    assert paused.status_code == 503 and _without_request(result.structured_content) == _without_request(paused.json())


def test_what_a_tool_cannot_take_is_refused_in_the_one_shape(base: str) -> None:
    async def scenario():
        async with connected(base) as client:
            unknown = await client.call_tool("universal_card", {"sku": CARD_SKU, "colour": "red"})
            escaping = await client.call_tool("universal_card", {"sku": "../games"})
            invalid = await client.call_tool("universal_card", {"sku": CARD_SKU, "density": "dense"})
            missing = await client.call_tool("universal_card", {"sku": "op-op01-999-en"})
            return unknown, escaping, invalid, missing

    for result in run(scenario):
        assert result.is_error and set(result.structured_content["error"]) >= {"code", "message"}
    unknown, escaping, invalid, missing = run(scenario)
    assert unknown.structured_content["error"]["parameter"] == "colour"
    assert escaping.structured_content["error"]["parameter"] == "sku"
    assert invalid.structured_content["error"]["code"] == "invalid_parameter"  # the REST refusal, as REST sends it
    assert missing.structured_content["error"]["code"] == "sku_not_found"


def test_the_modern_protocol_reaches_the_same_tools(base: str) -> None:
    async def scenario():
        async with connected(base, mode="auto") as client:
            return client.protocol_version, await client.call_tool("universal_card", {"sku": CARD_SKU})

    version, result = run(scenario)
    assert version == "2026-07-28" and result.structured_content["data"]["sku"] == CARD_SKU


@pytest.mark.parametrize(
    "key,status,code",
    [(None, 401, "missing_key"), ("not-a-key", 401, "invalid_key"), (sample_key("tidepool"), 403, "key_not_admitted")],
)
def test_without_an_agent_key_the_gate_refuses(base: str, key: str | None, status: int, code: str) -> None:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    headers = PROTOCOL | ({"Authorization": f"Bearer {key}"} if key else {})
    answer = httpx.post(f"{base}/api/mcp", json=body, headers=headers, timeout=30)
    assert answer.status_code == status and answer.json() == {
        "error": {"code": code, "message": answer.json()["error"]["message"]}
    }
    assert answer.headers["www-authenticate"].startswith(f'Bearer realm="{SERVICE}"')
    assert answer.headers["cache-control"] == "no-store" and "x-request-id" in answer.headers

    async def scenario():
        async with connected(base, key=key) as client:
            await client.list_tools()

    with pytest.raises(ExceptionGroup) as refused:  # the SDK's client cannot even connect
        run(scenario)
    assert refused.group_contains(MCPError, match="error response")


def test_the_gate_keeps_no_stream_and_no_session(base: str) -> None:
    auth = {"Authorization": f"Bearer {KEY}"}
    for method in ("GET", "DELETE"):
        answer = httpx.request(method, f"{base}/api/mcp", headers=PROTOCOL | auth, timeout=30)
        assert answer.status_code == 405 and answer.headers["allow"] == "POST"
        assert answer.json()["error"]["code"] == "method_not_allowed"
    options = httpx.options(f"{base}/api/mcp", timeout=30)
    assert options.status_code == 204 and options.headers["allow"] == "POST"


def test_the_key_is_never_logged(base: str, caplog) -> None:
    caplog.set_level(logging.DEBUG)

    async def scenario():
        async with connected(base) as client:
            await client.call_tool("universal_card", {"sku": CARD_SKU})
            with pytest.raises(MCPError):
                await client.read_resource(f"{SERVICE}://universal/card/op-op01-999-en")

    run(scenario)
    assert caplog.records and KEY not in caplog.text


def _published_config(base: str) -> tuple[list[str], dict[str, str]]:
    """The mcpServers entry of /.well-known/mcp-config.json, pointed at this app, with the sample's
    agent key where the snippet asks for one: (mcp-remote's arguments, its environment)."""
    config = httpx.get(f"{base}/.well-known/mcp-config.json", timeout=30).json()
    (entry,) = config["mcpServers"].values()
    assert entry["command"] == "npx" and entry["args"][:2] == ["-y", "mcp-remote"]
    args = [a.replace(load_site().base_url, base) for a in entry["args"][2:]]
    env = {name: value.replace("<your agent key>", KEY) for name, value in entry["env"].items()}
    return args, env


def test_the_published_client_config_connects(base: str) -> None:
    """The snippet's URL and header, read as mcp-remote reads them (``Name:value``, ``${VAR}`` from
    its env), connect the SDK's client to the gate."""
    args, env = _published_config(base)
    url, flag, header = args
    name, _, value = header.partition(":")
    value = re.sub(r"\$\{(\w+)\}", lambda m: env[m.group(1)], value)
    assert flag == "--header" and url == f"{base}/api/mcp"

    async def scenario():
        async with (
            httpx2.AsyncClient(headers={name: value}, timeout=60) as http,
            Client(streamable_http_client(url, http_client=http), mode="legacy") as client,
        ):
            return await client.call_tool("universal_card", {"sku": CARD_SKU})

    assert run(scenario).structured_content["data"]["sku"] == CARD_SKU


def _node_tool(name: str) -> str:
    """An installed MCP tool of npm, or skip: in CARDPANTRY_MCP_NODE_BIN (a node_modules/.bin folder),
    else where ``.ci/run`` installs them beside vnu-jar (``.tools/node_modules/.bin``), else on PATH."""
    folder = os.environ.get("CARDPANTRY_MCP_NODE_BIN", str(ROOT / ".tools" / "node_modules" / ".bin"))
    found = shutil.which(name, path=folder) or shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (npm install --prefix .tools mcp-remote @modelcontextprotocol/inspector)")
    return found


def test_mcp_remote_bridges_the_published_config_over_stdio(base: str, tmp_path: Path) -> None:
    """What an MCP client such as Claude Desktop runs from the snippet: mcp-remote, spoken to over
    stdio by the SDK's client."""
    args, env = _published_config(base)
    command = _node_tool("mcp-remote")
    params = StdioServerParameters(command=command, args=args, env={**os.environ, **env, "HOME": str(tmp_path)})

    async def scenario():
        async with Client(params, mode="legacy") as client:
            return len((await client.list_tools()).tools), await client.call_tool("universal_card", {"sku": CARD_SKU})

    count, result = run(scenario)
    assert count == len(agent_reads(REGISTRY)) + len(body_tools(REGISTRY))
    assert result.structured_content["data"]["sku"] == CARD_SKU


def test_the_mcp_inspector_cli_lists_and_calls(base: str, tmp_path: Path) -> None:
    inspector = _node_tool("mcp-inspector")
    common = [inspector, "--cli", f"{base}/api/mcp", "--transport", "http", "--header", f"Authorization: Bearer {KEY}"]
    env = {**os.environ, "HOME": str(tmp_path), "MCP_CATALOG_PATH": str(tmp_path / "catalog.json")}

    def cli(*extra: str) -> dict:
        done = subprocess.run([*common, *extra], capture_output=True, timeout=120, env=env, check=False)
        assert done.returncode == 0, done.stderr.decode()[-2000:]
        return orjson.loads(done.stdout)

    listed = cli("--method", "tools/list")
    called = cli("--method", "tools/call", "--tool-name", "universal_card", "--tool-arg", f"sku={CARD_SKU}")
    assert len(listed["tools"]) == len(agent_reads(REGISTRY)) + len(body_tools(REGISTRY))
    assert orjson.loads(called["content"][0]["text"])["data"]["sku"] == CARD_SKU


ODD_BODIES = {
    "not JSON": (b"{not json", 400),
    "an array": (b'[{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}]', 400),
    "deep nesting": (b"[" * 100_000 + b"]" * 100_000, 400),
    "a huge number": (b'{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"n": ' + b"9" * 5000 + b"}}", 400),
    "invalid UTF-8": (b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "x": "\xff"}', 400),
    "over the limit": (b'{"x": "' + b"a" * (1 << 20) + b'"}', 413),
}


@pytest.mark.parametrize("body,status", ODD_BODIES.values(), ids=ODD_BODIES)
def test_an_odd_body_gets_a_clear_json_answer(base: str, body: bytes, status: int) -> None:
    headers = PROTOCOL | {"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"}
    answer = httpx.post(f"{base}/api/mcp", content=body, headers=headers, timeout=60)
    assert answer.status_code == status and answer.headers["content-type"].startswith("application/json")
    error = answer.json()["error"]  # JSON-RPC's error, or (413, before the transport reads) the refusal shape
    assert {"code", "message"} <= set(error), error


def test_a_number_the_transport_reads_as_infinity_is_refused(base: str) -> None:
    body = b'{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "universal_card", "arguments": '
    body += b'{"sku": 1e400}}}'
    headers = PROTOCOL | {"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"}
    result = httpx.post(f"{base}/api/mcp", content=body, headers=headers, timeout=60).json()["result"]
    assert result["isError"] and result["structuredContent"]["error"]["parameter"] == "sku"
