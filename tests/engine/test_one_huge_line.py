"""A file of one huge line (megabytes before its first line ends) is judged without
splitting that line: FairEval's check of a sentence's first line and its message count
the separators (a split of millions of fields holds the interpreter's lock for hundreds of
milliseconds, and the app's window froze while its worker read such a file)."""

from __future__ import annotations

import tracemalloc

import pytest

from engine.formats.sniffing import is_conll_line
from engine.methods.faireval.reading import _fields_found

HUGE = "tok O " * 1_000_000  # 6 MB, 2,000,001 space-separated fields


def _peak(call) -> int:
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_the_first_line_is_judged_and_named_without_splitting_it():
    assert _peak(lambda: is_conll_line(HUGE)) < 1 << 16  # split: a list of 2 million strings (over 100 MB)
    assert _peak(lambda: _fields_found(HUGE)) < 1 << 16
    assert _fields_found(HUGE) == "2000001 space-separated fields"


@pytest.mark.parametrize("line", ["a B-PER", "a NN B-PER", "a  NN B-PER", "a NN B-PER x", "", "a\tb\tc",
                                  "a\tb c", "one"])  # fmt: skip
def test_counting_says_what_splitting_said(line):
    assert is_conll_line(line) == (len(line.split(" ")) == 3)
    tabs, spaces = len(line.split("\t")), len(line.split(" "))
    expected = f"{tabs} TAB-separated fields" if tabs > 1 else f"{spaces} space-separated field{'s' * (spaces != 1)}"
    assert _fields_found(line) == expected
