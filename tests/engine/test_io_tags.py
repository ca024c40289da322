"""IO tags (a bare label on every token of a span: `PER PER O`, Few-NERD's `person-actor`)
read as the same spans written in IOB2: spans, nervaluate and agreement give the same
numbers on both, the IOB2 side checked against seqeval 1.2.2 and nervaluate 1.2.1 themselves;
the file's scheme detected, its format sniffed. A file mixing bare and prefixed tags, bare
labels without O and a scheme the tags do not fit stop with one line naming file and line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from engine.formats import conll, detected_module, sniffing, tagschemes, vrt
from engine.formats.reader_options import READER_OPTIONS
from engine.formats.standoff import ReadOptions
from engine.methods import get_method

#: Labels with a `-` of their own: only a single scheme letter before the first `-` is a prefix.
LABELS = ("PER", "LOC", "art-film", "person-actor")
Spans = list[tuple[int, int, str]]


def _sentence_spans(rng: random.Random, length: int) -> Spans:
    """Spans of one sentence: none overlap, adjacent ones (often) of different labels, never
    of one (IO would make them one span), one token long often."""
    spans: Spans = []
    at, before = 0, None  # the label of a span ending just before `at`
    while at < length:
        if rng.random() < 0.35:
            at, before = at + 1, None
            continue
        end = min(length, at + rng.choice((1, 1, 2, 3, 4)))
        label = rng.choice([label for label in LABELS if label != before])
        spans.append((at, end, label))
        at, before = end, label
    return spans


def _system(rng: random.Random, gold: list[Spans], lengths: list[int]) -> list[Spans]:
    """Per sentence the gold's spans with some left out, or spans of its own."""
    return [[s for s in spans if rng.random() < 0.75] if rng.random() < 0.5 else _sentence_spans(rng, n)
            for spans, n in zip(gold, lengths, strict=True)]  # fmt: skip


def _tags(spans: Spans, length: int, io: bool) -> list[str]:
    tags = ["O"] * length
    for start, end, label in spans:
        for k in range(start, end):
            tags[k] = label if io else ("B-" if k == start else "I-") + label
    return tags


def _corpus(seed: int) -> tuple[list[int], list[Spans], list[Spans]]:
    rng = random.Random(seed)
    lengths = [rng.randint(1, 12) for _ in range(50)]
    gold = [_sentence_spans(rng, n) for n in lengths]
    return lengths, gold, _system(rng, gold, lengths)


def _runs_across_sentence_ends(lengths: list[int], sentences: list[Spans]) -> int:
    """How many sentences end in a span whose label opens the next one (one run of IO tags
    but for the blank line)."""
    return sum(bool(a and b and a[-1][1] == n and b[0][0] == 0 and a[-1][2] == b[0][2])
               for a, b, n in zip(sentences, sentences[1:], lengths, strict=False))  # fmt: skip


def _write(path, lengths: list[int], sentences: list[Spans], io: bool) -> str:
    """CoNLL columns, a blank line after each sentence; vertical text (a `.vrt` path) with each
    sentence an <s> element of one <text>."""
    vrt, lines = path.suffix == ".vrt", []
    for s, (n, spans) in enumerate(zip(lengths, sentences, strict=True)):
        tokens = [f"w{s}_{k}\t{tag}" for k, tag in enumerate(_tags(spans, n, io))]
        lines += [f'<s id="{s}">', *tokens, "</s>"] if vrt else [*tokens, ""]
    lines = ['<text id="t">', *lines, "</text>"] if vrt else lines
    path.write_text("\n".join(lines), encoding="utf-8")
    return str(path)


def _files(tmp_path, seed: int, suffix: str = ".conll") -> dict[str, tuple[str, str]]:
    """gold and system, each as (IO file, IOB2 file), and the IOB2 tag lists."""
    lengths, gold, system = _corpus(seed)
    assert _runs_across_sentence_ends(lengths, gold) > 0  # the case the blank line decides is there
    files = {}
    for side, sentences in (("gold", gold), ("system", system)):
        folder = {io: tmp_path / ("io" if io else "iob2") for io in (True, False)}
        for path in folder.values():
            path.mkdir(parents=True, exist_ok=True)
        files[side] = tuple(_write(folder[io] / f"{side}{suffix}", lengths, sentences, io) for io in (True, False))
    return files


