"""compose_data (what a template renders, read without a line per value) reads every text as
compose does: the same data, the same refusals with the same lines."""
from __future__ import annotations

import pytest

from genkit.model.yaml_data import compose_data
from genkit.model.yaml_safe import Budget, Limits, compose

TEXTS = [
    "",
    "- rect: {x: 0, y: 0.5, w: 54.0, h: -3, fill: \"#fbd8c8\", stroke: null}\n",
    "- text:\n    x: 1\n    text: \"R1/2\"\n    font: condensed-bold\n- group: {items: [{line: {x1: 0}}]}\n",
    "a: [true, True, FALSE, yes, no, on, ~, Null, '', 0101, 1e3, .5, +7, -0, 1.5e-3, 0x1f]\n",
    "{true: 1, 1.5: 2, null: 3, 7: 4, '7': 5}\n",                 # keys named as the composer names them
    "a: 1\na: 2\n",                                               # a key twice
    "{true: 1, 'True': 2}\n",
    "? [a, b]\n: c\n",                                            # a list as a key
    "? {a: 1}\n: c\n",
    "a: &x [1, 2]\nb: *x\n",                                      # anchors and aliases
    "a: &x 1\nb: *x\n",
    "a: *nowhere\n",
    "a: !!str 12\nb: !!int '12'\nc: !!python/object:os.system x\n",
    "a: ! 12\n",
    "- !!map {a: 1}\n- !!seq [1]\n- !!set {a}\n",
    "n: 1234567890123456789012\n",                               # past int_digits
    "s: \"bell \\x07 here\"\n",                                   # a control character by escape
    "s: 'tab\there'\n",
    "[" * 70 + "]" * 70 + "\n",                                   # past depth
    "[" * 64 + "]" * 64 + "\n",
    "- a\n---\n- b\n",                                            # two documents
    "a: [1, 2\n",                                                 # broken
    "a: b: c\n",
    "just a string\n",
    "- - - 1\n  - 2\n",
]


@pytest.mark.parametrize("text", TEXTS)
def test_compose_data_reads_as_compose_reads(text):
    value, _, problems = compose(text, Budget(Limits()))
    got, got_problems = compose_data(text, Budget(Limits()))
    assert got_problems == problems
    if not problems:
        assert repr(got) == repr(value)


def test_compose_data_refuses_past_the_values_limit_as_compose_does():
    text = "[" + ", ".join(["1"] * 50) + "]\n"
    limits = Limits(nodes=20)
    value, _, problems = compose(text, Budget(limits))
    got, got_problems = compose_data(text, Budget(limits))
    assert problems and got_problems == problems
