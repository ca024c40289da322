"""The command line's help layout: as wide as the terminal, a method's description filled."""

from __future__ import annotations

import argparse
import os
import sys


class HelpLayout(argparse.HelpFormatter):
    """argparse's help layout, as wide as the terminal (found as argparse finds it, but
    without importing shutil: 3 ms of every run, and help is seldom printed)."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=_terminal_columns() - 2)


class MethodLayout(HelpLayout):
    """HelpLayout for a method: its title, then its description filled to 88 columns
    (when the help is printed: a run does not import textwrap)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        import textwrap

        title, _, description = text.partition("\n\n")
        return f"{indent}{title}\n\n" + textwrap.fill(description, 88, initial_indent=indent,
                                                      subsequent_indent=indent)  # fmt: skip


def _terminal_columns() -> int:
    """shutil.get_terminal_size().columns: $COLUMNS, else the terminal's, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80
