"""Where a folder dialog starts for a path typed or chosen before."""

from __future__ import annotations

from pathlib import Path


def folder_to_browse(path: str, otherwise: str) -> str:
    """The folder chosen, or the chosen file's own folder (a file's name would stand in the
    dialog's Directory box, its Choose button greyed out); `otherwise` where none is."""
    if not path:
        return otherwise
    return path if Path(path).is_dir() else str(Path(path).parent)
