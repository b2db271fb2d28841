"""genkit writes VASSAL's delimited fields as the engine's SequenceEncoder does, and the engine reads
back every field genkit writes, for every character (EncoderProbe.java runs the engine's encoder and
decoder on the same fields); a unit or phase name ending in a backslash, with ``;``, ``/`` and ``,``
inside, survives a whole module loaded in the engine (issue 23).

The pinned engine (VASSAL 3.6) quotes a field that starts with a backslash and not one that ends
with it, so its own encoding of ``x\\`` reads back as an escaped delimiter; VASSAL's current
encoder quotes a field that ends with one, as genkit does. Both decoders are the same: a delimiter
after a backslash is escaped, a field wrapped in single quotes loses them. So the encodings are
compared where the two versions agree, and the engine's decoder reads every one of genkit's."""
import subprocess
from pathlib import Path

import pytest

from genkit.export.artwork import load_artwork
from genkit.export.vassal_pieces import decode, encode
from genkit.model.check import load_checked

from . import vassal_engine
from .conftest import ROOT
from .test_vassal_engine import _centres, _check_clean, _check_pieces, _check_setup, _check_tools

DELIMITERS = [";", ",", "/", "\t"]                  # every level genkit writes
CHARACTERS = [chr(c) for c in range(1, 128)] + ["é", "１", "\u2028", "😀"]


def _cases() -> list[tuple[str, list[str]]]:
    cases = []
    for d in DELIMITERS:
        for c in CHARACTERS:
            cases += [(d, [c]), (d, [c, c]), (d, [f"a{c}", f"{c}b"]), (d, [f"{c}{d}", f"{d}{c}", ""]),
                      (d, [f"'{c}'", f"\\{c}\\"]), (d, [f"{c}\\", d, f"{c}{d}\\"])]
        cases += [(d, ["x\\", "y"]), (d, ["\\", "\\", "\\"]), (d, ["'", "''", "'''"]), (d, ["", ""]),
                  (d, [f"\\{d}\\", f"{d}{d}\\{d}"]), (d, ["Foot; a/b, c\\", "Reinf, x; y/z\\"])]
    return cases


def _token(text: str) -> str:
    return "x" + text.encode("utf-8").hex()


def _text(token: str) -> str:
    return bytes.fromhex(token[1:]).decode("utf-8")


@pytest.fixture(scope="module")
def encoder_probe(tmp_path_factory):
    """The java command that runs EncoderProbe against the engine's jar."""
    workdir = tmp_path_factory.mktemp("encoder")
    cmd, why = vassal_engine.engine(workdir)
    if cmd is None:
        pytest.skip(why)
    cp = cmd[cmd.index("-cp") + 1]
    classes = workdir / "encoder-classes"
    subprocess.run(["javac", "-nowarn", "-cp", cp, "-d", str(classes), str(Path(__file__).with_name("EncoderProbe.java"))],
                   check=True, capture_output=True)
    return ["java", "-Djava.awt.headless=true", "-cp", f"{cp}:{classes}", "EncoderProbe"], workdir


def test_genkit_encodes_and_decodes_every_character_as_the_engine_does(encoder_probe):
    cmd, workdir = encoder_probe
    cases = _cases()
    lines = [" ".join([_token(d), _token(encode(fields, d))] + [_token(f) for f in fields]) for d, fields in cases]
    (workdir / "in.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    subprocess.run([*cmd, str(workdir / "in.txt"), str(workdir / "out.txt")], check=True, capture_output=True,
                   timeout=120)
    answers = (workdir / "out.txt").read_text(encoding="utf-8").splitlines()
    assert len(answers) == len(cases)
    for (d, fields), answer in zip(cases, answers):
        engine_encoding, *engine_fields = [_text(t) for t in answer.split(" ")]
        assert engine_fields == fields, (d, fields)                 # the engine reads genkit's fields back
        assert decode(encode(fields, d), d) == fields, (d, fields)
        if not any(f.startswith("\\") or f.endswith("\\") for f in fields):   # where the versions agree
            assert encode(fields, d) == engine_encoding, (d, fields)
            assert decode(engine_encoding, d) == fields, (d, fields)    # genkit reads the engine's


NAMES = ("unit_types.inf.name='Foot; a/b, c\\'",
         "game.sequence_of_play.carrow_reinforcement.name='Reinf, x; y/z\\'",
         "game.sequence_of_play.carrow_movement.name='\\Move\\'")


def test_names_ending_in_a_backslash_survive_the_module_in_the_engine(tmp_path):
    cmd, why = vassal_engine.engine(tmp_path / "engine")
    if cmd is None:
        pytest.skip(why)
    from genkit.export import export_game
    path = ROOT / "content" / "brannock_ford"
    export_game(path, tmp_path / "online", tts=False, overrides=NAMES)
    content, _ = load_checked(path, NAMES)
    art = load_artwork(path, 96, NAMES)
    assert any(k.name.endswith("c\\") for k in art.counters)
    result, _ = vassal_engine.probe(cmd, tmp_path / "online" / "brannock_ford.vmod", _centres(content),
                                    tmp_path / "probe", timeout=120)
    _check_clean(result)
    _check_pieces(result, art)       # every piece keeps its name, faces and flip: no field lost
    _check_setup(result, art)
    _check_tools(result, content)    # the phases, one by one: none merged
