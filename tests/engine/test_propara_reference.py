"""The engine against the literal reference (tests/engine/propara_reference.py) on generated
action files: any layout (by participant, by sentence, shuffled), gaps, repeated rows,
extra columns, special and repeated locations, and invalid rows (same line rejected)."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.formats import field_bytes
from engine.methods.propara import Options, ProPara
from tests.engine import propara_reference as reference

NAMES = ["x", "water", "sunlight; light", "sunlight ; light", "rock AND rock", "a; a"]
PLACES = [
    "sun",
    "the sun",
    "suns",
    "soil",
    "Soil",
    "a rock",
    "rock AND the rock",
    "?",
    "",
    " x",
    "roots OR root",
]


def _process(rnd: random.Random, pid: int) -> list[list[str]]:
    """The rows of one process: each participant walks through existence and places."""
    n = rnd.randint(1, 6)
    rows = []
    for name in rnd.sample(NAMES, rnd.randint(1, 4)):
        where = rnd.choice(["-", *PLACES])
        for s in range(1, n + 1):
            before = where
            roll = rnd.random()
            if where == "-":
                after = rnd.choice([p for p in PLACES if p]) if roll < 0.3 else "-"
                action = "CREATE" if after != "-" else "NONE"
            elif roll < 0.2 and where:
                after, action = "-", "DESTROY"
            elif roll < 0.5 and where:
                after, action = rnd.choice([p for p in PLACES if p]), "MOVE"
            else:
                after, action = where, "NONE"
                if rnd.random() < 0.1:
                    after = before = rnd.choice(PLACES)  # a NONE row may jump (Q4)
            rows.append([str(pid), str(s), name, action, before, after])
            where = after
    return rows


def _perturb(rnd: random.Random, rows: list[list[str]]) -> list[list[str]]:
    """A prediction: some rows changed, kept valid; participants unchanged."""
    out = []
    for row in rows:
        row = list(row)
        if rnd.random() < 0.3:
            place = rnd.choice([p for p in PLACES if p])
            row[3:6] = rnd.choice([["NONE", place, place], ["MOVE", place, rnd.choice(PLACES[:6])],
                                   ["DESTROY", place, "-"], ["CREATE", "-", place], ["NONE", "-", "-"]])  # fmt: skip
        out.append(row)
    return out


def _layout(rnd: random.Random, rows: list[list[str]]) -> list[str]:
    """Lines in one of the layouts, with gaps, repeats, extra columns and odd integers."""
    choice = rnd.random()
    if choice < 0.3:
        rows = sorted(rows, key=lambda r: (int(r[0]), int(r[1])))  # by sentence
    elif choice < 0.4:
        rnd.shuffle(rows)
    lines = []
    for row in rows:
        if rnd.random() < 0.05:
            continue  # a missing row (Q9)
        if rnd.random() < 0.05:
            lines.append("\t".join(row))  # a repeated row (Q16)
        row = list(row)
        if rnd.random() < 0.05:
            row[1] = rnd.choice([f" {row[1]}", f"+{row[1]}", f"0{row[1]}"])
        extra = rnd.choice(["", "", "", "\t", "\tmore\tcolumns"])
        lines.append("\t".join(row) + extra)
    return lines


def _break(rnd: random.Random, lines: list[str]) -> list[str]:
    """Sometimes make a line invalid."""
    if rnd.random() < 0.85 or not lines:
        return lines
    bad = rnd.choice(["", "1\t1\tx\tNONE\ta\tb", "1\t0\tx\tNONE\ta\ta", "p\t1\tx\tNONE\ta\ta", "1\t1\tx\tMove\ta\tb",
                      "1\t1\tx\tNONE\ta", "\t1\t1\tx\tNONE\ta\ta", "1\t1\tx\tCREATE\t?\tb", "1\t1\tx\tDESTROY\t-\t-"])  # fmt: skip
    lines = list(lines)
    lines.insert(rnd.randrange(len(lines) + 1), bad)
    return lines


def _files(seed: int) -> tuple[str, str]:
    rnd = random.Random(seed)
    answers = [row for pid in rnd.sample(range(1, 40), rnd.randint(1, 4)) for row in _process(rnd, pid)]
    predictions = _perturb(rnd, answers)
    a_lines, p_lines = _layout(rnd, answers), _layout(rnd, predictions)
    # a repeated row must not drop a participant's only row: keep every (pid, participant) present
    for lines, rows in ((a_lines, answers), (p_lines, predictions)):
        present = {tuple(line.split("\t")[0:3:2]) for line in lines}
        lines += ["\t".join(r) for r in rows if (r[0], r[2]) not in present]
    return "\n".join(_break(rnd, p_lines)) + "\n", "\n".join(_break(rnd, a_lines)) + "\n"


def _engine(predictions: str, answers: str, collide: bool = False):
    """The engine's report data (or its InputError); `collide` gives every field of eight
    bytes or more the same hash (the reader's check finds the collision and codes the
    column through a dict)."""
    saved = field_bytes._HashedFields
    if collide:
        field_bytes._HashedFields = _Colliding
    try:
        return _evaluate(predictions, answers)
    finally:
        field_bytes._HashedFields = saved


class _Colliding(field_bytes._HashedFields):
    """Hashed fields that all have one hash."""

    def __init__(self, *args: np.ndarray) -> None:
        super().__init__(*args)
        self.hashes = np.zeros_like(self.hashes)


def _evaluate(predictions: str, answers: str):
    with tempfile.TemporaryDirectory() as folder:
        p, a = Path(folder, "p.tsv"), Path(folder, "a.tsv")
        p.write_text(predictions, encoding="utf-8")
        a.write_text(answers, encoding="utf-8")
        try:
            return ProPara().evaluate(str(a), str(p), Options()).data
        except InputError as err:
            return err


def _summary(entry: dict) -> dict:
    """A JSON summary in the reference's tuple form."""
    return {
        "inputs": entry["inputs"]["participants"] or [],
        "outputs": entry["outputs"]["participants"] or [],
        "conversions": [
            (c["participants_destroyed"], c["participants_created"], c["location"], c["step_number"])
            for c in entry["conversions"] or []
        ],  # fmt: skip
        "moves": [
            (m["participants"], m["location_before"], m["location_after"], m["step_number"])
            for m in entry["moves"] or []
        ],  # fmt: skip
    }


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([False, False, True]))
def test_engine_equals_reference(seed, collide):
    predictions, answers = _files(seed)
    got = _engine(predictions, answers, collide)
    try:
        want = reference.evaluate(predictions, answers)
    except reference.Bad as bad:
        assert isinstance(got, InputError), got
        assert got.line == bad.line
        return
    except KeyError:  # a process or participant missing from the predictions
        assert isinstance(got, InputError) and "expected rows for" in got.expected
        return
    assert not isinstance(got, InputError), got
    assert got["processes"] == want["processes"]
    assert got["questions"] == want["questions"]
    assert got["overall"] == want["overall"]
    for pid, summary in want["summaries"].items():
        assert _summary(got["summaries"][str(pid)]["answer"]) == summary


def test_the_generator_covers_the_cases():
    """The generated files do reach the interesting paths (not only errors, not only perfect)."""
    outcomes = {"error": 0, "ok": 0, "corrected": 0, "imperfect": 0}
    for seed in range(60):
        data = _engine(*_files(seed))
        if isinstance(data, InputError):
            outcomes["error"] += 1
            continue
        outcomes["ok"] += 1
        outcomes["corrected"] += data["uncorrected"] is not None
        outcomes["imperfect"] += data["overall"]["f1"] < 1
    assert outcomes["error"] >= 5 and outcomes["ok"] >= 30 and outcomes["imperfect"] >= 20
    assert outcomes["corrected"] >= 1
