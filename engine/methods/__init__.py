"""Evaluation methods: one module each, behind one protocol, found through a registry.

A method is a subclass of `Method` that declares its name, title, description, inputs,
original-format outputs and an Options dataclass (see engine.options), and implements
`evaluate`. The CLI and the GUI are generated from these declarations and never name a
method in code.
"""

from __future__ import annotations

import argparse
import gc
import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ..errors import InputError, given
from ..paths import file_path
from ..progress import NO_PROGRESS, Progress
from ..report import Report, Table

if TYPE_CHECKING:
    from ..stats import UnitStatistics

#: Modules under engine.methods that hold the built-in methods, in menu order.
BUILTIN_METHODS: tuple[str, ...] = (
    "faireval", "clueval", "poetry", "starsem", "propara", "spans", "nervaluate",
)  # fmt: skip


class InputSpec(NamedTuple):
    """One of the two annotations a method compares."""

    role: str  # "gold" or "system"
    name: str  # the method's own word for it: target, reference, answers, …
    help: str
    flags: tuple[str, ...] = ()  # () makes it a positional argument
    directory: bool = False  # a folder of files is accepted too
    formats: tuple[str, ...] = ()  # names of the engine.formats modules it reads

    @property
    def metavar(self) -> str:
        return self.name.upper()


class OutputSpec(NamedTuple):
    """A file the original tool wrote, which the method writes again byte for byte."""

    name: str
    help: str
    flags: tuple[str, ...] = ()  # () makes it a positional argument
    metavar: str = "PATH"
    const: str | None = None  # the value of the flag given bare (then the value is optional)
    folder: bool = False  # the path is a folder the method writes its files into


class Advice(NamedTuple):
    """A note on the options for the inputs chosen (e.g. columns they leave out), with the
    options that follow it (None: nothing to apply) and the words of the button applying them."""

    text: str
    options: Any = None
    action: str = ""