def _iob2_lists(path: str) -> list[list[str]]:
    text = Path(path).read_text(encoding="utf-8")
    return [[line.split("\t")[1] for line in block.splitlines()] for block in text.split("\n\n") if block]


def _numbers(data: dict) -> dict:
    """A report's data but where each file's tags were read (IO against IOB2) and the texts."""
    return {key: value for key, value in data.items() if key not in ("reading", "_units")}


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("reading", ["strict", "conlleval"])
def test_spans_reads_io_as_the_same_spans_in_iob2(tmp_path, seed, reading):
    from seqeval.metrics import classification_report
    from seqeval.scheme import IOB2

    files = _files(tmp_path, seed)
    method = get_method("spans")
    options = method.Options(reading=reading)
    io, iob2 = (method.evaluate(files["gold"][k], files["system"][k], options).data for k in (0, 1))
    assert _numbers(io) == _numbers(iob2)
    assert [line.split(": tags read as ")[1] for line in io["reading"]] == [f"IO (detected), {reading} reading"] * 2
    gold, system = _iob2_lists(files["gold"][1]), _iob2_lists(files["system"][1])
    mode = {"mode": "strict", "scheme": IOB2} if reading == "strict" else {}
    expected = classification_report(gold, system, output_dict=True, **mode)
    assert iob2["classification_report"] == {
        k: {m: float(v) if m != "support" else int(v) for m, v in row.items()} for k, row in expected.items()
    }


@pytest.mark.parametrize("seed", range(4))
def test_nervaluate_reads_io_as_the_same_spans_in_iob2(tmp_path, seed):
    from nervaluate import Evaluator

    files = _files(tmp_path, 50 + seed)
    method = get_method("nervaluate")
    io, iob2 = (method.evaluate(files["gold"][k], files["system"][k], method.Options()).data for k in (0, 1))
    assert _numbers(io) == _numbers(iob2)
    gold, system = _iob2_lists(files["gold"][1]), _iob2_lists(files["system"][1])
    results = Evaluator(gold, system, tags=list(LABELS), loader="list").evaluate()
    for schema, result in results["overall"].items():
        mine = iob2["overall"][schema]
        for key in ("correct", "incorrect", "partial", "missed", "spurious", "precision", "recall", "f1"):
            assert mine[key] == getattr(result, key), (schema, key)


def test_agreement_reads_io_as_the_same_spans_in_iob2(tmp_path, capsys):
    from engine.cli import main

    lengths, gold, _ = _corpus(7)
    rng = random.Random(8)
    annotators = {"anna": gold, "ben": _system(rng, gold, lengths), "cleo": _system(rng, gold, lengths)}
    reports = []
    for io, folder in ((True, "io"), (False, "iob2")):
        (tmp_path / folder).mkdir()
        paths = [_write(tmp_path / folder / f"{name}.conll", lengths, spans, io) for name, spans in annotators.items()]
        assert main(["agreement", *paths, "--json", "-"]) == 0, capsys.readouterr().err
        reports.append(json.loads(capsys.readouterr().out))
    assert reports[0]["overall"]["span_f1"]["labelled"]["mean"] < 1.0  # the annotators differ
    apart = ("inputs", "input_files", "created")  # the files' paths and hashes, the time
    assert reports[0].keys() == reports[1].keys() and {"overall", "per_document", "labels"} < reports[0].keys()
    assert all(reports[0][key] == reports[1][key] for key in reports[0] if key not in apart)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("reading", ["strict", "conlleval"])
def test_a_vrt_files_io_column_is_read_as_the_same_spans_in_iob2_and_as_conlls(tmp_path, seed, reading):
    vrt, conll_files = _files(tmp_path / "vrt", seed, ".vrt"), _files(tmp_path / "conll", seed)
    method = get_method("spans")
    options = method.Options(reading=reading)
    io, iob2, as_conll = (method.evaluate(files["gold"][k], files["system"][k], options).data
                          for files, k in ((vrt, 0), (vrt, 1), (conll_files, 0)))  # fmt: skip
    assert _numbers(io) == _numbers(iob2) and io["classification_report"] == as_conll["classification_report"]
    assert [line.split(": tags read as ")[1] for line in io["reading"]] == [f"IO (detected), {reading} reading"] * 2


