"""A kit's files as written: each component's PDF and SVGs (:class:`Written`), and the writing
of them, with the manifest and PNG previews, into the output folder (:func:`write_files`).

Apart from :mod:`.kit`, which lays components out and writes them in memory, so that a build
whose whole kit is kept (:mod:`genkit.pack.kit_cache`) writes it without importing the layout."""
from __future__ import annotations

import dataclasses
import json
import zlib
from pathlib import Path
from typing import Iterable, NamedTuple

#: the components of a kit, in the order it lists them
KINDS = ("map", "map-tiled", "counters", "cards", "dice", "player-aid", "rules")
#: the resolution of PNG previews, dots per inch
PNG_DPI = 96


@dataclasses.dataclass(frozen=True)
class Written:
    """One component as its files hold it: the name of its PDF and the PDF's bytes, each page's
    SVG (file name, its UTF-8 bytes zlib-compressed: a kind's SVGs are held together, and kept in
    the cache, at an eighth of their size) and its entry in the manifest (PNG previews are made from the PDF
    once it is written)."""
    file: str
    pdf: bytes
    svgs: tuple
    entry: dict
    svg_stamp: tuple = ()       #: (old, new): the stamp each SVG's text gets when written (:mod:`.restamp`)


class KitHead(NamedTuple):
    """What the manifest says of the kit as a whole: the game's id, title and version, and the
    hash of the content it was built from (the one every sheet prints)."""
    game: str
    title: str
    version: str
    content_sha256: str


def output_folder(out_dir, game: str) -> Path:
    """The folder a kit is written into: ``out_dir``, else ``build/<game id>``; ValueError when
    a file is in its place (before anything is written)."""
    out = Path(out_dir) if out_dir is not None else Path("build") / game
    if out.exists() and not out.is_dir():
        raise ValueError(f"{out} exists and is not a folder")
    return out


def write_files(parts: Iterable[Written], dest: Path, head: KitHead, png: bool, png_dpi: int) -> dict:
    """Write ``parts`` into the folder ``dest`` (new, empty): each PDF, its SVGs under svg/, PNG
    previews under png/ when ``png``, and manifest.json, which is returned."""
    (dest / "svg").mkdir(parents=True)
    if png:
        (dest / "png").mkdir()
    manifest = {"game": head.game, "title": head.title, "version": head.version,
                "content_sha256": head.content_sha256, "components": []}
    for part in parts:
        pdf_path = dest / part.file
        pdf_path.write_bytes(part.pdf)
        for name, data in part.svgs:
            data = zlib.decompress(data)
            (dest / "svg" / name).write_bytes(data.replace(*part.svg_stamp) if part.svg_stamp else data)
        entry = dict(part.entry)
        if png:
            entry["png"] = _render_pngs(pdf_path, dest / "png", Path(part.file).stem, png_dpi)
        manifest["components"].append(entry)
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n",
                                        encoding="utf-8")
    return manifest


def _render_pngs(pdf_path: Path, dest: Path, stem: str, dpi: int) -> list[str]:
    try:
        import pypdfium2 as pdfium
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise RuntimeError("PNG previews need pypdfium2 (pip install pypdfium2)") from exc
    names = []
    doc = pdfium.PdfDocument(str(pdf_path))
    try:
        for i in range(len(doc)):
            page = doc[i]
            img = page.render(scale=dpi / 72.0).to_pil()
            name = f"{stem}-{i + 1}.png"
            img.save(dest / name, format="PNG", optimize=False)
            names.append(f"png/{name}")
            page.close()
    finally:
        doc.close()
    return names