@dataclass
class Invocation:
    """Everything one evaluation run needs, whichever front end assembled it."""

    gold: str
    system: str
    options: Any
    outputs: dict[str, str] = field(default_factory=dict)  # OutputSpec name → path ("-" = stdout)
    sources: tuple[str, ...] = ()  # further input files the run reads (a config file, …)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector during a run: reading builds millions of small
    objects that live to the end and make no cycles, and each collection would only scan
    them again (10–40 % of the time)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class Method:
    """The protocol every evaluation method follows."""

    name: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str]  # one paragraph for the GUI and `spanstudio methods`
    #: The description in the app's words where `description` names what only the command
    #: line has (a flag no panel shows, a command); "": the app words the description itself.
    app_description: ClassVar[str] = ""
    #: How to see the text of inputs that carry none (an option to set), for the app's viewer;
    #: "" when the text is attached as a token file (File → Attach Text to Document…).
    text_hint: ClassVar[str] = ""
    Options: ClassVar[type]
    inputs: ClassVar[tuple[InputSpec, InputSpec]]
    outputs: ClassVar[tuple[OutputSpec, ...]] = ()
    #: What the method's scores are sums over ("sentence", "page", …), for confidence
    #: intervals and significance tests (engine/stats.py); "" when they are not.
    unit: ClassVar[str] = ""
    #: The --format names of the files the method reads itself, not by the span readers
    #: (FairEval's span files and CoNLL-2000, CLUEval's .vrt).
    own_formats: ClassVar[tuple[str, ...]] = ()
    #: Whether a look at a file of its own formats (the app's setup panel) reads where the
    #: method's run stops on it, by the method's own reader (FairEval: engine/methods/faireval/stops.py).
    reads_own_stops: ClassVar[bool] = False

    def evaluate(
        self,
        gold: str,
        system: str,
        options: Any,
        progress: Progress = NO_PROGRESS,
        *,
        detail: bool = True,
    ) -> Report:
        """Compare `system` with `gold` (paths as the user gave them).

        With `detail` the report carries the error table, documents and spans for the
        viewer; without it only the scores and the data of the original's outputs.
        """
        raise NotImplementedError

    def rescore(self, report: Report, options: Any) -> Report | None:
        """The report under other options without reading the files again, where the
        method can do that (e.g. another leniency level); None when it cannot."""
        return None

    def advice(self, gold: str, options: Any) -> Advice | None:
        """A note on `options` for this gold input, from a quick look at its first lines;
        None when there is nothing to say."""
        return None

    def own_columns(self, options: Any) -> int:
        """How many BIO columns of a .vrt file the method's own reader reads with these
        options (None: a value cannot be taken); none where it reads no .vrt itself."""
        return 0

    def folder_refused(self, path: str, files: list[Path]) -> InputError:
        """What the run says of a folder where it takes a file (InputSpec.directory False, read
        with the method's own reader: not CLUEval's beside an annotation tool's file); `files`:
        the folder's visible files, listed by the app's look at it."""
        return InputError("a file", "a folder", file=path)

    def review_basis(self, report: Report) -> dict[str, Any] | None:
        """What the review workbook keeps so that `review_scores` can recompute the scores
        from the verdicts (small, JSON-ready); None when the method has no reviewed scores.

        The default suits methods that count TP/FP/FN per label: report.data["_review"] =
        {"counts": {label: {"TP": n, "FP": n, "FN": n}}, "effects": {error type: [[count,
        side, delta], …]}} — accepting an error of that type adds `delta` to `count` of the
        row's gold or system label (see engine.review.count_scores)."""
        return report.data.get("_review")

    def review_scores(self, basis: dict[str, Any], accepted: list[dict[str, Any]]) -> dict[str, Table]:
        """Score tables with the `accepted` error rows (system right (gold wrong) / both acceptable)
        counted as agreements."""
        from ..review import count_scores

        return {"reviewed": count_scores(basis, accepted)}

    def unit_statistics(self, report: Report) -> UnitStatistics | None:
        """The report's per-unit counts and score formulas (a report evaluated with
        `detail`); None where the report's scores are not sums over units (a mode of the
        method that has none)."""
        return None

    def render_output(self, name: str, report: Report) -> str:
        """The text of the original-format output `name`."""
        raise NotImplementedError(name)

    def render_files(
        self, name: str, report: Report, path: Path | None
    ) -> list[tuple[Path | None, str | bytes]]:
        """The files output `name` writes when it goes to `path` (None: standard output):
        by default the one text of render_output; a folder output lists each file."""
        return [(path, self.render_output(name, report))]

    def output_path(self, name: str, value: str) -> Path | None:
        """Where output `name` goes for the value the user gave (None: standard output); a
        file output's path ending in a separator (a folder's) is an InputError."""
        if value == "-":
            return None
        return Path(value) if any(o.folder for o in self.outputs if o.name == name) else file_path(value)

    def console_text(self, report: Report, invocation: Invocation, json_to_stdout: bool) -> tuple[str, str]:
        """(standard output, standard error) text of a CLI run, besides the warnings."""
        return ("" if json_to_stdout else format_table(report.headline), "")

    # --- command line -------------------------------------------------------------

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add method-specific arguments beyond inputs, options and outputs."""

    def add_compare_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the method-specific arguments `compare METHOD` takes: add_arguments' (not a
        sub-command of the method's own, which compares nothing)."""
        self.add_arguments(parser)

    def run_options(self, args: argparse.Namespace, options: Any) -> Any:
        """The options of a run from parsed arguments without its output files (compare)."""
        return self.invocation(args, options).options

    def invocation(self, args: argparse.Namespace, options: Any) -> Invocation:
        """Assemble the run from parsed arguments (options already built from the flags);
        InputError where an input is not given (both are optional arguments)."""
        gold, system = (getattr(args, spec.role) for spec in self.inputs)
        if gold is None or system is None:
            names = " and ".join(spec.metavar for spec in self.inputs)
            found = "neither" if gold is None and system is None else f"{self.inputs[0].metavar} alone"
            raise InputError(names, found, option=self.name)
        outputs = {o.name: getattr(args, "out_" + o.name) for o in self.outputs}
        return Invocation(gold, system, options, {k: v for k, v in outputs.items() if v is not None})


def format_table(table: Any) -> str:
    """A table as TAB-separated text with a header line."""
    lines = ["\t".join(table.columns)]
    lines += ["\t".join(_cell(v) for v in row) for row in table.rows]
    return "\n".join(lines) + "\n"


def _cell(value: Any) -> str:
    return f"{value:.4f}" if isinstance(value, float) else str(value)


_REGISTRY: dict[str, Method] = {}


def register(method_type: type[Method]) -> type[Method]:
    """Class decorator: make a method known to the CLI and the GUI."""
    _REGISTRY[method_type.name] = method_type()
    return method_type


def _load_builtins() -> None:
    for module in BUILTIN_METHODS:
        importlib.import_module(f"{__name__}.{module}")


def all_methods() -> list[Method]:
    """Every registered method, built-ins first in menu order (whatever order they were imported in)."""
    _load_builtins()
    menu = {name: i for i, name in enumerate(BUILTIN_METHODS)}
    return sorted(_REGISTRY.values(), key=lambda m: menu.get(m.name, len(menu)))


def get_method(name: str) -> Method:
    """The method called `name`; a built-in one is imported alone (a quick CLI start)."""
    if name not in _REGISTRY and name in BUILTIN_METHODS:
        importlib.import_module(f"{__name__}.{name}")
    if name not in _REGISTRY:
        _load_builtins()
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(_REGISTRY)
        raise InputError(f"one of the methods {known}", given(name)) from None
