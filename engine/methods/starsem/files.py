"""Loading the two CD-SCO files: existence, UTF-8, sentence blocks with line numbers."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import accumulate, repeat
from pathlib import Path

from ...errors import InputError

Block = tuple[int, str]  # physical number of the block's first line, the block's text


def read_bytes(path: str) -> bytes:
    """The file's bytes, or the §8 error for a missing or unreadable file."""
    p = Path(path)
    if p.is_dir():
        raise InputError("a file", "a directory", file=path)
    try:
        return p.read_bytes()
    except FileNotFoundError:
        raise InputError("an existing readable file", "nothing", file=path) from None
    except PermissionError:
        raise InputError("an existing readable file", "permission denied", file=path) from None


def decode_utf8(data: bytes, path: str) -> str:
    """UTF-8 text without a leading byte-order mark, every line end turned into LF."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        prefix = data[: err.start].decode("utf-8")
        line = prefix.replace("\r\n", "\n").replace("\r", "\n").count("\n") + 1
        raise InputError("UTF-8 text", f"byte 0x{data[err.start]:02X}", file=path, line=line) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def read_text(path: str) -> str:
    return decode_utf8(read_bytes(path), path)


def sentence_blocks(text: str, path: str) -> tuple[list[Block], int]:
    """The blocks between blank lines of a file whose surrounding whitespace is ignored,
    and the number of the line after its last token line. Raises InputError when the
    file holds no token line."""
    core = text.strip()
    if not core:
        raise InputError("at least one sentence", "none", file=path)
    first = text[: len(text) - len(text.lstrip())].count("\n") + 1
    texts = core.split("\n\n")
    lines = list(accumulate(map((2).__add__, map(str.count, texts, repeat("\n"))), initial=first))
    return list(zip(lines, texts, strict=False)), lines[-1] - 1


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


def iter_pairs(gold: list[Block], system: list[Block]) -> Iterator[tuple[Block, Block | None]]:
    for i, block in enumerate(gold):
        yield block, system[i] if i < len(system) else None
