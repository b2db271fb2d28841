"""Outputs that are never half-written, and write errors that name the output.

:func:`write_file` writes a file beside its target and renames it over the target, so a reader
sees the old file or the new one, never a part.

:func:`replaced_folder` does the same for a folder (``genkit build``). Its guarantees:

* **The old output is never missing.** The new folder is written as ``.<name>.building-<pid>``
  beside the output, then swapped with the old one in one step (Linux ``renameat2`` with
  ``RENAME_EXCHANGE``) and the old one, now under the temporary name, is deleted. Where that call
  does not exist (other systems, some file systems) the swap is three renames: old to
  ``.<name>.previous-<pid>``, new to the output, previous to the temporary name. A writer killed
  between the first two leaves no output, only the previous folder; the next writer puts it back
  before anything else.
* **One writer at a time.** A writer holds ``flock`` on ``.<name>.lock`` beside the output from
  before it creates its temporary folder until it has removed it. A second writer is refused at
  once with :class:`OutputBusy` (it does not wait). The lock file stays, empty, for the next one.
* **Only genkit's own output is replaced.** :func:`output_folder` runs first and refuses (with
  :class:`OutputRefused`, before anything is created) an output that is, holds or lies inside an
  input (the content folder), the current folder or one holding it, a mount point, or a folder
  that holds files genkit did not write. An output that is a symlink is built at its target.
* **Killed writers are cleaned up.** Because of the lock, any ``.<name>.building-*`` or
  ``.<name>.previous-*`` folder the lock holder finds belongs to a writer that died (killed, or
  the machine stopped); it is removed before the new folder is written.

Killing the process is covered; a power cut is not (nothing is fsync'ed).

:func:`output_errors` turns an :class:`OSError` raised while writing into an :class:`OutputError`
naming the output the user asked for (``write()`` names no file, and a temporary name means
nothing to the user); :data:`ENVIRONMENT_ERRNOS` are the causes that are the environment's
(disk full, no permission, read-only), not a bug.
"""
from __future__ import annotations

import ctypes
import errno
import os
import re
import shutil
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: builds into one folder are not serialised
    fcntl = None

ENVIRONMENT_ERRNOS = frozenset({
    errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO,          # the disk is full or failing
    errno.EACCES, errno.EPERM, errno.EROFS,                      # no permission, read-only
    errno.ENAMETOOLONG, errno.EISDIR, errno.ENOTDIR,             # the path cannot be a file there
    errno.EBUSY,                                                 # a folder the system will not rename
})
OUTPUT_SUFFIXES = frozenset({".pdf", ".svg", ".png", ".json", ".vmod"})   # what build and export write
OUTPUT_MARKS = ("manifest.json", "*.vmod", "tts")   # one of them at the top: a kit or an export
FOLDER_VIEW_FILES = frozenset({".DS_Store", "Thumbs.db", "desktop.ini"})  # file browsers add them
SOURCE_SUFFIXES = frozenset({".yaml", ".yml", ".csv", ".md", ".j2"})     # what a pack is made of
MAX_OUTPUT_FILES = 10_000   # an output folder with more files than this is not one genkit wrote


class OutputError(OSError):
    """Writing an output failed: ``filename`` is the output, ``strerror`` the cause."""


class OutputBusy(Exception):
    """Another process is writing the same output folder."""


class OutputRefused(Exception):
    """An output that would overwrite or delete an input, or files genkit did not write."""


@contextmanager
def output_errors(path):
    """Re-raise an environment OSError (see :data:`ENVIRONMENT_ERRNOS`) raised inside as an
    :class:`OutputError` naming ``path``; other errors pass unchanged (they are bugs)."""
    try:
        yield
    except OutputError:
        raise
    except OSError as exc:
        if exc.errno not in ENVIRONMENT_ERRNOS:
            raise
        raise OutputError(exc.errno, exc.strerror, os.fspath(path)) from exc


