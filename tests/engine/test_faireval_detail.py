"""FairEval's detail (error rows, spans for the viewer, the JSON's pairs, the documents),
built from the comparison's arrays: pinned on a small pair with a span with gaps, a range
span (no usable token numbers) and two sentences."""

from __future__ import annotations

import numpy as np

from engine.methods import get_method

GOLD = "PER\t1\t2\t1, 2\nORG\t4\t7\t4, 6, 7\nLOC\t9\t9\t9\n\nPER\t2\t3\t2, 3\n"
SYSTEM = "PER\t1\t3\t1, 2, 3\nORG\t4\t7\tx\nLOC\t9\t10\t9, 10\n\nORG\t2\t3\t2, 3\nPER\t5\t5\t5\n"

#: (type, subtype, unit, gold: label start end parts position text line,
#:  system: the same, token strip)
ROWS = [
    ("BE", "BEL", 1, ("LOC", 8, 9, [[8, 9]], "9", "9", 3), ("LOC", 8, 10, [[8, 10]], "9-10", "9 10", 3),
     "7 8 🟨9 🟥10"),
    ("BE", "BEL", 1, ("PER", 0, 2, [[0, 2]], "1-2", "1 2", 1), ("PER", 0, 3, [[0, 3]], "1-3", "1 2 3", 1),
     "🟨1 🟨2 🟥3 4 5"),
    ("FN", "", 1, ("ORG", 3, 7, [[3, 4], [5, 7]], "4-7 {4,6,7}", "4 5 6 7", 2), None, "2 3 🟩4 5 🟩6 🟩7 8 9"),
    ("FP", "", 1, None, ("ORG", 3, 7, [[3, 7]], "4-7", "4 5 6 7", 2), "2 3 🟥4 🟥5 🟥6 🟥7 8 9"),
    ("LE", "", 2, ("PER", 11, 13, [[11, 13]], "2-3", "2 3", 5), ("ORG", 11, 13, [[11, 13]], "2-3", "2 3", 5),
     "1 🟨2 🟨3 4 5"),
    ("FP", "", 2, None, ("PER", 14, 15, [[14, 15]], "5", "5", 6), "3 4 🟥5"),
]  # fmt: skip
SIDE = ("label", "start", "end", "parts", "position", "text", "line")
EMPTY = ("", None, None, [], "", "", None)


def _report(tmp_path):
    (tmp_path / "gold.tsv").write_text(GOLD, encoding="utf-8")
    (tmp_path / "system.tsv").write_text(SYSTEM, encoding="utf-8")
    method = get_method("faireval")
    return method.evaluate(str(tmp_path / "gold.tsv"), str(tmp_path / "system.tsv"), method.Options())


def _expected_row(number: int, kind, sub, unit, gold, system, strip) -> dict:
    row = {"error_id": f"E{number}", "document": "gold.tsv", "unit": unit, "unit_id": "", "type": kind,
           "subtype": sub}  # fmt: skip
    gold, system = gold or EMPTY, system or EMPTY
    for i, name in enumerate(SIDE):
        row[f"gold_{name}"], row[f"system_{name}"] = gold[i], system[i]
    return {**row, "detail": "", "token_strip": strip}


def test_error_rows(tmp_path):
    rows = _report(tmp_path).error_rows
    assert list(rows) == [_expected_row(n, *row) for n, row in enumerate(ROWS, 1)]
    assert list(rows[0])[:19] == list(_report(tmp_path).error_columns)[:19]  # the standard columns first
    assert list(rows[0])[19:] == ["gold_line", "system_line", "token_strip"]


def test_documents_and_spans_for_the_viewer(tmp_path):
    report = _report(tmp_path)
    (document,) = report.documents
    assert document.units == [(0, 10), (10, 15)] and not document.has_words
    assert list(document.tokens) == [str(n) for n in [*range(1, 11), *range(1, 6)]]
    assert len(report.gold_spans) == 4 and len(report.system_spans) == 5
    gold = [(s.start, s.end, s.label, s.doc, dict(s.attrs)) for s in report.gold_spans]
    assert gold == [
        (0, 2, "PER", "gold.tsv", {"line": 1, "sentence": 1, "tokens": [1, 2]}),
        (3, 7, "ORG", "gold.tsv", {"line": 2, "sentence": 1, "tokens": [4, 6, 7]}),
        (8, 9, "LOC", "gold.tsv", {"line": 3, "sentence": 1, "tokens": [9]}),
        (11, 13, "PER", "gold.tsv", {"line": 5, "sentence": 2, "tokens": [2, 3]}),
    ]
    system = [(s.start, s.end, s.label, s.attrs["tokens"]) for s in report.system_spans]
    assert system == [(0, 3, "PER", [1, 2, 3]), (3, 7, "ORG", [4, 5, 6, 7]), (8, 10, "LOC", [9, 10]),
                      (11, 13, "ORG", [2, 3]), (14, 15, "PER", [5])]  # fmt: skip
    assert report.system_spans[-1].label == "PER" and report.gold_spans[1:2][0].label == "ORG"


