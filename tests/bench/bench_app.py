"""The app on a corpus of a million tokens: the CPU time of evaluating it and showing the
result (both threads of the app, on one core) against the command line's whole process on
the same files and method (paired: a command-line run before and after the app's), the
longest pause of the UI thread meanwhile, and how long jumping and scrolling the viewer take.

The files are chosen first, once the window has been painted (the app looks at each off
the UI thread for its layers and labels, as when a user picks them), then Evaluate. Every pause of the UI thread over 50 ms
is listed with the UI thread's own CPU in it, the whole process's, the slots of ours that
ran in it (from a trace of Python calls on the UI thread only) and where the other threads
were at its end: a pause with little CPU of its own is the UI thread waiting for the GIL (the
worker ran meanwhile) or for the core (the machine is shared: what the process did not run of
a pause, other processes ran on its core).

    make bench   (figures printed; the machine may be shared, so they are noisy)
"""

from __future__ import annotations

import gc
import os
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer

import gui
from engine.methods import get_method
from gui.main_window import MainWindow
from gui.resources import example_inputs
from gui.viewer_data import ReportData

from . import compile_engine
from .side_by_side import cpu_seconds, ours

TOKENS = 1_000_000
#: Pauses of the UI thread listed (ms), slots of ours shown in them, and the UI thread's own
#: CPU in a pause from which it counts as working rather than waiting.
PAUSE_MS = 50
SLOT_MS = 5
WORK_MS = 10


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


def parts(gold: str, system: str, name: str = "faireval", options: object = None) -> tuple[float, float]:
    """CPU seconds, in this process on one core, of the two parts of the app's work: the
    engine's evaluation with the error detail the app shows (the command line without
    --json/--xlsx skips that detail), and preparing the views (ReportData.build)."""
    method = get_method(name)
    with on_cpu_0():
        gc.disable()  # as while the app's worker runs (gui/worker.py)
        try:
            cpu = time.process_time()
            report = method.evaluate(gold, system, options or method.Options(), detail=True)
            evaluated = time.process_time()
            ReportData.build(report)
            return evaluated - cpu, time.process_time() - evaluated
        finally:
            gc.enable()


