"""Everything the simulator learns from the rules engine, in one place.

The engine (``genkit/engine``) exposes a step API: ``initial_state(seed)``,
``legal_actions(state)``, ``apply(state, action)``, ``is_terminal(state)``. It
has no event stream, so the simulator watches each step: it snapshots the few
public state fields it needs before ``apply``, compares them after, and reads
the die rolls the engine records in ``state.trace`` (a list of
``(face, purpose)`` the engine appends to when it is not None).

From that it derives, per game, the figures of :mod:`genkit.sim.metrics`:
battles with CRT column, attack type, die face and result; units lost (steps
and eliminations) and kills credited to the leading unit's type (or to the card
that made them); killstreak completions; cards drawn, played, worked, held
and held-but-never-playable; replacement steps available, used and lost.

Engine attributes relied on (public, no leading underscore): ``Game.p_side``,
``p_type``, ``types``, ``side_ids``, ``t_full``, ``t_red``, ``t_prim``, ``t_ks``,
``ntypes``, ``c_ab``, ``c_roll``, ``c_parity``, ``abilities``, ``crt`` (``column``,
``differentials``), ``board.distance``, ``hand_limit``, ``ncards``; state fields
``loc reduced streak hands deck discard playing stage actor phase turn attacked
defended lead trace ended winner reason``. An event hook in the engine (see
the report) would replace all of this.
"""
from __future__ import annotations

import importlib

from .metrics import cell_key

# Stage numbers and locations, with fallbacks so that this module imports even
# while the engine is being rewritten.
try:  # pragma: no cover - depends on the engine checkout
    from ..engine.state import (ELIMINATED, S_COMBAT, S_EXTRA, S_JOIN, S_RESPAWN)
except Exception:  # pragma: no cover
    ELIMINATED, S_RESPAWN, S_COMBAT, S_JOIN, S_EXTRA = -2, 1, 5, 6, 9

try:  # pragma: no cover
    from ..engine.core import AUTO_MISS, FORBIDDEN
except Exception:  # pragma: no cover
    FORBIDDEN, AUTO_MISS = -1, -2


# --------------------------------------------------------------------------- engine access

def rules_for(content):
    """The game definition for ``content``: ``genkit.engine.rules_for`` when the engine
    has it, else ``genkit.engine.rules.<game.rules_module>.Game(content)``."""
    try:
        eng = importlib.import_module("genkit.engine")
        fn = getattr(eng, "rules_for", None)
        if fn is not None:
            return fn(content)
    except ImportError:
        pass
    mod = importlib.import_module(f"genkit.engine.rules.{content.game.rules_module}")
    return mod.Game(content)


def invariant_checker(game):
    """A function state -> list of problems: the engine's ``check_invariants`` if it has
    one, else :func:`basic_invariants` (a subset, computed from public fields)."""
    try:
        eng = importlib.import_module("genkit.engine")
        fn = getattr(eng, "check_invariants", None)
        if fn is not None:
            return fn
    except ImportError:
        pass
    return lambda s: basic_invariants(game, s)


def basic_invariants(game, s) -> list:
    """Invariants checkable from outside the engine: one unit per hex and map/occupancy
    agreement, every piece exactly once somewhere, cards conserved, hand limit,
    killstreak markers within their tracks."""
    out = []
    loc, occ = s.loc, getattr(s, "occ", None)
    n_hex = len(occ) if occ is not None else None
    seen_hex = {}
    for p, h in enumerate(loc):
        if h >= 0:
            if n_hex is not None and h >= n_hex:
                out.append(f"piece {p} at hex index {h} outside the map")
                continue
            if h in seen_hex:
                out.append(f"pieces {seen_hex[h]} and {p} share hex {h} at the end of a step")
            seen_hex[h] = p
            if occ is not None and occ[h] != p:
                out.append(f"piece {p} at hex {h} but the hex records {occ[h]}")
        elif h not in (-1, -2, -3):
            out.append(f"piece {p} has unknown location {h}")
    if occ is not None:
        for h, p in enumerate(occ):
            if p >= 0 and (p >= len(loc) or loc[p] != h):
                out.append(f"hex {h} records piece {p} which is elsewhere")
    cards = list(s.deck) + list(s.discard) + [c for hand in s.hands for c in hand]
    if getattr(s, "playing", -1) >= 0:
        cards.append(s.playing)
    if sorted(cards) != list(range(game.ncards)):
        out.append(f"cards not conserved: deck {len(s.deck)}, discard {len(s.discard)}, "
                   f"hands {[len(h) for h in s.hands]}, total {len(cards)} of {game.ncards}")
    for side, hand in enumerate(s.hands):
        if len(hand) > game.hand_limit:
            out.append(f"side {game.side_ids[side]} holds {len(hand)} cards, limit {game.hand_limit}")
    nt = game.ntypes
    for i, v in enumerate(s.streak):
        if not 0 <= v <= game.t_ks[i % nt]:
            out.append(f"killstreak marker {game.side_ids[i // nt]}:{game.types[i % nt].id} at {v}")
    return out


