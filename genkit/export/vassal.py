"""``<game>.vmod``: a VASSAL module of the game, from the kit's own images (:mod:`.artwork`).

A module is a zip of ``buildFile.xml`` (the component tree: each XML element is a VASSAL Java
class, each attribute one ``setAttribute`` call), ``moduledata`` (which engine version wrote it,
so 3.5+ engines read ``buildFile.xml``) and ``images/``. The module holds:

* the map, with a HexGrid whose numbering is the model's hex ids (flat or pointy, either shift);
  a square board's map with a SquareGrid numbered like its ids (CCRR); an octagon or drawn
  board's maps, one window per sheet of the board, each with an irregular grid (RegionGrid) of
  one named point (Region) per space at its centre, so pieces snap to spaces and VASSAL names
  their location by the space's id;
* every counter kind as a two-faced piece (Ctrl+F flips), in a palette with a list per side;
* the set-up pieces on their hexes (SetupStacks) and, on a card table, the deck face down and
  shuffled with its back (DrawPile);
* the game's dice (the CRT's die, each symbol die), a turn tracker of the model's turns and
  phases, and the sides as player sides.

VASSAL drops a component whose attribute it cannot parse without telling the player (a grid
with a fractional ``x0`` simply is not there), so every number written here is built to parse:
origins are whole pixels (:mod:`.artwork` shifts the map to make them so). Only 3.6-era elements
and attributes are written; newer engines read them too. The real engine's proof is
``tests/export/test_vassal_engine.py``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from .artwork import Artwork, CounterKind
from .vassal_pieces import card_definition, counter_definition, encode
from .zipped import zip_bytes

#: written as the module's engine version: 3.5 or later reads buildFile.xml; not newer than the
#: oldest engine we test with (a newer one makes VASSAL ask about a version mismatch)
VASSAL_VERSION = "3.5.8"
B = "VASSAL.build."
MAP_CHILDREN = ("module.map.StackMetrics", "module.map.ForwardToKeyBuffer", "module.map.Scroller", "module.map.ForwardToChatter",
                "module.map.MenuDisplayer", "module.map.MapCenterer", "module.map.StackExpander", "module.map.PieceMover",
                "module.map.KeyBufferer", "module.map.ImageSaver", "module.map.CounterDetailViewer", "module.map.Zoomer")
MODULE_CHILDREN = ("module.BasicCommandEncoder", "module.Documentation", "module.GlobalOptions",
                   "module.Chatter", "module.KeyNamer", "module.PrototypesContainer")
BOARD = "Board"
CARD_BOARD = "Card table"


class _Slots:
    """Hands out the unique ``gpid`` every PieceSlot and CardSlot needs."""

    def __init__(self):
        self.next = 1

    def take(self) -> int:
        self.next += 1
        return self.next - 1


def _el(parent, cls: str, text: str | None = None, **attrs) -> ET.Element:
    e = ET.SubElement(parent, B + cls, {k: str(v) for k, v in attrs.items()})
    if text is not None:
        e.text = text
    return e


def vmod_bytes(art: Artwork, content) -> bytes:
    """The module as zip bytes (same artwork and content -> same bytes)."""
    files = {"buildFile.xml": build_file(art, content), "moduledata": module_data(art)}
    for name, data in art.images.items():
        files[f"images/{name}"] = data
    for doc in art.documents:                      # the Help menu's PDFs and the Charts' pages
        files[f"pdf/{doc.key}.pdf"] = doc.pdf
        for n, data in enumerate(doc.pages, 1):
            files[f"images/{doc.page_name(n)}"] = data
    return zip_bytes(files)


def module_data(art: Artwork) -> bytes:
    root = ET.Element("data", version="1")
    for tag, text in (("version", art.version), ("extra1", ""), ("extra2", ""),
                      ("VassalVersion", VASSAL_VERSION), ("dateSaved", "0"),
                      ("description", f"{art.title}: made by genkit from the game's model"),
                      ("name", art.title)):
        ET.SubElement(root, tag).text = text
    return _xml(root)


def _xml(root: ET.Element) -> bytes:
    ET.indent(root)
    return b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(root, "utf-8",
                                                                                  xml_declaration=False)


def build_file(art: Artwork, content) -> bytes:
    """buildFile.xml: the module's component tree."""
    slots = _Slots()
    root = ET.Element(B + "GameModule", name=art.title, version=art.version,
                      VassalVersion=VASSAL_VERSION, description=f"{art.title} (genkit)")
    for cls in MODULE_CHILDREN:
        e = _el(root, cls)
        if cls == "module.Documentation":
            _documentation(e, art)
    roster = _el(root, "module.PlayerRoster", buttonText="Retire")
    for side in content.game.sides:
        ET.SubElement(roster, "entry").text = side.name
    if art.map.grid is not None:
        _main_map(root, art, slots)
    else:
        for m in art.maps:
            _board_map(root, art, m, slots, len(art.maps) > 1)
    if art.decks:
        _card_map(root, art, content, slots)
    _palette(root, art, content, slots)
    _dice(root, content)
    _turns(root, content)
    _charts(root, art)
    root.set("nextPieceSlotId", str(slots.next))
    return _xml(root)


