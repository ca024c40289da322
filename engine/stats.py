"""How sure a score is: percentile bootstrap intervals and paired significance tests
(paired bootstrap, approximate randomization) over per-unit counts, after sacrebleu's
significance.py.

A method whose scores are sums over units (sentences, documents, pages, processes)
describes them as UnitStatistics: a units × columns array of counts and, for each row of
its score tables, the columns the row reads and the method's own formula from their sums
to its scores. A resample is a vector of unit weights (how often each unit is drawn), so
the resampled sums of every column are one matrix product (with the distinct rows of
counts: units with equal counts share one): no method is run again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from .comparison import LEVEL as DEFAULT_LEVEL
from .comparison import MAX_RESAMPLES, MIN_RESAMPLES
from .comparison import RESAMPLES as DEFAULT_RESAMPLES
from .comparison import SEED as DEFAULT_SEED
from .comparison import TRIALS as DEFAULT_TRIALS
from .errors import InputError
from .options import option_flag
from .report import Report, Table

if TYPE_CHECKING:
    from threadpoolctl import threadpool_limits

INTERVAL_METHOD = "percentile bootstrap"
TESTS = "paired bootstrap, approximate randomization"
_BLOCK = 1 << 22  # weights held at once (32 MB as float64)
_TIE = 1e-9  # differences this close (relative) count as equal

Key = tuple[str, str]  # (table, row)
Scores = dict[str, np.ndarray]  # score column → one value per resample
ScoreFunction = Callable[[np.ndarray], Scores]


@dataclass(frozen=True)
class ScoreRow:
    """One row of a score table: the keys of the count columns it reads, and the
    method's formula from their sums (resamples × len(columns)) to its scores by name."""

    table: str
    row: str  # the row's first cell, as str: a label, "overall", …
    columns: tuple[Hashable, ...]
    score: ScoreFunction
    position: int | None = None  # the row's index in its table, where first cells repeat


@dataclass
class UnitStatistics:
    """Per-unit sufficient statistics of one report."""

    unit: str  # what a unit is: "sentence", "page", "process", …
    ids: list[str]  # one id per unit, in input order (compare pairs units by them)
    counts: np.ndarray  # units × columns
    rows: list[ScoreRow]
    keys: list[Hashable]  # what each column counts (two systems' columns are matched by key)
    # The rows over a wider set of columns (matched with another system's): where a row
    # reads every column of a kind (an average over all labels), it reads the other's too.
    widened: Callable[[list[Hashable]], list[ScoreRow]] | None = None

    def __post_init__(self) -> None:
        self._index = {key: i for i, key in enumerate(self.keys)}

    def scores(self, sums: np.ndarray) -> dict[Key, Scores]:
        """Every row's scores from column sums (one row of `sums` per resample)."""
        return {(r.table, r.row): r.score(read) for r, read in self._read(sums)}

    def scores_and_unread(self, sums: np.ndarray) -> tuple[dict[Key, Scores], dict[Key, np.ndarray]]:
        """Every row's scores from column sums, and per row whether it reads no count at all
        in each row of `sums` (a label without a span on either side: its scores there are
        0/0, not 0); each row's columns picked once for both."""
        scores: dict[Key, Scores] = {}
        unread: dict[Key, np.ndarray] = {}
        for r, read in self._read(sums):
            scores[r.table, r.row], unread[r.table, r.row] = r.score(read), ~read.any(axis=1)
        return scores, unread

    def _read(self, sums: np.ndarray) -> Iterator[tuple[ScoreRow, np.ndarray]]:
        """Each row with the columns of `sums` it reads."""
        index = self._index
        for r in self.rows:
            yield r, sums[:, [index[c] for c in r.columns]]

    def point(self) -> dict[Key, dict[str, float]]:
        """The scores of the whole sample."""
        whole = self.scores(self.counts.sum(axis=0, keepdims=True))
        return {key: {name: float(v[0]) for name, v in values.items()} for key, values in whole.items()}

    def on_columns(self, keys: list[Hashable]) -> UnitStatistics:
        """The same statistics with the columns `keys` (a superset of this one's) in that order."""
        position = {key: i for i, key in enumerate(keys)}
        counts = np.zeros((len(self.ids), len(keys)))
        counts[:, [position[k] for k in self.keys]] = self.counts
        rows = self.rows if self.widened is None else self.widened(keys)
        return UnitStatistics(self.unit, self.ids, counts, rows, keys, self.widened)


