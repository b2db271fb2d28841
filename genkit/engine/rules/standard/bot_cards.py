"""The greedy bot's cards (docs/standard-rules.md case 13): when to play what it holds. It reads
each card's event from the game (``game.cards``) and the legal actions, never the rules' code.

* A shift or a die-roll modifier of the attacker's is played on the attack the bot has chosen,
  once every attacker it planned is named (just before the roll), when it helps the attacker.
* A reaction is played whenever it helps the defender (the only moment it can be).
* A reinforcement, a replacement or a step-loss card is played as soon as it can be: a unit on
  the map now is worth more than one later, and a step taken now cannot be restored before it
  counts. Its steps fall on the enemy unit whose step is worth most (:meth:`choose_hit`).
* A block card is played at once when an enemy movement phase is still to come this game turn
  (else it would shut nothing), on the empty space the enemy most needs (:meth:`choose_block`).
* A second movement is played when the bot would otherwise end its movement phase having moved.
"""
from __future__ import annotations

from .bot_tables import END

PLAY, PASS = "play", ("pass",)


class CardChoices:
    """The card decisions of :class:`~.bots.GreedyBot` (a mixin: uses its ``choose_*``)."""

    def _card_value(self, a) -> tuple:
        ct = self.g.cards
        return ct.effect[a[1]], ct.value[a[1]]

    def choose_with_cards(self, v, actions, plays):
        """A decision that offers cards: a reaction, an attack about to be rolled, or a movement
        (or combat) phase's pick."""
        others = [a for a in actions if a[0] != PLAY]
        if PASS in actions:                                  # the defender's reaction
            best = min(plays, key=lambda a: (self._card_value(a)[1], a[1]))
            return best if self._card_value(best)[1] < 0 else PASS
        verbs = {a[0] for a in others}
        if verbs & {"roll", "roll_by", "with"}:
            if not self.attackers and verbs & {"roll", "roll_by"}:   # every planned attacker named
                best = max(plays, key=lambda a: (self._card_value(a)[1], -a[1]))
                if self._card_value(best)[1] > 0:
                    return best
            return self.choose_with(v, others)
        for a in plays:                                      # the movement phase
            eff = self._card_value(a)[0]
            if eff in ("reinforcement", "replacement", "step_loss") or (eff == "block" and self._enemy_moves_later(v)):
                return a
        if self.g.phase_kind[v.phase] != "movement":           # a combat phase's pick (case 13.14)
            return self.choose_attack(v, others) if len(others) > 1 else others[0]
        choice = self.choose_mover(v, others) if len(others) > 1 else others[0]
        if choice == END:
            again = [a for a in plays if self._card_value(a)[0] == "movement"]
            if again:
                self.gains, self.moves = {}, 0
                return again[0]
        return choice

    def _enemy_moves_later(self, v) -> bool:
        """Case 13.13: an enemy movement phase is still to come in this game turn."""
        g = self.g
        return any(g.phase_kind[k] == "movement" and g.phase_side[k] != self.side
                   for k in range(v.phase + 1, len(g.phase_kind)))

    def choose_hit(self, v, actions):
        """Case 13.12: the enemy unit whose step is worth most (its worth, the victory points
        its elimination scores when it is reduced, more on an objective)."""
        t, red = self.t, v.reduced
        targets = set(self.t.targets[1 - self.side]) | set(self.t.targets[self.side])

        def worth(a):
            p = a[1]
            val = self._step_value(v, p) + (t.p_prize[p] if red[p] else 0.0)
            return val + (1.0 if v.loc[p] in targets else 0.0) + self.rng.random() * 1e-6
        return max(actions, key=worth)

    def choose_block(self, v, actions):
        """Case 13.13: the empty space the enemy most needs: its objectives and the hexes next to
        them and to own units, nearest the enemy's units (the enemy strength within a move)."""
        own, foe = self._where(v)
        t = self.t
        dist, n, loc, ma = t.dist, t.n, v.loc, t.p_ma
        goals = set(t.targets[1 - self.side])
        rnd = self.rng.random

        def score(a):
            h = a[1]
            near = sum(self._att(v, e) for e in self.enemies if loc[e] >= 0 and dist[loc[e] * n + h] <= ma[e])
            touch = sum(1 for j in t.adjacent[h] if j in own) + 2 * (h in goals) \
                + sum(1 for j in t.adjacent[h] if j in goals)
            return near * (1 + touch) + rnd() * 1e-6
        return max(actions, key=score)