def test_json_pairs(tmp_path):
    pairs = _report(tmp_path).data["pairs"]
    assert [(p["sentence"], p["type"], p["subtype"]) for p in pairs] == [
        (1, "BE", "BEL"), (1, "BE", "BEL"), (1, "FN", ""), (1, "FP", ""), (2, "LE", ""), (2, "FP", "")
    ]  # fmt: skip
    assert pairs[2] == {"file": "gold.tsv", "sentence": 1, "type": "FN", "subtype": "",
                        "target": {"label": "ORG", "begin": 4, "end": 7, "tokens": [4, 6, 7], "line": 2},
                        "system": None}  # fmt: skip
    assert pairs[3]["system"] == {"label": "ORG", "begin": 4, "end": 7, "tokens": [4, 5, 6, 7], "line": 2}


def _bounds(spans):
    """The strips' Bounds of rows given as (begin, end, token numbers: a range, or a
    frozenset where the span has gaps) or None."""
    from engine.methods.faireval.strips import NO_BEGIN, Bounds

    begin = np.array([s[0] if s else NO_BEGIN for s in spans], dtype=np.int64)
    end = np.array([s[1] if s else 0 for s in spans], dtype=np.int64)
    return Bounds(begin, end, {i: s[2] for i, s in enumerate(spans) if s and isinstance(s[2], frozenset)})


def test_long_strips_and_texts_keep_their_ends():
    """A strip longer than 2 × STRIP_EDGE + 1 numbers shows both ends around "…", a span
    with gaps marks only its own numbers; a text longer than TEXT_LIMIT keeps its ends as
    the document's text does."""
    from engine.methods.faireval.errorrows import span_text
    from engine.methods.faireval.strips import token_strips
    from engine.spans import TEXT_LIMIT, Document, TokenNumbers

    gapped = (3, 7, frozenset({3, 5, 7}))
    strips = token_strips(_bounds([(1, 100, range(1, 101)), gapped, None]),
                          _bounds([None, (4, 5, range(4, 6)), (2, 2, range(2, 3))]), [100, 9, 2])  # fmt: skip
    assert strips[0] == " ".join(
        [*(f"🟩{k}" for k in range(1, 31)), "…", *(f"🟩{k}" for k in range(71, 101))]
    )
    assert strips[1] == "1 2 🟩3 🟥4 🟨5 6 🟩7 8 9"
    assert strips[2] == "1 🟥2"
    words = ["w1", "w2", "w3"]
    length = TEXT_LIMIT + 500
    document = Document("d", TokenNumbers([(0, length)], {0: words}), [(0, length)])
    for begin, end in ((1, 5), (2, length), (4, TEXT_LIMIT + 3), (1, TEXT_LIMIT)):
        assert span_text(words, begin, end) == document.text(begin - 1, end)
    assert "…" in span_text(words, 2, length)


def test_span_texts_sliced_from_their_sentences_words_are_span_text():
    """The error rows' span texts cut from one text of their sentences' words joined are
    span_text's: spans within the words, past them, from position 0, longer than
    TEXT_LIMIT, in sentences without words, with words of every length (one empty)."""
    from types import SimpleNamespace

    from engine.methods.faireval.errorrows import PairWords, _sliced_texts, span_text
    from engine.methods.faireval.words import SentenceWords
    from engine.spans import TEXT_LIMIT

    rng = np.random.default_rng(5)
    words = {k: [f"{'x' * int(rng.integers(0, 4))}{k}.{i}" for i in range(int(rng.integers(1, 40)))]
             for k in range(0, 60, 2)}  # fmt: skip
    words[58] = ["", *(["ab"] * (TEXT_LIMIT + 20))]
    sentence = rng.integers(0, 60, 3000)
    begin = rng.integers(0, 45, 3000)
    end = begin + rng.integers(0, 8, 3000)
    sentence[:3], begin[:3], end[:3] = 58, [2, 1, 30], [TEXT_LIMIT + 1, TEXT_LIMIT + 1, TEXT_LIMIT + 22]
    inside, texts = _sliced_texts(PairWords(SimpleNamespace(words=SentenceWords.of(words), offsets=[0])), sentence, begin,
                                  end)  # fmt: skip
    spans = zip(sentence.tolist(), begin.tolist(), end.tolist(), strict=True)
    expected = [span_text(words.get(k, []), b, e) for k, b, e in spans]
    assert texts.tolist() == [t for t, kept in zip(expected, inside.tolist(), strict=True) if kept]
    lengths = np.array([len(words.get(k, [])) for k in sentence.tolist()])
    assert inside.tolist() == ((begin >= 1) & (end <= lengths) & (end - begin < TEXT_LIMIT)).tolist()
    assert min(inside.sum(), (~inside).sum()) > 300 and inside[0] and not inside[1:3].any()
    wordless = PairWords(SimpleNamespace(words=SentenceWords.none(), offsets=[0]))
    assert not _sliced_texts(wordless, sentence, begin, end)[0].any()


