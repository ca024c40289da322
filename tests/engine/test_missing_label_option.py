"""An annotation without a value (WebAnno TSV's '*', an XMI feature left unset) is read with
--missing-label LABEL by every method reading those formats (spans, nervaluate, FairEval,
CLUEval, agreement), declared once so that the app offers it too; without it the error names
the option."""

from __future__ import annotations

from pathlib import Path

import cassis
import pytest

from engine.methods import get_method
from engine.options import option_specs

FLAGS = ("#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Flag|\n\n\n#Text=ab cd\n"
         "1-1\t0-2\tab\t*[1]\t\n1-2\t3-5\tcd\t*[1]\t\n")  # fmt: skip
EXPECTED = "expected a value for every annotation (or a label for those without: --missing-label LABEL)"
SPAN_METHODS = ("spans", "nervaluate", "faireval", "clueval")


@pytest.fixture
def flags(tmp_path):
    path = tmp_path / "flags.tsv"
    path.write_text(FLAGS, encoding="utf-8")
    return path


@pytest.mark.parametrize("method", SPAN_METHODS)
def test_every_span_method_takes_a_missing_label(cli, flags, method):
    refused = cli(method, flags, flags)
    assert refused.code == 2 and f"{flags}:6: {EXPECTED}, found '*' (an annotation without a value)" in refused.err
    for given in (["--missing-label", "Flag"], ["--gold-missing-label", "Flag", "--system-missing-label", "Flag"]):
        result = cli(method, flags, flags, *given)
        assert result.code == 0 and (method != "spans" or "\nFlag\t1\t0\t0\t" in result.out), result.err


def test_agreement_names_the_same_option(cli, flags):
    assert EXPECTED in cli("agreement", flags, flags, "--names", "a", "b").err
    assert cli("agreement", flags, flags, "--names", "a", "b", "--missing-label", "Flag").code == 0


@pytest.mark.parametrize("method", SPAN_METHODS)
def test_the_app_offers_it(method):
    specs = {spec.name: spec for spec in option_specs(get_method(method).Options)}
    assert specs["missing_label"].info.gui and not specs["gold_missing_label"].info.gui


def test_an_xmi_annotation_without_a_value(cli, tmp_path):
    typesystem = cassis.TypeSystem()
    entity = typesystem.create_type("de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity")
    typesystem.create_feature(entity, "value", "uima.cas.String")
    cas = cassis.Cas(typesystem=typesystem, sofa_string="Anna met Bob")
    cas.add(entity(begin=0, end=4))
    cas.to_xmi(str(tmp_path / "doc.xmi"))
    typesystem.to_xml(str(tmp_path / "TypeSystem.xml"))
    xmi = tmp_path / "doc.xmi"
    assert ("expected a value of feature 'value' for every annotation (or a label for those without: "
            "--missing-label LABEL)") in cli("spans", xmi, xmi).err  # fmt: skip
    result = cli("spans", xmi, xmi, "--missing-label", "NE")
    assert result.code == 0 and "NE\t1\t0\t0" in result.out


@pytest.mark.parametrize("command", [("spans",), ("agreement", "--names", "a", "b")])
def test_a_format_without_values_says_the_missing_label_is_not_used(cli, flags, command):
    conll = str(Path(__file__).parent.parent / "data" / "formats" / "conll" / "en-orig.conll")
    result = cli(command[0], conll, conll, *command[1:], "--missing-label", "Flag")
    assert result.code == 0 and (f"{conll}: --missing-label 'Flag' not used (CoNLL columns (a token and its tag) "
                                 "has no annotations without a value)") in result.err  # fmt: skip
    assert "not used" not in cli(command[0], flags, flags, *command[1:], "--missing-label", "Flag").err


def test_an_unused_option_is_named_by_the_flag_that_set_it(cli):
    """--system-source set for a doccano pair is named --system-source (it said --source,
    a flag the user had not given; the app then named the shared Source list)."""
    doccano = str(Path(__file__).parent.parent / "data" / "formats" / "doccano" / "export-sequence_labeling.jsonl")
    own = cli("spans", doccano, doccano, "--system-source", "predictions").err
    assert f"{doccano}: --system-source 'predictions' not used (doccano JSONL has no predictions)" in own
    assert "--source" not in own.replace("--system-source", "")
    shared = cli("spans", doccano, doccano, "--source", "predictions").err
    assert "--source 'predictions' not used" in shared and "--system-source" not in shared


def test_a_sides_own_label_file_and_index_are_named_by_their_flags(cli, tmp_path):
    """doccano's label-file warning and index error name --gold-label-file, --system-index."""
    plain = tmp_path / "plain.jsonl"
    plain.write_text('{"id": 1, "text": "Ann met Bob", "label": [[0, 3, "PER"]]}\n', encoding="utf-8")
    labels = tmp_path / "labels.json"
    labels.write_text('[{"id": 1, "text": "PER"}]', encoding="utf-8")
    result = cli("spans", plain, plain, "--gold-label-file", labels)
    assert f"{plain}: --gold-label-file '{labels}' not used (the labels are names" in result.err
    users = tmp_path / "users.jsonl"
    users.write_text('{"id": 1, "text": "Ann met Bob", "annotations": [{"user": 1, "label": "PER", '
                     '"start_offset": 0, "end_offset": 3}, {"user": 2, "label": "PER", "start_offset": 8, '
                     '"end_offset": 11}]}\n', encoding="utf-8")  # fmt: skip
    assert f"{users}: expected --system-index below 2" in cli("spans", users, users, "--system-index", "5").err


def test_label_studio_names_a_sides_own_index(cli, tmp_path):
    """A task without the annotation a side's --system-index picks is left out, the warning
    naming --system-index (it said --index)."""
    import json

    def annotation(start: int, end: int) -> dict:
        return {"result": [{"value": {"start": start, "end": end, "labels": ["PER"]}, "from_name": "label",
                            "to_name": "text", "type": "labels"}]}  # fmt: skip

    tasks = [{"id": 1, "data": {"text": "Ann met Bob"}, "annotations": [annotation(0, 3), annotation(8, 11)]},
             {"id": 2, "data": {"text": "Bob met Ann"}, "annotations": [annotation(0, 3)]}]  # fmt: skip
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps(tasks), encoding="utf-8")
    err = cli("spans", path, path, "--system-index", "1").err
    assert "1 task has no annotation number 2 (--system-index 1; cancelled ones not counted)" in err
