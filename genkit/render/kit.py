"""``genkit build``: the whole print-and-play kit from one content model.

:func:`build_kit` loads and checks the content (raising
:class:`~genkit.model.load.ContentError` before anything is written), lays out every
component once (:mod:`.map`, :mod:`.counters`, :mod:`.cards`, :mod:`.aid`), writes
each as PDF plus one SVG per page (and PNG previews on request) into a temporary
folder beside the target, then swaps that folder in for the target
(:func:`genkit.atomic.replaced_folder`): a failed or killed build leaves the previous
output in place, the next build removes what a killed one left, and a second build
into the same folder while one runs is refused (:class:`~genkit.atomic.OutputBusy`).
The same content gives byte-identical files.

Output (default ``build/<game id>/``)::

    map.pdf  map-tiled.pdf  counters.pdf  cards.pdf  dice.pdf  player-aid.pdf  rules.pdf  manifest.json
    svg/<kind>-<page>.svg   png/<kind>-<page>.png (png=True)
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import zlib
from pathlib import Path
from typing import Callable, Iterator

from ..atomic import output_errors, replaced_folder
from . import disk_cache
from .aid import aid_pages
from . import restamp
from .booklet import booklet_subject, rules_pages
from .cards import card_sheets, card_size
from .checks import Laid
from .counter_sheets import LAYOUTS, counter_sheets
from .dice import DIE_COPIES, DIE_FACE_IN, dice_sheet
from .draw import INCH
from .kit_files import KINDS, PNG_DPI, KitHead, Written, output_folder, write_files
from .layout import PAPERS, SheetStyle
from .map import drawn_map, key_page, map_page, map_sheets
from .map_board import key_cropped, needs_key
from .map_connections import board_of
from .pdf import SRGB, pdf_bytes
from .rules_text import read_rules, rules_path
from .sheets import PRINT_AT_100, version_label
from .svg import svg_string
from .tiles import tile

FILES = {"map": "map.pdf", "map-tiled": "map-tiled.pdf", "counters": "counters.pdf",
         "cards": "cards.pdf", "dice": "dice.pdf", "player-aid": "player-aid.pdf", "rules": "rules.pdf"}
TILE_OVERLAP = 36.0


def kit_kinds(paper, only, counters, bleed_in) -> tuple[str, ...]:
    """The components to build (``only``: a subset of :data:`KINDS`, a list or a comma list;
    None: all); ValueError for a bad ``paper``, ``counters`` layout, bleed or kind."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, got {paper!r}")
    if counters not in LAYOUTS:
        raise ValueError(f"counters must be one of {', '.join(LAYOUTS)}, got {counters!r}")
    if not (0 <= float(bleed_in) <= 0.5):
        raise ValueError(f"bleed must be between 0 and 0.5 in, got {bleed_in!r}")
    if only is None:
        return KINDS
    if isinstance(only, str):
        only = [k.strip() for k in only.split(",") if k.strip()]
    unknown = sorted(set(only) - set(KINDS))
    if unknown:
        raise ValueError(f"unknown kind(s) {', '.join(unknown)}; known: {', '.join(KINDS)}")
    if not only:
        raise ValueError("nothing to build: --only names no kind")
    return tuple(k for k in KINDS if k in set(only))


#: A3, the largest paper an A4 household or copy shop usually has, in inches (297 x 420 mm)
A3_IN = (297 / 25.4, 420 / 25.4)


def fits_a3(content) -> bool:
    """Whether the map's sheet fits on A3, either way round."""
    w, h = sorted(content.game.components.map_sheet_in)
    return w <= A3_IN[0] + 1e-6 and h <= A3_IN[1] + 1e-6


def _map_beyond_a3(content, style: SheetStyle, sheet=None):
    """The map sheet of an A4 kit whose map is larger than A3: drawn as designed (a print shop
    prints it), its footer saying that on A4 paper the tiled map is the one to print."""
    w, h = content.game.components.map_sheet_in
    items = list(drawn_map(content, style.version_text, sheet))
    return style.page(items, w * INCH, h * INCH, "map",
                      "larger than A3: on A4 print map-tiled.pdf")


