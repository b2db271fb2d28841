"""The base of the content model: ``Strict`` (the model every content class derives from) and the
field types the content files share (ids, hex ids, colours, printable text)."""
# (no "from __future__ import annotations": pydantic then reads each annotation as the object it
# is, rather than evaluate it from a string, at every command's start)

import re
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", description="lower-case identifier: letters, digits, _")]
SpaceId = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[^\s\u0000-\u001f\u007f-\u009f]"
                                                                    r"([^\u0000-\u001f\u007f-\u009f]*[^\s])?$",
                               description="a space id, quoted: a hex '0305', an ox 'E4', an area "
                                           "'Western Turkey', a box 'Eliminated'")]
#: a space id where hexes are the usual case (set-up, places, victory): any space id
HexId = SpaceId
Colour = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", description="colour as #rrggbb")]

# Characters printed text may not hold: C0 controls, DEL, C1 controls, Unicode line and
# paragraph separators (a regex class, valid in Python, JSON Schema and pydantic alike).
_CONTROLS = r"\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029"
_BREAKS = "\n\r\x0b\x0c\x85\u2028\u2029"


class Printable:
    """A validator refusing any character of the regex class ``forbidden``, saying which and where,
    and (``longest``) a text of more characters. A class, not a closure, so the validator pydantic
    builds of the model can be kept on disk (:mod:`genkit.pack.schema_cache`)."""

    def __init__(self, forbidden: str, what: str, longest: int | None = None):
        self.pattern = re.compile(f"[{forbidden}]")
        self.what, self.longest = what, longest

    def __call__(self, text: str) -> str:
        if self.longest is not None and len(text) > self.longest:
            raise ValueError(f"String should have at most {self.longest} characters (it has {len(text)})")
        bad = self.pattern.search(text)
        if bad:
            kind = "a line break" if bad.group() in _BREAKS else "a control character"
            raise ValueError(f"{self.what}; found {kind} ({bad.group()!r}) at character {bad.start() + 1}")
        return text


def _printable(forbidden: str, what: str, longest: int | None = None) -> AfterValidator:
    return AfterValidator(Printable(forbidden, what, longest))


#: the longest Line: more than a printed line holds across a page at the 6 pt the kit prints at least
LINE_MAX = 200

# Text the kit prints on one line (names, labels, titles): a line break, or a line longer than any
# page (whose wrapped cell could be taller than a page), would stop the build far from the YAML
# that holds it, so the schema refuses it, naming file, line and field. (The longest is checked by
# the validator, not Field(max_length): pydantic 2.14 lets the type's max_length replace a tighter
# one of the field, e.g. a terrain code's one character.)
Line = Annotated[str, _printable(_CONTROLS + r"\t\n", "must be a single line of printable text", LINE_MAX),
                 Field(json_schema_extra={"pattern": f"^[^{_CONTROLS}\\t\\n]*$"})]
# A few letters printed in a small mark (a counter's badge): one line, at most BADGE_MAX characters.
BADGE_MAX = 4
Badge = Annotated[str, _printable(_CONTROLS + r"\t\n", "must be a single line of printable text", BADGE_MAX),
                  Field(json_schema_extra={"pattern": f"^[^{_CONTROLS}\\t\\n]*$", "maxLength": BADGE_MAX})]
# Text the kit wraps into lines itself (card text, explanations): line breaks and tabs allowed.
Paragraph = Annotated[str, _printable(_CONTROLS, "must be printable text"),
                      Field(json_schema_extra={"pattern": f"^[^{_CONTROLS}]*$"})]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)
