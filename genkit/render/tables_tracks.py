"""The tracks of the model as table records (:class:`~.tables.TableData`), each built once
here and drawn by the rules booklet and by the player aid, whose "box" cells are places a
counter fits: the game turn track (``[[turn_track]]``: each turn's box with its per-turn numbers
and reinforcements) and each track of ``tracks`` (``[[tracks ID]]``, e.g. a track of kills
per unit type and side).  Words from the style (``templates/aid.yaml.j2``)."""

from __future__ import annotations

from ..model.schema import Content
from .layout import lighten
from .counters import side_initial
from .tables import Mark, TableData, Words

FIRST_BOX = "#eeeeee"     #: the start box of a lane
LAST_BOX = "#dddddd"      #: the last box of a lane no side owns (a side's: its colour, lightened)


TURN_TRACK_COLUMNS = 10   #: turns a row of the turn track at most (the rows as even as they can be)


def arrivals(content: Content) -> dict[int, list[tuple[str, object]]]:
    """Turn -> the reinforcements that enter on it, as ("2 INF", side) in model order (one entry
    per side and unit type)."""
    out: dict[int, dict] = {}
    for grp in content.counters.units:
        if grp.enters is None or not grp.reserve:
            continue
        key = (grp.side, grp.type)
        turn = out.setdefault(grp.enters.turn, {})
        turn[key] = turn.get(key, 0) + grp.reserve
    return {t: [(f"{n} {content.unit_type(ty).short}", content.side(sd)) for (sd, ty), n in groups.items()]
            for t, groups in out.items()}


def entry_initials(entries) -> dict[str, str]:
    """Per-turn entry id -> the shortest start of its name that no other entry's name shares
    ("R" for "Replacement points" beside "Cards drawn"; "Rep" and "Rei" for "Replacements" beside
    "Reinforcements"), which tells its chips from another entry's in a turn that has both; names
    alike to the end are numbered ("R1", "R2")."""
    names = {e.id: "".join(e.name.split()) or e.id for e in entries}
    for k in range(1, max(map(len, names.values()), default=0) + 1):
        tags = {i: n[:1].upper() + n[1:k] for i, n in names.items()}
        if len(set(tags.values())) == len(tags):
            return tags
    return {i: f"{n[:1].upper()}{j}" for j, (i, n) in enumerate(names.items(), 1)}


def turn_track_table(content: Content, _, st) -> TableData:
    """The game turn track: a box per turn in reading order, rows of at most
    :data:`TURN_TRACK_COLUMNS` as even as they can be, each with its marks: every per-turn
    number above 0 (by entry and side, "+1"; in a turn with numbers of more than one entry,
    with the entry's initial: "+1 R", "+2 C") and the reinforcements that enter ("2 INF"); the
    cell's text says the same with each side's initial ("3: A +1, R +1")."""
    tt = content.turn_track
    per_row = -(-tt.turns // -(-tt.turns // TURN_TRACK_COLUMNS))
    arriving = arrivals(content)
    initials = entry_initials(tt.per_turn)
    rows: list[list[str]] = []
    marks = {}
    for t in range(1, tt.turns + 1):
        r, c = divmod(t - 1, per_row)
        if c == 0:
            rows.append([""] * per_row)
        numbers = [(e, sd, n) for e in tt.per_turn for sd in content.game.sides
                   if (n := content.turn_value(e.id, t, sd.id)) > 0]
        several = len({e.id for e, _, _ in numbers}) > 1       # then each chip says whose number it is
        own = [Mark(f"+{n} {initials[e.id]}" if several else f"+{n}", sd.id, "per_turn") for e, sd, n in numbers]
        own += [Mark(label, sd.id, "arrival") for label, sd in arriving.get(t, [])]
        marks[(r, c)] = tuple(own)
        said = [f"{side_initial(content, m.side)} {m.text}" for m in own]
        rows[r][c] = f"{t}: {', '.join(said)}" if said else str(t)
    return TableData([], rows, [1.0] * per_row, align=["LEFT"] * per_row, title=st.word("t_turn_track"),
                     roles=["box"] * per_row, marks=marks)


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
