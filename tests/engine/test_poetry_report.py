"""Poetry span evaluation beyond the original's CSV: the JSON report's keys, corpus
scores (micro and macro), the Pages and Spans tables, documents with page text."""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.methods import get_method
from engine.methods.poetry import Options
from engine.report import ERROR_COLUMNS, InputFile
from engine.textio import sha256_file
from tests.engine.test_poetry_examples import reference_line, run_pages, system_line, write_pages

A, B, C = "A", "B", "C"
PAGES = [
    ("p1", [(0, 10, A)], [(0, 10, A)]),
    ("p2", [(0, 10, A), (20, 30, B)], [(0, 5, A), (40, 50, C)]),
    ("p3", [], []),
]


@pytest.fixture
def report(cli, tmp_path):
    code, _, _, err, report = run_pages(cli, tmp_path, PAGES)
    assert code == 0, err
    return report


def test_json_keys_of_the_spec(report):
    assert report["method"] == "poetry"
    assert report["options"] == {"ignore_label": False, "partial_match_weight": 1.0, "texts": None}
    assert set(report["inputs"]) == {"reference", "system"}
    assert report["columns"][0] == "page_id" and len(report["columns"]) == 9
    assert report["rows"][1] == {"page_id": "p2", "precision": 0.25, "recall": 0.25, "n_span_matches": 1,
                                 "n_span_misses": 1, "n_span_spurious": 1, "n_poem_matches": 1,
                                 "n_poem_misses": 1, "n_poem_spurious": 1}  # fmt: skip
    assert report["overall"] == {"pages": 3, "precision": 0.75, "recall": 0.75,
                                 "line": "Overall: 3 Pages | Precision = 0.75 | Recall = 0.75"}  # fmt: skip
    assert [r["sha256"] for r in report["input_files"]] and report["messages"] == []


def test_corpus_scores_micro_and_macro(report):
    corpus = report["corpus"]
    assert corpus["macro"] == {"precision": 0.75, "recall": 0.75, "f1": 0.75}
    assert corpus["micro"] == {"precision": 0.5, "recall": 0.5, "f1": 0.5, "relevance": 1.5, "retrieved": 3}
    assert (corpus["pages"], corpus["reference_spans"], corpus["system_spans"]) == (3, 3, 3)
    assert corpus["counts"] == {"n_span_matches": 2, "n_span_misses": 1, "n_span_spurious": 1,
                                "n_poem_matches": 2, "n_poem_misses": 1, "n_poem_spurious": 1}  # fmt: skip
    headline = report["tables"]["scores"]
    assert headline["rows"] == [
        ["macro (mean over pages)", 0.75, 0.75, 0.75],
        ["micro (all spans pooled)", 0.5, 0.5, 0.5],
    ]
    assert report["tables"]["counts"]["rows"] == [[3, 3, 3, 2, 1, 1, 2, 1, 1]]


def test_pages_table_has_the_csv_columns_as_numbers(report):
    pages = report["tables"]["pages"]
    assert pages["title"] == "Pages"
    assert pages["columns"][:9] == report["columns"]
    assert pages["rows"][1][:9] == ["p2", 0.25, 0.25, 1, 1, 1, 1, 1, 1]
    assert pages["rows"][2][:3] == ["p3", 1, 1]


def test_details_give_mapping_and_pairs(report):
    page = report["details"][1]
    assert page["page_id"] == "p2" and page["line"] == 2 and page["system_line"] == 2
    assert page["reference"] == [
        {"start": 0, "end": 10, "label": "A", "system": 0, "factor": 0.5},
        {"start": 20, "end": 30, "label": "B", "system": None, "factor": None},
    ]
    assert page["system"][1] == {"start": 40, "end": 50, "label": "C", "references": [], "merged": [1]}
    assert page["pairs"] == [{"reference": 0, "system": 0, "piece": [0, 5], "exact": False, "factor": 0.5,
                              "credit": 0.5}]  # fmt: skip


