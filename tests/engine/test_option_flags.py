"""An option's flag is made from its name (and a side's) in one place (engine.options.option_flag):
the flags the command lines declare and the flags their messages name are the same."""

from __future__ import annotations

import dataclasses

from engine.agreement.command import AGREEMENT_READER_OPTIONS
from engine.cli import build_parser
from engine.methods.span_options import SpanInputOptions, reader_options_set, side_options
from engine.options import option_flag, to_plain


def test_a_name_and_a_side_make_the_flag():
    assert option_flag("tag_column") == "--tag-column" and option_flag("user") == "--user"
    assert option_flag("tag_column", "gold") == "--gold-tag-column"
    assert option_flag("label_file", "system") == "--system-label-file"


def test_a_sides_own_option_is_named_by_its_own_flag_the_shared_one_by_its():
    given = SpanInputOptions(system_source="predictions", tag_column=2, gold_label_file="l.json")
    _, system = side_options(given, "system")
    assert (system.flag("source"), system.flag("tag_column"), system.flag("label_file")) == (
        "--system-source", "--tag-column", "--label-file")
    _, gold = side_options(given, "gold")
    assert (gold.flag("label_file"), gold.flag("source"), gold.flag("missing_label")) == (
        "--gold-label-file", "--source", "--missing-label")
    assert sorted(reader_options_set(given)) == ["--gold-label-file", "--system-source", "--tag-column"]


def test_sides_without_own_options_read_alike_but_for_the_systems_user():
    """The app looks at one file in both boxes once, their sides read alike where neither
    gives an option of its own (the system's "no user given" told apart only in an export:
    gui/setup_looks.contents_key); files apart, each side's messages name its own options."""
    _, gold = side_options(SpanInputOptions(tag_column=2), "gold", one_file=True)
    _, system = side_options(SpanInputOptions(tag_column=2), "system", one_file=True)
    assert dataclasses.replace(system, user=None) == gold and system.side == gold.side == ""
    _, apart = side_options(SpanInputOptions(tag_column=2), "system")
    assert dataclasses.replace(apart, side="") == system and apart.side == "system"


def test_system_b_names_its_own_flags_and_system_as_for_those_it_takes():
    """compare's system B (its options say so: system_b, the names it gives with --system-b-X):
    an option it gives is named by its own flag, one it takes from system A by A's, a shared
    one by --X; its way on for itself alone is its own flag (A's would read A otherwise too)."""
    given = SpanInputOptions(system_source="predictions", system_tag_column=2, scheme="IOB2", system_b=("tag_column",))
    _, b = side_options(given, "system")
    assert (b.flag("tag_column"), b.flag("source"), b.flag("scheme")) == (
        "--system-b-tag-column", "--system-source", "--scheme")
    assert (b.side_flag("tag_column"), b.side_flag("scheme"), b.side) == ("--system-b-tag-column",
                                                                          "--system-b-scheme", "system_b")  # fmt: skip
    assert sorted(reader_options_set(given)) == ["--scheme", "--system-b-tag-column", "--system-source"]
    _, gold = side_options(given, "gold")  # the gold of B's run: as in A's
    assert gold == side_options(dataclasses.replace(given, system_b=None), "gold")[1]
    assert "system_b" not in to_plain(given)  # no option: not in the report, the flags or the app


def test_a_way_on_names_the_sides_own_flag_but_for_one_file_read_alike():
    """--system-tag-column, where the gold's tags may be where they are; --tag-column where gold
    and system are one file and neither side gives an option of its own (each needs it)."""
    _, system = side_options(SpanInputOptions(tag_column=2), "system")
    _, one = side_options(SpanInputOptions(tag_column=2), "system", one_file=True)
    _, own = side_options(SpanInputOptions(gold_format="conll"), "gold", one_file=True)
    assert (system.side_flag("tag_column"), one.side_flag("tag_column")) == ("--system-tag-column", "--tag-column")
    assert own.side_flag("tag_column") == "--gold-tag-column" and system.flag("tag_column") == "--tag-column"


def test_the_agreement_command_declares_the_flags_its_messages_name():
    parser = build_parser()
    declared = {s for action in parser._subparsers._group_actions[0].choices["agreement"]._actions
                for s in action.option_strings}  # fmt: skip
    assert {"--layer", "--feature", "--typesystem", "--source", "--index", "--scheme", "--token-column",
            "--tag-column", "--separator", "--comment-prefix", "--reading", "--discontinuous", "--missing-label",
            "--label-file"} <= declared  # spelled out: the parser makes its flags by option_flag too
    assert len(AGREEMENT_READER_OPTIONS) == 14  # a new reader option is added to the list above
