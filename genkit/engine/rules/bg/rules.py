"""The BG system's sequence of play and decisions (the game interface for it).

* 5 A turn is a quarter: the quarter phase (5.1 the time table, 5.2 reinforcements: both
  automatic), then each side's movement (6.1), combat (6.2), exploitation (6.3) and exploitation
  combat phases (the Axis first), then the turn end (7.1 conquest, 8.5 victory, 7.2 production).
* Decisions: a side's movement phase picks a unit (or ends, or declares war for a neutral nation
  of its own, 8.4) then its destination or the convoy it boards (6.1.3 A); a combat phase picks the combat to fight next, and after
  each round the phasing side, then the other, fights on or retreats (6.2.3); after a combat
  the owner of each aircraft flying back picks where it lands (6.1.1 air); at the turn end each
  major nation in turn builds, repairs or ends (7.2).
* 6.4 Control: moving into an empty enemy area takes it at once; winning a combat with land
  units there takes it; a neutral's area entered is a declaration of war (8.4).
The procedures are in :mod:`.moves`, :mod:`.combat` and :mod:`.economy`."""
from __future__ import annotations

from ...game import GameRules
from ...state import ELIMINATED, RESERVE
from . import combat, command, economy, moves, transport
from .state import BUILD, DEST, FIGHT, LAND, PICK, RETREAT, BgState
from .tables import Tables
from .view import BgView

END = ("end",)
FIGHT_ON = ("fight on",)


