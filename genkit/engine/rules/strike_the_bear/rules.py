"""The Strike the Bear system over the standard rules (docs/strike-the-bear-rules.md): the
standard procedures of movement, stacking by space kind, zones of control in the occupied space
and the differential CRT (:class:`~genkit.engine.rules.standard.rules.Game`), extended with this
system's own: the mutual phases' weather, operations points and objectives rolls (3.0), weather
on movement (6.3) and combat (11.6), rail supply and supply bought with OPs (11.5), combined
arms (11.7), command by leaders (11.8.1), reorganization paid in OPs (12.3, 12.4) and victory by
the objectives rolled (13.0). The die-roll tables are the model's ``die_tables`` (standard rules
case 14), read through :mod:`genkit.engine.die_tables`."""
from __future__ import annotations

from ...board import IMPASSABLE
from ...chance import roll_die
from ...die_tables import readers
from ...state import ELIMINATED
from ...view import View
from ..standard.events import Restored
from ..standard.rules import COMBAT, END, MOVEMENT
from ..standard.rules import Game as StandardGame
from ..standard.state import PICK, RESTORE
from .advance import Advance
from .battle import Battle
from .section import Section
from .battle import FIGHT, GO_ON, HALT
from .breakdown import Breakdown
from .commissar import NO_COUNTER, Commissar
from .luftwaffe import MISSIONS, SUPPORT, Luftwaffe
from .redeployment import REDEPLOYMENT, Redeployment
from .partisans import Partisans
from .supply import Supply
from .state import COMMIT, CONTINUE, FLY, PARTISAN, STB_STAGE_NAMES, StbState

MUTUAL = "mutual"
FIRST_WEATHER = "Fair"              # 3.1.3: no roll on turn 1


class StbView(View):
    """What a side sees: the standard view plus the turn's weather, both sides' OPs and
    objectives (all open information in this game), and the piece the pending decision is
    about (``chosen``: the Luftwaffe unit landing, the leader committing reserves; -1 none)."""
    __slots__ = ("chosen", "objectives", "ops", "weather")

    def __init__(self, state, side: int):
        View.__init__(self, state, side)
        self.weather, self.ops, self.objectives = state.weather, tuple(state.ops), state.objectives
        self.chosen = state.chosen

    @property
    def position(self) -> StbState:
        """The whole position: nothing is hidden in this game, so what a side sees is all of
        it (read it, never write it)."""
        return self._s


