"""The reader options of the methods over labelled spans (spans, nervaluate, FairEval,
CLUEval), declared once as `--X`, `--gold-X` and `--system-X`: their Options class, the
values set, and each side's ReadOptions. Declared apart from engine/methods/spans so that
a method with its own readers (FairEval, CLUEval) declares its options without importing
the span methods' reading and scoring."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Iterable
from typing import Any

from ..formats import NO_SPAN_FORMATS, SPAN_FORMATS, format_module
from ..formats.reader_options import NO_USER, READER_OPTIONS, SYSTEM, SYSTEM_B, ReaderOption, ReadOptions
from ..options import option, option_flag

#: The reader options given once for both sides (with their ReadOptions default); the
#: others are given per side, in the order of the flags and the app's options: what the
#: input is first (its format; of an INCEpTION project export, whose annotations: the
#: system's user is the choice it needs), then how its spans are read.
BOTH_SIDES = ("reading", "discontinuous")
SIDE_OPTIONS: tuple[ReaderOption, ...] = (
    ReaderOption("format", str, "The input's format (default: recognised).",
                 (*SPAN_FORMATS, *NO_SPAN_FORMATS), "F"),
    *sorted((o for o in READER_OPTIONS if o.name not in BOTH_SIDES),
            key=lambda o: o.name != "user"),
)  # fmt: skip

#: The options the app offers per side besides for both (the others, --gold-separator …, the
#: command line only).
OWN_IN_APP = ("format", "layer", "feature", "source", "index", "user", "scheme", "token_column", "tag_column")


def format_title(name: str) -> str:
    """A --format name's title, as the app's Format list shows it: its reader's TITLE."""
    if name in SPAN_FORMATS:
        return format_module(SPAN_FORMATS[name]).TITLE
    return NO_SPAN_FORMATS[name]


def _fields() -> list[tuple[str, Any, Any]]:
    fields: list[tuple[str, Any, Any]] = []
    for name, kind, help_text, choices, metavar, path in SIDE_OPTIONS:
        for side in ("", "gold_", "system_"):
            whose = {"": "Both sides", "gold_": "Gold", "system_": "System"}[side]
            fields.append((side + name, kind | None, option(
                None, f"{whose}: {help_text}", choices=choices, metavar=metavar, path=path,
                minimum=0 if name == "index" else None, titles=format_title if name == "format" else None,
                gui=side == "" or name in OWN_IN_APP,
            )))  # fmt: skip
    for shared in (o for o in READER_OPTIONS if o.name in BOTH_SIDES):
        default = getattr(ReadOptions(), shared.name)
        fields.append((shared.name, shared.type, option(default, shared.help, choices=shared.choices)))
    fields.append((SYSTEM_B, tuple[str, ...] | None, dataclasses.field(default=None)))  # no option: see below
    return fields


#: The reader options every span method's Options inherit; and `system_b`, no option of its
#: own: set where the system input is compare's system B (engine/compare_options.py), the
#: names of the reader options B gives with its own --system-b-X (its system_X hold B's
#: values; those it does not name are system A's), so that its messages name B's flags (the
#: app's Second system is read so too, its own options the panel's Second system ones).
SpanInputOptions = dataclasses.make_dataclass("SpanInputOptions", _fields(), frozen=True, namespace={
    "__doc__": "The span readers' options: --X for both sides, --gold-X and --system-X for one.",
})  # a docstring of its own: without one, dataclass would describe the class by its signature  # fmt: skip
SpanInputOptions.__module__ = __name__


def reader_values(options: Any) -> dict[str, Any]:
    """The reader options set to other than their defaults, by name (none for None)."""
    if options is None:
        return {}
    fields = [f for f in dataclasses.fields(SpanInputOptions) if "option" in f.metadata]
    return {f.name: getattr(options, f.name) for f in fields if getattr(options, f.name) != f.default}


def read_as_span_formats(options: Any, own_formats: tuple[str, ...], recognised: Iterable[bool]) -> bool:
    """Whether a method reading `own_formats` itself (FairEval, CLUEval) reads both inputs
    with the span readers: a side's format (None: no options) names another format than its
    own, or an input is recognised as a span format (`recognised`: each input's
    in_span_formats with those formats, asked in turn; the app's from its looks)."""
    if options is not None:
        formats = {side_options(options, side)[0] for side in ("gold", "system")} - {None}
        if formats - set(own_formats):
            return True
    return any(recognised)


def unrecognised_read_as(own_formats: tuple[str, ...]) -> str | None:
    """The format a method reading `own_formats` itself reads an input no format recognises as,
    where it reads neither input with the span readers (read_as_span_formats): its one own
    format (CLUEval reads every such file as vertical text, whatever its name: run.evaluate_files);
    None where it has none, or several it tells apart by their lines (FairEval)."""
    return own_formats[0] if len(own_formats) == 1 else None


#: The formats of the methods whose run says what a zip no span reader reads is
#: (folders.zip_unread: an empty zip, a zip of PNGs) where no format is chosen: those reading
#: every span format (read_spans' dispatch, CoNLL columns among them) and FairEval (its reader
#: says what a file plainly is: folders.plainly_unread).
UNREAD_ZIP_SAYERS = frozenset({"conll", "faireval_spans"})


