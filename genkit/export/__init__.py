"""``genkit export``: the game for online play, from the same model and images as the print kit.

:func:`export_game` draws the game's images once (:mod:`.artwork`) and writes, into one folder
(default ``build/<game id>-online/``)::

    <game>.vmod                   VASSAL module (:mod:`.vassal`): File > Open Module
    tts/<game>.json, <game>.png   TTS saved object (:mod:`.tts`) and its thumbnail
    tts/<game>-preview.png        a top-down picture composed from the JSON (:mod:`.tts_preview`)
    tts/images/*.png              the images the saved object loads

The folder is written beside the target and swapped in at the end (:func:`genkit.atomic.replaced_folder`),
so a failed export leaves the previous one untouched. The same content, options and folder give
byte-identical files.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Callable

from ..atomic import output_errors, replaced_folder

DEFAULT_DPI = 96
MIN_DPI, MAX_DPI = 36, 400
LOCAL_IMAGES_WARNING = ("warning: the TTS images are local files (file:///...): only this computer "
                        "can load them; other players see blank objects. Host tts/images/ and pass "
                        "--image-base-url URL for online play.")


def _check(vassal: bool, tts: bool, dpi: float, base_url: str | None) -> None:
    if not (vassal or tts):
        raise ValueError("nothing to export: ask for --vassal, --tts or both")
    if not (MIN_DPI <= dpi <= MAX_DPI):
        raise ValueError(f"--dpi must be between {MIN_DPI} and {MAX_DPI}, got {dpi:g}")
    if base_url is not None and not base_url.startswith(("http://", "https://", "file:///")):
        raise ValueError(f"--image-base-url must start with https://, http:// or file:///, got {base_url!r}")


def image_url(base_url: str | None, images_dir: Path) -> Callable[[str], str]:
    """How the saved object names an image: under the base URL, else the file's own URI."""
    if base_url:
        return lambda name: f"{base_url.rstrip('/')}/{name}"
    return lambda name: (images_dir / name).as_uri()


def export_game(content_path, out_dir=None, vassal: bool = True, tts: bool = True,
                dpi: float = DEFAULT_DPI, image_base_url: str | None = None, overrides=(),
                progress: Callable[[str], None] = lambda line: None) -> dict:
    """Export the game at ``content_path``; returns ``{"folder", "files": {path: bytes size},
    "warnings": [...]}``. Raises :class:`~genkit.model.load.ContentError` (bad content),
    ValueError (bad options, images too large), :class:`~genkit.atomic.OutputRefused`,
    :class:`~genkit.atomic.OutputBusy` or
    :class:`~genkit.atomic.OutputError`, always before the previous output is touched."""
    from ..pack.playable import load_checked
    from .artwork import load_artwork
    _check(vassal, tts, dpi, image_base_url)
    t0 = time.monotonic()
    content, _ = load_checked(content_path, overrides)
    out = Path(out_dir) if out_dir is not None else Path("build") / f"{content.game.id}-online"
    if out.exists() and not out.is_dir():
        raise ValueError(f"{out} exists and is not a folder")
    progress(f"drawing {content.game.title} at {dpi:g} dpi ...")
    art = load_artwork(content_path, dpi, overrides)
    progress(f"  {len(art.images)} images ({art.map.width} x {art.map.height} px map) "
             f"in {time.monotonic() - t0:.1f} s")
    files = _files(art, content, out, vassal, tts, image_base_url, progress)
    with output_errors(out), replaced_folder(out, inputs=[content_path]) as folder:
        for rel, data in sorted(files.items()):
            path = folder / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    warnings = [LOCAL_IMAGES_WARNING] if tts and not image_base_url else []
    return {"folder": str(out), "files": {rel: len(data) for rel, data in sorted(files.items())},
            "warnings": warnings, "seconds": round(time.monotonic() - t0, 2)}


def _files(art, content, out: Path, vassal: bool, tts: bool, base_url, progress) -> dict[str, bytes]:
    """Every output file by its path inside the folder."""
    from .tts import json_bytes, saved_object
    from .tts_preview import preview_png, thumbnail
    from .vassal import vmod_bytes
    files: dict[str, bytes] = {}
    gid = art.game_id
    if vassal:
        progress(f"  VASSAL module {gid}.vmod ...")
        files[f"{gid}.vmod"] = vmod_bytes(art, content)
    if tts:
        progress(f"  TTS saved object tts/{gid}.json ...")
        url = image_url(base_url, Path(os.path.abspath(out)) / "tts" / "images")
        save, images = saved_object(art, content, url)
        files[f"tts/{gid}.json"] = json_bytes(save)
        preview = preview_png(save, images)
        files[f"tts/{gid}-preview.png"] = preview
        files[f"tts/{gid}.png"] = thumbnail(preview)
        for name, data in images.items():
            files[f"tts/images/{name}"] = data
    return files
