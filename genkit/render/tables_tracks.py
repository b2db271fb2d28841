"""The tracks of the model as table records (:class:`~.tables.TableData`): each track
(``tracks`` of the model, e.g. a killstreak track per unit type and side) is built once here,
drawn by the rules booklet for ``[[tracks ID]]`` and by the player aid, whose "box" cells are
places a counter fits.  Words from the style (``templates/aid.yaml.j2``)."""

from __future__ import annotations

from ..model.schema import Content
from .layout import lighten
from .tables import TableData, Words

FIRST_BOX = "#eeeeee"     #: the start box of a lane
LAST_BOX = "#dddddd"      #: the last box of a lane no side owns (a side's: its colour, lightened)


def lanes_of(content: Content, track, side) -> list[tuple[str, int]]:
    """The lanes of ``track`` a side plays on: those it has a marker for when markers name the
    track, else those of the unit types it owns (and lanes naming no unit type)."""
    sid = side.id if side else None
    marked = [m for m in content.counters.markers if m.track and m.track.startswith(f"{track.id}:")]
    owned = {g.type for g in content.counters.units if sid is None or g.side == sid}
    types = {u.id for u in content.unit_types}
    out = []
    for lane, last in track.lanes.items():
        if marked:
            keep = any(m.track == f"{track.id}:{lane}" and (m.side in (None, sid) or sid is None) for m in marked)
        else:
            keep = lane not in types or lane in owned
        if keep:
            out.append((lane, last))
    return out


def track_ids(content: Content) -> list[str]:
    return [t.id for t in content.tracks]


def track_table(content: Content, track_id: str, st) -> TableData:
    """A track: each lane a side plays (:func:`lanes_of`; one copy per side when the track is
    per side) as boxes 0 to its last, the first marked "start", the last with the track's
    ``last_label`` on the side's colour.  The longer way runs down the page: lanes are columns
    when there are more lanes than boxes in the longest, else rows, each under a band with its
    name and the count that completes it (on the side's colour).  How the track is used (``text``) is the rules' to say:
    the player aid prints it above the boxes."""
    w: Words = st.word
    track = content.track(track_id)
    types = {u.id: u for u in content.unit_types}
    lanes = []                                   # (title, last, side)
    for side in (content.game.sides if track.per_side else [None]):
        for lane, last in lanes_of(content, track, side):
            label = types[lane].short if lane in types else lane
            lanes.append((f"{side.adjective} {label}" if side else label, last, side))
    longest = max((last for _, last, _ in lanes), default=0) + 1

    def box(k: int, last: int) -> str:
        tag = w("start") if k == 0 else (track.last_label if k == last else "")
        return f"{k} {tag}".strip()

    def fill(k: int, last: int, side) -> str | None:
        if k == last:
            return lighten(side.colour.full, 0.85) if side else LAST_BOX
        return FIRST_BOX if k == 0 else None

    fills = {}
    if len(lanes) > longest:                     # lanes as columns, boxes down the page
        rows = [[box(k, last) if k <= last else "" for _, last, _ in lanes] for k in range(longest)]
        for j, (_, last, side) in enumerate(lanes):
            fills.update({(k, j): f for k in range(last + 1) if (f := fill(k, last, side))})
        return TableData([[t for t, _, _ in lanes]], rows, [1.0] * len(lanes), fills,
                         align=["CENTER"] * len(lanes), title=track.name, roles=["box"] * len(lanes))
    rows, bands = [], []
    for title, last, side in lanes:              # lanes as rows: each under a band with its name
        bands.append(len(rows))
        if side:
            fills[(len(rows), 0)] = side.colour.full
        count = f": {last} {track.count}" if track.count else ""
        rows.append([title + count] + [""] * (longest - 1))
        fills.update({(len(rows), k): f for k in range(last + 1) if (f := fill(k, last, side))})
        rows.append([box(k, last) if k <= last else "" for k in range(longest)])
    return TableData([], rows, [1.0] * longest, fills, [(b, 0, longest - 1) for b in bands], bands,
                     align=["CENTER"] * longest, title=track.name, roles=["box"] * longest)
