"""A folder in a read box is looked at as its run reads it: every file, not its first alone.
A CoNLL folder whose second file breaks the tag scheme (an I- after O, or IOB1 tags where the
Scheme says IOB2) was quiet in its box while the run stopped on that file's line; a doccano
folder's second file likewise. The box says the run's own message, and lists the labels of
the whole folder; each CoNLL file's columns are read once for both."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.formats.standoff import ReadOptions
from gui.file_contents import read_contents


def _settled(qtbot, setup) -> None:
    qtbot.waitUntil(lambda: not setup.looking and not setup.looking_at_chosen(), timeout=20_000)


def _folder(root: Path, name: str, files: dict[str, str]) -> str:
    """A folder of these files (name: text)."""
    folder = root / name
    folder.mkdir()
    for file, text in files.items():
        (folder / file).write_text(text, encoding="utf-8")
    return str(folder)


GOOD = {"a.conll": "EU\tB-ORG\nrejects\tO\n\n", "b.conll": "Peter\tB-PER\nsaid\tO\nBlack\tB-PER\n\n"}
#: Its second file's I-PER after O: the run stops on b.conll's line 3 (IOB2 detected, read strictly).
BROKEN = {"a.conll": GOOD["a.conll"], "b.conll": "Peter\tB-PER\nsaid\tO\nBlack\tI-PER\n\n"}
#: Its second file in IOB1 (an I-PER opens the span): read so where the scheme is detected.
IOB1 = {"a.conll": GOOD["a.conll"], "b.conll": "Peter\tI-PER\nsaid\tO\nBlack\tI-PER\n\n"}


def _run_says(capsys, *args: str) -> str:
    """What the command line prints where the run stops (its exit status 2)."""
    from engine.cli import main

    assert main(list(args)) == 2
    return capsys.readouterr().err.removeprefix("spanstudio: error: ").strip()


def test_a_conll_folder_whose_second_file_breaks_the_scheme_says_where_the_run_stops(
    qtbot, window, tmp_path, capsys
):
    """The System and Second boxes hold a folder whose b.conll has an I-PER after O: they were
    quiet (the look read a.conll alone) while the run stopped on b.conll:3; they say it now, as
    the command line does, and the gold's folder lists both files' labels."""
    gold, broken = _folder(tmp_path, "gold", GOOD), _folder(tmp_path, "system", BROKEN)
    said = _run_says(capsys, "spans", gold, broken)
    assert said.startswith(f"{broken}/b.conll:3: expected IOB2")
    setup = window.setup
    setup.set_method("spans")
    setup.set_paths(gold, broken)
    setup.second.set_path(broken)
    _settled(qtbot, setup)
    boxes = (setup.fields["system"], setup.second)
    assert [box.error_text for box in boxes] == [
        said.replace("--reading conlleval", "Reading set to conlleval")
    ] * 2
    assert not setup.fields["gold"].error_text
    assert setup.fields["gold"].status.text().endswith("labels: ORG, PER")  # b.conll's PER too


def test_a_folder_of_iob1_read_as_iob2_says_where_the_run_stops(qtbot, window, tmp_path, capsys):
    """A folder whose first file fits IOB2 and whose second holds IOB1 tags: read with each
    file's scheme detected it is read; with the Scheme set to IOB2 the run stops on b.conll:1,
    and the box says so (it was quiet: the look read a.conll alone)."""
    gold, iob1 = _folder(tmp_path, "gold", GOOD), _folder(tmp_path, "system", IOB1)
    said = _run_says(capsys, "spans", "--scheme", "IOB2", gold, iob1)
    assert said.startswith(f"{iob1}/b.conll:1: expected IOB2")
    setup = window.setup
    setup.set_method("spans")
    setup.set_paths(gold, iob1)
    _settled(qtbot, setup)
    assert not setup.fields["system"].error_text
    editor = setup.panel.editors["scheme"]
    editor.set_value("IOB2")
    editor.changed.emit()
    _settled(qtbot, setup)
    assert setup.fields["system"].error_text == said.replace(
        "--system-scheme IOB1", "System scheme set to IOB1"
    )


def test_a_doccano_folder_whose_second_file_the_run_refuses_says_so(qtbot, window, tmp_path, capsys):
    """A doccano folder whose b.jsonl has a span past its text's end: its box was quiet."""
    gold = _folder(tmp_path, "gold", {"a.jsonl": '{"text": "EU rejects", "label": [[0, 2, "ORG"]]}\n',
                                      "b.jsonl": '{"text": "Peter", "label": [[0, 5, "PER"]]}\n'})  # fmt: skip
    broken = _folder(tmp_path, "system", {"a.jsonl": '{"text": "EU rejects", "label": [[0, 2, "ORG"]]}\n',
                                          "b.jsonl": '{"text": "Peter", "label": [[0, 9, "PER"]]}\n'})  # fmt: skip
    said = _run_says(capsys, "spans", gold, broken)
    assert said.startswith(f"{broken}/b.jsonl:1: expected 0 ≤ start ≤ end ≤ 5")
    setup = window.setup
    setup.set_method("spans")
    setup.set_paths(gold, broken)
    _settled(qtbot, setup)
    assert setup.fields["system"].error_text == said
    assert setup.fields["gold"].status.text().endswith("labels: ORG, PER")


