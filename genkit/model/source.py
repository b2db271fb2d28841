"""Where content comes from: a finding (file, line, code, message), the error that carries them,
the :class:`Source` that remembers each value's file and line, and the one YAML parse every
content file and every ``--set`` value goes through."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

# Finding and ContentError live in .finding (read without YAML or pydantic); re-exported here
from .finding import ContentError, Finding  # noqa: F401
from .yaml_safe import Budget, compose, current_limits

PathKey = tuple  # a path into the raw data: ("map", "grid", "columns"), ("unit_types", 0, "id")


@dataclass
class Source:
    """Where the model came from: files, a hash of their bytes, and each value's position."""
    root: Path
    files: list[Path] = field(default_factory=list)
    positions: dict[PathKey, tuple[str, int]] = field(default_factory=dict)
    sha256: str = ""
    #: path -> :class:`genkit.model.csv_rows.Cell` of every value read from a CSV file (row and column)
    cells: dict = field(default_factory=dict)

    def cell(self, path: Iterable) -> str:
        """', CSV row R, column C (name)' for a value read from a CSV file (or an ancestor's), else ''."""
        path = tuple(path)
        while path:
            if path in self.cells:
                return f", CSV {self.cells[path]}"
            path = path[:-1]
        return ""

    def where(self, path: Iterable) -> tuple[str, int]:
        """File and line of the value at ``path``, or of its nearest recorded ancestor."""
        path = tuple(path)
        while path:
            if path in self.positions:
                return self.positions[path]
            path = path[:-1]
        return (str(self.files[0]) if self.files else str(self.root), 1)

    def finding(self, severity: str, code: str, path: Iterable, message: str) -> Finding:
        file, line = self.where(path)
        return Finding(severity, file, line, code, message)


def parse_yaml(text: str, file: str, positions: dict, errors: list[Finding], base: PathKey = (),
               budget: Budget | None = None) -> Any:
    """The data of one YAML document, or None; never raises. Adds the (file, line) of every value
    under ``base`` to ``positions`` and a Finding for everything refused to ``errors``.
    ``budget`` (default: a fresh one under the process-wide limits) is what the game may still spend."""
    value, lines, problems = compose(text, budget or Budget(current_limits()))
    positions.update((base + path, (file, line)) for path, line in lines.items())
    errors.extend(Finding("error", file, p.line, p.code, p.message) for p in problems)
    return value
