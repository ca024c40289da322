"""What an annotation tool's file offers to pick — its span layers, their features, its
labels — for the setup panel's drop-downs and the input's format line. Read by the
format's own `choices()` (off the UI thread: a file can be large)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from engine.errors import InputError
from engine.formats import detect, first_annotation_file, read_by, read_spans, span_format, span_format_titles
from engine.formats.conll import COLUMN_FILES, UNTYPED
from engine.formats.corpus import first_file_once
from engine.formats.reader_options import NO_USER, READ_BY, check_options, given_user
from engine.formats.spantable import span_labels
from engine.formats.standoff import ReadOptions, short_name
from engine.formats.vrt_tags import stopping
from engine.scoped_memo import memo_within
from engine.spans import Annotations

from .style import elided

if TYPE_CHECKING:
    from engine.formats.vrt import ColumnLabels
    from engine.methods.faireval.stops import Stops

    from .inputs import Look

#: The readers whose folder is one input read whole (not its first file's choices).
WHOLE_FOLDERS = ("brat", "inception-project")
#: The label of CoNLL's tags without a type (BioBERT's B, I, O) on the format line.
UNTYPED_WORDS = f"{UNTYPED} (B and I tags without a type)"
#: Labels named on the format line at most (the drop-downs list every layer and feature).
SHOWN_LABELS = 12


@dataclass(frozen=True)
class Contents:
    """The choices() of one file read with one side's options, and the labels it holds."""

    path: str
    choices: dict[str, list[str]] = field(default_factory=dict)
    labels: list[str] = field(default_factory=list)
    error: InputError | None = None  # why it cannot be read (no format, no type system, …)
    reads: str = ""  # what the side reads of an export of several annotators' work (INCEpTION's)
    labels_from: str = ""  # the source the labels are in where the side's holds none (Label Studio's)
    columns: list[list[str]] = field(default_factory=list)  # each BIO column's labels (a .vrt of several)
    opening_columns: list[list[str]] = field(default_factory=list)  # a .vrt's as CLUEval's reader reads them
    read_as: str = ""  # the title a file no format recognises is read as where a method reads it so (.vrt)
    own_refused: tuple[InputError | None, ...] = ()  # where CLUEval's run stops on each .vrt column
    untyped: bool = False  # CoNLL tags without a type (a B or I alone) among them, read as the label '_'
    own_stops: Stops | None = None  # where FairEval's run stops on a file of its formats (it reads it itself)

    @property
    def layers(self) -> list[str]:
        return self.choices.get("layer", [])

    def features(self, layer: str | None) -> list[str]:
        """The features of a layer (full or short name), or of the file's default layer."""
        if layer:
            full = next((name for name in self.layers if layer in (name, short_name(name))), layer)
            return self.choices.get(f"feature:{full}", [])
        return self.choices.get("feature", [])

    def own_error(self, columns: int) -> InputError | None:
        """What CLUEval's run says of a .vrt file whose first `columns` BIO columns it reads
        with its own reader, where it stops on a tag it refuses (C9); else None."""
        return stopping(self.own_refused, columns)

    def summary(self, opening: bool = False) -> str:
        """'layers: POS, NamedEntity · labels: LOC, ORG, PER' (empty for a file with none);
        `opening`: a .vrt's BIO columns' labels as CLUEval's own reader reads them (the
        method reads the file with it), where every tag but O labels a span."""
        parts = [self.reads] if self.reads else []
        if opening and self.read_as:  # a file no format recognises, which CLUEval reads as vertical text
            parts.append(f"Format: not recognised, read as {self.read_as}")
        if self.layers:
            parts.append("layers: " + ", ".join(short_name(name) for name in self.layers))
        columns = self.opening_columns if opening else self.columns
        if len(columns) > 1:
            parts += [f"column {n} labels: {_listed(labels)}" for n, labels in enumerate(columns, 1)]
        elif opening and columns:  # the one column CLUEval reads, whatever the span readers read
            parts += [f"labels: {_listed(columns[0])}"] if columns[0] else []
        elif self.labels:
            named = f"labels ({self.elsewhere()})" if self.labels_from else "labels"
            parts.append(f"{named}: {_listed(self.labels, self.untyped)}")
        return " · ".join(parts)

    def elsewhere(self) -> str:
        """Where the labels are when the side's source holds none, and the step that reads
        them: the run reads nothing there (Label Studio's predictions, its annotations not set)."""
        return f"in its {self.labels_from}: choose {self.labels_from} under Source to read them"


