"""The viewer's legend names the selected error's frame in words: "▢ selected error" at the
end of the row beside the Document list looked like a checkbox, and clicking it did nothing."""

from __future__ import annotations

from gui.viewer import SideBySideViewer
from gui.viewer_data import ReportData

from .toy_method import ToyOptions, build


def test_the_legend_has_no_box_that_looks_like_a_checkbox(qtbot, tmp_path):
    (tmp_path / "g").write_text("x")
    viewer = SideBySideViewer()
    qtbot.addWidget(viewer)
    viewer.set_report(ReportData.build(build(str(tmp_path / "g"), str(tmp_path / "g"), ToyOptions())))
    legend = viewer.legend.text()
    assert "framed:&nbsp;the selected error" in legend
    assert "▢" not in legend and "☐" not in legend
