"""Cancel answers at once: the button disables and the status says "Cancelling…" until the
work has stopped (which it does only at its next progress report), then "Cancelled.",
which stays until the next run."""

from __future__ import annotations

import threading

from .conftest import evaluate, wait_idle


def _start_stubborn_work(window, title: str = "Working") -> threading.Event:
    """Work that looks at its cancellation only once `release` is set (a long step)."""
    release = threading.Event()

    def job(progress):
        release.wait(10)
        progress.update(0.5, "still reading", force=True)
        progress.check()

    assert window.run_task(title, job, lambda _: None, title)
    return release


def test_cancel_disables_itself_and_says_cancelling_until_the_work_stops(qtbot, window):
    release = _start_stubborn_work(window)
    window.cancel_action.trigger()
    assert not window.cancel_action.isEnabled() and not window.setup.cancel_button.isEnabled()
    assert window.statusBar().currentMessage() == "Cancelling…"
    qtbot.wait(300)
    assert window.busy and window.statusBar().currentMessage() == "Cancelling…"
    release.set()
    wait_idle(qtbot, window)
    assert window.statusBar().currentMessage() == "Cancelled."


def test_cancelled_stays_until_the_next_run(qtbot, window):
    release = _start_stubborn_work(window)
    window.setup.cancel_button.click()
    release.set()
    wait_idle(qtbot, window)
    qtbot.wait(5500)  # longer than a passing message stays
    assert window.statusBar().currentMessage() == "Cancelled."
    evaluate(qtbot, window)
    assert window.statusBar().currentMessage() != "Cancelled."
    assert window.cancel_action.isEnabled() is False and window.evaluate_action.isEnabled()


def test_a_cancelled_export_says_that_nothing_was_written(qtbot, window):
    """Exports are written all or none: after Cancel the status says so, as the Agreement
    window's does (no half-written workbook to look for)."""
    release = _start_stubborn_work(window, "Writing the workbook")
    window.cancel_action.trigger()
    release.set()
    wait_idle(qtbot, window)
    assert window.statusBar().currentMessage() == "Cancelled: nothing was written."


def test_the_focus_goes_from_evaluate_to_cancel_and_back(qtbot, window):
    """Evaluate, pressed from the keyboard, hands the focus to Cancel while the work runs
    (Space stops it) and takes it back when the work ends."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.setup.evaluate_button.setFocus()
    qtbot.waitUntil(window.setup.evaluate_button.hasFocus)
    release = _start_stubborn_work(window)
    assert window.setup.cancel_button.hasFocus()
    release.set()
    wait_idle(qtbot, window)
    assert window.setup.evaluate_button.hasFocus()


def test_the_focus_cancel_loses_while_cancelling_comes_back_to_evaluate(qtbot, window):
    """Cancel, pressed from the keyboard, disables itself (Qt moves the focus on): once the
    work has stopped, Evaluate has the focus, not whatever control Qt moved it to."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.setup.evaluate_button.setFocus()
    qtbot.waitUntil(window.setup.evaluate_button.hasFocus)
    release = _start_stubborn_work(window)
    window.setup.cancel_button.click()  # it has the focus (the test above)
    assert not window.setup.cancel_button.hasFocus() and not window.setup.evaluate_button.hasFocus()
    release.set()
    wait_idle(qtbot, window)
    assert window.setup.evaluate_button.hasFocus()


def test_the_focus_comes_back_however_the_buttons_are_updated_until_the_run_has_stopped(qtbot, window):
    """The window updates its actions whenever it likes: between "cancelled" and the run's
    end (cancelling over, the run not yet cleared) too; Evaluate still gets the focus back."""
    setup = window.setup
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    setup.set_running(True)
    setup.cancel_button.setFocus()
    qtbot.waitUntil(setup.cancel_button.hasFocus)
    for running, cancelling in ((True, True), (True, True), (True, False), (False, False)):
        setup.set_running(running, cancelling)
    assert setup.evaluate_button.hasFocus() and not setup.cancel_button.isEnabled()
    setup.set_running(True)
    setup.set_running(False)  # a run that ended well: the focus Cancel took goes back
    assert setup.evaluate_button.hasFocus()
