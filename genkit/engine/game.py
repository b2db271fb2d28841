"""The game interface: the one door through which everything generic reaches a game.

A rules module (registered in :data:`genkit.engine.rules.RULES_MODULES`) defines ``Game``, a
subclass of :class:`GameRules` built once per content model. The play loop
(:class:`genkit.engine.Match`), the invariants, logs and replay, the simulator's metrics, the
HTML report and every bot use only what is listed here (the idea of OpenSpiel's Game/State
split: the definition of a game apart from the engine that runs it and the bots that play it):

==========================================  ============================================
``initial_state(seed, trace, events)``      a new position from a seed (set-up done)
``action_text(state, action)``              the action in the game's words, hexes by their
                                            printed ids ("US Heavy Infantry 0406 to 0508"):
                                            what logs and transcripts write beside it
``current_side(state)``                     the side index to decide, -1 when over; chance
                                            is rolled inside ``apply`` with the state's
                                            seeded generator, so it never waits (the
                                            generic fields ``state.actor`` and
                                            ``state.ended`` hold the same: the play loop
                                            reads them directly, it is the hot path)
``legal_actions(state)``                    hashable tuples, in a deterministic order
``apply(state, action)``                    mutates the state and returns it
``is_terminal(state)``, ``outcome(state)``  the end: :class:`Outcome` (winner or draw,
                                            reason, turn, each side's points)
``observe(state, side)``                    what that side may see: the bots' only input
                                            (a :class:`~genkit.engine.view.View`, whose
                                            ``sample_state(rng)`` re-draws hidden things)
``pieces(state)``, ``render_text(state)``,  the position as :class:`Piece` records, as text,
``render_svg(state)``                       as an SVG of the kit's own map and counters
``state_problems(state)``                   the game's own invariants as sentences
``nation_figures(state)``                   on sides made of nations: figures per nation
``roles(state)``, ``role_names()``,         the roles each side took in this game (side id
``role_word``                               -> {kind: role id}: the nation it drew, whether
                                            it acted first ...), their names, and each
                                            kind's word: the simulator's figures per role
                                            (a kind ``order``: the player order is drawn,
                                            so no first-player edge of game.first_side)
``card_chance(state, actions)``             a decision where cards could be played, or None
``state.digest()``, ``state.events``        digest; event records (:mod:`.events`)
==========================================  ============================================

A ``Game`` names its state class (``state_class``) and writes four methods: ``_setup(state)``
(its own fields and the set-up, on a state whose generic fields are set), ``_compute(state)``
(the legal actions of the pending decision, uncached), ``_do(state, action)`` (what one
decision does) and ``action_text``. It inherits ``initial_state``, the cached
``legal_actions`` and ``apply``, which take every forced decision (a single legal action) at
once, so bots and logs see only real choices.

What a game can run, its own bots, its section of the model, its checks and charts are not
here: its rules module declares them once (:class:`genkit.engine.rules.RulesModule`), and the
record is the class's ``module``. Everything generic that every hex-and-counter game has
(board, sides, phases, unit types, pieces and their set-up, victory points) is built here once.
"""
from __future__ import annotations

from typing import NamedTuple

from . import events as ev
from .board import Board
from .chance import seed_rng
from .state import ELIMINATED, REMOVED, RESERVE, State
from .victory import Victory
from .view import View, render_text


class RulesError(ValueError):
    """An action that is not legal in the state it was applied to, or a game that cannot go on."""


class Outcome(NamedTuple):
    """How a game ended (or stands): ``winner`` side id or None (draw / not over), ``reason``
    (the victory condition's kind, "" while playing), ``turn``, ``scores`` (side id ->
    victory points: the points of the other sides' units eliminated)."""
    winner: str | None
    reason: str
    turn: int
    scores: dict


class Piece(NamedTuple):
    """A piece on the map: ``piece`` id, ``hex`` id, ``side`` and ``type`` ids, ``reduced``,
    ``facing`` (0..5, None for unit types without one), ``nation`` (its nation's id on a side
    made of nations, else None)."""
    piece: int
    hex: str
    side: str
    type: str
    reduced: bool
    facing: int | None
    nation: str | None = None


class CardChance(NamedTuple):
    """A decision at which ``side`` could play cards: ``held`` the (copy, card id) pairs in its
    hand, ``playable`` the card ids that the legal actions play."""
    side: str
    held: tuple
    playable: frozenset


