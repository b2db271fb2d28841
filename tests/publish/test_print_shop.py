"""Print-shop mode (issue 28, finding 7): a bleed build's sheets carry a TrimBox at the cut, a
BleedBox round the art, and an output intent with an embedded ICC profile naming the RGB they are
in; checked by real clients: qpdf --check, pdfinfo -box (poppler), ghostscript, and the profile
read back by LittleCMS (Pillow)."""
from __future__ import annotations

import io
import json
import re
import subprocess

import pytest

from publish_helpers import GAMES

SHEETS = ("map", "counters", "cards", "player-aid", "dice")


def _boxes(pdf) -> list[dict]:
    out = subprocess.run(["pdfinfo", "-box", "-f", "1", "-l", "999", str(pdf)], capture_output=True, text=True,
                         check=True).stdout
    pages: dict[int, dict] = {}
    for m in re.finditer(r"Page\s+(\d+)\s+(\w+Box):\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", out):
        pages.setdefault(int(m[1]), {})[m[2]] = tuple(float(m[i]) for i in range(3, 7))
    assert "PDF version:    1.4" in out or "PDF version:     1.4" in out, out[-200:]
    return [pages[n] for n in sorted(pages)]


@pytest.mark.parametrize("game", GAMES)
def test_finding_7_bleed_sheets_have_trim_bleed_and_an_srgb_output_intent(kits, game):
    from PIL import ImageCms
    from pypdf import PdfReader
    folder = kits[game]["a4-bleed"]
    manifest = {c["kind"]: c for c in json.loads((folder / "manifest.json").read_text())["components"]}
    bleed = 3 / 25.4 * 72
    checked = 0
    for kind in SHEETS:
        if kind not in manifest:
            continue
        pdf = folder / manifest[kind]["file"]
        assert subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True).returncode == 0
        gs = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", str(pdf)],
                            capture_output=True, text=True)
        assert gs.returncode == 0 and "Error" not in gs.stdout + gs.stderr
        for page in _boxes(pdf):
            media, trim, bbox = page["MediaBox"], page["TrimBox"], page["BleedBox"]
            assert trim[0] == pytest.approx(bleed, abs=0.01) and trim[1] == pytest.approx(bleed, abs=0.01)
            assert media[2] - trim[2] == pytest.approx(bleed, abs=0.01)
            assert bbox == media
        intents = PdfReader(pdf).trailer["/Root"]["/OutputIntents"]
        assert len(intents) == 1
        intent = intents[0].get_object()
        assert intent["/OutputConditionIdentifier"] == "sRGB IEC61966-2.1"
        profile = ImageCms.ImageCmsProfile(io.BytesIO(intent["/DestOutputProfile"].get_object().get_data()))
        assert "sRGB" in ImageCms.getProfileDescription(profile)
        assert manifest[kind]["output_intent"] == "sRGB IEC61966-2.1"
        checked += 1
    assert checked >= 3            # map, counters, player aid (and cards, dice where the game has them)


def test_home_builds_stay_plain(kits):
    from pypdf import PdfReader
    pdf = kits["bering_land"]["letter"] / "counters.pdf"
    assert "/OutputIntents" not in PdfReader(pdf).trailer["/Root"]
