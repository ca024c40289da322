"""What a ProPara report carries for the app, the workbook and --json: score tables, the
Processes and Grid tables, the items with their best partners, the error rows with their
markers, one document per process with its sentences and the items as spans."""

from __future__ import annotations

import io
import json

import pytest

from engine.export.json import write_report
from engine.methods.propara import Options, ProPara
from engine.report import ERROR_COLUMNS
from tests.conftest import conformance


@pytest.fixture
def report(monkeypatch):
    monkeypatch.chdir(conformance("propara"))
    options = Options(sentences="data/train/sentences.tsv")
    return ProPara().evaluate("testfiles-3/answers.tsv", "testfiles-3/predictions.tsv", options)


def test_score_table_is_the_printed_report(report):
    table = report.headline
    assert table.columns == ["question", "precision", "recall", "f1"]
    assert table.rows == [
        ["Inputs", 1.0, 1.0, 1.0],
        ["Outputs", 1.0, 1.0, 1.0],
        ["Conversions", 1.0, 0.0, 0.0],
        ["Moves", 0.333, 0.333, 0.333],
        ["Overall", 0.833, 0.583, 0.686],
    ]


def test_processes_table(report):
    table = report.tables["processes"]
    assert (table.title, table.kind) == ("Processes", "detail")
    assert table.columns[:3] == ["process_id", "inputs_precision", "inputs_recall"]
    assert table.rows == [[1167, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 1 / 3, 1 / 3]]


def test_items_and_best_partners(report):
    items = report.data["items"]
    assert len(items) == 7  # inputs 1 + 1, outputs 1 + 1, conversions 1 + 0, moves 1 + 1
    move = next(i for i in items if i["question"] == "moves" and i["side"] == "answer")
    assert move["item"] == {"participants": "sunlight OR light", "location_before": "sun",
                            "location_after": "earth", "step_number": 5}  # fmt: skip
    assert move["best"]["location_before"] == "star" and move["score"] == 1 / 3
    conversion = next(i for i in items if i["question"] == "conversions")
    assert (conversion["side"], conversion["best"], conversion["score"]) == ("answer", None, 0.0)


def test_error_rows(report):
    rows = report.error_rows
    assert [(r["question"], r["side"], r["type"], r["marker"]) for r in rows] == [
        ("conversions", "answer", "missing", "🟩"),
        ("moves", "answer", "partial", "🟨"),
        ("moves", "prediction", "partial", "🟨"),
    ]
    missing, answer_move, predicted_move = rows
    assert missing["item"] == "atoms of hydrogen → sunlight OR light at sun (step 3)"
    assert missing["best"] == "" and missing["score"] == 0.0
    assert missing["gold_label"] == "conversion" and missing["system_label"] == ""
    assert answer_move["gold_text"] == "sunlight OR light: sun → earth (step 5)"
    assert answer_move["system_text"] == "sunlight OR light: star → soil (step 5)"
    assert predicted_move["system_text"] == answer_move["system_text"]
    assert answer_move["gold_position"] == "step 5" and answer_move["unit"] == 5
    doc = report.document("process 1167")
    start, end = doc.units[4]
    assert (answer_move["gold_start"], answer_move["gold_end"]) == (start, end)
    assert doc.text(start, end) == "The light travels to the Earth."
    assert [r["error_id"] for r in rows] == ["E1", "E2", "E3"]
    for row in rows:
        assert all(column in row for column in ERROR_COLUMNS)
        assert row["document"] == "process 1167" and row["process_id"] == 1167


def test_spurious_prediction_gets_the_system_marker(cli, tmp_path):
    (tmp_path / "a.tsv").write_text("1\t1\tx\tNONE\ta\ta\n1\t2\tx\tNONE\ta\ta\n")
    (tmp_path / "p.tsv").write_text("1\t1\tx\tNONE\ta\ta\n1\t2\tx\tMOVE\ta\tb\n")
    data = json.loads(cli("propara", "-p", tmp_path / "p.tsv", "-a", tmp_path / "a.tsv", "--json", "-").out)
    (row,) = data["errors"]
    assert (row["type"], row["marker"], row["side"], row["system_text"]) == ("spurious", "🟥", "prediction",
                                                                               "x: a → b (step 2)")  # fmt: skip


def test_document_per_process_with_sentences(report):
    (doc,) = report.documents
    assert doc.has_words and len(doc.units) == 5
    assert doc.text(*doc.units[0]) == "The gravity of the sun pulls its mass inward."