def test_a_vrt_file_of_io_tags_is_recognised_and_read_with_scheme_io(tmp_path, cli):
    files = _files(tmp_path, 4, ".vrt")
    assert all(detected_module(path) == "vrt" for path in (*files["gold"], *files["system"]))
    io = cli("spans", files["gold"][0], files["system"][0], "--scheme", "IO")
    iob2 = cli("spans", files["gold"][1], files["system"][1], "--format", "vrt", "--scheme", "IOB2")
    assert io.code == iob2.code == 0 and io.err == iob2.err == ""
    assert io.out == iob2.out and "art-film" in io.out and "person-actor" in io.out
    assert vrt.bio_columns(sniffing.read_head(Path(files["gold"][0]))) == 1
    wrong = cli("spans", files["gold"][0], files["system"][0], "--scheme", "IOB2")
    both = f"its tags fit IO: read them with --scheme IO (the system file {files['system'][0]}:"
    assert wrong.code == 2 and both in wrong.err and wrong.err.endswith(" too)\n")  # one change mends both
    alone = cli("spans", files["gold"][0], files["gold"][1], "--scheme", "IOB2")  # the system's tags IOB2
    assert alone.code == 2 and alone.err.endswith("its tags fit IO: read them with --gold-scheme IO\n")  # its own


def test_the_command_line_sniffs_io_files_and_prints_what_iob2_gives(tmp_path, cli):
    files = _files(tmp_path, 3)
    io = cli("spans", files["gold"][0], files["system"][0])
    iob2 = cli("spans", files["gold"][1], files["system"][1], "--format", "conll", "--scheme", "IOB2")
    assert io.code == iob2.code == 0 and io.err == iob2.err == ""
    assert io.out == iob2.out and "art-film" in io.out and "person-actor" in io.out


def _read(tmp_path, tags: list[str | None], **given: str) -> list[tuple[int, int, str]]:
    """The spans (first token, one past the last, label) of one file of these tags, a blank
    line for each None."""
    path = tmp_path / "tags.conll"
    path.write_text("".join("\n" if t is None else f"w\t{t}\n" for t in tags), encoding="utf-8")
    options = ReadOptions(**given)
    table, _ = conll.read_columns(conll.ColumnFile.read(str(path), options), options)
    rows = zip(table.starts.tolist(), table.ends.tolist(), table.labels.tolist(), strict=True)
    return [(start, end, table.label_names[label]) for start, end, label in rows]


def test_a_run_of_one_label_is_a_span_and_a_blank_line_ends_it(tmp_path):
    tags = ["PER", "PER", "LOC", "O", "art-film", None, "art-film", "art-film", "O", "PER"]
    spans = [(0, 2, "PER"), (2, 3, "LOC"), (4, 5, "art-film"), (5, 7, "art-film"), (8, 9, "PER")]
    assert _read(tmp_path, tags) == spans
    assert _read(tmp_path, tags, scheme="IO") == _read(tmp_path, tags, reading="conlleval") == spans
    assert _read(tmp_path, ["X-men", "O"]) == [(0, 1, "X-men")]  # X is no scheme letter: a bare label
    assert _read(tmp_path, ["PER", "LOC"], scheme="IO") == [(0, 1, "PER"), (1, 2, "LOC")]  # no O: chosen


def test_detection_and_the_declared_choices_name_io():
    seq = tagschemes.Sequence.of(np.array([tagschemes.BARE, tagschemes.O], dtype=np.int8),
                                 np.array([0, -1], dtype=np.int32), np.zeros(2, dtype=np.int64))  # fmt: skip
    assert tagschemes.detect(seq) == "IO"
    assert "IO" in next(option.choices for option in READER_OPTIONS if option.name == "scheme")


@pytest.mark.parametrize(
    ("lines", "columns"),
    [
        (["John\tPER", "Smith\tPER", "is\tO"], True),
        (["Paul person-artist/author", "went O"], True),  # Few-NERD's labels, space-separated
        (["John\tPER", "Smith\tPER"], False),  # no O: a column of POS tags or lemmas as much
        (["1\tJohn\tjohn\tPROPN\tNNP\t_\t2\tnsubj\t_\tO", "2\tran\trun\tVERB\tVBD\t_\t0\troot\t_\t_"], False),
        (["John\t12", "Smith\tO"], False),  # a number is no label
        (["John\tB-PER", "lives\tO", "Mary\tPER"], False),  # mixed: not sniffed (--format conll names the tag)
        (["APC2\tB", "polyposis\tI", "is\tO"], True),  # BioBERT's untyped B, I, O (tests/engine/test_untyped_tags.py)
        (["John\tPER", "said\t_", "is\tO"], False),  # '_' is no label
        (["The patient has blood group O", "and was given vitamin K"], False),  # prose: lines of any width
    ],
)
def test_a_last_column_of_bare_labels_beside_o_is_conll(lines, columns):
    assert sniffing.columns_like(lines) is columns