def layout_kit(content, source, kinds=KINDS, paper: str = "letter", counters: str = "duplex",
               bleed_in: float = 0.0, content_root=None, laid: Laid | None = None,
               changed_cases: frozenset = frozenset()) -> list[dict]:
    """Lay out the requested components: a list of ``{kind, file, pages, info}`` with
    the Page objects (nothing written); ``laid``: what the drawing checks laid out already;
    ``changed_cases``: the rule cases the booklet marks with a change bar (``build --since``)."""
    g = content.game
    style = SheetStyle(paper, bleed_in * INCH, g.version, source.sha256, g.title)
    out = []
    for kind in kinds:
        info: dict = {}
        if kind == "cards":  # one sheet set per deck; a game without cards prints none
            out += deck_components(content, style, content_root, laid)
            continue
        if kind == "dice" and not content.dice:
            continue  # nor one without symbol dice
        if kind == "rules":  # pages like every component, and its PDF written with its outline
            booklet = rules_pages(content, style, content_root, frozenset(changed_cases))
            if booklet is not None:
                info = {"changed_cases": sorted(changed_cases, key=_case_key)} if changed_cases else {}
                out.append({"kind": kind, "file": FILES[kind], "pages": booklet.pages, "outline": booklet.outline,
                            "subject": booklet_subject(content), "info": info, "bleed": 0.0})
            continue
        if kind in ("map", "map-tiled"):
            out += _map_components(content, source, kind, style, paper)
            continue
        elif kind == "counters":
            cs = counter_sheets(content, style, counters, content_root)
            pages = cs.pages
            info = {"pieces": cs.pieces_drawn, "layout": cs.layout}
            if cs.layout == "duplex":
                info["flip"] = cs.flip
            info["counter_in"] = g.components.counter_in
        elif kind == "dice":
            pages = dice_sheet(content, style, content_root)
            info = {"stickers": DIE_COPIES * sum(len(d.faces) for d in content.dice), "die_face_in": DIE_FACE_IN}
        else:
            pages = aid_pages(content, style, content_root)
        out.append({"kind": kind, "file": FILES[kind], "pages": pages, "info": info,
                    "bleed": style.bleed if kind != "map-tiled" else 0.0})
    return out


def _map_components(content, source, kind: str, style: SheetStyle, paper: str) -> list[dict]:
    """The map (``kind`` map) or its tiles (map-tiled): one component for each sheet of the board,
    each naming the board's kind; a board of several sheets writes ``map-<sheet>.pdf`` and
    ``map-tiled-<sheet>.pdf``, a board of one ``map.pdf`` and ``map-tiled.pdf`` as always."""
    g = content.game
    sheets = map_sheets(content)
    board = board_of(content).layout
    flat = SheetStyle(paper, 0, g.version, source.sha256, g.title)     # tiles are never bled
    out = []
    for sheet in sheets:
        file = FILES[kind] if len(sheets) == 1 else f"{kind}-{sheet}.pdf"
        info: dict = {"board": board}
        if len(sheets) > 1:
            info["sheet"] = sheet
        if kind == "map" and paper == "a4" and not fits_a3(content):   # a print shop prints it
            pages = [_map_beyond_a3(content, style, sheet)]
            info.update({"fits_a3": False, "print_instead": FILES["map-tiled"]})
        elif kind == "map":
            pages = [map_page(content, style, sheet)]
        else:
            w, h = g.components.map_sheet_in
            drawn = list(drawn_map(content, flat.version_text, sheet))  # as map.pdf drew it
            title = g.title if len(sheets) == 1 else f"{g.title}, {board_of(content).sheet(sheet).name}"
            pages = _tiles(drawn, w * INCH, h * INCH, flat, title, info)
        out.append({"kind": kind, "file": file, "pages": pages, "info": info,
                    "bleed": style.bleed if kind != "map-tiled" else 0.0})
    if needs_key(content):                   # the key on a sheet of its own, tiled like the maps
        file = "map-key.pdf" if kind == "map" else "map-tiled-key.pdf"
        info = {"board": board, "key": True}
        if kind == "map":
            pages = [key_page(content, style)]
        else:
            items, kw, kh = key_cropped(content, flat.version_text)
            pages = _tiles(items, kw, kh, flat, f"{g.title}, key to the map", info)
        out.append({"kind": kind, "file": file, "pages": pages, "info": info,
                    "bleed": style.bleed if kind != "map-tiled" else 0.0})
    return out


