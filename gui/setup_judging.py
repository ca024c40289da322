"""The look each read box needs, and whether it shows its reader's message, as the run stops on
it for the pair of inputs, the method and its Format options: a part of SetupPanel kept in a
module of its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.errors import InputError
from engine.formats import format_module
from engine.methods import Method
from engine.methods.span_options import unrecognised_read_as

from .setup_looks import LookKey, ThroughSpans, read_as_spans

if TYPE_CHECKING:
    from engine.formats.standoff import ReadOptions

    from .file_contents import Contents
    from .inputs import FileField


class SetupJudging:
    """The boxes' reader messages judged for the pair (mixed into SetupPanel)."""

    contents: dict[str, Contents]
    _through: dict[str, ThroughSpans]
    method: Method
    field: Callable[[str], FileField]
    read_boxes: Callable[[], dict[str, FileField]]
    _options: Callable[..., Any]
    side_reading: Callable[[str], tuple[str | None, ReadOptions]]

    def _judge_errors(self, judged: set[str] | None = None) -> bool:
        """Show or drop each read box's reader message as the run stops on it for the pair,
        the method and its Format options (nothing read again), but those `judged` just now;
        whether one changed."""
        changed = False
        for side, field in self.read_boxes().items():
            if side in self.contents and side not in (judged or ()) and not self._partner_looking(side):
                spans = self._only_spans(side)
                changed |= field.judge_contents(self._stopping_error(side), self._summary(side), spans)
        return changed

    def _partners(self, side: str) -> list[str]:
        """The boxes whose files a run reads beside this box's (beside the gold's: each system's set)."""
        if side != "gold":
            return ["gold"]
        return [box for box in self.read_boxes() if box != "gold" and self.field(box).path]

    def _partner_looking(self, side: str) -> bool:
        """Whether a file read beside this box's is still looked at (its judgement waits for its
        first look, which finds whether the run reads it with the span readers)."""
        return any(self.field(box).path and box not in self._through for box in self._partners(side))

    def _look_key(self, side: str) -> LookKey:
        """The look a box's file needs: as its side reads it, by the method's own reader where
        it reads where its run stops (FairEval: Method.reads_own_stops), and by the span readers
        but where every run reads it with that reader (_read_as_spans)."""
        format, options = self.side_reading(side)
        own = self.method.reads_own_stops
        return self.field(side).path, format, options, own, not own or self._read_as_spans(side)

    def _stopping_error(self, side: str) -> InputError | None:
        """A box's reader message where the method reads its file with the span readers; where
        it reads it with its own (CLUEval's .vrt), its own message for the columns it reads."""
        contents = self.contents.get(side)
        if contents is None:
            return None
        if self._read_as_spans(side):
            return contents.error
        if not self._own_reading(side):
            return None
        return contents.own_error(self.method.own_columns(self._options())) or self._own_stop(side)

    def _own_stop(self, side: str) -> InputError | None:
        """Where FairEval's run stops on a box's file of its own formats (read with its own reader),
        as far as it reads it: the sentences it compares beside the file read with it."""
        stops = self.contents[side].own_stops
        if stops is None or stops.formats != self.method.own_formats:
            return None
        return stops.stopping(self._compared(side), bool(getattr(self._options(), "ignore_punct", False)))

    def _compared(self, side: str) -> int | None:
        """The most sentences of a box's file a run compares: as many as the shorter file of a
        pair holds (its own reader's count of each); None (all) beside no file so counted."""
        partners = (self.contents.get(box) for box in self._partners(side))
        counts = [found.own_stops.sentences for found in partners if found is not None and found.own_stops]
        stops = self.contents[side].own_stops
        return min(stops.sentences, max(counts)) if counts and stops is not None else None

    def _summary(self, side: str) -> str:
        """A box's layers and labels, each BIO column's as the reader the method reads its file
        with reads them: its own (CLUEval's, where every tag but O labels a span) or the span readers'."""
        return self.contents[side].summary(opening=self._own_reading(side))

    def _own_reading(self, side: str) -> bool:
        """Whether the method reads the box's file with its own reader (CLUEval's, FairEval's): a
        file of its own formats, or one no format recognises that it reads as its one own format
        (CLUEval's .vrt: unrecognised_read_as), where it reads neither input with the span readers."""
        read_as, own = self.contents[side].read_as, unrecognised_read_as(self.method.own_formats)
        if read_as and (own is None or read_as != format_module(own).TITLE):
            return False
        inputs = self.field(side).spec is not None and not self._read_as_spans(side)
        return bool(self.method.own_formats) and inputs

    def _read_as_spans(self, side: str) -> bool:
        """Whether the method reads a box's file with the span readers in a run, as it finds it
        for the box's file beside each file read with it (_partners): its reader's message stops it."""
        return any(self._span_readings(side))

    def _only_spans(self, side: str) -> bool:
        """Whether every run reading a box's file reads it with the span readers (a folder CLUEval
        reads only so: where one run reads it with its own reader, that run refuses a folder)."""
        readings = self._span_readings(side)
        return bool(readings) and all(readings)

    def _span_readings(self, side: str) -> list[bool]:
        """Whether the method reads a box's file with the span readers, in the run beside each
        file read with it (_partners); none where the box has no method's input."""
        spec, own = self.field(side).spec, self._through.get(side, {})
        pairs = [(box, [own, self._through.get(box, {})]) for box in self._partners(side)] or [(side, [own])]
        if spec is None:
            return []
        return [read_as_spans(self.method, spec, self._pair_options(side, box), pair) for box, pair in pairs]

    def _pair_options(self, side: str, box: str) -> Any:
        """The options of the run reading a box's file beside another's: the Second system's
        run reads both with those it is read with (SetupPanel._options)."""
        return self._options("second" if "second" in (side, box) else "")

    def _mark_span_reading(self) -> None:
        """Tell each read box whether every run reads its file with the span readers, as soon
        as the first looks at the files find it (a folder CLUEval reads so is no error meanwhile):
        taken as read so while a file beside it is still looked at (judged once its look is in)."""
        for side, field in self.read_boxes().items():
            if field.path and side in self._through:
                field.judge_span_reading(self._partner_looking(side) or self._only_spans(side))
