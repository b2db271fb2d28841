"""Memoir '44's sequence of play and the game interface (:class:`genkit.engine.game.GameRules`).

``Game(content)`` reads the model once (the board's sections, what each terrain and feature
does, the unit types, the battle die, the command deck, the objectives) and answers
``_setup``, ``_compute``, ``_do`` and ``action_text``; the procedures of each part of the rules are its
mixins: :mod:`.orders` (command cards, 3), :mod:`.movement` (4), :mod:`.battle` (5),
:mod:`.retreat` (6-7), and medals here (9). Case numbers are those of docs/memoir44-rules.md.

Decisions (plain tuples, deterministic order): ``("card", copy)``; ``("order", piece)``,
``("done",)``; ``("move", piece)``, ``("done",)``; ``("to", hex)``; ``("fire", piece, target)``,
``("done",)``; ``("retreat", hex)`` (the target's owner decides); ``("take", hex)``, ``("stay",)``.
"""
from __future__ import annotations

from ...chance import shuffle
from ...game import GameRules, RulesError
from ...state import ELIMINATED
from . import events as mev
from .air import Air
from .battle import Battle, Wall
from .checks import state_problems
from .movement import Movement
from .orders import Orders
from .retreat import Retreat
from .section import EDGES, HexEffect, Section, UnitRule
from .sight import Sight
from .tactics import Tactics
from .state import (
    S_AIM,
    S_AMBUSH,
    S_BATTLE,
    S_CARD,
    S_KEEP,
    S_MOVE_DEST,
    S_MOVE_UNIT,
    S_ORDER,
    S_OVER,
    S_OVERRUN,
    S_RETREAT,
    S_SORTIE,
    S_TAKE,
    STAGE_NAMES,
)
from .state import (
    M44State as State,
)
from .view import PlayerView, determinise

NONE = HexEffect()


