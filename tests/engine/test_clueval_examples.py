"""CLUEval's worked example (specs/clueval.md §3.5, §5.4), the scoring and error-table quirks
(C18–C50), XML structure (§2.4), the JSON, HTML and viewer outputs, and rescoring."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import openpyxl
import pytest

from engine.methods import get_method
from tests.engine.test_clueval_input import run_json, vrt

WORKED = Path(__file__).parent / "data" / "clueval" / "worked"
TABLES = [
    "recall_table",
    "precision_table",
    "evaluation_table",
    "recall_error_table",
    "precision_error_table",
]
ALL_TYPES = ["contained", "tiled", "covered", "unmatched"]


@pytest.fixture
def worked(tmp_path, monkeypatch):
    for name in ("gold.vrt", "system.vrt"):
        shutil.copy(WORKED / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_worked_example_files(cli, worked):
    result = cli("clueval", "gold.vrt", "system.vrt", "-a", "entity", "risk", "-le", "entity", "risk",
                 "-e", *ALL_TYPES, "-w", "out")  # fmt: skip
    assert result.code == 0, result.err
    for name in TABLES:
        assert (worked / "out" / f"{name}.tsv").read_bytes() == (WORKED / f"{name}.tsv").read_bytes(), name
        assert (worked / "out" / f"{name}.xlsx").is_file()
    assert result.out.endswith("[8 rows x 10 columns]\n")


def test_worked_example_counts_and_levels(cli, worked):
    data, _ = run_json(cli, "gold.vrt", "system.vrt", "-a", "entity", "risk")
    assert data["n_spans"] == {"reference": 6, "candidate": 9}
    assert data["class_counts"] == {
        "recall": {"exact": 1, "contained": 1, "tiled": 1, "covered": 1, "unmatched": 2},
        "precision": {"exact": 1, "contained": 4, "tiled": 0, "covered": 0, "unmatched": 4},
    }
    spans = [(s["start"], s["end"]) for s in data["spans"]["candidate"]]
    assert spans == [(1, 3), (7, 8), (9, 10), (12, 13), (14, 16), (19, 19), (23, 24), (26, 26), (28, 28)]
    levels = {k: (v["span"]["TP_Precision"], v["span"]["TP_Recall"]) for k, v in data["levels"].items()}
    assert levels == {"0": (1, 1), "1": (5, 2), "2": (5, 3), "3": (5, 4)}  # C23: tiled gives 1 recall hit
    assert data["levels"]["0"]["fn"][0] == [2, 3, "contained", {"entity": "person", "risk": "hoch"}]
    assert data["evaluation_table"][0] == {"Level": "Span", "P": 55.5556, "R": 66.6667, "F1": 60.6061,
                                           "TP_Precision": 5, "TP_Recall": 4, "FP": 4, "FN": 2, "Support": 6,
                                           "Label": "Span"}  # fmt: skip


def test_worked_example_json_error_rows_carry_positions_and_windows(cli, worked):
    data, _ = run_json(cli, "gold.vrt", "system.vrt", "-a", "entity", "risk", "-e", "covered")
    (row,) = data["error_tables"]["recall"]
    assert row["context"] == "🟧Am🟧 🟩3. Mai 2020🟩 🟧zahlte🟧 sie 500 Euro ."
    assert (row["start"], row["end"], row["window"]) == (13, 15, {"first": 12, "last": 20})
    assert row["overlaps"] == [
        {"start": 12, "end": 13, "labels": {"entity": "date", "risk": "niedrig"}},
        {"start": 14, "end": 16, "labels": {"entity": "date", "risk": "niedrig"}},
    ]


def test_stdout_has_the_sections_of_the_original(cli, worked):
    result = cli("clueval", "gold.vrt", "system.vrt", "-a", "entity", "risk", "-e", "-m", "-n", "2")
    titles = [line for line in result.out.splitlines() if line.endswith(":")]
    assert titles == ["Precision error table:", "Recall error table:", "Precision table:", "Recall table:",
                      "Evaluation results:"]  # fmt: skip
    assert "[2 rows x 13 columns]" in result.out and "[2 rows x 17 columns]" in result.out
    negative = cli("clueval", "gold.vrt", "system.vrt", "-m", "-n", "-8")  # head(-8): all but 8
    assert "[1 rows x 15 columns]" in negative.out


def test_json_to_stdout_moves_the_tables_to_stderr(cli, worked):
    result = cli("clueval", "gold.vrt", "system.vrt", "--json", "-")
    assert json.loads(result.out)["method"] == "clueval"
    assert result.err.startswith("Evaluation results:\n")


# --- scores ------------------------------------------------------------------------------------


def test_case_variants_of_a_label_give_two_rows_and_o_is_no_category(cli, tmp_path):  # C25, C26
    gold = vrt(tmp_path, "g.vrt", "a\tB-PER\tO\nb\tO\tO\nc\tB-per\tB-x\n\nd\tO\tB-y\n")
    data, _ = run_json(cli, gold, gold, "-a", "e", "f", "-le", "e")
    assert [(r["Level"], r["Label"], r["Support"]) for r in data["evaluation_table"]] == [
        ("Span", "Span", 3), ("e", "Per", 1), ("e", "Per", 1),
    ]  # fmt: skip


def test_filtered_precision_ignores_candidates_overlapping_nothing(cli, tmp_path):  # C27
    gold = vrt(tmp_path, "g.vrt", "a\tB-X\nb\tI-X\nc\tO\nd\tO\n")
    system = vrt(tmp_path, "s.vrt", "a\tB-X\nb\tO\nc\tO\nd\tB-X\n")
    data, _ = run_json(cli, gold, system, "-sle", "span", "-slv", "X")
    filtered = data["evaluation_table"][1]
    assert (filtered["Level"], filtered["Label"]) == ("X", "Span")
    assert (filtered["TP_Precision"], filtered["FP"], filtered["Support"]) == (1, 0, 1)
    assert data["evaluation_table"][0]["FP"] == 1


def test_no_hit_at_the_level_gives_zeros_with_a_warning(cli, tmp_path):  # C28
    gold = vrt(tmp_path, "g.vrt", "a\tB-X\nb\tO\n")
    system = vrt(tmp_path, "s.vrt", "a\tO\nb\tB-X\n")
    data, err = run_json(cli, gold, system)
    assert data["evaluation_table"][0] == {"Level": "Span", "P": 0.0, "R": 0.0, "F1": 0.0, "TP_Precision": 0,
                                                "TP_Recall": 0, "FP": 1, "FN": 1, "Support": 1, "Label": "Span"}  # fmt: skip
    assert "no span is a hit at level 3; P, R and F1 are 0.0" in err


def test_a_file_without_spans_gives_zeros_with_a_warning(cli, tmp_path):  # C29
    gold = vrt(tmp_path, "g.vrt", "a\tB-X\nb\tO\n")
    system = vrt(tmp_path, "s.vrt", "a\tO\nb\tO\n")
    data, err = run_json(cli, gold, system, "-le", "span", "-e")
    assert [data["evaluation_table"][0][k] for k in ("P", "R", "F1", "FN", "Support")] == [
        0.0,
        0.0,
        0.0,
        1,
        1,
    ]
    assert f"{system}: no span in any BIO column" in err
    assert data["error_tables"]["recall"][0]["candidate"] == "---"  # C42: rows without overlaps


def test_filter_and_labelled_rows_without_spans_warn(cli, tmp_path):  # C30, C31
    gold = vrt(tmp_path, "g.vrt", "a\tB-X\tO\nb\tO\tO\n")
    data, err = run_json(cli, gold, gold, "-a", "e", "r", "-sle", "e", "-slv", "nosuchlabel", "-le", "r")
    assert data["evaluation_table"][1]["Level"] == "Nosuchlabel" and data["evaluation_table"][1]["P"] == 0.0
    assert len(data["evaluation_table"]) == 2
    assert "--filter-value: no span has 'nosuchlabel' in layer 'e'" in err
    assert "--labelled: layer 'r' has no label other than O" in err


def test_filter_value_alone_is_ignored_with_a_warning(cli, tmp_path):
    gold = vrt(tmp_path, "g.vrt", "a\tB-X\n")
    data, err = run_json(cli, gold, gold, "-slv", "X")
    assert len(data["evaluation_table"]) == 1
    assert "--filter-value: ignored without --filter-layer" in err


# --- error tables ---------------------------------------------------------------------------------


def test_rows_sort_by_type_then_token_id_as_text(cli, tmp_path):  # C34, C35
    lines = [f"w{i}\t{'B-X' if i in (2, 10) else 'O'}\ttoken_{i}" for i in range(12)]
    gold = vrt(tmp_path, "g.vrt", "\n".join(lines) + "\n")
    system = vrt(tmp_path, "s.vrt", "\n".join(f"w{i}\tO\ttoken_{i}" for i in range(12)) + "\n")
    data, _ = run_json(cli, gold, system, "-ct", "2", "-e")
    assert [r["token_id_start"] for r in data["error_tables"]["recall"]] == ["token_10", "token_2"]


def test_windows_follow_the_context_options(cli, tmp_path):  # C36
    words = " ".join(f"w{i}" for i in range(30)).split()
    text = "\n".join(f"{w}\t{'B-X' if i == 15 else 'O'}" for i, w in enumerate(words)) + "\n\n"
    gold, system = vrt(tmp_path, "g.vrt", text), vrt(tmp_path, "s.vrt", text.replace("B-X", "O"))
    data, _ = run_json(cli, gold, system, "-e")
    assert data["error_tables"]["recall"][0]["context"] == (
        "[...] w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 🟥w15🟥 w16 w17 w18 w19 w20 w21 w22 w23 w24 [...]"
    )
    data, _ = run_json(cli, gold, system, "-e", "--context-left", "0", "--context-right", "1")
    assert data["error_tables"]["recall"][0]["context"] == "[...] 🟥w15🟥 w16 [...]"


def test_precision_rows_crossing_reference_sentences_use_the_candidate_sentence(cli, tmp_path):  # C37
    gold = vrt(tmp_path, "g.vrt", "a\tO\nb\tO\n\nc\tO\nd\tB-X\n\n")
    system = vrt(tmp_path, "s.vrt", "A\tO\nB\tB-X\nC\tI-X\nD\tO\n\n")
    data, _ = run_json(cli, gold, system, "-e")
    (row,) = data["error_tables"]["precision"]
    assert row["context"] == "A 🟥B C🟥 D"
    notes = {(e["sheet"], e["detail"]) for e in data["errors"]}  # the report's rows say so
    assert notes == {("Recall errors", ""), ("Precision errors", "context from the candidate file (C37)")}


def test_xml_lines_never_show_in_contexts_and_cut_sentences(cli, tmp_path):  # C38, §2.4
    text = ('<text id="t1">\n<s id="s1">\nDie\tO\nAnna\tB-PER\n<ne type="PER">\nSchulz\tB-PER\n</ne>\n</s>\n'
            '<s id="s2">\nEr\tO\n</s>\n</text>\n<text id="t2">\n<s id="s3">\nkam\tB-X\n</s>\n</text>\n')  # fmt: skip
    gold = vrt(tmp_path, "g.vrt", text)
    system = vrt(tmp_path, "s.vrt", text.replace("B-PER", "O"))
    data, _ = run_json(cli, gold, system, "-e")
    assert [r["context"] for r in data["error_tables"]["recall"]] == [
        "Die 🟥Anna🟥 Schulz",
        "Die Anna 🟥Schulz🟥",
    ]
    spans = data["spans"]["reference"]
    assert [(s["document"], s["sentence"], s["doc_id"]) for s in spans] == [
        ("t1", "s1", ""), ("t1", "s1", ""), ("t2", "s3", ""),
    ]  # fmt: skip


def test_the_last_token_of_a_file_without_final_empty_line(cli, tmp_path):  # C39, C40
    gold = vrt(tmp_path, "g.vrt", "a\tB-X\nb\tO\nc\tO\n.\tO")
    system = vrt(tmp_path, "s.vrt", "a\tO\nb\tO\nc\tO\n.\tB-X")
    data, _ = run_json(cli, gold, system, "-e")
    assert data["error_tables"]["recall"][0]["context"] == "🟥a🟥 b c"  # the final '.' is never shown
    assert data["error_tables"]["precision"][0]["context"] == "a b c 🟥.🟥"  # … except in its own row


def test_context_tokens_are_the_stripped_tokens(cli, tmp_path):  # C41
    gold = vrt(tmp_path, "g.vrt", "x\tO\n  Anna\tB-X\n\n")
    system = vrt(tmp_path, "s.vrt", "x\tO\nAnna\tO\n\n")
    data, _ = run_json(cli, gold, system, "-e")
    assert data["error_tables"]["recall"][0]["context"] == "x 🟥Anna🟥"


def test_no_debugging_empty_lines(cli, tmp_path):  # C43
    gold = vrt(tmp_path, "g.vrt", "Züricher\tB-X\n\n")
    system = vrt(tmp_path, "s.vrt", "Züricher\tO\n\n")
    assert cli("clueval", gold, system, "-e").out.startswith("Precision error table:")


# --- files and command line -------------------------------------------------------------------------


def test_without_w_nothing_is_written_and_bare_w_writes_tables(cli, worked):  # C44
    assert cli("clueval", "gold.vrt", "system.vrt").code == 0
    assert sorted(p.name for p in worked.iterdir()) == ["gold.vrt", "system.vrt"]
    assert cli("clueval", "gold.vrt", "system.vrt", "-w").code == 0
    assert sorted(p.name for p in (worked / "tables").iterdir())[:2] == [
        "evaluation_table.tsv",
        "evaluation_table.xlsx",
    ]


def test_absolute_folder_with_parents(cli, worked, tmp_path_factory):  # C45
    target = tmp_path_factory.mktemp("abs") / "a" / "b"
    assert cli("clueval", "gold.vrt", "system.vrt", "--write-to-folder", target).code == 0
    assert len(list(target.iterdir())) == 6


def test_xlsx_cells_are_text_never_formulas_and_control_characters_are_escaped(cli, tmp_path):  # C46, C47
    gold = vrt(tmp_path, "g.vrt", "=SUM(1+1)\tB-X\nb\tI-X\na\x0bb\tB-Y\n")
    system = vrt(tmp_path, "s.vrt", "=SUM(1+1)\tO\nb\tO\na\x0bb\tO\n")
    result = cli("clueval", gold, system, "-w", tmp_path / "out")
    assert result.code == 0
    sheet = openpyxl.load_workbook(tmp_path / "out" / "recall_table.xlsx").active
    assert sheet["E2"].value == "=SUM(1+1) b" and sheet["E2"].data_type == "s"
    assert sheet["E3"].value == "a\\x0bb"  # escaped visibly (issue 20), not dropped
    assert "\x0b" in (tmp_path / "out" / "recall_table.tsv").read_text(encoding="utf-8")
    assert "characters a workbook cannot hold were written escaped" in result.err


def test_tsv_quoting_and_line_ends(cli, tmp_path):  # §5.2, C48
    gold = vrt(tmp_path, "g.vrt", '"\tB-X\nc"d\tI-X\n')
    result = cli("clueval", gold, gold, "-w", tmp_path / "out")
    assert result.code == 0
    data = (tmp_path / "out" / "recall_table.tsv").read_bytes()
    assert b'\t""" c""d"\t' in data and b"\r" not in data