def matched(a: UnitStatistics, b: UnitStatistics) -> tuple[UnitStatistics, UnitStatistics]:
    """Both systems on the same columns (the keys of either), so that units can be swapped."""
    keys = [*a.keys, *(k for k in b.keys if k not in a._index)]
    return a.on_columns(keys), b.on_columns(keys)


class UnitCounts:
    """Collects counts unit by unit (sparse: a column is made when its key first appears)."""

    def __init__(self, unit: str) -> None:
        self.unit = unit
        self.ids: list[str] = []
        self.columns: dict[Any, int] = {}
        self._units: list[int] = []
        self._columns: list[int] = []
        self._values: list[float] = []

    def start(self, unit_id: str) -> None:
        """Begin the next unit (every later `add` counts for it)."""
        self.ids.append(unit_id)

    def column(self, key: Any) -> int:
        return self.columns.setdefault(key, len(self.columns))

    def add(self, key: Any, value: float) -> None:
        if value:
            self._units.append(len(self.ids) - 1)
            self._columns.append(self.column(key))
            self._values.append(value)

    def array(self) -> np.ndarray:
        counts = np.zeros((len(self.ids), len(self.columns)))
        np.add.at(counts, (np.array(self._units, int), np.array(self._columns, int)), self._values)
        return counts

    def statistics(self, rows: list[ScoreRow]) -> UnitStatistics:
        return UnitStatistics(self.unit, self.ids, self.array(), rows, list(self.columns))


# --- vectorised formulas the methods build their score functions from ------------------


def ratio(numerator: np.ndarray, denominator: np.ndarray, empty: float = 0.0) -> np.ndarray:
    """numerator / denominator, `empty` where the denominator is 0."""
    numerator, denominator = np.broadcast_arrays(np.asarray(numerator, float), np.asarray(denominator, float))
    out = np.full(numerator.shape, float(empty))
    np.divide(numerator, denominator, out=out, where=denominator != 0)
    return out


def harmonic(precision: np.ndarray, recall: np.ndarray) -> np.ndarray:
    """F1 from P and R: 2PR / (P + R), 0 when both are 0."""
    return ratio(2 * precision * recall, precision + recall)


def prf(tp: np.ndarray, fp: np.ndarray, fn: np.ndarray) -> Scores:
    """Micro precision, recall and F1 from summed TP, FP, FN (0 without a denominator)."""
    precision, recall = ratio(tp, tp + fp), ratio(tp, tp + fn)
    return {"precision": precision, "recall": recall, "f1": harmonic(precision, recall)}


# --- settings ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Confidence:
    """How intervals and tests are computed; recorded in the report (as sacrebleu's signature)."""

    level: float = DEFAULT_LEVEL
    resamples: int = DEFAULT_RESAMPLES
    seed: int = DEFAULT_SEED
    trials: int = DEFAULT_TRIALS

    def check(self) -> None:
        """InputError naming the flag of the first setting out of range."""
        if not 0 < self.level < 1:
            raise InputError("a level between 0 and 1 (exclusive)", repr(self.level), option="--ci")
        for name, value in (("resamples", self.resamples), ("trials", self.trials)):
            if value < MIN_RESAMPLES:
                raise InputError(f"at least {MIN_RESAMPLES} {name}", str(value), option=option_flag(name))
            if value > MAX_RESAMPLES:
                raise InputError(f"at most {MAX_RESAMPLES:,} {name}", str(value), option=option_flag(name))
        if self.seed < 0:  # numpy's generators take none
            raise InputError("a whole number of 0 or more", str(self.seed), option="--seed")

    def record(self, unit: str, method: str = INTERVAL_METHOD) -> dict[str, Any]:
        return {"level": self.level, "resamples": self.resamples, "seed": self.seed, "unit": unit,
                "method": method}  # fmt: skip


# --- resampling -------------------------------------------------------------------------


