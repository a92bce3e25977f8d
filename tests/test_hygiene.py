"""Repository hygiene (issue 38, item 6): no tracked file names a package registry's host.

The hosts are not written here: they are read at test time from this machine's own package-tool
configuration (the apt sources apt reads, ``pip config list`` and pip's default index, ``npm config
get registry``), so the test names no host itself. Each host is looked for as itself and as any
host of its domain (``*.example.org``); the registry's own name under another top-level domain is
looked for in URLs and ``www.`` names too, which is where a registry's package pages live (a
package registry's API host and its website often differ only there).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
APT = Path("/etc/apt")
URL = re.compile(r"[a-z][a-z0-9+.-]*://[^\s'\"\]>)]+", re.IGNORECASE)
TLD = r"(?:[a-z]{2,3}\.)?[a-z]{2,}"  # com, org, co.uk...


def _hosts_in(text: str) -> set[str]:
    """The host of every http(s)/ftp URL in ``text`` (apt's ``tor+http://`` and the like included)."""
    found = set()
    for url in URL.findall(text):
        scheme, rest = url.split("://", 1)
        parts = urlsplit(f"{scheme.rsplit('+', 1)[-1]}://{rest}")
        if parts.scheme.lower() in {"http", "https", "ftp"} and parts.hostname:
            found.add(parts.hostname.lower().rstrip("."))
    return found


def _apt_files() -> list[Path]:
    """The source files apt itself reads (the one-line list and sources.list.d's .list and .sources)."""
    listed = [APT / "sources.list", *sorted((APT / "sources.list.d").glob("*.list"))]
    listed += sorted((APT / "sources.list.d").glob("*.sources"))
    return [p for p in listed if p.is_file()]


def _apt_hosts(files: list[Path]) -> set[str]:
    """deb822 ``URIs:`` fields, one-line ``deb``/``deb-src`` entries (also commented out) and lines
    that are only a commented URL (``# http://...``, as snapshot URLs are given in deb822 files)."""
    found: set[str] = set()
    entry = re.compile(r"^\s*#?\s*(?:URIs:|deb(?:-src)?\s|https?://|ftp://)", re.IGNORECASE)
    for path in files:
        try:
            lines = path.read_text(errors="replace").splitlines()
        except OSError:
            continue
        found |= _hosts_in("\n".join(line for line in lines if entry.match(line)))
    return found


def _run(*argv: str) -> str:
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout if done.returncode == 0 else ""


def _pip_hosts() -> set[str]:
    """index-url / extra-index-url from ``pip config list``; with no index-url configured, pip's own
    default index as its ``install --help`` states it."""
    pip = (sys.executable, "-m", "pip")
    config = [line.partition("=")[::2] for line in _run(*pip, "config", "list").splitlines()]
    indexes = [(key.rsplit(".", 1)[-1], value) for key, value in config if key.endswith("index-url")]
    found = _hosts_in("\n".join(value for _, value in indexes))
    if "index-url" not in {key for key, _ in indexes}:
        default = re.search(r"--index-url <url>.*?\(default\s+(\S+?)\)", _run(*pip, "install", "--help"), re.S)
        found |= _hosts_in(default.group(1)) if default else set()
    return found


def _npm_hosts() -> set[str]:
    return _hosts_in(_run("npm", "config", "get", "registry")) if shutil.which("npm") else set()


def _local(host: str) -> bool:
    return host in {"localhost", "::1", "0.0.0.0"} or host.startswith("127.") or host.endswith(".localhost")


def _patterns(host: str) -> list[re.Pattern[str]]:
    """What names ``host``: the host and its domain's other hosts anywhere; for a named host, the
    registry's name under any top-level domain in a URL or a ``www.`` name."""
    labels = host.split(".")
    if re.fullmatch(r"[\d.]+|[0-9a-f:]+", host) or len(labels) < 2:  # an address or a one-label name
        return [re.compile(rf"(?<![\w.-]){re.escape(host)}(?![\w-]|\.[\w-])", re.IGNORECASE)]
    two_level = len(labels) >= 3 and len(labels[-1]) == 2 and labels[-2] in {"co", "com", "org", "net", "ac", "gov"}
    domain = labels[-3:] if two_level else labels[-2:]
    name = re.escape(domain[0])
    return [
        re.compile(rf"(?<![\w.-])(?:[\w-]+\.)*{re.escape('.'.join(domain))}(?![\w-]|\.[\w-])", re.IGNORECASE),
        re.compile(rf"(?:://(?:[^/\s@]*@)?|(?<![\w.-])www\.)(?:[\w-]+\.)*{name}\.{TLD}(?![\w-])", re.IGNORECASE),
    ]


def registry_hosts() -> tuple[set[str], list[Path]]:
    apt_files = _apt_files()
    hosts = _apt_hosts(apt_files) | _pip_hosts() | _npm_hosts()
    return {h for h in hosts if not _local(h)}, apt_files


def test_no_tracked_file_names_a_package_registry_host() -> None:
    hosts, apt_files = registry_hosts()
    assert hosts or not apt_files, f"apt sources exist ({', '.join(map(str, apt_files))}) but no host was read"
    patterns: dict[re.Pattern[str], set[str]] = {}  # each pattern once, with the hosts it stands for
    for host in hosts:
        for regex in _patterns(host):
            patterns.setdefault(regex, set()).add(host)
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    hits: dict[tuple[str, int], set[str]] = {}  # (file, line) -> what names a registry there
    for name in tracked.decode().split("\0"):
        path = ROOT / name
        if not name or path.is_symlink() or not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data[:8192]:  # binary
            continue
        text = data.decode("utf-8", errors="replace")
        for regex, named in patterns.items():
            for m in regex.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                hits.setdefault((name, line), set()).add(f"{m.group(0).lstrip(':/')} (for {', '.join(sorted(named))})")
    assert not hits, (
        f"tracked files name a package registry host (hosts read: {', '.join(sorted(hosts))}):\n"
        + "\n".join(f"{name}:{line}: {'; '.join(sorted(found))}" for (name, line), found in sorted(hits.items()))
    )
