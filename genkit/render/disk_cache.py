"""What genkit lays out, kept on disk between commands, so ``check`` and ``build`` of a game
whose content has not changed since the last one read it back instead of laying it out again.

Every entry is found by a key that is the SHA-256 of all it was made from: the inputs the
caller names (a template's context, every template file it could read, the limits in force)
and :func:`code_digest`, the bytes of genkit's own code and fonts and the versions of the
libraries that lay out and parse (Jinja2, PyYAML, reportlab). So a changed template, content
value, limit or genkit release never finds an entry made before it: the entry is not stale,
it is simply not looked up. Only what succeeded is kept: a refusal is made afresh each time,
with its message.

Where (the cache folder, documented in README and ``docs/adding-a-game.md``):

* ``$GENKIT_CACHE_DIR`` when set; ``GENKIT_CACHE_DIR=off`` (or empty) keeps nothing on disk;
* else ``$XDG_CACHE_HOME/genkit``, else ``~/.cache/genkit``.

The folder is kept under :data:`MOST_BYTES` (``GENKIT_CACHE_MB``, default 256): the first
command of a process that adds an entry to a fuller folder deletes the entries used longest
ago (reading an entry counts as a use); notes of the bytes stored since the last look spare it
walking a folder that cannot be fuller. Deleting the folder is always safe. A cache that cannot be read or written (no room, no
permission, a damaged entry) is a miss, never an error: the work is done as without it.
Entries are Python pickles, written by this user's genkit into this user's cache folder.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import stat
import sys
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

OFF = ("", "off", "0", "no", "false")
MOST_BYTES = 256 * 2 ** 20          #: the cache folder's size, past which old entries go
PACKAGE = Path(__file__).resolve().parents[1]       # genkit/


def cache_dir() -> Path | None:
    """The cache folder, or None when the cache is off (see the module doc)."""
    chosen = os.environ.get("GENKIT_CACHE_DIR")
    if chosen is not None:
        return None if chosen.strip().lower() in OFF else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "genkit"


def file_stamps(folder: str, seen: set | None = None) -> list[tuple[str, int, int, int]]:
    """(path, size, time of change, time of status change) of every regular file under
    ``folder`` (links followed, each real folder once, compiled Python and the cache folder
    itself left out: a cache kept inside a pack changes with every command), sorted."""
    if seen is None:
        folder_of_cache = cache_dir()
        seen = {os.path.realpath(folder_of_cache)} if folder_of_cache is not None else set()
    real = os.path.realpath(folder)
    if real in seen:
        return []
    seen.add(real)
    out = []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return out
    for entry in entries:
        try:
            if entry.is_dir():
                if entry.name != "__pycache__":
                    out += file_stamps(entry.path, seen)
            elif entry.is_file():
                info = entry.stat()
                out.append((entry.path, info.st_size, info.st_mtime_ns, info.st_ctime_ns))
        except OSError:
            out.append((entry.path, -1, 0, 0))
    return out


def folder_digest(folder: str | os.PathLike, largest: int | None = None, fresh: bool = False) -> str:
    """SHA-256 of the names and bytes of every file under ``folder`` ('' when it is not a
    folder): what a template found there may read. A file past ``largest`` bytes counts by its
    size alone (a template that large is refused before it is read, so nothing made from it is
    ever kept) and is never read. Hashed again only when a file's name, size or times of change
    differ from the last time in this process, or always (``fresh``: a file may have changed
    within its time stamp's tick)."""
    folder = os.fspath(folder)
    if not os.path.isdir(folder):
        return ""
    stamps = tuple(file_stamps(folder))
    return _hashed.__wrapped__(folder, stamps, largest) if fresh else _hashed(folder, stamps, largest)


@lru_cache(maxsize=64)
def _hashed(folder: str, stamps: tuple, largest: int | None) -> str:
    digest = hashlib.sha256()
    for path, size, *_ in stamps:
        digest.update(f"{os.path.relpath(path, folder)}\0{size}\0".encode())
        if largest is not None and size > largest:
            continue
        try:
            with open(path, "rb") as f:
                while chunk := f.read(1 << 20):
                    digest.update(chunk)
        except OSError:
            digest.update(b"\0unreadable")
    return digest.hexdigest()


def templates_digest(folder: str | os.PathLike) -> str:
    """:func:`folder_digest` of a folder of templates, files past the ``template_size`` limit
    in force counted by their size. genkit's own templates change with genkit, not while it
    runs: they are hashed once a process."""
    from ..model.limits import current_limits
    from ..templates import FOLDER
    if os.fspath(folder) == os.fspath(FOLDER):
        return _genkit_templates()
    return folder_digest(folder, current_limits().template_size)


@lru_cache(maxsize=1)
def _genkit_templates() -> str:
    from ..templates import FOLDER
    return folder_digest(FOLDER)


#: the libraries whose output an entry holds (laid out, parsed, validated): their versions are in
#: :func:`code_digest`
LIBRARIES = ("jinja2", "yaml", "reportlab", "pydantic", "markdown_it", "PIL")

#: the environment variables that change what a library lays out or writes (reportlab reads its
#: settings, ``rl_config``, from ``RL_`` variables): their values are in :func:`code_digest`
SETTINGS_PREFIX = "RL_"


@lru_cache(maxsize=1)
def code_digest() -> str:
    """SHA-256 of genkit's code and fonts (every file of the package) and of the versions of
    Python and of the libraries whose output an entry holds (:data:`LIBRARIES`), and the settings
    they read from the environment (:data:`SETTINGS_PREFIX`): any change makes new keys. The digest is kept in the cache too, found by the names, sizes and times of change
    of the package's files and of each library's own ``__init__`` (as :func:`folder_digest`
    finds it within a process; an upgraded library's files are new): the package's eight
    megabytes are read again only when one of those files has changed since. No library is
    imported for its version (:func:`_versions`)."""
    stamps = tuple(file_stamps(str(PACKAGE)))
    libraries = tuple(_library_stamp(name) for name in LIBRARIES)
    settings = tuple(sorted((k, v) for k, v in os.environ.items() if k.startswith(SETTINGS_PREFIX)))
    found = hashlib.sha256(repr((sys.version, libraries, settings, stamps)).encode("utf-8", "surrogatepass")).hexdigest()
    kept = load("code-digest", found)
    if isinstance(kept, str):
        return kept
    digest = hashlib.sha256(_versions().encode() + repr(settings).encode("utf-8", "surrogatepass")
                            + _hashed(str(PACKAGE), stamps, None).encode()).hexdigest()
    if not _racy(stamps + libraries):
        store("code-digest", found, digest)
    return digest


def _library_stamp(name: str) -> tuple:
    """(path, size, time of change, time of status change) of library ``name``'s ``__init__``,
    found without importing it."""
    from importlib.util import find_spec
    try:
        origin = find_spec(name).origin
        info = os.stat(origin)
        return (origin, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
    except (AttributeError, ImportError, OSError, TypeError, ValueError):
        return (name, -1, 0, 0)


def _versions() -> str:
    """Python's version and each library's of :data:`LIBRARIES`: the bytes of the files that
    name it (the package's ``__init__`` and, where it has one, ``version.py`` or ``_version.py``), read without
    importing the library (a ``play`` lays nothing out and imports no template library)."""
    from importlib.util import find_spec
    parts = [sys.version]
    for name in LIBRARIES:
        try:
            origin = find_spec(name).origin
        except (AttributeError, ImportError, ValueError):
            parts.append(f"{name} missing")
            continue
        for path in (origin, *(os.path.join(os.path.dirname(origin), v) for v in ("version.py", "_version.py"))):
            try:
                with open(path, "rb") as f:
                    parts.append(f"{name}/{os.path.basename(path)} {hashlib.sha256(f.read()).hexdigest()}")
            except (OSError, TypeError):
                pass
    return "|".join(parts)


#: a file changed less than this long ago may change again within its time stamp's tick
RACY_NS = 2_000_000_000


def _racy(stamps) -> bool:
    """Whether a file of ``stamps`` changed too recently for its stamp to tell a later change
    (as git's "racy" index entries): the digest is then used but not kept."""
    import time
    now = time.time_ns()
    return any(now - max(st[2], st[3]) < RACY_NS for st in stamps)


def key_of(kind: str, *parts: str) -> str:
    """The key of an entry of ``kind`` made from ``parts`` (and genkit's code)."""
    digest = hashlib.sha256(f"{kind}\0{code_digest()}".encode())
    for part in parts:
        digest.update(b"\0" + part.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _entry_path(folder: Path, kind: str, key: str) -> Path:
    return folder / kind / f"{key}.pickle"


def exists(kind: str, key: str) -> bool:
    """Whether an entry is kept under ``key`` (it may still turn out unreadable: :func:`load`)."""
    folder = cache_dir()
    if folder is None:
        return False
    try:
        return stat.S_ISREG(os.stat(_entry_path(folder, kind, key)).st_mode)
    except (OSError, ValueError):         # missing, a name too long, no permission: not kept
        return False


def load(kind: str, key: str) -> Any | None:
    """The value kept under ``key`` (None: none, or the cache is off or unreadable)."""
    folder = cache_dir()
    if folder is None:
        return None
    path = _entry_path(folder, kind, key)
    try:
        with open(path, "rb") as f:
            value = pickle.load(f)
        os.utime(path)                    # used now: the last to go when the folder is full
        return value
    except Exception:      # missing, unreadable, damaged, from another layout of the classes: a miss
        return None


def store(kind: str, key: str, value: Any) -> None:
    """Keep ``value`` under ``key``: written beside its place (under a name of this process's and
    thread's own) and renamed into it, so a reader sees a whole entry or none; any failure to
    write leaves the cache as it was."""
    folder = cache_dir()
    if folder is None:
        return
    path = _entry_path(folder, kind, key)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        except FileNotFoundError:           # the entry's folder is new
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except Exception:
        return
    _note_added(folder, len(data))
    _pruned(folder)


def most_bytes() -> int:
    """The size the cache folder is kept under: ``GENKIT_CACHE_MB`` megabytes, else :data:`MOST_BYTES`."""
    try:
        return max(0, int(float(os.environ["GENKIT_CACHE_MB"]) * 2 ** 20))
    except (KeyError, ValueError, OverflowError):      # unset, not a number, infinite
        return MOST_BYTES


#: in the cache folder: the bytes its entries took when it was last walked, and the size of
#: each entry stored since (a line each, appended): what :func:`_pruned` reads before walking it
WALKED, ADDED = "walked-bytes", "added-bytes"
#: past this many bytes of notes of entries added, the folder is walked whatever they add up to
MOST_NOTES = 64 * 1024


def _note_added(folder: Path, size: int) -> None:
    """Note that an entry of ``size`` bytes was stored (appended in one write, which concurrent
    commands' appends do not interleave)."""
    try:
        fd = os.open(folder / ADDED, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, b"%d\n" % size)
        finally:
            os.close(fd)
    except OSError:
        pass


def _estimate(folder: Path) -> int | None:
    """The bytes the folder's entries take at most, as noted since it was last walked: the
    entries then and every one stored since (an entry replaced or deleted since counts still;
    None: no notes, or notes that cannot be read, or too many of them)."""
    try:
        walked = int((folder / WALKED).read_text(encoding="ascii"))
        with open(folder / ADDED, "rb") as f:
            notes = f.read(MOST_NOTES + 1)
    except (OSError, ValueError):
        return None
    if len(notes) > MOST_NOTES:
        return None
    try:
        return walked + sum(int(n) for n in notes.split())
    except ValueError:
        return None


@lru_cache(maxsize=4)
def _pruned(folder: Path) -> None:
    """Once a process: when this cache's entries in ``folder`` (its ``*.pickle`` files; the
    folder also holds other things genkit keeps, such as the VASSAL engine, never touched here)
    take more than :func:`most_bytes`, delete those used longest ago until they take three
    quarters of it. The folder is walked only when the notes of what was stored since the last
    walk (:func:`_estimate`) may add up to more: a used cache holds thousands of entries, whose
    walk would take a build some 50 ms."""
    limit = most_bytes()
    estimate = _estimate(folder)
    if estimate is not None and estimate <= limit:
        return
    found = []
    for top, _, files in os.walk(folder):
        for name in files:
            if not name.endswith(".pickle"):
                continue
            path = os.path.join(top, name)
            try:
                info = os.stat(path)
            except OSError:
                continue
            found.append((info.st_mtime_ns, info.st_size, path))
    total = sum(size for _, size, _ in found)
    if total > limit:
        for _, size, path in sorted(found):
            if total <= limit * 3 // 4:
                break
            try:
                os.unlink(path)
                total -= size
            except OSError:
                pass
    _walked(folder, total)


def _walked(folder: Path, total: int) -> None:
    """Note the bytes the entries take after a walk, and forget the notes of entries added (an
    entry stored by another command between the walk and now goes uncounted until the next)."""
    tmp = folder / f".{WALKED}.{os.getpid()}.{threading.get_ident()}.tmp"
    try:
        tmp.write_text(str(total), encoding="ascii")
        os.replace(tmp, folder / WALKED)
        open(folder / ADDED, "wb").close()
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass


def cached(kind: str, key: str, make: Callable[[], Any]) -> Any:
    """The value kept under ``key``, else ``make()``, kept (only when it returns)."""
    value = load(kind, key)
    if value is None:
        value = make()
        store(kind, key, value)
    return value


def pack_parts(content, content_root) -> tuple[str, ...]:
    """What anything printed from a pack may read besides its own inputs: the whole model (as
    validated, overrides applied), every template of the pack and of genkit, and the limits in
    force (``--limit``)."""
    from ..model.limits import current_limits
    from ..templates import FOLDER
    own = ""
    if content_root is not None:
        root = Path(content_root)
        own = templates_digest((root.parent if root.is_file() else root) / "templates")
    return (content.model_dump_json(), own, templates_digest(FOLDER), repr(current_limits()))