@pytest.mark.parametrize(
    ("tags", "vertical"),
    [
        (["B-PER", "I-PER", "O", "S-LOC"], True),  # a vertical text's BIO tags
        (["PER", "PER", "O", "LOC"], False),  # IO
        (["B", "I", "O", "B"], False),  # untyped
        (["U-PER", "O", "B-LOC", "L-LOC"], False),  # BILOU
        (["B-PER", "M-PER", "E-PER", "O"], False),  # BMES
    ],
)
def test_two_columns_without_structure_are_vertical_text_only_of_bio_tags(tags, vertical):
    """Other tags are CoNLL's: taken for vertical text, CLUEval and FairEval read them by their
    own rules (untyped B/I/O gave CLUEval a fourth span, FairEval refused the file)."""
    assert sniffing.vrt([f"w{n}\t{tag}" for n, tag in enumerate(tags)]) is vertical


@pytest.mark.parametrize("tags", [["B", "I", "O", "B", "O"], ["PER", "PER", "O", "LOC", "O"], ["U-PER", "O", "B-LOC", "L-LOC", "O"]])
def test_faireval_reads_a_two_column_file_of_other_tags_as_conll(tmp_path, cli, tags):
    path = tmp_path / "tags.ner"
    path.write_text("".join(f"w{n}\t{tag}\n" for n, tag in enumerate(tags)), encoding="utf-8")
    result = cli("faireval", path, path)
    assert result.code == 0 and "vertical text" not in result.err


def _conll(tmp_path, tags: list[str]) -> str:
    path = tmp_path / "tags.conll"
    path.write_text("".join(f"w{n}\t{tag}\n" for n, tag in enumerate(tags)), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("tags", "line", "message"),
    [
        (["PER", "PER", "O", "B-LOC"], 4, "expected a label without a prefix, as on line 1 ('PER': IO; a file does "
                                          "not mix them with B-, I- … tags), found 'B-LOC'"),
        (["O", "B-PER", "O", "LOC"], 4, "expected a tag with a prefix, as on line 2 ('B-PER'; a file does not mix "
                                        "them with IO's bare labels), found 'LOC'"),
        (["PER", "B-LOC", "I-LOC", "O", "B-PER"], 1, "expected a tag with a prefix, as on line 2 ('B-LOC'; a file "
                                                    "does not mix them with IO's bare labels), found 'PER'"),  # most
        (["N", "V", "S", "O", "N"], 3, "expected a label without a prefix, as on line 1 ('N': IO; a file does not mix "
                                       "them with B-, I- … tags), found 'S' (a letter alone: an untyped tag, read as "
                                       "S-_)"),  # a POS column: the letter alone said
        (["B-", "I-", "O"], 1, "expected a tag O or B-, I-, E-, S-, U-, L-, M- followed by a label, or labels "
                               "without a prefix beside O (IO), found 'B-' in column 1 (counted from 0); where the "
                               "tags are in another column, read them with --tag-column N"),  # a prefix, no label
        (["PER", "_", "O"], 2, "expected a tag O or B-, I-, E-, S-, U-, L-, M- followed by a label, or labels "
                               "without a prefix beside O (IO), found '_' in column 1 (counted from 0); where the "
                               "tags are in another column, read them with --tag-column N"),  # '_' is no label
        (["PER", "PER"], 1, "expected a tag O or B-, I-, E-, S-, U-, L-, M- followed by a label, or labels without a "
                            "prefix beside O (IO), found 'PER' in column 1 (counted from 0); where the tags are in "
                            "another column, read them with --tag-column N; where they are IO's labels in a file "
                            "without O, read them with --scheme IO"),  # and with it they are read
    ],
)  # fmt: skip
def test_tags_that_are_no_file_of_one_scheme_stop_with_file_and_line(tmp_path, cli, tags, line, message):
    path = _conll(tmp_path, tags)
    result = cli("spans", path, path, "--format", "conll")
    assert (result.code, result.err) == (2, f"spanstudio: error: {path}:{line}: {message}\n")


