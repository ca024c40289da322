"""File formats: one module per format, each able to recognise (sniff) its files.

`detect(path)` names the format of a file (or of the first file of a folder) for the
GUI's "detected format" label; readers live in the format modules and are called by
the methods that use them.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

#: Modules under engine.formats; each has TITLE and sniff(first_lines) -> bool.
# Most specific first: detect() names the first format that recognises a file.
FORMAT_MODULES: tuple[str, ...] = (
    "poetry_jsonl", "cdsco", "propara_actions", "propara_sentences", "vrt", "faireval_spans", "conll2000",
)

#: The annotation tools' span formats (engine/formats/standoff.py gives their protocol),
#: recognised after the original tools' formats above.
SPAN_FORMAT_MODULES: tuple[str, ...] = ("webanno_tsv", "uima_xmi", "brat", "label_studio", "doccano", "conll")

_SNIFF_LINES = 50


def format_module(name: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{name}")


def _first_lines(path: Path) -> list[str]:
    lines: list[str] = []
    with open(path, encoding="utf-8", errors="replace", newline=None) as handle:
        for line in handle:
            if line.strip():
                lines.append(line.rstrip("\n"))
            if len(lines) >= _SNIFF_LINES:
                break
    return lines


def detect(path: str | Path, candidates: tuple[str, ...] = FORMAT_MODULES) -> str | None:
    """The title of the first candidate format that recognises the file, or None."""
    p = Path(path)
    if p.is_dir():
        files = sorted(f for f in p.iterdir() if f.is_file() and not f.name.startswith("."))
        if not files:
            return None
        p = files[0]
    if not p.is_file():
        return None
    try:
        lines = _first_lines(p)
    except OSError:
        return None
    for name in candidates:
        module = format_module(name)
        if module.sniff(lines):
            return module.TITLE
    return None
