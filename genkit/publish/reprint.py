"""Which sheets of the kit to print again: the pages of two kits compared one by one by the hashes
their manifests carry (:func:`genkit.render.kit.page_digest`: a page's drawing without the version
stamp), and the list said in words ("counters, sheet 1 fronts and backs; cards, sheet 2")."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

#: the kit's components as players name them
NAMES = {"map": "map", "map-tiled": "tiled map", "counters": "counters", "cards": "cards", "dice": "dice stickers",
         "player-aid": "player aid", "rules": "rules booklet"}


@dataclass(frozen=True)
class Reprint:
    """One component with pages to print again: ``pages`` (1-based, in the new kit) with their
    titles; ``added``: the new kit has the component and the old had not; ``removed``: pages (or
    the whole component) the new kit no longer prints."""
    kind: str
    file: str
    pages: tuple[int, ...]
    titles: tuple[str, ...]
    total: int
    added: bool = False
    removed: tuple[int, ...] = field(default=())

    def as_dict(self) -> dict:
        return {"kind": self.kind, "file": self.file, "pages": list(self.pages), "titles": list(self.titles),
                "pages_in_kit": self.total, "new_component": self.added, "pages_dropped": list(self.removed),
                "words": self.words()}

    def words(self) -> str:
        name = NAMES.get(self.kind, self.kind)
        if self.added:
            return f"{name}, new: all {self.total} page{'s' * (self.total != 1)}"
        if not self.total:
            return f"{name}: no longer part of the kit"
        parts = _sheet_words(self.kind, self.titles, self.pages, self.total)
        if self.removed:
            parts.append(f"page{'s' * (len(self.removed) != 1)} {_numbers(self.removed)} dropped")
        return f"{name}, {'; '.join(parts) if len(parts) > 1 and self.kind in ('counters', 'cards') else ', '.join(parts)}"


def _numbers(pages) -> str:
    pages = list(pages)
    return ", ".join(map(str, pages[:-1])) + (" and " if len(pages) > 1 else "") + str(pages[-1])


def _sheet_words(kind: str, titles, pages, total: int) -> list[str]:
    """Pages said as a player finds them: counter and card sheets by sheet and side, the map as the
    sheet, the rest as pages."""
    if kind == "map":
        return ["the map sheet"]
    if kind in ("counters", "cards"):
        sheets: dict[int, set[str]] = {}
        for title, page in zip(titles, pages):
            m = re.search(r"(\d+)\s*$", title)
            number = int(m.group(1)) if m else page
            side = "backs" if "back" in title else "fronts" if ("front" in title or kind == "cards") else "sheet"
            sheets.setdefault(number, set()).add(side)
        out = []
        for number, sides in sorted(sheets.items()):
            said = "fronts and backs" if {"fronts", "backs"} <= sides else " and ".join(sorted(sides - {"sheet"}))
            out.append(f"sheet {number}" + (f" {said}" if said else ""))
        return out
    if kind == "map-tiled":
        return [f"tile{'s' * (len(titles) != 1)} {', '.join(t.split()[-1] for t in titles)}"]
    if len(pages) == total and total > 1:
        return [f"all {total} pages"]
    return [f"page{'s' * (len(pages) != 1)} {_numbers(pages)}"]


def compare_manifests(old: dict, new: dict) -> list[Reprint]:
    """The components of ``new`` whose pages differ from ``old``'s, page by page, in kit order;
    components the new kit no longer has at the end."""
    before = {c["kind"]: c for c in old.get("components", [])}
    out = []
    for comp in new.get("components", []):
        sheets = comp.get("sheets", [])
        prev = before.pop(comp["kind"], None)
        if prev is None:
            out.append(Reprint(comp["kind"], comp["file"], tuple(s["page"] for s in sheets),
                               tuple(s["title"] for s in sheets), len(sheets), added=True))
            continue
        old_pages = prev.get("sheets", [])
        changed = [s for i, s in enumerate(sheets) if i >= len(old_pages) or old_pages[i]["sha256"] != s["sha256"]]
        dropped = tuple(range(len(sheets) + 1, len(old_pages) + 1))
        if changed or dropped:
            out.append(Reprint(comp["kind"], comp["file"], tuple(s["page"] for s in changed),
                               tuple(s["title"] for s in changed), len(sheets), removed=dropped))
    for kind, comp in before.items():
        out.append(Reprint(kind, comp["file"], (), (), 0, removed=tuple(range(1, comp.get("pages", 0) + 1))))
    return out


def reprint_words(reprints: list[Reprint]) -> str:
    """The whole list in one sentence: "counters, sheet 1 fronts and backs; cards, sheet 2"."""
    return "; ".join(r.words() for r in reprints) if reprints else "nothing: every page prints as before"
