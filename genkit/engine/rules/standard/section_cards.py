"""The standard rules' cards (docs/standard-rules.md case 13): the ``rules.cards`` part of the
model (how many cards each side draws, and what each card does when played, as data from a
small vocabulary of effects), and its checks. Imports nothing of the engine, so the model layer
can read it."""
from __future__ import annotations

from typing import Literal, Optional, Union

from pydantic import Field, model_validator

from ....model.schema_base import Id, Strict

CARDS = ("rules", "cards")
#: the effects a card may have (case 13.4), and the decks' holders the rules deal from
EFFECTS = ("shift", "drm", "movement", "reinforcement", "replacement", "step_loss", "block")
SIDE_HELD = ("both",)
PerSide = Union[int, dict[Id, int]]
#: case 13.11: a number, a number per side, or the id of a turn_track.per_turn entry (per turn and side)
PerTurn = Union[int, dict[Id, int], Id]


class CardEvent(Strict):
    """What one card does when its holder plays it (case 13.4)."""
    effect: Literal["shift", "drm", "movement", "reinforcement", "replacement", "step_loss", "block"] = Field(
        description="shift / drm: CRT columns / added to the die roll of one battle; movement: every unit of the "
                    "side may move once more this movement phase; reinforcement: the side's next reserve unit "
                    "enters now; replacement: reduced units restored now; step_loss: enemy units lose a step "
                    "now; block: empty spaces no enemy unit may enter until the end of the game turn")
    value: int = Field(1, ge=-9, le=9, description="shift, drm: the columns or the die roll (negative: toward the "
                                                    "defender, as terrain); replacement: the steps restored; "
                                                    "step_loss: the steps taken (one a unit chosen, in turn); "
                                                    "block: the spaces blocked")
    when: Literal["attack", "defence"] = Field(
        "attack", description="shift, drm: played by the attacker before the roll (attack) or by the defender as "
                              "a reaction once the attacker has committed (defence)")
    phase: Optional[Id] = Field(None, description="the game.sequence_of_play id of the phase it is played in (a "
                                                  "movement, combat or bombardment phase of its holder; case "
                                                  "13.14); omitted: its holder's movement phases. Not for a shift "
                                                  "or drm, played in a battle")

    @model_validator(mode="after")
    def _sense(self) -> "CardEvent":
        if self.when == "defence" and self.effect not in ("shift", "drm"):
            raise ValueError(f"only a shift or a drm is played in defence; {self.effect} is played in its holder's "
                             "own movement phase")
        if self.effect in ("replacement", "step_loss", "block") and self.value < 1:
            raise ValueError(f"a {self.effect} card acts at least once (value: 1 or more)")
        if self.effect in ("shift", "drm") and self.value == 0:
            raise ValueError(f"a {self.effect} of 0 does nothing")
        if self.phase is not None and self.effect in ("shift", "drm"):
            raise ValueError(f"a {self.effect} is played in a battle (when: attack or defence), not in a named phase")
        return self


class CardsRule(Strict):
    """The cards of a game on the standard rules (case 13): its decks are the model's ``decks``
    held by a side or by ``both``; this says how many each side is dealt and draws and what
    every card does."""
    hand: PerSide = Field(0, description="cards each side is dealt at set-up (a number, or side id -> number)")
    draw: PerTurn = Field(1, description="cards each side draws at the start of every game turn (a number, side id "
                                         "-> number: a side left out draws none, or the id of a turn_track.per_turn "
                                         "entry: its number of that turn and side, printed on the turn track)")
    events: dict[Id, CardEvent] = Field(description="card id -> what it does when played; every card of the "
                                                    "decks needs one")

    def per_side(self, key: str, side: str) -> int:
        """The ``hand`` or ``draw`` number of ``side`` (a ``draw`` from the turn track: 0)."""
        v = getattr(self, key)
        return v if isinstance(v, int) else v.get(side, 0) if isinstance(v, dict) else 0

    def drawn(self, content, turn: int, side: str) -> int:
        """Case 13.11: the cards ``side`` draws at the start of game turn ``turn``: ``draw``, or
        its turn track entry's number of that turn and side."""
        if isinstance(self.draw, str):
            return content.turn_value(self.draw, turn, side)
        return self.per_side("draw", side)


def played_decks(decks) -> list:
    """The decks the standard rules deal from (case 13.1): those held by a side or by both; a
    deck held by the table is printed only (a reference deck)."""
    return [d for d in decks if d.held_by != "table"]


def _ids(value) -> list:
    return list(value) if isinstance(value, dict) else []


def deck_of_side(decks, side: str) -> Optional[int]:
    """The index in ``decks`` (the played ones) of the deck ``side`` draws from (case 13.1): the
    one it holds, else the one held by both."""
    own = next((i for i, d in enumerate(decks) if d.held_by == side), None)
    return own if own is not None else next((i for i, d in enumerate(decks) if d.held_by == "both"), None)


