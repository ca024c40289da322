"""A file box reads its file as the side's Format option says: seen on Xvfb, a CoNLL file
with a typo (a bare label among B-/I- tags) is recognised as no format; its box said to
choose one in the Format list, and once CoNLL was chosen there it went on saying so (and
named no line) until Evaluate was pressed; the box of a file not recognised did not say
what to do."""

from __future__ import annotations

from gui.style import ERROR_COLOUR

TAGS = [("Mr.", "B-PER"), ("Bingley", "I-PER"), ("came", "O"), ("from", "O"), ("London", "LOC"), (".", "O")]


def _typo(tmp_path) -> str:
    path = tmp_path / "typo.conll"
    path.write_text("".join(f"{word}\t{tag}\n" for word, tag in TAGS), encoding="utf-8")
    return str(path)


def _chosen(qtbot, setup, name: str, value: str | None) -> None:
    with qtbot.waitSignal(setup.contents_read, timeout=20_000, check_params_cb=lambda side: side == "system"):
        setup.panel.editors[name].set_value(value)


def test_the_format_chosen_reads_the_file_in_its_box_at_once(qtbot, window, tmp_path):
    setup = window.setup
    setup.set_method("spans")
    typo = _typo(tmp_path)
    setup.set_paths(typo, typo)
    box = setup.fields["system"]
    qtbot.waitUntil(lambda: "not recognised" in box.status.text(), timeout=20_000)
    assert box.status.text().endswith("choose it in the Format list of the options: its reader then says what it finds.")
    _chosen(qtbot, setup, "system_format", "conll")
    said = "typo.conll:5: expected a tag with a prefix, as on line 1 ('B-PER'"  # the box names the file by its name
    assert box.status.text().startswith(said) and ERROR_COLOUR in box.status.styleSheet()
    assert box.status.toolTip().startswith(f"{typo}:5: expected a tag with a prefix, as on line 1 ('B-PER'")
    assert "not recognised" in setup.fields["gold"].status.text()  # the gold's own Format is not set
    _chosen(qtbot, setup, "system_format", None)
    assert "not recognised" in box.status.text()


def test_a_chosen_format_is_named_as_chosen_beside_the_labels(qtbot, window, tmp_path):
    setup = window.setup
    setup.set_method("nervaluate")
    path = tmp_path / "plain.conll"
    path.write_text("Mr.\tB-PER\nBingley\tI-PER\ncame\tO\n", encoding="utf-8")
    setup.set_paths(str(path), str(path))
    qtbot.waitUntil(lambda: "labels: PER" in setup.fields["system"].status.text(), timeout=20_000)
    assert setup.fields["system"].status.text().startswith("Format: CoNLL columns")
    _chosen(qtbot, setup, "format", "conll")
    for box in setup.fields.values():
        assert box.status.text().startswith("Format chosen: CoNLL columns") and "labels: PER" in box.status.text()


def test_an_untyped_conll_file_says_what_its_label_is(tmp_path):
    """Seen on Xvfb: BioBERT's B/I/O file said 'labels: _', which no annotator can read; a
    label '_' of another format (a brat file's) is only a label."""
    from engine.formats.standoff import ReadOptions
    from gui.file_contents import read_contents

    tagged = tmp_path / "ncbi.conll"
    tagged.write_text("APC2\tB\ngene\tI\nis\tO\n", encoding="utf-8")
    assert read_contents(str(tagged), ReadOptions()).summary() == "labels: _ (B and I tags without a type)"
    (tmp_path / "a.txt").write_text("Mr. Bingley came.\n", encoding="utf-8")
    (tmp_path / "a.ann").write_text("T1\t_ 0 11\tMr. Bingley\n", encoding="utf-8")
    assert read_contents(str(tmp_path / "a.ann"), ReadOptions()).summary() == "labels: _"


def test_faireval_says_too_where_the_format_chosen_stops(qtbot, window, tmp_path):
    """FairEval reads CoNLL columns with the span readers: its box gives the reader's message
    as the span methods' do (it showed none: the file is recognised as no span format)."""
    setup = window.setup
    setup.set_method("faireval")
    typo = _typo(tmp_path)
    setup.set_paths(typo, typo)
    _chosen(qtbot, setup, "system_format", "conll")
    assert setup.fields["system"].status.text().startswith("typo.conll:5: expected a tag with a prefix")
    assert setup.fields["system"].error_text.startswith(f"{typo}:5: expected a tag with a prefix")


def test_a_format_the_method_reads_itself_is_looked_at_as_it_reads_it(qtbot, window, tmp_path):
    """CLUEval reads .vrt itself (an I- after O is fine there): its vrt chosen in the Format list
    gives no span reader's error in the box (it named a Reading option CLUEval does not use)."""
    from pathlib import Path

    worked = Path(__file__).resolve().parents[1] / "engine" / "data" / "clueval" / "worked" / "gold.vrt"
    lines = worked.read_text(encoding="utf-8").splitlines()
    lines[1] = lines[1].split("\t")[0] + "\tO\tI-hoch"  # an I- opening a span: CLUEval reads it
    gold = tmp_path / "gold.vrt"
    gold.write_text("\n".join(lines) + "\n", encoding="utf-8")
    setup = window.setup
    setup.set_method("clueval")
    setup.set_paths(str(gold), str(worked))
    box = setup.fields["system"]
    qtbot.waitUntil(lambda: "labels" in box.status.text(), timeout=20_000)
    with qtbot.waitSignal(setup.contents_read, timeout=20_000, check_params_cb=lambda side: side == "gold"):
        setup.panel.editors["format"].set_value("vrt")
    status = setup.fields["gold"].status
    assert "expected" not in status.text() and ERROR_COLOUR not in status.styleSheet()


def test_a_method_without_a_format_list_does_not_send_to_one(qtbot, window, tmp_path):
    """Poetry reads its own JSON Lines: a file it does not recognise is not sent to a Format list
    its options do not have."""
    setup = window.setup
    setup.set_method("poetry")
    path = tmp_path / "notes.txt"
    path.write_text("Some notes, not annotations.\n", encoding="utf-8")
    setup.set_paths(str(path), str(path))
    box = setup.fields["system"]
    qtbot.waitUntil(lambda: "not recognised" in box.status.text(), timeout=20_000)
    assert "Format list" not in box.status.text()
