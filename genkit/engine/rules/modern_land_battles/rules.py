"""Modern Land Battles' procedures over one content model (sections of the system's rules, as
the tests name them):

* Set-up: each side draws the nation it commands at random from its list in ``rules.nations``
  (in side order, never a nation an earlier side drew) and buys its starting army,
  one Force card at a time, into a row of its Breakthrough Area, while a card of its nation fits
  the VP left of ``army_vp`` (north first); the rest is its reserve. The terrain deck is shuffled
  and its top card turned up with the control counter on the start square; the action deck is
  shuffled and each side dealt its hand size (one card more with a headquarters force); the
  first player is drawn (``first_player``).
* The turn: the players alternate, one action each (a game turn is one action by each): Prepare,
  Reinforce, Maneuver Attack, Artillery Attack or Play a Card (:mod:`.choices`). After an action
  the other side may react with one card (:mod:`.resolve`).
* Victory: a side whose destroyed enemy forces and secured terrain add up to ``victory_vp`` wins
  at once; a side with no force in its Breakthrough Area loses at once. At the turn limit the
  side with more points wins (equal: a draw).
"""
from __future__ import annotations

from ... import events as ev
from ...chance import rand_below, shuffle
from ...game import GameRules
from . import cards as cd
from .choices import action_choices, buy_choices, held, reaction_choices
from .formation import best_weapon, place, reaches
from .invariants import problems
from .resolve import Resolver
from .section import Section
from .state import (ACTION, BREAKTHROUGH, BUY, DESTROYED, DISCARD, FOLLOW, OUT, REACT, RESERVE, SPEND, TAKE,
                    MlbState)
from .view import MlbView, determinise
from .words import action_text, render_lines


