"""ProPara action files: `process TAB sentence TAB participant TAB action TAB before TAB after`.

One row per (process, sentence, participant), no header, rows in any order. The rules
are those of specs/propara.md §2.1 and §3.1–3.2: the original reads a file twice, first
for the sentence counts (pass 1: the stripped line's first two fields must be integers),
then for the rows (pass 2: six fields, the action's location rules). A line that passes
pass 2 passes pass 1, so a file is checked in one sweep; when some line breaks a rule,
the line-by-line validator (`first_error`) names the error the original reports first.

The sweep turns the file's bytes, all rows at once (propara_columns), into columns of
integer codes (numpy arrays): per row the process, the sentence number, the participant's name, the action
and the two locations, equal codes meaning equal strings (`Strings`; the two files of a
run share them, so their processes compare as numbers). The location rules are checked
on the codes, and all tracks are filled at once (`Table`): one flat array of location
codes with the slots 0 … n of every participant, the actions beside them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, partial
from itertools import count, repeat
from typing import NamedTuple

import numpy as np

from ..errors import FileWarning, InputError, nothing_in
from ..rowkeys import ranges
from ..textio import decode_utf8, read_input_bytes
from . import sniffing
from .field_bytes import numbered, run_numbers
from .propara_columns import ByteFields
from .propara_rules import MIN_LIMIT, first_error, split_lines

TITLE = "ProPara action file"

ACTIONS = sniffing.PROPARA_ACTIONS
NONE_CODE, CREATE_CODE, DESTROY_CODE, MOVE_CODE, BAD_ACTION = 0, 1, 2, 3, 4
ACTION_CODES = {action: code for code, action in enumerate(ACTIONS)}
NULL, UNK = "null", "unk"

# Location codes fixed in advance: the text as written ("-" and "null" differ for the
# rules); a track holds the stored value, where "null" is "-" (NULL_CODE) and "unk" is "?".
SEEDED_LOCATIONS = ("-", "?", "", NULL, UNK)
NULL_CODE, UNK_CODE, EMPTY_CODE, NULL_TEXT_CODE, UNK_TEXT_CODE = range(5)


sniff = sniffing.propara_actions  # recognises the format without this module (engine/formats/sniffing.py)


class Strings:
    """Integer codes of distinct strings (equal codes, equal strings), shared by the files
    of one run. Codes are unique but not dense."""

    def __init__(self, seed: tuple[str, ...] = (), shown: dict[int, str] | None = None) -> None:
        self._next = count()
        self.codes: dict[str, int] = {text: next(self._next) for text in seed}
        self._shown = shown or {}  # codes shown as another text (the stored form of - and ?)
        self._texts: dict[int, str] | None = None

    def encode(self, texts: list[str]) -> np.ndarray:
        self._texts = None
        return np.fromiter(map(self.codes.setdefault, texts, self._next), np.int32, len(texts))

    def texts(self) -> dict[int, str]:
        """Code → text (for locations: as the evaluator stores it)."""
        if self._texts is None:
            self._texts = {code: text for text, code in self.codes.items()} | self._shown
        return self._texts

    def text(self, code: int) -> str:
        return self.texts()[code]


def location_strings() -> Strings:
    return Strings(SEEDED_LOCATIONS, {NULL_CODE: NULL, UNK_CODE: UNK})


@dataclass(eq=False, repr=False)
class Table:
    """The rows of one file as arrays. Participants are numbered by process, then by first
    row; participant p owns the slots offset[p] … offset[p + 1] − 1 of `track` and
    `actions` (slot 0 of each: the location before sentence 1, and no action)."""

    names: Strings
    locations: Strings
    part_name: np.ndarray  # per participant: its name's code
    part_line: np.ndarray  # per participant: its first row
    part_process: np.ndarray  # per participant: its process
    process_parts: np.ndarray  # process k owns participants process_parts[k] … process_parts[k + 1] − 1
    process_sentences: np.ndarray  # per process: the largest sentence number of its rows
    offset: np.ndarray  # per participant, and the total at the end
    track: np.ndarray  # location codes as stored (NULL_CODE, UNK_CODE, …)
    actions: np.ndarray  # action codes (NONE_CODE, …)

    @cached_property
    def slot_participant(self) -> np.ndarray:
        """Per slot its participant."""
        return np.repeat(np.arange(len(self.offset) - 1), np.diff(self.offset))

    def parts(self, k: int) -> range:
        """The participant numbers of process k."""
        return range(int(self.process_parts[k]), int(self.process_parts[k + 1]))

    def participant_lines(self, k: int) -> dict[str, int]:
        """The names of the participants of process k (in order) and their first rows."""
        parts, names = self.parts(k), self.names.texts()
        codes = self.part_name[parts.start : parts.stop].tolist()
        lines = self.part_line[parts.start : parts.stop].tolist()
        return dict(zip(map(names.__getitem__, codes), lines, strict=True))


class Process(NamedTuple):
    """One paragraph: its id, first row, sentence count and number in the file's Table."""

    pid: int
    line: int  # its first row in the file
    sentences: int  # the largest sentence number of its rows
    index: int  # its number in the file's Table
    table: Table

    def participant_lines(self) -> dict[str, int]:
        return self.table.participant_lines(self.index)


