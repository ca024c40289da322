"""The span readers (CoNLL columns, doccano, Label Studio), the loader, pairing and the
spans/nervaluate methods on real files of the tools (tests/data/formats/, SOURCES.md
there), on generated files and on bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cli import main
from engine.errors import InputError
from engine.formats import detect, read_spans
from engine.formats.standoff import ReadOptions
from engine.methods import get_method

DATA = Path(__file__).parent.parent / "data" / "formats"


def _texts(annotations):
    docs = {d.name: d for d in annotations.documents}
    return [(s.label, docs[s.doc].tokens[s.start : s.end]) for s in annotations.spans]


def test_conll2003_iob1_detected():
    spans = read_spans(str(DATA / "conll" / "en-orig.conll"), "conll")
    assert _texts(spans) == [("ORG", "U.N."), ("PER", "Ekeus"), ("LOC", "Baghdad")]
    assert "IOB1 (detected)" in spans.spans.notes[0]
    doc = spans.documents[0]
    assert doc.tokens.startswith("U.N. official Ekeus heads for Baghdad .")
    assert doc.token_bounds[:2] == [(0, 4), (5, 13)]


def test_germeval_columns_and_comments():
    options = ReadOptions(comment_prefix="#", token_column=1, tag_column=2)
    spans = read_spans(str(DATA / "conll" / "germeval2014_test.conll"), "conll", options)
    assert _texts(spans)[:3] == [("LOC", "Stuttgart"), ("LOC", "Braunschweig"), ("LOC", "Bonn")]


def test_fashion_mixes_schemes_strict_is_an_error_conlleval_reads():
    path = str(DATA / "conll" / "fashion-eng.train")
    with pytest.raises(InputError) as err:
        read_spans(path, "conll")
    assert err.value.file == path and err.value.line is not None and "IOBES" in err.value.expected
    spans = read_spans(path, "conll", ReadOptions(reading="conlleval"))
    assert _texts(spans)[:2] == [("NamedPerson", "Arlésienne"), ("NominalProduct", "shepherdess")]


def test_conlleval_demo_numbers(capsys):
    """seqeval's demo file (conlleval's): precision 68.83 %, recall 80.83 %, FB1 74.35."""
    path = str(DATA / "conll" / "seqeval-ground_truth.txt")
    options = get_method("spans").Options(gold_tag_column=2, system_tag_column=3, reading="conlleval")
    report = get_method("spans").evaluate(path, path, options)
    micro = report.data["classification_report"]["micro avg"]
    assert (micro["precision"], micro["recall"], micro["f1-score"], micro["support"]) == (
        0.6883116883116883, 0.8082788671023965, 0.7434869739478958, 459)
    assert report.data["classification_report"]["NP"]["support"] == 262


@pytest.mark.parametrize(("tags", "scheme", "spans"), [
    (["B-A", "I-A", "B-A", "O"], "IOB2", [(0, 2), (2, 3)]),
    (["I-A", "I-A", "B-A", "O"], "IOB1", [(0, 2), (2, 3)]),
    (["B-A", "E-A", "S-A", "O"], "IOBES", [(0, 2), (2, 3)]),
    (["B-A", "L-A", "U-A", "O"], "BILOU", [(0, 2), (2, 3)]),
])
def test_schemes_detected(tmp_path, tags, scheme, spans):
    path = tmp_path / "t.conll"
    path.write_text("".join(f"w{i}\t{t}\n" for i, t in enumerate(tags)), encoding="utf-8")
    read = read_spans(str(path))
    bounds = read.documents[0].token_bounds
    assert [(bounds[:].index((s.start, bounds[s.start // 3][1])), 0)[0] for s in read.spans] == [a for a, _ in spans]
    assert f"{scheme} (detected)" in read.spans.notes[0]


@pytest.mark.parametrize(("tags", "line"), [(["O", "I-A"], 2), (["B-A", "I-B"], 2), (["X-A"], 1)])
def test_bad_sequence_names_the_line(tmp_path, tags, line):
    path = tmp_path / "bad.conll"
    path.write_text("".join(f"w {t}\n" for t in tags), encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_spans(str(path), "conll", ReadOptions(scheme=None if tags == ["X-A"] else "IOB2"))
    assert (err.value.file, err.value.line) == (str(path), line)


def test_bilou_only_strict(tmp_path):
    path = tmp_path / "b.conll"
    path.write_text("w U-A\n", encoding="utf-8")
    with pytest.raises(InputError):
        read_spans(str(path), "conll", ReadOptions(reading="conlleval"))


def test_tab_lines_keep_spaces_in_tokens(tmp_path):
    path = tmp_path / "t.conll"
    path.write_text("New\u00a0York\tB-LOC\nis O\n", encoding="utf-8")
    assert _texts(read_spans(str(path), "conll")) == [("LOC", "New\u00a0York")]


def test_docstart_names_documents(tmp_path):
    path = tmp_path / "d.conll"
    path.write_text("-DOCSTART- -X- -X- O\n\na B-X\n\n-DOCSTART- doc7\n\nb O\n", encoding="utf-8")
    assert [d.name for d in read_spans(str(path), "conll").documents] == ["1", "doc7"]


def test_doccano_forms():
    assert _texts(read_spans(str(DATA / "doccano" / "export-sequence_labeling.jsonl"))) == [
        ("ORG", "EU"), ("MISC", "German"), ("PERSON", "Peter Blackburn"), ("PERSON", "Obama")]
    pretty = read_spans(str(DATA / "doccano" / "export-relation_extraction.jsonl"), "doccano")
    assert _texts(pretty)[1] == ("DATE", "September 4, 1998")
    flair = read_spans(str(DATA / "doccano" / "flair-testa.jsonl"))
    assert [d.name for d in flair.documents] == ["101319", "101320", "101321"]


def test_doccano_duplicate_span_counts_once():
    path = str(DATA / "doccano" / "example_overlapping.jsonl")
    report = get_method("spans").evaluate(path, path, get_method("spans").Options())
    assert report.data["classification_report"]["LOC"]["support"] == 1


def test_label_studio_sources():
    path = str(DATA / "label-studio" / "tasks.json")
    predictions = read_spans(path, None, ReadOptions(source="predictions"))
    assert _texts(predictions) == [("Date", "February 22")]
    annotations = read_spans(str(DATA / "label-studio" / "annotations" / "1.json"))
    assert _texts(annotations) == [("Date", "February 22")]
    assert "no annotation number 1" in read_spans(path).spans.warnings[0]


def test_label_studio_two_labels_cancelled_and_other_results(tmp_path):
    import json

    task = {"id": 3, "data": {"text": "Anna met Bob"}, "annotations": [
        {"was_cancelled": True, "result": [{"type": "labels", "value": {"start": 0, "end": 4, "labels": ["X"]}}]},
        {"result": [{"type": "labels", "value": {"start": 0, "end": 4, "labels": ["PER", "NAME"]}},
                    {"type": "choices", "value": {"choices": ["a"]}}]}]}
    (tmp_path / "ls.json").write_text(json.dumps([task]), encoding="utf-8")
    assert _texts(read_spans(str(tmp_path / "ls.json"))) == [("PER", "Anna"), ("NAME", "Anna")]


def test_detect_names_span_formats():
    assert detect(DATA / "doccano" / "export-sequence_labeling.jsonl") == "doccano JSONL"
    assert detect(DATA / "label-studio" / "tasks.json") == "Label Studio JSON"


def test_across_formats_aligned_by_position(tmp_path):
    """doccano's raw text against CoNLL tokens joined by spaces ("lamb ." / "lamb.")."""
    (tmp_path / "g.jsonl").write_text(
        '{"id": "x", "text": "EU rejects German call to boycott British lamb.", "label": [[0, 2, "ORG"], [34, 46, "MISC"]]}\n',
        encoding="utf-8")
    conll = "EU B-ORG\nrejects O\nGerman B-MISC\ncall O\nto O\nboycott O\nBritish B-MISC\nlamb I-MISC\n. O\n"
    (tmp_path / "s.conll").write_text(conll, encoding="utf-8")
    report = get_method("spans").evaluate(str(tmp_path / "g.jsonl"), str(tmp_path / "s.conll"),
                                          get_method("spans").Options())
    assert report.data["paired_by"] == "position"
    cr = report.data["classification_report"]
    assert (cr["ORG"]["precision"], cr["MISC"]["recall"], cr["MISC"]["precision"]) == (1.0, 1.0, 0.5)
    fp = [row for row in report.error_rows if row["type"] == "FP"]
    assert [row["system_text"] for row in fp] == ["German"]


