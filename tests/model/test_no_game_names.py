"""The core model, its checks, the kit renderer, the engine, the simulator and the CLI name no concept of one game: a game's own
ideas live in its content and its rules package (spec: issue 9, an open model)."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "genkit" / "model" / n for n in ("schema.py", "schema_base.py", "schema_map.py", "schema_cards.py",
                                                 "check.py", "check_map.py", "load.py")]
# (not renamed_keys.py: it lists the keys of older models, bases and abilities among them, to name
# what replaced them when an old YAML uses one)
FILES += sorted((ROOT / "genkit" / "render").glob("*.py"))
FILES += sorted((ROOT / "templates").glob("*.j2"))
# the engine outside the game's own package, the simulator and the command line
# (each game's own rules package is its own: every package under engine/rules but the standard rules)
GAME_PACKAGES = {p.name for p in (ROOT / "genkit" / "engine" / "rules").iterdir()
                 if p.is_dir() and (p / "__init__.py").exists() and p.name != "standard"}
FILES += [p for p in sorted((ROOT / "genkit" / "engine").rglob("*.py")) if not GAME_PACKAGES & set(p.parts)]
FILES += sorted((ROOT / "genkit" / "sim").glob("*.py")) + [ROOT / "genkit" / "cli.py"]
FILES += sorted((ROOT / "genkit" / "export").glob("*.py"))   # genkit export (issue 14)
# (replacements are no longer Bering Land's own: the standard rules have a replacement phase)
BERING = re.compile(r"killstreak|\babilit|respawn|half-way|halfway|juggernaut|drone|stopped.marker|\bbases\b",
                    re.IGNORECASE)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_bering_land_concept_is_named(path):
    hits = [f"{path.name}:{n}: {line.strip()}" for n, line in enumerate(path.read_text().splitlines(), 1)
            if BERING.search(line)]
    assert not hits, "\n".join(hits)


# Modern Land Battles' own ideas (issue 31): its areas, its counters, its nations and its titles;
# the one registration line of genkit/engine/rules/__init__.py names its package, as every game's
MLB = re.compile(r"breakthrough|flanking|superior.attack|control.counter|maneuver|insurgent|modern.land|"
                 r"steel.horizon|\bmlb\b", re.IGNORECASE)
REGISTRY = ROOT / "genkit" / "engine" / "rules" / "__init__.py"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_modern_land_battles_concept_is_named(path):
    hits = [f"{path.name}:{n}: {line.strip()}" for n, line in enumerate(path.read_text().splitlines(), 1)
            if MLB.search(line) and not (path == REGISTRY and line.strip().startswith('"modern_land_battles":'))]
    assert not hits, "\n".join(hits)
