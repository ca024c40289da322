"""CLUEval's options, declared once, and their checks (specs/clueval.md §6, C11, C13, C17,
C32, C33)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ...errors import InputError
from ...formats.vrt import VrtLayout
from ...options import option, option_flag
from ..span_options import SpanInputOptions
from .match import STATUSES

ERROR_TYPES = STATUSES[1:]  # contained, tiled, covered, unmatched
DEFAULT_ERROR_TYPES = ("unmatched",)
RESERVED = (
    "start", "end", "token_id_start", "token_id_end", "text", "doc_id", "domain", "id", "status",
    "start_Y", "end_Y", "token_id_start_Y", "token_id_end_Y", "text_Y",
    "reference", "candidate", "context", "error_type",
)  # fmt: skip
METADATA_FLAGS = {
    "token_id_column": "--token-id-column",
    "doc_id_column": "--doc-id-column",
    "domain_column": "--domain-column",
}


def integer(flag: str, minimum: int | None = None) -> Callable[[str], int]:
    """A command-line converter with the spec's message (C50)."""

    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or (minimum is not None and value < minimum):
            bound = "" if minimum is None else f" ≥ {minimum}"
            raise InputError(f"an integer{bound}", f"'{text}'", option=flag)
        return value

    return convert


def level(text: str) -> int:
    """--lenient: an integer from 0 to 3."""
    try:
        value = int(text)
    except ValueError:
        value = None
    if value not in (0, 1, 2, 3):
        raise InputError("one of 0, 1, 2, 3", f"'{text}'", option="--lenient")
    return value


def _column(description: str, short: str, flag: str) -> Any:
    """An option naming an input column (none by default): --FLAG N, its short and its
    underscored spelling (the original's) as aliases."""
    return option(None, description, metavar="N", aliases=(short, "--" + flag.replace("-", "_")),
                  parse=integer("--" + flag))  # fmt: skip


@dataclass(frozen=True)
class CluevalOptions:
    """CLUEval's own options (the original's command line)."""

    lenient: int = option(
        3,
        "Leniency level: which match classes count as hits. 0 exact; 1 also contained; "
        "2 also tiled; 3 also covered.",
        choices=(0, 1, 2, 3),
        flags=("--lenient", "-l"),
        parse=level,
        label="Leniency level",
    )
    layers: tuple[str, ...] = option(
        ("span",),
        "Names of the BIO columns 1 … n, in column order; only the columns named are "
        "evaluated. Names are separated by commas in the app and by spaces on the command line.",
        metavar="NAME",
        aliases=("-a", "--annotation_layer"),
    )
    labelled: tuple[str, ...] | None = option(
        None,
        "Layers to report per label (one row per category).",
        metavar="LAYER",
        aliases=("-le", "--labelled_eval", "-lc"),
        label="Labelled layers",
    )
    filter_layer: str | None = option(
        None,
        "Add a row for the spans with --filter-value in this layer.",
        metavar="LAYER",
        aliases=("-sle", "--span_label_eval", "-sl"),
    )
    filter_value: str | None = option(
        None,
        "The label of the filtered row.",
        metavar="VALUE",
        aliases=("-slv", "--span_label_value"),
    )
    error_tables: tuple[str, ...] | None = option(
        None,
        "Error tables for these match classes; bare: unmatched.",
        choices=ERROR_TYPES,
        metavar="TYPE",
        nargs="*",
        aliases=("-e", "--error_tables"),
    )
    match_tables: bool = option(
        False,
        "Print the first rows of the match tables.",
        flags=("--match-tables", "-m", "--match_tables"),
        gui=False,
        cli=False,  # a plain switch (no --no- form, which would make --n ambiguous): add_arguments
    )
    rows: int = option(
        10,
        "Rows printed per error or match table (negative: all but the last N).",
        metavar="N",
        aliases=("-n", "--n_rows"),
        parse=integer("--rows"),
        gui=False,
    )
    context_left: int = option(
        10,
        "Tokens of context before a span in the error tables.",
        metavar="N",
        minimum=0,
        parse=integer("--context-left", 0),
    )
    context_right: int = option(
        9,
        "Tokens of context after a span in the error tables.",
        metavar="N",
        minimum=0,
        parse=integer("--context-right", 0),
    )
    # How the input is laid out: last, next to the span readers' input options (Format, User, …).
    token_id_column: int | None = _column(
        "Column index (0-based, negative from the end) of the token ids.", "-ct", "token-id-column"
    )
    doc_id_column: int | None = _column(
        "Column index of the document ids (an empty field continues the document).", "-ci", "doc-id-column"
    )
    domain_column: int | None = _column("Column index of the domain (lower-cased).", "-cd", "domain-column")
    xml_document: str = option(
        "text", "XML element whose id names the document.", metavar="NAME", label="XML document element"
    )
    xml_sentence: str = option(
        "s", "XML element whose id names the sentence.", metavar="NAME", label="XML sentence element"
    )

    @property
    def error_types(self) -> tuple[str, ...] | None:
        """The selected error types (a bare --error-tables means unmatched), None when off."""
        if self.error_tables is None:
            return None
        return tuple(self.error_tables) or DEFAULT_ERROR_TYPES

    def layout(self) -> VrtLayout:
        return VrtLayout(
            len(self.layers),
            self.token_id_column,
            self.doc_id_column,
            self.domain_column,
            self.xml_document,
            self.xml_sentence,
        )


