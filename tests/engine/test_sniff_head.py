"""A format is recognised from a file's head (its first HEAD_BYTES bytes), never the whole
of a file written on one line, with the verdicts the sniffers gave on its whole first lines:
every sample and conformance file, and JSON exports of every kind longer than a head."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from engine.formats import detect, sniffs
from engine.formats.sniffing import HEAD_BYTES, SNIFF_LINES, SNIFFERS, UTF16_BOMS, read_head
from tests.conftest import CONFORMANCE, SHARED


def whole_first_lines(path: Path) -> list[str]:
    """The first non-blank lines, each read whole (how they were read before heads)."""
    lines: list[str] = []
    with open(path, "rb") as raw:
        encoding = "utf-16" if raw.read(2) in UTF16_BOMS else "utf-8"
        raw.seek(0)
        handle = io.TextIOWrapper(raw, encoding=encoding, errors="replace", newline=None)
        for line in handle:
            if line.strip():
                lines.append(line.rstrip("\n"))
            if len(lines) >= SNIFF_LINES:
                break
    return lines


def verdicts(path: Path) -> tuple[dict[str, bool], dict[str, bool]]:
    """Every sniffer's verdict on the whole first lines, and on the file's head."""
    before, head = whole_first_lines(path), read_head(path)
    return {name: sniff(before) for name, sniff in SNIFFERS.items()}, {
        name: sniffs(name, head) for name in SNIFFERS
    }


def test_every_sample_and_conformance_file_is_judged_as_before():
    paths = sorted(
        p for root in (SHARED / "format-samples", CONFORMANCE) for p in root.rglob("*") if p.is_file()
    )
    assert len(paths) > 1000
    recognised = 0
    for path in paths:
        before, now = verdicts(path)
        assert now == before, path
        recognised += any(now.values())
    assert recognised > 500


def _task(number: int, words: int) -> dict:
    text = " ".join(["cocoa"] * words)
    result = [{"value": {"start": 0, "end": 5, "text": "cocoa", "labels": ["LOC"]}, "from_name": "label",
               "to_name": "text", "type": "labels"}]  # fmt: skip
    return {"id": number, "annotations": [{"id": number, "result": result}], "data": {"text": text}}


def _page(number: int, words: int) -> dict:
    excerpt = {"start": 0, "end": 5, "text": " ".join(["verse"] * words)}
    return {"page_id": f"p{number}", "work_title": "W", "excerpts": [excerpt] * 20, "n_excerpts": 20}


LONG = {
    "label_studio.json": lambda: json.dumps([_task(n, 400) for n in range(200)]),
    "label_studio_pretty.json": lambda: json.dumps([_task(n, 400) for n in range(200)], indent=2),
    "label_studio_many.json": lambda: json.dumps(
        [_task(1, 10) | {"annotations": [_task(1, 10)["annotations"][0]] * 900}]
    ),
    "label_studio_data_first.json": lambda: json.dumps(
        [{"id": 1, "data": {"text": "cocoa " * 30_000}, "annotations": _task(1, 9)["annotations"]}]
    ),
    "doccano.jsonl": lambda: json.dumps({"text": "a b " * 50_000, "label": [[0, 1, "X"]]}) + "\n",
    "doccano_array.json": lambda: json.dumps([{"text": "a b " * 200, "label": [[0, 1, "X"]]}] * 200),
    "poetry.jsonl": lambda: "\n".join(json.dumps(_page(n, 800)) for n in range(3)) + "\n",
    "not_poetry.jsonl": lambda: json.dumps({"page_id": "p1", "notes": ["v " * 100_000], "n_notes": 1}) + "\n",
    "uima.xmi": lambda: (
        '<?xml version="1.0"?><xmi:XMI xmlns:xmi="http://www.omg.org/XMI">'
        + "<cas:Sofa/>" * 20_000
        + "</xmi:XMI>"
    ),
}


#: Files whose first record's keys that tell the format lie past the head or the lines
#: sniffed: the head is read on to the first record's end; a pretty-printed export whose
#: annotations run past the lines sniffed is recognised as running on (it was not before:
#: its `data` after them, past the lines sniffed).
PAST_THE_HEAD = {
    "label_studio_pretty_many.json": lambda: json.dumps(
        [_task(1, 10) | {"annotations": [_task(1, 10)["annotations"][0]] * 900}], indent=2
    ),
    "poetry_late_keys.jsonl": lambda: (
        json.dumps({"notes": "v " * 100_000, "page_id": "p1", "n_spans": 0}) + "\n"
    ),
    "label_studio_min.json": lambda: json.dumps([{"text": "cocoa " * 30_000, "annotation_id": 3}]),
}


@pytest.mark.parametrize("name", sorted(LONG))
def test_a_file_longer_than_its_head_is_judged_by_its_opening_as_before(tmp_path, name):
    path = tmp_path / name
    path.write_text(LONG[name](), encoding="utf-8")
    assert path.stat().st_size > 2 * HEAD_BYTES
    before, now = verdicts(path)
    assert now == before and sum(now.values()) <= 2
    head, first = read_head(path), len(whole_first_lines(path)[0].encode())
    assert sum(len(line.encode()) for line in head) <= max(HEAD_BYTES, 2 * first)  # its first record, read on


@pytest.mark.parametrize("name", ["label_studio.json", "doccano_array.json", "uima.xmi"])
def test_a_one_line_export_told_by_its_opening_is_not_read_whole(tmp_path, name):
    path = tmp_path / name
    path.write_text(LONG[name](), encoding="utf-8")
    head = read_head(path)
    assert head.cut and len(head[0].encode()) <= HEAD_BYTES < len(whole_first_lines(path)[0])


def test_the_format_of_a_one_line_export_is_named_by_its_opening(tmp_path):
    named = {}
    files = {**LONG, **PAST_THE_HEAD}
    for name in ("label_studio.json", "label_studio_many.json", "label_studio_pretty_many.json", "doccano.jsonl",
                 "poetry.jsonl", "poetry_late_keys.jsonl", "label_studio_min.json", "uima.xmi"):  # fmt: skip
        path = tmp_path / name
        path.write_text(files[name](), encoding="utf-8")
        named[name] = detect(path)
    assert named == {
        "label_studio.json": "Label Studio JSON",
        "label_studio_many.json": "Label Studio JSON",  # its first task's annotations past the head
        "label_studio_pretty_many.json": "Label Studio JSON",
        "doccano.jsonl": "doccano JSONL",  # its first text past the head
        "poetry.jsonl": "Poetry spans (corppa JSONL)",
        "poetry_late_keys.jsonl": "Poetry spans (corppa JSONL)",  # its keys past the head: read on
        "label_studio_min.json": None,  # no regions: refused, as when read whole
        "uima.xmi": "UIMA CAS XMI (INCEpTION)",
    }


def test_a_lines_verdict_is_found_once(monkeypatch):
    import engine.formats.sniffing as sniffing

    calls: list[str] = []
    real = sniffing.SNIFFERS["doccano"]
    monkeypatch.setitem(sniffing.SNIFFERS, "doccano", lambda lines: calls.append("doccano") or real(lines))
    head = read_head(SHARED / "format-samples" / "doccano" / "export-sequence_labeling.jsonl")
    assert [head.sniffs("doccano") for _ in range(3)] == [True] * 3 and calls == ["doccano"]


def _chapter(size: int) -> str:
    return ("Call me Ishmael. " * (size // 16 + 1))[:size]


def _exports(text: str) -> dict[str, object]:
    """The first record of every kind of JSON export (and of look-alikes) holding `text`."""
    result = [{"value": {"start": 0, "end": 4, "text": "Call", "labels": ["PER"]}, "from_name": "label",
               "to_name": "text", "type": "labels"}]  # fmt: skip
    entries = [{"id": 1, "result": result}]
    return {
        "ls_data_first": [{"id": 1, "data": {"text": text}, "annotations": entries}],
        "ls_annotations_first": [{"id": 1, "annotations": entries, "data": {"text": text}}],
        "ls_predictions": [{"id": 1, "data": {"text": text}, "predictions": entries}],
        "ls_min": [
            {"id": 1, "text": text, "annotation_id": 2, "label": [{"start": 0, "end": 4, "labels": ["PER"]}]}
        ],
        "ls_min_no_regions": [{"id": 1, "text": text, "annotation_id": 2}],
        "ls_data_no_entries": [{"id": 1, "data": {"text": text}, "meta": {}}],
        "doccano": {"id": 1, "text": text, "label": [[0, 4, "PER"]]},
        "doccano_labels_after_more": {"text": text, "meta": {}, "labels": []},
        "doccano_no_spans": {"id": 1, "text": text, "meta": {"source": "x"}},
        "doccano_1": {"id": 1, "text": text, "entities": [[0, 4, "PER"]]},
        "doccano_offsets": {"id": 1, "data": text, "annotations": [{"start_offset": 0, "end_offset": 4}]},
        "poetry": {"page_id": "p1", "text": text, "excerpts": [], "n_excerpts": 0},
        "poetry_no_excerpts": {"page_id": "p1", "text": text, "notes": []},
    }


def _writings(value: object) -> dict[str, str]:
    """Two such records written as JSON Lines, as an array on one line, pretty-printed."""
    records = value if isinstance(value, list) else [value]
    return {
        "jsonl": "\n".join(json.dumps(r) for r in records * 2) + "\n",
        "json": json.dumps(records * 2),
        "pretty": json.dumps(records * 2, indent=2),
    }


@pytest.mark.parametrize("size", [200_000, 2_000_000])
def test_a_first_record_holding_a_chapter_gets_the_verdicts_of_its_whole_lines(tmp_path, size):
    from engine.formats import recognised_module

    compared = 0
    for kind, value in _exports(_chapter(size)).items():
        for writing, content in _writings(value).items():
            path = tmp_path / f"{kind}.{writing}"
            path.write_text(content, encoding="utf-8")
            before, now = verdicts(path)
            assert now == before, path.name
            assert recognised_module(read_head(path)) == recognised_module(whole_first_lines(path)), path.name
            compared += 1
    assert compared == 39


def _doccano_annotated(annotations: int) -> dict:
    """A doccano 1.0 record (text, then annotations with offsets) of many annotations."""
    spans = [{"id": n, "label": 3, "start_offset": 0, "end_offset": 5, "user": 1} for n in range(annotations)]
    return {"id": 1, "text": "Alice met Bob in Paris. " * 20, "annotations": spans, "meta": {}}


@pytest.mark.parametrize("annotations", [1, 7, 30, 5_000])
def test_doccano_with_many_annotations_is_doccano_in_every_layout(tmp_path, annotations):
    """A pretty-printed record whose annotations run past the lines sniffed is not a Label
    Studio task cut there: it has a top-level text (Label Studio keeps its text in data)."""
    for writing, content in _writings(_doccano_annotated(annotations)).items():
        path = tmp_path / f"doccano.{writing}"
        path.write_text(content, encoding="utf-8")
        before, now = verdicts(path)
        assert now == before and now["doccano"] and not now["label_studio"], path.name
        assert detect(path) == "doccano JSONL", path.name


def test_the_head_that_decided_is_the_one_read_its_verdicts_kept(tmp_path, monkeypatch):
    import engine.formats.sniffing as sniffing

    path = tmp_path / "label_studio.json"
    path.write_text(LONG["label_studio.json"](), encoding="utf-8")
    calls: list[str] = []
    real = sniffing.SNIFFERS["label_studio"]
    monkeypatch.setitem(sniffing.SNIFFERS, "label_studio", lambda lines: calls.append("ls") or real(lines))
    head = read_head(path)
    assert head.sniffs("label_studio") and not head.sniffs("doccano")
    assert calls == ["ls"]  # found while deciding the head, asked again by doccano's sniffer


def _records(first: str, annotations: int) -> dict[str, dict]:
    """A doccano 1.0 example and a Label Studio task of many annotations, the key that tells
    them apart (text, data) `first` or after the annotations."""
    spans = [{"id": n, "label": 3, "start_offset": 0, "end_offset": 5, "user": 1} for n in range(annotations)]
    entries = [{"id": n, "completed_by": 1, "result": _task(1, 1)["annotations"][0]["result"]}
               for n in range(annotations)]  # fmt: skip
    doccano, task = {"text": "Alice met Bob in Paris. " * 20}, {"data": {"text": "Alice met Bob in Paris."}}
    if first == "text":
        return {"doccano JSONL": {"id": 1, **doccano, "annotations": spans, "meta": {}},
                "Label Studio JSON": {"id": 1, **task, "annotations": entries}}  # fmt: skip
    return {"doccano JSONL": {"id": 1, "annotations": spans, **doccano, "meta": {}},
            "Label Studio JSON": {"id": 1, "annotations": entries, **task}}  # fmt: skip


@pytest.mark.parametrize("first", ["text", "annotations"])
def test_doccano_and_label_studio_are_told_by_their_keys_in_either_order(tmp_path, first):
    """A first record running past the lines sniffed (pretty-printed) or the head (one line)
    is named by its keys, whatever their order: a doccano example whose annotations come
    before its text was named a Label Studio task (its keys past the lines: the head is
    read on, doubled, until the text or data key shows)."""
    for title, record in _records(first, 3_000).items():
        for writing in ("pretty", "json"):
            path = tmp_path / f"{title.split()[0]}.{writing}.json"
            path.write_text(_writings(record)[writing], encoding="utf-8")
            head = read_head(path)
            assert detect(path) == title and head.sniffs(title.startswith("doccano") and "doccano"
                                                         or "label_studio"), path.name  # fmt: skip
            text = path.read_text(encoding="utf-8")
            if writing == "pretty":  # read on while undecided only (a line, to its record's end as before)
                telling = max(text.find('"text": "Alice'), text.find('"data": {'))
                assert text.count("\n", 0, telling) > SNIFF_LINES and telling > HEAD_BYTES or first == "text"
                assert len(head.text) <= max(HEAD_BYTES, 4 * telling), path.name
            else:
                assert len(text) > 2 * HEAD_BYTES and head.cut


def test_a_pretty_printed_record_of_neither_is_not_read_on(tmp_path):
    """A report running past the lines and the head (no key of a doccano example or a Label
    Studio task in its lines) is judged by its head: not read on to its record's end."""
    path = tmp_path / "report.json"
    path.write_text(json.dumps({"method": "x", "tables": [{"row": n, "f1": 0.5} for n in range(20_000)]},
                               indent=2), encoding="utf-8")  # fmt: skip
    head = read_head(path)
    assert path.stat().st_size > 2 * HEAD_BYTES and len(head.text) <= HEAD_BYTES and detect(path) is None


