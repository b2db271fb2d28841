"""A component written for one version of a pack, its content stamp changed to another's.

Every sheet of a kit prints the content stamp (``version 1.0 - content abc1234``, the hash of
the whole pack) and every PDF names the hash in its keywords, so after any edit every file of
the kit differs from the last build's, even a component whose drawing did not change (the map,
after a unit's movement changed). The build keeps each component as written, found by its pages
and the PDF's metadata with the stamp and hash taken out (:func:`unstamped_key`); a later build
whose component lays out the same but for the stamp reads it back and changes the stamp in its
bytes (:func:`restamped`) instead of drawing it again.

The bytes are those a fresh build writes, by construction: each text line that prints the stamp
is written by reportlab as one ``BT ... Tm /F Tf TL (text) Tj T* ET`` run (its text all ASCII: the
font's first subset, whose codes are the characters themselves), placed at a start worked out
from the line's width as reportlab works it out; that run is found in the page's decompressed
content with the old stamp and replaced by the run with the new one, the stream compressed again
(zlib's default, as reportlab), the PDF's cross-reference offsets, keywords and ID (the MD5 of
its title, author, subject and keywords, as reportlab's invariant mode makes it) written anew.
Anything else (a stamp or a line that is not plain ASCII, a run not found where the stamp is)
answers None and the component is drawn afresh. SVG text is anchored by SVG itself: the stamp is
replaced in the text alone, as each SVG is written.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import io
import pickle
import re
import zlib
from array import array
from typing import NamedTuple

from .draw import Group, Text

#: what a stamp (and every line printing it) may hold to be changed in place: printable ASCII
#: (the font's first subset; a PDF string escapes it as reportlab does), and in a stamp nothing
#: XML escapes (:data:`_XML`) and nothing a PDF string escapes (:data:`_ESCAPED`: the stamp is
#: looked for in the page's content as it is written)
_SAFE = re.compile(r"[ -~]*\Z")
_XML = re.compile(r"[&<>]")
_ESCAPED = re.compile(r"[()\\]")


@dataclasses.dataclass(frozen=True)
class StampLine:
    """A text line that prints the stamp, as the PDF writer draws it."""
    text: str
    x: float
    y: float
    font: str
    size: float
    anchor: str
    rotated: bool


@dataclasses.dataclass(frozen=True)
class Kept:
    """A component as written (:class:`~genkit.render.kit.Written`) with the stamp and the hash
    in its PDF's keywords it was written with, its stamp lines and its PDF's metadata."""
    written: object
    stamp: str
    hash12: str
    lines: tuple
    title: str
    author: str
    subject: str
    keywords: str


def stamp_lines(pages, stamp: str) -> tuple[StampLine, ...]:
    """Every distinct text line of ``pages`` that prints ``stamp`` (an item list placed several
    times is looked at once)."""
    found: dict[StampLine, None] = {}
    seen: set[int] = set()
    todo = [p.items for p in pages]
    while todo:
        for it in todo.pop():
            if isinstance(it, Group):
                if id(it.items) not in seen:
                    seen.add(id(it.items))
                    todo.append(it.items)
            elif isinstance(it, Text) and stamp in it.text and it.fill is not None:
                line = StampLine(it.text, 0.0 if it.rotate else it.x, 0.0 if it.rotate else it.y,
                                 it.font, it.size, it.anchor, bool(it.rotate))
                found[line] = None
    return tuple(found)


def unstamped_key(parts, pages, stamp: str, hash12: str) -> str:
    """The SHA-256 of ``pages`` and ``parts`` (the metadata: anything pickled) with ``stamp`` and
    ``hash12`` taken out: the same for two builds whose component differs in the stamp alone.

    Pages are read item by item (pickled without pickle's memo, which would make the bytes
    depend on which equal strings are one object), but an item list placed by several groups is
    read once and named again where it comes back: the PDF draws such a list as one form, so two
    layouts sharing their lists otherwise are told apart."""
    buf = io.BytesIO()
    pickler = pickle.Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True                 # no memo: equal values, equal bytes
    dump = pickler.dump
    dump(parts)
    seen: dict[int, int] = {}

    def read(items) -> None:
        at = seen.get(id(items))
        if at is not None:
            dump(("again", at))
            return
        seen[id(items)] = len(seen)
        leaves = []
        for it in items:
            if isinstance(it, Group):
                dump(tuple(leaves))
                leaves = []
                dump(("group", it.translate, it.scale, it.rotate, it.clip))
                read(it.items)
                dump("end")
            else:
                leaves.append(it)
        dump(tuple(leaves))

    for page in pages:
        dump(("page", page.width, page.height, page.trim_box, page.bleed_box, page.title))
        read(page.items)
    # read names itself (it recurses): without this, it, the pickler and the buffer would be a
    # cycle, held until the collector runs, which a build keeps off (a first Vereux Crossing
    # build held 33 such buffers, 2 MB, at its peak)
    read = None  # noqa: F841
    data = buf.getvalue().replace(stamp.encode("utf-8"), b"\0stamp\0").replace(hash12.encode("utf-8"), b"\0hash\0")
    return hashlib.sha256(data).hexdigest()


def component_keys(parts, pages, stamp: str, hash12: str) -> tuple[str, list[str] | None]:
    """The key of a component (its ``parts`` and ``pages``, as :func:`unstamped_key`) and each
    page's own key. The component's is made from its pages' and from the item lists its pages
    share (one list placed on several pages: each group's list named by the order in which the
    pages first place it), which the PDF may draw as forms; when pages share a list of 16 items
    or more (the map on every tile, drawn as one form), the key of the whole alone (None for the
    pages)."""
    pages = list(pages)
    seen: dict[int, tuple[int, int]] = {}         # id of a list -> (its number, first page)
    placed = []
    for n, page in enumerate(pages):
        todo = [page.items]
        while todo:
            for it in todo.pop():
                if isinstance(it, Group):
                    at = seen.get(id(it.items))
                    if at is None:
                        at = seen[id(it.items)] = (len(seen), n)
                        todo.append(it.items)
                    elif at[1] != n and len(it.items) >= 16:
                        return unstamped_key(parts, pages, stamp, hash12), None
                    placed.append(at[0])
    page_keys = [unstamped_key(("page",), [page], stamp, hash12) for page in pages]
    whole = hashlib.sha256(unstamped_key(parts, (), stamp, hash12).encode())
    for key in page_keys:
        whole.update(key.encode())
    whole.update(array("q", placed).tobytes())
    return whole.hexdigest(), page_keys


def _run(line: StampLine, stamp_in: str, new: str):
    """The pattern of ``line``'s run in a page's content as reportlab writes it with the stamp
    ``stamp_in`` (the font's name its group 1), the run with ``new``, and how many times the
    run prints the stamp; None when the line is not plain ASCII."""
    from reportlab.lib.rl_accel import escapePDF, fp_str
    from .fonts import text_width
    runs = []
    for text in (line.text, line.text.replace(stamp_in, new)):
        if not _SAFE.match(text):
            return None
        width = text_width(text, line.font, line.size)
        x = {"start": line.x, "middle": line.x - 0.5 * width, "end": line.x - width}[line.anchor]
        runs.append((f"BT 1 0 0 -1 {fp_str(x, line.y)} Tm ".encode(),
                     f" {fp_str(line.size)} Tf {fp_str(line.size * 1.2)} TL ({escapePDF(text)}) Tj T* ET".encode()))
    (head, tail), (new_head, new_tail) = runs
    return _Run(head, tail, new_head, new_tail), line.text.count(stamp_in)


_FONT = re.compile(rb"/[A-Za-z0-9+]+")        # a font's resource name, as reportlab writes it


class _Run(NamedTuple):
    """A stamp line's run in a page's content: ``head``, a font's name, ``tail``; and the run it
    becomes (the same font). A search for the literal head, not a pattern compiled per line."""
    head: bytes
    tail: bytes
    new_head: bytes
    new_tail: bytes

    def subn(self, data: bytes) -> tuple[bytes, int]:
        """``data`` with every run replaced, left to right, and how many there were."""
        out, done, at = [], 0, 0
        i = data.find(self.head)
        while i >= 0:
            font = _FONT.match(data, i + len(self.head))
            if font is not None and data.startswith(self.tail, font.end()):
                out += (data[at:i], self.new_head, font.group(), self.new_tail)
                at = font.end() + len(self.tail)
                done += 1
                i = data.find(self.head, at)
            else:
                i = data.find(self.head, i + 1)
        out.append(data[at:])
        return b"".join(out), done


_XREF = re.compile(rb"xref\n0 (\d+)\n")
_ENTRY = re.compile(rb"(\d{10}) (\d{5}) ([nf])")
_STREAM = re.compile(rb"/Length (\d+)(.*?)>>\s*stream\r?\n", re.S)
_ID = re.compile(rb"/ID \n\[<([0-9a-f]{32})><([0-9a-f]{32})>\]")


@functools.lru_cache(maxsize=1)
def _signature():
    """The MD5 a reportlab document in invariant mode starts its ID with."""
    from reportlab.pdfbase.pdfdoc import PDFDocument
    return PDFDocument(invariant=1).signature


def _id(kept: Kept, keywords: str) -> bytes:
    """The PDF's ID as reportlab's invariant mode makes it: the MD5 of its information."""
    md5 = _signature().copy()
    for part in (kept.title, kept.author, kept.subject, keywords):
        md5.update(part.encode("utf-8"))
    return md5.hexdigest().encode()


def changeable(old: str, new: str) -> bool:
    """Whether a stamp ``old`` can be changed to ``new`` in place (see :data:`_SAFE`)."""
    return (bool(_SAFE.match(old) and _SAFE.match(new)) and not _XML.search(old + new)
            and not _ESCAPED.search(old + new))


def restamped_runs(lines, old: str, new: str) -> list | None:
    """For each of ``lines``: the pattern of its run with the stamp ``old``, the run with ``new``
    and how many times it prints the stamp (see :func:`_run`); None when a stamp or a line cannot
    be changed in place."""
    if not changeable(old, new):
        return None
    runs = [_run(line, old, new) for line in lines]
    return None if any(r is None for r in runs) else runs


def _pdf(kept: Kept, stamp: str, hash12: str) -> bytes | None:
    pdf = kept.written.pdf
    runs = restamped_runs(kept.lines, kept.stamp, stamp)
    if runs is None:
        return None
    at = pdf.rfind(b"\nxref\n") + 1
    head = _XREF.match(pdf, at) if at > 0 else None
    if head is None:
        return None
    count = int(head.group(1))
    entries = []
    for e in _ENTRY.finditer(pdf, head.end()):
        entries.append(e)
        if len(entries) == count:
            break
    if len(entries) != count:
        return None
    used = sorted((int(e.group(1)), n) for n, e in enumerate(entries) if e.group(3) == b"n")
    keywords = kept.keywords.replace(kept.hash12, hash12)
    old_kw, new_kw = (f"/Keywords ({k})".encode() for k in (kept.keywords, keywords))
    old_stamp = kept.stamp.encode()
    out = bytearray(pdf[:used[0][0]])
    offsets, infos = {}, 0
    for k, (start, n) in enumerate(used):
        obj = pdf[start:used[k + 1][0] if k + 1 < len(used) else at]
        if old_kw in obj:
            infos += 1
            obj = obj.replace(old_kw, new_kw)
        if b"/FlateDecode" in obj and b"/Length1" not in obj:
            obj = _patched(obj, old_stamp, runs)
            if obj is None:
                return None
        elif old_stamp in obj:
            return None             # the stamp outside a page's drawing (a title, an outline entry)
        offsets[n] = len(out)
        out += obj
    if infos != 1:
        return None
    xref_at = len(out)
    out += pdf[at:head.end()]
    last = head.end()
    for n, e in enumerate(entries):
        out += pdf[last:e.start()]
        out += b"%010d" % offsets[n] if n in offsets else e.group(1)
        last = e.start(1) + 10
    tail = pdf[last:]
    found = _ID.search(tail)
    old_id = _id(kept, kept.keywords)
    if found is None or found.group(1) != old_id or found.group(2) != old_id:
        return None
    new_id = _id(kept, keywords)
    tail = tail[:found.start(1)] + new_id + b"><" + new_id + tail[found.end(2):]
    cut = tail.rfind(b"startxref\n")
    if cut < 0 or not tail.endswith(b"%%EOF\n"):
        return None
    return bytes(out + tail[:cut] + b"startxref\n%d\n%%%%EOF\n" % xref_at)


def _patched(obj: bytes, old_stamp: bytes, runs) -> bytes | None:
    """A PDF object with a compressed stream, its stamp lines changed."""
    found = _STREAM.search(obj)
    if found is None:
        return None
    start, length = found.end(), int(found.group(1))
    data = zlib.decompress(obj[start:start + length])
    left = data.count(old_stamp)
    if not left:
        return obj
    for run, prints in runs:
        data, n = run.subn(data)
        left -= n * prints
    if left != 0:
        return None           # a stamp printed otherwise than by a line found
    stream = zlib.compress(data)
    return (obj[:found.start(1)] + b"%d" % len(stream) + obj[found.end(1):start]
            + stream + obj[start + length:])


def restamped(kept: Kept, stamp: str, hash12: str):
    """``kept``'s component as written with ``stamp`` and ``hash12`` (a
    :class:`~genkit.render.kit.Written`), or None when it cannot be changed in place."""
    written = kept.written
    if stamp == kept.stamp and hash12 == kept.hash12:
        return written
    if not changeable(kept.stamp, stamp):
        return None
    if not re.fullmatch(r"[0-9a-f]{12}", hash12) or not re.fullmatch(r"[0-9a-f]{12}", kept.hash12):
        return None
    pdf = _pdf(kept, stamp, hash12)
    if pdf is None:
        return None
    # the SVGs' text gets the new stamp as they are written (not decompressed twice)
    return dataclasses.replace(written, pdf=pdf, svg_stamp=(kept.stamp.encode(), stamp.encode()))