@dataclass(frozen=True)
class Duplicate:
    """The first row that replaced an earlier row of the same (participant, sentence) (Q16)."""

    line: int
    pid: int
    sentence: int
    name: str
    earlier: int

    def warning(self, path: str) -> str:
        said = (f'second row for process {self.pid}, sentence {self.sentence}, participant "{self.name}"; it '
                f"replaces line {self.earlier}")  # fmt: skip
        return FileWarning(path, said, self.line)


@dataclass
class ActionFile:
    path: str  # as the user gave it
    processes: dict[int, Process]  # in order of first appearance
    table: Table
    duplicate: Duplicate | None = None

    @property
    def warnings(self) -> list[str]:
        return [] if self.duplicate is None else [self.duplicate.warning(self.path)]


# A location's kind for the rules of §2.1: "-" (0), "?" (1), empty (2) or another text (3),
# min(code, 3) of its code; NONE's rule (equal locations) is checked on the codes.
KINDS = 4


def keeps_rules(action: int, before: int, after: int) -> bool:
    """The rules of §2.1 on an action and the kinds of its locations (NONE: any)."""
    placed_before, placed_after = before not in (NULL_CODE, EMPTY_CODE), after not in (NULL_CODE, EMPTY_CODE)
    return {
        NONE_CODE: True,
        CREATE_CODE: before == NULL_CODE and placed_after,
        DESTROY_CODE: placed_before and after == NULL_CODE,
        MOVE_CODE: placed_before and placed_after,
    }.get(action, False)


#: keeps_rules of every (action, kind before, kind after), at action * KINDS² + before * KINDS + after.
RULES = bytes(keeps_rules(action, kind_before, kind_after) for action in range(BAD_ACTION + 1)
              for kind_before in range(KINDS) for kind_after in range(KINDS))  # fmt: skip


def valid_rows(actions: np.ndarray, before: np.ndarray, after: np.ndarray) -> bool:
    """The location rules of §2.1 on location codes (equal codes, equal texts)."""
    kinds = np.minimum(before, KINDS - 1)
    kinds *= KINDS
    kinds += np.minimum(after, KINDS - 1)
    kinds += actions.astype(kinds.dtype) * (KINDS * KINDS)
    if not np.frombuffer(RULES, dtype=np.bool_).take(kinds).all():
        return False
    return bool(((before == after) | (actions != NONE_CODE)).all())


def stored(codes: np.ndarray) -> np.ndarray:
    """Location codes as the evaluator stores them: a literal `null` is `-`, `unk` is `?` (Q6)."""
    return np.where(codes == NULL_TEXT_CODE, NULL_CODE, np.where(codes == UNK_TEXT_CODE, UNK_CODE, codes))


