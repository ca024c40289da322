"""Letting go of a shown result once another replaces it, off the UI thread and an item at
a time: freeing a report of a million tokens at once (hundreds of thousands of error rows,
pairs and spans) is one C-level pass of about half a second that holds the GIL, so the UI
thread would stand still for it wherever it happened.

Only containers that nothing else holds are emptied (a re-scored report may share parts of
the one it replaces; those stay as they are)."""

from __future__ import annotations

import sys
from typing import Any

#: Containers longer than this are emptied in slices, their large parts first.
LARGE = 1_000
#: Items of a list freed at once (a C-level pass of a few milliseconds).
SLICE = 5_000

#: References to an object seen from the loop that found it: its container's slot, the
#: loop's variable and getrefcount's own argument.
SOLE = 3


def release(holder: list[Any]) -> None:
    """Empty the holder (a list whose items the caller hands over), a large part at a time."""
    _empty(holder)


def _empty(container: list[Any] | dict[Any, Any]) -> None:
    """Empty the large parts no one else holds, then this container, a slice at a time."""
    if _has_parts(container):
        small = len(container) < LARGE
        for child in container.values() if isinstance(container, dict) else container:
            if sys.getrefcount(child) > SOLE:
                continue  # held elsewhere too (or a shared constant): left as it is
            if isinstance(child, list | dict) and (small or len(child) >= LARGE):
                _empty(child)
            elif small and _is_record(child):
                _empty(vars(child))  # a report, a document's data, a side: their large parts
    while container:
        if isinstance(container, dict):
            container.popitem()
        else:
            del container[-SLICE:]


def _has_parts(container: list[Any] | dict[Any, Any]) -> bool:
    """Whether a container may hold large parts: any small one; a large list only when its
    first item is a large container (a large list's items are alike: rows, spans, pairs)."""
    if len(container) < LARGE or isinstance(container, dict):
        return True
    first = container[0]
    return isinstance(first, list | dict) and len(first) >= LARGE


def _is_record(value: Any) -> bool:
    """An instance of one of our classes with attributes (not a class, module or function)."""
    return hasattr(value, "__dict__") and not isinstance(value, type) and not callable(value)
