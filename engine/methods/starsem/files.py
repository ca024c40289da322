"""Loading the two CD-SCO files: existence, UTF-8, sentence blocks with line numbers."""

from __future__ import annotations

import re
from functools import cached_property
from itertools import accumulate, compress, repeat
from operator import not_

from ...errors import InputError, nothing_found
from ...textio import decode_utf8, not_text, read_input_bytes
from .model import plain_block

Block = tuple[int, str]  # physical number of the block's first line, the block's text

#: Two LFs, an empty line: found by a regular expression about twice as fast as by
#: str.split, bytes.split or bytes.count.
_PAIR = re.compile(b"\n\n")
_TEXT_PAIR = re.compile("\n\n")
#: A line that starts with a TAB: found in a whole file by a regular expression three
#: times as fast as by `in` (whose search stumbles on every TAB of the file).
_TAB_START = re.compile(b"\n\t")


def tab_starts_a_line(data: bytes) -> bool:
    """Whether a line of `data` starts with a TAB."""
    return data.startswith(b"\t") or _TAB_START.search(data) is not None


def split_blocks(text: str) -> list[str]:
    """text.split("\\n\\n"), faster."""
    return _TEXT_PAIR.split(text)


#: The share of a file decoded at a time (file_blocks).
CHUNK = 1 << 20


def file_blocks(data: bytes, path: str, chunk: int = CHUNK, keep_cr: bool = False) -> list[str]:
    """The file's text split at its empty lines: decode_utf8(data, path) as the default and
    extended readers decode it, or with `keep_cr` file_text(data) as v2.2 reads it (every
    byte kept). Without the whole text for ASCII (without CR unless `keep_cr`)."""
    pieces = None if not keep_cr and b"\r" in data else ascii_blocks(data, chunk)
    if pieces is not None:
        return pieces
    return split_blocks(file_text(data) if keep_cr else decode_utf8(data, path))


