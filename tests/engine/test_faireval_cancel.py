"""Cancel reaches FairEval's readers while they read and parse (the app's Cancel on large
files): each reports progress, a cancellation point, once per block of lines or bytes, so
a cancel requested in the middle stops them within one block (or step, as a file's lines
are found). After them, the comparison
checks between its steps and the detail's error rows after each block of rows."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from engine.errors import Cancelled
from engine.methods import get_method
from engine.methods.faireval import errorrows, lines, matching, reading
from engine.progress import Progress

BLOCK = 64  # lines parsed between two reports, made small for the test


def _evaluate_cancelled(gold: Path, system: Path, stage: str, counted: Callable[[], int]) -> int:
    """Evaluate, cancelling at the first report from inside the readers' `stage`; how much
    `counted` grew after that (InputError, not Cancelled, would fail the test)."""
    method = get_method("faireval")
    at_cancel: list[int] = []

    def report(fraction: float, message: str) -> None:
        if message.startswith(stage) and fraction > STAGE_START[stage] and not at_cancel:
            progress.cancel()
            at_cancel.append(counted())

    progress = Progress(report, interval=0)
    with pytest.raises(Cancelled):
        method.evaluate(str(gold), str(system), method.Options(), progress)
    return counted() - at_cancel[0]


#: Where each stage's own report stands (the readers report after it), by its words' start.
STAGE_START = {"reading ": 0.0, "finding the spans in ": 0.3}


def _counting(monkeypatch, owner: object, name: str) -> Callable[[], int]:
    """Count the calls of `owner.name` from now on."""
    calls = [0]
    original = getattr(owner, name)

    def counted(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return lambda: calls[0]


def _write(path: Path, sentences: list[list[str]]) -> Path:
    path.write_text("".join("".join(line + "\n" for line in s) + "\n" for s in sentences), encoding="utf-8")
    return path


def _conll2000(tmp_path: Path, n: int = 400) -> tuple[Path, Path]:
    sentence = ["The DT B-NP", "cat NN I-NP", "sat VBD B-VP"]
    return _write(tmp_path / "gold.txt", [sentence] * n), _write(tmp_path / "system.txt", [sentence] * n)


def test_cancel_while_conll_sentences_are_parsed_stops_within_a_block(tmp_path, monkeypatch):
    monkeypatch.setattr(reading, "BLOCK_LINES", BLOCK, raising=False)
    parsed = _counting(monkeypatch, reading.ConllReader, "chunks")
    after = _evaluate_cancelled(*_conll2000(tmp_path), "finding the spans in ", parsed)
    assert after <= 1  # a run of sentences of about BLOCK lines at most: not the 800 sentences of both files


def test_cancel_while_span_lines_are_parsed_stops_within_a_block(tmp_path, monkeypatch):
    monkeypatch.setattr(reading, "BLOCK_LINES", BLOCK, raising=False)
    sentences = [[f"NP\t{k}\t{k}\t{k}" for k in range(100 * s + 1, 100 * s + 4)] for s in range(200)]  # distinct
    gold, system = _write(tmp_path / "gold.tsv", sentences), _write(tmp_path / "system.tsv", sentences)
    parsed = _counting(monkeypatch, reading.FileReader, "_parse")
    after = _evaluate_cancelled(gold, system, "finding the spans in ", parsed)
    assert 0 < after <= BLOCK


def test_cancel_while_a_file_is_read_stops_before_its_next_step(tmp_path, monkeypatch):
    """The reader reports between its steps over the file's bytes: the step under way as the
    cancel came ends, the next report stops (the system file is never looked at)."""
    looked = _counting(monkeypatch, lines.FileLines, "_with_text")
    after = _evaluate_cancelled(*_conll2000(tmp_path), "reading ", looked)
    assert after == 1


def _cancel_when(gold: Path, system: Path, ready: Callable[[], bool]) -> None:
    """Evaluate with the detail, cancelling at the first report once `ready()` holds."""
    method = get_method("faireval")

    def report(fraction: float, message: str) -> None:
        if ready():
            progress.cancel()

    progress = Progress(report, interval=0)
    with pytest.raises(Cancelled):
        method.evaluate(str(gold), str(system), method.Options(), progress)


def _label_errors_pair(tmp_path: Path, n: int = 200) -> tuple[Path, Path]:
    """CoNLL-2000 files whose 2n spans are all labelling errors (2n error rows)."""
    gold = ["The DT B-NP", "cat NN I-NP", "sat VBD B-VP"]
    system = ["The DT B-PP", "cat NN I-PP", "sat VBD B-ADVP"]
    return _write(tmp_path / "gold.txt", [gold] * n), _write(tmp_path / "system.txt", [system] * n)


def test_cancel_while_error_rows_are_made_stops_within_a_block(tmp_path, monkeypatch):
    monkeypatch.setattr(errorrows, "BLOCK_ROWS", 8, raising=False)
    made = _counting(monkeypatch, errorrows, "error_columns")
    at_cancel: list[int] = []

    def ready() -> bool:
        if made() and not at_cancel:
            at_cancel.append(made())
        return bool(at_cancel)

    _cancel_when(*_label_errors_pair(tmp_path), ready)
    assert at_cancel == [1]
    assert made() == 2  # the block after the cancel is made, then it stops: not the 50 blocks of 400 rows


def test_a_pairs_sentence_starts_and_worded_ones_are_converted_once_for_its_blocks(tmp_path, monkeypatch):
    monkeypatch.setattr(errorrows, "BLOCK_ROWS", 8, raising=False)
    made = _counting(monkeypatch, errorrows, "error_columns")
    converted = _counting(monkeypatch, errorrows, "PairWords")
    method = get_method("faireval")
    report = method.evaluate(*map(str, _label_errors_pair(tmp_path, 20)), method.Options(), detail=True)
    assert (len(report.error_rows), made(), converted()) == (40, 5, 1)


def test_cancel_while_sentences_are_compared_stops_within_a_step(tmp_path, monkeypatch):
    matched = _counting(monkeypatch, matching, "_true_positives")
    labelled = _counting(monkeypatch, matching, "_label_errors")
    bounded = _counting(monkeypatch, matching, "_boundaries")
    _cancel_when(*_label_errors_pair(tmp_path), lambda: matched() > 0)
    assert (labelled(), bounded()) == (1, 0)  # the step after the cancel runs, then it stops


def test_the_progress_words_name_what_is_read_and_done(tmp_path):
    """The app's status bar shows them: they said "parsing" and "reading"."""
    method, heard = get_method("faireval"), []
    progress = Progress(lambda fraction, message: heard.append(message), interval=0)
    method.evaluate(*map(str, _conll2000(tmp_path, 20)), method.Options(), progress)
    words = list(dict.fromkeys(heard))
    assert words == ["reading the gold file gold.txt…", "reading the system file system.txt…",
                     "finding the spans in the gold file gold.txt…", "finding the spans in the system file system.txt…",
                     "comparing the spans…", "scoring"]  # fmt: skip