def _listed(labels: list[str], untyped: bool = False) -> str:
    """The first SHOWN_LABELS labels, shortened, with an ellipsis for more (`untyped`: the
    label '_' is CoNLL's tags without a type, and said to be)."""
    more = " …" if len(labels) > SHOWN_LABELS else ""
    named = {UNTYPED: UNTYPED_WORDS} if untyped else {}
    shown = (named.get(label) or _seen(elided(label)) for label in labels[:SHOWN_LABELS])
    return ", ".join(shown) + more


def _seen(label: str) -> str:
    """A label as a person can see it: in quotes where it is empty or has spaces around it
    (CLUEval's reader stores B-I- as the label "", a tag with spaces as written)."""
    return f'"{label}"' if not label or label != label.strip() else label


def read_whole(
    not_recognised: bool, choices: dict[str, list[str]], options: ReadOptions, module: ModuleType
) -> bool:
    """Whether a look reads a file's spans whole, for its reader's message: a file not
    recognised as the format chosen, a CoNLL file (its tags are read strictly in the scheme
    set or detected: a file of IOB1 tags read as IOB2, an I- after O), or an export of several
    annotators' work of which the side reads a part (`reads`: INCEpTION's curation, or the user
    chosen; a Label Studio or doccano export's user named, or none named where a doccano export
    lists several: its reader asks for one), which its reader may find missing: not while an
    INCEpTION export's side has its user still to choose (its line says so, and lists them)."""
    sided = hasattr(module, "reads") and options.user != NO_USER
    named = given_user(options) is not None and module.NAME in READ_BY["user"]
    unnamed = given_user(options) is None and module.NAME == "doccano" and len(choices.get("user", [])) > 1
    return not_recognised or sided or named or unnamed or module.NAME == "conll"


def read_contents(
    path: str, options: ReadOptions, format: str | None = None, looked: Look | None = None,
    own_stops: bool = False, spans: bool = True,
) -> Contents:
    """The choices and labels of a span format's file or folder; empty for any other file
    and one that cannot be opened; the error where no format reads it (a folder holding
    files of several formats) or its reader cannot (an XMI file without its type system):
    each side's box shows it at once, both where both lack the same. `format`: the reader
    the side's Format option names (--format's name), read with whatever the file looks like;
    where the file is not recognised as that format, and where read_whole says so (a CoNLL
    file), its spans are read too, for the reader's message where they cannot be (choices()
    may read past it: CoNLL's lists a typo's bare label as a label); a file recognised as it
    is read as an unchosen one is. A folder (but brat's, INCEpTION's: read whole anyway) offers
    its first file's choices, and its spans are read as its run reads them, every file once (a
    CoNLL file's columns shared with its choices), for the message of whichever file its run
    stops on (its first's alone told nothing of the others'), and its labels are every file's.
    `looked`: the first look at the file, where there is one (its format found there, its head
    not read again). `own_stops`: the method reads a file of FairEval's own formats with
    FairEval's own reader (Method.reads_own_stops): where its run stops is read too, else not;
    without `spans` (every run reads it so) such a file is read by that reader alone.
    A zip no span reader reads: their message (shown where the run reads the file with them)."""
    with memo_within(COLUMN_FILES):  # a CoNLL file's columns read once for its labels and its spans
        stops = _own_stops(path, format, looked) if own_stops else None  # where FairEval's run stops
        if stops is not None and not spans:
            return Contents(path, labels=_own_read_labels(path, stops, looked), own_stops=stops)
        found = _contents_read(path, options, format, looked, stops)
    return replace(found, own_stops=stops) if stops is not None else found


