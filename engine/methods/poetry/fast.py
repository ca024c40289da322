"""The quick way through a run without detail (the command line without --json or
--xlsx): the same CSV, Overall line and corpus scores as the general reader in
__init__.py, several times faster (specs/poetry.md §10).

Pages are read a block of lines at a time with bulk operations (read_block), each page
is scored by score_quick and a block's CSV rows are joined column by column. On Linux,
with two cores and large uncompressed inputs, a forked child takes the second half of
both files (split at a line start) while this process takes the first; the two swap the
system pages that the other half's references ask for, and the child sends back its CSV
rows and page numbers, which follow this process's in row order.

Whatever is unusual (a line the bulk reader does not take, a repeated page id, a
reference page missing from the system file, a split piece that would be empty, a
child that fails) gives None: the caller then runs the general reader, which says what
is wrong or warns about it exactly as always. So results never depend on this module.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import chain, filterfalse, repeat
from typing import IO, Any

from ...formats.poetry_jsonl import REFERENCE, SYSTEM, JsonLines, Shared, line_start_after, read_block
from ...progress import NO_PROGRESS, Progress
from ...textio import sha256_file
from .compare import SpanTuple, SplitError, score_quick
from .render import csv_rows
from .summary import Totals

#: Inputs smaller than this (both files, in bytes) are read in one process: a fork and
#: the swap of pages would cost more than the second core saves.
PARALLEL_BYTES = 2 << 20

#: The part of both files that this process reads when a child reads the rest: the child
#: also hashes both files when it has scored its pages.
FIRST_HALF = 0.55

Index = dict[Any, list[SpanTuple]]  # page id → the page's spans (file order)
Block = tuple[list[Any], list[list[SpanTuple]]]  # page ids, spans per page


@dataclass
class Quick:
    """A quick run's result: the CSV rows, the page numbers, the number of system pages
    no reference line asks for, and the digests of the two files."""

    rows: list[str] = field(default_factory=list)
    totals: Totals = field(default_factory=Totals)
    unused: int = 0
    gold_sha256: str = ""
    system_sha256: str = ""

    def add(self, ids: list[Any], scores: list[tuple[Any, ...]]) -> None:
        self.rows.append(csv_rows(ids, scores))
        self.totals.add(scores)


def run_quick(gold: str, system: str, ignore_label: bool, weight: float,
              progress: Progress = NO_PROGRESS) -> Quick | None:  # fmt: skip
    """The run's result, or None when the general reader must do it."""
    cuts = _parallel_cuts(gold, system)
    if cuts is None:
        return _run_single(gold, system, ignore_label, weight, progress)
    return _run_parallel(gold, system, cuts, ignore_label, weight, progress)


class Stage:
    """A part [low, high] of the progress bar."""

    def __init__(self, progress: Progress, low: float, high: float, message: str) -> None:
        self.progress, self.low, self.high, self.message = progress, low, high, message

    def at(self, fraction: float) -> None:
        self.progress.update(self.low + (self.high - self.low) * min(fraction, 1.0), self.message)


QUIET = Stage(NO_PROGRESS, 0.0, 1.0, "")


# --- one process --------------------------------------------------------------------------


def _run_single(gold: str, system: str, ignore_label: bool, weight: float,
                progress: Progress) -> Quick | None:  # fmt: skip
    system_file, reference = JsonLines(system, system), JsonLines(gold, gold)
    share = system_file.size / max(system_file.size + reference.size, 1)
    shared = Shared()
    index = read_index(system_file, Stage(progress, 0.0, share, "reading the system file"), shared)
    if index is None:
        return None
    quick = Quick()
    for ids, spans in read_blocks(reference, REFERENCE, Stage(progress, share, 1.0, "scoring pages"), shared):
        scores = None if ids is None else score_block(ids, spans, index, ignore_label, weight)
        if scores is None:
            return None
        quick.add(ids, scores)
    if not quick.totals.pages:
        return None
    quick.unused = len(index)
    quick.gold_sha256, quick.system_sha256 = reference.sha256, system_file.sha256
    return quick


