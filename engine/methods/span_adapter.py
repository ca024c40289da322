"""What FairEval's and CLUEval's span-format inputs share (engine/methods/faireval/spanformats.py,
engine/methods/clueval/spanformats.py): whether the inputs are read as span formats, the
warning about reader options set for the files the method reads itself, both inputs read
and paired with the reader options, and the documents' tokens cut at both sides' span
boundaries (engine/formats/token_text.py: a text without spaces keeps its spans' bounds),
and the texts the report shows them in (`TextLayout`: the text as written, not the cut
tokens joined by a space)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import InputError
from ..formats import in_span_formats
from ..formats.spantable import Bounds, SpanTable, token_arrays
from ..formats.token_text import cut_by_document, without_tokens
from ..spans import Document
from .span_options import read_as_span_formats, reader_options_set

if TYPE_CHECKING:
    from ..formats.pairing import Paired
    from ..progress import Progress


def span_format_inputs(gold: str, system: str, options: Any, own_formats: tuple[str, ...]) -> bool:
    """Whether the inputs are read as span formats (read_as_span_formats), each input
    recognised by its first lines (in_span_formats) only where the options leave it open."""
    recognised = (in_span_formats(path, own_formats) for path in (gold, system))
    return read_as_span_formats(options, own_formats, recognised)


def read_itself(options: Any, own_formats: tuple[str, ...], reads_itself: str) -> list[str]:
    """For inputs the method reads itself (its report says so: same_inputs.READ_ITSELF): the
    warning naming the reader options set, not used (`reads_itself`: 'FairEval reads these
    files itself'); none where none is set."""
    flags = reader_options_set(options, own_formats) if options is not None else []
    return [f"{', '.join(flags)}: not used (they apply to the span formats; {reads_itself})"] if flags else []


def read_paired(gold: str, system: str, options: Any, progress: Progress, method: str) -> Paired:
    """Both inputs read with their reader options and paired (the system's spans in the
    gold's texts), each side's spans as scored (spans.inputs.scored: --discontinuous), the
    tokens cut at their bounds; a file no format recognises named with the formats `method` reads."""
    from .spans.inputs import load, scored  # the span methods' reading: only for span formats

    with formats_of(method):
        paired = load(gold, system, options, progress)
    paired.gold, paired.system = scored(paired.gold, options), scored(paired.system, options)
    return tokens_cut_at_spans(paired)


@contextmanager
def formats_of(method: str) -> Iterator[None]:
    """An InputError for a file no format recognises re-raised listing only the formats the
    method reads (not every span format: folders.narrowed)."""
    try:
        yield
    except InputError as err:
        better = narrowed_to(method, err)
        if better is err:
            raise
        raise better from None


def narrowed_to(method: str, err: InputError) -> InputError:
    """`err`, where it lists every span format, listing only those `method` reads."""
    from ..formats.folders import narrowed
    from . import get_method

    return narrowed(err, get_method(method).inputs[0].formats)


def tokens_cut_at_spans(paired: Paired) -> Paired:
    """The paired documents with their tokens (the format's, or words) cut wherever a
    span of either side begins or ends inside one, so that no span is widened to whole words."""
    tokens = [token_arrays(document) for document in paired.documents]
    docs, cuts = zip(*(_boundaries(table) for table in (paired.gold, paired.system)), strict=True)
    cut = cut_by_document(tokens, np.concatenate(docs), np.concatenate(cuts))
    for d, ((starts, _), (cut_starts, cut_ends)) in enumerate(zip(tokens, cut, strict=True)):
        document = paired.documents[d]
        if len(cut_starts) != len(starts):
            paired.gold.tokens = paired.system.tokens = None  # token numbers of the former tokens
        elif document.token_bounds is not None:
            continue
        paired.documents[d] = replace(document, token_bounds=Bounds(cut_starts, cut_ends))  # words found once
    paired.warnings += _without_tokens(paired, cut)
    return paired


def _without_tokens(paired: Paired, tokens: list[tuple[np.ndarray, np.ndarray]]) -> list[str]:
    """A warning counting each side's spans that hold no token (white space only): the
    token methods cannot count them."""
    warnings = []
    for side, table in (("gold", paired.gold), ("system", paired.system)):
        count = without_tokens(tokens, table.docs, table.starts, table.ends)
        if count:
            warnings.append(f"{count} {side} span(s) hold no token (white space only): not counted")
    return warnings


def _boundaries(table: SpanTable) -> tuple[np.ndarray, np.ndarray]:
    """The document and position of every span start and end (each piece's of a span in
    pieces)."""
    docs, starts, ends = [table.docs], [table.starts], [table.ends]
    for i, pieces in table.parts.items():
        docs.append(np.full(len(pieces), table.docs[i], dtype=np.int64))
        starts.append(np.array([s for s, _ in pieces], dtype=np.int64))
        ends.append(np.array([e for _, e in pieces], dtype=np.int64))
    return np.concatenate(docs * 2), np.concatenate(starts + ends)


DOCUMENT_BREAK = "\n\n"  # between two documents' texts in a TextLayout


@dataclass
class TextLayout:
    """Documents with a text shown as one character document (their texts one after
    another, a blank line between), with the character bounds of every token in it (the
    documents' tokens in turn) and the first token of each unit (the documents' in turn)."""

    document: Document  # its token_bounds: Bounds of every token in the text
    unit_first: np.ndarray

    def characters(self, positions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The character bounds (start, end) of tokens `positions` (numbers in the layout's
        token order; past the last: the last)."""
        bounds = self.document.token_bounds
        at = np.minimum(positions, max(len(bounds) - 1, 0))
        return bounds.starts[at], bounds.ends[at]


def has_own_text(doc: Document) -> bool:
    """A document whose tokens are its text (a str), not a stand-in for one."""
    return isinstance(doc.tokens, str) and not doc.stand_in


def text_layout(name: str, documents: Sequence[Document]) -> TextLayout | None:
    """The documents as one text (TextLayout) named `name`; None where one has no text of
    its own (its tokens a list: CoNLL columns, token numbers) or none has a token."""
    if not documents or not all(map(has_own_text, documents)):
        return None
    texts, units, starts, ends, firsts = [], [], [], [], []
    shift = tokens = 0
    for doc in documents:
        token_starts, token_ends = token_arrays(doc)
        firsts.append(np.searchsorted(token_starts, [u[0] for u in doc.units]).astype(np.int64) + tokens)
        starts.append(token_starts + shift)
        ends.append(token_ends + shift)
        units += [(a + shift, b + shift) for a, b in doc.units]
        texts.append(str(doc.tokens))
        shift += len(doc.tokens) + len(DOCUMENT_BREAK)
        tokens += len(token_starts)
    if not tokens:
        return None
    text = DOCUMENT_BREAK.join(texts)
    bounds = Bounds(np.concatenate(starts), np.concatenate(ends))
    return TextLayout(Document(name, text, units, joiner="", token_bounds=bounds), np.concatenate(firsts))
