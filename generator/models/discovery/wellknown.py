"""Response models of the well-known and plain-text documents (all direct documents, not enveloped).

The format constraints of the published conventions are written into the models, so the build's
contract validation refuses a document a consumer of that format would reject (a name_for_human
over 20 characters, a server name that is not reverse-DNS, an llms.txt without its H1).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, StringConstraints

URL = r"^https?://"


class Doc(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Licences(Doc):
    service_authored: Literal["CC0-1.0"]
    card_data: Literal["NOASSERTION"]
    code: str
    tiers: tuple[str, ...]
    note: str


class ServiceWellKnown(Doc):
    """/.well-known/<service>.json: where everything machine-readable is. Null: not served by this build."""

    service: str
    display_name: str
    description: str
    base_url: str = Field(pattern=URL)
    api_root: str | None
    openapi: str | None
    manifest: str | None
    llms_txt: str | None
    tools: str | None
    ontology: str | None
    changelog: str | None
    contact: str
    repository: str | None
    licences: Licences
    spec_version: str
    encoding: str
    well_known: tuple[str, ...]


class PluginAuth(Doc):
    type: Literal["none"]


class PluginApi(Doc):
    type: Literal["openapi"]
    url: str = Field(pattern=URL)
    is_user_authenticated: Literal[False]


class AiPlugin(Doc):
    """The OpenAI plugin manifest, schema_version v1."""

    schema_version: Literal["v1"]
    name_for_human: str = Field(min_length=1, max_length=20)
    name_for_model: str = Field(pattern=r"^[a-zA-Z0-9]{1,50}$")
    description_for_human: str = Field(min_length=1, max_length=100)
    description_for_model: str = Field(min_length=1, max_length=8000)
    auth: PluginAuth
    api: PluginApi
    logo_url: str = Field(pattern=URL)
    contact_email: str
    legal_info_url: str = Field(pattern=URL)


class ServerCardRepository(Doc):
    url: str = Field(pattern=URL)
    source: str


class McpServerCard(Doc):
    """An MCP Server Card (SEP-2127 draft): identity and transport only; ``remotes`` once a gate is served."""

    schema_: str = Field(alias="$schema", pattern=r"^https://static\.modelcontextprotocol\.io/schemas/v2/")
    name: str = Field(min_length=3, max_length=200, pattern=r"^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$")
    version: str = Field(max_length=255)
    description: str = Field(min_length=1, max_length=100)
    title: str = Field(min_length=1, max_length=100)
    websiteUrl: str = Field(pattern=URL)
    repository: ServerCardRepository | None = None
    remotes: tuple[dict[str, Any], ...] | None = None
    meta: dict[str, dict[str, Any]] = Field(alias="_meta")


class McpServerEntry(Doc):
    command: str
    args: tuple[str, ...]
    env: dict[str, str]


class McpClientConfig(Doc):
    mcpServers: dict[str, McpServerEntry] = Field(min_length=1)
    client: str
    how_to_use: str
    served_by_this_build: bool
    status: str
    server_card: str = Field(pattern=URL)


class Door(Doc):
    title: str
    url: str = Field(pattern=URL)


class Invitation(Doc):
    kind: Literal["invitation"] = Field(alias="@kind")
    from_: str = Field(alias="from")
    service: str
    to: tuple[str, ...]
    issued_at: str
    greeting: str
    asks: tuple[str, ...]
    promises: tuple[str, ...]
    doors: tuple[Door, ...]
    reply_to: str
    walking_past_is_honored: Literal[True]


class LlmsTxt(RootModel[Annotated[str, StringConstraints(pattern=r"^# [^\n]+\n\n> [^\n]+\n")]]):
    """llms.txt: an H1, a blank line, then the blockquote summary."""

    model_config = ConfigDict(frozen=True)


class RobotsTxt(RootModel[Annotated[str, StringConstraints(pattern=r"(?m)^User-agent: \*$")]]):
    model_config = ConfigDict(frozen=True)


class SitemapXml(RootModel[Annotated[str, StringConstraints(pattern=r'^<\?xml version="1\.0" encoding="UTF-8"\?>\n')]]):
    model_config = ConfigDict(frozen=True)