def _blocks(total: int, width: int) -> Iterator[int]:
    """Sizes of the blocks of resamples whose weights are held at once."""
    size = max(1, _BLOCK // max(width, 1))
    for start in range(0, total, size):
        yield min(size, total - start)


def distinct_rows(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the distinct rows, the index of each unit's row among them): units with equal
    counts need no separate weights (sums are a product with the distinct rows)."""
    first: dict[bytes, int] = {}
    inverse = np.fromiter(
        (first.setdefault(row.tobytes(), len(first)) for row in counts), np.intp, len(counts)
    )
    keep = np.zeros(len(first), np.intp)
    keep[inverse[::-1]] = np.arange(len(counts))[::-1]  # each group's first unit
    return counts[keep], inverse


def bootstrap_weights(rng: np.random.Generator, inverse: np.ndarray, groups: int, count: int) -> np.ndarray:
    """`count` resamples of the units drawn with replacement, as how often a unit of each
    group (of equal units) is drawn (count × groups)."""
    units = len(inverse)
    draws = inverse[rng.integers(0, units, size=(count, units), dtype=np.int32)]
    draws += np.arange(count)[:, None] * groups
    return np.bincount(draws.ravel(), minlength=count * groups).reshape(count, groups).astype(float)


def _joined(parts: list[dict[Key, Scores]]) -> dict[Key, Scores]:
    return {key: {name: np.concatenate([p[key][name] for p in parts]) for name in parts[0][key]}
            for key in parts[0]}  # fmt: skip


def one_thread() -> threadpool_limits:
    """BLAS on one thread while resampling: one process, one core (its threads only spin
    on a busy machine). threadpoolctl is imported here: only --ci and compare need it."""
    from threadpoolctl import threadpool_limits

    return threadpool_limits(limits=1, user_api="blas")


def bootstrap(systems: Sequence[UnitStatistics], resamples: int, seed: int) -> list[dict[Key, Scores]]:
    """The scores of each system on the same resamples of their (common) units."""
    parts: list[list[dict[Key, Scores]]] = [[] for _ in systems]
    for sums in resampled_sums(systems, resamples, seed):
        for part, stats, block in zip(parts, systems, sums, strict=True):
            part.append(stats.scores(block))
    return [_joined(part) for part in parts]


def resampled_sums(
    systems: Sequence[UnitStatistics], resamples: int, seed: int
) -> Iterator[list[np.ndarray]]:
    """The same resamples of the systems' (common) units, a block at a time: each system's
    column sums in them (resamples × its columns), BLAS on one thread meanwhile."""
    with one_thread():
        rng = np.random.default_rng(seed)
        widths = np.cumsum([s.counts.shape[1] for s in systems])[:-1]
        distinct, inverse = distinct_rows(np.hstack([s.counts for s in systems]))
        for count in _blocks(resamples, len(inverse)):
            sums = bootstrap_weights(rng, inverse, len(distinct), count) @ distinct
            yield np.hsplit(sums, widths)


def randomization(a: UnitStatistics, b: UnitStatistics, trials: int, seed: int) -> list[dict[Key, Scores]]:
    """Approximate randomization: per trial each unit's counts are swapped between the
    systems with probability ½; the scores of both shuffled systems. Units whose counts
    differ alike are swapped as a group: how many of them is binomial."""
    with one_thread():
        return _randomization(a, b, trials, seed)


def _randomization(a: UnitStatistics, b: UnitStatistics, trials: int, seed: int) -> list[dict[Key, Scores]]:
    rng = np.random.default_rng(seed)
    delta, inverse = distinct_rows(b.counts - a.counts)
    sizes = np.bincount(inverse, minlength=len(delta))
    moving = delta.any(axis=1)
    delta, sizes = delta[moving], sizes[moving]
    total_a, total_b = a.counts.sum(axis=0), b.counts.sum(axis=0)
    parts_a: list[dict[Key, Scores]] = []
    parts_b: list[dict[Key, Scores]] = []
    for count in _blocks(trials, len(sizes)):
        moved = rng.binomial(sizes, 0.5, size=(count, len(sizes))).astype(float) @ delta
        parts_a.append(a.scores(total_a + moved))
        parts_b.append(b.scores(total_b - moved))
    return [_joined(parts_a), _joined(parts_b)]


def percentile_interval(values: np.ndarray, level: float) -> tuple[float, float]:
    """The central `level` share of the values (linear interpolation, as numpy's default)."""
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(values, [tail, 100 - tail])
    return float(low), float(high)


Intervals = dict[Key, dict[str, tuple[float, float]]]


def resampled_intervals(stats: UnitStatistics, confidence: Confidence) -> tuple[Intervals, dict[Key, int]]:
    """Every row's percentile bootstrap interval of each of its scores, over the resamples
    in which the row reads a count (a label drawn in none of a resample's units has no
    score there, not 0), and per row how many resamples were left out (none: no interval)."""
    blocks = [stats.scores_and_unread(sums)
              for (sums,) in resampled_sums([stats], confidence.resamples, confidence.seed)]  # fmt: skip
    found: Intervals = {}
    left_out: dict[Key, int] = {}
    for key, scores in _joined([scores for scores, _ in blocks]).items():
        empty = np.concatenate([unread[key] for _, unread in blocks])
        if empty.any():
            left_out[key] = int(np.count_nonzero(empty))
        if not empty.all():
            found[key] = {name: percentile_interval(values[~empty], confidence.level)
                          for name, values in scores.items()}  # fmt: skip
    return found, left_out


def p_value(statistics: np.ndarray, observed: float) -> float:
    """(how many |statistics| reach |observed|, + 1) / (trials + 1): 1 for no difference
    at all, 1 / (trials + 1) at the floor."""
    bar = abs(observed) * (1 - _TIE) - _TIE
    return float((np.count_nonzero(np.abs(statistics) >= bar) + 1) / (len(statistics) + 1))


def plural(unit: str) -> str:
    """sentences, pages, processes."""
    return unit + ("es" if unit.endswith("s") else "s")


# --- comparing two systems ---------------------------------------------------------------


def check_same_units(a: UnitStatistics, b: UnitStatistics, path_a: str, path_b: str) -> None:
    """InputError naming the first unit in which the two systems' units differ."""
    if a.ids == b.ids:
        return
    for position, (id_a, id_b) in enumerate(zip(a.ids, b.ids, strict=False)):
        if id_a != id_b:
            raise InputError(
                f"the same {plural(a.unit)} as {path_a}",
                f"{a.unit} {id_b} where {path_a} has {a.unit} {id_a} ({a.unit} {position + 1})",
                file=path_b,
            )
    shorter, longer = (b, a) if len(b.ids) < len(a.ids) else (a, b)
    missing = longer.ids[len(shorter.ids)]
    raise InputError(
        f"the same {plural(a.unit)} as {path_a}",
        f"{len(b.ids)} {plural(b.unit)} where {path_a} has {len(a.ids)}: the first that differs is "
        f"{a.unit} {missing}",
        file=path_b,
    )


def compare(
    a: UnitStatistics, b: UnitStatistics, confidence: Confidence, paths: tuple[str, str]
) -> list[dict[str, Any]]:
    """Per score of every row both systems have: the difference b − a with its paired
    bootstrap interval, and its p-values by paired bootstrap and by approximate
    randomization (two-sided; the bootstrap's differences shifted to the null by the
    observed difference, as in Koehn 2004; sacrebleu shifts absolute differences by their
    mean instead)."""
    check_same_units(a, b, *paths)
    a, b = matched(a, b)
    point_a, point_b = a.point(), b.point()
    boot_a, boot_b = bootstrap([a, b], confidence.resamples, confidence.seed)
    shuffled_a, shuffled_b = randomization(a, b, confidence.trials, confidence.seed)
    rows = []
    for key in (k for k in point_a if k in point_b):
        for name in point_a[key]:
            observed = point_b[key][name] - point_a[key][name]
            differences = boot_b[key][name] - boot_a[key][name]
            low, high = percentile_interval(differences, confidence.level)
            rows.append({
                "table": key[0], "row": key[1], "score": name,
                "a": point_a[key][name], "b": point_b[key][name], "difference": observed,
                "low": low, "high": high,
                "p_bootstrap": p_value(differences - observed, observed),
                "p_randomization": p_value(shuffled_b[key][name] - shuffled_a[key][name], observed),
            })  # fmt: skip
    return rows


# --- reports -----------------------------------------------------------------------------


def add_intervals(report: Report, stats: UnitStatistics, confidence: Confidence) -> None:
    """Put `<score>_low` and `<score>_high` beside every score column that has an
    interval, and record how they were computed (report.data["confidence"])."""
    found, left_out = resampled_intervals(stats, confidence)
    for name, table in report.score_tables().items():
        rows = [r for r in stats.rows if r.table == name]
        if rows:
            of_row = {r: found.get((r.table, r.row), {}) for r in rows}
            by_cell = {r.row: of_row[r] for r in rows if r.position is None}
            by_position = {r.position: of_row[r] for r in rows if r.position is not None}
            _widen(
                table, [by_position.get(i, by_cell.get(str(row[0]), {})) for i, row in enumerate(table.rows)]
            )
    report.data["confidence"] = confidence.record(stats.unit)
    if left_out:  # the rows whose intervals leave resamples out, and how many
        report.data["confidence"]["left_out"] = [{"table": table, "row": row, "resamples": count}
                                                 for (table, row), count in left_out.items()]  # fmt: skip
    report.messages += few_units(len(stats.ids), stats.unit)


#: Fewer units than this make a bootstrap interval unreliable (a warning says so).
FEW_UNITS = 30


def few_units(count: int, unit: str) -> list[str]:
    """The warning where the intervals are resampled from fewer than FEW_UNITS units."""
    if count >= FEW_UNITS:
        return []
    return [f"the intervals resample only {count} {plural(unit)}: with fewer than {FEW_UNITS} "
            f"{plural(unit)} a bootstrap interval is unreliable (too narrow, or as wide as the scores allow)"]


def _widen(table: Table, intervals: list[dict[str, tuple[float, float]]]) -> None:
    """Add the interval columns, with each row's `intervals` (None where it has none)."""
    names = {name for values in intervals for name in values}
    columns: list[str] = []
    for column in table.columns:
        columns.append(column)
        if column in names:
            columns += [column + "_low", column + "_high"]
            if column in table.formats:
                table.formats.update(dict.fromkeys(columns[-2:], table.formats[column]))
    widened = []
    for row, values in zip(table.rows, intervals, strict=True):
        cells: list[Any] = []
        for column, cell in zip(table.columns, row, strict=True):
            cells.append(cell)
            if column in names:
                cells += list(values.get(column, (None, None)))
        widened.append(cells)
    table.columns, table.rows = columns, widened


def interval_text(report: Report) -> str:
    """The score tables that have intervals, each score as `0.8505 [0.8312, 0.8690]`."""
    record = report.data["confidence"]
    level = f"{record['level'] * 100:g} %"
    blocks = [f"# {level} confidence intervals: {record['method']}, {record['resamples']} "
              f"resamples of {plural(record['unit'])}, seed {record['seed']}"]  # fmt: skip
    blocks += [f"# {left['row']} ({left['table']}): {left['resamples']} of {record['resamples']} resamples "
               "hold none of its counts (0/0): left out of its intervals"
               for left in record.get("left_out", [])]  # fmt: skip
    for table in report.score_tables().values():
        scored = [c for c in table.columns if c + "_low" in table.columns]
        if not scored:
            continue
        firsts = [str(row[0]) for row in table.rows]
        named = len(set(firsts)) < len(firsts)  # first cells repeat: the last one tells the rows apart
        lines = ["\t".join([table.columns[0], *([table.columns[-1]] if named else []), *scored])]
        for row in table.rows:
            cells = dict(zip(table.columns, row, strict=True))
            name = [str(row[0]), *([str(row[-1])] if named else [])]
            lines.append("\t".join([*name, *(_with_interval(cells, c) for c in scored)]))
        blocks.append(f"## {table.title}\n" + "\n".join(lines))
    return "\n".join(blocks) + "\n"


def _with_interval(cells: dict[str, Any], column: str) -> str:
    value, low, high = cells[column], cells[column + "_low"], cells[column + "_high"]
    text = f"{value:.4f}" if isinstance(value, float) else str(value)
    return text if low is None else f"{text} [{low:.4f}, {high:.4f}]"


COMPARISON_COLUMNS = ["table", "row", "score", "a", "b", "difference", "low", "high", "p_bootstrap",
                      "p_randomization"]  # fmt: skip


def comparison_table(rows: list[dict[str, Any]]) -> Table:
    return Table(list(COMPARISON_COLUMNS), [[row[c] for c in COMPARISON_COLUMNS] for row in rows],
                 "Comparison (difference = b − a)")  # fmt: skip


def comparison_text(rows: list[dict[str, Any]], record: dict[str, Any], systems: dict[str, str]) -> str:
    """The comparison as the console shows it: each difference with its interval and p-values."""
    trials, level = record["trials"], f"{record['level'] * 100:g} %"
    head = (f"# a = {systems['a']}\n# b = {systems['b']}\n"
            f"# b − a with {level} paired bootstrap intervals ({record['resamples']} resamples "
            f"of {plural(record['unit'])}, seed {record['seed']}); p-values by paired bootstrap and by "
            f"approximate randomization ({trials} trials)")  # fmt: skip
    lines = [head, "table\trow\tscore\ta\tb\tdifference\tp_bootstrap\tp_randomization"]
    for r in rows:
        lines.append(f"{r['table']}\t{r['row']}\t{r['score']}\t{r['a']:.4f}\t{r['b']:.4f}\t"
                     f"{r['difference']:+.4f} [{r['low']:+.4f}, {r['high']:+.4f}]\t"
                     f"{r['p_bootstrap']:.4f}\t{r['p_randomization']:.4f}")  # fmt: skip
    return "\n".join(lines) + "\n"
