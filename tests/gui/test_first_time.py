"""The first-time annotator on a laptop (issue 19, the app side): a window that fits the
screen, an export that says where it went, a file of another method's format, one scale,
words for the error types, messages laid out from the left."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QMessageBox

from engine.glossary import GLOSSARY, meaning
from engine.methods import all_methods
from gui import dialogs, geometry, notice
from gui.help_page import glossary_html
from tests.conftest import conformance

from .conftest import evaluate, open_window, wait_idle


def inside(window, widget) -> bool:
    """Whether a widget is shown whole inside the window's client area."""
    top_left = widget.mapTo(window, QPoint(0, 0))
    return widget.isVisible() and window.rect().contains(QRect(top_left, widget.size()))


# --- 19.2 the window fits ------------------------------------------------------------------


def test_at_1280_by_720_evaluate_the_status_bar_and_the_results_are_in_view(qtbot, window):
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: window.width() <= 1280 and window.height() <= 720)
    for method in all_methods():  # the longest setup panel included: it scrolls, it is not cut
        window.setup.set_method(method.name)
        qtbot.wait(10)
        for widget in (window.setup.evaluate_button, window.setup.cancel_button, window.statusBar()):
            assert inside(window, widget), (method.name, widget)
        scroll = window.setup.scroll
        assert scroll.widget().minimumSizeHint().width() <= scroll.viewport().width(), method.name
    assert inside(window, window.viewer) and inside(window, window.errors)


#: A laptop screen's area for windows (1366×768 without a 28-pixel panel).
LAPTOP = QRect(0, 28, 1366, 740)


def test_the_first_start_fills_the_screens_available_area(qtbot, settings_file, monkeypatch):
    monkeypatch.setattr(geometry, "available_area", lambda window: LAPTOP)
    window = open_window(qtbot, settings_file)
    assert LAPTOP.contains(window.frameGeometry())
    assert window.frameGeometry().size() == LAPTOP.size()
    window.close()


def test_a_saved_geometry_larger_than_the_screen_is_not_restored(qtbot, settings_file, monkeypatch):
    monkeypatch.setattr(geometry, "available_area", lambda window: LAPTOP)
    first = open_window(qtbot, settings_file)
    first.setGeometry(0, 28, 1400, 900)  # the size the app used to open at
    first.close()
    again = open_window(qtbot, settings_file)
    assert LAPTOP.contains(again.frameGeometry())
    again.close()


def test_a_saved_geometry_that_fits_is_restored(qtbot, settings_file):
    first = open_window(qtbot, settings_file)
    first.setGeometry(first.geometry().x(), first.geometry().y(), 784, 640)  # the usable minimum or more
    first.close()
    again = open_window(qtbot, settings_file)
    assert (again.width(), again.height()) == (784, 640)
    again.close()


