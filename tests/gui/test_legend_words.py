"""The viewer's legend names the selected error's frame in words: "▢ selected error" at the
end of the row beside the Document list looked like a checkbox, and clicking it did nothing."""

from __future__ import annotations

from gui.viewer import SideBySideViewer
from gui.viewer_data import ReportData
from gui.viewer_legend import Legend
from gui.viewer_palette import Palette

from .toy_method import ToyOptions, build


def test_the_legend_has_no_box_that_looks_like_a_checkbox(qtbot, tmp_path):
    (tmp_path / "g").write_text("x")
    viewer = SideBySideViewer()
    qtbot.addWidget(viewer)
    viewer.set_report(ReportData.build(build(str(tmp_path / "g"), str(tmp_path / "g"), ToyOptions())))
    legend = viewer.legend.text()
    assert "framed:\u00a0the selected error" in [entry.text for entry in viewer.legend.entries]
    assert "▢" not in legend and "☐" not in legend


def test_the_chip_of_untyped_tags_says_so_and_the_others_are_as_they_were(qtbot):
    """BioBERT's B, I, O tags are of the label '_': its chip, an underscore alone on its colour,
    was a line hard to see; it says '_ (no type)'. Other labels' chips are their names."""
    legend = Legend()
    qtbot.addWidget(legend)
    legend.resize(600, legend.height())  # room for the three
    palette = Palette(["_", "PER", "a_b"], [], [])
    legend.show_palette(palette)
    for chip, (label, colour) in zip(legend.chips, palette.labels.items(), strict=True):
        said = "_ (no type)" if label == "_" else label
        assert chip.text() == said and chip.autoFillBackground()
        assert chip.palette().color(chip.backgroundRole()) == colour
