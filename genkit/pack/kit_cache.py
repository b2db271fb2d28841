"""``genkit build`` of a pack none of whose files changed since its last build with the same
options: the kit is written again from the disk cache (:mod:`genkit.render.disk_cache`), without
loading the model, importing the checks or the layout, or laying anything out.

The key is the key of ``genkit check``'s findings (:func:`.check_cache.findings_key`: the bytes
of every file under the pack's folder, the folder as named and where it really is, the ``--set``
values, the limits, genkit's own templates and code) and the build's options (the components,
paper, counter layout, bleed and the cases the booklet marks as changed). The entry holds the
kit's head (what the manifest says of the game) and the key of each kind's files
(:func:`genkit.render.kit.part_keys`), kept by the build that wrote them; a kind whose entry has
gone since means the build is made as usual. Only a build that succeeded is kept (its checks
found no error), and only when no file changed while it read them. PNG previews are made from the
PDFs as they are written, so ``--png`` needs no entry of its own."""
from __future__ import annotations

import os
from typing import Iterable, NamedTuple

from ..render import disk_cache
from .check_cache import findings_key

KIND = "kit-whole"


class KeptKit(NamedTuple):
    """A kit as kept: its head (:class:`~genkit.render.kit_files.KitHead`) and each kind's key,
    in the order the kit lists them."""
    head: tuple
    parts: tuple


def kit_key(path: str | os.PathLike, overrides: Iterable[str], only, paper: str, counters: str,
            bleed_in: float, changed_cases: frozenset) -> str | None:
    """The key of the kit ``genkit build PATH`` makes with these options (None: not kept)."""
    found = findings_key(path, tuple(overrides))
    if found is None:
        return None
    wanted = None if only is None else tuple(only.split(",") if isinstance(only, str) else only)
    return disk_cache.key_of(KIND, found, repr(wanted), paper, counters, repr(float(bleed_in)),
                             repr(sorted(changed_cases)))


def write_kept(key: str | None, path: str | os.PathLike, out_dir: str | os.PathLike | None, png: bool,
               png_dpi: int) -> dict | None:
    """Write the kit kept under ``key`` into ``out_dir`` (default ``build/<game id>``) as a build
    does (a new folder swapped in, see :func:`genkit.atomic.replaced_folder`) and return its
    manifest; None, having written nothing, when it is not kept whole."""
    if key is None:
        return None
    kept = disk_cache.load(KIND, key)
    if not isinstance(kept, KeptKit):
        return None
    from ..render.kit_files import KitHead, Written, output_folder, write_files
    parts = []
    for part_key in kept.parts:
        written = disk_cache.load("kit-part", part_key)
        if not (isinstance(written, list) and all(isinstance(w, Written) for w in written)):
            return None
        parts += written
    head = KitHead(*kept.head)
    from ..atomic import output_errors, replaced_folder
    out = output_folder(out_dir, head.game)
    with output_errors(out), replaced_folder(out, inputs=[path]) as folder:
        return write_files(parts, folder, head, png, png_dpi)


def build(content_path: str | os.PathLike, out_dir: str | os.PathLike | None = None, paper: str = "letter",
          only: Iterable[str] | str | None = None, counters: str = "duplex", bleed_in: float = 0.0,
          png: bool = False, overrides: Iterable[str] = (), png_dpi: int | None = None,
          changed_cases: frozenset = frozenset()) -> dict:
    """:func:`genkit.pack.printable.build_kit` (the same arguments, results and errors), the kit
    written from the cache when it is kept whole under its key, else built and kept."""
    overrides = tuple(overrides)
    options = (only, paper, counters, bleed_in, frozenset(changed_cases))
    key = kit_key(content_path, overrides, *options)
    from ..render.kit_files import PNG_DPI
    manifest = write_kept(key, content_path, out_dir, png, PNG_DPI if png_dpi is None else png_dpi)
    if manifest is not None:
        return manifest
    from .printable import build_kit

    def keep(head: tuple, keys: dict) -> None:
        # kept only when no file changed while the build read them
        if key is not None and kit_key(content_path, overrides, *options) == key:
            disk_cache.store(KIND, key, KeptKit(tuple(head), tuple(keys.values())))
    return build_kit(content_path, out_dir, paper, only, counters, bleed_in, png, overrides, png_dpi,
                     changed_cases, keep=keep)