def cards_terms(ctx, section) -> list:
    """Case 13.1-13.4: a deck dealt into hands (one with a hand limit) needs ``rules.cards``, and
    ``rules.cards`` a deck held by a side or both (one per side at most); every card of those has
    an event and every event names one; side ids are the game's. A deck held by the table is
    printed only."""
    c = ctx.content
    rule = section.cards
    sides = [s.id for s in c.game.sides]
    if rule is None:
        for i, d in enumerate(c.decks):
            if d.hand_limit is not None:
                yield ctx.error("rules-missing", ("decks", i, "hand_limit"),
                                f"decks: deck {d.id} has a hand limit but would be printed and never played: the "
                                f"standard rules play cards given rules.cards: {{draw: 1, events: {{<card id>: "
                                f"{{effect: shift, value: 1}}}}}}")
        return
    played = played_decks(c.decks)
    if not played:
        yield ctx.error("rules-missing", CARDS, "rules.cards: the game has no deck held by a side or both to play "
                                                "(decks: [...], held_by: <side> or both)")
        return
    for i, d in enumerate(c.decks):
        if d.held_by not in sides and d.held_by not in SIDE_HELD + ("table",):
            yield ctx.error("rules-cards", ("decks", i, "held_by"),
                            f"decks: deck {d.id} is held by '{d.held_by}'; the standard rules deal from a deck held "
                            f"by a side ({', '.join(sides)}) or by both (the table's is printed only)")
    for sid in sides:
        held = [d.id for d in c.decks if d.held_by == sid]
        if len(held) > 1:
            yield ctx.error("rules-cards", ("decks",), f"decks: side '{sid}' holds {len(held)} decks "
                                                       f"({', '.join(held)}); the standard rules deal one per side")
    if sum(d.held_by == "both" for d in c.decks) > 1:
        yield ctx.error("rules-cards", ("decks",), "decks: more than one deck is held by both; the standard rules "
                                                   "share one")
    for key in ("hand", "draw"):
        for k in _ids(getattr(rule, key)):
            if k not in sides:
                yield ctx.error("rules-reference", CARDS + (key, k),
                                f"rules.cards.{key}: no side '{k}' (known: {', '.join(sides)})")
        for sid in sides:
            n = rule.per_side(key, sid) if key == "hand" else max(
                rule.drawn(c, turn, sid) for turn in range(1, c.turn_track.turns + 1))
            if n and deck_of_side(played, sid) is None:
                yield ctx.error("rules-cards", CARDS + (key,),
                                f"rules.cards.{key}: side '{sid}' draws cards but holds no deck (give a deck "
                                f"held_by: {sid} or both)")
    phases = {p.id: p for p in c.game.sequence_of_play}
    for k, e in rule.events.items():                                     # case 13.14
        if e.phase is None:
            continue
        ph = phases.get(e.phase)
        path = CARDS + ("events", k, "phase")
        if ph is None:
            yield ctx.error("rules-reference", path, f"rules.cards.events.{k}.phase: no phase '{e.phase}' in "
                                                     f"game.sequence_of_play (known: {', '.join(phases)})")
            continue
        kinds = ("movement",) if e.effect == "movement" else ("movement", "combat", "bombardment")
        if ph.kind not in kinds:
            yield ctx.error("rules-cards", path, f"rules.cards.events.{k}.phase: a {e.effect} card is played in a "
                                                 f"{' or '.join(kinds)} phase; {e.phase} is a {ph.kind} phase")
        holders = {d.held_by for d in played if any(card.id == k for card in d.cards)} - {"both"}
        if ph.side and holders - {ph.side}:
            yield ctx.error("rules-cards", path, f"rules.cards.events.{k}.phase: {e.phase} is side '{ph.side}''s "
                                                 f"phase, but the card is held by {', '.join(sorted(holders))}")
    per_turn = [e.id for e in c.turn_track.per_turn]
    if isinstance(rule.draw, str) and rule.draw not in per_turn:          # case 13.11
        yield ctx.error("rules-reference", CARDS + ("draw",),
                        f"rules.cards.draw: no turn_track.per_turn entry '{rule.draw}' (known: "
                        f"{', '.join(per_turn) or 'none'}; or write a number)")
    if section.combat.where == "same_space" and any(e.effect == "block" for e in rule.events.values()):
        yield ctx.error("rules-limit", CARDS + ("events",),
                        "rules.cards.events: a block card is played where battles are between spaces "
                        "(combat.where: adjacent); units of two sides sharing a space cannot be kept out of one")
    known = {card.id for d in played for card in d.cards}
    for k in rule.events:
        if k not in known:
            yield ctx.error("rules-reference", CARDS + ("events", k),
                            f"rules.cards.events: no card '{k}' in the decks (known: {', '.join(sorted(known))})")
    for i, d in enumerate(c.decks):
        if d not in played:
            continue
        for j, card in enumerate(d.cards):
            if card.id not in rule.events:
                yield ctx.error("rules-missing", ("decks", i, "cards", j),
                                f"decks: card '{card.id}' of deck {d.id} has no event in rules.cards.events (write "
                                f"e.g. {card.id}: {{effect: shift, value: 1}})")
