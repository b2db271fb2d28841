"""Ridge: a small fire-and-move game, and the proof that a game with procedures of its own
needs only this module, its content folder and one registration line.

The rules (numbers are those of tests/fixtures/ridge):

* R1 A game turn is ``game.sequence_of_play``: ``move`` and ``fire`` phases, each naming its
  side. After the last phase the turn ends and ``game.victory`` is checked (generic, data).
* R2 In its move phase a side moves each of its units at most once, one unit at a time, in
  any order, or ends the phase. A unit spends its ``movement`` points on the terrain costs;
  it never enters an enemy unit's hex, enters a friend's hex only if its type
  ``passes_through_friends``, stops on entering a hex next to an enemy unit (zone of
  control), and ends in an empty hex.
* R3 In its fire phase each unit of the side may fire once, at one enemy unit within its
  longest attack distance and in line of sight. The attack type is the first of
  ``crt.attack_types`` whose distance reaches the target; the CRT column compares the
  firer's attack strength with the target's defence (``defence``, else ``strength``; the
  reduced values for a reduced unit); one die of ``crt.die_faces``.
* R4 ``step_loss``: a full target is reduced, a reduced one eliminated; ``eliminate``: the
  target is eliminated; ``attacker_step_loss``: the firing unit loses a step; ``none``.
* R5 A decision with only one legal action is taken at once (not a logged step).
"""
from __future__ import annotations

from .. import events as ev
from ..board import side_masks
from ..chance import roll_die
from ..crt import AUTO_MISS, EFFECT_ATTACKER_STEP, EFFECT_ELIMINATE, EFFECT_NONE, FORBIDDEN, CrtTable
from ..game import GameRules
from ..movement import bit_indices, reach_hexes
from ..sight import los_clear
from ..state import ELIMINATED, State
from . import Requirements, RulesModule

END = ("end",)
PICK, TARGET, DEST = 0, 1, 2        # stages: pick a unit (or end), then where it goes / whom it fires at


class RidgeState(State):
    """Ridge's position: ``done`` (bit mask of the units that moved or fired in this phase),
    ``chosen`` (the unit picked, -1 none), ``stage`` (PICK, DEST or TARGET)."""
    __slots__ = ("done", "chosen", "stage")
    LISTS, NESTED = State.LISTS, State.NESTED
    VALUES = State.VALUES + ("done", "chosen", "stage")


