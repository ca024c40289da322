"""The rows a list widget holds (each item's UserRole data), as a set kept in step with the
list: whether a row is listed is known without reading every item (the Agreement window
asks at each row it adds, 500 of them when a long list is restored)."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QListWidget


class ListedRows:
    """The data of the items of `view`, updated as items are added, taken or cleared."""

    def __init__(self, view: QListWidget) -> None:
        self.view = view
        self.rows: set[Hashable] = set()
        model = view.model()
        model.rowsInserted.connect(lambda _parent, first, last: self.rows.update(self._data(first, last)))
        model.rowsAboutToBeRemoved.connect(
            lambda _parent, first, last: self.rows.difference_update(self._data(first, last))
        )
        model.modelAboutToBeReset.connect(self.rows.clear)

    def __contains__(self, row: Hashable) -> bool:
        return row in self.rows

    def _data(self, first: int, last: int) -> list[Hashable]:
        """The data of the items from `first` to `last` (the model's rows, both included)."""
        return [self.view.item(i).data(Qt.ItemDataRole.UserRole) for i in range(first, last + 1)]


def enabled_with_selection(
    button: QAbstractButton, view: QListWidget, free: Callable[[], bool]
) -> Callable[[], None]:
    """Keep `button` (Remove) enabled only while rows of `view` are selected and `free()` (no
    work running): clicked with none selected it did nothing. Returns the update, to call
    again when `free` changes."""

    def update() -> None:
        button.setEnabled(free() and bool(view.selectedItems()))

    view.itemSelectionChanged.connect(update)
    update()
    return update
