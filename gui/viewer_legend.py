"""The viewer's legend: which colour is which label, error type and span kind, on one line
however many there are (three lines of fifty labels took the panes' room at 1280×690).

The entries that fit are shown in order: the error types first (the colours of the
disagreements the viewer is for: on a narrow window they went under "+N more" behind a few
labels), then the labels of the document shown; a button "+N more" opens a menu of the
rest, each with its colour. A long name is shortened, and whole in its tooltip. Only the
entries up to the first that does not fit get a widget (poetry's 205 poem ids each made one,
20-37 ms of the UI thread for the 6 shown; a corpus of thousands of labels, thousands)."""

from __future__ import annotations

import html
from collections.abc import Collection
from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette, QPixmap, QResizeEvent
from PySide6.QtWidgets import QLabel, QMenu, QSizePolicy, QToolButton, QWidget

from engine.formats.conll import UNTYPED

from .style import elided, plain_tip
from .viewer_palette import Palette

#: The legend's chip of the label of untyped tags (a B or I alone, as BioBERT's NCBI-disease
#: files write them): an underscore alone on its colour was a line hard to see.
UNTYPED_CHIP = f"{UNTYPED} (no type)"
#: The legend's word for the frame around the selected error: in words, since a box glyph
#: ("▢ selected error") at the end of the row of controls looked like a checkbox to click.
SELECTED = "framed:\u00a0the selected error"
#: Pixels between two entries, and around a chip's name on its colour.
GAP, CHIP_MARGIN = 8, 3

_KIND_SYMBOL = {"fill": "■", "outline": "□", "dashed": "⬚", "hatched": "▨"}


@dataclass(frozen=True)
class Entry:
    """One entry: its words, the whole name they stand for, its colour and how the colour is
    shown: "chip" (a label's fill), "line" (an error type's underline) or "plain" (none)."""

    text: str
    name: str
    colour: str = ""
    look: str = "plain"


def chip_text(label: str) -> str:
    """A label as its legend chip says it: shortened, the untyped tags' '_' in words."""
    return UNTYPED_CHIP if label == UNTYPED else elided(label)


def entries(palette: Palette, first: Collection[str] | None = None) -> list[Entry]:
    """The legend's entries in order: the error types, the labels in `first` (all when None),
    the span kinds, the selected error's frame, then the other labels."""
    labels = [Entry(chip_text(name), name, colour.name(), "chip") for name, colour in palette.labels.items()]
    types = [Entry(elided(t), t, colour.name(), "line") for t, colour in palette.types.items()]
    kinds = [Entry(f"{_KIND_SYMBOL[style]} {elided(kind)}", kind) for kind, style in palette.kinds.items()]
    frame = [Entry(SELECTED, SELECTED)] if palette.types else []
    ahead = [e for e in labels if first is None or e.name in first]
    placed = set(ahead)  # a set: hundreds of labels stay one pass
    return types + ahead + kinds + frame + [e for e in labels if e not in placed]


def fitting(widths: list[int], room: int, more: int) -> int:
    """How many entries of these widths fit in `room` pixels, in order, with `more` pixels
    kept for the "+N more" button when not all of them fit."""
    if sum(widths) + GAP * (len(widths) - 1) <= room:
        return len(widths)
    used, count = more, 0
    for width in widths:
        if used + width + GAP > room:
            break
        used, count = used + width + GAP, count + 1
    return count


def entry_label(entry: Entry) -> QLabel:
    """An entry's widget: a label's name on its colour, an error type after a bar of its colour."""
    label = QLabel()
    if entry.look == "line":
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setText(f'<span style="color:{entry.colour}">▬</span>&nbsp;{html.escape(entry.text)}')
    else:
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setText(entry.text)
    if entry.look == "chip":
        colours = label.palette()
        colours.setColor(QPalette.ColorRole.Window, QColor(entry.colour))
        colours.setColor(QPalette.ColorRole.WindowText, QColor("black"))  # pastel under any theme
        label.setPalette(colours)
        label.setAutoFillBackground(True)
        label.setContentsMargins(CHIP_MARGIN, 1, CHIP_MARGIN, 1)
    if entry.text != entry.name:
        label.setToolTip(plain_tip(entry.name))
    return label


