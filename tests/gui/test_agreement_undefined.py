"""An undefined figure of the Agreement window says why, in the engine's words (the report
data's "undefined", as the command line prints them): as the grey cell's tooltip, and on
the line under the matrix, under the Documents table and in the line of figures."""

from __future__ import annotations

from PySide6.QtCore import Qt

from engine.formats.standoff import text_document
from engine.spans import Annotations, Span
from tests.engine.test_agreement_command import SPANS, TEXTS

from .test_agreement_window import measured, opened

BOTH_SAME = "both annotators gave every token one and the same category"


def quiet_pair(path: str) -> Annotations:
    """anna and ben mark no span anywhere; cara marks hers, but none in d2."""
    name = path.rsplit("/", 1)[-1]
    docs = [text_document(n, t) for n, t in TEXTS.items()]
    marked = [] if name != "cara.tsv" else [s for s in SPANS[name] if s[0] != "d2"]
    return Annotations(path, "test", docs, [Span(s, e, label, d) for d, s, e, label in marked])


def test_an_undefined_cell_says_why_in_its_tooltip_and_under_the_matrix(qtbot, monkeypatch, tmp_path):
    window = measured(opened(qtbot, monkeypatch, tmp_path, ("anna.tsv", "ben.tsv", "cara.tsv"), quiet_pair),
                      qtbot)  # fmt: skip
    window.measure_choice.setCurrentIndex(3)  # Cohen's kappa
    cell = window.matrix.item(0, 1)
    assert cell.text() == "undefined"
    assert cell.toolTip() == f"Undefined: {BOTH_SAME}."
    assert window.matrix.item(0, 2).toolTip() == ""  # anna and cara have a value
    assert window.matrix_note.isVisible()
    assert window.matrix_note.text() == f"Undefined (grey): anna – ben: {BOTH_SAME}."
    window.measure_choice.setCurrentIndex(0)  # Span F1: the engine's reason of that measure
    assert window.matrix.item(1, 0).toolTip() == "Undefined: neither annotator marked a span."
    assert "anna – ben: neither annotator marked a span" in window.matrix_note.text()


def test_an_undefined_documents_figure_says_why(qtbot, monkeypatch, tmp_path):
    window = measured(opened(qtbot, monkeypatch, tmp_path, ("anna.tsv", "ben.tsv", "cara.tsv"), quiet_pair),
                      qtbot)  # fmt: skip
    model = window.documents.model()
    rows = {model.index(n, 0).data(): n for n in range(model.rowCount())}
    fleiss = model.index(rows["d2"], 4)
    assert fleiss.data() == "undefined"
    assert fleiss.data(Qt.ItemDataRole.ToolTipRole) == "Undefined: every annotator gave every token the same category."
    mean = model.index(rows["d2"], 3)  # Cohen κ (mean): no pair has one, and why not
    assert mean.data(Qt.ItemDataRole.ToolTipRole) == f"Undefined: no pair of annotators has a value ({BOTH_SAME})."
    assert model.index(rows["dok_é"], 4).data(Qt.ItemDataRole.ToolTipRole) == ""
    note = window.documents_note.text()
    assert note.startswith("Undefined (grey): d2 (F1 (mean): no pair of annotators has a value (neither")
    assert "Fleiss κ: every annotator gave every token the same category;" in note
    assert "dok_é" not in note


def test_the_line_of_figures_says_why_a_figure_is_undefined(qtbot, monkeypatch, tmp_path):
    def nobody(path: str) -> Annotations:
        return Annotations(path, "test", [text_document(n, t) for n, t in TEXTS.items()], [])

    window = measured(opened(qtbot, monkeypatch, tmp_path, ("anna.tsv", "ben.tsv"), nobody), qtbot)
    line = window.summary.text()
    assert "Fleiss' κ undefined (every annotator gave every token the same category)" in line
    assert "αu undefined (no pair" not in line and "αu undefined (no annotator marked a span" in line


def test_the_documents_line_names_three_documents_and_counts_the_rest():
    from gui.agreement_reasons import documents_line

    doc = {"span_f1": {"labelled": {"mean": None}}, "alpha_u": {"overall": 0.5},
           "token": {"cohen_kappa": {"mean": 0.5}, "fleiss_kappa": 0.5, "krippendorff_alpha": 0.5},
           "undefined": {"/span_f1/labelled/mean": "no pair"}}  # fmt: skip
    line = documents_line({f"d{k}": doc for k in range(5)})
    assert line.startswith("Undefined (grey): d0 (F1 (mean): no pair), d1 (F1 (mean): no pair), d2 (F1 (mean): "
                           "no pair) and 2 other documents.")  # fmt: skip
