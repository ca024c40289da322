"""The same inputs give the same JSON report whatever Python's hash seed (the labels seen
only on one side used to be added in a set's order)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import CONFORMANCE, ROOT


def _report(seed: str, out) -> dict:
    data = CONFORMANCE / "faireval" / "data"
    path = out / f"report{seed}.json"
    subprocess.run(
        [sys.executable, "-m", "engine", "faireval", str(data / "target" / "chunk_spans.csv"),
         str(data / "system" / "chunk_spans.csv"), "--focus", "system", "--json", str(path)],
        check=True, capture_output=True, cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": seed},
    )  # fmt: skip
    report = json.loads(path.read_text(encoding="utf-8"))
    report.pop("created")
    return report


def test_json_report_does_not_depend_on_the_hash_seed(tmp_path):
    first = _report("1", tmp_path)
    assert json.dumps(first) == json.dumps(_report("2", tmp_path))
    assert json.dumps(first) == json.dumps(_report("5", tmp_path))
