"""The rules of a ProPara action file line by line (specs/propara.md §2.1, §3.1): the
original's two passes over the lines, and the error it reports first. The reader
(propara_actions) checks the rules in bulk and asks this validator for the message only
when some line breaks one."""

from __future__ import annotations

from ..errors import InputError
from ..textio import read_text
from .sniffing import integer


def _pass1_error(path: str, number: int, line: str, limit: int) -> InputError | None:
    """The original's first pass over one line of a file of `limit` lines: None when it passes."""
    fields = line.strip().split("\t", 2)
    if len(fields) < 2:
        found = f"'{fields[0]}'" if fields[0] else "an empty line"
        return InputError(
            "a process id and a sentence number separated by a TAB", found, file=path, line=number
        )
    return _integer_error(path, number, fields[0], fields[1], limit)


def _integer_error(path: str, number: int, pid: str, sentence: str, limit: int) -> InputError | None:
    """The error of an id or sentence number that is no integer, or a sentence below 1 or
    above `limit`, the file's lines (a larger one made the original run out of memory)."""
    if integer(pid) is None:
        return InputError("an integer process id in column 1", f"'{pid}'", file=path, line=number)
    value = integer(sentence)
    if value is None or value < 1:
        return InputError(
            "an integer sentence number of 1 or more in column 2", f"'{sentence}'", file=path, line=number
        )
    if value > limit:
        expected = f"a sentence number of at most {limit:,} (the file's lines, or {MIN_LIMIT:,}) in column 2"
        return InputError(expected, f"'{sentence}'", file=path, line=number)
    return None


def _row_error(path: str, number: int, action: str, before: str, after: str) -> InputError | None:
    """The location rules of the action (§2.1), first failure wins."""

    def error(expected: str, found: str) -> InputError:
        return InputError(expected, found, file=path, line=number)

    if action == "NONE":
        if before != after:
            return error("equal before and after locations for NONE", f"'{before}' and '{after}'")
    elif action == "CREATE":
        if before != "-":
            return error("'-' as the before location of CREATE", f"'{before}'")
        if after in ("", "-"):
            return error("a location after CREATE (not empty, not '-')", f"'{after}'")
    elif action == "DESTROY":
        if before in ("", "-"):
            return error("a location before DESTROY (not empty, not '-')", f"'{before}'")
        if after != "-":
            return error("'-' as the after location of DESTROY", f"'{after}'")
    elif action == "MOVE":
        if before in ("", "-"):
            return error("a location before MOVE (not empty, not '-')", f"'{before}'")
        if after in ("", "-"):
            return error("a location after MOVE (not empty, not '-')", f"'{after}'")
    else:
        return error("NONE, CREATE, DESTROY or MOVE as the action", f"'{action}'")
    return None


def _pass2_error(path: str, number: int, line: str, limit: int) -> InputError | None:
    """The original's second pass over one line of a file of `limit` lines: None when it passes."""
    fields = line.split("\t", 6)
    if len(fields) < 6:
        return InputError("6 tab-separated fields", str(len(fields)), file=path, line=number)
    return _integer_error(path, number, fields[0], fields[1], limit) or _row_error(path, number, *fields[3:6])


MIN_LIMIT = 1000  # the largest sentence number in a short file (a sentence may lack rows, Q9)


def first_error(path: str, lines: list[str]) -> InputError | None:
    """The error the original reports first: pass 1 over every line, then pass 2."""
    for number, line in enumerate(lines, 1):
        error = _pass1_error(path, number, line, max(len(lines), MIN_LIMIT))
        if error is not None:
            return error
    for number, line in enumerate(lines, 1):
        error = _pass2_error(path, number, line, max(len(lines), MIN_LIMIT))
        if error is not None:
            return error
    return None


def split_lines(text: str) -> list[str]:
    """Lines without their ends; a final line end makes no extra line."""
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # a final line end makes no extra line
    return lines


def read_lines(path: str) -> list[str]:
    """The lines of a UTF-8 text file (BOM and line ends removed)."""
    return split_lines(read_text(path))
