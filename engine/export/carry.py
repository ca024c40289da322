"""Carrying a review onto the error rows of another run: each verdict and comment of a
review workbook goes to the error row with the same key — what the error is (its document,
unit, type, labels and positions), not its number — so that a workbook written again, or
the app's error table, keeps the review. Rows of equal keys pair in their order."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from ..comparison import system_prefix
from ..errors import InputError, first_listed
from ..report import ColumnRows
from ..textio import require_workbook
from .cells import plain

if TYPE_CHECKING:  # engine.review and review_scan load when a workbook is read
    from ..review import Review
    from .review_scan import Counted

#: The columns that say which error a row is (those a workbook's sheet has are compared).
KEY_COLUMNS = ("document", "unit", "unit_id", "type", "subtype", "gold_label", "system_label",
               "gold_position", "system_position")  # fmt: skip
T = TypeVar("T")


@dataclass
class Carried:
    """A review's verdicts and comments for each error row of a report (None: none)."""

    verdicts: list[str | None]
    comments: list[str | None]
    reviewed: int = 0  # rows of the review with a verdict or a comment
    lost: list[str] = field(default_factory=list)  # the IDs of those whose rows are gone

    def any(self) -> bool:
        """Whether a row gets a verdict or a comment."""
        return any(v is not None for v in self.verdicts) or any(c is not None for c in self.comments)

    @property
    def carried(self) -> int:
        return self.reviewed - len(self.lost)

    def block(self, indices: Sequence[int]) -> dict[str, list[str | None]]:
        """The Verdict and Comment values of the rows numbered `indices`."""
        verdicts, comments = self.verdicts, self.comments
        return {"_verdict": [verdicts[i] for i in indices], "_comment": [comments[i] for i in indices]}

    def summary(self, source: str) -> str:
        """One sentence: what was carried from `source`, and what could not be."""
        kept = f"The verdicts and comments of {_counted(self.carried, 'error', 'errors')} kept from {source}"
        return kept + self.gone("carried") + "."

    def gone(self, verb: str) -> str:
        """ "; 2 could not be `verb` because their rows are gone (E1, E4)" ("" when none)."""
        if not self.lost:
            return ""
        why = "its row is gone" if len(self.lost) == 1 else "their rows are gone"
        shown = first_listed(self.lost, 5, more=", …")
        return f"; {len(self.lost)} could not be {verb} because {why} ({shown})"


