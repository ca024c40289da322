"""The readers of the original tools' formats as spans (FairEval span files, CD-SCO, poetry
JSONL) survive mutated real inputs as every reader must (issue 20): reading returns or
raises the engine's one InputError, in one line, within a time bound. Their samples are
those the original formats' readers are fuzzed with (tests/fuzzing.py)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings

from engine.errors import InputError
from engine.formats import format_module
from engine.formats.standoff import ReadOptions
from tests.engine.test_fuzz_readers import _sample_bytes, edits
from tests.fuzzing import Hang, legacy_readers, mutate, mutated_copy, time_bound

EXAMPLES = int(os.environ.get("SPANSTUDIO_FUZZ", "12"))
SECONDS = 20.0
#: The span reader of each original format, by the module whose samples it reads.
READERS = {"faireval_spans": "faireval_text", "cdsco": "cdsco_spans", "poetry_jsonl": "poetry_spans"}


@pytest.mark.parametrize("original", list(READERS))
@settings(max_examples=EXAMPLES, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])  # fmt: skip
@given(edits=edits)
def test_a_span_reader_of_an_original_format_returns_or_raises_one_input_error(original, edits, tmp_path_factory):
    sample = legacy_readers()[original][1][0]
    path = mutated_copy(sample, mutate(_sample_bytes(sample), edits), tmp_path_factory.mktemp("fuzz"))
    try:
        with time_bound(SECONDS):
            format_module(READERS[original]).read(str(path), ReadOptions())
    except InputError as err:
        assert "\n" not in str(err)
    except Hang:
        pytest.fail(f"reading {sample.name} with {edits} took over {SECONDS} s")
