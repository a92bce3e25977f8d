"""Prose of the well-known and plain-text discovery documents (``content/discovery/wellknown.yaml``).

The documents' structure (field names, link formats, media types) is code; their words are content,
so they can be edited without touching a surface. ``{display_name}``, ``{service}`` and ``{persona}``
are filled from the site config by ``fill``, never by ``str.format``, because the prose also shows
path templates such as ``/api/v1/universal/card/{sku}``.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from generator.models.frozen import Frozen
from generator.site import Site
from generator.yamlfile import load_yaml


class Link(Frozen):
    path: str = Field(pattern=r"^/")
    title: str
    note: str


class Section(Frozen):
    title: str
    links: tuple[Link, ...] = Field(min_length=1)


class AiPluginProse(Frozen):
    name_for_human: str
    description_for_human: str
    description_for_model: str


class McpProse(Frozen):
    title: str
    description: str
    note: str
    instructions: str  # what the gate's MCP server tells an agent on connecting (serverInfo instructions)


class InvitationProse(Frozen):
    greeting: str
    asks: tuple[str, ...] = Field(min_length=1)
    promises: tuple[str, ...] = Field(min_length=1)


class LlmsProse(Frozen):
    notes: str
    sections: tuple[Section, ...] = Field(min_length=1)
    optional: tuple[Link, ...]


class RobotsProse(Frozen):
    comment: str
    disallow_always: tuple[str, ...]


class WellKnownProse(Frozen):
    summary: str
    ai_plugin: AiPluginProse
    mcp: McpProse
    invitation: InvitationProse
    llms: LlmsProse
    robots: RobotsProse


def fill(text: str, site: Site) -> str:
    """The prose with the site's names in place of its three placeholders."""
    for token, value in (
        ("{display_name}", site.display_name),
        ("{service}", site.service),
        ("{persona}", site.persona),
    ):
        text = text.replace(token, value)
    return text


def load_wellknown(root: Path) -> WellKnownProse:
    """``root`` is the content folder; the prose is ``root/discovery/wellknown.yaml``."""
    return WellKnownProse.model_validate(load_yaml(root / "discovery" / "wellknown.yaml"))
