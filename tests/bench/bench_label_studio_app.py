"""The app on a 30 MB one-line Label Studio export (the sample's task repeated, each with an
annotation and a prediction): the longest pause of the UI thread while the app looks at it
as gold and system and while it reads and
evaluates it with the spans method, with the pauses listed as tests/bench/bench_app.py lists
them; and the command line's CPU time on it (whole process, one core).

    make bench   (figures printed; the machine may be shared, so they are noisy)
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from PySide6.QtCore import QSettings

from gui.main_window import MainWindow

from . import compile_engine
from .bench_app import PAUSE_MS, Slices, on_cpu_0, watched
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
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.setup.set_method("spans")
    qtbot.wait(300)  # the window's first paint done, as before a user can choose files
    looking, evaluating = Slices(), Slices()
    with on_cpu_0(), watched(looking):
        window.setup.set_paths(str(export), str(export))
        qtbot.waitUntil(lambda: not window.setup.looking, timeout=300_000)
    with on_cpu_0(), watched(evaluating):
        start, cpu = time.perf_counter(), time.process_time()
        assert window.evaluate()
        qtbot.waitUntil(lambda: not window.busy, timeout=300_000)
        qtbot.wait(300)  # the first paint of what was shown, and the events after it
        total, cpu = time.perf_counter() - start, time.process_time() - cpu
    cli.append(cpu_seconds(command)[0])
    assert window.report is not None
    print(
        f"\napp, spans on a {export.stat().st_size / 1e6:.0f} MB one-line Label Studio export ({tasks:,} tasks) "
        f"as gold and system: longest pause of the UI thread {looking.longest * 1000:.0f} ms while looking "
        f"at it, {evaluating.longest * 1000:.0f} ms while evaluating and showing (most CPU the process ran "
        f"in a pause {looking.longest_own * 1000:.0f} and {evaluating.longest_own * 1000:.0f} ms); from "
        f"Evaluate to the result shown {cpu:.1f} s CPU ({total:.1f} s wall); the command line "
        f"{min(cli):.2f}-{max(cli):.2f} s CPU (whole process, one core, before and after)"
    )
    for title, slices in (("looking at the files", looking), ("evaluating and showing", evaluating)):
        print(f"  pauses of the UI thread over {PAUSE_MS} ms, {title}:", *slices.pauses() or ["    none"], sep="\n")
    window.close()
