"""The viewer's colours: of labels and error types, the styles of span kinds (Palette), and
the legend that says which is which (Legend)."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from engine.spans import Span

from .label_colours import label_colours
from .style import elided

#: Error-type underlines (Tableau 10), assigned in type order.
TYPE_COLOURS = ("#d62728", "#1f77b4", "#ff7f0e", "#9467bd", "#2ca02c", "#8c564b", "#e377c2",
                "#17becf", "#7f7f7f", "#bcbd22")  # fmt: skip
#: How span kinds are drawn, in kind order.
KIND_STYLES = ("fill", "outline", "dashed", "hatched")
SELECTION_COLOUR = "#111111"
#: The legend's most lines, and the most labels it shows with no tooltip of them all.
LEGEND_LINES, LEGEND_TIP_LABELS = 3, 12


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
            f'<span style="background-color:{c.name()}">&nbsp;{html.escape(elided(label))}&nbsp;</span>'
            for label, c in palette.labels.items()
        ]
        items += [
            f'<span style="color:{c.name()}">▬</span>&nbsp;{html.escape(t)}' for t, c in palette.types.items()
        ]
        items += [f"{_KIND_SYMBOL[style]}&nbsp;{html.escape(kind)}" for kind, style in palette.kinds.items()]
        if palette.types:
            items.append("▢&nbsp;selected error")
        self.setText("&nbsp;&nbsp; ".join(items))
        self.setToolTip(", ".join(palette.labels) if len(palette.labels) > LEGEND_TIP_LABELS else "")


_KIND_SYMBOL = {"fill": "■", "outline": "□", "dashed": "⬚", "hatched": "▨"}
