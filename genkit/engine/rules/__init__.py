"""One rules module per game, each declared by one record, :class:`RulesModule`.

A rules package (or module) declares ``RULES = RulesModule(...)`` once: its ``Game`` class, the
model of its ``rules:`` section, its own checks of the model, the charts it prints, its own
bots and what it can run (:class:`Requirements`: ``genkit check`` reports as errors, with the
file and line, whatever in a model the module cannot run, so ``play``, ``sim`` and ``build``
refuse it before a game starts). Everything generic reads a game through that record,
:func:`rules_module`, and never looks a piece up by name. This file imports nothing of the
engine at load: the model layer reads it lazily.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

# content.game.rules_module -> the package or module declaring ``RULES``. Adding a game with
# procedures of its own takes one line here and nothing else outside its own module.
RULES_MODULES = {
    "bering_land": "genkit.engine.rules.bering_land",
    "ridge": "genkit.engine.rules.ridge",
    "standard": "genkit.engine.rules.standard",
    "memoir44": "genkit.engine.rules.memoir44",
    "strike_the_bear": "genkit.engine.rules.strike_the_bear",
    "bg": "genkit.engine.rules.bg",
    "modern_land_battles": "genkit.engine.rules.modern_land_battles",
}


#: the methods a game's class writes itself (:class:`genkit.engine.game.GameRules` states each)
GAME_WRITES = ("_setup", "_compute", "_do", "action_text")


class RulesModuleError(TypeError):
    """A rules module declared wrongly: a piece of its record missing or of the wrong kind."""


def rules_module(name: str) -> RulesModule:
    """The record of the rules module registered as ``name`` (ValueError naming the known ones
    for an unknown name; RulesModuleError when the module declares no record, or another's)."""
    if name not in RULES_MODULES:
        raise ValueError(f"no rules module {name!r}; known: {', '.join(sorted(RULES_MODULES))}")
    path = RULES_MODULES[name]
    record = getattr(importlib.import_module(path), "RULES", None)
    if not isinstance(record, RulesModule):
        raise RulesModuleError(f"rules module {name} ({path}) declares no RULES = RulesModule(...)")
    if record.name != name:
        raise RulesModuleError(f"rules module {name} ({path}) declares the record of {record.name!r}")
    return record


class Chart(NamedTuple):
    """A chart a rules module prints from the model: its record may name
    ``charts(content) -> list[Chart]``; the player aid prints each as a table in its section
    ``rules_charts`` and the rules booklet draws one with ``[[chart:ID]]``.

    ``columns``: the header; ``rows``: a tuple of strings per row, one per column; ``notes``:
    sentences printed under the table; ``replaces``: the id of a generic player-aid section this
    chart supersedes (``"terrain"``), left out of the aid when the chart is printed; ``keys``: per
    row, the map item it is about, ``"terrain:ID"``, ``"hexside:ID"``, ``"road:ID"`` or ``""``,
    so the aid draws that item's swatch beside it (empty: no swatches); ``span``: the width the
    chart asks for on the player aid, ``"full"`` or ``"half"`` (a column; a pack's aid style may
    override it by chart id)."""
    id: str
    title: str
    columns: tuple
    rows: tuple
    notes: tuple = ()
    replaces: str | None = None
    keys: tuple = ()
    span: str = "full"


@dataclass(frozen=True)
class Requirements:
    """What a rules module can run.

    ``sides``: the exact number of sides it plays. ``phase_kinds``: the phase kinds of
    ``game.sequence_of_play`` it runs. ``shared_kinds``: kinds whose phases act for every
    side, so they name none; ``any_side_kinds``: kinds whose phases may name one side or none (then
    every side acts in turn). ``one_per_side``: kinds of which each side needs exactly one
    phase (naming it); a phase of any other kind names its side. ``crt_effects``: the CRT
    result effects it applies; ``crt_columns``: "differential" and/or "odds";
    ``crt_above_highest``: the readings of ``crt.above_highest`` it runs. ``cards``: "none"
    (it plays no cards), "optional" or "required". ``facing``, ``reserve``: whether it runs unit
    types with a facing, and pieces starting off the map. ``map_features``: whether it applies
    ``map.hexsides`` and ``map.roads``; ``reinforcements``: whether it brings on pieces that
    ``enters`` on a turn. ``crt``: whether it fights on ``crt`` (then the model must have one; else
    it must have none); ``dice``: whether it rolls the symbol ``dice``; ``card_fields``: the fields
    its deck (the one it deals hands from) must declare: (field, its type or types) pairs; ``sections``, ``hex_features``,
    ``figures``: whether it reads ``map.sections``, ``map.features`` and units' ``figures``;
    ``half_costs``: whether it counts movement in half points (a terrain's ``move_cost: 0.5``).
    ``dice_sums``: whether it reads the CRT on a sum of several dice (``crt.dice`` above 1).
    ``phase_runs``: the phase orders it plays, as runs of kinds a side plays one straight after the
    other (``("movement", "combat")``: a side's combat phase comes right after its own movement
    phase); a module that plays its phases in any order declares none."""
    sides: int
    phase_kinds: tuple
    shared_kinds: tuple = ()
    any_side_kinds: tuple = ()
    one_per_side: tuple = ()
    crt_effects: tuple = ("none", "step_loss", "eliminate")
    crt_columns: tuple = ("differential",)
    crt_above_highest: tuple = ("use_highest",)
    cards: str = "none"
    facing: bool = False
    reserve: bool = False
    map_features: bool = False
    reinforcements: bool = False
    crt: bool = True
    dice: bool = False
    card_fields: tuple = ()
    sections: bool = False
    hex_features: bool = False
    figures: bool = False
    half_costs: bool = False
    phase_runs: tuple = ()
    dice_sums: bool = False

    def problems(self, module: str, content) -> list:
        """(path, message) for everything in ``content`` (the model) the module ``module``
        cannot run; empty when it can run it."""
        game = content.game
        out = self._fighting_problems(module, content)
        deck = content.play_deck()
        if deck is not None and self.cards == "none":
            out.append((("decks", content.decks.index(deck), "hand_limit"),
                        f"decks: rules module {module} plays no cards; deck {deck.id} has a hand limit, "
                        f"but would be printed and never played"))
        if deck is None and self.cards == "required":
            out.append((("game", "rules_module"), f"decks: rules module {module} needs a deck of cards dealt "
                                                  f"into hands (a deck with a hand_limit)"))
        if content.crt is not None and content.crt.dice > 1 and not self.dice_sums:
            out.append((("crt", "dice"), f"crt.dice: rules module {module} reads the CRT on one die; this CRT is "
                                         f"read on {content.crt.roll_text}"))
        for i, t in enumerate(content.unit_types):
            if t.facing and not self.facing:
                out.append((("unit_types", i, "facing"),
                            f"unit_types: rules module {module} moves no unit with a facing; {t.id} has one"))
        for i, grp in enumerate(content.counters.units):
            if grp.reserve and not self.reserve:
                out.append((("counters", "units", i, "reserve"),
                            f"counters.units: rules module {module} brings no piece onto the map during play; "
                            f"{grp.reserve} {grp.side} {grp.type} start in reserve"))
        for i, t in enumerate(content.map.terrain):
            if t.move_cost is not None and not self.half_costs and not float(t.move_cost).is_integer():
                out.append((("map", "terrain", i, "move_cost"),
                            f"map.terrain: rules module {module} counts whole movement points; {t.id} costs "
                            f"{t.move_cost}"))
        out += self._feature_problems(module, content) + self._card_problems(module, content)
        sides = [s.id for s in game.sides]
        if len(sides) != self.sides:
            path = ("game", "sides", self.sides) if len(sides) > self.sides else ("game", "sides")
            out.append((path, f"game.sides: rules module {module} plays exactly {self.sides} sides; "
                              f"this game has {len(sides)}"))
        for i, p in enumerate(game.sequence_of_play):
            if p.kind not in self.phase_kinds:
                out.append((("game", "sequence_of_play", i, "kind"),
                            f"game.sequence_of_play: rules module {module} runs only "
                            f"{', '.join(self.phase_kinds)} phases; phase '{p.id}' is a {p.kind} phase"))
            elif p.kind in self.shared_kinds and p.side:
                out.append((("game", "sequence_of_play", i, "side"),
                            f"game.sequence_of_play: in rules module {module} a {p.kind} phase acts for every "
                            f"side; phase '{p.id}' names side '{p.side}'"))
            elif p.kind not in self.shared_kinds + self.any_side_kinds and not p.side:
                out.append((("game", "sequence_of_play", i),
                            f"game.sequence_of_play: in rules module {module} a {p.kind} phase is one side's; "
                            f"phase '{p.id}' names no side"))
        out += self._order_problems(module, game.sequence_of_play)
        for kind in self.one_per_side:
            for sid in sides:
                n = sum(p.kind == kind and p.side == sid for p in game.sequence_of_play)
                if n != 1:
                    out.append((("game", "sequence_of_play"),
                                f"game.sequence_of_play: rules module {module} needs exactly one {kind} phase "
                                f"per side; side '{sid}' has {n}"))
        return out

    def _order_problems(self, module: str, phases) -> list:
        """Each phase of a declared run (after its first kind) comes straight after the run's
        previous kind of the same side."""
        out = []
        for run in self.phase_runs:
            for i, p in enumerate(phases):
                if p.kind not in run[1:]:
                    continue
                want = run[run.index(p.kind) - 1]
                before = phases[i - 1] if i else None
                if before is None or before.kind != want or before.side != p.side:
                    after = f"follows '{before.id}'" if before is not None else "comes first"
                    out.append((("game", "sequence_of_play", i),
                                f"game.sequence_of_play: rules module {module} plays a side's {p.kind} phase "
                                f"right after its own {want} phase ({' then '.join(run)}); phase '{p.id}' {after}"))
        return out

    def _feature_problems(self, module: str, content) -> list:
        out = []
        keys = (("hexsides", "roads") if not self.map_features else ()) + \
            (("sections",) if not self.sections else ()) + (("features",) if not self.hex_features else ())
        for key in keys:
            if getattr(content.map, key):
                out.append((("map", key), f"map.{key}: rules module {module} applies no {key}; they would be "
                                          f"printed but never played"))
        if self.sections and not content.map.sections:
            out.append((("map",), f"map.sections: rules module {module} orders units by board section; "
                                  f"this map has none"))
        if not self.reinforcements:
            for i, grp in enumerate(content.counters.units):
                if grp.enters is not None:
                    out.append((("counters", "units", i, "enters"),
                                f"counters.units: rules module {module} brings on no reinforcements; "
                                f"{grp.side} {grp.type} would never enter"))
        return out

    def _fighting_problems(self, module: str, content) -> list:
        """How the game fights: a CRT, symbol dice, figures per unit."""
        if self.crt and content.crt is None:
            return [(("game", "rules_module"), f"crt: rules module {module} fights on a combat results table; "
                                               f"this game has none (a crt: section)")]
        out = []
        if not self.crt and content.crt is not None:
            out.append((("crt",), f"crt: rules module {module} fights without a CRT; this one would be printed "
                                  f"but never used"))
        if self.dice and not content.dice:
            out.append((("game", "rules_module"), f"dice: rules module {module} rolls symbol dice; this game "
                                                  f"defines none (a dice: section)"))
        if not self.dice and content.dice:
            out.append((("dice",), f"dice: rules module {module} rolls no symbol dice; these would be printed "
                                   f"but never rolled"))
        for i, t in enumerate(content.unit_types):
            if self.figures and t.figures is None:
                out.append((("unit_types", i), f"unit_types: rules module {module} counts figures; {t.id} "
                                               f"needs figures: N"))
            if not self.figures and t.figures is not None:
                out.append((("unit_types", i, "figures"), f"unit_types: rules module {module} counts no "
                                                          f"figures; {t.id} has {t.figures}"))
        return out + (self._crt_problems(module, content.crt) if self.crt else [])

    def _card_problems(self, module: str, content) -> list:
        """The deck the module plays declares every field the module reads, of its type."""
        out = []
        deck = content.play_deck()
        if deck is None or self.cards == "none":
            return out
        d = content.decks.index(deck)
        for key, kinds in self.card_fields:
            kinds = (kinds,) if isinstance(kinds, str) else tuple(kinds)
            spec = deck.fields.get(key)
            if spec is None or spec.type not in kinds:
                out.append((("decks", d, "fields"), f"decks: rules module {module} reads the field {key} "
                                                    f"({' or '.join(kinds)}) of deck {deck.id}; "
                                                    + ("it is not declared" if spec is None else f"it is a {spec.type}")))
        return out

    def _crt_problems(self, module: str, crt) -> list:
        out = []
        for i, r in enumerate(crt.results):
            if r.effect not in self.crt_effects:
                out.append((("crt", "results", i, "effect"),
                            f"crt.results: rules module {module} applies only the results "
                            f"{', '.join(self.crt_effects)}; result {r.code} is {r.effect}"))
        kind = "odds" if crt.uses_odds else "differential"
        if kind not in self.crt_columns:
            out.append((("crt", "columns"), f"crt.columns: rules module {module} reads only "
                                            f"{' or '.join(self.crt_columns)} columns; this CRT has {kind} columns"))
        if crt.above_highest not in self.crt_above_highest:
            out.append((("crt", "above_highest"),
                        f"crt.above_highest: rules module {module} runs only {', '.join(self.crt_above_highest)}; "
                        f"this CRT asks for {crt.above_highest}"))
        return out


@dataclass(frozen=True)
class RulesModule:
    """The one declaration of a game's rules module, checked when it is made (a missing or
    wrong piece is a :class:`RulesModuleError` naming the module).

    ``name``: its name in :data:`RULES_MODULES` and ``game.rules_module``. ``game``: its rules,
    a subclass of :class:`genkit.engine.game.GameRules` writing :data:`GAME_WRITES`; the record binds itself to it as
    ``game.module``, so a built game answers for its module. ``section``: the pydantic model
    of its ``rules:`` section, or None when it takes none. ``checks``: functions
    ``(ctx, section) -> findings`` that ``genkit check`` runs on the model. ``charts``:
    ``charts(content) -> list[Chart]`` printed on the player aid and in the booklet, or None.
    ``bots``: its own bots, name -> class with ``for_game(game, side, seed)``, the first the
    one a game is simulated with. ``requires``: what it can run. ``stacks``: several pieces may
    share a hex (then ``state.occ[h]`` names one of them). ``separate_attack_types``: None, or
    ``(content) -> attack type ids`` the module reads on a table of their own (a bombardment's
    rows), which the CRT check then judges along their columns only, never as a weaker attack.
    ``setup_apart``: the sides set up apart, never in one space nor next to an enemy (in its zone
    of control), then ``genkit check`` refuses such a set-up; False where the sides may start
    inside one space or side by side (areas fought over from within), or a function
    ``(content) -> bool`` when a game's own rules section decides."""
    name: str
    game: type
    section: type | None
    checks: tuple
    charts: Callable | None
    bots: dict
    requires: Requirements
    stacks: bool = False
    separate_attack_types: Callable | None = None
    setup_apart: bool | Callable = True

    def sets_up_apart(self, content) -> bool:
        """Whether ``genkit check`` refuses two sides set up in one space or next to each other."""
        return self.setup_apart(content) if callable(self.setup_apart) else self.setup_apart

    def __post_init__(self):
        from pydantic import BaseModel
        wrong = []
        if not (isinstance(self.game, type) and callable(getattr(self.game, "legal_actions", None))):
            wrong.append(f"game {self.game!r} is not a GameRules class")
        else:                           # the base class defines each, raising NotImplementedError
            unwritten = [m for m in GAME_WRITES if sum(m in vars(c) for c in self.game.__mro__) < 2]
            if unwritten:
                wrong.append(f"game {self.game.__name__} does not write {', '.join(unwritten)}")
        if self.section is not None and not (isinstance(self.section, type) and issubclass(self.section, BaseModel)):
            wrong.append(f"section {self.section!r} is neither None nor a pydantic model")
        if not isinstance(self.checks, tuple) or not all(callable(f) for f in self.checks):
            wrong.append("checks is not a tuple of functions (ctx, section) -> findings")
        if self.charts is not None and not callable(self.charts):
            wrong.append("charts is neither None nor a function (content) -> list[Chart]")
        if not isinstance(self.bots, dict) or not all(
                isinstance(k, str) and callable(getattr(v, "for_game", None)) for k, v in self.bots.items()):
            wrong.append("bots is not a dict of name -> class with for_game(game, side, seed)")
        if not isinstance(self.requires, Requirements):
            wrong.append("requires is not a Requirements")
        if not isinstance(self.stacks, bool):
            wrong.append("stacks is not True or False")
        if self.separate_attack_types is not None and not callable(self.separate_attack_types):
            wrong.append("separate_attack_types is neither None nor a function (content) -> attack type ids")
        if not (isinstance(self.setup_apart, bool) or callable(self.setup_apart)):
            wrong.append("setup_apart is neither True, False nor a function (content) -> bool")
        if wrong:
            raise RulesModuleError(f"rules module {self.name}: " + "; ".join(wrong))
        if "module" not in vars(self.game):         # the package's own record, not a test's variant of it
            self.game.module = self