def test_document_without_sentences_has_one_token_per_step(monkeypatch):
    monkeypatch.chdir(conformance("propara"))
    report = ProPara().evaluate("testfiles-3/answers.tsv", "testfiles-3/predictions.tsv", Options())
    (doc,) = report.documents
    assert list(doc.tokens) == [f"(step {k})" for k in range(1, 6)] and not doc.has_words


def test_spans_for_the_viewer(report):
    assert [(s.label, s.attrs["status"], s.attrs["step"]) for s in report.gold_spans] == [
        ("conversion", "missing", 3), ("move", "partial", 5)
    ]  # fmt: skip
    assert [(s.label, s.attrs["status"]) for s in report.system_spans] == [("move", "partial")]
    assert (len(report.gold_spans), len(report.system_spans)) == (2, 1)  # counted before they are made


def test_span_counts_match_the_spans_made(monkeypatch):
    """The viewer's span lists are counted from the summaries before they are made: on a
    case with many processes the counts are those of the lists made."""
    monkeypatch.chdir(conformance("propara"))
    report = ProPara().evaluate("testfiles-1/answers.tsv", "testfiles-1/predictions.tsv", Options())
    for spans in (report.gold_spans, report.system_spans):
        assert len(spans) == len(list(spans)) > 0


def test_grid(report):
    grid = report.tables["grid"]
    assert (grid.title, grid.kind) == ("Grid", "detail")
    rows = {(r[3], r[1]): dict(zip(grid.columns, r, strict=True)) for r in grid.rows}
    assert len(rows) == 10
    atoms3 = rows[("atoms of hydrogen", 3)]
    assert (atoms3["gold_action"], atoms3["gold_before"], atoms3["gold_after"]) == ("DESTROY", "sun", "-")
    assert (atoms3["predicted_action"], atoms3["predicted_before"], atoms3["predicted_after"]) == (
        "DESTROY",
        "-",
        "-",
    )
    assert atoms3["differs"] == "before"
    assert atoms3["sentence"].startswith("The pressure forces atoms")
    light5 = rows[("sunlight; light", 5)]
    assert light5["differs"] == "before, after"
    assert rows[("sunlight; light", 2)]["differs"] == ""


def test_grid_rows_in_parts_are_the_rows(report):
    """The JSON writer takes the grid a part at a time, before (and without) the whole list."""
    rows = report.tables["grid"].rows
    parts = [row for part in rows.parts(3) for row in part]
    streamed = io.BytesIO()
    write_report(report, streamed)  # the rows' JSON a part at a time
    whole = list(rows)
    assert len(whole) == len(rows) == 10 and parts == whole
    assert json.loads(streamed.getvalue())["tables"]["grid"]["rows"] == [list(row) for row in whole]


def test_grid_csv_from_its_columns_is_the_rows_csv(report):
    """The CSV writer takes the grid's fields from its columns (no row made): the same
    document as from its rows (sentences with commas and quotes, `-` defused)."""
    from engine.export.csv import columns_text, csv_files, table_text

    grid = report.tables["grid"]
    text = columns_text(grid.columns, grid.rows.csv_columns(grid.columns))
    assert text == table_text(grid.columns, list(grid.rows)) == csv_files(report)["grid.csv"]
    assert "'-" in text and '"' in text


def test_grid_sheet_from_its_columns_is_the_rows_sheet(report):
    """The workbook writer takes the grid's coded columns (each distinct text made a cell once,
    no row made): the same XML as from its rows (`-` in the quoted style, a formula's start)."""
    from engine.export.sheetxml import CodedColumn, CodedTexts, Column, block_rows

    rows = report.tables["grid"].rows

    def sheet(columns):
        return block_rows(0, [Column(k, values, (0, 1, 2, 3)) for k, values in enumerate(columns)])[0]

    coded = rows.coded_texts()
    assert list(coded) == report.tables["grid"].columns
    made = sheet([CodedColumn(CodedTexts(texts), number) for texts, number in coded.values()])
    assert made == sheet(list(zip(*rows, strict=True))) and b's="1" t="inlineStr"><is><t>-<' in b"".join(made)


def test_coded_texts_are_the_error_rows_columns(report):
    """Each coded text column is its texts by its rows' numbers; the rows' columns are plain lists."""
    rows = report.error_rows
    assert all(type(column) is list for column in rows.columns.values())
    for key, (texts, number) in rows.coded_texts().items():
        assert [texts[n] for n in number.tolist()] == rows.columns[key] and all(type(t) is str for t in texts)
    assert "gold_start" in rows.columns and "gold_start" not in rows.coded_texts()  # numbers: not coded


