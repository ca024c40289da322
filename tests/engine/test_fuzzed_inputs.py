"""Damaged inputs never crash a method: whatever a file holds, the CLI (engine.cli.main,
in process) ends with the results (exit 0) or exactly one `spanstudio: error: …` line
(exit 2) and writes nothing, within a time bound. The mutations are tests/fuzzing.py's;
`make fuzz` runs thousands of them."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzzing import KINDS, NOISE, cases, mutate, run_mutant

EXAMPLES = int(os.environ.get("SPANSTUDIO_FUZZ", "15"))

edits = st.lists(
    st.tuples(st.sampled_from(KINDS), st.floats(0, 1, exclude_max=True), st.integers(0, len(NOISE) - 1)),
    min_size=1,
    max_size=6,
)


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.name)
@settings(max_examples=EXAMPLES, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])  # fmt: skip
@given(gold_edits=edits, system_edits=edits, side=st.sampled_from(["gold", "system", "both"]))
def test_damaged_files_give_results_or_one_error_line(case, gold_edits, system_edits, side, tmp_path_factory):
    gold, system = case.head(case.gold), case.head(case.system)
    if side in ("gold", "both"):
        gold = mutate(gold, gold_edits)
    if side in ("system", "both"):
        system = mutate(system, system_edits)
    folder = tmp_path_factory.mktemp("fuzz")
    outcome = run_mutant(case, gold, system, folder)
    assert outcome.problem() is None, outcome.traceback or outcome.err
    if outcome.code == 2:
        assert not (folder / "r.json").exists() and not (folder / "out.csv").exists()
