"""`--extended`'s reading (specs/starsem.md §2.2, §2.3, §8): sentence pairs split at blank
lines, every TAB counted, each negation's cue, scope and event tokens as (token id, text)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from itertools import repeat

from ...errors import InputError
from .files import Block, BlockReader, Blocks, blank_line_error, check_block_start, plain_flags, walk
from .model import BLANK, Columns, Placed, Words, regular_notes, rows_words
from .reading import field_count_error

CUE, SCOPE, EVENT = "Cue", "Scope", "Event"
#: A sentence without negation on either side: 4 to 8 fields on every line.
PLAIN = re.compile(r"[^\t\n]*(?:\t[^\t\n]*){3,7}(?:\n[^\t\n]*(?:\t[^\t\n]*){3,7})*")

Token = tuple[str, str]  # (token id = column 3 text, annotated text)
NO_TOKENS: tuple[Token, ...] = ()  # an element an instance does not have


class XInstance:
    """One negation as the extended script reads it, with the tokens' line positions."""

    __slots__ = ("group", "elements", "shown")

    def __init__(self, group: int) -> None:
        self.group = group
        self.elements: dict[str, list[Token]] = {}
        #: per element, each token's line position and text, as the report shows them
        self.shown: dict[str, list[tuple[int, str]]] = {}

    def get(self, kind: str) -> Sequence[Token]:
        return self.elements.get(kind, NO_TOKENS)

    def add(self, kind: str, token: Token, position: int) -> None:
        self.elements.setdefault(kind, []).append(token)
        self.shown.setdefault(kind, []).append((position, token[1]))


class XSentence(Placed):
    __slots__ = ("number", "line", "words", "gold", "system")

    def __init__(self, number: int, line: int, words: Words | str | None,
                 gold: list[XInstance], system: list[XInstance]) -> None:  # fmt: skip
        self.number, self.line, self.words, self.gold, self.system = number, line, words, gold, system