@dataclass
class Slices:
    """The UI thread's timeline: a tick every 20 ms from its event loop (wall, its own CPU
    and the whole process's CPU), and the slots of ours Qt called on it (the outermost Python
    calls), with their wall and CPU time. The app runs on one core: in a pause, what the
    process did not run there, other processes ran (the machine is shared)."""

    ticks: list[tuple[float, float, float]] = field(default_factory=list)
    slots: list[tuple[str, float, float, float]] = field(default_factory=list)  # name, start, end, CPU
    _open: list[tuple[object, float, float]] = field(default_factory=list)
    places: dict[int, list[str]] = field(default_factory=dict)  # tick → where the other threads were

    def tick(self) -> None:
        now = (time.perf_counter(), time.thread_time(), time.process_time())
        if self.ticks and now[0] - self.ticks[-1][0] > PAUSE_MS / 1000:
            self.places[len(self.ticks)] = worker_places()
        self.ticks.append(now)

    def tracer(self, frame, event, arg):
        """sys.settrace on the UI thread: the outermost calls into the app's code (gui/) are
        timed (only their return is traced: nothing else is, to keep the cost to one call
        of this per Python call)."""
        if event == "call" and _ours(frame) and (frame.f_back is None or not _ours(frame.f_back)):
            frame.f_trace_lines = False
            self._open.append((frame, time.perf_counter(), time.thread_time()))
            return self._returned
        return None

    def _returned(self, frame, event, arg):
        if event == "return" and self._open and self._open[-1][0] is frame:
            _, start, cpu = self._open.pop()
            end = time.perf_counter()
            if end - start > SLOT_MS / 1000:
                code = frame.f_code
                name = f"{Path(code.co_filename).stem}.{code.co_qualname}"
                self.slots.append((name, start, end, time.thread_time() - cpu))
        return self._returned

    def gaps(self) -> list[tuple[float, float, float, float]]:
        """Each interval between ticks: start, end, the UI thread's CPU, the process's CPU."""
        return [(a[0], b[0], b[1] - a[1], b[2] - a[2]) for a, b in zip(self.ticks, self.ticks[1:], strict=False)]

    @property
    def longest(self) -> float:
        return max((end - start for start, end, _, _ in self.gaps()), default=0.0)

    @property
    def longest_work(self) -> float:
        """The most CPU the UI thread ran in one pause: how long its longest turn would last
        with the core to itself (a pause's wall time also holds other processes' time)."""
        return max((cpu for _, _, cpu, _ in self.gaps()), default=0.0)

    @property
    def longest_own(self) -> float:
        """The most CPU the process ran in one pause (both threads): about how long the
        longest pause would last with the core to itself."""
        return max((process for _, _, _, process in self.gaps()), default=0.0)

    def pauses(self) -> list[str]:
        """Each pause over PAUSE_MS in which the UI thread worked (WORK_MS of its CPU or more):
        its wall time, that CPU, the process's, the slots that ran; then how many others it
        spent waiting (for the GIL while the worker ran, or for the core)."""
        lines, waits = [], []
        for number, (a, b, cpu, process) in enumerate(self.gaps(), start=1):
            if b - a <= PAUSE_MS / 1000:
                continue
            places = self.places.get(number, [])
            if cpu < WORK_MS / 1000:
                waits.append((b - a, process, places))
                continue
            slots = [
                f"{n} {1000 * (e - s):.0f} ms ({1000 * c:.0f} CPU)"
                for n, s, e, c in self.slots
                if e > a and s < b
            ]
            lines.append(f"    {1000 * (b - a):.0f} ms, UI thread's CPU {1000 * cpu:.0f} ms, the process's "
                         f"{1000 * process:.0f} ms: " + ("; ".join(slots) or "Qt's own work (layout, paint)")
                         + "".join(f"; then another thread at {p}" for p in places))  # fmt: skip
        if waits:
            walls, ran = [1000 * w for w, _, _ in waits], [1000 * r for _, r, _ in waits]
            lines.append(f"    {len(waits)} more with less than {WORK_MS} ms of the UI thread's CPU, "
                         f"{min(walls):.0f}-{max(walls):.0f} ms, in which the worker ran {min(ran):.0f}-"
                         f"{max(ran):.0f} ms of CPU (the rest: other processes on the core)")  # fmt: skip
            longest = sorted(waits, key=lambda w: -w[1])[:3]
            lines += [f"      the worker ran {1000 * r:.0f} ms of a {1000 * w:.0f} ms one, then was at "
                      + (" | ".join(p) or "no code of ours") for w, r, p in longest]  # fmt: skip
        return lines


GUI = str(Path(gui.__file__).parent)
ROOT = str(Path(GUI).parent)


def worker_places() -> list[str]:
    """Where each thread but this one is (its innermost frames of the project's code): sampled
    at the end of a long pause, it names the work that ran in it (or held the GIL)."""
    places = []
    for ident, frame in sys._current_frames().items():
        if ident == threading.get_ident():
            continue
        project = [f for f in traceback.extract_stack(frame) if f.filename.startswith(ROOT) and ".venv" not in f.filename]
        stack = project[-2:]
        places.append(" < ".join(f"{Path(f.filename).stem}:{f.lineno} {f.name}" for f in reversed(stack)))
    return [place for place in places if place]


TURNS = str(Path(GUI) / "turns.py")


def _ours(frame) -> bool:
    """A call into the app's code, but for the turns that run a report's parts one at a time
    (gui/turns.py): each part is named, not the turn that ran it."""
    name = frame.f_code.co_filename
    return name.startswith(GUI) and name != TURNS


@contextmanager
def watched(slices: Slices) -> Iterator[None]:
    """The UI thread timed: ticks from its event loop and the profile hook (this thread only)."""
    timer = QTimer()
    timer.timeout.connect(slices.tick)
    timer.start(20)
    sys.settrace(slices.tracer)
    try:
        yield
    finally:
        sys.settrace(None)
        timer.stop()


