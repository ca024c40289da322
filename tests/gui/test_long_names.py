"""Long names at 1280×720: 60-character labels, long file names and a long red message keep
the Setup panel within its width (its Browse buttons in view); fifty labels leave the
viewer its room, and the label filter leaves the search box its room."""

from __future__ import annotations

import json

from gui.errors_panel import FILTER_EMS
from gui.style import SHOWN_CHARS, elided
from gui.window_memory import SETUP_WIDTH

from .conftest import evaluate

LABELS = [f"LABEL_{n:02d}_" + "x" * 51 for n in range(50)]  # 60 characters each


def long_inputs(folder) -> tuple[str, str]:
    words = [f"w{n:03d}" for n in range(120)]  # each word 4 characters and a space
    text = " ".join(words)
    spans = [[10 * n, 10 * n + 4, label] for n, label in enumerate(LABELS)]  # every second word
    line = json.dumps({"id": 1, "text": text, "label": spans})
    paths = []
    for role in ("gold", "system"):
        path = folder / f"{role}_annotation_of_the_complete_correspondence_volume_one_2024_final.jsonl"
        path.write_text(line + "\n", encoding="utf-8")
        paths.append(str(path))
    return paths[0], paths[1]


def test_long_labels_names_and_messages_keep_the_setup_panel_whole(qtbot, window, tmp_path):
    window.resize(1280, 690)
    window.setup.set_method("spans")
    window.setup.set_paths(*long_inputs(tmp_path))
    gold = window.setup.fields["gold"]
    qtbot.waitUntil(lambda: "labels:" in gold.status.text())
    assert "LABEL_00_" in gold.status.text() and LABELS[0] not in gold.status.text()  # shortened
    gold.show_error(f"{gold.path}:1: expected a label, found {LABELS[0] * 2}")
    body = window.setup.scroll.widget()
    assert body.minimumSizeHint().width() <= SETUP_WIDTH  # nothing makes the panel wider
    qtbot.waitUntil(lambda: window.setup.scroll.viewport().width() >= body.minimumSizeHint().width())
    right = gold.button.mapTo(body, gold.button.rect().topRight()).x()
    assert right <= window.setup.scroll.viewport().width()  # Browse… in view
    assert gold.status.toolTip().endswith(LABELS[0] * 2)  # the whole message on hover


def test_fifty_labels_leave_the_viewer_and_the_search_box_their_room(qtbot, window, tmp_path):
    window.resize(1280, 690)
    evaluate(qtbot, window, "spans", *long_inputs(tmp_path))
    legend = window.viewer.legend
    qtbot.waitUntil(lambda: "LABEL_49" in legend.text())
    qtbot.wait(800)  # the layout settled
    assert legend.height() <= 2 * legend.fontMetrics().lineSpacing()  # one line (it was three)
    assert legend.more.isVisible() and legend.hidden()  # the rest under "+N more"
    pane = window.viewer.panes["gold"]
    assert pane.height() >= 8 * pane.fontMetrics().lineSpacing()
    errors = window.errors
    assert errors.label_filter.width() <= errors.fontMetrics().horizontalAdvance("m") * FILTER_EMS
    assert errors.search.width() >= errors.label_filter.width()


def test_a_long_name_keeps_its_start_and_end():
    assert elided("LOC") == "LOC"
    short = elided(LABELS[7])
    assert len(short) == SHOWN_CHARS and short.startswith("LABEL_07_") and short.endswith("x") and "…" in short
