"""Card use: how often each card of each deck is played, per game, with 95% intervals.

Any game with decks gets it: a card counts as played by the game's CardPlayed events (the
observer's ``record["cards"]``, "side:card id" -> counts), and each deck of the content lists
its cards (:func:`deck_meta`), so a card no game played shows as 0 with the bound on how often
it could be played unseen. Per card and game the plays are folded into a histogram (plays ->
games with that many), so the figures merge exactly and in any order, whatever the workers:

* ``plays_per_game``: mean plays per game with a 95% Student t interval;
* ``played_in``: the share of games in which it was played at least once (Wilson interval);
* ``by_side``: mean plays per game by each side.

A deck none of whose cards was ever played in any game (cards that are never played, like a
deck of units laid on the table) is left out of the table.
"""
from __future__ import annotations

from .stats import mean_interval, wilson


def deck_meta(content) -> list:
    """Every deck of the content: id, name, its cards' ids in deck order and their names."""
    return [{"id": d.id, "name": d.name, "cards": [c.id for c in d.cards],
             "card_names": {c.id: c.name for c in d.cards}} for d in content.decks]


class Uses:
    """Per card id: a histogram of plays in a game (``hist``, zeros left out: they are the games
    not counted), plays per side (``by_side``, "side:card" -> plays) and the games seen."""

    def __init__(self):
        self.games = 0
        self.hist: dict = {}
        self.by_side: dict = {}

    def add(self, rec: dict) -> None:
        """One game's record (its ``cards``: "side:card id" -> {played, ...})."""
        self.games += 1
        per: dict = {}
        for key, c in rec["cards"].items():
            n = c.get("played", 0)
            if n:
                card = key.split(":", 1)[1]
                per[card] = per.get(card, 0) + n
                self.by_side[key] = self.by_side.get(key, 0) + n
        for card, n in per.items():
            h = self.hist.setdefault(card, {})
            h[n] = h.get(n, 0) + 1

    def merge(self, other: "Uses") -> "Uses":
        self.games += other.games
        for card, h in other.hist.items():
            mine = self.hist.setdefault(card, {})
            for n, c in h.items():
                mine[n] = mine.get(n, 0) + c
        for key, n in other.by_side.items():
            self.by_side[key] = self.by_side.get(key, 0) + n
        return self

    def card(self, card: str, sides: list) -> dict:
        """The figures of one card (module docstring)."""
        h = dict(self.hist.get(card, {}))
        played = sum(h.values())
        if self.games > played:
            h[0] = self.games - played
        lo, hi = wilson(played, self.games)
        n = self.games or 1
        return {"plays": sum(k * c for k, c in h.items()),
                "plays_per_game": mean_interval(h, 0.0),
                "played_in": {"p": played / n if self.games else 0.0, "ci95": [lo, hi], "games": played},
                "by_side": {s: self.by_side.get(f"{s}:{card}", 0) / n for s in sides}}

    def table(self, decks: list, sides: list) -> dict:
        """deck id -> {name, cards: card id -> figures} for every deck with a card played, in the
        content's order; cards played that no deck lists go under "other"."""
        out = {}
        listed = set()
        for d in decks:
            listed.update(d["cards"])
            if any(c in self.hist for c in d["cards"]):
                out[d["id"]] = {"name": d["name"], "cards": {c: self.card(c, sides) for c in d["cards"]}}
        rest = sorted(c for c in self.hist if c not in listed)
        if rest:
            out["other"] = {"name": "Other cards", "cards": {c: self.card(c, sides) for c in rest}}
        return out
