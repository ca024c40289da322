"""Span files cut short, of another encoding or empty (engine/formats): one message naming
the file and the line, never a traceback or a wrong guess of the format; UTF-16 XML (as
Windows Notepad's "Unicode" writes it) is read, as XML allows."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.errors import InputError
from engine.formats import detect, read_spans
from engine.formats.standoff import ReadOptions

SAMPLES = Path(__file__).resolve().parent.parent / "data" / "formats"
RELATION = SAMPLES / "uima-xmi" / "inception-relation"
TSV = ("#FORMAT=WebAnno TSV 3.3\n#T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|value\n\n\n"
       "#Text=Ann met Bob\n1-1\t0-3\tAnn\tPER\n1-2\t4-7\tmet\t_\n1-3\t8-11\tBob\tPER\n\n#Text=Bob left\n")  # fmt: skip


def _message(path, format=None) -> str:
    with pytest.raises(InputError) as caught:
        read_spans(str(path), format)
    return caught.value.message


def test_a_pretty_printed_label_studio_export_cut_before_its_keys_names_the_line(tmp_path):
    task = {"data": {"text": "Anna met Bob " * 20}, "annotations": [{"result": []}]}
    whole = json.dumps([task], indent=4)
    path = tmp_path / "tasks.json"
    path.write_text(whole[: whole.index('"annotations"')], encoding="utf-8")  # cut before the keys that tell
    assert detect(path) is None
    assert _message(path) == (f"{path}:6: expected a JSON object on each line (JSON Lines), or one JSON "
                              "document, found invalid JSON (unexpected end of data)")  # fmt: skip


def test_a_webanno_tsv_cut_after_a_text_line_names_it(tmp_path):
    path = tmp_path / "cut.tsv"
    path.write_text(TSV, encoding="utf-8")
    assert _message(path) == (f"{path}:10: expected the rows of a sentence after its '#Text=' line, found the "
                              "end of the file: was it cut short?")  # fmt: skip


def test_a_webanno_tsv_cut_inside_its_last_line_is_warned_of(tmp_path):
    path = tmp_path / "cut.tsv"
    path.write_text(TSV[: TSV.index("\n\n#Text=Bob left")][:-1], encoding="utf-8")  # `PE` for `PER`
    read = read_spans(str(path))
    assert [s.label for s in read.spans] == ["PER", "PE"]
    assert read.warnings == [f"{path}:8: the file ends inside its last line, without a line end (INCEpTION ends "
                             "every line with one): was it cut short? The line is read as it stands"]  # fmt: skip


@pytest.mark.parametrize("format", ["doccano", "label-studio", "webanno-tsv", "uima-xmi", "conll"])
def test_an_empty_file_is_named_whatever_the_format_chosen(tmp_path, format):
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    assert _message(path, format) == f"{path}: expected a file with annotations, found an empty file"


def test_an_empty_file_in_a_folder_is_named(tmp_path):
    (tmp_path / "a.jsonl").write_text(json.dumps({"text": "Anna", "label": [[0, 4, "PER"]]}) + "\n")
    (tmp_path / "b.jsonl").write_bytes(b"")
    assert _message(tmp_path) == f"{tmp_path / 'b.jsonl'}: expected a file with annotations, found an empty file"


def test_a_utf16_xmi_is_read_as_its_utf8_original(tmp_path):
    shutil.copy(RELATION / "TypeSystem.xml", tmp_path)
    text = (RELATION / "relation_test.xmi").read_text(encoding="utf-8")
    path = tmp_path / "notepad.xmi"
    path.write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))
    assert detect(path) == "UIMA CAS XMI (INCEpTION)"
    options = ReadOptions(layer="webanno.custom.MyRelationBase")
    ours = read_spans(str(path), None, options)
    original = read_spans(str(RELATION / "relation_test.xmi"), None, options)
    assert [(s.start, s.end, s.label) for s in ours.spans] == [(s.start, s.end, s.label) for s in original.spans]
    assert len(ours.spans) == 4 and ours.documents[0].tokens == original.documents[0].tokens


@pytest.mark.parametrize("name", ["doc.jsonl", "tasks.json", "doc.tsv"])
def test_utf16_json_and_tsv_say_which_encoding_was_expected(tmp_path, name):
    content = {"doc.jsonl": json.dumps({"text": "Anna", "label": [[0, 4, "PER"]]}) + "\n",
               "tasks.json": json.dumps([{"data": {"text": "Anna"}, "annotations": [{"result": []}]}]),
               "doc.tsv": TSV[: TSV.index("\n#Text=Bob left")]}[name]  # fmt: skip
    path = tmp_path / name
    path.write_bytes(b"\xff\xfe" + content.encode("utf-16-le"))
    assert _message(path) == f"{path} is not a text file (it looks like UTF-16 text (save it as UTF-8))"


def test_windows_1252_names_the_line_of_the_first_byte_that_is_not_utf8(tmp_path):
    path = tmp_path / "doc.jsonl"
    lines = [{"text": "Anna", "label": [[0, 4, "PER"]]}, {"text": "Zoë", "label": [[0, 3, "PER"]]}]
    path.write_bytes("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in lines).encode("cp1252"))
    assert _message(path) == f"{path}:2: expected UTF-8 text, found byte 0xEB"