@pytest.mark.parametrize(
    "args",
    [
        ["-l0", "-a", "entity", "risk", "-lc", "entity", "-sl", "risk", "-slv", "hoch"],
        ["--lenient=0", "--annotation_layer", "entity", "risk", "--labelled_eval", "entity",
         "--span_label_eval", "risk", "--span_label_value", "hoch"],
        ["--len", "0", "--lay", "entity", "risk", "--lab", "entity", "--filter-l", "risk", "--filter-v", "hoch"],
    ],
)  # fmt: skip
def test_original_spellings_and_prefixes(cli, worked, args):  # C49, §6.1
    data, _ = run_json(cli, "gold.vrt", "system.vrt", *args)
    assert data["options"]["lenient"] == 0
    assert [r["Level"] for r in data["evaluation_table"]] == [
        "Span",
        "Hoch",
        "entity",
        "entity",
        "entity",
        "entity",
    ]


def test_row_and_switch_prefixes_of_the_original(cli, worked):
    result = cli("clueval", "gold.vrt", "system.vrt", "--n", "1", "--match", "--error", "--write", "o")
    assert result.code == 0, result.err
    assert "[1 rows x 15 columns]" in result.out and (worked / "o" / "recall_error_table.tsv").is_file()


def test_version(cli, capsys):
    from engine import __version__

    with pytest.raises(SystemExit) as stop:
        cli("clueval", "-v")
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"Span Studio {__version__} (compatible with clueval 0.4.0.1)\n"