def test_error_rows_for_the_spans_sheet(report):
    rows = report["errors"]
    assert [(r["unit_id"], r["status"], r["marker"]) for r in rows] == [
        ("p1", "exact", "🟨"), ("p2", "partial", "🟨"), ("p2", "missed", "🟩"), ("p2", "spurious", "🟥")]  # fmt: skip
    assert all(list(r)[: len(ERROR_COLUMNS)] == list(ERROR_COLUMNS) for r in rows)
    partial = rows[1]
    assert (partial["gold_start"], partial["gold_end"], partial["system_start"], partial["system_end"]) == (
        0,
        10,
        0,
        5,
    )
    assert (partial["factor"], partial["credit"], partial["piece_start"]) == (0.5, 0.5, None)
    assert (partial["gold_label"], partial["system_label"], partial["sheet"]) == ("A", "A", "Spans")
    assert (partial["gold_line"], partial["system_line"], partial["document"], partial["unit"]) == (
        2,
        2,
        "p2",
        1,
    )
    spurious = rows[3]
    assert (spurious["gold_start"], spurious["system_label"], spurious["factor"]) == (None, "C", None)
    assert [r["error_id"] for r in rows] == ["E1", "E2", "E3", "E4"]


def test_split_pieces_in_error_rows(cli, tmp_path):
    refs = [(394, 512, A), (516, 557, A), (563, 633, A), (637, 675, A)]
    _, _, _, _, report = run_pages(cli, tmp_path, [("seed", refs, [(389, 678, A)])])
    rows = report["errors"]
    assert [(r["piece_start"], r["piece_end"], r["subtype"]) for r in rows] == [
        (389, 516, "split"), (516, 563, "split"), (563, 637, "split"), (637, 678, "split")]  # fmt: skip
    assert rows[0]["factor"] == 0.9291338582677166
    assert "split into 4 pieces" in rows[0]["detail"]


def test_merged_system_spans_with_ignore_label(cli, tmp_path):
    _, _, _, _, report = run_pages(
        cli, tmp_path, [("p", [(0, 10, A)], [(0, 6, A), (5, 10, B)])], "--ignore-label"
    )
    assert report["details"][0]["system"] == [
        {"start": 0, "end": 10, "label": "", "references": [0], "merged": [0, 1]}
    ]
    assert report["errors"][0]["status"] == "exact"
    assert report["errors"][0]["detail"] == "merged from 2 overlapping system spans"


def page_text(n):
    return "".join(chr(ord("a") + i % 26) for i in range(n))


def test_page_text_from_the_reference_file(cli, tmp_path):
    text = page_text(60)
    ref, sys_ = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    ref.write_text(
        reference_line("p", [(0, 10, A)], text=text) + "\n" + reference_line("q", [(2, 4, A)]) + "\n"
    )
    sys_.write_text(system_line("p", [(5, 12, A)]) + "\n" + system_line("q", []) + "\n")
    method = get_method("poetry")
    report = method.evaluate(str(ref), str(sys_), Options())
    doc = report.documents[0]
    assert (doc.name, doc.joiner, doc.has_words, doc.units, doc.unit_ids) == ("p", "", True, [(0, 60)], ["p"])
    assert doc.text(0, 10) == text[:10]
    assert (
        report.error_rows[0]["gold_text"] == text[:10] and report.error_rows[0]["system_text"] == text[5:12]
    )
    blank = report.documents[1]
    assert (blank.has_words, len(blank), blank.text(2, 4)) == (False, 4, "··")
    assert report.error_rows[1]["gold_text"] == ""


def test_a_page_without_text_stands_in_up_to_its_last_span_on_either_side(tmp_path):
    """A page without text has a dot per position up to the end of its last reference or
    system span (0 without one, or where every span ends below 0); the documents read
    backwards are the same documents."""
    pages = [("a", [(0, 10, A), (20, 30, B)], [(5, 12, A)]), ("b", [(2, 4, A)], [(0, 50, C), (7, 9, A)]),
             ("c", [], []), ("d", [(-9, -2, A)], [(-5, -1, A)]), ("e", [], [(3, 8, A)])]  # fmt: skip
    ref, sys_ = write_pages(tmp_path, pages)
    report = get_method("poetry").evaluate(str(ref), str(sys_), Options())
    documents = list(report.documents)
    assert [(doc.name, len(doc), doc.units) for doc in documents] == [
        ("a", 30, [(0, 30)]), ("b", 50, [(0, 50)]), ("c", 0, [(0, 0)]), ("d", 0, [(0, 0)]), ("e", 8, [(0, 8)])
    ]
    assert [doc.name for doc in reversed(report.documents)] == ["e", "d", "c", "b", "a"]
    assert documents[1].text(0, 3) == "···" and documents[1].unit_of(40) == 0


