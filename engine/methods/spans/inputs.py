"""What the methods over plain labelled spans share: reading and pairing the inputs with
the reader options of both sides (declared in engine/methods/span_options.py) and the
report's documents and spans (their error rows: errors.py)."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np

from ...errors import InputError, WayOn, first_listed
from ...formats import ORIGINAL_SPAN_FORMATS, read_spans, span_reader_names
from ...formats.inception_project import check_annotated
from ...formats.pairing import Paired, pair
from ...formats.reader_options import SIDE_WAYS_ON, no_spans_warning
from ...formats.spantable import SpanTable
from ...progress import Progress
from ...report import InputFile
from ...same_inputs import same_path
from .. import InputSpec
from ..span_options import side_options


def span_inputs(gold_help: str, system_help: str) -> tuple[InputSpec, InputSpec]:
    formats = (*span_reader_names(), *ORIGINAL_SPAN_FORMATS)
    return (InputSpec("gold", "gold", gold_help, directory=True, formats=formats),
            InputSpec("system", "system", system_help, directory=True, formats=formats))  # fmt: skip


def load(gold: str, system: str, options: Any, progress: Progress) -> Paired:
    """Both inputs read with their options (each side's identical duplicate spans merged:
    engine/formats/duplicates.py), paired, the system's spans in gold's texts."""
    progress.update(0.0, "reading gold", force=True)
    one_file = same_path(gold, system)  # a suggestion then names the option of both
    gold_format, gold_options = side_options(options, "gold", one_file)
    try:
        gold_spans = read_spans(gold, gold_format, gold_options)
    except InputError as err:
        raise (err if one_file else system_too(err, system, options)) from None
    progress.update(0.3, "reading system", force=True)
    system_format, system_options = side_options(options, "system", one_file)
    system_spans = read_spans(system, system_format, system_options)
    progress.update(0.6, "pairing documents", force=True)
    check_annotated(gold_spans, gold_options, system_spans)  # a user's INCEpTION export lacking a document
    check_annotated(system_spans, system_options, gold_spans)
    paired = pair(gold_spans, system_spans)
    formats = (gold_spans.format, system_spans.format)
    paired.warnings += no_spans_warning(len(paired.gold), len(paired.system), formats)
    return paired


def system_too(err: InputError, system: str, options: Any) -> InputError:
    """The gold's error of a tag column or scheme (its way on names --gold-tag-column or
    --gold-scheme) saying where the system file has the same fault, so that one change mends
    both: the shared flag where both ways on give one value and neither side sets its own."""
    way = next(filter(None, map(err.way_on, SIDE_WAYS_ON)), None)
    if way is None:
        return err
    system_format, system_options = side_options(options, "system")
    try:
        read_spans(system, system_format, system_options)
    except InputError as other:
        return _said_once(err, way, other, system, options)
    return err


def _said_once(err: InputError, way: WayOn, other: InputError, system: str, options: Any) -> InputError:
    """The gold's error saying that the system's (`other`) has the fault of its way on too: with
    the shared flag where one change of it mends both, else with the system's own way on."""
    theirs = other.way_on(way.name)
    if theirs is None:
        return err
    too = f"the system file {other.where or system} too"
    mending = [part for part in err.parts if isinstance(part, WayOn) and _one_change(part, other, options)]
    if way in mending:
        shared = (part._replace(side="") if part in mending else part for part in err.parts)
        return err.saying((*shared, f" ({too})"))
    rest = other.parts[other.parts.index(theirs):]  # its way on, and what follows it
    return err.saying((*err.parts, f" ({too}: read it with ", *rest, ")"))


def _one_change(way: WayOn, other: InputError, options: Any) -> bool:
    """Whether the gold's way on mends the system too (`other`, its error) as the shared flag:
    the system's gives the option the same value, and neither side sets it with its own."""
    theirs = other.way_on(way.name)
    own = (getattr(options, f"{side}_{way.name}") for side in ("gold", "system"))
    return theirs is not None and theirs.value == way.value and all(value is None for value in own)


def scored(table: SpanTable, options: Any) -> SpanTable:
    """The spans as every method scores them under --discontinuous: a span in pieces as its
    outer extent (extent: the pieces dropped), each piece a span of its own (fragments), or
    whole with its pieces (all-fragments). The table given is left as it was."""
    if not table.parts or options.discontinuous == "all-fragments":
        return table
    if options.discontinuous == "extent":
        extent = copy.copy(table)  # the same spans, notes and tokens
        extent.parts = {}
        return extent
    rows = []
    for i in range(len(table)):
        for start, end in table.parts.get(i, [(int(table.starts[i]), int(table.ends[i]))]):
            rows.append((int(table.docs[i]), start, end, int(table.labels[i])))
    return SpanTable.of_rows(rows, table.label_names, table.doc_names)


def plain_options(options: Any) -> dict[str, Any]:
    """The options for the report: those set (a reader option left unset is not listed)."""
    from ...options import to_plain

    return {name: value for name, value in to_plain(options).items() if value is not None}


def input_files(gold: str, system: str) -> list[InputFile]:
    return InputFile.of("gold", gold) + InputFile.of("system", system)


def labels_of(paired: Paired) -> tuple[list[str], np.ndarray, np.ndarray]:
    """All labels (sorted) and each side's label numbers in that list."""
    names = sorted(set(paired.gold.label_names) | set(paired.system.label_names))
    index = {name: i for i, name in enumerate(names)}
    gold_map = np.array([index[n] for n in paired.gold.label_names] or [0], dtype=np.int64)
    system_map = np.array([index[n] for n in paired.system.label_names] or [0], dtype=np.int64)
    return names, gold_map[paired.gold.labels], system_map[paired.system.labels]


#: The labels only the system uses that its note names (entity linking's may be thousands).
LISTED_LABELS = 20


def only_system_labels(paired: Paired) -> list[str]:
    """A note listing labels only the system uses (scored as false positives): the first
    LISTED_LABELS of them in order, and how many more."""
    extra = sorted(set(paired.system.label_names) - set(paired.gold.label_names))
    listed = first_listed(extra, LISTED_LABELS, more=" and {:,} more")
    return [f"labels only the system uses (scored): {listed}"] if extra else []
