"""Exchanging two paths in one step: the final swap of a build, and the folders a rebuild carries."""

from __future__ import annotations

import ctypes
import errno
import os
import sys
from pathlib import Path

RENAME_EXCHANGE = 2  # linux/fs.h


def exchange(a: Path, b: Path) -> bool:
    """Atomically swap two paths (Linux ``renameat2(RENAME_EXCHANGE)``); False where the system or
    the file system cannot, so the caller falls back to two renames."""
    renameat2 = getattr(_libc(), "renameat2", None)
    if renameat2 is None:
        return False
    at_fdcwd = -100
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(a), None, str(b))


def exchange_supported() -> bool:
    """Whether this system has ``renameat2`` (the file system may still refuse: ``exchange``)."""
    return getattr(_libc(), "renameat2", None) is not None


def _libc() -> ctypes.CDLL | None:
    if sys.platform != "linux":
        return None
    return ctypes.CDLL(None, use_errno=True)
