"""Battlefield Bering Land as an executable game definition.

``Game(content)`` builds everything once per content model and answers the game interface
(:class:`genkit.engine.game.GameRules`): ``_setup`` behind the inherited ``initial_state``,
``_compute`` / ``_do`` behind the inherited ``legal_actions`` and ``apply`` (chance is
resolved inside with the state's seeded generator, every die roll counted and traced), and
``action_text``. With ``state.events`` a list, what
happens is appended to it as it happens (:mod:`genkit.engine.events` and this package's
:mod:`.events`). The model's Bering-only part is the ``rules:`` section (:mod:`.section`).

Readings implemented (case numbers of the rules):

* 4.0 turn = phases of ``game.sequence_of_play``; ``turn_track.turns`` turns;
  replacement steps per turn and side from the turn track's per-turn entry named by
  ``rules.replacements``.
* 8.0 a side moves at most one unit per movement phase (or passes); 8.1.1 never
  into an enemy hex; 8.1.2 only ``passes_through_friends`` types enter a
  friend's hex and no unit ends in an occupied hex; 7.1/8.2 entering an enemy
  ZOC ends the move, leaving one is free; 8.3 unused points are lost; 8.4
  facing units step only into the hex they face and pay ``turn_cost`` per 60
  degrees, turning in place is a move. Set-up and respawned facing: toward
  the enemy base. Stopped units neither move nor attack.
* 9.0 at most one battle per combat phase (plus an extra attack card). Lead =
  the unit moved this turn (4.0 phases 3 and 5: "the same unit that moved"):
  no unit moved, no battle; ``options.lead_without_move: true`` lets any one
  unit lead when none moved. Targets within the lead's secondary distance with
  LOS; the lead's distance picks the attack type (9.0 step 2). Joiners per
  ``options.battle_joiners``. Each unit attacks once and each enemy is attacked
  once per combat phase. Battles whose best possible differential is
  ``forbidden`` by the CRT are not listed. 9.1 above the highest column, with
  ``crt.above_highest: last_row``, every attack reads the last row printed on
  the table (the highest column's last attack type: +6 Secondary), whatever
  its own type; ``use_highest`` reads the highest column's row of its type.
  9.2 L flips or eliminates, K eliminates, results applied at once.
* 10.0 respawn steps (place / flip / 10.3 combine), first side first; 10.1
  placement next to a friend, on the own half, never next to an enemy
  (10.1.1), a unit on the half-way line counts (10.1.2); all units beyond the
  line: next to the unit(s) closest to the own base, any half. 10.2 declining
  is legal and unused steps are lost.
* 11.0 killstreaks move for the lead's type only (11.6): kill +1 (at the end:
  one more card due), miss -> 0, a loss that only flips -> unchanged; units
  eliminated by a card's own effect do not count, but Double Barrel's extra
  attack is a battle and moves the lead's marker like any other. 11.1 cards due are drawn in housekeeping; 11.3 a card
  due to a full hand is lost; 4.1.1 reshuffle at ``reshuffle_at``.
* 11.2 cards are played in the own combat phase after the battle (or with no
  battle), up to ``cards.plays_per_phase``; 11.4 units in a base hex and 11.5
  friendly units are never hit by abilities, and a target where the card
  could hit nobody is not offered (it would only waste the card).
* 5.0 victory is ``game.victory``, conditions in the order they are checked:
  ``enter_enemy_place`` (the enemy base: the map place the enemy owns) wins at once; at the end of a game turn, ``no_units``
  (a side with no unit on the map loses, both: draw) and ``turn_limit`` (at
  the end of the last turn its ``winner`` wins, or nobody: draw) in list order.
  A condition left out of the list never ends the game.

Further readings made here (one line each):

* 5.0: the defender is the turn limit's ``winner``; the attacker (``Game.attacker``, the bots' stance) is the other side, or with a draw at the turn limit ``game.first_side``. Who moves first (6.0 step 5) never decides who wins at the turn limit.
* Respawn order: ``game.first_side`` first, then the others in ``game.sides`` order (10.0).
* 10.1: the half-way column itself is on neither half; placement hexes must be on the own half unless all the side's units are beyond the line.
* 10.1: a unit is never placed in the enemy base hex (that would be a win without entering); it must be empty and passable.
* 10.1 "closest to the player": closest (hex distance) to the own base; all units tied at that distance serve as anchors.
* 10.3: "lower strength units" compares strengths, not types: an eliminated unit may be consumed when its counted strength (``options.combine_counts``) is below the created type's full strength, whatever its type, so two Light Heavies lost at half strength (2 + 2) make a Heavy of 4, the text's example; at least two are consumed; only minimal sets (every consumed unit needed) are listed; units counting 0 are never consumed.
* 10.3: combining costs one step like placing, so with a piece of the new type in the pool, placing
  it directly is never worse; combining is legal but only matters under a stricter reading (e.g. a
  step may bring back only a unit no stronger than one lost). Recorded as a known gap of the rules.
* 10.3: interchangeable pieces (same type, reserve, or eliminated with the same counted strength) are listed once, as the lowest piece id.
* A decision with exactly one legal action (e.g. the only option is to pass) is taken automatically and is not a logged step.
* 8.4: after entering an enemy ZOC a facing unit may not turn any more (its move has ended).
* 9.0: once a card has been played in a combat phase, no battle may be started in it (cards come after the battle).
* 9.0: ``below_lowest: miss`` misses without a die roll; ``use_lowest`` uses the lowest column.
* 11.0: an eliminated unit loses its reduced side and facing; it comes back full strength.
* 11.2: a card whose roll list is empty always works; a card with no legal target is not playable.
* 11.2: Air Strike lines must lie wholly on the map; Pave Low areas exclude the attacking unit's hex; a Predator hex, a line or an area is listed only when it holds an enemy unit the card can hit (not in a base hex, 11.4; not under Juggernaut).
* 11.2: ability shapes other than hex/line/area for ``eliminate`` are not playable (none in the model).
* 11.3 Air Drone: the first pick needs no roll; later picks skip units already picked or already stopped for that turn; invulnerable units cannot be picked.
* 11.3 Air Drone: a stopped unit carries a Stopped marker (the counter-mix marker group named by ``rules.stopped_marker``) until housekeeping ends its stop, so no more units are stopped at once than the mix has markers; a unit still carrying one may be stopped again; a mix without such markers sets no limit.
* 11.3 Air Drone: "stopped for 1 turn" = the unit's side's next player turn (this turn if it is still to come, else next turn).
* 11.3 Care Package: the named card is taken from the deck (topmost copy) else the discards (latest); into a full hand it is lost to the discards; then the deck is shuffled.
* 11.3 Juggernaut: protects the listed types (also units placed later) until the playing side's next combat phase begins.
* 11.3 Double Barrel: the die is rolled first; on a hit the lead attacks alone an enemy not attacked this phase; playable only if such a legal target exists.
* 4.1.1: reshuffled discards go under the remaining deck; a reshuffle happens whenever the deck is at or below ``reshuffle_at`` and the discards are not empty.
* 11.1: a card due when the deck is empty is not drawn (the due card is lost).
* 5.0: the end-of-turn conditions (``no_units``, ``turn_limit``) are checked only in housekeeping, after the cards due are drawn and stops end.
"""
from __future__ import annotations

