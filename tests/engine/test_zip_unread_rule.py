"""Which methods' runs say the span readers' message of a zip none of them reads (an empty
zip, a zip of notes: folders.zip_unread) is the engine's answer (span_options.says_zip_unread,
beside read_as_span_formats), which the app's file boxes ask (gui.inputs.judged): it held
the rule itself before. Each method's run is asked here as the engine answers it."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from engine.methods import all_methods, get_method
from engine.methods.span_adapter import span_format_inputs
from engine.methods.span_options import says_zip_unread

DATA = Path(__file__).parents[1] / "data" / "formats"
CONLL = DATA / "conll" / "en-orig.conll"
SAID = ": expected a zip the span readers read"


@pytest.mark.parametrize("method", [m.name for m in all_methods()])
@pytest.mark.parametrize("entries", [(), ("notes.txt",)])
def test_the_engine_says_which_runs_give_the_zip_message(cli, tmp_path, method, entries):
    path = tmp_path / "gold.zip"
    with zipfile.ZipFile(path, "w") as archive:
        for entry in entries:
            archive.writestr(entry, "hello\n")
    spec = get_method(method).inputs[0]
    own = get_method(method).own_formats
    through_spans = bool(own) and span_format_inputs(str(path), str(CONLL), None, own)
    result = cli(method, path, CONLL)
    assert result.code == 2
    assert (f"{path}{SAID}" in result.err) == says_zip_unread(spec.formats, False, through_spans), result.err


def test_a_format_chosen_says_its_own():
    """The chosen format's reader says what it finds (spans --gold-format conll: a tag expected)."""
    spec = get_method("spans").inputs[0]
    assert says_zip_unread(spec.formats, False, False)
    assert not says_zip_unread(spec.formats, True, True)
    assert not says_zip_unread(get_method("poetry").inputs[0].formats, False, False)
    assert says_zip_unread(get_method("clueval").inputs[0].formats, False, True)
