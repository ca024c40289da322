"""The mouse wheel over the Setup panel scrolls it: a drop-down or a spin box the pointer
passes over keeps its value unless a click or Tab gave it the focus (gui/wheel.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QWidget

from gui import wheel


def _turn(widget: QWidget, steps: int = -1) -> QWheelEvent:
    """A wheel turn over the middle of a widget (down for a negative count); the event."""
    middle = QPointF(widget.rect().center())
    event = QWheelEvent(
        middle, QPointF(widget.mapToGlobal(middle)), QPoint(), QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False,
    )  # fmt: skip
    QApplication.sendEvent(widget, event)
    return event


def test_the_wheel_leaves_the_options_it_passes_over_as_they_are(window):
    setup = window.setup
    setup.set_method("poetry")
    weight = setup.panel.editors["partial_match_weight"].spin
    before = weight.value()
    event = _turn(weight)
    assert weight.value() == before and not event.isAccepted()  # left to the scroll area
    setup.set_method("spans")
    combo = setup.panel.editors["format"].combo
    assert combo.currentText() == "(not set)"
    _turn(combo)
    _turn(setup.method_box)
    assert combo.currentText() == "(not set)" and setup.method.name == "spans"
    assert setup.panel.options() == setup.method.Options()


def test_a_control_with_the_focus_still_takes_the_wheel(qtbot, window):
    combo = window.setup.method_box
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    start = combo.currentIndex()
    _turn(combo)
    assert combo.currentIndex() > start


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the offscreen platform
def test_every_drop_down_and_spin_box_takes_the_focus_from_a_click_or_tab_only(window):
    window.open_agreement()
    for top in (window, window.agreement):
        controls = top.findChildren(QComboBox) + top.findChildren(QAbstractSpinBox)
        assert len(controls) >= 3
        for control in controls:
            control.ensurePolished()
            assert control.focusPolicy() == Qt.FocusPolicy.StrongFocus, control  # not WheelFocus


def test_the_app_makes_its_drop_downs_and_spin_boxes_of_the_guarded_kinds():
    """Nothing but gui/wheel.py makes a plain drop-down or spin box (nor derives one): a plain
    one would change its value as the wheel passed over it."""
    gui = Path(wheel.__file__).parent
    plain = re.compile(r"\bQ(ComboBox|SpinBox|DoubleSpinBox)\(")
    found = [f"{path.name}:{n}" for path in sorted(gui.glob("*.py")) if path.name != "wheel.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if plain.search(line)]  # fmt: skip
    assert found == []


def test_a_drop_down_made_editable_keeps_strong_focus(qtbot):
    """Qt's setEditable sets WheelFocus on macOS (the wheel would give it the focus and change
    it): the guarded drop-down keeps StrongFocus however it was set before."""
    box = wheel.GuardedComboBox()
    qtbot.addWidget(box)
    box.setFocusPolicy(Qt.FocusPolicy.WheelFocus)  # as macOS's setEditable leaves it
    box.setEditable(True)
    assert box.focusPolicy() == Qt.FocusPolicy.StrongFocus
