"""What a side sees of a BG position: everything (the game hides nothing), as a
:class:`~genkit.engine.view.View` with BG's own fields, read by the bots and by the procedures
that answer "where may this unit go" (they read the same names on a state or a view)."""
from __future__ import annotations

from ...view import View


class BgView(View):
    __slots__ = ("ctl", "war", "fallen", "bp", "due", "aboard", "stage", "chosen", "builder", "asked",
                 "moved", "shipped")

    def __init__(self, state, side: int):
        View.__init__(self, state, side)
        s = state
        self.ctl, self.war, self.fallen, self.bp, self.due, self.aboard = s.ctl, s.war, s.fallen, s.bp, s.due, s.aboard
        self.stage, self.chosen, self.builder, self.asked = s.stage, s.chosen, s.builder, s.asked
        self.moved, self.shipped = s.moved, s.shipped
