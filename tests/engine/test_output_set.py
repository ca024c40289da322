"""A run's outputs are one set, written all or none (engine/writing.py write_set): every
output into a temporary file beside it, renamed into place only when all are complete; a
failure anywhere leaves every old output byte-identical and nothing new behind."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

import engine.writing
from engine.errors import InputError
from engine.writing import blocks_writer, write_set
from tests.engine.test_paths_and_outputs import one_error, pair  # noqa: F401 (pair: a fixture)
from tests.engine.test_review_parts import _inputs


def _olds(folder: Path, **files: str) -> dict[Path, bytes]:
    """Files written in `folder` (name=text, '_' for '.'), by path: their bytes."""
    olds = {folder / name.replace("_", "."): text.encode() for name, text in files.items()}
    for path, data in olds.items():
        path.write_bytes(data)
    return olds


def _full(*args: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def _unchanged(olds: dict[Path, bytes], folder: Path, *others: str) -> None:
    """Every old file as it was, and nothing else in `folder` but `others`."""
    assert {path: path.read_bytes() for path in olds} == olds
    assert sorted(p.name for p in folder.iterdir()) == sorted([*(p.name for p in olds), *others])


def _refuse_rename(monkeypatch, name: str) -> None:
    """Renaming a temporary over the file `name` fails (permission denied); other renames work."""
    real_replace = os.replace

    def replace(source, target):
        if Path(target).name == name and str(source).endswith(".tmp"):
            raise OSError(errno.EACCES, "Permission denied")
        real_replace(source, target)

    monkeypatch.setattr(engine.writing.os, "replace", replace)


# --- the set --------------------------------------------------------------------------------


def test_every_output_is_renamed_only_when_all_are_complete(tmp_path):
    olds = _olds(tmp_path, a_txt="old a", b_txt="old b")
    seen = []

    def second(handle):
        seen.append((tmp_path / "a.txt").read_bytes())  # the first one complete, not yet in place
        seen.append(sorted(p.read_bytes() for p in tmp_path.glob(".a.txt.*.tmp")))
        handle.write(b"new b")

    write_set([(tmp_path / "a.txt", blocks_writer([b"new ", b"a"])), (tmp_path / "b.txt", second)])
    assert seen == [b"old a", [b"new a"]]
    assert {p.name: p.read_bytes() for p in olds} == {"a.txt": b"new a", "b.txt": b"new b"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "b.txt"]  # no temporary, no backup


@pytest.mark.parametrize("stop", [OSError(errno.ENOSPC, "full"), KeyboardInterrupt()], ids=["full", "ctrl-c"])
def test_a_failing_last_writer_leaves_every_old_output_and_nothing_new(tmp_path, stop):
    olds = _olds(tmp_path, a_txt="old a", c_txt="old c")

    def fails(handle):
        handle.write(b"half")
        raise stop

    outputs = [(tmp_path / "a.txt", blocks_writer(b"new a")), (tmp_path / "new" / "deep" / "b.txt",
               blocks_writer(b"new b")), (tmp_path / "c.txt", fails)]  # fmt: skip
    with pytest.raises(InputError if isinstance(stop, OSError) else KeyboardInterrupt) as caught:
        write_set(outputs)
    assert str(caught.value) in ("", f"{tmp_path / 'c.txt'}: expected room on the disk, found the disk full")
    _unchanged(olds, tmp_path)  # no temporary; the folders made for b.txt removed again


def test_a_failed_rename_midway_puts_back_the_outputs_renamed_already(tmp_path, monkeypatch):
    olds = _olds(tmp_path, a_txt="old a", c_txt="old c")
    _refuse_rename(monkeypatch, "c.txt")
    outputs = [(tmp_path / name, blocks_writer(b"new")) for name in ("a.txt", "b.txt", "c.txt")]
    with pytest.raises(InputError, match="c.txt: expected a writable location, found permission denied"):
        write_set(outputs)
    _unchanged(olds, tmp_path)  # a.txt back as it was, the new b.txt removed


def test_a_fifo_is_written_after_every_temporary_is_complete_and_not_at_all_on_a_failure(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # so that opening it to write never waits
    olds = _olds(tmp_path, a_txt="old a")
    seen = []

    def to_fifo(handle):
        seen.append([p.read_bytes() for p in (tmp_path / "a.txt", *tmp_path.glob(".a.txt.*.tmp"))])
        handle.write(b"piped")

    try:
        write_set([(fifo, to_fifo), (tmp_path / "a.txt", blocks_writer(b"new a"))])
        assert os.read(reader, 100) == b"piped"
        assert seen == [[b"old a", b"new a"]]  # the file complete beside its target, not yet renamed
        with pytest.raises(InputError):
            write_set([(fifo, to_fifo), (tmp_path / "a.txt", _full)])
        assert len(seen) == 1  # the FIFO was not written
    finally:
        os.close(reader)
    assert fifo.is_fifo()
    assert (tmp_path / "a.txt").read_bytes() == b"new a"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", *(p.name for p in olds if p.name != "a.txt"),
                                                          "fifo"]  # fmt: skip


def test_a_symbolic_link_output_keeps_pointing_where_it_points(tmp_path):
    real = tmp_path / "real.txt"
    real.write_bytes(b"old")
    (tmp_path / "link.txt").symlink_to(real)
    write_set([(tmp_path / "link.txt", blocks_writer(b"new"))])
    assert (tmp_path / "link.txt").is_symlink() and os.readlink(tmp_path / "link.txt") == str(real)
    assert real.read_bytes() == b"new"
    with pytest.raises(InputError):
        write_set([(tmp_path / "link.txt", blocks_writer(b"newer")), (tmp_path / "x.txt", _full)])
    assert (tmp_path / "link.txt").is_symlink() and real.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "real.txt"]


# --- the command: report.json, the workbook and an original-format output ----------------------


@pytest.fixture
def outputs(cli, pair, tmp_path):  # noqa: F811 (pair: the fixture imported above)
    """The arguments of a run writing three outputs, and their old files (a run's, then
    the JSON and the evaluation file made different from what the next run writes)."""
    gold, system = pair
    paths = {"--json": tmp_path / "report.json", "--xlsx": tmp_path / "review.xlsx", "--eval-out": tmp_path / "e.txt"}
    args = ["faireval", gold, system, *(a for flag, path in paths.items() for a in (flag, path))]
    assert cli(*args).code == 0
    paths["--json"].write_bytes(b'{"old": true}\n')
    paths["--eval-out"].write_bytes(b"old evaluation\n")
    return args, {path: path.read_bytes() for path in paths.values()}


def test_a_run_writes_all_its_outputs_and_leaves_nothing_else(cli, outputs, tmp_path):
    args, olds = outputs
    assert cli(*args).code == 0
    changed = {path.name for path, old in olds.items() if path.read_bytes() != old}
    assert changed >= {"report.json", "e.txt"}  # the workbook as the first run's (but its zip's times)
    _unchanged({path: path.read_bytes() for path in olds}, tmp_path, "gold.conll", "system.conll")


def test_the_last_output_failing_leaves_every_old_output(cli, outputs, tmp_path, monkeypatch):
    args, olds = outputs
    monkeypatch.setattr(engine.writing, "_write_blocks", _full)  # the original-format file's bytes
    one_error(cli(*args), "e.txt: expected room on the disk, found the disk full")
    _unchanged(olds, tmp_path, "gold.conll", "system.conll")


def test_the_workbook_failing_leaves_every_old_output(cli, outputs, tmp_path, monkeypatch):
    args, olds = outputs
    import engine.export.xlsx

    monkeypatch.setattr(engine.export.xlsx._Writer, "tables", _full)
    one_error(cli(*args), "review.xlsx: expected room on the disk, found the disk full")
    _unchanged(olds, tmp_path, "gold.conll", "system.conll")


def test_a_rename_failing_midway_leaves_every_old_output(cli, outputs, tmp_path, monkeypatch):
    args, olds = outputs
    _refuse_rename(monkeypatch, "e.txt")
    one_error(cli(*args), "e.txt: expected a writable location, found permission denied")
    _unchanged(olds, tmp_path, "gold.conll", "system.conll")


def test_ctrl_c_while_writing_leaves_every_old_output(cli, outputs, tmp_path, monkeypatch):
    args, olds = outputs

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(engine.writing, "_write_blocks", interrupted)
    result = cli(*args)
    assert (result.code, result.err) == (130, "spanstudio: cancelled\n")
    _unchanged(olds, tmp_path, "gold.conll", "system.conll")


def test_a_new_folder_of_a_failed_run_is_removed_again(cli, outputs, tmp_path, monkeypatch):
    args, olds = outputs
    args = [*args[:-1], tmp_path / "new" / "deep" / "e.txt"]
    monkeypatch.setattr(engine.writing, "_write_blocks", _full)
    one_error(cli(*args), "e.txt: expected room on the disk, found the disk full")
    _unchanged({p: old for p, old in olds.items() if p.name != "e.txt"}, tmp_path, "gold.conll", "system.conll",
               "e.txt")  # fmt: skip


def test_a_pipe_closed_by_its_reader_is_one_error_and_nothing_is_written(cli, outputs, tmp_path):
    """`--json /dev/stdout | head`: the reader went away before the JSON was all written. One
    line naming the pipe (it was 'internal error: BrokenPipeError'), no other output written."""
    args, olds = outputs
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        pipe = f"/dev/fd/{write_end}"
        args = [pipe if a == tmp_path / "report.json" else a for a in args]
        one_error(cli(*args), f"{pipe}: expected a reader that reads the whole output, found the pipe closed by its reader")
    finally:
        os.close(write_end)
    _unchanged(olds, tmp_path, "gold.conll", "system.conll")


def test_compare_writes_its_workbook_and_json_all_or_none(cli, tmp_path, monkeypatch):
    inputs = _inputs(tmp_path, "spans")
    book, report = tmp_path / "cmp.xlsx", tmp_path / "cmp.json"
    args = ["compare", "spans", *inputs, "--xlsx", book, "--json", report, "--trials", "200"]
    assert cli(*args[:3], inputs[2], inputs[1], *args[5:]).code == 0  # systems swapped: another workbook
    report.write_bytes(b'{"old": true}\n')
    olds = {book: book.read_bytes(), report: report.read_bytes()}
    import engine.export.json

    monkeypatch.setattr(engine.export.json, "write_report", _full)
    one_error(cli(*args), "cmp.json: expected room on the disk, found the disk full")
    assert {path: path.read_bytes() for path in olds} == olds
    assert not list(tmp_path.glob(".*"))
