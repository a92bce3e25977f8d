"""Response models of the contract surfaces: manifest, tool catalog, examples, diagnostic."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Obj = dict[str, Any]


class Doc(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Freshness(Doc):
    key: str
    seconds: int


class Resource(Doc):
    id: str
    path: str
    family: str
    methods: tuple[str, ...]
    auth: Literal["public", "user", "agent", "admin", "wholesale-key"]
    freshness: Freshness
    methodology: str | None
    stability: Literal["stable", "beta", "experimental", "deprecated"]
    since: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    serving: Literal["static", "computed"]
    provenance_kind: Literal["live", "cached", "snapshot", "synced", "computed", "static"]
    enveloped: bool
    media_type: str
    summary: str
    query_parameters: tuple[str, ...]


class Embassy(Doc):
    role: str
    serves_kinds: tuple[str, ...]
    host: str
    epoch: str
    protocols: tuple[str, ...]
    symmetric_surface: str
    posted_alongside: tuple[str, ...]
    posted_from: str
    invitation: str
    wake_url: str
    dear_agents: str
    distributed_wake: tuple[str, ...]
    built_with: str


class Manifest(Doc):
    kind: Literal["manifest"] = Field(alias="@kind")
    resource_count: int
    resources: tuple[Resource, ...]
    embassy: Embassy
    openapi: str
    tools: str


class Tool(Doc):
    name: str = Field(pattern=r"^[a-zA-Z0-9_-]{1,64}$")
    description: str
    parameters: Obj
    http: Obj
    freshness: Freshness
    provenance_kind: str
    methodology_url: str | None
    since: str
    stability: str
    auth: str


class ToolCatalog(Doc):
    kind: Literal["tool_catalog"] = Field(alias="@kind")
    tool_count: int
    tools: tuple[Tool, ...]
    formats: tuple[str, ...]
    rate_limit_policy: str


class OpenApiDocument(BaseModel):
    """An OpenAPI 3.1 document (validated in the tests with openapi-spec-validator)."""

    model_config = ConfigDict(frozen=True, extra="allow")
    openapi: Literal["3.1.0"]
    info: Obj
    paths: Obj


class ExampleIndexEntry(Doc):
    endpoint_id: str
    path: str
    methods: tuple[str, ...]
    summary: str
    href: str


class ExamplesIndex(Doc):
    kind: Literal["examples_index"] = Field(alias="@kind")
    count: int
    examples: tuple[ExampleIndexEntry, ...]


class ExampleRequest(Doc):
    method: str
    url: str  # the path and query, relative to the base URL
    headers: dict[str, str] | None = None  # what the recording sent (none for a file's answer)
    body: Any = None  # the JSON body sent, when the method takes one


class ExampleResponse(Doc):
    status: int
    content_type: str
    body: Any  # the JSON document (trimmed), or the text (cut)


class ExampleOperation(Doc):
    operation_id: str  # OpenAPI's operationId
    answered_by: Literal["file", "app"]  # a static host answers a file; only the app computes the rest
    request: ExampleRequest
    response: ExampleResponse
    trimmed: dict[str, int]  # where the body was trimmed, and from how many items or members
    varies: tuple[str, ...]  # where a replay of the request may differ (request id, the clock, the caller)


class SeeAlso(Doc):
    endpoint_id: str
    path: str
    relation: Literal["parent", "child", "linked", "same_segment", "same_family"]


class Example(Doc):
    kind: Literal["example"] = Field(alias="@kind")
    endpoint_id: str
    path: str
    methods: tuple[str, ...]
    when_to_use: str
    methodology: str | None
    gotchas: tuple[str, ...]
    see_also: tuple[SeeAlso, ...]
    operations: tuple[ExampleOperation, ...]


class Diagnostic(Doc):
    kind: Literal["diagnostic"] = Field(alias="@kind")
    fixture_version: int
    purpose: str
    checks: tuple[str, ...]
    guide: str


class McpMessage(Doc):
    """One JSON-RPC 2.0 message posted to the MCP gate: a request (with ``id``) or a notification."""

    jsonrpc: Literal["2.0"]
    id: int | str | None = None
    method: str = Field(min_length=1)
    params: Obj | None = None


class McpError(Doc):
    code: int
    message: str
    data: Any = None


class McpAnswer(Doc):
    """The gate's JSON-RPC answer to a request: its ``result`` (a tool's ``CallToolResult``, a tool or
    resource list...) or its ``error``; the MCP specification shapes each result."""

    jsonrpc: Literal["2.0"]
    id: int | str | None
    result: Obj | None = None
    error: McpError | None = None
