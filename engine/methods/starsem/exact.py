"""`--starsem-exact`: how eval.cd-sco.pl v2.2 walks the two files (specs/starsem.md §3.8).

Lines are split on LF only (a CR stays data), fields on TAB with trailing empty fields
dropped (Perl's split). Pass 1 aligns GOLD with SYSTEM, pass 2 checks SYSTEM's format,
pass 3 collects sentences — without the line that ends the file or that meets the end of
SYSTEM — and builds each side's instances from v2.2's "negation strings".
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import InputError
from .files import columns_text, read_bytes
from .model import EMPTY, NO_NEGATION, Instance, Sentence, Side, TextRules
from .reading import field_count_error, missing_cue_error

RULES = TextRules("ascii")
CRLF_HINT = " (CRLF line ends: --starsem-exact reads files like eval.cd-sco.pl, which cannot evaluate them)"
_CHUNK = 2048


def file_lines(path: str) -> list[str]:
    """The lines as v2.2 reads them: LF ends a line, a final LF adds no empty line."""
    data = read_bytes(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    if not text:
        return []
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    return lines


def perl_fields(line: str, sep: str = "\t") -> list[str]:
    """Perl's `split /SEP/`: trailing empty fields are dropped."""
    parts = line.split(sep)
    while parts and not parts[-1]:
        parts.pop()
    return parts


def negation_string(fields: list[str]) -> str:
    """v2.2's string of a line's annotation: cue, scope, event joined by spaces,
    negations by TABs, `***` alone for a line without negation (§3.8 pass 3)."""
    last = len(fields) - 1
    if last < 7:
        return ""
    first = fields[7]
    out = [first if first == "***" else first + " "]
    for i in range(8, last):
        out.append(fields[i] + ("\t" if i % 3 == 0 else " "))
    if last > 7:
        out.append(fields[last])
    return "".join(out)


def _with_hint(err: InputError, *lines: str | None) -> InputError:
    if any(line is not None and "\r" in line for line in lines):
        err.found += CRLF_HINT
        err.args = (err.message,)
    return err


_PLAIN = re.compile(r"[^\t\n]*(?:\t[^\t\n]*){6}\t\*\*\*\t*")


def _plain(line: str) -> bool:
    """Whether a line's negation string is exactly `***` (8 fields, `***` in the last)."""
    return _PLAIN.fullmatch(line) is not None


