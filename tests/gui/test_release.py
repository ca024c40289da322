"""A replaced result is let go of on a worker thread, a slice at a time, and only the parts
nothing else holds are emptied."""

from __future__ import annotations

import threading

from gui.release import LARGE, release


class Tracked:
    """Records the thread it is freed on."""

    freed: list[str] = []

    def __del__(self) -> None:
        Tracked.freed.append(threading.current_thread().name)


class Result:
    def __init__(self, rows: list, shared: list) -> None:
        self.rows = rows
        self.shared = shared
        self.table = {"pairs": [Tracked() for _ in range(LARGE)]}


def test_the_parts_no_one_else_holds_are_emptied_and_shared_ones_kept():
    Tracked.freed = []
    shared = [Tracked() for _ in range(3 * LARGE)]
    result = Result([[Tracked(), n] for n in range(2 * LARGE)], shared)
    rows = result.rows
    holder = [result]
    del result
    release(holder)
    assert holder == [] and len(Tracked.freed) == LARGE  # the pairs
    assert len(shared) == 3 * LARGE and rows[-1][1] == 2 * LARGE - 1  # held here too: kept whole
    del rows
    assert len(Tracked.freed) == 3 * LARGE


def test_a_second_evaluation_lets_go_of_the_first_on_a_worker_thread(window, qtbot, monkeypatch):
    from .conftest import evaluate

    evaluate(qtbot, window, "faireval", *example_paths())
    Tracked.freed = []
    window.data.report.data["tracked"] = [Tracked() for _ in range(LARGE)]
    evaluate(qtbot, window)
    assert len(Tracked.freed) == LARGE and "MainThread" not in Tracked.freed
    assert window.idle and window.report is not None and window.report.error_rows


def example_paths() -> tuple[str, str]:
    from gui.resources import example_inputs

    _, gold, system = example_inputs()
    return gold, system
