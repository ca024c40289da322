"""Shared test helpers: where the conformance data lives, and running the CLI."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent

# No property test fails by its timing on a slow or busy machine (CI): Hypothesis's
# default deadline is 200 ms per example. Speed is measured in tests/bench.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


def _shared() -> Path:
    """The workplace's shared folder: $SPANSTUDIO_SHARED, ../shared beside the checkout,
    or /work/shared."""
    candidates = [Path(p) for p in [os.environ.get("SPANSTUDIO_SHARED")] if p]
    candidates += [ROOT.parent / "shared", Path("/work/shared")]
    return next((c for c in candidates if (c / "conformance").is_dir()), candidates[0])


SHARED = _shared()
CONFORMANCE = SHARED / "conformance"


def conformance(method: str) -> Path:
    """The conformance folder of a method. Missing data fails the test (the numbers must
    be checked); SPANSTUDIO_SKIP_CONFORMANCE=1 turns that into a skip, for machines
    that do not have the data."""
    folder = CONFORMANCE / method
    if not folder.is_dir():
        if os.environ.get("SPANSTUDIO_SKIP_CONFORMANCE") == "1":
            pytest.skip(f"conformance data not found at {folder}")
        pytest.fail(f"conformance data not found at {folder} (set SPANSTUDIO_SHARED)")
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


@pytest.fixture
def person_folder(tmp_path) -> Path:
    """A folder as deep and long-named as a person's (messages must not cut their advice at
    its path)."""
    folder = tmp_path / "Documents" / "annotation projects" / "newspaper corpus 1850-1900" / "round 2"
    folder.mkdir(parents=True)
    return folder


@pytest.fixture
def read_only_folder(tmp_path, monkeypatch):
    """A folder the CLI sees as not writable, whoever runs the tests (root writes
    anywhere, so the permission check is made to answer as for another user)."""
    import engine.cli

    folder = tmp_path / "read-only"
    folder.mkdir()
    real_access = engine.cli.os.access

    def access(path, mode, *args, **kwargs):
        inside = Path(path) == folder or folder in Path(path).parents
        return False if inside and mode & os.W_OK else real_access(path, mode, *args, **kwargs)

    monkeypatch.setattr(engine.cli.os, "access", access)
    return folder