def test_page_texts_from_a_texts_file(cli, tmp_path):
    write_pages(tmp_path, [("p", [(0, 3, A)], [(0, 3, A)]), ("q", [(1, 2, A)], [])])
    texts = tmp_path / "pages.jsonl"
    texts.write_text(
        json.dumps({"id": "p", "text": "Sing, muse"})
        + "\n"
        + json.dumps({"page_id": "q", "text": "xyz"})
        + "\n"
    )
    out, js = tmp_path / "o.csv", tmp_path / "o.json"
    result = cli(
        "poetry", tmp_path / "ref.jsonl", tmp_path / "sys.jsonl", out, "--texts", texts, "--json", js
    )
    assert result.code == 0, result.err
    errors = json.loads(js.read_text(encoding="utf-8"))["errors"]
    assert [(e["gold_text"], e["system_text"]) for e in errors] == [("Sin", "Sin"), ("y", "")]


@pytest.mark.parametrize("piece", [1, 40, 1 << 16])
def test_texts_file_read_a_piece_at_a_time_or_a_line_at_a_time(tmp_path, monkeypatch, piece):
    """A texts file's pieces of lines of just a page id and a text are decoded at once;
    one with other keys is read line by line: the same texts, the last of a page id kept,
    whatever the pieces' size."""
    from engine.methods.poetry import detail

    monkeypatch.setattr(detail, "PIECE", piece)
    lines = [{"id": "a", "text": "x,\"y\""}, {"page_id": "b", "id": "z", "text": "é 😀"}, {"id": 3, "text": "n"},
             {"page_id": None, "text": ""}, {"id": "c", "text": "t", "more": [1]}, {"id": "a", "text": "again"}]  # fmt: skip
    path = tmp_path / "pages.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert detail.read_texts(str(path)) == {"a": "again", "b": "é 😀", 3: "n", None: "", "c": "t"}


def test_texts_file_with_a_bad_line_later_names_it(tmp_path):
    """Lines decoded at once until one is no JSON, of a number out of range in a key
    otherwise skipped: the message names that line."""
    from engine.errors import InputError
    from engine.methods.poetry.detail import read_texts

    path = tmp_path / "pages.jsonl"
    path.write_text('{"id": "a", "text": "x"}\n{"id": "b", "text": "y", "n": 1e400}\n', encoding="utf-8")
    with pytest.raises(InputError, match="pages.jsonl:2: expected a JSON object, found invalid JSON"):
        read_texts(str(path))


def test_bad_texts_file(cli, tmp_path):
    write_pages(tmp_path, [("p", [(0, 3, A)], [(0, 3, A)])])
    texts = tmp_path / "pages.jsonl"
    texts.write_text('{"page_id": "p", "text": 5}\n')
    result = cli("poetry", tmp_path / "ref.jsonl", tmp_path / "sys.jsonl", tmp_path / "o.csv", "--texts", texts,
                 "--json", tmp_path / "o.json")  # fmt: skip
    assert result.code == 2
    assert result.err == f"spanstudio: error: {texts}:1: expected a string for text, found 5\n"
    assert not (tmp_path / "o.csv").exists()


def test_missing_texts_file(cli, tmp_path):
    write_pages(tmp_path, [("p", [(0, 3, A)], [(0, 3, A)])])
    result = cli(
        "poetry",
        tmp_path / "ref.jsonl",
        tmp_path / "sys.jsonl",
        tmp_path / "o.csv",
        "--texts",
        tmp_path / "t",
    )
    assert (result.code, result.err) == (
        2,
        f"spanstudio: error: {tmp_path / 't'}: expected an existing file, found nothing\n",
    )


