"""The side-by-side viewer on long documents: opening, jumping and scrolling, both panes
painted each time (as the screen would), on one core.

A word document of a million tokens (sentences of 25, a span every 10 tokens), and a
character document of 1.7 million lines in five scripts (English, Hebrew, Arabic, Chinese,
emoji sequences), a span on each line. Each step is timed apart (wall, ms): the median and
the slowest of 100 steps of 7 lines and of 30 pages.

    make bench   (figures printed; the machine may be shared, so they are noisy)
"""

from __future__ import annotations

import statistics
import time

from engine.report import Report, error_row
from engine.spans import Document, Span
from gui.viewer import SideBySideViewer
from gui.viewer_data import ReportData

from .bench_app import on_cpu_0

WORDS = ("the", "annotation", "of", "a", "long", "text", "with", "many", "spans", ".")
LINES = ("The cat sat on the mat near the door.", "שלום עולם, זה טקסט בעברית.", "العربية لغة جميلة جدا.",
         "中文文本的一个例子。", "Science 👩‍🔬 and family 👨‍👩‍👧 emoji.")  # fmt: skip


def with_errors(doc: Document, gold: list[Span], system: list[Span]) -> Report:
    """A report on `doc` with an error for every 50th pair of spans."""
    errors = [
        error_row(document=doc.name, type="BE", gold_label=g.label, system_label=s.label, gold_start=g.start,
                  gold_end=g.end, system_start=s.start, system_end=s.end)
        for g, s in zip(gold[::50], system[::50], strict=True)
    ]  # fmt: skip
    return Report("bench", "Bench", {}, [], {}, errors, [doc], gold, system)


def word_report(tokens: int = 1_000_000, unit: int = 25) -> Report:
    doc = Document("words", [WORDS[i % len(WORDS)] for i in range(tokens)],
                   [(s, min(s + unit, tokens)) for s in range(0, tokens, unit)])  # fmt: skip
    gold = [Span(s, s + 3, "PER", "words") for s in range(0, tokens, 10)]
    system = [Span(s + 1, s + 3, "PER", "words") for s in range(0, tokens, 10)]
    return with_errors(doc, gold, system)


def line_report(lines: int = 1_700_000) -> Report:
    text = "\n".join(LINES[i % len(LINES)] for i in range(lines)) + "\n"
    gold, system, pos = [], [], 0
    for i in range(lines):
        gold.append(Span(pos + 2, pos + 8, "PER", "lines"))
        system.append(Span(pos + 3, pos + 8, "PER", "lines"))
        pos += len(LINES[i % len(LINES)]) + 1
    return with_errors(Document("lines", text, joiner=""), gold, system)


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def scrolled(qtbot, report: Report) -> str:
    """Open, jump and scroll the viewer on `report` (at the screen size the app is checked
    at): the figures, one line."""
    viewer = SideBySideViewer()
    viewer.resize(1366, 700)
    qtbot.addWidget(viewer)
    viewer.show()
    gold, system = viewer.panes["gold"], viewer.panes["system"]
    data = ReportData.build(report)  # done off the UI thread by the app
    qtbot.waitExposed(viewer)

    def paint() -> None:
        gold.viewport().grab()
        system.viewport().grab()

    with on_cpu_0():
        cpu = time.process_time()
        opened = timed(lambda: (viewer.set_report(data), paint()))
        blocks = len(viewer.doc.blocks)
        end = timed(lambda: (gold.set_top(blocks - 1, 0, notify=True), paint()))
        jump = timed(lambda: (viewer.show_error(len(report.error_rows) // 2), paint()))
        gold.set_top(blocks // 3, 0, notify=True)
        paint()
        steps = [timed(lambda: (gold.scroll_lines(7), paint())) for _ in range(100)]
        pages = [timed(lambda: (gold.scroll_lines(gold.visible_lines() - 1), paint())) for _ in range(30)]
        cpu = time.process_time() - cpu
    viewer.close()
    return (
        f"open {1000 * opened:.0f} ms, to the end {1000 * end:.0f}, to an error {1000 * jump:.0f}; 7 lines "
        f"median {1000 * statistics.median(steps):.1f} ms, slowest {1000 * max(steps):.0f}; a page median "
        f"{1000 * statistics.median(pages):.1f} ms, slowest {1000 * max(pages):.0f}; CPU of it all {cpu:.2f} s"
    )


def test_viewer_on_long_documents(qtbot):
    print(f"\nviewer, 1M tokens in sentences of 25: {scrolled(qtbot, word_report())}")
    print(f"viewer, 1.7M lines in five scripts: {scrolled(qtbot, line_report())}")
