"""The standard rules module: the usual procedures of classic hex-and-counter wargames, chosen
and tuned by a game's ``rules:`` section (:class:`.section.Section`), with no code of the
game's own. Cases are those of docs/standard-rules.md; the interface is
:mod:`genkit.engine.game`'s.

Decisions (plain tuples, deterministic order):

* movement phase, PICK: ``("end",)``, ``("move", piece)``, ``("march", piece)``; DEST: ``("to", hex)``;
* combat phase, PICK: ``("end",)``, ``("attack", hex)``; ATTACKERS: ``("with", piece)``,
  ``("roll",)``, ``("roll_by", "differential" | "odds")`` (the CRT read the other way, case 8.13); RETREAT (the retreating side): ``("retreat", hex)``; ADVANCE: ``("advance",
  piece)``, ``("stay",)``;
* reinforcement phase: ``("enter", hex)``; replacement phase: ``("restore", piece)``, ``("end",)``;
* cards (case 13): ``("play", card)`` beside the movement phase's PICK and the attack's
  ATTACKERS decisions; REACT (the defender): ``("play", card)``, ``("pass",)``; STRIKE: ``("hit",
  piece)``; BLOCK: ``("block", hex)``.
"""
from __future__ import annotations

from ...crt import FORBIDDEN
from ...game import GameRules
from .cards import ATTACK, DEFENCE, MOVE, PASS_ACTION, CardPlay, CardTables
from .combat import Combat
from .invariants import Invariants
from .events import Restored
from .movement import MoveCache, Movement, compiled_search
from .probes import ProbeCache
from .rolls import PhaseRolls, RollTables
from .supply import SupplyLines, SupplyTables
from .modifiers import UnitModifiers
from .section import Section
from .sight import Sight
from .state import (
    ADVANCE,
    ATTACKERS,
    BLOCK,
    DEST,
    ENTER,
    PICK,
    REACT,
    RESTORE,
    RETREAT,
    STAGE_NAMES,
    STRIKE,
    CardState,
    StandardState,
)
from .tables import (
    ZOC_KINDS,
    ZOC_LOCKING,
    ZOC_STOP_LEAVE,
    Tables,
    half,
    indices_of,
)

END = ("end",)
NO_MOVE = (False, 0, 0)          # MoveCache entry of a unit that may not move, whatever happens
ROLL = ("roll",)
STAY = ("stay",)
MOVEMENT, COMBAT, REINFORCEMENT, REPLACEMENT = "movement", "combat", "reinforcement", "replacement"
BOMBARDMENT = "bombardment"


