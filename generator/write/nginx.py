"""nginx host adapter generated from the routes manifest (first draft: 200 routes and app fallback)."""

from __future__ import annotations

from typing import Iterable

from generator.surfaces.registry import Surface

NGINX_CONF = "_hosts/nginx.conf"


def nginx_config(routes: dict[str, dict], surfaces: Iterable[Surface]) -> bytes:
    lines = [
        "# Generated from _routes.json. Include inside a server block; set $cardpantry_dist and an",
        "# upstream named cardpantry_app (the ASGI app) for dynamic routes.",
        "location / {",
        "    root $cardpantry_dist;",
        "    gzip_static on;",
        "    default_type application/json;",
        "    try_files $uri.json $uri.html $uri.txt @cardpantry_app;",
        "}",
        "location @cardpantry_app {",
        "    proxy_pass http://cardpantry_app;",
        "}",
    ]
    return ("\n".join(lines) + "\n").encode()
