"""generator.write.nginx: the generated maps, read back by a small evaluator of nginx's ``map``.

The evaluator resolves the maps the way nginx does (exact keys, then regexes in order, captures and
variables in values), so every route of a manifest can be checked without an nginx binary: its
file, ETag, status, headers (``Link`` templated with the path), and the action for each method and
query string. ``tests/test_parity.py`` runs the same config in a real nginx beside the app.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import orjson
import pytest

from generator.web.respond import method_not_allowed_body
from generator.write.manifest import MANIFEST
from generator.write.nginx import NGINX_CONF, NGINX_SERVER_CONF, nginx_files, nginx_standalone

TOKEN = re.compile(r"""\s+|#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};"']+)""")


def tokens(text: str) -> list[str]:
    out, pos = [], 0
    while pos < len(text):
        found = TOKEN.match(text, pos)
        assert found, text[pos : pos + 80]
        pos = found.end()
        quoted = found.group(1) if found.group(1) is not None else found.group(2)
        if quoted is not None:
            out.append(
                re.sub(
                    r"\\(.)",
                    lambda m: (
                        {"n": "\n", "t": "\t", "r": "\r"}.get(m.group(1), m.group(1))
                        if m.group(1) in "\"'\\ntr"
                        else m.group(0)
                    ),
                    quoted,
                )
            )
        elif found.group(3) or found.group(4):
            out.append(found.group(3) or found.group(4))
    return out


class Maps:
    """The ``map`` blocks of an http-context file, evaluated on demand like nginx's."""

    def __init__(self, text: str):
        self.maps: dict[str, tuple[str, dict[str, str], list[tuple[re.Pattern, str]], str]] = {}
        items = iter(tokens(text))
        for word in items:
            if word in ("map", "geo"):
                source = next(items) if word == "map" else ""
                target = next(items)
                assert next(items) == "{"
                exact, regexes, default = {}, [], ""
                for key in items:
                    if key == "}":
                        break
                    value = next(items)
                    assert next(items) == ";"
                    if key == "default":
                        default = value
                    elif key.startswith("~"):
                        regexes.append((re.compile(key[1:]), value))
                    else:
                        exact[key] = value
                self.maps[target.lstrip("$")] = (source, exact, regexes, default)

    def resolve(self, template: str, known: dict[str, str], groups: tuple = ()) -> str:
        def var(m: re.Match) -> str:
            name = m.group(1) or m.group(2)
            if name.isdigit():
                return groups[int(name) - 1] or ""
            return self.get(name, known)

        return re.sub(r"\$\{(\w+)\}|\$(\w+)", var, template)

    def get(self, name: str, known: dict[str, str]) -> str:
        if name in known:
            return known[name]
        source, exact, regexes, default = self.maps[name]
        key = self.resolve(source, known)
        if key in exact:
            return self.resolve(exact[key], known)
        for pattern, value in regexes:
            found = pattern.search(key)
            if found:
                return self.resolve(value, known, found.groups())
        return self.resolve(default, known)


def request(
    maps: Maps, path: str, method: str = "GET", args: str = "", if_none_match: str = "", if_modified_since: str = ""
) -> dict[str, str]:
    """What the server part sees: ``set $cardpantry_path $uri; set $cardpantry_r $cardpantry_route;``."""
    known = {
        "uri": path,
        "request_method": method,
        "is_args": "?" if args else "",
        "args": args,
        "http_if_none_match": if_none_match,
        "http_if_modified_since": if_modified_since,
        "cardpantry_path": path,
    }
    known["cardpantry_r"] = maps.get("cardpantry_route", known)
    return known


@pytest.fixture(scope="module")
def manifest(small_dist: Path) -> dict:
    return orjson.loads((small_dist / MANIFEST).read_bytes())


@pytest.fixture(scope="module")
def maps(manifest: dict) -> Maps:
    return Maps(nginx_files(manifest)[NGINX_CONF].decode())


def header_names(server: str) -> dict[str, str]:
    return dict(re.findall(r"add_header (\S+) \$(cardpantry_h\d+) always;", server))