def _documentation(doc, art: Artwork) -> None:
    """Help menu: the rules booklet and the player aid, each opened as its PDF."""
    for d in sorted(art.documents, key=lambda d: d.key != "rules"):
        _el(doc, "module.documentation.BrowserPDFFile", title=d.title, pdfFile=f"pdf/{d.key}.pdf")


def _charts(root, art: Artwork) -> None:
    """A Charts window with the player aid's pages (the Combat Results Table, tracks and charts),
    one tab a page."""
    aid = next((d for d in art.documents if d.key == "player-aid"), None)
    if aid is None:
        return
    window = _el(root, "module.ChartWindow", name="Player aid", tooltip="The player aid: CRT, tracks and charts",
                 icon="", hotkey="", description="")
    window.set("text", "Player aid")          # the toolbar button's label (_el's text is the element's)
    tabs = _el(window, "widget.TabWidget", entryName="Player aid")
    for n in range(1, len(aid.pages) + 1):
        _el(tabs, "widget.Chart", chartName=f"Page {n}", description="", fileName=aid.page_name(n))


def _map(root, name: str, button: str) -> ET.Element:
    return _el(root, "module.Map", mapName=name, buttonName=button, allowMultiple="false",
               markMoved="Never", backgroundcolor="255,255,255")


def _map_tools(m) -> None:
    for cls in MAP_CHILDREN:
        if cls == "module.map.StackMetrics":
            _el(m, cls, exSepX=6, exSepY=18, unexSepX=2, unexSepY=4, disabled="false")
        else:
            _el(m, cls)


def _main_map(root, art: Artwork, slots: _Slots) -> None:
    m = _map(root, "Main Map", "Map")
    board = _el(_el(m, "module.map.BoardPicker"), "module.map.boardPicker.Board",
                name=BOARD, image=art.map.image, reversible="false")
    _grid(board, art.map.grid)
    _map_tools(m)
    for kind in art.counters:
        for hex_id in kind.setup:
            x, y = art.map.grid.centres[hex_id]
            stack = _el(m, "module.map.SetupStack", name=f"{kind.name} {hex_id}", owningBoard=BOARD,
                        useGridLocation="true", location=hex_id, x=int(x), y=int(y))
            _counter_slot(stack, "widget.PieceSlot", kind, art, slots)


