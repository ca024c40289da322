"""Writing outputs atomically: a file through a temporary beside it, several files all or none."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable, Sequence
from itertools import takewhile
from pathlib import Path
from typing import IO, NamedTuple

from .errors import InputError

#: What an OSError of writing an output means to a person (errno → (expected, found)).
_WRITE_ERRORS = {
    errno.ENOSPC: ("room on the disk", "the disk full"),
    errno.EDQUOT: ("room on the disk", "the disk quota used up"),
    errno.ENAMETOOLONG: ("a path the system accepts (at most 255 bytes a name)", "a name too long"),
    errno.EROFS: ("a writable location", "a read-only file system"),
    errno.EACCES: ("a writable location", "permission denied"),
    errno.EPERM: ("a writable location", "permission denied"),
    errno.EISDIR: ("a file path", "a directory"),
    errno.ENOTDIR: ("a path through folders", "a file where a folder belongs"),
    errno.ELOOP: ("a path the system can follow", "a loop of symbolic links"),
    errno.EFBIG: ("a file the system can hold", "a file too large"),
    errno.EPIPE: ("a reader that reads the whole output", "the pipe closed by its reader"),
}


def output_error(err: OSError, path: str | os.PathLike[str]) -> InputError | OSError:
    """The InputError of an OSError met while writing `path` (the error itself when it
    means nothing a person could act on)."""
    known = _WRITE_ERRORS.get(err.errno or 0)
    if known is None:
        return err
    return InputError(*known, file=os.fsdecode(path))


def writes_in_place(path: str | os.PathLike[str]) -> bool:
    """Whether `path` is written directly rather than through a temporary file: a device,
    a FIFO or a socket (a rename would replace it with a regular file), and anything under
    /dev or /proc (/dev/stdout)."""
    try:
        info = os.stat(path)
    except OSError:
        return False
    named = (os.path.abspath(path), os.path.realpath(path))  # /dev/stdout may name a regular file
    return not stat.S_ISREG(info.st_mode) or any(p.startswith(("/dev/", "/proc/")) for p in named)


def _temporary_beside(target: Path, path: str | os.PathLike[str], make_parents: bool) -> str:
    """A new empty hidden file in the target's folder (made first with `make_parents`)."""
    folder = target.parent
    try:
        if make_parents:
            with contextlib.suppress(FileExistsError, NotADirectoryError):  # reported just below
                folder.mkdir(parents=True, exist_ok=True)
        if not folder.is_dir():
            raise InputError("an existing folder", "none", file=os.fsdecode(path))
        return _new_file(folder, _hidden(target), ".tmp")
    except OSError as err:
        raise output_error(err, path) from None


def _hidden(target: Path) -> str:
    """The start of a hidden file's name beside `target` (a temporary, a backup)."""
    return f".{target.name[:200]}."


_NEW_FILE = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def _new_file(folder: Path, prefix: str, suffix: str) -> str:
    """The absolute path of a new empty file (mode 0600) `prefix`, 12 random hex
    digits, `suffix` in `folder`: tempfile.mkstemp's way, without loading tempfile and
    the modules it imports (5-6 ms of a run's start)."""
    return _unused_name(folder, prefix, suffix, lambda name: os.close(os.open(name, _NEW_FILE, 0o600)))


def _unused_name(folder: Path, prefix: str, suffix: str, make: Callable[[str], object]) -> str:
    """The absolute path of a file `make` made anew (FileExistsError for a name in use):
    `prefix`, 12 random hex digits, `suffix` in `folder`."""
    for _ in range(100):
        name = os.path.abspath(os.path.join(folder, f"{prefix}{os.urandom(6).hex()}{suffix}"))
        try:
            make(name)
        except FileExistsError:
            continue
        return name
    raise FileExistsError(errno.EEXIST, "no unused name for a temporary file", os.fspath(folder))


def _finish(tmp: str, target: Path) -> None:
    """Give the temporary file the target's permissions (a new file: the umask's) and
    rename it over the target."""
    if target.exists():
        with contextlib.suppress(OSError):
            os.chmod(tmp, target.stat().st_mode & 0o7777)
    else:
        os.chmod(tmp, 0o666 & ~_UMASK)
    os.replace(tmp, target)


#: A writer of one output: it writes the whole file into the binary file it is given.
Writer = Callable[[IO[bytes]], object]
#: An output of a set: where it goes (as the run names it), its writer.
Output = tuple[str | os.PathLike[str], Writer]


class _Temporary(NamedTuple):
    """A complete temporary file, the file it replaces, and the path as the run named it."""

    tmp: str
    target: Path
    path: Path