def test_spans_for_the_viewer(cli, tmp_path):
    write_pages(tmp_path, PAGES)
    report = get_method("poetry").evaluate(
        str(tmp_path / "ref.jsonl"), str(tmp_path / "sys.jsonl"), Options()
    )
    assert [d.name for d in report.documents] == ["p1", "p2", "p3"]
    assert [(s.doc, s.start, s.end, s.attrs["status"]) for s in report.gold_spans] == [
        ("p1", 0, 10, "exact"), ("p2", 0, 10, "partial"), ("p2", 20, 30, "missed")]  # fmt: skip
    assert [(s.doc, s.label, s.attrs["status"], s.attrs["pieces"]) for s in report.system_spans] == [
        ("p1", "A", "matched", [[0, 10]]), ("p2", "A", "matched", [[0, 5]]), ("p2", "C", "spurious", [])]  # fmt: skip
    assert report.headline.title == "Corpus scores"
    assert [t.kind for t in report.tables.values()] == ["scores", "scores", "detail"]


def test_repeated_page_ids_get_distinct_documents(cli, tmp_path):
    ref, sys_ = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    ref.write_text((reference_line("p", [(0, 1, A)]) + "\n") * 2 + reference_line(None, []) + "\n")
    sys_.write_text(system_line("p", []) + "\n" + system_line(None, []) + "\n")
    report = get_method("poetry").evaluate(str(ref), str(sys_), Options())
    assert [d.name for d in report.documents] == ["p", "p (line 2)", "null"]


def test_api_rejects_a_bad_weight(tmp_path):
    from engine.errors import InputError

    write_pages(tmp_path, PAGES)
    with pytest.raises(InputError, match="partial-match-weight: expected a finite number ≥ 0"):
        get_method("poetry").evaluate(str(tmp_path / "ref.jsonl"), str(tmp_path / "sys.jsonl"),
                                      Options(partial_match_weight=float("nan")))  # fmt: skip


def test_format_is_detected(tmp_path):
    from engine.formats import detect

    ref, sys_ = write_pages(tmp_path, PAGES)
    assert detect(ref) == detect(sys_) == "Poetry spans (corppa JSONL)"


def test_progress_is_reported_and_cancellable(tmp_path):
    from engine.errors import Cancelled
    from engine.progress import Progress

    pages = [(f"p{i}", [(0, 10, A)], [(0, 10, A)]) for i in range(5000)]
    write_pages(tmp_path, pages)
    seen = []
    progress = Progress(lambda fraction, message: seen.append(fraction), interval=0)
    get_method("poetry").evaluate(
        str(tmp_path / "ref.jsonl"), str(tmp_path / "sys.jsonl"), Options(), progress
    )
    assert seen and seen[-1] == 1.0 and seen == sorted(seen)
    progress = Progress(lambda fraction, message: progress.cancel(), interval=0)
    with pytest.raises(Cancelled):
        get_method("poetry").evaluate(
            str(tmp_path / "ref.jsonl"), str(tmp_path / "sys.jsonl"), Options(), progress
        )


def test_spans_sheet_columns(report):
    rows = report["errors"]
    split = ["status", "marker", "ref_start", "ref_end", "sys_start", "sys_end", "piece_start", "piece_end",
             "factor", "credit", "gold_line", "system_line"]  # fmt: skip
    assert [k for k in rows[0] if k not in ERROR_COLUMNS and k != "sheet"] == split
    missed, spurious = rows[2], rows[3]
    assert (missed["ref_start"], missed["ref_end"], missed["sys_start"], missed["system_line"]) == (
        20,
        30,
        None,
        None,
    )
    assert (spurious["ref_start"], spurious["sys_start"], spurious["sys_end"], spurious["gold_line"]) == (
        None,
        40,
        50,
        None,
    )


