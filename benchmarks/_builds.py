"""The compiled accelerators (genkit's optional C extensions) of a base commit checked out beside
this one, so that both sides of a comparison run as installed genkit runs: a fresh git worktree
holds the .c files but no build, and would measure the Python fallbacks instead."""
from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"


def share_builds(repo: Path, base: Path) -> list[str]:
    """Give each C source of ``base``'s genkit its build: this checkout's when the source is the
    same, else compiled here (as pip would, -O2); returns the sources left to Python (no
    compiler, or the compiler refused)."""
    left = []
    for source in sorted((base / "genkit").rglob("*.c")):
        rel = source.relative_to(base)
        target = base / rel.with_suffix(SUFFIX)
        mine = repo / rel
        built = repo / rel.with_suffix(SUFFIX)
        if mine.is_file() and built.is_file() and mine.read_bytes() == source.read_bytes():
            shutil.copyfile(built, target)
            continue
        cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
        args = [cc, "-O2", "-shared", "-fPIC", f"-I{sysconfig.get_paths()['include']}", str(source), "-o", str(target)]
        if shutil.which(cc) is None or subprocess.run(args, capture_output=True).returncode:
            left.append(str(rel))
    return left


def compile_python(tree: Path) -> None:
    """Byte-compile ``tree``'s genkit, as pip does when it installs a package. Without it, where
    Python writes no bytecode as it imports (``PYTHONDONTWRITEBYTECODE``, set on some machines and
    in some containers), a fresh worktree compiles every module from source at every run (about
    0.2 s of a Bering Land build) while a checkout that once wrote its .pyc files does not, and
    a comparison times that difference instead of genkit's. Forced: compileall judges a compiled
    file current by its source's time to the second, so a module edited within the second after
    it was compiled would keep its stale code and be compiled from source at every import."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", "-f", str(tree / "genkit")], check=True)
