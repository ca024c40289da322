"""A notice in the window itself (not only in the status bar): what an export wrote, with
buttons to open the file and the folder holding it."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QWidget,
)

#: The most lines a notice is high: a longer text (Make Gold's rows settled by majority)
#: scrolls inside it, and the result tables beside and below keep their rows.
MOST_LINES = 3


def open_path(path: Path) -> bool:
    """Open a file or folder with the program the desktop chooses for it."""
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


class Lines(QScrollArea):
    """A word-wrapped label at most MOST_LINES lines high; what is longer scrolls."""

    def __init__(self, label: QLabel) -> None:
        super().__init__()
        self.setWidget(label)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setStyleSheet("QScrollArea, QScrollArea > QWidget > QWidget { background: transparent; }")

    def most(self) -> int:
        return MOST_LINES * self.fontMetrics().lineSpacing()

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return min(self.widget().heightForWidth(width), self.most())

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(super().sizeHint().width(), self.heightForWidth(max(self.width(), 1)))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(0, min(self.widget().minimumSizeHint().height(), self.most()))


class Notice(QFrame):
    """A closable bar: a message and, for written files, Open and Open Folder."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notice")
        self.setStyleSheet("#notice { background: #e8f4e8; border: 1px solid #9cc79c; border-radius: 4px; }")
        self.paths: list[Path] = []
        self.said = ""  # what was written (rich text), without a word about a failed Open
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.open_button = QPushButton("Open")
        self.open_button.setToolTip("Open the file with the program your computer uses for it")
        self.open_button.clicked.connect(lambda: self.open(self.paths[0]))
        self.folder_button = QPushButton("Open Folder")
        self.folder_button.setToolTip("Show the folder the file was written to")
        self.folder_button.clicked.connect(lambda: self.open(self.paths[0].parent))
        self.close_button = QToolButton()
        self.close_button.setText("✕")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip("Close this notice")
        self.close_button.clicked.connect(self.hide)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 4, 4, 4)
        self.lines = Lines(self.text)
        row.addWidget(self.lines, 1)
        for widget in (self.open_button, self.folder_button, self.close_button):
            row.addWidget(widget)
        self.hide()

    def show_written(self, paths: list[Path], note: str = "") -> None:
        """Say what was written (and `note`); one file gets Open, any gets Open Folder."""
        self.paths = list(paths)
        if len(paths) == 1:
            what = f"Written: <b>{html.escape(paths[0].name)}</b> in {html.escape(str(paths[0].parent))}"
        else:
            what = f"Written: {len(paths)} files in <b>{html.escape(str(paths[0].parent))}</b>"
        self.said = what + (f"<br>{html.escape(note)}" if note else "")
        self._say(self.said)
        self.text.setToolTip("\n".join(str(p) for p in paths))
        self.open_button.setVisible(len(paths) == 1)
        self.folder_button.setVisible(bool(paths))
        self.show()

    def open(self, path: Path) -> None:
        """Open a file or folder; where the computer opens nothing, the notice says so (a
        click that seems to do nothing leaves a first-time user lost)."""
        if not open_path(path):
            self._say(self.said + "<br>" + html.escape(not_opened(path)))

    def _say(self, text: str) -> None:
        """Show `text`, the notice as high as its lines (its layout asks again: it kept the
        height of the text before, a folder's name cut off below the first line)."""
        self.text.setText(text)
        self.lines.updateGeometry()


def not_opened(path: Path) -> str:
    """What the notice says when nothing opened `path`."""
    if path.is_dir():
        return f"Your computer did not show the folder {path}: open it in your file manager."
    return (
        f"Nothing on your computer is set to open {path.name}: open it from the program "
        f"you want to read it with (it is in {path.parent})."
    )


def beside(summary: QWidget, notice: Notice) -> QHBoxLayout:
    """The run's summary with the notice at its right: the notice takes no row of its own
    from the result tables (a small screen shows their rows)."""
    row = QHBoxLayout()
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(summary, 1)
    row.addWidget(notice, 1)
    return row