def read_blocks(file: JsonLines, layout: Any, stage: Stage,
                shared: Shared) -> Iterator[Block | tuple[None, None]]:  # fmt: skip
    """The file's blocks of pages; (None, None) for a block that read_block does not take
    (and nothing after it)."""
    size = max(file.size, 1)
    for _, lines in file.blocks():
        block = read_block(lines, layout, shared)
        if block is None:
            yield None, None
            return
        yield block
        stage.at(file.position / size)


def read_index(file: JsonLines, stage: Stage, shared: Shared) -> Index | None:
    """The system file (or a part of it) by page id, or None (also for a repeated id)."""
    index: Index = {}
    pages = 0
    for ids, spans in read_blocks(file, SYSTEM, stage, shared):
        if ids is None:
            return None
        index.update(zip(ids, spans, strict=True))
        pages += len(ids)
    return index if len(index) == pages else None


def score_block(ids: list[Any], spans: list[list[SpanTuple]], index: Index, ignore_label: bool,
                weight: float) -> list[tuple[Any, ...]] | None:  # fmt: skip
    """The numbers of a block of reference pages; each system page leaves the index
    when it is used, so that a page asked for twice is noticed. None for a missing
    page or an empty split piece."""
    try:
        systems = list(map(index.pop, ids))
        return list(map(score_quick, spans, systems, repeat(ignore_label), repeat(weight)))
    except (KeyError, SplitError):
        return None


# --- two processes --------------------------------------------------------------------------


def _parallel_cuts(gold: str, system: str) -> tuple[int, int] | None:
    """Where to split the two files for two processes, or None to stay in one."""
    threading = sys.modules.get("threading")  # not imported: no other thread
    if not sys.platform.startswith("linux") or not hasattr(os, "fork"):
        return None  # macOS and Windows start processes anew
    if threading is not None and threading.active_count() > 1:
        return None  # forking a process with threads is unsafe
    if len(os.sched_getaffinity(0)) < 2 or os.path.getsize(gold) + os.path.getsize(system) < PARALLEL_BYTES:
        return None
    system_cut, gold_cut = line_start_after(system, FIRST_HALF), line_start_after(gold, FIRST_HALF)
    return None if system_cut is None or gold_cut is None else (system_cut, gold_cut)


@dataclass
class Half:
    """One process's half of both files: its system pages and its reference pages."""

    index: Index
    blocks: list[Block]

    def elsewhere(self) -> list[Any]:
        """The ids of the reference pages whose system page is not in this half."""
        return list(filterfalse(self.index.__contains__, chain.from_iterable(ids for ids, _ in self.blocks)))

    def give(self, page_ids: list[Any]) -> Index | None:
        """The system pages that the other half asks for (they leave this half), or None
        when one is missing (or asked for twice)."""
        try:
            return {page_id: self.index.pop(page_id) for page_id in page_ids}
        except KeyError:
            return None


def read_half(gold: JsonLines, system: JsonLines,
              stages: tuple[Stage, Stage] = (QUIET, QUIET)) -> Half | None:  # fmt: skip
    shared = Shared()
    index = read_index(system, stages[0], shared)
    if index is None:
        return None
    blocks: list[Block] = []
    for ids, spans in read_blocks(gold, REFERENCE, stages[1], shared):
        if ids is None:
            return None
        blocks.append((ids, spans))
    return Half(index, blocks)


def score_half(half: Half, ignore_label: bool, weight: float, stage: Stage = QUIET) -> Quick | None:
    """The half's pages, a block at a time; each block leaves the half when it is scored
    (its memory serves the next block's numbers)."""
    quick = Quick()
    blocks = len(half.blocks)
    half.blocks.reverse()
    while half.blocks:
        ids, spans = half.blocks.pop()
        scores = score_block(ids, spans, half.index, ignore_label, weight)
        if scores is None:
            return None
        quick.add(ids, scores)
        stage.at(1 - len(half.blocks) / blocks)
    return quick


