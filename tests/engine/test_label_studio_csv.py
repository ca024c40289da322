"""Label Studio's CSV and TSV exports (engine/formats/label_studio_table.py), in the shape
its converter writes them (label_studio_sdk converter/exports/csv2.py: csv.DictWriter,
sorted column names, QUOTE_NONNUMERIC; each control's regions as JSON in its column):
one row per annotation, read as that annotation's JSON-MIN record."""

from __future__ import annotations

import pytest

from engine.errors import InputError
from engine.formats import detect, read_spans
from engine.formats.label_studio import read_annotators
from engine.formats.standoff import ReadOptions

REGIONS = ('"[{""start"": 0, ""end"": 4, ""text"": ""Anna"", ""labels"": [""PER""]}, '
           '{""start"": 16, ""end"": 20, ""text"": ""Rome"", ""labels"": [""LOC""]}]"')  # fmt: skip
BOB = '"[{""start"": 9, ""end"": 12, ""text"": ""Bob"", ""labels"": [""PER""]}]"'
HEADER = '"annotation_id","annotator","created_at","id","label","lead_time","text","updated_at"\n'
CSV = (
    HEADER
    + f'1,"anna@example.org","2024-01-02T10:00:00.000000Z",7,{REGIONS},12.5,"Anna met Bob in Rome",'
    '"2024-01-02T10:00:00.000000Z"\n'
    + f'2,"bob@example.org","2024-01-02T11:00:00.000000Z",7,{BOB},3.25,"Anna met Bob in Rome",'
    '"2024-01-02T11:00:00.000000Z"\n'
    + '3,"anna@example.org","2024-01-02T12:00:00.000000Z",8,"",1.0,"Nothing here\non two lines",'
    '"2024-01-02T12:00:00.000000Z"\n'
)


def _spans(annotations):
    return [(s.doc, s.label, s.start, s.end) for s in annotations.spans]


def test_a_csv_export_is_recognised_and_read_as_its_tasks(tmp_path):
    path = tmp_path / "project.csv"
    path.write_text(CSV, encoding="utf-8")
    assert detect(path) == "Label Studio JSON"
    first = read_spans(str(path))
    assert [d.name for d in first.documents] == ["7", "8"]
    assert _spans(first) == [("7", "PER", 0, 4), ("7", "LOC", 16, 20)]
    second = read_spans(str(path), None, ReadOptions(index=1))
    assert _spans(second) == [("7", "PER", 9, 12)]


def test_a_tsv_export_is_read_as_the_csv(tmp_path):
    """Written as the converter writes it: csv.DictWriter, QUOTE_NONNUMERIC, TAB-separated."""
    import csv
    import json

    regions = [{"start": 0, "end": 4, "text": "Anna", "labels": ["PER"]}]
    row = {"annotation_id": 1, "annotator": 5, "created_at": "2024-01-02T10:00:00.000000Z", "id": 7,
           "label": json.dumps(regions), "lead_time": 12.5, "text": "Anna met Bob in Rome",
           "updated_at": "2024-01-02T10:00:00.000000Z"}  # fmt: skip
    path = tmp_path / "project.tsv"
    with open(path, "w", encoding="utf8") as handle:
        writer = csv.DictWriter(handle, fieldnames=sorted(row), quoting=csv.QUOTE_NONNUMERIC, delimiter="\t")
        writer.writeheader()
        writer.writerow(row)
    assert detect(path) == "Label Studio JSON"
    assert _spans(read_spans(str(path))) == [("7", "PER", 0, 4)]
    assert list(read_annotators(str(path), ReadOptions())) == ["user 5"]


def test_each_annotator_of_a_csv_export_is_read(tmp_path):
    path = tmp_path / "project.csv"
    path.write_text(CSV, encoding="utf-8")
    annotators = read_annotators(str(path), ReadOptions())
    assert list(annotators) == ["anna@example.org", "bob@example.org"]
    assert _spans(annotators["bob@example.org"]) == [("7", "PER", 9, 12)]