@pytest.mark.parametrize("pretty", [False, True])
def test_json_nested_deeper_than_python_decodes_is_named_no_format(tmp_path, pretty):
    """A first record nested too deep to decode (on its one line, or past a pretty-printed
    record's lines) is no format's, not a RecursionError."""
    lines = "".join('  {"a": 1},\n' for _ in range(60)) if pretty else ""
    path = tmp_path / "deep.json"
    path.write_text('{"annotations": [' + lines + "[" * 200_000 + "]" * 200_000 + '], "text": "x"}')
    assert detect(path) is None


def test_a_zip_is_told_by_its_first_bytes_not_by_a_decoded_line(tmp_path):
    """A text whose first line after a blank one begins with a zip's magic is no zip (it was
    taken for INCEpTION's document zip by its decoded first line); a zip still is one."""
    import zipfile

    from engine.textio import ZIP_MAGIC

    text = tmp_path / "notes.txt"
    text.write_bytes(b"\n" + ZIP_MAGIC + b" annotation.xmi\n")
    assert detect(text) is None and not read_head(text).zipped
    archive = tmp_path / "doc.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("doc.xmi", '<xmi:XMI xmlns:xmi="http://www.omg.org/XMI"/>')
        out.writestr("TypeSystem.xml", "<typeSystemDescription/>")
    head = read_head(archive)
    assert head.zipped and head.sniffs("uima_xmi") and detect(archive) == "UIMA CAS XMI (INCEpTION)"


