"""The span readers' options (ReadOptions, which every reader takes: engine/formats/standoff.py)
as the command line and the app offer them, declared once: the span methods give each as
--X, --gold-X and --system-X (engine/methods/span_options.py), the agreement command as --X
for every annotator (engine/agreement/command.py). Declared apart from the readers, so that
declaring a method's options imports none of them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .tagschemes import READINGS, SCHEMES

#: ReadOptions.discontinuous: how a method scores a span in pieces (brat's `0 4;9 12`).
DISCONTINUOUS_MODES = ("extent", "fragments", "all-fragments")


@dataclass(frozen=True)
class ReadOptions:
    """The reader options of one side (gold or system); each reader uses those of its format."""

    layer: str | None = None  # WebAnno TSV / XMI: the span layer (named entities); Label Studio: the control
    feature: str | None = None  # WebAnno TSV / XMI: the feature that gives the label
    typesystem: str | None = None  # XMI: the TypeSystem.xml (else found beside the file or in the zip)
    source: str = "annotations"  # Label Studio: annotations or predictions
    index: int = 0  # Label Studio: which annotation (or prediction) of each task; doccano: which user
    scheme: str | None = None  # CoNLL: IOB1, IOB2, IOBES or BILOU (None: detected)
    token_column: int = 0  # CoNLL: 0-based, negative from the end
    tag_column: int = -1  # CoNLL: 0-based, negative from the end
    separator: str | None = None  # CoNLL: "tab" or "whitespace" (None: TAB where a line holds one)
    comment_prefix: str | None = None  # CoNLL: lines starting with it are skipped
    reading: str = "strict"  # CoNLL: strict, or conlleval (an I- may open a span)
    discontinuous: str = "extent"  # brat: extent, fragments or all-fragments
    missing_label: str | None = None  # WebAnno TSV / XMI: the label of an annotation without a value
    user: str | None = None  # INCEpTION project export: whose annotations (None: the curation; NO_USER)


#: ReadOptions.user of the system side that names none: an INCEpTION project export as the
#: system is one user's annotations, and the error lists them (the gold's default: the curation).
NO_USER = ""


#: Label Studio: where a task's spans are read from.
SOURCES = ("annotations", "predictions")


class ReaderOption(NamedTuple):
    """One field of ReadOptions as an option: its type, help text, choices and metavar."""

    name: str
    type: type
    help: str
    choices: tuple[Any, ...] | None
    metavar: str


READER_OPTIONS: tuple[ReaderOption, ...] = tuple(ReaderOption(*fields) for fields in (
    ("layer", str, "WebAnno TSV / XMI: the span layer (type name); Label Studio: the labelling control "
     "(from_name) whose regions are read.", None, "NAME"),
    ("feature", str, "WebAnno TSV / XMI: the feature that gives the label.", None, "NAME"),
    ("typesystem", str, "XMI: the TypeSystem.xml.", None, "PATH"),
    ("source", str, "Label Studio: annotations or predictions.", SOURCES, "SOURCE"),
    ("index", int, "Label Studio: which annotation (or prediction) of each task; doccano: which user's "
     "annotations, in id order; from 0.", None, "N"),
    ("scheme", str, "CoNLL: the tag scheme (default: detected).", SCHEMES, "SCHEME"),
    ("token_column", int, "CoNLL: the token column, 0-based, negative from the end.", None, "N"),
    ("tag_column", int, "CoNLL: the tag column, 0-based, negative from the end.", None, "N"),
    ("separator", str, "CoNLL: tab, or whitespace (default: TAB where a line holds one).",
     ("tab", "whitespace"), "SEP"),
    ("comment_prefix", str, "CoNLL: lines starting with it are skipped.", None, "P"),
    ("reading", str, "CoNLL: strict (only what the scheme allows, as seqeval's strict mode) or conlleval "
     "(conlleval.pl's and seqeval's default reading: an I- may open a span).", READINGS, "READING"),
    ("discontinuous", str, "brat: a discontinuous span counts as its outer extent, each fragment as a span "
     "(fragments), or as its fragments together (all-fragments).", DISCONTINUOUS_MODES, "MODE"),
    ("missing_label", str, "WebAnno TSV / XMI: the label of an annotation without a value.", None, "LABEL"),
    ("user", str, "INCEpTION project export: the user whose annotations are read (default: the gold's "
     "curation; the system needs one).", None, "NAME"),
))  # fmt: skip


#: The reader options that pick what gives a format's spans: where neither side holds a
#: span, the likely cause is one of them (a layer, feature or column without annotations).
PICKING = {"webanno-tsv": "--layer, --feature", "uima-xmi": "--layer, --feature", "conll": "--tag-column",
           "vrt": "--tag-column", "label-studio": "--source, --index", "doccano": "--index"}  # fmt: skip


def no_spans_warning(gold: int, system: int, formats: tuple[str, str]) -> list[str]:
    """A warning where neither side holds a span (every score 0), naming the options that
    pick what gives the spans in the inputs' formats."""
    if gold or system:
        return []
    options = list(dict.fromkeys(PICKING[f] for f in formats if f in PICKING))
    cause = f" (a layer, feature or column without annotations? see {'; '.join(options)})" if options else ""
    return [f"neither gold nor system holds a span: every score is 0{cause}"]
