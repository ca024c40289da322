"""The explainer (specs/propara.md §5.4): an action file as sentences, one per CREATE,
DESTROY or MOVE row, sorted by paragraph, sentence and text."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

from ...errors import FileWarning, InputError
from ...formats.propara_rules import read_lines
from ...textio import BOM

PRINTED = ("DESTROY", "CREATE", "MOVE")


@dataclass(frozen=True)
class Explanation:
    pid: str  # as written
    sentence: str
    participant: str
    action: str
    text: str
    key: tuple[int, int, str]

    def json(self) -> dict[str, Any]:
        return {"process_id": self.pid, "sentence": self.sentence, "participant": self.participant,
                "action": self.action, "text": self.text}  # fmt: skip


def _place(location: str) -> str:
    return "an unknown location" if location == "?" else location


def sentence_text(pid: str, sentence: str, participant: str, action: str, before: str, after: str) -> str:
    head = f"In paragraph {pid}, sentence {sentence}, the participant `{participant}` is"
    if action == "DESTROY":
        return f"{head} destroyed at `{_place(before)}`"
    if action == "CREATE":
        return f"{head} created at `{_place(after)}`"
    return f"{head} moved from `{_place(before)}` to `{_place(after)}`"


def _stdin_lines() -> list[str]:
    data = sys.stdin.buffer.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise InputError("UTF-8 text", f"byte 0x{data[err.start]:02X}", file="-", line=line) from None
    text = text.removeprefix(BOM).replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _fields(path: str, number: int, line: str) -> tuple[list[str], bool]:
    """The six fields of a line, and whether they came from the E1 repair."""
    fields = line.strip().split("\t")
    if len(fields) == 6:
        return fields, False
    raw = line.split("\t")
    if len(raw) >= 6:
        return raw[:6], True
    found = "an empty line" if not line.strip() else str(len(fields))
    raise InputError("6 tab-separated fields", found, file=path, line=number)


def _integer(path: str, number: int, text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError(f"an integer {what}", f"'{text}'", file=path, line=number) from None


def explain(path: str) -> tuple[list[Explanation], list[str]]:
    """The explanations in output order, and the warnings."""
    lines = _stdin_lines() if path == "-" else read_lines(path)
    found: list[Explanation] = []
    repaired = 0
    for number, line in enumerate(lines, 1):
        fields, was_repaired = _fields(path, number, line)
        repaired += was_repaired
        pid, sentence, participant, action, before, after = fields
        if action not in PRINTED:
            continue
        key_pid = _integer(path, number, pid, "paragraph id in column 1")
        key_sentence = _integer(path, number, sentence, "sentence number in column 2")
        text = sentence_text(pid, sentence, participant, action, before, after)
        found.append(Explanation(pid, sentence, participant, action, text, (key_pid, key_sentence, text)))
    found.sort(key=lambda e: e.key)
    warnings = []
    if repaired:
        what = "lines are not exactly six fields once stripped; their first six fields were used"
        warnings.append(FileWarning(path, f"{repaired} {what}"))
    return found, warnings
