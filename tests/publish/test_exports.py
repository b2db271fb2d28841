"""Online exports (issue 28, finding 14): the map image is the map without the print footer, and
both exports carry the player aid (its Combat Results Table) and the rules: the VASSAL module's
Help menu opens them as PDFs (its documentation was empty) and a Charts window shows the aid's
pages; the TTS saved object lays each page beside the board. Measured on the files written."""
from __future__ import annotations

import io
import json
import subprocess
import xml.etree.ElementTree as ET
import zipfile

import pytest
from PIL import Image

from publish_helpers import ROOT


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    from genkit.export import export_game
    out = tmp_path_factory.mktemp("online") / "bering_land-online"
    export_game(ROOT / "content" / "bering_land", out)
    return out


def test_finding_14_the_map_image_has_no_print_footer(exported):
    """The footer's band (its text ran 8 to 15 pt above the bottom edge, now 18 to 26) is blank
    in the exported map below the legend (whose swatches come down to 22 pt): one colour from
    the left margin to the middle of the sheet, 8 to 21 pt up."""
    vmod = zipfile.ZipFile(exported / "bering_land.vmod")
    img = Image.open(io.BytesIO(vmod.read("images/map.png"))).convert("RGB")
    w, h = img.size
    ppi = w / 17.0
    top, bottom = int(h - 21 / 72 * ppi), int(h - 8 / 72 * ppi)
    band = img.crop((int(0.25 * ppi), top, w // 2, bottom))
    assert len(band.getcolors(maxcolors=1 << 16)) == 1          # the paper's colour alone


def test_finding_14_the_vassal_module_documents_the_rules_and_the_player_aid(exported, tmp_path):
    vmod = zipfile.ZipFile(exported / "bering_land.vmod")
    build = ET.fromstring(vmod.read("buildFile.xml"))
    docs = build.find("VASSAL.build.module.Documentation")
    pdfs = {e.get("title"): e.get("pdfFile") for e in docs}
    assert pdfs == {"Rules of play": "pdf/rules.pdf", "Player aid": "pdf/player-aid.pdf"}
    for name in pdfs.values():
        (tmp_path / name.split("/")[1]).write_bytes(vmod.read(name))
        assert subprocess.run(["qpdf", "--check", str(tmp_path / name.split("/")[1])],
                              capture_output=True).returncode == 0
    aid = subprocess.run(["pdftotext", str(tmp_path / "player-aid.pdf"), "-"], capture_output=True, text=True).stdout
    rules = subprocess.run(["pdftotext", str(tmp_path / "rules.pdf"), "-"], capture_output=True, text=True).stdout
    assert "COMBAT RESULTS TABLE" in aid.upper()
    assert "Introduction" in rules and "Combat" in rules
    charts = build.find("VASSAL.build.module.ChartWindow")
    images = [c.get("fileName") for c in charts.iter("VASSAL.build.widget.Chart")]
    info = subprocess.run(["pdfinfo", str(tmp_path / "player-aid.pdf")], capture_output=True, text=True).stdout
    assert len(images) == int(next(ln.split()[1] for ln in info.splitlines() if ln.startswith("Pages:")))
    for name in images:
        Image.open(io.BytesIO(vmod.read(f"images/{name}"))).verify()


def test_finding_14_the_tts_object_lays_out_the_aid_and_rules_pages(exported):
    save = json.loads(next((exported / "tts").glob("*.json")).read_text())
    objects = save["ObjectStates"][0]["ContainedObjects"]
    pages = [o["Nickname"] for o in objects if ", page " in o["Nickname"]]
    assert "Player aid, page 1" in pages and "Rules of play, page 1" in pages
    for o in objects:
        if ", page " in o["Nickname"]:
            name = o["CustomImage"]["ImageURL"].rsplit("/", 1)[1]
            assert (exported / "tts" / "images" / name).is_file()
