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

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import Any

import numpy as np

from ..errors import FileWarning, InputError, given
from ..spans import Annotations, Document, Span
from ..textio import decode_utf8
from .reader_options import DISCONTINUOUS_MODES, ReadOptions  # declared there: options need no reader

#: Where a discontinuous span's pieces are kept in Span.attrs.
PARTS = "parts"


#: The options of a side that sets none (a default argument for readers).
DEFAULT_OPTIONS = ReadOptions()


def raw_utf8(data: bytes, name: str) -> str:
    """UTF-8 text with every character as it is in the file (a CRLF is two); InputError
    naming the line of the first byte that is not UTF-8 (textio.decode_utf8's)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        decode_utf8(data, name)  # raises the error naming the line
        raise


def text_document(
    name: str,
    text: str,
    sentences: Sequence[tuple[int, int]] = (),
    token_bounds: Sequence[tuple[int, int]] | None = None,
) -> Document:
    """A document whose positions are the code points of `text`."""
    units = list(sentences) or ([(0, len(text))] if text else [])
    return Document(name, text, units, joiner="", token_bounds=token_bounds)


def word_bounds(text: str) -> tuple[np.ndarray, np.ndarray]:
    """(starts, ends) of the tokens of a text that carries none: its words as Unicode means
    them (runs of grapheme clusters that each start with a word character, so that accents,
    vowel signs, viramas and joiners stay in their word) and each other grapheme cluster
    but white space alone (a punctuation mark, an emoji sequence, a flag). No token ends
    in white space."""
    lead = len(text) - len(text.lstrip())
    pieces = _token_pattern().findall(text, lead)  # each token with the white space after it
    lengths = np.fromiter(map(len, pieces), np.int64, len(pieces))
    starts = np.cumsum(lengths) + lead - lengths
    return starts, starts + np.fromiter(map(len, map(str.rstrip, pieces)), np.int64, len(pieces))


@cache
def _token_pattern() -> Any:
    r"""A token and the white space after it. regex's \X is a grapheme cluster as UAX #29
    defines it; [\p{L}\p{N}_] is a word character as re's \w (str.isalnum, "_"), and
    [\s\x1c-\x1f] white space as str.isspace (regex's \s leaves out U+001C-U+001F). A word
    is read as its word characters up to the last one, whose cluster \X takes whole."""
    import regex  # loaded by the runs that cut a text into words only

    word, space = r"[\p{L}\p{N}_]", r"[\s\x1c-\x1f]"
    return regex.compile(rf"(?:(?:{word}*(?={word})\X)+|(?!{space})\X){space}*")


def short_name(name: str) -> str:
    """A type name without its package: `NamedEntity` for `…ner.type.NamedEntity`."""
    return name.rsplit(".", 1)[-1]


def pick_name(
    requested: str | None, available: Sequence[str], what: str, file: str, default: str | None = None,
    flag: str = "",
) -> str:
    """The layer or feature the user asked for (its full name, or its short name where
    that is unique), else `default` where the file has it, else the file's only one;
    InputError naming the file and listing what it has (and `flag`, the option that
    chooses, where none was asked for and the file has several)."""
    listed = ", ".join(available) if available else "none"
    if requested is not None:
        if requested in available:
            return requested
        matches = [name for name in available if short_name(name) == requested]
        if len(matches) == 1:
            return matches[0]
        raise InputError(f"a {what} of this file ({listed})", given(requested), file=file)
    if default is not None and default in available:
        return default
    if len(available) == 1:
        return available[0]
    if not available:
        raise InputError(f"a {what}", "none", file=file)
    how = f": choose one with {flag} NAME" if flag else ""
    raise InputError(f"a choice of {what} (one of: {listed})", f"{len(available)} and no default{how}",
                     file=file)  # fmt: skip



def expand_fragments(annotations: Annotations, mode: str) -> Annotations:
    """The spans as a method scores them under ReadOptions.discontinuous:
    `extent`: a span in pieces counts as its outer extent (the pieces dropped);
    `fragments`: each piece is a span of its own (same label);
    `all-fragments`: unchanged; a span in pieces matches another only when every piece
    does, so compare spans by `fragments_key`."""
    if mode not in DISCONTINUOUS_MODES:
        raise ValueError(f"discontinuous mode {mode!r} is none of {DISCONTINUOUS_MODES}")
    if mode == "all-fragments" or not any(PARTS in span.attrs for span in annotations.spans):
        return annotations
    spans: list[Span] = []
    for span in annotations.spans:
        parts = span.attrs.get(PARTS)
        if not parts:
            spans.append(span)
        elif mode == "extent":
            attrs = {key: value for key, value in span.attrs.items() if key != PARTS}
            spans.append(Span(span.start, span.end, span.label, span.doc, attrs))
        else:
            spans.extend(Span(start, end, span.label, span.doc) for start, end in parts)
    return replace(annotations, spans=spans)


def fragments_key(span: Span) -> tuple[str, str, tuple[tuple[int, int], ...]]:
    """What identifies a span under `all-fragments`: document, label and every piece."""
    parts = span.attrs.get(PARTS) or ((span.start, span.end),)
    return span.doc, span.label, tuple((start, end) for start, end in parts)


def zero_length_warning(where: str, count: int, first_line: int | None = None) -> str:
    """The warning for zero-length annotations a reader dropped (no characters to score)."""
    what = "annotation" if count == 1 else "annotations"
    at = f", the first at line {first_line}" if first_line is not None else ""
    return FileWarning(where, f"{count} zero-length {what} dropped (a span without characters cannot be "
                              f"scored){at}")  # fmt: skip


def layer_choices(
    layers: Sequence[str], features: dict[str, list[str]], chosen: str | None
) -> dict[str, list[str]]:
    """choices() of a format with layers: "layer" (its span layers), "feature" (the features
    of the chosen or default layer; none without one) and "feature:LAYER" for each layer."""
    found = {"layer": list(layers), "feature": features[chosen] if chosen else []}
    found.update({f"feature:{layer}": features[layer] for layer in layers})
    return found
