"""The viewer's legend keeps one line however many labels there are: the entries that fit
(the error types first, then the shown document's labels), and "+N more" whose menu holds the rest, each with its
colour; long names shortened, whole in their tooltips (gui/viewer_legend.py)."""

from __future__ import annotations

import json
import re

from PySide6 import QtGui
from PySide6.QtGui import QColor, QTextDocument
from PySide6.QtWidgets import QLabel

from engine.methods import get_method
from gui.viewer import SideBySideViewer
from gui.viewer_data import ReportData
from gui.viewer_legend import GAP, Legend, fitting
from gui.viewer_palette import Palette

LONG = [f"LABEL_{n:02d}_" + "x" * 51 for n in range(50)]  # 60 characters each


def shown_legend(qtbot, palette: Palette, width: int = 700, first: set[str] | None = None) -> Legend:
    legend = Legend()
    qtbot.addWidget(legend)
    legend.resize(width, legend.height())
    legend.show()
    legend.show_palette(palette, first)
    return legend


def colours_found(legend: Legend) -> dict[str, QColor]:
    """Each label's colour where a user finds it: on its chip, or in the menu of "+N more"; an
    error type's on the line in the bar before its name, or in the menu across the middle
    of its icon."""
    shown = list(zip(legend.entries, legend.chips, strict=False))  # the chips: the first entries'
    assert all(chip.isVisible() for _, chip in shown)
    found = {entry.name: chip.palette().color(chip.backgroundRole()) for entry, chip in shown if entry.look == "chip"}
    for entry, chip in shown:
        if entry.look == "line":
            found[entry.name] = QColor(re.match(r'<span style="color:(#[0-9a-f]{6})">▬</span>', chip.text())[1])
    legend.menu.aboutToShow.emit()  # as when "+N more" is clicked
    for action in legend.menu.actions():
        if not action.icon().isNull():
            found[action.data()] = action.icon().pixmap(8, 8).toImage().pixelColor(4, 4)
    return found


def test_fifty_labels_keep_one_line_and_every_colour_is_found(qtbot):
    palette = Palette([f"L{n:02d}" for n in range(50)], ["FN", "FP"], [])
    legend = shown_legend(qtbot, palette)
    height = legend.height()
    assert height <= 2 * legend.fontMetrics().lineSpacing()
    shown = legend.chips
    assert 3 <= len(shown) < 50 and legend.more.isVisible() and all(chip.isVisible() for chip in shown)
    assert legend.more.text() == f"+{len(legend.entries) - len(shown)} more"
    assert max(chip.geometry().right() for chip in shown) < legend.more.geometry().left()
    assert legend.more.geometry().right() <= legend.width()  # all on the line
    assert colours_found(legend) == {**palette.labels, **palette.types}
    legend.resize(1400, height)
    assert legend.height() == height and len(legend.chips) > len(shown)
    assert sum(chip.isVisible() for chip in legend.findChildren(QLabel)) == len(legend.chips)


def test_thousands_of_labels_make_a_chip_only_for_those_that_fit(qtbot):
    """A chip is made up to the first entry past the line's end; the menu holds the rest,
    each with its colour."""
    palette = Palette([f"poem-{n}" for n in range(5000)], ["exact", "missed"], [])
    legend = shown_legend(qtbot, palette)
    chips = legend.findChildren(QLabel)  # those measured: to the first past the line's end
    assert 3 <= len(legend.chips) <= len(chips) < 20
    assert legend.hidden() == legend.entries[len(legend.chips) :]
    assert legend.more.text() == f"+{len(legend.entries) - len(legend.chips)} more"
    assert colours_found(legend) == {**palette.labels, **palette.types}
    legend.resize(1400, legend.height())
    assert len(legend.chips) > 3 and len(legend.findChildren(QLabel)) < 40


def test_long_names_are_shortened_and_whole_in_their_tooltips(qtbot):
    palette = Palette(LONG, [], [])
    legend = shown_legend(qtbot, palette)
    first = legend.chips[0]
    assert first.isVisible() and first.text() != LONG[0] and "…" in first.text()
    assert first.text().startswith("LABEL_00_") and shown_text(first.toolTip()) == LONG[0]
    legend.menu.aboutToShow.emit()
    actions = legend.menu.actions()
    assert actions and all(shown_text(a.toolTip()) == a.data() and a.text() != a.data() for a in actions)
    assert colours_found(legend) == palette.labels