def _counted(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def counts_text(counts: tuple[int, int], first: str = "verdict") -> str:
    """ "11 verdicts and 2 comments" (what of them there is; `first`: what the first count counts)."""
    parts = [_counted(n, word, word + "s") for n, word in zip(counts, (first, "comment"), strict=True) if n]
    return " and ".join(parts)


class Held(NamedTuple):
    """What a workbook about to be replaced holds: how many of the work kept in it (verdicts
    and comments, decisions and comments), and whether this run can carry them."""

    counts: tuple[int, int]
    carries: bool


def held_counts(path: str | Path) -> Counted | None:
    """(verdicts, comments) of a workbook about to be replaced, and whether it is a compare
    workbook (whose verdicts belong to two systems' errors: one run's workbook cannot keep
    them), in one reading: None when it is not a review workbook or holds neither
    (engine/export/review_scan.py looks at those cells only). A workbook whose zip comment
    says it was written without a review is not read further (nor lxml loaded)."""
    from .review_scan import workbook_counts

    found = workbook_counts(path)
    return found if found is not None and any(found.counts) else None


def match_review(review: Review, rows: Sequence[dict[str, Any]]) -> Carried:
    """The verdicts and comments of `review` on the error rows `rows` (a report's), by key."""
    from ..review import NOT_REVIEWED

    carried = Carried([None] * len(rows), [None] * len(rows))
    indexes: dict[tuple[str, ...], dict[tuple[str, ...], list[int]]] = {}
    for old in review.rows:
        keys = tuple(k for k in KEY_COLUMNS if k in old)
        if keys not in indexes:
            indexes[keys] = _index(rows, keys)
        found = indexes[keys].get(tuple(_key_value(old[k]) for k in keys))
        at = found.pop() if found else None
        verdict = old["verdict"] if old["verdict"] != NOT_REVIEWED else None
        comment = str(old.get("comment") or "") or None
        if verdict is None and comment is None:
            continue
        carried.reviewed += 1
        if at is None:
            carried.lost.append(str(old.get("error_id", "")))
        else:
            carried.verdicts[at], carried.comments[at] = verdict, comment
    return carried


def _index(rows: Sequence[dict[str, Any]], keys: tuple[str, ...]) -> dict[tuple[str, ...], list[int]]:
    """The rows' numbers by their key over `keys`, each list last row first (popped in order)."""
    if isinstance(rows, ColumnRows):
        columns = [rows.column(k) for k in keys]
    else:
        columns = [[row.get(k) for row in rows] for k in keys]
    index: dict[tuple[str, ...], list[int]] = {}
    for number, values in enumerate(zip(*columns, strict=True) if columns else [()] * len(rows)):
        index.setdefault(tuple(map(_key_value, values)), []).append(number)
    for numbers in index.values():
        numbers.reverse()
    return index


def _key_value(value: Any) -> str:
    """A value as a key compares it: as its cell holds it, a whole float as the whole number."""
    value = plain(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return "" if value is None else str(value)


def review_to_carry(path: str, compare: bool = False) -> Review:
    """The review of the workbook `path`, to carry into a new workbook of one run (with
    `compare`: of compare); InputError for a workbook of the other kind (a compare
    workbook's verdicts belong to two systems' error rows, one run's to one)."""
    from ..review import read_review

    review = read_review(path)
    if review.systems and not compare:
        names = ", ".join(part.system for part in review.systems)
        found = f"a compare workbook ({names}): its verdicts belong to two systems"
        raise InputError("a review workbook of one run to keep the verdicts of", found, file=path)
    if compare and not review.systems:
        expected = "a compare workbook (spanstudio compare --xlsx) to keep the verdicts of"
        raise InputError(expected, "a review workbook of one run", file=path)
    return review


def match_systems(review: Review, rows: Sequence[dict[str, Any]]) -> Carried:
    """Each system's verdicts and comments of a compare workbook on that system's error rows
    of `rows` (compare's: on sheets named after their system), by key; the IDs of those
    whose rows are gone named with their system's ("System B E4")."""
    carried = Carried([None] * len(rows), [None] * len(rows))
    for part in review.systems:
        prefix = system_prefix(part.system)
        mine = [n for n, row in enumerate(rows) if str(row.get("sheet") or "").startswith(prefix)]
        found = match_review(part, [rows[n] for n in mine])
        for n, verdict, comment in zip(mine, found.verdicts, found.comments, strict=True):
            carried.verdicts[n], carried.comments[n] = verdict, comment
        carried.reviewed += found.reviewed
        carried.lost += [f"{part.system} {ident}" for ident in found.lost]
    return carried


@dataclass(frozen=True)
class Keeping(Generic[T]):
    """How the work in a kind of workbook (a review, decisions) is kept when the workbook is
    written again, or its replacing refused."""

    option: str  # the flag that names the workbook to keep: --keep-review
    what: str  # what would be lost: "verdicts or comments"
    read: Callable[[str], T]  # what a workbook holds, to carry
    held: Callable[[str], Held | None]  # how many of `what` a workbook holds (None: none)
    counted: Callable[[tuple[int, int]], str]  # those counts as words: "2 verdicts and 1 comment"

    def to_keep(self, target: str | None, keep: str | None) -> T | None:
        """What the workbook `keep` holds, read now, to carry into the workbook `target`
        (--xlsx); InputError when `target` holds work that would be replaced unawares (its
        own, where `keep` names another workbook)."""
        if keep is not None and target is None:
            raise InputError(f"--xlsx with {self.option}", "no --xlsx", option=self.option)
        if target is not None and not _same_file(target, keep):
            found = self.held(target) if Path(target).is_file() else None
            if found is not None:
                expected = f"a workbook without {self.what} to replace {self._instead(target, found)}"
                raise InputError(expected, f"{self.counted(found.counts)} in it", file=target)
        if keep is None:
            return None
        require_workbook(keep)  # a folder, a loop of links: said so, not "another file"
        return self.read(keep)

    def _instead(self, target: str, found: Held) -> str:
        """What to do instead of replacing `target`: carry it, where it can be carried here."""
        if not found.carries:
            return f"(or another --xlsx name: {self.option} cannot carry them into this run)"
        return f"(or {self.option} {target} to carry them into the new one)"


def _same_file(target: str, keep: str | None) -> bool:
    """Whether `keep` names the workbook `target` (both there, the same file)."""
    try:
        return keep is not None and Path(target).samefile(keep)
    except OSError:
        return False


def review_to_keep(target: str | None, keep: str | None, compare: bool = False) -> Review | None:
    """The review to carry into the workbook `target` (the command line's --xlsx; with
    `compare`, compare's): the one `keep` (--keep-review) names, read now; InputError when
    `target` holds a review that would be replaced without being carried."""
    read, held = partial(review_to_carry, compare=compare), partial(_held_review, compare=compare)
    keeping = Keeping("--keep-review", "verdicts or comments", read, held, counts_text)
    return keeping.to_keep(target, keep)


def _held_review(path: str, compare: bool) -> Held | None:
    """held_counts's counts, carried where the workbook is of the run's kind (with `compare`:
    a compare workbook), as review_to_carry tells them apart."""
    found = held_counts(path)
    return None if found is None else Held(found.counts, found.compare == compare)
