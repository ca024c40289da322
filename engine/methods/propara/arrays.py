"""The inputs, outputs and moves of many processes compared at once (specs/propara.md
§3.5–3.6), for the processes whose participants and locations hold no ` AND ` (answer
and prediction; `plain_processes`). Each item is a row of codes: its answer process, its
step (moves) and its texts' codes. The pairs of a process (of one step, for moves) get
one Comparer similarity per distinct pair of unequal texts; every item gets its best
pair score (from 0.0) and its best partner (the first on the other side with that score,
-1 when none scores above 0), as score_question finds them one process at a time; the
sums per process are added left to right from 0.0 as the original adds them. The scores
and the detail's item matches both come from these arrays."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ...formats.field_bytes import numbered
from ...formats.propara_actions import ActionFile, concatenated_ranges
from .compare import Comparer
from .summary import Summaries

Similarity = Callable[[int, int], float]  # of two codes (of different texts)


class Items:
    """The items of one question in one file, in summary order: per item its answer process
    number, the number of its process in its own file, its step (0 where steps do not
    count) and its codes. The items of the file's process f are bounds[f] … bounds[f + 1] − 1.
    (A plain class: a dataclass's generated methods cost every run's start-up.)"""

    def __init__(self, process: np.ndarray, file_process: np.ndarray, step: np.ndarray,
                 codes: tuple[np.ndarray, ...], bounds: np.ndarray) -> None:  # fmt: skip
        self.process, self.file_process, self.step = process, file_process, step
        self.codes, self.bounds = codes, bounds

    def local(self, index: np.ndarray) -> np.ndarray:
        """Where items (global numbers) stand among the items of their process."""
        return index - self.bounds[self.file_process[index]]


def _code_flags(texts: dict[int, str], wanted: Callable[[str], bool]) -> np.ndarray:
    """Per code (codes are not dense): does its text pass `wanted`?"""
    flags = np.zeros(max(texts, default=0) + 1, bool)
    flags[[code for code, text in texts.items() if wanted(text)]] = True
    return flags


def plain_processes(actions: ActionFile) -> np.ndarray:
    """Per process of the file: no participant's name holds "AND" and no location of its
    tracks " AND " (a name `a ;AND b` is shown `a OR AND b`), so that every similarity of
    its inputs, outputs and moves is 0 or 1 and none is corrected."""
    table = actions.table
    named = _code_flags(table.names.texts(), lambda text: "AND" in text)
    placed = _code_flags(table.locations.texts(), lambda text: " AND " in text)
    if not named.any() and not placed.any():
        return np.ones(len(table.process_parts) - 1, bool)
    marked = named[table.part_name] | np.maximum.reduceat(placed[table.track], table.offset[:-1])
    return np.add.reduceat(marked.astype(np.int64), table.process_parts[:-1]) == 0


class FileItems:
    """The inputs, outputs and moves of the chosen processes of one file as Items."""

    def __init__(self, summaries: Summaries, answer_number: np.ndarray, chosen: np.ndarray,
                 shown: np.ndarray) -> None:  # fmt: skip
        """`answer_number`: per process of the file its answer process number (-1: none);
        `chosen`: per answer process; `shown`: per name code its display code."""
        self.summaries = summaries
        self.table = table = summaries.table
        self.part_process = table.part_process
        self.part_answer = answer_number[self.part_process]
        self.kept = (self.part_answer >= 0) & chosen[np.maximum(self.part_answer, 0)]
        self.shown = shown[table.part_name]

    def _items(self, parts: np.ndarray, step: np.ndarray, codes: tuple[np.ndarray, ...]) -> Items:
        file_process = self.part_process[parts]
        bounds = np.searchsorted(file_process, np.arange(len(self.table.process_parts)))
        return Items(self.part_answer[parts], file_process, step, codes, bounds)

    def ends(self) -> tuple[Items, Items]:
        """Inputs and outputs: participants, in participant order."""
        found = []
        for flags in self.summaries.input_output_flags:
            parts = np.flatnonzero(flags & self.kept)
            found.append(self._items(parts, np.zeros(len(parts), np.int64), (self.shown[parts],)))
        return found[0], found[1]

    def moves(self) -> Items:
        """Moves in slot order: participant, location before, location after."""
        slots = self.summaries.slots[2]
        offset, track = self.table.offset, self.table.track
        parts = self.table.slot_participant.take(slots)
        kept = self.kept[parts]
        slots, parts = slots[kept], parts[kept]
        return self._items(parts, slots - offset[parts], (self.shown[parts], track[slots - 1], track[slots]))


def _pairs(answers: Items, predictions: Items) -> tuple[np.ndarray, np.ndarray]:
    """Every (answer item, prediction item) of one process and step, by prediction, then
    answer (the order score_question compares them in)."""
    width = int(max(answers.step.max(initial=0), predictions.step.max(initial=0))) + 1
    keys = answers.process * width + answers.step
    order = np.argsort(keys, kind="stable")
    keys = keys[order]
    wanted = predictions.process * width + predictions.step
    low, high = np.searchsorted(keys, wanted, "left"), np.searchsorted(keys, wanted, "right")
    return order[concatenated_ranges(low, high)], np.repeat(np.arange(len(wanted)), high - low)


def _similarities(mine: np.ndarray, theirs: np.ndarray, similarity: Similarity) -> np.ndarray:
    """Per pair of codes: 1.0 when equal, else their similarity (once per distinct pair)."""
    found = np.ones(len(mine))
    differ = np.flatnonzero(mine != theirs)
    if len(differ):
        keys = (mine[differ].astype(np.int64) << 32) | theirs[differ].astype(np.int64)
        distinct, number, _ = numbered(keys)
        values = [similarity(key >> 32, key & 0xFFFFFFFF) for key in distinct.tolist()]
        found[differ] = np.array(values)[number]
    return found


def ordered_sums(process: np.ndarray, values: np.ndarray, processes: int) -> np.ndarray:
    """Per process the sum of its items' values (items of a process are adjacent), added
    in item order from 0.0."""
    totals = np.zeros(processes)
    if not len(process):
        return totals
    starts = np.flatnonzero(np.concatenate(([True], process[1:] != process[:-1])))
    position = np.arange(len(process)) - np.repeat(starts, np.diff(np.append(starts, len(process))))
    order = np.argsort(position, kind="stable")
    bounds = np.searchsorted(position[order], np.arange(int(position.max()) + 2))
    for start, end in zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True):
        chosen = order[start:end]  # the j-th item of each process that has one
        totals[process[chosen]] += values[chosen]
    return totals


def _best(group: np.ndarray, partner: np.ndarray, score: np.ndarray, items: int, partners: Items
          ) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Per item (`group` of each pair) its best pair score from 0.0 and the first partner
    that scores it, as a number among its process's items (-1: none above 0)."""
    best = np.zeros(items)
    np.maximum.at(best, group, score)
    hit = (score > 0.0) & (score == best[group])
    first = np.full(items, len(partners.process), np.int64)
    np.minimum.at(first, group[hit], partner[hit])
    found = np.flatnonzero(first < len(partners.process))
    where = np.full(items, -1, np.int64)
    where[found] = partners.local(first[found])
    return best, where