def _tiles(items, w: float, h: float, flat: SheetStyle, title: str, info: dict) -> list:
    """``items`` (``w`` x ``h`` points) on tiles of ``flat``'s paper; ``info`` gets their count."""
    pages = tile(items, w, h, *flat.size, overlap=TILE_OVERLAP, title=title,
                 footer_text=f"{PRINT_AT_100} | {flat.version_text}", auto_orient=True)
    info.update({"tiles": len(pages), "overlap_in": TILE_OVERLAP / INCH})
    return pages


def deck_components(content, style: SheetStyle, content_root=None, laid: Laid | None = None) -> list[dict]:
    """The card sheets of every deck: ``cards.pdf`` for a game with one deck, else
    ``cards-<deck id>.pdf`` each; the manifest names the deck and its card count."""
    out = []
    for deck in content.decks:
        one = len(content.decks) == 1
        cs = card_sheets(content, deck, style, content_root, laid.cards if laid is not None else None,
                         label="cards" if one else f"{deck.id} cards")
        w, h = card_size(content, deck)
        out.append({"kind": "cards", "file": FILES["cards"] if one else f"cards-{deck.id}.pdf",
                    "pages": cs.pages, "bleed": style.bleed,
                    "info": {"deck": deck.id, "cards": cs.cards_drawn, "flip": "long",
                             "card_in": [round(w / INCH, 4), round(h / INCH, 4)]}})
    return out


def _case_key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split(".") if p.isdigit())


def _unstamped(text: str, stamp: str) -> bytes:
    """A page's drawing without the version stamp every sheet prints (``version 1.0 - content
    abc1234``): what stays the same when only the stamp changes."""
    return text.replace(stamp, "").encode("utf-8")


def page_digest(svg_text: str, stamp: str) -> str:
    """The hash of one sheet the manifest lists: of its SVG (one page's whole drawing, written
    byte for byte the same from the same page) without the version stamp, so the pages of two
    versions of a kit compare one by one: the same hash, the same print (``genkit diff``)."""
    return hashlib.sha256(_unstamped(svg_text, stamp)).hexdigest()


def _sheets(titles: list[str], digests: list[str]) -> list[dict]:
    return [{"page": i, "title": t, "sha256": d} for i, (t, d) in enumerate(zip(titles, digests), 1)]


def pdf_info(comp: dict, content, source) -> dict:
    """What a component's PDF says of itself besides its pages: title, subject, keywords (the
    game, its version and the content's hash), outline and whether it is for a print shop."""
    g = content.game
    stem = Path(comp["file"]).stem      # the kind, or cards-<deck> / map-<sheet> of several
    return {"title": f"{g.title} - {stem}",
            "subject": comp.get("subject") or f"{g.title} {g.version} print-and-play: {stem}",
            "keywords": [g.id, g.version, source.sha256[:12]], "outline": comp.get("outline", ()),
            "print_shop": comp["bleed"] > 0}


