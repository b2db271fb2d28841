"""Keys that older models had, or that designers reach for, and what says the same thing now:
:func:`genkit.model.load` names the replacement where it would otherwise say only "unknown field".
(The one file of the model that names keys of a bundled game's first model: they are names to
recognise in old YAML, not ideas of the model; tests/model/test_no_game_names.py leaves it out.)"""
from __future__ import annotations

#: the path of the unknown key (list indices left out) -> what to write instead
RENAMED = {
    ("map", "bases"): "map.places, a place with a side: {name: ..., hex: '0207', side: us}",
    ("turn_track", "replacements"): "turn_track.per_turn: {id: replacements, name: ..., each_turn: {side: n}}, "
                                    "which the rules section names",
    ("counters", "units", "entry"): "enters: {turn: N, hexes: [...]}",
    ("abilities",): "cards: a deck with its fields and rows",
}