class Matches:
    """One question of the chosen processes: per answer process P and R; per item its best
    pair score and best partner."""

    def __init__(self, answers: Items, predictions: Items, precision: np.ndarray, recall: np.ndarray,
                 answer_best: tuple[np.ndarray, np.ndarray], prediction_best: tuple[np.ndarray, np.ndarray]
                 ) -> None:  # fmt: skip
        self.answers, self.predictions = answers, predictions
        self.precision, self.recall = precision, recall
        self.answer_best, self.prediction_best = answer_best, prediction_best


def match(answers: Items, predictions: Items, similarities: Sequence[Similarity], processes: int) -> Matches:
    """§3.6 for one question of every chosen process; a pair scores the mean of its
    similarities (summed in column order, as Comparer.move)."""
    mine, theirs = _pairs(answers, predictions)
    score = np.zeros(0)
    for column, similarity in enumerate(similarities):
        found = _similarities(answers.codes[column][mine], predictions.codes[column][theirs], similarity)
        score = found if column == 0 else score + found
    if len(similarities) > 1:
        score = score / len(similarities)
    prediction_best = _best(theirs, mine, score, len(predictions.process), answers)
    answer_best = _best(mine, theirs, score, len(answers.process), predictions)
    precision_sum = ordered_sums(predictions.process, prediction_best[0], processes)
    recall_sum = ordered_sums(answers.process, answer_best[0], processes)
    a_count = np.bincount(answers.process, minlength=processes)
    p_count = np.bincount(predictions.process, minlength=processes)
    recall_sum = np.where(p_count == a_count, precision_sum, recall_sum)  # Q1
    precision = np.where(p_count > 0, precision_sum / np.maximum(p_count, 1), 1.0)
    recall = np.where(a_count > 0, recall_sum / np.maximum(a_count, 1), 1.0)
    precision[(a_count == 0) & (p_count > 0)] = 0.0
    recall[(p_count == 0) & (a_count > 0)] = 0.0
    return Matches(answers, predictions, precision, recall, answer_best, prediction_best)


def shown_names(mine: Summaries, theirs: Summaries) -> tuple[list[str], np.ndarray]:
    """The display forms of the participants' names (both files code names with the same
    Strings), and per name code its form's number."""
    codes = np.concatenate((mine.table.part_name, theirs.table.part_name))
    forms: dict[str, int] = {}
    shown = np.zeros(int(codes.max(initial=0)) + 1, np.int64)
    for code in set(codes.tolist()):
        shown[code] = forms.setdefault(mine.shown[code], len(forms))
    return list(forms), shown


def match_questions(answers: Summaries, predictions: Summaries, other: np.ndarray, chosen: np.ndarray,
                    comparer: Comparer) -> dict[str, Matches]:  # fmt: skip
    """Inputs, outputs and moves of the chosen answer processes (`other`: per answer process
    the number of its prediction in the predictions' file)."""
    processes = len(other)
    answer_number = np.full(len(predictions.table.process_parts) - 1, -1, np.int64)
    answer_number[other] = np.arange(processes)
    texts, shown = shown_names(answers, predictions)
    mine = FileItems(answers, np.arange(processes), chosen, shown)
    theirs = FileItems(predictions, answer_number, chosen, shown)
    places = answers.table.locations.texts()

    def participant(a: int, p: int) -> float:
        return comparer.similarity("participant", texts[a], texts[p])

    def location(a: int, p: int) -> float:
        return comparer.similarity("location", places[a], places[p])

    (a_in, a_out), (p_in, p_out) = mine.ends(), theirs.ends()
    return {
        "inputs": match(a_in, p_in, (participant,), processes),
        "outputs": match(a_out, p_out, (participant,), processes),
        "moves": match(mine.moves(), theirs.moves(), (participant, location, location), processes),
    }
