"""What Modern Land Battles' actions and reactions do (the mix-in :class:`Resolver` of ``Game``).

* Prepare: every Acted counter of the side comes off; it may discard, then draws to its hand size.
* Reinforce: discarded cards' reinforcement values buy reserve forces, placed in the Breakthrough Area.
* Maneuver Attack: a ready force with a maneuver value moves to (or within) the Terrain or the
  Flanking Area, acts and rolls its dice (one less per hit), each reaching its maneuver value
  (plus the modifier of one card played with it) a success. On terrain each success moves the
  control counter one square toward the side; past the end of the track the card is secured: its
  VP and benefit, the next card turned up, the counter back on the start. On the flank each
  success first removes an enemy superior counter, then adds one of the side's.
* Artillery Attack and Play a Card: a ready force moves to (or within) the target's area, acts and
  rolls its dice (one less per hit; a die more as the card says), each reaching the target's
  armour with the weapon's modifier (plus 1 per superior counter from the Breakthrough Area) a hit.
  A force with ``hits_to_destroy`` hits is destroyed: it goes to the attacker's victory pile.
* Reactions: the other side may play one card on the action, after its roll.
"""
from __future__ import annotations

from ...chance import roll_die
from . import cards as cd
from .choices import held
from .formation import best_weapon, close_up, depth, dice_left, place, superior_bonus
from .state import BREAKTHROUGH, DESTROYED, DISCARD, FOLLOW, REACT, SPEND, TERRAIN


