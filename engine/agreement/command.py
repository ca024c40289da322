"""`spanstudio agreement A B [C …]` and `spanstudio adjudicate WORKBOOK.xlsx --out GOLD`:
their arguments and runs (engine/cli.py only hooks them in)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any, NamedTuple

from ..errors import InputError
from ..formats import SPAN_FORMATS
from ..formats.reader_options import READER_OPTIONS, ReaderOption, path_values
from ..formats.standoff import ReadOptions
from ..options import option_flag
from ..progress import NO_PROGRESS, Progress
from ..spans import Annotations
from .inputs import check_exist, checked_names, one_export, read_annotator, refuse_exports

ANNOTATOR_PREFIX = "annotator_"
#: The reader options of every annotator (an INCEpTION project export's users are its annotators).
AGREEMENT_READER_OPTIONS = tuple(o for o in READER_OPTIONS if o.name != "user")
#: --format, declared once for the command line and the Agreement window's Format list (its
#: choices; the command line gives the reader any name, and the reader's message lists them).
AGREEMENT_FORMAT = ReaderOption("format", str, "the input format (default: recognised)",
                                tuple(SPAN_FORMATS), "F")  # fmt: skip
#: How --labels is declared (the Agreement window's Reading option Labels says the same).
LABELS_FLAG = {"metavar": "L,..", "help": "only spans with these labels (comma-separated)"}
#: The formats write_gold writes a gold in (the format modules' names; --format's choices).
GOLD_FORMATS = ("conll", "brat", "doccano")


def add_agreement_parser(sub: Any) -> None:
    """The `agreement` subcommand."""
    parser = sub.add_parser(
        "agreement",
        help="Agreement among two or more annotators (span F1, kappas, alpha, alpha-u).",
        description="Measures how far annotators agree: span F1 for each pair (labelled, unlabelled, "
        "overlapping), Cohen's and Fleiss' kappa and Krippendorff's alpha on token categories, and "
        "Krippendorff's unitizing alpha as DKPro Statistics (INCEpTION) computes it; per document "
        "and over the corpus. Each input is one annotator's file or folder; or give ONE export that "
        "holds several annotators' work: a doccano 1.0/1.1 export with users (each user an annotator, "
        "'user 3'), a Label Studio JSON or JSON-MIN export (each task's annotations by completed_by: "
        "'user 3' or the e-mail), an INCEpTION project export (.zip or unzipped folder: each user of "
        "annotation/<document>/, not INITIAL_CAS or the curation).",
    )
    parser.set_defaults(command="agreement")
    parser.add_argument(
        "annotators", nargs="+", metavar="ANNOTATOR",
        help="one annotator's file or folder, or one export of several annotators' work",
    )  # fmt: skip
    parser.add_argument(
        "--names", nargs="+", metavar="NAME",
        help="the annotators' names, in input order (an export's: in its annotators' order)",
    )  # fmt: skip
    parser.add_argument(
        "--predictions", action="store_true",
        help="a Label Studio export's predictions as one more annotator per model_version",
    )  # fmt: skip
    parser.add_argument("--labels", **LABELS_FLAG)
    reader = parser.add_argument_group("reader options (all annotators)")
    fmt = AGREEMENT_FORMAT
    reader.add_argument(option_flag(fmt.name), metavar=fmt.metavar, help=fmt.help)
    for o in AGREEMENT_READER_OPTIONS:
        metavar = None if o.choices else o.metavar  # choices are shown as {a,b}
        reader.add_argument(option_flag(o.name), dest="read_" + o.name, type=o.type,
                            choices=o.choices, metavar=metavar, help=o.help)  # fmt: skip
    outputs = parser.add_argument_group("output files")
    outputs.add_argument("--json", metavar="PATH", help="Write the JSON report here ('-' = standard output).")
    outputs.add_argument("--xlsx", metavar="PATH", help="Write the adjudication workbook (Excel) here.")
    keep = ("Carry this adjudication workbook's Decisions and Comments into the --xlsx one (matched row by "
            "row: the same document and characters).")  # fmt: skip
    outputs.add_argument("--keep-decisions", metavar="WORKBOOK", help=keep)


def add_adjudicate_parser(sub: Any) -> None:
    """The `adjudicate` subcommand."""
    parser = sub.add_parser(
        "adjudicate",
        help="Write the gold settled in an adjudication workbook.",
        description="Reads the Decision column of an adjudication workbook (spanstudio agreement --xlsx) "
        "and writes the gold: the spans every annotator agreed on, plus the decisions.",
    )
    parser.set_defaults(command="adjudicate")
    parser.add_argument("workbook", metavar="WORKBOOK.xlsx")
    parser.add_argument(
        "--out", required=True, metavar="GOLD", help="the gold file to write (brat: a folder)"
    )
    parser.add_argument(
        "--force", action="store_true",
        help="replace an existing gold file (brat: write into a folder that is not empty)",
    )  # fmt: skip
    parser.add_argument(
        "--format", dest="out_format", choices=GOLD_FORMATS, default="doccano"
    )
    parser.add_argument(
        "--majority", action="store_true", help="settle undecided rows by majority (with a warning)"
    )


def annotator_name(path: str) -> str:
    """The file or folder name without extension and without an `annotator_` prefix."""
    p = Path(path.rstrip("/\\") or path)
    name = p.name if p.is_dir() else re.sub(r"\.[^.]*$", "", p.name) or p.name
    return (
        name[len(ANNOTATOR_PREFIX) :]
        if name.startswith(ANNOTATOR_PREFIX) and name != ANNOTATOR_PREFIX
        else name
    )


def annotator_names(paths: list[str], names: list[str] | None = None) -> list[str]:
    """The annotators' names (given, else from the paths), checked: one per path, each once."""
    if len(paths) < 2:
        raise InputError("at least two annotators' files or folders", f"{len(paths)}")
    return checked_names([annotator_name(p) for p in paths], names, paths)


