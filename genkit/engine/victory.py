"""Victory as data: ``game.victory``, the conditions in the order they are checked.

Any rules module asks :class:`Victory` at the two moments a game can be won:

* when a unit enters a hex (:meth:`GameRules._entered`, reading :attr:`Victory.enemy_places`):
  ``enter_enemy_place`` wins at once for the unit's side when the hex is a ``map.places`` entry
  owned by another side;
* :meth:`Victory.turn_end` at the end of every game turn: ``no_units`` (a side with no unit
  on the map loses; none left: a draw; with more than two sides the game ends when at most
  one side has units left), ``hold`` (the one side whose units occupy every listed
  hex, with no other side's unit in any, wins; with ``side``, only that side; ``at: game_end``
  only after the last turn), ``points`` (a side whose victory points reach its ``at_least``
  wins, one number for all or one per side; the most points if several do, a draw if they
  tie), ``turn_limit`` (after the last turn: its ``winner``, a draw, or ``most_points``);
* :meth:`Victory.at_once`, which a rules module calls whenever points may have been scored or
  a unit moved: the ``points`` and ``hold`` conditions checked ``at: at_once``.

The first condition met ends the game; its kind is the outcome's ``reason``. A condition
left out of the list never ends a game.
"""
from __future__ import annotations

DRAW = -1


class Victory:
    """The victory conditions of one game (built once by :class:`GameRules`)."""

    def __init__(self, game):
        self.game = game
        content = game.content
        grid = game.board.grid
        self.conditions = list(content.game.victory)
        self.kinds = [c.kind for c in self.conditions]
        sides = game.side_ids
        owned = [(grid.index_of(p.hex), sides.index(p.side)) for p in content.map.places
                 if getattr(p, "side", None)]
        #: per side: the hexes whose entry wins at once (places owned by another side)
        self.enemy_places = [frozenset(h for h, s in owned if s != side) if "enter_enemy_place" in self.kinds
                             else frozenset() for side in range(len(sides))]
        self.nsides = len(sides)
        self.turns, self.side_pieces = game.turns, game.side_pieces
        #: (index, kind, condition) of the conditions checked at the end of a game turn, in order
        self.at_turn_end = [(i, c.kind, c) for i, c in enumerate(self.conditions) if c.kind != "enter_enemy_place"]
        #: the conditions checked at once, in order
        self.checked_at_once = [(i, c.kind, c) for i, c in enumerate(self.conditions)
                                if c.kind in ("points", "hold") and c.at == "at_once"]
        self.points_at_once = [c for _, k, c in self.checked_at_once if k == "points"]
        self.hold_hexes = {i: [grid.index_of(h) for h in c.hexes]
                           for i, c in enumerate(self.conditions) if c.kind == "hold"}
        #: per hold condition: the side index that wins by holding it, or None (any side)
        self.hold_side = {i: sides.index(c.side) if c.side else None
                          for i, c in enumerate(self.conditions) if c.kind == "hold"}
        #: per points condition: the threshold of each side (None: it never wins on points)
        self.thresholds = {i: [c.threshold(sid) for sid in sides]
                           for i, c in enumerate(self.conditions) if c.kind == "points"}

    def turn_end(self, state) -> tuple | None:
        """(winner side index or DRAW, reason) if a condition ends the game at the end of this
        game turn, else None. (Called every game turn of every simulated game: plain loops over
        the end-of-turn conditions only.)"""
        last = state.turn >= self.turns
        for i, kind, c in self.at_turn_end:
            if kind == "no_units":             # the sides with a unit on the map, counted inline
                loc, alive, survivor = state.loc, 0, DRAW
                for side, pieces in enumerate(self.side_pieces):
                    for p in pieces:
                        if loc[p] >= 0:
                            alive += 1
                            survivor = side
                            break
                if alive < self.nsides and alive <= 1:
                    return survivor, kind
            elif kind == "turn_limit":
                if last:
                    return self._limit_winner(state, c.winner), kind
            elif kind == "hold" and (last or c.at != "game_end"):
                holder = self._holder(state, i)
                if holder is not None:
                    return holder, kind
            elif kind == "points" and (last or c.at != "game_end"):
                winner = self._points_winner(state, i)
                if winner is not None:
                    return winner, kind
        return None

    def at_once(self, state) -> tuple | None:
        """(winner side index or DRAW, kind) when a ``points`` or ``hold`` condition checked
        ``at: at_once`` is met now, else None: a rules module calls this whenever points are
        scored or lost (a unit eliminated, a hex that scores taken) or a unit moves."""
        for i, kind, _ in self.checked_at_once:
            winner = self._holder(state, i) if kind == "hold" else self._points_winner(state, i)
            if winner is not None:
                return winner, kind
        return None

    def _points_winner(self, state, i: int) -> int | None:
        """Points condition ``i``: None while no side has reached its threshold; else the side
        with the most points of those that have (DRAW when they tie)."""
        scores = list(self.game.scores(state).values())
        reached = [s if t is not None and s >= t else -1 for s, t in zip(scores, self.thresholds[i])]
        if max(reached) < 0:
            return None
        return _most(reached)

    def _holder(self, state, i: int) -> int | None:
        """The side that wins hold condition ``i`` now: the one side whose units stand on every
        one of its hexes (and is the condition's side, when it names one), else None."""
        sides = {self.game.p_side[state.occ[h]] if state.occ[h] >= 0 else None for h in self.hold_hexes[i]}
        if len(sides) == 1 and None not in sides:
            side = sides.pop()
            want = self.hold_side[i]
            return side if want is None or want == side else None
        return None

    def _limit_winner(self, state, winner: str) -> int:
        if winner == "draw":
            return DRAW
        if winner == "most_points":
            return _most(list(self.game.scores(state).values()))
        return self.game.side_ids.index(winner)


def _most(scores: list) -> int:
    """The index of the highest score, DRAW when the highest is shared."""
    best = max(scores)
    return scores.index(best) if scores.count(best) == 1 else DRAW
