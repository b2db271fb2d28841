"""A finding (file, line, code, message) and the error that carries them: what every check
reports, kept apart from the loader so that printing findings (a command's cached ones too,
:mod:`genkit.pack.check_cache`) imports neither YAML nor pydantic."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Finding:
    """One thing a designer should know about the content."""
    severity: str  # "error" | "warning"
    file: str
    line: int
    code: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file  # line 0: not from a file
        return f"{where}: {self.severity}: {self.message} [{self.code}]"

    def as_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "severity": self.severity,
                "code": self.code, "message": self.message}


class ContentError(Exception):
    """The content could not be loaded; ``findings`` say where and why."""

    def __init__(self, findings: list[Finding]):
        self.findings = sorted(findings)
        super().__init__("\n".join(str(f) for f in self.findings))
