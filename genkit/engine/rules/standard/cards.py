"""Cards on the standard rules (docs/standard-rules.md case 13): the decks a game holds by side
(or one both sides draw from), hands dealt at set-up and drawn up to the hand limit at the start
of every game turn, discards reshuffled into an empty pile, and events played from the hand as
data (``rules.cards.events``): a shift or die-roll modifier for one battle (the attacker's before
the roll, or the defender's as a reaction), a second movement, a reinforcement brought early, a
replacement, a step taken from an enemy unit, a space the enemy may not enter this turn."""
from __future__ import annotations

from ... import events as ev
from ...chance import shuffle
from ...decks import copies, shuffled_under
from ...state import RESERVE
from .events import SpaceBlocked
from .section_cards import deck_of_side, played_decks
from .state import BLOCK, ENTER, PICK, REACT, RESTORE, STRIKE

PLAY, PASS = "play", "pass"
PASS_ACTION = (PASS,)
SHIFT, DRM, MOVEMENT, REINFORCEMENT, REPLACEMENT = "shift", "drm", "movement", "reinforcement", "replacement"
STEP_LOSS, BLOCKED = "step_loss", "block"
#: the windows a card is played in (case 13.4): the attacker's before its roll, the defender's
#: reaction, the start of (or any time in) the holder's own movement phase, or the phase the card
#: names (case 13.14)
ATTACK, DEFENCE, MOVE = "attack", "defence", "move"


class CardTables:
    """The cards of one game, numbered across its decks (case 13.1): per card its deck, id, name
    and event; per side its deck, hand limit, plays per phase, cards dealt; per game turn and
    side the cards drawn (``drawn[turn][side]``, case 13.11)."""

    def __init__(self, content, rule, side_ids):
        decks = played_decks(content.decks)
        self.card_deck, self.card_id, self.card_name, self.effect, self.value, self.window = [], [], [], [], [], []
        #: per card: the phase it is played in (case 13.14), -1 its holder's movement phases
        self.phase_of = []
        self.deck_cards = []
        names = {card.id: card.name for d in decks for card in d.cards}
        for d, deck in enumerate(decks):
            start = len(self.card_id)
            for cid in copies(deck):
                e = rule.events[cid]
                self.card_deck.append(d)
                self.card_id.append(cid)
                self.card_name.append(names[cid])
                self.effect.append(e.effect)
                self.value.append(e.value)
                self.window.append(e.when if e.effect in (SHIFT, DRM) else MOVE)
                self.phase_of.append(content.game.sequence_of_play.index(
                    next(p for p in content.game.sequence_of_play if p.id == e.phase)) if e.phase else -1)
            self.deck_cards.append(tuple(range(start, len(self.card_id))))
        self.reshuffle_at = [d.reshuffle_at for d in decks]
        self.hidden = [d.hidden for d in decks]
        self.side_deck = [deck_of_side(decks, sid) for sid in side_ids]
        self.hand_limit = [decks[d].hand_limit or 99 if d is not None else 0 for d in self.side_deck]
        self.plays_per_phase = [decks[d].plays_per_phase if d is not None else 0 for d in self.side_deck]
        self.hand = [rule.per_side("hand", sid) if d is not None else 0 for sid, d in zip(side_ids, self.side_deck)]
        self.drawn = [[rule.drawn(content, turn, sid) if d is not None else 0 for sid, d in zip(side_ids, self.side_deck)]
                      for turn in range(content.turn_track.turns + 1)]
        #: whether some card blocks a space (case 13.13): then movement reads the blocked spaces
        self.blocks = BLOCKED in self.effect
        #: whether some card is played in a phase it names (case 13.14): then combat phases offer cards too
        self.named = any(k >= 0 for k in self.phase_of)
        #: the windows some card is played in (a window no card has costs nothing)
        self.windows = frozenset(self.window)


