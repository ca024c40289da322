"""The app on a 30 MB one-line Label Studio export (the sample's task repeated, each with an
annotation and a prediction): the longest pause of the UI thread while the app looks at it
as gold and system and while it reads and evaluates it with the spans method, with the
pauses listed as tests/bench/bench_app.py lists them; and the command line's CPU time on it
(whole process, one core), with the app's from Evaluate to the result shown as a multiple of it.

    make bench   (figures printed; the machine may be shared, so they are noisy)
"""

from __future__ import annotations

import json
from pathlib import Path

from . import compile_engine
from .bench_app import print_pauses, run_app
from .side_by_side import cpu_seconds, ours

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "formats" / "label-studio" / "tasks.json"
MB = 30


def write_export(path: Path, megabytes: int = MB) -> int:
    """The sample's first task repeated (ids 1, 2, …) on one line until the export holds
    `megabytes` MB, its prediction copied as its annotation; the number of tasks."""
    task = json.loads(SAMPLE.read_text(encoding="utf-8"))[0]
    results = task["predictions"][0]["result"]
    task = {"data": task["data"], "annotations": [{"id": 1, "completed_by": 1, "result": results}],
            "predictions": task["predictions"]}  # fmt: skip
    count = megabytes * 1_000_000 // len(json.dumps(task)) + 1
    path.write_text(json.dumps([{"id": i, **task} for i in range(1, count + 1)]), encoding="utf-8")
    return count


def test_app_on_a_30_mb_label_studio_export(qtbot, tmp_path):
    compile_engine()
    export = tmp_path / "export.json"
    tasks = write_export(export)
    command = ours("spans", export, export)
    cli = [cpu_seconds(command)[0]]
    run = run_app(qtbot, tmp_path, "spans", str(export), str(export))
    cli.append(cpu_seconds(command)[0])
    assert run.window.report is not None
    looking, evaluating = run.looking, run.evaluating
    print(
        f"\napp, spans on a {export.stat().st_size / 1e6:.0f} MB one-line Label Studio export "
        f"({tasks:,} tasks) as gold and system: longest pause of the UI thread "
        f"{looking.longest * 1000:.0f} ms while looking at it, {evaluating.longest * 1000:.0f} ms while "
        f"evaluating and showing (most CPU the process ran in a pause {looking.longest_own * 1000:.0f} and "
        f"{evaluating.longest_own * 1000:.0f} ms); from Evaluate to the result shown {run.cpu:.1f} s CPU "
        f"({run.total:.1f} s wall); the command line {min(cli):.2f}-{max(cli):.2f} s CPU (whole process, "
        f"one core, before and after): {run.cpu / max(cli):.1f}-{run.cpu / min(cli):.1f}x the command line"
    )
    print_pauses(run)
    run.window.close()