def test_error_sheet_from_coded_texts_is_the_sheet_from_the_columns(report, tmp_path):
    """The workbook writer makes each distinct text of the error rows' coded columns a cell
    once: every sheet the same as from the rows' columns as they are."""
    import zipfile

    from engine.export.xlsx import write_workbook
    from engine.report import ColumnRows

    rows = report.error_rows
    assert {"type", "gold_label", "gold_text", "detail", "question"} <= set(rows.coded_texts())
    write_workbook(report, str(tmp_path / "coded.xlsx"))
    report.error_rows = ColumnRows({key: list(values) for key, values in rows.columns.items()})  # none coded
    assert not report.error_rows.coded_texts()
    write_workbook(report, str(tmp_path / "plain.xlsx"))
    coded, plain = (zipfile.ZipFile(tmp_path / name) for name in ("coded.xlsx", "plain.xlsx"))
    sheets = [name for name in coded.namelist() if name.startswith("xl/worksheets/")]
    assert len(sheets) == 5 and all(coded.read(name) == plain.read(name) for name in sheets)


def test_json_report_keys(monkeypatch, cli, tmp_path):
    monkeypatch.chdir(conformance("propara"))
    result = cli("propara", "-p", "testfiles-3/predictions.tsv", "-a", "testfiles-3/answers.tsv", "-d",
                 tmp_path / "d.txt", "-s", "data/train/sentences.tsv", "--json", "-")  # fmt: skip
    data = json.loads(result.out)
    assert data["method"] == "propara" and data["options"] == {}
    assert data["inputs"] == {"predictions": "testfiles-3/predictions.tsv", "answers": "testfiles-3/answers.tsv",
                              "sentences": "data/train/sentences.tsv"}  # fmt: skip
    for key in ("questions", "overall", "num_predictions", "num_answers", "processes", "summaries", "uncorrected",
                "items", "tables", "errors"):  # fmt: skip
        assert key in data
    assert not any(key.startswith("_") for key in data)
    assert set(data["tables"]) == {"overall", "processes", "grid"}


def test_explain_json(monkeypatch, cli):
    monkeypatch.chdir(conformance("propara"))
    data = json.loads(cli("propara", "explain", "testfiles-3/predictions.tsv", "--json", "-").out)
    assert data["method"] == "propara-explain"
    assert data["inputs"] == {"actions": "testfiles-3/predictions.tsv"}
    assert data["lines"][0] == {
        "process_id": "1167", "sentence": "3", "participant": "atoms of hydrogen", "action": "DESTROY",
        "text": "In paragraph 1167, sentence 3, the participant `atoms of hydrogen` is destroyed at `star`",
    }  # fmt: skip
    assert data["tables"]["explanations"]["title"] == "Explanations"


def test_formats_are_detected():
    from engine.formats import detect

    root = conformance("propara")
    assert detect(root / "testfiles-1" / "answers.tsv") == "ProPara action file"
    dummy = root / "data" / "test" / "dummy-predictions.tsv"  # empty locations: 4 fields once stripped
    assert detect(dummy, ProPara.inputs[1].formats) == "ProPara action file"
    assert detect(root / "data" / "test" / "sentences.tsv") == "ProPara sentences file"


def test_review_workbook(monkeypatch, cli, tmp_path):
    """--xlsx (the generic exporter) gets the spec's sheets from the report (§6.3)."""
    import openpyxl

    monkeypatch.chdir(conformance("propara"))
    book = tmp_path / "review.xlsx"
    result = cli(
        "propara", "-p", "testfiles-3/predictions.tsv", "-a", "testfiles-3/answers.tsv", "--xlsx", book
    )
    assert result.code == 0, result.err
    workbook = openpyxl.load_workbook(book)
    assert {"Summary", "Processes", "Grid", "Errors"} <= set(workbook.sheetnames)
    header, *rows = [
        r
        for r in workbook["Errors"].iter_rows(values_only=True)
        if r[0] and str(r[0]).startswith(("ID", "E"))
    ]
    assert "Verdict" in header and "marker" in header
    assert [row[header.index("marker")] for row in rows] == ["🟩", "🟨", "🟨"]
    explained = tmp_path / "explain.xlsx"
    assert cli("propara", "explain", "testfiles-3/predictions.tsv", "--xlsx", explained).code == 0
    sheet = openpyxl.load_workbook(explained)["Explanations"]
    assert sheet.max_row >= 4