def test_review_workbook(cli, tmp_path):
    import openpyxl

    write_pages(tmp_path, PAGES)
    book = tmp_path / "review.xlsx"
    result = cli("poetry", tmp_path / "ref.jsonl", tmp_path / "sys.jsonl", tmp_path / "o.csv", "--xlsx", book)
    assert result.code == 0, result.err
    assert result.out == "Overall: 3 Pages | Precision = 0.75 | Recall = 0.75\n"
    workbook = openpyxl.load_workbook(book)
    assert workbook.sheetnames[:4] == ["Summary", "Summed counts", "Pages", "Spans"]
    spans = list(workbook["Spans"].iter_rows(values_only=True))
    assert spans[0][0].startswith("One row per reference span and per spurious system span.")
    header = spans[1]
    assert header[1] == "Verdict" and "Page" in header and "marker" in header
    cells = [dict(zip(header, row, strict=True)) for row in spans[2:]]
    assert [(c["Document"], c["Type"], c["marker"]) for c in cells] == [
        ("p1", "exact", "🟨"), ("p2", "partial", "🟨"), ("p2", "missed", "🟩"), ("p2", "spurious", "🟥")]  # fmt: skip
    pages = list(workbook["Pages"].iter_rows(values_only=True))
    assert pages[3][:3] == ("p1", 1, 1) and pages[4][:3] == ("p2", 0.25, 0.25)
    g, s = "\U0001f7e9", "\U0001f7e5"  # pages without text: their stretches by their lengths
    assert [c["Context"] for c in cells] == [
        f"{g}{s}⟨10⟩{s}{g}", f"{g}{s}⟨5⟩{s}⟨5⟩{g}…", f"…{g}⟨10⟩{g}…", f"…{s}⟨10⟩{s}"]  # fmt: skip
    assert spans[0][0].endswith("and … where the page goes on before or after the spans.")


def test_review_workbook_of_pages_with_text(cli, tmp_path):
    """A page's text (here from --texts) is shown as it is, its own middle dots too; the
    legend says nothing of pages without text."""
    import openpyxl

    write_pages(tmp_path, PAGES)
    texts = tmp_path / "pages.jsonl"
    texts.write_text("".join(json.dumps({"id": page, "text": "·" * 25 + "x" * 25}) + "\n" for page in ("p1", "p2", "p3")))
    book = tmp_path / "review.xlsx"
    args = ("poetry", tmp_path / "ref.jsonl", tmp_path / "sys.jsonl", tmp_path / "o.csv", "--texts", texts)
    assert cli(*args, "--xlsx", book).code == 0
    spans = list(openpyxl.load_workbook(book)["Spans"].iter_rows(values_only=True))
    assert spans[0][0].endswith("🟥…🟥 system span.")
    g, s = "\U0001f7e9", "\U0001f7e5"
    assert [row[3] for row in spans[2:]] == [
        f"{g}{s}{'·' * 10}{s}{g}{'·' * 15}{'x' * 25}",
        f"{g}{s}{'·' * 5}{s}{'·' * 5}{g}{'·' * 15}{'x' * 25}",
        f"{'·' * 20}{g}{'·' * 5}{'x' * 5}{g}{'x' * 20}",
        f"{'·' * 25}{'x' * 15}{s}{'x' * 10}{s}",
    ]


@pytest.mark.parametrize("ignore_label, weight", [(False, 1.0), (True, 0.5), (False, 3e16)])
def test_json_by_msgspec_is_the_json_of_the_dicts(tmp_path, monkeypatch, ignore_label, weight):
    """The error rows and details written by msgspec from structs (plain numbers) are the
    bytes the writer gives for the same rows and pages as dicts, over several batches; a
    credit past 1e16 (written 1e+16 by orjson, 1e16 by msgspec) takes the dicts."""
    from engine.export.json import dumps, write_report
    from engine.methods.poetry import errors
    from tests.bench.bench_poetry import generate

    ref, sys_ = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    generate(2500, ref, sys_, seed=3)
    options = Options(ignore_label=ignore_label, partial_match_weight=weight)
    written = []
    for plain in (True, False):
        if not plain:
            monkeypatch.setattr(errors, "_plain_numbers", lambda scores: False)
        report = get_method("poetry").evaluate(str(ref), str(sys_), options, detail=True)
        report.created = "now"
        assert report.error_rows.plain_numbers == (plain and weight < 1e16)
        handle = io.BytesIO()
        write_report(report, handle)
        written.append(handle.getvalue())
    assert written[0] == written[1] == dumps(report).encode("utf-8")
    assert len(json.loads(written[0])["details"]) == 2500


