"""An empty input (no bytes, or blank lines only) is called so by every method, not "found
none" nor an empty line 1."""

from __future__ import annotations

import pytest

CONTENT = {"an empty file": b"", "a file of blank lines": b"\n  \n\t\n"}


def _argv(method, gold, system, out):
    return {
        "faireval": ["faireval", gold, system],
        "clueval": ["clueval", gold, system],
        "poetry": ["poetry", gold, system, out],
        "starsem": ["starsem", "-g", gold, "-s", system],
        "spans": ["spans", gold, system],
        "nervaluate": ["nervaluate", gold, system],
        "agreement": ["agreement", gold, system],
        "propara": ["propara", "--answers", gold, "--predictions", system],
    }[method]


@pytest.mark.parametrize("found", CONTENT)
@pytest.mark.parametrize(
    "method", ["faireval", "clueval", "poetry", "starsem", "spans", "nervaluate", "agreement", "propara"]
)
def test_every_method_says_the_file_is_empty(cli, tmp_path, method, found):
    gold, system = tmp_path / "gold.txt", tmp_path / "system.txt"
    gold.write_bytes(CONTENT[found]), system.write_bytes(CONTENT[found])
    result = cli(*_argv(method, gold, system, tmp_path / "out.csv"))
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.startswith(f"spanstudio: error: {tmp_path}/") and result.err.endswith(f", found {found}\n")


def test_only_a_file_with_nothing_but_blank_lines_is_called_so(tmp_path):
    from engine.errors import nothing_found

    path = tmp_path / "pages.jsonl"
    path.write_bytes(b"\n{}\n")
    assert nothing_found(path) == "none" and nothing_found(tmp_path) == "none"
    assert nothing_found(tmp_path / "absent") == "none"
    path.write_bytes(b"\xef\xbb\xbf \r\n")  # a byte-order mark and white space
    assert nothing_found(path) == "a file of blank lines"


def test_a_blank_first_line_before_pages_is_named_as_before(cli, tmp_path):
    path = tmp_path / "pages.jsonl"
    path.write_bytes(b"\n{}\n")
    result = cli("poetry", path, path, tmp_path / "out.csv")
    assert result.err == f"spanstudio: error: {path}:1: expected a JSON object, found an empty line\n"