# --------------------------------------------------------------------------- observer

def _bits(mask: int):
    p = 0
    while mask:
        if mask & 1:
            yield p
        mask >>= 1
        p += 1


class Observer:
    """Watches one game step by step and fills a game record."""

    def __init__(self, game, record: dict, content):
        self.g = game
        self.rec = record
        self.sides = list(game.side_ids)
        self.type_ids = [t.id for t in game.types]
        self.ab_ids = [a.id for a in game.abilities]
        self.card_ab = list(game.c_ab)
        self.crt_rows = {c.differential: c.rows for c in content.crt.columns}
        self.crt_types = list(content.crt.attack_types)
        self.content = content
        self.held: dict = {}          # card -> [side, had_a_chance, was_playable]
        self.judging = None           # (side, card) played whose first roll is still to come
        self.pre = None

    # -- helpers
    def _strength(self, p, reduced):
        t = self.g.p_type[p]
        return self.g.t_red[t] if reduced[p] else self.g.t_full[t]

    def _unit(self, key):
        u = self.rec["units"].get(key)
        if u is None:
            u = self.rec["units"][key] = {"battles_led": 0, "kills": 0, "steps_lost": 0, "eliminated": 0}
        return u

    def _card(self, side, c):
        key = f"{self.sides[side]}:{self.ab_ids[self.card_ab[c]]}"
        d = self.rec["cards"].get(key)
        if d is None:
            d = self.rec["cards"][key] = {"drawn": 0, "played": 0, "worked": 0, "held": 0,
                                          "held_never_playable": 0}
        return d

    def start(self, s) -> None:
        for side, hand in enumerate(s.hands):
            for c in hand:
                self.held[c] = [side, False, False]
        s.trace = []

    def before(self, s, action, actions) -> None:
        """Call with the state, the action about to be applied and the legal actions."""
        stage = s.stage
        if stage == S_COMBAT and self.held:
            playable = {self.card_ab[a[1]] for a in actions if a[0] == "card"}
            for c in s.hands[s.actor]:
                h = self.held.get(c)
                if h is not None:
                    h[1] = True
                    if self.card_ab[c] in playable:
                        h[2] = True
        self.pre = (stage, s.actor, s.phase, s.turn, s.attacked, s.defended, s.lead, s.pend,
                    s.loc[:], s.reduced[:], s.streak[:], action)
        s.trace.clear()

    def after(self, s) -> None:
        g = self.g
        rec = self.rec
        stage, actor, phase, turn, attacked, defended, lead0, pend, loc0, red0, streak0, a = self.pre
        verb = a[0] if isinstance(a, tuple) and a else a
        rolls = s.trace
        battle = None
        card_purpose = None
        card_face = None
        for face, purpose in rolls:
            if purpose == "battle":
                battle = face
            elif card_face is None and purpose.startswith("card:"):
                card_purpose, card_face = purpose, face
        # ---- battle
        tgt = lead = -1
        if battle is not None:
            attackers = ()
            if s.turn == turn and s.phase == phase:
                new_att = s.attacked & ~attacked
                new_def = s.defended & ~defended
                tl = list(_bits(new_def))
                tgt = tl[0] if tl else -1
                lead = s.lead
                attackers = tuple(_bits(new_att)) or (lead,)
            if tgt < 0 or lead < 0:   # the phase ended inside this step: infer from the action
                rec["approximate_events"] += 1
                if stage == S_COMBAT and verb == "battle":
                    lead, tgt, attackers = a[1], a[2], (a[1],)
                elif stage == S_JOIN:
                    lead, tgt = pend[0], pend[1]
                    attackers = tuple(pend[4]) + ((a[1],) if verb == "join" else ())
                elif stage == S_EXTRA:
                    lead, tgt, attackers = lead0, a[1], (lead0,)
                else:
                    lead = lead0
            if lead >= 0 and tgt >= 0:
                self._battle(lead, tgt, attackers, battle, loc0, red0)
        # ---- card played
        if stage == S_COMBAT and verb == "card":
            c = a[1]
            self._card(actor, c)["played"] += 1
            self._release(c)
            roll, par = g.c_roll[c], g.c_parity[c]
            if not roll and par < 0:
                self._card(actor, c)["worked"] += 1     # nothing to roll: it always works
            else:
                self.judging = (actor, c)
        if self.judging is not None and card_face is not None:
            side, c = self.judging
            self.judging = None
            roll = g.c_roll[c]
            ok = card_face in roll if roll else card_face % 2 == (1 if g.c_parity[c] == 1 else 0)
            if ok:
                self._card(side, c)["worked"] += 1
        # ---- losses and kills
        ploc = s.loc
        changed = ploc != loc0 or s.reduced != red0
        for p in (range(len(ploc)) if changed else ()):
            before, now = loc0[p], ploc[p]
            if before >= 0 and now == ELIMINATED:
                side = self.g.p_side[p]
                self._unit(f"{self.sides[side]}:{self.type_ids[g.p_type[p]]}")["eliminated"] += 1
                if p == tgt and lead >= 0:
                    ls = g.p_side[lead]
                    self._unit(f"{self.sides[ls]}:{self.type_ids[g.p_type[lead]]}")["kills"] += 1
                elif card_purpose is not None or verb in ("hex", "line", "area"):
                    ab = (card_purpose or "card:?").split(":")[1]
                    key = f"{self.sides[1 - side]}:card:{ab}"
                    rec["card_kills"][key] = rec["card_kills"].get(key, 0) + 1
            elif before >= 0 and now >= 0 and not red0[p] and s.reduced[p]:
                side = g.p_side[p]
                self._unit(f"{self.sides[side]}:{self.type_ids[g.p_type[p]]}")["steps_lost"] += 1
        # ---- killstreaks
        st = s.streak
        if st != streak0:
            nt = g.ntypes
            for i, v in enumerate(st):
                if v != streak0[i] and v >= g.t_ks[i % nt] > streak0[i]:
                    key = f"{self.sides[i // nt]}:{self.type_ids[i % nt]}"
                    rec["killstreaks"][key] = rec["killstreaks"].get(key, 0) + 1
        # ---- cards arriving in hands
        nheld = sum(len(h) for h in s.hands)
        if nheld == len(self.held) and not (stage == S_COMBAT or rolls):
            pass
        else:
            self._hands(s, nheld)
        # ---- replacements
        if stage == S_RESPAWN and verb in ("place", "combine", "flip"):
            r = self._repl(self.sides[actor])
            r["used"] += 1
            r[verb] += 1

    def _hands(self, s, nheld) -> None:
        for side, hand in enumerate(s.hands):
            for c in hand:
                if c not in self.held:
                    self.held[c] = [side, False, False]
                    self._card(side, c)["drawn"] += 1
        if len(self.held) > nheld:
            inhand = {c for h in s.hands for c in h}
            for c in [c for c in self.held if c not in inhand]:
                self._release(c)

    def _repl(self, side_id):
        r = self.rec["replacements"].get(side_id)
        if r is None:
            r = self.rec["replacements"][side_id] = {"available": 0, "used": 0, "place": 0,
                                                     "combine": 0, "flip": 0}
        return r

    def _release(self, c) -> None:
        h = self.held.pop(c, None)
        if h is None:
            return
        side, chance, playable = h
        if chance:
            d = self._card(side, c)
            d["held"] += 1
            if not playable:
                d["held_never_playable"] += 1

    def _battle(self, lead, tgt, attackers, face, loc0, red0) -> None:
        g = self.g
        total = sum(self._strength(p, red0) for p in attackers)
        diff = total - self._strength(tgt, red0)
        col = g.crt.column(diff)
        lt = g.p_type[lead]
        ti = 0 if g.board.distance(loc0[lead], loc0[tgt]) <= g.t_prim[lt] else 1
        type_id = self.crt_types[ti] if ti < len(self.crt_types) else str(ti)
        if col in (FORBIDDEN, AUTO_MISS) or col < 0:
            return
        d = g.crt.differentials[col]
        key = cell_key(d, type_id, face)
        rec = self.rec
        rec["crt"][key] = rec["crt"].get(key, 0) + 1
        code = self.crt_rows[d][type_id][face - 1]
        rkey = f"{d}|{type_id}|{code}"
        rec["crt_results"][rkey] = rec["crt_results"].get(rkey, 0) + 1
        self._unit(f"{self.sides[g.p_side[lead]]}:{self.type_ids[lt]}")["battles_led"] += 1

    def finish(self, s) -> None:
        """Close the record: end state, cards still held, replacement steps available."""
        rec = self.rec
        for c in list(self.held):
            self._release(c)
        rec["turn"] = s.turn
        if s.ended:
            rec["completed"] = True
            rec["winner"] = self.sides[s.winner] if s.winner is not None and s.winner >= 0 else None
            rec["reason"] = s.reason
        last = min(s.turn, self.content.turn_track.turns)
        for sid in self.sides:
            self._repl(sid)["available"] += sum(self.content.replacements(t, sid) for t in range(1, last + 1))
        s.trace = None
