"""FairEval's CoNLL-2000 reading as the engine did it before 2 December: the original's
stack of open spans stepped through a token at a time, exactly as specs/faireval.md §2.5–2.6
write it. Kept as the oracle that engine/formats/nested_bio.py's arrays are checked against
(tests/engine/test_nested_bio.py)."""

from __future__ import annotations

from engine.errors import FileWarning, InputError
from engine.formats.conll2000 import PUNCTUATION_TAGS
from engine.formats.faireval_spans import Key

#: A chunk tag's levels, outermost first, each (kind, label, the level as written): kind BEGIN
#: (B-), INSIDE (I-) or OTHER (neither: ignored, with a warning); the label what follows the
#: first `-` up to the next (the original's split("-")[1]).
Levels = tuple[tuple[str, str, str], ...]
BEGIN, INSIDE, OTHER = "B-", "I-", ""


def punct_unread(line: str) -> bool:
    """Whether ignore_punct refuses a line: no space before a POS to look at (F30)."""
    return " " not in line


def _levels_of(tag: str) -> Levels:
    """The levels of a tag other than O and _ (`B-S|I-NP`)."""
    return tuple(_level(level) for level in tag.split("|"))


def _level(level: str) -> tuple[str, str, str]:
    if level.startswith(BEGIN):
        return BEGIN, level.split("-")[1], level
    return (INSIDE, "", level) if level.startswith(INSIDE) else (OTHER, "", level)


#: A sentence's spans (Key), the line of each span's first token, and its tokens' forms.
Sentence = tuple[list[Key], list[int], list[str]]


class _Open:
    """A span being built: label, first and last token, token numbers, first line."""

    __slots__ = ("label", "begin", "end", "tokens", "line")

    def __init__(self, label: str, k: int, line: int) -> None:
        self.label, self.begin, self.end, self.tokens, self.line = label, k, k, {k}, line


class ConllReader:
    """Parses the CoNLL-2000 sentences of one file."""

    def __init__(self, name: str, warnings: list[str]) -> None:
        self.name = name
        self.warnings = warnings
        self._warned_tag = False
        self._warned_fields = False
        self._tag_levels: dict[str, Levels] = {}  # each distinct tag parsed once

    def sentence(self, first: int, lines: list[str], ignore_punct: bool) -> Sentence:
        """The spans of one sentence in emission order, punctuation removed if asked,
        with the line number of each span's first token; and its tokens' forms (each line
        split once)."""
        emitted: list[_Open] = []
        stack: list[_Open] = []
        forms: list[str] = []
        for k, line in enumerate(lines, 1):
            number = first + k - 1
            fields = line.split()
            forms.append(fields[0])
            if len(fields) < 3:
                self._few_fields(number, fields)
            if ignore_punct and punct_unread(line):
                raise InputError("3 space-separated fields (form POS tag)", "1", file=self.name, line=number)
            self._token(fields[-1], k, number, stack, emitted)
        emitted.extend(stack)
        if ignore_punct:
            emitted = _without_punctuation(emitted, _punctuation(lines))
        keys = [(s.label, s.begin, s.end, frozenset(s.tokens)) for s in emitted]
        return keys, [s.line for s in emitted], forms

    def _token(self, tag: str, k: int, number: int, stack: list[_Open], emitted: list[_Open]) -> None:
        if tag in ("O", "_"):
            emitted.extend(stack)
            stack.clear()
            return
        levels = self._tag_levels.get(tag)
        if levels is None:
            levels = self._tag_levels[tag] = _levels_of(tag)
        while len(stack) > len(levels):
            emitted.append(stack.pop())
        for i, (kind, label, level) in enumerate(levels):
            if kind == BEGIN:
                if i == 0 and stack:
                    emitted.extend(stack)
                    stack.clear()
                else:
                    while len(stack) > i:
                        emitted.append(stack.pop())
                stack.append(_Open(label, k, number))
            elif kind == INSIDE:
                if len(stack) <= i:
                    raise InputError(
                        f"B- to open a span before '{level}' at level {i + 1}",
                        "no open span",
                        file=self.name,
                        line=number,
                    )
                stack[i].end = k
                stack[i].tokens.add(k)
            elif level and not self._warned_tag:
                self._warned_tag = True
                self.warnings.append(
                    FileWarning(self.name, f"tag '{level}' is neither B-, I- nor O; the original ignores it "
                                "(BIOES spans are lost)", number)  # fmt: skip
                )

    def _few_fields(self, number: int, fields: list[str]) -> None:
        if not self._warned_fields:
            self._warned_fields = True
            what = "POS" if len(fields) == 2 else "form"
            self.warnings.append(
                FileWarning(self.name, f"no chunk tag; the {what} '{fields[-1]}' is read as the tag, as the "
                            "original does", number)  # fmt: skip
            )


def _punctuation(lines: list[str]) -> list[int]:
    """Token numbers whose POS (2nd single-space field) is a punctuation tag."""
    found = []
    for k, line in enumerate(lines, 1):
        fields = line.split(" ")
        if fields[1] in PUNCTUATION_TAGS:
            found.append(k)
    return found


def _without_punctuation(spans: list[_Open], punctuation: list[int]) -> list[_Open]:
    """Remove punctuation tokens one at a time, as the original does (F15 kept)."""
    for k in punctuation:
        kept = []
        for span in spans:
            span.tokens.discard(k)
            dead = False
            if span.begin == k:
                if span.end > k:
                    span.begin = k + 1
                else:
                    dead = True
            if span.end == k:
                if not dead and span.begin < k:
                    span.end = k - 1
                else:
                    dead = True
            if not dead and span.tokens:
                kept.append(span)
        spans = kept
    return spans