def _board_map(root, art: Artwork, m, slots: _Slots, several: bool) -> None:
    """One sheet of a board that is not a hex grid: its window, its grid, its set-up pieces. A
    board of one sheet keeps the hex map's names (``Main Map``, ``Board``); several sheets are
    named by theirs."""
    map_name, board_name = (m.name, m.name) if several else ("Main Map", BOARD)
    win = _map(root, map_name, m.name if several else "Map")
    board = _el(_el(win, "module.map.BoardPicker"), "module.map.boardPicker.Board",
                name=board_name, image=m.image, reversible="false")
    if m.square is not None:
        _square_grid(board, m.square)
    else:
        _region_grid(board, m.spaces)
    _map_tools(win)
    for kind in art.counters:
        for space_id in kind.setup:
            if space_id not in m.spaces:
                continue
            x, y = m.spaces[space_id]
            stack = _el(win, "module.map.SetupStack", name=f"{kind.name} {space_id}", owningBoard=board_name,
                        useGridLocation="true", location=space_id, x=round(x), y=round(y))
            _counter_slot(stack, "widget.PieceSlot", kind, art, slots)


def _square_grid(board, sq) -> None:
    """A SquareGrid whose squares are named CCRR like the model's: raw square (0, 0) is column 1,
    row 1, centred on (x0, y0)."""
    grid = _el(board, "module.map.boardPicker.board.SquareGrid", x0=sq.x0, y0=sq.y0, dx=repr(sq.d),
               dy=repr(sq.d), snapTo="true", edgesLegal="false", cornersLegal="false", visible="false",
               dotsVisible="false", color="0,0,0", range="Metric")
    _el(grid, "module.map.boardPicker.board.mapgrid.SquareGridNumbering", first="H", sep="", hType="N",
        hLeading=1, hOff=1, hDescend="false", vType="N", vLeading=1, vOff=1, vDescend="false",
        visible="false", fontSize=9, color="0,0,0", rotateText=0, hDrawOff=0, vDrawOff=0,
        locationFormat="$gridLocation$")


def _region_grid(board, spaces: dict) -> None:
    """An irregular grid: one named point per space at its centre (whole pixels)."""
    grid = _el(board, "module.map.boardPicker.board.RegionGrid", snapto="true", visible="false", fontsize=9)
    for space_id, (x, y) in spaces.items():
        _el(grid, "module.map.boardPicker.board.Region", name=space_id, originx=round(x), originy=round(y))


def _grid(board, g) -> None:
    """A HexGrid named like the model: raw hex (0, 0) is the model's ``col_off``/``row_off``."""
    grid = _el(board, "module.map.boardPicker.board.HexGrid", x0=g.x0, y0=g.y0, dx=repr(g.dx),
               dy=repr(g.dy), sideways=str(g.sideways).lower(), snapTo="true", edgesLegal="false",
               cornersLegal="false", visible="false", dotsVisible="false", color="0,0,0")
    # VASSAL names a hex column then row; on a sideways grid its "columns" are the screen's rows
    first, h_off, v_off = ("V", g.row_off, g.col_off) if g.sideways else ("H", g.col_off, g.row_off)
    _el(grid, "module.map.boardPicker.board.mapgrid.HexGridNumbering", first=first, sep="",
        hType="N", hLeading=1, hOff=h_off, hDescend="false", vType="N", vLeading=1, vOff=v_off,
        vDescend="false", stagger="false", visible="false", fontSize=9, color="0,0,0",
        rotateText=0, hDrawOff=0, vDrawOff=0, locationFormat="$gridLocation$")


def _counter_slot(parent, cls: str, kind: CounterKind, art: Artwork, slots: _Slots) -> None:
    gpid = slots.take()
    _el(parent, cls, counter_definition(kind.name, kind.front, kind.back, kind.back_label, gpid),
        entryName=kind.name, gpid=gpid, width=art.counter_px, height=art.counter_px)


