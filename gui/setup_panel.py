"""The setup panel: the method (from the registry), the two inputs and the method's options."""

from __future__ import annotations

import os
import traceback
from collections.abc import Hashable
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from engine.errors import InputError
from engine.formats.standoff import ReadOptions
from engine.formats.suggest import format_named
from engine.methods import Advice, Method
from engine.methods.span_options import format_title
from engine.same_inputs import same_path

from .file_contents import Contents, read_contents
from .focus_order import hand_over, holds_focus
from .inputs import SECOND, FileField, Look, look_at
from .look_queue import Asked, Failed, Found, LookQueue, Wanted
from .options_panel import OptionsPanel
from .setup_advice import SetupAdvice
from .setup_judging import SetupJudging
from .setup_looks import (
    KeptLooks,
    LookKey,
    Refusals,
    ThroughSpans,
    UserPicks,
    answered,
    contents_key,
    described,
    reading_role,
    refusals,
    serves,
    side_reading,
    suggestions,
    through_spans,
    unreadable,
)
from .stamps import stamp
from .style import WARNING_COLOUR
from .viewer_data import SIDES
from .wheel import GuardedComboBox
from .worker import Job, crash_summary

#: What the first look at a file found: its head's look, every method's refusal of it by
#: side, and whether the file alone is read with the span readers.
FirstLook = tuple[Look | None, dict[str, Refusals], ThroughSpans]
#: An input over this many bytes is looked at off the UI thread (its first lines may be
#: the whole file: an export of tens of megabytes on one line).
LARGE_INPUT = 1 << 20
#: What a second system's file does (README: Confidence intervals and significance).
SECOND_TIP = ("Optional: a second system's file, scored against the same gold. The results then "
              "compare the two systems first (each score's difference, with its interval and "
              "significance); the errors and the viewer stay the first system's.")  # fmt: skip


def large(path: str) -> bool:
    """Whether an input may take long to look at: a folder, or a file over LARGE_INPUT bytes."""
    try:
        return os.path.isdir(path) or os.path.getsize(path) > LARGE_INPUT
    except (OSError, ValueError):
        return False


