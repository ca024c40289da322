"""Options declared once: a frozen dataclass per method, read by the CLI and the GUI.

Each field is made with `option(...)`, which records its help text, choices, range and
command-line spelling. `option_specs` turns a dataclass into the list both front ends
build their flags and panels from.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import types
import typing
from collections.abc import Callable
from dataclasses import field
from pathlib import Path
from typing import Any, NamedTuple

from .errors import InputError


class OptionInfo(NamedTuple):
    """What a front end needs to know about one option besides its type and default."""

    help: str
    label: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    flags: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    metavar: str | None = None
    nargs: str | None = None
    path: bool = False
    cli: bool = True
    gui: bool = True
    parse: Callable[[str], Any] | None = None  # reads one command-line value (may raise InputError)
    titles: Callable[[Any], str] | None = None  # a choice's name in the app (its Format list: the titles)


def option(default: Any, help: str, **info: Any) -> Any:
    """A dataclass field for an option: its default and what front ends show."""
    meta = {"option": OptionInfo(help=help, **info)}
    if isinstance(default, list | dict | set):
        raise TypeError("option defaults must be immutable (use a tuple)")
    return field(default=default, metadata=meta)


def option_flag(name: str, side: str = "") -> str:
    """The command-line flag of option `name` (tag_column: --tag-column), or of a side's own
    (gold: --gold-tag-column)."""
    return "--" + (f"{side}_{name}" if side else name).replace("_", "-")


class OptionSpec(NamedTuple):
    """One option as the CLI and the GUI see it."""

    name: str
    type: type  # bool, int, float, str, Path or tuple (a list of str)
    optional: bool  # None is allowed (and means "not set")
    default: Any
    info: OptionInfo

    @property
    def label(self) -> str:
        return self.info.label or self.name.replace("_", " ").capitalize()

    @property
    def flag(self) -> str:
        return self.info.flags[0] if self.info.flags else option_flag(self.name)

    @property
    def is_list(self) -> bool:
        return self.type is tuple

    def choice_title(self, choice: Any) -> str:
        """A choice as the app names it: its declared title, else as the command line spells it."""
        return self.info.titles(choice) if self.info.titles is not None else str(choice)


def _base_type(hint: Any) -> tuple[type, bool]:
    """(base type, whether None is allowed) of a field's type hint."""
    optional = False
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        optional = len(args) < len(typing.get_args(hint))
        hint = args[0]
        origin = typing.get_origin(hint)
    if origin is tuple:
        return tuple, optional
    if hint in (bool, int, float, str, Path):
        return hint, optional
    raise TypeError(f"unsupported option type {hint!r}")


@functools.cache  # a run asks five times (flags, values, checks, inputs, report); 0.7 ms for FairEval's
def option_specs(options_type: type) -> tuple[OptionSpec, ...]:
    """The options of a method's Options dataclass, in declaration order."""
    hints = typing.get_type_hints(options_type)
    specs = []
    for f in dataclasses.fields(options_type):
        info = f.metadata.get("option")
        if info is None:
            continue
        base, optional = _base_type(hints[f.name])
        specs.append(OptionSpec(f.name, base, optional, f.default, info))
    return tuple(specs)


def check_value(spec: OptionSpec, value: Any) -> None:
    """InputError (naming the flag) when `value` is outside the option's choices or range."""
    if value is None:
        if spec.optional:
            return
        raise InputError(f"a value for {spec.flag}", "none", option=spec.flag)
    values = value if spec.is_list else (value,)
    for item in values:
        if spec.info.choices is not None and item not in spec.info.choices:
            raise InputError(either(spec.info.choices), f"'{item}'", option=spec.flag)
        if spec.type in (int, float):
            _check_number(spec, item)


def _check_number(spec: OptionSpec, value: float) -> None:
    if isinstance(value, float) and not math.isfinite(value):
        raise InputError("a finite number", repr(value), option=spec.flag)
    low, high = spec.info.minimum, spec.info.maximum
    if low is not None and value < low:
        raise InputError(f"a number ≥ {low:g}", repr(value), option=spec.flag)
    if high is not None and value > high:
        raise InputError(f"a number ≤ {high:g}", repr(value), option=spec.flag)


def either(choices: tuple[Any, ...]) -> str:
    """'a or b', 'a, b or c'."""
    words = [str(c) for c in choices]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def validate(options: Any) -> None:
    """Check every option of an Options instance against its declaration."""
    for spec in option_specs(type(options)):
        check_value(spec, getattr(options, spec.name))


def to_plain(options: Any) -> dict[str, Any]:
    """Options as JSON-ready values (tuples as lists, paths as strings)."""
    plain = {}
    for spec in option_specs(type(options)):
        value = getattr(options, spec.name)
        if isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, Path):
            value = str(value)
        plain[spec.name] = value
    return plain


def from_plain(options_type: type, values: dict[str, Any]) -> Any:
    """An Options instance from plain values (unknown names and bad types fall back to defaults)."""
    kwargs = {}
    for spec in option_specs(options_type):
        if spec.name not in values:
            continue
        value = _coerce(spec, values[spec.name])
        if value is not _INVALID:
            kwargs[spec.name] = value
    return options_type(**kwargs)


_INVALID = object()


def _coerce(spec: OptionSpec, value: Any) -> Any:
    if value is None:
        return None if spec.optional else _INVALID
    try:
        if spec.type is tuple:
            return tuple(str(v) for v in value) if isinstance(value, list | tuple) else _INVALID
        if spec.type is bool:
            return value if isinstance(value, bool) else _INVALID
        if spec.type is Path:
            return Path(value)
        return spec.type(value)
    except (TypeError, ValueError):
        return _INVALID
