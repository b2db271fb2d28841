"""Zip archives that are the same bytes for the same files: entries sorted by name, one fixed
timestamp and mode, deflated. A VASSAL module is such a zip; byte-identical exports let a
designer see at once (by hash) whether a content change reached the online version."""

from __future__ import annotations

import io
import zipfile

#: the earliest time a zip can hold; any fixed time would do
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def zip_bytes(files: dict[str, bytes]) -> bytes:
    """A deterministic zip of ``files`` (archive name -> bytes)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            z.writestr(info, files[name])
    return buf.getvalue()
