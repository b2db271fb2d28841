"""The one registry of bots by name, with the one ``make_bot`` and the one ``--bots`` parser,
and the generic bots.

A game's own bots (heuristics that know its rules) live in its rules package and are offered
as its rules module's ``bots`` (name -> class, read as ``game.module.bots``); this registry adds the bots that play any game through
the game interface alone (:mod:`genkit.engine.game`):

* ``random``: uniform over the legal actions (:class:`genkit.engine.bots.RandomBot`);
* ``rollout``: flat Monte Carlo with random playouts (:class:`RolloutBot`).

``make_bot(name, game, side, seed)`` looks ``name`` up in ``game.module.bots`` first, then here, and
builds the bot with its class's ``for_game(game, side, seed)``. A bot answers
``choose(view, actions) -> action``: ``actions`` are the legal actions of the pending
decision, ``view`` what its side sees (``game.observe``; None for a bot whose
``needs_view`` is false). Each bot has its own ``random.Random`` seeded from the game seed
and its side (:func:`~genkit.engine.bots.bot_seed`), so a game is reproducible from its seed.
Bots never re-implement rules: they ask the game for legal actions and play forward on
``view.sample_state(rng)``.
"""
from __future__ import annotations

import random

from ..engine.bots import RandomBot, bot_seed
from ..engine.playout import playout


class RolloutBot:
    """Flat Monte Carlo through the game interface alone, for any game.

    For each legal action (at most ``max_actions`` of them, a seeded sample when there are
    more), ``playouts`` continuations are played from ``view.sample_state(rng)`` (what the
    side cannot see re-drawn): the action, then uniformly random actions for every side until
    the game ends or ``max_steps`` decisions are taken. A playout scores 1 when
    ``game.outcome(...).winner`` is the bot's side, 0 when another side wins and 1/2 for a
    draw; one cut at ``max_steps`` counts as a draw moved by at most 1/4 toward the side
    ahead on the victory points of ``Outcome.scores``. The action with the best mean is
    chosen (the first in the game's order on a tie). Deterministic for a seed.
    """

    name = "rollout"
    needs_view = True
    max_actions = 8
    playouts = 3
    max_steps = 40

    def __init__(self, game, side: int, seed: int):
        self.game = game
        self.side = side
        self.side_id = game.side_ids[side]
        self.rng = random.Random(seed)

    @classmethod
    def for_game(cls, game, side: int, seed: int) -> "RolloutBot":
        return cls(game, side, seed)

    def choose(self, view, actions):
        if len(actions) == 1:
            return actions[0]
        rng = self.rng
        cands = actions
        if len(cands) > self.max_actions:
            cands = [actions[i] for i in sorted(rng.sample(range(len(actions)), self.max_actions))]
        best, choice = -1.0, cands[0]
        for a in cands:
            total = 0.0
            for _ in range(self.playouts):
                total += self._playout(view, a)
            if total > best:
                best, choice = total, a
        return choice

    def _playout(self, view, action) -> float:
        game, rng = self.game, self.rng
        rnd = rng.random
        s = view.sample_state(rng)
        game.apply(s, action)
        playout(game, s, lambda _, acts: acts[int(rnd() * len(acts))], self.max_steps)
        out = game.outcome(s)
        if game.is_terminal(s):
            return 0.5 if out.winner is None else float(out.winner == self.side_id)
        scores = out.scores or {}
        mine = scores.get(self.side_id, 0)
        rival = max((v for k, v in scores.items() if k != self.side_id), default=0)
        lead = mine - rival
        return 0.5 + 0.25 * lead / (abs(lead) + 5)


#: the generic bots, for every game: name -> class with ``for_game(game, side, seed)``
#: (or a plain factory ``(game, side, seed) -> bot``)
BOTS = {"random": RandomBot, "rollout": RolloutBot}


def _offered(game) -> dict:
    """name -> class of every bot ``game`` can be played by (its own first)."""
    if game is None:
        return dict(BOTS)
    out = dict(game.module.bots)
    for name, cls in BOTS.items():
        out.setdefault(name, cls)
    return out


def bot_names(game=None) -> list:
    """The bot names ``game`` offers (its own and the generic ones), sorted; with no game,
    the generic ones."""
    return sorted(_offered(game))


def _unknown(name: str, game) -> ValueError:
    which = f"game {game.name or game.__module__}" if game is not None else "any game"
    return ValueError(f"unknown bot {name!r} for {which}; choose from {', '.join(bot_names(game))}")


def make_bot(name: str, game, side: int, seed: int):
    """A fresh bot ``name`` for ``side`` of ``game``, with its own generator seeded by ``seed``:
    from ``game.module.bots`` first, then the generic :data:`BOTS` (ValueError naming the bots this
    game offers for any other name)."""
    cls = _offered(game).get(name)
    if cls is None:
        raise _unknown(name, game)
    return getattr(cls, "for_game", cls)(game, side, seed)


def make_players(names, game, gseed: int) -> list:
    """One fresh bot per side of ``game`` from ``names`` (side order), each seeded by
    :func:`~genkit.engine.bots.bot_seed` from the game seed ``gseed``: the same bots
    ``genkit play --seed`` and ``genkit sim`` play with."""
    return [make_bot(name, game, side, bot_seed(gseed, side)) for side, name in enumerate(names)]


def default_bot(game) -> str:
    """The bot a game is simulated with when none is named: its own first, else ``random``."""
    own = list(game.module.bots)
    return own[0] if own else "random"


def parse_bots(text, sides: int | None, game=None) -> tuple:
    """One bot name per side from "rollout,random", ("rollout", "random") or "random" (one
    name plays every side). ``sides``: the content's number of sides (None: not known yet,
    only the form is checked; with a built ``game``, its sides); ``game``: a game, or its
    ``Game`` class, whose bots the names are checked against (None: not known yet, the names
    are checked once the content is loaded). ValueError says what is wrong."""
    parts = [p.strip() for p in text.split(",") if p.strip()] if isinstance(text, str) else list(text)
    if sides is None and game is not None:
        sides = len(game.side_ids)
    if len(parts) == 1 and sides is not None:
        parts = parts * sides
    if not parts or (sides is not None and len(parts) != sides):
        raise ValueError(f"give one bot, or one per side ({sides if sides is not None else 'in content order'}), "
                         f"e.g. random,random; got {text!r}")
    if game is not None:
        offered = _offered(game)
        for p in parts:
            if p not in offered:
                raise _unknown(p, game)
    return tuple(parts)
