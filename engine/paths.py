"""Where a run may write: outputs that can be created or replaced, never over an input.

An output path is refused before anything is read when it names one of the run's inputs
(the same file through a link or another spelling: the same st_dev and st_ino) or the
same file as another output of the run; a name too long for the system and a folder
that cannot be written are refused too. Devices and FIFOs are written as they are
(engine/writing.py).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path

from .errors import InputError
from .writing import output_error, writes_in_place


def check_writable(path: Path, folder_output: bool = False) -> None:
    """InputError unless `path` can be created or replaced (a folder output: written into);
    a device or FIFO is written as it is."""
    try:
        info: os.stat_result | None = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as err:
        raise output_error(err, path) from None
    if folder_output and info is not None and not stat.S_ISDIR(info.st_mode):
        raise InputError("a folder", "a file", file=str(path))
    if not folder_output and info is not None and stat.S_ISDIR(info.st_mode):
        raise InputError("a file path", "a directory", file=str(path))
    if info is not None and writes_in_place(path):
        return
    _check_names(path)
    folder = path if folder_output else path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    replaced = not folder_output and info is not None
    if not os.access(folder, os.W_OK) or (replaced and not os.access(path, os.W_OK)):
        raise InputError("a writable location", "permission denied", file=str(path))


def file_path(value: str) -> Path:
    """The path of an output written as a file; InputError where it ends in a separator,
    a folder's path (as a Path it would lose the separator and be written as a file)."""
    if names_folder(value):
        raise InputError("a file path", f"a folder's path (it ends in '{value[-1]}')", file=value)
    return Path(value)


def names_folder(value: str) -> bool:
    """Whether an output path names a folder: it ends in a separator."""
    return value.endswith(("/", os.sep))


def _check_names(path: Path) -> None:
    """InputError when a name in `path` is longer than the system takes (255 bytes; the
    hidden temporary file beside it needs room too)."""
    for part in path.parts:
        if len(os.fsencode(part)) > 255:
            raise output_error(OSError(errno.ENAMETOOLONG, "File name too long"), path)


Identity = tuple[int, int]  # (st_dev, st_ino): one file, whatever path or link names it


def _identity(path: str | os.PathLike[str]) -> Identity | None:
    """The file `path` names, or will name once the folders it passes through are made (an
    output's folders are: `new/../gold.conll` is gold.conll); None where there is none."""
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        resolved = os.path.realpath(path)
        return _identity(resolved) if resolved != os.fspath(path) else None
    except (OSError, ValueError):
        return None
    return info.st_dev, info.st_ino


class Inputs(dict[Identity, str]):
    """The inputs' files by identity, each with the path that names it, and the folders that
    hold an input file (whose type system or labelling config its reader reads beside it)."""

    def __init__(self) -> None:
        super().__init__()
        self.folders: set[Identity] = set()

    def add(self, path: str) -> None:
        identity = _identity(path)
        if identity is not None:
            self.setdefault(identity, path)

    def read_beside(self, path: str | os.PathLike[str]) -> bool:
        """Whether an existing file `path` is one a reader reads beside an input file (named as
        a type system or labelling config, in an input file's folder): looked at by its name,
        the folder never listed."""
        from .formats import read_beside

        p = Path(path)
        return bool(self.folders) and read_beside(p.name) and _identity(p.parent) in self.folders


def input_identities(paths: list[str], folders: tuple[str, ...] = ()) -> Inputs:
    """The files of the inputs (the files of those in `folders`, the inputs a method takes
    as a folder, too; a brat file's partner), each with the path that names it, and the
    folders of the input files (Inputs.read_beside)."""
    from .formats import brat_partner

    found = Inputs()
    for path in paths:
        found.add(path)
        if path in folders and os.path.isdir(path):
            with contextlib.suppress(OSError), os.scandir(path) as entries:
                for entry in entries:
                    found.add(entry.path)
        elif os.path.isfile(path):
            partner = brat_partner(path)
            if partner is not None:
                found.add(str(partner))
            folder = _identity(Path(path).parent)
            if folder is not None:
                found.folders.add(folder)
    return found


def refuse_overwriting(inputs: Inputs, outputs: dict[str, Path]) -> None:
    """InputError when an output path names one of the inputs (also through a link or
    another spelling), a file read beside one, or the same file as another output of the run."""
    seen: dict[Identity | str, str] = {}
    for name, path in outputs.items():
        identity = _identity(path)
        taken = inputs.get(identity) if identity is not None else None
        if taken is None and identity is not None and inputs.read_beside(path):
            taken = str(path)
        if taken is not None:
            raise InputError("an output path that is none of the run's inputs",
                             f"the input '{taken}'", file=str(path))  # fmt: skip
        if identity is not None and writes_in_place(path):
            continue  # /dev/null twice is harmless
        key = identity if identity is not None else os.path.abspath(path)
        if key in seen:
            raise InputError("a path of its own for each output",
                             f"the same file as {seen[key]}", file=str(path))  # fmt: skip
        seen[key] = name