class Game(Redeployment, Breakdown, Commissar, Partisans, Luftwaffe, Supply, Advance, Battle, StandardGame):
    """A game on the Strike the Bear system (module docstring)."""

    name = "strike_the_bear"
    state_class = StbState
    stage_names = STB_STAGE_NAMES
    answer_stages = StandardGame.answer_stages + (COMMIT, CONTINUE)
    section_class = Section

    def __init__(self, content):
        StandardGame.__init__(self, content)
        sec, board = self.section, self.board
        self.tables = readers(content)
        self.nsides = len(self.side_ids)
        ids = [board.id_of(h) for h in range(board.n)]
        #: per side: the oxes of its friendly board edge a unit may stand in (6.1.3)
        self.edge = [tuple(h for h, i in enumerate(ids) if i[:1] == sec.edges[sid] and i[1:].isdigit()
                           and board.spaces.spaces[h].kind == "ox" and board.cost[h] != IMPASSABLE)
                     for sid in self.side_ids]
        #: the spaces a trace may cross (not the sea)
        self.land_mask = sum(1 << h for h in range(board.n) if board.cost[h] != IMPASSABLE)
        #: ox column letter -> its index west to east (the railhead counts columns, 6.4.1)
        self.column_of = [ord(i[0]) - ord("A") if i[:1].isalpha() else 99 for i in ids]
        rail = [[] for _ in range(board.n)]
        for c in board.spaces.connections:
            if c.kind == "rail":
                a, b = board.index_of(c.a), board.index_of(c.b)
                rail[a].append(b)
                rail[b].append(a)
        self.rail = [tuple(r) for r in rail]
        # per piece: its OPs cost (1.2), leader, armour
        tids = self.type_ids
        self.p_ops = [sec.ops.get(tids[t], 0) for t in self.p_type]
        leaders, armour = set(sec.leaders.types), set(sec.armour)
        self.p_leader = [int(tids[t] in leaders) for t in self.p_type]
        #: 11.8.2, 12.1: a leader's support rating (0 for other pieces)
        self.p_support = [sec.leaders.support.get(tids[t], 0) for t in self.p_type]
        self.p_armour = [int(tids[t] in armour) for t in self.p_type]
        self.leaders = [tuple(p for p in ps if self.p_leader[p]) for ps in self.side_pieces]
        #: 11.5.2: the supply trucks (no combat unit: they do not fight, command or pay for supply)
        self.p_truck = [int(tids[t] in sec.trucks) for t in self.p_type]
        self.trucks = [tuple(p for p in ps if self.p_truck[p]) for ps in self.side_pieces]
        #: per piece: 1 for a combat unit (neither leader nor truck)
        self.p_unit = [int(not self.p_leader[p] and not self.p_truck[p]) for p in range(self.npieces)]
        self.side_mask = [sum(1 << p for p in ps) for ps in self.side_pieces]
        # 6.3.3: movement allowances (half MP) per weather
        base = list(self.t_ma2)
        self.ma_by_weather = {}
        for wx, loss in sec.weather.movement.items():
            row = []
            for t, ma in enumerate(base):
                motor = tids[t] in armour or tids[t] in sec.trucks      # trucks: as armour (a decision)
                lost = 0 if tids[t] in leaders else loss.armour if motor else loss.infantry
                row.append(max(0, ma - 2 * lost))
            self.ma_by_weather[wx] = row
        self.ma_base = base
        #: 6.3.3: per weather (index in weather_names; 0: none named), per piece: 1 when it moves
        #: only with a leader
        self.weather_names = [""] + sorted(sec.weather.escort)
        self.p_escorted = [[0] * self.npieces] + [
            [int(self.p_unit[p] and ("armour" if self.p_armour[p] else "infantry") in sec.weather.escort[w])
             for p in range(self.npieces)] for w in self.weather_names[1:]]
        self._wx, self._wx_index = FIRST_WEATHER, 0
        # 13.1: the objectives by name -> their spaces; every objective space
        names: dict = {}
        known = set(ids)
        for sp in content.map.spaces:
            if sp.name and sp.id in known and sp.kind != "box":
                names.setdefault(sp.name, []).append(board.index_of(sp.id))
        for name, oxes in sec.objectives.edges.items():
            names[name] = [board.index_of(i) for i in oxes]
        self.objective_spaces = {k: tuple(v) for k, v in names.items()}
        self.obj_spaces = tuple(sorted({h for v in names.values() for h in v}))
        owner = {sp.id: sp.owner for sp in content.map.spaces}
        self.ctrl0 = [self.side_ids.index(owner[board.id_of(h)]) if owner.get(board.id_of(h)) else -1
                      for h in self.obj_spaces]
        self.default_objectives = tuple(sec.objectives.default)
        self.last_phase = len(self.phase_ids) - 1
        self._luftwaffe_tables()
        self._breakdown_tables()
        self._partisan_tables()
        self._commissar_tables()
        self._traced: dict = {}             # supply.py: traced masks by side and enemy spaces
        self._swept = False                 # a move swept enemy trucks or leaders away (_entered)
        #: 11.4.2: the spaces a river runs through (the map's feature rules.yaml river names)
        self.river_mask = sum(1 << board.index_of(i) for f in content.map.features
                              if sec.river is not None and f.id == sec.river.feature for i in f.hexes)
        #: 12.5: per side, the corps (or their equivalent) its boxes always hold
        self.box_minimum = [sec.box_minimum.get(sid, 0) for sid in self.side_ids]
        #: 12.0: a reorganization phase lasts until its player ends it (OPs pay, not points)
        self.repl_points = [[1] * self.nsides for _ in range(self.turns + 1)]

    # ------------------------------------------------------------------ set-up (14.0)

    def _setup(self, s: StbState) -> None:
        """14.0: the set-up, turn 1's OPs (3.3.3) and fair weather (3.1.3); the objective spaces
        controlled as the map gives them (13.1.1); then the first phase."""
        s.weather, s.objectives = FIRST_WEATHER, ((),) * self.nsides
        s.ops = [self.section.start_ops.get(sid, 0) for sid in self.side_ids]
        s.spent = [0] * self.nsides
        s.sorties, s.flown, s.arrived = 0, 0, 0
        s.air_at, s.air_role = list(self.air_setup), [SUPPORT] * self.air_units     # 14.2: flying support
        s.tried, s.ncommit = 0, 0
        s.partisan, s.raids, s.read_by, s.commissar, s.counter = -1, 0, 0, -1, NO_COUNTER
        s.battling, s.counter_due, s.wpath, s.blitz = 0, 0, (), 0
        s.redeploy, s.first = [0] * self.nsides, 0
        s.lw = [0] * self.air_units
        s.ctrl = list(self.ctrl0)
        StandardGame._setup(self, s)
        self._control(s)

    def observe(self, state: StbState, side: int) -> StbView:
        return StbView(state, side)

    # ------------------------------------------------------------------ 3.0 the mutual phases

    def _enter_phase(self, s: StbState, same: bool = False) -> None:
        self._control(s)
        kind = self.phase_kind[s.phase]
        if kind == MUTUAL:
            if s.turn > 1 and not same:     # once a turn (the phase acts for both sides in turn)
                self._mutual_rolls(s)
            StandardGame._enter_phase(self, s, same)
            return self._next_phase(s)
        self._weather_tables(s)
        s.tried, s.flown = 0, 0             # 11.8.2: a unit tries as a reserve once a combat phase; 9.1
        if kind == REDEPLOYMENT and not same:
            self._redeployment_rolls(s)     # 3.2.1 (who acts first: phase_actor)
        StandardGame._enter_phase(self, s, same)
        if kind == MOVEMENT and s.actor == self.partisan_side and s.turn >= self.section.partisans.from_turn:
            self._partisans_roll(s)         # 8.1.2

    def _mutual_rolls(self, s: StbState) -> None:
        """3.1: the weather (rolled again before the transition turn while snow comes up; the
        transition modifier after it); 3.3: each side's OPs on its table's weather column, and
        on an OB its objectives (3.3.2, 13.2); with the optional 3.3.5, half the OPs left at the
        turn's end (rounded down) added."""
        wt, wsec = self.tables["weather"], self.section.weather
        drms = ("transition",) if s.turn >= wsec.transition_turn else ()
        while True:
            r = wt.roll(s, "weather", drms, "weather")
            if drms or r.result not in wsec.reroll_before:
                break
        s.weather = r.result
        s.sorties = 0                       # 9.2.3: each unit joins a battle once a turn
        column = wt.read(r.modified, "ops")
        objectives = list(s.objectives)
        for side, sid in enumerate(self.side_ids):
            cell = self.tables["ops_" + sid].roll(s, column, (), "ops").result
            saved = s.ops[side] // 2 if self.section.save_ops else 0       # 3.3.5 (optional)
            s.ops[side] = int(cell.split()[0]) + saved
            if "OB" in cell.split()[1:] and not self.section.solitaire:       # 13.4: ignored
                objectives[side] = self._roll_objectives(s)
        s.objectives = tuple(objectives)
        self._weather_tables(s)

    def _roll_objectives(self, s: StbState) -> tuple:
        """3.3.2, 13.2: a roll on the objectives table: the names of four objectives."""
        names = self.tables["objectives"].roll(s, None, (), "objectives").result
        return tuple(n.strip() for n in names.split(","))

    def _weather_tables(self, s: StbState) -> None:
        """6.3.3: the movement allowances of the state's weather in force (the phase's caches
        dropped when they change)."""
        if s.weather != self._wx:
            self._wx = s.weather
            self.t_ma2 = self.ma_by_weather.get(s.weather, self.ma_base)
            self._wx_index = self.weather_names.index(s.weather) if s.weather in self.weather_names else 0
            self._mc = None
            self._probes.found.clear()
            self._probes.size = 0

    def _movers(self, s: StbState) -> list:
        """6.1.4: disrupted leaders stay; 6.1.3: a unit in an enemy-held space moves only if it
        can go where it keeps its line of communication; 6.4.3: no more rail moves once the side
        has made its turn's (strategic_capacity);
        10.0: the breakdowns and combinings open to the side."""
        out = StandardGame._movers(self, s)
        red = s.reduced                     # 6.1.4: disrupted leaders do not move
        out = [a for a in out if a[0] not in ("move", "march") or not (self.p_leader[a[1]] and red[a[1]])]
        escorted = self.p_escorted[self._wx_index]                   # 6.3.3: no leader, no move
        out = [a for a in out if a[0] not in ("move", "march") or not escorted[a[1]]
               or (a[0] == "move" and self.escort(s, a[1]) >= 0 and self._dest_actions(s, a[1], False))]
        enemy = self.enemy_mask(s, s.actor)
        if any(a[0] == "move" and (enemy >> s.loc[a[1]]) & 1 for a in out):     # 6.1.3
            lines = self.lines_mask(s, s.actor)
            out = [a for a in out if a[0] != "move" or not (enemy >> s.loc[a[1]]) & 1
                   or any((lines >> d[1]) & 1 for d in StandardGame._dest_actions(self, s, a[1], False))]
        if self.strategic and bin(s.marched & self.side_mask[s.actor]).count("1") >= self.section.strategic_capacity:
            out = [a for a in out if a[0] != "march"]
        return out + self.breakdowns(s, s.actor) + self.flights(s)

    # ------------------------------------------------------------------ 6.3.3 moving with leaders

    def escort(self, s: StbState, p: int) -> int:
        """6.3.3: the leader ``p`` must move with in this weather (a non-disrupted leader of its
        side in its space who has not moved this phase); -1 none. ``p`` itself when it needs none."""
        if not self.p_escorted[self._wx_index][p]:
            return p
        at, done = s.loc[p], s.done
        for ldr in self.leaders[self.p_side[p]]:
            if s.loc[ldr] == at and not s.reduced[ldr] and not (done >> ldr) & 1:
                return ldr
        return -1

    def _move_escorted(self, s: StbState, h: int) -> None:
        """6.3.4: the unit moves, and the leader it moves with goes with it (his move made)."""
        ldr = self.escort(s, s.chosen)
        StandardGame._do(self, s, ("to", h))
        if ldr >= 0 and s.loc[ldr] != h:
            self._lift(s, ldr)
            self._put(s, ldr, h)
            s.done |= 1 << ldr

    def _dest_actions(self, s: StbState, p: int, march: bool) -> list:
        """6.1.3: a unit leaving an enemy-held space goes only where it keeps a line of
        communication to its board edge; 6.3.3: a unit moving with a leader goes where he may
        stop too (not a diamond)."""
        out = StandardGame._dest_actions(self, s, p, march)
        ldr = self.escort(s, p)
        if ldr >= 0 and ldr != p:
            out = [a for a in out if self._room(s, a[1], ldr)]
        side = self.p_side[p]
        if (self.enemy_mask(s, side) >> s.loc[p]) & 1:
            lines = self.lines_mask(s, side)
            out = [a for a in out if (lines >> a[1]) & 1]
        return out

    def _entered(self, s: StbState, p: int, h: int) -> bool:
        """A combat unit entering a space where the enemy has no combat unit: 6.4.6, the enemy's
        trucks there are eliminated; 11.8.3, its leaders there roll for their fate."""
        if self.p_unit[p]:
            side = self.p_side[p]
            others = [q for q in self.stack(s, h) if self.p_side[q] != side]
            if others and not any(self.p_unit[q] for q in others):
                for q in others:
                    if self.p_truck[q]:
                        self._remove(s, q)
                    else:
                        self._leader_loss(s, q, h)
                self._swept = True
        return StandardGame._entered(self, s, p, h)

    def _moved(self, s: StbState, mc, p: int, a: int, b: int) -> None:
        """The standard update of the phase's moves, dropped when the move swept enemy pieces
        away (:meth:`_entered`)."""
        StandardGame._moved(self, s, mc, p, a, b)
        if self._swept:
            self._mc, self._swept = None, False

    def _compute(self, s: StbState) -> list:
        self._weather_tables(s)
        if s.stage == RESTORE:
            return self._reorganization(s)
        if s.stage == COMMIT:
            return [("commit", p) for p in self._reserves_of(s, s.chosen)] + [FIGHT]
        if s.stage == CONTINUE:
            return [GO_ON, HALT]
        if s.stage == PARTISAN:
            return self.partisan_actions(s)
        if s.stage == FLY:
            return self.landings(s)
        if s.stage == PICK and self.phase_kind[s.phase] == REDEPLOYMENT:
            return self._redeployers(s)
        out = StandardGame._compute(self, s)
        if s.commissar >= 0 and s.actor == self.commissar_side and out[0] == END and s.stage == PICK \
                and self.phase_kind[s.phase] == COMBAT and ("attack", s.commissar) in out:
            out = out[1:]                   # 7.2.2 a: his side must attack where he stands
        return out

    # ------------------------------------------------------------------ 12.0 reorganization

    def _reorganization(self, s: StbState) -> list:
        """12.1.1: a disrupted leader tries to recover once a phase, for his OPs; 12.4: rebuild
        a reduced unit not sharing a space with the enemy, for its OPs; 12.3: bring an
        eliminated unit back reduced, for its OPs, in a free ox of the friendly edge
        (12.3.5-12.3.6) while the boxes keep their minimum (12.3.3, 12.5)."""
        side, ops = s.actor, s.ops[s.actor]
        out = [END]
        spare = self.boxed_points(s, side) - self.box_minimum[side]      # 12.3.3, 12.5
        if side == self.air_side and self.section.luftwaffe.ops <= ops:      # 9.3.3
            out += [("refit", k) for k, r in enumerate(s.lw) if r]
        for p in self.side_pieces[side]:
            cost = self.p_ops[p]
            if cost > ops:
                continue
            h = s.loc[p]
            if self.p_leader[p] or self.p_truck[p]:
                if h >= 0 and s.reduced[p] and not (s.tried >> p) & 1 and self.recovery_rating(s, p):
                    out.append(("recover", p))
                elif h == ELIMINATED and self.p_truck[p] and self._replacement_ox(s, p) >= 0:
                    out.append(("replace", p))          # 6.4.6: a truck caught alone is rebuilt
                continue
            if h >= 0 and s.reduced[p] and not any(self.p_side[q] != side for q in self.stack(s, h)):
                out.append(("restore", p))
            elif h == ELIMINATED and self.t_stack[self.p_type[p]] <= spare and self._replacement_ox(s, p) >= 0:
                out.append(("replace", p))
        return out

    def recovery_rating(self, s: StbState, p: int) -> int:
        """12.1.1: a disrupted leader recovers on his own support rating; 12.1.2: a truck on the
        best of the non-disrupted leaders in or next to its space (0: none, no attempt)."""
        if self.p_leader[p]:
            return self.p_support[p]
        near = self.adj_mask[s.loc[p]] | (1 << s.loc[p])
        return max((self.p_support[q] for q in self.leaders[self.p_side[p]]
                    if s.loc[q] >= 0 and not s.reduced[q] and (near >> s.loc[q]) & 1), default=0)

    def _recover(self, s: StbState, p: int) -> None:
        """12.1: the OPs of the leader or truck paid, a die at or under the rating recovers it."""
        rating = self.recovery_rating(s, p)
        s.ops[s.actor] -= self.p_ops[p]
        s.spent[s.actor] += self.p_ops[p]
        s.tried |= 1 << p
        if roll_die(s, 6, "recovery") <= rating:
            s.reduced[p] = 0

    def _replacement_ox(self, s: StbState, p: int) -> int:
        """12.3.5: the first ox of the friendly edge with room for ``p``, free of enemy units
        first; -1 none (12.3.6)."""
        side = self.p_side[p]
        free, held = [], []
        for h in self.edge[side]:
            if self._room(s, h, p):
                (held if any(self.p_side[q] != side for q in self.stack(s, h)) else free).append(h)
        return (free + held)[0] if free or held else -1

    def _do(self, s: StbState, a) -> None:
        verb = a[0]
        if verb == "to":
            self._weather_tables(s)
            if self.p_escorted[self._wx_index][s.chosen]:
                return self._move_escorted(s, a[1])
        if verb == "attack":                # 7.2.1 b: a new battle, no counter-attack yet
            s.counter = NO_COUNTER
        if verb == "recover":
            return self._recover(s, a[1])
        if verb == "fly" or verb == "land" or verb == "refit":
            return self._fly(s, a)
        if verb == "cut" or verb == "raid":
            return self._partisan_do(s, a)
        if verb == "commit":
            return self._commit(s, a[1])
        if verb == "break":
            return self._break(s, a[1])
        if verb == "combine":
            return self._combine(s, a[1], a[2])
        if verb == "fight":
            return self._fight(s)
        if verb == "continue" or verb == "halt":
            return self._continue(s, verb == "continue")
        if verb == "restore" or verb == "replace":
            p = a[1]
            s.ops[s.actor] -= self.p_ops[p]
            s.spent[s.actor] += self.p_ops[p]
            if verb == "restore":
                s.reduced[p] = 0
            else:
                self._put(s, p, self._replacement_ox(s, p))
                s.reduced[p] = 1
            if s.events is not None:
                s.events.append(Restored(side=self.side_ids[self.p_side[p]], type=self.type_ids[self.p_type[p]],
                                         piece=p))
            return
        StandardGame._do(self, s, a)

    def action_text(self, s: StbState, a) -> str:
        """The standard words, "replace <unit> at <ox>" (12.3) and "commit <unit>" (11.8.2), "break <army>" and "combine <corps> and <corps>" (10.0)."""
        if a[0] == "refit" or a[0] == "fly":
            return f"{a[0]} Luftwaffe unit {a[1] + 1}"
        if a[0] == "land":
            return f"Luftwaffe unit {s.chosen + 1} to {self.hex_text(a[1])}: {MISSIONS[self.mission_at(s, a[1])]}"
        if a[0] == "cut":
            return f"partisans cut the rail at {self.hex_text(a[1])}"
        if a[0] in ("commit", "break", "recover", "raid"):
            return f"{a[0]} {self.piece_text(s, a[1])}"
        if a[0] == "combine":
            return f"combine {self.piece_text(s, a[1])} and {self.piece_text(s, a[2])}"
        if a[0] == "replace":
            return f"replace {self.piece_text(s, a[1])} at {self.hex_text(self._replacement_ox(s, a[1]))}"
        return StandardGame.action_text(self, s, a)

    # ------------------------------------------------------------------ 13.0 victory

    def _control(self, s: StbState) -> None:
        """13.1.1: an objective space solely occupied by one side's units is that side's."""
        p_side = self.p_side
        for k, h in enumerate(self.obj_spaces):
            q, side = s.occ[h], -2
            while q >= 0:
                side = p_side[q] if side in (-2, p_side[q]) else -3
                q = s.nxt[q]
            if side >= 0:
                s.ctrl[k] = side

    def objectives_of(self, s: StbState, side: int) -> tuple:
        """13.2-13.3: the names of ``side``'s objectives: its last set rolled, else the default."""
        return s.objectives[side] or self.default_objectives

    def attained(self, s: StbState, side: int) -> int:
        """13.1: how many of ``side``'s objectives it controls (each of its spaces)."""
        where = {h: k for k, h in enumerate(self.obj_spaces)}
        return sum(all(s.ctrl[where[h]] == side for h in self.objective_spaces[name])
                   for name in self.objectives_of(s, side))

    def _next_phase(self, s: StbState) -> None:
        """7.1.5: after the commissar's side's movement he is placed anew; 13.5: after the last
        phase of the last turn, the objectives decide (13.4, solitaire: rolled then)."""
        sec = self.section.commissar
        if sec is not None and self.phase_kind[s.phase] == MOVEMENT and self.phase_side[s.phase] == self.commissar_side \
                and s.turn >= sec.from_turn and not s.ended:
            self._place_commissar(s)
        if s.phase == self.last_phase and s.turn >= self.turns and not s.ended:
            if self.section.solitaire:      # 13.4: each side's objectives rolled now, in side order
                s.objectives = tuple(self._roll_objectives(s) for _ in range(self.nsides))
            self._control(s)
            got = [self.attained(s, side) for side in range(self.nsides)]
            full = [got[k] == len(self.objectives_of(s, k)) for k in range(self.nsides)]
            if full[0] != full[1]:
                return self._end(s, full.index(True), "objectives_decisive")
            if not any(full) and got[0] != got[1]:
                return self._end(s, 0 if got[0] > got[1] else 1, "objectives_marginal")
            return self._end(s, -1, "objectives_draw")
        StandardGame._next_phase(self, s)

    # ------------------------------------------------------------------ invariants and text

    def state_problems(self, s: StbState) -> list:
        out = StandardGame.state_problems(self, s)
        out += [f"side {k} has {n} OPs" for k, n in enumerate(s.ops) if n < 0]
        out += self.air_problems(s)
        if s.battling or s.counter_due:     # 7.2.1 b: nothing of a battle's steps left pending at a decision
            out.append(f"a battle's steps left pending (battling {s.battling}, counter-attack due {s.counter_due})")
        if s.commissar >= 0 and self.board.spaces.spaces[s.commissar].kind != "ox":
            out.append(f"the commissar is in {self.board.id_of(s.commissar)}, not an ox")
        out += [f"side {k} has {self.boxed_points(s, k)} corps in its boxes, under its minimum {m}"
                for k, m in enumerate(self.box_minimum) if self.boxed_points(s, k) < m]
        out += [f"objective {self.board.id_of(self.obj_spaces[k])} controlled by {c}"
                for k, c in enumerate(s.ctrl) if not -1 <= c < self.nsides]
        return out

    def status_lines(self, s: StbState) -> list:
        lines = [f"weather {s.weather}; OPs " + ", ".join(f"{sid} {n}" for sid, n in zip(self.side_ids, s.ops))]
        for side, sid in enumerate(self.side_ids):
            lines.append(f"{sid} objectives: {', '.join(self.objectives_of(s, side))} "
                         f"({self.attained(s, side)} held)")
        return lines + StandardGame.status_lines(self, s)
