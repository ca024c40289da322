"""Inputs are never lost and odd paths end in one clean error (issue 20): an output that
names an input (or another output) is refused before anything is read; devices and FIFOs
are written directly; paths the system refuses are one line and exit 2."""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.conftest import ROOT, conformance
from tests.fuzzing import time_bound

EXAMPLE = ROOT / "resources" / "examples" / "faireval"


@pytest.fixture
def pair(tmp_path):
    """The bundled FairEval example, copied: (gold, system)."""
    gold, system = tmp_path / "gold.conll", tmp_path / "system.conll"
    shutil.copy(EXAMPLE / "gold.conll", gold)
    shutil.copy(EXAMPLE / "system.conll", system)
    return gold, system


def one_error(result, text: str) -> None:
    assert result.code == 2, result.err
    assert result.err.count("\n") == 1 and result.err.startswith("spanstudio: error: "), result.err
    assert text in result.err, result.err


def copies(tmp_path, folder: Path, **names: str) -> tuple[Path, ...]:
    """The files of `folder` copied into tmp_path under new names (new=old)."""
    for new, old in names.items():
        shutil.copy(folder / old, tmp_path / new.replace("_", "."))
    return tuple(tmp_path / new.replace("_", ".") for new in names)


def propara_files(tmp_path):
    return copies(tmp_path, conformance("propara") / "testfiles-3", answers_tsv="answers.tsv",
                  predictions_tsv="predictions.tsv")  # fmt: skip


def clueval_files(tmp_path):
    return copies(tmp_path, conformance("clueval") / "data", ref_bio="reference-short.bio",
                  cand_bio="candidate-short.bio")  # fmt: skip


def poetry_files(tmp_path):
    return copies(tmp_path, conformance("poetry") / "readme_example", ref_jsonl="ref.jsonl", sys_jsonl="sys.jsonl")


# --- an output that is an input -------------------------------------------------------


@pytest.mark.parametrize("flag", ["--json", "--xlsx", "--eval-out"])
def test_an_output_naming_an_input_is_refused_and_the_input_kept(cli, pair, flag):
    gold, system = pair
    before = gold.read_bytes()
    one_error(cli("faireval", gold, system, flag, gold), "none of the run's inputs")
    assert gold.read_bytes() == before


def test_an_output_reaching_an_input_through_a_link_is_refused(cli, pair, tmp_path):
    gold, system = pair
    (tmp_path / "link.json").symlink_to(gold)
    os.link(system, tmp_path / "hard.json")
    before = gold.read_bytes(), system.read_bytes()
    one_error(cli("faireval", gold, system, "--json", tmp_path / "link.json"), f"the input '{gold}'")
    one_error(cli("faireval", gold, system, "--json", tmp_path / "hard.json"), "none of the run's inputs")
    assert (gold.read_bytes(), system.read_bytes()) == before


@pytest.mark.parametrize("flag", ["--json", "--xlsx", "--eval-out"])
def test_an_output_reaching_an_input_through_a_folder_not_made_yet_is_refused(cli, pair, tmp_path, flag):
    """`new/../gold.conll`: no such file before the run, the input itself once the output's
    folder is made; it was written over the input."""
    gold, system = pair
    before = gold.read_bytes()
    one_error(cli("faireval", gold, system, flag, tmp_path / "new" / ".." / gold.name), "none of the run's inputs")
    assert gold.read_bytes() == before and not (tmp_path / "new").exists()


def test_an_output_inside_an_input_folder_is_refused(cli, pair, tmp_path):
    gold, system = pair
    (tmp_path / "t").mkdir(), (tmp_path / "s").mkdir()
    shutil.copy(gold, tmp_path / "t" / "a.conll"), shutil.copy(system, tmp_path / "s" / "a.conll")
    before = (tmp_path / "t" / "a.conll").read_bytes()
    result = cli("faireval", tmp_path / "t", tmp_path / "s", "--json", tmp_path / "t" / "a.conll")
    one_error(result, "none of the run's inputs")
    assert (tmp_path / "t" / "a.conll").read_bytes() == before


FORMATS = ROOT / "tests" / "data" / "formats"


