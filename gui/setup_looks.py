"""What the setup panel's looks at the chosen files are keyed by and what they mean: each
method's refusal of a file, the key of a look at its contents, whether its reader's message
is shown (for the pair of inputs, as the run finds it), each side's reading, and the
method's notes on the options (gui/setup_panel.py asks for the looks)."""

from __future__ import annotations

import os
from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.errors import InputError
from engine.formats import SPAN_FORMATS, in_span_formats_by
from engine.formats.reader_options import given_user
from engine.formats.standoff import ReadOptions
from engine.formats.suggest import WrongFormat, check_input
from engine.methods import Advice, InputSpec, Method
from engine.methods.span_options import read_as_span_formats, side_options

from .dialogs import app_words
from .file_contents import Contents
from .inputs import Look
from .viewer_data import SIDES

#: What a look at an input is for: its path, and the format (None: recognised) and reader
#: options of its side, the side its messages name among them (ReadOptions.side); then
#: whether the method reads a file of FairEval's own formats with FairEval's own reader
#: (read_contents' `own_stops`: the look reads it so only then), and whether a run may read
#: it with the span readers (`spans`: else such a file is read by FairEval's reader alone).
LookKey = tuple[str, str | None, ReadOptions, bool, bool]
#: Why each method does not read one side's input (None: it reads it), by method name.
Refusals = dict[str, WrongFormat | None]
#: The options naming an export's user (whose annotations are read), and the boxes whose
#: files' lists of users a pick is kept while they list it: the Second system is read with its
#: own (as compare's --system-b-user), else with the System's (gui/second_options.py).
USER_OPTIONS = {"user": (*SIDES, "second"), "gold_user": ("gold",), "system_user": ("system", "second"),
                "system_b_user": ("second",)}  # fmt: skip
#: Whether a file alone is read with the span readers (in_span_formats_by), by a method's own
#: formats (Method.own_formats of the methods that have some: FairEval's, CLUEval's).
ThroughSpans = dict[tuple[str, ...], bool]


def refusal(method: Method, role: str, path: str, lines: list[str]) -> WrongFormat | None:
    """Why the method does not read this input (recognised as another method's format), or
    None (`lines`: the input's head, read)."""
    try:
        check_input(method, role, path, lines)
    except WrongFormat as err:
        return err
    return None


def reading_role(side: str) -> str:
    """The role a box's file is read and checked as: its own, the Second system's the System's
    (as compare reads and checks its system B: suggest.check_system)."""
    return "system" if side == "second" else side


def refusals(methods: list[Method], side: str, look: Look | None) -> Refusals:
    """Every method's refusal of one side's input (read as reading_role's), judged from the one
    look at its head (each format's verdict on it found once)."""
    if look is None:
        return {}
    role = reading_role(side)
    return {method.name: refusal(method, role, look.path, look.head) for method in methods}


def unreadable(found: dict[str, Refusals], name: str) -> str | None:
    """Why the method of this name cannot read the inputs, gold first, or None."""
    reason = found.get("gold", {}).get(name) or found.get("system", {}).get(name)
    return reason.app_sentence if reason is not None else None


def side_reading(options: Any, side: str, same_file: bool) -> tuple[str | None, ReadOptions]:
    """The span format (None: recognised) and reader options the method's `options` give one
    side (the defaults for a method without them, or None for options that cannot be taken;
    the second system's: the options it is read with, OptionsPanel.second_options), read as a
    run reads it: its messages name a way on for this side alone, or for both where the other
    box holds the same file (`same_file`)."""
    named = reading_role(side)
    if not hasattr(options, f"{named}_layer"):
        return None, ReadOptions()
    format, read = side_options(options, named, same_file)
    return (format if format in SPAN_FORMATS else None), read


def contents_key(key: LookKey, project: bool) -> Hashable:
    """What a look at a file's contents depends on: its path and its side's format and options (the
    gold's and the system's "no user given" the same, but in a folder or a .zip, and in an
    INCEpTION project export whatever its name (`project`: its first look found one), where the
    gold reads the curation and the system asks whose work), and which readers' reading is asked."""
    path, format, options, own_stops, spans = key
    if not (project or path.lower().endswith(".zip") or os.path.isdir(path)):
        options = replace(options, user=given_user(options))
    return ("contents", path, format, options, own_stops, spans)


