"""``genkit new``: write a complete starting pack for a new game.

The packs are template folders under ``templates/new/<template>/`` (shipped in the wheel as
``genkit.templates``): each ``<file>.j2`` becomes ``<file>`` in the new content folder. They are
rendered by Jinja2 with ``<<`` ``>>`` and ``<%`` ``%>`` as delimiters, so the ``{{ ... }}``
placeholders and ``{# ... #}`` comments of a pack's own ``rules.md`` pass through untouched. The
context is the game's ``id``, its ``title`` (from the id: ``river_war`` -> "River War") and the
``folder`` it is written to, as typed. Beside the files, the pack gets ``content.schema.json``,
which the first line of each YAML file points editors at.

The pack is written into a hidden folder beside the target and renamed into place at the end, so
a failure never leaves half a pack behind.
"""
from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

import jinja2

from .model.schema import SCHEMA_FILE, json_schema_text
from .templates import FOLDER as TEMPLATES

#: the folder holding one subfolder per starting pack
NEW_PACKS = TEMPLATES / "new"
#: what a game id may be (the model's Id): a lower-case letter, then letters, digits and _
NAME = re.compile(r"[a-z][a-z0-9_]*")


class NewPackError(Exception):
    """The pack cannot be written: a bad name, an unknown template or a folder in the way."""


def templates() -> list[str]:
    """The names of the starting packs, e.g. ``["areas", "standard"]``."""
    if not NEW_PACKS.is_dir():
        return []
    return sorted(p.name for p in NEW_PACKS.iterdir() if p.is_dir() and not p.name.startswith(("_", ".")))


def title_of(name: str) -> str:
    """The title a game id suggests: ``river_war`` -> "River War", ``ww2`` -> "Ww2"."""
    return " ".join(w.capitalize() for w in name.split("_") if w) or name


def check_name(name: str) -> str:
    """``name`` if it is a valid game id, else NewPackError saying what an id is."""
    if not NAME.fullmatch(name):
        raise NewPackError(f"'{name}' is not a valid game id: use a lower-case letter, then lower-case letters, "
                           f"digits and _ (e.g. river_war)")
    return name


def render(template: str, context: dict) -> dict[str, str]:
    """The files of starting pack ``template``, rendered: relative path -> text."""
    folder = NEW_PACKS / template
    if template not in templates():
        raise NewPackError(f"no starting pack '{template}' (known: {', '.join(templates()) or 'none'})")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), undefined=jinja2.StrictUndefined,
                             variable_start_string="<<", variable_end_string=">>",
                             block_start_string="<%", block_end_string="%>",
                             comment_start_string="<#", comment_end_string="#>",
                             keep_trailing_newline=True, autoescape=False)
    files = {}
    for path in sorted(folder.rglob("*.j2")):
        rel = path.relative_to(folder).as_posix()
        files[rel[:-len(".j2")]] = env.get_template(rel).render(context)
    return files


def create_pack(name: str, template: str = "standard", parent: Path | str = "content") -> Path:
    """Write starting pack ``template`` for the game ``name`` into ``parent/name`` and return that
    folder. Refuses a bad name, an unknown template and a folder that exists and is not empty."""
    check_name(name)
    parent = Path(parent)
    target = parent / name
    if target.exists() or target.is_symlink():
        if not target.is_dir() or target.is_symlink():
            raise NewPackError(f"{target} exists and is not a folder; choose another name or move it away")
        if any(target.iterdir()):
            raise NewPackError(f"{target} already exists and is not empty; choose another name, or move or "
                               f"delete that folder first (genkit new never overwrites a pack)")
    files = render(template, {"id": name, "title": title_of(name), "folder": target.as_posix()})
    files[SCHEMA_FILE] = json_schema_text()     # the pack's own copy: its editor link works anywhere
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise NewPackError(f"cannot create the folder {parent}: {exc.strerror}") from exc
    tmp = Path(tempfile.mkdtemp(prefix=f".{name}.new-", dir=parent))
    try:
        for rel, text in files.items():
            out = tmp / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(text, encoding="utf-8")
        os.chmod(tmp, 0o777 & ~_umask())
        if target.is_dir():
            target.rmdir()          # empty (checked above)
        os.rename(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