def _own_stops(path: str, format: str | None, looked: Look | None) -> Stops | None:
    """Where FairEval's run stops on a file of its own formats (FairEval span file, CoNLL-2000),
    which it reads itself where no format or one of them is chosen, by its own reader (read
    once: stops.own_stops); None for any other input."""
    from engine.formats import SPAN_FORMATS, format_module
    from engine.methods.faireval import stops  # here: most files looked at are none of FairEval's

    if format is not None and format not in stops.Stops.formats:
        return None
    title = looked.format if looked is not None else detect(path) if path else None
    if title not in {format_module(SPAN_FORMATS[name]).TITLE for name in stops.Stops.formats}:
        return None
    if not Path(path).is_file():  # a folder's files are paired by name: read as a run pairs them
        return None
    try:
        return stops.own_stops(path)
    except OSError:
        return None


def _contents_read(
    path: str, options: ReadOptions, format: str | None, looked: Look | None, own: Stops | None
) -> Contents:
    """read_contents within its memo (`own`: where FairEval's run stops on the file, whose labels
    a FairEval span file's are: its span reader's read left out)."""
    title = looked.format if looked is not None else detect(path) if path else None
    if format is None and title not in span_format_titles():
        error = (looked.unread_zip or looked.error) if looked is not None else unread_zip(path)
        plain = title is None and error is None and Path(path).is_file()  # no format's: CLUEval reads it
        return _as_vrt(path, options) if plain else Contents(path, error=error)
    try:
        module = span_format(path, format, looked.head if looked is not None else None)
    except InputError as err:
        return Contents(path, error=err)
    with first_file_once(path, module):  # a folder's first file: read for its choices and with the folder
        return _module_contents(path, options, format, module, title, own)


def _module_contents(
    path: str, options: ReadOptions, format: str | None, module: ModuleType, title: str | None,
    own: Stops | None,
) -> Contents:
    """_contents_read of an input its reader `module` reads (`title`: the format it is
    recognised as)."""
    choices: dict[str, list[str]] = {}
    reads, read, not_recognised = "", None, format is not None and title != module.TITLE
    try:
        folder = Path(path).is_dir() and module.NAME not in WHOLE_FOLDERS
        target = str(first_annotation_file(Path(path))) if folder else path
        choices = module.choices(target, options) | _own_labels(module, own)
        reads = module.reads(options) if hasattr(module, "reads") else ""
        refused = _refused_options(module, path, options)
        if refused is None and (folder or read_whole(not_recognised, choices, options, module)):
            read = _spans_or_message(path, module, options)  # for its reader's message where it stops
    except InputError as err:  # what there is to pick stays (the System user of an export)
        return Contents(path, choices, error=err, reads=reads)
    except OSError:
        return Contents(path)
    readings = _column_labels(target, options, module.TITLE if format is not None else title)
    if isinstance(read, InputError):  # a .vrt's columns listed still: CLUEval reads it with its own reader
        if readings is None:  # the labels listed where a method reads it with its own reader (FairEval)
            return Contents(path, choices, choices.get("label", []), error=read, reads=reads)
        read, refused = None, read
    whole = read if format is None else None  # the spans the labels are of, where read as recognised
    labels = _span_labels(whole) if folder and whole is not None else []  # every file's, not the first's
    labels, source = labels or choices.get("label") or _side_labels(target, options, readings, whole), ""
    if not labels:
        labels, source = _other_source_labels(module, target, options, choices)
    untyped = module.NAME == "conll" and UNTYPED in labels
    found = {"reads": reads, "labels_from": source, "untyped": untyped}
    if readings is None:
        return Contents(path, choices, labels, refused, **found)
    return Contents(path, choices, labels, refused or readings.refused, **found, **_read_columns(readings))


def _span_labels(read: Annotations) -> list[str]:
    """The labels of the spans read (a table's found from its label numbers, no span made)."""
    return sorted(span_labels(read.spans))


def _read_columns(readings: ColumnLabels) -> dict[str, Any]:
    """A .vrt's columns as each reader reads them (one column: its labels are the side's, none
    to choose among), and where CLUEval's run stops on each."""
    own = {"opening_columns": readings.opening, "own_refused": readings.own_refused}
    return {"columns": readings.to_choose(), **own}


