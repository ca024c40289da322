"""What a first-time annotator trips over in the main window: at 1280×720 an export's notice
leaves the tables their rows, an error about a file chosen as both gold and system is shown
under both, and the second system's box shows its labels as the System box does."""

from __future__ import annotations

from PySide6.QtWidgets import QTableView

from gui.style import ERROR_COLOUR

from .conftest import evaluate, wait_idle


def rows_seen(view: QTableView) -> int:
    """How many of a table's rows are shown whole."""
    model, shown = view.model(), view.viewport().rect()
    return sum(shown.contains(view.visualRect(model.index(row, 0))) for row in range(model.rowCount()))


def test_at_1280_by_720_after_an_export_the_tables_show_several_rows(qtbot, window, tmp_path, monkeypatch):
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: window.width() <= 1280 and window.height() <= 720)
    evaluate(qtbot, window)
    monkeypatch.setattr(window, "choose_save_path", lambda *args: str(tmp_path / "report.json"))
    window.json_action.trigger()
    wait_idle(qtbot, window)
    assert window.notice.isVisible() and window.height() <= 720
    per_label = list(window.tabs.widget(0).views.values())[1]  # the first tab beside the headline
    qtbot.waitUntil(lambda: per_label.isVisible())
    assert rows_seen(per_label) >= 4  # the example's four labels (was 1)
    assert rows_seen(window.errors.table) >= 5  # was 3


def test_an_error_about_one_file_chosen_as_gold_and_system_is_under_both(qtbot, window, tmp_path, shown):
    path = tmp_path / "bad.conll"  # its first lines look fine; FairEval's reader stops at line 1
    path.write_text("John B-PER\nlives O\n\nMary Q-PER\n", encoding="utf-8")
    window.setup.set_method("faireval")
    window.setup.set_paths(str(path), str(path))
    qtbot.waitUntil(lambda: all(field.look is not None for field in window.setup.fields.values()))
    assert not any(field.error_text for field in window.setup.fields.values())
    evaluate(qtbot, window)
    assert shown.input_errors
    gold, system = window.setup.fields.values()
    assert gold.error_text and system.error_text == gold.error_text  # was only under the gold
    assert ERROR_COLOUR in system.status.styleSheet()


def test_the_second_systems_box_shows_its_labels(qtbot, window, example):
    method, gold, system = example
    window.setup.set_method(method)
    second = window.setup.second
    second.set_path(system)
    qtbot.waitUntil(lambda: "labels: LOC, MISC, ORG, PER" in second.status.text(), timeout=20_000)
    assert window.setup.fields["system"].status.text().endswith(second.status.text().split(" · ")[-1])