class SetupPanel(SetupAdvice, SetupJudging, QWidget):
    """Everything an evaluation needs, chosen by the user."""

    method_changed = Signal(str)
    options_changed = Signal()
    inputs_changed = Signal()
    contents_read = Signal(str)  # the side whose file's layers and labels have arrived
    looked = Signal()  # a look at a chosen file has shown what it found in its box
    look_crashed = Signal(str, str)  # a look raised what no look should: its summary and traceback

    def __init__(self, methods: list[Method], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.methods = {method.name: method for method in methods}
        self._owns = {method.own_formats for method in methods if method.own_formats}  # in_span_formats_by
        self.method_box = GuardedComboBox()
        for method in methods:
            self.method_box.addItem(method.title, method.name)
        self.method_box.setToolTip("The evaluation method")
        # As narrow as the panel: long titles are cut in the closed box, whole in the list.
        self.method_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.method_box.setMinimumContentsLength(20)
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.fields = {role: FileField(role) for role in SIDES}
        self.second = FileField(SECOND)  # optional: the run becomes a comparison
        self.second.edit.setPlaceholderText("Optional: compare two systems")  # whole at 1366×768
        self.panels = {m.name: OptionsPanel(m.Options, second=bool(m.unit)) for m in methods}  # B's own too
        self.stack = QStackedWidget()
        for panel in self.panels.values():
            self.stack.addWidget(panel)
            panel.changed.connect(self.options_changed)
        self.reset_button = QPushButton("Reset to defaults")
        self.reset_button.setToolTip("Set every option of this method back to its default.")
        self.reset_button.clicked.connect(self.reset_options)
        self.intervals_box = QCheckBox("Confidence intervals (95 %)")
        self.intervals_box.setToolTip(
            "Add to each precision, recall and F1 its percentile bootstrap interval (1,000 resamples of the "
            "method's units: sentences, pages, processes; seed 12345), as spanstudio --ci does."
        )
        self.evaluate_button = QPushButton("Evaluate")
        self.evaluate_button.setDefault(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self._focus_back = False  # Cancel's focus, taken away while cancelling, to give Evaluate
        self.advice = QLabel()
        self.advice.setWordWrap(True)
        self.advice.setStyleSheet(f"color: {WARNING_COLOUR}")
        self.advice_button = QPushButton()
        self.advice_button.setToolTip("Set the options as this says")
        self.advice_button.clicked.connect(self.apply_advice)
        self._advised: Advice | None = None
        self.contents: dict[str, Contents] = {}  # what each side's file offers to pick
        self._wanted: dict[str, LookKey] = {}  # the look each box asks for (its file as its side reads it)
        self._answers: dict[str, Hashable] = {}  # what each box's contents answer (answered)
        self._kept = KeptLooks()  # the latest looks' contents, for a look asked for again
        self._through: dict[str, ThroughSpans] = {}  # each box's file read alone with the span readers?
        self._rewritten: dict[str, int] = {}  # how often each file was written again (look_again)
        self.refusals: dict[str, Refusals] = {}  # what every method makes of each side's chosen file
        self._latest: dict[str, int] = {}  # the number of the newest look of each kind (a side, advice)
        self.picks = {name: UserPicks() for name in self.panels}  # each method's users picked from lists
        self._crashes_shown: set[tuple[str, str]] = set()  # the looks' crashes shown: file, summary
        self._looks = LookQueue(self)
        self._looks.crashed.connect(self._look_crashed)  # once a look, however many boxes asked for it
        for side, field in self.fields.items():
            field.path_changed.connect(self.inputs_changed)
            field.path_changed.connect(lambda _path, side=side: self.look_at_file(side))
            field.switch_requested.connect(self.set_method)
        self.second.switch_requested.connect(self.set_method)  # a method that reads its file
        self.second.path_changed.connect(lambda _path: self.look_at_file("second"))
        self.second.path_changed.connect(lambda _path: self._show_second_options())
        self.second.path_changed.connect(self.inputs_changed)  # its labels read, as the System box's are
        self.second.path_changed.connect(self.looked)  # the line above the results anew (emptied: no look)
        for field in (*self.fields.values(), self.second):
            field.path_changed.connect(self._drop_run_messages)
        self.options_changed.connect(self._drop_run_messages)  # the option a run's message names, set
        for signal in (self.inputs_changed, self.options_changed, self.method_changed):
            signal.connect(self.refresh_advice)
            signal.connect(self.look_at_inputs)
        self.method_box.currentIndexChanged.connect(self._method_chosen)
        self._build()
        self._method_chosen()

    def _build(self) -> None:
        options = QGroupBox("Options")
        box = QVBoxLayout(options)
        box.addWidget(self.stack)
        reset = QHBoxLayout()
        reset.addStretch(1)
        reset.addWidget(self.reset_button)
        box.addLayout(reset)
        box.addWidget(self.intervals_box)
        run = QHBoxLayout()
        run.setContentsMargins(9, 0, 9, 0)
        run.addWidget(self.evaluate_button, 1)
        run.addWidget(self.cancel_button)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        body = QWidget()
        form = QVBoxLayout(body)
        form.addWidget(QLabel("<b>Method</b>"))
        form.addWidget(self.method_box)
        form.addWidget(self.description)
        form.addWidget(line)
        for field in self.fields.values():
            form.addWidget(field)
        form.addWidget(self.advice)
        form.addWidget(self.advice_button)
        form.addWidget(self.second)
        form.addWidget(options)
        form.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # it shows no focus: the window opens on Evaluate
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        self.scroll = scroll
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 6)
        layout.addWidget(scroll, 1)
        layout.addLayout(run)  # always in view, however long the options

    @property
    def method(self) -> Method:
        return self.methods[self.method_box.currentData()]

    @property
    def panel(self) -> OptionsPanel:
        return self.panels[self.method.name]

    def set_method(self, name: str) -> None:
        index = self.method_box.findData(name)
        if index >= 0:
            self.method_box.setCurrentIndex(index)

    def _method_chosen(self) -> None:
        method = self.method
        self.description.setText(described(method))
        self.stack.setCurrentWidget(self.panels[method.name])
        for panel in self.panels.values():  # the stack as tall as the shown panel, not the tallest
            policy = QSizePolicy.Policy.Preferred if panel is self.panel else QSizePolicy.Policy.Ignored
            panel.setSizePolicy(policy, policy)
        self.stack.adjustSize()
        self.intervals_box.setVisible(bool(method.unit))
        self.second.setVisible(bool(method.unit))
        format_list = "format" in self.panel.editors
        self.second.set_spec(method.inputs[1], format_list, method.folder_refused)
        self.second.setToolTip(SECOND_TIP)
        self._show_second_options()
        for spec in method.inputs:
            if spec.role in self.fields:
                self.fields[spec.role].set_spec(spec, format_list, method.folder_refused)
        self.check_files()
        QTimer.singleShot(0, self, self._fit_width)  # once the layout has taken the new panel
        self.method_changed.emit(method.name)

    def _show_second_options(self) -> None:
        """The Second system's own options shown where a Second system file is chosen."""
        self.panel.show_seconds(bool(self.method.unit and self.second.path))
        QTimer.singleShot(0, self, self._fit_width)  # its labels are the longest

    def _fit_width(self) -> None:
        """The panel at least as wide as the shown method's controls (the Browse buttons
        whole), however narrow the window or the saved layout."""
        body = self.scroll.widget()
        bar = self.scroll.verticalScrollBar().sizeHint().width()
        self.scroll.setMinimumWidth(body.minimumSizeHint().width() + bar)

    def _newest(self, kind: str) -> int:
        """The number of a new look of this kind (a side, advice): a look's result is shown
        only while no newer one has been asked for."""
        self._latest[kind] = self._latest.get(kind, 0) + 1
        return self._latest[kind]

    def _is_newest(self, kind: str, number: int) -> Wanted:
        """Whether the look of this number is still the newest of its kind (no other file chosen since)."""
        return lambda: self._latest.get(kind) == number

    def _drop_run_messages(self) -> None:
        """An evaluation's message under an input was about the inputs and options as they were:
        once one changes, each input says again what its own look found."""
        for field in (*self.fields.values(), self.second):
            field.refresh()

    def look_at_file(self, side: str) -> None:
        """Read one side's chosen file's first lines: its format or problem for its box,
        and what every method makes of it: at once, or on a worker where the file is large
        (its box says it is being looked at, and no method refuses it meanwhile)."""
        field = self.field(side)
        path, number = field.path, self._newest(side)
        methods, owns = list(self.methods.values()), self._owns
        self._through.pop(side, None)
        self._kept.chosen(side, path)

        def look(roles: list[str]) -> Job:
            def job(_progress: Any = None) -> FirstLook:
                found = look_at(path) if path else None
                refused = {role: refusals(methods, role, found) for role in roles}
                return found, refused, through_spans(found, owns)

            return job

        def shown(result: FirstLook) -> None:
            self._found(side, number, result[0], result[1].get(side, {}), result[2])

        def failed(summary: str, details: str) -> None:
            if self._latest.get(side) == number:  # else another file was chosen meanwhile
                self.field(side).show_failure(summary)
                self._through[side] = {}  # nothing found: the boxes beside it judge without it
                self._judge_errors()

        key = self._file_key(path, side)
        title, wanted = f"Looking at the {side} file", self._is_newest(side, number)
        roles = list(self.fields) if side in self.fields else [side]  # a worker's look serves both boxes
        asked = Asked(key, title, look(roles), wanted, about=path)
        self._look_at(asked, shown, (None, {}, {}), failed, at_once=look([side]))

    def _file_key(self, path: str, side: str) -> Hashable:
        """What a look at a file depends on: its path, and whether its side is a box (a
        worker's look serves both sides' boxes: both roles)."""
        return ("file", path, side in self.fields)

    def look_again(self, side: str) -> None:
        """Look at a side's file again after it was rewritten in place (Make Gold), in every
        box that holds it, by whatever path (same_path: `./gold.conll`, a link): its format and
        the methods' refusals, and what it offers to pick (its labels). A look at the file
        running meanwhile read it as it was: its result is not taken for these."""
        path = self.field(side).path
        boxes = {side: path} | {box: field.path for box, field in self._boxes_of(path).items()}
        for box, held in boxes.items():
            self._looks.forget(self._file_key(held, box))
        for held in set(boxes.values()):
            self._rewritten[held] = self._rewritten.get(held, 0) + 1
            self._kept.forget(held)
        read = [box for box in boxes if box in self.read_boxes()]
        for box in read:  # the other may read it for its side, or with its options
            self._looks.forget(contents_key(self._look_key(box), self._project(box)))
            self._wanted.pop(box, None)  # the same path and options: read all the same
            self._answers.pop(box, None)
        for box in boxes:
            self.look_at_file(box)
        if read:
            self.look_at_inputs()

    def looked_heads(self) -> dict[str, list[str]]:
        """The head each box's look read of its file (by path), where it is the file's still:
        Evaluate checks the files with them, reading none again on the UI thread."""
        boxes = [*self.fields, "second"]
        looks = {side: self.field(side).look for side in boxes if not self._written_since_looked(side)}
        return {look.path: look.head for side, look in looks.items()
                if look is not None and look.path == self.field(side).path}  # fmt: skip

    def _written_since_looked(self, side: str) -> bool:
        """Whether a box's file was written again since its first look (its stamp differs)."""
        look = self.field(side).look
        return look is not None and look.stamp is not None and look.stamp != stamp(look.path)

    def _found(self, side: str, number: int, look: Look | None, found: Refusals, spans: ThroughSpans) -> None:
        """Show the first look at a side's file (None: looked at on a worker); once it is in,
        what the file offers is read (with the format it found) and the boxes judged beside it."""
        if self._latest.get(side) != number:
            return  # another file was chosen meanwhile
        if look is not None:
            self._through[side] = spans
            self._mark_span_reading()
        self.field(side).show_look(look)
        self.refusals[side] = found  # the Second system's judged as the System's (reading_role)
        self.mark_readers()
        self.check_files()
        if look is not None and side in self.read_boxes():
            self.look_at_inputs()
        self.looked.emit()

    def field(self, side: str) -> FileField:
        """The file box of a side (gold, system or second)."""
        return self.second if side == "second" else self.fields[side]

    def read_boxes(self) -> dict[str, FileField]:
        """The file boxes whose layers and labels are read: gold, system and, where the
        method compares two systems, the second system's."""
        return {**self.fields, **({"second": self.second} if self.method.unit else {})}

    def mark_readers(self) -> None:
        """Each method's tooltip in the list: why it cannot read the chosen files, or its
        description. Every method stays choosable; its file boxes then say why."""
        for row in range(self.method_box.count()):
            method = self.methods[self.method_box.itemData(row)]
            reason = unreadable(self.refusals, method.name)
            self.method_box.setItemData(row, reason or described(method), Qt.ItemDataRole.ToolTipRole)

    def check_files(self) -> None:
        """Say in each read box whether the chosen method reads its file, with links to the
        methods that do (not where the Format options name its format: that reader decides)."""
        for side, field in self.read_boxes().items():
            named = format_named(self._options(side), reading_role(side))
            field.set_refusal(None if named else self.refusals.get(side, {}).get(self.method.name))

    def side_reading(self, side: str) -> tuple[str | None, ReadOptions]:
        """The span format and reader options the panel gives one side (setup_looks.side_reading:
        both sides named where the other box, the gold's or the system's for the gold, holds its file;
        the Second system's are its own and the System's, whatever the gold)."""
        other = self.field("system" if side == "gold" else "gold").path
        same_file = side != "second" and same_path(other, self.field(side).path)
        return side_reading(self._options(side), side, same_file)

    def _options(self, side: str = "") -> Any:
        """The shown method's options, those the Second system is read with for its box
        (`side` "second"); None where a value cannot be taken."""
        try:
            return self.panel.second_options() if side == "second" else self.panel.options()
        except (InputError, TypeError, ValueError):
            return None

    def look_at_inputs(self) -> None:
        """Read what each input offers to pick (off the UI thread) where its file or its
        reader options changed, or the side its message names (the other box's file
        changed); fill the drop-downs with what is known; each box's refusal anew (check_files:
        the Format options may name its format now)."""
        self.check_files()
        for side, field in self.read_boxes().items():
            key = self._look_key(side)
            format = key[1]
            field.choose_format(format_title(format) if format else "")
            if key == self._wanted.get(side):
                continue
            if field.path != self._wanted.get(side, ("",))[0]:
                for found in (self.contents, self._answers):
                    found.pop(side, None)
            if field.path and field.look is None:  # read once its first look is in (_found)
                self._wanted.pop(side, None)
                continue
            if self._written_since_looked(side):  # its format, refusals and head anew, then read
                self.look_again(side)
                return
            self._wanted[side] = key
            if field.path and not self._holds(side, key):
                self._start_look(side, key)
        self.fill_choices()
        self.drop_listed_users()  # another method's panel may hold one
        if self._judge_errors():
            self.looked.emit()

    def _holds(self, side: str, key: LookKey) -> bool:
        """Whether a box's contents answer a look (read for it, or hold no message)."""
        contents = self.contents.get(side)
        if contents is None:
            return False
        return serves(self._answers.get(side), key, contents, self._project(side))

    def _project(self, side: str) -> bool:
        """Whether a box's file is an INCEpTION project export, as its first look found it (by
        its bytes, whatever its name): its contents key keeps the side's "no user given"."""
        look = self.field(side).look
        return look is not None and look.project

    def _start_look(self, side: str, key: LookKey) -> None:
        """Read a box's file as its side's Format option names (a format the method reads
        itself too: where the other file makes the run read both with the span readers,
        this one is read with the reader of the format named, and its message is the run's)."""
        path, format, options, own_stops, spans = key
        rewritten, looked, project = self._rewritten.get(path, 0), self.field(side).look, self._project(side)
        kept = self._kept.serving(key, project)
        if kept is not None:  # read already: shown at once
            self._looked(key, kept, project)
            return

        def job(_progress: Any) -> Contents:
            return read_contents(path, options, format, looked, own_stops, spans)

        def shown(result: Contents) -> None:
            if self._rewritten.get(path, 0) == rewritten:  # else read as it was before (look_again)
                self._looked(key, result, project)

        def wanted() -> bool:
            return self._wanted.get(side) == key and not self._holds(side, key)  # no other look served it

        def failed(summary: str, details: str) -> None:
            if self._rewritten.get(path, 0) == rewritten:  # its boxes end their look: nothing read
                self._looked(key, Contents(path), project, failure=summary)

        asked = Asked(contents_key(key, project), f"Reading the {side} file", job, wanted, about=path)
        self._looks.ask(asked, shown, failed)

    def _look_at(
        self, asked: Asked, found: Found, meanwhile: Any, failed: Failed, at_once: Job | None = None
    ) -> None:
        """`found(at_once())` (default: the look's job) for the input the look reads (Asked.about);
        where it is large, `found(meanwhile)`, and the look queued for a worker. Where it crashes
        (a bug), `failed` is told and the window shows it (_look_crashed), here or from the worker."""
        path = asked.about
        if large(path):
            found(meanwhile)
            self._looks.ask(asked, found, failed)
            return
        try:
            result = (at_once or asked.job)(None)
        except Exception as err:  # a bug: told as a crash on the worker is (LookQueue.crashed)
            summary, details = crash_summary(err), traceback.format_exc()
            failed(summary, details)
            self._look_crashed(summary, details, path)
            return
        found(result)

    def _boxes_of(self, path: str) -> dict[str, FileField]:
        """The read boxes holding this file, by whatever path (same_path)."""
        boxes = self.read_boxes().items()
        return {box: field for box, field in boxes if field.path and same_path(field.path, path)}

    def _look_crashed(self, summary: str, details: str, about: str = "") -> None:
        """A look that crashed (a bug) has ended: the window shows it, once for the file it read
        (`about`, by whatever path: same_path; both boxes' looks at one file, the advice's on each
        change: said in the boxes only), and the line above the results what the boxes now say."""
        shown = (file for file, said in self._crashes_shown if said == summary)
        if not about or not any(same_path(file, about) for file in shown):
            self._crashes_shown.add((about, summary))
            self.look_crashed.emit(summary, details)
        self.looked.emit()

    def _looked(self, key: LookKey, contents: Contents, project: bool, failure: str = "") -> None:
        """Show what a look found in every box it answers that is still without it (one look
        serves both boxes of a file read alike, whichever box asked first; `project`: the asking box's
        file is an INCEpTION project export, _project); `failure`: the look crashed, and each such
        box says so, its message judged; the other boxes judge theirs again."""
        answer, shown = answered(key, contents, project), set()
        if not failure:
            self._kept.keep(answer, contents)
        for side, wanted in list(self._wanted.items()):
            if not serves(answer, wanted, contents, self._project(side)) or self._holds(side, wanted):
                continue  # another file or options, or its own look's result shown already
            self.contents[side], self._answers[side] = contents, answer
            field, spans = self.field(side), self._only_spans(side)
            field.show_contents(self._summary(side), self._stopping_error(side), failure, spans)
            self.fill_choices()
            self.contents_read.emit(side)
            shown.add(side)
        self.drop_listed_users()
        self._judge_errors(shown)
        self.looked.emit()

    def unreadable(self) -> tuple[str, ...]:
        """The read boxes that say in red why their files cannot be read as set (their roles)."""
        return tuple(field.role for field in self.read_boxes().values() if field.path and field.error_text)

    def looking_at_chosen(self) -> bool:
        """Whether a read box's file is still being looked at: its format, or what its reader finds."""
        return any(self._still_looking(side) for side in self.read_boxes())

    def _still_looking(self, side: str) -> bool:
        """Whether a box's look at its file, or its reader's at the file as set, has yet to show."""
        field, wanted = self.field(side), self._wanted.get(side)
        reading = wanted is not None and not self._holds(side, wanted)
        return bool(field.path) and (field.look is None or reading)

    @property
    def looking(self) -> bool:
        """Whether a chosen file is still being looked at."""
        return self._looks.busy

    @property
    def look_queue(self) -> LookQueue:
        """The worker the looks at files run on, one at a time (Make Gold's at the annotators' too)."""
        return self._looks

    def stop_looking(self) -> None:
        """Wait for the look running and start no more (the window goes)."""
        self._looks.stop()

    def fill_choices(self) -> None:
        """The layer, feature and user drop-downs of the shown options, from the chosen files."""
        read = {side: found for side, found in self.contents.items() if side in self.read_boxes()}
        for name, items in suggestions(read, self.panel.values()).items():
            self.panel.suggest(name, items)

    def drop_listed_users(self) -> None:
        """Clear a user picked from a file's list where it would turn boxes red (UserPicks.to_drop)."""
        chosen = {side: self.contents.get(side) for side, field in self.read_boxes().items() if field.path}
        crashed = {side for side in chosen if self.field(side).contents_failure}
        dropped = self.picks[self.method.name].to_drop(self.panel.values(), chosen, crashed)
        for name in dropped:
            self.panel.editors[name].set_value(None)
        if dropped:
            self.panel.check()
            self.options_changed.emit()

    def reset_options(self) -> None:
        self.panel.reset()
        self.options_changed.emit()

    @property
    def intervals(self) -> bool:
        """Whether the run adds confidence intervals (for a method whose scores have units)."""
        return bool(self.method.unit) and self.intervals_box.isChecked()

    @property
    def second_system(self) -> str:
        """The second system file to compare with ("" for none, or a method without units)."""
        return self.second.path if self.method.unit else ""

    def paths(self) -> tuple[str, str]:
        return self.fields["gold"].path, self.fields["system"].path

    def set_paths(self, gold: str, system: str) -> None:
        self.fields["gold"].set_path(gold)
        self.fields["system"].set_path(system)

    def set_running(self, running: bool, cancelling: bool = False) -> None:
        """Evaluate enabled while nothing runs, Cancel while a run is not being cancelled, each
        taking the other's focus (hand_over); Cancel's, lost when it is disabled as the run is
        being cancelled, comes back to Evaluate once the run has stopped."""
        if not running:
            hand_over(self.evaluate_button, self.cancel_button, take=self._focus_back)
            self._focus_back = False
        elif cancelling:
            self._focus_back = self._focus_back or holds_focus(self.cancel_button)
            self.cancel_button.setEnabled(False)
        else:
            hand_over(self.cancel_button, self.evaluate_button)
