"""Both cores for a large input: a forked child reads and scores the second half of the
files while this process does the first; the child's counts are added to this
process's, so the result is that of one pass in file order.

Used on Linux (fork) for plain command-line runs of large inputs; everywhere else the
work runs here over the whole input. The child is only an accelerator: when it fails
for any reason (bad input included) this process does its half itself, so every error
is raised here, the first in file order. (engine.cores.Beside runs the child.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ...cores import Beside
from ...errors import InputError
from ...progress import NO_PROGRESS, Progress

#: Below this many bytes of GOLD a second process does not pay for itself.
MIN_BYTES = 1 << 21


class WholeFile(Exception):
    """A half cannot be read on its own (the files must be read as a whole)."""


class Work(Protocol):
    """What one process does over its part of the input."""

    #: One pass each, in the order the original makes them over the whole input.
    steps: list[Callable[[Progress], None]]

    def state(self) -> Any:
        """What the child sends back (pickled)."""

    def merge(self, state: Any) -> None:
        """Add the state of the second half to this first half."""


def run(make: Callable[[int, bool], Work], progress: Progress) -> Work:
    """The work of the first half (`make(0, False)`), done here, with that of the second
    half (`make(1, True)`, done in a child: True says that its messages are never shown)
    merged into it. Errors are those of one pass over the whole input: the first half's
    first, but a step of the second half that comes earlier in `steps` fails before it.
    Raises WholeFile when a half cannot be read on its own or no child could be started:
    then the input is read whole."""
    child = Beside(lambda: _second_half(make, helper=True))
    if not child.started:
        raise WholeFile("no second process")
    failed: tuple[int, Exception] | None = None
    try:
        first = make(0, False)
        for index, step in enumerate(first.steps):
            try:
                step(progress)
            except WholeFile:
                raise  # the files are read whole: the child is stopped, not waited for
            except InputError as err:
                failed = (index, err)
                break
        collected = child.collect(progress)
    except BaseException:
        child.cancel()
        raise
    if failed is not None:
        index, err = failed
        if collected is None:  # the child failed: an earlier step may fail in its half
            for step in make(1, False).steps[:index]:
                step(NO_PROGRESS)
        raise err
    first.merge(collected[0] if collected is not None else _second_half(make, progress))
    return first


def _second_half(make: Callable[[int, bool], Work], progress: Progress = NO_PROGRESS,
                 helper: bool = False) -> Any:  # fmt: skip
    """The state of the second half's work (in the child, the `helper`; here when the
    child failed, so that its errors are raised here)."""
    second = make(1, helper)
    for step in second.steps:
        step(progress)
    return second.state()
