"""Win rates per role: a game whose sides take roles that change from game to game (the nation a
side drew, whether it acted first: ``game.roles(state)``, read by the observer at the end of each
game into ``record["roles"]``, side id -> {kind: role id}) gets each role's games, wins and win
rate with its 95% Wilson interval. Counts keyed "kind:role", so they merge exactly in any order.
A game whose sides take no roles records none, and the table is empty."""
from __future__ import annotations

from .stats import wilson


class Roles:
    """``games`` and ``wins`` per "kind:role" over the completed games; ``draws`` likewise."""

    def __init__(self):
        self.games: dict = {}
        self.wins: dict = {}
        self.draws: dict = {}

    def add(self, rec: dict) -> None:
        roles = rec.get("roles")
        if not roles or not rec["completed"]:
            return
        w = rec["winner"]
        for side, kinds in roles.items():
            for kind, role in kinds.items():
                key = f"{kind}:{role}"
                self.games[key] = self.games.get(key, 0) + 1
                if w == side:
                    self.wins[key] = self.wins.get(key, 0) + 1
                elif w is None:
                    self.draws[key] = self.draws.get(key, 0) + 1

    def merge(self, other: "Roles") -> "Roles":
        for mine, theirs in ((self.games, other.games), (self.wins, other.wins), (self.draws, other.draws)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v
        return self

    def table(self, words: dict, names: dict) -> dict:
        """kind -> {word, roles: role id -> {name, games, wins, draws, p, ci95}}, kinds in the
        game's order (``words``: kind -> its word), roles in the order of ``names`` then any other."""
        out = {}
        for kind, word in words.items():
            known = list((names.get(kind) or {}))
            seen = [k.split(":", 1)[1] for k in self.games if k.split(":", 1)[0] == kind]
            order = [r for r in known if r in seen] + sorted(r for r in seen if r not in known)
            rows = {}
            for role in order:
                key = f"{kind}:{role}"
                n, k = self.games[key], self.wins.get(key, 0)
                lo, hi = wilson(k, n)
                rows[role] = {"name": (names.get(kind) or {}).get(role, role), "games": n, "wins": k,
                              "draws": self.draws.get(key, 0), "p": k / n, "ci95": [lo, hi]}
            if rows:
                out[kind] = {"word": word, "roles": rows}
        return out
