"""Adding a surface is one entry and one model (docs/contract.md "Adding a surface").

A throwaway surface is registered for this module only: a GET (enumerated, one query ``Param``, a
frozen response model) and a POST (a body model) on one path. ``families.FAMILIES`` gains one
family whose ``surfaces(site)`` returns it, exactly what a new family module is, and nothing else
is written anywhere. A small ``dist/`` is built from the synthetic catalog, and the surface must be
in its routes and their file, the manifest, OpenAPI (path, parameter, request body, response
model), the tool catalog in every format, the examples, and the app must answer and refuse on it
by its declaration. Afterwards the registry is what it was.

This module builds its own ``dist/`` and context: the session's (``small_dist``, ``ctx``) are built
from the real registry, and must never see the throwaway surface.
"""

from __future__ import annotations

import asyncio
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import httpx
import orjson
import pytest
from pydantic import BaseModel, ConfigDict, Field

from generator.build import build
from generator.contract.tools import FORMATS, tool_name
from generator.serve.app import App
from generator.site import load_site
from generator.surfaces import families
from generator.surfaces.operations import contract
from generator.web.surface import Context, Method, Param, Params, Query, Result, Surface
from generator.write.files import file_for
from generator.write.manifest import MANIFEST

V1 = "/api/v1"
PATH = f"{V1}/throwaway-probe"
SURFACE_ID = "throwaway.probe"
JSON = "application/json; charset=utf-8"


class ThrowawayProbe(BaseModel):
    """The model: what a 200 answer's ``data`` is."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    kind: Literal["throwaway_probe"] = Field(alias="@kind")
    shade: Literal["light", "dark"]
    said: str | None


class ThrowawayProbeBody(BaseModel):
    """The POST's body model."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    said: str = Field(min_length=1, max_length=40)


SHADE = Param("shade", enum=("light", "dark"), default="light", description="which shade the probe answers in")


def probe(ctx: Context, params: Params, query: Query) -> Result:
    return Result(data={"@kind": "throwaway_probe", "shade": SHADE.read(query), "said": None})


def probe_said(ctx: Context, params: Params, query: Query) -> Result:
    said = ctx.body(ThrowawayProbeBody).said
    return Result(data={"@kind": "throwaway_probe", "shade": SHADE.read(query), "said": said})


def throwaway_surfaces(site) -> tuple[Surface, ...]:
    """The one entry."""
    return (
        Surface(
            SURFACE_ID,
            PATH,
            "B",
            probe,
            enumerate=lambda ctx: [{}],
            post=Method(probe_said, body=ThrowawayProbeBody, max_body=1024, example=lambda ctx: {"said": "hello"}),
            query_params=(SHADE,),
            model=ThrowawayProbe,
            freshness="methodology",
            provenance_kind="static",
            summary="A throwaway probe registered by tests/contract/test_one_entry.py",
        ),
    )


# A family module is anything with ``surfaces(site)``; it goes before the contract family, which
# describes all the others (families.py keeps it last).
THROWAWAY_FAMILY = types.SimpleNamespace(__name__="throwaway", surfaces=throwaway_surfaces)
FAMILIES = families.FAMILIES  # the registry's families as imported, before any test changed them


@pytest.fixture(scope="module")
def probed(tmp_path_factory, synthetic_catalog: Path, synthetic_as_of) -> Iterator[tuple[Path, App]]:
    """``dist/`` built with the throwaway surface registered, and the app over it; the registry is
    restored when the module's tests are done."""
    with pytest.MonkeyPatch.context() as patch:
        at = families.FAMILIES.index(contract)
        patch.setattr(families, "FAMILIES", (*families.FAMILIES[:at], THROWAWAY_FAMILY, *families.FAMILIES[at:]))
        assert SURFACE_ID in {s.id for s in families.surfaces(load_site())}
        out = tmp_path_factory.mktemp("one-entry") / "dist"
        build(out, synthetic_as_of, synthetic_catalog)
        app = App(out)
        yield out, app
        app.served.close()
    assert families.FAMILIES == FAMILIES, "the registry was not restored"


