"""`vrt.column_labels`: every BIO column's labels from one reading, each as `read` gives it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import InputError
from engine.formats import vrt
from engine.formats.standoff import ReadOptions
from engine.formats.vrt_tags import stopping
from engine.methods import get_method
from tests.conftest import conformance

BIO = str(conformance("clueval") / "data" / "fiktives-urteil-p1.bio")  # 3 BIO columns


def _read_labels(path: str, options: ReadOptions) -> list[str]:
    return sorted({span.label for span in vrt.read(path, options).spans})


def test_each_columns_labels_are_those_read_gives():
    options = ReadOptions(reading="conlleval")  # the file has an I- after an O
    every = vrt.column_labels(BIO, options)
    assert len(every) == 3 and all(every)
    assert every == [_read_labels(BIO, replace(options, tag_column=k)) for k in (1, 2, 3)]


def test_a_column_that_cannot_be_read_so_has_no_labels(tmp_path):
    """The second column's I- tag follows an O: refused in the strict IOB2 scheme only."""
    path = tmp_path / "two.vrt"
    path.write_text("Anna\tB-person\tO\nSchulz\tI-person\tI-hoch\n", encoding="utf-8")
    assert vrt.column_labels(str(path), ReadOptions()) == [["person"], ["hoch"]]
    assert vrt.column_labels(str(path), ReadOptions(scheme="IOB2")) == [["person"], []]


def test_a_file_without_bio_columns_has_none(tmp_path):
    path = tmp_path / "none.vrt"
    path.write_text("Anna\t1\nSchulz\t2\n", encoding="utf-8")
    assert vrt.column_labels(str(path), ReadOptions()) == []


def test_a_line_of_a_single_field_is_no_token_line_when_columns_are_counted(tmp_path):
    """read_vrt reads such a line as a non-token line (with a warning); counting columns took
    it for a token line without one, so the file 'had no BIO column after the token'."""
    assert vrt.bio_columns(["Sherlock\tB-PER", "Holmes", "lived\tO"]) == 1
    assert vrt.bio_columns(["<s>", "a\tB-X\tO", "</s>", ""]) == 2
    path = tmp_path / "one-untagged.vrt"
    path.write_text("Sherlock\tB-PER\nHolmes\nlived\tO\n", encoding="utf-8")
    spans = vrt.read(str(path), ReadOptions()).spans
    assert [(span.label, span.start, span.end) for span in spans] == [("PER", 0, 8)]  # "Sherlock"
    assert any("a line with a single field is not a token line" in w for w in spans.warnings)


def test_an_id_column_before_an_explicit_io_column_has_no_labels(tmp_path):
    """--scheme IO and --tag-column 3: the column between (token ids) is listed without labels."""
    path = tmp_path / "ids.vrt"
    path.write_text("<s>\nAnna\tPER\tt1\tHUM\nwohnt\tPER\tt2\tHUM\nhier\tLOC\tt3\tPLACE\n", encoding="utf-8")
    found = vrt.column_labels(str(path), ReadOptions(scheme="IO", tag_column=3))
    assert found == [["LOC", "PER"], [], ["HUM", "PLACE"]]


class _CountedHead(list):
    """A head that counts how often its lines are gone through (each split of its rows)."""

    walks = 0

    def __iter__(self):
        _CountedHead.walks += 1
        return super().__iter__()


