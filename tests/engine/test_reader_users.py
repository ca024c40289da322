"""`--gold-user` / `--system-user` choose the annotator of every export that holds several
(Label Studio by `completed_by`, doccano by user, INCEpTION by user), by the names the
agreement command gives them; on a file of one annotator's spans a user is an error, and
the options a format has no use for (`--layer`, `--feature`, `--source`) are warnings.
Then what the probe of the readers found: Label Studio's `--index` over tasks that list
their annotators in different orders, an INCEpTION export whose users each hold one
document, texts in two Unicode normalizations, a CoNLL-U file."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

from engine.cli import main

from .test_agreement_exports import BEN, DOCCANO, LABEL_STUDIO, jsonl, project_entries, zipped


def report(capsys, method: str, *args: str) -> dict:
    assert main([method, *args, "--json", "-"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def failure(capsys, method: str, *args: str) -> str:
    assert main([method, *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("spanstudio: error: ")
    return err


def f1(data: dict) -> float:
    return data["classification_report"]["micro avg"]["f1-score"]


@pytest.fixture
def label_studio(tmp_path: Path) -> str:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(LABEL_STUDIO), encoding="utf-8")
    return str(path)


# --- the user options choose the annotator ----------------------------------------------


def test_label_studio_users_are_chosen_by_the_agreement_commands_names(label_studio, capsys):
    agreed = report(capsys, "agreement", label_studio)["overall"]["span_f1"]["labelled"]["mean"]
    chosen = report(capsys, "spans", label_studio, label_studio, "--gold-user", "user 7",
                    "--system-user", "ben@example.org")  # fmt: skip
    assert f1(chosen) == pytest.approx(agreed) == pytest.approx(2 * 2 / 7)  # not 1.0: 7 against 7
    by_id = report(capsys, "spans", label_studio, label_studio, "--gold-user", "7", "--system-user", BEN["email"])
    assert f1(by_id) == f1(chosen)  # the bare id as README's table gives it
    reversed_ = report(capsys, "spans", label_studio, label_studio, "--gold-user", "ben@example.org",
                       "--system-user", "user 7", "--index", "0")  # fmt: skip
    assert f1(reversed_) == f1(chosen)


def test_faireval_takes_the_label_studio_user_too(label_studio, capsys):
    same = report(capsys, "faireval", label_studio, label_studio)["overall"]["traditional"]["F1"]
    chosen = report(capsys, "faireval", label_studio, label_studio, "--gold-user", "user 7",
                    "--system-user", "ben@example.org")["overall"]["traditional"]["F1"]  # fmt: skip
    assert same == 1.0 and chosen == pytest.approx(2 * 2 / 7)


def test_an_unknown_label_studio_user_lists_the_users(label_studio, capsys):
    err = failure(capsys, "spans", label_studio, label_studio, "--system-user", "carl")
    assert "export.json: expected a user of the export (user 7, ben@example.org), found 'carl'" in err


def test_a_task_without_the_users_annotation_is_left_out_with_a_warning(tmp_path, capsys):
    tasks = [LABEL_STUDIO[0], {**LABEL_STUDIO[1], "annotations": LABEL_STUDIO[1]["annotations"][:1]}]
    path = str(tmp_path / "export.json")
    Path(path).write_text(json.dumps(tasks), encoding="utf-8")
    data = report(capsys, "spans", path, path, "--gold-user", "7", "--system-user", "ben@example.org")
    assert f1(data) == pytest.approx(2 * 1 / 4)  # task 11 alone
    assert any("1 task has no annotation by ben@example.org (--system-user 'ben@example.org'), left out "
               "of the comparison: 12 (1 annotation)" in m for m in data["messages"])  # fmt: skip


def test_doccano_users_are_chosen_by_name_or_id(tmp_path, capsys):
    path = jsonl(tmp_path / "export.jsonl", DOCCANO)
    by_name = report(capsys, "spans", path, path, "--gold-user", "user 1", "--system-user", "user 2")
    assert f1(by_name) == pytest.approx(2 * 1 / 5)  # as agreement's user 1 against user 2
    assert f1(report(capsys, "spans", path, path, "--gold-user", "1", "--system-user", "2")) == f1(by_name)
    err = failure(capsys, "nervaluate", path, path, "--system-user", "7")
    assert "export.jsonl: expected a user of the export (user 1, user 2, user 5), found '7'" in err


def test_an_inception_user_is_read_as_before(tmp_path, capsys):
    path = zipped(tmp_path / "project.zip", project_entries())
    assert f1(report(capsys, "spans", path, path, "--system-user", "ben")) == pytest.approx(2 * 3 / 9)


# --- formats without annotators or without the option -----------------------------------

CONLL = "Sherlock\tB-PER\nHolmes\tI-PER\nleft\tO\n"


def test_a_user_for_a_file_of_one_annotator_is_an_error_naming_it(tmp_path, capsys):
    path = tmp_path / "gold.conll"
    path.write_text(CONLL, encoding="utf-8")
    err = failure(capsys, "spans", str(path), str(path), "--system-user", "anna")
    assert "gold.conll: expected an export of several annotators' work for --system-user 'anna'" in err
    assert "the option applies to exports of several annotators" in err
    plain = jsonl(tmp_path / "plain.jsonl", [{"id": 1, "text": "Sherlock", "label": [[0, 8, "PER"]]}])
    err = failure(capsys, "spans", plain, plain, "--gold-user", "anna")
    assert "plain.jsonl: expected an export of several annotators' work for --gold-user 'anna'" in err


def test_options_a_format_has_no_use_for_are_named_in_warnings(tmp_path, capsys):
    path = tmp_path / "gold.conll"
    path.write_text(CONLL, encoding="utf-8")
    data = report(capsys, "spans", str(path), str(path), "--layer", "NER", "--gold-feature", "value",
                  "--gold-source", "predictions")  # fmt: skip
    for warning in ("--layer 'NER' not used", "--gold-feature 'value' not used", "--gold-source 'predictions' not used"):
        assert any(warning in m and "gold.conll" in m for m in data["messages"]), warning
    assert not any("not used" in m for m in report(capsys, "spans", str(path), str(path))["messages"])


# --- Label Studio's --index over annotators in different orders -------------------------


def test_label_studio_index_over_annotators_in_different_orders_is_a_warning(tmp_path, label_studio, capsys):
    tasks = [LABEL_STUDIO[0], {**LABEL_STUDIO[1], "annotations": LABEL_STUDIO[1]["annotations"][::-1]}]
    path = str(tmp_path / "reversed.json")
    Path(path).write_text(json.dumps(tasks), encoding="utf-8")
    messages = report(capsys, "spans", path, path, "--system-index", "1")["messages"]
    assert (f"{path}: the annotations of 2 users (user 7, ben@example.org): --index 0 reads each task's "
            "annotation number 1, which is user 7's in 1 task, ben@example.org's in 1 (the tasks list "
            "their annotators in different orders): --gold-user NAME reads one user's") in messages  # fmt: skip
    assert not any("different orders" in m for m in report(capsys, "spans", label_studio, label_studio)["messages"])


def _reversed_tasks(tmp_path: Path) -> str:
    """Label Studio tasks listing their two annotators in different orders."""
    tasks = [LABEL_STUDIO[0], {**LABEL_STUDIO[1], "annotations": LABEL_STUDIO[1]["annotations"][::-1]}]
    path = tmp_path / "reversed.json"
    path.write_text(json.dumps(tasks), encoding="utf-8")
    return str(path)


def test_the_index_warning_names_the_user_flag_of_its_side(tmp_path, label_studio, cli):
    """Label Studio's --index warning names the flag of the side it is about (it said --user
    for each): compare's gold once with --gold-user, whichever system is its file (its two
    runs named it two ways); agreement, without a user option, names none."""
    path = _reversed_tasks(tmp_path)
    orders = (f"{path}: the annotations of 2 users (user 7, ben@example.org): --index 0 reads each task's "
              "annotation number 1, which is user 7's in 1 task, ben@example.org's in 1 (the tasks list "
              "their annotators in different orders): ")  # fmt: skip
    for systems, flags in (((path, label_studio), ("--gold-user", "--system-user")),
                           ((label_studio, path), ("--gold-user", "--system-b-user")),
                           ((label_studio, label_studio), ("--gold-user",))):  # fmt: skip
        read = cli("compare", "spans", path, *systems)
        assert read.code == 0, read.err
        said = [line for line in read.err.splitlines() if orders in line]
        assert said == [f"spanstudio: warning: {orders}{flag} NAME reads one user's" for flag in flags], said
    agreement = cli("agreement", path, label_studio)
    assert agreement.code == 0 and f"{orders}given alone, each of its users is an annotator" in agreement.err
    assert "-user" not in agreement.err


# --- an INCEpTION export whose users each hold one document -----------------------------

ONE_EACH = {"anna": {"doc1.txt": ["PER", "_", "_", "PER", "_", "LOC", "_"]},
            "ben": {"doc1.txt": ["PER", "_", "_", "_", "_", "LOC", "_"]},
            "cara": {"doc2.txt": ["PER", "_", "_", "LOC", "_", "_", "_"]},
            "dora": {"doc2.txt": ["_", "_", "_", "LOC", "_", "_", "_"]}}  # fmt: skip


def test_users_of_one_document_each_keep_their_source_documents(tmp_path, capsys):
    data = report(capsys, "agreement", zipped(tmp_path / "project.zip", project_entries(ONE_EACH)))
    assert data["annotators"] == ["anna", "ben", "cara", "dora"]
    assert data["per_document"]["doc1.txt"]["annotators"] == ["anna", "ben"]
    assert data["per_document"]["doc2.txt"]["annotators"] == ["cara", "dora"]


def test_users_with_no_document_in_common_are_the_usual_error(tmp_path, capsys):
    users = {"anna": ONE_EACH["anna"], "cara": ONE_EACH["cara"]}
    err = failure(capsys, "agreement", zipped(tmp_path / "project.zip", project_entries(users)))
    assert "expected a document two annotators or more have (documents pair by name), found none " \
           "(anna: 'doc1.txt'; cara: 'doc2.txt')" in err  # fmt: skip


def test_two_users_of_an_export_without_a_common_document_say_so(tmp_path, capsys):
    path = zipped(tmp_path / "project.zip", project_entries(ONE_EACH))
    err = failure(capsys, "spans", path, path, "--gold-user", "anna", "--system-user", "cara")
    assert "user anna has not annotated document doc2.txt (anna has annotated doc1.txt)" in err


# --- texts in two Unicode normalizations, CoNLL-U ---------------------------------------


def brat(folder: Path, text: str) -> str:
    folder.mkdir()
    (folder / "doc.txt").write_text(text, encoding="utf-8")
    (folder / "doc.ann").write_text("T1\tPER 0 3\t" + text[:3] + "\n", encoding="utf-8")
    return str(folder)


@pytest.mark.parametrize("method", ["spans", "agreement"])
def test_texts_differing_in_unicode_normalization_say_so(tmp_path, capsys, method):
    text = "Zoë met Chloë."
    gold = brat(tmp_path / "gold", unicodedata.normalize("NFC", text))
    system = brat(tmp_path / "system", unicodedata.normalize("NFD", text))
    err = failure(capsys, method, gold, system)
    assert "the texts differ only in Unicode normalization (gold NFC, system NFD)" in err
    assert "export both from the text in one form" in err


def test_other_differences_have_no_normalization_note(tmp_path, capsys):
    gold, system = brat(tmp_path / "gold", "Zoë met Chloë."), brat(tmp_path / "system", "Zoe met Chloe.")
    assert "normalization" not in failure(capsys, "spans", gold, system)


def test_a_conllu_file_says_what_is_read_and_what_is_not(tmp_path, capsys):
    path = tmp_path / "u.conllu"
    path.write_text("# text = Angela visited Paris.\n"
                    "1\tAngela\tAngela\tPROPN\tNNP\t_\t2\tnsubj\t_\tNER=B-PER\n"
                    "2\tvisited\tvisit\tVERB\tVBD\t_\t0\troot\t_\tNER=O\n"
                    "3\tParis\tParis\tPROPN\tNNP\t_\t2\tobj\t_\tNER=B-LOC|SpaceAfter=No\n"
                    "4\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\tNER=O\n", encoding="utf-8")  # fmt: skip
    err = failure(capsys, "spans", str(path), str(path))
    assert "found a CoNLL-U file (ID, FORM, …, MISC: 10 columns), which is not read" in err
    assert "not from MISC" in err and "add the tags as an 11th column" in err