def _run_parallel(gold: str, system: str, cuts: tuple[int, int], ignore_label: bool, weight: float,
                  progress: Progress) -> Quick | None:  # fmt: skip
    """This process reads and scores the first half of both files, a forked child the
    second (_child_half), which also hashes both files when it is done. The halves swap the system pages
    that their reference pages ask for: a page id in both halves of the system file
    returns None here; one that the references ask for twice, or that is missing, is
    noticed when it is taken from an index a second time or not found."""
    system_cut, gold_cut = cuts
    child = Child(_child_half, gold, system, cuts, ignore_label, weight)
    try:
        system_file = JsonLines(system, system, stop=system_cut, hashed=False)
        reference = JsonLines(gold, gold, stop=gold_cut, hashed=False)
        reading = (Stage(progress, 0.0, 0.3, "reading the system file"), Stage(progress, 0.3, 0.5, "reading"))
        half = read_half(reference, system_file, reading)
        theirs = child.receive() if half is not None else None
        if half is None or theirs is None or not half.index.keys().isdisjoint(theirs[0]):
            return None
        wanted, given = half.elsewhere(), half.give(theirs[1])
        if given is None:
            return None
        child.send((wanted, given))
        pages = child.receive()
        if pages is None:
            return None
        half.index.update(pages)
        quick = score_half(half, ignore_label, weight, Stage(progress, 0.5, 0.95, "scoring pages"))
        rest = child.receive()
        if quick is None or rest is None:
            return None
        rows, columns, unused, quick.gold_sha256, quick.system_sha256 = rest
        quick.rows.append(rows)
        quick.totals.add_columns(*columns)
        quick.unused = len(half.index) + unused
        return quick
    finally:
        child.stop()


def _child_half(parent: Channel, gold: str, system: str, cuts: tuple[int, int], ignore_label: bool,
                weight: float) -> None:  # fmt: skip
    """The child's side of _run_parallel: the second half of both files."""
    system_cut, gold_cut = cuts
    system_file = JsonLines(system, system, start=system_cut, hashed=False)
    reference = JsonLines(gold, gold, start=gold_cut, hashed=False)
    half = read_half(reference, system_file)
    parent.send(None if half is None else (list(half.index), half.elsewhere()))
    request = parent.receive() if half is not None else None
    if half is None or request is None:
        return
    wanted, given = request
    pages = half.give(wanted)
    parent.send(pages)
    if pages is None:
        return
    half.index.update(given)
    quick = score_half(half, ignore_label, weight)
    if quick is None:
        parent.send(None)
        return
    digests = sha256_file(gold), sha256_file(system)  # here, where this half waits for the other anyway
    parent.send(("".join(quick.rows), quick.totals.columns(), len(half.index), *digests))


class Channel:
    """Values (of marshal's types) through a pair of pipes, each behind its length."""

    def __init__(self, reading: int, writing: int) -> None:
        self.reader: IO[bytes] = os.fdopen(reading, "rb")
        self.writer: IO[bytes] = os.fdopen(writing, "wb")

    def send(self, value: Any) -> None:
        data = marshal.dumps(value)
        self.writer.write(len(data).to_bytes(8, "little") + data)
        self.writer.flush()

    def receive(self) -> Any:
        """The next value; None also when the other side has gone."""
        head = self.reader.read(8)
        if len(head) < 8:
            return None
        size = int.from_bytes(head, "little")
        data = self.reader.read(size)
        return marshal.loads(data) if len(data) == size else None

    def close(self) -> None:
        for stream in (self.reader, self.writer):
            with contextlib.suppress(OSError):
                stream.close()


class Child:
    """`work(channel, *args)` in a forked child process, which ends with it (os._exit:
    none of the parent's clean-up runs in the child); send and receive talk to it."""

    def __init__(self, work: Callable[..., None], *args: Any) -> None:
        down_read, down_write = os.pipe()  # parent → child
        up_read, up_write = os.pipe()  # child → parent
        self.pid = os.fork()
        if self.pid == 0:  # pragma: no cover - the child's coverage is not collected
            os.close(down_write)
            os.close(up_read)
            code = 1
            try:
                work(Channel(down_read, up_write), *args)
                code = 0
            finally:
                os._exit(code)
        os.close(down_read)
        os.close(up_write)
        self.channel = Channel(up_read, down_write)

    def send(self, value: Any) -> None:
        self.channel.send(value)

    def receive(self) -> Any:
        return self.channel.receive()

    def stop(self) -> None:
        """Close the pipes, end the child if it still runs and reap it."""
        import signal

        self.channel.close()
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