def test_the_head_is_read_and_split_once(tmp_path, monkeypatch):
    """Counting the columns, telling ids from labels, the later column's warning and the message
    of no BIO column each went through the head's lines again (the last read it again too)."""
    heads = []
    monkeypatch.setattr(_CountedHead, "walks", 0)

    def counted(path: str) -> _CountedHead:
        heads.append(path)
        return _CountedHead(vrt.sniffing.read_head(vrt.Path(path)))

    monkeypatch.setattr(vrt, "_head", counted)
    path = tmp_path / "ids.vrt"
    path.write_text("<s>\nAnna\tPER\tt1\tHUM\nwohnt\tPER\tt2\tHUM\nhier\tLOC\tt3\tPLACE\n", encoding="utf-8")
    found = vrt.column_labels(str(path), ReadOptions(scheme="IO", tag_column=3))
    assert found == [["LOC", "PER"], [], ["HUM", "PLACE"]]
    spans = vrt.read(str(path), ReadOptions(scheme="IO")).spans
    assert any("column 3 holds bare values too" in warning for warning in spans.warnings)
    words = tmp_path / "words.vrt"
    words.write_text("Anna\tPER\nwohnt\tPER\n", encoding="utf-8")
    with pytest.raises(InputError, match="IO's in a file without O, read them with --scheme IO"):
        vrt.read(str(words), ReadOptions())
    assert heads == [str(path), str(path), str(words)] and _CountedHead.walks == 3


def test_the_columns_read_as_tags_are_counted_once_for_the_labels(monkeypatch):
    """column_labels counted the columns read as tags twice (for the count, then for the ids
    before an explicit IO column): the head's columns are gone through once (review35)."""
    calls, real = [], vrt._columns_read
    monkeypatch.setattr(vrt, "_columns_read", lambda table, io: calls.append(io) or real(table, io))
    assert len(vrt.column_labels(BIO, ReadOptions(reading="conlleval"))) == 3
    assert calls == [False]


def test_the_opening_reading_lists_the_labels_clueval_reads_in_each_column():
    """One read gives each column's labels as the options read them (none: strict IOB2 refuses
    each column's I- after O) and where an I-X after O opens a span, as CLUEval's own reader
    reads them (specs/clueval.md C1), for the app's lists."""
    from engine.methods.clueval.spans import column_spans

    own = column_spans(vrt.read_vrt(BIO, vrt.VrtLayout(3)), [])
    found = vrt.column_readings(BIO, ReadOptions())
    assert found.read == vrt.column_labels(BIO, ReadOptions()) == [[], [], []]
    assert found.opening == [sorted(set(column.labels)) for column in own]
    assert found.opening[0] == ["anon"] and found.opening[2] == ["hoch", "mittel", "niedrig"]


def test_a_column_read_as_the_options_read_it_has_those_labels_in_both_readings(tmp_path):
    """A column the options read has the labels they read in both readings; one they refuse, its B-X and I-X tags' X."""
    path = tmp_path / "two.vrt"
    path.write_text("Anna\tB-person\tO\nSchulz\tI-person\tI-hoch\nsagt\tO\tB-x\n", encoding="utf-8")
    found = vrt.column_readings(str(path), ReadOptions(scheme="IOB2"))
    assert found[:2] == ([["person"], []], [["person"], ["hoch", "x"]])
    assert "expected" in str(found.refused) and found.refused.line == 2  # the column read: the run's message


def test_the_opening_reading_labels_every_tag_but_o_as_clueval_s_reader_does(tmp_path):
    """CLUEval's reader labels a span by its tag without B- and I- (S-anon and a bare PER
    too, specs/clueval.md §2.6), whatever the options read: the lists kept only B-X and I-X's X,
    and a column the options read took their labels (review57 F2)."""
    from engine.methods.clueval.spans import column_spans

    path = tmp_path / "odd.vrt"
    path.write_text("Anna\tS-anon\tO\nSchulz\tO\tB-x\nsagt\tPER\tI-x\nes\tI-anon\tO\nhier\tB-anon\tO\n", encoding="utf-8")
    own = column_spans(vrt.read_vrt(str(path), vrt.VrtLayout(2)), [])
    found = vrt.column_readings(str(path), ReadOptions(scheme="BIOES"))
    assert found.opening == [sorted(set(column.labels)) for column in own] == [["PER", "S-anon", "anon"], ["x"]]


def _clueval_labels(path: str, columns: int) -> list[list[str]]:
    """Each column's labels as CLUEval's run reads the file (its own reader)."""
    from engine.methods.clueval.spans import column_spans

    return [sorted(set(column.labels)) for column in column_spans(vrt.read_vrt(path, vrt.VrtLayout(columns)), [])]


