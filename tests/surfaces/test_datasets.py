"""The datasets catalog: JSON, the schema.org JSON-LD view (expanded by pyld), and the HTML page."""

from __future__ import annotations

import re

from pyld import jsonld

SCHEMA = "https://schema.org/"


def test_the_catalog_lists_only_distributions_that_answer(ask) -> None:
    data = ask("GET", "/api/v1/datasets").json()["data"]
    assert data["count"] == len(data["datasets"]) and {d["status"] for d in data["datasets"]} == {
        "available",
        "status-only",
    }
    for dataset in data["datasets"]:
        for path in dataset["distribution"]:
            if "{" not in path:
                assert ask("GET", path).status_code in (200, 503), path


def test_the_jsonld_view_expands_to_schema_org_datasets_without_the_status_only_ones(ask) -> None:
    response = ask("GET", "/api/v1/datasets?format=jsonld")
    assert response.headers["content-type"].startswith("application/ld+json")
    expanded = jsonld.expand(response.json())
    catalog = expanded[0]
    assert catalog["@type"] == [SCHEMA + "DataCatalog"]
    datasets = catalog[SCHEMA + "dataset"]
    listed = ask("GET", "/api/v1/datasets").json()["data"]["datasets"]
    available = [d for d in listed if d["status"] == "available"]
    assert len(datasets) == len(available)
    for expanded_one, entry in zip(datasets, available):
        assert expanded_one["@type"] == [SCHEMA + "Dataset"]
        assert expanded_one[SCHEMA + "name"][0]["@value"] == entry["name"]
        assert SCHEMA + "license" in expanded_one and SCHEMA + "distribution" in expanded_one


def test_the_html_sibling_lists_every_dataset_and_links_that_answer(ask) -> None:
    response = ask("GET", "/datasets")
    assert response.headers["content-type"].startswith("text/html")
    listed = ask("GET", "/api/v1/datasets").json()["data"]["datasets"]
    for dataset in listed:
        assert dataset["name"] in response.text
    for href in re.findall(r'href="(/[^"]*)"', response.text):  # paths (not the #main skip link)
        assert ask("GET", href).status_code in (200, 503), href
