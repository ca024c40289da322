"""The app follows the Format options as the command line does (review62 F3): CLUEval with
CoNLL-2000 chunks as gold and system refuses them ("looks like CoNLL-2000"), but with Format =
conll `spanstudio clueval … --format conll` reads them, and so do the app's boxes and its run
(before, the boxes stayed red and the run refused the gold); a Second system of chunks the
same, read as the System (as compare reads its system B: --format or --system-format)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cli import main
from gui.style import ERROR_COLOUR

from .test_second_system_box import _run_says, _settled, chosen

#: CoNLL-2000 chunks (word, part of speech, chunk tag), which CLUEval refuses unless a Format
#: option names CoNLL columns; the second file's tags differ in one place.
CHUNKS = "EU NNP B-NP\nrejects VBZ B-VP\n\nPeter NNP B-NP\nsaid VBD B-VP\n"
OTHER = CHUNKS.replace("rejects VBZ B-VP", "rejects VBZ O")
#: The Format options that name a Second system's format: both sides', or each side's own
#: (the System's is the Second system's too).
NAMING = {"format": {"format": "conll"}, "own": {"gold_format": "conll", "system_format": "conll"}}


def _files(tmp_path: Path) -> tuple[str, str, str]:
    """A gold, a system and a second system of CoNLL-2000 chunks."""
    written = {"gold.txt": CHUNKS, "system.txt": CHUNKS, "second.txt": OTHER}
    for name, text in written.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    gold, system, second = (str(tmp_path / name) for name in written)
    return gold, system, second


def _red(setup) -> dict[str, str]:
    """The message of each read box in red, by side."""
    boxes = setup.read_boxes().items()
    return {side: box.error_text for side, box in boxes if ERROR_COLOUR in box.status.styleSheet()}


def _choose(qtbot, setup, values: dict[str, str]) -> None:
    """Set Format options as a person does, each in its editor, and wait for the looks."""
    for name, value in values.items():
        setup.panel.editors[name].set_value(value)
    _settled(qtbot, setup)


def _flags(values: dict[str, str]) -> list[str]:
    """The command line's flags for these options."""
    return [part for name, value in values.items() for part in (f"--{name.replace('_', '-')}", value)]


def test_clueval_reads_conll2000_chunks_in_its_boxes_and_run_with_format_conll(
    qtbot, window, shown, tmp_path, monkeypatch, capsys
):
    gold, system, _ = _files(tmp_path)
    assert main(["clueval", gold, system, "--format", "conll"]) == 0
    capsys.readouterr()
    setup = chosen(qtbot, window, "clueval", gold, system)
    assert set(_red(setup)) == {"gold", "system"}  # looks like CoNLL-2000, as the command line says
    _choose(qtbot, setup, {"format": "conll"})
    assert _red(setup) == {}
    assert _run_says(qtbot, window, shown, monkeypatch) == "" and window.run is not None
    assert [found.role for found in window.report.inputs] == ["gold", "system"]


@pytest.mark.parametrize("naming", sorted(NAMING))
def test_a_second_system_of_chunks_is_read_as_the_system_with_format_conll(
    qtbot, window, shown, tmp_path, monkeypatch, capsys, naming
):
    gold, system, second = _files(tmp_path)
    values = NAMING[naming]
    assert main(["compare", "clueval", gold, system, second, *_flags(values)]) == 0
    capsys.readouterr()
    setup = chosen(qtbot, window, "clueval", gold, system, second)
    assert "second" in _red(setup)
    _choose(qtbot, setup, values)
    assert _red(setup) == {}
    assert _run_says(qtbot, window, shown, monkeypatch) == "" and window.run is not None
    assert [found.role for found in window.report.inputs] == ["gold", "system", "system_b"]


@pytest.mark.parametrize(("named", "red"), [("gold_format", {"system", "second"}), ("system_format", {"gold"})])
def test_one_sides_format_names_the_second_systems_as_the_systems(qtbot, window, tmp_path, capsys, named, red):
    """The Second system is read as the System (review63 F1): the gold's Format alone leaves
    the System and Second boxes red, as compare still refuses B; the System's alone clears
    the Second box, as `compare … --system-format conll` reads B."""
    gold, system, second = _files(tmp_path)
    codes = {side: main(["compare", "clueval", gold, system, second, *_flags({f"{side}_format": "conll"})])
             for side in ("gold", "system")}  # fmt: skip
    capsys.readouterr()
    assert codes == {"gold": 2, "system": 2}  # each run refuses the other side's chunks
    setup = chosen(qtbot, window, "clueval", gold, system, second)
    _choose(qtbot, setup, {named: "conll"})
    assert set(_red(setup)) == red
