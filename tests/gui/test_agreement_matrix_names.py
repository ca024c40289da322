"""The pair matrix tells twenty annotators apart: numbers over its columns, the number with
the name on each row, the whole name as every header's tooltip, as written (a name that
looks like markup is not taken as HTML); five keep their names."""

from __future__ import annotations

from PySide6.QtWidgets import QTableWidget

from gui.agreement_views import NAMED_COLUMNS, fit_names, header_texts, name_headers
from tests.gui.test_legend import shown_text


def test_twenty_annotators_get_numbered_columns_and_named_rows(qtbot):
    names = [f"{n % 2}-annotator-{n:02d}-a" for n in range(18)]  # cut alike: "0…a", "1…a"
    names += ["<s>struck</s>-annotator-a", "r&amp;d <b>team</b> annotator"]  # names as files give them
    matrix = QTableWidget(20, 20)
    qtbot.addWidget(matrix)
    fit_names(matrix)
    name_headers(matrix, names)
    columns = [matrix.horizontalHeaderItem(i).text() for i in range(20)]
    rows = [matrix.verticalHeaderItem(i).text() for i in range(20)]
    assert columns == [str(n) for n in range(1, 21)]
    assert rows == [f"{n}  {name}" for n, name in enumerate(names, start=1)]
    tips = [matrix.horizontalHeaderItem(i).toolTip() for i in range(20)]
    assert [shown_text(tip) for tip in tips] == names  # was '<s>' taken as HTML: "struck" struck through
    assert all(shown_text(matrix.verticalHeaderItem(i).toolTip()) == names[i] for i in range(20))
    assert tips[:18] == names[:18]  # a plain name is its own tooltip


def test_a_few_annotators_keep_their_names_over_the_columns():
    names = ["ben@example.org", "cara@example.org", "dan@example.org", "eve@example.org", "fay@example.org"]
    assert len(names) == NAMED_COLUMNS
    assert header_texts(names) == [(name, name) for name in names]
