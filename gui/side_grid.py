"""The grid of the options given for both sides and for each side alone (a file's token
and tag columns and its tag scheme: --tag-column, --gold-tag-column, --system-tag-column),
a column per option and a row per side, in a method's options panel (gui/options_panel.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from engine.compare_options import SYSTEM_B_PREFIX
from engine.options import OptionSpec

if TYPE_CHECKING:
    from .options_panel import Editor


#: The rows of a grid of options for both sides and each side alone: the prefix of each
#: row's option names, its label and its tooltip; the Second system's where the panel has
#: its options (a method comparing two systems: gui/second_options.py).
SIDE_ROWS = (("", "Both", "For the gold and the system file alike."),
             ("gold_", "Gold", "The gold file's own, where its columns or tag scheme are not the system's "
                               "(not set: as Both)."),
             ("system_", "System", "The system file's own, where its columns or tag scheme are not the "
                                   "gold's (not set: as Both)."),
             (SYSTEM_B_PREFIX, "Second", "The Second system file's own, where its columns or tag scheme are "
                                         "not the System's (not set: as System)."))  # fmt: skip
#: The prefixes of a side's own options (gold_tag_column) every grid has.
SIDES = ("gold_", "system_")


#: The options of a file's columns and their tags shown for both sides and each side alone
#: as one grid, in its order (the others given per side, as the format, each a row of its own).
GRIDDED = ("token_column", "tag_column", "scheme")
#: The options side by side in the grid at most: two fit the Setup panel's width.
ACROSS = 2


def side_families(specs: list[OptionSpec]) -> list[str]:
    """The options shown for both sides and for each side alone (token_column, tag_column
    beside gold_tag_column …) laid out as one grid (SideGrid), in its order."""
    names = {spec.name for spec in specs}
    return [name for name in GRIDDED if all(s + name in names for s in ("", *SIDES))]


class SideGrid(QWidget):
    """Columns and scheme given for both sides and for each side alone (--tag-column,
    --gold-tag-column, --system-tag-column) as a grid, a column per option and a row per side,
    ACROSS options side by side, then the next ones below (the scheme under the columns): four
    rows for two options where each option on its own rows would take six. A side's option not
    set shows, greyed, the one for both sides, which it then takes."""

    def __init__(self, names: list[str], specs: dict[str, OptionSpec], editors: dict[str, Editor]) -> None:
        super().__init__()
        self.names, self.editors = names, editors
        self.labels: dict[str, list[QLabel]] = {}  # each side's row labels (a block's each)
        self.rows = [row for row in SIDE_ROWS if all(row[0] + name in specs for name in names)]
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        for column in range(1, ACROSS + 1):
            grid.setColumnStretch(column, 1)
        for block, first in enumerate(range(0, len(names), ACROSS)):
            self._block(grid, block * (1 + len(self.rows)), names[first : first + ACROSS], specs)

    def _block(self, grid: QGridLayout, top: int, names: list[str], specs: dict[str, OptionSpec]) -> None:
        """The options `names` side by side from grid row `top` (a row of heads, a row per
        side); one alone takes the width of all."""
        span = ACROSS - len(names) + 1
        for column, name in enumerate(names, 1):
            head = QLabel(specs[name].label)
            head.setToolTip(self.editors[name].toolTip())  # the option's tooltip (options_panel.tooltip)
            grid.addWidget(head, top, column, 1, span)
        for row, (side, word, tip) in enumerate(self.rows, top + 1):
            label = QLabel(word + ":")
            label.setToolTip(tip)
            self.labels.setdefault(side, []).append(label)
            grid.addWidget(label, row, 0)
            for column, name in enumerate(names, 1):
                grid.addWidget(self.editors[side + name], row, column, 1, span)

    def show_side(self, side: str, shown: bool) -> None:
        """A side's rows (its prefix: system_b_) shown or hidden, where the grid has them."""
        for widget in (*self.labels.get(side, ()), *(self.editors.get(side + name) for name in self.names)):
            if widget is not None:
                widget.setVisible(shown)

    def follow(self) -> None:
        """Each side's option not set shows the one for both sides; the Second system's, the
        System's (its own, else the one for both)."""
        for name in self.names:
            shared = self.editors[name].value()
            for side in SIDES:
                self.editors[side + name].show_unset(shared)
            if (second := self.editors.get(SYSTEM_B_PREFIX + name)) is not None:
                own = self.editors["system_" + name].value()
                second.show_unset(shared if own is None else own)
