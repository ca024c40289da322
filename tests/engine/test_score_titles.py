"""A score table's columns are headed in words (score_title: 'Precision', 'F1', 'TP Precision')
in the workbook's Summary and score sheets; a confusion matrix's labels, the rows' labels
and the CSV and JSON keys stay as the method writes them."""

from __future__ import annotations

import json

import pytest
from openpyxl import load_workbook

from engine.export.csv import csv_files
from engine.export.json import report_dict
from engine.export.xlsx import write_workbook
from engine.methods import get_method
from engine.report import Table, score_title
from gui.resources import example_inputs


@pytest.fixture(scope="module")
def report():
    method, gold, system = example_inputs()
    found = get_method(method)
    return found.evaluate(gold, system, found.Options())


@pytest.fixture(scope="module")
def book(report, tmp_path_factory):
    path = tmp_path_factory.mktemp("titles") / "review.xlsx"
    write_workbook(report, str(path))
    return load_workbook(path)


@pytest.mark.parametrize(("key", "title"), [
    ("method", "Method"), ("precision", "Precision"), ("f1", "F1"), ("label", "Label"), ("schema", "Schema"),
    ("TP_Precision", "TP Precision"), ("process_id", "Process id"), ("tp", "TP"), ("fn", "FN"), ("P", "P"),
    ("f1-score", "F1-score"), ("freq", "Frequency"), ("n_span_matches", "Span matches"), ("f1_low", "F1 low"),
    ("reference spans", "Reference spans"), ("target \\ system", "Target \\ system"), ("error_id", "ID"),
    ("_", "_"), ("LBE", "LBE"),
])  # fmt: skip
def test_a_score_columns_title(key, title):
    assert score_title(key) == title


def test_a_confusion_matrixs_labels_head_its_columns_as_they_are():
    table = Table(["target \\ system", "person", "loc", "_"], [], label_columns=True)
    assert table.headers() == ["Target \\ system", "person", "loc", "_"]
    assert Table(["label", "person"], []).headers() == ["Label", "Person"]


def _rows(ws) -> list[list]:
    return [[cell.value for cell in row] for row in ws.iter_rows()]


def test_the_summarys_overall_scores_are_headed_in_words(book):
    rows = _rows(book["Summary"])
    assert rows[2][:2] == ["Method", "FairEval — fair evaluation of labelled spans (faireval)"]  # the run's
    at = next(i for i, row in enumerate(rows) if row[0] == "Overall") + 1
    assert rows[at][:4] == ["Method", "Precision", "Recall", "F1"]
    assert [row[0] for row in rows[at + 1 : at + 3]] == ["traditional", "fair"]  # the rows' labels as they are


def test_a_score_sheets_header_row_is_in_words(book):
    rows = _rows(book["Traditional per label"])
    assert rows[1] == ["Label", "TP", "FP", "FN", "Precision", "Recall", "F1"]
    assert [row[0] for row in rows[2:]] == ["LOC", "MISC", "ORG", "PER", "overall"]
    assert _rows(book["Target data stats"])[1] == ["Label", "Frequency"]
    assert _rows(book["Confusion"])[1] == ["Target \\ system", "LOC", "MISC", "ORG", "PER", "_"]


def test_csv_and_json_keep_the_methods_keys(report):
    files = csv_files(report)
    assert files["overall.csv"].lstrip("\ufeff").splitlines()[0] == "method,precision,recall,f1"
    assert files["traditional.csv"].lstrip("\ufeff").splitlines()[0] == "label,TP,FP,FN,precision,recall,f1"
    assert files["data_stats.csv"].lstrip("\ufeff").splitlines()[0] == "label,freq"
    tables = json.loads(json.dumps(report_dict(report), default=list))["tables"]
    assert tables["overall"]["columns"] == ["method", "precision", "recall", "f1"]
    assert tables["fair"]["columns"][-3:] == ["precision", "recall", "f1"]
