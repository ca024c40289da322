"""Label Studio's labelling config beside the tasks is found by its name in any case, as a
UIMA type system is (formats.companion_named): `CONFIG.XML` was not read beside a file (a
task whose text only the config names was refused: 'no text'), and a folder holding it read
it as a file of tasks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli import main
from engine.errors import InputError
from engine.formats import annotation_files, detect, label_studio, read_spans

#: A task whose text only the config names: two strings, the region's to_name no data key.
TASK = {"id": 1, "data": {"review": "Anna met Bob", "title": "Meeting"},
        "annotations": [{"result": [{"to_name": "words", "type": "labels",
                                     "value": {"start": 0, "end": 4, "labels": ["PER"]}}]}]}  # fmt: skip
CONFIG = '<View><Text name="words" value="$review"/><Labels name="l" toName="words"/></View>\n'


def tasks(folder: Path, *configs: str) -> Path:
    """tasks.json in `folder`, with the labelling config under each name."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tasks.json").write_text(json.dumps([TASK]), encoding="utf-8")
    for name in configs:
        (folder / name).write_text(CONFIG, encoding="utf-8")
    return folder / "tasks.json"


def texts(path: Path) -> list[tuple[str, object]]:
    read = read_spans(str(path))
    docs = {d.name: d for d in read.documents}
    return [(s.label, docs[s.doc].tokens[s.start : s.end]) for s in read.spans]


@pytest.mark.parametrize("name", ["config.xml", "CONFIG.XML", "Config.xml"])
def test_the_config_is_read_in_any_case(tmp_path, name):
    path = tasks(tmp_path / "gold", name)
    assert texts(path) == texts(path.parent) == [("PER", "Anna")]
    assert annotation_files(path.parent) == [path]
    assert detect(path.parent) == label_studio.TITLE


def test_a_folder_with_its_config_in_upper_case(tmp_path, capsys):
    gold, system = (tasks(tmp_path / side, "CONFIG.XML").parent for side in ("gold", "system"))
    assert main(["spans", str(gold), str(system)]) == 0, capsys.readouterr().err


def test_the_exact_name_is_taken_of_two_alike_but_for_case(tmp_path):
    path = tasks(tmp_path / "gold", "config.xml", "CONFIG.XML")
    (path.parent / "CONFIG.XML").write_text("<View/>\n", encoding="utf-8")
    assert texts(path) == [("PER", "Anna")]


def test_two_alike_but_for_case_and_none_of_the_exact_name_are_said(tmp_path):
    path = tasks(tmp_path / "gold", "Config.xml", "CONFIG.XML")
    with pytest.raises(InputError) as caught:
        read_spans(str(path))
    assert caught.value.file == str(path)
    assert str(caught.value).endswith("expected one labelling config (config.xml in any case) beside the file, "
                                      "found CONFIG.XML and Config.xml, named alike but for case: keep one")


def test_a_folder_is_listed_once_for_its_files_config(tmp_path, monkeypatch):
    """A folder of tasks without config.xml (no exact name to find): its files share one look
    for a config in any case, not one listing of the folder each (120 s for 3000 files)."""
    import engine.formats as formats

    one_text = {**TASK, "data": {"review": "Anna met Bob"}}
    list_folder = formats.folder_files

    def listings(files: int) -> int:
        folder = tmp_path / f"{files} files"
        folder.mkdir()
        for number in range(files):
            (folder / f"{number}.json").write_text(json.dumps([one_text]), encoding="utf-8")
        listed: list[Path] = []
        monkeypatch.setattr(formats, "folder_files", lambda f: listed.append(f) or list_folder(f))
        assert len(read_spans(str(folder)).documents) == files
        return len(listed)

    assert listings(2) == listings(6)


@pytest.mark.parametrize("name", ["config.xml", "CONFIG.XML"])
def test_a_config_naming_no_text_of_the_task_is_named_as_found(tmp_path, name):
    """review60 F1: the message named `config.xml` where the file beside is `CONFIG.XML`."""
    path = tasks(tmp_path / "gold", name)
    (path.parent / name).write_text(CONFIG.replace("$review", "$body"), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_spans(str(path))
    assert f"none of them named by the {name} beside the file" in str(caught.value)
