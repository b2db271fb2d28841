"""Whatever a content file holds, loading and checking report findings and never raise."""
import random

from genkit.model.check import check_path
from tests.conftest import BERING


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
