"""A tag sequence the scheme does not allow says how to go on: the scheme the file's tags fit
and the option that sets it (--scheme; --reading where no scheme reads them strictly), in one
line the command line and the app show alike; exit 2."""

from __future__ import annotations

import numpy as np
import pytest

from engine.formats import tagschemes
from tests.conftest import SHARED

SEQEVAL = SHARED / "format-samples" / "conll" / "seqeval-ground_truth.txt"


def _sequence(tags: list[str]) -> tagschemes.Sequence:
    """One sentence of these tags, each label its own number."""
    labels = {tag[2:]: n for n, tag in enumerate(dict.fromkeys(t for t in tags if t != "O"))}
    prefix = np.array([tagschemes.O if t == "O" else tagschemes.PREFIXES[t[0]] for t in tags], dtype=np.int8)
    label = np.array([-1 if t == "O" else labels[t[2:]] for t in tags], dtype=np.int32)
    return tagschemes.Sequence.of(prefix, label, np.zeros(len(tags), dtype=np.int64))


@pytest.mark.parametrize(
    ("tags", "tried", "fit"),
    [
        (["I-X", "I-X", "O", "I-Y"], "IOB2", "IOB1"),
        (["B-X", "I-X", "O", "B-Y"], "IOB1", "IOB2"),
        (["B-X", "E-X", "S-Y"], "IOB2", "IOBES"),
        (["B-X", "L-X", "U-Y"], "IOBES", "BILOU"),
        (["B-X", "I-X", "O", "I-Y"], "IOB2", None),  # IOB1 and IOB2 mixed: no scheme reads them strictly
        (["S-X", "U-Y"], "IOBES", None),
    ],
)
def test_the_scheme_the_tags_fit(tags, tried, fit):
    assert tagschemes.fitting(_sequence(tags), tried) == fit


def _conll(tmp_path, tags: list[str]):
    path = tmp_path / "gold.conll"
    path.write_text("".join(f"w{n}\t{tag}\n" for n, tag in enumerate(tags)), encoding="utf-8")
    return path


@pytest.mark.parametrize("method", ["spans", "faireval"])
def test_the_message_names_the_scheme_and_its_option(cli, tmp_path, method):
    gold = _conll(tmp_path, ["I-PER", "I-PER", "O", "I-LOC"])
    result = cli(method, gold, gold, "--scheme", "IOB2")
    assert result.code == 2
    assert result.err == (f"spanstudio: error: {gold}:1: expected IOB2: O, B-X, or I-X after B-X or I-X of the "
                          "same X, found 'I-PER'; its tags fit IOB1: read them with --scheme IOB1\n")  # fmt: skip
    assert cli(method, gold, gold, "--scheme", "IOB1").code == 0


def test_iobes_tags_read_as_iob2_name_iobes(cli, tmp_path):
    gold = _conll(tmp_path, ["B-PER", "E-PER", "O", "S-LOC"])
    result = cli("spans", gold, gold, "--scheme", "IOB2")
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.endswith("found 'E-PER' after 'B-PER'; its tags fit IOBES: read them with --scheme IOBES"
                               "\n")  # fmt: skip


def test_bilou_tags_read_the_conlleval_way_name_the_strict_reading(cli, tmp_path):
    gold = _conll(tmp_path, ["U-PER", "O", "B-LOC", "L-LOC"])
    result = cli("spans", gold, gold, "--scheme", "IOB2", "--reading", "conlleval")
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.endswith("found 'U-PER'; its tags fit BILOU, read strictly only: read them with "
                               "--scheme BILOU and --reading strict\n")  # fmt: skip
    assert cli("spans", gold, gold, "--scheme", "BILOU", "--reading", "strict").code == 0


def test_seqeval_sample_fits_no_scheme_strictly_and_names_the_conlleval_reading(cli):
    """conlleval's demo opens spans with I- and puts B-VP after I-NP: neither IOB1 nor IOB2."""
    result = cli("spans", SEQEVAL, SEQEVAL, "--scheme", "IOB2")
    assert result.code == 2
    assert result.err == (f"spanstudio: error: {SEQEVAL}:1: expected IOB2: O, B-X, or I-X after B-X or I-X of "
                          "the same X, found 'I-NP'; its tags fit no scheme read strictly: read them with "
                          "--reading conlleval, which reads any sequence\n")  # fmt: skip
    assert cli("spans", SEQEVAL, SEQEVAL, "--reading", "conlleval").code == 0


def test_mixed_closing_tags_fit_nothing_and_suggest_nothing(cli, tmp_path):
    """E- and L- together: no scheme, nor the conlleval reading, reads them: no way on is named."""
    gold = _conll(tmp_path, ["B-PER", "E-PER", "B-LOC", "L-LOC"])
    result = cli("spans", gold, gold, "--scheme", "IOBES")
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.endswith("found 'L-LOC' after 'B-LOC'\n")


def test_a_sides_own_scheme_is_named_by_its_flag(cli, tmp_path):
    """--system-scheme IOB2 on IOB1 tags: the way on names --system-scheme (it said --scheme,
    which the side's own option overrides: the same error again)."""
    gold = _conll(tmp_path, ["I-PER", "I-PER", "O", "I-LOC"])
    result = cli("spans", gold, gold, "--system-scheme", "IOB2")
    assert result.code == 2 and result.err.endswith("its tags fit IOB1: read them with --system-scheme IOB1\n")


def test_the_way_on_names_the_option_of_the_side_whose_file_needs_it(cli, tmp_path):
    """Gold and system different files: the scheme of the side that stops, by its own option
    (--scheme would change the other file's reading too); one file: --scheme."""
    gold = _conll(tmp_path, ["B-PER", "I-PER", "O", "B-LOC"])
    system = tmp_path / "system.conll"
    system.write_text("w0\tI-PER\nw1\tI-PER\nw2\tO\nw3\tI-LOC\n", encoding="utf-8")
    ways = [cli("spans", g, s, "--scheme", scheme).err.rpartition(": read them with ")[2]
            for g, s, scheme in ((gold, system, "IOB2"), (system, gold, "IOB1"), (system, system, "IOB2"))]  # fmt: skip
    assert ways == ["--system-scheme IOB1\n", "--system-scheme IOB2\n", "--scheme IOB1\n"]
    assert cli("spans", gold, system, "--scheme", "IOB2", "--system-scheme", "IOB1").code == 0