@pytest.mark.parametrize("ignore_label, weight", [(False, 1.0), (True, 0.5), (False, 0.00001), (False, 3e16)])
def test_csv_from_the_arrays_texts_is_the_csv_of_the_values(tmp_path, ignore_label, weight):
    """The Spans rows' CSV columns made from the arrays' texts (numbers, parts, positions;
    texts coded: csv.Pieces) give the bytes the writer gives for the rows' Python values;
    credits the texts would write otherwise (1e-05, past 1e16) are taken as values."""
    from engine.export.csv import Pieces, columns_text
    from tests.bench.bench_poetry import generate

    ref, sys_ = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    generate(2500, ref, sys_, seed=4)
    options = Options(ignore_label=ignore_label, partial_match_weight=weight)
    rows = get_method("poetry").evaluate(str(ref), str(sys_), options, detail=True).error_rows
    keys = rows.keys()
    texts = [rows.csv_column(key) for key in keys]
    assert sum(isinstance(column, Pieces) for column in texts) == (len(keys) if rows.plain_numbers else 0)
    assert columns_text(keys, texts) == columns_text(keys, [list(rows.column(key)) for key in keys])


def test_csv_from_the_arrays_texts_writes_negative_offsets_as_numbers(tmp_path):
    """A negative offset (poetry takes them) is a number in the CSV, `-5`, not a text
    defused as a formula (`'-5`), as the rows' values write it."""
    from engine.export.csv import columns_text

    ref, sys_ = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    ref.write_text('{"page_id": "p1", "n_excerpts": 1, "excerpts": [{"start": -5, "end": 10, "poem_id": "a"}]}\n'
                   '{"page_id": "p2", "n_excerpts": 1, "excerpts": [{"start": 3, "end": 10, "poem_id": "a"}]}\n')
    sys_.write_text('{"page_id": "p1", "n_spans": 1, "poem_spans": [{"page_start": -7, "page_end": 8, "ref_id": "a"}]}\n'
                    '{"page_id": "p2", "n_spans": 1, "poem_spans": [{"page_start": 4, "page_end": 12, "ref_id": "b"}]}\n')
    rows = get_method("poetry").evaluate(str(ref), str(sys_), Options(), detail=True).error_rows
    keys = rows.keys()
    text = columns_text(keys, [rows.csv_column(key) for key in keys])
    assert text == columns_text(keys, [list(rows.column(key)) for key in keys])
    assert ",-5," in text and ",-7," in text and ",'-5," not in text


def test_pages_f1_column_is_summary_f1():
    """The Pages sheet's f1 by stats.harmonic: summary.f1's value for ints, floats, zeros,
    NaN and inf."""
    import numpy as np

    from engine.methods.poetry.summary import f1
    from engine.stats import harmonic

    values = [0, 1, 0.0, 1.0, 0.1, 1 / 3, 2.5e-300, 7e300, float("nan"), float("inf")]
    pairs = [(p, r) for p in values for r in values]
    with np.errstate(all="ignore"):
        got = harmonic(np.asarray([p for p, _ in pairs], float), np.asarray([r for _, r in pairs], float)).tolist()
    want = [f1(p, r) for p, r in pairs]
    assert [repr(g) for g in got] == [repr(w) for w in want]


def test_float_page_ids_and_labels_in_details_as_the_dicts(cli, tmp_path):
    """A float page id or label (any JSON scalar) keeps the details off msgspec, which
    writes 1e20 where orjson and the dicts' path write 1e+20."""
    from engine.export.json import dumps, write_report

    pages = [(1e20, [(0, 10, 2.5e17)], [(0, 10, 2.5e17)]), ("p2", [(0, 10, A)], [(0, 5, A)])]
    ref, sys_ = write_pages(tmp_path, pages)
    report = get_method("poetry").evaluate(str(ref), str(sys_), Options(), detail=True)
    report.created = "now"
    handle = io.BytesIO()
    write_report(report, handle)
    written = handle.getvalue()
    assert written == dumps(report).encode("utf-8")
    assert b'{"page_id":1e+20,' in written and b'"label":2.5e+17,' in written


