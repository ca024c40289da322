"""Under CLUEval a folder beside a .vrt file: its box says what the run does with it. A folder
the run reads with the span readers (doccano's files) lists its labels; a folder of token TAB
tag files, which CLUEval reads as its own vertical text, one file a side, is refused by the
run with its message (one a side, the folders it reads, the files found); a folder of FairEval
span files is refused for its format first, the methods that read it named. The box said
"expected a file, found a folder" for both (review65 F6), whatever the run said."""

from __future__ import annotations

from pathlib import Path

import pytest

VRT = '<text id="t1">\n<s>\nEU\tB-ORG\nrejects\tO\nGerman\tB-MISC\n</s>\n</text>\n'
FOLDERS = {
    "doccano": ("gold.jsonl", '{"text": "EU rejects German", "label": [[0, 2, "ORG"], [11, 17, "MISC"]]}\n'),
    "columns": ("gold.conll", "EU\tB-ORG\nrejects\tO\nGerman\tB-MISC\n\n"),
    "faireval": ("gold.txt", "ORG\t1\t1\tEU\n\n"),
}


def _settled(qtbot, setup) -> None:
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)


def _inputs(tmp_path: Path, kind: str) -> tuple[str, str]:
    """A .vrt file and a folder of one file of this kind."""
    vrt, folder = tmp_path / "gold.vrt", tmp_path / kind
    vrt.write_text(VRT, encoding="utf-8")
    folder.mkdir()
    name, text = FOLDERS[kind]
    (folder / name).write_text(text, encoding="utf-8")
    return str(vrt), str(folder)


def _run(capsys, gold: str, system: str) -> tuple[int, str]:
    """The command line's exit status and message (its prefix taken off) for CLUEval."""
    from engine.cli import main

    status = main(["clueval", gold, system])
    return status, capsys.readouterr().err.removeprefix("spanstudio: error: ").strip()


def _boxes(qtbot, window, gold: str, system: str):
    """The gold and system boxes under CLUEval with these files, looked at."""
    setup = window.setup
    setup.set_method("clueval")
    setup.set_paths(gold, system)
    _settled(qtbot, setup)
    return setup.fields["gold"], setup.fields["system"]


@pytest.mark.parametrize("folder_side", ["system", "gold"])
def test_a_folder_of_token_tag_files_says_the_runs_message(qtbot, window, tmp_path, capsys, folder_side):
    vrt, folder = _inputs(tmp_path, "columns")
    gold, system = (vrt, folder) if folder_side == "system" else (folder, vrt)
    status, said = _run(capsys, gold, system)
    assert status == 2
    assert said == (f"{folder}: expected a file of vertical text (.vrt) with BIO columns, one a side (a folder "
                    "only of WebAnno TSV 3.x (INCEpTION), UIMA CAS XMI (INCEpTION), brat standoff (.ann + .txt), "
                    "Label Studio JSON or doccano JSONL files, or an INCEpTION project export), found a folder "
                    "of 1 file (gold.conll)")  # fmt: skip
    boxes = dict(zip(("gold", "system"), _boxes(qtbot, window, gold, system), strict=True))
    assert boxes[folder_side].error_text == said
    assert not boxes["gold" if folder_side == "system" else "system"].error_text


def test_a_folder_of_faireval_span_files_says_its_format_is_refused(qtbot, window, tmp_path, capsys):
    vrt, folder = _inputs(tmp_path, "faireval")
    status, said = _run(capsys, vrt, folder)
    assert status == 2
    assert said.startswith(f"{folder} looks like a FairEval span file; CLUEval reads vertical text")
    gold, system = _boxes(qtbot, window, vrt, folder)
    assert system.error_text == said.replace(
        " — did you mean 'spanstudio faireval', 'spanstudio spans' or 'spanstudio nervaluate'?",
        ". FairEval, Exact spans or nervaluate read it.",
    )
    assert "click to switch" in system.status.text()  # to a method that reads it
    assert not gold.error_text


def test_a_folder_the_run_reads_with_the_span_readers_lists_its_labels(qtbot, window, tmp_path, capsys):
    vrt, folder = _inputs(tmp_path, "doccano")
    assert _run(capsys, vrt, folder)[0] == 0
    gold, system = _boxes(qtbot, window, vrt, folder)
    assert not gold.error_text and not system.error_text
    assert system.status.text() == "Format: doccano JSONL · labels: MISC, ORG"
