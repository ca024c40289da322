"""FairEval and CLUEval take the span readers' options as spans does (--format,
--gold-format, --discontinuous, …): on a conformance input converted to brat or doccano
they give the numbers of the original files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.formats import read_spans
from engine.methods import get_method
from tests.conftest import conformance
from tests.engine.test_faireval_span_formats import _clueval


def _faireval(gold: str, system: str, **options) -> dict:
    method = get_method("faireval")
    data = method.evaluate(gold, system, method.Options(**options)).data
    return {k: data[k] for k in ("overall", "per_label", "confusion")}


def _brat(folder: Path, spans_file: Path, other: Path) -> str:
    """A FairEval span file as brat: each sentence a line of its token numbers (the text
    a FairEval span file stands for, as many as either file uses), each span a text-bound
    annotation (in pieces where its token numbers skip)."""
    annotations = read_spans(str(spans_file), "faireval-spans")
    partner = read_spans(str(other), "faireval-spans")
    offsets, lines = {}, []
    for doc, other_doc in zip(annotations.documents, partner.documents, strict=True):
        offsets[doc.name] = sum(len(line) + 1 for line in lines)
        lines.append(max(str(doc.tokens), str(other_doc.tokens), key=len))
    ann = []
    for k, span in enumerate(annotations.spans, 1):
        pieces = span.attrs.get("parts") or [(span.start, span.end)]
        at = offsets[span.doc]
        ann.append(f"T{k}\t{span.label} " + ";".join(f"{at + s} {at + e}" for s, e in pieces) + "\tx")
    folder.mkdir()
    (folder / "doc.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "doc.ann").write_text("\n".join(ann) + "\n", encoding="utf-8")
    return str(folder / "doc.ann")


def _first_sentences(path: Path, copy: Path, count: int) -> Path:
    """The first `count` sentences of a FairEval span file (a test of a few seconds)."""
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    copy.write_text("\n\n".join(text.split("\n\n")[:count]) + "\n", encoding="utf-8")
    return copy


def test_faireval_on_brat_gives_the_numbers_of_its_span_files(tmp_path):
    data = conformance("faireval") / "data"
    gold = _first_sentences(data / "target" / "ner_spans.csv", tmp_path / "gold.csv", 1000)
    system = _first_sentences(data / "system" / "ner_spans.csv", tmp_path / "system.csv", 1000)
    native = _faireval(str(gold), str(system))
    brat_gold, brat_system = _brat(tmp_path / "g", gold, system), _brat(tmp_path / "s", system, gold)
    converted = _faireval(brat_gold, brat_system, format="brat", discontinuous="all-fragments")
    assert converted == native
    assert native["overall"]["traditional"]["TP"] > 500  # something was compared


def _doccano(path: Path, bio: Path) -> str:
    """A CLUEval vertical file's spans as one doccano example (its text: the tokens joined
    by spaces, the sentences by line ends)."""
    annotations = read_spans(str(bio), "vrt")
    doc = annotations.documents[0]
    labels = [[s.start, s.end, s.label] for s in annotations.spans]
    path.write_text(json.dumps({"id": doc.name, "text": str(doc.tokens), "label": labels}) + "\n", encoding="utf-8")
    return str(path)


def test_clueval_on_doccano_gives_the_numbers_of_its_vertical_files(tmp_path, cli):
    data = conformance("clueval") / "data"
    reference, candidate = data / "reference-short.bio", data / "candidate-short.bio"
    native = _clueval(str(reference), str(candidate))
    gold, system = _doccano(tmp_path / "g.json", reference), _doccano(tmp_path / "s.json", candidate)
    method = get_method("clueval")
    data_ = method.evaluate(gold, system, method.Options(format="doccano")).data
    levels = {level: {k: (len(v) if k in ("fn", "fp") else v) for k, v in values.items()}
              for level, values in data_["levels"].items()}  # fmt: skip
    assert {"levels": levels, **{k: data_[k] for k in ("n_spans", "class_counts", "evaluation_table")}} == native
    mixed = cli("clueval", reference, system, "--system-format", "doccano", "--gold-format", "vrt")
    assert mixed.code == 0, mixed.err
    assert "Evaluation results:" in mixed.out


def test_the_flags_are_on_the_command_line(capsys):
    from engine.cli import main

    for method in ("faireval", "clueval"):
        with pytest.raises(SystemExit):
            main([method, "--help"])
        out = capsys.readouterr().out
        for flag in ("--gold-format", "--system-layer", "--typesystem", "--discontinuous", "--scheme"):
            assert flag in out, (method, flag)


def test_reader_options_on_the_methods_own_files_are_said_to_be_unused(cli, tmp_path):
    example = Path(__file__).parent.parent.parent / "resources" / "examples" / "faireval"
    gold, system = example / "gold.conll", example / "system.conll"
    named = cli("faireval", gold, system, "--format", "conll2000")
    assert named.code == 0 and "not used" not in named.err
    result = cli("faireval", gold, system, "--scheme", "IOB1", "--gold-layer", "x")
    assert result.code == 0 and result.out == named.out
    assert ("spanstudio: warning: --gold-layer, --scheme: not used (they apply to the span formats; "
            "FairEval reads these files itself)") in result.err  # fmt: skip
    vrt = tmp_path / "g.vrt"
    vrt.write_text("Ann\tB-PER\nLee\tI-PER\n\n", encoding="utf-8")
    clueval = cli("clueval", vrt, vrt, "--discontinuous", "fragments")
    assert clueval.code == 0 and "--discontinuous: not used" in clueval.err


def test_shortened_options_keep_meaning_the_methods_own(cli, tmp_path):
    vrt = tmp_path / "g.vrt"
    vrt.write_text("Ann\tB-PER\t1\nLee\tI-PER\t2\n\n", encoding="utf-8")
    for args in (("--lay", "entity"), ("--to", "2"), ("--t", "2")):  # --layers, --token-id-column twice
        result = cli("clueval", vrt, vrt, *args)
        assert result.code == 0, (args, result.err)
        assert "not used" not in result.err
    assert "--layer: not used" in cli("clueval", vrt, vrt, "--layer", "x").err  # the reader option, by its name
    example = Path(__file__).parent.parent.parent / "resources" / "examples" / "faireval"
    focus = cli("faireval", example / "gold.conll", example / "system.conll", "--f", "system")
    assert focus.code == 0 and "\nfocus: system\n" in focus.out


def test_faireval_reports_how_it_read_span_formats(tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"id": "a", "text": "Ann Lee", "label": [[0, 7, "PER"]]}) + "\n", encoding="utf-8")
    method = get_method("faireval")
    report = method.evaluate(str(gold), str(gold), method.Options(format="doccano", discontinuous="fragments"))
    for options in (report.options, report.data["options"]):
        assert options["format"] == "doccano" and options["discontinuous"] == "fragments"
        assert "layer" not in options and options["focus"] == "target"


def test_shortened_options_are_spelled_out_with_their_value_and_not_after_a_double_dash(cli, tmp_path):
    vrt = tmp_path / "g.vrt"
    vrt.write_text("Ann\tB-PER\t1\nLee\tI-PER\t2\n\n", encoding="utf-8")
    assert cli("clueval", vrt, vrt, "--lay=entity").out == cli("clueval", vrt, vrt, "--layers", "entity").out
    ambiguous = cli("clueval", vrt, vrt, "--la", "entity")  # --layers, --labelled (and the reader's --layer)
    assert ambiguous.code == 2 and "ambiguous option: --la could match --layers, --labelled" in ambiguous.err
    after = cli("clueval", "--", vrt, "--lay")  # after --, every argument is a file name
    assert after.code == 2 and "--lay" in after.err and "--layers" not in after.err