@pytest.fixture(scope="module")
def dist(probed) -> Path:
    return probed[0]


@pytest.fixture(scope="module")
def call(probed) -> Callable[..., httpx.Response]:
    """``call(method, path, **httpx kwargs)``: one request to the app over the probed ``dist/``."""
    app = probed[1]

    def go(method: str, path: str, **kwargs) -> httpx.Response:
        async def send() -> httpx.Response:
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
                return await client.request(method, path, **kwargs)

        return asyncio.run(send())

    return go


def data_of(dist: Path, path: str) -> Any:
    """The document the build wrote for a route (``data`` when enveloped), read from its file."""
    route = orjson.loads((dist / MANIFEST).read_bytes())["routes"][path]
    document = orjson.loads((dist / route["file"]).read_bytes())
    return document["data"] if isinstance(document, dict) and "_meta" in document else document


# ---------------------------------------------------------------------------------------- the build


def test_the_registry_has_no_probe_of_its_own() -> None:
    """Runs before the fixture registers it (and the fixture checks the registry is restored after)."""
    assert families.FAMILIES == FAMILIES
    assert SURFACE_ID not in {s.id for s in families.surfaces(load_site())}


def test_the_build_writes_its_route_file_and_host_routes(dist: Path) -> None:
    written = orjson.loads((dist / MANIFEST).read_bytes())
    route = written["routes"][PATH]
    assert (route["surface"], route["status"], route["type"]) == (SURFACE_ID, 200, JSON)
    assert route["file"] == file_for(PATH, route["type"]) and (dist / route["file"]).is_file()
    assert data_of(dist, PATH) == {"@kind": "throwaway_probe", "shade": "light", "said": None}
    declared = next(s for s in written["surfaces"] if s["id"] == SURFACE_ID)
    assert declared["path"] == PATH and declared["methods"] == ["GET", "HEAD", "POST"] and declared["static"]
    assert [p["name"] for p in declared["query_params"]] == ["shade"]
    for host in ("_hosts/nginx.conf", "_hosts/caddy.conf", "_redirects"):  # the host adapters route it too
        assert PATH in (dist / host).read_text(), host


def test_the_manifest_lists_it(dist: Path) -> None:
    manifest = data_of(dist, f"{V1}/manifest")
    entry = next(r for r in manifest["resources"] if r["id"] == SURFACE_ID)
    assert entry["path"] == PATH and entry["methods"] == ["GET", "HEAD", "POST"]
    assert entry["serving"] == "static" and entry["query_parameters"] == ["shade"]
    assert manifest["resource_count"] == len(manifest["resources"])


def test_openapi_declares_its_operations_parameter_body_and_model(dist: Path) -> None:
    document = data_of(dist, "/api/openapi.json")
    item = document["paths"][PATH]
    assert set(item) == {"summary", "get", "post"}
    (shade,) = item["get"]["parameters"]
    assert (shade["name"], shade["in"], shade["schema"]) == ("shade", "query", SHADE.json_schema())
    assert shade["schema"] == {"type": "string", "enum": ["light", "dark"], "default": "light"}
    assert {"200", "400", "405"} <= set(item["get"]["responses"])
    ok = item["get"]["responses"]["200"]["content"]["application/json"]
    assert ok["schema"]["properties"]["data"] == {"$ref": "#/components/schemas/ThrowawayProbe"}
    assert ok["example"]["data"] == {"@kind": "throwaway_probe", "shade": "light", "said": None}
    body = item["post"]["requestBody"]
    assert body["required"] is True
    assert body["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/ThrowawayProbeBody"}
    assert {"200", "400", "413"} <= set(item["post"]["responses"])
    schemas = document["components"]["schemas"]
    assert schemas["ThrowawayProbe"]["properties"]["@kind"]["const"] == "throwaway_probe"
    assert set(schemas["ThrowawayProbe"]["required"]) == {"@kind", "shade", "said"}
    said = schemas["ThrowawayProbeBody"]["properties"]["said"]
    assert (said["minLength"], said["maxLength"]) == (1, 40)


