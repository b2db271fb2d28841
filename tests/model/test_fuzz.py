"""Whatever a content file holds, loading and checking report findings and never raise."""
import random

from genkit.model.check import check_path


def mutate(text: str, rng: random.Random) -> str:
    lines = text.splitlines(keepends=True)
    kind = rng.randrange(6)
    i = rng.randrange(len(lines))
    if kind == 0:  # drop a line
        del lines[i]
    elif kind == 1:  # duplicate a line
        lines.insert(i, lines[i])
    elif kind == 2:  # swap two lines
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 3:  # replace a character
        line = lines[i]
        if line:
            k = rng.randrange(len(line))
            lines[i] = line[:k] + rng.choice(":-[]{}'\"#&*!|>%@ \t0abc") + line[k + 1:]
    elif kind == 4:  # change the indentation
        lines[i] = " " * rng.randrange(6) + lines[i].lstrip()
    else:  # change a number
        lines[i] = "".join(str(rng.randrange(-3, 100)) if c.isdigit() else c for c in lines[i])
    return "".join(lines)


def test_mutated_content_never_raises(game_copy):
    rng = random.Random(20261121)
    files = sorted(game_copy.glob("*.yaml"))
    originals = {f: f.read_text() for f in files}
    seen_codes = set()
    for _ in range(100):
        f = rng.choice(files)
        text = originals[f]
        for _ in range(rng.randrange(1, 4)):
            text = mutate(text, rng)
        f.write_text(text)
        findings = check_path(game_copy)  # must not raise
        assert all(x.file and x.line >= 0 and x.message for x in findings)
        assert not any(x.code == "check-failed" for x in findings), [str(x) for x in findings]
        seen_codes |= {x.code for x in findings}
        f.write_text(originals[f])
    assert {"yaml-syntax", "schema"} <= seen_codes  # the mutations did reach both layers


def test_content_that_passes_check_always_plays(game_copy):
    """Whatever numbers a designer types, content that check accepts never crashes the engine
    or breaks an invariant."""
    from genkit.engine import InvariantError, play_game
    from genkit.model.check import load_checked
    from genkit.model.load import ContentError

    rng = random.Random(7)
    files = [game_copy / n for n in ("units.yaml", "abilities.yaml", "crt.yaml", "map.yaml", "tracks.yaml")]
    originals = {f: f.read_text() for f in files}
    played = 0
    for _ in range(60):
        f = rng.choice(files)
        lines = originals[f].splitlines(keepends=True)
        numbered = [i for i, line in enumerate(lines) if any(c.isdigit() for c in line) and "#" not in line[:4]]
        for i in rng.sample(numbered, k=min(3, len(numbered))):
            lines[i] = "".join(str(rng.randrange(0, 9)) if c.isdigit() and rng.random() < 0.5 else c
                               for c in lines[i])
        f.write_text("".join(lines))
        try:
            content, _ = load_checked(game_copy)
        except ContentError:
            f.write_text(originals[f])
            continue
        try:
            play_game(content, seed=rng.randrange(1000), check_invariants=True)
        except InvariantError as exc:
            raise AssertionError(f"{f.name} mutated:\n{f.read_text()}\n{exc}")
        played += 1
        f.write_text(originals[f])
    assert played >= 15  # enough mutations got through check to mean something
