"""The notice's Open and Open Folder buttons: where the computer opens nothing, the notice
says so, instead of a click that seems to do nothing."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from gui import notice
from gui.notice import Notice


def written(qtbot, tmp_path: Path, monkeypatch, opens: bool) -> tuple[Notice, Path]:
    """A notice of one written file; `opens`: whether the computer opens what is asked."""
    asked: list[Path] = []
    monkeypatch.setattr(notice, "open_path", lambda path: asked.append(path) or opens)
    path = tmp_path / "gold.jsonl"
    path.write_text("{}\n", encoding="utf-8")
    shown = Notice()
    qtbot.addWidget(shown)
    shown.show_written([path], "3 spans written.")
    return shown, path


def test_an_open_that_opens_nothing_says_so(qtbot, tmp_path, monkeypatch):
    shown, path = written(qtbot, tmp_path, monkeypatch, opens=False)
    qtbot.mouseClick(shown.open_button, Qt.MouseButton.LeftButton)
    text = shown.text.text()
    assert "Nothing on your computer is set to open gold.jsonl" in text and str(tmp_path) in text
    assert "3 spans written." in text  # what was written is still said
    qtbot.mouseClick(shown.folder_button, Qt.MouseButton.LeftButton)
    assert f"did not show the folder {tmp_path}" in shown.text.text()
    assert "set to open gold.jsonl" not in shown.text.text()  # one word about the last click
    shown.show_written([path])
    assert "Nothing" not in shown.text.text()  # a new notice starts clean


def test_an_open_that_opens_says_nothing_more(qtbot, tmp_path, monkeypatch):
    shown, _ = written(qtbot, tmp_path, monkeypatch, opens=True)
    before = shown.text.text()
    qtbot.mouseClick(shown.open_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(shown.folder_button, Qt.MouseButton.LeftButton)
    assert shown.text.text() == before
