"""A folder that cannot be listed (os.scandir and os.listdir refuse it, as for another user's
folder: the tests run as root) is one line of the CLI naming it, for every command reading
folders: exit status 2, nothing on stdout, no traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.engine.test_faireval_examples import span_file

FOUND = "found a folder that cannot be listed (permission denied)"


@pytest.fixture
def locked(tmp_path, monkeypatch) -> Path:
    """A folder whose listing is refused, by os.scandir and os.listdir alike."""
    folder = tmp_path / "locked"
    folder.mkdir()
    (folder / "a.tsv").write_text("Tom\tB-X\n", encoding="utf-8")
    for name in ("scandir", "listdir"):
        real = getattr(os, name)

        def refused(path=".", real=real):
            if Path(path) == folder:
                raise PermissionError(13, "Permission denied", str(path))
            return real(path)

        monkeypatch.setattr(os, name, refused)
    return folder


def said(result, folder: Path) -> str:
    """The one line of the error, the exit status and the output checked."""
    assert (result.code, result.out) == (2, ""), result.err
    assert result.err.count("\n") == 1 and "Traceback" not in result.err, result.err
    assert result.err.startswith(f"spanstudio: error: {folder}: expected "), result.err
    return result.err


def test_faireval(cli, tmp_path, locked):
    span_file(tmp_path / "s.tsv", [("NX", 1, 2)])
    assert said(cli("faireval", locked, tmp_path / "s.tsv"), locked).endswith(f", {FOUND}\n")


def test_clueval(cli, tmp_path, locked):
    (tmp_path / "s.vrt").write_text("Tom\tB-X\n", encoding="utf-8")
    assert said(cli("clueval", locked, tmp_path / "s.vrt"), locked).endswith(f", {FOUND}\n")


@pytest.mark.parametrize("options", [(), ("--format", "doccano"), ("--format", "brat")])
def test_agreement(cli, tmp_path, locked, options):
    other = tmp_path / "other"
    other.mkdir()
    assert said(cli("agreement", *options, locked, other), locked).endswith(f", {FOUND}\n")
