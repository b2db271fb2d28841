"""The time a pack's own templates may take to render in one command, all faces together
(``genkit --limit template_seconds=N``): each face has 2 s (:mod:`.sandbox`), but a pack with
many faces, each a little under 2 s, would hold ``check`` or ``build`` for minutes.

The time spent is kept per pack for as long as the same limits are in force: ``genkit`` puts a
fresh set in force at the start of every command (:func:`genkit.model.yaml_safe.set_limits`),
so each command starts with the whole allowance, also when several run in one process.
Faces may render in threads: the counts are kept under a lock.
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from typing import Iterator

from ..model.yaml_safe import current_limits

_lock = threading.Lock()
_spent: dict[str, float] = {}
_counted_under: list = [None]  # the limits _spent was counted under


@contextmanager
def timing(pack: str | None) -> Iterator[float]:
    """The seconds ``pack``'s templates have left (infinite for genkit's own, ``pack`` None);
    the time the block takes is spent from them."""
    if pack is None:
        yield float("inf")
        return
    limits = current_limits()
    with _lock:
        if _counted_under[0] is not limits:
            _spent.clear()
            _counted_under[0] = limits
        left = limits.template_seconds - _spent.get(pack, 0.0)
    start = time.monotonic()
    try:
        yield left
    finally:
        with _lock:
            if _counted_under[0] is limits:
                _spent[pack] = _spent.get(pack, 0.0) + time.monotonic() - start
