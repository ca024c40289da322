"""README's Layout names every module of the app (the list had fallen behind)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_layout_names_every_gui_module():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("\ngui/ ", 1)[1].split("\ntests/ ", 1)[0]
    named = _module_names(block)
    assert {"data", "views", "changed"}.isdisjoint(named)  # the prose beside the names is no name
    modules = {path.stem for path in (ROOT / "gui").glob("*.py")} - {"__init__"}
    assert sorted(modules - named) == []


def _module_names(block: str) -> set[str]:
    """The names the list gives: each line's right-hand column, without a name's note
    (`look_queue: looks at files …`, `stamps (has an input changed)`)."""
    items = " ".join(re.split(r"\s{3,}", line.strip())[-1] for line in block.splitlines())
    items = re.sub(r":[^·)]*", "", items)
    items = re.sub(r"\((?!\+)[^)]*\)", "", items)
    return set(re.findall(r"[a-z_]+", items))
