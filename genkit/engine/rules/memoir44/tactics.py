"""Tactic cards (cases 3.7-3.16): command cards whose ``tactic`` field names a procedure of
their own, with its numbers in ``rules.tactics`` (:class:`~.section.Tactic`). A part of Memoir
'44's :class:`~.rules.Game`.

recon (3.7): the draw phase draws ``draw`` cards, one is kept; counter_attack (3.8): the card
gives the orders of the card last in effect for the other side; ambush (3.9): the defender of a
close assault strikes first; air_power and barrage (3.10): enemy units struck anywhere;
bombard (3.11), close_assault (3.12), infantry_assault and armour_assault (3.14): orders with
more movement, more dice, two battles or no move; rally (3.13): the dice say what is ordered.
"""
from __future__ import annotations

from ... import events as ev
from ...chance import shuffle
from ...decks import shuffled_under
from . import events as mev
from .section import TACTICS, Tactic
from .state import DONE, S_AIM, S_BATTLE, S_KEEP
from .state import M44State as State

NO_TACTIC = Tactic()


class Tactics:
    """The tactic cards' procedures (mixed into ``Game``)."""

    def _read_tactics(self, content, sec) -> None:
        """Per card of the deck its procedure (None: a section card) and that procedure's numbers."""
        deck = content.play_deck()
        kinds = []
        for card in self.cards:
            k = deck.values(card)["tactic"] if "tactic" in deck.fields else None
            kinds.append(k if k in TACTICS else None)
        self.card_kind = kinds
        self.card_tactic = [sec.tactics.get(k, NO_TACTIC) if k else NO_TACTIC for k in kinds]

    # ------------------------------------------------------------------ what is in effect

    def tactic(self, s) -> Tactic:
        """The numbers of the card in effect this player turn (none: no tactic)."""
        return self.card_tactic[s.eff] if s.eff >= 0 else NO_TACTIC

    def unit_tactic(self, s, p: int) -> Tactic:
        """3.14: the numbers of the card in effect for unit ``p``: a card that orders some unit types
        gives its movement to units of those types only (a unit it orders as its ``fallback`` moves
        as its type)."""
        types = self.card_types[s.eff] if s.eff >= 0 else 0
        if types and not (types >> self.p_type[p]) & 1:
            return NO_TACTIC
        return self.tactic(s)

    def kind(self, s):
        return self.card_kind[s.eff] if s.eff >= 0 else None

    def effective(self, s, copy: int) -> int:
        """3.8: the card whose orders card copy ``copy`` gives when played now: itself, or for a
        counter-attack the card last in effect for the other side (-1: none yet)."""
        k = self.c_card[copy]
        if self.card_kind[k] == "counter_attack":
            return s.last[1 - s.actor]
        return k

    def boosted(self, s, p: int) -> bool:
        """3.12-3.14: unit ``p`` was ordered by the card in effect on its side's turn."""
        return s.eff >= 0 and (s.ordered >> p) & 1 and self.p_side[p] == self.phase_side[s.phase]

    def extra_dice(self, s, p: int, d: int) -> int:
        """3.12-3.14: the dice the card in effect adds to a battle of unit ``p`` at distance ``d``."""
        if not self.boosted(s, p):
            return 0
        t = self.card_tactic[s.eff]
        return t.extra_dice if d == 1 or not t.close_only else 0

    # ------------------------------------------------------------------ recon and rally (the draw)

    def _tactic_draw(self, s: State, side: int) -> bool:
        """3.7 / 3.13: the draw phase of a recon card draws ``draw`` cards to keep one (S_KEEP);
        a rally card first shuffles the discards and the deck together. True when the draw is
        taken care of here (a decision pending, or the cards drawn)."""
        t = self.tactic(s)
        if t.reshuffle:
            s.deck = s.deck + s.discard
            s.discard = []
            shuffle(s, s.deck)
        if t.draw < 2:
            return False
        drawn = []
        for _ in range(t.draw):
            if not s.deck:
                s.deck, s.discard = shuffled_under(s, s.deck, s.discard), []
            if s.deck:
                drawn.append(s.deck.pop())
        if len(drawn) < 2:
            s.hands[side] += drawn
            self._next_phase(s)
            return True
        s.stage, s.actor, s.pend = S_KEEP, side, tuple(drawn)
        return True

    def _keep_actions(self, s: State) -> list:
        seen, out = set(), []
        for c in sorted(s.pend):
            if self.c_card[c] not in seen:
                seen.add(self.c_card[c])
                out.append(("keep", c))
        return out

    def _keep(self, s: State, c: int) -> None:
        """3.7: the card kept goes to the hand, the others to the discards."""
        side = s.actor
        s.hands[side].append(c)
        s.discard += [x for x in s.pend if x != c]
        if s.events is not None:
            s.events.append(ev.CardDrawn(side=self.side_ids[side], card=self.c_id[c], copy=c, source="draw"))
        s.pend = ()
        self._next_phase(s)

    def _rally_roll(self, s: State) -> None:
        """3.13: one die for each card in hand and the one played; each face that hits one unit
        type only orders a unit of that type, each face that neither hits nor flags (the star) a
        unit of any type. ``allow``: per type, then any."""
        n = len(s.hands[s.actor]) + 1
        faces = self.roll_faces(s, n)
        allow = [0] * (self.ntypes + 1)
        for f in faces:
            m = self.face_hits[f]
            if m and m & (m - 1) == 0:
                allow[m.bit_length() - 1] += 1
            elif not m and not self.face_flags[f]:
                allow[-1] += 1
        s.allow = tuple(allow)
        if s.events is not None:
            s.events.append(mev.Rally(side=self.side_ids[s.actor], faces=tuple(self.face_symbols[f] for f in faces)))

    def rally_fits(self, units: list, allow: tuple) -> bool:
        """3.13: ``units`` can be ordered with the faces rolled: each type's faces, then the stars."""
        count = [0] * self.ntypes
        for p in units:
            count[self.p_type[p]] += 1
        return sum(max(0, n - allow[t]) for t, n in enumerate(count)) <= allow[-1]

    # ------------------------------------------------------------------ strikes

    def _aim_actions(self, s: State) -> list:
        """3.10: strike one more enemy unit (anywhere; ``grouped``: next to one already chosen),
        up to ``targets``; done once one is chosen."""
        t = self.tactic(s)
        chosen = s.pend
        adj = self.board.adjacent
        out = [("aim", q) for q in self.enemy_pieces[s.actor] if s.loc[q] >= 0 and q not in chosen
               and (not t.grouped or not chosen or any(s.loc[q] in adj[s.loc[c]] for c in chosen))]
        return out + ([DONE] if chosen or not out else [])

    def _aim(self, s: State, a) -> None:
        if a != DONE:
            s.pend = s.pend + (a[1],)
            if len(s.pend) < self.tactic(s).targets and len(self._aim_actions(s)) > 1:
                return
        s.queue, s.pend = s.pend, ()
        self._strike_next(s)

    def _strike_next(self, s: State) -> None:
        """3.10: the next target is struck with the side's ``dice``: each face that hits its type
        (and the star with ``star_hits``) a figure, each flag not ignored a retreat (6.1); once all
        are struck the command phase ends (the card orders no unit)."""
        side = self.phase_side[s.phase]
        s.actor, s.stage = side, S_AIM
        if not s.queue or s.ended:
            s.queue = ()
            if not s.ended:
                self._next_phase(s)
            return
        q, s.queue = s.queue[0], s.queue[1:]
        if s.loc[q] < 0:
            return self._strike_next(s)
        t = self.tactic(s)
        faces = self.roll_faces(s, max(0, t.dice.get(self.side_ids[side], 0)))
        tq = self.p_type[q]
        hits = sum(1 for f in faces if (self.face_hits[f] >> tq) & 1
                   or (t.star_hits and not self.face_hits[f] and not self.face_flags[f]))
        flags = sum(self.face_flags[f] for f in faces)
        if s.events is not None:
            s.events.append(mev.Strike(side=self.side_ids[side], target=q, target_type=self.type_ids[tq],
                                       faces=tuple(self.face_symbols[f] for f in faces), hits=hits, flags=flags))
        origin = s.loc[q]
        if hits and self.lose_figures(s, q, hits, "hits"):
            return self._strike_next(s)
        self._start_retreat(s, q, max(0, flags - self.ignored_flags(s, q)), -1, 0, origin)

    # ------------------------------------------------------------------ ambush

    def ambush_cards(self, s, side: int) -> list:
        """3.9: the ambush cards of ``side``'s hand (one copy a card)."""
        seen, out = set(), []
        for c in sorted(s.hands[side]):
            k = self.c_card[c]
            if self.card_kind[k] == "ambush" and k not in seen:
                seen.add(k)
                out.append(c)
        return out

    def _ambush_actions(self, s: State) -> list:
        return [("ambush", c) for c in self.ambush_cards(s, s.actor)] + [("no_ambush",)]

    def _ambush(self, s: State, a) -> None:
        """3.9: the defender plays the ambush (to the discards, a card drawn at once in its place)
        and its unit battles the attacker first, as a close assault; the attacker's battle goes on
        only if it is still in its hex (neither eliminated nor retreated)."""
        p, q, overrun = s.pend
        if a[0] != "ambush":
            s.actor = self.p_side[p]
            return self._resolve(s, p, q, overrun)
        side = s.actor
        s.hands[side].remove(a[1])
        s.discard.append(a[1])
        if s.events is not None:
            s.events.append(ev.CardPlayed(side=self.side_ids[side], card=self.c_id[a[1]], copy=a[1], worked=True))
        self._draw(s, side)
        s.ambush = (p, q, s.loc[p], overrun)
        self._resolve(s, q, p, False)

    def _ambush_over(self, s: State) -> None:
        """3.9: after the ambush's battle the ambushed close assault goes on, or is cancelled."""
        p, q, h, overrun = s.ambush
        s.ambush = ()
        s.actor, s.stage, s.pend = self.p_side[p], S_BATTLE, ()
        if s.loc[p] == h and s.loc[q] >= 0:
            return self._resolve(s, p, q, overrun)
        s.battled |= 1 << p
        if overrun:
            s.overran |= 1 << p


__all__ = ["NO_TACTIC", "Tactics"]