class Game(Orders, Tactics, Air, Movement, Battle, Retreat, Sight, GameRules):
    """Memoir '44's procedures over one content model (built once, shared by states)."""

    name = "memoir44"
    state_class = State

    def __init__(self, content):
        GameRules.__init__(self, content)
        self.section = sec = Section.model_validate(content.rules or {})
        g, b = content.game, self.board
        grid = b.grid
        n = b.n
        self.first = self.side_ids.index(g.first_side)
        self.phase_kind = [p.kind for p in g.sequence_of_play]
        self.phase_side = [self.side_ids.index(p.side) for p in g.sequence_of_play]
        self.enemy_pieces = [self.side_pieces[1], self.side_pieces[0]]
        # 2.2 the board: sections per hex (two for a straddling hex), passable hexes
        m = content.map
        sec_index = {sc.id: i for i, sc in enumerate(m.sections)}
        self.hex_secs = [tuple(sec_index[sid] for sid in content.sections_of(grid.id_of(h))) for h in range(n)]
        self.passable = [c != 0 for c in b.cost]
        self._hex_tables: dict = {}     # (unit type, features standing) -> Movement.hex_tables
        self._sight = {}                  # 5.4: per pair of hexes, what the line between them crosses
        self._read_effects(content, sec)
        self._read_units(content, sec)
        self._read_cards(content)
        self._read_tactics(content, sec)
        self._read_edges(content, sec)
        self._read_air(content, sec)
        # 2.3 the battle die: per face the unit types it hits (bit mask) and its retreat flags
        die = content.dice[0]
        self.die_faces = len(die.faces)
        self.face_hits = [sum(1 << self.type_index[t] for t in f.hits) for f in die.faces]
        self.face_flags = [f.retreats for f in die.faces]
        self.face_symbols = [f.symbol for f in die.faces]
        # 9.2 objectives; 3.5 extra orders
        self.objectives = [(grid.index_of(o.hex), self.side_ids.index(o.side), o.medals) for o in sec.objectives]
        self.extra = [sec.extra_orders.get(sid, 0) for sid in self.side_ids]
        self.hand_size = [sec.hands[sid] for sid in self.side_ids]
        self.all_cards = list(range(self.ncards))

    def _read_walls(self, content, sec) -> None:
        """8.6: per hex, the one-way hexside features (``directed``, with an entry in
        ``rules.hexsides``) it stands behind: (dice change per attacker type, flags ignored, the
        hexes on their far side)."""
        b = self.board
        self.walls = [[] for _ in range(b.n)]
        # 8.7: per unit type, (from, to) crossings of a cliff -> hexes counted (0: barred)
        self.t_crossing = [{} for _ in self.type_ids]
        self.no_take_up = set()         # 8.7: (from, to) pairs no unit takes ground across
        for x in content.map.hexsides:
            eff = sec.hexsides.get(x.id)
            if eff is None or not x.directed:
                continue
            fronts = {}
            for edge in x.edges:
                back, front = (b.grid.index_of(i) for i in edge.split("/"))
                fronts.setdefault(back, []).append(front)
                for ti, tid in enumerate(self.type_ids):
                    cost = 0 if tid in eff.impassable_for else eff.climb
                    if cost != 1 and (cost or tid in eff.impassable_for):
                        self.t_crossing[ti][(back, front)] = self.t_crossing[ti][(front, back)] = cost
                if eff.no_take_ground_up:
                    self.no_take_up.add((front, back))
            dice = tuple(eff.dice.get(t, 0) for t in self.type_ids)
            for back, far in fronts.items():
                self.walls[back].append(Wall(dice=dice, ignore_flags=eff.ignore_flags, far=tuple(far)))

    def _read_effects(self, content, sec) -> None:
        """8.1-8.3: what each terrain and each feature does, as flat tables (index = terrain
        index in ``map.terrain``, feature index in ``map.features``, unit type index)."""
        b = self.board
        types = self.type_ids
        terrains = [t.id for t in content.map.terrain]
        t_eff = [sec.terrain.get(t, NONE) for t in terrains]
        feats = content.map.features
        f_eff = [sec.features.get(f.id, NONE) for f in feats]
        self.h_terrain = [terrains.index(b.terrain[h]) for h in range(b.n)]
        self.terrain_dice = [[e.dice.get(t, 0) for t in types] for e in t_eff]
        self.terrain_out = [[e.battle_out.get(t, 0) for t in types] for e in t_eff]
        self.terrain_below = [e.from_below_only for e in t_eff]
        self.terrain_ignore = [e.ignore_flags for e in t_eff]
        self.feature_dice = [[e.dice.get(t, 0) for t in types] for e in f_eff]
        self.feature_out = [[e.battle_out.get(t, 0) for t in types] for e in f_eff]
        self.feature_below = [e.from_below_only for e in f_eff]
        self.feature_ignore = [e.ignore_flags for e in f_eff]
        self.f_fragile = [e.removed_when_left for e in f_eff]
        # 8.5: per unit type, the features it removes instead of battling, and as it moves in
        self.t_clears = [[t in e.cleared_instead_of_battle for e in f_eff] for t in types]
        self.t_clears_entering = [[t in e.cleared_on_entry for e in f_eff] for t in types]
        # 8.2: a feature that protects its owner's units only: the side index, else -1
        self.feature_names = [f.name.lower() for f in feats]
        self.f_side = [self.side_ids.index(f.side) if e.protects == "owner" and f.side else -1
                       for f, e in zip(feats, f_eff)]
        # 4.5-4.6 / 5.1 / 6.3: move limits and climbs (terrain), no battle in, no retreat onto
        self.h_limit = [t_eff[i].move_limit for i in self.h_terrain]
        self.h_climb = [t_eff[i].climb for i in self.h_terrain]
        self.h_limit_any = any(self.h_limit) or any(self.h_climb)
        self.h_nobattle_in = [t_eff[i].no_battle_in for i in self.h_terrain]
        self.f_nobattle_in = [e.no_battle_in for e in f_eff]
        self.h_noretreat_onto = [t_eff[i].no_retreat_onto for i in self.h_terrain]
        self.f_noretreat_onto = [e.no_retreat_onto for e in f_eff]
        self.h_stop = [t_eff[i].stop for i in self.h_terrain]
        self.h_first = [t_eff[i].enter_from_adjacent for i in self.h_terrain]
        self.h_noentry = [t_eff[i].no_battle_on_entry for i in self.h_terrain]
        self.f_stop = [e.stop for e in f_eff]
        self.f_first = [e.enter_from_adjacent for e in f_eff]
        self.f_noentry = [e.no_battle_on_entry for e in f_eff]
        self.t_no_entry = [([t in t_eff[i].impassable_for for i in self.h_terrain],
                            [t in e.impassable_for for e in f_eff]) for t in types]
        # 6.3: per unit type, the hexes (terrain) and features it may not retreat from
        self.t_no_retreat = [([t in t_eff[i].no_retreat_for for i in self.h_terrain],
                              [t in e.no_retreat_for for e in f_eff]) for t in types]
        self._read_walls(content, sec)
        self.feat_setup = [-1] * b.n
        for fi, f in enumerate(feats):
            for hid in f.hexes:
                self.feat_setup[b.grid.index_of(hid)] = fi
        self._read_sight(content, t_eff)

    def _read_units(self, content, sec) -> None:
        """2.1 / 4.4 / 5.2 / 7: per unit type its figures, movement, dice by range, and whether it takes ground
        and overruns."""
        types = self.types
        self.t_figs = [t.figures for t in types]
        self.t_move = [t.movement for t in types]
        self.t_dice = [list(t.battle_dice) for t in types]
        self.t_range = [len(t.battle_dice) for t in types]
        self.t_move_battle = [sec.move_and_battle.get(t.id, 0) for t in types]
        self.t_los = [sec.needs_los.get(t.id, True) for t in types]
        self.t_take = [t.id in sec.take_ground for t in types]
        self.t_overrun = [t.id in sec.overrun for t in types]
        # 10: per side, per unit type, its nation's rule
        none = UnitRule()
        rules = [[sec.unit_rules.get(sid, {}).get(t.id, none) for t in types] for sid in self.side_ids]
        self.u_ignore = [[r.ignore_flags for r in side] for side in rules]
        self.u_full_close = [[r.full_strength_close_dice for r in side] for side in rules]
        self.u_enter_battle = [[r.battle_after_entering for r in side] for side in rules]
        self.u_retreat = [[r.retreat_hexes for r in side] for side in rules]
        self.u_back = [[r.battle_back for r in side] for side in rules]
        self.u_banzai = [[r.close_assault_move for r in side] for side in rules]
        # 10.1: per side and type, the terrain and feature indices where it ignores every flag
        terrains = [x.id for x in content.map.terrain]
        feats = [f.id for f in content.map.features]
        self.u_all_flags = [[({terrains.index(i) for i in r.ignore_all_flags_in if i in terrains},
                              {feats.index(i) for i in r.ignore_all_flags_in if i in feats}) for r in side]
                            for side in rules]
        # 10.6: the fewest cards a side's hand shrinks to (-1: it never shrinks)
        self.hand_floor = [sec.hand_floor.get(sid, -1) for sid in self.side_ids]
        self.commissar = [sid in sec.commissar for sid in self.side_ids]

    def _read_edges(self, content, sec) -> None:
        """6.1: each side's own edge: ``rules.own_edges[side]`` (north/south: the first/last row,
        pointy grids; west/east: the first/last column, flat grids), else the map edge nearer its
        set-up; ``back[side][h]``: the neighbours of ``h`` one step nearer it."""
        grid = self.board.grid
        orientation = content.map.grid.orientation
        along = 1 if orientation == "pointy" else 0
        last = (grid.columns, grid.rows)[along]
        coord = [grid.col_row(h)[along] for h in range(self.board.n)]
        self.back = []
        for side, sid in enumerate(self.side_ids):
            edge = sec.own_edges.get(sid)
            if edge is not None:
                if edge not in EDGES[orientation]:
                    raise RulesError(f"rules.own_edges.{sid}: a {orientation} grid has no {edge} edge "
                                     f"({' or '.join(EDGES[orientation])})")
                step = -1 if edge == EDGES[orientation][0] else 1
            else:
                rows = [coord[self.p_setup[p]] for p in self.side_pieces[side] if self.p_setup[p] >= 0]
                step = -1 if sum(rows) / max(len(rows), 1) < (last + 1) / 2 else 1
            self.back.append([tuple(j for j in self.board.adjacent[h] if coord[j] == coord[h] + step)
                              for h in range(self.board.n)])

    # ------------------------------------------------------------------ set-up

    def _setup(self, s: State) -> None:
        """2.1-2.4: units on their set-up hexes with all their figures, features on theirs, the
        deck shuffled, each side dealt its hand; the first side's command phase."""
        n = self.npieces
        s.figs = list(self.t_figs[t] for t in self.p_type)
        s.mv = [-1] * n
        s.feat = list(self.feat_setup)
        for p in range(n):
            if self.p_setup[p] >= 0:
                s.loc[p] = self.p_setup[p]
                s.occ[self.p_setup[p]] = p
        s.deck = list(range(self.ncards))
        shuffle(s, s.deck)
        s.discard = []
        s.hands = [[], []]
        for side in (self.first, 1 - self.first):
            for _ in range(self.hand_size[side]):
                self._draw(s, side)
        s.card = s.eff = -1
        s.last = (-1, -1)
        s.allow, s.ambush, s.queue, s.back = (), (), (), ()
        s.chip = (-1, -1)
        for side in range(2):           # 10.7: the top card goes under a commissar's chip at the start
            if self.commissar[side] and s.deck:
                chip = list(s.chip)
                chip[side] = s.deck.pop()
                s.chip = tuple(chip)
        s.ordered = s.moved = s.battled = s.nobattle = s.overran = s.second = 0
        s.stage, s.pend = S_OVER, ()
        self._enter_phase(s)

    # ------------------------------------------------------------------ decisions

    def _compute(self, s: State) -> list:
        st = s.stage
        if st == S_CARD:
            return self._card_actions(s)
        if st == S_ORDER:
            return self._order_actions(s)
        if st == S_MOVE_UNIT:
            return self._mover_actions(s)
        if st == S_MOVE_DEST:
            return [("to", h) for h, _ in s.pend[1]]
        if st == S_BATTLE:
            return self._battle_actions(s)
        if st == S_RETREAT:
            return self._retreat_actions(s)
        if st == S_TAKE:
            return self._take_actions(s)
        if st == S_OVERRUN:
            return self._overrun_actions(s)
        if st == S_KEEP:
            return self._keep_actions(s)
        if st == S_AMBUSH:
            return self._ambush_actions(s)
        if st == S_AIM:
            return self._aim_actions(s)
        if st == S_SORTIE:
            return self._take_off_actions(s)
        return []

    def _do(self, s: State, a) -> None:
        st = s.stage
        if st == S_CARD:
            if a[0] == "chip":
                return self._play_chip(s, a[1])
            return self._play_card(s, a[1])
        if st == S_ORDER:
            return self._order(s, a)
        if st == S_MOVE_UNIT:
            return self._choose_mover(s, a)
        if st == S_MOVE_DEST:
            return self._move(s, a[1])
        if st == S_BATTLE:
            if a[0] == "fire":
                return self._fire(s, a[1], a[2])
            if a[0] == "clear":
                return self._clear(s, a[1])
            return self._next_phase(s)
        if st == S_RETREAT:
            return self._retreat(s, a)
        if st == S_TAKE:
            return self._take(s, a)
        if st == S_OVERRUN:
            return self._overrun(s, a)
        if st == S_KEEP:
            return self._keep(s, a[1])
        if st == S_AMBUSH:
            return self._ambush(s, a)
        if st == S_AIM:
            return self._aim(s, a)
        if st == S_SORTIE:
            return self._take_off(s, a[1])
        raise RulesError(f"no decision pending in {s!r}")

    def action_text(self, s: State, a) -> str:
        """An action in this game's words: "play Probe Center" (3.2), "order us Infantry 0406"
        (3.3), "move us Infantry 0406" and "us Infantry 0406 to 0507" (4.1), "us Armor 0507
        battles ru Infantry 0709" (5.1), "ru Infantry 0709 retreats to 0810" (6.1), "us Armor
        0507 takes ground at 0709" (6.3), "keep Patrol Left" (3.7), "ambush with Ambush" (3.9),
        "strike ru Infantry 0709" (3.10), "done" ending a step."""
        verb, unit, at = a[0], lambda p: self.piece_text(s, p), self.hex_text
        if verb == "card":
            return f"play {self.cards[self.c_card[a[1]]].name}"
        if verb == "chip":
            return (f"put {self.cards[self.c_card[a[1]]].name} under the chip, play "
                    f"{self.cards[self.c_card[s.chip[s.actor]]].name}")
        if verb in ("order", "move"):
            return f"{verb} {unit(a[1])}"
        if verb == "to":
            return f"{unit(s.pend[0])} to {at(a[1])}"
        if verb == "fire":
            return f"{unit(a[1])} battles {unit(a[2])}"
        if verb == "clear":
            return f"{unit(a[1])} clears {self.feature_names[s.feat[s.loc[a[1]]]]}"
        if verb == "retreat":
            return f"{unit(s.pend[0])} retreats to {at(a[1])}"
        if verb == "take":
            return f"{unit(s.pend[0])} takes ground at {at(a[1])}"
        if verb in ("keep", "ambush"):
            return f"{verb} {'with ' if verb == 'ambush' else ''}{self.cards[self.c_card[a[1]]].name}"
        if verb == "aim":
            return f"strike {unit(a[1])}"
        if verb == "halt":
            return f"{unit(s.pend[0])} halts"
        if verb == "take_off":
            return f"{unit(s.pend[0])} takes off from {at(a[1])}"
        return {"stay": "stays", "done": "done", "no_ambush": "no ambush"}[verb]

    # ------------------------------------------------------------------ sequence of play

    def _enter_phase(self, s: State) -> None:
        """3.1: a player turn is its side's command, movement, battle and draw phases."""
        kind = self.phase_kind[s.phase]
        s.actor = side = self.phase_side[s.phase]
        s.pend = ()
        if kind == "command":
            s.card = s.eff = -1
            s.allow = ()
            s.ordered = s.moved = s.battled = s.nobattle = s.overran = s.second = 0
            s.mv = [-1] * self.npieces
            s.stage = S_CARD
            if not s.hands[side]:
                self._next_phase(s)
        elif kind == "movement":
            s.stage = S_MOVE_UNIT
        elif kind == "battle":
            s.stage = S_BATTLE
        else:
            self._land(s, side)             # 11.5: the side's planes land before it draws
            if s.ended:
                return
            if not self._tactic_draw(s, side):
                self._draw(s, side)
                self._next_phase(s)

    def _next_phase(self, s: State) -> None:
        """After the last phase of a game turn: 9.4 the end-of-turn conditions, then the next turn."""
        s.phase += 1
        if s.phase >= len(self.phase_ids):
            end = self.victory.turn_end(s)
            if end is not None:
                return self._end(s, *end)
            s.phase = 0
            s.turn += 1
        self._enter_phase(s)

    def _end(self, s: State, winner: int, reason: str) -> None:
        s.stage, s.pend, s.actor = S_OVER, (), -1
        GameRules._end(self, s, winner, reason)

    # ------------------------------------------------------------------ pieces and medals

    def vacate(self, s: State, p: int) -> None:
        """Unit ``p`` leaves its hex; 8.3: a feature ``removed_when_left`` goes with it."""
        h = s.loc[p]
        s.occ[h] = -1
        f = s.feat[h]
        if f >= 0 and self.f_fragile[f]:
            s.feat[h] = -1

    def relocate(self, s: State, p: int, j: int) -> None:
        """Unit ``p`` moves to empty hex ``j`` (a move, a retreat, taking ground)."""
        side = self.p_side[p]
        if s.events is not None and not self.p_air[p]:          # 11.1: a plane holds no objective
            self._objective_event(s, s.loc[p], side, -1)
            self._objective_event(s, j, side, 1)
        self.vacate(s, p)
        s.loc[p] = j
        s.occ[j] = p

    def _objective_event(self, s: State, h: int, side: int, sign: int) -> None:
        for oh, oside, medals in self.objectives:
            if oh == h and oside == side:
                s.events.append(mev.Medal(side=self.side_ids[side], count=sign * medals,
                                          why=self.board.grid.id_of(h)))

    def eliminated(self, s: State, p: int) -> None:
        s.loc[p] = ELIMINATED
        s.reduced[p] = 0

    def scores(self, s) -> dict:
        """9.1-9.2: medals: the ``points`` of every enemy unit eliminated, and the medals of each
        objective a unit of the objective's side stands on."""
        out = [0, 0]
        loc, pts = s.loc, self.t_points
        for p, t in enumerate(self.p_type):
            if loc[p] == ELIMINATED:
                out[1 - self.p_side[p]] += pts[t]
        occ, p_side = s.occ, self.p_side
        for h, side, medals in self.objectives:
            q = occ[h]
            if q >= 0 and p_side[q] == side and not self.p_air[q]:
                out[side] += medals
        return dict(zip(self.side_ids, out))

    def _check_medals(self, s: State) -> None:
        """9.3: the game ends the moment a side's medals reach the ``at: at_once`` target."""
        if not s.ended:
            end = self.victory.at_once(s)
            if end is not None:
                self._end(s, *end)

    # ------------------------------------------------------------------ the game interface

    def observe(self, s: State, side: int) -> PlayerView:
        return PlayerView(s, side)

    def determinise(self, s: State, side: int, rng) -> State:
        return determinise(s, side, rng)

    def state_problems(self, s: State) -> list:
        return state_problems(self, s)

    def status_lines(self, s: State) -> list:
        sc = self.scores(s)
        return [f"{sid}: medals {sc[sid]}; hand {sorted(self.c_id[c] for c in s.hands[side])}"
                for side, sid in enumerate(self.side_ids)] + [f"stage {STAGE_NAMES[s.stage]}"]
