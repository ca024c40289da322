"""`spanstudio compare`'s second system's own reader options: for a method over labelled
spans, --system-b-X for each of its --system-X (format, tag column, scheme …), where system B
is in another format, or its tags in another column, than system A. Not given, B is read as A.
The app's Second system has them too (its options panel's Second system options: the same specs).

    spanstudio compare spans GOLD A.conll B.json --system-b-format label-studio
"""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

from .errors import InputError
from .options import OptionSpec, check_value, option_specs

#: How the names of system A's and system B's own options begin (system_tag_column).
SYSTEM_PREFIX, SYSTEM_B_PREFIX = "system_", "system_b_"


def system_b_specs(options_type: type) -> list[OptionSpec]:
    """The --system-b-X options of a method's Options: one for each of its span readers'
    --system-X (none for a method without them)."""
    specs = [spec for spec in option_specs(options_type)
             if spec.name.startswith(SYSTEM_PREFIX) and spec.info.cli]  # fmt: skip
    if not specs:  # a method without them (*SEM …) imports no span options
        return []
    from .methods.span_options import SIDE_OPTIONS  # the readers' side options, declared once

    own = {SYSTEM_PREFIX + o.name for o in SIDE_OPTIONS}
    return [_as_system_b(spec) for spec in specs if spec.name in own]


def _as_system_b(spec: OptionSpec) -> OptionSpec:
    help_text = spec.info.help.replace("System: ", "System B: ", 1) + " Not given: as for system A."
    info = spec.info._replace(help=help_text, flags=(), aliases=())
    name = SYSTEM_B_PREFIX + spec.name.removeprefix(SYSTEM_PREFIX)
    return spec._replace(name=name, default=None, info=info)


def system_b_options(args: argparse.Namespace, options_type: type, options: Any) -> Any:
    """The options system B is read with, from the parsed --system-b-X (system_b_read)."""
    values = {spec.name: getattr(args, "opt_" + spec.name, None) for spec in system_b_specs(options_type)}
    return system_b_read(options_type, options, values)


def system_b_read(options_type: type, options: Any, values: dict[str, Any]) -> Any:
    """The options system B is read with: system A's, each --system-b-X given in `values` (by
    its name, system_b_tag_column; None: not given) as its --system-X, and the names of those
    in `system_b` (engine/methods/span_options.py), which makes the readers name B's own flags
    (None for a method without them: B is read as A). The command line's compare and the
    app's Second system (its options panel's) read B with them."""
    specs = system_b_specs(options_type)
    if not specs:
        return None
    given = {}
    for spec in specs:
        value = values.get(spec.name)
        if value is not None:
            check_value(spec, value)
            if not isinstance(options, options_type):  # FairEval's settings from its config file
                raise InputError("reader options with TARGET SYSTEM_A SYSTEM_B", "--config", option=spec.flag)
            given[SYSTEM_PREFIX + spec.name.removeprefix(SYSTEM_B_PREFIX)] = value
    if not isinstance(options, options_type):  # a FairEval config: read without reader options, no side named
        return options
    own = tuple(name.removeprefix(SYSTEM_PREFIX) for name in given)
    return dataclasses.replace(options, **given, system_b=own)


def system_b_given(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """System B's reader options unlike A's, named as their --system-b-X (the report's options):
    those B reads with another value than A (one given with A's value, or the default's, is not)."""
    return {SYSTEM_B_PREFIX + name.removeprefix(SYSTEM_PREFIX): value for name, value in b.items()
            if name.startswith(SYSTEM_PREFIX) and _read_value(a, name) != _read_value(b, name)}  # fmt: skip


def _read_value(options: dict[str, Any], name: str) -> Any:
    """The value a system reads reader option `name` (system_tag_column) with, from a report's
    options (a user as the readers name it: `2` and `user 2` are one)."""
    from .formats.reader_options import read_value, user_called

    shared = name.removeprefix(SYSTEM_PREFIX)
    value = read_value(shared, options.get(name), options.get(shared))
    return user_called(value) if shared == "user" else value
