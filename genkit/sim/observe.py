"""Everything the simulator learns from a game, in one place, through the game interface.

A game records what happens as it happens in its opt-in event stream
(:mod:`genkit.engine.events`: ``game.initial_state(seed, events=[])``). The
:class:`Observer` turns those events into the per-game figures of
:mod:`genkit.sim.metrics`, exactly. It knows the generic kinds only:

* BATTLE: the CRT cell (column, attack type, die face) and result; a battle is
  led by ``"side:lead type"``;
* REDUCED / ELIMINATED: steps lost and units eliminated per ``"side:type"``; a kill
  is credited to the type of the unit that led the last battle, or, when a card
  made it, to ``"side:card:<card id>"``;
* CARD_DRAWN / CARD_PLAYED (``worked``) / CARD_HELD: cards drawn, played, worked
  and held;
* GAME_END, and at the end ``game.outcome``: winner, reason, turn; and, for a game whose sides
  take roles (``game.role_word``), ``game.roles``: what each side was in this game.

Every other kind -- a game's own (:func:`genkit.engine.events.kind` in its
package), and the generic ones with no figure of their own -- is counted per kind
and side in ``record["events"][kind][side]``: the event's ``count`` field when it
has one, else 1 (``side`` "" for an event with no ``side`` field).

The one figure the events cannot give is "held but never playable": a card counts
as *held* when it was in its owner's hand at a decision where the game says cards
could be played (``game.card_chance(state, actions)``), and as *never playable*
when no such decision listed a play of it. So, in a game with cards, the play loop
calls :meth:`Observer.watch` before each decision (:func:`genkit.sim.play.record_game`
hands it to the engine's :class:`~genkit.engine.Match` as ``watch``).

At the start of each game turn the play loop calls :meth:`Observer.new_turn` (``on_turn``),
which appends the side ahead on victory points (``game.scores``, see
:func:`genkit.sim.metrics.leader`) to ``record["leads"]``; :meth:`Observer.finish` appends the
side ahead at the end. One ``scores`` per game turn, no call per decision.
"""
from __future__ import annotations

from ..engine import events as ev
from ..engine.game import GameRules
from .metrics import cell_key, leader

_BATTLE, _REDUCED, _ELIMINATED = ev.BATTLE, ev.REDUCED, ev.ELIMINATED
_DRAWN, _PLAYED, _HELD, _END = ev.CARD_DRAWN, ev.CARD_PLAYED, ev.CARD_HELD, ev.GAME_END