def _card_map(root, art: Artwork, content, slots: _Slots) -> None:
    """A second window, the card table, holding each deck face down and shuffled, side by side."""
    w = sum(2 * d.card_px[0] for d in art.decks) + 2 * max(d.card_px[0] for d in art.decks)
    h = max(d.card_px[1] for d in art.decks)
    m = _map(root, "Cards", "Cards")
    _el(_el(m, "module.map.BoardPicker"), "module.map.boardPicker.Board", name=CARD_BOARD,
        width=w, height=2 * h, color="40,90,60", reversible="false")
    _map_tools(m)
    x = art.decks[0].card_px[0]
    for deck in art.decks:
        cw, ch = deck.card_px
        pile = _el(m, "module.map.DrawPile", name=f"{deck.name} deck", owningBoard=CARD_BOARD,
                   x=x, y=h, width=cw, height=ch, faceDown="Always", shuffle="Always", draw="true",
                   drawFaceUp="false", reshufflable="false", reversible="false",
                   allowMultiple="true", allowSelect="false", color="0,0,0")
        x += 2 * cw
        for card in deck.cards:
            gpid = slots.take()
            _el(pile, "widget.CardSlot", card_definition(card.name, card.image, deck.back, gpid),
                entryName=card.name, gpid=gpid, width=cw, height=ch)


def _palette(root, art: Artwork, content, slots: _Slots) -> None:
    """The counter palette: a tab per side with its units and markers, one for the others."""
    win = _el(root, "module.PieceWindow", name="Counters", text="Counters", tooltip="Counters",
              hidden="false", scale="1.0")
    tabs = _el(win, "widget.TabWidget", entryName="Counters")
    groups = [(side.name, [k for k in art.counters if k.side == side.id]) for side in content.game.sides]
    groups.append(("Markers", [k for k in art.counters if k.side is None]))
    for title, kinds in groups:
        if kinds:
            lst = _el(tabs, "widget.ListWidget", entryName=title, scale="1.0")
            for kind in kinds:
                _counter_slot(lst, "widget.PieceSlot", kind, art, slots)


def _dice(root, content) -> None:
    """The CRT's die (or dice, added: crt.dice) as a number die; every symbol die as a die of named
    faces."""
    if content.crt is not None:
        n, k = content.crt.die_faces, content.crt.dice
        _el(root, "module.DiceButton", name=f"{k}d{n}", text=f"{k}d{n}", tooltip=f"Roll {k}d{n}",
            nDice=k, nSides=n, plus=0, addToTotal=0, reportTotal="true" if k > 1 else "false", prompt="false",
            reportFormat="** $name$ = $result$ *** <$playerName$>", hotkey="")
    for die in content.dice:
        b = _el(root, "module.SpecialDiceButton", name=die.name, text=die.name, tooltip=f"Roll the {die.name}",
                resultChatter="true", format=f"** {die.name} = $result1$ *** <$playerName$>",
                resultWindow="false", windowTitleResultFormat="$name$", hotkey="")
        d = _el(b, "module.SpecialDie", name=die.name, format="$name$")
        for i, face in enumerate(die.faces, 1):
            _el(d, "module.SpecialDieFace", text=face.name, value=i, icon="")


def _turns(root, content) -> None:
    """A turn tracker: the model's turns, each with its phases in the sequence of play."""
    t = _el(root, "module.turn.TurnTracker", name="Turn", buttonText="Turn", buttonTooltip="Turn tracker",
            turnFormat="Turn $level1$ - $level2$", reportFormat="<$playerName$> Turn updated from "
            "$oldTurn$ to $newTurn$", lengthStyle="Maximum", hotkey="", nexthotkey="", prevhotkey="")
    turns = _el(t, "module.turn.CounterTurnLevel", name="Turn", property="Turn", start=1, incr=1,
                loop="true", loopLimit=content.turn_track.turns, turnFormat="$value$")
    phases = [p.name for p in content.game.sequence_of_play]
    _el(turns, "module.turn.ListTurnLevel", name="Phase", property="Phase", list=encode(phases, ","),
        configList="false", configFirst="false", turnFormat="$value$")
