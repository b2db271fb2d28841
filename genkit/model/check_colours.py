"""Checks of colour: text on each side's counter faces readable (WCAG contrast), the sides told
apart by a red-green colour-blind player, plain terrain distinct when printed in grey.
(Registered with :func:`genkit.model.check_context.check`.)"""
from __future__ import annotations

from .check_context import Context, check


def _rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


def _luminance(colour: str) -> float:
    def lin(c):
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio, 1 (none) to 21 (black on white)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _deuteranope(colour: str) -> tuple[float, float, float]:
    """Approximate colour as seen with deuteranopia (Viénot et al. 1999 matrix, in sRGB)."""
    r, g, b = _rgb(colour)
    return (0.625 * r + 0.375 * g, 0.7 * r + 0.3 * g, 0.3 * g + 0.7 * b)


@check
def colours(ctx: Context):
    sides = ctx.content.game.sides
    for i, s in enumerate(sides):
        for face, bg, fg in (("full", s.colour.full, s.colour.text), ("reduced", s.colour.reduced,
                                                                        s.colour.reduced_text)):
            ratio = contrast(bg, fg)
            if ratio < 4.5:
                yield ctx.warning("contrast", ("game", "sides", i, "colour", face),
                                  f"{s.name} {face} face: text contrast {ratio:.1f}:1 is below 4.5:1, hard to read")
    for (i, a), b in ((ia, sb) for ia in enumerate(sides) for sb in sides[ia[0] + 1:]):
        da, db = _deuteranope(a.colour.full), _deuteranope(b.colour.full)
        if sum((x - y) ** 2 for x, y in zip(da, db)) ** 0.5 < 0.25:
            yield ctx.warning("colour-blind", ("game", "sides", i, "colour", "full"),
                              f"{a.name} and {b.name} look alike to a red-green colour-blind player")
    plain = [(i, t) for i, t in enumerate(ctx.content.map.terrain) if t.pattern == "none"]
    for n, (i, t) in enumerate(plain):
        for _, u in plain[n + 1:]:
            if contrast(t.colour, u.colour) < 1.15:
                yield ctx.warning("greyscale", ("map", "terrain", i, "pattern"),
                                  f"terrain '{t.name}' and '{u.name}' have no pattern and print as the same grey")
