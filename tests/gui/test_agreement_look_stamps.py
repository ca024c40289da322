"""The Agreement window's Layer/Feature look keys each input on its stamp (gui/stamps.py):
a file edited inside a listed folder is looked at again at the next change, an option
that has nothing to do with the files reads none again, and the stamps are taken on the
look queue, never on the UI thread (a folder's stamp is every file's under it)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

import gui.agreement_choices as choices
from gui.agreement_reading import SETTLE_MS
from tests.gui.test_agreement_reading import TOKENS, agreement_of, offered, set_option, tsv

FILES = 50  # an annotator's folder of this many files


@pytest.fixture
def folders(tmp_path) -> list[str]:
    """Two annotators' folders of WebAnno TSV files (the first file's layers are the folder's)."""
    paths = []
    for name in ("anna", "ben"):
        folder = tmp_path / name
        folder.mkdir()
        for number in range(FILES):
            (folder / f"{number:02}.tsv").write_text(tsv(TOKENS[name]), encoding="utf-8")
        paths.append(str(folder))
    return paths


def settled(agreement, window) -> bool:
    return not agreement.reading.choices._later.isActive() and not window.setup.looking


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the offscreen platform
def test_an_edit_inside_a_listed_folder_is_looked_at_again(qtbot, window, folders):
    agreement = agreement_of(qtbot, window)
    agreement.add_paths(folders)
    qtbot.waitUntil(lambda: offered(agreement, "layer") == ["a.Pos", "b.Chunk"], timeout=20_000)
    first = Path(folders[0]) / "00.tsv"
    first.write_text(tsv(TOKENS["anna"]).replace("#T_SP=a.Pos|tag", "#T_SP=a.Lemma|value"), encoding="utf-8")
    set_option(agreement, "missing_label", "Flag")
    qtbot.waitUntil(lambda: offered(agreement, "layer") == ["a.Lemma", "b.Chunk", "a.Pos"], timeout=20_000)


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the offscreen platform
def test_an_option_edit_stamps_off_the_ui_thread_and_reads_nothing_unchanged(qtbot, monkeypatch, window, folders):
    stamped: list[threading.Thread] = []
    read: list[str] = []
    stamp, contents = choices.stamp, choices.read_contents
    monkeypatch.setattr(choices, "stamp", lambda path: stamped.append(threading.current_thread()) or stamp(path))
    monkeypatch.setattr(choices, "read_contents", lambda path, options, format, looked:
                        read.append(path) or contents(path, options, format, looked))  # fmt: skip
    agreement = agreement_of(qtbot, window)
    agreement.add_paths(folders)
    qtbot.waitUntil(lambda: len(read) == 2 and settled(agreement, window), timeout=20_000)
    before = len(stamped)
    set_option(agreement, "missing_label", "Flag")
    set_option(agreement, "layer", "b.Chunk")
    qtbot.waitUntil(lambda: len(stamped) > before and settled(agreement, window), timeout=20_000)
    assert sorted(read) == sorted(folders)  # each read once: neither edit changed a file
    assert stamped and threading.main_thread() not in stamped


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the offscreen platform
def test_stamps_asked_before_every_row_went_offer_nothing(qtbot, window, folders):
    agreement = agreement_of(qtbot, window)
    for folder in folders:
        agreement.add_row(folder, None)
    agreement.reading.choices.look()  # the stamps of both asked
    agreement.paths.clear()
    agreement.reading.choices.look()  # none listed: nothing asked, and the earlier ask out of date
    qtbot.waitUntil(lambda: settled(agreement, window), timeout=20_000)
    assert offered(agreement, "layer") == [] and agreement.reading.choices.wanted == {}


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the offscreen platform
def test_quick_edits_start_one_look_and_a_layer_chosen_offers_its_features_at_once(qtbot, monkeypatch,
                                                                                    window, folders):  # fmt: skip
    """Each walk stamps every file of every folder listed: the edits of a moment (an arrow key
    held on a number) are looked at once they rest; what is known is offered at once."""
    jobs: list[list[str]] = []
    stamps_job = choices.stamps_job
    monkeypatch.setattr(choices, "stamps_job", lambda paths: jobs.append(paths) or stamps_job(paths))
    agreement = agreement_of(qtbot, window)
    agreement.add_paths(folders)
    qtbot.waitUntil(lambda: offered(agreement, "layer") == ["a.Pos", "b.Chunk"] and settled(agreement, window),
                    timeout=20_000)  # fmt: skip
    assert len(jobs) == 1
    set_option(agreement, "layer", "b.Chunk")
    assert offered(agreement, "feature") == ["kind", "value"]  # the look of the listing knows them
    for value in (1, 2, 3):
        set_option(agreement, "tag_column", value)
    qtbot.waitUntil(lambda: len(jobs) == 2 and settled(agreement, window), timeout=20_000)
    qtbot.wait(2 * SETTLE_MS)  # nothing more waits
    assert len(jobs) == 2 and jobs[1] == folders


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the offscreen platform
def test_closing_the_window_stops_the_look_waiting(qtbot, monkeypatch, window, folders):
    """An option edited, then the window closed (hidden) before the edits rest: no walk of
    the listed folders for the drop-downs of a window no one sees."""
    jobs: list[list[str]] = []
    stamps_job = choices.stamps_job
    monkeypatch.setattr(choices, "stamps_job", lambda paths: jobs.append(paths) or stamps_job(paths))
    agreement = agreement_of(qtbot, window)
    agreement.add_paths(folders)
    qtbot.waitUntil(lambda: len(jobs) == 1 and settled(agreement, window), timeout=20_000)
    set_option(agreement, "tag_column", 2)
    agreement.close()
    qtbot.wait(2 * SETTLE_MS)
    assert len(jobs) == 1 and settled(agreement, window)