class GameRules:
    """What every game has, built once per content, and the interface (module docstring); a
    rules module's ``Game`` completes it with ``_setup``, ``_compute``, ``_do`` and ``action_text``."""

    name = ""
    #: the record of the rules module that declares this game (bound by the record itself)
    module = None
    #: the game's position class: :class:`State` or a subclass declaring the game's own fields
    state_class = State
    #: the kinds of role a side may take in one game, each with its word as a heading ("nation":
    #: "Nation", "order": "Player order"); empty: a side is always the same (see :meth:`roles`)
    role_word: dict = {}

    def __init__(self, content):
        self.content = content
        self.board = board = Board(content)
        g = content.game
        self.side_ids = [s.id for s in g.sides]
        self.phase_ids = [p.id for p in g.sequence_of_play]
        self.turns = content.turn_track.turns
        self.types = list(content.unit_types)
        self.type_ids = [t.id for t in self.types]
        self.type_index = {t: i for i, t in enumerate(self.type_ids)}
        self.ntypes = len(self.types)
        self.t_points = [t.point_value() for t in self.types]
        # sides made of nations: every nation of every side, in the order written
        self.nation_ids = [n.id for _, n in content.nations()]
        self.nation_side = [self.side_ids.index(s.id) for s, _ in content.nations()]
        # pieces, in the order of the counter mix: set-up hex index or RESERVE; nation index or -1
        self.p_side, self.p_type, self.p_setup, self.p_nation = [], [], [], []
        for grp in content.counters.units:
            si, ti = self.side_ids.index(grp.side), self.type_index[grp.type]
            ni = self.nation_ids.index(grp.nation) if grp.nation else -1
            for where in [board.grid.index_of(h) for h in grp.setup] + [RESERVE] * grp.reserve:
                self.p_side.append(si)
                self.p_type.append(ti)
                self.p_setup.append(where)
                self.p_nation.append(ni)
        self.npieces = len(self.p_side)
        self.side_pieces = [tuple(p for p in range(self.npieces) if self.p_side[p] == s)
                            for s in range(len(self.side_ids))]
        self.victory = Victory(self)

    # ---------------------------------------------------------------- to be defined by a game

    def _setup(self, state: State) -> None:
        """Set the game's own fields of a new position and place its pieces (the generic
        fields are set: no piece on the map, turn 1, phase 0, nobody to act, the generator
        seeded, the game not over)."""
        raise NotImplementedError

    def action_text(self, state: State, action) -> str:
        """``action``, legal in ``state``, in the game's own words, hexes by their printed ids."""
        raise NotImplementedError

    def _compute(self, state: State) -> list:
        """The legal actions of the pending decision (uncached; the game is not over)."""
        raise NotImplementedError

    def _do(self, state: State, action) -> None:
        """What one decision does to ``state``."""
        raise NotImplementedError

    # ---------------------------------------------------------------- a new game

    def initial_state(self, seed: int, trace: list | None = None, events: list | None = None) -> State:
        """A new position from ``seed``: the generic fields, then the game's ``_setup``, then the
        opening's forced decisions taken. ``trace`` collects (face, purpose) of every die rolled,
        ``events`` the event records (:mod:`.events`). A field of ``state_class`` that
        ``_setup`` leaves unset is a RulesError naming it."""
        cls = self.state_class
        s = cls.__new__(cls)
        n = self.npieces
        s.game, s.trace, s.events, s.legal = self, trace, events, None
        s.loc, s.reduced, s.facing, s.occ = [RESERVE] * n, [0] * n, [0] * n, [-1] * self.board.n
        s.turn, s.phase, s.actor, s.rng, s.nrolls = 1, 0, -1, seed_rng(seed), 0
        s.ended, s.winner, s.reason = 0, -1, ""
        self._setup(s)
        unset = [f for f in cls.LISTS + cls.NESTED + cls.VALUES if not hasattr(s, f)]
        if unset:
            raise RulesError(f"{type(self).__name__}._setup leaves {', '.join(unset)} of {cls.__name__} unset")
        self._settle(s)
        return s

    def piece_text(self, state: State, piece: int) -> str:
        """A piece in words: side (its nation, on a side of nations), unit type and where it
        stands ("us Heavy Infantry 0406")."""
        where = state.loc[piece]
        at = self.board.grid.id_of(where) if where >= 0 else {RESERVE: "in reserve",
                                                              ELIMINATED: "eliminated"}.get(where, "removed")
        n = self.p_nation[piece]
        owner = self.nation_ids[n] if n >= 0 else self.side_ids[self.p_side[piece]]
        return f"{owner} {self.types[self.p_type[piece]].name} {at}"

    def hex_text(self, hex_index: int) -> str:
        """A hex by its printed id."""
        return self.board.grid.id_of(hex_index)

    # ---------------------------------------------------------------- decisions

    def legal_actions(self, state: State) -> list:
        """Every legal choice of the pending decision, in a deterministic order ([] when over)."""
        if state.legal is None:
            state.legal = [] if state.ended else self._compute(state)
        return state.legal

    def apply(self, state: State, action, check: bool = False) -> State:
        """Apply ``action`` (mutating ``state``), then take the forced decisions; returns
        ``state``. ``check``: refuse an action that is not legal (RulesError)."""
        if state.ended:
            raise RulesError("the game is over")
        if check and action not in self.legal_actions(state):
            raise RulesError(f"illegal action {action!r} in {state!r}")
        state.legal = None
        self._do(state, action)
        self._settle(state)
        return state

    def _settle(self, state: State) -> None:
        """Take every decision that has a single legal action; cache the next real choice."""
        while not state.ended:          # (self._compute, not a local: no bound method made)
            acts = self._compute(state)
            if len(acts) != 1:
                if not acts:
                    raise RulesError(f"no legal action in {state!r}")
                state.legal = acts
                return
            self._do(state, acts[0])
        state.legal = []

    # ---------------------------------------------------------------- the end

    def _entered(self, state: State, piece: int, hex_index: int) -> bool:
        """``piece`` has just entered ``hex_index``: when that wins at once (``enter_enemy_place``),
        record it and end the game. True when the game ended."""
        side = self.p_side[piece]
        if hex_index not in self.victory.enemy_places[side]:
            return False
        if state.events is not None:
            state.events.append(ev.PlaceEntered(side=self.side_ids[side], type=self.type_ids[self.p_type[piece]],
                                                piece=piece, hex=self.board.grid.id_of(hex_index)))
        self._end(state, side, "enter_enemy_place")
        return True

    def _end(self, state: State, winner: int, reason: str) -> None:
        """The game is over: ``winner`` side index (-1 a draw), ``reason`` the victory condition."""
        state.ended, state.winner, state.reason = 1, winner, reason
        if state.events is not None:
            state.events.append(ev.GameEnd(winner=self.side_id(winner) or None, reason=reason, turn=state.turn))

    # ---------------------------------------------------------------- shared answers

    def side_id(self, side: int) -> str:
        return self.side_ids[side] if side >= 0 else ""

    def current_side(self, state: State) -> int:
        return -1 if state.ended else state.actor

    def is_terminal(self, state: State) -> bool:
        return bool(state.ended)

    def outcome(self, state: State) -> Outcome:
        winner = self.side_ids[state.winner] if state.ended and state.winner >= 0 else None
        return Outcome(winner, state.reason, state.turn, self.scores(state))

    def scores(self, state: State) -> dict:
        """Victory points per side: the ``points`` of every other side's unit eliminated (with two
        sides, exactly the enemy units it eliminated)."""
        out = dict.fromkeys(self.side_ids, 0)
        loc, p_side, p_type, pts = state.loc, self.p_side, self.p_type, self.t_points
        p = -1
        for _ in range(loc.count(ELIMINATED)):     # the eliminated pieces, found by C scans
            p = loc.index(ELIMINATED, p + 1)
            for s, sid in enumerate(self.side_ids):
                if s != p_side[p]:
                    out[sid] += pts[p_type[p]]
        return out

    def nation_figures(self, state: State) -> dict:
        """On sides made of nations: nation id -> figures at this point of the game (the
        simulator averages them per nation): its units on the map and its units lost. A game
        adds its own (production, areas ...)."""
        out = {k: {"units_on_map": 0, "units_lost": 0} for k in self.nation_ids}
        for p, h in enumerate(state.loc):
            k = self.p_nation[p]
            if k >= 0:
                if h >= 0:
                    out[self.nation_ids[k]]["units_on_map"] += 1
                elif h in (ELIMINATED, REMOVED):
                    out[self.nation_ids[k]]["units_lost"] += 1
        return out

    def roles(self, state: State) -> dict:
        """The roles each side took in the game of ``state``, by the kinds of :attr:`role_word`:
        side id -> {kind: role id} ({} for a game whose sides take none). Read at the end of a
        game, so a role drawn or settled during play counts."""
        return {}

    def role_names(self) -> dict:
        """Each kind of :attr:`role_word` -> {role id: its name in the game's words}."""
        return {}

    def observe(self, state: State, side: int) -> View:
        return View(state, side)

    def determinise(self, state: State, side: int, rng) -> State:
        """A copy of ``state`` with everything ``side`` cannot see re-drawn (here: only the dice
        generator, re-seeded from ``rng``; games with hidden cards re-deal them too)."""
        c = state.copy()
        c.rng = rng.getrandbits(64) | 1
        return c

    def pieces(self, state: State) -> list:
        """A :class:`Piece` for every piece on the map, by piece id."""
        grid = self.board.grid
        out = []
        for p, h in enumerate(state.loc):
            if h >= 0:
                t = self.types[self.p_type[p]]
                n = self.p_nation[p]
                out.append(Piece(p, grid.id_of(h), self.side_ids[self.p_side[p]], t.id,
                                 bool(state.reduced[p]), state.facing[p] if t.facing else None,
                                 self.nation_ids[n] if n >= 0 else None))
        return out

    def render_text(self, state: State) -> str:
        return render_text(self, state)

    def render_svg(self, state: State) -> str:
        """The position drawn with the kit's own map and counters, as an SVG document."""
        from ..render.map import draw_board  # the kit is needed only to draw
        from ..render.svg import svg_string
        return svg_string(draw_board(self.content, self.pieces(state)))

    def status_lines(self, state: State) -> list:
        """Lines under the text drawing of a position (a game adds its own)."""
        return []

    def state_problems(self, state: State) -> list:
        """The game's own invariants, as sentences (the generic ones: :mod:`.invariants`)."""
        return []

    def card_chance(self, state: State, actions: list) -> CardChance | None:
        return None
