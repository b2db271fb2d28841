"""Whatever a content file or a --set override holds, loading and checking report findings and never raise."""
import random
from collections import Counter

from genkit.pack.printable import check_path
from genkit.model.load import read_raw, settable_paths
from tests.model.mutate import run_cases

SEED = 20261121
CASES = 300  # about 11 s of one core; every code below is first reached by case 129 (benchmarks/fuzz_check.py runs thousands)


def test_hundreds_of_mutated_packs_give_findings_never_exceptions(game_copy):
    paths = settable_paths(read_raw(game_copy)[0])
    seen: Counter = Counter()
    for number, what, findings in run_cases(game_copy, check_path, paths, SEED, CASES):
        if isinstance(findings, Exception):
            raise AssertionError(f"case {number} of seed {SEED} ({what}) raised") from findings
        assert all(f.file and f.line >= 0 and f.message and f.code for f in findings)
        assert not any(f.code == "check-failed" for f in findings), [str(f) for f in findings]
        seen.update({f.code for f in findings})
    # the mutations reached every layer: YAML, each limit, the schema and the consistency checks
    assert {"yaml-syntax", "yaml-tag", "duplicate-key", "control-char", "limit-depth", "limit-aliases",
            "limit-int-digits", "alias-loop", "schema", "bad-set", "duplicate-id", "crt-monotonic"} <= set(seen), seen


def test_content_that_passes_check_always_plays(game_copy):
    """Whatever numbers a designer types, content that check accepts never crashes the engine
    or breaks an invariant."""
    from genkit.engine import InvariantError, play_game
    from genkit.pack.playable import load_checked
    from genkit.model.load import ContentError

    rng = random.Random(7)
    files = [game_copy / n for n in ("units.yaml", "cards.yaml", "crt.yaml", "map.yaml", "tracks.yaml", "rules.yaml")]
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