from ....model.schema import DRAW
from ... import events as ev
from ...chance import shuffle
from ...crt import CrtTable
from ...game import CardChance, GameRules, RulesError
from . import events as bev
from .cards import Cards, draw_card
from .checks import state_problems
from .combat import Combat
from .movement import Movement
from .respawn import Respawn
from .section import Section
from .state import (
    S_CARD_TARGET, S_COMBAT, S_DRONE, S_EXTRA, S_JOIN, S_MOVE_DEST, S_MOVE_UNIT, S_OVER, S_RESPAWN,
    S_RESPAWN_HEX, STAGE_NAMES, BeringState as State,
)
from .view import PlayerView, determinise

K_RESPAWN, K_MOVE, K_COMBAT, K_HOUSE = 0, 1, 2, 3
_KINDS = {"respawn": K_RESPAWN, "movement": K_MOVE, "combat": K_COMBAT, "housekeeping": K_HOUSE}


class Game(Respawn, Movement, Combat, Cards, GameRules):
    """Bering Land's procedures over one content model (built once, shared by states)."""

    name = "bering_land"
    state_class = State

    def __init__(self, content):
        GameRules.__init__(self, content)
        c, b, g = content, self.board, content.game
        self.section = sec = Section.model_validate(c.rules or {})
        self.first = self.side_ids.index(g.first_side)
        self._read_victory(g.victory)
        self._read_land(sec)
        self.respawn_order = [self.first] + [i for i in range(len(self.side_ids)) if i != self.first]
        # phases
        self.phase_kind = [_KINDS[p.kind] for p in g.sequence_of_play]
        self.phase_side = [self.side_ids.index(p.side) if p.side else -1 for p in g.sequence_of_play]
        self.move_phase = [next((k for k, p in enumerate(g.sequence_of_play)
                                 if p.kind == "movement" and p.side == sid), -1) for sid in self.side_ids]
        self.repl = [[0] * 2] + [[c.turn_value(sec.replacements, t, sid) for sid in self.side_ids]
                                 for t in range(1, self.turns + 1)]
        # unit types
        self.t_full = [t.strength.full for t in self.types]
        self.t_red = [t.strength.reduced for t in self.types]
        self.t_ma = [t.movement for t in self.types]
        # 9.0 step 2: the first attack type (Primary) up to its distance, the last (Secondary) beyond
        first_type, last_type = c.crt.attack_types[0], c.crt.attack_types[-1]
        self.t_prim = [t.attack_distance[first_type] for t in self.types]
        self.t_sec = [t.attack_distance[last_type] for t in self.types]
        self.t_pass = [t.passes_through_friends for t in self.types]
        self.t_face = [t.facing for t in self.types]
        self.t_turn = [t.turn_cost for t in self.types]
        streaks = c.track(sec.killstreaks).lanes
        self.t_ks = [streaks[t.id] for t in self.types]           # 11.0: kills that complete the track
        # combat
        self.crt = CrtTable(c.crt)
        self.prim_idx, self.sec_idx = 0, len(self.crt.type_names) - 1
        self.faces = self.crt.faces
        # 9.1: above the highest column, the last row printed (highest column, last attack type)
        self.last_row_above_highest = c.crt.above_highest == "last_row"
        self.last_row = len(self.crt.type_names) - 1
        opt = sec.options
        self.opt_joiners_adjacent = opt.battle_joiners == "adjacent_to_lead"
        self.opt_lead_without_move = opt.lead_without_move
        self.opt_combine_lost = opt.combine_counts == "strength_when_lost"
        self._read_cards(c, sec)
        # set-up facing toward the enemy base
        self.face_to_enemy = [[b.facing_toward(h, self.base[1 - s]) if self.base[1 - s] >= 0 else 0
                               for h in range(b.n)] for s in range(2)]
        # ---- hot-path tables (built once per content)
        self.enemy_pieces = [self.side_pieces[1 - s] for s in range(2)]
        self.move_action = tuple(("move", p) for p in range(self.npieces))
        self.flip_action = tuple(("flip", p) for p in range(self.npieces))
        self.stop_action = tuple(("stop", p) for p in range(self.npieces))
        self.p_sec = [self.t_sec[t] for t in self.p_type]
        self.p_within = [b.within_mask(r) for r in self.p_sec]       # per piece: hexes in its range
        self._read_movement()
        self.p_full = [self.t_full[t] for t in self.p_type]
        self.p_red = [self.t_red[t] for t in self.p_type]
        # per side: placement may never be the enemy base (10.1) and needs passable ground
        self.place_mask = [b.passable_mask & ~(b.bit[self.base[1 - s]] if self.base[1 - s] >= 0 else 0)
                           for s in range(2)]
        self.base_mask = sum(b.bit[h] for h in self.base if h >= 0)
        self._place_memo = None          # (side, loc tuple) -> placement hexes, one entry
        # content ids for events
        self.attack_type_ids = list(self.crt.type_names)
        # invariants (checks.py)
        self.all_cards = frozenset(range(self.ncards))
        self.side_masks = tuple(sum(1 << p for p in pieces) for pieces in self.side_pieces)

    def _read_victory(self, conditions) -> None:
        """5.0: the attacker (the bots' stance) is the side that does not win at the turn
        limit; with a draw there (or no turn limit), the side that moves first. The conditions
        themselves are data, evaluated by ``self.victory`` (:mod:`genkit.engine.victory`)."""
        limit = next((v for v in conditions if v.kind == "turn_limit"), None)
        winner = limit.winner if limit is not None else DRAW
        self.turn_limit_winner = self.side_ids.index(winner) if winner in self.side_ids else -1
        self.attacker = self.first if self.turn_limit_winner < 0 else 1 - self.turn_limit_winner

    def _read_land(self, sec) -> None:
        """5.0 the bases (the map place each side owns) and 10.1 the half-way line (a map line):
        each side's half is the side of the line its base is on; a hex on the line is on
        neither half."""
        b = self.board
        grid, n, coord = b.grid, b.n, b.line_coord
        self.base = [grid.index_of(ps[0].hex) if (ps := self.content.map.owned_places(sid)) else -1
                     for sid in self.side_ids]
        self.is_base = bytearray(n)
        for h in self.base:
            if h >= 0:
                self.is_base[h] = 1
        line = self.content.map.line(sec.halfway_line).at
        self.halfway = line
        on_line = bytearray(1 if coord[h] == line else 0 for h in range(n))
        self.own_half = []
        for side in range(len(self.side_ids)):
            low = self.base[side] >= 0 and coord[self.base[side]] < line
            self.own_half.append(bytearray(1 if (coord[h] < line if low else coord[h] > line) else 0
                                           for h in range(n)))
        self.own_half_mask = [sum(1 << h for h in range(n) if half[h]) for half in self.own_half]
        # 10.1 anchors: on the own half or on the half-way line
        self.anchor_ok = [bytearray(1 if (half[h] or on_line[h]) else 0 for h in range(n))
                          for half in self.own_half]

    # ------------------------------------------------------------------ helpers

    def strength(self, s: State, p: int) -> int:
        return self.p_red[p] if s.reduced[p] else self.p_full[p]

    # ------------------------------------------------------------------ the game interface

    def observe(self, s: State, side: int) -> PlayerView:
        return PlayerView(s, side)

    def determinise(self, s: State, side: int, rng) -> State:
        return determinise(s, side, rng)

    def state_problems(self, s: State) -> list:
        return state_problems(self, s)

    def status_lines(self, s: State) -> list:
        nt = self.ntypes
        return [f"{sid}: stage {STAGE_NAMES[s.stage]}; streaks {s.streak[side * nt:(side + 1) * nt]}; "
                f"hand {s.hands[side]}" for side, sid in enumerate(self.side_ids)]

    def card_chance(self, s: State, actions: list) -> CardChance | None:
        """11.2: cards are played at the combat decisions of the side's own combat phase."""
        if s.stage != S_COMBAT or not s.hands[s.actor]:
            return None
        ids = self.c_ability_id
        return CardChance(self.side_ids[s.actor], tuple((c, ids[c]) for c in s.hands[s.actor]),
                          frozenset(ids[a[1]] for a in actions if a[0] == "card"))

    def _invulnerable(self, s: State, p: int) -> bool:
        return (s.invuln[self.p_side[p]] >> self.p_type[p]) & 1 == 1

    def put(self, s: State, p: int, where: int, reduced: bool = False, facing: int | None = None) -> None:
        """Set piece ``p`` to hex ``where`` (or RESERVE / ELIMINATED / REMOVED): for set-up and tests."""
        old = s.loc[p]
        if old >= 0 and s.occ[old] == p:
            s.occ[old] = -1
        s.loc[p] = where
        s.reduced[p] = 1 if reduced else 0
        if where >= 0:
            if s.occ[where] >= 0 and s.occ[where] != p:
                raise RulesError(f"hex {self.board.grid.id_of(where)} is already occupied")
            s.occ[where] = p
            s.facing[p] = self.face_to_enemy[self.p_side[p]][where] if facing is None else facing
        else:
            s.stopped[p] = 0
        s.legal = None

    # ------------------------------------------------------------------ set-up

    def _setup(self, s: State) -> None:
        """6.0: set-up pieces on their hexes facing the enemy base, deck shuffled, turn 1."""
        n = self.npieces
        s.stopped = [0] * n
        s.lost = [0] * n
        s.streak = [0] * (2 * self.ntypes)
        s.due = [0, 0]
        s.hands = [[], []]
        s.invuln = [0, 0]
        s.deck = list(range(self.ncards))
        shuffle(s, s.deck)
        s.discard = []
        s.playing = -1
        for p in range(n):
            if self.p_setup[p] >= 0:
                self.put(s, p, self.p_setup[p])
        s.stage = S_OVER
        s.pend = ()
        s.steps_left = 0
        s.moved = -1
        s.attacked = s.defended = 0
        s.lead = -1
        s.battle_done = 0
        s.plays = 0
        self._enter_phase(s)

    # ------------------------------------------------------------------ public API

    def action_text(self, s: State, a) -> str:
        """An action in this game's words: "move us Infantry 0905", "us Infantry 0905 to 0806
        facing 0706" (7.0: the hex it faces), "us Armor 0806 attacks ru Infantry 0907" (8.0),
        "play Air Drone" and its target (11.0), "place" / "combine" / "flip" (10.0), "pass"."""
        verb, unit, at = a[0], lambda p: self.piece_text(s, p), self.hex_text
        if verb == "to":
            ahead = self.board.neighbours[a[1]][a[2]]
            return f"{unit(s.pend[0])} to {at(a[1])} facing {at(ahead) if ahead >= 0 else 'the map edge'}"
        if verb == "battle":
            return f"{unit(a[1])} attacks {unit(a[2])}"
        if verb == "combine":
            return f"combine {', '.join(unit(p) for p in a[2])} into {unit(a[1])}"
        if verb == "card":
            return f"play {self.abilities[self.c_ab[a[1]]].name}"
        if verb == "line":              # the line from the attacking unit, named by its first hex
            ahead = self.board.neighbours[s.loc[self._attacking_unit(s)]][a[1]]
            return f"at the line through {at(ahead)}"
        if verb == "area":
            return f"at the area {' '.join(at(h) for h in a[1])}"
        if verb in ("at", "hex"):
            return f"at {at(a[1])}"
        words = {"move": "move", "join": "joins the battle:", "skip": "stays out of the battle:",
                 "flip": "flip to full strength:", "place": "place", "stop": "stop", "target": "target"}
        return verb if len(a) == 1 else f"{words[verb]} {unit(a[1])}"


    def _compute(self, s: State) -> list:
        st = s.stage
        if st == S_MOVE_UNIT:
            return self._movers(s)
        if st == S_MOVE_DEST:
            return list(s.pend[1])
        if st == S_COMBAT:
            return self._combat_actions(s)
        if st == S_JOIN:
            return self._join_actions(s)
        if st == S_RESPAWN:
            return self._respawn_actions(s)
        if st == S_RESPAWN_HEX:
            at = self.board.at_action
            return [at[h] for h in self._placement_hexes(s, s.actor)]
        if st == S_CARD_TARGET:
            return list(s.pend[1])
        if st == S_DRONE:
            stop = self.stop_action
            return [stop[p] for p in self._stop_choices(s, s.pend[1])]
        if st == S_EXTRA:
            return list(s.pend[1])
        return []

    def _do(self, s: State, a) -> None:
        st = s.stage
        verb = a[0]
        if st == S_MOVE_UNIT:
            if verb == "pass":
                return self._next_phase(s)
            p = a[1]
            s.stage = S_MOVE_DEST
            s.pend = (p, self._dest_actions(s, p))
            return
        if st == S_MOVE_DEST:
            return self._move(s, s.pend[0], a[1], a[2])
        if st == S_COMBAT:
            if verb == "pass":
                return self._next_phase(s)
            if verb == "battle":
                return self._start_battle(s, a[1], a[2])
            return self._play_card(s, a[1])
        if st == S_JOIN:
            lead, tgt, joiners, i, atk, total = s.pend
            if verb == "join":
                atk = atk + (joiners[i],)
                total += self.strength(s, joiners[i])
            i += 1
            if i < len(joiners):
                s.pend = (lead, tgt, joiners, i, atk, total)
            else:
                s.stage = S_COMBAT
                s.pend = ()
                self._resolve_battle(s, lead, atk, tgt)
            return
        if st == S_RESPAWN:
            if verb == "pass":
                return self._respawn_next(s)
            if verb == "flip":
                s.reduced[a[1]] = 0
                if s.events is not None:
                    s.events.append(bev.ReplUsed(side=self.side_ids[s.actor], how="flip", piece=a[1], hex=None, consumed=()))
                return self._respawn_step_done(s)
            s.stage = S_RESPAWN_HEX
            s.pend = a
            return
        if st == S_RESPAWN_HEX:
            return self._respawn_place(s, a[1])
        if st == S_CARD_TARGET:
            return self._card_target(s, a)
        if st == S_DRONE:
            return self._drone_pick(s, a[1])
        if st == S_EXTRA:
            self._resolve_battle(s, s.lead, (s.lead,), a[1])
            return self._finish_card(s)
        raise RulesError(f"no decision pending in {s!r}")

    # ------------------------------------------------------------------ sequence of play

    def _enter_phase(self, s: State) -> None:
        kind = self.phase_kind[s.phase]
        s.pend = ()
        if kind == K_RESPAWN:
            s.actor = self.respawn_order[0]
            s.steps_left = self.repl[s.turn][s.actor]
            s.stage = S_RESPAWN
            if s.events is not None and s.steps_left > 0:
                s.events.append(bev.ReplReceived(side=self.side_ids[s.actor], count=s.steps_left))
        elif kind == K_MOVE:
            s.actor = self.phase_side[s.phase]
            s.moved = -1
            s.stage = S_MOVE_UNIT
        elif kind == K_COMBAT:
            s.actor = side = self.phase_side[s.phase]
            s.attacked = s.defended = 0
            s.lead = -1
            s.battle_done = 0
            s.plays = 0
            if s.invuln[side]:
                s.invuln[side] = 0      # Juggernaut ends as the side's next combat phase begins
                if s.events is not None:
                    s.events.append(bev.InvulnerableEnd(side=self.side_ids[side]))
            s.stage = S_COMBAT
        else:
            self._housekeeping(s)

    def _next_phase(self, s: State) -> None:
        s.phase += 1
        if s.phase >= len(self.phase_ids):
            s.phase = 0
            s.turn += 1
        self._enter_phase(s)

    def _housekeeping(self, s: State) -> None:
        """4.0 phase 6 / 11.1: draw cards due, end stops, check 5.0, advance the turn."""
        s.actor = -1
        s.stage = S_OVER
        due = s.due
        for side in self.respawn_order:
            if due[side]:
                if s.events is not None:
                    self._draw_with_events(s, side, due[side])
                else:
                    for _ in range(due[side]):
                        draw_card(s, side, self.hand_limit, self.reshuffle_at)
                due[side] = 0
        turn = s.turn
        stopped = s.stopped
        if any(stopped):
            for p in range(self.npieces):
                if stopped[p] and stopped[p] <= turn:
                    stopped[p] = 0
        # 5.0 at the end of a game turn: game.victory's end-of-turn conditions, in list order
        end = self.victory.turn_end(s)
        if end is None:
            self._next_phase(s)
        else:
            self._end(s, *end)

    def _draw_with_events(self, s: State, side: int, count: int) -> None:
        sid = self.side_ids[side]
        hand = s.hands[side]
        for _ in range(count):
            before = len(hand)
            card = draw_card(s, side, self.hand_limit, self.reshuffle_at)
            if card < 0:
                s.events.append(ev.CardLost(side=sid, card=None, copy=-1, why="empty_deck", source="draw"))
            elif len(hand) > before:
                s.events.append(ev.CardDrawn(side=sid, card=self.c_ability_id[card], copy=card, source="draw"))
            else:
                s.events.append(ev.CardLost(side=sid, card=self.c_ability_id[card], copy=card, why="hand_limit",
                                             source="draw"))

    def _end(self, s: State, winner: int, reason: str) -> None:
        """5.0: the game is over; the cards still held are recorded before the end."""
        s.stage = S_OVER
        s.pend = ()
        if s.events is not None:
            for side, hand in enumerate(s.hands):
                for c in hand:
                    s.events.append(ev.CardHeld(side=self.side_ids[side], card=self.c_ability_id[c], copy=c))
        GameRules._end(self, s, winner, reason)
