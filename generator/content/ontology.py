"""The ontology (``content/ontology.yaml``): the eight NodeKinds and their 54 properties.

Why a loader that checks names and counts: the spec's "Ontology document" table fixes the kinds, the
property names, their types, enum values and nullability. The table is restated here as ``SPEC_TABLE``
and the YAML must match it exactly, so a typo in the content (or a property added by mistake) fails
the build at load time instead of shipping a contract that disagrees with the spec. The YAML adds
what the table leaves to us: descriptions, source and modality.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from generator.models.discovery.vocabulary import (
    PROPERTY_COUNT,
    SPEC_TABLE,
    Modality,
    NodeKind,
    PropertySource,
    PropertyType,
)
from generator.models.frozen import Frozen
from generator.yamlfile import load_yaml


class Property(Frozen):
    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    type: PropertyType
    description: str = Field(min_length=20)
    source: PropertySource
    modality: Modality
    nullable: bool = False
    enum_values: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _enum_values_only_on_enums(self) -> Property:
        if (self.type == "enum") != bool(self.enum_values):
            raise ValueError(f"property {self.name}: enum_values are given exactly when type is enum")
        return self


class Kind(Frozen):
    id: NodeKind
    label: str
    description: str
    properties: tuple[Property, ...] = Field(min_length=1)

    def property_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.properties)


class Ontology(Frozen):
    ontology_version: Literal["1.0.0"]
    description: str
    kinds: tuple[Kind, ...]

    @model_validator(mode="after")
    def _matches_the_spec_table(self) -> Ontology:
        ids = [k.id for k in self.kinds]
        if ids != list(SPEC_TABLE):
            raise ValueError(f"the ontology lists kinds {ids}; the spec's table lists {list(SPEC_TABLE)}")
        for kind in self.kinds:
            expected = SPEC_TABLE[kind.id]
            if list(kind.property_names()) != list(expected):
                raise ValueError(
                    f"kind {kind.id}: properties {list(kind.property_names())}, the spec's table lists {list(expected)}"
                )
            for prop in kind.properties:
                found = (prop.type, prop.nullable, prop.enum_values)
                if found != expected[prop.name]:
                    raise ValueError(f"{kind.id}.{prop.name} is {found}; the spec's table says {expected[prop.name]}")
        if self.property_count != PROPERTY_COUNT:
            raise ValueError(f"the ontology has {self.property_count} properties, the spec {PROPERTY_COUNT}")
        return self

    @property
    def property_count(self) -> int:
        return sum(len(k.properties) for k in self.kinds)

    def kind(self, kind_id: str) -> Kind | None:
        return next((k for k in self.kinds if k.id == kind_id), None)


def load_ontology(root: Path) -> Ontology:
    """``root`` is the content folder; the ontology is ``root/ontology.yaml``."""
    return Ontology.model_validate(load_yaml(root / "ontology.yaml"))
