"""Whole games kept as transcripts: the same seed and bots must play them again line for line.

Each file under tests/engine/transcripts/<game>/ holds one game of a bundled game or a test
game (Bering Land, The Brannock Ford, Memoir '44, standard_mini, Ridge, the skirmish): every
decision in the game's own words, every die roll with its purpose and every event, one
decision a line (format: the docstring of transcripts/regenerate.py). Any change in how the
rules play shows here as the first line that differs. When the change is meant, write the
transcripts anew and review their diff, which reads as a game record::

    python tests/engine/transcripts/regenerate.py
    git diff tests/engine/transcripts/

The greedy games also follow the game's greedy bot: a change of its play shows here too; the
random-random games depend on the rules alone.
"""
import json

import pytest
from transcripts.regenerate import GAMES, load_content, path_of, transcript


def first_difference(kept: list, now: list) -> str | None:
    """The first line where ``now`` departs from ``kept``, field by field; None if they agree."""
    for number, (a, b) in enumerate(zip(kept, now), start=1):
        if a != b:
            old, new = json.loads(a), json.loads(b)
            where = ", ".join(f"{k} {old[k]}" for k in ("step", "turn", "phase", "side") if k in old)
            out = [f"line {number} ({where or 'game / end'}) differs:"]
            for key in dict.fromkeys([*old, *new]):
                if old.get(key) != new.get(key):
                    out.append(f"  {key}:\n    kept {json.dumps(old.get(key))}\n    now  {json.dumps(new.get(key))}")
            return "\n".join(out)
    if len(kept) != len(now):
        longer, which = (kept, "kept") if len(kept) > len(now) else (now, "now")
        return (f"the {which} transcript goes on after line {min(len(kept), len(now))}:\n"
                f"  {longer[min(len(kept), len(now))]}")
    return None


@pytest.mark.parametrize("folder, name, seed, bots, limit", GAMES, ids=[f"{g[0].split('/')[-1]}/{g[1]}" for g in GAMES])
def test_the_game_plays_again_as_kept(folder, name, seed, bots, limit):
    path = path_of(folder, name)
    kept = path.read_text().splitlines()
    diff = first_difference(kept, transcript(load_content(folder), seed, bots, limit))
    assert diff is None, (f"{path.parent.name}/{path.name}: {diff}\n(if the change is meant: "
                          f"python tests/engine/transcripts/regenerate.py, then review git diff)")


def test_every_bundled_and_test_game_has_a_kept_transcript():
    """Every game under content/ and every test game with a game.yaml of its own is pinned."""
    from transcripts.regenerate import ROOT
    games = {p.parent for p in (ROOT / "content").glob("*/game.yaml")}
    games |= {p.parent for p in (ROOT / "tests/fixtures").rglob("game.yaml")}
    pinned = {ROOT / folder for folder, *_ in GAMES}
    assert games <= pinned, f"no transcript for {sorted(str(g.relative_to(ROOT)) for g in games - pinned)}"


def test_first_difference_names_the_line_and_the_fields():
    kept = ['{"game": "g"}', '{"step": 0, "turn": 1, "phase": "p", "side": "us", "rolls": [[5, "battle"]]}']
    now = ['{"game": "g"}', '{"step": 0, "turn": 1, "phase": "p", "side": "us", "rolls": [[2, "battle"]]}']
    diff = first_difference(kept, now)
    assert diff.startswith("line 2 (step 0, turn 1, phase p, side us) differs:")
    assert 'kept [[5, "battle"]]' in diff and 'now  [[2, "battle"]]' in diff and "turn:" not in diff
    assert first_difference(kept, kept) is None
    assert "goes on after line 1" in first_difference(kept[:1], kept)
