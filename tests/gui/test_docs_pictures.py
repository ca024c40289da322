"""scripts/docs_pictures.py, which makes README's pictures: one picture taken offscreen
is a PNG of the window's size, saved with at most 256 colours."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("docs_pictures", ROOT / "scripts" / "docs_pictures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_help_picture_is_the_help_window_saved_as_a_small_png(qtbot, tmp_path):
    pictures = _script()
    session = pictures.Session(tmp_path)
    image = pictures.help_picture(session)
    session.close()
    path = tmp_path / "walkthrough-4-help.png"
    pictures.save_png(image, path)
    saved = QImage(str(path))
    assert (saved.width(), saved.height()) == (720, 560)  # GlossaryDialog's size
    assert saved.format() == QImage.Format.Format_Indexed8 and saved.colorCount() <= 256
    assert path.stat().st_size > 10_000  # the page's text drawn, not an empty window
