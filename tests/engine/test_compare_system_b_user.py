"""`spanstudio compare`'s system B and system A's user (--system-user): B's own
--system-b-user is used; not given, A's is applied to B where B is an export of several
annotators (as B takes A's other options) and to nothing where B's file has no users (a
folder of one annotator's files, doccano JSONL naming none): no error, which gave B no way
to be read; the app's Second system likewise."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from engine.errors import InputError
from engine.progress import NO_PROGRESS

from .test_agreement_exports import project_entries, separate_folders, zipped


def _micro_f1(report: dict, system: str) -> float:
    """A system's micro-averaged F1 in compare's JSON (`a` or `b`)."""
    rows = report["tables"]["comparison"]["rows"]
    (row,) = [r for r in rows if r[1] == "micro avg" and r[2] == "f1-score"]
    return row[3 if system == "a" else 4]


def _alone(cli, gold: str, system: str, *flags: str) -> float:
    """A single run's micro-averaged F1."""
    read = cli("spans", gold, system, *flags, "--json", "-")
    assert read.code == 0, read.err
    return json.loads(read.out)["classification_report"]["micro avg"]["f1-score"]


@pytest.fixture
def project(tmp_path) -> str:
    """An INCEpTION project export (its curation: anna's), and each user's folder beside it."""
    separate_folders(tmp_path)
    return zipped(tmp_path / "project.zip", project_entries())


def test_a_file_without_users_as_b_is_read_without_a_user(tmp_path, cli, project):
    ben = str(tmp_path / "separate" / "ben")
    read = cli("compare", "spans", project, project, ben, "--system-user", "anna", "--json", "-")
    assert read.code == 0, read.err
    report = json.loads(read.out)
    assert _micro_f1(report, "a") == _alone(cli, project, project, "--system-user", "anna") == 1.0
    assert _micro_f1(report, "b") == _alone(cli, project, ben) < 1.0
    alone = cli("spans", project, ben, "--system-user", "anna")  # a single run's user is the system's own
    assert alone.code == 2 and "holds one annotator's spans" in alone.err


def test_bs_own_user_is_used_and_refused_where_b_has_no_users(tmp_path, cli, project):
    read = cli("compare", "spans", project, project, project, "--system-user", "anna", "--system-b-user", "ben",
               "--json", "-")  # fmt: skip
    assert read.code == 0, read.err
    assert _micro_f1(json.loads(read.out), "b") == _alone(cli, project, project, "--system-user", "ben") < 1.0
    ben = str(tmp_path / "separate" / "ben")
    refused = cli("compare", "spans", project, project, ben, "--system-user", "anna", "--system-b-user", "ben")
    assert refused.code == 2 and (f"{ben}: expected an export of several annotators' work for --system-b-user "
                                  "'ben'") in refused.err  # fmt: skip


def test_an_export_of_several_users_as_b_reads_system_as_user(tmp_path, cli, project):
    copy = tmp_path / "copy.zip"
    copy.write_bytes(Path(project).read_bytes())
    read = cli("compare", "spans", project, project, str(copy), "--system-user", "ben", "--json", "-")
    assert read.code == 0, read.err
    report = json.loads(read.out)
    assert _micro_f1(report, "b") == _micro_f1(report, "a") == _alone(cli, project, project, "--system-user", "ben")
    unknown = cli("compare", "spans", project, project, str(copy), "--system-user", "nobody")
    assert unknown.code == 2 and "found 'nobody'" in unknown.err


def test_a_doccano_file_naming_no_user_as_b_takes_none(tmp_path, cli):
    """doccano JSONL without users as B beside A's doccano zip of several users."""
    from .test_doccano_zip import SPANS, export, jsonl, user_records

    zip_path = export(tmp_path, {f"{user}.jsonl": jsonl(user_records(SPANS[user])) for user in SPANS})
    gold, bob = tmp_path / "gold.jsonl", tmp_path / "bob.jsonl"
    gold.write_text(jsonl(user_records(SPANS["alice"])), encoding="utf-8")
    bob.write_text(jsonl(user_records(SPANS["bob"])), encoding="utf-8")
    read = cli("compare", "spans", gold, zip_path, bob, "--system-user", "alice", "--json", "-")
    assert read.code == 0, read.err
    assert _micro_f1(json.loads(read.out), "b") == _alone(cli, str(gold), str(bob))
    own = cli("compare", "spans", gold, zip_path, bob, "--system-user", "alice", "--system-b-user", "bob")
    assert own.code == 2 and "--system-b-user 'bob'" in own.err


