"""Memoir '44's search bot (offered as ``RULES.bots["search"]``): a player turn chosen by Monte
Carlo over greedy continuations (:class:`~.bots.GreedyBot`), seeing only what its side sees.

At each card decision it builds candidate player turns: the ``keep`` cards greedy rates best
(of the cards that would order the same units, the one that may order fewest, so stronger cards
are kept), each with the units greedy would order; for the best card also ``alts`` other sets of
units; and for the best card and units each way of moving in ``moves`` (greedy's destination
rating with other weights on enemy fire and on closing in: greedy's own, cautious, bold).
Orders and moves need no dice and no hidden card, so each candidate's position after movement
is played out once and the candidates that reach the same position are merged; a card whose
orders come from dice rolled as it is played (a rally, 3.13) orders as greedy does after its
roll, and is played out on each sample with that sample's dice. Each is then
played on the same ``rollouts`` determinised positions with the same dice (common random
numbers) by greedy bots for both sides until ``horizon`` player turns have passed, and scored
by :meth:`SearchBot.evaluate`; the best total wins and the bot then orders and moves as that
candidate did. Battles, retreats and taking ground are
greedy's.
"""
from __future__ import annotations

from ...playout import bot_policy, playout
from .bots import GreedyBot
from ...state import RESERVE
from .state import DONE, S_CARD, S_MOVE_DEST, S_MOVE_UNIT, S_ORDER, S_SORTIE


class _Mover(GreedyBot):
    """Greedy with other weights on enemy fire (``risk``) and on closing in (``near``)."""

    def __init__(self, game, side: int, seed: int, risk: float, near: float):
        GreedyBot.__init__(self, game, side, seed)
        self.risk_weight, self.near_weight = risk, near


