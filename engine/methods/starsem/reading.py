"""The default-mode reader: the Bosch translated reader (specs/starsem.md §2.2) with the
strict validation of §2.3 and the messages of §8.

Sentences pair by position; lines are stripped and split on TAB. A sentence that is the
same text in both files and has `***` on every line is only counted (the common case,
found for all sentences at once, files.plain_flags); a sentence whose lines are all
regular is split into columns in one go (model.regular_columns); anything else is read
line by line with every check in file order.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import InputError
from .files import (
    Block,
    BlockReader,
    Blocks,
    blank_line_error,
    check_block_start,
    columns_text,
    gold_token_text,
    plain_flags,
    walk,
)
from .model import (
    Columns,
    Sentence,
    Side,
    TextRules,
    column_side,
    columns_of,
    columns_words,
    regular_columns,
)

RULES = TextRules("unicode")


def field_count_error(path: str, line: int, found: int, suffix: str = "") -> InputError:
    return InputError(
        "8 fields (no negation) or 7+3k fields (k negations)", f"{found}{suffix}", file=path, line=line
    )


def missing_cue_error(path: str, line: int, group: int) -> InputError:
    first = 8 + 3 * group
    return InputError(
        f"a cue in negation {group + 1} (columns {first}-{first + 2}) of the sentence starting here",
        "none",
        file=path,
        line=line,
    )


class DefaultReader(BlockReader):
    """The sentence pairs of GOLD and SYSTEM, checked as §2.3 asks."""

    def sentences(self) -> Iterator[Sentence]:
        """The sentence pairs in order, but those without negation that are the same text
        in both files (only counted, `plain_count`); at the end of the files, what is
        left of either."""
        golds, systems = self.gold_blocks, self.system_blocks
        paired = min(len(golds), len(systems))
        yield from self._paired_sentences(golds, systems)
        if len(golds) > paired:
            check_block_start(golds[paired], self.gold_path)
            self._missing_sentence(golds[paired])
        extra = len(systems) - len(golds)
        if extra > 0:
            self.warnings.append(
                f"SYSTEM has {extra} sentences after the end of GOLD; they were not evaluated"
            )

    def _paired_sentences(self, golds: Blocks, systems: Blocks) -> Iterator[Sentence]:
        """The sentence pairs of blocks paired by position, but those without negation
        that are the same text on both sides."""
        flags = plain_flags(golds, systems, strip=self.STRIP)
        counted, walked = walk(flags)
        self.count_plain(counted, golds)
        # SYSTEM's line numbers follow GOLD's: every earlier sentence has as many lines on
        # both sides (the same text, or checked to hold the same tokens), or reading stopped.
        shift = systems.first - golds.first
        for i in walked:
            gold = golds[i]
            system = (gold[0] + shift, systems.texts[i])
            check_block_start(gold, self.gold_path)
            check_block_start(system, self.system_path)
            yield self._sentence(i + 1, gold, system)

    def _missing_sentence(self, gold: Block) -> None:
        line, text = gold
        fields = text.split("\n", 1)[0].strip().split("\t")
        raise InputError(
            f"a token line matching GOLD line {line} ({gold_token_text(fields)})",
            "end of file",
            file=self.system_path,
            line=self.system_blocks.end,
        )

    # --- one sentence ----------------------------------------------------------------

    def _sentence(self, number: int, gold: Block, system: Block) -> Sentence:
        g_line, g_text = gold
        s_line, s_text = system
        same = g_text == s_text
        g_columns = regular_columns(g_text, strip=True)
        s_columns = g_columns if same else regular_columns(s_text, strip=True)
        if g_columns is None or s_columns is None or g_columns[:4] != s_columns[:4]:
            g_rows, s_rows = self._checked_rows(number, gold, system)
            g_columns = columns_of(g_rows)
            s_columns = g_columns if same else columns_of(s_rows)
        tags = g_columns[5]
        g_side = _side(g_columns, tags, self.gold_path, g_line)
        s_side = g_side if same else _side(s_columns, tags, self.system_path, s_line)
        return Sentence(number, g_line, g_side, s_side, columns_words(g_columns) if self.keep_rows else None)

    def _checked_rows(self, number: int, gold: Block, system: Block) -> tuple[list[list[str]], ...]:
        """The fields of both sides, every line checked in file order (§2.3, §8)."""
        g_line, g_text = gold
        s_line, s_text = system
        same = g_text == s_text
        g_lines = g_text.split("\n")
        s_lines = g_lines if same else s_text.split("\n")
        g_rows: list[list[str]] = []
        s_rows: list[list[str]] = []
        g_check = LineChecks(self.gold_path, g_line)
        s_check = LineChecks(self.system_path, s_line)
        for j, raw in enumerate(g_lines):
            g_fields = _fields(raw, self.gold_path, g_line + j)
            if same:
                s_fields = g_fields
            else:
                s_fields = self._system_fields(s_lines, j, g_fields, g_line + j, s_line, number)
            g_check.line(j, g_fields)
            if not same:
                s_check.line(j, s_fields)
            g_rows.append(g_fields)
            s_rows.append(s_fields)
        if len(s_lines) > len(g_lines):
            _fields(s_lines[len(g_lines)], self.system_path, s_line + len(g_lines))  # a line of blanks?
            raise InputError(
                f"an empty line (end of sentence, as GOLD line {g_line + len(g_lines)})",
                "a token line",
                file=self.system_path,
                line=s_line + len(g_lines),
            )
        return g_rows, s_rows

    def _system_fields(
        self, s_lines: list[str], j: int, g_fields: list[str], g_number: int, s_line: int, number: int
    ) -> list[str]:
        if j >= len(s_lines):
            last = number == len(self.system_blocks)
            raise InputError(
                f"a token line matching GOLD line {g_number} ({gold_token_text(g_fields)})",
                "end of file" if last else "end of sentence",
                file=self.system_path,
                line=s_line + len(s_lines),
            )
        s_fields = _fields(s_lines[j], self.system_path, s_line + j)
        if s_fields[:4] != g_fields[:4]:
            raise InputError(
                f"{columns_text(g_fields)} in columns 1-4 as on GOLD line {g_number}",
                columns_text(s_fields),
                file=self.system_path,
                line=s_line + j,
            )
        return s_fields


def _fields(raw: str, path: str, line: int) -> list[str]:
    text = raw.strip()
    if not text:
        raise blank_line_error(path, line)
    return text.split("\t")


class LineChecks:
    """§2.3 for one side of one sentence, line by line."""

    def __init__(self, path: str, first_line: int) -> None:
        self.path = path
        self.first_line = first_line
        self.width = 0

    def line(self, j: int, fields: list[str]) -> None:
        n = len(fields)
        number = self.first_line + j
        if j == 0:
            if n != 8 and (n < 10 or (n - 7) % 3):
                raise field_count_error(self.path, number, n)
            self.width = n
        elif n != self.width:
            raise InputError(
                f"{self.width} fields as on line {self.first_line} (same sentence)",
                str(n),
                file=self.path,
                line=number,
            )
        if n == 8:
            if fields[7] != "***":
                expected = (
                    "'***' in column 8 of a line with 8 fields (sentence without negation)"
                    if j == 0
                    else f"'***' in column 8 as on line {self.first_line} (sentence without negation)"
                )
                raise InputError(expected, f"'{fields[7]}'", file=self.path, line=number)
        elif fields[7] == "***":
            raise InputError(
                "no '***' in a line with negation columns", "'***' in column 8", file=self.path, line=number
            )
        annotation = fields[7:]
        if "" in annotation or any(" " in cell for cell in annotation):
            self._bad_cell(fields, number)

    def _bad_cell(self, fields: list[str], number: int) -> None:
        for column in range(7, len(fields)):
            cell = fields[column]
            if cell == "" or " " in cell:
                found = "an empty field" if cell == "" else f"'{cell}' (a space)"
                raise InputError(f"'_' or a word in column {column + 1}", found, file=self.path, line=number)


def _side(columns: Columns, tags: list[str], path: str, first_line: int) -> Side:
    """The instances of one side (§3.1.2), punctuation by the GOLD POS `tags`; every
    negation needs a cue."""
    side = column_side(columns, tags, RULES)
    for instance in side.instances or ():
        if not instance.cue:
            raise missing_cue_error(path, first_line, instance.group)
    return side
