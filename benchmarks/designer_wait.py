"""What a designer waits for: each command as a designer runs it, whole process, against a base
commit in the same run.

    python benchmarks/designer_wait.py                        # this checkout against HEAD~1
    python benchmarks/designer_wait.py --base c202f9d --runs 7 --game content/brannock_ford
    python benchmarks/designer_wait.py --base c202f9d --cache cold   # every run a first one
    python benchmarks/designer_wait.py --base c202f9d --game all     # every bundled pack
    python benchmarks/designer_wait.py --base c202f9d --cache edit   # after changing one number

The base commit is checked out into a temporary git worktree (bundled content included, so each
side reads its own pack). Each measurement is a fresh ``python -m genkit.cli ...`` process:
import, load, checks, work and exit, as a designer waits for it. Both sides' modules are
byte-compiled first, as pip leaves an installed genkit (where Python writes no bytecode itself,
``PYTHONDONTWRITEBYTECODE``, the fresh worktree would otherwise compile every module from source
at every run, and measures until 2026-11-29 gave the base that 0.2 s). Base and head runs alternate,
so drift of a shared machine hits both alike. Printed per command: the median CPU time of each
side (the child's user and system time, ``ru_utime + ru_stime``: what the command costs, which a
shared, loaded machine does not inflate as it does the wall time), their ratio (head / base:
below 1 is faster), the median wall time of each and each side's largest peak memory (the
child's ``ru_maxrss``). The figures are the whole point: nothing is asserted.

``--game all`` measures every pack under the head's content/ (a folder with a game.yaml) in
turn; a pack the base commit lacks is measured on the head alone (its base columns read '-').

genkit keeps what it lays out in a disk cache (genkit/render/disk_cache.py, ``GENKIT_CACHE_DIR``).
Each side gets a cache folder of its own in the benchmark's temporary folder, never the user's;
``--cache`` says how it is found at each timed run:

* ``warm`` (default): filled by one untimed run of the command first, as a designer's command
  finds it after the last one on the same content;
* ``cold``: emptied before every run, as the first command after the content, its templates or
  genkit changed everywhere (each run still writes the cache, and pays for it);
* ``edit``: after an edit. Each side measures a copy of the pack; one untimed run fills the
  cache from it, then before each timed run one number of the copy changes to a value no run
  had before (the first ``movement: N`` of its YAML files becomes N + 1, N + 2, ...: a unit
  type's movement, printed on its counters), as a designer's command finds the cache after
  changing a number in the YAML;
* ``off``: ``GENKIT_CACHE_DIR=off``, nothing read or written.

A base commit from before the cache ignores the variable: it is the same for it in every mode.

``--used N`` puts N entries of 4 kB (of a kind no command reads) in each side's cache folder
first, as a designer's cache holds thousands after weeks of use: what a command pays for the
folder's size (a walk of it to keep it under its limit) shows.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from _builds import compile_python, share_builds

REPO = Path(__file__).resolve().parents[1]


def commands(game: str, out: str) -> dict[str, list[str]]:
    """The commands measured: name -> arguments of ``python -m genkit.cli``."""
    return {
        "check": ["check", game],
        "build": ["build", game, "--out", out],
        "play": ["play", game, "--seed", "1"],
        "sim --games 1": ["sim", game, "--games", "1", "--workers", "1", "--no-progress"],
    }


class Run(NamedTuple):
    """One command's run: its CPU seconds (user + system), wall seconds and peak resident kB."""
    cpu: float
    wall: float
    peak_kb: int


def run_once(checkout: Path, args: list[str], cache: str, tries: int = 3) -> Run:
    """One ``python -m genkit.cli ARGS`` run in ``checkout``, its disk cache in ``cache``
    ('off': none). A run that fails is made again, up to ``tries`` in all: on a loaded machine a
    face can run past its wall-clock time limit (2 s) and the check refuses it."""
    for _ in range(tries - 1):
        try:
            return _run(checkout, args, cache)
        except SystemExit as failed:
            print(f"  (tried again) {str(failed).splitlines()[0]}", file=sys.stderr)
    return _run(checkout, args, cache)


def _run(checkout: Path, args: list[str], cache: str) -> Run:
    env = dict(os.environ, PYTHONPATH=str(checkout), GENKIT_CACHE_DIR=cache)
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "genkit.cli", *args], cwd=checkout, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if proc.returncode != 0:
        raise SystemExit(f"{checkout}: genkit {' '.join(args)} exited {proc.returncode}:\n{err[-2000:]}")
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="HEAD~1", help="the commit to measure against (default HEAD~1)")
    parser.add_argument("--game", default="content/bering_land",
                        help="the pack, relative to each checkout; 'all': every bundled pack")
    parser.add_argument("--runs", type=int, default=5, help="runs per command and side (default 5)")
    parser.add_argument("--only", help="comma-separated command names (check, build, play, 'sim --games 1')")
    parser.add_argument("--cache", choices=("warm", "cold", "edit", "off"), default="warm",
                        help="how each timed run finds genkit's disk cache (see above; default warm)")
    parser.add_argument("--used", type=int, default=0, metavar="N",
                        help="entries of 4 kB put in each side's cache folder first, as in a used cache (default 0)")
    opts = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="genkit-wait-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", str(base), opts.base],
                       check=True)
        # genkit.templates is the repository's templates/ (pyproject's package-dir): an editable
        # install maps it to this checkout's, so the base checkout gets a link to its own
        (base / "genkit" / "templates").symlink_to(Path("..") / "templates", target_is_directory=True)
        left = share_builds(REPO, base)     # the base's compiled searches, as an install has them
        if left:
            print(f"base {opts.base}: not compiled here, its Python fallback runs: {', '.join(left)}")
        for checkout in (base, REPO):       # each side's modules byte-compiled, as pip leaves them
            compile_python(checkout)
        try:
            for game in games(opts.game):
                measure(base, opts, game, Path(tmp))
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(base)], check=False)


