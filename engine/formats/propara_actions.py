"""ProPara action files: `process TAB sentence TAB participant TAB action TAB before TAB after`.

One row per (process, sentence, participant), no header, rows in any order. The rules
are those of specs/propara.md §2.1 and §3.1–3.2: the original reads a file twice, first
for the sentence counts (pass 1: the stripped line's first two fields must be integers),
then for the rows (pass 2: six fields, the action's location rules). Both passes happen
here in one sweep over the lines; the errors come out in the original's order (a pass-1
problem anywhere before the first pass-2 problem).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import compress, repeat
from operator import eq, methodcaller, ne, not_, or_

from ..errors import InputError
from ..textio import decode_utf8, read_input_bytes

TITLE = "ProPara action file"

ACTIONS = ("NONE", "CREATE", "DESTROY", "MOVE")
NULL, UNK = "null", "unk"
STORED = {"-": NULL, "?": UNK}  # how the evaluator stores the two special locations


def sniff(lines: list[str]) -> bool:
    """Six TAB fields (the dummy rows' empty locations included), two integers, an action."""
    if not lines:
        return False
    fields = lines[0].split("\t")
    return len(fields) >= 6 and fields[3] in ACTIONS and all(_int(f) is not None for f in fields[:2])


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


@dataclass(eq=False, slots=True)
class Participant:
    """One participant of a process: its track of locations and its actions."""

    name: str
    line: int  # its first row in the file
    track: list[str] = field(default_factory=lambda: [UNK])  # slot 0 = before sentence 1
    actions: list[str] = field(default_factory=list)  # actions[k - 1] = action of sentence k
    # rows[k]: the line that wrote slot k (0: none); None while the rows were one run of
    # sentences 1, 2, … starting at `line`
    rows: list[int] | None = field(default_factory=lambda: [0])

    def pad(self, sentences: int) -> None:
        """Grow to `sentences` sentences: missing rows leave unk / NONE."""
        missing = sentences + 1 - len(self.track)
        if missing > 0:
            self.track += [UNK] * missing
            self.actions += ["NONE"] * missing
            if self.rows is not None:
                self.rows += [0] * missing

    def row_lines(self) -> list[int]:
        if self.rows is None:
            self.rows = [0, *range(self.line, self.line + len(self.track) - 1)]
        return self.rows

    def same(self, other: Participant) -> bool:
        """Equal name, track and actions."""
        return self.name == other.name and self.track == other.track and self.actions == other.actions


@dataclass(eq=False, slots=True)
class Process:
    """One paragraph: its participants in order of first appearance."""

    pid: int
    line: int  # its first row in the file
    sentences: int = 0  # the largest sentence number of its rows
    participants: dict[str, Participant] = field(default_factory=dict)
    ragged: bool = False  # some participant's track may be shorter than the others (pad it)

    def plain(self) -> bool:
        """No participant or location holds ` AND ` (so no similarity between two of its
        items can exceed 1, even in the original)."""
        for participant in self.participants.values():
            if "AND" in participant.name or " AND " in "\t".join(
                participant.track
            ):  # "a ;AND b" → "a OR AND b"
                return False
        return True

    def same(self, other: Process) -> bool:
        """The same sentence count and participants (in the same order, equal tracks and actions)."""
        mine, theirs = self.participants, other.participants
        return (
            self.sentences == other.sentences
            and list(mine) == list(theirs)
            and all(p.same(theirs[name]) for name, p in mine.items())
        )


@dataclass(frozen=True)
class Duplicate:
    """The first row that replaced an earlier row of the same (participant, sentence) (Q16)."""

    line: int
    pid: int
    sentence: int
    name: str
    earlier: int

    def warning(self, path: str) -> str:
        return (
            f"{path}:{self.line}: second row for process {self.pid}, sentence {self.sentence}, "
            f'participant "{self.name}"; it replaces line {self.earlier}'
        )


@dataclass
class ActionFile:
    path: str  # as the user gave it
    processes: dict[int, Process]  # in order of first appearance
    duplicate: Duplicate | None = None
    mentions_and: bool = True  # the text holds "AND" somewhere (see Process.plain)

    @property
    def warnings(self) -> list[str]:
        return [] if self.duplicate is None else [self.duplicate.warning(self.path)]


# --- errors -------------------------------------------------------------------------


def _pass1_error(path: str, number: int, line: str) -> InputError | None:
    """The original's first pass over one line: None when it passes."""
    fields = line.strip().split("\t", 2)
    if len(fields) < 2:
        found = f"'{fields[0]}'" if fields[0] else "an empty line"
        return InputError(
            "a process id and a sentence number separated by a TAB", found, file=path, line=number
        )
    return _integer_error(path, number, fields[0], fields[1])


def _integer_error(path: str, number: int, pid: str, sentence: str) -> InputError | None:
    if _int(pid) is None:
        return InputError("an integer process id in column 1", f"'{pid}'", file=path, line=number)
    value = _int(sentence)
    if value is None or value < 1:
        return InputError(
            "an integer sentence number of 1 or more in column 2", f"'{sentence}'", file=path, line=number
        )
    return None


def _row_error(path: str, number: int, action: str, before: str, after: str) -> InputError | None:
    """The location rules of the action (§2.1), first failure wins."""

    def error(expected: str, found: str) -> InputError:
        return InputError(expected, found, file=path, line=number)

    if action == "NONE":
        if before != after:
            return error("equal before and after locations for NONE", f"'{before}' and '{after}'")
    elif action == "CREATE":
        if before != "-":
            return error("'-' as the before location of CREATE", f"'{before}'")
        if after in ("", "-"):
            return error("a location after CREATE (not empty, not '-')", f"'{after}'")
    elif action == "DESTROY":
        if before in ("", "-"):
            return error("a location before DESTROY (not empty, not '-')", f"'{before}'")
        if after != "-":
            return error("'-' as the after location of DESTROY", f"'{after}'")
    elif action == "MOVE":
        if before in ("", "-"):
            return error("a location before MOVE (not empty, not '-')", f"'{before}'")
        if after in ("", "-"):
            return error("a location after MOVE (not empty, not '-')", f"'{after}'")
    else:
        return error("NONE, CREATE, DESTROY or MOVE as the action", f"'{action}'")
    return None


def _pass2_error(path: str, number: int, line: str) -> InputError | None:
    """The original's second pass over one line: None when it passes."""
    fields = line.split("\t", 6)
    if len(fields) < 6:
        return InputError("6 tab-separated fields", str(len(fields)), file=path, line=number)
    return _integer_error(path, number, fields[0], fields[1]) or _row_error(path, number, *fields[3:6])


# --- reading ------------------------------------------------------------------------


def first_error(path: str, lines: list[str]) -> InputError | None:
    """The error the original reports first: pass 1 over every line, then pass 2."""
    for number, line in enumerate(lines, 1):
        error = _pass1_error(path, number, line)
        if error is not None:
            return error
    for number, line in enumerate(lines, 1):
        error = _pass2_error(path, number, line)
        if error is not None:
            return error
    return None


def split_lines(text: str) -> list[str]:
    """Lines without their ends; a final line end makes no extra line."""
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # a final line end makes no extra line
    return lines


def read_lines(path: str) -> list[str]:
    """The lines of a UTF-8 text file (BOM and line ends removed)."""
    return split_lines(decode_utf8(read_input_bytes(path), path))


CHUNK = 1 << 20  # characters split into fields at a time (memory stays small)
_TABS = methodcaller("count", "\t")
_CANONICAL = {action: action for action in ACTIONS}
Columns = tuple[list[str], list[str], list[str], list[str], list[str], list[str]]


class Reader:
    """Reads one action file into processes, a chunk of lines at a time.

    The bulk path splits a chunk into six columns, checks the distinct integers and the
    distinct (action, before, after) triples, and stores each run of rows of one
    participant at once (a run of sentences 1, 2, … of a new participant is sliced
    straight into its track). Anything irregular sends the whole file through the
    line-by-line validator (`first_error`), which names the error the original reports.
    """

    def __init__(self, path: str, progress: Callable[[float], None] | None = None) -> None:
        self.path = path
        self.progress = progress
        self.processes: dict[int, Process] = {}
        self.duplicate: Duplicate | None = None
        self._pids: dict[str, int] = {}
        self._sentences: dict[str, int] = {}
        self._valid: set[tuple[str, str, str]] = set()
        self._ranges: dict[int, list[str]] = {}  # size → ["1", "2", …]
        self._process: Process | None = None
        self._stored: dict[str, str] = dict(STORED)  # each distinct location once, - and ? as stored

    def read(self, data: bytes | None = None) -> ActionFile:
        """Read the file (or `data`, its bytes, when the caller has them already)."""
        text = decode_utf8(read_input_bytes(self.path) if data is None else data, self.path)
        if not text:
            raise InputError("tab-separated action rows", "an empty file", file=self.path)
        if not text.endswith("\n"):
            text += "\n"
        first_line = start = 0
        while start < len(text):
            end = text.find("\n", start + CHUNK) + 1 or len(text)
            chunk = text[start:end]
            columns = self._columns(chunk)
            if columns is None:
                error = first_error(self.path, split_lines(text))
                assert error is not None, "the bulk checks and the validator disagree"
                raise error
            self._store(first_line + 1, *columns)
            first_line += len(columns[0])
            start = end
            if self.progress is not None:
                self.progress(start / len(text))
        for process in self.processes.values():
            if process.ragged:
                for participant in process.participants.values():
                    participant.pad(process.sentences)
        return ActionFile(self.path, self.processes, self.duplicate, "AND" in text)

    # --- the bulk checks -----------------------------------------------------------------

    def _columns(self, chunk: str) -> Columns | None:
        """The six columns (as text) of whole lines (each ending in \\n), or None when a
        line breaks a rule (or needs the validator to tell)."""
        lines = chunk.count("\n")
        # Each line ends in a field "\n" of its own: seven fields a line, the 7th "\n".
        flat = chunk.replace("\n", "\t\n\t").split("\t")
        if len(flat) == 7 * lines + 1 and flat[6::7].count("\n") == lines:
            fields = [flat[i : 7 * lines : 7] for i in range(6)]
        else:
            fields = self._irregular(chunk)
            if fields is None:
                return None
        if not (
            self._integers(fields[0], self._pids, None)
            and self._integers(fields[1], self._sentences, 1)
            and self._valid_rows(*fields[3:])
        ):
            return None
        return fields[0], fields[1], fields[2], fields[3], fields[4], fields[5]

    @staticmethod
    def _irregular(chunk: str) -> list[list[str]] | None:
        """Columns of lines with more than six fields (the rest is ignored); None when a
        line has fewer."""
        lines = chunk.split("\n")
        lines.pop()
        counts = list(map(_TABS, lines))
        if min(counts) < 5:
            return None
        lines = [
            line if n == 5 else "\t".join(line.split("\t", 6)[:6])
            for line, n in zip(lines, counts, strict=True)
        ]
        flat = "\t".join(lines).split("\t")
        return [flat[i::6] for i in range(6)]

    @staticmethod
    def _integers(texts: list[str], known: dict[str, int], minimum: int | None) -> bool:
        """Learn the integer of every text of a column not seen yet; False when one is not an
        integer (or below `minimum`)."""
        for text in set(texts).difference(known):
            value = _int(text)
            if value is None or (minimum is not None and value < minimum):
                return False
            known[text] = value
        return True

    def _valid_rows(self, actions: list[str], befores: list[str], afters: list[str]) -> bool:
        """NONE rows need equal locations; the other rows are checked once per distinct
        (action, before, after)."""
        is_none = list(map(eq, actions, repeat("NONE")))
        if not all(map(eq, compress(befores, is_none), compress(afters, is_none))):
            return False
        for triple in set(compress(zip(actions, befores, afters, strict=True), map(not_, is_none))):
            if triple not in self._valid:
                if _row_error(self.path, 0, *triple) is not None:
                    return False
                self._valid.add(triple)
        return True

    # --- storing ---------------------------------------------------------------------------

    def _range(self, size: int) -> list[str]:
        numbers = self._ranges.get(size)
        if numbers is None:
            numbers = self._ranges[size] = [str(k) for k in range(1, size + 1)]
        return numbers

    def _store(self, first_line: int, pids: list[str], sentences: list[str], names: list[str],
               actions: list[str], befores: list[str], afters: list[str]) -> None:  # fmt: skip
        """Store a chunk run by run (a run: consecutive rows of one participant, as written:
        `7` and ` 7` start different runs of the same process, which is fine)."""
        size = len(pids)
        changes = map(or_, map(ne, names[1:], names[:-1]), map(ne, pids[1:], pids[:-1]))
        bounds = [0, *compress(range(1, size), changes), size]
        known_pids = self._pids
        stored = self._stored
        afters = list(map(stored.setdefault, afters, afters))
        actions = list(map(_CANONICAL.__getitem__, actions))
        process = self._process
        ranges = self._ranges
        for a, b in zip(bounds, bounds[1:], strict=False):
            pid = known_pids[pids[a]]
            if process is None or process.pid != pid:
                process = self.processes.get(pid)
                if process is None:
                    process = self.processes[pid] = Process(pid, first_line + a)
            name = names[a]
            participant = process.participants.get(name)
            size = b - a
            if participant is None and sentences[a:b] == (ranges.get(size) or self._range(size)):
                before = befores[a]
                track = [stored.setdefault(before, before), *afters[a:b]]
                process.participants[name] = Participant(name, first_line + a, track, actions[a:b], None)
                if size != process.sentences:
                    process.ragged = process.ragged or bool(process.sentences)
                    if size > process.sentences:
                        process.sentences = size
            else:
                self._fill(process, name, first_line, a, b, sentences, actions, befores, afters)
        self._process = process

    def _fill(self, process: Process, name: str, first_line: int, a: int, b: int, texts: list[str],
              actions: list[str], befores: list[str], afters: list[str]) -> None:  # fmt: skip
        """Store rows a … b − 1 one by one (any order, gaps, repeats)."""
        process.ragged = True
        participant = process.participants.get(name)
        if participant is None:
            participant = process.participants[name] = Participant(name, first_line + a)
        rows = participant.row_lines()  # before padding: padded slots were never written
        sentences = [self._sentences[t] for t in texts[a:b]]
        top = max(sentences)
        if top > process.sentences:
            process.sentences = top
        participant.pad(top)
        track, stored = participant.track, self._stored
        for k, sentence in enumerate(sentences, a):
            if rows[sentence] and self.duplicate is None:
                self.duplicate = Duplicate(first_line + k, process.pid, sentence, name, rows[sentence])
            track[sentence] = afters[k]
            if sentence == 1:
                track[0] = stored.setdefault(befores[k], befores[k])
            participant.actions[sentence - 1] = actions[k]
            rows[sentence] = first_line + k