def test_the_tool_catalog_offers_it_in_every_format(call) -> None:
    name = tool_name(throwaway_surfaces(load_site())[0])
    catalog = call("GET", f"{V1}/tools").json()["data"]
    tool = next(t for t in catalog["tools"] if t["name"] == name)
    assert tool["http"]["method"] == "GET" and tool["http"]["path"] == PATH
    assert tool["parameters"]["properties"]["shade"]["enum"] == ["light", "dark"]
    for provider in FORMATS[1:]:
        answer = call("GET", f"{V1}/tools", params={"format": provider})
        assert answer.status_code == 200, provider
        tools = answer.json()
        if provider == "gemini":
            tools = tools[0]["functionDeclarations"]
        offered = next(t for t in tools if t["name"] == name)
        schema = offered["input_schema" if provider == "anthropic" else "parameters"]
        assert schema["properties"]["shade"]["enum"] == ["light", "dark"], provider


def test_the_examples_show_a_real_request_and_answer(dist: Path, call) -> None:
    index = data_of(dist, f"{V1}/examples")
    entry = next(e for e in index["examples"] if e["endpoint_id"] == SURFACE_ID)
    assert entry["path"] == PATH and entry["href"] == f"{V1}/examples/{SURFACE_ID}"
    example = data_of(dist, entry["href"])
    get, post = example["operations"]
    assert get["request"] == {"method": "GET", "url": PATH} and get["answered_by"] == "file"
    assert get["response"]["status"] == 200
    assert get["response"]["body"]["data"] == {"@kind": "throwaway_probe", "shade": "light", "said": None}
    assert post["request"]["method"] == "POST" and post["request"]["body"] == {"said": "hello"}
    assert post["answered_by"] == "app" and post["response"]["status"] == 200
    assert post["response"]["body"]["data"] == {"@kind": "throwaway_probe", "shade": "light", "said": "hello"}
    assert any("?shade is optional: one of light, dark" in note for note in example["gotchas"])
    assert any("POST takes a strict JSON object" in note for note in example["gotchas"])
    assert call("GET", entry["href"]).json()["data"] == example


# ------------------------------------------------------------------------------------------ the app


def test_the_app_answers_get_from_the_file_and_computes_the_variant(dist: Path, call) -> None:
    plain = call("GET", PATH)
    assert plain.status_code == 200 and plain.content == (dist / file_for(PATH, JSON)).read_bytes()
    dark = call("GET", PATH, params={"shade": "dark"})
    assert dark.status_code == 200
    assert dark.json()["data"] == {"@kind": "throwaway_probe", "shade": "dark", "said": None}


def test_the_app_answers_post_with_its_body(call) -> None:
    answer = call("POST", PATH, params={"shade": "dark"}, content=b'{"said": "hello"}')
    assert answer.status_code == 200
    assert answer.json()["data"] == {"@kind": "throwaway_probe", "shade": "dark", "said": "hello"}


def test_the_app_refuses_what_the_declaration_does_not_admit(call) -> None:
    bad_query = call("GET", PATH, params={"shade": "plaid"})
    assert bad_query.status_code == 400
    error = bad_query.json()["error"]
    assert (error["code"], error["parameter"], error["accepted"]) == ("invalid_parameter", "shade", ["light", "dark"])
    for body, member in ((b'{"said": ""}', "said"), (b'{"said": "hi", "extra": 1}', "extra"), (b"{}", "said")):
        refused = call("POST", PATH, content=body)
        assert refused.status_code == 400, body
        error = refused.json()["error"]
        assert error["code"] == "invalid_body" and error["parameter"] == f"body.{member}", body
    assert call("POST", PATH, content=b'{"said": "' + b"x" * 2000 + b'"}').status_code == 413
    assert call("DELETE", PATH).status_code == 405
