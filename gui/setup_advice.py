"""The method's note on the options for the gold input (Method.advice), under the file
boxes, with a button setting the options as it says: a part of SetupPanel kept in a module
of its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QLabel, QPushButton

from engine.errors import InputError
from engine.methods import Advice, Method

from .look_queue import Asked, Wanted
from .setup_looks import advice_on, advises

if TYPE_CHECKING:
    from .inputs import FileField
    from .options_panel import OptionsPanel


class SetupAdvice:
    """The method's note on the options (mixed into SetupPanel)."""

    advice: QLabel
    advice_button: QPushButton
    fields: dict[str, FileField]
    _advised: Advice | None
    _latest: dict[str, int]
    options_changed: Any  # a Signal
    method: Method
    panel: OptionsPanel
    _newest: Callable[[str], int]
    _is_newest: Callable[[str, int], Wanted]
    _look_at: Callable[..., None]

    def refresh_advice(self) -> None:
        """Find the method's note on the options for the gold input: at once, or on a
        worker where the file is large (no note meanwhile)."""
        method, gold, number = self.method, self.fields["gold"].path, self._newest("advice")
        try:
            options = self.panel.options()
        except (InputError, OSError):
            options = None

        if options is None or not advises(method):
            self._advice_found(number, None)
            return

        def job(_progress: Any = None) -> Advice | None:
            return advice_on(method, gold, options)

        def shown(advice: Advice | None) -> None:
            self._advice_found(number, advice)

        title, wanted = "Looking at the gold file", self._is_newest("advice", number)
        self._look_at(Asked(("advice", number), title, job, wanted, about=gold), shown, None,
                      failed=lambda _summary, _details: shown(None))  # fmt: skip

    def _advice_found(self, number: int, advice: Advice | None) -> None:
        """Show the method's note on the options, if it has one."""
        if self._latest.get("advice") != number:
            return  # the method, its options or the gold file changed meanwhile
        self._advised = advice
        self.advice.setText(advice.text if advice else "")
        self.advice.setVisible(advice is not None)
        self.advice_button.setText(advice.action if advice else "")
        self.advice_button.setVisible(bool(advice and advice.options is not None))

    def apply_advice(self) -> None:
        if self._advised is not None and self._advised.options is not None:
            self.panel.set_options(self._advised.options)
            self.options_changed.emit()
