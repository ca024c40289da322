"""The advice of the WebAnno TSV / XMI error for an annotation without a value, in the app's
words: the options panel's Missing label (its placeholder LABEL left out); the Agreement
window names its own, among its Reading options."""

from __future__ import annotations

import pytest

from engine.errors import InputError
from engine.formats import read_spans
from engine.formats.reader_options import DEFAULT
from gui import dialogs
from gui.agreement_reading import CONTROLS
from gui.agreement_window import AgreementWindow
from tests.engine.test_missing_label_option import FLAGS
from tests.gui.test_agreement_window import dialog_texts

FOUND = ", found '*' (an annotation without a value)"


@pytest.fixture
def flags(tmp_path) -> str:
    path = tmp_path / "flags.tsv"
    path.write_text(FLAGS, encoding="utf-8")
    return str(path)


def tsv_error(path: str) -> InputError:
    with pytest.raises(InputError) as raised:
        read_spans(path, None, DEFAULT)
    return raised.value


def test_the_evaluation_names_its_missing_label_control_without_a_placeholder(flags):
    text = dialogs.input_error_text(tsv_error(flags))
    assert text == f"{flags}:6: expected a value for every annotation (or a label for those without: " \
                   f"the option Missing label){FOUND}"  # fmt: skip


def test_a_label_given_is_kept_in_a_warning():
    unused = "not used (CoNLL has no annotations without a value)"
    assert dialogs.app_words(f"--missing-label PER {unused}") == f"the option Missing label PER {unused}"


def test_the_agreement_window_names_its_reading_option(flags):
    text = dialogs.input_error_text(tsv_error(flags), CONTROLS)
    assert f"(or a label for those without: the Reading option Missing label){FOUND}" in text
    assert "--missing-label" not in text and "LABEL" not in text


def measured_flags(qtbot, flags: str, tmp_path) -> None:
    """Measure the file and a copy in an Agreement window (it fails: an annotation without a value)."""
    window = AgreementWindow()
    qtbot.addWidget(window)
    (tmp_path / "copy.tsv").write_text(FLAGS, encoding="utf-8")
    window.add_paths([flags, str(tmp_path / "copy.tsv")])
    window.measure()
    qtbot.waitUntil(lambda: not window.busy, timeout=10_000)


def test_the_agreement_window_shows_its_own_words(qtbot, monkeypatch, flags, tmp_path):
    texts = dialog_texts(monkeypatch)
    measured_flags(qtbot, flags, tmp_path)
    assert len(texts) == 1 and "(or a label for those without: the Reading option Missing label)" in texts[0][1]


def test_a_value_spelled_like_the_placeholder_is_kept_in_the_apps_words():
    from dataclasses import replace

    from engine.formats import conll
    from engine.formats.reader_options import check_options, one_annotator

    options = replace(DEFAULT, missing_label="LABEL", layer="NAME", label_file="FILE")
    words = [dialogs.app_words(w) for w in check_options(conll, "gold.conll", options)]
    for shown in ("the option Layer 'NAME' not used", "the option Label file 'FILE' not used",
                  "the option Missing label 'LABEL' not used"):  # fmt: skip
        assert any(w.startswith(f"gold.conll: {shown} (") for w in words), (shown, words)
    error = dialogs.input_error_text(one_annotator("gold.conll", conll.TITLE, "NAME", "--user"))
    assert "several annotators' work for the option User 'NAME' (an INCEpTION" in error


def test_the_tests_record_a_failure_as_its_dialog_words_it(qtbot, shown, flags, tmp_path):
    """conftest's stand-in for the dialog records what the dialog would show (the window's own words)."""
    measured_flags(qtbot, flags, tmp_path)
    assert shown.input_errors == [("Agreement could not be measured", dialogs.input_error_text(
        tsv_error(flags), CONTROLS))]  # fmt: skip
    assert "the Reading option Missing label" in shown.input_errors[0][1]
