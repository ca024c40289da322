"""Loading the two CD-SCO files: existence, UTF-8, sentence blocks with line numbers."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from functools import cached_property
from itertools import accumulate, repeat
from typing import Any, TypeVar

from ...errors import InputError
from ...textio import decode_utf8, input_sha256, read_input_bytes
from .halves import WholeFile
from .model import plain_block

Block = tuple[int, str]  # physical number of the block's first line, the block's text
T = TypeVar("T")

#: Two LFs, an empty line: found by a regular expression about twice as fast as by
#: str.split, bytes.split or bytes.count.
_PAIR = re.compile(b"\n\n")
_TEXT_PAIR = re.compile("\n\n")


def split_blocks(text: str) -> list[str]:
    """text.split("\\n\\n"), faster."""
    return _TEXT_PAIR.split(text)


def read_bytes(path: str) -> bytes:
    """The file's bytes, or the §8 error for a missing or unreadable file."""
    return read_input_bytes(path, directory=("a file", "a directory"))


class Reading:
    """The input files by role, each read and then digested (sha256, the report's record
    of its inputs) on a thread of its own: the copies from the system's cache and
    hashlib let go of the GIL, so this thread goes on meanwhile. (A file the command
    line read ahead, engine/prefetch.py, comes with its digest.)"""

    def __init__(self, paths: dict[str, str]) -> None:
        self._read = {role: threading.Event() for role in paths}
        self._data: dict[str, bytes | InputError] = {}
        self._digests: dict[str, str] = {}
        self._threads = [threading.Thread(target=self._run, args=pair, daemon=True) for pair in paths.items()]
        for thread in self._threads:
            thread.start()

    def _run(self, role: str, path: str) -> None:
        try:
            self._data[role] = data = read_bytes(path)
        except InputError as err:
            self._data[role] = err
            return
        finally:
            self._read[role].set()
        self._digests[role] = input_sha256(path, data)

    def data(self) -> list[bytes]:
        """The files' bytes in role order, once read (the first role's error first)."""
        for event in self._read.values():
            event.wait()
        files = [self._data[role] for role in self._read]
        for data in files:
            if isinstance(data, InputError):
                raise data
        return files  # type: ignore[return-value]

    def digests(self) -> dict[str, str]:
        """The digests by role, once computed (then no thread of this is left)."""
        for thread in self._threads:
            thread.join()
        return self._digests


class Part:
    """What a reader reads of an input file: all of it, or a window of its bytes
    [start, stop) between two sentences (halves.py reads a large input in two windows,
    one per process). Windows are cut only in ASCII files without CR, where the text is
    the bytes."""

    def __init__(self, path: str, data: bytes, start: int = 0, stop: int | None = None,
                 numbered: bool = True) -> None:  # fmt: skip
        self.path = path
        self.data = data
        self.start = start
        self.stop = stop
        self.numbered = numbered

    def unnumbered(self) -> Part:
        """The part for a helper process, whose messages are never shown (halves.py): its
        lines are numbered from 1, which spares counting the lines before it."""
        return Part(self.path, self.data, self.start, self.stop, numbered=False)

    @property
    def at_start(self) -> bool:
        return self.start == 0

    @property
    def size(self) -> int:
        """The part's bytes."""
        return (len(self.data) if self.stop is None else self.stop) - self.start

    @property
    def at_end(self) -> bool:
        return self.stop is None

    @property
    def whole(self) -> bool:
        return self.at_start and self.at_end

    def first_line(self) -> int:
        """The number of the part's first line in the file (1 when not `numbered`)."""
        return self.data.count(b"\n", 0, self.start) + 1 if self.numbered else 1

    def blocks(self, skeletons: bool = True, strip: bool = True) -> Blocks:
        """The part's sentence blocks, with skeletons when asked for and its bytes allow
        them (a window's are made chunk by chunk, window_pieces) for a reader that does
        or does not `strip` its lines (skeleton_pieces)."""
        if self.whole:
            text = decode_utf8(self.data, self.path)
            return sentence_blocks(text, self.path, self.data if skeletons else None, strip=strip)
        texts, pieces = self.window_pieces(skeletons, strip)
        return trimmed_blocks(texts, pieces, self.path, self.first_line(), self.at_start, self.at_end, strip)

    def window_pieces(self, skeletons: bool, strip: bool = True) -> Pieces:
        """A window's pieces between empty lines, as split_blocks gives them, and with
        `skeletons` theirs as skeleton_pieces gives them (or None; `strip` as there)."""
        texts: list[str] = []
        pieces: list[bytes] | None = [] if skeletons else None
        for chunk, more in self.chunk_pieces(skeletons, strip):
            texts += chunk
            if pieces is not None and more is not None:
                pieces += more
            else:
                pieces = None
        return texts, pieces

    def chunk_pieces(self, skeletons: bool, strip: bool = True) -> Iterator[Pieces]:
        """window_pieces chunk by chunk (_chunks), each chunk's skeletons where its bytes
        allow them: a window of an ASCII file without CR."""
        data, view = self.data, memoryview(self.data)
        for a, b in _chunks(data, self.start, self.start + self.size):
            texts = split_blocks(str(view[a:b], "ascii"))
            yield texts, _chunk_skeletons(data, a, b, len(texts), strip) if skeletons else None