def read_options(args: argparse.Namespace) -> ReadOptions:
    values = {o.name: getattr(args, "read_" + o.name) for o in AGREEMENT_READER_OPTIONS}
    given = {k: v for k, v in values.items() if v is not None}
    return ReadOptions(**given, given=tuple(given))


def read_annotators(
    paths: list[str],
    names: list[str] | None = None,
    format: str | None = None,
    options: ReadOptions | None = None,
    progress: Progress = NO_PROGRESS,
    predictions: bool = False,
) -> dict[str, Annotations]:
    """Every annotator's annotations by name, read with the shared reader options (the
    command line's and the app's Agreement window's): one input per annotator, or the
    annotators of the one export given (engine/agreement/inputs.py)."""
    check_exist(paths)
    if len(paths) == 1:
        progress.update(0.0, f"reading {paths[0]}")
        return one_export(paths[0], names, format, options, predictions)
    names = annotator_names(paths, names)
    refuse_exports(paths, format)
    sides = {}
    for i, (name, path) in enumerate(zip(names, paths, strict=True)):
        progress.update(0.3 * i / len(paths), f"reading {path}")
        sides[name] = read_annotator(path, format, options)
    return sides


def run_agreement(args: argparse.Namespace) -> tuple[str, list[str]]:
    """Measure, write the requested files; (standard output, warnings)."""
    from ..export.json import to_json
    from .console import report_text
    from .corpus import build_corpus
    from .measures import measure

    options = read_options(args)
    _check_outputs([*args.annotators, *path_values(options)], args.json, args.xlsx)
    from .kept import decisions_to_keep

    kept = decisions_to_keep(args.xlsx, args.keep_decisions)  # decisions are never replaced unawares
    labels = [label.strip() for label in args.labels.split(",") if label.strip()] if args.labels else None
    sides = read_annotators(args.annotators, args.names, args.format, options,
                            predictions=args.predictions)  # fmt: skip
    corpus = build_corpus(sides, labels, in_order=len(args.annotators) == 1)  # an export: in its order
    data = {**_envelope(args, labels), **measure(corpus)}
    from ..formats.spantable import reader_warnings

    warnings = reader_warnings(*sides.values())  # once a file
    files: list[tuple[str, str | bytes]] = []
    if args.xlsx:
        from .workbook import workbook_bytes

        files.append((args.xlsx, workbook_bytes(corpus, data, kept=kept)))
        if kept is not None and (kept.gone or kept.not_offered):
            warnings.append(kept.summary())
    stdout = "" if args.json == "-" else report_text(data)
    if args.json is not None:
        text = to_json(data)
        if args.json == "-":
            stdout = text
        else:
            files.append((args.json, text))
    _write(files)
    return stdout, warnings