def answered(key: LookKey, contents: Contents, project: bool) -> Hashable:
    """What a look's contents answer (contents_key): the look of `key`, but for any side its
    messages would name where they hold none (ReadOptions.side changes a look's messages alone),
    and read with the span readers where FairEval's reader did not read the file alone."""
    path, format, options, own_stops, spans = key
    plain = options if contents.error is not None else replace(options, side="")
    return contents_key((path, format, plain, own_stops, spans or contents.own_stops is None), project)


def serves(answer: Hashable, key: LookKey, contents: Contents, project: bool) -> bool:
    """Whether contents that answer `answer` (answered) serve a box's look `key`: read for it,
    or read by more readers than it needs (where FairEval's run stops, the span readers)."""
    path, format, options, own_stops, spans = key
    keys = [(path, format, options, stops, read) for stops in (own_stops, True) for read in (spans, True)]
    return answer in {answered(k, contents, project) for k in keys}


class KeptLooks:
    """The contents the latest looks read, by what they answer: a look a box asks for again
    (its method or options set back) is served from them, not read again, while its file
    stays chosen (a file chosen after another, or written again, is read anew)."""

    KEPT = 16

    def __init__(self) -> None:
        self._kept: dict[Hashable, Contents] = {}
        self._held: dict[str, str] = {}  # each box's file

    def chosen(self, side: str, path: str) -> None:
        """A box's file chosen: what was read of the file it held before is dropped where no
        box holds that file now (chosen again, it is read anew)."""
        before, self._held[side] = self._held.get(side), path
        if before and before != path and before not in self._held.values():
            self.forget(before)

    def keep(self, answer: Hashable, contents: Contents) -> None:
        """Keep what a look read as the newest (the oldest beyond KEPT dropped), where a box
        still holds its file (a look that ended after its file was chosen away is not kept)."""
        if contents.path not in self._held.values():
            return
        self._kept.pop(answer, None)
        self._kept[answer] = contents
        if len(self._kept) > self.KEPT:
            del self._kept[next(iter(self._kept))]

    def serving(self, key: LookKey, project: bool) -> Contents | None:
        """The newest contents kept that serve the look `key`, or None."""
        kept = reversed(self._kept.items())
        return next((contents for answer, contents in kept if serves(answer, key, contents, project)), None)

    def forget(self, path: str) -> None:
        """Drop the contents read of a file (by the path it was read by)."""
        for answer in [answer for answer, contents in self._kept.items() if contents.path == path]:
            del self._kept[answer]


def described(method: Method) -> str:
    """A method's description in the app's words (its flags named by the panel's controls)."""
    return method.app_description or app_words(method.description)


def through_spans(look: Look | None, owns: set[tuple[str, ...]]) -> ThroughSpans:
    """Whether a file alone is read with the span readers, by each method's own formats
    (`owns`), from the first look at it (its head and format found there: in_span_formats_by)."""
    return in_span_formats_by(look.detected, look.head, owns) if look is not None else {}


def read_as_spans(method: Method, spec: InputSpec, options: Any, files: list[ThroughSpans]) -> bool:
    """Whether the method reads an input with the span readers, as its run finds it (`files`:
    the input's and the other input's in_span_formats_by, found by their looks): spans and
    nervaluate always; FairEval and CLUEval as read_as_span_formats finds it for the pair and
    the options; the others never (poetry, ProPara and *SEM read their own formats alone:
    their refusal of another file says why)."""
    if "conll" in spec.formats:
        return True
    own = method.own_formats
    return bool(own) and read_as_span_formats(options, own, (found.get(own, False) for found in files))