def test_rows_showing_the_same_strip_share_it():
    """Strips made once per kind of row (token_strips) are those made row by row: long
    strips cut around "…", spans with gaps, rows without a span."""
    from engine.methods.faireval.strips import NO_BEGIN, Bounds, _strips, token_strips

    rng = np.random.default_rng(3)
    n = 3000
    sides = []
    for _ in range(2):
        begin = rng.integers(1, 8, n)
        end = begin + np.where(rng.random(n) < 0.05, rng.integers(60, 90, n), rng.integers(0, 4, n))
        missing = rng.random(n) < 0.2
        own = {i: frozenset(range(int(begin[i]), int(end[i]) + 1, 2)) for i in range(0, n, 97) if not missing[i]}
        sides.append(Bounds(np.where(missing, NO_BEGIN, begin), np.where(missing, 0, end), own))
    sides[1] = sides[1]._replace(begin=np.where(sides[0].begin == NO_BEGIN, 5, sides[1].begin),
                                 end=np.where(sides[0].begin == NO_BEGIN, 9, sides[1].end))  # fmt: skip
    lengths = rng.integers(1, 12, n)
    first = np.maximum(1, np.minimum(sides[0].begin, sides[1].begin) - 2)
    last_end = np.maximum(sides[0].end, sides[1].end)
    last = np.minimum(np.maximum(lengths, last_end), last_end + 2)
    shared = token_strips(*sides, lengths)
    assert shared == _strips(first, last, *sides)
    assert len(set(shared)) < n / 2


def _written(report) -> bytes:
    import io

    from engine.export.json import write_report

    out = io.BytesIO()
    write_report(report, out)
    return out.getvalue()


def test_json_pairs_written_as_their_dicts(tmp_path):
    """The JSON's `pairs` written as text from the arrays (spans with gaps, a range span, a
    missing side) are the bytes of the same entries as dicts."""
    from engine.export.json import dumps

    report = _report(tmp_path)
    assert _written(report) == dumps(report).encode("utf-8")
    assert b'"tokens":[4,6,7],"line":2},"system":null}' in _written(report)


def test_json_pairs_of_numbers_of_several_widths(tmp_path):
    """The `pairs` written as text: sentences and lines of one to three digits side by side
    (the pinned pair above has one-digit ones only), spans found on one side only (FN, FP)
    and on both (LE), are the bytes of the entries as dicts."""
    from engine.export.json import dumps

    def spans(label: str, step: int) -> str:
        return "".join(f"{label}\t{k % step + 1}\t{k % step + 2}\t{k % step + 1}, {k % step + 2}\n\n"
                       for k in range(150))  # fmt: skip

    method = get_method("faireval")
    for name, text in (("gold", spans("PER", 7)), ("system", spans("PER", 5)), ("other", spans("LOC", 3))):
        (tmp_path / f"{name}.tsv").write_text(text, encoding="utf-8")
    gold = str(tmp_path / "gold.tsv")
    for system in ("other", "system"):
        report = method.evaluate(gold, str(tmp_path / f"{system}.tsv"), method.Options())
        assert _written(report) == dumps(report).encode("utf-8")
    written = _written(report)
    assert b'"sentence":150,"type":"FP","subtype":"","target":null,"system":{"label":"PER",' in written
    assert b'"begin":5,"end":6,"tokens":[5,6],"line":299}}' in written


def test_json_pairs_of_several_file_pairs(tmp_path):
    """The `pairs` of folders of file pairs: the writer's part of entries reaches past a
    pair's last entry into the next pairs; each pair writes its own entries only, and the
    whole is the bytes of the entries as dicts."""
    from engine.export.json import dumps

    for side, text in (("gold", GOLD), ("system", SYSTEM)):
        (tmp_path / side).mkdir()
        for name in ("a.tsv", "b.tsv", "c.tsv"):
            (tmp_path / side / name).write_text(text, encoding="utf-8")
    method = get_method("faireval")
    report = method.evaluate(str(tmp_path / "gold"), str(tmp_path / "system"), method.Options())
    written = _written(report)
    assert written == dumps(report).encode("utf-8")
    assert written.count(b'{"file":"') == 3 * written.count(b'{"file":"a.tsv"') > 0


