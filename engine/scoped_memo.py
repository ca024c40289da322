"""A memo that lives while a read runs: values computed once within it (a type system
loaded, a folder's companion file found) and dropped at its end, so nothing stale outlives
the read (a file renamed before the next one)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable, Iterator
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")

#: A memo's context variable: its values by key within memo_within, None outside.
Memo = ContextVar[dict[Any, Any] | None]


@contextlib.contextmanager
def memo_within(memo: Memo) -> Iterator[None]:
    """Within it, `memo` holds the values memoised (memoised), dropped at its end."""
    token = memo.set({})
    try:
        yield
    finally:
        memo.reset(token)


def memoised(memo: Memo, key: Hashable, compute: Callable[[], T]) -> T:
    """compute()'s value, computed once by `key` within memo_within(memo); each time outside it."""
    values = memo.get()
    if values is None:
        return compute()
    if key not in values:
        values[key] = compute()
    return values[key]
