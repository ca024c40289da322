"""Writing the JSON report of 16,200 FairEval errors (make bench): streamed through the C
encoder a thousand items at a time, against the standard library's pure-Python
iterencode it replaced (issue 23 asked for a fraction of a second, not 3 s)."""

from __future__ import annotations

import gc
import io
import json
import time

from engine.export.json import report_dict, write_report
from engine.methods import get_method
from tests.conftest import ROOT

COPIES = 1800  # the bundled example (9 errors) this many times: 16,200 errors


def test_json_report_of_16000_faireval_errors(tmp_path):
    example = ROOT / "resources" / "examples" / "faireval"
    gold, system = tmp_path / "gold.conll", tmp_path / "system.conll"
    gold.write_text(((example / "gold.conll").read_text(encoding="utf-8") + "\n") * COPIES, encoding="utf-8")
    system.write_text(((example / "system.conll").read_text(encoding="utf-8") + "\n") * COPIES, encoding="utf-8")
    method = get_method("faireval")
    report = method.evaluate(str(gold), str(system), method.Options())
    gc.disable()  # as in the command (engine.cli.entry)
    try:
        streamed, old = [], []
        for _ in range(3):
            start = time.process_time()
            handle = io.BytesIO()
            write_report(report, handle)
            streamed.append(time.process_time() - start)
            start = time.process_time()
            text = "".join(json.JSONEncoder(ensure_ascii=False, allow_nan=False).iterencode(report_dict(report)))
            old.append(time.process_time() - start)
    finally:
        gc.enable()
    assert handle.getvalue().decode("utf-8") == text + "\n"
    print(f"\nJSON report of {len(report.error_rows):,} errors ({len(text) / 1e6:.1f} MB): streamed "
          f"{min(streamed):.2f}-{max(streamed):.2f} s, pure-Python iterencode {min(old):.2f}-{max(old):.2f} s (CPU)")  # fmt: skip