@pytest.mark.parametrize(("kind", "title"), [
    ("doccano", "doccano JSONL"),  # its spans before its text: told by its opening's substrings
    ("ls_data_first", "Label Studio JSON"),  # a `data` object running past the bytes read: a task
    ("poetry", "Poetry spans (corppa JSONL)"),  # page_id and excerpts before its text
    ("doccano_text_first", None),  # its spans past the bytes read: --format names it
])  # fmt: skip
def test_a_first_record_longer_than_the_most_read_is_judged_by_the_keys_it_shows(tmp_path, kind, title):
    """The head is read on to a first record's end for 4 MiB at most (it was read whole: a
    first record of 50 MB took 0.7-1.7 s to sniff); past that the keys its opening shows decide."""
    most, text = 1 << 22, _chapter(3 << 21)
    record = {
        "doccano": {"id": 1, "label": [[0, 4, "PER"]], "text": text},
        "ls_data_first": [{"id": 1, "data": {"text": text}, "annotations": []}],
        "poetry": {"page_id": "p1", "n_excerpts": 0, "excerpts": [], "text": text},
        "doccano_text_first": {"id": 1, "text": text, "label": [[0, 4, "PER"]]},
    }[kind]
    path = tmp_path / f"{kind}.json"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    head = read_head(path)
    assert len(head.text) <= most and head.cut and head.capped
    assert detect(path) == title


