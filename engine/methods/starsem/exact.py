"""`--starsem-exact`: how eval.cd-sco.pl v2.2 walks the two files (specs/starsem.md §3.8).

Lines are split on LF only (a CR stays data), fields on TAB with trailing empty fields
dropped (Perl's split). Pass 1 aligns GOLD with SYSTEM, pass 2 checks SYSTEM's format,
pass 3 collects sentences — without the line that ends the file or that meets the end of
SYSTEM — and builds each side's instances from v2.2's "negation strings".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import compress, repeat
from operator import not_

from ...errors import InputError
from .files import (
    Blocks,
    Input,
    Reader,
    columns_text,
    file_blocks,
    file_text,
    plain_flags,
    skeleton_pieces,
    walk,
)
from .model import (
    EMPTY,
    NO_NEGATION,
    Columns,
    Instance,
    Sentence,
    Side,
    TextRules,
    Words,
    column_side,
    columns_words,
    regular_columns,
    rows_words,
)
from .reading import field_count_error, missing_cue_error

RULES = TextRules("ascii")
CRLF_HINT = " (CRLF line ends: --starsem-exact reads files like eval.cd-sco.pl, which cannot evaluate them)"


def text_lines(text: str) -> list[str]:
    """The lines as v2.2 reads them: LF ends a line, a final LF adds no empty line."""
    if not text:
        return []
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    return lines


#: GOLD blocks, SYSTEM blocks, whether an empty line ends the last, and per block whether it is
#: the same text in both files.
Aligned = tuple[Blocks, Blocks, bool, list[bool]]


def aligned_blocks(gold: bytes, system: bytes) -> Aligned | None:
    """The common case in bulk: both files (their bytes) made of sentences separated by
    single empty lines, with the same number of lines in each, and a final empty line in
    both or in neither. Then (GOLD blocks, SYSTEM blocks — with skeletons when its bytes
    allow them — whether the last sentence is closed by an empty line, which blocks are the
    same text in both); None for anything else (read line by line)."""
    s_pieces = file_blocks(system, "", keep_cr=True)
    skeletons = skeleton_pieces(system, len(s_pieces), strip=False)
    return _aligned(file_blocks(gold, "", keep_cr=True), s_pieces, skeletons, (_tail(gold), _tail(system)))


def _aligned(g_pieces: list[str], s_pieces: list[str], skeletons: list[bytes] | None,
             tails: tuple[int | None, ...]) -> Aligned | None:  # fmt: skip
    """aligned_blocks from the files' pieces between empty lines, SYSTEM's skeletons (or
    None) and the LFs after each file's sentences (_tail)."""
    if None in tails or (tails[0] == 2) != (tails[1] == 2):
        return None
    g_texts = _body_blocks(g_pieces, tails[0])
    s_texts = _body_blocks(s_pieces, tails[1])
    if g_texts is None or s_texts is None or len(g_texts) != len(s_texts):
        return None
    if skeletons is not None:
        _cut_tail(skeletons, tails[1])
    s_blocks = Blocks(s_texts, 1, skeletons, strip=False)
    same = list(map(str.__eq__, g_texts, s_texts))
    differing = compress(range(len(same)), map(not_, same))
    if any(g_texts[i].count("\n") != s_texts[i].count("\n") for i in differing):
        return None
    g_blocks = Blocks(g_texts, 1)
    g_blocks.newlines = s_blocks.newlines  # the same number of lines in every block
    return g_blocks, s_blocks, tails[0] == 2, same


def _tail(data: bytes) -> int | None:
    """How many LFs end the file (its bytes) after its sentences: a final LF and the empty
    line after it, 0 to 2 (None when it is empty, starts with an empty line or ends with more)."""
    end = len(data) - data.endswith(b"\n")
    end -= data.endswith(b"\n", 0, end)
    if end <= 0 or data.startswith(b"\n") or data.endswith(b"\n", 0, end):
        return None
    return len(data) - end


def _body_blocks(pieces: list[str], tail: int) -> list[str] | None:
    """The blocks of a file's sentences, from its pieces split at empty lines and the
    LFs after its sentences (None when two empty lines follow each other)."""
    _cut_tail(pieces, tail)
    if "" in pieces or any(map(str.startswith, pieces, repeat("\n"))):
        return None
    return pieces


def _cut_tail(pieces: list, tail: int) -> None:
    """Drop the final LFs (`tail` of them) from a file's pieces split at empty lines."""
    if tail == 2:
        pieces.pop()  # the final empty line split off an empty piece
    elif tail == 1:
        pieces[-1] = pieces[-1][:-1]


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


