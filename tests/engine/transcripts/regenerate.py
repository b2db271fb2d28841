"""Write the kept transcripts of whole Bering Land games (checked by tests/engine/test_transcripts.py).

    python tests/engine/transcripts/regenerate.py

plays each game of ``GAMES`` and writes ``<name>.jsonl`` beside this script. Run it after a
change of the rules (or of a bot) that is meant to change play, and read the diff.

A transcript is JSON lines, one object a line:

* first, the game: seed, bots, and the die rolls and events of the set-up;
* then one line per decision: ``step``, ``turn``, ``phase``, ``side`` to act, how many
  choices were ``legal``, the ``action`` taken, every die roll it caused as [face, purpose]
  and every event it caused (the records of :mod:`genkit.engine.events`, written
  as JSON lists in field order, kind first); decisions the
  engine takes itself (a single legal choice) belong to the line of the decision before;
* last, the ``end``: winner, reason, turn and steps, and the pieces left on the ``board``.

Actions name pieces as ``side:type#piece`` (the piece's place in the counter mix), cards as
``ability#card`` (the copy's place in the deck list) and hexes by their printed ids.
Only the public engine API is used: ``rules_for``, ``initial_state``, ``legal_actions``,
``apply``, ``pieces`` and the simulator's bots.
"""
from __future__ import annotations

import json
from pathlib import Path

from genkit.engine import rules_for
from genkit.engine.bots import bot_seed
from genkit.model.load import load_game
from genkit.sim.bots import make_bot

FOLDER = Path(__file__).resolve().parent
CONTENT = FOLDER.parents[2] / "content" / "bering_land"

#: (file name, game seed, bots in side order). Seeds chosen, among 1-40, for games that take
#: the most kinds of decision and event (greedy-greedy 36: cards on a hex and an area, Air
#: Drone stops, combining; greedy-random 23: a line and an area; random-random 1: flips, joins).
GAMES = (
    ("random-random-seed-1", 1, ("random", "random")),
    ("greedy-greedy-seed-36", 36, ("greedy", "greedy")),
    ("greedy-random-seed-23", 23, ("greedy", "random")),
)

# What each argument of an action is, by verb: p piece, P pieces, h hex, H hexes, c card,
# f facing, d direction (6 directions, as genkit.hexes numbers them).
_ARGS = {"pass": "", "move": "p", "to": "hf", "battle": "pp", "join": "p", "skip": "p",
         "flip": "p", "place": "p", "combine": "pP", "at": "h", "card": "c", "hex": "h",
         "line": "d", "area": "H", "stop": "p", "target": "p"}


def _namer(game):
    """A function turning an engine action into a readable list."""
    hex_id = game.board.grid.id_of

    def piece(p):
        return f"{game.side_ids[game.p_side[p]]}:{game.type_ids[game.p_type[p]]}#{p}"

    say = {"p": piece, "P": lambda ps: [piece(p) for p in ps], "h": hex_id,
           "H": lambda hs: [hex_id(h) for h in hs], "c": lambda c: f"{game.c_ability_id[c]}#{c}",
           "f": int, "d": int}

    def name(action):
        kinds = _ARGS[action[0]]            # a new verb is a KeyError: teach it here
        return [action[0]] + [say[k](a) for k, a in zip(kinds, action[1:], strict=True)]
    return name


def _line(obj) -> str:
    return json.dumps(obj, separators=(", ", ": "))


def transcript(content, seed: int, bots: tuple) -> list[str]:
    """The lines of the transcript of one game (see the module docstring)."""
    game = rules_for(content)
    players = [make_bot(name, game, side, bot_seed(seed, side)) for side, name in enumerate(bots)]
    rolls, events = [], []
    state = game.initial_state(seed, trace=rolls, events=events)
    name = _namer(game)
    lines = [_line({"game": content.game.id, "seed": seed, "bots": list(bots),
                    "rolls": rolls[:], "events": events[:]})]
    step = 0
    while not game.is_terminal(state):
        del rolls[:], events[:]
        actions = game.legal_actions(state)
        side = state.actor
        bot = players[side]
        action = bot.choose(game.observe(state, side) if bot.needs_view else None, actions)
        head = {"step": step, "turn": state.turn, "phase": game.phase_ids[state.phase], "side": game.side_id(side),
                "legal": len(actions), "action": name(action)}
        game.apply(state, action)
        lines.append(_line({**head, "rolls": rolls[:], "events": events[:]}))
        step += 1
    winner = game.side_id(state.winner) or None
    lines.append(_line({"end": {"winner": winner, "reason": state.reason, "turn": state.turn, "steps": step},
                        "board": game.pieces(state)}))
    return lines


def load_content():
    return load_game(CONTENT)


def main() -> None:
    content = load_content()
    for file_name, seed, bots in GAMES:
        path = FOLDER / f"{file_name}.jsonl"
        lines = transcript(content, seed, bots)
        path.write_text("\n".join(lines) + "\n")
        print(f"{path.name}: {len(lines)} lines, {path.stat().st_size // 1024} kB")


if __name__ == "__main__":
    main()