class Game(Resolver, GameRules):
    """Modern Land Battles over one content model."""

    name = "modern_land_battles"
    state_class = MlbState
    role_word = {"nation": "Nation", "order": "Player order"}
    ORDER_NAMES = {"first": "First player", "second": "Second player"}

    def __init__(self, content):
        GameRules.__init__(self, content)
        self.section = sec = Section.model_validate(content.rules or {})
        self.forces = cd.forces(content)
        self.actions = cd.actions(content)
        self.terrains = cd.terrains(content)
        self.nation_names = content.symbol_names(content.deck("force").fields["nation"].set)
        #: per side, the nations it draws from; per nation, its Force cards
        self.nation_lists = [tuple(sec.nations.get(sid, ())) for sid in self.side_ids]
        self.nation_forces = {n: tuple(i for i, f in enumerate(self.forces) if f.nation == n) for n in self.nation_names}
        self.rows = sec.rows
        self.dice = sec.dice
        self.ranges = {cd.SMALL_ARMS: sec.ranges.get("small_arms", 1), cd.CANNON: sec.ranges.get("cannon", 2)}
        self.missile_rows = sec.missile_rows
        opt = sec.optional
        # optional rule 8.1: without it, the Recon Drone cards stay in the box
        self.deck_cards = [k for k, a in enumerate(self.actions) if opt.recon_drone or a.attack != "recon_drone"
                           for _ in range(a.copies)]
        self.range_defense = opt.range_defense
        self.card_pool = opt.action_card_pool
        # per action kind, force and own row: whether the card's weapons reach each enemy row
        rows = range(self.rows)
        self.card_reach = [[[tuple(best_weapon(self, f, a.needs, r, t) is not None for t in rows) for r in rows]
                            for f in range(len(self.forces))] for a in self.actions]
        self.artillery_reach = [[tuple(self.forces[f].mods[cd.ARTILLERY] is not None
                                       and reaches(self, cd.ARTILLERY, r, t, f) for t in rows) for r in rows]
                                for f in range(len(self.forces))]

    # ------------------------------------------------------------------ set-up

    def _setup(self, s: MlbState) -> None:
        """Set-up 1-3: nations, the battlefield (terrain deck, control counter), the armies' buying
        begins with the first side; every card of a nation nobody commands is out of the game."""
        n = len(self.forces)
        self._draw_nations(s)
        s.area = [RESERVE if s.f_side[f] >= 0 else OUT for f in range(n)]
        s.row, s.hits, s.acted = [0] * n, [0] * n, [0] * n
        s.pile, s.discard, s.hands, s.pools = self.deck_cards[:], [], [[], []], [[], []]
        s.terrain_order = list(range(len(self.terrains)))
        shuffle(s, s.terrain_order)
        s.secured = [-1] * len(self.terrains)
        s.bought = [0, 0]
        s.terrain_at, s.control, s.superior = 0, 0, 0
        s.stage, s.pending, s.flags, s.budget = BUY, (), 0, 0
        s.first = 0
        s.actor = self.side_ids.index(self.content.game.first_side)

    def _draw_nations(self, s: MlbState) -> None:
        """Set-up 1: each side in turn draws its nation from its list, leaving out the nations
        drawn before it (a list of one is no draw: the dice are not touched)."""
        drawn = []
        for options in self.nation_lists:
            left = [k for k in options if k not in drawn]
            drawn.append(left[rand_below(s, len(left))] if len(left) > 1 else left[0])
        s.nations = tuple(drawn)
        s.side_forces = tuple(self.nation_forces[k] for k in drawn)
        f_side = [-1] * len(self.forces)
        for side, fs in enumerate(s.side_forces):
            for f in fs:
                f_side[f] = side
        s.f_side = tuple(f_side)

    def _armies_ready(self, s: MlbState) -> None:
        """Set-up 4-5: deal each side its hand, draw the first player."""
        shuffle(s, s.pile)
        for side in (0, 1):
            self.draw(s, side, self.hand_size(s, side))
        fp = self.section.first_player
        s.first = rand_below(s, 2) if fp == "random" else self.side_ids.index(fp)
        s.stage, s.actor = ACTION, s.first

    def hand_size(self, s: MlbState, side: int) -> int:
        """Set-up 4: the hand size, one card more while a headquarters force of the side is in play."""
        hq = any(s.area[f] >= 0 and self.forces[f].hq for f in s.side_forces[side])
        return self.section.hand_size + (self.section.headquarters_bonus if hq else 0)

    def draw(self, s: MlbState, side: int, n: int) -> None:
        """Draw ``n`` action cards; an empty pile is made again from the shuffled discards."""
        hand = s.hands[side]
        for _ in range(n):
            if not s.pile:
                if not s.discard:
                    break
                s.pile, s.discard = s.discard, []
                shuffle(s, s.pile)
            hand.append(s.pile.pop())
        hand.sort()

    # ------------------------------------------------------------------ decisions

    def _compute(self, s: MlbState) -> list:
        st = s.stage
        if st == ACTION:
            return action_choices(self, s)
        if st == REACT:
            return [("pass",)] + reaction_choices(self, s)
        if st == BUY:
            return buy_choices(self, s)
        side = s.actor
        hand = held(s, side)
        if st == FOLLOW:
            wanted = ("overrun" if s.flags & 1 else "", "recon_drone" if s.flags & 2 else "")
            return [("pass",)] + [("again", k) for k in sorted(set(hand)) if self.actions[k].attack in wanted]
        if st == DISCARD:                       # the pool's cards are not discarded (8.3)
            return [("draw",)] + [("discard", k) for k in sorted(set(s.hands[side]))]
        if st == SPEND:
            out = [("take",)] if s.budget >= self._cheapest_reserve(s, side) else []
            return out + [("spend", k) for k in sorted(set(hand)) if self.actions[k].reinforce > 0]
        if st == TAKE:
            out = [("done",)]
            for f in s.side_forces[side]:
                if s.area[f] == RESERVE and self.forces[f].vp <= s.budget:
                    out += [("take", f, r) for r in self._rows_to_join(s, side)]
            return out
        raise AssertionError(f"stage {st}")

    def _rows_to_join(self, s: MlbState, side: int) -> range:
        n = len({s.row[q] for q in s.side_forces[side] if s.area[q] == BREAKTHROUGH})
        return range(min(self.rows, n + 1))

    def _cheapest_reserve(self, s: MlbState, side: int) -> int:
        return min((self.forces[f].vp for f in s.side_forces[side] if s.area[f] == RESERVE), default=10 ** 6)

    def _do(self, s: MlbState, a) -> None:
        verb = a[0]
        if s.stage == BUY:
            return self._buy(s, a)
        if s.stage == ACTION:
            return self.act(s, a)
        if s.stage == REACT:
            return self.react(s, a)
        side = s.actor
        if verb == "again":                     # Overrun, Recon Drone: another action at once
            self.spend_card(s, side, a[1])
            s.flags, s.stage, s.pending = 0, ACTION, ()
        elif verb == "pass":                    # no follow-up
            self.next_action(s, side)
        elif verb == "discard":                 # Prepare: discard before drawing
            self.spend_card(s, side, a[1], played=False)
        elif verb == "draw":
            self.draw(s, side, self.hand_size(s, side) - len(s.hands[side]))
            self.next_action(s, side)
        elif verb == "spend":                   # Reinforce: a card's reinforcement value
            s.budget += self.actions[a[1]].reinforce
            self.spend_card(s, side, a[1])
        elif verb == "take" and len(a) == 1:
            s.stage = TAKE
        elif verb == "take":
            place(self, s, a[1], BREAKTHROUGH, a[2])
            s.budget -= self.forces[a[1]].vp
        else:                                   # "done"
            s.budget = 0
            self.next_action(s, side)

    def _buy(self, s: MlbState, a) -> None:
        """Set-up 3: a Force card of the side's nation into a row of its Breakthrough Area, or
        (optional rule 8.3) an action card into its pool for its reinforcement value."""
        side = s.actor
        if a[0] == "pool":
            s.pile.remove(a[1])
            s.pools[side].append(a[1])
            s.pools[side].sort()
            s.bought[side] += self.actions[a[1]].reinforce
        else:
            place(self, s, a[1], BREAKTHROUGH, a[2])
            s.bought[side] += self.forces[a[1]].vp
        if not buy_choices(self, s):
            if side == s.actor and s.bought[1 - side] == 0:
                s.actor = 1 - side
            if not buy_choices(self, s):
                self._armies_ready(s)

    def spend_card(self, s: MlbState, side: int, k: int, played: bool = True) -> None:
        """An action card from ``side``'s hand (or, when the hand has none of it, its pool) to the
        discards (``played``: as an attack, a defence, a maneuver modifier or a reinforcement;
        else discarded unplayed)."""
        (s.hands[side] if k in s.hands[side] else s.pools[side]).remove(k)
        s.discard.append(k)
        if played and s.events is not None:
            s.events.append(ev.CardPlayed(side=self.side_ids[side], card=self.actions[k].id, copy=-1, worked=True))

    # ------------------------------------------------------------------ the end

    def points(self, s: MlbState, side: int) -> int:
        """Victory: VP of the enemy forces ``side`` destroyed and of the terrain it secured."""
        foe = 1 - side
        return (sum(self.forces[f].vp for f in s.side_forces[foe] if s.area[f] == DESTROYED)
                + sum(t.vp for t, by in zip(self.terrains, s.secured) if by == side))

    def scores(self, s: MlbState) -> dict:
        return {sid: self.points(s, i) for i, sid in enumerate(self.side_ids)}

    def check_end(self, s: MlbState, side: int) -> bool:
        """Winning and losing, ``side`` (who is acting) checked first: 25 VP win; no force left in
        one's Breakthrough Area loses (both at once: a draw). True when the game ended."""
        for who in (side, 1 - side):
            if self.points(s, who) >= self.section.victory_vp:
                self._end(s, who, "points")
                return True
        empty = [not any(s.area[f] == BREAKTHROUGH for f in s.side_forces[who]) for who in (0, 1)]
        if empty[0] or empty[1]:
            self._end(s, -1 if empty[0] and empty[1] else (1 if empty[0] else 0), "breakthrough_lost")
            return True
        return False

    def next_action(self, s: MlbState, side: int) -> None:
        """The turn: the other side takes the next action; a game turn ends when both have acted.
        At the turn limit the side with more points wins."""
        s.flags, s.pending, s.budget = 0, (), 0
        other = 1 - side
        if other == s.first:
            if s.turn >= self.turns:
                a, b = self.points(s, 0), self.points(s, 1)
                return self._end(s, 0 if a > b else 1 if b > a else -1, "turn_limit")
            s.turn += 1
        s.stage, s.actor = ACTION, other

    # ------------------------------------------------------------------ roles

    def roles(self, s: MlbState) -> dict:
        """Each side's nation (set-up 1) and whether it took the first action of each game turn
        (set-up 5)."""
        return {sid: {"nation": s.nations[side], "order": "first" if side == s.first else "second"}
                for side, sid in enumerate(self.side_ids)}

    def role_names(self) -> dict:
        return {"nation": dict(self.nation_names), "order": dict(self.ORDER_NAMES)}

    # ------------------------------------------------------------------ words

    def action_text(self, s: MlbState, a) -> str:
        return action_text(self, s, a)

    def render_text(self, s: MlbState) -> str:
        return "\n".join(render_lines(self, s))

    def observe(self, s: MlbState, side: int) -> MlbView:
        return MlbView(s, side)

    def determinise(self, s: MlbState, side: int, rng) -> MlbState:
        return determinise(s, side, rng)

    def state_problems(self, s: MlbState) -> list:
        return problems(self, s)
