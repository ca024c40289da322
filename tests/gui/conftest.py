"""Fixtures of the app's tests: a window with its own settings file, dialogs intercepted
(a test never blocks on a modal dialog), and the toy method registered on demand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

import engine.methods as methods
from gui import dialogs, worker
from gui.main_window import MainWindow
from gui.resources import example_inputs


class Dialogs:
    """What the app would have shown in dialogs."""

    def __init__(self) -> None:
        self.input_errors: list[tuple[str, str]] = []  # (what stopped, the message as the dialog words it)
        self.crashes: list[tuple[str, str]] = []  # (summary, details)
        self.messages: list[tuple[str, str]] = []
        self.questions: list[str] = []
        self.answer = True
        self.switches: list[tuple[str, list[str]]] = []  # (message, methods offered)
        self.switch_to: str | None = None  # the method the user picks when a switch is offered


@pytest.fixture(autouse=True)
def shown(monkeypatch) -> Dialogs:
    record = Dialogs()
    monkeypatch.setattr(dialogs, "show_input_error", lambda parent, err, doing="", controls=None:
                        record.input_errors.append((doing, dialogs.input_error_text(err, controls))))  # fmt: skip
    monkeypatch.setattr(
        dialogs, "show_crash", lambda parent, summary, details: record.crashes.append((summary, details))
    )
    monkeypatch.setattr(
        dialogs, "show_message", lambda parent, text, info="": record.messages.append((text, info))
    )
    monkeypatch.setattr(
        dialogs, "show_about", lambda parent: record.messages.append(("about", dialogs.about_text()))
    )

    def ask(parent: Any, question: str, informative: str = "") -> bool:
        record.questions.append(question)
        return record.answer

    monkeypatch.setattr(dialogs, "ask", ask)

    def offer_switch(parent: Any, err: Any) -> str | None:
        record.switches.append((str(err), list(err.readers)))
        return record.switch_to

    monkeypatch.setattr(dialogs, "offer_switch", offer_switch)
    return record


@pytest.fixture
def settings_file(tmp_path) -> Path:
    return tmp_path / "settings.ini"


def open_window(qtbot, settings_file: Path) -> MainWindow:
    window = MainWindow(QSettings(str(settings_file), QSettings.Format.IniFormat))
    # Work still running when the test ends is waited for (a timeout fails the test): Qt
    # would abort the whole run if the window were deleted under it.
    qtbot.addWidget(window, before_close_func=lambda w: wait_idle(qtbot, w))
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def window(qtbot, settings_file) -> Iterator[MainWindow]:
    win = open_window(qtbot, settings_file)
    yield win
    win.close()


def wait_idle(qtbot, window: MainWindow, timeout: int = 20_000) -> None:
    qtbot.waitUntil(lambda: window.idle, timeout=timeout)


def wait_no_thread(qtbot, timeout: int = 20_000) -> None:
    """Wait until no worker thread of any window runs (a first start's looks at the example)."""
    qtbot.waitUntil(lambda: not worker._running, timeout=timeout)


def evaluate(qtbot, window: MainWindow, *args: Any, **kwargs: Any) -> None:
    """Evaluate and wait until the run has ended."""
    assert window.evaluate(*args, **kwargs)
    wait_idle(qtbot, window)


@pytest.fixture
def toy_window(toy, qtbot, settings_file) -> Iterator[MainWindow]:
    """A window whose method list includes the toy method."""
    win = open_window(qtbot, settings_file)
    win.setup.set_method("toy")
    yield win
    win.close()


@pytest.fixture
def example() -> tuple[str, str, str]:
    return example_inputs()


@pytest.fixture
def toy() -> Iterator[Any]:
    from .toy_method import Toy

    methods._load_builtins()
    methods.register(Toy)
    yield methods._REGISTRY["toy"]
    methods._REGISTRY.pop("toy", None)
