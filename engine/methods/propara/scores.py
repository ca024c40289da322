"""Per-process precision and recall per question, averages and overall scores
(specs/propara.md §3.6–3.7, §4.1). Sums run left to right from 0.0, as the original's."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .compare import Comparer, Correction
from .summary import Summary

QUESTIONS = ("inputs", "outputs", "conversions", "moves")
BY_STEP = ("conversions", "moves")  # their pair score is 0 unless the steps are equal
LABELS = {"inputs": "Inputs", "outputs": "Outputs", "conversions": "Conversions", "moves": "Moves"}


@dataclass
class QuestionScore:
    """One question of one process: P and R, and every item's best pair (for the error table)."""

    precision: float
    recall: float
    # Per answer item (best score, index of the prediction or -1), per prediction item
    # (best score, index of the answer or -1).
    answer_best: Sequence[tuple[float, int]]
    prediction_best: Sequence[tuple[float, int]]


def _total(values: Sequence[float]) -> float:
    total = 0.0
    for value in values:
        total += value
    return total


def _best(scores: dict[int, float]) -> tuple[float, int]:
    """The best score starting from 0.0, and where (-1: none above 0); `scores` maps the
    candidates' indexes (in increasing order) to their scores, the others score 0."""
    best, where = 0.0, -1
    for index, score in scores.items():
        if score > best:
            best, where = score, index
    return best, where


def _candidates(answers: Sequence[Any], predictions: Sequence[Any], by_step: bool) -> list[list[int]]:
    """Per prediction, the answers it can score above 0 with (in order): all of them, or
    with `by_step` only those of the same step (a pair of different steps scores 0)."""
    if not by_step:
        every = list(range(len(answers)))
        return [every] * len(predictions)
    at: dict[int, list[int]] = {}
    for j, answer in enumerate(answers):
        at.setdefault(answer.step, []).append(j)
    return [at.get(prediction.step, []) for prediction in predictions]


def score_question(
    answers: Sequence[Any],
    predictions: Sequence[Any],
    pair: Callable[[Any, Any], float],
    by_step: bool = False,
) -> QuestionScore:
    """§3.6; `pair(answer, prediction)` is the pair score (0 for different steps when
    `by_step`, so those pairs are not compared)."""
    if not answers or not predictions:
        nothing = [(0.0, -1)]
        return QuestionScore(
            0.0 if predictions else 1.0,
            0.0 if answers else 1.0,
            nothing * len(answers),
            nothing * len(predictions),
        )
    rows = [
        {j: pair(answers[j], p) for j in js}
        for p, js in zip(predictions, _candidates(answers, predictions, by_step), strict=True)
    ]
    prediction_best = [_best(row) for row in rows]
    columns: list[dict[int, float]] = [{} for _ in answers]
    for i, row in enumerate(rows):
        for j, score in row.items():
            columns[j][i] = score
    answer_best = [_best(column) for column in columns]
    precision_numerator = _total([best for best, _ in prediction_best])
    if len(predictions) == len(answers):
        recall_numerator = precision_numerator  # Q1: the original reuses it
    else:
        recall_numerator = _total([best for best, _ in answer_best])
    return QuestionScore(
        precision_numerator / len(predictions), recall_numerator / len(answers), answer_best, prediction_best
    )


class ProcessScore:
    def __init__(self, questions: dict[str, QuestionScore], corrections: dict[str, list[Correction]]) -> None:
        self.questions = questions
        self.corrections = corrections  # per question: the similarities §4.2 corrected


def score_process(answer: Summary, prediction: Summary, comparer: Comparer) -> ProcessScore:
    """The four questions of one process, item by item, with every item's best partner."""
    pairs = {"inputs": comparer.participants, "outputs": comparer.participants,
             "conversions": comparer.conversion, "moves": comparer.move}  # fmt: skip
    questions: dict[str, QuestionScore] = {}
    corrections: dict[str, list[Correction]] = {}
    for q in QUESTIONS:
        questions[q] = score_question(getattr(answer, q), getattr(prediction, q), pairs[q], q in BY_STEP)
        found = comparer.take()
        if found:
            corrections[q] = found
    return ProcessScore(questions, corrections)


@dataclass
class Averages:
    """The report's numbers: per question P̄, R̄ (rounded) and F1; overall P, R, F1."""

    precision: dict[str, float]
    recall: dict[str, float]
    overall_precision: float
    overall_recall: float

    @staticmethod
    def f1(precision: float, recall: float) -> float:
        return 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)

    def question_f1(self, question: str) -> float:
        return self.f1(self.precision[question], self.recall[question])

    @property
    def overall_f1(self) -> float:
        return self.f1(self.overall_precision, self.overall_recall)

    def output(self) -> dict[str, float]:
        """The --output values: round(·, 3) of the overall figures."""
        return {"precision": round(self.overall_precision, 3), "recall": round(self.overall_recall, 3),
                "f1": round(self.overall_f1, 3)}  # fmt: skip

    def questions(self) -> dict[str, dict[str, float]]:
        """The printed per-question values as numbers."""
        return {
            q: {
                "precision": self.precision[q],
                "recall": self.recall[q],
                "f1": float(f"{self.question_f1(q):.3f}"),
            }
            for q in QUESTIONS
        }


def averages(precision: dict[str, list[float]], recall: dict[str, list[float]]) -> Averages:
    """§3.7: per question the mean over the answer processes (lists of their values), rounded
    to 3 places at once."""
    count = len(precision[QUESTIONS[0]])
    mean_precision = {q: round(_total(precision[q]) / count, 3) for q in QUESTIONS}
    mean_recall = {q: round(_total(recall[q]) / count, 3) for q in QUESTIONS}
    return Averages(
        mean_precision,
        mean_recall,
        _total([mean_precision[q] for q in QUESTIONS]) / 4,
        _total([mean_recall[q] for q in QUESTIONS]) / 4,
    )
