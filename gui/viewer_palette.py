"""The viewer's colours: of labels and error types, and the styles of span kinds (Palette);
the legend that says which is which is gui/viewer_legend.py."""

from __future__ import annotations

import zlib

from PySide6.QtGui import QColor

from engine.spans import Span

from .label_colours import label_colours

#: Error-type underlines (Tableau 10) of the methods' error types, by name, the same in every
#: run: a gold span missed red, a system span spurious blue, a wrong label orange, wrong
#: bounds purple (no two types of one method share a colour).
TYPE_COLOURS = {"FN": "#d62728", "missed": "#d62728", "missing": "#d62728", "unmatched": "#d62728",
                "FP": "#1f77b4", "spurious": "#1f77b4",
                "LE": "#ff7f0e", "incorrect": "#ff7f0e",
                "BE": "#9467bd", "partial": "#9467bd", "contained": "#9467bd",
                "LBE": "#8c564b", "tiled": "#8c564b", "covered": "#e377c2",
                "TP": "#2ca02c", "exact": "#2ca02c"}  # fmt: skip
#: The colours of other types, chosen by their name's CRC-32 (not hash(): it changes by process).
OTHER_TYPE_COLOURS = ("#17becf", "#bcbd22", "#7f7f7f", "#aec7e8", "#ffbb78", "#98df8a", "#c5b0d5")
#: How span kinds are drawn, in kind order.
KIND_STYLES = ("fill", "outline", "dashed", "hatched")
SELECTION_COLOUR = "#111111"


def type_colour(error_type: str) -> str:
    """An error type's colour, whatever other types a run has."""
    if error_type in TYPE_COLOURS:
        return TYPE_COLOURS[error_type]
    place = zlib.crc32(error_type.encode("utf-8", "surrogatepass")) % len(OTHER_TYPE_COLOURS)
    return OTHER_TYPE_COLOURS[place]


class Palette:
    """Colours of labels and error types, styles of span kinds, for one report."""

    def __init__(self, labels: list[str], error_types: list[str], kinds: list[str]) -> None:
        self.labels = {label: QColor(colour) for label, colour in label_colours(labels).items()}
        self.types = {t: QColor(type_colour(t)) for t in error_types}
        self.kinds = {kind: KIND_STYLES[i % len(KIND_STYLES)] for i, kind in enumerate(kinds)}

    def label(self, label: str) -> QColor:
        return self.labels.get(label, QColor("#cccccc"))

    def error_type(self, error_type: str) -> QColor:
        return self.types.get(error_type, QColor("#555555"))

    def style(self, span: Span) -> str:
        kind = span.attrs.get("kind") if span.attrs else None
        return self.kinds.get(str(kind), "fill") if kind else "fill"