class ExtendedReader(BlockReader):
    """Sentence pairs of the extended script: whole-file strip, split at blank lines,
    lines neither stripped nor trimmed (every TAB counts)."""

    STRIP = False

    # The checks of the whole files before any sentence, in this order (specs §8).

    def check_gold_starts(self) -> None:
        _check_starts(self.gold_blocks, self.gold_path)

    def check_system_starts(self) -> None:
        _check_starts(self.system_blocks, self.system_path)

    def check_counts(self) -> None:
        """Both files hold as many sentences (else the lines of blanks that cause a
        difference are named first)."""
        if len(self.gold_blocks) == len(self.system_blocks):
            return
        for blocks, path in ((self.gold_blocks, self.gold_path), (self.system_blocks, self.system_path)):
            _check_blank_lines(blocks, path)
        raise InputError(f"{len(self.gold_blocks)} sentences as in GOLD", str(len(self.system_blocks)),
                         file=self.system_path)  # fmt: skip

    def sentences(self) -> Iterator[XSentence]:
        """The sentence pairs in order, but those without negation that are the same text
        in both files (only counted, `plain_count`)."""
        golds, systems = self.gold_blocks, self.system_blocks
        flags = plain_flags(golds, systems, strip=self.STRIP)
        counted, walked = walk(flags)
        self.count_plain(counted, golds)
        shift = systems.first - golds.first  # as in the default reader: lines follow GOLD's
        for i in walked:
            gold = golds[i]
            system = (gold[0] + shift, systems.texts[i])
            if gold[1] == system[1] and not self.keep_rows and _plain(gold[1]):
                self.plain_count += 1
            else:
                yield self._sentence(i + 1, gold, system)

    def _sentence(self, number: int, gold: Block, system: Block) -> XSentence:
        g_notes = regular_notes(gold[1])
        s_notes = g_notes if gold[1] == system[1] else regular_notes(system[1])
        if g_notes is not None and s_notes is not None and g_notes[:2] == s_notes[:2]:
            ids, words, notes, chapter, sentence_id = g_notes
            detail = self.keep_rows
            g_instances = _column_instances(ids, notes, detail)
            if s_notes is g_notes:
                s_instances = g_instances
            else:
                s_instances = _column_instances(ids, s_notes[2], detail, (notes, g_instances))
            shown = Words(words, ids, chapter, sentence_id) if detail else None
            return XSentence(number, gold[0], shown, g_instances, s_instances)
        return self._checked_sentence(number, gold, system)

    def _checked_sentence(self, number: int, gold: Block, system: Block) -> XSentence:
        """A sentence read line by line, every check of §2.3 in file order."""
        g_line, g_text = gold
        s_line, s_text = system
        g_lines, s_lines = g_text.split("\n"), s_text.split("\n")
        if len(g_lines) != len(s_lines):
            raise InputError(f"{len(g_lines)} token lines in this sentence as in GOLD (line {g_line})",
                             str(len(s_lines)), file=self.system_path, line=s_line)  # fmt: skip
        g_rows, s_rows = [], []
        g_width = s_width = 0
        for j, (g_raw, s_raw) in enumerate(zip(g_lines, s_lines, strict=True)):
            g_fields = self._fields(g_raw, self.gold_path, g_line + j)
            s_fields = s_raw.split("\t")
            self._check_token(g_fields, s_fields, s_raw, g_line + j, s_line + j)
            g_groups = _groups(g_fields, g_raw, self.gold_path, g_line + j)
            s_groups = _groups(s_fields, s_raw, self.system_path, s_line + j)
            if j == 0:
                g_width, s_width = len(g_fields), len(s_fields)
                g_k, s_k = g_groups, s_groups
            else:
                _same_width(g_groups, g_k, g_fields, g_width, self.gold_path, g_line, j)
                _same_width(s_groups, s_k, s_fields, s_width, self.system_path, s_line, j)
            g_rows.append(g_fields)
            s_rows.append(s_fields)
        words = rows_words(g_rows) if self.keep_rows else None
        return XSentence(number, g_line, words, _instances(g_rows, g_k), _instances(s_rows, s_k))

    def _fields(self, raw: str, path: str, line: int) -> list[str]:
        if not raw.strip():
            raise blank_line_error(path, line)
        fields = raw.split("\t")
        if len(fields) < 4:
            raise InputError("at least 4 fields (token number and word in columns 3-4)", str(len(fields)),
                             file=path, line=line)  # fmt: skip
        return fields

    def _check_token(self, g: list[str], s: list[str], s_raw: str, g_number: int, s_number: int) -> None:
        if len(s) >= 4 and s[2] == g[2] and s[3].lower() == g[3].lower():
            return
        if not s_raw.strip():
            raise blank_line_error(self.system_path, s_number)
        found = f"token {s[2]} '{s[3]}'" if len(s) >= 4 else f"{len(s)} fields"
        raise InputError(f"token {g[2]} '{g[3]}' (any case) as on GOLD line {g_number}", found,
                         file=self.system_path, line=s_number)  # fmt: skip


def _plain(text: str) -> bool:
    """Whether a sentence has no negation: 4 to 8 fields on every line (a first line of
    more fields, the common case, is found without the pattern)."""
    return text.count("\t", 0, text.find("\n")) <= 7 and PLAIN.fullmatch(text) is not None


def _check_starts(blocks: Blocks, path: str) -> None:
    """The first sentence that starts with an empty line (two empty lines before it)."""
    texts = blocks.texts
    if min(texts, default="")[:1] > "\n":  # every text starts after LF (one C-level pass)
        return
    if "" in texts or any(map(str.startswith, texts, repeat("\n"))):
        first = next(i for i, text in enumerate(texts) if not text or text[0] == "\n")
        check_block_start(blocks[first], path)


def _check_blank_lines(blocks: Blocks, path: str) -> None:
    """A line of blanks splits no sentence here but is bad input: name it first."""
    for line, text in zip(blocks.lines, blocks.texts, strict=True):
        for j, raw in enumerate(text.split("\n")):
            if not raw.strip():
                raise blank_line_error(path, line + j)


