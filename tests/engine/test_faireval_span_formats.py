"""FairEval and CLUEval on the annotation tools' span formats: the same numbers as on their
own files for the same spans (the bundled example written as doccano JSONL)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.methods import get_method

EXAMPLE = Path(__file__).parent.parent.parent / "resources" / "examples" / "faireval"


def _sentences(side: str) -> list[list[tuple[str, str]]]:
    sentences, current = [], []
    for line in (EXAMPLE / f"{side}.conll").read_text(encoding="utf-8").split("\n"):
        if not line.strip():
            if current:
                sentences.append(current)
                current = []
            continue
        fields = line.split(" ")
        current.append((fields[0], fields[-1]))
    return sentences + ([current] if current else [])


def _doccano(path: Path, sentences) -> str:
    """One example holding every sentence (a line each), spans as character offsets."""
    text, spans, offset = [], [], 0
    for sentence in sentences:
        starts = []
        for token, _ in sentence:
            starts.append(offset)
            offset += len(token) + 1
        text.append(" ".join(t for t, _ in sentence))
        open_ = None
        for k, (_, tag) in enumerate([*sentence, ("", "O")]):
            if open_ is not None and not tag.startswith("I-"):
                spans.append([open_[0], starts[k - 1] + len(sentence[k - 1][0]), open_[1]])
                open_ = None
            if tag.startswith("B-"):
                open_ = (starts[k], tag[2:])
    path.write_text(json.dumps({"id": "sherlock", "text": "\n".join(text), "label": spans}) + "\n", encoding="utf-8")
    return str(path)


def _conll2003(path: Path, sentences) -> str:
    """CoNLL-2003's shape: form POS chunk tag, space-separated, IOB1 (B- only where a span
    follows one of the same label), a -DOCSTART- line first."""
    lines = ["-DOCSTART- -X- -X- O", ""]
    for sentence in sentences:
        previous = "O"
        for token, tag in sentence:
            iob1 = tag if tag.startswith("B-") and previous[2:] == tag[2:] else "I-" + tag[2:] if tag != "O" else "O"
            lines.append(f"{token} NN I-NP {iob1}")
            previous = tag
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")
    return str(path)


def _results(gold: str, system: str) -> dict:
    method = get_method("faireval")
    data = method.evaluate(gold, system, method.Options()).data
    return {k: data[k] for k in ("overall", "per_label", "confusion")}


@pytest.mark.parametrize("writers", [(_doccano, _doccano), (_conll2003, _conll2003)])
def test_same_numbers_as_on_its_own_files(tmp_path, writers):
    native = _results(str(EXAMPLE / "gold.conll"), str(EXAMPLE / "system.conll"))
    gold = writers[0](tmp_path / "gold.x", _sentences("gold"))
    system = writers[1](tmp_path / "system.y", _sentences("system"))
    assert _results(gold, system) == native


def test_error_rows_show_the_words(tmp_path):
    gold = _doccano(tmp_path / "g.jsonl", _sentences("gold"))
    system = _doccano(tmp_path / "s.jsonl", _sentences("system"))
    report = get_method("faireval").evaluate(gold, system, get_method("faireval").Options())
    assert report.error_rows and all(r["gold_text"] or r["system_text"] for r in report.error_rows)
    assert report.documents[0].text(0, 15) == "Sherlock Holmes"  # the text's characters


def _vrt(path: Path, sentences) -> str:
    """CLUEval's own format: token TAB BIO tag, an empty line after each sentence."""
    path.write_text("".join("\n".join(f"{t}\t{g}" for t, g in s) + "\n\n" for s in sentences), encoding="utf-8")
    return str(path)


def _clueval(gold: str, system: str) -> dict:
    """CLUEval's numbers (positions left out: a text without tokens is cut by word_bounds,
    which can split a CoNLL token such as 'U.S.' and so shift later positions)."""
    method = get_method("clueval")
    data = method.evaluate(gold, system, method.Options()).data
    levels = {level: {k: (len(v) if k in ("fn", "fp") else v) for k, v in values.items()}
              for level, values in data["levels"].items()}
    return {"levels": levels, **{k: data[k] for k in ("n_spans", "class_counts", "evaluation_table")}}


@pytest.mark.parametrize("writers", [(_doccano, _doccano), (_doccano, _vrt), (_vrt, _doccano),
                                     (_conll2003, _conll2003), (_conll2003, _vrt)])
def test_clueval_same_numbers_as_on_its_own_files(tmp_path, writers):
    native = _clueval(_vrt(tmp_path / "g.vrt", _sentences("gold")), _vrt(tmp_path / "s.vrt", _sentences("system")))
    gold = writers[0](tmp_path / "gold.x", _sentences("gold"))
    system = writers[1](tmp_path / "system.y", _sentences("system"))
    assert _clueval(gold, system) == native


def test_clueval_overlapping_spans_are_named(tmp_path):
    from engine.errors import InputError

    line = '{"id": "a", "text": "New York City", "label": [[0, 8, "LOC"], [4, 13, "LOC"]]}\n'
    (tmp_path / "g.jsonl").write_text(line, encoding="utf-8")
    with pytest.raises(InputError, match="overlapping"):
        get_method("clueval").evaluate(str(tmp_path / "g.jsonl"), str(tmp_path / "g.jsonl"),
                                       get_method("clueval").Options())


def test_a_label_underscore_in_brat_files_is_warned_of(tmp_path):
    """The checks after the comparison see the labels of span-format inputs too (their
    sentences are compared in one batch when the report is built)."""
    for name, system_label in (("gold", "LOC"), ("system", "PER")):
        (tmp_path / f"{name}.txt").write_text("John lives in Paris.\n", encoding="utf-8")
        (tmp_path / f"{name}.ann").write_text(
            f"T1\t_ 0 4\tJohn\nT2\t{system_label} 14 19\tParis\n", encoding="utf-8"
        )
    method = get_method("faireval")
    report = method.evaluate(str(tmp_path / "gold.ann"), str(tmp_path / "system.ann"), method.Options())
    assert "label '_' is also the matrix's \"nothing\" marker" in report.messages


def test_a_brat_folders_every_file_is_named_among_the_inputs(tmp_path):
    """The report's input files are every file the folder's reader read (each with its
    sha256), not the folder's first file alone."""
    from engine.cli import main

    for side in ("gold", "system"):
        folder = tmp_path / side
        folder.mkdir()
        for name, text, span in (("a", "Sherlock Holmes met Watson .", "PER 0 15\tSherlock Holmes"),
                                 ("b", "Moriarty fled .", "PER 0 8\tMoriarty")):  # fmt: skip
            (folder / f"{name}.txt").write_text(text + "\n", encoding="utf-8")
            (folder / f"{name}.ann").write_text(f"T1\t{span}\n", encoding="utf-8")
    out = tmp_path / "report.json"
    assert main(["faireval", str(tmp_path / "gold"), str(tmp_path / "system"), "--json", str(out)]) == 0
    named = [(f["role"], Path(f["path"]).name) for f in json.loads(out.read_text(encoding="utf-8"))["input_files"]]
    assert named == [(role, name) for role in ("gold", "system") for name in ("a.ann", "a.txt", "b.ann", "b.txt")]
