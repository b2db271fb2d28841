"""11.0 ability cards: playing them in the own combat phase, their targets and effects, and
the deck (4.1.1, 11.1). A part of Bering Land's :class:`~.rules.Game`."""
from __future__ import annotations

from ... import events as ev
from ...chance import roll_die, shuffle
from ...decks import shuffled_under
from . import events as bev
from .abilities import abilities
from .state import S_CARD_TARGET, S_COMBAT, S_DRONE, S_EXTRA
from .state import BeringState as State


class Cards:
    """The cards' decisions and effects (mixed into ``Game``)."""

    def _read_cards(self, content, sec) -> None:
        """The deck of one content: abilities, every copy's ability, roll and parity, the draw
        table; the Stopped markers (11.3) and the types each card protects."""
        ab = content.play_deck()
        self.hand_limit = ab.hand_limit
        self.plays_limit = ab.plays_per_phase
        self.reshuffle_at = ab.reshuffle_at
        self.abilities = abilities(ab)
        self.ability_index = {a.id: i for i, a in enumerate(self.abilities)}
        self.random_table = {face: self.ability_index[aid] for face, aid in ab.draw_table.items()}
        self.c_ab, self.c_roll, self.c_parity = [], [], []
        for ai, a in enumerate(self.abilities):
            for cp in ab.copies_of(ab.card(a.id)):
                self.c_ab.append(ai)
                self.c_roll.append(frozenset(cp.roll))
                self.c_parity.append(-1 if not cp.parity else (0 if cp.parity == "even" else 1))
        self.ncards = len(self.c_ab)
        self.c_key = [(self.c_ab[k], tuple(sorted(self.c_roll[k])), self.c_parity[k]) for k in range(self.ncards)]
        # 11.3 Air Drone: one Stopped marker per stopped unit; a counter mix without them sets no cap
        markers = [m.count for m in content.counters.markers if m.id == sec.stopped_marker]
        self.stopped_markers = sum(markers) if markers else None
        self.a_invuln_mask = []
        for a in self.abilities:
            m = 0
            for tid in a.effect.unit_types:
                m |= 1 << self.type_index[tid]
            self.a_invuln_mask.append(m)
        self._area_cover: dict = {}      # (hex, size) -> hexes of all the areas (_can_eliminate)
        # content ids for events
        self.ability_ids = [a.id for a in self.abilities]
        self.c_ability_id = [self.ability_ids[self.c_ab[k]] for k in range(self.ncards)]

    def _attacking_unit(self, s: State) -> int:
        lead = s.lead
        return lead if lead >= 0 and s.loc[lead] >= 0 else -1

    def _playable(self, s: State, c: int) -> bool:
        a = self.abilities[self.c_ab[c]]
        kind = a.effect.kind
        if kind == "eliminate":
            return self._can_eliminate(s, c)
        if kind == "stop":
            return bool(self._stop_choices(s, ()))
        if kind == "extra_attack":
            return bool(self._extra_targets(s))
        return True

    def _can_eliminate(self, s: State, c: int) -> bool:
        """``bool(self._eliminate_choices(s, c))`` without listing the choices: a hex or an
        area target exists when a unit the card can hit stands on a hex some choice covers."""
        lead = self._attacking_unit(s)
        if lead < 0:
            return False
        a = self.abilities[self.c_ab[c]]
        shape = a.target.shape
        if shape != "hex" and shape != "area":
            return bool(self._eliminate_choices(s, c))
        b = self.board
        h = s.loc[lead]
        if shape == "hex":
            cover = b.within_mask(a.target.range)[h]
        else:
            key = (h, a.target.size)
            cover = self._area_cover.get(key)
            if cover is None:
                cover = 0
                for hs in b.areas(h, a.target.size):
                    for j in hs:
                        cover |= 1 << j
                self._area_cover[key] = cover
        return bool(cover & self._hittable_mask(s, s.actor))

    def _hittable_mask(self, s: State, side: int) -> int:
        """Hexes of the enemy units an ability of ``side`` can eliminate: not in a base hex
        (11.4), not protected by Juggernaut."""
        bit, loc, p_type = self.board.bit, s.loc, self.p_type
        inv = s.invuln[1 - side]
        m = 0
        for p in self.enemy_pieces[side]:
            h = loc[p]
            if h >= 0 and not (inv >> p_type[p]) & 1:
                m |= bit[h]
        return m & ~self.base_mask

    def _eliminate_choices(self, s: State, c: int) -> tuple:
        """The targets of an eliminating card: only those holding a unit it can hit (a card
        whose effect cannot touch anyone is not offered)."""
        lead = self._attacking_unit(s)
        if lead < 0:
            return ()
        a = self.abilities[self.c_ab[c]]
        shape, size = a.target.shape, a.target.size
        b = self.board
        h = s.loc[lead]
        hit = self._hittable_mask(s, s.actor)
        if shape == "hex":
            return tuple(("hex", j) for j in b.within(h, a.target.range) if (hit >> j) & 1)
        if shape == "line":
            lines = ((d, b.line_from(h, d, size)) for d in range(6))
            return tuple(("line", d) for d, hs in lines if hs is not None and any((hit >> j) & 1 for j in hs))
        if shape == "area":
            return tuple(("area", hs) for hs in b.areas(h, size) if any((hit >> j) & 1 for j in hs))
        return ()

    def _stop_choices(self, s: State, picked: tuple) -> list:
        """11.3 Air Drone: enemy units that may be stopped now. A stop needs a Stopped marker:
        when none is left, only a unit already carrying one (stopped for an earlier turn) may be
        picked again."""
        side = s.actor
        enemy = 1 - side
        until = self._stop_turn(s, enemy)
        marker_left = self._stopped_marker_left(s)
        return [p for p in self.side_pieces[enemy]
                if s.loc[p] >= 0 and p not in picked and s.stopped[p] != until
                and (marker_left or s.stopped[p]) and not self._invulnerable(s, p)]

    def _stopped_marker_left(self, s: State) -> bool:
        """Is a Stopped marker of the counter mix not on a unit? (Always, when the mix has none.)"""
        if self.stopped_markers is None:
            return True
        return sum(1 for t in s.stopped if t) < self.stopped_markers

    def _stop_turn(self, s: State, side: int) -> int:
        """The game turn of ``side``'s next player turn (11.3 Air Drone)."""
        return s.turn if self.move_phase[side] > s.phase else s.turn + 1

    def _extra_targets(self, s: State) -> tuple:
        lead = self._attacking_unit(s)
        if lead < 0 or s.stopped[lead] == s.turn:
            return ()
        ls = self.strength(s, lead)
        return tuple(("target", p) for p in self._targets(s, lead, s.actor)
                     if self.crt.allowed(ls - self.strength(s, p)))

    def _works(self, s: State, c: int) -> bool:
        roll = self.c_roll[c]
        if not roll:
            return True
        return roll_die(s, self.faces, "card:" + self.abilities[self.c_ab[c]].id) in roll

    def _parity_ok(self, s: State, c: int, purpose: str) -> bool:
        par = self.c_parity[c]
        if par < 0:
            return True
        return roll_die(s, self.faces, purpose) % 2 == (1 if par == 1 else 0)

    def _play_card(self, s: State, c: int) -> None:
        side = s.actor
        s.hands[side].remove(c)
        s.playing = c
        s.plays += 1
        ai = self.c_ab[c]
        a = self.abilities[ai]
        kind = a.effect.kind
        if kind == "eliminate":
            s.stage = S_CARD_TARGET
            s.pend = (c, self._eliminate_choices(s, c))
            return
        if kind == "stop":
            s.stage = S_DRONE
            s.pend = (c, ())
            return
        events = s.events
        if kind == "invulnerable":
            worked = self._works(s, c)
            if worked:
                s.invuln[side] |= self.a_invuln_mask[ai]
            if events is not None:
                events.append(ev.CardPlayed(side=self.side_ids[side], card=a.id, copy=c, worked=worked))
                if worked:
                    m = self.a_invuln_mask[ai]
                    events.append(bev.Invulnerable(side=self.side_ids[side], card=a.id,
                                                  types=tuple(self.type_ids[t] for t in range(self.ntypes)
                                                              if (m >> t) & 1)))
            return self._finish_card(s)
        if kind == "draw_from_table":
            worked = self._works(s, c) and self._parity_ok(s, c, "card:" + a.id)
            if events is not None:
                events.append(ev.CardPlayed(side=self.side_ids[side], card=a.id, copy=c, worked=worked))
            if worked:
                face = roll_die(s, self.faces, "card:" + a.id + ":table")
                want = self.random_table.get(face)
                if want is not None:
                    self._take_card(s, side, want)
            return self._finish_card(s)
        if kind == "extra_attack":
            worked = self._works(s, c)
            if events is not None:
                events.append(ev.CardPlayed(side=self.side_ids[side], card=a.id, copy=c, worked=worked))
            if worked:
                choices = self._extra_targets(s)
                if choices:
                    s.stage = S_EXTRA
                    s.pend = (c, choices)
                    return
            return self._finish_card(s)
        if events is not None:
            events.append(ev.CardPlayed(side=self.side_ids[side], card=a.id, copy=c, worked=True))
        return self._finish_card(s)

    def _take_card(self, s: State, side: int, ability: int) -> None:
        got = -1
        for k in range(len(s.deck) - 1, -1, -1):
            if self.c_ab[s.deck[k]] == ability:
                got = s.deck.pop(k)
                break
        else:
            for k in range(len(s.discard) - 1, -1, -1):
                if self.c_ab[s.discard[k]] == ability:
                    got = s.discard.pop(k)
                    break
        if got >= 0:
            kept = len(s.hands[side]) < self.hand_limit
            if kept:
                s.hands[side].append(got)
            else:
                s.discard.append(got)
            if s.events is not None:
                source = self.c_ability_id[s.playing] if s.playing >= 0 else None
                s.events.append(ev.CardDrawn(side=self.side_ids[side], card=self.c_ability_id[got], copy=got,
                                             source=source) if kept
                                else ev.CardLost(side=self.side_ids[side], card=self.c_ability_id[got], copy=got,
                                                 why="hand_limit", source=source))
        shuffle(s, s.deck)

    def _finish_card(self, s: State) -> None:
        s.discard.append(s.playing)
        s.playing = -1
        s.stage = S_COMBAT
        s.pend = ()
        reshuffle_if_low(s, self.reshuffle_at)

    def _card_target(self, s: State, a) -> None:
        c = s.playing
        b = self.board
        lead = s.lead
        verb = a[0]
        if verb == "hex":
            hexes = (a[1],)
        elif verb == "line":
            hexes = b.line_from(s.loc[lead], a[1], self.abilities[self.c_ab[c]].target.size)
        else:
            hexes = a[1]
        worked = self._works(s, c)
        events = s.events
        side = s.actor
        if events is not None:
            events.append(ev.CardPlayed(side=self.side_ids[side], card=self.c_ability_id[c], copy=c, worked=worked))
        if worked:
            for h in hexes:
                p = s.occ[h]
                # 11.5 friends and 11.4 units in a base hex are never hit; Juggernaut protects.
                if p >= 0 and self.p_side[p] != side and not self.is_base[h] and not self._invulnerable(s, p):
                    if events is not None:
                        events.append(ev.Eliminated(side=self.side_ids[self.p_side[p]],
                                                    type=self.type_ids[self.p_type[p]], piece=p,
                                                    by_side=self.side_ids[side], card=self.c_ability_id[c]))
                    self._eliminate(s, p)
        self._finish_card(s)

    def _drone_pick(self, s: State, p: int) -> None:
        c, picked = s.pend
        s.stopped[p] = self._stop_turn(s, self.p_side[p])
        if s.events is not None:
            side = self.side_ids[s.actor]
            if not picked:
                s.events.append(ev.CardPlayed(side=side, card=self.c_ability_id[c], copy=c, worked=True))
            s.events.append(bev.Stopped(side=self.side_ids[self.p_side[p]], type=self.type_ids[self.p_type[p]],
                                       piece=p, until_turn=s.stopped[p], card=self.c_ability_id[c],
                                       by_side=side))
        picked = picked + (p,)
        if not self._stop_choices(s, picked):
            return self._finish_card(s)          # nobody left to stop: no roll
        if len(picked) == 1:
            again = self._works(s, c)
        else:
            again = self._parity_ok(s, c, "card:" + self.abilities[self.c_ab[c]].id + ":again")
        if again:
            s.pend = (c, picked)
            return
        self._finish_card(s)


# --------------------------------------------------------------------------- deck (4.1.1, 11.1)

def reshuffle_if_low(state: State, reshuffle_at: int) -> None:
    """4.1.1: once the deck is down to ``reshuffle_at`` cards, the shuffled discards go under it."""
    if len(state.deck) <= reshuffle_at and state.discard:
        state.deck = shuffled_under(state, state.deck, state.discard)   # top of the deck: the end
        state.discard = []


def draw_card(state: State, side: int, hand_limit: int, reshuffle_at: int) -> int:
    """Draw the top card for ``side``; a card drawn into a full hand is discarded (lost).

    Returns the card copy id, or -1 when the deck is empty.
    """
    reshuffle_if_low(state, reshuffle_at)
    if not state.deck:
        return -1
    card = state.deck.pop()
    hand = state.hands[side]
    if len(hand) < hand_limit:
        hand.append(card)
    else:
        state.discard.append(card)
    reshuffle_if_low(state, reshuffle_at)
    return card
