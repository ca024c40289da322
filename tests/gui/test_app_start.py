"""How the app starts: files given on the command line (the menu entry's "Open with"),
and the fonts a packaged build carries."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gui import app, resources
from gui.resources import example_inputs


def test_files_on_the_command_line_are_opened_as_gold_and_system(window):
    _, gold, system = example_inputs()
    args = app.parse_args([gold, system])
    assert args.files == [gold, system]
    window.drop_paths(args.files)
    assert window.setup.paths() == (gold, system)


def test_the_bundled_fonts_are_registered_at_start(qapp, tmp_path, monkeypatch):
    font = Path("/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed-Italic.ttf")
    if not font.exists():
        pytest.skip("no DejaVu font here (fonts-dejavu-core)")
    (tmp_path / "fonts").mkdir()
    shutil.copy(font, tmp_path / "fonts" / font.name)
    (tmp_path / "fonts" / "LICENSE.txt").write_text("not a font", encoding="utf-8")
    monkeypatch.setattr(resources, "resources_dir", lambda: tmp_path)
    assert resources.font_files() == [tmp_path / "fonts" / font.name]
    assert "DejaVu Serif" in app.register_fonts()