class Resolver:
    """The actions and reactions of Modern Land Battles (module docstring)."""

    # ------------------------------------------------------------------ actions

    def act(self, s, a) -> None:
        verb, side = a[0], s.actor
        if verb == "prepare":
            for f in s.side_forces[side]:
                s.acted[f] = 0
            s.stage = DISCARD
        elif verb == "reinforce":
            s.stage, s.budget = SPEND, 0
        elif verb == "engineers":                 # uses no action
            self.spend_card(s, side, a[1])
            s.control += a[2] if side == 0 else -a[2]
            self._secure_if_off(s)
            s.flags = 0
            self.check_end(s, side)
        elif verb == "maneuver":
            _, f, area, r, k = a
            if k >= 0:
                self.spend_card(s, side, k)
            place(self, s, f, area, r)
            s.acted[f] = 1
            mod = self.actions[k].maneuver if k >= 0 else 0
            need = self.forces[f].maneuver
            n = sum(roll_die(s, 10, "maneuver") + mod >= need for _ in range(dice_left(self, s, f)))
            self._await_reaction(s, ("maneuver", side, f, -1, area, n))
        elif verb == "artillery":
            _, f, area, r, q = a
            place(self, s, f, area, r)
            n = self._fire(s, f, q, cd.ARTILLERY, 0)
            self._await_reaction(s, ("artillery", side, f, q, area, n))
        elif verb == "play":
            _, k, f, area, r, q = a
            card = self.actions[k]
            self.spend_card(s, side, k)
            place(self, s, f, area, r)
            weapon = cd.SMALL_ARMS if card.attack == "raid" else best_weapon(self, f, card.needs, r, s.row[q])
            extra = 1 if card.extra_dice == "always" or (card.extra_dice == "breakthrough" and area == BREAKTHROUGH) else 0
            n = self._fire(s, f, q, weapon, extra)
            self._await_reaction(s, ("attack", side, f, q, area, n))
        else:                                     # regroup
            _, k, f, area = a
            self.spend_card(s, side, k)
            place(self, s, f, area, self.rows - 1)
            s.hits[f] = 0
            s.acted[f] = 1
            self._await_reaction(s, ("regroup", side, f, -1, area, 0))

    def _fire(self, s, f: int, q: int, weapon: int, extra: int) -> int:
        """Attack: ``f`` acts and rolls; the number of hits on ``q``."""
        s.acted[f] = 1
        side = s.f_side[f]
        mod = self.forces[f].mods[weapon] + superior_bonus(self, s, side, s.area[f])
        armour = self.forces[q].armour + (depth(self, s, q) if weapon == cd.ARTILLERY else 0)
        return sum(roll_die(s, 10, "attack") + mod >= armour for _ in range(dice_left(self, s, f) + extra))

    def _await_reaction(self, s, pending: tuple) -> None:
        """After the roll the other side may react with one card (a decision only when it can)."""
        s.pending, s.stage, s.actor = pending, REACT, 1 - pending[1]

    # ------------------------------------------------------------------ reactions and resolution

    def react(self, s, a) -> None:
        kind, side, f, q, area, n = s.pending
        foe = s.actor
        after = ""
        if a[0] == "react":
            _, k, df, r = a
            card = self.actions[k]
            self.spend_card(s, foe, k)
            d = card.defence
            if d == "stop":                       # a force of the needed weapon acts, in range
                place(self, s, df, area, r)
                s.acted[df] = 1
                n = max(0, n - card.stops)
            elif d == "cover":
                n = max(0, n - card.stops)
            elif d == "pull_back":                # the target falls back a row and acts
                s.acted[q] = 1
                place(self, s, q, area, s.row[q] + 1)
                n = max(0, n - card.stops)
            elif d == "reaction_force":
                s.acted[df] = 1
                place(self, s, df, area, 0)
                n = max(0, n - card.stops)
            elif d == "screening":
                q = df
            else:                                 # after the action: minefield, counter fire, air support
                after = d
        s.actor = side
        if kind in ("attack", "artillery"):
            self.hit(s, q, n, side)
        elif kind == "maneuver" and area == TERRAIN:
            s.control += n if side == 0 else -n
            self._secure_if_off(s)
        elif kind == "maneuver":
            s.superior += n if side == 0 else -n
        if after == "minefield":
            self.hit(s, f, n, foe)
        elif after == "counter_fire":
            self.hit(s, f, self.section.counter_fire_hits, foe)
        elif after == "close_air_support":
            cas = self.section.close_air_support
            need = cas.hits_on + depth(self, s, f)
            self.hit(s, f, sum(roll_die(s, 10, "air support") >= need for _ in range(cas.dice)), foe)
        if self.check_end(s, side):
            return
        wanted = ("overrun" if s.flags & 1 else "", "recon_drone" if s.flags & 2 else "")
        if s.flags and any(self.actions[k].attack in wanted for k in held(s, side)):
            s.stage = FOLLOW
        else:
            self.next_action(s, side)

    def hit(self, s, q: int, n: int, by: int) -> None:
        """``n`` hits on force ``q`` (damage counters); at ``hits_to_destroy`` it is destroyed and
        goes to ``by``'s victory pile (bit 1 of ``flags`` when ``by`` is acting)."""
        if n <= 0 or s.area[q] < 0:
            return
        s.hits[q] += n
        if s.hits[q] >= self.section.hits_to_destroy:
            side, area = s.f_side[q], s.area[q]
            s.area[q], s.row[q], s.hits[q], s.acted[q] = DESTROYED, 0, 0, 0
            close_up(self, s, side, area)
            if by == (s.pending[1] if s.pending else s.actor):
                s.flags |= 1

    def _secure_if_off(self, s) -> None:
        """Past either end of the control track the side it moved toward secures the card."""
        t = self.terrains[s.terrain_order[s.terrain_at]]
        if abs(s.control) <= t.reach:
            return
        side = 0 if s.control > 0 else 1
        s.secured[s.terrain_order[s.terrain_at]] = side
        s.terrain_at += 1
        s.control = 0
        if side == s.actor:
            s.flags |= 2
        self._benefit(s, side, t.benefit)

    def _benefit(self, s, side: int, benefit: str) -> None:
        """A secured card's benefit, given where it helps most: ready: the acted counter comes off
        the side's acted force of most VP; repair: the damage comes off its force with most hits;
        clear_superior: every superior counter is removed; draw: two action cards."""
        mine = [f for f in s.side_forces[side] if s.area[f] >= 0]
        if benefit == "ready":
            acted = [f for f in mine if s.acted[f]]
            if acted:
                s.acted[max(acted, key=lambda f: (self.forces[f].vp, -f))] = 0
        elif benefit == "repair":
            hurt = [f for f in mine if s.hits[f]]
            if hurt:
                s.hits[max(hurt, key=lambda f: (s.hits[f], self.forces[f].vp, -f))] = 0
        elif benefit == "clear_superior":
            s.superior = 0
        elif benefit == "draw":
            self.draw(s, side, 2)

