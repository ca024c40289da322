"""Small CD-SCO files for the starsem tests: sentences written as words plus negations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

PUNCT = {".", ",", ":", ";", "!", "?", "``", "''"}


def neg(
    cue: dict[int, str], scope: dict[int, str] | None = None, event: dict[int, str] | None = None
) -> dict:
    """One negation: token index → annotated text, per element."""
    return {"cue": cue, "scope": scope or {}, "event": event or {}}


def sentence(words: list[str], negations: list[dict], number: int = 1, chapter: str = "story",
             pos: dict[int, str] | None = None) -> str:  # fmt: skip
    """A sentence's lines: `***` without negations, three columns per negation else."""
    lines = []
    for i, word in enumerate(words):
        tag = (pos or {}).get(i) or (word if word in PUNCT else "NN")
        cells = [chapter, str(number), str(i), word, word.lower(), tag, "*"]
        if not negations:
            cells.append("***")
        for n in negations:
            cells += [n["cue"].get(i, "_"), n["scope"].get(i, "_"), n["event"].get(i, "_")]
        lines.append("\t".join(cells))
    return "\n".join(lines)


def document(*sentences: str, final_blank: bool = True) -> str:
    return "\n\n".join(sentences) + ("\n\n" if final_blank else "\n")


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_bytes(text.encode("utf-8"))
    return path


def evaluate(gold: Path, system: Path, mode: str = "default", task: str = "negation",
             detail: bool = False) -> Any:  # fmt: skip
    from engine.methods.starsem import Options, StarSem

    return StarSem().evaluate(str(gold), str(system), Options(mode, task), detail=detail)


def row(report: Any, key: str, b: bool = False) -> tuple[int, int, int, int, int]:
    """(gold, system, tp, fp, fn) of a standard row as printed."""
    r = report.data["b_scores" if b else "scores"][key]
    return r["gold"], r["system"], r["tp"], r["fp"], r["fn"]


def xrow(report: Any, section: int, name: str) -> tuple[int, int, int, int, int]:
    """(gold, system, tp, fp, fn) of an extended row as printed (section 0, 1 or 2)."""
    r = list(report.data["sections"].values())[section][name]
    return r["gold"], r["system"], r["tp"], r["fp"], r["fn"]


# The worked example of specs/starsem.md §3.10 (the tiny example of §2.1 as GOLD).
WORDS_1 = ["He", "is", "not", "unhappy", "."]
WORDS_2 = ["I", "never", "saw", "him", "."]
WORDS_3 = ["Yes", "."]


def worked_example() -> tuple[str, str]:
    gold = document(
        sentence(WORDS_1, [neg({2: "not"}, {0: "He", 1: "is", 3: "unhappy"}),
                           neg({3: "un"}, {3: "happy"}, {3: "happy"})], 1),
        sentence(WORDS_2, [neg({1: "never"}, {0: "I", 2: "saw", 3: "him"}, {2: "saw"})], 2),
        sentence(WORDS_3, [], 3),
    )  # fmt: skip
    system = document(
        sentence(WORDS_1, [neg({2: "not"}, {0: "He", 1: "is", 3: "unhappy"}),
                           neg({3: "unhappy"}, {3: "happy"}, {3: "happy"})], 1),
        sentence(WORDS_2, [neg({1: "never"}, {2: "saw", 3: "him"}, {2: "saw"})], 2),
        sentence(WORDS_3, [], 3),
    )  # fmt: skip
    return gold, system
