"""Command cards (cases 3.1-3.6): playing a card from the hand, ordering units within its
orders, and drawing a card. A part of Memoir '44's :class:`~.rules.Game`."""
from __future__ import annotations

from itertools import product

from ... import events as ev
from ....model.card_orders import section_orders
from ...decks import shuffled_under
from ...state import ELIMINATED
from . import events as mev
from .section import STRAIGHT_FROM_HAND
from .state import DONE, S_AIM, S_ORDER
from .state import M44State as State

ALL = 99          # an order for every unit of a section (3.3): more than any section holds


def overflow(secs_of: list, caps: dict) -> int:
    """3.2: the fewest ordered units that no section count of the card can take, when each unit
    counts in one of its sections ``secs_of`` (a straddling hex gives two; the sections of the
    card only) and section ``i`` takes ``caps[i]`` units. A pure function: tries every choice of
    section for the units that have two."""
    fixed = dict.fromkeys(caps, 0)
    free = 0
    two = []
    for secs in secs_of:
        if not secs:
            free += 1
        elif len(secs) == 1:
            fixed[secs[0]] += 1
        else:
            two.append(secs)
    best = None
    for choice in product(*two):
        count = dict(fixed)
        for sec in choice:
            count[sec] += 1
        over = sum(max(0, n - caps[sec]) for sec, n in count.items())
        best = over if best is None or over < best else best
    return free + best


