"""Every reader survives mutated real inputs (issue 20): whatever a file holds, reading it
returns or raises the engine's one InputError, within a time bound. Every format module
the engine names is fuzzed (the annotation tools' readers as they land: a module with a
`read` function, engine/formats/standoff.py); a module with no reader known here fails."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from tests.fuzzing import KINDS, NOISE, Hang, format_modules, mutate, mutated_copy, reader_of, time_bound

EXAMPLES = int(os.environ.get("SPANSTUDIO_FUZZ", "12"))
SECONDS = 20.0  # far above any mutant's reading time (they are small files): only a hang reaches it
MAX_LINES = 150  # how much of a line-based sample a mutant keeps

edits = st.lists(
    st.tuples(st.sampled_from(KINDS), st.floats(0, 1, exclude_max=True), st.integers(0, len(NOISE) - 1)),
    min_size=1,
    max_size=6,
)


def _sample_bytes(path) -> bytes:
    data = path.read_bytes()
    if path.suffix in (".xmi", ".xml", ".json"):
        return data
    return b"".join(data.splitlines(keepends=True)[:MAX_LINES])


@pytest.mark.parametrize("name", format_modules())
def test_every_format_module_has_a_fuzzed_reader_with_samples(name):
    reader = reader_of(name)
    assert reader is not None, f"engine.formats.{name}: no `read` and no reader in tests/fuzzing.py"
    assert reader[1] and all(p.is_file() for p in reader[1]), f"engine.formats.{name}: no sample files"


@pytest.mark.parametrize("name", format_modules())
@settings(max_examples=EXAMPLES, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])  # fmt: skip
@given(edits=edits, which=st.integers(0, 3))
def test_a_reader_returns_or_raises_one_input_error(name, edits, which, tmp_path_factory):
    read, samples = reader_of(name)
    sample = samples[which % len(samples)]
    path = mutated_copy(sample, mutate(_sample_bytes(sample), edits), tmp_path_factory.mktemp("fuzz"))
    try:
        with time_bound(SECONDS):
            read(str(path))
    except InputError as err:
        assert "\n" not in str(err)
    except Hang:
        pytest.fail(f"reading {sample.name} with {edits} took over {SECONDS} s")
