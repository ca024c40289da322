"""The quick way through a run without detail (the command line without --json or
--xlsx): the same CSV, Overall line and corpus scores as the general reader in
__init__.py, several times faster (specs/poetry.md §10).

The system file is read into an index by page id, then the reference file streams
through: a block of lines at a time is read with bulk operations (read_block), each page
is scored by score_quick and the block's CSV rows are joined column by column.

On Linux, with two cores and large uncompressed inputs, a forked child reads the second
part of both files (split at a line start) while this process reads the first. After
reading their parts of the system file the two check that no page id is in both; each
then scores the reference pages whose system page it has, and keeps the others (with
every block after them) until the other sends those system pages. The child sends back
its CSV rows and page numbers, which follow this process's in row order.

Whatever is unusual (a line the bulk reader does not take, a repeated page id, a
reference page missing from the system file, a split piece that would be empty, a
child that fails) gives None: the caller then runs the general reader, which says what
is wrong or warns about it exactly as always. So results never depend on this module.
"""

from __future__ import annotations

import contextlib
import marshal
import os
from collections.abc import Callable, Iterator
from itertools import compress, count, repeat
from typing import IO, Any

from ...cores import can_fork, end_child, reap_exited, reap_later
from ...formats.poetry_jsonl import (
    REFERENCE,
    SYSTEM,
    JsonLines,
    Shared,
    line_of_same_page,
    line_start_after,
    read_block,
)
from ...progress import NO_PROGRESS, Progress
from ...textio import sha256_file
from .compare import SpanTuple, SplitError, score_quick
from .render import csv_rows
from .summary import Totals

#: Inputs smaller than this (both files, in bytes) are read in one process: a fork and
#: the swap of pages would cost more than the second core saves.
PARALLEL_BYTES = 2 << 20

#: At most this many reference pages of a part wait for the other part's system pages
#: (each waiting page, and every row after it, is held in memory until the end).
HELD_PAGES = 50_000

#: The part of both files that this process reads when a child reads the rest (the
#: child also hashes both files when it has scored its pages).
FIRST_PART = 0.53

Index = dict[Any, list[SpanTuple]]  # page id → the page's spans (file order)
Block = tuple[list[Any], list[list[SpanTuple]]]  # page ids, spans per page


class Quick:
    """A quick run's result: the CSV rows, the page numbers, the number of system pages
    no reference line asks for, and the digests of the two files."""

    def __init__(self) -> None:
        self.rows: list[str] = []
        self.totals = Totals()
        self.unused = 0
        self.gold_sha256 = self.system_sha256 = ""

    def add(self, ids: list[Any], scores: list[tuple[Any, ...]]) -> None:
        columns = list(zip(*scores, strict=True))
        self.rows.append(csv_rows(ids, scores, columns))
        self.totals.add(scores, columns)


def run_quick(gold: str, system: str, ignore_label: bool, weight: float,
              progress: Progress = NO_PROGRESS) -> Quick | None:  # fmt: skip
    """The run's result, or None when the general reader must do it."""
    cuts = _parallel_cuts(gold, system)
    if cuts is not None:
        try:
            return _run_parallel(gold, system, cuts, ignore_label, weight, progress)
        except Unsuited:
            pass
    return _run_single(gold, system, ignore_label, weight, progress)


class Unsuited(Exception):
    """Two processes would hold too many pages that wait for the other's system pages
    (the two files list the pages in very different orders): one process does it."""


class Stage:
    """A part [low, high] of the progress bar."""

    def __init__(self, progress: Progress, low: float, high: float, message: str) -> None:
        self.progress, self.low, self.high, self.message = progress, low, high, message

    def at(self, fraction: float) -> None:
        self.progress.update(self.low + (self.high - self.low) * min(fraction, 1.0), self.message)


QUIET = Stage(NO_PROGRESS, 0.0, 1.0, "")


# --- reading and scoring ---------------------------------------------------------------------


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


