"""The main window evaluates off the UI thread and shows the engine's tables."""

from __future__ import annotations

from gui.main_window import MainWindow
from gui.resources import example_inputs


def test_example_opens_with_its_faireval_scores(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.evaluate(*example_inputs())
    qtbot.waitUntil(lambda: window.report is not None, timeout=10_000)
    assert window.tabs.count() >= 4
    overall = window.tabs.widget(0).model()
    rows = {overall.index(r, 0).data(): overall.index(r, 2).data() for r in range(overall.rowCount())}
    assert rows["fair"] == "0.7368"  # recall of the bundled example's fair evaluation
    assert "FairEval" in window.summary.text()


def test_bad_input_is_a_message_not_a_crash(qtbot, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr("gui.main_window.QMessageBox.warning", lambda parent, title, text: shown.append(text))
    bad = tmp_path / "bad.tsv"
    bad.write_text("NP\tx\t3\t1\n", encoding="utf-8")
    window = MainWindow()
    qtbot.addWidget(window)
    window.evaluate("faireval", str(bad), str(bad))
    qtbot.waitUntil(lambda: not window.busy, timeout=10_000)
    assert shown == [f"{bad}:1: expected begin to be a whole number ≥ 1, found 'x'"]
    assert window.report is None
