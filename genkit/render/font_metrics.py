"""The bundled fonts' metrics, shipped beside them (``genkit/fonts/metrics.json``), so a layout
measures text without reading a TTF whole: a first ``genkit check`` read the four files (and
imported reportlab's TTF parser) only to learn each character's advance width.

The file holds what reportlab reads from each TTF (:class:`Face`: the
advance width of every character, the default width, ascent and descent), written with the
reportlab version and each TTF's SHA-256. It is used only when both still match (the installed
reportlab, the bundled file's bytes); otherwise the TTF is read as before. After changing a font
or reportlab, write it again::

    python -m genkit.render.font_metrics

(tests/render/test_font_metrics.py fails while it is out of date).
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import NamedTuple

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
METRICS_FILE = FONT_DIR / "metrics.json"


class Face(NamedTuple):
    """What a layout measures of a font: the fields of reportlab's TTF face that its width
    function reads (``charWidths``: code point -> advance width, ``defaultWidth``, in 1/1000
    em), and the ascent and descent (1/1000 em, descent negative)."""
    charWidths: dict
    defaultWidth: float
    ascent: float
    descent: float


def _reportlab_version() -> str:
    import reportlab      # its __init__ alone: a few names, no PDF or TTF code
    return reportlab.Version


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def shipped(filename: str):
    """The :class:`Face` of the bundled TTF ``filename`` as the metrics file holds it, or None
    (no entry, another reportlab, other bytes, an unreadable file)."""
    try:
        data = _file()
        entry = data["fonts"][filename]
        if data["reportlab"] != _reportlab_version() or entry["sha256"] != _digest(FONT_DIR / filename):
            return None
        scale = 1000 / entry["units_per_em"]        # as reportlab scales a font unit (x * 1000/em)
        widths = {}
        for first, units in entry["widths"]:
            widths.update(zip(range(first, first + len(units)), (u * scale for u in units)))
        return Face(widths, entry["default_width"] * scale, entry["ascent"], entry["descent"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


_read: dict | None = None


def forget() -> None:
    """Let the metrics file go (once the fonts are registered, widths are read from their faces)."""
    global _read
    _read = None


def _file() -> dict:
    global _read
    if _read is None:
        _read = json.loads(METRICS_FILE.read_text(encoding="utf-8"))
    return _read


def measured(filename: str) -> dict:
    """The entry of ``filename`` in the metrics file, read by reportlab from the TTF now."""
    from reportlab.pdfbase.ttfonts import TTFont
    path = FONT_DIR / filename
    face = TTFont(filename, str(path)).face
    scale = 1000 / face.unitsPerEm

    def units(width: float) -> int:
        n = round(width / scale)
        if n * scale != width:
            raise ValueError(f"{filename}: width {width!r} is not a whole number of font units")
        return n
    runs: list[list] = []
    for code in sorted(face.charWidths):
        if runs and runs[-1][0] + len(runs[-1][1]) == code:
            runs[-1][1].append(units(face.charWidths[code]))
        else:
            runs.append([code, [units(face.charWidths[code])]])
    return {"sha256": _digest(path), "units_per_em": face.unitsPerEm, "default_width": units(face.defaultWidth),
            "ascent": face.ascent, "descent": face.descent, "widths": runs}


def write() -> None:
    """Write the metrics file from the bundled TTFs (every ``*.ttf`` beside it), as the
    installed reportlab reads them."""
    fonts = {path.name: measured(path.name) for path in sorted(FONT_DIR.glob("*.ttf"))}
    lines = ['{"reportlab": ' + json.dumps(_reportlab_version()) + ', "fonts": {']
    for n, (filename, entry) in enumerate(fonts.items()):
        head = {k: v for k, v in entry.items() if k != "widths"}
        lines.append(f"  {json.dumps(filename)}: " + json.dumps(head)[:-1] + ', "widths": [')
        lines += [f"    {json.dumps(run)}," for run in entry["widths"]]
        lines[-1] = lines[-1].rstrip(",")
        lines.append("  ]}" + ("," if n < len(fonts) - 1 else ""))
    lines.append("}}")
    METRICS_FILE.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write()
