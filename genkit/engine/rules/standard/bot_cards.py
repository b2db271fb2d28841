"""The greedy bot's cards (docs/standard-rules.md case 13): when to play what it holds. It reads
each card's event from the game (``game.cards``) and the legal actions, never the rules' code.

* A shift or a die-roll modifier of the attacker's is played on the attack the bot has chosen,
  once every attacker it planned is named (just before the roll), when it helps the attacker.
* A reaction is played whenever it helps the defender (the only moment it can be).
* A reinforcement or a replacement card is played as soon as it can be: a unit on the map now
  is worth more than one later.
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
        phase's pick."""
        others = [a for a in actions if a[0] != PLAY]
        if PASS in actions:                                  # the defender's reaction
            best = min(plays, key=lambda a: (self._card_value(a)[1], a[1]))
            return best if self._card_value(best)[1] < 0 else PASS
        if "roll" in {a[0] for a in others} or "with" in {a[0] for a in others}:
            if not self.attackers and ("roll",) in others:   # every planned attacker named
                best = max(plays, key=lambda a: (self._card_value(a)[1], -a[1]))
                if self._card_value(best)[1] > 0:
                    return best
            return self.choose_with(v, others)
        for a in plays:                                      # the movement phase
            if self._card_value(a)[0] in ("reinforcement", "replacement"):
                return a
        choice = self.choose_mover(v, others) if len(others) > 1 else others[0]
        if choice == END:
            again = [a for a in plays if self._card_value(a)[0] == "movement"]
            if again:
                self.gains, self.moves = {}, 0
                return again[0]
        return choice