def write_file(path, data: bytes) -> Path:
    """Write ``data`` to ``path`` through a temporary file beside it (a reader sees the old file or
    the new one); errors come out as :class:`OutputError` naming ``path``. Returns the path."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    with output_errors(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            tmp.write_bytes(data)
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
    return path


# --------------------------------------------------------------------------- what may be written

def _real(path) -> Path:
    return Path(os.path.realpath(path))


def _overlap(out: Path, inputs) -> str | None:
    """How the output ``out`` (resolved) meets one of ``inputs``, or None."""
    for given in inputs:
        src = _real(given)
        if out == src:
            return f"is the input {given}"
        if out.is_relative_to(src):
            return f"lies inside the input {given}"
        if src.is_relative_to(out):
            return f"holds the input {given}"
    return None


def _stranger(folder: Path) -> str | None:
    """Why the existing folder ``folder`` is not genkit's output to replace, or None if it is
    (empty, or a kit or an export: files of :data:`OUTPUT_SUFFIXES` and one of :data:`OUTPUT_MARKS`)."""
    count = 0
    for root, _, files in os.walk(folder):
        for name in files:
            count += 1
            if count > MAX_OUTPUT_FILES:
                return f"holds more than {MAX_OUTPUT_FILES:,} files"
            if Path(name).suffix.lower() not in OUTPUT_SUFFIXES and name not in FOLDER_VIEW_FILES:
                return f"holds {Path(root, name)}, which genkit did not write"
    if count and not any(next(folder.glob(mark), None) for mark in OUTPUT_MARKS):
        return "holds files but no manifest.json, .vmod or tts/ of a kit or an export genkit wrote"
    return None


def output_folder(out, inputs=()) -> Path:
    """The folder genkit may replace for the output ``out``: its target if it is a symlink.
    Raises :class:`OutputRefused`, naming ``out``, the reason and what to do, if it is, holds or
    lies inside one of ``inputs`` (content folders, files read), is or holds the current folder,
    is a mount point, or holds files genkit did not write."""
    real = _real(out)
    reason = _overlap(real, inputs)
    if reason is None and Path.cwd().resolve().is_relative_to(real):
        reason = "is or holds the current folder"
    if reason is None and os.path.ismount(real):
        reason = "is a mount point, which cannot be replaced"
    if reason is None and real.is_dir():
        reason = _stranger(real)
    if reason:
        raise OutputRefused(f"--out {out} {reason}; genkit replaces the whole output folder, so give a "
                            "new folder, or one genkit wrote, outside the content (e.g. build/<game>)")
    return real


def output_file(path, inputs=()) -> None:
    """Raise :class:`OutputRefused` if writing the file ``path`` would overwrite one of ``inputs``
    (or a file inside an input folder) or an existing file of a pack (YAML, CSV, Markdown, template)."""
    real = _real(path)
    reason = _overlap(real, inputs)
    if reason is None and real.suffix.lower() in SOURCE_SUFFIXES and real.exists():
        reason = f"is a {real.suffix} file, the kind a game's content is made of"
    if reason:
        raise OutputRefused(f"{path} {reason}; genkit would overwrite it: write to a new file outside the "
                            "content")


# --------------------------------------------------------------------------- folders

@contextmanager
def replaced_folder(out, inputs=()):
    """Yield a new, empty folder beside ``out``; when the block ends without an error, the folder
    replaces ``out``; on an error ``out`` is untouched. Raises :class:`OutputRefused` (see
    :func:`output_folder`, checked first) and :class:`OutputBusy` if another process is writing
    ``out``. See the module docstring for the guarantees."""
    out = output_folder(out, inputs)
    out.parent.mkdir(parents=True, exist_ok=True)
    with _locked(out):
        _recover(out)
        tmp = out.parent / f".{out.name}.building-{os.getpid()}"
        tmp.mkdir()
        try:
            yield tmp
            _swap(tmp, out)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)  # after a swap: the old output


@contextmanager
def _locked(out: Path):
    """Hold the lock of ``out`` for the block; :class:`OutputBusy` if another process holds it."""
    if fcntl is None:  # pragma: no cover
        yield
        return
    with open(out.parent / f".{out.name}.lock", "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise OutputBusy(f"another genkit process is writing {out}; run again when it has "
                             "finished") from None
        yield  # closing the file releases the lock


def _leftovers(out: Path) -> list[Path]:
    """Temporary folders of earlier writers of ``out``, oldest first."""
    pattern = re.compile(rf"\.{re.escape(out.name)}\.(building|previous)-\d+")
    found = [p for p in out.parent.iterdir() if pattern.fullmatch(p.name)]
    return sorted(found, key=lambda p: p.lstat().st_ctime)


def _recover(out: Path) -> None:
    """Undo what a killed writer left (call with the lock held): put back an output it had set
    aside, then delete its temporary folders."""
    leftovers = _leftovers(out)
    previous = [p for p in leftovers if ".previous-" in p.name]
    if previous and not out.exists():
        os.rename(previous[-1], out)
        leftovers.remove(previous[-1])
    for p in leftovers:
        if p.is_dir() and not p.is_symlink():
            shutil.rmtree(p)
        else:                     # a link an older genkit swapped in for an output that was a link
            p.unlink()


def _swap(new: Path, out: Path) -> None:
    """Put ``new`` at ``out``; the old ``out`` (if any) ends up at ``new``."""
    if not out.exists():
        os.rename(new, out)
    elif not _exchange(new, out):
        previous = out.parent / f".{out.name}.previous-{os.getpid()}"
        os.rename(out, previous)
        try:
            os.rename(new, out)
        except BaseException:
            os.rename(previous, out)
            raise
        os.rename(previous, new)


def _load_renameat2():
    try:
        fn = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError, TypeError):  # no such call in this C library (not Linux)
        return None
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    fn.restype = ctypes.c_int
    return fn


_RENAMEAT2 = _load_renameat2()
_AT_FDCWD, _RENAME_EXCHANGE = -100, 2


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step; False where the system or the file system cannot."""
    if _RENAMEAT2 is None:
        return False
    if _RENAMEAT2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), os.fspath(b))
