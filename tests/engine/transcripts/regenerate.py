"""Write the kept transcripts of every bundled game and every test game (checked by
tests/engine/test_transcripts.py).

    python tests/engine/transcripts/regenerate.py

plays each game of ``GAMES`` and writes ``<game>/<name>.jsonl`` beside this script. Run it after
a change of the rules (or of a bot) that is meant to change play, and read the diff: it reads
as a game record.

A transcript is JSON lines, one object a line:

* first, the game: its id, seed, bots, and the die rolls and events of the set-up;
* then one line per decision: ``step``, ``turn``, ``phase``, ``side`` to act, how many
  choices were ``legal``, the ``action`` taken in the game's own words (``Game.action_text``),
  every die roll it caused as [face, purpose] and every event it caused (the records of
  :mod:`genkit.engine.events`, written as JSON lists in field order, kind first); decisions
  the engine takes itself (a single legal choice) belong to the line of the decision before;
* last, the ``end``: winner, reason, turn and steps (a game stopped after ``GAMES``' decision
  limit says ``"reason": "stopped"``), and the pieces left on the ``board``.

Nothing here knows a game: only the game interface (``rules_for``, ``initial_state``,
``legal_actions``, ``action_text``, ``apply``, ``pieces``) and the simulator's bots.
"""
from __future__ import annotations

import json
from pathlib import Path

from genkit.engine import rules_for
from genkit.engine.bots import bot_seed
from genkit.model.load import load_game
from genkit.sim.bots import make_bot

FOLDER = Path(__file__).resolve().parent
ROOT = FOLDER.parents[2]

#: (content folder from the repository root, file name, game seed, bots in side order, at most
#: this many decisions). Whole games where they are short; the long ones (Brannock Ford, Memoir
#: '44, the standard-rules test game) stop after 120 decisions, enough for every kind of decision
#: and several turns. Bering Land's seeds were chosen, among 1-40, for games that take the most
#: kinds of decision and event (greedy-greedy 36: cards on a hex and an area, Air Drone stops,
#: combining; greedy-random 23: a line and an area; random-random 1: flips, joins).
GAMES = (
    ("content/bering_land", "random-random-seed-1", 1, ("random", "random"), None),
    ("content/bering_land", "greedy-greedy-seed-36", 36, ("greedy", "greedy"), None),
    ("content/bering_land", "greedy-random-seed-23", 23, ("greedy", "random"), None),
    ("content/brannock_ford", "greedy-greedy-seed-1", 1, ("greedy", "greedy"), 120),
    ("content/brannock_ford", "random-random-seed-2", 2, ("random", "random"), 120),
    ("content/memoir44", "greedy-greedy-seed-1", 1, ("greedy", "greedy"), 120),
    ("content/memoir44", "random-random-seed-2", 2, ("random", "random"), 120),
    ("content/corval_shore", "greedy-greedy-seed-1", 1, ("greedy", "greedy"), 120),
    ("content/modern_land_battles", "greedy-greedy-seed-1", 1, ("greedy", "greedy"), None),
    ("content/modern_land_battles", "random-random-seed-2", 2, ("random", "random"), None),
    ("content/tallis_gap", "greedy-greedy-seed-1", 1, ("greedy", "greedy"), None),
    ("content/tallis_gap", "random-random-seed-2", 2, ("random", "random"), 120),
    ("content/strike_the_bear", "greedy-greedy-seed-1", 1, ("greedy", "greedy"), 500),
    ("content/strike_the_bear", "random-random-seed-2", 2, ("random", "random"), 500),
    ("tests/fixtures/standard_mini", "random-random-seed-1", 1, ("random", "random"), 120),
    ("tests/fixtures/ridge", "random-random-seed-1", 1, ("random", "random"), None),
    ("tests/fixtures/engine/skirmish", "greedy-random-seed-3", 3, ("greedy", "random"), None),
    ("tests/fixtures/octagon_mini", "greedy-greedy-seed-2", 2, ("greedy", "greedy"), None),
    ("tests/fixtures/octagon_mini", "random-random-seed-1", 1, ("random", "random"), None),
    ("tests/fixtures/designer_game", "greedy-greedy-seed-1", 1, ("greedy", "greedy"), 120),
    ("content/bg", "greedy-greedy-seed-1", 1, ("greedy", "greedy"), 400),
    ("tests/fixtures/alliance_mini", "greedy-greedy-seed-1", 1, ("greedy", "greedy"), 120),
    ("tests/fixtures/boards/square", "greedy-greedy-seed-1", 1, ("greedy", "greedy"), 120),
    ("tests/fixtures/boards/octagon", "greedy-greedy-seed-1", 1, ("greedy", "greedy"), 120),
    ("tests/fixtures/boards/drawn", "greedy-greedy-seed-1", 1, ("greedy", "greedy"), 120),
)


def _line(obj) -> str:
    return json.dumps(obj, separators=(", ", ": "))


def transcript(content, seed: int, bots: tuple, limit: int | None = None) -> list[str]:
    """The lines of the transcript of one game, stopped after ``limit`` decisions (None: the
    whole game); see the module docstring."""
    game = rules_for(content)
    players = [make_bot(name, game, side, bot_seed(seed, side)) for side, name in enumerate(bots)]
    rolls, events = [], []
    state = game.initial_state(seed, trace=rolls, events=events)
    lines = [_line({"game": content.game.id, "seed": seed, "bots": list(bots),
                    "rolls": rolls[:], "events": events[:]})]
    step = 0
    while not game.is_terminal(state) and step != limit:
        del rolls[:], events[:]
        actions = game.legal_actions(state)
        side = state.actor
        bot = players[side]
        action = bot.choose(game.observe(state, side) if bot.needs_view else None, actions)
        head = {"step": step, "turn": state.turn, "phase": game.phase_ids[state.phase], "side": game.side_id(side),
                "legal": len(actions), "action": game.action_text(state, action)}
        game.apply(state, action)
        lines.append(_line({**head, "rolls": rolls[:], "events": events[:]}))
        step += 1
    over = game.is_terminal(state)
    lines.append(_line({"end": {"winner": game.side_id(state.winner) or None if over else None,
                                "reason": state.reason if over else "stopped", "turn": state.turn, "steps": step},
                        "board": [p if p.nation else p[:6] for p in game.pieces(state)]}))
    return lines


def path_of(folder: str, name: str) -> Path:
    """Where the transcript ``name`` of the game in ``folder`` is kept."""
    return FOLDER / Path(folder).name / f"{name}.jsonl"


def load_content(folder: str):
    return load_game(ROOT / folder)


def main() -> None:
    for folder, name, seed, bots, limit in GAMES:
        path = path_of(folder, name)
        path.parent.mkdir(exist_ok=True)
        lines = transcript(load_content(folder), seed, bots, limit)
        path.write_text("\n".join(lines) + "\n")
        print(f"{path.relative_to(FOLDER)}: {len(lines)} lines, {path.stat().st_size // 1024} kB")


if __name__ == "__main__":
    main()
