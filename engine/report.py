"""Reports: what an evaluation found, as data. Printers and exporters format it.

A Report holds score tables, the error table, the documents and spans a viewer shows,
the method's own result data (the shape of its JSON report) and the metadata that makes
a result reproducible (method, options, engine version, input files with sha256).

Tables are kept as plain rows and turned into pandas DataFrames on demand, so that a
command-line run that only prints a report never pays for importing pandas.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain, repeat
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, overload

from . import __version__
from .spans import same_items
from .textio import sha256_bytes, sha256_file

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

    from .spans import Document, Span

#: Columns of every error table, in this order (methods may add their own after them).
ERROR_COLUMNS: tuple[str, ...] = (
    "error_id",  # stable id of the row: E1, E2, … in report order
    "document",  # document (file) name
    "unit",  # 1-based number of the sentence / page / process in the document
    "unit_id",  # the unit's id in the input, "" when it has none
    "type",  # the method's own error type: FN, FP, LE, BE, unmatched, …
    "subtype",  # finer type where the method has one (BES, BEL, BEO), else ""
    "gold_label",
    "system_label",
    "gold_start",  # half-open document positions of the gold span, None without one
    "gold_end",
    "system_start",
    "system_end",
    "gold_parts",  # the positions the gold span covers, as [start, end) pieces (gaps allowed)
    "system_parts",
    "gold_position",  # the gold span's position as its file writes it, e.g. "6-8"
    "system_position",
    "gold_text",
    "system_text",
    "detail",  # anything else worth showing, as text
)
#: One side's span values in an error row, in this order (side_columns).
SIDE_KEYS: tuple[str, ...] = ("label", "start", "end", "parts", "position", "text")


def blank_side() -> tuple[Any, ...]:
    """A side's values without a span, in SIDE_KEYS' order (error_row's blanks; a new parts list)."""
    return "", None, None, [], "", ""


#: Per span column of ERROR_COLUMNS (gold_label … system_text): its side (1: system) and
#: its key's place in SIDE_KEYS.
_SIDE_PLACES = [
    (int(key.startswith("system_")), SIDE_KEYS.index(key.split("_", 1)[1])) for key in ERROR_COLUMNS[6:18]
]


def side_columns(gold: Sequence[Any], system: Sequence[Any]) -> tuple[Any, ...]:
    """The 12 span columns of ERROR_COLUMNS (gold_label … system_text, in their order) from
    each side's values in SIDE_KEYS' order: of one row, or of every row as columns."""
    sides = (gold, system)
    return tuple(sides[side][place] for side, place in _SIDE_PLACES)


#: Titles of the error table's columns, the same words in the app and the workbook
#: (a column without a title here — a method's own — is titled by column_title's rule).
COLUMN_TITLES: dict[str, str] = {
    "error_id": "ID",
    "document": "Document",
    "unit": "Unit",
    "unit_id": "Unit id",
    "type": "Type",
    "subtype": "Subtype",
    "gold_label": "Gold label",
    "system_label": "System label",
    "gold_start": "Gold start",
    "gold_end": "Gold end",
    "system_start": "System start",
    "system_end": "System end",
    "gold_parts": "Gold parts",
    "system_parts": "System parts",
    "gold_position": "Gold position",
    "system_position": "System position",
    "gold_text": "Gold text",
    "system_text": "System text",
    "detail": "Detail",
}


#: Each title of COLUMN_TITLES with its key (column_key; engine/review.py reads headers by it).
TITLED_KEYS = {title: key for key, title in COLUMN_TITLES.items()}


def column_title(key: str) -> str:
    """The title of a column, the same words in the app and the workbook: COLUMN_TITLES's,
    else a method's own key in words, its first letter a capital and its other letters kept
    ('gold_line' → 'Gold line', 'entity_Y' → 'Entity Y'; a key without '_' as it is)."""
    title = COLUMN_TITLES.get(key)
    if title is not None:
        return title
    if "_" not in key or not key.strip("_"):
        return key
    words = key.replace("_", " ")
    return words[:1].upper() + words[1:]


def column_key(title: str) -> str:
    """The key of a column titled by column_title ('Gold line' → 'gold_line', 'Entity Y' →
    'entity_Y', 'TP Precision' → 'TP_Precision'; 'Document' → 'document'); a title it does
    not write (an older workbook's raw key, 'gold_line') as it is."""
    if title in TITLED_KEYS:
        return TITLED_KEYS[title]
    if " " not in title.strip():
        return title
    key = title.replace(" ", "_")
    return key if key[1:2].isupper() else key[:1].lower() + key[1:]


#: Abbreviations in a score table's keys as a person writes them ('f1-score' → 'F1-score').
TITLE_WORDS = {"f1": "F1", "tp": "TP", "fp": "FP", "fn": "FN", "freq": "frequency"}
_ABBREVIATION = re.compile(rf"(?<![A-Za-z0-9])({'|'.join(TITLE_WORDS)})(?![A-Za-z0-9])")


def score_title(key: str) -> str:
    """The header of a score table's column, as a person reads it: column_title's words,
    its first letter a capital ('precision' → 'Precision', 'process_id' → 'Process id',
    'TP_Precision' → 'TP Precision'), an abbreviation as TITLE_WORDS writes it ('f1' → 'F1',
    'tp' → 'TP'), a count's 'n_' left out ('n_span_matches' → 'Span matches')."""
    words = _ABBREVIATION.sub(lambda found: TITLE_WORDS[found[0]], re.sub(r"^n_(?=.)", "", key))
    title = column_title(words)
    return title[:1].upper() + title[1:]


# Optional keys an error row may carry besides these:
#   "sheet": the workbook sheet the row goes to (default "Errors"), for methods with
#            several error tables;
#   "context_unit": the unit (index into the document's units) whose text is the row's
#            context, when it is not the unit holding the gold or system span.


@dataclass
class Table:
    """A table of plain values with named columns.

    `kind` "scores" marks score tables (shown together, in order, the first being the
    headline); "detail" marks other tables a method reports (match tables, per-page
    rows, …), which get a tab in the app and a sheet of their own in the workbook.
    `note` is a line explaining the table (a legend), shown above it.
    """

    columns: list[str]
    rows: list[list[Any]]
    title: str = ""
    kind: str = "scores"
    note: str = ""
    formats: dict[str, str] = field(default_factory=dict)  # column → number format (workbook)
    scale: str = "fraction"  # the score columns hold 0..1 ("fraction") or 0..100 ("percent")
    label_columns: bool = False  # its columns after the first are labels (a confusion matrix's)

    def headers(self) -> list[str]:
        """Its columns' headers in words (score_title), labels (label_columns) as they are."""
        named = self.columns[:1] if self.label_columns else self.columns
        return [score_title(key) for key in named] + list(self.columns[len(named) :])

    def frame(self) -> pd.DataFrame:
        """The table as a DataFrame; rows kept as columns (ColumnLists) taken a column at a
        time, so that no one call holds the GIL for the whole table (the app's UI thread
        waits while the worker makes CLUEval's match tables: 0.14-0.2 s a table of 115,000 rows)."""
        import pandas as pd

        if not isinstance(self.rows, ColumnLists) or not len(self.rows):  # no rows: object columns
            return pd.DataFrame(self.rows, columns=self.columns)
        frame = pd.DataFrame(dict(enumerate(map(_typed, self.rows.columns))))
        frame.columns = self.columns
        return frame

    def records(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]


#: The numpy type of a list of Python values all of one of these types: pandas infers the
#: same from the list, 4-5 times slower (int64: 10 ms a column of 111,000 whole numbers).
_ARRAY_TYPES = {int: "int64", float: "float64"}


def _typed(values: Sequence[Any]) -> Sequence[Any]:
    """A list of whole numbers (all within 64 bits) or of floats as a numpy array, for a
    frame (a Later's made first, or its array taken); any other column as it is."""
    if isinstance(values, Later) and values.array is not None and len(values):
        return values.array
    values = listed(values)
    dtype = _ARRAY_TYPES.get(type(values[0])) if type(values) is list and values else None
    if dtype is None or set(map(type, values)) != {type(values[0])}:  # the first one's type alone
        return values
    import numpy as np  # as pandas: not for a run without a frame

    try:
        return np.array(values, dtype=dtype)
    except OverflowError:  # a whole number past 64 bits: pandas decides
        return values


@dataclass
class InputFile:
    """One file an evaluation read, for the record. Given the bytes read (or None) instead
    of their digest, it hashes them (or the file) when the digest is first asked for (a run
    that writes no report does not pay for it: 15 ms of the 26 MB *SEM ×10 run)."""

    role: str  # "gold" or "system" (or an extra input's name)
    path: str  # as the user gave it
    digest: str | bytes | None = field(repr=False)  # the sha256, the bytes read or None (hashed when asked)

    @property
    def sha256(self) -> str:
        if self.digest is None:
            self.digest = sha256_file(self.path)
        elif isinstance(self.digest, bytes):
            self.digest = sha256_bytes(self.digest)
        return self.digest

    def record(self) -> dict[str, str]:
        """The file as a report's JSON lists it."""
        return {"role": self.role, "path": self.path, "sha256": self.sha256}

    @classmethod
    def of(cls, role: str, path: str | os.PathLike[str]) -> list[InputFile]:
        """The file itself, or every file of a directory its reader reads."""
        p = Path(path)
        if p.is_dir():
            from .formats import folder_input_files  # stdlib only; brat's sub-folders too

            return [cls(role, str(f), sha256_file(f)) for f in folder_input_files(p)]
        return [cls(role, str(path), sha256_file(p))]


def error_row(**values: Any) -> dict[str, Any]:
    """An error-table row with every standard column present (missing ones empty), in
    ERROR_COLUMNS' order."""
    return {**_BLANK_ROW, "gold_parts": [], "system_parts": [], **values}


_BLANK_ROW: dict[str, Any] = {
    **dict.fromkeys(ERROR_COLUMNS, ""),
    **dict.fromkeys(("gold_start", "gold_end", "system_start", "system_end"), None),
    "unit": 0,
}


def _now() -> str:
    """The local time to the second with its UTC offset, in ISO 8601 (what datetime's
    now().astimezone().isoformat(timespec="seconds") gives, without loading datetime)."""
    now = time.localtime()
    minutes, seconds = divmod(abs(now.tm_gmtoff), 60)
    offset = f"{'-' if now.tm_gmtoff < 0 else '+'}{minutes // 60:02d}:{minutes % 60:02d}"
    return time.strftime("%Y-%m-%dT%H:%M:%S", now) + offset + (f":{seconds:02d}" if seconds else "")


class Coded(NamedTuple):
    """A column as its distinct texts (a grid's whole numbers: as numbers) and per row the
    number of its text, −1 for none (""): each writer makes each text a cell or field once."""

    texts: Sequence[Any]
    number: np.ndarray


#: Rows a ColumnRows makes as dicts in one call (about 15 ms on this machine).
DICT_BLOCK = 4096


class Later(Sequence[Any]):
    """A list made when first read: e.g. the spans for the viewer, which the command line
    never shows (the 394,004 Span objects of FairEval's bench corpus: 0.8–1.0 s). Given
    `part` (items start..stop − 1), a writer can also take it a part at a time without
    the whole list ever being held (FairEval's 205,236 JSON `pairs`: 200 MB as dicts), and
    a slice of step 1 is made by `part` while the list is not made (a workbook's context
    windows of *SEM's document tokens). Given `item` (item i), or else `part`, one item is
    made alone while the list is not made (`cell`: the app's table reads the cells it shows).
    `array`: its numbers as one numpy array of the type a frame would give their list, where
    the maker has them so (Table.frame takes it: no list made for the app's table)."""

    def __init__(
        self,
        length: int,
        make: Callable[[], list[Any]] | None = None,
        part: Callable[[int, int], list[Any]] | None = None,
        item: Callable[[int], Any] | None = None,
        array: np.ndarray | None = None,
    ) -> None:
        self.array = array
        self._length = length
        self._part = part
        self._item = item or (self._alone if part else None)
        self._make: Callable[[], list[Any]] | None = make or (lambda: part(0, length) if part else [])
        self._items: list[Any] = []

    def _list(self) -> list[Any]:
        if self._make is not None:
            self._items, self._make, self._part, self._item = self._make(), None, None, None  # makers let go
        return self._items

    def _alone(self, index: int) -> Any:
        """Item `index` made by the part maker."""
        return self._part(index, index + 1)[0]  # type: ignore[misc]

    def made(self) -> list[Any]:
        """The items, made now if not yet (a reader on another thread then finds them made)."""
        return self._list()

    def parts(self, size: int) -> Iterator[list[Any]]:
        """The items, `size` at a time: made a part at a time while the list is not made."""
        part = self._part or (lambda start, stop: self._list()[start:stop])
        for start in range(0, self._length, size):
            yield part(start, min(start + size, self._length))

    def json_parts(self, size: int, encode: Callable[[list[Any]], bytes]) -> Iterator[bytes | memoryview]:
        """The items' JSON `size` at a time (joined by commas, no brackets), by `encode`."""
        for part in self.parts(size):
            yield memoryview(encode(part))[1:-1]

    def __len__(self) -> int:
        return self._length

    def coded_texts(self) -> dict[str, Coded]:
        """The columns (by key) the maker keeps as their texts and per row the number of its
        text: none here (ProPara's error rows and grid, poetry's span rows keep some so)."""
        return {}

    def csv_columns(self, keys: Sequence[str]) -> list[Sequence[Any]] | None:
        """The CSV writer's columns for `keys` where the maker gives them: their values, or
        their fields made already (export.csv.Fields, Pieces), one of them standing for a run
        of neighbouring keys where its fields hold theirs joined by commas (ProPara's error
        rows and grid); None here: the writer makes them from the rows."""
        return None

    def __eq__(self, other: object) -> bool:
        return same_items(self, other)

    __hash__ = None  # type: ignore[assignment]  # equal by its items, as a list

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...
    def __getitem__(self, index: int | slice) -> Any:
        if self._part is not None and isinstance(index, slice) and index.step in (None, 1):
            return self._slice(index)
        return self._list()[index]

    def _slice(self, index: slice) -> list[Any]:
        """A slice of step 1 made by the part maker while the list is not made."""
        start, stop, _ = index.indices(self._length)
        return self._part(start, stop) if self._part is not None and start < stop else []

    def cell(self, index: int) -> Any:
        """Item `index`, made alone while the list is not made (a table's view reads the
        cells it paints; a whole column is made when it is sorted or searched)."""
        item = self._item
        if item is None or self._make is None:
            return self._list()[index]
        return item(range(self._length)[index])  # an IndexError, or from the end, as a list's

    def __iter__(self) -> Iterator[Any]:
        return iter(self._list())


class ColumnLists(Later):
    """A table's rows kept as its columns: made as lists when read (or a part at a time, by
    the JSON writer and the workbook); the CSV writer takes the columns, or the fields
    `fields` makes (csv_columns), and Table.frame the columns."""

    def __init__(self, columns: list[Sequence[Any]], fields: Callable[[], list[Any]] | None = None) -> None:
        self.columns, self.fields = columns, fields  # fields: the CSV's columns, made otherwise
        super().__init__(len(columns[0]), part=self.lists)

    def lists(self, start: int, stop: int) -> list[list[Any]]:
        return list(map(list, zip(*(column[start:stop] for column in self.columns), strict=True)))

    def csv_columns(self, keys: Sequence[str]) -> list[Sequence[Any]] | None:
        """The columns (one per key), or the Pieces `fields` makes."""
        return self.fields() if self.fields is not None else self.columns


class ColumnRows(Later):
    """Rows of a table kept as columns (key → one value per row, in row order). The JSON
    and CSV writers take the columns as they are (or a part at a time); the rows as dicts
    are made all at once when a row is first read (the app and the workbook).

    `plain_numbers`: the maker vouches that every integer fits in 64 bits and every float
    is below 1e16 in size, where msgspec writes numbers as orjson does; the JSON writer
    then has msgspec encode the rows a part at a time from light structs, not dicts."""

    def __init__(self, columns: dict[str, Sequence[Any]], plain_numbers: bool = False) -> None:
        lengths = {len(values) for values in columns.values()}
        if len(lengths) > 1:
            raise ValueError("columns of different lengths")
        self.columns = columns
        self.plain_numbers = plain_numbers
        super().__init__(lengths.pop() if lengths else 0, part=self.dicts)

    def keys(self) -> list[str]:
        """The rows' keys, in column order (none without rows, as for a list of dicts)."""
        return list(self.columns) if len(self) else []

    def column(self, key: str) -> Sequence[Any]:
        """One value per row under `key` (None in every row for a key the rows lack)."""
        found = self.columns.get(key)
        return found if found is not None else [None] * len(self)

    def csv_column(self, key: str) -> Sequence[Any]:
        """The column for the CSV files: its values (a maker may give its own, as poetry's csv.Pieces)."""
        return self.column(key)

    def csv_columns(self, keys: Sequence[str]) -> list[Sequence[Any]] | None:
        """The CSV writer's columns for `keys`: csv_column's."""
        return [self.csv_column(key) for key in keys]

    def row(self, index: int) -> dict[str, Any]:
        """Row `index` as a new dict, the other rows left as columns (and a Later's not made)."""
        return {key: cell(column, index) for key, column in self.columns.items()}

    def dicts(self, start: int, stop: int) -> list[dict[str, Any]]:
        """Rows `start` to `stop` as new dicts, made DICT_BLOCK rows at a time: one C call
        making 116,892 rows held the interpreter's lock for 0.47 s, and the app's window
        waited for it while its worker thread made them."""
        keys = list(self.columns)
        rows: list[dict[str, Any]] = []
        for first in range(start, stop, DICT_BLOCK):
            last = min(first + DICT_BLOCK, stop)
            values = zip(*(column[first:last] for column in self.columns.values()), strict=True)
            rows += map(dict, map(zip, repeat(keys), values))
        return rows

    def json_parts(
        self, size: int, encode: Callable[[list[dict[str, Any]]], bytes]
    ) -> Iterator[bytes | memoryview]:
        """The rows' JSON `size` rows at a time, each part the rows' objects joined by commas:
        by msgspec from the columns with plain numbers, else (and for a part msgspec refuses,
        a text that is no UTF-8) `encode` of the rows as dicts."""
        structs = self._structs() if self.plain_numbers else None
        for start in range(0, len(self), size):
            stop = min(start + size, len(self))
            try:
                part = structs(start, stop) if structs else None
            except UnicodeEncodeError:  # a text that is no UTF-8: `encode` escapes it
                part = None
            yield part if part is not None else memoryview(encode(self.dicts(start, stop)))[1:-1]

    def _structs(self) -> Callable[[int, int], memoryview]:
        """Rows `start` to `stop` as JSON by msgspec, from one struct per row (fields named
        f0, f1, … written under the columns' keys: any key will do); a column with
        `json_values` (values read as dicts, kept as structs) gives those."""
        import msgspec

        fields = [f"f{k}" for k in range(len(self.columns))]
        row = msgspec.defstruct("Row", fields, rename=dict(zip(fields, self.columns, strict=True)), gc=False)
        encode = msgspec.json.Encoder().encode
        columns = [getattr(column, "json_values", column) for column in self.columns.values()]

        def part(start: int, stop: int) -> memoryview:
            return memoryview(encode(list(map(row, *(column[start:stop] for column in columns)))))[1:-1]

        return part


def cell(values: Sequence[Any], index: int) -> Any:
    """Item `index` of a column: a Later's made alone while its list is not made."""
    return values.cell(index) if isinstance(values, Later) else values[index]


def listed(values: Sequence[Any]) -> Sequence[Any]:
    """A column to read item by item: a Later's list (made now if not yet), else the column."""
    return values.made() if isinstance(values, Later) else values


def error_ids(stop: int, start: int = 0) -> list[str]:
    """The error rows' ids E1, E2, … of rows `start` to `stop` − 1 (of `stop` rows by default)."""
    return [f"E{number}" for number in range(start + 1, stop + 1)]


def error_id_column(count: int) -> Later:
    """The ids of `count` error rows as a column made when read (a part or a cell at a time)."""
    return Later(count, part=lambda start, stop: error_ids(stop, start))


def numbered_rows(keys: Sequence[str], rows: list[tuple[Any, ...]], plain_numbers: bool) -> ColumnRows:
    """Error rows (their values in `keys`' order but the first, the id) as columns,
    numbered E1, E2, … under `keys[0]` (`plain_numbers`: as ColumnRows)."""
    return numbered_columns(keys, list(zip(*rows, strict=True)) or [()] * (len(keys) - 1), plain_numbers)


def numbered_columns(keys: Sequence[str], columns: Sequence[Sequence[Any]], plain_numbers: bool
                     ) -> ColumnRows:  # fmt: skip
    """Error rows given as their columns (in `keys`' order but the first, the id), numbered E1,
    E2, … under `keys[0]` (`plain_numbers`: as ColumnRows)."""
    count = len(columns[0]) if columns else 0
    return ColumnRows(dict(zip(keys, (error_id_column(count), *columns), strict=True)), plain_numbers)


@dataclass
class Report:
    """The result of one evaluation."""

    method: str
    title: str
    options: dict[str, Any]
    inputs: list[InputFile]
    tables: dict[str, Table]
    error_rows: Sequence[dict[str, Any]] = field(default_factory=list)  # a list, or ColumnRows
    documents: list[Document] = field(default_factory=list)
    gold_spans: Sequence[Span] = field(default_factory=list)  # a list, or made when read
    system_spans: Sequence[Span] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    engine_version: str = __version__
    created: str = field(default_factory=_now)

    def __post_init__(self) -> None:
        self.set_errors(self.error_rows)

    def set_errors(self, rows: Sequence[dict[str, Any]]) -> None:
        """Use `rows` as the error table; rows without an id get E1, E2, … by position
        (ColumnRows come with their ids)."""
        if not isinstance(rows, ColumnRows):
            for number, row in enumerate(rows, 1):
                if not row.get("error_id"):
                    row["error_id"] = f"E{number}"
        self.error_rows = rows

    @property
    def headline(self) -> Table:
        """The first table: the overall scores."""
        return next(iter(self.tables.values()))

    def score_tables(self) -> dict[str, Table]:
        return {name: t for name, t in self.tables.items() if t.kind == "scores"}

    def detail_tables(self) -> dict[str, Table]:
        return {name: t for name, t in self.tables.items() if t.kind == "detail"}

    def frames(self) -> dict[str, pd.DataFrame]:
        """Every score table as a DataFrame."""
        return {name: table.frame() for name, table in self.tables.items()}

    @property
    def error_columns(self) -> list[str]:
        """The error table's columns: ERROR_COLUMNS first, then the method's own (every
        other key of the rows, in order of appearance)."""
        rows = self.error_rows
        keys = rows.keys() if isinstance(rows, ColumnRows) else dict.fromkeys(chain.from_iterable(rows))
        return [*ERROR_COLUMNS, *(key for key in keys if key not in ERROR_COLUMNS)]

    @property
    def errors(self) -> pd.DataFrame:
        """The error table as a DataFrame (error_columns)."""
        import pandas as pd

        return pd.DataFrame(self.error_rows, columns=self.error_columns)

    def document(self, name: str) -> Document | None:
        return next((d for d in self.documents if d.name == name), None)

    def metadata(self) -> dict[str, Any]:
        """What makes the result reproducible."""
        return {
            "method": self.method,
            "title": self.title,
            "engine_version": self.engine_version,
            "created": self.created,
            "options": self.options,
            "input_files": [f.record() for f in self.inputs],
        }
