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
