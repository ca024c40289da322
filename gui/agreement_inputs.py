"""What the Agreement window reads, off the UI thread: the annotators of an input that may
hold several annotators' work (a doccano, Label Studio or INCEpTION project export), read
when it is listed and kept with the input's stamp (gui/stamps.py); the measurement
of the annotators listed, from what the listing read unless the input changed on disk
since or the Reading options did (then it is read again); both read with the window's
Reading options (gui/agreement_reading.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.progress import Progress

from .agreement_reading import AgreementReading, labels, read_options
from .agreement_views import by_document
from .stamps import Stamp, stamp
from .worker import Job

if TYPE_CHECKING:
    from engine.formats.reader_options import ReadOptions
    from engine.spans import Annotations

#: An annotator's row: the input, and which annotator of an export it is (None: the input's only one).
Row = tuple[str, str | None]


@dataclass(frozen=True)
class ReadExport:
    """An export's annotators as its listing read them (by name, in the export's order),
    with the input's stamp taken before the reading."""

    path: str
    predictions: bool  # a Label Studio export's predictions among the annotators
    format: str | None  # the format it was read as (--format's name; None: recognised)
    options: ReadOptions  # the reader options it was read with
    stamp: Stamp | None
    annotators: dict[str, Annotations]

    def unchanged(self) -> bool:
        """Whether the input is still as it was read."""
        return self.stamp is not None and stamp(self.path) == self.stamp


def listing_job(paths: list[str], predictions: bool = False, reading: Any = None) -> Job:
    """What the worker thread runs on adding inputs that may hold several annotators' work:
    each one read with the Reading options (its annotators: none for one annotator's input;
    a Label Studio export's predictions among them where asked)."""

    def job(progress: Progress) -> list[ReadExport]:
        from engine.agreement.inputs import export_annotators

        chosen = reading or AgreementReading()
        options = read_options(chosen)
        listed = []
        for i, path in enumerate(paths):
            progress.update(i / len(paths), f"reading the annotators of {path}")
            before = stamp(path)  # taken first: a change while it is read is a change
            annotators = export_annotators(path, chosen.format, options, predictions)
            listed.append(ReadExport(path, predictions, chosen.format, options, before, annotators))
        progress.check()  # a cancel as the last input was read: the rows stay as they were listed
        return listed

    return job


def measure_job(rows: list[Row], predictions: bool = False, kept: list[ReadExport] | None = None,
                reading: Any = None) -> Job:  # fmt: skip
    """What the worker thread runs: read what the listing did not, with the Reading options
    (a Label Studio export's predictions as annotators where asked; an export `kept` again
    where it or the options changed since), keep the labels asked for, measure, find the
    disagreements."""

    def job(progress: Progress) -> tuple[dict[str, Any], Any, Any, dict[str, list[Any]]]:
        from engine.agreement.adjudication import disagreements
        from engine.agreement.corpus import build_corpus
        from engine.agreement.inputs import one_export_listed, read_listed
        from engine.agreement.measures import measure

        chosen = reading or AgreementReading()
        options = read_options(chosen)
        read = {e.path: e.annotators for e in kept or []
                if (e.predictions, e.format, e.options) == (predictions, chosen.format, options)
                and e.unchanged()}  # fmt: skip
        sides = read_listed(rows, options, progress, predictions, read, chosen.format)
        corpus = build_corpus(sides, labels(chosen), in_order=one_export_listed(rows))
        sheet = disagreements(corpus)
        return measure(corpus, progress), corpus, sheet, by_document(sheet.rows)

    return job


def may_hold_several(path: str, format: str | None = None) -> bool:
    """Whether an input may hold several annotators' work (an export: of the `format` chosen,
    else as its first lines tell)."""
    from engine.agreement.inputs import export_reader

    return export_reader(path, format) is not None


def listed_otherwise(paths: list[str], before: str | None, now: str | None) -> list[str]:
    """The inputs listed with the format `before` that the format `now` reads with another
    export reader, or with none (an export's annotators one row each, any other input one row)."""
    from engine.agreement.inputs import export_reader

    return [path for path in dict.fromkeys(paths) if export_reader(path, before) != export_reader(path, now)]


def label_studio_export(path: str, format: str | None = None) -> bool:
    """Whether an input is a Label Studio export (whose predictions may be annotators)."""
    from engine.agreement.inputs import export_reader

    return export_reader(path, format) == "label_studio"
