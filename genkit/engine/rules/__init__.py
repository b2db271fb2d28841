"""One module per game; each exposes a ``Game`` class built from a content model.

Each ``Game`` class states what it needs of the model as data, ``REQUIRES`` (a
:class:`Requirements`): ``genkit check`` (:mod:`genkit.model.check`) reports as errors,
with the file and line, whatever in a model the module cannot run, so ``play``, ``sim``
and ``build`` refuse it before a game starts. This file imports nothing of the engine:
the model layer reads it lazily.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass

# content.game.rules_module -> the package or module defining ``Game``. Adding a game with
# procedures of its own takes one line here and nothing else outside its own module.
RULES_MODULES = {
    "bering_land": "genkit.engine.rules.bering_land",
    "ridge": "genkit.engine.rules.ridge",
}


def rules_module(name: str):
    """The rules module registered as ``name`` (ValueError naming the known ones otherwise)."""
    if name not in RULES_MODULES:
        raise ValueError(f"no rules module {name!r}; known: {', '.join(sorted(RULES_MODULES))}")
    return importlib.import_module(RULES_MODULES[name])


@dataclass(frozen=True)
class Requirements:
    """What a rules module can run.

    ``sides``: the exact number of sides it plays. ``phase_kinds``: the phase kinds of
    ``game.sequence_of_play`` it runs. ``shared_kinds``: kinds whose phases act for every
    side, so they name none. ``one_per_side``: kinds of which each side needs exactly one
    phase (naming it). ``crt_effects``: the CRT result effects it applies. ``cards``: whether
    it plays cards at all."""
    sides: int
    phase_kinds: tuple
    shared_kinds: tuple = ()
    one_per_side: tuple = ()
    crt_effects: tuple = ("none", "step_loss", "eliminate")
    cards: bool = False

    def problems(self, module: str, content) -> list:
        """(path, message) for everything in ``content`` (the model) the module ``module``
        cannot run; empty when it can run it."""
        game = content.game
        out = []
        for i, r in enumerate(content.crt.results):
            if r.effect not in self.crt_effects:
                out.append((("crt", "results", i, "effect"),
                            f"crt.results: rules module {module} applies only the results "
                            f"{', '.join(self.crt_effects)}; result {r.code} is {r.effect}"))
        if content.cards is not None and not self.cards:
            out.append((("cards",), f"cards: rules module {module} plays no cards; this game has a deck "
                                    f"that would be printed but never played"))
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
        for kind in self.one_per_side:
            for sid in sides:
                n = sum(p.kind == kind and p.side == sid for p in game.sequence_of_play)
                if n != 1:
                    out.append((("game", "sequence_of_play"),
                                f"game.sequence_of_play: rules module {module} needs exactly one {kind} phase "
                                f"per side; side '{sid}' has {n}"))
        return out