# --- HTML ---------------------------------------------------------------------------------------


def test_html_page(cli, worked):
    result = cli(
        "clueval", "gold.vrt", "system.vrt", "-a", "entity", "risk", "-e", *ALL_TYPES, "--html", "e.html"
    )
    assert result.code == 0
    page = (worked / "e.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page and "http" not in page
    assert page.count('class="entry"') == 13
    assert page.index("Recall errors (reference spans)") < page.index("Precision errors (candidate spans)")
    assert (
        'title="reference [13–15] entity=date, risk=niedrig&#10;candidate [12–13] entity=date, risk=niedrig"'
        in page
    )
    assert '<span class="ref ref-start ref-end cand cand-end"' in page  # both colours, span boundaries
    assert "55.5556" in page


def test_html_escapes_tokens_and_defaults_to_unmatched(cli, tmp_path):
    gold = vrt(tmp_path, "g.vrt", '<b>&"\tB-X\nx\tO\n\n')
    system = vrt(tmp_path, "s.vrt", '<b>&"\tO\nx\tO\n\n')
    assert cli("clueval", gold, system, "--html", tmp_path / "e.html").code == 0
    page = (tmp_path / "e.html").read_text(encoding="utf-8")
    assert "&lt;b&gt;&amp;&quot;" in page and '<b>&"' not in page
    assert page.count('class="entry"') == 1 and "Error types shown: unmatched." in page


# --- the report for the app and the workbook ------------------------------------------------------


def _report(level: int = 3, **options):
    method = get_method("clueval")
    opts = method.Options(layers=("entity", "risk"), labelled=("entity",), lenient=level, **options)
    return method, opts, method.evaluate(str(WORKED / "gold.vrt"), str(WORKED / "system.vrt"), opts)


def test_viewer_spans_carry_their_match_class_and_documents_their_sentences():
    _, _, report = _report()
    assert [s.attrs["status"] for s in report.gold_spans] == [
        "contained", "tiled", "covered", "unmatched", "unmatched", "exact",
    ]  # fmt: skip
    assert (report.gold_spans[0].start, report.gold_spans[0].end, report.gold_spans[0].label) == (
        2,
        4,
        "person/hoch",
    )
    (document,) = report.documents
    assert document.units == [(0, 12), (12, 21), (21, 30)] and document.tokens[2] == "Anna"


def test_viewer_spans_make_only_their_own_label_dicts():
    """A span the viewer shows has its labels by layer, those the JSON report's spans show
    (SpanTable.label_dicts), made for it alone: the viewer asks for spans on the UI thread,
    where making every span's dict took 0.13 s a side on a million tokens."""
    _, _, report = _report()
    for spans in (report.gold_spans, report.system_spans):
        shown = [span.attrs["labels"] for span in spans]
        assert "label_dicts" not in vars(spans.table)  # not made for the spans shown
        assert shown == spans.table.label_dicts
    assert report.gold_spans[0].attrs["labels"] == {"entity": "person", "risk": "hoch"}


def test_error_rows_for_the_workbook():
    _, _, report = _report(error_tables=tuple(ALL_TYPES))
    sheets = [row["sheet"] for row in report.error_rows]
    assert sheets == ["Recall errors"] * 5 + ["Precision errors"] * 8
    covered = next(r for r in report.error_rows if r["type"] == "covered")
    assert covered["context_marked"] == "🟥Am🟥 🟨3. Mai 2020🟨 🟥zahlte🟥 sie 500 Euro ."
    assert (covered["gold_start"], covered["gold_end"], covered["system_parts"]) == (
        13,
        16,
        [[12, 14], [14, 17]],
    )
    assert (covered["start"], covered["end"], covered["unit"]) == (13, 15, 2)
    assert set(report.data["_legends"]) == {"Recall errors", "Precision errors"}
    assert {t.title for t in report.detail_tables().values()} == {
        "Evaluation",
        "Recall matches",
        "Precision matches",
    }


def test_rescoring_another_level_needs_no_files(tmp_path):
    for name in ("gold.vrt", "system.vrt"):
        shutil.copy(WORKED / name, tmp_path / name)
    method = get_method("clueval")
    opts = method.Options(layers=("entity", "risk"), labelled=("entity",))
    report = method.evaluate(str(tmp_path / "gold.vrt"), str(tmp_path / "system.vrt"), opts)
    for name in ("gold.vrt", "system.vrt"):
        (tmp_path / name).unlink()
    for level in (0, 1, 2, 3):
        rescored = method.rescore(
            report, method.Options(layers=("entity", "risk"), labelled=("entity",), lenient=level)
        )
        _, _, fresh = _report(level)
        assert rescored.tables["overall"].rows == fresh.tables["overall"].rows
        assert rescored.tables["labelled"].rows == fresh.tables["labelled"].rows
        assert rescored.data["evaluation_table"] == fresh.data["evaluation_table"]
        assert rescored.options["lenient"] == level
    assert report.options["lenient"] == 3  # the original report is unchanged
    assert method.rescore(report, method.Options(layers=("entity",))) is None  # needs the files again


def test_progress_is_reported_and_cancelling_stops_the_run(tmp_path):
    from engine.errors import Cancelled
    from engine.progress import Progress

    heard: list[tuple[float, str]] = []
    method = get_method("clueval")
    options = method.Options(layers=("entity", "risk"))
    method.evaluate(str(WORKED / "gold.vrt"), str(WORKED / "system.vrt"), options,
                    Progress(lambda f, m: heard.append((f, m)), interval=0))  # fmt: skip
    assert heard[0][1].startswith("reading") and [m for _, m in heard][-1] == "scoring"
    assert [f for f, _ in heard] == sorted(f for f, _ in heard)
    stop = Progress()
    stop.cancel()
    with pytest.raises(Cancelled):
        method.evaluate(str(WORKED / "gold.vrt"), str(WORKED / "system.vrt"), options, stop)


def test_vrt_files_are_recognised():
    from engine.formats import detect

    assert detect(WORKED / "gold.vrt") == "Vertical text (.vrt) with BIO columns"


def test_xml_oddities_warn_once_and_never_fail(cli, tmp_path):
    text = '<text id="a&amp;b">\n<s id=\'1\' junk>\n<?xml version="1.0"?>\nx\tB-X\n</p>\n</s>\n<3>\ny\tO\n</text>\n'
    gold = vrt(tmp_path, "g.vrt", text)
    data, err = run_json(cli, gold, gold)
    assert (
        data["spans"]["reference"][0]["document"] == "a&b"
        and data["spans"]["reference"][0]["sentence"] == "1"
    )
    assert err.count("unreadable XML") == 2  # once per file (the file is read as both sides)
    assert f"{gold}:5: end tag '</p>' without an open <p> ignored" in err


def test_review_workbook_sheets_and_legends(cli, worked):
    result = cli(
        "clueval", "gold.vrt", "system.vrt", "-a", "entity", "risk", "-e", *ALL_TYPES, "--xlsx", "r.xlsx"
    )
    assert result.code == 0, result.err
    book = openpyxl.load_workbook(worked / "r.xlsx")
    assert book.sheetnames[:6] == ["Summary", "Evaluation", "Recall matches", "Precision matches",
                                   "Recall errors", "Precision errors"]  # fmt: skip
    recall = list(book["Recall errors"].iter_rows(values_only=True))
    assert "🟩…🟩 only in the reference span (missed)" in recall[0][0]
    header = recall[1]
    for column in (
        "Verdict",
        "Comment",
        "Document",
        "Context marked",
        "start",
        "end",
        "sentence",
        "Entity Y",
    ):
        assert column in header
    covered = dict(
        zip(header, next(r for r in recall[2:] if r[header.index("Type")] == "covered"), strict=True)
    )
    assert covered["Context marked"] == "🟥Am🟥 🟨3. Mai 2020🟨 🟥zahlte🟥 sie 500 Euro ."
    assert (covered["start"], covered["end"], covered["System position"]) == (13, 15, "12-13 14-16")
    assert len(list(book["Precision errors"].iter_rows())) == 2 + 8
