"""Helpers shared by the genkit.render tests (imported as a plain module: the name is
unique so it cannot clash with other test packages' conftest modules)."""

from __future__ import annotations

import shutil

import pytest

from genkit.render.draw import (Circle, Ellipse, Group, Line, Page, Polygon, Polyline, Rect,
                                Text)
from genkit.render.sheets import (LETTER, PRINT_AT_100, TABLOID_LANDSCAPE, calibration_square,
                                  footer, version_label)

TRIM = (9.0, 9.0, 1206.0, 774.0)      # y-down (x, y, w, h)
BLEED = (0.0, 0.0, 1224.0, 792.0)


def build_sample_pages() -> list[Page]:
    """Two pages: Tabloid landscape with trim/bleed boxes, then Letter portrait.
    Text in all three fonts, a clipped group, rotated text, rects, dashes."""
    W, H = TABLOID_LANDSCAPE
    p1 = [
        Rect(0, 0, W, H, fill="#f4efe0", stroke=None),
        Rect(72, 72, 288, 144, fill="#c8d8a0", stroke="#203020", stroke_width=2, radius=8),
        Text(72, 60, "Sans 24 pt: Bering Land Bridge", 24, "sans"),
        Text(72, 260, "Sans Bold 24 pt: 4-3-5 Infantry", 24, "sans-bold"),
        Text(72, 300, "Condensed Bold 24 pt: ARMOR 6-4-8", 24, "condensed-bold"),
        Text(W / 2, 360, "middle anchored", 18, "sans", "#802020", "middle"),
        Text(W - 72, 360, "end anchored", 18, "sans", "#202080", "end"),
        Text(600, 500, "rotated 30 deg", 18, "sans-bold", "#000000", "start", rotate=30),
        Text(1100, 150, "rotated -90", 14, "condensed-bold", "#000000", "middle", rotate=-90),
        Group(
            [Circle(50, 50, 60, fill="#cc3333", stroke="#000000", stroke_width=3),
             Text(0, 55, "CLIPPED TEXT CLIPPED", 20, "condensed-bold", "#ffffff")],
            translate=(400, 400), clip=Rect(0, 0, 100, 100)),
        Group([Polygon([(0, -30), (26, 15), (-26, 15)], fill="#3050a0", stroke="#000000")],
              translate=(900, 550), rotate=45, scale=2,
              clip=Polygon([(-20, -40), (40, -40), (40, 40), (-20, 40)])),
        Line(72, 600, 500, 600, "#000000", 1, (6, 3)),
        Polyline([(72, 650), (150, 620), (230, 680), (300, 640)], "#006000", 1.5, (2, 2)),
        Ellipse(700, 680, 60, 25, fill="#e0c040", stroke="#000000"),
    ]
    p1 += footer(W, H, PRINT_AT_100, version_label("0.1.0", "abc1234def"))
    w2, h2 = LETTER
    p2 = [Rect(36, 36, w2 - 72, 100, fill="#dde8f0", stroke="#000000", stroke_width=1),
          Text(w2 / 2, 96, "Page two - Letter portrait", 20, "sans-bold", anchor="middle")]
    p2 += calibration_square(36, 200)
    p2 += footer(w2, h2, PRINT_AT_100, version_label("0.1.0", "abc1234def"))
    return [Page(W, H, p1, trim_box=TRIM, bleed_box=BLEED, title="sample map"),
            Page(w2, h2, p2, title="sample letter")]


def need_tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} not installed (Debian: poppler-utils / librsvg2-bin); "
                    f"this check needs it")
    return path
