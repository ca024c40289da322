"""`spanstudio agreement` on real files: one-document files given one per annotator are one
document, and inputs without a document in common are an error, not a result."""

from __future__ import annotations

import json

from engine.cli import main

HEADER = "#FORMAT=WebAnno TSV 3.3\n#T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|value\n\n\n"
ROWS = "#Text=Holmes met Watson\n1-1\t0-6\tHolmes\t{0}\t\n1-2\t7-10\tmet\t_\t\n1-3\t11-17\tWatson\t{1}\t\n"


def _tsv(path, first: str, second: str) -> str:
    path.write_text(HEADER + ROWS.format(first, second), encoding="utf-8")
    return str(path)


def test_one_document_files_of_each_annotator_are_one_document(tmp_path, capsys):
    anna = _tsv(tmp_path / "annotator_anna.tsv", "PER", "PER")
    ben = _tsv(tmp_path / "annotator_ben.tsv", "PER", "LOC")
    assert main(["agreement", anna, ben, "--json", "-"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["documents"] == ["annotator_anna"] and data["common_documents"] == ["annotator_anna"]
    assert data["overall"]["span_f1"]["labelled"]["pairwise"]["anna"]["ben"] == 0.5
    assert data["overall"]["span_f1"]["unlabelled"]["pairwise"]["anna"]["ben"] == 1.0


def _doccano(path, ids: list[int]) -> str:
    lines = [json.dumps({"id": i, "text": "Holmes met Watson", "label": [[0, 6, "PER"]]}) for i in ids]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_no_document_in_common_is_an_error_in_one_line(tmp_path, capsys):
    anna = _doccano(tmp_path / "anna.jsonl", [1, 2])
    ben = _doccano(tmp_path / "ben.jsonl", [3, 4])
    assert main(["agreement", anna, ben]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("spanstudio: error: expected a document two annotators or more have")
    assert "found none (anna: '1', '2'; ben: '3', '4')" in captured.err
