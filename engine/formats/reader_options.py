"""The span readers' options (ReadOptions, which every reader takes: engine/formats/standoff.py)
as the command line and the app offer them, declared once: the span methods give each as
--X, --gold-X and --system-X (engine/methods/span_options.py), the agreement command as --X
for every annotator (engine/agreement/command.py). Declared apart from the readers, so that
declaring a method's options imports none of them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import FileWarning, InputError, WayOn, first_listed, given
from ..options import option_flag
from .tagschemes import READINGS, SCHEMES

if TYPE_CHECKING:
    from ..spans import Annotations

#: What the WebAnno TSV and XMI readers' error for an annotation without a value expects besides
#: a value: every command reading them (the span methods, agreement) offers the option, and so
#: does the app's options panel (Missing label), in the Agreement window as the Reading option Missing label.
OR_MISSING_LABEL = "or a label for those without: --missing-label LABEL"
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
    scheme: str | None = None  # CoNLL: IOB1, IOB2, IOBES, BILOU, BMES or IO (None: detected)
    token_column: int | None = None  # CoNLL: 0-based, negative from the end (None: FORM, else 0)
    tag_column: int = -1  # CoNLL: 0-based, negative from the end
    separator: str | None = None  # CoNLL: "tab" or "whitespace" (None: TAB where a line holds one)
    comment_prefix: str | None = None  # CoNLL: lines starting with it are skipped
    reading: str = "strict"  # CoNLL: strict, or conlleval (an I- may open a span)
    discontinuous: str = "extent"  # brat: extent, fragments or all-fragments
    missing_label: str | None = None  # WebAnno TSV / XMI: the label of an annotation without a value
    user: str | None = None  # an export of several annotators: whose (None, NO_USER: none given)
    label_file: str | None = None  # doccano 1.0/1.1: the project's label file, naming its label ids
    #: the options given by one side's own flag (--system-source …), and that side: messages name it
    own: tuple[str, ...] = ()
    #: gold, system, or SYSTEM_B ("" for no one side: agreement's annotators, one file on both sides)
    side: str = ""
    #: compare's system B: the options it takes from system A's own flags (--system-source), named so
    from_system: tuple[str, ...] = ()
    #: the options given by any flag (a shared --tag-column too): a reader's fallback for one
    #: left unset is not taken where it is given its default value (an explicit --tag-column -1)
    given: tuple[str, ...] = ()
    #: the side read (gold, system, SYSTEM_B) whatever side its messages name (`side` is "" for
    #: one file on both sides); "" for agreement's annotators. Not what is read: not compared
    reads_for: str = field(default="", compare=False)

    def user_taken(self) -> bool:
        """Whether a user is given, and is system A's taken by a compared second system
        (--system-user, not --system-b-user): applied to an export of several annotators alone."""
        return bool(self.user) and "user" in self.from_system

    def left_unset(self, name: str) -> bool:
        """Whether option `name` has its default value and was given by no flag."""
        return name not in self.given and getattr(self, name) == getattr(DEFAULT, name)

    def flag(self, name: str) -> str:
        """The command-line flag that set option `name` (--source, or a side's own --system-source)."""
        if name in self.own:
            return option_flag(name, self.side)
        return option_flag(name, SYSTEM if name in self.from_system else "")

    def side_flag(self, name: str) -> str:
        """The flag that sets option `name` for this side alone, as a message's way on where
        the other side may need no change (--system-tag-column; --tag-column for no one side)."""
        return option_flag(name, self.side)

    def way_on(self, name: str, value: str) -> WayOn:
        """A way on for this side alone (side_flag's), as data: another side's message may
        name its own flag instead (spans.inputs.system_too)."""
        return WayOn(name, self.side, value)


#: The system's side, and compare's second system's (its messages name its own flags:
#: --system-b-tag-column; engine/compare_options.py).
SYSTEM, SYSTEM_B = "system", "system_b"


def system_user_flag(options: ReadOptions) -> str:
    """The flag that names the system's user of an export, for a message on either side
    (--system-user; system B's own, --system-b-user, where B reads it)."""
    return option_flag("user", SYSTEM_B if options.side == SYSTEM_B else SYSTEM)


def own_user_flag(options: ReadOptions) -> str | None:
    """The flag that names the user of the side read alone (--gold-user, --system-user,
    --system-b-user), also where one file is read for both; None where no side is read
    (agreement's annotators: agreement has no user option)."""
    return option_flag("user", options.reads_for) if options.reads_for else None


def user_flags(options: ReadOptions) -> str:
    """The flag that names the user of the side read, for a message asking for one: its own
    (--gold-user, --system-user, --system-b-user), or both sides' where one file is read for
    both (--gold-user or --system-user)."""
    if options.side:
        return options.side_flag("user")
    return f"{option_flag('user', 'gold')} or {system_user_flag(options)}"


#: The options whose way on a reader names for one side alone (ReadOptions.side_flag): the
#: other side's file may need no change of its tag or token column or scheme.
SIDE_WAYS_ON = ("tag_column", "token_column", "scheme")


#: ReadOptions.user of the system side that names none: an INCEpTION project export as the
#: system is one user's annotations, and the error lists them (the gold's default: the curation).
NO_USER = ""


#: The options of a side that sets none.
DEFAULT = ReadOptions()


def read_value(name: str, own: Any, shared: Any) -> Any:
    """The value a side reads option `name` with: its own flag's, else the one for both
    sides, else the reader's default, however it was given (an explicit --tag-column -1 is
    the default: where it reads otherwise than left unset, the last column holding no tags,
    the run stops, so a run that reads its file read the same column); no user (None, '') is None."""
    value = own if own is not None else shared if shared is not None else getattr(DEFAULT, name, None)
    return (value or None) if name == "user" else value


#: Label Studio: where a task's spans are read from.
SOURCES = ("annotations", "predictions")


class ReaderOption(NamedTuple):
    """One field of ReadOptions as an option: its type, help text, choices and metavar, and
    whether it names an input file (the command line counts it among the inputs no output
    may overwrite; the app gives it a file picker)."""

    name: str
    type: type
    help: str
    choices: tuple[Any, ...] | None
    metavar: str
    path: bool = False


READER_OPTIONS: tuple[ReaderOption, ...] = tuple(ReaderOption(*fields) for fields in (
    ("layer", str, "WebAnno TSV / XMI: the span layer (type name); Label Studio: the labelling control "
     "(from_name) whose regions are read.", None, "NAME"),
    ("feature", str, "WebAnno TSV / XMI: the feature that gives the label.", None, "NAME"),
    ("typesystem", str, "XMI: the TypeSystem.xml.", None, "PATH", True),
    ("source", str, "Label Studio: annotations or predictions.", SOURCES, "SOURCE"),
    ("index", int, "Label Studio: which annotation (or prediction) of each task; doccano: which user's "
     "annotations, in id order; from 0.", None, "N"),
    ("scheme", str, "CoNLL: the tag scheme (default: detected).", SCHEMES, "SCHEME"),
    ("token_column", int, "CoNLL: the token column, 0-based, negative from the end (default: the FORM "
     "column a CoNLL-U Plus file names, else 0).", None, "N"),
    ("tag_column", int, "CoNLL: the tag column, 0-based, negative from the end.", None, "N"),
    ("separator", str, "CoNLL: tab, or whitespace (default: TAB where a line holds one).",
     ("tab", "whitespace"), "SEP"),
    ("comment_prefix", str, "CoNLL: lines starting with it are skipped.", None, "P"),
    ("reading", str, "CoNLL: strict (only what the scheme allows, as seqeval's strict mode) or conlleval "
     "(conlleval.pl's and seqeval's default reading: an I- may open a span).", READINGS, "READING"),
    ("discontinuous", str, "brat: a discontinuous span counts as its outer extent, each fragment as a span "
     "(fragments), or as its fragments together (all-fragments).", DISCONTINUOUS_MODES, "MODE"),
    ("missing_label", str, "WebAnno TSV / XMI: the label of an annotation without a value.", None, "LABEL"),
    ("user", str, "INCEpTION project export, Label Studio, doccano 1.0/1.1, doccano's export zip: the user "
     "whose annotations are read, as agreement names them ('user 3' or 3, the e-mail, the name; INCEpTION's "
     "default: the gold's curation, the system needs one; Label Studio, doccano JSONL: --index where none "
     "is given; a doccano zip of several users' files needs one).", None, "NAME"),
    ("label_file", str, "doccano 1.0/1.1 \"JSONL\" export, whose labels are label ids: the project's label "
     "file (doccano's export of its labels, a JSON list of {\"id\": 1, \"text\": \"PER\", …}), which names "
     "them.", None, "FILE", True),
))  # fmt: skip


#: The reader options only some formats read (by --format name): given for a file of another
#: format, each is named in a warning (the user's in an error: check_options).
READ_BY: dict[str, tuple[str, ...]] = {
    "layer": ("webanno-tsv", "uima-xmi", "label-studio", "inception-project"),
    "feature": ("webanno-tsv", "uima-xmi", "inception-project"),
    "source": ("label-studio",),
    "user": ("inception-project", "label-studio", "doccano"),
    "label_file": ("doccano",),
    "missing_label": ("webanno-tsv", "uima-xmi", "inception-project"),
}


def given_user(options: ReadOptions) -> str | None:
    """The user a side names (None where it names none: the gold's None, the system's NO_USER)."""
    return options.user or None


def named_user(users: list[str], user: str) -> str | None:
    """Which of an export's annotators (as the agreement command names them: `user 3`, an
    e-mail, …) a given user is: the name itself, or a bare id (`3` for `user 3`); None for none."""
    return next((name for name in users if user == name or name == f"user {user}"), None)


def user_called(user: str | None) -> str | None:
    """A user given as the readers name it (`user 2` for a bare id `2`, as doccano.user_name
    names an id; named_user takes either); None for none (None, '')."""
    if not user:
        return None
    return f"user {int(user)}" if user.isdecimal() else user


def unknown_user(path: str, user: str, users: list[str]) -> InputError:
    """The error for a user an export has no annotations of, listing its users."""
    return InputError(f"a user of the export ({listed_names(users)})", given(user), file=path)


def one_annotator(path: str, title: str, user: str, flag: str) -> InputError:
    """The error for a user given (by `flag`) for a file that holds one annotator's spans."""
    return InputError(f"an export of several annotators' work for {flag} {given(user)} (an INCEpTION project "
                      "export, Label Studio JSON, doccano 1.0/1.1 JSONL with users)",
                      f"{title}, which holds one annotator's spans (the option applies to exports of "
                      "several annotators)", file=path)  # fmt: skip


class Annotators(dict[str, "Annotations"]):
    """An export's annotators by name, and why a file of it is no annotator (`left_out`: a
    doccano zip's empty user's file; "" where none is left out)."""

    def __init__(self, found: dict[str, Annotations], left_out: str = "") -> None:
        super().__init__(found)
        self.left_out = left_out


def path_values(options: ReadOptions) -> list[str]:
    """The input files a side's reader options name (its type system, its label file)."""
    return [value for o in READER_OPTIONS if o.path and (value := getattr(options, o.name))]


def listed_names(names: list[str]) -> str:
    """Names for a message: the first ten and how many more ('none' for none)."""
    return first_listed(names, 10) if names else "none"


def taken_user_left_out(module: Any, options: ReadOptions) -> bool:
    """Whether system A's user, taken by a second system (ReadOptions.user_taken), is left
    out of reading it: its format holds one annotator's spans."""
    return options.user_taken() and module.NAME not in READ_BY["user"]


def check_options(module: Any, path: str, options: ReadOptions) -> list[str]:
    """The warnings naming the options given that a file of this reader's format has no use
    for; InputError for a user given for a format that holds one annotator's spans (none for
    system A's user, which a second system of such a format takes: ReadOptions.user_taken)."""
    if given_user(options) and module.NAME not in READ_BY["user"] and not options.user_taken():
        raise one_annotator(path, module.TITLE, str(options.user), options.flag("user"))
    return [FileWarning(path, f"{options.flag(name)} {given(getattr(options, name))} not used "
                              f"({module.TITLE} has no {UNUSED[name]})")
            for name in UNUSED if module.NAME not in READ_BY[name]
            and getattr(options, name) != getattr(DEFAULT, name)]  # fmt: skip


#: The options a format may have no use for (check_options), and what it then lacks.
UNUSED = {"layer": "span layers or labelling controls", "feature": "features", "source": "predictions",
          "label_file": "label ids", "missing_label": "annotations without a value"}  # fmt: skip


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
