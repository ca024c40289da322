"""Shared test helpers: where the conformance data lives, and running the CLI."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("SPANSTUDIO_SHARED", ROOT.parent / "shared"))
CONFORMANCE = SHARED / "conformance"


def conformance(method: str) -> Path:
    """The conformance folder of a method; the test is skipped only when the whole
    shared folder is absent (it is part of every checkout of this workplace)."""
    folder = CONFORMANCE / method
    if not CONFORMANCE.is_dir():
        pytest.skip(f"conformance data not found at {CONFORMANCE}")
    assert folder.is_dir(), f"missing conformance data {folder}"
    return folder


class CliResult:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err


@pytest.fixture
def cli(capsys):
    """Run `spanstudio ARGS…` in-process; returns exit code, stdout, stderr."""
    from engine.cli import main

    def run(*args: str) -> CliResult:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run