@pytest.mark.parametrize(("copied", "given", "beside", "extra"), [
    ("uima-xmi/cassis-smileys", "cas_with_smileys.xmi", "TypeSystem.xml", ()),  # its type system, renamed
    ("label-studio", "tasks.json", "config.xml", ("--source", "predictions")),
    ("brat/CoNLL-ST_2002/esp", "esp.train-doc-29.ann", "esp.train-doc-29.txt", ()),
])  # fmt: skip
def test_an_output_naming_a_file_read_beside_an_input_file_is_refused(cli, tmp_path, copied, given, beside, extra):
    """The files a reader reads beside an input file (a type system, a labelling config, a
    brat .txt) are inputs too: --json over one was written, the input replaced by the report."""
    folder = tmp_path / "in"
    shutil.copytree(FORMATS / copied, folder)
    if beside == "TypeSystem.xml":
        (folder / "important_dkpro_types.xml").rename(folder / beside)
    before = (folder / beside).read_bytes()
    for flag in ("--json", "--xlsx"):
        one_error(cli("spans", folder / given, folder / given, *extra, flag, folder / beside),
                  f"found the input '{folder / beside}'")  # fmt: skip
    one_error(cli("agreement", folder / given, folder / given, *extra, "--json", folder / beside),
              "none of the run's inputs")  # fmt: skip
    assert (folder / beside).read_bytes() == before


def test_two_outputs_on_one_file_are_refused(cli, pair, tmp_path):
    gold, system = pair
    out = tmp_path / "out.json"
    one_error(cli("faireval", gold, system, "--json", out, "--eval-out", out), "a path of its own")
    assert not out.exists()


def test_every_method_refuses_to_write_over_its_inputs(cli, tmp_path):
    answers, predictions = propara_files(tmp_path)
    before = predictions.read_bytes()
    for flag in ("-o", "-d", "--json", "--xlsx"):
        one_error(cli("propara", "-a", answers, "-p", predictions, flag, predictions), "none of the run's inputs")
    one_error(cli("propara", "explain", predictions, "--xlsx", predictions), "none of the run's inputs")
    assert predictions.read_bytes() == before
    gold, system = clueval_files(tmp_path)
    before = gold.read_bytes()
    one_error(cli("clueval", gold, system, "-e", "--html", gold), "none of the run's inputs")
    one_error(cli("clueval", gold, system, "--json", system), "none of the run's inputs")
    assert gold.read_bytes() == before
    ref, sys_ = poetry_files(tmp_path)
    before = ref.read_bytes()
    one_error(cli("poetry", ref, sys_, tmp_path / "o.csv", "--json", ref), "none of the run's inputs")
    assert ref.read_bytes() == before and not (tmp_path / "o.csv").exists()
    starsem = conformance("starsem")
    gold_cd = tmp_path / "gold.txt"
    shutil.copy(starsem / "SEM-2012-SharedTask-CD-SCO-test-cardboard-GOLD.txt", gold_cd)
    before = gold_cd.read_bytes()
    one_error(cli("starsem", "-g", gold_cd, "-s", gold_cd, "--json", gold_cd), "none of the run's inputs")
    assert gold_cd.read_bytes() == before


def test_a_file_of_a_folder_output_naming_an_input_is_refused(cli, tmp_path):
    gold, system = clueval_files(tmp_path)
    folder = tmp_path / "tables"
    folder.mkdir()
    shutil.move(gold, folder / "evaluation_table.tsv")
    before = (folder / "evaluation_table.tsv").read_bytes()
    one_error(cli("clueval", folder / "evaluation_table.tsv", system, "-w", folder), "none of the run's inputs")
    assert (folder / "evaluation_table.tsv").read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["evaluation_table.tsv"]


def test_review_refuses_to_write_its_json_over_the_workbook(cli, pair, tmp_path):
    gold, system = pair
    workbook = tmp_path / "r.xlsx"
    assert cli("faireval", gold, system, "--xlsx", workbook).code == 0
    before = workbook.read_bytes()
    one_error(cli("review", workbook, "--json", workbook), "none of the run's inputs")
    assert workbook.read_bytes() == before


# --- devices, FIFOs, signals ------------------------------------------------------------


def test_a_device_output_is_written_directly(cli, pair, tmp_path):
    gold, system = pair
    assert Path("/dev/null").is_char_device()
    assert cli("faireval", gold, system, "--json", "/dev/null", "--eval-out", "/dev/null").code == 0
    assert Path("/dev/null").is_char_device()
    assert not [p for p in Path("/dev").glob(".null.*")]


def test_a_fifo_output_is_written_directly(cli, pair, tmp_path):
    gold, system = pair
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    try:
        assert cli("faireval", gold, system, "--json", fifo).code == 0
        data = reader.communicate(timeout=60)[0]
    finally:
        reader.kill()
    assert json.loads(data)["method"] == "faireval"
    assert fifo.is_fifo()


