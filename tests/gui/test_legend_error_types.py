"""The viewer's legend at 1280×720 after a run on a real file of ten labels (flair's fashion
NER sample, long label names): the error types' colours, what a person reviewing errors
looks for first, are on the legend's line; before, the document's labels came first and
pushed the error types under "+N more"."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from engine.methods import get_method

from .conftest import evaluate

FASHION = Path(__file__).parents[1] / "data" / "formats" / "conll" / "fashion-eng.train"


def system_of(gold: Path, folder: Path) -> str:
    """The gold's tags with disagreements: a span every fifth dropped, a label changed every
    seventh, an O tagged every thirteenth."""
    lines = []
    for n, line in enumerate(gold.read_text(encoding="utf-8").splitlines()):
        words = line.split(" ")
        if len(words) == 4 and words[3] != "O" and n % 5 == 0:
            words[3] = "O"
        elif len(words) == 4 and words[3] != "O" and n % 7 == 0:
            words[3] = words[3][:2] + "Activity"
        elif len(words) == 4 and words[3] == "O" and n % 13 == 0:
            words[3] = "B-Occasion"
        lines.append(" ".join(words))
    system = folder / "system.conll"
    system.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(system)


def test_at_1280_by_720_the_error_types_are_on_the_legends_line(qtbot, window, tmp_path):
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: window.width() <= 1280 and window.height() <= 720)
    options = replace(get_method("faireval").Options(), reading="conlleval")  # its tags fit no scheme strictly
    evaluate(qtbot, window, "faireval", str(FASHION), system_of(FASHION, tmp_path), options)  # five error types
    legend = window.viewer.legend
    qtbot.waitUntil(lambda: legend.isVisible() and bool(legend.entries))
    types = [entry.name for entry in legend.entries if entry.look == "line"]
    labels = [entry.name for entry in legend.entries if entry.look == "chip"]
    shown = [entry.name for entry, _ in zip(legend.entries, legend.chips, strict=False)]  # the first entries
    assert len(types) >= 3 and len(labels) == 10
    assert legend.more.isVisible()  # not every entry fits: the labels' names are long
    assert shown[: len(types)] == types  # was: five labels, then "+N more" holding every error type
    legend.menu.aboutToShow.emit()
    assert not {action.data() for action in legend.menu.actions()} & set(types)