class Blocks:
    """The blocks between blank lines of a file: their texts, the number of each one's
    first line, and the number of the line after the last token line. With `skeletons`
    (files.skeleton_pieces) each block's whitespace is known as well, which finds the
    sentences without negation in bulk and counts lines without reading the texts.
    `strip`: the skeletons were made for a reader that strips its lines (no line starts
    with a TAB)."""

    def __init__(self, texts: list[str], first_line: int, skeletons: list[bytes] | None = None,
                 strip: bool = True) -> None:  # fmt: skip
        self.texts = texts
        self.first = first_line
        self.skeletons = skeletons
        self.strip = strip

    def __len__(self) -> int:
        return len(self.texts)

    def __getitem__(self, index: int) -> Block:
        return self.lines[index], self.texts[index]

    @cached_property
    def newlines(self) -> list[int]:
        """Per block, the LFs inside it (its lines − 1)."""
        if self.skeletons is not None:
            return list(map(bytes.count, self.skeletons, repeat(b"\n")))
        return list(map(str.count, self.texts, repeat("\n")))

    @cached_property
    def lines(self) -> list[int]:
        """Per block, the number of its first line."""
        return list(accumulate(map((2).__add__, self.newlines[:-1]), initial=self.first))

    @property
    def end(self) -> int:
        """The number of the line after the last token line."""
        return self.lines[-1] + self.newlines[-1] + 1


class BlockReader:
    """What the default and the extended reader share: both files (or windows of them)
    as sentence blocks."""

    #: Whether the reader strips its lines (the default one does, the extended one not).
    STRIP = True

    def __init__(self, gold: Part, system: Part, keep_rows: bool, stream: bool = False) -> None:
        self.gold_path, self.system_path = gold.path, system.path
        self.parts = gold, system
        self.at_end = system.at_end  # the last sentence read is the file's
        self.keep_rows = keep_rows  # every sentence for the detail view, none only counted
        self.plain_count = 0  # sentences without negation on either side, only counted
        self.warnings: list[str] = []
        self.streamed_bytes = 0  # of GOLD's window, read by `streamed` (about: for progress)
        if stream:  # two windows, read batch by batch (streamed)
            return
        self.gold_blocks = gold.blocks(strip=self.STRIP)
        self.system_blocks = system.blocks(skeletons=False)
        if not gold.at_end and len(self.gold_blocks) != len(self.system_blocks):
            raise WholeFile("the first windows end at different sentences")

    def __len__(self) -> int:
        return len(self.gold_blocks)

    def streamed(self) -> Iterator[Any]:
        """The sentences of two windows read batch by batch (paired_batches), while each
        batch is in the processor's cache, for scoring only (no rows kept). Raises
        Irregular, or an InputError that is not the one to show (the checks of the whole
        windows come first), when they must be read whole: the caller then does so."""
        before = 0
        for golds, systems in paired_batches(*self.parts, strip=self.STRIP):
            self.gold_blocks, self.system_blocks = golds, systems  # what checks and messages read
            self.check_batch()
            yield from self.batch_sentences(golds, systems, before)
            before += len(golds)
            self.streamed_bytes += batch_bytes(golds)

    def check_batch(self) -> None:
        """The checks of the whole files (before any sentence) over the blocks of a batch."""

    def batch_sentences(self, golds: Blocks, systems: Blocks, before: int) -> Iterator[Any]:
        """The sentence pairs of blocks paired by position, `before` sentences after the
        first of the files (or window)."""
        raise NotImplementedError


