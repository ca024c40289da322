"""A made-up method for the app's tests: every option type, a character document with
span kinds, re-scoring without reading the files again, and modes that run until
cancelled or crash. Registered only while a test uses the `toy` fixture."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from engine.errors import InputError
from engine.methods import InputSpec, Method
from engine.options import option
from engine.progress import NO_PROGRESS, Progress
from engine.report import InputFile, Report, Table, error_row
from engine.spans import Document, Span
from engine.textio import read_text


@dataclass(frozen=True)
class ToyOptions:
    strict: bool = option(True, "Count only exact matches.")
    rounds: int = option(3, "How many rounds.", minimum=1, maximum=9)
    weight: float = option(0.5, "Weight of a partial match.", minimum=0.0, maximum=1.0)
    mode: str = option("normal", "How the toy behaves.", choices=("normal", "slow", "crash"))
    tables: tuple[str, ...] = option(("a",), "Which tables to add.", choices=("a", "b", "c"))
    labels: tuple[str, ...] = option((), "Labels to keep, comma-separated.")
    limit: int | None = option(None, "An optional limit.")
    extra: Path | None = option(None, "An extra file.", path=True)
    note: str | None = option(None, "A note.")
    hidden: int = option(1, "Not in the app.", gui=False)


TEXT = "The cat sat.\nA dog ran far.\n"


class Toy(Method):
    name = "toy"
    title = "Toy — a method for tests"
    description = "Counts the characters of two files; for the app's tests."
    Options = ToyOptions
    inputs = (
        InputSpec("gold", "gold", "The gold file."),
        InputSpec("system", "system", "The system file."),
    )

    def __init__(self) -> None:
        self.evaluations = 0

    def evaluate(
        self, gold: str, system: str, options: Any, progress: Progress = NO_PROGRESS, *, detail: bool = True
    ) -> Report:
        self.evaluations += 1
        text = read_text(gold)
        read_text(system)
        if options.mode == "crash":
            raise RuntimeError("the toy broke")
        if options.mode == "slow":
            while True:  # until cancelled
                progress.update(0.5, "going slowly")
                time.sleep(0.01)
        if not text.strip():
            raise InputError("some text", "an empty file", file=gold, line=1)
        return build(gold, system, options)

    def rescore(self, report: Report, options: Any) -> Report | None:
        return build(report.inputs[0].path, report.inputs[1].path, options)


def build(gold: str, system: str, options: Any) -> Report:
    """A report over TEXT whose score depends on the options only."""
    doc = Document("toy.txt", TEXT, [(0, 13), (13, 28)], joiner="", unit_name="line")
    gold_spans = [
        Span(4, 7, "ANIMAL", "toy.txt", {"kind": "entity"}),
        Span(0, 12, "S", "toy.txt", {"kind": "clause"}),
        Span(15, 18, "ANIMAL", "toy.txt", {"kind": "entity", "status": "FN"}),
    ]
    system_spans = [
        Span(4, 7, "ANIMAL", "toy.txt", {"kind": "entity"}),
        Span(0, 12, "S", "toy.txt", {"kind": "clause"}),
    ]
    errors = [
        error_row(error_id="E1", document="toy.txt", unit=2, type="FN", gold_label="ANIMAL", gold_start=15, gold_end=18,
                  gold_parts=[[15, 18]], gold_text="dog"),
    ]  # fmt: skip
    score = options.weight * options.rounds
    tables = {
        "overall": Table(["measure", "value"], [["score", score], ["rounds", options.rounds]], "Overall")
    }
    tables["detail"] = Table(["x"], [[1]], "Matches", kind="detail", note="A detail table.")
    return Report(
        method="toy",
        title=Toy.title,
        options={"weight": options.weight, "rounds": options.rounds},
        inputs=[*InputFile.of("gold", gold), *InputFile.of("system", system)],
        tables=tables,
        error_rows=errors,
        documents=[doc],
        gold_spans=gold_spans,
        system_spans=system_spans,
        messages=["a toy warning"],
    )


def with_mode(options: ToyOptions, mode: str) -> ToyOptions:
    return replace(options, mode=mode)