def test_a_row_of_other_fields_is_named_by_its_line(tmp_path):
    path = tmp_path / "project.csv"
    path.write_text(CSV + '4,"anna@example.org"\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"project.csv:6: expected 8 fields, as the header has, found 2"):
        read_spans(str(path))


def test_an_unclosed_quote_is_named_by_its_line(tmp_path):
    path = tmp_path / "project.csv"
    path.write_text(CSV + '4,"anna@example.org,"2024\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"project.csv:6: expected a CSV row of Label Studio's export"):
        read_spans(str(path))


def test_a_task_without_annotations_is_left_out_not_read_as_an_empty_one(tmp_path):
    """The converter writes a task without annotations as one record of its data with
    annotation_id null (an empty cell in the CSV) and an empty annotator (label_studio_sdk
    converter.py: annotation_result_from_task yields get_data(task, {}, {})): no annotation,
    as the JSON export of the same task holds none, so the task is left out."""
    import json

    unannotated = {"text": "Carol works at Acme", "id": 9, "annotator": "", "annotation_id": None,
                   "created_at": None, "updated_at": None, "lead_time": None}  # fmt: skip
    annotated = {"text": "Anna met Bob in Rome", "id": 7, "annotator": 5, "annotation_id": 1,
                 "label": [{"start": 0, "end": 4, "text": "Anna", "labels": ["PER"]}]}  # fmt: skip
    path = tmp_path / "min.json"
    path.write_text(json.dumps([annotated, unannotated]), encoding="utf-8")
    read = read_spans(str(path))
    assert [d.name for d in read.documents] == ["7"]
    assert read.spans.left_out == ["9"]
    assert list(read_annotators(str(path), ReadOptions())) == ["user 5"]
    csv_path = tmp_path / "project.csv"
    csv_path.write_text(CSV + ',"","",9,"",,"Carol works at Acme",""\n', encoding="utf-8")
    assert read_spans(str(csv_path)).spans.left_out == ["9"]
    regions = {**unannotated, "label": [{"start": 0, "end": 5, "text": "Carol", "labels": ["PER"]}]}
    path.write_text(json.dumps([regions]), encoding="utf-8")  # regions: an annotation, whatever its id
    assert _spans(read_spans(str(path))) == [("9", "PER", 0, 5)]


def test_a_broken_cell_of_a_control_is_named_not_read_as_no_regions(tmp_path):
    """A regions cell whose JSON was cut or edited (a NUL in a key), in the column of a control
    whose other rows hold regions, is an error naming the line and the column: read as an
    annotation without regions, the task's spans were lost without a word."""
    path = tmp_path / "project.csv"
    path.write_text(CSV.replace('""start"": 16', '""\x00start"": 16'), encoding="utf-8")
    with pytest.raises(InputError, match=r"project.csv:2: expected regions in column 'label' as in its other rows "
                                         r"\(a JSON list of objects with \"labels\"\), found invalid JSON"):  # fmt: skip
        read_spans(str(path))
    path.write_text(CSV.replace(BOB, '"[{""start"": 9, ""end"": 12}"'), encoding="utf-8")  # cut short
    with pytest.raises(InputError, match=r"project.csv:3: expected regions in column 'label'"):
        read_spans(str(path))


def test_a_broken_regions_cell_of_a_one_row_export_is_named_not_read_as_text(tmp_path):
    """With no other row to show the column holds regions (a one-row export, or every row's
    cell broken), a cell that begins as a JSON list of objects but is not JSON is an error
    naming line and column: read as the task's text, its spans were lost without a word."""
    path = tmp_path / "project.csv"
    one_row = "".join(CSV.splitlines(keepends=True)[:2])
    path.write_text(one_row.replace('""start"": 16', '""\x00start"": 16'), encoding="utf-8")
    with pytest.raises(InputError) as raised:
        read_spans(str(path))
    assert str(raised.value) == (f"{path}:2: expected JSON in column 'label' (Label Studio writes a control's "
                                 "regions and a task's lists as JSON), found invalid JSON (unexpected control character in string)")
    path.write_text(CSV.replace('""start""', '""\x00start""'), encoding="utf-8")  # every row's cell
    with pytest.raises(InputError, match=r"project.csv:2: expected JSON in column 'label' .*found invalid JSON"):
        read_spans(str(path))


def test_a_text_that_begins_with_a_bracket_is_read_as_text(tmp_path):
    """A task's text may begin '[{' (not JSON's '[{"'): it stays the text."""
    path = tmp_path / "project.csv"
    path.write_text(CSV.replace('"Nothing here', '"[{Nothing here'), encoding="utf-8")
    read = read_spans(str(path))
    assert [d.tokens for d in read.documents if d.name == "8"] == ["[{Nothing here\non two lines"]


def test_a_region_without_labels_among_regions_is_named(tmp_path):
    """A region without "labels" beside regions with them (JSON-MIN, or a CSV row): an error
    at its JSON path, not the whole list read as the task's data and every span lost."""
    import json

    record = {"text": "Anna met Bob in Rome", "id": 7, "annotator": 5, "annotation_id": 1,
              "label": [{"start": 0, "end": 4, "text": "Anna", "labels": ["PER"]},
                        {"start": 16, "end": 20, "text": "Rome"}]}  # fmt: skip
    path = tmp_path / "min.json"
    path.write_text(json.dumps([record]), encoding="utf-8")
    with pytest.raises(InputError, match=r'min.json: expected a region with "start", "end" and "labels", as the '
                                         r"others of its list, found an object of keys start, end, text at "
                                         r"\$\[0\]\.label\[1\]"):  # fmt: skip
        read_spans(str(path))
    csv_path = tmp_path / "project.csv"
    csv_path.write_text(CSV.replace(', ""labels"": [""LOC""]', ""), encoding="utf-8")
    with pytest.raises(InputError, match=r"project.csv:2: expected a region .* at \$\.label\[1\]"):
        read_spans(str(csv_path))