def _plain(text: str, columns: Columns | None) -> bool:
    """Whether the negation string of a sentence's first line is exactly `***` (8 fields,
    `***` in the last): from its regular columns when known (model.regular_columns: 8
    columns have `***` on every line, more have none and no empty trailing field)."""
    if columns is not None:
        return len(columns) == 8
    return _PLAIN.fullmatch(text.partition("\n")[0]) is not None


class ExactReader(Reader):
    """The three passes of v2.2 over GOLD and SYSTEM; sentences without negation on
    either side are only counted (`plain_count`)."""

    def __init__(self, gold: Input, system: Input, keep_rows: bool) -> None:
        super().__init__(gold, system, keep_rows)
        self.gold: list[str] = []
        self.system: list[str] = []
        self.blocks = aligned_blocks(gold.data, system.data)
        if self.blocks is None:
            self.gold, self.system = text_lines(file_text(gold.data)), text_lines(file_text(system.data))
        extra = len(self.system) - len(self.gold)
        if extra > 0:
            self.warnings.append(f"SYSTEM has {extra} lines after the end of GOLD; they were not evaluated")

    def __len__(self) -> int:
        return len(self.blocks[0]) if self.blocks else len(self.gold)

    # --- pass 1 ---------------------------------------------------------------------

    def check_alignment(self) -> None:
        if self.blocks:
            return  # aligned blocks: checked in the sweep (sentences)
        gold, system = self.gold, self.system
        differing = [k for k, g, s in zip(range(len(gold)), gold, system, strict=False) if g != s]
        for k in differing:
            self._align(k, gold[k], system[k])
        for k in range(len(system), len(gold)):
            self._align(k, gold[k], None)

    def _align_block(self, gold: str, system: str, first: int, columns: tuple[Columns | None, ...]) -> None:
        """Pass 1 over a block of each file with as many lines (`first`: the index of its
        first line; `columns`: both blocks' regular columns, when they have them)."""
        g_columns, s_columns = columns
        if g_columns is not None and s_columns is not None:
            same = g_columns[:4] == s_columns[:4]  # (as many lines: the blocks are aligned)
        else:
            same = _same_prefixes(gold, system)
        if not same:
            for j, (g_line, s_line) in enumerate(zip(gold.split("\n"), system.split("\n"), strict=True)):
                self._align(first + j, g_line, s_line)

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
        """Pass 2, a sentence (run of non-empty lines) at a time; a run whose every line
        has the same valid number of fields and no suspicious `***` needs no line loop."""
        if self.blocks:
            return  # aligned blocks: checked in the sweep (sentences)
        lines = self.system
        start = 0
        for end in [*empty_lines(lines), len(lines)]:
            if start < end:
                self._check_run("\n".join(lines[start:end]), start, end < len(lines))
            start = end + 1

    def _check_block(self, system: Blocks, i: int, closed: bool, regular: bool) -> None:
        """Pass 2 over SYSTEM's block i (`closed`: an empty line ends the file's last;
        `regular`: it has regular columns, model.regular_columns, so pass 2 finds nothing:
        one valid width, `***` on every line of 8 fields or on none, no empty last field)."""
        if regular:
            return
        skeleton = system.skeletons[i] if system.skeletons is not None else None
        self._check_run(system.texts[i], system.lines[i] - 1, closed or i < len(system) - 1, skeleton)

    def _check_run(self, text: str, first: int, closed: bool, skeleton: bytes | None = None) -> None:
        """v2.2's pass 2 over one run of lines (`first`: index of its first line; its
        skeleton when known, files.skeleton_pieces)."""
        if _plain_run(text, closed, skeleton):
            return
        lines = text.split("\n")
        stars: list[str | None] = []
        origin = 0  # the line whose width the others must have
        width = -1
        for j, line in enumerate(lines):
            fields = perl_fields(line)
            stars.append(fields[7] if len(fields) > 7 else None)
            last = len(fields) - 1
            if width == -1:
                width = last
                origin = j
            if last != width:
                err = InputError(f"{width + 1} fields as on line {first + origin + 1} (same sentence)",
                                 str(last + 1), file=self.system_path, line=first + j + 1)  # fmt: skip
                raise _with_hint(err, line, lines[origin])
            if width != 7 and width % 3:
                raise _with_hint(field_count_error(self.system_path, first + j + 1, width + 1), line)
        if closed:
            self._check_stars(stars, lines, first)

    def _check_stars(self, stars: list[str | None], lines: list[str], first: int) -> None:
        """An interior `***` token needs `***` on both neighbours (first and last exempt)."""
        for i in range(1, len(stars) - 1):
            if stars[i] != "***":
                continue
            for j in (i - 1, i + 1):
                if stars[j] != "***":
                    found = "nothing" if stars[j] is None else f"'{stars[j]}'"
                    err = InputError("'***' in column 8 of both neighbours of a '***' token", found,
                                     file=self.system_path, line=first + j + 1)  # fmt: skip
                    raise _with_hint(err, lines[j])

    # --- pass 3 ---------------------------------------------------------------------

    def sentences(self) -> Iterator[Sentence]:
        """The collected sentences in order, but those without negation on either side."""
        if self.blocks:
            yield from self._block_sentences(*self.blocks)
            return
        gold, system = self.gold, self.system
        forced = max(min(len(gold), len(system)) - 1, 0)  # from here on every line ends a sentence
        previous = (0, 0)  # instance counts of the sentence processed last (GOLD, SYSTEM)
        start = 0
        boundaries = [*empty_lines(gold[:forced]), *range(forced, len(gold))]
        for number, k in enumerate(boundaries, 1):
            if start == k:
                yield self._empty_sentence(number, k, previous)
            else:
                sentence = self._sentence(number, start, "\n".join(gold[start:k]), "\n".join(system[start:k]))
                previous = (_count(sentence.gold), _count(sentence.system)) if sentence else (0, 0)
                if sentence is None:
                    self.plain_count += 1
                else:
                    yield sentence
            start = k + 1

    def _block_sentences(self, gold: Blocks, system: Blocks, closed: bool,
                         same: list[bool]) -> Iterator[Sentence]:  # fmt: skip
        """Passes 1 to 3 on aligned blocks in one sweep, each block split into columns once
        (model.regular_columns) for all three. Pass 1 fails at once; a failure of pass 2 or
        3 waits until pass 1 (then 2) has seen every block, so the error is the one v2.2
        stops at. Each block is a sentence; without a final empty line the file's last
        line is not collected (S10), which empties a one-line block. (An empty sentence
        inherits from the block before it, §3.8.4: only the file's last block can be one.)
        `same`: per block, whether it is the same text in both files."""
        plain = plain_flags(system, None, strip=False)  # SYSTEM blocks without negation: pass 2 passes
        # only counted: the same text in both files, without negation in SYSTEM
        flags = [s and p for s, p in zip(same, plain, strict=True)]
        last = len(gold) - 1
        if not closed and (gold.newlines[last] == 0 or self.keep_rows):  # (its last line is not collected)
            flags[last] = False
        counted, walked = walk(flags)
        self.count_plain(counted, gold)
        sweep = _Sweep()
        for i in walked:
            columns = self._sweep_checks(gold, system, i, closed, plain[i], sweep)
            if sweep.pending is None:
                if i and flags[i - 1]:
                    sweep.previous = (0, 0)
                sentence = self._swept_sentence(gold, system, i, closed, columns, sweep)
                if sentence is not None:
                    yield sentence
        if sweep.pending is not None:
            raise sweep.pending[1]

    def _sweep_checks(self, gold: Blocks, system: Blocks, i: int, closed: bool, plain: bool,
                      sweep: _Sweep) -> tuple[Columns | None, ...]:  # fmt: skip
        """Passes 1 and 2 over block i (pass 2's failure kept for later); both blocks'
        regular columns (None where a block has none)."""
        g_text, s_text = gold.texts[i], system.texts[i]
        g_columns = regular_columns(g_text, strip=False)
        s_columns = g_columns if s_text == g_text else regular_columns(s_text, strip=False)
        if s_text != g_text:
            self._align_block(g_text, s_text, gold.lines[i] - 1, (g_columns, s_columns))
        if not plain and (sweep.pending is None or sweep.pending[0] > 2):
            try:
                self._check_block(system, i, closed, s_columns is not None)
            except InputError as err:
                sweep.pending = (2, err)
        return g_columns, s_columns

    def _swept_sentence(self, gold: Blocks, system: Blocks, i: int, closed: bool,
                        columns: tuple[Columns | None, ...], sweep: _Sweep
                        ) -> Sentence | None:  # fmt: skip
        """Pass 3 over block i: its sentence, None when only counted (or when pass 3
        fails: its failure kept for later)."""
        g_text, s_text = gold.texts[i], system.texts[i]
        if i == len(gold) - 1 and not closed:  # the file's last line is not collected
            g_text, s_text = g_text.rpartition("\n")[0], s_text.rpartition("\n")[0]
            columns = (None, None)
        start = gold.lines[i] - 1
        try:
            if not g_text:
                return self._empty_sentence(i + 1, start, sweep.previous)
            sentence = self._sentence(i + 1, start, g_text, s_text, columns)
        except InputError as err:
            sweep.pending = (3, err)
            return None
        sweep.previous = (_count(sentence.gold), _count(sentence.system)) if sentence else (0, 0)
        if sentence is None:
            self.plain_count += 1
        return sentence

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
        return Sentence(number, k + 1, gold, Side([]), rows_words([]) if self.keep_rows else None)

    def _sentence(self, number: int, start: int, g_text: str, s_text: str,
                  columns: tuple[Columns | None, ...] = (None, None)) -> Sentence | None:  # fmt: skip
        """A collected sentence (its GOLD and SYSTEM lines as text, and their regular
        columns when known); None when both first lines say `***` (only counted)."""
        plain = _plain(g_text, columns[0]) and _plain(s_text, columns[1])
        if plain and not self.keep_rows:
            return None
        g_columns = columns[0] or regular_columns(g_text, strip=False)
        g_rows = None if g_columns else [perl_fields(line) for line in g_text.split("\n")]
        if plain:
            return Sentence(number, start + 1, NO_NEGATION, NO_NEGATION, _words(g_rows, g_columns))
        s_columns = g_columns if s_text == g_text else columns[1] or regular_columns(s_text, strip=False)
        tags = g_columns[5] if g_columns else [row[5] if len(row) > 5 else None for row in g_rows]
        gold = _fields_side(g_rows, g_text, g_columns, tags)
        system = gold if s_text == g_text else _fields_side(None, s_text, s_columns, tags)
        for instance in system.instances or ():
            if not instance.cue:
                raise missing_cue_error(self.system_path, start + 1, instance.group)
        words = _words(g_rows, g_columns) if self.keep_rows else None
        return Sentence(number, start + 1, gold, system, words)


