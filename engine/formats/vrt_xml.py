"""The XML lines of a vertical file (specs/clueval.md §2.4): start, end and empty-element
tags with their attributes, and the element stack that gives each token its document and
sentence ids and says where contexts' sentences begin (read_vrt's)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import unescape

from ..errors import FileWarning

_NAME = r"[A-Za-z_][A-Za-z0-9_\-.:]*"
_END_TAG = re.compile(rf"^</({_NAME})\s*>$")
_START_TAG = re.compile(rf"^<({_NAME})(.*?)(/?)>$", re.S)
_ATTRIBUTE = re.compile(rf"\s*({_NAME})\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")


@dataclass
class XmlTag:
    kind: str  # "start", "end", "empty" or "other" (<?…?>, <!…>, unreadable)
    name: str = ""
    attrs: dict[str, str] = field(default_factory=dict)
    clean: bool = True  # False when something inside the tag was skipped


def parse_xml_line(text: str) -> XmlTag:
    """One XML line: a start, end or empty-element tag with its attributes."""
    if text.startswith(("<?", "<!")):
        return XmlTag("other")
    end = _END_TAG.match(text)
    if end:
        return XmlTag("end", end.group(1))
    start = _START_TAG.match(text)
    if not start:
        return XmlTag("other", clean=False)
    name, rest, slash = start.groups()
    attrs: dict[str, str] = {}
    clean = not rest or rest[0].isspace()
    pos = 0
    for match in _ATTRIBUTE.finditer(rest):
        if rest[pos : match.start()].strip():
            clean = False
        value = match.group(2) if match.group(2) is not None else match.group(3)
        attrs[match.group(1)] = _decode(value)
        pos = match.end()
    if rest[pos:].strip():
        clean = False
    return XmlTag("empty" if slash else "start", name, attrs, clean)


def _decode(value: str) -> str:
    """Entity references: the five named ones and numeric ones (others stay as written)."""
    if "&" not in value:
        return value
    return re.sub(
        r"&(?:lt|gt|amp|quot|apos|#[0-9]+|#[xX][0-9a-fA-F]+);", lambda m: unescape(m.group(0)), value
    )


class Structure:
    """The XML element stack of one file and what it says about documents and sentences."""

    def __init__(self, document: str, sentence: str, name: str, warnings: list[str]) -> None:
        self.document, self.sentence = document, sentence  # the elements of documents and of sentences
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.name, self.warnings = name, warnings
        self.warned_syntax = self.warned_end = False

    def ids(self) -> tuple[str, str]:
        return self._innermost(self.document), self._innermost(self.sentence)

    def _innermost(self, element: str) -> str:
        for name, attrs in reversed(self.stack):
            if name == element:
                return attrs.get("id", "")
        return ""

    def apply(self, text: str, line: int) -> bool:
        """Apply one XML line; True when it is a sentence boundary for contexts."""
        tag = parse_xml_line(text)
        if not tag.clean and not self.warned_syntax:
            self.warned_syntax = True
            self.warnings.append(FileWarning(self.name, f"unreadable XML in {text!r} skipped", line))
        if tag.kind == "start":
            self.stack.append((tag.name, tag.attrs))
            return tag.name in (self.document, self.sentence)
        if tag.kind != "end":
            return False
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth][0] == tag.name:
                closed = {name for name, _ in self.stack[depth:]}
                del self.stack[depth:]
                return bool(closed & {self.document, self.sentence})
        if not self.warned_end:
            self.warned_end = True
            said = f"end tag {text!r} without an open <{tag.name}> ignored"
            self.warnings.append(FileWarning(self.name, said, line))
        return False
