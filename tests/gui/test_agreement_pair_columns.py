"""A pair's disagreements show their document names and texts whole where the table has
room (each column was 100 pixels wide: 'PMID-104290…' beside an empty half of the table)."""

from __future__ import annotations

from pathlib import Path

from gui.agreement_window import AgreementWindow

NAME = "PMID-10429004-abstract"
TEXT = "Relationship among genotype and maternal phenylketonuria in females.\n"


def two_annotators(folder: Path) -> list[str]:
    """Two brat folders of one document, labelling one span each differently."""
    for annotator, label in (("anna", "Disease"), ("ben", "Chemical")):
        (folder / annotator).mkdir()
        (folder / annotator / f"{NAME}.txt").write_text(TEXT, encoding="utf-8")
        (folder / annotator / f"{NAME}.ann").write_text(f"T1\t{label} 32 56\tmaternal phenylketonuria\n",
                                                          encoding="utf-8")  # fmt: skip
    return [str(folder / "anna"), str(folder / "ben")]


def test_the_document_and_text_columns_fit_their_cells(qtbot, tmp_path):
    window = AgreementWindow()
    qtbot.addWidget(window)
    window.resize(1200, 700)
    window.show()
    window.add_paths(two_annotators(tmp_path))
    window.measure()
    qtbot.waitUntil(lambda: not window.busy and window.data is not None, timeout=20_000)
    window.show_pair(0, 1)
    view = window.pair_rows
    assert [view.model().index(0, c).data() for c in (0, 2)] == [NAME, "maternal phenylketonuria"]
    for column in (0, 2):
        assert view.columnWidth(column) >= view.sizeHintForColumn(column) > 100
    header = view.horizontalHeader()
    for column in range(view.model().columnCount()):  # 'Characters', the annotators' names: whole
        assert view.columnWidth(column) >= min(header.sectionSizeHint(column), view.viewport().width() // 3)