class Part:
    """What one process reads: (a part of) the system file by page id, then (a part of)
    the reference file, scored as it streams. The pages whose system page is not in this
    part wait until `finish` brings them; so do the rows after them (the CSV rows and the
    running totals keep the reference order)."""

    def __init__(self, ignore_label: bool, weight: float) -> None:
        self.ignore_label, self.weight = ignore_label, weight
        self.shared = Shared()
        self.system_ids: list[Any] = []  # the system pages in file order: their ids,
        self.pages: list[list[SpanTuple] | None] = []  # their spans (None once taken),
        self.row: dict[Any, int] = {}  # and where each id is in these lists
        self.quick = Quick()
        self.held: list[tuple[list[Any], list[list[SpanTuple]], list[Any]]] = []  # ids, spans, scores
        self.held_pages = 0
        self.wanted: list[Any] = []  # the ids of the pages that wait for their system page

    def read_system(self, file: JsonLines, stage: Stage) -> bool:
        """The system pages; False for a block read_block does not take or a repeated
        page id."""
        for ids, spans in read_blocks(file, SYSTEM, stage, self.shared):
            if ids is None:
                return False
            self.row.update(zip(ids, count(len(self.system_ids))))
            self.system_ids += ids
            self.pages += spans
        return len(self.row) == len(self.system_ids)

    def score_references(self, file: JsonLines, stage: Stage) -> bool:
        """Score the reference pages as they stream; False for a block read_block does not
        take or an empty split piece."""
        for ids, spans in read_blocks(file, REFERENCE, stage, self.shared):
            if ids is None:
                return False
            systems = self._take_block(ids)
            waits = None in systems
            if waits:
                self.wanted += compress(ids, map(_is_none, systems))
            scores = self._scores(spans, systems, waits)
            if scores is None:
                return False
            if waits or self.held:
                self.held.append((ids, spans, scores))
                self.held_pages += len(ids)
                if self.held_pages > HELD_PAGES:
                    raise Unsuited
            else:
                self.quick.add(ids, scores)
        return True

    def _take_block(self, ids: list[Any]) -> list[Any]:
        """The system spans of a block of reference pages (None where this part does not
        have them); each is taken only once, so that a page asked for twice is noticed
        (it is then missing). When the two files list the pages in the same order, the
        block is a stretch of the system pages, taken at once."""
        pages, size = self.pages, len(ids)
        row = self.row.get(ids[0])
        if row is not None and self.system_ids[row : row + size] == ids:
            systems = pages[row : row + size]
            if None not in systems:
                pages[row : row + size] = [None] * size
                return systems
        return list(map(self._take, ids))

    def _take(self, page_id: Any) -> list[SpanTuple] | None:
        row = self.row.get(page_id)
        if row is None:
            return None
        page, self.pages[row] = self.pages[row], None
        return page

    def rows_so_far(self) -> tuple[str, tuple[list[Any], ...]]:
        """The CSV rows and the totals' columns added so far (to send them to the parent);
        they leave this part."""
        quick, self.quick = self.quick, Quick()
        return "".join(quick.rows), quick.totals.columns()

    @property
    def unused(self) -> int:
        """The number of system pages not taken."""
        return len(self.pages) - self.pages.count(None)

    def give(self, page_ids: list[Any]) -> Index | None:
        """The system pages that the other part asks for (they are taken here), or None
        when one is missing (or asked for twice)."""
        given = dict(zip(page_ids, map(self._take, page_ids), strict=True))
        return None if len(given) != len(page_ids) or None in given.values() else given

    def finish(self, pages: Index) -> bool:
        """Score the waiting pages with the system pages from the other part and add the
        held rows; False for a page that is still missing or an empty split piece."""
        for ids, spans, scores in self.held:
            if None in scores:
                scores = self._late(ids, spans, scores, pages)
                if scores is None:
                    return False
            self.quick.add(ids, scores)
        self.held = []
        return True

    def _late(self, ids: list[Any], spans: list[list[SpanTuple]], scores: list[Any],
              pages: Index) -> list[Any] | None:  # fmt: skip
        """A held block's numbers, its waiting pages scored with `pages`; None for a page
        that is in neither part or an empty split piece."""
        systems = [pages.get(page) if done is None else None for page, done in zip(ids, scores, strict=True)]
        if systems.count(None) != len(scores) - scores.count(None):
            return None
        late = self._scores(spans, systems, True)
        return None if late is None else [b if a is None else a for a, b in zip(scores, late, strict=True)]

    def _scores(self, spans: list[list[SpanTuple]], systems: list[Any], some: bool) -> list[Any] | None:
        """The pages' numbers (None for a page without its system spans when `some`), or
        None for an empty split piece."""
        ignore_label, weight = self.ignore_label, self.weight
        try:
            if some:
                return [None if system is None else score_quick(refs, system, ignore_label, weight)
                        for refs, system in zip(spans, systems, strict=True)]  # fmt: skip
            return list(map(score_quick, spans, systems, repeat(ignore_label), repeat(weight)))
        except SplitError:
            return None


def _is_none(value: Any) -> bool:
    return value is None


# --- one process --------------------------------------------------------------------------


def _run_single(gold: str, system: str, ignore_label: bool, weight: float,
                progress: Progress) -> Quick | None:  # fmt: skip
    system_file, reference = JsonLines(system, system), JsonLines(gold, gold)
    share = system_file.size / max(system_file.size + reference.size, 1)
    part = Part(ignore_label, weight)
    if not (
        part.read_system(system_file, Stage(progress, 0.0, share, "reading the system file"))
        and part.score_references(reference, Stage(progress, share, 1.0, "scoring pages"))
    ) or part.wanted or not part.quick.totals.pages:
        return None  # ... or a reference page missing from the system file, or no reference page
    quick = part.quick
    quick.unused = part.unused
    quick.gold_sha256, quick.system_sha256 = reference.sha256, system_file.sha256
    return quick