class Game(GameRules):
    """The BG procedures over one content model."""

    name = "bg"
    state_class = BgState

    def __init__(self, content):
        GameRules.__init__(self, content)
        self.t = Tables(self, content)
        self.phase_kind = [p.kind for p in content.game.sequence_of_play]
        self.phase_side = [self.side_ids.index(p.side) if p.side else -1 for p in content.game.sequence_of_play]
        self.nation_pieces = [tuple(p for p in range(self.npieces) if self.p_nation[p] == k)
                              for k in range(len(self.nation_ids))]
        self.convoys = tuple(p for p in range(self.npieces) if self.t.carrier[self.p_type[p]])

    # ------------------------------------------------------------------ the interface

    def _setup(self, s: BgState) -> None:
        """4.1: every unit on its set-up space; each nation controls its home and held areas
        (6.4); war as the nations start (1.0); no build points saved."""
        t = self.t
        for p, h in enumerate(self.p_setup):
            if h >= 0:
                s.loc[p] = h
                s.occ[h] = p
        s.ctl = list(t.owner)
        s.war = list(t.start_war)
        s.fallen = [0] * len(self.nation_ids)
        s.bp = [0] * len(self.nation_ids)
        s.aid = [0] * len(self.nation_ids)
        s.due = list(t.enters_on)                # 7.2.6: HQs and other units entering by date
        s.led = [0] * self.npieces
        s.came = [-1] * self.npieces
        s.aboard = [-1] * self.npieces
        s.stage, s.chosen, s.moved, s.rnd, s.asked, s.builder, s.aloft, s.shipped = PICK, -1, 0, 0, 0, -1, 0, 0
        self._enter_phase(s)

    def _compute(self, s: BgState) -> list:
        kind = self.phase_kind[s.phase]
        if s.stage == DEST:
            return [("to", h) for h in command.destinations(self, s, s.chosen)] + \
                [("board", c) for c in transport.boardings(self, s, s.chosen)]
        if s.stage == RETREAT:
            side = self.phase_side[s.phase] if s.asked == 0 else 1 - self.phase_side[s.phase]
            return [FIGHT_ON] + [("retreat", h) for h in combat.retreats(self, s, s.chosen, side)]
        if s.stage == FIGHT:
            return [("fight", h) for h in combat.contested(self, s)]
        if s.stage == LAND:
            return [("land", h) for h in combat.landings(self, s, s.chosen)]
        if s.stage == BUILD:
            return [END] + economy.orders(self, s, s.builder)
        return [END] + self._pick(s, kind)

    def _pick(self, s: BgState, kind: str) -> list:
        """A movement, exploitation or reaction phase's choices besides ending it: 8.4 a
        declaration of war, then the units that may move and have somewhere to go."""
        side = s.actor
        if kind == "reaction":                  # 6.1.6: reserves into the areas under attack
            return [("move", p) for p in command.led_movers(self, s, side, moves.movers(self, s, side), kind)
                    if command.reserve_destinations(self, s, p)]
        out = [("declare", k) for k in moves.may_declare(self, s, side)]
        r = moves.reach_of(self, s)
        units = moves.movers(self, s, side)
        if kind == "exploitation":              # 6.3: armour, HQs and the units they lead
            units = command.led_movers(self, s, side, units, kind)
        return out + [("move", p) for p in units if moves.can_move(self, s, p, r)]

    def _do(self, s: BgState, a) -> None:
        verb = a[0]
        if verb == "move":
            s.chosen, s.stage = a[1], DEST
        elif verb == "to":
            p, s.chosen, s.stage = s.chosen, -1, PICK
            s.moved |= 1 << p
            command.charge(self, s, p, self.phase_kind[s.phase])
            moves.move(self, s, p, a[1])
        elif verb == "board":
            p, s.chosen, s.stage = s.chosen, -1, PICK
            transport.board(self, s, p, a[1])
        elif verb == "declare":
            moves.declare_war(self, s, a[1])
        elif verb == "fight":
            combat.fight(self, s, a[1])
        elif verb in ("fight on", "retreat"):
            combat.answer(self, s, a)
        elif verb == "land":
            combat.land(self, s, a[1])
        elif verb in ("build", "repair"):
            economy.order(self, s, a)
        elif s.stage == BUILD:                  # "end": this nation's production is done
            economy.next_builder(self, s)
        else:                                   # "end" of a movement or exploitation phase
            self._next_phase(s)
        if s.stage == FIGHT and not s.ended and not combat.contested(self, s):
            self._next_phase(s)

    def action_text(self, s: BgState, a) -> str:
        """An action in the game's words: "move ge Armour Berlin", "ge Armour Berlin to West
        Poland", "ge Infantry Hamburg boards ge Convoy Baltic Sea", "declare war for su", "fight in Paris", "fight on", "retreat to Alsace",
        "ge Aircraft Alsace lands in Bavaria", "build ge Infantry", "repair fr Armour Paris",
        "end"."""
        verb = a[0]
        if verb == "move":
            return f"move {self.piece_text(s, a[1])}"
        if verb == "to":
            return f"{self.piece_text(s, s.chosen)} to {self.hex_text(a[1])}"
        if verb == "board":
            return f"{self.piece_text(s, s.chosen)} boards {self.piece_text(s, a[1])}"
        if verb == "declare":
            return f"declare war for {self.nation_ids[a[1]]}"
        if verb == "fight":
            return f"fight in {self.hex_text(a[1])}"
        if verb == "land":
            return f"{self.piece_text(s, s.chosen)} lands in {self.hex_text(a[1])}"
        if verb == "retreat":
            return f"retreat from {self.hex_text(s.chosen)} to {self.hex_text(a[1])}"
        if verb == "build":
            return f"build {self.nation_ids[a[1]]} {self.types[a[2]].name}"
        if verb == "repair":
            return f"repair {self.piece_text(s, a[1])}"
        return verb

    # ------------------------------------------------------------------ the sequence of play (5)

    def _next_phase(self, s: BgState) -> None:
        s.phase += 1
        self._enter_phase(s)

    def _enter_phase(self, s: BgState) -> None:
        """Run automatic phases (5.1-5.2 the quarter; 7 the turn end up to its decisions) and
        set up the next decision."""
        while not s.ended:
            if s.phase >= len(self.phase_ids):                 # a new quarter
                s.phase, s.turn = 0, s.turn + 1
            kind = self.phase_kind[s.phase]
            s.moved, s.chosen, s.stage, s.rnd, s.asked, s.shipped = 0, -1, PICK, 0, 0, 0
            s.led = [0] * self.npieces
            if kind == "quarter":
                economy.time_table(self, s)
                economy.reinforce(self, s)
                s.phase += 1
                continue
            if kind == "turn_end":
                if economy.turn_end(self, s) or s.ended:        # production decisions follow, or the end
                    return
                s.phase += 1
                continue
            s.actor = self.phase_side[s.phase]
            if kind == "reaction" and not self._pick(s, kind):   # 6.1.6: no reserve can go
                s.phase += 1
                continue
            if kind == "combat":
                if not combat.contested(self, s):
                    s.phase += 1
                    continue
                s.stage = FIGHT
            return

    # ------------------------------------------------------------------ shared answers

    def stacks_at(self, s: BgState) -> list:
        """Per space, the pieces standing there (a fresh list of lists)."""
        out = [[] for _ in range(self.board.n)]
        for p, h in enumerate(s.loc):
            if h >= 0:
                out[h].append(p)
        return out

    def put(self, s: BgState, p: int, h: int) -> None:
        """Move piece ``p`` to space ``h`` (or off the map, ``h`` < 0), keeping ``occ`` naming one
        piece of every occupied space. A convoy's load goes with it, and is lost with it (6.1.3 A)."""
        old = s.loc[p]
        s.loc[p] = h
        if old >= 0 and s.occ[old] == p:
            s.occ[old] = next((q for q, w in enumerate(s.loc) if w == old), -1)
        if h >= 0 and s.occ[h] < 0:
            s.occ[h] = p
        if h < 0:
            s.reduced[p] = 0
            s.came[p] = -1
            s.aboard[p] = -1
        if self.t.carrier[self.p_type[p]]:
            for q in transport.load(self, s, p):
                self.put(s, q, h if h >= 0 else ELIMINATED)

    def observe(self, s: BgState, side: int) -> BgView:
        return BgView(s, side)

    def at_war(self, s: BgState, p: int) -> bool:
        return bool(s.war[self.p_nation[p]]) and not s.fallen[self.p_nation[p]]

    def scores(self, s: BgState) -> dict:
        """8.5: each side's economic points (the build points of the areas it controls)."""
        return {sid: economy.points(self, s, k) for k, sid in enumerate(self.side_ids)}

    def nation_figures(self, s: BgState) -> dict:
        """The generic figures, and per nation: areas held, conquered (1 or 0), at war (1 or 0),
        production (a major's build points a quarter), saved build points, control markers on
        the map (2.2)."""
        out = GameRules.nation_figures(self, s)
        for k, nid in enumerate(self.nation_ids):
            out[nid].update(areas=s.ctl.count(k), conquered=s.fallen[k], at_war=s.war[k],
                            production=economy.income(self, s, k) if self.t.major[k] else 0,
                            saved=s.bp[k], control_markers=economy.control_markers(self, s, k))
        return out

    def status_lines(self, s: BgState) -> list:
        q = (self.t.section.quarter_of_turn_1 - 1 + s.turn - 1)
        year = self.t.section.year_of_turn_1 + q // 4
        lines = [f"quarter {q % 4 + 1} of {year}; points " +
                 ", ".join(f"{k} {v}" for k, v in self.scores(s).items())]
        for k, nid in enumerate(self.nation_ids):
            if self.t.major[k]:
                state = "conquered" if s.fallen[k] else ("at war" if s.war[k] else "neutral")
                lines.append(f"{nid}: {state}, {s.bp[k]} BP saved, "
                             f"{economy.income(self, s, k)} BP a quarter")
        return lines

    def state_problems(self, s: BgState) -> list:
        """BG's own invariants: a unit in production is off the map; no conquered nation's unit
        on the map; saved build points never negative; at the start of a quarter no space holds
        units of two sides at war at the turn end (6.4), and every aircraft then in an area of its side
        (6.1.1 air) or aboard a convoy; ships only at sea, land units only ashore or aboard a
        convoy (6.1.3 A: in its sea zone, within its load), aircraft at sea only in a naval
        combat or aboard."""
        out = []
        for p, h in enumerate(s.loc):
            if s.due[p] and h != RESERVE:
                out.append(f"piece {p} is in production but at {h}")
            if h >= 0 and s.fallen[self.p_nation[p]]:
                out.append(f"piece {p} of a conquered nation is on the map")
            ashore = h >= 0 and self.t.ship[self.p_type[p]] and not self.t.is_sea[h]
            if ashore and (s.came[p] < 0 or self.phase_kind[s.phase] not in ("movement", "reaction", "combat")):
                out.append(f"task force {p} is ashore ({self.hex_text(h)}) outside a land combat")
            elif h >= 0 and self.t.is_sea[h] and not self.t.ship[self.p_type[p]] and s.aboard[p] < 0 and \
                    not self.t.air[self.p_type[p]]:
                out.append(f"piece {p} stands on the wrong kind of space ({self.hex_text(h)})")
            if s.came[p] >= 0 and not ashore:
                out.append(f"piece {p} has a sea zone to go back to but is not ashore")
            if h == ELIMINATED and s.due[p]:
                out.append(f"eliminated piece {p} is due")
            if s.led[p] > combat.strength(self, s, p):
                out.append(f"HQ {p} has led {s.led[p]} units, more than its number")
        out += transport.capacity_problems(self, s)
        if any(v < 0 for v in s.bp):
            out.append(f"negative build points {s.bp}")
        if self.phase_kind[s.phase] == "turn_end":
            if s.aloft:
                out.append(f"aircraft still flying back at the turn end (mask {s.aloft})")
            for p, h in enumerate(s.loc):             # 6.1.1 air: aircraft have landed
                k = s.ctl[h] if h >= 0 else -1
                if h >= 0 and self.t.air[self.p_type[p]] and s.aboard[p] < 0 and \
                        (k < 0 or self.nation_side[k] != self.p_side[p]):
                    out.append(f"aircraft {p} is not in an area of its side ({self.hex_text(h)}) at the turn end")
            for h in combat.contested(self, s):
                out.append(f"units of two sides at war share {self.hex_text(h)} at the turn end")
        return out