def sentence_blocks(text: str, path: str, data: bytes | None = None, first: int = 1, at_start: bool = True,
                    at_end: bool = True, strip: bool = True) -> Blocks:  # fmt: skip
    """The blocks of a file whose surrounding whitespace is ignored (or of a window that
    is not `at_start` or not `at_end` of its file: nothing is stripped there), with
    their skeletons when `data`, the text's bytes, allow them (for a reader that does or
    does not `strip` its lines). Raises InputError when the file holds no token line."""
    texts = split_blocks(text)  # then the whitespace around the file goes, without copying it
    skeletons = skeleton_pieces(data, text, len(texts), strip)
    return trimmed_blocks(texts, skeletons, path, first, at_start, at_end, strip)


def trimmed_blocks(texts: list[str], skeletons: list[bytes] | None, path: str, first: int, at_start: bool,
                   at_end: bool, strip: bool = True) -> Blocks:  # fmt: skip
    """sentence_blocks from the text's pieces between empty lines and their skeletons."""
    while at_start and texts and not texts[0].strip():
        first += texts.pop(0).count("\n") + 2
        if skeletons is not None:
            skeletons.pop(0)
    while at_end and texts and not texts[-1].strip():
        texts.pop()
        if skeletons is not None:
            skeletons.pop()
    if not texts:
        raise InputError("at least one sentence", "none", file=path)
    head = texts[0]
    texts[0] = head.lstrip() if at_start else head
    cut = len(head) - len(texts[0])
    first += head[:cut].count("\n")
    tail = texts[-1]
    texts[-1] = tail.rstrip() if at_end else tail
    if skeletons is not None:  # the blanks stripped from a text are the ends of its skeleton
        skeletons[0] = skeletons[0][cut:]
        skeletons[-1] = skeletons[-1][: len(skeletons[-1]) - (len(tail) - len(texts[-1]))]
    return Blocks(texts, first, skeletons, strip)


# --- two windows of a large input --------------------------------------------------------

#: A byte that is not blank (str.strip() strips all the others of ASCII).
_NOT_BLANK = re.compile(rb"[^ \t\n\r\x0b\x0c\x1c-\x1f]")


