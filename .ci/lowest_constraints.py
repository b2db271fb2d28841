"""Print pip constraints that pin every dependency of pyproject.toml to its lower bound.

CI installs genkit with these constraints in a second fresh venv and runs the suite there, so the
lower bounds the pyproject states are true, not hopes. Usage: python .ci/lowest_constraints.py [EXTRA ...]
"""
import re
import sys
import tomllib
from pathlib import Path

project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())["project"]
requirements = list(project["dependencies"])
for extra in sys.argv[1:]:
    requirements += project["optional-dependencies"][extra]
for requirement in requirements:
    match = re.fullmatch(r"([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?\s*>=\s*([0-9][^,;\s]*).*", requirement)
    if not match:
        sys.exit(f"{requirement!r} has no lower bound (name>=version): give it one")
    print(f"{match.group(1)}=={match.group(2)}")