def _groups(fields: list[str], raw: str, path: str, line: int) -> int:
    """Negations on a line: 0 for 8 fields or fewer, else (fields − 7) / 3."""
    n = len(fields)
    if n <= 8:
        return 0
    if (n - 7) % 3:
        suffix = " (every TAB counts in --extended)" if raw.endswith("\t") else ""
        raise field_count_error(path, line, n, suffix)
    return (n - 7) // 3


def _same_width(groups: int, first_groups: int, fields: list[str], width: int, path: str,
                first_line: int, j: int) -> None:  # fmt: skip
    if groups != first_groups:
        raise InputError(f"{width} fields as on line {first_line} (same sentence)", str(len(fields)),
                         file=path, line=first_line + j)  # fmt: skip


def _column_instances(ids: list[str], notes: Columns, positions: bool,
                      gold: tuple[Columns, list[XInstance]] | None = None) -> list[XInstance]:  # fmt: skip
    """The instances of a sentence whose lines all have the same number of fields, from
    its token numbers and annotation columns (model.regular_notes), with the tokens' line
    positions, for the detail view, when `positions`. `gold`: GOLD's columns and instances
    of the sentence, whose element a SYSTEM column equal to GOLD's takes as it is (one
    list comparison instead of a pass over the column's cells)."""
    n = len(ids)
    instances = []
    for group in range(len(notes) // 3):
        instance = XInstance(group)
        base = 3 * group
        for kind, j in ((CUE, base), (SCOPE, base + 1), (EVENT, base + 2)):
            column = notes[j]
            if gold is not None and j < len(gold[0]) and column == gold[0][j]:
                _share(instance, gold[1][group], kind)
            elif column.count(BLANK) == n:
                continue
            elif positions or (kind != CUE and "." in "".join(column)):
                _add_cells(instance, kind, column, ids, positions)
            else:  # the common case: the cells but `_`, as they are
                instance.elements[kind] = [(ids[i], text) for i, text in enumerate(column) if text != BLANK]
        instances.append(instance)
    return instances


def _share(instance: XInstance, twin: XInstance, kind: str) -> None:
    """The element `kind` of `twin` (read from an equal column) as `instance`'s too."""
    if kind in twin.elements:
        instance.elements[kind] = twin.elements[kind]
    if kind in twin.shown:
        instance.shown[kind] = twin.shown[kind]


def _add_cells(instance: XInstance, kind: str, column: list[str], ids: list[str], positions: bool) -> None:
    """The tokens of one column of a negation, with their line positions when asked for,
    one final period dropped from scope and event texts."""
    cells = [(i, text) for i, text in enumerate(column) if text != "_"]
    if kind != CUE and any(t[-1] == "." for _, t in cells):  # one final period goes
        cells = [(i, t[:-1] if len(t) > 1 and t[-1] == "." else t) for i, t in cells]  # Mr. → Mr
        cells = [(i, t) for i, t in cells if t != "_"]  # `_.` → absent
    if cells:
        instance.elements[kind] = [(ids[i], t) for i, t in cells]
        if positions:
            instance.shown[kind] = cells


def _instances(rows: list[list[str]], groups: int) -> list[XInstance]:
    instances = [XInstance(g) for g in range(groups)]
    for position, fields in enumerate(rows):
        token = fields[2]
        for g, instance in enumerate(instances):
            base = 7 + 3 * g
            cue, scope, event = fields[base], fields[base + 1], fields[base + 2]
            if len(scope) > 1 and scope.endswith("."):
                scope = scope[:-1]
            if len(event) > 1 and event.endswith("."):
                event = event[:-1]
            if cue != "_":
                instance.add(CUE, (token, cue), position)
            if scope != "_":
                instance.add(SCOPE, (token, scope), position)
            if event != "_":
                instance.add(EVENT, (token, event), position)
    return instances