class Orders:
    """The command phase's decisions (mixed into ``Game``)."""

    def _read_cards(self, content) -> None:
        """2.4: every copy of every card of the deck; per card its section counts, its count
        ordered anywhere and the unit types it may order (bit mask over type indices, 0 any)."""
        sec_ids = [m.id for m in content.map.sections]
        deck = content.play_deck()
        self.cards = list(deck.cards)
        self.card_ids = [c.id for c in self.cards]
        self.c_card = [i for i, card in enumerate(self.cards) for _ in range(deck.copy_count(card))]
        self.ncards = len(self.c_card)
        self.c_id = [self.card_ids[i] for i in self.c_card]
        self.card_caps, self.card_anywhere, self.card_types = [], [], []
        for card in self.cards:
            o = section_orders(content, card, deck)
            self.card_caps.append({sec_ids.index(k): (ALL if v == "all" else v) for k, v in o.sections.items()})
            self.card_anywhere.append(o.anywhere)
            self.card_types.append(sum(1 << self.type_index[t] for t in o.unit_types))

    def _card_actions(self, s: State) -> list:
        """3.1: play one card of the hand; copies of one card are one choice (the lowest copy);
        3.8: a counter-attack only once the other side has had a card in effect. 10.7: a side with
        a commissar puts a card under its chip and plays the one that was there (when it may be
        played), or plays a recon, counter-attack or ambush card at once."""
        seen, out = set(), []
        side = s.actor
        chip = s.chip[side] if self.commissar[side] else -1
        chip_ok = chip >= 0 and self.effective(s, chip) >= 0
        for c in sorted(s.hands[side]):
            k = self.c_card[c]
            if k in seen:
                continue
            seen.add(k)
            if self.commissar[side]:
                if chip_ok:
                    out.append(("chip", c))
                if self.card_kind[k] in STRAIGHT_FROM_HAND and self.effective(s, c) >= 0:
                    out.append(("card", c))
            elif self.effective(s, c) >= 0:
                out.append(("card", c))
        if self.commissar[side] and not out and s.hands[side]:
            out = [("chip", c) for c in sorted(s.hands[side])] if chip >= 0 else []
        return out

    def _play_chip(self, s: State, c: int) -> None:
        """10.7: card ``c`` goes from the hand under the chip; the card that was there is played."""
        side = s.actor
        old = s.chip[side]
        chip = list(s.chip)
        chip[side] = c
        s.chip = tuple(chip)
        s.hands[side].remove(c)
        s.hands[side].append(old)
        self._play_card(s, old)

    def _play_card(self, s: State, c: int) -> None:
        """3.1: the card leaves the hand for the discards; ordering begins (3.2). The card in
        effect (``eff``) is the card itself or the one a counter-attack copies (3.8); a strike
        chooses its targets instead (3.10), a rally rolls its dice first (3.13), an ambush played
        in its own turn orders nobody (3.9)."""
        eff = self.effective(s, c)
        s.hands[s.actor].remove(c)
        s.discard.append(c)
        s.card = c
        s.eff = eff
        last = list(s.last)
        last[s.actor] = eff
        s.last = tuple(last)
        s.ordered = 0
        s.stage = S_ORDER
        s.pend = (-1,)
        if s.events is not None:
            s.events.append(ev.CardPlayed(side=self.side_ids[s.actor], card=self.c_id[c], copy=c, worked=True))
        kind = self.card_kind[eff]
        if kind == "air_sortie" and self._air_sortie(s):     # 11.2: a plane takes off (else its fallback)
            return
        if kind in ("air_power", "barrage"):
            s.stage, s.pend = S_AIM, ()
            if self._aim_actions(s) == [DONE]:          # no enemy on the map to strike
                self._aim(s, DONE)
        elif kind == "rally":
            self._rally_roll(s)
        elif kind == "ambush":
            self._next_phase(s)

    def orderable(self, s, p: int, card: int, fallback: bool | None = None) -> bool:
        """3.2-3.4: unit ``p`` is of a type the card orders and stands in one of its sections, or
        the card orders units anywhere; 3.12: next to an enemy when the card says so; 3.13: a
        rally orders the types its dice rolled; 3.14: a card with a ``fallback`` orders any unit when
        the side has none of its types (``fallback``: :meth:`falls_back` for ``p``'s side, when the
        caller knows it)."""
        if self.falls_back(s, self.p_side[p], card) if fallback is None else fallback:
            return True
        if self.card_types[card] and not (self.card_types[card] >> self.p_type[p]) & 1:
            return False
        kind = self.card_kind[card]
        if kind == "rally":
            return bool(s.allow) and (s.allow[self.p_type[p]] > 0 or s.allow[-1] > 0)
        if self.card_tactic[card].next_to_enemy and not self.next_to_enemy(s, p):
            return False
        return self.card_anywhere[card] > 0 or any(sec in self.card_caps[card] for sec in self.hex_secs[s.loc[p]])

    def fits(self, s, units: list, card: int, fallback: bool | None = None) -> bool:
        """3.2-3.5: ``units`` can all be ordered with ``card``: the units its section counts cannot
        take are no more than its count anywhere plus the side's extra orders; 3.14: with
        ``one_section`` all in one section; 3.13: a rally's as its dice say; 3.14: its ``fallback``
        count when it falls back (the side's extra orders do not count there; ``fallback``: as
        :meth:`orderable`'s)."""
        if self.falls_back(s, self.p_side[units[0]], card) if fallback is None else fallback:
            return len(units) <= self.card_tactic[card].fallback
        if self.card_kind[card] == "rally":
            return self.rally_fits(units, s.allow)
        caps = self.card_caps[card]
        if self.card_tactic[card].one_section and not set.intersection(*(set(self.hex_secs[s.loc[p]]) for p in units)):
            return False
        secs_of = [tuple(sec for sec in self.hex_secs[s.loc[p]] if sec in caps) for p in units]
        return overflow(secs_of, caps) <= self.card_anywhere[card] + self.extra[self.p_side[units[0]]]

    def falls_back(self, s, side: int, card: int) -> bool:
        """3.14: ``card`` has a ``fallback`` and orders unit types of which ``side`` has no unit
        on the map, so it orders that many units of any type instead; 11.2: an air sortie when the
        side has no plane to launch."""
        if self.card_kind[card] == "air_sortie":
            return not self.sortie_flies(s, side)
        types = self.card_types[card]
        if not self.card_tactic[card].fallback or not types:
            return False
        return not any(s.loc[p] >= 0 and (types >> self.p_type[p]) & 1 for p in self.side_pieces[side])

    def _order_actions(self, s: State) -> list:
        """3.2: order one more unit (in increasing piece order, so each set of units is one
        sequence of choices), or be done."""
        card = s.eff
        last = s.pend[0]
        pieces = self.side_pieces[s.actor]
        fallback = self.falls_back(s, s.actor, card)        # the same for every unit of the side
        chosen = [p for p in pieces if (s.ordered >> p) & 1]
        out = [("order", p) for p in pieces if p > last and s.loc[p] >= 0
               and self.orderable(s, p, card, fallback) and self.fits(s, chosen + [p], card, fallback)]
        return out + [DONE]

    def _order(self, s: State, a) -> None:
        if a[0] == "order":
            s.ordered |= 1 << a[1]
            s.pend = (a[1],)
            return
        if s.events is not None:
            s.events.append(mev.Ordered(side=self.side_ids[s.actor], card=self.card_ids[s.eff],
                                        count=bin(s.ordered).count("1")))
        self._next_phase(s)

    def next_to_enemy(self, s, p: int) -> bool:
        """An enemy unit stands next to unit ``p``."""
        occ, side = s.occ, self.p_side[p]
        return any(occ[j] >= 0 and self.p_side[occ[j]] != side for j in self.board.adjacent[s.loc[p]])

    def hand_size_now(self, s, side: int) -> int:
        """10.6: the cards ``side`` holds after drawing: its hand, one fewer for each of its units
        eliminated, never fewer than its ``hand_floor`` (a side without one keeps its hand)."""
        floor = self.hand_floor[side]
        if floor < 0:
            return self.hand_size[side]
        lost = sum(1 for p in self.side_pieces[side] if s.loc[p] == ELIMINATED)
        return max(floor, self.hand_size[side] - lost)

    def _draw(self, s: State, side: int) -> None:
        """3.6: draw the top card; an empty deck is first made of the shuffled discards. 10.6: a
        hand already at its shrunk size draws nothing (it shrinks by not drawing)."""
        if self.hand_floor[side] >= 0 and len(s.hands[side]) >= self.hand_size_now(s, side):
            return
        if not s.deck:
            s.deck, s.discard = shuffled_under(s, s.deck, s.discard), []
        if not s.deck:
            return
        c = s.deck.pop()
        s.hands[side].append(c)
        if s.events is not None:
            s.events.append(ev.CardDrawn(side=self.side_ids[side], card=self.c_id[c], copy=c, source="draw"))
