"""Scores, rounding and the printed report of the default and `--starsem-exact` modes
(specs/starsem.md §4.1, §4.2, §5.1, §6.2)."""

from __future__ import annotations

from typing import Any

from .scoring import Counts, Row

L1 = "-" * 27 + "+------+--------+------+------+------+---------------+------------+---------"
HEADER = " " * 28 + "| gold | system | tp   | fp   | fn   | precision (%) | recall (%) | F1  (%) "
L3 = "-" * 28 + "+------+--------+------+------+------+---------------+------------+---------"
END = "-" * 104

#: (JSON key, printed label) of the rows and of the B rows.
ROWS = (
    ("cues", "Cues:"),
    ("scopes_cue_match", "Scopes(cue match):"),
    ("scopes_no_cue_match", "Scopes(no cue match):"),
    ("scope_tokens_no_cue_match", "Scope tokens(no cue match):"),
    ("negated_no_cue_match", "Negated(no cue match):"),
    ("full_negation", "Full negation:"),
)
B_ROWS = (
    ("cues", "Cues B:"),
    ("scopes_cue_match", "Scopes B (cue match):"),
    ("scopes_no_cue_match", "Scopes B (no cue match):"),
    ("negated_no_cue_match", "Negated B (no cue match):"),
    ("full_negation", "Full negation B:"),
)
SENTENCE_KEYS = (
    ("sentences", " # sentences"),
    ("negation_sentences", " # negation sentences"),
    ("negation_sentences_with_errors", " # negation sentences with errors"),
    ("correct_sentences_pct", " % correct sentences"),
    ("correct_negation_sentences_pct", " % correct negation sentences"),
)


def percent(part: int, whole: int) -> float:
    """(part / whole) × 100 in this order, 0 for an empty whole (§4.1)."""
    return (part / whole) * 100 if whole else 0.0


def f1(p: float, r: float) -> float:
    return (2 * p * r) / (p + r) if p + r else 0.0


def two(x: float) -> str:
    return f"{x:.2f}"


def scores(tp: int, fp: int, fn: int, system: int, exact: bool) -> tuple[str, str, str, str, str]:
    """Printed P, R, F1, B precision and B F1 of one row (§4.1, §4.2: v2.2 rounds P and R
    to their two-decimal text before F1)."""
    p, r, pb = percent(tp, tp + fp), percent(tp, tp + fn), percent(tp, system)
    if exact:
        p, r, pb = float(two(p)), float(two(r)), float(two(pb))
    return two(p), two(r), two(f1(p, r)), two(pb), two(f1(pb, r))


class Table:
    """The standard report of one set of counts, under the fixed or the v2.2 rules."""

    def __init__(self, counts: Counts, exact: bool, negated: Row | None = None) -> None:
        self.exact = exact
        c = counts
        neg = negated or (c.negated_v22 if exact else c.negated)
        shown_free_tp = c.scope.tp if exact else c.scope_free.tp  # quirk S1
        #: key → (gold, system, printed tp, row counts, B denominator)
        self.sources: dict[str, tuple[int, int, int, Row, int]] = {
            "cues": (c.cues_g, c.cues_p, c.cue.tp, c.cue, c.cues_p),
            "scopes_cue_match": (c.scopes_g, c.scopes_p, c.scope.tp, c.scope, c.scopes_p),
            "scopes_no_cue_match": (c.scopes_g, c.scopes_p, shown_free_tp, c.scope_free, c.scopes_p),
            "scope_tokens_no_cue_match": (c.tokens_g, c.tokens_p, c.tokens.tp, c.tokens, 0),
            "negated_no_cue_match": (c.negated_g, c.negated_p, neg.tp, neg, c.negated_p),
            "full_negation": (c.cues_g, c.cues_p, c.full.tp, c.full, c.cues_p),
        }
        self.scores: dict[str, dict[str, Any]] = {}
        self.b_scores: dict[str, dict[str, Any]] = {}
        for key, label in ROWS:
            self.scores[key] = self._row(key, label, b=False)
        for key, label in B_ROWS:
            self.b_scores[key] = self._row(key, label, b=True)
        self.sentences = self._sentences(c)

    def _row(self, key: str, label: str, b: bool) -> dict[str, Any]:
        gold, system, shown_tp, row, denominator = self.sources[key]
        p, r, f, pb, fb = scores(row.tp, row.fp, row.fn, denominator, self.exact)
        precision, f_score = (pb, fb) if b else (p, f)
        return {"label": label, "gold": gold, "system": system, "tp": shown_tp, "fp": row.fp,
                "fn": row.fn, "precision": precision, "recall": r, "f1": f_score}  # fmt: skip

    def _sentences(self, c: Counts) -> dict[str, Any]:
        if self.exact:  # §4.2: 100 − the rounded error percentage
            correct = two(100 - float(two((c.error_sentences * 100) / c.sentences)))
            negation = "100.00"  # only reached by the default mode's comparison (§6, fix 5)
            if c.negation_sentences:
                negation = two(100 - float(two((c.error_negation_sentences * 100) / c.negation_sentences)))
        else:
            correct = two(100 - (c.error_sentences * 100) / c.sentences)
            errors = 0.0
            if c.negation_sentences:
                errors = (c.error_negation_sentences * 100) / c.negation_sentences
            negation = two(100 - errors)
        return {"sentences": c.sentences, "negation_sentences": c.negation_sentences,
                "negation_sentences_with_errors": c.error_negation_sentences,
                "correct_sentences_pct": correct, "correct_negation_sentences_pct": negation}  # fmt: skip

    # --- output ------------------------------------------------------------------------

    def lines(self) -> list[tuple[str, str]]:
        """(label, printed line) of every line that carries numbers, in report order."""
        out = [(row["label"].rstrip(":"), row_line(row)) for row in self.scores.values()]
        out += [(row["label"].rstrip(":"), row_line(row)) for row in self.b_scores.values()]
        out += [(text.strip(), f"{text}: {self.sentences[key]}") for key, text in SENTENCE_KEYS]
        return out

    def text(self) -> str:
        numbered = [line for _, line in self.lines()]
        lines = [L1, HEADER, L3, *numbered[:6], L1, *numbered[6:11], L1, *numbered[11:], END]
        return "\n".join(lines) + "\n"

    def data(self) -> dict[str, Any]:
        """`scores`, `b_scores` and `sentences` with the printed values (§6.2)."""
        return {
            "scores": {k: _plain(row) for k, row in self.scores.items()},
            "b_scores": {k: _plain(row) for k, row in self.b_scores.items()},
            "sentences": {k: _number(v) for k, v in self.sentences.items()},
        }


def row_line(row: dict[str, Any]) -> str:
    label = row["label"]
    return (
        f"{label} {row['gold']:{33 - len(label)}d} | {row['system']:6d} | {row['tp']:4d} | {row['fp']:4d} | "
        f"{row['fn']:4d} | {row['precision']:>13} | {row['recall']:>10} | {row['f1']:>7}"
    )


def _number(value: Any) -> Any:
    return float(value) if isinstance(value, str) else value


def _plain(row: dict[str, Any]) -> dict[str, Any]:
    return {k: (v if k == "label" else _number(v)) for k, v in row.items()}


def changed_rows(fixed: Table, original: Table, negation_sentences: int) -> list[str]:
    """Labels of the printed lines that the default mode's fixes change (§6)."""
    changed = []
    for (label, line), (_, old) in zip(fixed.lines(), original.lines(), strict=True):
        if line != old and not (label == "% correct negation sentences" and not negation_sentences):
            changed.append(label)
    return changed
