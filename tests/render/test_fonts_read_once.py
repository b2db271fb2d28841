"""A build reads each bundled TTF once: the face its checks measured is the one its PDFs embed."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import collections, sys
from reportlab.pdfbase import ttfonts
reads = collections.Counter()
init = ttfonts.TTFont.__init__
def counted(self, name, filename, *args, **kwargs):
    reads[filename] += 1
    init(self, name, filename, *args, **kwargs)
ttfonts.TTFont.__init__ = counted
from genkit.pack.printable import build_kit
build_kit(sys.argv[1], sys.argv[2], only=sys.argv[3])
import json
print(json.dumps(reads))
"""


def _reads(tmp_path, only: str) -> dict:
    env = dict(os.environ, GENKIT_CACHE_DIR="off", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", CHILD, str(ROOT / "content" / "bering_land"),
                          str(tmp_path / "kit"), only], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_a_build_reads_each_font_once(tmp_path):
    # the cards' faces are measured by the checks (every font read for its metrics), then printed
    from genkit.render.fonts import FONT_DIR, FONT_FILES
    every = {str(FONT_DIR / filename) for _, filename in FONT_FILES.values()}
    assert _reads(tmp_path, "cards,rules") == dict.fromkeys(every, 1)


def test_a_font_kept_in_the_disk_cache_is_the_font_read_from_its_file(tmp_path, monkeypatch):
    from reportlab.pdfbase.ttfonts import TTFont
    from genkit.render import fonts
    monkeypatch.setenv("GENKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(fonts, "_kept", None)
    for rl_name, filename in fonts.FONT_FILES.values():
        read = fonts._ttfont(rl_name, filename)              # read from its file, and kept
        kept = fonts._ttfont(rl_name, filename)              # read back from the cache
        assert kept is not read
        fresh = TTFont(rl_name, str(fonts.FONT_DIR / filename))
        # every field the same, in the same order, of the same types (glyphToChar, read by
        # reportlab's shaping alone, is kept empty when the font cannot be shaped)
        shapable = getattr(fresh, "shapable", False)          # a reportlab before 4.1 shapes nothing
        left_out = {"_pdfScale"} | ({"glyphToChar"} if not shapable else set())
        if hasattr(fresh.face, "glyphToChar"):
            assert kept.face.glyphToChar == (fresh.face.glyphToChar if shapable else {})
        for name, value in vars(fresh.face).items():
            if name not in left_out:
                assert vars(kept.face)[name] == value and type(vars(kept.face)[name]) is type(value), name
                if isinstance(value, dict):
                    assert list(vars(kept.face)[name].items()) == list(value.items()), name
                    assert {type(v) for v in vars(kept.face)[name].values()} == {type(v) for v in value.values()}
                if isinstance(value, list):
                    assert [type(v) for v in vars(kept.face)[name]] == [type(v) for v in value], name
        if hasattr(fresh.face, "_pdfScale"):
            assert [kept.face._pdfScale(v) for v in (0, 1, 2048, -777)] == \
                [fresh.face._pdfScale(v) for v in (0, 1, 2048, -777)]
        assert set(vars(kept.face)) == set(vars(fresh.face)) | {"makeSubset"}     # kept subsets
        assert (kept.fontName, kept._asciiReadable, getattr(kept, "shapable", False)) == \
            (fresh.fontName, fresh._asciiReadable, shapable)
        assert set(vars(kept)) == set(vars(fresh))
        assert kept.face.makeSubset([0, 65, 66]) == fresh.face.makeSubset([0, 65, 66])
    assert len(list((tmp_path / "ttf").glob("*.pickle"))) == len(fonts.FONT_FILES)


def test_a_font_subset_kept_in_the_disk_cache_is_the_subset_cut_from_the_font(tmp_path, monkeypatch):
    # a PDF embeds the subset of each font its text uses: cut once, then read back by the
    # characters, the same bytes reportlab cuts
    from reportlab.pdfbase.ttfonts import TTFont
    from genkit.render import fonts
    monkeypatch.setenv("GENKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(fonts, "_kept", None)
    rl_name, filename = fonts.FONT_FILES["sans"]
    fresh = TTFont(rl_name, str(fonts.FONT_DIR / filename)).face.makeSubset
    font = fonts._ttfont(rl_name, filename)
    cut = []
    font.face.makeSubset.make = lambda subset: cut.append(list(subset)) or fresh(subset)
    for subset in ([0, 65, 66], [0, 65, 66], [0, 67, 0x416]):
        assert font.face.makeSubset(subset) == fresh(subset)
    assert cut == [[0, 65, 66], [0, 67, 0x416]]          # the second ask of a subset cuts nothing
    assert len(list((tmp_path / "ttf-subset").glob("*.pickle"))) == 2