def _as_vrt(path: str, options: ReadOptions) -> Contents:
    """A file no format recognises, as CLUEval's run reads it (vertical text, whatever its name:
    span_options.unrecognised_read_as): the labels of its BIO columns, and where its run stops."""
    from engine.formats import vrt

    readings = _column_labels(path, options, vrt.TITLE)
    assert readings is not None  # a .vrt's, by its title
    if not readings.opening:  # not read: read_vrt's message, its run's too (it reads one column so)
        readings = readings._replace(own_refused=(readings.refused,))
    return Contents(path, read_as=vrt.TITLE, **_read_columns(readings))


def _spans_or_message(path: str, module: ModuleType, options: ReadOptions) -> Annotations | InputError:
    """The spans the side's options read by its reader (span_format's: a folder's found by every
    file's head, not again), or their reader's message where they cannot be read."""
    try:
        return read_by(module, path, options)
    except InputError as err:
        return err


def unread_zip(path: str) -> InputError | None:
    """What the span readers say of a zip none of them reads (folders.zip_unread); None for
    any other input."""
    from engine.formats.folders import zip_unread  # here: most files looked at are no zip

    return zip_unread(Path(path)) if path else None


def _refused_options(module: ModuleType, path: str, options: ReadOptions) -> InputError | None:
    """What a read says first of options the file cannot take (a user named for one
    annotator's file); the box still shows what the file holds (its labels)."""
    try:
        check_options(module, path, options)
    except InputError as err:
        return err
    return None


def _column_labels(path: str, options: ReadOptions, title: str | None) -> ColumnLabels | None:
    """The labels of each BIO column of a .vrt file (None for any other file), the file read
    once (the methods read different ones: CLUEval the first, or each as a layer; the others
    the tag column's), as the span readers read them and as CLUEval's reader does
    (vrt.column_readings: the box shows which the method reads it with); where the file
    cannot be read, the reader's message."""
    from engine.formats import vrt

    if title != vrt.TITLE:
        return None
    try:
        return vrt.column_readings(path, options)
    except InputError as err:
        return vrt.ColumnLabels([], [], err)
    except OSError:
        return vrt.ColumnLabels([], [])


def _own_read_labels(path: str, own: Stops, looked: Look | None) -> list[str]:
    """The labels of a file of FairEval's own formats read by its own reader alone (a span
    file's as _own_labels gives them; none where the reader stops before its last sentence)."""
    from engine.formats import faireval_text

    if (looked.format if looked is not None else detect(path)) == faireval_text.TITLE:
        return _own_labels(faireval_text, own).get("label", [])
    return list(own.labels or ())


def _own_labels(module: ModuleType, own: Stops | None) -> dict[str, list[str]]:
    """The labels of a FairEval span file its own reader read whole (`own`), as its span reader
    reads them (NONE and EMPTY left out: faireval_text.NOT_SPANS), which then need not read it
    for them; none for any other file."""
    from engine.formats import faireval_text

    if own is None or own.labels is None or module is not faireval_text:
        return {}
    return {"label": [label for label in own.labels if label not in faireval_text.NOT_SPANS]}


def _side_labels(
    path: str, options: ReadOptions, readings: ColumnLabels | None, read: Annotations | None
) -> list[str]:
    """The labels of the spans the side's options read (`read`: those spans, where the look
    read them already); of a .vrt file, those of the column they choose (1 the first,
    negative from the last), as the .vrt reader picks it (`readings`: each column's)."""
    if readings is None:
        return _span_labels(read) if read is not None else _labels(path, options)
    columns, k = readings.read, options.tag_column
    return columns[k - 1 if k > 0 else k] if k and -len(columns) <= k <= len(columns) else []


def _other_source_labels(
    module: ModuleType, path: str, options: ReadOptions, choices: dict[str, list[str]]
) -> tuple[list[str], str]:
    """The labels of an export whose chosen source (annotations, predictions) holds none, and
    the source they are in: ([], "") where no other source has any."""
    for source in choices.get("source", []):
        if source != options.source:
            labels = module.choices(path, replace(options, source=source)).get("label") or []
            if labels:
                return labels, source
    return [], ""


def _labels(path: str, options: ReadOptions) -> list[str]:
    """The labels of the spans read with these options (none where the file needs a choice first)."""
    try:
        return sorted(span_labels(read_spans(path, None, options).spans))
    except (InputError, OSError):
        return []