def test_the_apps_second_system_without_users_takes_no_system_user(tmp_path, project):
    """The app's Second system (no options of its own) is read with the System's: its user
    applies to an export of several annotators, not to a folder of one annotator's files."""
    from engine.comparison import add_comparison
    from engine.methods import Invocation, get_method
    from engine.stats import Confidence

    method = get_method("spans")
    run = Invocation(project, project, method.Options(system_user="anna"))
    confidence = Confidence(0.95, 100, 1, 100)
    for second in (str(tmp_path / "separate" / "ben"), project):
        report = method.evaluate(run.gold, run.system, run.options)
        add_comparison(method, report, run, second, confidence, NO_PROGRESS)
        assert report.data["systems"]["b"] == second
    with pytest.raises(InputError, match="holds one annotator's spans"):  # the System's own user: refused
        method.evaluate(project, str(tmp_path / "separate" / "ben"), run.options)


def test_another_user_by_a_bare_id_is_named_as_the_readers_name_it(tmp_path, cli):
    """review53 F3: B's user given by a bare id (--system-b-user 2) is named `user 2`, as the
    readers name doccano's users; the same user spelled otherwise is A's, not another."""
    from .test_agreement_exports import DOCCANO, jsonl

    path = jsonl(tmp_path / "users.jsonl", DOCCANO)
    said = "labels only the system uses (scored): 5"
    other = cli("compare", "spans", path, path, path, "--gold-user", "1", "--system-user", "5", "--system-b-user", "2")
    assert other.code == 0 and f"warning: user 2's annotations in {path}: {said}\n" in other.err, other.err
    same = cli("compare", "spans", path, path, path, "--gold-user", "1", "--system-user", "2",
               "--system-b-user", "user 2")  # fmt: skip
    assert same.code == 0 and "annotations in" not in same.err, same.err


def test_one_user_spelled_two_ways_is_no_option_of_bs(tmp_path, cli):
    """--system-user 2 --system-b-user 'user 2': B reads A's user, and the report's options
    list no system_b_user (they did); another user is listed."""
    from .test_agreement_exports import DOCCANO, jsonl

    path = jsonl(tmp_path / "users.jsonl", DOCCANO)
    for b_user, listed in (("user 2", {}), ("2", {}), ("5", {"system_b_user": "5"})):
        read = cli("compare", "spans", path, path, path, "--gold-user", "1", "--system-user", "2",
                   "--system-b-user", b_user, "--json", "-")  # fmt: skip
        assert read.code == 0, read.err
        options = json.loads(read.out)["options"]
        assert options["system_user"] == "2" and {k: v for k, v in options.items() if k.startswith("system_b")} == listed


def test_the_gold_file_as_b_without_as_user_is_said_to_be_the_gold(tmp_path, cli):
    """review53 F1: B the gold's file naming no user, A's user taken and left out (or B's
    '' for none): B reads it as the gold does, and the same-file warning says so (it was
    silent, A's user counted as a difference); where B's file names users, A's applies and
    B reads otherwise: no warning."""
    from .test_agreement_exports import DOCCANO
    from .test_agreement_exports import jsonl as users_jsonl
    from .test_doccano_zip import SPANS, export, jsonl, user_records

    zip_path = export(tmp_path, {f"{user}.jsonl": jsonl(user_records(SPANS[user])) for user in SPANS})
    gold, copy = tmp_path / "gold.jsonl", tmp_path / "copy.jsonl"
    gold.write_text(jsonl(user_records(SPANS["bob"])), encoding="utf-8")
    copy.write_bytes(gold.read_bytes())
    same = f"gold and system B are the same file ({gold}): the scores compare it with itself"
    for flags in (("--system-user", "alice"), ("--system-user", "alice", "--system-b-user", "")):
        read = cli("compare", "spans", gold, zip_path, gold, *flags)
        assert read.code == 0 and same in read.err, read.err
    for method in ("nervaluate", "faireval", "clueval"):  # each method's report keeps the reader's record
        read = cli("compare", method, gold, zip_path, gold, "--system-user", "alice")
        assert read.code == 0 and same in read.err, (method, read.err)
    bytes_alike = cli("compare", "spans", gold, zip_path, copy, "--system-user", "alice")
    assert bytes_alike.code == 0 and f"and system B ({copy}) hold the same bytes" in bytes_alike.err
    users = users_jsonl(tmp_path / "users.jsonl", DOCCANO)
    applied = cli("compare", "spans", users, users, users, "--system-user", "5")
    assert applied.code == 0 and "the same file" not in applied.err, applied.err