def entry_icon(entry: Entry, size: int) -> QIcon:
    """An entry's colour as a menu shows it: a square of a label's, a bar of an error type's."""
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(entry.colour) if entry.look == "chip" else Qt.GlobalColor.transparent)
    if entry.look == "line":
        painter = QPainter(pixmap)
        painter.fillRect(0, size // 2 - 2, size, 4, QColor(entry.colour))
        painter.end()
    return QIcon(pixmap)


class Legend(QWidget):
    """The entries that fit on one line, and "+N more" with the rest in its menu."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entries: list[Entry] = []
        self.chips: list[QLabel] = []  # those of the entries shown: the first len(chips) entries
        self._made: dict[Entry, QLabel] = {}  # the chips made (entries measured), shown or not
        self.more = QToolButton(self)
        self.more.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.more.setAutoRaise(True)
        self.more.setToolTip("The colours of the other labels, error types and kinds")
        self.menu = QMenu(self.more)
        self.menu.setToolTipsVisible(True)
        self.menu.aboutToShow.connect(self.fill_menu)
        self.more.setMenu(self.menu)
        self.more.hide()
        # one line of a chip's height and a little (as high as the Document list beside it)
        self.setFixedHeight(QLabel("Xy").sizeHint().height() + 2 * CHIP_MARGIN)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:  # noqa: N802
        """As wide as the chips shown (the width is the layout's: the policy ignores this)."""
        return QSize(sum(chip.sizeHint().width() + GAP for chip in self.chips), self.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(0, self.height())

    def show_palette(self, palette: Palette, first: Collection[str] | None = None) -> None:
        """Show the palette's entries, the labels in `first` (the document's) ahead."""
        self.entries = entries(palette, first)
        for entry in set(self._made) - set(self.entries):
            self._made.pop(entry).deleteLater()
        self.setAccessibleDescription(self.text())
        self._fit()

    def text(self) -> str:
        """The whole legend in words."""
        return "  ".join(entry.text for entry in self.entries)

    def hidden(self) -> list[Entry]:
        """The entries that did not fit: those of the menu of "+N more"."""
        return self.entries[len(self.chips) :]

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        """Lay the entries that fit out on the line; "+N more" after them holds the rest."""
        widths = self._widths()
        self.more.setText(f"+{len(self.entries)} more")  # the widest its text gets
        count = fitting(widths, self.width(), self.more.sizeHint().width())
        shown = self.entries[:count]
        self.chips = [self._made[entry] for entry in shown]
        for entry, chip in self._made.items():
            chip.setVisible(entry in shown)
        x = 0
        for chip, width in zip(self.chips, widths, strict=False):
            height = chip.sizeHint().height()
            chip.setGeometry(x, (self.height() - height) // 2, width, height)
            x += width + GAP
        self.more.setText(f"+{len(self.entries) - count} more")
        self.more.setVisible(count < len(self.entries))
        self.more.setGeometry(x, 0, self.more.sizeHint().width(), self.height())

    def _widths(self) -> list[int]:
        """The widths of the entries' chips in order, up to the first past the line's end
        (those after it cannot fit): each chip made when first measured."""
        widths: list[int] = []
        end = -GAP
        for entry in self.entries:
            if end > self.width():
                break
            if entry not in self._made:
                self._made[entry] = entry_label(entry)
                self._made[entry].setParent(self)
            widths.append(self._made[entry].sizeHint().width())
            end += widths[-1] + GAP
        return widths

    def fill_menu(self) -> None:
        """The menu of "+N more": each entry that did not fit, with its colour and whole name."""
        self.menu.clear()
        size = self.fontMetrics().height()
        for entry in self.hidden():
            text = entry.text.replace("&", "&&")  # not a shortcut
            action = self.menu.addAction(text)
            if entry.colour:
                action.setIcon(entry_icon(entry, size))
            action.setToolTip(plain_tip(entry.name))
            action.setData(entry.name)