def test_a_look_reads_each_file_of_a_conll_folder_once(monkeypatch, tmp_path):
    """The look at a CoNLL folder lists its first file's choices and reads every file's spans:
    each file's columns are read once (COLUMN_FILES)."""
    from engine.formats.conll import ColumnFile

    folder = _folder(tmp_path, "folder", GOOD)
    reads, real = [], ColumnFile._read.__func__

    def counted(cls, *args):
        reads.append(Path(args[0]).name)
        return real(cls, *args)

    monkeypatch.setattr(ColumnFile, "_read", classmethod(counted))
    assert read_contents(folder, ReadOptions()).labels == ["ORG", "PER"]
    assert sorted(reads) == ["a.conll", "b.conll"]


LABEL_STUDIO = (
    '[{"id": 1, "data": {"text": "EU rejects"}, "annotations": [{"id": 1, "result": [{"id": "a", '
    '"from_name": "label", "to_name": "text", "type": "labels", "value": {"start": 0, "end": %s, '
    '"text": "EU", "labels": ["ORG"]}}]}]}]\n'
)
WEBANNO = (
    "#FORMAT=WebAnno TSV 3.3\n#T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|value\n\n\n"
    "#Text=EU rejects\n1-1\t0-2\tEU\tORG\n1-2\t3-%s\trejects\t_\n"
)
#: A folder's two files of each format the span readers read file by file: its second the run refuses.
OTHER_FORMATS = {
    "label-studio": ("json", LABEL_STUDIO % 2, LABEL_STUDIO % 99),
    "webanno-tsv": ("tsv", WEBANNO % 10, WEBANNO % 99),
    "faireval-spans": ("txt", "ORG\t1\t1\tEU\n\n", "PER\t1\t1\tPeter\n\nPER\tx\t2\tBlack\n\n"),
    "conll2000": (
        "txt",
        "EU NNP B-NP\nrejects VBZ B-VP\n\n",
        "Peter NNP B-NP\nsaid VBD O\nBlack NNP I-NP\n\n",
    ),
}


@pytest.mark.parametrize("format", OTHER_FORMATS)
def test_a_folder_of_another_format_says_where_its_run_stops(tmp_path, format):
    """Label Studio, WebAnno TSV, FairEval's span files and CoNLL-2000 under the span methods:
    the look at the folder says the run's message for its second file (it read the first alone)."""
    from engine.errors import InputError
    from engine.formats import read_spans

    suffix, good, bad = OTHER_FORMATS[format]
    folder = _folder(tmp_path, "folder", {f"a.{suffix}": good, f"b.{suffix}": bad})
    with pytest.raises(InputError) as run:
        read_spans(folder)
    assert run.value.file.endswith(f"b.{suffix}")
    assert str(read_contents(folder, ReadOptions()).error) == str(run.value)