class SearchBot(GreedyBot):
    """Monte Carlo over candidate player turns (module docstring)."""

    name = "search"
    rollouts = 3
    horizon = 2
    keep = 3              # card plans tried (distinct sets of units, greedy's rating first)
    alts = 3              # other sets of units tried for the best card
    moves = ((0.45, 0.15), (1.2, 0.05), (0.1, 0.3))     # (risk, near): greedy's first
    w_figs = 3.0          # a unit's full strength; a medal is 10
    w_next = 1.0          # greedy's rating of the best card in hand at the leaf

    def __init__(self, game, side: int, seed: int):
        GreedyBot.__init__(self, game, side, seed)
        self.movers = [_Mover(game, side, seed, r, c) for r, c in self.moves]
        self.turn_plan = (None, (), self)     # ((turn, card copy), units to order, mover)

    def choose(self, v, actions):
        key, plan, mover = self.turn_plan
        if v.stage in (S_ORDER, S_SORTIE, S_MOVE_UNIT, S_MOVE_DEST) and key == (v.turn, v.card):
            if v.stage == S_ORDER and plan is not None:
                return next((a for a in actions if a != DONE and a[1] in plan), DONE)
            return GreedyBot.choose(mover, v, actions)
        if len(actions) == 1 or v.stage != S_CARD:
            return GreedyBot.choose(self, v, actions)
        g = self.g
        plays = {}                      # the units a card would order -> the weakest such card
        for a in actions:
            eff = g.effective(v, self.played_copy(v, a))
            key = (self._units(v, eff), g.card_kind[eff])
            if key not in plays or self.strength(self.played_copy(v, a)) < \
                    self.strength(self.played_copy(v, plays[key])):
                plays[key] = a
        plans = sorted(((a, key[0]) for key, a in plays.items()),
                       key=lambda c: (-self.action_value(v, c[0]), c[0][1]))[:self.keep]
        if plans[0][1] is not None:
            plans += self._alternatives(v, *plans[0], {key[0] for key in plays})
        samples = [(self._sample(v), self.rng.getrandbits(32)) for _ in range(self.rollouts)]
        cands, seen = [], set()
        for a, units in plans:
            for mover in (self.movers if units == plans[0][1] else self.movers[:1]):
                if units is None:       # its orders wait for its dice: moved on each sample's own
                    cands.append((a, units, mover, [self._premove(s.copy(), a, units, mover) for s, _ in samples],
                                  True))
                    continue
                s = self._premove(samples[0][0].copy(), a, units, mover)
                fp = (tuple(s.loc), tuple(s.feat), s.ordered, s.nobattle, s.stage, s.phase)
                if fp not in seen:
                    seen.add(fp)
                    cands.append((a, units, mover, [s] * len(samples), False))
        if len(cands) == 1:
            best = cands[0]
        else:
            best, top = None, None
            for c in cands:
                total = sum(self._rollout(pre, None if c[4] else s, seed) for pre, (s, seed) in zip(c[3], samples))
                k = (total, -self.strength(self.played_copy(v, c[0])))
                if top is None or k > top:
                    top, best = k, c
        a, units, mover = best[:3]
        self.turn_plan = ((v.turn, self.played_copy(v, a)), units, mover)
        return a

    def _units(self, v, card: int):
        """The units greedy would order with ``card`` (a frozenset); None for a card whose orders
        come from the dice it rolls when played (a rally, 3.13): greedy orders after the roll."""
        if self.g.card_kind[card] == "rally":
            return None
        return frozenset(self.plan_orders(v, card))

    def _alternatives(self, v, a, units, seen: set) -> list:
        """Up to ``alts`` other sets of units for card ``a``: each unit greedy leaves out ordered
        first (best prospects first), then greedy's set without its weakest unit."""
        g = self.g
        card = g.effective(v, self.played_copy(v, a))
        cands = sorted((p for p in g.side_pieces[self.side] if v.loc[p] >= 0 and g.orderable(v, p, card)),
                       key=lambda p: -self.prospect(v, p))
        out = []
        for first in [p for p in cands if p not in units] + [None]:
            if len(out) >= self.alts:
                break
            if first is None:
                order = [p for p in cands if p in units][:-1]
            else:
                order = [first] + [p for p in cands if p != first]
            chosen: list = []
            for p in order:
                if g.fits(v, chosen + [p], card):
                    chosen.append(p)
            alt = frozenset(chosen)
            if alt not in seen:
                seen.add(alt)
                out.append((a, alt))
        return out

    def strength(self, copy: int) -> int:
        """How many units a card copy may order at most (a section's "all" counted as 6)."""
        c = self.g.c_card[copy]
        return sum(min(n, 6) for n in self.g.card_caps[c].values()) + self.g.card_anywhere[c]

    def card_rating(self, v, copy: int) -> float:
        """Greedy's rating of a card copy (:meth:`GreedyBot.card_value`)."""
        return self.card_value(v, copy)

    def _sample(self, v):
        """A determinised copy (:meth:`PlayerView.sample_state`) whose hidden cards are dealt
        again from the sorted pool: it depends on which cards are hidden, not on their order."""
        s = v.sample_state(self.rng)
        other = 1 - self.side
        pool = sorted(s.deck + s.hands[other])
        self.rng.shuffle(pool)
        k = len(s.hands[other])
        s.hands[other], s.deck = pool[:k], pool[k:]
        return s

    def _premove(self, s, a, units, mover):
        """Play card ``a``, order ``units`` (11.2: or launch a plane) and move them as ``mover``
        would: no dice, no hidden card. Stops at the battle phase (or wherever the turn leaves the orders and moves)."""
        g = self.g
        g.apply(s, a)
        while not s.ended and s.actor == self.side and s.stage in (S_ORDER, S_SORTIE, S_MOVE_UNIT, S_MOVE_DEST):
            acts = g.legal_actions(s)
            if s.stage == S_ORDER and units is not None:
                act = next((x for x in acts if x != DONE and x[1] in units), DONE)
            else:
                act = GreedyBot.choose(mover, g.observe(s, self.side), acts)
            g.apply(s, act)
        return s

    def _rollout(self, pre, sample, seed: int) -> float:
        """The candidate's position ``pre`` with the hidden cards and the dice of ``sample`` (None:
        ``pre`` was reached from its own sample), played on by greedy bots until ``horizon``
        player turns have passed."""
        g = self.g
        s = pre.copy()
        other = 1 - self.side
        if sample is not None:
            s.hands[other], s.deck, s.rng = sample.hands[other][:], sample.deck[:], sample.rng
            chip = list(s.chip)         # 10.7: the other side's hidden card under its chip is the sample's
            chip[other] = sample.chip[other]
            s.chip = tuple(chip)
        s.legal = None
        bots = [GreedyBot(g, 0, seed), GreedyBot(g, 1, seed + 1)]
        turns, phase = 0, s.phase

        def turns_passed(s) -> bool:    # a new player turn begins with its command card
            nonlocal turns, phase
            if s.stage == S_CARD and s.phase != phase:
                phase, turns = s.phase, turns + 1
            return turns >= self.horizon
        playout(g, s, bot_policy(g, bots), 400, turns_passed)
        return self.evaluate(s)

    def evaluate(self, s) -> float:
        """A win 100, a loss -100; else the medal balance x 10 (eliminated units, objectives
        held), plus ``w_figs`` x the balance of the units' figures left as shares of full
        strength, plus ``w_next`` x greedy's rating of the best card this side holds when it is
        about to play one."""
        g = self.g
        if s.ended:
            return 100.0 if s.winner == self.side else (-100.0 if s.winner >= 0 else 0.0)
        sc = list(g.scores(s).values())
        figs = [0.0, 0.0]
        for p, h in enumerate(s.loc):
            if h >= 0 or (h == RESERVE and g.p_air[p]):         # 11.1: a plane counts in the air or not
                figs[g.p_side[p]] += s.figs[p] / g.t_figs[g.p_type[p]]
        me, other = self.side, 1 - self.side
        val = 10.0 * (sc[me] - sc[other]) + self.w_figs * (figs[me] - figs[other])
        if self.w_next and s.actor == me and s.stage == S_CARD and s.hands[me]:
            v = g.observe(s, me)
            val += self.w_next * max(self.card_rating(v, c) for c in set(s.hands[me]))
        return val
