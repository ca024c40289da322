"""spans and nervaluate against their peers (seqeval 1.2.2, nervaluate 1.2.1) on random
CoNLL files: the same numbers, float for float (the peers are in the test extra)."""

from __future__ import annotations

import random

import pytest

from engine.methods import get_method

LABELS = ("PER", "LOC", "ORG", "MISC")


def _iob2(rng: random.Random, n: int) -> list[str]:
    tags, inside = [], None
    for _ in range(n):
        r = rng.random()
        if r < 0.55:
            tags.append("O")
            inside = None
        elif r < 0.8 or inside is None:
            inside = rng.choice(LABELS)
            tags.append("B-" + inside)
        else:
            tags.append("I-" + inside)
    return tags


def _noisy(rng: random.Random, tags: list[str]) -> list[str]:
    out = []
    for tag in tags:
        r = rng.random()
        if r < 0.1:
            out.append("O")
        elif r < 0.2:
            out.append(rng.choice("BI") + "-" + rng.choice(LABELS))
        else:
            out.append(tag)
    return out


def _write(path, sentences: list[list[str]]) -> str:
    lines = []
    for s, tags in enumerate(sentences):
        lines += [f"w{s}_{i} {tag}" for i, tag in enumerate(tags)] + [""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return str(path)


def _corpus(seed: int, conlleval: bool) -> tuple[list[list[str]], list[list[str]]]:
    rng = random.Random(seed)
    gold = [_iob2(rng, rng.randint(1, 25)) for _ in range(60)]
    system = (
        [_noisy(rng, g) for g in gold]
        if conlleval
        else [_iob2(rng, len(g)) if rng.random() < 0.3 else _repair(_noisy(rng, g)) for g in gold]
    )
    return gold, system


def _repair(tags: list[str]) -> list[str]:
    """IOB2 again: an I- that cannot continue becomes B-."""
    out = []
    for tag in tags:
        if tag.startswith("I-") and (not out or out[-1] == "O" or out[-1][2:] != tag[2:]):
            tag = "B-" + tag[2:]
        out.append(tag)
    return out


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("reading", ["strict", "conlleval"])
def test_spans_is_seqeval(tmp_path, seed: int, reading: str) -> None:
    from seqeval.metrics import classification_report
    from seqeval.scheme import IOB2

    gold, system = _corpus(seed, reading == "conlleval")
    method = get_method("spans")
    options = method.Options(reading=reading, scheme="IOB2" if reading == "strict" else None)
    report = method.evaluate(
        _write(tmp_path / "g.conll", gold), _write(tmp_path / "s.conll", system), options
    )
    if reading == "strict":
        expected = classification_report(gold, system, mode="strict", scheme=IOB2, output_dict=True)
    else:
        expected = classification_report(gold, system, output_dict=True)
    expected = {
        k: {m: float(v) if m != "support" else int(v) for m, v in row.items()} for k, row in expected.items()
    }
    assert report.data["classification_report"] == expected


@pytest.mark.parametrize("seed", range(6))
def test_nervaluate_is_nervaluate(tmp_path, seed: int) -> None:
    from nervaluate import Evaluator

    gold, system = _corpus(100 + seed, False)
    method = get_method("nervaluate")
    report = method.evaluate(
        _write(tmp_path / "g.conll", gold),
        _write(tmp_path / "s.conll", system),
        method.Options(scheme="IOB2"),
    )
    results = Evaluator(gold, system, tags=list(LABELS), loader="list").evaluate()
    for schema, result in results["overall"].items():
        mine = report.data["overall"][schema]
        for key in (
            "correct",
            "incorrect",
            "partial",
            "missed",
            "spurious",
            "possible",
            "actual",
            "precision",
            "recall",
            "f1",
        ):
            assert mine[key] == getattr(result, key), (schema, key)
    assert set(report.data["per_label"]) == set(results["entities"])
    for label, schemas in results["entities"].items():
        for schema, result in schemas.items():
            mine = report.data["per_label"][label][schema]
            assert (
                mine["correct"],
                mine["incorrect"],
                mine["partial"],
                mine["missed"],
                mine["spurious"],
                mine["precision"],
                mine["recall"],
                mine["f1"],
            ) == (
                result.correct,
                result.incorrect,
                result.partial,
                result.missed,
                result.spurious,
                result.precision,
                result.recall,
                result.f1,
            ), (label, schema)


def _random_spans(rng: random.Random, length: int) -> list[tuple[int, int, str]]:
    spans = set()
    for _ in range(rng.randint(0, 12)):
        start = rng.randrange(length)
        spans.add((start, min(length, start + rng.randint(1, 8)), rng.choice(LABELS[:3])))
    return sorted(spans, key=lambda s: (s[0], s[1], s[2]))


@pytest.mark.parametrize("seed", range(8))
def test_nervaluate_on_overlapping_spans(tmp_path, seed: int) -> None:
    """Nested and overlapping spans in characters (doccano), crowded components included."""
    import json

    from nervaluate import Evaluator

    rng = random.Random(seed)
    texts = ["x" * rng.randint(10, 60) for _ in range(15)]
    gold = [_random_spans(rng, len(t)) for t in texts]
    system = [_random_spans(rng, len(t)) for t in texts]
    for name, spans in (("g", gold), ("s", system)):
        rows = [
            json.dumps({"id": i, "text": t, "label": [list(s) for s in doc]})
            for i, (t, doc) in enumerate(zip(texts, spans, strict=True))
        ]
        (tmp_path / f"{name}.jsonl").write_text("\n".join(rows), encoding="utf-8")
    method = get_method("nervaluate")
    report = method.evaluate(str(tmp_path / "g.jsonl"), str(tmp_path / "s.jsonl"), method.Options())
    as_dicts = [
        [[{"label": lab, "start": s, "end": e - 1} for s, e, lab in doc] for doc in side]
        for side in (gold, system)
    ]
    results = Evaluator(*as_dicts, tags=list(LABELS), loader="dict").evaluate()
    for schema, result in results["overall"].items():
        mine = report.data["overall"][schema]
        assert [mine[k] for k in ("correct", "incorrect", "partial", "missed", "spurious", "f1")] == [
            result.correct,
            result.incorrect,
            result.partial,
            result.missed,
            result.spurious,
            result.f1,
        ], schema
    for label, schemas in results["entities"].items():
        for schema, result in schemas.items():
            mine = report.data["per_label"][label][schema]
            assert (mine["correct"], mine["incorrect"], mine["partial"], mine["missed"], mine["f1"]) == (
                result.correct,
                result.incorrect,
                result.partial,
                result.missed,
                result.f1,
            ), (label, schema)


@pytest.mark.parametrize("seed", range(4))
def test_spans_on_overlapping_spans_is_set_counting(tmp_path, seed: int) -> None:
    """Nested spans: exact matches counted as sets per label (what seqeval's sets do)."""
    import json

    rng = random.Random(seed)
    texts = ["y" * 40 for _ in range(10)]
    gold = [_random_spans(rng, 40) for _ in texts]
    system = [_random_spans(rng, 40) + doc[:2] for doc in gold]
    for name, spans in (("g", gold), ("s", system)):
        rows = [
            json.dumps({"id": i, "text": t, "label": [list(s) for s in doc]})
            for i, (t, doc) in enumerate(zip(texts, spans, strict=True))
        ]
        (tmp_path / f"{name}.jsonl").write_text("\n".join(rows), encoding="utf-8")
    report = get_method("spans").evaluate(
        str(tmp_path / "g.jsonl"), str(tmp_path / "s.jsonl"), get_method("spans").Options()
    )
    g = {(i, *s) for i, doc in enumerate(gold) for s in doc}
    s = {(i, *x) for i, doc in enumerate(system) for x in doc}
    assert report.data["classification_report"]["micro avg"]["support"] == len(g)
    tp = len(g & s)
    assert report.data["classification_report"]["micro avg"]["precision"] == (tp / len(s) if s else 0.0)