def test_different_texts_name_the_document(tmp_path):
    (tmp_path / "g.jsonl").write_text('{"id": "a", "text": "one two", "label": []}\n', encoding="utf-8")
    (tmp_path / "s.jsonl").write_text('{"id": "a", "text": "one too", "label": []}\n', encoding="utf-8")
    with pytest.raises(InputError, match="'a'.*character 5"):
        get_method("spans").evaluate(str(tmp_path / "g.jsonl"), str(tmp_path / "s.jsonl"),
                                     get_method("spans").Options())


def test_folder_missing_partner(tmp_path):
    for side in ("gold", "system"):
        (tmp_path / side).mkdir()
        (tmp_path / side / "a.conll").write_text("x B-A\n", encoding="utf-8")
    (tmp_path / "gold" / "b.conll").write_text("y O\n", encoding="utf-8")
    with pytest.raises(InputError, match="'b'"):
        get_method("nervaluate").evaluate(str(tmp_path / "gold"), str(tmp_path / "system"),
                                          get_method("nervaluate").Options())


def test_no_spans_is_zeros(tmp_path):
    (tmp_path / "e.conll").write_text("a O\nb O\n", encoding="utf-8")
    path = str(tmp_path / "e.conll")
    report = get_method("spans").evaluate(path, path, get_method("spans").Options())
    assert report.data["classification_report"]["micro avg"] == {
        "precision": 0.0, "recall": 0.0, "f1-score": 0.0, "support": 0}
    overall = get_method("nervaluate").evaluate(path, path, get_method("nervaluate").Options()).data["overall"]
    assert overall["strict"]["f1"] == 0


