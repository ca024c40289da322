"""A file cut short inside a UTF-8 character is said in one wording by the app and the CLI:
the app's look leaves it to reading the file (as a file cut between characters), whose
reader's words both show; it used to say 'expected UTF-8 text, found byte 0xC3' while
the CLI said the last line was cut short."""

from __future__ import annotations

import pytest

from tests.gui.conftest import evaluate

CUT = b"EU\tB-ORG\nrejects\tO\nGerm\xc3"  # 'Germ' and the first byte of 'ä'


@pytest.mark.parametrize("method", ["spans", "faireval"])
def test_the_app_and_the_cli_word_a_cut_character_alike(qtbot, window, shown, cli, tmp_path, method):
    path = tmp_path / "cut.conll"
    path.write_bytes(CUT)
    result = cli(method, path, path)
    assert result.code == 2
    message = result.err.removeprefix("spanstudio: error: ").rstrip("\n")
    assert message.startswith(f"{path}:3: expected ")
    window.setup.set_method(method)
    window.setup.fields["gold"].set_path(str(path))
    assert window.setup.fields["gold"].error_text == ""  # the look says nothing of its own
    evaluate(qtbot, window, method, str(path), str(path))
    assert shown.input_errors == [("The evaluation stopped", message)]
    assert window.setup.fields["gold"].error_text == message


def test_a_byte_that_is_no_utf8_before_the_end_is_said_by_the_look(window, tmp_path):
    path = tmp_path / "bad.conll"
    path.write_bytes(CUT + b"\n")
    window.setup.fields["gold"].set_path(str(path))
    assert window.setup.fields["gold"].error_text == f"{path}:3: expected UTF-8 text, found byte 0xC3"