def written(comp: dict, content, source, info: dict | None = None, reuse=None) -> Written:
    """A laid-out component (an item of :func:`layout_kit`) as PDF and SVG and its manifest entry;
    ``info``: its :func:`pdf_info`; ``reuse``: pages an earlier build drew
    (:class:`.pdf_pages.PageReuse`)."""
    g = content.game
    pages = comp["pages"]
    stem = Path(comp["file"]).stem
    pdf = pdf_bytes(pages, **(info or pdf_info(comp, content, source)), reuse=reuse)
    stamp = version_label(g.version, source.sha256)

    def svg_of(page) -> tuple[bytes, str]:
        text = svg_string(page)
        return zlib.compress(text.encode("utf-8"), 1), page_digest(text, stamp)
    svgs, digests = [], []
    for i, p in enumerate(pages, 1):
        data, digest = reuse.svg(i - 1, p, svg_of) if reuse is not None else svg_of(p)
        svgs.append((f"{stem}-{i}.svg", data))
        digests.append(digest)
    b = comp["bleed"]
    first = pages[0]
    entry = {"kind": comp["kind"], "file": comp["file"], "pages": len(pages),
             "page_size_in": [round((first.width - 2 * b) / INCH, 4),
                              round((first.height - 2 * b) / INCH, 4)]}
    if b:
        entry["bleed_in"] = round(b / INCH, 4)
        entry["output_intent"] = SRGB
    entry.update(comp["info"])
    entry["svg"] = [f"svg/{name}" for name, _ in svgs]
    entry["sheets"] = _sheets([p.title or f"{stem} {i}" for i, p in enumerate(pages, 1)], digests)
    return Written(comp["file"], pdf, tuple(svgs), entry)


def kit_digest(source, content_root) -> str:
    """The hash the kit prints on every sheet and in its manifest: the model's YAML and, when
    the game has one, its rules.md, since the booklet prints from both (a log's replay checks
    the YAML's own hash, so editing only the rules text never stales a game log)."""
    path = rules_path(content_root)
    if path is None:
        return source.sha256
    text = read_rules(path, Path(content_root))     # checked already: inside the pack, UTF-8
    return hashlib.sha256((source.sha256 + "\n").encode() + text.encode("utf-8")).hexdigest()


def write_kit(content, source, content_root, out_dir: str | os.PathLike | None = None,
              kinds=KINDS, paper: str = "letter", counters: str = "duplex", bleed_in: float = 0.0,
              png: bool = False, png_dpi: int = PNG_DPI, laid: Laid | None = None,
              changed_cases: frozenset = frozenset(),
              keep: Callable[[KitHead, dict], None] | None = None) -> dict:
    """Lay out and write the kit of a checked model (:func:`genkit.pack.build_kit` loads and
    checks it) and return the manifest (also written as ``manifest.json``); ``laid``: what its
    drawing checks laid out, printed as it is.

    Raises ValueError (an output that is not a folder) before writing anything,
    :class:`~genkit.atomic.OutputRefused` if the output folder is the content's or not genkit's
    to replace, :class:`~genkit.atomic.OutputBusy` if another build is writing the same folder,
    :class:`~genkit.atomic.OutputError` (naming the output folder) if the disk is full or the
    folder not writable; on any failure, and if the process is killed, the previous output is
    kept.

    Each component, written as PDF and SVG, is kept in the disk cache (:mod:`.disk_cache`), keyed
    by the model, rules.md, the templates, the limits and the build's options: a build of a pack
    whose component did not change writes the kept files (the same bytes) instead of laying it
    out again. After an edit, a component laid out the same but for the content stamp is not
    drawn again: its kept files get the new stamp (:mod:`.restamp`). ``keep``: called once the
    kit is written, with its head and each kind's key (:mod:`genkit.pack.kit_cache` keeps them)."""
    source = dataclasses.replace(source, sha256=kit_digest(source, content_root))
    out = output_folder(out_dir, content.game.id)

    def lay_out(kind: str) -> list[dict]:
        return layout_kit(content, source, (kind,), paper, counters, float(bleed_in), content_root=content_root,
                          laid=laid, changed_cases=changed_cases)
    keys = part_keys(content, source, content_root, kinds, paper, counters, bleed_in, changed_cases)
    # what the cache lacks is laid out, and written in memory, before the output folder is
    # touched, as always: one kind at a time, its pages let go once written
    def made_now(kind: str) -> list[Written]:
        return _made(kind, keys[kind], lay_out(kind), content, source, content_root)
    made = {kind: None if disk_cache.exists("kit-part", keys[kind]) else made_now(kind) for kind in kinds}
    with output_errors(out), replaced_folder(out, inputs=[content_root]) as folder:
        manifest = write_files(_parts(kinds, keys, made, made_now), folder, kit_head(content, source), png, png_dpi)
    if keep is not None:
        keep(kit_head(content, source), keys)
    return manifest


