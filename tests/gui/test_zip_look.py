"""The app's look at a chosen file that is a zip zipfile cannot open (a later zip version)
gives the engine's message, as the command line does (was: an uncaught error in the look)."""

from __future__ import annotations

from gui.inputs import look_at
from tests.engine.test_zip_entries_bounded import CENTRAL, VERSION, export, patched


def test_a_project_zip_of_a_later_version_is_a_look_with_the_engines_message(tmp_path):
    path = export(tmp_path)
    patched(path, CENTRAL, 6, lambda version: 64)  # the version needed to extract: 6.4
    look = look_at(str(path))
    assert look.error is not None and str(look.error) == f"{path}: {VERSION}"
