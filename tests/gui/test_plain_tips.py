"""Tooltips that show a file's text (an engine message quoting a line, an annotator's name in
a reason, an input's path) show it as written: Qt takes a tooltip that looks like rich text
(`<s>x</s>`, `a<b>c</b>`) as HTML, which struck a name through or dropped its tags."""

from __future__ import annotations

from types import SimpleNamespace

from engine.errors import InputError
from engine.methods import InputSpec
from gui.agreement_reasons import tip
from gui.inputs import FileField
from gui.results import inputs_tooltip
from gui.style import plain_tip
from tests.gui.test_legend import shown_text

MARKED = "a <s>struck</s> name &amp; <b>bold</b>\n  on two lines"


def test_a_plain_text_is_its_own_tooltip_and_markup_is_shown_as_written(qtbot):
    assert plain_tip("PER & ORG  <3") == "PER & ORG  <3"
    assert shown_text(plain_tip(MARKED)) == MARKED


def test_a_boxs_message_quoting_a_files_text_is_shown_as_written_in_its_tooltip(qtbot, tmp_path):
    field = FileField("gold")
    qtbot.addWidget(field)
    field.set_spec(InputSpec("gold", "gold", "the gold"))
    field.edit.setText(str(tmp_path / "gold.tsv"))
    error = InputError("a label", "'<s>x</s>' &amp; '<b>y</b>'", file=str(tmp_path / "gold.tsv"), line=3)
    field.show_input_error(error)
    assert shown_text(field.status.toolTip()) == field.error_text == f"{tmp_path}/gold.tsv:3: expected a label, " \
        "found '<s>x</s>' &amp; '<b>y</b>'"  # fmt: skip


def test_a_reason_naming_annotators_and_the_inputs_paths_are_shown_as_written(qtbot):
    assert shown_text(tip("<s>ann</s> and <b>ben</b> marked nothing")) == \
        "Undefined: <s>ann</s> and <b>ben</b> marked nothing."  # fmt: skip
    report = SimpleNamespace(inputs=[SimpleNamespace(role="gold", path="/data/<b>x</b>/g.tsv", sha256="0" * 64)],
                             created="2026-12-01T06:37:47+00:00")  # fmt: skip
    assert shown_text(inputs_tooltip(report)) == \
        f"evaluated: 2026-12-01T06:37:47+00:00\ngold: /data/<b>x</b>/g.tsv (sha256 {'0' * 12}…)"  # fmt: skip
