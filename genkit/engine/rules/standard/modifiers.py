"""Column shifts and die-roll modifiers by the unit types fighting (docs/standard-rules.md case
8.11): ``rules.combat.modifiers``, a leader with the attackers, combined arms, an elite defender.
Each applies when every unit type it lists for a side is among that side's units in the battle."""
from __future__ import annotations


class UnitModifiers:
    """Case 8.11: the ``rules.combat.modifiers`` of a game, by unit type index."""

    def __init__(self, modifiers, type_index: dict):
        #: (source, attacker types needed, defender types needed, shift, drm)
        self.rules = [("modifier:" + m.id, frozenset(type_index[t] for t in m.attackers_include if t in type_index),
                       frozenset(type_index[t] for t in m.defenders_include if t in type_index), m.shift, m.drm)
                      for m in modifiers]

    def apply(self, attacker_types: set, defender_types: set) -> list:
        """(source, shift, drm) of every modifier whose unit types are all among those fighting."""
        return [(src, sh, dr) for src, att, dfn, sh, dr in self.rules
                if att <= attacker_types and dfn <= defender_types]
