"""The app on the original tools' files that hold labelled spans: dropping a CD-SCO file
shows its format and its labels (cue, scope, event), and the method list offers the
methods that read it (starsem, and spans and nervaluate through the span reader): the
others' tooltips say why they cannot."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gui.setup_panel import described
from tests.engine.test_original_formats_as_spans import CDSCO


def test_dropping_a_cdsco_file_shows_its_labels_and_readers(qtbot, window, tmp_path):
    path = tmp_path / "gold.txt"
    path.write_text(CDSCO, encoding="utf-8")
    setup = window.setup
    setup.set_method("spans")
    with qtbot.waitSignal(setup.contents_read, timeout=20_000, check_params_cb=lambda side: side == "gold"):
        setup.set_paths(str(path), str(path))
    status = setup.fields["gold"].status.text()
    assert "CD-SCO" in status and "labels: cue, scope, event" in status
    box = setup.method_box
    tips = {box.itemData(row): box.itemData(row, Qt.ItemDataRole.ToolTipRole) for row in range(box.count())}
    readers = {name for name, method in setup.methods.items() if tips[name] == described(method)}
    assert {"spans", "nervaluate", "starsem"} <= readers  # the others' tooltips say why not
    assert not {"poetry", "propara", "faireval"} & readers
