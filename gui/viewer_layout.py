"""The viewer's drawing pieces: the colours of labels and error types, the styles of span
kinds (Palette, Legend), and the layout of a document's blocks into lines (Layout)."""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFontMetricsF
from PySide6.QtWidgets import QLabel, QWidget

from engine.spans import Span

from .label_colours import label_colours
from .viewer_data import DocumentData

#: Error-type underlines (Tableau 10), assigned in type order.
TYPE_COLOURS = ("#d62728", "#1f77b4", "#ff7f0e", "#9467bd", "#2ca02c", "#8c564b", "#e377c2",
                "#17becf", "#7f7f7f", "#bcbd22")  # fmt: skip
#: How span kinds are drawn, in kind order.
KIND_STYLES = ("fill", "outline", "dashed", "hatched")
SELECTION_COLOUR = "#111111"

MARGIN = 8.0
UNDERLINE = 2.5  # thickness of an error underline
UNDERLINE_ROOM = 9.0  # space below the text for underlines


class Palette:
    """Colours of labels and error types, styles of span kinds, for one report."""

    def __init__(self, labels: list[str], error_types: list[str], kinds: list[str]) -> None:
        self.labels = {label: QColor(colour) for label, colour in label_colours(labels).items()}
        self.types = {t: QColor(TYPE_COLOURS[i % len(TYPE_COLOURS)]) for i, t in enumerate(error_types)}
        self.kinds = {kind: KIND_STYLES[i % len(KIND_STYLES)] for i, kind in enumerate(kinds)}

    def label(self, label: str) -> QColor:
        return self.labels.get(label, QColor("#cccccc"))

    def error_type(self, error_type: str) -> QColor:
        return self.types.get(error_type, QColor("#555555"))

    def style(self, span: Span) -> str:
        kind = span.attrs.get("kind") if span.attrs else None
        return self.kinds.get(str(kind), "fill") if kind else "fill"


@dataclass
class Line:
    """One laid-out line: consecutive positions from `first`, their x and width, and any
    attached words beyond the unit's positions (`tail`: x, word)."""

    block: int
    first: int
    xs: list[float] = field(default_factory=list)
    widths: list[float] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    tail: list[tuple[float, str]] = field(default_factory=list)

    @property
    def end(self) -> int:
        return self.first + len(self.xs)

    def x_range(self, start: int, end: int) -> tuple[float, float] | None:
        """The x extent of positions [start, end) on this line, None when none is on it."""
        a, b = max(start, self.first), min(end, self.end)
        if a >= b:
            return None
        return self.xs[a - self.first], self.xs[b - 1 - self.first] + self.widths[b - 1 - self.first]


def shown_text(text: str, chars: bool) -> str:
    """What a position shows: line breaks and tabs of a character document take room but
    show nothing; in a word document they show as symbols."""
    if chars:
        return "" if text in ("\n", "\r") else ("    " if text == "\t" else text)
    return text.replace("\n", "⏎").replace("\t", "⇥") or "∅"


class Layout:
    """Lays out blocks of one document at one width, caching the result per block."""

    CACHE = 4000

    def __init__(self, doc: DocumentData, metrics: QFontMetricsF, width: float) -> None:
        self.doc = doc
        self.metrics = metrics
        self.width = max(width, 40.0)
        self.space = metrics.horizontalAdvance(" ")
        self._widths: dict[str, float] = {}
        self._blocks: dict[int, list[Line]] = {}

    def measure(self, text: str) -> float:
        width = self._widths.get(text)
        if width is None:
            width = self.metrics.horizontalAdvance(text) if text else self.space / 2
            self._widths[text] = width
        return width

    def lines(self, block: int) -> list[Line]:
        found = self._blocks.get(block)
        if found is None:
            if len(self._blocks) >= self.CACHE:
                self._blocks.clear()
            found = self._layout(block)
            self._blocks[block] = found
        return found

    def _layout(self, block: int) -> list[Line]:
        start, end = self.doc.blocks[block]
        chars = self.doc.chars
        gap = 0.0 if chars else self.space
        lines = [Line(block, start)]
        x = 0.0
        for pos in range(start, end):
            text = shown_text(self.doc.text(pos), chars)
            width = self.measure(text)
            line = lines[-1]
            if line.xs and x + width > self.width:
                line, x = self._wrap(lines, block) if chars else (Line(block, pos), 0.0)
                if line is not lines[-1]:
                    lines.append(line)
            line.xs.append(x)
            line.widths.append(width)
            line.texts.append(text)
            x += width + gap
        for word in self.doc.tails.get(block, []):
            width = self.measure(word)
            if x > 0 and x + width > self.width:
                lines.append(Line(block, end))
                x = 0.0
            lines[-1].tail.append((x, word))
            x += width + self.space
        return lines

    def _wrap(self, lines: list[Line], block: int) -> tuple[Line, float]:
        """Break a character line after its last blank, carrying the word after it over."""
        line = lines[-1]
        blank = max((i for i, t in enumerate(line.texts) if t.isspace() or t == ""), default=-1)
        keep = blank + 1 if 0 <= blank < len(line.texts) - 1 else len(line.texts)
        moved = Line(block, line.first + keep)
        for text, width in zip(line.texts[keep:], line.widths[keep:], strict=True):
            moved.xs.append(sum(moved.widths))
            moved.widths.append(width)
            moved.texts.append(text)
        del line.xs[keep:], line.widths[keep:], line.texts[keep:]
        return moved, sum(moved.widths)


class Legend(QLabel):
    """Which colour is which label, error type and span kind."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)

    def show_palette(self, palette: Palette) -> None:
        items = [
            f'<span style="background-color:{c.name()}">&nbsp;{html.escape(label)}&nbsp;</span>'
            for label, c in palette.labels.items()
        ]
        items += [
            f'<span style="color:{c.name()}">▬</span>&nbsp;{html.escape(t)}' for t, c in palette.types.items()
        ]
        items += [f"{_KIND_SYMBOL[style]}&nbsp;{html.escape(kind)}" for kind, style in palette.kinds.items()]
        if palette.types:
            items.append("▢&nbsp;selected error")
        self.setText("&nbsp;&nbsp; ".join(items))


_KIND_SYMBOL = {"fill": "■", "outline": "□", "dashed": "⬚", "hatched": "▨"}
