"""README's "Your first evaluation" names menus the app has and pictures docs/ holds."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QMenu

from tests.conftest import ROOT

README = ROOT / "README.md"
MENU_PATH = re.compile(r"\*\*(\w+)\s+→\s+([^*]+)\*\*")  # **File → Import Review…**
PICTURE = re.compile(r"!\[[^\]]*\]\(([^)]+)\)")


def walkthrough() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("\n## Your first evaluation\n")
    return text[start : text.index("\n## ", start + 1)]


def menu_entries(menu: QMenu) -> set[str]:
    return {action.text().replace("&", "") for action in menu.actions() if action.text()}


def test_every_menu_path_of_the_walkthrough_is_in_the_menu_bar(window):
    menus = {a.text().replace("&", ""): a.menu() for a in window.menuBar().actions() if a.menu()}
    paths = MENU_PATH.findall(walkthrough())
    assert len(paths) >= 4
    for menu, words in paths:
        entry = " ".join(words.split())  # a path the README wraps over two lines
        assert menu in menus, f"no menu {menu!r}"
        assert entry in menu_entries(menus[menu]), f"no entry {entry!r} in the {menu} menu"


def test_every_picture_of_the_readme_is_in_docs():
    pictures = PICTURE.findall(README.read_text(encoding="utf-8"))
    assert any("walkthrough" in p for p in pictures)
    for picture in pictures:
        path = ROOT / picture
        assert path.is_file(), picture
        assert path.stat().st_size < 320_000, f"{picture} is {path.stat().st_size} bytes"