class Game(GameRules):
    """Ridge's procedures over one content model."""

    name = "ridge"
    state_class = RidgeState

    def __init__(self, content):
        GameRules.__init__(self, content)
        b = self.board
        self.phase_kind = [p.kind for p in content.game.sequence_of_play]
        self.phase_side = [self.side_ids.index(p.side) for p in content.game.sequence_of_play]
        self.crt = CrtTable(content.crt)
        self.attack_type_ids = list(self.crt.type_names)
        ts = self.types
        self.t_ma = [t.movement for t in ts]
        self.t_pass = [t.passes_through_friends for t in ts]
        self.t_attack = [(t.strength.full, t.strength.reduced) for t in ts]
        self.t_defence = [(t.defence_of().full, t.defence_of().reduced) for t in ts]
        # per type: the farthest distance of each attack type, in CRT order (R3)
        self.t_reach = [[t.attack_distance[a] for a in self.attack_type_ids] for t in ts]
        self.t_within = [b.within_mask(max(r)) for r in self.t_reach]

    # ------------------------------------------------------------------ the interface

    def _setup(self, s: RidgeState) -> None:
        """R1: every unit on its set-up hex; the first phase."""
        for p, h in enumerate(self.p_setup):
            if h >= 0:
                s.loc[p], s.occ[h] = h, p
        self._enter_phase(s)

    # ------------------------------------------------------------------ decisions (R5: GameRules.apply takes
    # the forced ones)

    def _compute(self, s: RidgeState) -> list:
        if s.stage == DEST:
            return [("to", h) for h in self._destinations(s, s.chosen)]
        if s.stage == TARGET:
            return [("at", q) for q in self._targets(s, s.chosen)]
        verb, can = (("move", self._destinations) if self.phase_kind[s.phase] == "move"
                     else ("fire", self._targets))
        return [END] + [(verb, p) for p in self.side_pieces[s.actor]
                        if s.loc[p] >= 0 and not (s.done >> p) & 1 and can(s, p)]

    def _do(self, s: RidgeState, a) -> None:
        verb = a[0]
        if verb == "end":
            return self._next_phase(s)
        if verb in ("move", "fire"):
            s.chosen, s.stage = a[1], (DEST if verb == "move" else TARGET)
            return
        p, s.chosen, s.stage = s.chosen, -1, PICK
        s.done |= 1 << p
        if verb == "to":
            self._move(s, p, a[1])
        else:
            self._fire(s, p, a[1])

    def action_text(self, s: RidgeState, a) -> str:
        """An action in Ridge's words: "move us Rifles 0304" and "us Rifles 0304 to 0405" (R2),
        "fire with us Guns 0203" and "us Guns 0203 fires at ru Rifles 0506" (R3), "end" (the
        phase)."""
        verb, unit = a[0], lambda p: self.piece_text(s, p)
        if verb == "move":
            return f"move {unit(a[1])}"
        if verb == "fire":
            return f"fire with {unit(a[1])}"
        if verb == "to":
            return f"{unit(s.chosen)} to {self.hex_text(a[1])}"
        if verb == "at":
            return f"{unit(s.chosen)} fires at {unit(a[1])}"
        return verb                     # "end"

    def _next_phase(self, s: RidgeState) -> None:
        if s.phase + 1 < len(self.phase_ids):
            s.phase += 1
        else:                               # R1: the turn ends
            end = self.victory.turn_end(s)
            if end is not None:
                return self._end(s, *end)
            s.phase, s.turn = 0, s.turn + 1
        self._enter_phase(s)

    def _enter_phase(self, s: RidgeState) -> None:
        s.actor, s.done, s.chosen, s.stage = self.phase_side[s.phase], 0, -1, PICK

    # ------------------------------------------------------------------ R2 movement

    def _masks(self, s: RidgeState, side: int) -> tuple:
        """(own units, enemy units, enemy zones of control: the hexes next to an enemy unit, R2)
        as hex bit masks."""
        own, _, enemy, zoc = side_masks(s.loc, self.side_pieces[side], self.side_pieces[1 - side],
                                        self.board.bit, self.board.adj_mask)
        return own, enemy, zoc

    def _destinations(self, s: RidgeState, p: int) -> list:
        t = self.p_type[p]
        own, enemy, zoc = self._masks(s, self.p_side[p])
        enter = self.board.passable_mask & ~(enemy if self.t_pass[t] else own | enemy)
        return reach_hexes(self.board, s.loc[p], self.t_ma[t], enter, zoc, ~(own | enemy))

    def _move(self, s: RidgeState, p: int, h: int) -> None:
        s.occ[s.loc[p]], s.occ[h], s.loc[p] = -1, p, h
        self._entered(s, p, h)

    # ------------------------------------------------------------------ R3-R4 fire

    def _targets(self, s: RidgeState, p: int) -> list:
        h, side, occ = s.loc[p], self.p_side[p], s.occ
        near = self.t_within[self.p_type[p]][h]
        return [q for q in (occ[j] for j in bit_indices(near))
                if q >= 0 and self.p_side[q] != side and los_clear(self.board, h, s.loc[q], occ)
                and self._column(s, p, q)[0] != FORBIDDEN]

    def _column(self, s: RidgeState, p: int, q: int) -> tuple:
        """(CRT column or FORBIDDEN / AUTO_MISS, attack type index) of ``p`` firing at ``q``."""
        dist = self.board.distance(s.loc[p], s.loc[q])
        ti = next(k for k, r in enumerate(self.t_reach[self.p_type[p]]) if r >= dist)
        attack = self.t_attack[self.p_type[p]][s.reduced[p]]
        defence = self.t_defence[self.p_type[q]][s.reduced[q]]
        return self.crt.pick(attack, defence), ti

    def _fire(self, s: RidgeState, p: int, q: int) -> None:
        col, ti = self._column(s, p, q)
        face = roll_die(s, self.crt.faces, "fire") if col != AUTO_MISS else 0
        eff = self.crt.result(col, ti, face) if face else EFFECT_NONE
        loser = p if eff == EFFECT_ATTACKER_STEP else q
        kill = eff == EFFECT_ELIMINATE or (eff != EFFECT_NONE and s.reduced[loser] == 1)
        if s.events is not None:
            s.events.append(ev.Battle(
                side=self.side_ids[self.p_side[p]], lead_type=self.type_ids[self.p_type[p]],
                attack_type=self.attack_type_ids[ti], column=self.crt.labels[col] if face else None,
                face=face or None, result=self.crt.codes[col][ti][face - 1] if face else None,
                defender_type=self.type_ids[self.p_type[q]], eliminated=kill and loser == q,
                n_attackers=1, lead=p, defender=q))
        if eff != EFFECT_NONE:
            self._lose_step(s, loser, p if loser == q else q, kill)

    def _lose_step(self, s: RidgeState, p: int, by: int, kill: bool) -> None:
        record = ev.Eliminated if kill else ev.Reduced
        if s.events is not None:
            s.events.append(record(side=self.side_ids[self.p_side[p]], type=self.type_ids[self.p_type[p]],
                                   piece=p, by_side=self.side_ids[self.p_side[by]], card=None))
        if kill:
            s.occ[s.loc[p]], s.loc[p], s.reduced[p] = -1, ELIMINATED, 0
        else:
            s.reduced[p] = 1


#: Ridge's rules module: two sides, each with one move and one fire phase; no ``rules:``
#: section, checks, charts or bots of its own; an odds or differential CRT.
RULES = RulesModule(name="ridge", game=Game, section=None, checks=(), charts=None, bots={},
                    requires=Requirements(sides=2, phase_kinds=("move", "fire"), one_per_side=("move", "fire"),
                                          crt_effects=("none", "step_loss", "eliminate", "attacker_step_loss"),
                                          crt_columns=("differential", "odds")))