@dataclass
class AppRun:
    """The app's window after choosing two files and evaluating them (on one core): the UI
    thread's timelines while it looked at the files and while it evaluated and showed the
    result, the process's CPU seconds of each, and the wall seconds of the second."""

    window: MainWindow
    looking: Slices
    evaluating: Slices
    look_cpu: float
    cpu: float
    total: float


def run_app(qtbot, folder: Path, method: str, gold: str, system: str, options: object = None) -> AppRun:
    """Open the window, choose the method (and its `options`, if given), then the files once
    it is painted (the app looks at each off the UI thread, as when a user picks them), then
    Evaluate until it is shown."""
    window = MainWindow(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.setup.set_method(method)
    if options is not None:
        window.setup.panel.set_options(options)
    qtbot.wait(300)  # the window's first paint done, as before a user can choose files
    looking, evaluating = Slices(), Slices()
    with on_cpu_0(), watched(looking):
        look_cpu = time.process_time()
        window.setup.set_paths(gold, system)
        qtbot.waitUntil(lambda: not window.setup.looking, timeout=300_000)
        look_cpu = time.process_time() - look_cpu
    with on_cpu_0(), watched(evaluating):
        start, cpu = time.perf_counter(), time.process_time()
        assert window.evaluate()
        qtbot.waitUntil(lambda: not window.busy, timeout=300_000)
        qtbot.wait(300)  # the first paint of what was shown, and the events after it
        total, cpu = time.perf_counter() - start, time.process_time() - cpu
    return AppRun(window, looking, evaluating, look_cpu, cpu, total)


def print_pauses(run: AppRun) -> None:
    """Each pause of the UI thread over PAUSE_MS, while looking and while evaluating."""
    for title, slices in (("looking at the files", run.looking), ("evaluating and showing", run.evaluating)):
        lines = slices.pauses() or ["    none"]
        print(f"  pauses of the UI thread over {PAUSE_MS} ms, {title}:", *lines, sep="\n")


def print_run(title: str, run: AppRun, cli: list[float]) -> None:
    """A case's line: Evaluate until shown against the command line's runs (`cli`), the
    longest pauses, then each pause; the window closed."""
    print(
        f"\napp, {title}: from Evaluate to the result shown {run.cpu:.2f} s CPU on one core ({run.total:.1f} s "
        f"wall), after looking at the two files {run.look_cpu:.1f} s; the command line {min(cli):.2f}-"
        f"{max(cli):.2f} s CPU (whole process, one core, before and after): Evaluate "
        f"{run.cpu / max(cli):.1f}-{run.cpu / min(cli):.1f}x; longest pause of the UI thread "
        f"{run.evaluating.longest * 1000:.0f} ms while evaluating, {run.looking.longest * 1000:.0f} ms while looking"
    )
    print_pauses(run)
    run.window.close()


def test_app_on_a_million_tokens(qtbot, tmp_path):
    compile_engine()
    gold, system, tokens = corpus(tmp_path)
    command = ours("faireval", gold, system)
    cli = [cpu_seconds(command)[0]]
    run = run_app(qtbot, tmp_path, "faireval", gold, system)
    window, looking, evaluating = run.window, run.looking, run.evaluating
    look_cpu, cpu, total = run.look_cpu, run.cpu, run.total
    cli.append(cpu_seconds(command)[0])
    report = window.report
    assert report is not None and len(window.viewer.doc) == tokens
    gold_pane, system_pane = window.viewer.panes["gold"], window.viewer.panes["system"]
    last = len(report.error_rows) - 1
    jump = timed(
        lambda: (window.errors.select_error(last), gold_pane.viewport().grab(), system_pane.viewport().grab())
    )
    steps = [timed(lambda: (gold_pane.scroll_lines(5), gold_pane.viewport().grab(), system_pane.viewport().grab()))
             for _ in range(50)]  # fmt: skip
    both = cpu + look_cpu
    print(
        f"\napp, FairEval on {tokens:,} tokens ({len(report.gold_spans):,} gold spans, "
        f"{len(report.error_rows):,} errors): from Evaluate to the result shown {cpu:.1f} s CPU on one core "
        f"({total:.1f} s wall), after looking at the two files when they were chosen {look_cpu:.1f} s; "
        f"the command line on the same files {min(cli):.1f}-{max(cli):.1f} s CPU (whole process, one core, "
        f"before and after): Evaluate {cpu / max(cli):.1f}-{cpu / min(cli):.1f}x, with the looking "
        f"{both / max(cli):.1f}-{both / min(cli):.1f}x; longest pause of the UI thread "
        f"{evaluating.longest * 1000:.0f} ms while evaluating, {looking.longest * 1000:.0f} ms while looking "
        f"(most CPU the process ran in a pause {evaluating.longest_own * 1000:.0f} and "
        f"{looking.longest_own * 1000:.0f} ms, the UI thread {evaluating.longest_work * 1000:.0f} and "
        f"{looking.longest_work * 1000:.0f} ms); "
        f"jump to the last error {jump * 1000:.0f} ms; scroll step {sum(steps) / len(steps) * 1000:.0f} ms on "
        f"average, {max(steps) * 1000:.0f} ms at most"
    )
    print_pauses(run)
    window.close()
    engine, views = parts(gold, system)
    print(
        f"  of which, measured apart in this process: the engine's evaluation with the error detail "
        f"{engine:.1f} s CPU ({engine / min(cli):.1f}x the command line's whole run), preparing the "
        f"views {views:.1f} s; the rest (showing, the UI thread) {cpu - engine - views:.1f} s"
    )


def test_app_on_poetry_pages(qtbot, tmp_path):
    """The app on poetry's 43,000 pages (the side-by-side bench's pair: 201,611 spans, 136,308
    error rows; no page texts): Evaluate until shown against the command line's whole run."""
    from tests.bench.bench_poetry import generate

    compile_engine()
    gold, system = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    generate(43_000, gold, system)
    output = tmp_path / "out.csv"  # the method's own output, never overwritten: removed before each run
    cli = []
    for _ in range(2):
        output.unlink(missing_ok=True)
        cli.append(cpu_seconds(ours("poetry", gold, system, output))[0])
    run = run_app(qtbot, tmp_path, "poetry", str(gold), str(system))
    output.unlink(missing_ok=True)
    cli.append(cpu_seconds(ours("poetry", gold, system, output))[0])
    report = run.window.report
    assert report is not None and len(report.error_rows) > 100_000
    print_run(f"poetry on 43,000 pages ({len(report.error_rows):,} errors)", run, cli)


def test_app_on_clueval_pair(qtbot, tmp_path):
    """The app on CLUEval's bench pair (the spec's generator, 1,000,006 tokens, two BIO layers,
    as bench_clueval.py's ARGS read it): Evaluate until shown against the command line's run."""
    from engine.methods.clueval.settings import Options
    from tests.bench.bench_clueval import ARGS, generate

    compile_engine()
    gold, system = tmp_path / "gold.vrt", tmp_path / "system.vrt"
    generate(1_000_000, gold, system)
    options = Options(layers=("entity", "risk"), labelled=("entity", "risk"), token_id_column=3,
                      doc_id_column=4, domain_column=5)  # fmt: skip
    command = ours("clueval", gold, system, *ARGS)
    cli = [cpu_seconds(command)[0]]
    run = run_app(qtbot, tmp_path, "clueval", str(gold), str(system), options)
    cli.append(cpu_seconds(command)[0])
    report = run.window.report
    assert report is not None and len(report.error_rows) > 10_000
    print_run(f"CLUEval on 1,000,006 tokens ({len(report.error_rows):,} errors)", run, cli)
    engine, views = parts(str(gold), str(system), "clueval", options)
    print(
        f"  of which, measured apart in this process: the engine's evaluation with the error detail "
        f"{engine:.1f} s CPU ({engine / min(cli):.1f}x the command line's whole run), preparing the "
        f"views {views:.1f} s; the rest (showing, the UI thread) {run.cpu - engine - views:.1f} s"
    )
