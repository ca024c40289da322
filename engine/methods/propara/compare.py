"""Comparing two summary items: term sets, location normalisation, similarity and pair
scores (specs/propara.md §3.5), with the corrected similarity of §4.2.

Every distinct phrase is split and normalised once (cached); a similarity is computed
once per distinct (answer, prediction, kind) and cached too.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import porter
from .summary import Conversion, Move

ARTICLES = frozenset(["a", "an", "the", "your", "his", "their", "my", "another", "other", "this", "that"])

Terms = tuple[frozenset[str], ...]  # one set of alternatives per ` AND ` part
Similarity = tuple[float, "Correction | None"]  # a similarity, and its correction if the original's was wrong


def split_terms(phrase: str) -> list[list[str]]:
    """` AND ` parts (stripped), each split on ` OR ` into alternatives (not stripped)."""
    return [part.strip().split(" OR ") for part in phrase.split(" AND ")]


def normalize_location(alternative: str) -> str:
    """Lower-case, drop one leading article, stem the whole rest as one word, strip."""
    text = alternative.lower()
    head, space, rest = text.partition(" ")
    if space and head in ARTICLES:
        text = rest
    return porter.stem(text).strip()


def location_terms(phrase: str) -> Terms:
    terms = []
    for alternatives in split_terms(phrase):
        if any(not a.strip() for a in alternatives):
            terms.append(frozenset([""]))  # a blank alternative blanks the whole part (Q11)
        else:
            terms.append(frozenset(normalize_location(a) for a in alternatives))
    return tuple(terms)


def participant_terms(phrase: str) -> Terms:
    return tuple(frozenset(alternatives) for alternatives in split_terms(phrase))


def original_similarity(answer: Terms, prediction: Terms) -> float | None:
    """m / (p + a − m) with m counting sharing *pairs* of parts; None when it divides by 0."""
    m = sum(1 for p in prediction for a in answer if not p.isdisjoint(a))
    denominator = len(prediction) + len(answer) - m
    return None if denominator == 0 else m / denominator


def corrected_similarity(answer: Terms, prediction: Terms) -> float:
    """Jaccard over distinct parts with a maximum one-to-one matching of sharing parts (§4.2)."""
    a_parts, p_parts = list(dict.fromkeys(answer)), list(dict.fromkeys(prediction))
    matched = max_matching([[j for j, a in enumerate(a_parts) if not p.isdisjoint(a)] for p in p_parts])
    return matched / (len(p_parts) + len(a_parts) - matched)


def max_matching(edges: list[list[int]]) -> int:
    """Size of a maximum matching of a bipartite graph (left i → right neighbours edges[i])."""
    owner: dict[int, int] = {}

    def augment(left: int, seen: set[int]) -> bool:
        for right in edges[left]:
            if right not in seen:
                seen.add(right)
                if right not in owner or augment(owner[right], seen):
                    owner[right] = left
                    return True
        return False

    return sum(1 for left in range(len(edges)) if augment(left, set()))


@dataclass(frozen=True)
class Correction:
    """A similarity the original gets wrong (above 1, negative or undefined)."""

    kind: str  # "location" or "participant"
    answer: str
    prediction: str
    original: float | None  # None: division by zero
    corrected: float

    def message(self) -> str:
        shown = "undefined (division by zero)" if self.original is None else repr(self.original)
        return (
            f"similarity of prediction '{self.prediction}' and answer '{self.answer}' is {shown} "
            f"in the original (a part was counted twice); corrected to {self.corrected!r}"
        )


class DivisionByZero(Exception):
    """The original would have crashed here."""


class Comparer:
    """Similarities and pair scores, corrected (default) or as the original computes them;
    `terms` and `sims` are caches (shared by as_original)."""

    def __init__(self, original: bool = False, terms: dict[tuple[str, str], Terms] | None = None,
                 sims: dict[tuple[str, str, str], Similarity] | None = None) -> None:  # fmt: skip
        self.original = original
        self.corrections: list[Correction] = []  # since the last take()
        self._terms = {} if terms is None else terms
        self._sims = {} if sims is None else sims

    def as_original(self) -> Comparer:
        """The same comparer computing the original's similarities (sharing the caches)."""
        return Comparer(True, self._terms, self._sims)

    def take(self) -> list[Correction]:
        found, self.corrections = self.corrections, []
        return found

    def terms(self, kind: str, phrase: str) -> Terms:
        key = (kind, phrase)
        terms = self._terms.get(key)
        if terms is None:
            make = location_terms if kind == "location" else participant_terms
            terms = self._terms[key] = make(phrase)
        return terms

    def similarity(self, kind: str, answer: str, prediction: str) -> float:
        if answer == prediction:
            return 1.0
        key = (kind, answer, prediction)
        known = self._sims.get(key)
        if known is None:
            known = self._sims[key] = self._compute(kind, answer, prediction)
        value, correction = known
        if correction is not None:
            if self.original:
                if correction.original is None:
                    raise DivisionByZero()
                return correction.original
            self.corrections.append(correction)
        return value

    def _compute(self, kind: str, answer: str, prediction: str) -> tuple[float, Correction | None]:
        a, p = self.terms(kind, answer), self.terms(kind, prediction)
        value = original_similarity(a, p)
        if value is not None and 0.0 <= value <= 1.0:
            return value, None
        fixed = corrected_similarity(a, p)
        return fixed, Correction(kind, answer, prediction, value, fixed)

    # --- pair scores ------------------------------------------------------------------

    def participants(self, answer: str, prediction: str) -> float:
        return self.similarity("participant", answer, prediction)

    def move(self, answer: Move, prediction: Move) -> float:
        if answer.step != prediction.step:
            return 0.0
        who, before, after, _ = answer
        their_who, their_before, their_after, _ = prediction
        sim = self.similarity  # equal texts: 1.0 without a call
        total = 1.0 if who == their_who else sim("participant", who, their_who)
        total += 1.0 if before == their_before else sim("location", before, their_before)
        total += 1.0 if after == their_after else sim("location", after, their_after)
        return total / 3

    def conversion(self, answer: Conversion, prediction: Conversion) -> float:
        if answer.step != prediction.step:
            return 0.0
        a, p, sim = answer, prediction, self.similarity  # equal texts: 1.0 without a call
        total = 1.0 if a.location == p.location else sim("location", a.location, p.location)
        total += 1.0 if a.destroyed == p.destroyed else sim("participant", a.destroyed, p.destroyed)
        total += 1.0 if a.created == p.created else sim("participant", a.created, p.created)
        return total / 3
