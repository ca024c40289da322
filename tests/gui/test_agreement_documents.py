"""The Agreement window's Documents table: what it shows of each document's figures (the
engine's, as the report's data holds them), its colours and tooltips, and its order worst αu
first and after a click on a column's header; pinned as the table of QTableWidgetItems
showed them, now a model whose cells are made when a view asks for them."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QTableView, QTableWidget

from engine.agreement.measures import pointer
from gui.agreement_reasons import DOCUMENT_FIGURES
from gui.agreement_window import AgreementWindow
from gui.models import SAMPLED_ROWS

NONE_MARKED = "neither annotator marked a span"
SAME = "every annotator gave every token the same category"


def document(f1, kappa, fleiss, alpha, alpha_u, annotators=("anna", "ben"), undefined=None) -> dict:
    """A document's figures as the report's per_document data holds them."""
    return {
        "annotators": list(annotators),
        "span_f1": {"labelled": {"mean": f1}},
        "token": {"cohen_kappa": {"mean": kappa}, "fleiss_kappa": fleiss, "krippendorff_alpha": alpha},
        "alpha_u": {"overall": alpha_u},
        "undefined": undefined or {},
    }


#: Names of code points a plain sort and a sort ignoring case order apart; ties in every figure.
DOCS = {
    "b": document(0.5, 0.25, 0.1, 0.2, 0.3),
    "a9": document(
        0.5,
        None,
        None,
        0.2,
        0.3,
        undefined={
            pointer(("token", "cohen_kappa", "mean")): "no pair of annotators has a value",
            pointer(("token", "cohen_kappa", "pairwise", "anna", "ben")): SAME,
            pointer(("token", "fleiss_kappa")): SAME,
        },
    ),
    "Z": document(1.0, 1.0, 1.0, 1.0, -0.2, annotators=("anna", "ben", "cara")),
    "é": document(
        None,
        0.0,
        0.0,
        -0.5,
        None,
        undefined={
            pointer(("span_f1", "labelled", "mean")): "no pair of annotators has a value",
            pointer(("alpha_u", "overall")): NONE_MARKED,
        },
    ),
    "a10": document(0.75, 0.25, 0.125, 0.2, 0.3),
    "c": document(0.123456, -0.3333, 0.1, 0.9999, 0.0),
}


def shown(window: AgreementWindow) -> list[list[tuple]]:
    """Each row as shown: each cell's text, background, foreground and tooltip."""
    model = window.documents.model()
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ForegroundRole,
             Qt.ItemDataRole.ToolTipRole)  # fmt: skip
    return [[tuple(colour_name(model.index(row, column).data(role)) for role in roles)
             for column in range(model.columnCount())] for row in range(model.rowCount())]  # fmt: skip


def colour_name(value):
    """A brush or colour by its name; other data as it is (no tooltip: "")."""
    if hasattr(value, "color"):
        value = value.color()
    if hasattr(value, "name"):
        return value.name()
    return value or ""


def names(window: AgreementWindow) -> list[str]:
    model = window.documents.model()
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def click_header(window: AgreementWindow, qtbot, column: int) -> None:
    header = window.documents.horizontalHeader()
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2))


def filled(qtbot) -> AgreementWindow:
    window = AgreementWindow()
    qtbot.addWidget(window)
    window.resize(1000, 600)
    window.show()
    window.tabs.setCurrentIndex(1)
    window.data = {"per_document": DOCS}
    window.show_documents()
    return window


GREY, BLACK = "#d0d0d0", "#000000"
#: The rows as the table of QTableWidgetItems showed them (each cell's text, background,
#: foreground, tooltip), worst αu first: ties in the order of the names, last first; a name
#: now whole in its tooltip (review66 F1: its column is fitted to a sample of the rows).
ROWS = [
    [("Z", "", "", "Z"), ("anna, ben, cara", "", "", "anna, ben, cara"), ("1.000", "#8cff8c", BLACK, ""),
     ("1.000", "#8cff8c", BLACK, ""), ("1.000", "#8cff8c", BLACK, ""), ("1.000", "#8cff8c", BLACK, ""),
     ("-0.200", "#ff8c8c", BLACK, "")],
    [("c", "", "", "c"), ("anna, ben", "", "", "anna, ben"), ("0.123", "#ffa98c", BLACK, ""),
     ("-0.333", "#ff8c8c", BLACK, ""), ("0.100", "#ffa38c", BLACK, ""), ("1.000", "#8cff8c", BLACK, ""),
     ("0.000", "#ff8c8c", BLACK, "")],
    [("b", "", "", "b"), ("anna, ben", "", "", "anna, ben"), ("0.500", "#ffff8c", BLACK, ""),
     ("0.250", "#ffc68c", BLACK, ""), ("0.100", "#ffa38c", BLACK, ""), ("0.200", "#ffba8c", BLACK, ""),
     ("0.300", "#ffd18c", BLACK, "")],
    [("a9", "", "", "a9"), ("anna, ben", "", "", "anna, ben"), ("0.500", "#ffff8c", BLACK, ""),
     ("undefined", GREY, BLACK, f"Undefined: no pair of annotators has a value ({SAME})."),
     ("undefined", GREY, BLACK, f"Undefined: {SAME}."), ("0.200", "#ffba8c", BLACK, ""),
     ("0.300", "#ffd18c", BLACK, "")],
    [("a10", "", "", "a10"), ("anna, ben", "", "", "anna, ben"), ("0.750", "#c6ff8c", BLACK, ""),
     ("0.250", "#ffc68c", BLACK, ""), ("0.125", "#ffa98c", BLACK, ""), ("0.200", "#ffba8c", BLACK, ""),
     ("0.300", "#ffd18c", BLACK, "")],
    [("é", "", "", "é"), ("anna, ben", "", "", "anna, ben"),
     ("undefined", GREY, BLACK, "Undefined: no pair of annotators has a value."),
     ("0.000", "#ff8c8c", BLACK, ""), ("0.000", "#ff8c8c", BLACK, ""), ("-0.500", "#ff8c8c", BLACK, ""),
     ("undefined", GREY, BLACK, f"Undefined: {NONE_MARKED}.")],
]  # fmt: skip


