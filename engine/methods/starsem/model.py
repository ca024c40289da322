"""What the three readers hand to the scorers: sentences and their negation instances
(specs/starsem.md §3.1), plus the text rules shared by the readers."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from itertools import repeat
from operator import itemgetter

Element = tuple[tuple[int, str], ...]  # (token index in the sentence, annotated text), in token order
EMPTY: Element = ()
Columns = list[list[str]]  # a sentence's fields, column by column
_INDEX = itemgetter(0)
#: "_" as the interpreter's one shared one-character string: str.split makes every `_` cell
#: that very object, which list.count and `!=` then find by identity (the literal "_" of a
#: module is another object, compared character by character).
BLANK = chr(95)

#: Scope texts starting with word characters and a period keep only the word (`Mr.` → `Mr`).
_DOTTED = {"unicode": re.compile(r"^(\w+)\."), "ascii": re.compile(r"^(\w+)\.", re.ASCII)}
_WORD = {"unicode": re.compile(r"\w"), "ascii": re.compile(r"\w", re.ASCII)}


class Instance:
    """One negation: its cue, scope and event, and its column group in the file."""

    __slots__ = ("group", "cue", "scope", "event", "cue_tokens", "event_tokens")

    def __init__(self, group: int, cue: Element, scope: Element, event: Element) -> None:
        self.group = group
        self.cue = cue
        self.scope = scope
        self.event = event
        self.cue_tokens = frozenset(map(_INDEX, cue))
        self.event_tokens = frozenset(map(_INDEX, event))

    def elements(self) -> dict[str, Element]:
        """The three elements as the report records them (JSON writes each pair as a list)."""
        return {"cue": self.cue, "scope": self.scope, "event": self.event}


class Side:
    """One file's annotation of a sentence: None instances = no negation (`***`).
    (Plain classes here, not dataclasses: each dataclass costs the start-up 0.3–0.8 ms.)"""

    __slots__ = ("instances", "scope_tokens")

    def __init__(self, instances: list[Instance] | None, scope_tokens: int = 0) -> None:
        self.instances = instances
        self.scope_tokens = scope_tokens  # scope tokens counted for the report (§3.1.4; exact mode §3.8.3)

    @property
    def negated(self) -> bool:
        return self.instances is not None


NO_NEGATION = Side(None)


class Words:
    """What the detail view shows of a sentence's GOLD lines: each token's word (column 4)
    and number (column 3), and the chapter and sentence number of its first line."""

    __slots__ = ("words", "numbers", "chapter", "sentence_id")

    def __init__(self, words: list[str], numbers: list[str], chapter: str, sentence_id: str) -> None:
        self.words = words
        self.numbers = numbers
        self.chapter = chapter
        self.sentence_id = sentence_id


def columns_words(columns: Columns) -> Words:
    """The Words of a sentence split into columns (every line has 8 fields or more)."""
    return Words(columns[3], columns[2], columns[0][0], columns[1][0])


def block_words(block: str) -> Words:
    """The Words of a sentence without negation as files.plain_flags finds one: 8 fields
    on every line, no whitespace but TABs and LFs, no leading TAB."""
    cells = block.replace("\n", "\t").split("\t")
    return Words(cells[3::8], cells[2::8], cells[0], cells[1])


def rows_words(rows: list[list[str]]) -> Words:
    """The Words of a sentence's fields line by line (a short line shows no word and its
    position as number)."""
    first = rows[0] if rows else []
    return Words([row[3] if len(row) > 3 else "" for row in rows],
                 [row[2] if len(row) > 2 else str(i) for i, row in enumerate(rows)],
                 first[0] if first else "", first[1] if len(first) > 1 else "")  # fmt: skip


class Placed:
    """A sentence's chapter and sentence number, from its Words ("" without them)."""

    __slots__ = ()
    words: Words | str | None

    @property
    def chapter(self) -> str:
        return self.words.chapter if isinstance(self.words, Words) else ""

    @property
    def sentence_id(self) -> str:
        return self.words.sentence_id if isinstance(self.words, Words) else ""


class Sentence(Placed):
    """A sentence as the scorer sees it, with what the report shows of it."""

    __slots__ = ("number", "line", "gold", "system", "words")

    def __init__(
        self, number: int, line: int, gold: Side, system: Side, words: Words | str | None = None
    ) -> None:
        self.number = number  # 1-based
        self.line = line  # GOLD line of its first token (the boundary line for an empty sentence)
        self.gold = gold
        self.system = system
        self.words = words  # for the detail view only (a block without negation: its text, detail.Layout)


class _Tags(dict):
    """POS tag → whether it is a word tag: has a word character, not -LRB-/-RRB-."""

    def __init__(self, word: re.Pattern[str]) -> None:
        super().__init__({None: False})
        self._word = word

    def __missing__(self, tag: str) -> bool:
        value = self[tag] = bool(self._word.search(tag)) and tag not in ("-LRB-", "-RRB-")
        return value


class TextRules:
    """Punctuation by GOLD POS tag and scope-text normalisation (§3.1.2, S9)."""

    def __init__(self, word_chars: str) -> None:
        self._dotted = _DOTTED[word_chars]
        self._word = _WORD[word_chars]
        self.tags = _Tags(self._word)

    def scoring_tags(self, tags: Iterable[str | None]) -> list[bool]:
        """Per token, whether its GOLD POS tag lets it be in a scope (not punctuation)."""
        return list(map(self.tags.__getitem__, tags))

    def scope_text(self, text: str) -> str:
        if "." not in text:
            return text
        found = self._dotted.match(text)
        return found.group(1) if found else text


