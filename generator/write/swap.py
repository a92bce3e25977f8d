"""Exchanging two paths in one step: the final swap of a build, and the folders a rebuild carries."""

from __future__ import annotations

import ctypes
import errno
import os
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

RENAME_EXCHANGE = 2  # linux/fs.h


def exchange(a: Path | str, b: Path | str) -> bool:
    """Atomically swap two paths (Linux ``renameat2(RENAME_EXCHANGE)``); False where the system or
    the file system cannot, so the caller falls back to two renames. A path that is not there
    raises ``FileNotFoundError``."""
    renameat2 = _renameat2()
    if renameat2 is None:
        return False
    at_fdcwd = -100
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(a), None, str(b))  # ENOENT: FileNotFoundError


def exchange_supported() -> bool:
    """Whether this system has ``renameat2`` (the file system may still refuse: ``exchange``)."""
    return _renameat2() is not None


@cache  # the C library's function, looked up once per process: a rebuild exchanges ~60,000 folders
def _renameat2() -> Callable[..., int] | None:
    if sys.platform != "linux":
        return None
    function: Callable[..., int] | None = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    return function
