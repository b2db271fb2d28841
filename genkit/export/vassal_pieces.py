"""VASSAL piece definitions: the text a PieceSlot or CardSlot holds.

A definition is ``"+/null/" + TYPE + "/" + STATE`` joined with VASSAL's SequenceEncoder: each
trait (a Decorator) wraps the piece inside it, so TYPE is the outermost trait's type, a tab, and
the type of everything inside, down to the BasicPiece ``piece;;;<image>;<name>``; STATE has the
same shape. Every level escapes only its own delimiter, which :func:`encode` does as VASSAL does
(tests/export/test_vassal_encoding.py holds it to the engine's own encoder for every character).

genkit writes two shapes, both checked in the real engine (tests/export/test_vassal_engine.py):

* a two-faced counter: a Layer trait (``emb2``) named ``Side`` whose level 1 shows the front and
  level 2 the back; Ctrl+F steps between them (the level name ``+ (<back label>)`` is appended
  to the piece's name on the back);
* a card: a Mask trait (``obs``) that shows the back to everyone until it is turned; a deck set
  face down masks every card through it.
"""

from __future__ import annotations

#: Ctrl+F as VASSAL writes a key stroke: key code 70, modifiers 130 (Ctrl down + Ctrl)
FLIP_KEY = "70,130"
CTRL = "130"
LAYER_NAME = "Side"


def encode(fields, delim: str) -> str:
    """``fields`` joined by ``delim`` as VASSAL's SequenceEncoder joins strings, character for
    character: a backslash goes before each ``delim`` inside a field (nothing else is escaped),
    and a field that ends with a backslash, or starts and ends with a single quote, is wrapped
    in single quotes (the decoder would otherwise read ``\\`` + ``delim`` as an escaped
    delimiter, or strip the field's own quotes). ``None`` is an empty field."""
    out = []
    for f in fields:
        f = "" if f is None else str(f)
        quoted = f.endswith("\\") or (f.startswith("'") and f.endswith("'"))
        f = f.replace(delim, "\\" + delim)
        out.append(f"'{f}'" if quoted else f)
    return delim.join(out)


def decode(text: str, delim: str) -> list[str]:
    """The fields of ``text`` as VASSAL's SequenceEncoder.Decoder reads them (the inverse of
    :func:`encode`, for checks without the engine): a ``delim`` right after a backslash is part
    of the field (the backslash dropped); a field wrapped in single quotes loses them."""
    fields, cur = [], []
    for ch in text:
        if ch == delim and cur and cur[-1] == "\\":
            cur[-1] = delim
        elif ch == delim:
            fields.append(_unquote("".join(cur)))
            cur = []
        else:
            cur.append(ch)
    fields.append(_unquote("".join(cur)))
    return fields


def _unquote(f: str) -> str:
    return f[1:-1] if len(f) > 1 and f.startswith("'") and f.endswith("'") else f


def _basic(image: str, name: str) -> tuple[str, str]:
    """BasicPiece type and state (off-map; the slot's gpid is set by the caller)."""
    return "piece;" + encode(["", "", image, name], ";"), "null;0;0;{gpid};0"


def _layer(front: str, back: str, back_label: str) -> tuple[str, str]:
    """A two-level Layer: front at level 1, back at level 2, Ctrl+F cycles."""
    fields = ["Flip", CTRL, "", "", CTRL, "", "", CTRL, "", "", "", "1", "false", "0", "0",
              encode([front, back], ","), encode(["", f"+ ({back_label})"], ","), "true",
              LAYER_NAME, "", "", "false", "", "1", "1", "true", "", FLIP_KEY, "", "", "1.0", "",
              "true"]
    return "emb2;" + encode(fields, ";"), "1"


def _mask(back: str) -> tuple[str, str]:
    """A Mask that shows ``back`` to everyone (``G`` prefix) until Ctrl+F turns the card."""
    fields = [FLIP_KEY, back, "Flip", "G" + back, "Card", "player:", "Peek", "", "false", "", ""]
    return "obs;" + encode(fields, ";"), "null"


def _wrap(traits: list[tuple[str, str]], gpid: int) -> str:
    """The definition of a piece made of ``traits``, outermost first, BasicPiece last."""
    type_, state = traits[-1]
    state = state.format(gpid=gpid)
    for t, s in reversed(traits[:-1]):
        type_, state = encode([t, type_], "\t"), encode([s, state], "\t")
    return "+/" + encode(["null", type_, state], "/")


def counter_definition(name: str, front: str, back: str, back_label: str, gpid: int) -> str:
    """A two-faced counter named ``name`` (``front``/``back``: image file names)."""
    return _wrap([_layer(front, back, back_label), _basic(front, name)], gpid)


def card_definition(name: str, face: str, back: str, gpid: int) -> str:
    """A card named ``name`` showing ``face``, masked by ``back``."""
    return _wrap([_mask(back), _basic(face, name)], gpid)


def basic_of(definition: str) -> tuple[str, str]:
    """(image, name) of the BasicPiece inside a definition written here (for checks)."""
    _, type_, _ = decode(definition[2:], "/")
    while True:
        parts = decode(type_, "\t")
        if len(parts) == 1:
            break
        type_ = parts[1]
    fields = decode(type_[len("piece;"):], ";")
    return fields[2], fields[3]