def column_element(column: list[str], n: int) -> Element:
    """The (index, text) pairs of a column's cells that are not `_`."""
    if column.count(BLANK) == n:
        return EMPTY
    return tuple([(i, v) for i, v in enumerate(column) if v != BLANK])


def scope_element(column: list[str], n: int, tags: list[str | None], rules: TextRules) -> Element:
    """A scope column: tokens whose GOLD POS tag (`tags`) is punctuation dropped, texts
    normalised."""
    if column.count(BLANK) == n:
        return EMPTY
    words = rules.tags
    cells = [(i, v) for i, v in enumerate(column) if v != BLANK and words[tags[i]]]
    if "." in "".join(column):  # (faster than a look at each cell kept)
        cells = [(i, rules.scope_text(v)) for i, v in cells]
    return tuple(cells)


# --- bulk checks of whole sentences ---------------------------------------------------------


def odd_space(block: str) -> bool:
    """Whether a block holds ASCII whitespace other than TAB and LF (a line holding one
    needs the line-by-line path)."""
    return (" " in block or "\r" in block or "\x0b" in block or "\x0c" in block or "\x1c" in block
            or "\x1d" in block or "\x1e" in block or "\x1f" in block)  # fmt: skip


def plain_block(block: str, strip: bool = True) -> bool:
    """Whether a sentence plainly has no negation: 8 fields on every line, `***` in the
    8th, no whitespace but TABs and LFs (with `strip`, no line starting with a TAB)."""
    lines = block.split("\n")
    n = len(lines)
    return (
        block.endswith("\t***")
        and block.count("\t***\n") == n - 1
        and block.count("\t") == 7 * n
        and not odd_space(block)
        and not (strip and ("\n\t" in block or block[0] == "\t"))
        and list(map(str.count, lines, repeat("\t"))) == [7] * n
    )


def valid_width(fields: int) -> bool:
    """8 fields (no negation) or 7+3k, k ≥ 1."""
    return fields == 8 or (fields >= 10 and (fields - 7) % 3 == 0)


def regular_columns(block: str, strip: bool) -> Columns | None:
    """The columns of a sentence that plainly satisfies §2.3 — ASCII, no whitespace but
    TABs and LFs, one valid width, `***` on every line of an 8-field sentence and on none
    of a longer one, no empty annotation cell, no empty trailing field — or None when it
    needs the line-by-line checks. `strip`: no leading TAB either (the default reader
    strips lines). Split in one go (_regular): the first column's cells but the first keep
    the LF that starts their line."""
    regular = _regular(block, 0)
    if regular is None:
        return None
    cells, width, columns = regular
    if strip and (not cells[0] or "\n" in cells[width::width]):
        return None  # a leading TAB (the default reader strips lines)
    return columns


@cache
def _slices(width: int) -> list[slice]:
    """Per width, the slices that take each column out of a block's cells."""
    return [slice(j, None, width) for j in range(width)]


def regular_notes(block: str) -> tuple[list[str], list[str], Columns, str, str] | None:
    """What --extended reads of a sentence that regular_columns would split: the token
    numbers (column 3), the words (column 4), the annotation columns (8 on), and the
    chapter and sentence number of its first line; the other columns are never sliced
    out, and each line's width is checked by counting its LFs (none is split off)."""
    regular = _regular(block, 7)
    if regular is None:
        return None
    cells, width, notes = regular
    return cells[2::width], cells[3::width], notes, cells[0], cells[1]


def _regular(block: str, first: int) -> tuple[list[str], int, Columns] | None:
    """A block's cells, its width and its columns from the `first` on (0, or 7: the
    annotation columns), when it is ASCII without whitespace but TABs and LFs, its lines
    all have one valid width, `***` is on every line of an 8-field sentence and on none of
    a longer one, and no annotation cell is empty (nor a trailing field); else None. Split
    in one go: every LF is turned into a TAB that starts the next line's first cell, so
    each line has `width` cells exactly when the cells starting with an LF are those at
    the multiples of `width` (every LF starts a cell; the first cell holds none)."""
    if not block.isascii() or odd_space(block):
        return None
    n = block.count("\n") + 1
    cells = block.replace("\n", "\t\n").split("\t")
    width, rest = divmod(len(cells), n)
    if rest or not valid_width(width) or "".join(cells[width::width]).count("\n") != n - 1:
        return None
    columns = list(map(cells.__getitem__, _slices(width)[first:]))
    stars = columns[7 - first].count("***") if "***" in block else 0
    if stars != (n if width == 8 else 0) or not all(map(all, columns[7 - first :])):
        return None  # `***` where it does not belong or none where it does; an empty cell
    return cells, width, columns


def columns_of(rows: list[list[str]]) -> Columns:
    return [list(column) for column in zip(*rows, strict=True)]


def column_side(columns: Columns, tags: list[str | None], rules: TextRules) -> Side:
    """The instances of one side of a sentence whose lines all have the same number of
    fields, one column per element (§3.1.2), punctuation by the GOLD POS `tags`.
    Instances without cue are kept."""
    if len(columns) <= 8:
        return NO_NEGATION
    n = len(columns[0])
    instances = []
    scope_tokens = 0
    for group in range((len(columns) - 7) // 3):
        base = 7 + 3 * group
        scope = scope_element(columns[base + 1], n, tags, rules)
        scope_tokens += len(scope)
        cue, event = column_element(columns[base], n), column_element(columns[base + 2], n)
        instances.append(Instance(group, cue, scope, event))
    return Side(instances, scope_tokens)