def test_one_label_is_shown_with_no_more_button(qtbot):
    palette = Palette(["PER"], [], [])
    legend = shown_legend(qtbot, palette)
    assert [chip.text() for chip in legend.chips] == ["PER"] and legend.chips[0].isVisible()
    assert not legend.more.isVisible() and legend.hidden() == []
    assert colours_found(legend) == palette.labels


def test_no_labels_leave_an_empty_line(qtbot):
    legend = shown_legend(qtbot, Palette([], [], []))
    assert legend.chips == [] and legend.text() == "" and not legend.more.isVisible()
    assert legend.height() > 0  # the line stays: the panes do not move from report to report


def test_the_error_types_then_the_shown_documents_labels_come_first(qtbot):
    palette = Palette([f"L{n:02d}" for n in range(50)], ["FN"], ["entity"])
    legend = shown_legend(qtbot, palette, first={"L30", "L07"})
    assert [entry.name for entry in legend.entries[:4]] == ["FN", "L07", "L30", "entity"]
    assert legend.chips[0].isVisible() and legend.chips[1].isVisible() and legend.chips[2].isVisible()
    found = colours_found(legend)
    assert {label: found.get(label) for label in palette.labels} == palette.labels


def test_a_menu_entry_keeps_an_ampersand_as_written(qtbot):
    palette = Palette([f"R&D {n}" for n in range(50)], [], [])
    legend = shown_legend(qtbot, palette, width=300)
    legend.menu.aboutToShow.emit()
    assert legend.menu.actions()[-1].text() == "R&&D 9"  # "&&" shows "&", not a shortcut


def test_fitting_keeps_room_for_the_more_button():
    assert fitting([50, 50, 50], 150 + 2 * GAP, 40) == 3  # all fit: no button
    assert fitting([50, 50, 50], 149 + 2 * GAP, 40) == 2  # two, then the button (40 px) after them
    assert fitting([50, 50, 50], 40 + 2 * (50 + GAP) - 1, 40) == 1
    assert fitting([], 100, 40) == 0
    assert fitting([500], 100, 40) == 0


def test_the_viewer_puts_each_documents_own_labels_first(qtbot, tmp_path):
    lines = [{"id": 0, "text": "w0 w1", "label": [[0, 2, "B"]]}, {"id": 1, "text": "w0 w1", "label": [[3, 5, "A"]]}]
    path = tmp_path / "gold.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    method = get_method("spans")
    viewer = SideBySideViewer()
    qtbot.addWidget(viewer)
    viewer.set_report(ReportData.build(method.evaluate(str(path), str(path), method.Options())))
    firsts = []
    for name in viewer.data.documents:
        viewer.documents.setCurrentText(name)
        firsts.append(next(entry.name for entry in viewer.legend.entries if entry.look == "chip"))
    assert firsts == ["B", "A"]  # not A, B (name order) in both: the first label (after any error type)


def shown_text(tooltip: str) -> str:
    """The text a tooltip shows (Qt shows rich text as such)."""
    document = QTextDocument()
    document.setHtml(tooltip) if QtGui.Qt.mightBeRichText(tooltip) else document.setPlainText(tooltip)
    return document.toPlainText()


def test_a_label_that_looks_like_markup_is_shown_as_written_in_its_tooltips(qtbot):
    """Long labels starting `<s>` and `a<b>c</b>` (their chips shortened, or in the menu): each
    tooltip shows the name as written, not as markup."""
    marked = ["<s>" + "_long" * 12, "a<b>c</b>" + "_long" * 12]
    names = [*marked, *(f"L{n}" for n in range(40))]
    legend = shown_legend(qtbot, Palette(names, [], []))
    legend.menu.aboutToShow.emit()
    tips = {chip.toolTip() for chip in legend.chips} | {a.toolTip() for a in legend.menu.actions()}
    assert set(marked) <= {shown_text(tip) for tip in tips}
