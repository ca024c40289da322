"""CLUEval's reading of one BIO tag of a .vrt column (specs/clueval.md §2.5, §2.6): its span
building (methods/clueval/spans.py) and the labels the app lists for it (vrt.column_readings)
share this one rule, and C9's refusal of a column (the run's message, the app's box)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import InputError, given

#: Every B- and I- in a tag (CLUEval's reader labels a span by the tag without them).
BIO_PREFIXES = re.compile("B-|I-")


@dataclass(frozen=True)
class TagInfo:
    """What one distinct tag string means for span building."""

    inside: bool
    begins: bool  # starts with "B-"
    boundary: str  # the tag without one leading B- or I- (§2.5)
    stored: str  # the tag without every B- and I- (§2.6)

    @property
    def refused(self) -> bool:
        """C9: an inside tag without a label (an empty field, B-, I-) or labelled O (B-O, I-O)."""
        return self.inside and self.boundary in ("", "O")


def tag_info(tag: str) -> TagInfo:
    boundary = tag[2:] if tag.startswith(("B-", "I-")) else tag
    return TagInfo(tag != "O", tag.startswith("B-"), boundary, BIO_PREFIXES.sub("", tag))


def stored_labels(tags: Iterable[str]) -> list[str]:
    """The labels CLUEval's reader stores on the spans of a column of these tags: every tag
    but O inside a span labelled by it without its B- and I- prefixes (S-anon, a bare PER;
    B-I- the label ""), those it refuses (B-O, an empty field: its run stops) left out."""
    infos = map(tag_info, set(tags))
    return sorted({info.stored for info in infos if info.inside and not info.refused})


def refused_tag(tag: str, column: int, path: str, line: int) -> InputError:
    """C9: the message for a tag CLUEval refuses in BIO column `column` (1 the first) at `line`."""
    found = "an empty field" if tag == "" else given(tag)
    return InputError(f"a BIO tag with a label in column {column}", found, file=path, line=line)


def first_refused(tags: list[str]) -> int | None:
    """Where the first tag CLUEval refuses stands in a column (the run stops there); None for none."""
    refused = {tag for tag in set(tags) if tag_info(tag).refused}
    return next((i for i, tag in enumerate(tags) if tag in refused), None) if refused else None


def stopping(refusals: Sequence[InputError | None], columns: int) -> InputError | None:
    """What CLUEval's run says of a file whose first `columns` BIO columns it reads (one a
    layer named), each column's refusal given: the first column's that has one (spans.column_spans)."""
    return next((err for err in refusals[:columns] if err is not None), None)