@dataclass(frozen=True)
class Options(SpanInputOptions, CluevalOptions):
    """CLUEval's options, then the span readers' (--format, --user, --layer, … as spans has
    them): the input options (CLUEval's columns and XML elements, then the readers') together."""


def checked(options: Options, warnings: list[str]) -> Options:
    """The options as a run uses them (C11 applied, a bare --error-tables as unmatched);
    InputError for what the original cannot run."""
    _check_layers(options.layers)
    for name in options.labelled or ():
        if name not in options.layers:
            raise InputError(
                f"one of the layers {', '.join(options.layers)}", f"'{name}'", option="--labelled"
            )
    if options.filter_layer is not None:
        if options.filter_layer not in options.layers:
            raise InputError(
                f"one of the layers {', '.join(options.layers)}",
                f"'{options.filter_layer}'",
                option="--filter-layer",
            )
        if options.filter_value is None:
            raise InputError("--filter-value as well", "none", option="--filter-layer")
    elif options.filter_value is not None:
        warnings.append("--filter-value: ignored without --filter-layer, as in the original")
    if options.lenient not in (0, 1, 2, 3):
        raise InputError("one of 0, 1, 2, 3", f"'{options.lenient}'", option="--lenient")
    for name in ("context_left", "context_right"):
        value = getattr(options, name)
        if value < 0:
            raise InputError("an integer ≥ 0", f"'{value}'", option=option_flag(name))
    for error_type in options.error_tables or ():
        if error_type not in ERROR_TYPES:
            raise InputError(
                "contained, tiled, covered or unmatched", f"'{error_type}'", option="--error-tables"
            )
    changes: dict[str, Any] = {}
    for name, flag in METADATA_FLAGS.items():
        if getattr(options, name) == 0:
            warnings.append(f"{flag}: 0 is the token column; ignored as in the original")
            changes[name] = None
    if options.error_tables is not None:
        changes["error_tables"] = options.error_types
    options = replace(options, **changes)
    _warn_shared_columns(options, warnings)
    return options


def _check_layers(layers: tuple[str, ...]) -> None:
    """C17: layer names must be distinct and not name a table column."""
    if not layers:
        raise InputError("at least one layer name", "none", option="--layers")
    seen: set[str] = set()
    for name in layers:
        if name in seen:
            raise InputError("distinct names", f"'{name}' twice", option="--layers")
        seen.add(name)
    for name in layers:
        if name in RESERVED or (name.endswith("_Y") and name[:-2] in seen):
            raise InputError("a name that is not a table column", f"'{name}'", option="--layers")


def _warn_shared_columns(options: Options, warnings: list[str]) -> None:
    """C13: a BIO column that is also a metadata column is read as both."""
    n = len(options.layers)
    for name, flag in METADATA_FLAGS.items():
        index = getattr(options, name)
        if index is not None and 1 <= index <= n:
            warnings.append(
                f"{flag}: column {index} is also read as the BIO column of layer "
                f"'{options.layers[index - 1]}' (more layer names than tag columns?)"
            )