class Game(Movement, Combat, CardPlay, PhaseRolls, SupplyLines, Invariants, GameRules):
    """The standard procedures over one content model. (The movement decisions come from the
    byte-merged search and the phase's :class:`~.movement.MoveCache`; the plain search they are
    tested against is tests/engine/standard_reference.py.)"""

    name = "standard"
    state_class = StandardState
    #: the model of the ``rules:`` section (a game extending these rules may extend it)
    section_class = Section
    #: the names of the stages of a pending decision (a game extending these rules may add its
    #: own after these)
    stage_names = STAGE_NAMES
    #: the stages where the side deciding is not the phase's (the invariants allow it there)
    answer_stages = (RETREAT, REACT)

    def __init__(self, content):
        GameRules.__init__(self, content)
        self.section = sec = self.section_class.model_validate(content.rules or {})
        tb = Tables(self, sec)
        for name in ("nbr", "step_masks", "steps_of_bit", "byte_steps", "efeat", "feat_shift", "feat_drm", "feat_ids", "feat_modifier", "eroad", "ecost", "zoc_from",
                     "h_mult", "h_shift", "h_drm", "h_modifier", "crt", "crt_alt", "results", "bomb_results", "t_bomb_within", "t_ma2", "t_pass", "t_attack",
                     "t_defence", "t_reach", "t_within", "t_stack", "limit"):
            setattr(self, name, getattr(tb, name))
        mv = sec.movement
        self.zoc_kind = ZOC_KINDS.index(mv.zoc)
        self.leave2 = half(mv.zoc_leave_cost)
        self.units_per_phase = mv.units_per_phase
        self.strategic = sec.strategic is not None
        self.march_mult = sec.strategic.multiplier if self.strategic else 1
        self.near_masks = self.board.within_mask(sec.strategic.enemy_distance) if self.strategic else ()
        self.blocked_eliminates = sec.combat.retreat_blocked == "eliminate"
        self.advance = sec.combat.advance
        far = sec.combat.advance_distance       # case 9.5: per unit type, None: into the emptied hex only
        self.t_advance = None if far is None else [far.get(tid, 1) for tid in self.type_ids]
        seq = content.game.sequence_of_play
        self.phase_kind = [p.kind for p in seq]
        self.phase_side = [self.side_ids.index(p.side) if p.side else -1 for p in seq]
        #: per phase: 1 for a bombardment phase (case 8.10)
        self.phase_bombards = [int(p.kind == BOMBARDMENT) for p in seq]
        self.bombard_type = sec.bombardment.attack_type if sec.bombardment is not None else ""
        self._own_reading = "odds" if self.crt.odds else "differential"
        #: case 8.13: the roll that reads the CRT the other way (None: the game gives no choice)
        self.roll_by = ("roll_by", "differential" if self.crt.odds else "odds") if self.crt_alt else None
        #: case 14.5: the die-roll tables rolled at a phase, or None
        self.rolls = RollTables(self, sec.rolls) if sec.rolls else None
        first = self.side_ids.index(content.game.first_side) if content.game.first_side else 0
        self.side_order = (first, 1 - first)
        # reinforcements (case 10.1): per piece the turn it enters (0: never) and its entry hexes
        grid = self.board.grid
        self.p_enter_turn, self.p_entry = [], []
        for grp in content.counters.units:
            arr = grp.enters
            for k in range(len(grp.setup) + grp.reserve):
                on = arr is not None and k >= len(grp.setup)
                self.p_enter_turn.append(arr.turn if on else 0)
                self.p_entry.append(tuple(sorted(grid.index_of(h) for h in arr.hexes)) if on else ())
        #: the pieces that enter after the first turn
        self.late = [p for p, t in enumerate(self.p_enter_turn) if t > 1]
        #: per side, its reinforcements (the pieces with a turn to enter)
        self.side_arrivals = [tuple(p for p in pieces if self.p_enter_turn[p]) for pieces in self.side_pieces]
        self.repl_id = sec.replacements
        #: per game turn, per side: the replacement points it receives (read every turn)
        self.repl_points = [[content.turn_value(self.repl_id, turn, sid) if self.repl_id else 0
                             for sid in self.side_ids] for turn in range(self.turns + 1)]
        self.max_stack = max(self.t_stack)
        #: the stacking points a unit may have (the keys of the full hexes' masks, movement.py)
        self.stack_points = tuple(sorted(set(self.t_stack)))
        self.to_actions = tuple(("to", h) for h in range(self.board.n))
        self.move_actions = tuple(("move", p) for p in range(self.npieces))
        self.march_actions = tuple(("march", p) for p in range(self.npieces))
        self.indices = indices_of(self.board.n)
        #: a destination mask -> the DEST decision's list of ("to", hex)
        self.to_list = indices_of(self.board.n, self.to_actions)
        compiled = compiled_search(self.step_masks, self.indices)
        #: the movement search (movement.py): the compiled one where it was built, same answers
        self.search = self._search if compiled is None else compiled.reach
        self._mc = None                 # the movement phase's MoveCache (movement.py)
        self._probes = ProbeCache(self)  # the destinations of other positions (probes.py)
        self.every = (1 << self.board.n) - 1
        self.adj_mask = self.board.adj_mask
        self.min_step = min((c for c in self.ecost if c), default=1)
        #: per hex, per allowance a (half MP, 0 .. the longest march): the hexes one step of at
        #: most a away
        top = max(self.t_ma2, default=0) * self.march_mult
        self.first_steps = [[sum(m for c, m in steps if c <= a) for a in range(top + 1)]
                            for steps in self.step_masks]
        #: case 8.11: shifts and DRMs by the unit types fighting, or None
        self.unit_modifiers = UnitModifiers(sec.combat.modifiers, self.type_index) if sec.combat.modifiers else None
        los = sec.line_of_sight
        blocking = sum(1 << i for i, f in enumerate(self.feat_ids) if sec.hexsides.get(f) and sec.hexsides[f].blocks_los)
        #: case 8.8: line of sight, or None when the game has none
        self.sight = Sight(self, los, [int(bool(m & blocking)) for m in self.efeat]) if los is not None else None
        #: case 8.14: supply traced to sources, or None when every unit is always in supply
        self.supply = SupplyTables(self, sec.supply) if sec.supply is not None else None
        #: case 13: the cards, or None when the game plays none
        self.cards = CardTables(content, sec.cards, self.side_ids) if sec.cards is not None else None
        if self.cards is not None:
            self.state_class = CardState
            if self.cards.blocks:               # case 13.13: blocked spaces kept out of moves and retreats
                self._plain_masks, self._masks = self._masks, self._blocked_masks
                self._plain_room, self._room = self._room, self._room_unblocked
                self._probes.blocks = True
        if self.victory.checked_at_once:            # case 11.5: only games that need it pay for it
            self._do = self._do_then_check
        #: a pick only asks what comes next (``dests_if_picked``, ``attackers_if_picked``): not with
        #: victory checked after every action, nor where a module extending these rules decides its own way
        self.plain_picks = (not self.victory.checked_at_once and type(self)._compute is Game._compute
                            and type(self)._do is Game._do and type(self)._dest_actions is Game._dest_actions)

    def _do_then_check(self, s: StandardState, a) -> None:
        """Case 11.5: every action, then the victory conditions checked ``at: at_once`` (points
        scored by an elimination, a hold taken by a move, a retreat or an advance)."""
        Game._do(self, s, a)
        if not s.ended:
            end = self.victory.at_once(s)
            if end is not None:
                self._end(s, *end)

    # ------------------------------------------------------------------ the interface

    def _setup(self, s: StandardState) -> None:
        """Every piece with a set-up hex on it; the first phase of turn 1 entered (case 3.1)."""
        s.nxt = [-1] * self.npieces
        for p, h in enumerate(self.p_setup):
            if h >= 0:
                self._put(s, p, h)
        s.marched, s.sub = 0, 0
        s.rolled = ("",) * len(self.rolls.reader) if self.rolls is not None else ()
        if self.cards is not None:              # case 13.2: hands dealt, then turn 1's draw
            self._cards_setup(s)
            self._draw_cards(s, self.cards.drawn[1])
        self._enter_phase(s)

    def phase_actor(self, s: StandardState) -> int:
        side = self.phase_side[s.phase]
        return side if side >= 0 else self.side_order[s.sub]

    def _compute(self, s: StandardState) -> list:
        st = s.stage
        if st == PICK:
            if self.phase_kind[s.phase] == MOVEMENT:
                if self.cards is not None:
                    return self._movers(s) + self.card_plays(s, s.actor, MOVE)
                return self._movers(s)
            if self.cards is not None and self.cards.named:     # case 13.14: a card of this phase
                return [END] + [("attack", h) for h in self.targets(s)] + self.card_plays(s, s.actor, MOVE)
            return [END] + [("attack", h) for h in self.targets(s)]
        if st == DEST:
            return self._dest_actions(s, s.chosen, s.march)
        if st == ATTACKERS:
            h = s.target
            out = [("with", p) for p in self.eligible(s, s.actor, h) if not (s.attackers >> p) & 1]
            chosen = [p for p in self.side_pieces[s.actor] if (s.attackers >> p) & 1]
            if chosen:
                a, d = self.attack_strength(s, chosen), self.defence_strength(s, h)
                own = self.crt.pick(a, d)
                alt = own if self.roll_by is None or self.phase_bombards[s.phase] else self.crt_alt.pick(a, d)
                if own != FORBIDDEN:
                    out.append(ROLL)
                if alt != own and alt != FORBIDDEN:     # case 8.13: a real choice of reading
                    out.append(self.roll_by)
                if self.cards is not None and (own != FORBIDDEN or alt != FORBIDDEN):
                    out += self.card_plays(s, s.actor, ATTACK)
            return out
        if st == RETREAT:
            return [("retreat", h) for h in self.retreat_hexes(s)]
        if st == ADVANCE:
            return self.advance_actions(s) + [STAY]
        if st == ENTER:
            return [("enter", h) for h in self._entry_hexes(s, s.chosen)]
        if st == REACT:
            return self.card_plays(s, s.actor, DEFENCE) + [PASS_ACTION]
        if st == STRIKE or st == BLOCK:
            return self.card_aims(s)
        # RESTORE
        return [END] + [("restore", p) for p in self.side_pieces[s.actor] if s.loc[p] >= 0 and s.reduced[p]]

    def _movers(self, s: StandardState) -> list:
        """Case 5.1: the units that may still move this phase (and march, case 5.6). Most
        answers come from the hexes next to the unit; a full search only when those say no.
        Each answer is kept in the phase's :class:`~.movement.MoveCache` until a move touches
        the hexes it depends on."""
        if self.units_per_phase and s.nmoved >= self.units_per_phase:
            return [END]
        side = s.actor
        mc = self._mc
        if mc is None or mc.state is not s or mc.side != side:
            loc, done = s.loc, s.done
            mc = self._mc = MoveCache(s, side, self._masks(s, side), self.npieces,
                                      [p for p in self.side_pieces[side] if loc[p] >= 0 and not (done >> p) & 1])
            self._fill(s, mc)
        elif mc.pick is not None:
            return mc.pick[:]
        st, live, move_act = mc.st, mc.live, self.move_actions
        out = [END] + [move_act[p] for p in live if st[2 * p][0]]
        if self.strategic:
            march_act = self.march_actions
            out += [march_act[p] for p in live if st[2 * p + 1][0]]
        mc.pick = out[:]
        return out

    def _fill(self, s: StandardState, mc) -> None:
        """:meth:`_may_move` for every unit of ``mc.live``, moving and marching (the phase's
        first PICK decision: one loop)."""
        masks = mc.masks
        own, enemy, zoc, cache = masks
        st, loc, pt, t_stack, t_ma2, first = mc.st, s.loc, self.p_type, self.t_stack, self.t_ma2, self.first_steps
        locking = self.zoc_kind == ZOC_LOCKING
        zoc_rule = locking or self.zoc_kind == ZOC_STOP_LEAVE     # a zone of control to leave
        reach, deps, every = self._reach_region, mc.deps, self.every
        # the hexes a first step may enter, per stacking points (masks kept non-negative: faster ints)
        oks = mc.ok
        for pts in self.stack_points:
            oks[pts] = every & ~(self._full(s, cache, own, pts) | enemy)
        del cache["stacked"]            # (read by _full only: not kept up to date by a move)
        strategic = self.strategic
        if strategic:
            near = cache.get("near")
            if near is None:
                near = cache["near"] = self._near_enemy(s, mc.side)
            mult, far = self.march_mult, every & ~near
        for p in mc.live:
            h, t, k = loc[p], pt[p], 2 * p
            ok, leave = oks[t_stack[t]], 0
            if zoc_rule and (zoc >> h) & 1:
                if locking:
                    st[k] = st[k + 1] = NO_MOVE
                    continue
                leave, ok = self.leave2, ok & ~zoc
            ma, ok = t_ma2[t], ok & ~self.t_avoid[t]
            m = first[h][ma - leave] & ok & ~self.t_no_end[t] if ma >= leave else 0
            if m:
                known = st[k] = (True, m & -m, None)
            else:
                ends, region = reach(s, p, False, masks, False)
                known = st[k] = (bool(ends), region, ends)
            deps |= known[1]
            if not strategic:
                continue
            if (near >> h) & 1:
                st[k + 1] = NO_MOVE
                continue
            m = first[h][ma * mult] & ok & far & ~self.t_no_end[t]
            if m:
                known = st[k + 1] = (True, m & -m, None)
            else:
                ends, region = reach(s, p, True, masks, False)
                known = st[k + 1] = (bool(ends), region, ends)
            deps |= known[1]
        mc.deps = deps

    def _may_move(self, s: StandardState, mc, p: int, march: bool) -> tuple:
        """(may ``p`` move (march), the hexes that depends on, its destinations or None): the
        a first step open to it, else the search."""
        masks = mc.masks
        own, enemy, zoc, cache = masks
        h = s.loc[p]
        t = self.p_type[p]
        in_zoc = (zoc >> h) & 1
        if self.zoc_kind == ZOC_LOCKING and in_zoc:
            return NO_MOVE
        pts = self.t_stack[t]
        ok = mc.ok.get(pts)
        if ok is None:
            ok = mc.ok[pts] = self.every & ~(self._full(s, cache, own, pts) | enemy)
        leave, ok = 0, ok & ~(self.t_avoid[t] | self.t_no_end[t])
        if in_zoc and self.zoc_kind == ZOC_STOP_LEAVE:
            leave, ok = self.leave2, ok & ~zoc
        ma = self.t_ma2[t]
        if march:
            near = cache.get("near")
            if near is None:
                near = cache["near"] = self._near_enemy(s, s.actor)
            if (near >> h) & 1:
                return NO_MOVE
            ok &= ~near
            ma *= self.march_mult
            leave = 0
        if ma >= leave:
            m = self.first_steps[h][ma - leave] & ok
            if m:                       # the answer holds while its first such hex stays open
                return (True, m & -m, None)
        ends, region = self._reach_region(s, p, march, masks, False)
        return (bool(ends), region, ends)

    def _do(self, s: StandardState, a) -> None:
        verb = a[0]
        if verb == "to":                # the most frequent verbs first
            p = s.chosen
            s.done |= 1 << p
            s.nmoved += 1
            if s.march:
                s.marched |= 1 << p
            s.chosen, s.march, s.stage = -1, 0, PICK
            mc, here = self._mc, s.loc[p]
            if not self._relocate(s, p, a[1]) and mc is not None and mc.state is s:
                self._moved(s, mc, p, here, a[1])
            return
        if verb == "move" or verb == "march":
            s.chosen, s.march, s.stage = a[1], int(verb == "march"), DEST
            return
        if verb == "end":
            return self._next_phase(s) if s.stage == PICK else self._end_restore(s)
        if verb == "attack":
            s.target, s.attackers, s.stage = a[1], 0, ATTACKERS
            return
        if verb == "with":
            s.attackers |= 1 << a[1]
            return
        if verb == "roll":
            return self._roll(s)
        if verb == "roll_by":           # case 8.13: read the other way
            s.by = 1
            return self._roll(s)
        if verb == "play":
            return self._play(s, a[1])
        if verb == "pass":
            return self._react_done(s)
        if verb == "hit" or verb == "block":
            return self._card_aim(s, a)
        if verb == "retreat":
            return self._retreat_step(s, a[1])
        if verb == "advance":
            return self._advance(s, a[1], a[2] if len(a) > 2 else -1)
        if verb == "stay":
            return self._to_pick(s)
        if verb == "enter":
            p = s.chosen
            if self.cards is not None and s.cback:      # case 13.4: a card brought it on early
                s.early |= 1 << p
                self._arrive(s, p, a[1])
                self._card_back(s)
                return
            self._arrive(s, p, a[1])
            if not s.ended:
                self._next_arrival(s, p + 1)
            return
        if verb == "restore":
            p = a[1]
            s.reduced[p] = 0
            s.points -= 1
            if s.events is not None:
                s.events.append(Restored(side=self.side_ids[self.p_side[p]], type=self.type_ids[self.p_type[p]],
                                         piece=p))
            if s.points <= 0:
                self._end_restore(s)
            return
        raise ValueError(f"unknown action {a!r}")

    def action_text(self, s: StandardState, a) -> str:
        """An action in the words of the standard rules: "move us Infantry 0406" / "march ..."
        and "us Infantry 0406 to 0508" (case 5), "attack 0609", "with us Armor 0508" and
        "roll: 7 against 3" (case 8), "ru Infantry 0609 retreats to 0710", "us Armor 0508
        advances to 0609", "stay" (case 9), "us Infantry in reserve enters at 0101" (case 10.1),
        "restore us Infantry 0406" (case 10.2), "end" (of the phase)."""
        verb, unit, at = a[0], lambda p: self.piece_text(s, p), self.hex_text
        if verb in ("move", "march", "with", "restore"):
            return f"{verb} {unit(a[1])}"
        if verb == "to":
            return f"{unit(s.chosen)} to {at(a[1])}"
        if verb == "attack":
            return f"attack {at(a[1])}"
        if verb == "roll" or verb == "roll_by":
            chosen = [p for p in self.side_pieces[s.actor] if (s.attackers >> p) & 1]
            by = "" if self.roll_by is None else f" by {a[1] if verb == 'roll_by' else self._own_reading}"
            return f"roll{by}: {self.attack_strength(s, chosen)} against {self.defence_strength(s, s.target)}"
        if verb == "retreat":
            return f"{unit(s.rq[0])} retreats to {at(a[1])}"
        if verb == "advance":
            return f"{unit(a[1])} advances to {at(a[2] if len(a) > 2 else s.target)}"
        if verb == "enter":
            return f"{unit(s.chosen)} enters at {at(a[1])}"
        if verb in ("play", "pass", "hit", "block"):
            return self.card_text(s, a)
        return verb                     # "end", "stay"

    # ------------------------------------------------------------------ case 3: sequence of play

    def _next_phase(self, s: StandardState) -> None:
        if self.phase_side[s.phase] < 0 and s.sub == 0:        # a phase of both sides: the second one's turn
            s.sub = 1
            return self._enter_phase(s, same=True)
        if s.phase + 1 < len(self.phase_ids):
            s.phase += 1
        else:                                                   # case 11: the end of the game turn
            end = self.victory.turn_end(s)
            if end is not None:
                return self._end(s, *end)
            if s.turn >= self.turns:                            # no condition ended it: a draw
                return self._end(s, -1, "last_turn")
            s.phase, s.turn, s.marched = 0, s.turn + 1, 0
            if self.cards is not None:          # case 13.2: the turn's draw (13.11); no space blocked (13.13)
                s.blocked = (0,) * len(self.side_ids)
                self._draw_cards(s, self.cards.drawn[s.turn])
        self._enter_phase(s)

    def _enter_phase(self, s: StandardState, same: bool = False) -> None:
        self._mc = None
        if not same:
            s.sub = 0
            if self.rolls is not None:      # case 14.5: the tables rolled at its start
                self._roll_tables(s)
        s.stage, s.chosen, s.march, s.done, s.hit, s.nmoved = PICK, -1, 0, 0, 0, 0
        s.target, s.attackers, s.rq, s.rn, s.rleft, s.rorigin, s.rvisited, s.adv, s.by = -1, 0, (), 0, 0, -1, 0, (), 0
        s.points = 0
        if self.cards is not None:
            s.plays = (0,) * len(self.side_ids)
        s.actor = self.phase_actor(s)
        kind = self.phase_kind[s.phase]
        if kind == REINFORCEMENT:
            self._next_arrival(s, 0)
        elif kind == REPLACEMENT:
            s.points = self.repl_points[s.turn][s.actor]
            s.stage = RESTORE
            if s.points <= 0:
                self._end_restore(s)

    def _end_restore(self, s: StandardState) -> None:
        if self._card_back(s):          # case 13.4: a card's restoring ends, the movement phase goes on
            return
        s.stage, s.points = PICK, 0
        self._next_phase(s)

    # ------------------------------------------------------------------ text

    def status_lines(self, s: StandardState) -> list:
        grid = self.board.grid
        lines = [f"stage {self.stage_names[s.stage]}" + (f" chosen {s.chosen}" if s.chosen >= 0 else "")
                 + (f" target {grid.id_of(s.target)}" if s.target >= 0 else "")]
        stacks = [f"{grid.id_of(h)}:{'+'.join(str(p) for p in self.stack(s, h))}"
                  for h in range(self.board.n) if s.occ[h] >= 0 and s.nxt[s.occ[h]] >= 0]
        if stacks:
            lines.append("stacks " + " ".join(stacks))
        if s.rq:
            lines.append(f"retreating {' '.join(map(str, s.rq))}, {s.rleft} hexes to go")
        if s.points:
            lines.append(f"replacement points {s.points}")
        return lines