def kit_head(content, source) -> KitHead:
    """The kit's :class:`~.kit_files.KitHead`; ``source``: with the kit's hash (:func:`kit_digest`)."""
    g = content.game
    return KitHead(g.id, g.title, g.version, source.sha256)


def part_keys(content, source, content_root, kinds, paper: str, counters: str, bleed_in: float,
              changed_cases: frozenset) -> dict[str, str]:
    """Each kind's key in the disk cache: the model, rules.md, the templates, the limits and the
    build's options; ``source``: with the kit's hash (:func:`kit_digest`)."""
    pack = disk_cache.pack_parts(content, content_root)
    return {kind: disk_cache.key_of("kit-part", kind, paper, counters, repr(float(bleed_in)),
                                    repr(sorted(changed_cases)), source.sha256, str(content_root), *pack)
            for kind in kinds}


def _made(kind: str, key: str, comps: list[dict], content, source, where) -> list[Written]:
    """A kind's components (laid out) written, and kept in the cache."""
    parts = [_restamped_or_written(comp, content, source, where) for comp in comps]
    disk_cache.store("kit-part", key, parts)
    return parts


def _parts(kinds, keys: dict, made: dict, made_now) -> Iterator[Written]:
    """Each kind's components as written: made by this build, else read back from the cache
    one kind at a time (made now if its entry has gone since)."""
    for kind in kinds:
        parts = made.pop(kind)
        if parts is None:
            parts = disk_cache.load("kit-part", keys[kind]) or made_now(kind)
        yield from parts


def _restamped_or_written(comp: dict, content, source, where) -> Written:
    """A component as written: read back from the cache if it was written before with the same
    pages and metadata but for the content stamp, which is then changed in its bytes
    (:mod:`.restamp`: after an edit, what the edit did not touch is not drawn again); else
    written and kept (``where``: the pack's folder)."""
    info = pdf_info(comp, content, source)
    if disk_cache.cache_dir() is None:
        return written(comp, content, source, info)
    stamp, hash12 = version_label(content.game.version, source.sha256), source.sha256[:12]
    parts = (comp["kind"], comp["file"], comp["bleed"], comp["info"], info)
    whole, page_keys = restamp.component_keys(parts, comp["pages"], stamp, hash12)
    key = disk_cache.key_of("kit-written", whole)
    kept = disk_cache.load("kit-written", key)
    if isinstance(kept, restamp.Kept):
        done = restamp.restamped(kept, stamp, hash12)
        if done is not None:
            return done
    # the pages the last build of this component drew may be written again (.pdf_pages)
    reuse = None
    if page_keys is not None:
        from .pdf_pages import PageReuse
        pages_key = disk_cache.key_of("kit-pages", str(where), comp["file"])
        last = disk_cache.load("kit-pages", pages_key)
        reuse = PageReuse(page_keys, last if isinstance(last, dict) else {}, stamp)
    done = written(comp, content, source, info, reuse)
    if reuse is not None:
        disk_cache.store("kit-pages", pages_key, reuse.now())
    disk_cache.store("kit-written", key, restamp.Kept(
        done, stamp, hash12, restamp.stamp_lines(comp["pages"], stamp), info["title"], "genkit",
        info["subject"], ", ".join(info["keywords"])))
    return done
