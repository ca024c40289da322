"""What FairEval's and CLUEval's span-format inputs share (engine/methods/faireval/spanformats.py,
engine/methods/clueval/spanformats.py): whether the inputs are read as span formats, the
warning about reader options set for the files the method reads itself, and both inputs
read and paired with the reader options."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..formats import in_span_formats
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
    gold's texts), each side's spans as scored (--discontinuous fragments: each piece)."""
    from .spans.inputs import load, scored  # the span methods' reading: only for span formats

    paired = load(gold, system, options, progress)
    paired.gold, paired.system = scored(paired.gold, options), scored(paired.system, options)
    return paired
