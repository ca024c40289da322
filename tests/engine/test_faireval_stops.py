"""Where FairEval's own reader stops on a file, found before any run (stops.own_stops, the
app's box): the message its run gives for the file, as far as the run reads it (the
sentences it compares, §2.2), with and without ignore_punct."""

from __future__ import annotations

import dataclasses
from itertools import product
from pathlib import Path

import pytest

from engine.errors import InputError
from engine.methods.faireval import FairEval, Options
from engine.methods.faireval.stops import own_stops

SPAN, CONLL = "PER\t1\t2\t1,2", "a NN B-NP\nb NN I-NP"
#: Sentences, each good or refused by one of the reader's steps, which a run takes in turn:
#: each sentence's first line (§2.3), the span lines, then the CoNLL-2000 sentences.
SENTENCES = {
    "span": SPAN,
    "conll": CONLL,
    "first line": "a b",
    "span line": "LOC\tx\t3\t3",
    "late span line": f"{SPAN}\nLOC\t0\t1\t1",
    "open": "a NN O\nb NN I-NP",
    "no POS": "a NN B-NP\nb\tNN\tI-NP",  # refused with ignore_punct alone
}


def _run_error(gold: Path, system: Path, ignore_punct: bool) -> str | None:
    """What FairEval's run says of the pair (None: it reads both)."""
    try:
        FairEval().evaluate(str(gold), str(system), dataclasses.replace(Options(), ignore_punct=ignore_punct))
    except InputError as err:
        return str(err)
    return None


def _write(path: Path, names: tuple[str, ...]) -> Path:
    path.write_text("\n\n".join(SENTENCES[name] for name in names) + "\n", encoding="utf-8")
    return path


BAD = [name for name in SENTENCES if name not in ("span", "conll")]
FILES = [(bad, "span", other) for bad, other in product(BAD, BAD)] + [(bad, "conll") for bad in BAD]


@pytest.mark.parametrize("names", FILES)
@pytest.mark.parametrize("ignore_punct", [False, True])
def test_stops_say_what_the_run_says_for_each_count_compared(tmp_path, names, ignore_punct):
    """Beside a good file of each length, the stop is the run's message, or none where it reads
    the file (the sentences it stops on not compared)."""
    target = _write(tmp_path / "t.txt", names)
    stops = own_stops(str(target))
    assert stops.sentences == len(names)
    for length in range(1, len(names) + 2):
        system = _write(tmp_path / "s.txt", ("span",) * length)
        said = stops.stopping(min(stops.sentences, length), ignore_punct)
        assert (str(said) if said else None) == _run_error(target, system, ignore_punct), length


def test_a_file_not_utf8_stops_whatever_is_compared(tmp_path):
    target = tmp_path / "t.txt"
    target.write_bytes(b"PER\t1\t1\t1\xff\n")
    stops = own_stops(str(target))
    assert stops.sentences == 0 and stops.stopping(0) is not None and stops.labels is None
    assert str(stops.stopping(0)) == _run_error(target, _write(tmp_path / "s.txt", ("span",)), False)


def test_a_good_file_has_no_stop_and_its_labels(tmp_path):
    stops = own_stops(str(_write(tmp_path / "t.txt", ("span", "conll", "span"))))
    assert stops.stopping(None) is None and stops.stopping(None, True) is None
    assert stops.labels == ("NP", "PER")