class Observer:
    """Fills one game's record from the game's event stream.

    Use: ``s = game.initial_state(seed, events=[])`` (or let :meth:`start` switch the
    events on), ``obs.start(s)``; before each decision ``obs.watch(s, actions)`` (a game
    with cards); at the start of each game turn ``obs.new_turn(s)``; at the end
    ``obs.finish(s)``. Events are consumed lazily (at decisions where cards could be
    played, and at the end), so a step costs nothing here.
    """

    def __init__(self, game, record: dict):
        self.g = game
        self.rec = record
        self.events: list = []
        self.seen = 0                 # events consumed so far
        self.held: dict = {}          # card copy -> [side id, card id, had_a_chance, was_playable]
        self.lead_key = None          # "side:type" of the lead of the last battle
        self.defender_type = None     # unit type of its defender
        #: the game may have decisions where cards could be played (it defines card_chance)
        self.cards = getattr(type(game), "card_chance", None) is not GameRules.card_chance

    # -- record slots
    def _unit(self, key):
        u = self.rec["units"].get(key)
        if u is None:
            u = self.rec["units"][key] = {"battles_led": 0, "kills": 0, "steps_lost": 0, "eliminated": 0}
        return u

    def _card(self, side_id, card):
        key = f"{side_id}:{card}"
        d = self.rec["cards"].get(key)
        if d is None:
            d = self.rec["cards"][key] = {"drawn": 0, "played": 0, "worked": 0, "held": 0,
                                          "held_never_playable": 0}
        return d

    # -- driver API
    def start(self, s) -> None:
        """Begin watching ``s`` (switches its event stream on if it is off)."""
        if s.events is None:
            s.events = []
        self.events = s.events
        self.seen = 0

    def new_turn(self, s) -> None:
        """A game turn ended, the game goes on in ``s``: who is ahead."""
        self.rec["leads"].append(leader(self.g.scores(s)))

    def watch(self, s, actions) -> None:
        """A decision with these legal ``actions`` is pending in ``s`` (a game with cards)."""
        if not self.cards:
            return
        chance = self.g.card_chance(s, actions)
        if chance is None:
            return
        if self.seen < len(self.events):
            self._consume()
        playable = chance.playable
        held = self.held
        for c, card in chance.held:
            h = held.get(c)
            if h is None:             # in the hand without a CardDrawn event: dealt before play
                h = held[c] = [chance.side, card, False, False]
            h[2] = True
            if card in playable:
                h[3] = True

    def _release(self, c) -> None:
        h = self.held.pop(c, None)
        if h is None:
            return
        side_id, card, chance, playable = h
        if chance:
            d = self._card(side_id, card)
            d["held"] += 1
            if not playable:
                d["held_never_playable"] += 1

    def _consume(self) -> None:
        rec = self.rec
        crt, crt_results, counts = rec["crt"], rec["crt_results"], rec["events"]
        events = self.events
        n = len(events)
        for i in range(self.seen, n):
            e = events[i]
            kind = e.kind
            if kind == _BATTLE:
                self.lead_key = key = f"{e.side}:{e.lead_type}"
                self.defender_type = e.defender_type
                self._unit(key)["battles_led"] += 1
                column = e.column
                if column is not None:
                    attack_type, result = e.attack_type, e.result
                    ck = cell_key(column, attack_type, e.face)
                    crt[ck] = crt.get(ck, 0) + 1
                    rk = f"{column}|{attack_type}|{result}"
                    crt_results[rk] = crt_results.get(rk, 0) + 1
            elif kind == _ELIMINATED:
                card = e.card
                self._unit(f"{e.side}:{e.type}")["eliminated"] += 1
                if card is None:
                    # a battle's kill: the lead's, or the defender's when the firer fell (return fire)
                    lead_side = self.lead_key.split(":", 1)[0] if self.lead_key else None
                    killer = self.lead_key if e.side != lead_side else f"{e.by_side}:{self.defender_type}"
                    if killer is not None:
                        self._unit(killer)["kills"] += 1
                else:
                    key = f"{e.by_side}:card:{card}"
                    rec["card_kills"][key] = rec["card_kills"].get(key, 0) + 1
            elif kind == _REDUCED:
                self._unit(f"{e.side}:{e.type}")["steps_lost"] += 1
            elif kind == _DRAWN:
                self._card(e.side, e.card)["drawn"] += 1
                self.held[e.copy] = [e.side, e.card, False, False]
            elif kind == _PLAYED:
                d = self._card(e.side, e.card)
                d["played"] += 1
                if e.worked:
                    d["worked"] += 1
                self._release(e.copy)
            elif kind == _HELD:
                self._release(e.copy)
            elif kind != _END:
                per = counts.get(kind)
                if per is None:
                    per = counts[kind] = {}
                fields = e._fields
                side = (e.side or "") if "side" in fields else ""
                per[side] = per.get(side, 0) + (e.count if "count" in fields else 1)
        self.seen = n

    def finish(self, s) -> None:
        """Close the record: the remaining events, cards still held, the outcome."""
        rec = self.rec
        self._consume()
        for c in list(self.held):
            self._release(c)
        g = self.g
        out = g.outcome(s)
        rec["leads"].append(leader(out.scores))
        rec["turn"] = out.turn
        if g.nation_ids:
            rec["nations"] = g.nation_figures(s)
        if g.role_word:
            rec["roles"] = g.roles(s)
        if g.is_terminal(s):
            rec["completed"] = True
            rec["winner"] = out.winner
            rec["reason"] = out.reason


def deck(content) -> list:
    """The cards of the game's deck (each with ``id`` and ``name``), [] for a game without
    cards: the one place the simulator reads them from the content model."""
    deck = content.play_deck()
    return list(deck.cards) if deck is not None else []


def event_title(kind: str) -> str:
    """A short description of an event kind: the first sentence of its record class's
    docstring, without markup ("" for a kind no module has made)."""
    cls = ev.RECORDS.get(kind)
    doc = " ".join((cls.__doc__ or "").split()) if cls is not None else ""
    doc = doc.replace("``", "")
    end = doc.find(". ")
    return doc[:end + 1] if end >= 0 else doc


def event_titles() -> dict:
    """kind -> :func:`event_title` for every kind made so far (the generic ones and those of
    the rules modules imported)."""
    return {k: event_title(k) for k in ev.RECORDS}
