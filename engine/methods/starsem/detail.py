"""What a *SEM report shows beyond the scores: the document (the GOLD file's words,
one unit per sentence), the cue / scope / event spans of both sides, and one error row
per instance that is not a Full negation TP (specs/starsem.md §6.2, §6.3)."""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from functools import cached_property
from itertools import accumulate, chain
from operator import itemgetter
from typing import Any

from ...report import ERROR_COLUMNS, Later, Report, blank_side, numbered_rows, side_columns
from ...spans import Document, Span
from .model import Words, block_words

ELEMENTS = ("cue", "scope", "event")
VERDICT_KEYS = {"cue": "cue", "scope": "scope", "event": "negated"}
BOTH, GOLD_ONLY, SYSTEM_ONLY = "🟨", "🟩", "🟥"
#: The columns of an error row, in order: the standard ones, then *SEM's own.
ROW_KEYS = (*ERROR_COLUMNS, "sentence", "chapter", "sentence_id", "line", "cue", "scope", "event", "tokens",
            "gold_cue", "gold_scope", "gold_event", "gold_negation", "system_cue", "system_scope",
            "system_event", "system_negation")  # fmt: skip


class Layout:
    """The document built from the sentences in order of their numbers: where each
    starts, and its GOLD words (a sentence without negation keeps its block's text, its
    words read only when shown). The sentences scored are noted as they come, those only
    counted all at once; where each starts is found for all of them when first asked."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.words: list[Words | str | None] = []  # per unit: its words, a plain block, or none
        self.numbers: list[int] = []  # per unit: its sentence's number
        self.sizes: list[int] | None = None  # per unit: its words, once known for all (add_plain)

    def add(self, number: int, words: Words | str | None) -> None:
        """The next sentence: its GOLD words, the text of a block without negation (8 fields
        on every line, no other whitespace), or None when the reader kept none."""
        self.numbers.append(number)
        self.words.append(words)

    def add_plain(self, numbers: list[int], texts: list[str], sizes: list[int]) -> None:
        """After the last sentence scored, those only counted (blocks without negation, 8
        fields on every line, no other whitespace): their numbers, in order, texts and
        lines; each put in its place."""
        if numbers:
            every = self.numbers + numbers
            order = sorted(range(len(every)), key=every.__getitem__)
            self.sizes = list(map((_sizes(self.words) + sizes).__getitem__, order))
            self.words = list(map((self.words + texts).__getitem__, order))
            self.numbers = list(map(every.__getitem__, order))

    @cached_property
    def units(self) -> list[tuple[int, int]]:
        """Per unit, its [start, end) in the document."""
        ends = list(accumulate(self.sizes if self.sizes is not None else _sizes(self.words)))
        return list(zip([0, *ends], ends, strict=False))  # (each unit starts where the one before ends)

    @cached_property
    def starts(self) -> list[int]:
        return [start for start, _ in self.units]

    @cached_property
    def index(self) -> dict[int, int]:
        """Sentence number → its unit (the last of that number)."""
        return dict(zip(self.numbers, range(len(self.numbers)), strict=True))

    def offset(self, number: int) -> int:
        """Where sentence `number` starts (0 when it has no unit)."""
        unit = self.index.get(number)
        return 0 if unit is None else self.starts[unit]

    def unit_words(self, unit: int) -> Words | None:
        """A unit's words (a plain block's read now, once)."""
        words = self.words[unit]
        if isinstance(words, str):
            words = self.words[unit] = block_words(words)
        return words

    def run(self, start: int, end: int, unit: int | None = None) -> tuple[list[str], list[str]]:
        """The words and numbers (column 3) of document positions start..end − 1 (`unit`:
        the one holding `start` when known; found when not, or when it does not hold it)."""
        if unit is None or start >= self.units[unit][1]:
            unit = bisect.bisect_right(self.starts, start) - 1
        words = self.unit_words(unit) if unit >= 0 else None
        if words is None:
            raise IndexError(start)
        first, size = self.starts[unit], len(words.words)
        a, b = start - first, end - first
        if b <= size:
            return words.words[a:b], words.numbers[a:b]
        if a >= size:
            raise IndexError(start)
        more, numbers = self.run(first + size, end)  # (a run into the next unit)
        return words.words[a:] + more, words.numbers[a:] + numbers

    def document(self) -> Document:
        """The document; its tokens and unit ids made when first read."""
        total = self.units[-1][1] if self.units else 0
        ids = Later(len(self.words), self._unit_ids)
        return Document(self.name, Later(total, part=self.tokens), self.units, ids)

    def tokens(self, start: int, stop: int) -> list[str]:
        """The words of document positions start..stop − 1, unit by unit (one without
        words adds none)."""
        tokens: list[str] = []
        unit = bisect.bisect_right(self.starts, start) - 1
        while start < stop:
            first, end = self.units[unit]
            tokens += (self.unit_words(unit) or EMPTY).words[start - first : stop - first]
            start, unit = end, unit + 1
        return tokens

    def _unit_ids(self) -> list[str]:
        return [_unit_id(words) for words in self.words]


EMPTY = Words([], [], "", "")


def _sizes(units: list[Words | str | None]) -> list[int]:
    """Per unit, its number of words (a plain block's lines)."""
    return [len(w.words) if type(w) is Words else 0 if w is None else w.count("\n") + 1 for w in units]


def _unit_id(words: Words | str | None) -> str:
    if words is None:
        return ""
    if isinstance(words, str):
        chapter, number, _ = words.split("\t", 2)
        return f"{chapter} {number}".strip()
    return f"{words.chapter} {words.sentence_id}".strip()


def _runs(indices: list[int]) -> list[tuple[int, int]]:
    """The [a, b) runs of sorted distinct indices."""
    runs: list[tuple[int, int]] = []
    a = b = -1
    for i in indices:
        if i != b:
            if b >= 0:
                runs.append((a, b))
            a = i
        b = i + 1
    if b >= 0:
        runs.append((a, b))
    return runs


def _text(pairs: Sequence[Sequence[Any]] | None) -> str:
    return " ".join([text for _, text in pairs or ()])


def _marked(words: list[str], gold: dict[str, Any] | None, system: dict[str, Any] | None) -> str:
    """The words with both scopes marked and both cues bracketed (§6.3)."""
    n = len(words)
    gold, system = gold or {}, system or {}
    for index in {i for i, _ in system.get("cue", ()) if i < n}:
        words[index] = f"⟨{words[index]}⟩"
    for index in {i for i, _ in gold.get("cue", ()) if i < n}:
        words[index] = f"[{words[index]}]"
    in_gold = {i for i, _ in gold.get("scope", ()) if i < n}
    marks = dict.fromkeys(in_gold, GOLD_ONLY)
    for index in {i for i, _ in system.get("scope", ()) if i < n}:
        marks[index] = BOTH if index in in_gold else SYSTEM_ONLY
    for index, mark in marks.items():
        words[index] = mark + words[index]
    return " ".join(words)


class DetailBuilder:
    """Fills a Report's documents, spans and error rows from the instance records."""

    def __init__(self, layout: Layout, label: str) -> None:
        self.layout = layout
        self.label = label

    def fill(self, report: Report, records: list[dict[str, Any]]) -> None:
        """The document, the error rows and the spans (made when the viewer reads them)."""
        layout = self.layout
        report.documents = [layout.document()]
        rows = [self._error_row(record) for record in records if record["full"] != "TP"]
        report.gold_spans = self._later_spans(records, "gold")
        report.system_spans = self._later_spans(records, "system")
        report.set_errors(numbered_rows(ROW_KEYS, rows, plain_numbers=True))  # texts, whole numbers, None

    def _later_spans(self, records: list[dict[str, Any]], side: str) -> Later:
        """The spans of one side of every instance, made when first read."""
        sides = list(filter(None, map(itemgetter(f"{side}_elements"), records)))
        count = sum(map(bool, chain.from_iterable(map(dict.values, sides))))

        def make() -> list[Span]:
            offset = self.layout.offset
            return [span for r in records for span in self._spans(r, side, offset(r["sentence"]))]

        return Later(count, make)

    def _spans(self, record: dict[str, Any], side: str, offset: int) -> list[Span]:
        elements = record[f"{side}_elements"]
        if not elements:
            return []
        spans = []
        for kind in ELEMENTS:
            pairs = elements[kind]
            if not pairs:
                continue
            parts = [[offset + a, offset + b] for a, b in _runs(sorted({index for index, _ in pairs}))]
            attrs = {"kind": kind, "status": record[VERDICT_KEYS[kind]] or "", "parts": parts,
                     "line": record["line"], "sentence": record["sentence"],
                     "negation": record[side] + 1, "text": _text(pairs)}  # fmt: skip
            spans.append(Span(parts[0][0], parts[-1][1], kind, self.layout.name, attrs))
        return spans

    def _side(self, elements: dict[str, Any] | None, number: int | None, offset: int,
              unit: int | None) -> tuple[Any, ...]:  # fmt: skip
        """A side's values of an error row: SIDE_KEYS' (label, start, end, parts, position,
        text), then cue, scope and event texts and the negation's number (`number`: its
        0-based one). `offset`, `unit`: where the sentence starts and its unit (None: none)."""
        negation = None if number is None else number + 1
        if not elements:
            return (*blank_side(), "", "", "", negation)
        cue, scope, event = elements["cue"], elements["scope"], elements["event"]
        texts = tuple(" ".join([text for _, text in pairs]) for pairs in (cue, scope, event))
        indices = sorted({i for i, _ in cue}.union([i for i, _ in scope]))
        if not indices:
            return (*blank_side(), *texts, negation)
        text: list[str] = []
        positions = []
        for a, b in (runs := _runs(indices)):
            shown, numbers = self.layout.run(offset + a, offset + b, unit)
            text += shown
            positions.append(numbers[0] if len(numbers) == 1 else f"{numbers[0]}-{numbers[-1]}")
        parts = [[offset + a, offset + b] for a, b in runs]
        position, shown = ",".join(positions), " ".join(text)
        return (self.label, parts[0][0], parts[-1][1], parts, position, shown, *texts, negation)

    def _error_row(self, record: dict[str, Any]) -> tuple[Any, ...]:
        """The values of an error row, in ROW_KEYS' order but its id."""
        layout, number = self.layout, record["sentence"]
        unit = layout.index.get(number)
        offset, words = (0, None) if unit is None else (layout.starts[unit], layout.unit_words(unit))
        cue, scope, event = record["cue"], record["scope"], record["negated"]
        verdicts = zip(ELEMENTS, (cue, scope, event), strict=True)
        detail = ", ".join([f"{kind} {verdict}" for kind, verdict in verdicts if verdict])
        g_elements, s_elements = record["gold_elements"], record["system_elements"]
        gold = self._side(g_elements, record["gold"], offset, unit)
        system = self._side(s_elements, record["system"], offset, unit)
        strip = _marked(list(words.words), g_elements, s_elements) if words is not None else ""
        chapter, sentence_id = record["chapter"], record["sentence_id"]
        return (layout.name, number, f"{chapter} {sentence_id}".strip(), record["full"], cue,
                *side_columns(gold, system), detail, number, chapter, sentence_id, record["line"], cue,
                scope or "", event or "", strip, *gold[6:], *system[6:])  # fmt: skip