class CardPlay:
    """The cards half of :class:`~.rules.Game` (a mixin: reads ``self.cards``, a
    :class:`CardTables`, None in a game without cards)."""

    # ------------------------------------------------------------------ case 13.2: dealing and drawing

    def _cards_setup(self, s) -> None:
        """Case 13.2: each deck shuffled, then each side dealt its hand (``rules.cards.hand``)."""
        ct = self.cards
        piles = []
        for cards in ct.deck_cards:
            pile = list(cards)
            shuffle(s, pile)
            piles.append(tuple(pile))
        s.piles, s.discards, s.hands = tuple(piles), ((),) * len(piles), ((),) * len(self.side_ids)
        s.plays, s.cshift, s.cdrm, s.cback, s.early = (0,) * len(self.side_ids), 0, 0, 0, 0
        s.blocked = (0,) * len(self.side_ids)
        self._draw_cards(s, ct.hand)

    def _draw_cards(self, s, counts) -> None:
        """Case 13.2: each side in turn order draws ``counts[side]`` cards from its deck, stopping at
        its hand limit; a pile down to the deck's ``reshuffle_at`` (or empty) first takes its
        discards, shuffled, under it (case 13.3)."""
        ct = self.cards
        piles, discards, hands = list(s.piles), list(s.discards), list(s.hands)
        for side in self.side_order:
            d = ct.side_deck[side]
            for _ in range(counts[side]):
                if len(hands[side]) >= ct.hand_limit[side]:
                    break
                if len(piles[d]) <= ct.reshuffle_at[d] and discards[d]:
                    piles[d], discards[d] = tuple(shuffled_under(s, piles[d], discards[d])), ()
                if not piles[d]:
                    break
                card = piles[d][-1]
                piles[d] = piles[d][:-1]
                hands[side] = tuple(sorted(hands[side] + (card,)))
                if s.events is not None:
                    s.events.append(ev.CardDrawn(side=self.side_ids[side], card=ct.card_id[card], copy=card,
                                                 source="draw"))
        s.piles, s.discards, s.hands = tuple(piles), tuple(discards), tuple(hands)

    # ------------------------------------------------------------------ case 13.4: what may be played

    def card_plays(self, s, side: int, window: str) -> list:
        """``("play", card)`` for each card ``side`` may play now in ``window`` (one per card id,
        the lowest copy): its plays this phase under the deck's ``plays_per_phase``, and its
        effect able to do something (a unit moved already for a second movement, a reserve unit
        with room to enter, a reduced unit on the map)."""
        ct = self.cards
        if window not in ct.windows or s.plays[side] >= ct.plays_per_phase[side]:
            return []
        out, seen = [], set()
        moving = self.phase_kind[s.phase] == "movement"
        for c in s.hands[side]:
            if ct.window[c] != window or ct.card_id[c] in seen:
                continue
            if window == MOVE and (s.phase != ct.phase_of[c] if ct.phase_of[c] >= 0 else not moving):
                continue                    # case 13.14: its own phase (by default, a movement phase)
            eff = ct.effect[c]
            if (eff == MOVEMENT and not s.done) or (eff == REINFORCEMENT and self._early_arrival(s, side) < 0) \
                    or (eff == REPLACEMENT and not self._reduced_on_map(s, side)) \
                    or (eff == STEP_LOSS and not self._strike_targets(s, side)) \
                    or (eff == BLOCKED and not self._block_spaces(s, side)):
                continue
            seen.add(ct.card_id[c])
            out.append((PLAY, c))
        return out

    def _early_arrival(self, s, side: int) -> int:
        """Case 13.4: the reserve unit a reinforcement card brings on: the side's next one to
        enter (its turn, then its piece number) that has room at an entry hex; -1 none."""
        loc, due = s.loc, self.p_enter_turn
        waiting = sorted((due[p], p) for p in self.side_arrivals[side] if loc[p] == RESERVE)
        return next((p for _, p in waiting if self._entry_hexes(s, p)), -1)

    def _reduced_on_map(self, s, side: int) -> bool:
        loc, red = s.loc, s.reduced
        return any(loc[p] >= 0 and red[p] for p in self.side_pieces[side])

    def _strike_targets(self, s, side: int) -> list:
        """Case 13.12: the enemy units on the map a step-loss card of ``side`` may hit."""
        loc = s.loc
        return [p for p in self.side_pieces[1 - side] if loc[p] >= 0]

    def _block_spaces(self, s, side: int) -> list:
        """Case 13.13: the spaces a block card of ``side`` may close to the enemy: empty, not
        closed already, and ones an enemy unit could enter at all (on the map, not impassable)."""
        occ, shut, cost = s.occ, s.blocked[1 - side], self.board.cost
        return [h for h in range(self.board.n) if occ[h] < 0 and not (shut >> h) & 1 and cost[h]]

    # ------------------------------------------------------------------ case 13.13: blocked spaces

    def _blocked_masks(self, s, side: int) -> tuple:
        """:meth:`~.movement.Movement._masks` with the spaces blocked to ``side`` (case 13.13)
        among the enemy's: a unit never enters them (case 5.7)."""
        own, enemy, zoc, cache = self._plain_masks(s, side)
        return own, enemy | s.blocked[side], zoc, cache

    def _room_unblocked(self, s, h: int, p: int) -> bool:
        """:meth:`~.movement.Movement._room`, and ``h`` not blocked to ``p``'s side (case 13.13):
        no retreat, advance or arrival into it either."""
        return not (s.blocked[self.p_side[p]] >> h) & 1 and self._plain_room(s, h, p)

    # ------------------------------------------------------------------ case 13.4: playing

    def _play(self, s, card: int) -> None:
        """The acting side plays ``card`` from its hand to its deck's discards, and its event
        happens (case 13.4)."""
        ct = self.cards
        side, d = s.actor, ct.card_deck[card]
        hands, discards, plays = list(s.hands), list(s.discards), list(s.plays)
        hands[side] = tuple(c for c in hands[side] if c != card)
        discards[d] = discards[d] + (card,)
        plays[side] += 1
        s.hands, s.discards, s.plays = tuple(hands), tuple(discards), tuple(plays)
        if s.events is not None:
            s.events.append(ev.CardPlayed(side=self.side_ids[side], card=ct.card_id[card], copy=card, worked=True))
        eff, value = ct.effect[card], ct.value[card]
        if eff == SHIFT:
            s.cshift += value
        elif eff == DRM:
            s.cdrm += value
        elif eff == MOVEMENT:               # every unit may move once more this phase
            s.done, s.nmoved, self._mc = 0, 0, None
        elif eff == REINFORCEMENT:
            s.stage, s.chosen, s.cback, self._mc = ENTER, self._early_arrival(s, side), 1, None
        elif eff == REPLACEMENT:
            s.stage, s.points, s.cback = RESTORE, value, 1
        else:                               # STEP_LOSS, BLOCKED: their targets chosen one by one
            s.stage, s.points, s.cback, s.chosen = STRIKE if eff == STEP_LOSS else BLOCK, value, 1, card
            self._card_aim_on(s)
        if s.stage == REACT:                # the defender's reaction made: the attacker rolls
            self._react_done(s)

    def _react_done(self, s) -> None:
        """The defender has played its reaction or passed: the attacker rolls."""
        s.actor = self.phase_actor(s)
        self._battle(s)

    def _roll(self, s) -> None:
        """The attacker rolls (case 8); first the defender may react with a card (case 13.4)."""
        if self.cards is not None and self.card_plays(s, 1 - s.actor, DEFENCE):
            s.stage, s.actor = REACT, 1 - s.actor
            return
        self._battle(s)

    def _card_aim(self, s, a) -> None:
        """Case 13.12: the enemy unit ``a[1]`` loses a step; case 13.13: the space ``a[1]`` is
        blocked to the enemy until the end of the game turn. Then the next target, or back to
        the movement phase."""
        side, card = s.actor, self.cards.card_id[s.chosen]
        if a[0] == "hit":
            self._lose_step(s, a[1], side, card=card)
        else:
            blocked = list(s.blocked)
            blocked[1 - side] |= 1 << a[1]
            s.blocked = tuple(blocked)
            if s.events is not None:
                s.events.append(SpaceBlocked(side=self.side_ids[side], card=card, hex=self.board.grid.id_of(a[1])))
        s.points -= 1
        if not s.ended:
            self._card_aim_on(s)

    def _card_aim_on(self, s) -> None:
        """With targets still to choose and some to choose from, ask; else the card is done."""
        side = s.actor
        left = self._strike_targets(s, side) if s.stage == STRIKE else self._block_spaces(s, side)
        if s.points <= 0 or not left:
            self._card_back(s)

    def card_aims(self, s) -> list:
        """The STRIKE or BLOCK decision: ``("hit", piece)`` or ``("block", space)``."""
        if s.stage == STRIKE:
            return [("hit", p) for p in self._strike_targets(s, s.actor)]
        return [("block", h) for h in self._block_spaces(s, s.actor)]

    def _card_back(self, s) -> bool:
        """After a card's arrival or restoring: back to the movement phase's PICK (True), or
        False when no card interrupted it."""
        if not (self.cards is not None and s.cback):
            return False
        s.stage, s.chosen, s.points, s.cback, self._mc = PICK, -1, 0, 0, None
        return True

    def card_text(self, s, a) -> str:
        if a[0] == "hit":
            return f"hit {self.piece_text(s, a[1])}"
        if a[0] == "block":
            return f"block {self.hex_text(a[1])}"
        return f"play {self.cards.card_name[a[1]]}" if a[0] == PLAY else "pass"

    # ------------------------------------------------------------------ hidden cards

    def determinise(self, state, side: int, rng):
        """A copy with what ``side`` cannot see re-drawn: the dice generator, and in every hidden
        deck the order of the pile and the other side's hand, dealt again from those cards."""
        c = super().determinise(state, side, rng)
        ct = self.cards
        if ct is None:
            return c
        piles, hands = list(c.piles), list(c.hands)
        for d, pile in enumerate(piles):
            others = [o for o in range(len(hands)) if o != side and ct.side_deck[o] == d and ct.hidden[d]]
            unknown = list(pile) + [x for o in others for x in hands[o]]
            rng.shuffle(unknown)
            for o in others:
                n = len(hands[o])
                hands[o], unknown = tuple(sorted(unknown[:n])), unknown[n:]
            piles[d] = tuple(unknown)
        c.piles, c.hands = tuple(piles), tuple(hands)
        return c
