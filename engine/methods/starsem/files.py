"""Loading the two CD-SCO files: existence, UTF-8, sentence blocks with line numbers."""

from __future__ import annotations

from itertools import accumulate, repeat

from ...errors import InputError
from ...textio import decode_utf8, read_input_bytes
from .model import plain_block

Block = tuple[int, str]  # physical number of the block's first line, the block's text


def read_bytes(path: str) -> bytes:
    """The file's bytes, or the §8 error for a missing or unreadable file."""
    return read_input_bytes(path, directory=("a file", "a directory"))


def read_text(path: str) -> str:
    """The text of a CD-SCO file (a folder is 'expected a file')."""
    return decode_utf8(read_bytes(path), path)


class Blocks:
    """The blocks between blank lines of a file: their texts, the number of each one's
    first line, and the number of the line after the last token line."""

    def __init__(self, texts: list[str], first_line: int) -> None:
        self.texts = texts
        self.newlines = list(map(str.count, texts, repeat("\n")))
        self.lines = list(accumulate(map((2).__add__, self.newlines), initial=first_line))
        self.end = self.lines.pop() - 1

    def __len__(self) -> int:
        return len(self.texts)

    def __getitem__(self, index: int) -> Block:
        return self.lines[index], self.texts[index]


class BlockReader:
    """What the default and the extended reader share: both files as sentence blocks."""

    def __init__(self, gold: str, system: str, keep_rows: bool) -> None:
        self.gold_path, self.system_path = gold, system
        self.keep_rows = keep_rows  # every sentence for the detail view, none only counted
        self.gold_blocks = sentence_blocks(read_text(gold), gold)
        self.system_blocks = sentence_blocks(read_text(system), system)
        self.plain_count = 0  # sentences without negation on either side, only counted
        self.warnings: list[str] = []

    def __len__(self) -> int:
        return len(self.gold_blocks)


def sentence_blocks(text: str, path: str) -> Blocks:
    """The blocks of a file whose surrounding whitespace is ignored. Raises InputError
    when the file holds no token line."""
    texts = text.split("\n\n")  # then the whitespace around the file goes, without copying it
    first = 1
    while texts and not texts[0].strip():
        first += texts.pop(0).count("\n") + 2
    while texts and not texts[-1].strip():
        texts.pop()
    if not texts:
        raise InputError("at least one sentence", "none", file=path)
    head = texts[0]
    texts[0] = head.lstrip()
    first += head[: len(head) - len(texts[0])].count("\n")
    texts[-1] = texts[-1].rstrip()
    return Blocks(texts, first)


#: Bytes other than TAB, LF and the ASCII whitespace that needs a closer look.
_NOT_SPACE = bytes(b for b in range(256) if b not in b"\t\n \r\x0b\x0c\x1c\x1d\x1e\x1f")


def plain_flags(gold: Blocks, system: Blocks | None, strip: bool) -> list[bool]:
    """Per GOLD block: whether it is a sentence without negation — 8 fields per line,
    `***` in the 8th, no whitespace but TABs and LFs (and, with `strip`, no leading TAB)
    — that SYSTEM (when given) has as the very same text. Checked in bulk: per block
    with C-level counts, then all candidates at once."""
    texts = gold.texts
    same = map(str.__eq__, texts, system.texts) if system is not None else repeat(True)
    stars = map(str.count, texts, repeat("\t***\n"))
    ends = map(str.endswith, texts, repeat("\t***"))
    flags = [s and e and c == n for s, e, c, n in zip(same, ends, stars, gold.newlines, strict=False)]
    chosen = [text for text, flag in zip(texts, flags, strict=False) if flag]
    n_lines = sum(n + 1 for n, flag in zip(gold.newlines, flags, strict=False) if flag)
    if chosen and not _all_plain("\n\n".join(chosen).encode(), n_lines, strip):
        flags = [flag and plain_block(text, strip) for text, flag in zip(texts, flags, strict=False)]
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