def test_json_pairs_of_a_name_that_is_not_utf8(tmp_path):
    """A file name the system gave as bytes that are not UTF-8: the entries as dicts, the
    name escaped as the writer escapes it everywhere."""
    import os

    from engine.export.json import dumps

    gold, system = os.fsdecode(bytes(tmp_path) + b"/gold\xff.tsv"), str(tmp_path / "system.tsv")
    with open(gold, "w", encoding="utf-8") as out:
        out.write(GOLD)
    (tmp_path / "system.tsv").write_text(SYSTEM, encoding="utf-8")
    method = get_method("faireval")
    report = method.evaluate(gold, system, method.Options())
    assert _written(report) == dumps(report).encode("utf-8")
    assert b'"file":"gold\\\\xff.tsv"' in _written(report)


def test_json_pairs_of_names_with_percent_signs(tmp_path):
    """A `%` in the file name or a label is text in the entries' templates, not a field."""
    from engine.export.json import dumps

    (tmp_path / "gold%d.tsv").write_text(GOLD.replace("ORG", "O%sRG"), encoding="utf-8")
    (tmp_path / "system.tsv").write_text(SYSTEM, encoding="utf-8")
    method = get_method("faireval")
    report = method.evaluate(str(tmp_path / "gold%d.tsv"), str(tmp_path / "system.tsv"), method.Options())
    written = _written(report)
    assert written == dumps(report).encode("utf-8")
    assert (
        b'"pairs":[{"file":"gold%d.tsv","sentence":1,"type":"LE","subtype":"","target":{"label":"O%sRG"'
        in written
    )


def test_distinct_rows_by_one_key_and_by_lexsort():
    """The rows found by one key and, where the columns' ranges do not fit it, by lexsort."""
    from engine.methods.faireval.jsonpairs import distinct_rows

    rng = np.random.default_rng(5)
    small = [rng.integers(-3, 4, 500), rng.integers(0, 3, 500), rng.integers(10, 12, 500)]
    for columns in (small, [small[0] * 2**61, small[1], small[2] - 2**62]):
        rows, which = distinct_rows(*columns)
        expected = sorted(set(zip(*(c.tolist() for c in columns), strict=True)))
        assert rows == expected
        assert [rows[k] for k in which.tolist()] == list(zip(*(c.tolist() for c in columns), strict=True))


def test_each_document_names_the_files_it_came_from_outside_the_json(tmp_path):
    from engine.export.json import dumps

    for side, text in (("gold", GOLD), ("system", SYSTEM)):
        (tmp_path / side).mkdir()
        for name in ("a.tsv", "b.tsv"):
            (tmp_path / side / name).write_text(text, encoding="utf-8")
    method = get_method("faireval")
    report = method.evaluate(str(tmp_path / "gold"), str(tmp_path / "system"), method.Options(), detail=True)
    assert [d.name for d in report.documents] == ["a.tsv", "b.tsv"]  # no file's name without its extension
    assert report.data["_sources"] == {name: {side: str(tmp_path / side / name) for side in ("gold", "system")}
                                       for name in ("a.tsv", "b.tsv")}  # fmt: skip
    assert "_sources" not in dumps(report)


def test_json_pairs_of_many_file_pairs_laid_out_as_one_table(tmp_path, monkeypatch):
    """Every file pair's entries laid out as one table: names needing escaping, a pair
    with no entries, spans with gaps, entries without a target or a system span, and a
    name that is not UTF-8 (its parts written as dicts, the others as text), the writer's
    parts crossing the pairs' ends; and a run with no system span at all. Each is the
    bytes of the entries as dicts."""
    import os

    import engine.export.json as writer

    monkeypatch.setattr(writer, "BATCH", 4)  # parts of 4 entries: several a pair, some across two
    names = ['a"quote.tsv', "b\\back.tsv", "c\u00e9\u4e2d.tsv", "d\ttab.tsv", "e\u2028.tsv", "f%d.tsv",
             os.fsdecode(b"g\xff.tsv"), "h.tsv"]  # fmt: skip
    for side, text in (("gold", GOLD), ("system", SYSTEM), ("none", "")):
        (tmp_path / side).mkdir()
        for k, name in enumerate(names):
            body = "x NN O\n" if name == "e\u2028.tsv" or not text else text * (k % 3 + 1)  # e: no entries
            with open(os.path.join(tmp_path / side, name), "w", encoding="utf-8") as out:
                out.write(body)
    method = get_method("faireval")
    for system in ("system", "none"):
        report = method.evaluate(str(tmp_path / "gold"), str(tmp_path / system), method.Options())
        written = _written(report)
        assert written == writer.dumps(report).encode("utf-8")
    assert b'{"file":"b\\\\back.tsv","sentence":1,"type":"FN","subtype":"","target":{"label":"PER"' in written
    assert b'"target":{"label":"ORG","begin":4,"end":7,"tokens":[4,6,7],"line":2},"system":null}' in written
    assert b'"file":"g\\\\xff.tsv"' in written