def test_a_file_of_one_bio_column_has_its_labels_in_both_readings(tmp_path):
    """One BIO column with an I-X after O: CLUEval's run reads anon, the span readers stop on
    line 6 (strict IOB2); neither was said, the file's one column being nothing to choose
    among (review57 F1, F3)."""
    path = tmp_path / "one.vrt"
    path.write_text('<text id="t1">\n<s>\nAMTSGERICHT\tB-anon\nERLANGEN\tI-anon\n--\tO\nAz\tI-anon\n</s>\n</text>\n')
    found = vrt.column_readings(str(path), ReadOptions())
    assert found.opening == _clueval_labels(str(path), 1) == [["anon"]]
    assert found.read == [[]] and found.refused is not None and found.refused.line == 6
    with pytest.raises(InputError) as stops:
        vrt.read(str(path), ReadOptions())
    assert str(found.refused) == str(stops.value)  # the run's message
    assert vrt.column_readings(str(path), ReadOptions(reading="conlleval"))[:] == ([["anon"]], [["anon"]], None, (None,))
    assert vrt.column_labels(str(path), ReadOptions(reading="conlleval")) == []  # one column: none to choose
    assert "expected a BIO column 1..1" in str(vrt.column_readings(str(path), ReadOptions(tag_column=2)).refused)


def test_the_opening_reading_lists_what_clueval_stores_of_the_tags_it_takes(tmp_path):
    """B-I- is stored as the label "" (CLUEval scores it), B-O refused (its run stops there):
    the list left out "" and listed O (review58 #2). One rule, CLUEval's (engine/formats/vrt_tags)."""
    path = tmp_path / "prefixes.vrt"
    path.write_text("Anna\tB-PER\tO\nSchulz\tO\tB-x\nsagt\tB-I-\tO\nes\tI-B-O\tO\nhier\tB-LOC\tO\n")
    assert vrt.column_readings(str(path), ReadOptions()).opening == _clueval_labels(str(path), 2)
    assert _clueval_labels(str(path), 2) == [["", "LOC", "O", "PER"], ["x"]]
    refused = tmp_path / "b-o.vrt"
    refused.write_text("Anna\tB-PER\tO\nSchulz\tO\tB-x\nsagt\tB-O\tO\n")
    assert vrt.column_readings(str(refused), ReadOptions()).opening == [["PER"], ["x"]]
    from engine.formats import vrt_tags
    from engine.methods.clueval import spans

    assert spans.tag_info is vrt_tags.tag_info


@pytest.mark.parametrize(
    "tags", [["LOC", "PER", "_", "o", "O"], [" LOC", " PER", "PER", "PER "]], ids=["odd", "spaced"]
)
def test_a_column_the_span_readers_count_no_bio_column_lists_what_clueval_reads(tmp_path, tags):
    """A first column of bare labels with `_` and `o`, or of tags with spaces: the span readers
    count no BIO column and stop, CLUEval reads the first column (every tag but O inside a span
    labelled by it, specs/clueval.md §2.5) whatever it holds; neither was listed (review58 #3)."""
    path = tmp_path / "odd.vrt"
    path.write_text("".join(f"w{i}\t{tag}\t{'B-x' if i % 2 else 'O'}\n" for i, tag in enumerate(tags)))
    found = vrt.column_readings(str(path), ReadOptions())
    assert found.opening == _clueval_labels(str(path), 1) == [sorted(set(tags) - {"O"})]
    assert found.read == [] and "found no BIO column after the token" in str(found.refused)