class ExactReader:
    """The three passes of v2.2 over GOLD and SYSTEM."""

    def __init__(self, gold: str, system: str, keep_rows: bool) -> None:
        self.gold_path, self.system_path = gold, system
        self.keep_rows = keep_rows
        self.gold = file_lines(gold)
        self.system = file_lines(system)
        self.warnings: list[str] = []
        extra = len(self.system) - len(self.gold)
        if extra > 0:
            self.warnings.append(f"SYSTEM has {extra} lines after the end of GOLD; they were not evaluated")

    def __len__(self) -> int:
        return len(self.gold)

    # --- pass 1 ---------------------------------------------------------------------

    def check_alignment(self) -> None:
        gold, system = self.gold, self.system
        for start in range(0, len(gold), _CHUNK):
            end = min(start + _CHUNK, len(gold))
            if end <= len(system) and gold[start:end] == system[start:end]:
                continue
            for k in range(start, end):
                self._align(k, gold[k], system[k] if k < len(system) else None)

    def _align(self, k: int, g: str, s: str | None) -> None:
        if g == s:
            return
        if g == "":
            if s:
                err = InputError(f"an empty line as GOLD line {k + 1}", "a token line", file=self.system_path,
                                 line=k + 1)  # fmt: skip
                raise _with_hint(err, s)
            return
        g_cols = ([*perl_fields(g)[:4], "", "", "", ""])[:4]
        s_cols = ([*perl_fields(s or "")[:4], "", "", "", ""])[:4]
        if g_cols != s_cols:
            found = "end of file" if s is None else "an empty line" if s == "" else columns_text(s_cols)
            err = InputError(f"{columns_text(g_cols)} in columns 1-4 as on GOLD line {k + 1}", found,
                             file=self.system_path, line=k + 1)  # fmt: skip
            raise _with_hint(err, g, s)

    # --- pass 2 ---------------------------------------------------------------------

    def check_system_format(self) -> None:
        lines = self.system
        stars: list[str | None] = []
        first = 0
        width = -1
        for k, line in enumerate(lines):
            if line == "":
                self._check_stars(stars, first)
                stars = []
                width = -1
                continue
            fields = perl_fields(line)
            stars.append(fields[7] if len(fields) > 7 else None)
            last = len(fields) - 1
            if width == -1:
                width = last
                first = k
            if last != width:
                err = InputError(f"{width + 1} fields as on line {first + 1} (same sentence)", str(last + 1),
                                 file=self.system_path, line=k + 1)  # fmt: skip
                raise _with_hint(err, line, lines[first])
            if width != 7 and width % 3:
                raise _with_hint(field_count_error(self.system_path, k + 1, width + 1), line)

    def _check_stars(self, stars: list[str | None], first: int) -> None:
        """An interior `***` token needs `***` on both neighbours (first and last exempt)."""
        for i in range(1, len(stars) - 1):
            if stars[i] != "***":
                continue
            for j in (i - 1, i + 1):
                if stars[j] != "***":
                    found = "nothing" if stars[j] is None else f"'{stars[j]}'"
                    err = InputError("'***' in column 8 of both neighbours of a '***' token", found,
                                     file=self.system_path, line=first + j + 1)  # fmt: skip
                    raise _with_hint(err, self.system[first + j])

    # --- pass 3 ---------------------------------------------------------------------

    def sentences(self) -> Iterator[Sentence | None]:
        """The collected sentences in order; None for a plain one without negation."""
        gold, system = self.gold, self.system
        forced = min(len(gold), len(system)) - 1  # from here on every line ends a sentence
        previous = (0, 0)  # instance counts of the sentence processed last (GOLD, SYSTEM)
        start = 0
        number = 0
        for k, line in enumerate(gold):
            if k < forced and line:
                continue
            number += 1
            if start == k:
                yield self._empty_sentence(number, k, previous)
            else:
                sentence = self._sentence(number, start, k)
                previous = (_count(sentence.gold), _count(sentence.system)) if sentence else (0, 0)
                yield sentence
            start = k + 1

    def _empty_sentence(self, number: int, k: int, previous: tuple[int, int]) -> Sentence:
        """§3.8.4: nothing collected; both sides inherit the previous instance counts."""
        if previous[1]:
            raise InputError(
                "one empty line between sentences",
                "a second one after a sentence whose system side has negations (eval.cd-sco.pl aborts here)",
                file=self.gold_path,
                line=k + 1,
            )
        gold = Side([Instance(z, EMPTY, EMPTY, EMPTY) for z in range(previous[0])])
        return Sentence(number, k + 1, gold, Side([]), [] if self.keep_rows else None)

    def _sentence(self, number: int, start: int, end: int) -> Sentence | None:
        g_lines = self.gold[start:end]
        s_lines = self.system[start:end]
        plain = _plain(g_lines[0]) and _plain(s_lines[0])
        if plain and not self.keep_rows:
            return None
        g_rows = [perl_fields(line) for line in g_lines]
        if plain:
            return Sentence(number, start + 1, NO_NEGATION, NO_NEGATION, g_rows, start + 1)
        keeps = RULES.scoring_tags(row[5] if len(row) > 5 else None for row in g_rows)
        gold = _side([negation_string(row) for row in g_rows], keeps)
        system = _side([negation_string(perl_fields(line)) for line in s_lines], keeps)
        for instance in system.instances or ():
            if not instance.cue:
                raise missing_cue_error(self.system_path, start + 1, instance.group)
        return Sentence(number, start + 1, gold, system, g_rows, start + 1)


def _count(side: Side) -> int:
    return len(side.instances) if side.instances is not None else 0


def _piece(pieces: list[str], index: int) -> str | None:
    """The text of an element on a token, None when the cell is `_` (a missing piece
    counts as present with empty text, S18)."""
    if index >= len(pieces):
        return ""
    return None if pieces[index] == "_" else pieces[index]


def _side(strings: list[str], keeps: list[bool]) -> Side:
    """§3.8 "Processing a collected sentence" for one side."""
    if strings[0] == "***":
        return NO_NEGATION
    count = len(perl_fields(strings[-1]))
    cues: list[list[tuple[int, str]]] = [[] for _ in range(count)]
    scopes: list[list[tuple[int, str]]] = [[] for _ in range(count)]
    events: list[list[tuple[int, str]]] = [[] for _ in range(count)]
    scope_tokens = 0
    for i, string in enumerate(strings):
        for z, part in enumerate(perl_fields(string)):
            pieces = perl_fields(part, " ")
            scope = _piece(pieces, 1)
            if scope is not None and keeps[i]:
                scope_tokens += 1
                if z < count:
                    scopes[z].append((i, RULES.scope_text(scope)))
            if z >= count:
                continue
            cue, event = _piece(pieces, 0), _piece(pieces, 2)
            if cue is not None:
                cues[z].append((i, cue))
            if event is not None:
                events[z].append((i, event))
    instances = [Instance(z, tuple(cues[z]), tuple(scopes[z]), tuple(events[z])) for z in range(count)]
    return Side(instances, scope_tokens)