def test_the_head_read_to_the_most_is_built_once(tmp_path, monkeypatch):
    """A head of HEAD_MOST bytes is made capped at once (it was made plain, then again capped)."""
    import engine.formats.sniffing as sniffing

    path = tmp_path / "poetry.json"
    path.write_text(
        json.dumps({"page_id": "p1", "excerpts": [], "text": _chapter(3 << 21)}) + "\n", encoding="utf-8"
    )
    made: list[int] = []
    real = sniffing.head_lines
    monkeypatch.setattr(
        sniffing, "head_lines", lambda data, *args, **kw: made.append(len(data)) or real(data, *args, **kw)
    )
    head = read_head(path)
    assert made == [sniffing.HEAD_BYTES << n for n in range(7)] and made[-1] == sniffing.HEAD_MOST
    assert head.capped and detect(path) == "Poetry spans (corppa JSONL)"


def test_a_head_read_to_the_most_is_judged_by_its_keys_even_where_its_lines_decide(cli, tmp_path):
    """A first line of 3 MB with junk past its record, the file going on past HEAD_MOST: its
    lines decide (the record ends in them), yet the head is capped, so the line is told by
    its keys (poetry) and the reader names the junk's column (judged plain: not recognised)."""
    path = tmp_path / "poetry.jsonl"
    first = json.dumps({"page_id": "p1", "excerpts": [], "text": _chapter(3 << 20)})
    rest = json.dumps({"page_id": "p2", "excerpts": [], "text": _chapter(2 << 20)})
    path.write_text(f"{first} junk\n{rest}\n", encoding="utf-8")
    head = read_head(path)
    assert head.capped and not head.cut and detect(path) == "Poetry spans (corppa JSONL)"
    result = cli("spans", path, path)
    column = len(first) + 2
    assert (result.code, result.err) == (2, f"spanstudio: error: {path}:1: expected a JSON object, found invalid "
                                            f"JSON (Extra data at column {column})\n")  # fmt: skip