def concatenated_ranges(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """starts[0] … ends[0] − 1, then starts[1] … ends[1] − 1, …"""
    return ranges(starts, ends - starts)


class Reader:
    """Reads one action file into a Table of codes and its processes, all rows at once on
    the file's bytes (propara_columns); anything invalid sends the whole file through
    `first_error`. `names` and `locations` are shared by the files of a run."""

    def __init__(self, path: str, progress: Callable[[float], None] | None = None,
                 names: Strings | None = None, locations: Strings | None = None) -> None:  # fmt: skip
        self.path = path
        self.progress = progress
        self.names = names or Strings()
        self.locations = locations or location_strings()

    def read(self, data: bytes | None = None) -> ActionFile:
        """Read the file (or `data`, its bytes, when the caller has them already)."""
        data = self.lines(read_input_bytes(self.path) if data is None else data)
        fields = ByteFields(data)
        found = self._columns(fields) if fields.bounds is not None else None
        if found is None:
            error = first_error(self.path, split_lines(data.decode()))
            assert error is not None, "the bulk checks and the validator disagree"
            raise error
        (pids, lines, process), columns = found
        table, duplicate = self._table(process, *columns, pids)
        if self.progress is not None:
            self.progress(1.0)
        rows = zip(pids, lines, table.process_sentences.tolist(), count(), repeat(table))
        # Process._make without its Python-level call and length check (rows have 5 fields):
        # _make took 1.3x the time of this step (5,000 processes, in-process)
        processes = dict(zip(pids, map(partial(tuple.__new__, Process), rows), strict=True))
        return ActionFile(self.path, processes, table, duplicate)

    def lines(self, data: bytes) -> bytes:
        """The bytes of the file's text as read: UTF-8 (checked), line ends \\n, no BOM,
        ending in a line end; InputError when it is empty or blank. ASCII bytes are UTF-8 as they are."""
        if not data[:65536].strip() and not data.strip():  # the whole file copied only if its head is blank
            raise InputError("tab-separated action rows", nothing_in(data), file=self.path)
        if data.isascii() and b"\r" not in data and data.endswith(b"\n"):
            return data
        text = decode_utf8(data, self.path)
        if not text:
            raise InputError("tab-separated action rows", "an empty file", file=self.path)
        return (text if text.endswith("\n") else text + "\n").encode()

    def _columns(self, fields: ByteFields
                 ) -> tuple[tuple[list[int], list[int], np.ndarray], list[np.ndarray]] | None:  # fmt: skip
        """The processes (ids, first rows, per row its process number), then per row the
        sentence, name, action, before and after codes; None when a row breaks a rule."""
        processes = self._processes(*fields.column(0))
        sentence = _numbers(*fields.column(1), max(fields.lines, MIN_LIMIT))
        if processes is None or sentence is None:
            return None
        codes, texts = fields.column(3)
        action = np.array([ACTION_CODES.get(text, BAD_ACTION) for text in texts], np.int8).take(codes)
        name = self._coded(fields, 2, self.names)
        before, after = self._coded_together(fields, (4, 5), self.locations)
        if not valid_rows(action, before, after):
            return None
        return processes, [sentence, name, action, before, after]

    @staticmethod
    def _coded(fields: ByteFields, field: int, strings: Strings) -> np.ndarray:
        """Per row the code of its text in `strings`."""
        codes, texts = fields.column(field)
        return strings.encode(texts).take(codes)

    @staticmethod
    def _coded_together(fields: ByteFields, columns: tuple[int, ...], strings: Strings) -> list[np.ndarray]:
        """Per column, per row the code of its text in `strings` (the columns coded together)."""
        codes, texts = fields.columns(columns)
        encoded = strings.encode(texts)
        return [encoded.take(column) for column in codes]

    @staticmethod
    def _processes(codes: np.ndarray, texts: list[str]) -> tuple[list[int], list[int], np.ndarray] | None:
        """Per process (numbered by first appearance of its id's value: `7` and `07` are one
        process) its id and first row, and per row its process number; None when an id is
        not an integer. `codes` per row, `texts` per code (codes in order of first appearance)."""
        values = integers(texts)
        if values is None:
            return None
        number = dict(zip(dict.fromkeys(values), count()))  # value → process number
        pids = list(number)
        process = np.fromiter(map(number.__getitem__, values), np.int64, len(values)).take(codes)
        first_rows = np.flatnonzero(np.concatenate(([True], np.diff(process) != 0)))
        first = np.flatnonzero(np.diff(np.maximum.accumulate(process[first_rows]), prepend=-1) > 0)
        return pids, (first_rows[first] + 1).tolist(), process

    # --- all rows to tracks -----------------------------------------------------------------

    def _table(self, process: np.ndarray, sentence: np.ndarray, name: np.ndarray, action: np.ndarray,
               before: np.ndarray, after: np.ndarray, pids: list[int]
               ) -> tuple[Table, Duplicate | None]:  # fmt: skip
        """Participants, their slots and the tracks; the first repeated row (Q16)."""
        participant, part_process, part_name, part_line = self._participants(process, name)
        process_parts, process_sentences, offset = _layout(participant, part_process, sentence, len(pids))
        slot = offset.take(participant) + sentence
        duplicate = None
        if np.bincount(slot).max() > 1:
            kept, duplicate = self._last_rows(slot, process, sentence, name, pids)
            participant, slot, sentence, action, before, after = (
                column[kept] for column in (participant, slot, sentence, action, before, after)
            )
        track = np.full(int(offset[-1]), UNK_CODE, np.int32)
        track.put(slot, stored(after))
        first = sentence == 1
        track[offset[participant[first]]] = stored(before[first])  # only sentence 1 writes slot 0
        actions = np.zeros(int(offset[-1]), np.int8)
        actions.put(slot, action)
        table = Table(self.names, self.locations, part_name, part_line, part_process, process_parts,
                      process_sentences, offset, track, actions)  # fmt: skip
        return table, duplicate

    @staticmethod
    def _participants(process: np.ndarray, name: np.ndarray) -> tuple[np.ndarray, ...]:
        """Per row its participant number (by process, then first row); per participant its
        process, name code and first row."""
        rows = (process << 32) | name
        opens = np.ones(len(rows), bool)  # a participant's rows are mostly one run
        np.not_equal(rows[1:], rows[:-1], out=opens[1:])
        heads = np.flatnonzero(opens)
        keys, inverse, first = numbered(rows.take(heads))
        first = heads.take(first)
        order = np.lexsort((first, keys >> 32))
        number = np.empty(len(order), np.int64)
        number[order] = np.arange(len(order))
        part = number.take(inverse).take(run_numbers(opens, np.intp))
        return part, (keys >> 32)[order], (keys & 0xFFFFFFFF)[order], first[order] + 1

    def _last_rows(self, slot: np.ndarray, process: np.ndarray, sentence: np.ndarray, name: np.ndarray,
                   pids: list[int]) -> tuple[np.ndarray, Duplicate]:  # fmt: skip
        """The rows no later row replaces, and the first row that replaces one."""
        order = np.argsort(slot, kind="stable")  # rows of a slot stay in file order
        repeated = np.flatnonzero(slot[order][1:] == slot[order][:-1])
        later, earlier = order[repeated + 1], order[repeated]
        first = int(np.argmin(later))
        row = int(later[first])
        duplicate = Duplicate(row + 1, pids[int(process[row])], int(sentence[row]),
                              self.names.text(int(name[row])), int(earlier[first]) + 1)  # fmt: skip
        kept = np.ones(len(slot), bool)
        kept[earlier] = False
        return kept, duplicate


def integers(texts: list[str]) -> list[int] | None:
    """int() of each text (a whole number, spaces and sign allowed); None when one is not."""
    try:
        return list(map(int, texts))
    except ValueError:
        return None


def _numbers(codes: np.ndarray, texts: list[str], limit: int) -> np.ndarray | None:
    """Per row its sentence number (`codes` per row, `texts` per code); None when one is not
    an integer from 1 to `limit`, the file's lines (Q12)."""
    values = integers(texts)
    if values is None or not all(1 <= value <= limit for value in values):
        return None
    return np.array(values, np.int64).take(codes)


def _layout(participant: np.ndarray, part_process: np.ndarray, sentence: np.ndarray, processes: int
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # fmt: skip
    """Per process its first participant (and the end) and its sentence count n; per
    participant where its n + 1 slots start (and the end)."""
    part_sentences = np.zeros(len(part_process), np.int64)
    np.maximum.at(part_sentences, participant, sentence)
    process_parts = np.searchsorted(part_process, np.arange(processes + 1))
    process_sentences = np.maximum.reduceat(part_sentences, process_parts[:-1])
    offset = np.concatenate(([0], np.cumsum(process_sentences[part_process] + 1)))
    return process_parts, process_sentences, offset


# --- comparing two files --------------------------------------------------------------------


def compare_processes(answers: ActionFile, predictions: ActionFile) -> list[bool]:
    """Per answer process (in order): has the predictions' process of its id the same
    participants in the same order? The two files must share their Strings (names)."""
    mine, theirs = answers.table, predictions.table
    if mine is theirs:
        return [True] * len(answers.processes)
    found = [predictions.processes.get(pid) for pid in answers.processes]
    other = np.array([-1 if process is None else process.index for process in found], np.int64)
    named = (other >= 0) & (np.diff(mine.process_parts) == np.diff(theirs.process_parts)[other])
    chosen = np.flatnonzero(named)
    parts, their_parts = paired_ranges(mine.process_parts, theirs.process_parts, chosen, other)
    named[chosen] = equal_ranges(mine.part_name, parts, theirs.part_name, their_parts)
    return named.tolist()


def paired_ranges(bounds: np.ndarray, their_bounds: np.ndarray, chosen: np.ndarray, other: np.ndarray
                  ) -> tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]:  # fmt: skip
    """The ranges [bounds[k], bounds[k + 1]) of processes `chosen`, and those of their
    counterparts other[k] in the other file (bounds: per process, then one past the last)."""
    theirs = other[chosen]
    return (bounds[chosen], bounds[chosen + 1]), (their_bounds[theirs], their_bounds[theirs + 1])


def equal_ranges(values: np.ndarray, ranges: tuple[np.ndarray, np.ndarray], their_values: np.ndarray,
                  their_ranges: tuple[np.ndarray, np.ndarray]) -> np.ndarray:  # fmt: skip
    """Per i: values[ranges[0][i]:ranges[1][i]] == their_values[their_ranges[0][i]:their_ranges[1][i]]
    (ranges of equal lengths)."""
    lengths = ranges[1] - ranges[0]
    differs = values[concatenated_ranges(*ranges)] != their_values[concatenated_ranges(*their_ranges)]
    group = np.repeat(np.arange(len(lengths)), lengths)
    return np.bincount(group[differs], minlength=len(lengths)) == 0
