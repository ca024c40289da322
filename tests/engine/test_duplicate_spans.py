"""Identical duplicate spans on one side (a brat T line repeating another, INCEpTION's
stacked values `A[1]|B[2]|A[3]`): every method reading span formats counts them once, with
one warning naming the file and the duplicates (engine/formats/duplicates.py)."""

from __future__ import annotations

import json

import pytest

TEXT = "IL-2 binds BHRF1 in cells.\n"
ANN = "T1\tProtein 0 4\tIL-2\nT2\tProtein 11 16\tBHRF1\nT3\tCell 20 25\tcells\n"
TSV = (
    "#FORMAT=WebAnno TSV 3.3\n#T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|value\n\n\n"
    "#Text=Ann met Bob\n1-1\t0-3\tAnn\tPER[1]|LOC[2]|PER[3]\n1-2\t4-7\tmet\t_\n1-3\t8-11\tBob\tPER\n"
)


def _brat(folder, ann: str):
    folder.mkdir()
    (folder / "doc.txt").write_text(TEXT, encoding="utf-8")
    (folder / "doc.ann").write_text(ann, encoding="utf-8")
    return folder


@pytest.fixture
def brat_pair(tmp_path):
    """Gold without duplicates, the system with T99 repeating T2."""
    return _brat(tmp_path / "gold", ANN), _brat(tmp_path / "system", ANN + "T99\tProtein 11 16\tBHRF1\n")


def _warned(err: str, source) -> None:
    assert err.count("duplicate span") == 1
    assert (f"{source}: 1 duplicate span (the same document, start, end and label as another) merged into "
            "one, counted once by every method: doc Protein 11-16 'BHRF1'") in err  # fmt: skip


def test_spans_counts_a_duplicate_once(cli, brat_pair, tmp_path):
    gold, system = brat_pair
    result = cli("spans", gold, system, "--json", tmp_path / "r.json")
    assert result.code == 0
    _warned(result.err, system)
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert report["classification_report"]["Protein"]["precision"] == 1.0


def test_nervaluate_counts_a_duplicate_once(cli, brat_pair):
    gold, system = brat_pair
    result = cli("nervaluate", gold, system, "--json", "-")
    assert result.code == 0
    _warned(result.err, system)
    strict = json.loads(result.out)["overall"]["strict"]
    assert (strict["correct"], strict["spurious"], strict["missed"]) == (3, 0, 0)


def test_faireval_counts_a_duplicate_once(cli, brat_pair):
    gold, system = brat_pair
    result = cli("faireval", system, gold, "--json", "-")  # the duplicates on the target side
    assert result.code == 0
    _warned(result.err, system)
    protein = json.loads(result.out)["per_label"]["traditional"]["Protein"]
    assert (protein["TP"], protein["FP"], protein["FN"]) == (2, 0, 0)


def test_faireval_through_a_config_file_counts_a_duplicate_once(cli, brat_pair, tmp_path):
    """FairEval's --config route reads the inputs without reader options: the duplicate is
    merged there too (read_spans merges for every caller)."""
    gold, system = brat_pair
    config = tmp_path / "brat.config"
    config.write_text(f"target_in = {system}\nsystem_in = {gold}\neval_method = all\n", encoding="utf-8")
    result = cli("faireval", "--config", config, "--json", "-")
    assert result.code == 0, result.err
    _warned(result.err, system)
    protein = json.loads(result.out)["per_label"]["traditional"]["Protein"]
    assert (protein["TP"], protein["FP"], protein["FN"]) == (2, 0, 0)


def test_clueval_reads_a_duplicate_as_one_span(cli, brat_pair):
    gold, system = brat_pair
    result = cli("clueval", gold, system)
    assert result.code == 0, result.err
    _warned(result.err, system)


def test_agreement_warns_of_a_duplicate(cli, brat_pair):
    gold, system = brat_pair
    result = cli("agreement", gold, system)
    assert result.code == 0
    _warned(result.err, system)


def test_stacked_webanno_values_count_once(cli, tmp_path):
    gold = tmp_path / "gold.tsv"
    gold.write_text(TSV, encoding="utf-8")
    system = tmp_path / "system.tsv"
    system.write_text(TSV.replace("PER[1]|LOC[2]|PER[3]", "PER[1]|LOC[2]"), encoding="utf-8")
    result = cli("spans", gold, system, "--json", "-")
    assert result.code == 0
    assert result.err.count("duplicate span") == 1
    assert f"{gold}: 1 duplicate span (the same document, start, end and label as another)" in result.err
    assert "gold PER 0-3 'Ann'" in result.err
    per = json.loads(result.out)["classification_report"]["PER"]
    assert (per["precision"], per["recall"], per["support"]) == (1.0, 1.0, 2)


def test_many_duplicates_name_the_first_few(tmp_path):
    from engine.formats import read_spans
    from engine.formats.duplicates import merged_duplicates

    lines = [f"T{n}\tProtein 11 16\tBHRF1" for n in range(10, 16)]
    annotations = merged_duplicates(read_spans(str(_brat(tmp_path / "many", ANN + "\n".join(lines)))))
    assert len(annotations.spans) == 3
    assert annotations.warnings[-1].startswith(f"{tmp_path / 'many'}: 6 duplicate spans (")
    assert annotations.warnings[-1].endswith("'BHRF1' (the first 3 of 6)")


def test_pieces_that_differ_are_not_duplicates(tmp_path):
    from engine.formats import read_spans
    from engine.formats.duplicates import merged_duplicates

    ann = "T1\tProtein 0 4;11 16\tIL-2 BHRF1\nT2\tProtein 0 16\tIL-2 binds BHRF1\nT3\tProtein 0 4;11 16\tIL-2 BHRF1\n"
    annotations = merged_duplicates(read_spans(str(_brat(tmp_path / "pieces", ann))))
    assert len(annotations.spans) == 2 and "1 duplicate span" in annotations.warnings[-1]


def test_an_original_format_keeps_its_duplicates(tmp_path):
    from engine.formats import read_spans
    from engine.formats.duplicates import merged_duplicates

    path = tmp_path / "chunks.txt"
    path.write_text("He PRP B-NP|B-NP\nran VBD B-VP\n", encoding="utf-8")
    annotations = merged_duplicates(read_spans(str(path), "conll2000"))
    assert [s.label for s in annotations.spans] == ["NP", "NP", "VP"] and annotations.warnings == []


def test_the_apps_agreement_and_an_exports_annotators_count_a_duplicate_once(brat_pair, tmp_path):
    """The Agreement window's reading (read_listed) and an export's annotators, as the
    command line's: the duplicate merged, with the warning."""
    from engine.agreement.inputs import export_annotators, read_listed

    gold, system = brat_pair
    listed = read_listed([(str(gold), None), (str(system), None)])
    assert [len(a.spans) for a in listed.values()] == [3, 3]
    assert any("1 duplicate span" in w for w in listed["system"].warnings)
    line = {"text": "Anna met Bob", "annotations": [
        {"label": 1, "start_offset": 0, "end_offset": 4, "user": 1},
        {"label": 1, "start_offset": 0, "end_offset": 4, "user": 1},
        {"label": 1, "start_offset": 0, "end_offset": 4, "user": 2}]}  # fmt: skip
    (tmp_path / "users.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    users = export_annotators(str(tmp_path / "users.jsonl"))
    assert {name: len(a.spans) for name, a in users.items()} == {"user 1": 1, "user 2": 1}
