"""The packaged app (make package-test): the built binaries start and evaluate with no
Python beside them, and the built CLI gives the engine's output on conformance data."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT, conformance

DIST = Path(os.environ.get("SPANSTUDIO_DIST", ROOT / "dist"))
FOLDER = DIST / "span-studio"
EXE = ".exe" if sys.platform == "win32" else ""
CLEAN_ENV = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
CLEAN_ENV["QT_QPA_PLATFORM"] = "offscreen"
CLEAN_ENV["PATH"] = "/usr/bin:/bin"  # no Python of ours on the path


def built(path: Path) -> Path:
    if not path.exists():
        pytest.fail(f"{path} is missing: run `make package` first")
    return path


def run(*args, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, env=CLEAN_ENV,
                          cwd=cwd, timeout=300)  # fmt: skip


@pytest.mark.parametrize("app", ["span-studio/spanstudio-gui", "spanstudio-gui-onefile"])
def test_the_built_app_evaluates_the_example(app):
    start = time.perf_counter()
    result = run(built(DIST / f"{app}{EXE}"), "--selfcheck")
    took = time.perf_counter() - start
    assert result.returncode == 0, result.stderr
    assert "selfcheck ok" in result.stdout
    assert "fair\t0.7778\t0.7368\t0.7568" in result.stdout  # the bundled example's fair scores
    print(f"\n{app} --selfcheck: {took:.1f} s")


def engine_cli(*args, cwd=None) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, "-m", "engine.cli", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=300)  # fmt: skip


def commands(tmp_path: Path) -> dict[str, tuple[list, Path | None]]:
    fe = conformance("faireval")
    po = conformance("poetry") / "readme_example"
    st = conformance("starsem")
    pp = conformance("propara") / "testfiles-3"
    cl = conformance("clueval") / "data"
    return {
        "faireval": (["faireval", "--config", "ner.config", "--eval-out", "-"], fe / "config"),
        "poetry": (["poetry", po / "ref.jsonl", po / "sys.jsonl", tmp_path / "{who}.csv"], None),
        "starsem": (["starsem", "-g", st / "SEM-2012-SharedTask-CD-SCO-dev-09032012.txt", "-s",
                     st / "dev.mixed.system.txt", "--starsem-exact"], None),
        "propara": (["propara", "-p", pp / "predictions.tsv", "-a", pp / "answers.tsv"], None),
        "clueval": (["clueval", cl / "fiktives-urteil-p1.bio", cl / "fiktives-urteil-p2.bio", "-a", "anon",
                     "entity", "risk", "-le", "entity", "risk"], None),
    }  # fmt: skip


@pytest.mark.parametrize("method", ["faireval", "poetry", "starsem", "propara", "clueval"])
def test_the_built_cli_gives_the_engines_output(method, tmp_path):
    args, cwd = commands(tmp_path)[method]
    mine = [str(a).replace("{who}", "packaged") for a in args]
    theirs = [str(a).replace("{who}", "engine") for a in args]
    packaged = run(built(FOLDER / f"spanstudio{EXE}"), *mine, cwd=cwd)
    engine = engine_cli(*theirs, cwd=cwd)
    assert packaged.returncode == engine.returncode == 0, packaged.stderr
    assert packaged.stdout == engine.stdout and packaged.stdout
    if method == "poetry":
        assert (tmp_path / "packaged.csv").read_bytes() == (tmp_path / "engine.csv").read_bytes()


def test_the_built_cli_writes_the_engines_workbook(tmp_path):
    """Every export module is in the build (isal's deflate imports a module of its own from C)."""
    example = ROOT / "resources" / "examples" / "faireval"
    args = ["faireval", example / "gold.conll", example / "system.conll", "--xlsx"]
    packaged = run(built(FOLDER / f"spanstudio{EXE}"), *args, tmp_path / "packaged.xlsx")
    engine = engine_cli(*args, tmp_path / "engine.xlsx")
    assert packaged.returncode == engine.returncode == 0, packaged.stderr
    with zipfile.ZipFile(tmp_path / "packaged.xlsx") as mine, zipfile.ZipFile(tmp_path / "engine.xlsx") as theirs:
        sheets = [name for name in theirs.namelist() if name.startswith("xl/worksheets/")]
        assert sheets and all(mine.read(name) == theirs.read(name) for name in sheets)


def test_the_built_cli_reports_bad_input_in_one_line(tmp_path):
    bad = tmp_path / "bad.tsv"
    bad.write_text("NP\tx\t3\t1\n", encoding="utf-8")
    result = run(built(FOLDER / f"spanstudio{EXE}"), "faireval", bad, bad)
    assert result.returncode == 2
    assert result.stderr == f"spanstudio: error: {bad}:1: expected begin to be a whole number ≥ 1, found 'x'\n"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the tar.gz bundle is built on Linux")
def test_the_linux_bundle_holds_the_app_and_its_menu_entry():
    archives = sorted(DIST.glob("span-studio-*-linux-*.tar.gz"))
    assert archives, "no tar.gz bundle in dist/"
    with tarfile.open(archives[-1]) as bundle:
        names = set(bundle.getnames())
    for name in ("spanstudio-gui", "spanstudio", "span-studio.desktop", "install.sh"):
        assert f"span-studio/{name}" in names
    assert any(n.endswith("resources/examples/faireval/gold.conll") for n in names)