def test_the_gold_file_as_the_apps_second_system_is_said_to_be_the_gold(tmp_path):
    """review53 F1, the app: the gold's file naming no user as the Second system beside a
    System user (left out for it) gets the same-file warning."""
    from engine.comparison import add_comparison
    from engine.methods import Invocation, get_method
    from engine.stats import Confidence

    from .test_doccano_zip import SPANS, export, jsonl, user_records

    zip_path = export(tmp_path, {f"{user}.jsonl": jsonl(user_records(SPANS[user])) for user in SPANS})
    gold = tmp_path / "gold.jsonl"
    gold.write_text(jsonl(user_records(SPANS["bob"])), encoding="utf-8")
    method = get_method("spans")
    run = Invocation(str(gold), zip_path, method.Options(system_user="alice"))
    report = method.evaluate(run.gold, run.system, run.options)
    add_comparison(method, report, run, str(gold), Confidence(0.95, 100, 1, 100), NO_PROGRESS)
    assert f"gold and second system are the same file ({gold}): the scores compare it with itself" in report.messages


def test_a_label_studio_file_naming_no_annotator_as_b_takes_none(tmp_path, cli):
    """review53 F4: Label Studio's tasks whose annotations name no annotator (no
    `completed_by`) as B beside A's user of an export: read by --index as a single run reads
    them (it stopped on 'expected a user of the export'); B's own user there is still refused."""
    from .test_agreement_exports import LABEL_STUDIO

    export, nobody = tmp_path / "export.json", tmp_path / "nobody.json"
    export.write_text(json.dumps(LABEL_STUDIO), encoding="utf-8")
    unnamed = [{**task, "annotations": [{k: v for k, v in a.items() if k != "completed_by"}
                                        for a in task["annotations"]]} for task in LABEL_STUDIO]  # fmt: skip
    nobody.write_text(json.dumps(unnamed), encoding="utf-8")
    read = cli("compare", "spans", export, export, nobody, "--gold-user", "7", "--system-user", "ben@example.org",
               "--json", "-")  # fmt: skip
    assert read.code == 0, read.err
    assert _micro_f1(json.loads(read.out), "b") == _alone(cli, str(export), str(nobody), "--gold-user", "7")
    own = cli("compare", "spans", export, export, nobody, "--gold-user", "7", "--system-user", "7",
              "--system-b-user", "7")  # fmt: skip
    assert own.code == 2 and "found '7'" in own.err, own.err


def _doccano_folder(tmp_path) -> tuple[str, Path]:
    """A doccano zip of several users, and a folder of doccano files naming no user: bob's
    examples, one a file named by its id (its document's name, as in the zip)."""
    from .test_doccano_zip import SPANS, export, jsonl, user_records

    zip_path = export(tmp_path, {f"{user}.jsonl": jsonl(user_records(SPANS[user])) for user in SPANS})
    folder = tmp_path / "unnamed"
    folder.mkdir()
    for record in user_records(SPANS["bob"]):
        (folder / f"{record['id']}.jsonl").write_text(jsonl([record]), encoding="utf-8")
    return zip_path, folder


def test_the_gold_folder_naming_no_user_as_b_is_said_to_be_the_gold(tmp_path, cli):
    """A folder of doccano files naming no user as B, the gold's, beside A's user (left out
    of every file): B reads it as the gold does, the same-folder warning says so (it erred to
    'reads differently')."""
    zip_path, folder = _doccano_folder(tmp_path)
    same = f"gold and system B are the same folder ({folder}): the scores compare it with itself"
    for method in ("spans", "nervaluate", "faireval", "clueval"):
        read = cli("compare", method, folder, zip_path, folder, "--system-user", "alice")
        assert read.code == 0 and same in read.err, (method, read.err)


def test_the_report_records_the_user_b_was_read_with(tmp_path, cli):
    """The report's options say the user each system was read with: B's none where its reader
    left out A's (system_b_user null), as the same-file check reads them; B reading A's user
    lists none of its own."""
    from engine.comparison import compare_reports
    from engine.methods import get_method
    from engine.stats import Confidence

    zip_path, folder = _doccano_folder(tmp_path)
    read = cli("compare", "spans", folder, zip_path, folder, "--system-user", "alice", "--json", "-")
    assert read.code == 0, read.err
    options = json.loads(read.out)["options"]
    assert options["system_user"] == "alice" and options["system_b_user"] is None
    confidence = Confidence(0.95, 100, 1, 100)
    for name in ("spans", "nervaluate", "faireval", "clueval"):
        method = get_method(name)
        run = method.Options(system_user="alice")
        as_b = dataclasses.replace(run, system_b=())  # B's options, none of its own (compare_options)
        report = compare_reports(method, str(folder), (zip_path, str(folder)), run, confidence, options_b=as_b)
        a, b = report.data["_system_reports"].values()
        assert (a.options["system_user"], b.options["system_user"]) == ("alice", None), name
        both = compare_reports(method, str(folder), (zip_path, zip_path), run, confidence, options_b=as_b)
        assert "system_b_user" not in both.options, name