def file_text(data: bytes) -> str:
    """The file as v2.2 sees it: UTF-8, or Latin-1 when it is not UTF-8 (every byte kept)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def ascii_blocks(data: bytes, chunk: int = CHUNK) -> list[str] | None:
    """split_blocks of the text of ASCII `data` (None when it is not ASCII), decoded a
    `chunk` at a time, each ending at an empty line: the whole file's text is never held
    (13 MB less memory to allocate and touch on a 13 MB file)."""
    if not data.isascii():
        return None
    view = memoryview(data)
    pieces: list[str] = []
    start = 0
    while (cut := _chunk_end(data, start + chunk)) > 0:
        pieces += split_blocks(str(view[start:cut], "ascii"))
        start = cut + 2
    return pieces + split_blocks(str(view[start:], "ascii"))


def _chunk_end(data: bytes, at: int) -> int:
    """The first LF pair from `at` on that follows no LF, where the split at empty lines
    of the whole file cuts too (-1 when there is none)."""
    cut = data.find(b"\n\n", at)
    while cut > 0 and data[cut - 1] == 10:
        cut = data.find(b"\n\n", cut + 1)
    return cut


def read_bytes(path: str) -> bytes:
    """The file's bytes, or the §8 error for a missing or unreadable file; NotTextError for
    one whose first bytes are no text (a NUL, a zip's): its lines would be compared with
    the other file's first, and that file named for it."""
    data = read_input_bytes(path, directory=("a file", "a directory"))
    binary = not_text(data[:2048], path, nul=True)
    if binary is not None:
        raise binary
    return data


class Input:
    """An input file: its path and its bytes."""

    __slots__ = ("path", "data")

    def __init__(self, path: str, data: bytes) -> None:
        self.path = path
        self.data = data

    def blocks(self, skeletons: bool = True, strip: bool = True) -> Blocks:
        """The file's sentence blocks, with skeletons when asked for and its bytes allow
        them, for a reader that does or does not `strip` its lines (skeleton_pieces)."""
        texts = file_blocks(self.data, self.path)
        return _blocks(texts, self.path, self.data if skeletons else None, strip)


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


class Reader:
    """What every mode's reader shares: the paths, the warnings and the sentences
    without negation on either side, only counted."""

    def __init__(self, gold: Input, system: Input, keep_rows: bool) -> None:
        self.gold_path, self.system_path = gold.path, system.path
        self.keep_rows = keep_rows  # every sentence's words for the detail view
        self.plain_count = 0  # sentences without negation on either side, only counted
        self.plain_units: PlainUnits = ([], [], [])  # with keep_rows, those of them the layout shows
        self.warnings: list[str] = []

    def count_plain(self, indices: list[int], gold: Blocks) -> None:
        """The GOLD blocks at `indices` only counted (kept for the layout with keep_rows)."""
        self.plain_count += len(indices)
        if self.keep_rows:
            self.plain_units = plain_units(indices, gold)


class BlockReader(Reader):
    """What the default and the extended reader share: both files as sentence blocks."""

    #: Whether the reader strips its lines (the default one does, the extended one not).
    STRIP = True

    def __init__(self, gold: Input, system: Input, keep_rows: bool) -> None:
        super().__init__(gold, system, keep_rows)
        self.gold_blocks = gold.blocks(strip=self.STRIP)
        self.system_blocks = system.blocks(skeletons=False)

    def __len__(self) -> int:
        return len(self.gold_blocks)


def sentence_blocks(text: str, path: str, data: bytes | None = None, strip: bool = True) -> Blocks:
    """The blocks of a file whose surrounding whitespace is ignored, with their skeletons
    when `data`, the text's bytes, allow them (for a reader that does or does not `strip`
    its lines). Raises InputError when the file holds no token line."""
    return _blocks(split_blocks(text), path, data, strip)


def _blocks(texts: list[str], path: str, data: bytes | None, strip: bool) -> Blocks:
    """sentence_blocks from the text's pieces between empty lines."""
    skeletons = skeleton_pieces(data, len(texts), strip)  # then the whitespace around the file goes
    return _trimmed_blocks(texts, skeletons, path, strip)


def _trimmed_blocks(texts: list[str], skeletons: list[bytes] | None, path: str, strip: bool) -> Blocks:
    """sentence_blocks from the text's pieces between empty lines and their skeletons."""
    first = 1
    while texts and not texts[0].strip():
        first += texts.pop(0).count("\n") + 2
        if skeletons is not None:
            skeletons.pop(0)
    while texts and not texts[-1].strip():
        texts.pop()
        if skeletons is not None:
            skeletons.pop()
    if not texts:
        raise InputError("at least one sentence", nothing_found(path), file=path)
    head = texts[0]
    texts[0] = head.lstrip()
    cut = len(head) - len(texts[0])
    first += head[:cut].count("\n")
    tail = texts[-1]
    texts[-1] = tail.rstrip()
    if skeletons is not None:  # the blanks stripped from a text are the ends of its skeleton
        skeletons[0] = skeletons[0][cut:]
        skeletons[-1] = skeletons[-1][: len(skeletons[-1]) - (len(tail) - len(texts[-1]))]
    return Blocks(texts, first, skeletons, strip)


#: Bytes other than TAB, LF and the ASCII whitespace that needs a closer look.
_NOT_SPACE = bytes(b for b in range(256) if b not in b"\t\n \r\x0b\x0c\x1c\x1d\x1e\x1f")


def skeleton_pieces(data: bytes | None, count: int, strip: bool = True) -> list[bytes] | None:
    """Per block of a file's text (its `count` parts between empty lines), the block's whitespace
    in order: TABs, LFs and any other blank. Only for a file whose bytes are its text
    (ASCII without CR), without a line that starts with a TAB when its reader `strip`s
    lines (a skeleton cannot show that the TAB goes), and whose skeleton splits where
    the text does, else None: a line without a blank inside a block splits it once more,
    and next to an empty line it makes three LFs in a row, which could be split on
    either side."""
    if data is None or b"\r" in data or not data.isascii():
        return None
    if strip and tab_starts_a_line(data):
        return None
    pieces = _skeleton_split(data)
    return pieces if pieces is not None and len(pieces) == count else None


def _skeleton_split(data: bytes) -> list[bytes] | None:
    """The skeleton of `data` split at its empty lines, or None when three LFs follow
    each other there (see skeleton_pieces)."""
    skeleton = data.translate(None, _NOT_SPACE)
    return None if b"\n\n\n" in skeleton else _PAIR.split(skeleton)


def walk(flags: list[bool]) -> tuple[list[int], list[int]]:
    """The indices of the blocks only counted (the `flags`) and of those a reader walks."""
    indices = range(len(flags))
    return list(compress(indices, flags)), list(compress(indices, map(not_, flags)))


#: The sentences only counted, for the detail view: their numbers, GOLD block texts and lines.
PlainUnits = tuple[list[int], list[str], list[int]]


def plain_units(indices: list[int], blocks: Blocks) -> PlainUnits:
    """The numbers, texts and lines of the blocks at `indices` (each block a sentence)."""
    lines = list(map((1).__add__, map(blocks.newlines.__getitem__, indices)))
    return list(map((1).__add__, indices)), list(map(blocks.texts.__getitem__, indices)), lines


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
    if strip and tab_starts_a_line(data):
        return False
    return b"\t" not in spaces.replace(b"\t" * 7, b"")


def check_block_start(block: Block, path: str) -> None:
    """A block starting with an empty line had two empty lines before it (S12, S13)."""
    line, text = block
    if not text or text[0] == "\n":
        raise InputError("one empty line between sentences", "a second empty line", file=path, line=line)


def blank_line_error(path: str, line: int) -> InputError:
    return InputError("an empty line or a token line", "a line of blanks", file=path, line=line)


def gold_token_text(fields: list[str]) -> str:
    """`wisteria01 5 3 'house'`: how messages name a GOLD token."""
    padded = [*fields[:4], "", "", "", ""][:4]
    return f"{padded[0]} {padded[1]} {padded[2]} '{padded[3]}'"


def columns_text(fields: list[str]) -> str:
    """`'wisteria01 5 3 house'`: columns 1-4 of a line as messages quote them."""
    return "'" + " ".join([*fields[:4], "", "", "", ""][:4]) + "'"
