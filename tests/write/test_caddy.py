"""The Caddy adapter as written by the build: the deploy the module documents (a site block that
imports ``_hosts/caddy.conf``) is accepted by real Caddy, and values Caddy would expand are escaped.
What it answers is checked against the app in tests/test_parity.py."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import orjson
import pytest

from generator.write.caddy import CADDY_CONF, _header_value

CADDY = shutil.which("caddy")


@pytest.mark.skipif(CADDY is None, reason="caddy is not installed (apt-get install -y caddy)")
def test_the_documented_deploy_adapts(small_dist: Path, tmp_path: Path) -> None:
    site = tmp_path / "Caddyfile"
    site.write_text(
        f"{{\n\tadmin off\n}}\nhttp://example.org {{\n\troot * {small_dist}\n\timport {small_dist / CADDY_CONF}\n}}\n"
    )
    run = subprocess.run(
        [CADDY, "adapt", "--adapter", "caddyfile", "--config", str(site)],
        capture_output=True,
        text=True,
        timeout=120,
        env={"CARDPANTRY_APP": "127.0.0.1:8000", "PATH": "/usr/bin:/bin"},
    )
    assert run.returncode == 0, run.stderr[-2000:]
    config = orjson.loads(run.stdout)
    routes = orjson.loads((small_dist / "_routes.json").read_bytes())["routes"]
    text = run.stdout
    assert all(orjson.dumps(path).decode() in text for path in list(routes)[:200])  # the map holds the routes
    assert '"dial":"127.0.0.1:8000"' in text.replace(" ", "")  # the app's address from the environment
    assert config["apps"]["http"]["servers"]


def test_braces_in_header_values_are_escaped_but_the_request_path_is_not() -> None:
    value = '<{path}>; rel="self", </api/v1/{sku}>; rel="template"'
    assert _header_value(value) == '`<{path}>; rel="self", </api/v1/\\{sku\\}>; rel="template"`'
