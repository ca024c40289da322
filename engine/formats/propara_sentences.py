"""ProPara sentences files: `process TAB sentence number TAB text`, one sentence a line.

specs/propara.md §2.2: each line is stripped and split on TAB, fields after the third are
dropped; a repeated (process, number) keeps the last text; per process the texts are
ordered by number and renumbered 1, 2, 3, …
"""

from __future__ import annotations

from ..errors import InputError
from . import sniffing
from .propara_rules import read_lines

TITLE = "ProPara sentences file"

sniff = sniffing.propara_sentences  # recognises the format without this module (engine/formats/sniffing.py)


def read_sentences(path: str) -> dict[int, list[str]]:
    """Process id → its sentence texts in order (an empty file gives an empty dict)."""
    numbered: dict[int, dict[int, str]] = {}
    for number, line in enumerate(read_lines(path), 1):
        fields = line.strip().split("\t")
        if len(fields) < 3:
            count = f"{len(fields)} field" + ("" if len(fields) == 1 else "s")
            raise InputError(_EXPECTED, count, file=path, line=number)
        pid = _integer(path, number, fields[0], "process id")
        sentence = _integer(path, number, fields[1], "sentence number")
        numbered.setdefault(pid, {})[sentence] = fields[2]
    return {pid: [texts[k] for k in sorted(texts)] for pid, texts in numbered.items()}


_EXPECTED = "process id, sentence number and text separated by TABs"


def _integer(path: str, number: int, text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError(_EXPECTED, f"'{text}' as {what}", file=path, line=number) from None
