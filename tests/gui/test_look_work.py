"""A look at a chosen file does only the work that is shown: at once (a small file, on the
UI thread) the refusals of its own side; on a worker the refusals of both sides (gold and
system the same file: one look serves both boxes)."""

from __future__ import annotations

import pytest

import gui.setup_panel

from .test_file_choices import DOCCANO, TSV


@pytest.fixture
def judged(monkeypatch) -> list[str]:
    """The sides whose refusals were worked out, in order."""
    sides: list[str] = []
    real = gui.setup_panel.refusals

    def counted(methods, side, look):
        sides.append(side)
        return real(methods, side, look)

    monkeypatch.setattr(gui.setup_panel, "refusals", counted)
    return sides


def test_a_small_files_look_works_out_its_own_sides_refusals_only(qtbot, window, judged):
    setup = window.setup
    setup.set_method("starsem")
    setup.fields["gold"].set_path(DOCCANO)
    setup.fields["system"].set_path(TSV)
    assert judged == ["gold", "system"]
    assert "looks like doccano JSONL" in setup.fields["gold"].error_text  # the gold's, as before
    assert set(setup.refusals) == {"gold", "system"}


def test_a_workers_look_serves_both_sides(qtbot, window, judged, monkeypatch):
    monkeypatch.setattr(gui.setup_panel, "LARGE_INPUT", 10)
    setup = window.setup
    setup.set_method("starsem")
    setup.set_paths(DOCCANO, DOCCANO)
    qtbot.waitUntil(lambda: not setup.looking, timeout=20_000)
    assert sorted(judged) == ["gold", "system"]  # one look, both sides judged once
    assert "looks like doccano JSONL" in setup.fields["system"].error_text
