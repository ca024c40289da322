"""A file of the wrong kind: an input recognised as another method's format, and not as one
the chosen method reads, is not evaluated. The error names the methods that read it, so
that the command line can say which command to use and the app can offer to switch.

A file no format recognises is left to the method's reader, which says what is wrong
with it (line and all); only a positive recognition stops a run here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import InputError
from ..options import either
from . import ANNOTATION_TOOL_READERS, FORMAT_MODULES, format_module, input_lines, read_through_spans, sniffs

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..methods import Method


class WrongFormat(InputError):
    """An input recognised as a format the method does not read (`readers`: the methods
    that read it, by name)."""

    def __init__(self, path: str, format_title: str, method: Method, readers: list[Method],
                 as_columns: bool = False) -> None:  # fmt: skip
        self.format_title = format_title
        self.method_name = method.name
        self.readers = [reader.name for reader in readers]
        self.reader_titles = {reader.name: short_title(reader) for reader in readers}
        self.looks = looks = _looks_like(path, format_title, method)
        commands = either(tuple(f"'spanstudio {reader.name}'" for reader in readers))
        columns = f", or 'spanstudio {method.name} --format conll' (CoNLL columns)" if as_columns else ""
        self.sentence = f"{looks} — did you mean {commands}{columns}?"  # the command line's
        names = either(tuple(short_title(reader) for reader in readers))
        title = short_title(method)
        columns = f" {title} reads it as CoNLL columns, that format chosen." if as_columns else ""
        self.app_sentence = f"{looks}. {names} read{'s' if len(readers) == 1 else ''} it.{columns}"
        super().__init__(f"a file {short_title(method)} reads", described(format_title), file=path)

    @property
    def message(self) -> str:
        return self.sentence


def short_title(method: Method) -> str:
    """A method's name for a person: its title before the dash (FairEval, CLUEval, …)."""
    return method.title.split(" — ")[0]


def described(format_title: str) -> str:
    """A format's title after 'looks like': 'a FairEval span file', 'vertical text …'."""
    if format_title.endswith("file"):
        return f"a {format_title}"
    words = format_title.split(" ")
    if all(w[:1].isupper() and w[1:].islower() for w in words[:2]):
        return format_title  # a name: Label Studio JSON
    if words[0][:1].isupper() and words[0][1:].islower():
        return format_title[0].lower() + format_title[1:]  # Vertical text (.vrt) → vertical text
    return format_title


def _looks_like(path: str, format_title: str, method: Method) -> str:
    """'gold.tsv looks like a FairEval span file; CLUEval reads vertical text …'."""
    own = [format_module(name).TITLE for spec in method.inputs for name in spec.formats]
    reads = either(tuple(described(t) for t in dict.fromkeys(own))) if own else "other files"
    return f"{path} looks like {described(format_title)}; {short_title(method)} reads {reads}"


def recognised(lines: list[str], formats: tuple[str, ...]) -> str | None:
    """The first of `formats` (in the order of FORMAT_MODULES, most specific first) whose
    sniffer recognises these first lines, or None."""
    ordered = [name for name in FORMAT_MODULES if name in formats]
    ordered += [name for name in formats if name not in FORMAT_MODULES]
    return next((name for name in ordered if sniffs(name, lines)), None)


def readers_of(format_name: str) -> list[Method]:
    """The methods with an input that reads this format, in menu order."""
    from ..methods import all_methods

    return [m for m in all_methods() if any(format_name in spec.formats for spec in m.inputs)]


def check_input(method: Method, role: str, path: str, lines: list[str] | None = None) -> None:
    """WrongFormat when the input of `role` is recognised as another method's format and not
    as one `method` reads there; nothing when it is one of them, unrecognised or unreadable
    (the method's reader then says what is wrong). `lines`: its first lines, already read."""
    spec = next((s for s in method.inputs if s.role == role), None)
    if spec is None or not spec.formats or not path or path == "-":
        return
    lines = input_lines(path) if lines is None else lines
    if not lines:  # missing, unreadable or empty: the method's reader says so
        return
    if recognised(lines, spec.formats) is not None or read_through_spans(lines, spec.formats):
        return
    others = tuple(dict.fromkeys(n for m in _other_methods(method) for s in m.inputs for n in s.formats))
    found = recognised(lines, tuple(n for n in others if n not in spec.formats))
    if found is not None:
        title = format_module(found).TITLE
        raise WrongFormat(path, title, method, readers_of(found), _as_columns(spec, lines))


def _as_columns(spec: Any, lines: list[str]) -> bool:
    """Whether the method reads the input as CoNLL columns when --format conll names them:
    it reads the annotation tools' formats (through the span readers), and these first
    lines are CoNLL columns too (a two-column TAB file taken for vertical text)."""
    return any(name in ANNOTATION_TOOL_READERS for name in spec.formats) and sniffs("conll", lines)


def _other_methods(method: Method) -> list[Method]:
    from ..methods import all_methods

    return [m for m in all_methods() if m.name != method.name]


def check_inputs(method: Method, gold: str, system: str, options: Any = None,
                 heads: Mapping[str, list[str]] | None = None) -> None:  # fmt: skip
    """check_input for both inputs, gold first; not for an input whose format the options
    name (--format, --gold-format, --system-format: the reader of that format decides).
    `heads`: the first lines of inputs already read, by path (the others are read here)."""
    if not format_named(options, "gold"):
        check_input(method, "gold", gold, (heads or {}).get(gold))
    check_system(method, system, options, heads)


def check_system(
    method: Method, path: str, options: Any = None, heads: Mapping[str, list[str]] | None = None
) -> None:
    """check_input for a system's input, read as the System: the system, compare's system B
    and the app's Second system (not where the options name its format: --format,
    --system-format); `heads` as check_inputs takes them."""
    if not format_named(options, "system"):
        check_input(method, "system", path, (heads or {}).get(path))


def format_named(options: Any, role: str) -> bool:
    """Whether the options name the format of the input of `role` (--format, --gold-format,
    --system-format): the reader of that format decides, and check_inputs refuses no file there."""
    return any(getattr(options, name, None) for name in ("format", f"{role}_format"))
