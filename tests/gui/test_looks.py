"""Small looks: scores switched to fractions fit their columns, the comparison's difference
has its sign in fractions, one file is "1 file", Esc and Ctrl+W close the Agreement window,
and no list or header is blank before the first result."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QShortcut

from gui.agreement_window import AgreementWindow
from gui.errors_panel import ALL_LABELS, ALL_TYPES

from .conftest import evaluate, wait_idle
from .test_comparison_view import _compare, _shown


def cut_cells(view) -> list[str]:
    """The texts a column of `view` is too narrow to show whole."""
    model, metrics = view.model(), view.fontMetrics()
    cut = []
    for column in range(model.columnCount()):
        for row in range(model.rowCount()):
            text = str(model.index(row, column).data() or "")
            if metrics.horizontalAdvance(text) + 6 > view.columnWidth(column):
                cut.append(text)
    return cut


def test_scores_switched_to_fractions_are_shown_whole(qtbot, window):
    evaluate(qtbot, window)
    view = window.tabs.widget(0).views["overall"]
    assert _shown(view, 0, "f1") == "65.12"
    window.set_scale("fraction")
    assert _shown(view, 0, "f1") == "0.6512"
    assert cut_cells(view) == []


def test_the_comparisons_difference_has_its_sign_in_fractions(qtbot, window, example):
    scores = _compare(qtbot, window, example)
    comparison = scores.views["comparison"]
    window.set_scale("fraction")
    row = next(r for r in range(comparison.model().rowCount())
               if [_shown(comparison, r, c) for c in ("table", "row", "score")] == ["overall", "traditional", "precision"])  # fmt: skip
    assert [_shown(comparison, row, c) for c in ("a", "b", "difference")] == ["0.6667", "1.0000", "+0.3333"]
    assert _shown(comparison, row, "p_bootstrap") == "0.0010"  # no sign on a p-value


def test_one_file_to_replace_is_one_file(qtbot, window, tmp_path, monkeypatch, shown):
    evaluate(qtbot, window)
    monkeypatch.setattr(window, "choose_folder", lambda *args: str(tmp_path))
    (tmp_path / "errors.csv").write_text("", encoding="utf-8")
    window.csv_action.trigger()
    wait_idle(qtbot, window)
    assert shown.questions == [f"Replace 1 file in {tmp_path}?"]


def test_esc_and_ctrl_w_close_the_agreement_window(qtbot):
    window = AgreementWindow()
    qtbot.addWidget(window)
    shortcuts = {s.key().toString(): s for s in window.findChildren(QShortcut)}
    assert {"Esc", "Ctrl+W"} <= set(shortcuts)
    for keys in ("Esc", "Ctrl+W"):
        window.show()
        qtbot.waitExposed(window)
        shortcuts[keys].activated.emit()  # as the key does in the active window
        assert not window.isVisible()


def test_nothing_is_blank_before_the_first_result(qtbot, window):
    errors = window.errors
    assert errors.type_filter.itemText(0) == ALL_TYPES and errors.label_filter.itemText(0) == ALL_LABELS
    agreement = AgreementWindow()
    qtbot.addWidget(agreement)
    assert agreement.pair_model.columnCount() == 0  # no blank headers before a pair is chosen
    agreement.pair_model.set_rows([], "anna", "ben", {})
    headers = [agreement.pair_model.headerData(c, Qt.Orientation.Horizontal) for c in range(5)]
    assert headers == ["Document", "Characters", "Text", "anna", "ben"]
