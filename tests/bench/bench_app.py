"""The app on a corpus of a million tokens: the CPU time of evaluating it and showing the
result (both threads of the app, on one core) against the command line's whole process on
the same files and method (paired: a command-line run before and after the app's), the
longest pause of the UI thread meanwhile, and how long jumping and scrolling the viewer take.

    make bench   (figures printed; the machine may be shared, so they are noisy)
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer

from engine.methods import get_method
from gui.main_window import MainWindow
from gui.resources import example_inputs
from gui.viewer_data import ReportData

from . import compile_engine
from .side_by_side import cpu_seconds, ours

TOKENS = 1_000_000


def corpus(folder: Path) -> tuple[str, str, int]:
    """The bundled example repeated until the gold file holds a million tokens."""
    _, gold, system = example_inputs()
    texts = [Path(p).read_text(encoding="utf-8").strip("\n") + "\n\n" for p in (gold, system)]
    per_copy = sum(1 for line in texts[0].splitlines() if line.strip())
    copies = -(-TOKENS // per_copy)
    paths = []
    for name, text in zip(("gold.conll", "system.conll"), texts, strict=True):
        (folder / name).write_text(text * copies, encoding="utf-8")
        paths.append(str(folder / name))
    return paths[0], paths[1], per_copy * copies


@contextmanager
def on_cpu_0() -> Iterator[None]:
    """Run this thread, and the threads it starts meanwhile (the app's worker), on CPU 0."""
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {0})
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def parts(gold: str, system: str) -> tuple[float, float]:
    """CPU seconds, in this process on one core, of the two parts of the app's work: the
    engine's evaluation with the error detail the app shows (the command line without
    --json/--xlsx skips that detail), and preparing the views (ReportData.build)."""
    method = get_method("faireval")
    with on_cpu_0():
        gc.disable()  # as while the app's worker runs (gui/worker.py)
        try:
            cpu = time.process_time()
            report = method.evaluate(gold, system, method.Options(), detail=True)
            evaluated = time.process_time()
            ReportData.build(report)
            return evaluated - cpu, time.process_time() - evaluated
        finally:
            gc.enable()


def test_app_on_a_million_tokens(qtbot, tmp_path):
    compile_engine()
    gold, system, tokens = corpus(tmp_path)
    command = ours("faireval", gold, system)
    cli = [cpu_seconds(command)[0]]
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    ticks: list[float] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start(20)
    with on_cpu_0():
        start, cpu = time.perf_counter(), time.process_time()
        assert window.evaluate("faireval", gold, system)
        qtbot.waitUntil(lambda: not window.busy, timeout=300_000)
        total, cpu = time.perf_counter() - start, time.process_time() - cpu
    timer.stop()
    cli.append(cpu_seconds(command)[0])
    pause = max(b - a for a, b in zip(ticks, ticks[1:], strict=False))
    report = window.report
    assert report is not None and len(window.viewer.doc) == tokens
    gold_pane, system_pane = window.viewer.panes["gold"], window.viewer.panes["system"]
    last = len(report.error_rows) - 1
    jump = timed(
        lambda: (window.errors.select_error(last), gold_pane.viewport().grab(), system_pane.viewport().grab())
    )
    steps = [timed(lambda: (gold_pane.scroll_lines(5), gold_pane.viewport().grab(), system_pane.viewport().grab()))
             for _ in range(50)]  # fmt: skip
    print(
        f"\napp, FairEval on {tokens:,} tokens ({len(report.gold_spans):,} gold spans, "
        f"{len(report.error_rows):,} errors): evaluated and shown in {cpu:.1f} s CPU on one core "
        f"({total:.1f} s wall); the command line on the same files {min(cli):.1f}-{max(cli):.1f} s CPU "
        f"(whole process, one core, before and after): the app {cpu / max(cli):.1f}-{cpu / min(cli):.1f}x; "
        f"longest pause of the UI thread meanwhile {pause * 1000:.0f} ms; jump to the last error "
        f"{jump * 1000:.0f} ms; scroll step {sum(steps) / len(steps) * 1000:.0f} ms on average, "
        f"{max(steps) * 1000:.0f} ms at most"
    )
    window.close()
    engine, views = parts(gold, system)
    print(
        f"  of which, measured apart in this process: the engine's evaluation with the error detail "
        f"{engine:.1f} s CPU ({engine / min(cli):.1f}x the command line's whole run), preparing the "
        f"views {views:.1f} s; the rest (showing, the UI thread) {cpu - engine - views:.1f} s"
    )