def test_a_full_disk_is_one_error_and_leaves_nothing(cli, pair, tmp_path, monkeypatch):
    gold, system = pair
    import engine.writing

    def full(handle, blocks):
        handle.write(b"".join(blocks)[:10])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(engine.writing, "_write_blocks", full)
    out = tmp_path / "new" / "eval.txt"
    one_error(cli("faireval", gold, system, "--eval-out", out), "found the disk full")
    assert not (tmp_path / "new").exists()
    monkeypatch.undo()

    def full_handle(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    import engine.export.json

    monkeypatch.setattr(engine.export.json, "write_report", full_handle)
    one_error(cli("faireval", gold, system, "--json", tmp_path / "r.json"), "r.json: expected room on the disk")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gold.conll", "system.conll"]


def test_a_folder_output_is_written_whole_or_not_at_all(cli, tmp_path, monkeypatch):
    gold, system = clueval_files(tmp_path)
    import engine.writing

    real_write = engine.writing._write_blocks
    calls = []

    def fails_at_the_fifth(handle, blocks):
        calls.append(handle.name)
        if len(calls) == 5:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(handle, blocks)

    monkeypatch.setattr(engine.writing, "_write_blocks", fails_at_the_fifth)
    folder = tmp_path / "tables"
    one_error(cli("clueval", gold, system, "-e", "-w", folder), "found the disk full")
    assert not folder.exists()
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    calls.clear()
    one_error(cli("clueval", gold, system, "-e", "-w", folder), "found the disk full")
    assert sorted(p.name for p in folder.iterdir()) == ["keep.txt"]
    monkeypatch.undo()
    assert cli("clueval", gold, system, "-e", "-w", folder).code == 0
    assert len(list(folder.glob("*.tsv"))) == 5


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_while_writing_leaves_no_temporary_file(tmp_path, pair, signum):
    gold, system = pair
    out = tmp_path / "out.json"
    script = f"""
import os, signal, sys
import engine.export.json as j
real = j.write_report
def slow(report, handle, *rest):
    handle.write(b"{{")
    os.kill(os.getpid(), {int(signum)})
    real(report, handle, *rest)
j.write_report = slow
from engine.cli import main
sys.exit(main(["faireval", {str(gold)!r}, {str(system)!r}, "--json", {str(out)!r}]))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 128 + signum, done.stderr
    assert done.stderr == f"spanstudio: stopped by {signal.Signals(signum).name}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gold.conll", "system.conll"]


# --- paths the system refuses -------------------------------------------------------------


def test_inputs_the_system_refuses_are_one_error(cli, pair, tmp_path):
    gold, system = pair
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    one_error(cli("faireval", tmp_path / "loop", system), "found a loop of symbolic links")
    one_error(cli("faireval", gold, tmp_path / ("x" * 300)), "found a name too long for the system")
    one_error(cli("faireval", gold, gold / "x"), "found a path through a file where a folder belongs")
    one_error(cli("poetry", gold / "x", system, tmp_path / "o.csv"), "gold.conll/x: expected an existing")
    one_error(cli("starsem", "-g", tmp_path / "loop", "-s", system), "found a loop of symbolic links")
    one_error(cli("propara", "-a", tmp_path / "loop", "-p", system), "found a loop of symbolic links")
    one_error(cli("clueval", gold, tmp_path / ("x" * 300)), "found a name too long for the system")
    one_error(cli("agreement", gold, tmp_path / ("x" * 300)), "found a name too long for the system")  # was OSError
    out = tmp_path / ("x" * 300)
    one_error(cli("poetry", system, system, out), "expected a path the system accepts (at most 255 bytes a name)")
    one_error(cli("poetry", system, system, tmp_path / "loop" / "o.csv"), "found a loop of symbolic links")
    one_error(cli("agreement", tmp_path / "loop", system), "found a loop of symbolic links")
    one_error(cli("agreement", gold, gold / "x"), "found a path through a file where a folder belongs")


def test_a_loop_of_links_in_an_input_folder_is_passed_over_as_a_dangling_link(cli, pair, tmp_path):
    """A folder entry that is a loop of links is no file (as a link to a missing file): it was
    'a folder that cannot be listed' of the whole folder, or an internal OSError (sub-folders)."""
    gold, system = pair
    for side, source in (("t", gold), ("s", system)):
        (tmp_path / side).mkdir()
        shutil.copy(source, tmp_path / side / "a.conll")
        (tmp_path / side / "b.conll").symlink_to("b.conll")
    for method in ("spans", "nervaluate", "agreement"):
        result = cli(method, tmp_path / "t", tmp_path / "s")
        assert result.code == 0 and "error" not in result.err, result.err


@pytest.mark.parametrize("device", ["/dev/zero", "fifo"])
def test_a_device_or_fifo_as_input_is_one_error(cli, pair, tmp_path, device):
    gold, system = pair
    if device == "fifo":
        device = tmp_path / "fifo"
        os.mkfifo(device)
    for args in (("faireval", device, system), ("clueval", gold, device), ("poetry", device, system, tmp_path / "o.csv"),
                 ("starsem", "-g", gold, "-s", device), ("propara", "-a", device, "-p", system),
                 ("propara", "explain", device), ("review", device),
                 ("agreement", device, system), ("agreement", system, device), ("agreement", device)):  # fmt: skip
        one_error(cli(*args), "expected a regular file, found a")  # agreement waited on a FIFO (review51 F5)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to become an ordinary user")
def test_an_unreadable_input_is_one_error_for_an_ordinary_user():
    folder = Path(tempfile.mkdtemp())
    try:
        folder.chmod(0o755)
        gold, system = folder / "gold.conll", folder / "system.conll"
        shutil.copy(EXAMPLE / "gold.conll", gold)
        shutil.copy(EXAMPLE / "system.conll", system)
        gold.chmod(0o000)
        script = f"""
import os, sys
import contextlib, io
import engine.cli
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    # a first run imports what a run needs, while root can (its warning, one file as both sides, unseen)
    assert engine.cli.main(["faireval", {str(system)!r}, {str(system)!r}]) == 0
os.setgid(65534); os.setuid(65534)
sys.exit(engine.cli.main(["faireval", {str(gold)!r}, {str(system)!r}]))
"""
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    finally:
        shutil.rmtree(folder)
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"spanstudio: error: {gold}: expected an existing readable file, found permission denied\n"


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to become an ordinary user")
def test_an_input_folder_that_cannot_be_searched_is_one_error_for_an_ordinary_user():
    """A folder of mode 000 given as an input: 'a folder that cannot be listed', not an
    internal PermissionError (looking for an INCEpTION export's annotation/ in it)."""
    folder = Path(tempfile.mkdtemp())
    try:
        folder.chmod(0o755)
        locked, system = folder / "locked", folder / "system.conll"
        locked.mkdir()
        shutil.copy(EXAMPLE / "gold.conll", locked / "a.conll")
        shutil.copy(EXAMPLE / "system.conll", system)
        locked.chmod(0o000)
        script = f"""
import os, sys
import contextlib, io
import engine.cli
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    assert engine.cli.main(["spans", {str(system)!r}, {str(system)!r}]) == 0  # imports, while root can
os.setgid(65534); os.setuid(65534)
sys.exit(engine.cli.main(["spans", {str(locked)!r}, {str(system)!r}]))
"""
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    finally:
        locked.chmod(0o755)
        shutil.rmtree(folder)
    assert done.returncode == 2, done.stderr
    assert done.stderr == (f"spanstudio: error: {locked}: expected a folder holding annotation files, found a "
                           "folder that cannot be listed (permission denied)\n")  # fmt: skip


def test_an_output_name_too_long_is_one_error(cli, pair, tmp_path):
    gold, system = pair
    for flag in ("--json", "--xlsx", "--eval-out"):
        one_error(cli("faireval", gold, system, flag, tmp_path / ("o" * 300)), "found a name too long")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gold.conll", "system.conll"]


def test_a_file_name_that_is_not_utf8_is_reported_escaped(cli, pair, tmp_path):
    gold, system = pair
    odd = Path(os.fsdecode(bytes(tmp_path) + b"/g\xff.conll"))
    shutil.copy(gold, odd)
    out, original = tmp_path / "r.json", tmp_path / "eval.txt"
    assert cli("faireval", odd, system, "--json", out, "--eval-out", original).code == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["input_files"][0]["path"].endswith("g\\xff.conll")
    assert b"target_in: " + bytes(tmp_path) + b"/g\xff.conll\n" in original.read_bytes()  # the original's bytes
    one_error(cli("faireval", odd / "x", system), "g\\xff.conll/x: expected an existing readable file")


def test_propara_sentence_numbers_beyond_the_file_are_bad_input(cli, tmp_path):
    answers, predictions = propara_files(tmp_path)
    lines = predictions.read_text(encoding="utf-8").split("\n")
    for number in (2**63, 2**31, 10**8, 1001):
        fields = lines[1].split("\t")
        fields[1] = str(number)
        predictions.write_text("\n".join([lines[0], "\t".join(fields), *lines[2:]]), encoding="utf-8")
        one_error(cli("propara", "-a", answers, "-p", predictions), f"{predictions}:2: expected a sentence number of at most")


def test_dev_stdout_redirected_to_a_file_is_written_into_that_file(pair, tmp_path):
    gold, system = pair
    target = tmp_path / "redirected.json"
    with target.open("wb") as handle:
        done = subprocess.run([sys.executable, "-m", "engine", "faireval", str(gold), str(system), "--eval-out",
                               str(tmp_path / "e.txt"), "--json", "/dev/stdout"], stdout=handle, cwd=ROOT, timeout=120)  # fmt: skip
    assert done.returncode == 0
    assert json.loads(target.read_bytes())["method"] == "faireval"


def test_the_engine_api_refuses_a_fifo_too(tmp_path):
    """The app and scripts call the methods directly: a FIFO is refused there too (reading
    it would wait for a writer forever)."""
    from engine.errors import InputError
    from engine.methods import get_method

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for name in ("faireval", "starsem", "propara", "clueval", "poetry"):
        method = get_method(name)
        with time_bound(60), pytest.raises(InputError, match="expected a regular file, found a FIFO"):
            method.evaluate(str(fifo), str(fifo), method.Options())


def test_a_reader_that_closes_the_pipe_ends_the_run_without_a_traceback():
    """`spanstudio … --json - | head -c 10`: the report (megabytes) meets a closed pipe."""
    answers = conformance("propara") / "testfiles-0" / "answers.tsv"
    child = subprocess.Popen([sys.executable, "-m", "engine", "propara", "-p", answers, "-a", answers, "--json", "-"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    assert child.stdout is not None and child.stderr is not None
    assert child.stdout.read(10) == b'{"method":'
    child.stdout.close()
    error = child.stderr.read().decode()
    assert child.wait(timeout=120) == 1
    assert "Traceback" not in error and "Exception" not in error, error


@pytest.mark.parametrize("closed", [0, 1, 2])
def test_a_standard_stream_closed_at_start_is_no_traceback(tmp_path, closed):
    """`spanstudio … >&-` (or `2>&-`, `<&-`): Python leaves the stream None; the run writes
    its files and ends with its own status (it was an AttributeError, a traceback, status 1)."""
    answers = str(conformance("propara") / "testfiles-0" / "answers.tsv")
    out = tmp_path / "r.json"

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "engine", *args], capture_output=True, timeout=120, cwd=ROOT,
                              preexec_fn=lambda: os.close(closed))  # fmt: skip

    done = run("propara", "-p", answers, "-a", answers, "--json", str(out))
    assert done.returncode == 0 and b"Traceback" not in done.stderr and b"error" not in done.stderr, done.stderr
    assert json.loads(out.read_text())["method"] == "propara"
    done = run("propara", "explain", "-" if closed == 0 else answers)
    assert (done.returncode, done.stderr) == (0, b"")  # standard input closed: nothing to explain


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["methods"], ["propara", "-p", "A", "-a", "A"], ["propara", "-p", "A", "-a", "A", "--json", "-"]])
def test_a_full_disk_under_standard_output_is_one_line_and_exit_2(args):
    """Standard output that cannot be written (no space left) is said in one line."""
    answers = str(conformance("propara") / "testfiles-0" / "answers.tsv")
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "engine", *(answers if a == "A" else a for a in args)],
                              stdout=full, stderr=subprocess.PIPE, timeout=120)  # fmt: skip
    error = done.stderr.decode()
    assert done.returncode == 2, error
    assert error.splitlines()[-1] == "spanstudio: error: standard output: No space left on device"
    assert "Traceback" not in error


def test_the_zip_look_of_a_fifo_opens_nothing(tmp_path):
    """The app's look at a file asks whether it is a zip no span reader reads
    (folders.zip_unread); for a FIFO it answers at once, nothing opened (review51 F1: it opened
    the FIFO and waited for a writer, and the app's look queue with it)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    code = "import sys; from pathlib import Path; from engine.formats.folders import zip_unread; " \
           "print(zip_unread(Path(sys.argv[1])))"  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code, str(fifo)], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parents[2])  # fmt: skip
    assert done.stdout == "None\n", done.stderr