def _envelope(args: argparse.Namespace, labels: list[str] | None) -> dict[str, Any]:
    """What makes the result reproducible: engine version, date, options, input files with sha256."""
    from .. import __version__
    from ..report import InputFile, _now

    options = {"labels": labels, "names": args.names, "format": args.format, "predictions": args.predictions,
               **vars(read_options(args))}  # fmt: skip
    inputs = [f for path in args.annotators for f in _input_files(InputFile, path)]
    return {
        "engine_version": __version__,
        "created": _now(),
        "options": options,
        "input_files": [f.record() for f in inputs],
    }


def _input_files(kind: Any, path: str) -> list[Any]:
    """The files read of an input (InputFile `kind`): an unzipped INCEpTION export's
    annotators' files (not its curation, which the span methods read as a gold)."""
    from ..formats.inception_project import entry_files, is_project
    from ..textio import sha256_file

    if Path(path).is_dir() and is_project(path):
        return [kind("annotator", str(f), sha256_file(f)) for f in entry_files(path, curation=False)]
    return kind.of("annotator", path)


def run_adjudicate(args: argparse.Namespace) -> tuple[str, list[str]]:
    """Write the settled gold; (standard output, warnings)."""
    written = write_gold(args.workbook, args.out, args.out_format, args.majority, replace=args.force)
    return written.summary + "\n", written.warnings


class GoldWritten(NamedTuple):
    """What `write_gold` wrote: how much ("4 spans in 3 documents"), the warnings, the files,
    where to (`summary`: the sentence saying so)."""

    settled: str
    warnings: list[str]
    paths: list[Path]
    out: str

    @property
    def summary(self) -> str:
        return f"{self.settled} written to {self.out}"


def write_gold(
    workbook: str,
    out: str,
    out_format: str = "doccano",
    majority: bool = False,
    progress: Progress = NO_PROGRESS,
    replace: bool = False,
) -> GoldWritten:
    """Write the gold an adjudication workbook settles to `out` (a file; brat: a new or empty
    folder), all files or none: `spanstudio adjudicate` and the app's Make Gold from
    Adjudication Workbook. An existing file (a folder that is not empty) is an InputError
    unless `replace`."""
    from .adjudication import settle
    from .workbook import read_workbook
    from .writers import render

    _check_outputs([workbook], out, folder=out_format == "brat")
    if not replace and gold_exists(out, out_format):
        new = "folder or an empty one" if out_format == "brat" else "file"
        raise InputError(f"a new {new} (or --force to replace it)", "an existing one (not overwriting)",
                         file=out)  # fmt: skip
    progress.update(0.0, "reading the adjudication workbook", force=True)
    sheet = read_workbook(workbook)
    gold, warnings = settle(sheet, majority, workbook)
    content = render(gold, out_format, out)
    progress.update(0.9, "writing the gold", force=True)
    _write(content)
    kept = sum(len(spans) for _, spans in gold)
    docs = f"{len(gold)} document" + ("" if len(gold) == 1 else "s")
    return GoldWritten(f"{kept} spans in {docs}", warnings, [Path(p) for p, _ in content], out)


def gold_exists(out: str, out_format: str) -> bool:
    """Whether writing the gold to `out` replaces something: a file, or a folder that is not
    empty (brat's)."""
    from ..writing import writes_in_place

    path = Path(out)
    if path.is_dir():
        return out_format == "brat" and any(path.iterdir())  # a file format: check_writable refuses it
    if writes_in_place(path):
        return False  # /dev/stdout, a FIFO: written as they are
    return path.exists() or path.is_symlink()


def _check_outputs(inputs: list[str], *paths: str | None, folder: bool = False) -> None:
    """InputError, before anything is read, when an output cannot be written or would
    replace one of the inputs (a file of an input folder too) or another output (`folder`:
    the outputs are folders written into)."""
    from ..paths import check_writable, file_path, input_identities, refuse_overwriting

    outputs = {f"output {n}": Path(path) if folder else file_path(path)
               for n, path in enumerate(paths, 1) if path and path != "-"}  # fmt: skip
    for path in outputs.values():
        check_writable(path, folder_output=folder)
    refuse_overwriting(input_identities(inputs, folders=tuple(inputs)), outputs)


def _write(files: list[tuple[str, str | bytes]]) -> None:
    """Every file written, all or none."""
    from ..writing import atomic_write_files

    encoded = [(Path(path), c.encode("utf-8") if isinstance(c, str) else c) for path, c in files]
    atomic_write_files(encoded)
