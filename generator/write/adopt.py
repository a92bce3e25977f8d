"""Adopting a changed folder whole: the new build takes the served folder itself, and the served
tree gets a shadow of it.

A rebuild carries an unchanged folder by moving it (``generator.write.carry``): a symbolic link made
and an exchange, about 70 us of kernel time each while the workers write beside it. One changed
printing leaves ~60,000 unchanged siblings in ``api/v1/cards/``, so moving them one by one was most
of a one-printing rebuild's kernel time. A folder with many unchanged subfolders is adopted
instead:

1. its **shadow** is made where the new build wants the folder: a symbolic link for each of its
   subfolders, pointing at that subfolder's place in the new build, and a hard link for each of
   its files;
2. one exchange (``renameat2``) puts the shadow into the served tree and the folder itself into the
   new build: the served tree answers every path with the same bytes, through the links;
3. each **changed** subfolder is exchanged back (its link in the shadow for the folder itself), so
   the served tree holds it as it was, and its link in the new build is removed: the new build
   makes that subfolder afresh, like any changed folder;
4. the files the new build does not carry are unlinked from the adopted folder (the shadow keeps
   their bytes for the served tree); the new build writes them anew.

A symbolic link costs about a fifth of a move here. Every subfolder the shadow links is journaled
as a move is, so ``restore`` puts a failed or killed build's folders back the same way. Only a
folder whose listing is exactly what the previous manifest says is adopted (anything else there
would vanish from the served tree), never the root, and never one another process writes into
while the carrier works (the data shards' folders): the parent writes nothing into the new build
until the carrier has adopted (``Carrier.adopted``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Collection, Sequence
from typing import NamedTuple

from generator.write.links import with_twins
from generator.write.swap import exchange

ADOPT_AT = 64  # unchanged subfolders from which a changed folder is adopted rather than emptied by moves


class Adoption(NamedTuple):
    """A changed folder the new build takes whole: its subfolders (each linked from the shadow),
    those of them that changed (exchanged back into the served tree), its files with their twins
    (hard-linked into the shadow) and those of them the new build does not carry (unlinked)."""

    folder: str
    subfolders: list[str]
    changed: list[str]
    files: list[str]
    left: list[str]


def adoptions(
    folders: dict[str, set[str]],
    files: dict[str, list[tuple[str, Sequence[str]]]],
    changed: set[str],
    left: Collection[str],
    shared: Collection[str],
    listing: Callable[[str], set[str] | None],
) -> list[Adoption]:
    """The changed folders worth adopting, parents first: at least ``ADOPT_AT`` unchanged subfolders
    and more unchanged than changed ones (each changed one costs an exchange back), not the root,
    not in ``shared`` (folders other processes write into), and listed (``listing``: the served
    folder's names, None when it is gone) exactly as the previous build's index says."""
    adopted = []
    for folder in sorted(changed.difference(shared, [""])):
        subfolders = folders.get(folder, set())
        moved = len(subfolders - changed)
        if moved < ADOPT_AT or moved <= len(subfolders) - moved:
            continue
        here = files.get(folder, ())
        names = [name for file, twins in here for name in with_twins(file, twins)]
        if listing(folder) != {name.rpartition("/")[2] for name in (*subfolders, *names)}:
            continue  # gone, or something there no manifest lists: moved folder by folder, as before
        gone = [name for file, twins in here if file in left for name in with_twins(file, twins)]
        adopted.append(Adoption(folder, sorted(subfolders), sorted(subfolders & changed), names, gone))
    return adopted


def adopt(source: str, target: str, adoption: Adoption, pointer: Callable[[str], str]) -> bool:
    """Make the folder's shadow at its place in ``target``, exchange it with the served folder in
    ``source``, exchange the changed subfolders back and unlink the files left. False (and nothing
    done) where the file system cannot exchange. ``pointer(sub)``: the link the served tree keeps for
    a subfolder now in ``target``."""
    folder = adoption.folder
    shadow = f"{target}/{folder}"
    os.mkdir(shadow)
    for sub in adoption.subfolders:
        os.symlink(pointer(sub), f"{target}/{sub}")
    for name in adoption.files:
        os.link(f"{source}/{name}", f"{target}/{name}")
    if not exchange(f"{source}/{folder}", shadow):
        shutil.rmtree(shadow)
        return False
    for sub in adoption.changed:
        exchange(f"{source}/{sub}", f"{target}/{sub}")
        os.unlink(f"{target}/{sub}")
    for name in adoption.left:
        os.unlink(f"{target}/{name}")
    return True