def suggestions(contents: dict[str, Contents], values: dict[str, Any]) -> dict[str, list[str]]:
    """The items of the layer, feature and user drop-downs, by option name: each side's own
    (`gold_layer`) from its file's contents, then both sides' (`layer`) together (`values`:
    the options shown, whose layers choose the features); the users of the gold's and the
    system's files only: the Second system's user not set is the System user, which the
    system's file must read too, so a user its file alone lists would be refused (review62);
    its own (system_b_user …) from the Second system's file alone."""
    suggested: dict[str, list[str]] = {}
    every: dict[str, list[str]] = {"layer": [], "feature": [], "user": []}
    for side in SIDES:
        found = contents.get(side) or Contents("")
        features = found.features(values.get(f"{side}_layer") or values.get("layer"))
        users = _users(found)  # an INCEpTION project, Label Studio or doccano export's
        for name, items in {"layer": found.layers, "feature": features, "user": users}.items():
            suggested[f"{side}_{name}"] = items
            every[name] += items
    suggested |= _second_suggestions(contents.get("second") or Contents(""), values)
    return suggested | {name: list(dict.fromkeys(items)) for name, items in every.items()}


def _second_suggestions(found: Contents, values: dict[str, Any]) -> dict[str, list[str]]:
    """The Second system's own layer, feature and user drop-downs' items, from its file (its
    features those of the layer it is read with: its own, else the System's, else both's)."""
    layer = values.get("system_b_layer") or values.get("system_layer") or values.get("layer")
    return {"system_b_layer": found.layers, "system_b_feature": found.features(layer),
            "system_b_user": _users(found)}  # fmt: skip


@dataclass
class UserPicks:
    """The users picked from a file's list, by option name, with the files whose lists held
    them (one method's: each has its own panel): a user typed where no file lists it is no
    pick, and stays whatever files come."""

    seen: dict[str, Any] = field(default_factory=dict)  # each user option's value when last noted
    listers: dict[str, set[str]] = field(default_factory=dict)  # the files listing each pick

    def plain(self) -> dict[str, Any]:
        """The picks as the settings keep them (JSON): each one's user and the files listing it."""
        picks = self.listers.items()
        return {name: {"user": self.seen.get(name), "files": sorted(files)} for name, files in picks}

    @classmethod
    def from_plain(cls, kept: dict[str, Any]) -> UserPicks:
        """The picks the settings kept (plain()), those of another shape left out."""
        picks = cls()
        for name, pick in kept.items():
            if name in USER_OPTIONS and isinstance(pick, dict) and isinstance(pick.get("files"), list):
                picks.seen[name], picks.listers[name] = pick.get("user"), set(map(str, pick["files"]))
        return picks

    def note(self, values: dict[str, Any], contents: dict[str, Contents | None]) -> None:
        """Keep each pick with its option's value (a new value starts anew) and the files listing it."""
        for name, sides in USER_OPTIONS.items():
            value = values.get(name)
            if value != self.seen.get(name):
                self.seen[name] = value
                self.listers.pop(name, None)
            listed = (contents.get(side) for side in sides)
            listing = {found.path for found in listed if found is not None and value in _users(found)}
            if value and listing:
                self.listers[name] = self.listers.get(name, set()) | listing

    def to_drop(
        self, values: dict[str, Any], contents: dict[str, Contents | None], crashed: set[str]
    ) -> list[str]:
        """The user options to clear (the options' `values` noted first): a pick whose option's
        boxes holding a file (`contents`: each such box's, None while looked at) all hold other
        files now, looked at (not where its look `crashed`), that list no users (one annotator's
        files chosen after an export): it would turn their boxes red."""
        self.note(values, contents)

        def other(side: str, listers: set[str]) -> bool:
            found = None if side in crashed else contents[side]
            return found is not None and found.path not in listers and not _users(found)

        def dropped(name: str, listers: set[str]) -> bool:
            boxes = [side for side in USER_OPTIONS[name] if side in contents]
            return bool(boxes) and all(other(side, listers) for side in boxes)

        return [name for name, listers in self.listers.items() if dropped(name, listers)]


def _users(contents: Contents | None) -> list[str]:
    """The users a file's list offers (an export of several annotators' work)."""
    return contents.choices.get("user", []) if contents is not None else []


def advises(method: Method) -> bool:
    """Whether the method has notes on its options for a gold input (its own advice())."""
    return type(method).advice is not Method.advice


def advice_on(method: Method, gold: str, options: Any) -> Advice | None:
    """The method's note on the options for this gold input (it may read its first lines)."""
    try:
        return method.advice(gold, options)
    except (InputError, OSError):
        return None
