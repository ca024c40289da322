"""Every answer process scored by one route, whatever the run reports (specs/propara.md
§3.5–3.6): the inputs, outputs and moves of the processes without ` AND ` on arrays
(arrays.py); the conversions of those processes compared item by item (score_question)
unless both files create and destroy the same participants at the same steps and places,
so that both lists are equal and every item matches its counterpart; every question of
the other processes item by item (score_process). The scores and the detail's best
partners come from the same results."""

from __future__ import annotations

from functools import cached_property
from typing import Any

import numpy as np

from ...formats.propara_actions import ActionFile, equal_ranges, paired_ranges
from .arrays import Matches, match_questions, plain_processes
from .compare import Comparer, Correction
from .scores import QUESTIONS, QuestionScore, score_process, score_question
from .summary import Conversion, Summaries, Summary


class Sources:
    """The Summaries of the answers and of the predictions, made when first needed."""

    def __init__(self, answers: ActionFile, predictions: ActionFile) -> None:
        self.answer_file, self.prediction_file = answers, predictions

    @cached_property
    def answers(self) -> Summaries:
        return Summaries(self.answer_file)

    @cached_property
    def predictions(self) -> Summaries:
        if self.prediction_file.table is self.answer_file.table:
            return self.answers
        return Summaries(self.prediction_file)


def _events(summaries: Summaries) -> tuple[np.ndarray, np.ndarray]:
    """Per slot the location of a creation there, and of a destruction (-1: none)."""
    created, destroyed, _ = summaries.slots
    track = summaries.table.track
    at_creation, at_destruction = np.full(len(track), -1), np.full(len(track), -1)
    at_creation[created] = track[created]
    at_destruction[destroyed] = track[destroyed - 1]
    return at_creation, at_destruction


def same_conversions(sources: Sources, other: np.ndarray, named: np.ndarray) -> np.ndarray:
    """Per answer process: do the answer and its prediction (the predictions' process
    other[k]) have the same participants in the same order, the same sentence count and
    the same creations and destructions at the same steps and places (so the same
    conversions)?"""
    a, p = sources.answer_file.table, sources.prediction_file.table
    if a is p:
        return np.ones(len(other), bool)
    same = named & (a.process_sentences == p.process_sentences[other])
    chosen = np.flatnonzero(same)
    slots, their_slots = paired_ranges(a.offset[a.process_parts], p.offset[p.process_parts], chosen, other)
    for values, their_values in zip(_events(sources.answers), _events(sources.predictions), strict=True):
        same[chosen] &= equal_ranges(values, slots, their_values, their_slots)
    return same


class ProcessScores:
    """Per answer process (in the answers' order) and question: precision and recall, and
    (for the detail) every item's best partner."""

    def __init__(self, answers: ActionFile, predictions: ActionFile, named: list[bool], comparer: Comparer):
        self.sources = Sources(answers, predictions)
        self.pids = list(answers.processes)
        self.processes = list(answers.processes.values())
        self.predicted = [predictions.processes[pid] for pid in self.pids]
        other = np.array([process.index for process in self.predicted], np.int64)
        self.other = other.tolist()
        self.chosen = plain_processes(answers) & plain_processes(predictions)[other]
        self.matches: dict[str, Matches] = match_questions(
            self.sources.answers, self.sources.predictions, other, self.chosen, comparer
        )
        self.same_conversions = same_conversions(self.sources, other, np.array(named, bool))
        self.precision = {q: m.precision.tolist() for q, m in self.matches.items()}
        self.recall = {q: m.recall.tolist() for q, m in self.matches.items()}
        self.precision["conversions"] = [1.0] * len(self.pids)
        self.recall["conversions"] = [1.0] * len(self.pids)
        self.exact: dict[int, dict[str, QuestionScore]] = {}  # scored item by item
        self.corrections: list[tuple[int, str, list[Correction]]] = []  # in process and question order
        self._summaries: dict[int, tuple[Summary, Summary]] = {}
        self._conversions: dict[int, tuple[list[Conversion], list[Conversion]]] = {}  # conversion_lists
        self._score_items(comparer)

    def _score_items(self, comparer: Comparer) -> None:
        """The questions scored item by item, in process order (their conversions found
        for all of them at once first)."""
        chosen = self.chosen.tolist()
        exact = np.flatnonzero(~self.chosen | ~self.same_conversions).tolist()
        for k, (answers, predictions) in zip(exact, self.conversion_lists(exact), strict=True):
            if chosen[k]:
                questions = {"conversions": score_question(answers, predictions, comparer.conversion, True)}
                found = {"conversions": comparer.take()}
            else:
                score = score_process(*self.summaries(k), comparer)
                questions, found = score.questions, score.corrections
            self.exact[k] = questions
            for q, result in questions.items():
                self.precision[q][k], self.recall[q][k] = result.precision, result.recall
            self.corrections += [(self.pids[k], q, found[q]) for q in questions if found.get(q)]

    def summaries(self, k: int) -> tuple[Summary, Summary]:
        """The answer's and the prediction's summary of answer process k (made once)."""
        found = self._summaries.get(k)
        if found is None:
            ((answers, predictions),) = self.conversion_lists([k])
            answer = self.sources.answers.of(self.processes[k], answers)
            if self.predicted[k] is self.processes[k]:  # a file against itself
                found = answer, answer
            else:
                found = answer, self.sources.predictions.of(self.predicted[k], predictions)
            self._summaries[k] = found
        return found

    def every_summary(self) -> list[tuple[Summary, Summary]]:
        """summaries(k) of every answer process, in order (their conversions found for all at once first)."""
        every = list(range(len(self.pids)))
        self.conversion_lists(every)
        return list(map(self.summaries, every))

    def conversion_lists(self, ks: list[int]) -> list[tuple[list[Conversion], list[Conversion]]]:
        """Per answer process of `ks` the answer's and the prediction's conversions (those
        of its summaries); those not known yet found for all of them at once and kept."""
        new = [k for k in dict.fromkeys(ks) if k not in self._conversions]
        if new:
            answers = self.sources.answers.conversions_of_many([self.processes[k] for k in new])
            same = self.same_conversions  # equal lists (a file against itself: every process)
            others = [k for k in new if not same[k]]
            found = self.sources.predictions.conversions_of_many([self.predicted[k] for k in others])
            predictions = dict(zip(others, found, strict=True))
            for k, mine in zip(new, answers, strict=True):
                self._conversions[k] = mine, predictions.get(k, mine)
        return [self._conversions[k] for k in ks]

    def diagnostics(self, k: int) -> dict[str, Any]:
        """The score object of the diagnostics (and of the JSON report's processes)."""
        found: dict[str, Any] = {"process_id": self.pids[k]}
        for q in QUESTIONS:
            found[q] = {"precision": self.precision[q][k], "recall": self.recall[q][k]}
        return found
