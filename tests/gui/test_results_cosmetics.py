"""What the window shows between runs: no export notice over a later result, a label's
colour the same in every run and process, an empty error table with its columns and a
note, and the same check of both sides' files."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import Qt

from gui.empty_note import NO_ERRORS
from gui.label_colours import LABEL_COLOURS, label_colours, own_colour

from .conftest import evaluate, wait_idle

RELATION = Path(__file__).parents[1] / "data" / "formats" / "uima-xmi" / "inception-relation"


def test_a_new_run_clears_the_written_notice(qtbot, window, tmp_path, monkeypatch):
    evaluate(qtbot, window)
    monkeypatch.setattr(window, "choose_save_path", lambda *args: str(tmp_path / "review.xlsx"))
    window.xlsx_action.trigger()
    wait_idle(qtbot, window)
    assert window.notice.isVisibleTo(window) and "Written" in window.notice.text.text()
    evaluate(qtbot, window)
    assert not window.notice.isVisibleTo(window)


def test_a_label_has_its_colour_in_every_process():
    code = "from gui.label_colours import label_colours; print(label_colours(['PER', 'LOC', 'ORG', 'MISC']))"
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": "123"}, cwd=Path(__file__).parents[2])  # fmt: skip
    assert other.stdout.strip() == str(label_colours(["PER", "LOC", "ORG", "MISC"]))
    assert label_colours(["LOC", "PER"])["PER"] == label_colours(["PER", "ORG", "LOC"])["PER"]


def test_labels_that_choose_one_colour_get_two():
    first = "A"
    second = next(f"L{i}" for i in range(1000) if own_colour(f"L{i}") == own_colour(first))
    colours = label_colours([second, first])
    assert colours[first] != colours[second]
    assert len(set(label_colours([f"L{i}" for i in range(len(LABEL_COLOURS))]).values())) == len(LABEL_COLOURS)


def test_the_viewer_colours_a_label_alike_in_two_runs(qtbot, window, example, tmp_path):
    method, gold, system = example
    evaluate(qtbot, window)
    first = window.viewer.palette_.label("PER").name()
    evaluate(qtbot, window, method, gold, gold)  # another run, another set of labels
    assert window.viewer.palette_.label("PER").name() == first == label_colours(["PER"])["PER"]


def test_an_empty_error_table_shows_its_columns_and_says_so(qtbot, window, example):
    method, gold, _ = example
    evaluate(qtbot, window, method, gold, gold)
    assert window.errors.model.rowCount() == 0
    assert len(window.errors.model.columns) > 5  # not only ID and Type
    assert window.empty_errors.isVisibleTo(window) and window.empty_errors.text() == NO_ERRORS
    evaluate(qtbot, window, *example)
    assert not window.empty_errors.isVisibleTo(window)


def test_both_sides_lacking_a_type_system_are_both_red(qtbot, window, tmp_path):
    for side in ("gold", "system"):
        (tmp_path / side).mkdir()
        shutil.copy(RELATION / "relation_test.xmi", tmp_path / side)
    window.setup.set_method("spans")
    window.setup.set_paths(str(tmp_path / "gold" / "relation_test.xmi"), str(tmp_path / "system" / "relation_test.xmi"))
    fields = window.setup.fields
    qtbot.waitUntil(lambda: all(field.error_text for field in fields.values()), timeout=10_000)
    for side in ("gold", "system"):
        assert "expected a type system" in fields[side].error_text


def test_the_header_names_the_options_set_and_counts_those_not_set(qtbot, window):
    """CLUEval's header listed some 40 options as '= none' over four lines at 1366×768,
    squeezing its score table to a row; unset options are counted, not listed (the span
    methods' reports leave them out themselves)."""
    evaluate(qtbot, window)
    assert window.report.options["weights"] is None
    header = window.tabs.widget(0).header.text()
    assert "Focus = target" in header and "Weights" not in header and "1 more not set" in header
    assert "Ignore punctuation = no" in header and "ignore_punct" not in header  # the panel's name


def test_the_header_names_an_option_no_panel_shows_by_its_key():
    from engine.report import Report
    from gui.results import report_header

    report = Report("faireval", "FairEval", {"focus": "system", "sides": 2}, [], {})
    assert "Focus = system · sides = 2" in report_header(report)


def test_the_header_words_check_boxes_and_lists_as_a_person_reads_them():
    """Seen at 1280x720: 'Ignore punctuation = False · Evaluation methods = [traditional,
    fair]' and 'Error table = True', Python's words over the scores."""
    from engine.report import Report
    from gui.results import report_header

    options = {"ignore_punct": False, "eval_method": ["traditional", "fair"], "labels": ["all"],
               "exclude": []}  # fmt: skip
    header = report_header(Report("faireval", "FairEval", options, [], {}))
    assert "Ignore punctuation = no" in header and "Labels = all ·" in header
    assert "Evaluation methods = traditional, fair" in header and "Exclude labels = none" in header
    assert "True" not in header and "False" not in header and "[" not in header
    spans = report_header(Report("spans", "Exact spans", {"errors": True}, [], {}))
    assert "Error table = yes" in spans


def test_the_header_says_when_in_words_not_in_iso_8601(qtbot, window):
    """Seen at 1280x720: 'Span Studio engine 0.1.0, 2026-12-01T06:25:00+00:00' over the
    scores; the time to the second stays in the header's tooltip."""
    from engine.report import Report
    from gui.results import ScoresView, report_header

    report = Report("spans", "Exact spans", {}, [], {}, created="2026-12-01T06:37:47+01:00")
    header = report_header(report)
    assert "evaluated 2026-12-01 at 06:37" in header and "T06" not in header and "+01:00" not in header
    assert "evaluated: 2026-12-01T06:37:47+01:00" in ScoresView(report, "percent").header.toolTip()
    assert "a day" in report_header(Report("spans", "Exact spans", {}, [], {}, created="a day"))


def test_counts_are_grouped_by_thousands_as_the_engines_messages_are():
    """ "180000 errors" and "180000 of 180000" under a big run read as "180,000"."""
    from engine.report import Report
    from gui.review_dialog import ReviewResult, _errors
    from gui.run_status import summary_text

    report = Report("faireval", "FairEval", {}, [], {}, [{}] * 180_000, [], [], [])
    assert summary_text(report, False, False) == "<b>FairEval</b>: 180,000 errors."
    result = ReviewResult("r.xlsx", "faireval", 2952, [], {}, systems={"A": 1814, "B": 1138})
    assert _errors(result) == "2,952 errors of two systems compared (A 1,814, B 1,138)"


def test_the_header_names_a_chosen_format_as_the_format_list_does():
    """Seen on Xvfb: 'Options: System format = conll', the command line's name, beside a
    Format list that shows 'CoNLL columns (a token and its tag)'."""
    from engine.report import Report
    from gui.results import report_header

    options = {"system_format": "conll", "reading": "strict", "format": "no-such-format"}
    header = report_header(Report("spans", "Exact spans", options, [], {}))
    assert "System format = CoNLL columns (a token and its tag) · Reading = strict" in header
    assert "Format = no-such-format" in header  # a report read from a file may hold anything


def test_the_error_table_titles_a_methods_own_columns_in_words(qtbot, window):
    """Seen at 1280x720, scrolled right in the example's error table: the headers
    'gold_line', 'system_line' and 'token_strip' (FairEval's own columns, which no title names)."""
    evaluate(qtbot, window)
    model = window.errors.model
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert {"Gold line", "System line", "Token strip"} <= set(titles)
    assert not [title for title in titles if "_" in title]
    assert titles[:2] == ["ID", "Type"]  # a titled column as titled


def test_an_empty_error_table_of_two_spanless_files_says_so(qtbot, window, tmp_path):
    """Walked at 1366x768 with the format sample relation_test.xmi (its one layer holds
    relations): every score 0.00 and, in the error table, 'No disagreements between gold and
    system.', which reads as a perfect match."""
    from gui.empty_note import NO_SPANS

    for side in ("gold", "system"):
        (tmp_path / side).mkdir()
        shutil.copy(RELATION / "relation_test.xmi", tmp_path / side)
        shutil.copy(RELATION / "TypeSystem.xml", tmp_path / side)
    gold, system = (str(tmp_path / side / "relation_test.xmi") for side in ("gold", "system"))
    evaluate(qtbot, window, "spans", gold, system)
    assert window.errors.model.rowCount() == 0 and not window.report.gold_spans
    assert window.empty_errors.isVisibleTo(window) and window.empty_errors.text() == NO_SPANS
