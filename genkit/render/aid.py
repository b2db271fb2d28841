"""The player aid: a flow of sections laid out from the model onto as many pages as they need.

The sections, their order, titles and look come from ``templates/aid.yaml.j2`` (a pack restyles
its aid with its own, see :func:`aid_style`).  Each section is built for its column's width as
rows that are never split (:class:`~.layout.Row`), measured from what they hold; a section the
model has no data for is left out; :func:`~.layout.flow` puts the rows on the pages.  The unit
chart draws each unit type's counters with the counters' own template (:func:`.counters.unit_face`);
track and turn boxes hold a counter with a margin all round.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator, NamedTuple

from ..model.schema import Content
from ..model.yaml_safe import clip, current_limits
from .aid_sections import SECTIONS
from .aid_text import Style
from .cards import deck_title
from .draw import Group, Page, Text
from .fonts import cap_height
from .aid_flow import Placed, flow
from .layout import MIN_TEXT, Block, Row, SheetStyle, template_path, wrap
from .sheets import FOOTER_BAND
from .templates import TemplateError, read_rendered, render_text
from ..templates import FOLDER as DEFAULT_TEMPLATES

STYLE_TEMPLATE = "aid.yaml.j2"


# --------------------------------------------------------------------------- the style

def _merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for k, v in over.items():
        out[k] = _merge(base[k], v) if isinstance(v, dict) and isinstance(base.get(k), dict) else v
    return out


def _style_doc(path: Path, context: dict, root: Path | None) -> dict:
    key = json.dumps(context, sort_keys=True)
    return copy.deepcopy(_cached_style(str(path), path.stat().st_mtime_ns, key, str(root) if root else None))


@lru_cache(maxsize=64)
def _cached_style(path: str, mtime_ns: int, context_json: str, root: str | None) -> dict:
    """The style document, rendered and parsed once per template file, its mtime and context."""
    text = render_text(path, json.loads(context_json), root=root)
    doc = read_rendered(text, path)  # bounded like content: depth, values, aliases
    if not isinstance(doc, dict):
        raise TemplateError(f"{path}: the player aid's style must render to a YAML mapping")
    return doc


def aid_style(content: Content, content_root: str | Path | None = None) -> Style:
    """genkit's player-aid style, with the pack's ``templates/aid.yaml.j2`` laid over it."""
    cards = content.play_deck()
    context = {"title": content.game.title, "turns": content.turn_track.turns,
               "die_faces": content.crt.die_faces if content.crt else 0,
               "deck": deck_title(content) if cards else "",
               "draw_table": cards.draw_table_name if cards and cards.draw_table else ""}
    default = DEFAULT_TEMPLATES / STYLE_TEMPLATE
    doc = _style_doc(default, context, None)
    own = template_path(STYLE_TEMPLATE, content_root)
    if own != default:
        doc = _merge(doc, _style_doc(own, context, own.parent.parent))
    try:
        unknown = [s.get("id") for s in doc["sections"] if s.get("id") not in SECTIONS]
        if unknown:
            raise ValueError(f"unknown player-aid section {unknown[0]!r}; known: {', '.join(SECTIONS)}")
        return Style(copy.deepcopy(doc))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise TemplateError(f"{own}: {type(exc).__name__}: {clip(str(exc), 300)}") from exc


# --------------------------------------------------------------------------- pages

def aid_blocks(content: Content, st: Style, width: float, content_root=None) -> Iterator[Block]:
    """Every section the style names and the model has data for, built for its span, one by
    one (so the pages they fill are counted as they come)."""
    half = (width - st.gutter) / 2
    skip: set = set()
    if any(sec.get("id") == "rules_charts" for sec in st.sections):   # a chart takes a section's place
        from .charts import replaced_sections
        skip = replaced_sections(content)
    for sec in st.sections:
        if sec["id"] in skip:
            continue
        span, new_page = sec.get("span", "full"), bool(sec.get("new_page"))
        if sec["id"] == "rules_charts":    # one block per chart, each at its own span
            from .aid_sections import chart_blocks
            yield from chart_blocks(content, st, width, half, sec.get("spans") or {}, new_page)
            continue
        w = half if span == "half" else width
        for key, rows in SECTIONS[sec["id"]](content, st, w, sec.get("title", ""), content_root):
            if rows:
                yield Block(key, tuple(rows), span, new_page)


def _within_page_limit(blocks: Iterable[Block], page_height: float, where: Path) -> list[Block]:
    """``blocks``, refused (``genkit --limit aid_pages``) as soon as they would fill more pages
    than the player aid may have: each page holds ``page_height`` of full-width rows or twice
    that of half-width ones, and a section on a new page starts one."""
    limits = current_limits()
    out, new_pages, height = [], 0, 0.0
    for blk in blocks:
        out.append(blk)
        new_pages += blk.new_page
        height += sum(row.height for row in blk.rows) / (2 if blk.span == "half" else 1)
        if max(new_pages, height / page_height) > limits.aid_pages:
            raise _too_many_pages(where)
    return out


def _too_many_pages(where: Path) -> TemplateError:
    limits = current_limits()
    return TemplateError(f"{where}: " + limits.exceeded(
        "aid_pages", f"the player aid runs past {limits.aid_pages} pages"))


def _title_lines(st: Style, text: str, width: float) -> list[str]:
    return wrap(text, st.title["font"], st.title["size"], width)


class AidLayout(NamedTuple):
    """The player aid laid out, before it is drawn: its style, its sections and, per page, the
    rows placed on it (x from the content's left edge, y from the page top)."""
    style: Style
    blocks: list[Block]
    pages: list[list[Placed]]


def aid_layout(content: Content, style: SheetStyle, content_root: str | Path | None = None) -> AidLayout:
    """The aid's sections flowed down the pages of ``style``'s paper (:func:`.aid_flow.flow`)."""
    st = aid_style(content, content_root)
    W, H = style.size
    m = st.margin
    width = W - 2 * m
    ts = st.title["size"]
    # the page heading's height, from its longest form
    longest = _title_lines(st, f"{content.game.title} - {st.word('page')} (99 of 99)", width)
    top = m + len(longest) * ts * 1.2 + 6
    bottom = H - max(m, FOOTER_BAND + 12)
    blocks = _within_page_limit(aid_blocks(content, st, width, content_root), bottom - top,
                                template_path(STYLE_TEMPLATE, content_root))
    pages = flow(blocks, width, st.gutter, st.gap, top, bottom)
    if len(pages) > current_limits().aid_pages:  # rows that leave much of their pages empty
        raise _too_many_pages(template_path(STYLE_TEMPLATE, content_root))
    return AidLayout(st, blocks, pages)


def aid_pages(content: Content, style: SheetStyle, content_root: str | Path | None = None) -> list[Page]:
    st, _, pages = aid_layout(content, style, content_root)
    W, H = style.size
    m = st.margin
    width = W - 2 * m
    title = content.game.title
    ts = st.title["size"]
    out = []
    for n, placed in enumerate(pages, 1):
        head = f"{title} - {st.word('page')}" + (f" ({n} of {len(pages)})" if len(pages) > 1 else "")
        items = [Text(m, m + cap_height(st.title["font"], ts) + i * ts * 1.2, ln, ts, st.title["font"],
                      st.title["fill"]) for i, ln in enumerate(_title_lines(st, head, width))]
        for x, y, row in placed:
            items.append(_at(row, m + x, y))
        label = f"{st.word('page')} {n} of {len(pages)}"
        out.append(style.page(items, W, H, f"player aid {n}", label))
    return out


def _at(row: Row, x: float, y: float) -> Group:
    return Group(row.items, translate=(x, y))


__all__ = ["aid_pages", "aid_layout", "AidLayout", "aid_style", "aid_blocks", "MIN_TEXT"]