def test_a_finished_export_says_so_in_the_window_with_open_buttons(qtbot, window, tmp_path, monkeypatch):
    evaluate(qtbot, window)
    target = tmp_path / "report.json"
    monkeypatch.setattr(window, "choose_save_path", lambda *args: str(target))
    opened: list[Path] = []
    monkeypatch.setattr(notice, "open_path", lambda path: opened.append(path) or True)
    assert not window.notice.isVisible()
    window.json_action.trigger()
    wait_idle(qtbot, window)
    assert window.notice.isVisible() and inside(window, window.notice)
    assert "report.json" in window.notice.text.text() and str(tmp_path) in window.notice.text.text()
    qtbot.mouseClick(window.notice.open_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(window.notice.folder_button, Qt.MouseButton.LeftButton)
    assert opened == [target, tmp_path]
    qtbot.mouseClick(window.notice.close_button, Qt.MouseButton.LeftButton)
    assert not window.notice.isVisible()


# --- 19.3 a file of the wrong kind -----------------------------------------------------------


def wrong_kind(tmp_path) -> Path:
    gold = tmp_path / "gold.tsv"
    shutil.copy(conformance("faireval") / "data" / "target" / "ner_spans.csv", gold)
    return gold


def test_a_faireval_file_given_to_clueval_is_not_evaluated_and_faireval_is_offered(
    qtbot, window, tmp_path, shown
):
    gold = wrong_kind(tmp_path)
    assert not window.evaluate("clueval", str(gold), str(gold))
    assert window.report is None and window.setup.method.name == "clueval"
    ((message, offered),) = shown.switches
    assert offered == ["faireval", "spans", "nervaluate"]  # spans and nervaluate read it too
    assert "did you mean 'spanstudio faireval', 'spanstudio spans' or 'spanstudio nervaluate'?" in message
    assert "looks like a FairEval span file" in window.setup.fields["gold"].error_text


def test_one_click_switches_to_the_method_that_reads_the_file_and_evaluates(qtbot, window, tmp_path, shown):
    gold = wrong_kind(tmp_path)
    shown.switch_to = "faireval"
    assert window.evaluate("clueval", str(gold), str(gold))
    wait_idle(qtbot, window)
    assert window.setup.method.name == "faireval" and window.report.method == "faireval"
    assert len(window.report.error_rows) == 0 and shown.input_errors == []  # a list or ColumnRows


def test_the_file_field_names_the_method_that_reads_it_with_a_link_to_switch(qtbot, window, tmp_path):
    gold = wrong_kind(tmp_path)
    window.setup.set_method("clueval")
    field = window.setup.fields["gold"]
    field.set_path(str(gold))
    assert "FairEval span file" in field.status.text() and "href='faireval'" in field.status.text()
    field.status.linkActivated.emit("faireval")
    assert window.setup.method.name == "faireval"


# --- 19.7 one scale ----------------------------------------------------------------------------


def test_the_scale_is_percent_by_default_switchable_and_remembered(qtbot, settings_file):
    window = open_window(qtbot, settings_file)
    evaluate(qtbot, window)
    view = window.tabs.widget(0).views["overall"]
    cell = view.model().index(0, 1)
    assert cell.data() == "66.67" and window.scale_actions["percent"].isChecked()
    assert cell.data(Qt.ItemDataRole.ToolTipRole).startswith("66.66666666666")
    window.scale_actions["fraction"].trigger()
    assert cell.data() == "0.6667" and cell.data(Qt.ItemDataRole.ToolTipRole) == repr(2 / 3)
    window.close()
    again = open_window(qtbot, settings_file)
    assert again.scale == "fraction" and again.scale_actions["fraction"].isChecked()
    evaluate(qtbot, again)
    assert again.tabs.widget(0).views["overall"].model().index(0, 1).data() == "0.6667"
    again.close()


def test_a_score_tab_first_shown_after_the_scale_changed_shows_the_new_scale(qtbot, window):
    evaluate(qtbot, window)
    scores = window.tabs.widget(0)
    fair = scores.tables["fair"]
    assert "fair" not in scores._views  # not shown yet: its view is made when its tab is
    window.set_scale("fraction")
    scores.others.setCurrentIndex(list(scores.tables).index("fair") - 1)
    model = scores._views["fair"].model()
    f1 = fair.columns.index("f1")
    assert model.index(0, f1).data() == f"{fair.rows[0][f1]:.4f}"
    window.set_scale("percent")
    assert model.index(0, f1).data() == f"{100 * fair.rows[0][f1]:.2f}"


def test_clueval_percentages_are_shown_on_the_fraction_scale_too(qtbot, window):
    root = conformance("clueval") / "data"
    evaluate(
        qtbot, window, "clueval", str(root / "fiktives-urteil-p1.bio"), str(root / "fiktives-urteil-p2.bio")
    )
    model = window.tabs.widget(0).views["overall"].model()
    assert model.index(0, 1).data() == "92.86"  # P, printed by the original as 92.8571
    window.set_scale("fraction")
    assert model.index(0, 1).data() == "0.9286"


def test_the_workbook_export_is_given_the_scale_where_the_writer_takes_one(monkeypatch, window):
    import inspect

    from engine.export.xlsx import write_workbook
    from gui import exporting

    seen = {}
    monkeypatch.setattr(exporting, "write_workbook", lambda report, path, **kw: seen.update(kw))
    exporting.xlsx_job(None, "x.xlsx", "fraction")(None)
    assert seen.get("scale") == (
        "fraction" if "scale" in inspect.signature(write_workbook).parameters else None
    )


# --- 19.4 tables put their label column first ---------------------------------------------------


def test_clueval_tables_show_their_label_column_first(qtbot, window):
    root = conformance("clueval") / "data"
    evaluate(
        qtbot, window, "clueval", str(root / "fiktives-urteil-p1.bio"), str(root / "fiktives-urteil-p2.bio")
    )
    view = window.tabs.widget(0).views["overall"]
    first = view.horizontalHeader().logicalIndex(0)
    assert view.model().headerData(first, Qt.Orientation.Horizontal) == "Label"


# --- 19.8 words a person understands -------------------------------------------------------------


def test_help_lists_every_methods_error_types_and_measures_with_its_citation(qtbot, window):
    window.glossary_action.trigger()
    text = window.glossary.browser.toPlainText()
    for method in all_methods():
        terms = GLOSSARY[method.name]
        assert terms.title in text and terms.citation[:40] in text
        for term in (*terms.error_types, *terms.measures):
            assert term.name in text and term.meaning[:30] in text
    for name in ("BES", "BEL", "BEO", "LBE", "tiled", "covered", "B-scores", "Conversions"):
        assert f"<b>{name}</b>" in glossary_html()
    window.glossary.close()


def test_the_error_tables_type_cells_have_the_glossarys_words_as_tooltips(qtbot, window):
    evaluate(qtbot, window)
    model = window.errors.model
    column = model.columns.index("type")
    for row in range(model.rowCount()):
        kind = model.index(row, column).data()
        tip = model.index(row, column).data(Qt.ItemDataRole.ToolTipRole)
        assert tip == next(t.meaning for t in GLOSSARY["faireval"].error_types if t.name == kind)


def test_the_type_filter_says_what_each_type_means(qtbot, window):
    evaluate(qtbot, window)
    combo = window.errors.type_filter
    tips = {
        combo.itemText(i): combo.itemData(i, Qt.ItemDataRole.ToolTipRole) for i in range(1, combo.count())
    }
    assert tips and all(tip == meaning("faireval", kind) for kind, tip in tips.items())


def test_an_input_error_dialog_has_its_message_at_the_left(qtbot):
    dialog = dialogs.MessageDialog(
        None, QMessageBox.Icon.Warning, "The evaluation stopped.", "gold.tsv:12: expected a number, found 'x'"
    )
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.message.x() <= dialog.icon.geometry().right() + 20
    assert dialog.message.width() >= dialog.width() - dialog.icon.width() - 60


# --- 19.9 small things ---------------------------------------------------------------------------


def test_a_focus_change_leaves_no_re_scoring_in_the_status_bar(qtbot, window):
    evaluate(qtbot, window)
    window.setup.panel.editors["focus"].set_value("system")
    window.setup.panel.editors["focus"].changed.emit()
    qtbot.waitUntil(lambda: not window._rescore_timer.isActive() and not window.busy)
    qtbot.wait(50)
    assert "Re-scoring" not in window.statusBar().currentMessage()


def test_a_new_report_opens_its_error_table_at_the_top(qtbot, window):
    evaluate(qtbot, window)
    window.errors.select_error(window.errors.model.rowCount() - 1)
    evaluate(qtbot, window)
    assert window.errors.table.verticalScrollBar().value() == 0
    assert not window.errors.table.selectionModel().currentIndex().isValid()


def test_the_progress_bar_moves_until_work_reports_progress(qtbot, window):
    window._progressed(0.0, "writing the workbook")
    assert window.progress.maximum() == 0  # busy: moving, not stuck at 0 %
    window._progressed(0.5, "")
    assert (window.progress.maximum(), window.progress.value()) == (1000, 500)


def test_clueval_counts_the_bio_columns_and_offers_to_name_them_all(qtbot, window):
    root = conformance("clueval") / "data"
    window.setup.set_method("clueval")
    window.setup.set_paths(str(root / "fiktives-urteil-p1.bio"), str(root / "fiktives-urteil-p2.bio"))
    setup = window.setup
    assert setup.advice.isVisible() and "has 3 BIO columns" in setup.advice.text()
    assert "only the first is evaluated" in setup.advice.text()
    qtbot.mouseClick(setup.advice_button, Qt.MouseButton.LeftButton)
    assert setup.panel.options().layers == ("span", "layer2", "layer3")
    assert not setup.advice.isVisible()
    setup.set_paths(str(root / "reference.bio"), str(root / "candidate.bio"))  # one BIO column
    assert not setup.advice.isVisible()
    assert "separated by commas in the app" in setup.panel.editors["layers"].toolTip()


def test_faireval_shows_the_sections_its_options_line_names(qtbot, window):
    from dataclasses import replace

    from engine.methods import get_method

    evaluate(qtbot, window)  # "all" without weights: weighted equals fair and is left out
    assert window.report.options["eval_method"] == ["traditional", "fair"]
    overall = window.tabs.widget(0).views["overall"].model()
    assert [overall.index(r, 0).data() for r in range(overall.rowCount())] == ["traditional", "fair"]
    assert "weighted" not in window.tabs.widget(0).views
    assert "all = traditional, fair" in window.setup.panel.editors["eval_method"].toolTip()
    options = replace(get_method("faireval").Options(), weights="default")
    evaluate(qtbot, window, options=options)
    assert window.report.options["eval_method"] == ["traditional", "fair", "weighted"]
    assert "weighted" in window.tabs.widget(0).views


# --- 19.5 the viewer shows something for every error --------------------------------------------


def propara_run(qtbot, window, sentences: bool) -> None:
    from dataclasses import replace

    from engine.methods import get_method

    root = conformance("propara") / "data" / "dev"
    options = get_method("propara").Options()
    if sentences:
        options = replace(options, sentences=str(root / "sentences.tsv"))
    evaluate(
        qtbot, window, "propara", str(root / "answers.tsv"), str(root / "dummy-predictions.tsv"), options
    )


def first_row(window, **values) -> int:
    rows = window.report.error_rows
    return next(i for i, r in enumerate(rows) if all(r[k] == v for k, v in values.items()))


def test_a_missing_propara_input_is_framed_where_the_sentences_mention_it(qtbot, window):
    propara_run(qtbot, window, sentences=True)
    row = first_row(window, type="missing", question="inputs")
    error = window.report.error_rows[row]
    assert error["gold_parts"] and error["gold_position"].startswith("mentioned in step")
    doc = window.viewer.doc
    mentioned = " ".join(doc.text(p).strip(".,;") for p in range(*error["gold_parts"][0])).casefold()
    assert mentioned in [name.casefold() for name in error["gold_text"].split(" OR ")]
    window.errors.select_error(row)
    assert window.viewer.panes["gold"].selection[0] and not window.viewer.note.isVisibleTo(window)


def test_without_sentences_the_viewer_says_why_nothing_is_framed_and_how_to_see_the_text(qtbot, window):
    propara_run(qtbot, window, sentences=False)
    viewer = window.viewer
    assert "Options → Sentences" in viewer.panes["gold"].mask and not viewer.attach_button.isVisibleTo(window)
    window.errors.select_error(first_row(window, type="missing", question="inputs"))
    assert viewer.note.isVisibleTo(window) and "has no position in the text" in viewer.note.text()


def test_poetry_without_page_texts_says_how_to_attach_them(qtbot, window):
    root = conformance("poetry") / "quirks"
    evaluate(qtbot, window, "poetry", str(root / "ref.jsonl"), str(root / "sys.jsonl"))
    assert window.viewer.doc.numbered and "Options → Page texts" in window.viewer.panes["gold"].mask


def test_starsem_shows_why_a_negation_is_an_error_near_the_left_and_in_the_viewer(qtbot, window):
    root = conformance("starsem")
    gold = root / "SEM-2012-SharedTask-CD-SCO-dev-09032012.txt"
    evaluate(qtbot, window, "starsem", str(gold), str(root / "dev.mixed.system.txt"))
    model = window.errors.model
    titles = model.columns
    assert titles.index("detail") <= 3
    row = first_row(window, type="FN", event="FN")
    assert "event FN" in window.viewer._describe_row(row)


def test_the_selection_frame_tooltip_says_which_error_it_is_and_why(qtbot, window):
    root = conformance("starsem")
    gold = root / "SEM-2012-SharedTask-CD-SCO-dev-09032012.txt"
    evaluate(qtbot, window, "starsem", str(gold), str(root / "dev.mixed.system.txt"))
    row = first_row(window, type="FP")  # a system negation: the gold pane frames it dashed
    window.errors.select_error(row)
    error = window.report.error_rows[row]
    pane = window.viewer.panes["gold"]
    start, _ = pane.selection[0][0]
    tip = pane.tooltip_at(start)
    assert error["error_id"] in tip and error["detail"] in tip


def test_every_file_dialog_of_a_first_start_opens_in_the_home_folder(qtbot, window, monkeypatch):
    """Export CSV, Import Review and Attach Text started in the folder the app was started
    from (the source tree under `make run`, the program's folder from a Start menu) while
    Export to Excel and JSON start at home: all now start at home until a folder is used."""
    evaluate(qtbot, window)
    asked: list[str] = []
    monkeypatch.setattr(window, "choose_folder", lambda title, folder: asked.append(folder) or "")
    monkeypatch.setattr(window, "choose_open_path", lambda title, folder: asked.append(folder) or "")
    monkeypatch.setattr("gui.window_exports.attachable", lambda doc: True)
    window.export_csv()
    window.import_review()
    window.attach_text()
    assert asked == [str(Path.home())] * 3


def test_help_explains_the_agreement_measures_too(qtbot, window):
    """Help → Error Types and Measures is where an annotator looks up κ and α: it has the
    Agreement window's measures, in the words of their tooltips."""
    from gui.agreement_words import DOCUMENT_TIPS, MEASURE_TIPS

    window.glossary_action.trigger()
    text = window.glossary.browser.toPlainText()
    assert "Agreement among annotators" in text
    for words in (*MEASURE_TIPS.values(), DOCUMENT_TIPS["Fleiss κ"], DOCUMENT_TIPS["α"]):
        assert words[:40] in text
    window.glossary.close()
