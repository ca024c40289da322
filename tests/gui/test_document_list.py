"""The viewer's list of documents is as wide as its longest name, each name measured once:
Qt measured all of them for the size hint and again for the minimum size hint (the same
width), about 100 ms each for a Label Studio export of 20,704 tasks."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QStringListModel, Qt
from PySide6.QtWidgets import QComboBox

from gui.viewer import DocumentList


class CountedNames(QStringListModel):
    """Names that count how often the list asks each one's icon (once a name per measure)."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(names)
        self.icons_asked = 0

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role == Qt.ItemDataRole.DecorationRole:
            self.icons_asked += 1
        return super().data(index, role)


def test_the_names_are_measured_once_for_both_size_hints(qtbot):
    documents = DocumentList()
    qtbot.addWidget(documents)
    names = CountedNames([f"task {n}" for n in range(1, 301)])
    documents.setModel(names)
    names.icons_asked = 0
    documents.sizeHint()
    once = names.icons_asked
    documents.minimumSizeHint()
    assert once >= 300 and names.icons_asked - once < 300  # not each name again


def test_the_list_is_as_wide_as_qt_makes_one_that_adjusts_to_its_contents(qtbot):
    for names in ([], ["gold.conll"], ["a rather long document name, longer than the rest", "short"]):
        documents, plain = DocumentList(), QComboBox()
        plain.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for box in (documents, plain):
            qtbot.addWidget(box)
            box.addItems(names)
        assert (
            documents.minimumSizeHint() == documents.sizeHint() == plain.minimumSizeHint() == plain.sizeHint()
        )
