"""CLUEval input through the command line: every bad input of specs/clueval.md §8 (one
line, exit status 2, nothing written, existing outputs untouched) and the reading quirks of
§7 (C1–C17) with their warnings."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

GOLD = "Die\tO\nAnna\tB-PER\nSchulz\tI-PER\n.\tO\n\nEr\tB-PER\nlacht\tO\n"


def vrt(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8", newline="")
    return path


def run_json(cli, *args):
    result = cli("clueval", *args, "--json", "-")
    assert result.code == 0, result.err
    return json.loads(result.out), result.err


@pytest.fixture
def files(tmp_path):
    return vrt(tmp_path, "gold.vrt", GOLD), vrt(tmp_path, "system.vrt", GOLD)


# --- bad input: one line, exit 2, nothing written -----------------------------------------------


def fails(cli, tmp_path, *args) -> str:
    """Run with every output requested over existing files; return the one error line."""
    out = tmp_path / "out"
    out.mkdir(exist_ok=True)
    (out / "evaluation_table.tsv").write_text("old", encoding="utf-8")
    (tmp_path / "r.json").write_text("old", encoding="utf-8")
    result = cli("clueval", *args, "-w", out, "--json", tmp_path / "r.json", "--html", tmp_path / "r.html")
    assert result.code == 2
    assert result.out == ""
    assert len(result.err.splitlines()) == 1 and result.err.startswith("spanstudio: error: ")
    assert sorted(p.name for p in out.iterdir()) == ["evaluation_table.tsv"]
    assert (out / "evaluation_table.tsv").read_text(encoding="utf-8") == "old"
    assert (tmp_path / "r.json").read_text(encoding="utf-8") == "old"
    assert not (tmp_path / "r.html").exists()
    return result.err.strip().removeprefix("spanstudio: error: ")


def test_missing_or_irregular_files(cli, tmp_path, files):
    gold, _ = files
    assert (
        fails(cli, tmp_path, gold, tmp_path / "nope.vrt")
        == f"{tmp_path / 'nope.vrt'}: expected an existing file, found nothing"
    )


#: What CLUEval reads where a folder is given: one vertical file a side; a folder of the annotation tools' files.
READS = ("expected a file of vertical text (.vrt) with BIO columns, one a side (a folder only of WebAnno TSV "
         "3.x (INCEpTION), UIMA CAS XMI (INCEpTION), brat standoff (.ann + .txt), Label Studio JSON or doccano "
         "JSONL files, or an INCEpTION project export)")  # fmt: skip


def test_a_folder_is_said_to_be_one(cli, tmp_path, files):
    """A folder was "expected an existing file, found nothing"."""
    gold, _ = files
    assert fails(cli, tmp_path, tmp_path, gold) == (
        f"{tmp_path}: {READS}, found a folder of 3 files (gold.vrt, r.json, system.vrt)"
    )
    (tmp_path / "empty").mkdir()
    assert fails(cli, tmp_path, gold, tmp_path / "empty") == f"{tmp_path / 'empty'}: {READS}, found an empty folder"


def test_not_utf8(cli, tmp_path, files):
    bad = vrt(tmp_path, "bad.vrt", b"a\tO\n\nK\xe9se\tB-X\n")
    assert fails(cli, tmp_path, files[0], bad) == f"{bad}:3: expected UTF-8 text, found byte 0xE9"


NO_TOKEN_LINE = {"": "an empty file", "\n\n": "a file of blank lines", "<text id='a'>\n<s>\n</s>\n</text>\n": "none",
                 "word\n": "none"}  # fmt: skip


@pytest.mark.parametrize("text", NO_TOKEN_LINE)
def test_no_token_line(cli, tmp_path, files, text):
    empty = vrt(tmp_path, "empty.vrt", text)
    assert (
        fails(cli, tmp_path, empty, files[1])
        == f"{empty}: expected at least one token line (token TAB tag), found {NO_TOKEN_LINE[text]}"
    )


def test_line_too_short_for_the_layers_or_a_column(cli, tmp_path):
    short = vrt(tmp_path, "s.vrt", "a\tB-X\tO\nb\tB-X\n")
    assert fails(cli, tmp_path, short, short, "-a", "x", "y") == (
        f"{short}:2: expected at least 3 TAB-separated fields (token, 2 BIO columns), found 2"
    )
    meta = vrt(tmp_path, "m.vrt", "a\tB-X\tt1\td1\tdom\nb\tO\tt2\td1\n")
    assert fails(cli, tmp_path, meta, meta, "-ci", "4") == (
        f"{meta}:2: expected at least 5 TAB-separated fields (doc id in column 4), found 4"
    )


@pytest.mark.parametrize(
    ("tag", "found"),
    [("B-", "'B-'"), ("I-", "'I-'"), ("B-O", "'B-O'"), ("I-O", "'I-O'"), ("", "an empty field")],
)
def test_tags_without_a_label(cli, tmp_path, tag, found):
    bad = vrt(tmp_path, "bad.vrt", f"a\tO\tO\nb\tO\t{tag}\tx\n")
    message = fails(cli, tmp_path, bad, bad, "-a", "one", "two")
    assert message == f"{bad}:2: expected a BIO tag with a label in column 2, found {found}"


@pytest.mark.parametrize("line", ["\tB-X\tO", "  \tB-X", "\tword"])
def test_empty_token_field(cli, tmp_path, line):
    bad = vrt(tmp_path, "bad.vrt", f"a\tO\n{line}\n")
    assert fails(cli, tmp_path, bad, bad) == f"{bad}:2: expected a token in column 0, found an empty field"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-a", "x", "x"], "--layers: expected distinct names, found 'x' twice"),
        (["-a", "text"], "--layers: expected a name that is not a table column, found 'text'"),
        (["-a", "status"], "--layers: expected a name that is not a table column, found 'status'"),
        (["-a", "ent", "ent_Y"], "--layers: expected a name that is not a table column, found 'ent_Y'"),
        (["-a", "span", "-le", "nolayer"], "--labelled: expected one of the layers span, found 'nolayer'"),
        (["-a", "span", "x", "-sle", "nolayer", "-slv", "a"],
         "--filter-layer: expected one of the layers span, x, found 'nolayer'"),
        (["-sle", "span"], "--filter-layer: expected --filter-value as well, found none"),
        (["--lenient", "4"], "--lenient: expected one of 0, 1, 2, 3, found '4'"),
        (["-l", "x"], "--lenient: expected one of 0, 1, 2, 3, found 'x'"),
        (["-e", "exact"], "--error-tables: expected contained, tiled, covered or unmatched, found 'exact'"),
        (["-e", "unmatched", "foo"], "--error-tables: expected contained, tiled, covered or unmatched, found 'foo'"),
        (["-ct", "abc"], "--token-id-column: expected an integer, found 'abc'"),
        (["-ci", "1.5"], "--doc-id-column: expected an integer, found '1.5'"),
        (["--rows", "x"], "--rows: expected an integer, found 'x'"),
        (["--context-left", "-1"], "--context-left: expected an integer ≥ 0, found '-1'"),
        (["--context-right", "x"], "--context-right: expected an integer ≥ 0, found 'x'"),
        (["--foo"], "--foo: expected a known option, found '--foo'"),
    ],
)  # fmt: skip
def test_bad_options(cli, tmp_path, files, args, message):
    assert fails(cli, tmp_path, *files, *args) == message


def test_missing_file_arguments(cli, tmp_path, files):
    assert fails(cli, tmp_path, files[0]) == "expected REFERENCE and CANDIDATE, found 1 file"
    assert fails(cli, tmp_path) == "expected REFERENCE and CANDIDATE, found 0 files"
    # a list option takes every following word, as in the original: put lists after the files
    assert fails(cli, tmp_path, "-a", "x", *files) == "expected REFERENCE and CANDIDATE, found 0 files"


def test_output_folder_not_writable(cli, tmp_path, files, monkeypatch):
    import engine.cli

    locked = tmp_path / "locked"
    locked.mkdir()
    real_access = os.access
    monkeypatch.setattr(engine.cli.os, "access", lambda p, mode: Path(p) != locked and real_access(p, mode))
    result = cli("clueval", *files, "-w", locked / "out")
    assert result.code == 2
    assert (
        result.err
        == f"spanstudio: error: {locked / 'out'}: expected a writable location, found permission denied\n"
    )
    assert list(locked.iterdir()) == []


# --- reading quirks (KEEP with warnings, FIX) ------------------------------------------------------


def test_odd_tags_are_inside_with_one_warning(cli, tmp_path):  # C3
    odd = vrt(tmp_path, "odd.vrt", "a\t_\nb\t_\nc\tO\nd\to\ne\tS-PER\n")
    data, err = run_json(cli, odd, odd)
    assert [(s["start"], s["end"], s["labels"]["span"]) for s in data["spans"]["reference"]] == [
        (0, 1, "_"), (3, 3, "o"), (4, 4, "S-PER"),
    ]  # fmt: skip
    assert err.count(f"{odd}:1: tag '_' is read as inside a span") == 2  # once per file (both are odd.vrt)


def test_tags_with_spaces_are_not_trimmed(cli, tmp_path):  # C4
    spaced = vrt(tmp_path, "sp.vrt", "a\tO \tt1\nb\tO\tt2\n")
    data, err = run_json(cli, spaced, spaced)
    assert [(s["start"], s["end"], s["labels"]["span"]) for s in data["spans"]["reference"]] == [(0, 0, "O ")]
    assert "tag 'O ' has surrounding spaces" in err


def test_non_token_lines_close_spans_and_one_field_lines_shift_positions(cli, tmp_path):  # C5, C6
    text = "a\tB-X\nb\tI-X\nloose\nc\tI-X\n<ne type='x'>\nd\tI-X\n"
    path = vrt(tmp_path, "a.vrt", text)
    data, err = run_json(cli, path, path)
    assert [(s["start"], s["end"]) for s in data["spans"]["reference"]] == [(0, 1), (2, 2), (3, 3)]
    assert [s["line_start"] for s in data["spans"]["reference"]] == [1, 4, 6]
    assert f"{path}:3: a line with a single field is not a token line" in err


def test_byte_order_mark_is_dropped(cli, tmp_path):  # C7
    bom = vrt(tmp_path, "bom.vrt", "\ufeffDie\tB-X\nx\tO\n")
    data, err = run_json(cli, bom, bom)
    assert data["spans"]["reference"][0]["text"] == "Die"
    assert f"{bom}: byte-order mark ignored" in err


def test_column_zero_means_none_and_negative_columns_count_from_the_end(cli, tmp_path):  # C11, C12
    path = vrt(tmp_path, "a.vrt", "a\tB-X\tt1\td1\nb\tI-X\tt2\td1\nc\tB-Y\tt3\textra\td2\n")
    data, err = run_json(cli, path, path, "-ct", "0", "-ci", "-1")
    assert "--token-id-column: 0 is the token column; ignored as in the original" in err
    assert [(s["doc_id"], s["token_id_start"]) for s in data["spans"]["reference"]] == [
        ("d1", ""),
        ("d2", ""),
    ]


def test_more_layer_names_than_tag_columns_read_metadata_as_tags(cli, tmp_path):  # C13
    path = vrt(tmp_path, "a.vrt", "a\tB-X\tt1\nb\tO\tt2\n")
    data, err = run_json(cli, path, path, "-a", "x", "y", "-ct", "2")
    assert [(s["start"], s["end"], s["labels"]) for s in data["spans"]["reference"]] == [
        (0, 0, {"x": "X", "y": "t1"}), (1, 1, {"x": "O", "y": "t2"}),
    ]  # fmt: skip
    assert "--token-id-column: column 2 is also read as the BIO column of layer 'y'" in err


def test_empty_doc_ids_continue_and_doc_changes_close_spans(cli, tmp_path):  # C14, C15
    path = vrt(tmp_path, "a.vrt", "a\tB-X\td1\nb\tI-X\t\tx\nc\tI-X\td2\nd\tO\td2\n")
    data, err = run_json(cli, path, path, "-ci", "2")
    assert [(s["start"], s["end"], s["doc_id"]) for s in data["spans"]["reference"]] == [
        (0, 1, "d1"),
        (2, 2, "d2"),
    ]
    assert (
        f"{path}:3: span closed where the document id changes from 'd1' to 'd2' (the original stops here)"
        in err
    )


def test_mismatched_files_are_compared_by_position_with_warnings(cli, tmp_path):  # C16
    gold = vrt(tmp_path, "g.vrt", "Die\tO\nMeier\tB-P\nkam\tO\n")
    system = vrt(tmp_path, "s.vrt", "Die\tO\nMayer\tB-P\n")
    data, err = run_json(cli, gold, system)
    assert data["class_counts"]["recall"]["exact"] == 1
    assert f"{gold} has 3 tokens, {system} has 2; positions are compared as numbers" in err
    assert (
        f"{system}:2: token 'Mayer' at position 1 differs from {gold}:2 'Meier'; positions are compared as numbers"
        in err
    )


@pytest.mark.parametrize("name", ["CATEGORY", "Year", "_x", "x_"])
def test_layer_names_with_y_or_underscore_work(cli, tmp_path, name):  # C17 (FIX)
    gold = vrt(tmp_path, "g.vrt", "a\tB-X\nb\tI-X\nc\tO\n")
    system = vrt(tmp_path, "s.vrt", "a\tB-X\nb\tB-Y\nc\tO\n")
    data, _ = run_json(cli, gold, system, "-a", name, "-le", name, "-e")
    assert data["recall_table"][0]["status"] == "tiled"
    assert data["recall_table"][0]["labels_Y"] == {name: "X"}
    assert data["error_tables"]["precision"] == []


def test_spans_and_match_tables_by_msgspec_are_the_json_of_their_dicts(tmp_path):
    """The SPAN and MATCH objects are written by msgspec from their columns: the same bytes
    as their dicts by orjson, on texts with quotes, backslashes, control and non-ASCII
    characters (and under a name that is not UTF-8, which msgspec refuses)."""
    import io

    from engine.export.json import write_report
    from engine.methods import get_method
    from engine.report import ColumnRows

    words = ['"q"', "back\\slash", "tab\x01bell\x07", "ünï", "\u2028sep", "😀", "x\x7f", "plain"]
    gold = "".join(f"{w}\t{'B-X' if k % 3 == 0 else 'I-X'}\n" for k, w in enumerate(words))
    system = "".join(f"{w}\t{'B-X' if k % 2 == 0 else 'O'}\n" for k, w in enumerate(words))
    method = get_method("clueval")
    for name in ("gold.vrt", "g\udcff.vrt"):
        paths = vrt(tmp_path, name, gold), vrt(tmp_path, "system.vrt", system)
        report = method.evaluate(str(paths[0]), str(paths[1]), method.Options(), detail=True)
        report.created = "now"
        data, written = report.data, []
        assert isinstance(data["recall_table"], ColumnRows)
        for _ in range(2):
            handle = io.BytesIO()
            write_report(report, handle)
            written.append(handle.getvalue())
            data["spans"] = {side: list(rows) for side, rows in data["spans"].items()}  # their dicts
            data["recall_table"], data["precision_table"] = (
                list(data["recall_table"]),
                list(data["precision_table"]),
            )
        assert written[0] == written[1]
        assert len(json.loads(written[0])["spans"]["reference"]) == 3


def test_a_workbook_makes_none_of_the_json_only_keys(tmp_path):
    """The SPAN, MATCH and ERROR objects and the levels' misses are made when the JSON report
    reads them: a workbook (and the app) never makes them, the JSON report still holds them."""
    import io

    from engine.export.json import write_report
    from engine.export.xlsx import write_workbook
    from engine.methods import get_method
    from engine.report import Later

    gold = vrt(tmp_path, "g.vrt", "a\tB-X\nb\tI-X\nc\tO\nd\tB-Y\n")
    system = vrt(tmp_path, "s.vrt", "a\tB-X\nb\tB-Y\nc\tO\nd\tO\n")
    method = get_method("clueval")
    report = method.evaluate(str(gold), str(system), method.Options(error_tables=()), detail=True)
    data = report.data
    later = [*data["spans"].values(), data["recall_table"], data["precision_table"],
             *data["error_tables"].values(), *(v[k] for v in data["levels"].values() for k in ("fn", "fp"))]  # fmt: skip
    write_workbook(report, str(tmp_path / "w.xlsx"))
    assert [len(items) for items in later] == [2, 2, 2, 2, 1, 0, 2, 2, 2, 0, 1, 0, 1, 0]
    assert all("columns" not in vars(items) for items in later[:4])  # the columns not made
    assert all(isinstance(items, Later) and items._make is not None for items in later[4:])  # nor the lists
    handle = io.BytesIO()
    write_report(report, handle)
    written = json.loads(handle.getvalue())
    assert [s["text"] for s in written["spans"]["candidate"]] == ["a", "b"]
    assert [r["status"] for r in written["recall_table"]] == ["tiled", "unmatched"]
    assert [r["error_type"] for r in written["error_tables"]["recall"]] == ["unmatched"]
    assert [m[:3] for m in written["levels"]["0"]["fp"]] == [[0, 0, "contained"], [1, 1, "contained"]]