def test_the_progress_words_say_which_side_of_paired_folders_is_read(tmp_path):
    """Paired folders' files share a name: the words say whether the gold or the system one is read."""
    for side in ("gold", "system"):
        (tmp_path / side).mkdir()
        _write(tmp_path / side / "a.txt", [["The DT B-NP", "cat NN I-NP"]])
    method, heard = get_method("faireval"), []
    progress = Progress(lambda fraction, message: heard.append(message), interval=0)
    method.evaluate(str(tmp_path / "gold"), str(tmp_path / "system"), method.Options(), progress)
    words = [word for word in dict.fromkeys(heard) if word.startswith(("reading ", "finding "))]
    assert words == ["reading the gold file a.txt…", "reading the system file a.txt…",
                     "finding the spans in the gold file a.txt…", "finding the spans in the system file a.txt…"]  # fmt: skip


def test_the_collector_is_paused_while_it_runs_and_resumed_after(tmp_path):
    """As every method does (gc_paused): a script's evaluation does not have the cyclic
    collector scan the millions of objects a run makes; a collector a script paused stays so."""
    import gc

    method, enabled = get_method("faireval"), []
    progress = Progress(lambda fraction, message: enabled.append(gc.isenabled()), interval=0)
    assert gc.isenabled()
    method.evaluate(*map(str, _conll2000(tmp_path, 20)), method.Options(), progress)
    assert enabled and not any(enabled) and gc.isenabled()
    gc.disable()
    try:
        method.evaluate(*map(str, _conll2000(tmp_path, 20)), method.Options())
        assert not gc.isenabled()
    finally:
        gc.enable()