@pytest.mark.parametrize(
    ("lines", "layers"),
    [
        ("a\tB-PER\nb\tO\nc\tB-O\nd\tO\n", ("span",)),  # review59 F2
        ("<s>\na\tB-PER\tO\nb\tO\tI-O\nc\tB-O\t\nd\tO\tO\n</s>\n", ("span",)),  # column 1's, though 2 is first
        ("<s>\na\tB-PER\tO\nb\tO\tI-x\nc\tO\tB-\nd\t\tO\n</s>\n", ("a", "b")),  # column 2's, at line 4
        ("<s>\na\tB-PER\tO\nb\tO\tI-x\nc\tO\tB-\nd\t\tO\n</s>\n", ("a",)),  # column 1's, at line 5
    ],
)
def test_where_cluevals_run_stops_on_a_tag_it_refuses_is_read_with_the_columns(tmp_path, lines, layers):
    """C9: B-O, I-O, B- and an empty field stop CLUEval's run; the column readings say where, in
    its words, for the columns its run reads (one a layer named; the box listed the others' labels)."""
    path = tmp_path / "refused.vrt"
    path.write_text(lines, encoding="utf-8")
    clueval = get_method("clueval")
    options = replace(clueval.Options(), layers=layers)
    with pytest.raises(InputError) as run:
        clueval.evaluate(str(path), str(path), options)
    readings = vrt.column_readings(str(path), ReadOptions())
    said = stopping(readings.own_refused, clueval.own_columns(options))
    assert said is not None and str(said) == str(run.value)


def test_cluevals_run_stops_on_no_column_it_reads_where_each_tag_has_a_label(tmp_path):
    path = tmp_path / "taken.vrt"
    path.write_text("<s>\na\tB-PER\tO\nb\tI-PER\tB-O\n</s>\n", encoding="utf-8")
    readings = vrt.column_readings(str(path), ReadOptions())
    assert readings.own_refused[0] is None and readings.own_refused[1] is not None
    assert stopping(readings.own_refused, 1) is None


def test_clueval_reads_a_file_no_format_recognises_as_vertical_text_whatever_its_name(tmp_path):
    """A file without <s> lines whose first column is no BIO column: no format recognises it,
    and CLUEval's run reads it itself, as vertical text (whatever its name); the app's box
    follows the same rule (review59 F1). FairEval tells its two formats apart by their lines."""
    from engine.formats import detect, in_span_formats
    from engine.methods.span_options import unrecognised_read_as

    clueval = get_method("clueval")
    assert unrecognised_read_as(clueval.own_formats) == "vrt"
    assert unrecognised_read_as(get_method("faireval").own_formats) is None
    assert unrecognised_read_as(get_method("spans").own_formats) is None
    for name in ("odd.vrt", "odd.txt"):
        path = tmp_path / name
        path.write_text("w0\tLOC\tO\nw1\tPER\tB-x\nw2\t_\tO\nw3\to\tB-x\nw4\tO\tO\n", encoding="utf-8")
        assert detect(str(path)) is None and not in_span_formats(str(path), clueval.own_formats)
        run = clueval.evaluate(str(path), str(path), clueval.Options()).data["_run"]
        scored = sorted({label for (label,) in run.recall.x.labels})
        assert [scored] == vrt.column_readings(str(path), ReadOptions()).opening == [["LOC", "PER", "_", "o"]]


def test_the_tokens_are_made_columns_once_for_all_the_bio_columns(monkeypatch, tmp_path):
    """A look reads each BIO column as spans: the tokens' bytes, lines and sentences are made
    once for the file, each column its own tags, tag parts and warnings (the same labels as
    when each column's tokens were made anew)."""
    from engine.formats import conll

    calls, real = [], conll.ColumnFile.of_tokens.__func__
    monkeypatch.setattr(conll.ColumnFile, "of_tokens",
                        classmethod(lambda cls, *a, **k: calls.append(a[0]) or real(cls, *a, **k)))  # fmt: skip
    path = tmp_path / "two.vrt"
    path.write_text("Anna\tB-person\tO\nSchulz\tI-person\tI-hoch\n\nsagt\tO\tB-x\n", encoding="utf-8")
    found = vrt.column_readings(str(path), ReadOptions(reading="conlleval"))
    assert calls == [str(path)]
    assert found.read == [["person"], ["hoch", "x"]]
    options = ReadOptions(reading="conlleval")
    alone = [sorted({span.label for span in vrt.read(BIO, replace(options, tag_column=k)).spans}) for k in (1, 2, 3)]
    assert vrt.column_readings(BIO, options).read == alone and len(alone[1]) > 3  # each column read alone