def games(chosen: str) -> list[str]:
    """The packs measured: ``chosen``, or with 'all' every pack of this checkout's content/."""
    if chosen != "all":
        return [chosen]
    return sorted(f"content/{p.name}" for p in (REPO / "content").iterdir() if (p / "game.yaml").is_file())


#: the number an ``--cache edit`` run changes: the first unit type's movement in the pack's YAML,
#: in block style (``movement: 3`` on its line) or flow style (``{id: inf, ..., movement: 1}``)
EDITED = re.compile(r"((?:^\s*-?\s*|[{,]\s*)movement:\s*)(\d+)", re.MULTILINE)


class NothingToEdit(Exception):
    """The pack has no ``movement: N`` to change (a game of cards without a map)."""


def edit_pack(pack: Path, step: int, original: dict[Path, str]) -> None:
    """Change one number of ``pack`` (a copy): the first ``movement: N`` of its YAML files, in
    the order of their names, becomes N + ``step``. ``original`` keeps the text of each file
    as first read, so every step edits the original text (step 1, 2, ...: a new value each)."""
    for path in sorted(pack.glob("*.yaml")):
        text = original.setdefault(path, path.read_text(encoding="utf-8"))
        found = EDITED.search(text)
        if found:
            new = f"{found.group(1)}{int(found.group(2)) + step}"
            path.write_text(text[:found.start()] + new + text[found.end():], encoding="utf-8")
            return
    raise NothingToEdit(f"no 'movement: N' in {pack.name}'s YAML files to change")


def fill(cache: Path, entries: int) -> None:
    """``entries`` files of 4 kB in ``cache``, as a used cache's entries (a kind no command
    reads, named as the disk cache names its entries, used long ago), when it has fewer."""
    folder = cache / "filler"
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(len(list(folder.iterdir())), entries):
        path = folder / f"{n:064x}.pickle"
        path.write_bytes(bytes(4096))
        os.utime(path, ns=(0, 0))


def measure(base: Path, opts, game: str, tmp: Path) -> None:
    sides = {"base": base, "head": REPO}
    if not (base / game / "game.yaml").is_file():
        del sides["base"]
    packs = {side: game for side in sides}
    originals: dict[str, dict] = {side: {} for side in sides}
    if opts.cache == "edit":        # each side's own copy of its pack, edited before each run
        for side, checkout in sides.items():
            copy = tmp / f"edit-{side}" / Path(game).name
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(checkout / game, copy)
            packs[side] = str(copy)
            try:
                edit_pack(copy, 0, originals[side])     # the original value: finds the number
            except NothingToEdit as none:
                print(f"{game}: --cache edit: {none}; skipped")
                return
    wanted = commands(game, str(tmp / "kit"))
    if opts.only:
        names = [n.strip() for n in opts.only.split(",")]
        unknown = [n for n in names if n not in wanted]
        if unknown:
            raise SystemExit(f"--only: unknown command(s) {unknown}; known: {list(wanted)}")
        wanted = {n: wanted[n] for n in names}
    print(f"{game}: head {REPO} against base {opts.base}{'' if 'base' in sides else ' (not in base)'}, "
          f"{opts.runs} alternating runs, medians, disk cache {opts.cache}")
    print(f"{'command':<16}{'base CPU':>9}{'head CPU':>9}{'head/base':>11}{'base s':>8}{'head s':>8}"
          f"{'base MB':>9}{'head MB':>9}")
    step = 0        # the edits made so far: each run's edit is a value no run had before
    for name, args in wanted.items():
        runs: dict[str, list[Run]] = {side: [] for side in sides}
        caches = {side: "off" if opts.cache == "off" else str(tmp / f"cache-{side}") for side in sides}
        for cache in caches.values():
            if cache != "off":
                fill(Path(cache), opts.used)
        side_args = {side: [packs[side] if a == game else a for a in args] for side in sides}
        if opts.cache in ("warm", "edit"):
            for side, checkout in sides.items():
                run_once(checkout, side_args[side], caches[side])
        for _ in range(opts.runs):
            step += 1
            for side, checkout in sides.items():
                if opts.cache == "cold":
                    shutil.rmtree(caches[side], ignore_errors=True)
                    fill(Path(caches[side]), opts.used)
                if opts.cache == "edit":
                    edit_pack(Path(packs[side]), step, originals[side])
                runs[side].append(run_once(checkout, side_args[side], caches[side]))
        cpu = {side: statistics.median(r.cpu for r in got) for side, got in runs.items()}
        wall = {side: statistics.median(r.wall for r in got) for side, got in runs.items()}
        peak = {side: max(r.peak_kb for r in got) / 1024 for side, got in runs.items()}

        def col(figures: dict, side: str, width: int, digits: int) -> str:
            return f"{figures[side]:>{width}.{digits}f}" if side in figures else f"{'-':>{width}}"
        ratio = f"{cpu['head'] / cpu['base']:>11.2f}" if "base" in cpu else f"{'-':>11}"
        print(f"{name:<16}{col(cpu, 'base', 9, 3)}{col(cpu, 'head', 9, 3)}{ratio}{col(wall, 'base', 8, 2)}"
              f"{col(wall, 'head', 8, 2)}{col(peak, 'base', 9, 1)}{col(peak, 'head', 9, 1)}", flush=True)


if __name__ == "__main__":
    main()
