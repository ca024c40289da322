"""`spanstudio`: the command line, generated from the methods' declarations.

    spanstudio methods
    spanstudio METHOD INPUTS... [options] [--json PATH]

Bad input of any kind ends with one line on standard error,
`spanstudio: error: FILE:LINE: expected …, found …`, and exit status 2; nothing is
written. Warnings go to standard error as `spanstudio: warning: …`.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import signal
import sys
from functools import partial
from pathlib import Path
from typing import Any, NoReturn

from . import __version__
from .compare_options import system_b_options, system_b_specs
from .comparison import (
    add_confidence_arguments,
    add_intervals,
    compare_reports,
    comparison_text,
    confidence_of,
)
from .errors import Cancelled, InputError, shown
from .formats.suggest import check_inputs, check_system
from .help_layout import HelpLayout, MethodLayout
from .methods import BUILTIN_METHODS, Invocation, Method, all_methods, get_method
from .options import OptionSpec, either, option_specs, validate
from .paths import check_writable, file_path, input_identities, refuse_overwriting
from .report import Report
from .same_inputs import warn_of_same_inputs
from .signals import Terminated, unwinding_on_signals
from .textio import check_input
from .writing import Output, atomic_write_text, blocks_writer, output_error, write_set

PROG = "spanstudio"

_check_writable = check_writable  # the name engine/agreement/command.py imports (engine/paths.py has it now)


class UsageError(Exception):
    """A command line argparse could not take."""


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors (no usage dump) raised instead of printed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpLayout)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        if message.startswith("argument "):
            message = message[len("argument ") :]
        if message.startswith("unrecognized arguments: "):
            first = message.split(": ", 1)[1].split(" ")[0]
            if first.startswith("-"):
                raise UsageError(f"{first.split('=')[0]}: expected a known option, found '{first}'")
            raise UsageError(f"expected no more arguments, found '{first}'")
        raise UsageError(message)

    def _get_option_tuples(self, option_string: str) -> list[tuple[Any, ...]]:
        """Prefix matches, one per option: spellings of one option are not ambiguous."""
        matches: dict[int, tuple[Any, ...]] = {}
        for match in super()._get_option_tuples(option_string):
            matches.setdefault(id(match[0]), match)
        return list(matches.values())


# --- building the parser ------------------------------------------------------------


def _number(kind: type, flag: str):
    def convert(text: str) -> Any:
        try:
            return kind(text)
        except ValueError:
            what = "a whole number" if kind is int else "a number"
            raise argparse.ArgumentTypeError(f"expected {what}, found '{text}'") from None

    convert.__name__ = kind.__name__
    return convert


def _default_text(spec: OptionSpec) -> str:
    value = spec.default
    if spec.type is bool:
        return "on" if value else "off"
    if value is None or value == "":
        return "none"
    if isinstance(value, tuple):
        return " ".join(map(str, value)) or "none"
    return str(value)


def _help(spec: OptionSpec) -> str:
    text = spec.info.help
    if spec.info.choices:
        text += f" Choices: {either(spec.info.choices)}."
    if spec.info.minimum is not None or spec.info.maximum is not None:
        low = "" if spec.info.minimum is None else f"{spec.info.minimum:g}"
        high = "" if spec.info.maximum is None else f"{spec.info.maximum:g}"
        text += f" Range: {low}..{high}."
    return f"{text} (default: {_default_text(spec)})".replace("%", "%%")


def add_option(parser: argparse.ArgumentParser, spec: OptionSpec) -> None:
    """One option as a command-line flag."""
    flags = [spec.flag, *spec.info.flags[1:], *spec.info.aliases]
    kwargs: dict[str, Any] = {"dest": "opt_" + spec.name, "default": spec.default, "help": _help(spec)}
    if spec.type is bool:
        kwargs["action"] = argparse.BooleanOptionalAction
    else:
        kwargs["metavar"] = spec.info.metavar or spec.name.upper()
        if spec.info.parse is not None:
            kwargs["type"] = spec.info.parse
        elif spec.type in (int, float):
            kwargs["type"] = _number(spec.type, spec.flag)
        if spec.is_list:
            kwargs["nargs"] = spec.info.nargs or "+"
        elif spec.info.nargs:
            kwargs["nargs"] = spec.info.nargs
    parser.add_argument(*flags, **kwargs)


def _method_parser(sub: argparse._SubParsersAction, method: Method) -> None:
    parser = sub.add_parser(
        method.name,
        help=method.title,
        description=f"{method.title}\n\n{method.description}",
        formatter_class=MethodLayout,
    )
    parser.set_defaults(method=method)
    for spec in method.inputs:
        if spec.flags:
            parser.add_argument(*spec.flags, dest=spec.role, metavar=spec.metavar, help=spec.help)
        else:
            parser.add_argument(spec.role, metavar=spec.metavar, nargs="?", help=spec.help)
    group = parser.add_argument_group("evaluation options")
    for spec in option_specs(method.Options):
        if spec.info.cli:
            add_option(group, spec)
    outputs = parser.add_argument_group("output files")
    for out in method.outputs:
        if out.flags:
            bare = {"nargs": "?", "const": out.const} if out.const is not None else {}
            outputs.add_argument(
                *out.flags, dest="out_" + out.name, metavar=out.metavar, help=out.help, **bare
            )
        else:
            outputs.add_argument("out_" + out.name, metavar=out.metavar, nargs="?", help=out.help)
    outputs.add_argument("--json", metavar="PATH", help="Write the JSON report here ('-' = standard output).")
    outputs.add_argument("--xlsx", metavar="PATH", help="Write the review workbook (Excel) here.")
    keep = "Carry this review workbook's verdicts and comments into the --xlsx one (matched error by error)."
    outputs.add_argument("--keep-review", metavar="WORKBOOK", help=keep)
    if method.unit:
        add_confidence_arguments(parser)
    method.add_arguments(parser)


def _compare_parser(sub: argparse._SubParsersAction, methods: list[Method]) -> None:
    """`spanstudio compare METHOD GOLD SYSTEM_A SYSTEM_B [method options]`."""
    compare = sub.add_parser(
        "compare",
        help="Compare two systems: each score's difference with its interval and p-values.",
        description="Scores SYSTEM_A and SYSTEM_B against GOLD with METHOD; for each score the difference "
        "b - a with its paired bootstrap confidence interval, and its p-values by paired bootstrap and "
        "by approximate randomization over the method's units (sentences, pages, processes, …).",
    )
    by_method = compare.add_subparsers(dest="compare_method", metavar="METHOD", parser_class=Parser)
    for method in methods:
        if not method.unit:
            continue
        parser = by_method.add_parser(method.name, help=method.title)
        parser.set_defaults(method=method)
        parser.add_argument("gold", metavar=method.inputs[0].metavar, help=method.inputs[0].help)
        parser.add_argument("system_a", metavar="SYSTEM_A", help=method.inputs[1].help)
        parser.add_argument("system_b", metavar="SYSTEM_B", help="The other system, over the same units.")
        group = parser.add_argument_group("evaluation options")
        for spec in option_specs(method.Options):
            if spec.info.cli:
                add_option(group, spec)
        parser.add_argument("--json", metavar="PATH", help="Write the comparison as JSON ('-' = stdout).")
        parser.add_argument("--xlsx", metavar="PATH", help="Write the comparison workbook (Excel) here.")
        keep = "Carry this compare workbook's verdicts and comments into the --xlsx one (error by error)."
        parser.add_argument("--keep-review", metavar="WORKBOOK", help=keep)
        add_confidence_arguments(parser, compare=True)
        method.add_compare_arguments(parser)
        for spec in system_b_specs(method.Options):  # a second system in its own format or columns
            add_option(group, spec)


def build_parser(argv: list[str] | None = None) -> Parser:
    """The whole command line; when `argv` runs a built-in method (`METHOD …` or `compare
    METHOD …`), only that method's part is built (so a run imports no other method)."""
    parser = Parser(
        prog=PROG,
        description="Span Studio: evaluate span annotations with published methods.",
        epilog="Run 'spanstudio methods' for the list, 'spanstudio METHOD --help' for a method's options.",
    )
    parser.add_argument("--version", action="version", version=f"Span Studio {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    words = [a for a in argv or [] if not a.startswith("-")]  # the command, the method …
    command, method = (words[0] if words else None), _method_run(words)
    if method is None:
        _add_commands(sub)
        methods = [] if command in ("agreement", "adjudicate") else all_methods()
        for each in methods:
            _method_parser(sub, each)
        _compare_parser(sub, methods)
    elif command == "compare":
        _compare_parser(sub, [method])
    else:
        _method_parser(sub, method)
    return parser


def _add_commands(sub: argparse._SubParsersAction) -> None:
    """The commands besides the methods and compare (agreement's readers import numpy:
    they are built only when no method runs)."""
    sub.add_parser("methods", help="List the evaluation methods.")
    review = sub.add_parser(
        "review",
        help="Read the verdicts of a review workbook and print the reviewed scores.",
        description="Reads the Verdict column of a review workbook (written with --xlsx, perhaps edited and "
        "saved by Excel or LibreOffice) and prints, per error type and label, how many errors were "
        "judged each way, then the method's scores with the errors judged 'system right (gold wrong)' "
        "or 'both acceptable' counted as agreements.",
    )
    review.add_argument("workbook", metavar="WORKBOOK.xlsx")
    review.add_argument(
        "--json", metavar="PATH", help="Write verdicts and reviewed scores as JSON ('-' = standard output)."
    )
    from .agreement.command import add_adjudicate_parser, add_agreement_parser

    add_agreement_parser(sub)
    add_adjudicate_parser(sub)


def _method_run(words: list[str]) -> Method | None:
    """The built-in method a command line's words (its arguments but options) run
    (`METHOD …`, or `compare METHOD …` where it can compare), imported alone; None for
    every other command line."""
    compare = words[:1] == ["compare"]
    named = words[1:] if compare else words
    if not named or named[0] not in BUILTIN_METHODS:
        return None
    method = get_method(named[0])
    return method if method.unit or not compare else None


# --- running --------------------------------------------------------------------------


def _options(method: Method, args: argparse.Namespace) -> Any:
    values = {}
    for spec in option_specs(method.Options):
        if spec.info.cli:
            value = getattr(args, "opt_" + spec.name)
            values[spec.name] = tuple(value) if spec.is_list and value is not None else value
    options = method.Options(**values)
    validate(options)
    return options


def _input_files(method: Method, args: argparse.Namespace, invocation: Invocation) -> list[str]:
    """Every input path of the run: the two annotations, the files its options and
    invocation name (page texts, sentences, a config file); '-' (standard input) left out."""
    paths = [invocation.gold, invocation.system, *invocation.sources]
    for spec in option_specs(method.Options):
        if spec.info.path and spec.info.cli and getattr(args, "opt_" + spec.name, None):
            paths.append(str(getattr(args, "opt_" + spec.name)))
    return [p for p in paths if p and p != "-"]


def _targets(
    method: Method, invocation: Invocation, json_path: str | None, xlsx_path: str | None = None
) -> dict[str, Path | None]:
    """Where each requested output goes (None = standard output), checked before running."""
    targets: dict[str, Path | None] = {}
    for name, value in invocation.outputs.items():
        try:
            targets[name] = method.output_path(name, value)
        except OSError as err:
            raise output_error(err, value) from None
    if json_path is not None:
        targets["--json"] = None if json_path == "-" else file_path(json_path)
    if xlsx_path is not None:
        targets["--xlsx"] = file_path(xlsx_path)
    to_stdout = [name for name, path in targets.items() if path is None]
    if len(to_stdout) > 1:
        raise InputError("at most one output on standard output", " and ".join(to_stdout), option="--json")
    folders = {out.name for out in method.outputs if out.folder}
    for name, path in targets.items():
        if path is not None:
            check_writable(path, name in folders)
    return targets


def run(method: Method, args: argparse.Namespace) -> tuple[str, list[str], str, Report | None]:
    """Evaluate, write every output; return (standard output text, warnings, standard error
    text, the report when its JSON goes to standard output after that text).

    The outputs are one set, written all or none (engine/writing.py write_set)."""
    for spec in method.inputs:  # before the method looks at them (and names them missing)
        if getattr(args, spec.role, None):
            check_input(getattr(args, spec.role))
    invocation = method.invocation(args, _options(method, args))
    check_inputs(method, invocation.gold, invocation.system, invocation.options)  # another method's format
    json_path, xlsx_path = args.json, args.xlsx
    targets = _targets(method, invocation, json_path, xlsx_path)
    input_paths = _input_files(method, args, invocation)
    for path in input_paths:
        check_input(path)
    folders = tuple(getattr(invocation, spec.role) for spec in method.inputs if spec.directory)
    inputs = input_identities(input_paths, folders)
    refuse_overwriting(inputs, {name: path for name, path in targets.items() if path is not None})
    kept = None
    if xlsx_path is not None or args.keep_review is not None:
        from .export.carry import match_review, review_to_keep

        kept = review_to_keep(xlsx_path, args.keep_review)  # a review never replaced unawares
    confidence = confidence_of(args) if getattr(args, "ci", None) is not None else None
    detail = json_path is not None or xlsx_path is not None or confidence is not None
    report = method.evaluate(invocation.gold, invocation.system, invocation.options, detail=detail)
    warn_of_same_inputs(invocation.gold, invocation.system, report, invocation.options)
    intervals = "" if confidence is None else add_intervals(method, report, confidence, invocation.system)
    files: list[tuple[Path | None, str | bytes]] = []
    for name in invocation.outputs:
        files += method.render_files(name, report, targets[name])
    stdout, stderr = method.console_text(report, invocation, json_path == "-")
    written = [(path, _bytes(content)) for path, content in files if path is not None]
    warnings = list(report.messages) + _runnable_warnings(files) + (kept.warnings if kept is not None else [])
    refuse_overwriting(inputs, {str(path): path for path, _ in written})  # the files of a folder output
    if json_path != "-":
        stdout += intervals
    carried = match_review(kept, report.error_rows) if kept is not None and xlsx_path is not None else None
    if carried is not None and carried.lost:
        warnings.append(carried.summary(args.keep_review))
    write_set([*_report_writers(report, json_path, xlsx_path, carried),
               *((path, blocks_writer(content)) for path, content in written)])  # fmt: skip
    for path, content in files:
        if path is None:
            stdout += content if isinstance(content, str) else content.decode("utf-8")
    return stdout, warnings, stderr, report if json_path == "-" else None


#: Original-format outputs a spreadsheet program does not open as a table.
NOT_TABLES = (".xlsx", ".html", ".htm", ".json")


def _runnable_warnings(files: list[tuple[Path | None, str | bytes]]) -> list[str]:
    """A warning for each original-format text file (a table a spreadsheet may open) that
    holds a cell a spreadsheet would run as a formula."""
    tables = [(path, content) for path, content in files if _is_table(path, content)]
    if not tables:
        return []  # a run that writes no table does not import the check
    from .export.runnable import runnable_warning

    found = (runnable_warning(str(path), content) for path, content in tables)
    return [warning for warning in found if warning is not None]


def _is_table(path: Path | None, content: str | bytes) -> bool:
    """Whether an output is an original-format text file a spreadsheet may open as a table."""
    return path is not None and isinstance(content, str) and path.suffix.lower() not in NOT_TABLES


def _bytes(content: str | bytes) -> bytes:
    """A file's bytes; a name that is not UTF-8 keeps its bytes, as the system gave them."""
    return content if isinstance(content, bytes) else content.encode("utf-8", "surrogateescape")


def run_compare(args: argparse.Namespace) -> tuple[str, list[str]]:
    """`spanstudio compare`: both systems scored, their differences tested."""
    method: Method = args.method
    confidence = confidence_of(args)
    args.system = args.system_a
    for out in method.outputs:
        setattr(args, "out_" + out.name, None)
    options = method.run_options(args, _options(method, args))
    options_b = system_b_options(args, method.Options, options)
    for path in (args.gold, args.system_a, args.system_b):
        check_input(path)
    check_inputs(method, args.gold, args.system_a, options)  # a file of another method's format
    check_system(method, args.system_b, options_b or options)  # B read as the System
    targets = _targets(method, Invocation(args.gold, args.system, options), args.json, args.xlsx)
    inputs = input_identities([args.gold, args.system_a, args.system_b])
    refuse_overwriting(inputs, {name: path for name, path in targets.items() if path is not None})
    kept = None
    if args.xlsx is not None or args.keep_review is not None:
        from .export.carry import match_systems, review_to_keep

        kept = review_to_keep(args.xlsx, args.keep_review, compare=True)  # a review never replaced unawares
    report = compare_reports(method, args.gold, (args.system_a, args.system_b), options, confidence,
                             options_b=options_b)  # fmt: skip
    warnings = list(report.messages) + (kept.warnings if kept is not None else [])
    carried = match_systems(kept, report.error_rows) if kept is not None and args.xlsx is not None else None
    if carried is not None and carried.lost:
        warnings.append(carried.summary(args.keep_review))
    write_set(_report_writers(report, args.json, args.xlsx, carried))
    if args.json == "-":
        from .export.json import dumps

        return dumps(report), warnings
    return comparison_text(report), warnings


def _report_writers(
    report: Report, json_path: str | None, xlsx_path: str | None, carried: Any
) -> list[Output]:
    """The JSON report's and the workbook's outputs a run asked for (a JSON report on
    standard output, '-', is printed after the set is written)."""
    outputs: list[Output] = []
    if json_path is not None and json_path != "-":
        from .export.json import write_report

        outputs.append((json_path, partial(write_report, report)))
    if xlsx_path is not None:
        from .export.xlsx import write_book

        outputs.append((xlsx_path, partial(write_book, report, carried=carried)))
    return outputs


def run_review(args: argparse.Namespace) -> tuple[str, list[str]]:
    """`spanstudio review`: verdict counts and reviewed scores of a workbook."""
    from .export.json import to_json
    from .review import read_review, review_json, review_text, scored_parts

    check_input(args.workbook)
    if args.json is not None and args.json != "-":
        check_writable(json_path := file_path(args.json))
        refuse_overwriting(input_identities([args.workbook]), {"--json": json_path})
    review = read_review(args.workbook)
    scored = scored_parts(review)  # a compare workbook's: each system's
    if args.json is not None:
        text = to_json(review_json(review, args.workbook, scored))
        if args.json == "-":
            return text, review.warnings
        atomic_write_text(args.json, text, make_parents=True)
    return review_text(scored), review.warnings


def _list_methods() -> str:
    import textwrap

    lines = []
    for method in all_methods():
        lines.append(f"{method.name}\t{method.title}")
        lines += textwrap.wrap(method.description, 84, initial_indent="    ", subsequent_indent="    ")
    return "\n".join(lines) + "\n"


def _write(stream: Any, text: str) -> None:
    """Write `text`; a file name that is not UTF-8 keeps its bytes, as the system gave them."""
    try:
        stream.write(text)
    except UnicodeEncodeError:
        stream.flush()
        stream.buffer.write(text.encode(stream.encoding or "utf-8", "surrogateescape"))


def main(argv: list[str] | None = None) -> int:
    try:
        with unwinding_on_signals():
            return _main(argv)
    except Terminated as stop:
        print(f"{PROG}: stopped by {signal.Signals(stop.signum).name}", file=sys.stderr)
        return 128 + stop.signum


def _main(argv: list[str] | None) -> int:
    try:
        argv = sys.argv[1:] if argv is None else argv
        args = build_parser(argv).parse_args(argv)
        if args.command is None:
            build_parser().print_help()
            return 2
        json_report = None
        if args.command == "methods":
            stdout, warnings, stderr = _list_methods(), [], ""
        elif args.command == "review":
            stdout, warnings = run_review(args)
            stderr = ""
        elif args.command == "compare":
            if getattr(args, "method", None) is None:
                raise UsageError("compare: expected a method, found none")
            stdout, warnings = run_compare(args)
            stderr = ""
        elif args.command in ("agreement", "adjudicate"):
            from .agreement.command import run_adjudicate, run_agreement

            stdout, warnings = (run_agreement if args.command == "agreement" else run_adjudicate)(args)
            stderr = ""
        else:
            stdout, warnings, stderr, json_report = run(args.method, args)
    except InputError as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 2
    except UsageError as err:
        print(f"{PROG}: error: {shown(str(err))}", file=sys.stderr)
        return 2
    except (Cancelled, KeyboardInterrupt):
        print(f"{PROG}: cancelled", file=sys.stderr)
        return 130
    except Exception as err:  # a bug: one line, never a traceback (SPANSTUDIO_DEBUG=1 shows it)
        if os.environ.get("SPANSTUDIO_DEBUG"):
            raise
        print(f"{PROG}: internal error: {type(err).__name__}: {shown(str(err))} (please report this)",
              file=sys.stderr)  # fmt: skip
        return 1
    try:
        _print_results(warnings, stderr, stdout, json_report)
    except OSError as err:
        return _output_failed(err)
    return 0


def _print_results(warnings: list[str], stderr: str, stdout: str, json_report: Report | None) -> None:
    """The warnings and standard error text of a run, then its standard output (and the
    JSON report when it goes there)."""
    for warning in warnings:
        print(f"{PROG}: warning: {shown(warning, cut=False)}", file=sys.stderr)
    _write(sys.stderr, stderr)
    _write(sys.stdout, stdout)
    sys.stdout.flush()
    if json_report is not None:
        from .export.json import write_json

        write_json(json_report, "-")


def entry() -> NoReturn:
    """The `spanstudio` command: main(), then a quick exit. Everything is written and
    closed by then; the interpreter's own exit would finalize every module (13–48 ms of
    CPU, most of it the collector's last passes over numpy's and the modules' objects) for
    nothing. The process lives for one run, so the cyclic garbage collector stays off (the
    methods pause it while they run; left on, its collections would cost 0.01–0.03 s on
    large inputs)."""
    gc.disable()
    _closed_streams_on_devnull()
    code = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError as err:
        code = code or _output_failed(err)  # a run that failed keeps its own status
    os._exit(code)


def _closed_streams_on_devnull() -> None:
    """A standard stream closed when the command started (`spanstudio … >&-`, `<&-`), which
    Python leaves None (its first use was an AttributeError, a traceback): its descriptor
    opened on the null device, as if the caller had sent it there."""
    for fd, name, mode in ((0, "stdin", "r"), (1, "stdout", "w"), (2, "stderr", "w")):
        if getattr(sys, name) is None:
            devnull = os.open(os.devnull, os.O_RDONLY if mode == "r" else os.O_WRONLY)
            if devnull != fd:
                os.dup2(devnull, fd)
                os.close(devnull)
            setattr(sys, name, open(fd, mode, encoding="utf-8", closefd=False))  # noqa: SIM115 (the stream lives as long as the process)


def _output_failed(err: OSError) -> int:
    """The exit status when standard output cannot be written: a reader of a pipe that went
    away needs no word (1); anything else (a full disk) is said in one line (2)."""
    if not isinstance(err, BrokenPipeError):
        with contextlib.suppress(OSError):
            os.write(2, f"{PROG}: error: standard output: {err.strerror or err}\n".encode(errors="replace"))
    _discard_output()
    return 1 if isinstance(err, BrokenPipeError) else 2


def _discard_output() -> None:
    """Standard output and error to the null device, so that no later flush fails again
    on a closed pipe (the remedy Python's documentation gives)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.dup2(devnull, sys.stderr.fileno())


if __name__ == "__main__":
    entry()
