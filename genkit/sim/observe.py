"""Everything the simulator learns from the rules engine, in one place.

The engine records what happens as it happens in its opt-in event stream
(:mod:`genkit.engine.events`: ``game.initial_state(seed, events=[])``). The
:class:`Observer` turns those events into the per-game figures of
:mod:`genkit.sim.metrics`, exactly:

* BATTLE: the CRT cell (differential, attack type, die face) and result, a
  battle led by the lead's type; REDUCED / ELIMINATED: steps lost and units
  eliminated, kills credited to the type of the unit that led the battle, or to
  the card (``side:card:<ability>``) that made them; killstreak completions
  (a marker reaching the end of its track: the KILLSTREAK event of a kill made
  while the marker was below the end; the markers are followed from the BATTLE
  events by 11.0 -- kill +1, a result with no effect back to 0, a flip unchanged);
* CARD_DRAWN / CARD_PLAYED (``worked``) / CARD_HELD: cards drawn, played,
  worked and held;
* REPL_RECEIVED / REPL_USED: replacement steps available and used (place,
  flip, combine);
* GAME_END, with the final state: winner, reason, turn.

The one figure the events cannot give is "held but never playable": a card
counts as *held* when it was in its owner's hand at one of the owner's combat
decisions, and as *never playable* when no such decision listed a play of its
ability. So the driver calls :meth:`Observer.combat` with the legal actions
before each combat decision (:func:`genkit.sim.play.record_game` has the engine's
:class:`~genkit.engine.Match` do it).
"""
from __future__ import annotations

from ..engine import events as ev
from ..engine.rules.bering_land import events as bev
from .metrics import cell_key

_BATTLE, _REDUCED, _ELIMINATED, _KILLSTREAK = ev.BATTLE, ev.REDUCED, ev.ELIMINATED, bev.KILLSTREAK
_DRAWN, _PLAYED, _HELD = ev.CARD_DRAWN, ev.CARD_PLAYED, ev.CARD_HELD
_RECEIVED, _USED = bev.REPL_RECEIVED, bev.REPL_USED