def test_every_error_row_has_the_sentences_as_context_with_sentences(monkeypatch, cli, tmp_path):
    """--sentences with --xlsx (no --diagnostics): the Context column holds the process's text,
    the sentence of the step where the item has one, all its sentences where it has none."""
    import openpyxl

    monkeypatch.chdir(conformance("propara") / "data" / "test")
    book = tmp_path / "review.xlsx"
    result = cli("propara", "-a", "answers.tsv", "-p", "dummy-predictions.tsv", "-s", "sentences.tsv",
                 "--xlsx", book)  # fmt: skip
    assert result.code == 0 and result.err == "", result.err
    header, *rows = list(openpyxl.load_workbook(book)["Errors"].iter_rows(min_row=2, values_only=True))
    context, kind = header.index("Context"), header.index("Gold label")
    assert len(rows) == 389 and all(row[context] for row in rows)
    assert {row[kind] for row in rows} >= {"input", "output"}


def test_json_summaries_and_processes_are_the_diagnostics_objects(monkeypatch, cli, tmp_path):
    """The JSON report's summaries and process scores (made a column at a time) are the
    objects the diagnostics write process by process, in process id order."""
    monkeypatch.chdir(conformance("propara"))
    diagnostics = tmp_path / "d.txt"
    result = cli("propara", "-p", "testfiles-7/predictions.tsv", "-a", "testfiles-7/answers.tsv", "-d", diagnostics,
                 "--json", "-")  # fmt: skip
    data = json.loads(result.out)
    text = diagnostics.read_text(encoding="utf-8").split("\n", 2)[2]
    decoder, blocks, at = json.JSONDecoder(), [], 0
    while text[at:].strip():  # the indented JSON objects, one after another
        at += len(text[at:]) - len(text[at:].lstrip())  # past the blank between them
        block, at = decoder.raw_decode(text, at)
        blocks.append(block)
    processes = sorted(blocks[:-1], key=lambda b: b["score"]["process_id"])
    assert len(processes) == len(data["processes"]) > 1
    summaries = {str(block["score"]["process_id"]): {"answer": block["answer_summary"],
                                                      "prediction": block["prediction_summary"]}
                 for block in processes}  # fmt: skip
    assert json.dumps(data["processes"]) == json.dumps([block["score"] for block in processes])  # keys in order
    assert json.dumps(data["summaries"]) == json.dumps(summaries)


def test_items_and_summaries_read_as_the_json_reports_dicts(monkeypatch):
    """The items' and summaries' JSON is written from structs (propara.shown); a reader of
    the report gets the same objects as dicts, keys in the same order (written 7 at a time)."""
    monkeypatch.chdir(conformance("propara"))
    monkeypatch.setattr("engine.export.json.BATCH", 7)
    report = ProPara().evaluate("testfiles-7/answers.tsv", "testfiles-7/predictions.tsv", Options())
    handle = io.BytesIO()
    write_report(report, handle)
    data = json.loads(handle.getvalue())
    items, summaries = report.data["items"], report.data["summaries"]
    assert len(items) == len(data["items"]) > 700 and len(summaries) == len(data["summaries"]) > 50
    assert json.dumps(list(items)) == json.dumps(data["items"])
    assert json.dumps(dict(summaries)) == json.dumps(data["summaries"])
    row, pid = items.row(0), next(iter(summaries))
    assert type(row["item"]) is dict and type(summaries[pid]["answer"]["inputs"]) is dict
    assert items.column("best")[:3] == [row["best"] for row in data["items"][:3]]
    assert items.column("item") == [row["item"] for row in data["items"]]  # as the list it was
    assert items.column("item") != [row["best"] for row in data["items"]]


def test_a_process_id_past_64_bits_is_written_exactly(cli, tmp_path):
    """The Grid table keeps process ids as numbers: one past 64 bits is kept as a Python
    integer (it raised OverflowError: an internal error for --json, --xlsx and the app)."""
    from engine.export.csv import csv_files

    big = str(1 << 70)
    files = conformance("propara") / "testfiles-7"
    first = (files / "answers.tsv").read_text(encoding="utf-8").split("\t", 1)[0]  # its first process id
    for name in ("answers", "predictions"):
        lines = (files / f"{name}.tsv").read_text(encoding="utf-8").splitlines()
        shown = [big + line[len(first) :] if line.split("\t")[0] == first else line for line in lines]
        (tmp_path / f"{name}.tsv").write_text("\n".join(shown) + "\n", encoding="utf-8")
    answers, predictions = str(tmp_path / "answers.tsv"), str(tmp_path / "predictions.tsv")
    result = cli("propara", "-a", answers, "-p", predictions, "--json", "-", "--xlsx", tmp_path / "r.xlsx")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    tables = data["tables"]
    assert data["summaries"][big]["answer"]["process_id"] == 1 << 70  # msgspec refuses it: the dicts' way
    assert 1 << 70 in {item["process_id"] for item in data["items"]}
    assert 1 << 70 in {row[0] for row in tables["grid"]["rows"]}
    assert 1 << 70 in {row[0] for row in tables["processes"]["rows"]}
    report = ProPara().evaluate(answers, predictions, Options())
    assert f"\r\n{big},1," in csv_files(report)["grid.csv"]


