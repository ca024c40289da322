"""Cancel stops Export JSON while it writes (as it stops the workbook's and the CSV files'
writing): the report is written a piece at a time, Cancel is looked at between two, and a
cancelled write leaves no file and an existing one as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import Cancelled
from engine.methods import get_method
from engine.progress import Progress
from gui.exporting import json_job


class CancelledMidway(Progress):
    """Cancel pressed once the write has passed `checks` cancellation points."""

    def __init__(self, checks: int) -> None:
        super().__init__()
        self.left = checks

    def check(self) -> None:
        self.left -= 1
        if self.left < 0:
            self.cancel()
        super().check()


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    from gui.resources import example_inputs

    _, gold, system = example_inputs()
    folder = tmp_path_factory.mktemp("long")
    long_gold, long_system = folder / "gold.conll", folder / "system.conll"
    for source, target in ((gold, long_gold), (system, long_system)):
        text = Path(source).read_text(encoding="utf-8").rstrip("\n") + "\n\n"
        target.write_text(text * 400, encoding="utf-8")  # 3,600 errors: the error list written in pieces
    method = get_method("faireval")
    return method.evaluate(str(long_gold), str(long_system), method.Options(), Progress())


@pytest.mark.parametrize("existing", [False, True])
def test_a_json_export_cancelled_midway_writes_nothing(report, tmp_path, existing):
    path = tmp_path / "report.json"
    if existing:
        path.write_text("the report of before\n", encoding="utf-8")
    with pytest.raises(Cancelled):
        json_job(report, str(path))(CancelledMidway(checks=5))  # past its start, within the errors
    assert sorted(p.name for p in tmp_path.iterdir()) == (["report.json"] if existing else [])  # no temporary file
    if existing:
        assert path.read_text(encoding="utf-8") == "the report of before\n"
    json_job(report, str(path))(Progress())  # not cancelled: written whole
    assert path.read_text(encoding="utf-8").count('"type"') >= 3600