class Observer:
    """Fills one game's record from the engine's event stream.

    Use: ``s = game.initial_state(seed, events=[])`` (or let :meth:`start` switch the
    events on), ``obs.start(s)``; before each decision in the combat stage
    ``obs.combat(s, actions)``; at the end ``obs.finish(s)``. Events are consumed
    lazily (at combat decisions and at the end), so a step costs nothing here.
    """

    def __init__(self, game, record: dict, content):
        self.g = game
        self.rec = record
        self.sides = list(game.side_ids)
        self.card_ab = list(game.c_ab)
        self.ab_ids = [a.id for a in game.abilities]
        self.content = content
        self.events: list = []
        self.seen = 0                 # events consumed so far
        self.held: dict = {}          # card -> [side id, had_a_chance, was_playable]
        self.lead_key = None          # "side:type" of the lead of the last battle
        # killstreak markers, followed from the battles: "side:type" -> position
        self.marker: dict = {}
        self.track = {t.id: game.t_ks[i] for i, t in enumerate(game.types)}
        self.no_effect = {r.code for r in content.crt.results if r.effect == "none"}
        self.completes = False        # the last battle's kill completed its lead's track

    # -- record slots
    def _unit(self, key):
        u = self.rec["units"].get(key)
        if u is None:
            u = self.rec["units"][key] = {"battles_led": 0, "kills": 0, "steps_lost": 0, "eliminated": 0}
        return u

    def _card(self, side_id, ability):
        key = f"{side_id}:{ability}"
        d = self.rec["cards"].get(key)
        if d is None:
            d = self.rec["cards"][key] = {"drawn": 0, "played": 0, "worked": 0, "held": 0,
                                          "held_never_playable": 0}
        return d

    def _repl(self, side_id):
        r = self.rec["replacements"].get(side_id)
        if r is None:
            r = self.rec["replacements"][side_id] = {"available": 0, "used": 0, "place": 0,
                                                     "combine": 0, "flip": 0}
        return r

    # -- driver API
    def start(self, s) -> None:
        """Begin watching ``s`` (switches its event stream on if it is off)."""
        if s.events is None:
            s.events = []
        self.events = s.events
        self.seen = 0
        for side, hand in enumerate(s.hands):        # cards dealt before play (none in Bering Land)
            for c in hand:
                self.held[c] = [self.sides[side], False, False]

    def watch(self, s, actions) -> None:
        """A decision with these legal ``actions`` is pending in ``s``."""
        chance = self.g.card_chance(s, actions)
        if chance is None:
            return
        if self.seen < len(self.events):
            self._consume()
        playable = chance.playable
        held = self.held
        for c, card in chance.held:
            h = held.get(c)
            if h is not None:
                h[1] = True
                if card in playable:
                    h[2] = True

    def _release(self, c) -> None:
        h = self.held.pop(c, None)
        if h is None:
            return
        side_id, chance, playable = h
        if chance:
            d = self._card(side_id, self.ab_ids[self.card_ab[c]])
            d["held"] += 1
            if not playable:
                d["held_never_playable"] += 1

    def _consume(self) -> None:
        rec = self.rec
        crt, crt_results = rec["crt"], rec["crt_results"]
        events = self.events
        n = len(events)
        for i in range(self.seen, n):
            e = events[i]
            kind = e.kind
            if kind == _BATTLE:
                lead_type, column, result = e.lead_type, e.column, e.result
                self.lead_key = key = f"{e.side}:{lead_type}"
                self._unit(key)["battles_led"] += 1
                m = self.marker.get(key, 0)
                self.completes = False
                if e.eliminated:
                    length = self.track[lead_type]
                    if m < length:
                        self.marker[key] = m + 1
                        self.completes = m + 1 >= length
                elif result is None or result in self.no_effect:
                    self.marker[key] = 0
                if column is not None:
                    attack_type = e.attack_type
                    ck = cell_key(column, attack_type, e.face)
                    crt[ck] = crt.get(ck, 0) + 1
                    rk = f"{column}|{attack_type}|{result}"
                    crt_results[rk] = crt_results.get(rk, 0) + 1
            elif kind == _ELIMINATED:
                ability = e.card
                self._unit(f"{e.side}:{e.type}")["eliminated"] += 1
                if ability is None:
                    if self.lead_key is not None:
                        self._unit(self.lead_key)["kills"] += 1
                else:
                    key = f"{e.by_side}:card:{ability}"
                    rec["card_kills"][key] = rec["card_kills"].get(key, 0) + 1
            elif kind == _REDUCED:
                self._unit(f"{e.side}:{e.type}")["steps_lost"] += 1
            elif kind == _KILLSTREAK:
                if self.completes:
                    key = f"{e.side}:{e.type}"
                    rec["killstreaks"][key] = rec["killstreaks"].get(key, 0) + 1
            elif kind == _DRAWN:
                self._card(e.side, e.card)["drawn"] += 1
                self.held[e.copy] = [e.side, False, False]
            elif kind == _PLAYED:
                d = self._card(e.side, e.card)
                d["played"] += 1
                if e.worked:
                    d["worked"] += 1
                self._release(e.copy)
            elif kind == _HELD:
                self._release(e.copy)
            elif kind == _RECEIVED:
                self._repl(e.side)["available"] += e.count
            elif kind == _USED:
                r = self._repl(e.side)
                r["used"] += 1
                r[e.how] += 1
        self.seen = n

    def finish(self, s) -> None:
        """Close the record: the remaining events, the end state, cards still held."""
        rec = self.rec
        self._consume()
        for c in list(self.held):
            self._release(c)
        rec["turn"] = s.turn
        if s.ended:
            rec["completed"] = True
            rec["winner"] = self.sides[s.winner] if s.winner is not None and s.winner >= 0 else None
            rec["reason"] = s.reason
        for sid in self.sides:
            self._repl(sid)
