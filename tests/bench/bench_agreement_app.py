"""The Agreement window on a Label Studio export of 20,000 tasks, each annotated by two
annotators (the sample's text and span, the second annotator's span moved or relabelled in
some tasks): the UI thread's CPU for filling the Documents table once the figures are in, for
showing the figures (the turn that fills it), and for sorting the table by a column.

    make bench   (figures printed; the machine may be shared, so they are noisy)
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from gui.agreement_window import AgreementWindow

from .bench_app import on_cpu_0

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "formats" / "label-studio" / "tasks.json"
TASKS = 20_000


def result(span: dict, task: int, who: int) -> list[dict]:
    """The sample's span as annotator `who` marks it in task `task`: the second moves it by a
    character in every third task and calls it Place in every fifth."""
    value = dict(span["value"])
    if who == 2 and task % 3 == 0:
        value["end"] -= 1
    if who == 2 and task % 5 == 0:
        value["labels"] = ["Place"]
    return [{**span, "value": value}]


def write_export(path: Path, tasks: int = TASKS) -> None:
    """`tasks` tasks of the sample's text, each with two annotators' annotations."""
    sample = json.loads(SAMPLE.read_text(encoding="utf-8"))[0]
    span = sample["predictions"][0]["result"][0]
    rows = [{"id": n, "data": sample["data"],
             "annotations": [{"id": 2 * n + who, "completed_by": who, "result": result(span, n, who)}
                             for who in (1, 2)]} for n in range(1, tasks + 1)]  # fmt: skip
    path.write_text(json.dumps(rows), encoding="utf-8")


def timed(window: AgreementWindow, name: str) -> list[float]:
    """The UI thread's CPU seconds of each call of the window's method `name`, as it is called."""
    turns: list[float] = []
    method = getattr(window, name)

    def timed_call() -> None:
        start = time.thread_time()
        method()
        turns.append(time.thread_time() - start)

    setattr(window, name, timed_call)
    return turns


def test_agreement_window_fills_the_documents_table(qtbot, tmp_path):
    export = tmp_path / "export.json"
    write_export(export)
    window = AgreementWindow()
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    window.add_paths([str(export)])
    qtbot.waitUntil(lambda: not window.busy and window.paths.count() == 2, timeout=120_000)
    fills, shows = timed(window, "show_documents"), timed(window, "show_results")
    with on_cpu_0():
        window.measure()
        qtbot.waitUntil(lambda: not window.busy and window.data is not None, timeout=600_000)
        qtbot.wait(100)  # painted
        window.tabs.setCurrentIndex(1)
        qtbot.wait(100)
        start = time.thread_time()
        window.documents.sortByColumn(2, window.documents.horizontalHeader().sortIndicatorOrder())
        sort = time.thread_time() - start
    print(
        f"\nAgreement window, a Label Studio export of {TASKS:,} tasks, two annotators "
        f"({len(window.data['documents']):,} documents): the UI thread's CPU filling the Documents "
        f"table {fills[0] * 1000:.0f} ms (of {shows[0] * 1000:.0f} ms showing the figures: the matrix, the "
        f"table, the viewer's list of documents); sorting it by a column {sort * 1000:.0f} ms"
    )
    window.close()
