"""Where merged duplicate spans are, named as each format names them (engine/formats/
duplicates.py): brat's T ids, a WebAnno TSV's line and value, doccano's and Label Studio's
line or JSON path, an XMI element's id; the first few and how many more."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from engine.formats import read_spans
from engine.formats.duplicates import merged_duplicates
from engine.formats.jsondocs import records

SAMPLES = Path(__file__).resolve().parents[2] / "tests" / "data" / "formats"
TEXT = "IL-2 binds BHRF1 in cells.\n"


def _places(path) -> str:
    warnings = merged_duplicates(read_spans(str(path))).warnings
    found = [w for w in warnings if "repeating another, as the file gives them" in w]
    assert len(found) == 1, warnings
    return found[0]


def test_brat_names_the_t_ids_and_how_many_more(tmp_path):
    (tmp_path / "doc.txt").write_text(TEXT, encoding="utf-8")
    lines = ["T1\tProtein 0 4\tIL-2", "T2\tProtein 11 16\tBHRF1"]
    lines += [f"T{n}\tProtein 11 16\tBHRF1" for n in range(10, 17)]
    (tmp_path / "doc.ann").write_text("\n".join(lines) + "\n", encoding="utf-8")
    places = _places(tmp_path / "doc.ann")
    assert places.startswith(f"{tmp_path / 'doc.ann'}: 7 spans repeating another, as the file gives them")
    assert places.endswith("doc: T10 = T2; doc: T11 = T2; doc: T12 = T2; doc: T13 = T2; doc: T14 = T2 … and 2 more")


def test_the_places_come_before_the_warning_that_merges_them(tmp_path):
    (tmp_path / "doc.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "doc.ann").write_text("T1\tProtein 0 4\tIL-2\nT7\tProtein 0 4\tIL-2\n", encoding="utf-8")
    warnings = merged_duplicates(read_spans(str(tmp_path / "doc.ann"))).warnings
    assert warnings[0].endswith(": doc: T7 = T1")
    assert "1 duplicate span (the same document" in warnings[1]


def test_brat_names_the_t_id_of_a_span_in_pieces_by_its_pieces(tmp_path):
    (tmp_path / "doc.txt").write_text(TEXT, encoding="utf-8")
    ann = ("T1\tProtein 0 4;11 16\tIL-2 BHRF1\nT2\tProtein 0 16\tIL-2 binds BHRF1\nT3\tProtein 0 16\tIL-2 "
           "binds BHRF1\nT4\tProtein 0 4;11 16\tIL-2 BHRF1\n")  # fmt: skip
    (tmp_path / "doc.ann").write_text(ann, encoding="utf-8")
    assert _places(tmp_path / "doc.ann").endswith(": doc: T3 = T2; doc: T4 = T1")


def test_webanno_tsv_names_the_line_and_the_value_as_written(tmp_path):
    path = tmp_path / "doc.tsv"
    path.write_text("#FORMAT=WebAnno TSV 3.3\n#T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|value\n"
                    "\n\n#Text=Ann met Bob\n1-1\t0-3\tAnn\tPER[1]|LOC[2]|PER[3]\n1-2\t4-7\tmet\t_\n"
                    "1-3\t8-11\tBob\tPER|PER\n", encoding="utf-8")  # fmt: skip
    assert _places(path).endswith(": doc: line 6 PER[3] = line 6 PER[1]; doc: line 8 PER (value 2 of the cell) "
                                  "= line 8 PER")  # fmt: skip


def test_doccano_names_the_line_and_the_span_in_it(tmp_path):
    path = tmp_path / "doc.jsonl"
    lines = [{"id": 4, "text": "Anna met Bob", "label": [[9, 12, "PER"]]},
             {"id": 5, "text": "Anna met Bob", "label": [[0, 4, "PER"], [9, 12, "PER"], [0, 4, "PER"]]}]  # fmt: skip
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert _places(path).endswith(": 5: line 2 .label[2] = line 2 .label[0]")


def test_doccano_offset_objects_are_placed_once(tmp_path):
    path = tmp_path / "doc.jsonl"
    entity = {"start_offset": 0, "end_offset": 4, "label": "PER"}
    path.write_text(json.dumps({"id": 1, "text": "Anna met Ben.", "entities": [entity, entity]}) + "\n")
    assert _places(path).endswith(": 1: line 1 .entities[1] = line 1 .entities[0]")


def test_a_folder_of_files_names_each_files_places(tmp_path):
    for name, ids in (("a", [7]), ("b", [8, 8])):
        spans = [[0, 4, "PER"] for _ in ids]
        (tmp_path / f"{name}.jsonl").write_text(json.dumps({"id": 1, "text": "Anna", "label": spans}) + "\n")
    assert _places(tmp_path).endswith(": b: line 1 .label[1] = line 1 .label[0]")


def test_label_studio_names_the_json_path_of_the_region(tmp_path):
    region = {"type": "labels", "from_name": "label", "to_name": "text",
              "value": {"start": 0, "end": 4, "text": "Anna", "labels": ["PER"]}}  # fmt: skip
    task = {"id": 3, "data": {"text": "Anna met Bob"}, "annotations": [{"result": [region, region]}]}
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps([task]), encoding="utf-8")
    assert _places(path).endswith(": 3: $[0].annotations[0].result[1].value = $[0].annotations[0].result[0].value")


def test_uima_xmi_names_the_element_ids(tmp_path):
    source = SAMPLES / "uima-xmi" / "inception-relation"
    shutil.copy(source / "TypeSystem.xml", tmp_path)
    xmi = (source / "relation_test.xmi").read_text(encoding="utf-8")
    element = '<custom:MyRelationBase xmi:id="172" sofa="1" begin="0" end="9" value="city"/>'
    assert element in xmi
    xmi = xmi.replace(element, element + element.replace('"172"', '"999"')).replace('members="', 'members="999 ')
    (tmp_path / "doc.xmi").write_text(xmi, encoding="utf-8")
    from engine.formats.standoff import ReadOptions

    read = read_spans(str(tmp_path / "doc.xmi"), None, ReadOptions(layer="webanno.custom.MyRelationBase"))
    warnings = merged_duplicates(read).warnings
    assert warnings[0].endswith(": doc: xmi:id 999 = xmi:id 172")


def test_each_annotator_of_an_export_names_its_places(tmp_path):
    """The agreement command reads each user of a doccano 1.0 export (read_annotators)."""
    from engine.formats.doccano import read_annotators
    from engine.formats.standoff import ReadOptions

    def span(user):
        return {"label": 1, "start_offset": 0, "end_offset": 4, "user": user}

    line = {"id": 9, "text": "Anna met Bob", "annotations": [span(1), span(2), span(2)]}
    path = tmp_path / "users.jsonl"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    users = read_annotators(str(path), ReadOptions())
    assert [w for w in merged_duplicates(users["user 1"]).warnings if "repeating" in w] == []
    places = [w for w in merged_duplicates(users["user 2"]).warnings if "repeating" in w]
    assert places[0].endswith(": 9: line 1 .annotations[2] = line 1 .annotations[1]")


def test_one_reading_for_the_places_serves_every_annotator(tmp_path, monkeypatch):
    """doccano's read_annotators: naming every user's duplicates reads the export once more,
    not once a user."""
    from engine.formats import doccano
    from engine.formats.standoff import ReadOptions

    def span(user):
        return {"label": 1, "start_offset": 0, "end_offset": 4, "user": user}

    path = tmp_path / "users.jsonl"
    path.write_text(json.dumps({"id": 9, "text": "Anna met Bob", "annotations": [span(1), span(1), span(2),
                                                                               span(2)]}) + "\n")  # fmt: skip
    users = doccano.read_annotators(str(path), ReadOptions())
    reads = []
    monkeypatch.setattr(doccano, "records", lambda *args: reads.append(args) or records(*args))
    for name, first, second in (("user 1", 0, 1), ("user 2", 2, 3)):
        places = [w for w in merged_duplicates(users[name]).warnings if "repeating" in w]
        assert places[0].endswith(f": 9: line 1 .annotations[{second}] = line 1 .annotations[{first}]")
    assert len(reads) == 1
