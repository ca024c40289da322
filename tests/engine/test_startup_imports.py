"""A scores-only run imports no library it does not use: start-up is part of every run's
CPU time (issue 23). Each run is a fresh process that lists its sys.modules."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

#: Libraries only the readers of other formats, the exports or the statistics (--ci) need.
HEAVY = ("lxml", "openpyxl", "pandas", "xlsxwriter", "cassis", "threadpoolctl")

_RUN_AND_LIST = """
import json, sys
from engine.cli import main
status = main(sys.argv[1:])
print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})), file=sys.stderr)
raise SystemExit(status)
"""


def _modules_of_run(*args: str | Path) -> set[str]:
    """The top-level modules a scores-only command-line run has imported when it ends."""
    done = subprocess.run([sys.executable, "-c", _RUN_AND_LIST, *map(str, args)],
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def _conll(path: Path, tags: list[str]) -> Path:
    words = ["Anna", "lives", "in", "Berlin", "."]
    path.write_text("".join(f"{w} {t}\n" for w, t in zip(words, tags, strict=True)) + "\n", encoding="utf-8")
    return path


def _faireval(path: Path, rows: list[str]) -> Path:
    path.write_text("".join(f"{row}\n" for row in rows) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("method", ["spans", "nervaluate"])
def test_a_conll_run_imports_no_heavy_library(tmp_path, method):
    gold = _conll(tmp_path / "gold.conll", ["B-PER", "O", "O", "B-LOC", "O"])
    system = _conll(tmp_path / "system.conll", ["B-PER", "O", "O", "B-ORG", "O"])
    imported = _modules_of_run(method, gold, system)
    assert "engine" in imported  # the listing is of the run's own process
    assert imported.isdisjoint(HEAVY), sorted(imported & set(HEAVY))


def test_a_faireval_run_imports_no_heavy_library(tmp_path):
    gold = _faireval(tmp_path / "gold.csv", ["PER\t1\t1\t1", "LOC\t4\t4\t4"])
    system = _faireval(tmp_path / "system.csv", ["PER\t1\t1\t1", "ORG\t4\t4\t4"])
    imported = _modules_of_run("faireval", gold, system)
    assert "engine" in imported
    assert imported.isdisjoint(HEAVY), sorted(imported & set(HEAVY))


#: What only reading (not recognising) the JSON Lines and vertical-text formats needs: their
#: decompressors and parsers (engine/formats/sniffing.py recognises them without these).
READERS_ONLY = ("bz2", "gzip", "lzma", "orjson", "html")


@pytest.mark.parametrize("method", ["spans", "nervaluate", "faireval"])
def test_recognising_the_inputs_imports_no_other_formats_reader(tmp_path, method):
    if method == "faireval":
        gold = _faireval(tmp_path / "gold.csv", ["PER\t1\t1\t1", "LOC\t4\t4\t4"])
        system = _faireval(tmp_path / "system.csv", ["PER\t1\t1\t1", "ORG\t4\t4\t4"])
    else:
        gold = _conll(tmp_path / "gold.conll", ["B-PER", "O", "O", "B-LOC", "O"])
        system = _conll(tmp_path / "system.conll", ["B-PER", "O", "O", "B-ORG", "O"])
    imported = _modules_of_run(method, gold, system)
    assert "engine" in imported
    assert imported.isdisjoint(READERS_ONLY), sorted(imported & set(READERS_ONLY))


def _spans_run(tmp_path: Path) -> list[str | Path]:
    gold = _conll(tmp_path / "gold.conll", ["B-PER", "O", "O", "B-LOC", "O"])
    system = _conll(tmp_path / "system.conll", ["B-PER", "O", "O", "B-ORG", "O"])
    return ["spans", gold, system]


def _agreement_run(tmp_path: Path) -> list[str | Path]:
    return ["agreement", *_annotators(tmp_path)]


@pytest.mark.parametrize("run", [_spans_run, _agreement_run], ids=["review", "adjudication"])
def test_writing_a_workbook_again_reads_its_zip_comment_without_lxml(tmp_path, run):
    """A workbook written without a review (or decisions) says so in its zip comment:
    replacing it (the second --xlsx run) needs no XML reader; one saved by another program
    is read for a review (engine/export/review_scan.py scan_workbook, for both)."""
    book = tmp_path / "r.xlsx"
    args = [*run(tmp_path), "--xlsx", book]
    for _ in range(2):
        imported = _modules_of_run(*args)
        assert "lxml" not in imported and book.is_file()
    with zipfile.ZipFile(book) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    with zipfile.ZipFile(book, "w") as archive:  # saved again by a program: no comment
        for name, data in parts.items():
            archive.writestr(name, data)
    assert "lxml" in _modules_of_run(*args)  # looked at: no review in it


def test_the_guard_sees_a_heavy_library(tmp_path):
    """The listing would show lxml had the run imported it: the guard can fail."""
    gold = _conll(tmp_path / "gold.conll", ["B-PER", "O", "O", "B-LOC", "O"])
    done = subprocess.run(
        [sys.executable, "-c", "import lxml.etree\n" + _RUN_AND_LIST, "spans", str(gold), str(gold)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert "lxml" in json.loads(done.stderr.strip().splitlines()[-1])


_METHODS_IMPORTED = (
    "import sys, engine.cli; parser = engine.cli.build_parser(sys.argv[1:]); "
    "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('engine.methods.')}))"
)


@pytest.mark.parametrize("argv", [["starsem", "-g", "g", "-s", "s"], ["compare", "starsem", "g", "a", "b"]])
def test_a_method_run_imports_that_method_alone(argv):
    done = subprocess.run([sys.executable, "-c", _METHODS_IMPORTED, *argv], capture_output=True, text=True,
                          timeout=120)  # fmt: skip
    assert done.stdout.strip() == "['starsem']", done.stderr


_RUN_AND_LIST_ALL = _RUN_AND_LIST.replace('name.split(".")[0] for name in sys.modules', "*sys.modules")


def _all_modules_of_run(*args: str | Path) -> set[str]:
    """Every module (submodules too) a command-line run has imported when it ends."""
    done = subprocess.run([sys.executable, "-c", _RUN_AND_LIST_ALL, *map(str, args)],
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def _doccano(tmp_path: Path) -> list[str]:
    """CLUEval on a span format (doccano JSONL: its tags made by spanformats), two documents."""
    text = "Anna lives in Berlin and Ben in Rome ."
    labels = ([[0, 4, "PER"], [14, 20, "LOC"]], [[0, 4, "PER"], [14, 20, "ORG"], [32, 36, "LOC"]])
    paths = [tmp_path / "gold.jsonl", tmp_path / "system.jsonl"]
    for path, label in zip(paths, labels, strict=True):
        lines = (json.dumps({"id": n, "text": text, "label": label}) for n in (1, 2))
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [str(path) for path in paths]


def _annotators(tmp_path: Path) -> list[str]:
    """Three annotators' CoNLL files of two documents, their spans differing (αu's tables)."""
    tags = (["B-PER", "I-PER", "O", "B-LOC", "O"], ["B-PER", "O", "O", "B-ORG", "O"], ["O", "O", "O", "B-LOC", "O"])
    return [str(_conll(tmp_path / f"a{n}.conll", t)) for n, t in enumerate(tags)]


@pytest.mark.parametrize("inputs", [_doccano, _annotators], ids=["clueval", "agreement"])
def test_clueval_on_a_span_format_and_agreement_do_not_import_numpy_ma(tmp_path, inputs):
    """np.unique imports numpy.ma (15-25 ms of CPU): CLUEval's tags over a span format and
    αu's tables found their distinct values with it."""
    args = inputs(tmp_path)
    command = "clueval" if inputs is _doccano else "agreement"
    imported = _all_modules_of_run(command, *args)
    assert "engine.formats" in imported and "numpy" in imported  # the listing is of the run's own process
    assert "numpy.ma" not in imported


def test_a_poetry_run_writing_its_csv_does_not_import_the_csv_writer(tmp_path):
    """The check of the original's CSV for cells a spreadsheet would run lives apart from the
    CSV writer (engine/export/runnable.py): a plain run imported csv and rowtexts for it."""
    ref, sys_ = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    ref.write_text('{"page_id": "p1", "n_excerpts": 1, "excerpts": [{"start": 0, "end": 5, "poem_id": "a"}]}\n',
                   encoding="utf-8")  # fmt: skip
    sys_.write_text('{"page_id": "p1", "n_spans": 1, "poem_spans": [{"page_start": 0, "page_end": 5, '
                    '"ref_id": "a"}]}\n', encoding="utf-8")  # fmt: skip
    imported = _all_modules_of_run("poetry", ref, sys_, tmp_path / "out.csv")
    assert "engine.export.runnable" in imported  # the CSV was checked
    assert imported.isdisjoint({"csv", "engine.export.csv", "engine.export.rowtexts"}), sorted(imported)