def halve(gold: Part, system: Part) -> tuple[tuple[Part, Part], tuple[Part, Part]] | None:
    """Two windows of each file, (GOLD, SYSTEM) before and after one empty line near the
    middle of GOLD and the empty line before the same sentence in SYSTEM (the same tokens
    around it, _matching_gap, or else as many empty lines before it), so that each pair
    is read as the files would be. None unless both files are ASCII without CR,
    start with a token, and such empty lines are found (with two sentences at least
    after them: the sentence v2.2 collects last inherits from the one before it)."""
    g, s = gold.data, system.data
    if not all(d.isascii() and b"\r" not in d and _NOT_BLANK.match(d) for d in (g, s)):
        return None
    # Half for each: the pages copied on write after the fork cost both processes about
    # the same (with 52 % for the first window this process ended later in 9 of 12 runs).
    g_cut = _clean_gap(g, len(g) // 2)
    if g_cut is None:
        return None
    after = _clean_gap(g, g_cut + 2)
    if after is None or not _NOT_BLANK.search(g, after + 2):
        return None
    guess = g_cut * len(s) // max(len(g), 1)
    s_cut = _matching_gap(g, g_cut, s, guess)
    if s_cut is None:
        s_cut = _same_sentence(s, _pairs(g, g_cut), guess)
    if s_cut is None:
        return None
    return ((Part(gold.path, g, 0, g_cut), Part(system.path, s, 0, s_cut)),
            (Part(gold.path, g, g_cut + 2), Part(system.path, s, s_cut + 2)))  # fmt: skip


def _matching_gap(gold: bytes, g_cut: int, system: bytes, guess: int, tries: int = 200) -> int | None:
    """A clean empty line of SYSTEM near `guess` between the same two sentences as GOLD's
    cut has (by columns 1-4 of their lines), the nearest first, or None. Only a guess,
    without counting the sentences before it: the readers check that both first windows
    hold as many sentences, else the files are read whole (halves.WholeFile)."""
    tokens = _tokens_around(gold, g_cut)
    ahead, back = system.find(b"\n\n", guess), system.rfind(b"\n\n", 0, guess)
    for _ in range(tries):
        for gap in (ahead, back):
            if gap != -1 and _clean(system, gap) and _tokens_around(system, gap) == tokens:
                return gap
        ahead = system.find(b"\n\n", ahead + 2) if ahead != -1 else -1
        back = system.rfind(b"\n\n", 0, back) if back != -1 else -1
    return None


def _tokens_around(data: bytes, gap: int) -> list[list[bytes]]:
    """Columns 1-4 of the lines of the sentences before and after the empty line at `gap`."""
    before, after = data.rfind(b"\n\n", 0, gap), data.find(b"\n\n", gap + 2)
    lines = data[before + 2 if before != -1 else 0 : after if after != -1 else len(data)].split(b"\n")
    return [line.split(b"\t", 4)[:4] for line in lines]


def _pairs(data: bytes, stop: int) -> int:
    """data[:stop].count(b"\\n\\n"): the pairs of LFs before `stop`, not overlapping."""
    return len(_PAIR.findall(data, 0, stop))


def _clean(data: bytes, gap: int) -> bool:
    """Whether the LFs at gap, gap + 1 are one empty line between two token lines."""
    return gap > 0 and data[gap - 1] != 10 and data[gap + 2 : gap + 3] not in (b"", b"\n")


def _clean_gap(data: bytes, start: int, tries: int = 100) -> int | None:
    """The first clean empty line from `start` on (a few tries), or None."""
    gap = data.find(b"\n\n", start)
    while gap != -1 and tries:
        if _clean(data, gap):
            return gap
        gap = data.find(b"\n\n", gap + 1)
        tries -= 1
    return None


def _same_sentence(data: bytes, count: int, guess: int, steps: int = 100_000) -> int | None:
    """SYSTEM's clean empty line with `count` empty lines before it (as GOLD's cut has),
    searched from a guessed position, stepping over clean empty lines only."""
    gap = _clean_gap(data, guess)
    if gap is None:
        return None
    found = _pairs(data, gap)
    while found != count and steps:
        gap = data.find(b"\n\n", gap + 2) if found < count else data.rfind(b"\n\n", 0, gap)
        if gap == -1 or not _clean(data, gap):
            return None
        found += 1 if found < count else -1
        steps -= 1
    return gap if found == count else None


#: Bytes other than TAB, LF and the ASCII whitespace that needs a closer look.
_NOT_SPACE = bytes(b for b in range(256) if b not in b"\t\n \r\x0b\x0c\x1c\x1d\x1e\x1f")


#: A line that starts with a TAB.
_LINE_START_TAB = re.compile(b"\n\t")


def skeleton_pieces(data: bytes | None, text: str, count: int, strip: bool = True) -> list[bytes] | None:
    """Per block of `text` (its `count` parts between empty lines), the block's whitespace
    in order: TABs, LFs and any other blank. Only for a file whose bytes are its text
    (ASCII without CR), without a line that starts with a TAB when its reader `strip`s
    lines (a skeleton cannot show that the TAB goes), and whose skeleton splits where
    the text does, else None: a line without a blank inside a block splits it once more,
    and next to an empty line it makes three LFs in a row, which could be split on
    either side."""
    if data is None or len(data) != len(text) or b"\r" in data or not data.isascii():
        return None
    if strip and _starts_tab(data, 0, len(data)):
        return None
    pieces = _skeleton_split(data)
    return pieces if pieces is not None and len(pieces) == count else None


def _skeleton_split(data: bytes) -> list[bytes] | None:
    """The skeleton of `data` split at its empty lines, or None when three LFs follow
    each other there (see skeleton_pieces)."""
    skeleton = data.translate(None, _NOT_SPACE)
    return None if b"\n\n\n" in skeleton else _PAIR.split(skeleton)


#: A window is read in chunks of about this many bytes: each chunk's text and skeleton
#: are made and split while the chunk is in the processor's cache, and their memory
#: serves the next chunk (a window's text in one piece costs a page fault every 4 KB).
#: Read batch by batch (window_batches), a chunk's blocks are scored then and their
#: memory serves too: 3,900 fewer page faults in a half of ×10.
#: Below glibc's 128 KiB for a block of its own, which a chunk of 1 MiB had: then most
#: chunks got new pages, 1,900 more page faults for a GOLD window of ×10 (about 6 ms).
CHUNK = 1 << 16


Pieces = tuple[list[str], list[bytes] | None]  # texts between empty lines, their skeletons


def _chunk_skeletons(data: bytes, a: int, b: int, count: int, strip: bool) -> list[bytes] | None:
    """skeleton_pieces of the chunk data[a:b] (of a window), which splits into `count` texts."""
    if strip and _starts_tab(data, a, b):
        return None
    pieces = _skeleton_split(data[a:b])
    return pieces if pieces is not None and len(pieces) == count else None


def batch_bytes(blocks: Blocks) -> int:
    """About the bytes of a window that a batch of its blocks holds (for progress)."""
    return sum(map(len, blocks.texts)) + 2 * len(blocks)


class Irregular(Exception):
    """Two windows cannot be read batch by batch (BlockReader.streamed): read them whole."""


def window_batches(part: Part, skeletons: bool, strip: bool = True, numbered: bool = True
                   ) -> Iterator[Blocks]:  # fmt: skip
    """Part.blocks of a window, batch by batch: cut where its chunks are (_chunks), the
    same texts, and with `skeletons` theirs where a batch's bytes allow them (as
    skeleton_pieces; `strip` as there). The window's ends are trimmed as Part.blocks
    trims them; a batch that trimming empties raises InputError. Not `numbered`: the
    line numbers of the first batch only (the others' are not counted)."""
    first = part.first_line()
    for k, ((texts, pieces), last) in enumerate(with_last(part.chunk_pieces(skeletons, strip))):
        at_start, at_end = part.at_start and k == 0, part.at_end and last
        blocks = trimmed_blocks(texts, pieces, part.path, first, at_start, at_end, strip)
        if numbered:
            first = blocks.end + 1  # after the empty line that ends the chunk
        yield blocks


def with_last(items: Iterator[T]) -> Iterator[tuple[T, bool]]:
    """Each item, and whether it is the last."""
    held: list[T] = []  # the item read last, not yet given
    for item in items:
        if held:
            yield held.pop(), False
        held.append(item)
    if held:
        yield held.pop(), True


def paired_batches(gold: Part, system: Part, strip: bool) -> Iterator[tuple[Blocks, Blocks]]:
    """GOLD's window batch by batch (window_batches, with skeletons) and as many of
    SYSTEM's blocks with each batch, whose line numbers follow GOLD's as the readers
    take them. Irregular unless both windows hold as many blocks."""
    systems = window_batches(system, skeletons=False, numbered=False)
    pending: list[str] = []
    shift: int | None = None  # between the windows' first lines
    for golds in window_batches(gold, skeletons=True, strip=strip):
        while len(pending) < len(golds):
            more = next(systems, None)
            if more is None:
                raise Irregular("SYSTEM's window holds fewer blocks")
            if shift is None:
                shift = more.first - golds.first
            pending += more.texts
        yield golds, Blocks(pending[: len(golds)], golds.first + (shift or 0))
        del pending[: len(golds)]
    if pending or next(systems, None) is not None:
        raise Irregular("SYSTEM's window holds more blocks")


def _starts_tab(data: bytes, start: int, stop: int) -> bool:
    """Whether a line of data[start:stop] starts with a TAB."""
    return data[start : start + 1] == b"\t" or _LINE_START_TAB.search(data, start, stop) is not None


def _chunks(data: bytes, start: int, stop: int) -> Iterator[tuple[int, int]]:
    """[start, stop) in runs of about CHUNK bytes, cut at empty lines between two lines
    that hold a TAB: there the whole window's text and skeleton split as well, so the
    runs' pieces are the window's."""
    while stop - start > CHUNK:
        gap = data.find(b"\n\n", start + CHUNK, stop - 1)
        while gap != -1 and not _tabs_around(data, start, gap, stop):
            gap = data.find(b"\n\n", gap + 2, stop - 1)
        if gap == -1:
            break
        yield start, gap
        start = gap + 2
    yield start, stop


def _tabs_around(data: bytes, start: int, gap: int, stop: int) -> bool:
    """Whether the lines before and after the empty line at `gap` hold a TAB (within
    [start, stop); only those two lines are searched)."""
    before = max(data.rfind(b"\n", start, gap) + 1, start)
    after = data.find(b"\n", gap + 2, stop)
    after = stop if after == -1 else after
    return data.find(b"\t", before, gap) != -1 and data.find(b"\t", gap + 2, after) != -1


def plain_flags(gold: Blocks, system: Blocks | None, strip: bool) -> list[bool]:
    """Per GOLD block: whether it is a sentence without negation — 8 fields per line,
    `***` in the 8th, no whitespace but TABs and LFs (and, with `strip`, no leading TAB)
    — that SYSTEM (when given) has as the very same text. Checked in bulk: from the
    skeletons when the file has them, else per block with C-level counts, then all
    candidates at once."""
    texts = gold.texts
    others = system.texts if system is not None else None
    if gold.skeletons is not None and (gold.strip or not strip):
        return _skeleton_plain_flags(texts, gold.skeletons, others)
    same = map(str.__eq__, texts, others) if others is not None else repeat(True)
    stars = map(str.count, texts, repeat("\t***\n"))
    ends = map(str.endswith, texts, repeat("\t***"))
    flags = [s and e and c == n for s, e, c, n in zip(same, ends, stars, gold.newlines, strict=False)]
    chosen = [text for text, flag in zip(texts, flags, strict=False) if flag]
    n_lines = sum(n + 1 for n, flag in zip(gold.newlines, flags, strict=False) if flag)
    if chosen and not _all_plain("\n\n".join(chosen).encode(), n_lines, strip):
        flags = [flag and plain_block(text, strip) for text, flag in zip(texts, flags, strict=False)]
    return flags


#: The skeleton of a sentence without negation: 7 TABs per line (a prefix of this).
_LINE_SHAPE = b"\t" * 7 + b"\n"


def _skeleton_plain_flags(texts: list[str], skeletons: list[bytes], others: list[str] | None) -> list[bool]:
    """plain_flags from the skeletons: a block whose skeleton is 7 TABs per line has
    exactly 8 fields on every line and no other blank; then every line must end in
    `\t***` (the skeletons show no line that starts with a TAB when lines are stripped)."""
    shape = _LINE_SHAPE * (max(map(len, skeletons), default=0) // 8 + 1)
    same = map(str.__eq__, texts, others) if others is not None else repeat(True)
    fits = map(shape.startswith, skeletons)
    sizes = map(len, skeletons)
    flags = [s and f and n % 8 == 7 for s, f, n in zip(same, fits, sizes, strict=False)]
    chosen = [i for i, flag in enumerate(flags) if flag]
    texts = [texts[i] for i in chosen]
    ends = map(str.endswith, texts, repeat("\t***"))
    stars = map(str.count, texts, repeat("\t***\n"))
    lines = [len(skeletons[i]) // 8 for i in chosen]  # LFs in the block
    for i, end, star, n in zip(chosen, ends, stars, lines, strict=True):
        if not end or star != n:
            flags[i] = False
    return flags


def _all_plain(data: bytes, n_lines: int, strip: bool) -> bool:
    """Lines that all end in `\t***`: whether each has exactly 7 TABs and no other
    whitespace. The TABs per line are multiples of 7 (none left once every run of 7
    is removed) and 7 per line in total, so exactly 7 on each."""
    spaces = data.translate(None, _NOT_SPACE)
    tabs = spaces.count(b"\t")
    if tabs != 7 * n_lines or tabs + spaces.count(b"\n") != len(spaces):
        return False
    if strip and (data.startswith(b"\t") or b"\n\t" in data):
        return False
    return b"\t" not in spaces.replace(b"\t" * 7, b"")


def check_block_start(block: Block, path: str) -> None:
    """A block starting with an empty line had two empty lines before it (S12, S13)."""
    line, text = block
    if not text or text[0] == "\n":
        raise InputError(
            "one empty line between sentences", "a second empty line", file=path, line=line
        )


def blank_line_error(path: str, line: int) -> InputError:
    return InputError("an empty line or a token line", "a line of blanks", file=path, line=line)


def gold_token_text(fields: list[str]) -> str:
    """`wisteria01 5 3 'house'`: how messages name a GOLD token."""
    padded = [*fields[:4], "", "", "", ""][:4]
    return f"{padded[0]} {padded[1]} {padded[2]} '{padded[3]}'"


def columns_text(fields: list[str]) -> str:
    """`'wisteria01 5 3 house'`: columns 1-4 of a line as messages quote them."""
    return "'" + " ".join([*fields[:4], "", "", "", ""][:4]) + "'"

