"""README's Layout names every module of the app (the list had fallen behind)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_layout_names_every_gui_module():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("\ngui/ ", 1)[1].split("\ntests/ ", 1)[0]
    named = set(re.findall(r"[a-z_]+", block))
    modules = {path.stem for path in (ROOT / "gui").glob("*.py")} - {"__init__"}
    assert sorted(modules - named) == []