def says_zip_unread(formats: tuple[str, ...], chosen: bool, through_spans: bool) -> bool:
    """Whether the run of a method reading `formats` stops on a zip no span reader reads with
    folders.zip_unread's message: where no format is chosen for the input (`chosen`: the
    chosen format's reader says its own), a method of UNREAD_ZIP_SAYERS or one reading the
    input with the span readers (`through_spans`: read_as_span_formats, CLUEval beside a CoNLL file)."""
    return not chosen and (through_spans or not UNREAD_ZIP_SAYERS.isdisjoint(formats))


def reader_options_set(options: Any, own_formats: tuple[str, ...] = ()) -> list[str]:
    """The flags of the reader options set to other than their defaults, but a format
    option naming one of `own_formats` (for a method that reads its own formats without
    them, to say they were not used)."""
    values = reader_values(options)
    return [_flag_of(options, name) for name, value in values.items() if value not in own_formats]


def _flag_of(options: Any, name: str) -> str:
    """The flag that set reader option `name` (a field: source, gold_layer, system_source), as
    its side's ReadOptions.flag names it (compare's system B's own: --system-b-source)."""
    for side in ("gold", SYSTEM):
        if name.startswith(side + "_"):
            return side_options(options, side)[1].flag(name.removeprefix(side + "_"))
    return option_flag(name)


def prefer_own_options(parser: argparse.ArgumentParser) -> None:
    """For a method whose own options come first (FairEval, CLUEval): a shortened long
    option that matches one of its own options and reader options is its own, so every
    command line written for it keeps its meaning (CLUEval's `--lay` stays --layers,
    `--to` --token-id-column); a reader option is reached by a longer prefix. The
    shortened option is spelled out before argparse reads the line (its public
    parse_known_args; argparse keeps no public list of a parser's options, so the list is
    read from its actions)."""
    readers = {"opt_" + f.name for f in dataclasses.fields(SpanInputOptions)}
    parse = parser.parse_known_args

    def own_first(args: Any = None, namespace: Any = None) -> tuple[argparse.Namespace, list[str]]:
        long = [(s, a.dest) for a in parser._actions for s in a.option_strings if s.startswith("--")]
        own = {s: dest for s, dest in long if dest not in readers}
        reader_flags = [s for s, dest in long if dest in readers]
        args = list(sys.argv[1:] if args is None else args)
        end = args.index("--") if "--" in args else len(args)  # after it, every argument is positional
        args[:end] = [_spelled_out(parser, arg, own, reader_flags) for arg in args[:end]]
        return parse(args, namespace)

    parser.parse_known_args = own_first  # type: ignore[method-assign]


def _spelled_out(parser: argparse.ArgumentParser, arg: str, own: dict[str, str],
                 reader_flags: list[str]) -> str:  # fmt: skip
    """`arg` with its option spelled out when it shortens one own option and reader options
    (a usage error when it shortens several own ones); else as it is."""
    name, equals, value = arg.partition("=")
    if not name.startswith("--") or name in own or name in reader_flags:
        return arg
    if not any(flag.startswith(name) for flag in reader_flags):
        return arg
    mine: dict[str, str] = {}  # an own option's first spelling that `name` shortens
    for flag, dest in own.items():
        if flag.startswith(name):
            mine.setdefault(dest, flag)
    if len(mine) > 1:
        parser.error(f"ambiguous option: {arg} could match {', '.join(mine.values())}")
    return next(iter(mine.values())) + equals + value if mine else arg


def side_options(options: Any, side: str, one_file: bool = False) -> tuple[str | None, ReadOptions]:
    """(format, ReadOptions) of one side: its own option where given, else the shared one. Its
    messages name a way on for this side alone (--system-tag-column; compare's system B's own,
    --system-b-tag-column), but for both where it gives none of its own and gold and system
    (not B) are `one_file`: each side needs the change; but the system's own where the gold
    gives one of its own (read first, and well, the gold needs none)."""
    values, given = {}, []
    for name, *_ in SIDE_OPTIONS:
        own = getattr(options, f"{side}_{name}")
        values[name] = own if own is not None else getattr(options, name)
        if own is not None:
            given.append(name)
    fmt = values.pop("format")
    set_by_flag = tuple(k for k, v in values.items() if v is not None)
    if side == SYSTEM and values["user"] is None:
        values["user"] = NO_USER  # an INCEpTION project export as the system: whose work, the error asks
    kwargs = {k: v for k, v in values.items() if v is not None}
    named = _named_side(options, side, given) | {"given": set_by_flag}
    named["reads_for"] = named["side"]  # the side read, whatever side its messages name
    gold_apart = side == SYSTEM and _gives_own(options, "gold")
    if one_file and not given and not gold_apart and named["side"] != SYSTEM_B:
        named["side"] = ""  # B on the gold's file: the gold was read (system A's run reads it first)
    return fmt, ReadOptions(**kwargs, reading=options.reading, discontinuous=options.discontinuous, **named)


def _gives_own(options: Any, side: str) -> bool:
    """Whether `side` gives one of its reader options with its own flag (--gold-tag-column)."""
    return any(getattr(options, f"{side}_{name}") is not None for name, *_ in SIDE_OPTIONS)


def _named_side(options: Any, side: str, given: list[str]) -> dict[str, Any]:
    """The side a side's messages name, and the options it gives with its own flags: the
    system's own, or where it is compare's system B, B's own (system_b) and those it takes
    from system A's (from_system)."""
    b_own = options.system_b if side == SYSTEM else None
    if b_own is None:
        return {"side": side, "own": tuple(given)}
    return {"side": SYSTEM_B, "own": tuple(n for n in given if n in b_own),
            "from_system": tuple(n for n in given if n not in b_own)}  # fmt: skip