def test_every_route_resolves_to_its_file_etag_status_and_headers(manifest: dict, maps: Maps) -> None:
    names = header_names(nginx_files(manifest)[NGINX_SERVER_CONF].decode())
    live = {s["id"] for s in manifest["surfaces"] if s["live"]}
    for path, route in manifest["routes"].items():
        known = request(maps, path)
        # a live surface's GET goes to the app (its file is the answer of a host without it)
        assert maps.get("cardpantry_action", known) == ("app" if route["surface"] in live else "file"), path
        assert maps.get("cardpantry_file", known) == "/" + route["file"]
        assert maps.get("cardpantry_etag", known) == route["etag"]
        assert maps.get("cardpantry_status", known) == str(route["status"])
        served = {name: maps.get(var, known) for name, var in names.items()}
        expected = {k: v.replace("<{path}>", f"<{path}>") for k, v in manifest["header_sets"][route["headers"]].items()}
        assert {k: v for k, v in served.items() if v} == expected
        not_modified = "1" if route["status"] == 200 else ""  # a non-200 body is never answered with 304
        assert maps.get("cardpantry_not_modified", request(maps, path, if_none_match=route["etag"])) == not_modified


def test_methods_query_strings_and_unknown_paths_choose_the_app_or_405(manifest: dict, maps: Maps) -> None:
    surfaces = {s["id"]: s for s in manifest["surfaces"]}
    for path, route in manifest["routes"].items():
        by_query = bool(surfaces[route["surface"]]["query_params"])
        live = surfaces[route["surface"]]["live"]
        assert maps.get("cardpantry_action", request(maps, path, "HEAD")) == ("app" if live else "file")
        expected = "app" if by_query or live else "file"
        assert maps.get("cardpantry_action", request(maps, path, args="x=1")) == expected
        # OPTIONS goes to the app (Allow, CORS preflights); other methods are nginx's own 405
        assert maps.get("cardpantry_action", request(maps, path, "OPTIONS")) == "app"
        allowed = surfaces[route["surface"]]["methods"]
        for method in ("POST", "DELETE"):
            known = request(maps, path, method, args="density=sparse")
            if method in allowed:  # a GET,POST row (buy-the-kingdom): the app answers the POST
                assert maps.get("cardpantry_action", known) == "app", (path, method)
                continue
            assert maps.get("cardpantry_action", known) == "405"
            assert maps.get("cardpantry_allow", known) == ", ".join(allowed)
            assert maps.get("cardpantry_405_body", known).encode() == method_not_allowed_body(allowed)
    for path in (
        "/api/v1/nowhere",
        "/api/v1/universal/card/op-op01-999-en",
        "/api/v1/universal/games/",
        "/API/v1/universal/games",
        "/_routes.json",
        "/index.html",  # the site root's file answers at / only
    ):
        known = request(maps, path)
        assert maps.get("cardpantry_action", known) == "app"
        assert maps.get("cardpantry_file", known) == ""
    root = request(maps, "/")  # the site root is a page (issue 32)
    assert (maps.get("cardpantry_action", root), maps.get("cardpantry_file", root)) == ("file", "/index.html")


@pytest.mark.parametrize(
    "value, matches",
    [
        ("{etag}", True),
        ('"x", {etag}', True),
        ("W/{etag}", True),
        ('{etag} , "y"', True),
        ("*", True),
        ('"x"', False),
        ("", False),
        ('W/"x", "y"', False),
    ],
)
def test_if_none_match_forms(manifest: dict, maps: Maps, value: str, matches: bool) -> None:
    path, route = next(iter(manifest["routes"].items()))
    known = request(maps, path, if_none_match=value.format(etag=route["etag"].removeprefix("W/")))
    assert (maps.get("cardpantry_not_modified", known) == "1") is matches


def _with_route(manifest: dict, path: str, **fields) -> dict:
    template = manifest["routes"]["/api/v1/universal/encoding"]
    return {**manifest, "routes": {**manifest["routes"], path: {**template, **fields}}}


def test_a_non_200_route_is_served_through_error_page_and_never_304(manifest: dict) -> None:
    changed = _with_route(manifest, "/api/v1/paused", file="api/v1/paused.json", status=503, etag='"abc"')
    files = nginx_files(changed)
    server = files[NGINX_SERVER_CONF].decode()
    assert re.search(r"error_page( \d+)* 503( \d+)* @cardpantry_status;", server)
    assert "if ($cardpantry_status = 503) { return 503; }" in server
    maps = Maps(files[NGINX_CONF].decode())
    assert maps.get("cardpantry_not_modified", request(maps, "/api/v1/paused", if_none_match='"abc"')) == ""
    only_200 = {**manifest, "routes": {p: r for p, r in manifest["routes"].items() if r["status"] == 200}}
    assert "@cardpantry_status" not in nginx_files(only_200)[NGINX_SERVER_CONF].decode()


def test_a_file_that_is_not_the_path_plus_a_suffix_is_named_in_full(manifest: dict) -> None:
    changed = _with_route(manifest, "/api/v1/folder/", file="api/v1/folder/index.json")
    maps = Maps(nginx_files(changed)[NGINX_CONF].decode())
    assert maps.get("cardpantry_file", request(maps, "/api/v1/folder/")) == "/api/v1/folder/index.json"


