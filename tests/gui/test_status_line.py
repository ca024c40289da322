"""The status bar's line about a stopped run: at 1280×720 a long message (a deep folder's
path, the engine's words) ends in "…" inside the window instead of running off its edge
unseen; the dialog and the box under the file say it whole."""

from __future__ import annotations

from .conftest import evaluate


def test_a_long_message_of_a_stopped_run_ends_in_an_ellipsis_inside_the_window(
    qtbot, window, tmp_path, shown
):
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: window.width() <= 1280)
    folder = tmp_path / "annotation project of the summer school" / "second round" / "exports from INCEpTION"
    folder.mkdir(parents=True)
    gold = folder / "the gold annotation of the first chapter.conll"
    gold.write_text("John B-PER\nlives O\n\nMary Q-PER\n", encoding="utf-8")  # FairEval stops at line 1
    window.setup.set_method("faireval")
    window.setup.set_paths(str(gold), str(gold))
    evaluate(qtbot, window)
    assert shown.input_errors
    bar = window.statusBar()
    line = bar.currentMessage()
    assert line.startswith("The evaluation stopped: ") and line.endswith("…")
    assert bar.fontMetrics().horizontalAdvance(line) <= bar.width()  # was 2,019 pixels in 1,280
