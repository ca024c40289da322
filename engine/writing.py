"""Writing outputs atomically: a file through a temporary beside it, several files all or none."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator, Sequence
from itertools import takewhile
from pathlib import Path
from typing import IO

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


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike[str], *, make_parents: bool = False) -> Iterator[IO[bytes]]:
    """A binary file to write `path` through: a temporary file beside it, renamed over
    `path` when the block ends without error. A failure (also SIGTERM or SIGHUP in the
    command, engine/cli.py) leaves no partial file and any existing file untouched. A
    device or FIFO (see writes_in_place) is written directly; a symbolic link keeps
    pointing where it points (the file it names is replaced)."""
    if writes_in_place(path):
        try:
            with open(path, "wb") as handle:
                yield handle
        except OSError as err:
            raise output_error(err, path) from None
        return
    target = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
    tmp = _temporary_beside(target, path, make_parents)
    try:
        with open(tmp, "wb") as handle:
            yield handle
        _finish(tmp, target)
    except BaseException as err:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(err, OSError):
            raise output_error(err, path) from None
        raise


def _temporary_beside(target: Path, path: str | os.PathLike[str], make_parents: bool) -> str:
    """A new empty hidden file in the target's folder (made first with `make_parents`)."""
    folder = target.parent
    try:
        if make_parents:
            with contextlib.suppress(FileExistsError, NotADirectoryError):  # reported just below
                folder.mkdir(parents=True, exist_ok=True)
        if not folder.is_dir():
            raise InputError("an existing folder", "none", file=os.fsdecode(path))
        return _new_file(folder, f".{target.name[:200]}.", ".tmp")
    except OSError as err:
        raise output_error(err, path) from None


_NEW_FILE = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def _new_file(folder: Path, prefix: str, suffix: str) -> str:
    """The absolute path of a new empty file (mode 0600) `prefix`, 12 random hex
    digits, `suffix` in `folder`: tempfile.mkstemp's way, without loading tempfile and
    the modules it imports (5-6 ms of a run's start)."""
    for _ in range(100):
        name = os.path.abspath(os.path.join(folder, f"{prefix}{os.urandom(6).hex()}{suffix}"))
        try:
            os.close(os.open(name, _NEW_FILE, 0o600))
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


def atomic_write_files(files: Sequence[tuple[Path, bytes | list[bytes]]]) -> None:
    """Write several files all or none (a file's bytes, or its blocks one after another):
    each into a temporary file beside its target, and only when every one is complete,
    each renamed into place (a device or FIFO is written directly, after the others are
    complete). Folders made for them are removed again when the writing fails."""
    made = [folder for path, _ in files for folder in _missing_folders(path.parent)]
    blocks = [(path, data if isinstance(data, list) else [data]) for path, data in files]
    temporaries: list[tuple[str, Path]] = []
    try:
        for path, data in blocks:
            if writes_in_place(path):
                continue
            target = Path(os.path.realpath(path)) if os.path.islink(path) else path
            temporaries.append((_temporary_beside(target, path, make_parents=True), target))
            try:
                _write_blocks(temporaries[-1][0], data)
            except OSError as err:
                raise output_error(err, path) from None
        for path, data in blocks:
            if writes_in_place(path):
                with atomic_file(path) as handle:
                    handle.writelines(data)
        for tmp, target in temporaries:
            _finish(tmp, target)
    except BaseException:
        for tmp, _ in temporaries:
            Path(tmp).unlink(missing_ok=True)
        for folder in sorted(set(made), key=lambda f: len(f.parts), reverse=True):
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise


def _write_blocks(path: str, blocks: list[bytes]) -> None:
    with open(path, "wb") as handle:
        handle.writelines(blocks)


def _missing_folders(folder: Path) -> list[Path]:
    """The folders of `folder`'s path that do not exist yet (from the deepest up)."""
    return list(takewhile(lambda f: not f.exists() and f != f.parent, (folder, *folder.parents)))


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes, *, make_parents: bool = False) -> None:
    """Write `data` to `path` atomically (see atomic_file)."""
    with atomic_file(path, make_parents=make_parents) as handle:
        handle.write(data)


def atomic_write_text(path: str | os.PathLike[str], text: str, *, make_parents: bool = False) -> None:
    """Write UTF-8 text (line ends as given, never translated) atomically."""
    atomic_write_bytes(path, text.encode("utf-8"), make_parents=make_parents)


def _read_umask() -> int:
    """The process umask (read once at import: os.umask is not thread-safe)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _read_umask()
