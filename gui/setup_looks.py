"""What the setup panel's looks at the chosen files are keyed by and what they mean: each
method's refusal of a file, the key of a look at its contents, whether its reader's message
is shown, and the method's notes on the options (gui/setup_panel.py asks for the looks)."""

from __future__ import annotations

import os
from collections.abc import Hashable
from dataclasses import replace
from typing import Any

from engine.errors import InputError
from engine.formats.reader_options import given_user
from engine.formats.standoff import ReadOptions
from engine.formats.suggest import WrongFormat, check_input
from engine.methods import Advice, InputSpec, Method

from .dialogs import app_words
from .file_contents import Contents

#: What a look at an input is for: its path, and the format (None: recognised) and reader
#: options of its side, the side its messages name among them (ReadOptions.side).
LookKey = tuple[str, str | None, ReadOptions]
#: Why each method does not read one side's input (None: it reads it), by method name.
Refusals = dict[str, WrongFormat | None]


def refusal(method: Method, role: str, path: str, lines: list[str]) -> WrongFormat | None:
    """Why the method does not read this input (recognised as another method's format), or
    None (`lines`: the input's head, read)."""
    try:
        check_input(method, role, path, lines)
    except WrongFormat as err:
        return err
    return None


def unreadable(found: dict[str, Refusals], name: str) -> str | None:
    """Why the method of this name cannot read the inputs, gold first, or None."""
    reason = found.get("gold", {}).get(name) or found.get("system", {}).get(name)
    return reason.app_sentence if reason is not None else None


def contents_key(path: str, format: str | None, options: ReadOptions) -> Hashable:
    """What a look at a file's contents depends on: its path and its side's format and options (the
    gold's and the system's "no user given" the same, but in an INCEpTION project export, a
    folder or a .zip, where the gold reads the curation and the system asks whose work)."""
    if not (path.lower().endswith(".zip") or os.path.isdir(path)):
        options = replace(options, user=given_user(options))
    return ("contents", path, format, options)


def answered(key: LookKey, contents: Contents) -> Hashable:
    """What a look's contents answer (contents_key): the look of `key`, but for any side its
    messages would name where they hold none (ReadOptions.side changes a look's messages alone)."""
    path, format, options = key
    return contents_key(path, format, options if contents.error is not None else replace(options, side=""))


def described(method: Method) -> str:
    """A method's description in the app's words (its flags named by the panel's controls)."""
    return method.app_description or app_words(method.description)


def read_as_spans(spec: InputSpec, span_format: bool) -> bool:
    """Whether the method reads an input with the span readers (spans and nervaluate
    always; FairEval and CLUEval an annotation tool's file or CoNLL columns of their own:
    `span_format`, found by in_span_formats)."""
    return "conll" in spec.formats or span_format


def advises(method: Method) -> bool:
    """Whether the method has notes on its options for a gold input (its own advice())."""
    return type(method).advice is not Method.advice


def advice_on(method: Method, gold: str, options: Any) -> Advice | None:
    """The method's note on the options for this gold input (it may read its first lines)."""
    try:
        return method.advice(gold, options)
    except (InputError, OSError):
        return None
