"""The Second system's own reader options in the app, as compare's system B has them on the
command line: --system-b-X for each --system-X (engine/compare_options.system_b_specs, the
specs compare's flags are made from), each named as the app names that input ('Second system
format'), shown in a method's options panel after the System's own where the method compares
two systems (gui/options_panel.py), and read into the options the run reads the Second system
with, as compare reads its system B (compare_options.system_b_read). Not set, one takes the
System's."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.compare_options import SYSTEM_B_PREFIX, SYSTEM_PREFIX, system_b_read, system_b_specs
from engine.errors import InputError
from engine.options import OptionSpec, check_value, option_specs

if TYPE_CHECKING:
    from engine.methods import Method

#: How the app names the second system (its file box's title).
SECOND = "Second system"
#: What a Second system option not set reads with.
UNSET_AS = "as for the System"


def is_second(name: str) -> bool:
    """Whether an option is the Second system's own (system_b_tag_column)."""
    return name.startswith(SYSTEM_B_PREFIX)


def system_name(name: str) -> str:
    """The System's option a Second system option is the own of (system_b_user: system_user)."""
    return SYSTEM_PREFIX + name.removeprefix(SYSTEM_B_PREFIX)


@functools.cache
def second_specs(options_type: type) -> tuple[OptionSpec, ...]:
    """The Second system's options of a method's Options: compare's --system-b-X of the
    System's options the app shows (none for a method without reader options)."""
    return tuple(_in_app(spec) for spec in system_b_specs(options_type) if spec.info.gui)


def _in_app(spec: OptionSpec) -> OptionSpec:
    """A --system-b-X as the app names it: 'Second system tag column', its help 'Second system: …'."""
    words = spec.name.removeprefix(SYSTEM_B_PREFIX).replace("_", " ")
    help_text = spec.info.help.replace("System B: ", f"{SECOND}: ", 1)
    help_text = help_text.replace("Not given: as for system A.", f"Not set: {UNSET_AS}.")
    return spec._replace(info=spec.info._replace(label=f"{SECOND} {words}", help=help_text))


def panel_specs(method: Method) -> tuple[OptionSpec, ...]:
    """A method's options as its panel has them, the Second system's own among them where it
    compares two systems (its unit: the Second system box is shown)."""
    return (*option_specs(method.Options), *(second_specs(method.Options) if method.unit else ()))


def in_order(specs: Iterable[OptionSpec], seconds: Iterable[OptionSpec]) -> list[OptionSpec]:
    """The options in the panel's order: each of the Second system's after the System's own."""
    after = {system_name(spec.name): spec for spec in seconds}
    ordered: list[OptionSpec] = []
    for spec in specs:
        ordered += [spec, after.pop(spec.name)] if spec.name in after else [spec]
    return ordered + list(after.values())


def second_options(options_type: type, options: Any, values: dict[str, Any]) -> Any:
    """The options the Second system is read with: `options` (the System's), with the Second
    system's own among `values` (by name; None: not set) read as compare reads --system-b-X;
    `options` itself for a method without them. InputError naming the flag of a bad value."""
    seconds = {name: value for name, value in values.items() if is_second(name)}
    return system_b_read(options_type, options, seconds) or options


def kept_value(spec: OptionSpec, value: Any) -> Any:
    """A Second system option's value as the settings kept it, where it is one (else None: not set)."""
    if value is None or type(value) is not spec.type:
        return None
    try:
        check_value(spec, value)
    except InputError:
        return None
    return value