@pytest.mark.parametrize(
    ("tags", "options", "message"),
    [
        (["B-PER", "I-PER", "O"], ["--scheme", "IO"], "expected IO: O or a label X without a prefix (not B-X, I-X, "
                                                      "E-X, S-X, U-X, L-X or M-X), found 'B-PER'; its tags fit IOB2: "
                                                      "read them with --scheme IOB2"),
        (["PER", "PER", "O"], ["--scheme", "IOB2"], "expected IOB2: O, B-X, or I-X after B-X or I-X of the same X, "
                                                    "found 'PER'; its tags fit IO: read them with --scheme IO"),
        (["PER", "O"], ["--scheme", "IOB1", "--reading", "conlleval"], "expected conlleval: a tag O, B-X, I-X, E-X "
                                                                       "or S-X, found 'PER'; its tags fit IO: read "
                                                                       "them with --scheme IO"),
    ],
)  # fmt: skip
def test_a_scheme_the_tags_do_not_fit_names_the_one_they_fit(tmp_path, cli, tags, options, message):
    path = _conll(tmp_path, tags)
    result = cli("spans", path, path, *options)
    assert (result.code, result.err) == (2, f"spanstudio: error: {path}:1: {message}\n")


def test_a_vrt_file_of_io_tags_without_o_in_its_head_reads_with_scheme_io(tmp_path, cli):
    """With --scheme IO bare labels are tags without O (CoNLL's reader reads them so): a .vrt
    whose first lines hold no O reads as its CoNLL columns do; a later column of ids (`d1`)
    is no column of tags for that (told from tags by its O, as ever)."""
    rows = ["Ion\tPER\td1", "Popescu\tPER\td1", "Cluj\tLOC\td1"]
    vertical, columns = tmp_path / "io.vrt", tmp_path / "io.conll"
    vertical.write_text("\n".join(['<text id="a">', "<s>", *rows, "</s>", "</text>"]) + "\n", encoding="utf-8")
    columns.write_text("\n".join(row.rsplit("\t", 1)[0] for row in rows) + "\n\n", encoding="utf-8")
    read = cli("spans", vertical, vertical, "--scheme", "IO")
    assert read.code == 0 and read.out == cli("spans", columns, columns, "--scheme", "IO", "--format", "conll").out
    assert "PER\t1\t0\t0" in read.out and "d1" not in read.out
    assert "expected a BIO column 1..1 " in cli("spans", vertical, vertical, "--scheme", "IO", "--tag-column", "2").err
    assert "no BIO column after the token" in cli("spans", vertical, vertical).err  # without IO: none read
    assert vrt.bio_columns(sniffing.read_head(vertical)) == 0


