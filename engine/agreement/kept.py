"""Decisions are never replaced unawares: an adjudication workbook about to be replaced is
counted first (its Decisions and Comments); kept, each goes into the new workbook to the
row of the same document and characters (what the row is, not its number: R-numbers change
as the rows do). A Decision the new row no longer offers is left out, as are the decisions
of rows that are gone; both are counted and named."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError, first_listed
from ..export import carry
from ..export.review_scan import SheetBook, header_columns, scan_workbook
from .adjudication import Row
from .workbook import DATA_SHEET, SHEET, UNDECIDED

Key = tuple[str, str]  # (document, characters "12–17"), as the sheet shows them
COLUMNS = ("Row", "Document", "Characters", "Decision", "Comment")
SHOWN = 5  # row IDs named in a sentence, then "…"


@dataclass
class Decided:
    """One row of a workbook with a Decision or a Comment."""

    row_id: str
    decision: str
    comment: str


@dataclass
class KeptDecisions:
    """The decided rows of a workbook by key, and, once placed on new rows, what was lost."""

    source: str
    rows: dict[Key, Decided]
    gone: list[str] = field(default_factory=list)  # IDs of rows no longer there
    not_offered: list[str] = field(default_factory=list)  # IDs whose Decision the row no longer offers

    def place(self, rows: Sequence[Row]) -> tuple[list[str | None], list[str | None]]:
        """The Decision and Comment of each of the new `rows` (None: none)."""
        decisions: list[str | None] = [None] * len(rows)
        comments: list[str | None] = [None] * len(rows)
        found: set[Key] = set()
        for n, row in enumerate(rows):
            key = row_key(row.document, f"{row.start}–{row.end}")
            old = self.rows.get(key)
            if old is None:
                continue
            found.add(key)
            comments[n] = old.comment or None
            if old.decision in row.options:
                decisions[n] = old.decision
            elif old.decision:
                self.not_offered.append(old.row_id)
        self.gone = [old.row_id for key, old in self.rows.items() if key not in found]
        return decisions, comments

    def summary(self) -> str:
        """One sentence: how many rows' decisions and comments were kept, and what was not."""
        kept = len(self.rows) - len(self.gone)
        text = f"The decisions and comments of {kept} row{'' if kept == 1 else 's'} kept from {self.source}"
        if self.gone:
            why = "its row is gone" if len(self.gone) == 1 else "their rows are gone"
            text += f"; {len(self.gone)} could not be carried because {why} ({_listed(self.gone)})"
        if self.not_offered:
            text += (f"; {len(self.not_offered)} Decision{'' if len(self.not_offered) == 1 else 's'} "
                     f"no longer offered left out ({_listed(self.not_offered)})")  # fmt: skip
        return text + "."


def _listed(ids: list[str]) -> str:
    return first_listed(ids, SHOWN, more=", …")


def row_key(document: Any, characters: Any) -> Key:
    return ("" if document is None else str(document), "" if characters is None else str(characters))


def counts_text(counts: tuple[int, int]) -> str:
    """ "11 decisions and 2 comments" (what of them there is)."""
    return carry.counts_text(counts, "decision")


def held_decisions(path: str | Path) -> tuple[int, int] | None:
    """(decisions, comments) of a workbook about to be replaced: None when it is not an
    adjudication workbook or holds neither."""
    decided = _decided_rows(path)
    if decided is None:
        return None
    counts = sum(bool(d.decision) for _, d in decided), sum(bool(d.comment) for _, d in decided)
    return counts if any(counts) else None


def read_decisions(path: str | Path) -> KeptDecisions:
    """The decided rows of an adjudication workbook, to keep; InputError for another file."""
    decided = _decided_rows(path)
    if decided is None:
        raise InputError("an adjudication workbook (spanstudio agreement --xlsx)", "another file",
                         file=str(path))  # fmt: skip
    return KeptDecisions(Path(path).name, dict(decided))


def is_adjudication_workbook(path: str | Path) -> bool:
    """Whether `path` is a workbook with the sheets of an adjudication workbook."""
    return scan_workbook(path, (SHEET, DATA_SHEET), UNDECIDED, True, lambda book: True) is not None


def _decided_rows(path: str | Path) -> list[tuple[Key, Decided]] | None:
    """The rows with a Decision or a Comment, with their keys; None for a file that is not
    an adjudication workbook (the visible sheet's cells only are read; a workbook as Span
    Studio wrote it without decisions says so in its zip comment)."""
    return scan_workbook(path, (SHEET, DATA_SHEET), UNDECIDED, [], lambda book: list(_decided(book)))


def _decided(book: SheetBook) -> Iterator[tuple[Key, Decided]]:
    at: dict[str, str] | None = None  # the column letters of COLUMNS
    rows = book.rows(SHEET)
    for _, cells in rows:
        if at is None:
            titles = header_columns(book, cells, ("Row", "Decision"))
            if titles is not None:
                column = {title: letters for letters, title in titles.items()}
                at = {c: column.get(c, "") for c in COLUMNS}
                rows.want(at.values())
            continue
        values = book.values(cells, at.values())
        text = {c: _text(values.get(at[c])) for c in COLUMNS}
        if text["Row"] and (text["Decision"] or text["Comment"]):
            key = row_key(text["Document"], text["Characters"])
            yield key, Decided(text["Row"], text["Decision"], text["Comment"])


def _text(value: Any) -> str:
    return "" if value is None else str(value).strip()


def _held(path: str) -> carry.Held | None:
    """held_decisions's counts: an adjudication workbook's decisions are carried into any
    (read_decisions reads what held_decisions counts)."""
    counts = held_decisions(path)
    return None if counts is None else carry.Held(counts, True)


DECISIONS = carry.Keeping("--keep-decisions", "decisions or comments", read_decisions, _held, counts_text)


def decisions_to_keep(target: str | None, keep: str | None) -> KeptDecisions | None:
    """The decisions to carry into the workbook `target` (--xlsx): those of `keep`
    (--keep-decisions), read now; InputError when `target` holds decisions or comments that
    would be replaced without being carried."""
    return DECISIONS.to_keep(target, keep)
