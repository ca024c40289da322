"""A notice with a long note (Make Gold's rows settled by majority) stays a few lines high
at 1280×720: its words scroll inside it, and the tables beside and below keep their rows."""

from __future__ import annotations

from pathlib import Path

from .conftest import evaluate
from .test_first_look import rows_seen

#: What Make Gold says after settling rows by majority (gui/adjudication.py): the summary
#: names the file again, the warning lists the rows.
NOTE = (
    "4 spans in 3 documents written to /home/anna/summer school/round two/gold-made.jsonl. "
    "3 undecided rows settled by majority (a tie keeps no span): R6 → PERSON, R7 → none, R8 → PERSON"
)


def test_a_long_note_leaves_the_tables_their_rows_at_1280_by_720(qtbot, window, tmp_path):
    window.resize(1264, 672)  # what the app takes of a 1280×720 screen (geometry.FRAME less)
    qtbot.waitUntil(lambda: window.width() <= 1264 and window.height() <= 672)
    evaluate(qtbot, window)
    window.say_written([Path("/home/anna/summer school/round two/gold-made.jsonl")], NOTE)
    assert window.notice.isVisible() and NOTE.split(". ")[1] in window.notice.text.text()
    headline, per_label = list(window.tabs.widget(0).views.values())[:2]
    qtbot.waitUntil(lambda: per_label.isVisible())
    lines = window.notice.fontMetrics().lineSpacing()
    assert window.notice.height() < 4 * lines + 12  # three lines and the margins (was 122 pixels)
    assert rows_seen(headline) == 2 and rows_seen(per_label) >= 3  # was 2 and 2 (1 and 1 on a screen)


def test_a_notice_said_again_is_as_high_as_its_new_lines(qtbot, window, tmp_path):
    window.resize(1350, 720)
    evaluate(qtbot, window)
    window.say_written([tmp_path / f"{name}.csv" for name in ("errors", "overall")])  # one line
    qtbot.waitUntil(lambda: window.notice.isVisible())
    folder = Path("/home/anna/summer school/round two/adjudication-gold")
    window.say_written([folder / f"doc{i}.ann" for i in range(24)], NOTE)
    lines = window.notice.lines
    needed = min(window.notice.text.heightForWidth(lines.viewport().width()), lines.most())
    qtbot.waitUntil(lambda: lines.viewport().height() >= needed)  # was a line and a half: the folder cut
