"""Reading YAML with libyaml's C loader where PyYAML has it.

The pure-Python ``SafeLoader`` is about 10x slower: loading the play content with it took 1.5 s,
serial, at the start of every build. Both loaders use the same safe constructor, so the values
are the same.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(source: Path | IO[bytes]) -> Any:
    """Parse one YAML document from a path or a binary handle."""
    if isinstance(source, Path):
        return yaml.load(source.read_bytes(), Loader=LOADER)
    return yaml.load(source, Loader=LOADER)