ODD = ["a\",\"b", "\\", "é 🟩 \x01\x1f\n", "", 'q"', "x,y"]


def _odd_pages(folder: Path, odd: list[str]) -> tuple[Path, Path]:
    """A reference and a system file of 40 pages: page ids, labels and page texts made of
    `odd`, labels of every JSON kind, repeated page ids, negative offsets, splits, merges."""
    labels = [*odd, 7, True, None, 2.5, 1e20]
    ref, sys_ = folder / "ref.jsonl", folder / "sys.jsonl"
    ref_lines, sys_lines = [], []
    for k in range(40):
        page_id = odd[k % len(odd)] + str(k // 7) if k % 5 else k
        label, other = labels[k % len(labels)], labels[(k * 7) % len(labels)]
        spans = [(-3 if k % 2 else 0, 12 + k, label), (20, 30, label), (31, 40 + k, other)][: k % 4]
        found = [(0, 12 + k, label), (-5, 35, label), (25, 26, other), (33, 50, other)][: (k * 3) % 5]
        text = {"text": (odd[k % len(odd)] * 9)[: 30 + k]} if k % 3 else {}
        ref_lines.append(reference_line(page_id, spans, **text))
        sys_lines.append(system_line(page_id, found))
    ref.write_text("\n".join(ref_lines) + "\n", encoding="utf-8")
    sys_.write_text("\n".join(sys_lines) + "\n", encoding="utf-8")
    return ref, sys_


@pytest.mark.parametrize("ignore_label, limit", [(False, None), (True, None), (False, 64)])
def test_json_texts_of_odd_pages_are_the_json_of_the_dicts(tmp_path, monkeypatch, ignore_label, limit):
    """The error rows and details written from their columns' texts (jsontext) are the
    bytes of the same rows and pages as dicts: page ids, labels and page texts with
    quotes, `","`, backslashes, control characters and emoji; labels of every JSON kind;
    repeated page ids; negative offsets; splits and merges. A tiny rowtexts.LIMIT keeps
    the texts as bytes objects and lays the rows out one or two at a time."""
    from engine.export import rowtexts
    from engine.export.json import dumps, write_report
    from engine.methods.poetry import errors

    if limit:
        monkeypatch.setattr(rowtexts, "LIMIT", limit)

    ref, sys_ = _odd_pages(tmp_path, ODD)
    written = []
    for plain in (True, False):
        if not plain:
            monkeypatch.setattr(errors, "_plain_numbers", lambda scores: False)
        report = get_method("poetry").evaluate(str(ref), str(sys_), Options(ignore_label=ignore_label), detail=True)
        report.created = "now"
        handle = io.BytesIO()
        write_report(report, handle)
        written.append(handle.getvalue())
    assert written[0] == written[1] == dumps(report).encode("utf-8")
    errors_ = json.loads(written[0])["errors"]
    assert {e["status"] for e in errors_} >= {"exact", "partial", "missed", "spurious"}
    assert any(e["gold_text"] for e in errors_) and any(e["detail"] for e in errors_)


@pytest.mark.parametrize("ignore_label, limit, block", [(False, None, None), (True, None, None), (False, 64, None),
                                                       (True, None, 3)])  # fmt: skip
def test_csv_of_odd_pages_laid_out_is_the_csv_of_the_values(tmp_path, monkeypatch, ignore_label, limit, block):
    """The Spans rows' CSV laid out from Pieces (csv.pieces_text) is the text of the rows'
    Python values and writes its bytes: page ids, labels, notes and page texts with quotes,
    commas, line breaks, formula starts, a NUL, emoji; a tiny rowtexts.LIMIT lays the rows
    out one or two at a time, a tiny csv.PIECES_BLOCK three rows a block."""
    from engine.export import csv, rowtexts
    from engine.export.csv import Pieces, columns_text, write_csv

    if limit:
        monkeypatch.setattr(rowtexts, "LIMIT", limit)
    if block:
        monkeypatch.setattr(csv, "PIECES_BLOCK", block)
    ref, sys_ = _odd_pages(tmp_path, [*ODD, "=1+2", "-x", "@a", "+b", "nul\x00x", "\r", "\t"])
    report = get_method("poetry").evaluate(str(ref), str(sys_), Options(ignore_label=ignore_label), detail=True)
    rows = report.error_rows
    keys = rows.keys()
    laid = [rows.csv_column(key) for key in keys]
    assert all(isinstance(column, Pieces) for column in laid)
    text = columns_text(keys, [list(rows.column(key)) for key in keys])
    assert columns_text(keys, laid) == text
    assert "\x00" in text and "'=1+2" in text and "'-x" in text
    write_csv(report, tmp_path / "out")
    assert (tmp_path / "out" / "errors.csv").read_bytes() == text.encode("utf-8")


def test_an_input_files_sha256_is_taken_when_first_asked_for(tmp_path):
    """Given its digest, the bytes read, or nothing (the file is hashed then), an input
    file's record has the file's sha256."""
    path = tmp_path / "gold.jsonl"
    path.write_bytes(b'{"id": "p1"}\n')
    digest = sha256_file(path)
    given = [InputFile("gold", str(path), d) for d in (digest, path.read_bytes(), None)]
    assert [f.record()["sha256"] for f in given] == [digest] * 3


def test_float_texts_are_each_floats_json():
    """Floats written once per distinct value are each value's JSON as msgspec writes it:
    -0.0 apart from 0.0, repeats, NaN as null."""
    from engine.methods.poetry.jsontext import float_texts, number_texts

    values = np.array([0.5, -0.0, 1 / 3, 0.0, 0.5, float("nan"), 2.0, 1 / 3, 1e-7, -0.0])
    texts = float_texts(values)
    assert texts.tolist() == number_texts(values.tolist()).tolist()
    assert texts[1] == b"-0.0" and texts[3] == b"0.0" and texts[5] == b"null"
    assert float_texts(np.zeros(0)).tolist() == []


@pytest.mark.parametrize("values", [[5, -1, 5, 0, 2, 5, 0, -1, 5, 5, 3, 3, 2, 4], [3, 1000, -7, 42], [0],
                                    [999_999_999, 10, -1_000_000_000, 2**32 - 1, 2**32, 2**63 - 1, 1 - 2**63]])  # fmt: skip
def test_integer_texts_are_the_numbers_decimal_texts(values):
    """Made once per distinct value where many repeat (the first case), else each; NUL
    bytes pad the shorter ones (rowtexts deletes them); nine digits and fewer divided as
    32-bit numbers, more as 64-bit ones (the last case)."""
    from engine.export.rowtexts import integer_texts

    texts = integer_texts(np.array(values, dtype=np.int64))
    assert [t.replace(b"\0", b"").decode() for t in texts.tolist()] == [str(v) for v in values]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet='"\\,xé', max_size=4), min_size=1, max_size=5))
def test_string_texts_are_each_strings_json(values):
    """A string ending in an escaped quote and a comma (`x",`) split the list's JSON at its
    own `","` (the page's id written `"x\\"` and the next page's `",\\"y"`)."""
    import msgspec

    from engine.methods.poetry.jsontext import string_texts

    assert [t.rstrip(b"\0") for t in string_texts(values).tolist()] == [
        msgspec.json.encode(v)[1:-1] for v in values
    ]


def test_a_page_id_ending_in_a_quote_and_a_comma_is_valid_json(cli, tmp_path):
    pages = [('x",', [(0, 5, A)], [(0, 5, A)]), ("y", [(0, 5, A)], [(0, 4, A)])]
    report = run_pages(cli, tmp_path, pages)[4]
    assert [page["page_id"] for page in report["details"]] == ['x",', "y"]
