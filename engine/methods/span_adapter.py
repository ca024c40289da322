"""What FairEval's and CLUEval's span-format inputs share (engine/methods/faireval/spanformats.py,
engine/methods/clueval/spanformats.py): whether the inputs are read as span formats, the
warning about reader options set for the files the method reads itself, both inputs read
and paired with the reader options, and the documents' tokens cut at both sides' span
boundaries (engine/formats/token_text.py: a text without spaces keeps its spans' bounds)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np

from ..formats import in_span_formats
from ..formats.spantable import Bounds, SpanTable, token_arrays
from ..formats.token_text import cut_by_document, without_tokens
from .span_options import reader_options_set, side_options

if TYPE_CHECKING:
    from ..formats.pairing import Paired
    from ..progress import Progress


def span_format_inputs(gold: str, system: str, options: Any, own_formats: tuple[str, ...]) -> bool:
    """Whether the inputs are read as span formats: a side's --format names another
    format than the method's own, or an input is recognised as one of the span formats."""
    if options is not None:
        formats = {side_options(options, side)[0] for side in ("gold", "system")} - {None}
        if formats - set(own_formats):
            return True
    return in_span_formats((gold, system))


def unused_reader_options(options: Any, own_formats: tuple[str, ...], reads_itself: str) -> list[str]:
    """A warning naming the reader options set for inputs the method reads itself
    (`reads_itself`: 'FairEval reads these files itself')."""
    flags = reader_options_set(options, own_formats) if options is not None else []
    return [f"{', '.join(flags)}: not used (they apply to the span formats; {reads_itself})"] if flags else []


def read_paired(gold: str, system: str, options: Any, progress: Progress) -> Paired:
    """Both inputs read with their reader options and paired (the system's spans in the
    gold's texts), each side's spans as scored (--discontinuous fragments: each piece;
    extent: no pieces), the tokens cut at their bounds."""
    from .spans.inputs import load, scored  # the span methods' reading: only for span formats

    paired = load(gold, system, options, progress)
    paired.gold, paired.system = scored(paired.gold, options), scored(paired.system, options)
    if options.discontinuous == "extent":
        paired.gold.parts, paired.system.parts = {}, {}
    return tokens_cut_at_spans(paired)


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
