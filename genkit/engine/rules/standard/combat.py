"""Combat and its results (docs/standard-rules.md cases 8 and 9): who may attack a hex (next to
it, or inside a space two sides share: combat.where), the
odds or differential column (or either, at the attacker's choice: case 8.13) with the terrain and
hexside shifts and die-roll modifiers, every
result effect, retreats chosen hex by hex by the retreating side, and advance after combat."""
from __future__ import annotations

from ... import events as ev
from ...chance import roll_die
from ...crt import AUTO_MISS, FORBIDDEN
from ...movement import bit_indices
from .events import Advanced, Retreated
from .state import ADVANCE, PICK, RETREAT, StandardState
from .tables import (
    E_ATT_ELIM,
    E_ATT_RETREAT,
    E_ATT_STEP,
    E_ELIM,
    E_EXCHANGE,
    E_NONE,
    E_RETREAT,
    E_STEP,
)


class Combat:
    """The combat half of :class:`~.rules.Game` (a mixin: reads the game's tables)."""

    # ------------------------------------------------------------------ case 8.1-8.2: who attacks what

    def eligible(self, s: StandardState, side: int, h: int) -> list:
        """The units of ``side`` that may join an attack on hex ``h`` this phase: on the map, not
        yet attacked, not marched this turn, within their attack distance (case 8.1)."""
        within = self.t_bomb_within if self.phase_bombards[s.phase] else self.t_within     # case 8.10
        pt, loc = self.p_type, s.loc
        busy = s.done | s.marched
        sight = self.sight                      # case 8.8
        return [p for p in self.side_pieces[side]
                if loc[p] >= 0 and not (busy >> p) & 1 and (within[pt[p]][loc[p]] >> h) & 1
                and (sight is None or sight.sees(s.occ, loc[p], h))]

    def attackers_if_picked(self, s: StandardState, h: int) -> list | None:
        """The units the attackers' decision offers (its ``("with", p)``) were hex ``h`` picked
        for an attack in ``s``, a position whose PICK decision offers it: what
        :meth:`legal_actions` lists after ``apply(s, ("attack", h))``, without copying and
        applying (a bot's probe). None where that is not the answer or not known so: a single
        unit (the engine names it at once), or a pick that does more than ask with whom
        (:attr:`plain_picks`)."""
        if not self.plain_picks:
            return None
        units = self.eligible(s, s.actor, h)
        return units if len(units) > 1 else None

    def attack_strength(self, s: StandardState, pieces) -> int:
        ta, pt, red = self.t_attack, self.p_type, s.reduced
        return sum(ta[pt[p]][red[p]] for p in pieces)

    def defenders(self, s: StandardState, h: int) -> list:
        """The units defending ``h``: its stack, or in a space two sides share (case 12.5,
        combat.where: same_space) the units of the side not acting."""
        if self.shared:
            return [p for p in self.stack(s, h) if self.p_side[p] != s.actor]
        return self.stack(s, h)

    def defence_strength(self, s: StandardState, h: int) -> int:
        """Case 8.5: the defenders' defence, times the terrain multiplier of their hex."""
        td, pt, red = self.t_defence, self.p_type, s.reduced
        return sum(td[pt[p]][red[p]] for p in self.defenders(s, h)) * self.h_mult[h]

    def targets(self, s: StandardState) -> list:
        """Enemy hexes not yet attacked this phase that some legal attack reaches, ascending.
        Each unit that may attack adds its strength to the enemy hexes it reaches (a unit
        reaches few of them: one pass over those pairs, not one over the units per hex)."""
        side, loc, pt, red = s.actor, s.loc, self.p_type, s.reduced
        enemy = 0
        for q in self.side_pieces[1 - side]:
            h = loc[q]
            if h >= 0:
                enemy |= 1 << h
        enemy &= ~s.hit
        busy = s.done | s.marched
        within = self.t_bomb_within if self.phase_bombards[s.phase] else self.t_within     # case 8.10
        ta = self.t_attack
        att: dict = {}                  # enemy hex -> the attack strength that reaches it
        for p in self.side_pieces[side]:
            h = loc[p]
            if h >= 0 and not (busy >> p) & 1:
                m = within[pt[p]][h] & enemy
                if m and self.sight is not None:          # case 8.8
                    m = self.sight.visible(s.occ, h, m)
                if m:
                    a = ta[pt[p]][red[p]]
                    while m:
                        low = m & -m
                        m ^= low
                        h = low.bit_length() - 1
                        att[h] = att.get(h, 0) + a
        pick, td, mult, occ, nxt, ps = self.crt.pick, self.t_defence, self.h_mult, s.occ, s.nxt, self.p_side
        shared = self.shared
        # case 8.13: an attack the other reading allows is offered too (never in a bombardment)
        alt = self.crt_alt.pick if self.crt_alt is not None and not self.phase_bombards[s.phase] else None
        out = []
        for h in sorted(att):
            d, q = 0, occ[h]            # defence_strength, written out (once per enemy hex)
            while q >= 0:
                if not shared or ps[q] != side:
                    d += td[pt[q]][red[q]]
                q = nxt[q]
            if pick(att[h], d * mult[h]) != FORBIDDEN or (alt is not None and alt(att[h], d * mult[h]) != FORBIDDEN):
                out.append(h)
        return out

    def modifiers(self, s: StandardState, attackers, h: int) -> list:
        """(source, shift, drm) of every modifier of an attack by ``attackers`` on ``h`` in ``s``
        (:meth:`battle_modifiers` of its defenders and the results in force)."""
        return self.battle_modifiers(s.loc, attackers, h, self.defenders(s, h), s.rolled)

    def seen_modifiers(self, v, attackers, h: int, defenders) -> list:
        """(source, shift, drm) of every modifier a battle by ``attackers`` on ``defenders`` in
        ``h`` would read in the position side ``v.side`` sees (``v``: its view): what a bot
        weighs an attack on. Here :meth:`battle_modifiers` of the pieces and the results in
        force the view shows; a game whose battles read more of the position answers with its
        own reckoning from what its view shows."""
        return self.battle_modifiers(v.loc, attackers, h, defenders, getattr(v, "rolled", ()))

    def battle_modifiers(self, loc, attackers, h: int, defenders, rolled) -> list:
        """(source, shift, drm) of every modifier of an attack by ``attackers`` on ``defenders``
        in ``h``, the pieces standing at ``loc`` and ``rolled`` the die-roll tables' results in
        force: the terrain of the hex (source "terrain:<id>"), each hexside feature every
        attacker attacks across (source "hexside:<id>"); case 8.5-8.6; the unit types' (8.11);
        supply (8.14, source "supply:attacking" / "supply:defending"); the results in force of
        the tables rolled at a phase (source "roll:<table>:<result>", case 14.5). The one
        reckoning of the standard modifiers: the battle's odds and the bots' weighing of an
        attack read it alike."""
        out = []
        if self.h_shift[h] or self.h_drm[h]:
            out.append(self.h_modifier[h])
        across = -1
        nb, efeat, deg = self.board.neighbours, self.efeat, self.board.degree
        for p in attackers:
            a = loc[p]
            if h not in nb[a]:
                across = 0
                break
            across &= efeat[a * deg + nb[a].index(h)]
        if across > 0:
            for fi in bit_indices(across):
                if self.feat_shift[fi] or self.feat_drm[fi]:
                    out.append(self.feat_modifier[fi])
        if self.unit_modifiers:                                 # case 8.11
            pt = self.p_type
            out += self.unit_modifiers.apply({pt[p] for p in attackers}, {pt[q] for q in defenders})
        if self.supply is not None:                             # case 8.14
            out += self.supply_modifiers(loc, attackers, defenders)
        if self.rolls is not None:                              # case 14.5: weather and the like
            out += self.rolled_modifiers(rolled)
        return out

    def odds(self, s: StandardState, attackers, h: int, shift: int = 0, drm: int = 0, by: int = 0) -> tuple:
        """(raw column or FORBIDDEN / AUTO_MISS, column after the shifts, total drm) of an attack;
        ``shift`` and ``drm``: the cards' besides the modifiers (case 13.4), added before the
        column is kept on the table (case 8.7); ``by``: 1 to read the CRT the other way (case
        8.13: the columns are the same rows, so the column index says which row either way)."""
        crt = self.crt_alt if by else self.crt
        raw = crt.pick(self.attack_strength(s, attackers), self.defence_strength(s, h))
        if raw < 0:
            return raw, raw, 0
        mods = self.modifiers(s, attackers, h)
        col = min(max(raw + sum(m[1] for m in mods) + shift, 0), self.crt.top)
        return raw, col, sum(m[2] for m in mods) + drm

    # ------------------------------------------------------------------ case 8: the battle

    def _battle(self, s: StandardState) -> None:
        h, side = s.target, s.actor
        atts = bit_indices(s.attackers)
        s.done |= s.attackers
        s.hit |= 1 << h
        defenders = self.defenders(s, h)
        if self.cards is not None:      # case 13.4: the cards played on this battle
            raw, col, drm = self.odds(s, atts, h, s.cshift, s.cdrm, s.by)
            s.cshift = s.cdrm = 0
        else:
            raw, col, drm = self.odds(s, atts, h, by=s.by)
        s.by = 0
        lead = max(atts, key=lambda p: (self.t_attack[self.p_type[p]][s.reduced[p]], -p))
        top = min(defenders, key=lambda p: (-self.t_defence[self.p_type[p]][s.reduced[p]], p))
        if raw == AUTO_MISS:
            eff, n, code, face = E_NONE, 0, None, None
        else:
            face = self._roll_dice(s)
            results = self.bomb_results if self.phase_bombards[s.phase] else self.results   # case 8.10
            eff, n, code = results[col][self.crt.cell(face + drm)]
        if s.events is not None:
            killed = eff == E_ELIM or (eff in (E_STEP, E_EXCHANGE) and len(defenders) == 1 and s.reduced[top])
            s.events.append(ev.Battle(
                side=self.side_ids[side], lead_type=self.type_ids[self.p_type[lead]],
                attack_type=self.bombard_type if self.phase_bombards[s.phase] else self.crt.type_names[0], column=self.crt.labels[col] if face else None,
                face=face, result=code, defender_type=self.type_ids[self.p_type[top]], eliminated=bool(killed),
                n_attackers=len(atts), lead=lead, defender=top))
        enemy = self.p_side[top]
        if eff == E_STEP or eff == E_EXCHANGE:
            self._lose_step(s, top, side)
        elif eff == E_ELIM:
            for p in defenders:
                self._lose_step(s, p, side, kill=True)
        if eff == E_ATT_STEP or eff == E_EXCHANGE:
            self._lose_step(s, lead, enemy)
        elif eff == E_ATT_ELIM:
            for p in atts:
                self._lose_step(s, p, enemy, kill=True)
        if (eff == E_RETREAT or eff == E_ATT_RETREAT) and n:
            movers = defenders if eff == E_RETREAT else atts
            s.rq, s.rn = tuple(movers), n
            self._start_retreat(s)
            return self._retreat_on(s)
        self._after_battle(s)

    def _roll_dice(self, s: StandardState) -> int:
        """Case 8.12: the battle's roll, one die of ``crt.die_faces`` or the sum of ``crt.dice``."""
        crt = self.crt
        if crt.dice == 1:
            return roll_die(s, crt.faces, "combat")
        return sum(roll_die(s, crt.faces, "combat") for _ in range(crt.dice))

    def _lose_step(self, s: StandardState, p: int, by_side: int, kill: bool = False, card=None) -> None:
        """Case 9.1: ``p`` loses a step (a reduced unit is eliminated), or is eliminated; ``card``:
        the id of the card that did it (case 13.12), None in battle."""
        kill = kill or s.reduced[p] == 1
        if s.events is not None:
            record = ev.Eliminated if kill else ev.Reduced
            s.events.append(record(side=self.side_ids[self.p_side[p]], type=self.type_ids[self.p_type[p]],
                                   piece=p, by_side=self.side_ids[by_side], card=card))
        if kill:
            self._remove(s, p)
        else:
            s.reduced[p] = 1

    # ------------------------------------------------------------------ case 9.2-9.4: retreats

    def _start_retreat(self, s: StandardState) -> None:
        """The first unit of ``s.rq`` starts its retreat of ``s.rn`` hexes."""
        h = s.loc[s.rq[0]]
        s.rleft, s.rorigin, s.rvisited = s.rn, h, 1 << h

    def retreat_hexes(self, s: StandardState) -> list:
        """Where the retreating unit may step next (case 9.2), ascending."""
        p = s.rq[0]
        cur, side, o = s.loc[p], self.p_side[p], s.rorigin
        _, enemy, zoc, _ = self._masks(s, side)
        bad = enemy | zoc | s.rvisited
        n, dist = self.board.n, self.board._dist
        far = dist[o * n + cur]
        ecost, nbr = self.ecost, self.nbr
        out = []
        deg = self.board.degree
        for k in range(cur * deg, cur * deg + deg):
            j = nbr[k]
            if ecost[k] and not (bad >> j) & 1 and dist[o * n + j] > far and self._room(s, j, p):
                out.append(j)
        out.sort()
        return out

    def _retreat_on(self, s: StandardState) -> None:
        """Go on with the retreats: units that have gone their distance or cannot step (blocked:
        case 9.3) are done with; stop at the next real step (a RETREAT decision of its owner)."""
        while s.rq and not s.ended:
            p = s.rq[0]
            if s.loc[p] >= 0 and s.rleft > 0:
                if self.retreat_hexes(s):
                    s.stage, s.actor = RETREAT, self.p_side[p]
                    return
                enemy = 1 - self.p_side[p]
                self._lose_step(s, p, enemy, kill=self.blocked_eliminates)
            s.rq = s.rq[1:]
            if s.rq:
                self._start_retreat(s)
        if not s.ended:
            self._after_battle(s)

    def _retreat_step(self, s: StandardState, h: int) -> None:
        p = s.rq[0]
        s.rvisited |= 1 << s.loc[p]
        s.rleft -= 1
        if s.events is not None:
            s.events.append(Retreated(side=self.side_ids[self.p_side[p]], type=self.type_ids[self.p_type[p]],
                                      piece=p, hex=self.board.grid.id_of(h)))
        if self._relocate(s, p, h):
            return
        if s.rleft == 0:
            s.rq = s.rq[1:]
            if s.rq:
                self._start_retreat(s)
        self._retreat_on(s)

    # ------------------------------------------------------------------ case 9.5: advance after combat

    def _after_battle(self, s: StandardState) -> None:
        h = s.target
        s.rq, s.rn, s.rleft = (), 0, 0
        if self.t_advance is not None:
            if self.advance and not self.phase_bombards[s.phase] and self._advance_by_distance(s):
                return
        elif self.advance and s.occ[h] < 0 and not self.phase_bombards[s.phase]:
            nb, deg = self.board.neighbours, self.board.degree
            adv = tuple(p for p in bit_indices(s.attackers)
                        if s.loc[p] >= 0 and h in nb[s.loc[p]]
                        and self.ecost[s.loc[p] * deg + nb[s.loc[p]].index(h)])
            if adv:
                s.adv, s.stage, s.actor = adv, ADVANCE, self.phase_actor(s)
                return
        self._to_pick(s)

    def _advance_by_distance(self, s: StandardState) -> bool:
        """Case 9.5 with advance distances (combat.advance_distance): when no defender is left
        in the target, the attackers next to it or in it (a shared space) that have somewhere to
        go are offered the advance, their own side deciding; True when it is."""
        h = s.target
        atts = [p for p in bit_indices(s.attackers) if s.loc[p] >= 0]
        if not atts:
            return False
        side = self.p_side[atts[0]]
        if any(self.p_side[q] != side for q in self.stack(s, h)):
            return False
        adv = tuple(p for p in atts if self.advance_to(s, p))
        if not adv:
            return False
        s.adv, s.stage, s.actor = adv, ADVANCE, side
        return True

    def advance_path(self, s: StandardState) -> tuple:
        """The way the defenders left, in order: the emptied target, then their path of
        withdrawal (a game that records one extends this)."""
        return (s.target,)

    def advance_to(self, s: StandardState, p: int) -> list:
        """Case 9.5 with advance distances: where ``p`` may stop its advance, ascending: the
        spaces along :meth:`advance_path` within its distance (a unit in the target starts
        there), each step across a passable side, up to the first holding an enemy unit (it
        stops there) or short of one without room."""
        path, at = self.advance_path(s), s.loc[p]
        far = self.t_advance[self.p_type[p]]
        start = path.index(at) + 1 if at in path else 0
        nb, deg, side = self.board.neighbours, self.board.degree, self.p_side[p]
        out = []
        for j in path[start:start + far]:
            if j not in nb[at] or not self.ecost[at * deg + nb[at].index(j)]:
                break
            if self._room(s, j, p):
                out.append(j)
            if any(self.p_side[q] != side for q in self.stack(s, j)):
                break
            at = j
        out.sort()
        return out

    def advance_actions(self, s: StandardState) -> list:
        """The advances the ADVANCE decision offers (before staying): ("advance", unit) into the
        emptied hex, or with advance distances ("advance", unit, where it stops)."""
        if self.t_advance is not None:
            return [("advance", p, h) for p in s.adv for h in self.advance_to(s, p)]
        return [("advance", p) for p in self.advancers(s)]

    def advancers(self, s: StandardState) -> list:
        room, h = self._room, s.target
        return [p for p in s.adv if room(s, h, p)]

    def _advance(self, s: StandardState, p: int, h: int = -1) -> None:
        """``p`` advances into the target, or (advance distances) to ``h``."""
        h = s.target if h < 0 else h
        s.adv = tuple(q for q in s.adv if q != p)
        if s.events is not None:
            s.events.append(Advanced(side=self.side_ids[self.p_side[p]], type=self.type_ids[self.p_type[p]],
                                     piece=p, hex=self.board.grid.id_of(h)))
        if not self._relocate(s, p, h) and not s.adv:
            self._to_pick(s)

    def _to_pick(self, s: StandardState) -> None:
        s.stage, s.target, s.attackers, s.adv, s.actor = PICK, -1, 0, (), self.phase_actor(s)
