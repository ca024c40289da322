"""ProPara's --diagnostics text is json.dumps(indent=4) of each block, written by the C
encoder and msgspec's layout (render.indented_json): the same text on every value."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.methods.propara.render import indented_json

#: Texts of every kind: ASCII with JSON's specials, control characters, accents, other planes.
TEXTS = st.text(st.characters(codec=None, exclude_categories=["Cs"]), max_size=12) | st.sampled_from(
    ["", " ", '"', "\\", "\n\t\r\b\f", "\x00\x1f\x7f", "é", "\u2028\u2029", "😀", "a: b, c", "[1, {}]"]
)
FLOATS = st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from(
    [0.0, -0.0, 1e-05, 0.0001, 1e16, 1e-300, 5e-324, 1.7976931348623157e308, 0.1, 2.5, 1 / 3]
)
KEYS = TEXTS | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False) | st.booleans() | st.none()
LEAVES = st.none() | st.booleans() | st.integers(-(10**30), 10**30) | FLOATS | TEXTS
VALUES = st.recursive(
    LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4) | st.tuples(inner, inner) | st.dictionaries(KEYS, inner, max_size=4)
    ),
    max_leaves=30,
)


@settings(max_examples=1500, deadline=None)
@given(VALUES)
def test_indented_json_is_json_dumps_with_indent_4(value):
    assert indented_json(value) == json.dumps(value, indent=4)


@pytest.mark.parametrize(
    "value",
    [
        {},
        [],
        [[]],
        [{}],
        {"a": []},
        {"a": {}},
        [[[]], {"b": [{}]}],
        {"x": 1e-05, "y": 1e16, "z": -0.0, "n": math.nan, "i": [math.inf, -math.inf]},
        {"é": "ü\u2028😀", "k\n": '"\\', 3: None, 2.5: True, False: 0},
        {"process_id": 4, "inputs": {"participants": ["bacteria", "plants"]}, "score": 0.7272727272727273},
        {"lone": "a\ud800b"},  # a lone surrogate's escape, which msgspec does not read back
    ],
)
def test_indented_json_on_chosen_values(value):
    assert indented_json(value) == json.dumps(value, indent=4)


def test_what_json_dumps_refuses_it_refuses_too():
    with pytest.raises(TypeError):
        indented_json({"a": object()})
    looped: list[object] = []
    looped.append(looped)
    with pytest.raises(ValueError):
        indented_json(looped)
