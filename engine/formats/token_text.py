"""The words of a text, read from a CoNLL-style or one-token-per-line file.

Used to show words for inputs that carry only token numbers (FairEval span files): one
token per line, the token being the line's first field (TAB- or space-separated, so a
CoNLL file's form column), sentences separated by blank lines. Not an annotation format,
so not in FORMAT_MODULES.
"""

from __future__ import annotations

import os

from ..errors import InputError
from ..textio import read_blocks

TITLE = "text, one token per line"


def first_field(line: str) -> str:
    """The token of a (stripped, non-blank) line: its first TAB- or space-separated field."""
    return line.split("\t", 1)[0].split(" ", 1)[0]


def read_sentences(path: str | os.PathLike[str], name: str | None = None) -> list[list[str]]:
    """The sentences of the file, each a list of tokens."""
    name = str(path) if name is None else name
    sentences = []
    for _, lines in read_blocks(path, name):
        sentences.append([first_field(line) for line in lines])
    if not sentences:
        raise InputError("one token per line", "no tokens", file=name)
    return sentences