def test_the_documents_table_shows_the_figures_worst_alpha_u_first(qtbot):
    window = filled(qtbot)
    assert shown(window) == ROWS
    model = window.documents.model()
    titles = [model.headerData(k, Qt.Orientation.Horizontal) for k in range(model.columnCount())]
    assert titles == ["Document", "Annotators", "F1 (mean)", "Cohen κ (mean)", "Fleiss κ", "α", "αu"]
    tips = [model.headerData(k, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) for k in range(7)]
    assert tips[:2] == [None, None] and tips[4].startswith("Fleiss' κ: as Cohen's κ")
    assert [model.headerData(k, Qt.Orientation.Vertical) for k in range(6)] == [1, 2, 3, 4, 5, 6]


def test_a_click_on_a_header_sorts_as_the_table_of_items_did(qtbot):
    """Numbers by value, undefined last (first, descending); names by code unit (Z before a,
    a10 before a9, é last); equal keys in the order shown before the click; measured again,
    worst αu first, its ties in the order of the column sorted last."""
    window = filled(qtbot)
    clicks = {2: ["c", "b", "a9", "a10", "Z", "é"], -2: ["é", "Z", "a10", "b", "a9", "c"],
              0: ["Z", "a10", "a9", "b", "c", "é"], 1: ["a10", "a9", "b", "c", "é", "Z"],
              3: ["c", "é", "a10", "b", "Z", "a9"]}  # fmt: skip
    for column, order in clicks.items():
        click_header(window, qtbot, abs(column))
        assert names(window) == order, column
    window.show_documents()
    assert names(window) == ["Z", "c", "b", "a10", "a9", "é"]


def test_the_chosen_cell_follows_its_document_and_copies_its_text(qtbot):
    window = filled(qtbot)
    table = window.documents
    table.setCurrentIndex(table.model().index(3, 4))  # a9's Fleiss κ
    click_header(window, qtbot, 0)
    current = table.currentIndex()
    assert (current.row(), current.column()) == (2, 4) and names(window)[2] == "a9"
    assert table.selectionModel().selectedIndexes() == [current]
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text() == "undefined"


def test_the_documents_are_a_model_no_item_per_figure(qtbot):
    """20,704 documents made 145,000 QTableWidgetItems on the UI thread (1.6 s of its CPU):
    the table is a view of a model whose cells are made when shown; none is editable."""
    window = filled(qtbot)
    assert isinstance(window.documents, QTableView) and not isinstance(window.documents, QTableWidget)
    model = window.documents.model()
    assert not model.flags(model.index(0, 2)) & Qt.ItemFlag.ItemIsEditable


def test_the_columns_are_fitted_to_a_sample_of_the_rows(qtbot, monkeypatch):
    """Each cell measured is a call of Python per role (1,000 rows of 7 columns: 104 ms of
    the UI thread): the columns are fitted to SAMPLED_ROWS rows, as the Scores tables."""
    window = filled(qtbot)
    model, asked = window.documents.model(), []
    figure_data = model.figure_data
    monkeypatch.setattr(
        model, "figure_data", lambda doc, parts, role: asked.append(1) or figure_data(doc, parts, role)
    )
    window.data = {"per_document": {f"d{n}": DOCS["b"] for n in range(1000)}}
    window.show_documents()
    assert 0 < len(asked) <= 2 * len(DOCUMENT_FIGURES) * SAMPLED_ROWS  # its text and its colour


def test_a_long_name_is_elided_in_the_middle_and_whole_in_its_tooltip(qtbot):
    """A name longer than the column fitted to the first rows, or than NAME_CHARS characters,
    shows its start and end, and whole in its tooltip; the figures stay in view (review66 F1, F2)."""
    from gui.agreement_documents import NAME_CHARS

    window = filled(qtbot)
    long = "the_complete_correspondence_of_sherlock_holmes_and_doctor_watson_volume_two_1881_to_1891.conll"
    window.data = {"per_document": {**{f"d{n:03d}": DOCS["b"] for n in range(150)}, long: DOCS["Z"]}}
    window.show_documents()
    table = window.documents
    assert table.textElideMode() == Qt.TextElideMode.ElideMiddle
    row = names(window).index(long)
    assert table.model().index(row, 0).data(Qt.ItemDataRole.ToolTipRole) == long
    assert table.columnWidth(0) <= NAME_CHARS * table.fontMetrics().averageCharWidth()
    window.data = {"per_document": {long: DOCS["Z"], **DOCS}}
    window.show_documents()
    assert table.columnWidth(0) == NAME_CHARS * table.fontMetrics().averageCharWidth()  # no wider
