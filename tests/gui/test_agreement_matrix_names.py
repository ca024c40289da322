"""The pair matrix tells twenty annotators apart: numbers over its columns, the number with
the name on each row, the whole name as every header's tooltip; five keep their names."""

from __future__ import annotations

from PySide6.QtWidgets import QTableWidget

from gui.agreement_views import NAMED_COLUMNS, fit_names, header_texts, name_headers


def test_twenty_annotators_get_numbered_columns_and_named_rows(qtbot):
    names = [f"{n % 2}-annotator-{n:02d}-a" for n in range(20)]  # cut alike: "0…a", "1…a"
    matrix = QTableWidget(20, 20)
    qtbot.addWidget(matrix)
    fit_names(matrix)
    name_headers(matrix, names)
    columns = [matrix.horizontalHeaderItem(i).text() for i in range(20)]
    rows = [matrix.verticalHeaderItem(i).text() for i in range(20)]
    assert columns == [str(n) for n in range(1, 21)]
    assert rows == [f"{n}  {name}" for n, name in enumerate(names, start=1)]
    tips = {matrix.horizontalHeaderItem(i).toolTip() for i in range(20)}
    assert tips == set(names) and all(matrix.verticalHeaderItem(i).toolTip() == names[i] for i in range(20))


def test_a_few_annotators_keep_their_names_over_the_columns():
    names = ["ben@example.org", "cara@example.org", "dan@example.org", "eve@example.org", "fay@example.org"]
    assert len(names) == NAMED_COLUMNS
    assert header_texts(names) == [(name, name) for name in names]
