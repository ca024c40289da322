"""The app words an unrecognised file's message as the command line does: only the
formats the chosen method reads, by the titles of the Format list."""

from __future__ import annotations

import pytest

from engine.errors import InputError
from engine.methods.faireval.spanformats import paired_inputs
from gui.dialogs import input_error_text


def test_faireval_refusal_in_the_app_names_only_faireval_formats(tmp_path):
    (tmp_path / "d.txt").write_text("Ann met Bob.\n", encoding="utf-8")
    (tmp_path / "d.ann").write_text("T1\tPER 0 3\tAnn\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("hello\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        paired_inputs(str(tmp_path / "d.ann"), str(tmp_path / "notes.txt"), None)
    text = input_error_text(caught.value)
    assert "FairEval span file" in text and "CoNLL-2000 (BIO chunks)" in text and "brat standoff" in text
    assert not any(title in text for title in ("Vertical text", "CD-SCO", "Poetry"))