def _renamed(tmp_path, names: dict[str, str]) -> tuple[str, str]:
    """testfiles-3's action files with participants and locations renamed."""
    paths = []
    for name in ("answers", "predictions"):
        text = (conformance("propara") / "testfiles-3" / f"{name}.tsv").read_text(encoding="utf-8")
        for old, new in names.items():
            text = text.replace(old, new)
        (tmp_path / f"{name}.tsv").write_text(text, encoding="utf-8")
        paths.append(str(tmp_path / f"{name}.tsv"))
    return paths[0], paths[1]


@pytest.mark.parametrize("nul", [False, True])
def test_error_csv_from_the_columns_values_is_the_rows_csv(tmp_path, nul):
    """The CSV writer takes the error rows' fields from each column's values, each made a
    field once (ErrorRows.csv_column): the same document as from the rows, a participant
    like a formula defused, one with a comma or a quote quoted, a NUL kept."""
    from engine.export.csv import Fields, csv_files, table_text

    names = {"sunlight; light": '=sun,"light"; light', "earth": "+earth, the planet" + "\x00" * nul}
    report = ProPara().evaluate(*_renamed(tmp_path, names), Options())
    rows, columns = report.error_rows, report.error_columns
    assert all(isinstance(rows.csv_column(c), Fields) for c in columns)
    text = table_text(columns, [[row[c] for c in columns] for row in rows])
    assert csv_files(report)["errors.csv"] == text
    assert "\"'=sun,\"\"light\"\"" in text and ("\x00" in text) is nul


def test_error_csv_with_neighbouring_columns_joined_is_the_rows_csv(monkeypatch):
    """ErrorRows.csv_columns writes each run of neighbouring columns of few values as one
    column (its fields joined once per combination): the same document as from the rows."""
    from engine.export.csv import csv_files, table_text

    monkeypatch.chdir(conformance("propara"))
    options = Options(sentences="data/test/sentences.tsv")
    report = ProPara().evaluate("testfiles-7/answers.tsv", "testfiles-7/predictions.tsv", options)
    rows, columns = report.error_rows, report.error_columns
    assert len(rows) > 500 and len(rows.csv_columns(columns)) < len(columns) - 5
    joined, made = [], type(rows).csv_columns
    monkeypatch.setattr(type(rows), "csv_columns", lambda self, keys: joined.append(keys) or made(self, keys))
    assert csv_files(report)["errors.csv"] == table_text(columns, [[row[c] for c in columns] for row in rows])
    assert joined == [columns]  # the CSV export writes from the joined columns


def test_review_basis_sums_each_question_in_item_order(report):
    """The credit sums (np.bincount per question and side) are those of a loop over the
    items, questions in the order of their first item, floats added in the same order."""
    items = report.data["items"]
    basis: dict[str, dict[str, float]] = {}
    for question, side, score in zip(*map(items.column, ("question", "side", "score")), strict=True):
        sums = basis.setdefault(question, {"answer": 0, "answer_credit": 0.0, "prediction": 0,
                                           "prediction_credit": 0.0})  # fmt: skip
        sums[side] += 1
        sums[side + "_credit"] += score
    assert repr(ProPara().review_basis(report)) == repr(basis)
    assert list(basis) == ["inputs", "outputs", "conversions", "moves"]
    assert 0 < basis["moves"]["prediction_credit"] < basis["moves"]["prediction"]


def test_review_basis_keeps_a_side_without_items():
    from engine.methods.propara import credit_sums

    assert credit_sums(["moves", "inputs", "moves"], ["prediction", "answer", "prediction"], [0.5, 1.0, 0.25]) == {
        "moves": {"answer": 0, "answer_credit": 0.0, "prediction": 2, "prediction_credit": 0.75},
        "inputs": {"answer": 1, "answer_credit": 1.0, "prediction": 0, "prediction_credit": 0.0},
    }
    assert credit_sums([], [], []) == {}
