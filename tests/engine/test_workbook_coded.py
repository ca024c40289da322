"""The workbook writer makes each coded column's distinct texts cells once a workbook, by the
texts' identity: texts a row maker hands out afresh on each call are not taken for others'."""

from __future__ import annotations

import io

import numpy as np

from engine.export.package import Package
from engine.export.xlsx import _Writer
from engine.progress import NO_PROGRESS
from engine.report import Coded, Later, Report


class FreshRows(Later):
    """One text column coded, its texts a new list on every call (nothing else holds them)."""

    def __init__(self, texts: tuple[str, ...]) -> None:
        self.texts = texts
        super().__init__(len(texts), part=lambda start, stop: [[t] for t in texts[start:stop]])

    def coded_texts(self) -> dict[str, Coded]:
        return {"name": Coded(list(self.texts), np.arange(len(self.texts)))}


def test_texts_handed_out_afresh_are_not_taken_for_another_tables():
    """A freed list's id comes again (within a few dozen tables here): the writer keeps the
    texts it made cells of, so another table's texts never meet their cells."""
    report = Report(method="spans", title="t", options={}, inputs=[], tables={})
    writer = _Writer(Package(io.BytesIO()), report, "percent", NO_PROGRESS)
    names = [(f"first{k}", f"second{k}") for k in range(200)]
    made = [writer._coded(FreshRows(texts))["name"].texts.encoded.tolist() for texts in names]
    assert made == [[*(name.encode() for name in texts), b""] for texts in names]  # b"": no text (−1)
