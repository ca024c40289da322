"""Where a method takes folders, "Choose a folder…" is a button in view on the input's title
line (it was a menu entry behind a small arrow beside Browse…, which a brat or INCEpTION
user may never find), whole in the Setup panel at 1280×720 and leaving the path box its
width; a method of files shows none."""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog

from gui.geometry import USABLE


def test_a_method_of_folders_shows_a_folder_button_beside_file(window, qtbot, tmp_path, monkeypatch):
    folder = tmp_path / "gold"
    folder.mkdir()
    (folder / "a.conll").write_text("John B-PER\n", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda parent, title, start: str(folder))
    window.resize(USABLE)  # 1280×720 less a panel and the title bar
    window.setup.set_method("spans")
    gold = window.setup.fields["gold"]
    qtbot.waitUntil(lambda: gold.folder_button.isVisible())
    assert (gold.button.text(), gold.folder_button.text()) == ("Browse…", "Choose a folder…")
    assert gold.button.menu() is None  # nothing hidden behind an arrow
    assert gold.folder_button.y() < gold.edit.y()  # on the title's line, above the path box
    right = gold.folder_button.mapTo(window.setup.scroll.viewport(), gold.folder_button.rect().topRight()).x()
    assert right <= window.setup.scroll.viewport().width()  # in view
    for button in (gold.button, gold.folder_button):
        assert button.width() >= button.sizeHint().width()  # whole, not cut
    assert gold.edit.width() >= 200  # the path box keeps its room
    gold.folder_button.click()
    assert gold.path == str(folder)


def test_a_method_of_files_shows_no_folder_button(window, qtbot):
    window.setup.set_method("clueval")
    gold = window.setup.fields["gold"]
    qtbot.waitUntil(lambda: not gold.folder_button.isVisible())
    assert gold.button.text() == "Browse…" and gold.button.menu() is None