@pytest.mark.parametrize("content", ['{"text": "ab", "label": [[0, 5, "X"]]}\n', '{"text": "ab"\n', '[1, 2]'])
def test_bad_json_is_one_message(tmp_path, capsys, content):
    (tmp_path / "bad.jsonl").write_text(content, encoding="utf-8")
    assert main(["spans", str(tmp_path / "bad.jsonl"), str(tmp_path / "bad.jsonl"), "--format", "doccano"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.jsonl" in err and "expected" in err


def test_cli_side_flags_and_outputs(tmp_path, capsys):
    path = str(DATA / "conll" / "seqeval-ground_truth.txt")
    code = main(["nervaluate", path, path, "--gold-tag-column", "2", "--system-tag-column", "-1",
                 "--reading", "conlleval", "--json", str(tmp_path / "r.json"), "--xlsx", str(tmp_path / "r.xlsx")])
    assert code == 0
    import json

    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert set(data["overall"]) == {"strict", "exact", "partial", "ent_type"}
    assert set(data["overall"]["strict"]) == {"correct", "incorrect", "partial", "missed", "spurious", "possible",
                                              "actual", "precision", "recall", "f1"}
    assert data["errors"] and data["errors"][0]["type"] in ("incorrect", "missed", "spurious")
    assert (tmp_path / "r.xlsx").stat().st_size > 0


def test_conlleval_demo_nervaluate_numbers():
    """Pinned from nervaluate 1.2.1 on the same tag columns (its list loader)."""
    path = str(DATA / "conll" / "seqeval-ground_truth.txt")
    method = get_method("nervaluate")
    report = method.evaluate(path, path, method.Options(gold_tag_column=2, system_tag_column=3, reading="conlleval"))
    overall = report.data["overall"]
    counts = {s: [overall[s][k] for k in ("correct", "incorrect", "partial", "missed", "spurious")] for s in overall}
    assert counts == {"strict": [371, 85, 0, 3, 83], "exact": [381, 75, 0, 3, 83],
                      "partial": [381, 0, 75, 3, 83], "ent_type": [433, 23, 0, 3, 83]}
    assert (overall["strict"]["f1"], overall["partial"]["f1"], overall["ent_type"]["f1"]) == (
        0.7434869739478958, 0.838677354709419, 0.8677354709418837)
    assert report.data["per_label"]["NP"]["ent_type"]["f1"] == 0.9050086355785838


def test_folders_pair_documents_by_file_name(tmp_path):
    for side, tags in (("gold", ("B-A", "O")), ("system", ("B-A", "B-A"))):
        (tmp_path / side).mkdir()
        for name in ("one", "two"):
            (tmp_path / side / f"{name}.conll").write_text(f"x {tags[0]}\ny {tags[1]}\n", encoding="utf-8")
    report = get_method("spans").evaluate(str(tmp_path / "gold"), str(tmp_path / "system"),
                                          get_method("spans").Options())
    assert [d.name for d in report.documents] == ["one", "two"]
    assert report.data["paired_by"] == "name"
    assert report.data["classification_report"]["A"] == {"precision": 0.5, "recall": 1.0,
                                                         "f1-score": 0.6666666666666666, "support": 2}
    assert [r["document"] for r in report.error_rows] == ["one", "two"]
