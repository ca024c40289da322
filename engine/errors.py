"""The one error type for bad input, and the cancellation signal."""

from __future__ import annotations


class InputError(Exception):
    """Bad input a user can act on: where it is, what was expected, what was found."""

    def __init__(
        self,
        expected: str,
        found: str,
        *,
        file: str | None = None,
        line: int | None = None,
        option: str | None = None,
    ) -> None:
        self.expected = expected
        self.found = found
        self.file = file
        self.line = line
        self.option = option
        super().__init__(self.message)

    @property
    def where(self) -> str:
        """`FILE:LINE`, `FILE`, `--option` or '' (no place applies)."""
        if self.option:
            return self.option
        if self.file is None:
            return ""
        return f"{self.file}:{self.line}" if self.line is not None else self.file

    @property
    def message(self) -> str:
        text = f"expected {self.expected}, found {self.found}"
        return f"{self.where}: {text}" if self.where else text

    def __str__(self) -> str:
        return self.message


class Cancelled(Exception):
    """Raised inside an evaluation when the user asked to stop it."""
