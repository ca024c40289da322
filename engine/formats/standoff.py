"""What every reader of an annotation tool's span format gives the engine.

The readers of the annotation tools' formats (webanno_tsv, uima_xmi, brat, label_studio,
doccano, conll) share one protocol, so that any method comparing plain labelled spans
(spans, nervaluate, faireval, clueval, agreement) takes them from any reader:

    NAME: str                         the --format value, e.g. "webanno-tsv"
    TITLE: str                        what the app shows, e.g. "WebAnno TSV 3.x (INCEpTION)"
    SUFFIXES: tuple[str, ...]         file name endings it reads, e.g. (".tsv",)
    sniff(lines: list[str]) -> bool   whether the first non-blank lines are its kind
    read(path: str, options: ReadOptions) -> Annotations
    choices(path: str, options: ReadOptions) -> dict[str, list[str]]
        what the user can pick in that file ("layer", "feature", "source", "index",
        "label" …: the values each can take), for the app's drop-downs

`read` returns engine.spans.Annotations whose documents are *text documents*: made with
`text_document` below, positions are code points of the document's text (a reader of a
format that counts UTF-16 units converts), `tokens` is the text itself, `joiner` "",
`units` the sentences as character ranges, and `token_bounds` the tokens as character
ranges where the format has tokens (None where it has not: methods that need tokens
then use `word_bounds`). Spans are engine.spans.Span with `doc` the document's name;
a discontinuous span keeps its pieces in `attrs["parts"]` (list of (start, end)), with
start/end its outer extent. Bad input raises engine.errors.InputError naming the file
and the line (or JSON path, or XMI element).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..spans import Document

#: Where a discontinuous span's pieces are kept in Span.attrs.
PARTS = "parts"


@dataclass(frozen=True)
class ReadOptions:
    """The reader options of one side (gold or system); each reader uses those of its format."""

    layer: str | None = None  # WebAnno TSV / XMI: the span layer (type name), default: named entities
    feature: str | None = None  # WebAnno TSV / XMI: the feature that gives the label
    typesystem: str | None = None  # XMI: the TypeSystem.xml (else found beside the file or in the zip)
    source: str = "annotations"  # Label Studio: annotations or predictions
    index: int = 0  # Label Studio: which annotation (or prediction) of each task
    scheme: str | None = None  # CoNLL: IOB1, IOB2, IOBES or BILOU (None: detected)
    token_column: int = 0  # CoNLL: 0-based, negative from the end
    tag_column: int = -1  # CoNLL: 0-based, negative from the end
    separator: str | None = None  # CoNLL: "tab" or "whitespace" (None: TAB where a line holds one)
    comment_prefix: str | None = None  # CoNLL: lines starting with it are skipped
    reading: str = "strict"  # CoNLL: strict, or conlleval (an I- may open a span)
    discontinuous: str = "extent"  # brat: extent, fragments or all-fragments
    missing_label: str | None = None  # WebAnno TSV / XMI: the label of an annotation without a value


def text_document(
    name: str,
    text: str,
    sentences: Sequence[tuple[int, int]] = (),
    token_bounds: Sequence[tuple[int, int]] | None = None,
) -> Document:
    """A document whose positions are the code points of `text`."""
    units = list(sentences) or ([(0, len(text))] if text else [])
    return Document(name, text, units, joiner="", token_bounds=token_bounds)


_WORD = re.compile(r"\w+|[^\w\s]", re.UNICODE)


def word_bounds(text: str) -> list[tuple[int, int]]:
    """Tokens of a text that carries none: runs of word characters, and each other
    non-space character alone."""
    return [m.span() for m in _WORD.finditer(text)]
