"""The viewer's colours: of labels and error types, the styles of span kinds (Palette), and
the legend that says which is which (Legend)."""

from __future__ import annotations

import html
import zlib

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from engine.formats.conll import UNTYPED
from engine.spans import Span

from .label_colours import label_colours
from .style import elided

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
#: The legend's most lines, and the most labels it shows with no tooltip of them all.
LEGEND_LINES, LEGEND_TIP_LABELS = 3, 12
#: The legend's chip of the label of untyped tags (a B or I alone, as BioBERT's NCBI-disease
#: files write them): an underscore alone on its colour was a line hard to see.
UNTYPED_CHIP = f"{UNTYPED} (no type)"


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


class Legend(QLabel):
    """Which colour is which label, error type and span kind."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        # At most LEGEND_LINES lines (fifty labels would take the viewer's room): the whole
        # legend is the tooltip; long labels shortened, so that the lines are not all one each.
        self.setMaximumHeight((self.fontMetrics().lineSpacing() + 3) * LEGEND_LINES + 2)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def show_palette(self, palette: Palette) -> None:
        items = [
            f'<span style="background-color:{c.name()}">&nbsp;{html.escape(chip_text(label))}&nbsp;</span>'
            for label, c in palette.labels.items()
        ]
        items += [
            f'<span style="color:{c.name()}">▬</span>&nbsp;{html.escape(t)}' for t, c in palette.types.items()
        ]
        items += [f"{_KIND_SYMBOL[style]}&nbsp;{html.escape(kind)}" for kind, style in palette.kinds.items()]
        if palette.types:
            items.append(SELECTED)
        self.setText("&nbsp;&nbsp; ".join(items))
        self.setToolTip(", ".join(palette.labels) if len(palette.labels) > LEGEND_TIP_LABELS else "")


def chip_text(label: str) -> str:
    """A label as its legend chip says it: shortened, the untyped tags' '_' in words."""
    return UNTYPED_CHIP if label == UNTYPED else elided(label)


#: The legend's word for the frame around the selected error: in words, since a box glyph
#: ("▢ selected error") at the end of the row of controls looked like a checkbox to click.
SELECTED = "framed:&nbsp;the selected error"

_KIND_SYMBOL = {"fill": "■", "outline": "□", "dashed": "⬚", "hatched": "▨"}