def test_many_routes_of_one_surface_get_short_keys_that_resolve(manifest: dict) -> None:
    routes = dict(manifest["routes"])
    template = routes["/api/v1/universal/card/op-op01-001-en"]
    for i in range(150):
        routes[f"/api/v1/universal/card/op-x-{i}-en"] = {
            **template,
            "file": f"api/v1/universal/card/op-x-{i}-en.json",
            "etag": f'"{i:032x}"',
        }
    http = nginx_files({**manifest, "routes": routes})[NGINX_CONF].decode()
    assert '"@0:op-x-7-en"' in http and '"/api/v1/universal/card/op-x-7-en"' not in http
    maps = Maps(http)
    assert maps.get("cardpantry_etag", request(maps, "/api/v1/universal/card/op-x-7-en")) == f'"{7:032x}"'
    assert maps.get("cardpantry_action", request(maps, "/api/v1/universal/card/op-x-7-en/more")) == "app"


def test_values_nginx_cannot_carry_are_refused(manifest: dict) -> None:
    broken = {**manifest, "header_sets": {**manifest["header_sets"], "h0": {"X-Bad": "a\nb"}}}
    with pytest.raises(ValueError, match="line break"):
        nginx_files(broken)
    path, route = next(iter(manifest["routes"].items()))
    clash = _with_route(manifest, "/api/v1/other", file="api/v1/other.json", type="text/plain")
    with pytest.raises(ValueError, match=".json files are served as"):
        nginx_files(clash)


@pytest.mark.parametrize("tag", ['"a b"', "abc", "W/abc", '"abc'])
def test_an_odd_etag_is_refused(manifest: dict, tag: str) -> None:
    with pytest.raises(ValueError, match="an ETag"):
        nginx_files(_with_route(manifest, "/api/v1/odd", file="api/v1/odd.json", etag=tag))


def test_a_weak_etag_is_sent_weak_and_revalidates(manifest: dict) -> None:
    maps = Maps(
        nginx_files(_with_route(manifest, "/api/v1/weak", file="api/v1/weak.json", etag='W/"abc"'))[NGINX_CONF].decode()
    )
    assert maps.get("cardpantry_etag", request(maps, "/api/v1/weak")) == 'W/"abc"'
    for sent in ('W/"abc"', '"abc"', '"x", W/"abc"'):
        assert maps.get("cardpantry_not_modified", request(maps, "/api/v1/weak", if_none_match=sent)) == "1"
    assert maps.get("cardpantry_not_modified", request(maps, "/api/v1/weak", if_none_match='"abd"')) == ""


def test_if_modified_since_is_an_exact_echo_of_last_modified_and_yields_to_if_none_match(
    manifest: dict, maps: Maps
) -> None:
    path = "/api/v1/universal/games"
    server = nginx_files(manifest)[NGINX_SERVER_CONF].decode()
    last_modified = re.search(r'add_header Last-Modified "([^"]+)" always;', server).group(1)
    assert maps.get("cardpantry_not_modified", request(maps, path, if_modified_since=last_modified)) == "1"
    other = request(maps, path, if_modified_since="Mon, 01 Jan 2001 00:00:00 GMT")
    assert maps.get("cardpantry_not_modified", other) == ""
    both = request(maps, path, if_none_match='"0000"', if_modified_since=last_modified)
    assert maps.get("cardpantry_not_modified", both) == ""


def test_a_dollar_in_a_header_value_stays_literal(manifest: dict) -> None:
    sets = {k: {**v, "X-Price": "$5"} for k, v in manifest["header_sets"].items()}
    maps = Maps(nginx_files({**manifest, "header_sets": sets})[NGINX_CONF].decode())
    names = header_names(nginx_files({**manifest, "header_sets": sets})[NGINX_SERVER_CONF].decode())
    known = request(maps, "/api/v1/universal/games")
    assert maps.get(names["X-Price"], known) == "$5"


@pytest.mark.skipif(
    shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists(), reason="nginx is not installed"
)
def test_nginx_accepts_the_standalone_config(manifest: dict, tmp_path: Path) -> None:
    import subprocess

    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    conf = tmp_path / "nginx.conf"
    conf.write_bytes(nginx_standalone(manifest, listen="127.0.0.1:1", root=tmp_path, upstream="127.0.0.1:2"))
    result = subprocess.run(
        [nginx, "-t", "-p", str(tmp_path), "-c", str(conf), "-e", "stderr"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert "could not build" not in result.stderr  # the map hash sizes fit