def write_set(outputs: Sequence[Output], *, make_parents: bool = True) -> None:
    """Write a run's outputs all or none (or one output: a failure leaves no partial file and
    an existing one untouched): each writer into a temporary file beside its target (a
    symbolic link's: it keeps pointing where it points; the target's missing folders made,
    unless not `make_parents`); only when every one is complete, a device or FIFO
    (writes_in_place) is written directly, then each temporary is renamed into place. A
    failure (also KeyboardInterrupt, or SIGTERM or SIGHUP in the command: engine/signals.py)
    removes every temporary and the folders made for the outputs, and puts back the targets
    already renamed over (see _rename_all)."""
    paths = [Path(path) for path, _ in outputs]
    made = [folder for path in paths for folder in _missing_folders(path.parent)] if make_parents else []
    direct = [writes_in_place(path) for path in paths]
    temporaries: list[_Temporary] = []
    try:
        for path, (_, write), in_place in zip(paths, outputs, direct, strict=True):
            if not in_place:
                temporaries.append(_temporary(path, make_parents))
                _write_into(temporaries[-1].tmp, path, write)
        for path, (_, write), in_place in zip(paths, outputs, direct, strict=True):
            if in_place:
                _write_into(path, path, write)
        _rename_all(temporaries)
    except BaseException:
        for temporary in temporaries:
            Path(temporary.tmp).unlink(missing_ok=True)
        _remove_folders(made)
        raise


def _temporary(path: Path, make_parents: bool) -> _Temporary:
    """A new empty temporary file beside the file `path` replaces (its folder made first with
    `make_parents`)."""
    target = _final_target(path)
    return _Temporary(_temporary_beside(target, path, make_parents), target, path)


def _final_target(path: str | os.PathLike[str]) -> Path:
    """The file a new output replaces: the one a symbolic link names, else `path`."""
    return Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)


def _write_into(file: str | os.PathLike[str], path: Path, write: Writer) -> None:
    """`write` into `file` (a temporary, or the device or FIFO itself); an OSError as
    output_error's of `path`."""
    try:
        with open(file, "wb") as handle:
            write(handle)
    except OSError as err:
        raise output_error(err, path) from None


def _rename_all(temporaries: list[_Temporary]) -> None:
    """Each temporary renamed over its target. Should a rename fail midway, the targets
    renamed over already are put back: each old file has a hard link made beside it just
    before its rename (removed at the end); a new target is removed again. Where the file
    system makes no hard links, an old file renamed over cannot be put back."""
    backups: list[tuple[Path, str | None, bool]] = []  # target, its old file's link, whether it existed
    try:
        for temporary in temporaries:
            backups.append((temporary.target, *_backup(temporary.target)))
            _rename(temporary)
    except BaseException:
        for target, backup, existed in reversed(backups):
            _put_back(target, backup, existed)
        raise
    finally:
        for _, backup, _ in backups:
            if backup is not None:
                Path(backup).unlink(missing_ok=True)


def _rename(temporary: _Temporary) -> None:
    """A complete temporary renamed over its target (_finish); an OSError as output_error's."""
    try:
        _finish(temporary.tmp, temporary.target)
    except OSError as err:
        raise output_error(err, temporary.path) from None


def _backup(target: Path) -> tuple[str | None, bool]:
    """(a new hard link to the target's old file, or None; whether the target exists)."""
    if not target.exists():
        return None, False
    try:
        link = _unused_name(target.parent, _hidden(target), ".old", lambda name: os.link(target, name))
    except OSError:
        return None, True
    return link, True


def _put_back(target: Path, backup: str | None, existed: bool) -> None:
    """The target as it was before the set's rename (see _rename_all), as far as it can be."""
    with contextlib.suppress(OSError):
        if backup is not None:
            os.replace(backup, target)
        elif not existed:
            target.unlink(missing_ok=True)


def _remove_folders(made: list[Path]) -> None:
    """The folders made for a set's outputs removed again (the deepest first; one that
    holds anything stays)."""
    for folder in sorted(set(made), key=lambda f: len(f.parts), reverse=True):
        with contextlib.suppress(OSError):
            folder.rmdir()


def atomic_write_files(files: Sequence[tuple[Path, bytes | list[bytes]]]) -> None:
    """Write several files all or none (a file's bytes, or its blocks one after another;
    see write_set)."""
    write_set([(path, blocks_writer(data)) for path, data in files])


def blocks_writer(data: bytes | list[bytes]) -> Writer:
    """The writer of a file's bytes (or of its blocks one after another)."""
    blocks = data if isinstance(data, list) else [data]
    return lambda handle: _write_blocks(handle, blocks)


def _write_blocks(handle: IO[bytes], blocks: list[bytes]) -> None:
    handle.writelines(blocks)


def _missing_folders(folder: Path) -> list[Path]:
    """The folders of `folder`'s path that do not exist yet (from the deepest up)."""
    return list(takewhile(lambda f: not f.exists() and f != f.parent, (folder, *folder.parents)))


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes, *, make_parents: bool = False) -> None:
    """Write `data` to `path` atomically (a set of one output: write_set)."""
    write_set([(path, blocks_writer(data))], make_parents=make_parents)


def atomic_write_text(path: str | os.PathLike[str], text: str, *, make_parents: bool = False) -> None:
    """Write UTF-8 text (line ends as given, never translated) atomically."""
    atomic_write_bytes(path, text.encode("utf-8"), make_parents=make_parents)


def _read_umask() -> int:
    """The process umask (read once at import: os.umask is not thread-safe)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _read_umask()
