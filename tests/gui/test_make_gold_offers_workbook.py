"""Make Gold offers the adjudication workbook the Agreement window last wrote (its field was
empty: the user had to find the file they had just saved), with the gold's path beside it."""

from __future__ import annotations

from gui.adjudication import MakeGoldDialog
from tests.gui.test_next_day import opened

from .test_agreement_pair_columns import two_annotators


def test_the_workbook_just_written_is_the_one_make_gold_offers(qtbot, settings_file, tmp_path):
    window = opened(qtbot, settings_file)
    window.add_paths(two_annotators(tmp_path))
    window.measure()
    qtbot.waitUntil(lambda: not window.busy and window.data is not None, timeout=20_000)
    book = tmp_path / "round two.xlsx"
    assert window.write_workbook(str(book))
    qtbot.waitUntil(lambda: not window.busy and book.exists(), timeout=20_000)
    dialog = MakeGoldDialog(None, window.settings)
    qtbot.addWidget(dialog)
    assert dialog.workbook.text() == str(book)
    assert dialog.out.text() == str(tmp_path / "round two-gold")  # brat, the annotators' format: a folder