def test_a_vrt_file_of_two_io_layers_without_o_reads_either_and_says_so(tmp_path, cli):
    """Two IO layers without O under --scheme IO: the default reads the first (a later column
    may be ids) and a warning names the other and its option; --tag-column 2 reads the second
    as CoNLL columns' --tag-column 2 does. A doc-id column (`d1`) is never such a layer."""
    rows = ["Ion\tPER\tPER", "Popescu\tPER\tPER", "Cluj\tLOC\tGPE"]
    vertical, columns = tmp_path / "two.vrt", tmp_path / "two.conll"
    vertical.write_text("\n".join(['<text id="a">', "<s>", *rows, "</s>", "</text>"]) + "\n", encoding="utf-8")
    columns.write_text("\n".join(rows) + "\n\n", encoding="utf-8")
    first = cli("spans", vertical, vertical, "--scheme", "IO")
    assert first.code == 0 and "LOC\t1\t0\t0" in first.out and "GPE" not in first.out
    assert (f"{vertical}: BIO column 1 read (the last read as tags: without O a later column may hold ids); "
            "column 2 holds bare values too (a second layer, or a domain): where they are labels, read it with "
            "--tag-column 2") in first.err  # fmt: skip
    second = cli("spans", vertical, vertical, "--scheme", "IO", "--tag-column", "2")
    as_conll = cli("spans", columns, columns, "--scheme", "IO", "--format", "conll", "--tag-column", "2")
    assert second.code == 0 and second.out == as_conll.out and "GPE\t1\t0\t0" in second.out
    for asked in ("1", "-1"):  # asked for: no warning (an explicit -1, the last read, too)
        assert "bare values too" not in cli("spans", vertical, vertical, "--scheme", "IO", "--tag-column", asked).err
    assert "bare values too" not in second.err
    other = tmp_path / "other.vrt"
    other.write_text(vertical.read_text(encoding="utf-8"), encoding="utf-8")
    assert "where they are labels, read it with --system-tag-column 2" in cli(
        "spans", vertical, other, "--scheme", "IO").err  # two files: the side's own flag
    domain = tmp_path / "domain.vrt"  # IO with O, then a domain column: no second layer
    domain.write_text("<s>\nAnna\tPER\tnews\nwohnt\tO\tnews\n", encoding="utf-8")
    assert "bare values too" not in cli("spans", domain, domain, "--scheme", "IO").err
    with_ids = tmp_path / "iod.vrt"
    with_ids.write_text("<s>\n" + "".join(row.rsplit("\t", 1)[0] + "\td1\n" for row in rows), encoding="utf-8")
    assert "bare values too" not in cli("spans", with_ids, with_ids, "--scheme", "IO").err
    refused = cli("spans", with_ids, with_ids, "--scheme", "IO", "--tag-column", "2")
    assert (refused.code, refused.err) == (2, f"spanstudio: error: {with_ids}: expected a BIO column 1..1 "
                                              "(or -1..-1 from the last), found column 2; read one of them "
                                              "with --tag-column N\n")  # fmt: skip


def test_a_vrt_file_mixing_bare_and_prefixed_tags_says_what_conll_says(tmp_path, cli):
    """The tag of the kind fewer tags have stops a .vrt with CoNLL's words (from its code), not
    with 'no BIO column'; a .vrt of two such columns reads its first, the last stopping."""
    tags = ["B-PER", "I-PER", "O", "LOC", "B-PER"]
    said = []
    for form in ("vrt", "conll"):
        path = tmp_path / f"mixed.{form}"
        path.write_text("".join(f"w{k}\t{tag}\n" for k, tag in enumerate(tags)) + "\n", "utf-8")
        said.append(cli("spans", path, path, "--format", form).err.replace(str(path), "FILE"))
    assert said[0] == said[1] == ("spanstudio: error: FILE:4: expected a tag with a prefix, as on line 1 ('B-PER'; "
                                  "a file does not mix them with IO's bare labels), found 'LOC'\n")  # fmt: skip
    two = tmp_path / "two.vrt"
    two.write_text("".join(f"w{k}\t{tag}\t{tag}\n" for k, tag in enumerate(["B-PER", *tags[1:3]])) +
                   "w3\tB-LOC\tLOC\n\n", encoding="utf-8")  # fmt: skip
    assert cli("spans", two, two, "--format", "vrt", "--tag-column", "1").code == 0
    assert "found 'LOC'" in cli("spans", two, two, "--format", "vrt").err


def test_a_vrt_file_of_io_labels_without_o_names_scheme_io(tmp_path, cli):
    """Without O its labels are no tags unless IO is chosen: the message says so, and with it they
    are read (--format conll, which the message also names, cannot read the <text> lines)."""
    path = tmp_path / "ionoo.vrt"
    path.write_text('<text id="a">\n<s>\nIon\tPER\nPopescu\tPER\nin\tLOC\n</s>\n</text>\n', encoding="utf-8")
    plain = cli("spans", path, path)
    assert plain.code == 2 and plain.err.endswith("where its labels are IO's in a file without O, read them with "
                                                  "--scheme IO\n")  # fmt: skip
    other = tmp_path / "other.vrt"
    other.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    both = cli("spans", other, path).err  # two files, both without O: the shared flag mends both
    assert both.endswith(f"read them with --scheme IO (the system file {path} too)\n")
    fine = tmp_path / "fine.vrt"
    fine.write_text(path.read_text(encoding="utf-8").replace("PER\nin\tLOC", "PER\nin\tO"), encoding="utf-8")
    assert cli("spans", other, fine).err.endswith("read them with --gold-scheme IO\n")  # the gold alone: its own
    read = cli("spans", path, path, "--scheme", "IO")
    assert read.code == 0 and "LOC\t1\t0\t0" in read.out and "PER\t1\t0\t0" in read.out
