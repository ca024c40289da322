"""The Agreement window has no Format list: seen on Xvfb, a CoNLL file with a typo among
three annotators' files stopped the measuring with '… choose one in the Format list of the
options', a list the window has not (its Reading options hold no format)."""

from __future__ import annotations

import pytest

from engine.errors import InputError
from engine.formats import span_format
from engine.options import option_specs
from gui import dialogs
from gui.agreement_reading import CONTROLS, AgreementReading


def test_a_file_no_format_recognises_is_sent_to_the_main_windows_format_list(tmp_path):
    typo = tmp_path / "typo.conll"
    typo.write_text("Mr.\tB-PER\nBingley\tI-PER\nin\tO\nLondon\tLOC\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        span_format(typo)
    text = dialogs.input_error_text(caught.value, CONTROLS)
    assert "choose one with the Format list of the main window's Options (this window reads" in text
    assert "--format" not in text and "in the Format list of the options" not in text


def test_the_reading_options_have_no_format_to_choose():
    """The words above hold while the window's Reading options choose no format."""
    assert "format" not in {spec.name for spec in option_specs(AgreementReading)}