# --- two processes --------------------------------------------------------------------------


def _parallel_cuts(gold: str, system: str) -> tuple[int, int] | None:
    """Where to split the two files for two processes, or None to stay in one."""
    if not can_fork() or os.path.getsize(gold) + os.path.getsize(system) < PARALLEL_BYTES:
        return None
    gold_cut = line_start_after(gold, FIRST_PART)
    if gold_cut is None or (system_cut := line_start_after(system, FIRST_PART - 0.01)) is None:
        return None
    # When the two files list the pages in the same order, each process then has the
    # system pages of all its reference pages: the system file is split at the first
    # page of the child's reference pages, or else a little before the reference file.
    same_page = line_of_same_page(gold, gold_cut, system, system_cut)
    return (same_page or system_cut), gold_cut


def _run_parallel(gold: str, system: str, cuts: tuple[int, int], ignore_label: bool, weight: float,
                  progress: Progress) -> Quick | None:  # fmt: skip
    """This process reads and scores the first part of both files, a forked child the
    rest (_child_part); each takes the system pages of its references from its own part
    of the system file and asks the other for the rest once it is through. A page id in
    both parts of the system file returns None then (the pages scored with one of them
    are thrown away with the rest); a reference page that is missing, or asked for
    twice, is noticed when its system page is not found in either part."""
    system_cut, gold_cut = cuts
    child = Child(_child_part, gold, system, cuts, ignore_label, weight)
    try:
        part = Part(ignore_label, weight)
        system_file = JsonLines(system, system, stop=system_cut, hashed=False)
        reference = JsonLines(gold, gold, stop=gold_cut, hashed=False)
        reading, scoring = Stage(progress, 0.0, 0.3, "reading"), Stage(progress, 0.3, 0.95, "scoring pages")
        if not (part.read_system(system_file, reading) and part.score_references(reference, scoring)):
            return None
        theirs = child.receive()
        if theirs == "unsuited":
            raise Unsuited
        if theirs is None:
            return None
        system_ids, wanted, done, digests = theirs
        given = part.give(wanted) if part.row.keys().isdisjoint(system_ids) else None
        if given is None:
            return None
        child.send((part.wanted, given))
        pages = child.receive()
        late = None if pages is None or not part.finish(pages) else child.receive()
        if late is None:
            return None
        child.done = True
        quick = part.quick
        for rows, columns in (done, late[:2]):
            quick.rows.append(rows)
            quick.totals.add_columns(*columns)
        quick.unused = part.unused + late[2]
        quick.gold_sha256, quick.system_sha256 = digests
        return quick
    finally:
        child.stop()


def _child_part(parent: Channel, gold: str, system: str, cuts: tuple[int, int], ignore_label: bool,
                weight: float) -> None:  # fmt: skip
    """The child's side of _run_parallel: the second part of both files. Once through,
    it sends its system page ids, the pages it wants, its rows so far and the files'
    digests; then the system pages the parent wants, and at last its waiting rows."""
    system_cut, gold_cut = cuts
    part = Part(ignore_label, weight)
    system_file = JsonLines(system, system, start=system_cut, hashed=False)
    reference = JsonLines(gold, gold, start=gold_cut, hashed=False)
    try:
        if not (part.read_system(system_file, QUIET) and part.score_references(reference, QUIET)):
            return parent.send(None)
    except Unsuited:
        return parent.send("unsuited")
    digests = sha256_file(gold), sha256_file(system)  # while the parent scores its last pages
    parent.send((part.system_ids, part.wanted, part.rows_so_far(), digests))
    request = parent.receive()
    given = None if request is None else part.give(request[0])
    parent.send(given)
    if given is None or not part.finish(request[1]):
        return parent.send(None)
    parent.send((*part.rows_so_far(), part.unused))
    return None


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
        reap_exited()
        self.done = False  # the child has sent its last message
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
        with contextlib.suppress(OSError, AttributeError):  # room for the child's rows in the pipe (Linux)
            import fcntl

            fcntl.fcntl(up_read, fcntl.F_SETPIPE_SZ, 1 << 20)
        self.channel = Channel(up_read, down_write)

    def send(self, value: Any) -> None:
        self.channel.send(value)

    def receive(self) -> Any:
        return self.channel.receive()

    def stop(self) -> None:
        """Close the pipes; a child that is `done` is reaped once it has ended, any other
        is ended now and reaped."""
        self.channel.close()
        if self.done:
            reap_later(self.pid)
        else:
            end_child(self.pid)