class _Sweep:
    """What the sweep over aligned blocks carries from block to block."""

    def __init__(self) -> None:
        self.pending: tuple[int, InputError] | None = None  # the first failure of pass 2 or 3
        self.previous = (0, 0)  # instance counts of the sentence processed last (GOLD, SYSTEM)


def empty_lines(lines: list[str]) -> list[int]:
    return [k for k, line in enumerate(lines) if not line]


def _same_prefixes(gold: str, system: str) -> bool:
    """Whether every line of two blocks with as many lines is the same in both, or has
    the same first four fields (then pass 1 finds nothing there)."""
    for g, s in zip(gold.split("\n"), system.split("\n"), strict=True):
        if g != s and g.split("\t", 4)[:4] != s.split("\t", 4)[:4]:
            return False
    return True


def _plain_run(text: str, closed: bool, skeleton: bytes | None = None) -> bool:
    """Whether pass 2 has nothing to find in a run: all lines of one width that v2.2
    accepts, and (when a blank line closes it) `***` on all lines or on none. The
    skeleton, when given, shows the TABs of every line without splitting the run."""
    first = text.partition("\n")[0]
    tabs = first.count("\t")
    if text.endswith("\t") or "\t\n" in text or (tabs != 7 and tabs % 3):
        return False
    n = text.count("\n") + 1
    if skeleton is not None and skeleton == (b"\t" * tabs + b"\n") * (n - 1) + b"\t" * tabs:
        pass  # the same TABs on every line, and no other blank
    elif list(map(str.count, text.split("\n"), repeat("\t"))) != [tabs] * n:
        return False
    if not closed or "***" not in text:
        return True
    return tabs == 7 and text.count("\t***\n") == n - 1 and text.endswith("\t***")


def _fields_side(rows: list[list[str]] | None, text: str, columns: Columns | None,
                 tags: list[str | None]) -> Side:  # fmt: skip
    """A side of a sentence, punctuation by the GOLD POS `tags`: column by column when its
    lines are regular (the same result as v2.2's strings then), else through v2.2's
    negation strings."""
    if columns is not None:
        return column_side(columns, tags, RULES)
    rows = rows or [perl_fields(line) for line in text.split("\n")]
    return _side([negation_string(row) for row in rows], RULES.scoring_tags(tags))


def _words(rows: list[list[str]] | None, columns: Columns | None) -> Words:
    """The Words of a sentence's GOLD lines, from its regular columns when it has them."""
    return columns_words(columns) if columns else rows_words(rows or [])


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
